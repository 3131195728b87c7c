/* hzgsvd_check -- error checker for a GSVD computed by hzgsvd.
 *
 *   build/hzgsvd_check F.npy G.npy OUTDIR [--ref sigma_ref.npy] [--json]
 *   build/hzgsvd_check --npy-info FILE            (prints "rows cols complex"; exit 3 on error)
 *
 * Reads the original F (M x N), G (P x N) and OUTDIR/U.npy (M x N), V.npy (P x N), Z.npy (N x N),
 * sigma_f.npy, sigma_g.npy, sigma.npy (length N, real); U, V, Z real or complex like F.
 * Everything below is computed in long double:
 *   X = Z^-1 by LU with complete pivoting,
 *   res_F  = ||F - U diag(sigma_f) X||_F / ||F||_F,   res_G = ||G - V diag(sigma_g) X||_F / ||G||_F,
 *   orth_U = ||U^H U - I||_F, orth_U_max = max |U^H U - I|, and the same for V,
 *   sfsg_max = max |sigma_f^2 + sigma_g^2 - 1|,
 *   sigma_ratio_max = max |sigma - sigma_f/sigma_g| / (sigma_f/sigma_g),
 *   sigma_sorted = 1 if sigma is in descending order, sigma_max and sigma_min its extremes,
 *   cond_Z = ||Z||_F ||Z^-1||_F,
 *   with --ref: sigma_err_max, sigma_err_mean = max and mean of |sigma_i - ref_i| / ref_i, both sorted
 *   descending first, and ref_max, ref_min the extremes of the reference.
 * Prints one line "key=value ..." or, with --json, one JSON object with the same keys (plus n, m_f,
 * m_g, complex); non-finite values print as nan/inf in text and null in JSON.
 * Exit status: 0 computed; 2 usage; 3 missing/unreadable file; 4 shapes or types do not match;
 * 5 Z singular or not finite (the other metrics are still printed, res_F/res_G/cond_Z as nan);
 * 1 out of memory.
 */
#define _POSIX_C_SOURCE 200809L
#include "tools/cli/npy.h"
#include "tools/common/tools_fs.h"   /* tools_join_path */
#include "generated/hzgsvd_core.h"   /* HZGSVD_VERSION_STRING */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef long double ld;

#define EXIT_USAGE 2
#define EXIT_IO 3
#define EXIT_SHAPE 4
#define EXIT_NUMERIC 5
#define EXIT_MEM 1

static const char *prog = "hzgsvd_check";

static void usage(FILE *to)
{
    fprintf(to,
            "usage: %s F.npy G.npy OUTDIR [--ref sigma_ref.npy] [--json]\n"
            "       %s --npy-info FILE\n"
            "       %s --help | --version\n"
            "  OUTDIR holds U.npy, V.npy, Z.npy, sigma_f.npy, sigma_g.npy, sigma.npy (from hzgsvd).\n",
            prog, prog, prog);
}

/* --help: the usage and what every printed metric means. */
static void help(FILE *to)
{
    usage(to);
    fprintf(to,
            "\n"
            "Measures a GSVD F Z = U diag(sigma_f), G Z = V diag(sigma_g) in long double (X = Z^-1 by LU\n"
            "with complete pivoting) and prints one line of key=value pairs (--json: one JSON object with\n"
            "the same keys; non-finite values print as nan/inf, null in JSON).  ||.||_F is the Frobenius\n"
            "norm, ^H the conjugate transpose, u = 2^-53 (about 1.1e-16) the unit roundoff of double.\n"
            "\n"
            "  res_F            ||F - U diag(sigma_f) X||_F / ||F||_F: how well the result reproduces F\n"
            "                   (backward error; a small multiple of sqrt(n) u times cond_Z is expected)\n"
            "  res_G            the same for G: ||G - V diag(sigma_g) X||_F / ||G||_F\n"
            "  orth_U           ||U^H U - I||_F: how far U is from orthonormal columns\n"
            "  orth_V           ||V^H V - I||_F, the same for V\n"
            "  orth_U_max       max |(U^H U - I)_ij|: the worst single entry of U^H U - I\n"
            "  orth_V_max       the same for V\n"
            "  sfsg_max         max |sigma_f^2 + sigma_g^2 - 1|: the normalisation of each pair\n"
            "  sigma_ratio_max  max |sigma - sigma_f/sigma_g| / (sigma_f/sigma_g): sigma.npy agrees with\n"
            "                   the quotient of sigma_f.npy and sigma_g.npy\n"
            "  sigma_err_max    (--ref only) max |sigma_i - ref_i| / ref_i, both sorted descending: the\n"
            "                   relative error of sigma against a reference (e.g. from hzgsvd_ref)\n"
            "  sigma_err_mean   (--ref only) the mean of the same relative errors\n"
            "  sigma_max        the largest sigma\n"
            "  sigma_min        the smallest sigma\n"
            "  ref_max, ref_min (--ref only) the extremes of the reference\n"
            "  sigma_sorted     1 if sigma.npy is in descending order, else 0\n"
            "  cond_Z           ||Z||_F ||Z^-1||_F: the condition of Z (bounds how much res_F and res_G\n"
            "                   may exceed the engine's own rounding)\n"
            "  n, m_f, m_g      columns, rows of F, rows of G\n"
            "  complex          1 for a complex pair, 0 for a real one\n"
            "\n"
            "--npy-info FILE prints \"rows cols complex\" of a .npy file.\n"
            "\n"
            "Exit status: 0 computed; 2 usage; 3 missing or unreadable file; 4 shapes or types do not\n"
            "match; 5 Z singular or not finite (the other metrics are still printed, res_F, res_G and\n"
            "cond_Z as nan); 1 out of memory.\n");
}

