/* gsvd_cpu_complex.c -- the CPU engine on a complex pair.
 *   cc -std=c99 -O2 -ffp-contract=off -fopenmp -I$HZGSVD -o gsvd_cpu_complex examples/gsvd_cpu_complex.c -lm */
#define HZGSVD_IMPLEMENTATION          /* in exactly one file of your program */
#include "hzgsvd_cpu.h"                /* keep generated/ beside it */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    /* double _Complex is two doubles (re, im) in a row, the layout the engine reads: the arrays
       are passed as double * and the leading dimensions count complex elements, not doubles. */
    const int m_f = 7, m_g = 6, n = 5;
    double _Complex *F = malloc(sizeof *F * m_f * n), *G = malloc(sizeof *G * m_g * n);
    double _Complex *Z = malloc(sizeof *Z * n * n);
    double *sf = malloc(sizeof(double) * n), *sg = malloc(sizeof(double) * n), *s = malloc(sizeof(double) * n);
    if (!F || !G || !Z || !sf || !sg || !s) { fprintf(stderr, "out of memory\n"); return 1; }
    for (int j = 0; j < n; ++j) {
        /* a strong diagonal keeps both matrices of full column rank, as the GSVD requires */
        for (int i = 0; i < m_f; ++i) F[i + j * m_f] = (i == j) ? 4.0 + j : (1.0 + 0.5 * I) / (1 + i + j);
        for (int i = 0; i < m_g; ++i) G[i + j * m_g] = (i == j) ? 1.0 - 0.25 * I : 0.5 * I / (2 + i + j);
    }
    hzgsvd_options opt = hzgsvd_default_options();
    hzgsvd_info info;
    hzgsvd_status st = hzgsvd_cpu_zgsvd(m_f, m_g, n, (double *)F, m_f, (double *)G, m_g, (double *)Z, n,
                                        sf, sg, s, &opt, &info);
    int ok = st == HZGSVD_SUCCESS;
    if (!ok) fprintf(stderr, "hzgsvd: %s (%s)\n", hzgsvd_status_string(st), info.detail);
    /* sigma_f and sigma_g are real even for a complex pair, and normalized so that every
       (sigma_f[j], sigma_g[j]) lies on the unit circle: a cheap check that the run is sane. */
    double worst = 0.0;
    for (int j = 0; ok && j < n; ++j) worst = fmax(worst, fabs(sf[j] * sf[j] + sg[j] * sg[j] - 1.0));
    if (ok && worst > 1e-14) {
        fprintf(stderr, "sigma_f^2 + sigma_g^2 - 1 = %.3g\n", worst);
        ok = 0;
    }
    if (ok)   /* U (over F) and V (over G) are unitary; s[j] = sf[j] / sg[j], descending */
        printf("sigma in [%g, %g], %d sweeps, |sigma_f^2 + sigma_g^2 - 1| <= %.1e\n", s[n - 1], s[0], info.sweeps, worst);
    free(F); free(G); free(Z); free(sf); free(sg); free(s);
    return ok ? 0 : 1;
}
