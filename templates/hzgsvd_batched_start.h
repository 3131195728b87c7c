/* The batched call's own preconditioned start for n <= HZGSVD__BAT_START_MAX_N: per pair, in a
 * thread block's shared memory (a block takes one pair, or a group of 32 / nn for the warp solver)
 * and one warp's registers, what the library chain of
 * templates/hzgsvd_gpu_batched_precondition.cu computes with six batched cuBLAS/cuSOLVER calls:
 *
 *   A = F^H F, B = G^H G      row tiles of F and G through shared memory, each entry one thread's sum
 *   B = L L^H                 Cholesky, column by column (info k + 1 where the k-th pivot is not > 0)
 *   C = L^-1 A L^-H           two forward substitutions, then C made exactly Hermitian
 *   C = W Lambda W^H          cyclic two-sided Jacobi, n/2 disjoint pivots a step (HZGSVD__BAT_START_TOL,
 *                             at most HZGSVD__BAT_START_SWEEPS): the warp solver (a lane a row, in
 *                             registers), or for 9 <= n <= 12 the block solver (round robin, in
 *                             shared memory)
 *   Z0 = L^-H W               back substitution, columns by ascending lambda (syevj's order)
 *
 * The start only has to be good: the iteration from F Z0, G Z0 certifies every pair (docs/NUMERICS.md,
 * "The batched preconditioned start"), so plain sums and a loose tolerance do.  Its gain is that no
 * library kernel (chosen by the batch's size) and no scratch memory is involved: a pair's Z0 depends
 * on the pair alone.
 *
 * All but the Jacobi solver is written once for the device and the host
 * (test/test_batched_gpu_emul.c): thread `tid` of `nt` takes the items tid, tid + nt, ... of each
 * phase; phases are separated by HZGSVD__BAT_START_BARRIER (on the host one caller with nt = 1
 * plays every item, barriers are nothing).  Every item writes only its own entries and reads none
 * that another item of its phase writes, and every sum runs in a fixed order, so the bits do not
 * depend on nt (and the host's are the device's: sqrt and the division are correctly rounded on
 * both, every fma explicit).  The Jacobi solver (below) keeps C in a warp's registers on the device
 * and is written twice, the arithmetic of every entry shared.
 *
 * Shared memory (hzgsvd__bat_start_doubles): three n x n matrices of leading dimension n + 1 (odd:
 * rows and columns both free of bank conflicts), complex interleaved, the row tiles of F and G
 * overlaying the third, a step's rotations, the eigenvalues' ranks. */

#include <float.h>

#define HZGSVD__BAT_START_MAX_N 32      /* the largest n its shared arrays take (the driver routes it up to HZGSVD__BAT_PRE_OWN_N) */
#define HZGSVD__BAT_START_ROWS 16       /* rows of F and G a tile */
/* The Jacobi solver's tolerances (docs/NUMERICS.md, "The own batched start"; -D for experiments on
 * the host emulation, as docs/PERFORMANCE.md's step 7 did) */
#ifndef HZGSVD__BAT_START_TOL
#define HZGSVD__BAT_START_TOL 1e-10     /* |c_pq| <= tol sqrt(|c_pp c_qq|) ends a rotation (the iteration's first sweeps make the rest exact) */
#endif
#ifndef HZGSVD__BAT_START_LAST
#define HZGSVD__BAT_START_LAST 1e-5     /* a sweep whose rotations all had |c_pq| <= this sqrt(|c_pp c_qq|) is the last: it left them near its square */
#endif
#ifndef HZGSVD__BAT_START_FLOOR
#define HZGSVD__BAT_START_FLOOR 1e-14   /* ... or |c_pq| <= floor max_i c_ii: C's rounding errors, from forming the Gram matrices, are there */
#endif
#ifndef HZGSVD__BAT_START_SWEEPS
#define HZGSVD__BAT_START_SWEEPS 30     /* the Jacobi solver's sweeps at the most (W stays unitary whatever its progress) */
#endif

/* The phases' barriers, and a barrier returning whether x was nonzero in any thread: the block's on
 * the device, nothing for the host's one caller.  test/test_batched_start_threads.c defines both
 * before its include, to play several host threads with real barriers. */
#ifndef HZGSVD__BAT_START_BARRIER
#ifdef __CUDA_ARCH__
#define HZGSVD__BAT_START_BARRIER() __syncthreads()
#define HZGSVD__BAT_START_BARRIER_OR(x) __syncthreads_or(x)
#else
#define HZGSVD__BAT_START_BARRIER() ((void)0)
#define HZGSVD__BAT_START_BARRIER_OR(x) (x)
#endif
#endif

/* The Jacobi solver's order and map (below, "the Jacobi eigensolver"). */
#define HZGSVD__BAT_JAC_LANES 32   /* the largest nn: one warp */
#if HZGSVD__BAT_START_MAX_N > HZGSVD__BAT_JAC_LANES
#error "the start's Jacobi solver takes a row a lane: n up to a warp's lanes"
#endif

/* nn: n rounded up to a power of two, at least 2. */
HZGSVD_HD static inline int hzgsvd__bat_jac_order(int n)
{
    int nn = 2;
    while (nn < n) nn *= 2;
    return nn;
}

/* M b: b shifted up one bit within log2 nn bits, the primitive polynomial's low terms added where
 * the top bit fell out (x + 1, x^2 + x + 1, x^3 + x + 1, x^4 + x + 1, x^5 + x^2 + 1). */
HZGSVD_HD static inline int hzgsvd__bat_jac_next(int nn, int b)
{
    const int low = nn == 2 ? 1 : nn == 32 ? 5 : 3;
    return ((b << 1) & (nn - 1)) ^ ((b & (nn >> 1)) ? low : 0);
}

/* Whether W is kept in shared memory rather than registers (complex nn >= HZGSVD__BAT_JAC_W_SHARED_NN:
 * the rows of C and W in registers left few warps an SM, or spilled); a lane's row then in the C
 * area at row x, HZGSVD__BAT_JAC_WLD(nn, cplx) doubles apart (odd: the rows in distinct banks). */
