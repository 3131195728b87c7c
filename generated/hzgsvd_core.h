/* ================================================================================================
 * hzgsvd_core.h -- GENERATED FILE, DO NOT EDIT.
 * Generated from: templates/hzgsvd_math.h.j2, templates/hzgsvd_strategy.h.j2, templates/hzgsvd_types.h.j2
 * Regenerate with: make generate   (= python3 generator/gen.py)
 * What it is: Shared core: version, linkage, statuses, options, the one definition of the 2x2 Hari-Zimmermann math, rsqrt_rn, enhanced dots, and the Jacobi strategies (baked inner tables + run-time C).
 * How to compile: Included by hzgsvd_cpu.h, hzgsvd_single.cuh and hzgsvd_mpi.h; compiles as C99, C++ and CUDA.
 * ================================================================================================ */
#ifndef HZGSVD_GENERATED_HZGSVD_CORE_H
#define HZGSVD_GENERATED_HZGSVD_CORE_H

/*** begin templates/hzgsvd_types.h.j2 ***/
/* Version, linkage, statuses, options and info: the types every engine shares. */
#include <stddef.h>
#include <stdint.h>

#define HZGSVD_VERSION_MAJOR 0
#define HZGSVD_VERSION_MINOR 1
#define HZGSVD_VERSION_PATCH 0
#define HZGSVD_VERSION_STRING "0.1.0"

/* Linkage.  HZGSVD_API marks public functions (empty by default; override it, e.g. with
 * __attribute__((visibility("default"))), before including a public header).  Under C++ the
 * public functions get C linkage.  HZGSVD_PRIVATE marks internals (static: every translation
 * unit that includes the core gets its own copy, so two of them always link). */
#ifndef HZGSVD_API
#define HZGSVD_API
#endif
#ifndef HZGSVD_PRIVATE
#define HZGSVD_PRIVATE static
#endif
#ifdef __cplusplus
#define HZGSVD_EXTERN_C_BEGIN extern "C" {
#define HZGSVD_EXTERN_C_END }
#else
#define HZGSVD_EXTERN_C_BEGIN
#define HZGSVD_EXTERN_C_END
#endif

/* Host+device qualification of the shared math (one definition for the CPU and the GPU). */
#ifdef __CUDACC__
#define HZGSVD_HD __host__ __device__
#else
#define HZGSVD_HD
#endif

HZGSVD_EXTERN_C_BEGIN

/* Every entry point returns one of these; HZGSVD_SUCCESS is 0.  hzgsvd_status_string() names
 * it, and hzgsvd_info.detail says more (which argument, which column, which CUDA call). */
typedef enum hzgsvd_status {
    HZGSVD_SUCCESS = 0,
    HZGSVD_ERR_INVALID_ARGUMENT = 1, /* a null pointer, a bad leading dimension, a bad option */
    HZGSVD_ERR_M_LESS_THAN_N = 2,    /* m_F < n or m_G < n */
    HZGSVD_ERR_N_LESS_THAN_ONE = 3,  /* n < 1 */
    HZGSVD_ERR_NOT_FINITE = 4,       /* F or G holds a NaN or an infinity */
    HZGSVD_ERR_RANK_DEFICIENT = 5,   /* F or G is not of full column rank (zero column, Cholesky failure) */
    HZGSVD_ERR_NO_CONVERGENCE = 6,   /* max_sweeps outer sweeps still applied big transformations */
    HZGSVD_ERR_OUT_OF_MEMORY = 7,    /* a host or device allocation failed */
    HZGSVD_ERR_CUDA = 8,             /* a CUDA runtime call failed (detail names it and its error) */
    HZGSVD_ERR_CUBLAS = 9,
    HZGSVD_ERR_CUSOLVER = 10,
    HZGSVD_ERR_MPI = 11,
    HZGSVD_ERR_NO_DEVICE = 12,       /* no usable GPU */
    HZGSVD_ERR_INTERNAL = 13         /* a broken invariant: a bug, please report it */
} hzgsvd_status;

/* Jacobi strategies (docs/NUMERICS.md): ME = generalized Mantharam-Eberlein, cyclic, n-1 steps a
 * sweep; MM = modified modulus, quasi-cyclic, n steps a sweep. */
typedef enum hzgsvd_strategy { HZGSVD_STRATEGY_ME = 0, HZGSVD_STRATEGY_MM = 1 } hzgsvd_strategy;

/* FB: full block, each pivot block pair is diagonalised (at most 30 inner sweeps);
 * BO: block oriented, one inner sweep per pivot block pair. */
typedef enum hzgsvd_blocking { HZGSVD_BLOCKING_FB = 0, HZGSVD_BLOCKING_BO = 1 } hzgsvd_blocking;

/* Passed to the progress callback once per outer sweep. */
typedef struct hzgsvd_progress {
    int sweep;                       /* 1-based number of the sweep just finished */
    int max_sweeps;
    unsigned long long big;          /* big transformations in this sweep (0: converged) */
    unsigned long long all;          /* all transformations in this sweep */
    double seconds;                  /* since the start of the call */
} hzgsvd_progress;

typedef struct hzgsvd_options {
    int variant;                     /* 0..7, the paper's Table 1; default 0 */
    hzgsvd_strategy outer;           /* block (outer) level strategy; default ME */
    hzgsvd_strategy inner;           /* pointwise (inner) level strategy; default ME */
    hzgsvd_blocking blocking;        /* default FB */
    int sort;                        /* 1 (default): sort columns in every step and return Sigma descending */
    int max_sweeps;                  /* outer sweeps at most; default 30 */
    int block_width;                 /* w, columns per block column; default 16 (pivot blocks of 2w = 32) */
    int threads;                     /* CPU engine: OpenMP threads, 0 = the OpenMP default; ignored elsewhere */
    hzgsvd_strategy outermost;       /* distributed engine (hzgsvd_mpi.h): strategy over the 2P stripes; default ME */
    hzgsvd_blocking outermost_blocking; /* distributed engine: BO (default, recommended by the paper): 1 block-level
                                      * sweep per rank and outermost step; FB: up to 30 */
    void (*progress)(const hzgsvd_progress *p, void *user); /* NULL: no callback (the library never prints) */
    void *progress_user;
} hzgsvd_options;

