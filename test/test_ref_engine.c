/* test_ref_engine: the reference engine (hzgsvd_ref.h, the CPU engine in x87 long double,
 * u_ld = 2^-64) against answers known independently of it, and against the double engine.
 *
 *   build/test_ref_engine [-v]      (-v: one line of measurements per case)
 *
 * (a) n = 2: sigma^2 are the eigenvalues of the 2x2 pencil (F^H F, G^H G), a quadratic.  With small
 *     integer entries the Gram matrices and the coefficients are exact integers in long double,
 *     so the closed form is accurate to a few u_ld; real and complex, m = 2 and m > 2, block
 *     widths 16 (bordered to 32 columns) and 1 (no bordering), and the exceptional case F = c G.
 * (b) Pairs with exactly known sigma: F = U diag(df) X, G = V diag(dg) X with U, V exactly
 *     orthogonal (unitary) dyadic matrices (reflectors I - (2/b) v v^H with v of +-1 (+-i), and
 *     signed permutations), X = Q1 diag(dx) Q2 (cond_2(X) = 16 exactly), df, dg short dyadic
 *     numbers: every element is exact in double, so both engines get the very same pair and sigma
 *     = df/dg exactly.  The reference matches it to ~1e-18..2e-16 where the double engine is off
 *     by ~1e-15..4e-13 (pairs with sigma spread up to 2e6); both bounds asserted, and that the
 *     reference resolves what double cannot (its error at most 1/64 of the double iteration's,
 *     options.refine_sigma = 0); the double engine's refined sigma (the default) is within a few
 *     sqrt(n) u of exact, and the refinement changes nothing but the sigmas.
 * (c) A column-graded pair (G = C D, D from 1 down to 1e-9): both engines on the same double
 *     input agree.
 * (d) Everything in complex too; every variant x outer x inner x FB/BO x sorting on one pair;
 *     the enhanced products' long double RD product and its exact error; 1 and 2 threads
 *     bitwise identical.
 *
 * Every bound is a named constant with its justification and the worst value measured (gcc 12
 * -O2, x86-64, Debian 12); docs/NUMERICS.md ("Reference engine (long double)") quotes them.
 */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "hzgsvd_ref.h"
#include "test/testutil.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define U_LD 0x1p-64L /* unit roundoff of the x87 long double */
#define U_D 0x1p-53   /* unit roundoff of double */

/* (a) n = 2 against the closed form: the quadratic's coefficients are exact, its roots have a few
 * roundings (~4 u_ld); the engine's sigma of a 2x2 pencil has a few tens of roundings, amplified
 * by the conditioning of the random integer pairs (their sigma spread up to ~1e4).  Measured
 * worst 1.0e-18 (19 u_ld).  Bound 1e-17 (185 u_ld). */
#define B_CLOSED 1e-17L
/* (b) exact pairs (sigma = df/dg exactly, the pair exact in double, cond_2(X) = 16): each engine's
 * own error.  A backward-stable column-scaled method moves sigma by u times the condition of the
 * column-scaled F and G, which grows with cond(X) and with the spread of sigma (sf and sg spread
 * by about sigma_max and 1/sigma_min).  Measured worst 0.93 cond(X) sqrt(n spread) u_ld (long
 * double, complex n = 8) and 0.53 (double), spread = sigma_max/sigma_min from 6 to 2e6.
 * Bound 4 cond(X) sqrt(n spread) u with the engine's u. */
#define COND_X_LOG2 4
#define COND_X 16.0L                 /* cond_2(X) of the exact pairs: 2^COND_X_LOG2 */
#define B_EXACT(n, spread, u) (4.0L * COND_X * sqrtl((long double)(n) * (spread)) * (u))
/* (b) the reference must resolve the double engine's error: its own at most 1/64 of it (the
 * unit roundoffs differ by 2048; measured ratios at most 1/800). */
#define RESOLVE 64.0L
/* (c) graded pair, double engine against the reference on the same input: both are accurate in
 * the column-scaled sense (test_engine_props measures the double engine at 6.7e-16 against the
 * exact sigma), so they agree to a few sqrt(n) u.  Measured worst 7.6e-16 (complex).  Bound 16 sqrt(n) u
 * (1.0e-14 at n = 64; the issue asked for 1e-12). */
#define B_GRADED(n) (16.0L * sqrtl((long double)(n)) * U_D)
/* (b) the double engine's refined sigma (options.refine_sigma, the default): ||F z|| / ||G z|| from
 * the input with split products is exact but for the rounding of the two norms and of the final
 * sums (a few u) and a second-order term of the iteration's error in z.  Measured worst
 * 1.5 sqrt(n) u.  Bound 4 sqrt(n) u. */
#define B_REFINED(n) (4.0L * sqrtl((long double)(n)) * U_D)
/* (d) every configuration on one exact pair, against its sigma: B_EXACT with u_ld. */

static int verbose = 0;

static void upd(long double *w, long double v) { if (!(v <= *w)) *w = v; }
static long double W_closed, W_exact_ld, W_exact_d, W_ratio, W_graded, W_conf, W_refined;

/* ---- long double matrices (column major; complex: interleaved re, im) ------------------------ */

