/* The preconditioned start of the single-GPU engine (options.precondition; docs/NUMERICS.md, "A
 * preconditioned start"), one host path for both precisions (planes at run time).
 *
 * Z0 = R^-1 W: R from a QR of G (no squaring of G's condition), C = F R^-1, W either (QR_EIG, AUTO's
 * choice here: cuSOLVER's eigensolver is several times faster than its SVD) the eigenvectors of
 * C^H C in descending order of the eigenvalues (sigma^2 of the pair, for a start in the order the
 * sorting variants keep), or (QR_SVD) the right singular vectors of C itself (Xgesvd, descending):
 * C's singular values are not squared, so directions of generalized singular values far below the
 * largest (graded pairs, Tikhonov cores) are resolved too.  Then G Z0 = Q W has orthonormal columns
 * and F Z0 = C W orthogonal ones:
 * the pair (F Z0, G Z0) is nearly diagonal already and the iteration needs 2-3 sweeps instead of
 * 9-24.  The iteration runs on F Z0, G Z0 with Z started at
 * Z0 diag(z) (initFGZ's scaling), so F_work = F Z still holds and the epilogue (sigma refined from
 * the caller's F, G and Z) is unchanged.  The iteration still certifies convergence.
 *
 * F Z0 and G Z0 are formed with one rounding per entry, as the sigma refinement forms its products
 * (templates/hzgsvd_sigma_refine.h): W = W1 + Wr by rows, Z0 = Z1 + Zr by columns, heads of beta
 * bits on their row's (column's) grid, so W1 Z1 is exact in any summation order (cuBLAS GemmEx on
 * the tensor cores) and the tails' products W1 Zr + Wr Z0 are 2^-beta smaller; then one addition.
 * So F_work = F Z holds to one rounding of each entry, whatever the cancellation in a column of
 * F Z0 (a plain GEMM leaves up to n u |F| |z0_j|, n u growth relative to the column): three GEMMs
 * instead of one, about 10 % of the stage at n = 4096.
 *
 * Trust test: column j of [F Z0; G Z0] is formed with a relative error of about
 * n u ||D z0_j|| / ||[F; G] z0_j|| (D: the column norms of [F; G]); the largest such ratio
 * (info.precondition_growth) must be at most HZGSVD__PRECONDITION_GROWTH, else the pair is loaded
 * again and the plain start taken.  So is it where the eigen- or singular value solver does not
 * converge or the scratch memory cannot be had.  info.preconditioner and info.precondition_note
 * say which start ran.
 *
 * The rank probe (the front door's run, which can reroute; as the CPU stage's): where some
 * |R(j,j)| <= max(m_g, n) ||G||_1 2^-52, G is numerically rank deficient for certain (sigma_min(G)
 * <= min |R(j,j)|) and the stage returns HZGSVD_ERR_RANK_DEFICIENT before any sweep: the pair goes
 * to the reduction at once instead of after 30 stalled sweeps (graded pairs).
 *
 * Uses cuSOLVER (Xgeqrf, Xsyevd or Xgesvd, in deterministic mode) and cuBLAS (trsm, syrk/herk or
 * geam, GemmEx), one stream: bitwise reproducible on one GPU model and toolkit.  Scratch
 * (cudaMallocAsync on the run's stream, freed before the sweeps): 4 max(m_f, m_g) n + 3 n^2
 * elements and the asked solver's workspaces.
 * HZGSVD_GPU_NO_CUSOLVER builds the engine without cuSOLVER and cuBLAS: the plain start only. */

#ifndef HZGSVD_GPU_NO_CUSOLVER
#include <cublas_v2.h>
#include <cusolverDn.h>
#endif

/* A preconditioner of one run: Z0 (n x n, ld n, interleaved where complex) inside mem, kept from
 * the stage to initFGZ; mem is the stage's scratch (NULL: none held). */
typedef struct hzgsvd__gpu_pre {
    void *mem;
    double *z0;
    cudaStream_t stream;
    int kind;                       /* the kept Z0's HZGSVD_PRECONDITION_* (NONE: the plain start); outlives z0 */
} hzgsvd__gpu_pre;

/* The kind the stage computes for options.precondition (AUTO: QR_EIG on the GPU). */
HZGSVD_PRIVATE int hzgsvd__gpu_pre_kind(const hzgsvd_options *o)
{
    return o->precondition == HZGSVD_PRECONDITION_AUTO ? HZGSVD_PRECONDITION_QR_EIG : o->precondition;
}

/* ---- kernels (any plane count) ---------------------------------------------------------------- */

/* Working planes (m rows of ldw) -> one array P (ld ldp), interleaved (re, im) where complex. */
HZGSVD_PRIVATE __global__ void hzgsvd__pre_pack(const double *W0, const double *W1, int ldw, int m, double *P, int ldp, int planes)
{
    const int j = blockIdx.y, i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m) return;
    const size_t w = (size_t)i + (size_t)j * ldw, p = ((size_t)i + (size_t)j * ldp) * planes;
    P[p] = W0[w];
    if (planes == 2) P[p + 1] = W1[w];
}

