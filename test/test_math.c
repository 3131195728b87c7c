/* test_math: the shared per-pair mathematics of templates/hzgsvd_math.h.j2 (rendered into
 * generated/hzgsvd_core.h), checked against __float128 and exact-integer references.
 *
 *   test_math        run every check; prints "test_math: N passed, M failed" (exit 0 iff M = 0)
 *   test_math -v     also print the measured worst error of every group; -vv also the worst inputs
 *
 * u = 2^-53.  References are computed in __float128 (113-bit significand; + - * / and comparisons
 * only, so no libquadmath; the quad square root is our own Newton iteration) from the exact double
 * inputs and outputs; their own error (<= ~2^-110 relative) is negligible next to every bound.
 *
 * ASSERTED BOUNDS, each with its justification (for docs/NUMERICS.md):
 *
 * 1. hzgsvd__rsqrt_rn(a) == RN(1/sqrt(a)) bit for bit, for every a > 0 tested (>= 2.2M random
 *    doubles over all binades, 1/8 of them subnormal; all powers of two; 4 ulps either side of
 *    every power of 4; subnormal ramps; the hardest family a = 4^j (1 - k 2^-52), whose root lies
 *    within ~k^2 2^-106 of a midpoint).  Each case is decided twice: by the quad reference where it
 *    is more than 2^-100 (relative) from a midpoint, and always by an exact integer comparison of
 *    m^2 a with 1 at the two neighbouring midpoints m (1/sqrt(a) is never a midpoint itself).
 *    Why exact: it is documented as correctly rounded, and the CPU engine and GPU kernels must
 *    agree bitwise.  Specials: +0 -> +inf, -0 -> -inf, +inf -> +0, a < 0 (also -inf, -min
 *    subnormal) -> NaN, NaN -> NaN.
 * 2. hzgsvd__mul_rd_err(a, b, &c, &d): c == RD(a b) bit for bit (the quad product is exact: 106
 *    bits; RD of a positive overflow is DBL_MAX, of a negative one -inf; an exact zero keeps the
 *    sign of a b); d == RN(a b - c) (what __fma_rn gives after __dmul_rd) and d >= 0; where the
 *    error of the product is representable (ilogb a + ilogb b >= -969, no overflow) d == a b - c
 *    exactly.  Why: that is __dmul_rd + FMA (paper App. A); the host emulation must match it.
 * 3. hzgsvd__zfma: each part == RN(p1 + RN(p2 + c)) bit for bit (2 roundings in the documented
 *    order; the reference rounds the exact quad sums correctly, midpoints included), hence
 *    |err| <= u|z| + u(1+u)|p2 + c| <= 2u(1+u) S, S = |p1| + |p2| + |c|, also asserted.
 * 4. hzgsvd__drot (real).  Z = the returned Z-hat; A, B the 2x2 matrices as passed (B = [[1,x],
 *    [x,1]] for variants 0,1,4,5; the raw B for 2,3,6,7); A' = Z^T A Z, B' = Z^T B Z in quad;
 *    w_k = max_j |Z_kj| (row maxima); z_j the columns.
 *    (a) every transformed pair (whose new diagonal is <= DBL_MAX/16):
 *          |A'12|         <= 16 u R_A,   R_A = w^T|A z2| + |A z1|^T w + u w^T|A|w,
 *          |B' - I|_ij    <= 16 u R_B,   R_B = w^T|B zj| + |B zi|^T w + u w^T|B|w
 *                                              (+ |zi|^T|B||zj| for variants 2,3,6,7).
 *        Why: the entries of Z-hat are short chains of correctly rounded operations on O(1)
 *        quantities (cos, sin, xi, eta, times 1/t and D-hat), so each carries an ABSOLUTE error of
 *        a few u times its row's maximum (measured <= ~2 u w_k), not a relative one: small entries
 *        come from cancellation (e.g. sin psi = sin theta + xi (cos theta - eta sin theta)).  To
 *        first order such errors move z_i^T A z_j by at most c u R_A (A z_j = lambda_j B z_j is
 *        small for the exact Z), c ~ 2 per unit of entry error; 16 leaves a factor ~2 over the
 *        worst measured.  The extra B term: with D-hat the step works on RN(D B D), whose
 *        diagonal is 1 + O(u), as if it were exactly 1 - a componentwise perturbation of B of a
 *        few u.  The brief's normwise form does NOT hold in general: for A with eigenvalue
 *        ratio ~1e16 the off-diagonal reaches ~1e9 u sqrt(a1 a2) (inherent in the formulas).
 *    (b) well-conditioned pairs (t^2 = 1 - x^2 >= 1/4 and the new diagonal values within a
 *        factor 16): |A'12| <= 32 u sqrt(A'11 A'22) and |B' - I|_ij <= 32 u.  Why: on this set
 *        R_A <= 11 sqrt(A'11 A'22) and R_B <= 27 (measured), so (a) makes these a few u; the
 *        errors do not align in practice, and 32 is 1.7x the worst measured (19 u).
 *    (c) |x| near 1 (1-1e-8, 1-1e-12, 1-2^-40, both signs), near overflow (new diagonal up to
 *        DBL_MAX/16) and underflow (A ~ 2^-1000): (a) unchanged.
 *    Exception h = v = 0 (A = 2^k B, A = 3B; x > 0 and x < 0): the exception path is taken
 *    (z11 == RN(1/sqrt 2) rsqrt_rn(1+|x|) bit for bit), big = 1, (a) and (b) hold - for x < 0 the
 *    authors' matrix gives diag(B') = ((1-|x|)/(1+|x|), (1+|x|)/(1-|x|)) instead.
 *    Relatively orthogonal pairs: transform = 0, Z-hat = I, swap = sort && a'pp < a'qq (D-hat-
 *    scaled values).  Sorting (transform = 1): sort = 1: swap == (A'11 < A'22) whenever |A'11 -
 *    A'22| > 64 u (w0^2 app + w1^2 aqq + 2 w0 w1 |apq|) (else either order is right); sort = 0:
 *    swap = 0.  Classification: big = 0 (C1 and C2) for transformed pairs whose rotation is
 *    ~1e-17, big = 1 for clearly non-diagonal pairs.  fail = 1 iff |x| >= 1 after D-hat (and NaN).
 * 5. hzgsvd__zrot (complex): (a) with |.| of a complex number replaced by |re| + |im|, the term
 *    |zi|^H|B||zj| in R_B for every variant (x = |b| is rounded, a relative perturbation u of b),
 *    and the bound 16 u R / t instead of 16 u R.  Why 1/t: cos phi = sqrt(Y+/2) with
 *    Y+- = 1 +- x s2 + t c2 c_gamma computed as fma(+-x, s2, 1 + w): when x -> 1 and s2 -> -+1 the
 *    value is ~t^2 but carries an absolute error ~u, so z11 (or z22) = cos/t has an error ~u/t^2
 *    in a row of size ~1/t: u/t relative to the row (measured R-normalised error * t <= 2.3;
 *    inherent in the paper's formulas; (1-x) + x c2^2/(1+|s2|) + t c2 c_gamma would avoid it).
 *    (b) as for the real case (32 u; measured <= 18 u).  Exception path (h = v = 0) taken and
 *    big = 1 for b real, imaginary, on the diagonals (power-of-two parts), |b| near 1, and b = 0
 *    with a real a_pq.  h = 0 with v > 0 and v < 0 (tan gamma = +-inf).  |b| subnormal: Z-hat
 *    finite.  Skipped pairs: Z-hat = I, swap = sort && a'pp < a'qq; transformed complex pairs
 *    leave swap = 0 (the caller decides with hzgsvd__zswap, also checked).
 * 6. hzgsvd__drot_apply / hzgsvd__zrot_apply: every output == the documented FMA chain bit for bit
 *    (real RN(yq z21 + RN(yp z11)); complex hzgsvd__zfma of the products), hence |err| <=
 *    2u(1+u) S (real) and <= 3u(1+u)^2 S (complex), S = sum of the moduli of the terms, also
 *    asserted.
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

/* Exact decision by integers: sign of m^2 a - 1 for m = M 2^em, a = A 2^ea (M < 2^55, A < 2^53),
 * i.e. whether 1/sqrt(a) lies above (-1) or below (+1) m; 0 only if m = 1/sqrt(a) exactly. */
