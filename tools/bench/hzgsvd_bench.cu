/* hzgsvd_bench -- the single-GPU benchmark (make bench).
 *
 *   build/hzgsvd_bench [--complex] [--sizes 512,1024,2048,4096,8192] [--raw PREFIX:N:D|Z[,...]]
 *                      [--variants-table N] [--reps R] [--seed S] [--sigma-dist log|uniform]
 *                      [--variant 0..7] [--outer me|mm] [--inner me|mm] [--blocking fb|bo]
 *                      [--block-width 16|32] [--precondition auto|none|qr-eig|qr-svd]
 *                      [--compare-precondition] [--help]
 *
 * For each n: a square real (or, with --complex, complex) pair with known generalized singular values, made on the GPU
 * (F = U diag(sf) X, G = V diag(sg) X, U, V, Q1, Q2 from QR of Gaussian matrices, X = Q1 diag(d) Q2
 * with cond(X) = 100, sigma log-spaced over [1e-3, 22], as in the reference runs of the paper's
 * authors); then, on the same matrices and in the same process:
 *   hzgsvd   the configuration given by --variant/--outer/--inner/--blocking/--block-width (default
 *            the library's: DHZ0-(ME-BO-ME), w chosen by n; printed in the table caption) and the
 *            start given by --precondition (options.precondition: auto, the default, leaves it to the
 *            engine; none: the plain start Z = I; qr-eig, qr-svd: the preconditioned start with an
 *            eigensolver or an SVD): time without
 *            transfers (device entry point, workspace allocated beforehand), the start that ran
 *            (info.preconditioner), its seconds (info.precondition_seconds) and the sweeps' seconds
 *            (the total minus the preconditioner's), time with transfers and allocations (host entry
 *            point, second table), outer sweeps, seconds per sweep (of the sweeps' seconds),
 *            effective bandwidth, max relative error of sigma against the known one, residual
 *            ||F Z - U Sigma_F|| / (||F|| ||Z||); after the tables, where a start was asked for, the
 *            start each pair took, the trust test's growth and the engine's note;
 *   floor    cuBLAS strided-batched Gram + update of one outer step at the same shapes: per pivot
 *            pair (n/(2w) of them) the 2w x 2w Grams F_l'F_l and G_l'G_l of the m x 2w slabs and
 *            the products F_l M, G_l M, Z_l M into separate buffers (slab l = the contiguous columns
 *            [2wl, 2wl + 2w)); the median of FLOOR_SAMPLES CUDA-event timings of a step, times the
 *            outer steps per sweep (n/w - 1 for ME, n/w for MM);
 *   GEVD     the route of the paper's App. G: cublasDsyrk (Zherk) for F'F and G'G, cusolverDnDsygvd (Zhegvd), sigma =
 *            sqrt(lambda): time and max relative error of sigma.
 * Effective bandwidth: bytes an outer step must move at the least (the Grams read F and G, the
 * updates read and write F, G and Z: ((m_f + m_g) n + 2 (m_f + m_g + n) n) elem, elem = 8 or 16)
 * times the steps of the sweeps run, over the time (hzgsvd: the sweeps' seconds of the no-transfer
 * call; floor: the step).  hzgsvd is charged at its bordered order n' = roundup(n, 2w); the floor runs on the
 * unbordered copies and is skipped (with a note) where n is not a multiple of 2w.
 * Ratios: hzgsvd/floor per sweep, hzgsvd/GEVD in total, and floor x sweeps/GEVD (what the floor
 * would cost over hzgsvd's sweeps, against the GEVD route).
 * With --compare-precondition: instead of those tables, per pair hzgsvd twice on the same matrices
 * in the same process (the repetitions interleaved), with the plain start (none) and with the
 * --precondition choice: seconds, sweeps, sigma error and residual of each and the speed-up
 * (none's total seconds over the other's).
 * With --raw PREFIX:N:D|Z (repeatable, or a comma list; not with --sizes): instead of generated
 * pairs, the side-by-side generator's files (shared/tools/side-by-side/gen.py): PREFIX.Y (F) and
 * PREFIX.W (G), N x N float64 in Fortran order, complex interleaved for Z, and PREFIX.sig, the
 * exact sigma (N float64, any order), copied to the device; the same runs and columns, sigma error
 * against PREFIX.sig.  A missing file or one of another size: a message and exit status 1, before
 * any GPU work.
 * Before the first pair of each kind, untimed runs at n = WARM_N (both starts, w = 16 and 32 where
 * the engine picks w, and the GEVD route): kernels load lazily and cuSOLVER sets up on first use,
 * which would otherwise be charged to the first row.
 * With --variants-table N: the eight variants x {ME, MM} outer x {FB, BO} at order N (inner strategy,
 * w and start as given; a generated pair, real or with --complex complex), time relative to variant 0
 * ME-FB (the paper's relative-slowdown tables).
 * Prints Markdown tables.  Exit status: 0, 1 on a CUDA/cuBLAS/cuSOLVER error, no GPU or a bad --raw
 * file, 2 on usage (--help: the usage on stdout, status 0). */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_single.cuh"
