/* hzgsvd_ref.c -- `hzgsvd_ref`: the reference generalized singular values of a double pair, by the
 * reference engine (hzgsvd_ref.h: the CPU engine in x87 long double, u = 2^-64).
 *
 *     hzgsvd_ref [--threads T] [--quiet] F.npy G.npy -o OUTDIR
 *
 * Reads F and G (.npy, float64 or complex128, either order), converts them to long double
 * (exactly), runs the engine with the default options (variant 0, ME-FB-ME, sorted) and writes
 * OUTDIR/sigma.npy, sigma_f.npy, sigma_g.npy: the values rounded to double, sigma descending.
 * Prints one line "n = N, sweeps = S, seconds = T" on stdout, a progress line per sweep on stderr
 * (unless --quiet); --help the usage, --version the library version.  Exit codes as `hzgsvd`: 0 success, 2 usage, 3 file error, 4 F/G mismatch,
 * 10 + status for a library error. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_ref.h"
#include "tools/cli/npy.h"
#include "tools/common/tools_fs.h"   /* tools_mkdir_p, tools_join_path */

enum { EXIT_OK = 0, EXIT_USAGE = 2, EXIT_FILE = 3, EXIT_MISMATCH = 4, EXIT_LIBRARY_BASE = 10 };

static const char usage[] =
    "usage: hzgsvd_ref [--threads T] [--quiet] F.npy G.npy -o OUTDIR\n"
    "       hzgsvd_ref --help | --version\n"
    "  The generalized singular values of (F, G) by the long double reference engine (u = 2^-64);\n"
    "  writes OUTDIR/sigma.npy (descending), sigma_f.npy, sigma_g.npy, rounded to double.\n"
    "  Exit codes: 0 success, 2 usage, 3 file error, 4 F/G mismatch, 10 + status library error.\n";

static void on_progress(const hzgsvd_progress *p, void *user)
{
    (void)user;
    fprintf(stderr, "hzgsvd_ref: sweep %d: %llu big of %llu transformations, %.1f s\n",
            p->sweep, p->big, p->all, p->seconds);
}

static int write_vector(const char *dir, const char *name, const long double *v, int n)
{
    char err[512] = "";
    double *d = malloc(sizeof(double) * (size_t)n);
    char *path = tools_join_path(dir, name);
    if (d == NULL || path == NULL) { fprintf(stderr, "hzgsvd_ref: out of memory\n"); free(d); free(path); return -1; }
    for (int i = 0; i < n; ++i) d[i] = (double)v[i];     /* round to nearest */
    npy_matrix m = { (size_t)n, 1, 0, d };
    const int rc = npy_write(path, &m, 1, err, sizeof err);
    if (rc != 0) fprintf(stderr, "hzgsvd_ref: %s\n", err[0] ? err : path);
    free(d);
    free(path);
    return rc;
}

