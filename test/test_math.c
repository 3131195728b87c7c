/* test_math: the shared per-pair mathematics of templates/hzgsvd_math.h.j2 (rendered into
 * generated/hzgsvd_core.h), checked against __float128 references.
 *
 *   test_math        run every check; prints "test_math: N passed, M failed" (exit 0 iff M = 0)
 *   test_math -v     also print the measured worst error of every group (the table in the reply)
 *
 * u = 2^-53.  Quantities marked [q] are evaluated in __float128 (113-bit significand) from the
 * exact double inputs/outputs, so the reference error (<= ~2^-110 relative) is negligible next to
 * every bound below.  Only + - * / and comparisons of __float128 are used (libgcc's soft-float);
 * the quad square root is a Newton iteration of our own (no libquadmath).
 *
 * ASSERTED BOUNDS (each with its justification):
 *  1. hzgsvd__rsqrt_rn(a) == RN(1/sqrt(a)) bit for bit, for every a > 0 tested (normal and
 *     subnormal); cases whose exact value lies within 2^-100 relative of a midpoint between two
 *     doubles are skipped and counted (the quad reference cannot decide them).  Justification:
 *     the routine is documented as correctly rounded and the CPU engine and GPU kernels rely on it
 *     to agree bitwise.  Specials: +0 -> +inf, -0 -> -inf, +inf -> +0, a < 0 (also -inf) -> NaN,
 *     NaN -> NaN.
 *  2. hzgsvd__mul_rd_err(a, b, &c, &d): c == RD(a*b) bit for bit (exact product in [q]: 106 bits
 *     fit in 113; overflow rounds down to DBL_MAX, a negative overflow to -inf, an exact zero keeps
 *     the sign of a*b); d == RN(a*b - c) (what __fma_rn gives after __dmul_rd) and d >= 0; where
 *     the product error is representable (ilogb(a) + ilogb(b) >= -969, no overflow), d == a*b - c
 *     exactly.  Justification: that is the definition of __dmul_rd plus an FMA (paper App. A), and
 *     the host emulation must equal the device result.
 *  3. hzgsvd__zfma: each part is exactly RN(p1 + RN(p2 + c)) (2 roundings in the documented
 *     order), checked bit for bit wherever the [q] reference is exact (always, for the ranges
 *     used; otherwise counted); hence |err| <= u|z| + u(1+u)|p2 + c| <= 2u(1+u) S, S = the sum of
 *     the moduli of the three terms, also asserted.
 *  4. hzgsvd__drot (real 2x2), with Z the returned Z-hat, A, B the 2x2 matrices as passed
 *     (B = [[1,x],[x,1]] for variants 0,1,4,5; the raw B for 2,3,6,7), A' = Z^T A Z, B' = Z^T B Z,
 *     |.| elementwise, all in [q]:
 *       (a) componentwise, every transformed case:  |A'12| <= 16 u (|Z|^T |A| |Z|)12  and
 *           |B' - I|ij <= 16 u (|Z|^T |B| |Z|)ij.  Justification: if every entry of Z-hat has
 *           relative error <= c u (each is a short product/FMA chain of O(1) operations on
 *           correctly rounded rsqrt/sqrt values; D-hat and 1/t add 2-3 roundings), the residuals
 *           are bounded by 2 c u (|Z|^T|.||Z|) to first order; c = 8 covers the chains.  This form
 *           is scale invariant and stays meaningful for ill-conditioned A or B.
 *       (b) the normwise form of the brief, for well-conditioned pairs (t^2 = 1-x^2 >= 1/4 and
 *           (|Z|^T|A||Z|)12 <= 4 sqrt(A'11 A'22), i.e. no cancellation in A'):
 *           |A'12| <= 16 u sqrt(A'11 A'22) and |B' - I|ij <= 16 u.  Justification: (a) with the
 *           reference quantities bounded by a small multiple of the normwise ones (|Z|^T|B||Z| <=
 *           (1+|x|)/(1-|x|) <= 4 when t^2 >= 1/4 ... see the measurements for the margins).
 *       (c) pairs with |x| = |b12| near 1 (1-1e-8, 1-1e-12, 1-2^-40): only (a) (the normwise
 *           residual of B' is inherently ~u/(1-x^2) there: Z-hat has entries ~1/t).
 *     Exceptions h = v = 0 (A = 2^k B, A = 3B; x > 0 and x < 0): the exception path is taken
 *     (z11 == RN(1/sqrt 2) * rsqrt_rn(1+|x|) bit for bit), big = 1, and (a) and (b) hold; for
 *     x < 0 this is where the authors' code leaves diag(B') != I.
 *     Relatively orthogonal pairs: transform = 0, Z-hat = I, swap = sort && (a'pp < a'qq) on the
 *     D-hat-scaled diagonal.  Sorting (transform = 1, sort = 1): swap == (A'11 < A'22) whenever
 *     |A'11 - A'22| > 64 u max((|Z|^T|A||Z|)11, (|Z|^T|A||Z|)22) (otherwise either is right);
 *     sort = 0: swap = 0.  Classification: big = 0 for a transformed pair whose rotation is
 *     ~1e-17 (C1 and C2), big = 1 for a clearly non-diagonal one.  fail = 1 iff |x| >= 1 after
 *     scaling (and for NaN).
 *  5. hzgsvd__zrot (complex 2x2): the same bounds (a), (b), (c) with ^H, |.| of a complex number
 *     replaced by |re| + |im| in the reference quantities, and c = 16 u as in 4 (the complex
 *     chains are longer: e = b RN(1/|b|), hypot, then a complex product: 4 u more on Z entries,
 *     absorbed by the factor 2 of margin in the constant).  Exception path (h = v = 0) taken for
 *     b real, imaginary, on the diagonals (power-of-two parts) and b = 0; tan(gamma) = +-inf;
 *     skipped pairs set swap = sort && a'pp < a'qq; transformed complex pairs leave swap = 0.
 *  6. hzgsvd__drot_apply / hzgsvd__zrot_apply: every output equals the documented FMA chain
 *     (real: RN(yq z21 + RN(yp z11)); complex: hzgsvd__zfma of the products) bit for bit, so
 *     |err| <= 2u(1+u) S (real) and <= 3u(1+u)^2 S (complex), S = sum of the moduli of the terms.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "generated/hzgsvd_core.h"
#include "test/testutil.h"

typedef __float128 qd;

#ifndef DBL_TRUE_MIN                 /* C11; the tests build as C99 */
#define DBL_TRUE_MIN 0x1p-1074
#endif

#define U_RO 0x1p-53
static int verbose = 0;
static long n_printed = 0;

/* CHECKL: CHECK, but after 60 printed failures only counts (keeps a systematic bug readable). */
#define CHECKL(cond, ...)                                                 \
    do {                                                                  \
        if (cond) {                                                       \
            ++tu_passed;                                                  \
        } else if (++n_printed <= 60) {                                   \
            CHECK(0, __VA_ARGS__);                                        \
        } else {                                                          \
            ++tu_failed;                                                  \
        }                                                                 \
    } while (0)

/* ---- small helpers ------------------------------------------------------------------------------ */
static uint64_t bits_of(double x) { uint64_t b; memcpy(&b, &x, sizeof b); return b; }
static double of_bits(uint64_t b) { double x; memcpy(&x, &b, sizeof x); return x; }
static int same_bits(double x, double y) { return bits_of(x) == bits_of(y); }
static qd qabs(qd x) { return x < 0 ? -x : x; }
static qd qmax(qd a, qd b) { return a > b ? a : b; }

/* sqrt in quad: exact power-of-two scaling into double range, double seed, two Newton steps. */
static qd qsqrt(qd x)
{
    if (!(x > 0)) return 0;
    qd s = 1;
    const qd big = 0x1p256, small = 0x1p-256;
    while (x > big) { x *= small; x *= small; s *= big; }
    while (x < small) { x *= big; x *= big; s *= small; }
    qd y = sqrt((double)x);
    y = (y + x / y) * (qd)0.5;
    y = (y + x / y) * (qd)0.5;
    return y * s;
}

static double rand_sym(tu_rng *g) { return tu_uniform(g); }                 /* [-1, 1) */
static double rand_pos(tu_rng *g) { return 0.5 * (tu_uniform(g) + 1.0) + 0x1p-60; }
static int rand_int(tu_rng *g, int lo, int hi) { return lo + (int)(tu_next(g) % (uint64_t)(hi - lo + 1)); }
/* a random double in [-1,1) with only `nb` significant bits (so small multiples stay exact) */
static double rand_short(tu_rng *g, int nb)
{
    double x = rand_sym(g);
    int e; double m = frexp(x, &e);
    m = nearbyint(ldexp(m, nb)) / ldexp(1.0, nb);
    return ldexp(m, e);
}

/* ---- worst-error bookkeeping ------------------------------------------------------------------ */
#define NMET 4
static const char *met_name[NMET] = { "offA/(u R_A)", "|B'-I|/(u R_B)",
                                      "offA/(u sqrt(a1 a2))", "|B'-I|/u" };