static int cmp_m2a(uint64_t M, int em, uint64_t A, int ea)
{
    const int S = -(2 * em + ea);                      /* compare M^2 A with 2^S */
    const unsigned __int128 M2 = (unsigned __int128)M * M;
    const uint64_t L = (uint64_t)M2, H = (uint64_t)(M2 >> 64);
    const unsigned __int128 t0 = (unsigned __int128)L * A;
    const unsigned __int128 t1 = (unsigned __int128)H * A + (uint64_t)(t0 >> 64);
    const uint64_t p[3] = { (uint64_t)t0, (uint64_t)t1, (uint64_t)(t1 >> 64) };
    if (S < 0) return 1;                               /* M^2 A >= 1 > 2^S */
    if (S >= 192) return -1;
    uint64_t q[3] = { 0, 0, 0 };
    q[S / 64] = 1ull << (S % 64);
    for (int i = 2; i >= 0; --i)
        if (p[i] != q[i]) return p[i] > q[i] ? 1 : -1;
    return 0;
}
static void dsplit(double x, uint64_t *X, int *e)      /* x = X 2^e, X < 2^53 an integer; x > 0 */
{
    int ex;
    const double f = frexp(x, &ex);
    *X = (uint64_t)ldexp(f, 53);
    *e = ex - 53;
}
/* sign of m^2 a - 1 for m the midpoint of the positive doubles g and nb (adjacent) */
static int cmp_mid(double g, double nb, double a)
{
    uint64_t G, N, A; int eg, en, ea;
    dsplit(g, &G, &eg); dsplit(nb, &N, &en); dsplit(a, &A, &ea);
    const int e0 = eg < en ? eg : en;
    G <<= (eg - e0); N <<= (en - e0);
    return cmp_m2a(G + N, e0 - 1, A, ea);
}
/* 1 iff g = RN(1/sqrt(a)), decided exactly (1/sqrt(a) is never a midpoint for a double a) */
static int rsqrt_exact_ok(double a, double g)
{
    if (!(g > 0) || !isfinite(g)) return 0;
    const double lo = nextafter(g, 0.0), hi = nextafter(g, INFINITY);
    return cmp_mid(g, lo, a) < 0 && cmp_mid(g, hi, a) > 0;   /* mid_lo < 1/sqrt(a) < mid_hi */
}

