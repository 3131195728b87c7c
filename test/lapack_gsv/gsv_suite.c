/* gsv_suite.c -- see gsv_suite.h.  A C re-implementation of the GSV path of LAPACK's eigenvalue
 * test driver (TESTING/EIG: xCKGSV, xGSVTS3, DLATB9; TESTING/gsv.in), written from reading the
 * Fortran; the test matrices come from LAPACK's own DLATMS / ZLATMS (libtmglib). */
#define _POSIX_C_SOURCE 200112L
#include "gsv_suite.h"

#include <float.h>
#include <math.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- LAPACK's test-matrix generators (libtmglib); Fortran linkage, hidden CHARACTER lengths last */

void dlatms_(const int *m, const int *n, const char *dist, int *iseed, const char *sym, double *d,
             const int *mode, const double *cond, const double *dmax, const int *kl, const int *ku,
             const char *pack, double *a, const int *lda, double *work, int *info,
             size_t dist_len, size_t sym_len, size_t pack_len);
void zlatms_(const int *m, const int *n, const char *dist, int *iseed, const char *sym, double *d,
             const int *mode, const double *cond, const double *dmax, const int *kl, const int *ku,
             const char *pack, double _Complex *a, const int *lda, double _Complex *work, int *info,
             size_t dist_len, size_t sym_len, size_t pack_len);

/* ---- the parameters of the suite */

/* TESTING/gsv.in: 8 values of M, P, N. */
const gsv_dims gsv_dims_list[] = {
    { 0, 4, 3 }, { 5, 0, 10 }, { 9, 12, 15 }, { 10, 14, 12 },
    { 20, 10, 8 }, { 12, 10, 20 }, { 12, 20, 8 }, { 40, 15, 20 },
};
const int gsv_ndims = (int)(sizeof gsv_dims_list / sizeof gsv_dims_list[0]);

void gsv_initial_seed(int iseed[4])
{
    iseed[0] = 0; iseed[1] = 0; iseed[2] = 0; iseed[3] = 1;
}

const char *gsv_type_name(int imat)
{
    switch (imat) {
    case 1: return "A diagonal, B upper triangular";
    case 2: return "A upper triangular, B upper triangular";
    case 3: return "A lower triangular, B upper triangular";
    case 4: return "A, B dense";
    case 5: return "A, B dense, cond(A) = cond(B) = sqrt(0.1/eps)";
    case 6: return "A, B dense, cond(A) = cond(B) = 0.1/eps";
    case 7: return "A, B dense, cond(A) = sqrt(0.1/eps), cond(B) = 0.1/eps";
    case 8: return "A, B dense, cond(A) = 0.1/eps, cond(B) = sqrt(0.1/eps)";
    default: return "?";
    }
}

static int imax(int a, int b) { return a > b ? a : b; }
static int imin(int a, int b) { return a < b ? a : b; }

/* DLATB9 for PATH = 'GSV'.  eps is DLAMCH('Precision') = 2^-52.  The SMALL/LARGE norms DLATB9
 * gives types 7 and 8 belong to the GQR/GRQ paths only: for GSV every type has |A|_2 = 10 and
 * |B|_2 = 1000. */
void gsv_type_params_for(int imat, int m, int p, int n, gsv_type_params *tp)
{
    const double eps = DBL_EPSILON;
    const double badc2 = 0.1 / eps, badc1 = sqrt(badc2);

    tp->type = 'N';
    tp->dista = 'S';
    tp->distb = 'S';
    tp->modea = 3;
    tp->modeb = 4;

    if (imat == 1) {            /* A diagonal, B upper triangular */
        tp->kla = 0; tp->kua = 0;
        tp->klb = 0; tp->kub = imax(n - 1, 0);
    } else if (imat == 2) {     /* A and B upper triangular */
        tp->kla = 0; tp->kua = imax(n - 1, 0);
        tp->klb = 0; tp->kub = imax(n - 1, 0);
    } else if (imat == 3) {     /* A lower triangular, B upper triangular */
        tp->kla = imax(m - 1, 0); tp->kua = 0;
        tp->klb = 0; tp->kub = imax(n - 1, 0);
    } else {                    /* both dense */
        tp->kla = imax(m - 1, 0); tp->kua = imax(n - 1, 0);
        tp->klb = imax(p - 1, 0); tp->kub = imax(n - 1, 0);
    }

    tp->cndnma = 100.0;
    tp->cndnmb = 10.0;
    switch (imat) {
    case 5: tp->cndnma = badc1; tp->cndnmb = badc1; break;
    case 6: tp->cndnma = badc2; tp->cndnmb = badc2; break;
    case 7: tp->cndnma = badc1; tp->cndnmb = badc2; break;
    case 8: tp->cndnma = badc2; tp->cndnmb = badc1; break;
    default: break;
    }
    tp->anorm = 10.0;
    tp->bnorm = 1000.0;
    if (n <= 1) {
        tp->cndnma = 1.0;
        tp->cndnmb = 1.0;
    }
}

