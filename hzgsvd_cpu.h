/* hzgsvd_cpu.h -- the CPU reference engine of hzgsvd (plain C99, optional OpenMP).
 *
 * HOW TO USE
 *   In exactly one .c (or .cpp/.cu) file of your program:
 *       #define HZGSVD_IMPLEMENTATION
 *       #include "hzgsvd_cpu.h"
 *   Elsewhere just #include "hzgsvd_cpu.h".  Keep generated/ beside this header.  Compile with
 *   -std=c99 (or later) -O2 -ffp-contract=off, link -lm; add -fopenmp to run the independent pivot
 *   block pairs of a step on several threads (results are bitwise identical for any thread count).
 *   -ffp-contract=off matters: the engine places its fused multiply-adds itself, and a compiler
 *   that contracts other a*b+c into FMAs changes the rounding (results stay accurate, but are no
 *   longer the documented ones).
 *   The preconditioned start (options.precondition; 1-3 sweeps instead of 9-24) needs LAPACK: define
 *   HZGSVD_CPU_LAPACK before the #include in the implementation file and link -llapacke -llapack
 *   -lblas (or OpenBLAS, MKL: LAPACKE and CBLAS interfaces).  Without it the engine links nothing
 *   but -lm, options.precondition AUTO runs the plain start and QR_EIG is refused.
 *
 *       hzgsvd_options opt = hzgsvd_default_options();
 *       hzgsvd_info info;
 *       hzgsvd_status st = hzgsvd_cpu_dgsvd(m_f, m_g, n, F, ldf, G, ldg, Z, ldz,
 *                                           sigma_f, sigma_g, sigma, &opt, &info);
 *       if (st != HZGSVD_SUCCESS) fprintf(stderr, "%s: %s\n", hzgsvd_status_string(st), info.detail);
 *
 * WHAT IT COMPUTES
 *   For F (m_F x n) and G (m_G x n) of full column rank, m_F >= n, m_G >= n, the generalized SVD
 *       F Z = U diag(sigma_f),  G Z = V diag(sigma_g),  U^H U = V^H V = I,
 *       sigma_f^2 + sigma_g^2 = 1,  sigma = sigma_f / sigma_g,  Z nonsingular,
 *   (X = Z^-1 gives F = U diag(sigma_f) X, G = V diag(sigma_g) X) by the blocked implicit
 *   Hari-Zimmermann method.  U overwrites F and V overwrites G (in place, as in the paper).
 *   With opt.sort (the default) sigma is returned in descending order, and sigma_f, sigma_g and
 *   the columns of U, V, Z in the matching order.  MATLAB's gsvd returns ascending order, LAPACK
 *   (xGGSVD3) and Julia unsorted: C = sigma_f, S = sigma_g, MATLAB's X = Z^-H, LAPACK's Q R^-1 = Z
 *   up to column order (K = 0, L = n).  See docs/API.md.
 *   Any other pair (m_F or m_G < n, F or G rank deficient, zero columns; m_F, m_G >= 0) is reduced
 *   by unitary transformations to a full-rank core first (options.preprocess, docs/API.md "General
 *   pairs"): columns then come in the order [K with sigma = inf (sigma_g = 0) | L finite, sigma = 0
 *   last | n - K - L of the common null space (sigma_f = sigma_g = 0, sigma NaN)], info.rank_k and
 *   info.rank_l give K and L, and U, V have zero columns where sigma_f, sigma_g are zero.
 *   hzgsvd_cpu_xgsvdx also returns X = Z^-1; hzgsvd_cpu_xggsvd3 has LAPACK's xGGSVD3 interface.
 *
 * ARRAYS
 *   Column major.  Real: double.  Complex: interleaved (re, im) pairs of doubles, the layout of C99
 *   double _Complex, C++ std::complex<double> and cuDoubleComplex; leading dimensions count
 *   complex elements.  Z is n x n (ldz >= n).  sigma_f, sigma_g, sigma have n elements each; any of
 *   the three may be NULL if not wanted.  Z may not be NULL.
 *
 * ERRORS
 *   Every argument is checked before any array is touched: on HZGSVD_ERR_INVALID_ARGUMENT,
 *   HZGSVD_ERR_M_LESS_THAN_N (options.preprocess = 0 only), HZGSVD_ERR_N_LESS_THAN_ONE and
 *   HZGSVD_ERR_NOT_FINITE the caller's arrays are unchanged.  The rest of this paragraph is about
 *   options.preprocess = 0 (by default such pairs go to the reduction): so are they for
 *   HZGSVD_ERR_RANK_DEFICIENT from a zero column.  Rank
 *   deficiency found during the iteration (a failed Cholesky factorization of a pivot block, a 2x2
 *   pivot of B not positive definite, a degenerate result column) also leaves them untouched (the
 *   engine iterates on copies); found by the numerical rank test after it (docs/NUMERICS.md) the
 *   outputs are written.  On
 *   HZGSVD_ERR_NO_CONVERGENCE the outputs of the last sweep are written.  info (if not NULL) is
 *   always filled.
 */
