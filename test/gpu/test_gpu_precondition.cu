/* test_gpu_precondition.cu -- the single-GPU engine's preconditioned start (options.precondition,
 * templates/hzgsvd_gpu_precondition.cu) against the plain start and the CPU engine on the same input.
 *
 *   build/test_gpu_precondition               every check (the host checks alone, and SKIPPED, without a GPU)
 *   build/test_gpu_precondition --host-checks  only what needs no GPU (the option's refusals)
 *   build/test_gpu_precondition --quick        one pair per precision, one probe (compute-sanitizer)
 *
 * Properties checked (bounds: test/engine_fixtures.h and docs/NUMERICS.md, "A preconditioned start"):
 *   - QR_EIG and QR_SVD on known-sigma pairs (cond X = 100; square, tall, bordered n; real and
 *     complex): the preconditioner ran (info.preconditioner the kind asked, a growth in (0, 2^16]),
 *     fewer sweeps than the plain start, sigma within B_EXACT of the exact sigma and within
 *     SIGMA_REFINED_VS_CPU of the CPU engine's, residuals B_RESID, U and V orthonormal to B_ORTH,
 *     sf^2 + sg^2 = 1 to B_NORM1;
 *   - two runs bitwise equal (each kind); the device entry point with a caller's workspace equal to
 *     the host one;
 *   - a pair whose [F; G] has nearly dependent columns fails the trust test: the plain start runs,
 *     bitwise the same as options.precondition = NONE;
 *   - AUTO: n below 256, in place and with max_sweeps = 1 take the plain start (and say so), n >= 256
 *     QR_EIG;
 *   - graded pairs (g = 4 .. 8, n = 256; g = 3, n = 512) with QR_EIG and QR_SVD converge, sigma
 *     normwise within B_GRADED of the CPU engine's (which solves g = 8 by the reduction), and where
 *     the full-rank path solves them (g = 3, 4) each sigma within B_GRADED_REL of the CPU engine's;
 *     QR_EIG's start gives way to QR_SVD there (hzgsvd__start_gives_way): the run is bitwise the
 *     QR_SVD run, its note says why, its sweeps are QR_SVD's and 3 more;
 *   - the rank probe, on the graded pair g = 8 (G numerically rank deficient by xGGSVD3's
 *     tolerance): the full-rank run in the front door's mode (REROUTE) stops after the
 *     preconditioner's QR -- HZGSVD_ERR_RANK_DEFICIENT, no sweep, no output written, the probe's
 *     note and detail -- under AUTO, QR_EIG and QR_SVD; through the front door the pair is reduced
 *     (info.preprocessed, the core's sweeps only); with preprocess = 0 (REPORT) there is no probe;
 *   - refusals: QR_EIG and QR_SVD in place, with max_sweeps = 1 and on the CPU engine without LAPACK;
 *     a value outside -1..2; QR_SVD in copying mode is not refused. */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "hzgsvd_single.cuh"
#include "test/testutil.h"
#include "test/engine_fixtures.h"

#include <stdlib.h>
#include <string.h>
#include <math.h>

/* GPU against CPU, both sigma refined from the input pair: as test_gpu_engine's bound. */
static const double SIGMA_REFINED_VS_CPU = 1e-14;
/* sigma against the exact sigma of a known pair (cond X = 100): ~n u cond X at most; measured plain
 * runs ~1e-14 at n = 512. */
#define B_EXACT(n) (4.0 * (n) * 100.0 * EF_U)
/* graded pairs: normwise |sigma_i - ref_i| / sigma_max, as test_engine_lapack's B_GRADED_SIGMA. */
#define B_GRADED(n) ((32.0 * (n) + 64.0) * EF_U)
/* graded pairs on the full-rank path, each sigma relative to itself: both engines refine sigma from
 * the input pair (QR_EIG's start that did not give way once left sigma_min 2.7e-12 off at n = 512). */
#define B_GRADED_REL(n) (8.0 * (n) * EF_U)

