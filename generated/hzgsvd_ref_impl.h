/* ================================================================================================
 * hzgsvd_ref_impl.h -- GENERATED FILE, DO NOT EDIT.
 * Generated from: templates/hzgsvd_cpu_api.c.j2, templates/hzgsvd_cpu_arith.c.j2, templates/hzgsvd_cpu_engine.c.j2, templates/hzgsvd_cpu_planes.c.j2, templates/hzgsvd_math.h.j2, templates/hzgsvd_range_scale.c.j2
 * Regenerate with: make generate   (= python3 generator/gen.py)
 * What it is: The reference engine: the CPU engine in x87 long double (u = 2^-64), real (ld) and complex (lz), with the 2x2 math rendered in long double (host only).
 * How to compile: Included by hzgsvd_ref.h where HZGSVD_IMPLEMENTATION is defined; C99 (+OpenMP if -fopenmp), x86-64.
 * ================================================================================================ */
#ifndef HZGSVD_GENERATED_HZGSVD_REF_IMPL_H
#define HZGSVD_GENERATED_HZGSVD_REF_IMPL_H
#include "hzgsvd_host.h"

/*** begin templates/hzgsvd_math.h.j2 ***/
/* The per-pair mathematics of hzgsvd_core.h instantiated in long double for the reference engine
 * (x87 extended precision: 64-bit significand, u = 2^-64), host only.  The same formulas and
 * branches; what depends on u is recomputed for it (sqrt(u), the tan(theta) cut-over), and:
 *   - fma(a, b, c) is a*b + c with two roundings (hzgsvd__lfma): glibc's fmal is a software
 *     emulation on x87, over 100x slower, and no formula of the engine needs one rounding except
 *     the exact error of the enhanced products (hzgsvd__lprod_err: Dekker's product);
 *   - rsqrt_rn(a) is 1/sqrtl(a) (two roundings, within 1.5 ulp: a reference needs no correct
 *     rounding, and the result must only be accurate). */
#include <float.h>

static inline long double hzgsvd__lfma(long double a, long double b, long double c) { return a * b + c; }

#define HZGSVD__LU        0x1p-64L                  /* unit roundoff of the x87 long double */
#define HZGSVD__LSQRT_U   0x1p-32L                  /* sqrt(u) */
#define HZGSVD__LRSQRT2   0xb.504f333f9de6484p-4L   /* 1/sqrt(2), correctly rounded to 64 bits */
#define HZGSVD__LKBIG     0x1p33L                   /* a power of two >= sqrt(2/u): 1 + kappa^2 rounds to kappa^2 */

/* ---- correctly rounded 1/sqrt(a) -------------------------------------------------------------
 * In the reference: 1/sqrtl(a), within 1.5 ulp; the specials are those of the double version. */
static inline long double hzgsvd__lrsqrt_rn(long double a)
{
    return 1.0L / sqrtl(a);
}

/* ---- products for the enhanced dot products (App. A) ------------------------------------------
 * c = RD(a*b) and d = a*b - c >= 0 exactly.  The host has no per-operation rounding modes, so it
 * derives RD from the RN product and its exact error; the result is the same value. */
/* a*b - p exactly for p = RN(a*b): Dekker's product with Veltkamp's split (2^32 + 1 for the 64-bit
 * significand), exact where neither the split nor the error can overflow or underflow; elsewhere
 * (non-finite and extreme operands) fmal, which is exact too but over 100x slower (software). */
static inline long double hzgsvd__lprod_err(long double a, long double b, long double p)
{
    const long double fa = fabsl(a), fb = fabsl(b);
    if ((fa == 0.0L || fb == 0.0L) && isfinite(p)) return 0.0L;   /* exact product: +0, as fmal gives */
    if (!(fa < 0x1p8000L && fb < 0x1p8000L && fa > 0x1p-8000L && fb > 0x1p-8000L)) return fmal(a, b, -p);
    const long double C = 0x1p32L + 1.0L;
    long double t = C * a;
    const long double ah = t - (t - a), al = a - ah;
    t = C * b;
    const long double bh = t - (t - b), bl = b - bh;
    return ((ah * bh - p) + ah * bl + al * bh) + al * bl;
}

static inline void hzgsvd__lmul_rd_err(long double a, long double b, long double *c, long double *d)
{
    const long double p = a * b;
    if (p == INFINITY && isfinite(a) && isfinite(b)) {
        *c = LDBL_MAX;                  /* a positive overflow rounds down to the largest value */
        *d = fmal(a, b, -LDBL_MAX);
        return;
    }
    const long double e = hzgsvd__lprod_err(a, b, p);
    if (signbit(e) && isfinite(p)) {    /* the exact product is below p: one ulp down */
        const long double q = nextafterl(p, -INFINITY);
        *c = q;
        *d = e + (p - q);               /* exact: a*b - RD(a*b) is representable, p - q is one ulp */
    } else {
        *c = p;
        *d = e;
    }
}

/* z = a*b + c, complex, 2 roundings per part (paper section 3.2.1). */
static inline void hzgsvd__lzfma(long double ar, long double ai, long double br, long double bi,
                                          long double cr, long double ci, long double *zr, long double *zi)
{
    *zr = hzgsvd__lfma(ar, br, hzgsvd__lfma(-ai, bi, cr));
    *zi = hzgsvd__lfma(ar, bi, hzgsvd__lfma(ai, br, ci));
}

/* ---- one 2x2 transformation --------------------------------------------------------------------
 * Z-hat (the transformation of a pivot pair, D-hat included) and what to do with it.  The
 * diagonal of Z-hat is real in both the real and the complex case. */
typedef struct hzgsvd__lrot {
    long double z11, z22;          /* real diagonal */
    long double z12r, z12i;        /* off-diagonal (imaginary parts are 0 for real pairs) */
    long double z21r, z21i;
    int transform;            /* 1: the pair is not relatively orthogonal: apply Z-hat */
    int big;                  /* 1: a big transformation (criterion C1 or C2 says not small) */
    int swap;                 /* real pairs, or skipped pairs: swap the columns afterwards */
    int fail;                 /* 1: B-hat is not positive definite (|b_pq| >= 1 after scaling): G is rank deficient */
} hzgsvd__lrot;

/* Relative-orthogonality tolerance of a pivot block of order 2w: sqrt(2w) * u. */
static inline long double hzgsvd__lortho_tol(int two_w)
{
    return sqrtl((long double)two_w) * HZGSVD__LU;
}

static inline hzgsvd__lrot hzgsvd__lrot_identity(void)
{
    hzgsvd__lrot r;
    r.z11 = 1.0; r.z22 = 1.0;
    r.z12r = 0.0; r.z12i = 0.0; r.z21r = 0.0; r.z21i = 0.0;
    r.transform = 0; r.big = 0; r.swap = 0; r.fail = 0;
    return r;
}

/* Per-step scaling by D-hat (variants 2, 3, 6, 7): A-hat' = D A-hat D, B-hat' = D B-hat D with
 * D = diag(bpp^-1/2, bqq^-1/2); a factor equal to 1 is skipped (it would change nothing). */
static inline void hzgsvd__ldhat(long double *app, long double *aqq, long double *apqr, long double *apqi,
                                          long double bpp, long double bqq, long double *bpqr, long double *bpqi,
                                          long double *dp, long double *dq)
{
    *dp = 1.0; *dq = 1.0;
    if (bpp != 1.0) {
        *app /= bpp; *dp = hzgsvd__lrsqrt_rn(bpp);
        *apqr *= *dp; *apqi *= *dp; *bpqr *= *dp; *bpqi *= *dp;
    }
    if (bqq != 1.0) {
        *aqq /= bqq; *dq = hzgsvd__lrsqrt_rn(bqq);
        *apqr *= *dq; *apqi *= *dq; *bpqr *= *dq; *bpqi *= *dq;
    }
}

/* Apply D-hat to the rows of Z-hat' (row 1 times dp, row 2 times dq). */
static inline void hzgsvd__lrot_rows(hzgsvd__lrot *r, long double dp, long double dq)
{
    if (dp != 1.0) { r->z11 *= dp; r->z12r *= dp; r->z12i *= dp; }
    if (dq != 1.0) { r->z21r *= dq; r->z21i *= dq; r->z22 *= dq; }
}

/* Real pair (paper section 2.1.2).  Inputs: app = ||f_p||^2, aqq = ||f_q||^2, apq = f_p'f_q and
 * the same of G; variant selects D-hat and the criterion; tol from hzgsvd__lortho_tol. */
static inline hzgsvd__lrot hzgsvd__ldrot(long double app, long double aqq, long double apq,
                                                 long double bpp, long double bqq, long double bpq,
                                                 int variant, int sort, long double tol)
{
    hzgsvd__lrot r = hzgsvd__lrot_identity();
    long double dp = 1.0, dq = 1.0, zero_i = 0.0, zero_j = 0.0;
    if (HZGSVD__VAR_RESCALE(variant))
        hzgsvd__ldhat(&app, &aqq, &apq, &zero_i, bpp, bqq, &bpq, &zero_j, &dp, &dq);

    /* Relatively orthogonal (NaN compares false, so it is transformed and then caught): only the
     * sorting permutation may apply. */
    if (fabsl(bpq) < tol && fabsl(apq) < (sqrtl(app) * sqrtl(aqq)) * tol) {
        r.swap = sort && (app < aqq);
        return r;
    }
    r.transform = 1;
    const long double x = bpq;
    if (!(fabsl(x) < 1.0)) { r.fail = 1; return r; }

    const long double h = aqq - app;
    const long double v = hzgsvd__lfma(x, -(app + aqq), 2.0 * apq);   /* 2 a_pq - x (a_pp + a_qq) */
    long double z11, z12, z21, z22;
    long double c11, c12, c21, c22;      /* Z-hat' up to a positive common factor: for the sorting decision */
    int small = 0;
    if (h == 0.0 && v == 0.0) {
        /* The exception: A-hat and B-hat proportional.  Mathematically right for either sign
         * of x (the authors' code uses |x| in both rows, which leaves diag(B-hat) != I for x < 0). */
        const long double ax = fabsl(x), e = copysignl(1.0, x);
        const long double s1 = HZGSVD__LRSQRT2 * hzgsvd__lrsqrt_rn(1.0 + ax);
        const long double s2 = HZGSVD__LRSQRT2 * hzgsvd__lrsqrt_rn(1.0 - ax);
        z11 = s1; z12 = -e * s2; z21 = e * s1; z22 = s2;
        c11 = z11; c12 = z12; c21 = z21; c22 = z22;
    } else {
        const long double sp = sqrtl(1.0 + x), sm = sqrtl(1.0 - x);
        const long double xi = x / (sp + sm);
        const long double eta = x / ((1.0 + sp) * (1.0 + sm));
        long double f, kappa;                          /* f = 1/t, kappa = cot(2 theta) = t h / v */
        if (fabsl(x) < HZGSVD__LSQRT_U) { f = 1.0; kappa = h / v; }
        else { f = hzgsvd__lrsqrt_rn(hzgsvd__lfma(-x, x, 1.0)); kappa = h / (v * f); }
        /* tan(theta) for theta in (-pi/4, pi/4]; kappa = +-0 means theta = pi/4 (the authors'
         * code gives -pi/4 for -0, outside the range). */
        const long double ak = fabsl(kappa), sg = (kappa < 0.0) ? -1.0 : 1.0;
        long double tn;
        if (ak >= HZGSVD__LKBIG) tn = 0.5 / kappa;
        else if (ak < HZGSVD__LSQRT_U) tn = sg / (ak + 1.0);
        else tn = sg / (ak + sqrtl(hzgsvd__lfma(kappa, kappa, 1.0)));
        long double c, s;
        if (fabsl(tn) < HZGSVD__LSQRT_U) { c = 1.0; s = tn; }
        else { c = hzgsvd__lrsqrt_rn(hzgsvd__lfma(tn, tn, 1.0)); s = tn * c; }
        const long double cphi = hzgsvd__lfma(xi, hzgsvd__lfma(-eta, c, s), c);   /* cos(theta) + xi (sin - eta cos) */
        const long double cpsi = hzgsvd__lfma(-xi, hzgsvd__lfma(eta, c, s), c);   /* cos(theta) - xi (sin + eta cos) */
        const long double sphi = hzgsvd__lfma(-xi, hzgsvd__lfma(eta, s, c), s);   /* sin(theta) - xi (cos + eta sin) */
        const long double spsi = hzgsvd__lfma(xi, hzgsvd__lfma(-eta, s, c), s);   /* sin(theta) + xi (cos - eta sin) */
        z11 = cphi * f; z12 = sphi * f; z21 = -spsi * f; z22 = cpsi * f;
        c11 = cphi; c12 = sphi; c21 = -spsi; c22 = cpsi;
        small = HZGSVD__VAR_C2(variant) ? (cphi == 1.0 && cpsi == 1.0) : (z11 == 1.0 && z22 == 1.0);
    }
    r.big = !small;
    if (sort) {
        /* The new diagonal of A-hat, with the common factor 1/t^2 dropped and A-hat scaled by a
         * power of two to at most 1 (no overflow near the top of the range); swap to keep it descending. */
        int ex;
        (void)frexpl(app > aqq ? app : aqq, &ex);
        const long double sa = ldexpl(app, -ex), sb = ldexpl(aqq, -ex), sg = ldexpl(apq, -ex);
        const long double a1 = hzgsvd__lfma(c11 * c11, sa, hzgsvd__lfma(2.0 * c11 * c21, sg, c21 * c21 * sb));
        const long double a2 = hzgsvd__lfma(c12 * c12, sa, hzgsvd__lfma(2.0 * c12 * c22, sg, c22 * c22 * sb));
        r.swap = a1 < a2;
    }
    r.z11 = z11; r.z12r = z12; r.z21r = z21; r.z22 = z22;
    hzgsvd__lrot_rows(&r, dp, dq);
    return r;
}

