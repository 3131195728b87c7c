/* hzgsvd_lapack -- the LAPACK baseline of the CPU benchmark (make bench-cpu): xGGSVD3 from the
 * system's LAPACKE (Debian: OpenBLAS) on the same pair as hzgsvd, with U, V and Q computed (hzgsvd
 * also returns U, V and Z), timed around the call alone.
 *
 *   build/hzgsvd_lapack F.npy G.npy [--ref sigma_ref.npy]
 *
 * Prints one line: "seconds=S k=K l=L sigma_err_max=E" (E against the reference, both sorted
 * descending; sigma = alpha/beta of the L finite pairs; K > 0 means LAPACK found F, G rank deficient).
 * Exit status: 0; 2 usage; 3 unreadable file; 4 shapes that do not match; 5 LAPACK info != 0. */
#define _POSIX_C_SOURCE 200809L
#include "tools/npy.h"

#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_desc(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x < y) - (x > y);
}

static int fail(int code, const char *what, const char *why)
{
    fprintf(stderr, "hzgsvd_lapack: %s%s%s\n", what, why ? ": " : "", why ? why : "");
    return code;
}

int main(int argc, char **argv)
{
    const char *fpath = NULL, *gpath = NULL, *rpath = NULL;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--ref") && i + 1 < argc) rpath = argv[++i];
        else if (!fpath) fpath = argv[i];
        else if (!gpath) gpath = argv[i];
        else return fail(2, "usage: hzgsvd_lapack F.npy G.npy [--ref sigma_ref.npy]", NULL);
    }
    if (!fpath || !gpath) return fail(2, "usage: hzgsvd_lapack F.npy G.npy [--ref sigma_ref.npy]", NULL);
    char err[256];
    npy_matrix F, G, R = { 0, 0, 0, NULL };
    if (npy_read(fpath, &F, err, sizeof err) != 0) return fail(3, fpath, err);
    if (npy_read(gpath, &G, err, sizeof err) != 0) return fail(3, gpath, err);
    if (rpath && npy_read(rpath, &R, err, sizeof err) != 0) return fail(3, rpath, err);
    if (F.cols != G.cols || F.is_complex != G.is_complex || (rpath && R.rows * R.cols != F.cols))
        return fail(4, "F, G (and the reference) do not match", NULL);
    const lapack_int m = (lapack_int)F.rows, p = (lapack_int)G.rows, n = (lapack_int)F.cols;
    double *alpha = malloc(sizeof(double) * n), *beta = malloc(sizeof(double) * n), *s = malloc(sizeof(double) * n);
    lapack_int *iwork = malloc(sizeof(lapack_int) * n), k = 0, l = 0, info;
    const size_t el = F.is_complex ? 2 : 1;
    double *U = malloc(sizeof(double) * el * m * m), *V = malloc(sizeof(double) * el * p * p), *Q = malloc(sizeof(double) * el * n * n);
    if (!alpha || !beta || !s || !iwork || !U || !V || !Q) return fail(1, "out of memory", NULL);
    const double t0 = now();
    if (F.is_complex)
        info = LAPACKE_zggsvd3(LAPACK_COL_MAJOR, 'U', 'V', 'Q', m, n, p, &k, &l, (lapack_complex_double *)F.data, m,
                               (lapack_complex_double *)G.data, p, alpha, beta, (lapack_complex_double *)U, m,
                               (lapack_complex_double *)V, p, (lapack_complex_double *)Q, n, iwork);
    else
        info = LAPACKE_dggsvd3(LAPACK_COL_MAJOR, 'U', 'V', 'Q', m, n, p, &k, &l, F.data, m, G.data, p, alpha, beta,
                               U, m, V, p, Q, n, iwork);
    const double t = now() - t0;
    if (info != 0) { fprintf(stderr, "hzgsvd_lapack: xGGSVD3 info = %d\n", (int)info); return 5; }
    int cnt = 0;
    for (lapack_int i = k; i < k + l; ++i) s[cnt++] = alpha[i] / beta[i];
    double e = 0.0;
    if (rpath) {
        qsort(s, (size_t)cnt, sizeof(double), cmp_desc);
        qsort(R.data, (size_t)n, sizeof(double), cmp_desc);
        for (int i = 0; i < cnt; ++i) { const double d = fabs(s[i] - R.data[i]) / R.data[i]; if (!(d <= e)) e = d; }
    }
    printf("seconds=%.3f k=%d l=%d sigma_err_max=%.3e\n", t, (int)k, (int)l, rpath ? e : NAN);
    npy_free(&F); npy_free(&G); npy_free(&R);
    free(alpha); free(beta); free(s); free(iwork); free(U); free(V); free(Q);
    return 0;
}