typedef struct group {
    const char *name;
    long n;
    double worst[NMET];
    char wdesc[NMET][400];
} group;
#define MAXG 64
static group groups[MAXG];
static int n_groups = 0;
static group *grp(const char *name)
{
    for (int i = 0; i < n_groups; ++i)
        if (strcmp(groups[i].name, name) == 0) return &groups[i];
    group *g = &groups[n_groups++];
    memset(g, 0, sizeof *g);
    g->name = name;
    return g;
}
static const char *cur_desc = "";
static void note(group *g, int k, double v)
{
    if (v != v) v = INFINITY;
    if (v > g->worst[k]) { g->worst[k] = v; snprintf(g->wdesc[k], sizeof g->wdesc[k], "%s", cur_desc); }
}

/* ======================================================================================= 1. rsqrt */
/* RN(1/sqrt(a)) from quad; returns 0 (skip) when the exact value is within 2^-100 of a midpoint. */
static int rsqrt_ref(double a, double *ref)
{
    const qd aq = a;
    qd y = 1.0 / sqrt(a);
    for (int i = 0; i < 3; ++i) y = y + y * ((qd)1 - aq * y * y) * (qd)0.5;
    const double d = (double)y;
    const qd dq = d;
    const double other = (y >= dq) ? nextafter(d, INFINITY) : nextafter(d, 0.0);
    const qd mid = (dq + (qd)other) * (qd)0.5;
    if (qabs(y - mid) < y * (qd)0x1p-100) return 0;
    *ref = d;
    return 1;
}

static long rs_fail = 0, rs_skip = 0, rs_total = 0;
static void rsqrt_one(double a)
{
    double ref;
    ++rs_total;
    if (!rsqrt_ref(a, &ref)) { ++rs_skip; return; }
    const double got = hzgsvd__rsqrt_rn(a);
    if (!same_bits(got, ref)) {
        if (++rs_fail <= 10)
            fprintf(stderr, "test_math: rsqrt_rn(%a) = %a, expected RN(1/sqrt) = %a\n", a, got, ref);
    }
}

static void test_rsqrt(void)
{
    /* specials */
    CHECK(isinf(hzgsvd__rsqrt_rn(0.0)) && hzgsvd__rsqrt_rn(0.0) > 0, "rsqrt(+0) = %a", hzgsvd__rsqrt_rn(0.0));
    CHECK(isinf(hzgsvd__rsqrt_rn(-0.0)) && hzgsvd__rsqrt_rn(-0.0) < 0, "rsqrt(-0) = %a", hzgsvd__rsqrt_rn(-0.0));
    CHECK(same_bits(hzgsvd__rsqrt_rn(INFINITY), 0.0), "rsqrt(+inf) = %a", hzgsvd__rsqrt_rn(INFINITY));
    CHECK(isnan(hzgsvd__rsqrt_rn(-1.0)), "rsqrt(-1) = %a", hzgsvd__rsqrt_rn(-1.0));
    CHECK(isnan(hzgsvd__rsqrt_rn(-INFINITY)), "rsqrt(-inf) = %a", hzgsvd__rsqrt_rn(-INFINITY));
    CHECK(isnan(hzgsvd__rsqrt_rn(-DBL_TRUE_MIN)), "rsqrt(-min subnormal) = %a", hzgsvd__rsqrt_rn(-DBL_TRUE_MIN));
    CHECK(isnan(hzgsvd__rsqrt_rn(-DBL_MAX)), "rsqrt(-DBL_MAX) = %a", hzgsvd__rsqrt_rn(-DBL_MAX));
    CHECK(isnan(hzgsvd__rsqrt_rn(NAN)), "rsqrt(NaN) = %a", hzgsvd__rsqrt_rn(NAN));
    CHECK(isnan(hzgsvd__rsqrt_rn(-NAN)), "rsqrt(-NaN) = %a", hzgsvd__rsqrt_rn(-NAN));
    CHECK(hzgsvd__rsqrt_rn(1.0) == 1.0, "rsqrt(1) = %a", hzgsvd__rsqrt_rn(1.0));
    CHECK(hzgsvd__rsqrt_rn(4.0) == 0.5, "rsqrt(4) = %a", hzgsvd__rsqrt_rn(4.0));
    CHECK(hzgsvd__rsqrt_rn(0x1p-1074) == 0x1p537, "rsqrt(2^-1074) = %a", hzgsvd__rsqrt_rn(0x1p-1074));

    /* fixed sets: powers of two (all), neighbours of powers of 4, extremes, small subnormals */
    for (int k = -1074; k <= 1023; ++k) {
        const double p = ldexp(1.0, k);
        rsqrt_one(p);
        double lo = p, hi = p;
        for (int j = 0; j < 4; ++j) {
            lo = nextafter(lo, 0.0); hi = nextafter(hi, INFINITY);
            if (lo > 0) rsqrt_one(lo);
            if (isfinite(hi)) rsqrt_one(hi);
        }
    }
    rsqrt_one(1.0); rsqrt_one(DBL_MAX); rsqrt_one(DBL_TRUE_MIN); rsqrt_one(DBL_MIN);
    rsqrt_one(nextafter(DBL_MIN, 0.0)); rsqrt_one(nextafter(DBL_MAX, 0.0));
    for (int k = 1; k <= 4096; ++k) rsqrt_one(k * DBL_TRUE_MIN);
    for (int k = 1; k <= 4096; ++k) rsqrt_one(DBL_MIN - k * DBL_TRUE_MIN);

    tu_rng g = { 0x5EED0001u };
    /* near-midpoint constructions: M = midpoint in [1,2), a = RN(1/M^2) and its neighbours, scaled */
    for (int i = 0; i < 40000; ++i) {
        const uint64_t K = tu_next(&g) & ((1ull << 52) - 1);
        const qd M = (qd)1 + ((qd)(double)(2 * K + 1)) * (qd)0x1p-53;
        const qd inv = (qd)1 / (M * M);
        double a = (double)inv;
        const int sh = 2 * rand_int(&g, -500, 500);
        for (int j = -2; j <= 2; ++j) {
            double b = a;
            for (int s = 0; s < (j < 0 ? -j : j); ++s) b = nextafter(b, j < 0 ? 0.0 : INFINITY);
            rsqrt_one(ldexp(b, sh));
        }
    }
    /* >= 2M random doubles over the whole exponent range (1/8 subnormal, 1/8 near a power of 2) */
    const long NR = 2200000;
    for (long i = 0; i < NR; ++i) {
        const uint64_t x = tu_next(&g);
        uint64_t mant = x & ((1ull << 52) - 1);
        uint64_t ex = (x >> 52) % 2047u;            /* 0 .. 2046 */
        const int kind = (int)(i & 7);
        if (kind == 0) ex = 0;                      /* subnormal */
        if (kind == 1) mant = (x & 64) ? (mant & 7u) : ((1ull << 52) - 1 - (mant & 7u));
        double a = of_bits((ex << 52) | mant);
        if (a == 0.0) a = DBL_TRUE_MIN;
        rsqrt_one(a);
    }
    CHECK(rs_fail == 0, "rsqrt_rn: %ld of %ld not correctly rounded", rs_fail, rs_total);
    CHECK(rs_total - rs_skip >= 2000000, "rsqrt_rn: only %ld decided cases", rs_total - rs_skip);
    if (verbose)
        printf("  rsqrt_rn: %ld cases, %ld misrounded, %ld skipped (within 2^-100 of a midpoint)\n",
               rs_total, rs_fail, rs_skip);
}

/* ================================================================================== 2. mul_rd_err */
static long md_fail = 0, md_total = 0, md_exact_checked = 0;
static void mulrd_one(double a, double b)
{
    double c, d;
    hzgsvd__mul_rd_err(a, b, &c, &d);
    const qd P = (qd)a * (qd)b;
    double cr = (double)P;
    if ((qd)cr > P) cr = nextafter(cr, -INFINITY);       /* RD: also DBL_MAX for a positive overflow */
    if (P == 0) cr = (signbit(a) != signbit(b)) ? -0.0 : 0.0;
    ++md_total;
    int ok = same_bits(c, cr);
    double dr = NAN;
    if (isfinite(cr)) {
        const qd diff = P - (qd)cr;                       /* exact: < ulp(cr), <= 107 bits */
        dr = (double)diff;
        ok = ok && (d == dr) && (d >= 0.0);
        if (ok && isfinite(P < 0 ? -P : P) && (qd)DBL_MAX >= qabs(P) && a != 0 && b != 0
            && ilogb(a) + ilogb(b) >= -969) {
            ++md_exact_checked;
            ok = ok && ((qd)d == diff);
        }
    } else {
        ok = ok && (d == INFINITY);                      /* c = -inf: fma(a, b, +inf) = +inf */
    }
    if (!ok && ++md_fail <= 12)
        fprintf(stderr, "test_math: mul_rd_err(%a, %a): c = %a d = %a, expected c = RD = %a, d = %a\n",
                a, b, c, d, cr, dr);
}

