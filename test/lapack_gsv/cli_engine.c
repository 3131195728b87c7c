/* cli_engine.c -- the engine "cli" of test_lapack_gsv: each pair of LAPACK's GSVD test suite goes
 * through the command-line program, and its outputs are turned into xGGSVD3's form, on which the
 * suite computes its own six ratios (xGSVTS3) as for every engine.
 *
 * Per call: A (M x N) and B (P x N) are written as F.npy and G.npy (Fortran order; M = 0 or P = 0
 * gives a file of shape (0, N)) into a temporary directory, and
 *
 *     hzgsvd --quiet --device D --preprocess always --x F.npy G.npy -o OUT
 *
 * runs (--preprocess always: LAPACK's ranks, as hzgsvd_cpu_?ggsvd3 takes them; sorted, the
 * default).  From OUT: U.npy, V.npy, X.npy, sigma_f.npy, sigma_g.npy and summary.json's rank_k,
 * rank_l.  Then, with r = K + L, as xGGSVD3's contract asks (and as hzgsvd_cpu_?ggsvd3 does it
 * inside the library): the RQ factorization of X's first r rows, X(1:r, :) = [0 R] Q^H (LAPACK's
 * xGERQF, xORGRQ / xUNGRQ), so that F = U diag(sigma_f) X gives U^H A Q = D1 [0 R]; R into A
 * (rows past M into B); ALPHA = sigma_f, BETA = sigma_g on the first r; U: the CLI's columns with
 * sigma_f > 0, V: its L columns after the K, each completed to a unitary matrix by a QR
 * factorization (xGEQRF, xORGQR / xUNGQR).  The conversion is LAPACK's own routines on the CLI's
 * outputs: nothing of the library is linked in.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli_engine.h"

#include <complex.h>
#include <errno.h>
#include <fcntl.h>
#include <lapacke.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tools/cli/npy.h"

static const char *cli_exe = "build/hzgsvd";
static const char *cli_device = "cpu";
static char cli_dir[4096];        /* the temporary directory, made at the first call */
static char cli_detail[1024];

void cli_engine_setup(const char *exe, const char *device)
{
    if (exe) cli_exe = exe;
    if (device) cli_device = device;
}

int cli_engine_ready(char *why, size_t len)
{
    if (access(cli_exe, X_OK) == 0) return 1;
    snprintf(why, len, "%s: %s (build it: make %s, or name it with --cli PATH)", cli_exe, strerror(errno), cli_exe);
    return 0;
}

const char *cli_last_detail(void) { return cli_detail; }

const char *cli_status_string(int code)
{
    static char s[64];
    snprintf(s, sizeof s, "hzgsvd exited %d (or the conversion failed)", code);
    return s;
}

static int cli_fail(int code, const char *fmt, const char *what)
{
    snprintf(cli_detail, sizeof cli_detail, fmt, what);
    return code;
}

static void cli_path(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "%s/%s", cli_dir, name);
}

static const char *const cli_outputs[] = { "out/U.npy", "out/V.npy", "out/Z.npy", "out/X.npy", "out/sigma_f.npy",
                                            "out/sigma_g.npy", "out/sigma.npy", "out/summary.json", NULL };

static void cli_cleanup(void)
{
    char p[4200];
    if (!cli_dir[0]) return;
    for (int i = 0; cli_outputs[i]; ++i) { cli_path(p, sizeof p, cli_outputs[i]); unlink(p); }
    static const char *const rest[] = { "F.npy", "G.npy", "stderr.txt", NULL };
    for (int i = 0; rest[i]; ++i) { cli_path(p, sizeof p, rest[i]); unlink(p); }
    cli_path(p, sizeof p, "out");
    rmdir(p);
    rmdir(cli_dir);
}

