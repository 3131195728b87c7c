/* test_gpu_batched.cu -- the batched GPU entry points (hzgsvd_gpu_?gsvd_batched, issue 34) against the
 * CPU engine's one-pair call on every pair.
 *
 *   build/test_gpu_batched                every check (the host checks alone, and SKIPPED, without a GPU)
 *   build/test_gpu_batched --host-checks  only what needs no GPU (argument errors, workspace queries)
 *   build/test_gpu_batched --quick        small batches through every path (compute-sanitizer)
 *
 * Checked per pair (known-sigma pairs, cond X = 100, sigma 1e-2 .. 1e2; real and complex; n = 1, odd
 * n, m_f != m_g, n = 64 at the limit, the shared-memory and the global-memory kernel path):
 *   - status HZGSVD_SUCCESS; sigma within B_REF (a few ulps) of the reference engine's (long double)
 *     on the same rounded pair; within max(1e-14, the reference engine's distance + B_REF) of the
 *     exact sigma (those of the unrounded pair: rounding its entries moves them by up to ~3.5e-14,
 *     for every engine); within max(B_AGREE, the CPU engine's distance to the reference + B_REF) of
 *     the CPU engine's one-pair call; residuals B_RESID, U and V orthonormal to B_ORTH, descending;
 *   - the padding rows and the gaps between pairs untouched; the caller's workspace (queried) and
 *     d_work = NULL give the same bits; two runs the same bits;
 *   - a batch with a NaN pair: that pair HZGSVD_ERR_NOT_FINITE, untouched, its detail naming the
 *     entry, the call returning its status; a rank-deficient pair the one-pair call's status; every
 *     pair beyond the kernel's range (F times 2^200) solved by the one-pair path; every other pair solved;
 *   - shapes beyond the kernel (m_f < n; n = 65): every pair bitwise as hzgsvd_gpu_?gsvd on it alone;
 *   - the launch's shape (warps a block, warps doing the 2x2 math; the tuning overrides) changes no bit;
 *   - variant 2, variant 4, sorting off, the MM strategy;
 *   - the preconditioned start (QR_EIG named, AUTO from n = 4, NONE; the own start up to n = 12, the
 *     library chain above, the knob's routes): every pair as above, and
 *     info.preconditioner QR_EIG with at least two sweeps exactly where the rule says; with QR_EIG
 *     the NaN pair and the rank-deficient pair keep the plain start (their checks as above); the own
 *     start's kernel bitwise as its host run (Z0 and both verdicts) at three block sizes, a NaN pair
 *     and a pair with a zero column of G among the pairs;
 *   - every bad argument: its status, "argument N" in info[0].detail, every status[i] and info[i]
 *     set, the arrays untouched; batch = 0; the workspace queries. */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "hzgsvd_single.cuh"
#include "hzgsvd_ref.h"
#include "test/testutil.h"
#include "test/engine_fixtures.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SENT 0x1.5a5a5a5a5a5a5p-3   /* outputs and padding before a call */
#define PAD 3                        /* extra elements in every stride */
#define B_REF 2e-15                  /* sigma against the reference engine on the same pair (host emulation: <= 3e-16) */

#define CU(call)                                                                                          \
    do {                                                                                                  \
        const cudaError_t e_ = (call);                                                                    \
        if (e_ != cudaSuccess) {                                                                          \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            exit(2);                                                                                      \
        }                                                                                                 \
    } while (0)

/* A batch on the host: padded leading dimensions and strides (elements; doubles where noted). */
typedef struct hbatch {
    int cplx, m_f, m_g, n, ldf, ldg, ldz, batch;
    long long sF, sG, sZ, sS;
    double *F, *G, *Z, *sf, *sg, *s;     /* F, G: the input (kept); Z and sigmas: SENT */
    size_t nF, nG, nZ, nS;               /* doubles */
    long double *exact;                  /* batch x n, each pair's sorted descending (known pairs) */
} hbatch;

/* The outputs of one batched call, copied back. */
typedef struct gout {
    double *U, *V, *Z, *sf, *sg, *s;
    hzgsvd_status st, *status;
    hzgsvd_info *info;
} gout;

static double *dnew(size_t k, double v)
{
    double *p = (double *)malloc(sizeof(double) * (k ? k : 1));
    for (size_t i = 0; i < k; ++i) p[i] = v;
    return p;
}

static int es_of(const hbatch *b) { return b->cplx ? 2 : 1; }

/* Pair p's matrix (m x n, ld m, interleaved) into the padded batch array Y at stride s, ld ld. */
static void put(int cplx, double *Y, long long s, int ld, int p, int m, int n, const double *A)
{
    const int es = cplx ? 2 : 1;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m * es; ++i) Y[es * (p * s + (long long)j * ld) + i] = A[(size_t)es * ((size_t)j * m) + i];
}

static void get(int cplx, const double *Y, long long s, int ld, int p, int m, int n, double *A)
{
    const int es = cplx ? 2 : 1;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m * es; ++i) A[(size_t)es * ((size_t)j * m) + i] = Y[es * (p * s + (long long)j * ld) + i];
}

static hbatch hb_new(tu_rng *rng, int cplx, int m_f, int m_g, int n, int batch)
{
    hbatch b;
    const int es = cplx ? 2 : 1;
    b.cplx = cplx; b.m_f = m_f; b.m_g = m_g; b.n = n; b.batch = batch;
    b.ldf = m_f + 1; b.ldg = m_g + 2; b.ldz = n + 1;
    b.sF = (long long)b.ldf * n + PAD; b.sG = (long long)b.ldg * n + PAD; b.sZ = (long long)b.ldz * n + PAD; b.sS = n + PAD;
    b.nF = (size_t)(es * b.sF * batch); b.nG = (size_t)(es * b.sG * batch);
    b.nZ = (size_t)(es * b.sZ * batch); b.nS = (size_t)(b.sS * batch);
    b.F = dnew(b.nF, SENT); b.G = dnew(b.nG, SENT); b.Z = dnew(b.nZ, SENT);
    b.sf = dnew(b.nS, SENT); b.sg = dnew(b.nS, SENT); b.s = dnew(b.nS, SENT);
    b.exact = (long double *)malloc(sizeof(long double) * (size_t)n * (batch ? batch : 1));
    double *F = ef_new(ef_size(cplx, m_f, n)), *G = ef_new(ef_size(cplx, m_g, n));
    for (int p = 0; p < batch; ++p) {
        if (m_f >= n && m_g >= n) {
            ef_known_pair(rng, cplx, m_f, m_g, n, 1e-2, 1e2, 100.0, F, G, b.exact + (size_t)p * n);
            ef_sort_desc_ld(b.exact + (size_t)p * n, n);
        } else {   /* a general pair: random entries, no known sigma */
            ef_randmat(rng, cplx, m_f, n, F, m_f);
            ef_randmat(rng, cplx, m_g, n, G, m_g);
        }
        put(cplx, b.F, b.sF, b.ldf, p, m_f, n, F);
        put(cplx, b.G, b.sG, b.ldg, p, m_g, n, G);
    }
    free(F); free(G);
    return b;
}

static void hb_free(hbatch *b)
{
    free(b->F); free(b->G); free(b->Z); free(b->sf); free(b->sg); free(b->s); free(b->exact);
}

