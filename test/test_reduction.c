/* test_reduction: the blocked dense kernels of the reduction of general pairs (docs/NUMERICS.md,
 * "General pairs: the reduction"), real and complex, against the unblocked code they replaced:
 *   - the product dn_mm: every op pair, alpha = +-1, a row scale, shapes across the cache blocks
 *     and the micro-tiles: bitwise equal to its plain loops and for 1 and 2 threads, and within
 *     rounding of a long double product;
 *   - QR with column pivoting (blocked, downdated norms): the rank of matrices of exactly known
 *     rank (integer products, scaled by 1, 1e150, 1e-150) and of matrices whose trailing columns
 *     sit 4x above or 4x below the tolerance after heavy cancellation (the norms that LAPACK's
 *     tol3z test recomputes), at the panel boundaries n = nb - 1, nb, nb + 1, 2 nb + 1 and m < n:
 *     the same rank as the previous unblocked code (norms recomputed at every step, one reflector
 *     at a time) and as built; A P = Q R and Q^H Q = I within the bounds of test_engine_general;
 *     the columns outside the factored block (both sides) as the unblocked code leaves them;
 *   - QR without pivoting, RQ and LQ of a block of rows (applied to all other rows of S), and the
 *     blocked application of the reflectors (gen_unreduce): within rounding of the unblocked code;
 *   - a general pair (full rank through the reduction, and rank deficient) gives bitwise the same
 *     U, V, Z and sigma with 1, 2 and 3 threads.
 * Needs no LAPACK. */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "test/testutil.h"
#include "test/engine_fixtures.h"

#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define NB HZGSVD__DN_NB

static void set_threads(int t)
{
#ifdef _OPENMP
    omp_set_num_threads(t);
#else
    (void)t;
#endif
}

/* ---- precision dispatch --------------------------------------------------------------------- */

static void mm(int cplx, char ta, char tb, int m, int n, int k, double alpha, const double *d, const double *A, int lda,
               const double *B, int ldb, double *C, int ldc)
{
    if (cplx) hzgsvd__z_dn_mm(ta, tb, m, n, k, alpha, d, A, lda, B, ldb, C, ldc);
    else hzgsvd__d_dn_mm(ta, tb, m, n, k, alpha, d, A, lda, B, ldb, C, ldc);
}

static void mm_loops(int cplx, char ta, char tb, int m, int n, int k, double alpha, const double *d, const double *A, int lda,
                     const double *B, int ldb, double *C, int ldc)
{
    if (cplx) hzgsvd__z_dn_mm_loops(ta, tb, m, n, k, alpha, d, A, lda, B, ldb, C, ldc);
    else hzgsvd__d_dn_mm_loops(ta, tb, m, n, k, alpha, d, A, lda, B, ldb, C, ldc);
}

static size_t work_size(int cplx, int srows, int ncols)
{
    return cplx ? hzgsvd__z_dn_work_size(srows, ncols) : hzgsvd__d_dn_work_size(srows, ncols);
}

static int qrcp(int cplx, double *S, int lds, int srows, int row0, int m, int col0, int nc, int lc0, int lc1, int pivot, double tol,
                double *Vr, int ldv, double *tau, double *work)
{
    if (cplx) {
        hzgsvd__z_dn_block B = {S, lds, srows};
        return hzgsvd__z_dn_qrcp(&B, row0, m, col0, nc, lc0, lc1, pivot, tol, Vr, ldv, tau, work);
    }
    hzgsvd__d_dn_block B = {S, lds, srows};
    return hzgsvd__d_dn_qrcp(&B, row0, m, col0, nc, lc0, lc1, pivot, tol, Vr, ldv, tau, work);
}

static void rows_rq_lq(int cplx, int rq, double *S, int lds, int srows, int row0, int r, int col0, int nc, double *work)
{
    if (cplx) {
        hzgsvd__z_dn_block B = {S, lds, srows};
        if (rq) hzgsvd__z_dn_rq(&B, row0, r, col0, nc, work);
        else hzgsvd__z_dn_lq(&B, row0, r, col0, nc, work);
    } else {
        hzgsvd__d_dn_block B = {S, lds, srows};
        if (rq) hzgsvd__d_dn_rq(&B, row0, r, col0, nc, work);
        else hzgsvd__d_dn_lq(&B, row0, r, col0, nc, work);
    }
}

static void unreduce(int cplx, const double *V, int ldv, const double *tau, int t, int m, double *W, int ldw, int ncols, double *work)
{
    hzgsvd__gen_unreduce(cplx ? &hzgsvd__z_dense_prec : &hzgsvd__d_dense_prec, V, ldv, tau, t, m, W, ldw, ncols, work);
}

static double nrm2(int cplx, const double *x, int len) { return cplx ? hzgsvd__z_dn_nrm2(x, len, 1) : hzgsvd__d_dn_nrm2(x, len, 1); }

