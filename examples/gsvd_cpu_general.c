/* gsvd_cpu_general.c -- a general pair (a Tikhonov problem: G with fewer rows than columns), X on
 * request, and the same pair through the LAPACK-compatible entry point.
 *   cc -std=c99 -O2 -ffp-contract=off -fopenmp -I$HZGSVD -o gsvd_cpu_general examples/gsvd_cpu_general.c -lm */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    /* F: a smoothing kernel (n x n); G: the first-derivative operator ((n - 1) x n, rank n - 1):
       the pair has one infinite sigma (the constant vector: G z = 0), K = 1, L = n - 1. */
    enum { n = 40, m_g = n - 1 };
    double *F = malloc(sizeof(double) * n * n), *G = calloc((size_t)m_g * n, sizeof(double));
    double *F0 = malloc(sizeof(double) * n * n), *G0 = calloc((size_t)m_g * n, sizeof(double));
    double *X = malloc(sizeof(double) * n * n), *sf = malloc(sizeof(double) * n), *sg = malloc(sizeof(double) * n);
    double *s = malloc(sizeof(double) * n);
    if (!F || !G || !F0 || !G0 || !X || !sf || !sg || !s) { fprintf(stderr, "out of memory\n"); return 1; }
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) F[i + j * n] = exp(-0.5 * (i - j) * (i - j) / 9.0) / n;
    for (int i = 0; i < m_g; ++i) { G[i + i * m_g] = -1.0; G[i + (i + 1) * m_g] = 1.0; }
    for (int i = 0; i < n * n; ++i) F0[i] = F[i];
    for (int i = 0; i < m_g * n; ++i) G0[i] = G[i];

    /* Our form with X instead of Z (Z NULL): F = U diag(sf) X, G = V diag(sg) X; U over F, V over G. */
    hzgsvd_info info;
    hzgsvd_status st = hzgsvd_cpu_dgsvdx(n, m_g, n, F, n, G, m_g, NULL, n, X, n, sf, sg, s, NULL, &info);
    if (st != HZGSVD_SUCCESS) { fprintf(stderr, "hzgsvd: %s (%s)\n", hzgsvd_status_string(st), info.detail); return 1; }
    /* the reconstruction F = U diag(sf) X */
    double err = 0.0, nf = 0.0;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            double t = 0.0;
            for (int k = 0; k < n; ++k) t += F[i + k * n] * sf[k] * X[k + j * n];
            err = fmax(err, fabs(t - F0[i + j * n]));
            nf = fmax(nf, fabs(F0[i + j * n]));
        }

    /* The LAPACK-compatible entry on the same pair: U^T A Q = D1 [0 R], V^T B Q = D2 [0 R]. */
    double *U = malloc(sizeof(double) * n * n), *V = malloc(sizeof(double) * m_g * m_g), *Q = malloc(sizeof(double) * n * n);
    double *alpha = malloc(sizeof(double) * n), *beta = malloc(sizeof(double) * n);
    int *iwork = malloc(sizeof(int) * n), k, l;
    if (!U || !V || !Q || !alpha || !beta || !iwork) { fprintf(stderr, "out of memory\n"); return 1; }
    st = hzgsvd_cpu_dggsvd3('U', 'V', 'Q', n, n, m_g, &k, &l, F0, n, G0, m_g, alpha, beta, U, n, V, m_g, Q, n, iwork, NULL, &info);
    if (st != HZGSVD_SUCCESS) { fprintf(stderr, "hzgsvd: %s (%s)\n", hzgsvd_status_string(st), info.detail); return 1; }
    const int ok = info.rank_k == 1 && k == 1 && l == n - 1 && err <= 1e-12 * nf && isinf(s[0]);
    if (ok)   /* s[0] = inf (K = 1), then the finite sigma in descending order */
        printf("sigma in [%g, %g] and inf (K = %d, L = %d); |F - U Sf X| / |F| = %.1e; LAPACK form: alpha(K+1) = %.6f, beta(K+1) = %.6f\n",
               s[n - 1], s[1], k, l, err / nf, alpha[k], beta[k]);
    else
        fprintf(stderr, "unexpected: K = %d/%d, L = %d, reconstruction %.2e\n", info.rank_k, k, l, err / nf);
    free(F); free(G); free(F0); free(G0); free(X); free(sf); free(sg); free(s);
    free(U); free(V); free(Q); free(alpha); free(beta); free(iwork);
    return ok ? 0 : 1;
}