static void test_mulrd(void)
{
    tu_rng g = { 0x5EED0002u };
    /* random: products in the normal range, both signs */
    for (long i = 0; i < 1000000; ++i) {
        const double a = ldexp(rand_sym(&g), rand_int(&g, -500, 500));
        const double b = ldexp(rand_sym(&g), rand_int(&g, -500, 500));
        mulrd_one(a, b);
    }
    /* exact products (d must be 0), negative too */
    for (long i = 0; i < 100000; ++i) {
        const double a = ldexp((double)rand_int(&g, -(1 << 26), 1 << 26), rand_int(&g, -300, 300));
        const double b = ldexp((double)rand_int(&g, -(1 << 26), 1 << 26), rand_int(&g, -300, 300));
        mulrd_one(a, b);
    }
    /* adversarial: tiny and subnormal products, underflow to zero, overflow, zeros, extremes */
    for (long i = 0; i < 200000; ++i) {
        const int ea = rand_int(&g, -1074, 1023);
        const int eb = rand_int(&g, -1140, -960) - ea;      /* product ~2^-1140 .. 2^-960 */
        const double a = ldexp(rand_sym(&g), ea), b = ldexp(rand_sym(&g), eb);
        mulrd_one(a, b);
    }
    for (long i = 0; i < 100000; ++i) {
        const int ea = rand_int(&g, -200, 1023);
        const int eb = rand_int(&g, 1015, 1030) - ea;       /* product around DBL_MAX */
        const double a = ldexp(rand_sym(&g), ea), b = ldexp(rand_sym(&g), eb);
        mulrd_one(a, b);
    }
    const double sp[] = { 0.0, -0.0, 1.0, -1.0, DBL_TRUE_MIN, -DBL_TRUE_MIN, DBL_MIN, -DBL_MIN,
                          DBL_MAX, -DBL_MAX, 0.5, 1.5, 0x1.bp0, 0x1.8p0, 0x1.fffffffffffffp-1,
                          0x1.0000000000001p0, 3.0, 0.1, -0.1, 0x1p-537, 0x1p-538, 0x1p511, 0x1p512 };
    const int ns = (int)(sizeof sp / sizeof sp[0]);
    for (int i = 0; i < ns; ++i)
        for (int j = 0; j < ns; ++j) mulrd_one(sp[i], sp[j]);
    CHECK(md_fail == 0, "mul_rd_err: %ld of %ld wrong (c != RD(a*b), d != a*b - c or d < 0)", md_fail, md_total);
    if (verbose)
        printf("  mul_rd_err: %ld cases (%ld with d == a*b - c exactly checked), %ld wrong\n",
               md_total, md_exact_checked, md_fail);
}

/* ======================================================================================== 3. zfma */
/* quad 2Sum: s = RN_q(a + b); returns 1 if s is exact */
static int q_sum_exact(qd a, qd b, qd *s)
{
    *s = a + b;
    const qd bb = *s - a;
    const qd err = (a - (*s - bb)) + (b - bb);
    return err == 0;
}
/* RN(p + RN(q + c)) with p, q exact quad products; 0 if the quad reference is not exact */
static int two_round_ref(qd p, qd q, double c, double *out, qd *exact)
{
    qd s1, s2;
    int ex = q_sum_exact(q, (qd)c, &s1);
    const double w = (double)s1;
    ex = ex && q_sum_exact(p, (qd)w, &s2);
    *out = (double)s2;
    *exact = p + q + (qd)c;
    return ex;
}

static double zfma_worst = 0;
static long zfma_fail = 0, zfma_skip = 0, zfma_total = 0;
static void zfma_part(double got, qd p, qd q, double c, const char *what)
{
    double ref; qd ex;
    const int exact = two_round_ref(p, q, c, &ref, &ex);
    const qd S = qabs(p) + qabs(q) + qabs((qd)c);
    const qd err = qabs((qd)got - ex);
    const qd bound = (qd)U_RO * qabs(ex) + (qd)U_RO * (1 + (qd)U_RO) * qabs(q + (qd)c);
    ++zfma_total;
    if (S > 0) { const double r = (double)(err / (S * (qd)U_RO)); if (r > zfma_worst) zfma_worst = r; }
    int ok = err <= bound * (1 + (qd)0x1p-40);
    if (exact) ok = ok && same_bits(got, ref); else ++zfma_skip;
    if (!ok && ++zfma_fail <= 10)
        fprintf(stderr, "test_math: zfma %s: got %a, expected %a (2 roundings)\n", what, got, ref);
}

static void zfma_one(double ar, double ai, double br, double bi, double cr, double ci)
{
    double zr, zi;
    hzgsvd__zfma(ar, ai, br, bi, cr, ci, &zr, &zi);
    zfma_part(zr, (qd)ar * br, -((qd)ai * bi), cr, "re");
    zfma_part(zi, (qd)ar * bi, (qd)ai * br, ci, "im");
}

static void test_zfma(void)
{
    tu_rng g = { 0x5EED0003u };
    for (long i = 0; i < 300000; ++i) {
        const double ar = ldexp(rand_sym(&g), rand_int(&g, -20, 20)), ai = ldexp(rand_sym(&g), rand_int(&g, -20, 20));
        const double br = ldexp(rand_sym(&g), rand_int(&g, -20, 20)), bi = ldexp(rand_sym(&g), rand_int(&g, -20, 20));
        double cr = ldexp(rand_sym(&g), rand_int(&g, -40, 40)), ci = ldexp(rand_sym(&g), rand_int(&g, -40, 40));
        if (i % 3 == 1) { cr = -(ar * br - ai * bi); ci = -(ar * bi + ai * br); }   /* cancellation */
        if (i % 3 == 2) { cr = ai * bi; ci = -(ai * br); }                           /* inner cancellation */
        zfma_one(ar, ai, br, bi, cr, ci);
    }
    zfma_one(0.0, 0.0, 1.0, 1.0, 0.0, 0.0);
    zfma_one(1.0, -1.0, 1.0, 1.0, -2.0, 0.0);
    CHECK(zfma_fail == 0, "zfma: %ld of %ld parts wrong", zfma_fail, zfma_total);
    if (verbose)
        printf("  zfma: %ld parts, worst |err|/(u S) = %.3f, %ld not bitwise-checkable, %ld wrong\n",
               zfma_total, zfma_worst, zfma_skip, zfma_fail);
}

/* ====================================================================== 4./5. 2x2 residuals in quad */
typedef struct { qd r, i; } qc;
static qc qc_make(double r, double i) { qc z; z.r = r; z.i = i; return z; }
static qc qc_mul(qc a, qc b) { qc z; z.r = a.r * b.r - a.i * b.i; z.i = a.r * b.i + a.i * b.r; return z; }
static qc qc_conj(qc a) { a.i = -a.i; return a; }
static qc qc_add(qc a, qc b) { a.r += b.r; a.i += b.i; return a; }
static qd qc_abs1(qc a) { return qabs(a.r) + qabs(a.i); }

/* M = Z^H A Z (2x2 complex; real pairs have zero imaginary parts) */
static void congruence(const qc Z[2][2], const qc A[2][2], qc M[2][2])
{
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) {
            qc s = qc_make(0, 0);
            for (int k = 0; k < 2; ++k)
                for (int l = 0; l < 2; ++l)
                    s = qc_add(s, qc_mul(qc_mul(qc_conj(Z[k][i]), A[k][l]), Z[l][j]));
            M[i][j] = s;
        }
}

/* The reference magnitude of (Z^H A Z)_ij for a Z-hat whose entries carry absolute errors up to
 * u times the largest entry of their row (w_k = max_j |Z_kj|):
 *   R_ij = sum_k w_k |(A z_j)_k| + sum_k |(A z_i)_k| w_k + u sum_kl w_k |A_kl| w_l,
 * the first-order effect of such errors on z_i^H A z_j (A z_j is the small vector lambda_j B z_j
 * for the exact Z, so R_ij is much smaller than |Z|^T|A||Z| when A or B is ill-conditioned). */
static void refmag(const qc Z[2][2], const qc A[2][2], qd R[2][2])
{
    qd w[2], az[2][2];   /* az[j][k] = |(A z_j)_k| */
    for (int k = 0; k < 2; ++k) w[k] = qmax(qc_abs1(Z[k][0]), qc_abs1(Z[k][1]));
    for (int j = 0; j < 2; ++j)
        for (int k = 0; k < 2; ++k)
            az[j][k] = qc_abs1(qc_add(qc_mul(A[k][0], Z[0][j]), qc_mul(A[k][1], Z[1][j])));
    qd waw = 0;
    for (int k = 0; k < 2; ++k)
        for (int l = 0; l < 2; ++l) waw += w[k] * qc_abs1(A[k][l]) * w[l];
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
            R[i][j] = w[0] * az[j][0] + w[1] * az[j][1] + az[i][0] * w[0] + az[i][1] * w[1] + (qd)U_RO * waw;
}

typedef struct {
    double m[NMET];        /* the four metrics (see met_name) */
    qd a11, a22, ra11, ra22;
    int wellcond;          /* normwise form (b) applies */
} resid;

