/* engine_fixtures.h -- what test_engine_lapack, test_engine_props and test_engine_errors share:
 * random matrices and pairs with known generalized singular values (LAPACK QR for the orthonormal
 * factors, products accumulated in long double and rounded once), residuals and orthogonality in
 * long double, the LAPACK xGGSVD3 reference and the GEVD route (dsygvd on F^T F, G^T G).
 *
 * Include it after "hzgsvd_cpu.h" (each test program defines HZGSVD_IMPLEMENTATION itself) and
 * "test/testutil.h".  Matrices are column major; a complex matrix is interleaved (re, im) pairs
 * of doubles and its leading dimension counts complex elements (the engine's layout).  Every
 * helper takes cplx (0 real, 1 complex) instead of coming in two copies.  The helpers are static
 * inline: each test uses only some of them, and -Wall -Wextra must stay quiet.
 */
#ifndef HZGSVD_ENGINE_FIXTURES_H
#define HZGSVD_ENGINE_FIXTURES_H

#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hzgsvd_cpu.h"
#include "test/testutil.h"
#include "test/support/lapack_qr.h"

#define EF_U 0x1p-53 /* unit roundoff of double */

/* ---- bounds shared by the engine property tests (CPU and distributed) ------------------------ */

/* Two accurate runs on the same well-conditioned random pair (another configuration or block
 * width, or an input transformed so that sigma is unchanged up to one rounding per element: Q1 F,
 * Q2 G; F D, G D; F <-> G; c F): each is within ~n u of the exact sigma.  Measured worst:
 * (a) 1.9e-15 (0.25 n u, n = 70) and 1.4e-15 (0.32 n u, n = 40, complex); (b) 1.5e-15 (0.19 n u);
 * (c) 1.3e-15 (0.17 n u).  Bound 8 n u (>= 25x). */
#define B_AGREE(n) (8.0 * (n) * EF_U)
/* |sigma_f^2 + sigma_g^2 - 1| and |sigma - sf/sg| / (sf/sg): a few roundings (as in
 * test_engine_lapack).  Measured worst 4.7e-16 and 3.1e-16.  Bounds 64 u and 32 u. */
#define B_NORM1 (64.0 * EF_U)
#define B_RATIO (32.0 * EF_U)
/* Residual ||F Z - U Sf||_F / (||F||_F ||Z||_F) (and G), as in test_engine_lapack: ~sqrt(n) u.
 * Measured worst 2.9e-16 (0.03 of the bound at n = 70).  Bound 8 sqrt(n) u + 16 u. */
#define B_RESID(n) ((8.0 * sqrt((double)(n)) + 16.0) * EF_U)
/* ||U^H U - I||_F (and V): n(n-1) cosines below the tolerance sqrt(2w) u.  Measured worst 1.5e-14
 * (n = 70).  Bound 8 n sqrt(2w) u + 32 u (3.6e-13 at n = 70, w = 16). */
#define B_ORTH(n, w) ((8.0 * (n) * sqrt(2.0 * (w)) + 32.0) * EF_U)

/* ---- memory ------------------------------------------------------------------------------- */

static inline double *ef_new(size_t count)
{
    double *p = (double *)calloc(count ? count : 1, sizeof(double));
    if (!p) {
        fprintf(stderr, "engine_fixtures: out of memory (%zu doubles)\n", count);
        exit(2);
    }
    return p;
}

/* doubles in an ld x n matrix */
static inline size_t ef_size(int cplx, int ld, int n) { return (size_t)(cplx ? 2 : 1) * (size_t)ld * (size_t)n; }

static inline double *ef_dup(const double *a, size_t count)
{
    double *p = ef_new(count);
    memcpy(p, a, count * sizeof(double));
    return p;
}

