/* test_engine_precondition.c -- the CPU engine's preconditioned start (HZGSVD_CPU_LAPACK,
 * templates/hzgsvd_cpu_precondition.c) against the plain start and the exact sigma.
 *
 * Properties (bounds: test/engine_fixtures.h; docs/NUMERICS.md, "A preconditioned start"):
 *   - QR_EIG on known-sigma pairs (cond X = 100, sigma in [1e-3, 1e3]; square, bordered with a tall
 *     G; real and complex): the stage ran (info.preconditioner, growth in (0, 2^16]), fewer sweeps
 *     than the plain start, sigma within B_EXACT of the exact sigma and within B_AGREE of the plain
 *     run's, residuals B_RESID, U and V orthonormal to B_ORTH, sf^2 + sg^2 = 1 to B_NORM1; two runs
 *     bitwise equal, and 1 and 2 threads bitwise equal;
 *   - a pair whose [F; G] has two nearly equal columns fails the trust test: the plain start, bitwise
 *     as NONE;
 *   - AUTO: n below 256 is the plain start (and says so), n = 256 the preconditioner; a general
 *     pair's core starts plainly under AUTO (and says so);
 *   - a value outside -1..1 is refused. */
#define HZGSVD_CPU_LAPACK
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "test/testutil.h"
#include "test/engine_fixtures.h"

#include <string.h>

/* sigma against the exact sigma of a known pair (cond X = 100): as test_gpu_precondition's. */
#define B_EXACT(n) (4.0 * (n) * 100.0 * EF_U)

static hzgsvd_options with_pre(int precondition, int threads)
{
    hzgsvd_options o = hzgsvd_default_options();
    o.precondition = precondition;
    o.threads = threads;
    return o;
}

static void known_pair(int cplx, int m_f, int m_g, int n, uint64_t seed)
{
    const char *pr = cplx ? "z" : "d";
    tu_rng rng = { seed };
    double *F = ef_new(ef_size(cplx, m_f, n)), *G = ef_new(ef_size(cplx, m_g, n));
    long double *exact = (long double *)malloc(sizeof(long double) * n);
    ef_known_pair(&rng, cplx, m_f, m_g, n, 1e-3, 1e3, 100.0, F, G, exact);
    ef_sort_desc_ld(exact, n);
    const hzgsvd_options qr = with_pre(HZGSVD_PRECONDITION_QR_EIG, 1), qr2 = with_pre(HZGSVD_PRECONDITION_QR_EIG, 2);
    const hzgsvd_options none = with_pre(HZGSVD_PRECONDITION_NONE, 0);
    ef_run p = ef_solve(cplx, m_f, m_g, n, F, G, &qr), p2 = ef_solve(cplx, m_f, m_g, n, F, G, &qr2);
    ef_run plain = ef_solve(cplx, m_f, m_g, n, F, G, &none);
    CHECK(p.st == HZGSVD_SUCCESS && plain.st == HZGSVD_SUCCESS, "known %s %dx%d/%d: status %d, plain %d (%s)", pr, m_f, m_g, n, (int)p.st,
          (int)plain.st, p.info.detail);
    if (p.st == HZGSVD_SUCCESS && plain.st == HZGSVD_SUCCESS) {
        const ef_quality q = ef_assess(&p, F, G);
        const double e_exact = ef_relerr_ld(p.s, exact, n), e_plain = ef_relerr(p.s, plain.s, n);
        CHECK(p.info.preconditioner == HZGSVD_PRECONDITION_QR_EIG && p.info.precondition_growth > 0.0 && p.info.precondition_growth <= 65536.0,
              "known %s n=%d: preconditioner %d growth %.3g (%s)", pr, n, p.info.preconditioner, p.info.precondition_growth,
              p.info.precondition_note);
        CHECK(p.info.sweeps < plain.info.sweeps, "known %s n=%d: %d sweeps preconditioned, %d plain", pr, n, p.info.sweeps, plain.info.sweeps);
        CHECK(e_exact <= B_EXACT(n), "known %s n=%d: sigma vs exact %.3e > %.3e", pr, n, e_exact, B_EXACT(n));
        CHECK(e_plain <= B_AGREE(n), "known %s n=%d: sigma vs the plain start %.3e > %.3e", pr, n, e_plain, B_AGREE(n));
        CHECK(q.finite && q.descending, "known %s n=%d: outputs not finite or not descending", pr, n);
        CHECK(q.resid_f <= B_RESID(n) && q.resid_g <= B_RESID(n), "known %s n=%d: residuals %.3e %.3e > %.3e", pr, n, q.resid_f, q.resid_g,
              B_RESID(n));
        CHECK(q.orth_u <= B_ORTH(n, 16) && q.orth_v <= B_ORTH(n, 16), "known %s n=%d: orthogonality %.3e %.3e", pr, n, q.orth_u, q.orth_v);
        CHECK(q.norm1 <= B_NORM1, "known %s n=%d: |sf^2 + sg^2 - 1| %.3e", pr, n, q.norm1);
        CHECK(p2.st == HZGSVD_SUCCESS && ef_same_bits(&p, &p2), "known %s n=%d: 1 and 2 threads differ", pr, n);
        printf("  known %s %3dx%3d/%3d: sweeps %d (plain %d), growth %.2e, precondition %.3f s of %.3f s (plain %.3f s); sigma vs exact %.2e, "
               "vs plain %.2e; resid %.1e %.1e, orth %.1e %.1e\n", pr, m_f, m_g, n, p.info.sweeps, plain.info.sweeps, p.info.precondition_growth,
               p.info.precondition_seconds, p.info.seconds, plain.info.seconds, e_exact, e_plain, q.resid_f, q.resid_g, q.orth_u, q.orth_v);
    }
    ef_run_free(&p); ef_run_free(&p2); ef_run_free(&plain);
    free(F); free(G); free(exact);
}