#ifndef HZGSVD_CPU_H
#define HZGSVD_CPU_H

#include "hzgsvd.h"                  /* the contract: version, linkage, statuses, options, info */
#include "generated/hzgsvd_core.h"

HZGSVD_EXTERN_C_BEGIN

/* Real pair.  F: m_f x n (ldf >= m_f), G: m_g x n (ldg >= m_g), Z: n x n (ldz >= n).
 * opt may be NULL (defaults); info may be NULL. */
HZGSVD_API hzgsvd_status hzgsvd_cpu_dgsvd(int m_f, int m_g, int n,
                                          double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                          double *sigma_f, double *sigma_g, double *sigma,
                                          const hzgsvd_options *opt, hzgsvd_info *info);

/* Complex pair, interleaved (re, im) storage; ldf, ldg, ldz count complex elements. */
HZGSVD_API hzgsvd_status hzgsvd_cpu_zgsvd(int m_f, int m_g, int n,
                                          double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                          double *sigma_f, double *sigma_g, double *sigma,
                                          const hzgsvd_options *opt, hzgsvd_info *info);

/* A strided batch of pairs of one shape (hzgsvd_cpu_dgsvd_batched: real; _zgsvd_batched: complex,
 * interleaved, every leading dimension and stride counting complex elements, strideS counting
 * doubles): pair i (0 <= i < batch) is F + i*strideF, G + i*strideG, Z + i*strideZ and
 * sigma_f, sigma_g, sigma + i*strideS, and comes back exactly as hzgsvd_cpu_?gsvd(m_f, m_g, n, ...)
 * with the same options returns it alone: the same outputs bitwise, status[i] its status, info[i]
 * its info.  The pairs run in parallel on options.threads OpenMP threads (0: the OpenMP default;
 * never more than batch), each pair on one thread; options.progress is not called (options.cancel
 * is honoured by every pair, as in the one-pair call).
 *
 *   m_f      (1)  rows of each F, >= 0 (m_f < n or rank deficiency: the reduction, options.preprocess)
 *   m_g      (2)  rows of each G, >= 0
 *   n        (3)  columns, >= 1 (else HZGSVD_ERR_N_LESS_THAN_ONE)
 *   F        (4)  m_f x n pairs, array of at least (batch-1)*strideF + ldf*n elements; U on exit.
 *                 May be NULL if batch = 0 or m_f = 0
 *   ldf      (5)  >= max(1, m_f)
 *   strideF  (6)  elements from one F to the next, >= ldf*n (also for batch = 1)
 *   G        (7)  m_g x n pairs, as F; V on exit
 *   ldg      (8)  >= max(1, m_g)
 *   strideG  (9)  >= ldg*n
 *   Z       (10)  n x n outputs, (batch-1)*strideZ + ldz*n elements; may be NULL only if batch = 0
 *   ldz     (11)  >= n
 *   strideZ (12)  >= ldz*n
 *   sigma_f (13), sigma_g (14), sigma (15)  outputs of (batch-1)*strideS + n doubles each; any may be NULL
 *   strideS (16)  >= n (pass n for packed sigma arrays)
 *   batch   (17)  the number of pairs, >= 0; batch = 0 returns HZGSVD_SUCCESS at once
 *   opt     (18)  options for every pair (NULL: defaults)
 *   status  (19)  output, batch entries: each pair's status.  May be NULL only if batch = 0
 *   info    (20)  output, NULL or max(1, batch) entries: each pair's info
 *
 * Returns HZGSVD_SUCCESS where every pair succeeded, else the status of the first (lowest index)
 * pair that did not; the others are solved all the same.  An argument error (the argument's number
 * in info[0].detail; HZGSVD_ERR_INVALID_ARGUMENT, HZGSVD_ERR_N_LESS_THAN_ONE, or the one-pair
 * checks' status for options and m < n with options.preprocess = 0) is found before any array is
 * touched and solves no pair: it is returned, set in every status[i] and every info[i].detail
 * (i < batch), and in info[0] (if info is not NULL) even where batch <= 0. */
