/* test_gpu_precondition.cu -- the single-GPU engine's preconditioned start (options.precondition,
 * templates/hzgsvd_gpu_precondition.cu) against the plain start and the CPU engine on the same input.
 *
 *   build/test_gpu_precondition               every check (the host checks alone, and SKIPPED, without a GPU)
 *   build/test_gpu_precondition --host-checks  only what needs no GPU (the option's refusals)
 *   build/test_gpu_precondition --quick        one pair per precision (compute-sanitizer)
 *
 * Properties checked (bounds: test/engine_fixtures.h and docs/NUMERICS.md, "A preconditioned start"):
 *   - QR_EIG on known-sigma pairs (cond X = 100; square, tall, bordered n; real and complex): the
 *     preconditioner ran (info.preconditioner, a growth <= 2^16), fewer sweeps than the plain start,
 *     sigma within B_EXACT of the exact sigma and within SIGMA_REFINED_VS_CPU of the CPU engine's,
 *     residuals B_RESID, U and V orthonormal to B_ORTH, sf^2 + sg^2 = 1 to B_NORM1;
 *   - two runs bitwise equal; the device entry point with a caller's workspace equal to the host one;
 *   - a pair whose [F; G] has nearly dependent columns fails the trust test: the plain start runs,
 *     bitwise the same as options.precondition = NONE;
 *   - AUTO: n below 256 and in place take the plain start (and say so), n >= 256 the preconditioner;
 *   - graded pairs (g = 4 .. 8, n = 256) with QR_EIG converge, sigma normwise within B_GRADED of
 *     the CPU engine's (which solves g = 8 by the reduction);
 *   - refusals: QR_EIG in place, on the CPU engine; a value outside -1..1. */
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