int main(int argc, char **argv)
{
    const char *pos[2] = { NULL, NULL }, *outdir = NULL;
    int npos = 0, threads = 0, quiet = 0;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { fputs(usage, stdout); return EXIT_OK; }
        if (!strcmp(argv[i], "--version")) { printf("hzgsvd_ref %s\n", hzgsvd_version()); return EXIT_OK; }
        if (!strcmp(argv[i], "--quiet")) { quiet = 1; continue; }
        if (!strcmp(argv[i], "--threads") || !strcmp(argv[i], "-o")) {
            if (i + 1 >= argc) { fprintf(stderr, "hzgsvd_ref: %s needs a value\n%s", argv[i], usage); return EXIT_USAGE; }
            if (!strcmp(argv[i], "-o")) { outdir = argv[++i]; continue; }
            char *end;
            errno = 0;
            const long t = strtol(argv[++i], &end, 10);
            if (errno || *end || end == argv[i] || t < 0 || t > 4096) {
                fprintf(stderr, "hzgsvd_ref: --threads %s: not a thread count\n", argv[i]);
                return EXIT_USAGE;
            }
            threads = (int)t;
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1] != '\0') { fprintf(stderr, "hzgsvd_ref: unknown option %s\n%s", argv[i], usage); return EXIT_USAGE; }
        if (npos == 2) { fprintf(stderr, "hzgsvd_ref: too many arguments\n%s", usage); return EXIT_USAGE; }
        pos[npos++] = argv[i];
    }
    if (npos != 2 || outdir == NULL) { fprintf(stderr, "hzgsvd_ref: need F.npy, G.npy and -o OUTDIR\n%s", usage); return EXIT_USAGE; }

    npy_matrix Fm = { 0, 0, 0, NULL }, Gm = { 0, 0, 0, NULL };
    char err[512] = "";
    if (npy_read(pos[0], &Fm, err, sizeof err) != 0 || npy_read(pos[1], &Gm, err, sizeof err) != 0) {
        fprintf(stderr, "hzgsvd_ref: %s\n", err[0] ? err : "cannot read the input");
        npy_free(&Fm); npy_free(&Gm);
        return EXIT_FILE;
    }
    if (Fm.is_complex != Gm.is_complex || Fm.cols != Gm.cols || Fm.rows > (size_t)INT_MAX
        || Gm.rows > (size_t)INT_MAX || Fm.cols > (size_t)INT_MAX) {
        fprintf(stderr, "hzgsvd_ref: F is %zu x %zu %s, G is %zu x %zu %s: they need the same n and kind\n",
                Fm.rows, Fm.cols, Fm.is_complex ? "complex" : "real", Gm.rows, Gm.cols, Gm.is_complex ? "complex" : "real");
        npy_free(&Fm); npy_free(&Gm);
        return EXIT_MISMATCH;
    }
    const int cplx = Fm.is_complex, m_f = (int)Fm.rows, m_g = (int)Gm.rows, n = (int)Fm.cols;
    const size_t c = cplx ? 2 : 1, lf = c * (size_t)m_f * (size_t)n, lg = c * (size_t)m_g * (size_t)n;
    const size_t lz = c * (size_t)n * (size_t)n, nn = n > 0 ? (size_t)n : 1;
    long double *F = malloc(sizeof(long double) * (lf ? lf : 1)), *G = malloc(sizeof(long double) * (lg ? lg : 1));
    long double *Z = malloc(sizeof(long double) * (lz ? lz : 1)), *s = malloc(sizeof(long double) * 3 * nn);
    int code = EXIT_OK;
    if (!F || !G || !Z || !s) {
        fprintf(stderr, "hzgsvd_ref: out of memory (n = %d)\n", n);
        code = EXIT_LIBRARY_BASE + HZGSVD_ERR_OUT_OF_MEMORY;
        goto done;
    }
    for (size_t i = 0; i < lf; ++i) F[i] = Fm.data[i];   /* exact: every double is a long double */
    for (size_t i = 0; i < lg; ++i) G[i] = Gm.data[i];
    if (tools_mkdir_p(outdir, NULL, 0) != TOOLS_FS_OK) {
        fprintf(stderr, "hzgsvd_ref: %s: cannot create the output directory\n", outdir);
        code = EXIT_FILE;
        goto done;
    }

    hzgsvd_options opt = hzgsvd_default_options();
    opt.threads = threads;
    opt.progress = quiet ? NULL : on_progress;
    hzgsvd_info info;
    long double *sf = s, *sg = s + nn, *ss = s + 2 * nn;
    const hzgsvd_status st = cplx ? hzgsvd_ref_zgsvd(m_f, m_g, n, F, m_f, G, m_g, Z, n, sf, sg, ss, &opt, &info)
                                  : hzgsvd_ref_dgsvd(m_f, m_g, n, F, m_f, G, m_g, Z, n, sf, sg, ss, &opt, &info);
    if (st != HZGSVD_SUCCESS) {
        fprintf(stderr, "hzgsvd_ref: library: %s (%s)\n", hzgsvd_status_string(st), info.detail);
        code = EXIT_LIBRARY_BASE + (int)st;
        goto done;
    }
    if (write_vector(outdir, "sigma.npy", ss, n) || write_vector(outdir, "sigma_f.npy", sf, n)
        || write_vector(outdir, "sigma_g.npy", sg, n)) {
        code = EXIT_FILE;
        goto done;
    }
    printf("n = %d, sweeps = %d, seconds = %.2f\n", n, info.sweeps, info.seconds);

done:
    free(F); free(G); free(Z); free(s);
    npy_free(&Fm); npy_free(&Gm);
    return code;
}
