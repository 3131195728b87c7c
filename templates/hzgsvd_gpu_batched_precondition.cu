/* The batched call's preconditioned start (options.precondition QR_EIG; AUTO's choice from n =
 * HZGSVD__BAT_PRE_AUTO_N; docs/API.md, "Batched pairs
 * on the GPU", and docs/NUMERICS.md, "The batched preconditioned start").  Per pair, as the
 * one-pair stage (templates/hzgsvd_gpu_precondition.cu):
 *
 *   A = F^H F, B = G^H G = L L^H   (L^H is G's R of a QR up to the signs of its rows; a batched QR
 *                                  of the tall pair costs more than the whole start)
 *   C = L^-1 A L^-H = W Lambda W^H
 *   Z0 = L^-H W, columns reversed  (the reversal in hzgsvd__bat_pre_apply: sigma descending, the
 *                                  order the sorting variants keep)
 *
 * by one of two routes (hzgsvd__bat_pre_eig):
 *   - n <= HZGSVD__BAT_PRE_OWN_N: the own start (hzgsvd__bat_pre_own; the arithmetic in
 *     templates/hzgsvd_batched_start.h), one block a group of pairs (32 / nn a warp's, n <= 8;
 *     one, 9 <= n <= 12), everything in shared memory and one warp's registers, its Jacobi
 *     eigensolver stopping at a start's accuracy.  No library call, no scratch memory: a pair's Z0
 *     depends on the pair alone, not on the batch.  Above, it is still slower than cuSOLVER's
 *     batched Jacobi (0.93-0.96x at n = 16, session 24);
 *   - above, the library chain, a chunk of HZGSVD__BAT_PRE_CHUNK pairs at a time:
 *     gemmStridedBatched (A, B), potrfBatched, two trsmBatched (C), syevjBatched / heevjBatched
 *     (W; n <= 32) or XsyevBatched (above), trsmBatched (Z0);
 *
 * then (hzgsvd__bat_pre_apply) the trust test of the one-pair stage, growth max_j ||D z0_j|| /
 * ||[F; G] z0_j|| <= HZGSVD__PRECONDITION_GROWTH (D: the column norms of [F; G]), and F <- F Z0,
 * G <- G Z0 in place, every entry a compensated dot product (Ogita, Rump and Oishi's Dot2: as
 * accurate as the product in twice the working precision, then rounded once, up to a gamma^2 term
 * that the trust test keeps below u).  The kernel then counts its stop rule from the second sweep
 * (hzgsvd__bat_pair.min_sweeps).  A pair the kernel hands on is solved by the one-pair path with
 * the plain start on the pair as the start left it; after every pair, hzgsvd__bat_pre_z makes
 * Z = Z0 Z1 for those that started from Z0 and succeeded (a pair that fails after its start holds
 * F Z0 and G Z0 in dF and dG).
 *
 * A pair whose start fails (the Cholesky factor's or the eigensolver's verdict nonzero: G
 * numerically rank deficient or a non-finite entry; a non-finite Z0; the trust test) is not touched
 * and runs the plain start, bitwise as a run with precondition NONE, the one-pair path's included.  So the iteration
 * certifies every pair as before: a start only changes how many sweeps it takes.  Where the
 * library chain's scratch (B, lambda, the eigensolver's workspace: allocated on the stream from a
 * memory pool kept with the handles, hzgsvd__bat_handles) cannot be had, the batch keeps the plain
 * start.
 *
 * The library chain's cuBLAS and cuSOLVER handles are made at a host thread's first start on a
 * device and kept until the thread ends (the first call's set-up is not paid again); the solver runs in
 * CUSOLVER_DETERMINISTIC_RESULTS mode on the caller's stream, so a call repeated gives the same
 * bits on one GPU model and toolkit.  The libraries pick their kernels by the batch's size, so a
 * pair's bits may differ between batches of other sizes (within the accuracy bounds). */

#define HZGSVD__BAT_PRE_AUTO_N 4       /* AUTO takes the batched start from this n on (the own start: n = 4 1.0x real, 1.2x complex; 6: 1.2x, 1.5x; 8: 1.3x, 1.4x; docs/PERFORMANCE.md) */
#define HZGSVD__BAT_PRE_OWN_N 12       /* the own start up to this n, the library chain above (n = 16: the warp solver 0.93-0.96x, session 24) */
#define HZGSVD__BAT_PRE_CHUNK 16384    /* pairs of one round of cuBLAS/cuSOLVER batched calls (their batch limits; the scratch) */
#define HZGSVD__BAT_PRE_THREADS 256    /* hzgsvd__bat_pre_z's blocks, and the most of hzgsvd__bat_pre_apply's */
#define HZGSVD__BAT_PRE_COLS 8         /* columns a lane of hzgsvd__bat_pre_apply carries: ceil(64 / 8 warps) */
static_assert(HZGSVD__BAT_PRE_COLS * (HZGSVD__BAT_PRE_THREADS / 32) >= HZGSVD__BAT_MAX_N, "hzgsvd__bat_pre_apply: too few columns a lane");

/* hzgsvd__bat_pre_apply's block: the fewest warps whose lanes carry the n columns (nw
 * HZGSVD__BAT_PRE_COLS >= n).  Its registers (the lane's columns' Dot2 sums) allow a few hundred
 * threads an SM: 256 a pair left two pairs an SM, each lane one or two columns at n = 16, and the
 * kernel waited on memory.  No bit depends on it: a column is one warp's, an entry one lane's. */
HZGSVD_PRIVATE int hzgsvd__bat_pre_threads(int n)
{
    const int nw = (n + HZGSVD__BAT_PRE_COLS - 1) / HZGSVD__BAT_PRE_COLS;
    return 32 * (nw < 1 ? 1 : nw);
}

/* Whether the batched call starts preconditioned: QR_EIG asked, or AUTO from HZGSVD__BAT_PRE_AUTO_N
 * with room for the second sweep; never without cuSOLVER (QR_EIG is then refused by the checks). */
HZGSVD_PRIVATE int hzgsvd__bat_pre_on(const hzgsvd_options *o, int n)
{
#ifdef HZGSVD_GPU_NO_CUSOLVER
    (void)o; (void)n;
    return 0;
#else
    return o->precondition == HZGSVD_PRECONDITION_QR_EIG
        || (o->precondition == HZGSVD_PRECONDITION_AUTO && n >= HZGSVD__BAT_PRE_AUTO_N && o->max_sweeps >= 2);
#endif
}

/* The start's part of the caller's workspace, after the kernel's (offsets from the workspace's
 * start, 256-byte aligned; pure arithmetic, so the workspace query needs no device): A (batch
 * n x n: F^H F, then C, then Z0, kept until Z = Z0 Z1), the pointer array of A, the info of potrf
 * and of the eigensolver, the verdicts (1: started from Z0) and growths.  The scratch of one chunk
 * of pairs -- B (L), lambda, B's pointer array, the eigensolver's workspace -- is allocated by the
 * call on its stream (hzgsvd__bat_pre_scratch_get) once cuSOLVER has said its size: where it cannot
 * be had, the batch keeps the plain start. */
typedef struct hzgsvd__bat_pre_plan {
    size_t a_off, pa_off, info_off, flag_off, growth_off, bytes;
    int chunk;
    int eig;   /* the route (HZGSVD__BAT_EIG_*), read once a call by hzgsvd__bat_pre_plan_of */
    int own;   /* eig == HZGSVD__BAT_EIG_OWN: Z0 by hzgsvd__bat_pre_own, else by the library chain */
} hzgsvd__bat_pre_plan;

/* ---- kernels ---------------------------------------------------------------------------------- */

typedef struct hzgsvd__bat_pre_args {
    int es, m_f, m_g, n, ldf, ldg, ldz;
    long long batch, sF, sG, sZ;             /* strides in elements (complex elements for F, G, Z) */
    double *F, *G, *Z;                       /* the caller's arrays (complex: interleaved) */
    double *z0;                              /* batch x es n n (ld n) */
    const int *info;                         /* 2 batch: potrf's, then the eigensolver's */
    int *flag;                               /* batch: 1 where the pair starts from Z0 */
    double *growth;                          /* batch: the trust test's measure (0 where not computed) */
} hzgsvd__bat_pre_args;

