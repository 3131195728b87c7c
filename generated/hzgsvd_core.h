/* ================================================================================================
 * hzgsvd_core.h -- GENERATED FILE, DO NOT EDIT.
 * Generated from: templates/hzgsvd_batched_pair.h, templates/hzgsvd_batched_start.h, templates/hzgsvd_math.h.j2, templates/hzgsvd_sigma_refine.h, templates/hzgsvd_strategy.h.j2
 * Regenerate with: make generate   (= python3 generator/gen.py)
 * What it is: Shared core: the contract (the hand-written ../hzgsvd.h: version, linkage, statuses, options), the one definition of the 2x2 Hari-Zimmermann math, rsqrt_rn, enhanced dots, and the Jacobi strategies (baked inner tables + run-time C).
 * How to compile: Included by hzgsvd_cpu.h, hzgsvd_single.cuh and hzgsvd_mpi.h; compiles as C99, C++ and CUDA.
 * ================================================================================================ */
#ifndef HZGSVD_GENERATED_HZGSVD_CORE_H
#define HZGSVD_GENERATED_HZGSVD_CORE_H
#include "../hzgsvd.h"

/*** begin generator/gen.py: source lines ***/
/* #line around the plain sources of templates/: where HZGSVD_SOURCE_LINES is defined (a compile in
 * the checkout's root, as the Makefile's) it names them; elsewhere it restates this file's own name
 * and numbering (nvcc lists a named file among the dependencies, and templates/ is not installed). */
#ifdef HZGSVD_SOURCE_LINES
#define HZGSVD__SRC_LINE(source, generated) source
#define HZGSVD__SRC_FILE(path) path
#else
#define HZGSVD__SRC_LINE(source, generated) generated
#define HZGSVD__SRC_FILE(path) __FILE__
#endif
/*** end generator/gen.py: source lines ***/

/*** begin templates/hzgsvd_math.h.j2 ***/
/* The one definition of the per-pair mathematics, shared by the CPU engine and the GPU kernels:
 * the correctly rounded rsqrt, the enhanced products of the paper's App. A, the complex FMA of
 * its section 3.2.1, and the real and complex 2x2 Hari-Zimmermann transformations (section 2.1)
 * with the relative-orthogonality test, the big/small classification (C1/C2) and the sorting
 * decision.  Everything here is HZGSVD_HD static inline, so it compiles as C99, C++ and CUDA. */
#include <math.h>
#include <string.h>

/* Host+device qualification of the shared math (one definition for the CPU and the GPU). */
#ifdef __CUDACC__
#define HZGSVD_HD __host__ __device__
#else
#define HZGSVD_HD
#endif

#ifndef INFINITY
#define INFINITY (1.0 / 0.0)
#endif

#define HZGSVD__U        0x1p-53                   /* unit roundoff of double */
#define HZGSVD__SQRT_U   0x1.6a09e667f3bcdp-27     /* sqrt(u) = 1.05367121277235087e-8 */
#define HZGSVD__RSQRT2   0x1.6a09e667f3bcdp-1      /* 1/sqrt(2), correctly rounded */

/* ---- correctly rounded 1/sqrt(a) -------------------------------------------------------------
 * Reduce a to m in [0.5, 2) times an even power of two, take a seed (CUDA's rsqrt on the device,
 * 1/sqrt on the host: either is within a few ulps), then one corrected Newton step whose
 * residual 1 - m*y0^2 is formed exactly with two FMAs.  The result does not depend on which
 * seed was used (test/test_math.c checks it against quad precision), so the CPU engine and the
 * GPU kernels agree bitwise.  Specials: +-0 -> +-inf, +inf -> +0, a < 0 or NaN -> NaN. */
HZGSVD_HD static inline double hzgsvd__rsqrt_rn(double a)
{
    if (!(a > 0.0)) {
        if (a != a) return a;                         /* NaN stays NaN */
        if (a == 0.0) return copysign(INFINITY, a);
        return NAN;                                   /* a < 0 */
    }
    if (isinf(a)) return 0.0;
    int e;
    double m = frexp(a, &e);        /* a = m * 2^e, m in [0.5, 1); handles subnormal a */
    if (e & 1) { m *= 2.0; e -= 1; } /* m in [0.5, 2), e even */
#ifdef __CUDA_ARCH__
    const double y0 = rsqrt(m);
#else
    const double y0 = 1.0 / sqrt(m);
#endif
    const double h = y0 * y0;
    const double l = fma(y0, y0, -h);                 /* y0^2 = h + l exactly */
    const double r = fma(l, -m, fma(h, -m, 1.0));     /* 1 - m*y0^2 */
    const double y = fma(fma(0.375, r, 0.5), r * y0, y0);
    return ldexp(y, -e / 2);
}

/* ---- products for the enhanced dot products (App. A) ------------------------------------------
 * c = RD(a*b) and d = a*b - c >= 0 exactly.  The host has no per-operation rounding modes, so it
 * derives RD from the RN product and its exact error; the result is the same value. */
HZGSVD_HD static inline void hzgsvd__mul_rd_err(double a, double b, double *c, double *d)
{
#ifdef __CUDA_ARCH__
    *c = __dmul_rd(a, b);
#else
    double p = a * b;
    if (p == INFINITY && isfinite(a) && isfinite(b)) {
        p = 0x1.fffffffffffffp+1023;  /* a positive overflow rounds down to the largest double */
    } else if (signbit(fma(a, b, -p))) {
        /* the exact product is below p (a negative residual, possibly rounded to -0 when it is
         * subnormal; an exact product leaves +0): step p one ulp down */
        if (p == 0.0) {
            p = -0x1p-1074;
        } else if (isfinite(p)) {
            uint64_t bits;
            memcpy(&bits, &p, sizeof bits);
            bits = (p > 0.0) ? bits - 1u : bits + 1u;
            memcpy(&p, &bits, sizeof p);
        }
    }
    *c = p;
#endif
    *d = fma(a, b, -*c);
}

/* z = a*b + c, complex, 2 roundings per part (paper section 3.2.1). */
HZGSVD_HD static inline void hzgsvd__zfma(double ar, double ai, double br, double bi,
                                          double cr, double ci, double *zr, double *zi)
{
    *zr = fma(ar, br, fma(-ai, bi, cr));
    *zi = fma(ar, bi, fma(ai, br, ci));
}

/* ---- one 2x2 transformation --------------------------------------------------------------------
 * Z-hat (the transformation of a pivot pair, D-hat included) and what to do with it.  The
 * diagonal of Z-hat is real in both the real and the complex case. */
typedef struct hzgsvd__rot {
    double z11, z22;          /* real diagonal */
    double z12r, z12i;        /* off-diagonal (imaginary parts are 0 for real pairs) */
    double z21r, z21i;
    int transform;            /* 1: the pair is not relatively orthogonal: apply Z-hat */
    int big;                  /* 1: a big transformation (criterion C1 or C2 says not small) */
    int swap;                 /* real pairs, or skipped pairs: swap the columns afterwards */
    int fail;                 /* 1: B-hat is not positive definite (|b_pq| >= 1 after scaling): G is rank deficient */
} hzgsvd__rot;

/* Flags of a variant (paper Table 1). */
#define HZGSVD__VAR_ENHANCED(v) (((v) & 1) != 0)  /* enhanced dot products */
#define HZGSVD__VAR_RESCALE(v)  (((v) & 2) != 0)  /* Z-hat' with per-step D-hat (F, G not prescaled) */
#define HZGSVD__VAR_C2(v)       (((v) & 4) != 0)  /* convergence criterion C2 instead of C1 */

/* Relative-orthogonality tolerance of a pivot block of order 2w: sqrt(2w) * u. */
HZGSVD_HD static inline double hzgsvd__ortho_tol(int two_w)
{
    return sqrt((double)two_w) * HZGSVD__U;
}

HZGSVD_HD static inline hzgsvd__rot hzgsvd__rot_identity(void)
{
    hzgsvd__rot r;
    r.z11 = 1.0; r.z22 = 1.0;
    r.z12r = 0.0; r.z12i = 0.0; r.z21r = 0.0; r.z21i = 0.0;
    r.transform = 0; r.big = 0; r.swap = 0; r.fail = 0;
    return r;
}

/* Per-step scaling by D-hat (variants 2, 3, 6, 7): A-hat' = D A-hat D, B-hat' = D B-hat D with
 * D = diag(bpp^-1/2, bqq^-1/2); a factor equal to 1 is skipped (it would change nothing). */
HZGSVD_HD static inline void hzgsvd__dhat(double *app, double *aqq, double *apqr, double *apqi,
                                          double bpp, double bqq, double *bpqr, double *bpqi,
                                          double *dp, double *dq)
{
    *dp = 1.0; *dq = 1.0;
    if (bpp != 1.0) {
        *app /= bpp; *dp = hzgsvd__rsqrt_rn(bpp);
        *apqr *= *dp; *apqi *= *dp; *bpqr *= *dp; *bpqi *= *dp;
    }
    if (bqq != 1.0) {
        *aqq /= bqq; *dq = hzgsvd__rsqrt_rn(bqq);
        *apqr *= *dq; *apqi *= *dq; *bpqr *= *dq; *bpqi *= *dq;
    }
}

/* Apply D-hat to the rows of Z-hat' (row 1 times dp, row 2 times dq). */
HZGSVD_HD static inline void hzgsvd__rot_rows(hzgsvd__rot *r, double dp, double dq)
{
    if (dp != 1.0) { r->z11 *= dp; r->z12r *= dp; r->z12i *= dp; }
    if (dq != 1.0) { r->z21r *= dq; r->z21i *= dq; r->z22 *= dq; }
}

/* Real pair (paper section 2.1.2).  Inputs: app = ||f_p||^2, aqq = ||f_q||^2, apq = f_p'f_q and
 * the same of G; variant selects D-hat and the criterion; tol from hzgsvd__ortho_tol. */
HZGSVD_HD static inline hzgsvd__rot hzgsvd__drot(double app, double aqq, double apq,
                                                 double bpp, double bqq, double bpq,
                                                 int variant, int sort, double tol)
{
    hzgsvd__rot r = hzgsvd__rot_identity();
    double dp = 1.0, dq = 1.0, zero_i = 0.0, zero_j = 0.0;
    if (HZGSVD__VAR_RESCALE(variant))
        hzgsvd__dhat(&app, &aqq, &apq, &zero_i, bpp, bqq, &bpq, &zero_j, &dp, &dq);

    /* Relatively orthogonal (NaN compares false, so it is transformed and then caught): only the
     * sorting permutation may apply. */
    if (fabs(bpq) < tol && fabs(apq) < (sqrt(app) * sqrt(aqq)) * tol) {
        r.swap = sort && (app < aqq);
        return r;
    }
    r.transform = 1;
    const double x = bpq;
    if (!(fabs(x) < 1.0)) { r.fail = 1; return r; }

    const double h = aqq - app;
    const double v = fma(x, -(app + aqq), 2.0 * apq);   /* 2 a_pq - x (a_pp + a_qq) */
    double z11, z12, z21, z22;
    double c11, c12, c21, c22;      /* Z-hat' up to a positive common factor: for the sorting decision */
    int small = 0;
    if (h == 0.0 && v == 0.0) {
        /* The exception: A-hat and B-hat proportional.  Mathematically right for either sign
         * of x (the authors' code uses |x| in both rows, which leaves diag(B-hat) != I for x < 0). */
        const double ax = fabs(x), e = copysign(1.0, x);
        const double s1 = HZGSVD__RSQRT2 * hzgsvd__rsqrt_rn(1.0 + ax);
        const double s2 = HZGSVD__RSQRT2 * hzgsvd__rsqrt_rn(1.0 - ax);
        z11 = s1; z12 = -e * s2; z21 = e * s1; z22 = s2;
        c11 = z11; c12 = z12; c21 = z21; c22 = z22;
    } else {
        const double sp = sqrt(1.0 + x), sm = sqrt(1.0 - x);
        const double xi = x / (sp + sm);
        const double eta = x / ((1.0 + sp) * (1.0 + sm));
        double f, kappa;                          /* f = 1/t, kappa = cot(2 theta) = t h / v */
        if (fabs(x) < HZGSVD__SQRT_U) { f = 1.0; kappa = h / v; }
        else { f = hzgsvd__rsqrt_rn(fma(-x, x, 1.0)); kappa = h / (v * f); }
        /* tan(theta) for theta in (-pi/4, pi/4]; kappa = +-0 means theta = pi/4 (the authors'
         * code gives -pi/4 for -0, outside the range). */
        const double ak = fabs(kappa), sg = (kappa < 0.0) ? -1.0 : 1.0;
        double tn;
        if (ak >= 0x1p27) tn = 0.5 / kappa;
        else if (ak < HZGSVD__SQRT_U) tn = sg / (ak + 1.0);
        else tn = sg / (ak + sqrt(fma(kappa, kappa, 1.0)));
        double c, s;
        if (fabs(tn) < HZGSVD__SQRT_U) { c = 1.0; s = tn; }
        else { c = hzgsvd__rsqrt_rn(fma(tn, tn, 1.0)); s = tn * c; }
        const double cphi = fma(xi, fma(-eta, c, s), c);   /* cos(theta) + xi (sin - eta cos) */
        const double cpsi = fma(-xi, fma(eta, c, s), c);   /* cos(theta) - xi (sin + eta cos) */
        const double sphi = fma(-xi, fma(eta, s, c), s);   /* sin(theta) - xi (cos + eta sin) */
        const double spsi = fma(xi, fma(-eta, s, c), s);   /* sin(theta) + xi (cos - eta sin) */
        z11 = cphi * f; z12 = sphi * f; z21 = -spsi * f; z22 = cpsi * f;
        c11 = cphi; c12 = sphi; c21 = -spsi; c22 = cpsi;
        small = HZGSVD__VAR_C2(variant) ? (cphi == 1.0 && cpsi == 1.0) : (z11 == 1.0 && z22 == 1.0);
    }
    r.big = !small;
    if (sort) {
        /* The new diagonal of A-hat, with the common factor 1/t^2 dropped and A-hat scaled by a
         * power of two to at most 1 (no overflow near the top of the range); swap to keep it descending. */
        int ex;
        (void)frexp(app > aqq ? app : aqq, &ex);
        const double sa = ldexp(app, -ex), sb = ldexp(aqq, -ex), sg = ldexp(apq, -ex);
        const double a1 = fma(c11 * c11, sa, fma(2.0 * c11 * c21, sg, c21 * c21 * sb));
        const double a2 = fma(c12 * c12, sa, fma(2.0 * c12 * c22, sg, c22 * c22 * sb));
        r.swap = a1 < a2;
    }
    r.z11 = z11; r.z12r = z12; r.z21r = z21; r.z22 = z22;
    hzgsvd__rot_rows(&r, dp, dq);
    return r;
}

/* Complex pair (paper section 2.1.1).  a_pq = f_p^H f_q = (apqr, apqi), b_pq likewise.  The
 * sorting decision of a transformed complex pair needs the new column norms, so the caller makes
 * it (hzgsvd__zswap); r.swap is set here only for a skipped pair. */
HZGSVD_HD static inline hzgsvd__rot hzgsvd__zrot(double app, double aqq, double apqr, double apqi,
                                                 double bpp, double bqq, double bpqr, double bpqi,
                                                 int variant, int sort, double tol)
{
    hzgsvd__rot r = hzgsvd__rot_identity();
    double dp = 1.0, dq = 1.0;
    if (HZGSVD__VAR_RESCALE(variant))
        hzgsvd__dhat(&app, &aqq, &apqr, &apqi, bpp, bqq, &bpqr, &bpqi, &dp, &dq);

    const double x = hypot(bpqr, bpqi);
    if (x < tol && hypot(apqr, apqi) < (sqrt(app) * sqrt(aqq)) * tol) {
        r.swap = sort && (app < aqq);
        return r;
    }
    r.transform = 1;
    if (!(x < 1.0)) { r.fail = 1; return r; }

    double er = 1.0, ei = 0.0;                 /* e = b_pq / |b_pq| (1 if b_pq = 0) */
    if (x != 0.0) {
        /* the phase of b from a copy scaled out of the subnormal range (where |b| itself is
         * rounded to a coarse grid), by divisions (1/x overflows for subnormal x) */
        double br = bpqr, bi = bpqi, xs = x;
        if (x < 0x1p-900) { br *= 0x1p+600; bi *= 0x1p+600; xs = hypot(br, bi); }
        er = br / xs; ei = bi / xs;
    }
    const double u = fma(er, apqr, ei * apqi);     /* (u, v) = conj(e) a_pq */
    const double v = fma(er, apqi, -(ei * apqr));
    const double h = aqq - app;
    if (h == 0.0 && v == 0.0) {
        const double s1 = HZGSVD__RSQRT2 * hzgsvd__rsqrt_rn(1.0 + x);
        const double s2 = HZGSVD__RSQRT2 * hzgsvd__rsqrt_rn(1.0 - x);
        r.z11 = s1; r.z22 = s2;
        r.z12r = -er * s2; r.z12i = -ei * s2;     /* -e / sqrt(2(1-x)) */
        r.z21r = er * s1;  r.z21i = -ei * s1;     /* conj(e) / sqrt(2(1+x)) */
        r.big = 1;
    } else {
        const double t = sqrt(fma(-x, x, 1.0));
        const double ti = 1.0 / t;
        const double tau = copysign(1.0, h);
        const double tg = (2.0 * v) / h;           /* tan(gamma) */
        double cg, sgm;
        if (isinf(tg)) { cg = 0.0; sgm = copysign(1.0, tg); }
        else { cg = hzgsvd__rsqrt_rn(fma(tg, tg, 1.0)); sgm = tg * cg; }
        const double t2 = tau * fma(-x, app + aqq, 2.0 * u) / (t * hypot(2.0 * v, h)); /* tan(2 theta) */
        double c2, s2;
        if (isinf(t2)) { c2 = 0.0; s2 = copysign(1.0, t2); }
        else { c2 = hzgsvd__rsqrt_rn(fma(t2, t2, 1.0)); s2 = t2 * c2; }
        const double tc = t * c2;
        const double w = tc * cg;
        const double yp = fma(x, s2, 1.0 + w), ym = fma(-x, s2, 1.0 + w);
        const double cphi = sqrt(0.5 * yp), cpsi = sqrt(0.5 * ym);
        r.z11 = cphi * ti; r.z22 = cpsi * ti;
        /* e (s2 - x + i t c2 s_gamma) / (2 t cos psi), and -conj(e) (s2 + x - i t c2 s_gamma) / (2 t cos phi) */
        const double k12 = ti / (2.0 * cpsi), k21 = ti / (2.0 * cphi);
        const double ar = (s2 - x) * k12, ai = (tc * sgm) * k12;
        const double br = (s2 + x) * k21, bi = -(tc * sgm) * k21;
        r.z12r = fma(er, ar, -(ei * ai)); r.z12i = fma(er, ai, ei * ar);
        r.z21r = -fma(er, br, ei * bi);   r.z21i = -fma(er, bi, -(ei * br));
        const int small = HZGSVD__VAR_C2(variant) ? (cphi == 1.0 && cpsi == 1.0)
                                                  : (r.z11 == 1.0 && r.z22 == 1.0);
        r.big = !small;
    }
    hzgsvd__rot_rows(&r, dp, dq);
    return r;
}

/* New pair of elements: [y'_p y'_q] = [y_p y_q] Z-hat (one row of a pivot column pair). */
HZGSVD_HD static inline void hzgsvd__drot_apply(const hzgsvd__rot *r, double yp, double yq,
                                                double *np, double *nq)
{
    *np = fma(yq, r->z21r, yp * r->z11);
    *nq = fma(yp, r->z12r, yq * r->z22);
}

HZGSVD_HD static inline void hzgsvd__zrot_apply(const hzgsvd__rot *r, double ypr, double ypi,
                                                double yqr, double yqi,
                                                double *npr, double *npi, double *nqr, double *nqi)
{
    hzgsvd__zfma(yqr, yqi, r->z21r, r->z21i, ypr * r->z11, ypi * r->z11, npr, npi);
    hzgsvd__zfma(ypr, ypi, r->z12r, r->z12i, yqr * r->z22, yqi * r->z22, nqr, nqi);
}

/* Sorting decision of a transformed complex pair from the new squared column norms of F-hat. */
HZGSVD_HD static inline int hzgsvd__zswap(int sort, double new_app, double new_aqq)
{
    return sort && (new_app < new_aqq);
}

/* Range scaling, the results scaled back (docs/NUMERICS.md, "The whole double range"; the plan is
 * hzgsvd__range of the host code).  From Sigma' of the pair run as F' = 2^shift_f F D,
 * G' = 2^shift_g G D: sigma = 2^(shift_g - shift_f) sigma', Sigma_G = 1 / hypot(1, sigma),
 * Sigma_F = sigma Sigma_G, and the factor zm 2^ze of the column of Z (z = D z' zm 2^ze:
 * 2^shift_f Sigma_F / Sigma_F', or the same through G, whichever of Sigma_F', Sigma_G' is larger).
 * Returns 1 where sigma, Sigma_F or Sigma_G leaves the normal range, else 0. */
HZGSVD_HD static inline int hzgsvd__range_sigma(int shift_f, int shift_g, double sf1, double sg1, double ss1,
                                         double *sf, double *sg, double *ss, double *zm, int *ze)
{
    const double s = ldexp(ss1, shift_g - shift_f);
    const double h = hypot((double)1.0, s);
    double a = s / h, b = (double)1.0 / h;
    if (isinf(s)) { a = 1.0; b = 0.0; }
    *ss = s; *sf = a; *sg = b;
    const int by_f = sf1 >= sg1;
    *zm = frexp(by_f ? a / sf1 : b / sg1, ze);
    *ze += by_f ? shift_f : shift_g;
    const double lo = 0x1p-1022, hi = 0x1.fffffffffffffp+1023;
    return !(s >= lo) || !(s <= hi) || !(a >= lo) || !(b >= lo);
}
/*** end templates/hzgsvd_math.h.j2 ***/

/*** begin templates/hzgsvd_strategy.h.j2 ***/
/* Jacobi strategies: which pairs of columns (pointwise level) or block columns (block level) are
 * transformed together in each parallel step.  One definition, two forms: generator/strategies.py
 * (Python, bakes the inner tables below) and the run-time C at the end of this part (outer tables,
 * whose order depends on n); test/test_strategy.c checks that both agree for every even order
 * up to 2048 and test/test_strategy_py.py compares them table by table up to 512.
 *
 * A table of even order n is a list of steps; a step holds n/2 pairs (p, q), p < q, and every
 * index 0..n-1 exactly once.  The place of a pair in its step is its "position" (a warp, a thread
 * block or an MPI rank).  Positions do not change the numbers (pairs are disjoint); p < q does.
 *
 *  ME  generalized Mantharam-Eberlein, cyclic: n-1 steps, every unordered pair exactly once per
 *      sweep; positions sorted by increasing p.  n = b*K, K = 2^k, b = 2*odd: a base table B_b of
 *      order b is doubled k times (closed form: index u*K+v, step t*K+d pairs u1*K+v with
 *      u2*K+(v^(K-1-d)); the last K-1 steps pair inside each group of K).
 *      Base choice: B_2 = {(0,1)}; for b >= 6 the round-robin (circle method) factorization of
 *      K_b (step t pairs t with b-1, and x with (2t-x) mod (b-1)).  The authors store bases only up
 *      to b = 42, found by a search that takes minutes; round-robin has a closed form for every b
 *      and keeps ME's recursive doubling.  For power-of-two n (b = 2: the inner level of order
 *      32 and 64, the paper's test sizes) the tables are identical to the authors' ME, where
 *      step s pairs i with i ^ (n-1-s).  Other n get a generalized ME with a different base.
 *  MM  modified modulus, quasi-cyclic: n steps; step k holds the pairs with p+q = k-1 (mod n), plus
 *      ((k-1)/2, (k-1)/2 + n/2) when k is odd; the n/2 pairs (i, i+n/2) occur twice per sweep,
 *      all others once.  Position order is the reference (jstrat "mmstep") order.
 *
 * Communication map (multi-GPU, paper 4.1.3): after step k the column in slot o (0 = p, 1 = q) of
 * position r moves to the position r' and slot o' holding the same index in step (k+1) mod nsteps,
 * coded -(r'+1) if o' = 0 and +(r'+1) if o' = 1.
 */
#include <stdlib.h>

/* Inner level, orders 32 and 64 (2w for each block width w of the GPU engine):
 * steps x positions x {p, q}.  Host copies (CPU engine, tests) and, under CUDA, the same data in
 * constant memory (warp y takes pair y of the step). */
static const unsigned char hzgsvd__inner_me32[31][16][2] = {
    /*  0 */ {{ 0,31},{ 1,30},{ 2,29},{ 3,28},{ 4,27},{ 5,26},{ 6,25},{ 7,24},{ 8,23},{ 9,22},{10,21},{11,20},{12,19},{13,18},{14,17},{15,16}},
    /*  1 */ {{ 0,30},{ 1,31},{ 2,28},{ 3,29},{ 4,26},{ 5,27},{ 6,24},{ 7,25},{ 8,22},{ 9,23},{10,20},{11,21},{12,18},{13,19},{14,16},{15,17}},
    /*  2 */ {{ 0,29},{ 1,28},{ 2,31},{ 3,30},{ 4,25},{ 5,24},{ 6,27},{ 7,26},{ 8,21},{ 9,20},{10,23},{11,22},{12,17},{13,16},{14,19},{15,18}},
    /*  3 */ {{ 0,28},{ 1,29},{ 2,30},{ 3,31},{ 4,24},{ 5,25},{ 6,26},{ 7,27},{ 8,20},{ 9,21},{10,22},{11,23},{12,16},{13,17},{14,18},{15,19}},
    /*  4 */ {{ 0,27},{ 1,26},{ 2,25},{ 3,24},{ 4,31},{ 5,30},{ 6,29},{ 7,28},{ 8,19},{ 9,18},{10,17},{11,16},{12,23},{13,22},{14,21},{15,20}},
    /*  5 */ {{ 0,26},{ 1,27},{ 2,24},{ 3,25},{ 4,30},{ 5,31},{ 6,28},{ 7,29},{ 8,18},{ 9,19},{10,16},{11,17},{12,22},{13,23},{14,20},{15,21}},
    /*  6 */ {{ 0,25},{ 1,24},{ 2,27},{ 3,26},{ 4,29},{ 5,28},{ 6,31},{ 7,30},{ 8,17},{ 9,16},{10,19},{11,18},{12,21},{13,20},{14,23},{15,22}},
    /*  7 */ {{ 0,24},{ 1,25},{ 2,26},{ 3,27},{ 4,28},{ 5,29},{ 6,30},{ 7,31},{ 8,16},{ 9,17},{10,18},{11,19},{12,20},{13,21},{14,22},{15,23}},
    /*  8 */ {{ 0,23},{ 1,22},{ 2,21},{ 3,20},{ 4,19},{ 5,18},{ 6,17},{ 7,16},{ 8,31},{ 9,30},{10,29},{11,28},{12,27},{13,26},{14,25},{15,24}},
    /*  9 */ {{ 0,22},{ 1,23},{ 2,20},{ 3,21},{ 4,18},{ 5,19},{ 6,16},{ 7,17},{ 8,30},{ 9,31},{10,28},{11,29},{12,26},{13,27},{14,24},{15,25}},
    /* 10 */ {{ 0,21},{ 1,20},{ 2,23},{ 3,22},{ 4,17},{ 5,16},{ 6,19},{ 7,18},{ 8,29},{ 9,28},{10,31},{11,30},{12,25},{13,24},{14,27},{15,26}},
    /* 11 */ {{ 0,20},{ 1,21},{ 2,22},{ 3,23},{ 4,16},{ 5,17},{ 6,18},{ 7,19},{ 8,28},{ 9,29},{10,30},{11,31},{12,24},{13,25},{14,26},{15,27}},
    /* 12 */ {{ 0,19},{ 1,18},{ 2,17},{ 3,16},{ 4,23},{ 5,22},{ 6,21},{ 7,20},{ 8,27},{ 9,26},{10,25},{11,24},{12,31},{13,30},{14,29},{15,28}},
    /* 13 */ {{ 0,18},{ 1,19},{ 2,16},{ 3,17},{ 4,22},{ 5,23},{ 6,20},{ 7,21},{ 8,26},{ 9,27},{10,24},{11,25},{12,30},{13,31},{14,28},{15,29}},
    /* 14 */ {{ 0,17},{ 1,16},{ 2,19},{ 3,18},{ 4,21},{ 5,20},{ 6,23},{ 7,22},{ 8,25},{ 9,24},{10,27},{11,26},{12,29},{13,28},{14,31},{15,30}},
    /* 15 */ {{ 0,16},{ 1,17},{ 2,18},{ 3,19},{ 4,20},{ 5,21},{ 6,22},{ 7,23},{ 8,24},{ 9,25},{10,26},{11,27},{12,28},{13,29},{14,30},{15,31}},
    /* 16 */ {{ 0,15},{ 1,14},{ 2,13},{ 3,12},{ 4,11},{ 5,10},{ 6, 9},{ 7, 8},{16,31},{17,30},{18,29},{19,28},{20,27},{21,26},{22,25},{23,24}},
    /* 17 */ {{ 0,14},{ 1,15},{ 2,12},{ 3,13},{ 4,10},{ 5,11},{ 6, 8},{ 7, 9},{16,30},{17,31},{18,28},{19,29},{20,26},{21,27},{22,24},{23,25}},
    /* 18 */ {{ 0,13},{ 1,12},{ 2,15},{ 3,14},{ 4, 9},{ 5, 8},{ 6,11},{ 7,10},{16,29},{17,28},{18,31},{19,30},{20,25},{21,24},{22,27},{23,26}},
    /* 19 */ {{ 0,12},{ 1,13},{ 2,14},{ 3,15},{ 4, 8},{ 5, 9},{ 6,10},{ 7,11},{16,28},{17,29},{18,30},{19,31},{20,24},{21,25},{22,26},{23,27}},
    /* 20 */ {{ 0,11},{ 1,10},{ 2, 9},{ 3, 8},{ 4,15},{ 5,14},{ 6,13},{ 7,12},{16,27},{17,26},{18,25},{19,24},{20,31},{21,30},{22,29},{23,28}},
    /* 21 */ {{ 0,10},{ 1,11},{ 2, 8},{ 3, 9},{ 4,14},{ 5,15},{ 6,12},{ 7,13},{16,26},{17,27},{18,24},{19,25},{20,30},{21,31},{22,28},{23,29}},
    /* 22 */ {{ 0, 9},{ 1, 8},{ 2,11},{ 3,10},{ 4,13},{ 5,12},{ 6,15},{ 7,14},{16,25},{17,24},{18,27},{19,26},{20,29},{21,28},{22,31},{23,30}},
    /* 23 */ {{ 0, 8},{ 1, 9},{ 2,10},{ 3,11},{ 4,12},{ 5,13},{ 6,14},{ 7,15},{16,24},{17,25},{18,26},{19,27},{20,28},{21,29},{22,30},{23,31}},
    /* 24 */ {{ 0, 7},{ 1, 6},{ 2, 5},{ 3, 4},{ 8,15},{ 9,14},{10,13},{11,12},{16,23},{17,22},{18,21},{19,20},{24,31},{25,30},{26,29},{27,28}},
    /* 25 */ {{ 0, 6},{ 1, 7},{ 2, 4},{ 3, 5},{ 8,14},{ 9,15},{10,12},{11,13},{16,22},{17,23},{18,20},{19,21},{24,30},{25,31},{26,28},{27,29}},
    /* 26 */ {{ 0, 5},{ 1, 4},{ 2, 7},{ 3, 6},{ 8,13},{ 9,12},{10,15},{11,14},{16,21},{17,20},{18,23},{19,22},{24,29},{25,28},{26,31},{27,30}},
    /* 27 */ {{ 0, 4},{ 1, 5},{ 2, 6},{ 3, 7},{ 8,12},{ 9,13},{10,14},{11,15},{16,20},{17,21},{18,22},{19,23},{24,28},{25,29},{26,30},{27,31}},
    /* 28 */ {{ 0, 3},{ 1, 2},{ 4, 7},{ 5, 6},{ 8,11},{ 9,10},{12,15},{13,14},{16,19},{17,18},{20,23},{21,22},{24,27},{25,26},{28,31},{29,30}},
    /* 29 */ {{ 0, 2},{ 1, 3},{ 4, 6},{ 5, 7},{ 8,10},{ 9,11},{12,14},{13,15},{16,18},{17,19},{20,22},{21,23},{24,26},{25,27},{28,30},{29,31}},
    /* 30 */ {{ 0, 1},{ 2, 3},{ 4, 5},{ 6, 7},{ 8, 9},{10,11},{12,13},{14,15},{16,17},{18,19},{20,21},{22,23},{24,25},{26,27},{28,29},{30,31}}
};

static const unsigned char hzgsvd__inner_mm32[32][16][2] = {
    /*  0 */ {{ 0,31},{ 1,30},{ 2,29},{ 3,28},{ 4,27},{ 5,26},{ 6,25},{ 7,24},{ 8,23},{ 9,22},{10,21},{11,20},{12,19},{13,18},{14,17},{15,16}},
    /*  1 */ {{ 1,31},{ 2,30},{ 3,29},{ 4,28},{ 5,27},{ 6,26},{ 7,25},{ 8,24},{ 9,23},{10,22},{11,21},{12,20},{13,19},{14,18},{15,17},{ 0,16}},
    /*  2 */ {{ 2,31},{ 3,30},{ 4,29},{ 5,28},{ 6,27},{ 7,26},{ 8,25},{ 9,24},{10,23},{11,22},{12,21},{13,20},{14,19},{15,18},{16,17},{ 0, 1}},
    /*  3 */ {{ 3,31},{ 4,30},{ 5,29},{ 6,28},{ 7,27},{ 8,26},{ 9,25},{10,24},{11,23},{12,22},{13,21},{14,20},{15,19},{16,18},{ 1,17},{ 0, 2}},
    /*  4 */ {{ 4,31},{ 5,30},{ 6,29},{ 7,28},{ 8,27},{ 9,26},{10,25},{11,24},{12,23},{13,22},{14,21},{15,20},{16,19},{17,18},{ 1, 2},{ 0, 3}},
    /*  5 */ {{ 5,31},{ 6,30},{ 7,29},{ 8,28},{ 9,27},{10,26},{11,25},{12,24},{13,23},{14,22},{15,21},{16,20},{17,19},{ 2,18},{ 1, 3},{ 0, 4}},
    /*  6 */ {{ 6,31},{ 7,30},{ 8,29},{ 9,28},{10,27},{11,26},{12,25},{13,24},{14,23},{15,22},{16,21},{17,20},{18,19},{ 2, 3},{ 1, 4},{ 0, 5}},
    /*  7 */ {{ 7,31},{ 8,30},{ 9,29},{10,28},{11,27},{12,26},{13,25},{14,24},{15,23},{16,22},{17,21},{18,20},{ 3,19},{ 2, 4},{ 1, 5},{ 0, 6}},
    /*  8 */ {{ 8,31},{ 9,30},{10,29},{11,28},{12,27},{13,26},{14,25},{15,24},{16,23},{17,22},{18,21},{19,20},{ 3, 4},{ 2, 5},{ 1, 6},{ 0, 7}},
    /*  9 */ {{ 9,31},{10,30},{11,29},{12,28},{13,27},{14,26},{15,25},{16,24},{17,23},{18,22},{19,21},{ 4,20},{ 3, 5},{ 2, 6},{ 1, 7},{ 0, 8}},
    /* 10 */ {{10,31},{11,30},{12,29},{13,28},{14,27},{15,26},{16,25},{17,24},{18,23},{19,22},{20,21},{ 4, 5},{ 3, 6},{ 2, 7},{ 1, 8},{ 0, 9}},
    /* 11 */ {{11,31},{12,30},{13,29},{14,28},{15,27},{16,26},{17,25},{18,24},{19,23},{20,22},{ 5,21},{ 4, 6},{ 3, 7},{ 2, 8},{ 1, 9},{ 0,10}},
    /* 12 */ {{12,31},{13,30},{14,29},{15,28},{16,27},{17,26},{18,25},{19,24},{20,23},{21,22},{ 5, 6},{ 4, 7},{ 3, 8},{ 2, 9},{ 1,10},{ 0,11}},
    /* 13 */ {{13,31},{14,30},{15,29},{16,28},{17,27},{18,26},{19,25},{20,24},{21,23},{ 6,22},{ 5, 7},{ 4, 8},{ 3, 9},{ 2,10},{ 1,11},{ 0,12}},
    /* 14 */ {{14,31},{15,30},{16,29},{17,28},{18,27},{19,26},{20,25},{21,24},{22,23},{ 6, 7},{ 5, 8},{ 4, 9},{ 3,10},{ 2,11},{ 1,12},{ 0,13}},
    /* 15 */ {{15,31},{16,30},{17,29},{18,28},{19,27},{20,26},{21,25},{22,24},{ 7,23},{ 6, 8},{ 5, 9},{ 4,10},{ 3,11},{ 2,12},{ 1,13},{ 0,14}},
    /* 16 */ {{16,31},{17,30},{18,29},{19,28},{20,27},{21,26},{22,25},{23,24},{ 7, 8},{ 6, 9},{ 5,10},{ 4,11},{ 3,12},{ 2,13},{ 1,14},{ 0,15}},
    /* 17 */ {{17,31},{18,30},{19,29},{20,28},{21,27},{22,26},{23,25},{ 8,24},{ 7, 9},{ 6,10},{ 5,11},{ 4,12},{ 3,13},{ 2,14},{ 1,15},{ 0,16}},
    /* 18 */ {{18,31},{19,30},{20,29},{21,28},{22,27},{23,26},{24,25},{ 8, 9},{ 7,10},{ 6,11},{ 5,12},{ 4,13},{ 3,14},{ 2,15},{ 1,16},{ 0,17}},
    /* 19 */ {{19,31},{20,30},{21,29},{22,28},{23,27},{24,26},{ 9,25},{ 8,10},{ 7,11},{ 6,12},{ 5,13},{ 4,14},{ 3,15},{ 2,16},{ 1,17},{ 0,18}},
    /* 20 */ {{20,31},{21,30},{22,29},{23,28},{24,27},{25,26},{ 9,10},{ 8,11},{ 7,12},{ 6,13},{ 5,14},{ 4,15},{ 3,16},{ 2,17},{ 1,18},{ 0,19}},
    /* 21 */ {{21,31},{22,30},{23,29},{24,28},{25,27},{10,26},{ 9,11},{ 8,12},{ 7,13},{ 6,14},{ 5,15},{ 4,16},{ 3,17},{ 2,18},{ 1,19},{ 0,20}},
    /* 22 */ {{22,31},{23,30},{24,29},{25,28},{26,27},{10,11},{ 9,12},{ 8,13},{ 7,14},{ 6,15},{ 5,16},{ 4,17},{ 3,18},{ 2,19},{ 1,20},{ 0,21}},
    /* 23 */ {{23,31},{24,30},{25,29},{26,28},{11,27},{10,12},{ 9,13},{ 8,14},{ 7,15},{ 6,16},{ 5,17},{ 4,18},{ 3,19},{ 2,20},{ 1,21},{ 0,22}},
    /* 24 */ {{24,31},{25,30},{26,29},{27,28},{11,12},{10,13},{ 9,14},{ 8,15},{ 7,16},{ 6,17},{ 5,18},{ 4,19},{ 3,20},{ 2,21},{ 1,22},{ 0,23}},
    /* 25 */ {{25,31},{26,30},{27,29},{12,28},{11,13},{10,14},{ 9,15},{ 8,16},{ 7,17},{ 6,18},{ 5,19},{ 4,20},{ 3,21},{ 2,22},{ 1,23},{ 0,24}},
    /* 26 */ {{26,31},{27,30},{28,29},{12,13},{11,14},{10,15},{ 9,16},{ 8,17},{ 7,18},{ 6,19},{ 5,20},{ 4,21},{ 3,22},{ 2,23},{ 1,24},{ 0,25}},
    /* 27 */ {{27,31},{28,30},{13,29},{12,14},{11,15},{10,16},{ 9,17},{ 8,18},{ 7,19},{ 6,20},{ 5,21},{ 4,22},{ 3,23},{ 2,24},{ 1,25},{ 0,26}},
    /* 28 */ {{28,31},{29,30},{13,14},{12,15},{11,16},{10,17},{ 9,18},{ 8,19},{ 7,20},{ 6,21},{ 5,22},{ 4,23},{ 3,24},{ 2,25},{ 1,26},{ 0,27}},
    /* 29 */ {{29,31},{14,30},{13,15},{12,16},{11,17},{10,18},{ 9,19},{ 8,20},{ 7,21},{ 6,22},{ 5,23},{ 4,24},{ 3,25},{ 2,26},{ 1,27},{ 0,28}},
    /* 30 */ {{30,31},{14,15},{13,16},{12,17},{11,18},{10,19},{ 9,20},{ 8,21},{ 7,22},{ 6,23},{ 5,24},{ 4,25},{ 3,26},{ 2,27},{ 1,28},{ 0,29}},
    /* 31 */ {{15,31},{14,16},{13,17},{12,18},{11,19},{10,20},{ 9,21},{ 8,22},{ 7,23},{ 6,24},{ 5,25},{ 4,26},{ 3,27},{ 2,28},{ 1,29},{ 0,30}}
};