/* One GPU run on copies (the host entry point). */
static ef_run gpu_solve(int cplx, int m_f, int m_g, int n, const double *F, const double *G, const hzgsvd_options *o)
{
    ef_run r;
    r.cplx = cplx; r.m_f = m_f; r.m_g = m_g; r.n = n;
    r.U = ef_dup(F, ef_size(cplx, m_f, n));
    r.V = ef_dup(G, ef_size(cplx, m_g, n));
    r.Z = ef_new(ef_size(cplx, n, n));
    r.sf = ef_new((size_t)n); r.sg = ef_new((size_t)n); r.s = ef_new((size_t)n);
    r.st = cplx ? hzgsvd_gpu_zgsvd_host(m_f, m_g, n, r.U, m_f, r.V, m_g, r.Z, n, r.sf, r.sg, r.s, o, &r.info)
                : hzgsvd_gpu_dgsvd_host(m_f, m_g, n, r.U, m_f, r.V, m_g, r.Z, n, r.sf, r.sg, r.s, o, &r.info);
    return r;
}

static hzgsvd_options with_pre(int precondition)
{
    hzgsvd_options o = hzgsvd_default_options();
    o.precondition = precondition;
    return o;
}

/* One preconditioner (kind) on a known-sigma pair against the plain run, the CPU engine's and the
 * exact sigma; two runs bitwise equal. */
static void known_kind(int kind, int cplx, int m_f, int m_g, int n, const double *F, const double *G, const long double *exact,
                       const ef_run *plain, const ef_run *cpu)
{
    const char *pr = cplx ? "z" : "d", *kn = hzgsvd_precondition_name(kind);
    const hzgsvd_options qr = with_pre(kind);
    ef_run p = gpu_solve(cplx, m_f, m_g, n, F, G, &qr), p2 = gpu_solve(cplx, m_f, m_g, n, F, G, &qr);
    CHECK(p.st == HZGSVD_SUCCESS, "known %s %s %dx%d/%d: status %d (%s)", kn, pr, m_f, m_g, n, (int)p.st, p.info.detail);
    if (p.st == HZGSVD_SUCCESS) {
        const ef_quality q = ef_assess(&p, F, G);
        const double e_exact = ef_relerr_ld(p.s, exact, n), e_plain = ef_relerr_ld(plain->s, exact, n), e_cpu = ef_relerr(p.s, cpu->s, n);
        CHECK(p.info.preconditioner == kind && p.info.precondition_growth > 0.0 && p.info.precondition_growth <= 65536.0,
              "known %s %s n=%d: preconditioner %d growth %.3g (%s)", kn, pr, n, p.info.preconditioner, p.info.precondition_growth,
              p.info.precondition_note);
        CHECK(p.info.sweeps < plain->info.sweeps, "known %s %s n=%d: %d sweeps preconditioned, %d plain", kn, pr, n, p.info.sweeps,
              plain->info.sweeps);
        CHECK(e_exact <= B_EXACT(n), "known %s %s n=%d: sigma vs exact %.3e > %.3e (plain %.3e)", kn, pr, n, e_exact, B_EXACT(n), e_plain);
        CHECK(e_cpu <= SIGMA_REFINED_VS_CPU, "known %s %s n=%d: sigma vs CPU %.3e > %.3e", kn, pr, n, e_cpu, SIGMA_REFINED_VS_CPU);
        CHECK(q.finite && q.descending, "known %s %s n=%d: outputs not finite or not descending", kn, pr, n);
        CHECK(q.resid_f <= B_RESID(n) && q.resid_g <= B_RESID(n), "known %s %s n=%d: residuals %.3e %.3e > %.3e", kn, pr, n, q.resid_f,
              q.resid_g, B_RESID(n));
        CHECK(q.orth_u <= B_ORTH(n, 16) && q.orth_v <= B_ORTH(n, 16), "known %s %s n=%d: orthogonality %.3e %.3e > %.3e", kn, pr, n, q.orth_u,
              q.orth_v, B_ORTH(n, 16));
        CHECK(q.norm1 <= B_NORM1, "known %s %s n=%d: |sf^2 + sg^2 - 1| %.3e", kn, pr, n, q.norm1);
        CHECK(p2.st == HZGSVD_SUCCESS && ef_same_bits(&p, &p2), "known %s %s n=%d: two preconditioned runs differ", kn, pr, n);
        printf("  known %-6s %s %4dx%4d/%4d: sweeps %d (plain %d), growth %.2e, precondition %.3f s; sigma vs exact %.2e (plain %.2e), "
               "vs CPU %.2e, resid %.1e %.1e, orth %.1e %.1e\n", kn, pr, m_f, m_g, n, p.info.sweeps, plain->info.sweeps,
               p.info.precondition_growth, p.info.precondition_seconds, e_exact, e_plain, e_cpu, q.resid_f, q.resid_g, q.orth_u, q.orth_v);
    }
    ef_run_free(&p); ef_run_free(&p2);
}