/* Complex pair (paper section 2.1.1).  a_pq = f_p^H f_q = (apqr, apqi), b_pq likewise.  The
 * sorting decision of a transformed complex pair needs the new column norms, so the caller makes
 * it (hzgsvd__lzswap); r.swap is set here only for a skipped pair. */
static inline hzgsvd__lrot hzgsvd__lzrot(long double app, long double aqq, long double apqr, long double apqi,
                                                 long double bpp, long double bqq, long double bpqr, long double bpqi,
                                                 int variant, int sort, long double tol)
{
    hzgsvd__lrot r = hzgsvd__lrot_identity();
    long double dp = 1.0, dq = 1.0;
    if (HZGSVD__VAR_RESCALE(variant))
        hzgsvd__ldhat(&app, &aqq, &apqr, &apqi, bpp, bqq, &bpqr, &bpqi, &dp, &dq);

    const long double x = hypotl(bpqr, bpqi);
    if (x < tol && hypotl(apqr, apqi) < (sqrtl(app) * sqrtl(aqq)) * tol) {
        r.swap = sort && (app < aqq);
        return r;
    }
    r.transform = 1;
    if (!(x < 1.0)) { r.fail = 1; return r; }

    long double er = 1.0, ei = 0.0;                 /* e = b_pq / |b_pq| (1 if b_pq = 0) */
    if (x != 0.0) {
        /* the phase of b from a copy scaled out of the subnormal range (where |b| itself is
         * rounded to a coarse grid), by divisions (1/x overflows for subnormal x) */
        long double br = bpqr, bi = bpqi, xs = x;
        if (x < 0x1p-16000L) { br *= 0x1p+8000L; bi *= 0x1p+8000L; xs = hypotl(br, bi); }
        er = br / xs; ei = bi / xs;
    }
    const long double u = hzgsvd__lfma(er, apqr, ei * apqi);     /* (u, v) = conj(e) a_pq */
    const long double v = hzgsvd__lfma(er, apqi, -(ei * apqr));
    const long double h = aqq - app;
    if (h == 0.0 && v == 0.0) {
        const long double s1 = HZGSVD__LRSQRT2 * hzgsvd__lrsqrt_rn(1.0 + x);
        const long double s2 = HZGSVD__LRSQRT2 * hzgsvd__lrsqrt_rn(1.0 - x);
        r.z11 = s1; r.z22 = s2;
        r.z12r = -er * s2; r.z12i = -ei * s2;     /* -e / sqrt(2(1-x)) */
        r.z21r = er * s1;  r.z21i = -ei * s1;     /* conj(e) / sqrt(2(1+x)) */
        r.big = 1;
    } else {
        const long double t = sqrtl(hzgsvd__lfma(-x, x, 1.0));
        const long double ti = 1.0 / t;
        const long double tau = copysignl(1.0, h);
        const long double tg = (2.0 * v) / h;           /* tan(gamma) */
        long double cg, sgm;
        if (isinf(tg)) { cg = 0.0; sgm = copysignl(1.0, tg); }
        else { cg = hzgsvd__lrsqrt_rn(hzgsvd__lfma(tg, tg, 1.0)); sgm = tg * cg; }
        const long double t2 = tau * hzgsvd__lfma(-x, app + aqq, 2.0 * u) / (t * hypotl(2.0 * v, h)); /* tan(2 theta) */
        long double c2, s2;
        if (isinf(t2)) { c2 = 0.0; s2 = copysignl(1.0, t2); }
        else { c2 = hzgsvd__lrsqrt_rn(hzgsvd__lfma(t2, t2, 1.0)); s2 = t2 * c2; }
        const long double tc = t * c2;
        const long double w = tc * cg;
        const long double yp = hzgsvd__lfma(x, s2, 1.0 + w), ym = hzgsvd__lfma(-x, s2, 1.0 + w);
        const long double cphi = sqrtl(0.5 * yp), cpsi = sqrtl(0.5 * ym);
        r.z11 = cphi * ti; r.z22 = cpsi * ti;
        /* e (s2 - x + i t c2 s_gamma) / (2 t cos psi), and -conj(e) (s2 + x - i t c2 s_gamma) / (2 t cos phi) */
        const long double k12 = ti / (2.0 * cpsi), k21 = ti / (2.0 * cphi);
        const long double ar = (s2 - x) * k12, ai = (tc * sgm) * k12;
        const long double br = (s2 + x) * k21, bi = -(tc * sgm) * k21;
        r.z12r = hzgsvd__lfma(er, ar, -(ei * ai)); r.z12i = hzgsvd__lfma(er, ai, ei * ar);
        r.z21r = -hzgsvd__lfma(er, br, ei * bi);   r.z21i = -hzgsvd__lfma(er, bi, -(ei * br));
        const int small = HZGSVD__VAR_C2(variant) ? (cphi == 1.0 && cpsi == 1.0)
                                                  : (r.z11 == 1.0 && r.z22 == 1.0);
        r.big = !small;
    }
    hzgsvd__lrot_rows(&r, dp, dq);
    return r;
}

/* New pair of elements: [y'_p y'_q] = [y_p y_q] Z-hat (one row of a pivot column pair). */
static inline void hzgsvd__ldrot_apply(const hzgsvd__lrot *r, long double yp, long double yq,
                                                long double *np, long double *nq)
{
    *np = hzgsvd__lfma(yq, r->z21r, yp * r->z11);
    *nq = hzgsvd__lfma(yp, r->z12r, yq * r->z22);
}

static inline void hzgsvd__lzrot_apply(const hzgsvd__lrot *r, long double ypr, long double ypi,
                                                long double yqr, long double yqi,
                                                long double *npr, long double *npi, long double *nqr, long double *nqi)
{
    hzgsvd__lzfma(yqr, yqi, r->z21r, r->z21i, ypr * r->z11, ypi * r->z11, npr, npi);
    hzgsvd__lzfma(ypr, ypi, r->z12r, r->z12i, yqr * r->z22, yqi * r->z22, nqr, nqi);
}

/* Sorting decision of a transformed complex pair from the new squared column norms of F-hat. */
static inline int hzgsvd__lzswap(int sort, long double new_app, long double new_aqq)
{
    return sort && (new_app < new_aqq);
}

/* Range scaling, the results scaled back (docs/NUMERICS.md, "The whole double range"; the plan is
 * hzgsvd__range of the host code).  From Sigma' of the pair run as F' = 2^shift_f F D,
 * G' = 2^shift_g G D: sigma = 2^(shift_g - shift_f) sigma', Sigma_G = 1 / hypot(1, sigma),
 * Sigma_F = sigma Sigma_G, and the factor zm 2^ze of the column of Z (z = D z' zm 2^ze:
 * 2^shift_f Sigma_F / Sigma_F', or the same through G, whichever of Sigma_F', Sigma_G' is larger).
 * Returns 1 where sigma, Sigma_F or Sigma_G leaves the normal range, else 0. */
static inline int hzgsvd__lrange_sigma(int shift_f, int shift_g, long double sf1, long double sg1, long double ss1,
                                         long double *sf, long double *sg, long double *ss, long double *zm, int *ze)
{
    const long double s = ldexpl(ss1, shift_g - shift_f);
    const long double h = hypotl((long double)1.0, s);
    long double a = s / h, b = (long double)1.0 / h;
    if (isinf(s)) { a = 1.0; b = 0.0; }
    *ss = s; *sf = a; *sg = b;
    const int by_f = sf1 >= sg1;
    *zm = frexpl(by_f ? a / sf1 : b / sg1, ze);
    *ze += by_f ? shift_f : shift_g;
    const long double lo = LDBL_MIN, hi = LDBL_MAX;
    return !(s >= lo) || !(s <= hi) || !(a >= lo) || !(b >= lo);
}
/*** end templates/hzgsvd_math.h.j2 ***/

/*** begin templates/hzgsvd_cpu_planes.c.j2 ***/
/* The CPU engine's working storage in long double (the reference engine of hzgsvd_ref.h), for both
 * precisions: split storage, np planes (1 real; 2 complex: the real parts, then the imaginary parts). */

/* The working matrices (bordered; column major; ld = rows).  One process holds all nc = nz columns;
 * a rank of the distributed engine holds nc < nz of them (its two stripes), each with all nz rows of Z. */
typedef struct hzgsvd__lcpu_mats {
    int mf, mg, nz, nc, np;         /* rows of F, G and Z; columns held; planes */
    long double *Fr, *Gr, *Zr;
    long double *Fi, *Gi, *Zi;            /* NULL where np = 1 */
} hzgsvd__lcpu_mats;

/* A vector or matrix in split storage: p[0] the real parts, p[1] the imaginary parts (np = 2 only). */
typedef struct hzgsvd__lcpu_planes {
    long double *p[2];
    int np;
} hzgsvd__lcpu_planes;

/* x advanced by off elements in every plane. */
HZGSVD_PRIVATE hzgsvd__lcpu_planes hzgsvd__lcpu_at(hzgsvd__lcpu_planes x, size_t off)
{
    for (int v = 0; v < x.np; ++v) x.p[v] += off;
    return x;
}

/* Matrix y of M (0 F, 1 G, 2 Z) in its planes. */
HZGSVD_PRIVATE hzgsvd__lcpu_planes hzgsvd__lcpu_mat(const hzgsvd__lcpu_mats *M, int y)
{
    const hzgsvd__lcpu_planes x = { { y == 0 ? M->Fr : y == 1 ? M->Gr : M->Zr, y == 0 ? M->Fi : y == 1 ? M->Gi : M->Zi }, M->np };
    return x;
}

/* ... and its leading dimension (rows). */
HZGSVD_PRIVATE int hzgsvd__lcpu_ld(const hzgsvd__lcpu_mats *M, int y) { return y == 0 ? M->mf : y == 1 ? M->mg : M->nz; }

/* Column j of matrix y of M (0 F, 1 G, 2 Z). */
HZGSVD_PRIVATE hzgsvd__lcpu_planes hzgsvd__lcpu_col(const hzgsvd__lcpu_mats *M, int y, int j)
{
    return hzgsvd__lcpu_at(hzgsvd__lcpu_mat(M, y), (size_t)j * hzgsvd__lcpu_ld(M, y));
}

/* The hottest functions are written over np planes and compiled once per plane count: a wrapper
 * calls them with np a constant and forced inlining folds it (the loops over the planes unroll). */
#ifndef HZGSVD__SPECIALIZE
#if defined(__GNUC__) || defined(__clang__)
#define HZGSVD__SPECIALIZE static inline __attribute__((always_inline))
#else
#define HZGSVD__SPECIALIZE static inline
#endif
#endif
/*** end templates/hzgsvd_cpu_planes.c.j2 ***/

/*** begin templates/hzgsvd_range_scale.c.j2 ***/
/* Range scaling of the long double engine, both precisions: the scaling of a working column and the
 * results scaled back (hzgsvd__range, docs/NUMERICS.md; the exponents come from hzgsvd__lcpu_check_values). */
