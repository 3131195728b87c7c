/* hzgsvd_bench_batched -- batched small pairs on one GPU (make bench-batched; issue 34).
 *
 *   build/hzgsvd_bench_batched [--sizes 8,16,32,64] [--rows R] [--batch B] [--batch64 B] [--complex | --both]
 *                              [--loop-pairs K] [--cpu-pairs K] [--seed S] [--precondition auto|none|qr-eig]
 *   build/hzgsvd_bench_batched --precond-probe [--sizes ...] [--rows R] [--batch B] [--complex | --both]
 *
 * For each n: a batch of known-sigma pairs (m_f = m_g = R n, R = --rows, default 2, cond X = 100, sigma log-spaced over
 * [1e-2, 1e2]; test/engine_fixtures.h, up to 512 distinct pairs tiled over the batch), batch 10^4
 * (--batch; 2000 at n = 64, --batch64), and on the same data in the same process:
 *   batched  hzgsvd_gpu_?gsvd_batched on the device arrays (workspace allocated beforehand; one untimed
 *            call first), wall time of the call (it synchronizes);
 *   loop     hzgsvd_gpu_?gsvd on the first K pairs (--loop-pairs, default 200) one after the other
 *            (a preallocated workspace), pairs per second extrapolated from them;
 *   GEVD     the batched GEVD route from cuBLAS/cuSOLVER batched calls: A = F^H F and B = G^H G
 *            (gemmStridedBatched), B = L L^H (potrfBatched), C = L^-1 A L^-H (two trsmBatched),
 *            the eigenvalues of C (syevjBatched / heevjBatched for n <= 32, cusolverDnXsyevBatched
 *            above), sigma = sqrt(lambda); the five stages timed together (the
 *            solver's parameters and workspace made beforehand, as the batched call's workspace is);
 *   GEVD+vec the same route with the eigenvectors Q of C (CUSOLVER_EIG_MODE_VECTOR), giving what the
 *            batched call gives: X = L^-H Q (trsmBatched), U' = F X, V' = G X (gemmStridedBatched), a kernel
 *            scaling the columns to U, V, Z and giving sigma_f, sigma_g; all timed (sigma from its lambda);
 *   CPU      hzgsvd_cpu_?gsvd_batched on host copies of the first K pairs (--cpu-pairs, default 2000;
 *            all OpenMP threads), pairs per second extrapolated;
 * and for each the max relative error of sigma over its pairs against the known sigma; the batched
 * call's mean sweeps a pair, "(qr-eig)" where every pair started preconditioned (--precondition: its
 * options.precondition, default auto).
 * --precond-probe instead times the batched call (plain start) against the chain GEVD+vec's X, the
 * batched call on (F X, G X) with precondition none, Z = X Z1 (plain cuBLAS products: a measurement
 * of what a start can give, not a shipped path), with the chain's stages in microseconds a pair.
 * Prints a Markdown table; exit status 0, 1 on a CUDA/cuBLAS/cuSOLVER error or no GPU, 2 on usage. */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "hzgsvd_single.cuh"
#include "test/testutil.h"
#include "test/engine_fixtures.h"

#include <cublas_v2.h>
#include <cusolverDn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { fprintf(stderr, "bench: %s: %s\n", #call, cudaGetErrorString(e_)); exit(1); } } while (0)
#define CB(call) do { cublasStatus_t e_ = (call); if (e_ != CUBLAS_STATUS_SUCCESS) { fprintf(stderr, "bench: %s: cuBLAS error %d\n", #call, (int)e_); exit(1); } } while (0)
#define CS(call) do { cusolverStatus_t e_ = (call); if (e_ != CUSOLVER_STATUS_SUCCESS) { fprintf(stderr, "bench: %s: cuSOLVER error %d\n", #call, (int)e_); exit(1); } } while (0)

#define DISTINCT 512   /* distinct pairs made on the host, tiled over the batch */

static cublasHandle_t blas;
static cusolverDnHandle_t solver;
static int precondition = HZGSVD_PRECONDITION_AUTO;   /* --precondition: the batched call's options.precondition */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A batch: packed pairs (ld = m, strides m n), host and device copies, the exact sigma per pair. */
typedef struct bench_batch {
    int cplx, m, n, batch, es;
    double *hF, *hG, *dF, *dG;
    long double *exact;         /* batch x n, descending */
} bench_batch;

