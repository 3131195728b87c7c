/* test_engine_precondition.c -- the CPU engine's preconditioned start (HZGSVD_CPU_LAPACK,
 * templates/hzgsvd_cpu_precondition.c) against the plain start and the exact sigma.
 *
 * Properties (bounds: test/engine_fixtures.h; docs/NUMERICS.md, "A preconditioned start"):
 *   - QR_EIG and QR_SVD on known-sigma pairs (cond X = 100, sigma in [1e-3, 1e3]; square, bordered
 *     with a tall G; real and complex): the stage ran (info.preconditioner, growth in (0, 2^16]),
 *     fewer sweeps than the plain start, sigma within B_EXACT of the exact sigma and within B_AGREE
 *     of the plain run's, residuals B_RESID, U and V orthonormal to B_ORTH, sf^2 + sg^2 = 1 to
 *     B_NORM1; two runs bitwise equal, and 1 and 2 threads bitwise equal;
 *   - a pair whose [F; G] has two nearly equal columns fails the trust test (either kind): the
 *     plain start, bitwise as NONE;
 *   - AUTO: n below 64 is the plain start (and says so), n = 64 QR_SVD; a general pair's core is
 *     preconditioned too;
 *   - Tikhonov pairs (A with singular values 1 .. 1e-12, L the first or second difference; general:
 *     the reduction's core): AUTO's core takes at most a third of the plain core's sweeps, with the
 *     same K, L and alpha, beta within B_TIK of the plain run's;
 *   - the front door's rank probe: graded pairs (g = 8 at n = 128, g = 10 at n = 64), whose G the
 *     QR shows rank deficient, go to the reduction before any sweep of the full-rank path (progress
 *     callbacks: the core's sweeps only; the plain start stalls 30 sweeps first), with the plain
 *     run's K, L and sigma;
 *   - QR_EIG gives way to QR_SVD (hzgsvd__start_gives_way): graded pairs (g = 3, n = 128; g = 5,
 *     n = 128 through the reduction, whose core QR_EIG's start once left sigma_min 9e-4 off) asked
 *     for QR_EIG by name come back bitwise as a QR_SVD run, the note saying why, the progress lines
 *     counting every sweep of both starts, alpha and beta within 64 n u of the plain start's; where
 *     max_sweeps leaves no room for a second start (4) QR_EIG stays;
 *   - a value outside -1..2 is refused, and QR_EIG or QR_SVD with max_sweeps = 1 (AUTO then starts
 *     plainly). */
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