static const unsigned char hzgsvd__inner_me64[63][32][2] = {
    /*  0 */ {{ 0,63},{ 1,62},{ 2,61},{ 3,60},{ 4,59},{ 5,58},{ 6,57},{ 7,56},{ 8,55},{ 9,54},{10,53},{11,52},{12,51},{13,50},{14,49},{15,48},{16,47},{17,46},{18,45},{19,44},{20,43},{21,42},{22,41},{23,40},{24,39},{25,38},{26,37},{27,36},{28,35},{29,34},{30,33},{31,32}},
    /*  1 */ {{ 0,62},{ 1,63},{ 2,60},{ 3,61},{ 4,58},{ 5,59},{ 6,56},{ 7,57},{ 8,54},{ 9,55},{10,52},{11,53},{12,50},{13,51},{14,48},{15,49},{16,46},{17,47},{18,44},{19,45},{20,42},{21,43},{22,40},{23,41},{24,38},{25,39},{26,36},{27,37},{28,34},{29,35},{30,32},{31,33}},
    /*  2 */ {{ 0,61},{ 1,60},{ 2,63},{ 3,62},{ 4,57},{ 5,56},{ 6,59},{ 7,58},{ 8,53},{ 9,52},{10,55},{11,54},{12,49},{13,48},{14,51},{15,50},{16,45},{17,44},{18,47},{19,46},{20,41},{21,40},{22,43},{23,42},{24,37},{25,36},{26,39},{27,38},{28,33},{29,32},{30,35},{31,34}},
    /*  3 */ {{ 0,60},{ 1,61},{ 2,62},{ 3,63},{ 4,56},{ 5,57},{ 6,58},{ 7,59},{ 8,52},{ 9,53},{10,54},{11,55},{12,48},{13,49},{14,50},{15,51},{16,44},{17,45},{18,46},{19,47},{20,40},{21,41},{22,42},{23,43},{24,36},{25,37},{26,38},{27,39},{28,32},{29,33},{30,34},{31,35}},
    /*  4 */ {{ 0,59},{ 1,58},{ 2,57},{ 3,56},{ 4,63},{ 5,62},{ 6,61},{ 7,60},{ 8,51},{ 9,50},{10,49},{11,48},{12,55},{13,54},{14,53},{15,52},{16,43},{17,42},{18,41},{19,40},{20,47},{21,46},{22,45},{23,44},{24,35},{25,34},{26,33},{27,32},{28,39},{29,38},{30,37},{31,36}},
    /*  5 */ {{ 0,58},{ 1,59},{ 2,56},{ 3,57},{ 4,62},{ 5,63},{ 6,60},{ 7,61},{ 8,50},{ 9,51},{10,48},{11,49},{12,54},{13,55},{14,52},{15,53},{16,42},{17,43},{18,40},{19,41},{20,46},{21,47},{22,44},{23,45},{24,34},{25,35},{26,32},{27,33},{28,38},{29,39},{30,36},{31,37}},
    /*  6 */ {{ 0,57},{ 1,56},{ 2,59},{ 3,58},{ 4,61},{ 5,60},{ 6,63},{ 7,62},{ 8,49},{ 9,48},{10,51},{11,50},{12,53},{13,52},{14,55},{15,54},{16,41},{17,40},{18,43},{19,42},{20,45},{21,44},{22,47},{23,46},{24,33},{25,32},{26,35},{27,34},{28,37},{29,36},{30,39},{31,38}},
    /*  7 */ {{ 0,56},{ 1,57},{ 2,58},{ 3,59},{ 4,60},{ 5,61},{ 6,62},{ 7,63},{ 8,48},{ 9,49},{10,50},{11,51},{12,52},{13,53},{14,54},{15,55},{16,40},{17,41},{18,42},{19,43},{20,44},{21,45},{22,46},{23,47},{24,32},{25,33},{26,34},{27,35},{28,36},{29,37},{30,38},{31,39}},
    /*  8 */ {{ 0,55},{ 1,54},{ 2,53},{ 3,52},{ 4,51},{ 5,50},{ 6,49},{ 7,48},{ 8,63},{ 9,62},{10,61},{11,60},{12,59},{13,58},{14,57},{15,56},{16,39},{17,38},{18,37},{19,36},{20,35},{21,34},{22,33},{23,32},{24,47},{25,46},{26,45},{27,44},{28,43},{29,42},{30,41},{31,40}},
    /*  9 */ {{ 0,54},{ 1,55},{ 2,52},{ 3,53},{ 4,50},{ 5,51},{ 6,48},{ 7,49},{ 8,62},{ 9,63},{10,60},{11,61},{12,58},{13,59},{14,56},{15,57},{16,38},{17,39},{18,36},{19,37},{20,34},{21,35},{22,32},{23,33},{24,46},{25,47},{26,44},{27,45},{28,42},{29,43},{30,40},{31,41}},
    /* 10 */ {{ 0,53},{ 1,52},{ 2,55},{ 3,54},{ 4,49},{ 5,48},{ 6,51},{ 7,50},{ 8,61},{ 9,60},{10,63},{11,62},{12,57},{13,56},{14,59},{15,58},{16,37},{17,36},{18,39},{19,38},{20,33},{21,32},{22,35},{23,34},{24,45},{25,44},{26,47},{27,46},{28,41},{29,40},{30,43},{31,42}},
    /* 11 */ {{ 0,52},{ 1,53},{ 2,54},{ 3,55},{ 4,48},{ 5,49},{ 6,50},{ 7,51},{ 8,60},{ 9,61},{10,62},{11,63},{12,56},{13,57},{14,58},{15,59},{16,36},{17,37},{18,38},{19,39},{20,32},{21,33},{22,34},{23,35},{24,44},{25,45},{26,46},{27,47},{28,40},{29,41},{30,42},{31,43}},
    /* 12 */ {{ 0,51},{ 1,50},{ 2,49},{ 3,48},{ 4,55},{ 5,54},{ 6,53},{ 7,52},{ 8,59},{ 9,58},{10,57},{11,56},{12,63},{13,62},{14,61},{15,60},{16,35},{17,34},{18,33},{19,32},{20,39},{21,38},{22,37},{23,36},{24,43},{25,42},{26,41},{27,40},{28,47},{29,46},{30,45},{31,44}},
    /* 13 */ {{ 0,50},{ 1,51},{ 2,48},{ 3,49},{ 4,54},{ 5,55},{ 6,52},{ 7,53},{ 8,58},{ 9,59},{10,56},{11,57},{12,62},{13,63},{14,60},{15,61},{16,34},{17,35},{18,32},{19,33},{20,38},{21,39},{22,36},{23,37},{24,42},{25,43},{26,40},{27,41},{28,46},{29,47},{30,44},{31,45}},
    /* 14 */ {{ 0,49},{ 1,48},{ 2,51},{ 3,50},{ 4,53},{ 5,52},{ 6,55},{ 7,54},{ 8,57},{ 9,56},{10,59},{11,58},{12,61},{13,60},{14,63},{15,62},{16,33},{17,32},{18,35},{19,34},{20,37},{21,36},{22,39},{23,38},{24,41},{25,40},{26,43},{27,42},{28,45},{29,44},{30,47},{31,46}},
    /* 15 */ {{ 0,48},{ 1,49},{ 2,50},{ 3,51},{ 4,52},{ 5,53},{ 6,54},{ 7,55},{ 8,56},{ 9,57},{10,58},{11,59},{12,60},{13,61},{14,62},{15,63},{16,32},{17,33},{18,34},{19,35},{20,36},{21,37},{22,38},{23,39},{24,40},{25,41},{26,42},{27,43},{28,44},{29,45},{30,46},{31,47}},
    /* 16 */ {{ 0,47},{ 1,46},{ 2,45},{ 3,44},{ 4,43},{ 5,42},{ 6,41},{ 7,40},{ 8,39},{ 9,38},{10,37},{11,36},{12,35},{13,34},{14,33},{15,32},{16,63},{17,62},{18,61},{19,60},{20,59},{21,58},{22,57},{23,56},{24,55},{25,54},{26,53},{27,52},{28,51},{29,50},{30,49},{31,48}},
    /* 17 */ {{ 0,46},{ 1,47},{ 2,44},{ 3,45},{ 4,42},{ 5,43},{ 6,40},{ 7,41},{ 8,38},{ 9,39},{10,36},{11,37},{12,34},{13,35},{14,32},{15,33},{16,62},{17,63},{18,60},{19,61},{20,58},{21,59},{22,56},{23,57},{24,54},{25,55},{26,52},{27,53},{28,50},{29,51},{30,48},{31,49}},
    /* 18 */ {{ 0,45},{ 1,44},{ 2,47},{ 3,46},{ 4,41},{ 5,40},{ 6,43},{ 7,42},{ 8,37},{ 9,36},{10,39},{11,38},{12,33},{13,32},{14,35},{15,34},{16,61},{17,60},{18,63},{19,62},{20,57},{21,56},{22,59},{23,58},{24,53},{25,52},{26,55},{27,54},{28,49},{29,48},{30,51},{31,50}},
    /* 19 */ {{ 0,44},{ 1,45},{ 2,46},{ 3,47},{ 4,40},{ 5,41},{ 6,42},{ 7,43},{ 8,36},{ 9,37},{10,38},{11,39},{12,32},{13,33},{14,34},{15,35},{16,60},{17,61},{18,62},{19,63},{20,56},{21,57},{22,58},{23,59},{24,52},{25,53},{26,54},{27,55},{28,48},{29,49},{30,50},{31,51}},
    /* 20 */ {{ 0,43},{ 1,42},{ 2,41},{ 3,40},{ 4,47},{ 5,46},{ 6,45},{ 7,44},{ 8,35},{ 9,34},{10,33},{11,32},{12,39},{13,38},{14,37},{15,36},{16,59},{17,58},{18,57},{19,56},{20,63},{21,62},{22,61},{23,60},{24,51},{25,50},{26,49},{27,48},{28,55},{29,54},{30,53},{31,52}},
    /* 21 */ {{ 0,42},{ 1,43},{ 2,40},{ 3,41},{ 4,46},{ 5,47},{ 6,44},{ 7,45},{ 8,34},{ 9,35},{10,32},{11,33},{12,38},{13,39},{14,36},{15,37},{16,58},{17,59},{18,56},{19,57},{20,62},{21,63},{22,60},{23,61},{24,50},{25,51},{26,48},{27,49},{28,54},{29,55},{30,52},{31,53}},
    /* 22 */ {{ 0,41},{ 1,40},{ 2,43},{ 3,42},{ 4,45},{ 5,44},{ 6,47},{ 7,46},{ 8,33},{ 9,32},{10,35},{11,34},{12,37},{13,36},{14,39},{15,38},{16,57},{17,56},{18,59},{19,58},{20,61},{21,60},{22,63},{23,62},{24,49},{25,48},{26,51},{27,50},{28,53},{29,52},{30,55},{31,54}},
    /* 23 */ {{ 0,40},{ 1,41},{ 2,42},{ 3,43},{ 4,44},{ 5,45},{ 6,46},{ 7,47},{ 8,32},{ 9,33},{10,34},{11,35},{12,36},{13,37},{14,38},{15,39},{16,56},{17,57},{18,58},{19,59},{20,60},{21,61},{22,62},{23,63},{24,48},{25,49},{26,50},{27,51},{28,52},{29,53},{30,54},{31,55}},
    /* 24 */ {{ 0,39},{ 1,38},{ 2,37},{ 3,36},{ 4,35},{ 5,34},{ 6,33},{ 7,32},{ 8,47},{ 9,46},{10,45},{11,44},{12,43},{13,42},{14,41},{15,40},{16,55},{17,54},{18,53},{19,52},{20,51},{21,50},{22,49},{23,48},{24,63},{25,62},{26,61},{27,60},{28,59},{29,58},{30,57},{31,56}},
    /* 25 */ {{ 0,38},{ 1,39},{ 2,36},{ 3,37},{ 4,34},{ 5,35},{ 6,32},{ 7,33},{ 8,46},{ 9,47},{10,44},{11,45},{12,42},{13,43},{14,40},{15,41},{16,54},{17,55},{18,52},{19,53},{20,50},{21,51},{22,48},{23,49},{24,62},{25,63},{26,60},{27,61},{28,58},{29,59},{30,56},{31,57}},
    /* 26 */ {{ 0,37},{ 1,36},{ 2,39},{ 3,38},{ 4,33},{ 5,32},{ 6,35},{ 7,34},{ 8,45},{ 9,44},{10,47},{11,46},{12,41},{13,40},{14,43},{15,42},{16,53},{17,52},{18,55},{19,54},{20,49},{21,48},{22,51},{23,50},{24,61},{25,60},{26,63},{27,62},{28,57},{29,56},{30,59},{31,58}},
    /* 27 */ {{ 0,36},{ 1,37},{ 2,38},{ 3,39},{ 4,32},{ 5,33},{ 6,34},{ 7,35},{ 8,44},{ 9,45},{10,46},{11,47},{12,40},{13,41},{14,42},{15,43},{16,52},{17,53},{18,54},{19,55},{20,48},{21,49},{22,50},{23,51},{24,60},{25,61},{26,62},{27,63},{28,56},{29,57},{30,58},{31,59}},
    /* 28 */ {{ 0,35},{ 1,34},{ 2,33},{ 3,32},{ 4,39},{ 5,38},{ 6,37},{ 7,36},{ 8,43},{ 9,42},{10,41},{11,40},{12,47},{13,46},{14,45},{15,44},{16,51},{17,50},{18,49},{19,48},{20,55},{21,54},{22,53},{23,52},{24,59},{25,58},{26,57},{27,56},{28,63},{29,62},{30,61},{31,60}},
    /* 29 */ {{ 0,34},{ 1,35},{ 2,32},{ 3,33},{ 4,38},{ 5,39},{ 6,36},{ 7,37},{ 8,42},{ 9,43},{10,40},{11,41},{12,46},{13,47},{14,44},{15,45},{16,50},{17,51},{18,48},{19,49},{20,54},{21,55},{22,52},{23,53},{24,58},{25,59},{26,56},{27,57},{28,62},{29,63},{30,60},{31,61}},
    /* 30 */ {{ 0,33},{ 1,32},{ 2,35},{ 3,34},{ 4,37},{ 5,36},{ 6,39},{ 7,38},{ 8,41},{ 9,40},{10,43},{11,42},{12,45},{13,44},{14,47},{15,46},{16,49},{17,48},{18,51},{19,50},{20,53},{21,52},{22,55},{23,54},{24,57},{25,56},{26,59},{27,58},{28,61},{29,60},{30,63},{31,62}},
    /* 31 */ {{ 0,32},{ 1,33},{ 2,34},{ 3,35},{ 4,36},{ 5,37},{ 6,38},{ 7,39},{ 8,40},{ 9,41},{10,42},{11,43},{12,44},{13,45},{14,46},{15,47},{16,48},{17,49},{18,50},{19,51},{20,52},{21,53},{22,54},{23,55},{24,56},{25,57},{26,58},{27,59},{28,60},{29,61},{30,62},{31,63}},
    /* 32 */ {{ 0,31},{ 1,30},{ 2,29},{ 3,28},{ 4,27},{ 5,26},{ 6,25},{ 7,24},{ 8,23},{ 9,22},{10,21},{11,20},{12,19},{13,18},{14,17},{15,16},{32,63},{33,62},{34,61},{35,60},{36,59},{37,58},{38,57},{39,56},{40,55},{41,54},{42,53},{43,52},{44,51},{45,50},{46,49},{47,48}},
    /* 33 */ {{ 0,30},{ 1,31},{ 2,28},{ 3,29},{ 4,26},{ 5,27},{ 6,24},{ 7,25},{ 8,22},{ 9,23},{10,20},{11,21},{12,18},{13,19},{14,16},{15,17},{32,62},{33,63},{34,60},{35,61},{36,58},{37,59},{38,56},{39,57},{40,54},{41,55},{42,52},{43,53},{44,50},{45,51},{46,48},{47,49}},
    /* 34 */ {{ 0,29},{ 1,28},{ 2,31},{ 3,30},{ 4,25},{ 5,24},{ 6,27},{ 7,26},{ 8,21},{ 9,20},{10,23},{11,22},{12,17},{13,16},{14,19},{15,18},{32,61},{33,60},{34,63},{35,62},{36,57},{37,56},{38,59},{39,58},{40,53},{41,52},{42,55},{43,54},{44,49},{45,48},{46,51},{47,50}},
    /* 35 */ {{ 0,28},{ 1,29},{ 2,30},{ 3,31},{ 4,24},{ 5,25},{ 6,26},{ 7,27},{ 8,20},{ 9,21},{10,22},{11,23},{12,16},{13,17},{14,18},{15,19},{32,60},{33,61},{34,62},{35,63},{36,56},{37,57},{38,58},{39,59},{40,52},{41,53},{42,54},{43,55},{44,48},{45,49},{46,50},{47,51}},
    /* 36 */ {{ 0,27},{ 1,26},{ 2,25},{ 3,24},{ 4,31},{ 5,30},{ 6,29},{ 7,28},{ 8,19},{ 9,18},{10,17},{11,16},{12,23},{13,22},{14,21},{15,20},{32,59},{33,58},{34,57},{35,56},{36,63},{37,62},{38,61},{39,60},{40,51},{41,50},{42,49},{43,48},{44,55},{45,54},{46,53},{47,52}},
    /* 37 */ {{ 0,26},{ 1,27},{ 2,24},{ 3,25},{ 4,30},{ 5,31},{ 6,28},{ 7,29},{ 8,18},{ 9,19},{10,16},{11,17},{12,22},{13,23},{14,20},{15,21},{32,58},{33,59},{34,56},{35,57},{36,62},{37,63},{38,60},{39,61},{40,50},{41,51},{42,48},{43,49},{44,54},{45,55},{46,52},{47,53}},
    /* 38 */ {{ 0,25},{ 1,24},{ 2,27},{ 3,26},{ 4,29},{ 5,28},{ 6,31},{ 7,30},{ 8,17},{ 9,16},{10,19},{11,18},{12,21},{13,20},{14,23},{15,22},{32,57},{33,56},{34,59},{35,58},{36,61},{37,60},{38,63},{39,62},{40,49},{41,48},{42,51},{43,50},{44,53},{45,52},{46,55},{47,54}},
    /* 39 */ {{ 0,24},{ 1,25},{ 2,26},{ 3,27},{ 4,28},{ 5,29},{ 6,30},{ 7,31},{ 8,16},{ 9,17},{10,18},{11,19},{12,20},{13,21},{14,22},{15,23},{32,56},{33,57},{34,58},{35,59},{36,60},{37,61},{38,62},{39,63},{40,48},{41,49},{42,50},{43,51},{44,52},{45,53},{46,54},{47,55}},
    /* 40 */ {{ 0,23},{ 1,22},{ 2,21},{ 3,20},{ 4,19},{ 5,18},{ 6,17},{ 7,16},{ 8,31},{ 9,30},{10,29},{11,28},{12,27},{13,26},{14,25},{15,24},{32,55},{33,54},{34,53},{35,52},{36,51},{37,50},{38,49},{39,48},{40,63},{41,62},{42,61},{43,60},{44,59},{45,58},{46,57},{47,56}},
    /* 41 */ {{ 0,22},{ 1,23},{ 2,20},{ 3,21},{ 4,18},{ 5,19},{ 6,16},{ 7,17},{ 8,30},{ 9,31},{10,28},{11,29},{12,26},{13,27},{14,24},{15,25},{32,54},{33,55},{34,52},{35,53},{36,50},{37,51},{38,48},{39,49},{40,62},{41,63},{42,60},{43,61},{44,58},{45,59},{46,56},{47,57}},
    /* 42 */ {{ 0,21},{ 1,20},{ 2,23},{ 3,22},{ 4,17},{ 5,16},{ 6,19},{ 7,18},{ 8,29},{ 9,28},{10,31},{11,30},{12,25},{13,24},{14,27},{15,26},{32,53},{33,52},{34,55},{35,54},{36,49},{37,48},{38,51},{39,50},{40,61},{41,60},{42,63},{43,62},{44,57},{45,56},{46,59},{47,58}},
    /* 43 */ {{ 0,20},{ 1,21},{ 2,22},{ 3,23},{ 4,16},{ 5,17},{ 6,18},{ 7,19},{ 8,28},{ 9,29},{10,30},{11,31},{12,24},{13,25},{14,26},{15,27},{32,52},{33,53},{34,54},{35,55},{36,48},{37,49},{38,50},{39,51},{40,60},{41,61},{42,62},{43,63},{44,56},{45,57},{46,58},{47,59}},
    /* 44 */ {{ 0,19},{ 1,18},{ 2,17},{ 3,16},{ 4,23},{ 5,22},{ 6,21},{ 7,20},{ 8,27},{ 9,26},{10,25},{11,24},{12,31},{13,30},{14,29},{15,28},{32,51},{33,50},{34,49},{35,48},{36,55},{37,54},{38,53},{39,52},{40,59},{41,58},{42,57},{43,56},{44,63},{45,62},{46,61},{47,60}},
    /* 45 */ {{ 0,18},{ 1,19},{ 2,16},{ 3,17},{ 4,22},{ 5,23},{ 6,20},{ 7,21},{ 8,26},{ 9,27},{10,24},{11,25},{12,30},{13,31},{14,28},{15,29},{32,50},{33,51},{34,48},{35,49},{36,54},{37,55},{38,52},{39,53},{40,58},{41,59},{42,56},{43,57},{44,62},{45,63},{46,60},{47,61}},
    /* 46 */ {{ 0,17},{ 1,16},{ 2,19},{ 3,18},{ 4,21},{ 5,20},{ 6,23},{ 7,22},{ 8,25},{ 9,24},{10,27},{11,26},{12,29},{13,28},{14,31},{15,30},{32,49},{33,48},{34,51},{35,50},{36,53},{37,52},{38,55},{39,54},{40,57},{41,56},{42,59},{43,58},{44,61},{45,60},{46,63},{47,62}},
    /* 47 */ {{ 0,16},{ 1,17},{ 2,18},{ 3,19},{ 4,20},{ 5,21},{ 6,22},{ 7,23},{ 8,24},{ 9,25},{10,26},{11,27},{12,28},{13,29},{14,30},{15,31},{32,48},{33,49},{34,50},{35,51},{36,52},{37,53},{38,54},{39,55},{40,56},{41,57},{42,58},{43,59},{44,60},{45,61},{46,62},{47,63}},
    /* 48 */ {{ 0,15},{ 1,14},{ 2,13},{ 3,12},{ 4,11},{ 5,10},{ 6, 9},{ 7, 8},{16,31},{17,30},{18,29},{19,28},{20,27},{21,26},{22,25},{23,24},{32,47},{33,46},{34,45},{35,44},{36,43},{37,42},{38,41},{39,40},{48,63},{49,62},{50,61},{51,60},{52,59},{53,58},{54,57},{55,56}},
    /* 49 */ {{ 0,14},{ 1,15},{ 2,12},{ 3,13},{ 4,10},{ 5,11},{ 6, 8},{ 7, 9},{16,30},{17,31},{18,28},{19,29},{20,26},{21,27},{22,24},{23,25},{32,46},{33,47},{34,44},{35,45},{36,42},{37,43},{38,40},{39,41},{48,62},{49,63},{50,60},{51,61},{52,58},{53,59},{54,56},{55,57}},
    /* 50 */ {{ 0,13},{ 1,12},{ 2,15},{ 3,14},{ 4, 9},{ 5, 8},{ 6,11},{ 7,10},{16,29},{17,28},{18,31},{19,30},{20,25},{21,24},{22,27},{23,26},{32,45},{33,44},{34,47},{35,46},{36,41},{37,40},{38,43},{39,42},{48,61},{49,60},{50,63},{51,62},{52,57},{53,56},{54,59},{55,58}},
    /* 51 */ {{ 0,12},{ 1,13},{ 2,14},{ 3,15},{ 4, 8},{ 5, 9},{ 6,10},{ 7,11},{16,28},{17,29},{18,30},{19,31},{20,24},{21,25},{22,26},{23,27},{32,44},{33,45},{34,46},{35,47},{36,40},{37,41},{38,42},{39,43},{48,60},{49,61},{50,62},{51,63},{52,56},{53,57},{54,58},{55,59}},
    /* 52 */ {{ 0,11},{ 1,10},{ 2, 9},{ 3, 8},{ 4,15},{ 5,14},{ 6,13},{ 7,12},{16,27},{17,26},{18,25},{19,24},{20,31},{21,30},{22,29},{23,28},{32,43},{33,42},{34,41},{35,40},{36,47},{37,46},{38,45},{39,44},{48,59},{49,58},{50,57},{51,56},{52,63},{53,62},{54,61},{55,60}},
    /* 53 */ {{ 0,10},{ 1,11},{ 2, 8},{ 3, 9},{ 4,14},{ 5,15},{ 6,12},{ 7,13},{16,26},{17,27},{18,24},{19,25},{20,30},{21,31},{22,28},{23,29},{32,42},{33,43},{34,40},{35,41},{36,46},{37,47},{38,44},{39,45},{48,58},{49,59},{50,56},{51,57},{52,62},{53,63},{54,60},{55,61}},
    /* 54 */ {{ 0, 9},{ 1, 8},{ 2,11},{ 3,10},{ 4,13},{ 5,12},{ 6,15},{ 7,14},{16,25},{17,24},{18,27},{19,26},{20,29},{21,28},{22,31},{23,30},{32,41},{33,40},{34,43},{35,42},{36,45},{37,44},{38,47},{39,46},{48,57},{49,56},{50,59},{51,58},{52,61},{53,60},{54,63},{55,62}},
    /* 55 */ {{ 0, 8},{ 1, 9},{ 2,10},{ 3,11},{ 4,12},{ 5,13},{ 6,14},{ 7,15},{16,24},{17,25},{18,26},{19,27},{20,28},{21,29},{22,30},{23,31},{32,40},{33,41},{34,42},{35,43},{36,44},{37,45},{38,46},{39,47},{48,56},{49,57},{50,58},{51,59},{52,60},{53,61},{54,62},{55,63}},
    /* 56 */ {{ 0, 7},{ 1, 6},{ 2, 5},{ 3, 4},{ 8,15},{ 9,14},{10,13},{11,12},{16,23},{17,22},{18,21},{19,20},{24,31},{25,30},{26,29},{27,28},{32,39},{33,38},{34,37},{35,36},{40,47},{41,46},{42,45},{43,44},{48,55},{49,54},{50,53},{51,52},{56,63},{57,62},{58,61},{59,60}},
    /* 57 */ {{ 0, 6},{ 1, 7},{ 2, 4},{ 3, 5},{ 8,14},{ 9,15},{10,12},{11,13},{16,22},{17,23},{18,20},{19,21},{24,30},{25,31},{26,28},{27,29},{32,38},{33,39},{34,36},{35,37},{40,46},{41,47},{42,44},{43,45},{48,54},{49,55},{50,52},{51,53},{56,62},{57,63},{58,60},{59,61}},
    /* 58 */ {{ 0, 5},{ 1, 4},{ 2, 7},{ 3, 6},{ 8,13},{ 9,12},{10,15},{11,14},{16,21},{17,20},{18,23},{19,22},{24,29},{25,28},{26,31},{27,30},{32,37},{33,36},{34,39},{35,38},{40,45},{41,44},{42,47},{43,46},{48,53},{49,52},{50,55},{51,54},{56,61},{57,60},{58,63},{59,62}},
    /* 59 */ {{ 0, 4},{ 1, 5},{ 2, 6},{ 3, 7},{ 8,12},{ 9,13},{10,14},{11,15},{16,20},{17,21},{18,22},{19,23},{24,28},{25,29},{26,30},{27,31},{32,36},{33,37},{34,38},{35,39},{40,44},{41,45},{42,46},{43,47},{48,52},{49,53},{50,54},{51,55},{56,60},{57,61},{58,62},{59,63}},
    /* 60 */ {{ 0, 3},{ 1, 2},{ 4, 7},{ 5, 6},{ 8,11},{ 9,10},{12,15},{13,14},{16,19},{17,18},{20,23},{21,22},{24,27},{25,26},{28,31},{29,30},{32,35},{33,34},{36,39},{37,38},{40,43},{41,42},{44,47},{45,46},{48,51},{49,50},{52,55},{53,54},{56,59},{57,58},{60,63},{61,62}},
    /* 61 */ {{ 0, 2},{ 1, 3},{ 4, 6},{ 5, 7},{ 8,10},{ 9,11},{12,14},{13,15},{16,18},{17,19},{20,22},{21,23},{24,26},{25,27},{28,30},{29,31},{32,34},{33,35},{36,38},{37,39},{40,42},{41,43},{44,46},{45,47},{48,50},{49,51},{52,54},{53,55},{56,58},{57,59},{60,62},{61,63}},
    /* 62 */ {{ 0, 1},{ 2, 3},{ 4, 5},{ 6, 7},{ 8, 9},{10,11},{12,13},{14,15},{16,17},{18,19},{20,21},{22,23},{24,25},{26,27},{28,29},{30,31},{32,33},{34,35},{36,37},{38,39},{40,41},{42,43},{44,45},{46,47},{48,49},{50,51},{52,53},{54,55},{56,57},{58,59},{60,61},{62,63}}
};