/* ---- LU with complete pivoting and the inverse ------------------------------------------- */

/* A (n x n, long double, column major; complex: interleaved) is overwritten by L\U of P A Q.
 * rp[k], cq[k]: the row and column swapped with k at step k.  Returns 0, or -1 if singular. */
static int lu_complete(int cplx, size_t n, ld *A, size_t *rp, size_t *cq, ld *colmax, size_t *colarg)
{
    const size_t per = cplx ? 2 : 1;
    for (size_t k = 0; k < n; ++k) {
        const long long lo = (long long)k, hi = (long long)n;
        /* pivot search: the largest modulus in the trailing block (squared modulus for complex) */
#pragma omp parallel for schedule(static) if (hi - lo > 128)
        for (long long jj = lo; jj < hi; ++jj) {
            const size_t j = (size_t)jj;
            const ld *c = A + per * j * n;
            ld best = -1.0L;
            size_t arg = k;
            for (size_t i = k; i < n; ++i) {
                ld v;
                if (cplx) v = c[2 * i] * c[2 * i] + c[2 * i + 1] * c[2 * i + 1];
                else v = fabsl(c[i]);
                if (v > best) {
                    best = v;
                    arg = i;
                }
            }
            colmax[j] = best;
            colarg[j] = arg;
        }
        ld best = -1.0L;
        size_t p = k, q = k;
        for (size_t j = k; j < n; ++j)
            if (colmax[j] > best) {
                best = colmax[j];
                q = j;
                p = colarg[j];
            }
        if (!(best > 0.0L) || !isfinite(best)) return -1;
        rp[k] = p;
        cq[k] = q;
        if (p != k)
            for (size_t j = 0; j < n; ++j)
                for (size_t t = 0; t < per; ++t) {
                    ld tmp = A[per * (k + j * n) + t];
                    A[per * (k + j * n) + t] = A[per * (p + j * n) + t];
                    A[per * (p + j * n) + t] = tmp;
                }
        if (q != k)
            for (size_t i = 0; i < per * n; ++i) {
                ld tmp = A[per * k * n + i];
                A[per * k * n + i] = A[per * q * n + i];
                A[per * q * n + i] = tmp;
            }
        ld *ck = A + per * k * n;
        if (cplx) {
            const ld pr = ck[2 * k], pi = ck[2 * k + 1], den = pr * pr + pi * pi;
            const ld ir = pr / den, ii = -pi / den;
            for (size_t i = k + 1; i < n; ++i) {
                const ld xr = ck[2 * i], xi = ck[2 * i + 1];
                ck[2 * i] = xr * ir - xi * ii;
                ck[2 * i + 1] = xr * ii + xi * ir;
            }
        } else {
            const ld piv = ck[k];
            for (size_t i = k + 1; i < n; ++i) ck[i] /= piv;
        }
#pragma omp parallel for schedule(static) if (hi - lo > 128)
        for (long long jj = lo + 1; jj < hi; ++jj) {
            const size_t j = (size_t)jj;
            ld *cj = A + per * j * n;
            if (cplx) {
                const ld ur = cj[2 * k], ui = cj[2 * k + 1];
                if (ur == 0.0L && ui == 0.0L) continue;
                for (size_t i = k + 1; i < n; ++i) {
                    const ld lr = ck[2 * i], li = ck[2 * i + 1];
                    cj[2 * i] -= lr * ur - li * ui;
                    cj[2 * i + 1] -= lr * ui + li * ur;
                }
            } else {
                const ld u = cj[k];
                if (u == 0.0L) continue;
                for (size_t i = k + 1; i < n; ++i) cj[i] -= ck[i] * u;
            }
        }
    }
    return 0;
}