static int cli_make_dir(void)
{
    if (cli_dir[0]) return 0;
    const char *tmp = getenv("TMPDIR");
    snprintf(cli_dir, sizeof cli_dir, "%s/hzgsvd_gsv_cli.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(cli_dir)) { cli_dir[0] = '\0'; return -1; }
    atexit(cli_cleanup);
    return 0;
}

/* rows x cols of X (ld ldx, C doubles per element) into F.npy / G.npy */
static int cli_write(const char *name, const double *X, int ldx, int rows, int cols, int C)
{
    char path[4200], err[512];
    double *d = malloc(sizeof(double) * (size_t)C * (size_t)(rows > 0 ? rows : 1) * (size_t)cols);
    if (!d) return -1;
    for (int j = 0; j < cols; ++j)
        memcpy(d + (size_t)C * rows * j, X + (size_t)C * ldx * j, sizeof(double) * (size_t)C * rows);
    npy_matrix m = { (size_t)rows, (size_t)cols, C == 2, d };
    cli_path(path, sizeof path, name);
    const int rc = npy_write(path, &m, 0, err, sizeof err);
    if (rc) snprintf(cli_detail, sizeof cli_detail, "%s", err);
    free(d);
    return rc;
}

/* Runs the CLI on F.npy, G.npy; its exit code, or -1 (could not start it).  Its stderr (one line
 * on an error) into cli_detail. */
static int cli_run(void)
{
    char f[4200], g[4200], out[4200], errf[4200];
    cli_path(f, sizeof f, "F.npy");
    cli_path(g, sizeof g, "G.npy");
    cli_path(out, sizeof out, "out");
    cli_path(errf, sizeof errf, "stderr.txt");
    for (int i = 0; cli_outputs[i]; ++i) { char p[4200]; cli_path(p, sizeof p, cli_outputs[i]); unlink(p); }
    char *argv[] = { (char *)cli_exe, "--quiet", "--device", (char *)cli_device, "--preprocess", "always", "--x",
                     f, g, "-o", out, NULL };
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        int fd = open(errf, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) { dup2(fd, 1); dup2(fd, 2); close(fd); }
        execv(cli_exe, argv);
        fprintf(stderr, "cannot run %s: %s\n", cli_exe, strerror(errno));
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    cli_detail[0] = '\0';
    FILE *e = fopen(errf, "r");
    if (e) {
        size_t n = fread(cli_detail, 1, sizeof cli_detail - 1, e);
        cli_detail[n] = '\0';
        while (n > 0 && (cli_detail[n - 1] == '\n' || cli_detail[n - 1] == '\r')) cli_detail[--n] = '\0';
        fclose(e);
    }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    snprintf(cli_detail, sizeof cli_detail, "%s ended by signal %d", cli_exe, WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    return 128;
}

/* OUT/name into m (empty arrays too); rows x cols checked. */
static int cli_read(const char *name, npy_matrix *m, size_t rows, size_t cols, int C)
{
    char path[4200], err[512];
    cli_path(path, sizeof path, name);
    if (npy_read_allow_empty(path, m, err, sizeof err) != 0) { snprintf(cli_detail, sizeof cli_detail, "%s", err); return -1; }
    if (m->rows != rows || m->cols != cols || m->is_complex != (C == 2)) {
        snprintf(cli_detail, sizeof cli_detail, "%s: %zu x %zu %s, want %zu x %zu %s", name, m->rows, m->cols,
                 m->is_complex ? "complex" : "real", rows, cols, C == 2 ? "complex" : "real");
        return -1;
    }
    return 0;
}

/* summary.json's "key": integer */
static int cli_summary_int(const char *key, int *v)
{
    char path[4200], buf[16384], pat[64];
    cli_path(path, sizeof path, "out/summary.json");
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    const char *s = strstr(buf, pat);
    return s && sscanf(s + strlen(pat), "%d", v) == 1 ? 0 : -1;
}

/* Columns t..rows-1 of W (rows x rows, ld ldw) an orthonormal basis of the complement of its first t
 * (orthonormal) columns: the Q of their QR factorization. */
static int cli_complete(double *W, int ldw, int rows, int t, int C)
{
    if (t >= rows) return 0;
    double *Qc = calloc((size_t)C * rows * rows + (size_t)C * (t > 0 ? t : 1), sizeof(double));
    if (!Qc) return -1;
    double *tau = Qc + (size_t)C * rows * rows;
    int info = 0;
    for (int j = 0; j < t; ++j) memcpy(Qc + (size_t)C * rows * j, W + (size_t)C * ldw * j, sizeof(double) * (size_t)C * rows);
    if (t > 0)
        info = C == 2 ? LAPACKE_zgeqrf(LAPACK_COL_MAJOR, rows, t, (lapack_complex_double *)Qc, rows, (lapack_complex_double *)tau)
                      : LAPACKE_dgeqrf(LAPACK_COL_MAJOR, rows, t, Qc, rows, tau);
    if (info == 0)
        info = C == 2 ? LAPACKE_zungqr(LAPACK_COL_MAJOR, rows, rows, t, (lapack_complex_double *)Qc, rows, (lapack_complex_double *)tau)
                      : LAPACKE_dorgqr(LAPACK_COL_MAJOR, rows, rows, t, Qc, rows, tau);
    if (info == 0)
        for (int j = t; j < rows; ++j)
            memcpy(W + (size_t)C * ldw * j, Qc + (size_t)C * rows * j, sizeof(double) * (size_t)C * rows);
    free(Qc);
    return info == 0 ? 0 : -1;
}

/* The CLI's outputs into xGGSVD3's (C = 1 real, 2 complex; arrays interleaved doubles). */
static int cli_ggsvd3(int C, char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                      double *A, int lda, double *B, int ldb, double *alpha, double *beta,
                      double *U, int ldu, double *V, int ldv, double *Q, int ldq, int *iwork)
{
    const int wu = jobu == 'U' || jobu == 'u', wv = jobv == 'V' || jobv == 'v', wq = jobq == 'Q' || jobq == 'q';
    cli_detail[0] = '\0';
    if (cli_make_dir() != 0) return cli_fail(2, "cannot make a temporary directory: %s", strerror(errno));
    if (cli_write("F.npy", A, lda, m, n, C) != 0 || cli_write("G.npy", B, ldb, p, n, C) != 0) return 2;
    const int code = cli_run();
    if (code < 0) return cli_fail(2, "cannot start %s", cli_exe);
    if (code != 0) return code;

    npy_matrix Um = { 0, 0, 0, NULL }, Vm = Um, Xm = Um, Sf = Um, Sg = Um;
    int kk = 0, ll = 0, rc = 1;
    double *Xr = NULL, *Qf = NULL;
    if (cli_read("out/U.npy", &Um, (size_t)m, (size_t)n, C) || cli_read("out/V.npy", &Vm, (size_t)p, (size_t)n, C) ||
        cli_read("out/X.npy", &Xm, (size_t)n, (size_t)n, C) || cli_read("out/sigma_f.npy", &Sf, (size_t)n, 1, 1) ||
        cli_read("out/sigma_g.npy", &Sg, (size_t)n, 1, 1))
        goto done;
    if (cli_summary_int("rank_k", &kk) || cli_summary_int("rank_l", &ll) || kk < 0 || ll < 0 || kk + ll > n) {
        cli_fail(1, "%s: no rank_k, rank_l in range", "summary.json");
        goto done;
    }
    const int r = kk + ll;
    /* RQ of X's first r rows: X(1:r, :) = [0 R] Qf, Qf n x n unitary (the reflectors in its last r rows) */
    Xr = calloc((size_t)C * (size_t)(r > 0 ? r : 1) * n + (size_t)C * (r > 0 ? r : 1), sizeof(double));
    Qf = calloc((size_t)C * n * n, sizeof(double));
    if (!Xr || !Qf) { cli_fail(1, "%s", "out of memory"); goto done; }
    double *tau = Xr + (size_t)C * (r > 0 ? r : 1) * n;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < r; ++i)
            for (int c = 0; c < C; ++c) Xr[(size_t)C * (i + (size_t)r * j) + c] = Xm.data[(size_t)C * (i + (size_t)n * j) + c];
    int info = 0;
    if (r > 0)
        info = C == 2 ? LAPACKE_zgerqf(LAPACK_COL_MAJOR, r, n, (lapack_complex_double *)Xr, r, (lapack_complex_double *)tau)
                      : LAPACKE_dgerqf(LAPACK_COL_MAJOR, r, n, Xr, r, tau);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < r; ++i)
            for (int c = 0; c < C; ++c) Qf[(size_t)C * (n - r + i + (size_t)n * j) + c] = Xr[(size_t)C * (i + (size_t)r * j) + c];
    if (info == 0)
        info = C == 2 ? LAPACKE_zungrq(LAPACK_COL_MAJOR, n, n, r, (lapack_complex_double *)Qf, n, (lapack_complex_double *)tau)
                      : LAPACKE_dorgrq(LAPACK_COL_MAJOR, n, n, r, Qf, n, tau);
    if (info != 0) { snprintf(cli_detail, sizeof cli_detail, "xGERQF/xORGRQ of X: INFO = %d", info); goto done; }
    /* Q = Qf^H: A Q = U diag(sigma_f) X(1:r, :) Qf^H = U1 diag(sigma_f) [0 R] */
    if (wq)
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
                const double *s = Qf + (size_t)C * (j + (size_t)n * i);
                double *d = Q + (size_t)C * (i + (size_t)ldq * j);
                d[0] = s[0];
                if (C == 2) d[1] = -s[1];
            }
    /* R ((r x r) upper triangular, in Xr's last r columns) into A, its rows past M into B */
    for (int j = 0; j < r; ++j)
        for (int i = 0; i < r; ++i) {
            const double *s = Xr + (size_t)C * (i + (size_t)r * (n - r + j));
            double *d = NULL;
            if (i < m) d = A + (size_t)C * (i + (size_t)lda * (n - r + j));
            else if (j >= m) d = B + (size_t)C * (i - kk + (size_t)ldb * (n - r + j));
            if (!d) continue;
            for (int c = 0; c < C; ++c) d[c] = i <= j ? s[c] : 0.0;
        }
    for (int i = 0; i < n; ++i) {
        alpha[i] = i < r ? Sf.data[i] : 0.0;
        beta[i] = i < r ? Sg.data[i] : 0.0;
        iwork[i] = i + 1;   /* sorted: ALPHA(K+1 : MIN(M, K+L)) already descending */
    }
    *k = kk;
    *l = ll;
    /* U: the columns with sigma_f > 0 (the K, then the finite ones), then a completion; V: the L columns */
    int t = 0;
    while (t < r && Sf.data[t] > 0.0) ++t;
    if (t > m) t = m;
    if (wu && m > 0) {
        for (int j = 0; j < t; ++j) memcpy(U + (size_t)C * ldu * j, Um.data + (size_t)C * m * j, sizeof(double) * (size_t)C * m);
        if (cli_complete(U, ldu, m, t, C) != 0) { cli_fail(1, "%s", "completing U: xGEQRF/xORGQR failed"); goto done; }
    }
    const int lv = ll < p ? ll : p;
    if (wv && p > 0) {
        for (int j = 0; j < lv; ++j)
            memcpy(V + (size_t)C * ldv * j, Vm.data + (size_t)C * p * (kk + j), sizeof(double) * (size_t)C * p);
        if (cli_complete(V, ldv, p, lv, C) != 0) { cli_fail(1, "%s", "completing V: xGEQRF/xORGQR failed"); goto done; }
    }
    rc = 0;
done:
    free(Xr);
    free(Qf);
    npy_free(&Um);
    npy_free(&Vm);
    npy_free(&Xm);
    npy_free(&Sf);
    npy_free(&Sg);
    return rc;
}

int cli_dggsvd3(char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                double *A, int lda, double *B, int ldb, double *alpha, double *beta,
                double *U, int ldu, double *V, int ldv, double *Q, int ldq, int *iwork)
{
    return cli_ggsvd3(1, jobu, jobv, jobq, m, n, p, k, l, A, lda, B, ldb, alpha, beta, U, ldu, V, ldv, Q, ldq, iwork);
}

int cli_zggsvd3(char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                double _Complex *A, int lda, double _Complex *B, int ldb, double *alpha,
                double *beta, double _Complex *U, int ldu, double _Complex *V, int ldv,
                double _Complex *Q, int ldq, int *iwork)
{
    return cli_ggsvd3(2, jobu, jobv, jobq, m, n, p, k, l, (double *)A, lda, (double *)B, ldb, alpha, beta,
                      (double *)U, ldu, (double *)V, ldv, (double *)Q, ldq, iwork);
}
