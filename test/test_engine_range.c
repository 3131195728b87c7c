/* test_engine_range -- the CPU engine over the whole double range (docs/NUMERICS.md, "The whole
 * double range"): a pair scaled by 2^k for k across the exponent range (F alone, G alone, both),
 * columns graded by 2^(-500..500) both ways, F and G swapped at the range ends, n = 1, results
 * outside the double range, a sigma spread past what the engine resolves, and thread counts.
 * Real and complex.  Scalings by powers of two are exact, so each scaled pair is exactly the base
 * pair with its Sigma scaled: both runs are within ~n u of the exact Sigma (B_AGREE). */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "test/testutil.h"
#include "test/engine_fixtures.h"

#define M_F 30
#define M_G 26
#define N 20

static double *scaled(int cplx, int m, int n, const double *A, int k)
{
    double *B = ef_dup(A, ef_size(cplx, m, n));
    for (size_t i = 0; i < ef_size(cplx, m, n); ++i) B[i] = ldexp(B[i], k);
    return B;
}

/* max_i |a_i 2^-k - ref_i| / ref_i (a scaled back exactly while 2^-k a_i is normal) */
static double relerr_scaled(const double *a, int k, const double *ref, int n)
{
    double e = 0.0;
    for (int i = 0; i < n; ++i) {
        const double d = fabs(ldexp(a[i], -k) - ref[i]) / ref[i];
        if (!(d <= e)) e = isnan(d) ? INFINITY : d;
    }
    return e;
}

static void check_quality(const char *what, const ef_run *r, const double *F, const double *G)
{
    const ef_quality q = ef_assess(r, F, G);
    CHECK(q.finite && q.descending, "%s: outputs not finite or sigma not descending", what);
    CHECK(q.resid_f <= B_RESID(r->n) && q.resid_g <= B_RESID(r->n), "%s: residuals %.3e %.3e > %.3e", what, q.resid_f,
          q.resid_g, B_RESID(r->n));
    CHECK(q.orth_u <= B_ORTH(r->n, 16) && q.orth_v <= B_ORTH(r->n, 16), "%s: orthogonality %.3e %.3e > %.3e", what, q.orth_u,
          q.orth_v, B_ORTH(r->n, 16));
    CHECK(q.norm1 <= B_NORM1 && q.ratio <= B_RATIO, "%s: |sf^2+sg^2-1| %.3e, sigma vs sf/sg %.3e", what, q.norm1, q.ratio);
}

