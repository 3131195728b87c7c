/* hzgsvd_lapack -- the LAPACK baseline of the CPU benchmark (make bench-cpu): xGGSVD3 from the
 * system's LAPACKE (Debian: OpenBLAS) on the same pair as hzgsvd, with U, V and Q computed (hzgsvd
 * also returns U, V and Z), timed around the call alone.
 *
 *   build/hzgsvd_lapack F.npy G.npy [--ref sigma_ref.npy] [--out-sigma FILE.npy]
 *   build/hzgsvd_lapack --gevd [--jobz N|V] F.npy G.npy [--ref sigma_ref.npy] [--out-sigma FILE.npy]
 *
 * Prints one line: "seconds=S k=K l=L sigma_err_max=E" (E against the reference, both sorted
 * descending; sigma = alpha/beta of the L finite pairs; K > 0 means LAPACK found F, G rank deficient);
 * without --ref there is no reference, and sigma_err_max is left out of the line.  --out-sigma writes
 * the L finite sigma (descending) as .npy.
 * Exit status: 0; 2 usage; 3 unreadable file; 4 shapes that do not match; 5 LAPACK info != 0.
 * --help prints the usage (exit 0), --version the library version.
 *
 * --gevd: the GEVD route of the paper's App. G, as the GPU benchmark takes it with cuSOLVER:
 * A = F^T F and B = G^T G in double by one xSYRK each (complex: F^H F, G^H G by ZHERK), then
 * LAPACKE_dsygvd (zhegvd) with itype 1, the lower triangles and jobz N (default; V computes the
 * eigenvectors too), and sigma = sqrt(lambda) sorted descending; timed around the products and the
 * solver.  A negative lambda gives sigma = NaN; if xSYGVD fails (info > n: B not positive definite
 * in floating point; 0 < info <= n: no convergence) every sigma is NaN.  Either is the route's
 * answer, not a tool failure: the line "seconds=S info=I negative=K sigma_err_max=E" is printed and
 * the exit status is 0 (E is nan if any sigma is; relative errors in long double; without --ref
 * the line has no sigma_err_max).  --out-sigma
 * writes the sigma (length n, descending, NaN included) as .npy.  Exit 5 only for info < 0. */
#define _POSIX_C_SOURCE 200809L
#include "tools/cli/npy.h"
#include "generated/hzgsvd_core.h"   /* HZGSVD_VERSION_STRING */

#include <cblas.h>
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

/* The GEVD route (--gevd, see the header): sigma (n, descending) from xSYGVD / xHEGVD on the Gram
 * matrices formed in double.  Returns the LAPACK info (-1000 on no memory); *neg counts lambda < 0. */
static int gevd_sigma(const npy_matrix *F, const npy_matrix *G, char jobz, double *sigma, int *neg, double *secs)
{
    const lapack_int n = (lapack_int)F->cols, m = (lapack_int)F->rows, p = (lapack_int)G->rows;
    const size_t el = F->is_complex ? 2 : 1;
    double *A = malloc(sizeof(double) * el * n * n), *B = malloc(sizeof(double) * el * n * n);
    double *w = malloc(sizeof(double) * n);
    lapack_int info = -1000;
    *neg = 0;
    if (A && B && w) {
        const double t0 = now();
        if (F->is_complex) {
            cblas_zherk(CblasColMajor, CblasLower, CblasConjTrans, n, m, 1.0, F->data, m, 0.0, A, n);
            cblas_zherk(CblasColMajor, CblasLower, CblasConjTrans, n, p, 1.0, G->data, p, 0.0, B, n);
            info = LAPACKE_zhegvd(LAPACK_COL_MAJOR, 1, jobz, 'L', n, (lapack_complex_double *)A, n,
                                  (lapack_complex_double *)B, n, w);
        } else {
            cblas_dsyrk(CblasColMajor, CblasLower, CblasTrans, n, m, 1.0, F->data, m, 0.0, A, n);
            cblas_dsyrk(CblasColMajor, CblasLower, CblasTrans, n, p, 1.0, G->data, p, 0.0, B, n);
            info = LAPACKE_dsygvd(LAPACK_COL_MAJOR, 1, jobz, 'L', n, A, n, B, n, w);
        }
        *secs = now() - t0;
        /* lambda comes ascending: reversing it sorts sigma descending without comparing NaNs */
        for (lapack_int i = 0; i < n; ++i) {
            const double l = w[n - 1 - i];
            if (info != 0) sigma[i] = NAN;
            else if (l < 0.0) { sigma[i] = NAN; ++*neg; }
            else sigma[i] = sqrt(l);
        }
    }
    free(A); free(B); free(w);
    return (int)info;
}

static int run_gevd(const npy_matrix *F, const npy_matrix *G, npy_matrix *R, char jobz, const char *opath)
{
    const size_t n = F->cols;
    double *s = malloc(sizeof(double) * (n ? n : 1)), secs = 0.0;
    int neg = 0;
    if (!s) return fail(1, "out of memory", NULL);
    const int info = gevd_sigma(F, G, jobz, s, &neg, &secs);
    if (info == -1000) { free(s); return fail(1, "out of memory", NULL); }
    if (info < 0) { fprintf(stderr, "hzgsvd_lapack: xSYGVD info = %d\n", info); free(s); return 5; }
    if (info > (int)n)
        fprintf(stderr, "hzgsvd_lapack: xSYGVD info = %d: B = G^T G is not positive definite in floating point "
                "(leading minor of order %d); sigma = NaN\n", info, info - (int)n);
    else if (info > 0)
        fprintf(stderr, "hzgsvd_lapack: xSYGVD info = %d: the eigensolver did not converge; sigma = NaN\n", info);
    else if (neg > 0)
        fprintf(stderr, "hzgsvd_lapack: %d generalized eigenvalues are negative; their sigma = NaN\n", neg);
    long double e = 0.0L;
    if (R->data) {
        qsort(R->data, n, sizeof(double), cmp_desc);
        for (size_t i = 0; i < n && !isnan(e); ++i) {
            const long double d = fabsl((long double)s[i] - (long double)R->data[i]) / (long double)R->data[i];
            if (isnan(d) || d > e) e = d;
        }
    }
    printf("seconds=%.3f info=%d negative=%d", secs, info, neg);
    if (R->data) printf(" sigma_err_max=%.3e", (double)e);   /* no reference: no error to print */
    printf("\n");
    int rc = 0;
    if (opath) {
        char err[256];
        const npy_matrix ms = { n, 1, 0, s };
        if (npy_write(opath, &ms, 1, err, sizeof err) != 0) rc = fail(3, opath, err);
    }
    free(s);
    return rc;
}