static void gout_free(gout *o)
{
    free(o->U); free(o->V); free(o->Z); free(o->sf); free(o->sg); free(o->s); free(o->status); free(o->info);
}

static double *dev_copy(const double *h, size_t count)
{
    double *d = NULL;
    CU(cudaMalloc((void **)&d, sizeof(double) * (count ? count : 1)));
    CU(cudaMemcpy(d, h, sizeof(double) * count, cudaMemcpyHostToDevice));
    return d;
}

static double *host_copy(const double *d, size_t count)
{
    double *h = dnew(count, 0.0);
    CU(cudaMemcpy(h, d, sizeof(double) * count, cudaMemcpyDeviceToHost));
    return h;
}

/* The batched call on device copies of b (work: use the queried workspace, else NULL). */
static gout run_batched(const hbatch *b, const hzgsvd_options *o, int work)
{
    gout r;
    double *F = dev_copy(b->F, b->nF), *G = dev_copy(b->G, b->nG), *Z = dev_copy(b->Z, b->nZ);
    double *sf = dev_copy(b->sf, b->nS), *sg = dev_copy(b->sg, b->nS), *s = dev_copy(b->s, b->nS);
    size_t bytes = 0;
    void *w = NULL;
    cudaStream_t stream;
    CU(cudaStreamCreate(&stream));
    const hzgsvd_status qs = b->cplx ? hzgsvd_gpu_zgsvd_batched_workspace_size(b->m_f, b->m_g, b->n, b->batch, o, &bytes)
                                     : hzgsvd_gpu_dgsvd_batched_workspace_size(b->m_f, b->m_g, b->n, b->batch, o, &bytes);
    CHECK(qs == HZGSVD_SUCCESS, "workspace query: status %d", (int)qs);
    if (work && bytes) CU(cudaMalloc(&w, bytes));
    r.status = (hzgsvd_status *)malloc(sizeof(hzgsvd_status) * (size_t)(b->batch ? b->batch : 1));
    r.info = (hzgsvd_info *)malloc(sizeof(hzgsvd_info) * (size_t)(b->batch ? b->batch : 1));
    r.st = b->cplx ? hzgsvd_gpu_zgsvd_batched(b->m_f, b->m_g, b->n, (cuDoubleComplex *)F, b->ldf, b->sF, (cuDoubleComplex *)G, b->ldg, b->sG,
                                              (cuDoubleComplex *)Z, b->ldz, b->sZ, sf, sg, s, b->sS, b->batch, w, bytes, stream, o, r.status, r.info)
                   : hzgsvd_gpu_dgsvd_batched(b->m_f, b->m_g, b->n, F, b->ldf, b->sF, G, b->ldg, b->sG, Z, b->ldz, b->sZ, sf, sg, s, b->sS,
                                              b->batch, w, bytes, stream, o, r.status, r.info);
    CU(cudaStreamSynchronize(stream));
    r.U = host_copy(F, b->nF); r.V = host_copy(G, b->nG); r.Z = host_copy(Z, b->nZ);
    r.sf = host_copy(sf, b->nS); r.sg = host_copy(sg, b->nS); r.s = host_copy(s, b->nS);
    CU(cudaFree(F)); CU(cudaFree(G)); CU(cudaFree(Z)); CU(cudaFree(sf)); CU(cudaFree(sg)); CU(cudaFree(s));
    if (w) CU(cudaFree(w));
    CU(cudaStreamDestroy(stream));
    return r;
}

static int same_bits(const hbatch *b, const gout *x, const gout *y)
{
    return !memcmp(x->U, y->U, sizeof(double) * b->nF) && !memcmp(x->V, y->V, sizeof(double) * b->nG) && !memcmp(x->Z, y->Z, sizeof(double) * b->nZ)
        && !memcmp(x->sf, y->sf, sizeof(double) * b->nS) && !memcmp(x->sg, y->sg, sizeof(double) * b->nS) && !memcmp(x->s, y->s, sizeof(double) * b->nS);
}

/* Every entry outside the pairs' matrices (padding rows, gaps) still SENT in the output arrays. */
static int padding_intact(const hbatch *b, const gout *r)
{
    const int es = es_of(b);
    for (int p = 0; p < b->batch; ++p) {
        for (long long e = 0; e < b->sF; ++e)
            if (e >= (long long)b->ldf * b->n || e % b->ldf >= b->m_f)
                for (int v = 0; v < es; ++v) if (r->U[es * (p * b->sF + e) + v] != SENT) return 0;
        for (long long e = 0; e < b->sG; ++e)
            if (e >= (long long)b->ldg * b->n || e % b->ldg >= b->m_g)
                for (int v = 0; v < es; ++v) if (r->V[es * (p * b->sG + e) + v] != SENT) return 0;
        for (long long e = 0; e < b->sZ; ++e)
            if (e >= (long long)b->ldz * b->n || e % b->ldz >= b->n)
                for (int v = 0; v < es; ++v) if (r->Z[es * (p * b->sZ + e) + v] != SENT) return 0;
        for (long long e = b->n; e < b->sS; ++e)
            if (r->s[p * b->sS + e] != SENT || r->sf[p * b->sS + e] != SENT || r->sg[p * b->sS + e] != SENT) return 0;
    }
    return 1;
}

/* sigma of the pair (m_f x n, m_g x n, packed) by the reference engine (x87 long double), descending. */
static void ref_sigma(int cplx, int m_f, int m_g, int n, const double *F, const double *G, long double *s)
{
    const int es = cplx ? 2 : 1;
    long double *F2 = (long double *)malloc(sizeof(long double) * es * m_f * n), *G2 = (long double *)malloc(sizeof(long double) * es * m_g * n);
    long double *Z2 = (long double *)malloc(sizeof(long double) * es * n * n);
    for (int k = 0; k < es * m_f * n; ++k) F2[k] = F[k];
    for (int k = 0; k < es * m_g * n; ++k) G2[k] = G[k];
    const hzgsvd_options ro = hzgsvd_default_options();
    const hzgsvd_status st = cplx ? hzgsvd_ref_zgsvd(m_f, m_g, n, F2, m_f, G2, m_g, Z2, n, NULL, NULL, s, &ro, NULL)
                                  : hzgsvd_ref_dgsvd(m_f, m_g, n, F2, m_f, G2, m_g, Z2, n, NULL, NULL, s, &ro, NULL);
    CHECK(st == HZGSVD_SUCCESS, "the reference engine: status %d", (int)st);
    free(F2); free(G2); free(Z2);
}

/* max_i |a_i - ref_i| / |ref_i| of two long double vectors. */
static double ef_relerr_ld_ld(const long double *a, const long double *ref, int n)
{
    long double worst = 0.0L;
    for (int i = 0; i < n; ++i) worst = fmaxl(worst, fabsl((a[i] - ref[i]) / ref[i]));
    return (double)worst;
}