static void *xalloc(size_t bytes)
{
    void *p = calloc(1, bytes ? bytes : 1);
    if (!p) { fprintf(stderr, "test_ref_engine: out of memory\n"); exit(2); }
    return p;
}
static long double *ld_new(int cplx, size_t count) { return (long double *)xalloc(sizeof(long double) * (cplx ? 2 : 1) * count); }

/* uniform in [-1, 1) with a full 64-bit significand */
static long double ld_uniform(tu_rng *r) { return (long double)tu_next(r) * 0x1p-63L - 1.0L; }

/* element access: p[0] = re, p[1] = im (complex) */
#define EL(A, cplx, ld, i, j) ((A) + ((cplx) ? 2 : 1) * ((size_t)(i) + (size_t)(j) * (size_t)(ld)))

/* Q <- P S Q: a random row permutation P and signs S (complex: phases 1, i, -1, -i), exactly. */
static void permute_rows(tu_rng *r, int cplx, int m, long double *Q, long double *T)
{
    memcpy(T, Q, sizeof(long double) * (cplx ? 2 : 1) * m * m);
    int *perm = (int *)xalloc(sizeof(int) * (size_t)m);
    for (int i = 0; i < m; ++i) perm[i] = i;
    for (int i = m - 1; i > 0; --i) {
        const int k = (int)(tu_next(r) % (uint64_t)(i + 1));
        const int t = perm[i]; perm[i] = perm[k]; perm[k] = t;
    }
    for (int i = 0; i < m; ++i) {
        const int k = (int)(tu_next(r) % (cplx ? 4 : 2)) * (cplx ? 1 : 2);
        for (int j = 0; j < m; ++j) {
            const long double *t = EL(T, cplx, m, perm[i], j);
            long double *q = EL(Q, cplx, m, i, j);
            const long double tr = t[0], ti = cplx ? t[1] : 0.0L;   /* times 1, i, -1, -i */
            q[0] = (k == 0) ? tr : (k == 1) ? -ti : (k == 2) ? -tr : ti;
            if (cplx) q[1] = (k == 0) ? ti : (k == 1) ? tr : (k == 2) ? -ti : -tr;
        }
    }
    free(perm);
}

/* An exactly orthogonal (unitary) m x m matrix with short dyadic entries, any m: twice, rows
 * split into blocks whose sizes are powers of two (largest first, then smallest first), a reflector
 * I - (2/b) v v^H with v in {+-1}^b (complex: {+-1, +-i}^b) on each block of b rows, then a random
 * row permutation with signs.  Every operation is exact, so Q^H Q = I exactly. */
static void exact_unitary(tu_rng *r, int cplx, int m, long double *Q)
{
    long double *v = ld_new(1, (size_t)m), *w = ld_new(1, (size_t)m), *T = ld_new(cplx, (size_t)m * m);
    memset(Q, 0, sizeof(long double) * (cplx ? 2 : 1) * m * m);
    for (int i = 0; i < m; ++i) EL(Q, cplx, m, i, i)[0] = 1.0L;
    permute_rows(r, cplx, m, Q, T);
    for (int pass = 0; pass < 2; ++pass) {
        int blk[32], nb = 0;
        for (int rest = m, b = 1 << 20; rest > 0; b >>= 1)
            while (rest >= b) { blk[nb++] = b; rest -= b; }
        for (int s = 0, r0 = 0; s < nb; ++s) {
            const int b = blk[(pass & 1) ? nb - 1 - s : s];
            for (int i = 0; i < b; ++i) {        /* v_i in {1, -1} or {1, i, -1, -i} */
                const int k = (int)(tu_next(r) % (cplx ? 4 : 2)) * (cplx ? 1 : 2);
                v[2 * i] = (k == 0) ? 1.0L : (k == 2) ? -1.0L : 0.0L;
                v[2 * i + 1] = (k == 1) ? 1.0L : (k == 3) ? -1.0L : 0.0L;
            }
            for (int j = 0; j < m; ++j) {        /* w_j = v^H Q(r0 : r0 + b, j) */
                long double sr = 0.0L, si = 0.0L;
                for (int i = 0; i < b; ++i) {
                    const long double *q = EL(Q, cplx, m, r0 + i, j);
                    const long double qi = cplx ? q[1] : 0.0L;
                    sr += v[2 * i] * q[0] + v[2 * i + 1] * qi;
                    si += v[2 * i] * qi - v[2 * i + 1] * q[0];
                }
                w[2 * j] = sr; w[2 * j + 1] = si;
            }
            const long double c = 2.0L / b;
            for (int j = 0; j < m; ++j)
                for (int i = 0; i < b; ++i) {
                    long double *q = EL(Q, cplx, m, r0 + i, j);
                    q[0] -= c * (v[2 * i] * w[2 * j] - v[2 * i + 1] * w[2 * j + 1]);
                    if (cplx) q[1] -= c * (v[2 * i] * w[2 * j + 1] + v[2 * i + 1] * w[2 * j]);
                }
            r0 += b;
        }
        permute_rows(r, cplx, m, Q, T);
    }
    free(v); free(w); free(T);
}