int gsv_dgenerate(const gsv_type_params *tp, char which, int rows, int n, int iseed[4],
                  double *X, int ldx)
{
    const int a = (which == 'A');
    const int kl = a ? tp->kla : tp->klb, ku = a ? tp->kua : tp->kub;
    const int mode = a ? tp->modea : tp->modeb;
    const double cond = a ? tp->cndnma : tp->cndnmb, norm = a ? tp->anorm : tp->bnorm;
    const char dist = a ? tp->dista : tp->distb, sym = tp->type, pack = 'N';
    const int big = imax(1, imax(rows, n));
    double *d = malloc(sizeof(double) * (size_t)big);
    double *work = malloc(sizeof(double) * 3 * (size_t)big);
    int info = -999;
    if (d && work)
        dlatms_(&rows, &n, &dist, iseed, &sym, d, &mode, &cond, &norm, &kl, &ku, &pack, X, &ldx,
                work, &info, 1, 1, 1);
    free(d);
    free(work);
    return info;
}

int gsv_zgenerate(const gsv_type_params *tp, char which, int rows, int n, int iseed[4],
                  double _Complex *X, int ldx)
{
    const int a = (which == 'A');
    const int kl = a ? tp->kla : tp->klb, ku = a ? tp->kua : tp->kub;
    const int mode = a ? tp->modea : tp->modeb;
    const double cond = a ? tp->cndnma : tp->cndnmb, norm = a ? tp->anorm : tp->bnorm;
    const char dist = a ? tp->dista : tp->distb, sym = tp->type, pack = 'N';
    const int big = imax(1, imax(rows, n));
    double *d = malloc(sizeof(double) * (size_t)big);
    double _Complex *work = malloc(sizeof(double _Complex) * 3 * (size_t)big);
    int info = -999;
    if (d && work)
        zlatms_(&rows, &n, &dist, iseed, &sym, d, &mode, &cond, &norm, &kl, &ku, &pack, X, &ldx,
                work, &info, 1, 1, 1);
    free(d);
    free(work);
    return info;
}

/* ---- a watchdog: a routine that does not return within the limit ends the program (a hang is
 * what issue #411 was about, and a hang must not stall make test). */

static unsigned gsv_watchdog_s = 120;
static char gsv_watch_what[160];

static void gsv_watchdog_fired(int sig)
{
    static const char msg1[] = "\ngsv: FAIL: the routine under test did not return within the watchdog limit: ";
    ssize_t r;
    (void)sig;
    r = write(2, msg1, sizeof msg1 - 1);
    r = write(2, gsv_watch_what, strlen(gsv_watch_what));
    r = write(2, "\n", 1);
    (void)r;
    _exit(3);
}

static void watch_begin(const char *what)
{
    strncpy(gsv_watch_what, what, sizeof gsv_watch_what - 1);
    gsv_watch_what[sizeof gsv_watch_what - 1] = '\0';
    signal(SIGALRM, gsv_watchdog_fired);
    alarm(gsv_watchdog_s);
}

static void watch_end(void) { alarm(0); }

void gsv_set_watchdog(unsigned seconds) { gsv_watchdog_s = seconds ? seconds : 1; }

/* ---- small dense helpers (column major) */

static double *dalloc(size_t count, double fill)
{
    double *x = malloc(sizeof(double) * (count ? count : 1));
    size_t i;
    if (!x) { fprintf(stderr, "gsv: out of memory\n"); exit(2); }
    for (i = 0; i < count; ++i) x[i] = fill;
    return x;
}

static double _Complex *zalloc(size_t count, double fill)
{
    double _Complex *x = malloc(sizeof(double _Complex) * (count ? count : 1));
    size_t i;
    if (!x) { fprintf(stderr, "gsv: out of memory\n"); exit(2); }
    for (i = 0; i < count; ++i) x[i] = fill;   /* (fill, 0): NaN in the real part is enough */
    return x;
}

#define AT(X, ld, i, j) ((X)[(size_t)(i) + (size_t)(j) * (size_t)(ld)])

/* 1-norm (largest column sum of moduli); 0 for an empty matrix, like xLANGE. */
static double d_norm1(int m, int n, const double *X, int ld)
{
    double best = 0.0;
    int i, j;
    for (j = 0; j < n; ++j) {
        double s = 0.0;
        for (i = 0; i < m; ++i) s += fabs(AT(X, ld, i, j));
        if (s > best || s != s) best = s;
    }
    return best;
}

static double z_norm1(int m, int n, const double _Complex *X, int ld)
{
    double best = 0.0;
    int i, j;
    for (j = 0; j < n; ++j) {
        double s = 0.0;
        for (i = 0; i < m; ++i) s += cabs(AT(X, ld, i, j));
        if (s > best || s != s) best = s;
    }
    return best;
}