/* Pair p of a successful known-sigma batch against the exact sigma and the CPU engine's one-pair call. */
static void check_pair(const hbatch *b, const gout *r, int p, const hzgsvd_options *o, const char *what)
{
    const int c = b->cplx, m_f = b->m_f, m_g = b->m_g, n = b->n;
    double *F = ef_new(ef_size(c, m_f, n)), *G = ef_new(ef_size(c, m_g, n)), *U = ef_new(ef_size(c, m_f, n)), *V = ef_new(ef_size(c, m_g, n));
    double *Z = ef_new(ef_size(c, n, n));
    get(c, b->F, b->sF, b->ldf, p, m_f, n, F); get(c, b->G, b->sG, b->ldg, p, m_g, n, G);
    get(c, r->U, b->sF, b->ldf, p, m_f, n, U); get(c, r->V, b->sG, b->ldg, p, m_g, n, V);
    get(c, r->Z, b->sZ, b->ldz, p, n, n, Z);
    const double *sf = r->sf + p * b->sS, *sg = r->sg + p * b->sS, *s = r->s + p * b->sS;
    hzgsvd_options oc = *o;
    oc.precondition = HZGSVD_PRECONDITION_NONE;   /* the CPU engine's plain start (its preconditioner needs HZGSVD_CPU_LAPACK) */
    ef_run cpu = ef_solve(c, m_f, m_g, n, F, G, &oc);
    double ss[HZGSVD_GPU_BATCHED_MAX_N], cs[HZGSVD_GPU_BATCHED_MAX_N];
    long double rs[HZGSVD_GPU_BATCHED_MAX_N];
    memcpy(ss, s, sizeof(double) * n); memcpy(cs, cpu.s, sizeof(double) * n);
    if (!o->sort) { ef_sort_desc(ss, n); ef_sort_desc(cs, n); }
    ref_sigma(c, m_f, m_g, n, F, G, rs);
    const double err = ef_relerr_ld(ss, b->exact + (size_t)p * n, n), cpu_err = ef_relerr_ld(cs, b->exact + (size_t)p * n, n);
    const double ref_err = ef_relerr_ld_ld(rs, b->exact + (size_t)p * n, n), vs_ref = ef_relerr_ld(ss, rs, n), cpu_vs_ref = ef_relerr_ld(cs, rs, n);
    double agree = 0.0;
    for (int i = 0; i < n; ++i) agree = fmax(agree, fabs(ss[i] - cs[i]) / cs[i]);
    const double rf = ef_resid(c, m_f, n, F, m_f, U, m_f, Z, n, sf), rg = ef_resid(c, m_g, n, G, m_g, V, m_g, Z, n, sg);
    const double ou = ef_orth_err(c, m_f, n, U, m_f), ov = ef_orth_err(c, m_g, n, V, m_g);
    int desc = 1;
    for (int i = 1; o->sort && i < n; ++i) desc &= s[i] <= s[i - 1];
    CHECK(r->status[p] == HZGSVD_SUCCESS && cpu.st == HZGSVD_SUCCESS, "%s pair %d: status %d (%s), CPU %d", what, p, (int)r->status[p],
          r->info[p].detail, (int)cpu.st);
    CHECK(vs_ref <= B_REF, "%s pair %d: sigma vs the reference engine %.3e > %.1e", what, p, vs_ref, B_REF);
    CHECK(err <= fmax(1e-14, ref_err + B_REF), "%s pair %d: sigma vs exact %.3e > max(1e-14, the reference engine's %.3e + B_REF)", what, p, err, ref_err);
    CHECK(agree <= fmax(B_AGREE(n), cpu_vs_ref + B_REF), "%s pair %d: sigma vs the CPU engine %.3e (the CPU engine vs the reference %.3e)", what, p, agree,
          cpu_vs_ref);
    CHECK(rf <= B_RESID(n) && rg <= B_RESID(n), "%s pair %d: residuals %.3e %.3e > %.3e", what, p, rf, rg, B_RESID(n));
    CHECK(ou <= B_ORTH(n, 16) && ov <= B_ORTH(n, 16), "%s pair %d: orthogonality %.3e %.3e", what, p, ou, ov);
    CHECK(desc, "%s pair %d: sigma not descending", what, p);
    if (p == 0 && getenv("BATCHED_VERBOSE"))
        printf("  %s: sigma vs exact %.2e (CPU %.2e, reference %.2e), vs the reference %.2e, vs CPU %.2e, resid %.1e %.1e, orth %.1e %.1e, sweeps %d (%s)\n",
               what, err, cpu_err, ref_err, vs_ref, agree, rf, rg, ou, ov, r->info[p].sweeps, r->info[p].detail);
    ef_run_free(&cpu);
    free(F); free(G); free(U); free(V); free(Z);
}

/* A known-sigma batch: every pair against the CPU engine, the padding, the workspace's bits. */
static void case_known(tu_rng *rng, int cplx, int m_f, int m_g, int n, int batch, const hzgsvd_options *o, int every)
{
    char what[96];
    snprintf(what, sizeof what, "%s %dx%d/%dx%d batch %d v%d sort %d", cplx ? "z" : "d", m_f, n, m_g, n, batch, o->variant, o->sort);
    hbatch b = hb_new(rng, cplx, m_f, m_g, n, batch);
    gout r = run_batched(&b, o, 1), r2 = run_batched(&b, o, 0);
    CHECK(r.st == HZGSVD_SUCCESS, "%s: status %d (%s)", what, (int)r.st, r.info[0].detail);
    for (int p = 0; p < batch; p += every) check_pair(&b, &r, p, o, what);
    if (every > 1) check_pair(&b, &r, batch - 1, o, what);
    CHECK(padding_intact(&b, &r), "%s: padding or gaps overwritten", what);
    CHECK(same_bits(&b, &r, &r2), "%s: the queried workspace and d_work = NULL give different bits", what);
    int kernel = 0, started = 0;
    for (int p = 0; p < batch; ++p) kernel += !strcmp(r.info[p].detail, "solved by the batched kernel");
    CHECK(kernel == batch, "%s: %d of %d pairs solved by the kernel (pair 0: %s)", what, kernel, batch, r.info[0].detail);
    for (int p = 0; p < batch; ++p)   /* the documented rule (docs/API.md, "Batched pairs"): QR_EIG, or AUTO from n = 4 */
        started += r.info[p].preconditioner == HZGSVD_PRECONDITION_QR_EIG && r.info[p].sweeps >= 2 && r.info[p].precondition_growth > 0.0;
    const int want = o->precondition == HZGSVD_PRECONDITION_QR_EIG
                  || (o->precondition == HZGSVD_PRECONDITION_AUTO && n >= 4 && o->max_sweeps >= 2);
    CHECK(started == (want ? batch : 0), "%s: %d of %d pairs started preconditioned, %s expected (pair 0: %s, %d sweeps, growth %.3g)", what, started,
          batch, want ? "all" : "none", r.info[0].precondition_note, r.info[0].sweeps, r.info[0].precondition_growth);
    if (want) {   /* the route (docs/API.md): the own kernel up to n = 12; HZGSVD_GPU_BATCHED_EIG=own to n = 32, syevj or xsyev never */
        const char *env = getenv("HZGSVD_GPU_BATCHED_EIG");
        const int lib = env && (!strcmp(env, "syevj") || !strcmp(env, "xsyev")), own = env && !strcmp(env, "own") ? n <= 32 : !lib && n <= 12;
        int right = 0;
        for (int p = 0; p < batch; ++p) right += (strstr(r.info[p].precondition_note, "the own kernel") != NULL) == own;
        CHECK(right == batch, "%s: %d of %d pairs name the %s route (pair 0: %s)", what, right, batch, own ? "own" : "library", r.info[0].precondition_note);
    }
    gout_free(&r); gout_free(&r2); hb_free(&b);
}

