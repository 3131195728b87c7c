/* test_engine_general: general pairs on the CPU engine (options.preprocess, docs/API.md "General
 * pairs"): fewer rows than columns, rank-deficient F or G, zero columns in both, F = 0, no rows.
 * For each pair, real and complex, with the default (-1) and with preprocess = 1:
 *   - success; K and L equal the ranks the pair was built with (and LAPACK xGGSVD3's K, L);
 *   - F Z = U Sigma_F, G Z = V Sigma_G (residual relative to ||F|| ||Z||), the columns of U with
 *     sigma_f > 0 and of V with sigma_g > 0 orthonormal, the others exactly zero;
 *   - the groups: sigma_f = 1, sigma_g = 0, sigma = inf (K); sigma_f^2 + sigma_g^2 = 1 and
 *     descending sigma (L); sigma_f = sigma_g = 0, sigma NaN (the common null space);
 *   - the finite sigma agree with LAPACK's dggsvd3/zggsvd3 on the same pair;
 *   - X from hzgsvd_cpu_xgsvdx: X Z = I and F = U Sigma_F X, G = V Sigma_G X;
 *   - a second run gives the same bits (rank decisions are reproducible).
 * Bad arguments to hzgsvd_cpu_xggsvd3, xgsvdx and xx_from_outputs: the exact status and a message.
 * --no-lapack leaves LAPACK out (test/run_cpu_tests.sh runs it so under valgrind).
 * Tikhonov-style pairs (a smoothing kernel with a first or second derivative operator) against
 * LAPACK (check_tikhonov).
 * And: a full-rank pair through the reduction agrees with the full-rank engine (to B_AGREE: both
 * refine sigma from the input pair), and so does a tall
 * one (m_F + m_G >= 4 n), which the default shortens; the reduction's
 * rank tolerances are reported (info.tol_f, tol_g > 0).
 * And: full-rank pairs of condition near 1/u, not graded, on which the full-rank engine can return
 * U or V off orthogonality: the default checks them and reduces the pair instead, so U and V come
 * out orthonormal (docs/NUMERICS.md, "The full-rank engine's limit").
 */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "test/testutil.h"
#include "test/engine_fixtures.h"
#include "test/illcond_pairs.h"

#include <string.h>

/* Residuals of F Z = U Sigma_F after the reduction: unitary transformations of F (a few n u each)
 * and the core's residual; measured worst 2.1e-15 (n = 30).  Bound 64 n u (2.1e-13 at n = 30). */
#define B_GRESID(n) (64.0 * (n) * EF_U)
/* Orthonormality of the nonzero columns, ||U^H U - I||_F: measured worst 2.7e-15.  Bound 32 n u. */
#define B_GORTH(n) (32.0 * (n) * EF_U)
/* Finite sigma against LAPACK on these well-conditioned random pairs (sigma within 1e-4 .. 1e4):
 * measured worst 3.1e-14.  Bound 1e-11. */
#define B_GLAPACK 1e-11
/* X Z - I and F - U Sigma_F X, relative (||.||_F / (||X||_F ||Z||_F) and / ||F||_F): measured worst 1.2e-15.  Bound 64 n u. */
#define B_GX(n) (64.0 * (n) * EF_U)

/* A random m x n matrix of rank r (r <= min(m, n)): A1 (m x r) A2 (r x n). */
static double *rank_matrix(tu_rng *rng, int cplx, int m, int n, int r)
{
    double *A = ef_new(ef_size(cplx, m > 0 ? m : 1, n));
    if (m == 0 || r == 0) return A;
    double *A1 = ef_new(ef_size(cplx, m, r)), *A2 = ef_new(ef_size(cplx, r, n));
    ef_randmat(rng, cplx, m, r, A1, m);
    ef_randmat(rng, cplx, r, n, A2, r);
    ef_gemm(cplx, 0, m, n, r, A1, m, A2, r, A, m);
    free(A1); free(A2);
    return A;
}

static int use_lapack = 1;   /* --no-lapack: for valgrind (OpenBLAS's zgemv reads past its arrays) */

typedef struct gcase {
    const char *what;
    int m_f, m_g, n, r_f, r_g;   /* ranks of F and G as built */
    int zero_col;               /* 1-based column made zero in both (0: none) */
    int k, l;                   /* expected K, L */
} gcase;