/* Known-sigma pair: QR_EIG and QR_SVD against NONE, the CPU engine and the exact sigma. */
static void known_pair(int cplx, int m_f, int m_g, int n, uint64_t seed)
{
    const char *pr = cplx ? "z" : "d";
    tu_rng rng = { seed };
    double *F = ef_new(ef_size(cplx, m_f, n)), *G = ef_new(ef_size(cplx, m_g, n));
    long double *exact = (long double *)malloc(sizeof(long double) * n);
    ef_known_pair(&rng, cplx, m_f, m_g, n, 1e-3, 1e3, 100.0, F, G, exact);
    ef_sort_desc_ld(exact, n);
    const hzgsvd_options none = with_pre(HZGSVD_PRECONDITION_NONE);
    ef_run plain = gpu_solve(cplx, m_f, m_g, n, F, G, &none), cpu = ef_solve(cplx, m_f, m_g, n, F, G, NULL);
    CHECK(plain.st == HZGSVD_SUCCESS && cpu.st == HZGSVD_SUCCESS && plain.info.preconditioner == HZGSVD_PRECONDITION_NONE,
          "known %s %dx%d/%d: plain status %d (preconditioner %d), CPU %d", pr, m_f, m_g, n, (int)plain.st, plain.info.preconditioner, (int)cpu.st);
    if (plain.st == HZGSVD_SUCCESS && cpu.st == HZGSVD_SUCCESS) {
        known_kind(HZGSVD_PRECONDITION_QR_EIG, cplx, m_f, m_g, n, F, G, exact, &plain, &cpu);
        known_kind(HZGSVD_PRECONDITION_QR_SVD, cplx, m_f, m_g, n, F, G, exact, &plain, &cpu);
    }
    ef_run_free(&plain); ef_run_free(&cpu);
    free(F); free(G); free(exact);
}

/* Column 1 of F and G = column 0 + 1e-9 (noise): [F; G] nearly rank deficient, Z0's growth ~1e9. */
static void trust_test_fallback(int cplx)
{
    const char *pr = cplx ? "z" : "d";
    const int n = 256;
    tu_rng rng = { 77 };
    double *F = ef_new(ef_size(cplx, n, n)), *G = ef_new(ef_size(cplx, n, n));
    ef_near_dependent_pair(&rng, cplx, n, F, G);
    const hzgsvd_options qr = with_pre(HZGSVD_PRECONDITION_QR_EIG), none = with_pre(HZGSVD_PRECONDITION_NONE);
    ef_run p = gpu_solve(cplx, n, n, n, F, G, &qr), plain = gpu_solve(cplx, n, n, n, F, G, &none);
    CHECK(p.info.preconditioner == HZGSVD_PRECONDITION_NONE && p.info.precondition_growth > 65536.0 &&
              strstr(p.info.precondition_note, "trust test") != NULL,
          "trust %s: preconditioner %d, growth %.3g, note '%s'", pr, p.info.preconditioner, p.info.precondition_growth, p.info.precondition_note);
    CHECK(p.st == plain.st, "trust %s: status %d, plain %d", pr, (int)p.st, (int)plain.st);
    CHECK(p.st != HZGSVD_SUCCESS || ef_same_bits(&p, &plain), "trust %s: the fallback is not bitwise the plain start", pr);
    printf("  trust test %s: growth %.2e -> plain start, status %d, bitwise as NONE\n", pr, p.info.precondition_growth, (int)p.st);
    ef_run_free(&p); ef_run_free(&plain);
    free(F); free(G);
}

/* AUTO: the plain start below n = 256 (and no cost), the preconditioner from 256 on; the device
 * entry point with the caller's workspace bitwise as the host one. */