/* The launch's shape (the warps of a block, the warps doing the 2x2 math: the tuning overrides
 * HZGSVD_GPU_BATCHED_WARPS, HZGSVD_GPU_BATCHED_MATH_WARPS) changes no bit: every shape against the
 * default one, and every pair solved by the kernel. */
static void case_shapes(tu_rng *rng, int cplx, int m_f, int m_g, int n, int batch)
{
    static const int shapes[][2] = { {1, 1}, {2, 1}, {2, 2}, {3, 2}, {4, 4}, {8, 1}, {8, 3}, {8, 8} };
    const hzgsvd_options o = hzgsvd_default_options();
    hbatch b = hb_new(rng, cplx, m_f, m_g, n, batch);
    gout r0 = run_batched(&b, &o, 1);
    CHECK(r0.st == HZGSVD_SUCCESS, "shapes %s %dx%d/%dx%d: status %d (%s)", cplx ? "z" : "d", m_f, n, m_g, n, (int)r0.st, r0.info[0].detail);
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; ++k) {
        char w[8], mw[8];
        snprintf(w, sizeof w, "%d", shapes[k][0]);
        snprintf(mw, sizeof mw, "%d", shapes[k][1]);
        setenv("HZGSVD_GPU_BATCHED_WARPS", w, 1);
        setenv("HZGSVD_GPU_BATCHED_MATH_WARPS", mw, 1);
        gout r = run_batched(&b, &o, 1);
        int kernel = 0;
        for (int p = 0; p < batch; ++p) kernel += !strcmp(r.info[p].detail, "solved by the batched kernel");
        CHECK(r.st == HZGSVD_SUCCESS && kernel == batch && same_bits(&b, &r0, &r),
              "shapes %s %dx%d/%dx%d: %d warps, %d math warps: status %d, %d of %d by the kernel, not the default shape's bits", cplx ? "z" : "d",
              m_f, n, m_g, n, shapes[k][0], shapes[k][1], (int)r.st, kernel, batch);
        gout_free(&r);
    }
    unsetenv("HZGSVD_GPU_BATCHED_WARPS");
    unsetenv("HZGSVD_GPU_BATCHED_MATH_WARPS");
    gout_free(&r0); hb_free(&b);
}

/* A batch of 9: pair 4 holds a NaN (G(2,3)), pair 6 has G's and F's column 5 equal to column 1
 * (rank deficient), pair 7's F is scaled by 2^200 (beyond the kernel's range); the others known pairs. */
static void case_bad(tu_rng *rng, int cplx, const hzgsvd_options *opt)
{
    const int m = 12, n = 6, batch = 9, es = cplx ? 2 : 1;
    const hzgsvd_options o = *opt;
    const int pre = o.precondition == HZGSVD_PRECONDITION_QR_EIG;
    hbatch b = hb_new(rng, cplx, m, m, n, batch);
    b.G[es * (4 * b.sG + 2LL * b.ldg + 1)] = NAN;
    for (int i = 0; i < m * es; ++i) {
        b.F[es * (6 * b.sF + 4LL * b.ldf) + i] = b.F[es * (6 * b.sF) + i];
        b.G[es * (6 * b.sG + 4LL * b.ldg) + i] = b.G[es * (6 * b.sG) + i];
    }
    for (int j = 0; j < n; ++j)   /* pair 7: F times 2^200, beyond the kernel's range: the one-pair path (its range plan) */
        for (int i = 0; i < m * es; ++i) b.F[es * (7 * b.sF + (long long)j * b.ldf) + i] = ldexp(b.F[es * (7 * b.sF + (long long)j * b.ldf) + i], 200);
    gout r = run_batched(&b, &o, 1);
    CHECK(r.st == HZGSVD_ERR_NOT_FINITE && r.status[4] == HZGSVD_ERR_NOT_FINITE, "%s NaN pair: call %d, pair 4 %d", cplx ? "z" : "d", (int)r.st,
          (int)r.status[4]);
    CHECK(strstr(r.info[4].detail, "G(2,3)") != NULL, "NaN pair: detail \"%s\"", r.info[4].detail);
    CHECK(!memcmp(r.U + es * 4 * b.sF, b.F + es * 4 * b.sF, sizeof(double) * es * b.sF)
          && !memcmp(r.V + es * 4 * b.sG, b.G + es * 4 * b.sG, sizeof(double) * es * b.sG)
          && !memcmp(r.Z + es * 4 * b.sZ, b.Z + es * 4 * b.sZ, sizeof(double) * es * b.sZ)
          && !memcmp(r.s + 4 * b.sS, b.s + 4 * b.sS, sizeof(double) * b.sS), "NaN pair: its arrays were written");
    {   /* the rank-deficient pair: handed to the one-pair path, with the one-pair call's status and outputs */
        double *F = ef_new(ef_size(cplx, m, n)), *G = ef_new(ef_size(cplx, m, n)), *Z = ef_new(ef_size(cplx, n, n)), s[3 * 16];
        hzgsvd_info info;
        get(cplx, b.F, b.sF, b.ldf, 6, m, n, F); get(cplx, b.G, b.sG, b.ldg, 6, m, n, G);
        hzgsvd_options one = o;   /* after a batched start the one-pair path takes the plain start (docs/API.md) */
        if (pre) one.precondition = HZGSVD_PRECONDITION_NONE;
        const hzgsvd_status st = cplx ? hzgsvd_gpu_zgsvd_host(m, m, n, F, m, G, m, Z, n, s, s + 16, s + 32, &one, &info)
                                      : hzgsvd_gpu_dgsvd_host(m, m, n, F, m, G, m, Z, n, s, s + 16, s + 32, &one, &info);
        CHECK(r.status[6] == st, "rank-deficient pair: status %d (%s), the one-pair call's %d (%s)", (int)r.status[6], r.info[6].detail, (int)st,
              info.detail);
        CHECK(strstr(r.info[6].detail, "one-pair path") != NULL || r.status[6] != HZGSVD_SUCCESS,
              "rank-deficient pair: solved by the kernel (%s), not handed on", r.info[6].detail);
        if (r.status[6] == HZGSVD_SUCCESS && st == HZGSVD_SUCCESS) {
            double *U6 = ef_new(ef_size(cplx, m, n)), *V6 = ef_new(ef_size(cplx, m, n)), *Z6 = ef_new(ef_size(cplx, n, n));
            get(cplx, r.U, b.sF, b.ldf, 6, m, n, U6); get(cplx, r.V, b.sG, b.ldg, 6, m, n, V6); get(cplx, r.Z, b.sZ, b.ldz, 6, n, n, Z6);
            CHECK(!memcmp(U6, F, sizeof(double) * ef_size(cplx, m, n)) && !memcmp(V6, G, sizeof(double) * ef_size(cplx, m, n))
                  && !memcmp(Z6, Z, sizeof(double) * ef_size(cplx, n, n)) && !memcmp(r.s + 6 * b.sS, s + 32, sizeof(double) * n),
                  "%s rank-deficient pair: outputs not bitwise the one-pair call's", cplx ? "z" : "d");
            free(U6); free(V6); free(Z6);
        }
        free(F); free(G); free(Z);
    }
    CHECK(r.status[7] == HZGSVD_SUCCESS && strstr(r.info[7].detail, "one-pair path") != NULL, "pair scaled by 2^200: status %d (%s)", (int)r.status[7],
          r.info[7].detail);
    if (r.status[7] == HZGSVD_SUCCESS) {   /* sigma scaled by 2^200, as the known ones; F Z = U Sigma_F, G Z = V Sigma_G against the input */
        double worst = 0.0;
        for (int i = 0; i < n; ++i) worst = fmax(worst, (double)fabsl((r.s[7 * b.sS + i] - ldexpl(b.exact[7 * n + i], 200)) / ldexpl(b.exact[7 * n + i], 200)));
        CHECK(worst <= 1e-13, "pair scaled by 2^200: sigma vs exact %.3e", worst);
        double *F = ef_new(ef_size(cplx, m, n)), *G = ef_new(ef_size(cplx, m, n)), *U = ef_new(ef_size(cplx, m, n)), *V = ef_new(ef_size(cplx, m, n));
        double *Z = ef_new(ef_size(cplx, n, n));
        get(cplx, b.F, b.sF, b.ldf, 7, m, n, F); get(cplx, b.G, b.sG, b.ldg, 7, m, n, G);
        get(cplx, r.U, b.sF, b.ldf, 7, m, n, U); get(cplx, r.V, b.sG, b.ldg, 7, m, n, V); get(cplx, r.Z, b.sZ, b.ldz, 7, n, n, Z);
        const double rf = ef_resid(cplx, m, n, F, m, U, m, Z, n, r.sf + 7 * b.sS), rg = ef_resid(cplx, m, n, G, m, V, m, Z, n, r.sg + 7 * b.sS);
        CHECK(rf <= B_RESID(n) && rg <= B_RESID(n), "%s pair scaled by 2^200%s: residuals %.3e %.3e > %.3e", cplx ? "z" : "d",
              pre ? " (handed on after the batched start: Z = Z0 Z1)" : "", rf, rg, B_RESID(n));
        free(F); free(G); free(U); free(V); free(Z);
    }
    for (int p = 0; p < batch; ++p)
        if (p != 4 && p != 6 && p != 7) check_pair(&b, &r, p, &o, cplx ? "z NaN batch" : "d NaN batch");
    for (int p = 0; pre && p < batch; ++p) {   /* the NaN pair and the rank-deficient one keep the plain start */
        const int want = p == 4 || p == 6 ? HZGSVD_PRECONDITION_NONE : HZGSVD_PRECONDITION_QR_EIG;
        CHECK(r.info[p].preconditioner == want, "%s NaN batch with QR_EIG: pair %d started %d, %d expected (%s; growth %.3g)", cplx ? "z" : "d", p,
              r.info[p].preconditioner, want, r.info[p].precondition_note, r.info[p].precondition_growth);
    }
    if (pre) {   /* ... bitwise as with NONE: the same batch's plain run, pairs 4 and 6 */
        hzgsvd_options none = o;
        none.precondition = HZGSVD_PRECONDITION_NONE;
        gout r0 = run_batched(&b, &none, 1);
        for (int q = 4; q <= 6; q += 2)
            CHECK(r0.status[q] == r.status[q] && !memcmp(r0.U + es * q * b.sF, r.U + es * q * b.sF, sizeof(double) * es * b.sF)
                      && !memcmp(r0.V + es * q * b.sG, r.V + es * q * b.sG, sizeof(double) * es * b.sG)
                      && !memcmp(r0.Z + es * q * b.sZ, r.Z + es * q * b.sZ, sizeof(double) * es * b.sZ)
                      && !memcmp(r0.s + q * b.sS, r.s + q * b.sS, sizeof(double) * b.sS) && !strcmp(r0.info[q].detail, r.info[q].detail),
                  "%s pair %d whose batched start failed: not bitwise the NONE run's (status %d / %d)", cplx ? "z" : "d", q, (int)r.status[q],
                  (int)r0.status[q]);
        gout_free(&r0);
    }
    gout_free(&r); hb_free(&b);
}