static double max_abs_col(int cplx, int m, const double *A, int ld, int j)
{
    double a = 0.0;
    for (int i = 0; i < m; ++i) a = fmax(a, fabs(ef_re(cplx, A, ld, i, j)) + fabs(ef_im(cplx, A, ld, i, j)));
    return a;
}

static void check_case(tu_rng *rng, int cplx, const gcase *c, int pre)
{
    const char *pr = cplx ? "z" : "d";
    const int m_f = c->m_f, m_g = c->m_g, n = c->n, lf = m_f > 0 ? m_f : 1, lg = m_g > 0 ? m_g : 1;
    double *F = rank_matrix(rng, cplx, m_f, n, c->r_f), *G = rank_matrix(rng, cplx, m_g, n, c->r_g);
    if (c->zero_col > 0) {
        for (int i = 0; i < m_f; ++i) ef_set(cplx, F, lf, i, c->zero_col - 1, 0.0, 0.0);
        for (int i = 0; i < m_g; ++i) ef_set(cplx, G, lg, i, c->zero_col - 1, 0.0, 0.0);
    }
    hzgsvd_options o = hzgsvd_default_options();
    o.preprocess = pre;
    double *U = ef_dup(F, ef_size(cplx, lf, n)), *V = ef_dup(G, ef_size(cplx, lg, n));
    double *Z = ef_new(ef_size(cplx, n, n)), *X = ef_new(ef_size(cplx, n, n));
    double *sf = ef_new((size_t)n), *sg = ef_new((size_t)n), *s = ef_new((size_t)n);
    hzgsvd_info info;
    hzgsvd_status st = cplx ? hzgsvd_cpu_zgsvdx(m_f, m_g, n, U, lf, V, lg, Z, n, X, n, sf, sg, s, &o, &info)
                            : hzgsvd_cpu_dgsvdx(m_f, m_g, n, U, lf, V, lg, Z, n, X, n, sf, sg, s, &o, &info);
    char tag[120];
    snprintf(tag, sizeof tag, "%s %s (preprocess %d)", pr, c->what, pre);
    CHECK(st == HZGSVD_SUCCESS, "%s: status %d (%s): %s", tag, (int)st, hzgsvd_status_string(st), info.detail);
    if (st != HZGSVD_SUCCESS) goto out;
    const int K = info.rank_k, L = info.rank_l;
    CHECK(K == c->k && L == c->l, "%s: K = %d, L = %d, expected %d, %d", tag, K, L, c->k, c->l);
    CHECK(info.preprocessed || (pre == -1 && m_f >= n && m_g >= n && c->k == 0 && c->l == n),
          "%s: not reduced", tag);
    if (info.preprocessed) CHECK(info.tol_f > 0.0 && info.tol_g > 0.0, "%s: tolerances %g %g", tag, info.tol_f, info.tol_g);
    {   /* the groups */
        int ok = 1;
        for (int j = 0; j < n; ++j) {
            if (j < K) ok &= sf[j] == 1.0 && sg[j] == 0.0 && isinf(s[j]) && s[j] > 0;
            else if (j < K + L) ok &= fabs(sf[j] * sf[j] + sg[j] * sg[j] - 1.0) <= B_NORM1 && sg[j] > 0.0 && s[j] >= 0.0 &&
                                      (j == K || s[j] <= s[j - 1]);
            else ok &= sf[j] == 0.0 && sg[j] == 0.0 && isnan(s[j]);
        }
        CHECK(ok, "%s: sigma groups (K = %d, L = %d) wrong", tag, K, L);
    }
    /* residuals; zero columns where sigma is zero, orthonormal ones elsewhere */
    /* (F = 0 or no rows: U must be all zero, which the zero-column check below covers) */
    const double rf = m_f > 0 && c->r_f > 0 ? ef_resid(cplx, m_f, n, F, lf, U, lf, Z, n, sf) : 0.0;
    const double rg = m_g > 0 && c->r_g > 0 ? ef_resid(cplx, m_g, n, G, lg, V, lg, Z, n, sg) : 0.0;
    CHECK(rf <= B_GRESID(n) && rg <= B_GRESID(n), "%s: residuals %.2e %.2e > %.2e", tag, rf, rg, B_GRESID(n));
    int zeros = 1, nu = 0, nv = 0;
    for (int j = 0; j < n; ++j) {
        if (sf[j] == 0.0 && m_f > 0) zeros &= max_abs_col(cplx, m_f, U, lf, j) == 0.0;
        if (sg[j] == 0.0 && m_g > 0) zeros &= max_abs_col(cplx, m_g, V, lg, j) == 0.0;
        nu += sf[j] > 0.0;
        nv += sg[j] > 0.0;
    }
    CHECK(zeros, "%s: a column of U or V for a zero sigma_f or sigma_g is not zero", tag);
    /* the nonzero columns lead in U (K, then the core) and sit at K.. in V */
    const double ou = nu > 0 ? ef_orth_err(cplx, m_f, nu, U, lf) : 0.0;
    const double ov = nv > 0 ? ef_orth_err(cplx, m_g, nv, V + (size_t)(cplx ? 2 : 1) * K * lg, lg) : 0.0;
    CHECK(ou <= B_GORTH(n) && ov <= B_GORTH(n), "%s: orthonormality %.2e %.2e > %.2e", tag, ou, ov, B_GORTH(n));
    {   /* X Z = I and F = U Sigma_F X */
        double *XZ = ef_new(ef_size(cplx, n, n)), *UX = ef_new(ef_size(cplx, lf, n));
        ef_gemm(cplx, 0, n, n, n, X, n, Z, n, XZ, n);
        long double e2 = 0.0L;
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
                const long double re = ef_re(cplx, XZ, n, i, j) - (i == j), im = ef_im(cplx, XZ, n, i, j);
                e2 += re * re + im * im;
            }
        const double exz = (double)(sqrtl(e2) / (ef_fnorm(cplx, n, n, X, n) * ef_fnorm(cplx, n, n, Z, n)));
        double erec = 0.0;
        if (m_f > 0) {   /* U Sigma_F X - F */
            double *US = ef_dup(U, ef_size(cplx, lf, n));
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < m_f; ++i) ef_set(cplx, US, lf, i, j, ef_re(cplx, U, lf, i, j) * sf[j], ef_im(cplx, U, lf, i, j) * sf[j]);
            ef_gemm(cplx, 0, m_f, n, n, US, lf, X, n, UX, lf);
            long double d2 = 0.0L;
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < m_f; ++i) {
                    const long double re = ef_re(cplx, UX, lf, i, j) - ef_re(cplx, F, lf, i, j);
                    const long double im = ef_im(cplx, UX, lf, i, j) - ef_im(cplx, F, lf, i, j);
                    d2 += re * re + im * im;
                }
            const long double nf = ef_fnorm(cplx, m_f, n, F, lf);
            erec = nf > 0.0L ? (double)(sqrtl(d2) / nf) : (double)sqrtl(d2);
            free(US);
        }
        CHECK(exz <= B_GX(n) && erec <= B_GX(n), "%s: X Z - I %.2e, F - U Sf X %.2e > %.2e", tag, exz, erec, B_GX(n));
        free(XZ); free(UX);
    }
    if (m_f > 0 && m_g > 0 && use_lapack) {   /* LAPACK on the same pair: K, L and the finite sigma (its fixture needs rows in both) */
        double *ls = ef_new((size_t)n);
        int lk = -1, ll = -1;
        const int linfo = ef_lapack_sigma(cplx, m_f, m_g, n, F, G, ls, &lk, &ll);
        CHECK(linfo == 0 && lk == K && ll == L, "%s: LAPACK info %d K %d L %d, ours %d %d", tag, linfo, lk, ll, K, L);
        double worst = 0.0;
        int cnt = 0;
        for (int j = K; j < K + L; ++j)
            if (s[j] > 0.0) ++cnt;
        for (int j = 0; j < cnt && linfo == 0; ++j) worst = fmax(worst, fabs(s[K + j] - ls[j]) / ls[j]);
        CHECK(worst <= B_GLAPACK, "%s: finite sigma vs LAPACK %.2e > %.0e", tag, worst, B_GLAPACK);
        printf("  %-44s K %2d L %2d null %2d  resid %.1e %.1e  orth %.1e %.1e  vs LAPACK %.1e\n", tag, K, L, n - K - L, rf, rg,
               ou, ov, worst);
        free(ls);
    }
    {   /* the same bits again */
        double *U2 = ef_dup(F, ef_size(cplx, lf, n)), *V2 = ef_dup(G, ef_size(cplx, lg, n)), *Z2 = ef_new(ef_size(cplx, n, n));
        double *s2 = ef_new((size_t)n);
        hzgsvd_info i2;
        st = ef_gsvd(cplx, m_f, m_g, n, U2, lf, V2, lg, Z2, n, NULL, NULL, s2, &o, &i2);
        CHECK(st == HZGSVD_SUCCESS && !memcmp(U2, U, sizeof(double) * ef_size(cplx, lf, n)) &&
              !memcmp(Z2, Z, sizeof(double) * ef_size(cplx, n, n)) && !memcmp(s2, s, sizeof(double) * (size_t)n),
              "%s: a second run differs", tag);
        free(U2); free(V2); free(Z2); free(s2);
    }
