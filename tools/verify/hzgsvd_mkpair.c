/* hzgsvd_mkpair -- test-data generator for hzgsvd: a matrix pair (F, G) with known generalized
 * singular values, or one of the paper's test pairs.
 *
 *   build/hzgsvd_mkpair [--complex] [--rows-f M] [--rows-g P] --cols N [--seed S]
 *                       [--sigma-min a] [--sigma-max b] [--sigma-dist log|uniform] [--cond-x c]
 *                       [--raw] -o OUTDIR
 *   build/hzgsvd_mkpair --dataset paper [--complex] [--rows-f M] [--rows-g P] --cols N [--seed S]
 *                       [--raw] -o OUTDIR
 *   build/hzgsvd_mkpair --appg J [--cols N] [--seed S] [--raw] -o OUTDIR
 *
 * Known-sigma pairs (the default):
 *   F = U diag(sf) X,  G = V diag(sg) X,
 *   U (M x N), V (P x N) with orthonormal columns (Householder QR of Gaussian matrices, LAPACK),
 *   sigma_i = sf_i / sg_i log-spaced from b down to a (defaults 22 .. 1e-3), or with
 *   --sigma-dist uniform drawn uniformly from (a, b) and sorted descending (from a random stream of
 *   its own, so U, V, X are the same as with the default log spacing for the same seed),
 *   sf = sigma / sqrt(1 + sigma^2), sg = 1 / sqrt(1 + sigma^2)  (so sf^2 + sg^2 = 1),
 *   X = Q1 diag(d) Q2, Q1 and Q2 random orthogonal (unitary), d log-spaced from 1 down to 1/c,
 *   so cond_2(X) = c (default 100).  M and P default to N.
 *   The products are accumulated in long double and rounded once, so F and G are the exact
 *   products of the (double) factors up to one rounding per element.
 *
 * --dataset paper: the test data of the paper's section 5.1.2, every factor in long double and
 *   F, G rounded to double once at the end.
 *   Real: the diagonals of SigmaF, SigmaG and LambdaX are uniform random numbers in (0, 1), values
 *   <= 1e-10 rejected (the paper's DLARND acceptance rule); U SigmaF = Q_U [diag(sf); 0] and
 *   V SigmaG = Q_V [diag(sg); 0] with Q_U, Q_V Haar random orthogonal (the one-sided xLAROR),
 *   X = Q_X diag(LambdaX) Q_X^T (a full-bandwidth xLAGSY), F = (U SigmaF) X, G = (V SigmaG) X.
 *   sigma_ref.npy = sf/sg sorted descending: the exact generalized singular values of the long
 *   double pair before F, G were rounded (the paper's "almost exact" ones).  The paper's last
 *   step, LAPACK's DGGSVP3 preprocessing (only needed to feed DTGSJA), is left out: it changes
 *   neither the generalized singular values nor the use of the pair here.
 *   Complex (--complex; M = P = N): F and G are independent Hermitian positive definite matrices
 *   Q diag(lambda) Q^H, Q Haar random unitary, lambda uniform in (0, 1) (> 1e-10 as above), as the
 *   paper's ZLATMS calls.  Their generalized singular values have no closed form: no
 *   sigma_ref.npy is written (take it from a higher-precision engine, build/hzgsvd_ref).
 * --appg J (J = 1..16; real, square, N = 512 unless --cols N): the pair (F, G_J) of the paper's
 *   App. G accuracy table.  A = Q_A diag(lambda_A) Q_A^T and B_J = Q_B diag(lambda_B) Q_B^T with
 *   Haar random orthogonal Q (two-sided xLAROR), lambda_A from 1 down to 1/10 and lambda_B from 1
 *   down to 10^-J: both ends exact, so kappa_2(A) = 10 and kappa_2(B_J) = 10^J, the others
 *   random with uniformly distributed logarithms (xLATMS mode 5).  F and G_J are the Cholesky
 *   factors with diagonal (complete) pivoting, P^T A P = R^T R, put back in the original column
 *   order, F = R P^T, so that F^T F = A and G_J^T G_J = B_J up to the one rounding of F and G.
 *   This is what the paper's symmetric indefinite factorization with complete pivoting does on a
 *   positive definite matrix.  F depends only on the seed; the random numbers of G_J (Q_B and the
 *   logarithms, scaled by J) come from a second stream that does not depend on J, so the 16 pairs
 *   of one seed share F, Q_B and the shape of the spectrum and differ only in kappa(B_J).  No
 *   closed form for sigma: no sigma_ref.npy.
 *   Haar random orthogonal (unitary) matrices are products of Householder reflectors built from
 *   Gaussian vectors of decreasing length and a diagonal of signs (phases), Stewart's
 *   construction behind LAPACK's xLAROR, here computed in long double.
 *
 * The random numbers come from splitmix64 + Box-Muller (test/support/rng.h, shared with the tests
 * and the benchmark), so the output is a function of the options and the seed (on one machine: LAPACK's QR and libm's log/cos/sin are the
 * only outside code involved).
 *
 * Writes OUTDIR/F.npy, OUTDIR/G.npy, OUTDIR/sigma_ref.npy (length N, descending; where the
 * construction gives no reference a sigma_ref.npy left in OUTDIR from an earlier run is removed)
 * and, with --raw, OUTDIR/pair.Y and OUTDIR/pair.W in the paper's raw format (see tools/cli/npy.h).
 * Prints one line, saying which files were written and what the reference is.
 * Exit status: 0 success, 2 usage error, 3 I/O error, 1 other failure.
 */