static void auto_and_device(void)
{
    tu_rng rng = { 5 };
    const hzgsvd_options au = hzgsvd_default_options();
    for (int k = 0; k < 2; ++k) {
        const int n = k ? 256 : 128;
        double *F = ef_new(ef_size(0, n, n)), *G = ef_new(ef_size(0, n, n));
        ef_randmat(&rng, 0, n, n, F, n);
        ef_randmat(&rng, 0, n, n, G, n);
        ef_run h = gpu_solve(0, n, n, n, F, G, &au);
        CHECK(h.st == HZGSVD_SUCCESS, "auto n=%d: status %d (%s)", n, (int)h.st, h.info.detail);
        CHECK(h.info.preconditioner == (k ? HZGSVD_PRECONDITION_QR_EIG : HZGSVD_PRECONDITION_NONE) &&
                  (k || (strstr(h.info.precondition_note, "below") && h.info.precondition_seconds == 0.0)),
              "auto n=%d: preconditioner %d (%s)", n, h.info.preconditioner, h.info.precondition_note);
        if (k) {   /* one sweep allowed: AUTO starts plainly (the second sweep certifies a preconditioned start) */
            hzgsvd_options one = au;
            one.max_sweeps = 1;
            ef_run h1 = gpu_solve(0, n, n, n, F, G, &one);
            CHECK(h1.info.preconditioner == HZGSVD_PRECONDITION_NONE && h1.info.sweeps == 1 && strstr(h1.info.precondition_note, "max_sweeps"),
                  "auto n=%d, max_sweeps 1: preconditioner %d sweeps %d (%s)", n, h1.info.preconditioner, h1.info.sweeps,
                  h1.info.precondition_note);
            ef_run_free(&h1);
        }
        /* the device entry point, workspace from the query */
        double *dF, *dG, *dZ, *ds, *dw;
        size_t bytes = 0;
        hzgsvd_info info;
        CHECK(hzgsvd_gpu_dgsvd_workspace_size(n, n, n, &au, &bytes) == HZGSVD_SUCCESS, "workspace query");
        cudaMalloc(&dF, sizeof(double) * n * n); cudaMalloc(&dG, sizeof(double) * n * n); cudaMalloc(&dZ, sizeof(double) * n * n);
        cudaMalloc(&ds, sizeof(double) * 3 * n); cudaMalloc(&dw, bytes);
        cudaMemcpy(dF, F, sizeof(double) * n * n, cudaMemcpyHostToDevice);
        cudaMemcpy(dG, G, sizeof(double) * n * n, cudaMemcpyHostToDevice);
        const hzgsvd_status st = hzgsvd_gpu_dgsvd(n, n, n, dF, n, dG, n, dZ, n, ds, ds + n, ds + 2 * n, dw, bytes, 0, &au, &info);
        double *Z = ef_new(ef_size(0, n, n)), *s = ef_new(3 * (size_t)n);
        cudaMemcpy(Z, dZ, sizeof(double) * n * n, cudaMemcpyDeviceToHost);
        cudaMemcpy(s, ds, sizeof(double) * 3 * n, cudaMemcpyDeviceToHost);
        CHECK(st == HZGSVD_SUCCESS && info.preconditioner == h.info.preconditioner && !memcmp(Z, h.Z, sizeof(double) * n * n) &&
                  !memcmp(s + 2 * n, h.s, sizeof(double) * n),
              "auto n=%d: device entry point differs from the host one (status %d)", n, (int)st);
        cudaFree(dF); cudaFree(dG); cudaFree(dZ); cudaFree(ds); cudaFree(dw);
        free(Z); free(s); free(F); free(G);
        ef_run_free(&h);
    }
}