/* element (i, j): real part and imaginary part (0 for a real matrix) */
static inline double ef_re(int cplx, const double *A, int ld, int i, int j)
{
    return cplx ? A[2 * ((size_t)i + (size_t)j * ld)] : A[(size_t)i + (size_t)j * ld];
}
static inline double ef_im(int cplx, const double *A, int ld, int i, int j)
{
    return cplx ? A[2 * ((size_t)i + (size_t)j * ld) + 1] : 0.0;
}
static inline void ef_set(int cplx, double *A, int ld, int i, int j, double re, double im)
{
    if (cplx) {
        A[2 * ((size_t)i + (size_t)j * ld)] = re;
        A[2 * ((size_t)i + (size_t)j * ld) + 1] = im;
    } else {
        A[(size_t)i + (size_t)j * ld] = re;
    }
}

/* copy an m x n matrix between leading dimensions */
static inline void ef_copy(int cplx, int m, int n, const double *A, int lda, double *B, int ldb)
{
    const size_t e = cplx ? 2 : 1;
    for (int j = 0; j < n; ++j)
        memcpy(B + e * (size_t)j * ldb, A + e * (size_t)j * lda, e * (size_t)m * sizeof(double));
}

/* ---- random numbers and matrices ---------------------------------------------------------- */

static inline void ef_randmat(tu_rng *r, int cplx, int m, int n, double *A, int lda)
{
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            const double re = tu_uniform(r);
            const double im = cplx ? tu_uniform(r) : 0.0;
            ef_set(cplx, A, lda, i, j, re, im);
        }
}

/* Q (m x n, ld m, n <= m) with orthonormal columns: Householder QR of a random matrix (LAPACK,
 * test/support/lapack_qr.h). */
static inline void ef_orth(tu_rng *r, int cplx, int m, int n, double *Q)
{
    ef_randmat(r, cplx, m, n, Q, m);
    const int info = sp_orthonormalize(cplx, (size_t)m, (size_t)n, Q);
    if (info == SP_QR_NO_MEMORY) {
        fprintf(stderr, "engine_fixtures: out of memory (%zu doubles)\n", 2 * (size_t)n);
        exit(2);
    }
    if (info != 0) {
        fprintf(stderr, "engine_fixtures: LAPACK QR failed (info %d)\n", info);
        exit(2);
    }
}

/* C (m x n) = op(A) B rounded once from long double, op(A) = A (m x k) or, with ta, A^H (A k x m). */
static inline void ef_gemm(int cplx, int ta, int m, int n, int k, const double *A, int lda, const double *B, int ldb,
                    double *C, int ldc)
{
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            long double sr = 0.0L, si = 0.0L;
            for (int l = 0; l < k; ++l) {
                long double ar, ai;
                if (ta) { ar = ef_re(cplx, A, lda, l, i); ai = -(long double)ef_im(cplx, A, lda, l, i); }
                else    { ar = ef_re(cplx, A, lda, i, l); ai = ef_im(cplx, A, lda, i, l); }
                const long double br = ef_re(cplx, B, ldb, l, j), bi = ef_im(cplx, B, ldb, l, j);
                sr += ar * br - ai * bi;
                si += ar * bi + ai * br;
            }
            ef_set(cplx, C, ldc, i, j, (double)sr, (double)si);
        }
}

/* X (n x n, ld n) = Q1 diag(d) Q2, Q1, Q2 random orthogonal/unitary, d log-spaced 1 .. 1/cond:
 * cond_2(X) = cond up to the final rounding. */
static inline void ef_cond_matrix(tu_rng *r, int cplx, int n, double cond, double *X)
{
    double *Q1 = ef_new(ef_size(cplx, n, n)), *Q2 = ef_new(ef_size(cplx, n, n));
    ef_orth(r, cplx, n, n, Q1);
    ef_orth(r, cplx, n, n, Q2);
    for (int l = 0; l < n; ++l) {
        const double d = (n == 1) ? 1.0 : pow(cond, -(double)l / (double)(n - 1));
        for (int i = 0; i < n; ++i)
            ef_set(cplx, Q1, n, i, l, ef_re(cplx, Q1, n, i, l) * d, ef_im(cplx, Q1, n, i, l) * d);
    }
    ef_gemm(cplx, 0, n, n, n, Q1, n, Q2, n, X, n);
    free(Q1);
    free(Q2);
}