/* C (m x n) = op(X) * Y with op = X^T (trans) or X, X being (trans ? kk x m : m x kk). */
static void d_mul(int trans, int m, int n, int kk, const double *X, int ldx, const double *Y,
                  int ldy, double *C, int ldc)
{
    int i, j, t;
    for (j = 0; j < n; ++j)
        for (i = 0; i < m; ++i) {
            double s = 0.0;
            for (t = 0; t < kk; ++t)
                s += (trans ? AT(X, ldx, t, i) : AT(X, ldx, i, t)) * AT(Y, ldy, t, j);
            AT(C, ldc, i, j) = s;
        }
}

static void z_mul(int ctrans, int m, int n, int kk, const double _Complex *X, int ldx,
                  const double _Complex *Y, int ldy, double _Complex *C, int ldc)
{
    int i, j, t;
    for (j = 0; j < n; ++j)
        for (i = 0; i < m; ++i) {
            double _Complex s = 0.0;
            for (t = 0; t < kk; ++t)
                s += (ctrans ? conj(AT(X, ldx, t, i)) : AT(X, ldx, i, t)) * AT(Y, ldy, t, j);
            AT(C, ldc, i, j) = s;
        }
}

/* |I - X^H X|_1 for a square X of order q. */
static double d_defect(int q, const double *X, int ldx)
{
    double *G = dalloc((size_t)q * (size_t)q, 0.0), r;
    int i;
    d_mul(1, q, q, q, X, ldx, X, ldx, G, q);
    for (i = 0; i < q * q; ++i) G[i] = -G[i];
    for (i = 0; i < q; ++i) AT(G, q, i, i) += 1.0;
    r = d_norm1(q, q, G, q);
    free(G);
    return r;
}

static double z_defect(int q, const double _Complex *X, int ldx)
{
    double _Complex *G = zalloc((size_t)q * (size_t)q, 0.0);
    double r;
    int i;
    z_mul(1, q, q, q, X, ldx, X, ldx, G, q);
    for (i = 0; i < q * q; ++i) G[i] = -G[i];
    for (i = 0; i < q; ++i) AT(G, q, i, i) += 1.0;
    r = z_norm1(q, q, G, q);
    free(G);
    return r;
}

static int all_finite_d(int m, int n, const double *X, int ld)
{
    int i, j;
    for (j = 0; j < n; ++j)
        for (i = 0; i < m; ++i)
            if (!isfinite(AT(X, ld, i, j))) return 0;
    return 1;
}

static int all_finite_z(int m, int n, const double _Complex *X, int ld)
{
    int i, j;
    for (j = 0; j < n; ++j)
        for (i = 0; i < m; ++i)
            if (!isfinite(creal(AT(X, ld, i, j))) || !isfinite(cimag(AT(X, ld, i, j)))) return 0;
    return 1;
}

int gsv_ratio_ok(double r) { return r == r && r < GSV_THRESH; }

/* Test 6 of xGSVTS3: apply the recorded swaps to a copy of ALPHA and require the entries
 * K+1 .. MIN(K+L, M) (1-based) to be non-increasing.  0-based here; iwork holds 1-based indices. */
static double sorting_ratio(int m, int n, int k, int l, const double *alpha, const int *iwork,
                            int *bad_iwork)
{
    const double ulp = DBL_EPSILON;
    const int top = imin(k + l, m);
    double *w = dalloc((size_t)n, 0.0), r = 0.0;
    int i;
    *bad_iwork = 0;
    memcpy(w, alpha, sizeof(double) * (size_t)n);
    for (i = k; i < top; ++i) {
        int j = iwork[i] - 1;
        if (j < 0 || j >= n) { *bad_iwork = 1; free(w); return INFINITY; }
        if (j != i) { double tmp = w[i]; w[i] = w[j]; w[j] = tmp; }
    }
    for (i = k; i + 1 < top; ++i)
        if (w[i] < w[i + 1]) r = 1.0 / ulp;
    free(w);
    return r;
}

/* The extra check: ALPHA, BETA in the form xGGSVD3 documents (see gsv_outcome.ab_ratio). */
static double ab_structure_ratio(int m, int n, int k, int l, const double *alpha, const double *beta)
{
    const double ulp = DBL_EPSILON;
    double dev = 0.0;
    int i;
    if (k < 0 || l < 0 || k + l > n) return INFINITY;
    for (i = 0; i < n; ++i) {
        double d;
        if (i < k) d = fmax(fabs(alpha[i] - 1.0), fabs(beta[i]));
        else if (i < k + l && i >= m) d = fmax(fabs(alpha[i]), fabs(beta[i] - 1.0));
        else if (i < k + l) d = fabs(alpha[i] * alpha[i] + beta[i] * beta[i] - 1.0);
        else d = fmax(fabs(alpha[i]), fabs(beta[i]));
        if (!(d <= dev)) dev = d;   /* a NaN sticks */
    }
    return dev / ulp;
}

/* ---- xGSVTS3 */