#define USAGE "usage: hzgsvd_lapack F.npy G.npy [--ref sigma_ref.npy] [--out-sigma FILE.npy]\n" \
              "       hzgsvd_lapack --gevd [--jobz N|V] F.npy G.npy [--ref sigma_ref.npy] [--out-sigma FILE.npy]\n" \
              "       hzgsvd_lapack --help | --version"

static void help(void)
{
    printf("%s\n\n", USAGE);
    printf("LAPACK's GSVD of the pair (F, G) from .npy files (float64 or complex128), the baseline of\n"
           "make bench-cpu: xGGSVD3 with U, V and Q computed, timed around the call alone.  Prints one line\n"
           "  seconds=S k=K l=L [sigma_err_max=E]\n"
           "  seconds        wall time of the LAPACK call\n"
           "  k, l           LAPACK's K and L (K = 0, L = n for a pair of full column rank; K > 0: LAPACK\n"
           "                 found (F; G) rank deficient)\n"
           "  sigma_err_max  (only with --ref) max |sigma_i - ref_i| / ref_i over sigma = alpha/beta of the\n"
           "                 L finite pairs and the reference, both sorted descending\n"
           "--gevd: the GEVD route instead (xSYRK/xHERK for F^H F and G^H G, then xSYGVD/xHEGVD, sigma =\n"
           "sqrt(lambda)); prints \"seconds=S info=I negative=K [sigma_err_max=E]\" (info: xSYGVD's; negative:\n"
           "eigenvalues below 0, whose sigma is NaN); --jobz V computes the eigenvectors too; --out-sigma\n"
           "writes sigma (descending) as .npy.\n"
           "Exit status: 0; 2 usage; 3 unreadable file; 4 shapes that do not match; 5 LAPACK info != 0\n"
           "(--gevd: info < 0 only).\n");
}

int main(int argc, char **argv)
{
    const char *fpath = NULL, *gpath = NULL, *rpath = NULL, *opath = NULL;
    int gevd = 0;
    char jobz = 0;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { help(); return 0; }
        if (!strcmp(argv[i], "--version")) { printf("hzgsvd_lapack %s\n", HZGSVD_VERSION_STRING); return 0; }
    }
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--ref") && i + 1 < argc) rpath = argv[++i];
        else if (!strcmp(argv[i], "--gevd")) gevd = 1;
        else if (!strcmp(argv[i], "--out-sigma") && i + 1 < argc) opath = argv[++i];
        else if (!strcmp(argv[i], "--jobz") && i + 1 < argc) {
            const char *v = argv[++i];
            if ((v[0] != 'N' && v[0] != 'V') || v[1]) return fail(2, "--jobz takes N or V", NULL);
            jobz = v[0];
        }
        else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "hzgsvd_lapack: unknown option or missing value '%s'\n", argv[i]);
            return fail(2, USAGE, NULL);
        }
        else if (!fpath) fpath = argv[i];
        else if (!gpath) gpath = argv[i];
        else return fail(2, USAGE, NULL);
    }
    if (!fpath || !gpath) return fail(2, USAGE, NULL);
    if (!gevd && jobz) return fail(2, "--jobz goes with --gevd", NULL);
    char err[256];
    npy_matrix F, G, R = { 0, 0, 0, NULL };
    if (npy_read(fpath, &F, err, sizeof err) != 0) return fail(3, fpath, err);
    if (npy_read(gpath, &G, err, sizeof err) != 0) return fail(3, gpath, err);
    if (rpath && npy_read(rpath, &R, err, sizeof err) != 0) return fail(3, rpath, err);
    if (F.cols != G.cols || F.is_complex != G.is_complex || (rpath && R.rows * R.cols != F.cols))
        return fail(4, "F, G (and the reference) do not match", NULL);
    if (gevd) {
        const int rc = run_gevd(&F, &G, &R, jobz ? jobz : 'N', opath);
        npy_free(&F); npy_free(&G); npy_free(&R);
        return rc;
    }
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
    if (opath) {   /* the L finite sigma of xGGSVD3, descending */
        npy_matrix ms = { (size_t)cnt, 1, 0, s };
        qsort(s, (size_t)cnt, sizeof(double), cmp_desc);
        if (npy_write(opath, &ms, 1, err, sizeof err) != 0) return fail(3, opath, err);
    }
    printf("seconds=%.3f k=%d l=%d", t, (int)k, (int)l);
    if (rpath) printf(" sigma_err_max=%.3e", e);   /* no reference: no error to print */
    printf("\n");
    npy_free(&F); npy_free(&G); npy_free(&R);
    free(alpha); free(beta); free(s); free(iwork); free(U); free(V); free(Q);
    return 0;
}
