/* test_gpu_engine.cu -- the single-GPU real engine against the CPU engine on the same input.
 *
 *   build/test_gpu_engine            every check below (prints SKIPPED and exits 0 without a GPU)
 *   build/test_gpu_engine --one N [d|z|dz]   one sweep at order N, real and/or complex (compute-sanitizer)
 *   build/test_gpu_engine --illcond [quick]   only the ill-conditioned pairs (the MGS fallback; quick: n = 8, for racecheck)
 *   build/test_gpu_engine --probe-gpu   exit status 0 if a GPU is usable
 *   build/test_gpu_engine --host-checks   only what needs no GPU (argument checks, workspace queries)
 *   build/test_gpu_engine --general   only the general pairs (reduction on the host, core on the GPU) and
 *                                     the ill-conditioned pairs the orthogonality check reroutes to it
 *   build/test_gpu_engine --orth-quick   one such pair per precision (for compute-sanitizer)
 *
 * Bounds (docs/NUMERICS.md):
 *   SIGMA_VS_CPU   1e-12  max relative difference of sigma, GPU vs CPU engine, same input.  Both
 *                         compute sigma of well-conditioned random pairs to ~1e-14 (test_engine_lapack);
 *                         they differ only in summation orders, so 100 u * cond is ample.
 *   SIGMA_REFINED_VS_CPU 1e-14  the same where both refined sigma (options.refine_sigma; the CPU does by
 *                         default): ||F z|| / ||G z|| from the input moves by O(d^2) for an error d in z,
 *                         what is left is the rounding of the norms (measured 1.6e-15 on an H100).
 *   RESIDUAL       1e-14  ||F Z - U diag(sigma_f)||_F / (||F||_F ||Z||_F), likewise for G: a few u
 *                         per sweep of rounding in the post-multiplications (measured ~2e-16).
 *   ORTHO          n'*4e-16 ||U'U - I||_F, n' = info.n_bordered (n rounded up to 2w): the column norms are exact
 *                         to rounding; the orthogonality reached is the relative tolerance sqrt(2w) u per pair
 *                         (~1e-15 * sqrt(n) measured).
 */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "hzgsvd_single.cuh"
#include "test/testutil.h"
#include "test/engine_fixtures.h"
#include "test/illcond_pairs.h"

#include <stdlib.h>
#include <string.h>
#include <float.h>
#include <math.h>

static const double SIGMA_VS_CPU = 1e-12;
static const double SIGMA_REFINED_VS_CPU = 1e-14;
static const double RESIDUAL = 1e-14;
static const double ORTHO_PER_N = 4e-16;

typedef struct pair {
    int mf, mg, n, cplx;          /* cplx: F, G hold interleaved (re, im) doubles */
    double *F, *G;
} pair;

static pair make_pair(int mf, int mg, int n, uint64_t seed, int cplx)
{
    const int e = cplx ? 2 : 1;
    pair p = { mf, mg, n, cplx, (double *)malloc(sizeof(double) * e * mf * n), (double *)malloc(sizeof(double) * e * mg * n) };
    tu_rng r = { seed };
    for (int i = 0; i < e * mf * n; ++i) p.F[i] = tu_uniform(&r);
    for (int i = 0; i < e * mg * n; ++i) p.G[i] = tu_uniform(&r);
    return p;
}

typedef struct result {
    double *U, *V, *Z, *sf, *sg, *s;
    hzgsvd_status st;
    hzgsvd_info info;
} result;

static result run(const pair *p, const hzgsvd_options *o, int gpu)
{
    result r;
    const int n = p->n;
    const size_t e = p->cplx ? 2 : 1;
    r.U = (double *)malloc(sizeof(double) * e * p->mf * n);
    r.V = (double *)malloc(sizeof(double) * e * p->mg * n);
    r.Z = (double *)malloc(sizeof(double) * e * n * n);
    r.sf = (double *)malloc(sizeof(double) * 3 * n);
    r.sg = r.sf + n;
    r.s = r.sg + n;
    memcpy(r.U, p->F, sizeof(double) * e * p->mf * n);
    memcpy(r.V, p->G, sizeof(double) * e * p->mg * n);
    if (p->cplx)
        r.st = gpu ? hzgsvd_gpu_zgsvd_host(p->mf, p->mg, n, r.U, p->mf, r.V, p->mg, r.Z, n, r.sf, r.sg, r.s, o, &r.info)
                   : hzgsvd_cpu_zgsvd(p->mf, p->mg, n, r.U, p->mf, r.V, p->mg, r.Z, n, r.sf, r.sg, r.s, o, &r.info);
    else
        r.st = gpu ? hzgsvd_gpu_dgsvd_host(p->mf, p->mg, n, r.U, p->mf, r.V, p->mg, r.Z, n, r.sf, r.sg, r.s, o, &r.info)
                   : hzgsvd_cpu_dgsvd(p->mf, p->mg, n, r.U, p->mf, r.V, p->mg, r.Z, n, r.sf, r.sg, r.s, o, &r.info);
    return r;
}

static void release(result *r) { free(r->U); free(r->V); free(r->Z); free(r->sf); }

static double max_rel_diff(const double *a, const double *b, int n)
{
    double e = 0.0;
    for (int i = 0; i < n; ++i) {
        const double d = fabs(a[i] - b[i]) / fabs(b[i]);
        if (!(d <= e)) e = d;               /* NaN propagates */
    }
    return e;
}

static int cmp_desc(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x < y) - (x > y);
}

/* ||Y Z - W diag(s)||_F / (||Y||_F ||Z||_F) in long double; complex when c (interleaved). */
static double residual(const double *Y, int m, int n, const double *Z, const double *W, const double *s, int c)
{
    long double r = 0, ny = 0, nz = 0;
    const size_t e = c ? 2 : 1;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            long double ar = 0, ai = 0;
            for (int k = 0; k < n; ++k) {
                const size_t yk = e * (i + (size_t)k * m), zk = e * (k + (size_t)j * n);
                ar += (long double)Y[yk] * Z[zk];
                if (c) { ar -= (long double)Y[yk + 1] * Z[zk + 1]; ai += (long double)Y[yk] * Z[zk + 1] + (long double)Y[yk + 1] * Z[zk]; }
            }
            const size_t wj = e * (i + (size_t)j * m);
            ar -= (long double)W[wj] * s[j];
            if (c) ai -= (long double)W[wj + 1] * s[j];
            r += ar * ar + ai * ai;
            ny += (long double)Y[wj] * Y[wj] + (c ? (long double)Y[wj + 1] * Y[wj + 1] : 0);
        }
    for (size_t i = 0; i < e * n * n; ++i) nz += (long double)Z[i] * Z[i];
    return (double)sqrtl(r / (ny * nz));
}

static double orthogonality(const double *W, int m, int n, int c)
{
    long double o = 0;
    const size_t e = c ? 2 : 1;
    for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b) {
            long double dr = 0, di = 0;
            for (int i = 0; i < m; ++i) {
                const size_t ia = e * (i + (size_t)a * m), ib = e * (i + (size_t)b * m);
                dr += (long double)W[ia] * W[ib];
                if (c) { dr += (long double)W[ia + 1] * W[ib + 1]; di += (long double)W[ia] * W[ib + 1] - (long double)W[ia + 1] * W[ib]; }
            }
            dr -= (a == b);
            o += dr * dr + di * di;
        }
    return (double)sqrtl(o);
}

/* Device rsqrt_rn (CUDA rsqrt seed) equals the host one (1/sqrt seed): both correctly rounded. */
__global__ void rsqrt_kernel(const double *a, double *y, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = hzgsvd__rsqrt_rn(a[i]);
}

static void check_rsqrt_device(void)
{
    const int n = 1 << 20;
    double *a = (double *)malloc(sizeof(double) * n), *y = (double *)malloc(sizeof(double) * n), *da, *dy;
    tu_rng r = { 7 };
    for (int i = 0; i < n; ++i) {
        uint64_t bits = (tu_next(&r) & 0x7fefffffffffffffull);   /* positive finite, all exponents */
        memcpy(&a[i], &bits, sizeof bits);
    }
    cudaMalloc(&da, sizeof(double) * n);
    cudaMalloc(&dy, sizeof(double) * n);
    cudaMemcpy(da, a, sizeof(double) * n, cudaMemcpyHostToDevice);
    rsqrt_kernel<<<n / 256, 256>>>(da, dy, n);
    CHECK(cudaMemcpy(y, dy, sizeof(double) * n, cudaMemcpyDeviceToHost) == cudaSuccess, "rsqrt kernel");
    int diff = 0;
    for (int i = 0; i < n; ++i) {
        const double h = hzgsvd__rsqrt_rn(a[i]);
        if (memcmp(&h, &y[i], sizeof h) != 0) { if (diff < 3) fprintf(stderr, "rsqrt(%a): host %a device %a\n", a[i], h, y[i]); ++diff; }
    }
    CHECK(diff == 0, "device rsqrt_rn differs from host on %d of %d inputs", diff, n);
    cudaFree(da); cudaFree(dy); free(a); free(y);
}

/* hzgsvd__dmma (m16n8k4) is bitwise two m8n8k4 products, the upper and the lower 8 rows of A with
 * the same B (what the gram and update kernels rely on: their outputs did not move a bit when
 * m16n8k4 replaced m8n8k4).  Per lane the fragments as hzgsvd__dmma documents them: a0 = A(g, t),
 * a1 = A(g + 8, t), b = B(t, g), d0, d1 = D(g, 2t + e), d2, d3 = D(g + 8, 2t + e); sm_80's m8n8k4
 * takes A(g, t), B(t, g) and D(g, 2t + e) from the same lanes.  One warp per trial. */
__global__ void dmma_kernel(const double *in, double *out)
{
    const int lane = threadIdx.x, trial = blockIdx.x;
    const double *v = in + ((size_t)trial * 32 + lane) * 7;   /* a0, a1, b, d0..d3 */
    double d0 = v[3], d1 = v[4], d2 = v[5], d3 = v[6];
    hzgsvd__dmma(d0, d1, d2, d3, v[0], v[1], v[2]);
    double e0 = v[3], e1 = v[4], e2 = v[5], e3 = v[6];
    asm("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};\n" : "+d"(e0), "+d"(e1) : "d"(v[0]), "d"(v[2]));
    asm("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};\n" : "+d"(e2), "+d"(e3) : "d"(v[1]), "d"(v[2]));
    double *o = out + ((size_t)trial * 32 + lane) * 8;
    o[0] = d0; o[1] = d1; o[2] = d2; o[3] = d3; o[4] = e0; o[5] = e1; o[6] = e2; o[7] = e3;
}

/* Random signs and mantissas (multiples of 2^-52 in (-1, 1)) times 2^e, e uniform in [-s, s] for A
 * and B and in [-2s, 2s] for D (as their products), s per trial from 0 (cancellation among terms of
 * one size) to 450 (one term dominates, the others fall in its rounding): every product and sum
 * stays normal (exponents within -1004 .. 902). */
static void check_dmma(void)
{
    static const int spread[8] = { 0, 1, 3, 8, 20, 60, 200, 450 };
    const int trials = 8 * 512;
    double *in = (double *)malloc(sizeof(double) * trials * 32 * 7), *out = (double *)malloc(sizeof(double) * trials * 32 * 8), *din, *dout;
    tu_rng r = { 17 };
    for (int tr = 0; tr < trials; ++tr) {
        const int s = spread[tr % 8];
        for (int e = 0; e < 32 * 7; ++e) {
            const int span = e % 7 < 3 ? s : 2 * s;
            const int ex = span ? (int)(tu_next(&r) % (uint64_t)(2 * span + 1)) - span : 0;
            in[(size_t)tr * 32 * 7 + e] = ldexp(tu_uniform(&r), ex);
        }
    }
    cudaMalloc(&din, sizeof(double) * trials * 32 * 7);
    cudaMalloc(&dout, sizeof(double) * trials * 32 * 8);
    cudaMemcpy(din, in, sizeof(double) * trials * 32 * 7, cudaMemcpyHostToDevice);
    dmma_kernel<<<trials, 32>>>(din, dout);
    CHECK(cudaGetLastError() == cudaSuccess && cudaMemcpy(out, dout, sizeof(double) * trials * 32 * 8, cudaMemcpyDeviceToHost) == cudaSuccess,
          "dmma kernel");
    int diff = 0, moved = 0;
    for (int tr = 0; tr < trials; ++tr)
        for (int lane = 0; lane < 32; ++lane) {
            const double *o = out + ((size_t)tr * 32 + lane) * 8, *v = in + ((size_t)tr * 32 + lane) * 7;
            for (int q = 0; q < 4; ++q) {
                if (memcmp(&o[q], &o[4 + q], sizeof(double)) != 0) {
                    if (diff < 3) fprintf(stderr, "dmma trial %d lane %d d%d: m16n8k4 %a, two m8n8k4 %a\n", tr, lane, q, o[q], o[4 + q]);
                    ++diff;
                }
                moved += o[q] != v[3 + q];
            }
        }
    CHECK(diff == 0, "m16n8k4 differs from two m8n8k4 in %d of %d entries", diff, trials * 32 * 4);
    CHECK(moved > trials * 32, "dmma: the products moved only %d of %d entries of D (did the kernel run?)", moved, trials * 32 * 4);
    cudaFree(din); cudaFree(dout); free(in); free(out);
}