/* In place: AUTO runs the plain start and says so. */
static void inplace_auto(void)
{
    const int n = 256;
    tu_rng rng = { 9 };
    double *F = ef_new(ef_size(0, n, n)), *G = ef_new(ef_size(0, n, n)), *dF, *dG, *dZ, *ds, *dw;
    ef_randmat(&rng, 0, n, n, F, n);
    ef_randmat(&rng, 0, n, n, G, n);
    const hzgsvd_options au = hzgsvd_default_options();
    size_t bytes = 0;
    hzgsvd_info info;
    hzgsvd_gpu_dgsvd_inplace_workspace_size(n, n, n, &au, &bytes);
    cudaMalloc(&dF, sizeof(double) * n * n); cudaMalloc(&dG, sizeof(double) * n * n); cudaMalloc(&dZ, sizeof(double) * n * n);
    cudaMalloc(&ds, sizeof(double) * 3 * n); cudaMalloc(&dw, bytes);
    cudaMemcpy(dF, F, sizeof(double) * n * n, cudaMemcpyHostToDevice);
    cudaMemcpy(dG, G, sizeof(double) * n * n, cudaMemcpyHostToDevice);
    const hzgsvd_status st = hzgsvd_gpu_dgsvd_inplace(n, n, n, dF, n, dG, n, dZ, n, ds, ds + n, ds + 2 * n, dw, bytes, 0, &au, &info);
    CHECK(st == HZGSVD_SUCCESS && info.preconditioner == HZGSVD_PRECONDITION_NONE && strstr(info.precondition_note, "in-place"),
          "in place AUTO: status %d preconditioner %d (%s)", (int)st, info.preconditioner, info.precondition_note);
    cudaFree(dF); cudaFree(dG); cudaFree(dZ); cudaFree(ds); cudaFree(dw);
    free(F); free(G);
}

/* F = R1 diag(10^(-g..g)), G = R2 diag(10^(g..-g)) (test_engine_lapack's family), n x n. */
static void graded_pair(int cplx, int n, int g, double *F, double *G)
{
    tu_rng rng = { 1000u + (uint64_t)g };
    ef_graded_pair(&rng, cplx, n, g, F, G);
}

/* The rank probe on its own: the full-rank run in the front door's mode (what hzgsvd__gsvd_any
 * passes with preprocess = -1) stops after the QR, before any sweep, outputs unwritten, under kind;
 * with preprocess = 0 (REPORT: the caller asked for the full-rank engine alone) it sweeps. */
static void probe_direct(int cplx, int n, const double *F, const double *G, int kind)
{
    const char *pr = cplx ? "z" : "d", *kn = hzgsvd_precondition_name(kind);
    hzgsvd_options o = with_pre(kind);
    double *U = ef_dup(F, ef_size(cplx, n, n)), *V = ef_dup(G, ef_size(cplx, n, n)), *Z = ef_new(ef_size(cplx, n, n)), *s = ef_new(3 * (size_t)n);
    hzgsvd_info info;
    int written = -1;
    const hzgsvd_status st = hzgsvd__gpu_host_run(cplx ? &hzgsvd__z_gpu_prec : &hzgsvd__d_gpu_prec, n, n, n, U, n, V, n, Z, n, s, s + n, s + 2 * n,
                                                  &o, &info, HZGSVD__DEFICIENT_REROUTE, &written);
    CHECK(st == HZGSVD_ERR_RANK_DEFICIENT && written == 0 && info.sweeps == 0 && info.preconditioner == HZGSVD_PRECONDITION_NONE &&
              strstr(info.detail, "numerically rank deficient: |R(") && strstr(info.precondition_note, "rank deficient in the preconditioner's QR") &&
              !memcmp(U, F, sizeof(double) * ef_size(cplx, n, n)),
          "probe %s %s: status %d, written %d, sweeps %d (%s; %s)", kn, pr, (int)st, written, info.sweeps, info.detail, info.precondition_note);
    printf("  probe %-6s %s n=%d: %s, %.3f s\n", kn, pr, n, info.detail, info.precondition_seconds);
    o.preprocess = 0;   /* REPORT: no probe, the sweeps run (they stall or end in the rank test) */
    ef_run r = gpu_solve(cplx, n, n, n, F, G, &o);
    CHECK(r.info.sweeps > 0 && !strstr(r.info.precondition_note, "rank deficient in the preconditioner's QR"),
          "probe %s %s: preprocess = 0 probed (status %d, %d sweeps, %s)", kn, pr, (int)r.st, r.info.sweeps, r.info.precondition_note);
    ef_run_free(&r);
    free(U); free(V); free(Z); free(s);
}

/* Graded pairs with QR_EIG and QR_SVD (and, at g = 8, AUTO): converged, sigma normwise as the CPU
 * engine's (each sigma as the CPU engine's where neither engine reduces the pair).  At g = 8 G is
 * numerically rank deficient: the rank probe sends the pair to the reduction before any sweep
 * (preprocessed, the core's sweeps only).  QR_EIG's start gives way where the full-rank path runs. */
