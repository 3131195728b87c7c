/* hzgsvd_mkpair -- test-data generator for hzgsvd: a matrix pair (F, G) with known generalized
 * singular values.
 *
 *   build/hzgsvd_mkpair [--complex] [--rows-f M] [--rows-g P] --cols N [--seed S]
 *                       [--sigma-min a] [--sigma-max b] [--cond-x c] [--raw] -o OUTDIR
 *
 *   F = U diag(sf) X,  G = V diag(sg) X,
 *   U (M x N), V (P x N) with orthonormal columns (Householder QR of Gaussian matrices, LAPACK),
 *   sigma_i = sf_i / sg_i log-spaced from b down to a (defaults 22 .. 1e-3),
 *   sf = sigma / sqrt(1 + sigma^2), sg = 1 / sqrt(1 + sigma^2)  (so sf^2 + sg^2 = 1),
 *   X = Q1 diag(d) Q2, Q1 and Q2 random orthogonal (unitary), d log-spaced from 1 down to 1/c,
 *   so cond_2(X) = c (default 100).  M and P default to N.
 *
 * The products are accumulated in long double and rounded once, so F and G are the exact products
 * of the (double) factors up to one rounding per element.  The random numbers come from an own
 * splitmix64 generator + Box-Muller, so the output is a function of the options and the seed
 * (on one machine: LAPACK's QR and libm's log/cos/sin are the only outside code involved).
 *
 * Writes OUTDIR/F.npy, OUTDIR/G.npy, OUTDIR/sigma_ref.npy (length N, descending) and, with --raw,
 * OUTDIR/pair.Y and OUTDIR/pair.W in the paper's raw format (see tools/npy.h).  Prints one line.
 * Exit status: 0 success, 2 usage error, 3 I/O error, 1 other failure.
 */
#define _POSIX_C_SOURCE 200809L
#include "tools/npy.h"

#include <errno.h>
#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#define EXIT_USAGE 2
#define EXIT_IO 3
#define EXIT_OTHER 1

static const char *prog = "hzgsvd_mkpair";

static void usage(FILE *to)
{
    fprintf(to,
            "usage: %s [--complex] [--rows-f M] [--rows-g P] --cols N [--seed S] [--sigma-min a]\n"
            "       [--sigma-max b] [--cond-x c] [--raw] -o OUTDIR\n"
            "  F = U diag(sf) X, G = V diag(sg) X with sigma = sf/sg log-spaced from b down to a\n"
            "  (defaults a = 1e-3, b = 22), cond(X) = c (default 100), M = P = N by default, seed 1.\n"
            "  Writes OUTDIR/F.npy, G.npy, sigma_ref.npy (descending); --raw also OUTDIR/pair.Y, pair.W.\n",
            prog);
}

static int die(int code, const char *msg)
{
    fprintf(stderr, "%s: %s\n", prog, msg);
    if (code == EXIT_USAGE) fprintf(stderr, "%s: try --help\n", prog);
    return code;
}

/* ---- random numbers: splitmix64 + Box-Muller ---------------------------------------------- */

typedef struct {
    uint64_t s;
    int have;
    double spare;
} rng_t;