static resid residuals(const hzgsvd__rot *r, double app, double aqq, double apqr, double apqi,
                       double bpp, double bqq, double bpqr, double bpqi)
{
    qc Z[2][2], A[2][2], B[2][2], M[2][2], N[2][2];
    qd RA[2][2], RB[2][2];
    Z[0][0] = qc_make(r->z11, 0); Z[0][1] = qc_make(r->z12r, r->z12i);
    Z[1][0] = qc_make(r->z21r, r->z21i); Z[1][1] = qc_make(r->z22, 0);
    A[0][0] = qc_make(app, 0); A[0][1] = qc_make(apqr, apqi); A[1][0] = qc_make(apqr, -apqi); A[1][1] = qc_make(aqq, 0);
    B[0][0] = qc_make(bpp, 0); B[0][1] = qc_make(bpqr, bpqi); B[1][0] = qc_make(bpqr, -bpqi); B[1][1] = qc_make(bqq, 0);
    congruence(Z, A, M);
    congruence(Z, B, N);
    refmag(Z, A, RA);
    refmag(Z, B, RB);
    resid s;
    const qd u = U_RO;
    const qd offA = qc_abs1(M[0][1]);
    s.m[0] = (offA == 0) ? 0.0 : (double)(offA / (u * RA[0][1]));
    qd worstrn = 0, worstn = 0;
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) {
            qc e = N[i][j];
            if (i == j) e.r -= 1;
            const qd ae = qc_abs1(e);
            if (ae > 0) worstrn = qmax(worstrn, ae / (u * RB[i][j]));
            worstn = qmax(worstn, ae / u);
        }
    s.m[1] = (double)worstrn;
    const qd a11 = M[0][0].r, a22 = M[1][1].r;
    s.m[2] = (a11 > 0 && a22 > 0) ? (double)(offA / (u * qsqrt(a11 * a22))) : INFINITY;
    if (offA == 0) s.m[2] = 0;
    s.m[3] = (double)worstn;
    s.a11 = a11; s.a22 = a22;
    { qd w0 = qmax(qc_abs1(Z[0][0]), qc_abs1(Z[0][1])), w1 = qmax(qc_abs1(Z[1][0]), qc_abs1(Z[1][1]));
      s.ra11 = w0 * w0 * app + w1 * w1 * aqq + 2 * w0 * w1 * qc_abs1(A[0][1]); s.ra22 = s.ra11; }
    /* well-conditioned: t^2 >= 1/4 for the scaled x, and the two new diagonal values within a
     * factor 16 of each other */
    const double xs2 = (double)(((qd)bpqr * bpqr + (qd)bpqi * bpqi) / ((qd)bpp * bqq));
    s.wellcond = (1.0 - xs2 >= 0.25) && a11 > 0 && a22 > 0 && a11 <= 16 * a22 && a22 <= 16 * a11;
    return s;
}

/* the asserted constants (see the comment block at the top) */
#define C_CW 16.0    /* (a) componentwise */
#define C_NW 16.0    /* (b) normwise, well-conditioned */

static void assess(group *G, const resid *s, const char *desc, int allow_normwise)
{
    G->n++;
    cur_desc = desc;
    for (int k = 0; k < 2; ++k) note(G, k, s->m[k]);
    if (s->wellcond && allow_normwise) { note(G, 2, s->m[2]); note(G, 3, s->m[3]); }
    CHECKL(s->m[0] <= C_CW, "%s: %s: |A'12| = %.3g u (|Z|'|A||Z|)12 > %g", G->name, desc, s->m[0], C_CW);
    CHECKL(s->m[1] <= C_CW, "%s: %s: |B'-I| = %.3g u (|Z|'|B||Z|) > %g", G->name, desc, s->m[1], C_CW);
    if (s->wellcond && allow_normwise) {
        CHECKL(s->m[2] <= C_NW, "%s: %s: |A'12| = %.3g u sqrt(a1 a2) > %g", G->name, desc, s->m[2], C_NW);
        CHECKL(s->m[3] <= C_NW, "%s: %s: |B'-I| = %.3g u > %g", G->name, desc, s->m[3], C_NW);
    }
}

/* sorting check shared by the real cases */
static long sort_checked = 0;
static void check_sort(group *G, const hzgsvd__rot *r, const resid *s, int sort, const char *desc)
{
    if (!sort) { CHECKL(r->swap == 0, "%s: %s: swap set with sort = 0", G->name, desc); return; }
    const qd gap = qabs(s->a11 - s->a22), tol = 64 * (qd)U_RO * qmax(s->ra11, s->ra22);
    if (gap > tol) {
        ++sort_checked;
        CHECKL(r->swap == (s->a11 < s->a22), "%s: %s: swap = %d but a''11 = %.17g, a''22 = %.17g",
               G->name, desc, r->swap, (double)s->a11, (double)s->a22);
    }
}

/* ========================================================================================= 4. drot */
typedef struct { double app, aqq, apq, bpp, bqq, bpq; } rpair;
static double tol32;

static void desc_rpair(char *buf, size_t n, const rpair *p, int variant, int sort)
{
    snprintf(buf, n, "drot(%a, %a, %a, %a, %a, %a, var %d, sort %d)", p->app, p->aqq, p->apq,
             p->bpp, p->bqq, p->bpq, variant, sort);
}

/* apply-test material: a few Z-hats gathered from the random cases */
#define NKEEP 4096
static hzgsvd__rot keep_r[NKEEP], keep_c[NKEEP];
static int nkeep_r = 0, nkeep_c = 0;

/* run drot on one pair; flags: 1 = allow normwise (b) when well-conditioned; 2 = expect exception */
static hzgsvd__rot run_drot(const char *gname, const rpair *p, int variant, int sort, int flags)
{
    group *G = grp(gname);
    char d[320];
    desc_rpair(d, sizeof d, p, variant, sort);
    const hzgsvd__rot r = hzgsvd__drot(p->app, p->aqq, p->apq, p->bpp, p->bqq, p->bpq, variant, sort, tol32);
    CHECKL(r.transform == 1 && r.fail == 0, "%s: %s: transform = %d fail = %d", gname, d, r.transform, r.fail);
    if (!r.transform || r.fail) return r;
    CHECKL(r.z12i == 0 && r.z21i == 0, "%s: %s: nonzero imaginary parts", gname, d);
    const int rescale = HZGSVD__VAR_RESCALE(variant);
    const resid s = residuals(&r, p->app, p->aqq, p->apq, 0.0, rescale ? p->bpp : 1.0,
                              rescale ? p->bqq : 1.0, p->bpq, 0.0);
    assess(G, &s, d, flags & 1);
    check_sort(G, &r, &s, sort, d);
    if (flags & 2) {
        /* the exception path: z11 = RN(1/sqrt 2) rsqrt(1+|x|) (times dp for the rescaled variants) */
        double x = p->bpq, dp = 1.0;
        if (rescale) {
            if (p->bpp != 1.0) { dp = hzgsvd__rsqrt_rn(p->bpp); x *= dp; }
            if (p->bqq != 1.0) x *= hzgsvd__rsqrt_rn(p->bqq);
        }
        double z11 = HZGSVD__RSQRT2 * hzgsvd__rsqrt_rn(1.0 + fabs(x));
        if (dp != 1.0) z11 *= dp;
        CHECKL(same_bits(r.z11, z11) && r.big == 1, "%s: %s: exception path not taken (z11 = %a, expected %a, big = %d)",
               gname, d, r.z11, z11, r.big);
    }
    return r;
}

/* random F (rows x 2) and G, with column scales 2^[-cs, cs]; both the prescaled pair (G's columns
 * normalised, F scaled alike, as the engine does) and the raw pair */
static void rand_real_pairs(tu_rng *g, int cs, double fmul, rpair *pre, rpair *raw)
{
    const int rows = rand_int(g, 2, 4);
    double F[4][2], Gm[4][2];
    for (int j = 0; j < 2; ++j) {
        const double sf = ldexp(fmul, rand_int(g, -cs, cs)), sg = ldexp(1.0, rand_int(g, -cs, cs));
        for (int i = 0; i < rows; ++i) { F[i][j] = rand_sym(g) * sf; Gm[i][j] = rand_sym(g) * sg; }
    }
    qd fa = 0, fb = 0, fc = 0, ga = 0, gb = 0, gc = 0;
    for (int i = 0; i < rows; ++i) {
        fa += (qd)F[i][0] * F[i][0]; fb += (qd)F[i][1] * F[i][1]; fc += (qd)F[i][0] * F[i][1];
        ga += (qd)Gm[i][0] * Gm[i][0]; gb += (qd)Gm[i][1] * Gm[i][1]; gc += (qd)Gm[i][0] * Gm[i][1];
    }
    raw->app = (double)fa; raw->aqq = (double)fb; raw->apq = (double)fc;
    raw->bpp = (double)ga; raw->bqq = (double)gb; raw->bpq = (double)gc;
    const qd np = qsqrt(ga), nq = qsqrt(gb);
    pre->app = (double)(fa / ga); pre->aqq = (double)(fb / gb); pre->apq = (double)(fc / (np * nq));
    pre->bpp = 1.0; pre->bqq = 1.0; pre->bpq = (double)(gc / (np * nq));
}

