/* hzgsvd_bench -- the single-GPU benchmark (make bench).
 *
 *   build/hzgsvd_bench [--complex] [--sizes 512,1024,2048,4096,8192] [--variants-table N] [--reps R]
 *                      [--seed S] [--sigma-dist log|uniform] [--variant 0..7] [--outer me|mm]
 *                      [--inner me|mm] [--blocking fb|bo] [--block-width 16|32]
 *
 * For each n: a square real (or, with --complex, complex) pair with known generalized singular values, made on the GPU
 * (F = U diag(sf) X, G = V diag(sg) X, U, V, Q1, Q2 from QR of Gaussian matrices, X = Q1 diag(d) Q2
 * with cond(X) = 100, sigma log-spaced over [1e-3, 22], as in the reference runs of the paper's
 * authors); then, on the same matrices and in the same process:
 *   hzgsvd   the configuration given by --variant/--outer/--inner/--blocking/--block-width (default
 *            the library's: DHZ0-(ME-BO-ME), w chosen by n; printed in the table caption): time without
 *            transfers (device entry point, workspace allocated beforehand), time with transfers and
 *            allocations (host entry point, second table), outer sweeps, seconds per sweep, effective
 *            bandwidth, max relative error of sigma against the known one, residual
 *            ||F Z - U Sigma_F|| / (||F|| ||Z||);
 *   floor    cuBLAS strided-batched Gram + update of one outer step at the same shapes: per pivot
 *            pair (n/(2w) of them) the 2w x 2w Grams F_l'F_l and G_l'G_l of the m x 2w slabs and
 *            the products F_l M, G_l M, Z_l M into separate buffers (slab l = the contiguous columns
 *            [2wl, 2wl + 2w)); the median of FLOOR_SAMPLES CUDA-event timings of a step, times the
 *            outer steps per sweep (n/w - 1 for ME, n/w for MM);
 *   GEVD     the route of the paper's App. G: cublasDsyrk (Zherk) for F'F and G'G, cusolverDnDsygvd (Zhegvd), sigma =
 *            sqrt(lambda): time and max relative error of sigma.
 * Effective bandwidth: bytes an outer step must move at the least (the Grams read F and G, the
 * updates read and write F, G and Z: ((m_f + m_g) n + 2 (m_f + m_g + n) n) elem, elem = 8 or 16)
 * times the steps of the sweeps run, over the time (hzgsvd: the whole no-transfer call; floor: the
 * step).  hzgsvd is charged at its bordered order n' = roundup(n, 2w); the floor runs on the
 * unbordered copies and is skipped (with a note) where n is not a multiple of 2w.
 * Ratios: hzgsvd/floor per sweep, hzgsvd/GEVD in total, and floor x sweeps/GEVD (what the floor
 * would cost over hzgsvd's sweeps, against the GEVD route).
 * With --variants-table N: the eight variants x {ME, MM} outer x {FB, BO} at order N (inner strategy
 * and w as given), time relative to variant 0 ME-FB (the paper's relative-slowdown tables).
 * Prints Markdown tables.  Exit status: 0, 1 on a CUDA/cuBLAS/cuSOLVER error or no GPU, 2 on usage. */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_single.cuh"
#include "test/support/pairgen.h"   /* splitmix64, Box-Muller, the known pair's diagonals */

#include <cublas_v2.h>
#include <cusolverDn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { fprintf(stderr, "bench: %s: %s\n", #call, cudaGetErrorString(e_)); exit(1); } } while (0)
#define CB(call) do { cublasStatus_t e_ = (call); if (e_ != CUBLAS_STATUS_SUCCESS) { fprintf(stderr, "bench: %s: cuBLAS error %d\n", #call, (int)e_); exit(1); } } while (0)
#define CS(call) do { cusolverStatus_t e_ = (call); if (e_ != CUSOLVER_STATUS_SUCCESS) { fprintf(stderr, "bench: %s: cuSOLVER error %d\n", #call, (int)e_); exit(1); } } while (0)

#define FLOOR_WARMUP 3       /* untimed floor steps first (cuBLAS picks kernels, allocates its workspace) */
#define FLOOR_SAMPLES 20     /* timed floor steps; the median is reported */

static cublasHandle_t blas;
static cusolverDnHandle_t solver;

/* Gaussian entries from splitmix64 of (seed, index) and Box-Muller (test/support/rng.h):
 * deterministic anywhere. */
__global__ void gaussian(double *a, size_t n, unsigned long long seed)
{
    const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i >= n) return;
    const double u1 = sp_unit_to_one(sp_splitmix64_at(seed * 0x100000001ull + 2 * i));
    const double u2 = sp_unit_from_zero(sp_splitmix64_at(seed * 0x100000001ull + 2 * i + 1));
    a[i] = sp_box_muller(u1, u2, NULL);
}