#ifndef HZGSVD__BAT_JAC_W_SHARED_NN
#define HZGSVD__BAT_JAC_W_SHARED_NN 32   /* 16 ran 0.9x (device run 8 of session 24) */
#endif
#define HZGSVD__BAT_JAC_WLD(nn, cplx) (((cplx) ? 2 : 1) * (nn) + 1)
/* Doubles of a pivot's rotation in shared memory, a slot: (c, sr, c, -sr) and, complex, (si, 0): a
 * lane takes (c, sr) or (c, -sr) by one 16-byte load at its side's offset (hzgsvd__bat_jac_col). */
#define HZGSVD__BAT_JAC_SLOT(cplx) ((cplx) ? 6 : 4)
HZGSVD_HD static inline int hzgsvd__bat_jac_w_shared(int nn, int cplx)
{
    return cplx && nn >= HZGSVD__BAT_JAC_W_SHARED_NN;
}

/* One pair's shared memory: three es n ld matrices (ld = n + 1) -- A (F^H F, then L^-1 A, then W: the
 * eigenvectors, then Z0), L (G^H G, then its Cholesky factor), C (the row tiles of F and G, then
 * L^-1 A L^-H, its eigenvalues on the diagonal after the Jacobi solver; W's lane rows during it
 * where hzgsvd__bat_jac_w_shared) -- a step's rotations (rot: a slot a pivot), the
 * eigenvalues' ranks (key; key[n] the sweeps, key[n + 1] the Cholesky verdict on the device). */
typedef struct hzgsvd__bat_start_mem {
    double *A, *L, *C, *W, *rot;
    int *key, *pq, *blk;   /* the block solver's: a step's pivots (p, q), its 2 x 2 blocks (k, l), k >= l, k + 256 l each */
    int n, ld, es;
} hzgsvd__bat_start_mem;

/* Whether the start's Jacobi solver is the block one (hzgsvd__bat_start_jacobi: 9 <= n <= 12, where
 * the warp solver pads C to order 16 and ran 0.87-1.0x; docs/PERFORMANCE.md, step 8) rather than
 * the warp one (hzgsvd__bat_jac_host / hzgsvd__bat_jac_warp). */
#define HZGSVD__BAT_START_BLOCK_MIN_N 9
#define HZGSVD__BAT_START_BLOCK_MAX_N 12
HZGSVD_HD static inline int hzgsvd__bat_start_block_solver(int n)
{
    return n >= HZGSVD__BAT_START_BLOCK_MIN_N && n <= HZGSVD__BAT_START_BLOCK_MAX_N;
}

/* The parts of one pair's shared memory, in doubles: off[0..4] where C, rot, pq, blk and key start
 * (A at 0, L at mat), off[5] the total (even: pairs side by side stay 16-byte aligned).  The warp
 * solver's rot: nn / 2 slots of HZGSVD__BAT_JAC_SLOT(cplx) doubles (nn = hzgsvd__bat_jac_order(n)),
 * no pq or blk; the block solver's: 4 np doubles (rot), 2 np ints (pq) and np (np + 1) / 2 ints
 * (blk), np = hzgsvd__bat_order(n) / 2.  key: n + 2 ints.  The int parts rounded up to doubles. */
HZGSVD_HD static inline void hzgsvd__bat_start_parts(int n, int cplx, size_t off[6])
{
    const size_t es = cplx ? 2 : 1, mat = es * (size_t)n * (n + 1), tiles = 2 * es * (size_t)(HZGSVD__BAT_START_ROWS + 1) * n;
    const int nn = hzgsvd__bat_jac_order(n);
    const size_t wrows = hzgsvd__bat_jac_w_shared(nn, cplx) ? (size_t)nn * HZGSVD__BAT_JAC_WLD(nn, cplx) : 0;
    size_t c = mat > tiles ? mat : tiles;
    c = c > wrows ? c : wrows;
    const int block = hzgsvd__bat_start_block_solver(n);
    const size_t np = (size_t)hzgsvd__bat_order(n) / 2;
    off[0] = 2 * mat;                                     /* C (the tiles before it) */
    off[1] = (off[0] + c + 1) / 2 * 2;                    /* rot (16-byte aligned) */
    off[2] = off[1] + (block ? 4 * np : (size_t)HZGSVD__BAT_JAC_SLOT(cplx) * (nn / 2));   /* pq */
    off[3] = off[2] + (block ? np : 0);                   /* blk */
    off[4] = off[3] + (block ? (np * (np + 1) / 2 + 1) / 2 : 0);   /* key */
    off[5] = (off[4] + ((size_t)n + 3) / 2 + 1) / 2 * 2;
}

/* The doubles of shared memory one pair's start takes. */
HZGSVD_HD static inline size_t hzgsvd__bat_start_doubles(int n, int cplx)
{
    size_t off[6];
    hzgsvd__bat_start_parts(n, cplx, off);
    return off[5];
}

/* The start's shared memory laid out from sh (hzgsvd__bat_start_doubles(n, cplx) doubles). */
HZGSVD_HD static inline hzgsvd__bat_start_mem hzgsvd__bat_start_mem_of(double *sh, int n, int cplx)
{
    hzgsvd__bat_start_mem S;
    size_t off[6];
    hzgsvd__bat_start_parts(n, cplx, off);
    S.n = n; S.ld = n + 1; S.es = cplx ? 2 : 1;
    S.A = sh; S.L = sh + off[0] / 2; S.C = sh + off[0]; S.W = S.A;
    S.rot = sh + off[1];
    S.pq = (int *)(sh + off[2]);
    S.blk = (int *)(sh + off[3]);
    S.key = (int *)(sh + off[4]);
    return S;
}

/* Entry (i, j) of the matrix X of S (complex: re at [0], im at [1]). */
HZGSVD_HD static inline double *hzgsvd__bat_start_at(const hzgsvd__bat_start_mem *S, double *X, int i, int j)
{
    return X + S->es * (i + j * S->ld);   /* int: n <= HZGSVD__BAT_START_MAX_N */
}