#define _POSIX_C_SOURCE 200809L
#include "tools/cli/npy.h"
#include "tools/common/tools_fs.h"   /* tools_mkdir_p, tools_join_path */
#include "test/support/rng.h"        /* splitmix64, Box-Muller: the streams the files come from */
#include "test/support/pairgen.h"    /* the known-sigma pair's diagonals */
#include "test/support/lapack_qr.h"  /* orthonormal factors */
#include "generated/hzgsvd_core.h"   /* HZGSVD_VERSION_STRING */

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
#include <unistd.h>

#define EXIT_USAGE 2
#define EXIT_IO 3
#define EXIT_OTHER 1

enum { MODE_KNOWN, MODE_PAPER, MODE_APPG };

static const char *prog = "hzgsvd_mkpair";

static void usage(FILE *to)
{
    fprintf(to,
            "usage: %s [--complex] [--rows-f M] [--rows-g P] --cols N [--seed S] [--sigma-min a]\n"
            "       [--sigma-max b] [--sigma-dist log|uniform] [--cond-x c] [--raw] -o OUTDIR\n"
            "       %s --dataset paper [--complex] [--rows-f M] [--rows-g P] --cols N [--seed S]\n"
            "       [--raw] -o OUTDIR\n"
            "       %s --appg J [--cols N] [--seed S] [--raw] -o OUTDIR\n"
            "       %s --help | --version\n"
            "  F = U diag(sf) X, G = V diag(sg) X with sigma = sf/sg log-spaced from b down to a\n"
            "  (defaults a = 1e-3, b = 22; --sigma-dist uniform: uniform random in (a, b), sorted),\n"
            "  cond(X) = c (default 100), M = P = N by default, seed 1.\n"
            "  --dataset paper  the paper's section 5.1.2 data: real F = U SF X, G = V SG X with SF, SG and\n"
            "                   the eigenvalues of the symmetric X uniform in (0, 1); complex (M = P = N):\n"
            "                   F, G Hermitian positive definite, eigenvalues uniform in (0, 1)\n"
            "  --appg J         the paper's App. G pair, J = 1..16: real, N x N (N = 512 by default),\n"
            "                   pivoted Cholesky factors with kappa(F^T F) = 10, kappa(G^T G) = 10^J\n"
            "  Built in long double, rounded to double once.  Writes OUTDIR/F.npy, G.npy and, where the\n"
            "  construction gives one (default; --dataset paper real), sigma_ref.npy (descending);\n"
            "  --raw also OUTDIR/pair.Y, pair.W.\n",
            prog, prog, prog, prog);
}

static int die(int code, const char *msg)
{
    fprintf(stderr, "%s: %s\n", prog, msg);
    if (code == EXIT_USAGE) fprintf(stderr, "%s: try --help\n", prog);
    return code;
}

/* ---- linear algebra ---------------------------------------------------------------------- */

/* An m x n (m >= n) matrix with orthonormal columns: the Q factor of a Gaussian matrix.
 * Complex: interleaved (re, im).  Returns NULL on failure (message in err). */