static int cplx = 0;         /* --complex: complex pairs (ZHZ), cublasZherk + cusolverDnZhegvd for GEVD */

/* Q (m x n, orthonormal columns) from the QR factorization of a Gaussian m x n matrix. */
static void random_orthonormal(double *Q, int m, int n, unsigned long long seed)
{
    gaussian<<<(unsigned)(((cplx ? 2 : 1) * (size_t)m * n + 255) / 256), 256>>>(Q, (cplx ? 2 : 1) * (size_t)m * n, seed);
    CK(cudaGetLastError());
    if (cplx) {
        cuDoubleComplex *Z = (cuDoubleComplex *)Q, *tau, *work;
        int lw1 = 0, lw2 = 0, *devinfo;
        CK(cudaMalloc(&tau, sizeof(cuDoubleComplex) * n));
        CK(cudaMalloc(&devinfo, sizeof(int)));
        CS(cusolverDnZgeqrf_bufferSize(solver, m, n, Z, m, &lw1));
        CS(cusolverDnZungqr_bufferSize(solver, m, n, n, Z, m, tau, &lw2));
        const int lw = lw1 > lw2 ? lw1 : lw2;
        CK(cudaMalloc(&work, sizeof(cuDoubleComplex) * lw));
        CS(cusolverDnZgeqrf(solver, m, n, Z, m, tau, work, lw, devinfo));
        CS(cusolverDnZungqr(solver, m, n, n, Z, m, tau, work, lw, devinfo));
        CK(cudaDeviceSynchronize());
        CK(cudaFree(tau)); CK(cudaFree(work)); CK(cudaFree(devinfo));
        return;
    }
    double *tau, *work;
    int lw1 = 0, lw2 = 0, *devinfo;
    CK(cudaMalloc(&tau, sizeof(double) * n));
    CK(cudaMalloc(&devinfo, sizeof(int)));
    CS(cusolverDnDgeqrf_bufferSize(solver, m, n, Q, m, &lw1));
    CS(cusolverDnDorgqr_bufferSize(solver, m, n, n, Q, m, tau, &lw2));
    const int lw = lw1 > lw2 ? lw1 : lw2;
    CK(cudaMalloc(&work, sizeof(double) * lw));
    CS(cusolverDnDgeqrf(solver, m, n, Q, m, tau, work, lw, devinfo));
    CS(cusolverDnDorgqr(solver, m, n, n, Q, m, tau, work, lw, devinfo));
    CK(cudaDeviceSynchronize());
    CK(cudaFree(tau)); CK(cudaFree(work)); CK(cudaFree(devinfo));
}

/* Y <- Y diag(d) */
__global__ void scale_cols(double *Y, int m, int n, const double *d)
{
    const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < (size_t)m * n) Y[i] *= d[i / m];
}

typedef struct known_pair {
    int n;
    double *F, *G;           /* device, pristine */
    double *sigma;           /* host, descending */
} known_pair;

/* C = A B (n x n, real or complex by cplx) */
static void gemm(int n, const double *A, const double *B, double *C)
{
    if (cplx) {
        const cuDoubleComplex one = make_cuDoubleComplex(1.0, 0.0), zero = make_cuDoubleComplex(0.0, 0.0);
        CB(cublasZgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, (const cuDoubleComplex *)A, n,
                       (const cuDoubleComplex *)B, n, &zero, (cuDoubleComplex *)C, n));
    } else {
        const double one = 1.0, zero = 0.0;
        CB(cublasDgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, A, n, B, n, &zero, C, n));
    }
}

static int sigma_uniform = 0;   /* --sigma-dist uniform: sigma uniform in [1e-3, 22] instead of log-spaced */