#include "test/support/pairgen.h"   /* splitmix64, Box-Muller, the known pair's diagonals */

#include <cublas_v2.h>
#include <cusolverDn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <errno.h>

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
    int done;                             /* info.outputs_written: the outputs hold a result (err, res valid) */
    int preconditioner;                   /* the start taken (info.preconditioner) */
    double t_pre, growth;                 /* info.precondition_seconds, info.precondition_growth */
    const char *note;                     /* info.precondition_note */
    hzgsvd_status st, st_host;
} ours;

/* The sweeps' seconds: the no-transfer call's less the preconditioner's. */
static double sweep_seconds(const ours *r)
{
    return r->t_dev - r->t_pre;
}

/* ||F0 Z - U diag(sigma_f)|| / (||F0|| ||Z||) with F0 = k->F, U in dU (overwritten: the engine's
 * F on return), Z in dZ, sigma_f the first n entries of dS. */
static double residual(const known_pair *k, const double *dU, const double *dZ, const double *dS)
{
    const int n = k->n, rows = cplx ? 2 * n : n;        /* doubles per column */
    const size_t nn = (size_t)rows * n;
    double *T, nt, nf, nz;
    CK(cudaMalloc(&T, sizeof(double) * nn));
    CK(cudaMemcpy(T, dU, sizeof(double) * nn, cudaMemcpyDeviceToDevice));
    scale_cols<<<(unsigned)((nn + 255) / 256), 256>>>(T, rows, n, dS);
    CK(cudaGetLastError());
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
    CK(cudaFree(T));
    return nt / (nf * nz);
}