/* Working planes (m rows of ldw) <- A + B (packed, ld ldp): the split product's one rounding. */
HZGSVD_PRIVATE __global__ void hzgsvd__pre_unpack_sum(double *W0, double *W1, int ldw, int m, const double *A, const double *B, int ldp, int planes)
{
    const int j = blockIdx.y, i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m) return;
    const size_t w = (size_t)i + (size_t)j * ldw, p = ((size_t)i + (size_t)j * ldp) * planes;
    W0[w] = A[p] + B[p];
    if (planes == 2) W1[w] = A[p + 1] + B[p + 1];
}

/* The exponent e of row i (rows = 1) or column i (rows = 0) of P (m x n, ld, packed): every entry's
 * real and imaginary part below 2^e (frexp of the largest; 0 for a zero line). Rows: a thread per
 * row (coalesced along the columns); columns: a block of 256 per column. */
HZGSVD_PRIVATE __global__ void hzgsvd__pre_row_exp(const double *P, int ld, int m, int n, int planes, int *ex)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m) return;
    double mx = 0.0;
    for (int k = 0; k < n; ++k) {
        const size_t o = ((size_t)i + (size_t)k * ld) * planes;
        mx = fmax(mx, fabs(P[o]));
        if (planes == 2) mx = fmax(mx, fabs(P[o + 1]));
    }
    int e;
    (void)frexp(mx, &e);
    ex[i] = e;
}

/* P <- its head on the grid of its row's (by_row) or column's exponent, T <- the exact tail. */
HZGSVD_PRIVATE __global__ void hzgsvd__pre_split(double *P, double *T, int ld, int m, int planes, const int *ex, int by_row, int beta)
{
    const int j = blockIdx.y, i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m) return;
    const int e = ex[by_row ? i : j];
    const size_t o = ((size_t)i + (size_t)j * ld) * planes;
    for (int v = 0; v < planes; ++v) {
        const double x = P[o + v], h = hzgsvd__refine_head(x, e, beta);
        P[o + v] = h;
        T[o + v] = x - h;
    }
}

/* Column j of D <- column n - 1 - j of S (n x n, ld n): the eigenvectors in descending order. */
HZGSVD_PRIVATE __global__ void hzgsvd__pre_reverse(const double *S, double *D, int n, int planes)
{
    const int j = blockIdx.y, i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const size_t d = ((size_t)i + (size_t)j * n) * planes, s = ((size_t)i + (size_t)(n - 1 - j) * n) * planes;
    D[d] = S[s];
    if (planes == 2) D[d + 1] = S[s + 1];
}

/* Block-wide maximum and sum of 256 threads (fixed tree: the same result for any schedule). */
HZGSVD_PRIVATE __device__ double hzgsvd__pre_block(double v, int is_max)
{
    __shared__ double red[256];
    const int t = threadIdx.x;
    __syncthreads();
    red[t] = v;
    __syncthreads();
    for (int s = 128; s > 0; s >>= 1) {
        if (t < s) red[t] = is_max ? fmax(red[t], red[t + s]) : __dadd_rn(red[t], red[t + s]);
        __syncthreads();
    }
    return red[0];
}

/* The 2-norm of len values |x_i| (x_i = scale_i * entry i of a column of planes), scaled by the
 * largest (no overflow or underflow of squares).  Every thread returns it. */
template <class A>
HZGSVD_PRIVATE __device__ double hzgsvd__pre_norm(int len, A at)
{
    double mx = 0.0, s = 0.0;
    for (int i = threadIdx.x; i < len; i += blockDim.x) mx = fmax(mx, at(i));
    mx = hzgsvd__pre_block(mx, 1);
    if (!(mx > 0.0) || !isfinite(mx)) return mx;
    for (int i = threadIdx.x; i < len; i += blockDim.x) { const double r = at(i) / mx; s = fma(r, r, s); }
    return mx * sqrt(hzgsvd__pre_block(s, 0));
}

HZGSVD_PRIVATE __global__ void __launch_bounds__(256) hzgsvd__pre_col_exp(const double *P, int ld, int m, int planes, int *ex)
{
    const int j = blockIdx.x;
    double mx = 0.0;
    for (int i = threadIdx.x; i < m * planes; i += blockDim.x) mx = fmax(mx, fabs(P[(size_t)j * ld * planes + i]));
    mx = hzgsvd__pre_block(mx, 1);
    if (threadIdx.x == 0) {
        int e;
        (void)frexp(mx, &e);
        ex[j] = e;
    }
}

/* The trust test, one block of 256 per column j < n: ||D z0_j|| / ||[F; G] z0_j|| (F Z0 and G Z0
 * already in the working planes; D_k = hypot(nf_k, ng_k)); the largest into *growth as the bits
 * of a non-negative double (an integer maximum: the same for any schedule; non-finite -> inf). */