/* A pointer array of the batched calls: P[p] = base + p stride (p < count). */
HZGSVD_PRIVATE __global__ void hzgsvd__bat_pre_ptrs(double **P, double *base, long long stride, long long count)
{
    for (long long p = blockIdx.x * (long long)blockDim.x + threadIdx.x; p < count; p += (long long)gridDim.x * blockDim.x) P[p] = base + p * stride;
}

/* The block's maximum of v (>= 0, NaN as +inf), the same in every thread; red: 32 doubles. */
HZGSVD_PRIVATE __device__ double hzgsvd__bat_pre_block_max(double v, double *red)
{
    if (!(v <= DBL_MAX)) v = HUGE_VAL;
    v = hzgsvd__bat_item_max(v, 32);
    const int w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    __syncthreads();
    if ((threadIdx.x & 31) == 0) red[w] = v;
    __syncthreads();
    v = 0.0;
    for (int i = 0; i < nw; ++i) v = fmax(v, red[i]);
    return v;
}

/* Row i of M (m rows, ld ES ld) times zs (ES n n, ld n) for the lane's warp's columns j = warp + q nw
 * (q < HZGSVD__BAT_PRE_COLS), re and im interleaved (2 HZGSVD__BAT_PRE_COLS doubles each): PLAIN the
 * plain products into plain (the trust test's), EXACT the Dot2 sums into exact (the product F Z0).
 * The two kinds are independent sums, so one pass giving both gives each the bits it gives alone.
 * Every q is computed (a column beyond n as column n - 1, never stored): with no branch between
 * them the columns' dependent Dot2 chains interleave (a break per column left each chain's latency
 * bare: 3.5 ms for 10^4 real n = 32 pairs staged, 1.9 ms without it; session 25). */
template <int PLAIN, int EXACT, int ES>
__device__ __forceinline__ void hzgsvd__bat_pre_rows(const double *M, int ld, int m, int n, const double *zs, int i, double *plain, double *exact)
{
    const int w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    double p[2 * HZGSVD__BAT_PRE_COLS], s[2 * HZGSVD__BAT_PRE_COLS], c[2 * HZGSVD__BAT_PRE_COLS];
#pragma unroll
    for (int k = 0; k < 2 * HZGSVD__BAT_PRE_COLS; ++k) { p[k] = 0.0; s[k] = 0.0; c[k] = 0.0; }
    if (i < m)
        for (int k = 0; k < n; ++k) {
            const double xr = M[(size_t)ES * (i + (size_t)k * ld)], xi = ES == 2 ? M[(size_t)ES * (i + (size_t)k * ld) + 1] : 0.0;
#pragma unroll
            for (int q = 0; q < HZGSVD__BAT_PRE_COLS; ++q) {
                const int j = w + q * nw < n ? w + q * nw : n - 1;
                const double yr = zs[(size_t)ES * (k + (size_t)j * n)];
                if (ES == 1) {
                    if (EXACT) hzgsvd__bat_dot2_step(xr, yr, &s[q], &c[q]);
                    if (PLAIN) p[q] += xr * yr;
                    continue;
                }
                const double yi = zs[(size_t)ES * (k + (size_t)j * n) + 1];
                if (EXACT) {
                    hzgsvd__bat_dot2_step(xr, yr, &s[2 * q], &c[2 * q]);
                    hzgsvd__bat_dot2_step(-xi, yi, &s[2 * q], &c[2 * q]);
                    hzgsvd__bat_dot2_step(xr, yi, &s[2 * q + 1], &c[2 * q + 1]);
                    hzgsvd__bat_dot2_step(xi, yr, &s[2 * q + 1], &c[2 * q + 1]);
                }
                if (PLAIN) {
                    p[2 * q] += xr * yr - xi * yi;
                    p[2 * q + 1] += xr * yi + xi * yr;
                }
            }
        }
#pragma unroll
    for (int k = 0; k < 2 * HZGSVD__BAT_PRE_COLS; ++k) {
        if (PLAIN) plain[k] = p[k];
        if (EXACT) exact[k] = s[k] + c[k];
    }
}

/* acc[q] += |r_q|^2 over the warp's columns (the trust test's sums, a lane's rows in row order). */
__device__ __forceinline__ void hzgsvd__bat_pre_square(const double *r, int es, double *acc)
{
    for (int q = 0; q < HZGSVD__BAT_PRE_COLS; ++q) acc[q] += es == 1 ? r[q] * r[q] : r[2 * q] * r[2 * q] + r[2 * q + 1] * r[2 * q + 1];
}

/* Row i of M (ld es ld) <- the lane's products r (its warp's columns). */
__device__ __forceinline__ void hzgsvd__bat_pre_put(double *M, int ld, int m, int n, int es, int i, const double *r)
{
    const int w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    if (i < m)
        for (int q = 0; q < HZGSVD__BAT_PRE_COLS && w + q * nw < n; ++q) {
            const size_t at = (size_t)es * (i + (size_t)(w + q * nw) * ld);
            M[at] = es == 1 ? r[q] : r[2 * q];
            if (es == 2) M[at + 1] = r[2 * q + 1];
        }
}

/* sum of squares of M z0_j over M's rows into acc[q] (the warp's columns; the sum over the lanes is
 * the caller's): plain products, for the trust test. */
template <int ES>
__device__ void hzgsvd__bat_pre_norms(const double *M, int ld, int m, int n, const double *zs, double *acc)
{
    for (int i0 = 0; i0 < m; i0 += 32) {
        double r[2 * HZGSVD__BAT_PRE_COLS];
        hzgsvd__bat_pre_rows<1, 0, ES>(M, ld, m, n, zs, i0 + (int)(threadIdx.x & 31), r, NULL);
        hzgsvd__bat_pre_square(r, ES, acc);
    }
}

/* M <- M zs in place, by chunks of 32 rows: every warp reads the chunk's rows before any writes them. */
template <int ES>
__device__ void hzgsvd__bat_pre_times(double *M, int ld, int m, int n, const double *zs)
{
    for (int i0 = 0; i0 < m; i0 += 32) {
        const int i = i0 + (int)(threadIdx.x & 31);
        double r[2 * HZGSVD__BAT_PRE_COLS];
        hzgsvd__bat_pre_rows<0, 1, ES>(M, ld, m, n, zs, i, NULL, r);
        __syncthreads();
        hzgsvd__bat_pre_put(M, ld, m, n, ES, i, r);
    }
}

/* Both at once on a staged M (shared memory, ld m): the trust test's sums into acc as
 * hzgsvd__bat_pre_norms gives them, and M <- M zs in place as hzgsvd__bat_pre_times (M's rows read
 * once, from shared memory, instead of twice from the caller's arrays). */
template <int ES>
__device__ void hzgsvd__bat_pre_pass(double *M, int m, int n, const double *zs, double *acc)
{
    for (int i0 = 0; i0 < m; i0 += 32) {
        const int i = i0 + (int)(threadIdx.x & 31);
        double r[2 * HZGSVD__BAT_PRE_COLS], x[2 * HZGSVD__BAT_PRE_COLS];
        hzgsvd__bat_pre_rows<1, 1, ES>(M, m, m, n, zs, i, r, x);
        hzgsvd__bat_pre_square(r, ES, acc);
        __syncthreads();
        hzgsvd__bat_pre_put(M, m, m, n, ES, i, x);
    }
}

/* m x n of Y (ld es ld) into or out of X (ld es m), all threads (out: X into Y). */
HZGSVD_PRIVATE __device__ void hzgsvd__bat_pre_stage(double *Y, int ld, int m, int n, int es, double *X, int out)
{
    const int col = es * m, dr = (int)blockDim.x % col, dc = (int)blockDim.x / col;
    for (int e = (int)threadIdx.x % col, j = (int)threadIdx.x / col; j < n; hzgsvd__bat_start_step_rect(col, dr, dc, &e, &j)) {
        double *y = Y + (size_t)es * j * ld + e, *x = X + (size_t)j * col + e;
        if (out) *y = *x;
        else *x = *y;
    }
}

