/* test_engine_lapack: the CPU engine (real and complex) against LAPACK xGGSVD3 and against pairs
 * with known generalized singular values.
 *
 *   build/test_engine_lapack [-v]      (-v: one line of measurements per case)
 *
 * Random pairs (entries uniform in [-1, 1), re and im), n in {1, 2, 7, 32, 33, 100, 256} with
 * m_F = n + 13, m_G = n + 5, and m_F = 128, m_G = n = 97 (bordering to 128 columns needs more rows
 * than F has): sigma against LAPACK's alpha/beta (jobu = jobv = jobq = 'N', K = 0, L = n expected;
 * both sorted descending); sigma_f^2 + sigma_g^2 = 1; sigma = sigma_f / sigma_g; sigma descending;
 * residuals ||F Z - U Sf||_F / (||F||_F ||Z||_F) and for G; ||U^H U - I||_F, ||V^H V - I||_F, all in
 * long double.  Known pairs F = U diag(sf) X, G = V diag(sg) X (cond_2(X) = 100, sigma log-spaced
 * 1e-3 .. 22 in random order): sigma against sf/sg.  Graded pairs (g = 4 .. 10): converged, through the
 * reduction where the full-rank iteration stalls, K and L as xGGSVD3's.
 *
 * Every bound is a named constant below, with its justification and the worst value measured
 * (gcc 12 -O2, x86-64, Debian 12 LAPACK); docs/NUMERICS.md
 * quotes them.  n is the number of columns, u = 2^-53.
 */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "test/testutil.h"
#include "test/engine_fixtures.h"

#include <string.h>

/* sigma vs LAPACK xGGSVD3, max relative error: both are backward stable and these random pairs are
 * well conditioned, so they agree to a small multiple of n u.  Measured worst 2.1e-14 (n = 256,
 * complex); per case at most 2.4 n u (n = 1).  Bound 32 n u + 64 u (>= 13x the measured). */
#define B_LAPACK_SIGMA(n) ((32.0 * (n) + 64.0) * EF_U)
/* sigma vs the exact sf/sg of F = U Sf X, G = V Sg X: the input is rounded once per element
 * (relative u), which moves sigma by up to ~cond(X) times that (LAPACK's error on the same pairs
 * is as large: 3.8e-13), plus the engine's own ~sqrt(n) u.  Measured worst 3.9e-13 (n = 256) and
 * at most 4.7 cond(X) sqrt(n) u (n = 33, complex).  Bound 64 cond(X) sqrt(n) u. */
#define COND_X 100.0
#define B_KNOWN_SIGMA(n) (64.0 * COND_X * sqrt((double)(n)) * EF_U)
/* |sigma_f^2 + sigma_g^2 - 1|: sf = sqrt(a) rho, sg = sqrt(b) rho with rho = RN(1/sqrt(a + b)),
 * a handful of roundings.  Measured worst 4.5e-16 (4 u).  Bound 64 u. */
#define B_NORM1 (64.0 * EF_U)
/* |sigma - sigma_f/sigma_g| / (sigma_f/sigma_g): sigma = sqrt(a) RN(1/sqrt(b)) against
 * (sqrt(a) rho) / (sqrt(b) rho), a few roundings.  Measured worst 2.9e-16 (2.6 u).  Bound 32 u. */
#define B_RATIO (32.0 * EF_U)
/* ||F Z - U Sf||_F / (||F||_F ||Z||_F) (and G): backward error of a sequence of transformations on
 * each column, ~sqrt(n) u.  Measured worst 2.4e-16 (2.2 u, n = 1..256): at most 0.09 of the bound
 * 8 sqrt(n) u + 16 u. */
#define B_RESID(n) ((8.0 * sqrt((double)(n)) + 16.0) * EF_U)
/* ||U^H U - I||_F (and V): U is F's converged columns normalised; each of the n(n-1) cosines
 * |u_i^H u_j| is below the convergence tolerance sqrt(2w) u (w = 16), so the theory gives
 * n sqrt(2w) u.  Measured worst 3.0e-14 (n = 256), at most 0.44 n sqrt(2w) u (n = 7).
 * Bound 8 n sqrt(2w) u + 32 u: B_ORTH(n, w) of test/engine_fixtures.h at w = 16. */
#define B_ORTH_W16(n) B_ORTH((n), 16)

static int verbose = 0;

typedef struct worst {
    double lapack, known, norm1, ratio, resid, orth;
    double lapack_rel, known_rel, resid_rel, orth_rel; /* as multiples of each bound */
} worst;
static worst W;

static void upd(double *w, double v) { if (!(v <= *w)) *w = v; }

