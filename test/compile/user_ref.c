/* A user's file that includes hzgsvd_ref.h (the long double reference engine): compiled like
 * user_cpu.c by test/compile/run_compile_checks.sh, -Wall -Wextra -Werror. */
#include "hzgsvd_ref.h"
#include <stdio.h>

int main(void)
{
    hzgsvd_options opt = hzgsvd_default_options();
    printf("hzgsvd %s, %d sweeps\n", hzgsvd_version(), opt.max_sweeps);
    return 0;
}
