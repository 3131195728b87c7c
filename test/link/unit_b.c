/* Translation unit B of the link test: includes the public header without the implementation
 * and calls the API; both units see the static inline helpers and the private core. */
#include "hzgsvd_cpu.h"

int unit_b_run(double *sigma_out)
{
    /* F = diag(3, 1), G = diag(4, 1): sigma = {1, 3/4}, sorted descending */
    double F[4] = {3.0, 0.0, 0.0, 1.0}, G[4] = {4.0, 0.0, 0.0, 1.0}, Z[4], s[2];
    hzgsvd_options o = hzgsvd_default_options();
    const hzgsvd_status st = hzgsvd_cpu_dgsvd(2, 2, 2, F, 2, G, 2, Z, 2, NULL, NULL, s, &o, NULL);
    *sigma_out = s[1];
    return (int)st;
}