/* The host entry point on the pair (allocations and both transfers included): its status and seconds. */
static void run_host(const known_pair *k, const hzgsvd_options *o, ours *r)
{
    const int n = k->n;
    const size_t nn = (size_t)(cplx ? 2 * n : n) * n;
    double *F = (double *)malloc(sizeof(double) * nn), *G = (double *)malloc(sizeof(double) * nn),
           *Z = (double *)malloc(sizeof(double) * nn), *s = (double *)malloc(sizeof(double) * 3 * n);
    if (!F || !G || !Z || !s) { fprintf(stderr, "bench: out of host memory (n = %d)\n", n); exit(1); }
    hzgsvd_info info;
    CK(cudaMemcpy(F, k->F, sizeof(double) * nn, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(G, k->G, sizeof(double) * nn, cudaMemcpyDeviceToHost));
    const double t1 = hzgsvd__now();
    if (cplx) r->st_host = hzgsvd_gpu_zgsvd_host(n, n, n, F, n, G, n, Z, n, s, s + n, s + 2 * (size_t)n, o, &info);
    else r->st_host = hzgsvd_gpu_dgsvd_host(n, n, n, F, n, G, n, Z, n, s, s + n, s + 2 * (size_t)n, o, &info);
    r->t_host = hzgsvd__now() - t1;
    free(F); free(G); free(Z); free(s);
}

/* hzgsvd on the pair: device entry (timed without transfers), optionally the host entry too.
 * A call the library refuses (e.g. an option this build does not support) comes back with
 * done = 0 and st set; the rest of r is then meaningless. */
static ours run_ours(const known_pair *k, const hzgsvd_options *o, int with_host)
{
    ours r;
    memset(&r, 0, sizeof r);
    r.t_host = -1.0;
    r.note = "";
    const int n = k->n, rows = cplx ? 2 * n : n;        /* doubles per column */
    const size_t nn = (size_t)rows * n;
    double *dF, *dG, *dZ, *dS;
    void *work;
    size_t bytes = 0;
    hzgsvd_info info;
    memset(&info, 0, sizeof info);
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
    r.done = info.outputs_written;
    r.preconditioner = info.preconditioner;
    r.t_pre = info.precondition_seconds;
    r.growth = info.precondition_growth;
    if (info.precondition_note) r.note = info.precondition_note;
    if (r.done) {
        double *s = (double *)malloc(sizeof(double) * n);
        if (!s) { fprintf(stderr, "bench: out of host memory (n = %d)\n", n); exit(1); }
        CK(cudaMemcpy(s, dS + 2 * (size_t)n, sizeof(double) * n, cudaMemcpyDeviceToHost));
        r.err = max_rel_err(s, k->sigma, n);
        free(s);
        r.res = residual(k, dF, dZ, dS);
    }
    if (with_host && r.done) run_host(k, o, &r);
    CK(cudaFree(work)); CK(cudaFree(dF)); CK(cudaFree(dG)); CK(cudaFree(dZ)); CK(cudaFree(dS));
    return r;
}

/* Keeps in *best the faster of *best and x among the runs with a result (the first run in any
 * case); the host entry point's time and status stay those of the first run (the only one with it). */
static void keep_best(ours *best, const ours *x, int first)
{
    if (first) { *best = *x; return; }
    if (x->done && (!best->done || x->t_dev < best->t_dev)) {
        const double th = best->t_host;
        const hzgsvd_status sth = best->st_host;
        *best = *x;
        best->t_host = th;
        best->st_host = sth;
    }
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

/* The paper's name of a configuration, e.g. DHZ0-(MM-BO-ME): kind (D, Z; x for both), variant, then
 * outer-blocking-inner. */
static void config_label(char kind, const hzgsvd_options *o, char *buf, size_t size)
{
    snprintf(buf, size, "%cHZ%d-(%s-%s-%s)", kind, o->variant, strategy_name(o->outer),
             blocking_name(o->blocking), strategy_name(o->inner));
}

/* ---- the pairs: generated, or read from the side-by-side generator's files (--raw) ---- */

#define MAX_PAIRS 32
#define LABEL_MAX 256
#define WARM_N 256           /* order of the untimed warm-up runs (AUTO's smallest preconditioned n) */

typedef struct pair_spec {
    const char *prefix;      /* --raw: the files' PREFIX; NULL: a generated pair */
    int n, cplx;
} pair_spec;

/* "PREFIX:N:D|Z" -> *p (p->prefix points into s, which is cut at the colons); 0 where malformed. */
static int parse_raw_spec(char *s, pair_spec *p)
{
    char *kind = strrchr(s, ':');
    if (!kind || kind == s) return 0;
    *kind++ = '\0';
    char *num = strrchr(s, ':'), *end;
    if (!num || num == s) return 0;
    *num++ = '\0';
    errno = 0;
    const long n = strtol(num, &end, 10);
    if (errno || end == num || *end || n < 1 || n > 32767) return 0;   /* 2 n^2 doubles: an int count */
    if (!strcmp(kind, "D") || !strcmp(kind, "d")) p->cplx = 0;
    else if (!strcmp(kind, "Z") || !strcmp(kind, "z")) p->cplx = 1;
    else return 0;
    p->prefix = s;
    p->n = (int)n;
    return 1;
}

/* PREFIX.ext opened for reading (its name in path), its size checked against the pair's shape
 * (.Y, .W: N x N float64, twice that for Z; .sig: N float64): a missing, unreadable, short or long
 * file ends the program with a message (status 1). */
static FILE *raw_open(const pair_spec *p, const char *ext, char *path, size_t size)
{
    snprintf(path, size, "%s%s", p->prefix, ext);
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "bench: --raw: cannot open %s: %s\n", path, strerror(errno)); exit(1); }
    const int sig = !strcmp(ext, ".sig");
    const size_t want = sizeof(double) * (sig ? (size_t)p->n : (size_t)p->n * p->n * (p->cplx ? 2 : 1));
    long have = -1;
    if (fseek(f, 0, SEEK_END) == 0) have = ftell(f);
    if (have < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fprintf(stderr, "bench: --raw: cannot find the size of %s: %s\n", path, strerror(errno));
        exit(1);
    }
    if ((size_t)have != want) {
        char shape[96];
        if (sig) snprintf(shape, sizeof shape, "%d float64", p->n);
        else snprintf(shape, sizeof shape, "%d x %d %s", p->n, p->n, p->cplx ? "complex (interleaved float64)" : "float64");
        fprintf(stderr, "bench: --raw %s:%d:%c: %s has %ld bytes, expected %zu (%s): %s\n", p->prefix, p->n,
                p->cplx ? 'Z' : 'D', path, have, want, shape,
                (size_t)have < want ? "short (N or D|Z wrong, or the file incomplete?)" : "too long (N or D|Z wrong?)");
        exit(1);
    }
    return f;
}

/* Every file of a --raw pair there and of its size (before any GPU work). */
static void raw_check(const pair_spec *p)
{
    static const char *const ext[3] = { ".Y", ".W", ".sig" };
    char path[4096];
    for (int i = 0; i < 3; ++i) fclose(raw_open(p, ext[i], path, sizeof path));
}

/* count doubles of PREFIX.ext into dst (plain fread); exit 1 on a short read. */
static void raw_read(const pair_spec *p, const char *ext, double *dst, size_t count)
{
    char path[4096];
    FILE *f = raw_open(p, ext, path, sizeof path);
    const size_t got = fread(dst, sizeof(double), count, f);
    if (got != count) {
        fprintf(stderr, "bench: --raw: %s: read %zu of %zu float64 (%s)\n", path, got, count,
                ferror(f) ? strerror(errno) : "end of file");
        exit(1);
    }
    fclose(f);
}

