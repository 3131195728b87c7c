/* hzgsvd_bench -- the single-GPU benchmark (make bench).
 *
 *   build/hzgsvd_bench [--complex] [--sizes 512,1024,2048,4096,8192] [--variants-table N] [--reps R]
 *                      [--seed S] [--sigma-dist log|uniform]
 *
 * For each n: a square real (or, with --complex, complex) pair with known generalized singular values, made on the GPU
 * (F = U diag(sf) X, G = V diag(sg) X, U, V, Q1, Q2 from QR of Gaussian matrices, X = Q1 diag(d) Q2
 * with cond(X) = 100, sigma log-spaced over [1e-3, 22], as in the reference runs of the paper's
 * authors); then, on the same matrices and in the same process:
 *   hzgsvd   DHZ0-(ME-FB-ME): time without transfers (device entry point, workspace allocated
 *            beforehand), time with transfers and allocations (host entry point), outer sweeps,
 *            max relative error of sigma against the known one, residual ||F Z - U Sigma_F|| / (||F|| ||Z||);
 *   GEVD     the route of the paper's App. G: cublasDsyrk (Zherk) for F'F and G'G, cusolverDnDsygvd (Zhegvd), sigma =
 *            sqrt(lambda): time and max relative error of sigma.
 * With --variants-table N: the eight variants x {ME, MM} outer x {FB, BO} at order N, time relative
 * to DHZ0-(ME-FB-ME) (the paper's relative-slowdown tables).  Prints Markdown tables. */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_single.cuh"

#include <cublas_v2.h>
#include <cusolverDn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { fprintf(stderr, "bench: %s: %s\n", #call, cudaGetErrorString(e_)); exit(1); } } while (0)
#define CB(call) do { cublasStatus_t e_ = (call); if (e_ != CUBLAS_STATUS_SUCCESS) { fprintf(stderr, "bench: %s: cuBLAS error %d\n", #call, (int)e_); exit(1); } } while (0)
#define CS(call) do { cusolverStatus_t e_ = (call); if (e_ != CUSOLVER_STATUS_SUCCESS) { fprintf(stderr, "bench: %s: cuSOLVER error %d\n", #call, (int)e_); exit(1); } } while (0)

static cublasHandle_t blas;
static cusolverDnHandle_t solver;

/* Gaussian entries from splitmix64 of (seed, index) and Box-Muller: deterministic anywhere. */
__device__ static unsigned long long mix(unsigned long long z)
{
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

__global__ void gaussian(double *a, size_t n, unsigned long long seed)
{
    const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i >= n) return;
    const double u1 = ((mix(seed * 0x100000001ull + 2 * i) >> 11) + 1) * 0x1p-53;
    const double u2 = (mix(seed * 0x100000001ull + 2 * i + 1) >> 11) * 0x1p-53;
    a[i] = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
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
        cudaFree(tau); cudaFree(work); cudaFree(devinfo);
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
    cudaFree(tau); cudaFree(work); cudaFree(devinfo);
}

/* Y <- Y diag(d) */
__global__ void scale_cols(double *Y, int m, int n, const double *d)
{
    const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < (size_t)m * n) Y[i] *= d[i / m];
}

static int cmp_desc(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x < y) - (x > y);
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
    for (int i = 0; i < n; ++i) {
        const double t = n > 1 ? (double)i / (n - 1) : 0.0;
        h[i] = pow(100.0, -t);                                    /* d: cond(X) = 100 */
        unsigned long long z = seed * 0x9E3779B97F4A7C15ull + (unsigned long long)i * 0xBF58476D1CE4E5B9ull;
        z ^= z >> 31; z *= 0x94D049BB133111EBull; z ^= z >> 29;
        const double s = sigma_uniform ? 1e-3 + (22.0 - 1e-3) * ((double)(z >> 11) * 0x1p-53)
                                       : 22.0 * pow(1e-3 / 22.0, t);   /* log-spaced from 22 down to 1e-3 */
        k.sigma[i] = s;
        h[n + i] = s / sqrt(1.0 + s * s);
        h[2 * n + i] = 1.0 / sqrt(1.0 + s * s);
    }
    CK(cudaMemcpy(dd, h, sizeof(double) * 3 * n, cudaMemcpyHostToDevice));
    qsort(k.sigma, n, sizeof(double), cmp_desc);
    const unsigned blocks = (unsigned)((nn + 255) / 256);
    const int rows = cplx ? 2 * n : n;                                           /* doubles per column */
    scale_cols<<<blocks, 256>>>(Q1, rows, n, dd);                                /* Q1 diag(d) */
    gemm(n, Q1, Q2, X);
    scale_cols<<<blocks, 256>>>(U, rows, n, dsf);                                /* U diag(sf) */
    scale_cols<<<blocks, 256>>>(V, rows, n, dsg);
    gemm(n, U, X, k.F);
    gemm(n, V, X, k.G);
    CK(cudaDeviceSynchronize());
    cudaFree(U); cudaFree(V); cudaFree(Q1); cudaFree(Q2); cudaFree(X); cudaFree(dd);
    free(h);
    return k;
}