static long rs_fail = 0, rs_near = 0, rs_total = 0, rs_oracle_bad = 0;
static void rsqrt_one(double a)
{
    double ref;
    if (!(a > 0)) return;
    ++rs_total;
    const double got = hzgsvd__rsqrt_rn(a);
    int ok = rsqrt_exact_ok(a, got);                   /* the exact integer oracle decides every case */
    if (rsqrt_ref(a, &ref)) ok = ok && same_bits(got, ref);   /* the quad reference, where it can decide */
    else ++rs_near;
    if ((rs_total & 63) == 0 && ok)       /* the oracle must reject both neighbours */
        rs_oracle_bad += rsqrt_exact_ok(a, nextafter(got, 0.0)) + rsqrt_exact_ok(a, nextafter(got, INFINITY));
    if (!ok && ++rs_fail <= 10)
        fprintf(stderr, "test_math: rsqrt_rn(%a) = %a is not RN(1/sqrt(a)) (quad: %a)\n", a, got,
                rsqrt_ref(a, &ref) ? ref : NAN);
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
    /* the hardest cases: 1/sqrt(4^j (1 - k 2^-52)) = 2^-j (1 + k 2^-53 + 3/8 k^2 2^-104 + ...) lies
     * within 2^-100 of a midpoint for odd k (and also for small even k near a binade edge) */
    for (int j = -537; j <= 511; ++j)
        for (int k = 1; k <= 64; ++k) rsqrt_one(ldexp(1.0 - k * 0x1p-52, 2 * j));

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
    CHECK(rs_oracle_bad == 0, "rsqrt oracle accepted a neighbour of RN(1/sqrt(a)) %ld times", rs_oracle_bad);
    CHECK(rs_total - rs_near >= 2000000, "rsqrt_rn: only %ld cases decided by quad", rs_total - rs_near);
    CHECK(rs_near > 1000, "rsqrt_rn: only %ld near-midpoint cases exercised", rs_near);
    if (verbose)
        printf("  rsqrt_rn: %ld cases, %ld misrounded; %ld within 2^-100 of a midpoint (decided by the exact oracle only)\n",
               rs_total, rs_fail, rs_near);
}

/* ================================================================================== 2. mul_rd_err */
static long md_fail = 0, md_total = 0, md_exact_checked = 0;
/* returns 1 if correct */
static int mulrd_one(double a, double b)
{
    double c, d;
    hzgsvd__mul_rd_err(a, b, &c, &d);
    const qd P = (qd)a * (qd)b;                          /* exact: 106 bits, quad exponent range */
    double cr = (double)P;
    if ((qd)cr > P) cr = nextafter(cr, -INFINITY);       /* RD: also DBL_MAX for a positive overflow */
    if (P == 0) cr = (signbit(a) != signbit(b)) ? -0.0 : 0.0;
    ++md_total;
    int ok = same_bits(c, cr);
    double dr = NAN;
    if (isfinite(cr)) {
        const qd diff = P - (qd)cr;                       /* exact: 0 <= diff < ulp(cr) */
        dr = (double)diff;                                /* = RN(a*b - c) = fma(a, b, -c) */
        ok = ok && (d == dr) && (d >= 0.0);
        if (ok && a != 0 && b != 0 && qabs(P) <= (qd)DBL_MAX && ilogb(a) + ilogb(b) >= -969) {
            ++md_exact_checked;
            ok = ok && ((qd)d == diff);                   /* representable: d is the exact error */
        }
    } else {
        dr = INFINITY;
        ok = ok && (d == INFINITY);                      /* c = -inf: fma(a, b, +inf) = +inf */
    }
    if (!ok && ++md_fail <= 12)
        fprintf(stderr, "test_math: mul_rd_err(%a, %a): c = %a d = %a, expected c = RD(a*b) = %a, d = %a\n",
                a, b, c, d, cr, dr);
    return ok;
}