/* sigma_i log-spaced from hi down to lo, in random order; sf = sigma / sqrt(1 + sigma^2),
 * sg = 1 / sqrt(1 + sigma^2) (rounded); exact[i] = sf[i] / sg[i] in long double: the exact
 * generalized singular values of a pair built from these sf, sg. */
static inline void ef_sigma_spread(tu_rng *r, int n, double lo, double hi, double *sf, double *sg, long double *exact)
{
    for (int i = 0; i < n; ++i) {
        const long double s = (n == 1) ? (long double)hi : expl(logl(hi) + (logl(lo) - logl(hi)) * i / (n - 1));
        const long double h = sqrtl(1.0L + s * s);
        sf[i] = (double)(s / h);
        sg[i] = (double)(1.0L / h);
    }
    for (int i = n - 1; i > 0; --i) {               /* Fisher-Yates */
        const int j = (int)(tu_next(r) % (uint64_t)(i + 1));
        double t = sf[i]; sf[i] = sf[j]; sf[j] = t;
        t = sg[i]; sg[i] = sg[j]; sg[j] = t;
    }
    for (int i = 0; i < n; ++i) exact[i] = (long double)sf[i] / (long double)sg[i];
}

/* F (m_f x n, ld m_f) = U diag(sf) X, G (m_g x n, ld m_g) = V diag(sg) X, U and V random with
 * orthonormal columns, X given (n x n, ld n); each element is one rounding of the long double sum. */
static inline void ef_pair_from_x(tu_rng *r, int cplx, int m_f, int m_g, int n, const double *sf, const double *sg,
                           const double *X, double *F, double *G)
{
    double *U = ef_new(ef_size(cplx, m_f, n)), *V = ef_new(ef_size(cplx, m_g, n));
    ef_orth(r, cplx, m_f, n, U);
    ef_orth(r, cplx, m_g, n, V);
    for (int pass = 0; pass < 2; ++pass) {
        const int m = pass ? m_g : m_f;
        const double *Q = pass ? V : U, *s = pass ? sg : sf;
        double *Y = pass ? G : F;
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < m; ++i) {
                long double sr = 0.0L, si = 0.0L;
                for (int l = 0; l < n; ++l) {
                    const long double qr = (long double)ef_re(cplx, Q, m, i, l) * s[l];
                    const long double qi = (long double)ef_im(cplx, Q, m, i, l) * s[l];
                    const long double xr = ef_re(cplx, X, n, l, j), xi = ef_im(cplx, X, n, l, j);
                    sr += qr * xr - qi * xi;
                    si += qr * xi + qi * xr;
                }
                ef_set(cplx, Y, m, i, j, (double)sr, (double)si);
            }
    }
    free(U);
    free(V);
}

/* F, G random n x n (ld n) whose column 1 is column 0 plus 1e-9 noise, in both: [F; G] nearly rank
 * deficient, so any Z0 near the GSVD's Z has a large growth (the preconditioned start's trust test). */
static inline void ef_near_dependent_pair(tu_rng *r, int cplx, int n, double *F, double *G)
{
    const int C = cplx ? 2 : 1;
    ef_randmat(r, cplx, n, n, F, n);
    ef_randmat(r, cplx, n, n, G, n);
    for (int i = 0; i < C * n; ++i) {
        F[C * n + i] = F[i] + 1e-9 * tu_uniform(r);
        G[C * n + i] = G[i] + 1e-9 * tu_uniform(r);
    }
}

/* A graded pair, n x n each (ld n): F = R1 diag(10^(-g .. g)), G = R2 diag(10^(g .. -g)), R1 and R2
 * random (drawn in that order), the exponents evenly spaced over the columns.  From g = 6 on such
 * pairs are numerically rank deficient at double precision (docs/NUMERICS.md). */