void gsv_dtest_pair(gsv_dggsvd3_fn fn, int m, int p, int n, const double *A, int lda,
                    const double *B, int ldb, gsv_outcome *o)
{
    const double ulp = DBL_EPSILON, unfl = DBL_MIN;
    const int ld = GSV_LD;
    const size_t sz = (size_t)ld * (size_t)(n > 0 ? n : 1);
    double *AF = dalloc(sz, NAN), *BF = dalloc(sz, NAN);
    double *U = dalloc((size_t)ld * (size_t)imax(m, 1), NAN);
    double *V = dalloc((size_t)ld * (size_t)imax(p, 1), NAN);
    double *Q = dalloc((size_t)ld * (size_t)imax(n, 1), NAN);
    double *alpha = dalloc((size_t)n, NAN), *beta = dalloc((size_t)n, NAN);
    int *iwork = malloc(sizeof(int) * (size_t)imax(n, 1));
    int i, j, k = -1, l = -1, kl;
    char what[160];

    memset(o, 0, sizeof *o);
    for (i = 0; i < imax(n, 1); ++i) iwork[i] = -7;
    for (j = 0; j < n; ++j) {
        for (i = 0; i < m; ++i) AT(AF, ld, i, j) = AT(A, lda, i, j);
        for (i = 0; i < p; ++i) AT(BF, ld, i, j) = AT(B, ldb, i, j);
    }
    o->anorm = fmax(d_norm1(m, n, A, lda), unfl);
    o->bnorm = fmax(d_norm1(p, n, B, ldb), unfl);

    snprintf(what, sizeof what, "real M=%d P=%d N=%d", m, p, n);
    watch_begin(what);
    o->info = fn('U', 'V', 'Q', m, n, p, &k, &l, AF, ld, BF, ld, alpha, beta, U, ld, V, ld, Q, ld,
                 iwork);
    watch_end();
    o->k = k;
    o->l = l;
    kl = k + l;

    /* 3-5 need no K, L */
    o->ratio[2] = d_defect(m, U, ld) / imax(1, m) / ulp;
    o->ratio[3] = d_defect(p, V, ld) / imax(1, p) / ulp;
    o->ratio[4] = d_defect(n, Q, ld) / imax(1, n) / ulp;
    o->nan_out = !(all_finite_d(m, m, U, ld) && all_finite_d(p, p, V, ld) &&
                   all_finite_d(n, n, Q, ld) && all_finite_d(n, 1, alpha, n) &&
                   all_finite_d(n, 1, beta, n));

    if (k < 0 || l < 0 || kl > n) {
        o->bad_kl = 1;
        o->ratio[0] = o->ratio[1] = o->ratio[5] = INFINITY;
    } else {
        /* R ((K+L) x (K+L) upper triangular): rows 1..MIN(K+L,M) from A's last K+L columns,
         * the rest (M < K+L) from rows M-K+1 .. L of B's. */
        double *R = dalloc((size_t)imax(kl, 1) * (size_t)imax(kl, 1), 0.0);
        double *T = dalloc((size_t)imax(m, p) * (size_t)imax(n, 1) + 1, 0.0);
        double *W = dalloc((size_t)imax(m, p) * (size_t)imax(n, 1) + 1, 0.0);
        for (i = 0; i < imin(kl, m); ++i)
            for (j = i; j < kl; ++j) AT(R, kl, i, j) = AT(AF, ld, i, n - kl + j);
        for (i = m; i < kl; ++i)
            for (j = i; j < kl; ++j) AT(R, kl, i, j) = AT(BF, ld, i - k, n - kl + j);
        for (j = 0; j < kl; ++j)
            for (i = 0; i <= j; ++i)
                if (!isfinite(AT(R, kl, i, j))) o->nan_out = 1;

        /* 1: U^T A Q - D1 R, D1 = [I 0; 0 C] on the last K+L columns */
        d_mul(0, m, n, n, A, lda, Q, ld, T, imax(m, 1));
        d_mul(1, m, n, m, U, ld, T, imax(m, 1), W, imax(m, 1));
        for (i = 0; i < k && i < m; ++i)
            for (j = i; j < kl; ++j) AT(W, imax(m, 1), i, n - kl + j) -= AT(R, kl, i, j);
        for (i = k; i < imin(kl, m); ++i)
            for (j = i; j < kl; ++j) AT(W, imax(m, 1), i, n - kl + j) -= alpha[i] * AT(R, kl, i, j);
        o->ratio[0] = o->anorm > 0.0
            ? d_norm1(m, n, W, imax(m, 1)) / imax(1, imax(m, n)) / o->anorm / ulp : 0.0;

        /* 2: V^T B Q - D2 R, D2 = [0 S] on the last L columns */
        d_mul(0, p, n, n, B, ldb, Q, ld, T, imax(p, 1));
        d_mul(1, p, n, p, V, ld, T, imax(p, 1), W, imax(p, 1));
        for (i = 0; i < l && i < p; ++i)
            for (j = i; j < l; ++j)
                AT(W, imax(p, 1), i, n - l + j) -= beta[k + i] * AT(R, kl, k + i, k + j);
        o->ratio[1] = o->bnorm > 0.0
            ? d_norm1(p, n, W, imax(p, 1)) / imax(1, imax(p, n)) / o->bnorm / ulp : 0.0;

        o->ratio[5] = sorting_ratio(m, n, k, l, alpha, iwork, &o->bad_iwork);
        free(R); free(T); free(W);
    }
    o->ab_ratio = ab_structure_ratio(m, n, k, l, alpha, beta);
    free(AF); free(BF); free(U); free(V); free(Q); free(alpha); free(beta); free(iwork);
}