static void run_all_variants(const char *gname, const rpair *pre, const rpair *raw, int flags)
{
    for (int variant = 0; variant < 8; ++variant)
        for (int sort = 0; sort < 2; ++sort) {
            const rpair *p = HZGSVD__VAR_RESCALE(variant) ? raw : pre;
            if (!((qd)p->bpq * p->bpq < (qd)p->bpp * p->bqq * (1 - (qd)0x1p-45))) continue;   /* B not safely SPD */
            const hzgsvd__rot r = run_drot(gname, p, variant, sort, flags);
            if (nkeep_r < NKEEP && r.transform && !r.fail && (flags & 4)) keep_r[nkeep_r++] = r;
        }
}

static void test_drot(void)
{
    tu_rng g = { 0x5EED0004u };
    rpair pre, raw;
    /* random */
    for (int i = 0; i < 12000; ++i) {
        rand_real_pairs(&g, 8, 1.0, &pre, &raw);
        run_all_variants("real random", &pre, &raw, 1 | 4);
    }
    /* near overflow / underflow: A scaled by 2^+-500 (~1e+-150) and by 2^+-1000 (~1e+-301) */
    for (int i = 0; i < 4000; ++i) {
        const int sc[4] = { 250, -250, 500, -500 };     /* F scale exponents: A ~ 2^(2 sc) */
        const int k = sc[i & 3];
        rand_real_pairs(&g, 4, ldexp(1.0, k), &pre, &raw);
        run_all_variants(k > 0 ? "real large scale" : "real small scale", &pre, &raw, 1);
    }
    /* |x| near 1 (prescaled and rescaled with B = [[4, x],[x, 1/4]] so that x' = x exactly) */
    {
        const double xs[3] = { 1 - 1e-8, 1 - 1e-12, 1 - 0x1p-40 };
        for (int i = 0; i < 3000; ++i) {
            rand_real_pairs(&g, 6, 1.0, &pre, &raw);
            const double x = xs[i % 3] * ((i / 3) % 2 ? -1 : 1);
            pre.bpq = x;
            raw.bpp = 4.0; raw.bqq = 0.25; raw.bpq = x;
            run_all_variants("real |x| near 1", &pre, &raw, 0);
        }
    }
    /* exceptions h = v = 0: A = 2^k B and A = 3 B (x with <= 50 bits), x > 0 and x < 0 */
    for (int i = 0; i < 3000; ++i) {
        double x;
        switch (i % 6) {
        case 0: x = rand_sym(&g); break;
        case 1: x = 1 - 1e-8; break;
        case 2: x = -(1 - 0x1p-40); break;
        case 3: x = -0.5; break;
        default: x = rand_short(&g, 50); break;
        }
        if (i % 2 && x > 0) x = -x;
        if (fabs(x) < 0x1p-40) x = 0.25;
        const int k = rand_int(&g, -40, 40);
        const double lam = (i % 5 == 0 && i % 6 >= 4) ? 3.0 : ldexp(1.0, k);
        rpair a, b;
        a.bpp = 1.0; a.bqq = 1.0; a.bpq = x; a.app = lam; a.aqq = lam; a.apq = lam * x;
        /* raw: B = [[bp, xr],[xr, bq]] with any bp, bq; A = 2^k B (exact, so still proportional after D-hat) */
        const double bp = ldexp(rand_pos(&g), rand_int(&g, -10, 10)), bq = ldexp(rand_pos(&g), rand_int(&g, -10, 10));
        const double xr = (double)((qd)x * qsqrt((qd)bp * bq));
        const double l2 = ldexp(1.0, k);
        b.bpp = bp; b.bqq = bq; b.bpq = xr; b.app = l2 * bp; b.aqq = l2 * bq; b.apq = l2 * xr;
        run_all_variants(x > 0 ? "real exception x>0" : "real exception x<0", &a, &b, 1 | 2);
    }
    /* kappa = 0: h = 0, v != 0 */
    for (int i = 0; i < 2000; ++i) {
        rand_real_pairs(&g, 0, 1.0, &pre, &raw);
        pre.aqq = pre.app;
        raw.aqq = raw.app; raw.bqq = raw.bpp;   /* h' = 0 after D-hat as well */
        if (fabs(pre.apq) >= pre.app) pre.apq *= 0.5 * pre.app / fabs(pre.apq);
        if (fabs(raw.apq) >= raw.app) raw.apq *= 0.5 * raw.app / fabs(raw.apq);
        run_all_variants("real kappa = 0 (h = 0)", &pre, &raw, 1);
    }
    /* v = 0, h != 0: app = 3 2^k, aqq = 2^k, apq = 2^(k+1) x */
    for (int i = 0; i < 2000; ++i) {
        const double x = 0.8 * rand_short(&g, 50);
        const double s = ldexp(1.0, rand_int(&g, -30, 30));
        rpair a;
        a.app = (i & 1) ? 3 * s : s; a.aqq = (i & 1) ? s : 3 * s; a.apq = 2 * s * x;
        a.bpp = 1.0; a.bqq = 1.0; a.bpq = x;
        if (fabs(x) < 0x1p-30) continue;
        run_all_variants("real v = 0 (h != 0)", &a, &a, 1);
    }

    /* relatively orthogonal: skipped, Z-hat = I, swap = sort && a'pp < a'qq */
    for (int i = 0; i < 4000; ++i) {
        rpair a;
        a.app = ldexp(rand_pos(&g), rand_int(&g, -20, 20)); a.aqq = ldexp(rand_pos(&g), rand_int(&g, -20, 20));
        if (i % 4 == 0) a.aqq = a.app;
        a.apq = 0.99 * rand_sym(&g) * tol32 * sqrt(a.app) * sqrt(a.aqq);
        a.bpp = 1.0; a.bqq = 1.0; a.bpq = 0.99 * rand_sym(&g) * tol32;
        if (i % 7 == 0) { a.apq = 0.0; a.bpq = 0.0; }
        rpair b = a;  /* raw: bpp = 4, bqq = 1/4 -> x' = x, app' = app / 4, aqq' = 4 aqq */
        b.bpp = 4.0; b.bqq = 0.25; b.app = 4 * a.app; b.aqq = 0.25 * a.aqq;
        for (int variant = 0; variant < 8; ++variant)
            for (int sort = 0; sort < 2; ++sort) {
                const rpair *p = HZGSVD__VAR_RESCALE(variant) ? &b : &a;
                const hzgsvd__rot r = hzgsvd__drot(p->app, p->aqq, p->apq, p->bpp, p->bqq, p->bpq, variant, sort, tol32);
                char d[320];
                desc_rpair(d, sizeof d, p, variant, sort);
                const int want_swap = sort && (a.app < a.aqq);
                CHECKL(r.transform == 0 && r.big == 0 && r.fail == 0 && r.z11 == 1.0 && r.z22 == 1.0
                       && r.z12r == 0.0 && r.z21r == 0.0 && r.swap == want_swap,
                       "real orthogonal: %s: transform %d big %d fail %d swap %d (want %d) z = [%a %a; %a %a]",
                       d, r.transform, r.big, r.fail, r.swap, want_swap, r.z11, r.z12r, r.z21r, r.z22);
            }
    }
    /* the D-hat scaling decides the order of a skipped pair: app = 3 > aqq = 1, but app/bpp = 3/4 < 1 */
    {
        const hzgsvd__rot r = hzgsvd__drot(3.0, 1.0, 0.0, 4.0, 1.0, 0.0, 2, 1, tol32);
        CHECK(r.transform == 0 && r.swap == 1, "real orthogonal, scaled order: transform %d swap %d", r.transform, r.swap);
        const hzgsvd__rot s = hzgsvd__drot(3.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0, 1, tol32);
        CHECK(s.transform == 0 && s.swap == 0, "real orthogonal, order: transform %d swap %d", s.transform, s.swap);
        /* x = 1.5 tol raw, but x' = 0.75 tol after D-hat: skipped */
        const hzgsvd__rot t = hzgsvd__drot(4.0, 1.0, 0.0, 4.0, 1.0, 1.5 * tol32, 2, 1, tol32);
        CHECK(t.transform == 0, "real orthogonal after D-hat: transform %d", t.transform);
        const hzgsvd__rot w = hzgsvd__drot(1.0, 1.0, 0.0, 1.0, 1.0, 1.5 * tol32, 0, 1, tol32);
        CHECK(w.transform == 1, "real |x| = 1.5 tol: transform %d", w.transform);
    }

    /* classification: a transformed pair with rotation ~1e-17 is small (C1 and C2); a clearly
     * non-diagonal one is big */
    {
        char d[320];
        const rpair tiny[4] = {
            { 1.0, 1e4, 1e-13, 1.0, 1.0, 0.0 },            /* apq/sqrt(app aqq) = 1e-15 > tol, theta ~ 1e-17 */
            { 1e4, 1.0, -1e-13, 1.0, 1.0, 0.0 },
            { 1.0, 1e4, 1e-13, 1.0, 1.0, 1e-15 },          /* |x| > tol too (B part ~5e-16) */
            { 4.0, 4e4, 4e-13, 4.0, 4.0, 0.0 },            /* rescaled variants: same after D-hat */
        };
        const rpair clear[3] = {
            { 1.0, 2.0, 0.5, 1.0, 1.0, 0.3 },
            { 2.0, 2.0, 0.1, 1.0, 1.0, -0.2 },
            { 1.0, 1.0, 1e-10, 1.0, 1.0, 0.0 },            /* h = 0: theta = pi/4 */
        };
        for (int variant = 0; variant < 8; ++variant) {
            for (int i = 0; i < 4; ++i) {
                rpair p = tiny[i];
                if (i == 3 && !HZGSVD__VAR_RESCALE(variant)) { p.app = 1.0; p.aqq = 1e4; p.apq = 1e-13; p.bpp = p.bqq = 1.0; }
                desc_rpair(d, sizeof d, &p, variant, 1);
                const hzgsvd__rot r = hzgsvd__drot(p.app, p.aqq, p.apq, p.bpp, p.bqq, p.bpq, variant, 1, tol32);
                CHECKL(r.transform == 1 && r.big == 0, "real classification: %s: transform %d big %d (want 1, 0)",
                       d, r.transform, r.big);
                if (i == 3 && HZGSVD__VAR_RESCALE(variant))
                    CHECKL(r.z11 == 0.5 && r.z22 == 0.5, "real classification: %s: Z-hat diagonal %a %a, want D-hat = 0.5",
                           d, r.z11, r.z22);
            }
            for (int i = 0; i < 3; ++i) {
                desc_rpair(d, sizeof d, &clear[i], variant, 1);
                const hzgsvd__rot r = hzgsvd__drot(clear[i].app, clear[i].aqq, clear[i].apq, clear[i].bpp,
                                                   clear[i].bqq, clear[i].bpq, variant, 1, tol32);
                CHECKL(r.transform == 1 && r.big == 1, "real classification: %s: transform %d big %d (want 1, 1)",
                       d, r.transform, r.big);
            }
        }
    }
    /* fail iff |x| >= 1 after scaling */
    {
        const double bad[6] = { 1.0, -1.0, 1.5, -3.0, INFINITY, NAN };
        for (int i = 0; i < 6; ++i)
            for (int variant = 0; variant < 8; ++variant) {
                const hzgsvd__rot r = hzgsvd__drot(1.0, 2.0, 0.5, 1.0, 1.0, bad[i], variant, 1, tol32);
                CHECK(r.transform == 1 && r.fail == 1, "real fail: bpq = %a, variant %d: transform %d fail %d",
                      bad[i], variant, r.transform, r.fail);
            }
        /* raw: bpp = 4, bqq = 1: x' = bpq / 2 */
        for (int variant = 2; variant < 8; variant += (variant == 3 ? 3 : 1)) {
            const hzgsvd__rot r1 = hzgsvd__drot(1.0, 2.0, 0.5, 4.0, 1.0, 2.0, variant, 1, tol32);
            const hzgsvd__rot r2 = hzgsvd__drot(1.0, 2.0, 0.5, 4.0, 1.0, -2.5, variant, 1, tol32);
            const hzgsvd__rot r3 = hzgsvd__drot(1.0, 2.0, 0.5, 4.0, 1.0, 1.99, variant, 1, tol32);
            CHECK(r1.fail == 1 && r2.fail == 1 && r3.fail == 0 && r3.transform == 1,
                  "real fail after D-hat, variant %d: fail %d %d %d (want 1 1 0)", variant, r1.fail, r2.fail, r3.fail);
        }
    }
}