static inline void ef_graded_pair(tu_rng *r, int cplx, int n, int g, double *F, double *G)
{
    const int C = cplx ? 2 : 1;
    ef_randmat(r, cplx, n, n, F, n);
    ef_randmat(r, cplx, n, n, G, n);
    for (int j = 0; j < n; ++j) {
        const double e = -g + 2.0 * g * j / (n - 1), df = pow(10.0, e), dg = pow(10.0, -e);
        for (int i = 0; i < C * n; ++i) { F[(size_t)C * n * j + i] *= df; G[(size_t)C * n * j + i] *= dg; }
    }
}

/* L (real, (n - d) x n, ld n - d, zeroed by the caller): the d-th difference operator, d = 1
 * (rows -1 1) or 2 (rows 1 -2 1) -- the regularization of a Tikhonov pair. */
static inline void ef_difference_operator(int d, int n, double *L)
{
    static const double st[2][3] = {{-1.0, 1.0, 0.0}, {1.0, -2.0, 1.0}};
    const int m = n - d;
    for (int i = 0; i < m; ++i)
        for (int t = 0; t <= d; ++t) L[i + (size_t)(i + t) * m] = st[d - 1][t];
}

/* A pair with known sigma: spread lo..hi (random order), cond_2(X) = condx.  exact[] gets sf/sg. */
static inline void ef_known_pair(tu_rng *r, int cplx, int m_f, int m_g, int n, double lo, double hi, double condx,
                          double *F, double *G, long double *exact)
{
    double *sf = ef_new((size_t)n), *sg = ef_new((size_t)n), *X = ef_new(ef_size(cplx, n, n));
    ef_sigma_spread(r, n, lo, hi, sf, sg, exact);
    ef_cond_matrix(r, cplx, n, condx, X);
    ef_pair_from_x(r, cplx, m_f, m_g, n, sf, sg, X, F, G);
    free(sf);
    free(sg);
    free(X);
}

/* ---- sorting and comparison --------------------------------------------------------------- */

static inline int ef_cmp_desc(const void *a, const void *b)
{
    const long double x = *(const long double *)a, y = *(const long double *)b;
    return (x < y) - (x > y);
}

static inline void ef_sort_desc_ld(long double *x, int n) { qsort(x, (size_t)n, sizeof *x, ef_cmp_desc); }

static inline void ef_sort_desc(double *x, int n)
{
    long double *t = (long double *)malloc(sizeof(long double) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; ++i) t[i] = x[i];
    ef_sort_desc_ld(t, n);
    for (int i = 0; i < n; ++i) x[i] = (double)t[i];
    free(t);
}

/* max_i |a_i - ref_i| / |ref_i| (no sorting; NaN or a zero reference gives +inf) */
static inline double ef_relerr_ld(const double *a, const long double *ref, int n)
{
    long double worst = 0.0L;
    for (int i = 0; i < n; ++i) {
        const long double e = fabsl((long double)a[i] - ref[i]) / fabsl(ref[i]);
        if (!(e <= worst)) worst = isnan(e) || ref[i] == 0.0L ? INFINITY : e;
        if (isinf(worst)) break;
    }
    return (double)worst;
}

static inline double ef_relerr(const double *a, const double *ref, int n)
{
    long double *t = (long double *)malloc(sizeof(long double) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; ++i) t[i] = ref[i];
    const double e = ef_relerr_ld(a, t, n);
    free(t);
    return e;
}

/* both copied, sorted descending, compared */
static inline double ef_relerr_sorted_ld(const double *a, const long double *ref, int n)
{
    double *x = ef_dup(a, (size_t)n);
    long double *t = (long double *)malloc(sizeof(long double) * (size_t)(n ? n : 1));
    memcpy(t, ref, sizeof(long double) * (size_t)n);
    ef_sort_desc(x, n);
    ef_sort_desc_ld(t, n);
    const double e = ef_relerr_ld(x, t, n);
    free(x);
    free(t);
    return e;
}