HZGSVD_PRIVATE __global__ void __launch_bounds__(256) hzgsvd__pre_growth(hzgsvd__gpu_work M, int m_f, int m_g, int n, const double *z0,
                                                                          const double *nf, const double *ng, int planes,
                                                                          unsigned long long *growth)
{
    const int j = blockIdx.x;
    const double *zj = z0 + (size_t)j * n * planes;
    auto zabs = [&](int k) { return hypot(nf[k], ng[k]) * (planes == 2 ? hypot(zj[2 * k], zj[2 * k + 1]) : fabs(zj[k])); };
    auto fabs_ = [&](int i) {
        const size_t o = (size_t)i + (size_t)j * M.mf;
        return planes == 2 ? hypot(M.F[0][o], M.F[1][o]) : fabs(M.F[0][o]);
    };
    auto gabs_ = [&](int i) {
        const size_t o = (size_t)i + (size_t)j * M.mg;
        return planes == 2 ? hypot(M.G[0][o], M.G[1][o]) : fabs(M.G[0][o]);
    };
    const double a = hzgsvd__pre_norm(n, zabs), f = hzgsvd__pre_norm(m_f, fabs_), g = hzgsvd__pre_norm(m_g, gabs_);
    if (threadIdx.x == 0) {
        double r = a / hypot(f, g);
        if (!(r >= 0.0) || !isfinite(r)) r = HUGE_VAL;
        atomicMax(growth, (unsigned long long)__double_as_longlong(r));
    }
}

/* The rank probe's ||G||_1 (G: m rows of the working planes, ld ldw), one block of 256 per column:
 * the column's sum of |g_ij| by the fixed tree, the largest into *norm1 as the bits of a
 * non-negative double (an integer maximum: the same for any schedule). */
HZGSVD_PRIVATE __global__ void __launch_bounds__(256) hzgsvd__pre_norm1(const double *G0, const double *G1, int ldw, int m, int planes,
                                                                         unsigned long long *norm1)
{
    const size_t c = (size_t)blockIdx.x * ldw;
    double s = 0.0;
    for (int i = threadIdx.x; i < m; i += blockDim.x) s = __dadd_rn(s, planes == 2 ? hypot(G0[c + i], G1[c + i]) : fabs(G0[c + i]));
    s = hzgsvd__pre_block(s, 0);
    if (threadIdx.x == 0) atomicMax(norm1, (unsigned long long)__double_as_longlong(s));
}

/* The rank probe, one block of 256: out[0] the first j with |R(j,j)| <= tol = scale ||G||_1 2^-52
 * (R: the upper triangle of P, ld, packed), +inf where none; out[1] that |R(j,j)|; out[2] tol.
 * LAPACK's tolerance for G in xGGSVD3 (scale = max(m_g, n)), as the CPU stage's probe. */
HZGSVD_PRIVATE __global__ void __launch_bounds__(256) hzgsvd__pre_probe(const double *P, int ld, int n, int planes, double scale,
                                                                         const unsigned long long *norm1, double *out)
{
    const double tol = scale * __longlong_as_double((long long)*norm1) * 0x1p-52;
    auto rjj = [&](int j) {
        const size_t o = ((size_t)j + (size_t)j * ld) * planes;
        return planes == 2 ? hypot(P[o], P[o + 1]) : fabs(P[o]);
    };
    double v = -HUGE_VAL;   /* -(this thread's first such j): its j ascend */
    for (int j = threadIdx.x; j < n; j += blockDim.x)
        if (rjj(j) <= tol) { v = -(double)j; break; }
    const double first = -hzgsvd__pre_block(v, 1);
    if (threadIdx.x == 0) {
        out[0] = first;
        out[1] = first < HUGE_VAL ? rjj((int)first) : 0.0;
        out[2] = tol;
    }
}

/* After initFGZ (Z = diag(z)): Z(0:n, j) <- Z0(:, j) z_j for j < n (the bordering columns keep
 * their unit). One block per column. */
HZGSVD_PRIVATE __global__ void hzgsvd__pre_apply(hzgsvd__gpu_work M, const double *z0, int n, int planes)
{
    const int j = blockIdx.x;
    const double z = M.Z[0][(size_t)j * M.nz + j];
    __syncthreads();   /* every thread has read the diagonal before any writes it */
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        const size_t o = (size_t)i + (size_t)j * M.nz, s = ((size_t)i + (size_t)j * n) * planes;
        M.Z[0][o] = z0[s] * z;
        if (planes == 2) M.Z[1][o] = z0[s + 1] * z;
    }
}

/* ---- the stage -------------------------------------------------------------------------------- */

/* Frees the stage's scratch (queued on its stream). */
HZGSVD_PRIVATE void hzgsvd__gpu_pre_free(hzgsvd__gpu_pre *P)
{
    if (P->mem) (void)cudaFreeAsync(P->mem, P->stream);
    P->mem = NULL;
    P->z0 = NULL;
}

/* Z <- Z0 diag(z) after initFGZ, where the stage kept a Z0; frees the scratch. */
HZGSVD_PRIVATE cudaError_t hzgsvd__gpu_pre_apply(hzgsvd__gpu_pre *P, const hzgsvd__gpu_work *M, int n, int planes, cudaStream_t stream)
{
    if (!P->z0) return cudaSuccess;
    hzgsvd__pre_apply<<<n, 256, 0, stream>>>(*M, P->z0, n, planes);
    const cudaError_t e = cudaGetLastError();
    hzgsvd__gpu_pre_free(P);
    return e;
}

/* Whether this run takes the preconditioner, before anything is computed: *why gets the note of
 * a plain start (NULL: precondition). QR_EIG or QR_SVD where it cannot run is refused (checked earlier, by
 * hzgsvd__gpu_pre_check). */