/* The own start's kernel (hzgsvd__bat_pre_own) against its host run (hzgsvd__bat_start_pair, one
 * caller, barriers empty) on every pair: Z0 and both verdicts bitwise, at the driver's block size
 * and at 64 and 256 threads (no phase races, no bit depends on the block), with a NaN pair (eig 1)
 * and a pair with a zero column of G (chol: that column + 1) among them. */
static void case_start_bits(tu_rng *rng, int cplx, int m_f, int m_g, int n, int batch)
{
    hbatch b = hb_new(rng, cplx, m_f, m_g, n, batch);
    const int es = cplx ? 2 : 1;
    const size_t nz = (size_t)es * n * n;
    if (batch > 1) b.F[(size_t)es * b.sF] = NAN;                                                   /* pair 1 */
    if (batch > 2) for (int r = 0; r < es * m_g; ++r) b.G[(size_t)es * (2 * b.sG + (size_t)(n / 2) * b.ldg) + r] = 0.0;   /* pair 2 */
    double *want = dnew(nz * batch, SENT), *sh = dnew(hzgsvd__bat_start_doubles(n, cplx), 0.0);
    int *winfo = (int *)malloc(sizeof(int) * 2 * batch);
    for (int p = 0; p < batch; ++p) {
        int sweeps;
        hzgsvd__bat_start_pair(sh, cplx, n, b.F + (size_t)es * p * b.sF, b.ldf, m_f, b.G + (size_t)es * p * b.sG, b.ldg, m_g, want + nz * p, 0, 1, &winfo[p],
                               &winfo[batch + p], &sweeps);
    }
    CHECK(batch < 3 || (winfo[batch + 1] == 1 && winfo[2] == n / 2 + 1), "%s %dx%d: the host's verdicts of the NaN pair %d and the zero column %d",
          cplx ? "z" : "d", m_f, n, winfo[batch + 1], winfo[2]);
    double *dF = dev_copy(b.F, b.nF), *dG = dev_copy(b.G, b.nG), *dz = dev_copy(want, nz * batch);
    int *dinfo = NULL;
    CU(cudaMalloc((void **)&dinfo, sizeof(int) * 2 * batch));
    hzgsvd__bat_pre_args a;
    memset(&a, 0, sizeof a);
    a.es = es; a.m_f = m_f; a.m_g = m_g; a.n = n; a.ldf = b.ldf; a.ldg = b.ldg; a.batch = batch; a.sF = b.sF; a.sG = b.sG;
    a.F = dF; a.G = dG; a.z0 = dz;
    const int threads[3] = { hzgsvd__bat_start_threads(n), 64, 256 };
    for (int k = 0; k < 3; ++k) {
        double *fill = dnew(nz * batch, SENT);   /* pairs whose start fails leave z0 as it was: SENT, as the host's */
        CU(cudaMemcpy(dz, fill, sizeof(double) * nz * batch, cudaMemcpyHostToDevice));
        CU(cudaMemset(dinfo, 0xff, sizeof(int) * 2 * batch));
        CU(hzgsvd__bat_pre_own_launch(&a, dinfo, 7, threads[k], 0));   /* at most 7 blocks: blocks loop over groups of pairs */
        CU(cudaDeviceSynchronize());
        double *got = host_copy(dz, nz * batch);
        int *ginfo = (int *)malloc(sizeof(int) * 2 * batch);
        CU(cudaMemcpy(ginfo, dinfo, sizeof(int) * 2 * batch, cudaMemcpyDeviceToHost));
        CHECK(memcmp(got, want, sizeof(double) * nz * batch) == 0 && memcmp(ginfo, winfo, sizeof(int) * 2 * batch) == 0,
              "%s %dx%d/%dx%d, %d threads: the own start's kernel is not its host run bit for bit", cplx ? "z" : "d", m_f, n, m_g, n, threads[k]);
        free(got); free(ginfo); free(fill);
    }
    CU(cudaFree(dF)); CU(cudaFree(dG)); CU(cudaFree(dz)); CU(cudaFree(dinfo));
    free(want); free(sh); free(winfo);
    hb_free(&b);
}