/* The pair of PREFIX.Y (F), PREFIX.W (G) on the device, sigma from PREFIX.sig sorted descending. */
static known_pair load_raw(const pair_spec *p)
{
    known_pair k;
    const int n = k.n = p->n;
    const size_t nn = (size_t)n * n * (p->cplx ? 2 : 1);          /* doubles of an n x n matrix */
    double *h = (double *)malloc(sizeof(double) * nn);
    k.sigma = (double *)malloc(sizeof(double) * n);
    if (!h || !k.sigma) { fprintf(stderr, "bench: out of host memory reading %s (n = %d)\n", p->prefix, n); exit(1); }
    CK(cudaMalloc(&k.F, sizeof(double) * nn)); CK(cudaMalloc(&k.G, sizeof(double) * nn));
    raw_read(p, ".Y", h, nn);
    CK(cudaMemcpy(k.F, h, sizeof(double) * nn, cudaMemcpyHostToDevice));
    raw_read(p, ".W", h, nn);
    CK(cudaMemcpy(k.G, h, sizeof(double) * nn, cudaMemcpyHostToDevice));
    free(h);
    raw_read(p, ".sig", k.sigma, (size_t)n);
    for (int i = 0; i < n; ++i)
        if (!(k.sigma[i] > 0.0 && k.sigma[i] < HUGE_VAL)) {
            fprintf(stderr, "bench: --raw: %s.sig: entry %d is %g, not a positive finite sigma\n", p->prefix, i, k.sigma[i]);
            exit(1);
        }
    qsort(k.sigma, n, sizeof(double), sp_cmp_desc);
    return k;
}

static void free_pair(known_pair *k)
{
    CK(cudaFree(k->F)); CK(cudaFree(k->G)); free(k->sigma);
}

/* Untimed runs on a small generated pair, once per kind (real, complex) before its first pair:
 * kernels load lazily on first launch and cuSOLVER sets up on first use, which would otherwise be
 * charged to the first row (and in --compare-precondition to whichever start runs first).  Both
 * starts (the plain one and qr-svd where asked, else qr-eig), w = 16 and 32 where the engine picks w
 * (the GPU's choice depends on n), and the GEVD route. */
static void warm_up(const hzgsvd_options *o)
{
    static int warm[2];
    if (warm[cplx]) return;
    warm[cplx] = 1;
    known_pair k = make_known(WARM_N, 1);
    static const int widths[2] = { 16, 32 };
    for (int wi = 0; wi < 2; ++wi) {
        if (o->block_width && o->block_width != widths[wi]) continue;
        for (int pc = 0; pc < 2; ++pc) {
            hzgsvd_options w = *o;
            w.block_width = widths[wi];
            w.precondition = !pc ? HZGSVD_PRECONDITION_NONE
                           : o->precondition == HZGSVD_PRECONDITION_QR_SVD ? HZGSVD_PRECONDITION_QR_SVD : HZGSVD_PRECONDITION_QR_EIG;
            run_ours(&k, &w, 0);     /* a refusal (say, a build without the preconditioner) is fine here */
        }
    }
    double t, e;
    int gi;
    run_gevd(&k, &t, &e, &gi);
    free_pair(&k);
}

/* The pair p on the device (cplx set to its kind), after the warm-up of that kind. */
static known_pair load_pair(const pair_spec *p, const hzgsvd_options *o, unsigned long long seed)
{
    cplx = p->cplx;
    warm_up(o);
    return p->prefix ? load_raw(p) : make_known(p->n, seed);
}

/* A table row's first cell: "1024", or for --raw "PREFIX (Z, n = 1024)". */
static void pair_label(const pair_spec *p, char *buf, size_t size)
{
    if (p->prefix) snprintf(buf, size, "%s (%c, n = %d)", p->prefix, p->cplx ? 'Z' : 'D', p->n);
    else snprintf(buf, size, "%d", p->n);
}

/* ---- command line ---- */

typedef struct bench_config {
    pair_spec pairs[MAX_PAIRS];
    int npairs, raw, vt, reps, compare;
    unsigned long long seed;
    hzgsvd_options opt;
} bench_config;

static void print_usage(FILE *out, const char *argv0)
{
    fprintf(out, "usage: %s [--complex] [--sizes a,b,..] [--raw PREFIX:N:D|Z[,..]] [--variants-table N] [--reps R]\n"
                 "       [--seed S] [--sigma-dist log|uniform] [--variant 0..7] [--outer me|mm] [--inner me|mm]\n"
                 "       [--blocking fb|bo] [--block-width 16|32] [--precondition auto|none|qr-eig|qr-svd]\n"
                 "       [--compare-precondition] [--help]\n", argv0);
}

static void usage(const char *argv0)
{
    print_usage(stderr, argv0);
    exit(2);
}