static const unsigned char hzgsvd__inner_mm64[64][32][2] = {
    /*  0 */ {{ 0,63},{ 1,62},{ 2,61},{ 3,60},{ 4,59},{ 5,58},{ 6,57},{ 7,56},{ 8,55},{ 9,54},{10,53},{11,52},{12,51},{13,50},{14,49},{15,48},{16,47},{17,46},{18,45},{19,44},{20,43},{21,42},{22,41},{23,40},{24,39},{25,38},{26,37},{27,36},{28,35},{29,34},{30,33},{31,32}},
    /*  1 */ {{ 1,63},{ 2,62},{ 3,61},{ 4,60},{ 5,59},{ 6,58},{ 7,57},{ 8,56},{ 9,55},{10,54},{11,53},{12,52},{13,51},{14,50},{15,49},{16,48},{17,47},{18,46},{19,45},{20,44},{21,43},{22,42},{23,41},{24,40},{25,39},{26,38},{27,37},{28,36},{29,35},{30,34},{31,33},{ 0,32}},
    /*  2 */ {{ 2,63},{ 3,62},{ 4,61},{ 5,60},{ 6,59},{ 7,58},{ 8,57},{ 9,56},{10,55},{11,54},{12,53},{13,52},{14,51},{15,50},{16,49},{17,48},{18,47},{19,46},{20,45},{21,44},{22,43},{23,42},{24,41},{25,40},{26,39},{27,38},{28,37},{29,36},{30,35},{31,34},{32,33},{ 0, 1}},
    /*  3 */ {{ 3,63},{ 4,62},{ 5,61},{ 6,60},{ 7,59},{ 8,58},{ 9,57},{10,56},{11,55},{12,54},{13,53},{14,52},{15,51},{16,50},{17,49},{18,48},{19,47},{20,46},{21,45},{22,44},{23,43},{24,42},{25,41},{26,40},{27,39},{28,38},{29,37},{30,36},{31,35},{32,34},{ 1,33},{ 0, 2}},
    /*  4 */ {{ 4,63},{ 5,62},{ 6,61},{ 7,60},{ 8,59},{ 9,58},{10,57},{11,56},{12,55},{13,54},{14,53},{15,52},{16,51},{17,50},{18,49},{19,48},{20,47},{21,46},{22,45},{23,44},{24,43},{25,42},{26,41},{27,40},{28,39},{29,38},{30,37},{31,36},{32,35},{33,34},{ 1, 2},{ 0, 3}},
    /*  5 */ {{ 5,63},{ 6,62},{ 7,61},{ 8,60},{ 9,59},{10,58},{11,57},{12,56},{13,55},{14,54},{15,53},{16,52},{17,51},{18,50},{19,49},{20,48},{21,47},{22,46},{23,45},{24,44},{25,43},{26,42},{27,41},{28,40},{29,39},{30,38},{31,37},{32,36},{33,35},{ 2,34},{ 1, 3},{ 0, 4}},
    /*  6 */ {{ 6,63},{ 7,62},{ 8,61},{ 9,60},{10,59},{11,58},{12,57},{13,56},{14,55},{15,54},{16,53},{17,52},{18,51},{19,50},{20,49},{21,48},{22,47},{23,46},{24,45},{25,44},{26,43},{27,42},{28,41},{29,40},{30,39},{31,38},{32,37},{33,36},{34,35},{ 2, 3},{ 1, 4},{ 0, 5}},
    /*  7 */ {{ 7,63},{ 8,62},{ 9,61},{10,60},{11,59},{12,58},{13,57},{14,56},{15,55},{16,54},{17,53},{18,52},{19,51},{20,50},{21,49},{22,48},{23,47},{24,46},{25,45},{26,44},{27,43},{28,42},{29,41},{30,40},{31,39},{32,38},{33,37},{34,36},{ 3,35},{ 2, 4},{ 1, 5},{ 0, 6}},
    /*  8 */ {{ 8,63},{ 9,62},{10,61},{11,60},{12,59},{13,58},{14,57},{15,56},{16,55},{17,54},{18,53},{19,52},{20,51},{21,50},{22,49},{23,48},{24,47},{25,46},{26,45},{27,44},{28,43},{29,42},{30,41},{31,40},{32,39},{33,38},{34,37},{35,36},{ 3, 4},{ 2, 5},{ 1, 6},{ 0, 7}},
    /*  9 */ {{ 9,63},{10,62},{11,61},{12,60},{13,59},{14,58},{15,57},{16,56},{17,55},{18,54},{19,53},{20,52},{21,51},{22,50},{23,49},{24,48},{25,47},{26,46},{27,45},{28,44},{29,43},{30,42},{31,41},{32,40},{33,39},{34,38},{35,37},{ 4,36},{ 3, 5},{ 2, 6},{ 1, 7},{ 0, 8}},
    /* 10 */ {{10,63},{11,62},{12,61},{13,60},{14,59},{15,58},{16,57},{17,56},{18,55},{19,54},{20,53},{21,52},{22,51},{23,50},{24,49},{25,48},{26,47},{27,46},{28,45},{29,44},{30,43},{31,42},{32,41},{33,40},{34,39},{35,38},{36,37},{ 4, 5},{ 3, 6},{ 2, 7},{ 1, 8},{ 0, 9}},
    /* 11 */ {{11,63},{12,62},{13,61},{14,60},{15,59},{16,58},{17,57},{18,56},{19,55},{20,54},{21,53},{22,52},{23,51},{24,50},{25,49},{26,48},{27,47},{28,46},{29,45},{30,44},{31,43},{32,42},{33,41},{34,40},{35,39},{36,38},{ 5,37},{ 4, 6},{ 3, 7},{ 2, 8},{ 1, 9},{ 0,10}},
    /* 12 */ {{12,63},{13,62},{14,61},{15,60},{16,59},{17,58},{18,57},{19,56},{20,55},{21,54},{22,53},{23,52},{24,51},{25,50},{26,49},{27,48},{28,47},{29,46},{30,45},{31,44},{32,43},{33,42},{34,41},{35,40},{36,39},{37,38},{ 5, 6},{ 4, 7},{ 3, 8},{ 2, 9},{ 1,10},{ 0,11}},
    /* 13 */ {{13,63},{14,62},{15,61},{16,60},{17,59},{18,58},{19,57},{20,56},{21,55},{22,54},{23,53},{24,52},{25,51},{26,50},{27,49},{28,48},{29,47},{30,46},{31,45},{32,44},{33,43},{34,42},{35,41},{36,40},{37,39},{ 6,38},{ 5, 7},{ 4, 8},{ 3, 9},{ 2,10},{ 1,11},{ 0,12}},
    /* 14 */ {{14,63},{15,62},{16,61},{17,60},{18,59},{19,58},{20,57},{21,56},{22,55},{23,54},{24,53},{25,52},{26,51},{27,50},{28,49},{29,48},{30,47},{31,46},{32,45},{33,44},{34,43},{35,42},{36,41},{37,40},{38,39},{ 6, 7},{ 5, 8},{ 4, 9},{ 3,10},{ 2,11},{ 1,12},{ 0,13}},
    /* 15 */ {{15,63},{16,62},{17,61},{18,60},{19,59},{20,58},{21,57},{22,56},{23,55},{24,54},{25,53},{26,52},{27,51},{28,50},{29,49},{30,48},{31,47},{32,46},{33,45},{34,44},{35,43},{36,42},{37,41},{38,40},{ 7,39},{ 6, 8},{ 5, 9},{ 4,10},{ 3,11},{ 2,12},{ 1,13},{ 0,14}},
    /* 16 */ {{16,63},{17,62},{18,61},{19,60},{20,59},{21,58},{22,57},{23,56},{24,55},{25,54},{26,53},{27,52},{28,51},{29,50},{30,49},{31,48},{32,47},{33,46},{34,45},{35,44},{36,43},{37,42},{38,41},{39,40},{ 7, 8},{ 6, 9},{ 5,10},{ 4,11},{ 3,12},{ 2,13},{ 1,14},{ 0,15}},
    /* 17 */ {{17,63},{18,62},{19,61},{20,60},{21,59},{22,58},{23,57},{24,56},{25,55},{26,54},{27,53},{28,52},{29,51},{30,50},{31,49},{32,48},{33,47},{34,46},{35,45},{36,44},{37,43},{38,42},{39,41},{ 8,40},{ 7, 9},{ 6,10},{ 5,11},{ 4,12},{ 3,13},{ 2,14},{ 1,15},{ 0,16}},
    /* 18 */ {{18,63},{19,62},{20,61},{21,60},{22,59},{23,58},{24,57},{25,56},{26,55},{27,54},{28,53},{29,52},{30,51},{31,50},{32,49},{33,48},{34,47},{35,46},{36,45},{37,44},{38,43},{39,42},{40,41},{ 8, 9},{ 7,10},{ 6,11},{ 5,12},{ 4,13},{ 3,14},{ 2,15},{ 1,16},{ 0,17}},
    /* 19 */ {{19,63},{20,62},{21,61},{22,60},{23,59},{24,58},{25,57},{26,56},{27,55},{28,54},{29,53},{30,52},{31,51},{32,50},{33,49},{34,48},{35,47},{36,46},{37,45},{38,44},{39,43},{40,42},{ 9,41},{ 8,10},{ 7,11},{ 6,12},{ 5,13},{ 4,14},{ 3,15},{ 2,16},{ 1,17},{ 0,18}},
    /* 20 */ {{20,63},{21,62},{22,61},{23,60},{24,59},{25,58},{26,57},{27,56},{28,55},{29,54},{30,53},{31,52},{32,51},{33,50},{34,49},{35,48},{36,47},{37,46},{38,45},{39,44},{40,43},{41,42},{ 9,10},{ 8,11},{ 7,12},{ 6,13},{ 5,14},{ 4,15},{ 3,16},{ 2,17},{ 1,18},{ 0,19}},
    /* 21 */ {{21,63},{22,62},{23,61},{24,60},{25,59},{26,58},{27,57},{28,56},{29,55},{30,54},{31,53},{32,52},{33,51},{34,50},{35,49},{36,48},{37,47},{38,46},{39,45},{40,44},{41,43},{10,42},{ 9,11},{ 8,12},{ 7,13},{ 6,14},{ 5,15},{ 4,16},{ 3,17},{ 2,18},{ 1,19},{ 0,20}},
    /* 22 */ {{22,63},{23,62},{24,61},{25,60},{26,59},{27,58},{28,57},{29,56},{30,55},{31,54},{32,53},{33,52},{34,51},{35,50},{36,49},{37,48},{38,47},{39,46},{40,45},{41,44},{42,43},{10,11},{ 9,12},{ 8,13},{ 7,14},{ 6,15},{ 5,16},{ 4,17},{ 3,18},{ 2,19},{ 1,20},{ 0,21}},
    /* 23 */ {{23,63},{24,62},{25,61},{26,60},{27,59},{28,58},{29,57},{30,56},{31,55},{32,54},{33,53},{34,52},{35,51},{36,50},{37,49},{38,48},{39,47},{40,46},{41,45},{42,44},{11,43},{10,12},{ 9,13},{ 8,14},{ 7,15},{ 6,16},{ 5,17},{ 4,18},{ 3,19},{ 2,20},{ 1,21},{ 0,22}},
    /* 24 */ {{24,63},{25,62},{26,61},{27,60},{28,59},{29,58},{30,57},{31,56},{32,55},{33,54},{34,53},{35,52},{36,51},{37,50},{38,49},{39,48},{40,47},{41,46},{42,45},{43,44},{11,12},{10,13},{ 9,14},{ 8,15},{ 7,16},{ 6,17},{ 5,18},{ 4,19},{ 3,20},{ 2,21},{ 1,22},{ 0,23}},
    /* 25 */ {{25,63},{26,62},{27,61},{28,60},{29,59},{30,58},{31,57},{32,56},{33,55},{34,54},{35,53},{36,52},{37,51},{38,50},{39,49},{40,48},{41,47},{42,46},{43,45},{12,44},{11,13},{10,14},{ 9,15},{ 8,16},{ 7,17},{ 6,18},{ 5,19},{ 4,20},{ 3,21},{ 2,22},{ 1,23},{ 0,24}},
    /* 26 */ {{26,63},{27,62},{28,61},{29,60},{30,59},{31,58},{32,57},{33,56},{34,55},{35,54},{36,53},{37,52},{38,51},{39,50},{40,49},{41,48},{42,47},{43,46},{44,45},{12,13},{11,14},{10,15},{ 9,16},{ 8,17},{ 7,18},{ 6,19},{ 5,20},{ 4,21},{ 3,22},{ 2,23},{ 1,24},{ 0,25}},
    /* 27 */ {{27,63},{28,62},{29,61},{30,60},{31,59},{32,58},{33,57},{34,56},{35,55},{36,54},{37,53},{38,52},{39,51},{40,50},{41,49},{42,48},{43,47},{44,46},{13,45},{12,14},{11,15},{10,16},{ 9,17},{ 8,18},{ 7,19},{ 6,20},{ 5,21},{ 4,22},{ 3,23},{ 2,24},{ 1,25},{ 0,26}},
    /* 28 */ {{28,63},{29,62},{30,61},{31,60},{32,59},{33,58},{34,57},{35,56},{36,55},{37,54},{38,53},{39,52},{40,51},{41,50},{42,49},{43,48},{44,47},{45,46},{13,14},{12,15},{11,16},{10,17},{ 9,18},{ 8,19},{ 7,20},{ 6,21},{ 5,22},{ 4,23},{ 3,24},{ 2,25},{ 1,26},{ 0,27}},
    /* 29 */ {{29,63},{30,62},{31,61},{32,60},{33,59},{34,58},{35,57},{36,56},{37,55},{38,54},{39,53},{40,52},{41,51},{42,50},{43,49},{44,48},{45,47},{14,46},{13,15},{12,16},{11,17},{10,18},{ 9,19},{ 8,20},{ 7,21},{ 6,22},{ 5,23},{ 4,24},{ 3,25},{ 2,26},{ 1,27},{ 0,28}},
    /* 30 */ {{30,63},{31,62},{32,61},{33,60},{34,59},{35,58},{36,57},{37,56},{38,55},{39,54},{40,53},{41,52},{42,51},{43,50},{44,49},{45,48},{46,47},{14,15},{13,16},{12,17},{11,18},{10,19},{ 9,20},{ 8,21},{ 7,22},{ 6,23},{ 5,24},{ 4,25},{ 3,26},{ 2,27},{ 1,28},{ 0,29}},
    /* 31 */ {{31,63},{32,62},{33,61},{34,60},{35,59},{36,58},{37,57},{38,56},{39,55},{40,54},{41,53},{42,52},{43,51},{44,50},{45,49},{46,48},{15,47},{14,16},{13,17},{12,18},{11,19},{10,20},{ 9,21},{ 8,22},{ 7,23},{ 6,24},{ 5,25},{ 4,26},{ 3,27},{ 2,28},{ 1,29},{ 0,30}},
    /* 32 */ {{32,63},{33,62},{34,61},{35,60},{36,59},{37,58},{38,57},{39,56},{40,55},{41,54},{42,53},{43,52},{44,51},{45,50},{46,49},{47,48},{15,16},{14,17},{13,18},{12,19},{11,20},{10,21},{ 9,22},{ 8,23},{ 7,24},{ 6,25},{ 5,26},{ 4,27},{ 3,28},{ 2,29},{ 1,30},{ 0,31}},
    /* 33 */ {{33,63},{34,62},{35,61},{36,60},{37,59},{38,58},{39,57},{40,56},{41,55},{42,54},{43,53},{44,52},{45,51},{46,50},{47,49},{16,48},{15,17},{14,18},{13,19},{12,20},{11,21},{10,22},{ 9,23},{ 8,24},{ 7,25},{ 6,26},{ 5,27},{ 4,28},{ 3,29},{ 2,30},{ 1,31},{ 0,32}},
    /* 34 */ {{34,63},{35,62},{36,61},{37,60},{38,59},{39,58},{40,57},{41,56},{42,55},{43,54},{44,53},{45,52},{46,51},{47,50},{48,49},{16,17},{15,18},{14,19},{13,20},{12,21},{11,22},{10,23},{ 9,24},{ 8,25},{ 7,26},{ 6,27},{ 5,28},{ 4,29},{ 3,30},{ 2,31},{ 1,32},{ 0,33}},
    /* 35 */ {{35,63},{36,62},{37,61},{38,60},{39,59},{40,58},{41,57},{42,56},{43,55},{44,54},{45,53},{46,52},{47,51},{48,50},{17,49},{16,18},{15,19},{14,20},{13,21},{12,22},{11,23},{10,24},{ 9,25},{ 8,26},{ 7,27},{ 6,28},{ 5,29},{ 4,30},{ 3,31},{ 2,32},{ 1,33},{ 0,34}},
    /* 36 */ {{36,63},{37,62},{38,61},{39,60},{40,59},{41,58},{42,57},{43,56},{44,55},{45,54},{46,53},{47,52},{48,51},{49,50},{17,18},{16,19},{15,20},{14,21},{13,22},{12,23},{11,24},{10,25},{ 9,26},{ 8,27},{ 7,28},{ 6,29},{ 5,30},{ 4,31},{ 3,32},{ 2,33},{ 1,34},{ 0,35}},
    /* 37 */ {{37,63},{38,62},{39,61},{40,60},{41,59},{42,58},{43,57},{44,56},{45,55},{46,54},{47,53},{48,52},{49,51},{18,50},{17,19},{16,20},{15,21},{14,22},{13,23},{12,24},{11,25},{10,26},{ 9,27},{ 8,28},{ 7,29},{ 6,30},{ 5,31},{ 4,32},{ 3,33},{ 2,34},{ 1,35},{ 0,36}},
    /* 38 */ {{38,63},{39,62},{40,61},{41,60},{42,59},{43,58},{44,57},{45,56},{46,55},{47,54},{48,53},{49,52},{50,51},{18,19},{17,20},{16,21},{15,22},{14,23},{13,24},{12,25},{11,26},{10,27},{ 9,28},{ 8,29},{ 7,30},{ 6,31},{ 5,32},{ 4,33},{ 3,34},{ 2,35},{ 1,36},{ 0,37}},
    /* 39 */ {{39,63},{40,62},{41,61},{42,60},{43,59},{44,58},{45,57},{46,56},{47,55},{48,54},{49,53},{50,52},{19,51},{18,20},{17,21},{16,22},{15,23},{14,24},{13,25},{12,26},{11,27},{10,28},{ 9,29},{ 8,30},{ 7,31},{ 6,32},{ 5,33},{ 4,34},{ 3,35},{ 2,36},{ 1,37},{ 0,38}},
    /* 40 */ {{40,63},{41,62},{42,61},{43,60},{44,59},{45,58},{46,57},{47,56},{48,55},{49,54},{50,53},{51,52},{19,20},{18,21},{17,22},{16,23},{15,24},{14,25},{13,26},{12,27},{11,28},{10,29},{ 9,30},{ 8,31},{ 7,32},{ 6,33},{ 5,34},{ 4,35},{ 3,36},{ 2,37},{ 1,38},{ 0,39}},
    /* 41 */ {{41,63},{42,62},{43,61},{44,60},{45,59},{46,58},{47,57},{48,56},{49,55},{50,54},{51,53},{20,52},{19,21},{18,22},{17,23},{16,24},{15,25},{14,26},{13,27},{12,28},{11,29},{10,30},{ 9,31},{ 8,32},{ 7,33},{ 6,34},{ 5,35},{ 4,36},{ 3,37},{ 2,38},{ 1,39},{ 0,40}},
    /* 42 */ {{42,63},{43,62},{44,61},{45,60},{46,59},{47,58},{48,57},{49,56},{50,55},{51,54},{52,53},{20,21},{19,22},{18,23},{17,24},{16,25},{15,26},{14,27},{13,28},{12,29},{11,30},{10,31},{ 9,32},{ 8,33},{ 7,34},{ 6,35},{ 5,36},{ 4,37},{ 3,38},{ 2,39},{ 1,40},{ 0,41}},
    /* 43 */ {{43,63},{44,62},{45,61},{46,60},{47,59},{48,58},{49,57},{50,56},{51,55},{52,54},{21,53},{20,22},{19,23},{18,24},{17,25},{16,26},{15,27},{14,28},{13,29},{12,30},{11,31},{10,32},{ 9,33},{ 8,34},{ 7,35},{ 6,36},{ 5,37},{ 4,38},{ 3,39},{ 2,40},{ 1,41},{ 0,42}},
    /* 44 */ {{44,63},{45,62},{46,61},{47,60},{48,59},{49,58},{50,57},{51,56},{52,55},{53,54},{21,22},{20,23},{19,24},{18,25},{17,26},{16,27},{15,28},{14,29},{13,30},{12,31},{11,32},{10,33},{ 9,34},{ 8,35},{ 7,36},{ 6,37},{ 5,38},{ 4,39},{ 3,40},{ 2,41},{ 1,42},{ 0,43}},
    /* 45 */ {{45,63},{46,62},{47,61},{48,60},{49,59},{50,58},{51,57},{52,56},{53,55},{22,54},{21,23},{20,24},{19,25},{18,26},{17,27},{16,28},{15,29},{14,30},{13,31},{12,32},{11,33},{10,34},{ 9,35},{ 8,36},{ 7,37},{ 6,38},{ 5,39},{ 4,40},{ 3,41},{ 2,42},{ 1,43},{ 0,44}},
    /* 46 */ {{46,63},{47,62},{48,61},{49,60},{50,59},{51,58},{52,57},{53,56},{54,55},{22,23},{21,24},{20,25},{19,26},{18,27},{17,28},{16,29},{15,30},{14,31},{13,32},{12,33},{11,34},{10,35},{ 9,36},{ 8,37},{ 7,38},{ 6,39},{ 5,40},{ 4,41},{ 3,42},{ 2,43},{ 1,44},{ 0,45}},
    /* 47 */ {{47,63},{48,62},{49,61},{50,60},{51,59},{52,58},{53,57},{54,56},{23,55},{22,24},{21,25},{20,26},{19,27},{18,28},{17,29},{16,30},{15,31},{14,32},{13,33},{12,34},{11,35},{10,36},{ 9,37},{ 8,38},{ 7,39},{ 6,40},{ 5,41},{ 4,42},{ 3,43},{ 2,44},{ 1,45},{ 0,46}},
    /* 48 */ {{48,63},{49,62},{50,61},{51,60},{52,59},{53,58},{54,57},{55,56},{23,24},{22,25},{21,26},{20,27},{19,28},{18,29},{17,30},{16,31},{15,32},{14,33},{13,34},{12,35},{11,36},{10,37},{ 9,38},{ 8,39},{ 7,40},{ 6,41},{ 5,42},{ 4,43},{ 3,44},{ 2,45},{ 1,46},{ 0,47}},
    /* 49 */ {{49,63},{50,62},{51,61},{52,60},{53,59},{54,58},{55,57},{24,56},{23,25},{22,26},{21,27},{20,28},{19,29},{18,30},{17,31},{16,32},{15,33},{14,34},{13,35},{12,36},{11,37},{10,38},{ 9,39},{ 8,40},{ 7,41},{ 6,42},{ 5,43},{ 4,44},{ 3,45},{ 2,46},{ 1,47},{ 0,48}},
    /* 50 */ {{50,63},{51,62},{52,61},{53,60},{54,59},{55,58},{56,57},{24,25},{23,26},{22,27},{21,28},{20,29},{19,30},{18,31},{17,32},{16,33},{15,34},{14,35},{13,36},{12,37},{11,38},{10,39},{ 9,40},{ 8,41},{ 7,42},{ 6,43},{ 5,44},{ 4,45},{ 3,46},{ 2,47},{ 1,48},{ 0,49}},
    /* 51 */ {{51,63},{52,62},{53,61},{54,60},{55,59},{56,58},{25,57},{24,26},{23,27},{22,28},{21,29},{20,30},{19,31},{18,32},{17,33},{16,34},{15,35},{14,36},{13,37},{12,38},{11,39},{10,40},{ 9,41},{ 8,42},{ 7,43},{ 6,44},{ 5,45},{ 4,46},{ 3,47},{ 2,48},{ 1,49},{ 0,50}},
    /* 52 */ {{52,63},{53,62},{54,61},{55,60},{56,59},{57,58},{25,26},{24,27},{23,28},{22,29},{21,30},{20,31},{19,32},{18,33},{17,34},{16,35},{15,36},{14,37},{13,38},{12,39},{11,40},{10,41},{ 9,42},{ 8,43},{ 7,44},{ 6,45},{ 5,46},{ 4,47},{ 3,48},{ 2,49},{ 1,50},{ 0,51}},
    /* 53 */ {{53,63},{54,62},{55,61},{56,60},{57,59},{26,58},{25,27},{24,28},{23,29},{22,30},{21,31},{20,32},{19,33},{18,34},{17,35},{16,36},{15,37},{14,38},{13,39},{12,40},{11,41},{10,42},{ 9,43},{ 8,44},{ 7,45},{ 6,46},{ 5,47},{ 4,48},{ 3,49},{ 2,50},{ 1,51},{ 0,52}},
    /* 54 */ {{54,63},{55,62},{56,61},{57,60},{58,59},{26,27},{25,28},{24,29},{23,30},{22,31},{21,32},{20,33},{19,34},{18,35},{17,36},{16,37},{15,38},{14,39},{13,40},{12,41},{11,42},{10,43},{ 9,44},{ 8,45},{ 7,46},{ 6,47},{ 5,48},{ 4,49},{ 3,50},{ 2,51},{ 1,52},{ 0,53}},
    /* 55 */ {{55,63},{56,62},{57,61},{58,60},{27,59},{26,28},{25,29},{24,30},{23,31},{22,32},{21,33},{20,34},{19,35},{18,36},{17,37},{16,38},{15,39},{14,40},{13,41},{12,42},{11,43},{10,44},{ 9,45},{ 8,46},{ 7,47},{ 6,48},{ 5,49},{ 4,50},{ 3,51},{ 2,52},{ 1,53},{ 0,54}},
    /* 56 */ {{56,63},{57,62},{58,61},{59,60},{27,28},{26,29},{25,30},{24,31},{23,32},{22,33},{21,34},{20,35},{19,36},{18,37},{17,38},{16,39},{15,40},{14,41},{13,42},{12,43},{11,44},{10,45},{ 9,46},{ 8,47},{ 7,48},{ 6,49},{ 5,50},{ 4,51},{ 3,52},{ 2,53},{ 1,54},{ 0,55}},
    /* 57 */ {{57,63},{58,62},{59,61},{28,60},{27,29},{26,30},{25,31},{24,32},{23,33},{22,34},{21,35},{20,36},{19,37},{18,38},{17,39},{16,40},{15,41},{14,42},{13,43},{12,44},{11,45},{10,46},{ 9,47},{ 8,48},{ 7,49},{ 6,50},{ 5,51},{ 4,52},{ 3,53},{ 2,54},{ 1,55},{ 0,56}},
    /* 58 */ {{58,63},{59,62},{60,61},{28,29},{27,30},{26,31},{25,32},{24,33},{23,34},{22,35},{21,36},{20,37},{19,38},{18,39},{17,40},{16,41},{15,42},{14,43},{13,44},{12,45},{11,46},{10,47},{ 9,48},{ 8,49},{ 7,50},{ 6,51},{ 5,52},{ 4,53},{ 3,54},{ 2,55},{ 1,56},{ 0,57}},
    /* 59 */ {{59,63},{60,62},{29,61},{28,30},{27,31},{26,32},{25,33},{24,34},{23,35},{22,36},{21,37},{20,38},{19,39},{18,40},{17,41},{16,42},{15,43},{14,44},{13,45},{12,46},{11,47},{10,48},{ 9,49},{ 8,50},{ 7,51},{ 6,52},{ 5,53},{ 4,54},{ 3,55},{ 2,56},{ 1,57},{ 0,58}},
    /* 60 */ {{60,63},{61,62},{29,30},{28,31},{27,32},{26,33},{25,34},{24,35},{23,36},{22,37},{21,38},{20,39},{19,40},{18,41},{17,42},{16,43},{15,44},{14,45},{13,46},{12,47},{11,48},{10,49},{ 9,50},{ 8,51},{ 7,52},{ 6,53},{ 5,54},{ 4,55},{ 3,56},{ 2,57},{ 1,58},{ 0,59}},
    /* 61 */ {{61,63},{30,62},{29,31},{28,32},{27,33},{26,34},{25,35},{24,36},{23,37},{22,38},{21,39},{20,40},{19,41},{18,42},{17,43},{16,44},{15,45},{14,46},{13,47},{12,48},{11,49},{10,50},{ 9,51},{ 8,52},{ 7,53},{ 6,54},{ 5,55},{ 4,56},{ 3,57},{ 2,58},{ 1,59},{ 0,60}},
    /* 62 */ {{62,63},{30,31},{29,32},{28,33},{27,34},{26,35},{25,36},{24,37},{23,38},{22,39},{21,40},{20,41},{19,42},{18,43},{17,44},{16,45},{15,46},{14,47},{13,48},{12,49},{11,50},{10,51},{ 9,52},{ 8,53},{ 7,54},{ 6,55},{ 5,56},{ 4,57},{ 3,58},{ 2,59},{ 1,60},{ 0,61}},
    /* 63 */ {{31,63},{30,32},{29,33},{28,34},{27,35},{26,36},{25,37},{24,38},{23,39},{22,40},{21,41},{20,42},{19,43},{18,44},{17,45},{16,46},{15,47},{14,48},{13,49},{12,50},{11,51},{10,52},{ 9,53},{ 8,54},{ 7,55},{ 6,56},{ 5,57},{ 4,58},{ 3,59},{ 2,60},{ 1,61},{ 0,62}}
};

#ifdef __CUDACC__
static __constant__ unsigned char hzgsvd__cinner_me32[31][16][2] = {
    /*  0 */ {{ 0,31},{ 1,30},{ 2,29},{ 3,28},{ 4,27},{ 5,26},{ 6,25},{ 7,24},{ 8,23},{ 9,22},{10,21},{11,20},{12,19},{13,18},{14,17},{15,16}},
    /*  1 */ {{ 0,30},{ 1,31},{ 2,28},{ 3,29},{ 4,26},{ 5,27},{ 6,24},{ 7,25},{ 8,22},{ 9,23},{10,20},{11,21},{12,18},{13,19},{14,16},{15,17}},
    /*  2 */ {{ 0,29},{ 1,28},{ 2,31},{ 3,30},{ 4,25},{ 5,24},{ 6,27},{ 7,26},{ 8,21},{ 9,20},{10,23},{11,22},{12,17},{13,16},{14,19},{15,18}},
    /*  3 */ {{ 0,28},{ 1,29},{ 2,30},{ 3,31},{ 4,24},{ 5,25},{ 6,26},{ 7,27},{ 8,20},{ 9,21},{10,22},{11,23},{12,16},{13,17},{14,18},{15,19}},
    /*  4 */ {{ 0,27},{ 1,26},{ 2,25},{ 3,24},{ 4,31},{ 5,30},{ 6,29},{ 7,28},{ 8,19},{ 9,18},{10,17},{11,16},{12,23},{13,22},{14,21},{15,20}},
    /*  5 */ {{ 0,26},{ 1,27},{ 2,24},{ 3,25},{ 4,30},{ 5,31},{ 6,28},{ 7,29},{ 8,18},{ 9,19},{10,16},{11,17},{12,22},{13,23},{14,20},{15,21}},
    /*  6 */ {{ 0,25},{ 1,24},{ 2,27},{ 3,26},{ 4,29},{ 5,28},{ 6,31},{ 7,30},{ 8,17},{ 9,16},{10,19},{11,18},{12,21},{13,20},{14,23},{15,22}},
    /*  7 */ {{ 0,24},{ 1,25},{ 2,26},{ 3,27},{ 4,28},{ 5,29},{ 6,30},{ 7,31},{ 8,16},{ 9,17},{10,18},{11,19},{12,20},{13,21},{14,22},{15,23}},
    /*  8 */ {{ 0,23},{ 1,22},{ 2,21},{ 3,20},{ 4,19},{ 5,18},{ 6,17},{ 7,16},{ 8,31},{ 9,30},{10,29},{11,28},{12,27},{13,26},{14,25},{15,24}},
    /*  9 */ {{ 0,22},{ 1,23},{ 2,20},{ 3,21},{ 4,18},{ 5,19},{ 6,16},{ 7,17},{ 8,30},{ 9,31},{10,28},{11,29},{12,26},{13,27},{14,24},{15,25}},
    /* 10 */ {{ 0,21},{ 1,20},{ 2,23},{ 3,22},{ 4,17},{ 5,16},{ 6,19},{ 7,18},{ 8,29},{ 9,28},{10,31},{11,30},{12,25},{13,24},{14,27},{15,26}},
    /* 11 */ {{ 0,20},{ 1,21},{ 2,22},{ 3,23},{ 4,16},{ 5,17},{ 6,18},{ 7,19},{ 8,28},{ 9,29},{10,30},{11,31},{12,24},{13,25},{14,26},{15,27}},
    /* 12 */ {{ 0,19},{ 1,18},{ 2,17},{ 3,16},{ 4,23},{ 5,22},{ 6,21},{ 7,20},{ 8,27},{ 9,26},{10,25},{11,24},{12,31},{13,30},{14,29},{15,28}},
    /* 13 */ {{ 0,18},{ 1,19},{ 2,16},{ 3,17},{ 4,22},{ 5,23},{ 6,20},{ 7,21},{ 8,26},{ 9,27},{10,24},{11,25},{12,30},{13,31},{14,28},{15,29}},
    /* 14 */ {{ 0,17},{ 1,16},{ 2,19},{ 3,18},{ 4,21},{ 5,20},{ 6,23},{ 7,22},{ 8,25},{ 9,24},{10,27},{11,26},{12,29},{13,28},{14,31},{15,30}},
    /* 15 */ {{ 0,16},{ 1,17},{ 2,18},{ 3,19},{ 4,20},{ 5,21},{ 6,22},{ 7,23},{ 8,24},{ 9,25},{10,26},{11,27},{12,28},{13,29},{14,30},{15,31}},
    /* 16 */ {{ 0,15},{ 1,14},{ 2,13},{ 3,12},{ 4,11},{ 5,10},{ 6, 9},{ 7, 8},{16,31},{17,30},{18,29},{19,28},{20,27},{21,26},{22,25},{23,24}},
    /* 17 */ {{ 0,14},{ 1,15},{ 2,12},{ 3,13},{ 4,10},{ 5,11},{ 6, 8},{ 7, 9},{16,30},{17,31},{18,28},{19,29},{20,26},{21,27},{22,24},{23,25}},
    /* 18 */ {{ 0,13},{ 1,12},{ 2,15},{ 3,14},{ 4, 9},{ 5, 8},{ 6,11},{ 7,10},{16,29},{17,28},{18,31},{19,30},{20,25},{21,24},{22,27},{23,26}},
    /* 19 */ {{ 0,12},{ 1,13},{ 2,14},{ 3,15},{ 4, 8},{ 5, 9},{ 6,10},{ 7,11},{16,28},{17,29},{18,30},{19,31},{20,24},{21,25},{22,26},{23,27}},
    /* 20 */ {{ 0,11},{ 1,10},{ 2, 9},{ 3, 8},{ 4,15},{ 5,14},{ 6,13},{ 7,12},{16,27},{17,26},{18,25},{19,24},{20,31},{21,30},{22,29},{23,28}},
    /* 21 */ {{ 0,10},{ 1,11},{ 2, 8},{ 3, 9},{ 4,14},{ 5,15},{ 6,12},{ 7,13},{16,26},{17,27},{18,24},{19,25},{20,30},{21,31},{22,28},{23,29}},
    /* 22 */ {{ 0, 9},{ 1, 8},{ 2,11},{ 3,10},{ 4,13},{ 5,12},{ 6,15},{ 7,14},{16,25},{17,24},{18,27},{19,26},{20,29},{21,28},{22,31},{23,30}},
    /* 23 */ {{ 0, 8},{ 1, 9},{ 2,10},{ 3,11},{ 4,12},{ 5,13},{ 6,14},{ 7,15},{16,24},{17,25},{18,26},{19,27},{20,28},{21,29},{22,30},{23,31}},
    /* 24 */ {{ 0, 7},{ 1, 6},{ 2, 5},{ 3, 4},{ 8,15},{ 9,14},{10,13},{11,12},{16,23},{17,22},{18,21},{19,20},{24,31},{25,30},{26,29},{27,28}},
    /* 25 */ {{ 0, 6},{ 1, 7},{ 2, 4},{ 3, 5},{ 8,14},{ 9,15},{10,12},{11,13},{16,22},{17,23},{18,20},{19,21},{24,30},{25,31},{26,28},{27,29}},
    /* 26 */ {{ 0, 5},{ 1, 4},{ 2, 7},{ 3, 6},{ 8,13},{ 9,12},{10,15},{11,14},{16,21},{17,20},{18,23},{19,22},{24,29},{25,28},{26,31},{27,30}},
    /* 27 */ {{ 0, 4},{ 1, 5},{ 2, 6},{ 3, 7},{ 8,12},{ 9,13},{10,14},{11,15},{16,20},{17,21},{18,22},{19,23},{24,28},{25,29},{26,30},{27,31}},
    /* 28 */ {{ 0, 3},{ 1, 2},{ 4, 7},{ 5, 6},{ 8,11},{ 9,10},{12,15},{13,14},{16,19},{17,18},{20,23},{21,22},{24,27},{25,26},{28,31},{29,30}},
    /* 29 */ {{ 0, 2},{ 1, 3},{ 4, 6},{ 5, 7},{ 8,10},{ 9,11},{12,14},{13,15},{16,18},{17,19},{20,22},{21,23},{24,26},{25,27},{28,30},{29,31}},
    /* 30 */ {{ 0, 1},{ 2, 3},{ 4, 5},{ 6, 7},{ 8, 9},{10,11},{12,13},{14,15},{16,17},{18,19},{20,21},{22,23},{24,25},{26,27},{28,29},{30,31}}
};

static __constant__ unsigned char hzgsvd__cinner_mm32[32][16][2] = {
    /*  0 */ {{ 0,31},{ 1,30},{ 2,29},{ 3,28},{ 4,27},{ 5,26},{ 6,25},{ 7,24},{ 8,23},{ 9,22},{10,21},{11,20},{12,19},{13,18},{14,17},{15,16}},
    /*  1 */ {{ 1,31},{ 2,30},{ 3,29},{ 4,28},{ 5,27},{ 6,26},{ 7,25},{ 8,24},{ 9,23},{10,22},{11,21},{12,20},{13,19},{14,18},{15,17},{ 0,16}},
    /*  2 */ {{ 2,31},{ 3,30},{ 4,29},{ 5,28},{ 6,27},{ 7,26},{ 8,25},{ 9,24},{10,23},{11,22},{12,21},{13,20},{14,19},{15,18},{16,17},{ 0, 1}},
    /*  3 */ {{ 3,31},{ 4,30},{ 5,29},{ 6,28},{ 7,27},{ 8,26},{ 9,25},{10,24},{11,23},{12,22},{13,21},{14,20},{15,19},{16,18},{ 1,17},{ 0, 2}},
    /*  4 */ {{ 4,31},{ 5,30},{ 6,29},{ 7,28},{ 8,27},{ 9,26},{10,25},{11,24},{12,23},{13,22},{14,21},{15,20},{16,19},{17,18},{ 1, 2},{ 0, 3}},
    /*  5 */ {{ 5,31},{ 6,30},{ 7,29},{ 8,28},{ 9,27},{10,26},{11,25},{12,24},{13,23},{14,22},{15,21},{16,20},{17,19},{ 2,18},{ 1, 3},{ 0, 4}},
    /*  6 */ {{ 6,31},{ 7,30},{ 8,29},{ 9,28},{10,27},{11,26},{12,25},{13,24},{14,23},{15,22},{16,21},{17,20},{18,19},{ 2, 3},{ 1, 4},{ 0, 5}},
    /*  7 */ {{ 7,31},{ 8,30},{ 9,29},{10,28},{11,27},{12,26},{13,25},{14,24},{15,23},{16,22},{17,21},{18,20},{ 3,19},{ 2, 4},{ 1, 5},{ 0, 6}},
    /*  8 */ {{ 8,31},{ 9,30},{10,29},{11,28},{12,27},{13,26},{14,25},{15,24},{16,23},{17,22},{18,21},{19,20},{ 3, 4},{ 2, 5},{ 1, 6},{ 0, 7}},
    /*  9 */ {{ 9,31},{10,30},{11,29},{12,28},{13,27},{14,26},{15,25},{16,24},{17,23},{18,22},{19,21},{ 4,20},{ 3, 5},{ 2, 6},{ 1, 7},{ 0, 8}},
    /* 10 */ {{10,31},{11,30},{12,29},{13,28},{14,27},{15,26},{16,25},{17,24},{18,23},{19,22},{20,21},{ 4, 5},{ 3, 6},{ 2, 7},{ 1, 8},{ 0, 9}},
    /* 11 */ {{11,31},{12,30},{13,29},{14,28},{15,27},{16,26},{17,25},{18,24},{19,23},{20,22},{ 5,21},{ 4, 6},{ 3, 7},{ 2, 8},{ 1, 9},{ 0,10}},
    /* 12 */ {{12,31},{13,30},{14,29},{15,28},{16,27},{17,26},{18,25},{19,24},{20,23},{21,22},{ 5, 6},{ 4, 7},{ 3, 8},{ 2, 9},{ 1,10},{ 0,11}},
    /* 13 */ {{13,31},{14,30},{15,29},{16,28},{17,27},{18,26},{19,25},{20,24},{21,23},{ 6,22},{ 5, 7},{ 4, 8},{ 3, 9},{ 2,10},{ 1,11},{ 0,12}},
    /* 14 */ {{14,31},{15,30},{16,29},{17,28},{18,27},{19,26},{20,25},{21,24},{22,23},{ 6, 7},{ 5, 8},{ 4, 9},{ 3,10},{ 2,11},{ 1,12},{ 0,13}},
    /* 15 */ {{15,31},{16,30},{17,29},{18,28},{19,27},{20,26},{21,25},{22,24},{ 7,23},{ 6, 8},{ 5, 9},{ 4,10},{ 3,11},{ 2,12},{ 1,13},{ 0,14}},
    /* 16 */ {{16,31},{17,30},{18,29},{19,28},{20,27},{21,26},{22,25},{23,24},{ 7, 8},{ 6, 9},{ 5,10},{ 4,11},{ 3,12},{ 2,13},{ 1,14},{ 0,15}},
    /* 17 */ {{17,31},{18,30},{19,29},{20,28},{21,27},{22,26},{23,25},{ 8,24},{ 7, 9},{ 6,10},{ 5,11},{ 4,12},{ 3,13},{ 2,14},{ 1,15},{ 0,16}},
    /* 18 */ {{18,31},{19,30},{20,29},{21,28},{22,27},{23,26},{24,25},{ 8, 9},{ 7,10},{ 6,11},{ 5,12},{ 4,13},{ 3,14},{ 2,15},{ 1,16},{ 0,17}},
    /* 19 */ {{19,31},{20,30},{21,29},{22,28},{23,27},{24,26},{ 9,25},{ 8,10},{ 7,11},{ 6,12},{ 5,13},{ 4,14},{ 3,15},{ 2,16},{ 1,17},{ 0,18}},
    /* 20 */ {{20,31},{21,30},{22,29},{23,28},{24,27},{25,26},{ 9,10},{ 8,11},{ 7,12},{ 6,13},{ 5,14},{ 4,15},{ 3,16},{ 2,17},{ 1,18},{ 0,19}},
    /* 21 */ {{21,31},{22,30},{23,29},{24,28},{25,27},{10,26},{ 9,11},{ 8,12},{ 7,13},{ 6,14},{ 5,15},{ 4,16},{ 3,17},{ 2,18},{ 1,19},{ 0,20}},
    /* 22 */ {{22,31},{23,30},{24,29},{25,28},{26,27},{10,11},{ 9,12},{ 8,13},{ 7,14},{ 6,15},{ 5,16},{ 4,17},{ 3,18},{ 2,19},{ 1,20},{ 0,21}},
    /* 23 */ {{23,31},{24,30},{25,29},{26,28},{11,27},{10,12},{ 9,13},{ 8,14},{ 7,15},{ 6,16},{ 5,17},{ 4,18},{ 3,19},{ 2,20},{ 1,21},{ 0,22}},
    /* 24 */ {{24,31},{25,30},{26,29},{27,28},{11,12},{10,13},{ 9,14},{ 8,15},{ 7,16},{ 6,17},{ 5,18},{ 4,19},{ 3,20},{ 2,21},{ 1,22},{ 0,23}},
    /* 25 */ {{25,31},{26,30},{27,29},{12,28},{11,13},{10,14},{ 9,15},{ 8,16},{ 7,17},{ 6,18},{ 5,19},{ 4,20},{ 3,21},{ 2,22},{ 1,23},{ 0,24}},
    /* 26 */ {{26,31},{27,30},{28,29},{12,13},{11,14},{10,15},{ 9,16},{ 8,17},{ 7,18},{ 6,19},{ 5,20},{ 4,21},{ 3,22},{ 2,23},{ 1,24},{ 0,25}},
    /* 27 */ {{27,31},{28,30},{13,29},{12,14},{11,15},{10,16},{ 9,17},{ 8,18},{ 7,19},{ 6,20},{ 5,21},{ 4,22},{ 3,23},{ 2,24},{ 1,25},{ 0,26}},
    /* 28 */ {{28,31},{29,30},{13,14},{12,15},{11,16},{10,17},{ 9,18},{ 8,19},{ 7,20},{ 6,21},{ 5,22},{ 4,23},{ 3,24},{ 2,25},{ 1,26},{ 0,27}},
    /* 29 */ {{29,31},{14,30},{13,15},{12,16},{11,17},{10,18},{ 9,19},{ 8,20},{ 7,21},{ 6,22},{ 5,23},{ 4,24},{ 3,25},{ 2,26},{ 1,27},{ 0,28}},
    /* 30 */ {{30,31},{14,15},{13,16},{12,17},{11,18},{10,19},{ 9,20},{ 8,21},{ 7,22},{ 6,23},{ 5,24},{ 4,25},{ 3,26},{ 2,27},{ 1,28},{ 0,29}},
    /* 31 */ {{15,31},{14,16},{13,17},{12,18},{11,19},{10,20},{ 9,21},{ 8,22},{ 7,23},{ 6,24},{ 5,25},{ 4,26},{ 3,27},{ 2,28},{ 1,29},{ 0,30}}
};