HZGSVD_PRIVATE const char *hzgsvd__gpu_pre_skip(const hzgsvd_options *o, int n, int inplace)
{
    if (o->precondition == HZGSVD_PRECONDITION_NONE) return "the plain start (options.precondition = NONE)";
#ifdef HZGSVD_GPU_NO_CUSOLVER
    (void)n; (void)inplace;
    return "the plain start (built with HZGSVD_GPU_NO_CUSOLVER: no preconditioner)";
#else
    if (inplace) return "the plain start (the in-place mode has no preconditioner)";
    if (o->precondition == HZGSVD_PRECONDITION_AUTO && n < HZGSVD__PRECONDITION_AUTO_N) return "the plain start (AUTO: n below 256)";
    if (o->precondition == HZGSVD_PRECONDITION_AUTO && o->max_sweeps < 2) return HZGSVD__PRECONDITION_ONE_SWEEP;
    return NULL;
#endif
}

/* The argument check: a preconditioner asked by name where it cannot run. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_pre_check(const hzgsvd_options *o, int inplace, hzgsvd_info *info)
{
    if (!hzgsvd__pre_named(o->precondition)) return HZGSVD_SUCCESS;
#ifdef HZGSVD_GPU_NO_CUSOLVER
    (void)inplace;
    return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.precondition = %s: this build has no cuSOLVER (HZGSVD_GPU_NO_CUSOLVER)",
                        hzgsvd__pre_enum(o->precondition));
#else
    if (inplace)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.precondition = %s: the in-place mode has no preconditioner (AUTO or NONE)",
                            hzgsvd__pre_enum(o->precondition));
    return HZGSVD_SUCCESS;
#endif
}

#ifndef HZGSVD_GPU_NO_CUSOLVER

#define HZGSVD__CUB(call)                                                                                       \
    do {                                                                                                        \
        const cublasStatus_t e_ = (call);                                                                       \
        if (e_ != CUBLAS_STATUS_SUCCESS) {                                                                      \
            st = hzgsvd__fail(info, e_ == CUBLAS_STATUS_ALLOC_FAILED ? HZGSVD_ERR_OUT_OF_MEMORY : HZGSVD_ERR_CUBLAS, \
                              "%s failed: %s (%d)", #call, cublasGetStatusString(e_), (int)e_);                 \
            goto done;                                                                                          \
        }                                                                                                       \
    } while (0)
#define HZGSVD__CUS(call)                                                                                       \
    do {                                                                                                        \
        const cusolverStatus_t e_ = (call);                                                                     \
        if (e_ != CUSOLVER_STATUS_SUCCESS) {                                                                    \
            st = hzgsvd__fail(info, e_ == CUSOLVER_STATUS_ALLOC_FAILED ? HZGSVD_ERR_OUT_OF_MEMORY : HZGSVD_ERR_CUSOLVER, \
                              "%s failed: cusolverStatus_t %d", #call, (int)e_);                                \
            goto done;                                                                                          \
        }                                                                                                       \
    } while (0)

/* The solvers of one stage: handles, and the scratch's parts. */
typedef struct hzgsvd__pre_solvers {
    cusolverDnHandle_t sol;
    cusolverDnParams_t par;
    cublasHandle_t blas;
    cudaDataType type;
    int kind, planes, mx, n;                   /* kind: QR_EIG or QR_SVD */
    double *P1, *P2, *P3, *P4, *S, *S1, *Sr, *tau, *lam, *dwork;   /* P1..P4: mx x n (ld mx); S (Z0), S1, Sr (its head, tail): n x n */
    int *dinfo, *ex;                           /* ex: mx + n exponents of the split */
    unsigned long long *growth, *norm1;        /* the trust test's measure, the rank probe's ||G||_1 (bits) */
    double *probe;                             /* the rank probe's verdict (hzgsvd__pre_probe's out) */
    void *hwork;
    size_t dbytes, hbytes;
} hzgsvd__pre_solvers;