static double max_rel_err(double *s, const double *ref, int n)
{
    qsort(s, n, sizeof(double), cmp_desc);
    double e = 0.0;
    for (int i = 0; i < n; ++i) {
        const double d = fabs(s[i] - ref[i]) / ref[i];
        if (!(d <= e)) e = d;
    }
    return e;
}

typedef struct ours {
    double t_dev, t_host, err, res;
    int sweeps;
    hzgsvd_status st;
} ours;

/* hzgsvd on the pair: device entry (timed without transfers), optionally the host entry too. */
static ours run_ours(const known_pair *k, const hzgsvd_options *o, int with_host)
{
    ours r;
    const int n = k->n, rows = cplx ? 2 * n : n;        /* doubles per column */
    const size_t nn = (size_t)rows * n;
    double *dF, *dG, *dZ, *dS, *T;
    void *work;
    size_t bytes;
    hzgsvd_info info;
    if (cplx) hzgsvd_gpu_zgsvd_workspace_size(n, n, n, o, &bytes);
    else hzgsvd_gpu_dgsvd_workspace_size(n, n, n, o, &bytes);
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
    double *s = (double *)malloc(sizeof(double) * 3 * n);
    CK(cudaMemcpy(s, dS, sizeof(double) * 3 * n, cudaMemcpyDeviceToHost));
    r.err = max_rel_err(s + 2 * (size_t)n, k->sigma, n);
    /* residual: T = F0 Z - U diag(sigma_f) */
    CK(cudaMalloc(&T, sizeof(double) * nn));
    CK(cudaMemcpy(T, dF, sizeof(double) * nn, cudaMemcpyDeviceToDevice));
    scale_cols<<<(unsigned)((nn + 255) / 256), 256>>>(T, rows, n, dS);
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
    cudaFree(T);
    r.t_host = -1.0;
    if (with_host) {
        double *F = (double *)malloc(sizeof(double) * nn), *G = (double *)malloc(sizeof(double) * nn), *Z = (double *)malloc(sizeof(double) * nn);
        CK(cudaMemcpy(F, k->F, sizeof(double) * nn, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(G, k->G, sizeof(double) * nn, cudaMemcpyDeviceToHost));
        const double t1 = hzgsvd__now();
        if (cplx) hzgsvd_gpu_zgsvd_host(n, n, n, F, n, G, n, Z, n, s, s + n, s + 2 * (size_t)n, o, &info);
        else hzgsvd_gpu_dgsvd_host(n, n, n, F, n, G, n, Z, n, s, s + n, s + 2 * (size_t)n, o, &info);
        r.t_host = hzgsvd__now() - t1;
        free(F); free(G); free(Z);
    }
    free(s);
    cudaFree(work); cudaFree(dF); cudaFree(dG); cudaFree(dZ); cudaFree(dS);
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
    cudaFree(A); cudaFree(B); cudaFree(W); cudaFree(work); cudaFree(devinfo);
}

int main(int argc, char **argv)
{
    int sizes[16] = { 512, 1024, 2048, 4096, 8192 }, nsizes = 5, vt = 0, reps = 1;
    unsigned long long seed = 2026;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--sizes") && i + 1 < argc) {
            nsizes = 0;
            for (char *tok = strtok(argv[++i], ","); tok && nsizes < 16; tok = strtok(NULL, ",")) sizes[nsizes++] = atoi(tok);
        } else if (!strcmp(argv[i], "--variants-table") && i + 1 < argc) vt = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--sigma-dist") && i + 1 < argc) sigma_uniform = !strcmp(argv[++i], "uniform");
        else if (!strcmp(argv[i], "--complex")) cplx = 1;
        else { fprintf(stderr, "usage: %s [--complex] [--sizes a,b,..] [--variants-table N] [--reps R] [--seed S] [--sigma-dist log|uniform]\n", argv[0]); return 2; }
    }
    if (!hzgsvd_gpu_available()) { fprintf(stderr, "bench: no GPU\n"); return 1; }
    struct cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    CB(cublasCreate(&blas));
    CS(cusolverDnCreate(&solver));
    printf("device: %s, %d SMs; hzgsvd %s; %cHZ0-(ME-FB-ME), best of %d; sigma %s over [1e-3, 22], cond(X) = 100\n\n",
           prop.name, prop.multiProcessorCount, hzgsvd_version(), cplx ? 'Z' : 'D', reps, sigma_uniform ? "uniform random" : "log-spaced");
    printf("| n | hzgsvd s (no transfers) | hzgsvd s (with transfers) | sweeps | max rel err sigma | residual | GEVD s | GEVD max rel err | time ratio hzgsvd/GEVD |\n");
    printf("|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    const hzgsvd_options def = hzgsvd_default_options();
    for (int si = 0; si < nsizes; ++si) {
        known_pair k = make_known(sizes[si], seed);
        ours best; best.t_dev = 1e300;
        for (int r = 0; r < reps; ++r) {
            ours o = run_ours(&k, &def, r == 0);
            if (r == 0 || o.t_dev < best.t_dev) { double th = r == 0 ? o.t_host : best.t_host; best = o; best.t_host = th; }
        }
        double tg = 1e300, eg = 0.0; int ginfo = 0;
        for (int r = 0; r < reps; ++r) { double t, e; run_gevd(&k, &t, &e, &ginfo); if (t < tg) tg = t; eg = e; }
        printf("| %d | %.3f | %.3f | %d | %.2e | %.1e | %.3f | %.2e%s | %.1f |\n", k.n, best.t_dev, best.t_host, best.sweeps,
               best.err, best.res, tg, eg, ginfo ? " (info!=0)" : "", best.t_dev / tg);
        if (best.st != HZGSVD_SUCCESS) printf("  (hzgsvd status %d: %s)\n", best.st, hzgsvd_status_string(best.st));
        fflush(stdout);
        cudaFree(k.F); cudaFree(k.G); free(k.sigma);
    }
    if (vt > 0) {
        known_pair k = make_known(vt, seed);
        printf("\nRelative time at n = %d (1.00 = DHZ0-(ME-FB-ME)); sweeps in parentheses\n\n", vt);
        printf("| variant | ME-FB-ME | MM-FB-ME | ME-BO-ME | MM-BO-ME |\n|---:|---:|---:|---:|---:|\n");
        double base = 0.0;
        for (int v = 0; v < 8; ++v) {
            printf("| %d |", v);
            for (int c = 0; c < 4; ++c) {
                hzgsvd_options o = def;
                o.variant = v;
                o.outer = (c & 1) ? HZGSVD_STRATEGY_MM : HZGSVD_STRATEGY_ME;
                o.blocking = (c & 2) ? HZGSVD_BLOCKING_BO : HZGSVD_BLOCKING_FB;
                ours r = run_ours(&k, &o, 0);
                if (v == 0 && c == 0) base = r.t_dev;
                printf(" %.2f (%d)%s |", r.t_dev / base, r.sweeps, r.st == HZGSVD_SUCCESS ? "" : "*");
            }
            printf("\n");
            fflush(stdout);
        }
        printf("\nbase DHZ0-(ME-FB-ME) at n = %d: %.3f s; * = did not converge within 30 sweeps\n", vt, base);
        cudaFree(k.F); cudaFree(k.G); free(k.sigma);
    }
    cusolverDnDestroy(solver);
    cublasDestroy(blas);
    return 0;
}