static inline double ef_relerr_sorted(const double *a, const double *ref, int n)
{
    long double *t = (long double *)malloc(sizeof(long double) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; ++i) t[i] = ref[i];
    const double e = ef_relerr_sorted_ld(a, t, n);
    free(t);
    return e;
}

static inline int ef_is_desc(const double *x, int n)
{
    for (int i = 1; i < n; ++i)
        if (!(x[i - 1] >= x[i])) return 0;
    return 1;
}

static inline int ef_all_finite(const double *x, size_t count)
{
    for (size_t i = 0; i < count; ++i)
        if (!isfinite(x[i])) return 0;
    return 1;
}

/* ---- residuals and orthogonality (long double) -------------------------------------------- */

static inline long double ef_fnorm(int cplx, int m, int n, const double *A, int lda)
{
    long double s = 0.0L;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            const long double re = ef_re(cplx, A, lda, i, j), im = ef_im(cplx, A, lda, i, j);
            s += re * re + im * im;
        }
    return sqrtl(s);
}

/* Entry (i, j) of A0 Z - U diag(s) in long double (A0: n columns); *sr, *si its parts. */
static inline void ef_resid_entry(int cplx, int n, const double *A0, int lda, const double *U, int ldu,
                                  const double *Z, int ldz, const double *s, int i, int j, long double *sr, long double *si)
{
    long double r = 0.0L, m = 0.0L;
    for (int l = 0; l < n; ++l) {
        const long double ar = ef_re(cplx, A0, lda, i, l), ai = ef_im(cplx, A0, lda, i, l);
        const long double zr = ef_re(cplx, Z, ldz, l, j), zi = ef_im(cplx, Z, ldz, l, j);
        r += ar * zr - ai * zi;
        m += ar * zi + ai * zr;
    }
    *sr = r - (long double)ef_re(cplx, U, ldu, i, j) * s[j];
    *si = m - (long double)ef_im(cplx, U, ldu, i, j) * s[j];
}

/* ||A0 Z - U diag(s)||_F / (||A0||_F ||Z||_F); A0 m x n, U m x n, Z n x n */
static inline double ef_resid(int cplx, int m, int n, const double *A0, int lda, const double *U, int ldu,
                       const double *Z, int ldz, const double *s)
{
    long double r2 = 0.0L;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            long double sr, si;
            ef_resid_entry(cplx, n, A0, lda, U, ldu, Z, ldz, s, i, j, &sr, &si);
            r2 += sr * sr + si * si;
        }
    return (double)(sqrtl(r2) / (ef_fnorm(cplx, m, n, A0, lda) * ef_fnorm(cplx, n, n, Z, ldz)));
}

/* ||U^H U - I||_F, U m x n */
static inline double ef_orth_err(int cplx, int m, int n, const double *U, int ldu)
{
    long double r2 = 0.0L;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            long double sr = (i == j) ? -1.0L : 0.0L, si = 0.0L;
            for (int l = 0; l < m; ++l) {
                const long double ar = ef_re(cplx, U, ldu, l, i), ai = -(long double)ef_im(cplx, U, ldu, l, i);
                const long double br = ef_re(cplx, U, ldu, l, j), bi = ef_im(cplx, U, ldu, l, j);
                sr += ar * br - ai * bi;
                si += ar * bi + ai * br;
            }
            r2 += sr * sr + si * si;
        }
    return (double)sqrtl(r2);
}

/* ---- the engine ---------------------------------------------------------------------------- */

static inline hzgsvd_status ef_gsvd(int cplx, int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg,
                             double *Z, int ldz, double *sf, double *sg, double *s,
                             const hzgsvd_options *opt, hzgsvd_info *info)
{
    return cplx ? hzgsvd_cpu_zgsvd(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sf, sg, s, opt, info)
                : hzgsvd_cpu_dgsvd(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sf, sg, s, opt, info);
}