/* X = Z^-1 from the factors: (P Z Q) w = P e_j, x_j = Q w.  The factors are first copied to row
 * major, so both triangular solves run as dot products over contiguous memory (x87 long double
 * stores are slow; loads are not).  Returns -1 if out of memory. */
static int lu_inverse(int cplx, size_t n, const ld *LU, const size_t *rp, const size_t *cq, ld *X)
{
    const size_t per = cplx ? 2 : 1;
    ld *T = malloc(per * n * n * sizeof(ld));
    if (!T) return -1;
    const long long nn = (long long)n;
#pragma omp parallel for schedule(static)
    for (long long ii = 0; ii < nn; ++ii) {
        const size_t i = (size_t)ii;
        for (size_t k = 0; k < n; ++k)
            for (size_t t = 0; t < per; ++t) T[per * (i * n + k) + t] = LU[per * (i + k * n) + t];
    }
    /* P applied to e_j puts the 1 at position pos[j] */
    size_t *pos = malloc(n * sizeof(size_t));
    if (!pos) {
        free(T);
        return -1;
    }
    for (size_t j = 0; j < n; ++j) pos[j] = j;
    for (size_t k = 0; k < n; ++k) {
        /* swapping rows k and rp[k] moves whatever sits there */
        const size_t p = rp[k];
        if (p == k) continue;
        for (size_t j = 0; j < n; ++j) {
            if (pos[j] == k) pos[j] = p;
            else if (pos[j] == p) pos[j] = k;
        }
    }
#pragma omp parallel for schedule(dynamic, 4)
    for (long long jj = 0; jj < nn; ++jj) {
        const size_t j = (size_t)jj;
        ld *b = X + per * j * n;
        for (size_t i = 0; i < per * n; ++i) b[i] = 0.0L;
        const size_t first = pos[j];
        b[per * first] = 1.0L;
        /* forward, unit lower L: y_i = b_i - sum_{first <= k < i} L[i,k] y_k */
        for (size_t i = first + 1; i < n; ++i) {
            const ld *l = T + per * i * n;
            if (cplx) {
                ld sr = 0.0L, si = 0.0L;
                for (size_t k = first; k < i; ++k) {
                    const ld lr = l[2 * k], li = l[2 * k + 1], yr = b[2 * k], yi = b[2 * k + 1];
                    sr += lr * yr - li * yi;
                    si += lr * yi + li * yr;
                }
                b[2 * i] -= sr;
                b[2 * i + 1] -= si;
            } else {
                ld s0 = 0.0L, s1 = 0.0L;
                size_t k = first;
                for (; k + 1 < i; k += 2) {
                    s0 += l[k] * b[k];
                    s1 += l[k + 1] * b[k + 1];
                }
                if (k < i) s0 += l[k] * b[k];
                b[i] -= s0 + s1;
            }
        }
        /* backward, upper U: w_k = (y_k - sum_{i > k} U[k,i] w_i) / U[k,k] */
        for (size_t kk = n; kk-- > 0;) {
            const ld *u = T + per * kk * n;
            if (cplx) {
                ld sr = 0.0L, si = 0.0L;
                for (size_t i = kk + 1; i < n; ++i) {
                    const ld ur = u[2 * i], ui = u[2 * i + 1], wr = b[2 * i], wi = b[2 * i + 1];
                    sr += ur * wr - ui * wi;
                    si += ur * wi + ui * wr;
                }
                const ld xr = b[2 * kk] - sr, xi = b[2 * kk + 1] - si;
                const ld pr = u[2 * kk], pi = u[2 * kk + 1], den = pr * pr + pi * pi;
                b[2 * kk] = (xr * pr + xi * pi) / den;
                b[2 * kk + 1] = (xi * pr - xr * pi) / den;
            } else {
                ld s0 = 0.0L, s1 = 0.0L;
                size_t i = kk + 1;
                for (; i + 1 < n; i += 2) {
                    s0 += u[i] * b[i];
                    s1 += u[i + 1] * b[i + 1];
                }
                if (i < n) s0 += u[i] * b[i];
                b[kk] = (b[kk] - (s0 + s1)) / u[kk];
            }
        }
        /* column swaps, undone in reverse order */
        for (size_t kk = n; kk-- > 0;) {
            const size_t q = cq[kk];
            if (q != kk)
                for (size_t t = 0; t < per; ++t) {
                    ld tmp = b[per * kk + t];
                    b[per * kk + t] = b[per * q + t];
                    b[per * q + t] = tmp;
                }
        }
    }
    free(pos);
    free(T);
    return 0;
}