/* x <- 2^s x on a working column (exact while the results stay normal, which the plan ensures). */
HZGSVD_PRIVATE void hzgsvd__lcpu_scale_pow2(hzgsvd__lcpu_planes x, int m, int s)
{
    if (s == 0) return;
    for (int r = 0; r < m; ++r)
        for (int v = 0; v < x.np; ++v) x.p[v][r] = ldexpl(x.p[v][r], s);
}

/* One output column's Sigma values of the original pair from those of the scaled one (sf1, sg1,
 * ss1) and the factor zm 2^ze of its column of Z (hzgsvd__lrange_sigma; see hzgsvd__lcpu_range_z_col).
 * Returns 0, or 1 where sigma, Sigma_F or Sigma_G leaves the normal range. */
HZGSVD_PRIVATE int hzgsvd__lcpu_range_sigma(const hzgsvd__range *rg, long double sf1, long double sg1, long double ss1,
                                     long double *sf, long double *sg, long double *ss, long double *zm, int *ze)
{
    if (!rg->active) { *sf = sf1; *sg = sg1; *ss = ss1; *zm = 1.0; *ze = 0; return 0; }
    return hzgsvd__lrange_sigma(rg->shift_f, rg->shift_g, sf1, sg1, ss1, sf, sg, ss, zm, ze);
}

/* A caller's column of Z (n rows of np interleaved reals) holding z': z_i <- 2^(col_i + ze) zm z'_i.
 * Returns 0, or 1 where an entry overflows. */
HZGSVD_PRIVATE int hzgsvd__lcpu_range_z_col(long double *z, int n, const int *col, long double zm, int ze, int np)
{
    int bad = 0;
    for (int i = 0; i < n; ++i)
        for (int v = 0; v < np; ++v) {
            long double *x = &z[np * (size_t)i + v];
            *x = ldexpl(*x * zm, col[i] + ze);
            bad |= !isfinite(*x);
        }
    return bad;
}
/*** end templates/hzgsvd_range_scale.c.j2 ***/

/*** begin templates/hzgsvd_cpu_arith.c.j2 [ld] ***/
/* The CPU engine's inner loops whose arithmetic is real (ld, long double): kept per
 * precision with the plane count fixed, so that they compile to the loops they were; the engine
 * (hzgsvd__lcpu_*) reaches them by the plane count. */

/* Squared Euclidean norm: ordinary (an FMA chain) or enhanced (App. A: the sum of RD(x*x) plus the
 * sum of the non-negative rounding errors). */
HZGSVD_PRIVATE long double hzgsvd__ld_nrm2sq(hzgsvd__lcpu_planes x, int m, int enhanced)
{
    const long double *xr = x.p[0];
    if (!enhanced) {
        long double s = 0.0;
        for (int r = 0; r < m; ++r) s = hzgsvd__lfma(xr[r], xr[r], s);
        return s;
    }
    long double sc = 0.0, sd = 0.0;
    for (int r = 0; r < m; ++r) {
        long double c, d;
        hzgsvd__lmul_rd_err(xr[r], xr[r], &c, &d);
        sc += c; sd += d;
    }
    return sc + sd;
}

/* d = x^T y, enhanced in the odd variants. */
HZGSVD_PRIVATE void hzgsvd__ld_dot(hzgsvd__lcpu_planes x, hzgsvd__lcpu_planes y, int m, int enhanced, long double d[1])
{
    const long double *xr = x.p[0], *yr = y.p[0];
    if (!enhanced) {
        long double s = 0.0;
        for (int r = 0; r < m; ++r) s = hzgsvd__lfma(xr[r], yr[r], s);
        d[0] = s;
        return;
    }
    long double sc = 0.0, sd = 0.0;
    for (int r = 0; r < m; ++r) {
        long double c, d_;
        hzgsvd__lmul_rd_err(xr[r], yr[r], &c, &d_);
        sc += c; sd += d_;
    }
    d[0] = sc + sd;
}

/* y_r <- x_r s + y_r (x_r negated where neg), r < n: one fma each. */
HZGSVD_PRIVATE void hzgsvd__ld_axpy(hzgsvd__lcpu_planes x, int neg, const long double s[1], hzgsvd__lcpu_planes y, int n)
{
    const long double *xr = x.p[0];
    long double *yr = y.p[0];
    if (neg)
        for (int r = 0; r < n; ++r) yr[r] = hzgsvd__lfma(-xr[r], s[0], yr[r]);
    else
        for (int r = 0; r < n; ++r) yr[r] = hzgsvd__lfma(xr[r], s[0], yr[r]);
}

/* Apply Z-hat of pair (p, q) to the columns p and q of a k x k scratch matrix. */
HZGSVD_PRIVATE void hzgsvd__ld_apply(const hzgsvd__lrot *rot, hzgsvd__lcpu_planes a, int k, int p, int q)
{
    long double *pr = a.p[0] + (size_t)p * k, *qr = a.p[0] + (size_t)q * k;
    for (int r = 0; r < k; ++r)
        hzgsvd__ldrot_apply(rot, pr[r], qr[r], &pr[r], &qr[r]);
}
/* o <- sum_i x_i h_i, i = 0..k-1 in order (o zeroed first): a column of the post-multiplication,
 * x_i the chunk's columns (rows rows, ld ldx), h the column of Z-hat; one fma per term. */
HZGSVD_PRIVATE void hzgsvd__ld_combine(hzgsvd__lcpu_planes x, int ldx, hzgsvd__lcpu_planes h, int k, hzgsvd__lcpu_planes o, int rows)
{
    long double *orr = o.p[0];
    for (int r = 0; r < rows; ++r) orr[r] = 0.0;
    for (int i = 0; i < k; ++i) {
        const long double z = h.p[0][i], *xr = x.p[0] + (size_t)i * ldx;
        for (int r = 0; r < rows; ++r) orr[r] = hzgsvd__lfma(xr[r], z, orr[r]);
    }
}

/* Gram matrix (lower triangle) of the 2w columns cols[] of Y (m rows, ld m) into a (k x k): per
 * precision, so that the dot is inlined into its loop. */
HZGSVD_PRIVATE void hzgsvd__ld_gram(hzgsvd__lcpu_planes y, int m, const int *cols, int k, hzgsvd__lcpu_planes a)
{
    for (int j = 0; j < k; ++j)
        for (int i = j; i < k; ++i) {
            long double d[1];
            hzgsvd__ld_dot(hzgsvd__lcpu_at(y, (size_t)cols[i] * m), hzgsvd__lcpu_at(y, (size_t)cols[j] * m), m, 0, d);
            for (int v = 0; v < 1; ++v) a.p[v][i + (size_t)j * k] = d[v];
        }
}
/*** end templates/hzgsvd_cpu_arith.c.j2 [ld] ***/

/*** begin templates/hzgsvd_cpu_arith.c.j2 [lz] ***/
/* The CPU engine's inner loops whose arithmetic is complex (lz, long double): kept per
 * precision with the plane count fixed, so that they compile to the loops they were; the engine
 * (hzgsvd__lcpu_*) reaches them by the plane count. */

/* Squared Euclidean norm: ordinary (an FMA chain over both parts of each element) or enhanced
 * (App. A: per element ((dr + di) + min(cr, ci)) + max(cr, ci), then summed). */
HZGSVD_PRIVATE long double hzgsvd__lz_nrm2sq(hzgsvd__lcpu_planes x, int m, int enhanced)
{
    const long double *xr = x.p[0], *xi = x.p[1];
    long double s = 0.0;
    if (!enhanced) {
        for (int r = 0; r < m; ++r) { s = hzgsvd__lfma(xr[r], xr[r], s); s = hzgsvd__lfma(xi[r], xi[r], s); }
        return s;
    }
    for (int r = 0; r < m; ++r) {
        long double cr, dr, ci, di;
        hzgsvd__lmul_rd_err(xr[r], xr[r], &cr, &dr);
        hzgsvd__lmul_rd_err(xi[r], xi[r], &ci, &di);
        s += ((dr + di) + (cr < ci ? cr : ci)) + (cr < ci ? ci : cr);
    }
    return s;
}

/* d = x^H y.  Complex off-diagonal dots are always ordinary (App. A defines the enhanced form for
 * norms only). */
HZGSVD_PRIVATE void hzgsvd__lz_dot(hzgsvd__lcpu_planes x, hzgsvd__lcpu_planes y, int m, long double d[2])
{
    const long double *xr = x.p[0], *xi = x.p[1], *yr = y.p[0], *yi = y.p[1];
    long double sr = 0.0, si = 0.0;
    for (int r = 0; r < m; ++r) {
        sr = hzgsvd__lfma(xr[r], yr[r], sr); sr = hzgsvd__lfma(xi[r], yi[r], sr);
        si = hzgsvd__lfma(xr[r], yi[r], si); si = hzgsvd__lfma(-xi[r], yr[r], si);
    }
    d[0] = sr; d[1] = si;
}

/* y_r <- x_r s + y_r (x_r negated where neg), r < n: one hzgsvd__lzfma each. */
HZGSVD_PRIVATE void hzgsvd__lz_axpy(hzgsvd__lcpu_planes x, int neg, const long double s[2], hzgsvd__lcpu_planes y, int n)
{
    const long double *xr = x.p[0], *xi = x.p[1];
    long double *yr = y.p[0], *yi = y.p[1];
    if (neg)
        for (int r = 0; r < n; ++r) hzgsvd__lzfma(-xr[r], -xi[r], s[0], s[1], yr[r], yi[r], &yr[r], &yi[r]);
    else
        for (int r = 0; r < n; ++r) hzgsvd__lzfma(xr[r], xi[r], s[0], s[1], yr[r], yi[r], &yr[r], &yi[r]);
}

/* Apply Z-hat of pair (p, q) to the columns p and q of a k x k scratch matrix. */
HZGSVD_PRIVATE void hzgsvd__lz_apply(const hzgsvd__lrot *rot, hzgsvd__lcpu_planes a, int k, int p, int q)
{
    long double *pr = a.p[0] + (size_t)p * k, *qr = a.p[0] + (size_t)q * k;
    long double *pi = a.p[1] + (size_t)p * k, *qi = a.p[1] + (size_t)q * k;
    for (int r = 0; r < k; ++r)
        hzgsvd__lzrot_apply(rot, pr[r], pi[r], qr[r], qi[r], &pr[r], &pi[r], &qr[r], &qi[r]);
}
/* o <- sum_i x_i h_i, i = 0..k-1 in order (o zeroed first): a column of the post-multiplication,
 * x_i the chunk's columns (rows rows, ld ldx), h the column of Z-hat; one hzgsvd__lzfma per term. */
HZGSVD_PRIVATE void hzgsvd__lz_combine(hzgsvd__lcpu_planes x, int ldx, hzgsvd__lcpu_planes h, int k, hzgsvd__lcpu_planes o, int rows)
{
    long double *orr = o.p[0], *oi = o.p[1];
    for (int r = 0; r < rows; ++r) { orr[r] = 0.0; oi[r] = 0.0; }
    for (int i = 0; i < k; ++i) {
        const long double zr = h.p[0][i], zi = h.p[1][i], *xr = x.p[0] + (size_t)i * ldx, *xi = x.p[1] + (size_t)i * ldx;
        for (int r = 0; r < rows; ++r) hzgsvd__lzfma(xr[r], xi[r], zr, zi, orr[r], oi[r], &orr[r], &oi[r]);
    }
}


/* Gram matrix (lower triangle) of the 2w columns cols[] of Y (m rows, ld m) into a (k x k): per
 * precision, so that the dot is inlined into its loop. */
HZGSVD_PRIVATE void hzgsvd__lz_gram(hzgsvd__lcpu_planes y, int m, const int *cols, int k, hzgsvd__lcpu_planes a)
{
    for (int j = 0; j < k; ++j)
        for (int i = j; i < k; ++i) {
            long double d[2];
            hzgsvd__lz_dot(hzgsvd__lcpu_at(y, (size_t)cols[i] * m), hzgsvd__lcpu_at(y, (size_t)cols[j] * m), m, d);
            for (int v = 0; v < 2; ++v) a.p[v][i + (size_t)j * k] = d[v];
        }
}
/*** end templates/hzgsvd_cpu_arith.c.j2 [lz] ***/