static void house(int cplx, double *v, int len, int ia, double *tau, double *beta)
{
    if (cplx) hzgsvd__z_dn_house(v, len, ia, tau, beta);
    else hzgsvd__d_dn_house(v, len, ia, tau, beta);
}

static void left(int cplx, const double *v, int len, double tau, double *C, int ldc, int ncols)
{
    if (cplx) hzgsvd__z_dn_left(v, len, tau, C, ldc, ncols);
    else hzgsvd__d_dn_left(v, len, tau, C, ldc, ncols);
}

static void right(int cplx, const double *v, int len, double tau, double *C, int ldc, int nrows, double *tmp)
{
    if (cplx) hzgsvd__z_dn_right(v, len, tau, C, ldc, nrows, tmp);
    else hzgsvd__d_dn_right(v, len, tau, C, ldc, nrows, tmp);
}

#define AT(cplx, S, lds, i, j) ((S) + (size_t)((cplx) ? 2 : 1) * ((size_t)(i) + (size_t)(j) * (size_t)(lds)))

/* ---- the unblocked code the blocked kernels replaced (the reference) ------------------------- */

/* QR with column pivoting, norms recomputed at every step, each reflector applied at once. */
static int old_qrcp(int cplx, double *S, int lds, int srows, int row0, int m, int col0, int nc, int lc0, int lc1, int pivot,
                    double tol, double *Vr, int ldv, double *tau)
{
    const int C = cplx ? 2 : 1, steps = m < nc ? m : nc;
    double *cn = ef_new((size_t)nc + 1);
    int r = 0;
    for (int j = 0; j < steps; ++j) {
        int p = j;
        if (pivot) {
            for (int c = j; c < nc; ++c) cn[c] = nrm2(cplx, AT(cplx, S, lds, row0 + j, col0 + c), m - j);
            for (int c = j + 1; c < nc; ++c)
                if (cn[c] > cn[p]) p = c;
        } else {
            cn[j] = nrm2(cplx, AT(cplx, S, lds, row0 + j, col0 + j), m - j);
        }
        if (!(cn[p] > tol)) break;
        if (p != j) {
            double *a = AT(cplx, S, lds, 0, col0 + j), *b = AT(cplx, S, lds, 0, col0 + p);
            for (size_t i = 0; i < (size_t)C * srows; ++i) { const double t = a[i]; a[i] = b[i]; b[i] = t; }
        }
        double *v = Vr + (size_t)C * j * ldv, beta[2];
        memset(v, 0, sizeof(double) * C * (size_t)j);
        memcpy(v + C * (size_t)j, AT(cplx, S, lds, row0 + j, col0 + j), sizeof(double) * C * (size_t)(m - j));
        house(cplx, v + C * (size_t)j, m - j, 0, &tau[j], beta);
        double *d = AT(cplx, S, lds, row0 + j, col0 + j);
        memset(d, 0, sizeof(double) * C * (size_t)(m - j));
        d[0] = beta[0];
        if (cplx) d[1] = beta[1];
        if (col0 + j + 1 < lc1) left(cplx, v + C * (size_t)j, m - j, tau[j], AT(cplx, S, lds, row0 + j, col0 + j + 1), lds, lc1 - (col0 + j + 1));
        if (lc0 < col0) left(cplx, v + C * (size_t)j, m - j, tau[j], AT(cplx, S, lds, row0 + j, lc0), lds, col0 - lc0);
        r = j + 1;
    }
    for (int c = 0; c < nc; ++c)
        if (m > r) memset(AT(cplx, S, lds, row0 + r, col0 + c), 0, sizeof(double) * C * (size_t)(m - r));
    free(cn);
    return r;
}

/* RQ (rq) or LQ of r rows, one row reflector at a time applied to every other row of S. */
static void old_rows(int cplx, int rq, double *S, int lds, int srows, int row0, int r, int col0, int nc)
{
    const int C = cplx ? 2 : 1;
    double *v = ef_new((size_t)C * nc + 1), *tmp = ef_new((size_t)C * srows + 1);
    for (int q = 0; q < r; ++q) {
        const int i = rq ? r - 1 - q : q, row = row0 + i;
        const int len = rq ? nc - r + i + 1 : nc - i, c0 = rq ? col0 : col0 + i, ia = rq ? len - 1 : 0;
        double tau, beta[2];
        for (int c = 0; c < len; ++c) {
            const double *s = AT(cplx, S, lds, row, c0 + c);
            v[C * c] = s[0];
            if (cplx) v[2 * c + 1] = -s[1];
        }
        house(cplx, v, len, ia, &tau, beta);
        if (row > 0) right(cplx, v, len, tau, AT(cplx, S, lds, 0, c0), lds, row, tmp);
        if (row + 1 < srows) right(cplx, v, len, tau, AT(cplx, S, lds, row + 1, c0), lds, srows - row - 1, tmp);
        for (int c = 0; c < len; ++c) {
            double *s = AT(cplx, S, lds, row, c0 + c);
            s[0] = c == ia ? beta[0] : 0.0;
            if (cplx) s[1] = c == ia ? -beta[1] : 0.0;
        }
    }
    free(v); free(tmp);
}