static __constant__ unsigned char hzgsvd__cinner_me64[63][32][2] = {
    /*  0 */ {{ 0,63},{ 1,62},{ 2,61},{ 3,60},{ 4,59},{ 5,58},{ 6,57},{ 7,56},{ 8,55},{ 9,54},{10,53},{11,52},{12,51},{13,50},{14,49},{15,48},{16,47},{17,46},{18,45},{19,44},{20,43},{21,42},{22,41},{23,40},{24,39},{25,38},{26,37},{27,36},{28,35},{29,34},{30,33},{31,32}},
    /*  1 */ {{ 0,62},{ 1,63},{ 2,60},{ 3,61},{ 4,58},{ 5,59},{ 6,56},{ 7,57},{ 8,54},{ 9,55},{10,52},{11,53},{12,50},{13,51},{14,48},{15,49},{16,46},{17,47},{18,44},{19,45},{20,42},{21,43},{22,40},{23,41},{24,38},{25,39},{26,36},{27,37},{28,34},{29,35},{30,32},{31,33}},
    /*  2 */ {{ 0,61},{ 1,60},{ 2,63},{ 3,62},{ 4,57},{ 5,56},{ 6,59},{ 7,58},{ 8,53},{ 9,52},{10,55},{11,54},{12,49},{13,48},{14,51},{15,50},{16,45},{17,44},{18,47},{19,46},{20,41},{21,40},{22,43},{23,42},{24,37},{25,36},{26,39},{27,38},{28,33},{29,32},{30,35},{31,34}},
    /*  3 */ {{ 0,60},{ 1,61},{ 2,62},{ 3,63},{ 4,56},{ 5,57},{ 6,58},{ 7,59},{ 8,52},{ 9,53},{10,54},{11,55},{12,48},{13,49},{14,50},{15,51},{16,44},{17,45},{18,46},{19,47},{20,40},{21,41},{22,42},{23,43},{24,36},{25,37},{26,38},{27,39},{28,32},{29,33},{30,34},{31,35}},
    /*  4 */ {{ 0,59},{ 1,58},{ 2,57},{ 3,56},{ 4,63},{ 5,62},{ 6,61},{ 7,60},{ 8,51},{ 9,50},{10,49},{11,48},{12,55},{13,54},{14,53},{15,52},{16,43},{17,42},{18,41},{19,40},{20,47},{21,46},{22,45},{23,44},{24,35},{25,34},{26,33},{27,32},{28,39},{29,38},{30,37},{31,36}},
    /*  5 */ {{ 0,58},{ 1,59},{ 2,56},{ 3,57},{ 4,62},{ 5,63},{ 6,60},{ 7,61},{ 8,50},{ 9,51},{10,48},{11,49},{12,54},{13,55},{14,52},{15,53},{16,42},{17,43},{18,40},{19,41},{20,46},{21,47},{22,44},{23,45},{24,34},{25,35},{26,32},{27,33},{28,38},{29,39},{30,36},{31,37}},
    /*  6 */ {{ 0,57},{ 1,56},{ 2,59},{ 3,58},{ 4,61},{ 5,60},{ 6,63},{ 7,62},{ 8,49},{ 9,48},{10,51},{11,50},{12,53},{13,52},{14,55},{15,54},{16,41},{17,40},{18,43},{19,42},{20,45},{21,44},{22,47},{23,46},{24,33},{25,32},{26,35},{27,34},{28,37},{29,36},{30,39},{31,38}},
    /*  7 */ {{ 0,56},{ 1,57},{ 2,58},{ 3,59},{ 4,60},{ 5,61},{ 6,62},{ 7,63},{ 8,48},{ 9,49},{10,50},{11,51},{12,52},{13,53},{14,54},{15,55},{16,40},{17,41},{18,42},{19,43},{20,44},{21,45},{22,46},{23,47},{24,32},{25,33},{26,34},{27,35},{28,36},{29,37},{30,38},{31,39}},
    /*  8 */ {{ 0,55},{ 1,54},{ 2,53},{ 3,52},{ 4,51},{ 5,50},{ 6,49},{ 7,48},{ 8,63},{ 9,62},{10,61},{11,60},{12,59},{13,58},{14,57},{15,56},{16,39},{17,38},{18,37},{19,36},{20,35},{21,34},{22,33},{23,32},{24,47},{25,46},{26,45},{27,44},{28,43},{29,42},{30,41},{31,40}},
    /*  9 */ {{ 0,54},{ 1,55},{ 2,52},{ 3,53},{ 4,50},{ 5,51},{ 6,48},{ 7,49},{ 8,62},{ 9,63},{10,60},{11,61},{12,58},{13,59},{14,56},{15,57},{16,38},{17,39},{18,36},{19,37},{20,34},{21,35},{22,32},{23,33},{24,46},{25,47},{26,44},{27,45},{28,42},{29,43},{30,40},{31,41}},
    /* 10 */ {{ 0,53},{ 1,52},{ 2,55},{ 3,54},{ 4,49},{ 5,48},{ 6,51},{ 7,50},{ 8,61},{ 9,60},{10,63},{11,62},{12,57},{13,56},{14,59},{15,58},{16,37},{17,36},{18,39},{19,38},{20,33},{21,32},{22,35},{23,34},{24,45},{25,44},{26,47},{27,46},{28,41},{29,40},{30,43},{31,42}},
    /* 11 */ {{ 0,52},{ 1,53},{ 2,54},{ 3,55},{ 4,48},{ 5,49},{ 6,50},{ 7,51},{ 8,60},{ 9,61},{10,62},{11,63},{12,56},{13,57},{14,58},{15,59},{16,36},{17,37},{18,38},{19,39},{20,32},{21,33},{22,34},{23,35},{24,44},{25,45},{26,46},{27,47},{28,40},{29,41},{30,42},{31,43}},
    /* 12 */ {{ 0,51},{ 1,50},{ 2,49},{ 3,48},{ 4,55},{ 5,54},{ 6,53},{ 7,52},{ 8,59},{ 9,58},{10,57},{11,56},{12,63},{13,62},{14,61},{15,60},{16,35},{17,34},{18,33},{19,32},{20,39},{21,38},{22,37},{23,36},{24,43},{25,42},{26,41},{27,40},{28,47},{29,46},{30,45},{31,44}},
    /* 13 */ {{ 0,50},{ 1,51},{ 2,48},{ 3,49},{ 4,54},{ 5,55},{ 6,52},{ 7,53},{ 8,58},{ 9,59},{10,56},{11,57},{12,62},{13,63},{14,60},{15,61},{16,34},{17,35},{18,32},{19,33},{20,38},{21,39},{22,36},{23,37},{24,42},{25,43},{26,40},{27,41},{28,46},{29,47},{30,44},{31,45}},
    /* 14 */ {{ 0,49},{ 1,48},{ 2,51},{ 3,50},{ 4,53},{ 5,52},{ 6,55},{ 7,54},{ 8,57},{ 9,56},{10,59},{11,58},{12,61},{13,60},{14,63},{15,62},{16,33},{17,32},{18,35},{19,34},{20,37},{21,36},{22,39},{23,38},{24,41},{25,40},{26,43},{27,42},{28,45},{29,44},{30,47},{31,46}},
    /* 15 */ {{ 0,48},{ 1,49},{ 2,50},{ 3,51},{ 4,52},{ 5,53},{ 6,54},{ 7,55},{ 8,56},{ 9,57},{10,58},{11,59},{12,60},{13,61},{14,62},{15,63},{16,32},{17,33},{18,34},{19,35},{20,36},{21,37},{22,38},{23,39},{24,40},{25,41},{26,42},{27,43},{28,44},{29,45},{30,46},{31,47}},
    /* 16 */ {{ 0,47},{ 1,46},{ 2,45},{ 3,44},{ 4,43},{ 5,42},{ 6,41},{ 7,40},{ 8,39},{ 9,38},{10,37},{11,36},{12,35},{13,34},{14,33},{15,32},{16,63},{17,62},{18,61},{19,60},{20,59},{21,58},{22,57},{23,56},{24,55},{25,54},{26,53},{27,52},{28,51},{29,50},{30,49},{31,48}},
    /* 17 */ {{ 0,46},{ 1,47},{ 2,44},{ 3,45},{ 4,42},{ 5,43},{ 6,40},{ 7,41},{ 8,38},{ 9,39},{10,36},{11,37},{12,34},{13,35},{14,32},{15,33},{16,62},{17,63},{18,60},{19,61},{20,58},{21,59},{22,56},{23,57},{24,54},{25,55},{26,52},{27,53},{28,50},{29,51},{30,48},{31,49}},
    /* 18 */ {{ 0,45},{ 1,44},{ 2,47},{ 3,46},{ 4,41},{ 5,40},{ 6,43},{ 7,42},{ 8,37},{ 9,36},{10,39},{11,38},{12,33},{13,32},{14,35},{15,34},{16,61},{17,60},{18,63},{19,62},{20,57},{21,56},{22,59},{23,58},{24,53},{25,52},{26,55},{27,54},{28,49},{29,48},{30,51},{31,50}},
    /* 19 */ {{ 0,44},{ 1,45},{ 2,46},{ 3,47},{ 4,40},{ 5,41},{ 6,42},{ 7,43},{ 8,36},{ 9,37},{10,38},{11,39},{12,32},{13,33},{14,34},{15,35},{16,60},{17,61},{18,62},{19,63},{20,56},{21,57},{22,58},{23,59},{24,52},{25,53},{26,54},{27,55},{28,48},{29,49},{30,50},{31,51}},
    /* 20 */ {{ 0,43},{ 1,42},{ 2,41},{ 3,40},{ 4,47},{ 5,46},{ 6,45},{ 7,44},{ 8,35},{ 9,34},{10,33},{11,32},{12,39},{13,38},{14,37},{15,36},{16,59},{17,58},{18,57},{19,56},{20,63},{21,62},{22,61},{23,60},{24,51},{25,50},{26,49},{27,48},{28,55},{29,54},{30,53},{31,52}},
    /* 21 */ {{ 0,42},{ 1,43},{ 2,40},{ 3,41},{ 4,46},{ 5,47},{ 6,44},{ 7,45},{ 8,34},{ 9,35},{10,32},{11,33},{12,38},{13,39},{14,36},{15,37},{16,58},{17,59},{18,56},{19,57},{20,62},{21,63},{22,60},{23,61},{24,50},{25,51},{26,48},{27,49},{28,54},{29,55},{30,52},{31,53}},
    /* 22 */ {{ 0,41},{ 1,40},{ 2,43},{ 3,42},{ 4,45},{ 5,44},{ 6,47},{ 7,46},{ 8,33},{ 9,32},{10,35},{11,34},{12,37},{13,36},{14,39},{15,38},{16,57},{17,56},{18,59},{19,58},{20,61},{21,60},{22,63},{23,62},{24,49},{25,48},{26,51},{27,50},{28,53},{29,52},{30,55},{31,54}},
    /* 23 */ {{ 0,40},{ 1,41},{ 2,42},{ 3,43},{ 4,44},{ 5,45},{ 6,46},{ 7,47},{ 8,32},{ 9,33},{10,34},{11,35},{12,36},{13,37},{14,38},{15,39},{16,56},{17,57},{18,58},{19,59},{20,60},{21,61},{22,62},{23,63},{24,48},{25,49},{26,50},{27,51},{28,52},{29,53},{30,54},{31,55}},
    /* 24 */ {{ 0,39},{ 1,38},{ 2,37},{ 3,36},{ 4,35},{ 5,34},{ 6,33},{ 7,32},{ 8,47},{ 9,46},{10,45},{11,44},{12,43},{13,42},{14,41},{15,40},{16,55},{17,54},{18,53},{19,52},{20,51},{21,50},{22,49},{23,48},{24,63},{25,62},{26,61},{27,60},{28,59},{29,58},{30,57},{31,56}},
    /* 25 */ {{ 0,38},{ 1,39},{ 2,36},{ 3,37},{ 4,34},{ 5,35},{ 6,32},{ 7,33},{ 8,46},{ 9,47},{10,44},{11,45},{12,42},{13,43},{14,40},{15,41},{16,54},{17,55},{18,52},{19,53},{20,50},{21,51},{22,48},{23,49},{24,62},{25,63},{26,60},{27,61},{28,58},{29,59},{30,56},{31,57}},
    /* 26 */ {{ 0,37},{ 1,36},{ 2,39},{ 3,38},{ 4,33},{ 5,32},{ 6,35},{ 7,34},{ 8,45},{ 9,44},{10,47},{11,46},{12,41},{13,40},{14,43},{15,42},{16,53},{17,52},{18,55},{19,54},{20,49},{21,48},{22,51},{23,50},{24,61},{25,60},{26,63},{27,62},{28,57},{29,56},{30,59},{31,58}},
    /* 27 */ {{ 0,36},{ 1,37},{ 2,38},{ 3,39},{ 4,32},{ 5,33},{ 6,34},{ 7,35},{ 8,44},{ 9,45},{10,46},{11,47},{12,40},{13,41},{14,42},{15,43},{16,52},{17,53},{18,54},{19,55},{20,48},{21,49},{22,50},{23,51},{24,60},{25,61},{26,62},{27,63},{28,56},{29,57},{30,58},{31,59}},
    /* 28 */ {{ 0,35},{ 1,34},{ 2,33},{ 3,32},{ 4,39},{ 5,38},{ 6,37},{ 7,36},{ 8,43},{ 9,42},{10,41},{11,40},{12,47},{13,46},{14,45},{15,44},{16,51},{17,50},{18,49},{19,48},{20,55},{21,54},{22,53},{23,52},{24,59},{25,58},{26,57},{27,56},{28,63},{29,62},{30,61},{31,60}},
    /* 29 */ {{ 0,34},{ 1,35},{ 2,32},{ 3,33},{ 4,38},{ 5,39},{ 6,36},{ 7,37},{ 8,42},{ 9,43},{10,40},{11,41},{12,46},{13,47},{14,44},{15,45},{16,50},{17,51},{18,48},{19,49},{20,54},{21,55},{22,52},{23,53},{24,58},{25,59},{26,56},{27,57},{28,62},{29,63},{30,60},{31,61}},
    /* 30 */ {{ 0,33},{ 1,32},{ 2,35},{ 3,34},{ 4,37},{ 5,36},{ 6,39},{ 7,38},{ 8,41},{ 9,40},{10,43},{11,42},{12,45},{13,44},{14,47},{15,46},{16,49},{17,48},{18,51},{19,50},{20,53},{21,52},{22,55},{23,54},{24,57},{25,56},{26,59},{27,58},{28,61},{29,60},{30,63},{31,62}},
    /* 31 */ {{ 0,32},{ 1,33},{ 2,34},{ 3,35},{ 4,36},{ 5,37},{ 6,38},{ 7,39},{ 8,40},{ 9,41},{10,42},{11,43},{12,44},{13,45},{14,46},{15,47},{16,48},{17,49},{18,50},{19,51},{20,52},{21,53},{22,54},{23,55},{24,56},{25,57},{26,58},{27,59},{28,60},{29,61},{30,62},{31,63}},
    /* 32 */ {{ 0,31},{ 1,30},{ 2,29},{ 3,28},{ 4,27},{ 5,26},{ 6,25},{ 7,24},{ 8,23},{ 9,22},{10,21},{11,20},{12,19},{13,18},{14,17},{15,16},{32,63},{33,62},{34,61},{35,60},{36,59},{37,58},{38,57},{39,56},{40,55},{41,54},{42,53},{43,52},{44,51},{45,50},{46,49},{47,48}},
    /* 33 */ {{ 0,30},{ 1,31},{ 2,28},{ 3,29},{ 4,26},{ 5,27},{ 6,24},{ 7,25},{ 8,22},{ 9,23},{10,20},{11,21},{12,18},{13,19},{14,16},{15,17},{32,62},{33,63},{34,60},{35,61},{36,58},{37,59},{38,56},{39,57},{40,54},{41,55},{42,52},{43,53},{44,50},{45,51},{46,48},{47,49}},
    /* 34 */ {{ 0,29},{ 1,28},{ 2,31},{ 3,30},{ 4,25},{ 5,24},{ 6,27},{ 7,26},{ 8,21},{ 9,20},{10,23},{11,22},{12,17},{13,16},{14,19},{15,18},{32,61},{33,60},{34,63},{35,62},{36,57},{37,56},{38,59},{39,58},{40,53},{41,52},{42,55},{43,54},{44,49},{45,48},{46,51},{47,50}},
    /* 35 */ {{ 0,28},{ 1,29},{ 2,30},{ 3,31},{ 4,24},{ 5,25},{ 6,26},{ 7,27},{ 8,20},{ 9,21},{10,22},{11,23},{12,16},{13,17},{14,18},{15,19},{32,60},{33,61},{34,62},{35,63},{36,56},{37,57},{38,58},{39,59},{40,52},{41,53},{42,54},{43,55},{44,48},{45,49},{46,50},{47,51}},
    /* 36 */ {{ 0,27},{ 1,26},{ 2,25},{ 3,24},{ 4,31},{ 5,30},{ 6,29},{ 7,28},{ 8,19},{ 9,18},{10,17},{11,16},{12,23},{13,22},{14,21},{15,20},{32,59},{33,58},{34,57},{35,56},{36,63},{37,62},{38,61},{39,60},{40,51},{41,50},{42,49},{43,48},{44,55},{45,54},{46,53},{47,52}},
    /* 37 */ {{ 0,26},{ 1,27},{ 2,24},{ 3,25},{ 4,30},{ 5,31},{ 6,28},{ 7,29},{ 8,18},{ 9,19},{10,16},{11,17},{12,22},{13,23},{14,20},{15,21},{32,58},{33,59},{34,56},{35,57},{36,62},{37,63},{38,60},{39,61},{40,50},{41,51},{42,48},{43,49},{44,54},{45,55},{46,52},{47,53}},
    /* 38 */ {{ 0,25},{ 1,24},{ 2,27},{ 3,26},{ 4,29},{ 5,28},{ 6,31},{ 7,30},{ 8,17},{ 9,16},{10,19},{11,18},{12,21},{13,20},{14,23},{15,22},{32,57},{33,56},{34,59},{35,58},{36,61},{37,60},{38,63},{39,62},{40,49},{41,48},{42,51},{43,50},{44,53},{45,52},{46,55},{47,54}},
    /* 39 */ {{ 0,24},{ 1,25},{ 2,26},{ 3,27},{ 4,28},{ 5,29},{ 6,30},{ 7,31},{ 8,16},{ 9,17},{10,18},{11,19},{12,20},{13,21},{14,22},{15,23},{32,56},{33,57},{34,58},{35,59},{36,60},{37,61},{38,62},{39,63},{40,48},{41,49},{42,50},{43,51},{44,52},{45,53},{46,54},{47,55}},
    /* 40 */ {{ 0,23},{ 1,22},{ 2,21},{ 3,20},{ 4,19},{ 5,18},{ 6,17},{ 7,16},{ 8,31},{ 9,30},{10,29},{11,28},{12,27},{13,26},{14,25},{15,24},{32,55},{33,54},{34,53},{35,52},{36,51},{37,50},{38,49},{39,48},{40,63},{41,62},{42,61},{43,60},{44,59},{45,58},{46,57},{47,56}},
    /* 41 */ {{ 0,22},{ 1,23},{ 2,20},{ 3,21},{ 4,18},{ 5,19},{ 6,16},{ 7,17},{ 8,30},{ 9,31},{10,28},{11,29},{12,26},{13,27},{14,24},{15,25},{32,54},{33,55},{34,52},{35,53},{36,50},{37,51},{38,48},{39,49},{40,62},{41,63},{42,60},{43,61},{44,58},{45,59},{46,56},{47,57}},
    /* 42 */ {{ 0,21},{ 1,20},{ 2,23},{ 3,22},{ 4,17},{ 5,16},{ 6,19},{ 7,18},{ 8,29},{ 9,28},{10,31},{11,30},{12,25},{13,24},{14,27},{15,26},{32,53},{33,52},{34,55},{35,54},{36,49},{37,48},{38,51},{39,50},{40,61},{41,60},{42,63},{43,62},{44,57},{45,56},{46,59},{47,58}},
    /* 43 */ {{ 0,20},{ 1,21},{ 2,22},{ 3,23},{ 4,16},{ 5,17},{ 6,18},{ 7,19},{ 8,28},{ 9,29},{10,30},{11,31},{12,24},{13,25},{14,26},{15,27},{32,52},{33,53},{34,54},{35,55},{36,48},{37,49},{38,50},{39,51},{40,60},{41,61},{42,62},{43,63},{44,56},{45,57},{46,58},{47,59}},
    /* 44 */ {{ 0,19},{ 1,18},{ 2,17},{ 3,16},{ 4,23},{ 5,22},{ 6,21},{ 7,20},{ 8,27},{ 9,26},{10,25},{11,24},{12,31},{13,30},{14,29},{15,28},{32,51},{33,50},{34,49},{35,48},{36,55},{37,54},{38,53},{39,52},{40,59},{41,58},{42,57},{43,56},{44,63},{45,62},{46,61},{47,60}},
    /* 45 */ {{ 0,18},{ 1,19},{ 2,16},{ 3,17},{ 4,22},{ 5,23},{ 6,20},{ 7,21},{ 8,26},{ 9,27},{10,24},{11,25},{12,30},{13,31},{14,28},{15,29},{32,50},{33,51},{34,48},{35,49},{36,54},{37,55},{38,52},{39,53},{40,58},{41,59},{42,56},{43,57},{44,62},{45,63},{46,60},{47,61}},
    /* 46 */ {{ 0,17},{ 1,16},{ 2,19},{ 3,18},{ 4,21},{ 5,20},{ 6,23},{ 7,22},{ 8,25},{ 9,24},{10,27},{11,26},{12,29},{13,28},{14,31},{15,30},{32,49},{33,48},{34,51},{35,50},{36,53},{37,52},{38,55},{39,54},{40,57},{41,56},{42,59},{43,58},{44,61},{45,60},{46,63},{47,62}},
    /* 47 */ {{ 0,16},{ 1,17},{ 2,18},{ 3,19},{ 4,20},{ 5,21},{ 6,22},{ 7,23},{ 8,24},{ 9,25},{10,26},{11,27},{12,28},{13,29},{14,30},{15,31},{32,48},{33,49},{34,50},{35,51},{36,52},{37,53},{38,54},{39,55},{40,56},{41,57},{42,58},{43,59},{44,60},{45,61},{46,62},{47,63}},
    /* 48 */ {{ 0,15},{ 1,14},{ 2,13},{ 3,12},{ 4,11},{ 5,10},{ 6, 9},{ 7, 8},{16,31},{17,30},{18,29},{19,28},{20,27},{21,26},{22,25},{23,24},{32,47},{33,46},{34,45},{35,44},{36,43},{37,42},{38,41},{39,40},{48,63},{49,62},{50,61},{51,60},{52,59},{53,58},{54,57},{55,56}},
    /* 49 */ {{ 0,14},{ 1,15},{ 2,12},{ 3,13},{ 4,10},{ 5,11},{ 6, 8},{ 7, 9},{16,30},{17,31},{18,28},{19,29},{20,26},{21,27},{22,24},{23,25},{32,46},{33,47},{34,44},{35,45},{36,42},{37,43},{38,40},{39,41},{48,62},{49,63},{50,60},{51,61},{52,58},{53,59},{54,56},{55,57}},
    /* 50 */ {{ 0,13},{ 1,12},{ 2,15},{ 3,14},{ 4, 9},{ 5, 8},{ 6,11},{ 7,10},{16,29},{17,28},{18,31},{19,30},{20,25},{21,24},{22,27},{23,26},{32,45},{33,44},{34,47},{35,46},{36,41},{37,40},{38,43},{39,42},{48,61},{49,60},{50,63},{51,62},{52,57},{53,56},{54,59},{55,58}},
    /* 51 */ {{ 0,12},{ 1,13},{ 2,14},{ 3,15},{ 4, 8},{ 5, 9},{ 6,10},{ 7,11},{16,28},{17,29},{18,30},{19,31},{20,24},{21,25},{22,26},{23,27},{32,44},{33,45},{34,46},{35,47},{36,40},{37,41},{38,42},{39,43},{48,60},{49,61},{50,62},{51,63},{52,56},{53,57},{54,58},{55,59}},
    /* 52 */ {{ 0,11},{ 1,10},{ 2, 9},{ 3, 8},{ 4,15},{ 5,14},{ 6,13},{ 7,12},{16,27},{17,26},{18,25},{19,24},{20,31},{21,30},{22,29},{23,28},{32,43},{33,42},{34,41},{35,40},{36,47},{37,46},{38,45},{39,44},{48,59},{49,58},{50,57},{51,56},{52,63},{53,62},{54,61},{55,60}},
    /* 53 */ {{ 0,10},{ 1,11},{ 2, 8},{ 3, 9},{ 4,14},{ 5,15},{ 6,12},{ 7,13},{16,26},{17,27},{18,24},{19,25},{20,30},{21,31},{22,28},{23,29},{32,42},{33,43},{34,40},{35,41},{36,46},{37,47},{38,44},{39,45},{48,58},{49,59},{50,56},{51,57},{52,62},{53,63},{54,60},{55,61}},
    /* 54 */ {{ 0, 9},{ 1, 8},{ 2,11},{ 3,10},{ 4,13},{ 5,12},{ 6,15},{ 7,14},{16,25},{17,24},{18,27},{19,26},{20,29},{21,28},{22,31},{23,30},{32,41},{33,40},{34,43},{35,42},{36,45},{37,44},{38,47},{39,46},{48,57},{49,56},{50,59},{51,58},{52,61},{53,60},{54,63},{55,62}},
    /* 55 */ {{ 0, 8},{ 1, 9},{ 2,10},{ 3,11},{ 4,12},{ 5,13},{ 6,14},{ 7,15},{16,24},{17,25},{18,26},{19,27},{20,28},{21,29},{22,30},{23,31},{32,40},{33,41},{34,42},{35,43},{36,44},{37,45},{38,46},{39,47},{48,56},{49,57},{50,58},{51,59},{52,60},{53,61},{54,62},{55,63}},
    /* 56 */ {{ 0, 7},{ 1, 6},{ 2, 5},{ 3, 4},{ 8,15},{ 9,14},{10,13},{11,12},{16,23},{17,22},{18,21},{19,20},{24,31},{25,30},{26,29},{27,28},{32,39},{33,38},{34,37},{35,36},{40,47},{41,46},{42,45},{43,44},{48,55},{49,54},{50,53},{51,52},{56,63},{57,62},{58,61},{59,60}},
    /* 57 */ {{ 0, 6},{ 1, 7},{ 2, 4},{ 3, 5},{ 8,14},{ 9,15},{10,12},{11,13},{16,22},{17,23},{18,20},{19,21},{24,30},{25,31},{26,28},{27,29},{32,38},{33,39},{34,36},{35,37},{40,46},{41,47},{42,44},{43,45},{48,54},{49,55},{50,52},{51,53},{56,62},{57,63},{58,60},{59,61}},
    /* 58 */ {{ 0, 5},{ 1, 4},{ 2, 7},{ 3, 6},{ 8,13},{ 9,12},{10,15},{11,14},{16,21},{17,20},{18,23},{19,22},{24,29},{25,28},{26,31},{27,30},{32,37},{33,36},{34,39},{35,38},{40,45},{41,44},{42,47},{43,46},{48,53},{49,52},{50,55},{51,54},{56,61},{57,60},{58,63},{59,62}},
    /* 59 */ {{ 0, 4},{ 1, 5},{ 2, 6},{ 3, 7},{ 8,12},{ 9,13},{10,14},{11,15},{16,20},{17,21},{18,22},{19,23},{24,28},{25,29},{26,30},{27,31},{32,36},{33,37},{34,38},{35,39},{40,44},{41,45},{42,46},{43,47},{48,52},{49,53},{50,54},{51,55},{56,60},{57,61},{58,62},{59,63}},
    /* 60 */ {{ 0, 3},{ 1, 2},{ 4, 7},{ 5, 6},{ 8,11},{ 9,10},{12,15},{13,14},{16,19},{17,18},{20,23},{21,22},{24,27},{25,26},{28,31},{29,30},{32,35},{33,34},{36,39},{37,38},{40,43},{41,42},{44,47},{45,46},{48,51},{49,50},{52,55},{53,54},{56,59},{57,58},{60,63},{61,62}},
    /* 61 */ {{ 0, 2},{ 1, 3},{ 4, 6},{ 5, 7},{ 8,10},{ 9,11},{12,14},{13,15},{16,18},{17,19},{20,22},{21,23},{24,26},{25,27},{28,30},{29,31},{32,34},{33,35},{36,38},{37,39},{40,42},{41,43},{44,46},{45,47},{48,50},{49,51},{52,54},{53,55},{56,58},{57,59},{60,62},{61,63}},
    /* 62 */ {{ 0, 1},{ 2, 3},{ 4, 5},{ 6, 7},{ 8, 9},{10,11},{12,13},{14,15},{16,17},{18,19},{20,21},{22,23},{24,25},{26,27},{28,29},{30,31},{32,33},{34,35},{36,37},{38,39},{40,41},{42,43},{44,45},{46,47},{48,49},{50,51},{52,53},{54,55},{56,57},{58,59},{60,61},{62,63}}
};