static void graded(int cplx, int n, int g)
{
    static const int kinds[3] = {HZGSVD_PRECONDITION_QR_EIG, HZGSVD_PRECONDITION_QR_SVD, HZGSVD_PRECONDITION_AUTO};
    const char *pr = cplx ? "z" : "d";
    double *F = ef_new(ef_size(cplx, n, n)), *G = ef_new(ef_size(cplx, n, n));
    graded_pair(cplx, n, g, F, G);
    ef_run cpu = ef_solve(cplx, n, n, n, F, G, NULL), runs[3];
    const int nk = g == 8 ? 3 : 2;
    CHECK(cpu.st == HZGSVD_SUCCESS, "graded %s n=%d g=%d: CPU status %d (%s)", pr, n, g, (int)cpu.st, cpu.info.detail);
    for (int k = 0; k < nk && cpu.st == HZGSVD_SUCCESS; ++k) {
        const hzgsvd_options o = with_pre(kinds[k]);
        const char *kn = hzgsvd_precondition_name(kinds[k]);
        ef_run p = gpu_solve(cplx, n, n, n, F, G, &o);
        CHECK(p.st == HZGSVD_SUCCESS, "graded %s %s n=%d g=%d: status %d (%s)", kn, pr, n, g, (int)p.st, p.info.detail);
        if (p.st == HZGSVD_SUCCESS) {
            const int full = !p.info.preprocessed && !cpu.info.preprocessed;
            double e = 0.0, r = 0.0;
            for (int i = 0; i < n; ++i) e = fmax(e, fabs(p.s[i] - cpu.s[i]) / cpu.s[0]);
            if (full) r = ef_relerr(p.s, cpu.s, n);
            CHECK(e <= B_GRADED(n), "graded %s %s n=%d g=%d: sigma vs CPU %.3e > %.3e", kn, pr, n, g, e, B_GRADED(n));
            CHECK(r <= B_GRADED_REL(n), "graded %s %s n=%d g=%d: each sigma vs CPU %.3e > %.3e", kn, pr, n, g, r, B_GRADED_REL(n));
            CHECK(g < 8 || (p.info.preprocessed == 1 && p.info.sweeps < 30), "graded %s %s n=%d g=8: reduced %d, %d sweeps (the probe's reroute)",
                  kn, pr, n, p.info.preprocessed, p.info.sweeps);
            printf("  graded %-6s %s n=%d g=%d: %s, %d sweeps, reduced %d, %.3f s (CPU: %d sweeps, reduced %d), sigma vs CPU %.2e normwise%s%.2e\n", kn,
                   pr, n, g, hzgsvd_precondition_name(p.info.preconditioner), p.info.sweeps, p.info.preprocessed, p.info.seconds, cpu.info.sweeps,
                   cpu.info.preprocessed, e, full ? ", each " : "", full ? r : 0.0);
        }
        if (g == 8) probe_direct(cplx, n, F, G, kinds[k]);
        runs[k] = p;
    }
    if (cpu.st == HZGSVD_SUCCESS && g <= 4 && runs[0].st == HZGSVD_SUCCESS && runs[1].st == HZGSVD_SUCCESS) {
        const ef_run *e = &runs[0], *v = &runs[1];
        CHECK(e->info.preconditioner == HZGSVD_PRECONDITION_QR_SVD && strstr(e->info.precondition_note, "after qr-eig's start") &&
                  ef_same_bits(e, v) && e->info.sweeps == v->info.sweeps + HZGSVD__QR_EIG_SWEEPS,
              "graded %s n=%d g=%d: QR_EIG did not give way to QR_SVD (preconditioner %d, %d sweeps against %d, bitwise %d; %s)", pr, n, g,
              e->info.preconditioner, e->info.sweeps, v->info.sweeps, ef_same_bits(e, v), e->info.precondition_note);
    }
    for (int k = 0; k < nk && cpu.st == HZGSVD_SUCCESS; ++k) ef_run_free(&runs[k]);
    ef_run_free(&cpu);
    free(F); free(G);
}

/* What needs no GPU: the refusals come before any device call; QR_SVD in copying mode passes the
 * checks (no device: HZGSVD_ERR_NO_DEVICE; with one, a run). */