/* ---- metrics ------------------------------------------------------------------------------ */

static ld fro2(const npy_matrix *A)
{
    const size_t cnt = A->rows * A->cols * (A->is_complex ? 2 : 1);
    ld s = 0.0L;
    for (size_t i = 0; i < cnt; ++i) s += (ld)A->data[i] * (ld)A->data[i];
    return s;
}

/* ||A - W diag(s) X||_F^2 with A (m x n) double, W (m x n) double, s (n), X (n x n) long double.
 * W is transposed first, so that each entry is a dot product over contiguous memory. */
static int residual2(int cplx, size_t m, size_t n, const double *A, const double *W, const double *s, const ld *X, ld *out)
{
    const size_t per = cplx ? 2 : 1;
    ld *colsum = malloc(n * sizeof(ld));
    double *Wt = malloc(per * m * n * sizeof(double));
    if (!colsum || !Wt) {
        free(colsum);
        free(Wt);
        return -1;
    }
    const long long mm = (long long)m, nn = (long long)n;
#pragma omp parallel for schedule(static)
    for (long long ii = 0; ii < mm; ++ii) {
        const size_t i = (size_t)ii;
        for (size_t l = 0; l < n; ++l)
            for (size_t t = 0; t < per; ++t) Wt[per * (l + i * n) + t] = W[per * (i + l * m) + t];
    }
    int fail = 0;
#pragma omp parallel
    {
        ld *bx = malloc(per * n * sizeof(ld));
        if (!bx) {
#pragma omp atomic write
            fail = 1;
        }
#pragma omp for schedule(dynamic, 4)
        for (long long jj = 0; jj < nn; ++jj) {
            if (!bx) continue;
            const size_t j = (size_t)jj;
            for (size_t l = 0; l < n; ++l)
                for (size_t t = 0; t < per; ++t) bx[per * l + t] = (ld)s[l] * X[per * (l + j * n) + t];
            ld sum = 0.0L;
            for (size_t i = 0; i < m; ++i) {
                const double *w = Wt + per * i * n;
                if (!cplx) {
                    ld d0 = 0.0L, d1 = 0.0L;
                    size_t l = 0;
                    for (; l + 1 < n; l += 2) {
                        d0 += (ld)w[l] * bx[l];
                        d1 += (ld)w[l + 1] * bx[l + 1];
                    }
                    if (l < n) d0 += (ld)w[l] * bx[l];
                    const ld r = (ld)A[i + j * m] - (d0 + d1);
                    sum += r * r;
                } else {
                    ld dr = 0.0L, di = 0.0L;
                    for (size_t l = 0; l < n; ++l) {
                        const ld wr = w[2 * l], wi = w[2 * l + 1], br = bx[2 * l], bi = bx[2 * l + 1];
                        dr += wr * br - wi * bi;
                        di += wr * bi + wi * br;
                    }
                    const ld rr = (ld)A[2 * (i + j * m)] - dr, ri = (ld)A[2 * (i + j * m) + 1] - di;
                    sum += rr * rr + ri * ri;
                }
            }
            colsum[j] = sum;
        }
        free(bx);
    }
    ld tot = 0.0L;
    for (size_t j = 0; j < n; ++j) tot += colsum[j];
    free(colsum);
    free(Wt);
    *out = tot;
    return fail ? -1 : 0;
}