/* Handles on the stream, the workspace sizes of the QR and of kind's solver (Xsyevd or Xgesvd on
 * max(m_f, n) rows: hzgsvd__pre_svd), one allocation for everything. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_open(hzgsvd__pre_solvers *S, hzgsvd__gpu_pre *P, int kind, int m_f, int m_g, int n, int planes,
                                              cudaStream_t stream, int *no_memory, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const size_t el = sizeof(double) * planes;
    size_t qd = 0, qh = 0, ed = 0, eh = 0;
    S->kind = kind; S->planes = planes; S->n = n; S->mx = m_f > m_g ? m_f : m_g;
    S->type = planes == 2 ? CUDA_C_64F : CUDA_R_64F;
    HZGSVD__CUS(cusolverDnCreate(&S->sol));
    HZGSVD__CUS(cusolverDnSetStream(S->sol, stream));
    HZGSVD__CUS(cusolverDnSetDeterministicMode(S->sol, CUSOLVER_DETERMINISTIC_RESULTS));
    HZGSVD__CUS(cusolverDnCreateParams(&S->par));
    HZGSVD__CUB(cublasCreate(&S->blas));
    HZGSVD__CUB(cublasSetStream(S->blas, stream));
    HZGSVD__CUS(cusolverDnXgeqrf_bufferSize(S->sol, S->par, m_g, n, S->type, NULL, S->mx, S->type, NULL, S->type, &qd, &qh));
    if (kind == HZGSVD_PRECONDITION_QR_SVD)
        HZGSVD__CUS(cusolverDnXgesvd_bufferSize(S->sol, S->par, 'N', 'S', m_f > n ? m_f : n, n, S->type, NULL, S->mx, CUDA_R_64F, NULL, S->type,
                                                NULL, S->mx, S->type, NULL, n, S->type, &ed, &eh));
    else
        HZGSVD__CUS(cusolverDnXsyevd_bufferSize(S->sol, S->par, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n, S->type, NULL, n, CUDA_R_64F,
                                                NULL, S->type, &ed, &eh));
    S->dbytes = qd > ed ? qd : ed;
    S->hbytes = qh > eh ? qh : eh;
    {
        const size_t b_p = hzgsvd__align256(el * (size_t)S->mx * n), b_s = hzgsvd__align256(el * (size_t)n * n);
        const size_t b_v = hzgsvd__align256(el * (size_t)n) + hzgsvd__align256(sizeof(double) * (size_t)n);
        const size_t b_e = hzgsvd__align256(sizeof(int) * ((size_t)S->mx + n));
        const size_t bytes = 4 * b_p + 3 * b_s + b_v + b_e + hzgsvd__align256(S->dbytes) + 512;
        if (cudaMallocAsync(&P->mem, bytes, stream) != cudaSuccess) { (void)cudaGetLastError(); P->mem = NULL; *no_memory = 1; goto done; }
        P->stream = stream;
        char *c = (char *)P->mem;
        S->P1 = (double *)c; c += b_p;
        S->P2 = (double *)c; c += b_p;
        S->P3 = (double *)c; c += b_p;
        S->P4 = (double *)c; c += b_p;
        S->S = (double *)c; c += b_s;
        S->S1 = (double *)c; c += b_s;
        S->Sr = (double *)c; c += b_s;
        S->ex = (int *)c; c += b_e;
        S->tau = (double *)c; c += hzgsvd__align256(el * (size_t)n);
        S->lam = (double *)c; c += hzgsvd__align256(sizeof(double) * (size_t)n);
        S->dwork = (double *)c; c += hzgsvd__align256(S->dbytes);
        S->dinfo = (int *)c;   /* the last 512 bytes: four 128-byte slots */
        S->growth = (unsigned long long *)(c + 128);
        S->norm1 = (unsigned long long *)(c + 256);
        S->probe = (double *)(c + 384);
    }
    if (S->hbytes && !(S->hwork = malloc(S->hbytes))) st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "preconditioner host workspace");
done:
    return st;
}

HZGSVD_PRIVATE void hzgsvd__pre_close(hzgsvd__pre_solvers *S)
{
    if (S->par) cusolverDnDestroyParams(S->par);
    if (S->sol) cusolverDnDestroy(S->sol);
    if (S->blas) cublasDestroy(S->blas);
    free(S->hwork);
}

/* Triangular solve with R (upper, n x n in P1, ld mx) in place on B (rows x cols, ld ldb):
 * right: B R^-1; left: R^-1 B. */
HZGSVD_PRIVATE cublasStatus_t hzgsvd__pre_trsm(const hzgsvd__pre_solvers *S, int right, int rows, int cols, double *B, int ldb)
{
    const cublasSideMode_t side = right ? CUBLAS_SIDE_RIGHT : CUBLAS_SIDE_LEFT;
    if (S->planes == 1) {
        const double one = 1.0;
        return cublasDtrsm(S->blas, side, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, rows, cols, &one, S->P1, S->mx, B, ldb);
    }
    const cuDoubleComplex one = make_cuDoubleComplex(1.0, 0.0);
    return cublasZtrsm(S->blas, side, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, rows, cols, &one, (const cuDoubleComplex *)S->P1,
                       S->mx, (cuDoubleComplex *)B, ldb);
}

/* S <- C^H C (upper triangle) for C = P2 (m_f x n, ld mx). */
HZGSVD_PRIVATE cublasStatus_t hzgsvd__pre_gram(const hzgsvd__pre_solvers *S, int m_f)
{
    const double one = 1.0, zero = 0.0;
    if (S->planes == 1) return cublasDsyrk(S->blas, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, S->n, m_f, &one, S->P2, S->mx, &zero, S->S, S->n);
    return cublasZherk(S->blas, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_C, S->n, m_f, &one, (const cuDoubleComplex *)S->P2, S->mx, &zero,
                       (cuDoubleComplex *)S->S, S->n);
}

/* C (m x n, ld mx) <- A B (+ C where acc), B n x n (ld n), packed. */
HZGSVD_PRIVATE cublasStatus_t hzgsvd__pre_gemm(const hzgsvd__pre_solvers *S, int m, const double *A, const double *B, double *C, int acc)
{
    const double one[2] = {1.0, 0.0}, zero[2] = {0.0, 0.0};
    return cublasGemmEx(S->blas, CUBLAS_OP_N, CUBLAS_OP_N, m, S->n, S->n, one, A, S->type, S->mx, B, S->type, S->n, acc ? one : zero, C,
                        S->type, S->mx, CUBLAS_COMPUTE_64F, CUBLAS_GEMM_DEFAULT);
}