static double *random_orthonormal(sp_rng *r, int cplx, size_t m, size_t n, char *err, size_t errlen)
{
    const size_t per = cplx ? 2 : 1;
    double *a = malloc(m * n * per * sizeof(double));
    if (!a) {
        snprintf(err, errlen, "out of memory (%zu x %zu matrix)", m, n);
        return NULL;
    }
    for (size_t i = 0; i < m * n * per; ++i) a[i] = sp_rng_normal(r);
    const int info = sp_orthonormalize(cplx, m, n, a);
    if (info != 0) {
        free(a);
        if (info == SP_QR_NO_MEMORY) snprintf(err, errlen, "out of memory (%zu x %zu matrix)", m, n);
        else snprintf(err, errlen, "LAPACK QR failed (info = %d)", info);
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

/* ---- long double constructions: --dataset paper and --appg -------------------------------- */

typedef long double ld;

/* n values uniform in (0, 1), those <= 1e-10 rejected (the acceptance rule of the paper's
 * section 5.1.2, which keeps every diagonal factor safely nonsingular). */
static void uniform_accepted(sp_rng *r, size_t n, ld *v)
{
    for (size_t i = 0; i < n; ++i) {
        double u;
        do u = sp_rng_uniform(r);
        while (!(u > 1e-10));
        v[i] = (ld)u;
    }
}

/* A Haar random orthogonal (unitary) m x m matrix Q times the m x c long double matrix A, in place
 * (column major, lda = m; complex: interleaved).  Q = D H_{m-1} ... H_1 (applied H_1 first):
 * H_t = I - v v^H / (||x|| (||x|| + |x_0|)) is the Householder reflector that takes a fresh
 * Gaussian vector x of length m - t + 1 (rows t..m) to -phase(x_0) ||x|| e_1, and
 * D = diag(-conj(phase(x_0))) with one more random sign (phase) at the end.  This is the adjoint
 * of the Q factor of a Gaussian matrix whose R has a positive diagonal, hence Haar distributed
 * (Stewart 1980; LAPACK's xLAROR builds its matrices the same way).  Every reflector is exactly
 * orthogonal to long double rounding, so Q is orthogonal to about 1e-19.  Returns -1 on no memory. */
static int haar_left_ld(sp_rng *r, int cplx, size_t m, size_t c, ld *A)
{
    const size_t per = cplx ? 2 : 1;
    ld *v = malloc(per * m * sizeof(ld)), *dg = malloc(per * m * sizeof(ld));
    if (!v || !dg) {
        free(v);
        free(dg);
        return -1;
    }
    for (size_t t = 0; t < m; ++t) {
        const size_t len = m - t;
        ld nrm2 = 0.0L;
        for (size_t i = 0; i < per * len; ++i) {
            v[i] = (ld)sp_rng_normal(r);
            nrm2 += v[i] * v[i];
        }
        const ld nrm = sqrtl(nrm2);
        const ld a0 = cplx ? hypotl(v[0], v[1]) : fabsl(v[0]);
        ld ph_re = 1.0L, ph_im = 0.0L; /* phase(x_0); 1 for x_0 = 0 */
        if (a0 > 0.0L) {
            ph_re = v[0] / a0;
            ph_im = cplx ? v[1] / a0 : 0.0L;
        }
        /* D_t = -conj(phase(x_0)): makes the implied R's diagonal positive */
        dg[per * t] = -ph_re;
        if (cplx) dg[per * t + 1] = ph_im;
        if (len == 1) continue; /* the last one is only the random sign (phase) */
        /* v = x + phase(x_0) ||x|| e_1, beta = 1 / (||x|| (||x|| + |x_0|)) = 2 / ||v||^2 */
        v[0] += ph_re * nrm;
        if (cplx) v[1] += ph_im * nrm;
        const ld beta = 1.0L / (nrm * (nrm + a0));
        const long long cc = (long long)c;
#pragma omp parallel for schedule(static)
        for (long long jj = 0; jj < cc; ++jj) {
            ld *a = A + per * ((size_t)jj * m + t);
            if (!cplx) {
                ld w = 0.0L;
                for (size_t i = 0; i < len; ++i) w += v[i] * a[i];
                w *= beta;
                for (size_t i = 0; i < len; ++i) a[i] -= w * v[i];
            } else {
                ld wr = 0.0L, wi = 0.0L; /* w = v^H a */
                for (size_t i = 0; i < len; ++i) {
                    wr += v[2 * i] * a[2 * i] + v[2 * i + 1] * a[2 * i + 1];
                    wi += v[2 * i] * a[2 * i + 1] - v[2 * i + 1] * a[2 * i];
                }
                wr *= beta;
                wi *= beta;
                for (size_t i = 0; i < len; ++i) {
                    a[2 * i] -= v[2 * i] * wr - v[2 * i + 1] * wi;
                    a[2 * i + 1] -= v[2 * i] * wi + v[2 * i + 1] * wr;
                }
            }
        }
    }
    for (size_t j = 0; j < c; ++j)
        for (size_t i = 0; i < m; ++i) {
            ld *a = A + per * (i + j * m);
            if (!cplx) {
                a[0] *= dg[i];
            } else {
                const ld ar = a[0], ai = a[1], dr = dg[2 * i], di = dg[2 * i + 1];
                a[0] = ar * dr - ai * di;
                a[1] = ar * di + ai * dr;
            }
        }
    free(v);
    free(dg);
    return 0;
}

/* A Haar random m x m orthogonal (unitary) matrix in long double (NULL on no memory). */
static ld *haar_ld(sp_rng *r, int cplx, size_t m)
{
    const size_t per = cplx ? 2 : 1;
    ld *Q = calloc(per * m * m, sizeof(ld));
    if (!Q) return NULL;
    for (size_t i = 0; i < m; ++i) Q[per * (i + i * m)] = 1.0L;
    if (haar_left_ld(r, cplx, m, m, Q) != 0) {
        free(Q);
        return NULL;
    }
    return Q;
}

/* C (m x n) = A (m x k) * diag(s) * op(B), all long double, column major, leading dimensions =
 * rows; op(B) = B (k x n) or, with bh, B^H (B is n x k).  s may be NULL.  Complex: interleaved.
 * Column j of C is accumulated as a sum of columns of A (contiguous memory), in long double. */
static void ld_mul(int cplx, size_t m, size_t k, size_t n, const ld *A, const ld *s, const ld *B, int bh, ld *C)
{
    const size_t per = cplx ? 2 : 1;
    const long long nn = (long long)n;
#pragma omp parallel for schedule(static)
    for (long long jj = 0; jj < nn; ++jj) {
        const size_t j = (size_t)jj;
        ld *cj = C + per * j * m;
        for (size_t i = 0; i < per * m; ++i) cj[i] = 0.0L;
        for (size_t l = 0; l < k; ++l) {
            const ld *b = bh ? B + per * (j + l * n) : B + per * (l + j * k);
            const ld sl = s ? s[l] : 1.0L;
            const ld br = b[0] * sl, bi = cplx ? (bh ? -b[1] : b[1]) * sl : 0.0L;
            if (br == 0.0L && bi == 0.0L) continue;
            const ld *al = A + per * l * m;
            if (!cplx) {
                for (size_t i = 0; i < m; ++i) cj[i] += al[i] * br;
            } else {
                for (size_t i = 0; i < m; ++i) {
                    cj[2 * i] += al[2 * i] * br - al[2 * i + 1] * bi;
                    cj[2 * i + 1] += al[2 * i] * bi + al[2 * i + 1] * br;
                }
            }
        }
    }
}

static void round_ld(size_t count, const ld *a, double *out)
{
    for (size_t i = 0; i < count; ++i) out[i] = (double)a[i];
}

/* Q diag(lambda) Q^H for a Haar random Q of order n: the symmetric (Hermitian) matrix with the
 * spectrum lambda, as xLAGSY / xLAGHE (full bandwidth) and the two-sided xLAROR make it.
 * Returns a malloc'ed n x n long double matrix, NULL on no memory. */
static ld *sym_with_spectrum(sp_rng *r, int cplx, size_t n, const ld *lambda)
{
    const size_t per = cplx ? 2 : 1;
    ld *Q = haar_ld(r, cplx, n), *S = malloc(per * n * n * sizeof(ld));
    if (!Q || !S) {
        free(Q);
        free(S);
        return NULL;
    }
    ld_mul(cplx, n, n, n, Q, lambda, Q, 1, S);
    free(Q);
    /* S(i, j) and conj(S(j, i)) differ by long double roundings; average them so that S is exactly
       symmetric (Hermitian, with a real diagonal), as xLAGSY / xLATMS make it */
    for (size_t j = 0; j < n; ++j) {
        if (cplx) S[2 * (j + j * n) + 1] = 0.0L;
        for (size_t i = j + 1; i < n; ++i) {
            ld *a = S + per * (i + j * n), *b = S + per * (j + i * n);
            const ld re = 0.5L * (a[0] + b[0]);
            a[0] = b[0] = re;
            if (cplx) {
                const ld im = 0.5L * (a[1] - b[1]);
                a[1] = im;
                b[1] = -im;
            }
        }
    }
    return S;
}

/* Cholesky with diagonal (complete) pivoting of the symmetric positive definite A (n x n, long
 * double, full storage, destroyed): P^T A P = R^T R, each step taking the largest remaining diagonal
 * of the Schur complement.  Writes F = R P^T rounded to double (n x n), so F^T F = A: the factor the
 * paper's App. G takes (its symmetric indefinite factorization with complete pivoting chooses the
 * same 1 x 1 pivots on a positive definite matrix).  Returns -1 if a pivot is not positive. */
static int pivoted_cholesky(size_t n, ld *A, double *F)
{
    size_t *piv = malloc(n * sizeof(size_t));
    if (!piv) return -1;
    for (size_t k = 0; k < n; ++k) piv[k] = k;
#define AE(i, j) A[(i) + (j) * n]
    for (size_t k = 0; k < n; ++k) {
        size_t q = k;
        for (size_t i = k + 1; i < n; ++i)
            if (AE(i, i) > AE(q, q)) q = i;
        if (!(AE(q, q) > 0.0L)) {
            free(piv);
            return -1;
        }
        if (q != k) { /* symmetric swap of rows and columns k and q (R's rows above go along) */
            for (size_t i = 0; i < n; ++i) {
                const ld t = AE(i, k);
                AE(i, k) = AE(i, q);
                AE(i, q) = t;
            }
            for (size_t j = 0; j < n; ++j) {
                const ld t = AE(k, j);
                AE(k, j) = AE(q, j);
                AE(q, j) = t;
            }
            const size_t t = piv[k];
            piv[k] = piv[q];
            piv[q] = t;
        }
        const ld rkk = sqrtl(AE(k, k));
        AE(k, k) = rkk;
        for (size_t j = k + 1; j < n; ++j) AE(k, j) /= rkk; /* row k of R */
        const long long lo = (long long)k + 1, hi = (long long)n;
        /* the Schur complement, both triangles (kept bitwise symmetric: the same products), so
           the swaps above stay plain row and column swaps */
#pragma omp parallel for schedule(static)
        for (long long jj = lo; jj < hi; ++jj) {
            const size_t j = (size_t)jj;
            const ld rkj = AE(k, j);
            for (size_t i = k + 1; i < n; ++i) AE(i, j) -= AE(k, i) * rkj;
        }
    }
    /* F(:, piv[k]) = R(:, k), R the upper triangle */
    for (size_t k = 0; k < n; ++k) {
        double *f = F + piv[k] * n;
        for (size_t i = 0; i < n; ++i) f[i] = (i <= k) ? (double)AE(i, k) : 0.0;
    }
#undef AE
    free(piv);
    return 0;
}

/* --dataset paper, real (section 5.1.2): F = (U SF) X (m x n), G = (V SG) X (p x n), sigma = sf/sg
 * descending (exact for the long double pair).  Returns 0, or -1 on no memory. */
static int build_paper_real(uint64_t seed, size_t m, size_t p, size_t n, double *F, double *G, double *sigma)
{
    sp_rng r = sp_rng_seeded(seed);
    const size_t big = m > p ? m : p;
    int rc = -1;
    ld *sf = malloc(n * sizeof(ld)), *sg = malloc(n * sizeof(ld)), *lx = malloc(n * sizeof(ld));
    ld *US = calloc(m * n, sizeof(ld)), *VS = calloc(p * n, sizeof(ld)), *X = NULL;
    ld *T = malloc(big * n * sizeof(ld));
    if (!sf || !sg || !lx || !US || !VS || !T) goto out;
    uniform_accepted(&r, n, sf);
    uniform_accepted(&r, n, sg);
    uniform_accepted(&r, n, lx);
    for (size_t i = 0; i < n; ++i) {
        US[i + i * m] = sf[i];
        VS[i + i * p] = sg[i];
    }
    /* xLAROR from the left on [diag(sf); 0] and [diag(sg); 0]; xLAGSY for X */
    if (haar_left_ld(&r, 0, m, n, US) || haar_left_ld(&r, 0, p, n, VS) || !(X = sym_with_spectrum(&r, 0, n, lx)))
        goto out;
    ld_mul(0, m, n, n, US, NULL, X, 0, T);
    round_ld(m * n, T, F);
    ld_mul(0, p, n, n, VS, NULL, X, 0, T);
    round_ld(p * n, T, G);
    for (size_t i = 0; i < n; ++i) sigma[i] = (double)(sf[i] / sg[i]);
    qsort(sigma, n, sizeof(double), sp_cmp_desc);
    rc = 0;
out:
    free(sf);
    free(sg);
    free(lx);
    free(US);
    free(VS);
    free(X);
    free(T);
    return rc;
}

/* --dataset paper, complex (section 5.1.2, ZLATMS): F, G (n x n) independent Hermitian positive
 * definite with eigenvalues uniform in (0, 1).  Returns 0, or -1 on no memory. */
static int build_paper_complex(uint64_t seed, size_t n, double *F, double *G)
{
    sp_rng r = sp_rng_seeded(seed);
    int rc = -1;
    ld *lf = malloc(n * sizeof(ld)), *lg = malloc(n * sizeof(ld)), *SF = NULL, *SG = NULL;
    if (!lf || !lg) goto out;
    uniform_accepted(&r, n, lf);
    uniform_accepted(&r, n, lg);
    if (!(SF = sym_with_spectrum(&r, 1, n, lf)) || !(SG = sym_with_spectrum(&r, 1, n, lg))) goto out;
    round_ld(2 * n * n, SF, F);
    round_ld(2 * n * n, SG, G);
    rc = 0;
out:
    free(lf);
    free(lg);
    free(SF);
    free(SG);
    return rc;
}

/* The pivoted Cholesky factor (F = R P^T, n x n) of Q diag(lambda) Q^T with lambda_1 = 1,
 * lambda_n = 10^-e and the others 10^(-e u), u uniform in (0, 1), Q Haar random: kappa_2 = 10^e.
 * Returns 0, -1 on no memory, -2 if the Cholesky factorization breaks down (it cannot for e <= 16:
 * 10^-16 is far above long double's rounding of a matrix of norm 1). */
static int appg_factor(sp_rng *r, size_t n, int e, double *F)
{
    ld *lam = malloc(n * sizeof(ld)), *A = NULL;
    if (!lam) return -1;
    const ld lo = powl(10.0L, (ld)-e);
    for (size_t i = 0; i < n; ++i) {
        if (i == 0) lam[i] = 1.0L;
        else if (i == n - 1) lam[i] = lo;
        else lam[i] = powl(10.0L, -(ld)e * (ld)sp_rng_uniform(r));
    }
    int rc = -1;
    if ((A = sym_with_spectrum(r, 0, n, lam)) != NULL) rc = pivoted_cholesky(n, A, F) ? -2 : 0;
    free(lam);
    free(A);
    return rc;
}

/* --appg J: F with kappa(F^T F) = 10 from the seed's stream, G with kappa(G^T G) = 10^J from a second
 * stream that does not depend on J (so F, Q_B and the spectrum's shape are shared by all J). */
static int build_appg(uint64_t seed, int J, size_t n, double *F, double *G)
{
    sp_rng rf = sp_rng_seeded(seed), rg = sp_rng_seeded(seed ^ UINT64_C(0xA5A5A5A55A5A5A5A));
    int e = appg_factor(&rf, n, 1, F);
    if (e == 0) e = appg_factor(&rg, n, J, G);
    return e;
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

/* The command line, with its defaults (mkpair_defaults). */
typedef struct mkpair_opts {
    int cplx, raw;
    size_t m, p, n;            /* rows of F, rows of G (0: N), columns */
    int have_n;
    uint64_t seed;
    double smin, smax, condx;
    int mode, appg_j, sigma_uniform;
    const char *known_opt;     /* the last option that only the known-sigma pairs take */
    const char *outdir;
} mkpair_opts;

static mkpair_opts mkpair_defaults(void)
{
    mkpair_opts o;
    memset(&o, 0, sizeof o);
    o.seed = 1;
    o.smin = 1e-3;
    o.smax = 22.0;
    o.condx = 100.0;
    o.mode = MODE_KNOWN;
    return o;
}

/* What parse_option and check_options return where the program goes on. */
#define MKPAIR_GO_ON (-1)

/* The option argv[*i] (its value after '=' or in the next argument, then *i moves past it) into
 * *o.  MKPAIR_GO_ON; 0 after --help or --version; EXIT_USAGE on a bad option (said why). */
static int parse_option(int argc, char **argv, int *i, mkpair_opts *o)
{
    char msg[512];
    const char *a = argv[*i];
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
            if (*i + 1 >= argc) {                                                              \
                snprintf(msg, sizeof msg, "option %s needs a value", a);                       \
                return die(EXIT_USAGE, msg);                                                   \
            }                                                                                  \
            val = argv[++*i];                                                                  \
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
    } else if (strcmp(a, "--version") == 0 && !val) {
        printf("%s %s\n", prog, HZGSVD_VERSION_STRING);
        return 0;
    } else if (strcmp(a, "--complex") == 0 && !val) {
        o->cplx = 1;
    } else if (strcmp(a, "--raw") == 0 && !val) {
        o->raw = 1;
    } else if (strcmp(a, "--rows-f") == 0) {
        NEEDVAL();
        if (parse_size(val, &o->m) || o->m == 0) BADVAL("a positive integer");
    } else if (strcmp(a, "--rows-g") == 0) {
        NEEDVAL();
        if (parse_size(val, &o->p) || o->p == 0) BADVAL("a positive integer");
    } else if (strcmp(a, "--cols") == 0) {
        NEEDVAL();
        if (parse_size(val, &o->n) || o->n == 0) BADVAL("a positive integer");
        o->have_n = 1;
    } else if (strcmp(a, "--seed") == 0) {
        NEEDVAL();
        if (parse_u64(val, &o->seed)) BADVAL("an unsigned 64-bit integer");
    } else if (strcmp(a, "--sigma-min") == 0) {
        NEEDVAL();
        if (parse_pos(val, &o->smin)) BADVAL("a positive finite number");
        o->known_opt = "--sigma-min";
    } else if (strcmp(a, "--sigma-max") == 0) {
        NEEDVAL();
        if (parse_pos(val, &o->smax)) BADVAL("a positive finite number");
        o->known_opt = "--sigma-max";
    } else if (strcmp(a, "--sigma-dist") == 0) {
        NEEDVAL();
        if (strcmp(val, "log") == 0) o->sigma_uniform = 0;
        else if (strcmp(val, "uniform") == 0) o->sigma_uniform = 1;
        else BADVAL("log or uniform");
        o->known_opt = "--sigma-dist";
    } else if (strcmp(a, "--cond-x") == 0) {
        NEEDVAL();
        if (parse_pos(val, &o->condx) || o->condx < 1.0) BADVAL("a finite number >= 1");
        o->known_opt = "--cond-x";
    } else if (strcmp(a, "--dataset") == 0) {
        NEEDVAL();
        if (strcmp(val, "paper") != 0) BADVAL("the only dataset is 'paper'");
        if (o->mode == MODE_APPG) return die(EXIT_USAGE, "--dataset and --appg exclude each other");
        o->mode = MODE_PAPER;
    } else if (strcmp(a, "--appg") == 0) {
        NEEDVAL();
        size_t j;
        if (parse_size(val, &j) || j < 1 || j > 16) BADVAL("an integer from 1 to 16");
        if (o->mode == MODE_PAPER) return die(EXIT_USAGE, "--dataset and --appg exclude each other");
        o->mode = MODE_APPG;
        o->appg_j = (int)j;
    } else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0) {
        NEEDVAL();
        if (!*val) BADVAL("a directory");
        o->outdir = val;
    } else {
        snprintf(msg, sizeof msg, "unknown argument '%s'", argv[*i]);
        return die(EXIT_USAGE, msg);
    }
#undef NEEDVAL
#undef BADVAL
    return MKPAIR_GO_ON;
}

/* The options together, after the last one; fills in the defaults of N, M and P.  MKPAIR_GO_ON,
 * or EXIT_USAGE (said why). */
static int check_options(mkpair_opts *o)
{
    char msg[512];
    if (o->mode == MODE_APPG && !o->have_n) o->n = 512; /* the order of the paper's table */
    else if (!o->have_n) return die(EXIT_USAGE, "--cols N is required");
    if (!o->outdir) return die(EXIT_USAGE, "-o OUTDIR is required");
    if (o->m == 0) o->m = o->n;
    if (o->p == 0) o->p = o->n;
    const size_t m = o->m, p = o->p, n = o->n;
    const int mode = o->mode;
    if (m < n || p < n) {
        snprintf(msg, sizeof msg, "need rows >= cols (M = %zu, P = %zu, N = %zu)", m, p, n);
        return die(EXIT_USAGE, msg);
    }
    if (mode != MODE_KNOWN && o->known_opt) {
        snprintf(msg, sizeof msg, "%s applies only to the known-sigma pairs, not to %s", o->known_opt,
                 mode == MODE_APPG ? "--appg" : "--dataset");
        return die(EXIT_USAGE, msg);
    }
    if (mode == MODE_APPG && o->cplx) return die(EXIT_USAGE, "--appg pairs are real (no --complex)");
    if (mode == MODE_APPG && n < 2) return die(EXIT_USAGE, "--appg needs N >= 2");
    if ((mode == MODE_APPG || (mode == MODE_PAPER && o->cplx)) && (m != n || p != n))
        return die(EXIT_USAGE, mode == MODE_APPG ? "--appg pairs are square (no --rows-f, --rows-g other than N)"
                                                 : "complex --dataset paper pairs are Hermitian: M = P = N");
    if (o->smin > o->smax) return die(EXIT_USAGE, "--sigma-min must not exceed --sigma-max");
    {
        /* LAPACK takes 32-bit dimensions here; also keep every byte count far from overflow */
        const size_t lim = (size_t)1 << 30;
        const size_t big = m > p ? m : p;
        if (big > (size_t)INT32_MAX || (double)big * (double)n * 16.0 > (double)lim * 64.0 ||
            (mode != MODE_KNOWN && (double)big * (double)n * sizeof(ld) * (double)(o->cplx ? 2 : 1) > (double)lim * 64.0))
            return die(EXIT_USAGE, "matrix too large");
    }
    const double smin = o->smin, smax = o->smax;
    if (!isfinite(smax / sqrt(1.0 + smax * smax)) || 1.0 / sqrt(1.0 + smin * smin) <= 0.0 ||
        smax * smax > DBL_MAX / 4)
        return die(EXIT_USAGE, "sigma range out of the representable range");
    return MKPAIR_GO_ON;
}

/* The known-sigma pair (the default): F = U diag(sf) X (m x n), G = V diag(sg) X (p x n), sigma
 * (descending).  0, or EXIT_OTHER (said why). */
static int build_known(const mkpair_opts *o, double *F, double *G, double *sigma)
{
    const int cplx = o->cplx;
    const size_t m = o->m, p = o->p, n = o->n, per = cplx ? 2 : 1;
    char msg[512];
    int rc = EXIT_OTHER;
    double *U = NULL, *V = NULL, *Q1 = NULL, *Q2 = NULL, *X = NULL;
    double *sf = malloc(n * sizeof(double)), *sg = malloc(n * sizeof(double)), *d = malloc(n * sizeof(double));
    if (!sf || !sg || !d) {
        fprintf(stderr, "%s: out of memory\n", prog);
        goto out;
    }
    /* sigma_i log-spaced from smax down to smin, or uniform random in (smin, smax) from a stream
       of its own (the other random numbers stay those of the log-spaced pair); d_i from 1 down to
       1/condx */
    if (o->sigma_uniform) {
        sp_rng rs = sp_rng_seeded(o->seed ^ UINT64_C(0x3C6EF372FE94F82B));
        for (size_t i = 0; i < n; ++i) sigma[i] = o->smin + (o->smax - o->smin) * sp_rng_uniform(&rs);
        qsort(sigma, n, sizeof(double), sp_cmp_desc);
    }
    sp_known_diagonals(n, o->smin, o->smax, o->condx, 1, o->sigma_uniform, sigma, sf, sg, d);

    sp_rng r = sp_rng_seeded(o->seed);
    if (!(U = random_orthonormal(&r, cplx, m, n, msg, sizeof msg)) ||
        !(V = random_orthonormal(&r, cplx, p, n, msg, sizeof msg)) ||
        !(Q1 = random_orthonormal(&r, cplx, n, n, msg, sizeof msg)) ||
        !(Q2 = random_orthonormal(&r, cplx, n, n, msg, sizeof msg))) {
        fprintf(stderr, "%s: %s\n", prog, msg);
        goto out;
    }
    X = malloc(n * n * per * sizeof(double));
    if (!X) {
        fprintf(stderr, "%s: out of memory\n", prog);
        goto out;
    }
    /* X = Q1 diag(d) Q2, F = U diag(sf) X, G = V diag(sg) X */
    if (matmul_ld(cplx, n, n, n, Q1, d, Q2, X) || matmul_ld(cplx, m, n, n, U, sf, X, F) ||
        matmul_ld(cplx, p, n, n, V, sg, X, G)) {
        fprintf(stderr, "%s: out of memory\n", prog);
        goto out;
    }
    rc = 0;
out:
    free(U);
    free(V);
    free(Q1);
    free(Q2);
    free(X);
    free(sf);
    free(sg);
    free(d);
    return rc;
}

/* F and G of --dataset paper or --appg (sigma too where the construction gives it).  0, or
 * EXIT_OTHER (said why). */
static int build_dataset(const mkpair_opts *o, double *F, double *G, double *sigma)
{
    int e;
    if (o->mode == MODE_APPG) e = build_appg(o->seed, o->appg_j, o->n, F, G);
    else if (o->cplx) e = build_paper_complex(o->seed, o->n, F, G);
    else e = build_paper_real(o->seed, o->m, o->p, o->n, F, G, sigma);
    if (e != 0) {
        fprintf(stderr, "%s: %s\n", prog, e == -1 ? "out of memory" : "Cholesky factorization broke down");
        return EXIT_OTHER;
    }
    return 0;
}

/* OUTDIR (created), then F.npy, G.npy, sigma_ref.npy (where have_ref; else a stale one is
 * removed) and with --raw pair.Y, pair.W.  0, EXIT_IO or EXIT_OTHER (said why). */
static int write_files(const mkpair_opts *o, const double *F, const double *G, const double *sigma, int have_ref)
{
    const char *outdir = o->outdir;
    char msg[512];
    char *path = NULL;
    int rc = EXIT_OTHER;
    {
        char failed[4096];
        const int e = tools_mkdir_p(outdir, failed, sizeof failed);
        if (e != TOOLS_FS_OK) {
            if (e == TOOLS_FS_NO_MEMORY) fprintf(stderr, "%s: out of memory\n", prog);
            else if (e == TOOLS_FS_MKDIR_FAILED)
                fprintf(stderr, "%s: cannot create directory %s: %s\n", prog, failed, strerror(errno));
            else fprintf(stderr, "%s: %s is not a directory\n", prog, failed);
            return EXIT_IO;
        }
    }
    const npy_matrix mf = {o->m, o->n, o->cplx, (double *)F}, mg = {o->p, o->n, o->cplx, (double *)G},
                     ms = {o->n, 1, 0, (double *)sigma};
    const struct {
        const char *name;
        const npy_matrix *mat;
        int kind; /* 0 npy matrix, 1 npy vector, 2 raw */
    } outs[] = {{"F.npy", &mf, 0}, {"G.npy", &mg, 0}, {"sigma_ref.npy", &ms, 1}, {"pair.Y", &mf, 2}, {"pair.W", &mg, 2}};
    const size_t nouts = o->raw ? 5 : 3;
    for (size_t k = 0; k < nouts; ++k) {
        free(path);
        path = tools_join_path(outdir, outs[k].name);
        if (!path) {
            fprintf(stderr, "%s: out of memory\n", prog);
            goto out;
        }
        if (k == 2 && !have_ref) {
            /* no reference: remove a stale one, so that it is not taken for this pair's */
            if (unlink(path) != 0 && errno != ENOENT) {
                fprintf(stderr, "%s: cannot remove the stale %s: %s\n", prog, path, strerror(errno));
                rc = EXIT_IO;
                goto out;
            }
            continue;
        }
        const int e = (outs[k].kind == 2) ? raw_write(path, outs[k].mat, msg, sizeof msg)
                                          : npy_write(path, outs[k].mat, outs[k].kind == 1, msg, sizeof msg);
        if (e != 0) {
            fprintf(stderr, "%s: %s\n", prog, msg);
            rc = EXIT_IO;
            goto out;
        }
    }
    rc = 0;
out:
    free(path);
    return rc;
}

/* The one line saying what was written and what the reference is.  0, or EXIT_IO. */
static int print_written(const mkpair_opts *o, const double *sigma)
{
    const size_t m = o->m, p = o->p, n = o->n;
    const unsigned long long seed = (unsigned long long)o->seed;
    const char *outdir = o->outdir, *raw_files = o->raw ? ",pair.Y,pair.W" : "";
    if (o->mode == MODE_KNOWN)
        printf("hzgsvd_mkpair: %s M=%zu P=%zu N=%zu seed=%llu sigma=[%g, %g]%s cond_x=%g -> %s/{F.npy,G.npy,sigma_ref.npy%s}\n",
               o->cplx ? "complex" : "real", m, p, n, seed, o->smin, o->smax,
               o->sigma_uniform ? " uniform" : "", o->condx, outdir, raw_files);
    else if (o->mode == MODE_PAPER && !o->cplx)
        printf("hzgsvd_mkpair: paper real M=%zu P=%zu N=%zu seed=%llu sigma=[%g, %g] "
               "sigma_ref=sf/sg of the long double pair before rounding -> %s/{F.npy,G.npy,sigma_ref.npy%s}\n",
               m, p, n, seed, sigma[n - 1], sigma[0], outdir, raw_files);
    else if (o->mode == MODE_PAPER)
        printf("hzgsvd_mkpair: paper complex N=%zu seed=%llu F, G Hermitian positive definite, eigenvalues in (0, 1) "
               "sigma_ref=none (no closed form: use a higher-precision engine, build/hzgsvd_ref) -> %s/{F.npy,G.npy%s}\n",
               n, seed, outdir, raw_files);
    else
        printf("hzgsvd_mkpair: appg J=%d real N=%zu seed=%llu kappa(F^T F)=10 kappa(G^T G)=1e%d "
               "sigma_ref=none (no closed form: use a higher-precision engine, build/hzgsvd_ref) -> %s/{F.npy,G.npy%s}\n",
               o->appg_j, n, seed, o->appg_j, outdir, raw_files);
    return fflush(stdout) != 0 ? EXIT_IO : 0;
}

int main(int argc, char **argv)
{
    mkpair_opts o = mkpair_defaults();
    for (int i = 1; i < argc; ++i) {
        const int code = parse_option(argc, argv, &i, &o);
        if (code != MKPAIR_GO_ON) return code;
    }
    int rc = check_options(&o);
    if (rc != MKPAIR_GO_ON) return rc;

    rc = EXIT_OTHER;
    const size_t per = o.cplx ? 2 : 1;
    double *sigma = malloc(o.n * sizeof(double));
    double *F = malloc(o.m * o.n * per * sizeof(double)), *G = malloc(o.p * o.n * per * sizeof(double));
    if (!sigma || !F || !G) {
        fprintf(stderr, "%s: out of memory\n", prog);
        goto out;
    }
    const int have_ref = (o.mode == MODE_KNOWN) || (o.mode == MODE_PAPER && !o.cplx); /* sigma_ref.npy is written */
    rc = (o.mode == MODE_KNOWN) ? build_known(&o, F, G, sigma) : build_dataset(&o, F, G, sigma);
    if (rc == 0) rc = write_files(&o, F, G, sigma, have_ref);
    if (rc == 0) rc = print_written(&o, sigma);
out:
    free(F);
    free(G);
    free(sigma);
    return rc;
}