static __constant__ unsigned char hzgsvd__cinner_mm64[64][32][2] = {
    /*  0 */ {{ 0,63},{ 1,62},{ 2,61},{ 3,60},{ 4,59},{ 5,58},{ 6,57},{ 7,56},{ 8,55},{ 9,54},{10,53},{11,52},{12,51},{13,50},{14,49},{15,48},{16,47},{17,46},{18,45},{19,44},{20,43},{21,42},{22,41},{23,40},{24,39},{25,38},{26,37},{27,36},{28,35},{29,34},{30,33},{31,32}},
    /*  1 */ {{ 1,63},{ 2,62},{ 3,61},{ 4,60},{ 5,59},{ 6,58},{ 7,57},{ 8,56},{ 9,55},{10,54},{11,53},{12,52},{13,51},{14,50},{15,49},{16,48},{17,47},{18,46},{19,45},{20,44},{21,43},{22,42},{23,41},{24,40},{25,39},{26,38},{27,37},{28,36},{29,35},{30,34},{31,33},{ 0,32}},
    /*  2 */ {{ 2,63},{ 3,62},{ 4,61},{ 5,60},{ 6,59},{ 7,58},{ 8,57},{ 9,56},{10,55},{11,54},{12,53},{13,52},{14,51},{15,50},{16,49},{17,48},{18,47},{19,46},{20,45},{21,44},{22,43},{23,42},{24,41},{25,40},{26,39},{27,38},{28,37},{29,36},{30,35},{31,34},{32,33},{ 0, 1}},
    /*  3 */ {{ 3,63},{ 4,62},{ 5,61},{ 6,60},{ 7,59},{ 8,58},{ 9,57},{10,56},{11,55},{12,54},{13,53},{14,52},{15,51},{16,50},{17,49},{18,48},{19,47},{20,46},{21,45},{22,44},{23,43},{24,42},{25,41},{26,40},{27,39},{28,38},{29,37},{30,36},{31,35},{32,34},{ 1,33},{ 0, 2}},
    /*  4 */ {{ 4,63},{ 5,62},{ 6,61},{ 7,60},{ 8,59},{ 9,58},{10,57},{11,56},{12,55},{13,54},{14,53},{15,52},{16,51},{17,50},{18,49},{19,48},{20,47},{21,46},{22,45},{23,44},{24,43},{25,42},{26,41},{27,40},{28,39},{29,38},{30,37},{31,36},{32,35},{33,34},{ 1, 2},{ 0, 3}},
    /*  5 */ {{ 5,63},{ 6,62},{ 7,61},{ 8,60},{ 9,59},{10,58},{11,57},{12,56},{13,55},{14,54},{15,53},{16,52},{17,51},{18,50},{19,49},{20,48},{21,47},{22,46},{23,45},{24,44},{25,43},{26,42},{27,41},{28,40},{29,39},{30,38},{31,37},{32,36},{33,35},{ 2,34},{ 1, 3},{ 0, 4}},
    /*  6 */ {{ 6,63},{ 7,62},{ 8,61},{ 9,60},{10,59},{11,58},{12,57},{13,56},{14,55},{15,54},{16,53},{17,52},{18,51},{19,50},{20,49},{21,48},{22,47},{23,46},{24,45},{25,44},{26,43},{27,42},{28,41},{29,40},{30,39},{31,38},{32,37},{33,36},{34,35},{ 2, 3},{ 1, 4},{ 0, 5}},
    /*  7 */ {{ 7,63},{ 8,62},{ 9,61},{10,60},{11,59},{12,58},{13,57},{14,56},{15,55},{16,54},{17,53},{18,52},{19,51},{20,50},{21,49},{22,48},{23,47},{24,46},{25,45},{26,44},{27,43},{28,42},{29,41},{30,40},{31,39},{32,38},{33,37},{34,36},{ 3,35},{ 2, 4},{ 1, 5},{ 0, 6}},
    /*  8 */ {{ 8,63},{ 9,62},{10,61},{11,60},{12,59},{13,58},{14,57},{15,56},{16,55},{17,54},{18,53},{19,52},{20,51},{21,50},{22,49},{23,48},{24,47},{25,46},{26,45},{27,44},{28,43},{29,42},{30,41},{31,40},{32,39},{33,38},{34,37},{35,36},{ 3, 4},{ 2, 5},{ 1, 6},{ 0, 7}},
    /*  9 */ {{ 9,63},{10,62},{11,61},{12,60},{13,59},{14,58},{15,57},{16,56},{17,55},{18,54},{19,53},{20,52},{21,51},{22,50},{23,49},{24,48},{25,47},{26,46},{27,45},{28,44},{29,43},{30,42},{31,41},{32,40},{33,39},{34,38},{35,37},{ 4,36},{ 3, 5},{ 2, 6},{ 1, 7},{ 0, 8}},
    /* 10 */ {{10,63},{11,62},{12,61},{13,60},{14,59},{15,58},{16,57},{17,56},{18,55},{19,54},{20,53},{21,52},{22,51},{23,50},{24,49},{25,48},{26,47},{27,46},{28,45},{29,44},{30,43},{31,42},{32,41},{33,40},{34,39},{35,38},{36,37},{ 4, 5},{ 3, 6},{ 2, 7},{ 1, 8},{ 0, 9}},
    /* 11 */ {{11,63},{12,62},{13,61},{14,60},{15,59},{16,58},{17,57},{18,56},{19,55},{20,54},{21,53},{22,52},{23,51},{24,50},{25,49},{26,48},{27,47},{28,46},{29,45},{30,44},{31,43},{32,42},{33,41},{34,40},{35,39},{36,38},{ 5,37},{ 4, 6},{ 3, 7},{ 2, 8},{ 1, 9},{ 0,10}},
    /* 12 */ {{12,63},{13,62},{14,61},{15,60},{16,59},{17,58},{18,57},{19,56},{20,55},{21,54},{22,53},{23,52},{24,51},{25,50},{26,49},{27,48},{28,47},{29,46},{30,45},{31,44},{32,43},{33,42},{34,41},{35,40},{36,39},{37,38},{ 5, 6},{ 4, 7},{ 3, 8},{ 2, 9},{ 1,10},{ 0,11}},
    /* 13 */ {{13,63},{14,62},{15,61},{16,60},{17,59},{18,58},{19,57},{20,56},{21,55},{22,54},{23,53},{24,52},{25,51},{26,50},{27,49},{28,48},{29,47},{30,46},{31,45},{32,44},{33,43},{34,42},{35,41},{36,40},{37,39},{ 6,38},{ 5, 7},{ 4, 8},{ 3, 9},{ 2,10},{ 1,11},{ 0,12}},
    /* 14 */ {{14,63},{15,62},{16,61},{17,60},{18,59},{19,58},{20,57},{21,56},{22,55},{23,54},{24,53},{25,52},{26,51},{27,50},{28,49},{29,48},{30,47},{31,46},{32,45},{33,44},{34,43},{35,42},{36,41},{37,40},{38,39},{ 6, 7},{ 5, 8},{ 4, 9},{ 3,10},{ 2,11},{ 1,12},{ 0,13}},
    /* 15 */ {{15,63},{16,62},{17,61},{18,60},{19,59},{20,58},{21,57},{22,56},{23,55},{24,54},{25,53},{26,52},{27,51},{28,50},{29,49},{30,48},{31,47},{32,46},{33,45},{34,44},{35,43},{36,42},{37,41},{38,40},{ 7,39},{ 6, 8},{ 5, 9},{ 4,10},{ 3,11},{ 2,12},{ 1,13},{ 0,14}},
    /* 16 */ {{16,63},{17,62},{18,61},{19,60},{20,59},{21,58},{22,57},{23,56},{24,55},{25,54},{26,53},{27,52},{28,51},{29,50},{30,49},{31,48},{32,47},{33,46},{34,45},{35,44},{36,43},{37,42},{38,41},{39,40},{ 7, 8},{ 6, 9},{ 5,10},{ 4,11},{ 3,12},{ 2,13},{ 1,14},{ 0,15}},
    /* 17 */ {{17,63},{18,62},{19,61},{20,60},{21,59},{22,58},{23,57},{24,56},{25,55},{26,54},{27,53},{28,52},{29,51},{30,50},{31,49},{32,48},{33,47},{34,46},{35,45},{36,44},{37,43},{38,42},{39,41},{ 8,40},{ 7, 9},{ 6,10},{ 5,11},{ 4,12},{ 3,13},{ 2,14},{ 1,15},{ 0,16}},
    /* 18 */ {{18,63},{19,62},{20,61},{21,60},{22,59},{23,58},{24,57},{25,56},{26,55},{27,54},{28,53},{29,52},{30,51},{31,50},{32,49},{33,48},{34,47},{35,46},{36,45},{37,44},{38,43},{39,42},{40,41},{ 8, 9},{ 7,10},{ 6,11},{ 5,12},{ 4,13},{ 3,14},{ 2,15},{ 1,16},{ 0,17}},
    /* 19 */ {{19,63},{20,62},{21,61},{22,60},{23,59},{24,58},{25,57},{26,56},{27,55},{28,54},{29,53},{30,52},{31,51},{32,50},{33,49},{34,48},{35,47},{36,46},{37,45},{38,44},{39,43},{40,42},{ 9,41},{ 8,10},{ 7,11},{ 6,12},{ 5,13},{ 4,14},{ 3,15},{ 2,16},{ 1,17},{ 0,18}},
    /* 20 */ {{20,63},{21,62},{22,61},{23,60},{24,59},{25,58},{26,57},{27,56},{28,55},{29,54},{30,53},{31,52},{32,51},{33,50},{34,49},{35,48},{36,47},{37,46},{38,45},{39,44},{40,43},{41,42},{ 9,10},{ 8,11},{ 7,12},{ 6,13},{ 5,14},{ 4,15},{ 3,16},{ 2,17},{ 1,18},{ 0,19}},
    /* 21 */ {{21,63},{22,62},{23,61},{24,60},{25,59},{26,58},{27,57},{28,56},{29,55},{30,54},{31,53},{32,52},{33,51},{34,50},{35,49},{36,48},{37,47},{38,46},{39,45},{40,44},{41,43},{10,42},{ 9,11},{ 8,12},{ 7,13},{ 6,14},{ 5,15},{ 4,16},{ 3,17},{ 2,18},{ 1,19},{ 0,20}},
    /* 22 */ {{22,63},{23,62},{24,61},{25,60},{26,59},{27,58},{28,57},{29,56},{30,55},{31,54},{32,53},{33,52},{34,51},{35,50},{36,49},{37,48},{38,47},{39,46},{40,45},{41,44},{42,43},{10,11},{ 9,12},{ 8,13},{ 7,14},{ 6,15},{ 5,16},{ 4,17},{ 3,18},{ 2,19},{ 1,20},{ 0,21}},
    /* 23 */ {{23,63},{24,62},{25,61},{26,60},{27,59},{28,58},{29,57},{30,56},{31,55},{32,54},{33,53},{34,52},{35,51},{36,50},{37,49},{38,48},{39,47},{40,46},{41,45},{42,44},{11,43},{10,12},{ 9,13},{ 8,14},{ 7,15},{ 6,16},{ 5,17},{ 4,18},{ 3,19},{ 2,20},{ 1,21},{ 0,22}},
    /* 24 */ {{24,63},{25,62},{26,61},{27,60},{28,59},{29,58},{30,57},{31,56},{32,55},{33,54},{34,53},{35,52},{36,51},{37,50},{38,49},{39,48},{40,47},{41,46},{42,45},{43,44},{11,12},{10,13},{ 9,14},{ 8,15},{ 7,16},{ 6,17},{ 5,18},{ 4,19},{ 3,20},{ 2,21},{ 1,22},{ 0,23}},
    /* 25 */ {{25,63},{26,62},{27,61},{28,60},{29,59},{30,58},{31,57},{32,56},{33,55},{34,54},{35,53},{36,52},{37,51},{38,50},{39,49},{40,48},{41,47},{42,46},{43,45},{12,44},{11,13},{10,14},{ 9,15},{ 8,16},{ 7,17},{ 6,18},{ 5,19},{ 4,20},{ 3,21},{ 2,22},{ 1,23},{ 0,24}},
    /* 26 */ {{26,63},{27,62},{28,61},{29,60},{30,59},{31,58},{32,57},{33,56},{34,55},{35,54},{36,53},{37,52},{38,51},{39,50},{40,49},{41,48},{42,47},{43,46},{44,45},{12,13},{11,14},{10,15},{ 9,16},{ 8,17},{ 7,18},{ 6,19},{ 5,20},{ 4,21},{ 3,22},{ 2,23},{ 1,24},{ 0,25}},
    /* 27 */ {{27,63},{28,62},{29,61},{30,60},{31,59},{32,58},{33,57},{34,56},{35,55},{36,54},{37,53},{38,52},{39,51},{40,50},{41,49},{42,48},{43,47},{44,46},{13,45},{12,14},{11,15},{10,16},{ 9,17},{ 8,18},{ 7,19},{ 6,20},{ 5,21},{ 4,22},{ 3,23},{ 2,24},{ 1,25},{ 0,26}},
    /* 28 */ {{28,63},{29,62},{30,61},{31,60},{32,59},{33,58},{34,57},{35,56},{36,55},{37,54},{38,53},{39,52},{40,51},{41,50},{42,49},{43,48},{44,47},{45,46},{13,14},{12,15},{11,16},{10,17},{ 9,18},{ 8,19},{ 7,20},{ 6,21},{ 5,22},{ 4,23},{ 3,24},{ 2,25},{ 1,26},{ 0,27}},
    /* 29 */ {{29,63},{30,62},{31,61},{32,60},{33,59},{34,58},{35,57},{36,56},{37,55},{38,54},{39,53},{40,52},{41,51},{42,50},{43,49},{44,48},{45,47},{14,46},{13,15},{12,16},{11,17},{10,18},{ 9,19},{ 8,20},{ 7,21},{ 6,22},{ 5,23},{ 4,24},{ 3,25},{ 2,26},{ 1,27},{ 0,28}},
    /* 30 */ {{30,63},{31,62},{32,61},{33,60},{34,59},{35,58},{36,57},{37,56},{38,55},{39,54},{40,53},{41,52},{42,51},{43,50},{44,49},{45,48},{46,47},{14,15},{13,16},{12,17},{11,18},{10,19},{ 9,20},{ 8,21},{ 7,22},{ 6,23},{ 5,24},{ 4,25},{ 3,26},{ 2,27},{ 1,28},{ 0,29}},
    /* 31 */ {{31,63},{32,62},{33,61},{34,60},{35,59},{36,58},{37,57},{38,56},{39,55},{40,54},{41,53},{42,52},{43,51},{44,50},{45,49},{46,48},{15,47},{14,16},{13,17},{12,18},{11,19},{10,20},{ 9,21},{ 8,22},{ 7,23},{ 6,24},{ 5,25},{ 4,26},{ 3,27},{ 2,28},{ 1,29},{ 0,30}},
    /* 32 */ {{32,63},{33,62},{34,61},{35,60},{36,59},{37,58},{38,57},{39,56},{40,55},{41,54},{42,53},{43,52},{44,51},{45,50},{46,49},{47,48},{15,16},{14,17},{13,18},{12,19},{11,20},{10,21},{ 9,22},{ 8,23},{ 7,24},{ 6,25},{ 5,26},{ 4,27},{ 3,28},{ 2,29},{ 1,30},{ 0,31}},
    /* 33 */ {{33,63},{34,62},{35,61},{36,60},{37,59},{38,58},{39,57},{40,56},{41,55},{42,54},{43,53},{44,52},{45,51},{46,50},{47,49},{16,48},{15,17},{14,18},{13,19},{12,20},{11,21},{10,22},{ 9,23},{ 8,24},{ 7,25},{ 6,26},{ 5,27},{ 4,28},{ 3,29},{ 2,30},{ 1,31},{ 0,32}},
    /* 34 */ {{34,63},{35,62},{36,61},{37,60},{38,59},{39,58},{40,57},{41,56},{42,55},{43,54},{44,53},{45,52},{46,51},{47,50},{48,49},{16,17},{15,18},{14,19},{13,20},{12,21},{11,22},{10,23},{ 9,24},{ 8,25},{ 7,26},{ 6,27},{ 5,28},{ 4,29},{ 3,30},{ 2,31},{ 1,32},{ 0,33}},
    /* 35 */ {{35,63},{36,62},{37,61},{38,60},{39,59},{40,58},{41,57},{42,56},{43,55},{44,54},{45,53},{46,52},{47,51},{48,50},{17,49},{16,18},{15,19},{14,20},{13,21},{12,22},{11,23},{10,24},{ 9,25},{ 8,26},{ 7,27},{ 6,28},{ 5,29},{ 4,30},{ 3,31},{ 2,32},{ 1,33},{ 0,34}},
    /* 36 */ {{36,63},{37,62},{38,61},{39,60},{40,59},{41,58},{42,57},{43,56},{44,55},{45,54},{46,53},{47,52},{48,51},{49,50},{17,18},{16,19},{15,20},{14,21},{13,22},{12,23},{11,24},{10,25},{ 9,26},{ 8,27},{ 7,28},{ 6,29},{ 5,30},{ 4,31},{ 3,32},{ 2,33},{ 1,34},{ 0,35}},
    /* 37 */ {{37,63},{38,62},{39,61},{40,60},{41,59},{42,58},{43,57},{44,56},{45,55},{46,54},{47,53},{48,52},{49,51},{18,50},{17,19},{16,20},{15,21},{14,22},{13,23},{12,24},{11,25},{10,26},{ 9,27},{ 8,28},{ 7,29},{ 6,30},{ 5,31},{ 4,32},{ 3,33},{ 2,34},{ 1,35},{ 0,36}},
    /* 38 */ {{38,63},{39,62},{40,61},{41,60},{42,59},{43,58},{44,57},{45,56},{46,55},{47,54},{48,53},{49,52},{50,51},{18,19},{17,20},{16,21},{15,22},{14,23},{13,24},{12,25},{11,26},{10,27},{ 9,28},{ 8,29},{ 7,30},{ 6,31},{ 5,32},{ 4,33},{ 3,34},{ 2,35},{ 1,36},{ 0,37}},
    /* 39 */ {{39,63},{40,62},{41,61},{42,60},{43,59},{44,58},{45,57},{46,56},{47,55},{48,54},{49,53},{50,52},{19,51},{18,20},{17,21},{16,22},{15,23},{14,24},{13,25},{12,26},{11,27},{10,28},{ 9,29},{ 8,30},{ 7,31},{ 6,32},{ 5,33},{ 4,34},{ 3,35},{ 2,36},{ 1,37},{ 0,38}},
    /* 40 */ {{40,63},{41,62},{42,61},{43,60},{44,59},{45,58},{46,57},{47,56},{48,55},{49,54},{50,53},{51,52},{19,20},{18,21},{17,22},{16,23},{15,24},{14,25},{13,26},{12,27},{11,28},{10,29},{ 9,30},{ 8,31},{ 7,32},{ 6,33},{ 5,34},{ 4,35},{ 3,36},{ 2,37},{ 1,38},{ 0,39}},
    /* 41 */ {{41,63},{42,62},{43,61},{44,60},{45,59},{46,58},{47,57},{48,56},{49,55},{50,54},{51,53},{20,52},{19,21},{18,22},{17,23},{16,24},{15,25},{14,26},{13,27},{12,28},{11,29},{10,30},{ 9,31},{ 8,32},{ 7,33},{ 6,34},{ 5,35},{ 4,36},{ 3,37},{ 2,38},{ 1,39},{ 0,40}},
    /* 42 */ {{42,63},{43,62},{44,61},{45,60},{46,59},{47,58},{48,57},{49,56},{50,55},{51,54},{52,53},{20,21},{19,22},{18,23},{17,24},{16,25},{15,26},{14,27},{13,28},{12,29},{11,30},{10,31},{ 9,32},{ 8,33},{ 7,34},{ 6,35},{ 5,36},{ 4,37},{ 3,38},{ 2,39},{ 1,40},{ 0,41}},
    /* 43 */ {{43,63},{44,62},{45,61},{46,60},{47,59},{48,58},{49,57},{50,56},{51,55},{52,54},{21,53},{20,22},{19,23},{18,24},{17,25},{16,26},{15,27},{14,28},{13,29},{12,30},{11,31},{10,32},{ 9,33},{ 8,34},{ 7,35},{ 6,36},{ 5,37},{ 4,38},{ 3,39},{ 2,40},{ 1,41},{ 0,42}},
    /* 44 */ {{44,63},{45,62},{46,61},{47,60},{48,59},{49,58},{50,57},{51,56},{52,55},{53,54},{21,22},{20,23},{19,24},{18,25},{17,26},{16,27},{15,28},{14,29},{13,30},{12,31},{11,32},{10,33},{ 9,34},{ 8,35},{ 7,36},{ 6,37},{ 5,38},{ 4,39},{ 3,40},{ 2,41},{ 1,42},{ 0,43}},
    /* 45 */ {{45,63},{46,62},{47,61},{48,60},{49,59},{50,58},{51,57},{52,56},{53,55},{22,54},{21,23},{20,24},{19,25},{18,26},{17,27},{16,28},{15,29},{14,30},{13,31},{12,32},{11,33},{10,34},{ 9,35},{ 8,36},{ 7,37},{ 6,38},{ 5,39},{ 4,40},{ 3,41},{ 2,42},{ 1,43},{ 0,44}},
    /* 46 */ {{46,63},{47,62},{48,61},{49,60},{50,59},{51,58},{52,57},{53,56},{54,55},{22,23},{21,24},{20,25},{19,26},{18,27},{17,28},{16,29},{15,30},{14,31},{13,32},{12,33},{11,34},{10,35},{ 9,36},{ 8,37},{ 7,38},{ 6,39},{ 5,40},{ 4,41},{ 3,42},{ 2,43},{ 1,44},{ 0,45}},
    /* 47 */ {{47,63},{48,62},{49,61},{50,60},{51,59},{52,58},{53,57},{54,56},{23,55},{22,24},{21,25},{20,26},{19,27},{18,28},{17,29},{16,30},{15,31},{14,32},{13,33},{12,34},{11,35},{10,36},{ 9,37},{ 8,38},{ 7,39},{ 6,40},{ 5,41},{ 4,42},{ 3,43},{ 2,44},{ 1,45},{ 0,46}},
    /* 48 */ {{48,63},{49,62},{50,61},{51,60},{52,59},{53,58},{54,57},{55,56},{23,24},{22,25},{21,26},{20,27},{19,28},{18,29},{17,30},{16,31},{15,32},{14,33},{13,34},{12,35},{11,36},{10,37},{ 9,38},{ 8,39},{ 7,40},{ 6,41},{ 5,42},{ 4,43},{ 3,44},{ 2,45},{ 1,46},{ 0,47}},
    /* 49 */ {{49,63},{50,62},{51,61},{52,60},{53,59},{54,58},{55,57},{24,56},{23,25},{22,26},{21,27},{20,28},{19,29},{18,30},{17,31},{16,32},{15,33},{14,34},{13,35},{12,36},{11,37},{10,38},{ 9,39},{ 8,40},{ 7,41},{ 6,42},{ 5,43},{ 4,44},{ 3,45},{ 2,46},{ 1,47},{ 0,48}},
    /* 50 */ {{50,63},{51,62},{52,61},{53,60},{54,59},{55,58},{56,57},{24,25},{23,26},{22,27},{21,28},{20,29},{19,30},{18,31},{17,32},{16,33},{15,34},{14,35},{13,36},{12,37},{11,38},{10,39},{ 9,40},{ 8,41},{ 7,42},{ 6,43},{ 5,44},{ 4,45},{ 3,46},{ 2,47},{ 1,48},{ 0,49}},
    /* 51 */ {{51,63},{52,62},{53,61},{54,60},{55,59},{56,58},{25,57},{24,26},{23,27},{22,28},{21,29},{20,30},{19,31},{18,32},{17,33},{16,34},{15,35},{14,36},{13,37},{12,38},{11,39},{10,40},{ 9,41},{ 8,42},{ 7,43},{ 6,44},{ 5,45},{ 4,46},{ 3,47},{ 2,48},{ 1,49},{ 0,50}},
    /* 52 */ {{52,63},{53,62},{54,61},{55,60},{56,59},{57,58},{25,26},{24,27},{23,28},{22,29},{21,30},{20,31},{19,32},{18,33},{17,34},{16,35},{15,36},{14,37},{13,38},{12,39},{11,40},{10,41},{ 9,42},{ 8,43},{ 7,44},{ 6,45},{ 5,46},{ 4,47},{ 3,48},{ 2,49},{ 1,50},{ 0,51}},
    /* 53 */ {{53,63},{54,62},{55,61},{56,60},{57,59},{26,58},{25,27},{24,28},{23,29},{22,30},{21,31},{20,32},{19,33},{18,34},{17,35},{16,36},{15,37},{14,38},{13,39},{12,40},{11,41},{10,42},{ 9,43},{ 8,44},{ 7,45},{ 6,46},{ 5,47},{ 4,48},{ 3,49},{ 2,50},{ 1,51},{ 0,52}},
    /* 54 */ {{54,63},{55,62},{56,61},{57,60},{58,59},{26,27},{25,28},{24,29},{23,30},{22,31},{21,32},{20,33},{19,34},{18,35},{17,36},{16,37},{15,38},{14,39},{13,40},{12,41},{11,42},{10,43},{ 9,44},{ 8,45},{ 7,46},{ 6,47},{ 5,48},{ 4,49},{ 3,50},{ 2,51},{ 1,52},{ 0,53}},
    /* 55 */ {{55,63},{56,62},{57,61},{58,60},{27,59},{26,28},{25,29},{24,30},{23,31},{22,32},{21,33},{20,34},{19,35},{18,36},{17,37},{16,38},{15,39},{14,40},{13,41},{12,42},{11,43},{10,44},{ 9,45},{ 8,46},{ 7,47},{ 6,48},{ 5,49},{ 4,50},{ 3,51},{ 2,52},{ 1,53},{ 0,54}},
    /* 56 */ {{56,63},{57,62},{58,61},{59,60},{27,28},{26,29},{25,30},{24,31},{23,32},{22,33},{21,34},{20,35},{19,36},{18,37},{17,38},{16,39},{15,40},{14,41},{13,42},{12,43},{11,44},{10,45},{ 9,46},{ 8,47},{ 7,48},{ 6,49},{ 5,50},{ 4,51},{ 3,52},{ 2,53},{ 1,54},{ 0,55}},
    /* 57 */ {{57,63},{58,62},{59,61},{28,60},{27,29},{26,30},{25,31},{24,32},{23,33},{22,34},{21,35},{20,36},{19,37},{18,38},{17,39},{16,40},{15,41},{14,42},{13,43},{12,44},{11,45},{10,46},{ 9,47},{ 8,48},{ 7,49},{ 6,50},{ 5,51},{ 4,52},{ 3,53},{ 2,54},{ 1,55},{ 0,56}},
    /* 58 */ {{58,63},{59,62},{60,61},{28,29},{27,30},{26,31},{25,32},{24,33},{23,34},{22,35},{21,36},{20,37},{19,38},{18,39},{17,40},{16,41},{15,42},{14,43},{13,44},{12,45},{11,46},{10,47},{ 9,48},{ 8,49},{ 7,50},{ 6,51},{ 5,52},{ 4,53},{ 3,54},{ 2,55},{ 1,56},{ 0,57}},
    /* 59 */ {{59,63},{60,62},{29,61},{28,30},{27,31},{26,32},{25,33},{24,34},{23,35},{22,36},{21,37},{20,38},{19,39},{18,40},{17,41},{16,42},{15,43},{14,44},{13,45},{12,46},{11,47},{10,48},{ 9,49},{ 8,50},{ 7,51},{ 6,52},{ 5,53},{ 4,54},{ 3,55},{ 2,56},{ 1,57},{ 0,58}},
    /* 60 */ {{60,63},{61,62},{29,30},{28,31},{27,32},{26,33},{25,34},{24,35},{23,36},{22,37},{21,38},{20,39},{19,40},{18,41},{17,42},{16,43},{15,44},{14,45},{13,46},{12,47},{11,48},{10,49},{ 9,50},{ 8,51},{ 7,52},{ 6,53},{ 5,54},{ 4,55},{ 3,56},{ 2,57},{ 1,58},{ 0,59}},
    /* 61 */ {{61,63},{30,62},{29,31},{28,32},{27,33},{26,34},{25,35},{24,36},{23,37},{22,38},{21,39},{20,40},{19,41},{18,42},{17,43},{16,44},{15,45},{14,46},{13,47},{12,48},{11,49},{10,50},{ 9,51},{ 8,52},{ 7,53},{ 6,54},{ 5,55},{ 4,56},{ 3,57},{ 2,58},{ 1,59},{ 0,60}},
    /* 62 */ {{62,63},{30,31},{29,32},{28,33},{27,34},{26,35},{25,36},{24,37},{23,38},{22,39},{21,40},{20,41},{19,42},{18,43},{17,44},{16,45},{15,46},{14,47},{13,48},{12,49},{11,50},{10,51},{ 9,52},{ 8,53},{ 7,54},{ 6,55},{ 5,56},{ 4,57},{ 3,58},{ 2,59},{ 1,60},{ 0,61}},
    /* 63 */ {{31,63},{30,32},{29,33},{28,34},{27,35},{26,36},{25,37},{24,38},{23,39},{22,40},{21,41},{20,42},{19,43},{18,44},{17,45},{16,46},{15,47},{14,48},{13,49},{12,50},{11,51},{10,52},{ 9,53},{ 8,54},{ 7,55},{ 6,56},{ 5,57},{ 4,58},{ 3,59},{ 2,60},{ 1,61},{ 0,62}}
};

#endif /* __CUDACC__ */

/* Largest order the run-time functions accept (a table of this order has ~2^31 ints). */
#define HZGSVD__STRATEGY_MAX_ORDER 32768

/* Steps per sweep of a table of order n: n-1 (ME) or n (MM); -1 if n < 2, n is odd,
 * n > HZGSVD__STRATEGY_MAX_ORDER or kind is not a strategy.  A table needs nsteps*n ints. */
HZGSVD_PRIVATE_INLINE int hzgsvd__strategy_nsteps(hzgsvd_strategy kind, int n)
{
    if (n < 2 || n % 2 != 0 || n > HZGSVD__STRATEGY_MAX_ORDER)
        return -1;
    if (kind == HZGSVD_STRATEGY_ME)
        return n - 1;
    if (kind == HZGSVD_STRATEGY_MM)
        return n;
    return -1;
}

/* Partner of x in step t of the round-robin 1-factorization of K_{m+1}, m odd (m is the centre). */
HZGSVD_PRIVATE_INLINE int hzgsvd__rr_partner(int t, int x, int m)
{
    int y;
    if (x == m)
        return t;
    if (x == t)
        return m;
    y = 2 * t - x; /* in (-m, 2m) for 0 <= t, x < m */
    if (y < 0)
        y += m;
    else if (y >= m)
        y -= m;
    return y;
}

/* The table of order n: pairs[(s*(n/2) + pos)*2 + {0, 1}] = (p, q) of position pos in step s,
 * for s < hzgsvd__strategy_nsteps(kind, n).  O(n^2), no allocation.  0 ok, -1 bad arguments. */
HZGSVD_PRIVATE_INLINE int hzgsvd__strategy_fill(hzgsvd_strategy kind, int n, int *pairs)
{
    int *out = pairs;
    int k;
    if (hzgsvd__strategy_nsteps(kind, n) < 0 || pairs == NULL)
        return -1;
    if (kind == HZGSVD_STRATEGY_ME) {
        int K = (int)(((unsigned)n & (0u - (unsigned)n)) >> 1); /* n = b*K, b = 2*odd */
        int b = n / K, m = b - 1;
        int t, d, u, v;
        for (t = 0; t < m; t++) {
            for (d = 0; d < K; d++) {
                int mask = K - 1 - d;
                for (u = 0; u < b; u++) { /* base pairs (u, w) of step t in increasing u */
                    int w = hzgsvd__rr_partner(t, u, m);
                    if (u >= w)
                        continue;
                    for (v = 0; v < K; v++) {
                        *out++ = u * K + v;
                        *out++ = w * K + (v ^ mask);
                    }
                }
            }
        }
        for (d = 0; d < K - 1; d++) {
            int mask = K - 1 - d;
            for (u = 0; u < b; u++) {
                for (v = 0; v < K; v++) {
                    if (v < (v ^ mask)) {
                        *out++ = u * K + v;
                        *out++ = u * K + (v ^ mask);
                    }
                }
            }
        }
        return 0;
    }
    for (k = 0; k < n; k++) { /* MM, step k in the reference position order */
        int r, p;
        for (r = 0; r < (n - k) / 2; r++) {
            *out++ = k + r;
            *out++ = n - 1 - r;
        }
        if (k % 2 != 0) {
            *out++ = (k - 1) / 2;
            *out++ = (k - 1) / 2 + n / 2;
        }
        for (p = k / 2 - 1; p >= 0; p--) {
            *out++ = p;
            *out++ = k - 1 - p;
        }
    }
    return 0;
}

/* The bipartite round robin between the two halves of n block columns (the distributed engine's
 * outermost steps after the first, docs/NUMERICS.md): n/2 steps; in step s, position pos pairs
 * block column pos with n/2 + (pos + s) mod (n/2).  Every pair (p, q) with p < n/2 <= q comes
 * exactly once per sweep, no pair within a half; the layout of hzgsvd__strategy_fill.  O(n^2).
 * 0 ok, -1 bad arguments (n < 2, odd or above HZGSVD__STRATEGY_MAX_ORDER). */
HZGSVD_PRIVATE_INLINE int hzgsvd__strategy_cross_fill(int n, int *pairs)
{
    int h = n / 2, s, pos;
    if (n < 2 || n % 2 != 0 || n > HZGSVD__STRATEGY_MAX_ORDER || pairs == NULL)
        return -1;
    for (s = 0; s < h; s++)
        for (pos = 0; pos < h; pos++) {
            *pairs++ = pos;
            *pairs++ = h + (pos + s) % h;
        }
    return 0;
}

/* Communication map of a table (pairs as from hzgsvd__strategy_fill, nsteps steps of order n):
 * map[(k*(n/2) + pos)*2 + slot] = -(pos'+1) if the index in (pos, slot) of step k is the p of
 * position pos' in step (k+1) mod nsteps, +(pos'+1) if it is the q there.  O(nsteps*n); allocates
 * (and frees) n ints.  0 ok; -1 on bad arguments, a step that is not a perfect matching of
 * 0..n-1, or a failed allocation (map is then unspecified). */
HZGSVD_PRIVATE_INLINE int hzgsvd__comm_map(const int *pairs, int nsteps, int n, int *map)
{
    int *where;
    int k, i, status = 0;
    size_t half, step_len;
    if (pairs == NULL || map == NULL || nsteps < 1 || n < 2 || n % 2 != 0)
        return -1;
    half = (size_t)(n / 2);
    step_len = 2 * half;
    where = (int *)malloc((size_t)n * sizeof(int));
    if (where == NULL)
        return -1;
    /* where[index] = code of index in step k+1; filled for step 1 first, then step by step. */
    for (k = 0; k < nsteps && status == 0; k++) {
        const int *cur = pairs + (size_t)k * step_len;
        const int *nxt = pairs + (size_t)((k + 1) % nsteps) * step_len;
        int *dst = map + (size_t)k * step_len;
        for (i = 0; i < n; i++)
            where[i] = 0;
        for (i = 0; i < n; i++) {
            int idx = nxt[i];
            if (idx < 0 || idx >= n || where[idx] != 0) {
                status = -1;
                break;
            }
            where[idx] = (i % 2 == 0) ? -(i / 2 + 1) : (i / 2 + 1);
        }
        for (i = 0; i < n && status == 0; i++) {
            int idx = cur[i];
            if (idx < 0 || idx >= n || where[idx] == 0) {
                status = -1;
                break;
            }
            dst[i] = where[idx];
        }
    }
    free(where);
    return status;
}
/*** end templates/hzgsvd_strategy.h.j2 ***/

/*** begin templates/hzgsvd_sigma_refine.h ***/
#line HZGSVD__SRC_LINE(1, 955) HZGSVD__SRC_FILE("templates/hzgsvd_sigma_refine.h")
/* Sigma refinement (docs/NUMERICS.md, "Sigma from the input pair"): after the iteration every
 * engine that still holds the caller's F and G recomputes
 *     sigma_j = ||F z_j|| / ||G z_j||,   Sigma_F = a / hypot(a, b),  Sigma_G = b / hypot(a, b)
 * (a = ||F z_j||, b = ||G z_j||) from the input pair and the computed Z.  The generalized singular
 * values are the stationary values of ||F z|| / ||G z||, so an error of size d in z moves this
 * quotient by O(d^2) only: what is left is the rounding of the products F z_j themselves, which
 * cancel (|F| |z_j| can be 1e5 times ||F z_j||).  They are formed in two parts, with the matrix
 * split into a head on a coarse grid and an exact tail:
 *     F = F1 + Fr   (row i of F1: row i of F rounded to multiples of 2^(e_i - beta), |F(i,:)| < 2^e_i),
 *     Z = Z1 + Zr   (column j likewise with its own exponent),
 *     F Z = F1 Z1 + (F1 Zr + Fr Z).
 * Head entries are integers of at most beta bits times a power of two, so every partial sum of
 * F1 Z1 is an integer below 2^53 in the unit of its row and column: exact in double in any order
 * (also on tensor cores) when k 2^(2 beta) <= 2^53, k the products summed per entry (n; 2n for
 * complex).  The tail terms are 2^-beta smaller and are summed in plain double; their rounding
 * reaches the result scaled by 2^-beta.  One rounding remains, of the final sum.  Before the
 * split, column k of F is scaled by 2^-e_k (e_k: the exponent of its largest entry) and row k of
 * Z by 2^e_k, exactly: the split then does not depend on a power-of-two column scaling of the
 * input, and sigma is as invariant under it as the iteration is. */

/* beta, the bits of a head entry, for k products summed per entry: k 2^(2 beta) <= 2^53. */
HZGSVD_HD static inline int hzgsvd__refine_beta(long long k)
{
    int l = 0;
    while (l < 62 && (1LL << l) < k) ++l;
    const int b = (53 - l) / 2;
    return b > 26 ? 26 : b;
}

/* The refined Sigma_F, Sigma_G, sigma of one column from a = ||F z||, b = ||G z||; the engine's
 * values stay where they are not positive (a degenerate column: the rank test reports it) or a or
 * b is not positive and finite. */
HZGSVD_HD static inline void hzgsvd__refine_set(double a, double b, double *sf, double *sg, double *ss)
{
    if (!(*sf > 0.0) || !(*sg > 0.0) || !(a > 0.0) || !(b > 0.0) || !isfinite(a) || !isfinite(b)) return;
    const double h = hypot(a, b);
    *sf = a / h;
    *sg = b / h;
    *ss = a / b;
}

/* The head of x: x rounded to a multiple of 2^(e - beta), for |x| < 2^e (e from frexp of the
 * largest entry of its row or column); the tail x - head is exact. */
HZGSVD_HD static inline double hzgsvd__refine_head(double x, int e, int beta)
{
    return ldexp(rint(ldexp(x, beta - e)), e - beta);
}
#line 1003 HZGSVD__SRC_FILE("generated/hzgsvd_core.h")
/*** end templates/hzgsvd_sigma_refine.h ***/

/*** begin templates/hzgsvd_batched_pair.h ***/
#line HZGSVD__SRC_LINE(1, 1007) HZGSVD__SRC_FILE("templates/hzgsvd_batched_pair.h")
/* The per-pair arithmetic of the batched GPU kernels (templates/hzgsvd_gpu_batched_kernels.cu),
 * written once for the device and the host.  Two sweeps, one arithmetic:
 *   - the three-phase sweep (hzgsvd__bat_sweep; n > 16, or a pair beyond shared memory): a pivot
 *     pair (p, q) is summed and updated by one warp of 32 lanes, lane l owning the rows r = l, l + 32,
 *     l + 64, ... of every column, so every update of a row is the lane's own, and every sum over
 *     rows is a per-lane partial (rows in ascending order, one fma each) followed by the fixed
 *     butterfly of hzgsvd__bat_sum_host; its 2x2 transformation (the shared one of
 *     hzgsvd_math.h.j2) is computed once, by one lane (hzgsvd__bat_step_math);
 *   - the slot sweep (hzgsvd__bat_sweep_slots; n <= 16 in shared memory): one warp takes a whole
 *     step, G lanes a pivot, each lane its every G-th row, the sums by a butterfly over the G lanes.
 * The phases over columns (G's normalisation, the refinement, the U and V checks) give each column L
 * lanes in the same way (hzgsvd__bat_col_lanes).
 * On the device the lanes are the warp's threads; on the host (test/test_batched_gpu_emul.c) loops
 * over the lanes with the same butterflies give the same bits (but for hypot, whose CUDA and C
 * library versions may differ in the last place), so the kernels' arithmetic is checked against
 * the CPU engine on a machine without a GPU.
 *
 * The working matrices of one pair: split planes (real, then imaginary parts where complex), column
 * major, F m_f x n, G m_g x n, Z n x n, their leading dimensions lf, lg, lz the rows padded for
 * shared memory's banks (hzgsvd__bat_plane_ld). */

#define HZGSVD__BAT_LANES 32
#define HZGSVD__BAT_MAX_N 64        /* the kernels' largest n (hzgsvd_single.cuh: HZGSVD_GPU_BATCHED_MAX_N) */
#define HZGSVD__BAT_MAX_WARPS 8     /* warps of one pair's thread block */
#define HZGSVD__BAT_MAX_PIV (HZGSVD__BAT_MAX_N / 2)   /* pivots of one strategy step: at most a warp's lanes */

/* Where the device and the host differ: on the device `lane` is the thread's lane and a phase's
 * items are spread over the block's warps, separated by barriers; on the host one caller plays
 * every lane (loops over the 32, or over a slot's G or an item's L lanes) and the one warp (warp 0
 * of 1), and barriers are nothing.  The functions with separate device and host bodies (the slot
 * step, the column-layout phases) share the arithmetic and its order, not the device's indexing:
 * the emulation checks the order of operations, the GPU tests the lanes.  The
 * items of a phase touch disjoint columns, so their order does not change a bit. */
#ifdef __CUDA_ARCH__
#define HZGSVD__BAT_BARRIER() __syncthreads()
#define HZGSVD__BAT_LANE_FIRST(lane) (lane)
#define HZGSVD__BAT_LANE_END(lane) ((lane) + 1)
#define HZGSVD__BAT_LANE_STEP HZGSVD__BAT_LANES
#define HZGSVD__BAT_LEADER(lane) ((lane) == 0)
#define HZGSVD__BAT_BARRIER_WARP() __syncwarp()
#define HZGSVD__BAT_UNROLL4 _Pragma("unroll 4")
#else
#define HZGSVD__BAT_BARRIER() ((void)0)
#define HZGSVD__BAT_LANE_FIRST(lane) 0
#define HZGSVD__BAT_LANE_END(lane) HZGSVD__BAT_LANES
#define HZGSVD__BAT_LANE_STEP 1
#define HZGSVD__BAT_LEADER(lane) 1
#define HZGSVD__BAT_BARRIER_WARP() ((void)0)
#define HZGSVD__BAT_UNROLL4
#endif

/* The working pair seen by one lane: planes of F, G, Z (index 1 NULL where real) and their rows. */
typedef struct hzgsvd__bat_pair {
    double *F[2], *G[2], *Z[2];
    int mf, mg, n, cplx;
    int lf, lg, lz;             /* the planes' leading dimensions (rows mf, mg, n padded: hzgsvd__bat_plane_ld) */
    const double *F0, *G0;      /* the caller's input (interleaved where complex), untouched until the outputs are stored */
    int ldf0, ldg0;
    int min_sweeps;             /* the stop rule counts from this sweep on: 1, or 2 after a preconditioned start (docs/NUMERICS.md, "Two sweeps at the least") */
} hzgsvd__bat_pair;