static void known_pair(int kind, int cplx, int m_f, int m_g, int n, uint64_t seed)
{
    const char *pr = cplx ? "z" : "d";
    tu_rng rng = { seed };
    double *F = ef_new(ef_size(cplx, m_f, n)), *G = ef_new(ef_size(cplx, m_g, n));
    long double *exact = (long double *)malloc(sizeof(long double) * n);
    ef_known_pair(&rng, cplx, m_f, m_g, n, 1e-3, 1e3, 100.0, F, G, exact);
    ef_sort_desc_ld(exact, n);
    const hzgsvd_options qr = with_pre(kind, 1), qr2 = with_pre(kind, 2);
    const hzgsvd_options none = with_pre(HZGSVD_PRECONDITION_NONE, 0);
    ef_run p = ef_solve(cplx, m_f, m_g, n, F, G, &qr), p2 = ef_solve(cplx, m_f, m_g, n, F, G, &qr2);
    ef_run plain = ef_solve(cplx, m_f, m_g, n, F, G, &none);
    CHECK(p.st == HZGSVD_SUCCESS && plain.st == HZGSVD_SUCCESS, "known %s %dx%d/%d: status %d, plain %d (%s)", pr, m_f, m_g, n, (int)p.st,
          (int)plain.st, p.info.detail);
    if (p.st == HZGSVD_SUCCESS && plain.st == HZGSVD_SUCCESS) {
        const ef_quality q = ef_assess(&p, F, G);
        const double e_exact = ef_relerr_ld(p.s, exact, n), e_plain = ef_relerr(p.s, plain.s, n);
        CHECK(p.info.preconditioner == kind && p.info.precondition_growth > 0.0 && p.info.precondition_growth <= 65536.0,
              "known %s n=%d: preconditioner %d growth %.3g (%s)", pr, n, p.info.preconditioner, p.info.precondition_growth,
              p.info.precondition_note);
        CHECK(p.info.sweeps < plain.info.sweeps, "known %s n=%d: %d sweeps preconditioned, %d plain", pr, n, p.info.sweeps, plain.info.sweeps);
        /* not rerouted: the front door's U/V check would send a preconditioned run that stopped
         * short of working accuracy to the reduction (silently slower) */
        CHECK(!p.info.preprocessed, "known %s n=%d: the preconditioned run was rerouted to the reduction (%s)", pr, n, p.info.detail);
        CHECK(e_exact <= B_EXACT(n), "known %s n=%d: sigma vs exact %.3e > %.3e", pr, n, e_exact, B_EXACT(n));
        CHECK(e_plain <= B_AGREE(n), "known %s n=%d: sigma vs the plain start %.3e > %.3e", pr, n, e_plain, B_AGREE(n));
        CHECK(q.finite && q.descending, "known %s n=%d: outputs not finite or not descending", pr, n);
        CHECK(q.resid_f <= B_RESID(n) && q.resid_g <= B_RESID(n), "known %s n=%d: residuals %.3e %.3e > %.3e", pr, n, q.resid_f, q.resid_g,
              B_RESID(n));
        CHECK(q.orth_u <= B_ORTH(n, 16) && q.orth_v <= B_ORTH(n, 16), "known %s n=%d: orthogonality %.3e %.3e", pr, n, q.orth_u, q.orth_v);
        CHECK(q.norm1 <= B_NORM1, "known %s n=%d: |sf^2 + sg^2 - 1| %.3e", pr, n, q.norm1);
        CHECK(p2.st == HZGSVD_SUCCESS && ef_same_bits(&p, &p2), "known %s n=%d: 1 and 2 threads differ", pr, n);
        printf("  %s known %s %3dx%3d/%3d: sweeps %d (plain %d), growth %.2e, precondition %.3f s of %.3f s (plain %.3f s); sigma vs exact %.2e, "
               "vs plain %.2e; resid %.1e %.1e, orth %.1e %.1e\n", hzgsvd_precondition_name(kind), pr, m_f, m_g, n, p.info.sweeps, plain.info.sweeps, p.info.precondition_growth,
               p.info.precondition_seconds, p.info.seconds, plain.info.seconds, e_exact, e_plain, q.resid_f, q.resid_g, q.orth_u, q.orth_v);
    }
    ef_run_free(&p); ef_run_free(&p2); ef_run_free(&plain);
    free(F); free(G); free(exact);
}

static void trust_test_fallback(int kind, int cplx)
{
    const int n = 256;
    tu_rng rng = { 77 };
    double *F = ef_new(ef_size(cplx, n, n)), *G = ef_new(ef_size(cplx, n, n));
    ef_near_dependent_pair(&rng, cplx, n, F, G);
    const hzgsvd_options qr = with_pre(kind, 0), none = with_pre(HZGSVD_PRECONDITION_NONE, 0);
    ef_run p = ef_solve(cplx, n, n, n, F, G, &qr), plain = ef_solve(cplx, n, n, n, F, G, &none);
    CHECK(p.info.preconditioner == HZGSVD_PRECONDITION_NONE && p.info.precondition_growth > 65536.0 &&
              strstr(p.info.precondition_note, "trust test") != NULL,
          "trust %d %d: preconditioner %d growth %.3g note '%s'", kind, cplx, p.info.preconditioner, p.info.precondition_growth, p.info.precondition_note);
    CHECK(p.st == plain.st && (p.st != HZGSVD_SUCCESS || ef_same_bits(&p, &plain)), "trust %d %d: the fallback is not bitwise the plain start", kind,
          cplx);
    ef_run_free(&p); ef_run_free(&plain);
    free(F); free(G);
}