static void check_quality(const char *what, int cplx, int m_f, int m_g, int n, const ef_run *r,
                          const double *F, const double *G)
{
    const char *pr = cplx ? "z" : "d";
    const ef_quality q = ef_assess(r, F, G);
    CHECK(q.finite, "%s %s n=%d: non-finite output", what, pr, n);
    CHECK(q.descending, "%s %s n=%d: sigma not descending", what, pr, n);
    CHECK(q.norm1 <= B_NORM1, "%s %s n=%d: |sf^2+sg^2-1| = %.3e > %.3e", what, pr, n, q.norm1, B_NORM1);
    CHECK(q.ratio <= B_RATIO, "%s %s n=%d: |sigma - sf/sg|/sigma = %.3e > %.3e", what, pr, n, q.ratio, B_RATIO);
    CHECK(q.resid_f <= B_RESID(n), "%s %s n=%d m_f=%d: F residual %.3e > %.3e", what, pr, n, m_f, q.resid_f, B_RESID(n));
    CHECK(q.resid_g <= B_RESID(n), "%s %s n=%d m_g=%d: G residual %.3e > %.3e", what, pr, n, m_g, q.resid_g, B_RESID(n));
    CHECK(q.orth_u <= B_ORTH_W16(n), "%s %s n=%d: ||U^H U - I||_F = %.3e > %.3e", what, pr, n, q.orth_u, B_ORTH_W16(n));
    CHECK(q.orth_v <= B_ORTH_W16(n), "%s %s n=%d: ||V^H V - I||_F = %.3e > %.3e", what, pr, n, q.orth_v, B_ORTH_W16(n));
    upd(&W.norm1, q.norm1);
    upd(&W.ratio, q.ratio);
    upd(&W.resid, q.resid_f > q.resid_g ? q.resid_f : q.resid_g);
    upd(&W.resid_rel, (q.resid_f > q.resid_g ? q.resid_f : q.resid_g) / B_RESID(n));
    upd(&W.orth, q.orth_u > q.orth_v ? q.orth_u : q.orth_v);
    upd(&W.orth_rel, (q.orth_u > q.orth_v ? q.orth_u : q.orth_v) / B_ORTH_W16(n));
    if (verbose)
        printf("  %-6s %s m_f=%3d m_g=%3d n=%3d sweeps=%2d  resid %.2e %.2e  orth %.2e %.2e  norm1 %.1e ratio %.1e\n",
               what, pr, m_f, m_g, n, r->info.sweeps, q.resid_f, q.resid_g, q.orth_u, q.orth_v, q.norm1, q.ratio);
}

/* A random pair against LAPACK. */
static void lapack_case(tu_rng *rng, int cplx, int m_f, int m_g, int n)
{
    const char *pr = cplx ? "z" : "d";
    double *F = ef_new(ef_size(cplx, m_f, n)), *G = ef_new(ef_size(cplx, m_g, n));
    ef_randmat(rng, cplx, m_f, n, F, m_f);
    ef_randmat(rng, cplx, m_g, n, G, m_g);

    double *ref = ef_new((size_t)n);
    int k = -1, l = -1;
    const int linfo = ef_lapack_sigma(cplx, m_f, m_g, n, F, G, ref, &k, &l);
    CHECK(linfo == 0 && k == 0 && l == n, "lapack %s n=%d: xGGSVD3 info %d, K = %d, L = %d (expected 0, 0, n)", pr, n, linfo, k, l);

    ef_run r = ef_solve(cplx, m_f, m_g, n, F, G, NULL);
    CHECK(r.st == HZGSVD_SUCCESS, "lapack %s m_f=%d m_g=%d n=%d: status %d (%s): %s", pr, m_f, m_g, n, (int)r.st,
          hzgsvd_status_string(r.st), r.info.detail);
    if (r.st == HZGSVD_SUCCESS) {
        check_quality("lapack", cplx, m_f, m_g, n, &r, F, G);
        if (linfo == 0 && k == 0 && l == n) {
            const double e = ef_relerr_sorted(r.s, ref, n);
            CHECK(e <= B_LAPACK_SIGMA(n), "lapack %s m_f=%d m_g=%d n=%d: sigma vs xGGSVD3 %.3e > %.3e", pr, m_f, m_g, n, e,
                  B_LAPACK_SIGMA(n));
            upd(&W.lapack, e);
            upd(&W.lapack_rel, e / B_LAPACK_SIGMA(n));
            if (verbose) printf("  lapack %s n=%3d: sigma vs xGGSVD3 %.3e (%.2f n u)\n", pr, n, e, e / (n * EF_U));
        }
    }
    ef_run_free(&r);
    free(F); free(G); free(ref);
}