/* Whether hzgsvd__bat_pre_apply stages the pair's F and G in shared memory, and its dynamic shared
 * memory in bytes: es n n + n doubles, with es (m_f + m_g) n more where staged (up to
 * HZGSVD__BAT_PRE_STAGE_BYTES: staged, complex n = 32, m = 64 takes 80 KB, two blocks an SM, and
 * its first version ran 0.82x as fast as unstaged; docs/PERFORMANCE.md, step 9). */
#ifndef HZGSVD__BAT_PRE_STAGE_BYTES
#define HZGSVD__BAT_PRE_STAGE_BYTES (64 * 1024)
#endif
HZGSVD_PRIVATE size_t hzgsvd__bat_pre_apply_smem(int cplx, int m_f, int m_g, int n, int *staged)
{
    const size_t es = cplx ? 2 : 1, base = sizeof(double) * (es * (size_t)n * n + (size_t)n);
    const size_t all = base + sizeof(double) * es * ((size_t)m_f + (size_t)m_g) * (size_t)n;
    *staged = all <= HZGSVD__BAT_PRE_STAGE_BYTES;
    return *staged ? all : base;
}

/* Per pair (a block each, hzgsvd__bat_pre_threads(n) threads; dynamic shared memory
 * hzgsvd__bat_pre_apply_smem): Z0's columns reversed into shared memory and back, the checks and the
 * trust test, then F <- F Z0 and G <- G Z0 where they pass (flag 1), else the pair as it came
 * (flag 0).  STAGED: F and G copied into shared memory first, the trust test's sums and the products
 * in one pass there, the products copied back where the pair passes; otherwise both passes on the
 * caller's arrays.  Both give the same bits. */
template <int STAGED, int ES>
__global__ void hzgsvd__bat_pre_apply(hzgsvd__bat_pre_args a)
{
    extern __shared__ double zs[];
    __shared__ double red[32];
    const int n = a.n, es = ES, w = threadIdx.x >> 5, nw = blockDim.x >> 5, lane = threadIdx.x & 31;
    double *dk = zs + (size_t)es * n * n;   /* n: ||F_k||^2 + ||G_k||^2 */
    double *sF = dk + n, *sG = sF + (size_t)es * a.m_f * n;   /* STAGED: F and G (ld m_f, m_g) */
    for (long long p = blockIdx.x; p < a.batch; p += gridDim.x) {
        double *z0 = a.z0 + p * es * (long long)n * n, *F = a.F + p * es * a.sF, *G = a.G + p * es * a.sG;
        const double *MF = STAGED ? sF : F, *MG = STAGED ? sG : G;
        const int lf = STAGED ? a.m_f : a.ldf, lg = STAGED ? a.m_g : a.ldg;
        __syncthreads();   /* the previous pair's last reads of zs (and of sF, sG) */
        int bad = a.info[p] != 0 || a.info[a.batch + p] != 0;
        for (int t = threadIdx.x; t < n * n; t += blockDim.x) {
            const int k = t % n, j = t / n;
            for (int e = 0; e < es; ++e) {
                const double v = z0[(size_t)es * (k + (size_t)(n - 1 - j) * n) + e];
                zs[(size_t)es * t + e] = v;
                bad |= !(fabs(v) <= DBL_MAX);
            }
        }
        bad = __syncthreads_or(bad);
        for (int t = threadIdx.x; t < es * n * n; t += blockDim.x) z0[t] = zs[t];   /* Z0 reversed, for hzgsvd__bat_pre_z */
        double growth = 0.0;
        if (!bad) {
            if (STAGED) {
                hzgsvd__bat_pre_stage(F, a.ldf, a.m_f, n, es, sF, 0);
                hzgsvd__bat_pre_stage(G, a.ldg, a.m_g, n, es, sG, 0);
                __syncthreads();
            }
            for (int k = w; k < n; k += nw) {   /* d_k^2, a warp a column */
                double v = 0.0;
                for (int i = lane; i < es * a.m_f; i += 32) v += MF[(size_t)es * k * lf + i] * MF[(size_t)es * k * lf + i];
                for (int i = lane; i < es * a.m_g; i += 32) v += MG[(size_t)es * k * lg + i] * MG[(size_t)es * k * lg + i];
                v = hzgsvd__warp_sum(v);
                if (lane == 0) dk[k] = v;
            }
            double acc[HZGSVD__BAT_PRE_COLS];
            for (int q = 0; q < HZGSVD__BAT_PRE_COLS; ++q) acc[q] = 0.0;
            if (STAGED) {
                __syncthreads();   /* dk read F and G before the pass writes them */
                hzgsvd__bat_pre_pass<ES>(sF, a.m_f, n, zs, acc);
                hzgsvd__bat_pre_pass<ES>(sG, a.m_g, n, zs, acc);
            } else {
                hzgsvd__bat_pre_norms<ES>(F, a.ldf, a.m_f, n, zs, acc);
                hzgsvd__bat_pre_norms<ES>(G, a.ldg, a.m_g, n, zs, acc);
            }
            __syncthreads();   /* dk (and the staged products) */
            double mine = 0.0;
            for (int q = 0; q < HZGSVD__BAT_PRE_COLS && w + q * nw < n; ++q) {
                const int j = w + q * nw;
                const double v = hzgsvd__warp_sum(acc[q]);
                double d = 0.0;
                for (int k = 0; k < n; ++k) {
                    const double zr = zs[(size_t)es * (k + (size_t)j * n)], zi = es == 2 ? zs[(size_t)es * (k + (size_t)j * n) + 1] : 0.0;
                    d += dk[k] * (zr * zr + zi * zi);
                }
                const double g = v > 0.0 ? sqrt(d / v) : HUGE_VAL;
                mine = fmax(mine, g != g ? HUGE_VAL : g);
            }
            growth = hzgsvd__bat_pre_block_max(mine, red);
            bad = !(growth <= HZGSVD__PRECONDITION_GROWTH);
        }
        if (threadIdx.x == 0) { a.flag[p] = !bad; a.growth[p] = growth <= DBL_MAX ? growth : DBL_MAX; }
        if (bad) continue;   /* the same in every thread */
        if (STAGED) {
            hzgsvd__bat_pre_stage(F, a.ldf, a.m_f, n, es, sF, 1);
            hzgsvd__bat_pre_stage(G, a.ldg, a.m_g, n, es, sG, 1);
        } else {
            hzgsvd__bat_pre_times<ES>(F, a.ldf, a.m_f, n, zs);
            hzgsvd__bat_pre_times<ES>(G, a.ldg, a.m_g, n, zs);
        }
    }
}

/* Z = Z0 Z1 per started pair (Z1 the caller's Z from the kernel or the one-pair path), a block a
 * pair, dynamic shared memory 2 es n n doubles; pairs with flag 0 keep Z1. */
HZGSVD_PRIVATE __global__ void hzgsvd__bat_pre_z(hzgsvd__bat_pre_args a)
{
    extern __shared__ double zs[];
    const int n = a.n, es = a.es;
    double *z1 = zs + (size_t)es * n * n;
    for (long long p = blockIdx.x; p < a.batch; p += gridDim.x) {
        if (!a.flag[p]) continue;   /* the same in every thread */
        const double *z0 = a.z0 + p * es * (long long)n * n;
        double *Z = a.Z + p * es * a.sZ;
        __syncthreads();
        for (int t = threadIdx.x; t < n * n; t += blockDim.x) {
            const int k = t % n, j = t / n;
            for (int e = 0; e < es; ++e) { zs[(size_t)es * t + e] = z0[(size_t)es * t + e]; z1[(size_t)es * t + e] = Z[(size_t)es * (k + (size_t)j * a.ldz) + e]; }
        }
        __syncthreads();
        for (int t = threadIdx.x; t < n * n; t += blockDim.x) {
            const int i = t % n, j = t / n;
            double re = 0.0, im = 0.0;
            for (int k = 0; k < n; ++k) {
                const size_t x = (size_t)es * (i + (size_t)k * n), y = (size_t)es * (k + (size_t)j * n);
                if (es == 1) { re += zs[x] * z1[y]; continue; }
                re += zs[x] * z1[y] - zs[x + 1] * z1[y + 1];
                im += zs[x] * z1[y + 1] + zs[x + 1] * z1[y];
            }
            Z[(size_t)es * (i + (size_t)j * a.ldz)] = re;
            if (es == 2) Z[(size_t)es * (i + (size_t)j * a.ldz) + 1] = im;
        }
    }
}