/* One run on copies of F, G (leading dimensions m_f, m_g, n). */
typedef struct ef_run {
    int cplx, m_f, m_g, n;
    double *U, *V, *Z, *sf, *sg, *s;
    hzgsvd_status st;
    hzgsvd_info info;
} ef_run;

static inline ef_run ef_solve(int cplx, int m_f, int m_g, int n, const double *F, const double *G, const hzgsvd_options *opt)
{
    ef_run r;
    r.cplx = cplx; r.m_f = m_f; r.m_g = m_g; r.n = n;
    r.U = ef_dup(F, ef_size(cplx, m_f, n));
    r.V = ef_dup(G, ef_size(cplx, m_g, n));
    r.Z = ef_new(ef_size(cplx, n, n));
    r.sf = ef_new((size_t)n);
    r.sg = ef_new((size_t)n);
    r.s = ef_new((size_t)n);
    r.st = ef_gsvd(cplx, m_f, m_g, n, r.U, m_f, r.V, m_g, r.Z, n, r.sf, r.sg, r.s, opt, &r.info);
    return r;
}

static inline void ef_run_free(ef_run *r)
{
    free(r->U); free(r->V); free(r->Z); free(r->sf); free(r->sg); free(r->s);
    r->U = r->V = r->Z = r->sf = r->sg = r->s = NULL;
}

/* Two runs' outputs (U, V, Z, sf, sg, s) bit for bit the same. */
static inline int ef_same_bits(const ef_run *a, const ef_run *b)
{
    const int c = a->cplx, n = a->n;
    return !memcmp(a->U, b->U, sizeof(double) * ef_size(c, a->m_f, n)) && !memcmp(a->V, b->V, sizeof(double) * ef_size(c, a->m_g, n)) &&
           !memcmp(a->Z, b->Z, sizeof(double) * ef_size(c, n, n)) && !memcmp(a->sf, b->sf, sizeof(double) * n) &&
           !memcmp(a->sg, b->sg, sizeof(double) * n) && !memcmp(a->s, b->s, sizeof(double) * n);
}

/* Quality of a run against the original F, G: the worst of each measure. */
typedef struct ef_quality {
    double resid_f, resid_g;   /* ||F Z - U Sf||_F / (||F||_F ||Z||_F), the same for G */
    double orth_u, orth_v;     /* ||U^H U - I||_F, ||V^H V - I||_F */
    double norm1;              /* max |sf^2 + sg^2 - 1| */
    double ratio;              /* max |s - sf/sg| / (sf/sg) */
    int descending;            /* s in descending order */
    int finite;                /* every output finite */
} ef_quality;

static inline ef_quality ef_assess(const ef_run *r, const double *F, const double *G)
{
    ef_quality q;
    const int c = r->cplx, n = r->n;
    q.resid_f = ef_resid(c, r->m_f, n, F, r->m_f, r->U, r->m_f, r->Z, n, r->sf);
    q.resid_g = ef_resid(c, r->m_g, n, G, r->m_g, r->V, r->m_g, r->Z, n, r->sg);
    q.orth_u = ef_orth_err(c, r->m_f, n, r->U, r->m_f);
    q.orth_v = ef_orth_err(c, r->m_g, n, r->V, r->m_g);
    long double n1 = 0.0L, ra = 0.0L;
    for (int i = 0; i < n; ++i) {
        const long double f = r->sf[i], g = r->sg[i];
        const long double e1 = fabsl(f * f + g * g - 1.0L);
        const long double e2 = fabsl((long double)r->s[i] - f / g) / (f / g);
        if (!(e1 <= n1)) n1 = isnan(e1) ? INFINITY : e1;
        if (!(e2 <= ra)) ra = isnan(e2) ? INFINITY : e2;
    }
    q.norm1 = (double)n1;
    q.ratio = (double)ra;
    q.descending = ef_is_desc(r->s, n);
    q.finite = ef_all_finite(r->U, ef_size(c, r->m_f, n)) && ef_all_finite(r->V, ef_size(c, r->m_g, n)) &&
               ef_all_finite(r->Z, ef_size(c, n, n)) && ef_all_finite(r->sf, (size_t)n) &&
               ef_all_finite(r->sg, (size_t)n) && ef_all_finite(r->s, (size_t)n);
    return q;
}