/*** begin templates/hzgsvd_cpu_engine.c.j2 ***/
/* The CPU engine in long double (the reference engine of hzgsvd_ref.h), real (hzgsvd__ld) and complex (hzgsvd__lz: split real/imaginary planes).
 * The blocked algorithm exactly as the GPU runs it (paper section 3): an outer strategy over pairs
 * of block columns of width w; per pivot block pair the Gram matrices, their Cholesky factors, the
 * pointwise inner sweeps producing Z-hat, its rescaling (section 2.4) and the post-multiplication
 * of the block column pairs of F, G and Z.  The pivot block pairs of a step are independent and
 * run in parallel (OpenMP); every floating-point reduction runs in a fixed order inside one
 * thread, so results are bitwise identical for any thread count.
 *
 * The code is written once over the np planes of split storage (p[v], v < np): what the engine
 * does to a real part it does the same way to an imaginary part (scale, copy, swap, zero).  What
 * complex arithmetic does differently (norms, dots, products, the 2x2 rotations) is in the
 * per-precision loops of hzgsvd_cpu_arith.c.j2 and the 2x2 math, chosen by np below. */

/* Per-thread scratch of one pivot block pair (k = 2w). */
#define hzgsvd__lcpu_ROWS 64               /* rows per chunk of the post-multiplication */
typedef struct hzgsvd__lcpu_scratch {
    hzgsvd__lcpu_planes A, B, H, X, O;     /* k x k: A -> F-hat, B -> G-hat, Z-hat; chunk and product ROWS x k */
} hzgsvd__lcpu_scratch;

/* The per-precision loops by the plane count (a branch the loops' length dwarfs). */
HZGSVD_PRIVATE long double hzgsvd__lcpu_nrm2sq(hzgsvd__lcpu_planes x, int m, int enhanced)
{
    return x.np == 2 ? hzgsvd__lz_nrm2sq(x, m, enhanced) : hzgsvd__ld_nrm2sq(x, m, enhanced);
}

/* d = x^H y (d[0], d[1] complex); enhanced in the odd variants where real. */
HZGSVD_PRIVATE void hzgsvd__lcpu_dot(hzgsvd__lcpu_planes x, hzgsvd__lcpu_planes y, int m, int enhanced, long double d[2])
{
    if (x.np == 2) hzgsvd__lz_dot(x, y, m, d);
    else hzgsvd__ld_dot(x, y, m, enhanced, d);
}

HZGSVD_PRIVATE void hzgsvd__lcpu_axpy(hzgsvd__lcpu_planes x, int neg, const long double s[2], hzgsvd__lcpu_planes y, int n)
{
    if (x.np == 2) hzgsvd__lz_axpy(x, neg, s, y, n);
    else hzgsvd__ld_axpy(x, neg, s, y, n);
}

HZGSVD_PRIVATE void hzgsvd__lcpu_apply(const hzgsvd__lrot *rot, hzgsvd__lcpu_planes a, int k, int p, int q)
{
    if (a.np == 2) hzgsvd__lz_apply(rot, a, k, p, q);
    else hzgsvd__ld_apply(rot, a, k, p, q);
}

/* The 2x2 pivot's transformation from its Gram entries (apq, bpq: complex where np = 2). */
HZGSVD_PRIVATE hzgsvd__lrot hzgsvd__lcpu_rot(int np, long double app, long double aqq, const long double apq[2], long double bpp, long double bqq, const long double bpq[2],
                                 int variant, int sort, long double tol)
{
    return np == 2 ? hzgsvd__lzrot(app, aqq, apq[0], apq[1], bpp, bqq, bpq[0], bpq[1], variant, sort, tol)
                   : hzgsvd__ldrot(app, aqq, apq[0], bpp, bqq, bpq[0], variant, sort, tol);
}

/* |z_e| */
HZGSVD_PRIVATE long double hzgsvd__lcpu_abs(hzgsvd__lcpu_planes z, size_t e) { return z.np == 2 ? hypotl(z.p[0][e], z.p[1][e]) : fabsl(z.p[0][e]); }

/* Loops whose order does not matter (each element on its own): the planes outermost. */
HZGSVD_PRIVATE void hzgsvd__lcpu_scale(hzgsvd__lcpu_planes x, int m, long double s)
{
    for (int v = 0; v < x.np; ++v)
        for (int r = 0; r < m; ++r) x.p[v][r] *= s;
}

HZGSVD_PRIVATE void hzgsvd__lcpu_swap_cols(hzgsvd__lcpu_planes a, int ld, int p, int q, int m)
{
    for (int v = 0; v < a.np; ++v) {
        long double *x = a.p[v];
        for (int r = 0; r < m; ++r) {
            const long double t = x[r + (size_t)p * ld]; x[r + (size_t)p * ld] = x[r + (size_t)q * ld]; x[r + (size_t)q * ld] = t;
        }
    }
}

/* Lower Cholesky factor of the k x k Gram matrix in place (lower triangle read), then turned into
 * the upper factor Y-hat = L^H with the strict lower part zeroed.  Returns -1 or the column whose
 * pivot was not positive. */
HZGSVD_PRIVATE int hzgsvd__lcpu_cholesky(hzgsvd__lcpu_planes a, int k)
{
    const int np = a.np;
    for (int j = 0; j < k; ++j) {
        const long double d = a.p[0][j + (size_t)j * k];
        if (!(d > 0.0) || isinf(d)) return j;
        const long double rs = hzgsvd__lrsqrt_rn(d);
        a.p[0][j + (size_t)j * k] = sqrtl(d);
        for (int v = 1; v < np; ++v) a.p[v][j + (size_t)j * k] = 0.0;
        for (int i = j + 1; i < k; ++i)
            for (int v = 0; v < np; ++v) a.p[v][i + (size_t)j * k] *= rs;
        for (int c = j + 1; c < k; ++c) {       /* A(c:k, c) -= L(c:k, j) conj(L(c, j)) */
            long double l[2];                         /* conj(L(c, j)) */
            for (int v = 0; v < np; ++v) l[v] = v ? -a.p[v][c + (size_t)j * k] : a.p[v][c + (size_t)j * k];
            hzgsvd__lcpu_axpy(hzgsvd__lcpu_at(a, c + (size_t)j * k), 1, l, hzgsvd__lcpu_at(a, c + (size_t)c * k), k - c);
        }
    }
    for (int j = 0; j < k; ++j)                  /* L -> L^H */
        for (int i = j + 1; i < k; ++i)
            for (int v = 0; v < np; ++v) {
                a.p[v][j + (size_t)i * k] = v ? -a.p[v][i + (size_t)j * k] : a.p[v][i + (size_t)j * k];
                a.p[v][i + (size_t)j * k] = 0.0;
            }
    return -1;
}

/* The fallback factor of a pivot block whose Gram matrix Cholesky cannot factor (its scaled
 * condition squared passed 1/u; docs/NUMERICS.md, "Ill-conditioned pivot blocks"): R of the m x k
 * slab Y(:, cols) by modified Gram-Schmidt, into a in the layout of the Cholesky factor (upper,
 * real positive diagonal, strict lower part zero).  MGS's R is the R of Householder QR of [0; Y]
 * (Bjorck and Paige), so it is columnwise backward stable whatever the condition; unlike Householder
 * QR of the slab it keeps exact zeros, so a bordered column never couples with a caller's column.
 * Returns -1, the first column that vanished, or -2 when the m x k copy cannot be allocated (a rare
 * path: the copy is not part of the engine's scratch). */
HZGSVD_PRIVATE int hzgsvd__lcpu_mgs_factor(hzgsvd__lcpu_planes y, int m, const int *cols, int k, hzgsvd__lcpu_planes a)
{
    const int np = y.np;
    long double *buf = (long double *)malloc(sizeof(long double) * np * (size_t)m * k);
    if (!buf) return -2;
    hzgsvd__lcpu_planes w = y;                           /* the copy of the slab */
    for (int v = 0; v < np; ++v) w.p[v] = buf + (size_t)v * m * k;
    for (int v = 0; v < np; ++v) {
        for (size_t e = 0; e < (size_t)k * k; ++e) a.p[v][e] = 0.0;
        for (int c = 0; c < k; ++c)
            for (int r = 0; r < m; ++r) w.p[v][r + (size_t)c * m] = y.p[v][r + (size_t)cols[c] * m];
    }
    int bad = -1;
    for (int j = 0; j < k && bad < 0; ++j) {
        const hzgsvd__lcpu_planes q = hzgsvd__lcpu_at(w, (size_t)j * m);
        const long double nrm = sqrtl(hzgsvd__lcpu_nrm2sq(q, m, 0));
        if (!(nrm > 0.0) || isinf(nrm)) { bad = j; break; }
        a.p[0][j + (size_t)j * k] = nrm;
        for (int v = 0; v < np; ++v)
            for (int r = 0; r < m; ++r) q.p[v][r] /= nrm;
        for (int c = j + 1; c < k; ++c) {       /* r_jc = q_j^H x_c, x_c -= q_j r_jc */
            const hzgsvd__lcpu_planes x = hzgsvd__lcpu_at(w, (size_t)c * m);
            long double s[2];
            hzgsvd__lcpu_dot(q, x, m, 0, s);
            for (int v = 0; v < np; ++v) a.p[v][j + (size_t)c * k] = s[v];
            hzgsvd__lcpu_axpy(q, 1, s, x, m);
        }
    }
    free(buf);
    return bad;
}

/* Outcome of one pivot block pair. */
typedef struct hzgsvd__lcpu_pair_result {
    unsigned long long all, big;
    int fail;                       /* 0; 1 F's pivot block could not be factored (Cholesky, then MGS); 2 G's;
                                     * 3 a 2x2 B-hat not positive definite; 4 no memory for the MGS copy */
    int fail_col;                   /* local column (0..2w-1) where it failed */
    int tiny;                       /* the failed column's squared norm is below 2^(-2 RESOLVE): out of range, not rank */
} hzgsvd__lcpu_pair_result;

/* [Y(:, cols)] <- [Y(:, cols)] * Z-hat, one pass over the rows in chunks (fixed summation order). */
HZGSVD__SPECIALIZE void hzgsvd__lcpu_postmultiply_np(hzgsvd__lcpu_planes y, int m, const int *cols, int k, const hzgsvd__lcpu_scratch *sc, int np)
{
    const int R = hzgsvd__lcpu_ROWS;
    hzgsvd__lcpu_scratch s_ = *sc;
    const hzgsvd__lcpu_scratch *s = &s_;
    y.np = s_.X.np = s_.O.np = s_.H.np = np;
    for (int r0 = 0; r0 < m; r0 += R) {
        const int rows = (m - r0 < R) ? m - r0 : R;
        for (int c = 0; c < k; ++c) {
            const hzgsvd__lcpu_planes src = hzgsvd__lcpu_at(y, (size_t)cols[c] * m + r0);
            for (int v = 0; v < np; ++v)
                for (int r = 0; r < rows; ++r) s->X.p[v][r + c * R] = src.p[v][r];
        }
        for (int c = 0; c < k; ++c) {   /* column c of the product: the k columns of the chunk times Z-hat(:, c) */
            if (np == 2) hzgsvd__lz_combine(s->X, R, hzgsvd__lcpu_at(s->H, (size_t)c * k), k, hzgsvd__lcpu_at(s->O, (size_t)c * R), rows);
            else hzgsvd__ld_combine(s->X, R, hzgsvd__lcpu_at(s->H, (size_t)c * k), k, hzgsvd__lcpu_at(s->O, (size_t)c * R), rows);
        }
        for (int c = 0; c < k; ++c) {
            const hzgsvd__lcpu_planes dst = hzgsvd__lcpu_at(y, (size_t)cols[c] * m + r0);
            for (int v = 0; v < np; ++v)
                for (int r = 0; r < rows; ++r) dst.p[v][r] = s->O.p[v][r + c * R];
        }
    }
}

HZGSVD_PRIVATE void hzgsvd__lcpu_postmultiply(hzgsvd__lcpu_planes y, int m, const int *cols, int k, const hzgsvd__lcpu_scratch *s)
{
    if (y.np == 2) hzgsvd__lcpu_postmultiply_np(y, m, cols, k, s, 2);
    else hzgsvd__lcpu_postmultiply_np(y, m, cols, k, s, 1);
}

/* The triangular factor of the pivot block Y(:, cols) (m rows, ld m) into a: Cholesky of its Gram
 * matrix, or where that breaks down (an ill-conditioned block), MGS of the block's columns.  On
 * failure fills res (fail = which: 1 F, 2 G; 4 no memory for the MGS copy; tiny: the failed
 * column's square underflowed) and returns 1. */