/* A pair with known sigma. */
static void known_case(tu_rng *rng, int cplx, int m_f, int m_g, int n)
{
    const char *pr = cplx ? "z" : "d";
    double *F = ef_new(ef_size(cplx, m_f, n)), *G = ef_new(ef_size(cplx, m_g, n));
    long double *exact = (long double *)malloc(sizeof(long double) * (size_t)n);
    ef_known_pair(rng, cplx, m_f, m_g, n, 1e-3, 22.0, COND_X, F, G, exact);
    ef_run r = ef_solve(cplx, m_f, m_g, n, F, G, NULL);
    CHECK(r.st == HZGSVD_SUCCESS, "known %s n=%d: status %d (%s): %s", pr, n, (int)r.st, hzgsvd_status_string(r.st), r.info.detail);
    if (r.st == HZGSVD_SUCCESS) {
        check_quality("known", cplx, m_f, m_g, n, &r, F, G);
        const double e = ef_relerr_sorted_ld(r.s, exact, n);
        CHECK(e <= B_KNOWN_SIGMA(n), "known %s m_f=%d m_g=%d n=%d: sigma vs exact %.3e > %.3e", pr, m_f, m_g, n, e, B_KNOWN_SIGMA(n));
        upd(&W.known, e);
        upd(&W.known_rel, e / B_KNOWN_SIGMA(n));
        /* the LAPACK reference on the same pair, for the record */
        double *ref = ef_new((size_t)n);
        int k, l;
        const int linfo = ef_lapack_sigma(cplx, m_f, m_g, n, F, G, ref, &k, &l);
        if (verbose)
            printf("  known  %s n=%3d: sigma vs exact %.3e (%.2f n u); xGGSVD3 vs exact %.3e (info %d)\n", pr, n, e,
                   e / (n * EF_U), linfo == 0 && l == n ? ef_relerr_sorted_ld(ref, exact, n) : NAN, linfo);
        free(ref);
    }
    ef_run_free(&r);
    free(F); free(G); free(exact);
}

/* Graded pairs: F = R1 diag(10^(-g .. g)), G = R2 diag(10^(g .. -g)) (R1, R2 random, columns
 * log-spaced).  From g = 8 the full-rank iteration stalls at any sweep budget (its sigma off by up to
 * 4e7 relative); the front door (preprocess -1) then solves the pair by the reduction, as LAPACK
 * does: the same K (the columns whose sigma is infinite at working accuracy) and L, and the L
 * finite sigma within B_GRADED_SIGMA of xGGSVD3's, normwise (|sigma_i - ref_i| / sigma_max): both
 * are backward stable for the pair, whose small sigma (down to 1e-15 sigma_max, some exactly 0 in
 * the reduction, F z = 0 at its tolerance) are not determined relatively.  Bound as B_LAPACK_SIGMA,
 * for g <= 8 (measured worst 7.1e-14, g = 8).  At g = 10 (20 decades each way) the two differ by up
 * to 5.7e-10 sigma_max (xGGSVD3 is the nearer, against mpmath: docs/NUMERICS.md): K, L and
 * convergence are checked, the difference is printed with -v.  At every g: B_GRADED_ZERO, B_GRADED_AB. */
#define B_GRADED_SIGMA(n) B_LAPACK_SIGMA(n)
/* Where ours says sigma = 0 (the reduction's sigma = 0 group) xGGSVD3's sigma must be negligible:
 * measured at most 3.7e-13 (g = 6); before the third rank decision took the tolerance of F's L
 * columns instead of the whole F's it zeroed sigma that xGGSVD3 gives as 7.8e-7 (n = 64, g = 10).
 * And |alpha - alpha_ref| + |beta - beta_ref| per column: measured at most 1.6e-9 (g = 8), 7.8e-7
 * at g = 10 before. */
