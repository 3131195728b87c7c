/* A user's .cu file that includes hzgsvd_single.cuh: compiled by nvcc -arch=sm_90
 * -Xcompiler -Wall,-Wextra,-Werror, with and without -DHZGSVD_IMPLEMENTATION
 * (test/compile/run_compile_checks.sh). */
#include "hzgsvd_single.cuh"
#include <stdio.h>

int main(void)
{
    hzgsvd_options opt = hzgsvd_default_options();
    printf("hzgsvd %s, %d sweeps\n", hzgsvd_version(), opt.max_sweeps);
    return 0;
}
