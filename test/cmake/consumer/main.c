/* A consumer's program (test/test_cmake.sh): runs the CPU engine on a fixed 6x4 / 5x4 pair and
 * checks what the contract promises of sigma_f, sigma_g and sigma.  Prints "consumer ok <sigma_max>"
 * and returns 0 only if every check holds. */
#define HZGSVD_IMPLEMENTATION          /* the one translation unit of this program */
#include "hzgsvd_cpu.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    enum { M_F = 6, M_G = 5, N = 4 };
    double F[M_F * N], G[M_G * N], Z[N * N], sf[N], sg[N], s[N];
    for (int j = 0; j < N; ++j) {
        for (int i = 0; i < M_F; ++i) F[i + j * M_F] = (i == j) ? 4.0 + j : 1.0 / (1 + i + j);
        for (int i = 0; i < M_G; ++i) G[i + j * M_G] = (i == j) ? 1.0 : 0.5 / (2 + i + j);
    }
    int bad = 0;
    if (strcmp(hzgsvd_version(), HZGSVD_VERSION_STRING) != 0) {
        fprintf(stderr, "hzgsvd_version() %s != HZGSVD_VERSION_STRING %s\n", hzgsvd_version(), HZGSVD_VERSION_STRING);
        bad = 1;
    }
    hzgsvd_options opt = hzgsvd_default_options();   /* sorted: sigma descending */
    hzgsvd_info info;
    hzgsvd_status st = hzgsvd_cpu_dgsvd(M_F, M_G, N, F, M_F, G, M_G, Z, N, sf, sg, s, &opt, &info);
    if (st != HZGSVD_SUCCESS) {
        fprintf(stderr, "hzgsvd_cpu_dgsvd: %s (%s)\n", hzgsvd_status_string(st), info.detail);
        return 1;
    }
    for (int j = 0; j < N; ++j) {
        double unit = sf[j] * sf[j] + sg[j] * sg[j] - 1.0;
        if (!(fabs(unit) <= 1e-14)) {
            fprintf(stderr, "column %d: sigma_f^2 + sigma_g^2 - 1 = %.3g\n", j, unit);
            bad = 1;
        }
        if (!(s[j] > 0.0) || (j > 0 && !(s[j] <= s[j - 1]))) {
            fprintf(stderr, "sigma not positive and descending at %d: %.17g after %.17g\n", j, s[j], j ? s[j - 1] : 0.0);
            bad = 1;
        }
    }
    if (bad) return 1;
    printf("consumer ok %.17g\n", s[0]);
    return 0;
}