static uint64_t rng_next(rng_t *r)
{
    uint64_t z = (r->s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* uniform in the open interval (0, 1) */
static double rng_uniform(rng_t *r)
{
    return ((double)(rng_next(r) >> 11) + 0.5) * 0x1.0p-53;
}

static double rng_normal(rng_t *r)
{
    if (r->have) {
        r->have = 0;
        return r->spare;
    }
    const double u1 = rng_uniform(r), u2 = rng_uniform(r);
    const double rad = sqrt(-2.0 * log(u1));
    const double th = 6.283185307179586476925286766559 * u2;
    r->spare = rad * sin(th);
    r->have = 1;
    return rad * cos(th);
}

/* ---- linear algebra ---------------------------------------------------------------------- */

/* An m x n (m >= n) matrix with orthonormal columns: the Q factor of a Gaussian matrix.
 * Complex: interleaved (re, im).  Returns NULL on failure (message in err). */
static double *random_orthonormal(rng_t *r, int cplx, size_t m, size_t n, char *err, size_t errlen)
{
    const size_t per = cplx ? 2 : 1;
    double *a = malloc(m * n * per * sizeof(double));
    double *tau = malloc(n * per * sizeof(double));
    if (!a || !tau) {
        free(a);
        free(tau);
        snprintf(err, errlen, "out of memory (%zu x %zu matrix)", m, n);
        return NULL;
    }
    for (size_t i = 0; i < m * n * per; ++i) a[i] = rng_normal(r);
    lapack_int info;
    const lapack_int lm = (lapack_int)m, ln = (lapack_int)n;
    if (cplx) {
        info = LAPACKE_zgeqrf(LAPACK_COL_MAJOR, lm, ln, (lapack_complex_double *)a, lm, (lapack_complex_double *)tau);
        if (info == 0) info = LAPACKE_zungqr(LAPACK_COL_MAJOR, lm, ln, ln, (lapack_complex_double *)a, lm, (lapack_complex_double *)tau);
    } else {
        info = LAPACKE_dgeqrf(LAPACK_COL_MAJOR, lm, ln, a, lm, tau);
        if (info == 0) info = LAPACKE_dorgqr(LAPACK_COL_MAJOR, lm, ln, ln, a, lm, tau);
    }
    free(tau);
    if (info != 0) {
        free(a);
        snprintf(err, errlen, "LAPACK QR failed (info = %d)", (int)info);
        return NULL;
    }
    return a;
}

/* C (m x n) = A (m x k) * diag(s) * B (k x n), column major, all leading dimensions = rows,
 * accumulated in long double and rounded once.  s may be NULL (identity).  Complex: interleaved.
 * A is transposed first, so every entry is a dot product over contiguous memory. */
static int matmul_ld(int cplx, size_t m, size_t k, size_t n, const double *A, const double *s, const double *B, double *C)
{
    const size_t per = cplx ? 2 : 1;
    double *At = malloc(per * m * k * sizeof(double));
    if (!At) return -1;
    const long long mm = (long long)m, nn = (long long)n;
#pragma omp parallel for schedule(static)
    for (long long ii = 0; ii < mm; ++ii) {
        const size_t i = (size_t)ii;
        for (size_t l = 0; l < k; ++l)
            for (size_t t = 0; t < per; ++t) At[per * (l + i * k) + t] = A[per * (i + l * m) + t];
    }
    int fail = 0;
#pragma omp parallel
    {
        long double *bx = malloc(per * k * sizeof(long double));
        if (!bx) {
#pragma omp atomic write
            fail = 1;
        }
#pragma omp for schedule(static)
        for (long long jj = 0; jj < nn; ++jj) {
            if (!bx) continue;
            const size_t j = (size_t)jj;
            for (size_t l = 0; l < k; ++l)
                for (size_t t = 0; t < per; ++t)
                    bx[per * l + t] = (long double)B[per * (l + j * k) + t] * (s ? (long double)s[l] : 1.0L);
            for (size_t i = 0; i < m; ++i) {
                const double *a = At + per * i * k;
                if (!cplx) {
                    long double d0 = 0.0L, d1 = 0.0L;
                    size_t l = 0;
                    for (; l + 1 < k; l += 2) {
                        d0 += (long double)a[l] * bx[l];
                        d1 += (long double)a[l + 1] * bx[l + 1];
                    }
                    if (l < k) d0 += (long double)a[l] * bx[l];
                    C[i + j * m] = (double)(d0 + d1);
                } else {
                    long double dr = 0.0L, di = 0.0L;
                    for (size_t l = 0; l < k; ++l) {
                        const long double ar = a[2 * l], ai = a[2 * l + 1], br = bx[2 * l], bi = bx[2 * l + 1];
                        dr += ar * br - ai * bi;
                        di += ar * bi + ai * br;
                    }
                    C[2 * (i + j * m)] = (double)dr;
                    C[2 * (i + j * m) + 1] = (double)di;
                }
            }
        }
        free(bx);
    }
    free(At);
    return fail ? -1 : 0;
}

/* ---- files -------------------------------------------------------------------------------- */

static int mkdir_p(const char *path, char *err, size_t errlen)
{
    char *p = strdup(path);
    if (!p) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    size_t len = strlen(p);
    while (len > 1 && p[len - 1] == '/') p[--len] = '\0';
    for (char *q = p + 1;; ++q) {
        const int last = (*q == '\0');
        if (*q == '/' || last) {
            const char save = *q;
            *q = '\0';
            if (mkdir(p, 0777) != 0 && errno != EEXIST) {
                snprintf(err, errlen, "cannot create directory %s: %s", p, strerror(errno));
                free(p);
                return -1;
            }
            *q = save;
            if (last) break;
        }
    }
    struct stat st;
    if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s is not a directory", p);
        free(p);
        return -1;
    }
    free(p);
    return 0;
}

static char *join(const char *dir, const char *name)
{
    const size_t n = strlen(dir) + strlen(name) + 2;
    char *s = malloc(n);
    if (s) snprintf(s, n, "%s/%s", dir, name);
    return s;
}

/* ---- options ------------------------------------------------------------------------------ */

static int parse_size(const char *s, size_t *v)
{
    if (!s || !*s || *s == '-' || *s == '+') return -1;
    char *end;
    errno = 0;
    const unsigned long long x = strtoull(s, &end, 10);
    if (errno || *end || x > (unsigned long long)SIZE_MAX) return -1;
    *v = (size_t)x;
    return 0;
}

static int parse_u64(const char *s, uint64_t *v)
{
    if (!s || !*s || *s == '-' || *s == '+') return -1;
    char *end;
    errno = 0;
    const unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end) return -1;
    *v = (uint64_t)x;
    return 0;
}