static known_pair make_known(int n, unsigned long long seed)
{
    known_pair k;
    k.n = n;
    const size_t nn = (size_t)n * n * (cplx ? 2 : 1);     /* doubles of an n x n matrix */
    double *U, *V, *Q1, *Q2, *X, *dd, *dsf, *dsg;
    CK(cudaMalloc(&U, sizeof(double) * nn)); CK(cudaMalloc(&V, sizeof(double) * nn));
    CK(cudaMalloc(&Q1, sizeof(double) * nn)); CK(cudaMalloc(&Q2, sizeof(double) * nn));
    CK(cudaMalloc(&X, sizeof(double) * nn));
    CK(cudaMalloc(&k.F, sizeof(double) * nn)); CK(cudaMalloc(&k.G, sizeof(double) * nn));
    CK(cudaMalloc(&dd, sizeof(double) * 3 * n));
    dsf = dd + n; dsg = dsf + n;
    random_orthonormal(U, n, n, seed + 1);
    random_orthonormal(V, n, n, seed + 2);
    random_orthonormal(Q1, n, n, seed + 3);
    random_orthonormal(Q2, n, n, seed + 4);
    double *h = (double *)malloc(sizeof(double) * 3 * n);
    k.sigma = (double *)malloc(sizeof(double) * n);
    if (sigma_uniform)   /* uniform in [1e-3, 22), from a hash of (seed, i) of its own */
        for (int i = 0; i < n; ++i) {
            unsigned long long z = seed * 0x9E3779B97F4A7C15ull + (unsigned long long)i * 0xBF58476D1CE4E5B9ull;
            z ^= z >> 31; z *= 0x94D049BB133111EBull; z ^= z >> 29;
            k.sigma[i] = 1e-3 + (22.0 - 1e-3) * sp_unit_from_zero(z);
        }
    /* else log-spaced from 22 down to 1e-3 (ends not pinned); d: cond(X) = 100 */
    sp_known_diagonals((size_t)n, 1e-3, 22.0, 100.0, 0, sigma_uniform, k.sigma, h + n, h + 2 * n, h);
    CK(cudaMemcpy(dd, h, sizeof(double) * 3 * n, cudaMemcpyHostToDevice));
    qsort(k.sigma, n, sizeof(double), sp_cmp_desc);
    const unsigned blocks = (unsigned)((nn + 255) / 256);
    const int rows = cplx ? 2 * n : n;                                           /* doubles per column */
    scale_cols<<<blocks, 256>>>(Q1, rows, n, dd);                                /* Q1 diag(d) */
    CK(cudaGetLastError());
    gemm(n, Q1, Q2, X);
    scale_cols<<<blocks, 256>>>(U, rows, n, dsf);                                /* U diag(sf) */
    CK(cudaGetLastError());
    scale_cols<<<blocks, 256>>>(V, rows, n, dsg);
    CK(cudaGetLastError());
    gemm(n, U, X, k.F);
    gemm(n, V, X, k.G);
    CK(cudaDeviceSynchronize());
    CK(cudaFree(U)); CK(cudaFree(V)); CK(cudaFree(Q1)); CK(cudaFree(Q2)); CK(cudaFree(X)); CK(cudaFree(dd));
    free(h);
    return k;
}

static double max_rel_err(double *s, const double *ref, int n)
{
    qsort(s, n, sizeof(double), sp_cmp_desc);
    double e = 0.0;
    for (int i = 0; i < n; ++i) {
        const double d = fabs(s[i] - ref[i]) / ref[i];
        if (!(d <= e)) e = d;
    }
    return e;
}

typedef struct ours {
    double t_dev, t_host, err, res;
    int sweeps, n_bordered, block_width;  /* block_width: the w the engine ran with (info) */
    hzgsvd_status st, st_host;
} ours;

/* hzgsvd on the pair: device entry (timed without transfers), optionally the host entry too.
 * A call the library refuses (e.g. an option this build does not support) comes back with
 * sweeps = 0 and st set; the rest of r is then meaningless. */