/* (a) 2^k F, 2^k G, and both, for k across the exponent range */
static void test_scalings(tu_rng *rng, int cplx)
{
    const char *pr = cplx ? "z" : "d";
    double *F = ef_new(ef_size(cplx, M_F, N)), *G = ef_new(ef_size(cplx, M_G, N));
    long double exact[N];
    ef_known_pair(rng, cplx, M_F, M_G, N, 0.1, 10.0, 10.0, F, G, exact);
    ef_run base = ef_solve(cplx, M_F, M_G, N, F, G, NULL);
    CHECK(base.st == HZGSVD_SUCCESS, "%s base pair: %s", pr, base.info.detail);
    /* entries of F, G lie in about [2^-20, 2^2]: 2^k keeps them normal for k in -1000..1020 */
    static const int ks[] = {-1000, -900, -700, -560, -520, -512, -511, -505, -500, -450, -201, -200, -100, 0,
                             100, 200, 201, 450, 500, 505, 511, 512, 520, 560, 700, 900, 1000};
    int worst_k = 0;
    double worst = 0.0;
    for (size_t t = 0; t < sizeof ks / sizeof ks[0]; ++t) {
        const int k = ks[t];
        for (int which = 0; which < 3; ++which) {          /* F, G, both */
            double *Fs = which != 1 ? scaled(cplx, M_F, N, F, k) : ef_dup(F, ef_size(cplx, M_F, N));
            double *Gs = which != 0 ? scaled(cplx, M_G, N, G, k) : ef_dup(G, ef_size(cplx, M_G, N));
            const int ks_sigma = which == 0 ? k : which == 1 ? -k : 0;
            char what[96];
            snprintf(what, sizeof what, "%s 2^%d %s", pr, k, which == 0 ? "F" : which == 1 ? "G" : "F and G");
            ef_run r = ef_solve(cplx, M_F, M_G, N, Fs, Gs, NULL);
            CHECK(r.st == HZGSVD_SUCCESS, "%s: status %d (%s): %s", what, (int)r.st, hzgsvd_status_string(r.st), r.info.detail);
            CHECK(r.info.outputs_written == 1, "%s: info.outputs_written = %d", what, r.info.outputs_written);
            if (r.st == HZGSVD_SUCCESS && base.st == HZGSVD_SUCCESS) {
                const double e = relerr_scaled(r.s, ks_sigma, base.s, N);
                CHECK(e <= B_AGREE(N), "%s: sigma 2^-%d vs the unscaled pair's %.3e > %.3e", what, ks_sigma, e, B_AGREE(N));
                if (e > worst) { worst = e; worst_k = k; }
                check_quality(what, &r, Fs, Gs);
            }
            ef_run_free(&r);
            free(Fs); free(Gs);
        }
    }
    printf("  %s scalings 2^-1000..2^1000 of F, G, both: sigma agrees with the unscaled pair to %.2e (worst at k = %d)\n",
           pr, worst, worst_k);

    /* (b) columns graded by 2^c_j, c_j from -500 to 500, increasing and decreasing: Sigma unchanged */
    for (int dir = 0; dir < 2; ++dir) {
        double *Fs = ef_dup(F, ef_size(cplx, M_F, N)), *Gs = ef_dup(G, ef_size(cplx, M_G, N));
        for (int j = 0; j < N; ++j) {
            const int c = -500 + (1000 * (dir ? N - 1 - j : j)) / (N - 1);
            for (int i = 0; i < (cplx ? 2 : 1) * M_F; ++i) Fs[(size_t)j * (cplx ? 2 : 1) * M_F + i] = ldexp(Fs[(size_t)j * (cplx ? 2 : 1) * M_F + i], c);
            for (int i = 0; i < (cplx ? 2 : 1) * M_G; ++i) Gs[(size_t)j * (cplx ? 2 : 1) * M_G + i] = ldexp(Gs[(size_t)j * (cplx ? 2 : 1) * M_G + i], c);
        }
        char what[64];
        snprintf(what, sizeof what, "%s graded 2^%s500..2^%s500", pr, dir ? "" : "-", dir ? "-" : "");
        ef_run r = ef_solve(cplx, M_F, M_G, N, Fs, Gs, NULL);
        CHECK(r.st == HZGSVD_SUCCESS, "%s: status %d: %s", what, (int)r.st, r.info.detail);
        if (r.st == HZGSVD_SUCCESS && base.st == HZGSVD_SUCCESS) {
            const double e = relerr_scaled(r.s, 0, base.s, N);
            CHECK(e <= B_AGREE(N), "%s: sigma vs the ungraded pair %.3e > %.3e", what, e, B_AGREE(N));
            printf("  %s: sigma agrees with the ungraded pair to %.2e\n", what, e);
        }
        ef_run_free(&r);
        free(Fs); free(Gs);
    }

    /* (c) F and G swapped at the range ends: sigma inverted */
    for (int t = 0; t < 2; ++t) {
        const int k = t ? 900 : -900;
        double *Fs = scaled(cplx, M_F, N, F, k);
        ef_run a = ef_solve(cplx, M_F, M_G, N, Fs, G, NULL);
        ef_run b = ef_solve(cplx, M_G, M_F, N, G, Fs, NULL);
        CHECK(a.st == HZGSVD_SUCCESS && b.st == HZGSVD_SUCCESS, "%s swap at 2^%d: statuses %d %d (%s / %s)", pr, k, (int)a.st,
              (int)b.st, a.info.detail, b.info.detail);
        if (a.st == HZGSVD_SUCCESS && b.st == HZGSVD_SUCCESS) {
            double e = 0.0;
            for (int i = 0; i < N; ++i) {
                const long double inv = 1.0L / (long double)b.s[N - 1 - i];
                const double d = (double)(fabsl((long double)a.s[i] - inv) / inv);
                if (!(d <= e)) e = isnan(d) ? INFINITY : d;
            }
            CHECK(e <= 2.0 * B_AGREE(N), "%s swap at 2^%d: sigma(F, G) vs 1/sigma(G, F) %.3e > %.3e", pr, k, e, 2.0 * B_AGREE(N));
            printf("  %s 2^%d F swapped with G: sigma inverted to %.2e\n", pr, k, e);
        }
        ef_run_free(&a); ef_run_free(&b);
        free(Fs);
    }

    /* (d) sigma beyond the double range: 2^600 F with 2^-600 G (sigma ~ 2^1200) */
    {
        double *Fs = scaled(cplx, M_F, N, F, 600), *Gs = scaled(cplx, M_G, N, G, -600);
        ef_run r = ef_solve(cplx, M_F, M_G, N, Fs, Gs, NULL);
        CHECK(r.st == HZGSVD_ERR_OUT_OF_RANGE, "%s 2^600 F, 2^-600 G: status %d (%s), expected HZGSVD_ERR_OUT_OF_RANGE; %s", pr,
              (int)r.st, hzgsvd_status_string(r.st), r.info.detail);
        printf("  %s 2^600 F, 2^-600 G -> %d %s\n", pr, (int)r.st, r.info.detail);
        ef_run_free(&r);
        free(Fs); free(Gs);
    }
    ef_run_free(&base);
    free(F); free(G);
}