/* C (m x n) = A (m x k) diag(d) B (k x n); d may be NULL (identity). */
static void ld_gemm(int cplx, int m, int n, int k, const long double *A, const long double *d, const long double *B,
                    long double *C)
{
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            long double sr = 0.0L, si = 0.0L;
            for (int l = 0; l < k; ++l) {
                const long double *a = EL(A, cplx, m, i, l), *b = EL(B, cplx, k, l, j);
                const long double s = d ? d[l] : 1.0L;
                const long double ar = a[0] * s, ai = cplx ? a[1] * s : 0.0L;
                sr += ar * b[0] - (cplx ? ai * b[1] : 0.0L);
                si += cplx ? ar * b[1] + ai * b[0] : 0.0L;
            }
            long double *c = EL(C, cplx, m, i, j);
            c[0] = sr;
            if (cplx) c[1] = si;
        }
}

static double *to_double(int cplx, const long double *A, size_t count)
{
    const size_t e = (cplx ? 2 : 1) * count;
    double *D = (double *)xalloc(sizeof(double) * e);
    for (size_t i = 0; i < e; ++i) D[i] = (double)A[i];
    return D;
}

static long double *to_ld(int cplx, const double *A, size_t count)
{
    const size_t e = (cplx ? 2 : 1) * count;
    long double *L = ld_new(0, e);
    for (size_t i = 0; i < e; ++i) L[i] = A[i];
    return L;
}

/* ---- the two engines -------------------------------------------------------------------------- */

typedef struct run { hzgsvd_status st; hzgsvd_info info; long double *s, *sf, *sg, *Z, *F, *G; } run;

static void run_free(run *r) { free(r->s); free(r->sf); free(r->sg); free(r->Z); free(r->F); free(r->G); }

/* The reference engine on a copy of (F, G) (long double). */
static run run_ref(int cplx, int m_f, int m_g, int n, const long double *F, const long double *G, const hzgsvd_options *o)
{
    run r;
    const size_t e = cplx ? 2 : 1;
    r.F = ld_new(cplx, (size_t)m_f * n); r.G = ld_new(cplx, (size_t)m_g * n); r.Z = ld_new(cplx, (size_t)n * n);
    r.s = ld_new(0, (size_t)n); r.sf = ld_new(0, (size_t)n); r.sg = ld_new(0, (size_t)n);
    memcpy(r.F, F, sizeof(long double) * e * m_f * n);
    memcpy(r.G, G, sizeof(long double) * e * m_g * n);
    r.st = (cplx ? hzgsvd_ref_zgsvd : hzgsvd_ref_dgsvd)(m_f, m_g, n, r.F, m_f, r.G, m_g, r.Z, n, r.sf, r.sg, r.s, o, &r.info);
    return r;
}

/* The double engine on a copy of (F, G) (double); sigma widened to long double. */
static run run_dbl(int cplx, int m_f, int m_g, int n, const double *F, const double *G, const hzgsvd_options *o)
{
    run r;
    const size_t e = cplx ? 2 : 1;
    double *f = (double *)xalloc(sizeof(double) * e * m_f * n), *g = (double *)xalloc(sizeof(double) * e * m_g * n);
    double *z = (double *)xalloc(sizeof(double) * e * n * n), *s = (double *)xalloc(sizeof(double) * 3 * n);
    memcpy(f, F, sizeof(double) * e * m_f * n);
    memcpy(g, G, sizeof(double) * e * m_g * n);
    r.st = (cplx ? hzgsvd_cpu_zgsvd : hzgsvd_cpu_dgsvd)(m_f, m_g, n, f, m_f, g, m_g, z, n, s + n, s + 2 * n, s, o, &r.info);
    r.s = to_ld(0, s, (size_t)n); r.sf = to_ld(0, s + n, (size_t)n); r.sg = to_ld(0, s + 2 * n, (size_t)n);
    r.F = to_ld(cplx, f, (size_t)m_f * n); r.G = to_ld(cplx, g, (size_t)m_g * n); r.Z = to_ld(cplx, z, (size_t)n * n);
    free(f); free(g); free(z); free(s);
    return r;
}

static int cmp_desc(const void *a, const void *b)
{
    const long double x = *(const long double *)a, y = *(const long double *)b;
    return (x < y) - (x > y);
}

/* max_i |a_i - b_i| / b_i with both sorted descending (b is sorted in place) */
static long double relerr_sorted(const long double *a, long double *b, int n)
{
    qsort(b, (size_t)n, sizeof *b, cmp_desc);
    long double e = 0.0L;
    for (int i = 0; i < n; ++i) {
        const long double d = fabsl(a[i] - b[i]) / b[i];
        if (!(d <= e)) e = d;
    }
    return e;
}

static int descending(const long double *s, int n)
{
    for (int i = 1; i < n; ++i) if (!(s[i] <= s[i - 1])) return 0;
    return 1;
}

/* ---- (a) n = 2 against the closed form -------------------------------------------------------- */

/* The eigenvalues of the pencil (A, B), A = F^H F, B = G^H G (2x2, Hermitian), as sigma (descending):
 * det(A - l B) = a l^2 + b l + c with a = det B, c = det A, b = -(a11 b22 + a22 b11 - 2 Re(conj(a12) b12)). */