/* hzgsvd__gpu_gemm_nn with leading dimensions above the rows (lda = m + 6, ldb = k + 2, ldc = m + 3,
 * odd): integer entries, so the product is exact and equals the host's; the padding rows of A and B
 * hold NaN (a read of them would show in C) and C's padding keeps its sentinel. */
static void check_gemm_padded(void)
{
    const int m = 128, n = 64, k = 48, lda = m + 6, ldb = k + 2, ldc = m + 3;
    const double sentinel = -1234.5;
    double *a = (double *)malloc(sizeof(double) * lda * k), *b = (double *)malloc(sizeof(double) * ldb * n);
    double *c = (double *)malloc(sizeof(double) * ldc * n), *da, *db, *dc;
    tu_rng r = { 13 };
    hzgsvd_info info;
    for (int l = 0; l < k; ++l)
        for (int i = 0; i < lda; ++i) a[i + (size_t)l * lda] = i < m ? (double)((int64_t)(tu_next(&r) % 2097153) - 1048576) : NAN;
    for (int j = 0; j < n; ++j)
        for (int l = 0; l < ldb; ++l) b[l + (size_t)j * ldb] = l < k ? (double)((int64_t)(tu_next(&r) % 2097153) - 1048576) : NAN;
    for (int i = 0; i < ldc * n; ++i) c[i] = sentinel;
    cudaMalloc(&da, sizeof(double) * lda * k);
    cudaMalloc(&db, sizeof(double) * ldb * n);
    cudaMalloc(&dc, sizeof(double) * ldc * n);
    cudaMemcpy(da, a, sizeof(double) * lda * k, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof(double) * ldb * n, cudaMemcpyHostToDevice);
    cudaMemcpy(dc, c, sizeof(double) * ldc * n, cudaMemcpyHostToDevice);
    CHECK(hzgsvd__gpu_gemm_nn(m, n, k, da, lda, db, ldb, dc, ldc, 0, &info) == HZGSVD_SUCCESS, "padded gemm: %s", info.detail);
    CHECK(cudaMemcpy(c, dc, sizeof(double) * ldc * n, cudaMemcpyDeviceToHost) == cudaSuccess, "padded gemm: copy back");
    int bad = 0, pad = 0;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < ldc; ++i) {
            const double got = c[i + (size_t)j * ldc];
            if (i >= m) { pad += memcmp(&got, &sentinel, sizeof got) != 0; continue; }
            double s = 0.0;
            for (int l = 0; l < k; ++l) s += a[i + (size_t)l * lda] * b[l + (size_t)j * ldb];
            bad += !(got == s);
        }
    CHECK(bad == 0, "padded gemm (lda %d, ldb %d, ldc %d): %d of %d entries off", lda, ldb, ldc, bad, m * n);
    CHECK(pad == 0, "padded gemm: %d padding entries of C written", pad);
    cudaFree(da); cudaFree(db); cudaFree(dc);
    free(a); free(b); free(c);
}

/* hzgsvd__gpu_gemm_nn, the refinement's products: integer entries below 2^20 give the exact
 * product (every partial sum an integer below 2^53, whatever the order); random ones agree with a
 * host sum within 2 k u sum_l |a_il| |b_lj|; repeated calls are bitwise equal; an unpadded shape
 * is HZGSVD_ERR_INTERNAL. */
static void check_gemm(void)
{
    const int m = 192, n = 128, k = 80;
    double *a = (double *)malloc(sizeof(double) * m * k), *b = (double *)malloc(sizeof(double) * k * n);
    double *c = (double *)malloc(sizeof(double) * m * n), *c2 = (double *)malloc(sizeof(double) * m * n), *da, *db, *dc;
    tu_rng r = { 11 };
    hzgsvd_info info;
    cudaMalloc(&da, sizeof(double) * m * k);
    cudaMalloc(&db, sizeof(double) * k * n);
    cudaMalloc(&dc, sizeof(double) * m * n);
    for (int kind = 0; kind < 2; ++kind) {
        for (int i = 0; i < m * k; ++i) a[i] = kind ? tu_uniform(&r) : (double)((int64_t)(tu_next(&r) % 2097153) - 1048576);
        for (int i = 0; i < k * n; ++i) b[i] = kind ? tu_uniform(&r) : (double)((int64_t)(tu_next(&r) % 2097153) - 1048576);
        cudaMemcpy(da, a, sizeof(double) * m * k, cudaMemcpyHostToDevice);
        cudaMemcpy(db, b, sizeof(double) * k * n, cudaMemcpyHostToDevice);
        CHECK(hzgsvd__gpu_gemm_nn(m, n, k, da, m, db, k, dc, m, 0, &info) == HZGSVD_SUCCESS, "gemm: %s", info.detail);
        CHECK(cudaMemcpy(c, dc, sizeof(double) * m * n, cudaMemcpyDeviceToHost) == cudaSuccess, "gemm: copy back");
        CHECK(hzgsvd__gpu_gemm_nn(m, n, k, da, m, db, k, dc, m, 0, &info) == HZGSVD_SUCCESS, "gemm: %s", info.detail);
        CHECK(cudaMemcpy(c2, dc, sizeof(double) * m * n, cudaMemcpyDeviceToHost) == cudaSuccess, "gemm: copy back");
        CHECK(memcmp(c, c2, sizeof(double) * m * n) == 0, "gemm: two calls differ");
        int bad = 0;
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < m; ++i) {
                double s = 0.0, w = 0.0;
                for (int l = 0; l < k; ++l) { s += a[i + (size_t)l * m] * b[l + (size_t)j * k]; w += fabs(a[i + (size_t)l * m] * b[l + (size_t)j * k]); }
                const double d = fabs(c[i + (size_t)j * m] - s);
                if (kind ? d > 2.0 * k * DBL_EPSILON / 2 * w : d != 0.0) ++bad;
            }
        CHECK(bad == 0, "gemm (%s entries): %d of %d entries off", kind ? "random" : "integer", bad, m * n);
    }
    CHECK(hzgsvd__gpu_gemm_nn(m - 8, n, k, da, m, db, k, dc, m, 0, &info) == HZGSVD_ERR_INTERNAL, "gemm: unpadded m accepted");
    CHECK(hzgsvd__gpu_gemm_nn(m, n, k - 8, da, m, db, k, dc, m, 0, &info) == HZGSVD_ERR_INTERNAL, "gemm: unpadded k accepted");
    cudaFree(da); cudaFree(db); cudaFree(dc);
    free(a); free(b); free(c); free(c2);
    check_gemm_padded();
}

static char cfg_prec = 'D';

static const char *cfg_name(const hzgsvd_options *o, char *buf)
{
    sprintf(buf, "%cHZ%d-(%s-%s-%s) w%d%s", cfg_prec, o->variant, o->outer ? "MM" : "ME", o->blocking ? "BO" : "FB",
            o->inner ? "MM" : "ME", o->block_width, o->sort ? "" : " nosort");
    return buf;
}

/* GPU vs CPU on one pair for one configuration; the CPU sigma given (sorted descending). */
static void compare(const pair *p, const hzgsvd_options *o, const double *cpu_sigma_sorted, int check_vectors)
{
    char name[64];
    cfg_name(o, name);
    result g = run(p, o, 1);
    CHECK(g.st == HZGSVD_SUCCESS, "n=%d %s: GPU status %d (%s)", p->n, name, g.st, g.info.detail);
    if (g.st == HZGSVD_SUCCESS) {
        double *s = (double *)malloc(sizeof(double) * p->n);
        memcpy(s, g.s, sizeof(double) * p->n);
        if (!o->sort) qsort(s, p->n, sizeof(double), cmp_desc);
        else for (int i = 1; i < p->n; ++i) CHECK(g.s[i - 1] >= g.s[i], "n=%d %s: sigma not descending at %d", p->n, name, i);
        const double e = max_rel_diff(s, cpu_sigma_sorted, p->n);
        CHECK(e <= SIGMA_VS_CPU, "n=%d %s: sigma GPU vs CPU %.3e > %.0e", p->n, name, e, SIGMA_VS_CPU);
        if (g.info.sigma_refined)
            CHECK(e <= SIGMA_REFINED_VS_CPU, "n=%d %s: refined sigma GPU vs CPU %.3e > %.0e", p->n, name, e, SIGMA_REFINED_VS_CPU);
        const int want = o->refine_sigma != 0;   /* the default (-1) refines in copying mode */
        CHECK(g.info.sigma_refined == want, "n=%d %s: info.sigma_refined = %d with refine_sigma = %d", p->n, name,
              g.info.sigma_refined, o->refine_sigma);
        if (check_vectors) {
            const double rf = residual(p->F, p->mf, p->n, g.Z, g.U, g.sf, p->cplx), rg = residual(p->G, p->mg, p->n, g.Z, g.V, g.sg, p->cplx);
            const double ou = orthogonality(g.U, p->mf, p->n, p->cplx), ov = orthogonality(g.V, p->mg, p->n, p->cplx);
            CHECK(rf <= RESIDUAL && rg <= RESIDUAL, "n=%d %s: residuals %.3e %.3e", p->n, name, rf, rg);
            /* per column of the bordered problem the engine solved (n' = roundup(n, 2w)) */
            CHECK(ou <= ORTHO_PER_N * g.info.n_bordered && ov <= ORTHO_PER_N * g.info.n_bordered, "n=%d (n' = %d) %s: orthogonality %.3e %.3e",
                  p->n, g.info.n_bordered, name, ou, ov);
            printf("  n=%4d %-24s sweeps %2d  sigma vs CPU %.2e  res %.1e %.1e  orth %.1e %.1e  %.3f s\n",
                   p->n, name, g.info.sweeps, e, rf, rg, ou, ov, g.info.seconds);
        }
        free(s);
    }
    release(&g);
}