out:
    free(F); free(G); free(U); free(V); free(Z); free(X); free(sf); free(sg); free(s);
}

/* Tikhonov-style pairs (Hansen's Regularization Tools: cgsvd(K, L)): F = a Gaussian smoothing
 * kernel (n x n, numerically rank deficient), G = the first or second derivative operator
 * ((n - d) x n, rank n - d, so K = d).  Against LAPACK dggsvd3 on the same pair: the same K and L,
 * and ALPHA, BETA (normwise quantities in [0, 1]) within B_TIK. */
/* |alpha - alpha_LAPACK|, |beta - beta_LAPACK| over the finite columns, both normwise backward
 * stable: measured 1.4e-15, 3.9e-15, 1.9e-14 at n = 64, 128, 256 (docs/NUMERICS.md, "General
 * pairs": to n = 2048).  Bound 64 n u (1.8e-12 at n = 256). */
#define B_TIK(n) (64.0 * (n) * EF_U)
static void check_tikhonov(int n, int d)
{
    const int m_g = n - d;
    double *F = ef_new((size_t)n * n), *G = ef_new((size_t)m_g * n);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            const double x = (double)(i - j) / n;
            F[i + (size_t)j * n] = exp(-x * x / (2.0 * 0.05 * 0.05)) / n;
        }
    ef_difference_operator(d, n, G);
    ef_run r = ef_solve(0, n, m_g, n, F, G, NULL);
    double *A = ef_dup(F, (size_t)n * n), *B = ef_dup(G, (size_t)m_g * n), *al = ef_new((size_t)n), *be = ef_new((size_t)n), du = 0.0;
    lapack_int k = -1, l = -1, *iw = (lapack_int *)calloc((size_t)n, sizeof(lapack_int));
    const lapack_int li = LAPACKE_dggsvd3(LAPACK_COL_MAJOR, 'N', 'N', 'N', n, n, m_g, &k, &l, A, n, B, m_g, al, be, &du, 1, &du, 1, &du, 1, iw);
    CHECK(r.st == HZGSVD_SUCCESS && li == 0 && r.info.rank_k == d && k == d && l == m_g && r.info.rank_l == m_g,
          "Tikhonov n = %d, d = %d: status %d (%s), LAPACK info %d, K %d / %d, L %d / %d", n, d, r.st, r.info.detail, (int)li,
          r.info.rank_k, (int)k, r.info.rank_l, (int)l);
    double worst = 0.0;
    if (r.st == HZGSVD_SUCCESS && li == 0) {
        /* LAPACK's finite alphas sorted descending (by alpha: alpha^2 + beta^2 = 1) */
        double *la = ef_new((size_t)l), *lb = ef_new((size_t)l);
        for (int i = 0; i < l; ++i) { la[i] = al[k + i]; lb[i] = be[k + i]; }
        for (int i = 1; i < l; ++i) {
            const double ta = la[i], tb = lb[i];
            int j = i - 1;
            while (j >= 0 && la[j] < ta) { la[j + 1] = la[j]; lb[j + 1] = lb[j]; --j; }
            la[j + 1] = ta; lb[j + 1] = tb;
        }
        for (int i = 0; i < l; ++i)
            worst = fmax(worst, fmax(fabs(r.sf[d + i] - la[i]), fabs(r.sg[d + i] - lb[i])));
        free(la); free(lb);
    }
    CHECK(worst <= B_TIK(n), "Tikhonov n = %d, d = %d: alpha/beta vs LAPACK %.2e > %.2e", n, d, worst, B_TIK(n));
    printf("  Tikhonov n = %4d, d = %d: K %d L %d, %d sweeps, |alpha, beta - LAPACK's| %.1e\n", n, d, r.info.rank_k, r.info.rank_l,
           r.info.sweeps, worst);
    ef_run_free(&r); free(F); free(G); free(A); free(B); free(al); free(be); free(iw);
}