/* Known-sigma pair: QR_EIG against NONE, the CPU engine and the exact sigma; repeatability. */
static void known_pair(int cplx, int m_f, int m_g, int n, uint64_t seed)
{
    const char *pr = cplx ? "z" : "d";
    tu_rng rng = { seed };
    double *F = ef_new(ef_size(cplx, m_f, n)), *G = ef_new(ef_size(cplx, m_g, n));
    long double *exact = (long double *)malloc(sizeof(long double) * n);
    ef_known_pair(&rng, cplx, m_f, m_g, n, 1e-3, 1e3, 100.0, F, G, exact);
    ef_sort_desc_ld(exact, n);
    const hzgsvd_options qr = with_pre(HZGSVD_PRECONDITION_QR_EIG), none = with_pre(HZGSVD_PRECONDITION_NONE);
    ef_run p = gpu_solve(cplx, m_f, m_g, n, F, G, &qr), p2 = gpu_solve(cplx, m_f, m_g, n, F, G, &qr);
    ef_run plain = gpu_solve(cplx, m_f, m_g, n, F, G, &none), cpu = ef_solve(cplx, m_f, m_g, n, F, G, NULL);
    CHECK(p.st == HZGSVD_SUCCESS && plain.st == HZGSVD_SUCCESS && cpu.st == HZGSVD_SUCCESS, "known %s %dx%d/%d: status %d %d %d (%s)", pr, m_f,
          m_g, n, (int)p.st, (int)plain.st, (int)cpu.st, p.info.detail);
    if (p.st == HZGSVD_SUCCESS && plain.st == HZGSVD_SUCCESS && cpu.st == HZGSVD_SUCCESS) {
        const ef_quality q = ef_assess(&p, F, G);
        const double e_exact = ef_relerr_ld(p.s, exact, n), e_plain = ef_relerr_ld(plain.s, exact, n), e_cpu = ef_relerr(p.s, cpu.s, n);
        CHECK(p.info.preconditioner == HZGSVD_PRECONDITION_QR_EIG && p.info.precondition_growth > 0.0 && p.info.precondition_growth <= 65536.0,
              "known %s n=%d: preconditioner %d growth %.3g (%s)", pr, n, p.info.preconditioner, p.info.precondition_growth,
              p.info.precondition_note);
        CHECK(plain.info.preconditioner == HZGSVD_PRECONDITION_NONE, "known %s n=%d: NONE ran a preconditioner", pr, n);
        CHECK(p.info.sweeps < plain.info.sweeps, "known %s n=%d: %d sweeps preconditioned, %d plain", pr, n, p.info.sweeps, plain.info.sweeps);
        CHECK(e_exact <= B_EXACT(n), "known %s n=%d: sigma vs exact %.3e > %.3e (plain %.3e)", pr, n, e_exact, B_EXACT(n), e_plain);
        CHECK(e_cpu <= SIGMA_REFINED_VS_CPU, "known %s n=%d: sigma vs CPU %.3e > %.3e", pr, n, e_cpu, SIGMA_REFINED_VS_CPU);
        CHECK(q.finite && q.descending, "known %s n=%d: outputs not finite or not descending", pr, n);
        CHECK(q.resid_f <= B_RESID(n) && q.resid_g <= B_RESID(n), "known %s n=%d: residuals %.3e %.3e > %.3e", pr, n, q.resid_f, q.resid_g,
              B_RESID(n));
        CHECK(q.orth_u <= B_ORTH(n, 16) && q.orth_v <= B_ORTH(n, 16), "known %s n=%d: orthogonality %.3e %.3e > %.3e", pr, n, q.orth_u,
              q.orth_v, B_ORTH(n, 16));
        CHECK(q.norm1 <= B_NORM1, "known %s n=%d: |sf^2 + sg^2 - 1| %.3e", pr, n, q.norm1);
        CHECK(p2.st == HZGSVD_SUCCESS && ef_same_bits(&p, &p2), "known %s n=%d: two preconditioned runs differ", pr, n);
        printf("  known %s %4dx%4d/%4d: sweeps %d (plain %d), growth %.2e, precondition %.3f s; sigma vs exact %.2e (plain %.2e), vs CPU %.2e, "
               "resid %.1e %.1e, orth %.1e %.1e\n", pr, m_f, m_g, n, p.info.sweeps, plain.info.sweeps, p.info.precondition_growth,
               p.info.precondition_seconds, e_exact, e_plain, e_cpu, q.resid_f, q.resid_g, q.orth_u, q.orth_v);
    }
    ef_run_free(&p); ef_run_free(&p2); ef_run_free(&plain); ef_run_free(&cpu);
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

/* Graded pairs (test_engine_lapack's family) with QR_EIG: converged, sigma normwise as the CPU engine's. */
static void graded(int cplx, int n, int g)
{
    const char *pr = cplx ? "z" : "d";
    const int C = cplx ? 2 : 1;
    tu_rng rng = { 1000u + (uint64_t)g };
    double *F = ef_new(ef_size(cplx, n, n)), *G = ef_new(ef_size(cplx, n, n));
    ef_randmat(&rng, cplx, n, n, F, n);
    ef_randmat(&rng, cplx, n, n, G, n);
    for (int j = 0; j < n; ++j) {
        const double e = -g + 2.0 * g * j / (n - 1), df = pow(10.0, e), dg = pow(10.0, -e);
        for (int i = 0; i < C * n; ++i) { F[(size_t)C * n * j + i] *= df; G[(size_t)C * n * j + i] *= dg; }
    }
    const hzgsvd_options qr = with_pre(HZGSVD_PRECONDITION_QR_EIG);
    ef_run p = gpu_solve(cplx, n, n, n, F, G, &qr), cpu = ef_solve(cplx, n, n, n, F, G, NULL);
    CHECK(p.st == HZGSVD_SUCCESS && cpu.st == HZGSVD_SUCCESS, "graded %s n=%d g=%d: status %d, CPU %d (%s)", pr, n, g, (int)p.st, (int)cpu.st,
          p.info.detail);
    if (p.st == HZGSVD_SUCCESS && cpu.st == HZGSVD_SUCCESS) {
        double e = 0.0;
        for (int i = 0; i < n; ++i) e = fmax(e, fabs(p.s[i] - cpu.s[i]) / cpu.s[0]);
        CHECK(e <= B_GRADED(n), "graded %s n=%d g=%d: sigma vs CPU %.3e > %.3e", pr, n, g, e, B_GRADED(n));
        printf("  graded %s n=%d g=%d: %s, %d sweeps, reduced %d (CPU: %d sweeps, reduced %d), sigma vs CPU %.2e\n", pr, n, g,
               hzgsvd_precondition_name(p.info.preconditioner), p.info.sweeps, p.info.preprocessed, cpu.info.sweeps, cpu.info.preprocessed, e);
    }
    ef_run_free(&p); ef_run_free(&cpu);
    free(F); free(G);
}

/* What needs no GPU: the refusals come before any device call. */
static void host_checks(void)
{
    double F[64], G[64], Z[64], s[24];
    hzgsvd_info info;
    hzgsvd_options o = with_pre(2);
    CHECK(hzgsvd_gpu_dgsvd_host(8, 8, 8, F, 8, G, 8, Z, 8, s, s + 8, s + 16, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT &&
              strstr(info.detail, "precondition"), "precondition = 2 not refused: %s", info.detail);
    o = with_pre(HZGSVD_PRECONDITION_QR_EIG);
    CHECK(hzgsvd_gpu_dgsvd_inplace(64, 64, 64, F, 64, G, 64, Z, 64, s, s, s, NULL, 0, 0, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT &&
              strstr(info.detail, "in-place"), "QR_EIG in place not refused: %s", info.detail);
    CHECK(hzgsvd_cpu_dgsvd(8, 8, 8, F, 8, G, 8, Z, 8, s, s + 8, s + 16, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT &&
              strstr(info.detail, "CPU engine has no preconditioner"), "QR_EIG on the CPU engine not refused: %s", info.detail);
}

int main(int argc, char **argv)
{
    tu_start("test_gpu_precondition");
    host_checks();
    if (argc == 2 && !strcmp(argv[1], "--host-checks")) return tu_finish();
    if (!hzgsvd_gpu_available()) { printf("SKIPPED: no GPU\n"); return tu_finish(); }
    if (argc == 2 && !strcmp(argv[1], "--quick")) {
        known_pair(0, 256, 256, 256, 1);
        known_pair(1, 256, 256, 256, 2);
        return tu_finish();
    }
    for (int c = 0; c < 2; ++c) {
        known_pair(c, 256, 256, 256, 11 + c);
        known_pair(c, 300, 341, 300, 13 + c);     /* bordered (300 -> 320), tall G */
        known_pair(c, 512, 512, 512, 15 + c);
        trust_test_fallback(c);
        for (int g = 4; g <= 8; g += 2) graded(c, 256, g);
    }
    auto_and_device();
    inplace_auto();
    return tu_finish();
}