static void test_mulrd(void)
{
    tu_rng g = { 0x5EED0002u };
    long bad;
    /* random: products in the normal range, both signs */
    bad = 0;
    for (long i = 0; i < 1000000; ++i) {
        const double a = ldexp(rand_sym(&g), rand_int(&g, -500, 500));
        const double b = ldexp(rand_sym(&g), rand_int(&g, -500, 500));
        bad += !mulrd_one(a, b);
    }
    CHECK(bad == 0, "mul_rd_err, random products in the normal range: %ld of 1000000 wrong", bad);
    /* exact products (d must be 0), negative too */
    bad = 0;
    for (long i = 0; i < 100000; ++i) {
        const double a = ldexp((double)rand_int(&g, -(1 << 26), 1 << 26), rand_int(&g, -300, 300));
        const double b = ldexp((double)rand_int(&g, -(1 << 26), 1 << 26), rand_int(&g, -300, 300));
        bad += !mulrd_one(a, b);
    }
    CHECK(bad == 0, "mul_rd_err, exact products: %ld of 100000 wrong", bad);
    /* tiny: products in the subnormal range and below (both signs) */
    bad = 0;
    for (long i = 0; i < 200000; ++i) {
        const int ea = rand_int(&g, -1074, 1023);
        const int eb = rand_int(&g, -1140, -960) - ea;      /* product ~2^-1140 .. 2^-960 */
        const double a = ldexp(rand_sym(&g), ea), b = ldexp(rand_sym(&g), eb);
        bad += !mulrd_one(a, b);
    }
    CHECK(bad == 0, "mul_rd_err, tiny/subnormal products: %ld of 200000 wrong (c != __dmul_rd(a, b); "
          "the host emulation tests fma(a, b, -RN(a*b)) < 0, which misses a negative error that "
          "rounds to -0 in the subnormal range)", bad);
    {
        /* minimal examples: 1.6875 * 2^-1074 = 1.6875 ulp: RN = 2 ulp, RD = 1 ulp;
         * -2^-1 * 2^-1074: RN = -0, RD = -2^-1074 */
        double c, d;
        hzgsvd__mul_rd_err(0x1.bp0, DBL_TRUE_MIN, &c, &d);
        CHECK(c == DBL_TRUE_MIN, "mul_rd_err(0x1.bp0, 2^-1074): c = %a, expected RD = 2^-1074 (0x1p-1074)", c);
        hzgsvd__mul_rd_err(-0.5, DBL_TRUE_MIN, &c, &d);
        CHECK(c == -DBL_TRUE_MIN, "mul_rd_err(-0.5, 2^-1074): c = %a, expected RD = -2^-1074", c);
    }
    /* overflow: RD of a positive product beyond DBL_MAX is DBL_MAX (d = a*b - DBL_MAX >= 0) */
    bad = 0;
    for (long i = 0; i < 100000; ++i) {
        const int ea = rand_int(&g, -200, 1023);
        int eb = rand_int(&g, 1015, 1030) - ea;             /* product around DBL_MAX */
        if (eb > 1023) eb = 1023;                            /* finite operands only: the engine rejects infinities */
        const double a = ldexp(rand_sym(&g), ea), b = ldexp(rand_sym(&g), eb);
        bad += !mulrd_one(a, b);
    }
    CHECK(bad == 0, "mul_rd_err, products around DBL_MAX: %ld of 100000 wrong (a positive overflow must "
          "give c = DBL_MAX as __dmul_rd does)", bad);
    {
        double c, d;
        hzgsvd__mul_rd_err(DBL_MAX, 2.0, &c, &d);
        CHECK(c == DBL_MAX && d == DBL_MAX, "mul_rd_err(DBL_MAX, 2): c = %a d = %a, expected c = DBL_MAX, d = DBL_MAX", c, d);
    }
    bad = 0;
    const double sp[] = { 0.0, -0.0, 1.0, -1.0, DBL_TRUE_MIN, -DBL_TRUE_MIN, DBL_MIN, -DBL_MIN,
                          DBL_MAX, -DBL_MAX, 0.5, 1.5, 0x1.bp0, 0x1.8p0, 0x1.fffffffffffffp-1,
                          0x1.0000000000001p0, 3.0, 0.1, -0.1, 0x1p-537, 0x1p-538, 0x1p511, 0x1p512 };
    const int ns = (int)(sizeof sp / sizeof sp[0]);
    for (int i = 0; i < ns; ++i)
        for (int j = 0; j < ns; ++j) bad += !mulrd_one(sp[i], sp[j]);
    CHECK(bad == 0, "mul_rd_err, special operands (zeros, extremes): %ld of %d wrong", bad, ns * ns);
    if (verbose)
        printf("  mul_rd_err: %ld cases (%ld with d == a*b - c exactly checked), %ld wrong\n",
               md_total, md_exact_checked, md_fail);
}

/* ======================================================================================== 3. zfma */
/* quad 2Sum: s = RN_q(a + b) and its exact error e (a + b = s + e); returns 1 if s is exact */
static int q_two_sum(qd a, qd b, qd *s, qd *e)
{
    *s = a + b;
    const qd bb = *s - a;
    *e = (a - (*s - bb)) + (b - bb);
    return *e == 0;
}
/* RN to double of the exact value hi + lo (|lo| <= ulp_q(hi)/2, as 2Sum gives): RN(hi) is right
 * unless hi is exactly a midpoint between two doubles, where the sign of lo decides. */