/* ||W^H W - I||_F and max |W^H W - I| for W (m x n). */
static int orthogonality(const npy_matrix *W, ld *fro, ld *mx)
{
    const size_t m = W->rows, n = W->cols;
    const int cplx = W->is_complex;
    ld *colsum = malloc(n * sizeof(ld)), *colmax = malloc(n * sizeof(ld));
    if (!colsum || !colmax) {
        free(colsum);
        free(colmax);
        return -1;
    }
    const long long nn = (long long)n;
#pragma omp parallel for schedule(dynamic, 4)
    for (long long jj = 0; jj < nn; ++jj) {
        const size_t j = (size_t)jj;
        ld s2 = 0.0L, mxa = 0.0L;
        for (size_t i = 0; i <= j; ++i) {
            ld er, ei = 0.0L;
            if (!cplx) {
                const double *a = W->data + i * m, *b = W->data + j * m;
                ld d0 = 0.0L, d1 = 0.0L;
                size_t k = 0;
                for (; k + 1 < m; k += 2) {
                    d0 += (ld)a[k] * (ld)b[k];
                    d1 += (ld)a[k + 1] * (ld)b[k + 1];
                }
                if (k < m) d0 += (ld)a[k] * (ld)b[k];
                er = d0 + d1;
            } else {
                /* conj(a) . b */
                const double *a = W->data + 2 * i * m, *b = W->data + 2 * j * m;
                ld dr = 0.0L, di = 0.0L;
                for (size_t k = 0; k < m; ++k) {
                    const ld ar = a[2 * k], ai = a[2 * k + 1], br = b[2 * k], bi = b[2 * k + 1];
                    dr += ar * br + ai * bi;
                    di += ar * bi - ai * br;
                }
                er = dr;
                ei = di;
            }
            if (i == j) er -= 1.0L;
            const ld e2 = er * er + ei * ei;
            s2 += (i == j) ? e2 : 2.0L * e2;
            const ld ea = sqrtl(e2);
            if (ea > mxa || isnan(ea)) mxa = ea;
        }
        colsum[j] = s2;
        colmax[j] = mxa;
    }
    ld s = 0.0L, m2 = 0.0L;
    for (size_t j = 0; j < n; ++j) {
        s += colsum[j];
        if (colmax[j] > m2 || isnan(colmax[j])) m2 = colmax[j];
    }
    free(colsum);
    free(colmax);
    *fro = sqrtl(s);
    *mx = m2;
    return 0;
}

static int cmp_desc(const void *pa, const void *pb)
{
    const double a = *(const double *)pa, b = *(const double *)pb;
    if (isnan(a)) return isnan(b) ? 0 : 1; /* NaNs last */
    if (isnan(b)) return -1;
    return (a > b) ? -1 : (a < b) ? 1 : 0;
}

/* ---- output ------------------------------------------------------------------------------- */

typedef struct {
    const char *key;
    double val;
    int is_int;
} metric;

static void print_metrics(const metric *ms, size_t cnt, int json)
{
    if (json) fputc('{', stdout);
    for (size_t i = 0; i < cnt; ++i) {
        if (json) {
            printf("%s\"%s\": ", i ? ", " : "", ms[i].key);
            if (ms[i].is_int) printf("%.0f", ms[i].val);
            else if (isfinite(ms[i].val)) printf("%.17g", ms[i].val);
            else printf("null");
        } else {
            printf("%s%s=", i ? " " : "", ms[i].key);
            if (ms[i].is_int) printf("%.0f", ms[i].val);
            else printf("%.3e", ms[i].val);
        }
    }
    if (json) fputc('}', stdout);
    fputc('\n', stdout);
}

/* ---- main --------------------------------------------------------------------------------- */

static int load(const char *path, npy_matrix *m)
{
    char err[512];
    if (npy_read(path, m, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", prog, err);
        return -1;
    }
    return 0;
}

static int is_vector(const npy_matrix *v, size_t n) { return (v->rows == n && v->cols == 1) || (v->rows == 1 && v->cols == n); }

/* What main's stages return where the program goes on. */
#define CHECK_GO_ON (-1)

/* The files: the pair, the six outputs in OUTDIR, the optional reference. */
enum { iF, iG, iU, iV, iZ, iSF, iSG, iS, iREF, NMAT };
static const char *const names[NMAT] = {"F", "G", "U.npy", "V.npy", "Z.npy", "sigma_f.npy", "sigma_g.npy", "sigma.npy", "ref"};

/* --npy-info FILE: rows, columns and whether it is complex. */
static int npy_info(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "%s: usage: %s --npy-info FILE\n", prog, prog);
        return EXIT_USAGE;
    }
    npy_matrix m;
    char err[512];
    if (npy_read(argv[2], &m, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", prog, err);
        return EXIT_IO;
    }
    printf("%zu %zu %d\n", m.rows, m.cols, m.is_complex);
    npy_free(&m);
    return 0;
}

/* F.npy G.npy OUTDIR [--ref FILE] [--json] into pos, *ref_path, *json.  CHECK_GO_ON; 0 after --help
 * or --version; EXIT_USAGE (said why). */