static void host_checks(void)
{
    double F[64], G[64], Z[64], s[24];
    hzgsvd_info info;
    hzgsvd_options o = with_pre(3);
    for (int i = 0; i < 64; ++i) { F[i] = i % 9 == 0 ? 2.0 : 0.125 * (i % 5); G[i] = i % 9 == 0 ? 1.0 : -0.0625 * (i % 3); }
    CHECK(hzgsvd_gpu_dgsvd_host(8, 8, 8, F, 8, G, 8, Z, 8, s, s + 8, s + 16, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT &&
              strstr(info.detail, "precondition"), "precondition = 3 not refused: %s", info.detail);
    o = with_pre(-2);
    CHECK(hzgsvd_gpu_dgsvd_host(8, 8, 8, F, 8, G, 8, Z, 8, s, s + 8, s + 16, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT &&
              strstr(info.detail, "precondition"), "precondition = -2 not refused: %s", info.detail);
    for (int kind = HZGSVD_PRECONDITION_QR_EIG; kind <= HZGSVD_PRECONDITION_QR_SVD; ++kind) {
        const char *kn = hzgsvd_precondition_name(kind);
        o = with_pre(kind);
        o.max_sweeps = 1;   /* the second sweep certifies a preconditioned start */
        CHECK(hzgsvd_gpu_dgsvd_host(8, 8, 8, F, 8, G, 8, Z, 8, s, s + 8, s + 16, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT &&
                  strstr(info.detail, "max_sweeps >= 2"), "%s with max_sweeps = 1 not refused: %s", kn, info.detail);
        o.max_sweeps = 30;
        CHECK(hzgsvd_gpu_dgsvd_inplace(64, 64, 64, F, 64, G, 64, Z, 64, s, s, s, NULL, 0, 0, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT &&
                  strstr(info.detail, "in-place"), "%s in place not refused: %s", kn, info.detail);
        CHECK(hzgsvd_cpu_dgsvd(8, 8, 8, F, 8, G, 8, Z, 8, s, s + 8, s + 16, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT &&
                  strstr(info.detail, "CPU engine has no preconditioner"), "%s on the CPU engine not refused: %s", kn, info.detail);
    }
    o = with_pre(HZGSVD_PRECONDITION_QR_SVD);
    double U[64], V[64];
    memcpy(U, F, sizeof U); memcpy(V, G, sizeof V);
    const hzgsvd_status st = hzgsvd_gpu_dgsvd_host(8, 8, 8, U, 8, V, 8, Z, 8, s, s + 8, s + 16, &o, &info);
    CHECK(st == (hzgsvd_gpu_available() ? HZGSVD_SUCCESS : HZGSVD_ERR_NO_DEVICE), "QR_SVD in copying mode: status %d (%s)", (int)st, info.detail);
}

int main(int argc, char **argv)
{
    tu_start("test_gpu_precondition");
    host_checks();
    if (argc == 2 && !strcmp(argv[1], "--host-checks")) return tu_finish();
    if (!hzgsvd_gpu_available()) { printf("SKIPPED: no GPU\n"); return tu_finish(); }
    if (argc == 2 && !strcmp(argv[1], "--quick")) {   /* every kernel of the stage: both solvers, the probe */
        known_pair(0, 256, 256, 256, 1);
        known_pair(1, 256, 256, 256, 2);
        double *F = ef_new(ef_size(1, 256, 256)), *G = ef_new(ef_size(1, 256, 256));
        graded_pair(1, 256, 8, F, G);
        probe_direct(1, 256, F, G, HZGSVD_PRECONDITION_QR_SVD);
        free(F); free(G);
        return tu_finish();
    }
    for (int c = 0; c < 2; ++c) {
        known_pair(c, 256, 256, 256, 11 + c);
        known_pair(c, 300, 341, 300, 13 + c);     /* bordered (300 -> 320), tall G */
        known_pair(c, 512, 512, 512, 15 + c);
        trust_test_fallback(c);
        for (int g = 4; g <= 8; g += 2) graded(c, 256, g);   /* g = 8: the rank probe */
        graded(c, 512, 3);
    }
    auto_and_device();
    inplace_auto();
    return tu_finish();
}