/* The phases' items without a division an item: a thread walks its items t = tid, tid + nt, ...
 * of a lower triangle (column by column) or a rectangle by steps of nt, so a loop costs a few
 * additions an item (a division an item was a third of the kernel's time at n = 16).
 *
 * Lower triangle of order n: (i, j) = (tid, 0) then + (nt, 0) a step, each carried into the next
 * columns by hzgsvd__bat_start_wrap (every column boundary crossed once a thread); done at j = n. */
HZGSVD_HD static inline void hzgsvd__bat_start_wrap(int n, int *i, int *j)
{
    while (*j < n && *i >= n) { ++*j; *i += *j - n; }
}

/* Rectangle of r rows (r >= 1), column by column: item t at (t mod r, t / r); the step by nt is
 * (dr, dc) = (nt mod r, nt / r) and a carry (hzgsvd__bat_start_step_rect). */
HZGSVD_HD static inline void hzgsvd__bat_start_step_rect(int r, int dr, int dc, int *i, int *j)
{
    *i += dr; *j += dc;
    if (*i >= r) { *i -= r; ++*j; }
}

/* Rows [r0, r0 + HZGSVD__BAT_START_ROWS) of X (m rows, ld ldx, the caller's interleaved layout) into
 * the tile T (leading dimension ROWS + 1; rows beyond m as zeros). */
HZGSVD_HD static inline void hzgsvd__bat_start_tile(const hzgsvd__bat_start_mem *S, const double *X, int ldx, int m, int r0, double *T, int tid, int nt)
{
    const int es = S->es, R = HZGSVD__BAT_START_ROWS, col = es * R;
    for (int t = tid; t < col * S->n; t += nt) {
        const int j = t / col, w = t % col, r = r0 + w / es;
        T[(size_t)es * ((size_t)j * (R + 1)) + w] = r < m ? X[(size_t)es * (r + (size_t)j * ldx) + w % es] : 0.0;
    }
}

/* X[i, j] += (T[:, i])^H T[:, j] over the tile's rows (rows in ascending order, explicit fma). */
HZGSVD_HD static inline void hzgsvd__bat_start_tile_gram(const hzgsvd__bat_start_mem *S, const double *T, double *X, int i, int j)
{
    const int R = HZGSVD__BAT_START_ROWS;
    const double *x = T + (size_t)S->es * i * (R + 1), *y = T + (size_t)S->es * j * (R + 1);
    double *out = hzgsvd__bat_start_at(S, X, i, j);
    if (S->es == 1) {
        double s = out[0];
        for (int r = 0; r < R; ++r) s = fma(x[r], y[r], s);
        out[0] = s;
        return;
    }
    double re = out[0], im = out[1];
    for (int r = 0; r < R; ++r) {
        re = fma(x[2 * r + 1], y[2 * r + 1], fma(x[2 * r], y[2 * r], re));
        im = fma(-x[2 * r + 1], y[2 * r], fma(x[2 * r], y[2 * r + 1], im));
    }
    out[0] = re; out[1] = im;
}

/* A = F^H F (both triangles) and the lower triangle of L = G^H G. */
HZGSVD_HD static inline void hzgsvd__bat_start_gram(const hzgsvd__bat_start_mem *S, const double *F, int ldf, int mf, const double *G, int ldg, int mg,
                                                    int tid, int nt)
{
    const int n = S->n, es = S->es, m = mf > mg ? mf : mg;
    double *TF = S->C, *TG = S->C + (size_t)es * (HZGSVD__BAT_START_ROWS + 1) * n;
    int i = tid, j = 0;
    for (hzgsvd__bat_start_wrap(n, &i, &j); j < n; i += nt, hzgsvd__bat_start_wrap(n, &i, &j))
        for (int e = 0; e < es; ++e) { hzgsvd__bat_start_at(S, S->A, i, j)[e] = 0.0; hzgsvd__bat_start_at(S, S->L, i, j)[e] = 0.0; }
    for (int r0 = 0; r0 < m; r0 += HZGSVD__BAT_START_ROWS) {
        HZGSVD__BAT_START_BARRIER();   /* the previous tile's reads */
        hzgsvd__bat_start_tile(S, F, ldf, mf, r0, TF, tid, nt);
        hzgsvd__bat_start_tile(S, G, ldg, mg, r0, TG, tid, nt);
        HZGSVD__BAT_START_BARRIER();
        i = tid; j = 0;   /* a tile wholly below a matrix's rows adds nothing: skipped */
        for (hzgsvd__bat_start_wrap(n, &i, &j); j < n; i += nt, hzgsvd__bat_start_wrap(n, &i, &j)) {
            if (r0 < mf) hzgsvd__bat_start_tile_gram(S, TF, S->A, i, j);
            if (r0 < mg) hzgsvd__bat_start_tile_gram(S, TG, S->L, i, j);
        }
    }
    HZGSVD__BAT_START_BARRIER();
    i = tid; j = 0;   /* A's upper triangle; real diagonals */
    for (hzgsvd__bat_start_wrap(n, &i, &j); j < n; i += nt, hzgsvd__bat_start_wrap(n, &i, &j)) {
        double *a = hzgsvd__bat_start_at(S, S->A, i, j);
        if (es == 2 && i == j) { a[1] = 0.0; hzgsvd__bat_start_at(S, S->L, i, j)[1] = 0.0; }
        if (i == j) continue;
        double *u = hzgsvd__bat_start_at(S, S->A, j, i);
        u[0] = a[0];
        if (es == 2) u[1] = -a[1];
    }
    HZGSVD__BAT_START_BARRIER();
}

/* The lower triangle of L = G^H G = L L^H in place: 0, or k + 1 where the k-th pivot is not positive
 * and finite (as potrf's info; the same in every thread). */