/* The strategy's order for n columns: n, n + 1 where n is odd (a padding index), at least 2. */
HZGSVD_HD static inline int hzgsvd__bat_order(int n)
{
    const int nn = n + (n & 1);
    return nn < 2 ? 2 : nn;
}

/* Partial sums over the rows first, first + stride, ... (ascending): s[0] ||x_p||^2, s[1] ||x_q||^2,
 * s[2] + i s[3] = x_p^H x_q (s[3] = 0 where real), for the m-row columns p and q of the planes X
 * (leading dimension ld).  The three-phase sweep's lanes take every 32nd row (stride HZGSVD__BAT_LANES), the
 * slot sweep's every G-th (hzgsvd__bat_slot_lanes). */
HZGSVD_HD static inline void hzgsvd__bat_gram_part(double *const X[2], int m, int ld, int cplx, int p, int q, int first, int stride, double s[4])
{
    const double *xr = X[0] + (size_t)p * ld, *yr = X[0] + (size_t)q * ld;
    s[0] = 0.0; s[1] = 0.0; s[2] = 0.0; s[3] = 0.0;
    if (!cplx) {
        for (int r = first; r < m; r += stride) {
            s[0] = fma(xr[r], xr[r], s[0]);
            s[1] = fma(yr[r], yr[r], s[1]);
            s[2] = fma(xr[r], yr[r], s[2]);
        }
        return;
    }
    const double *xi = X[1] + (size_t)p * ld, *yi = X[1] + (size_t)q * ld;
    for (int r = first; r < m; r += stride) {
        s[0] = fma(xi[r], xi[r], fma(xr[r], xr[r], s[0]));
        s[1] = fma(yi[r], yi[r], fma(yr[r], yr[r], s[1]));
        s[2] = fma(xi[r], yi[r], fma(xr[r], yr[r], s[2]));     /* conj(x) y, real part */
        s[3] = fma(-xi[r], yr[r], fma(xr[r], yi[r], s[3]));    /* imaginary part */
    }
}

/* Partial ||x_j||^2 over the rows first, first + stride, ... (column j of the planes X, m rows). */
HZGSVD_HD static inline double hzgsvd__bat_nrm2_rows(double *const X[2], int m, int ld, int cplx, int j, int first, int stride)
{
    double s = 0.0;
    for (int v = 0; v <= cplx; ++v) {
        const double *x = X[v] + (size_t)j * ld;
        for (int r = first; r < m; r += stride) s = fma(x[r], x[r], s);
    }
    return s;
}

/* Partial ||x_j||^2 of lane `lane` (every 32nd row). */
HZGSVD_HD static inline double hzgsvd__bat_nrm2_part(double *const X[2], int m, int ld, int cplx, int j, int lane)
{
    return hzgsvd__bat_nrm2_rows(X, m, ld, cplx, j, lane, HZGSVD__BAT_LANES);
}

/* Partial x_i^H y_j over the rows first, first + stride, ... (d[0] real, d[1] imaginary part; columns
 * of planes X and Y, m rows). */
HZGSVD_HD static inline void hzgsvd__bat_dot_part(double *const X[2], int i, double *const Y[2], int j, int m, int ld, int cplx, int first, int stride,
                                                  double d[2])
{
    const double *xr = X[0] + (size_t)i * ld, *yr = Y[0] + (size_t)j * ld;
    d[0] = 0.0; d[1] = 0.0;
    for (int r = first; r < m; r += stride) {
        d[0] = fma(xr[r], yr[r], d[0]);
        if (cplx) {
            const double xi = X[1][(size_t)i * ld + r], yi = Y[1][(size_t)j * ld + r];
            d[0] = fma(xi, yi, d[0]);
            d[1] = fma(-xi, yr[r], fma(xr[r], yi, d[1]));
        }
    }
}

/* The sum of the partials v[0 .. L - 1] of L lanes (a power of two) on the host: the device's
 * butterfly (XOR distances L/2 .. 1; each lane adds its partner's value to its own), so the same
 * bits on both. */
HZGSVD_HD static inline double hzgsvd__bat_item_sum_host(const double *v, int L)
{
    double a[HZGSVD__BAT_LANES] = { 0.0 }, b[HZGSVD__BAT_LANES];
    for (int l = 0; l < L; ++l) a[l] = v[l];
    for (int d = L >> 1; d > 0; d >>= 1) {
        for (int l = 0; l < L; ++l) b[l] = a[l] + a[l ^ d];
        for (int l = 0; l < L; ++l) a[l] = b[l];
    }
    return a[0];
}

/* The warp's sum of the lanes' partials v[0..31] on the host (the device's warp-wide butterfly). */
HZGSVD_HD static inline double hzgsvd__bat_sum_host(const double *v)
{
    return hzgsvd__bat_item_sum_host(v, HZGSVD__BAT_LANES);
}

/* The 2x2 transformation of pivot (p, q) from its Gram entries g (hzgsvd__bat_gram_part's order,
 * F's four then G's four, each summed over the warp): the shared math of hzgsvd_math.h.j2. */
HZGSVD_HD static inline hzgsvd__rot hzgsvd__bat_rot(const double g[8], int cplx, int variant, int sort, double tol)
{
    /* variants without per-step rescaling take b_pp = b_qq = 1: G's columns are normalised at the
     * start of every sweep (hzgsvd__bat_normalize), as the blocked engines prescale G-hat */
    const int resc = HZGSVD__VAR_RESCALE(variant);
    const double bpp = resc ? g[4] : 1.0, bqq = resc ? g[5] : 1.0;
    return cplx ? hzgsvd__zrot(g[0], g[1], g[2], g[3], bpp, bqq, g[6], g[7], variant, sort, tol)
                : hzgsvd__drot(g[0], g[1], g[2], bpp, bqq, g[6], variant, sort, tol);
}

/* Rows first, first + stride, ... of columns p, q of the planes X (m rows) times Z-hat. */
HZGSVD_HD static inline void hzgsvd__bat_apply_rows(const hzgsvd__rot *rot, double *const X[2], int m, int ld, int cplx, int p, int q, int first, int stride)
{
    double *xr = X[0] + (size_t)p * ld, *yr = X[0] + (size_t)q * ld;
    if (!cplx) {
        for (int r = first; r < m; r += stride) hzgsvd__drot_apply(rot, xr[r], yr[r], &xr[r], &yr[r]);
        return;
    }
    double *xi = X[1] + (size_t)p * ld, *yi = X[1] + (size_t)q * ld;
    for (int r = first; r < m; r += stride) {
        double a, b, c, d;
        hzgsvd__zrot_apply(rot, xr[r], xi[r], yr[r], yi[r], &a, &b, &c, &d);
        xr[r] = a; xi[r] = b; yr[r] = c; yi[r] = d;
    }
}

/* Rows first, first + stride, ... of columns p and q of the planes X exchanged. */
HZGSVD_HD static inline void hzgsvd__bat_swap_rows(double *const X[2], int m, int ld, int cplx, int p, int q, int first, int stride)
{
    for (int v = 0; v <= cplx; ++v) {
        double *x = X[v] + (size_t)p * ld, *y = X[v] + (size_t)q * ld;
        for (int r = first; r < m; r += stride) { const double t = x[r]; x[r] = y[r]; y[r] = t; }
    }
}

/* Rows first, first + stride, ... of column j of the planes X (m rows) times s. */
HZGSVD_HD static inline void hzgsvd__bat_scale_rows(double *const X[2], int m, int ld, int cplx, int j, double s, int first, int stride)
{
    for (int v = 0; v <= cplx; ++v) {
        double *x = X[v] + (size_t)j * ld;
        for (int r = first; r < m; r += stride) x[r] *= s;
    }
}

/* ---- the column layout of the once-a-pair and once-a-sweep phases ----------------------------------
 * A phase over the n columns (or the n (n + 1) / 2 column pairs of the U, V checks) gives each item L
 * lanes and each lane the rows g, g + L, ...; an item's sum is its lanes' partials and a butterfly
 * over them.  A warp takes 32 / L items at once; with a warp-wide butterfly per column instead, the
 * items ran one after the other, a chain of shuffles each (profiled at n = 16: the phases after the
 * sweeps took as long as the sweeps, and G's normalisation a fifth of every sweep).  L
 * (hzgsvd__bat_col_lanes) is a function of n and of the kernel, which is one of the shape, never of
 * the launch, so neither are the bits: the slot kernel's one warp takes all n columns at once, the
 * three-phase kernel's warps (up to HZGSVD__BAT_MAX_WARPS) n / HZGSVD__BAT_MAX_WARPS each. */
HZGSVD_HD static inline int hzgsvd__bat_col_lanes(int n, int slot_sweep)
{
    const int per_warp = slot_sweep ? n : (n + HZGSVD__BAT_MAX_WARPS - 1) / HZGSVD__BAT_MAX_WARPS;
    int c = 1;
    while (c < per_warp && c < HZGSVD__BAT_LANES) c <<= 1;
    return HZGSVD__BAT_LANES / c;
}

#ifdef __CUDACC__   /* (not __CUDA_ARCH__: the batched start's kernels, parsed in nvcc's host pass too, use them) */
/* The sum of v over the L lanes of an item (XOR distances L/2 .. 1); every lane calls it. */
__device__ __forceinline__ double hzgsvd__bat_item_sum(double v, int L)
{
    for (int d = L >> 1; d > 0; d >>= 1) v = __dadd_rn(v, __shfl_xor_sync(0xffffffffu, v, d));
    return v;
}

/* The largest v over the L lanes of an item (a maximum: any order). */
__device__ __forceinline__ double hzgsvd__bat_item_max(double v, int L)
{
    for (int d = L >> 1; d > 0; d >>= 1) v = fmax(v, __shfl_xor_sync(0xffffffffu, v, d));
    return v;
}
#endif

/* What the final rescale makes of column j from ||f_j||^2 and ||g_j||^2 (the CPU engine's final
 * rescale, section 3.4): sigma_f, sigma_g, sigma and the factors of f, g and z; bad where degenerate. */
typedef struct hzgsvd__bat_final {
    double sf, sg, ss, rf, rg, rho;
    int bad;
} hzgsvd__bat_final;

HZGSVD_HD static inline hzgsvd__bat_final hzgsvd__bat_final_column(double nf2, double ng2)
{
    hzgsvd__bat_final c;
    c.rho = hzgsvd__rsqrt_rn(nf2 + ng2);
    c.rf = hzgsvd__rsqrt_rn(nf2);
    c.rg = hzgsvd__rsqrt_rn(ng2);
    c.sf = sqrt(nf2) * c.rho;
    c.sg = sqrt(ng2) * c.rho;
    c.ss = sqrt(nf2) * c.rg;
    c.bad = !(c.sf > 0.0) || !(c.sg > 0.0) || !isfinite(c.ss) || !isfinite(c.rf) || !isfinite(c.rg) || !isfinite(c.rho);
    return c;
}

/* The batched kernels' range: every column's ||f_j||^2 and ||g_j||^2 of the input within
 * [2^-HZGSVD__BAT_RANGE, 2^HZGSVD__BAT_RANGE] (norms within 2^+-150).  G's columns are normalised, so
 * F's columns reach norms up to 2^+-300 relative to them and their squares 2^+-600: no square, sum
 * or product of the iteration overflows or underflows, so sigma comes out accurate or not at all
 * (the one-pair engines scale other pairs into range first; the batched call hands them there). */
#define HZGSVD__BAT_RANGE 300

HZGSVD_HD static inline int hzgsvd__bat_in_range(double x2)
{
    return x2 >= ldexp(1.0, -HZGSVD__BAT_RANGE) && x2 <= ldexp(1.0, HZGSVD__BAT_RANGE);
}

/* Output position of column j among n by descending sigma, ties in column order (a stable sort: the
 * one-pair engines' order); with sort off, j itself. */
HZGSVD_HD static inline int hzgsvd__bat_rank(const double *ss, int n, int j, int sort)
{
    if (!sort) return j;
    int rank = 0;
    for (int i = 0; i < n; ++i) rank += ss[i] > ss[j] || (ss[i] == ss[j] && i < j);
    return rank;
}

/* The numerical rank test of column j (the CPU engine's): sigma_f must stay above max(m_f, n) u
 * sum_k |z_kj| ||f_k|| (nf: the input's column norms), and so for G.  z: the final column j of Z
 * (split planes, n rows). */
HZGSVD_HD static inline int hzgsvd__bat_degenerate(double *const Z[2], int n, int ld, int cplx, int j, const double *nf, const double *ng,
                                                   double sf, double sg, int m_f, int m_g)
{
    double af = 0.0, ag = 0.0;
    for (int k = 0; k < n; ++k) {
        const double zr = Z[0][(size_t)j * ld + k];
        const double a = cplx ? hypot(zr, Z[1][(size_t)j * ld + k]) : fabs(zr);
        af = fma(a, nf[k], af);
        ag = fma(a, ng[k], ag);
    }
    const double tol_f = (double)(m_f > n ? m_f : n) * HZGSVD__U, tol_g = (double)(m_g > n ? m_g : n) * HZGSVD__U;
    return !(sf > tol_f * af) || !(sg > tol_g * ag);
}

/* The U, V orthogonality tolerance of the one-pair engines (16 n' u, n' = n bordered to the CPU
 * engine's 2w = 32). */
HZGSVD_HD static inline double hzgsvd__bat_orth_tol(int n)
{
    const int nb = (n + 31) / 32 * 32;
    return 16.0 * nb * HZGSVD__U;
}

/* ---- sums over the warp ------------------------------------------------------------------------ */

#ifdef __CUDA_ARCH__
/* The device butterfly: XOR distances 16 .. 1, every lane ends with the same sum (the order of
 * hzgsvd__bat_sum_host). */
__device__ __forceinline__ double hzgsvd__bat_warp_sum(double v)
{
    return hzgsvd__bat_item_sum(v, HZGSVD__BAT_LANES);
}

/* The warp's sums of v[0..7] by recursive halving: at XOR distance 16 a lane keeps four of its
 * values and hands its partner the other four, at 8 two, at 4 one, then the butterfly on the one
 * left (9 shuffles instead of 40).  Every level still adds a lane's value and its partner's, as
 * hzgsvd__bat_warp_sum does, and a sum of two terms does not depend on their order, so each sum has
 * the butterfly's bits (hzgsvd__bat_sum_host).  Returns sum (lane >> 2) & 7: lanes 4k .. 4k + 3
 * hold sum k. */
__device__ __forceinline__ double hzgsvd__bat_warp_sum8(const double v[8], int lane)
{
    const unsigned full = 0xffffffffu;
    const int h4 = lane & 16, h3 = lane & 8, h2 = lane & 4;
    double a[4], b[2];
    for (int i = 0; i < 4; ++i) a[i] = __dadd_rn(h4 ? v[4 + i] : v[i], __shfl_xor_sync(full, h4 ? v[i] : v[4 + i], 16));
    for (int i = 0; i < 2; ++i) b[i] = __dadd_rn(h3 ? a[2 + i] : a[i], __shfl_xor_sync(full, h3 ? a[i] : a[2 + i], 8));
    double c = __dadd_rn(h2 ? b[1] : b[0], __shfl_xor_sync(full, h2 ? b[0] : b[1], 4));
    c = __dadd_rn(c, __shfl_xor_sync(full, c, 2));
    return __dadd_rn(c, __shfl_xor_sync(full, c, 1));
}

/* The warp's sums of x and y in every lane, by the halving of hzgsvd__bat_warp_sum8 (the
 * butterfly's bits; 6 shuffles instead of 10). */
__device__ __forceinline__ void hzgsvd__bat_warp_sum2(double *x, double *y, int lane)
{
    const unsigned full = 0xffffffffu;
    const int h4 = lane & 16;
    double a = __dadd_rn(h4 ? *y : *x, __shfl_xor_sync(full, h4 ? *x : *y, 16));
    for (int d = 8; d > 0; d >>= 1) a = __dadd_rn(a, __shfl_xor_sync(full, a, d));
    const double b = __shfl_xor_sync(full, a, 16);   /* the other sum, from the other half */
    *x = h4 ? b : a;
    *y = h4 ? a : b;
}
#endif

/* The warp's sums of the Gram entries of pivot (p, q): g[0..3] of F, g[4..7] of G. */
HZGSVD_HD static inline void hzgsvd__bat_pivot_sums(const hzgsvd__bat_pair *P, int p, int q, int lane, double g[8])
{
#ifdef __CUDA_ARCH__   /* the device sums in hzgsvd__bat_step_sums, by recursive halving; this is the host's play of it */
    (void)P; (void)p; (void)q; (void)lane; (void)g;
#else
    double s[8][HZGSVD__BAT_LANES], t[8];
    (void)lane;
    for (int l = 0; l < HZGSVD__BAT_LANES; ++l) {
        hzgsvd__bat_gram_part(P->F, P->mf, P->lf, P->cplx, p, q, l, HZGSVD__BAT_LANES, t);
        hzgsvd__bat_gram_part(P->G, P->mg, P->lg, P->cplx, p, q, l, HZGSVD__BAT_LANES, t + 4);
        for (int i = 0; i < 8; ++i) s[i][l] = t[i];
    }
    for (int i = 0; i < 8; ++i) g[i] = hzgsvd__bat_sum_host(s[i]);
#endif
}

/* The warp's ||x_j||^2 (column j of the planes X, m rows). */
HZGSVD_HD static inline double hzgsvd__bat_nrm2(double *const X[2], int m, int ld, int cplx, int j, int lane)
{
#ifdef __CUDA_ARCH__
    return hzgsvd__bat_warp_sum(hzgsvd__bat_nrm2_part(X, m, ld, cplx, j, lane));
#else
    double s[HZGSVD__BAT_LANES];
    (void)lane;
    for (int l = 0; l < HZGSVD__BAT_LANES; ++l) s[l] = hzgsvd__bat_nrm2_part(X, m, ld, cplx, j, l);
    return hzgsvd__bat_sum_host(s);
#endif
}

/* The warp's ||x_p||^2 and ||x_q||^2 (columns p and q of the planes X, m rows), each as hzgsvd__bat_nrm2. */
HZGSVD_HD static inline void hzgsvd__bat_nrm2_two(double *const X[2], int m, int ld, int cplx, int p, int q, int lane, double *a, double *b)
{
#ifdef __CUDA_ARCH__
    *a = hzgsvd__bat_nrm2_part(X, m, ld, cplx, p, lane);
    *b = hzgsvd__bat_nrm2_part(X, m, ld, cplx, q, lane);
    hzgsvd__bat_warp_sum2(a, b, lane);
#else
    *a = hzgsvd__bat_nrm2(X, m, ld, cplx, p, lane);
    *b = hzgsvd__bat_nrm2(X, m, ld, cplx, q, lane);
#endif
}

/* The first row (0-based) of column j of the planes X (m rows) holding a NaN or an infinity, or m. */
HZGSVD_HD static inline int hzgsvd__bat_first_bad_row(double *const X[2], int m, int ld, int cplx, int j, int lane)
{
    int first = m;
    (void)lane;   /* the host plays every lane */
    for (int l = HZGSVD__BAT_LANE_FIRST(lane); l < HZGSVD__BAT_LANE_END(lane); ++l)
        for (int r = l; r < m; r += HZGSVD__BAT_LANES) {
            const int bad = !isfinite(X[0][(size_t)j * ld + r]) || (cplx && !isfinite(X[1][(size_t)j * ld + r]));
            if (bad && r < first) { first = r; break; }
        }
#ifdef __CUDA_ARCH__
    first = __reduce_min_sync(0xffffffffu, first);   /* an integer minimum: any order gives the same */
#endif
    return first;
}

/* ---- one pair's run, phase by phase -------------------------------------------------------------- */

/* What one pair's phases share: per column the input's norms (the rank test) and the results, the
 * output order, and per warp its counts and flags (written by its leader, read after a barrier). */
typedef struct hzgsvd__bat_shared {
    double nf[HZGSVD__BAT_MAX_N], ng[HZGSVD__BAT_MAX_N];
    double sf[HZGSVD__BAT_MAX_N], sg[HZGSVD__BAT_MAX_N], ss[HZGSVD__BAT_MAX_N];
    double wmax[HZGSVD__BAT_MAX_WARPS];
    unsigned long long wall[HZGSVD__BAT_MAX_WARPS], wbig[HZGSVD__BAT_MAX_WARPS];
    int wflag[HZGSVD__BAT_MAX_WARPS];
    int badf[HZGSVD__BAT_MAX_N], badg[HZGSVD__BAT_MAX_N];
    int order[HZGSVD__BAT_MAX_N];
} hzgsvd__bat_shared;

/* The three-phase sweep's step area (the slot sweep needs none): a strategy step's pivots,
 * their Gram entries (hzgsvd__bat_pivot_sums' order) and their 2x2 transformations (identity for a
 * padding or a failed pivot); each pivot's row padded by a double so that the math lanes, one
 * pivot each, hit the banks 2-way rather than 16-way. */
typedef struct hzgsvd__bat_pivots {
    double g[HZGSVD__BAT_MAX_PIV][9];
    struct { hzgsvd__rot r; double pad; } rot[HZGSVD__BAT_MAX_PIV];
} hzgsvd__bat_pivots;

/* The settings of a batch (the same for every pair). */
typedef struct hzgsvd__bat_opts {
    const int *table;       /* the inner strategy's table of order nn (hzgsvd__strategy_fill), steps rows of nn ints */
    int nn, steps;          /* nn = n rounded up to even (an odd n's last column is a padding index, skipped) */
    int variant, sort, max_sweeps, refine;   /* refine: sigma from the input pair (options.refine_sigma != 0) */
    int mwarps;             /* warps that compute a step's 2x2 transformations, a share of the pivots each (1 on the host) */
    int slot_sweep;         /* 1: the slot sweep (hzgsvd__bat_sweep_slots; nn <= 16, a block of one warp), else the three-phase one */
    int col_lanes;          /* lanes an item of the column layout: hzgsvd__bat_col_lanes(n, slot_sweep) */
    double tol;             /* relative orthogonality: hzgsvd__ortho_tol(max(m_f, m_g, 2)) */
} hzgsvd__bat_opts;

/* A pair's verdict: done here, not finite (where = row + m * column of the first such entry, which
 * = 1 F or 2 G), or handed to the one-pair path, with the reason. */
#define HZGSVD__BAT_OK 0
#define HZGSVD__BAT_NOT_FINITE 1
#define HZGSVD__BAT_OUT_OF_RANGE 2      /* a zero column, or a column norm outside the kernels' range */
#define HZGSVD__BAT_PIVOT_FAIL 3        /* a 2x2 pivot of B not positive definite (G numerically rank deficient) */
#define HZGSVD__BAT_NO_CONVERGENCE 4    /* max_sweeps sweeps still applied big transformations */
#define HZGSVD__BAT_DEGENERATE 5        /* the final rescale or the rank test found a degenerate column */
#define HZGSVD__BAT_OFF_ORTHOGONAL 6    /* U or V off orthogonality (16 n' u) */

typedef struct hzgsvd__bat_result {
    int verdict, which, where, sweeps;
    unsigned long long all, big;
    double measure;                 /* OFF_ORTHOGONAL: the deviation found */
} hzgsvd__bat_result;

/* Sum of the warps' flags (all threads compute it; call between barriers). */
HZGSVD_HD static inline int hzgsvd__bat_flags(const hzgsvd__bat_shared *sh, int nwarps)
{
    int f = 0;
    for (int w = 0; w < nwarps; ++w) f += sh->wflag[w];
    return f;
}

/* Phase 0: the first non-finite entry (F before G, column by column) and the input's column norms;
 * a zero column or one outside the range goes to the one-pair path.  Returns the verdict. */
HZGSVD_HD static inline int hzgsvd__bat_check(const hzgsvd__bat_pair *P, hzgsvd__bat_shared *sh, int warp, int nwarps, int lane,
                                              hzgsvd__bat_result *res)
{
    int off = 0;
    for (int j = warp; j < P->n; j += nwarps) {
        const int bf = hzgsvd__bat_first_bad_row(P->F, P->mf, P->lf, P->cplx, j, lane);
        const int bg = hzgsvd__bat_first_bad_row(P->G, P->mg, P->lg, P->cplx, j, lane);
        const double nf2 = hzgsvd__bat_nrm2(P->F, P->mf, P->lf, P->cplx, j, lane), ng2 = hzgsvd__bat_nrm2(P->G, P->mg, P->lg, P->cplx, j, lane);
        off |= !hzgsvd__bat_in_range(nf2) || !hzgsvd__bat_in_range(ng2);
        if (HZGSVD__BAT_LEADER(lane)) { sh->badf[j] = bf; sh->badg[j] = bg; sh->nf[j] = sqrt(nf2); sh->ng[j] = sqrt(ng2); }
    }
    if (HZGSVD__BAT_LEADER(lane)) sh->wflag[warp] = off;
    HZGSVD__BAT_BARRIER();
    for (int which = 1; which <= 2; ++which)
        for (int j = 0; j < P->n; ++j) {
            const int r = which == 1 ? sh->badf[j] : sh->badg[j], m = which == 1 ? P->mf : P->mg;
            if (r < m) { res->which = which; res->where = r + m * j; return HZGSVD__BAT_NOT_FINITE; }
        }
    return hzgsvd__bat_flags(sh, nwarps) ? HZGSVD__BAT_OUT_OF_RANGE : HZGSVD__BAT_OK;
}

/* Z = I (first), and at the start of every sweep of the variants without per-step rescaling (0, 1, 4, 5)
 * G's columns normalised, F's and Z's by the same factor (initFGZ, section 3.3; the blocked engines
 * prescale G-hat at every visit of a pivot block pair). */
HZGSVD_HD static inline void hzgsvd__bat_normalize(const hzgsvd__bat_pair *P, int first, int scale, int L, int warp, int nwarps, int lane)
{
    const int n = P->n;
#ifdef __CUDA_ARCH__
    const int C = HZGSVD__BAT_LANES / L;
    for (int base = warp * C; base < n; base += nwarps * C) {
        const int j = base + lane / L, g = lane % L, on = j < n;
        if (on && first)
            for (int v = 0; v <= P->cplx; ++v)
                for (int r = g; r < n; r += L) P->Z[v][(size_t)j * P->lz + r] = (v == 0 && r == j) ? 1.0 : 0.0;
        if (!scale) continue;      /* variants 2, 3, 6, 7: Z = I, D-hat at every step instead */
        const double b = hzgsvd__bat_item_sum(on ? hzgsvd__bat_nrm2_rows(P->G, P->mg, P->lg, P->cplx, j, g, L) : 0.0, L);
        const double t = hzgsvd__rsqrt_rn(b);
        if (!on || t == 1.0) continue;
        hzgsvd__bat_scale_rows(P->F, P->mf, P->lf, P->cplx, j, t, g, L);
        hzgsvd__bat_scale_rows(P->G, P->mg, P->lg, P->cplx, j, t, g, L);
        hzgsvd__bat_scale_rows(P->Z, n, P->lz, P->cplx, j, t, g, L);
    }
#else
    (void)warp; (void)nwarps; (void)lane;
    for (int j = 0; j < n; ++j) {
        if (first)
            for (int v = 0; v <= P->cplx; ++v)
                for (int r = 0; r < n; ++r) P->Z[v][(size_t)j * P->lz + r] = (v == 0 && r == j) ? 1.0 : 0.0;
        if (!scale) continue;
        double part[HZGSVD__BAT_LANES];
        for (int g = 0; g < L; ++g) part[g] = hzgsvd__bat_nrm2_rows(P->G, P->mg, P->lg, P->cplx, j, g, L);
        const double t = hzgsvd__rsqrt_rn(hzgsvd__bat_item_sum_host(part, L));
        if (t == 1.0) continue;
        hzgsvd__bat_scale_rows(P->F, P->mf, P->lf, P->cplx, j, t, 0, 1);
        hzgsvd__bat_scale_rows(P->G, P->mg, P->lg, P->cplx, j, t, 0, 1);
        hzgsvd__bat_scale_rows(P->Z, n, P->lz, P->cplx, j, t, 0, 1);
    }
#endif
}

/* ---- one strategy step in three phases -----------------------------------------------------------
 * The pivots of a step touch disjoint columns, so each pivot's 2x2 transformation is computed once,
 * by one lane, instead of by all 32 lanes of a warp (the 2x2 math, long chains of double-precision
 * divisions and square roots, dominated the kernel's instructions): (1) the warps sum the pivots'
 * Gram entries into piv->g (lanes over rows, the fixed butterfly); (2) the lanes of the first
 * o->mwarps warps, one pivot each, compute the transformations (the shared 2x2 math) into piv->rot;
 * (3) the warps apply them to F, G and Z and make the sorting swaps.  Which warp or lane takes a
 * pivot changes no bit: a pivot's sums have the one butterfly order and its transformation is one
 * function of them. */

/* Phase 1: the Gram entries of the step's pivots pq[0 .. 2 npiv - 1], one warp per pivot. */
HZGSVD_HD static inline void hzgsvd__bat_step_sums(const hzgsvd__bat_pair *P, const int *pq, int npiv, hzgsvd__bat_pivots *piv, int warp,
                                                   int nwarps, int lane)
{
    for (int pos = warp; pos < npiv; pos += nwarps) {
        const int p = pq[2 * pos], q = pq[2 * pos + 1];
        if (p >= P->n || q >= P->n) continue;   /* an odd n's padding index */
#ifdef __CUDA_ARCH__
        double s[8];
        hzgsvd__bat_gram_part(P->F, P->mf, P->lf, P->cplx, p, q, lane, HZGSVD__BAT_LANES, s);
        hzgsvd__bat_gram_part(P->G, P->mg, P->lg, P->cplx, p, q, lane, HZGSVD__BAT_LANES, s + 4);
        const double v = hzgsvd__bat_warp_sum8(s, lane);
        if ((lane & 3) == 0) piv->g[pos][lane >> 2] = v;
#else
        hzgsvd__bat_pivot_sums(P, p, q, lane, piv->g[pos]);
#endif
    }
}

/* Counts of one warp's lanes over a sweep (phase 2's). */
typedef struct hzgsvd__bat_count {
    unsigned all, big, fail;
} hzgsvd__bat_count;

/* Phase 2: the transformations, lane k of warp w < o->mwarps taking pivot w * per + k (per = the
 * pivots of a math warp).  A failed pivot (B-hat not positive definite) is left as the identity and
 * fails the sweep (the pair goes to the one-pair path). */
HZGSVD_HD static inline void hzgsvd__bat_step_math(const hzgsvd__bat_pair *P, const int *pq, int npiv, const hzgsvd__bat_opts *o,
                                                   hzgsvd__bat_pivots *piv, int warp, int lane, hzgsvd__bat_count *c)
{
    const int per = (npiv + o->mwarps - 1) / o->mwarps;
    if (warp >= o->mwarps) return;
    (void)lane;   /* the host plays every lane */
    for (int k = HZGSVD__BAT_LANE_FIRST(lane); k < per && warp * per + k < npiv; k += HZGSVD__BAT_LANE_STEP) {
        const int pos = warp * per + k, p = pq[2 * pos], q = pq[2 * pos + 1];
        hzgsvd__rot rot = hzgsvd__rot_identity();
        if (p < P->n && q < P->n) {
            rot = hzgsvd__bat_rot(piv->g[pos], P->cplx, o->variant, o->sort, o->tol);
            if (rot.fail) { c->fail = 1; rot = hzgsvd__rot_identity(); }
            c->all += (unsigned)rot.transform;
            c->big += (unsigned)rot.big;
        }
        piv->rot[pos].r = rot;
    }
}

/* Phase 3: the transformations applied to F, G and Z, one warp per pivot, and the sorting swaps
 * (complex: from the new column norms, as the one-pair engines decide it). */
HZGSVD_HD static inline void hzgsvd__bat_step_apply(const hzgsvd__bat_pair *P, const int *pq, int npiv, const hzgsvd__bat_opts *o,
                                                    const hzgsvd__bat_pivots *piv, int warp, int nwarps, int lane)
{
    for (int pos = warp; pos < npiv; pos += nwarps) {
        const int p = pq[2 * pos], q = pq[2 * pos + 1];
        if (p >= P->n || q >= P->n) continue;
        const hzgsvd__rot rot = piv->rot[pos].r;
        int swap = rot.swap;
        if (rot.transform) {
            for (int l = HZGSVD__BAT_LANE_FIRST(lane); l < HZGSVD__BAT_LANE_END(lane); ++l) {
                hzgsvd__bat_apply_rows(&rot, P->F, P->mf, P->lf, P->cplx, p, q, l, HZGSVD__BAT_LANES);
                hzgsvd__bat_apply_rows(&rot, P->G, P->mg, P->lg, P->cplx, p, q, l, HZGSVD__BAT_LANES);
                hzgsvd__bat_apply_rows(&rot, P->Z, P->n, P->lz, P->cplx, p, q, l, HZGSVD__BAT_LANES);
            }
            if (P->cplx) {   /* each lane reads back only the rows it wrote: no synchronisation needed */
                double a, b;
                hzgsvd__bat_nrm2_two(P->F, P->mf, P->lf, 1, p, q, lane, &a, &b);
                swap = hzgsvd__zswap(o->sort, a, b);
            }
        }
        if (swap)
            for (int l = HZGSVD__BAT_LANE_FIRST(lane); l < HZGSVD__BAT_LANE_END(lane); ++l) {
                hzgsvd__bat_swap_rows(P->F, P->mf, P->lf, P->cplx, p, q, l, HZGSVD__BAT_LANES);
                hzgsvd__bat_swap_rows(P->G, P->mg, P->lg, P->cplx, p, q, l, HZGSVD__BAT_LANES);
                hzgsvd__bat_swap_rows(P->Z, P->n, P->lz, P->cplx, p, q, l, HZGSVD__BAT_LANES);
            }
    }
}

/* One sweep: the strategy's steps, each in three barrier-separated phases.  The warps' counts and
 * failure flags are left in sh (read after the caller's barrier). */
HZGSVD_HD static inline void hzgsvd__bat_sweep(const hzgsvd__bat_pair *P, const hzgsvd__bat_opts *o, hzgsvd__bat_shared *sh,
                                               hzgsvd__bat_pivots *piv, int warp, int nwarps, int lane)
{
    hzgsvd__bat_count c = { 0, 0, 0 };
    const int npiv = o->nn / 2;
    for (int step = 0; step < o->steps; ++step) {
        const int *pq = o->table + (size_t)step * o->nn;
        hzgsvd__bat_step_sums(P, pq, npiv, piv, warp, nwarps, lane);
        HZGSVD__BAT_BARRIER();   /* the sums in piv->g */
        hzgsvd__bat_step_math(P, pq, npiv, o, piv, warp, lane, &c);
        HZGSVD__BAT_BARRIER();   /* the transformations in piv->rot */
        hzgsvd__bat_step_apply(P, pq, npiv, o, piv, warp, nwarps, lane);
        HZGSVD__BAT_BARRIER();   /* the columns updated before the next step sums them (and piv->g, piv->rot rewritten) */
    }
#ifdef __CUDA_ARCH__
    /* integer sums over the warp's lanes (any order gives the same); every lane of every warp calls them */
    c.all = __reduce_add_sync(0xffffffffu, c.all);
    c.big = __reduce_add_sync(0xffffffffu, c.big);
    c.fail = __reduce_add_sync(0xffffffffu, c.fail);
#endif
    if (HZGSVD__BAT_LEADER(lane)) { sh->wall[warp] = c.all; sh->wbig[warp] = c.big; sh->wflag[warp] = c.fail != 0; }
}

/* ---- the slot sweep (nn <= 16) ------------------------------------------------------------------
 * One warp takes a whole strategy step: pivot k of the step is slot k, G lanes a slot
 * (hzgsvd__bat_slot_lanes: 32 over the pivots rounded up to a power of two), lane = k G + g; lane g
 * sums, transforms and updates the rows g, g + G, g + 2G, ... of the pivot's columns of F, G and Z.
 * A slot's sums are its lanes' partials (ascending rows, one fma each, as in the three-phase sweep)
 * added by a butterfly over its G lanes (XOR distances G/2 .. 1), so every lane of the slot holds
 * the same sums and computes the same 2x2 transformation (the shared math): no shared-memory round
 * trip and no block barrier, a warp barrier between steps, and a step's instructions shared by all
 * its pivots (the three-phase sweep spends a warp per pivot on the sums and the updates and leaves
 * all but one warp waiting while the math runs; profiled at n = 16: 3,700 warp instructions a pair
 * and step, most of them addressing and waiting).  The sums' order differs from the three-phase
 * sweep's (G lanes instead of 32), so its bits do; the arithmetic is the same.  The layout depends
 * on nn only, never on the launch, so neither do the bits.  Measured against the three-phase
 * kernel (docs/PERFORMANCE.md): 1.6x at n = 8, 1.4x at n = 16; at n = 32 (two warps of eight
 * pivots, tried) no faster for real pairs and half as fast for complex ones, whose 80 KB of shared
 * memory leave two pairs an SM: there the three-phase kernel's four warps a pair hide more. */

#define HZGSVD__BAT_SLOTS_MAX_NN 16 /* the slot sweep's largest order (slots of at least 4 lanes) */
#define HZGSVD__BAT_SLOTS_MAX_DOUBLES 2560 /* and its largest working pair (20 KB: complex n = 16, m = 32) */

/* Whether the driver takes the slot kernel for a pair of order nn (n rounded up to even) whose
 * working copy takes pair_doubles doubles (hzgsvd__bat_pair_doubles) in shared memory: one warp a
 * pair leaves a larger pair's SM mostly idle.  Measured (one H100, docs/PERFORMANCE.md; slot /
 * three-phase pairs/s; working doubles): m = 2n 1.3-1.7x (up to 2560); real n = 8, m = 64 1.7x
 * (1088); complex n = 8, m = 64 1.15x (2176); real n = 16, m = 64 1.06x (2304); real n = 8,
 * m = 128 0.97x (2112); complex n = 16, m = 64 0.67x (4608); complex n = 8, m = 128 0.67x (4224);
 * real n = 16, m = 128 0.57x (4352); n = 16, m = 256 0.31x real, 0.16x complex. */