static int parse_pos(const char *s, double *v)
{
    if (!s || !*s) return -1;
    char *end;
    errno = 0;
    const double x = strtod(s, &end);
    if (errno || *end || !isfinite(x) || !(x > 0.0)) return -1;
    *v = x;
    return 0;
}

int main(int argc, char **argv)
{
    int cplx = 0, raw = 0;
    size_t m = 0, p = 0, n = 0;
    int have_n = 0;
    uint64_t seed = 1;
    double smin = 1e-3, smax = 22.0, condx = 100.0;
    const char *outdir = NULL;
    char msg[512];

    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        const char *val = NULL;
        char name[32];
        /* --opt=value or --opt value */
        const char *eq = (a[0] == '-' && a[1] == '-') ? strchr(a, '=') : NULL;
        if (eq && (size_t)(eq - a) < sizeof name) {
            memcpy(name, a, (size_t)(eq - a));
            name[eq - a] = '\0';
            val = eq + 1;
            a = name;
        }
#define NEEDVAL()                                                                              \
    do {                                                                                       \
        if (!val) {                                                                            \
            if (i + 1 >= argc) {                                                               \
                snprintf(msg, sizeof msg, "option %s needs a value", a);                       \
                return die(EXIT_USAGE, msg);                                                   \
            }                                                                                  \
            val = argv[++i];                                                                   \
        }                                                                                      \
    } while (0)
#define BADVAL(what)                                                                           \
    do {                                                                                       \
        snprintf(msg, sizeof msg, "bad value '%s' for %s (%s)", val, a, what);                 \
        return die(EXIT_USAGE, msg);                                                           \
    } while (0)
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--complex") == 0 && !val) {
            cplx = 1;
        } else if (strcmp(a, "--raw") == 0 && !val) {
            raw = 1;
        } else if (strcmp(a, "--rows-f") == 0) {
            NEEDVAL();
            if (parse_size(val, &m) || m == 0) BADVAL("a positive integer");
        } else if (strcmp(a, "--rows-g") == 0) {
            NEEDVAL();
            if (parse_size(val, &p) || p == 0) BADVAL("a positive integer");
        } else if (strcmp(a, "--cols") == 0) {
            NEEDVAL();
            if (parse_size(val, &n) || n == 0) BADVAL("a positive integer");
            have_n = 1;
        } else if (strcmp(a, "--seed") == 0) {
            NEEDVAL();
            if (parse_u64(val, &seed)) BADVAL("an unsigned 64-bit integer");
        } else if (strcmp(a, "--sigma-min") == 0) {
            NEEDVAL();
            if (parse_pos(val, &smin)) BADVAL("a positive finite number");
        } else if (strcmp(a, "--sigma-max") == 0) {
            NEEDVAL();
            if (parse_pos(val, &smax)) BADVAL("a positive finite number");
        } else if (strcmp(a, "--cond-x") == 0) {
            NEEDVAL();
            if (parse_pos(val, &condx) || condx < 1.0) BADVAL("a finite number >= 1");
        } else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0) {
            NEEDVAL();
            if (!*val) BADVAL("a directory");
            outdir = val;
        } else {
            snprintf(msg, sizeof msg, "unknown argument '%s'", argv[i]);
            return die(EXIT_USAGE, msg);
        }