HZGSVD_HD static inline int hzgsvd__bat_start_chol(const hzgsvd__bat_start_mem *S, int tid, int nt)
{
    const int n = S->n, es = S->es;
    double *L = S->L;
    for (int k = 0; k < n; ++k) {
        const double d = hzgsvd__bat_start_at(S, L, k, k)[0];
        if (!(d > 0.0 && d <= DBL_MAX)) return k + 1;
        const double l = sqrt(d);
        HZGSVD__BAT_START_BARRIER();   /* every thread has read d */
        for (int i = k + tid; i < n; i += nt) {
            double *x = hzgsvd__bat_start_at(S, L, i, k);
            if (i == k) { x[0] = l; continue; }
            for (int e = 0; e < es; ++e) x[e] = x[e] / l;
        }
        HZGSVD__BAT_START_BARRIER();
        const int r = n - k - 1;
        int ti = tid, tj = 0;   /* the trailing lower triangle, L_i L_j^H off */
        for (hzgsvd__bat_start_wrap(r, &ti, &tj); tj < r; ti += nt, hzgsvd__bat_start_wrap(r, &ti, &tj)) {
            const int i = k + 1 + ti, j = k + 1 + tj;
            const double *a = hzgsvd__bat_start_at(S, L, i, k), *b = hzgsvd__bat_start_at(S, L, j, k);
            double *x = hzgsvd__bat_start_at(S, L, i, j);
            if (es == 1) { x[0] = fma(-a[0], b[0], x[0]); continue; }
            x[0] = fma(-a[1], b[1], fma(-a[0], b[0], x[0]));
            if (i != j) x[1] = fma(a[0], b[1], fma(-a[1], b[0], x[1]));
        }
        HZGSVD__BAT_START_BARRIER();
    }
    return 0;
}

/* X <- L^-1 X (lower = 1) or L^-H X (lower = 0) in place, X n x n: column-oriented substitution.
 * The first pivot row is divided by its diagonal first; each step then updates the rows below
 * (above) pivot k from k's quotients, and the item that updates the next pivot row divides it by
 * its diagonal at once (its last update): one division an entry, no item writing what another of
 * its phase reads, one barrier a step. */
HZGSVD_HD static inline void hzgsvd__bat_start_solve(const hzgsvd__bat_start_mem *S, double *X, int lower, int tid, int nt)
{
    const int n = S->n, es = S->es;
    const double *L = S->L;
    {
        const int k = lower ? 0 : n - 1;
        const double lkk = hzgsvd__bat_start_at(S, (double *)L, k, k)[0];
        for (int j = tid; j < n; j += nt) {
            double *x = hzgsvd__bat_start_at(S, X, k, j);
            for (int e = 0; e < es; ++e) x[e] = x[e] / lkk;
        }
        HZGSVD__BAT_START_BARRIER();
    }
    for (int s = 0; s < n - 1; ++s) {
        const int k = lower ? s : n - 1 - s, r = n - 1 - s, next = lower ? k + 1 : k - 1;   /* r rows below (above) k to update */
        const double lnn = hzgsvd__bat_start_at(S, (double *)L, next, next)[0];
        const int dr = nt % r, dc = nt / r;
        for (int ti = tid % r, j = tid / r; j < n; hzgsvd__bat_start_step_rect(r, dr, dc, &ti, &j)) {
            const int i = lower ? k + 1 + ti : ti;
            const double *xk = hzgsvd__bat_start_at(S, X, k, j);   /* the quotients of row k */
            const double *l = lower ? hzgsvd__bat_start_at(S, (double *)L, i, k) : hzgsvd__bat_start_at(S, (double *)L, k, i);   /* L(i,k), or conj(L(k,i)) */
            double *x = hzgsvd__bat_start_at(S, X, i, j);
            const double qr = xk[0];
            if (es == 1) x[0] = fma(-l[0], qr, x[0]);
            else {
                const double qi = xk[1], li = lower ? l[1] : -l[1];
                x[0] = fma(li, qi, fma(-l[0], qr, x[0]));
                x[1] = fma(-li, qr, fma(-l[0], qi, x[1]));
            }
            if (i == next)
                for (int e = 0; e < es; ++e) x[e] = x[e] / lnn;
        }
        HZGSVD__BAT_START_BARRIER();
    }
}

/* C = L^-1 A L^-H, exactly Hermitian (the mean of C and C^H): A <- L^-1 A, its conjugate
 * transpose into C (A Hermitian: (L^-1 A)^H = A L^-H), C <- L^-1 C. */
HZGSVD_HD static inline void hzgsvd__bat_start_whiten(const hzgsvd__bat_start_mem *S, int tid, int nt)
{
    const int n = S->n, es = S->es;
    hzgsvd__bat_start_solve(S, S->A, 1, tid, nt);
    const int dr = nt % n, dc = nt / n;
    for (int i = tid % n, j = tid / n; j < n; hzgsvd__bat_start_step_rect(n, dr, dc, &i, &j)) {
        const double *x = hzgsvd__bat_start_at(S, S->A, j, i);
        double *y = hzgsvd__bat_start_at(S, S->C, i, j);
        y[0] = x[0];
        if (es == 2) y[1] = -x[1];
    }
    HZGSVD__BAT_START_BARRIER();
    hzgsvd__bat_start_solve(S, S->C, 1, tid, nt);
    int i = tid, j = 0;
    for (hzgsvd__bat_start_wrap(n, &i, &j); j < n; i += nt, hzgsvd__bat_start_wrap(n, &i, &j)) {
        double *x = hzgsvd__bat_start_at(S, S->C, i, j), *u = hzgsvd__bat_start_at(S, S->C, j, i);
        if (i == j) { if (es == 2) x[1] = 0.0; continue; }
        x[0] = 0.5 * (x[0] + u[0]);
        u[0] = x[0];
        if (es == 2) { x[1] = 0.5 * (x[1] - u[1]); u[1] = -x[1]; }
    }
    HZGSVD__BAT_START_BARRIER();
}