/* ---- the start's Jacobi solver on one warp (templates/hzgsvd_batched_start.h, "the Jacobi
 * eigensolver"; hzgsvd__bat_jac_host is its host twin, the same bits) ---------------------------- */

/* A lane's row of W: NE doubles in registers (SH 0), or its row of shared memory (SH 1,
 * hzgsvd__bat_jac_w_shared).  Indices known when compiled keep the registers' kind in registers. */
template <int NE, int SH>
struct hzgsvd__bat_jac_wrow {
    double v[NE];
    __device__ __forceinline__ void init(double *) {}
    __device__ __forceinline__ double &operator[](int i) { return v[i]; }
};
template <int NE>
struct hzgsvd__bat_jac_wrow<NE, 1> {
    double *p;
    __device__ __forceinline__ void init(double *row) { p = row; }
    __device__ __forceinline__ double &operator[](int i) { return p[i]; }
};

/* The step's renaming b <- M b (hzgsvd__bat_jac_next) of a lane's entries v[ES b .. ES b + ES - 1]:
 * LANES 1, C's row, from lane src (row M x: the move, by shuffles); LANES 0, W's row, the lane's own
 * (its columns renamed, the rows stay).  In place along M's one cycle through the nonzero b (b = 1,
 * M 1, M^2 1, ...: each entry read before it is overwritten, the first kept); entry 0 is fixed. */
template <int NN, int ES, int LANES, class V>
__device__ __forceinline__ void hzgsvd__bat_jac_cycle(V &v, int src)
{
    if (LANES)
#pragma unroll
        for (int e = 0; e < ES; ++e) v[e] = __shfl_sync(0xffffffffu, v[e], src, NN);
    double keep[ES];
#pragma unroll
    for (int e = 0; e < ES; ++e) keep[e] = v[ES + e];
    int b = 1;
#pragma unroll
    for (int j = 0; j < NN - 1; ++j) {
        const int nb = hzgsvd__bat_jac_next(NN, b);
#pragma unroll
        for (int e = 0; e < ES; ++e) {
            const double x = nb == 1 ? keep[e] : v[ES * nb + e];
            v[ES * b + e] = LANES ? __shfl_sync(0xffffffffu, x, src, NN) : x;
        }
        b = nb;
    }
}

/* One step on lane `lane` (row x = lane mod NN of its segment's pair, S that pair's shared memory):
 * the rotations of the pivots (x, x ^ 1) into the slots, C <- C J, W <- W J, C <- J^H C, the move.
 * A segment whose pair is done (`done`) shuffles and moves with the others but changes nothing (the
 * moves are permutations: a sweep of them is the identity).  Where a rotation was big
 * (hzgsvd__bat_jac_rotation's 2), *big = 1. */
template <int NN, int CPLX, class WR>
__device__ __forceinline__ void hzgsvd__bat_jac_step(const hzgsvd__bat_start_mem *S, double *r, WR &w, double floor, int lane, int done, int *big)
{
    constexpr int ES = CPLX ? 2 : 1;
    const int x = lane & (NN - 1), p = !(x & 1);
    constexpr int SL = HZGSVD__BAT_JAC_SLOT(CPLX) / 2;   /* a slot in double2s: (c, sr), (c, -sr), complex (si, 0) */
    const double2 *slot = (const double2 *)S->rot;
    const double aqq = __shfl_xor_sync(0xffffffffu, r[0], 1, NN);
    if (!done && p) {
        double rot[3];
        *big |= hzgsvd__bat_jac_rotation(CPLX, r[0], aqq, r[ES], CPLX ? r[ES + 1] : 0.0, floor, rot) == 2;
        double2 *out = (double2 *)S->rot + SL * (x >> 1);
        out[0] = make_double2(rot[0], rot[1]);
        out[1] = make_double2(rot[0], -rot[1]);
        if (CPLX) out[2] = make_double2(rot[2], 0.0);
    }
    __syncwarp();
    if (!done) {
#pragma unroll
        for (int a = 0; a < NN; a += 2) {   /* columns a, a + 1: the pivot of lane x ^ a, l = -sr where the lane is p */
            const int k = (x ^ a) >> 1;
            const double2 cs = slot[SL * k + p];
            hzgsvd__bat_jac_col(CPLX, cs.x, cs.y, CPLX ? slot[SL * k + 2].x : 0.0, &r[ES * a], &r[ES * (a + 1)]);
        }
#pragma unroll
        for (int k = 0; k < NN / 2; ++k) {   /* W's column 2 k is pivot k's p */
            const double2 cs = slot[SL * k + 1];
            hzgsvd__bat_jac_col(CPLX, cs.x, cs.y, CPLX ? slot[SL * k + 2].x : 0.0, &w[ES * 2 * k], &w[ES * (2 * k + 1)]);
        }
    }
    const double2 cs = slot[SL * (x >> 1) + p];   /* tau = conj(l) */
    const double c = cs.x, tr = cs.y, ti = CPLX ? -slot[SL * (x >> 1) + 2].x : 0.0;
#pragma unroll
    for (int a = 0; a < NN; a += 2) {   /* the partner's entries a ^ 1, both fetched before either is rotated */
        double y0[ES], y1[ES];
#pragma unroll
        for (int e = 0; e < ES; ++e) {
            y0[e] = __shfl_xor_sync(0xffffffffu, r[ES * (a + 1) + e], 1, NN);
            y1[e] = __shfl_xor_sync(0xffffffffu, r[ES * a + e], 1, NN);
        }
        if (!done) {
            hzgsvd__bat_jac_row(CPLX, c, tr, ti, &r[ES * a], y0);
            hzgsvd__bat_jac_row(CPLX, c, tr, ti, &r[ES * (a + 1)], y1);
        }
    }
    if (CPLX && !done) r[1] = 0.0;
    __syncwarp();   /* the slots read before the next step writes them */
    hzgsvd__bat_jac_cycle<NN, ES, 1>(r, hzgsvd__bat_jac_next(NN, x));
    hzgsvd__bat_jac_cycle<NN, ES, 0>(w, 0);
}

/* C = W Lambda W^H for the 32 / NN pairs of one warp, a segment of NN lanes each (lane `lane`, S
 * its segment's pair, nn = NN = hzgsvd__bat_jac_order(S->n)); a segment with `skip` (no pair, or
 * one without a Cholesky factor) shuffles and moves with the others but changes no value of its pair.  W into S->W, Lambda into C's diagonal; the sweeps
 * of the lane's pair, each pair's sweeps ending on its own (hzgsvd__bat_jac_host's bits). */