void gsv_ztest_pair(gsv_zggsvd3_fn fn, int m, int p, int n, const double _Complex *A, int lda,
                    const double _Complex *B, int ldb, gsv_outcome *o)
{
    const double ulp = DBL_EPSILON, unfl = DBL_MIN;
    const int ld = GSV_LD;
    const size_t sz = (size_t)ld * (size_t)(n > 0 ? n : 1);
    double _Complex *AF = zalloc(sz, NAN), *BF = zalloc(sz, NAN);
    double _Complex *U = zalloc((size_t)ld * (size_t)imax(m, 1), NAN);
    double _Complex *V = zalloc((size_t)ld * (size_t)imax(p, 1), NAN);
    double _Complex *Q = zalloc((size_t)ld * (size_t)imax(n, 1), NAN);
    double *alpha = dalloc((size_t)n, NAN), *beta = dalloc((size_t)n, NAN);
    int *iwork = malloc(sizeof(int) * (size_t)imax(n, 1));
    int i, j, k = -1, l = -1, kl;
    char what[160];

    memset(o, 0, sizeof *o);
    for (i = 0; i < imax(n, 1); ++i) iwork[i] = -7;
    for (j = 0; j < n; ++j) {
        for (i = 0; i < m; ++i) AT(AF, ld, i, j) = AT(A, lda, i, j);
        for (i = 0; i < p; ++i) AT(BF, ld, i, j) = AT(B, ldb, i, j);
    }
    o->anorm = fmax(z_norm1(m, n, A, lda), unfl);
    o->bnorm = fmax(z_norm1(p, n, B, ldb), unfl);

    snprintf(what, sizeof what, "complex M=%d P=%d N=%d", m, p, n);
    watch_begin(what);
    o->info = fn('U', 'V', 'Q', m, n, p, &k, &l, AF, ld, BF, ld, alpha, beta, U, ld, V, ld, Q, ld,
                 iwork);
    watch_end();
    o->k = k;
    o->l = l;
    kl = k + l;

    o->ratio[2] = z_defect(m, U, ld) / imax(1, m) / ulp;
    o->ratio[3] = z_defect(p, V, ld) / imax(1, p) / ulp;
    o->ratio[4] = z_defect(n, Q, ld) / imax(1, n) / ulp;
    o->nan_out = !(all_finite_z(m, m, U, ld) && all_finite_z(p, p, V, ld) &&
                   all_finite_z(n, n, Q, ld) && all_finite_d(n, 1, alpha, n) &&
                   all_finite_d(n, 1, beta, n));

    if (k < 0 || l < 0 || kl > n) {
        o->bad_kl = 1;
        o->ratio[0] = o->ratio[1] = o->ratio[5] = INFINITY;
    } else {
        double _Complex *R = zalloc((size_t)imax(kl, 1) * (size_t)imax(kl, 1), 0.0);
        double _Complex *T = zalloc((size_t)imax(m, p) * (size_t)imax(n, 1) + 1, 0.0);
        double _Complex *W = zalloc((size_t)imax(m, p) * (size_t)imax(n, 1) + 1, 0.0);
        for (i = 0; i < imin(kl, m); ++i)
            for (j = i; j < kl; ++j) AT(R, kl, i, j) = AT(AF, ld, i, n - kl + j);
        for (i = m; i < kl; ++i)
            for (j = i; j < kl; ++j) AT(R, kl, i, j) = AT(BF, ld, i - k, n - kl + j);
        for (j = 0; j < kl; ++j)
            for (i = 0; i <= j; ++i)
                if (!isfinite(creal(AT(R, kl, i, j))) || !isfinite(cimag(AT(R, kl, i, j))))
                    o->nan_out = 1;

        z_mul(0, m, n, n, A, lda, Q, ld, T, imax(m, 1));
        z_mul(1, m, n, m, U, ld, T, imax(m, 1), W, imax(m, 1));
        for (i = 0; i < k && i < m; ++i)
            for (j = i; j < kl; ++j) AT(W, imax(m, 1), i, n - kl + j) -= AT(R, kl, i, j);
        for (i = k; i < imin(kl, m); ++i)
            for (j = i; j < kl; ++j) AT(W, imax(m, 1), i, n - kl + j) -= alpha[i] * AT(R, kl, i, j);
        o->ratio[0] = o->anorm > 0.0
            ? z_norm1(m, n, W, imax(m, 1)) / imax(1, imax(m, n)) / o->anorm / ulp : 0.0;

        z_mul(0, p, n, n, B, ldb, Q, ld, T, imax(p, 1));
        z_mul(1, p, n, p, V, ld, T, imax(p, 1), W, imax(p, 1));
        for (i = 0; i < l && i < p; ++i)
            for (j = i; j < l; ++j)
                AT(W, imax(p, 1), i, n - l + j) -= beta[k + i] * AT(R, kl, k + i, k + j);
        o->ratio[1] = o->bnorm > 0.0
            ? z_norm1(p, n, W, imax(p, 1)) / imax(1, imax(p, n)) / o->bnorm / ulp : 0.0;

        o->ratio[5] = sorting_ratio(m, n, k, l, alpha, iwork, &o->bad_iwork);
        free(R); free(T); free(W);
    }
    o->ab_ratio = ab_structure_ratio(m, n, k, l, alpha, beta);
    free(AF); free(BF); free(U); free(V); free(Q); free(alpha); free(beta); free(iwork);
}

