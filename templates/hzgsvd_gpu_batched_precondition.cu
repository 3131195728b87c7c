/* The batched call's preconditioned start (options.precondition QR_EIG; AUTO's choice from n =
 * HZGSVD__BAT_PRE_AUTO_N, complex from HZGSVD__BAT_PRE_AUTO_N_COMPLEX; docs/API.md, "Batched pairs", and docs/NUMERICS.md, "The batched
 * preconditioned start").  Per pair, as the one-pair stage (templates/hzgsvd_gpu_precondition.cu)
 * but from cuBLAS's and cuSOLVER's batched calls:
 *
 *   A = F^H F, B = G^H G            gemmStridedBatched on the caller's arrays
 *   B = L L^H                       potrfBatched  (L^H is G's R of a QR up to the signs of its rows;
 *                                   a batched QR of the tall pair costs more than the whole start)
 *   C = L^-1 A L^-H                 two trsmBatched
 *   C = W Lambda W^H                syevjBatched / heevjBatched (n <= 32), XsyevBatched above
 *   Z0 = L^-H W, columns reversed   trsmBatched; the reversal in hzgsvd__bat_pre_apply (sigma
 *                                   descending, the order the sorting variants keep)
 *
 * then (hzgsvd__bat_pre_apply) the trust test of the one-pair stage, growth max_j ||D z0_j|| /
 * ||[F; G] z0_j|| <= HZGSVD__PRECONDITION_GROWTH (D: the column norms of [F; G]), and F <- F Z0,
 * G <- G Z0 in place, every entry a compensated dot product (Ogita, Rump and Oishi's Dot2: as
 * accurate as the product in twice the working precision, then rounded once), so the kernel's pair
 * is (F Z0, G Z0) to one rounding of each entry whatever the cancellation in a column.  The kernel
 * then counts its stop rule from the second sweep (hzgsvd__bat_opts.min_sweeps), and after every
 * pair is solved (the one-pair path's included, which solve the transformed pair too)
 * hzgsvd__bat_pre_z makes Z = Z0 Z1.
 *
 * A pair whose start fails (potrf or the eigensolver's info nonzero: G numerically rank deficient or
 * a non-finite entry; a non-finite Z0; the trust test) keeps its input and the plain start, bitwise
 * as a run with precondition NONE.  So the iteration certifies every pair as before: a start only
 * changes how many sweeps it takes.
 *
 * cuBLAS and cuSOLVER handles are made once per host thread and device and kept (the first call's
 * set-up, tens of milliseconds, is not paid again); the solver runs in CUSOLVER_DETERMINISTIC_RESULTS
 * mode on the caller's stream, so runs are bitwise reproducible on one GPU model and toolkit.  The
 * start's workspace follows the kernel's (hzgsvd__bat_pre_plan_of). */

#define HZGSVD__BAT_PRE_AUTO_N 8       /* AUTO takes the batched start of real pairs from this n on (1.15x at n = 8; docs/PERFORMANCE.md) */
#define HZGSVD__BAT_PRE_AUTO_N_COMPLEX 16   /* and of complex ones from this n (0.93x at n = 8, 1.7x at 16) */
#define HZGSVD__BAT_PRE_CHUNK 16384    /* pairs of one cuSOLVER/cuBLAS batched call (their batch limits, the eigensolver's workspace) */
#define HZGSVD__BAT_PRE_THREADS 256    /* hzgsvd__bat_pre_apply's and hzgsvd__bat_pre_z's blocks */
#define HZGSVD__BAT_PRE_COLS 8         /* columns a lane of hzgsvd__bat_pre_apply carries: ceil(64 / 8 warps) */

/* Whether the batched call starts preconditioned: QR_EIG asked, or AUTO from HZGSVD__BAT_PRE_AUTO_N
 * (complex: _COMPLEX) with room for the second sweep; never without cuSOLVER (QR_EIG is then
 * refused by the checks). */