HZGSVD_HD static inline int hzgsvd__bat_slot_fits(int nn, size_t pair_doubles)
{
    return nn <= HZGSVD__BAT_SLOTS_MAX_NN && pair_doubles <= HZGSVD__BAT_SLOTS_MAX_DOUBLES;
}

/* Lanes G of a slot: 32 over the step's pivots rounded up to a power of two. */
HZGSVD_HD static inline int hzgsvd__bat_slot_lanes(int nn)
{
    int slots = 1;
    while (slots < nn / 2) slots <<= 1;
    return HZGSVD__BAT_LANES / slots;
}

/* The planes' leading dimension: m rows padded to u modulo 16, u the lanes that take one column's
 * consecutive rows at once (the slot sweep's G, else the column layout's L: hzgsvd__bat_pad_lanes).
 * A 64-bit shared-memory access serves a half-warp's 16 lanes in one wavefront where their
 * addresses fall into distinct 8-byte banks (address mod 16 doubles).  With ld = m a multiple of
 * 16, lane g of every slot hit one bank: at n = 16, m = 32 a load of the slot sweep took 8
 * wavefronts instead of 2, 75 % of the slot kernel's were excess, and the column layout's reads of
 * Z 16-way (device run 1 of session 22).  With ld = u (mod 16) a slot's G rows fill G banks and the
 * slots' columns start at multiples of G.  Storage only: no sum's order, so no bit, depends on it. */
HZGSVD_HD static inline int hzgsvd__bat_plane_ld(int m, int u)
{
    return u >= 16 ? m : m + ((u - m) & 15);
}

HZGSVD_HD static inline int hzgsvd__bat_pad_lanes(int n, int slot_sweep)
{
    return slot_sweep ? hzgsvd__bat_slot_lanes(hzgsvd__bat_order(n)) : hzgsvd__bat_col_lanes(n, 0);
}

#ifdef __CUDA_ARCH__
/* The butterfly over a slot's G lanes of v[0 .. 7] (real: 0-2 and 4-6, the others stay +0). */
__device__ __forceinline__ void hzgsvd__bat_slot_sum(double v[8], int cplx, int G)
{
    for (int d = G >> 1; d > 0; d >>= 1)
#pragma unroll
        for (int i = 0; i < 8; ++i)
            if (cplx || (i & 3) != 3) v[i] = __dadd_rn(v[i], __shfl_xor_sync(0xffffffffu, v[i], d));
}
#else
/* The same butterfly on the host: v[g][i] the partials of lane g < G; the sums end in v[0]. */
static inline void hzgsvd__bat_slot_sum_host(double v[][8], int G)
{
    for (int i = 0; i < 8; ++i) {
        double c[HZGSVD__BAT_LANES];
        for (int g = 0; g < G; ++g) c[g] = v[g][i];
        v[0][i] = hzgsvd__bat_item_sum_host(c, G);
    }
}
#endif

/* The transformation of slot sums s (hzgsvd__bat_pivot_sums' order), counted once a pivot (where
 * count); a failed pivot (B-hat not positive definite) is left as the identity and fails the sweep. */
HZGSVD_HD static inline hzgsvd__rot hzgsvd__bat_slot_rot(const double s[8], int cplx, const hzgsvd__bat_opts *o, int count, hzgsvd__bat_count *c)
{
    hzgsvd__rot rot = hzgsvd__bat_rot(s, cplx, o->variant, o->sort, o->tol);
    if (rot.fail) { c->fail = 1; rot = hzgsvd__rot_identity(); }
    if (count) { c->all += (unsigned)rot.transform; c->big += (unsigned)rot.big; }
    return rot;
}

/* Rows g, g + G, ... of pivot (p, q)'s columns of F, G and Z times Z-hat. */
HZGSVD_HD static inline void hzgsvd__bat_slot_apply(const hzgsvd__bat_pair *P, const hzgsvd__rot *rot, int p, int q, int g, int G)
{
    hzgsvd__bat_apply_rows(rot, P->F, P->mf, P->lf, P->cplx, p, q, g, G);
    hzgsvd__bat_apply_rows(rot, P->G, P->mg, P->lg, P->cplx, p, q, g, G);
    hzgsvd__bat_apply_rows(rot, P->Z, P->n, P->lz, P->cplx, p, q, g, G);
}

/* Rows g, g + G, ... of columns p and q of F, G and Z exchanged. */
HZGSVD_HD static inline void hzgsvd__bat_slot_swap(const hzgsvd__bat_pair *P, int p, int q, int g, int G)
{
    hzgsvd__bat_swap_rows(P->F, P->mf, P->lf, P->cplx, p, q, g, G);
    hzgsvd__bat_swap_rows(P->G, P->mg, P->lg, P->cplx, p, q, g, G);
    hzgsvd__bat_swap_rows(P->Z, P->n, P->lz, P->cplx, p, q, g, G);
}

/* One strategy step of the slot sweep (pq: the step's 2 npiv indices).  On the device each lane
 * takes its slot's rows; every lane runs the butterflies (a padding slot adds zeros). */
HZGSVD_HD static inline void hzgsvd__bat_slot_step(const hzgsvd__bat_pair *P, const int *pq, int npiv, const hzgsvd__bat_opts *o, int G,
                                                   int lane, hzgsvd__bat_count *c)
{
    const int cplx = P->cplx;
#ifdef __CUDA_ARCH__
    const int k = lane / G, g = lane % G;
    const int p = k < npiv ? pq[2 * k] : P->n, q = k < npiv ? pq[2 * k + 1] : P->n;
    const int on = p < P->n && q < P->n;
    double s[8] = { 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 };
    if (on) {
        hzgsvd__bat_gram_part(P->F, P->mf, P->lf, cplx, p, q, g, G, s);
        hzgsvd__bat_gram_part(P->G, P->mg, P->lg, cplx, p, q, g, G, s + 4);
    }
    hzgsvd__bat_slot_sum(s, cplx, G);
    hzgsvd__rot rot = hzgsvd__rot_identity();
    if (on) rot = hzgsvd__bat_slot_rot(s, cplx, o, g == 0, c);
    if (on && rot.transform) hzgsvd__bat_slot_apply(P, &rot, p, q, g, G);
    int swap = on && rot.swap;
    if (cplx) {   /* the sorting decision from the new column norms of F (every lane: the butterfly) */
        double nq[8] = { 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 };
        if (on && rot.transform) { nq[0] = hzgsvd__bat_nrm2_rows(P->F, P->mf, P->lf, 1, p, g, G); nq[1] = hzgsvd__bat_nrm2_rows(P->F, P->mf, P->lf, 1, q, g, G); }
        for (int d = G >> 1; d > 0; d >>= 1)
            for (int i = 0; i < 2; ++i) nq[i] = __dadd_rn(nq[i], __shfl_xor_sync(0xffffffffu, nq[i], d));
        if (on && rot.transform) swap = hzgsvd__zswap(o->sort, nq[0], nq[1]);
    }
    if (swap) hzgsvd__bat_slot_swap(P, p, q, g, G);
#else
    (void)lane;
    for (int k = 0; k < npiv; ++k) {
        const int p = pq[2 * k], q = pq[2 * k + 1];
        if (p >= P->n || q >= P->n) continue;
        double v[HZGSVD__BAT_LANES][8];
        for (int g = 0; g < G; ++g) {
            hzgsvd__bat_gram_part(P->F, P->mf, P->lf, cplx, p, q, g, G, v[g]);
            hzgsvd__bat_gram_part(P->G, P->mg, P->lg, cplx, p, q, g, G, v[g] + 4);
        }
        hzgsvd__bat_slot_sum_host(v, G);
        const hzgsvd__rot rot = hzgsvd__bat_slot_rot(v[0], cplx, o, 1, c);
        int swap = rot.swap;
        if (rot.transform) {
            for (int g = 0; g < G; ++g) hzgsvd__bat_slot_apply(P, &rot, p, q, g, G);
            if (cplx) {
                double np[HZGSVD__BAT_LANES], nq[HZGSVD__BAT_LANES];
                for (int g = 0; g < G; ++g) {
                    np[g] = hzgsvd__bat_nrm2_rows(P->F, P->mf, P->lf, 1, p, g, G);
                    nq[g] = hzgsvd__bat_nrm2_rows(P->F, P->mf, P->lf, 1, q, g, G);
                }
                swap = hzgsvd__zswap(o->sort, hzgsvd__bat_item_sum_host(np, G), hzgsvd__bat_item_sum_host(nq, G));
            }
        }
        if (swap)
            for (int g = 0; g < G; ++g) hzgsvd__bat_slot_swap(P, p, q, g, G);
    }
#endif
}

/* One sweep of the slot kind (a block of one warp); the counts into sh as hzgsvd__bat_sweep's. */
HZGSVD_HD static inline void hzgsvd__bat_sweep_slots(const hzgsvd__bat_pair *P, const hzgsvd__bat_opts *o, hzgsvd__bat_shared *sh, int lane)
{
    hzgsvd__bat_count c = { 0, 0, 0 };
    const int npiv = o->nn / 2, G = hzgsvd__bat_slot_lanes(o->nn);
    for (int step = 0; step < o->steps; ++step) {
        hzgsvd__bat_slot_step(P, o->table + (size_t)step * o->nn, npiv, o, G, lane, &c);
        HZGSVD__BAT_BARRIER_WARP();   /* the columns updated before the next step reads them */
    }
#ifdef __CUDA_ARCH__
    c.all = __reduce_add_sync(0xffffffffu, c.all);
    c.big = __reduce_add_sync(0xffffffffu, c.big);
    c.fail = __reduce_add_sync(0xffffffffu, c.fail);
#endif
    if (HZGSVD__BAT_LEADER(lane)) { sh->wall[0] = c.all; sh->wbig[0] = c.big; sh->wflag[0] = c.fail != 0; }
}

/* The sweeps until one applies no big transformation (the one-pair engines' stop rule,
 * hzgsvd__sweep_converged; from sweep P->min_sweeps on: a preconditioned start's first sweep does
 * not count).  Returns the verdict; res gets the counts. */
HZGSVD_HD static inline int hzgsvd__bat_iterate(const hzgsvd__bat_pair *P, const hzgsvd__bat_opts *o, hzgsvd__bat_shared *sh,
                                                hzgsvd__bat_pivots *piv, int warp, int nwarps, int lane, hzgsvd__bat_result *res)
{
    const int resc = HZGSVD__VAR_RESCALE(o->variant);
    for (int sweep = 0; sweep < o->max_sweeps; ++sweep) {
        if (!resc || sweep == 0) hzgsvd__bat_normalize(P, sweep == 0, !resc, o->col_lanes, warp, nwarps, lane);
        HZGSVD__BAT_BARRIER();
        if (o->slot_sweep) hzgsvd__bat_sweep_slots(P, o, sh, lane);
        else hzgsvd__bat_sweep(P, o, sh, piv, warp, nwarps, lane);
        HZGSVD__BAT_BARRIER();
        unsigned long long all = 0, big = 0;
        for (int w = 0; w < nwarps; ++w) { all += sh->wall[w]; big += sh->wbig[w]; }
        const int fail = hzgsvd__bat_flags(sh, nwarps);
        HZGSVD__BAT_BARRIER();   /* every thread has read the counts before the next sweep writes them */
        res->sweeps = sweep + 1; res->all += all; res->big += big;
        if (fail) return HZGSVD__BAT_PIVOT_FAIL;
        if (big == 0 && sweep + 1 >= P->min_sweeps) return HZGSVD__BAT_OK;
    }
    return HZGSVD__BAT_NO_CONVERGENCE;
}

/* The final rescale (section 3.4): U = F's columns normalised, V = G's, Z's columns by rho,
 * sigma_f, sigma_g, sigma into sh.  Returns the verdict (DEGENERATE where a column is). */
HZGSVD_HD static inline int hzgsvd__bat_rescale(const hzgsvd__bat_pair *P, hzgsvd__bat_shared *sh, int warp, int nwarps, int lane)
{
    int bad = 0;
    for (int j = warp; j < P->n; j += nwarps) {
        const hzgsvd__bat_final c = hzgsvd__bat_final_column(hzgsvd__bat_nrm2(P->F, P->mf, P->lf, P->cplx, j, lane),
                                                             hzgsvd__bat_nrm2(P->G, P->mg, P->lg, P->cplx, j, lane));
        for (int l = HZGSVD__BAT_LANE_FIRST(lane); l < HZGSVD__BAT_LANE_END(lane); ++l) {
            if (c.rf != 1.0) hzgsvd__bat_scale_rows(P->F, P->mf, P->lf, P->cplx, j, c.rf, l, HZGSVD__BAT_LANES);
            if (c.rg != 1.0) hzgsvd__bat_scale_rows(P->G, P->mg, P->lg, P->cplx, j, c.rg, l, HZGSVD__BAT_LANES);
            if (c.rho != 1.0) hzgsvd__bat_scale_rows(P->Z, P->n, P->lz, P->cplx, j, c.rho, l, HZGSVD__BAT_LANES);
        }
        bad |= c.bad;
        if (HZGSVD__BAT_LEADER(lane)) { sh->sf[j] = c.sf; sh->sg[j] = c.sg; sh->ss[j] = c.ss; }
    }
    if (HZGSVD__BAT_LEADER(lane)) sh->wflag[warp] = bad;
    HZGSVD__BAT_BARRIER();   /* Z's final columns and every sigma in place */
    bad = hzgsvd__bat_flags(sh, nwarps);
    HZGSVD__BAT_BARRIER();   /* read before the flags are written again */
    return bad ? HZGSVD__BAT_DEGENERATE : HZGSVD__BAT_OK;
}

/* The rank test of every column (after the refinement, as in the one-pair engines). */
HZGSVD_HD static inline int hzgsvd__bat_rank_test(const hzgsvd__bat_pair *P, hzgsvd__bat_shared *sh, int warp, int nwarps, int lane)
{
    int deg = 0;
    (void)lane;   /* the host plays every lane */
    for (int j0 = warp * HZGSVD__BAT_LANES; j0 < P->n; j0 += nwarps * HZGSVD__BAT_LANES)   /* a lane a column (a verdict's OR: any order) */
        for (int l = HZGSVD__BAT_LANE_FIRST(lane); l < HZGSVD__BAT_LANE_END(lane); ++l) {
            const int j = j0 + l;
            if (j < P->n) deg |= hzgsvd__bat_degenerate(P->Z, P->n, P->lz, P->cplx, j, sh->nf, sh->ng, sh->sf[j], sh->sg[j], P->mf, P->mg);
        }
#ifdef __CUDA_ARCH__
    deg = __any_sync(0xffffffffu, deg);
#endif
    if (HZGSVD__BAT_LEADER(lane)) sh->wflag[warp] = deg;
    HZGSVD__BAT_BARRIER();
    deg = hzgsvd__bat_flags(sh, nwarps);
    HZGSVD__BAT_BARRIER();
    return deg ? HZGSVD__BAT_DEGENERATE : HZGSVD__BAT_OK;
}

/* ---- sigma from the input pair (as hzgsvd_sigma_refine.h and the CPU engine's hzgsvd_cpu_refine.c.j2, by compensated dot products) ---- */

/* x 2^e as ldexp gives it (the correctly rounded product) by one multiplication where 2^e is a
 * normal number, so the same bits; ldexp itself outside (rare).  The device's ldexp is a library
 * routine of many instructions, and the refinement scales every entry of F z_j and G z_j. */
HZGSVD_HD static inline double hzgsvd__bat_ldexp(double x, int e)
{
    if (e < -1022 || e > 1023) return ldexp(x, e);
#ifdef __CUDA_ARCH__
    return x * __longlong_as_double((long long)(e + 1023) << 52);
#else
    return x * ldexp(1.0, e);
#endif
}

/* s + c += x y, one step of a compensated dot product (Ogita, Rump and Oishi's Dot2): the product's
 * error by an FMA, the sum's by TwoSum; s + c at the end is the dot product as accurate as in twice
 * the working precision, then rounded once (the error at most u |s + c| + gamma_k^2 sum |x y| over
 * the k terms).  On the device by round-to-nearest intrinsics, which nvcc never contracts into
 * FMAs (a contraction would spoil TwoSum under its default --fmad=true); host builds of it (the
 * emulation test) use -ffp-contract=off. */
HZGSVD_HD static inline void hzgsvd__bat_dot2_step(double x, double y, double *s, double *c)
{
#ifdef __CUDA_ARCH__
    const double h = __dmul_rn(x, y), r = fma(x, y, -h);
    const double t = __dadd_rn(*s, h), z = __dsub_rn(t, *s);
    *c = __dadd_rn(*c, __dadd_rn(__dadd_rn(__dsub_rn(*s, __dsub_rn(t, z)), __dsub_rn(h, z)), r));
#else
    const double h = x * y, r = fma(x, y, -h);
    const double t = *s + h, z = t - *s;
    *c += ((*s - (t - z)) + (h - z)) + r;
#endif
    *s = t;
}

/* The partial over rows first, first + stride, ... of ||Y z||^2 2^(-2 ez) for the final column z of Z
 * (column j): Y the caller's input (m x n, ld, interleaved where complex); each entry of Y z a
 * compensated dot product (hzgsvd__bat_dot2_step), rounded once, then scaled by 2^-ez (exact) so
 * that its square stays in range.  No scaling of the factors: Dot2's product y z and its error
 * term are the same reals whatever powers of two y and z are scaled by, so a scaling would give
 * the same bits where it stays in range and lose them where it does not (a tiny y scaled down by
 * its column's largest entry).  (The one-pair engines split the factors into exact heads and
 * tails instead, hzgsvd_sigma_refine.h, where the scalings keep the splits exact: the same
 * accuracy class at several times the instructions; docs/PERFORMANCE.md.) */
HZGSVD_HD static inline double hzgsvd__bat_refine_part(const double *Y, int ld, int m, const hzgsvd__bat_pair *P, int j, int ez,
                                                       int first, int stride)
{
    const int n = P->n, cplx = P->cplx, es = cplx ? 2 : 1;
    const double *zr = P->Z[0] + (size_t)j * P->lz, *zi = cplx ? P->Z[1] + (size_t)j * P->lz : NULL;
    double acc = 0.0;
    for (int r = first; r < m; r += 2 * stride) {   /* two rows at a time: two independent Dot2 chains (a row's bits as alone) */
        const int two = r + stride < m;
        double sr[2] = { 0.0, 0.0 }, cr[2] = { 0.0, 0.0 }, si[2] = { 0.0, 0.0 }, ci[2] = { 0.0, 0.0 };
        const double *y = Y + es * (size_t)r, *y2 = Y + es * (size_t)(two ? r + stride : r);
        HZGSVD__BAT_UNROLL4   /* the loads of four terms ahead of their (dependent) Dot2 steps */
        for (int k = 0; k < n; ++k, y += es * (size_t)ld, y2 += es * (size_t)ld) {
            const double br = zr[k];
            hzgsvd__bat_dot2_step(y[0], br, &sr[0], &cr[0]);
            hzgsvd__bat_dot2_step(y2[0], br, &sr[1], &cr[1]);
            if (!cplx) continue;
            const double bi = zi[k];
            for (int h = 0; h < 2; ++h) {
                const double *yh = h ? y2 : y;
                hzgsvd__bat_dot2_step(-yh[1], bi, &sr[h], &cr[h]);
                hzgsvd__bat_dot2_step(yh[0], bi, &si[h], &ci[h]);
                hzgsvd__bat_dot2_step(yh[1], br, &si[h], &ci[h]);
            }
        }
        for (int h = 0; h < 1 + two; ++h) {   /* in row order */
            const double vr = hzgsvd__bat_ldexp(sr[h] + cr[h], -ez);
            if (!cplx) { acc += vr * vr; continue; }
            const double vi = hzgsvd__bat_ldexp(si[h] + ci[h], -ez);
            acc += vr * vr + vi * vi;
        }
    }
    return acc;
}

/* sigma_j = ||F z_j|| / ||G z_j|| from the input pair for every column (sigma_f, sigma_g likewise,
 * hzgsvd__refine_set): the generalized singular values are stationary values of the quotient, so
 * the iterate's error enters squared.  The column layout: a column's L lanes split its rows. */
HZGSVD_HD static inline void hzgsvd__bat_refine_column(const hzgsvd__bat_shared *sh, int j, int zf, int zg, double a, double b, double out[3])
{
    out[0] = sh->sf[j]; out[1] = sh->sg[j]; out[2] = sh->ss[j];
    hzgsvd__refine_set(hzgsvd__bat_ldexp(sqrt(a), zf), hzgsvd__bat_ldexp(sqrt(b), zg), &out[0], &out[1], &out[2]);
}

HZGSVD_HD static inline void hzgsvd__bat_refine(const hzgsvd__bat_pair *P, hzgsvd__bat_shared *sh, int L, int warp, int nwarps, int lane)
{
    const int n = P->n;
#ifdef __CUDA_ARCH__
    const int C = HZGSVD__BAT_LANES / L;
    for (int base = warp * C; base < n; base += nwarps * C) {
        const int j = base + lane / L, g = lane % L, on = j < n;
        int zf = 0, zg = 0;   /* frexp exponents of the iterate's sigma_f, sigma_g: the partials' scalings */
        if (on) { (void)frexp(sh->sf[j], &zf); (void)frexp(sh->sg[j], &zg); }
        const double a = hzgsvd__bat_item_sum(on ? hzgsvd__bat_refine_part(P->F0, P->ldf0, P->mf, P, j, zf, g, L) : 0.0, L);
        const double b = hzgsvd__bat_item_sum(on ? hzgsvd__bat_refine_part(P->G0, P->ldg0, P->mg, P, j, zg, g, L) : 0.0, L);
        double out[3] = { 0.0, 0.0, 0.0 };
        if (on) hzgsvd__bat_refine_column(sh, j, zf, zg, a, b, out);
        HZGSVD__BAT_BARRIER_WARP();   /* every lane has read sh before a leader writes it */
        if (on && g == 0) { sh->sf[j] = out[0]; sh->sg[j] = out[1]; sh->ss[j] = out[2]; }
    }
#else
    (void)warp; (void)nwarps; (void)lane;
    for (int j = 0; j < n; ++j) {
        int zf, zg;
        (void)frexp(sh->sf[j], &zf);
        (void)frexp(sh->sg[j], &zg);
        double pa[HZGSVD__BAT_LANES], pb[HZGSVD__BAT_LANES], out[3];
        for (int g = 0; g < L; ++g) {
            pa[g] = hzgsvd__bat_refine_part(P->F0, P->ldf0, P->mf, P, j, zf, g, L);
            pb[g] = hzgsvd__bat_refine_part(P->G0, P->ldg0, P->mg, P, j, zg, g, L);
        }
        hzgsvd__bat_refine_column(sh, j, zf, zg, hzgsvd__bat_item_sum_host(pa, L), hzgsvd__bat_item_sum_host(pb, L), out);
        sh->sf[j] = out[0]; sh->sg[j] = out[1]; sh->ss[j] = out[2];
    }
#endif
    HZGSVD__BAT_BARRIER();
}

/* Column pair t of the upper triangle (i <= j, column by column: t = j (j + 1) / 2 + i). */
HZGSVD_HD static inline void hzgsvd__bat_upper_pair(int t, int *i, int *j)
{
    int c = (int)((sqrt(8.0 * t + 1.0) - 1.0) / 2.0);
    while (c * (c + 1) / 2 > t) --c;
    while ((c + 1) * (c + 2) / 2 <= t) ++c;
    *j = c;
    *i = t - c * (c + 1) / 2;
}

/* |x_i^H x_j - delta_ij| from the sums d (d[1] = 0 where real). */
HZGSVD_HD static inline double hzgsvd__bat_orth_dev(const double d[2], int i, int j, int cplx)
{
    const double re = d[0] - (double)(i == j);
    return cplx ? hypot(re, d[1]) : fabs(re);
}

/* max |x_i^H x_j - delta_ij| over the n columns of the normalised planes X (m rows): the upper
 * triangle's n (n + 1) / 2 entries in the column layout, the largest per warp, then over the warps
 * (a maximum: the same in any order; a NaN stays out, the finite checks catch NaN earlier). */
HZGSVD_HD static inline double hzgsvd__bat_orth(const hzgsvd__bat_pair *P, double *const X[2], int m, int ld, hzgsvd__bat_shared *sh, int L,
                                                int warp, int nwarps, int lane)
{
    const int n = P->n, count = n * (n + 1) / 2, cplx = P->cplx;
    double worst = 0.0;
#ifdef __CUDA_ARCH__
    const int C = HZGSVD__BAT_LANES / L;
    for (int base = warp * C; base < count; base += nwarps * C) {
        const int t = base + lane / L, g = lane % L, on = t < count;
        int i = 0, j = 0;
        double d[2] = { 0.0, 0.0 };
        if (on) {
            hzgsvd__bat_upper_pair(t, &i, &j);
            hzgsvd__bat_dot_part(X, i, X, j, m, ld, cplx, g, L, d);
        }
        d[0] = hzgsvd__bat_item_sum(d[0], L);
        if (cplx) d[1] = hzgsvd__bat_item_sum(d[1], L);
        const double dev = on ? hzgsvd__bat_orth_dev(d, i, j, cplx) : 0.0;
        worst = dev > worst ? dev : worst;
    }
    worst = hzgsvd__bat_item_max(worst, HZGSVD__BAT_LANES);
#else
    (void)lane;
    for (int t = 0; t < count; ++t) {
        int i, j;
        hzgsvd__bat_upper_pair(t, &i, &j);
        double p0[HZGSVD__BAT_LANES], p1[HZGSVD__BAT_LANES], d[2];
        for (int g = 0; g < L; ++g) {
            hzgsvd__bat_dot_part(X, i, X, j, m, ld, cplx, g, L, d);
            p0[g] = d[0]; p1[g] = d[1];
        }
        d[0] = hzgsvd__bat_item_sum_host(p0, L);
        d[1] = hzgsvd__bat_item_sum_host(p1, L);
        const double dev = hzgsvd__bat_orth_dev(d, i, j, cplx);
        worst = dev > worst ? dev : worst;
    }
#endif
    if (HZGSVD__BAT_LEADER(lane)) sh->wmax[warp] = worst;
    HZGSVD__BAT_BARRIER();
    worst = 0.0;
    for (int w = 0; w < nwarps; ++w) worst = sh->wmax[w] > worst ? sh->wmax[w] : worst;
    HZGSVD__BAT_BARRIER();
    return worst;
}

/* The whole run of one loaded pair (the planes hold F and G): checks, sweeps, final rescale, rank
 * test, U and V checks, output order in sh->order (output column c is working column order[c]).
 * Returns the verdict (res: the counts and where). */
HZGSVD_HD static inline int hzgsvd__bat_solve(const hzgsvd__bat_pair *P, const hzgsvd__bat_opts *o, hzgsvd__bat_shared *sh,
                                              hzgsvd__bat_pivots *piv, int warp, int nwarps, int lane, hzgsvd__bat_result *res)
{
    res->verdict = HZGSVD__BAT_OK; res->which = 0; res->where = 0; res->sweeps = 0; res->all = 0; res->big = 0; res->measure = 0.0;
    int v = hzgsvd__bat_check(P, sh, warp, nwarps, lane, res);
    HZGSVD__BAT_BARRIER();
    if (v == HZGSVD__BAT_OK) v = hzgsvd__bat_iterate(P, o, sh, piv, warp, nwarps, lane, res);
    if (v == HZGSVD__BAT_OK) v = hzgsvd__bat_rescale(P, sh, warp, nwarps, lane);
    if (v == HZGSVD__BAT_OK && o->refine) hzgsvd__bat_refine(P, sh, o->col_lanes, warp, nwarps, lane);
    if (v == HZGSVD__BAT_OK) v = hzgsvd__bat_rank_test(P, sh, warp, nwarps, lane);
    if (v == HZGSVD__BAT_OK) {
        const double tol = hzgsvd__bat_orth_tol(P->n);
        const double ou = hzgsvd__bat_orth(P, P->F, P->mf, P->lf, sh, o->col_lanes, warp, nwarps, lane);
        const double ov = hzgsvd__bat_orth(P, P->G, P->mg, P->lg, sh, o->col_lanes, warp, nwarps, lane);
        if (!(ou <= tol) || !(ov <= tol)) { v = HZGSVD__BAT_OFF_ORTHOGONAL; res->which = ou > tol ? 1 : 2; res->measure = ou > tol ? ou : ov; }
    }
    if (v == HZGSVD__BAT_OK) {
        for (int j0 = warp * HZGSVD__BAT_LANES; j0 < P->n; j0 += nwarps * HZGSVD__BAT_LANES)   /* a lane a column */
            for (int l = HZGSVD__BAT_LANE_FIRST(lane); l < HZGSVD__BAT_LANE_END(lane); ++l)
                if (j0 + l < P->n) sh->order[hzgsvd__bat_rank(sh->ss, P->n, j0 + l, o->sort)] = j0 + l;
        HZGSVD__BAT_BARRIER();
    }
    res->verdict = v;
    return v;
}
#line 2095 HZGSVD__SRC_FILE("generated/hzgsvd_core.h")
/*** end templates/hzgsvd_batched_pair.h ***/

/*** begin templates/hzgsvd_batched_start.h ***/
#line HZGSVD__SRC_LINE(1, 2099) HZGSVD__SRC_FILE("templates/hzgsvd_batched_start.h")
/* The batched call's own preconditioned start for n <= HZGSVD__BAT_START_MAX_N: per pair, in a
 * thread block's shared memory (a block takes one pair, or a group of 32 / nn for the warp solver)
 * and one warp's registers, what the library chain of
 * templates/hzgsvd_gpu_batched_precondition.cu computes with six batched cuBLAS/cuSOLVER calls:
 *
 *   A = F^H F, B = G^H G      row tiles of F and G through shared memory, each entry one thread's sum
 *   B = L L^H                 Cholesky, column by column (info k + 1 where the k-th pivot is not > 0)
 *   C = L^-1 A L^-H           two forward substitutions, then C made exactly Hermitian
 *   C = W Lambda W^H          cyclic two-sided Jacobi, n/2 disjoint pivots a step (HZGSVD__BAT_START_TOL,
 *                             at most HZGSVD__BAT_START_SWEEPS): the warp solver (a lane a row, in
 *                             registers), or for 9 <= n <= 12 the block solver (round robin, in
 *                             shared memory)
 *   Z0 = L^-H W               back substitution, columns by ascending lambda (syevj's order)
 *
 * The start only has to be good: the iteration from F Z0, G Z0 certifies every pair (docs/NUMERICS.md,
 * "The batched preconditioned start"), so plain sums and a loose tolerance do.  Its gain is that no
 * library kernel (chosen by the batch's size) and no scratch memory is involved: a pair's Z0 depends
 * on the pair alone.
 *
 * All but the Jacobi solver is written once for the device and the host
 * (test/test_batched_gpu_emul.c): thread `tid` of `nt` takes the items tid, tid + nt, ... of each
 * phase; phases are separated by HZGSVD__BAT_START_BARRIER (on the host one caller with nt = 1
 * plays every item, barriers are nothing).  Every item writes only its own entries and reads none
 * that another item of its phase writes, and every sum runs in a fixed order, so the bits do not
 * depend on nt (and the host's are the device's: sqrt and the division are correctly rounded on
 * both, every fma explicit).  The Jacobi solver (below) keeps C in a warp's registers on the device
 * and is written twice, the arithmetic of every entry shared.
 *
 * Shared memory (hzgsvd__bat_start_doubles): three n x n matrices of leading dimension n + 1 (odd:
 * rows and columns both free of bank conflicts), complex interleaved, the row tiles of F and G
 * overlaying the third, a step's rotations, the eigenvalues' ranks. */

#include <float.h>

#define HZGSVD__BAT_START_MAX_N 32      /* the largest n its shared arrays take (the driver routes it up to HZGSVD__BAT_PRE_OWN_N) */
#define HZGSVD__BAT_START_ROWS 16       /* rows of F and G a tile */
/* The Jacobi solver's tolerances (docs/NUMERICS.md, "The own batched start"; -D for experiments on
 * the host emulation, as docs/PERFORMANCE.md's step 7 did) */
#ifndef HZGSVD__BAT_START_TOL
#define HZGSVD__BAT_START_TOL 1e-10     /* |c_pq| <= tol sqrt(|c_pp c_qq|) ends a rotation (the iteration's first sweeps make the rest exact) */
#endif
#ifndef HZGSVD__BAT_START_LAST
#define HZGSVD__BAT_START_LAST 1e-5     /* a sweep whose rotations all had |c_pq| <= this sqrt(|c_pp c_qq|) is the last: it left them near its square */
#endif
#ifndef HZGSVD__BAT_START_FLOOR
#define HZGSVD__BAT_START_FLOOR 1e-14   /* ... or |c_pq| <= floor max_i c_ii: C's rounding errors, from forming the Gram matrices, are there */
#endif
#ifndef HZGSVD__BAT_START_SWEEPS
#define HZGSVD__BAT_START_SWEEPS 30     /* the Jacobi solver's sweeps at the most (W stays unitary whatever its progress) */
#endif

/* The phases' barriers, and a barrier returning whether x was nonzero in any thread: the block's on
 * the device, nothing for the host's one caller.  test/test_batched_start_threads.c defines both
 * before its include, to play several host threads with real barriers. */
#ifndef HZGSVD__BAT_START_BARRIER
#ifdef __CUDA_ARCH__
#define HZGSVD__BAT_START_BARRIER() __syncthreads()
#define HZGSVD__BAT_START_BARRIER_OR(x) __syncthreads_or(x)
#else
#define HZGSVD__BAT_START_BARRIER() ((void)0)
#define HZGSVD__BAT_START_BARRIER_OR(x) (x)
#endif
#endif

/* The Jacobi solver's order and map (below, "the Jacobi eigensolver"). */
#define HZGSVD__BAT_JAC_LANES 32   /* the largest nn: one warp */
#if HZGSVD__BAT_START_MAX_N > HZGSVD__BAT_JAC_LANES
#error "the start's Jacobi solver takes a row a lane: n up to a warp's lanes"
#endif

/* nn: n rounded up to a power of two, at least 2. */
HZGSVD_HD static inline int hzgsvd__bat_jac_order(int n)
{
    int nn = 2;
    while (nn < n) nn *= 2;
    return nn;
}

/* M b: b shifted up one bit within log2 nn bits, the primitive polynomial's low terms added where
 * the top bit fell out (x + 1, x^2 + x + 1, x^3 + x + 1, x^4 + x + 1, x^5 + x^2 + 1). */
HZGSVD_HD static inline int hzgsvd__bat_jac_next(int nn, int b)
{
    const int low = nn == 2 ? 1 : nn == 32 ? 5 : 3;
    return ((b << 1) & (nn - 1)) ^ ((b & (nn >> 1)) ? low : 0);
}

/* Whether W is kept in shared memory rather than registers (complex nn >= HZGSVD__BAT_JAC_W_SHARED_NN:
 * the rows of C and W in registers left few warps an SM, or spilled); a lane's row then in the C
 * area at row x, HZGSVD__BAT_JAC_WLD(nn, cplx) doubles apart (odd: the rows in distinct banks). */
#ifndef HZGSVD__BAT_JAC_W_SHARED_NN
#define HZGSVD__BAT_JAC_W_SHARED_NN 32   /* 16 ran 0.9x (device run 8 of session 24) */
#endif
#define HZGSVD__BAT_JAC_WLD(nn, cplx) (((cplx) ? 2 : 1) * (nn) + 1)
/* Doubles of a pivot's rotation in shared memory, a slot: (c, sr, c, -sr) and, complex, (si, 0): a
 * lane takes (c, sr) or (c, -sr) by one 16-byte load at its side's offset (hzgsvd__bat_jac_col). */
#define HZGSVD__BAT_JAC_SLOT(cplx) ((cplx) ? 6 : 4)
HZGSVD_HD static inline int hzgsvd__bat_jac_w_shared(int nn, int cplx)
{
    return cplx && nn >= HZGSVD__BAT_JAC_W_SHARED_NN;
}

/* One pair's shared memory: three es n ld matrices (ld = n + 1) -- A (F^H F, then L^-1 A, then W: the
 * eigenvectors, then Z0), L (G^H G, then its Cholesky factor), C (the row tiles of F and G, then
 * L^-1 A L^-H, its eigenvalues on the diagonal after the Jacobi solver; W's lane rows during it
 * where hzgsvd__bat_jac_w_shared) -- a step's rotations (rot: a slot a pivot), the
 * eigenvalues' ranks (key; key[n] the sweeps, key[n + 1] the Cholesky verdict on the device). */
typedef struct hzgsvd__bat_start_mem {
    double *A, *L, *C, *W, *rot;
    int *key, *pq, *blk;   /* the block solver's: a step's pivots (p, q), its 2 x 2 blocks (k, l), k >= l, k + 256 l each */
    int n, ld, es;
} hzgsvd__bat_start_mem;

/* Whether the start's Jacobi solver is the block one (hzgsvd__bat_start_jacobi: 9 <= n <= 12, where
 * the warp solver pads C to order 16 and ran 0.87-1.0x; docs/PERFORMANCE.md, step 8) rather than
 * the warp one (hzgsvd__bat_jac_host / hzgsvd__bat_jac_warp). */
#define HZGSVD__BAT_START_BLOCK_MIN_N 9
#define HZGSVD__BAT_START_BLOCK_MAX_N 12
HZGSVD_HD static inline int hzgsvd__bat_start_block_solver(int n)
{
    return n >= HZGSVD__BAT_START_BLOCK_MIN_N && n <= HZGSVD__BAT_START_BLOCK_MAX_N;
}