static int parse_command_line(int argc, char **argv, const char *pos[3], const char **ref_path, int *json)
{
    int npos = 0;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            help(stdout);
            return 0;
        } else if (strcmp(argv[i], "--version") == 0) {
            printf("%s %s\n", prog, HZGSVD_VERSION_STRING);
            return 0;
        } else if (strcmp(argv[i], "--json") == 0) {
            *json = 1;
        } else if (strcmp(argv[i], "--ref") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "%s: --ref needs a file\n", prog);
                return EXIT_USAGE;
            }
            *ref_path = argv[++i];
        } else if (strncmp(argv[i], "--ref=", 6) == 0) {
            *ref_path = argv[i] + 6;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "%s: unknown option '%s'\n", prog, argv[i]);
            usage(stderr);
            return EXIT_USAGE;
        } else {
            if (npos >= 3) {
                fprintf(stderr, "%s: too many arguments ('%s')\n", prog, argv[i]);
                return EXIT_USAGE;
            }
            pos[npos++] = argv[i];
        }
    }
    if (npos != 3) {
        usage(stderr);
        return EXIT_USAGE;
    }
    return CHECK_GO_ON;
}

/* Every file into mat (paths: the OUTDIR/name strings, freed by the caller).  CHECK_GO_ON, EXIT_IO
 * or EXIT_MEM. */
static int load_all(const char *const pos[3], const char *ref_path, npy_matrix mat[NMAT], char *paths[NMAT])
{
    for (int k = 0; k < NMAT; ++k) {
        const char *pth;
        if (k == iF) pth = pos[0];
        else if (k == iG) pth = pos[1];
        else if (k == iREF) pth = ref_path;
        else {
            paths[k] = tools_join_path(pos[2], names[k]);
            if (!paths[k]) return EXIT_MEM;
            pth = paths[k];
        }
        if (!pth) continue;
        if (load(pth, &mat[k]) != 0) return EXIT_IO;
    }
    return CHECK_GO_ON;
}

/* The shapes and kinds of the files against F's.  CHECK_GO_ON, or EXIT_SHAPE (said which). */
static int check_shapes(const npy_matrix mat[NMAT], const char *ref_path)
{
    const size_t mf = mat[iF].rows, mg = mat[iG].rows, n = mat[iF].cols;
    const int cplx = mat[iF].is_complex;
    char why[512] = "";
    if (mat[iG].cols != n)
        snprintf(why, sizeof why, "F is %zu x %zu but G is %zu x %zu (column counts differ)", mf, n, mg, mat[iG].cols);
    else if (mat[iG].is_complex != cplx)
        snprintf(why, sizeof why, "F is %s but G is %s", cplx ? "complex" : "real", mat[iG].is_complex ? "complex" : "real");
    else if (mat[iU].rows != mf || mat[iU].cols != n)
        snprintf(why, sizeof why, "U is %zu x %zu, expected %zu x %zu", mat[iU].rows, mat[iU].cols, mf, n);
    else if (mat[iV].rows != mg || mat[iV].cols != n)
        snprintf(why, sizeof why, "V is %zu x %zu, expected %zu x %zu", mat[iV].rows, mat[iV].cols, mg, n);
    else if (mat[iZ].rows != n || mat[iZ].cols != n)
        snprintf(why, sizeof why, "Z is %zu x %zu, expected %zu x %zu", mat[iZ].rows, mat[iZ].cols, n, n);
    else if (mat[iU].is_complex != cplx || mat[iV].is_complex != cplx || mat[iZ].is_complex != cplx)
        snprintf(why, sizeof why, "U, V and Z must be %s like F", cplx ? "complex" : "real");
    else {
        for (int k = iSF; k <= iREF && !why[0]; ++k) {
            if (k == iREF && !ref_path) break;
            if (!is_vector(&mat[k], n))
                snprintf(why, sizeof why, "%s has shape %zu x %zu, expected a vector of length %zu",
                         k == iREF ? ref_path : names[k], mat[k].rows, mat[k].cols, n);
            else if (mat[k].is_complex)
                snprintf(why, sizeof why, "%s must be real", k == iREF ? ref_path : names[k]);
        }
    }
    if (why[0]) {
        fprintf(stderr, "%s: shape mismatch: %s\n", prog, why);
        return EXIT_SHAPE;
    }
    return CHECK_GO_ON;
}

