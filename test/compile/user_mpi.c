/* A user's file that includes hzgsvd_mpi.h: compiled by mpicc -std=c99 -Wall -Wextra -Werror, with
 * and without -DHZGSVD_IMPLEMENTATION (test/compile/run_compile_checks.sh). */
#include "hzgsvd_mpi.h"
#include <stdio.h>

int main(void)
{
    hzgsvd_options opt = hzgsvd_default_options();
    printf("hzgsvd %s, %d sweeps\n", hzgsvd_version(), opt.max_sweeps);
    return 0;
}