static void trust_test_fallback(int cplx)
{
    const int n = 256;
    tu_rng rng = { 77 };
    double *F = ef_new(ef_size(cplx, n, n)), *G = ef_new(ef_size(cplx, n, n));
    ef_near_dependent_pair(&rng, cplx, n, F, G);
    const hzgsvd_options qr = with_pre(HZGSVD_PRECONDITION_QR_EIG, 0), none = with_pre(HZGSVD_PRECONDITION_NONE, 0);
    ef_run p = ef_solve(cplx, n, n, n, F, G, &qr), plain = ef_solve(cplx, n, n, n, F, G, &none);
    CHECK(p.info.preconditioner == HZGSVD_PRECONDITION_NONE && p.info.precondition_growth > 65536.0 &&
              strstr(p.info.precondition_note, "trust test") != NULL,
          "trust %d: preconditioner %d growth %.3g note '%s'", cplx, p.info.preconditioner, p.info.precondition_growth, p.info.precondition_note);
    CHECK(p.st == plain.st && (p.st != HZGSVD_SUCCESS || ef_same_bits(&p, &plain)), "trust %d: the fallback is not bitwise the plain start", cplx);
    ef_run_free(&p); ef_run_free(&plain);
    free(F); free(G);
}

static void auto_choice(void)
{
    tu_rng rng = { 5 };
    for (int k = 0; k < 2; ++k) {
        const int n = k ? 256 : 128;
        double *F = ef_new(ef_size(0, n, n)), *G = ef_new(ef_size(0, n, n));
        ef_randmat(&rng, 0, n, n, F, n);
        ef_randmat(&rng, 0, n, n, G, n);
        ef_run r = ef_solve(0, n, n, n, F, G, NULL);
        CHECK(r.st == HZGSVD_SUCCESS && r.info.preconditioner == (k ? HZGSVD_PRECONDITION_QR_EIG : HZGSVD_PRECONDITION_NONE) &&
                  (k || strstr(r.info.precondition_note, "below")),
              "auto n=%d: status %d preconditioner %d (%s)", n, (int)r.st, r.info.preconditioner, r.info.precondition_note);
        ef_run_free(&r);
        free(F); free(G);
    }
    /* a general pair (G with fewer rows than columns): its core starts plainly under AUTO */
    const int n = 300, mg = 299;
    double *F = ef_new(ef_size(0, n + 3, n)), *G = ef_new(ef_size(0, mg, n));
    ef_randmat(&rng, 0, n + 3, n, F, n + 3);
    ef_randmat(&rng, 0, mg, n, G, mg);
    ef_run r = ef_solve(0, n + 3, mg, n, F, G, NULL);
    CHECK(r.st == HZGSVD_SUCCESS && r.info.preprocessed && r.info.preconditioner == HZGSVD_PRECONDITION_NONE &&
              strstr(r.info.precondition_note, "core"), "general pair under AUTO: status %d, preconditioner %d (%s)", (int)r.st,
          r.info.preconditioner, r.info.precondition_note);
    ef_run_free(&r);
    free(F); free(G);
}

static void refusals(void)
{
    double F[64], G[64], Z[64], s[24];
    hzgsvd_info info;
    hzgsvd_options o = with_pre(2, 0);
    memset(F, 0, sizeof F);
    CHECK(hzgsvd_cpu_dgsvd(8, 8, 8, F, 8, G, 8, Z, 8, s, s + 8, s + 16, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT &&
              strstr(info.detail, "precondition"), "precondition = 2 not refused: %s", info.detail);
}

int main(void)
{
    tu_start("test_engine_precondition");
    refusals();
    for (int c = 0; c < 2; ++c) {
        known_pair(c, 256, 256, 256, 11 + c);
        known_pair(c, 300, 341, 300, 13 + c);     /* bordered (300 -> 320), tall G */
        trust_test_fallback(c);
    }
    auto_choice();
    return tu_finish();
}