/* (e) n = 1 at the range ends: sigma = ||F|| / ||G|| */
static void test_n1(tu_rng *rng, int cplx)
{
    const char *pr = cplx ? "z" : "d";
    double *F = ef_new(ef_size(cplx, 5, 1)), *G = ef_new(ef_size(cplx, 4, 1));
    ef_randmat(rng, cplx, 5, 1, F, 5);
    ef_randmat(rng, cplx, 4, 1, G, 4);
    const long double s0 = ef_fnorm(cplx, 5, 1, F, 5) / ef_fnorm(cplx, 4, 1, G, 4);
    static const int kf[] = {-1000, -1000, 1000, 0, 600}, kg[] = {0, -1000, 0, -1000, -600};
    for (int t = 0; t < 5; ++t) {
        double *Fs = scaled(cplx, 5, 1, F, kf[t]), *Gs = scaled(cplx, 4, 1, G, kg[t]);
        ef_run r = ef_solve(cplx, 5, 4, 1, Fs, Gs, NULL);
        const long double want = ldexpl(s0, kf[t] - kg[t]);
        if (t < 4) {
            CHECK(r.st == HZGSVD_SUCCESS, "%s n = 1, 2^%d F, 2^%d G: status %d: %s", pr, kf[t], kg[t], (int)r.st, r.info.detail);
            const double e = (double)(fabsl(r.s[0] - want) / want);
            CHECK(e <= 8 * EF_U, "%s n = 1, 2^%d F, 2^%d G: sigma error %.3e", pr, kf[t], kg[t], e);
            if (r.st == HZGSVD_SUCCESS) check_quality("n = 1", &r, Fs, Gs);
        } else {
            CHECK(r.st == HZGSVD_ERR_OUT_OF_RANGE, "%s n = 1, sigma ~ 2^1200: status %d (%s)", pr, (int)r.st, r.info.detail);
        }
        ef_run_free(&r);
        free(Fs); free(Gs);
    }
    printf("  %s n = 1 at 2^-1000 .. 2^1000 and sigma ~ 2^1200: ok\n", pr);
    free(F); free(G);
}

/* (f) sigma spread inside one pair (F = U diag(sf), G = V diag(sg), X = I): resolved down to
 * 2^-480 relative, refused (not "rank deficient", never success) past 2^-500 */