template <int NN, int CPLX>
__device__ __forceinline__ int hzgsvd__bat_jac_warp(const hzgsvd__bat_start_mem *S, int lane, int skip)
{
    constexpr int ES = CPLX ? 2 : 1, NE = ES * NN, SH = CPLX && NN >= HZGSVD__BAT_JAC_W_SHARED_NN;
    const int n = S->n, x = lane & (NN - 1), seg = lane / NN;
    const unsigned segmask = (NN == 32 ? 0xffffffffu : (1u << NN) - 1u) << (seg * NN);
    double r[NE];
    hzgsvd__bat_jac_wrow<NE, SH> w;
    const double floor = skip ? 0.0 : hzgsvd__bat_start_floor(S);
#pragma unroll
    for (int a = 0; a < NE; ++a) r[a] = skip ? 0.0 : hzgsvd__bat_jac_load(S, x, a / ES, a % ES);
    __syncwarp();   /* C read: W's rows may overlay it */
    w.init(S->C + (size_t)x * HZGSVD__BAT_JAC_WLD(NN, CPLX));
#pragma unroll
    for (int a = 0; a < NE; ++a) w[a] = a == ES * x ? 1.0 : 0.0;
    int sweeps = 0, done = skip;
    while (__any_sync(0xffffffffu, !done)) {
        int big = 0;
#pragma unroll 1   /* a sweep unrolled (the moves' renames then free) ran 0.7-1.0x: the code outgrew the instruction cache */
        for (int t = 0; t < NN - 1; ++t) hzgsvd__bat_jac_step<NN, CPLX>(S, r, w, floor, lane, done, &big);
        const int more = (__ballot_sync(0xffffffffu, big) & segmask) != 0;
        if (!done) {   /* quadratic convergence: what it rotated is now near u */
            ++sweeps;
            done = !more || sweeps == HZGSVD__BAT_START_SWEEPS;
        }
    }
    if (!skip && x < n) {
#pragma unroll
        for (int y = 0; y < NN; ++y)
            if (y < n)
#pragma unroll
                for (int e = 0; e < ES; ++e) hzgsvd__bat_start_at(S, S->W, x, y)[e] = w[ES * y + e];
    }
    __syncwarp();   /* W's rows read before C's diagonal is written over them */
    if (!skip && x < n) {
        double *d = hzgsvd__bat_start_at(S, S->C, x, x);
        d[0] = r[0];
        if (CPLX) d[1] = 0.0;
    }
    return sweeps;
}

/* The own start (templates/hzgsvd_batched_start.h), a group of 32 / NN pairs a block (NN =
 * hzgsvd__bat_jac_order(n), CPLX = (es == 2)): the block takes each pair's Gram matrices, Cholesky
 * factor and C in turn, warp 0 the Jacobi solver of all of them at once (a segment of NN lanes a
 * pair), then the block each pair's Z0.  NN = 0 (9 <= n <= 12, hzgsvd__bat_start_block_solver):
 * one pair a block, the whole block running the block solver.  Above HZGSVD__BAT_PRE_OWN_N (only
 * with HZGSVD_GPU_BATCHED_EIG=own) the instances nn = 16 complex and nn = 32 spill a few registers
 * (up to 160 bytes a thread; docs/PERFORMANCE.md, step 8).  Blocks of at least one warp (hzgsvd__bat_start_threads(n))
 * and hzgsvd__bat_pre_own_smem(n, cplx) bytes of dynamic shared memory.  Z0 into z0 (columns by
 * ascending eigenvalue, as the library chain's), the Cholesky factor's and the eigenvalues'
 * verdicts into info and info + batch (as potrf's and the eigensolver's).  Reads F and G only.
 * Launched by hzgsvd__bat_pre_own_launch. */
#ifndef HZGSVD__BAT_PRE_OWN_BOUNDS
#define HZGSVD__BAT_PRE_OWN_BOUNDS 256   /* the most threads of its block (test_gpu_batched runs 256) */
#endif
#ifndef HZGSVD__BAT_PRE_OWN_MIN_BLOCKS
#define HZGSVD__BAT_PRE_OWN_MIN_BLOCKS 1
#endif
template <int NN, int CPLX>
__global__ void __launch_bounds__(HZGSVD__BAT_PRE_OWN_BOUNDS, HZGSVD__BAT_PRE_OWN_MIN_BLOCKS) hzgsvd__bat_pre_own(hzgsvd__bat_pre_args a, int *info)
{
    constexpr int K = NN ? HZGSVD__BAT_JAC_LANES / NN : 1;
    extern __shared__ double sh[];
    const long long es = CPLX ? 2 : 1, nsq = (long long)a.n * a.n;
    const int n = a.n, tid = (int)threadIdx.x, nt = (int)blockDim.x;
    const size_t per = hzgsvd__bat_start_doubles(n, CPLX);
    for (long long g = (long long)blockIdx.x * K; g < a.batch; g += (long long)gridDim.x * K) {
        __syncthreads();   /* the previous group's last reads of sh */
#pragma unroll 1
        for (int j = 0; j < K; ++j) {   /* each pair's C, or its Cholesky verdict (-1: no pair) into key[n + 1] */
            const long long p = g + j;
            const hzgsvd__bat_start_mem S = hzgsvd__bat_start_mem_of(sh + j * per, n, CPLX);
            const int chol = p < a.batch ? hzgsvd__bat_start_front(&S, a.F + p * es * a.sF, a.ldf, a.m_f, a.G + p * es * a.sG, a.ldg, a.m_g, tid, nt) : -1;
            if (tid == 0) S.key[n + 1] = chol;
        }
        __syncthreads();
        if (NN == 0) {   /* the block solver, every thread (K = 1) */
            const hzgsvd__bat_start_mem S = hzgsvd__bat_start_mem_of(sh, n, CPLX);
            if (S.key[n + 1] == 0) (void)hzgsvd__bat_start_jacobi(&S, tid, nt);
        } else if (tid < 32) {
            const hzgsvd__bat_start_mem S = hzgsvd__bat_start_mem_of(sh + (tid / (NN ? NN : 1)) * per, n, CPLX);
            (void)hzgsvd__bat_jac_warp<NN ? NN : 2, CPLX>(&S, tid, S.key[n + 1] != 0);
        }
        __syncthreads();
#pragma unroll 1
        for (int j = 0; j < K; ++j) {
            const long long p = g + j;
            const hzgsvd__bat_start_mem S = hzgsvd__bat_start_mem_of(sh + j * per, n, CPLX);
            const int chol = S.key[n + 1];
            if (chol < 0) continue;
            const int eig = chol ? 0 : hzgsvd__bat_start_back(&S, a.z0 + p * es * nsq, tid, nt);
            if (tid == 0) { info[p] = chol; info[a.batch + p] = eig; }
        }
    }
}

/* hzgsvd__bat_pre_own's pairs a block (a group) and its dynamic shared memory in bytes. */
HZGSVD_PRIVATE int hzgsvd__bat_pre_own_group(int n)
{
    return hzgsvd__bat_start_block_solver(n) ? 1 : HZGSVD__BAT_JAC_LANES / hzgsvd__bat_jac_order(n);
}
HZGSVD_PRIVATE size_t hzgsvd__bat_pre_own_smem(int n, int cplx)
{
    return sizeof(double) * hzgsvd__bat_start_doubles(n, cplx) * (size_t)hzgsvd__bat_pre_own_group(n);
}

/* hzgsvd__bat_pre_own's block: one warp.  The Jacobi solver takes one warp; the other phases are
 * short, so small blocks, many of them an SM, keep it busy (blocks of 256 threads, two an SM by
 * their registers, left it waiting on every barrier: session 23's device run 1).  No bit depends
 * on it (test_gpu_batched runs 32, 64 and 256). */
HZGSVD_PRIVATE int hzgsvd__bat_start_threads(int n)
{
    (void)n;
    return 32;
}

/* hzgsvd__bat_pre_own for a's kind and order (n <= HZGSVD__BAT_START_MAX_N), its dynamic shared
 * memory allowed, launched on `stream`: one block a group of pairs (hzgsvd__bat_pre_own_group), at
 * most max_grid blocks (they loop over the groups), of `threads` threads (a multiple of 32, at most
 * HZGSVD__BAT_PRE_OWN_BOUNDS). */
HZGSVD_PRIVATE cudaError_t hzgsvd__bat_pre_own_launch(const hzgsvd__bat_pre_args *a, int *info, int max_grid, int threads, cudaStream_t stream)
{
    typedef void (*kernel)(hzgsvd__bat_pre_args, int *);
    const int cplx = a->es == 2, nn = hzgsvd__bat_start_block_solver(a->n) ? 0 : hzgsvd__bat_jac_order(a->n), group = hzgsvd__bat_pre_own_group(a->n);
    const size_t smem = hzgsvd__bat_pre_own_smem(a->n, cplx);
    const long long groups = (a->batch + group - 1) / group;
    const int grid = groups < max_grid ? (int)groups : max_grid;
    kernel k = NULL;
    switch (nn) {
    case 0: k = cplx ? hzgsvd__bat_pre_own<0, 1> : hzgsvd__bat_pre_own<0, 0>; break;   /* the block solver */
    case 2: k = cplx ? hzgsvd__bat_pre_own<2, 1> : hzgsvd__bat_pre_own<2, 0>; break;
    case 4: k = cplx ? hzgsvd__bat_pre_own<4, 1> : hzgsvd__bat_pre_own<4, 0>; break;
    case 8: k = cplx ? hzgsvd__bat_pre_own<8, 1> : hzgsvd__bat_pre_own<8, 0>; break;
    case 16: k = cplx ? hzgsvd__bat_pre_own<16, 1> : hzgsvd__bat_pre_own<16, 0>; break;
    case 32: k = cplx ? hzgsvd__bat_pre_own<32, 1> : hzgsvd__bat_pre_own<32, 0>; break;
    default: return cudaErrorInvalidValue;
    }
    if (grid < 1) return cudaSuccess;
    cudaError_t e = cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    if (e != cudaSuccess) return e;
    k<<<grid, threads, smem, stream>>>(*a, info);
    return cudaGetLastError();
}