static void help(const char *argv0)
{
    print_usage(stdout, argv0);
    printf("\n"
           "  --sizes a,b,..           orders of the generated pairs (default 512,1024,2048,4096,8192)\n"
           "  --complex                complex generated pairs (ZHZ)\n"
           "  --raw PREFIX:N:D|Z       instead of generated pairs, read PREFIX.Y (F), PREFIX.W (G): N x N float64,\n"
           "                           Fortran order, complex interleaved for Z; PREFIX.sig: the exact sigma (N float64)\n"
           "                           (shared/tools/side-by-side/gen.py's files); repeatable or a comma list;\n"
           "                           not with --sizes\n"
           "  --precondition P         the start of the hzgsvd runs: auto (default, the engine's choice), none (Z = I),\n"
           "                           qr-eig (QR of G, eigenvectors of C^H C, C = F R^-1), qr-svd (QR of G, right\n"
           "                           singular vectors of C)\n"
           "  --compare-precondition   per pair, hzgsvd with the plain start (none) and with --precondition's choice\n"
           "                           on the same matrices: one table of both and the speed-up (no floor, GEVD,\n"
           "                           transfer tables)\n"
           "  --reps R                 best of R runs (default 1)\n"
           "  --variants-table N       the 8 variants x {ME, MM} x {FB, BO} at order N, relative to variant 0 ME-FB\n"
           "  --seed S, --sigma-dist log|uniform   the generated pairs (default 2026, log-spaced sigma)\n"
           "  --variant, --outer, --inner, --blocking, --block-width   the configuration (default DHZ0-(ME-BO-ME),\n"
           "                           w chosen by n)\n"
           "Exit status: 0, 1 on a CUDA/cuBLAS/cuSOLVER error, no GPU or a bad --raw file, 2 on usage.\n");
    exit(0);
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

/* "auto" / "none" / "qr-eig" / "qr-svd" -> options.precondition; anything else is a usage error. */
static int parse_precondition(const char *s, const char *argv0)
{
    if (!strcmp(s, "auto")) return HZGSVD_PRECONDITION_AUTO;
    if (!strcmp(s, "none")) return HZGSVD_PRECONDITION_NONE;
    if (!strcmp(s, "qr-eig")) return HZGSVD_PRECONDITION_QR_EIG;
    if (!strcmp(s, "qr-svd")) return HZGSVD_PRECONDITION_QR_SVD;
    fprintf(stderr, "bench: --precondition %s: expected auto, none, qr-eig or qr-svd\n", s);
    usage(argv0);
    return HZGSVD_PRECONDITION_AUTO;
}

/* --raw's comma list of PREFIX:N:D|Z appended to c->pairs. */
static void add_raw(char *list, bench_config *c, const char *argv0)
{
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        char shown[LABEL_MAX];
        snprintf(shown, sizeof shown, "%s", tok);
        if (c->npairs == MAX_PAIRS) { fprintf(stderr, "bench: --raw: at most %d pairs\n", MAX_PAIRS); usage(argv0); }
        if (!parse_raw_spec(tok, &c->pairs[c->npairs])) {
            fprintf(stderr, "bench: --raw %s: expected PREFIX:N:D|Z (1 <= N <= 32767)\n", shown);
            usage(argv0);
        }
        c->npairs++;
    }
    c->raw = 1;
}

static void parse_args(int argc, char **argv, bench_config *c)
{
    int sizes[MAX_PAIRS] = { 512, 1024, 2048, 4096, 8192 }, nsizes = 5, sizes_given = 0;
    memset(c, 0, sizeof *c);
    c->reps = 1;
    c->seed = 2026;
    c->opt = hzgsvd_default_options();
    for (int i = 1; i < argc; ++i) {
        const int has_arg = i + 1 < argc;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) help(argv[0]);
        else if (!strcmp(argv[i], "--sizes") && has_arg) {
            nsizes = 0;
            sizes_given = 1;
            for (char *tok = strtok(argv[++i], ","); tok; tok = strtok(NULL, ",")) {
                if (nsizes == MAX_PAIRS) usage(argv[0]);
                sizes[nsizes++] = atoi(tok);
            }
        } else if (!strcmp(argv[i], "--raw") && has_arg) add_raw(argv[++i], c, argv[0]);
        else if (!strcmp(argv[i], "--variants-table") && has_arg) c->vt = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && has_arg) c->reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && has_arg) c->seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--sigma-dist") && has_arg) {
            ++i;
            if (strcmp(argv[i], "uniform") && strcmp(argv[i], "log")) usage(argv[0]);
            sigma_uniform = !strcmp(argv[i], "uniform");
        } else if (!strcmp(argv[i], "--complex")) cplx = 1;
        else if (!strcmp(argv[i], "--precondition") && has_arg) c->opt.precondition = parse_precondition(argv[++i], argv[0]);
        else if (!strcmp(argv[i], "--compare-precondition")) c->compare = 1;
        else if (!strcmp(argv[i], "--variant") && has_arg) {
            c->opt.variant = atoi(argv[++i]);
            if (c->opt.variant < 0 || c->opt.variant > 7) usage(argv[0]);
        } else if (!strcmp(argv[i], "--outer") && has_arg) c->opt.outer = parse_strategy(argv[++i], argv[0]);
        else if (!strcmp(argv[i], "--inner") && has_arg) c->opt.inner = parse_strategy(argv[++i], argv[0]);
        else if (!strcmp(argv[i], "--blocking") && has_arg) c->opt.blocking = parse_blocking(argv[++i], argv[0]);
        else if (!strcmp(argv[i], "--block-width") && has_arg) {
            c->opt.block_width = atoi(argv[++i]);
            if (c->opt.block_width != 16 && c->opt.block_width != 32) usage(argv[0]);
        } else usage(argv[0]);
    }
    if (c->raw && sizes_given) { fprintf(stderr, "bench: --raw and --sizes exclude each other\n"); usage(argv[0]); }
    if (c->reps < 1 || nsizes < 1 || (c->raw && c->npairs < 1)) usage(argv[0]);
    for (int i = 0; !c->raw && i < nsizes; ++i) {
        if (sizes[i] < 1) usage(argv[0]);
        c->pairs[c->npairs].prefix = NULL;
        c->pairs[c->npairs].n = sizes[i];
        c->pairs[c->npairs++].cplx = cplx;
    }
}