static double rn_hl(qd hi, qd lo)
{
    const double d = (double)hi;
    const qd diff = hi - (qd)d;
    if (lo == 0 || diff == 0) return d;
    const double other = (diff > 0) ? nextafter(d, INFINITY) : nextafter(d, -INFINITY);
    if (((qd)d + (qd)other) * (qd)0.5 != hi) return d;             /* not a midpoint */
    return ((lo > 0) == (other > d)) ? other : d;
}
/* *out = RN(p + RN(q + c)) exactly, for p, q exact quad products (2Sum + rn_hl);
 * *exact_hi + *exact_lo = p + q + c to ~2^-226 relative. */
static void two_round_ref(qd p, qd q, double c, double *out, qd *exact_hi, qd *exact_lo)
{
    qd s1, e1, s2, e2, t, et;
    q_two_sum(q, (qd)c, &s1, &e1);
    const double w = rn_hl(s1, e1);
    q_two_sum(p, (qd)w, &t, &et);
    *out = rn_hl(t, et);
    q_two_sum(p, s1, &s2, &e2);
    *exact_hi = s2; *exact_lo = e1 + e2;
}
static void q_sum3(qd a, qd b, qd c, qd *hi, qd *lo)     /* a + b + c = hi + lo (to ~2^-226) */
{
    qd s1, e1, e2;
    q_two_sum(b, c, &s1, &e1);
    q_two_sum(a, s1, hi, &e2);
    *lo = e1 + e2;
}
/* |got - (hi + lo)| without losing the low part */
static qd q_err(double got, qd hi, qd lo) { return qabs(((qd)got - hi) - lo); }

static double zfma_worst = 0;
static long zfma_fail = 0, zfma_total = 0;
static void zfma_part(double got, qd p, qd q, double c, const char *what)
{
    double ref; qd ex, lo;
    two_round_ref(p, q, c, &ref, &ex, &lo);
    const qd S = qabs(p) + qabs(q) + qabs((qd)c);
    const qd err = q_err(got, ex, lo);
    const qd bound = (qd)U_RO * qabs(ex) + (qd)U_RO * (1 + (qd)U_RO) * qabs(q + (qd)c);
    ++zfma_total;
    if (S > 0) { const double r = (double)(err / (S * (qd)U_RO)); if (r > zfma_worst) zfma_worst = r; }
    int ok = err <= bound * (1 + (qd)0x1p-40);
    ok = ok && same_bits(got, ref);
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
        printf("  zfma: %ld parts, all compared bit for bit, worst |err|/(u S) = %.3f, %ld wrong\n",
               zfma_total, zfma_worst, zfma_fail);
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
    double t;              /* sqrt(1 - x^2) of the scaled pair */
    int wellcond;          /* normwise form (b) applies */
} resid;

static resid residuals(const hzgsvd__rot *r, double app, double aqq, double apqr, double apqi,
                       double bpp, double bqq, double bpqr, double bpqi, int raw)
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
    if (raw) {
        /* D-hat: the step works on RN(D B D), whose diagonal is 1 + O(u), as if it were exactly 1:
         * a componentwise perturbation of B of a few u, worth u |z_i|^T |B| |z_j| */
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j)
                for (int k = 0; k < 2; ++k)
                    for (int l = 0; l < 2; ++l)
                        RB[i][j] += qc_abs1(Z[k][i]) * qc_abs1(B[k][l]) * qc_abs1(Z[l][j]);
    }
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
    s.t = sqrt(1.0 - xs2);
    s.wellcond = (1.0 - xs2 >= 0.25) && a11 > 0 && a22 > 0 && a11 <= 16 * a22 && a22 <= 16 * a11;
    return s;
}

/* the asserted constants (see the comment block at the top) */
#define C_CW 16.0    /* (a) componentwise */
#define C_NW 32.0    /* (b) normwise, well-conditioned */

/* flags: F_NORMWISE: also assert (b) when well-conditioned; F_EXCEPT: the exception path must be
 * taken; F_KEEP: keep the Z-hat for test 6; F_OVER_T: the complex bound C_CW / t (item 5 above) */
