/* hzgsvd_ref.h -- the reference engine of hzgsvd: the CPU engine in x87 long double (C99, optional
 * OpenMP; x86-64 with GCC or Clang, where long double has a 64-bit significand).
 *
 * WHAT IT IS FOR
 *   The exact generalized singular values of a double pair, to check the double engines against:
 *   the double input converts exactly to long double, and the engine's unit roundoff is
 *   u = 2^-64 (2048 times smaller than double's), so its sigma of a pair agrees with the exact
 *   sigma of that very pair to ~1e-17 relative where double engines reach ~1e-15..1e-13
 *   (docs/NUMERICS.md, "Reference engine (long double)").  It is the same algorithm as
 *   hzgsvd_cpu.h (every variant, strategy, FB/BO, sorting, bordering), generated from the same
 *   templates.  x87 arithmetic is scalar but in hardware: order 512 takes 27 s real, 56 s complex
 *   on two cores (2.5x the double engine).  __float128 is software arithmetic, ~20x slower than
 *   long double again (a dependent multiply-add: 34 ns against 1.75 ns, double 0.7 ns), and would
 *   not finish order 512 in minutes: hence long double.
 *
 * HOW TO USE
 *   In exactly one .c file of your program:
 *       #define HZGSVD_IMPLEMENTATION
 *       #include "hzgsvd_ref.h"
 *   Keep generated/ beside this header.  Compile with -std=c99 -O2 -ffp-contract=off, link -lm,
 *   optionally -fopenmp (results are bitwise identical for any thread count).  It can be included
 *   together with hzgsvd_cpu.h (the names differ).
 *
 *       hzgsvd_options opt = hzgsvd_default_options();
 *       hzgsvd_info info;
 *       hzgsvd_status st = hzgsvd_ref_dgsvd(m_f, m_g, n, F, ldf, G, ldg, Z, ldz,
 *                                           sigma_f, sigma_g, sigma, &opt, &info);
 *
 * CONTRACT
 *   Exactly that of hzgsvd_cpu_dgsvd / hzgsvd_cpu_zgsvd (hzgsvd_cpu.h: what is computed, the
 *   order, the statuses), with every array of long double instead of double: F (m_f x n), G, Z
 *   (n x n), sigma_f, sigma_g, sigma (n each, any may be NULL), column major; complex arrays hold
 *   interleaved (re, im) pairs of long doubles (long double _Complex).  U overwrites F, V overwrites
 *   G.  To run it on a double pair, copy the pair into long double arrays (exact).  The options
 *   are the CPU engine's; the relative-orthogonality tolerance is sqrt(2w) u with u = 2^-64 and
 *   the rank test uses the same u.
 */
#ifndef HZGSVD_REF_H
#define HZGSVD_REF_H

#include <float.h>
#include "hzgsvd.h"                  /* the contract: version, linkage, statuses, options, info */
#include "generated/hzgsvd_core.h"

/* The constants (u = 2^-64, sqrt(u), ...) are those of the x87 80-bit format. */
#if LDBL_MANT_DIG != 64
#error "hzgsvd_ref.h needs long double with a 64-bit significand (x87 extended precision, x86-64 with GCC or Clang)"
#endif

HZGSVD_EXTERN_C_BEGIN

/* Real pair in long double.  F: m_f x n (ldf >= m_f), G: m_g x n (ldg >= m_g), Z: n x n (ldz >= n). */
HZGSVD_API hzgsvd_status hzgsvd_ref_dgsvd(int m_f, int m_g, int n,
                                          long double *F, int ldf, long double *G, int ldg, long double *Z, int ldz,
                                          long double *sigma_f, long double *sigma_g, long double *sigma,
                                          const hzgsvd_options *opt, hzgsvd_info *info);

/* Complex pair, interleaved (re, im) long doubles; ldf, ldg, ldz count complex elements. */
HZGSVD_API hzgsvd_status hzgsvd_ref_zgsvd(int m_f, int m_g, int n,
                                          long double *F, int ldf, long double *G, int ldg, long double *Z, int ldz,
                                          long double *sigma_f, long double *sigma_g, long double *sigma,
                                          const hzgsvd_options *opt, hzgsvd_info *info);

HZGSVD_EXTERN_C_END

#ifdef HZGSVD_IMPLEMENTATION
#include "generated/hzgsvd_ref_impl.h"
#endif

#endif /* HZGSVD_REF_H */