static void test_spread(tu_rng *rng, int cplx)
{
    const char *pr = cplx ? "z" : "d";
    double *X = ef_new(ef_size(cplx, N, N)), *sf = ef_new(N), *sg = ef_new(N);
    double *F = ef_new(ef_size(cplx, M_F, N)), *G = ef_new(ef_size(cplx, M_G, N));
    for (int j = 0; j < N; ++j) ef_set(cplx, X, N, j, j, 1.0, 0.0);
    static const int lo[] = {-480, -540, -700, -1000};
    for (int t = 0; t < 4; ++t) {
        long double exact[N];
        ef_sigma_spread(rng, N, ldexp(1.0, lo[t]), 1.0, sf, sg, exact);
        ef_pair_from_x(rng, cplx, M_F, M_G, N, sf, sg, X, F, G);
        ef_run r = ef_solve(cplx, M_F, M_G, N, F, G, NULL);
        if (t == 0) {
            CHECK(r.st == HZGSVD_SUCCESS, "%s spread 2^%d: status %d: %s", pr, lo[t], (int)r.st, r.info.detail);
            if (r.st == HZGSVD_SUCCESS) {
                const double e = ef_relerr_sorted_ld(r.s, exact, N);
                CHECK(e <= B_AGREE(N), "%s spread 2^%d: sigma vs exact %.3e > %.3e", pr, lo[t], e, B_AGREE(N));
            }
        } else {
            CHECK(r.st == HZGSVD_ERR_OUT_OF_RANGE, "%s spread 2^%d: status %d (%s), expected HZGSVD_ERR_OUT_OF_RANGE; %s", pr, lo[t],
                  (int)r.st, hzgsvd_status_string(r.st), r.info.detail);
        }
        printf("  %s sigma spread 1 .. 2^%d -> %d %s\n", pr, lo[t], (int)r.st, r.info.detail);
        ef_run_free(&r);
    }
    /* a column of G of subnormal entries beside normal F: sigma of that column ~ 2^1040 */
    ef_known_pair(rng, cplx, M_F, M_G, N, 0.1, 10.0, 10.0, F, G, (long double[N]){0});
    for (int i = 0; i < (cplx ? 2 : 1) * M_G; ++i) G[(size_t)3 * (cplx ? 2 : 1) * M_G + i] = ldexp(G[(size_t)3 * (cplx ? 2 : 1) * M_G + i], -1040);
    ef_run r = ef_solve(cplx, M_F, M_G, N, F, G, NULL);
    CHECK(r.st == HZGSVD_ERR_OUT_OF_RANGE, "%s subnormal column of G: status %d (%s); %s", pr, (int)r.st, hzgsvd_status_string(r.st),
          r.info.detail);
    CHECK(strstr(r.info.detail, "of F") == NULL, "%s subnormal column of G: the message blames F: %s", pr, r.info.detail);
    printf("  %s subnormal column of G -> %d %s\n", pr, (int)r.st, r.info.detail);
    ef_run_free(&r);
    free(X); free(sf); free(sg); free(F); free(G);
}

/* (g) thread counts: the cap (HZGSVD_MAX_THREADS, and no more than the block pairs) keeps results
 * bitwise those of one thread */
static void test_threads(tu_rng *rng, int cplx)
{
    const char *pr = cplx ? "z" : "d";
    double *F = ef_new(ef_size(cplx, M_F, N)), *G = ef_new(ef_size(cplx, M_G, N));
    long double exact[N];
    ef_known_pair(rng, cplx, M_F, M_G, N, 0.1, 10.0, 10.0, F, G, exact);
    hzgsvd_options o = hzgsvd_default_options();
    o.block_width = 2;
    o.threads = 1;
    ef_run a = ef_solve(cplx, M_F, M_G, N, F, G, &o);
    o.threads = HZGSVD_MAX_THREADS;
    ef_run b = ef_solve(cplx, M_F, M_G, N, F, G, &o);
    CHECK(a.st == HZGSVD_SUCCESS && b.st == HZGSVD_SUCCESS, "%s threads 1 / %d: statuses %d %d", pr, HZGSVD_MAX_THREADS, (int)a.st, (int)b.st);
    CHECK(memcmp(a.s, b.s, sizeof(double) * N) == 0 && memcmp(a.Z, b.Z, sizeof(double) * ef_size(cplx, N, N)) == 0,
          "%s threads 1 and %d: results differ", pr, HZGSVD_MAX_THREADS);
    ef_run_free(&a); ef_run_free(&b);
    free(F); free(G);
}

int main(void)
{
    tu_start("test_engine_range");
    tu_rng rng = {0x5eed2026u};
    for (int cplx = 0; cplx < 2; ++cplx) {
        test_scalings(&rng, cplx);
        test_n1(&rng, cplx);
        test_spread(&rng, cplx);
        test_threads(&rng, cplx);
    }
    return tu_finish();
}
