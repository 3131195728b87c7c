/* The batched call's own preconditioned start for n <= HZGSVD__BAT_START_MAX_N: per pair, in one
 * thread block and its shared memory, what the library chain of
 * templates/hzgsvd_gpu_batched_precondition.cu computes with six batched cuBLAS/cuSOLVER calls:
 *
 *   A = F^H F, B = G^H G      row tiles of F and G through shared memory, each entry one thread's sum
 *   B = L L^H                 Cholesky, column by column (info k + 1 where the k-th pivot is not > 0)
 *   C = L^-1 A L^-H           two forward substitutions, then C made exactly Hermitian
 *   C = W Lambda W^H          cyclic two-sided Jacobi, the round-robin order of n/2 disjoint pivots
 *                             a step (HZGSVD__BAT_START_TOL, at most HZGSVD__BAT_START_SWEEPS)
 *   Z0 = L^-H W               back substitution, columns by ascending lambda (syevj's order)
 *
 * The start only has to be good: the iteration from F Z0, G Z0 certifies every pair (docs/NUMERICS.md,
 * "The batched preconditioned start"), so plain sums and a loose tolerance do.  Its gain is that no
 * library kernel (chosen by the batch's size) and no scratch memory is involved: a pair's Z0 depends
 * on the pair alone.
 *
 * Written once for the device and the host (test/test_batched_gpu_emul.c): thread `tid` of `nt`
 * takes the items tid, tid + nt, ... of each phase; phases are separated by HZGSVD__BAT_START_BARRIER
 * (on the host one caller with nt = 1 plays every item, barriers are nothing).  Every item writes only
 * its own entries and reads none that another item of its phase writes, and every sum runs in a
 * fixed order, so the bits do not depend on nt (and the host's are the device's: sqrt and the
 * division are correctly rounded on both, every fma explicit).
 *
 * Shared memory (hzgsvd__bat_start_doubles): three n x n matrices of leading dimension n + 1 (odd:
 * rows and columns both free of bank conflicts), complex interleaved, the row tiles of F and G
 * overlaying the third, and a step's rotations. */

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
#define HZGSVD__BAT_START_SWEEPS 30     /* the Jacobi solver's sweeps at the most (W stays unitary whatever its progress) */

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

/* One pair's shared memory: three es n ld matrices (ld = n + 1) -- A (F^H F, then L^-1 A, then W: the
 * eigenvectors, then Z0), L (G^H G, then its Cholesky factor), C (the row tiles of F and G, then
 * L^-1 A L^-H and its Jacobi iterates) -- a step's rotations (rot: c, s, cos phi, sin phi a pivot)
 * and pivots (pq), the eigenvalues' ranks (key). */
typedef struct hzgsvd__bat_start_mem {
    double *A, *L, *C, *W, *rot;
    int *pq, *key, *blk;   /* blk: the blocks (k, l), k >= l, of a step, k + 256 l each */
    int n, ld, es;
} hzgsvd__bat_start_mem;

/* The parts of one pair's shared memory, in doubles: off[0..4] where C, rot, pq, key and blk start
 * (A at 0, L at mat), off[5] the total.  rot: 4 doubles a pivot; pq: 2 ints a pivot; key: n ints;
 * blk: np (np + 1) / 2 ints (np = the pivots of a step); the int parts rounded up to doubles. */
HZGSVD_HD static inline void hzgsvd__bat_start_parts(int n, int cplx, size_t off[6])
{
    const size_t es = cplx ? 2 : 1, mat = es * (size_t)n * (n + 1), tiles = 2 * es * (size_t)(HZGSVD__BAT_START_ROWS + 1) * n;
    const size_t np = (size_t)hzgsvd__bat_order(n) / 2;
    off[0] = 2 * mat;                                     /* C (the tiles before it) */
    off[1] = off[0] + (mat > tiles ? mat : tiles);        /* rot */
    off[2] = off[1] + 4 * np;                             /* pq */
    off[3] = off[2] + np;                                 /* key */
    off[4] = off[3] + ((size_t)n + 1) / 2;                /* blk */
    off[5] = off[4] + (np * (np + 1) / 2 + 1) / 2;
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
    S.key = (int *)(sh + off[3]);
    S.blk = (int *)(sh + off[4]);
    return S;
}

/* Entry (i, j) of the matrix X of S (complex: re at [0], im at [1]). */
HZGSVD_HD static inline double *hzgsvd__bat_start_at(const hzgsvd__bat_start_mem *S, double *X, int i, int j)
{
    return X + S->es * (i + j * S->ld);   /* int: n <= HZGSVD__BAT_START_MAX_N */
}