/* ---- host ------------------------------------------------------------------------------------- */

/* The start's eigensolver: the own start (hzgsvd__bat_pre_own) for n <= HZGSVD__BAT_PRE_OWN_N, the
 * library chain with syevjBatched / heevjBatched up to n = 32, with XsyevBatched above.
 * HZGSVD_GPU_BATCHED_EIG, for measurements side by side (the bits differ): "own" the own start up to
 * n = HZGSVD__BAT_START_MAX_N, "syevj" the library chain with syevjBatched / heevjBatched (n <= 32),
 * "xsyev" the chain with XsyevBatched at every n. */
#define HZGSVD__BAT_EIG_OWN 0
#define HZGSVD__BAT_EIG_SYEVJ 1
#define HZGSVD__BAT_EIG_XSYEV 2
HZGSVD_PRIVATE int hzgsvd__bat_pre_eig(int n)
{
    const char *env = getenv("HZGSVD_GPU_BATCHED_EIG");
    const int asked_own = env && !strcmp(env, "own"), syevj = env && !strcmp(env, "syevj"), xsyev = env && !strcmp(env, "xsyev");
    const int own = asked_own ? HZGSVD__BAT_START_MAX_N : syevj || xsyev ? 0 : HZGSVD__BAT_PRE_OWN_N;
    if (n <= own) return HZGSVD__BAT_EIG_OWN;
    return n <= 32 && !xsyev ? HZGSVD__BAT_EIG_SYEVJ : HZGSVD__BAT_EIG_XSYEV;
}

/* The start's part of the workspace from byte base on (pure arithmetic). */
HZGSVD_PRIVATE void hzgsvd__bat_pre_plan_of(int cplx, int n, int batch, size_t base, hzgsvd__bat_pre_plan *q)
{
    const size_t es = cplx ? 2 : 1, nb = batch > 0 ? (size_t)batch : 1;
    q->chunk = batch < HZGSVD__BAT_PRE_CHUNK ? (batch > 0 ? batch : 1) : HZGSVD__BAT_PRE_CHUNK;
    q->eig = hzgsvd__bat_pre_eig(n);
    q->own = q->eig == HZGSVD__BAT_EIG_OWN;
    q->a_off = hzgsvd__bat_align(base);
    q->pa_off = q->a_off + hzgsvd__bat_align(sizeof(double) * es * (size_t)n * n * nb);
    q->info_off = q->pa_off + hzgsvd__bat_align(sizeof(double *) * nb);
    q->flag_off = q->info_off + hzgsvd__bat_align(sizeof(int) * 2 * nb);
    q->growth_off = q->flag_off + hzgsvd__bat_align(sizeof(int) * nb);
    q->bytes = q->growth_off + hzgsvd__bat_align(sizeof(double) * nb) - base;
}

/* The kernels' arguments for the batch b and the plan q. */
HZGSVD_PRIVATE hzgsvd__bat_pre_args hzgsvd__bat_pre_args_of(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work)
{
    hzgsvd__bat_pre_args a;
    a.es = b->cplx ? 2 : 1; a.m_f = b->m_f; a.m_g = b->m_g; a.n = b->n; a.ldf = b->ldf; a.ldg = b->ldg; a.ldz = b->ldz;
    a.batch = b->batch; a.sF = b->sF; a.sG = b->sG; a.sZ = b->sZ;
    a.F = b->F; a.G = b->G; a.Z = b->Z;
    a.z0 = (double *)(work + q->a_off);
    a.info = (const int *)(work + q->info_off);
    a.flag = (int *)(work + q->flag_off);
    a.growth = (double *)(work + q->growth_off);
    return a;
}

#ifndef HZGSVD_GPU_NO_CUSOLVER

/* cuBLAS and cuSOLVER handles of one device, made at a host thread's first batched start there and
 * kept for the thread's later calls, destroyed when the thread ends (HZGSVD__BAT_PRE_DEVICES
 * devices; above, made and destroyed per call).  A kept pair that fails is remade once
 * (hzgsvd__bat_run: a context reset leaves them dangling). */
#define HZGSVD__BAT_PRE_DEVICES 16
/* The scratch's pool (kept handles only) keeps up to this much device memory between calls: from
 * the device's default pool (release threshold 0) every call mapped its tens of MB afresh, 1.0-1.16x
 * slower at n = 16, 32 (device run 8 of session 22).  NULL where the pool could not be made, and
 * after an allocation from it failed (a context reset leaves it dangling; out of memory, its cache
 * goes with it): the default pool then. */
#define HZGSVD__BAT_PRE_POOL_KEEP ((unsigned long long)256 << 20)
typedef struct hzgsvd__bat_handles {
    cublasHandle_t blas;
    cusolverDnHandle_t sol;
    cusolverDnParams_t par;
    syevjInfo_t sj;
    cudaMemPool_t pool;
} hzgsvd__bat_handles;

/* Destroys whatever of h exists (errors ignored: nothing is left to tell them to). */
HZGSVD_PRIVATE void hzgsvd__bat_handles_drop(hzgsvd__bat_handles *h)
{
    if (h->pool) (void)cudaMemPoolDestroy(h->pool);
    if (h->sj) (void)cusolverDnDestroySyevjInfo(h->sj);
    if (h->par) (void)cusolverDnDestroyParams(h->par);
    if (h->sol) (void)cusolverDnDestroy(h->sol);
    if (h->blas) (void)cublasDestroy(h->blas);
    memset(h, 0, sizeof *h);
}

/* This thread's kept handles, one set a device; the destructor runs at the thread's end (for the
 * main thread before the CUDA runtime's own teardown at exit). */
struct hzgsvd__bat_handle_cache {
    hzgsvd__bat_handles h[HZGSVD__BAT_PRE_DEVICES];
    ~hzgsvd__bat_handle_cache()
    {
        for (int d = 0; d < HZGSVD__BAT_PRE_DEVICES; ++d)
            if (h[d].blas || h[d].sol) { (void)cudaSetDevice(d); hzgsvd__bat_handles_drop(&h[d]); }
    }
};

HZGSVD_PRIVATE hzgsvd__bat_handles *hzgsvd__bat_handles_kept(int dev)
{
    static thread_local hzgsvd__bat_handle_cache cache;
    return dev >= 0 && dev < HZGSVD__BAT_PRE_DEVICES ? &cache.h[dev] : NULL;
}

/* The scratch's pool on device dev, or NULL (the default pool serves then). */
HZGSVD_PRIVATE cudaMemPool_t hzgsvd__bat_pool_make(int dev)
{
    cudaMemPool_t pool = NULL;
    cudaMemPoolProps props;
    memset(&props, 0, sizeof props);
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = dev;
    if (cudaMemPoolCreate(&pool, &props) != cudaSuccess) { (void)cudaGetLastError(); return NULL; }
    unsigned long long keep = HZGSVD__BAT_PRE_POOL_KEEP;   /* the attribute is a 64-bit unsigned (the driver API's cuuint64_t) */
    if (cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep) != cudaSuccess) {
        (void)cudaGetLastError();
        (void)cudaMemPoolDestroy(pool);
        return NULL;
    }
    return pool;
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_handles_make(hzgsvd__bat_handles *h, int dev, int pooled, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    memset(h, 0, sizeof *h);
    HZGSVD__CUB(cublasCreate(&h->blas));
    HZGSVD__CUS(cusolverDnCreate(&h->sol));
    HZGSVD__CUS(cusolverDnSetDeterministicMode(h->sol, CUSOLVER_DETERMINISTIC_RESULTS));
    HZGSVD__CUS(cusolverDnCreateParams(&h->par));
    HZGSVD__CUS(cusolverDnCreateSyevjInfo(&h->sj));
    h->pool = pooled ? hzgsvd__bat_pool_make(dev) : NULL;
done:
    if (st != HZGSVD_SUCCESS) hzgsvd__bat_handles_drop(h);
    return st;
}