static void auto_choice(void)
{
    tu_rng rng = { 5 };
    for (int k = 0; k < 2; ++k) {
        const int n = k ? 64 : 48;
        double *F = ef_new(ef_size(0, n, n)), *G = ef_new(ef_size(0, n, n));
        ef_randmat(&rng, 0, n, n, F, n);
        ef_randmat(&rng, 0, n, n, G, n);
        ef_run r = ef_solve(0, n, n, n, F, G, NULL);
        CHECK(r.st == HZGSVD_SUCCESS && r.info.preconditioner == (k ? HZGSVD_PRECONDITION_QR_SVD : HZGSVD_PRECONDITION_NONE) &&
                  (k || strstr(r.info.precondition_note, "below")),
              "auto n=%d: status %d preconditioner %d (%s)", n, (int)r.st, r.info.preconditioner, r.info.precondition_note);
        ef_run_free(&r);
        /* one sweep allowed: AUTO starts plainly (a preconditioned start could not be certified) */
        hzgsvd_options one = with_pre(HZGSVD_PRECONDITION_AUTO, 0);
        one.max_sweeps = 1;
        r = ef_solve(0, n, n, n, F, G, &one);
        CHECK(r.info.preconditioner == HZGSVD_PRECONDITION_NONE && r.info.sweeps == 1 &&
                  strstr(r.info.precondition_note, k ? "max_sweeps" : "below"),
              "auto n=%d, max_sweeps 1: status %d preconditioner %d sweeps %d (%s)", n, (int)r.st, r.info.preconditioner, r.info.sweeps,
              r.info.precondition_note);
        ef_run_free(&r);
        free(F); free(G);
    }
    /* a general pair (G with fewer rows than columns): its core is preconditioned under AUTO */
    const int n = 300, mg = 299;
    double *F = ef_new(ef_size(0, n + 3, n)), *G = ef_new(ef_size(0, mg, n));
    ef_randmat(&rng, 0, n + 3, n, F, n + 3);
    ef_randmat(&rng, 0, mg, n, G, mg);
    ef_run r = ef_solve(0, n + 3, mg, n, F, G, NULL);
    CHECK(r.st == HZGSVD_SUCCESS && r.info.preprocessed && r.info.preconditioner == HZGSVD_PRECONDITION_QR_SVD &&
              strstr(r.info.precondition_note, "qr-svd"), "general pair under AUTO: status %d, preconditioner %d (%s)", (int)r.st,
          r.info.preconditioner, r.info.precondition_note);
    ef_run_free(&r);
    free(F); free(G);
}

/* Tikhonov: F = A ((n + 100) x n, singular values log-spaced 1 .. 1e-12), G = L ((n - d) x n, the
 * d-th difference): a general pair, the reduction's core preconditioned under AUTO. */
static void tikhonov_core(int n, int d)
{
    const int m_f = n + 100, m_g = n - d;
    tu_rng rng = { 900u + (unsigned)d };
    double *F = ef_new((size_t)m_f * n), *G = ef_new((size_t)m_g * n), *U = ef_new((size_t)m_f * n), *V = ef_new((size_t)n * n);
    ef_orth(&rng, 0, m_f, n, U);
    ef_orth(&rng, 0, n, n, V);
    for (int j = 0; j < n; ++j)   /* F = U diag(s) V, U and V random orthonormal */
        for (int i = 0; i < m_f; ++i) U[i + (size_t)j * m_f] *= pow(10.0, -12.0 * j / (n - 1));
    ef_gemm(0, 0, m_f, n, n, U, m_f, V, n, F, m_f);
    ef_difference_operator(d, n, G);
    const hzgsvd_options none = with_pre(HZGSVD_PRECONDITION_NONE, 0);
    ef_run a = ef_solve(0, m_f, m_g, n, F, G, NULL), p = ef_solve(0, m_f, m_g, n, F, G, &none);
    CHECK(a.st == HZGSVD_SUCCESS && p.st == HZGSVD_SUCCESS && a.info.preprocessed && a.info.preconditioner == HZGSVD_PRECONDITION_QR_SVD,
          "Tikhonov n=%d d=%d: status %d / %d, preconditioner %d (%s)", n, d, (int)a.st, (int)p.st, a.info.preconditioner,
          a.info.precondition_note);
    if (a.st == HZGSVD_SUCCESS && p.st == HZGSVD_SUCCESS) {
        double e = 0.0;   /* alpha, beta in [0, 1]: normwise, as test_engine_general's B_TIK against xGGSVD3 */
        for (int j = 0; j < n; ++j) e = fmax(e, fmax(fabs(a.sf[j] - p.sf[j]), fabs(a.sg[j] - p.sg[j])));
        CHECK(a.info.rank_k == p.info.rank_k && a.info.rank_l == p.info.rank_l && e <= 64.0 * n * EF_U,
              "Tikhonov n=%d d=%d: K, L %d, %d against %d, %d plain; alpha, beta differ by %.2e", n, d, a.info.rank_k, a.info.rank_l,
              p.info.rank_k, p.info.rank_l, e);
        CHECK(3 * a.info.sweeps <= p.info.sweeps, "Tikhonov n=%d d=%d: the preconditioned core took %d sweeps, the plain one %d", n, d,
              a.info.sweeps, p.info.sweeps);
        printf("  Tikhonov n=%d d=%d: core sweeps %d (plain %d), %.3f s (plain %.3f s), alpha, beta vs plain %.1e\n", n, d, a.info.sweeps,
               p.info.sweeps, a.info.seconds, p.info.seconds, e);
    }
    ef_run_free(&a); ef_run_free(&p);
    free(F); free(G); free(U); free(V);
}

static void count_sweep(const hzgsvd_progress *p, void *user) { (void)p; ++*(int *)user; }