/* S1, Sr <- the head and tail of Z0 (S) by columns, for k products per entry. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_split_z0(const hzgsvd__pre_solvers *S, cudaStream_t stream, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int n = S->n, beta = hzgsvd__refine_beta((long long)S->planes * n);
    HZGSVD__CU(cudaMemcpyAsync(S->S1, S->S, sizeof(double) * S->planes * (size_t)n * n, cudaMemcpyDeviceToDevice, stream));
    hzgsvd__pre_col_exp<<<n, 256, 0, stream>>>(S->S1, n, n, S->planes, S->ex + S->mx);
    HZGSVD__CU(cudaGetLastError());
    hzgsvd__pre_split<<<dim3((n + 255) / 256, n), 256, 0, stream>>>(S->S1, S->Sr, n, n, S->planes, S->ex + S->mx, 0, beta);
    HZGSVD__CU(cudaGetLastError());
done:
    return st;
}

/* Working planes W (m rows, ld ldw) <- W Z0 with one rounding per entry: W packed and split by rows
 * into W1 (P1) and Wr (P4); P2 = W1 Zr + Wr Z0, P3 = W1 Z1 (exact); W = P3 + P2. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_form(const hzgsvd__pre_solvers *S, double *const W[2], int m, int ldw, cudaStream_t stream,
                                              hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const dim3 grid((m + 255) / 256, S->n);
    const int beta = hzgsvd__refine_beta((long long)S->planes * S->n);
    hzgsvd__pre_pack<<<grid, 256, 0, stream>>>(W[0], W[1], ldw, m, S->P1, S->mx, S->planes);
    HZGSVD__CU(cudaGetLastError());
    hzgsvd__pre_row_exp<<<(m + 255) / 256, 256, 0, stream>>>(S->P1, S->mx, m, S->n, S->planes, S->ex);
    HZGSVD__CU(cudaGetLastError());
    hzgsvd__pre_split<<<grid, 256, 0, stream>>>(S->P1, S->P4, S->mx, m, S->planes, S->ex, 1, beta);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CUB(hzgsvd__pre_gemm(S, m, S->P1, S->Sr, S->P2, 0));
    HZGSVD__CUB(hzgsvd__pre_gemm(S, m, S->P4, S->S, S->P2, 1));
    HZGSVD__CUB(hzgsvd__pre_gemm(S, m, S->P1, S->S1, S->P3, 0));
    hzgsvd__pre_unpack_sum<<<grid, 256, 0, stream>>>(W[0], W[1], ldw, m, S->P3, S->P2, S->mx, S->planes);
    HZGSVD__CU(cudaGetLastError());
done:
    return st;
}

/* R: the QR of G (packed into P1; geqrf's devInfo checked here).  With probe (the front door's
 * run): out[0] the first column j with |R(j,j)| <= max(m_g, n) ||G||_1 2^-52 (+inf: none), out[1]
 * that |R(j,j)|, out[2] the tolerance; ||G||_1 of the working G (untouched by the QR). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_qr(hzgsvd__pre_solvers *S, const hzgsvd__gpu_work *M, int m_g, int probe, cudaStream_t stream,
                                            double out[3], hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int n = S->n;
    int h_info = 0;
    out[0] = HUGE_VAL;
    hzgsvd__pre_pack<<<dim3((m_g + 255) / 256, n), 256, 0, stream>>>(M->G[0], M->G[1], M->mg, m_g, S->P1, S->mx, S->planes);
    HZGSVD__CU(cudaGetLastError());
    if (probe) {
        HZGSVD__CU(cudaMemsetAsync(S->norm1, 0, sizeof *S->norm1, stream));
        hzgsvd__pre_norm1<<<n, 256, 0, stream>>>(M->G[0], M->G[1], M->mg, m_g, S->planes, S->norm1);
        HZGSVD__CU(cudaGetLastError());
    }
    HZGSVD__CUS(cusolverDnXgeqrf(S->sol, S->par, m_g, n, S->type, S->P1, S->mx, S->type, S->tau, S->type, S->dwork, S->dbytes, S->hwork,
                                 S->hbytes, S->dinfo));
    HZGSVD__CU(cudaMemcpyAsync(&h_info, S->dinfo, sizeof(int), cudaMemcpyDeviceToHost, stream));
    if (probe) {
        hzgsvd__pre_probe<<<1, 256, 0, stream>>>(S->P1, S->mx, n, S->planes, (double)(m_g > n ? m_g : n), S->norm1, S->probe);
        HZGSVD__CU(cudaGetLastError());
        HZGSVD__CU(cudaMemcpyAsync(out, S->probe, sizeof(double) * 3, cudaMemcpyDeviceToHost, stream));
    }
    HZGSVD__CU(cudaStreamSynchronize(stream));
    if (h_info < 0) return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "the preconditioner's geqrf refused argument %d", -h_info);
done:
    return st;
}

/* W of QR_EIG into P2 (ld n): the eigenvectors of C^H C, C = P2 (m_f x n, ld mx), descending;
 * *h_info: syevd's devInfo (valid after the stream's next synchronisation). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_eig(const hzgsvd__pre_solvers *S, int m_f, int *h_info, cudaStream_t stream, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int n = S->n;
    HZGSVD__CUB(hzgsvd__pre_gram(S, m_f));                                 /* C^H C */
    HZGSVD__CUS(cusolverDnXsyevd(S->sol, S->par, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n, S->type, S->S, n, CUDA_R_64F, S->lam,
                                 S->type, S->dwork, S->dbytes, S->hwork, S->hbytes, S->dinfo));
    HZGSVD__CU(cudaMemcpyAsync(h_info, S->dinfo, sizeof(int), cudaMemcpyDeviceToHost, stream));
    hzgsvd__pre_reverse<<<dim3((n + 255) / 256, n), 256, 0, stream>>>(S->S, S->P2, n, S->planes);   /* ascending -> descending */
    HZGSVD__CU(cudaGetLastError());