HZGSVD_PRIVATE int hzgsvd__bat_pre_on(const hzgsvd_options *o, int n, int cplx)
{
#ifdef HZGSVD_GPU_NO_CUSOLVER
    (void)o; (void)n; (void)cplx;
    return 0;
#else
    return o->precondition == HZGSVD_PRECONDITION_QR_EIG
        || (o->precondition == HZGSVD_PRECONDITION_AUTO && n >= (cplx ? HZGSVD__BAT_PRE_AUTO_N_COMPLEX : HZGSVD__BAT_PRE_AUTO_N) && o->max_sweeps >= 2);
#endif
}

/* The start's workspace, after the kernel's (offsets from the workspace's start, 256-byte aligned):
 * A (Z0 at the end), B (L), lambda, the pointer arrays of A and B, the info of potrf and of the
 * eigensolver, the verdicts (1: started from Z0) and growths, the eigensolver's device workspace for
 * one chunk; host: its host workspace. */
typedef struct hzgsvd__bat_pre_plan {
    size_t a_off, b_off, lam_off, pa_off, pb_off, info_off, flag_off, growth_off, ws_off, bytes;
    size_t ws_bytes, host_bytes;
    int lwork, chunk;
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

/* The pointer arrays of the batched calls: pA[p] = A + p es n n, pB[p] likewise. */
HZGSVD_PRIVATE __global__ void hzgsvd__bat_pre_ptrs(double **pA, double *A, double **pB, double *B, long long stride, long long batch)
{
    for (long long p = blockIdx.x * (long long)blockDim.x + threadIdx.x; p < batch; p += (long long)gridDim.x * blockDim.x) {
        pA[p] = A + p * stride;
        pB[p] = B + p * stride;
    }
}

/* One step of Dot2 (s + c += x y): the product's error by an FMA, the sum's by TwoSum. */
HZGSVD_PRIVATE __device__ __forceinline__ void hzgsvd__bat_dot2(double x, double y, double *s, double *c)
{
    const double h = x * y, r = fma(x, y, -h);
    const double t = *s + h, z = t - *s;
    *c += ((*s - (t - z)) + (h - z)) + r;
    *s = t;
}

/* The block's maximum of v (>= 0, NaN as +inf), the same in every thread; red: 32 doubles. */
HZGSVD_PRIVATE __device__ double hzgsvd__bat_pre_block_max(double v, double *red)
{
    if (!(v <= DBL_MAX)) v = HUGE_VAL;
    for (int o = 16; o > 0; o >>= 1) v = fmax(v, __shfl_xor_sync(0xffffffffu, v, o));
    const int w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    __syncthreads();
    if ((threadIdx.x & 31) == 0) red[w] = v;
    __syncthreads();
    v = 0.0;
    for (int i = 0; i < nw; ++i) v = fmax(v, red[i]);
    return v;
}

/* Row chunk i0 of M (m rows, ld es ld) times zs (es n n, ld n) for the lane's row and its warp's
 * columns j = warp + k nw (k < HZGSVD__BAT_PRE_COLS): plain products (exact = 0) or Dot2 sums
 * (exact = 1), re and im interleaved in out (2 HZGSVD__BAT_PRE_COLS doubles). */
HZGSVD_PRIVATE __device__ void hzgsvd__bat_pre_rows(const double *M, int ld, int m, int n, int es, const double *zs, int i, int exact, double *out)
{
    const int w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    double s[2 * HZGSVD__BAT_PRE_COLS], c[2 * HZGSVD__BAT_PRE_COLS];
    for (int k = 0; k < 2 * HZGSVD__BAT_PRE_COLS; ++k) { s[k] = 0.0; c[k] = 0.0; }
    if (i < m)
        for (int k = 0; k < n; ++k) {
            const double xr = M[(size_t)es * (i + (size_t)k * ld)], xi = es == 2 ? M[(size_t)es * (i + (size_t)k * ld) + 1] : 0.0;
            for (int q = 0; q < HZGSVD__BAT_PRE_COLS; ++q) {
                const int j = w + q * nw;
                if (j >= n) break;
                const double yr = zs[(size_t)es * (k + (size_t)j * n)];
                if (es == 1) {
                    if (exact) hzgsvd__bat_dot2(xr, yr, &s[q], &c[q]);
                    else s[q] += xr * yr;
                    continue;
                }
                const double yi = zs[(size_t)es * (k + (size_t)j * n) + 1];
                if (exact) {
                    hzgsvd__bat_dot2(xr, yr, &s[2 * q], &c[2 * q]);
                    hzgsvd__bat_dot2(-xi, yi, &s[2 * q], &c[2 * q]);
                    hzgsvd__bat_dot2(xr, yi, &s[2 * q + 1], &c[2 * q + 1]);
                    hzgsvd__bat_dot2(xi, yr, &s[2 * q + 1], &c[2 * q + 1]);
                } else {
                    s[2 * q] += xr * yr - xi * yi;
                    s[2 * q + 1] += xr * yi + xi * yr;
                }
            }
        }
    for (int k = 0; k < 2 * HZGSVD__BAT_PRE_COLS; ++k) out[k] = s[k] + c[k];
}

/* sum of squares of M z0_j over M's rows into acc[q] (the warp's columns; the sum over the lanes is
 * the caller's): plain products, for the trust test. */
HZGSVD_PRIVATE __device__ void hzgsvd__bat_pre_norms(const double *M, int ld, int m, int n, int es, const double *zs, double *acc)
{
    for (int i0 = 0; i0 < m; i0 += 32) {
        double r[2 * HZGSVD__BAT_PRE_COLS];
        hzgsvd__bat_pre_rows(M, ld, m, n, es, zs, i0 + (int)(threadIdx.x & 31), 0, r);
        for (int q = 0; q < HZGSVD__BAT_PRE_COLS; ++q)
            acc[q] += es == 1 ? r[q] * r[q] : r[2 * q] * r[2 * q] + r[2 * q + 1] * r[2 * q + 1];
    }
}

/* M <- M zs in place, by chunks of 32 rows: every warp reads the chunk's rows before any writes them. */
HZGSVD_PRIVATE __device__ void hzgsvd__bat_pre_times(double *M, int ld, int m, int n, int es, const double *zs)
{
    const int w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    for (int i0 = 0; i0 < m; i0 += 32) {
        const int i = i0 + (int)(threadIdx.x & 31);
        double r[2 * HZGSVD__BAT_PRE_COLS];
        hzgsvd__bat_pre_rows(M, ld, m, n, es, zs, i, 1, r);
        __syncthreads();
        if (i < m)
            for (int q = 0; q < HZGSVD__BAT_PRE_COLS && w + q * nw < n; ++q) {
                const size_t at = (size_t)es * (i + (size_t)(w + q * nw) * ld);
                M[at] = es == 1 ? r[q] : r[2 * q];
                if (es == 2) M[at + 1] = r[2 * q + 1];
            }
        __syncthreads();
    }
}

/* Per pair (a block each, HZGSVD__BAT_PRE_THREADS threads; dynamic shared memory es n n + n
 * doubles): Z0's columns reversed into shared memory and back, the checks and the trust test, then
 * F <- F Z0 and G <- G Z0 where they pass (flag 1), else the pair as it came (flag 0). */
HZGSVD_PRIVATE __global__ void hzgsvd__bat_pre_apply(hzgsvd__bat_pre_args a)
{
    extern __shared__ double zs[];
    __shared__ double red[32];
    const int n = a.n, es = a.es, w = threadIdx.x >> 5, nw = blockDim.x >> 5, lane = threadIdx.x & 31;
    double *dk = zs + (size_t)es * n * n;   /* n: ||F_k||^2 + ||G_k||^2 */
    for (long long p = blockIdx.x; p < a.batch; p += gridDim.x) {
        double *z0 = a.z0 + p * es * (long long)n * n, *F = a.F + p * es * a.sF, *G = a.G + p * es * a.sG;
        __syncthreads();   /* the previous pair's last reads of zs */
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
            for (int k = w; k < n; k += nw) {   /* d_k^2, a warp a column */
                double v = 0.0;
                for (int i = lane; i < es * a.m_f; i += 32) v += F[(size_t)es * k * a.ldf + i] * F[(size_t)es * k * a.ldf + i];
                for (int i = lane; i < es * a.m_g; i += 32) v += G[(size_t)es * k * a.ldg + i] * G[(size_t)es * k * a.ldg + i];
                for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
                if (lane == 0) dk[k] = v;
            }
            double acc[HZGSVD__BAT_PRE_COLS];
            for (int q = 0; q < HZGSVD__BAT_PRE_COLS; ++q) acc[q] = 0.0;
            hzgsvd__bat_pre_norms(F, a.ldf, a.m_f, n, es, zs, acc);
            hzgsvd__bat_pre_norms(G, a.ldg, a.m_g, n, es, zs, acc);
            __syncthreads();   /* dk */
            double mine = 0.0;
            for (int q = 0; q < HZGSVD__BAT_PRE_COLS && w + q * nw < n; ++q) {
                const int j = w + q * nw;
                double v = acc[q], d = 0.0;
                for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
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
        hzgsvd__bat_pre_times(F, a.ldf, a.m_f, n, es, zs);
        hzgsvd__bat_pre_times(G, a.ldg, a.m_g, n, es, zs);
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

/* ---- host ------------------------------------------------------------------------------------- */

#ifndef HZGSVD_GPU_NO_CUSOLVER

/* cuBLAS and cuSOLVER handles of one device, made at a host thread's first batched start there and
 * kept for the thread's later calls (HZGSVD__BAT_PRE_DEVICES devices at most; above, made and
 * destroyed per call). */
#define HZGSVD__BAT_PRE_DEVICES 16
typedef struct hzgsvd__bat_handles {
    int made;
    cublasHandle_t blas;
    cusolverDnHandle_t sol;
    cusolverDnParams_t par;
    syevjInfo_t sj;
} hzgsvd__bat_handles;

HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_handles_make(hzgsvd__bat_handles *h, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    HZGSVD__CUB(cublasCreate(&h->blas));
    HZGSVD__CUS(cusolverDnCreate(&h->sol));
    HZGSVD__CUS(cusolverDnSetDeterministicMode(h->sol, CUSOLVER_DETERMINISTIC_RESULTS));
    HZGSVD__CUS(cusolverDnCreateParams(&h->par));
    HZGSVD__CUS(cusolverDnCreateSyevjInfo(&h->sj));
    h->made = 1;
done:
    return st;
}

/* This thread's handles on the current device, on stream; *temp = 1 where they are the caller's to
 * destroy (a device beyond the kept ones). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_handles_get(cudaStream_t stream, hzgsvd__bat_handles *tmp, hzgsvd__bat_handles **out, int *temp,
                                                     hzgsvd_info *info)
{
    static thread_local hzgsvd__bat_handles kept[HZGSVD__BAT_PRE_DEVICES];
    hzgsvd_status st = HZGSVD_SUCCESS;
    int dev = 0;
    HZGSVD__CU(cudaGetDevice(&dev));
    *temp = dev < 0 || dev >= HZGSVD__BAT_PRE_DEVICES;
    *out = *temp ? tmp : &kept[dev];
    if (!(*out)->made) {
        memset(*out, 0, sizeof **out);
        st = hzgsvd__bat_handles_make(*out, info);
        if (st != HZGSVD_SUCCESS) goto done;
    }
    HZGSVD__CUB(cublasSetStream((*out)->blas, stream));
    HZGSVD__CUS(cusolverDnSetStream((*out)->sol, stream));
done:
    return st;
}

HZGSVD_PRIVATE void hzgsvd__bat_handles_drop(hzgsvd__bat_handles *h)
{
    if (!h->made) return;
    (void)cusolverDnDestroySyevjInfo(h->sj);
    (void)cusolverDnDestroyParams(h->par);
    (void)cusolverDnDestroy(h->sol);
    (void)cublasDestroy(h->blas);
    h->made = 0;
}

/* The start's part of the workspace from byte base on (q), with the eigensolver's workspace for a
 * chunk of the batch (asked of cuSOLVER). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_plan_of(int cplx, int n, int batch, size_t base, hzgsvd__bat_pre_plan *q, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    hzgsvd__bat_handles tmp, *h = NULL;
    int temp = 0;
    const size_t es = cplx ? 2 : 1, nb = batch > 0 ? (size_t)batch : 1;
    memset(&tmp, 0, sizeof tmp);
    memset(q, 0, sizeof *q);
    q->chunk = batch < HZGSVD__BAT_PRE_CHUNK ? (batch > 0 ? batch : 1) : HZGSVD__BAT_PRE_CHUNK;
    st = hzgsvd__bat_handles_get(0, &tmp, &h, &temp, info);
    if (st != HZGSVD_SUCCESS) goto done;
    if (n <= 32) {
        if (cplx)
            HZGSVD__CUS(cusolverDnZheevjBatched_bufferSize(h->sol, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, NULL, n, NULL, &q->lwork, h->sj,
                                                           q->chunk));
        else
            HZGSVD__CUS(cusolverDnDsyevjBatched_bufferSize(h->sol, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, NULL, n, NULL, &q->lwork, h->sj,
                                                           q->chunk));
        q->ws_bytes = sizeof(double) * es * (size_t)(q->lwork > 0 ? q->lwork : 1);
    } else {
        const cudaDataType t = cplx ? CUDA_C_64F : CUDA_R_64F;
        HZGSVD__CUS(cusolverDnXsyevBatched_bufferSize(h->sol, h->par, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, t, NULL, n, CUDA_R_64F, NULL,
                                                      t, &q->ws_bytes, &q->host_bytes, q->chunk));
    }
    {
        const size_t mat = hzgsvd__bat_align(sizeof(double) * es * (size_t)n * n * nb);
        q->a_off = base;
        q->b_off = q->a_off + mat;
        q->lam_off = q->b_off + mat;
        q->pa_off = q->lam_off + hzgsvd__bat_align(sizeof(double) * (size_t)n * nb);
        q->pb_off = q->pa_off + hzgsvd__bat_align(sizeof(double *) * nb);
        q->info_off = q->pb_off + hzgsvd__bat_align(sizeof(double *) * nb);
        q->flag_off = q->info_off + hzgsvd__bat_align(sizeof(int) * 2 * nb);
        q->growth_off = q->flag_off + hzgsvd__bat_align(sizeof(int) * nb);
        q->ws_off = q->growth_off + hzgsvd__bat_align(sizeof(double) * nb);
        q->bytes = q->ws_off + hzgsvd__bat_align(q->ws_bytes ? q->ws_bytes : 1) - base;
    }
done:
    if (temp) hzgsvd__bat_handles_drop(&tmp);
    return st;
}

/* The batched calls of the start on pairs [c0, c0 + cnt): L, C, W and Z0 (in A). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_chunk(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work, hzgsvd__bat_handles *h,
                                                   void *hwork, int c0, int cnt, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int n = b->n;
    const size_t es = b->cplx ? 2 : 1;
    double **pA = (double **)(work + q->pa_off) + c0, **pB = (double **)(work + q->pb_off) + c0;
    double *A = (double *)(work + q->a_off) + es * (size_t)n * n * c0, *lam = (double *)(work + q->lam_off) + (size_t)n * c0;
    int *dinfo = (int *)(work + q->info_off);
    void *ws = work + q->ws_off;
    if (b->cplx) {
        const cuDoubleComplex one = make_cuDoubleComplex(1.0, 0.0);
        HZGSVD__CUS(cusolverDnZpotrfBatched(h->sol, CUBLAS_FILL_MODE_LOWER, n, (cuDoubleComplex **)pB, n, dinfo + c0, cnt));
        HZGSVD__CUB(cublasZtrsmBatched(h->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, n, &one,
                                       (const cuDoubleComplex *const *)pB, n, (cuDoubleComplex *const *)pA, n, cnt));
        HZGSVD__CUB(cublasZtrsmBatched(h->blas, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_C, CUBLAS_DIAG_NON_UNIT, n, n, &one,
                                       (const cuDoubleComplex *const *)pB, n, (cuDoubleComplex *const *)pA, n, cnt));
        if (n <= 32)
            HZGSVD__CUS(cusolverDnZheevjBatched(h->sol, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, (cuDoubleComplex *)A, n, lam,
                                                (cuDoubleComplex *)ws, q->lwork, dinfo + b->batch + c0, h->sj, cnt));
        else
            HZGSVD__CUS(cusolverDnXsyevBatched(h->sol, h->par, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, CUDA_C_64F, A, n, CUDA_R_64F, lam,
                                               CUDA_C_64F, ws, q->ws_bytes, hwork, q->host_bytes, dinfo + b->batch + c0, cnt));
        HZGSVD__CUB(cublasZtrsmBatched(h->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_C, CUBLAS_DIAG_NON_UNIT, n, n, &one,
                                       (const cuDoubleComplex *const *)pB, n, (cuDoubleComplex *const *)pA, n, cnt));
    } else {
        const double one = 1.0;
        HZGSVD__CUS(cusolverDnDpotrfBatched(h->sol, CUBLAS_FILL_MODE_LOWER, n, pB, n, dinfo + c0, cnt));
        HZGSVD__CUB(cublasDtrsmBatched(h->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, n, &one,
                                       (const double *const *)pB, n, (double *const *)pA, n, cnt));
        HZGSVD__CUB(cublasDtrsmBatched(h->blas, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, n, n, &one,
                                       (const double *const *)pB, n, (double *const *)pA, n, cnt));
        if (n <= 32)
            HZGSVD__CUS(cusolverDnDsyevjBatched(h->sol, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, A, n, lam, (double *)ws, q->lwork,
                                                dinfo + b->batch + c0, h->sj, cnt));
        else
            HZGSVD__CUS(cusolverDnXsyevBatched(h->sol, h->par, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, CUDA_R_64F, A, n, CUDA_R_64F, lam,
                                               CUDA_R_64F, ws, q->ws_bytes, hwork, q->host_bytes, dinfo + b->batch + c0, cnt));
        HZGSVD__CUB(cublasDtrsmBatched(h->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, n, n, &one,
                                       (const double *const *)pB, n, (double *const *)pA, n, cnt));
    }
done:
    return st;
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

/* The start on the whole batch (before the kernel): A, B by gemm, then the chunks, then
 * hzgsvd__bat_pre_apply.  Asynchronous on b->stream. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_start(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    hzgsvd__bat_handles tmp, *h = NULL;
    int temp = 0;
    void *hwork = NULL;
    const int n = b->n, nb = b->batch;
    const long long sa = (long long)n * n;
    double *A = (double *)(work + q->a_off), *B = (double *)(work + q->b_off);
    const hzgsvd__bat_pre_args a = hzgsvd__bat_pre_args_of(b, q, work);
    const size_t es = b->cplx ? 2 : 1, smem = sizeof(double) * (es * (size_t)n * n + n);
    memset(&tmp, 0, sizeof tmp);
    st = hzgsvd__bat_handles_get(b->stream, &tmp, &h, &temp, info);
    if (st != HZGSVD_SUCCESS) goto done;
    if (q->host_bytes && !(hwork = malloc(q->host_bytes))) {
        st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating %zu bytes of the eigensolver's host workspace", q->host_bytes);
        goto done;
    }
    hzgsvd__bat_pre_ptrs<<<(nb + 255) / 256 < 1024 ? (nb + 255) / 256 : 1024, 256, 0, b->stream>>>((double **)(work + q->pa_off), A,
                                                                                                   (double **)(work + q->pb_off), B, (long long)es * sa, nb);
    HZGSVD__CU(cudaGetLastError());
    if (b->cplx) {
        const cuDoubleComplex one = make_cuDoubleComplex(1.0, 0.0), zero = make_cuDoubleComplex(0.0, 0.0);
        HZGSVD__CUB(cublasZgemmStridedBatched(h->blas, CUBLAS_OP_C, CUBLAS_OP_N, n, n, b->m_f, &one, (const cuDoubleComplex *)b->F, b->ldf, b->sF,
                                              (const cuDoubleComplex *)b->F, b->ldf, b->sF, &zero, (cuDoubleComplex *)A, n, sa, nb));
        HZGSVD__CUB(cublasZgemmStridedBatched(h->blas, CUBLAS_OP_C, CUBLAS_OP_N, n, n, b->m_g, &one, (const cuDoubleComplex *)b->G, b->ldg, b->sG,
                                              (const cuDoubleComplex *)b->G, b->ldg, b->sG, &zero, (cuDoubleComplex *)B, n, sa, nb));
    } else {
        const double one = 1.0, zero = 0.0;
        HZGSVD__CUB(cublasDgemmStridedBatched(h->blas, CUBLAS_OP_T, CUBLAS_OP_N, n, n, b->m_f, &one, b->F, b->ldf, b->sF, b->F, b->ldf, b->sF, &zero, A,
                                              n, sa, nb));
        HZGSVD__CUB(cublasDgemmStridedBatched(h->blas, CUBLAS_OP_T, CUBLAS_OP_N, n, n, b->m_g, &one, b->G, b->ldg, b->sG, b->G, b->ldg, b->sG, &zero, B,
                                              n, sa, nb));
    }
    for (int c0 = 0; c0 < nb; c0 += q->chunk) {
        st = hzgsvd__bat_pre_chunk(b, q, work, h, hwork, c0, nb - c0 < q->chunk ? nb - c0 : q->chunk, info);
        if (st != HZGSVD_SUCCESS) goto done;
    }
    HZGSVD__CU(cudaFuncSetAttribute(hzgsvd__bat_pre_apply, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    hzgsvd__bat_pre_apply<<<nb < HZGSVD__BAT_GRID_MAX ? nb : HZGSVD__BAT_GRID_MAX, HZGSVD__BAT_PRE_THREADS, smem, b->stream>>>(a);
    HZGSVD__CU(cudaGetLastError());
    if (hwork) HZGSVD__CU(cudaStreamSynchronize(b->stream));   /* the eigensolver's host workspace is freed below */
done:
    free(hwork);
    if (temp) hzgsvd__bat_handles_drop(&tmp);
    return st;
}

/* After every pair is solved: Z = Z0 Z1 where the pair started from Z0. */
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

#else /* HZGSVD_GPU_NO_CUSOLVER: hzgsvd__bat_pre_on is 0, so these are never reached */

HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_plan_of(int cplx, int n, int batch, size_t base, hzgsvd__bat_pre_plan *q, hzgsvd_info *info)
{
    (void)cplx; (void)n; (void)batch; (void)base; (void)info;
    memset(q, 0, sizeof *q);
    return HZGSVD_SUCCESS;
}
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_start(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work, hzgsvd_info *info)
{
    (void)b; (void)q; (void)work;
    return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "the batched start without cuSOLVER");
}
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_finish(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work, hzgsvd_info *info)
{
    return hzgsvd__bat_pre_start(b, q, work, info);
}

#endif /* HZGSVD_GPU_NO_CUSOLVER */