/* ---- the driver loops (xCKGSV) */

/* The column heads, once per run, before the first case line. */
static int header_due = 0;

static void print_header(FILE *out, const char *prec)
{
    fprintf(out, "GSV %s: xGGSVD3 on LAPACK's GSV test pairs (xLATMS), threshold %.1f\n", prec,
            GSV_THRESH);
    header_due = 1;
}

static void print_columns(FILE *out)
{
    if (!header_due) return;
    header_due = 0;
    fprintf(out, "%-4s %4s %4s %4s %4s %4s %5s  %9s %9s %9s %9s %9s %9s %9s  %9s %9s  %s\n", "type",
            "M", "P", "N", "K", "L", "INFO", "r1", "r2", "r3", "r4", "r5", "r6", "ab", "|A|_1", "|B|_1",
            "verdict");
    fprintf(out, "(r1..r6: xGSVTS3's ratios; ab: ALPHA/BETA form, an extra check; all pass below %.1f)\n",
            GSV_THRESH);
}

/* Under a printed case line whose INFO is not 0: the routine's own word on it. */
static void print_detail(FILE *out, const gsv_policy *pol, int info)
{
    const char *d;
    if (!pol || info == 0 || (!pol->last_detail && !pol->status_string)) return;
    d = pol->last_detail ? pol->last_detail() : NULL;
    fprintf(out, "     INFO %d", info);
    if (pol->status_string) fprintf(out, " = %s", pol->status_string(info));
    if (pol->last_detail) fprintf(out, "; detail: \"%s\"", d ? d : "");
    fputc('\n', out);
}

static int is_gap_type(const gsv_policy *pol, int imat)
{
    return pol && imat >= 1 && imat < 32 && (pol->known_gap_types >> imat & 1u);
}

/* Books one case; returns 1 if it failed (what was asserted of it). */
static int book_case(FILE *out, int verbose, const gsv_policy *pol, gsv_tally *t, const char *tag,
                     int imat, int m, int p, int n, const gsv_outcome *o)
{
    const int ab_bad = !gsv_ratio_ok(o->ab_ratio);
    const int gap = is_gap_type(pol, imat);
    const char *verdict;
    int r, full_bad, bad, failed_ratios = 0, gap_detail_missing = 0, gap_wrong_status = 0;
    for (r = 0; r < GSV_NRATIOS; ++r)
        if (!gsv_ratio_ok(o->ratio[r])) ++failed_ratios;
    full_bad = failed_ratios > 0 || o->info != 0 || o->nan_out || o->bad_kl || o->bad_iwork || ab_bad;
    t->cases += 1;
    if (!gap) {
        bad = full_bad;
        t->tests_run += GSV_NRATIOS;
        t->tests_failed += failed_ratios;
        t->info_nonzero += (o->info != 0);
        t->ab_failed += ab_bad;
        verdict = bad ? "FAIL" : "PASS";
    } else {
        /* the weaker checks of a known gap (gsv_policy) */
        if (o->info == 0) {
            bad = o->nan_out || o->bad_kl;
        } else {
            const char *d = pol->last_detail ? pol->last_detail() : NULL;
            gap_wrong_status = (o->info != pol->gap_status);
            gap_detail_missing = !(d && d[0]);
            bad = gap_wrong_status || gap_detail_missing;
            t->gap_status += !gap_wrong_status;
        }
        t->gap_cases += 1;
        t->gap_hit += (!bad && full_bad);
        t->gap_failed += bad;
        verdict = bad ? "FAIL" : (full_bad ? "KNOWN GAP" : "PASS");
    }
    t->cases_failed += bad;
    if (verbose || full_bad) {
        print_columns(out);
        fprintf(out, "%-4s %4d %4d %4d %4d %4d %5d ", tag, m, p, n, o->k, o->l, o->info);
        for (r = 0; r < GSV_NRATIOS; ++r) fprintf(out, " %9.2e", o->ratio[r]);
        fprintf(out, " %9.2e", o->ab_ratio);
        fprintf(out, "  %9.2e %9.2e  %s", o->anorm, o->bnorm, verdict);
        if (gap && bad && o->info == 0) fprintf(out, " (known gap: status 0 with NaN/Inf or K, L out of range)");
        if (gap_wrong_status) fprintf(out, " (known gap: a nonzero return other than %d)", pol->gap_status);
        if (gap_detail_missing) fprintf(out, " (known gap: nonzero return without a message)");
        if (o->info != 0) fprintf(out, " (INFO=%d)", o->info);
        if (o->nan_out) fprintf(out, " (NaN/Inf in the outputs)");
        if (o->bad_kl) fprintf(out, " (K, L out of range)");
        if (o->bad_iwork) fprintf(out, " (IWORK out of range)");
        if (ab_bad) fprintf(out, " (ALPHA/BETA not of xGGSVD3's form)");
        fputc('\n', out);
        print_detail(out, pol, o->info);
    }
    /* LAPACK's own failure lines, one per failed ratio (not for a known gap: its line says it) */
    if (!gap)
        for (r = 0; r < GSV_NRATIOS; ++r)
            if (!gsv_ratio_ok(o->ratio[r]))
                fprintf(out, " M=%4d P=%4d, N=%4d, type %2d, test %2d, ratio=%13.6g\n", m, p, n,
                        imat, r + 1, o->ratio[r]);
    return bad;
}