/* ---- the tables ---- */

/* "w = 32", or "w chosen by n" where the options leave the block width to the engine. */
static const char *width_text(int w)
{
    static char buf[32];
    if (w == 0) return "w chosen by n";
    snprintf(buf, sizeof buf, "w = %d", w);
    return buf;
}

/* The kind letter of the caption's label: D or Z, x where --raw mixes both. */
static char kind_letter(const bench_config *c)
{
    int kinds = 0;
    for (int i = 0; i < c->npairs; ++i) kinds |= 1 << c->pairs[i].cplx;
    return kinds == 3 ? 'x' : kinds == 2 ? 'Z' : 'D';
}

/* Where the pairs come from, for the captions. */
static const char *source_text(const bench_config *c)
{
    if (c->raw) return "pairs read from files (--raw), sigma error against PREFIX.sig";
    return sigma_uniform ? "sigma uniform random over [1e-3, 22], cond(X) = 100" : "sigma log-spaced over [1e-3, 22], cond(X) = 100";
}

/* The first column's header and alignment cell. */
static const char *first_header(const bench_config *c) { return c->raw ? "pair" : "n"; }
static const char *first_rule(const bench_config *c) { return c->raw ? ":---" : "---:"; }

/* A row of the main table: hzgsvd's fastest run, its floor and the GEVD route. */
typedef struct main_row {
    ours best;               /* t_host from the first run, the only one with the host entry point */
    double floor_step, floor_sweep, t_gevd, err_gevd;
    int info_gevd, w;        /* w: the block width of the floor (the engine's) */
} main_row;

static main_row bench_size(const known_pair *k, const hzgsvd_options *o, int reps)
{
    main_row m;
    for (int r = 0; r < reps; ++r) {
        const ours x = run_ours(k, o, r == 0);
        keep_best(&m.best, &x, r == 0);
    }
    if (m.best.st_host != HZGSVD_SUCCESS) m.best.t_host = -1.0;
    /* the floor at the w the engine ran with (its own choice when the options leave w to it) */
    m.w = o->block_width ? o->block_width : m.best.block_width > 0 ? m.best.block_width : 16;
    m.floor_step = floor_step_seconds(k, m.w);
    m.floor_sweep = m.floor_step < 0 ? -1.0 : m.floor_step * outer_steps_per_sweep(o->outer, k->n / m.w);
    m.t_gevd = 1e300;
    m.err_gevd = 0.0;
    m.info_gevd = 0;
    for (int r = 0; r < reps; ++r) {
        double t, e;
        run_gevd(k, &t, &e, &m.info_gevd);
        if (t < m.t_gevd) m.t_gevd = t;
        m.err_gevd = e;
    }
    return m;
}

static void print_main_row(const char *label, int n, const hzgsvd_options *o, const main_row *m)
{
    const ours *b = &m->best;
    const int per_sweep = b->done && b->sweeps > 0;
    const double ts = sweep_seconds(b);
    printf("| %s |", label);
    if (b->done)
        printf(" %.3f | %s | %.3f | %.3f | %d |", b->t_dev, hzgsvd_precondition_name(b->preconditioner), b->t_pre, ts, b->sweeps);
    else
        printf(" — | — | — | — | — |");
    if (per_sweep) {
        const int nb = b->n_bordered > 0 ? b->n_bordered : bordered_order(n, m->w);
        const double bytes = step_bytes(nb, nb, nb) * outer_steps_per_sweep(o->outer, nb / m->w) * b->sweeps;
        printf(" %.3g | %.0f |", ts / b->sweeps, bytes / ts * 1e-9);
    } else
        printf(" — | — |");
    if (m->floor_sweep > 0) printf(" %.3g | %.0f |", m->floor_sweep, step_bytes(n, n, n) / m->floor_step * 1e-9);
    else printf(" — | — |");
    if (per_sweep && m->floor_sweep > 0) printf(" %.1f |", ts / b->sweeps / m->floor_sweep);
    else printf(" — |");
    if (b->done) printf(" %.2e | %.1e |", b->err, b->res);
    else printf(" — | — |");
    printf(" %.3f | %.2e%s |", m->t_gevd, m->err_gevd, m->info_gevd ? " (info!=0)" : "");
    if (b->done) printf(" %.1f |", b->t_dev / m->t_gevd);
    else printf(" — |");
    if (per_sweep && m->floor_sweep > 0) printf(" %.2f |\n", m->floor_sweep * b->sweeps / m->t_gevd);
    else printf(" — |\n");
    if (b->st != HZGSVD_SUCCESS) printf("  (hzgsvd status %d: %s)\n", b->st, hzgsvd_status_string(b->st));
    if (m->floor_sweep < 0) printf("  (floor skipped: n = %d is not a multiple of 2w = %d)\n", n, 2 * m->w);
    fflush(stdout);
}