/* ---- helpers --------------------------------------------------------------------------------- */

static double max_abs_diff(const double *a, const double *b, size_t count)
{
    double w = 0.0;
    for (size_t i = 0; i < count; ++i) w = fmax(w, fabs(a[i] - b[i]));
    return w;
}

static double max_abs(const double *a, size_t count)
{
    double w = 0.0;
    for (size_t i = 0; i < count; ++i) w = fmax(w, fabs(a[i]));
    return w;
}

/* ---- the product ------------------------------------------------------------------------------- */

static void check_mm(tu_rng *rng)
{
    static const int shapes[][3] = {{1, 1, 1}, {3, 2, 5}, {8, 6, 1}, {9, 7, 13}, {4, 12, 300}, {97, 13, 517},
                                    {130, 250, 260}, {25, 1600, 9}, {200, 31, 40}, {33, 33, 33}};
    int bitwise = 1, threads = 1, total = 0;
    double worst = 0.0;
    for (int cplx = 0; cplx < 2; ++cplx)
        for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; ++si)
            for (int op = 0; op < 4; ++op)
                for (int var = 0; var < 2; ++var) {
                    const int m = shapes[si][0], n = shapes[si][1], k = shapes[si][2], C = cplx ? 2 : 1;
                    const char ta = op & 1 ? 'C' : 'N', tb = op & 2 ? 'C' : 'N';
                    const double alpha = var ? -1.0 : 1.0;
                    const int lda = (ta == 'N' ? m : k) + 3, ldb = (tb == 'N' ? k : n) + 2, ldc = m + 1;
                    double *A = ef_new((size_t)C * lda * (ta == 'N' ? k : m)), *B = ef_new((size_t)C * ldb * (tb == 'N' ? n : k));
                    double *C0 = ef_new((size_t)C * ldc * n), *d = var ? ef_new((size_t)m) : NULL;
                    for (size_t i = 0; i < (size_t)C * lda * (ta == 'N' ? k : m); ++i) A[i] = tu_uniform(rng);
                    for (size_t i = 0; i < (size_t)C * ldb * (tb == 'N' ? n : k); ++i) B[i] = tu_uniform(rng);
                    for (size_t i = 0; i < (size_t)C * ldc * n; ++i) C0[i] = tu_uniform(rng);
                    for (int i = 0; i < m && d; ++i) d[i] = 0.5 + tu_uniform(rng);
                    double *C1 = ef_dup(C0, (size_t)C * ldc * n), *C2 = ef_dup(C0, (size_t)C * ldc * n), *C3 = ef_dup(C0, (size_t)C * ldc * n);
                    set_threads(1);
                    mm(cplx, ta, tb, m, n, k, alpha, d, A, lda, B, ldb, C1, ldc);
                    set_threads(2);
                    mm(cplx, ta, tb, m, n, k, alpha, d, A, lda, B, ldb, C2, ldc);
                    mm_loops(cplx, ta, tb, m, n, k, alpha, d, A, lda, B, ldb, C3, ldc);
                    bitwise &= !memcmp(C1, C3, sizeof(double) * C * (size_t)ldc * n);
                    threads &= !memcmp(C1, C2, sizeof(double) * C * (size_t)ldc * n);
                    /* against long double: C0 + alpha diag(d) op(A) op(B) */
                    for (int j = 0; j < n; ++j)
                        for (int i = 0; i < m; ++i) {
                            long double sr = 0.0L, si2 = 0.0L, mag = 0.0L;
                            for (int l = 0; l < k; ++l) {
                                const double *a = ta == 'N' ? AT(cplx, A, lda, i, l) : AT(cplx, A, lda, l, i);
                                const double *b = tb == 'N' ? AT(cplx, B, ldb, l, j) : AT(cplx, B, ldb, j, l);
                                const long double ar = a[0], ai = cplx ? (ta == 'N' ? a[1] : -a[1]) : 0.0;
                                const long double br = b[0], bi = cplx ? (tb == 'N' ? b[1] : -b[1]) : 0.0;
                                sr += ar * br - ai * bi;
                                si2 += ar * bi + ai * br;
                                mag += (fabsl(ar) + fabsl(ai)) * (fabsl(br) + fabsl(bi));
                            }
                            const long double s = alpha * (d ? d[i] : 1.0);
                            const double *c0 = AT(cplx, C0, ldc, i, j), *c1 = AT(cplx, C1, ldc, i, j);
                            const long double er = fabsl(c0[0] + s * sr - c1[0]), ei = cplx ? fabsl(c0[1] + s * si2 - c1[1]) : 0.0L;
                            const long double scale = fabsl(s) * mag + fabs(c0[0]) + (cplx ? fabs(c0[1]) : 0.0) + 1e-300L;
                            worst = fmax(worst, (double)((er + ei) / scale));
                        }
                    ++total;
                    free(A); free(B); free(C0); free(C1); free(C2); free(C3); free(d);
                }
    CHECK(bitwise, "dn_mm: the blocked product differs from its plain loops");
    CHECK(threads, "dn_mm: 1 and 2 threads differ");
    /* each element: k + 1 roundings of fma (complex: 4 per step), relative to |C0| + |a||b| */
    CHECK(worst <= 2.0 * (4 * 600 + 2) * EF_U, "dn_mm: off the long double product by %.2e (relative)", worst);
    printf("  dn_mm: %d products, bitwise = plain loops, 1 = 2 threads, vs long double %.1e\n", total, worst);
}