int gsv_run_real(gsv_dggsvd3_fn fn, const gsv_policy *pol, FILE *out, int verbose, gsv_tally *t)
{
    const int ld = GSV_LD;
    double *A = dalloc((size_t)ld * ld, 0.0), *B = dalloc((size_t)ld * ld, 0.0);
    int iseed[4], im, imat, failed = 0;
    gsv_initial_seed(iseed);
    print_header(out, "double (dggsvd3)");
    for (im = 0; im < gsv_ndims; ++im) {
        const int m = gsv_dims_list[im].m, p = gsv_dims_list[im].p, n = gsv_dims_list[im].n;
        for (imat = 1; imat <= GSV_NTYPES; ++imat) {
            gsv_type_params tp;
            gsv_outcome o;
            char tag[8];
            int info;
            gsv_type_params_for(imat, m, p, n, &tp);
            info = gsv_dgenerate(&tp, 'A', m, n, iseed, A, ld);
            if (info == 0) info = gsv_dgenerate(&tp, 'B', p, n, iseed, B, ld);
            if (info != 0) {
                fprintf(out, " DLATMS in GSV suite INFO = %5d (type %d, M=%d P=%d N=%d)\n", info,
                        imat, m, p, n);
                t->cases += 1; t->cases_failed += 1; ++failed;
                continue;
            }
            gsv_dtest_pair(fn, m, p, n, A, ld, B, ld, &o);
            snprintf(tag, sizeof tag, "%d", imat);
            failed += book_case(out, verbose, pol, t, tag, imat, m, p, n, &o);
        }
    }
    free(A); free(B);
    return failed;
}

int gsv_run_complex(gsv_zggsvd3_fn fn, const gsv_policy *pol, FILE *out, int verbose, gsv_tally *t)
{
    const int ld = GSV_LD;
    double _Complex *A = zalloc((size_t)ld * ld, 0.0), *B = zalloc((size_t)ld * ld, 0.0);
    int iseed[4], im, imat, failed = 0;
    gsv_initial_seed(iseed);
    print_header(out, "complex (zggsvd3)");
    for (im = 0; im < gsv_ndims; ++im) {
        const int m = gsv_dims_list[im].m, p = gsv_dims_list[im].p, n = gsv_dims_list[im].n;
        for (imat = 1; imat <= GSV_NTYPES; ++imat) {
            gsv_type_params tp;
            gsv_outcome o;
            char tag[8];
            int info;
            gsv_type_params_for(imat, m, p, n, &tp);
            info = gsv_zgenerate(&tp, 'A', m, n, iseed, A, ld);
            if (info == 0) info = gsv_zgenerate(&tp, 'B', p, n, iseed, B, ld);
            if (info != 0) {
                fprintf(out, " ZLATMS in GSV suite INFO = %5d (type %d, M=%d P=%d N=%d)\n", info,
                        imat, m, p, n);
                t->cases += 1; t->cases_failed += 1; ++failed;
                continue;
            }
            gsv_ztest_pair(fn, m, p, n, A, ld, B, ld, &o);
            snprintf(tag, sizeof tag, "%d", imat);
            failed += book_case(out, verbose, pol, t, tag, imat, m, p, n, &o);
        }
    }
    free(A); free(B);
    return failed;
}

/* ---- Reference-LAPACK issue #411 */

/* The pencil of the issue, with B's diagonal multiplied by bscale. */
static void issue411_pencil(double _Complex *A, double _Complex *B, double bscale)
{
    int i;
    for (i = 0; i < 36; ++i) { A[i] = 1.0; B[i] = 0.0; }
    B[0 + 0 * 6] = 9e19 * bscale;
    B[1 + 1 * 6] = 9e18 * bscale;
    B[2 + 2 * 6] = 9e17 * bscale;
    B[3 + 3 * 6] = 9e16 * bscale;
    B[4 + 4 * 6] = 9e15 * bscale;
    B[5 + 5 * 6] = 9e14 * bscale;
}