static void bad_inputs(void)
{
    const int n = 40, mf = 50, mg = 45;
    pair p = make_pair(mf, mg, n, 99, 0);
    hzgsvd_options o = hzgsvd_default_options();
    double Z[40 * 40], s[3 * 40];
    struct { const char *what; int field; double value; int m_f, m_g, nn, ldf; hzgsvd_status want; } cases[] = {
        { "NaN in F", 0, NAN, mf, mg, n, mf, HZGSVD_ERR_NOT_FINITE },
        { "Inf in G", 1, INFINITY, mf, mg, n, mf, HZGSVD_ERR_NOT_FINITE },
        { "zero column in G", 2, 0, mf, mg, n, mf, HZGSVD_ERR_RANK_DEFICIENT },
        { "dependent columns in G", 3, 0, mf, mg, n, mf, HZGSVD_ERR_RANK_DEFICIENT },
        { "dependent columns in F", 4, 0, mf, mg, n, mf, HZGSVD_ERR_RANK_DEFICIENT },
        { "m_f < n", -1, 0, 30, mg, n, mf, HZGSVD_ERR_M_LESS_THAN_N },
        { "n = 0", -1, 0, mf, mg, 0, mf, HZGSVD_ERR_N_LESS_THAN_ONE },
        { "ldf < m_f", -1, 0, mf, mg, n, mf - 1, HZGSVD_ERR_INVALID_ARGUMENT },
    };
    hzgsvd_options o_full = o;   /* both engines without their reduction (the default reduces these pairs: general_pairs) */
    o_full.preprocess = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        double *F = (double *)malloc(sizeof(double) * mf * n), *G = (double *)malloc(sizeof(double) * mg * n);
        memcpy(F, p.F, sizeof(double) * mf * n);
        memcpy(G, p.G, sizeof(double) * mg * n);
        if (cases[c].field == 0) F[3 + 7 * mf] = cases[c].value;
        if (cases[c].field == 1) G[5 + 2 * mg] = cases[c].value;
        if (cases[c].field == 2) for (int i = 0; i < mg; ++i) G[i + 9 * mg] = 0.0;
        if (cases[c].field == 3) for (int i = 0; i < mg; ++i) G[i + 11 * mg] = G[i + 4 * mg];
        if (cases[c].field == 4) for (int i = 0; i < mf; ++i) F[i + 37 * mf] = F[i + 2 * mf];
        hzgsvd_status got[2];
        for (int gpu = 0; gpu < 2; ++gpu) {
            double *Fc = (double *)malloc(sizeof(double) * mf * n), *Gc = (double *)malloc(sizeof(double) * mg * n);
            memcpy(Fc, F, sizeof(double) * mf * n);
            memcpy(Gc, G, sizeof(double) * mg * n);
            hzgsvd_info info;
            got[gpu] = gpu ? hzgsvd_gpu_dgsvd_host(cases[c].m_f, cases[c].m_g, cases[c].nn, Fc, cases[c].ldf, Gc, mg, Z, n, s, s + n, s + 2 * n, &o_full, &info)
                           : hzgsvd_cpu_dgsvd(cases[c].m_f, cases[c].m_g, cases[c].nn, Fc, cases[c].ldf, Gc, mg, Z, n, s, s + n, s + 2 * n, &o_full, &info);
            if (cases[c].field < 3)    /* errors found before the iteration leave the arrays untouched */
                CHECK(memcmp(Fc, F, sizeof(double) * mf * n) == 0 && memcmp(Gc, G, sizeof(double) * mg * n) == 0,
                      "%s (%s): the caller's arrays changed", cases[c].what, gpu ? "GPU" : "CPU");
            CHECK(info.detail[0] != '\0', "%s: empty detail", cases[c].what);
            free(Fc); free(Gc);
        }
        CHECK(got[0] == cases[c].want && got[1] == cases[c].want, "%s: CPU status %d, GPU status %d, want %d",
              cases[c].what, got[0], got[1], cases[c].want);
        free(F); free(G);
    }
    o.block_width = 8;
    hzgsvd_info info;
    CHECK(hzgsvd_gpu_dgsvd_host(mf, mg, n, p.F, mf, p.G, mg, Z, n, s, s + n, s + 2 * n, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT,
          "block_width 8 on the GPU must be an argument error");
    free(p.F); free(p.G);
}

/* The device entry point with a caller's workspace and stream, three times: bitwise identical,
 * also when the pivot pairs of a step run in other groups (HZGSVD_GPU_PAIR_GROUPS: one pair a
 * group, and uneven groups), which changes only the schedule of the sweep's graph. */
static void device_api_repeat(int w)
{
    const int n = 250, mf = 270, mg = 260;
    pair p = make_pair(mf, mg, n, 1234, 0);
    hzgsvd_options o = hzgsvd_default_options();
    o.block_width = w;
    size_t bytes = 0;
    CHECK(hzgsvd_gpu_dgsvd_workspace_size(mf, mg, n, &o, &bytes) == HZGSVD_SUCCESS && bytes > 0, "workspace size");
    void *work = NULL;
    double *dF, *dG, *dZ, *dS;
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    cudaMalloc(&work, bytes);
    cudaMalloc(&dF, sizeof(double) * mf * n);
    cudaMalloc(&dG, sizeof(double) * mg * n);
    cudaMalloc(&dZ, sizeof(double) * n * n);
    cudaMalloc(&dS, sizeof(double) * 3 * n);
    const size_t nout = (size_t)mf * n + (size_t)mg * n + (size_t)n * n + 3 * (size_t)n;
    const char *groups[3] = { NULL, "32", "3" };         /* the default (one group at this size), one pair a group, uneven */
    double *out[3];
    for (int rep = 0; rep < 3; ++rep) {
        hzgsvd_info info;
        if (groups[rep]) setenv("HZGSVD_GPU_PAIR_GROUPS", groups[rep], 1);
        else unsetenv("HZGSVD_GPU_PAIR_GROUPS");
        cudaMemcpy(dF, p.F, sizeof(double) * mf * n, cudaMemcpyHostToDevice);
        cudaMemcpy(dG, p.G, sizeof(double) * mg * n, cudaMemcpyHostToDevice);
        const hzgsvd_status st = hzgsvd_gpu_dgsvd(mf, mg, n, dF, mf, dG, mg, dZ, n, dS, dS + n, dS + 2 * n, work, bytes, stream, &o, &info);
        CHECK(st == HZGSVD_SUCCESS && info.block_width == w && info.rank_k == 0 && info.rank_l == n && !info.preprocessed,
              "device API: status %d (%s), w %d, K %d, L %d", st, info.detail, info.block_width, info.rank_k, info.rank_l);
        out[rep] = (double *)malloc(sizeof(double) * nout);
        cudaMemcpy(out[rep], dF, sizeof(double) * mf * n, cudaMemcpyDeviceToHost);
        cudaMemcpy(out[rep] + (size_t)mf * n, dG, sizeof(double) * mg * n, cudaMemcpyDeviceToHost);
        cudaMemcpy(out[rep] + (size_t)(mf + mg) * n, dZ, sizeof(double) * n * n, cudaMemcpyDeviceToHost);
        cudaMemcpy(out[rep] + (size_t)(mf + mg + n) * n, dS, sizeof(double) * 3 * n, cudaMemcpyDeviceToHost);
    }
    unsetenv("HZGSVD_GPU_PAIR_GROUPS");
    CHECK(memcmp(out[0], out[1], sizeof(double) * nout) == 0, "w = %d: a run with one pivot pair a group differs from the default (U, V, Z or sigma)", w);
    CHECK(memcmp(out[0], out[2], sizeof(double) * nout) == 0, "w = %d: a run with 3 pair groups differs from the default (U, V, Z or sigma)", w);
    CHECK(hzgsvd_gpu_dgsvd(mf, mg, n, dF, mf, dG, mg, dZ, n, dS, dS + n, dS + 2 * n, work, bytes - 1, stream, &o, NULL)
          == HZGSVD_ERR_INVALID_ARGUMENT, "a too small workspace must be an argument error");
    free(out[0]); free(out[1]); free(out[2]);
    cudaFree(work); cudaFree(dF); cudaFree(dG); cudaFree(dZ); cudaFree(dS);
    cudaStreamDestroy(stream);
    free(p.F); free(p.G);
}

/* Complex: the interleaved device entry point twice, the second time with one pivot pair a group
 * (HZGSVD_GPU_PAIR_GROUPS): bitwise identical; and the split-plane one on the same pair gives
 * bitwise the same results. */
static void device_api_complex(void)
{
    const int n = 100, mf = 120, mg = 110;
    pair p = make_pair(mf, mg, n, 4321, 1);
    hzgsvd_options o = hzgsvd_default_options();
    size_t bytes = 0;
    CHECK(hzgsvd_gpu_zgsvd_workspace_size(mf, mg, n, &o, &bytes) == HZGSVD_SUCCESS && bytes > 0, "complex workspace size");
    void *work = NULL;
    cuDoubleComplex *dF, *dG, *dZ;
    double *dS, *planes, *out[3];
    const size_t nF = (size_t)mf * n, nG = (size_t)mg * n, nZ = (size_t)n * n, nout = 2 * (nF + nG + nZ) + 3 * (size_t)n;
    cudaMalloc(&work, bytes);
    cudaMalloc(&dF, sizeof(cuDoubleComplex) * nF);
    cudaMalloc(&dG, sizeof(cuDoubleComplex) * nG);
    cudaMalloc(&dZ, sizeof(cuDoubleComplex) * nZ);
    cudaMalloc(&dS, sizeof(double) * 3 * n);
    cudaMalloc(&planes, sizeof(double) * 2 * (nF + nG + nZ));
    for (int rep = 0; rep < 3; ++rep) {
        hzgsvd_info info;
        hzgsvd_status st;
        out[rep] = (double *)malloc(sizeof(double) * nout);
        double *h = out[rep];
        if (rep == 1) setenv("HZGSVD_GPU_PAIR_GROUPS", "32", 1);
        else unsetenv("HZGSVD_GPU_PAIR_GROUPS");
        if (rep < 2) {                                   /* interleaved */
            cudaMemcpy(dF, p.F, sizeof(cuDoubleComplex) * nF, cudaMemcpyHostToDevice);
            cudaMemcpy(dG, p.G, sizeof(cuDoubleComplex) * nG, cudaMemcpyHostToDevice);
            st = hzgsvd_gpu_zgsvd(mf, mg, n, dF, mf, dG, mg, dZ, n, dS, dS + n, dS + 2 * n, work, bytes, 0, &o, &info);
            cudaMemcpy(h, dF, sizeof(cuDoubleComplex) * nF, cudaMemcpyDeviceToHost);
            cudaMemcpy(h + 2 * nF, dG, sizeof(cuDoubleComplex) * nG, cudaMemcpyDeviceToHost);
            cudaMemcpy(h + 2 * (nF + nG), dZ, sizeof(cuDoubleComplex) * nZ, cudaMemcpyDeviceToHost);
        } else {                                         /* split planes: convert here, compare interleaved */
            double *t = (double *)malloc(sizeof(double) * 2 * (nF + nG + nZ));
            for (size_t i = 0; i < nF; ++i) { t[i] = p.F[2 * i]; t[nF + i] = p.F[2 * i + 1]; }
            for (size_t i = 0; i < nG; ++i) { t[2 * nF + i] = p.G[2 * i]; t[2 * nF + nG + i] = p.G[2 * i + 1]; }
            cudaMemcpy(planes, t, sizeof(double) * 2 * (nF + nG), cudaMemcpyHostToDevice);
            double *Fr = planes, *Fi = Fr + nF, *Gr = Fi + nF, *Gi = Gr + nG, *Zr = Gi + nG, *Zi = Zr + nZ;
            st = hzgsvd_gpu_zgsvd_split(mf, mg, n, Fr, Fi, mf, Gr, Gi, mg, Zr, Zi, n, dS, dS + n, dS + 2 * n, work, bytes, 0, &o, &info);
            cudaMemcpy(t, planes, sizeof(double) * 2 * (nF + nG + nZ), cudaMemcpyDeviceToHost);
            for (size_t i = 0; i < nF; ++i) { h[2 * i] = t[i]; h[2 * i + 1] = t[nF + i]; }
            for (size_t i = 0; i < nG; ++i) { h[2 * (nF + i)] = t[2 * nF + i]; h[2 * (nF + i) + 1] = t[2 * nF + nG + i]; }
            for (size_t i = 0; i < nZ; ++i) { h[2 * (nF + nG + i)] = t[2 * (nF + nG) + i]; h[2 * (nF + nG + i) + 1] = t[2 * (nF + nG) + nZ + i]; }
            free(t);
            CHECK(hzgsvd_gpu_zgsvd_split(mf, mg, n, Fr, NULL, mf, Gr, Gi, mg, Zr, Zi, n, dS, dS + n, dS + 2 * n, work, bytes, 0, &o, &info)
                  == HZGSVD_ERR_INVALID_ARGUMENT, "split entry with a NULL plane must be an argument error");
        }
        CHECK(st == HZGSVD_SUCCESS, "complex device API (%s): status %d (%s)", rep < 2 ? "interleaved" : "split", st, info.detail);
        cudaMemcpy(h + 2 * (nF + nG + nZ), dS, sizeof(double) * 3 * n, cudaMemcpyDeviceToHost);
    }
    CHECK(memcmp(out[0], out[1], sizeof(double) * nout) == 0, "complex: a run with one pivot pair a group differs from the default");
    CHECK(memcmp(out[0], out[2], sizeof(double) * nout) == 0, "complex: split-plane and interleaved entry points differ");
    for (int k = 0; k < 3; ++k) free(out[k]);
    cudaFree(work); cudaFree(dF); cudaFree(dG); cudaFree(dZ); cudaFree(dS); cudaFree(planes);
    free(p.F); free(p.G);
}

