/* pairgen.h -- what the known-sigma pairs of the pair maker (tools/verify/hzgsvd_mkpair.c) and
 * the GPU benchmark (tools/bench/hzgsvd_bench.cu) share:
 *   F = U diag(sf) X,  G = V diag(sg) X,  X = Q1 diag(d) Q2,
 * sigma = sf / sg, sf = sigma / sqrt(1 + sigma^2), sg = 1 / sqrt(1 + sigma^2) (sf^2 + sg^2 = 1),
 * d log-spaced from 1 down to 1 / cond_x (so cond_2(X) = cond_x).  The orthonormal factors come
 * from each program's own QR (LAPACK: lapack_qr.h; the benchmark: cuSOLVER on the GPU).
 *
 * Header-only, static inline, C99 (also as CUDA host code).  Part of test/support/. */
#ifndef HZGSVD_TEST_SUPPORT_PAIRGEN_H
#define HZGSVD_TEST_SUPPORT_PAIRGEN_H

#include <math.h>
#include <stddef.h>

#include "test/support/rng.h"

/* qsort comparator: doubles in descending order */
static inline int sp_cmp_desc(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x < y) - (x > y);
}

/* The diagonals of a known-sigma pair of order n.  sigma: with sigma_given, the n values to use
 * (in the order to use them); else it gets sigma_i log-spaced from smax down to smin.  sf, sg: as
 * above; d: d_i = cond_x^(-i/(n-1)).  pin_ends sets the ends exactly (sigma_0 = smax,
 * sigma_{n-1} = smin, d_{n-1} = 1 / cond_x) instead of leaving them to pow's rounding: the pair
 * maker pins them, the benchmark's pairs never had it (kept, so that they stay the same). */
static inline void sp_known_diagonals(size_t n, double smin, double smax, double cond_x, int pin_ends,
                                      int sigma_given, double *sigma, double *sf, double *sg, double *d)
{
    for (size_t i = 0; i < n; ++i) {
        const double t = (n > 1) ? (double)i / (double)(n - 1) : 0.0;
        double s;
        if (sigma_given) {
            s = sigma[i];
        } else {
            s = smax * pow(smin / smax, t);
            if (pin_ends && i == 0) s = smax;
            if (pin_ends && i == n - 1 && n > 1) s = smin;
        }
        sigma[i] = s;
        const double h = sqrt(1.0 + s * s);
        sf[i] = s / h;
        sg[i] = 1.0 / h;
        d[i] = (n > 1) ? pow(cond_x, -t) : 1.0;
    }
    if (pin_ends && n > 1) d[n - 1] = 1.0 / cond_x;
}

#endif /* HZGSVD_TEST_SUPPORT_PAIRGEN_H */
