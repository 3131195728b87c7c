/* test_engine_illcond -- ill-conditioned pivot blocks (docs/NUMERICS.md, "Ill-conditioned pivot
 * blocks"): the block width is a speed knob, never an accuracy or a rank decision.  On dense pairs
 * with F or G of condition up to 1e13 (real and complex; n = 8, 20, 40) the default configuration
 * accepts every pair that the pointwise path (block_width 1) accepts, and the LAPACK-style residual
 * ||A z_j - u_j s_j||_1 / (max(m, n) ||A||_1 ||Z||_1 u) of every column stays below LAPACK's
 * threshold for its own GSVD, 20. */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "test/testutil.h"
#include "test/engine_fixtures.h"

/* LAPACK's acceptance threshold for the GSVD residual test (xGSVTS3). */
#define B_LAPACK_RESID 20.0

/* A (m x n) = Q1 diag(s) Q2^H * norm, Q1 m x n orthonormal, Q2 n x n unitary; s: "one" (1, ..., 1,
 * 1/cond) or geometric 1 .. 1/cond. */
static void make_matrix(tu_rng *r, int cplx, int m, int n, double cond, int one, double norm, double *A)
{
    double *Q1 = ef_new(ef_size(cplx, m, n)), *Q2 = ef_new(ef_size(cplx, n, n));
    ef_orth(r, cplx, m, n, Q1);
    ef_orth(r, cplx, n, n, Q2);
    for (int l = 0; l < n; ++l) {
        const double s = norm * (one ? (l == n - 1 ? 1.0 / cond : 1.0) : pow(cond, -(double)l / (double)(n - 1)));
        for (int i = 0; i < m; ++i) ef_set(cplx, Q1, m, i, l, ef_re(cplx, Q1, m, i, l) * s, ef_im(cplx, Q1, m, i, l) * s);
    }
    ef_gemm(cplx, 0, m, n, n, Q1, m, Q2, n, A, m);
    free(Q1);
    free(Q2);
}

static long double norm1(int cplx, int m, int n, const double *A, int lda)
{
    long double best = 0.0L;
    for (int j = 0; j < n; ++j) {
        long double s = 0.0L;
        for (int i = 0; i < m; ++i) s += hypotl(ef_re(cplx, A, lda, i, j), ef_im(cplx, A, lda, i, j));
        if (s > best) best = s;
    }
    return best;
}

/* max over columns of ||A z_j - u_j s_j||_1 / (max(m, n) ||A||_1 ||Z||_1 u), in long double */
static double lapack_resid(int cplx, int m, int n, const double *A, const double *U, const double *Z, const double *s)
{
    const long double den = (long double)(m > n ? m : n) * norm1(cplx, m, n, A, m) * norm1(cplx, n, n, Z, n) * EF_U;
    double worst = 0.0;
    for (int j = 0; j < n; ++j) {
        long double col = 0.0L;
        for (int i = 0; i < m; ++i) {
            long double sr = 0.0L, si = 0.0L;
            for (int l = 0; l < n; ++l) {
                const long double ar = ef_re(cplx, A, m, i, l), ai = ef_im(cplx, A, m, i, l);
                const long double zr = ef_re(cplx, Z, n, l, j), zi = ef_im(cplx, Z, n, l, j);
                sr += ar * zr - ai * zi;
                si += ar * zi + ai * zr;
            }
            sr -= (long double)ef_re(cplx, U, m, i, j) * s[j];
            si -= (long double)ef_im(cplx, U, m, i, j) * s[j];
            col += hypotl(sr, si);
        }
        const double q = (double)(col / den);
        if (!(q <= worst)) worst = isnan(q) ? INFINITY : q;
    }
    return worst;
}

typedef struct kind {
    const char *name;
    double cf, cg, nf, ng;          /* conditions and norms of F and G */
    int one_f, one_g;               /* singular values (1, ..., 1, 1/cond) instead of geometric */
} kind;