/* In place (real and complex split planes): with n a multiple of 32 and m_f, m_g multiples of 64 the
 * working layout is the caller's, so the in-place run computes exactly what the copying entry point
 * computes: its columns, put in descending order of sigma, are bitwise those of the copying run.
 * Also: the workspace (strategy table, step buffers, O(n) vectors) is under a quarter of the copying one, and a layout
 * that needs bordering is refused. */
static void device_api_inplace(void)
{
    const int n = 128, mf = 192, mg = 128;
    for (int cplx = 0; cplx < 2; ++cplx) {
        pair p = make_pair(mf, mg, n, 2468 + cplx, cplx);
        hzgsvd_options o = hzgsvd_default_options();
        o.refine_sigma = 0;   /* in place has no input left to refine from: compare the iterate's sigma */
        int refined[2] = { -1, -1 };
        const size_t pl = cplx ? 2 : 1, nF = (size_t)mf * n, nG = (size_t)mg * n, nZ = (size_t)n * n;
        size_t b_copy = 0, b_in = 0;
        CHECK(hzgsvd_gpu_dgsvd_workspace_size(mf, mg, n, &o, &b_copy) == HZGSVD_SUCCESS, "workspace size");
        const hzgsvd_status sw = cplx ? hzgsvd_gpu_zgsvd_inplace_workspace_size(mf, mg, n, &o, &b_in)
                                      : hzgsvd_gpu_dgsvd_inplace_workspace_size(mf, mg, n, &o, &b_in);
        CHECK(sw == HZGSVD_SUCCESS && b_in > 0 && b_in * 4 < b_copy * pl,
              "%s in-place workspace %zu bytes (copying: %zu; the step buffers must stay under a quarter)", cplx ? "complex" : "real", b_in, b_copy * pl);
        /* planes: F, G, Z (real: one plane each; complex: re then im) */
        double *planes, *dS, *h[2], *sig[2];
        cudaMalloc(&planes, sizeof(double) * pl * (nF + nG + nZ));
        cudaMalloc(&dS, sizeof(double) * 3 * n);
        double *t = (double *)malloc(sizeof(double) * pl * (nF + nG + nZ));
        for (int mode = 0; mode < 2; ++mode) {           /* 0: copying entry point, 1: in place */
            for (size_t i = 0; i < nF; ++i) { t[i] = p.F[pl * i]; if (cplx) t[nF + i] = p.F[2 * i + 1]; }
            for (size_t i = 0; i < nG; ++i) { t[pl * nF + i] = p.G[pl * i]; if (cplx) t[pl * nF + nG + i] = p.G[2 * i + 1]; }
            cudaMemcpy(planes, t, sizeof(double) * pl * (nF + nG), cudaMemcpyHostToDevice);
            double *Fr = planes, *Fi = Fr + nF, *Gr = Fr + pl * nF, *Gi = Gr + nG, *Zr = Gr + pl * nG, *Zi = Zr + nZ;
            hzgsvd_info info;
            hzgsvd_status st;
            if (mode == 0)
                st = cplx ? hzgsvd_gpu_zgsvd_split(mf, mg, n, Fr, Fi, mf, Gr, Gi, mg, Zr, Zi, n, dS, dS + n, dS + 2 * n, NULL, 0, 0, &o, &info)
                          : hzgsvd_gpu_dgsvd(mf, mg, n, Fr, mf, Gr, mg, Zr, n, dS, dS + n, dS + 2 * n, NULL, 0, 0, &o, &info);
            else
                st = cplx ? hzgsvd_gpu_zgsvd_inplace(mf, mg, n, Fr, Fi, mf, Gr, Gi, mg, Zr, Zi, n, dS, dS + n, dS + 2 * n, NULL, 0, 0, &o, &info)
                          : hzgsvd_gpu_dgsvd_inplace(mf, mg, n, Fr, mf, Gr, mg, Zr, n, dS, dS + n, dS + 2 * n, NULL, 0, 0, &o, &info);
            CHECK(st == HZGSVD_SUCCESS, "%s %s: status %d (%s)", cplx ? "complex" : "real", mode ? "in place" : "copying", st, info.detail);
            refined[mode] = info.sigma_refined;
            h[mode] = (double *)malloc(sizeof(double) * pl * (nF + nG + nZ));
            sig[mode] = (double *)malloc(sizeof(double) * 3 * n);
            cudaMemcpy(h[mode], planes, sizeof(double) * pl * (nF + nG + nZ), cudaMemcpyDeviceToHost);
            cudaMemcpy(sig[mode], dS, sizeof(double) * 3 * n, cudaMemcpyDeviceToHost);
        }
        /* the in-place columns in descending order of sigma (stable, as the engine sorts) */
        int *order = (int *)malloc(sizeof(int) * n);
        for (int j = 0; j < n; ++j) order[j] = j;
        for (int i = 1; i < n; ++i) {
            const int k = order[i];
            int j = i - 1;
            while (j >= 0 && sig[1][2 * n + order[j]] < sig[1][2 * n + k]) { order[j + 1] = order[j]; --j; }
            order[j + 1] = k;
        }
        int same = 1;
        const size_t rows[3] = { (size_t)mf, (size_t)mg, (size_t)n }, base[3] = { 0, pl * nF, pl * (nF + nG) };
        const size_t plane[3] = { nF, nG, nZ };
        for (int c = 0; c < n && same; ++c) {
            for (int y = 0; y < 3; ++y)
                for (size_t v = 0; v < pl; ++v)
                    same &= memcmp(h[0] + base[y] + v * plane[y] + rows[y] * c, h[1] + base[y] + v * plane[y] + rows[y] * order[c],
                                   sizeof(double) * rows[y]) == 0;
            for (int k = 0; k < 3; ++k) same &= sig[0][k * n + c] == sig[1][k * n + order[c]];
        }
        CHECK(same, "%s: in place, sorted, is not bitwise the copying entry point's result", cplx ? "complex" : "real");
        CHECK(refined[0] == 0 && refined[1] == 0, "%s: refine_sigma = 0 but info.sigma_refined = %d, %d", cplx ? "complex" : "real", refined[0], refined[1]);
        hzgsvd_info info;
        double *Fr = planes;
        const hzgsvd_status bad = cplx ? hzgsvd_gpu_zgsvd_inplace(mf, mg, n - 4, Fr, Fr + nF, mf, Fr + 2 * nF, Fr + 2 * nF + nG, mg,
                                                                 Fr + 2 * (nF + nG), Fr + 2 * (nF + nG) + nZ, n - 4, dS, dS + n, dS + 2 * n, NULL, 0, 0, &o, &info)
                                       : hzgsvd_gpu_dgsvd_inplace(mf, mg, n - 4, Fr, mf, Fr + nF, mg, Fr + nF + nG, n - 4, dS, dS + n, dS + 2 * n, NULL, 0, 0, &o, &info);
        CHECK(bad == HZGSVD_ERR_INVALID_ARGUMENT && strstr(info.detail, "in place") != NULL, "%s: in place with n = %d must be refused (%d: %s)",
              cplx ? "complex" : "real", n - 4, bad, info.detail);
        free(order); free(t);
        for (int k = 0; k < 2; ++k) { free(h[k]); free(sig[k]); }
        cudaFree(planes); cudaFree(dS);
        free(p.F); free(p.G);
    }
}

/* Ill-conditioned pivot blocks (docs/NUMERICS.md): the pairs of test_engine_illcond (F or G of
 * condition up to 1e13, n = 8, 20, 40; for n <= 2w one pivot block holds all of F), on the GPU at
 * w = 16 and 32.  Where Cholesky of a pivot block's Gram matrix breaks down the solve falls back to
 * MGS of the slab: every pair the CPU's pointwise path (block_width 1) accepts is accepted, a rank
 * refusal only where the pointwise path refuses too, LAPACK's residual stays below 20, and a
 * second run is bitwise the first. */
static void illcond_pairs(int quick)
{
    tu_rng rng = {0x5eed1213u};
    static const int ns[] = {8, 20, 40};
    const int nns = quick ? 1 : 3, reps = quick ? 1 : 2;
    int pairs = 0, accepted = 0, fallback_needed = 0;
    double worst = 0.0;
    for (int cplx = 0; cplx < 2; ++cplx)
        for (int ni = 0; ni < nns; ++ni)
            for (int ki = 0; ki < ILLCOND_KINDS; ++ki)
                for (int rep = 0; rep < reps; ++rep) {
                    const illcond_kind *kd = &illcond_kinds[ki];
                    const int n = ns[ni];
                    int m_f, m_g;
                    double *F, *G;
                    illcond_pair(&rng, cplx, n, kd, &m_f, &m_g, &F, &G);
                    hzgsvd_options w1 = hzgsvd_default_options();
                    w1.block_width = 1;
                    ef_run b = ef_solve(cplx, m_f, m_g, n, F, G, &w1);
                    const pair p = { m_f, m_g, n, cplx, F, G };
                    for (int wi = 0; wi < 2; ++wi) {
                        hzgsvd_options o = hzgsvd_default_options();
                        o.block_width = wi ? 32 : 16;
                        result a = run(&p, &o, 1);
                        char what[200];
                        snprintf(what, sizeof what, "GPU w=%d %s n=%d %s #%d", o.block_width, cplx ? "z" : "d", n, kd->name, rep);
                        ++pairs;
                        const double res = illcond_check(what, cplx, m_f, m_g, n, F, G, a.st, a.info.detail, a.U, a.V, a.Z, a.sf, a.sg, b.st);
                        if (res > worst) worst = res;
                        accepted += a.st == HZGSVD_SUCCESS;
                        if (wi == 0) {                  /* the fallback is as reproducible as the rest */
                            result a2 = run(&p, &o, 1);
                            CHECK(a2.st == a.st && memcmp(a2.s, a.s, sizeof(double) * n) == 0
                                  && memcmp(a2.U, a.U, sizeof(double) * (cplx ? 2 : 1) * m_f * n) == 0,
                                  "%s: a second run is not bitwise the first", what);
                            release(&a2);
                        }
                        release(&a);
                    }
                    /* whether these pairs need the fallback at all: F's or G's Gram matrix past Cholesky */
                    fallback_needed += kd->cf >= 1e8 || kd->cg >= 1e8;
                    ef_run_free(&b);
                    free(F); free(G);
                }
    printf("  ill-conditioned pairs: %d GPU runs, %d accepted, worst residual %.3g (< %g); %d of the %d pairs have a block of condition >= 1e8\n",
           pairs, accepted, worst, B_LAPACK_RESID, fallback_needed, pairs / 2);
}

/* Complex bad inputs: the CPU engine's status on the GPU, and the caller's arrays untouched where
 * the error is found before the iteration. */