/* Filled on every return, also on errors (sweeps and counts then tell how far it got). */
typedef struct hzgsvd_info {
    int sweeps;                      /* outer sweeps run */
    unsigned long long big;          /* big transformations, all sweeps */
    unsigned long long all;          /* all transformations, all sweeps */
    double seconds;                  /* wall time of the call */
    int n_bordered;                  /* the n the engine ran at after bordering (multiple of 2w) */
    char detail[256];                /* a one-line message for the status */
} hzgsvd_info;

/* The three small helpers below are static inline (every engine's header brings them, so a
 * program that includes several engines still links). */

/* Defaults: variant 0, ME outer, ME inner, FB, sorting on, 30 sweeps, w = 16, default threads;
 * distributed: ME outermost, BO. */
static inline hzgsvd_options hzgsvd_default_options(void)
{
    hzgsvd_options o;
    o.variant = 0;
    o.outer = HZGSVD_STRATEGY_ME;
    o.inner = HZGSVD_STRATEGY_ME;
    o.blocking = HZGSVD_BLOCKING_FB;
    o.sort = 1;
    o.max_sweeps = 30;
    o.block_width = 16;
    o.threads = 0;
    o.outermost = HZGSVD_STRATEGY_ME;
    o.outermost_blocking = HZGSVD_BLOCKING_BO;
    o.progress = NULL;
    o.progress_user = NULL;
    return o;
}

static inline const char *hzgsvd_status_string(hzgsvd_status status)
{
    switch (status) {
    case HZGSVD_SUCCESS: return "success";
    case HZGSVD_ERR_INVALID_ARGUMENT: return "invalid argument";
    case HZGSVD_ERR_M_LESS_THAN_N: return "a matrix has fewer rows than columns (m < n)";
    case HZGSVD_ERR_N_LESS_THAN_ONE: return "n < 1";
    case HZGSVD_ERR_NOT_FINITE: return "input holds a NaN or an infinity";
    case HZGSVD_ERR_RANK_DEFICIENT: return "F or G is not of full column rank";
    case HZGSVD_ERR_NO_CONVERGENCE: return "no convergence within max_sweeps";
    case HZGSVD_ERR_OUT_OF_MEMORY: return "out of memory";
    case HZGSVD_ERR_CUDA: return "CUDA runtime error";
    case HZGSVD_ERR_CUBLAS: return "cuBLAS error";
    case HZGSVD_ERR_CUSOLVER: return "cuSOLVER error";
    case HZGSVD_ERR_MPI: return "MPI error";
    case HZGSVD_ERR_NO_DEVICE: return "no usable GPU";
    case HZGSVD_ERR_INTERNAL: return "internal error (a bug)";
    }
    return "unknown status";
}

static inline const char *hzgsvd_version(void) { return HZGSVD_VERSION_STRING; }

HZGSVD_EXTERN_C_END
/*** end templates/hzgsvd_types.h.j2 ***/

/*** begin templates/hzgsvd_math.h.j2 ***/
/* The one definition of the per-pair mathematics, shared by the CPU engine and the GPU kernels:
 * the correctly rounded rsqrt, the enhanced products of the paper's App. A, the complex FMA of
 * its section 3.2.1, and the real and complex 2x2 Hari-Zimmermann transformations (section 2.1)
 * with the relative-orthogonality test, the big/small classification (C1/C2) and the sorting
 * decision.  Everything here is HZGSVD_HD static inline, so it compiles as C99, C++ and CUDA. */
#include <math.h>
#include <string.h>

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
 *      32, the paper's test sizes) the tables are identical to the authors' ME, where
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

/* Inner level, order 32: steps x positions x {p, q}.  Host copies (CPU engine,
 * tests) and, under CUDA, the same data in constant memory (warp y takes pair y of the step). */
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

#endif /* __CUDACC__ */

/* Largest order the run-time functions accept (a table of this order has ~2^31 ints). */
#define HZGSVD__STRATEGY_MAX_ORDER 32768

/* Steps per sweep of a table of order n: n-1 (ME) or n (MM); -1 if n < 2, n is odd,
 * n > HZGSVD__STRATEGY_MAX_ORDER or kind is not a strategy.  A table needs nsteps*n ints. */
HZGSVD_PRIVATE int hzgsvd__strategy_nsteps(hzgsvd_strategy kind, int n)
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
HZGSVD_PRIVATE int hzgsvd__rr_partner(int t, int x, int m)
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
HZGSVD_PRIVATE int hzgsvd__strategy_fill(hzgsvd_strategy kind, int n, int *pairs)
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

/* Communication map of a table (pairs as from hzgsvd__strategy_fill, nsteps steps of order n):
 * map[(k*(n/2) + pos)*2 + slot] = -(pos'+1) if the index in (pos, slot) of step k is the p of
 * position pos' in step (k+1) mod nsteps, +(pos'+1) if it is the q there.  O(nsteps*n); allocates
 * (and frees) n ints.  0 ok; -1 on bad arguments, a step that is not a perfect matching of
 * 0..n-1, or a failed allocation (map is then unspecified). */
HZGSVD_PRIVATE int hzgsvd__comm_map(const int *pairs, int nsteps, int n, int *map)
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

#endif /* HZGSVD_GENERATED_HZGSVD_CORE_H */