/* The new entry points refuse bad arguments with HZGSVD_ERR_INVALID_ARGUMENT (or the n < 1 status)
 * and a message, before touching any array. */
static void check_bad_arguments(void)
{
    enum { m = 6, p = 5, n = 4 };
    double A[2 * m * n], B[2 * p * n], U[2 * m * m], V[2 * p * p], Q[2 * n * n], X[2 * n * n], Z[2 * n * n];
    double al[n], be[n], sf[n], sg[n];
    int iw[n], k, l;
    for (int i = 0; i < 2 * m * n; ++i) A[i] = 1.0 + i;
    for (int i = 0; i < 2 * p * n; ++i) B[i] = 2.0 - i;
    const double A0 = A[0];
    hzgsvd_info info;
#define EXPECT_REFUSAL(what, call, want, needle)                                                                \
    do {                                                                                                        \
        const hzgsvd_status st_ = (call);                                                                       \
        CHECK(st_ == (want) && strstr(info.detail, (needle)) != NULL, "%s: status %d (expected %d), detail '%s'", \
              (what), (int)st_, (int)(want), info.detail);                                                      \
    } while (0)
    EXPECT_REFUSAL("ggsvd3 JOBU 'X'", hzgsvd_cpu_dggsvd3('X', 'V', 'Q', m, n, p, &k, &l, A, m, B, p, al, be, U, m, V, p, Q, n, iw, NULL, &info),
                   HZGSVD_ERR_INVALID_ARGUMENT, "argument 1:");
    EXPECT_REFUSAL("ggsvd3 LDA < M", hzgsvd_cpu_dggsvd3('U', 'V', 'Q', m, n, p, &k, &l, A, m - 1, B, p, al, be, U, m, V, p, Q, n, iw, NULL, &info),
                   HZGSVD_ERR_INVALID_ARGUMENT, "argument 10");
    EXPECT_REFUSAL("ggsvd3 LDU < M with JOBU 'U'",
                   hzgsvd_cpu_zggsvd3('U', 'N', 'N', m, n, p, &k, &l, A, m, B, p, al, be, U, m - 1, V, 1, Q, 1, iw, NULL, &info),
                   HZGSVD_ERR_INVALID_ARGUMENT, "argument 16");
    EXPECT_REFUSAL("ggsvd3 IWORK NULL", hzgsvd_cpu_dggsvd3('N', 'N', 'N', m, n, p, &k, &l, A, m, B, p, al, be, U, 1, V, 1, Q, 1, NULL, NULL, &info),
                   HZGSVD_ERR_INVALID_ARGUMENT, "argument 21");
    EXPECT_REFUSAL("ggsvd3 N < 0", hzgsvd_cpu_dggsvd3('N', 'N', 'N', m, -1, p, &k, &l, A, m, B, p, al, be, U, 1, V, 1, Q, 1, iw, NULL, &info),
                   HZGSVD_ERR_INVALID_ARGUMENT, "argument 5");
    EXPECT_REFUSAL("gsvdx X NULL", hzgsvd_cpu_dgsvdx(m, p, n, A, m, B, p, Z, n, NULL, n, sf, sg, NULL, NULL, &info),
                   HZGSVD_ERR_INVALID_ARGUMENT, "(X)");
    EXPECT_REFUSAL("gsvdx ldx < n", hzgsvd_cpu_zgsvdx(m, p, n, A, m, B, p, NULL, n, X, n - 1, sf, sg, NULL, NULL, &info),
                   HZGSVD_ERR_INVALID_ARGUMENT, "ldx");
    EXPECT_REFUSAL("gsvdx m_f < 0", hzgsvd_cpu_dgsvdx(-1, p, n, A, m, B, p, Z, n, X, n, sf, sg, NULL, NULL, &info),
                   HZGSVD_ERR_INVALID_ARGUMENT, "m_f");
    EXPECT_REFUSAL("x_from_outputs n = 0", hzgsvd_cpu_dx_from_outputs(m, p, 0, A, m, B, p, A, m, B, p, Z, n, sf, sg, X, n, &info),
                   HZGSVD_ERR_N_LESS_THAN_ONE, "n = 0");
    EXPECT_REFUSAL("x_from_outputs U NULL", hzgsvd_cpu_zx_from_outputs(m, p, n, A, m, B, p, NULL, m, B, p, Z, n, sf, sg, X, n, &info),
                   HZGSVD_ERR_INVALID_ARGUMENT, "NULL");
    EXPECT_REFUSAL("x_from_outputs ldx < n", hzgsvd_cpu_dx_from_outputs(m, p, n, A, m, B, p, A, m, B, p, Z, n, sf, sg, X, n - 1, &info),
                   HZGSVD_ERR_INVALID_ARGUMENT, "ldx");
#undef EXPECT_REFUSAL
    CHECK(A[0] == A0, "an argument error wrote A");
}

