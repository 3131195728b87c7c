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