#define F_NORMWISE 1
#define F_EXCEPT 2
#define F_KEEP 4
#define F_OVER_T 8
static void assess(group *G, const resid *s, const char *desc, int flags)
{
    G->n++;
    cur_desc = desc;
    const double scale = (flags & F_OVER_T) ? s->t : 1.0;
    const double lim = (flags & F_OVER_T) ? C_CW / s->t : C_CW;
    for (int k = 0; k < 2; ++k) note(G, k, s->m[k] * scale);
    const int nw = s->wellcond && (flags & F_NORMWISE);
    if (nw) { note(G, 2, s->m[2]); note(G, 3, s->m[3]); }
    CHECKL(s->m[0] <= lim, "%s: %s: |A'12| = %.3g u R_A > %g", G->name, desc, s->m[0], lim);
    CHECKL(s->m[1] <= lim, "%s: %s: |B'-I| = %.3g u R_B > %g", G->name, desc, s->m[1], lim);
    if (nw) {
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

/* The larger generalized eigenvalue of the Hermitian 2x2 pencil (A, B) (= the larger new diagonal
 * value of A after a transformation with Z^H B Z = I), from the D-hat-scaled quantities. */
static qd lam_max(double app, double aqq, double apqr, double apqi, double bpp, double bqq,
                  double bpqr, double bpqi)
{
    const qd sd = qsqrt((qd)bpp * bqq);
    const qd al = (qd)app / bpp, be = (qd)aqq / bqq, gr = (qd)apqr / sd, gi = (qd)apqi / sd;
    const qd br = (qd)bpqr / sd, bi = (qd)bpqi / sd;
    const qd t2 = 1 - (br * br + bi * bi);
    const qd p = al + be - 2 * (gr * br + gi * bi), q = al * be - (gr * gr + gi * gi);
    qd disc = p * p - 4 * t2 * q;
    if (disc < 0) disc = 0;
    return (p + qsqrt(disc)) / (2 * t2);
}
/* pairs whose new diagonal would exceed DBL_MAX/16 are outside the range the engine can represent
 * (its columns' squared norms): they are not run, only counted */
static long n_out_of_range = 0;
#define LAM_LIMIT ((qd)DBL_MAX / 16)

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

/* run drot on one pair and check it (flags as for assess) */
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
                              rescale ? p->bqq : 1.0, p->bpq, 0.0, rescale);
    assess(G, &s, d, flags);
    check_sort(G, &r, &s, sort, d);
    if (flags & F_EXCEPT) {
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
            if (lam_max(p->app, p->aqq, p->apq, 0, p->bpp, p->bqq, p->bpq, 0) > LAM_LIMIT) { ++n_out_of_range; continue; }
            const hzgsvd__rot r = run_drot(gname, p, variant, sort, flags);
            if (nkeep_r < NKEEP && r.transform && !r.fail && (flags & F_KEEP)) keep_r[nkeep_r++] = r;
        }
}