static ours run_ours(const known_pair *k, const hzgsvd_options *o, int with_host)
{
    ours r;
    memset(&r, 0, sizeof r);
    r.t_host = -1.0;
    const int n = k->n, rows = cplx ? 2 * n : n;        /* doubles per column */
    const size_t nn = (size_t)rows * n;
    double *dF, *dG, *dZ, *dS, *T;
    void *work;
    size_t bytes = 0;
    hzgsvd_info info;
    r.st = cplx ? hzgsvd_gpu_zgsvd_workspace_size(n, n, n, o, &bytes) : hzgsvd_gpu_dgsvd_workspace_size(n, n, n, o, &bytes);
    if (r.st != HZGSVD_SUCCESS) return r;
    CK(cudaMalloc(&work, bytes));
    CK(cudaMalloc(&dF, sizeof(double) * nn)); CK(cudaMalloc(&dG, sizeof(double) * nn));
    CK(cudaMalloc(&dZ, sizeof(double) * nn)); CK(cudaMalloc(&dS, sizeof(double) * 3 * n));
    CK(cudaMemcpy(dF, k->F, sizeof(double) * nn, cudaMemcpyDeviceToDevice));
    CK(cudaMemcpy(dG, k->G, sizeof(double) * nn, cudaMemcpyDeviceToDevice));
    CK(cudaDeviceSynchronize());
    const double t0 = hzgsvd__now();
    if (cplx)
        r.st = hzgsvd_gpu_zgsvd(n, n, n, (cuDoubleComplex *)dF, n, (cuDoubleComplex *)dG, n, (cuDoubleComplex *)dZ, n,
                                dS, dS + n, dS + 2 * (size_t)n, work, bytes, 0, o, &info);
    else
        r.st = hzgsvd_gpu_dgsvd(n, n, n, dF, n, dG, n, dZ, n, dS, dS + n, dS + 2 * (size_t)n, work, bytes, 0, o, &info);
    CK(cudaDeviceSynchronize());
    r.t_dev = hzgsvd__now() - t0;
    r.sweeps = info.sweeps;
    r.n_bordered = info.n_bordered;
    r.block_width = info.block_width;
    double *s = (double *)malloc(sizeof(double) * 3 * n);
    if (r.sweeps > 0) {
        CK(cudaMemcpy(s, dS, sizeof(double) * 3 * n, cudaMemcpyDeviceToHost));
        r.err = max_rel_err(s + 2 * (size_t)n, k->sigma, n);
        /* residual: T = F0 Z - U diag(sigma_f) */
        CK(cudaMalloc(&T, sizeof(double) * nn));
        CK(cudaMemcpy(T, dF, sizeof(double) * nn, cudaMemcpyDeviceToDevice));
        scale_cols<<<(unsigned)((nn + 255) / 256), 256>>>(T, rows, n, dS);
        CK(cudaGetLastError());
        double nt, nf, nz;
        if (cplx) {
            const cuDoubleComplex one = make_cuDoubleComplex(1.0, 0.0), mone = make_cuDoubleComplex(-1.0, 0.0);
            CB(cublasZgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, (const cuDoubleComplex *)k->F, n,
                           (const cuDoubleComplex *)dZ, n, &mone, (cuDoubleComplex *)T, n));
        } else {
            const double one = 1.0, mone = -1.0;
            CB(cublasDgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, k->F, n, dZ, n, &mone, T, n));
        }
        CB(cublasDnrm2(blas, (int)nn, T, 1, &nt));          /* the Frobenius norm of either kind */
        CB(cublasDnrm2(blas, (int)nn, k->F, 1, &nf));
        CB(cublasDnrm2(blas, (int)nn, dZ, 1, &nz));
        r.res = nt / (nf * nz);
        CK(cudaFree(T));
    }
    if (with_host && r.sweeps > 0) {
        double *F = (double *)malloc(sizeof(double) * nn), *G = (double *)malloc(sizeof(double) * nn), *Z = (double *)malloc(sizeof(double) * nn);
        CK(cudaMemcpy(F, k->F, sizeof(double) * nn, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(G, k->G, sizeof(double) * nn, cudaMemcpyDeviceToHost));
        const double t1 = hzgsvd__now();
        if (cplx) r.st_host = hzgsvd_gpu_zgsvd_host(n, n, n, F, n, G, n, Z, n, s, s + n, s + 2 * (size_t)n, o, &info);
        else r.st_host = hzgsvd_gpu_dgsvd_host(n, n, n, F, n, G, n, Z, n, s, s + n, s + 2 * (size_t)n, o, &info);
        r.t_host = hzgsvd__now() - t1;
        free(F); free(G); free(Z);
    }
    free(s);
    CK(cudaFree(work)); CK(cudaFree(dF)); CK(cudaFree(dG)); CK(cudaFree(dZ)); CK(cudaFree(dS));
    return r;
}