static int closed_form(int cplx, int m_f, int m_g, const long double *F, const long double *G, long double *sigma)
{
    long double gr[2][4];               /* [F or G][a11, a22, re a12, im a12], a12 = conj(y_1)^T y_2 */
    for (int w = 0; w < 2; ++w) {
        const long double *Y = w ? G : F;
        const int m = w ? m_g : m_f;
        long double s11 = 0.0L, s22 = 0.0L, s12r = 0.0L, s12i = 0.0L;
        for (int i = 0; i < m; ++i) {
            const long double *p = EL(Y, cplx, m, i, 0), *q = EL(Y, cplx, m, i, 1);
            const long double pi = cplx ? p[1] : 0.0L, qi = cplx ? q[1] : 0.0L;
            s11 += p[0] * p[0] + pi * pi;
            s22 += q[0] * q[0] + qi * qi;
            s12r += p[0] * q[0] + pi * qi;
            s12i += p[0] * qi - pi * q[0];
        }
        gr[w][0] = s11; gr[w][1] = s22; gr[w][2] = s12r; gr[w][3] = s12i;
    }
    const long double *A = gr[0], *B = gr[1];
    const long double a = B[0] * B[1] - (B[2] * B[2] + B[3] * B[3]);
    const long double c = A[0] * A[1] - (A[2] * A[2] + A[3] * A[3]);
    const long double b = -(A[0] * B[1] + A[1] * B[0] - 2.0L * (A[2] * B[2] + A[3] * B[3]));
    if (!(a > 0.0L) || !(c > 0.0L)) return -1;        /* singular: not a test case */
    const long double disc = b * b - 4.0L * a * c;    /* exact: the entries are small integers */
    if (disc < 0.0L) return -1;
    const long double q = -0.5L * (b + copysignl(sqrtl(disc), b));
    long double l1 = q / a, l2 = c / q;
    if (l1 < l2) { const long double t = l1; l1 = l2; l2 = t; }
    sigma[0] = sqrtl(l1);
    sigma[1] = sqrtl(l2);
    return 0;
}

static void test_closed_form(tu_rng *rng)
{
    int cases = 0;
    for (int cplx = 0; cplx < 2; ++cplx)
        for (int t = 0; t < 120; ++t) {
            const int m_f = 2 + t % 3, m_g = 2 + (t / 3) % 2, lim = cplx ? 32 : 64;
            long double F[2 * 4 * 2], G[2 * 4 * 2], sigma[2];
            for (int i = 0; i < (cplx ? 2 : 1) * m_f * 2; ++i) F[i] = (long double)(int)(tu_next(rng) % (2 * lim + 1)) - lim;
            for (int i = 0; i < (cplx ? 2 : 1) * m_g * 2; ++i) G[i] = (long double)(int)(tu_next(rng) % (2 * lim + 1)) - lim;
            if (t % 20 == 19)                                 /* the exception: F = [3 G; 0], A = 9 B */
                for (int j = 0; j < 2; ++j)
                    for (int i = 0; i < m_f; ++i)
                        for (int c = 0; c < (cplx ? 2 : 1); ++c)
                            EL(F, cplx, m_f, i, j)[c] = i < m_g ? 3.0L * EL(G, cplx, m_g, i, j)[c] : 0.0L;
            if (closed_form(cplx, m_f, m_g, F, G, sigma) != 0) continue;
            for (int wi = 0; wi < 2; ++wi) {
                hzgsvd_options o = hzgsvd_default_options();
                o.block_width = wi ? 1 : 16;
                o.threads = 1;
                o.variant = t % 8;
                run r = run_ref(cplx, m_f, m_g, 2, F, G, &o);
                CHECK(r.st == HZGSVD_SUCCESS, "(a) %s n=2 case %d w=%d: status %d: %s", cplx ? "z" : "d", t, o.block_width,
                      (int)r.st, r.info.detail);
                if (r.st == HZGSVD_SUCCESS) {
                    long double ref[2] = { sigma[0], sigma[1] };
                    const long double e = relerr_sorted(r.s, ref, 2);
                    CHECK(descending(r.s, 2) && e <= B_CLOSED, "(a) %s n=2 case %d w=%d variant %d: sigma (%.20Lg, %.20Lg) vs closed form "
                          "(%.20Lg, %.20Lg): %.3Le > %.1Le", cplx ? "z" : "d", t, o.block_width, o.variant, r.s[0], r.s[1],
                          sigma[0], sigma[1], e, B_CLOSED);
                    upd(&W_closed, e);
                    ++cases;
                }
                run_free(&r);
            }
        }
    CHECK(cases >= 300, "(a) only %d closed-form cases", cases);
    if (verbose) printf("  (a) n = 2 closed form: %d runs, worst %.3Le (%.1Lf u_ld)\n", cases, W_closed, W_closed / U_LD);
}

/* ---- (b) known pairs built in long double ----------------------------------------------------- */

/* 1 when Q^H Q = I exactly (m x m) */
static int exactly_unitary(int cplx, int m, const long double *Q)
{
    for (int j = 0; j < m; ++j)
        for (int i = 0; i < m; ++i) {
            long double sr = 0.0L, si = 0.0L;
            for (int l = 0; l < m; ++l) {
                const long double *a = EL(Q, cplx, m, l, i), *b = EL(Q, cplx, m, l, j);
                const long double ai = cplx ? a[1] : 0.0L, bi = cplx ? b[1] : 0.0L;
                sr += a[0] * b[0] + ai * bi;
                si += a[0] * bi - ai * b[0];
            }
            if (sr != (i == j ? 1.0L : 0.0L) || si != 0.0L) return 0;
        }
    return 1;
}