/* ---- QR with column pivoting ------------------------------------------------------------------- */

/* S = [A; I] (m + n rows, ld lds = m + n), A m x n. */
static double *stack_with_identity(int cplx, int m, int n, const double *A)
{
    const int lds = m + n;
    double *S = ef_new(ef_size(cplx, lds, n));
    for (int j = 0; j < n; ++j) {
        memcpy(AT(cplx, S, lds, 0, j), AT(cplx, A, m, 0, j), sizeof(double) * (cplx ? 2 : 1) * (size_t)m);
        AT(cplx, S, lds, m + j, j)[0] = 1.0;
    }
    return S;
}

/* ||A P - Q R||_F / ||A||_F and ||Q^H Q - I||_F after dn_qrcp of S = [A; I] (rank r; Q from the
 * reflectors applied to R and to the identity). */
static void qr_quality(int cplx, int m, int n, const double *A, const double *S, const double *Vr, const double *tau, int r,
                       double *resid, double *orth)
{
    const int lds = m + n, C = cplx ? 2 : 1;
    double *QR = ef_new(ef_size(cplx, m, n)), *Q = ef_new(ef_size(cplx, m, m)), *AP = ef_new(ef_size(cplx, m, n));
    double *work = ef_new(work_size(cplx, m, m > n ? m : n));
    for (int j = 0; j < n; ++j) memcpy(AT(cplx, QR, m, 0, j), AT(cplx, S, lds, 0, j), sizeof(double) * C * (size_t)m);
    unreduce(cplx, Vr, m, tau, r, m, QR, m, n, work);
    for (int j = 0; j < m; ++j) AT(cplx, Q, m, j, j)[0] = 1.0;
    unreduce(cplx, Vr, m, tau, r, m, Q, m, m, work);
    ef_gemm(cplx, 0, m, n, n, A, m, AT(cplx, S, lds, m, 0), lds, AP, m);   /* A P (P: the identity rows, permuted) */
    long double d2 = 0.0L;
    for (size_t i = 0; i < (size_t)C * m * n; ++i) d2 += ((long double)QR[i] - AP[i]) * ((long double)QR[i] - AP[i]);
    *resid = (double)(sqrtl(d2) / ef_fnorm(cplx, m, n, A, m));
    *orth = ef_orth_err(cplx, m, m, Q, m);
    free(QR); free(Q); free(AP); free(work);
}

typedef struct qcase {
    int m, n, r;   /* rows, columns, rank of the big part */
    int kind;      /* 0: an integer product of rank r; 1: r big columns, then combinations of them plus
                    * orthogonal parts of 4 tol (and of tol / 4 for every third); 2: as 1 with parts of
                    * 100 tol and tol / 100, the later columns mixed by two reflectors from the right */
} qcase;