/* The current device's handles (kept, or made in tmp: *temp = 1, the caller drops them), on stream. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_handles_get(cudaStream_t stream, hzgsvd__bat_handles *tmp, hzgsvd__bat_handles **out, int *temp,
                                                     hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    int dev = 0;
    HZGSVD__CU(cudaGetDevice(&dev));
    *out = hzgsvd__bat_handles_kept(dev);
    *temp = *out == NULL;
    if (*temp) *out = tmp;
    if (!(*out)->blas) {
        st = hzgsvd__bat_handles_make(*out, dev, !*temp, info);
        if (st != HZGSVD_SUCCESS) goto done;
    }
    HZGSVD__CUB(cublasSetStream((*out)->blas, stream));
    HZGSVD__CUS(cusolverDnSetStream((*out)->sol, stream));
done:
    return st;
}

/* Drops the current device's kept handles (the next start makes them again). */
HZGSVD_PRIVATE void hzgsvd__bat_handles_forget(void)
{
    int dev = 0;
    if (cudaGetDevice(&dev) != cudaSuccess) { (void)cudaGetLastError(); return; }
    hzgsvd__bat_handles *h = hzgsvd__bat_handles_kept(dev);
    if (h) hzgsvd__bat_handles_drop(h);
}

/* The scratch of one chunk: B, lambda, B's pointer array, the eigensolver's device workspace. */
typedef struct hzgsvd__bat_pre_scratch {
    void *mem, *hwork;
    double *B, *lam, *ws;
    double **pB;
    size_t ws_bytes, host_bytes;
    int lwork;
    int jacobi;   /* 1: syevjBatched/heevjBatched, 0: XsyevBatched (the plan's eig) */
} hzgsvd__bat_pre_scratch;

/* The eigensolver's (eig: the plan's route) workspace sizes for a chunk (cuSOLVER's answer), then
 * one stream-ordered allocation from the kept pool (h->pool; the device's default pool where there
 * is none); *got = 0 (no error) where the device memory cannot be had. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_scratch_get(const hzgsvd__gpu_batch *b, int chunk, int eig, hzgsvd__bat_handles *h, hzgsvd__bat_pre_scratch *x,
                                                         int *got, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int n = b->n;
    const size_t es = b->cplx ? 2 : 1;
    *got = 0;
    x->jacobi = eig == HZGSVD__BAT_EIG_SYEVJ;
    if (x->jacobi) {
        if (b->cplx)
            HZGSVD__CUS(cusolverDnZheevjBatched_bufferSize(h->sol, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, NULL, n, NULL, &x->lwork, h->sj,
                                                           chunk));
        else
            HZGSVD__CUS(cusolverDnDsyevjBatched_bufferSize(h->sol, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, NULL, n, NULL, &x->lwork, h->sj,
                                                           chunk));
        x->ws_bytes = sizeof(double) * es * (size_t)(x->lwork > 0 ? x->lwork : 1);
    } else {
        const cudaDataType t = b->cplx ? CUDA_C_64F : CUDA_R_64F;
        HZGSVD__CUS(cusolverDnXsyevBatched_bufferSize(h->sol, h->par, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, t, NULL, n, CUDA_R_64F, NULL,
                                                      t, &x->ws_bytes, &x->host_bytes, chunk));
    }
    if (x->host_bytes && !(x->hwork = malloc(x->host_bytes))) return HZGSVD_SUCCESS;   /* no host memory: the plain start */
    {
        const size_t bb = hzgsvd__bat_align(sizeof(double) * es * (size_t)n * n * chunk), bl = hzgsvd__bat_align(sizeof(double) * (size_t)n * chunk);
        const size_t bp = hzgsvd__bat_align(sizeof(double *) * (size_t)chunk);
        const size_t bytes = bb + bl + bp + hzgsvd__bat_align(x->ws_bytes ? x->ws_bytes : 1);
        cudaError_t e = cudaErrorMemoryAllocation;
        if (h->pool && (e = cudaMallocFromPoolAsync(&x->mem, bytes, h->pool, b->stream)) != cudaSuccess) {
            (void)cudaGetLastError();
            (void)cudaMemPoolDestroy(h->pool);
            h->pool = NULL;
        }
        if (e != cudaSuccess) e = cudaMallocAsync(&x->mem, bytes, b->stream);
        if (e != cudaSuccess) {
            (void)cudaGetLastError();
            x->mem = NULL;
            return HZGSVD_SUCCESS;
        }
        char *c = (char *)x->mem;
        x->B = (double *)c; x->lam = (double *)(c + bb); x->pB = (double **)(c + bb + bl); x->ws = (double *)(c + bb + bl + bp);
    }
    *got = 1;
done:
    return st;
}

