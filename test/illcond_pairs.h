/* illcond_pairs.h -- dense pairs with ill-conditioned F or G (docs/NUMERICS.md, "Ill-conditioned
 * pivot blocks") and LAPACK's GSVD residual, shared by the CPU test (test_engine_illcond.c) and the
 * GPU one (test/gpu/test_gpu_engine.cu).  Needs engine_fixtures.h. */
#ifndef HZGSVD_ILLCOND_PAIRS_H
#define HZGSVD_ILLCOND_PAIRS_H

/* LAPACK's acceptance threshold for the GSVD residual test (xGSVTS3). */
#define B_LAPACK_RESID 20.0

/* A (m x n) = Q1 diag(s) Q2^H * norm, Q1 m x n orthonormal, Q2 n x n unitary; s: "one" (1, ..., 1,
 * 1/cond) or geometric 1 .. 1/cond. */
static inline void illcond_matrix(tu_rng *r, int cplx, int m, int n, double cond, int one, double norm, double *A)
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

static inline long double illcond_norm1(int cplx, int m, int n, const double *A, int lda)
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
static inline double lapack_gsvd_resid(int cplx, int m, int n, const double *A, const double *U, const double *Z, const double *s)
{
    const long double den = (long double)(m > n ? m : n) * illcond_norm1(cplx, m, n, A, m) * illcond_norm1(cplx, n, n, Z, n) * EF_U;
    double worst = 0.0;
    for (int j = 0; j < n; ++j) {
        long double col = 0.0L;
        for (int i = 0; i < m; ++i) {
            long double sr, si;
            ef_resid_entry(cplx, n, A, m, U, m, Z, n, s, i, j, &sr, &si);
            col += hypotl(sr, si);
        }
        const double q = (double)(col / den);
        if (!(q <= worst)) worst = isnan(q) ? INFINITY : q;
    }
    return worst;
}

typedef struct illcond_kind {
    const char *name;
    double cf, cg, nf, ng;          /* conditions and norms of F and G */
    int one_f, one_g;               /* singular values (1, ..., 1, 1/cond) instead of geometric */
} illcond_kind;

/* The kinds of pair: F (1, ..., 1, 1e-9) with G of condition 10 is the example; the
 * LAPACK-style row uses xGSVTS3's norms. */
static const illcond_kind illcond_kinds[] = {
    {"F (1,...,1,1e-9), G cond 10", 1e9, 10.0, 1.0, 1.0, 1, 0},
    {"F geometric to 1e-11, G cond 10", 1e11, 10.0, 1.0, 1.0, 0, 0},
    {"LAPACK-style: norms 10, 1000, both cond 2.1e7", 2.1e7, 2.1e7, 10.0, 1000.0, 0, 0},
    {"F cond 1e13, G cond 10", 1e13, 10.0, 1.0, 1.0, 0, 0},
    {"F cond 10, G cond 1e13", 10.0, 1e13, 1.0, 1.0, 0, 0},
    {"F, G (1,...,1,1e-10)", 1e10, 1e10, 1.0, 1.0, 1, 1},
};
#define ILLCOND_KINDS ((int)(sizeof illcond_kinds / sizeof illcond_kinds[0]))

/* F (5n/2 x n) and G (5n/4 x n) of kind kd, drawn from r; their row counts in *m_f, *m_g. */
static inline void illcond_pair(tu_rng *r, int cplx, int n, const illcond_kind *kd, int *m_f, int *m_g, double **F, double **G)
{
    *m_f = (5 * n) / 2;
    *m_g = (5 * n) / 4;
    *F = ef_new(ef_size(cplx, *m_f, n));
    *G = ef_new(ef_size(cplx, *m_g, n));
    illcond_matrix(r, cplx, *m_f, n, kd->cf, kd->one_f, kd->nf, *F);
    illcond_matrix(r, cplx, *m_g, n, kd->cg, kd->one_g, kd->ng, *G);
}

/* The acceptance of one run (status st, its detail and outputs) on an ill-conditioned pair, against
 * the pointwise path's status st_w1 (block_width 1, CPU): accepted wherever the pointwise path
 * accepts, refused as rank deficient only where it is too, and an accepted run's LAPACK residuals of
 * F and G below B_LAPACK_RESID.  Returns the larger residual of an accepted run, -1 otherwise. */
static inline double illcond_check(const char *what, int cplx, int m_f, int m_g, int n, const double *F, const double *G,
                                   hzgsvd_status st, const char *detail, const double *U, const double *V, const double *Z,
                                   const double *sf, const double *sg, hzgsvd_status st_w1)
{
    if (st_w1 == HZGSVD_SUCCESS)
        CHECK(st == HZGSVD_SUCCESS, "%s: block_width 1 accepts, the run gives %d (%s)", what, (int)st, detail);
    CHECK(st != HZGSVD_ERR_RANK_DEFICIENT || st_w1 == HZGSVD_ERR_RANK_DEFICIENT,
          "%s: the run refuses as rank deficient, block_width 1 does not (%d): %s", what, (int)st_w1, detail);
    if (st != HZGSVD_SUCCESS) return -1.0;
    const double rf = lapack_gsvd_resid(cplx, m_f, n, F, U, Z, sf);
    const double rg = lapack_gsvd_resid(cplx, m_g, n, G, V, Z, sg);
    CHECK(rf < B_LAPACK_RESID && rg < B_LAPACK_RESID, "%s: residuals %.3g %.3g (LAPACK's threshold %g)", what, rf, rg, B_LAPACK_RESID);
    return rf > rg ? rf : rg;
}

#endif