/* The test matrix (m x n, ld m) and its expected rank for tolerance tol (scale s applied to both). */
static double *make_qcase(tu_rng *rng, int cplx, const qcase *q, double s, double *tol, int *expect)
{
    const int m = q->m, n = q->n, r = q->r;
    double *A = ef_new(ef_size(cplx, m, n));
    if (q->kind == 0) {   /* exactly rank r: small integers, products exact */
        double *B1 = ef_new(ef_size(cplx, m, r)), *B2 = ef_new(ef_size(cplx, r, n));
        for (size_t i = 0; i < ef_size(cplx, m, r); ++i) B1[i] = (double)((int)(tu_next(rng) % 7) - 3);
        for (size_t i = 0; i < ef_size(cplx, r, n); ++i) B2[i] = (double)((int)(tu_next(rng) % 7) - 3);
        ef_gemm(cplx, 0, m, n, r, B1, m, B2, r, A, m);
        free(B1); free(B2);
        double n1 = 0.0;
        for (int j = 0; j < n; ++j) {
            double cs = 0.0;
            for (int i = 0; i < m; ++i) cs += hypot(ef_re(cplx, A, m, i, j), ef_im(cplx, A, m, i, j));
            n1 = fmax(n1, cs);
        }
        *tol = (double)(m > n ? m : n) * n1 * 0x1p-52;   /* the reduction's rule */
        /* an integer matrix of rank r: generically rank r (checked by the unblocked code as well) */
        *expect = r;
    } else {   /* M = [R11 (10 I + small), R11 X + E], E diagonal in rows r.. (kind 1: 4 tol or tol / 4; kind 2:
                * 100 tol or tol / 100, E's columns mixed); A = H3 H2 H1 M */
        *tol = 1e-10;
        double *M = ef_new(ef_size(cplx, m, n));
        for (int j = 0; j < r; ++j)
            for (int i = 0; i <= j; ++i) ef_set(cplx, M, m, i, j, (i == j ? 10.0 : 0.0) + 0.5 * tu_uniform(rng), cplx && i < j ? 0.5 * tu_uniform(rng) : 0.0);
        int big = 0;
        for (int j = r; j < n; ++j) {
            double *x = ef_new(ef_size(cplx, r > 0 ? r : 1, 1));
            for (int i = 0; i < r; ++i) ef_set(cplx, x, r, i, 0, 0.1 * tu_uniform(rng) / sqrt((double)r), cplx ? 0.1 * tu_uniform(rng) / sqrt((double)r) : 0.0);
            if (r > 0) ef_gemm(cplx, 0, r, 1, r, M, m, x, r, AT(cplx, M, m, 0, j), m);
            const int i = r + (j - r);
            if (i < m) {
                const double g = (j - r) % 3 == 2 ? (q->kind == 2 ? 0.01 : 0.25) : (q->kind == 2 ? 100.0 : 4.0);
                big += g > 1.0;
                ef_set(cplx, M, m, i, j, g * *tol, 0.0);
            }
            free(x);
        }
        /* kind 2: two random reflectors on the right on columns r.. (the row vector w of each row:
         * w -= 2 (w v) v^H / (v^H v)); then three on the left; in long double, rounded once */
        long double *W = (long double *)calloc(ef_size(cplx, m, n), sizeof(long double));
        for (size_t i = 0; i < ef_size(cplx, m, n); ++i) W[i] = M[i];
        for (int h = 0; h < (q->kind == 2 ? 2 : 0) && n - r > 1; ++h) {
            const int nr_ = n - r, C = cplx ? 2 : 1;
            long double *v = (long double *)calloc((size_t)C * nr_, sizeof(long double)), vv = 0.0L;
            for (int i = 0; i < C * nr_; ++i) { v[i] = tu_uniform(rng); vv += v[i] * v[i]; }
            for (int i = 0; i < m; ++i) {
                long double sr = 0.0L, si = 0.0L;   /* w v */
                for (int c = 0; c < nr_; ++c) {
                    const long double *w = W + (size_t)C * (i + (size_t)(r + c) * m), vr = v[C * c], vi = cplx ? v[2 * c + 1] : 0.0L;
                    const long double wr = w[0], wi = cplx ? w[1] : 0.0L;
                    sr += wr * vr - wi * vi;
                    si += wr * vi + wi * vr;
                }
                for (int c = 0; c < nr_; ++c) {   /* w_c -= 2 (w v) conj(v_c) / vv */
                    long double *w = W + (size_t)C * (i + (size_t)(r + c) * m);
                    const long double vr = v[C * c], vi = cplx ? -v[2 * c + 1] : 0.0L;
                    w[0] -= 2.0L * (sr * vr - si * vi) / vv;
                    if (cplx) w[1] -= 2.0L * (sr * vi + si * vr) / vv;
                }
            }
            free(v);
        }
        for (int h = 0; h < 3; ++h) {
            long double *v = (long double *)calloc((size_t)(cplx ? 2 : 1) * m, sizeof(long double)), vv = 0.0L;
            for (int i = 0; i < (cplx ? 2 : 1) * m; ++i) { v[i] = tu_uniform(rng); vv += v[i] * v[i]; }
            for (int j = 0; j < n; ++j) {   /* w -= 2 v (v^H w) / (v^H v) */
                long double sr = 0.0L, si = 0.0L;
                for (int i = 0; i < m; ++i) {
                    const long double vr = v[(cplx ? 2 : 1) * i], vi = cplx ? v[2 * i + 1] : 0.0L;
                    const long double wr = W[(size_t)(cplx ? 2 : 1) * (i + (size_t)j * m)], wi = cplx ? W[2 * (i + (size_t)j * m) + 1] : 0.0L;
                    sr += vr * wr + vi * wi;
                    si += vr * wi - vi * wr;
                }
                for (int i = 0; i < m; ++i) {
                    const long double vr = v[(cplx ? 2 : 1) * i], vi = cplx ? v[2 * i + 1] : 0.0L;
                    W[(size_t)(cplx ? 2 : 1) * (i + (size_t)j * m)] -= 2.0L * (vr * sr - vi * si) / vv;
                    if (cplx) W[2 * (i + (size_t)j * m) + 1] -= 2.0L * (vr * si + vi * sr) / vv;
                }
            }
            free(v);
        }
        for (size_t i = 0; i < ef_size(cplx, m, n); ++i) A[i] = (double)W[i];
        free(W); free(M);
        *expect = r + big;
    }
    for (size_t i = 0; i < ef_size(cplx, m, n); ++i) A[i] *= s;
    *tol *= s;
    return A;
}

