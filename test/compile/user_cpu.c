/* A user's file that includes hzgsvd_cpu.h: test/compile/run_compile_checks.sh compiles it with
 * gcc -std=c99 and g++ under -Wall -Wextra -Werror, with and without -DHZGSVD_IMPLEMENTATION and
 * -fopenmp; the public header must add no warning to a user's build. */
#include "hzgsvd_cpu.h"
#include <stdio.h>

int main(void)
{
    hzgsvd_options opt = hzgsvd_default_options();
    printf("hzgsvd %s, %d sweeps, %s\n", hzgsvd_version(), opt.max_sweeps, hzgsvd_status_string(HZGSVD_SUCCESS));
#ifdef HZGSVD_IMPLEMENTATION
    {
        double F[1] = {1.0}, G[1] = {1.0}, Z[1], s[1];
        hzgsvd_info info;
        if (hzgsvd_cpu_dgsvd(1, 1, 1, F, 1, G, 1, Z, 1, NULL, NULL, s, &opt, &info) != HZGSVD_SUCCESS) return 1;
    }
#endif
    return 0;
}