static void bad_inputs_complex(void)
{
    const int n = 40, mf = 50, mg = 45;
    static const char *what[4] = { "NaN in the imaginary part of F", "Inf in the real part of G", "zero column in F",
                                   "dependent columns in G" };
    static const hzgsvd_status want[4] = { HZGSVD_ERR_NOT_FINITE, HZGSVD_ERR_NOT_FINITE, HZGSVD_ERR_RANK_DEFICIENT,
                                           HZGSVD_ERR_RANK_DEFICIENT };
    hzgsvd_options o_full = hzgsvd_default_options();
    o_full.preprocess = 0;   /* both engines without their reduction (the default reduces these pairs: general_pairs) */
    double Z[2 * 40 * 40], s[3 * 40];
    for (int c = 0; c < 4; ++c) {
        pair p = make_pair(mf, mg, n, 77 + c, 1);
        if (c == 0) p.F[2 * (3 + 7 * mf) + 1] = NAN;
        if (c == 1) p.G[2 * (5 + 2 * mg)] = INFINITY;
        if (c == 2) for (int i = 0; i < 2 * mf; ++i) p.F[2 * 9 * mf + i] = 0.0;
        if (c == 3) for (int i = 0; i < 2 * mg; ++i) p.G[2 * 11 * mg + i] = p.G[2 * 4 * mg + i];
        hzgsvd_status got[2];
        for (int gpu = 0; gpu < 2; ++gpu) {
            double *Fc = (double *)malloc(sizeof(double) * 2 * mf * n), *Gc = (double *)malloc(sizeof(double) * 2 * mg * n);
            memcpy(Fc, p.F, sizeof(double) * 2 * mf * n);
            memcpy(Gc, p.G, sizeof(double) * 2 * mg * n);
            hzgsvd_info info;
            got[gpu] = gpu ? hzgsvd_gpu_zgsvd_host(mf, mg, n, Fc, mf, Gc, mg, Z, n, s, s + n, s + 2 * n, &o_full, &info)
                           : hzgsvd_cpu_zgsvd(mf, mg, n, Fc, mf, Gc, mg, Z, n, s, s + n, s + 2 * n, &o_full, &info);
            if (c < 3)
                CHECK(memcmp(Fc, p.F, sizeof(double) * 2 * mf * n) == 0 && memcmp(Gc, p.G, sizeof(double) * 2 * mg * n) == 0,
                      "complex %s (%s): the caller's arrays changed", what[c], gpu ? "GPU" : "CPU");
            free(Fc); free(Gc);
        }
        CHECK(got[0] == want[c] && got[1] == want[c], "complex %s: CPU status %d, GPU status %d, want %d", what[c], got[0], got[1], want[c]);
        free(p.F); free(p.G);
    }
}

/* What needs no GPU (runs everywhere, CI included): the workspace queries and the argument checks
 * of every GPU entry point, which come before any device call; without a GPU a valid call must
 * answer HZGSVD_ERR_NO_DEVICE with a message. */