static void check_qrcp(tu_rng *rng)
{
    const qcase cases[] = {
        {40, NB - 1, 10, 0}, {40, NB, NB, 0}, {50, NB + 1, 20, 0}, {70, 2 * NB + 1, 40, 0}, {20, 2 * NB + 1, 20, 0},
        {2 * NB + 1, 2 * NB + 1, 2 * NB, 0}, {100, 97, 97, 0}, {12, NB + 1, 7, 0},
        {40, NB - 1, 10, 1}, {60, NB, 12, 1}, {60, NB + 1, NB - 3, 1}, {90, 2 * NB + 1, 20, 1}, {40, 2 * NB + 1, 5, 1},
        {3 * NB + 5, 3 * NB + 2, 2 * NB + 3, 1},
        {40, NB - 1, 10, 2}, {60, NB, 12, 2}, {60, NB + 1, NB - 3, 2}, {90, 2 * NB + 1, 20, 2}, {40, 2 * NB + 1, 5, 2},
        {3 * NB + 5, 3 * NB + 2, 2 * NB + 3, 2}, {5 * NB, 4 * NB + 1, NB + 2, 2},
    };
    static const double scales[] = {1.0, 1e150, 1e-150};
    int agree = 0, asbuilt = 0, total = 0, order = 0, ordered = 0;
    double wres = 0.0, worth = 0.0;
    for (int cplx = 0; cplx < 2; ++cplx)
        for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ++ci)
            for (int si = 0; si < 3; ++si) {
                const qcase *q = &cases[ci];
                const int m = q->m, n = q->n, lds = m + n;
                double tol;
                int expect;
                double *A = make_qcase(rng, cplx, q, scales[si], &tol, &expect);
                double *S = stack_with_identity(cplx, m, n, A), *S0 = ef_dup(S, ef_size(cplx, lds, n));
                double *Vr = ef_new(ef_size(cplx, m, n)), *tau = ef_new((size_t)n), *work = ef_new(work_size(cplx, lds, n));
                double *Vo = ef_new(ef_size(cplx, m, n)), *tauo = ef_new((size_t)n);
                const int r = qrcp(cplx, S, lds, lds, 0, m, 0, n, 0, n, 1, tol, Vr, m, tau, work);
                const int ro = old_qrcp(cplx, S0, lds, lds, 0, m, 0, n, 0, n, 1, tol, Vo, m, tauo);
                double res, orth;
                qr_quality(cplx, m, n, A, S, Vr, tau, r, &res, &orth);
                /* the trailing part below tol is dropped: its size is at most sqrt(n) tol */
                const double bres = 64.0 * (m > n ? m : n) * EF_U + sqrt((double)n) * tol / (double)ef_fnorm(cplx, m, n, A, m);
                CHECK(r == ro, "%s qrcp %d x %d (kind %d, rank %d, scale %g): blocked rank %d, unblocked %d", cplx ? "z" : "d", m, n,
                      q->kind, q->r, scales[si], r, ro);
                CHECK(r == expect, "%s qrcp %d x %d (kind %d, scale %g): rank %d, built %d", cplx ? "z" : "d", m, n, q->kind, scales[si], r, expect);
                CHECK(res <= bres && orth <= 32.0 * m * EF_U, "%s qrcp %d x %d (kind %d, scale %g): A P - Q R %.2e (bound %.2e), Q^H Q - I %.2e",
                      cplx ? "z" : "d", m, n, q->kind, scales[si], res, bres, orth);
                agree += r == ro; asbuilt += r == expect; ++total;
                if (q->kind != 0) {   /* the leading pivots whose norms are distinct (kind 1: the r big ones;
                                       * kind 2: also those of 100 tol, mixed): the unblocked code's */
                    int same = 1;
                    const int lead = q->kind == 2 ? expect : q->r;
                    for (int j = 0; j < lead && j < r && j < ro; ++j)
                        for (int i = 0; i < n; ++i)
                            same &= (AT(cplx, S, lds, m + i, j)[0] == 1.0) == (AT(cplx, S0, lds, m + i, j)[0] == 1.0);
                    CHECK(same, "%s qrcp %d x %d (kind %d, scale %g): the leading pivots differ from the unblocked code's", cplx ? "z" : "d",
                          m, n, q->kind, scales[si]);
                    order += same; ++ordered;
                }
                wres = fmax(wres, res); worth = fmax(worth, orth);
                free(A); free(S); free(S0); free(Vr); free(tau); free(work); free(Vo); free(tauo);
            }
    printf("  qrcp: %d matrices, rank = unblocked code's in %d, = built in %d, leading pivots = unblocked code's in %d of %d;\n"
           "        A P - Q R <= %.1e, Q^H Q - I <= %.1e\n", total, agree, asbuilt, order, ordered, wres, worth);
}