/* The GEVD route (paper App. G): A = F^H F, B = G^H G by xSYRK/xHERK, xSYGVD/xHEGVD, sigma = sqrt(lambda). */
static void run_gevd(const known_pair *k, double *t, double *err, int *info_out)
{
    const int n = k->n;
    const size_t el = cplx ? 2 : 1;
    double *A, *B, *W, *work;
    int *devinfo, lwork = 0;
    CK(cudaMalloc(&A, sizeof(double) * el * n * n)); CK(cudaMalloc(&B, sizeof(double) * el * n * n));
    CK(cudaMalloc(&W, sizeof(double) * n)); CK(cudaMalloc(&devinfo, sizeof(int)));
    if (cplx)
        CS(cusolverDnZhegvd_bufferSize(solver, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_NOVECTOR, CUBLAS_FILL_MODE_LOWER,
                                       n, (cuDoubleComplex *)A, n, (cuDoubleComplex *)B, n, W, &lwork));
    else
        CS(cusolverDnDsygvd_bufferSize(solver, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_NOVECTOR, CUBLAS_FILL_MODE_LOWER,
                                       n, A, n, B, n, W, &lwork));
    CK(cudaMalloc(&work, sizeof(double) * el * lwork));
    CK(cudaDeviceSynchronize());
    const double one = 1.0, zero = 0.0, t0 = hzgsvd__now();
    if (cplx) {
        CB(cublasZherk(blas, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_C, n, n, &one, (const cuDoubleComplex *)k->F, n, &zero, (cuDoubleComplex *)A, n));
        CB(cublasZherk(blas, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_C, n, n, &one, (const cuDoubleComplex *)k->G, n, &zero, (cuDoubleComplex *)B, n));
        CS(cusolverDnZhegvd(solver, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_NOVECTOR, CUBLAS_FILL_MODE_LOWER,
                            n, (cuDoubleComplex *)A, n, (cuDoubleComplex *)B, n, W, (cuDoubleComplex *)work, lwork, devinfo));
    } else {
        CB(cublasDsyrk(blas, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, n, n, &one, k->F, n, &zero, A, n));
        CB(cublasDsyrk(blas, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, n, n, &one, k->G, n, &zero, B, n));
        CS(cusolverDnDsygvd(solver, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_NOVECTOR, CUBLAS_FILL_MODE_LOWER,
                            n, A, n, B, n, W, work, lwork, devinfo));
    }
    CK(cudaDeviceSynchronize());
    *t = hzgsvd__now() - t0;
    double *w = (double *)malloc(sizeof(double) * n);
    CK(cudaMemcpy(w, W, sizeof(double) * n, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(info_out, devinfo, sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) w[i] = sqrt(w[i]);
    *err = max_rel_err(w, k->sigma, n);
    free(w);
    CK(cudaFree(A)); CK(cudaFree(B)); CK(cudaFree(W)); CK(cudaFree(work)); CK(cudaFree(devinfo));
}

/* ---- the cuBLAS floor of an outer step ----
 * What a step of the blocked method cannot do without: form the two 2w x 2w Grams of every pivot
 * pair and apply one 2w x 2w transformation to the F, G and Z slabs.  cuBLAS does exactly that
 * (and nothing else: no Cholesky, no inner sweeps, no gather of the pivot columns), so its time
 * is a floor for a step at these shapes, and the ratio says how far the fused kernel is from it. */

/* C_l = op(A_l) B_l for `pairs` strided batches, real or complex (op: conjugate transpose or none). */
static void strided_gemm(int conj_a, int rows, int cols, int inner, const double *A, int lda, long long sa,
                         const double *B, int ldb, long long sb, double *C, int ldc, long long sc, int pairs)
{
    if (cplx) {
        const cuDoubleComplex one = make_cuDoubleComplex(1.0, 0.0), zero = make_cuDoubleComplex(0.0, 0.0);
        CB(cublasZgemmStridedBatched(blas, conj_a ? CUBLAS_OP_C : CUBLAS_OP_N, CUBLAS_OP_N, rows, cols, inner, &one,
                                     (const cuDoubleComplex *)A, lda, sa, (const cuDoubleComplex *)B, ldb, sb, &zero,
                                     (cuDoubleComplex *)C, ldc, sc, pairs));
    } else {
        const double one = 1.0, zero = 0.0;
        CB(cublasDgemmStridedBatched(blas, conj_a ? CUBLAS_OP_T : CUBLAS_OP_N, CUBLAS_OP_N, rows, cols, inner, &one,
                                     A, lda, sa, B, ldb, sb, &zero, C, ldc, sc, pairs));
    }
}

/* C_l = A_l^H A_l (2w x 2w, stride k2*k2) for the pairs l of the contiguous m x k2 slabs of A (m x pairs*k2). */
static void batched_gram(int m, int k2, int pairs, const double *A, double *C)
{
    const long long slab = (long long)m * k2, gram = (long long)k2 * k2;
    strided_gemm(1, k2, k2, m, A, m, slab, A, m, slab, C, k2, gram, pairs);
}

/* Out_l = A_l M_l (m x k2 times k2 x k2) for the pairs l, into a separate buffer shaped like A. */
static void batched_update(int m, int k2, int pairs, const double *A, const double *M, double *out)
{
    const long long slab = (long long)m * k2, gram = (long long)k2 * k2;
    strided_gemm(0, m, k2, k2, A, m, slab, M, k2, gram, out, m, slab, pairs);
}

static int cmp_float(const void *a, const void *b)
{
    const float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* Median seconds of one floor step on the pair (read only; Z and the outputs are scratch, their
 * values do not affect the speed of a GEMM), or -1 when n is not a multiple of 2w: the floor runs
 * on the unbordered n x n copies. */
static double floor_step_seconds(const known_pair *k, int w)
{
    const int n = k->n, k2 = 2 * w, pairs = n / k2;
    if (n % k2 != 0) return -1.0;
    const size_t el = cplx ? 2 : 1, nn = el * (size_t)n * n, grams = el * (size_t)k2 * k2 * pairs;
    double *Z, *out, *gram_f, *gram_g;
    CK(cudaMalloc(&Z, sizeof(double) * nn));
    CK(cudaMalloc(&out, sizeof(double) * 3 * nn));                 /* updated F, G, Z */
    CK(cudaMalloc(&gram_f, sizeof(double) * 2 * grams));
    gram_g = gram_f + grams;
    CK(cudaMemcpy(Z, k->F, sizeof(double) * nn, cudaMemcpyDeviceToDevice));
    cudaEvent_t start, stop;
    CK(cudaEventCreate(&start)); CK(cudaEventCreate(&stop));
    float ms[FLOOR_SAMPLES];
    for (int s = -FLOOR_WARMUP; s < FLOOR_SAMPLES; ++s) {
        CK(cudaEventRecord(start, 0));                             /* cuBLAS runs on the default stream */
        batched_gram(n, k2, pairs, k->F, gram_f);
        batched_gram(n, k2, pairs, k->G, gram_g);
        batched_update(n, k2, pairs, k->F, gram_f, out);
        batched_update(n, k2, pairs, k->G, gram_g, out + nn);
        batched_update(n, k2, pairs, Z, gram_f, out + 2 * nn);
        CK(cudaEventRecord(stop, 0));
        CK(cudaEventSynchronize(stop));
        if (s >= 0) CK(cudaEventElapsedTime(&ms[s], start, stop));
    }
    qsort(ms, FLOOR_SAMPLES, sizeof(float), cmp_float);
    const double median = 0.5e-3 * ((double)ms[(FLOOR_SAMPLES - 1) / 2] + (double)ms[FLOOR_SAMPLES / 2]);
    CK(cudaEventDestroy(start)); CK(cudaEventDestroy(stop));
    CK(cudaFree(Z)); CK(cudaFree(out)); CK(cudaFree(gram_f));
    return median;
}

/* ---- shapes, bytes and labels ---- */

/* Outer steps per sweep over nblk block columns (ME: cyclic, nblk - 1; MM: quasi-cyclic, nblk). */
static int outer_steps_per_sweep(hzgsvd_strategy outer, int nblk)
{
    return outer == HZGSVD_STRATEGY_MM ? nblk : nblk - 1;
}

/* Bytes an outer step moves at the least: the two Grams read F and G once, the three updates read
 * and write F, G and Z once (m_f x n, m_g x n, n x n). */
static double step_bytes(int m_f, int m_g, int n)
{
    const double elem = cplx ? 16.0 : 8.0;
    return ((double)(m_f + m_g) * n + 2.0 * ((double)m_f + m_g + n) * n) * elem;
}

/* The order the engine runs at: n rounded up to a multiple of 2w. */
static int bordered_order(int n, int w)
{
    return (n + 2 * w - 1) / (2 * w) * (2 * w);
}

static const char *strategy_name(hzgsvd_strategy s) { return s == HZGSVD_STRATEGY_MM ? "MM" : "ME"; }
static const char *blocking_name(hzgsvd_blocking b) { return b == HZGSVD_BLOCKING_BO ? "BO" : "FB"; }

/* The paper's name of a configuration, e.g. DHZ0-(MM-BO-ME): variant, then outer-blocking-inner. */
static void config_label(const hzgsvd_options *o, char *buf, size_t size)
{
    snprintf(buf, size, "%cHZ%d-(%s-%s-%s)", cplx ? 'Z' : 'D', o->variant, strategy_name(o->outer),
             blocking_name(o->blocking), strategy_name(o->inner));
}

/* ---- command line ---- */

static void usage(const char *argv0)
{
    fprintf(stderr, "usage: %s [--complex] [--sizes a,b,..] [--variants-table N] [--reps R] [--seed S] [--sigma-dist log|uniform]\n"
                    "       [--variant 0..7] [--outer me|mm] [--inner me|mm] [--blocking fb|bo] [--block-width 16|32]\n", argv0);
    exit(2);
}

/* "me" / "mm" -> strategy; anything else is a usage error. */
static hzgsvd_strategy parse_strategy(const char *s, const char *argv0)
{
    if (!strcmp(s, "me")) return HZGSVD_STRATEGY_ME;
    if (!strcmp(s, "mm")) return HZGSVD_STRATEGY_MM;
    usage(argv0);
    return HZGSVD_STRATEGY_ME;
}

static hzgsvd_blocking parse_blocking(const char *s, const char *argv0)
{
    if (!strcmp(s, "fb")) return HZGSVD_BLOCKING_FB;
    if (!strcmp(s, "bo")) return HZGSVD_BLOCKING_BO;
    usage(argv0);
    return HZGSVD_BLOCKING_FB;
}

/* ---- the tables ---- */

/* One row of the main table: hzgsvd, its floor and the GEVD route at order k->n.  Returns hzgsvd's
 * fastest run (t_host from the first, the only one with the host entry point). */
static ours bench_size(const known_pair *k, const hzgsvd_options *o, int reps)
{
    const int n = k->n;
    ours best;
    best.t_dev = 1e300;
    for (int r = 0; r < reps; ++r) {
        ours x = run_ours(k, o, r == 0);
        if (r == 0 || (x.sweeps > 0 && x.t_dev < best.t_dev)) {
            const double th = r == 0 ? x.t_host : best.t_host;
            const hzgsvd_status sth = r == 0 ? x.st_host : best.st_host;
            best = x; best.t_host = th; best.st_host = sth;
        }
    }
    if (best.st_host != HZGSVD_SUCCESS) best.t_host = -1.0;
    /* the floor at the w the engine ran with (its own choice when the options leave w to it) */
    const int w = o->block_width ? o->block_width : best.block_width > 0 ? best.block_width : 16;
    const double floor_step = floor_step_seconds(k, w);
    const double floor_sweep = floor_step < 0 ? -1.0 : floor_step * outer_steps_per_sweep(o->outer, n / w);
    double tg = 1e300, eg = 0.0;
    int ginfo = 0;
    for (int r = 0; r < reps; ++r) { double t, e; run_gevd(k, &t, &e, &ginfo); if (t < tg) tg = t; eg = e; }

    printf("| %d |", n);
    if (best.sweeps > 0) {
        const int nb = best.n_bordered > 0 ? best.n_bordered : bordered_order(n, w);
        const double per_sweep = best.t_dev / best.sweeps;
        const double bytes = step_bytes(nb, nb, nb) * outer_steps_per_sweep(o->outer, nb / w) * best.sweeps;
        printf(" %.3f | %d | %.3g | %.0f |", best.t_dev, best.sweeps, per_sweep, bytes / best.t_dev * 1e-9);
    } else
        printf(" — | — | — | — |");
    if (floor_sweep > 0)
        printf(" %.3g | %.0f |", floor_sweep, step_bytes(n, n, n) / floor_step * 1e-9);
    else
        printf(" — | — |");
    if (best.sweeps > 0 && floor_sweep > 0) printf(" %.1f |", best.t_dev / best.sweeps / floor_sweep);
    else printf(" — |");
    if (best.sweeps > 0) printf(" %.2e | %.1e |", best.err, best.res);
    else printf(" — | — |");
    printf(" %.3f | %.2e%s |", tg, eg, ginfo ? " (info!=0)" : "");
    if (best.sweeps > 0) printf(" %.1f |", best.t_dev / tg);
    else printf(" — |");
    if (best.sweeps > 0 && floor_sweep > 0) printf(" %.2f |\n", floor_sweep * best.sweeps / tg);
    else printf(" — |\n");
    if (best.st != HZGSVD_SUCCESS) printf("  (hzgsvd status %d: %s)\n", best.st, hzgsvd_status_string(best.st));
    if (floor_sweep < 0) printf("  (floor skipped: n = %d is not a multiple of 2w = %d)\n", n, 2 * w);
    fflush(stdout);
    return best;
}

/* "w = 32", or "w chosen by n" where the options leave the block width to the engine. */
static const char *width_text(int w)
{
    static char buf[32];
    if (w == 0) return "w chosen by n";
    snprintf(buf, sizeof buf, "w = %d", w);
    return buf;
}

/* The eight variants x {ME, MM} outer x {FB, BO} at order n, relative to variant 0 ME-FB;
 * inner strategy and block width as in base. */
static void variants_table(int n, unsigned long long seed, const hzgsvd_options *base_opt)
{
    known_pair k = make_known(n, seed);
    const char *in = strategy_name(base_opt->inner);
    char label[64];
    hzgsvd_options o0 = *base_opt;
    o0.variant = 0; o0.outer = HZGSVD_STRATEGY_ME; o0.blocking = HZGSVD_BLOCKING_FB;
    config_label(&o0, label, sizeof label);
    printf("\nRelative time at n = %d (1.00 = %s, %s); sweeps in parentheses\n\n", n, label, width_text(base_opt->block_width));
    printf("| variant | ME-FB-%s | MM-FB-%s | ME-BO-%s | MM-BO-%s |\n|---:|---:|---:|---:|---:|\n", in, in, in, in);
    double base = 0.0;
    for (int v = 0; v < 8; ++v) {
        printf("| %d |", v);
        for (int c = 0; c < 4; ++c) {
            hzgsvd_options o = *base_opt;
            o.variant = v;
            o.outer = (c & 1) ? HZGSVD_STRATEGY_MM : HZGSVD_STRATEGY_ME;
            o.blocking = (c & 2) ? HZGSVD_BLOCKING_BO : HZGSVD_BLOCKING_FB;
            ours r = run_ours(&k, &o, 0);
            if (v == 0 && c == 0) base = r.t_dev;
            if (r.sweeps > 0 && base > 0) printf(" %.2f (%d)%s |", r.t_dev / base, r.sweeps, r.st == HZGSVD_SUCCESS ? "" : "*");
            else printf(" — (status %d) |", r.st);
        }
        printf("\n");
        fflush(stdout);
    }
    printf("\nbase %s at n = %d: %.3f s; * = did not converge within %d sweeps\n", label, n, base, base_opt->max_sweeps);
    CK(cudaFree(k.F)); CK(cudaFree(k.G)); free(k.sigma);
}

int main(int argc, char **argv)
{
    int sizes[16] = { 512, 1024, 2048, 4096, 8192 }, nsizes = 5, vt = 0, reps = 1;
    unsigned long long seed = 2026;
    hzgsvd_options opt = hzgsvd_default_options();
    for (int i = 1; i < argc; ++i) {
        const int has_arg = i + 1 < argc;
        if (!strcmp(argv[i], "--sizes") && has_arg) {
            nsizes = 0;
            for (char *tok = strtok(argv[++i], ","); tok && nsizes < 16; tok = strtok(NULL, ",")) sizes[nsizes++] = atoi(tok);
        } else if (!strcmp(argv[i], "--variants-table") && has_arg) vt = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && has_arg) reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && has_arg) seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--sigma-dist") && has_arg) sigma_uniform = !strcmp(argv[++i], "uniform");
        else if (!strcmp(argv[i], "--complex")) cplx = 1;
        else if (!strcmp(argv[i], "--variant") && has_arg) {
            opt.variant = atoi(argv[++i]);
            if (opt.variant < 0 || opt.variant > 7) usage(argv[0]);
        } else if (!strcmp(argv[i], "--outer") && has_arg) opt.outer = parse_strategy(argv[++i], argv[0]);
        else if (!strcmp(argv[i], "--inner") && has_arg) opt.inner = parse_strategy(argv[++i], argv[0]);
        else if (!strcmp(argv[i], "--blocking") && has_arg) opt.blocking = parse_blocking(argv[++i], argv[0]);
        else if (!strcmp(argv[i], "--block-width") && has_arg) {
            opt.block_width = atoi(argv[++i]);
            if (opt.block_width != 16 && opt.block_width != 32) usage(argv[0]);
        } else usage(argv[0]);
    }
    if (reps < 1 || nsizes < 1) usage(argv[0]);
    for (int i = 0; i < nsizes; ++i) if (sizes[i] < 1) usage(argv[0]);
    if (!hzgsvd_gpu_available()) { fprintf(stderr, "bench: no GPU\n"); return 1; }
    struct cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    CB(cublasCreate(&blas));
    CS(cusolverDnCreate(&solver));
    char label[64];
    config_label(&opt, label, sizeof label);
    printf("device: %s, %d SMs; hzgsvd %s\n\n", prop.name, prop.multiProcessorCount, hzgsvd_version());
    printf("%s, %s, best of %d; sigma %s over [1e-3, 22], cond(X) = 100; floor: cuBLAS strided-batched Gram + update, "
           "median of %d steps; GB/s: bytes of Gram + update over time\n\n",
           label, width_text(opt.block_width), reps, sigma_uniform ? "uniform random" : "log-spaced", FLOOR_SAMPLES);
    printf("| n | hzgsvd s | sweeps | s/sweep | eff. GB/s | floor s/sweep | floor GB/s | hzgsvd/floor (per sweep) "
           "| max rel err sigma | residual | GEVD s | GEVD max rel err | hzgsvd/GEVD | floor x sweeps/GEVD |\n");
    printf("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    ours runs[16];
    for (int si = 0; si < nsizes; ++si) {
        known_pair k = make_known(sizes[si], seed);
        runs[si] = bench_size(&k, &opt, reps);
        CK(cudaFree(k.F)); CK(cudaFree(k.G)); free(k.sigma);
    }
    /* The host entry point (allocation + both transfers) against the device one: a second table,
     * so the main one stays readable; its rows are the first repetition's. */
    printf("\nWith transfers (host entry point, allocations and both copies included), %s, %s:\n\n", label, width_text(opt.block_width));
    printf("| n | hzgsvd s (no transfers) | hzgsvd s (with transfers) | with/no transfers |\n|---:|---:|---:|---:|\n");
    for (int si = 0; si < nsizes; ++si) {
        const ours *r = &runs[si];
        if (r->sweeps > 0 && r->t_host >= 0) printf("| %d | %.3f | %.3f | %.2f |\n", sizes[si], r->t_dev, r->t_host, r->t_host / r->t_dev);
        else printf("| %d | — | — | — |\n", sizes[si]);
    }
    fflush(stdout);
    if (vt > 0) variants_table(vt, seed, &opt);
    CS(cusolverDnDestroy(solver));
    CB(cublasDestroy(blas));
    return 0;
}