done:
    return st;
}

/* W of QR_SVD into P2 (ld n): the right singular vectors of C = P2 (m_f x n, ld mx; destroyed),
 * descending as Xgesvd gives them: V^H (jobvt 'S', no U) into S, then W = (V^H)^H by geam (its own
 * buffer: geam's transpose is out of place).  Xgesvd wants m >= n: every run of the engine has
 * m_f >= n (hzgsvd__check_args); a shorter C would be padded with zero rows up to n (mx >= m_g >= n),
 * which leaves V as it is.  *h_info: gesvd's devInfo (valid after the next synchronisation). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_svd(const hzgsvd__pre_solvers *S, int m_f, int *h_info, cudaStream_t stream, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int n = S->n, PL = S->planes;
    const size_t el = sizeof(double) * PL;
    if (m_f < n) HZGSVD__CU(cudaMemset2DAsync(S->P2 + (size_t)m_f * PL, el * S->mx, 0, el * (size_t)(n - m_f), n, stream));
    HZGSVD__CUS(cusolverDnXgesvd(S->sol, S->par, 'N', 'S', m_f > n ? m_f : n, n, S->type, S->P2, S->mx, CUDA_R_64F, S->lam, S->type, NULL, S->mx,
                                 S->type, S->S, n, S->type, S->dwork, S->dbytes, S->hwork, S->hbytes, S->dinfo));
    HZGSVD__CU(cudaMemcpyAsync(h_info, S->dinfo, sizeof(int), cudaMemcpyDeviceToHost, stream));
    if (PL == 1) {
        const double one = 1.0, zero = 0.0;
        HZGSVD__CUB(cublasDgeam(S->blas, CUBLAS_OP_T, CUBLAS_OP_N, n, n, &one, S->S, n, &zero, S->S, n, S->P2, n));
    } else {
        const cuDoubleComplex one = make_cuDoubleComplex(1.0, 0.0), zero = make_cuDoubleComplex(0.0, 0.0);
        const cuDoubleComplex *vh = (const cuDoubleComplex *)S->S;
        HZGSVD__CUB(cublasZgeam(S->blas, CUBLAS_OP_C, CUBLAS_OP_N, n, n, &one, vh, n, &zero, vh, n, (cuDoubleComplex *)S->P2, n));
    }
done:
    return st;
}

/* Z0 into S->S: QR of G, C = F R^-1, W of S->kind (hzgsvd__pre_eig, _svd), R^-1 W.  *failed: the
 * eigen- or singular value solver did not converge (cuSOLVER's info).  With probe: where the QR
 * shows G numerically rank deficient (hzgsvd__pre_qr), out[0] < inf and Z0 is not computed. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_z0(hzgsvd__pre_solvers *S, const hzgsvd__gpu_work *M, int m_f, int m_g, int probe, cudaStream_t stream,
                                            int *failed, double out[3], hzgsvd_info *info)
{
    hzgsvd_status st = hzgsvd__pre_qr(S, M, m_g, probe, stream, out, info);
    const int n = S->n, PL = S->planes;
    int h_info = 0;
    if (st != HZGSVD_SUCCESS || out[0] < HUGE_VAL) return st;
    hzgsvd__pre_pack<<<dim3((m_f + 255) / 256, n), 256, 0, stream>>>(M->F[0], M->F[1], M->mf, m_f, S->P2, S->mx, PL);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CUB(hzgsvd__pre_trsm(S, 1, m_f, n, S->P2, S->mx));             /* C = F R^-1 */
    st = S->kind == HZGSVD_PRECONDITION_QR_SVD ? hzgsvd__pre_svd(S, m_f, &h_info, stream, info) : hzgsvd__pre_eig(S, m_f, &h_info, stream, info);
    if (st != HZGSVD_SUCCESS) return st;
    HZGSVD__CUB(hzgsvd__pre_trsm(S, 0, n, n, S->P2, n));                   /* Z0 = R^-1 W */
    HZGSVD__CU(cudaMemcpyAsync(S->S, S->P2, sizeof(double) * PL * (size_t)n * n, cudaMemcpyDeviceToDevice, stream));
    HZGSVD__CU(cudaStreamSynchronize(stream));
    if (h_info < 0)
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "the preconditioner's %s refused argument %d",
                            S->kind == HZGSVD_PRECONDITION_QR_SVD ? "gesvd" : "syevd", -h_info);
    *failed = h_info > 0;
done:
    return st;
}