/* The library calls of the start on pairs [c0, c0 + cnt): A = F^H F, B = G^H G = L L^H,
 * C = L^-1 A L^-H, W, and Z0 = L^-H W in A. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_chunk(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work, hzgsvd__bat_handles *h,
                                                   const hzgsvd__bat_pre_scratch *x, int c0, int cnt, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int n = b->n, nb = b->batch;
    const long long es = b->cplx ? 2 : 1, sa = (long long)n * n;
    double **pA = (double **)(work + q->pa_off) + c0, **pB = x->pB, *A = (double *)(work + q->a_off) + es * sa * c0;
    const double *F = b->F + es * b->sF * c0, *G = b->G + es * b->sG * c0;
    int *dinfo = (int *)(work + q->info_off);
    if (b->cplx) {
        const cuDoubleComplex one = make_cuDoubleComplex(1.0, 0.0), zero = make_cuDoubleComplex(0.0, 0.0);
        cuDoubleComplex *const *zA = (cuDoubleComplex *const *)pA;
        const cuDoubleComplex *const *zB = (const cuDoubleComplex *const *)pB;
        HZGSVD__CUB(cublasZgemmStridedBatched(h->blas, CUBLAS_OP_C, CUBLAS_OP_N, n, n, b->m_f, &one, (const cuDoubleComplex *)F, b->ldf, b->sF,
                                              (const cuDoubleComplex *)F, b->ldf, b->sF, &zero, (cuDoubleComplex *)A, n, sa, cnt));
        HZGSVD__CUB(cublasZgemmStridedBatched(h->blas, CUBLAS_OP_C, CUBLAS_OP_N, n, n, b->m_g, &one, (const cuDoubleComplex *)G, b->ldg, b->sG,
                                              (const cuDoubleComplex *)G, b->ldg, b->sG, &zero, (cuDoubleComplex *)x->B, n, sa, cnt));
        HZGSVD__CUS(cusolverDnZpotrfBatched(h->sol, CUBLAS_FILL_MODE_LOWER, n, (cuDoubleComplex **)pB, n, dinfo + c0, cnt));
        HZGSVD__CUB(cublasZtrsmBatched(h->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, n, &one, zB, n, zA, n, cnt));
        HZGSVD__CUB(cublasZtrsmBatched(h->blas, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_C, CUBLAS_DIAG_NON_UNIT, n, n, &one, zB, n, zA, n, cnt));
        if (x->jacobi)
            HZGSVD__CUS(cusolverDnZheevjBatched(h->sol, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, (cuDoubleComplex *)A, n, x->lam,
                                                (cuDoubleComplex *)x->ws, x->lwork, dinfo + nb + c0, h->sj, cnt));
        else
            HZGSVD__CUS(cusolverDnXsyevBatched(h->sol, h->par, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, CUDA_C_64F, A, n, CUDA_R_64F, x->lam,
                                               CUDA_C_64F, x->ws, x->ws_bytes, x->hwork, x->host_bytes, dinfo + nb + c0, cnt));
        HZGSVD__CUB(cublasZtrsmBatched(h->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_C, CUBLAS_DIAG_NON_UNIT, n, n, &one, zB, n, zA, n, cnt));
    } else {
        const double one = 1.0, zero = 0.0;
        const double *const *dB = (const double *const *)pB;
        HZGSVD__CUB(cublasDgemmStridedBatched(h->blas, CUBLAS_OP_T, CUBLAS_OP_N, n, n, b->m_f, &one, F, b->ldf, b->sF, F, b->ldf, b->sF, &zero, A, n, sa,
                                              cnt));
        HZGSVD__CUB(cublasDgemmStridedBatched(h->blas, CUBLAS_OP_T, CUBLAS_OP_N, n, n, b->m_g, &one, G, b->ldg, b->sG, G, b->ldg, b->sG, &zero, x->B, n,
                                              sa, cnt));
        HZGSVD__CUS(cusolverDnDpotrfBatched(h->sol, CUBLAS_FILL_MODE_LOWER, n, pB, n, dinfo + c0, cnt));
        HZGSVD__CUB(cublasDtrsmBatched(h->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, n, &one, dB, n, pA, n, cnt));
        HZGSVD__CUB(cublasDtrsmBatched(h->blas, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, n, n, &one, dB, n, pA, n, cnt));
        if (x->jacobi)
            HZGSVD__CUS(cusolverDnDsyevjBatched(h->sol, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, A, n, x->lam, x->ws, x->lwork,
                                                dinfo + nb + c0, h->sj, cnt));
        else
            HZGSVD__CUS(cusolverDnXsyevBatched(h->sol, h->par, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, CUDA_R_64F, A, n, CUDA_R_64F, x->lam,
                                               CUDA_R_64F, x->ws, x->ws_bytes, x->hwork, x->host_bytes, dinfo + nb + c0, cnt));
        HZGSVD__CUB(cublasDtrsmBatched(h->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, n, n, &one, dB, n, pA, n, cnt));
    }
done:
    return st;
}

/* The library chain on the whole batch: the handles, the scratch, the calls chunk by chunk; Z0 and
 * the verdicts of potrf and the eigensolver as hzgsvd__bat_pre_own's.  *got = 0 where the scratch
 * cannot be had.  On b->stream. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_library(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work, int *got, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    hzgsvd__bat_handles tmp, *h = NULL;
    hzgsvd__bat_pre_scratch x;
    int temp = 0;
    const int n = b->n, nb = b->batch;
    const size_t es = b->cplx ? 2 : 1;
    const int pgrid = (nb + 255) / 256 < 1024 ? (nb + 255) / 256 : 1024;
    memset(&tmp, 0, sizeof tmp);
    memset(&x, 0, sizeof x);
    *got = 0;
    st = hzgsvd__bat_handles_get(b->stream, &tmp, &h, &temp, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__bat_pre_scratch_get(b, q->chunk, q->eig, h, &x, got, info);
    if (st != HZGSVD_SUCCESS || !*got) goto done;
    hzgsvd__bat_pre_ptrs<<<pgrid, 256, 0, b->stream>>>((double **)(work + q->pa_off), (double *)(work + q->a_off), (long long)es * n * n, nb);
    HZGSVD__CU(cudaGetLastError());
    hzgsvd__bat_pre_ptrs<<<1, 256, 0, b->stream>>>(x.pB, x.B, (long long)es * n * n, q->chunk);
    HZGSVD__CU(cudaGetLastError());
    for (int c0 = 0; c0 < nb; c0 += q->chunk) {
        st = hzgsvd__bat_pre_chunk(b, q, work, h, &x, c0, nb - c0 < q->chunk ? nb - c0 : q->chunk, info);
        if (st != HZGSVD_SUCCESS) goto done;
    }
done:
    if (x.hwork) { (void)cudaStreamSynchronize(b->stream); free(x.hwork); }   /* the eigensolver may use it until its work ends */
    if (x.mem) {
        const cudaError_t e = cudaFreeAsync(x.mem, b->stream);
        if (e != cudaSuccess && st == HZGSVD_SUCCESS) st = hzgsvd__fail(info, HZGSVD_ERR_CUDA, "cudaFreeAsync(the start's scratch) failed: %s", cudaGetErrorString(e));
    }
    if (temp) hzgsvd__bat_handles_drop(&tmp);
    return st;
}

/* The start on the whole batch, before the kernel: every verdict 0, Z0 by the own start or the
 * library chain (hzgsvd__bat_pre_eig), then hzgsvd__bat_pre_apply (the last step: F and G are
 * touched only by it, so a failure before leaves the pair as it came).  *started = 0 where the
 * library chain's scratch cannot be had: the batch keeps the plain start.  On b->stream. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_start(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work, int *started, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    int got = 1;
    const int n = b->n, nb = b->batch, grid = nb < HZGSVD__BAT_GRID_MAX ? nb : HZGSVD__BAT_GRID_MAX;
    const hzgsvd__bat_pre_args a = hzgsvd__bat_pre_args_of(b, q, work);
    int staged = 0;
    const size_t smem = hzgsvd__bat_pre_apply_smem(b->cplx, b->m_f, b->m_g, n, &staged);
    void (*apply)(hzgsvd__bat_pre_args) = b->cplx ? (staged ? hzgsvd__bat_pre_apply<1, 2> : hzgsvd__bat_pre_apply<0, 2>)
                                                  : (staged ? hzgsvd__bat_pre_apply<1, 1> : hzgsvd__bat_pre_apply<0, 1>);
    *started = 0;
    HZGSVD__CU(cudaMemsetAsync(a.flag, 0, sizeof(int) * (size_t)nb, b->stream));
    HZGSVD__CU(cudaMemsetAsync(a.growth, 0, sizeof(double) * (size_t)nb, b->stream));
    if (q->own) {
        HZGSVD__CU(hzgsvd__bat_pre_own_launch(&a, (int *)(work + q->info_off), HZGSVD__BAT_GRID_MAX, hzgsvd__bat_start_threads(n), b->stream));
    } else {
        st = hzgsvd__bat_pre_library(b, q, work, &got, info);
        if (st != HZGSVD_SUCCESS || !got) goto done;
    }
    HZGSVD__CU(cudaFuncSetAttribute(apply, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    apply<<<grid, hzgsvd__bat_pre_threads(n), smem, b->stream>>>(a);
    HZGSVD__CU(cudaGetLastError());
    *started = 1;
done:
    return st;
}

/* After every pair is solved: Z = Z0 Z1 where the device verdicts say so (hzgsvd__bat_run clears
 * those of pairs that failed). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_finish(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const size_t smem = sizeof(double) * 2 * (b->cplx ? 2 : 1) * (size_t)b->n * b->n;
    HZGSVD__CU(cudaFuncSetAttribute(hzgsvd__bat_pre_z, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    hzgsvd__bat_pre_z<<<b->batch < HZGSVD__BAT_GRID_MAX ? b->batch : HZGSVD__BAT_GRID_MAX, HZGSVD__BAT_PRE_THREADS, smem, b->stream>>>(
        hzgsvd__bat_pre_args_of(b, q, work));
    HZGSVD__CU(cudaGetLastError());
done:
    return st;
}

#else /* HZGSVD_GPU_NO_CUSOLVER: hzgsvd__bat_pre_on is 0, so the driver never calls these */

HZGSVD_PRIVATE void hzgsvd__bat_handles_forget(void) {}
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_start(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work, int *started, hzgsvd_info *info)
{
    (void)b; (void)q; (void)work;
    *started = 0;
    return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "hzgsvd__bat_pre_start in a build without cuSOLVER (hzgsvd__bat_pre_on is 0 there)");
}
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_finish(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work, hzgsvd_info *info)
{
    (void)b; (void)q; (void)work;
    return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "hzgsvd__bat_pre_finish in a build without cuSOLVER (hzgsvd__bat_pre_on is 0 there)");
}

#endif /* HZGSVD_GPU_NO_CUSOLVER */