/* After a table, where a start was asked for: the start each pair's kept run took, the
 * preconditioner's seconds, the trust test's growth and the engine's note. */
static void print_starts(const bench_config *c, const ours *runs, char (*labels)[LABEL_MAX])
{
    if (c->opt.precondition == HZGSVD_PRECONDITION_NONE) return;
    printf("\nStart taken (--precondition %s; growth: the trust test's, the preconditioner kept where <= 2^16):\n\n",
           hzgsvd_precondition_name(c->opt.precondition));
    for (int i = 0; i < c->npairs; ++i) {
        const ours *r = &runs[i];
        printf("- %s: %s, %.3f s", labels[i], hzgsvd_precondition_name(r->preconditioner), r->t_pre);
        if (r->growth > 0) printf(", growth %.3g", r->growth);
        else printf(", growth not computed");
        printf("%s%s\n", r->note[0] ? ": " : "", r->note);
    }
    fflush(stdout);
}

/* The main table (hzgsvd, floor, GEVD), the transfers table and the starts taken. */
static void main_tables(const bench_config *c, const char *label)
{
    const hzgsvd_options *o = &c->opt;
    printf("%s, %s, best of %d, --precondition %s; %s; floor: cuBLAS strided-batched Gram + update, median of %d steps; "
           "sweeps s = hzgsvd s - precond s; s/sweep and GB/s of the sweeps' seconds (bytes of Gram + update)\n\n",
           label, width_text(o->block_width), c->reps, hzgsvd_precondition_name(o->precondition), source_text(c), FLOOR_SAMPLES);
    printf("| %s | hzgsvd s | start | precond s | sweeps s | sweeps | s/sweep | eff. GB/s | floor s/sweep | floor GB/s "
           "| hzgsvd/floor (per sweep) | max rel err sigma | residual | GEVD s | GEVD max rel err | hzgsvd/GEVD "
           "| floor x sweeps/GEVD |\n", first_header(c));
    printf("|%s|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n", first_rule(c));
    ours runs[MAX_PAIRS];
    char labels[MAX_PAIRS][LABEL_MAX];
    for (int i = 0; i < c->npairs; ++i) {
        known_pair k = load_pair(&c->pairs[i], o, c->seed);
        pair_label(&c->pairs[i], labels[i], LABEL_MAX);
        const main_row m = bench_size(&k, o, c->reps);
        print_main_row(labels[i], k.n, o, &m);
        runs[i] = m.best;
        free_pair(&k);
    }
    /* The host entry point (allocation + both transfers) against the device one: a second table,
     * so the main one stays readable; its rows are the first repetition's. */
    printf("\nWith transfers (host entry point, allocations and both copies included), %s, %s:\n\n", label, width_text(o->block_width));
    printf("| %s | hzgsvd s (no transfers) | hzgsvd s (with transfers) | with/no transfers |\n|%s|---:|---:|---:|\n",
           first_header(c), first_rule(c));
    for (int i = 0; i < c->npairs; ++i) {
        const ours *r = &runs[i];
        if (r->done && r->t_host >= 0) printf("| %s | %.3f | %.3f | %.2f |\n", labels[i], r->t_dev, r->t_host, r->t_host / r->t_dev);
        else printf("| %s | — | — | — |\n", labels[i]);
    }
    print_starts(c, runs, labels);
}