typedef struct known { int cplx, m_f, m_g, n; long double *F, *G, *exact; } known;

/* F = U diag(df) X, G = V diag(dg) X exactly: U, V the first n columns of exact_unitary matrices,
 * X = Q1 diag(dx) Q2 with Q1, Q2 exact_unitary and dx powers of two from 1 to COND_X (both ends
 * taken: cond_2(X) = COND_X exactly), df, dg = (odd integer below 16) * 2^e with e in [-emax, emax].
 * Every element of F and G is a short dyadic number, so the pair is exact in long double and in
 * double, and its generalized singular values are exactly df/dg (exact[] holds them rounded to
 * long double). */
static known make_exact_pair(tu_rng *rng, int cplx, int m_f, int m_g, int n, int emax)
{
    known k = { cplx, m_f, m_g, n, NULL, NULL, NULL };
    long double *U = ld_new(cplx, (size_t)m_f * m_f), *V = ld_new(cplx, (size_t)m_g * m_g), *X = ld_new(cplx, (size_t)n * n);
    long double *Q1 = ld_new(cplx, (size_t)n * n), *Q2 = ld_new(cplx, (size_t)n * n);
    long double *df = ld_new(0, (size_t)n), *dg = ld_new(0, (size_t)n), *dx = ld_new(0, (size_t)n);
    k.F = ld_new(cplx, (size_t)m_f * n); k.G = ld_new(cplx, (size_t)m_g * n); k.exact = ld_new(0, (size_t)n);
    exact_unitary(rng, cplx, m_f, U);
    exact_unitary(rng, cplx, m_g, V);
    CHECK(exactly_unitary(cplx, m_f, U) && exactly_unitary(cplx, m_g, V), "exact_unitary: U or V not exactly unitary (m = %d, %d)", m_f, m_g);
    exact_unitary(rng, cplx, n, Q1);
    exact_unitary(rng, cplx, n, Q2);
    for (int l = 0; l < n; ++l)
        dx[l] = (l == 0) ? 1.0L : (l == 1) ? COND_X : ldexpl(1.0L, (int)(tu_next(rng) % (COND_X_LOG2 + 1)));
    ld_gemm(cplx, n, n, n, Q1, dx, Q2, X);
    for (int l = 0; l < n; ++l) {
        df[l] = ldexpl((long double)(2 * (int)(tu_next(rng) % 8) + 1), (int)(tu_next(rng) % (2 * emax + 1)) - emax);
        dg[l] = ldexpl((long double)(2 * (int)(tu_next(rng) % 8) + 1), (int)(tu_next(rng) % (2 * emax + 1)) - emax);
        k.exact[l] = df[l] / dg[l];
    }
    ld_gemm(cplx, m_f, n, n, U, df, X, k.F);
    ld_gemm(cplx, m_g, n, n, V, dg, X, k.G);
    free(U); free(V); free(X); free(Q1); free(Q2); free(df); free(dg); free(dx);
    return k;
}

/* 1 when every element of the long double array is a double */
static int all_double(const long double *A, size_t count)
{
    for (size_t i = 0; i < count; ++i) if ((long double)(double)A[i] != A[i]) return 0;
    return 1;
}

static void known_free(known *k) { free(k->F); free(k->G); free(k->exact); }

/* Whether two runs have bitwise the same U, V and Z (the sigmas not compared). */
static int same_vectors(int cplx, int m_f, int m_g, int n, const run *a, const run *b)
{
    const size_t e = cplx ? 2 : 1;
    return !memcmp(a->F, b->F, sizeof(long double) * e * m_f * n) && !memcmp(a->G, b->G, sizeof(long double) * e * m_g * n)
        && !memcmp(a->Z, b->Z, sizeof(long double) * e * n * n);
}