/* Blocks that take several pairs: DISTINCT known pairs tiled over a batch larger than the grid
 * (the shared-memory path's grid is at most 65535 blocks, the global path's 1056 slots), so each
 * block loops over pairs and
 * reuses its shared state; every copy of a pair must come back bitwise as its first copy, and the
 * first copies as check_pair demands. */
static void case_tiled(tu_rng *rng, int cplx, int m, int n, int batch)
{
    enum { DISTINCT = 8 };
    const int es = cplx ? 2 : 1;
    const hzgsvd_options o = hzgsvd_default_options();
    hbatch b = hb_new(rng, cplx, m, m, n, DISTINCT);
    hbatch t = b;                        /* the same layout, batch copies */
    t.batch = batch;
    t.nF = (size_t)(es * b.sF * batch); t.nG = (size_t)(es * b.sG * batch); t.nZ = (size_t)(es * b.sZ * batch); t.nS = (size_t)(b.sS * batch);
    t.F = dnew(t.nF, SENT); t.G = dnew(t.nG, SENT); t.Z = dnew(t.nZ, SENT);
    t.sf = dnew(t.nS, SENT); t.sg = dnew(t.nS, SENT); t.s = dnew(t.nS, SENT);
    t.exact = (long double *)malloc(sizeof(long double) * (size_t)n * batch);
    for (int p = 0; p < batch; ++p) {
        const int q = p % DISTINCT;
        memcpy(t.F + es * p * b.sF, b.F + es * q * b.sF, sizeof(double) * es * b.sF);
        memcpy(t.G + es * p * b.sG, b.G + es * q * b.sG, sizeof(double) * es * b.sG);
        memcpy(t.exact + (size_t)p * n, b.exact + (size_t)q * n, sizeof(long double) * n);
    }
    gout r = run_batched(&t, &o, 1);
    CHECK(r.st == HZGSVD_SUCCESS, "%s tiled batch of %d: status %d (%s)", cplx ? "z" : "d", batch, (int)r.st, r.info[0].detail);
    int differ = -1;
    for (int p = DISTINCT; p < batch && differ < 0; ++p) {
        const int q = p % DISTINCT;
        if (memcmp(r.U + es * p * t.sF, r.U + es * q * t.sF, sizeof(double) * es * t.sF) || memcmp(r.V + es * p * t.sG, r.V + es * q * t.sG, sizeof(double) * es * t.sG)
            || memcmp(r.Z + es * p * t.sZ, r.Z + es * q * t.sZ, sizeof(double) * es * t.sZ) || memcmp(r.s + p * t.sS, r.s + q * t.sS, sizeof(double) * t.sS)
            || r.status[p] != r.status[q])
            differ = p;
    }
    CHECK(differ < 0, "%s tiled batch of %d: pair %d differs from its first copy %d (a block's state carried between pairs?)", cplx ? "z" : "d", batch,
          differ, differ % DISTINCT);
    for (int p = 0; p < DISTINCT; ++p) check_pair(&t, &r, p, &o, cplx ? "z tiled" : "d tiled");
    gout_free(&r); hb_free(&t); hb_free(&b);
}

/* Shapes beyond the kernel: every pair as the one-pair device call returns it, bit for bit. */
static void case_beyond(tu_rng *rng, int cplx, int m_f, int m_g, int n, int batch)
{
    const hzgsvd_options o = hzgsvd_default_options();
    const int es = cplx ? 2 : 1;
    hbatch b = hb_new(rng, cplx, m_f, m_g, n, batch);
    size_t bytes = 1;
    (void)(cplx ? hzgsvd_gpu_zgsvd_batched_workspace_size(m_f, m_g, n, batch, &o, &bytes) : hzgsvd_gpu_dgsvd_batched_workspace_size(m_f, m_g, n, batch, &o, &bytes));
    CHECK(bytes == 0, "beyond the kernel (%dx%d/%d): workspace %zu, expected 0", m_f, n, m_g, bytes);
    gout r = run_batched(&b, &o, 1);
    for (int p = 0; p < batch; ++p) {   /* the one-pair device call on pair p alone */
        double *F = dev_copy(b.F + es * p * b.sF, (size_t)es * b.sF), *G = dev_copy(b.G + es * p * b.sG, (size_t)es * b.sG);
        double *Z = dev_copy(b.Z + es * p * b.sZ, (size_t)es * b.sZ), *S = dev_copy(b.s, (size_t)3 * n);
        hzgsvd_info info;
        const hzgsvd_status st = cplx ? hzgsvd_gpu_zgsvd(m_f, m_g, n, (cuDoubleComplex *)F, b.ldf, (cuDoubleComplex *)G, b.ldg, (cuDoubleComplex *)Z,
                                                         b.ldz, S, S + n, S + 2 * n, NULL, 0, 0, &o, &info)
                                      : hzgsvd_gpu_dgsvd(m_f, m_g, n, F, b.ldf, G, b.ldg, Z, b.ldz, S, S + n, S + 2 * n, NULL, 0, 0, &o, &info);
        double *hF = host_copy(F, (size_t)es * b.sF), *hZ = host_copy(Z, (size_t)es * b.sZ), *hS = host_copy(S, (size_t)3 * n);
        CHECK(r.status[p] == st, "beyond %dx%d/%d pair %d: status %d, one-pair %d", m_f, n, m_g, p, (int)r.status[p], (int)st);
        CHECK(!memcmp(hF, r.U + es * p * b.sF, sizeof(double) * es * b.sF) && !memcmp(hZ, r.Z + es * p * b.sZ, sizeof(double) * es * b.sZ)
              && !memcmp(hS + 2 * n, r.s + p * b.sS, sizeof(double) * n), "beyond %dx%d/%d pair %d: not bitwise the one-pair call's", m_f, n, m_g, p);
        CU(cudaFree(F)); CU(cudaFree(G)); CU(cudaFree(Z)); CU(cudaFree(S));
        free(hF); free(hZ); free(hS);
    }
    gout_free(&r); hb_free(&b);
}

/* The arguments of one call for the argument checks (host arrays stand in for device ones: every
 * error is found before any array is touched or any CUDA call is made). */
typedef struct acall {
    int m_f, m_g, n, ldf, ldg, ldz, batch;
    long long sF, sG, sZ, sS;
    double *F, *G, *Z;
    void *work;
    size_t work_bytes;
    hzgsvd_status *status;
    hzgsvd_options o;
} acall;