/* One row of the comparison: the plain start's run a, the chosen start's run b, the speed-up. */
static void print_compare_row(const char *label, const ours *a, const ours *b)
{
    printf("| %s |", label);
    if (a->done) printf(" %.3f | %d | %.2e | %.1e |", a->t_dev, a->sweeps, a->err, a->res);
    else printf(" — | — | — | — |");
    if (b->done)
        printf(" %s | %.3f | %.3f | %.3f | %d | %.2e | %.1e |", hzgsvd_precondition_name(b->preconditioner), b->t_pre,
               sweep_seconds(b), b->t_dev, b->sweeps, b->err, b->res);
    else
        printf(" — | — | — | — | — | — | — |");
    if (a->done && b->done) printf(" %.2f |\n", a->t_dev / b->t_dev);
    else printf(" — |\n");
    if (a->st != HZGSVD_SUCCESS) printf("  (hzgsvd status, start none: %d: %s)\n", a->st, hzgsvd_status_string(a->st));
    if (b->st != HZGSVD_SUCCESS) printf("  (hzgsvd status, start %s: %d: %s)\n", hzgsvd_precondition_name(b->preconditioner),
                                        b->st, hzgsvd_status_string(b->st));
    fflush(stdout);
}

/* --compare-precondition: per pair, the plain start against the --precondition choice, the
 * repetitions interleaved (none, choice, none, choice, ...), the fastest of each kept. */
static void compare_table(const bench_config *c, const char *label)
{
    const char *choice = hzgsvd_precondition_name(c->opt.precondition);
    hzgsvd_options plain = c->opt;
    plain.precondition = HZGSVD_PRECONDITION_NONE;
    printf("Plain start (none) against --precondition %s: %s, %s, best of %d; %s; no transfers; "
           "sweeps s = total s - precond s; speed-up = none s / %s total s\n\n",
           choice, label, width_text(c->opt.block_width), c->reps, source_text(c), choice);
    printf("| %s | none s | sweeps | max rel err sigma | residual | %s: start | precond s | sweeps s | total s | sweeps "
           "| max rel err sigma | residual | speed-up |\n", first_header(c), choice);
    printf("|%s|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|\n", first_rule(c));
    ours runs[MAX_PAIRS];
    char labels[MAX_PAIRS][LABEL_MAX];
    for (int i = 0; i < c->npairs; ++i) {
        known_pair k = load_pair(&c->pairs[i], &c->opt, c->seed);
        pair_label(&c->pairs[i], labels[i], LABEL_MAX);
        ours a, b;
        for (int r = 0; r < c->reps; ++r) {
            const ours x = run_ours(&k, &plain, 0);
            keep_best(&a, &x, r == 0);
            const ours y = run_ours(&k, &c->opt, 0);
            keep_best(&b, &y, r == 0);
        }
        print_compare_row(labels[i], &a, &b);
        runs[i] = b;
        free_pair(&k);
    }
    print_starts(c, runs, labels);
}

/* The eight variants x {ME, MM} outer x {FB, BO} at order n, relative to variant 0 ME-FB;
 * inner strategy, block width and start as in base. */
static void variants_table(int n, unsigned long long seed, const hzgsvd_options *base_opt)
{
    warm_up(base_opt);
    known_pair k = make_known(n, seed);
    const char *in = strategy_name(base_opt->inner);
    char label[64];
    hzgsvd_options o0 = *base_opt;
    o0.variant = 0; o0.outer = HZGSVD_STRATEGY_ME; o0.blocking = HZGSVD_BLOCKING_FB;
    config_label(cplx ? 'Z' : 'D', &o0, label, sizeof label);
    printf("\nRelative time at n = %d (1.00 = %s, %s, --precondition %s); sweeps in parentheses\n\n", n, label,
           width_text(base_opt->block_width), hzgsvd_precondition_name(base_opt->precondition));
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
            if (r.done && base > 0) printf(" %.2f (%d)%s |", r.t_dev / base, r.sweeps, r.st == HZGSVD_SUCCESS ? "" : "*");
            else printf(" — (status %d) |", r.st);
        }
        printf("\n");
        fflush(stdout);
    }
    printf("\nbase %s at n = %d: %.3f s; * = did not converge within %d sweeps\n", label, n, base, base_opt->max_sweeps);
    free_pair(&k);
}

int main(int argc, char **argv)
{
    bench_config c;
    parse_args(argc, argv, &c);
    const int cplx_arg = cplx;            /* --complex: the variants table's kind (--raw pairs set cplx each) */
    for (int i = 0; i < c.npairs; ++i)
        if (c.pairs[i].prefix) raw_check(&c.pairs[i]);
    if (!hzgsvd_gpu_available()) { fprintf(stderr, "bench: no GPU\n"); return 1; }
    struct cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    CB(cublasCreate(&blas));
    CS(cusolverDnCreate(&solver));
    char label[64];
    config_label(kind_letter(&c), &c.opt, label, sizeof label);
    printf("device: %s, %d SMs; hzgsvd %s\n\n", prop.name, prop.multiProcessorCount, hzgsvd_version());
    if (c.compare) compare_table(&c, label);
    else main_tables(&c, label);
    fflush(stdout);
    cplx = cplx_arg;
    if (c.vt > 0) variants_table(c.vt, c.seed, &c.opt);
    CS(cusolverDnDestroy(solver));
    CB(cublasDestroy(blas));
    return 0;
}