/* Both Jacobi solvers' floor: HZGSVD__BAT_START_FLOOR max_i |c_ii| (C's rounding errors from
 * forming the Gram matrices). */
HZGSVD_HD static inline double hzgsvd__bat_start_floor(const hzgsvd__bat_start_mem *S)
{
    double cmax = 0.0;
    for (int i = 0; i < S->n; ++i) cmax = fmax(cmax, fabs(hzgsvd__bat_start_at(S, S->C, i, i)[0]));
    return HZGSVD__BAT_START_FLOOR * cmax;
}

/* ---- the rotation and its update, both solvers' ---------------------------------------------- */

/* The rotation of pivot (p, q) from c_pp, c_qq and c_pq = xr + i xi: rot = (c, sr, si) with
 * sigma = sr + i si = s e^{i phi} (c_pq = |c_pq| e^{i phi}); J = [c, sigma; -conj(sigma), c] on
 * columns p, q makes (J^H C J)_pq = 0 (Rutishauser's t between the phases).  The identity (1, 0, 0)
 * and 0 where |c_pq| <= HZGSVD__BAT_START_TOL sqrt(|c_pp c_qq|) or <= floor; else 1, or 2 where
 * |c_pq| > HZGSVD__BAT_START_LAST sqrt(|c_pp c_qq|) (the sweep is not the last). */
HZGSVD_HD static inline int hzgsvd__bat_jac_rotation(int cplx, double app, double aqq, double xr, double xi, double floor, double rot[3])
{
    const double r = cplx ? sqrt(fma(xi, xi, xr * xr)) : fabs(xr), ref = sqrt(fabs(app)) * sqrt(fabs(aqq));
    rot[0] = 1.0; rot[1] = 0.0; rot[2] = 0.0;
    if (!(r > HZGSVD__BAT_START_TOL * ref && r > floor)) return 0;
    const double theta = (aqq - app) / (2.0 * r), at = fabs(theta);
    const double t = at > 1e150 ? 0.5 / theta : (theta < 0.0 ? -1.0 : 1.0) / (at + sqrt(fma(at, at, 1.0)));
    const double c = 1.0 / sqrt(fma(t, t, 1.0)), s = t * c;
    rot[0] = c; rot[1] = s * (cplx ? xr / r : copysign(1.0, xr)); rot[2] = cplx ? s * (xi / r) : 0.0;   /* real: xr / |xr| is +-1 exactly */
    return r > HZGSVD__BAT_START_LAST * ref ? 2 : 1;
}

/* Entries x, y of a row (complex: re, im) of the column pair times J, seen from one end: x <- c x + l y,
 * y <- c y - conj(l) x, l = lr + i li.  The lower position's lane (p) passes l = -conj(sigma), the
 * upper's (q) l = sigma: the same J either way. */
HZGSVD_HD static inline void hzgsvd__bat_jac_col(int cplx, double c, double lr, double li, double *x, double *y)
{
    if (!cplx) {
        const double a = x[0], b = y[0];
        x[0] = fma(lr, b, c * a);
        y[0] = fma(-lr, a, c * b);
        return;
    }
    const double ar = x[0], ai = x[1], br = y[0], bi = y[1];
    x[0] = fma(-li, bi, fma(lr, br, c * ar));
    x[1] = fma(li, br, fma(lr, bi, c * ai));
    y[0] = fma(-li, ai, fma(-lr, ar, c * br));
    y[1] = fma(li, ar, fma(-lr, ai, c * bi));
}

/* ---- the block solver (9 <= n <= 12: hzgsvd__bat_start_block_solver) ------------------------------
 *
 * The cyclic two-sided Jacobi method on C in shared memory by the whole block: the round-robin
 * order of n/2 disjoint pivots a step, each step a phase of rotations and a phase of 2 x 2 blocks of
 * J^H C J, each block stored with its mirror image (C exactly Hermitian), and W's rows; thread
 * `tid` of `nt` takes items tid, tid + nt, ... (no bit depends on nt).  The same tolerances and
 * stop rule as the warp solver below. */

/* Pivot k of step s of the round-robin order nn (nn even; a sweep's nn - 1 steps pair every two
 * indices once): index nn - 1 stays, the others turn; p < q. */
HZGSVD_HD static inline void hzgsvd__bat_start_pivot(int nn, int s, int k, int *p, int *q)
{
    const int c = nn - 1;
    int a = k == 0 ? c : (s + k) % c, b = (s - k + c) % c;
    if (a > b) { const int x = a; a = b; b = x; }
    *p = a; *q = b;
}

/* The rotation of pivot (p, q) of C: rot = (c, sr, si, rotated) as hzgsvd__bat_jac_rotation gives
 * (c, sr, si), |c_pq| in its square-root form also where C is real (the block solver's bits since
 * session 23), and rot[3] = 1 where it rotates (the floor keeps s = t c > 0 there), 0 for the
 * identity.  Its verdict: 0, 1 or 2 as hzgsvd__bat_jac_rotation's. */
HZGSVD_HD static inline int hzgsvd__bat_start_rotation(const hzgsvd__bat_start_mem *S, const double *C, int p, int q, double floor, double *rot)
{
    const double app = hzgsvd__bat_start_at(S, (double *)C, p, p)[0], aqq = hzgsvd__bat_start_at(S, (double *)C, q, q)[0];
    const double *x = hzgsvd__bat_start_at(S, (double *)C, p, q);
    const int r = hzgsvd__bat_jac_rotation(1, app, aqq, x[0], S->es == 2 ? x[1] : 0.0, floor, rot);
    rot[3] = r != 0;
    return r;
}

/* Columns p, q of X (row i) times J (conj: times conj(J), which J^H from the left takes on a row
 * pair): hzgsvd__bat_jac_col with l = -conj(sigma). */
HZGSVD_HD static inline void hzgsvd__bat_start_rotate(int es, double *xp, double *xq, const double *rot, int conj)
{
    hzgsvd__bat_jac_col(es == 2, rot[0], -rot[1], conj ? -rot[2] : rot[2], xp, xq);
}