static void test_exact_pairs(tu_rng *rng)
{
    /* m_f, m_g (powers of two), n, exponent range of df and dg */
    static const int sizes[][4] = { { 4, 4, 3, 2 }, { 8, 8, 8, 2 }, { 16, 8, 7, 3 }, { 16, 16, 13, 2 },
                                    { 32, 16, 16, 3 }, { 32, 32, 30, 2 }, { 64, 48, 40, 1 },
                                    { 16, 16, 13, 7 }, { 32, 32, 24, 5 } };
    for (int cplx = 0; cplx < 2; ++cplx)
        for (size_t c = 0; c < sizeof sizes / sizeof sizes[0]; ++c) {
            const int m_f = sizes[c][0], m_g = sizes[c][1], n = sizes[c][2];
            const char *pr = cplx ? "z" : "d";
            known k = make_exact_pair(rng, cplx, m_f, m_g, n, sizes[c][3]);
            const size_t e = cplx ? 2 : 1;
            CHECK(all_double(k.F, e * m_f * n) && all_double(k.G, e * m_g * n), "(b) %s n=%d: the pair is not exact in double", pr, n);
            long double *ex = ld_new(0, (size_t)n);
            hzgsvd_options o = hzgsvd_default_options();
            o.threads = 1;
            run r = run_ref(cplx, m_f, m_g, n, k.F, k.G, &o);
            double *Fd = to_double(cplx, k.F, (size_t)m_f * n), *Gd = to_double(cplx, k.G, (size_t)m_g * n);
            run d = run_dbl(cplx, m_f, m_g, n, Fd, Gd, &o);       /* sigma refined (the default) */
            o.refine_sigma = 0;
            run d0 = run_dbl(cplx, m_f, m_g, n, Fd, Gd, &o);      /* sigma of the final iterate */
            o.refine_sigma = 1;
            CHECK(r.st == HZGSVD_SUCCESS && d.st == HZGSVD_SUCCESS && d0.st == HZGSVD_SUCCESS, "(b) %s n=%d: statuses %d (%s), %d (%s), %d (%s)",
                  pr, n, (int)r.st, r.info.detail, (int)d.st, d.info.detail, (int)d0.st, d0.info.detail);
            if (r.st == HZGSVD_SUCCESS && d.st == HZGSVD_SUCCESS && d0.st == HZGSVD_SUCCESS) {
                memcpy(ex, k.exact, sizeof(long double) * n);
                const long double e_ld = relerr_sorted(r.s, ex, n);
                memcpy(ex, k.exact, sizeof(long double) * n);
                const long double e_r = relerr_sorted(d.s, ex, n);
                memcpy(ex, k.exact, sizeof(long double) * n);
                const long double e_d = relerr_sorted(d0.s, ex, n);
                const long double spread = ex[0] / ex[n - 1];                 /* ex: the exact sigma, sorted */
                CHECK(descending(r.s, n) && e_ld <= B_EXACT(n, spread, U_LD), "(b) %s n=%d: reference vs exact %.3Le > %.3Le", pr, n,
                      e_ld, B_EXACT(n, spread, U_LD));
                CHECK(e_d <= B_EXACT(n, spread, U_D), "(b) %s n=%d: double engine vs exact %.3Le > %.3Le", pr, n, e_d,
                      B_EXACT(n, spread, U_D));
                CHECK(e_ld * RESOLVE <= e_d, "(b) %s n=%d: reference error %.3Le not below 1/%.0Lf of the double iteration's %.3Le",
                      pr, n, e_ld, RESOLVE, e_d);
                CHECK(e_r <= B_REFINED(n) && d.info.sigma_refined == 1 && d0.info.sigma_refined == 0,
                      "(b) %s n=%d: refined sigma vs exact %.3Le > %.3Le (flags %d, %d)", pr, n, e_r, B_REFINED(n),
                      d.info.sigma_refined, d0.info.sigma_refined);
                {   /* unsorted (refined sigmas may order near ties differently): only the sigmas change */
                    o.sort = 0;
                    run u1 = run_dbl(cplx, m_f, m_g, n, Fd, Gd, &o);
                    o.refine_sigma = 0;
                    run u0 = run_dbl(cplx, m_f, m_g, n, Fd, Gd, &o);
                    o.refine_sigma = 1; o.sort = 1;
                    CHECK(u1.st == HZGSVD_SUCCESS && u0.st == HZGSVD_SUCCESS && same_vectors(cplx, m_f, m_g, n, &u1, &u0),
                          "(b) %s n=%d: refinement changed U, V or Z (statuses %d, %d)", pr, n, (int)u1.st, (int)u0.st);
                    run_free(&u1); run_free(&u0);
                }
                long double nrm = 0.0L, rat = 0.0L;  /* sigma_f^2 + sigma_g^2 = 1, sigma = sigma_f/sigma_g, in u_ld */
                for (int j = 0; j < n; ++j) {
                    upd(&nrm, fabsl(r.sf[j] * r.sf[j] + r.sg[j] * r.sg[j] - 1.0L));
                    upd(&rat, fabsl(r.s[j] - r.sf[j] / r.sg[j]) / r.s[j]);
                }
                CHECK(nrm <= 64.0L * U_LD && rat <= 32.0L * U_LD, "(b) %s n=%d: |sf^2+sg^2-1| = %.3Le, |s - sf/sg|/s = %.3Le",
                      pr, n, nrm, rat);
                upd(&W_exact_ld, e_ld / (COND_X * sqrtl(n * spread) * U_LD));
                upd(&W_exact_d, e_d / (COND_X * sqrtl(n * spread) * U_D));
                upd(&W_ratio, e_ld / e_d);
                upd(&W_refined, e_r / (sqrtl(n) * U_D));
                if (verbose)
                    printf("  (b) %s m_f=%d m_g=%d n=%d: sigma in [%.2Le, %.2Le]; ref vs exact %.3Le (%.3Lf cond(X) sqrt(n spread) u_ld), "
                           "double vs exact %.3Le (%.3Lf cond(X) sqrt(n spread) u); sweeps ref %d, double %d\n",
                           pr, m_f, m_g, n, r.s[n - 1], r.s[0], e_ld, e_ld / (COND_X * sqrtl(n * spread) * U_LD), e_d,
                           e_d / (COND_X * sqrtl(n * spread) * U_D), r.info.sweeps, d.info.sweeps);
            }
            run_free(&r); run_free(&d); run_free(&d0);
            free(Fd); free(Gd); free(ex);
            known_free(&k);
        }
}

/* ---- (c) a column-graded pair: both engines on the same double input ------------------------- */