/* ========================================================================================= 5. zrot */
typedef struct { double app, aqq, apqr, apqi, bpp, bqq, bpqr, bpqi; } cpair;

static void desc_cpair(char *buf, size_t n, const cpair *p, int variant, int sort)
{
    snprintf(buf, n, "zrot(%a, %a, (%a, %a), %a, %a, (%a, %a), var %d, sort %d)", p->app, p->aqq,
             p->apqr, p->apqi, p->bpp, p->bqq, p->bpqr, p->bpqi, variant, sort);
}

static hzgsvd__rot run_zrot(const char *gname, const cpair *p, int variant, int sort, int flags)
{
    group *G = grp(gname);
    char d[400];
    desc_cpair(d, sizeof d, p, variant, sort);
    const hzgsvd__rot r = hzgsvd__zrot(p->app, p->aqq, p->apqr, p->apqi, p->bpp, p->bqq, p->bpqr, p->bpqi,
                                       variant, sort, tol32);
    CHECKL(r.transform == 1 && r.fail == 0, "%s: %s: transform = %d fail = %d", gname, d, r.transform, r.fail);
    if (!r.transform || r.fail) return r;
    CHECKL(r.swap == 0, "%s: %s: swap set for a transformed complex pair", gname, d);
    const int rescale = HZGSVD__VAR_RESCALE(variant);
    const resid s = residuals(&r, p->app, p->aqq, p->apqr, p->apqi, rescale ? p->bpp : 1.0,
                              rescale ? p->bqq : 1.0, p->bpqr, p->bpqi);
    assess(G, &s, d, flags & 1);
    if (flags & 2) {
        double br = p->bpqr, bi = p->bpqi, dp = 1.0;
        if (rescale) {
            if (p->bpp != 1.0) { dp = hzgsvd__rsqrt_rn(p->bpp); br *= dp; bi *= dp; }
            if (p->bqq != 1.0) { const double dq = hzgsvd__rsqrt_rn(p->bqq); br *= dq; bi *= dq; }
        }
        double z11 = HZGSVD__RSQRT2 * hzgsvd__rsqrt_rn(1.0 + hypot(br, bi));
        if (dp != 1.0) z11 *= dp;
        CHECKL(same_bits(r.z11, z11) && r.big == 1, "%s: %s: exception path not taken (z11 = %a, expected %a, big = %d)",
               gname, d, r.z11, z11, r.big);
    }
    return r;
}

static void rand_complex_pairs(tu_rng *g, int cs, double fmul, cpair *pre, cpair *raw)
{
    const int rows = rand_int(g, 2, 4);
    double Fr[4][2], Fi[4][2], Gr[4][2], Gi[4][2];
    for (int j = 0; j < 2; ++j) {
        const double sf = ldexp(fmul, rand_int(g, -cs, cs)), sg = ldexp(1.0, rand_int(g, -cs, cs));
        for (int i = 0; i < rows; ++i) {
            Fr[i][j] = rand_sym(g) * sf; Fi[i][j] = rand_sym(g) * sf;
            Gr[i][j] = rand_sym(g) * sg; Gi[i][j] = rand_sym(g) * sg;
        }
    }
    qd fa = 0, fb = 0, fcr = 0, fci = 0, ga = 0, gb = 0, gcr = 0, gci = 0;
    for (int i = 0; i < rows; ++i) {
        fa += (qd)Fr[i][0] * Fr[i][0] + (qd)Fi[i][0] * Fi[i][0];
        fb += (qd)Fr[i][1] * Fr[i][1] + (qd)Fi[i][1] * Fi[i][1];
        fcr += (qd)Fr[i][0] * Fr[i][1] + (qd)Fi[i][0] * Fi[i][1];   /* conj(f_p) f_q */
        fci += (qd)Fr[i][0] * Fi[i][1] - (qd)Fi[i][0] * Fr[i][1];
        ga += (qd)Gr[i][0] * Gr[i][0] + (qd)Gi[i][0] * Gi[i][0];
        gb += (qd)Gr[i][1] * Gr[i][1] + (qd)Gi[i][1] * Gi[i][1];
        gcr += (qd)Gr[i][0] * Gr[i][1] + (qd)Gi[i][0] * Gi[i][1];
        gci += (qd)Gr[i][0] * Gi[i][1] - (qd)Gi[i][0] * Gr[i][1];
    }
    raw->app = (double)fa; raw->aqq = (double)fb; raw->apqr = (double)fcr; raw->apqi = (double)fci;
    raw->bpp = (double)ga; raw->bqq = (double)gb; raw->bpqr = (double)gcr; raw->bpqi = (double)gci;
    const qd np = qsqrt(ga), nq = qsqrt(gb), npq = np * nq;
    pre->app = (double)(fa / ga); pre->aqq = (double)(fb / gb);
    pre->apqr = (double)(fcr / npq); pre->apqi = (double)(fci / npq);
    pre->bpp = 1.0; pre->bqq = 1.0; pre->bpqr = (double)(gcr / npq); pre->bpqi = (double)(gci / npq);
}

static void run_all_cvariants(const char *gname, const cpair *pre, const cpair *raw, int flags)
{
    for (int variant = 0; variant < 8; ++variant)
        for (int sort = 0; sort < 2; ++sort) {
            const cpair *p = HZGSVD__VAR_RESCALE(variant) ? raw : pre;
            const qd x2 = (qd)p->bpqr * p->bpqr + (qd)p->bpqi * p->bpqi;
            if (!(x2 < (qd)p->bpp * p->bqq * (1 - (qd)0x1p-45))) continue;
            const hzgsvd__rot r = run_zrot(gname, p, variant, sort, flags);
            if (nkeep_c < NKEEP && r.transform && !r.fail && (flags & 4)) keep_c[nkeep_c++] = r;
        }
}