/* Block (k, l) of one step's C <- J^H C J, k >= l: rows p_k, q_k and columns p_l, q_l times J_l on
 * the right, then J_k^H on the left (as a column phase and then a row phase would), stored with its
 * mirror image (l, k) = (k, l)^H, so C stays exactly Hermitian with a real diagonal.  An index >= n
 * (the padding pivot's q, whose rotation is the identity) has no entries. */
HZGSVD_HD static inline void hzgsvd__bat_start_block(const hzgsvd__bat_start_mem *S, int k, int l)
{
    const int n = S->n, es = S->es, *pq = S->pq;
    const int r[2] = { pq[2 * k], pq[2 * k + 1] }, c[2] = { pq[2 * l], pq[2 * l + 1] };
    const double *rk = S->rot + 4 * k, *rl = S->rot + 4 * l;
    double x[4][2];   /* (r0, c0), (r0, c1), (r1, c0), (r1, c1) */
    if (rk[3] == 0.0 && rl[3] == 0.0) return;   /* both the identity: the block stays (C is Hermitian already) */
    for (int a = 0; a < 4; ++a) {
        const int i = r[a >> 1], j = c[a & 1];
        const double *v = i < n && j < n ? hzgsvd__bat_start_at(S, S->C, i, j) : NULL;
        x[a][0] = v ? v[0] : 0.0;
        x[a][1] = v && es == 2 ? v[1] : 0.0;
    }
    if (rl[3] != 0.0) { hzgsvd__bat_start_rotate(es, x[0], x[1], rl, 0); hzgsvd__bat_start_rotate(es, x[2], x[3], rl, 0); }
    if (rk[3] != 0.0) { hzgsvd__bat_start_rotate(es, x[0], x[2], rk, 1); hzgsvd__bat_start_rotate(es, x[1], x[3], rk, 1); }
    for (int a = 0; a < 4; ++a) {
        const int i = r[a >> 1], j = c[a & 1];
        if (i >= n || j >= n || (k == l && a == 1)) continue;   /* the diagonal block's (p, q) entry: the mirror of its (q, p) */
        double *v = hzgsvd__bat_start_at(S, S->C, i, j), *u = hzgsvd__bat_start_at(S, S->C, j, i);
        v[0] = x[a][0];
        if (es == 2) v[1] = i == j ? 0.0 : x[a][1];
        if (i == j) continue;
        u[0] = x[a][0];
        if (es == 2) u[1] = -x[a][1];
    }
}

/* One step s of the Jacobi sweep on C, W: the step's pivots and rotations, then in one phase the
 * blocks of C <- J^H C J (hzgsvd__bat_start_block; S->blk lists them) and the rows of W <- W J
 * (item blocks + k n + i: row i, pivot k).  1 where one of the thread's own pivots rotated, 2 where
 * one rotated by more than HZGSVD__BAT_START_LAST (the largest of hzgsvd__bat_start_rotation's). */
HZGSVD_HD static inline int hzgsvd__bat_start_step(const hzgsvd__bat_start_mem *S, int nn, int s, double floor, int tid, int nt)
{
    const int n = S->n, np = nn / 2, blocks = np * (np + 1) / 2;
    int any = 0;
    for (int k = tid; k < np; k += nt) {
        int p, q;
        double *rot = S->rot + 4 * k;
        hzgsvd__bat_start_pivot(nn, s, k, &p, &q);
        S->pq[2 * k] = p; S->pq[2 * k + 1] = q;
        if (q >= n) { rot[0] = 1.0; rot[1] = 0.0; rot[2] = 0.0; rot[3] = 0.0; continue; }
        const int r = hzgsvd__bat_start_rotation(S, S->C, p, q, floor, rot);
        any = r > any ? r : any;
    }
    HZGSVD__BAT_START_BARRIER();
    int t = tid;
    for (; t < blocks; t += nt) hzgsvd__bat_start_block(S, S->blk[t] & 255, S->blk[t] >> 8);
    int k = (t - blocks) / n, i = (t - blocks) % n;   /* once a step; then by increments */
    for (; k < np; i += nt) {
        while (i >= n) { i -= n; ++k; }
        if (k >= np) break;
        const int p = S->pq[2 * k], q = S->pq[2 * k + 1];
        if (q >= n || S->rot[4 * k + 3] == 0.0) continue;
        hzgsvd__bat_start_rotate(S->es, hzgsvd__bat_start_at(S, S->W, i, p), hzgsvd__bat_start_at(S, S->W, i, q), S->rot + 4 * k, 0);
    }
    HZGSVD__BAT_START_BARRIER();
    return any;
}

/* C = W Lambda W^H, W from the identity; the sweeps it took (its last rotated nothing by more than
 * HZGSVD__BAT_START_LAST unless HZGSVD__BAT_START_SWEEPS ended it). */
HZGSVD_HD static inline int hzgsvd__bat_start_jacobi(const hzgsvd__bat_start_mem *S, int tid, int nt)
{
    const int n = S->n, nn = hzgsvd__bat_order(n);
    for (int t = tid; t < n * n; t += nt) {
        double *w = hzgsvd__bat_start_at(S, S->W, t % n, t / n);
        w[0] = t % n == t / n ? 1.0 : 0.0;
        if (S->es == 2) w[1] = 0.0;
    }
    int k = tid, l = 0, t = tid;   /* the blocks' table: item t of the lower triangle of order nn / 2 */
    for (hzgsvd__bat_start_wrap(nn / 2, &k, &l); l < nn / 2; k += nt, t += nt, hzgsvd__bat_start_wrap(nn / 2, &k, &l))
        S->blk[t] = k + 256 * l;
    const double floor = hzgsvd__bat_start_floor(S);
    HZGSVD__BAT_START_BARRIER();
    int sweep = 0;
    while (sweep < HZGSVD__BAT_START_SWEEPS) {
        int big = 0;
        for (int s = 0; s < nn - 1; ++s) big |= hzgsvd__bat_start_step(S, nn, s, floor, tid, nt) == 2;
        ++sweep;
        if (!HZGSVD__BAT_START_BARRIER_OR(big)) break;   /* quadratic convergence: what it rotated is now near u */
    }
    return sweep;
}