static void test_drot(void)
{
    tu_rng g = { 0x5EED0004u };
    rpair pre, raw;
    /* random */
    for (int i = 0; i < 12000; ++i) {
        rand_real_pairs(&g, 8, 1.0, &pre, &raw);
        run_all_variants("real random", &pre, &raw, F_NORMWISE | F_KEEP);
    }
    /* near overflow / underflow: A scaled by 2^+-500 (~1e+-150) and by 2^+-1000 (~1e+-301) */
    for (int i = 0; i < 4000; ++i) {
        const int sc[4] = { 250, -250, 500, -500 };     /* F scale exponents: A ~ 2^(2 sc) */
        const int k = sc[i & 3];
        rand_real_pairs(&g, 4, ldexp(1.0, k), &pre, &raw);
        run_all_variants(k > 0 ? "real large scale" : "real small scale", &pre, &raw, F_NORMWISE);
    }
    /* near overflow: the larger new diagonal value scaled to 2^1016 .. 2^1019 (<= DBL_MAX/16), with
     * random, nearly proportional (A = B + E) and |x| -> 1 pairs */
    for (int i = 0; i < 3000; ++i) {
        rand_real_pairs(&g, 4, 1.0, &pre, &raw);
        if (i % 3 == 1) { pre.app = 1 + 1e-3 * rand_sym(&g); pre.aqq = 1 + 1e-3 * rand_sym(&g); pre.apq = pre.bpq + 1e-3 * rand_sym(&g); }
        if (i % 3 == 2) pre.bpq = ((i / 3) % 2 ? -1 : 1) * (1 - ldexp(1.0, -rand_int(&g, 10, 40)));
        if (!((qd)pre.bpq * pre.bpq < 1) || !((qd)pre.apq * pre.apq < (qd)pre.app * pre.aqq)) continue;
        const qd lm = lam_max(pre.app, pre.aqq, pre.apq, 0, 1, 1, pre.bpq, 0);
        int e = 0;
        frexp((double)lm, &e);
        const int k = 1016 + rand_int(&g, 0, 2) - e;      /* lm 2^k in [2^1015, 2^1019) */
        pre.app = ldexp(pre.app, k); pre.aqq = ldexp(pre.aqq, k); pre.apq = ldexp(pre.apq, k);
        raw = pre;                                          /* raw: bpp = 4, bqq = 1/4, the same pencil */
        raw.bpp = 4.0; raw.bqq = 0.25; raw.app = 4 * pre.app; raw.aqq = 0.25 * pre.aqq;
        run_all_variants("real near overflow", &pre, &raw, F_NORMWISE);
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
        run_all_variants(x > 0 ? "real exception x>0" : "real exception x<0", &a, &b, F_NORMWISE | F_EXCEPT);
    }
    /* the authors' exception matrix uses |x|: for A = 3B, x = -0.5 it gives diag(B') = (1/3, 3) */
    {
        const hzgsvd__rot r = hzgsvd__drot(3.0, 3.0, -1.5, 1.0, 1.0, -0.5, 0, 1, tol32);
        const resid s = residuals(&r, 3.0, 3.0, -1.5, 0.0, 1.0, 1.0, -0.5, 0.0, 0);
        CHECK(r.transform && r.big && s.m[3] <= 4 && s.m[2] <= 4,
              "real exception A = 3B, x = -0.5: |B'-I| = %.3g u, |A'12| = %.3g u sqrt(a1 a2)", s.m[3], s.m[2]);
    }
    /* sorting near overflow: the new diagonal is (3.95e305, 7.03e305), far below DBL_MAX, so the
     * columns must be swapped; the squared terms z^2 a of the sorting estimate overflow (z ~ 1/t ~ 22) */
    {
        const double app = 0x1.ffe421ce7b9eep+1015, aqq = 0x1.00250c33deffcp+1016, apq = -0x1.ffb52a07fd4a9p+1015,
                     x = -0x1.ff51b38bdf225p-1;
        const hzgsvd__rot r = hzgsvd__drot(app, aqq, apq, 1.0, 1.0, x, 0, 1, tol32);
        const resid s = residuals(&r, app, aqq, apq, 0.0, 1.0, 1.0, x, 0.0, 0);
        CHECK(r.transform && r.swap == 1 && s.a11 < s.a22,
              "real sorting near overflow: drot(%a, %a, %a, 1, 1, %a, var 0, sort 1): swap = %d, expected 1 "
              "(a''11 = %.6g < a''22 = %.6g)", app, aqq, apq, x, r.swap, (double)s.a11, (double)s.a22);
    }
    /* kappa = 0: h = 0, v != 0 */
    for (int i = 0; i < 2000; ++i) {
        rand_real_pairs(&g, 0, 1.0, &pre, &raw);
        pre.aqq = pre.app;
        raw.aqq = raw.app; raw.bqq = raw.bpp;   /* h' = 0 after D-hat as well */
        if (fabs(pre.apq) >= pre.app) pre.apq *= 0.5 * pre.app / fabs(pre.apq);
        if (fabs(raw.apq) >= raw.app) raw.apq *= 0.5 * raw.app / fabs(raw.apq);
        run_all_variants("real kappa = 0 (h = 0)", &pre, &raw, F_NORMWISE);
    }
    /* v = 0, h != 0: app = 3 2^k, aqq = 2^k, apq = 2^(k+1) x */
    for (int i = 0; i < 2000; ++i) {
        const double x = 0.8 * rand_short(&g, 50);
        const double s = ldexp(1.0, rand_int(&g, -30, 30));
        rpair a;
        a.app = (i & 1) ? 3 * s : s; a.aqq = (i & 1) ? s : 3 * s; a.apq = 2 * s * x;
        a.bpp = 1.0; a.bqq = 1.0; a.bpq = x;
        if (fabs(x) < 0x1p-30) continue;
        run_all_variants("real v = 0 (h != 0)", &a, &a, F_NORMWISE);
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
                              rescale ? p->bqq : 1.0, p->bpqr, p->bpqi, 1);
    assess(G, &s, d, flags | F_OVER_T);
    if (flags & F_EXCEPT) {
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
            if (lam_max(p->app, p->aqq, p->apqr, p->apqi, p->bpp, p->bqq, p->bpqr, p->bpqi) > LAM_LIMIT) { ++n_out_of_range; continue; }
            const hzgsvd__rot r = run_zrot(gname, p, variant, sort, flags);
            if (nkeep_c < NKEEP && r.transform && !r.fail && (flags & F_KEEP)) keep_c[nkeep_c++] = r;
        }
}