static bench_batch make_batch(int cplx, int n, int rows, int batch, uint64_t seed)
{
    bench_batch b;
    b.cplx = cplx; b.n = n; b.m = rows * n; b.batch = batch; b.es = cplx ? 2 : 1;
    const size_t pf = (size_t)b.es * b.m * n;
    b.hF = (double *)malloc(sizeof(double) * pf * batch);
    b.hG = (double *)malloc(sizeof(double) * pf * batch);
    b.exact = (long double *)malloc(sizeof(long double) * (size_t)n * batch);
    tu_rng rng = { seed };
    for (int p = 0; p < batch; ++p) {
        if (p < DISTINCT) {
            ef_known_pair(&rng, cplx, b.m, b.m, n, 1e-2, 1e2, 100.0, b.hF + pf * p, b.hG + pf * p, b.exact + (size_t)n * p);
            ef_sort_desc_ld(b.exact + (size_t)n * p, n);
        } else {
            const int q = p % DISTINCT;
            memcpy(b.hF + pf * p, b.hF + pf * q, sizeof(double) * pf);
            memcpy(b.hG + pf * p, b.hG + pf * q, sizeof(double) * pf);
            memcpy(b.exact + (size_t)n * p, b.exact + (size_t)n * q, sizeof(long double) * n);
        }
    }
    CK(cudaMalloc((void **)&b.dF, sizeof(double) * pf * batch));
    CK(cudaMalloc((void **)&b.dG, sizeof(double) * pf * batch));
    CK(cudaMemcpy(b.dF, b.hF, sizeof(double) * pf * batch, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(b.dG, b.hG, sizeof(double) * pf * batch, cudaMemcpyHostToDevice));
    return b;
}

static void free_batch(bench_batch *b)
{
    free(b->hF); free(b->hG); free(b->exact);
    CK(cudaFree(b->dF)); CK(cudaFree(b->dG));
}

/* max over pairs p < count of the max relative error of s (pair p at s + p * n, descending, or
 * ascending with asc) against the exact sigma. */
static double sigma_error(const bench_batch *b, const double *s, int count, int asc)
{
    double worst = 0.0;
    for (int p = 0; p < count; ++p)
        for (int i = 0; i < b->n; ++i) {
            const long double ex = b->exact[(size_t)b->n * p + i];
            const double v = s[(size_t)b->n * p + (asc ? b->n - 1 - i : i)];
            const double e = (double)fabsl((v - ex) / ex);
            worst = (e > worst || e != e) ? e : worst;
        }
    return worst;
}

typedef struct result { double pps, err, sweeps; int bad, started; } result;   /* the batched call's: mean sweeps a pair; started: every pair preconditioned */

/* The batched call on packed device arrays of b's shape (F and G overwritten), on the default stream. */
static hzgsvd_status batched_call(const bench_batch *b, double *F, double *G, double *Z, double *S, void *work, size_t bytes,
                                  const hzgsvd_options *o, hzgsvd_status *st, hzgsvd_info *inf)
{
    const int m = b->m, n = b->n;
    const long long smn = (long long)m * n, snn = (long long)n * n;
    return b->cplx ? hzgsvd_gpu_zgsvd_batched(m, m, n, (cuDoubleComplex *)F, m, smn, (cuDoubleComplex *)G, m, smn, (cuDoubleComplex *)Z, n, snn,
                                              NULL, NULL, S, n, b->batch, work, bytes, 0, o, st, inf)
                   : hzgsvd_gpu_dgsvd_batched(m, m, n, F, m, smn, G, m, smn, Z, n, snn, NULL, NULL, S, n, b->batch, work, bytes, 0, o, st, inf);
}

/* The workspace the batched call asks for b's shape and o (NULL where it asks none), its bytes in *bytes. */
static void *batched_workspace(const bench_batch *b, const hzgsvd_options *o, size_t *bytes)
{
    void *work = NULL;
    *bytes = 0;
    (void)(b->cplx ? hzgsvd_gpu_zgsvd_batched_workspace_size(b->m, b->m, b->n, b->batch, o, bytes)
                   : hzgsvd_gpu_dgsvd_batched_workspace_size(b->m, b->m, b->n, b->batch, o, bytes));
    if (*bytes) CK(cudaMalloc(&work, *bytes));
    return work;
}

static double mean_sweeps(const hzgsvd_info *inf, int nb)
{
    double sum = 0.0;
    for (int p = 0; p < nb; ++p) sum += inf[p].sweeps;
    return sum / nb;
}

/* The batched call (fresh device copies of F and G each run: the call overwrites them). */
static result run_batched(const bench_batch *b)
{
    result r = { 0.0, 0.0, 0.0, 0, 0 };
    const size_t pf = (size_t)b->es * b->m * b->n;
    double *F, *G, *Z, *S;
    CK(cudaMalloc((void **)&F, sizeof(double) * pf * b->batch));
    CK(cudaMalloc((void **)&G, sizeof(double) * pf * b->batch));
    CK(cudaMalloc((void **)&Z, sizeof(double) * (size_t)b->es * b->n * b->n * b->batch));
    CK(cudaMalloc((void **)&S, sizeof(double) * (size_t)b->n * b->batch));
    hzgsvd_status *st = (hzgsvd_status *)malloc(sizeof(hzgsvd_status) * b->batch);
    hzgsvd_info *inf = (hzgsvd_info *)malloc(sizeof(hzgsvd_info) * b->batch);   /* which pairs the kernel solved */
    hzgsvd_options o = hzgsvd_default_options();
    o.precondition = precondition;
    size_t bytes = 0;
    void *work = batched_workspace(b, &o, &bytes);
    double t = 0.0;
    for (int rep = 0; rep < 2; ++rep) {   /* rep 0 untimed: module load, first launch */
        CK(cudaMemcpy(F, b->dF, sizeof(double) * pf * b->batch, cudaMemcpyDeviceToDevice));
        CK(cudaMemcpy(G, b->dG, sizeof(double) * pf * b->batch, cudaMemcpyDeviceToDevice));
        CK(cudaDeviceSynchronize());
        const double t0 = now();
        const hzgsvd_status s = batched_call(b, F, G, Z, S, work, bytes, &o, st, inf);
        t = now() - t0;
        if (s != HZGSVD_SUCCESS) { fprintf(stderr, "bench: batched call: %s\n", hzgsvd_status_name(s)); r.bad = 1; }
    }
    double *hs = (double *)malloc(sizeof(double) * (size_t)b->n * b->batch);
    CK(cudaMemcpy(hs, S, sizeof(double) * (size_t)b->n * b->batch, cudaMemcpyDeviceToHost));
    r.pps = b->batch / t;
    r.err = sigma_error(b, hs, b->batch, 0);
    int handed = 0;   /* a timing that mixes in the one-pair path says so */
    for (int p = 0; p < b->batch; ++p) handed += strstr(inf[p].detail, "solved by the batched kernel") == NULL;
    r.sweeps = mean_sweeps(inf, b->batch);
    int started = 0;
    for (int p = 0; p < b->batch; ++p) started += inf[p].preconditioner == HZGSVD_PRECONDITION_QR_EIG;
    if (started && started < b->batch) fprintf(stderr, "bench: n = %d: %d of %d pairs started preconditioned\n", b->n, started, b->batch);
    r.started = started == b->batch;
    if (handed) fprintf(stderr, "bench: n = %d %s: %d of %d pairs solved by the one-pair path, not the kernel\n", b->n, b->cplx ? "complex" : "real", handed, b->batch);
    free(hs); free(st); free(inf);
    CK(cudaFree(F)); CK(cudaFree(G)); CK(cudaFree(Z)); CK(cudaFree(S));
    if (work) CK(cudaFree(work));
    return r;
}

/* The one-pair device call on the first k pairs, one after the other. */
static result run_loop(const bench_batch *b, int k)
{
    result r = { 0.0, 0.0, 0.0, 0, 0 };
    if (k > b->batch) k = b->batch;
    const size_t pf = (size_t)b->es * b->m * b->n;
    double *F, *G, *Z, *S;
    CK(cudaMalloc((void **)&F, sizeof(double) * pf * k));
    CK(cudaMalloc((void **)&G, sizeof(double) * pf * k));
    CK(cudaMalloc((void **)&Z, sizeof(double) * (size_t)b->es * b->n * b->n));
    CK(cudaMalloc((void **)&S, sizeof(double) * (size_t)b->n * k));
    CK(cudaMemcpy(F, b->dF, sizeof(double) * pf * k, cudaMemcpyDeviceToDevice));
    CK(cudaMemcpy(G, b->dG, sizeof(double) * pf * k, cudaMemcpyDeviceToDevice));
    const hzgsvd_options o = hzgsvd_default_options();
    size_t bytes = 0;
    void *work = NULL;
    (void)(b->cplx ? hzgsvd_gpu_zgsvd_workspace_size(b->m, b->m, b->n, &o, &bytes) : hzgsvd_gpu_dgsvd_workspace_size(b->m, b->m, b->n, &o, &bytes));
    CK(cudaMalloc(&work, bytes));
    double t0 = 0.0;
    for (int p = -1; p < k; ++p) {   /* p = -1: an untimed warm-up on a copy of pair 0 */
        const int q = p < 0 ? 0 : p;
        if (p == 0) { CK(cudaMemcpy(F, b->dF, sizeof(double) * pf, cudaMemcpyDeviceToDevice)); CK(cudaMemcpy(G, b->dG, sizeof(double) * pf, cudaMemcpyDeviceToDevice)); CK(cudaDeviceSynchronize()); t0 = now(); }
        double *f = F + pf * q, *g = G + pf * q;
        const hzgsvd_status s = b->cplx
            ? hzgsvd_gpu_zgsvd(b->m, b->m, b->n, (cuDoubleComplex *)f, b->m, (cuDoubleComplex *)g, b->m, (cuDoubleComplex *)Z, b->n, NULL, NULL,
                               S + (size_t)b->n * q, work, bytes, 0, &o, NULL)
            : hzgsvd_gpu_dgsvd(b->m, b->m, b->n, f, b->m, g, b->m, Z, b->n, NULL, NULL, S + (size_t)b->n * q, work, bytes, 0, &o, NULL);
        if (s != HZGSVD_SUCCESS) r.bad = 1;
    }
    const double t = now() - t0;
    double *hs = (double *)malloc(sizeof(double) * (size_t)b->n * k);
    CK(cudaMemcpy(hs, S, sizeof(double) * (size_t)b->n * k, cudaMemcpyDeviceToHost));
    r.pps = k / t;
    r.err = sigma_error(b, hs, k, 0);
    free(hs);
    CK(cudaFree(F)); CK(cudaFree(G)); CK(cudaFree(Z)); CK(cudaFree(S)); CK(cudaFree(work));
    return r;
}

/* The CPU engine's batched call on host copies of the first k pairs. */
static result run_cpu(const bench_batch *b, int k)
{
    result r = { 0.0, 0.0, 0.0, 0, 0 };
    if (k > b->batch) k = b->batch;
    const size_t pf = (size_t)b->es * b->m * b->n;
    double *F = (double *)malloc(sizeof(double) * pf * k), *G = (double *)malloc(sizeof(double) * pf * k);
    double *Z = (double *)malloc(sizeof(double) * (size_t)b->es * b->n * b->n * k), *S = (double *)malloc(sizeof(double) * (size_t)b->n * k);
    hzgsvd_status *st = (hzgsvd_status *)malloc(sizeof(hzgsvd_status) * k);
    memcpy(F, b->hF, sizeof(double) * pf * k);
    memcpy(G, b->hG, sizeof(double) * pf * k);
    const hzgsvd_options o = hzgsvd_default_options();
    const double t0 = now();
    const hzgsvd_status s = b->cplx
        ? hzgsvd_cpu_zgsvd_batched(b->m, b->m, b->n, F, b->m, (long long)b->m * b->n, G, b->m, (long long)b->m * b->n, Z, b->n, (long long)b->n * b->n,
                                   NULL, NULL, S, b->n, k, &o, st, NULL)
        : hzgsvd_cpu_dgsvd_batched(b->m, b->m, b->n, F, b->m, (long long)b->m * b->n, G, b->m, (long long)b->m * b->n, Z, b->n, (long long)b->n * b->n,
                                   NULL, NULL, S, b->n, k, &o, st, NULL);
    const double t = now() - t0;
    r.bad = s != HZGSVD_SUCCESS;
    r.pps = k / t;
    r.err = sigma_error(b, S, k, 0);
    free(F); free(G); free(Z); free(S); free(st);
    return r;
}

/* The batched GEVD route's eigenvalue stage, its parameters and workspaces made once before the
 * timed runs (as the batched call's workspace is: only the solver's run is timed). */
/* The device pointer array d[p] = base + stride p (p < nb), for the batched cuBLAS/cuSOLVER calls. */
static void set_ptrs(double **d, double *base, size_t stride, int nb)
{
    double **h = (double **)malloc(sizeof(double *) * nb);
    for (int p = 0; p < nb; ++p) h[p] = base + stride * p;
    CK(cudaMemcpy(d, h, sizeof(double *) * nb, cudaMemcpyHostToDevice));
    free(h);
}

typedef struct gevd_eig_ws {
    cusolverEigMode_t jobz;          /* NOVECTOR (GEVD) or VECTOR (GEVD+vec) */
    syevjInfo_t sj;                  /* n <= 32: syevjBatched / heevjBatched */
    cusolverDnParams_t xp;           /* above: cusolverDnXsyevBatched */
    int lwork;
    size_t dbytes, hbytes;
    void *dwork, *hwork;
    int ok;                          /* 0: cuSOLVER refused the size (reported in the table) */
} gevd_eig_ws;

static void gevd_eig_setup(const bench_batch *b, double *C, double *W, cusolverEigMode_t jobz, gevd_eig_ws *ws)
{
    const int n = b->n;
    memset(ws, 0, sizeof *ws);
    ws->jobz = jobz;
    ws->ok = 1;
    if (n <= 32) {
        CS(cusolverDnCreateSyevjInfo(&ws->sj));
        if (b->cplx) CS(cusolverDnZheevjBatched_bufferSize(solver, jobz, CUBLAS_FILL_MODE_LOWER, n, (cuDoubleComplex *)C, n, W, &ws->lwork, ws->sj, b->batch));
        else CS(cusolverDnDsyevjBatched_bufferSize(solver, jobz, CUBLAS_FILL_MODE_LOWER, n, C, n, W, &ws->lwork, ws->sj, b->batch));
        CK(cudaMalloc(&ws->dwork, sizeof(double) * b->es * (size_t)(ws->lwork > 0 ? ws->lwork : 1)));
        return;
    }
    const cudaDataType ta = b->cplx ? CUDA_C_64F : CUDA_R_64F;
    CS(cusolverDnCreateParams(&ws->xp));
    const cusolverStatus_t e = cusolverDnXsyevBatched_bufferSize(solver, ws->xp, jobz, CUBLAS_FILL_MODE_LOWER, n, ta, C, n, CUDA_R_64F, W,
                                                                 ta, &ws->dbytes, &ws->hbytes, b->batch);
    if (e != CUSOLVER_STATUS_SUCCESS) {   /* a refusal (a size it does not take) is reported in the table, not fatal */
        fprintf(stderr, "bench: cusolverDnXsyevBatched_bufferSize (n = %d): cuSOLVER error %d\n", n, (int)e);
        ws->ok = 0;
        return;
    }
    CK(cudaMalloc(&ws->dwork, ws->dbytes ? ws->dbytes : 1));
    ws->hwork = malloc(ws->hbytes ? ws->hbytes : 1);
}

static void gevd_eig_free(const bench_batch *b, gevd_eig_ws *ws)
{
    if (ws->dwork) CK(cudaFree(ws->dwork));
    free(ws->hwork);
    if (b->n <= 32) CS(cusolverDnDestroySyevjInfo(ws->sj));
    else CS(cusolverDnDestroyParams(ws->xp));
}

/* lambda of the batch of n x n C into W (C overwritten; with VECTOR by the eigenvectors Q,
 * column j for W[j], ascending): the solver's run alone. */
static int gevd_eig(const bench_batch *b, double *C, double *W, int *dinfo, const gevd_eig_ws *ws)
{
    const int n = b->n;
    if (!ws->ok) return -1;
    if (n <= 32) {
        if (b->cplx) CS(cusolverDnZheevjBatched(solver, ws->jobz, CUBLAS_FILL_MODE_LOWER, n, (cuDoubleComplex *)C, n, W, (cuDoubleComplex *)ws->dwork, ws->lwork, dinfo, ws->sj, b->batch));
        else CS(cusolverDnDsyevjBatched(solver, ws->jobz, CUBLAS_FILL_MODE_LOWER, n, C, n, W, (double *)ws->dwork, ws->lwork, dinfo, ws->sj, b->batch));
        return 0;
    }
    const cudaDataType ta = b->cplx ? CUDA_C_64F : CUDA_R_64F;
    const cusolverStatus_t e = cusolverDnXsyevBatched(solver, ws->xp, ws->jobz, CUBLAS_FILL_MODE_LOWER, n, ta, C, n, CUDA_R_64F, W, ta, ws->dwork,
                                                      ws->dbytes, ws->hwork, ws->hbytes, dinfo, b->batch);
    if (e != CUSOLVER_STATUS_SUCCESS) fprintf(stderr, "bench: cusolverDnXsyevBatched (n = %d): cuSOLVER error %d\n", n, (int)e);
    return e == CUSOLVER_STATUS_SUCCESS ? 0 : -1;
}

/* A = F^H F, B = G^H G, B = L L^H, C = L^-1 A L^-H (in A), lambda(C); one run. */
static int gevd_once(const bench_batch *b, double *A, double *B, double **pA, double **pB, double *W, int *dinfo, const gevd_eig_ws *ws)
{
    const int n = b->n, m = b->m, nb = b->batch;
    const long long sf = (long long)m * n, sa = (long long)n * n;
    if (b->cplx) {
        const cuDoubleComplex one = make_cuDoubleComplex(1.0, 0.0), zero = make_cuDoubleComplex(0.0, 0.0);
        cuDoubleComplex *F = (cuDoubleComplex *)b->dF, *G = (cuDoubleComplex *)b->dG;
        CB(cublasZgemmStridedBatched(blas, CUBLAS_OP_C, CUBLAS_OP_N, n, n, m, &one, F, m, sf, F, m, sf, &zero, (cuDoubleComplex *)A, n, sa, nb));
        CB(cublasZgemmStridedBatched(blas, CUBLAS_OP_C, CUBLAS_OP_N, n, n, m, &one, G, m, sf, G, m, sf, &zero, (cuDoubleComplex *)B, n, sa, nb));
        CS(cusolverDnZpotrfBatched(solver, CUBLAS_FILL_MODE_LOWER, n, (cuDoubleComplex **)pB, n, dinfo, nb));
        CB(cublasZtrsmBatched(blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, n, &one,
                              (const cuDoubleComplex *const *)pB, n, (cuDoubleComplex *const *)pA, n, nb));
        CB(cublasZtrsmBatched(blas, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_C, CUBLAS_DIAG_NON_UNIT, n, n, &one,
                              (const cuDoubleComplex *const *)pB, n, (cuDoubleComplex *const *)pA, n, nb));
    } else {
        const double one = 1.0, zero = 0.0;
        CB(cublasDgemmStridedBatched(blas, CUBLAS_OP_T, CUBLAS_OP_N, n, n, m, &one, b->dF, m, sf, b->dF, m, sf, &zero, A, n, sa, nb));
        CB(cublasDgemmStridedBatched(blas, CUBLAS_OP_T, CUBLAS_OP_N, n, n, m, &one, b->dG, m, sf, b->dG, m, sf, &zero, B, n, sa, nb));
        CS(cusolverDnDpotrfBatched(solver, CUBLAS_FILL_MODE_LOWER, n, pB, n, dinfo, nb));
        CB(cublasDtrsmBatched(blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, n, &one, (const double *const *)pB, n,
                              (double *const *)pA, n, nb));
        CB(cublasDtrsmBatched(blas, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, n, n, &one, (const double *const *)pB, n,
                              (double *const *)pA, n, nb));
    }
    return gevd_eig(b, A, W, dinfo + nb, ws);
}

/* GEVD+vec's last stage, pair blockIdx.x: the columns of U' = F X and V' = G X (m x n, ld m) scaled
 * to unit length in place (U, V), those of X (n x n, ld n) by 1 / sqrt(||U'_j||^2 + ||V'_j||^2) (Z:
 * F Z = U Sigma_F, G Z = V Sigma_G with sigma_f^2 + sigma_g^2 = 1), sigma_f_j = ||U'_j|| / that
 * root and sigma_g_j = ||V'_j|| / it (sf, sg: n per pair, in W's order).  A warp per column, its
 * lanes over the column's doubles in a fixed order and then a fixed xor-shuffle sum (every lane
 * gets the same bits): reproducible.  Counted in doubles (es = 2 for complex: a column of r complex
 * entries is 2r contiguous doubles, its squared norm their sum of squares).  blockDim.x: a multiple
 * of 32. */
__global__ void gevd_vec_normalise(int m, int n, int es, double *U, double *V, double *X, double *sf, double *sg)
{
    const long long p = blockIdx.x;
    const int lane = (int)(threadIdx.x & 31u), nw = (int)(blockDim.x >> 5);
    const long long cu = (long long)es * m, cx = (long long)es * n;   /* doubles per column of U', V' and of X */
    U += p * cu * n;
    V += p * cu * n;
    X += p * cx * n;
    for (int j = (int)(threadIdx.x >> 5); j < n; j += nw) {   /* j is the same across the warp */
        double *u = U + cu * j, *v = V + cu * j, *x = X + cx * j;
        double su = 0.0, sv = 0.0;
        for (long long i = lane; i < cu; i += 32) { su += u[i] * u[i]; sv += v[i] * v[i]; }
        for (int o = 16; o > 0; o >>= 1) { su += __shfl_xor_sync(0xffffffffu, su, o); sv += __shfl_xor_sync(0xffffffffu, sv, o); }
        const double nu = sqrt(su), nv = sqrt(sv), d = sqrt(su + sv);
        const double iu = nu > 0.0 ? 1.0 / nu : 1.0, iv = nv > 0.0 ? 1.0 / nv : 1.0, id = d > 0.0 ? 1.0 / d : 1.0;
        for (long long i = lane; i < cu; i += 32) { u[i] *= iu; v[i] *= iv; }
        for (long long i = lane; i < cx; i += 32) x[i] *= id;
        if (lane == 0) { sf[p * n + j] = d > 0.0 ? nu / d : 0.0; sg[p * n + j] = d > 0.0 ? nv / d : 0.0; }
    }
}

/* After gevd_once (Q in A, L in B's lower triangle): X = L^-H Q (in A), U' = F X, V' = G X. */
static void gevd_vec_products(const bench_batch *b, double *A, double **pA, double **pB, double *Up, double *Vp)
{
    const int n = b->n, m = b->m, nb = b->batch;
    const long long smn = (long long)m * n, sa = (long long)n * n;
    if (b->cplx) {
        const cuDoubleComplex one = make_cuDoubleComplex(1.0, 0.0), zero = make_cuDoubleComplex(0.0, 0.0);
        const cuDoubleComplex *F = (const cuDoubleComplex *)b->dF, *G = (const cuDoubleComplex *)b->dG;
        CB(cublasZtrsmBatched(blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_C, CUBLAS_DIAG_NON_UNIT, n, n, &one,
                              (const cuDoubleComplex *const *)pB, n, (cuDoubleComplex *const *)pA, n, nb));
        CB(cublasZgemmStridedBatched(blas, CUBLAS_OP_N, CUBLAS_OP_N, m, n, n, &one, F, m, smn, (const cuDoubleComplex *)A, n, sa, &zero,
                                     (cuDoubleComplex *)Up, m, smn, nb));
        CB(cublasZgemmStridedBatched(blas, CUBLAS_OP_N, CUBLAS_OP_N, m, n, n, &one, G, m, smn, (const cuDoubleComplex *)A, n, sa, &zero,
                                     (cuDoubleComplex *)Vp, m, smn, nb));
    } else {
        const double one = 1.0, zero = 0.0;
        CB(cublasDtrsmBatched(blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, n, n, &one, (const double *const *)pB, n,
                              (double *const *)pA, n, nb));
        CB(cublasDgemmStridedBatched(blas, CUBLAS_OP_N, CUBLAS_OP_N, m, n, n, &one, b->dF, m, smn, A, n, sa, &zero, Up, m, smn, nb));
        CB(cublasDgemmStridedBatched(blas, CUBLAS_OP_N, CUBLAS_OP_N, m, n, n, &one, b->dG, m, smn, A, n, sa, &zero, Vp, m, smn, nb));
    }
}

/* GEVD+vec after gevd_once: gevd_vec_products, then gevd_vec_normalise (U, V in place of U', V'; Z
 * in place of X; sigma_f, sigma_g). */
static void gevd_vec_tail(const bench_batch *b, double *A, double **pA, double **pB, double *Up, double *Vp, double *sf, double *sg)
{
    gevd_vec_products(b, A, pA, pB, Up, Vp);
    const int n = b->n, m = b->m, nb = b->batch;
    cudaStream_t st;
    CB(cublasGetStream(blas, &st));   /* the handles' stream (the default one): after the gemms */
    const int threads = 32 * (n < 8 ? n : 8);
    gevd_vec_normalise<<<nb, threads, 0, st>>>(m, n, b->es, Up, Vp, A, sf, sg);
    CK(cudaGetLastError());
}

/* The batched GEVD route on the whole batch: sigma = sqrt(lambda), ascending per pair; with vectors
 * (GEVD+vec) also U, V, Z, sigma_f, sigma_g (gevd_vec_tail), timed with the rest. */
static result run_gevd(const bench_batch *b, int vectors)
{
    result r = { 0.0, 0.0, 0.0, 0, 0 };
    const int n = b->n, m = b->m, nb = b->batch;
    const size_t na = (size_t)b->es * n * n, nf = (size_t)b->es * m * n;
    double *A, *B, *W, **pA, **pB, *Up = NULL, *Vp = NULL, *sf = NULL, *sg = NULL;
    int *dinfo;
    CK(cudaMalloc((void **)&A, sizeof(double) * na * nb));
    CK(cudaMalloc((void **)&B, sizeof(double) * na * nb));
    CK(cudaMalloc((void **)&W, sizeof(double) * (size_t)n * nb));
    CK(cudaMalloc((void **)&dinfo, sizeof(int) * 2 * (size_t)nb));
    CK(cudaMalloc((void **)&pA, sizeof(double *) * nb));
    CK(cudaMalloc((void **)&pB, sizeof(double *) * nb));
    if (vectors) {
        CK(cudaMalloc((void **)&Up, sizeof(double) * nf * nb));
        CK(cudaMalloc((void **)&Vp, sizeof(double) * nf * nb));
        CK(cudaMalloc((void **)&sf, sizeof(double) * (size_t)n * nb));
        CK(cudaMalloc((void **)&sg, sizeof(double) * (size_t)n * nb));
    }
    set_ptrs(pA, A, na, nb);
    set_ptrs(pB, B, na, nb);
    double t = 0.0;
    int failed = 0;
    gevd_eig_ws ws;
    gevd_eig_setup(b, A, W, vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR, &ws);
    for (int rep = 0; rep < 2 && !failed; ++rep) {   /* rep 0 untimed */
        CK(cudaDeviceSynchronize());
        const double t0 = now();
        failed = gevd_once(b, A, B, pA, pB, W, dinfo, &ws) != 0;
        if (!failed && vectors) gevd_vec_tail(b, A, pA, pB, Up, Vp, sf, sg);
        CK(cudaDeviceSynchronize());
        t = now() - t0;
    }
    gevd_eig_free(b, &ws);
    double *hw = (double *)malloc(sizeof(double) * (size_t)n * nb);
    int *hi = (int *)malloc(sizeof(int) * 2 * (size_t)nb);
    CK(cudaMemcpy(hw, W, sizeof(double) * (size_t)n * nb, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hi, dinfo, sizeof(int) * 2 * (size_t)nb, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < (size_t)n * nb; ++i) hw[i] = sqrt(fmax(hw[i], 0.0));
    for (int p = 0; p < 2 * nb; ++p) r.bad |= hi[p] != 0;
    r.pps = failed ? NAN : nb / t;
    r.err = failed ? NAN : sigma_error(b, hw, nb, 1);
    r.bad |= failed;
    if (vectors && !failed) {   /* a check of the vectors, untimed: sigma_f / sigma_g (= ||F x_j|| / ||G x_j||) against the known sigma */
        double *hf = (double *)malloc(sizeof(double) * (size_t)n * nb), *hg = (double *)malloc(sizeof(double) * (size_t)n * nb);
        CK(cudaMemcpy(hf, sf, sizeof(double) * (size_t)n * nb, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(hg, sg, sizeof(double) * (size_t)n * nb, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < (size_t)n * nb; ++i) hf[i] /= hg[i];
        const double ev = sigma_error(b, hf, nb, 1);
        if (!(ev <= 1e-4)) {   /* a wrong X, U' or V' is off by O(1); NaN included */
            fprintf(stderr, "bench: n = %d %s: GEVD+vec: sigma_f / sigma_g from the vectors off the known sigma by %.1e (sigma from lambda: %.1e)\n", n,
                    b->cplx ? "complex" : "real", ev, r.err);
            r.bad = 1;
        }
        free(hf); free(hg);
    }
    free(hw); free(hi);
    CK(cudaFree(A)); CK(cudaFree(B)); CK(cudaFree(W)); CK(cudaFree(dinfo)); CK(cudaFree(pA)); CK(cudaFree(pB));
    if (vectors) { CK(cudaFree(Up)); CK(cudaFree(Vp)); CK(cudaFree(sf)); CK(cudaFree(sg)); }
    return r;
}

/* --precond-probe: the batched call started from the GEVD route's X (a measurement of what a
 * preconditioned start could give, not a shipped path).  Timed together: gevd_once with vectors,
 * X = L^-H Q, F1 = F X and G1 = G X (plain gemms), the batched call on (F1, G1) giving Z1, then
 * Z = X Z1.  The sigma of (F X, G X) are those of (F, G); the error is against the known sigma.
 * t[0..2]: the seconds of the start, the batched call and Z = X Z1. */
static result run_gevd_start(const bench_batch *b, double t[3])
{
    result r = { 0.0, 0.0, 0.0, 0, 0 };
    const int n = b->n, m = b->m, nb = b->batch;
    const size_t na = (size_t)b->es * n * n, nf = (size_t)b->es * m * n;
    double *A, *B, *W, **pA, **pB, *F1, *G1, *Z1, *Z, *S;
    int *dinfo;
    CK(cudaMalloc((void **)&A, sizeof(double) * na * nb));
    CK(cudaMalloc((void **)&B, sizeof(double) * na * nb));
    CK(cudaMalloc((void **)&Z1, sizeof(double) * na * nb));
    CK(cudaMalloc((void **)&Z, sizeof(double) * na * nb));
    CK(cudaMalloc((void **)&W, sizeof(double) * (size_t)n * nb));
    CK(cudaMalloc((void **)&S, sizeof(double) * (size_t)n * nb));
    CK(cudaMalloc((void **)&dinfo, sizeof(int) * 2 * (size_t)nb));
    CK(cudaMalloc((void **)&pA, sizeof(double *) * nb));
    CK(cudaMalloc((void **)&pB, sizeof(double *) * nb));
    CK(cudaMalloc((void **)&F1, sizeof(double) * nf * nb));
    CK(cudaMalloc((void **)&G1, sizeof(double) * nf * nb));
    set_ptrs(pA, A, na, nb);
    set_ptrs(pB, B, na, nb);
    hzgsvd_status *st = (hzgsvd_status *)malloc(sizeof(hzgsvd_status) * nb);
    hzgsvd_info *inf = (hzgsvd_info *)malloc(sizeof(hzgsvd_info) * nb);
    hzgsvd_options o = hzgsvd_default_options();
    o.precondition = HZGSVD_PRECONDITION_NONE;   /* the pair is preconditioned already */
    size_t bytes = 0;
    void *work = batched_workspace(b, &o, &bytes);
    gevd_eig_ws ws;
    gevd_eig_setup(b, A, W, CUSOLVER_EIG_MODE_VECTOR, &ws);
    const long long sa = (long long)n * n;
    for (int rep = 0; rep < 2 && !r.bad; ++rep) {   /* rep 0 untimed */
        CK(cudaDeviceSynchronize());
        const double t0 = now();
        r.bad |= gevd_once(b, A, B, pA, pB, W, dinfo, &ws) != 0;
        if (r.bad) break;
        gevd_vec_products(b, A, pA, pB, F1, G1);
        CK(cudaDeviceSynchronize());
        const double t1 = now();
        const hzgsvd_status s = batched_call(b, F1, G1, Z1, S, work, bytes, &o, st, inf);
        const double t2 = now();
        if (s != HZGSVD_SUCCESS) { fprintf(stderr, "bench: probe: batched call: %s\n", hzgsvd_status_name(s)); r.bad = 1; }
        if (b->cplx) {
            const cuDoubleComplex one = make_cuDoubleComplex(1.0, 0.0), zero = make_cuDoubleComplex(0.0, 0.0);
            CB(cublasZgemmStridedBatched(blas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, (const cuDoubleComplex *)A, n, sa, (const cuDoubleComplex *)Z1, n, sa,
                                         &zero, (cuDoubleComplex *)Z, n, sa, nb));
        } else {
            const double one = 1.0, zero = 0.0;
            CB(cublasDgemmStridedBatched(blas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, A, n, sa, Z1, n, sa, &zero, Z, n, sa, nb));
        }
        CK(cudaDeviceSynchronize());
        const double t3 = now();
        t[0] = t1 - t0; t[1] = t2 - t1; t[2] = t3 - t2;
    }
    gevd_eig_free(b, &ws);
    double *hs = (double *)malloc(sizeof(double) * (size_t)n * nb);
    CK(cudaMemcpy(hs, S, sizeof(double) * (size_t)n * nb, cudaMemcpyDeviceToHost));
    r.pps = r.bad ? NAN : nb / (t[0] + t[1] + t[2]);
    r.err = sigma_error(b, hs, nb, 0);
    r.sweeps = mean_sweeps(inf, nb);
    free(hs); free(st); free(inf);
    CK(cudaFree(A)); CK(cudaFree(B)); CK(cudaFree(Z1)); CK(cudaFree(Z)); CK(cudaFree(W)); CK(cudaFree(S)); CK(cudaFree(dinfo));
    CK(cudaFree(pA)); CK(cudaFree(pB)); CK(cudaFree(F1)); CK(cudaFree(G1));
    if (work) CK(cudaFree(work));
    return r;
}

static void usage(const char *argv0)
{
    fprintf(stderr, "usage: %s [--sizes 8,16,32,64] [--rows R] [--batch B] [--batch64 B] [--complex | --both] [--loop-pairs K] [--cpu-pairs K] [--seed S]\n"
                    "          [--precondition auto|none|qr-eig]\n"
                    "       %s --precond-probe [--sizes ...] [--rows R] [--batch B] [--batch64 B] [--complex | --both] [--seed S]\n", argv0, argv0);
    exit(2);
}

static int parse_int(const char *s, const char *argv0)
{
    char *end;
    const long v = strtol(s, &end, 10);
    if (*end || v < 1 || v > 100000000) usage(argv0);
    return (int)v;
}

static void row(int cplx, int n, int m, int batch, const result *x, const result *l, const result *g, const result *gv, const result *c)
{
    printf("| %s | %d | %d | %d | %.4g | %.1f%s | %.1e%s | %.4g | %.1e%s | %.4g | %.1e%s | %.4g | %.1e%s | %.4g | %.1e%s | %.1f | %.2f | %.2f | %.1f |\n",
           cplx ? "complex" : "real", n, m, batch, x->pps, x->sweeps, x->started ? " (qr-eig)" : "", x->err, x->bad ? " (!)" : "", l->pps, l->err, l->bad ? " (!)" : "", g->pps, g->err,
           g->bad ? " (failed or info != 0)" : "", gv->pps, gv->err, gv->bad ? " (failed, info != 0 or vectors off)" : "", c->pps, c->err,
           c->bad ? " (!)" : "", x->pps / l->pps, x->pps / g->pps, x->pps / gv->pps, x->pps / c->pps);
    fflush(stdout);
}

static void probe_row(int cplx, int n, int m, int batch, const result *x, const result *pr, const double t[3])
{
    printf("| %s | %d | %d | %d | %.4g | %.1f | %.1e%s | %.4g | %.1f | %.1e%s | %.3g | %.3g | %.3g | %.2f |\n", cplx ? "complex" : "real", n, m, batch, x->pps,
           x->sweeps, x->err, x->bad ? " (!)" : "", pr->pps, pr->sweeps, pr->err, pr->bad ? " (!)" : "", t[0] * 1e6 / batch, t[1] * 1e6 / batch,
           t[2] * 1e6 / batch, pr->pps / x->pps);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    int sizes[16] = { 8, 16, 32, 64 }, nsizes = 4, batch = 10000, batch64 = 2000, loop = 200, cpu = 2000, kinds = 1, first = 0, rows = 2, probe = 0;
    uint64_t seed = 34;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!strcmp(a, "--complex")) { first = 1; kinds = 1; }
        else if (!strcmp(a, "--both")) { first = 0; kinds = 2; }
        else if (!strcmp(a, "--precond-probe")) probe = 1;
        else if (i + 1 >= argc) usage(argv[0]);
        else if (!strcmp(a, "--sizes")) {
            nsizes = 0;
            for (char *t = strtok(argv[++i], ","); t && nsizes < 16; t = strtok(NULL, ",")) sizes[nsizes++] = parse_int(t, argv[0]);
        } else if (!strcmp(a, "--rows")) rows = parse_int(argv[++i], argv[0]);
        else if (!strcmp(a, "--batch")) batch = parse_int(argv[++i], argv[0]);
        else if (!strcmp(a, "--batch64")) batch64 = parse_int(argv[++i], argv[0]);
        else if (!strcmp(a, "--loop-pairs")) loop = parse_int(argv[++i], argv[0]);
        else if (!strcmp(a, "--cpu-pairs")) cpu = parse_int(argv[++i], argv[0]);
        else if (!strcmp(a, "--seed")) seed = (uint64_t)parse_int(argv[++i], argv[0]);
        else if (!strcmp(a, "--precondition")) {
            const char *v = argv[++i];
            precondition = !strcmp(v, "auto") ? HZGSVD_PRECONDITION_AUTO : !strcmp(v, "none") ? HZGSVD_PRECONDITION_NONE
                         : !strcmp(v, "qr-eig") ? HZGSVD_PRECONDITION_QR_EIG : -2;
            if (precondition == -2) usage(argv[0]);
        } else usage(argv[0]);
    }
    if (!hzgsvd_gpu_available()) { fprintf(stderr, "bench: no GPU\n"); return 1; }
    CB(cublasCreate(&blas));
    CS(cusolverDnCreate(&solver));
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    if (probe) {
        printf("Batched small pairs on %s, started from the GEVD route's X (--precond-probe): pairs per second, mean sweeps a pair and max relative "
               "sigma error (known sigma, cond X = 100, m = %dn); the probe's microseconds a pair by stage.\n\n", prop.name, rows);
        printf("| kind | n | m | batch | batched pairs/s | sweeps | err | GEVD start + batched pairs/s | sweeps | err | start us | batched us | Z = X Z1 us | ratio |\n");
        printf("|---|---:|---:|---:|---:|---:|---|---:|---:|---|---:|---:|---:|---:|\n");
    } else {
        printf("Batched small pairs on %s: pairs per second and max relative sigma error (known sigma, cond X = 100, m = %dn); "
               "loop over the first %d pairs, CPU (%d threads) over the first %d, extrapolated.\n\n", prop.name, rows, loop, omp_get_max_threads(), cpu);
        printf("| kind | n | m | batch | batched pairs/s | sweeps (start) | err | loop pairs/s | err | GEVD pairs/s | err | GEVD+vec pairs/s | err | CPU pairs/s | err | batched/loop | batched/GEVD | batched/GEVD+vec | batched/CPU |\n");
        printf("|---|---:|---:|---:|---:|---:|---|---:|---|---:|---|---:|---|---:|---|---:|---:|---:|---:|\n");
    }
    for (int k = first; k < first + kinds; ++k)
        for (int s = 0; s < nsizes; ++s) {
            const int n = sizes[s], nb = n >= 64 ? batch64 : batch;
            bench_batch b = make_batch(k, n, rows, nb, seed + 100 * (uint64_t)n + k);
            const result x = run_batched(&b);
            if (probe) {
                double t[3] = { 0.0, 0.0, 0.0 };
                const result pr = run_gevd_start(&b, t);
                probe_row(k, n, b.m, nb, &x, &pr, t);
            } else {
                const result l = run_loop(&b, loop), g = run_gevd(&b, 0), gv = run_gevd(&b, 1), c = run_cpu(&b, cpu);
                row(k, n, b.m, nb, &x, &l, &g, &gv, &c);
            }
            free_batch(&b);
        }
    CS(cusolverDnDestroy(solver));
    CB(cublasDestroy(blas));
    return 0;
}