int main(void)
{
    tu_start("test_engine_illcond");
    tu_rng rng = {0x5eed1213u};
    static const kind kinds[] = {
        {"F (1,...,1,1e-9), G cond 10", 1e9, 10.0, 1.0, 1.0, 1, 0},
        {"F geometric to 1e-11, G cond 10", 1e11, 10.0, 1.0, 1.0, 0, 0},
        {"LAPACK-style: norms 10, 1000, both cond 2.1e7", 2.1e7, 2.1e7, 10.0, 1000.0, 0, 0},
        {"F cond 1e13, G cond 10", 1e13, 10.0, 1.0, 1.0, 0, 0},
        {"F cond 10, G cond 1e13", 10.0, 1e13, 1.0, 1.0, 0, 0},
        {"F, G (1,...,1,1e-10)", 1e10, 1e10, 1.0, 1.0, 1, 1},
    };
    static const int ns[] = {8, 20, 40};
    int pairs = 0, both = 0, refused_w1 = 0;
    double worst = 0.0;
    for (int cplx = 0; cplx < 2; ++cplx)
        for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ++ni)
            for (size_t ki = 0; ki < sizeof kinds / sizeof kinds[0]; ++ki)
                for (int rep = 0; rep < 2; ++rep) {
                    const kind *kd = &kinds[ki];
                    const int n = ns[ni], m_f = (5 * n) / 2, m_g = (5 * n) / 4;
                    double *F = ef_new(ef_size(cplx, m_f, n)), *G = ef_new(ef_size(cplx, m_g, n));
                    make_matrix(&rng, cplx, m_f, n, kd->cf, kd->one_f, kd->nf, F);
                    make_matrix(&rng, cplx, m_g, n, kd->cg, kd->one_g, kd->ng, G);
                    hzgsvd_options w1 = hzgsvd_default_options();
                    w1.block_width = 1;
                    ef_run a = ef_solve(cplx, m_f, m_g, n, F, G, NULL);
                    ef_run b = ef_solve(cplx, m_f, m_g, n, F, G, &w1);
                    char what[160];
                    snprintf(what, sizeof what, "%s n=%d %s #%d", cplx ? "z" : "d", n, kd->name, rep);
                    ++pairs;
                    /* accepted by the pointwise path => accepted by default; never a rank refusal by default */
                    if (b.st == HZGSVD_SUCCESS) {
                        CHECK(a.st == HZGSVD_SUCCESS, "%s: block_width 1 accepts, the default gives %d (%s)", what, (int)a.st, a.info.detail);
                    } else {
                        ++refused_w1;
                    }
                    CHECK(a.st != HZGSVD_ERR_RANK_DEFICIENT || b.st == HZGSVD_ERR_RANK_DEFICIENT,
                          "%s: the default refuses as rank deficient, block_width 1 does not (%d): %s", what, (int)b.st, a.info.detail);
                    if (a.st == HZGSVD_SUCCESS) {
                        const double rf = lapack_resid(cplx, m_f, n, F, a.U, a.Z, a.sf);
                        const double rg = lapack_resid(cplx, m_g, n, G, a.V, a.Z, a.sg);
                        CHECK(rf < B_LAPACK_RESID && rg < B_LAPACK_RESID, "%s: residuals %.3g %.3g (LAPACK's threshold %g)", what, rf, rg,
                              B_LAPACK_RESID);
                        if (rf > worst) worst = rf;
                        if (rg > worst) worst = rg;
                        if (b.st == HZGSVD_SUCCESS) ++both;
                    }
                    ef_run_free(&a); ef_run_free(&b);
                    free(F); free(G);
                }
    printf("  %d pairs (conditions up to 1e13): %d accepted by both paths, %d not by block_width 1; worst default residual %.3g (< %g)\n",
           pairs, both, refused_w1, worst, B_LAPACK_RESID);
    return tu_finish();
}