/* One pair F (20 x 8), G (10 x 8) of condition `cond` from rng, default options: it must be solved,
 * with U and V orthonormal on their nonzero columns and small residuals.  Returns the worse
 * orthogonality (-1: not solved). */
static double check_edge_pair(tu_rng *rng, int cplx, double cond, const char *what, int trial)
{
    const int m_f = 20, m_g = 10, n = 8;
    double *F = ef_new(ef_size(cplx, m_f, n)), *G = ef_new(ef_size(cplx, m_g, n));
    illcond_matrix(rng, cplx, m_f, n, cond, 0, 1.0, F);
    illcond_matrix(rng, cplx, m_g, n, cond, 0, 1.0, G);
    ef_run r = ef_solve(cplx, m_f, m_g, n, F, G, NULL);
    double ou = -1.0, ov = -1.0, rf = -1.0, rg = -1.0;
    if (r.st == HZGSVD_SUCCESS) {
        int nu = 0, nv = 0;
        for (int j = 0; j < n; ++j) { nu += r.sf[j] > 0.0; nv += r.sg[j] > 0.0; }
        ou = ef_orth_err(cplx, m_f, nu, r.U, m_f);
        ov = ef_orth_err(cplx, m_g, nv, r.V + (size_t)(cplx ? 2 : 1) * r.info.rank_k * m_g, m_g);
        rf = ef_resid(cplx, m_f, n, F, m_f, r.U, m_f, r.Z, n, r.sf);
        rg = ef_resid(cplx, m_g, n, G, m_g, r.V, m_g, r.Z, n, r.sg);
    }
    CHECK(r.st == HZGSVD_SUCCESS && ou <= B_GORTH(n) && ov <= B_GORTH(n) && rf <= B_GRESID(n) && rg <= B_GRESID(n),
          "%s %s trial %d: status %d (%s), orthogonality of the nonzero columns %.2e %.2e, residuals %.2e %.2e",
          cplx ? "z" : "d", what, trial, (int)r.st, r.info.detail, ou, ov, rf, rg);
    ef_run_free(&r); free(F); free(G);
    return fmax(ou, ov);
}