static void test_zrot(void)
{
    tu_rng g = { 0x5EED0005u };
    cpair pre, raw;
    for (int i = 0; i < 8000; ++i) {
        rand_complex_pairs(&g, 8, 1.0, &pre, &raw);
        run_all_cvariants("complex random", &pre, &raw, F_NORMWISE | F_KEEP);
    }
    for (int i = 0; i < 3000; ++i) {
        const int sc[4] = { 250, -250, 500, -500 };
        const int k = sc[i & 3];
        rand_complex_pairs(&g, 4, ldexp(1.0, k), &pre, &raw);
        run_all_cvariants(k > 0 ? "complex large scale" : "complex small scale", &pre, &raw, F_NORMWISE);
    }
    /* near overflow, as for the real pairs */
    for (int i = 0; i < 2000; ++i) {
        rand_complex_pairs(&g, 4, 1.0, &pre, &raw);
        if (i % 3 == 1) {
            pre.app = 1 + 1e-3 * rand_sym(&g); pre.aqq = 1 + 1e-3 * rand_sym(&g);
            pre.apqr = pre.bpqr + 1e-3 * rand_sym(&g); pre.apqi = pre.bpqi + 1e-3 * rand_sym(&g);
        }
        if (i % 3 == 2) {
            const double nb = hypot(pre.bpqr, pre.bpqi), x = 1 - ldexp(1.0, -rand_int(&g, 10, 40));
            pre.bpqr *= x / nb; pre.bpqi *= x / nb;
        }
        if (!((qd)pre.bpqr * pre.bpqr + (qd)pre.bpqi * pre.bpqi < 1 - (qd)0x1p-45)) continue;
        if (!((qd)pre.apqr * pre.apqr + (qd)pre.apqi * pre.apqi < (qd)pre.app * pre.aqq)) continue;
        const qd lm = lam_max(pre.app, pre.aqq, pre.apqr, pre.apqi, 1, 1, pre.bpqr, pre.bpqi);
        int e = 0;
        frexp((double)lm, &e);
        const int k = 1016 + rand_int(&g, 0, 2) - e;
        pre.app = ldexp(pre.app, k); pre.aqq = ldexp(pre.aqq, k);
        pre.apqr = ldexp(pre.apqr, k); pre.apqi = ldexp(pre.apqi, k);
        raw = pre;
        raw.bpp = 4.0; raw.bqq = 0.25; raw.app = 4 * pre.app; raw.aqq = 0.25 * pre.aqq;
        run_all_cvariants("complex near overflow", &pre, &raw, F_NORMWISE);
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
        run_all_cvariants(nm, &a, &b, F_NORMWISE | F_EXCEPT);
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
        run_all_cvariants((i & 1) ? "complex h=0, v>0" : "complex h=0, v<0", &pre, &raw, F_NORMWISE);
    }
    /* b tiny (subnormal |b|): e = b/|b| must still be a unit */
    {
        const double tb[4][2] = { { 1e-310, 0.0 }, { 3e-320, 2e-320 }, { 0.0, -4.9e-324 }, { 1e-300, -1e-300 } };
        for (int i = 0; i < 4; ++i) {
            cpair a;
            a.app = 1.0; a.aqq = 2.0; a.apqr = 0.5; a.apqi = 0.25; a.bpp = a.bqq = 1.0;
            a.bpqr = tb[i][0]; a.bpqi = tb[i][1];
            for (int variant = 0; variant < 8; ++variant) {
                const hzgsvd__rot r = run_zrot("complex tiny |b|", &a, variant, 1, F_NORMWISE);
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
static long ap_fail = 0, ap_total = 0;
static double ap_worst_r = 0, ap_worst_c = 0;

/* one output: got vs RN(t1 + RN(t2 + RN(t3)))-style chains described by the caller */
static void apply_check(double got, double ref, qd E, qd Elo, qd S, qd bound, double *worst, const char *what)
{
    ++ap_total;
    const qd err = q_err(got, E, Elo);
    if (S > 0) { const double r = (double)(err / ((qd)U_RO * S)); if (r > *worst) *worst = r; }
    int ok = err <= bound;
    ok = ok && same_bits(got, ref);
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
            qd s, se; double ref;
            double w = (double)p0;
            q_two_sum(p1, (qd)w, &s, &se); ref = rn_hl(s, se);
            qd eh, el;
            q_sum3(p1, p0, 0, &eh, &el);
            apply_check(np, ref, eh, el, qabs(p1) + qabs(p0), u * qabs(eh) + u * (1 + u) * qabs(p0), &ap_worst_r, "drot_apply p");
            w = (double)q0;
            q_two_sum(q1, (qd)w, &s, &se); ref = rn_hl(s, se);
            q_sum3(q1, q0, 0, &eh, &el);
            apply_check(nq, ref, eh, el, qabs(q1) + qabs(q0), u * qabs(eh) + u * (1 + u) * qabs(q0), &ap_worst_r, "drot_apply q");
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
                double ref; qd ex, lo;
                two_round_ref(t[j][0], t[j][1], w3[j], &ref, &ex, &lo);
                qd E, El;
                q_sum3(t[j][0], t[j][1], t[j][2], &E, &El);
                (void)ex; (void)lo;
                const qd S = qabs(t[j][0]) + qabs(t[j][1]) + qabs(t[j][2]);
                apply_check(o[j], ref, E, El, S, 3 * u * (1 + u) * (1 + u) * S, &ap_worst_c, "zrot_apply");
            }
        }
    }
    CHECK(nkeep_r > 1000 && nkeep_c > 1000, "apply: too few Z-hats gathered (%d, %d)", nkeep_r, nkeep_c);
    CHECK(ap_fail == 0, "apply: %ld of %ld outputs wrong", ap_fail, ap_total);
    if (verbose)
        printf("  apply: %ld outputs, all compared bit for bit, worst |err|/(u S): real %.3f, complex %.3f; %ld wrong\n",
               ap_total, ap_worst_r, ap_worst_c, ap_fail);
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
        printf("  sorting decisions checked: %ld; random pairs not run (new diagonal > DBL_MAX/16): %ld\n",
               sort_checked, n_out_of_range);
        printf("  (complex rows: the first two columns are multiplied by t = sqrt(1 - |x|^2), bound 16)\n");
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