static void host_side_checks(void)
{
    size_t bd = 0, bz = 0, b2 = 0;
    CHECK(hzgsvd_gpu_dgsvd_workspace_size(50, 45, 40, NULL, NULL) == HZGSVD_ERR_INVALID_ARGUMENT, "workspace: NULL bytes");
    CHECK(hzgsvd_gpu_dgsvd_workspace_size(50, 45, 0, NULL, &bd) == HZGSVD_ERR_N_LESS_THAN_ONE && bd == 0, "workspace: n = 0");
    {   /* fewer rows than columns: reduced through the host, no device workspace; refused with preprocess = 0 */
        hzgsvd_options o0 = hzgsvd_default_options();
        bz = 1;
        CHECK(hzgsvd_gpu_zgsvd_workspace_size(30, 45, 40, NULL, &bz) == HZGSVD_SUCCESS && bz == 0, "workspace: m_f < n needs none (%zu)", bz);
        o0.preprocess = 0;
        CHECK(hzgsvd_gpu_zgsvd_workspace_size(30, 45, 40, &o0, &bz) == HZGSVD_ERR_M_LESS_THAN_N, "workspace: m_f < n, preprocess = 0");
    }
    CHECK(hzgsvd_gpu_dgsvd_workspace_size(50, 45, 40, NULL, &bd) == HZGSVD_SUCCESS && bd > 0, "workspace d");
    CHECK(hzgsvd_gpu_zgsvd_workspace_size(50, 45, 40, NULL, &bz) == HZGSVD_SUCCESS && bz > bd, "workspace z > d");
    CHECK(hzgsvd_gpu_dgsvd_workspace_size(500, 450, 400, NULL, &b2) == HZGSVD_SUCCESS && b2 > bd, "workspace grows with n");
    size_t bi = 0, bc = 0;
    CHECK(hzgsvd_gpu_zgsvd_inplace_workspace_size(512, 448, 416, NULL, &bi) == HZGSVD_SUCCESS
          && hzgsvd_gpu_zgsvd_workspace_size(512, 448, 416, NULL, &bc) == HZGSVD_SUCCESS && bi > 0 && bi * 4 < bc,
          "in-place workspace %zu bytes, copying %zu (the step buffers must stay under a quarter)", bi, bc);
    CHECK(hzgsvd_gpu_dgsvd_inplace_workspace_size(500, 448, 416, NULL, &bi) == HZGSVD_ERR_INVALID_ARGUMENT && bi == 0,
          "in place: m_f = 500 (not a multiple of 64) must be refused");
    CHECK(hzgsvd_gpu_dgsvd_inplace_workspace_size(512, 448, 400, NULL, &bi) == HZGSVD_ERR_INVALID_ARGUMENT,
          "in place: n = 400 (not a multiple of 32) must be refused");
    double F[2 * 50 * 40] = { 0 }, G[2 * 45 * 40] = { 0 }, Z[2 * 40 * 40], s[3 * 40];
    for (int i = 0; i < 50 * 40; ++i) F[i] = (double)(i % 7) - 3.0 + (i % 50 == i / 50);
    for (int i = 0; i < 45 * 40; ++i) G[i] = (double)(i % 5) - 2.0 + (i % 45 == i / 45);
    hzgsvd_info info;
    hzgsvd_options o = hzgsvd_default_options();
    CHECK(hzgsvd_gpu_dgsvd_host(50, 45, 0, F, 50, G, 45, Z, 40, s, s + 40, s + 80, &o, &info) == HZGSVD_ERR_N_LESS_THAN_ONE
          && info.detail[0], "d host: n = 0");
    CHECK(hzgsvd_gpu_zgsvd_host(50, 45, 40, NULL, 50, G, 45, Z, 40, s, s + 40, s + 80, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT
          && info.detail[0], "z host: NULL F");
    CHECK(hzgsvd_gpu_dgsvd(50, 45, 40, F, 49, G, 45, Z, 40, s, s + 40, s + 80, NULL, 0, 0, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT
          && info.detail[0], "d device: ldf < m_f");
    o.preprocess = 0;   /* the full-rank engine alone refuses what it cannot take */
    CHECK(hzgsvd_gpu_zgsvd(50, 30, 40, (cuDoubleComplex *)F, 50, (cuDoubleComplex *)G, 45, (cuDoubleComplex *)Z, 40, s, s + 40, s + 80,
                           NULL, 0, 0, &o, &info) == HZGSVD_ERR_M_LESS_THAN_N && info.detail[0], "z device: m_g < n, preprocess = 0");
    CHECK(hzgsvd_gpu_dgsvd_host(30, 45, 40, F, 50, G, 45, Z, 40, s, s + 40, s + 80, &o, &info) == HZGSVD_ERR_M_LESS_THAN_N,
          "d host: m_f < n, preprocess = 0 (%s)", info.detail);
    o = hzgsvd_default_options();
    CHECK(hzgsvd_gpu_zgsvd_split(50, 45, 40, F, F, 50, G, NULL, 45, Z, Z, 40, s, s + 40, s + 80, NULL, 0, 0, &o, &info)
          == HZGSVD_ERR_INVALID_ARGUMENT && info.detail[0], "z split: NULL imaginary plane");
    o.variant = 9;
    CHECK(hzgsvd_gpu_dgsvd_host(50, 45, 40, F, 50, G, 45, Z, 40, s, s + 40, s + 80, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT
          && info.detail[0], "d host: variant 9");
    o = hzgsvd_default_options();
    o.block_width = 8;
    CHECK(hzgsvd_gpu_dgsvd_host(50, 45, 40, F, 50, G, 45, Z, 40, s, s + 40, s + 80, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT
          && strstr(info.detail, "block_width"), "d host: block_width 8 (%s)", info.detail);
    o = hzgsvd_default_options();
    o.block_width = 24;   /* general pairs check the GPU's options before the reduction too */
    CHECK(hzgsvd_gpu_dgsvd_host(30, 45, 40, F, 50, G, 45, Z, 40, s, s + 40, s + 80, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT
          && strstr(info.detail, "block_width"), "d host, m_f < n: block_width 24 (%s)", info.detail);
    o = hzgsvd_default_options();
    o.preprocess = 1;   /* in place the arrays are the iterates: full-rank pairs only */
    CHECK(hzgsvd_gpu_dgsvd_inplace(128, 64, 32, F, 128, G, 64, Z, 32, NULL, NULL, NULL, NULL, 0, 0, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT
          && strstr(info.detail, "preprocess"), "d in place: preprocess = 1 (%s)", info.detail);
    o = hzgsvd_default_options();
    {   /* xGGSVD3 on the GPU: LAPACK's argument numbers, before any device is asked for */
        int k, l, iw[40];
        double al[40], be[40];
        CHECK(hzgsvd_gpu_dggsvd3('X', 'V', 'Q', 50, 40, 45, &k, &l, F, 50, G, 45, al, be, Z, 50, Z, 45, Z, 40, iw, &o, &info)
              == HZGSVD_ERR_INVALID_ARGUMENT && strstr(info.detail, "argument 1"), "gpu dggsvd3: JOBU (%s)", info.detail);
        CHECK(hzgsvd_gpu_zggsvd3('U', 'V', 'Q', 50, 40, 45, &k, &l, F, 49, G, 45, al, be, Z, 50, Z, 45, Z, 40, iw, &o, &info)
              == HZGSVD_ERR_INVALID_ARGUMENT && strstr(info.detail, "argument 10"), "gpu zggsvd3: LDA (%s)", info.detail);
        if (!hzgsvd_gpu_available())
            CHECK(hzgsvd_gpu_dggsvd3('N', 'N', 'N', 50, 40, 45, &k, &l, F, 50, G, 45, al, be, NULL, 1, NULL, 1, NULL, 1, iw, &o, &info)
                  == HZGSVD_ERR_NO_DEVICE, "gpu dggsvd3 without a GPU: want HZGSVD_ERR_NO_DEVICE (%s)", info.detail);
    }
    /* Alignment (hzgsvd_single.cuh): d_work 256 bytes, in place's arrays 16.  The pointers are made
     * up: the check comes before any CUDA call and nothing is dereferenced. */
    {
        char *const base = (char *)(uintptr_t)0x10000000u;   /* 256-byte aligned */
        double *const dF = (double *)base, *const dG = (double *)(base + 0x100000), *const dZ = (double *)(base + 0x200000);
        double *const dFi = (double *)(base + 0x300000), *const dGi = (double *)(base + 0x400000), *const dZi = (double *)(base + 0x500000);
        void *const work = base + 0x600000;
        const size_t big = (size_t)1 << 40;                  /* any workspace size passes its check */
        CHECK(hzgsvd_gpu_dgsvd(50, 45, 40, F, 50, G, 45, Z, 40, s, s + 40, s + 80, (char *)work + 8, bd, 0, &o, &info)
              == HZGSVD_ERR_INVALID_ARGUMENT && strstr(info.detail, "d_work") && strstr(info.detail, "256-byte"),
              "d device: d_work 8 bytes off 256 must be refused (%s)", info.detail);
        CHECK(hzgsvd_gpu_zgsvd_split(50, 45, 40, F, F, 50, G, G, 45, Z, Z, 40, s, s + 40, s + 80, (char *)work + 128, bz, 0, &o, &info)
              == HZGSVD_ERR_INVALID_ARGUMENT && strstr(info.detail, "d_work") && strstr(info.detail, "256-byte"),
              "z split: d_work 128 bytes off 256 must be refused (%s)", info.detail);
        CHECK(hzgsvd_gpu_dgsvd_inplace(128, 64, 32, dF, 128, dG + 1, 64, dZ, 32, NULL, NULL, NULL, NULL, 0, 0, &o, &info)
              == HZGSVD_ERR_INVALID_ARGUMENT && strstr(info.detail, "dG") && strstr(info.detail, "16-byte"),
              "d in place: dG 8 bytes off 16 must be refused (%s)", info.detail);
        CHECK(hzgsvd_gpu_dgsvd_inplace(128, 64, 32, dF, 128, dG, 64, dZ, 32, NULL, NULL, NULL, (char *)work + 8, big, 0, &o, &info)
              == HZGSVD_ERR_INVALID_ARGUMENT && strstr(info.detail, "d_work") && strstr(info.detail, "256-byte"),
              "d in place: d_work 8 bytes off 256 must be refused (%s)", info.detail);
        /* complex in place: split planes of doubles, so 8 bytes (one double) is legal but not 16-byte aligned */
        CHECK(hzgsvd_gpu_zgsvd_inplace(128, 64, 32, dF, dFi, 128, dG, dGi, 64, dZ, dZi + 1, 32, NULL, NULL, NULL, NULL, 0, 0, &o, &info)
              == HZGSVD_ERR_INVALID_ARGUMENT && strstr(info.detail, "dZi") && strstr(info.detail, "16-byte"),
              "z in place: dZi 8 bytes off 16 must be refused (%s)", info.detail);
        CHECK(hzgsvd_gpu_zgsvd_inplace(128, 64, 32, dF + 1, dFi, 128, dG, dGi, 64, dZ, dZi, 32, NULL, NULL, NULL, NULL, 0, 0, &o, &info)
              == HZGSVD_ERR_INVALID_ARGUMENT && strstr(info.detail, "dFr") && strstr(info.detail, "16-byte"),
              "z in place: dFr 8 bytes off 16 must be refused (%s)", info.detail);
        /* an in-place shape that needs bordering: an argument error with or without a device */
        CHECK(hzgsvd_gpu_dgsvd_inplace(128, 64, 28, dF, 128, dG, 64, dZ, 28, NULL, NULL, NULL, NULL, 0, 0, &o, &info)
              == HZGSVD_ERR_INVALID_ARGUMENT && strstr(info.detail, "in place"), "d in place: n = 28 must be refused (%s)", info.detail);
        if (!hzgsvd_gpu_available()) {   /* the same calls aligned pass every argument check (only without a GPU: the pointers are made up) */
            CHECK(hzgsvd_gpu_dgsvd(50, 45, 40, F, 50, G, 45, Z, 40, s, s + 40, s + 80, work, bd, 0, &o, &info) == HZGSVD_ERR_NO_DEVICE,
                  "d device, aligned d_work, no GPU: want HZGSVD_ERR_NO_DEVICE (%s)", info.detail);
            CHECK(hzgsvd_gpu_dgsvd_inplace(128, 64, 32, dF, 128, dG, 64, dZ, 32, NULL, NULL, NULL, work, big, 0, &o, &info) == HZGSVD_ERR_NO_DEVICE,
                  "d in place, aligned, no GPU: want HZGSVD_ERR_NO_DEVICE (%s)", info.detail);
            CHECK(hzgsvd_gpu_zgsvd_inplace(128, 64, 32, dF, dFi, 128, dG, dGi, 64, dZ, dZi, 32, NULL, NULL, NULL, NULL, 0, 0, &o, &info)
                  == HZGSVD_ERR_NO_DEVICE, "z in place, aligned, no GPU: want HZGSVD_ERR_NO_DEVICE (%s)", info.detail);
        }
        /* hzgsvd__gpu_gemm_nn refuses what its kernel cannot do, before any CUDA call */
        const double *A = dF, *B = dG;
        double *C = dZ;
        CHECK(hzgsvd__gpu_gemm_nn(128, 64, 32, A, 126, B, 32, C, 128, 0, &info) == HZGSVD_ERR_INTERNAL && info.detail[0], "gemm: lda < m accepted");
        CHECK(hzgsvd__gpu_gemm_nn(128, 64, 32, A, 128, B, 30, C, 128, 0, &info) == HZGSVD_ERR_INTERNAL, "gemm: ldb < k accepted");
        CHECK(hzgsvd__gpu_gemm_nn(128, 64, 32, A, 128, B, 32, C, 127, 0, &info) == HZGSVD_ERR_INTERNAL, "gemm: ldc < m accepted");
        CHECK(hzgsvd__gpu_gemm_nn(128, 64, 32, A, 129, B, 32, C, 128, 0, &info) == HZGSVD_ERR_INTERNAL, "gemm: odd lda accepted");
        CHECK(hzgsvd__gpu_gemm_nn(64, 64 * 65536, 16, A, 64, B, 16, C, 64, 0, &info) == HZGSVD_ERR_INTERNAL,
              "gemm: n / 64 = 65536 blocks (above the grid's y limit) accepted");
        CHECK(hzgsvd__gpu_gemm_nn(128, 64, 32, A + 1, 128, B, 32, C, 128, 0, &info) == HZGSVD_ERR_INTERNAL, "gemm: A not 16-byte aligned accepted");
    }
    if (!hzgsvd_gpu_available()) {
        CHECK(hzgsvd_gpu_dgsvd_host(50, 45, 40, F, 50, G, 45, Z, 40, s, s + 40, s + 80, &o, &info) == HZGSVD_ERR_NO_DEVICE
              && info.detail[0], "d host without a GPU: want HZGSVD_ERR_NO_DEVICE");
        CHECK(hzgsvd_gpu_dgsvd_host(30, 45, 40, F, 50, G, 45, Z, 40, s, s + 40, s + 80, &o, &info) == HZGSVD_ERR_NO_DEVICE,
              "d host, m_f < n, without a GPU: want HZGSVD_ERR_NO_DEVICE, not a CPU run (%s)", info.detail);
        CHECK(hzgsvd_gpu_dgsvd(30, 45, 40, F, 50, G, 45, Z, 40, s, s + 40, s + 80, NULL, 0, 0, &o, &info) == HZGSVD_ERR_NO_DEVICE,
              "d device, m_f < n, without a GPU: want HZGSVD_ERR_NO_DEVICE (%s)", info.detail);
        CHECK(hzgsvd_gpu_zgsvd_host(50, 45, 20, F, 50, G, 45, Z, 20, s, s + 40, s + 80, &o, &info) == HZGSVD_ERR_NO_DEVICE
              && info.detail[0], "z host without a GPU: want HZGSVD_ERR_NO_DEVICE");
    }
}

/* Range scaling (docs/NUMERICS.md, "The whole double range"): F, G or both scaled by 2^k across the
 * exponent range give 2^(+-k) the sigma of the CPU engine on the unscaled pair; 2^600 F with 2^-600 G
 * is HZGSVD_ERR_OUT_OF_RANGE with the outputs written; a G column of subnormal entries too. */
static void range_ends(int cplx)
{
    const int n = 64, e = cplx ? 2 : 1;
    pair p = make_pair(n + 11, n + 5, n, 4242 + cplx, cplx);
    hzgsvd_options o = hzgsvd_default_options();
    result c = run(&p, &o, 0);
    CHECK(c.st == HZGSVD_SUCCESS, "range %c: CPU status %d", cplx ? 'z' : 'd', c.st);
    static const int ks[] = {-990, -600, -512, -300, 300, 512, 600, 990};
    double worst = 0.0;
    for (size_t t = 0; t < sizeof ks / sizeof ks[0]; ++t)
        for (int which = 0; which < 3; ++which) {
            pair q = make_pair(n + 11, n + 5, n, 4242 + cplx, cplx);
            const int k = ks[t];
            if (which != 1) for (int i = 0; i < e * q.mf * n; ++i) q.F[i] = ldexp(q.F[i], k);
            if (which != 0) for (int i = 0; i < e * q.mg * n; ++i) q.G[i] = ldexp(q.G[i], k);
            const int ks_sigma = which == 0 ? k : which == 1 ? -k : 0;
            result g = run(&q, &o, 1);
            CHECK(g.st == HZGSVD_SUCCESS, "range %c 2^%d %s: status %d (%s)", cplx ? 'z' : 'd', k, which == 0 ? "F" : which == 1 ? "G" : "F, G",
                  g.st, g.info.detail);
            if (g.st == HZGSVD_SUCCESS) {
                for (int i = 0; i < n; ++i) g.s[i] = ldexp(g.s[i], -ks_sigma);
                const double d = max_rel_diff(g.s, c.s, n);
                CHECK(d <= SIGMA_VS_CPU, "range %c 2^%d %s: sigma vs the CPU on the unscaled pair %.3e > %.1e", cplx ? 'z' : 'd', k,
                      which == 0 ? "F" : which == 1 ? "G" : "F, G", d, SIGMA_VS_CPU);
                if (d > worst) worst = d;
                const double rf = residual(q.F, q.mf, n, g.Z, g.U, g.sf, cplx);
                CHECK(rf <= RESIDUAL, "range %c 2^%d: residual %.3e", cplx ? 'z' : 'd', k, rf);
            }
            release(&g);
            free(q.F); free(q.G);
        }
    printf("  range %c: F, G, both scaled 2^-990..2^990: sigma vs the CPU on the unscaled pair %.2e\n", cplx ? 'z' : 'd', worst);
    {
        pair q = make_pair(n + 11, n + 5, n, 4242 + cplx, cplx);
        for (int i = 0; i < e * q.mf * n; ++i) q.F[i] = ldexp(q.F[i], 600);
        for (int i = 0; i < e * q.mg * n; ++i) q.G[i] = ldexp(q.G[i], -600);
        result g = run(&q, &o, 1);
        CHECK(g.st == HZGSVD_ERR_OUT_OF_RANGE && g.info.outputs_written == 1, "range %c 2^600 F, 2^-600 G: status %d (%s), outputs_written %d",
              cplx ? 'z' : 'd', g.st, g.info.detail, g.info.outputs_written);
        release(&g);
        for (int i = 0; i < e * q.mf * n; ++i) q.F[i] = ldexp(q.F[i], -600);
        for (int i = 0; i < e * q.mg * n; ++i) q.G[i] = ldexp(q.G[i], 600);
        for (int i = 0; i < e * q.mg; ++i) q.G[(size_t)3 * e * q.mg + i] = ldexp(q.G[(size_t)3 * e * q.mg + i], -1040);
        g = run(&q, &o, 1);
        CHECK(g.st == HZGSVD_ERR_OUT_OF_RANGE, "range %c subnormal column of G: status %d (%s)", cplx ? 'z' : 'd', g.st, g.info.detail);
        release(&g);
        free(q.F); free(q.G);
    }
    release(&c);
    free(p.F); free(p.G);
}

/* General pairs (docs/API.md "General pairs"; the reduction on the host, the core on the GPU): a
 * Tikhonov-style pair (G the (n-1) x n first difference: K = 0, L = n - 1, one sigma = inf column),
 * F with fewer rows than columns and G rank deficient (all four groups), and F with two equal columns
 * (m >= n: the full-rank run finds it rank deficient and the pair is reduced instead).  Against the
 * CPU engine on the same pair: the same K, L and groups, finite sigma within SIGMA_VS_CPU; the
 * residuals and the orthonormality of U's and V's nonzero columns; the device entry point (through
 * the host) bitwise equal to the host one, and to itself on a second run; complex split planes
 * bitwise equal to interleaved; xGGSVD3 on the GPU against the CPU's. */
static pair general_pair(int kind, int n, int cplx)
{
    const int e = cplx ? 2 : 1;
    pair p;
    if (kind == 0) {                               /* smoothing-like F (n + 3 rows), first differences G */
        p = make_pair(n + 3, n - 1, n, 900 + n, cplx);
        memset(p.G, 0, sizeof(double) * e * p.mg * n);
        for (int i = 0; i < p.mg; ++i) { p.G[e * (i + (size_t)i * p.mg)] = -1.0; p.G[e * (i + (size_t)(i + 1) * p.mg)] = 1.0; }
    } else if (kind == 1) {                        /* m_f < n; G of rank n - 3 (its last 3 rows repeat others) */
        p = make_pair(n - 5, n, n, 910 + n, cplx);
        for (int j = 0; j < n; ++j)
            for (int r = 0; r < 3; ++r)
                for (int c = 0; c < e; ++c) p.G[e * ((size_t)(n - 1 - r) + (size_t)j * n) + c] = p.G[e * ((size_t)r + (size_t)j * n) + c];
    } else {                                       /* m >= n, F's columns 2 and 5 equal */
        p = make_pair(n + 7, n + 2, n, 920 + n, cplx);
        memcpy(p.F + (size_t)e * 5 * p.mf, p.F + (size_t)e * 2 * p.mf, sizeof(double) * e * p.mf);
    }
    return p;
}

static void general_pairs(void)
{
    const int sizes[2] = { 40, 300 };   /* 300: w = 16, cores of order near n */
    for (int cplx = 0; cplx < 2; ++cplx)
        for (int kind = 0; kind < 3; ++kind)
            for (int si = 0; si < 2; ++si) {
                const int n = sizes[si], e = cplx ? 2 : 1;
                pair p = general_pair(kind, n, cplx);
                hzgsvd_options o = hzgsvd_default_options();
                result c = run(&p, &o, 0), g = run(&p, &o, 1);
                char what[64];
                snprintf(what, sizeof what, "general %c kind %d n %d", cplx ? 'z' : 'd', kind, n);
                CHECK(c.st == HZGSVD_SUCCESS && g.st == HZGSVD_SUCCESS && g.info.preprocessed == 1, "%s: CPU %d, GPU %d (%s), preprocessed %d",
                      what, c.st, g.st, g.info.detail, g.info.preprocessed);
                if (c.st != HZGSVD_SUCCESS || g.st != HZGSVD_SUCCESS) { release(&c); release(&g); free(p.F); free(p.G); continue; }
                const int K = g.info.rank_k, L = g.info.rank_l;
                CHECK(K == c.info.rank_k && L == c.info.rank_l, "%s: K, L GPU %d, %d CPU %d, %d", what, K, L, c.info.rank_k, c.info.rank_l);
                double worst = 0.0;
                int groups_ok = 1, nf = 0;
                for (int j = 0; j < n; ++j) {
                    const int fin = isfinite(c.s[j]) && c.s[j] > 0.0;
                    if (fin) { const double d = fabs(g.s[j] - c.s[j]) / c.s[j]; if (!(d <= worst)) worst = d; }
                    else groups_ok &= (g.s[j] == c.s[j]) || (isnan(g.s[j]) && isnan(c.s[j]));
                    nf += c.sf[j] > 0.0;
                }
                CHECK(groups_ok && worst <= SIGMA_VS_CPU, "%s: sigma vs CPU %.2e (groups %s)", what, worst, groups_ok ? "equal" : "DIFFER");
                const double rf = residual(p.F, p.mf, n, g.Z, g.U, g.sf, cplx), rg = residual(p.G, p.mg, n, g.Z, g.V, g.sg, cplx);
                const double ou = orthogonality(g.U, p.mf, nf, cplx), ov = orthogonality(g.V + (size_t)e * K * p.mg, p.mg, L, cplx);
                CHECK(rf <= RESIDUAL && rg <= RESIDUAL && ou <= n * ORTHO_PER_N * 4 && ov <= n * ORTHO_PER_N * 4,
                      "%s: residuals %.2e %.2e, orthogonality U %.2e V %.2e", what, rf, rg, ou, ov);
                if (si == 0) {   /* the device entry point: through the host, bitwise the host entry's, twice */
                    const size_t nF = (size_t)e * p.mf * n, nG = (size_t)e * p.mg * n, nZ = (size_t)e * n * n, nout = nF + nG + nZ + 3 * (size_t)n;
                    double *dF, *dG, *dZ, *dS, *h = (double *)malloc(sizeof(double) * nout);
                    cudaMalloc(&dF, sizeof(double) * (nF + 1)); cudaMalloc(&dG, sizeof(double) * (nG + 1));
                    cudaMalloc(&dZ, sizeof(double) * nZ); cudaMalloc(&dS, sizeof(double) * 3 * n);
                    for (int rep = 0; rep < 2; ++rep) {
                        hzgsvd_info info;
                        cudaMemcpy(dF, p.F, sizeof(double) * nF, cudaMemcpyHostToDevice);
                        cudaMemcpy(dG, p.G, sizeof(double) * nG, cudaMemcpyHostToDevice);
                        const hzgsvd_status st = cplx ? hzgsvd_gpu_zgsvd(p.mf, p.mg, n, (cuDoubleComplex *)dF, p.mf, (cuDoubleComplex *)dG, p.mg,
                                                                         (cuDoubleComplex *)dZ, n, dS, dS + n, dS + 2 * n, NULL, 0, 0, &o, &info)
                                                      : hzgsvd_gpu_dgsvd(p.mf, p.mg, n, dF, p.mf, dG, p.mg, dZ, n, dS, dS + n, dS + 2 * n, NULL, 0, 0, &o, &info);
                        cudaMemcpy(h, dF, sizeof(double) * nF, cudaMemcpyDeviceToHost);
                        cudaMemcpy(h + nF, dG, sizeof(double) * nG, cudaMemcpyDeviceToHost);
                        cudaMemcpy(h + nF + nG, dZ, sizeof(double) * nZ, cudaMemcpyDeviceToHost);
                        cudaMemcpy(h + nF + nG + nZ, dS, sizeof(double) * 3 * n, cudaMemcpyDeviceToHost);
                        const int same = !memcmp(h, g.U, sizeof(double) * nF) && !memcmp(h + nF, g.V, sizeof(double) * nG)
                                         && !memcmp(h + nF + nG, g.Z, sizeof(double) * nZ) && !memcmp(h + nF + nG + nZ, g.sf, sizeof(double) * 3 * n);
                        CHECK(st == HZGSVD_SUCCESS && info.preprocessed == 1 && info.rank_k == K && info.rank_l == L && same,
                              "%s device entry (run %d): status %d (%s), K %d L %d, bitwise as the host entry: %s", what, rep + 1, st, info.detail,
                              info.rank_k, info.rank_l, same ? "yes" : "NO");
                    }
                    if (cplx) {   /* split planes, bitwise the interleaved results */
                        const size_t cF = nF / 2, cG = nG / 2, cZ = nZ / 2;
                        double *planes, *t = (double *)malloc(sizeof(double) * (nF + nG + nZ)), *dSp;
                        cudaMalloc(&planes, sizeof(double) * (nF + nG + nZ)); cudaMalloc(&dSp, sizeof(double) * 3 * n);
                        for (size_t i = 0; i < cF; ++i) { t[i] = p.F[2 * i]; t[cF + i] = p.F[2 * i + 1]; }
                        for (size_t i = 0; i < cG; ++i) { t[nF + i] = p.G[2 * i]; t[nF + cG + i] = p.G[2 * i + 1]; }
                        cudaMemcpy(planes, t, sizeof(double) * (nF + nG), cudaMemcpyHostToDevice);
                        double *Fr = planes, *Fi = Fr + cF, *Gr = planes + nF, *Gi = Gr + cG, *Zr = planes + nF + nG, *Zi = Zr + cZ;
                        hzgsvd_info info;
                        const hzgsvd_status st = hzgsvd_gpu_zgsvd_split(p.mf, p.mg, n, Fr, Fi, p.mf, Gr, Gi, p.mg, Zr, Zi, n, dSp, dSp + n, dSp + 2 * n,
                                                                        NULL, 0, 0, &o, &info);
                        cudaMemcpy(t, planes, sizeof(double) * (nF + nG + nZ), cudaMemcpyDeviceToHost);
                        int same = 1;
                        for (size_t i = 0; i < cF; ++i) same &= t[i] == g.U[2 * i] && t[cF + i] == g.U[2 * i + 1];
                        for (size_t i = 0; i < cG; ++i) same &= t[nF + i] == g.V[2 * i] && t[nF + cG + i] == g.V[2 * i + 1];
                        for (size_t i = 0; i < cZ; ++i) same &= t[nF + nG + i] == g.Z[2 * i] && t[nF + nG + cZ + i] == g.Z[2 * i + 1];
                        CHECK(st == HZGSVD_SUCCESS && same, "%s split entry: status %d (%s), bitwise as interleaved: %s", what, st, info.detail, same ? "yes" : "NO");
                        free(t); cudaFree(planes); cudaFree(dSp);
                    }
                    free(h); cudaFree(dF); cudaFree(dG); cudaFree(dZ); cudaFree(dS);
                }
                release(&c); release(&g);
                free(p.F); free(p.G);
            }
    /* Graded pairs (F's columns scaled 10^(-8 .. 8), G's the other way): the full-rank run stalls at any
     * budget; the front door reroutes it to the reduction after the default 30 sweeps, on the GPU as on
     * the CPU (the same K, L; sigma within SIGMA_VS_CPU of the largest, the inf ones the same) */
    for (int cplx = 0; cplx < 2; ++cplx) {
        const int n = 120, e = cplx ? 2 : 1;
        pair p = make_pair(n, n, n, 940 + cplx, cplx);
        for (int j = 0; j < n; ++j) {
            const double x = -8.0 + 16.0 * j / (n - 1), df = pow(10.0, x), dg = pow(10.0, -x);
            for (int i = 0; i < e * n; ++i) { p.F[(size_t)e * n * j + i] *= df; p.G[(size_t)e * n * j + i] *= dg; }
        }
        hzgsvd_options o = hzgsvd_default_options();
        result c = run(&p, &o, 0), g = run(&p, &o, 1);
        double smax = 0.0, worst = 0.0;
        int infs_ok = 1;
        for (int j = 0; j < n; ++j) if (isfinite(c.s[j]) && c.s[j] > smax) smax = c.s[j];
        for (int j = 0; j < n; ++j) {
            if (isfinite(c.s[j])) { const double d = fabs(g.s[j] - c.s[j]) / smax; if (!(d <= worst)) worst = d; }
            else infs_ok &= g.s[j] == c.s[j];
        }
        CHECK(c.st == HZGSVD_SUCCESS && g.st == HZGSVD_SUCCESS && g.info.preprocessed == 1 && g.info.rank_k == c.info.rank_k
              && g.info.rank_l == c.info.rank_l && g.info.rank_k > 0 && infs_ok && worst <= SIGMA_VS_CPU,
              "graded %c n %d: CPU %d, GPU %d (%s), reduced %d, K %d/%d, L %d/%d, sigma vs CPU %.2e of the largest (inf %s)", cplx ? 'z' : 'd', n,
              c.st, g.st, g.info.detail, g.info.preprocessed, g.info.rank_k, c.info.rank_k, g.info.rank_l, c.info.rank_l, worst,
              infs_ok ? "equal" : "DIFFER");
        release(&c); release(&g);
        free(p.F); free(p.G);
    }
    /* preprocess = 1 on a full-rank pair: the reduction's sigma agree with the full-rank run's */
    for (int cplx = 0; cplx < 2; ++cplx) {
        pair p = make_pair(90, 80, 64, 930 + cplx, cplx);
        hzgsvd_options o = hzgsvd_default_options();
        result a = run(&p, &o, 1);
        o.preprocess = 1;
        result b = run(&p, &o, 1);
        CHECK(a.st == HZGSVD_SUCCESS && b.st == HZGSVD_SUCCESS && b.info.preprocessed && !a.info.preprocessed && b.info.rank_l == 64
              && max_rel_diff(b.s, a.s, 64) <= SIGMA_VS_CPU, "%c preprocess = 1 vs the full-rank run: status %d %d, sigma %.2e",
              cplx ? 'z' : 'd', a.st, b.st, max_rel_diff(b.s, a.s, 64));
        release(&a); release(&b);
        free(p.F); free(p.G);
    }
    /* xGGSVD3 on the GPU against the CPU's on a Tikhonov pair: K, L and ALPHA, BETA */
    for (int cplx = 0; cplx < 2; ++cplx) {
        const int n = 40, e = cplx ? 2 : 1;
        pair p = general_pair(0, n, cplx);
        double *A[2], *B[2], *al[2], *be[2], *U[2], *V[2], *Q[2];
        int k[2], l[2], iw[2][40];
        hzgsvd_status st[2];
        hzgsvd_info info[2];
        hzgsvd_options o = hzgsvd_default_options();
        for (int eng = 0; eng < 2; ++eng) {
            A[eng] = (double *)malloc(sizeof(double) * e * p.mf * n); memcpy(A[eng], p.F, sizeof(double) * e * p.mf * n);
            B[eng] = (double *)malloc(sizeof(double) * e * p.mg * n); memcpy(B[eng], p.G, sizeof(double) * e * p.mg * n);
            al[eng] = (double *)malloc(sizeof(double) * 2 * n); be[eng] = al[eng] + n;
            U[eng] = (double *)malloc(sizeof(double) * e * p.mf * p.mf); V[eng] = (double *)malloc(sizeof(double) * e * p.mg * p.mg);
            Q[eng] = (double *)malloc(sizeof(double) * e * n * n);
            hzgsvd_status (*fn)(char, char, char, int, int, int, int *, int *, double *, int, double *, int, double *, double *,
                                double *, int, double *, int, double *, int, int *, const hzgsvd_options *, hzgsvd_info *)
                = cplx ? (eng ? hzgsvd_gpu_zggsvd3 : hzgsvd_cpu_zggsvd3) : (eng ? hzgsvd_gpu_dggsvd3 : hzgsvd_cpu_dggsvd3);
            st[eng] = fn('U', 'V', 'Q', p.mf, n, p.mg, &k[eng], &l[eng], A[eng], p.mf, B[eng], p.mg, al[eng], be[eng],
                         U[eng], p.mf, V[eng], p.mg, Q[eng], n, iw[eng], &o, &info[eng]);
        }
        double worst = 0.0;
        for (int i = 0; i < n; ++i) worst = fmax(worst, fmax(fabs(al[1][i] - al[0][i]), fabs(be[1][i] - be[0][i])));
        CHECK(st[0] == HZGSVD_SUCCESS && st[1] == HZGSVD_SUCCESS && k[0] == k[1] && l[0] == l[1] && worst <= SIGMA_VS_CPU,
              "%cggsvd3 GPU vs CPU: status %d %d (%s), K %d %d, L %d %d, alpha/beta %.2e", cplx ? 'z' : 'd', st[0], st[1], info[1].detail,
              k[0], k[1], l[0], l[1], worst);
        for (int eng = 0; eng < 2; ++eng) { free(A[eng]); free(B[eng]); free(al[eng]); free(U[eng]); free(V[eng]); free(Q[eng]); }
        free(p.F); free(p.G);
    }
}

/* The default path's orthogonality check (docs/NUMERICS.md, "The full-rank engine's limit"): dense
 * ungraded F (20 x 8), G (10 x 8) of condition 1e13, full rank by LAPACK's tolerance, on which the
 * GPU iteration alone can return U off orthogonality with status success.  Asserted of each pair:
 * the default returns success with U, V orthonormal and small residuals (the check reroutes the
 * pair through the reduction where the engine's U or V is off), bitwise the same on a second run;
 * where it did not reroute, the engine alone (preprocess = 0) is orthonormal too. */
static void illcond_orth_pairs(int trials)
{
    const int m_f = 20, m_g = 10, n = 8;
    const double b_orth = 32.0 * n * EF_U, b_resid = 64.0 * n * EF_U;   /* test_engine_general's B_GORTH, B_GRESID */
    tu_rng rng = { 0x5eed1e13u };
    for (int cplx = 0; cplx < 2; ++cplx) {
        int rerouted = 0;
        double worst_alone = 0.0, worst = 0.0;
        for (int trial = 0; trial < trials; ++trial) {
            pair p = { m_f, m_g, n, cplx, ef_new(ef_size(cplx, m_f, n)), ef_new(ef_size(cplx, m_g, n)) };
            illcond_matrix(&rng, cplx, m_f, n, 1e13, 0, 1.0, p.F);
            illcond_matrix(&rng, cplx, m_g, n, 1e13, 0, 1.0, p.G);
            hzgsvd_options o = hzgsvd_default_options(), alone = o;
            alone.preprocess = 0;
            result a = run(&p, &o, 1), b = run(&p, &o, 1), c = run(&p, &alone, 1);
            const double ou = orthogonality(a.U, m_f, n, cplx), ov = orthogonality(a.V, m_g, n, cplx);
            const double rf = residual(p.F, m_f, n, a.Z, a.U, a.sf, cplx), rg = residual(p.G, m_g, n, a.Z, a.V, a.sg, cplx);
            const double oc = c.st == HZGSVD_SUCCESS ? fmax(orthogonality(c.U, m_f, n, cplx), orthogonality(c.V, m_g, n, cplx)) : -1.0;
            const size_t e = cplx ? 2 : 1;
            const int same = b.st == a.st && !memcmp(a.U, b.U, sizeof(double) * e * m_f * n) && !memcmp(a.V, b.V, sizeof(double) * e * m_g * n)
                             && !memcmp(a.Z, b.Z, sizeof(double) * e * n * n) && !memcmp(a.sf, b.sf, sizeof(double) * 3 * n);
            rerouted += a.info.preprocessed;
            worst_alone = fmax(worst_alone, oc);
            worst = fmax(worst, fmax(ou, ov));
            CHECK(a.st == HZGSVD_SUCCESS && ou <= b_orth && ov <= b_orth && rf <= b_resid && rg <= b_resid && same
                      && (a.info.preprocessed || (c.st == HZGSVD_SUCCESS && oc <= b_orth)),
                  "%c cond 1e13 trial %d: status %d (%s), rerouted %d, orthogonality %.2e %.2e, residuals %.2e %.2e, repeat bitwise %s "
                  "(engine alone: status %d, orthogonality %.2e)", cplx ? 'z' : 'd', trial, a.st, a.info.detail, a.info.preprocessed,
                  ou, ov, rf, rg, same ? "yes" : "NO", c.st, oc);
            release(&a); release(&b); release(&c);
            free(p.F); free(p.G);
        }
        printf("  %c cond 1e13 ungraded pairs: %d of %d rerouted by the orthogonality check, U, V orthonormal to %.1e "
               "(the GPU engine alone: up to %.1e)\n", cplx ? 'z' : 'd', rerouted, trials, worst, worst_alone);
    }
}

/* options.cancel on the GPU: a flag set by the progress callback after sweep 2 stops the run there
 * (HZGSVD_ERR_CANCELLED, info.sweeps = 2, no outputs); a flag that stays 0 changes no bit. */
static void cancel_after_second(const hzgsvd_progress *p, void *user)
{
    if (p->sweep == 2) *(volatile int *)user = 1;
}

static void cancel_runs(void)
{
    for (int c = 0; c < 2; ++c) {
        pair p = make_pair(150, 140, 128, 31 + c, c);
        volatile int flag = 0;
        hzgsvd_options o = hzgsvd_default_options();
        result full = run(&p, &o, 1);
        o.cancel = &flag;
        result same = run(&p, &o, 1);
        CHECK(full.st == HZGSVD_SUCCESS && full.info.sweeps > 2 && same.st == HZGSVD_SUCCESS &&
              memcmp(full.Z, same.Z, sizeof(double) * (c ? 2 : 1) * p.n * p.n) == 0,
              "%s cancel flag 0: status %d/%d, %d sweeps, Z %s", c ? "complex" : "real", full.st, same.st, full.info.sweeps,
              memcmp(full.Z, same.Z, sizeof(double) * (c ? 2 : 1) * p.n * p.n) ? "differs" : "equal");
        o.progress = cancel_after_second;
        o.progress_user = (void *)&flag;
        result cut = run(&p, &o, 1);
        CHECK(cut.st == HZGSVD_ERR_CANCELLED && cut.info.sweeps == 2 && cut.info.outputs_written == 0,
              "%s cancel after sweep 2: status %d (%s), %d sweeps, outputs_written %d", c ? "complex" : "real", cut.st,
              cut.info.detail, cut.info.sweeps, cut.info.outputs_written);
        release(&full); release(&same); release(&cut);
        free(p.F); free(p.G);
    }
}

int main(int argc, char **argv)
{
    tu_start("test_gpu_engine");
    if (argc == 2 && !strcmp(argv[1], "--probe-gpu")) return hzgsvd_gpu_available() ? 0 : 1;
    host_side_checks();
    if (argc == 2 && !strcmp(argv[1], "--host-checks")) return tu_finish();
    if (!hzgsvd_gpu_available()) {
        printf("test_gpu_engine: SKIPPED the GPU part (no GPU)\n");
        return tu_finish();
    }
    if ((argc == 3 || argc == 4) && !strcmp(argv[1], "--one")) {   /* one sweep for compute-sanitizer */
        const int n = atoi(argv[2]);
        const char *which = argc == 4 ? argv[3] : "dz";               /* d, z or dz */
        for (int c = 0; c < 2; ++c)                      /* real, then complex; both block widths */
            for (int wi = 0; wi < 2; ++wi) {
                if (!strchr(which, c ? 'z' : 'd')) continue;
                pair p = make_pair(n + 16, n + 8, n, 5, c);
                hzgsvd_options o = hzgsvd_default_options();
                o.max_sweeps = 1;
                o.block_width = wi ? 32 : 16;
                o.refine_sigma = wi ? 1 : -1;                    /* the refinement's kernels under the sanitizers too (both refine) */
                result g = run(&p, &o, 1);
                CHECK(g.st == HZGSVD_SUCCESS || g.st == HZGSVD_ERR_NO_CONVERGENCE, "%s w=%d: status %d (%s)", c ? "complex" : "real",
                      o.block_width, g.st, g.info.detail);
                release(&g);
                free(p.F); free(p.G);
            }
        return tu_finish();
    }
    if (argc == 2 && !strcmp(argv[1], "--inplace")) { device_api_inplace(); return tu_finish(); }
    if (argc == 2 && !strcmp(argv[1], "--general")) { general_pairs(); illcond_orth_pairs(24); return tu_finish(); }
    if (argc == 2 && !strcmp(argv[1], "--orth-quick")) { illcond_orth_pairs(1); return tu_finish(); }   /* for compute-sanitizer */
    if (argc == 2 && !strcmp(argv[1], "--cancel")) { cancel_runs(); return tu_finish(); }
    if ((argc == 2 || argc == 3) && !strcmp(argv[1], "--illcond")) { illcond_pairs(argc == 3 && !strcmp(argv[2], "quick")); return tu_finish(); }
    struct cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    printf("device: %s (sm_%d%d, %d SMs)\n", prop.name, prop.major, prop.minor, prop.multiProcessorCount);
    check_rsqrt_device();
    check_dmma();
    check_gemm();
    const int sizes[6] = { 20, 32, 64, 96, 250, 512 };   /* 20: 44 bordered columns at w = 32 (more than 32) */
    for (int si = 0; si < 12; ++si) {
        const int n = sizes[si % 6], cplx = si >= 6;
        cfg_prec = cplx ? 'Z' : 'D';
        pair p = make_pair(n + 17, n + 9, n, 1000 + n, cplx);      /* rectangular, m_f != m_g != n */
        hzgsvd_options o = hzgsvd_default_options();
        result c = run(&p, &o, 0);
        CHECK(c.st == HZGSVD_SUCCESS, "n=%d: CPU status %d", n, c.st);
        /* every block width x variant x outer x inner x blocking x sorting on the GPU against the CPU sigma */
        for (int wi = 0; wi < 2; ++wi)
            for (int v = 0; v < 8; ++v)
                for (int cfg = 0; cfg < 16; ++cfg) {
                    o.block_width = wi ? 32 : 16;
                    o.variant = v;
                    o.outer = (hzgsvd_strategy)(cfg & 1);
                    o.inner = (hzgsvd_strategy)((cfg >> 1) & 1);
                    o.blocking = (hzgsvd_blocking)((cfg >> 2) & 1);
                    o.sort = !((cfg >> 3) & 1);
                    o.refine_sigma = (v & 1) ? 1 : (v & 2) ? 0 : -1;   /* forced, the default (refines too), and none */
                    compare(&p, &o, c.s, (v == 0 && cfg == 0) || (n <= 96 && cfg % 5 == 0));
                }
        release(&c);
        free(p.F); free(p.G);
    }
    /* the same configuration on GPU and CPU: the transformation counts are close (not equal:
       other summation orders), and for n = 1 the closed form agrees */
    {
        pair p = make_pair(7, 5, 1, 77, 0);
        hzgsvd_options o = hzgsvd_default_options();
        result c = run(&p, &o, 0), g = run(&p, &o, 1);
        CHECK(g.st == HZGSVD_SUCCESS && fabs(g.s[0] - c.s[0]) <= 4e-16 * c.s[0], "n = 1: GPU %.17g CPU %.17g", g.s[0], c.s[0]);
        release(&c); release(&g);
        free(p.F); free(p.G);
    }
    device_api_repeat(16);
    device_api_repeat(32);
    device_api_complex();
    device_api_inplace();
    bad_inputs();
    bad_inputs_complex();
    range_ends(0);
    range_ends(1);
    illcond_pairs(0);
    general_pairs();
    illcond_orth_pairs(24);
    cancel_runs();
    return tu_finish();
}