/* Graded: F = R1 diag(10^(-g .. g)), G = R2 diag(10^(g .. -g)).  At g = 8 the full-rank iteration
 * stalls; the rank probe of the preconditioner's QR sends the pair to the reduction at once. */
static void graded_probe(int cplx, int n, int g)
{
    tu_rng rng = { 4400u + (unsigned)cplx };
    double *F = ef_new(ef_size(cplx, n, n)), *G = ef_new(ef_size(cplx, n, n));
    ef_graded_pair(&rng, cplx, n, g, F, G);
    hzgsvd_options o = with_pre(HZGSVD_PRECONDITION_AUTO, 0), none = with_pre(HZGSVD_PRECONDITION_NONE, 0);
    int sweeps_auto = 0, sweeps_none = 0;
    o.progress = count_sweep; o.progress_user = &sweeps_auto;
    none.progress = count_sweep; none.progress_user = &sweeps_none;
    ef_run a = ef_solve(cplx, n, n, n, F, G, &o), p = ef_solve(cplx, n, n, n, F, G, &none);
    CHECK(a.st == HZGSVD_SUCCESS && p.st == HZGSVD_SUCCESS && a.info.preprocessed && p.info.preprocessed,
          "graded %d n=%d g=%d: status %d / %d, reduced %d / %d (%s)", cplx, n, g, (int)a.st, (int)p.st, a.info.preprocessed,
          p.info.preprocessed, a.info.detail);
    CHECK(sweeps_auto <= 10 && sweeps_none >= 30, "graded %d n=%d g=%d: %d sweeps in all under AUTO (the core's only?), %d plain", cplx, n, g,
          sweeps_auto, sweeps_none);
    if (a.st == HZGSVD_SUCCESS && p.st == HZGSVD_SUCCESS) {
        double e = 0.0;
        for (int j = 0; j < n; ++j) e = fmax(e, fmax(fabs(a.sf[j] - p.sf[j]), fabs(a.sg[j] - p.sg[j])));
        CHECK(a.info.rank_k == p.info.rank_k && a.info.rank_l == p.info.rank_l && e <= 64.0 * n * EF_U,
              "graded %d n=%d g=%d: K, L %d, %d against %d, %d plain; alpha, beta differ by %.2e", cplx, n, g, a.info.rank_k, a.info.rank_l,
              p.info.rank_k, p.info.rank_l, e);
        printf("  graded %s n=%d g=%d: %d sweeps in all (plain %d), %.3f s (plain %.3f s), K %d L %d, alpha, beta vs plain %.1e\n",
               cplx ? "z" : "d", n, g, sweeps_auto, sweeps_none, a.info.seconds, p.info.seconds, a.info.rank_k, a.info.rank_l, e);
    }
    ef_run_free(&a); ef_run_free(&p);
    free(F); free(G);
}

/* alpha, beta of two runs of the same pair (any K, L): the largest difference, or HUGE_VAL where K or L differ. */
static double ab_diff(const ef_run *a, const ef_run *b)
{
    double e = 0.0;
    if (a->info.rank_k != b->info.rank_k || a->info.rank_l != b->info.rank_l) return HUGE_VAL;
    for (int j = 0; j < a->n; ++j) e = fmax(e, fmax(fabs(a->sf[j] - b->sf[j]), fabs(a->sg[j] - b->sg[j])));
    return e;
}

/* A graded pair (ef_graded_pair, n x n) asked for QR_EIG by name: its start gives way to QR_SVD.
 * reduced: whether the front door reduces the pair (then the core's start gives way). */
