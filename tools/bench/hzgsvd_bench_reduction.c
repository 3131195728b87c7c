/* hzgsvd_bench_reduction -- times the CPU engine's rank-revealing reduction of a general pair.
 *
 *   build/hzgsvd_bench_reduction [--repeat R] F.npy G.npy
 *   build/hzgsvd_bench_reduction [--repeat R] --tikhonov N
 *
 * Runs the general-pair path of hzgsvd_cpu_dgsvd / zgsvd with preprocess = 1 (the path of
 * `hzgsvd --preprocess always`, and the host part of a general pair on the GPU engine) with the
 * Hari-Zimmermann iteration on the core replaced by a stub that returns the identity (U = V = I,
 * Z = I, sigma = 1): what it times is everything else -- the QR factorizations with column
 * pivoting, the RQ and LQ steps, the core's orthogonality check, Z = Q Y, U and V taken back
 * through the reflectors.  --tikhonov N: F the Gaussian smoothing kernel of test_engine_general
 * (N x N), G the first-difference operator ((N - 1) x N).  Prints one line: the sizes, K, L, the
 * core's order and the best of R runs (default 3) in seconds, then every run.  OpenMP threads:
 * OMP_NUM_THREADS.  Exit status: 0 timed; 2 usage; 3 unreadable file; 4 shapes or types do not
 * match; 1 out of memory or a failed reduction.
 */
#define _POSIX_C_SOURCE 200809L
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "tools/cli/npy.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *prog = "hzgsvd_bench_reduction";

static void usage(FILE *to)
{
    fprintf(to,
            "usage: %s [--repeat R] F.npy G.npy\n"
            "       %s [--repeat R] --tikhonov N\n"
            "       %s --help | --version\n"
            "  Times the reduction of a general pair on the CPU (preprocess = 1), the core's iteration\n"
            "  replaced by a stub; prints sizes, K, L, the core's order and the best of R runs (default 3).\n",
            prog, prog, prog);
}

static int g_cplx;

/* The stub core: U = V = Z = I, sigma_f = sigma_g = 1/sqrt(2), sigma = 1. */
static hzgsvd_status stub_core(int s, double *Ac, double *Bc, double *Zc, double *sf, double *sg, double *ss,
                               const hzgsvd_options *o, hzgsvd_info *info, double t0, hzgsvd__on_deficient mode)
{
    const size_t c = g_cplx ? 2 : 1, s2 = c * (size_t)s * s;
    (void)o; (void)info; (void)t0; (void)mode;
    memset(Ac, 0, sizeof(double) * s2);
    memset(Bc, 0, sizeof(double) * s2);
    memset(Zc, 0, sizeof(double) * s2);
    for (int i = 0; i < s; ++i) {
        const size_t d = c * ((size_t)i + (size_t)i * s);
        Ac[d] = Bc[d] = Zc[d] = 1.0;
        sf[i] = sg[i] = sqrt(0.5);
        ss[i] = 1.0;
    }
    return HZGSVD_SUCCESS;
}