HZGSVD_PRIVATE int hzgsvd__lcpu_factor(hzgsvd__lcpu_planes y, int m, const int *cols, int k, int which, hzgsvd__lcpu_planes a, hzgsvd__lcpu_pair_result *res)
{
    if (y.np == 2) hzgsvd__lz_gram(y, m, cols, k, a);
    else hzgsvd__ld_gram(y, m, cols, k, a);
    int c = hzgsvd__lcpu_cholesky(a, k);
    if (c >= 0) c = hzgsvd__lcpu_mgs_factor(y, m, cols, k, a);
    if (c == -1) return 0;
    if (c == -2) { res->fail = 4; return 1; }
    res->fail = which; res->fail_col = c;
    res->tiny = hzgsvd__lcpu_nrm2sq(hzgsvd__lcpu_at(y, (size_t)cols[c] * m), m, 0) < ldexpl(1.0, -2 * HZGSVD__RANGE_RESOLVE);
    return 1;
}

/* One pivot block pair (np planes, a constant where hzgsvd__lcpu_block_pair calls it): the factors, inner
 * sweeps, rescaled Z-hat, post-multiplication. */
HZGSVD__SPECIALIZE hzgsvd__lcpu_pair_result hzgsvd__lcpu_block_pair_np(const hzgsvd__lcpu_mats *M, const int *cols, int k,
                                                         const int *inner, int inner_steps, int max_inner,
                                                         int variant, int sort, long double tol, const hzgsvd__lcpu_scratch *s, int np)
{
    hzgsvd__lcpu_pair_result res = {0, 0, 0, -1, 0};
    const int enh = HZGSVD__VAR_ENHANCED(variant), resc = HZGSVD__VAR_RESCALE(variant);
    hzgsvd__lcpu_planes Fh = s->A, Gh = s->B, Zh = s->H;            /* F-hat, G-hat, Z-hat */
    Fh.np = Gh.np = Zh.np = np;
    /* Subphases 1 and 2: F-hat, G-hat */
    if (hzgsvd__lcpu_factor(hzgsvd__lcpu_mat(M, 0), M->mf, cols, k, 1, Fh, &res)) return res;
    if (hzgsvd__lcpu_factor(hzgsvd__lcpu_mat(M, 1), M->mg, cols, k, 2, Gh, &res)) return res;

    /* Subphase 3: Z-hat_0 (prescaling by 1/||g-hat_j|| in variants 0, 1, 4, 5), then the sweeps */
    for (int v = 0; v < Zh.np; ++v)
        for (size_t e = 0; e < (size_t)k * k; ++e) Zh.p[v][e] = 0.0;
    for (int j = 0; j < k; ++j) {
        long double zj = 1.0;
        if (!resc) {
            const long double b = hzgsvd__lcpu_nrm2sq(hzgsvd__lcpu_at(Gh, (size_t)j * k), k, enh);
            if (b != 1.0) {
                zj = hzgsvd__lrsqrt_rn(b);
                hzgsvd__lcpu_scale(hzgsvd__lcpu_at(Fh, (size_t)j * k), k, zj);
                hzgsvd__lcpu_scale(hzgsvd__lcpu_at(Gh, (size_t)j * k), k, zj);
            }
        }
        Zh.p[0][j + (size_t)j * k] = zj;
    }
    int moved = 0;                       /* any transformation or swap in the inner sweeps */
    for (int sweep = 0; sweep < max_inner; ++sweep) {
        unsigned long long s_all = 0, s_big = 0;
        for (int step = 0; step < inner_steps; ++step) {
            const int *pq = inner + (size_t)step * k;      /* k/2 pairs */
            for (int pos = 0; pos < k / 2; ++pos) {
                const int p = pq[2 * pos], q = pq[2 * pos + 1];
                const hzgsvd__lcpu_planes fp = hzgsvd__lcpu_at(Fh, (size_t)p * k), fq = hzgsvd__lcpu_at(Fh, (size_t)q * k);
                const hzgsvd__lcpu_planes gp = hzgsvd__lcpu_at(Gh, (size_t)p * k), gq = hzgsvd__lcpu_at(Gh, (size_t)q * k);
                long double apq[2], bpq[2];
                const long double app = hzgsvd__lcpu_nrm2sq(fp, k, enh), aqq = hzgsvd__lcpu_nrm2sq(fq, k, enh);
                hzgsvd__lcpu_dot(fp, fq, k, enh, apq);
                hzgsvd__lcpu_dot(gp, gq, k, enh, bpq);
                const long double bpp = resc ? hzgsvd__lcpu_nrm2sq(gp, k, enh) : 1.0;
                const long double bqq = resc ? hzgsvd__lcpu_nrm2sq(gq, k, enh) : 1.0;
                const hzgsvd__lrot rot = hzgsvd__lcpu_rot(Fh.np, app, aqq, apq, bpp, bqq, bpq, variant, sort, tol);
                if (rot.fail) { res.fail = 3; res.fail_col = p; return res; }
                int swap = rot.swap;
                if (rot.transform) {
                    ++s_all;
                    s_big += (unsigned long long)rot.big;
                    hzgsvd__lcpu_apply(&rot, Fh, k, p, q);
                    hzgsvd__lcpu_apply(&rot, Gh, k, p, q);
                    hzgsvd__lcpu_apply(&rot, Zh, k, p, q);
                    if (Fh.np == 2)         /* complex rotations leave the swap to the new column norms */
                        swap = hzgsvd__lzswap(sort, hzgsvd__lcpu_nrm2sq(fp, k, enh), hzgsvd__lcpu_nrm2sq(fq, k, enh));
                }
                moved |= rot.transform | swap;
                if (swap) {
                    hzgsvd__lcpu_swap_cols(Fh, k, p, q, k);
                    hzgsvd__lcpu_swap_cols(Gh, k, p, q, k);
                    hzgsvd__lcpu_swap_cols(Zh, k, p, q, k);
                }
            }
        }
        if (s_all == 0) break;           /* a sweep with no transformation adds nothing */
        res.all += s_all;
        res.big += s_big;
    }
    /* A pair whose inner sweeps moved nothing is orthogonal to the working accuracy: Z-tilde would
     * only rescale columns by 1 + O(u), which the next visit's prescaling redoes.  Z-tilde = I: F, G
     * and Z are left as they are (as on the GPU, whose update kernel skips such pairs). */
    if (!moved) return res;
    /* Z-tilde = Z-hat Theta: columns scaled so that ||f-hat_j||^2 + ||g-hat_j||^2 = 1 (section 2.4) */
    for (int j = 0; j < k; ++j) {
        const long double t = hzgsvd__lrsqrt_rn(hzgsvd__lcpu_nrm2sq(hzgsvd__lcpu_at(Fh, (size_t)j * k), k, enh) + hzgsvd__lcpu_nrm2sq(hzgsvd__lcpu_at(Gh, (size_t)j * k), k, enh));
        if (t != 1.0) hzgsvd__lcpu_scale(hzgsvd__lcpu_at(Zh, (size_t)j * k), k, t);
    }
    /* Subphase 4: the three post-multiplications */
    hzgsvd__lcpu_postmultiply(hzgsvd__lcpu_mat(M, 0), M->mf, cols, k, s);
    hzgsvd__lcpu_postmultiply(hzgsvd__lcpu_mat(M, 1), M->mg, cols, k, s);
    hzgsvd__lcpu_postmultiply(hzgsvd__lcpu_mat(M, 2), M->nz, cols, k, s);
    return res;
}

HZGSVD_PRIVATE hzgsvd__lcpu_pair_result hzgsvd__lcpu_block_pair(const hzgsvd__lcpu_mats *M, const int *cols, int k,
                                                  const int *inner, int inner_steps, int max_inner,
                                                  int variant, int sort, long double tol, const hzgsvd__lcpu_scratch *s)
{
    return M->np == 2 ? hzgsvd__lcpu_block_pair_np(M, cols, k, inner, inner_steps, max_inner, variant, sort, tol, s, 2)
                      : hzgsvd__lcpu_block_pair_np(M, cols, k, inner, inner_steps, max_inner, variant, sort, tol, s, 1);
}

/* Column norms of the working F and G (the rescale kernel of section 3.4, f = false: Z only). */
HZGSVD_PRIVATE void hzgsvd__lcpu_rescale_z(const hzgsvd__lcpu_mats *M, int enh, int nthreads)
{
    (void)nthreads;
    const long double tol_t = (long double)(M->mf > M->mg ? M->mf : M->mg) * HZGSVD__LU;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(nthreads)
#endif
    for (int j = 0; j < M->nc; ++j) {
        const hzgsvd__lcpu_planes f = hzgsvd__lcpu_col(M, 0, j), g = hzgsvd__lcpu_col(M, 1, j);
        const long double t = hzgsvd__lrsqrt_rn(hzgsvd__lcpu_nrm2sq(f, M->mf, enh) + hzgsvd__lcpu_nrm2sq(g, M->mg, enh));
        if (t != 1.0) hzgsvd__lcpu_scale(hzgsvd__lcpu_col(M, 2, j), M->nz, t);
        /* The block step normalises with the column norms of its factors; where those were off (an
         * ill-conditioned block: |t - 1| up to 45000 u measured) scaling Z alone would break
         * F_work = F Z, and the residual with it.  Then F and G are scaled too; ordinary blocks
         * leave |t - 1| at a few u, below the threshold: bitwise unchanged. */
        if (fabsl(t - 1.0) > tol_t) {
            hzgsvd__lcpu_scale(f, M->mf, t);
            hzgsvd__lcpu_scale(g, M->mg, t);
        }
    }
}

/* Checks on the caller's arrays (np reals an element, interleaved) that need their values: finite
 * entries, no zero column; in the same pass e[j], the exponent (frexp) of the largest |entry| of
 * column j (complex: of either part), for the range plan. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__lcpu_check_values(const long double *Y, int m, int n, int ld, int np, const char *name, int *e, hzgsvd_info *info)
{
    for (int j = 0; j < n; ++j) {
        long double top = 0.0;
        for (int r = 0; r < m; ++r) {
            const long double *y = Y + np * (r + (size_t)j * ld);
            if (!isfinite(y[0]) || !isfinite(y[np - 1]))
                return np == 2 ? hzgsvd__fail(info, HZGSVD_ERR_NOT_FINITE, "%s(%d,%d) = (%g, %g) is not finite", name, r + 1, j + 1, (double)y[0], (double)y[1])
                               : hzgsvd__fail(info, HZGSVD_ERR_NOT_FINITE, "%s(%d,%d) = %g is not finite", name, r + 1, j + 1, (double)y[0]);
            for (int v = 0; v < np; ++v)
                if (fabsl(y[v]) > top) top = fabsl(y[v]);
        }
        if (top == 0.0)
            return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "%s has a zero column (column %d): not of full column rank", name, j + 1);
        (void)frexpl(top, &e[j]);
    }
    return HZGSVD_SUCCESS;
}

/* Column j of the working F and G (first m_f, m_g rows) scaled by the range plan (column shift c). */
HZGSVD_PRIVATE void hzgsvd__lcpu_range_shift(const hzgsvd__lcpu_mats *M, int j, int m_f, int m_g, const hzgsvd__range *rg, int c)
{
    if (!rg->active) return;
    const hzgsvd__lcpu_planes f = hzgsvd__lcpu_col(M, 0, j), g = hzgsvd__lcpu_col(M, 1, j);
    hzgsvd__lcpu_scale_pow2(f, m_f, rg->shift_f + c);
    hzgsvd__lcpu_scale_pow2(g, m_g, rg->shift_g + c);
}

/* Column j of the working F and G (first m_f, m_g rows) scaled by the range plan (column shift c),
 * and its norms nf, ng for the rank test.  Returns 0, or 1 (F) / 2 (G) where that column is below
 * what the engine resolves (hzgsvd__range_fail_input). */
HZGSVD_PRIVATE int hzgsvd__lcpu_range_column(const hzgsvd__lcpu_mats *M, int j, int m_f, int m_g, const hzgsvd__range *rg, int c, long double *nf, long double *ng)
{
    hzgsvd__lcpu_range_shift(M, j, m_f, m_g, rg, c);
    *nf = sqrtl(hzgsvd__lcpu_nrm2sq(hzgsvd__lcpu_col(M, 0, j), m_f, 0));
    *ng = sqrtl(hzgsvd__lcpu_nrm2sq(hzgsvd__lcpu_col(M, 1, j), m_g, 0));
    const long double resolve = ldexpl(1.0, -HZGSVD__RANGE_RESOLVE);
    return *nf < resolve ? 1 : *ng < resolve ? 2 : 0;
}