static void qr_eig_gives_way(int cplx, int n, int g, int reduced)
{
    tu_rng rng = { 5100u + 10u * (unsigned)g + (unsigned)cplx };
    double *F = ef_new(ef_size(cplx, n, n)), *G = ef_new(ef_size(cplx, n, n));
    ef_graded_pair(&rng, cplx, n, g, F, G);
    hzgsvd_options eig = with_pre(HZGSVD_PRECONDITION_QR_EIG, 0), svd = with_pre(HZGSVD_PRECONDITION_QR_SVD, 0);
    hzgsvd_options none = with_pre(HZGSVD_PRECONDITION_NONE, 0), short_eig = eig;
    int lines = 0;
    eig.progress = count_sweep; eig.progress_user = &lines;
    short_eig.max_sweeps = HZGSVD__QR_EIG_SWEEPS + 1;
    ef_run e = ef_solve(cplx, n, n, n, F, G, &eig), v = ef_solve(cplx, n, n, n, F, G, &svd), p = ef_solve(cplx, n, n, n, F, G, &none);
    ef_run k = ef_solve(cplx, n, n, n, F, G, &short_eig);
    const char *pr = cplx ? "z" : "d";
    CHECK(e.st == HZGSVD_SUCCESS && v.st == HZGSVD_SUCCESS && p.st == HZGSVD_SUCCESS && e.info.preprocessed == reduced,
          "gives way %s n=%d g=%d: status %d / %d / %d, reduced %d (%s)", pr, n, g, (int)e.st, (int)v.st, (int)p.st, e.info.preprocessed, e.info.detail);
    if (e.st == HZGSVD_SUCCESS && v.st == HZGSVD_SUCCESS && p.st == HZGSVD_SUCCESS) {
        const double d = ab_diff(&e, &p);
        CHECK(e.info.preconditioner == HZGSVD_PRECONDITION_QR_SVD && strstr(e.info.precondition_note, "after qr-eig's start") != NULL,
              "gives way %s n=%d g=%d: preconditioner %d, note '%s'", pr, n, g, e.info.preconditioner, e.info.precondition_note);
        CHECK(ef_same_bits(&e, &v), "gives way %s n=%d g=%d: not bitwise the QR_SVD run", pr, n, g);
        CHECK(!reduced ? e.info.sweeps == v.info.sweeps + HZGSVD__QR_EIG_SWEEPS && lines == e.info.sweeps : lines > e.info.sweeps,
              "gives way %s n=%d g=%d: %d sweeps (QR_SVD alone %d), %d progress lines", pr, n, g, e.info.sweeps, v.info.sweeps, lines);
        CHECK(d <= 64.0 * n * EF_U, "gives way %s n=%d g=%d: alpha, beta vs the plain start %.2e", pr, n, g, d);
        printf("  QR_EIG gives way %s n=%d g=%d%s: %d sweeps (QR_SVD alone %d, plain %d), stages %.3f s; alpha, beta vs plain %.1e\n", pr, n, g,
               reduced ? " (the core)" : "", e.info.sweeps, v.info.sweeps, p.info.sweeps, e.info.precondition_seconds, d);
    }
    CHECK(k.info.preconditioner == HZGSVD_PRECONDITION_QR_EIG || reduced,
          "gives way %s n=%d g=%d: max_sweeps %d leaves no room, yet preconditioner %d", pr, n, g, short_eig.max_sweeps, k.info.preconditioner);
    ef_run_free(&e); ef_run_free(&v); ef_run_free(&p); ef_run_free(&k);
    free(F); free(G);
}

static void refusals(void)
{
    double F[64], G[64], Z[64], s[24];
    hzgsvd_info info;
    memset(F, 0, sizeof F);
    for (int kind = HZGSVD_PRECONDITION_QR_EIG; kind <= HZGSVD_PRECONDITION_QR_SVD; ++kind) {   /* the second sweep certifies */
        hzgsvd_options o = with_pre(kind, 0);
        o.max_sweeps = 1;
        CHECK(hzgsvd_cpu_dgsvd(8, 8, 8, F, 8, G, 8, Z, 8, s, s + 8, s + 16, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT &&
                  strstr(info.detail, "max_sweeps >= 2"), "precondition %d with max_sweeps = 1 not refused: %s", kind, info.detail);
    }
    for (int v = -2; v <= 3; v += 5) {
        hzgsvd_options o = with_pre(v, 0);
        CHECK(hzgsvd_cpu_dgsvd(8, 8, 8, F, 8, G, 8, Z, 8, s, s + 8, s + 16, &o, &info) == HZGSVD_ERR_INVALID_ARGUMENT &&
                  strstr(info.detail, "precondition"), "precondition = %d not refused: %s", v, info.detail);
    }
}

int main(void)
{
    tu_start("test_engine_precondition");
    refusals();
    for (int kind = HZGSVD_PRECONDITION_QR_EIG; kind <= HZGSVD_PRECONDITION_QR_SVD; ++kind)
        for (int c = 0; c < 2; ++c) {
            known_pair(kind, c, 256, 256, 256, 11 + c);
            known_pair(kind, c, 300, 341, 300, 13 + c);     /* bordered (300 -> 320), tall G */
            trust_test_fallback(kind, c);
        }
    auto_choice();
    for (int d = 1; d <= 2; ++d) tikhonov_core(200, d);
    for (int c = 0; c < 2; ++c) {
        graded_probe(c, 128, 8);
        graded_probe(c, 64, 10);
        qr_eig_gives_way(c, 128, 3, 0);
        qr_eig_gives_way(c, 128, 5, 1);
    }
    return tu_finish();
}