static void test_graded(tu_rng *rng)
{
    for (int cplx = 0; cplx < 2; ++cplx) {
        const int n = 64, m_f = 72, m_g = 80;
        const size_t e = cplx ? 2 : 1;
        double *F = (double *)xalloc(sizeof(double) * e * m_f * n), *G = (double *)xalloc(sizeof(double) * e * m_g * n);
        for (size_t i = 0; i < e * m_f * n; ++i) F[i] = tu_uniform(rng);
        for (int j = 0; j < n; ++j) {           /* G = C D, D_jj = 10^(-9 j/(n-1)) */
            const double dj = pow(10.0, -9.0 * j / (n - 1));
            for (size_t i = 0; i < e * m_g; ++i) G[e * (size_t)j * m_g + i] = tu_uniform(rng) * dj;
        }
        run d = run_dbl(cplx, m_f, m_g, n, F, G, NULL);
        long double *Fl = to_ld(cplx, F, (size_t)m_f * n), *Gl = to_ld(cplx, G, (size_t)m_g * n);
        run r = run_ref(cplx, m_f, m_g, n, Fl, Gl, NULL);
        CHECK(d.st == HZGSVD_SUCCESS && r.st == HZGSVD_SUCCESS, "(c) graded %s: statuses %d, %d", cplx ? "z" : "d", (int)d.st, (int)r.st);
        if (d.st == HZGSVD_SUCCESS && r.st == HZGSVD_SUCCESS) {
            long double *ex = ld_new(0, (size_t)n);
            memcpy(ex, r.s, sizeof(long double) * n);
            const long double err = relerr_sorted(d.s, ex, n);
            CHECK(err <= B_GRADED(n), "(c) graded %s: double engine vs reference %.3Le > %.3Le", cplx ? "z" : "d", err, B_GRADED(n));
            upd(&W_graded, err);
            if (verbose)
                printf("  (c) graded %s n=%d: sigma in [%.2Le, %.2Le], double vs reference %.3Le (%.2Lf sqrt(n) u)\n",
                       cplx ? "z" : "d", n, r.s[n - 1], r.s[0], err, err / (sqrtl(n) * U_D));
            free(ex);
        }
        run_free(&d); run_free(&r);
        free(F); free(G); free(Fl); free(Gl);
    }
}

/* ---- (d) every configuration; threads; the long double RD product ------------------------------ */

static void test_configurations(tu_rng *rng)
{
    for (int cplx = 0; cplx < 2; ++cplx) {
        const int n = 24, m_f = 32, m_g = 32;
        known k = make_exact_pair(rng, cplx, m_f, m_g, n, 2);
        long double *ex = ld_new(0, (size_t)n);
        for (int cfg = 0; cfg < 64; ++cfg) {
            hzgsvd_options o = hzgsvd_default_options();
            o.variant = cfg & 7;
            o.outer = (cfg & 8) ? HZGSVD_STRATEGY_MM : HZGSVD_STRATEGY_ME;
            o.inner = (cfg & 16) ? HZGSVD_STRATEGY_MM : HZGSVD_STRATEGY_ME;
            o.blocking = (cfg & 32) ? HZGSVD_BLOCKING_BO : HZGSVD_BLOCKING_FB;
            o.block_width = 8;                   /* 2w = 16: the run-time inner tables; bordered to 32 */
            o.threads = 1;                       /* small runs: a thread team costs more than it saves */
            for (int sort = 1; sort >= 0; --sort) {
                o.sort = sort;
                run r = run_ref(cplx, m_f, m_g, n, k.F, k.G, &o);
                CHECK(r.st == HZGSVD_SUCCESS, "(d) %s config %d sort %d: status %d: %s", cplx ? "z" : "d", cfg, sort, (int)r.st, r.info.detail);
                if (r.st == HZGSVD_SUCCESS) {
                    long double *s = ld_new(0, (size_t)n);
                    memcpy(s, r.s, sizeof(long double) * n);
                    if (!sort) qsort(s, (size_t)n, sizeof *s, cmp_desc);
                    else CHECK(descending(s, n), "(d) %s config %d: sigma not descending", cplx ? "z" : "d", cfg);
                    memcpy(ex, k.exact, sizeof(long double) * n);
                    const long double e = relerr_sorted(s, ex, n);
                    const long double b = B_EXACT(n, ex[0] / ex[n - 1], U_LD);
                    CHECK(e <= b, "(d) %s variant %d outer %d inner %d blocking %d sort %d: sigma vs exact %.3Le > %.3Le",
                          cplx ? "z" : "d", o.variant, (int)o.outer, (int)o.inner, (int)o.blocking, sort, e, b);
                    upd(&W_conf, e);
                    free(s);
                }
                run_free(&r);
            }
        }
        /* 1 and 2 threads: bitwise identical outputs */
        hzgsvd_options o1 = hzgsvd_default_options(), o2 = hzgsvd_default_options();
        o1.threads = 1; o2.threads = 2; o1.block_width = o2.block_width = 4;
        run a = run_ref(cplx, m_f, m_g, n, k.F, k.G, &o1), b = run_ref(cplx, m_f, m_g, n, k.F, k.G, &o2);
        CHECK(a.st == HZGSVD_SUCCESS && b.st == HZGSVD_SUCCESS
              && !memcmp(a.s, b.s, sizeof(long double) * n) && same_vectors(cplx, m_f, m_g, n, &a, &b),
              "(d) %s: 1 and 2 threads differ", cplx ? "z" : "d");
        run_free(&a); run_free(&b);
        free(ex);
        known_free(&k);
    }
    if (verbose) printf("  (d) 2 x 64 configurations x sorting: worst sigma vs exact %.3Le\n", W_conf);

    /* hzgsvd__lmul_rd_err: c = RD(a b) and d = a b - c exactly (d >= 0, c + 1 ulp above a b), against
     * fmal: operands of 64 random bits, short integers (exact products), zeros, and exponents up to
     * +-8100 (Dekker's split and its fmal fallback; the products stay normal) */
    tu_rng r = { 99 };
    int bad = 0;
    for (int t = 0; t < 200000; ++t) {
        const int kind = t % 4;
        long double a, b;
        if (kind == 0) { a = ld_uniform(&r); b = ld_uniform(&r); }
        else if (kind == 1) { a = (long double)(int)(tu_next(&r) % 2001) - 1000.0L; b = (long double)(int)(tu_next(&r) % 2001) - 1000.0L; }
        else if (kind == 2) { a = ldexpl(ld_uniform(&r), (int)(tu_next(&r) % 16201) - 8100); b = ldexpl(ld_uniform(&r), (int)(tu_next(&r) % 16201) - 8100); }
        else { a = ldexpl(ld_uniform(&r), (int)(tu_next(&r) % 81) - 40); b = (t % 8 == 3) ? 0.0L : ldexpl(ld_uniform(&r), (int)(tu_next(&r) % 81) - 40); }
        if (fabsl(a * b) < LDBL_MIN && a * b != 0.0L) continue;   /* a subnormal product has no exact error */
        long double c, d;
        hzgsvd__lmul_rd_err(a, b, &c, &d);
        if (!(d >= 0.0L) || fmal(a, b, -c) != d || !(fmal(a, b, -nextafterl(c, INFINITY)) < 0.0L) || signbit(d)) ++bad;
    }
    CHECK(bad == 0, "(d) hzgsvd__lmul_rd_err: %d of 200000 products not RD with an exact error", bad);
}