/* ---- the Jacobi eigensolver: one lane a row ---------------------------------------------------
 *
 * C (order n, padded with zero rows and columns to nn = hzgsvd__bat_jac_order(n), a power of two)
 * is diagonalised by the cyclic two-sided Jacobi method, one warp a pair: lane x holds row x of C
 * and row x of W.  Every step rotates the fixed pivots (x, x ^ 1) -- positions, not indices --
 * and then moves the indices to other positions by a fixed map M (hzgsvd__bat_jac_next, an LFSR
 * on log2 nn bits): C(t+1)[x, y] = C(t)[M x, M y].  M is linear over GF(2) and its powers run
 * through every nonzero vector, so step t pairs the indices whose XOR is M^t 1: every pair once in
 * the nn - 1 steps of a sweep, and the positions are the indices again at each sweep's end.
 *
 * Lane x keeps its row of C relative to itself, r[a] = C[x, x ^ a] (its diagonal r[0], its pivot's
 * off-diagonal r[1]), so that on the device every register index is known when compiled: a
 * column pair (a, a ^ 1), a even, is the pivot of lane x ^ a; the partner's row comes by XOR
 * distance 1; the move by M takes r[M b] of lane M x (M linear: M x ^ M b = M (x ^ b)).  W's
 * rows stay with their lanes, its columns by position (w[y] = W[x, index at y]), renamed by M.
 *
 * One step: the pivots' rotations (lanes x even, hzgsvd__bat_jac_rotation, into three arrays of
 * nn / 2 slots), C <- C J and W <- W J (hzgsvd__bat_jac_col), C <- J^H C (hzgsvd__bat_jac_row,
 * with the partner's row as it was before), the diagonal made real, then the move.  C is Hermitian
 * up to rounding only (entries (x, y) and (y, x) are rounded in other orders); each rotation reads
 * the lower position's c_pq.  Padding rows and columns are zeros and never rotate.
 *
 * Written twice -- hzgsvd__bat_jac_host below (the lanes one after the other; the host emulation
 * and the threads test) and hzgsvd__bat_jac_warp in templates/hzgsvd_gpu_batched_precondition.cu
 * (registers and shuffles) -- with the arithmetic of each entry in the helpers
 * (hzgsvd__bat_jac_rotation and hzgsvd__bat_jac_col above, hzgsvd__bat_jac_row below), in the
 * same order, so both give the same bits (test_gpu_batched, case_start_bits). */

/* An entry x of the lane's row of J^H C from the partner row's entry y: x <- c x + tau y, tau =
 * tr + i ti the conjugate of the lane's l (p: -sigma, q: conj(sigma)). */
HZGSVD_HD static inline void hzgsvd__bat_jac_row(int cplx, double c, double tr, double ti, double *x, const double *y)
{
    if (!cplx) { x[0] = fma(tr, y[0], c * x[0]); return; }
    const double xr = x[0], xi = x[1];
    x[0] = fma(-ti, y[1], fma(tr, y[0], c * xr));
    x[1] = fma(ti, y[0], fma(tr, y[1], c * xi));
}

/* Entry a (relative) of lane x's row of C from shared memory: C[x, x ^ a], or 0 in the padding. */
HZGSVD_HD static inline double hzgsvd__bat_jac_load(const hzgsvd__bat_start_mem *S, int x, int a, int e)
{
    const int y = x ^ a;
    return x < S->n && y < S->n ? hzgsvd__bat_start_at(S, S->C, x, y)[e] : 0.0;
}

/* The lanes one after the other: C = W Lambda W^H, W into S->W and Lambda into C's diagonal; the
 * sweeps it took (the last rotated nothing by more than HZGSVD__BAT_START_LAST, unless
 * HZGSVD__BAT_START_SWEEPS ended it).  The bits of hzgsvd__bat_jac_warp. */
static inline int hzgsvd__bat_jac_host(const hzgsvd__bat_start_mem *S)
{
    enum { L = HZGSVD__BAT_JAC_LANES, E = 2 * HZGSVD__BAT_JAC_LANES };
    double R[L][E], W[L][E], Y[L][E], sc[L / 2], sr[L / 2], si[L / 2];
    const int n = S->n, es = S->es, cplx = es == 2, nn = hzgsvd__bat_jac_order(n), w = es * nn;
    const double floor = hzgsvd__bat_start_floor(S);
    for (int x = 0; x < nn; ++x)
        for (int a = 0; a < w; ++a) {
            R[x][a] = hzgsvd__bat_jac_load(S, x, a / es, a % es);
            W[x][a] = a == es * x ? 1.0 : 0.0;
        }
    int sweep = 0;
    while (sweep < HZGSVD__BAT_START_SWEEPS) {
        int big = 0;
        for (int t = 0; t < nn - 1; ++t) {
            for (int x = 0; x < nn; x += 2) {   /* the pivots' rotations */
                double rot[3];
                big |= hzgsvd__bat_jac_rotation(cplx, R[x][0], R[x ^ 1][0], R[x][es], cplx ? R[x][es + 1] : 0.0, floor, rot) == 2;
                sc[x >> 1] = rot[0]; sr[x >> 1] = rot[1]; si[x >> 1] = rot[2];
            }
            for (int x = 0; x < nn; ++x) {   /* C <- C J, W <- W J */
                const int p = !(x & 1);
                for (int a = 0; a < nn; a += 2) {
                    const int k = (x ^ a) >> 1;
                    hzgsvd__bat_jac_col(cplx, sc[k], p ? -sr[k] : sr[k], si[k], &R[x][es * a], &R[x][es * (a + 1)]);
                }
                for (int k = 0; k < nn / 2; ++k) hzgsvd__bat_jac_col(cplx, sc[k], -sr[k], si[k], &W[x][es * 2 * k], &W[x][es * (2 * k + 1)]);
            }
            memcpy(Y, R, sizeof R);
            for (int x = 0; x < nn; ++x) {   /* C <- J^H C, the partner's row as it was */
                const int p = !(x & 1), k = x >> 1;
                for (int a = 0; a < nn; ++a) hzgsvd__bat_jac_row(cplx, sc[k], p ? -sr[k] : sr[k], -si[k], &R[x][es * a], &Y[x ^ 1][es * (a ^ 1)]);
                if (cplx) R[x][1] = 0.0;
            }
            memcpy(Y, R, sizeof R);
            for (int x = 0; x < nn; ++x)   /* the move: row M x to x, entry M b to b */
                for (int b = 0; b < nn; ++b)
                    for (int e = 0; e < es; ++e) R[x][es * b + e] = Y[hzgsvd__bat_jac_next(nn, x)][es * hzgsvd__bat_jac_next(nn, b) + e];
            memcpy(Y, W, sizeof W);
            for (int x = 0; x < nn; ++x)
                for (int b = 0; b < nn; ++b)
                    for (int e = 0; e < es; ++e) W[x][es * b + e] = Y[x][es * hzgsvd__bat_jac_next(nn, b) + e];
        }
        ++sweep;
        if (!big) break;   /* quadratic convergence: what it rotated is now near u */
    }
    for (int x = 0; x < n; ++x)
        for (int y = 0; y < n; ++y)
            for (int e = 0; e < es; ++e) hzgsvd__bat_start_at(S, S->W, x, y)[e] = W[x][es * y + e];
    for (int x = 0; x < n; ++x) {
        double *d = hzgsvd__bat_start_at(S, S->C, x, x);
        d[0] = R[x][0];
        if (cplx) d[1] = 0.0;
    }
    return sweep;
}