/* ---- references ----------------------------------------------------------------------------- */

/* LAPACK xGGSVD3 with jobu = jobv = jobq = 'N' on copies: sigma = alpha[k+i] / beta[k+i],
 * i < l, sorted descending.  Returns LAPACK's info; *k, *l as LAPACK reports them; sigma gets
 * min(l, n) values (the caller checks k == 0, l == n). */
static inline int ef_lapack_sigma(int cplx, int m_f, int m_g, int n, const double *F, const double *G,
                           double *sigma, int *k_out, int *l_out)
{
    double *A = ef_dup(F, ef_size(cplx, m_f, n)), *B = ef_dup(G, ef_size(cplx, m_g, n));
    double *alpha = ef_new((size_t)n), *beta = ef_new((size_t)n), dummy[2] = {0.0, 0.0};
    lapack_int *iwork = (lapack_int *)calloc((size_t)n, sizeof(lapack_int));
    lapack_int k = -1, l = -1, info;
    if (cplx)
        info = LAPACKE_zggsvd3(LAPACK_COL_MAJOR, 'N', 'N', 'N', m_f, n, m_g, &k, &l,
                               (lapack_complex_double *)A, m_f, (lapack_complex_double *)B, m_g, alpha, beta,
                               (lapack_complex_double *)dummy, 1, (lapack_complex_double *)dummy, 1,
                               (lapack_complex_double *)dummy, 1, iwork);
    else
        info = LAPACKE_dggsvd3(LAPACK_COL_MAJOR, 'N', 'N', 'N', m_f, n, m_g, &k, &l, A, m_f, B, m_g, alpha, beta,
                               dummy, 1, dummy, 1, dummy, 1, iwork);
    *k_out = (int)k;
    *l_out = (int)l;
    int cnt = 0;
    if (info == 0)
        for (int i = 0; i < l && k + i < n; ++i) sigma[cnt++] = alpha[k + i] / beta[k + i];
    ef_sort_desc(sigma, cnt);
    free(A); free(B); free(alpha); free(beta); free(iwork);
    return (int)info;
}

/* The GEVD route (real): A = F^T F, B = G^T G formed in double (as a user would, dsyrk-like dot
 * products), LAPACK dsygvd (itype 1, eigenvalues only), sigma = sqrt(lambda) sorted descending
 * (a negative lambda gives sigma 0).  Returns dsygvd's info (> n: B not positive definite). */
static inline int ef_gevd_sigma(int m_f, int m_g, int n, const double *F, const double *G, double *sigma)
{
    double *A = ef_new((size_t)n * n), *B = ef_new((size_t)n * n), *w = ef_new((size_t)n);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            double sa = 0.0, sb = 0.0;
            for (int r = 0; r < m_f; ++r) sa += F[r + (size_t)i * m_f] * F[r + (size_t)j * m_f];
            for (int r = 0; r < m_g; ++r) sb += G[r + (size_t)i * m_g] * G[r + (size_t)j * m_g];
            A[i + (size_t)j * n] = sa;
            B[i + (size_t)j * n] = sb;
        }
    const int info = (int)LAPACKE_dsygvd(LAPACK_COL_MAJOR, 1, 'N', 'L', n, A, n, B, n, w);
    for (int i = 0; i < n; ++i) sigma[i] = (info == 0) ? (w[i] > 0.0 ? sqrt(w[i]) : 0.0) : NAN;
    ef_sort_desc(sigma, n);
    free(A); free(B); free(w);
    return info;
}

#endif /* HZGSVD_ENGINE_FIXTURES_H */