/* Form F Z0, G Z0 in the working planes and run the trust test; *growth its measure. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_apply_test(const hzgsvd__pre_solvers *S, const hzgsvd__gpu_work *M, int m_f, int m_g,
                                                    const double *d_nf, const double *d_ng, cudaStream_t stream, double *growth,
                                                    hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    unsigned long long bits = 0;
    st = hzgsvd__pre_split_z0(S, stream, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__pre_form(S, M->F, m_f, M->mf, stream, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__pre_form(S, M->G, m_g, M->mg, stream, info);
    if (st != HZGSVD_SUCCESS) return st;
    HZGSVD__CU(cudaMemsetAsync(S->growth, 0, sizeof bits, stream));
    hzgsvd__pre_growth<<<S->n, 256, 0, stream>>>(*M, m_f, m_g, S->n, S->S, d_nf, d_ng, S->planes, S->growth);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CU(cudaMemcpyAsync(&bits, S->growth, sizeof bits, cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaStreamSynchronize(stream));
    memcpy(growth, &bits, sizeof *growth);
done:
    return st;
}

#endif /* HZGSVD_GPU_NO_CUSOLVER */

/* The stage, after the load (M holds the loaded, range-scaled pair; d_nf, d_ng its column norms);
 * kind: QR_EIG or QR_SVD, what it computes where options o do not skip it (hzgsvd__gpu_pre_kind, or
 * QR_SVD where a QR_EIG start gave way: hzgsvd__start_gives_way), o->precondition its failure policy.
 * On success with P->z0 set the working planes hold F Z0, G Z0 (hzgsvd__gpu_pre_apply puts Z0 into
 * Z after initFGZ); *reload: the working planes were overwritten but Z0 rejected (the caller loads
 * the pair again and takes the plain start).  Fills info's preconditioner fields.  probe (the front
 * door's run, which can reroute: hzgsvd__reroutes of the run's mode): a G that the QR shows
 * numerically rank deficient returns HZGSVD_ERR_RANK_DEFICIENT at once, the working planes
 * untouched, so that the pair goes to the reduction without the sweeps that would stall on it. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_precondition(hzgsvd__gpu_pre *P, const hzgsvd__gpu_work *M, int planes, int m_f, int m_g, int n,
                                                      const double *d_nf, const double *d_ng, const hzgsvd_options *o, int kind,
                                                      int inplace, int probe, cudaStream_t stream, int *reload, hzgsvd_info *info)
{
    const char *skip = hzgsvd__gpu_pre_skip(o, n, inplace);
    *reload = 0;
    P->mem = NULL; P->z0 = NULL; P->stream = stream; P->kind = HZGSVD_PRECONDITION_NONE;
    if (info) {
        info->preconditioner = HZGSVD_PRECONDITION_NONE;
        info->precondition_seconds = 0.0;
        info->precondition_growth = 0.0;
        info->precondition_note = skip ? skip : "the plain start (the preconditioner failed: info.detail says why)";
    }
    if (skip) return HZGSVD_SUCCESS;
#ifdef HZGSVD_GPU_NO_CUSOLVER
    (void)M; (void)planes; (void)m_f; (void)m_g; (void)d_nf; (void)d_ng; (void)kind; (void)probe; (void)reload;
    return HZGSVD_SUCCESS;
#else
    const double t0 = hzgsvd__now();
    hzgsvd__pre_solvers S;
    int no_memory = 0, failed = 0;
    double growth = 0.0, pr[3] = {HUGE_VAL, 0.0, 0.0};   /* the probe's column, |R(j,j)|, tol */
    memset(&S, 0, sizeof S);
    hzgsvd_status st = hzgsvd__pre_open(&S, P, kind, m_f, m_g, n, planes, stream, &no_memory, info);
    if (st == HZGSVD_SUCCESS && !no_memory) st = hzgsvd__pre_z0(&S, M, m_f, m_g, probe, stream, &failed, pr, info);
    if (st == HZGSVD_SUCCESS && !no_memory && !failed && !(pr[0] < HUGE_VAL)) {
        st = hzgsvd__pre_apply_test(&S, M, m_f, m_g, d_nf, d_ng, stream, &growth, info);
        *reload = 1;
    }
    hzgsvd__pre_close(&S);
    if (st == HZGSVD_SUCCESS && pr[0] < HUGE_VAL) {
        hzgsvd__gpu_pre_free(P);
        return hzgsvd__pre_deficient(info, (int)pr[0], pr[1], pr[2], hzgsvd__now() - t0);
    }
    if (st != HZGSVD_SUCCESS) {
        hzgsvd__gpu_pre_free(P);
        /* AUTO: a library failure before the working planes were touched (handles, workspaces: device
         * memory running short) takes the plain start, as a failed scratch allocation does */
        if (o->precondition != HZGSVD_PRECONDITION_AUTO || *reload || cudaGetLastError() != cudaSuccess) return st;
        if (info) info->precondition_note = "the plain start (a cuBLAS or cuSOLVER call of the preconditioner failed: device memory short?)";
        return HZGSVD_SUCCESS;
    }
    if (!hzgsvd__pre_keep(info, kind, no_memory ? "the plain start (no device memory for the preconditioner's scratch)"
                                : !failed ? NULL
                                : kind == HZGSVD_PRECONDITION_QR_SVD ? "the plain start (the preconditioner's SVD did not converge)"
                                                                     : "the plain start (the preconditioner's eigensolver did not converge)",
                          growth, hzgsvd__now() - t0)) {
        hzgsvd__gpu_pre_free(P);
        return HZGSVD_SUCCESS;
    }
    *reload = 0;
    P->z0 = S.S;
    P->kind = kind;
    return HZGSVD_SUCCESS;
#endif
}