/* The block in the middle of S's columns, reflectors on the columns at both sides too (as the
 * reduction's steps B and C use it): pivoted and not, against the unblocked code. */
static void check_qrcp_outside(tu_rng *rng)
{
    static const int sizes[][4] = {{50, 10, NB + 1, 7}, {30, 3, 2 * NB + 1, 5}, {80, 0, 70, 9}, {20, 5, NB, 0}};
    double worst = 0.0;
    int ranks = 1;
    for (int cplx = 0; cplx < 2; ++cplx)
        for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; ++si)
            for (int pivot = 0; pivot < 2; ++pivot) {
                const int m = sizes[si][0], left = sizes[si][1], nc = sizes[si][2], right_ = sizes[si][3], n = left + nc + right_;
                const int srows = m + 7, C = cplx ? 2 : 1;
                double *S = ef_new(ef_size(cplx, srows, n));
                ef_randmat(rng, cplx, srows, n, S, srows);
                double *S0 = ef_dup(S, ef_size(cplx, srows, n));
                double *Vr = ef_new(ef_size(cplx, m, nc)), *tau = ef_new((size_t)nc), *work = ef_new(work_size(cplx, srows, n));
                double *Vo = ef_new(ef_size(cplx, m, nc)), *tauo = ef_new((size_t)nc);
                const int r = qrcp(cplx, S, srows, srows, 3, m, left, nc, 0, n, pivot, pivot ? 1e-3 : -1.0, Vr, m, tau, work);
                const int ro = old_qrcp(cplx, S0, srows, srows, 3, m, left, nc, 0, n, pivot, pivot ? 1e-3 : -1.0, Vo, m, tauo);
                ranks &= r == ro;
                worst = fmax(worst, max_abs_diff(S, S0, (size_t)C * srows * n) / max_abs(S0, (size_t)C * srows * n));
                free(S); free(S0); free(Vr); free(tau); free(work); free(Vo); free(tauo);
            }
    CHECK(ranks, "qrcp with columns outside the block: a rank differs from the unblocked code's");
    CHECK(worst <= 1e-13, "qrcp with columns outside the block: S differs from the unblocked code's by %.2e (relative)", worst);
    printf("  qrcp, columns outside the block (pivoted and not): vs unblocked %.1e\n", worst);
}

/* ---- RQ, LQ and the blocked application of the reflectors --------------------------------------- */

static void check_rows(tu_rng *rng)
{
    static const int sizes[][4] = {{NB - 1, NB + 4, 9, 20}, {NB, NB, 0, 30}, {NB + 1, 50, 5, 11}, {2 * NB + 1, 2 * NB + 1, 40, 3}, {7, 90, 2, 100}};
    double worst = 0.0, zeros = 0.0;
    for (int cplx = 0; cplx < 2; ++cplx)
        for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; ++si)
            for (int rq = 0; rq < 2; ++rq) {
                const int r = sizes[si][0], nc = sizes[si][1], row0 = sizes[si][2], after = sizes[si][3];
                const int srows = row0 + r + after, col0 = 2, n = nc + 4, C = cplx ? 2 : 1;
                double *S = ef_new(ef_size(cplx, srows, n));
                ef_randmat(rng, cplx, srows, n, S, srows);
                double *S0 = ef_dup(S, ef_size(cplx, srows, n)), *work = ef_new(work_size(cplx, srows, nc));
                rows_rq_lq(cplx, rq, S, srows, srows, row0, r, col0, nc, work);
                old_rows(cplx, rq, S0, srows, srows, row0, r, col0, nc);
                worst = fmax(worst, max_abs_diff(S, S0, (size_t)C * srows * n) / max_abs(S0, (size_t)C * srows * n));
                for (int i = 0; i < r; ++i)   /* the triangle: exact zeros off it */
                    for (int c = 0; c < nc; ++c) {
                        const int keep = rq ? c >= nc - r + i : c <= i;
                        if (!keep) zeros = fmax(zeros, fabs(AT(cplx, S, srows, row0 + i, col0 + c)[0]) + (cplx ? fabs(AT(cplx, S, srows, row0 + i, col0 + c)[1]) : 0.0));
                    }
                free(S); free(S0); free(work);
            }
    CHECK(worst <= 1e-13, "RQ/LQ: blocked differs from unblocked by %.2e (relative)", worst);
    CHECK(zeros == 0.0, "RQ/LQ: nonzero %.2e off the triangle", zeros);
    printf("  RQ, LQ: vs unblocked %.1e\n", worst);
}