/* B's scalings: 1, the issue's own numbers (asserted), then B pushed towards double's overflow
 * threshold the way the issue's 9e19 sits high in single's range (reported, not asserted; LAPACK's
 * ZGGSVD3 passes them as long as max(P, N) |B|_1 stays below DBL_MAX: its TOLB overflows past that). */
static const double issue411_scales[] = { 1.0, 1e140, 1e270 };

int gsv_run_issue411(gsv_zggsvd3_fn fn, const gsv_policy *pol, FILE *out, int verbose, gsv_tally *t)
{
    const int m = 6, p = 6, n = 6;
    const int nscales = (int)(sizeof issue411_scales / sizeof issue411_scales[0]);
    double _Complex A[36], B[36], dummy[1];
    double alpha[6], beta[6];
    int iwork[6], s, i, r, failed = 0;
    char what[160];

    fprintf(out, "Reference-LAPACK issue #411 pencil (complex): A = ones(6,6), "
                 "B = s * diag(9e19, 9e18, ..., 9e14)\n"
                 "  asserted for s = 1: the call returns, INFO = 0, 0 <= K, L, K+L <= N, no NaN or Inf\n"
                 "  in ALPHA, BETA (and U, V, Q, R); the six ratios and the scaled pencils are reported only\n");
    for (s = 0; s < nscales; ++s) {
        const int asserted = (issue411_scales[s] == 1.0);
        gsv_outcome o;
        int k = -1, l = -1, info, nan_ab = 0, bad, ratios_ok = 1;

        /* as CCKGSV runs it: no U, V, Q */
        issue411_pencil(A, B, issue411_scales[s]);
        for (i = 0; i < n; ++i) { alpha[i] = NAN; beta[i] = NAN; iwork[i] = -7; }
        snprintf(what, sizeof what, "issue #411 pencil, s = %g, JOBU = JOBV = JOBQ = 'N'",
                 issue411_scales[s]);
        watch_begin(what);
        info = fn('N', 'N', 'N', m, n, p, &k, &l, A, m, B, p, alpha, beta, dummy, 1, dummy, 1,
                  dummy, 1, iwork);
        watch_end();
        for (i = 0; i < n; ++i)
            if (!isfinite(alpha[i]) || !isfinite(beta[i])) nan_ab = 1;
        bad = nan_ab || info != 0 || k < 0 || l < 0 || k + l > n;
        if (asserted) {
            t->cases += 1;
            t->cases_failed += bad;
            t->tests_run += 1;   /* CCKGSV books its pencil as one test */
            t->tests_failed += bad;
            t->info_nonzero += (info != 0);
            failed += bad;
        }
        fprintf(out, "  s = %-6g JOB = NNN: returned, INFO = %d, K = %d, L = %d, NaN/Inf in ALPHA/BETA: %s  %s\n",
                issue411_scales[s], info, k, l, nan_ab ? "yes" : "no",
                asserted ? (bad ? "FAIL" : "PASS") : (bad ? "(not asserted: would fail)" : "(not asserted: ok)"));
        print_detail(out, pol, info);
        if (verbose) {
            fprintf(out, "            alpha =");
            for (i = 0; i < n; ++i) fprintf(out, " %.3e", alpha[i]);
            fprintf(out, "\n            beta  =");
            for (i = 0; i < n; ++i) fprintf(out, " %.3e", beta[i]);
            fputc('\n', out);
        }

        /* with U, V, Q */
        issue411_pencil(A, B, issue411_scales[s]);
        gsv_ztest_pair(fn, m, p, n, A, m, B, p, &o);
        bad = o.info != 0 || o.nan_out || o.bad_kl || o.bad_iwork;
        for (r = 0; r < GSV_NRATIOS; ++r) ratios_ok &= gsv_ratio_ok(o.ratio[r]);
        ratios_ok &= gsv_ratio_ok(o.ab_ratio);
        if (asserted) {
            t->cases += 1;
            t->cases_failed += bad;
            t->tests_run += 1;
            t->tests_failed += bad;
            t->info_nonzero += (o.info != 0);
            failed += bad;
        }
        fprintf(out, "  s = %-6g JOB = UVQ: returned, INFO = %d, K = %d, L = %d, NaN/Inf in outputs: %s  %s\n",
                issue411_scales[s], o.info, o.k, o.l, o.nan_out ? "yes" : "no",
                asserted ? (bad ? "FAIL" : "PASS") : (bad ? "(not asserted: would fail)" : "(not asserted: ok)"));
        print_detail(out, pol, o.info);
        fprintf(out, "            ratios r1..r6");
        for (r = 0; r < GSV_NRATIOS; ++r) fprintf(out, " %.2e", o.ratio[r]);
        fprintf(out, ", ab %.2e: %s\n", o.ab_ratio,
                ratios_ok ? "all below the threshold" : "some above the threshold (reported, not asserted)");
    }
    return failed;
}