/* The start's first part: A, L (hzgsvd__bat_start_gram), L's Cholesky factor and C = L^-1 A L^-H.
 * 0, or k + 1 where G's Gram matrix has no Cholesky factor (the k-th pivot; C is then not formed).
 * The same in every thread. */
HZGSVD_HD static inline int hzgsvd__bat_start_front(const hzgsvd__bat_start_mem *S, const double *F, int ldf, int mf, const double *G, int ldg, int mg,
                                                    int tid, int nt)
{
    hzgsvd__bat_start_gram(S, F, ldf, mf, G, ldg, mg, tid, nt);
    const int chol = hzgsvd__bat_start_chol(S, tid, nt);
    if (chol) return chol;
    hzgsvd__bat_start_whiten(S, tid, nt);
    return 0;
}

/* The start's last part, after the Jacobi solver (W in S->W, the eigenvalues on C's diagonal): Z0
 * (n x n, ld n, interleaved where complex) into z0, L^-H W with the columns by ascending eigenvalue
 * (syevj's order).  0, or 1 where an eigenvalue is not finite (z0 then not written).  The same in
 * every thread. */
HZGSVD_HD static inline int hzgsvd__bat_start_back(const hzgsvd__bat_start_mem *S, double *z0, int tid, int nt)
{
    const int n = S->n, es = S->es;
    int bad = 0;
    for (int j = tid; j < n; j += nt) {   /* the ranks of the eigenvalues, ties by index */
        const double lj = hzgsvd__bat_start_at(S, S->C, j, j)[0];
        int rank = 0;
        bad |= !(fabs(lj) <= DBL_MAX);
        for (int i = 0; i < n; ++i) {
            const double li = hzgsvd__bat_start_at(S, S->C, i, i)[0];
            rank += li < lj || (li == lj && i < j);
        }
        S->key[j] = rank;
    }
    if (HZGSVD__BAT_START_BARRIER_OR(bad) != 0) return 1;
    hzgsvd__bat_start_solve(S, S->W, 0, tid, nt);
    const int rows = es * n, dr = nt % rows, dc = nt / rows;
    for (int ie = tid % rows, j = tid / rows; j < n; hzgsvd__bat_start_step_rect(rows, dr, dc, &ie, &j)) {
        const int e = ie % es, i = ie / es;
        z0[(size_t)es * (i + (size_t)n * S->key[j]) + e] = hzgsvd__bat_start_at(S, S->W, i, j)[e];
    }
    return 0;
}

/* One pair's start on the host: Z0 (n x n, ld n, interleaved where complex) into z0 from F (mf x n,
 * ld ldf) and G (mg x n, ld ldg), thread tid of nt (the warp solver thread 0's,
 * hzgsvd__bat_jac_host; the block solver every thread's).  *chol: 0, or k + 1 where G's Gram matrix has no Cholesky factor (the k-th
 * pivot); *eig: 0, or 1 where an eigenvalue is not finite.  Where either is nonzero z0 is not
 * written.  The Jacobi sweeps it took into *sweeps.  The same in every thread, and the bits of the
 * device's hzgsvd__bat_pre_own. */
static inline void hzgsvd__bat_start_pair(double *sh, int cplx, int n, const double *F, int ldf, int mf, const double *G, int ldg, int mg,
                                          double *z0, int tid, int nt, int *chol, int *eig, int *sweeps)
{
    const hzgsvd__bat_start_mem S = hzgsvd__bat_start_mem_of(sh, n, cplx);
    *eig = 0; *sweeps = 0;
    if ((*chol = hzgsvd__bat_start_front(&S, F, ldf, mf, G, ldg, mg, tid, nt))) return;
    int sw = 0;
    if (hzgsvd__bat_start_block_solver(n)) sw = hzgsvd__bat_start_jacobi(&S, tid, nt);
    else if (tid == 0) sw = hzgsvd__bat_jac_host(&S);
    if (tid == 0) S.key[n] = sw;
    HZGSVD__BAT_START_BARRIER();
    *sweeps = S.key[n];
    *eig = hzgsvd__bat_start_back(&S, z0, tid, nt);
}
