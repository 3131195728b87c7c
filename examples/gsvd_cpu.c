#define HZGSVD_IMPLEMENTATION          /* in exactly one file of your program */
#include "hzgsvd_cpu.h"                /* keep generated/ beside it */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    /* F: m_f x n, G: m_g x n, column major; on return F holds U and G holds V. */
    const int m_f = 6, m_g = 5, n = 4;
    double *F = malloc(sizeof(double) * m_f * n), *G = malloc(sizeof(double) * m_g * n);
    for (int j = 0; j < n; ++j) {
        for (int i = 0; i < m_f; ++i) F[i + j * m_f] = (i == j) ? 4.0 + j : 1.0 / (1 + i + j);
        for (int i = 0; i < m_g; ++i) G[i + j * m_g] = (i == j) ? 1.0 : 0.5 / (2 + i + j);
    }
    hzgsvd_options opt = hzgsvd_default_options();   /* variant 0, ME-BO-ME, sorted, 30 sweeps, w: engine's choice */
    hzgsvd_info info;
    double *Z = malloc(sizeof(double) * n * n);
    double *sf = malloc(sizeof(double) * n), *sg = malloc(sizeof(double) * n), *s = malloc(sizeof(double) * n);
    hzgsvd_status st = hzgsvd_cpu_dgsvd(m_f, m_g, n, F, m_f, G, m_g, Z, n, sf, sg, s, &opt, &info);
    if (st != HZGSVD_SUCCESS)
        fprintf(stderr, "hzgsvd: %s (%s)\n", hzgsvd_status_string(st), info.detail);
    else
        printf("sigma in [%g, %g], %d sweeps, %.3f s\n", s[n - 1], s[0], info.sweeps, info.seconds);
    /* complex: hzgsvd_cpu_zgsvd, same arguments, arrays of interleaved (re, im) doubles
       (double _Complex, std::complex<double>, cuDoubleComplex) */
    free(F); free(G); free(Z); free(sf); free(sg); free(s);
    return st == HZGSVD_SUCCESS ? 0 : 1;
}