/* The parts of one pair's shared memory, in doubles: off[0..4] where C, rot, pq, blk and key start
 * (A at 0, L at mat), off[5] the total (even: pairs side by side stay 16-byte aligned).  The warp
 * solver's rot: nn / 2 slots of HZGSVD__BAT_JAC_SLOT(cplx) doubles (nn = hzgsvd__bat_jac_order(n)),
 * no pq or blk; the block solver's: 4 np doubles (rot), 2 np ints (pq) and np (np + 1) / 2 ints
 * (blk), np = hzgsvd__bat_order(n) / 2.  key: n + 2 ints.  The int parts rounded up to doubles. */
HZGSVD_HD static inline void hzgsvd__bat_start_parts(int n, int cplx, size_t off[6])
{
    const size_t es = cplx ? 2 : 1, mat = es * (size_t)n * (n + 1), tiles = 2 * es * (size_t)(HZGSVD__BAT_START_ROWS + 1) * n;
    const int nn = hzgsvd__bat_jac_order(n);
    const size_t wrows = hzgsvd__bat_jac_w_shared(nn, cplx) ? (size_t)nn * HZGSVD__BAT_JAC_WLD(nn, cplx) : 0;
    size_t c = mat > tiles ? mat : tiles;
    c = c > wrows ? c : wrows;
    const int block = hzgsvd__bat_start_block_solver(n);
    const size_t np = (size_t)hzgsvd__bat_order(n) / 2;
    off[0] = 2 * mat;                                     /* C (the tiles before it) */
    off[1] = (off[0] + c + 1) / 2 * 2;                    /* rot (16-byte aligned) */
    off[2] = off[1] + (block ? 4 * np : (size_t)HZGSVD__BAT_JAC_SLOT(cplx) * (nn / 2));   /* pq */
    off[3] = off[2] + (block ? np : 0);                   /* blk */
    off[4] = off[3] + (block ? (np * (np + 1) / 2 + 1) / 2 : 0);   /* key */
    off[5] = (off[4] + ((size_t)n + 3) / 2 + 1) / 2 * 2;
}

/* The doubles of shared memory one pair's start takes. */
HZGSVD_HD static inline size_t hzgsvd__bat_start_doubles(int n, int cplx)
{
    size_t off[6];
    hzgsvd__bat_start_parts(n, cplx, off);
    return off[5];
}

/* The start's shared memory laid out from sh (hzgsvd__bat_start_doubles(n, cplx) doubles). */
HZGSVD_HD static inline hzgsvd__bat_start_mem hzgsvd__bat_start_mem_of(double *sh, int n, int cplx)
{
    hzgsvd__bat_start_mem S;
    size_t off[6];
    hzgsvd__bat_start_parts(n, cplx, off);
    S.n = n; S.ld = n + 1; S.es = cplx ? 2 : 1;
    S.A = sh; S.L = sh + off[0] / 2; S.C = sh + off[0]; S.W = S.A;
    S.rot = sh + off[1];
    S.pq = (int *)(sh + off[2]);
    S.blk = (int *)(sh + off[3]);
    S.key = (int *)(sh + off[4]);
    return S;
}

/* Entry (i, j) of the matrix X of S (complex: re at [0], im at [1]). */
HZGSVD_HD static inline double *hzgsvd__bat_start_at(const hzgsvd__bat_start_mem *S, double *X, int i, int j)
{
    return X + S->es * (i + j * S->ld);   /* int: n <= HZGSVD__BAT_START_MAX_N */
}

/* The phases' items without a division an item: a thread walks its items t = tid, tid + nt, ...
 * of a lower triangle (column by column) or a rectangle by steps of nt, so a loop costs a few
 * additions an item (a division an item was a third of the kernel's time at n = 16).
 *
 * Lower triangle of order n: (i, j) = (tid, 0) then + (nt, 0) a step, each carried into the next
 * columns by hzgsvd__bat_start_wrap (every column boundary crossed once a thread); done at j = n. */
HZGSVD_HD static inline void hzgsvd__bat_start_wrap(int n, int *i, int *j)
{
    while (*j < n && *i >= n) { ++*j; *i += *j - n; }
}

/* Rectangle of r rows (r >= 1), column by column: item t at (t mod r, t / r); the step by nt is
 * (dr, dc) = (nt mod r, nt / r) and a carry (hzgsvd__bat_start_step_rect). */
HZGSVD_HD static inline void hzgsvd__bat_start_step_rect(int r, int dr, int dc, int *i, int *j)
{
    *i += dr; *j += dc;
    if (*i >= r) { *i -= r; ++*j; }
}

/* Rows [r0, r0 + HZGSVD__BAT_START_ROWS) of X (m rows, ld ldx, the caller's interleaved layout) into
 * the tile T (leading dimension ROWS + 1; rows beyond m as zeros). */
HZGSVD_HD static inline void hzgsvd__bat_start_tile(const hzgsvd__bat_start_mem *S, const double *X, int ldx, int m, int r0, double *T, int tid, int nt)
{
    const int es = S->es, R = HZGSVD__BAT_START_ROWS, col = es * R;
    for (int t = tid; t < col * S->n; t += nt) {
        const int j = t / col, w = t % col, r = r0 + w / es;
        T[(size_t)es * ((size_t)j * (R + 1)) + w] = r < m ? X[(size_t)es * (r + (size_t)j * ldx) + w % es] : 0.0;
    }
}

/* X[i, j] += (T[:, i])^H T[:, j] over the tile's rows (rows in ascending order, explicit fma). */
HZGSVD_HD static inline void hzgsvd__bat_start_tile_gram(const hzgsvd__bat_start_mem *S, const double *T, double *X, int i, int j)
{
    const int R = HZGSVD__BAT_START_ROWS;
    const double *x = T + (size_t)S->es * i * (R + 1), *y = T + (size_t)S->es * j * (R + 1);
    double *out = hzgsvd__bat_start_at(S, X, i, j);
    if (S->es == 1) {
        double s = out[0];
        for (int r = 0; r < R; ++r) s = fma(x[r], y[r], s);
        out[0] = s;
        return;
    }
    double re = out[0], im = out[1];
    for (int r = 0; r < R; ++r) {
        re = fma(x[2 * r + 1], y[2 * r + 1], fma(x[2 * r], y[2 * r], re));
        im = fma(-x[2 * r + 1], y[2 * r], fma(x[2 * r], y[2 * r + 1], im));
    }
    out[0] = re; out[1] = im;
}

/* A = F^H F (both triangles) and the lower triangle of L = G^H G. */
HZGSVD_HD static inline void hzgsvd__bat_start_gram(const hzgsvd__bat_start_mem *S, const double *F, int ldf, int mf, const double *G, int ldg, int mg,
                                                    int tid, int nt)
{
    const int n = S->n, es = S->es, m = mf > mg ? mf : mg;
    double *TF = S->C, *TG = S->C + (size_t)es * (HZGSVD__BAT_START_ROWS + 1) * n;
    int i = tid, j = 0;
    for (hzgsvd__bat_start_wrap(n, &i, &j); j < n; i += nt, hzgsvd__bat_start_wrap(n, &i, &j))
        for (int e = 0; e < es; ++e) { hzgsvd__bat_start_at(S, S->A, i, j)[e] = 0.0; hzgsvd__bat_start_at(S, S->L, i, j)[e] = 0.0; }
    for (int r0 = 0; r0 < m; r0 += HZGSVD__BAT_START_ROWS) {
        HZGSVD__BAT_START_BARRIER();   /* the previous tile's reads */
        hzgsvd__bat_start_tile(S, F, ldf, mf, r0, TF, tid, nt);
        hzgsvd__bat_start_tile(S, G, ldg, mg, r0, TG, tid, nt);
        HZGSVD__BAT_START_BARRIER();
        i = tid; j = 0;   /* a tile wholly below a matrix's rows adds nothing: skipped */
        for (hzgsvd__bat_start_wrap(n, &i, &j); j < n; i += nt, hzgsvd__bat_start_wrap(n, &i, &j)) {
            if (r0 < mf) hzgsvd__bat_start_tile_gram(S, TF, S->A, i, j);
            if (r0 < mg) hzgsvd__bat_start_tile_gram(S, TG, S->L, i, j);
        }
    }
    HZGSVD__BAT_START_BARRIER();
    i = tid; j = 0;   /* A's upper triangle; real diagonals */
    for (hzgsvd__bat_start_wrap(n, &i, &j); j < n; i += nt, hzgsvd__bat_start_wrap(n, &i, &j)) {
        double *a = hzgsvd__bat_start_at(S, S->A, i, j);
        if (es == 2 && i == j) { a[1] = 0.0; hzgsvd__bat_start_at(S, S->L, i, j)[1] = 0.0; }
        if (i == j) continue;
        double *u = hzgsvd__bat_start_at(S, S->A, j, i);
        u[0] = a[0];
        if (es == 2) u[1] = -a[1];
    }
    HZGSVD__BAT_START_BARRIER();
}

/* The lower triangle of L = G^H G = L L^H in place: 0, or k + 1 where the k-th pivot is not positive
 * and finite (as potrf's info; the same in every thread). */
HZGSVD_HD static inline int hzgsvd__bat_start_chol(const hzgsvd__bat_start_mem *S, int tid, int nt)
{
    const int n = S->n, es = S->es;
    double *L = S->L;
    for (int k = 0; k < n; ++k) {
        const double d = hzgsvd__bat_start_at(S, L, k, k)[0];
        if (!(d > 0.0 && d <= DBL_MAX)) return k + 1;
        const double l = sqrt(d);
        HZGSVD__BAT_START_BARRIER();   /* every thread has read d */
        for (int i = k + tid; i < n; i += nt) {
            double *x = hzgsvd__bat_start_at(S, L, i, k);
            if (i == k) { x[0] = l; continue; }
            for (int e = 0; e < es; ++e) x[e] = x[e] / l;
        }
        HZGSVD__BAT_START_BARRIER();
        const int r = n - k - 1;
        int ti = tid, tj = 0;   /* the trailing lower triangle, L_i L_j^H off */
        for (hzgsvd__bat_start_wrap(r, &ti, &tj); tj < r; ti += nt, hzgsvd__bat_start_wrap(r, &ti, &tj)) {
            const int i = k + 1 + ti, j = k + 1 + tj;
            const double *a = hzgsvd__bat_start_at(S, L, i, k), *b = hzgsvd__bat_start_at(S, L, j, k);
            double *x = hzgsvd__bat_start_at(S, L, i, j);
            if (es == 1) { x[0] = fma(-a[0], b[0], x[0]); continue; }
            x[0] = fma(-a[1], b[1], fma(-a[0], b[0], x[0]));
            if (i != j) x[1] = fma(a[0], b[1], fma(-a[1], b[0], x[1]));
        }
        HZGSVD__BAT_START_BARRIER();
    }
    return 0;
}

/* X <- L^-1 X (lower = 1) or L^-H X (lower = 0) in place, X n x n: column-oriented substitution.
 * The first pivot row is divided by its diagonal first; each step then updates the rows below
 * (above) pivot k from k's quotients, and the item that updates the next pivot row divides it by
 * its diagonal at once (its last update): one division an entry, no item writing what another of
 * its phase reads, one barrier a step. */
HZGSVD_HD static inline void hzgsvd__bat_start_solve(const hzgsvd__bat_start_mem *S, double *X, int lower, int tid, int nt)
{
    const int n = S->n, es = S->es;
    const double *L = S->L;
    {
        const int k = lower ? 0 : n - 1;
        const double lkk = hzgsvd__bat_start_at(S, (double *)L, k, k)[0];
        for (int j = tid; j < n; j += nt) {
            double *x = hzgsvd__bat_start_at(S, X, k, j);
            for (int e = 0; e < es; ++e) x[e] = x[e] / lkk;
        }
        HZGSVD__BAT_START_BARRIER();
    }
    for (int s = 0; s < n - 1; ++s) {
        const int k = lower ? s : n - 1 - s, r = n - 1 - s, next = lower ? k + 1 : k - 1;   /* r rows below (above) k to update */
        const double lnn = hzgsvd__bat_start_at(S, (double *)L, next, next)[0];
        const int dr = nt % r, dc = nt / r;
        for (int ti = tid % r, j = tid / r; j < n; hzgsvd__bat_start_step_rect(r, dr, dc, &ti, &j)) {
            const int i = lower ? k + 1 + ti : ti;
            const double *xk = hzgsvd__bat_start_at(S, X, k, j);   /* the quotients of row k */
            const double *l = lower ? hzgsvd__bat_start_at(S, (double *)L, i, k) : hzgsvd__bat_start_at(S, (double *)L, k, i);   /* L(i,k), or conj(L(k,i)) */
            double *x = hzgsvd__bat_start_at(S, X, i, j);
            const double qr = xk[0];
            if (es == 1) x[0] = fma(-l[0], qr, x[0]);
            else {
                const double qi = xk[1], li = lower ? l[1] : -l[1];
                x[0] = fma(li, qi, fma(-l[0], qr, x[0]));
                x[1] = fma(-li, qr, fma(-l[0], qi, x[1]));
            }
            if (i == next)
                for (int e = 0; e < es; ++e) x[e] = x[e] / lnn;
        }
        HZGSVD__BAT_START_BARRIER();
    }
}

/* C = L^-1 A L^-H, exactly Hermitian (the mean of C and C^H): A <- L^-1 A, its conjugate
 * transpose into C (A Hermitian: (L^-1 A)^H = A L^-H), C <- L^-1 C. */
HZGSVD_HD static inline void hzgsvd__bat_start_whiten(const hzgsvd__bat_start_mem *S, int tid, int nt)
{
    const int n = S->n, es = S->es;
    hzgsvd__bat_start_solve(S, S->A, 1, tid, nt);
    const int dr = nt % n, dc = nt / n;
    for (int i = tid % n, j = tid / n; j < n; hzgsvd__bat_start_step_rect(n, dr, dc, &i, &j)) {
        const double *x = hzgsvd__bat_start_at(S, S->A, j, i);
        double *y = hzgsvd__bat_start_at(S, S->C, i, j);
        y[0] = x[0];
        if (es == 2) y[1] = -x[1];
    }
    HZGSVD__BAT_START_BARRIER();
    hzgsvd__bat_start_solve(S, S->C, 1, tid, nt);
    int i = tid, j = 0;
    for (hzgsvd__bat_start_wrap(n, &i, &j); j < n; i += nt, hzgsvd__bat_start_wrap(n, &i, &j)) {
        double *x = hzgsvd__bat_start_at(S, S->C, i, j), *u = hzgsvd__bat_start_at(S, S->C, j, i);
        if (i == j) { if (es == 2) x[1] = 0.0; continue; }
        x[0] = 0.5 * (x[0] + u[0]);
        u[0] = x[0];
        if (es == 2) { x[1] = 0.5 * (x[1] - u[1]); u[1] = -x[1]; }
    }
    HZGSVD__BAT_START_BARRIER();
}

/* Both Jacobi solvers' floor: HZGSVD__BAT_START_FLOOR max_i |c_ii| (C's rounding errors from
 * forming the Gram matrices). */
HZGSVD_HD static inline double hzgsvd__bat_start_floor(const hzgsvd__bat_start_mem *S)
{
    double cmax = 0.0;
    for (int i = 0; i < S->n; ++i) cmax = fmax(cmax, fabs(hzgsvd__bat_start_at(S, S->C, i, i)[0]));
    return HZGSVD__BAT_START_FLOOR * cmax;
}

/* ---- the rotation and its update, both solvers' ---------------------------------------------- */

/* The rotation of pivot (p, q) from c_pp, c_qq and c_pq = xr + i xi: rot = (c, sr, si) with
 * sigma = sr + i si = s e^{i phi} (c_pq = |c_pq| e^{i phi}); J = [c, sigma; -conj(sigma), c] on
 * columns p, q makes (J^H C J)_pq = 0 (Rutishauser's t between the phases).  The identity (1, 0, 0)
 * and 0 where |c_pq| <= HZGSVD__BAT_START_TOL sqrt(|c_pp c_qq|) or <= floor; else 1, or 2 where
 * |c_pq| > HZGSVD__BAT_START_LAST sqrt(|c_pp c_qq|) (the sweep is not the last). */
HZGSVD_HD static inline int hzgsvd__bat_jac_rotation(int cplx, double app, double aqq, double xr, double xi, double floor, double rot[3])
{
    const double r = cplx ? sqrt(fma(xi, xi, xr * xr)) : fabs(xr), ref = sqrt(fabs(app)) * sqrt(fabs(aqq));
    rot[0] = 1.0; rot[1] = 0.0; rot[2] = 0.0;
    if (!(r > HZGSVD__BAT_START_TOL * ref && r > floor)) return 0;
    const double theta = (aqq - app) / (2.0 * r), at = fabs(theta);
    const double t = at > 1e150 ? 0.5 / theta : (theta < 0.0 ? -1.0 : 1.0) / (at + sqrt(fma(at, at, 1.0)));
    const double c = 1.0 / sqrt(fma(t, t, 1.0)), s = t * c;
    rot[0] = c; rot[1] = s * (cplx ? xr / r : copysign(1.0, xr)); rot[2] = cplx ? s * (xi / r) : 0.0;   /* real: xr / |xr| is +-1 exactly */
    return r > HZGSVD__BAT_START_LAST * ref ? 2 : 1;
}

/* Entries x, y of a row (complex: re, im) of the column pair times J, seen from one end: x <- c x + l y,
 * y <- c y - conj(l) x, l = lr + i li.  The lower position's lane (p) passes l = -conj(sigma), the
 * upper's (q) l = sigma: the same J either way. */
HZGSVD_HD static inline void hzgsvd__bat_jac_col(int cplx, double c, double lr, double li, double *x, double *y)
{
    if (!cplx) {
        const double a = x[0], b = y[0];
        x[0] = fma(lr, b, c * a);
        y[0] = fma(-lr, a, c * b);
        return;
    }
    const double ar = x[0], ai = x[1], br = y[0], bi = y[1];
    x[0] = fma(-li, bi, fma(lr, br, c * ar));
    x[1] = fma(li, br, fma(lr, bi, c * ai));
    y[0] = fma(-li, ai, fma(-lr, ar, c * br));
    y[1] = fma(li, ar, fma(-lr, ai, c * bi));
}

/* ---- the block solver (9 <= n <= 12: hzgsvd__bat_start_block_solver) ------------------------------
 *
 * The cyclic two-sided Jacobi method on C in shared memory by the whole block: the round-robin
 * order of n/2 disjoint pivots a step, each step a phase of rotations and a phase of 2 x 2 blocks of
 * J^H C J, each block stored with its mirror image (C exactly Hermitian), and W's rows; thread
 * `tid` of `nt` takes items tid, tid + nt, ... (no bit depends on nt).  The same tolerances and
 * stop rule as the warp solver below. */

/* Pivot k of step s of the round-robin order nn (nn even; a sweep's nn - 1 steps pair every two
 * indices once): index nn - 1 stays, the others turn; p < q. */
HZGSVD_HD static inline void hzgsvd__bat_start_pivot(int nn, int s, int k, int *p, int *q)
{
    const int c = nn - 1;
    int a = k == 0 ? c : (s + k) % c, b = (s - k + c) % c;
    if (a > b) { const int x = a; a = b; b = x; }
    *p = a; *q = b;
}

/* The rotation of pivot (p, q) of C: rot = (c, sr, si, rotated) as hzgsvd__bat_jac_rotation gives
 * (c, sr, si), |c_pq| in its square-root form also where C is real (the block solver's bits since
 * session 23), and rot[3] = 1 where it rotates (the floor keeps s = t c > 0 there), 0 for the
 * identity.  Its verdict: 0, 1 or 2 as hzgsvd__bat_jac_rotation's. */
HZGSVD_HD static inline int hzgsvd__bat_start_rotation(const hzgsvd__bat_start_mem *S, const double *C, int p, int q, double floor, double *rot)
{
    const double app = hzgsvd__bat_start_at(S, (double *)C, p, p)[0], aqq = hzgsvd__bat_start_at(S, (double *)C, q, q)[0];
    const double *x = hzgsvd__bat_start_at(S, (double *)C, p, q);
    const int r = hzgsvd__bat_jac_rotation(1, app, aqq, x[0], S->es == 2 ? x[1] : 0.0, floor, rot);
    rot[3] = r != 0;
    return r;
}

/* Columns p, q of X (row i) times J (conj: times conj(J), which J^H from the left takes on a row
 * pair): hzgsvd__bat_jac_col with l = -conj(sigma). */
HZGSVD_HD static inline void hzgsvd__bat_start_rotate(int es, double *xp, double *xq, const double *rot, int conj)
{
    hzgsvd__bat_jac_col(es == 2, rot[0], -rot[1], conj ? -rot[2] : rot[2], xp, xq);
}

/* Block (k, l) of one step's C <- J^H C J, k >= l: rows p_k, q_k and columns p_l, q_l times J_l on
 * the right, then J_k^H on the left (as a column phase and then a row phase would), stored with its
 * mirror image (l, k) = (k, l)^H, so C stays exactly Hermitian with a real diagonal.  An index >= n
 * (the padding pivot's q, whose rotation is the identity) has no entries. */
HZGSVD_HD static inline void hzgsvd__bat_start_block(const hzgsvd__bat_start_mem *S, int k, int l)
{
    const int n = S->n, es = S->es, *pq = S->pq;
    const int r[2] = { pq[2 * k], pq[2 * k + 1] }, c[2] = { pq[2 * l], pq[2 * l + 1] };
    const double *rk = S->rot + 4 * k, *rl = S->rot + 4 * l;
    double x[4][2];   /* (r0, c0), (r0, c1), (r1, c0), (r1, c1) */
    if (rk[3] == 0.0 && rl[3] == 0.0) return;   /* both the identity: the block stays (C is Hermitian already) */
    for (int a = 0; a < 4; ++a) {
        const int i = r[a >> 1], j = c[a & 1];
        const double *v = i < n && j < n ? hzgsvd__bat_start_at(S, S->C, i, j) : NULL;
        x[a][0] = v ? v[0] : 0.0;
        x[a][1] = v && es == 2 ? v[1] : 0.0;
    }
    if (rl[3] != 0.0) { hzgsvd__bat_start_rotate(es, x[0], x[1], rl, 0); hzgsvd__bat_start_rotate(es, x[2], x[3], rl, 0); }
    if (rk[3] != 0.0) { hzgsvd__bat_start_rotate(es, x[0], x[2], rk, 1); hzgsvd__bat_start_rotate(es, x[1], x[3], rk, 1); }
    for (int a = 0; a < 4; ++a) {
        const int i = r[a >> 1], j = c[a & 1];
        if (i >= n || j >= n || (k == l && a == 1)) continue;   /* the diagonal block's (p, q) entry: the mirror of its (q, p) */
        double *v = hzgsvd__bat_start_at(S, S->C, i, j), *u = hzgsvd__bat_start_at(S, S->C, j, i);
        v[0] = x[a][0];
        if (es == 2) v[1] = i == j ? 0.0 : x[a][1];
        if (i == j) continue;
        u[0] = x[a][0];
        if (es == 2) u[1] = -x[a][1];
    }
}

/* One step s of the Jacobi sweep on C, W: the step's pivots and rotations, then in one phase the
 * blocks of C <- J^H C J (hzgsvd__bat_start_block; S->blk lists them) and the rows of W <- W J
 * (item blocks + k n + i: row i, pivot k).  1 where one of the thread's own pivots rotated, 2 where
 * one rotated by more than HZGSVD__BAT_START_LAST (the largest of hzgsvd__bat_start_rotation's). */
HZGSVD_HD static inline int hzgsvd__bat_start_step(const hzgsvd__bat_start_mem *S, int nn, int s, double floor, int tid, int nt)
{
    const int n = S->n, np = nn / 2, blocks = np * (np + 1) / 2;
    int any = 0;
    for (int k = tid; k < np; k += nt) {
        int p, q;
        double *rot = S->rot + 4 * k;
        hzgsvd__bat_start_pivot(nn, s, k, &p, &q);
        S->pq[2 * k] = p; S->pq[2 * k + 1] = q;
        if (q >= n) { rot[0] = 1.0; rot[1] = 0.0; rot[2] = 0.0; rot[3] = 0.0; continue; }
        const int r = hzgsvd__bat_start_rotation(S, S->C, p, q, floor, rot);
        any = r > any ? r : any;
    }
    HZGSVD__BAT_START_BARRIER();
    int t = tid;
    for (; t < blocks; t += nt) hzgsvd__bat_start_block(S, S->blk[t] & 255, S->blk[t] >> 8);
    int k = (t - blocks) / n, i = (t - blocks) % n;   /* once a step; then by increments */
    for (; k < np; i += nt) {
        while (i >= n) { i -= n; ++k; }
        if (k >= np) break;
        const int p = S->pq[2 * k], q = S->pq[2 * k + 1];
        if (q >= n || S->rot[4 * k + 3] == 0.0) continue;
        hzgsvd__bat_start_rotate(S->es, hzgsvd__bat_start_at(S, S->W, i, p), hzgsvd__bat_start_at(S, S->W, i, q), S->rot + 4 * k, 0);
    }
    HZGSVD__BAT_START_BARRIER();
    return any;
}

/* C = W Lambda W^H, W from the identity; the sweeps it took (its last rotated nothing by more than
 * HZGSVD__BAT_START_LAST unless HZGSVD__BAT_START_SWEEPS ended it). */
HZGSVD_HD static inline int hzgsvd__bat_start_jacobi(const hzgsvd__bat_start_mem *S, int tid, int nt)
{
    const int n = S->n, nn = hzgsvd__bat_order(n);
    for (int t = tid; t < n * n; t += nt) {
        double *w = hzgsvd__bat_start_at(S, S->W, t % n, t / n);
        w[0] = t % n == t / n ? 1.0 : 0.0;
        if (S->es == 2) w[1] = 0.0;
    }
    int k = tid, l = 0, t = tid;   /* the blocks' table: item t of the lower triangle of order nn / 2 */
    for (hzgsvd__bat_start_wrap(nn / 2, &k, &l); l < nn / 2; k += nt, t += nt, hzgsvd__bat_start_wrap(nn / 2, &k, &l))
        S->blk[t] = k + 256 * l;
    const double floor = hzgsvd__bat_start_floor(S);
    HZGSVD__BAT_START_BARRIER();
    int sweep = 0;
    while (sweep < HZGSVD__BAT_START_SWEEPS) {
        int big = 0;
        for (int s = 0; s < nn - 1; ++s) big |= hzgsvd__bat_start_step(S, nn, s, floor, tid, nt) == 2;
        ++sweep;
        if (!HZGSVD__BAT_START_BARRIER_OR(big)) break;   /* quadratic convergence: what it rotated is now near u */
    }
    return sweep;
}

/* ---- the Jacobi eigensolver: one lane a row ---------------------------------------------------
 *
 * C (order n, padded with zero rows and columns to nn = hzgsvd__bat_jac_order(n), a power of two)
 * is diagonalised by the cyclic two-sided Jacobi method, one warp a pair: lane x holds row x of C
 * and row x of W.  Every step rotates the fixed pivots (x, x ^ 1) -- positions, not indices --
 * and then moves the indices to other positions by a fixed map M (hzgsvd__bat_jac_next, an LFSR
 * on log2 nn bits): C(t+1)[x, y] = C(t)[M x, M y].  M is linear over GF(2) and its powers run
 * through every nonzero vector, so step t pairs the indices whose XOR is M^t 1: every pair once in
 * the nn - 1 steps of a sweep, and the positions are the indices again at each sweep's end.
 *
 * Lane x keeps its row of C relative to itself, r[a] = C[x, x ^ a] (its diagonal r[0], its pivot's
 * off-diagonal r[1]), so that on the device every register index is known when compiled: a
 * column pair (a, a ^ 1), a even, is the pivot of lane x ^ a; the partner's row comes by XOR
 * distance 1; the move by M takes r[M b] of lane M x (M linear: M x ^ M b = M (x ^ b)).  W's
 * rows stay with their lanes, its columns by position (w[y] = W[x, index at y]), renamed by M.
 *
 * One step: the pivots' rotations (lanes x even, hzgsvd__bat_jac_rotation, into three arrays of
 * nn / 2 slots), C <- C J and W <- W J (hzgsvd__bat_jac_col), C <- J^H C (hzgsvd__bat_jac_row,
 * with the partner's row as it was before), the diagonal made real, then the move.  C is Hermitian
 * up to rounding only (entries (x, y) and (y, x) are rounded in other orders); each rotation reads
 * the lower position's c_pq.  Padding rows and columns are zeros and never rotate.
 *
 * Written twice -- hzgsvd__bat_jac_host below (the lanes one after the other; the host emulation
 * and the threads test) and hzgsvd__bat_jac_warp in templates/hzgsvd_gpu_batched_precondition.cu
 * (registers and shuffles) -- with the arithmetic of each entry in the helpers
 * (hzgsvd__bat_jac_rotation and hzgsvd__bat_jac_col above, hzgsvd__bat_jac_row below), in the
 * same order, so both give the same bits (test_gpu_batched, case_start_bits). */

/* An entry x of the lane's row of J^H C from the partner row's entry y: x <- c x + tau y, tau =
 * tr + i ti the conjugate of the lane's l (p: -sigma, q: conj(sigma)). */
HZGSVD_HD static inline void hzgsvd__bat_jac_row(int cplx, double c, double tr, double ti, double *x, const double *y)
{
    if (!cplx) { x[0] = fma(tr, y[0], c * x[0]); return; }
    const double xr = x[0], xi = x[1];
    x[0] = fma(-ti, y[1], fma(tr, y[0], c * xr));
    x[1] = fma(ti, y[0], fma(tr, y[1], c * xi));
}

/* Entry a (relative) of lane x's row of C from shared memory: C[x, x ^ a], or 0 in the padding. */
HZGSVD_HD static inline double hzgsvd__bat_jac_load(const hzgsvd__bat_start_mem *S, int x, int a, int e)
{
    const int y = x ^ a;
    return x < S->n && y < S->n ? hzgsvd__bat_start_at(S, S->C, x, y)[e] : 0.0;
}

/* The lanes one after the other: C = W Lambda W^H, W into S->W and Lambda into C's diagonal; the
 * sweeps it took (the last rotated nothing by more than HZGSVD__BAT_START_LAST, unless
 * HZGSVD__BAT_START_SWEEPS ended it).  The bits of hzgsvd__bat_jac_warp. */
static inline int hzgsvd__bat_jac_host(const hzgsvd__bat_start_mem *S)
{
    enum { L = HZGSVD__BAT_JAC_LANES, E = 2 * HZGSVD__BAT_JAC_LANES };
    double R[L][E], W[L][E], Y[L][E], sc[L / 2], sr[L / 2], si[L / 2];
    const int n = S->n, es = S->es, cplx = es == 2, nn = hzgsvd__bat_jac_order(n), w = es * nn;
    const double floor = hzgsvd__bat_start_floor(S);
    for (int x = 0; x < nn; ++x)
        for (int a = 0; a < w; ++a) {
            R[x][a] = hzgsvd__bat_jac_load(S, x, a / es, a % es);
            W[x][a] = a == es * x ? 1.0 : 0.0;
        }
    int sweep = 0;
    while (sweep < HZGSVD__BAT_START_SWEEPS) {
        int big = 0;
        for (int t = 0; t < nn - 1; ++t) {
            for (int x = 0; x < nn; x += 2) {   /* the pivots' rotations */
                double rot[3];
                big |= hzgsvd__bat_jac_rotation(cplx, R[x][0], R[x ^ 1][0], R[x][es], cplx ? R[x][es + 1] : 0.0, floor, rot) == 2;
                sc[x >> 1] = rot[0]; sr[x >> 1] = rot[1]; si[x >> 1] = rot[2];
            }
            for (int x = 0; x < nn; ++x) {   /* C <- C J, W <- W J */
                const int p = !(x & 1);
                for (int a = 0; a < nn; a += 2) {
                    const int k = (x ^ a) >> 1;
                    hzgsvd__bat_jac_col(cplx, sc[k], p ? -sr[k] : sr[k], si[k], &R[x][es * a], &R[x][es * (a + 1)]);
                }
                for (int k = 0; k < nn / 2; ++k) hzgsvd__bat_jac_col(cplx, sc[k], -sr[k], si[k], &W[x][es * 2 * k], &W[x][es * (2 * k + 1)]);
            }
            memcpy(Y, R, sizeof R);
            for (int x = 0; x < nn; ++x) {   /* C <- J^H C, the partner's row as it was */
                const int p = !(x & 1), k = x >> 1;
                for (int a = 0; a < nn; ++a) hzgsvd__bat_jac_row(cplx, sc[k], p ? -sr[k] : sr[k], -si[k], &R[x][es * a], &Y[x ^ 1][es * (a ^ 1)]);
                if (cplx) R[x][1] = 0.0;
            }
            memcpy(Y, R, sizeof R);
            for (int x = 0; x < nn; ++x)   /* the move: row M x to x, entry M b to b */
                for (int b = 0; b < nn; ++b)
                    for (int e = 0; e < es; ++e) R[x][es * b + e] = Y[hzgsvd__bat_jac_next(nn, x)][es * hzgsvd__bat_jac_next(nn, b) + e];
            memcpy(Y, W, sizeof W);
            for (int x = 0; x < nn; ++x)
                for (int b = 0; b < nn; ++b)
                    for (int e = 0; e < es; ++e) W[x][es * b + e] = Y[x][es * hzgsvd__bat_jac_next(nn, b) + e];
        }
        ++sweep;
        if (!big) break;   /* quadratic convergence: what it rotated is now near u */
    }
    for (int x = 0; x < n; ++x)
        for (int y = 0; y < n; ++y)
            for (int e = 0; e < es; ++e) hzgsvd__bat_start_at(S, S->W, x, y)[e] = W[x][es * y + e];
    for (int x = 0; x < n; ++x) {
        double *d = hzgsvd__bat_start_at(S, S->C, x, x);
        d[0] = R[x][0];
        if (cplx) d[1] = 0.0;
    }
    return sweep;
}

/* The start's first part: A, L (hzgsvd__bat_start_gram), L's Cholesky factor and C = L^-1 A L^-H.
 * 0, or k + 1 where G's Gram matrix has no Cholesky factor (the k-th pivot; C is then not formed).
 * The same in every thread. */
HZGSVD_HD static inline int hzgsvd__bat_start_front(const hzgsvd__bat_start_mem *S, const double *F, int ldf, int mf, const double *G, int ldg, int mg,
                                                    int tid, int nt)
{
    hzgsvd__bat_start_gram(S, F, ldf, mf, G, ldg, mg, tid, nt);
    const int chol = hzgsvd__bat_start_chol(S, tid, nt);
    if (chol) return chol;
    hzgsvd__bat_start_whiten(S, tid, nt);
    return 0;
}

/* The start's last part, after the Jacobi solver (W in S->W, the eigenvalues on C's diagonal): Z0
 * (n x n, ld n, interleaved where complex) into z0, L^-H W with the columns by ascending eigenvalue
 * (syevj's order).  0, or 1 where an eigenvalue is not finite (z0 then not written).  The same in
 * every thread. */
HZGSVD_HD static inline int hzgsvd__bat_start_back(const hzgsvd__bat_start_mem *S, double *z0, int tid, int nt)
{
    const int n = S->n, es = S->es;
    int bad = 0;
    for (int j = tid; j < n; j += nt) {   /* the ranks of the eigenvalues, ties by index */
        const double lj = hzgsvd__bat_start_at(S, S->C, j, j)[0];
        int rank = 0;
        bad |= !(fabs(lj) <= DBL_MAX);
        for (int i = 0; i < n; ++i) {
            const double li = hzgsvd__bat_start_at(S, S->C, i, i)[0];
            rank += li < lj || (li == lj && i < j);
        }
        S->key[j] = rank;
    }
    if (HZGSVD__BAT_START_BARRIER_OR(bad) != 0) return 1;
    hzgsvd__bat_start_solve(S, S->W, 0, tid, nt);
    const int rows = es * n, dr = nt % rows, dc = nt / rows;
    for (int ie = tid % rows, j = tid / rows; j < n; hzgsvd__bat_start_step_rect(rows, dr, dc, &ie, &j)) {
        const int e = ie % es, i = ie / es;
        z0[(size_t)es * (i + (size_t)n * S->key[j]) + e] = hzgsvd__bat_start_at(S, S->W, i, j)[e];
    }
    return 0;
}

/* One pair's start on the host: Z0 (n x n, ld n, interleaved where complex) into z0 from F (mf x n,
 * ld ldf) and G (mg x n, ld ldg), thread tid of nt (the warp solver thread 0's,
 * hzgsvd__bat_jac_host; the block solver every thread's).  *chol: 0, or k + 1 where G's Gram matrix has no Cholesky factor (the k-th
 * pivot); *eig: 0, or 1 where an eigenvalue is not finite.  Where either is nonzero z0 is not
 * written.  The Jacobi sweeps it took into *sweeps.  The same in every thread, and the bits of the
 * device's hzgsvd__bat_pre_own. */
static inline void hzgsvd__bat_start_pair(double *sh, int cplx, int n, const double *F, int ldf, int mf, const double *G, int ldg, int mg,
                                          double *z0, int tid, int nt, int *chol, int *eig, int *sweeps)
{
    const hzgsvd__bat_start_mem S = hzgsvd__bat_start_mem_of(sh, n, cplx);
    *eig = 0; *sweeps = 0;
    if ((*chol = hzgsvd__bat_start_front(&S, F, ldf, mf, G, ldg, mg, tid, nt))) return;
    int sw = 0;
    if (hzgsvd__bat_start_block_solver(n)) sw = hzgsvd__bat_start_jacobi(&S, tid, nt);
    else if (tid == 0) sw = hzgsvd__bat_jac_host(&S);
    if (tid == 0) S.key[n] = sw;
    HZGSVD__BAT_START_BARRIER();
    *sweeps = S.key[n];
    *eig = hzgsvd__bat_start_back(&S, z0, tid, nt);
}
#line 2793 HZGSVD__SRC_FILE("generated/hzgsvd_core.h")
/*** end templates/hzgsvd_batched_start.h ***/

#endif /* HZGSVD_GENERATED_HZGSVD_CORE_H */