int main(int argc, char **argv)
{
    int repeat = 3, tik = 0;
    const char *files[2] = {NULL, NULL};
    int nfiles = 0;
    for (int a = 1; a < argc; ++a) {
        if (!strcmp(argv[a], "--help")) { usage(stdout); return 0; }
        if (!strcmp(argv[a], "--version")) { printf("%s %s\n", prog, HZGSVD_VERSION_STRING); return 0; }
        if (!strcmp(argv[a], "--repeat") && a + 1 < argc) { repeat = atoi(argv[++a]); continue; }
        if (!strcmp(argv[a], "--tikhonov") && a + 1 < argc) { tik = atoi(argv[++a]); continue; }
        if (argv[a][0] == '-' || nfiles == 2) { usage(stderr); return 2; }
        files[nfiles++] = argv[a];
    }
    if (repeat < 1 || (tik ? (tik < 2 || nfiles != 0) : nfiles != 2)) { usage(stderr); return 2; }
    npy_matrix F = {0, 0, 0, NULL}, G = {0, 0, 0, NULL};
    char err[256];
    if (tik) {
        const int n = tik;
        F.rows = F.cols = (size_t)n;
        G.rows = (size_t)n - 1; G.cols = (size_t)n;
        F.data = (double *)calloc((size_t)n * n, sizeof(double));
        G.data = (double *)calloc((size_t)(n - 1) * n, sizeof(double));
        if (!F.data || !G.data) { fprintf(stderr, "%s: out of memory\n", prog); return 1; }
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
                const double x = (double)(i - j) / n;
                F.data[i + (size_t)j * n] = exp(-x * x / (2.0 * 0.05 * 0.05)) / n;
            }
        for (int i = 0; i < n - 1; ++i) {
            G.data[i + (size_t)i * (n - 1)] = -1.0;
            G.data[i + (size_t)(i + 1) * (n - 1)] = 1.0;
        }
    } else {
        for (int f = 0; f < 2; ++f)
            if (npy_read(files[f], f ? &G : &F, err, sizeof err)) { fprintf(stderr, "%s: %s: %s\n", prog, files[f], err); return 3; }
        if (F.cols != G.cols || F.is_complex != G.is_complex) {
            fprintf(stderr, "%s: F and G differ in columns or type\n", prog);
            return 4;
        }
    }
    g_cplx = F.is_complex;
    const int m_f = (int)F.rows, m_g = (int)G.rows, n = (int)F.cols, c = g_cplx ? 2 : 1;
    const size_t nf = (size_t)c * F.rows * F.cols, ng = (size_t)c * G.rows * G.cols;
    double *Fw = (double *)malloc(sizeof(double) * (nf + ng + (size_t)c * n * n + 3 * (size_t)n));
    if (!Fw) { fprintf(stderr, "%s: out of memory\n", prog); return 1; }
    double *Gw = Fw + nf, *Z = Gw + ng, *sf = Z + (size_t)c * n * n, *sg = sf + n, *ss = sg + n;
    double best = HUGE_VAL, *runs = (double *)malloc(sizeof(double) * (size_t)repeat);
    hzgsvd_info info;
    const hzgsvd_options o0 = hzgsvd_default_options();
    hzgsvd_options o = hzgsvd__with_width(&o0, HZGSVD__CPU_BLOCK_WIDTH);
    o.preprocess = 1;
    for (int r = 0; r < repeat; ++r) {
        memcpy(Fw, F.data, sizeof(double) * nf);
        memcpy(Gw, G.data, sizeof(double) * ng);
        hzgsvd__info_reset(&info);
        const double t0 = hzgsvd__now();
        const hzgsvd_status st = g_cplx ? hzgsvd__gsvd_general(&hzgsvd__z_dense_prec, m_f, m_g, n, Fw, m_f > 0 ? m_f : 1, Gw, m_g > 0 ? m_g : 1, Z, n, sf, sg, ss, &o, &info, t0, stub_core)
                                        : hzgsvd__gsvd_general(&hzgsvd__d_dense_prec, m_f, m_g, n, Fw, m_f > 0 ? m_f : 1, Gw, m_g > 0 ? m_g : 1, Z, n, sf, sg, ss, &o, &info, t0, stub_core);
        runs[r] = hzgsvd__now() - t0;
        if (st != HZGSVD_SUCCESS) { fprintf(stderr, "%s: the reduction failed: %s\n", prog, info.detail); return 1; }
        if (runs[r] < best) best = runs[r];
    }
    int s = 0;
    for (int j = 0; j < n; ++j) s += sf[j] > 0.0 && sg[j] > 0.0;
    printf("%s m_f %d m_g %d n %d K %d L %d core %d seconds %.3f runs", g_cplx ? "complex" : "real", m_f, m_g, n, info.rank_k,
           info.rank_l, s, best);
    for (int r = 0; r < repeat; ++r) printf(" %.3f", runs[r]);
    printf("\n");
    free(runs); free(Fw); npy_free(&F); npy_free(&G);
    return 0;
}