/* Copy a caller's matrix (complex: interleaved) into a working one (m rows, ld_w >= m; rows m.. stay zero). */
HZGSVD_PRIVATE void hzgsvd__lcpu_load_planes(const long double *Y, int m, int n, int ld, hzgsvd__lcpu_planes w, int ldw)
{
    const int np = w.np;
    for (int j = 0; j < n; ++j)
        for (int r = 0; r < m; ++r)
            for (int v = 0; v < np; ++v) w.p[v][r + (size_t)j * ldw] = Y[np * (r + (size_t)j * ld) + v];
}

/* Write working column jw (first m rows) to the caller's column jc. */
HZGSVD_PRIVATE void hzgsvd__lcpu_store_planes(long double *Y, int ld, int jc, hzgsvd__lcpu_planes w, int ldw, int jw, int m)
{
    const int np = w.np;
    for (int r = 0; r < m; ++r)
        for (int v = 0; v < np; ++v) Y[np * (r + (size_t)jc * ld) + v] = w.p[v][r + (size_t)jw * ldw];
}

/* Numerical rank test after the iteration (docs/NUMERICS.md): ||F z_j|| = sigma_f_j must stay
 * above the rounding level of the column-scaled product, max(m, n) u sum_k |z_kj| ||f_k|| (the same
 * for G).  The measure is invariant under column scaling, as the method is, so graded matrices
 * pass; exactly dependent columns land at the rounding level and fail.  z: working column j
 * (first n rows); nf, ng: the column norms of the (range-scaled) input F', G'.  Returns 0, 1 (F) or 2 (G). */
HZGSVD_PRIVATE int hzgsvd__lcpu_degenerate(hzgsvd__lcpu_planes z, int n, const long double *nf, const long double *ng,
                                    long double sf, long double sg, long double tol_f, long double tol_g)
{
    long double af = 0.0, ag = 0.0;
    for (int k = 0; k < n; ++k) {
        const long double a = hzgsvd__lcpu_abs(z, k);
        af = hzgsvd__lfma(a, nf[k], af);
        ag = hzgsvd__lfma(a, ng[k], ag);
    }
    if (!(sf > tol_f * af)) return 1;
    if (!(sg > tol_g * ag)) return 2;
    return 0;
}

/* Working matrices: one zeroed allocation for F, G and Z, plane after plane (the real parts of all three first). */
HZGSVD_PRIVATE int hzgsvd__lcpu_mats_alloc(hzgsvd__lcpu_mats *M, int mf, int mg, int nz, int nc, int np)
{
    const size_t per_plane = (size_t)mf * nc + (size_t)mg * nc + (size_t)nz * nc;
    long double *dp = (long double *)calloc(np * per_plane, sizeof(long double));
    M->mf = mf; M->mg = mg; M->nz = nz; M->nc = nc; M->np = np;
    M->Fi = M->Gi = M->Zi = NULL;
    if (!dp) return -1;
    M->Fr = dp; M->Gr = M->Fr + (size_t)mf * nc; M->Zr = M->Gr + (size_t)mg * nc;
    if (np == 2) { M->Fi = dp + per_plane; M->Gi = M->Fi + (size_t)mf * nc; M->Zi = M->Gi + (size_t)mg * nc; }
    return 0;
}

HZGSVD_PRIVATE void hzgsvd__lcpu_mats_free(hzgsvd__lcpu_mats *M) { free(M->Fr); M->Fr = NULL; }

/* n = 1 (paper section 2): U = F/||F||, V = G/||G||, Z = 1/sqrtl(||F||^2 + ||G||^2), on the
 * range-scaled columns (col0: the column shift of the plan rg). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__lcpu_gsvd_n1(int np, int m_f, int m_g, long double *F, long double *G, long double *Z,
                                           long double *sigma_f, long double *sigma_g, long double *sigma, int enh,
                                           const hzgsvd__range *rg, int col0, hzgsvd_info *info)
{
    hzgsvd__lcpu_mats M;                    /* the one column of F and G (no Z) */
    if (hzgsvd__lcpu_mats_alloc(&M, m_f, m_g, 0, 1, np) != 0)
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating %zu bytes", sizeof(long double) * np * ((size_t)m_f + (size_t)m_g));
    const hzgsvd__lcpu_planes f = hzgsvd__lcpu_mat(&M, 0), g = hzgsvd__lcpu_mat(&M, 1);
    hzgsvd__lcpu_load_planes(F, m_f, 1, m_f, f, m_f);
    hzgsvd__lcpu_load_planes(G, m_g, 1, m_g, g, m_g);
    hzgsvd__lcpu_range_shift(&M, 0, m_f, m_g, rg, col0);
    const long double nf2 = hzgsvd__lcpu_nrm2sq(f, m_f, enh);
    const long double ng2 = hzgsvd__lcpu_nrm2sq(g, m_g, enh);
    const long double rho = hzgsvd__lrsqrt_rn(nf2 + ng2);
    const long double sf1 = sqrtl(nf2) * rho, sg1 = sqrtl(ng2) * rho, s1 = sqrtl(nf2) * hzgsvd__lrsqrt_rn(ng2);
    if (!isfinite(rho) || !isfinite(s1) || !(sf1 > 0.0) || !(sg1 > 0.0)) {
        hzgsvd__lcpu_mats_free(&M);
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "n = 1: ||F'||^2 = %g, ||G'||^2 = %g out of range after range scaling", (double)nf2, (double)ng2);
    }
    long double sf, sg, s, zm;
    int ze;
    const int out = hzgsvd__lcpu_range_sigma(rg, sf1, sg1, s1, &sf, &sg, &s, &zm, &ze);
    hzgsvd__lcpu_scale(f, m_f, hzgsvd__lrsqrt_rn(nf2));
    hzgsvd__lcpu_scale(g, m_g, hzgsvd__lrsqrt_rn(ng2));
    hzgsvd__lcpu_store_planes(F, m_f, 0, f, m_f, 0, m_f);
    hzgsvd__lcpu_store_planes(G, m_g, 0, g, m_g, 0, m_g);
    Z[0] = rho;
    for (int v = 1; v < np; ++v) Z[v] = 0.0;
    const int zbad = rg->active && hzgsvd__lcpu_range_z_col(Z, 1, &col0, zm, ze, np);
    if (sigma_f) sigma_f[0] = sf;
    if (sigma_g) sigma_g[0] = sg;
    if (sigma) sigma[0] = s;
    hzgsvd__lcpu_mats_free(&M);
    if (info) info->outputs_written = 1;
    if (out || zbad)
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE, "n = 1: %s = %g is outside the double range (2^%d ||F|| / ||G|| with ||F|| / ||G|| = %g)",
                            out ? "sigma" : "Z", (double)(out ? s : Z[0]), rg->shift_g - rg->shift_f, (double)s1);
    return HZGSVD_SUCCESS;
}

/* What one run of the blocked algorithm over nc columns needs besides the matrices: the strategy
 * tables of the block level (over nc / w block columns) and the pointwise level, per-thread scratch,
 * the per-pair results of a step, and the settings. */
typedef struct hzgsvd__lcpu_engine {
    int w, k, nblk, outer_steps, inner_steps, max_inner, variant, enh, sort, nthreads, np;
    long double tol;
    int *outer, *inner;
    hzgsvd__lcpu_scratch *scr;
    hzgsvd__lcpu_pair_result *pres;
    char *mem;
} hzgsvd__lcpu_engine;

HZGSVD_PRIVATE void hzgsvd__lcpu_engine_free(hzgsvd__lcpu_engine *E) { free(E->mem); free(E->scr); E->mem = NULL; E->scr = NULL; }

HZGSVD_PRIVATE hzgsvd_status hzgsvd__lcpu_engine_init(hzgsvd__lcpu_engine *E, int nc, int np, const hzgsvd_options *o, hzgsvd_info *info)
{
    E->w = o->block_width; E->k = 2 * E->w; E->nblk = nc / E->w;
    E->variant = o->variant; E->enh = HZGSVD__VAR_ENHANCED(o->variant); E->sort = o->sort;
    E->max_inner = (o->blocking == HZGSVD_BLOCKING_FB) ? 30 : 1;
    E->tol = hzgsvd__lortho_tol(E->k);
    E->mem = NULL; E->scr = NULL; E->np = np;
#ifdef _OPENMP
    E->nthreads = o->threads > 0 ? o->threads : omp_get_max_threads();
    /* a step has nblk / 2 independent block pairs: more threads only cost scratch (results are
     * the same for every thread count) */
    if (E->nthreads > E->nblk / 2) E->nthreads = E->nblk / 2 > 1 ? E->nblk / 2 : 1;
#else
    E->nthreads = 1;
#endif
    const int k = E->k;
    E->outer_steps = hzgsvd__strategy_nsteps(o->outer, E->nblk);
    E->inner_steps = hzgsvd__strategy_nsteps(o->inner, k);
    if (E->outer_steps < 1 || E->inner_steps < 1)
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "no strategy for %d block columns / order %d", E->nblk, k);
    const size_t n_scr = np * (3 * (size_t)k * k + 2 * (size_t)hzgsvd__lcpu_ROWS * k);
    const size_t bytes = sizeof(long double) * n_scr * (size_t)E->nthreads
                       + sizeof(int) * ((size_t)E->outer_steps * E->nblk + (size_t)E->inner_steps * k + 1)
                       + (sizeof(hzgsvd__lcpu_pair_result) * (size_t)(E->nblk / 2 + 1) + sizeof(long double) - 1) / sizeof(long double) * sizeof(long double);
    E->mem = (char *)calloc(1, bytes);
    E->scr = (hzgsvd__lcpu_scratch *)malloc(sizeof(hzgsvd__lcpu_scratch) * (size_t)E->nthreads);
    if (!E->mem || !E->scr) {
        hzgsvd__lcpu_engine_free(E);
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating %zu bytes of engine scratch", bytes);
    }
    /* the per-pair results first (8-byte aligned), then the reals (aligned for long double), then the ints */
    E->pres = (hzgsvd__lcpu_pair_result *)E->mem;
    long double *dp = (long double *)(E->mem + (sizeof(hzgsvd__lcpu_pair_result) * (size_t)(E->nblk / 2 + 1) + sizeof(long double) - 1) / sizeof(long double) * sizeof(long double));
    for (int t = 0; t < E->nthreads; ++t) {
        hzgsvd__lcpu_scratch *S = &E->scr[t];
        S->A.np = S->B.np = S->H.np = S->X.np = S->O.np = np;
        for (int v = 0; v < np; ++v) {           /* per thread: the real planes, then the imaginary ones */
            S->A.p[v] = dp; dp += (size_t)k * k;
            S->B.p[v] = dp; dp += (size_t)k * k;
            S->H.p[v] = dp; dp += (size_t)k * k;
            S->X.p[v] = dp; dp += (size_t)hzgsvd__lcpu_ROWS * k;
            S->O.p[v] = dp; dp += (size_t)hzgsvd__lcpu_ROWS * k;
        }
    }
    E->outer = (int *)dp;
    E->inner = E->outer + (size_t)E->outer_steps * E->nblk;
    if (hzgsvd__strategy_fill(o->outer, E->nblk, E->outer) != 0 || hzgsvd__inner_table(o->inner, k, E->inner) != 0) {
        hzgsvd__lcpu_engine_free(E);
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "strategy tables for %d block columns / order %d", E->nblk, k);
    }
    return HZGSVD_SUCCESS;
}

/* initFGZ (section 3.3): unit norms of G's columns (variants 0, 1, 4, 5) and Z = the scaling, put in
 * row zrow(j) of local column j: zrow(j) = row0 + j for j < half, row1 + j - half after (the logical
 * column of a stripe, section 4.2; one process: half = nc, row0 = 0).  Z must be zero. */
HZGSVD_PRIVATE void hzgsvd__lcpu_init_fgz(const hzgsvd__lcpu_mats *M, const hzgsvd__lcpu_engine *E, int half, int row0, int row1)
{
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(E->nthreads)
#endif
    for (int j = 0; j < M->nc; ++j) {
        long double zj = 1.0;
        if (!HZGSVD__VAR_RESCALE(E->variant)) {
            zj = hzgsvd__lrsqrt_rn(hzgsvd__lcpu_nrm2sq(hzgsvd__lcpu_col(M, 1, j), M->mg, E->enh));
            if (zj != 1.0) {
                hzgsvd__lcpu_scale(hzgsvd__lcpu_col(M, 0, j), M->mf, zj);
                hzgsvd__lcpu_scale(hzgsvd__lcpu_col(M, 1, j), M->mg, zj);
            }
        }
        const int zrow = j < half ? row0 + j : row1 + j - half;
        M->Zr[(size_t)zrow + (size_t)j * M->nz] = zj;
    }
}