static void arg_case(int cplx, acall a, hzgsvd_status want, const char *needle, const char *what)
{
    hzgsvd_status status[3];
    hzgsvd_info info[3];
    double F0[64], G0[64];
    memcpy(F0, a.F ? a.F : F0, sizeof F0); memcpy(G0, a.G ? a.G : G0, sizeof G0);
    if (a.status == (hzgsvd_status *)1) a.status = status;
    for (int i = 0; i < 3; ++i) status[i] = (hzgsvd_status)99;
    const hzgsvd_status st = cplx
        ? hzgsvd_gpu_zgsvd_batched(a.m_f, a.m_g, a.n, (cuDoubleComplex *)a.F, a.ldf, a.sF, (cuDoubleComplex *)a.G, a.ldg, a.sG, (cuDoubleComplex *)a.Z, a.ldz,
                                   a.sZ, NULL, NULL, NULL, a.sS, a.batch, a.work, a.work_bytes, 0, &a.o, a.status, info)
        : hzgsvd_gpu_dgsvd_batched(a.m_f, a.m_g, a.n, a.F, a.ldf, a.sF, a.G, a.ldg, a.sG, a.Z, a.ldz, a.sZ, NULL, NULL, NULL, a.sS, a.batch, a.work,
                                   a.work_bytes, 0, &a.o, a.status, info);
    CHECK(st == want, "%s %s: status %d, expected %d (%s)", cplx ? "z" : "d", what, (int)st, (int)want, info[0].detail);
    CHECK(!needle || strstr(info[0].detail, needle), "%s %s: detail \"%s\" lacks \"%s\"", cplx ? "z" : "d", what, info[0].detail, needle);
    for (int i = 0; a.status && i < a.batch && i < 3; ++i)
        CHECK(a.status[i] == want && !strcmp(info[i].detail, info[0].detail), "%s %s: status[%d] = %d, detail \"%s\"", cplx ? "z" : "d", what, i,
              (int)a.status[i], info[i].detail);
    CHECK((!a.F || !memcmp(F0, a.F, sizeof F0)) && (!a.G || !memcmp(G0, a.G, sizeof G0)), "%s %s: an array was touched", cplx ? "z" : "d", what);
}

/* Every bad argument of the batched call and its workspace query; no GPU needed. */
static void host_checks(void)
{
    static double F[64], G[64], Z[64];
    static char work[1024];
    for (int i = 0; i < 64; ++i) { F[i] = 1.0 + i; G[i] = 2.0 - i; }
    for (int cplx = 0; cplx <= 1; ++cplx) {
        /* 2 x 2 pairs (4 x 2 complex doubles fit in 64), batch 3, packed */
        const acall ok = { 2, 2, 2, 2, 2, 2, 3, 4, 4, 4, 2, F, G, Z, NULL, 0, (hzgsvd_status *)1, hzgsvd_default_options() };
        acall a;
        a = ok; a.n = 0; arg_case(cplx, a, HZGSVD_ERR_N_LESS_THAN_ONE, "argument 3", "n = 0");
        a = ok; a.m_f = -1; arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "argument 1", "m_f = -1");
        a = ok; a.m_g = -1; arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "argument 2", "m_g = -1");
        a = ok; a.batch = -1; arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "argument 17", "batch = -1");
        a = ok; a.ldf = 1; arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "argument 5", "ldf < m_f");
        a = ok; a.sF = 3; arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "argument 6", "strideF < ldf n");
        a = ok; a.ldg = 1; arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "argument 8", "ldg < m_g");
        a = ok; a.sG = 3; arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "argument 9", "strideG < ldg n");
        a = ok; a.ldz = 1; arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "argument 11", "ldz < n");
        a = ok; a.sZ = 3; arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "argument 12", "strideZ < ldz n");
        a = ok; a.sS = 1; arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "argument 16", "strideS < n");
        a = ok; a.F = NULL; arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "argument 4", "dF NULL");
        a = ok; a.G = NULL; arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "argument 7", "dG NULL");
        a = ok; a.Z = NULL; arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "argument 10", "dZ NULL");
        a = ok; a.status = NULL; arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "argument 22", "status NULL");
        a = ok; a.work = work; a.work_bytes = 1; arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "argument 19", "work_bytes too small");
        a = ok; a.work = (char *)(((uintptr_t)work + 255) / 256 * 256 + 8); a.work_bytes = 1 << 20;
        arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "argument 18", "d_work not 256-byte aligned");
        a = ok; a.o.variant = 9; arg_case(cplx, a, HZGSVD_ERR_INVALID_ARGUMENT, "variant", "options.variant = 9");
        a = ok; a.o.preprocess = 0; a.m_f = 1; a.ldf = 1; arg_case(cplx, a, HZGSVD_ERR_M_LESS_THAN_N, NULL, "m_f < n with preprocess = 0");
        a = ok; a.batch = 0; a.F = a.G = a.Z = NULL; a.status = NULL; arg_case(cplx, a, HZGSVD_SUCCESS, "batch = 0", "batch = 0");
        size_t bytes = 7;
        hzgsvd_status (*q)(int, int, int, int, const hzgsvd_options *, size_t *) =
            cplx ? hzgsvd_gpu_zgsvd_batched_workspace_size : hzgsvd_gpu_dgsvd_batched_workspace_size;
        CHECK(q(8, 8, 0, 5, NULL, &bytes) == HZGSVD_ERR_N_LESS_THAN_ONE, "workspace query n = 0");
        CHECK(q(8, 8, 4, -1, NULL, &bytes) == HZGSVD_ERR_INVALID_ARGUMENT, "workspace query batch = -1");
        CHECK(q(8, 8, 4, 5, NULL, NULL) == HZGSVD_ERR_INVALID_ARGUMENT, "workspace query bytes NULL");
        CHECK(q(8, 8, 4, 5, NULL, &bytes) == HZGSVD_SUCCESS && bytes > 0, "workspace query 8x4: %zu bytes", bytes);
        CHECK(q(3, 8, 4, 5, NULL, &bytes) == HZGSVD_SUCCESS && bytes == 0, "workspace query m_f < n: %zu bytes (one-pair path)", bytes);
        {   /* the batched start's part: arithmetic only (no device needed), A (n x n a pair) at least */
            hzgsvd_options none = hzgsvd_default_options(), eig = none;
            none.precondition = HZGSVD_PRECONDITION_NONE;
            eig.precondition = HZGSVD_PRECONDITION_QR_EIG;
            size_t b0 = 0, b1 = 0;
            CHECK(q(32, 32, 16, 5, &none, &b0) == HZGSVD_SUCCESS && q(32, 32, 16, 5, &eig, &b1) == HZGSVD_SUCCESS
                      && b1 >= b0 + sizeof(double) * (cplx ? 2 : 1) * 16 * 16 * 5,
                  "workspace query with QR_EIG: %zu bytes, NONE %zu", b1, b0);
            eig.precondition = HZGSVD_PRECONDITION_QR_SVD;
            CHECK(q(32, 32, 16, 5, &eig, &b1) == HZGSVD_SUCCESS && b1 == 0, "workspace query with QR_SVD: %zu bytes (the one-pair path)", b1);
        }
        CHECK(q(80, 80, 65, 5, NULL, &bytes) == HZGSVD_SUCCESS && bytes == 0, "workspace query n = 65: %zu bytes (one-pair path)", bytes);
    }
}