static void check_unreduce(tu_rng *rng)
{
    static const int sizes[][3] = {{40, NB - 1, 20}, {70, NB + 1, 70}, {2 * NB + 1, 2 * NB + 1, 2 * NB + 1}, {100, 3 * NB, 7}};
    double worst = 0.0;
    for (int cplx = 0; cplx < 2; ++cplx)
        for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; ++si) {
            const int m = sizes[si][0], t = sizes[si][1], ncols = sizes[si][2], C = cplx ? 2 : 1;
            double *A = ef_new(ef_size(cplx, m, t)), *Vr = ef_new(ef_size(cplx, m, t)), *tau = ef_new((size_t)t);
            double *work = ef_new(work_size(cplx, m, m > ncols ? m : ncols));
            ef_randmat(rng, cplx, m, t, A, m);
            (void)qrcp(cplx, A, m, m, 0, m, 0, t, 0, t, 0, -1.0, Vr, m, tau, work);
            double *W = ef_new(ef_size(cplx, m, ncols));
            ef_randmat(rng, cplx, m, ncols, W, m);
            double *W0 = ef_dup(W, ef_size(cplx, m, ncols));
            unreduce(cplx, Vr, m, tau, t, m, W, m, ncols, work);
            for (int q = t - 1; q >= 0; --q) left(cplx, Vr + (size_t)C * q * m, m, tau[q], W0, m, ncols);
            worst = fmax(worst, max_abs_diff(W, W0, (size_t)C * m * ncols) / max_abs(W0, (size_t)C * m * ncols));
            free(A); free(Vr); free(tau); free(work); free(W); free(W0);
        }
    CHECK(worst <= 1e-13, "gen_unreduce: blocked differs from one reflector at a time by %.2e (relative)", worst);
    printf("  gen_unreduce: vs unblocked %.1e\n", worst);
}

/* ---- the whole reduction: the same bits for any thread count ---------------------------------- */

static void check_threads(tu_rng *rng)
{
    static const int cases[][5] = {{220, 200, 190, 190, 190}, {90, 74, 75, 40, 74}, {60, 50, 70, 30, 45}};
    int same = 1, ok = 1, total = 0;
    for (int cplx = 0; cplx < 2; ++cplx)
        for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ++ci) {
            const int m_f = cases[ci][0], m_g = cases[ci][1], n = cases[ci][2], rf = cases[ci][3], rg = cases[ci][4];
            double *F = ef_new(ef_size(cplx, m_f, n)), *G = ef_new(ef_size(cplx, m_g, n));
            double *B1 = ef_new(ef_size(cplx, m_f > m_g ? m_f : m_g, n)), *B2 = ef_new(ef_size(cplx, n, n));
            ef_randmat(rng, cplx, m_f, rf, B1, m_f); ef_randmat(rng, cplx, rf, n, B2, rf);
            ef_gemm(cplx, 0, m_f, n, rf, B1, m_f, B2, rf, F, m_f);
            ef_randmat(rng, cplx, m_g, rg, B1, m_g); ef_randmat(rng, cplx, rg, n, B2, rg);
            ef_gemm(cplx, 0, m_g, n, rg, B1, m_g, B2, rg, G, m_g);
            hzgsvd_options o = hzgsvd_default_options();
            o.preprocess = 1;
            ef_run run[3];
            for (int t = 0; t < 3; ++t) {
                set_threads(t + 1);
                run[t] = ef_solve(cplx, m_f, m_g, n, F, G, &o);
                ok &= run[t].st == HZGSVD_SUCCESS;
            }
            for (int t = 1; t < 3; ++t)
                same &= !memcmp(run[t].U, run[0].U, sizeof(double) * ef_size(cplx, m_f, n)) &&
                        !memcmp(run[t].V, run[0].V, sizeof(double) * ef_size(cplx, m_g, n)) &&
                        !memcmp(run[t].Z, run[0].Z, sizeof(double) * ef_size(cplx, n, n)) &&
                        !memcmp(run[t].s, run[0].s, sizeof(double) * (size_t)n) && run[t].info.rank_k == run[0].info.rank_k &&
                        run[t].info.rank_l == run[0].info.rank_l;
            for (int t = 0; t < 3; ++t) ef_run_free(&run[t]);
            free(F); free(G); free(B1); free(B2);
            ++total;
        }
    set_threads(2);
    CHECK(ok, "a general pair failed");
    CHECK(same, "a general pair gives other bits with 1, 2 or 3 threads");
    printf("  %d general pairs: the same bits with 1, 2 and 3 threads\n", total);
}

int main(void)
{
    tu_start("test_reduction");
    tu_rng rng = {20261124u};
    check_mm(&rng);
    check_qrcp(&rng);
    check_qrcp_outside(&rng);
    check_rows(&rng);
    check_unreduce(&rng);
    check_threads(&rng);
    return tu_finish();
}