#undef NEEDVAL
#undef BADVAL
    }
    if (!have_n) return die(EXIT_USAGE, "--cols N is required");
    if (!outdir) return die(EXIT_USAGE, "-o OUTDIR is required");
    if (m == 0) m = n;
    if (p == 0) p = n;
    if (m < n || p < n) {
        snprintf(msg, sizeof msg, "need rows >= cols (M = %zu, P = %zu, N = %zu)", m, p, n);
        return die(EXIT_USAGE, msg);
    }
    if (smin > smax) return die(EXIT_USAGE, "--sigma-min must not exceed --sigma-max");
    {
        /* LAPACK takes 32-bit dimensions here; also keep every byte count far from overflow */
        const size_t lim = (size_t)1 << 30;
        const size_t big = m > p ? m : p;
        if (big > (size_t)INT32_MAX || (double)big * (double)n * 16.0 > (double)lim * 64.0)
            return die(EXIT_USAGE, "matrix too large");
    }
    if (!isfinite(smax / sqrt(1.0 + smax * smax)) || 1.0 / sqrt(1.0 + smin * smin) <= 0.0 ||
        smax * smax > DBL_MAX / 4)
        return die(EXIT_USAGE, "sigma range out of the representable range");

    int rc = EXIT_OTHER;
    const size_t per = cplx ? 2 : 1;
    double *U = NULL, *V = NULL, *Q1 = NULL, *Q2 = NULL, *X = NULL, *F = NULL, *G = NULL;
    double *sigma = malloc(n * sizeof(double)), *sf = malloc(n * sizeof(double)), *sg = malloc(n * sizeof(double));
    double *d = malloc(n * sizeof(double));
    char *path = NULL;
    if (!sigma || !sf || !sg || !d) {
        fprintf(stderr, "%s: out of memory\n", prog);
        goto out;
    }

    /* sigma_i log-spaced from smax down to smin; d_i from 1 down to 1/condx */
    for (size_t i = 0; i < n; ++i) {
        const double t = (n > 1) ? (double)i / (double)(n - 1) : 0.0;
        double s = smax * pow(smin / smax, t);
        if (i == 0) s = smax;
        if (i == n - 1 && n > 1) s = smin;
        sigma[i] = s;
        const double h = sqrt(1.0 + s * s);
        sf[i] = s / h;
        sg[i] = 1.0 / h;
        d[i] = (n > 1) ? pow(condx, -t) : 1.0;
    }
    if (n > 1) d[n - 1] = 1.0 / condx;

    rng_t r = {seed, 0, 0.0};
    if (!(U = random_orthonormal(&r, cplx, m, n, msg, sizeof msg)) ||
        !(V = random_orthonormal(&r, cplx, p, n, msg, sizeof msg)) ||
        !(Q1 = random_orthonormal(&r, cplx, n, n, msg, sizeof msg)) ||
        !(Q2 = random_orthonormal(&r, cplx, n, n, msg, sizeof msg))) {
        fprintf(stderr, "%s: %s\n", prog, msg);
        goto out;
    }
    X = malloc(n * n * per * sizeof(double));
    F = malloc(m * n * per * sizeof(double));
    G = malloc(p * n * per * sizeof(double));
    if (!X || !F || !G) {
        fprintf(stderr, "%s: out of memory\n", prog);
        goto out;
    }
    /* X = Q1 diag(d) Q2, F = U diag(sf) X, G = V diag(sg) X */
    if (matmul_ld(cplx, n, n, n, Q1, d, Q2, X) || matmul_ld(cplx, m, n, n, U, sf, X, F) ||
        matmul_ld(cplx, p, n, n, V, sg, X, G)) {
        fprintf(stderr, "%s: out of memory\n", prog);
        goto out;
    }

    if (mkdir_p(outdir, msg, sizeof msg) != 0) {
        fprintf(stderr, "%s: %s\n", prog, msg);
        rc = EXIT_IO;
        goto out;
    }
    {
        const npy_matrix mf = {m, n, cplx, F}, mg = {p, n, cplx, G}, ms = {n, 1, 0, sigma};
        const struct {
            const char *name;
            const npy_matrix *mat;
            int kind; /* 0 npy matrix, 1 npy vector, 2 raw */
        } outs[] = {{"F.npy", &mf, 0}, {"G.npy", &mg, 0}, {"sigma_ref.npy", &ms, 1}, {"pair.Y", &mf, 2}, {"pair.W", &mg, 2}};
        const size_t nouts = raw ? 5 : 3;
        for (size_t k = 0; k < nouts; ++k) {
            free(path);
            path = join(outdir, outs[k].name);
            if (!path) {
                fprintf(stderr, "%s: out of memory\n", prog);
                goto out;
            }
            const int e = (outs[k].kind == 2) ? raw_write(path, outs[k].mat, msg, sizeof msg)
                                              : npy_write(path, outs[k].mat, outs[k].kind == 1, msg, sizeof msg);
            if (e != 0) {
                fprintf(stderr, "%s: %s\n", prog, msg);
                rc = EXIT_IO;
                goto out;
            }
        }
    }
    printf("hzgsvd_mkpair: %s M=%zu P=%zu N=%zu seed=%llu sigma=[%g, %g] cond_x=%g -> %s/{F.npy,G.npy,sigma_ref.npy%s}\n",
           cplx ? "complex" : "real", m, p, n, (unsigned long long)seed, smin, smax, condx, outdir,
           raw ? ",pair.Y,pair.W" : "");
    if (fflush(stdout) != 0) {
        rc = EXIT_IO;
        goto out;
    }
    rc = 0;
out:
    free(path);
    free(U);
    free(V);
    free(Q1);
    free(Q2);
    free(X);
    free(F);
    free(G);
    free(sigma);
    free(sf);
    free(sg);
    free(d);
    return rc;
}