static void test_zrot(void)
{
    tu_rng g = { 0x5EED0005u };
    cpair pre, raw;
    for (int i = 0; i < 8000; ++i) {
        rand_complex_pairs(&g, 8, 1.0, &pre, &raw);
        run_all_cvariants("complex random", &pre, &raw, 1 | 4);
    }
    for (int i = 0; i < 3000; ++i) {
        const int sc[4] = { 250, -250, 500, -500 };
        const int k = sc[i & 3];
        rand_complex_pairs(&g, 4, ldexp(1.0, k), &pre, &raw);
        run_all_cvariants(k > 0 ? "complex large scale" : "complex small scale", &pre, &raw, 1);
    }
    /* |b| near 1, random phase */
    {
        const double xs[3] = { 1 - 1e-8, 1 - 1e-12, 1 - 0x1p-40 };
        for (int i = 0; i < 3000; ++i) {
            rand_complex_pairs(&g, 6, 1.0, &pre, &raw);
            const double x = xs[i % 3];
            double er = rand_sym(&g), ei = rand_sym(&g);
            const double ne = sqrt(er * er + ei * ei);
            er /= ne; ei /= ne;
            pre.bpqr = x * er; pre.bpqi = x * ei;
            raw.bpp = 4.0; raw.bqq = 0.25; raw.bpqr = pre.bpqr; raw.bpqi = pre.bpqi;
            if (hypot(pre.bpqr, pre.bpqi) >= 1.0) continue;
            run_all_cvariants("complex |b| near 1", &pre, &raw, 0);
        }
    }
    /* exceptions h = v = 0: A = 2^k B with b real, imaginary, on the diagonals (power-of-two
     * parts, so that conj(e) a_pq has an exactly zero imaginary part), x near 1; and b = 0 with a
     * real a_pq (A = [[a, u],[u, a]], B = I) */
    for (int i = 0; i < 3000; ++i) {
        const int ph = i % 9;
        double x = (i % 3 == 0) ? (1 - 0x1p-40) : (i % 3 == 1) ? rand_pos(&g) * 0.999 : (1 - 1e-8);
        double br = 0, bi = 0;
        switch (ph) {
        case 0: br = x; break;
        case 1: br = -x; break;
        case 2: bi = x; break;
        case 3: bi = -x; break;
        case 4: br = bi = 0.25; break;
        case 5: br = -0.5; bi = 0.5; break;
        case 6: br = -0.125; bi = -0.125; break;
        case 7: br = 0x1p-20; bi = -0x1p-20; break;
        default: break;   /* b = 0 */
        }
        const double lam = ldexp(1.0, rand_int(&g, -40, 40));
        cpair a;
        a.bpp = a.bqq = 1.0; a.bpqr = br; a.bpqi = bi;
        a.app = a.aqq = lam; a.apqr = lam * br; a.apqi = lam * bi;
        if (ph == 8) { a.apqr = lam * 0.5 * rand_sym(&g); if (a.apqr == 0) a.apqr = lam * 0.25; }
        cpair b = a;
        b.bpp = 4.0; b.bqq = 0.25;       /* D-hat: x' = x, app' = aqq' = lam / 4 ... scaled alike */
        b.app = 4 * lam; b.aqq = 0.25 * lam;
        const char *nm = ph == 8 ? "complex exception b=0" : "complex exception h=v=0";
        run_all_cvariants(nm, &a, &b, 1 | 2);
    }
    /* h = 0 with v > 0 and v < 0: tan(gamma) = +-inf */
    for (int i = 0; i < 3000; ++i) {
        rand_complex_pairs(&g, 0, 1.0, &pre, &raw);
        pre.aqq = pre.app;
        raw.aqq = raw.app; raw.bqq = raw.bpp;
        /* a_pq = e (u + i v) with e = b/|b|, v of either sign */
        for (int w = 0; w < 2; ++w) {
            cpair *p = w ? &raw : &pre;
            const double xb = hypot(p->bpqr, p->bpqi);
            const double er = xb > 0 ? p->bpqr / xb : 1.0, ei = xb > 0 ? p->bpqi / xb : 0.0;
            const double uu = 0.3 * rand_sym(&g) * p->app, vv = ((i & 1) ? 0.3 : -0.3) * rand_pos(&g) * p->app;
            p->apqr = er * uu - ei * vv; p->apqi = er * vv + ei * uu;
        }
        run_all_cvariants((i & 1) ? "complex h=0, v>0" : "complex h=0, v<0", &pre, &raw, 1);
    }
    /* b tiny (subnormal |b|): e = b/|b| must still be a unit */
    {
        const double tb[4][2] = { { 1e-310, 0.0 }, { 3e-320, 2e-320 }, { 0.0, -4.9e-324 }, { 1e-300, -1e-300 } };
        for (int i = 0; i < 4; ++i) {
            cpair a;
            a.app = 1.0; a.aqq = 2.0; a.apqr = 0.5; a.apqi = 0.25; a.bpp = a.bqq = 1.0;
            a.bpqr = tb[i][0]; a.bpqi = tb[i][1];
            for (int variant = 0; variant < 8; ++variant) {
                const hzgsvd__rot r = run_zrot("complex tiny |b|", &a, variant, 1, 1);
                char d[400];
                desc_cpair(d, sizeof d, &a, variant, 1);
                CHECKL(isfinite(r.z11) && isfinite(r.z22) && isfinite(r.z12r) && isfinite(r.z12i)
                       && isfinite(r.z21r) && isfinite(r.z21i),
                       "complex tiny |b|: %s: Z-hat not finite [%a, (%a,%a); (%a,%a), %a]", d,
                       r.z11, r.z12r, r.z12i, r.z21r, r.z21i, r.z22);
            }
        }
    }
    /* relatively orthogonal */
    for (int i = 0; i < 3000; ++i) {
        cpair a;
        a.app = ldexp(rand_pos(&g), rand_int(&g, -20, 20)); a.aqq = ldexp(rand_pos(&g), rand_int(&g, -20, 20));
        if (i % 4 == 0) a.aqq = a.app;
        const double ma = 0.69 * tol32 * sqrt(a.app) * sqrt(a.aqq), mb = 0.69 * tol32;
        a.apqr = ma * rand_sym(&g); a.apqi = ma * rand_sym(&g);
        a.bpp = a.bqq = 1.0; a.bpqr = mb * rand_sym(&g); a.bpqi = mb * rand_sym(&g);
        cpair b = a;
        b.bpp = 4.0; b.bqq = 0.25; b.app = 4 * a.app; b.aqq = 0.25 * a.aqq;
        for (int variant = 0; variant < 8; ++variant)
            for (int sort = 0; sort < 2; ++sort) {
                const cpair *p = HZGSVD__VAR_RESCALE(variant) ? &b : &a;
                const hzgsvd__rot r = hzgsvd__zrot(p->app, p->aqq, p->apqr, p->apqi, p->bpp, p->bqq,
                                                   p->bpqr, p->bpqi, variant, sort, tol32);
                char d[400];
                desc_cpair(d, sizeof d, p, variant, sort);
                const int want_swap = sort && (a.app < a.aqq);
                CHECKL(r.transform == 0 && r.big == 0 && r.fail == 0 && r.z11 == 1.0 && r.z22 == 1.0
                       && r.z12r == 0.0 && r.z12i == 0.0 && r.z21r == 0.0 && r.z21i == 0.0 && r.swap == want_swap,
                       "complex orthogonal: %s: transform %d big %d fail %d swap %d (want %d)", d,
                       r.transform, r.big, r.fail, r.swap, want_swap);
            }
    }
    CHECK(hzgsvd__zswap(1, 1.0, 2.0) == 1 && hzgsvd__zswap(1, 2.0, 1.0) == 0 && hzgsvd__zswap(0, 1.0, 2.0) == 0
          && hzgsvd__zswap(1, 1.0, 1.0) == 0, "zswap");
    /* classification */
    {
        char d[400];
        const cpair tiny[3] = {
            { 1.0, 1e4, 1e-13, 0.5e-13, 1.0, 1.0, 0.0, 0.0 },
            { 1e4, 1.0, -1e-13, 1e-13, 1.0, 1.0, 0.0, 0.0 },
            { 1.0, 1e4, 1e-13, -1e-13, 1.0, 1.0, 1e-15, 1e-15 },
        };
        const cpair clear[3] = {
            { 1.0, 2.0, 0.5, 0.1, 1.0, 1.0, 0.3, -0.2 },
            { 2.0, 2.0, 0.1, 0.3, 1.0, 1.0, -0.2, 0.0 },
            { 1.0, 1.0, 1e-10, 0.0, 1.0, 1.0, 0.0, 0.0 },
        };
        for (int variant = 0; variant < 8; ++variant) {
            for (int i = 0; i < 3; ++i) {
                desc_cpair(d, sizeof d, &tiny[i], variant, 1);
                const hzgsvd__rot r = hzgsvd__zrot(tiny[i].app, tiny[i].aqq, tiny[i].apqr, tiny[i].apqi, tiny[i].bpp,
                                                   tiny[i].bqq, tiny[i].bpqr, tiny[i].bpqi, variant, 1, tol32);
                CHECKL(r.transform == 1 && r.big == 0, "complex classification: %s: transform %d big %d (want 1, 0)",
                       d, r.transform, r.big);
            }
            for (int i = 0; i < 3; ++i) {
                desc_cpair(d, sizeof d, &clear[i], variant, 1);
                const hzgsvd__rot r = hzgsvd__zrot(clear[i].app, clear[i].aqq, clear[i].apqr, clear[i].apqi, clear[i].bpp,
                                                   clear[i].bqq, clear[i].bpqr, clear[i].bpqi, variant, 1, tol32);
                CHECKL(r.transform == 1 && r.big == 1, "complex classification: %s: transform %d big %d (want 1, 1)",
                       d, r.transform, r.big);
            }
        }
    }
    /* fail iff |b| >= 1 after scaling */
    {
        const double bad[6][2] = { { 1.0, 0.0 }, { 0.0, -1.0 }, { 0.75, 0.75 }, { -2.0, 0.5 }, { NAN, 0.0 }, { 0.0, INFINITY } };
        for (int i = 0; i < 6; ++i)
            for (int variant = 0; variant < 8; ++variant) {
                const hzgsvd__rot r = hzgsvd__zrot(1.0, 2.0, 0.5, 0.1, 1.0, 1.0, bad[i][0], bad[i][1], variant, 1, tol32);
                CHECK(r.transform == 1 && r.fail == 1, "complex fail: b = (%a, %a), variant %d: transform %d fail %d",
                      bad[i][0], bad[i][1], variant, r.transform, r.fail);
            }
        const hzgsvd__rot r1 = hzgsvd__zrot(1.0, 2.0, 0.5, 0.1, 4.0, 1.0, 0.0, 2.0, 2, 1, tol32);
        const hzgsvd__rot r3 = hzgsvd__zrot(1.0, 2.0, 0.5, 0.1, 4.0, 1.0, 0.0, 1.99, 2, 1, tol32);
        CHECK(r1.fail == 1 && r3.fail == 0 && r3.transform == 1, "complex fail after D-hat: %d %d", r1.fail, r3.fail);
    }
}