/* Everything the line reports (long double where it is measured so). */
typedef struct measures {
    int singular;               /* Z singular or not finite: no X, res_F, res_G, cond_Z */
    ld resF, resG, condZ;
    ld oU, oUm, oV, oVm;        /* orthogonality of U and V: Frobenius norm, largest entry */
    ld sfsg, ratio;
    int sorted;
    double *ssort, *rsort;      /* sigma and the reference sorted descending (n each) */
    double emax, emean;         /* against the reference */
} measures;

/* X = Z^-1 (LU with complete pivoting), cond_Z and the residuals of F and G.  CHECK_GO_ON, or
 * EXIT_MEM (said). */
static int measure_residuals(const npy_matrix mat[NMAT], measures *me)
{
    const size_t mf = mat[iF].rows, mg = mat[iG].rows, n = mat[iF].cols;
    const int cplx = mat[iF].is_complex;
    const size_t per = cplx ? 2 : 1;
    int rc = EXIT_MEM;
    ld *Zl = malloc(per * n * n * sizeof(ld)), *Xl = malloc(per * n * n * sizeof(ld)), *colmax = malloc(n * sizeof(ld));
    size_t *rp = malloc(n * sizeof(size_t)), *cq = malloc(n * sizeof(size_t)), *colarg = malloc(n * sizeof(size_t));
    if (!Zl || !Xl || !colmax || !rp || !cq || !colarg) {
        fprintf(stderr, "%s: out of memory (n = %zu)\n", prog, n);
        goto out;
    }
    for (size_t i = 0; i < per * n * n; ++i) Zl[i] = (ld)mat[iZ].data[i];
    const ld zfro = sqrtl(fro2(&mat[iZ]));
    me->singular = 0;
    if (!isfinite(zfro) || lu_complete(cplx, n, Zl, rp, cq, colmax, colarg) != 0) me->singular = 1;

    me->resF = me->resG = me->condZ = NAN;
    if (!me->singular) {
        if (lu_inverse(cplx, n, Zl, rp, cq, Xl) != 0) {
            fprintf(stderr, "%s: out of memory\n", prog);
            goto out;
        }
        ld x2 = 0.0L;
        for (size_t i = 0; i < per * n * n; ++i) x2 += Xl[i] * Xl[i];
        me->condZ = zfro * sqrtl(x2);
        ld rF2, rG2;
        if (residual2(cplx, mf, n, mat[iF].data, mat[iU].data, mat[iSF].data, Xl, &rF2) != 0 ||
            residual2(cplx, mg, n, mat[iG].data, mat[iV].data, mat[iSG].data, Xl, &rG2) != 0) {
            fprintf(stderr, "%s: out of memory\n", prog);
            goto out;
        }
        me->resF = sqrtl(rF2) / sqrtl(fro2(&mat[iF]));
        me->resG = sqrtl(rG2) / sqrtl(fro2(&mat[iG]));
    }
    rc = CHECK_GO_ON;
out:
    free(Zl);
    free(Xl);
    free(colmax);
    free(rp);
    free(cq);
    free(colarg);
    return rc;
}

/* sigma_f^2 + sigma_g^2 = 1, sigma = sigma_f / sigma_g, the order, and (with a reference) the
 * errors of sigma.  me->ssort and me->rsort hold n doubles each. */
static void measure_sigmas(const npy_matrix mat[NMAT], int with_ref, measures *me)
{
    const size_t n = mat[iF].cols;
    const double *sf = mat[iSF].data, *sg = mat[iSG].data, *sig = mat[iS].data;
    me->sfsg = 0.0L;
    me->ratio = 0.0L;
    me->sorted = 1;
    for (size_t i = 0; i < n; ++i) {
        const ld a = sf[i], b = sg[i];
        const ld e = fabsl(a * a + b * b - 1.0L);
        if (e > me->sfsg || isnan(e)) me->sfsg = e;
        const ld q = a / b;
        ld rerr;
        if (isinf(q) && isinf(sig[i]) && sig[i] > 0) rerr = 0.0L;
        else if (q == 0.0L) rerr = fabsl((ld)sig[i]);
        else rerr = fabsl((ld)sig[i] - q) / fabsl(q);
        if (rerr > me->ratio || isnan(rerr)) me->ratio = rerr;
        if (i > 0 && !(sig[i] <= sig[i - 1])) me->sorted = 0;
    }

    me->emax = me->emean = NAN;
    memcpy(me->ssort, sig, n * sizeof(double));
    qsort(me->ssort, n, sizeof(double), cmp_desc);
    if (with_ref) {
        memcpy(me->rsort, mat[iREF].data, n * sizeof(double));
        qsort(me->rsort, n, sizeof(double), cmp_desc);
        ld mx = 0.0L, sum = 0.0L;
        for (size_t i = 0; i < n; ++i) {
            const ld r = me->rsort[i];
            const ld e = (r != 0.0L) ? fabsl((ld)me->ssort[i] - r) / fabsl(r) : fabsl((ld)me->ssort[i]);
            if (e > mx || isnan(e)) mx = e;
            sum += e;
        }
        me->emax = (double)mx;
        me->emean = (double)(sum / (ld)n);
    }
}