int main(int argc, char **argv)
{
    tu_start("test_engine_general");
    use_lapack = !(argc > 1 && !strcmp(argv[1], "--no-lapack"));
    check_bad_arguments();
    tu_rng rng = {20261123u};
    /* generic ranks: L = r_g, K + L = min(n, r_f + r_g) */
    static const gcase cases[] = {
        {"full rank, tall", 50, 40, 30, 30, 30, 0, 0, 30},
        {"m_f < n (F 20 x 30)", 20, 40, 30, 20, 30, 0, 0, 30},
        {"m_g < n (G 20 x 30): K = 10", 50, 20, 30, 30, 20, 0, 10, 20},
        {"both short (10, 12 x 30): null 8", 10, 12, 30, 10, 12, 0, 10, 12},
        {"rank 10, 12 of 30 rows each", 50, 40, 30, 10, 12, 0, 10, 12},
        {"rank 25, 25: K = 5, sigma = 0 x 5", 50, 50, 30, 25, 25, 0, 5, 25},
        {"zero column 4 in both", 40, 40, 24, 40, 40, 4, 0, 23},
        {"F = 0", 20, 30, 16, 0, 16, 0, 0, 16},
        {"G = 0", 30, 20, 16, 16, 0, 0, 16, 0},
        {"no rows of F (m_f = 0)", 0, 30, 16, 0, 16, 0, 0, 16},
        {"no rows of G, F 5 x 8", 5, 0, 8, 5, 0, 0, 5, 0},
        {"n = 1, F = 0", 3, 4, 1, 0, 1, 0, 0, 1},
        {"Tikhonov-like: G (n-1) x n", 40, 29, 30, 30, 29, 0, 1, 29},
        /* across the panels of the blocked reduction (HZGSVD__DN_NB reflectors) */
#define NB_ HZGSVD__DN_NB
        {"panels: n = nb - 1, ranks nb - 1, 12", 40, NB_ - 1, NB_ - 1, NB_ - 1, 12, 0, NB_ - 13, 12},
        {"panels: n = nb, G (n-1) x n", 45, NB_ - 1, NB_, NB_, NB_ - 1, 0, 1, NB_ - 1},
        {"panels: n = nb + 1, ranks 20, 25", 40, 35, NB_ + 1, 20, 25, 0, NB_ + 1 - 25, 25},
        {"panels: n = 2 nb + 1, G (n-3) x n", 2 * NB_ + 5, 2 * NB_ - 2, 2 * NB_ + 1, 2 * NB_ + 1, 2 * NB_ - 2, 0, 3, 2 * NB_ - 2},
        {"panels: m_f = 20 < n = 2 nb + 1", 20, 2 * NB_ + 5, 2 * NB_ + 1, 20, 2 * NB_ + 1, 0, 0, 2 * NB_ + 1},
        {"panels: n = 2 nb + 1, ranks nb + 3, nb, zero column 3", 2 * NB_ + 9, 2 * NB_ + 2, 2 * NB_ + 1, NB_ + 3, NB_, 3, NB_, NB_},
#undef NB_
    };
    for (int cplx = 0; cplx < 2; ++cplx)
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
            for (int pre = -1; pre <= 1; pre += 2) check_case(&rng, cplx, &cases[i], pre);
    if (use_lapack)
        for (int n = 64; n <= 256; n *= 2)
            for (int d = 1; d <= 2; ++d) check_tikhonov(n, d);
    {   /* a full-rank pair through the reduction against the full-rank engine */
        for (int cplx = 0; cplx < 2; ++cplx) {
            const int m_f = 60, m_g = 45, n = 32;
            double *F = rank_matrix(&rng, cplx, m_f, n, n), *G = rank_matrix(&rng, cplx, m_g, n, n);
            hzgsvd_options a = hzgsvd_default_options(), b = a;
            b.preprocess = 1;
            ef_run ra = ef_solve(cplx, m_f, m_g, n, F, G, &a), rb = ef_solve(cplx, m_f, m_g, n, F, G, &b);
            const double d = ef_relerr(ra.s, rb.s, n);
            /* both refine sigma from the input pair (the reduction where the pair is of full rank) */
            CHECK(ra.st == HZGSVD_SUCCESS && rb.st == HZGSVD_SUCCESS && !ra.info.preprocessed && rb.info.preprocessed &&
                  d <= B_AGREE(n), "%s full rank: reduced vs direct sigma %.2e > %.2e (status %d %d)", cplx ? "z" : "d", d, B_AGREE(n), ra.st, rb.st);
            ef_run_free(&ra); ef_run_free(&rb); free(F); free(G);
        }
        /* a tall pair (m_F + m_G >= 4 n) is shortened by default, and agrees with the unshortened run:
         * a random pair, and a known-sigma one (sigma in [1e-3, 1e3], cond X = 100), whose shortened
         * sigma were 6e-13 off before the reduction refined them from the input pair */
        for (int t = 0; t < 4; ++t) {
            const int cplx = t & 1, known = t >> 1, m_f = known ? 64 : 130, m_g = known ? 64 : 70, n = 32;
            double *F, *G;
            if (known) {
                long double *ex = (long double *)malloc(sizeof(long double) * n);
                F = ef_new(ef_size(cplx, m_f, n)); G = ef_new(ef_size(cplx, m_g, n));
                ef_known_pair(&rng, cplx, m_f, m_g, n, 1e-3, 1e3, 100.0, F, G, ex);
                free(ex);
            } else {
                F = rank_matrix(&rng, cplx, m_f, n, n); G = rank_matrix(&rng, cplx, m_g, n, n);
            }
            hzgsvd_options a = hzgsvd_default_options(), b = a;
            b.preprocess = 0;
            ef_run ra = ef_solve(cplx, m_f, m_g, n, F, G, &a), rb = ef_solve(cplx, m_f, m_g, n, F, G, &b);
            const double d = ef_relerr(ra.s, rb.s, n);
            const ef_quality q = ef_assess(&ra, F, G);
            CHECK(ra.st == HZGSVD_SUCCESS && rb.st == HZGSVD_SUCCESS && ra.info.preprocessed && !rb.info.preprocessed &&
                  d <= B_AGREE(n) && q.resid_f <= B_GRESID(n) && q.orth_u <= B_GORTH(n),
                  "%s tall%s: shortened %d, vs unshortened sigma %.2e, residual %.2e, orthogonality %.2e", cplx ? "z" : "d",
                  known ? " (known sigma)" : "", ra.info.preprocessed, d, q.resid_f, q.orth_u);
            ef_run_free(&ra); ef_run_free(&rb); free(F); free(G);
        }
    }
    {   /* F (20 x 8), G (10 x 8) of condition 1e13 (full rank by LAPACK's tolerance, which 0.1/u, xCKGSV's
         * condition, is not at these sizes), random unitary factors: the default's U and V orthonormal
         * whatever the unreduced engine makes of the pair */
        int caught = 0;
        double worst_b = 0.0;
        for (int cplx = 0; cplx < 2; ++cplx)
            for (int trial = 0; trial < 8; ++trial) {
                const int m_f = 20, m_g = 10, n = 8;
                double *F = ef_new(ef_size(cplx, m_f, n)), *G = ef_new(ef_size(cplx, m_g, n));
                illcond_matrix(&rng, cplx, m_f, n, 1e13, 0, 1.0, F);
                illcond_matrix(&rng, cplx, m_g, n, 1e13, 0, 1.0, G);
                hzgsvd_options a = hzgsvd_default_options(), b = a;
                b.preprocess = 0;
                ef_run ra = ef_solve(cplx, m_f, m_g, n, F, G, &a), rb = ef_solve(cplx, m_f, m_g, n, F, G, &b);
                const ef_quality q = ef_assess(&ra, F, G);
                const double orth_b = rb.st == HZGSVD_SUCCESS ? ef_orth_err(cplx, m_f, n, rb.U, m_f) : -1.0;
                caught += ra.info.preprocessed;
                worst_b = fmax(worst_b, orth_b);
                CHECK(ra.st == HZGSVD_SUCCESS && q.orth_u <= B_GORTH(n) && q.orth_v <= B_GORTH(n) && q.resid_f <= B_GRESID(n)
                          && q.resid_g <= B_GRESID(n) && (ra.info.preprocessed || orth_b <= B_GORTH(n)),
                      "%s cond 1e13 trial %d: status %d, reduced %d, orthogonality %.2e %.2e, residuals %.2e %.2e (unreduced engine: U orthogonality %.2e)",
                      cplx ? "z" : "d", trial, (int)ra.st, ra.info.preprocessed, q.orth_u, q.orth_v, q.resid_f, q.resid_g, orth_b);
                ef_run_free(&ra); ef_run_free(&rb); free(F); free(G);
            }
        printf("  cond 1e13 ungraded pairs: %d of 16 reduced after the full-rank engine's orthogonality check (the engine alone: ||U^H U - I|| up to %.1e)\n",
               caught, worst_b);
    }
    {   /* the same shapes at condition 4.5e14 (xCKGSV's 0.1/u): at the edge of the rank tolerance, F of
         * rank 7 or K = 1 by it; where a sigma_f sits just above the tolerance, U from F z / sigma_f was
         * off orthogonality by up to 1.5e-2 before the core's re-orthogonalization (docs/NUMERICS.md) */
        double worst = 0.0;
        for (int cplx = 0; cplx < 2; ++cplx)
            for (int trial = 0; trial < 8; ++trial) worst = fmax(worst, check_edge_pair(&rng, cplx, 4.5e14, "cond 4.5e14", trial));
        printf("  cond 4.5e14 ungraded pairs: U, V orthonormal on their nonzero columns to %.1e\n", worst);
    }
    {   /* 60 more such pairs from a seed of their own, among them four (real trials 7, 12, 26 and complex
         * trial 23) whose core the blocked engine refused even on its orthonormal QR pair ("a 2x2 pivot of B
         * is not positive definite": a sigma_g near 1e-14 beside a sigma_f near 1e-10); the core is now
         * solved column by column (w = 1) there.  Every pair: solved, orthonormal, small residuals. */
        tu_rng seeded = { 0x5eed1213u };
        int solved = 0;
        double worst = 0.0;
        for (int trial = 0; trial < 30; ++trial)
            for (int cplx = 0; cplx < 2; ++cplx) {
                const double o = check_edge_pair(&seeded, cplx, 4.5e14, "cond 4.5e14 seeded", trial);
                solved += o >= 0.0;
                worst = fmax(worst, o);
            }
        printf("  cond 4.5e14, 60 seeded pairs: %d solved, U, V orthonormal to %.1e\n", solved, worst);
    }
    return tu_finish();
}
