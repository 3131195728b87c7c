/* Translation unit A of the link test: holds the implementation. */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"

int unit_b_run(double *sigma_out);

int main(void)
{
    double s = 0.0;
    const int st = unit_b_run(&s);
    /* unit B ran a 2x2 diagonal pair through the engine defined here: sigma = 3/4 exactly-ish */
    if (st != HZGSVD_SUCCESS || !(s > 0.7499999999 && s < 0.7500000001)) {
        printf("link_two_units: 0 passed, 1 failed (status %d, sigma %.17g)\n", st, s);
        return 1;
    }
    printf("link_two_units: 1 passed, 0 failed\n");
    return 0;
}