/* The one line (or JSON object) of key=value pairs; test/test_tools.sh reads the keys from the
 * PUT lines below. */
static void print_measures(const npy_matrix mat[NMAT], int with_ref, const measures *me, int json)
{
    const size_t n = mat[iF].cols;
    metric ms[24];
    size_t cnt = 0;
#define PUT(k, v, isint) (ms[cnt].key = (k), ms[cnt].val = (double)(v), ms[cnt].is_int = (isint), ++cnt)
    PUT("res_F", me->resF, 0);
    PUT("res_G", me->resG, 0);
    PUT("orth_U", me->oU, 0);
    PUT("orth_V", me->oV, 0);
    PUT("orth_U_max", me->oUm, 0);
    PUT("orth_V_max", me->oVm, 0);
    PUT("sfsg_max", me->sfsg, 0);
    PUT("sigma_ratio_max", me->ratio, 0);
    if (with_ref) {
        PUT("sigma_err_max", me->emax, 0);
        PUT("sigma_err_mean", me->emean, 0);
    }
    PUT("sigma_max", me->ssort[0], 0);
    PUT("sigma_min", me->ssort[n - 1], 0);
    if (with_ref) {
        PUT("ref_max", me->rsort[0], 0);
        PUT("ref_min", me->rsort[n - 1], 0);
    }
    PUT("sigma_sorted", me->sorted, 1);
    PUT("cond_Z", me->condZ, 0);
    PUT("n", n, 1);
    PUT("m_f", mat[iF].rows, 1);
    PUT("m_g", mat[iG].rows, 1);
    PUT("complex", mat[iF].is_complex, 1);
#undef PUT
    print_metrics(ms, cnt, json);
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "--npy-info") == 0) return npy_info(argc, argv);
    const char *pos[3] = {NULL, NULL, NULL};
    const char *ref_path = NULL;
    int json = 0;
    int rc = parse_command_line(argc, argv, pos, &ref_path, &json);
    if (rc != CHECK_GO_ON) return rc;

    npy_matrix mat[NMAT];
    char *paths[NMAT];
    memset(mat, 0, sizeof mat);
    memset(paths, 0, sizeof paths);
    measures me;
    memset(&me, 0, sizeof me);
    rc = load_all(pos, ref_path, mat, paths);
    if (rc == CHECK_GO_ON) rc = check_shapes(mat, ref_path);
    if (rc != CHECK_GO_ON) goto out;

    const size_t n = mat[iF].cols;
    me.ssort = malloc(n * sizeof(double));
    me.rsort = malloc(n * sizeof(double));
    if (!me.ssort || !me.rsort) {
        fprintf(stderr, "%s: out of memory (n = %zu)\n", prog, n);
        rc = EXIT_MEM;
        goto out;
    }
    rc = measure_residuals(mat, &me);
    if (rc != CHECK_GO_ON) goto out;
    if (orthogonality(&mat[iU], &me.oU, &me.oUm) != 0 || orthogonality(&mat[iV], &me.oV, &me.oVm) != 0) {
        fprintf(stderr, "%s: out of memory\n", prog);
        rc = EXIT_MEM;
        goto out;
    }
    measure_sigmas(mat, ref_path != NULL, &me);
    print_measures(mat, ref_path != NULL, &me, json);
    if (fflush(stdout) != 0) {
        rc = EXIT_IO;
        goto out;
    }
    if (me.singular) {
        fprintf(stderr, "%s: Z is singular or not finite; res_F, res_G and cond_Z not computed\n", prog);
        rc = EXIT_NUMERIC;
        goto out;
    }
    rc = 0;
out:
    for (int k = 0; k < NMAT; ++k) {
        npy_free(&mat[k]);
        free(paths[k]);
    }
    free(me.ssort);
    free(me.rsort);
    return rc;
}