HZGSVD_API hzgsvd_status hzgsvd_cpu_dgsvd_batched(int m_f, int m_g, int n, double *F, int ldf, long long strideF,
                                                  double *G, int ldg, long long strideG, double *Z, int ldz, long long strideZ,
                                                  double *sigma_f, double *sigma_g, double *sigma, long long strideS, int batch,
                                                  const hzgsvd_options *opt, hzgsvd_status *status, hzgsvd_info *info);
HZGSVD_API hzgsvd_status hzgsvd_cpu_zgsvd_batched(int m_f, int m_g, int n, double *F, int ldf, long long strideF,
                                                  double *G, int ldg, long long strideG, double *Z, int ldz, long long strideZ,
                                                  double *sigma_f, double *sigma_g, double *sigma, long long strideS, int batch,
                                                  const hzgsvd_options *opt, hzgsvd_status *status, hzgsvd_info *info);

/* X on request: as above, and X (n x n, ldx >= n) with F = U diag(sigma_f) X, G = V diag(sigma_g) X
 * (X = Z^-1; MATLAB's X is X^H), computed from the input pair without inverting Z (docs/API.md).
 * Z may be NULL where only X is wanted.  Costs a copy of F and G and two products of their size. */
HZGSVD_API hzgsvd_status hzgsvd_cpu_dgsvdx(int m_f, int m_g, int n,
                                           double *F, int ldf, double *G, int ldg, double *Z, int ldz, double *X, int ldx,
                                           double *sigma_f, double *sigma_g, double *sigma,
                                           const hzgsvd_options *opt, hzgsvd_info *info);
HZGSVD_API hzgsvd_status hzgsvd_cpu_zgsvdx(int m_f, int m_g, int n,
                                           double *F, int ldf, double *G, int ldg, double *Z, int ldz, double *X, int ldx,
                                           double *sigma_f, double *sigma_g, double *sigma,
                                           const hzgsvd_options *opt, hzgsvd_info *info);

/* X from the input pair (F0, G0, unchanged copies) and the outputs of any engine (U, V, Z, sigma_f,
 * sigma_g of this CPU engine, the GPU engine or the distributed one), as hzgsvd_cpu_xgsvdx computes
 * it.  Host arrays; U m_f x n, V m_g x n, Z and X n x n. */
HZGSVD_API hzgsvd_status hzgsvd_cpu_dx_from_outputs(int m_f, int m_g, int n, const double *F0, int ldf0, const double *G0, int ldg0,
                                                    const double *U, int ldu, const double *V, int ldv, const double *Z, int ldz,
                                                    const double *sigma_f, const double *sigma_g, double *X, int ldx, hzgsvd_info *info);
HZGSVD_API hzgsvd_status hzgsvd_cpu_zx_from_outputs(int m_f, int m_g, int n, const double *F0, int ldf0, const double *G0, int ldg0,
                                                    const double *U, int ldu, const double *V, int ldv, const double *Z, int ldz,
                                                    const double *sigma_f, const double *sigma_g, double *X, int ldx, hzgsvd_info *info);

/* LAPACK's xGGSVD3 (same arguments and outputs, without WORK/LWORK; complex arrays interleaved):
 * U^H A Q = D1 [0 R], V^H B Q = D2 [0 R] with K, L, ALPHA, BETA, U (M x M), V (P x P), Q (N x N), R
 * in A (and B where M < K + L) and IWORK, computed by the Hari-Zimmermann engine on the reduced
 * pair.  ALPHA(K+1 : K+L) comes back in descending order (IWORK(i) = i).  Returns a status:
 * HZGSVD_ERR_INVALID_ARGUMENT for LAPACK's INFO = -i (detail says "argument i"),
 * HZGSVD_ERR_NO_CONVERGENCE for INFO = 1 (outputs written).  See docs/API.md. */
HZGSVD_API hzgsvd_status hzgsvd_cpu_dggsvd3(char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                                            double *A, int lda, double *B, int ldb, double *alpha, double *beta,
                                            double *U, int ldu, double *V, int ldv, double *Q, int ldq, int *iwork,
                                            const hzgsvd_options *opt, hzgsvd_info *info);
HZGSVD_API hzgsvd_status hzgsvd_cpu_zggsvd3(char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                                            double *A, int lda, double *B, int ldb, double *alpha, double *beta,
                                            double *U, int ldu, double *V, int ldv, double *Q, int ldq, int *iwork,
                                            const hzgsvd_options *opt, hzgsvd_info *info);

HZGSVD_EXTERN_C_END

#ifdef HZGSVD_IMPLEMENTATION
#include "generated/hzgsvd_cpu_impl.h"
#endif

#endif /* HZGSVD_CPU_H */