/* ==================================================================================== 6. apply */
static long ap_fail = 0, ap_total = 0, ap_skip = 0;
static double ap_worst_r = 0, ap_worst_c = 0;

/* one output: got vs RN(t1 + RN(t2 + RN(t3)))-style chains described by the caller */
static void apply_check(double got, double ref, int exact, qd E, qd S, qd bound, double *worst, const char *what)
{
    ++ap_total;
    const qd err = qabs((qd)got - E);
    if (S > 0) { const double r = (double)(err / ((qd)U_RO * S)); if (r > *worst) *worst = r; }
    int ok = err <= bound;
    if (exact) ok = ok && same_bits(got, ref); else ++ap_skip;
    if (!ok && ++ap_fail <= 10)
        fprintf(stderr, "test_math: %s: got %a, expected %a (exact %.17g)\n", what, got, ref, (double)E);
}

static void test_apply(void)
{
    tu_rng g = { 0x5EED0006u };
    const qd u = U_RO;
    for (int k = 0; k < nkeep_r; ++k) {
        const hzgsvd__rot *r = &keep_r[k];
        for (int i = 0; i < 64; ++i) {
            const double yp = ldexp(rand_sym(&g), rand_int(&g, -30, 30)), yq = ldexp(rand_sym(&g), rand_int(&g, -30, 30));
            double np, nq;
            hzgsvd__drot_apply(r, yp, yq, &np, &nq);
            /* np = RN(yq z21 + RN(yp z11)),  nq = RN(yp z12 + RN(yq z22)) */
            const qd p1 = (qd)yq * r->z21r, p0 = (qd)yp * r->z11;
            const qd q1 = (qd)yp * r->z12r, q0 = (qd)yq * r->z22;
            qd s; double ref; int ex;
            double w = (double)p0;
            ex = q_sum_exact(p1, (qd)w, &s); ref = (double)s;
            apply_check(np, ref, ex, p1 + p0, qabs(p1) + qabs(p0), u * qabs(p1 + p0) + u * (1 + u) * qabs(p0), &ap_worst_r, "drot_apply p");
            w = (double)q0;
            ex = q_sum_exact(q1, (qd)w, &s); ref = (double)s;
            apply_check(nq, ref, ex, q1 + q0, qabs(q1) + qabs(q0), u * qabs(q1 + q0) + u * (1 + u) * qabs(q0), &ap_worst_r, "drot_apply q");
        }
    }
    for (int k = 0; k < nkeep_c; ++k) {
        const hzgsvd__rot *r = &keep_c[k];
        for (int i = 0; i < 32; ++i) {
            const double ypr = ldexp(rand_sym(&g), rand_int(&g, -30, 30)), ypi = ldexp(rand_sym(&g), rand_int(&g, -30, 30));
            const double yqr = ldexp(rand_sym(&g), rand_int(&g, -30, 30)), yqi = ldexp(rand_sym(&g), rand_int(&g, -30, 30));
            double o[4];
            hzgsvd__zrot_apply(r, ypr, ypi, yqr, yqi, &o[0], &o[1], &o[2], &o[3]);
            /* y'p = yp z11 + yq z21,  y'q = yp z12 + yq z22; each part RN(t1 + RN(t2 + RN(t3))) */
            const double wp[2] = { ypr * r->z11, ypi * r->z11 }, wq[2] = { yqr * r->z22, yqi * r->z22 };
            qd t[4][3];
            t[0][0] = (qd)yqr * r->z21r; t[0][1] = -((qd)yqi * r->z21i); t[0][2] = (qd)ypr * r->z11;
            t[1][0] = (qd)yqr * r->z21i; t[1][1] = (qd)yqi * r->z21r;    t[1][2] = (qd)ypi * r->z11;
            t[2][0] = (qd)ypr * r->z12r; t[2][1] = -((qd)ypi * r->z12i); t[2][2] = (qd)yqr * r->z22;
            t[3][0] = (qd)ypr * r->z12i; t[3][1] = (qd)ypi * r->z12r;    t[3][2] = (qd)yqi * r->z22;
            const double w3[4] = { wp[0], wp[1], wq[0], wq[1] };
            for (int j = 0; j < 4; ++j) {
                double ref; qd ex;
                const int exact = two_round_ref(t[j][0], t[j][1], w3[j], &ref, &ex);
                const qd E = t[j][0] + t[j][1] + t[j][2];
                const qd S = qabs(t[j][0]) + qabs(t[j][1]) + qabs(t[j][2]);
                apply_check(o[j], ref, exact, E, S, 3 * u * (1 + u) * (1 + u) * S, &ap_worst_c, "zrot_apply");
            }
        }
    }
    CHECK(nkeep_r > 1000 && nkeep_c > 1000, "apply: too few Z-hats gathered (%d, %d)", nkeep_r, nkeep_c);
    CHECK(ap_fail == 0, "apply: %ld of %ld outputs wrong", ap_fail, ap_total);
    if (verbose)
        printf("  apply: %ld outputs, worst |err|/(u S): real %.3f, complex %.3f; %ld not bitwise-checkable, %ld wrong\n",
               ap_total, ap_worst_r, ap_worst_c, ap_skip, ap_fail);
}

int main(int argc, char **argv)
{
    tu_start("test_math");
    verbose = (argc > 1 && strcmp(argv[1], "-v") == 0) ? 1 : (argc > 1 && strcmp(argv[1], "-vv") == 0) ? 2 : 0;
    tol32 = hzgsvd__ortho_tol(32);
    CHECK(tol32 == 0x1.6a09e667f3bcdp-51, "ortho_tol(32) = %a, expected sqrt(32) u = 0x1.6a09e667f3bcdp-51", tol32);
    const clock_t t0 = clock();
    test_rsqrt();
    test_mulrd();
    test_zfma();
    test_drot();
    test_zrot();
    test_apply();
    if (verbose) {
        printf("  sorting decisions checked: %ld\n", sort_checked);
        printf("  %-28s %8s", "group", "n");
        for (int k = 0; k < NMET; ++k) printf(" %22s", met_name[k]);
        printf("\n");
        for (int i = 0; i < n_groups; ++i) {
            printf("  %-28s %8ld", groups[i].name, groups[i].n);
            for (int k = 0; k < NMET; ++k) printf(" %22.3f", groups[i].worst[k]);
            printf("\n");
            if (verbose > 1)
                for (int k = 0; k < NMET; ++k) printf("      worst %d: %s\n", k, groups[i].wdesc[k]);
        }
        printf("  cpu time %.1f s\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    }
    return tu_finish();
}