/* One outer (block-level) sweep over the nc columns of M by the block-level table `table` (steps
 * rows of nblk / 2 block pairs; E->outer for a whole sweep).  Adds its transformation counts to
 * *all and *big.  On a pivot failure returns HZGSVD_ERR_RANK_DEFICIENT with a message; gcol (NULL:
 * the identity) maps a local column to the number the message shows. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__lcpu_sweep_table(const hzgsvd__lcpu_mats *M, hzgsvd__lcpu_engine *E, const int *table, int steps, int sweep,
                                               const int *gcol, unsigned long long *all, unsigned long long *big, hzgsvd_info *info)
{
    const int w = E->w, nblk = E->nblk;
    hzgsvd_status st = HZGSVD_SUCCESS;
    for (int step = 0; step < steps && st == HZGSVD_SUCCESS; ++step) {
        const int *pairs = table + (size_t)step * nblk;
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(E->nthreads)
#endif
        for (int pos = 0; pos < nblk / 2; ++pos) {
#ifdef _OPENMP
            const int tid = omp_get_thread_num();
#else
            const int tid = 0;
#endif
            int cols[128];                      /* 2w <= 128 column indices */
            const int P = pairs[2 * pos], Q = pairs[2 * pos + 1];
            for (int c = 0; c < w; ++c) { cols[c] = P * w + c; cols[w + c] = Q * w + c; }
            E->pres[pos] = hzgsvd__lcpu_block_pair(M, cols, E->k, E->inner, E->inner_steps, E->max_inner, E->variant, E->sort, E->tol, &E->scr[tid]);
        }
        for (int pos = 0; pos < nblk / 2; ++pos) {   /* fixed order: the first failure is reported */
            const hzgsvd__lcpu_pair_result *r = &E->pres[pos];
            *all += r->all;
            *big += r->big;
            if (r->fail == 4 && st == HZGSVD_SUCCESS) {
                st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the copy of an ill-conditioned pivot block for its MGS factor (sweep %d)", sweep + 1);
            } else if (r->fail && st == HZGSVD_SUCCESS && r->tiny) {
                const int P = pairs[2 * pos], Q = pairs[2 * pos + 1];
                const int lc = r->fail_col, c = lc < w ? P * w + lc : Q * w + lc - w;
                st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE,
                                  "column %d of %s fell below 2^-%d of the largest columns (sweep %d, block columns %d and %d): "
                                  "the pair's sigma spread over more than the engine resolves (about 1e150)",
                                  (gcol ? gcol[c] : c) + 1, r->fail == 1 ? "F" : "G", HZGSVD__RANGE_RESOLVE, sweep + 1, P, Q);
            } else if (r->fail && st == HZGSVD_SUCCESS) {
                const int P = pairs[2 * pos], Q = pairs[2 * pos + 1];
                const int lc = r->fail_col, c = lc < w ? P * w + lc : Q * w + lc - w;
                st = hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT,
                                  r->fail == 3 ? "G is not of full column rank: a 2x2 pivot of B is not positive definite (sweep %d, block columns %d and %d, column %d)"
                                  : r->fail == 1 ? "F is not of full column rank: a column of a pivot block vanished in its QR factorization (sweep %d, block columns %d and %d, column %d)"
                                                 : "G is not of full column rank: a column of a pivot block vanished in its QR factorization (sweep %d, block columns %d and %d, column %d)",
                                  sweep + 1, P, Q, (gcol ? gcol[c] : c) + 1);
            }
        }
    }
    return st;
}

/* One whole outer sweep (the engine's block-level strategy). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__lcpu_sweep(const hzgsvd__lcpu_mats *M, hzgsvd__lcpu_engine *E, int sweep, const int *gcol,
                                         unsigned long long *all, unsigned long long *big, hzgsvd_info *info)
{
    return hzgsvd__lcpu_sweep_table(M, E, E->outer, E->outer_steps, sweep, gcol, all, big, info);
}

/* Final rescale (section 3.4, f = true) of the nc columns: U, V, Sigma_F, Sigma_G, Sigma and Z.
 * Returns the first degenerate column or -1. */
HZGSVD_PRIVATE int hzgsvd__lcpu_final_rescale(const hzgsvd__lcpu_mats *M, const hzgsvd__lcpu_engine *E, long double *sf, long double *sg, long double *ss)
{
    int bad = -1;
    const int enh = E->enh;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(E->nthreads)
#endif
    for (int j = 0; j < M->nc; ++j) {
        const hzgsvd__lcpu_planes f = hzgsvd__lcpu_col(M, 0, j), g = hzgsvd__lcpu_col(M, 1, j), z = hzgsvd__lcpu_col(M, 2, j);
        const long double nf2 = hzgsvd__lcpu_nrm2sq(f, M->mf, enh);
        const long double ng2 = hzgsvd__lcpu_nrm2sq(g, M->mg, enh);
        const long double rho = hzgsvd__lrsqrt_rn(nf2 + ng2);
        const long double rf = hzgsvd__lrsqrt_rn(nf2), rg = hzgsvd__lrsqrt_rn(ng2);
        sf[j] = sqrtl(nf2) * rho;
        sg[j] = sqrtl(ng2) * rho;
        ss[j] = sqrtl(nf2) * rg;
        if (rf != 1.0) hzgsvd__lcpu_scale(f, M->mf, rf);
        if (rg != 1.0) hzgsvd__lcpu_scale(g, M->mg, rg);
        if (rho != 1.0) hzgsvd__lcpu_scale(z, M->nz, rho);
        if (!(sf[j] > 0.0) || !(sg[j] > 0.0) || !isfinite(ss[j]) || !isfinite(rf) || !isfinite(rg) || !isfinite(rho)) {
#ifdef _OPENMP
#pragma omp critical(hzgsvd__lcpu_bad)
#endif
            { if (bad < 0 || j < bad) bad = j; }
        }
    }
    return bad;
}

/* Whether column j of Z (nz rows) is one of the caller's: no entry in the bordered rows n.. (exact
 * zeros: a bordered column never mixes with a real one). */
HZGSVD_PRIVATE int hzgsvd__lcpu_real_column(const hzgsvd__lcpu_mats *M, int j, int n)
{
    const hzgsvd__lcpu_planes z = hzgsvd__lcpu_col(M, 2, j);
    for (int r = n; r < M->nz; ++r)
        for (int v = 0; v < z.np; ++v)
            if (z.p[v][r] != 0.0) return 0;
    return 1;
}

/* The rank test of every output column (docs/NUMERICS.md); order[c] = working column of output c.
 * Returns 0, 1 (F) or 2 (G) and the first failing output column in *col. */
HZGSVD_PRIVATE int hzgsvd__lcpu_rank_test(const hzgsvd__lcpu_mats *M, const int *order, int cnt, int n, int m_f, int m_g,
                                   const long double *nf, const long double *ng, const long double *sf, const long double *sg, int *col)
{
    for (int c = 0; c < cnt; ++c) {
        const int j = order[c];
        const int d = hzgsvd__lcpu_degenerate(hzgsvd__lcpu_col(M, 2, j), n, nf, ng, sf[j], sg[j],
                                       (long double)(m_f > n ? m_f : n) * HZGSVD__LU, (long double)(m_g > n ? m_g : n) * HZGSVD__LU);
        if (d) { *col = c; return d; }
    }
    return 0;
}

/* Stable descending order of sigma over the selected columns: hzgsvd__sort_desc of the shared
 * host code, in long double (rounding sigma to double first could tie distinct values). */
HZGSVD_PRIVATE void hzgsvd__lcpu_sort_desc(const long double *sigma, int *idx, int n)
{
    for (int i = 1; i < n; ++i) {
        const int k = idx[i];
        int j = i - 1;
        while (j >= 0 && sigma[idx[j]] < sigma[k]) { idx[j + 1] = idx[j]; --j; }
        idx[j + 1] = k;
    }
}

/* One run's working state: the bordered copies, the engine, and per column the sigmas, the input
 * norms (the rank test), the exponents and shifts of the range plan, the output order. */
typedef struct hzgsvd__lcpu_run {
    hzgsvd__lcpu_mats M;
    hzgsvd__lcpu_engine E;
    long double *sig, *sf, *sg, *ss, *nf, *ng;
    int *ints, *ef, *eg, *col, *order;
    hzgsvd__range rg;
    int nb, converged;
    /* the caller's pair and outputs, for the end stages */
    int m_f, m_g, n, ldf, ldg, ldz;
    long double *F, *G, *Z, *sigma_f, *sigma_g, *sigma;
    const hzgsvd_options *o;
    hzgsvd__on_deficient mode;      /* what a failing rank test does (the front door's runs can reroute) */
} hzgsvd__lcpu_run;

HZGSVD_PRIVATE void hzgsvd__lcpu_run_free(hzgsvd__lcpu_run *R)
{
    free(R->sig); free(R->ints);
    hzgsvd__lcpu_mats_free(&R->M); hzgsvd__lcpu_engine_free(&R->E);
}

/* Load and scale into range (nf, ng: the columns' norms after it). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__lcpu_run_load(hzgsvd__lcpu_run *R, hzgsvd_info *info)
{
    hzgsvd__lcpu_mats *M = &R->M;
    hzgsvd__lcpu_load_planes(R->F, R->m_f, R->n, R->ldf, hzgsvd__lcpu_mat(M, 0), M->mf);
    hzgsvd__lcpu_load_planes(R->G, R->m_g, R->n, R->ldg, hzgsvd__lcpu_mat(M, 1), M->mg);
    for (int j = 0; j < R->n; ++j) {
        const int low = hzgsvd__lcpu_range_column(M, j, R->m_f, R->m_g, &R->rg, R->col[j], &R->nf[j], &R->ng[j]);
        if (low) return hzgsvd__range_fail_input(info, j + 1, low == 1 ? "F" : "G");
    }
    return HZGSVD_SUCCESS;
}

/* Load, scale into range, the preconditioned start (double engine; o: its options), border (unit
 * diagonal in the added rows and columns, section 3.1), initFGZ (3.3); returns whether Z started at
 * Z0 (*kind its kind, NONE where plain). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__lcpu_run_start(hzgsvd__lcpu_run *R, const hzgsvd_options *o, int *kind, hzgsvd_info *info)
{
    const int m_f = R->m_f, m_g = R->m_g, n = R->n, nb = R->nb, extra = nb - n;
    hzgsvd__lcpu_mats *M = &R->M;
    hzgsvd_status st = hzgsvd__lcpu_run_load(R, info);
    *kind = HZGSVD_PRECONDITION_NONE;
    if (st != HZGSVD_SUCCESS) return st;
    (void)o;
    for (int j = 0; j < extra; ++j) {
        M->Fr[(size_t)(m_f + j) + (size_t)(n + j) * M->mf] = 1.0;
        M->Gr[(size_t)(m_g + j) + (size_t)(n + j) * M->mg] = 1.0;
    }
    hzgsvd__lcpu_init_fgz(M, &R->E, nb, 0, 0);
    return HZGSVD_SUCCESS;
}

/* Algorithm 1 from a start of kind (run_start): sweeps until one applies no big transformation,
 * the budget (options.max_sweeps less *done, the sweeps before), an error or the cancel flag, or
 * until a QR_EIG start gives way (*gave_way; hzgsvd__start_gives_way).  *done: the sweeps so far. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__lcpu_run_sweeps(hzgsvd__lcpu_run *R, int kind, int *done, int *gave_way, hzgsvd_info *info, double t0)
{
    const hzgsvd_options *o = R->o;
    const int base = *done, budget = o->max_sweeps - base, enh = HZGSVD__VAR_ENHANCED(o->variant);
    const int preconditioned = kind != HZGSVD_PRECONDITION_NONE;   /* for the stop rule (hzgsvd__sweep_converged) */
    hzgsvd_status st = HZGSVD_SUCCESS;
    *gave_way = 0;
    for (int sweep = 0; sweep < budget && st == HZGSVD_SUCCESS; ++sweep) {
        unsigned long long sw_all = 0, sw_big = 0;
        st = hzgsvd__lcpu_sweep(&R->M, &R->E, base + sweep, NULL, &sw_all, &sw_big, info);
        *done = base + sweep + 1;
        if (info) { info->sweeps = *done; info->all += sw_all; info->big += sw_big; }
        const int cancel = hzgsvd__sweep_done(o, *done, sw_big, sw_all, t0, 1);
        if (st != HZGSVD_SUCCESS) break;
        if (hzgsvd__sweep_converged(sweep, sw_big, sw_all, preconditioned)) { R->converged = 1; break; }
        if (cancel) { st = hzgsvd__cancelled(info, *done); break; }
        if (hzgsvd__start_gives_way(kind, sweep, budget)) { *gave_way = 1; break; }
        hzgsvd__lcpu_rescale_z(&R->M, enh, R->E.nthreads);
    }
    return st;
}