/* (e) bad inputs: the statuses and messages of the double engines (the same argument checks). */
static void test_bad_inputs(void)
{
    long double F[4 * 3], G[4 * 3], Z[3 * 3], s[3];
    for (int i = 0; i < 12; ++i) { F[i] = (long double)((i * 7) % 5) + (i % 5 == 0); G[i] = (long double)((i * 3) % 7) + (i % 5 == 0); }
    hzgsvd_info info;
    CHECK(hzgsvd_ref_dgsvd(4, 4, 0, F, 4, G, 4, Z, 3, s, s, s, NULL, &info) == HZGSVD_ERR_N_LESS_THAN_ONE && info.detail[0], "ref: n = 0");
    CHECK(hzgsvd_ref_dgsvd(2, 4, 3, F, 4, G, 4, Z, 3, s, s, s, NULL, &info) == HZGSVD_ERR_M_LESS_THAN_N && info.detail[0], "ref: m_f < n");
    CHECK(hzgsvd_ref_dgsvd(4, 4, 3, NULL, 4, G, 4, Z, 3, s, s, s, NULL, &info) == HZGSVD_ERR_INVALID_ARGUMENT && info.detail[0], "ref: F NULL");
    CHECK(hzgsvd_ref_zgsvd(4, 4, 3, F, 3, G, 4, Z, 3, s, s, s, NULL, &info) == HZGSVD_ERR_INVALID_ARGUMENT && info.detail[0], "ref: ldf < m_f");
    F[5] = NAN;
    CHECK(hzgsvd_ref_dgsvd(4, 4, 3, F, 4, G, 4, Z, 3, s, s, s, NULL, &info) == HZGSVD_ERR_NOT_FINITE && info.detail[0], "ref: NaN in F");
}

int main(int argc, char **argv)
{
    tu_start("test_ref_engine");
    test_bad_inputs();
    verbose = (argc > 1 && !strcmp(argv[1], "-v"));
    CHECK(LDBL_MANT_DIG == 64, "long double has %d significand bits; the reference engine assumes 64 (x87)", LDBL_MANT_DIG);
    tu_rng rng = { 2024 };
    double t = hzgsvd__now();
    test_closed_form(&rng);
    if (verbose) printf("  (a) %.1f s\n", hzgsvd__now() - t), t = hzgsvd__now();
    test_exact_pairs(&rng);
    if (verbose) printf("  (b) %.1f s\n", hzgsvd__now() - t), t = hzgsvd__now();
    test_graded(&rng);
    if (verbose) printf("  (c) %.1f s\n", hzgsvd__now() - t), t = hzgsvd__now();
    test_configurations(&rng);
    if (verbose) printf("  (d) %.1f s\n", hzgsvd__now() - t);
    if (verbose)
        printf("  worst: closed form %.3Le; exact pairs: reference %.3Lf cond(X) sqrt(n spread) u_ld, double %.3Lf cond(X) sqrt(n spread) u, ratio ref/double %.3Le; "
               "refined double %.3Lf sqrt(n) u; graded %.3Le; configurations %.3Le\n",
               W_closed, W_exact_ld, W_exact_d, W_ratio, W_refined, W_graded, W_conf);
    return tu_finish();
}