/* (i, j) of the t-th entry of a lower triangle of order n, column by column (t < n (n + 1) / 2). */
HZGSVD_HD static inline void hzgsvd__bat_start_lower(int n, int t, int *i, int *j)
{
    int c = 0;
    while (t >= n - c) { t -= n - c; ++c; }
    *j = c; *i = c + t;
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
    const int n = S->n, es = S->es, low = n * (n + 1) / 2, m = mf > mg ? mf : mg;
    double *TF = S->C, *TG = S->C + (size_t)es * (HZGSVD__BAT_START_ROWS + 1) * n;
    for (int t = tid; t < low; t += nt) {
        int i, j;
        hzgsvd__bat_start_lower(n, t, &i, &j);
        for (int e = 0; e < es; ++e) { hzgsvd__bat_start_at(S, S->A, i, j)[e] = 0.0; hzgsvd__bat_start_at(S, S->L, i, j)[e] = 0.0; }
    }
    for (int r0 = 0; r0 < m; r0 += HZGSVD__BAT_START_ROWS) {
        HZGSVD__BAT_START_BARRIER();   /* the previous tile's reads */
        hzgsvd__bat_start_tile(S, F, ldf, mf, r0, TF, tid, nt);
        hzgsvd__bat_start_tile(S, G, ldg, mg, r0, TG, tid, nt);
        HZGSVD__BAT_START_BARRIER();
        for (int t = tid; t < low; t += nt) {   /* a tile wholly below a matrix's rows adds nothing: skipped */
            int i, j;
            hzgsvd__bat_start_lower(n, t, &i, &j);
            if (r0 < mf) hzgsvd__bat_start_tile_gram(S, TF, S->A, i, j);
            if (r0 < mg) hzgsvd__bat_start_tile_gram(S, TG, S->L, i, j);
        }
    }
    HZGSVD__BAT_START_BARRIER();
    for (int t = tid; t < low; t += nt) {   /* A's upper triangle; real diagonals */
        int i, j;
        hzgsvd__bat_start_lower(n, t, &i, &j);
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
        for (int t = tid; t < r * r; t += nt) {   /* the trailing lower triangle, L_i L_j^H off */
            const int i = k + 1 + t % r, j = k + 1 + t / r;
            if (j > i) continue;
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

/* X <- L^-1 X (lower = 1) or L^-H X (lower = 0) in place, X n x n:
 * column-oriented substitution, each pivot row's quotient recomputed by every item that uses it
 * (so no item writes what another of its phase reads), the quotients stored last. */
HZGSVD_HD static inline void hzgsvd__bat_start_solve(const hzgsvd__bat_start_mem *S, double *X, int lower, int tid, int nt)
{
    const int n = S->n, es = S->es;
    const double *L = S->L;
    for (int s = 0; s < n; ++s) {
        const int k = lower ? s : n - 1 - s, r = n - 1 - s;   /* r rows below (above) k to update */
        const double lkk = hzgsvd__bat_start_at(S, (double *)L, k, k)[0];
        for (int t = tid; t < r * n; t += nt) {
            const int i = lower ? k + 1 + t % r : t % r, j = t / r;
            const double *xk = hzgsvd__bat_start_at(S, X, k, j);
            const double *l = lower ? hzgsvd__bat_start_at(S, (double *)L, i, k) : hzgsvd__bat_start_at(S, (double *)L, k, i);   /* L(i,k), or conj(L(k,i)) */
            double *x = hzgsvd__bat_start_at(S, X, i, j);
            const double qr = xk[0] / lkk;
            if (es == 1) { x[0] = fma(-l[0], qr, x[0]); continue; }
            const double qi = xk[1] / lkk, li = lower ? l[1] : -l[1];
            x[0] = fma(li, qi, fma(-l[0], qr, x[0]));
            x[1] = fma(-li, qr, fma(-l[0], qi, x[1]));
        }
        HZGSVD__BAT_START_BARRIER();
    }
    for (int t = tid; t < n * n; t += nt) {
        const int i = t % n, j = t / n;
        const double lii = hzgsvd__bat_start_at(S, (double *)L, i, i)[0];
        double *x = hzgsvd__bat_start_at(S, X, i, j);
        for (int e = 0; e < es; ++e) x[e] = x[e] / lii;
    }
    HZGSVD__BAT_START_BARRIER();
}

/* C = L^-1 A L^-H, exactly Hermitian (the mean of C and C^H): A <- L^-1 A, its conjugate
 * transpose into C (A Hermitian: (L^-1 A)^H = A L^-H), C <- L^-1 C. */
HZGSVD_HD static inline void hzgsvd__bat_start_whiten(const hzgsvd__bat_start_mem *S, int tid, int nt)
{
    const int n = S->n, es = S->es;
    hzgsvd__bat_start_solve(S, S->A, 1, tid, nt);
    for (int t = tid; t < n * n; t += nt) {
        const int i = t % n, j = t / n;
        const double *x = hzgsvd__bat_start_at(S, S->A, j, i);
        double *y = hzgsvd__bat_start_at(S, S->C, i, j);
        y[0] = x[0];
        if (es == 2) y[1] = -x[1];
    }
    HZGSVD__BAT_START_BARRIER();
    hzgsvd__bat_start_solve(S, S->C, 1, tid, nt);
    for (int t = tid; t < n * (n + 1) / 2; t += nt) {
        int i, j;
        hzgsvd__bat_start_lower(n, t, &i, &j);
        double *x = hzgsvd__bat_start_at(S, S->C, i, j), *u = hzgsvd__bat_start_at(S, S->C, j, i);
        if (i == j) { if (es == 2) x[1] = 0.0; continue; }
        x[0] = 0.5 * (x[0] + u[0]);
        u[0] = x[0];
        if (es == 2) { x[1] = 0.5 * (x[1] - u[1]); u[1] = -x[1]; }
    }
    HZGSVD__BAT_START_BARRIER();
}

/* Pivot k of step s of the round-robin order nn (nn even; a sweep's nn - 1 steps pair every two
 * indices once): index nn - 1 stays, the others turn; p < q. */
HZGSVD_HD static inline void hzgsvd__bat_start_pivot(int nn, int s, int k, int *p, int *q)
{
    const int c = nn - 1;
    int a = k == 0 ? c : (s + k) % c, b = (s - k + c) % c;
    if (a > b) { const int x = a; a = b; b = x; }
    *p = a; *q = b;
}

/* The rotation of pivot (p, q) of the Hermitian C: rot = (c, s, cos phi, sin phi), c_pq = |c_pq|
 * e^{i phi}; J = [c, s e^{i phi}; -s e^{-i phi}, c] on columns p, q makes (J^H C J)_pq = 0 (the
 * real rotation of Rutishauser's formulas between the phases).  0 where it does not rotate, 1 where
 * it does, 2 where |c_pq| was above HZGSVD__BAT_START_LAST relatively (the sweep is not the last). */
HZGSVD_HD static inline int hzgsvd__bat_start_rotation(const hzgsvd__bat_start_mem *S, const double *C, int p, int q, double floor, double *rot)
{
    const double app = hzgsvd__bat_start_at(S, (double *)C, p, p)[0], aqq = hzgsvd__bat_start_at(S, (double *)C, q, q)[0];
    const double *x = hzgsvd__bat_start_at(S, (double *)C, p, q);
    const double xr = x[0], xi = S->es == 2 ? x[1] : 0.0;
    const double r = sqrt(fma(xi, xi, xr * xr));
    rot[0] = 1.0; rot[1] = 0.0; rot[2] = 1.0; rot[3] = 0.0;
    if (!(r > HZGSVD__BAT_START_TOL * (sqrt(fabs(app)) * sqrt(fabs(aqq))) && r > floor)) return 0;
    const double theta = (aqq - app) / (2.0 * r), at = fabs(theta);
    const double t = at > 1e150 ? 0.5 / theta : (theta < 0.0 ? -1.0 : 1.0) / (at + sqrt(fma(at, at, 1.0)));
    const double c = 1.0 / sqrt(fma(t, t, 1.0));
    rot[0] = c; rot[1] = t * c; rot[2] = xr / r; rot[3] = xi / r;
    return r > HZGSVD__BAT_START_LAST * (sqrt(fabs(app)) * sqrt(fabs(aqq))) ? 2 : 1;
}

/* Columns p, q of X (row i) times J: x_p c - x_q s e^{-i phi}, x_p s e^{i phi} + x_q c. */
HZGSVD_HD static inline void hzgsvd__bat_start_rotate(int es, double *xp, double *xq, const double *rot, int conj)
{
    const double c = rot[0], s = rot[1], er = rot[2], ei = conj ? -rot[3] : rot[3];
    if (es == 1) {
        const double a = xp[0], b = xq[0], se = s * er;
        xp[0] = fma(-se, b, c * a);
        xq[0] = fma(se, a, c * b);
        return;
    }
    const double ar = xp[0], ai = xp[1], br = xq[0], bi = xq[1], sr = s * er, si = s * ei;
    /* a c - b s e^{-i phi}: (sr - i si)(br + i bi) = sr br + si bi + i (sr bi - si br) */
    xp[0] = fma(-si, bi, fma(-sr, br, c * ar));
    xp[1] = fma(si, br, fma(-sr, bi, c * ai));
    /* a s e^{i phi} + b c: (sr + i si)(ar + i ai) = sr ar - si ai + i (sr ai + si ar) */
    xq[0] = fma(-si, ai, fma(sr, ar, c * br));
    xq[1] = fma(si, ar, fma(sr, ai, c * bi));
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
    if (rk[1] == 0.0 && rl[1] == 0.0) return;   /* both the identity: the block stays (C is Hermitian already) */
    for (int a = 0; a < 4; ++a) {
        const int i = r[a >> 1], j = c[a & 1];
        const double *v = i < n && j < n ? hzgsvd__bat_start_at(S, S->C, i, j) : NULL;
        x[a][0] = v ? v[0] : 0.0;
        x[a][1] = v && es == 2 ? v[1] : 0.0;
    }
    if (rl[1] != 0.0) { hzgsvd__bat_start_rotate(es, x[0], x[1], rl, 0); hzgsvd__bat_start_rotate(es, x[2], x[3], rl, 0); }
    if (rk[1] != 0.0) { hzgsvd__bat_start_rotate(es, x[0], x[2], rk, 1); hzgsvd__bat_start_rotate(es, x[1], x[3], rk, 1); }
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
        if (q >= n) { rot[0] = 1.0; rot[1] = 0.0; rot[2] = 1.0; rot[3] = 0.0; continue; }
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
        if (q >= n || S->rot[4 * k + 1] == 0.0) continue;
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
    for (int t = tid; t < nn / 2 * (nn / 2 + 1) / 2; t += nt) {
        int k, l;
        hzgsvd__bat_start_lower(nn / 2, t, &k, &l);
        S->blk[t] = k + 256 * l;
    }
    double cmax = 0.0;
    for (int i = 0; i < n; ++i) cmax = fmax(cmax, fabs(hzgsvd__bat_start_at(S, S->C, i, i)[0]));
    const double floor = HZGSVD__BAT_START_FLOOR * cmax;
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

/* One pair's start: Z0 (n x n, ld n, interleaved where complex) into z0 from F (mf x n, ld ldf) and G
 * (mg x n, ld ldg).  *chol: 0, or k + 1 where G's Gram matrix has no Cholesky factor (the k-th
 * pivot); *eig: 0, or 1 where an eigenvalue is not finite.  Where either is nonzero z0 is not
 * written.  The Jacobi sweeps it took into *sweeps.  The same in every thread. */
HZGSVD_HD static inline void hzgsvd__bat_start_pair(double *sh, int cplx, int n, const double *F, int ldf, int mf, const double *G, int ldg, int mg,
                                                    double *z0, int tid, int nt, int *chol, int *eig, int *sweeps)
{
    const hzgsvd__bat_start_mem S = hzgsvd__bat_start_mem_of(sh, n, cplx);
    const int es = S.es;
    *eig = 0; *sweeps = 0;
    hzgsvd__bat_start_gram(&S, F, ldf, mf, G, ldg, mg, tid, nt);
    *chol = hzgsvd__bat_start_chol(&S, tid, nt);
    if (*chol) return;
    hzgsvd__bat_start_whiten(&S, tid, nt);
    *sweeps = hzgsvd__bat_start_jacobi(&S, tid, nt);
    int bad = 0;
    for (int j = tid; j < n; j += nt) {   /* the ranks of the eigenvalues, ties by index */
        const double lj = hzgsvd__bat_start_at(&S, S.C, j, j)[0];
        int rank = 0;
        bad |= !(fabs(lj) <= DBL_MAX);
        for (int i = 0; i < n; ++i) {
            const double li = hzgsvd__bat_start_at(&S, S.C, i, i)[0];
            rank += li < lj || (li == lj && i < j);
        }
        S.key[j] = rank;
    }
    if ((*eig = HZGSVD__BAT_START_BARRIER_OR(bad) != 0)) return;
    hzgsvd__bat_start_solve(&S, S.W, 0, tid, nt);
    for (int t = tid; t < es * n * n; t += nt) {
        const int e = t % es, i = (t / es) % n, j = t / (es * n);
        z0[(size_t)es * (i + (size_t)n * S.key[j]) + e] = hzgsvd__bat_start_at(&S, S.W, i, j)[e];
    }
}