/* The run's start and sweeps; a QR_EIG start that gives way is replaced by QR_SVD's, from the input
 * pair again (both stages' seconds in info, the note saying why). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__lcpu_run_iterate(hzgsvd__lcpu_run *R, hzgsvd_info *info, double t0)
{
    int kind, done = 0, gave_way = 0;
    hzgsvd_status st = hzgsvd__lcpu_run_start(R, R->o, &kind, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__lcpu_run_sweeps(R, kind, &done, &gave_way, info, t0);
    if (st == HZGSVD_SUCCESS && gave_way) {
        hzgsvd_options o = *R->o;
        const double eig_seconds = info ? info->precondition_seconds : 0.0;
        o.precondition = HZGSVD_PRECONDITION_QR_SVD;
        st = hzgsvd__lcpu_run_start(R, &o, &kind, info);
        hzgsvd__pre_gave_way(info, eig_seconds);
        if (st == HZGSVD_SUCCESS) st = hzgsvd__lcpu_run_sweeps(R, kind, &done, &gave_way, info, t0);
    }
    return st;
}

/* The end of the run as hooks of the one epilogue (hzgsvd__finish, templates/hzgsvd_finish.c). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__lcpu_end_rescale(void *run, hzgsvd_info *info)
{
    hzgsvd__lcpu_run *R = (hzgsvd__lcpu_run *)run;
    const int bad = hzgsvd__lcpu_final_rescale(&R->M, &R->E, R->sf, R->sg, R->ss);
    if (bad >= 0)
        return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "column %d of the result is degenerate (sigma_f = %g, sigma_g = %g): F or G is not of full column rank",
                            bad + 1, (double)R->sf[bad], (double)R->sg[bad]);
    return HZGSVD_SUCCESS;
}

/* The caller's columns are those free of bordering (sorting may have moved them); sigma refined
 * from the input before sorting: the order follows the refined sigma. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__lcpu_end_order(void *run, hzgsvd_info *info)
{
    hzgsvd__lcpu_run *R = (hzgsvd__lcpu_run *)run;
    const hzgsvd__lcpu_mats *M = &R->M;
    const int n = R->n;
    int cnt = 0;
    for (int j = 0; j < R->nb; ++j)
        if (hzgsvd__lcpu_real_column(M, j, n)) { if (cnt < n) R->order[cnt] = j; ++cnt; }
    if (cnt != n) return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "%d result columns free of bordering, expected %d", cnt, n);
    if (R->o->sort) hzgsvd__lcpu_sort_desc(R->ss, R->order, n);
    return HZGSVD_SUCCESS;
}

/* The rank test on the scaled pair (its measure is invariant under the scaling), and the first
 * column whose Sigma' is below what the engine resolves. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__lcpu_end_rank_test(void *run, hzgsvd__outcome *out, hzgsvd_info *info)
{
    hzgsvd__lcpu_run *R = (hzgsvd__lcpu_run *)run;
    const long double resolve = ldexpl(1.0, -HZGSVD__RANGE_RESOLVE);
    (void)info;
    for (int c = 0; c < R->n && out->unresolved_col < 0; ++c)
        if (R->sf[R->order[c]] < resolve || R->sg[R->order[c]] < resolve) out->unresolved_col = c;
    out->degenerate = hzgsvd__lcpu_rank_test(&R->M, R->order, R->n, R->n, R->m_f, R->m_g, R->nf, R->ng, R->sf, R->sg, &out->degenerate_col);
    return HZGSVD_SUCCESS;
}

/* The caller's arrays in the output order, the sigmas of the original pair (range plan undone). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__lcpu_end_store(void *run, hzgsvd__outcome *out, hzgsvd_info *info)
{
    hzgsvd__lcpu_run *R = (hzgsvd__lcpu_run *)run;
    const hzgsvd__lcpu_mats *M = &R->M;
    const int n = R->n;
    (void)info;
    for (int c = 0; c < n; ++c) {
        const int j = R->order[c];
        long double sfo, sgo, sso, zm;
        int ze;
        int bad_c = hzgsvd__lcpu_range_sigma(&R->rg, R->sf[j], R->sg[j], R->ss[j], &sfo, &sgo, &sso, &zm, &ze);
        hzgsvd__lcpu_store_planes(R->F, R->ldf, c, hzgsvd__lcpu_mat(M, 0), M->mf, j, R->m_f);
        hzgsvd__lcpu_store_planes(R->G, R->ldg, c, hzgsvd__lcpu_mat(M, 1), M->mg, j, R->m_g);
        hzgsvd__lcpu_store_planes(R->Z, R->ldz, c, hzgsvd__lcpu_mat(M, 2), R->nb, j, n);
        if (R->rg.active) bad_c |= hzgsvd__lcpu_range_z_col(R->Z + M->np * (size_t)c * R->ldz, n, R->col, zm, ze, M->np);
        if (bad_c && out->range_col < 0) out->range_col = c;
        if (R->sigma_f) R->sigma_f[c] = sfo;
        if (R->sigma_g) R->sigma_g[c] = sgo;
        if (R->sigma) R->sigma[c] = sso;
    }
    if (out->range_col >= 0) {
        const int c = out->range_col;
        out->range_values = 1;
        out->range_sigma[0] = (double)(R->sigma ? R->sigma[c] : 0.0);
        out->range_sigma[1] = (double)(R->sigma_f ? R->sigma_f[c] : 0.0);
        out->range_sigma[2] = (double)(R->sigma_g ? R->sigma_g[c] : 0.0);
    }
    return HZGSVD_SUCCESS;
}

/* After the sweeps: the one epilogue over the hooks above (REROUTE: U and V checked, nothing
 * written on a failing rank test). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__lcpu_run_finish(hzgsvd__lcpu_run *R, hzgsvd_info *info, hzgsvd__on_deficient mode)
{
    static const hzgsvd__finish_ops ops = {hzgsvd__lcpu_end_rescale, hzgsvd__lcpu_end_order, hzgsvd__lcpu_end_rank_test, NULL,
                                           hzgsvd__lcpu_end_store};
    return hzgsvd__finish(&ops, R, mode, R->converged, R->o->max_sweeps, "sweep", info);
}

/* The whole run on validated arguments: the value checks and the range plan (hzgsvd__range) from
 * the exponents they find, n = 1 apart, then the iteration and its end.  mode: what a failing final
 * rank test does (hzgsvd__on_deficient; REROUTE also checks U and V and returns before any output
 * is written).  np: 1 real, 2 complex (interleaved arrays). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__lcpu_gsvd(int np, int m_f, int m_g, int n, long double *F, int ldf, long double *G, int ldg,
                                        long double *Z, int ldz, long double *sigma_f, long double *sigma_g, long double *sigma,
                                        const hzgsvd_options *o, hzgsvd_info *info, double t0, hzgsvd__on_deficient mode)
{
    hzgsvd__lcpu_run R;
    memset(&R, 0, sizeof R);   /* every pointer NULL: hzgsvd__lcpu_run_free on any path */
    R.ints = (int *)malloc(sizeof(int) * 4 * (size_t)n);
    if (!R.ints) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating %zu bytes", sizeof(int) * 4 * (size_t)n);
    R.ef = R.ints; R.eg = R.ints + n; R.col = R.ints + 2 * (size_t)n; R.order = R.ints + 3 * (size_t)n;
    hzgsvd_status st = hzgsvd__lcpu_check_values(F, m_f, n, ldf, np, "F", R.ef, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__lcpu_check_values(G, m_g, n, ldg, np, "G", R.eg, info);
    if (st != HZGSVD_SUCCESS) { free(R.ints); return st; }
    int part[3] = {0, INT_MIN, INT_MIN};
    hzgsvd__range_columns(n, R.ef, R.eg, R.col, part);
    R.rg = hzgsvd__range_plan(part);
    if (n == 1) {
        if (info) { info->n_bordered = 1; info->block_width = o->block_width; }
        st = hzgsvd__lcpu_gsvd_n1(np, m_f, m_g, F, G, Z, sigma_f, sigma_g, sigma, HZGSVD__VAR_ENHANCED(o->variant), &R.rg, R.col[0], info);
        free(R.ints);
        return st;
    }
    R.nb = hzgsvd__bordered_n(n, o->block_width);
    const int extra = R.nb - n;
    if (info) { info->n_bordered = R.nb; info->block_width = o->block_width; }
    /* sf, sg, ss of the nb working columns; nf, ng the column norms of F' and G' (the rank test) */
    R.sig = (long double *)malloc(sizeof(long double) * (3 * (size_t)R.nb + 2 * (size_t)n));
    if (!R.sig || hzgsvd__lcpu_mats_alloc(&R.M, m_f + extra, m_g + extra, R.nb, R.nb, np) != 0) {
        hzgsvd__lcpu_run_free(&R);
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the working copies of F, G and Z (n = %d after bordering)", R.nb);
    }
    R.sf = R.sig; R.sg = R.sig + R.nb; R.ss = R.sig + 2 * (size_t)R.nb; R.nf = R.sig + 3 * (size_t)R.nb; R.ng = R.nf + n;
    R.m_f = m_f; R.m_g = m_g; R.n = n; R.F = F; R.ldf = ldf; R.G = G; R.ldg = ldg; R.Z = Z; R.ldz = ldz;
    R.sigma_f = sigma_f; R.sigma_g = sigma_g; R.sigma = sigma; R.o = o; R.mode = mode;
    st = hzgsvd__lcpu_engine_init(&R.E, R.nb, np, o, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__lcpu_run_iterate(&R, info, t0);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__lcpu_run_finish(&R, info, mode);
    hzgsvd__lcpu_run_free(&R);
    return st;
}
/*** end templates/hzgsvd_cpu_engine.c.j2 ***/

/*** begin templates/hzgsvd_cpu_api.c.j2 ***/
/* The public entry points of the reference engine (hzgsvd_ref.h): the CPU engine's entry points
 * with long double arrays (full-rank pairs only). */
HZGSVD_API hzgsvd_status hzgsvd_ref_dgsvd(int m_f, int m_g, int n,
                                                long double *F, int ldf, long double *G, int ldg, long double *Z, int ldz,
                                                long double *sigma_f, long double *sigma_g, long double *sigma,
                                                const hzgsvd_options *opt, hzgsvd_info *info)
{
    const double t0 = hzgsvd__now();
    const hzgsvd_options o = hzgsvd__with_width(opt, HZGSVD__CPU_BLOCK_WIDTH);
    hzgsvd__info_reset(info);
    hzgsvd_status st = hzgsvd__check_args(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, &o, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__no_preconditioner(&o, "reference", info);
    if (st == HZGSVD_SUCCESS && info) info->rank_l = n;
    if (st == HZGSVD_SUCCESS)
        st = hzgsvd__lcpu_gsvd(1, m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, &o, info, t0, HZGSVD__DEFICIENT_REPORT);
    hzgsvd__info_close(info, st, n, t0);
    return st;
}

HZGSVD_API hzgsvd_status hzgsvd_ref_zgsvd(int m_f, int m_g, int n,
                                                long double *F, int ldf, long double *G, int ldg, long double *Z, int ldz,
                                                long double *sigma_f, long double *sigma_g, long double *sigma,
                                                const hzgsvd_options *opt, hzgsvd_info *info)
{
    const double t0 = hzgsvd__now();
    const hzgsvd_options o = hzgsvd__with_width(opt, HZGSVD__CPU_BLOCK_WIDTH);
    hzgsvd__info_reset(info);
    hzgsvd_status st = hzgsvd__check_args(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, &o, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__no_preconditioner(&o, "reference", info);
    if (st == HZGSVD_SUCCESS && info) info->rank_l = n;
    if (st == HZGSVD_SUCCESS)
        st = hzgsvd__lcpu_gsvd(2, m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, &o, info, t0, HZGSVD__DEFICIENT_REPORT);
    hzgsvd__info_close(info, st, n, t0);
    return st;
}

/*** end templates/hzgsvd_cpu_api.c.j2 ***/

#endif /* HZGSVD_GENERATED_HZGSVD_REF_IMPL_H */