#define B_GRADED_ZERO 1e-12
#define B_GRADED_AB 1e-8
static void graded_case(tu_rng *rng, int cplx, int n, int g)
{
    const char *pr = cplx ? "z" : "d";
    double *F = ef_new(ef_size(cplx, n, n)), *G = ef_new(ef_size(cplx, n, n)), *ref = ef_new((size_t)n);
    ef_graded_pair(rng, cplx, n, g, F, G);
    int k = -1, l = -1;
    const int linfo = ef_lapack_sigma(cplx, n, n, n, F, G, ref, &k, &l);
    ef_run r = ef_solve(cplx, n, n, n, F, G, NULL);
    CHECK(r.st == HZGSVD_SUCCESS, "graded %s n=%d g=%d: status %d (%s): %s", pr, n, g, (int)r.st, hzgsvd_status_string(r.st), r.info.detail);
    CHECK(g < 8 || r.info.preprocessed == 1, "graded %s n=%d g=%d: not rerouted to the reduction (sweeps %d)", pr, n, g, r.info.sweeps);
    if (r.st == HZGSVD_SUCCESS && linfo == 0) {
        CHECK(r.info.rank_k == k && r.info.rank_l == l, "graded %s n=%d g=%d: K, L = %d, %d, xGGSVD3's %d, %d", pr, n, g, r.info.rank_k,
              r.info.rank_l, k, l);
        double *fin = ef_new((size_t)n);
        int cnt = 0;
        for (int j = 0; j < n; ++j)
            if (isfinite(r.s[j])) fin[cnt++] = r.s[j];
        ef_sort_desc(fin, cnt);
        CHECK(cnt == l, "graded %s n=%d g=%d: %d finite sigma, L = %d", pr, n, g, cnt, l);
        if (verbose && cnt == l)
            for (int i = 0; i < l; i += l / 8 + 1) printf("    sigma[%d] %.6e  xGGSVD3 %.6e\n", i, fin[i], ref[i]);
        if (cnt == l && l > 0) {
            double e = 0.0;   /* normwise: |sigma_i - ref_i| / sigma_max (a graded pair's small sigma are not relatively determined) */
            for (int i = 0; i < l; ++i) e = fmax(e, fabs(fin[i] - ref[i]) / ref[0]);
            CHECK(g > 8 || e <= B_GRADED_SIGMA(n), "graded %s n=%d g=%d: sigma vs xGGSVD3 %.3e > %.3e", pr, n, g, e, B_GRADED_SIGMA(n));
            double zmax = 0.0, ab = 0.0;   /* the largest xGGSVD3 sigma where ours is 0; alpha, beta differences */
            int nz = 0;
            for (int i = 0; i < l; ++i) {
                if (fin[i] == 0.0) { ++nz; zmax = fmax(zmax, ref[i]); }
                const double ca = fin[i] / sqrt(1.0 + fin[i] * fin[i]), cb = 1.0 / sqrt(1.0 + fin[i] * fin[i]);
                const double ra = ref[i] / sqrt(1.0 + ref[i] * ref[i]), rb = 1.0 / sqrt(1.0 + ref[i] * ref[i]);
                ab = fmax(ab, fabs(ca - ra) + fabs(cb - rb));
            }
            /* the reduction's third rank decision cuts only at the rounding level of F's L columns: */
            CHECK(zmax <= B_GRADED_ZERO, "graded %s n=%d g=%d: %d sigma set to 0 where xGGSVD3's reach %.3e > %.1e", pr, n, g, nz, zmax, B_GRADED_ZERO);
            CHECK(ab <= B_GRADED_AB, "graded %s n=%d g=%d: alpha, beta vs xGGSVD3 %.3e > %.1e", pr, n, g, ab, B_GRADED_AB);
            if (verbose) printf("  graded %s n=%3d g=%2d: K=%d L=%d sweeps %d reduced %d, sigma vs xGGSVD3 %.3e, alpha, beta %.3e, %d zero sigma "
                                "(xGGSVD3's up to %.2e)\n", pr, n, g, k, l, r.info.sweeps, r.info.preprocessed, e, ab, nz, zmax);
        }
        free(fin);
    }
    ef_run_free(&r);
    free(F); free(G); free(ref);
}

int main(int argc, char **argv)
{
    tu_start("test_engine_lapack");
    if (argc > 1 && strcmp(argv[1], "-v") == 0) verbose = 1;
    memset(&W, 0, sizeof W);
    static const int ns[] = {1, 2, 7, 32, 33, 100, 256};
    tu_rng rng = {20240601u};
    for (int cplx = 0; cplx <= 1; ++cplx) {
        for (size_t i = 0; i < sizeof ns / sizeof ns[0]; ++i) lapack_case(&rng, cplx, ns[i] + 13, ns[i] + 5, ns[i]);
        lapack_case(&rng, cplx, 128, 97, 97);
        static const int nk[] = {1, 7, 33, 100, 256};
        for (size_t i = 0; i < sizeof nk / sizeof nk[0]; ++i) known_case(&rng, cplx, nk[i] + 13, nk[i] + 5, nk[i]);
        for (int g = 4; g <= 10; g += 2) graded_case(&rng, cplx, g == 10 ? 64 : 120, g);
    }
    printf("test_engine_lapack: worst: sigma vs LAPACK %.2e (%.3f of bound), vs known %.2e (%.3f), |sf^2+sg^2-1| %.2e, "
           "sigma vs sf/sg %.2e, residual %.2e (%.3f), orthogonality %.2e (%.3f)\n",
           W.lapack, W.lapack_rel, W.known, W.known_rel, W.norm1, W.ratio, W.resid, W.resid_rel, W.orth, W.orth_rel);
    return tu_finish();
}
