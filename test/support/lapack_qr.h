/* lapack_qr.h -- matrices with orthonormal columns by LAPACK's Householder QR, for the tests
 * (test/engine_fixtures.h) and the pair maker (tools/verify/hzgsvd_mkpair.c); each fills the matrix
 * with its own random numbers first (test/support/rng.h).  Needs LAPACKE (-llapacke -llapack).
 *
 * Header-only, static inline, C99.  Part of test/support/. */
#ifndef HZGSVD_TEST_SUPPORT_LAPACK_QR_H
#define HZGSVD_TEST_SUPPORT_LAPACK_QR_H

#include <lapacke.h>
#include <stdlib.h>

/* what sp_orthonormalize returns where it could not allocate (LAPACK's own infos are >= -m*n) */
#define SP_QR_NO_MEMORY (-1000000)

/* Q (m x n, m >= n, column major, lda = m; complex: interleaved (re, im)) is replaced by the Q
 * factor of its QR factorization (xGEQRF + xORGQR / xUNGQR).  Returns 0, LAPACK's nonzero info, or
 * SP_QR_NO_MEMORY. */
static inline int sp_orthonormalize(int cplx, size_t m, size_t n, double *Q)
{
    double *tau = (double *)malloc((n ? n : 1) * (cplx ? 2 : 1) * sizeof(double));
    if (!tau) return SP_QR_NO_MEMORY;
    lapack_int info;
    const lapack_int lm = (lapack_int)m, ln = (lapack_int)n;
    if (cplx) {
        info = LAPACKE_zgeqrf(LAPACK_COL_MAJOR, lm, ln, (lapack_complex_double *)Q, lm, (lapack_complex_double *)tau);
        if (info == 0)
            info = LAPACKE_zungqr(LAPACK_COL_MAJOR, lm, ln, ln, (lapack_complex_double *)Q, lm, (lapack_complex_double *)tau);
    } else {
        info = LAPACKE_dgeqrf(LAPACK_COL_MAJOR, lm, ln, Q, lm, tau);
        if (info == 0) info = LAPACKE_dorgqr(LAPACK_COL_MAJOR, lm, ln, ln, Q, lm, tau);
    }
    free(tau);
    return (int)info;
}

#endif /* HZGSVD_TEST_SUPPORT_LAPACK_QR_H */