int main(int argc, char **argv)
{
    tu_start("test_gpu_batched");
    host_checks();
    if (argc == 2 && !strcmp(argv[1], "--probe-gpu")) return hzgsvd_gpu_available() ? 0 : 1;
    if (argc == 2 && !strcmp(argv[1], "--host-checks")) return tu_finish();
    if (!hzgsvd_gpu_available()) { printf("SKIPPED: no GPU\n"); return tu_finish(); }
    tu_rng rng = { 3434 };
    hzgsvd_options o = hzgsvd_default_options();
    if (argc == 2 && !strcmp(argv[1], "--quick")) {   /* every path once, small (compute-sanitizer) */
        case_known(&rng, 0, 16, 12, 8, 4, &o, 1);
        case_known(&rng, 1, 10, 7, 5, 3, &o, 1);
        case_known(&rng, 1, 20, 14, 9, 3, &o, 1);      /* AUTO: the own start (n = 9), then the slot kernel */
        case_known(&rng, 1, 128, 128, 64, 2, &o, 1);   /* 327 KB a pair: the global-memory path */
        case_shapes(&rng, 1, 24, 20, 15, 3);            /* n <= 16: the slot kernel, one warp a pair */
        case_shapes(&rng, 1, 40, 30, 25, 3);            /* the three-phase kernel: several warps and math warps per block (racecheck) */
        case_shapes(&rng, 0, 40, 40, 32, 2);            /* real, 16 pivots: every column lane of the three-phase layout */
        case_bad(&rng, 0, &o);
        hzgsvd_options q = o;
        q.precondition = HZGSVD_PRECONDITION_QR_EIG;
        case_bad(&rng, 1, &q);                           /* the batched start, its failed pairs */
        case_known(&rng, 1, 40, 30, 25, 3, &q, 1);      /* the start, then the three-phase kernel */
        case_known(&rng, 0, 24, 20, 16, 3, &o, 1);      /* AUTO: the library chain's start at n = 16, then the slot kernel */
        case_start_bits(&rng, 1, 40, 30, 25, 9);        /* the own start's kernel, its phases (racecheck): the warp solver at nn = 32, */
        case_start_bits(&rng, 0, 16, 12, 7, 9);         /* four pairs a warp (nn = 8), */
        case_start_bits(&rng, 1, 24, 20, 11, 5);        /* the block solver */
        return tu_finish();
    }
    static const int shapes[][4] = { {3, 2, 1, 50}, {8, 8, 8, 300}, {16, 16, 8, 200}, {10, 7, 5, 100}, {40, 24, 16, 100},
                                     {64, 64, 32, 64}, {128, 128, 64, 40}, {70, 90, 64, 20}, {256, 200, 64, 6} };
    for (int cplx = 0; cplx <= 1; ++cplx) {
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s)
            case_known(&rng, cplx, shapes[s][0], shapes[s][1], shapes[s][2], shapes[s][3], &o, shapes[s][3] > 60 ? 7 : 1);
        hzgsvd_options v = o;
        v.variant = 2; case_known(&rng, cplx, 20, 14, 9, 30, &v, 1);
        v.variant = 4; case_known(&rng, cplx, 20, 14, 9, 30, &v, 1);
        v = o; v.sort = 0; case_known(&rng, cplx, 18, 18, 12, 30, &v, 1);
        v = o; v.inner = HZGSVD_STRATEGY_MM; case_known(&rng, cplx, 24, 30, 16, 30, &v, 1);
        case_bad(&rng, cplx, &o);
        v = o; v.precondition = HZGSVD_PRECONDITION_QR_EIG; case_bad(&rng, cplx, &v);
        v = o; v.precondition = HZGSVD_PRECONDITION_NONE; case_known(&rng, cplx, 40, 24, 16, 50, &v, 1);   /* the plain start where AUTO starts preconditioned */
        v = o; v.precondition = HZGSVD_PRECONDITION_QR_EIG;
        case_known(&rng, cplx, 3, 2, 1, 20, &v, 1);      /* n = 1 */
        case_known(&rng, cplx, 10, 7, 5, 40, &v, 1);     /* odd n, the own start */
        case_known(&rng, cplx, 40, 24, 16, 30, &v, 1);   /* the library chain (syevjBatched) */
        case_known(&rng, cplx, 70, 90, 64, 12, &v, 1);   /* n > 32: cusolverDnXsyevBatched */
        case_known(&rng, cplx, 1000, 1000, 15, 3, &v, 1);   /* the global-memory path: the start's workspace after slots of 8 (m_f + m_g + n) n bytes */
        setenv("HZGSVD_GPU_BATCHED_EIG", "xsyev", 1);   /* the measurement knob: the library chain with XsyevBatched below n = 33 too */
        case_known(&rng, cplx, 40, 24, 16, 30, &v, 1);
        setenv("HZGSVD_GPU_BATCHED_EIG", "syevj", 1);   /* ... with syevjBatched / heevjBatched, below n = 13 too */
        case_known(&rng, cplx, 20, 14, 9, 30, &v, 1);
        unsetenv("HZGSVD_GPU_BATCHED_EIG");
        case_known(&rng, cplx, 300, 100, 12, 20, &v, 1);  /* the own start at its largest n, tall F */
        setenv("HZGSVD_GPU_BATCHED_EIG", "own", 1);     /* the knob: the own start up to n = 32 */
        case_known(&rng, cplx, 64, 64, 32, 12, &v, 1);
        unsetenv("HZGSVD_GPU_BATCHED_EIG");
        case_start_bits(&rng, cplx, 3, 2, 1, 5);        /* every order of the Jacobi solver (nn = 2 ... 32), padded ones */
        case_start_bits(&rng, cplx, 6, 5, 3, 9);
        case_start_bits(&rng, cplx, 9, 12, 5, 9);
        case_start_bits(&rng, cplx, 16, 16, 8, 40);
        case_start_bits(&rng, cplx, 30, 24, 12, 9);
        case_start_bits(&rng, cplx, 40, 24, 16, 40);
        case_start_bits(&rng, cplx, 70, 64, 31, 12);
        case_start_bits(&rng, cplx, 64, 64, 32, 12);
        v.variant = 2; case_known(&rng, cplx, 20, 14, 9, 30, &v, 1);
        case_beyond(&rng, cplx, 4, 9, 6, 3);     /* m_f < n: the reduction */
        case_beyond(&rng, cplx, 70, 70, 65, 2);  /* n above the kernel's limit */
        case_shapes(&rng, cplx, 32, 32, 16, 40);
        case_known(&rng, cplx, 100, 80, 12, 20, &o, 1);   /* tall n <= 16: real 2304 working doubles, the slot kernel; complex 4608, the three-phase one */
        case_known(&rng, cplx, 168, 168, 64, 4, &o, 1);  /* real: 200 KiB unpadded fits shared memory, padded it would not: unpadded there */
        case_shapes(&rng, cplx, 40, 30, 25, 20);  /* odd n, 13 pivots a step: uneven shares of the math warps */
        case_shapes(&rng, cplx, 128, 100, 64, 6);
        case_tiled(&rng, cplx, 16, 8, 70000);     /* more pairs than blocks: blocks loop (shared memory) */
    }
    case_tiled(&rng, 1, 128, 64, 1100);           /* more pairs than slots (the global-memory path) */
    return tu_finish();
}
