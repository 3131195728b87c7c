/* hzgsvd_cli.c -- the command-line program `hzgsvd`: the generalized SVD of a pair (F, G) read
 * from .npy files (or the paper's raw Fortran-order files), written back in the same format
 * together with a JSON summary.  Run `hzgsvd --help` for the usage and the exit codes.
 *
 * This is the one translation unit of the program that compiles the CPU engine. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#ifdef HZGSVD_WITH_CUDA
#include "tools/cli/hzgsvd_cli_gpu.h"   /* the GPU engine, compiled by nvcc (tools/cli/hzgsvd_cli_gpu.cu) */
#endif
#ifdef HZGSVD_WITH_MPI
#include "tools/cli/hzgsvd_cli_mpi.h"   /* the distributed engine (tools/cli/hzgsvd_cli_mpi.c) */
#endif
#include "tools/cli/npy.h"
#include "tools/common/tools_fs.h"   /* tools_mkdir_p, tools_join_path */

/* ------------------------------------------------------------------------------------------ */
/* Exit codes.  A library status s maps to EXIT_LIBRARY_BASE + s (see exit_for_status).       */

enum {
    EXIT_OK = 0,
    EXIT_USAGE = 2,        /* unknown option, missing or bad argument, missing -o */
    EXIT_FILE = 3,         /* an input cannot be read or parsed, an output cannot be written */
    EXIT_MISMATCH = 4,     /* F and G differ in n or in kind (real/complex), or a size beyond int */
    EXIT_LIBRARY_BASE = 10 /* + hzgsvd_status */
};

/* What a stage of main (parsing included) returns where the run goes on; else it returns the exit code. */
#define CLI_GO_ON (-1)

/* The library's limits on the options (hzgsvd__check_args), checked here too so that a bad value
 * is a usage error at once, not a library error after the inputs were read.  Threads: beyond about
 * a thousand, libgomp fails to create them (or crashes) before the library could refuse. */
#define CLI_MAX_THREADS HZGSVD_MAX_THREADS
#define CLI_MAX_SWEEPS 1000
#define CLI_MAX_BLOCK_WIDTH 64

#define CLI_STATUS_LAST HZGSVD_STATUS_LAST

static int exit_for_status(hzgsvd_status st)
{
    int code = EXIT_LIBRARY_BASE + (int)st;
    return (code >= 1 && code <= 127) ? code : 127;
}

/* Every diagnostic is one line on stderr beginning with "hzgsvd: ". */
static void say(const char *fmt, ...)
{
    va_list ap;
    char line[2048];
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    /* Keep it one line whatever a file name or a reason holds. */
    for (char *p = line; *p; ++p)
        if (*p == '\n' || *p == '\r') *p = ' ';
    fprintf(stderr, "hzgsvd: %s\n", line);
}

/* ------------------------------------------------------------------------------------------ */
/* Usage.                                                                                     */

/* --help, in two parts: what the program does, its input, output and options; then the progress
 * line and the exit codes. */
static void print_help_usage_options(FILE *out)
{
    fprintf(out,
"Usage: hzgsvd [OPTIONS] F.npy G.npy -o OUTDIR\n"
"       hzgsvd [OPTIONS] --raw --rows-f M --rows-g P --cols N [--complex] FN -o OUTDIR\n"
"       mpirun -np P hzgsvd --mpi [OPTIONS] F.npy G.npy -o OUTDIR\n"
"       hzgsvd --help | --version\n"
"\n"
"Computes the generalized SVD  F Z = U diag(sigma_f),  G Z = V diag(sigma_g),  Z nonsingular,\n"
"sigma = sigma_f / sigma_g,  of F (m_F x n) and G (m_G x n) by the blocked implicit\n"
"Hari-Zimmermann Jacobi method.  A full-rank pair with m_F, m_G >= n has sigma_f^2 + sigma_g^2 = 1\n"
"and U^H U = V^H V = I; any other pair (fewer rows than columns, F or G rank deficient) is first\n"
"reduced to a full-rank core (--preprocess; on the host, also for --device gpu, whose core then\n"
"runs on the GPU; the distributed engine takes full-rank pairs with m_F, m_G >= n only).  The\n"
"columns come in three groups:\n"
"  K          sigma = inf: sigma_f = 1, sigma_g = 0 (V's column zero; G z = 0)\n"
"  L          finite sigma, descending (unless --no-sort); sigma_f^2 + sigma_g^2 = 1; those with\n"
"             sigma = 0 (sigma_f = 0, U's column zero; F z = 0) last\n"
"  n - K - L  the common null space (F z = G z = 0): sigma_f = sigma_g = 0, sigma NaN in\n"
"             sigma.npy, U's and V's columns zero\n"
"K + L = rank([F; G]), L = rank(G); a full-rank pair has K = 0, L = n (summary.json: rank_k,\n"
"rank_l).  The nonzero columns of U and of V are orthonormal.\n"
"\n"
"Input:\n"
"  F.npy G.npy         real float64 ('<f8') or complex complex128 ('<c16') .npy files, C or\n"
"                      Fortran order; both of the same kind and with the same number of columns;\n"
"                      read strictly (a header as numpy writes it, the file ending where the\n"
"                      data does: extra bytes or NULs in the dtype are file errors)\n"
"  --raw FN            the paper's raw files FN.Y (= F) and FN.W (= G): doubles in Fortran order,\n"
"                      no header; sizes from --rows-f M (F), --rows-g P (G), --cols N\n"
"  --complex           (with --raw) the raw files are complex: interleaved (re, im) pairs\n"
"                      of doubles, as the paper's code reads and writes them\n"
"  F or G may have no rows (.npy of shape (0, n); --raw: --rows-f 0 or --rows-g 0, an empty\n"
"  file), as LAPACK's xGGSVD3 takes M = 0 or P = 0: U.npy (V.npy) is then written with shape\n"
"  (0, n) (--raw: an empty FN.YU, FN.WV).  n = 0 (no columns) is refused (exit %d: n < 1).\n"
"  3-D .npy files (b, m_F, n) and (b, m_G, n) are b pairs (\"Stacks\" below).\n"
"\n"
"Output (OUTDIR is created if needed):\n"
"  .npy input:  OUTDIR/U.npy (m_F x n), V.npy (m_G x n), Z.npy (n x n), sigma_f.npy, sigma_g.npy,\n"
"               sigma.npy (length n), all in Fortran order; with --x also X.npy (n x n)\n"
"  --raw input: OUTDIR/FN.YU, FN.WV, FN.Z, FN.SY, FN.SW, FN.SS (the same, raw; FN without its\n"
"               directory); with --x also FN.X\n"
"  always:      OUTDIR/summary.json (version, device, sizes, options, sweeps, transformation\n"
"               counts, seconds, status, detail, outputs_written, x_written, input paths; the\n"
"               reduction's preprocessed, rank_k, rank_l and rank tolerances tol_f, tol_g, 0\n"
"               without it; the start's preconditioner, precondition_seconds,\n"
"               precondition_growth, precondition_note), written whenever the inputs could\n"
"               be read\n"
"\n"
"Options:\n"
"  -o, --output DIR     the output directory (required)\n"
"  --device D           cpu, gpu[:K] or auto (default auto: the GPU if the build has a GPU\n"
"                       engine and a GPU is present, else the CPU)\n"
"  --variant V          0..7, the paper's Table 1 (default 0)\n"
"  --outer S            block-level Jacobi strategy: me or mm (default me)\n"
"  --inner S            pointwise Jacobi strategy: me or mm (default me)\n"
"  --blocking B         fb (full block) or bo (block oriented) (default bo)\n"
"  --no-sort            do not sort; sigma is then not ordered\n"
"  --refine, --no-refine  sigma as ||F z|| / ||G z|| recomputed from the input with split\n"
"                       products (docs/NUMERICS.md), or from the final iterate's column norms;\n"
"                       default: refine where the engine holds the input (CPU, GPU, --mpi\n"
"                       ranks)\n"
"  --max-sweeps N       at most N outer sweeps, 1..%d (default 30)\n"
"  --block-width W      columns per block column: 0 = the engine's choice (the default: CPU 16,\n"
"                       GPU 16 for n <= 2048 else 32, --mpi GPU ranks that for n/P), else CPU 1..%d,\n"
"                       GPU 16 or 32\n"
"  --threads N          CPU threads, 0..%d (default 0: the OpenMP default)\n"
"  --preprocess P       auto, always or never (default auto): the rank-revealing reduction of the\n"
"                       pair to a full-rank core (CPU and GPU engines).  auto: only where the pair\n"
"                       needs it (m_F < n, m_G < n, or F or G numerically rank deficient); always:\n"
"                       every pair; never: such a pair is refused (m < n: exit %d, rank deficient:\n"
"                       %d).  The distributed engine (--mpi) does not reduce: it refuses always\n"
"                       (exit %d) and such pairs as never does\n"
"  --precondition P     auto, none, qr-eig or qr-svd (default auto): how the iteration starts.\n"
"                       qr-eig: a preconditioned start from a QR of G and a Hermitian\n"
"                       eigensolver, 2-3 sweeps instead of 9-24 where it applies; qr-svd: the\n"
"                       same with an SVD instead (slower to compute; also resolves graded and\n"
"                       Tikhonov pairs); a qr-eig start not converged after 3 sweeps gives way\n"
"                       to qr-svd (graded pairs); where the start fails its trust test the plain\n"
"                       start runs; none: the plain start (the outputs of earlier versions bit for\n"
"                       bit); auto: the engine's choice (GPU: qr-eig from n = 256; CPU: qr-svd\n"
"                       from n = 64; full-rank pairs and the reduced cores of general pairs;\n"
"                       else none).  The distributed engine (--mpi): Z0 once on rank 0, the\n"
"                       pair then distributed; auto is qr-eig from n = 256 on GPU ranks of one\n"
"                       node (CUDA IPC; other transports: the plain start) and qr-svd from\n"
"                       n = 64 on CPU ranks.\n"
"                       summary.json: preconditioner, precondition_note\n"
"  --x                  also write X.npy (--raw: FN.X), n x n, with F = U diag(sigma_f) X and\n"
"                       G = V diag(sigma_g) X (X = Z^-1), computed after the run (any engine) from\n"
"                       a copy of F and G kept for it; written with the other outputs on success\n"
"                       and on no convergence\n"
"  --mpi                the distributed engine (paper section 4): start with mpirun, one rank per\n"
"                       GPU (--device gpu) or per CPU engine (--device cpu); auto: GPUs if the\n"
"                       build and rank 0 have them.  Rank 0 reads the inputs and writes the outputs\n"
"  --outermost S        (--mpi) strategy over the 2P stripes: me or mm (default me)\n"
"  --outermost-blocking B  (--mpi) bo: one block sweep per rank and step (default); fb: up to 30\n"
"  --outermost-full     (--mpi) a rank sweeps all block pairs of its two stripes in every outermost\n"
"                       step (the paper's); default: in the last step of a sweep only, before it\n"
"                       only the pairs between its two stripes (about 1/P of a single-device sweep)\n"
"  --quiet              no progress lines on stderr (errors and warnings are still printed)\n"
"  -h, --help           this text\n"
"  --version            the version\n"
"\n",
            exit_for_status(HZGSVD_ERR_N_LESS_THAN_ONE), CLI_MAX_SWEEPS, CLI_MAX_BLOCK_WIDTH, CLI_MAX_THREADS,
            exit_for_status(HZGSVD_ERR_M_LESS_THAN_N), exit_for_status(HZGSVD_ERR_RANK_DEFICIENT),
            exit_for_status(HZGSVD_ERR_INVALID_ARGUMENT));
}

static void print_help_progress_exit_codes(FILE *out)
{
    fprintf(out,
"Progress: one line per outer sweep on stderr (with --mpi: per outermost sweep, from rank 0), e.g.\n"
"  hzgsvd: sweep 3/30: big 848658, all 1058943, 0.52 s\n"
"  sweep 3/30   the third sweep of at most --max-sweeps (30)\n"
"  all          2x2 transformations applied in this sweep: pivot pairs of columns that were not\n"
"               yet orthogonal to working precision, summed over every block pair and step\n"
"  big          those of them that changed the columns by more than rounding (the paper's\n"
"               criteria C1/C2); a sweep with big 0 has converged and ends the run, and big\n"
"               falls towards 0 over the sweeps (all may stay large: the small ones)\n"
"  0.52 s       seconds since the start of the run\n"
"  --device auto says on stderr when it falls back to the CPU engine (unless --quiet).  After a\n"
"  reduction the closing line gives K, L and the null space's dimension:\n"
"  hzgsvd: done: n = 30 (K = 0, L = 30, null 0), 7 sweeps, ...\n"
"  and after a preconditioned start (--precondition) it names it and its seconds:\n"
"  hzgsvd: done: n = 2048, 2 sweeps, qr-eig start (0.09 s), ...\n"
"\n"
"Exit codes:\n"
"  0          success\n"
"  2          usage error (unknown option, missing or bad argument, missing -o)\n"
"  3          file error (an input cannot be read or parsed, an output cannot be written)\n"
"  4          F and G do not match (different number of columns, real mixed with complex)\n"
"  10 + s     the library returned status s (the CLI checks the shapes before it allocates\n"
"             anything, and reports n < 1, and m < n where the engine refuses it (--preprocess\n"
"             never, --mpi), with the library's codes):\n");
    for (int s = HZGSVD_ERR_INVALID_ARGUMENT; s <= (int)CLI_STATUS_LAST; ++s)
        fprintf(out, "  %-10d %s\n", exit_for_status((hzgsvd_status)s),
                hzgsvd_status_string((hzgsvd_status)s));
    fprintf(out,
"             On %d (no convergence) the outputs and the summary are still written and a\n"
"             warning is printed.  On %d (rank deficient: the distributed engine, the CPU and\n"
"             GPU engines with --preprocess never, or a core singular at the engine's finer\n"
"             test) they are written when the rank test after convergence failed (summary.json:\n"
"             \"outputs_written\": true); otherwise, and on every other error, only\n"
"             summary.json is.  The error line says which.  X.npy only on 0 and %d.\n"
"             --device gpu on a build without a GPU engine gives %d.\n"
"Ctrl-C (SIGINT) or SIGTERM stops the run cleanly after the sweep in progress (exit %d,\n"
"             summary.json written, no outputs); a second one ends the program at once.\n"
"Every error is reported as one line on stderr beginning with \"hzgsvd: \".  Entries and\n"
"columns in the library's messages are 1-based, as in MATLAB and Fortran: F(4,5) is numpy's\n"
"F[3, 4], column 6 is F[:, 5].\n",
            exit_for_status(HZGSVD_ERR_NO_CONVERGENCE), exit_for_status(HZGSVD_ERR_RANK_DEFICIENT),
            exit_for_status(HZGSVD_ERR_NO_CONVERGENCE), exit_for_status(HZGSVD_ERR_NO_DEVICE),
            exit_for_status(HZGSVD_ERR_CANCELLED));
}

static void print_help_stacks(FILE *out)
{
    fprintf(out,
"Stacks (many pairs of one shape):\n"
"  F.npy and G.npy of shape (b, m_F, n) and (b, m_G, n) (C or Fortran order, the same b) are b\n"
"  pairs: on the CPU engine one batched call (hzgsvd_cpu_?gsvd_batched, OpenMP over the pairs,\n"
"  each pair bitwise what a run on it alone gives); on the GPU engine (--device gpu, or auto\n"
"  with a GPU) one batched call on the GPU (its kernel for n <= 64, pairs within rounding of the\n"
"  single-pair run; other shapes run as single pairs inside it).  The outputs\n"
"  are stacks in C order: U.npy (b, m_F, n), V.npy (b, m_G, n), Z.npy and X.npy (b, n, n),\n"
"  sigma_f.npy, sigma_g.npy, sigma.npy (b, n).  A pair that fails fails alone: the others are\n"
"  solved; its outputs are NaN where its engine wrote none.  summary.json adds \"batch\",\n"
"  \"pairs_failed\" and \"pairs\" (each pair's status, status_code, detail, sweeps, big, all,\n"
"  rank_k, rank_l, preprocessed, outputs_written, seconds); its top-level status, detail and exit\n"
"  code are the first failing pair's (detail: \"pair [i] of b (k failed): ...\"), sweeps the most\n"
"  of any pair, big and all summed, seconds the whole run's.  No progress lines; not with --mpi\n"
"  or --raw.\n"
"\n");
}

static void print_help(FILE *out)
{
    print_help_usage_options(out);
    print_help_stacks(out);
    print_help_progress_exit_codes(out);
}

/* ------------------------------------------------------------------------------------------ */
/* Strict number parsing.                                                                     */

/* Parses a whole decimal integer in [lo, hi] into *out; 0 on success, -1 otherwise. */
static int parse_int(const char *s, long lo, long hi, int *out)
{
    if (s == NULL || *s == '\0') return -1;
    const char *p = s;
    if (*p == '+' || *p == '-') ++p;
    if (*p < '0' || *p > '9') return -1;   /* no leading blanks, no empty digits */
    char *end = NULL;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0') return -1;
    if (v < lo || v > hi) return -1;
    *out = (int)v;
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Engines.  Each device the build can run on has one entry; the CLI calls it through `run`.
 * The GPU engine (a later issue) adds an entry here, compiled under #ifdef HZGSVD_WITH_CUDA,
 * whose `present` probes for a GPU.  Until then only the CPU engine exists.                  */

typedef struct cli_problem {
    int is_complex;
    int m_f, m_g, n;
    double *F, *G, *Z;            /* column major, ld = rows; U over F, V over G */
    double *sigma_f, *sigma_g, *sigma;
    int stacked, batch;           /* a stack of `batch` pairs: each array holds them one after the other */
} cli_problem;

typedef struct cli_engine {
    const char *name;                                   /* "cpu", "gpu" */
    int (*present)(void);                               /* 1: usable on this machine */
    hzgsvd_status (*run)(int ordinal, cli_problem *p, const hzgsvd_options *opt, hzgsvd_info *info);
    /* a stack of p->batch pairs in one call (status, info: each pair's); NULL: run per pair */
    hzgsvd_status (*run_batched)(int ordinal, cli_problem *p, const hzgsvd_options *opt, hzgsvd_status *status, hzgsvd_info *info);
} cli_engine;

static int cpu_present(void) { return 1; }

static hzgsvd_status cpu_run(int ordinal, cli_problem *p, const hzgsvd_options *opt, hzgsvd_info *info)
{
    (void)ordinal;
    /* leading dimensions at least 1, as LAPACK's: F or G may have no rows */
    const int ldf = p->m_f > 1 ? p->m_f : 1, ldg = p->m_g > 1 ? p->m_g : 1;
    if (p->is_complex)
        return hzgsvd_cpu_zgsvd(p->m_f, p->m_g, p->n, p->F, ldf, p->G, ldg, p->Z, p->n,
                                p->sigma_f, p->sigma_g, p->sigma, opt, info);
    return hzgsvd_cpu_dgsvd(p->m_f, p->m_g, p->n, p->F, ldf, p->G, ldg, p->Z, p->n,
                            p->sigma_f, p->sigma_g, p->sigma, opt, info);
}

#ifdef HZGSVD_WITH_CUDA
/* The single-GPU engine (tools/cli/hzgsvd_cli_gpu.cu), real and complex pairs. */
static char gpu_device_name[256] = "gpu";

static hzgsvd_status gpu_run(int ordinal, cli_problem *p, const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd_cli_gpu_run(ordinal, p->is_complex, p->m_f, p->m_g, p->n, p->F, p->G, p->Z,
                              p->sigma_f, p->sigma_g, p->sigma, opt, info, gpu_device_name, sizeof gpu_device_name);
}

static hzgsvd_status gpu_run_batched(int ordinal, cli_problem *p, const hzgsvd_options *opt, hzgsvd_status *status, hzgsvd_info *info)
{
    return hzgsvd_cli_gpu_run_batched(ordinal, p->is_complex, p->m_f, p->m_g, p->n, p->batch, p->F, p->G, p->Z, p->sigma_f, p->sigma_g,
                                      p->sigma, opt, status, info, gpu_device_name, sizeof gpu_device_name);
}
#endif

/* In order of preference for --device auto. */
static const cli_engine engines[] = {
#ifdef HZGSVD_WITH_CUDA
    { "gpu", hzgsvd_cli_gpu_present, gpu_run, gpu_run_batched },
#endif
    { "cpu", cpu_present, cpu_run, NULL },
};

static const cli_engine *find_engine(const char *name)
{
    for (size_t i = 0; i < sizeof engines / sizeof engines[0]; ++i)
        if (strcmp(engines[i].name, name) == 0) return &engines[i];
    return NULL;
}

/* ------------------------------------------------------------------------------------------ */
/* Files and directories.                                                                     */

static char *concat(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *s = malloc(la + lb + 1);
    if (s == NULL) return NULL;
    memcpy(s, a, la);
    memcpy(s + la, b, lb + 1);
    return s;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* ------------------------------------------------------------------------------------------ */
/* JSON.                                                                                      */

/* Length of the valid UTF-8 sequence at s (1..4), or 0 if s does not start one. */
static int utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    int n;
    unsigned min;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) { n = 2; min = 0x80; }
    else if (c >= 0xE0 && c <= 0xEF) { n = 3; min = 0x800; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 4; min = 0x10000; }
    else return 0;
    unsigned cp = c & (0x3Fu >> (n - 1));
    for (int i = 1; i < n; ++i) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
}

/* Writes s as a JSON string: quotes, backslashes and control characters escaped, bytes that are
 * not valid UTF-8 replaced by U+FFFD. */
static void json_string(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    fputc('"', f);
    while (*p) {
        unsigned c = *p;
        if (c == '"') { fputs("\\\"", f); ++p; }
        else if (c == '\\') { fputs("\\\\", f); ++p; }
        else if (c == '\n') { fputs("\\n", f); ++p; }
        else if (c == '\r') { fputs("\\r", f); ++p; }
        else if (c == '\t') { fputs("\\t", f); ++p; }
        else if (c < 0x20 || c == 0x7F) { fprintf(f, "\\u%04x", c); ++p; }
        else if (c < 0x80) { fputc((int)c, f); ++p; }
        else {
            int n = utf8_len(p);
            if (n == 0) { fputs("\\ufffd", f); ++p; }
            else { fwrite(p, 1, (size_t)n, f); p += n; }
        }
    }
    fputc('"', f);
}

static const char *strategy_name(hzgsvd_strategy s) { return s == HZGSVD_STRATEGY_MM ? "mm" : "me"; }
static const char *blocking_name(hzgsvd_blocking b) { return b == HZGSVD_BLOCKING_BO ? "bo" : "fb"; }
static const char *preprocess_name(int p) { return p < 0 ? "auto" : p ? "always" : "never"; }
/* options.precondition and info.preconditioner: "auto", "none", "qr-eig" (hzgsvd_precondition_name) */
static const char *precondition_name(int p) { return hzgsvd_precondition_name(p); }

typedef struct cli_args cli_args;

/* ------------------------------------------------------------------------------------------ */
/* Command line.                                                                              */

struct cli_args {
    const char *device;          /* "auto", "cpu", "gpu", "gpu:K" */
    const char *device_name;     /* the engine part: "auto", "cpu" or "gpu" */
    int device_ordinal;          /* K of gpu:K, else -1 */
    hzgsvd_options opt;
    int quiet;
    int mpi;                     /* --mpi: the distributed engine */
    int raw, raw_complex;
    int rows_f, rows_g, cols;    /* --raw sizes; rows -1, cols 0 = not given (F or G may have 0 rows) */
    int want_x;                  /* --x: also X with F = U diag(sigma_f) X, G = V diag(sigma_g) X */
    const char *outdir;
    const char *pos[2];
    int npos;
};

/* Returns -1 to go on, else the exit code (help/version: 0, usage error: 2). */
/* A flag (an option without a value): sets it in *a.  CLI_GO_ON, or EXIT_OK after --help and
 * --version (printed here). */
static int parse_flag(const char *name, cli_args *a)
{
    if (!strcmp(name, "-h") || !strcmp(name, "--help")) { print_help(stdout); return EXIT_OK; }
    if (!strcmp(name, "--version")) {
        printf("hzgsvd %s (engines:", hzgsvd_version());
        for (size_t i = 0; i < sizeof engines / sizeof engines[0]; ++i) printf(" %s", engines[i].name);
#ifdef HZGSVD_WITH_MPI
        printf(" mpi-cpu%s", hzgsvd_cli_mpi_has_gpu() ? " mpi-gpu" : "");
#endif
        printf(")\n");
        return EXIT_OK;
    }
    if (!strcmp(name, "--no-sort")) a->opt.sort = 0;
    else if (!strcmp(name, "--no-refine")) a->opt.refine_sigma = 0;
    else if (!strcmp(name, "--refine")) a->opt.refine_sigma = 1;
    else if (!strcmp(name, "--quiet")) a->quiet = 1;
    else if (!strcmp(name, "--raw")) a->raw = 1;
    else if (!strcmp(name, "--complex")) a->raw_complex = 1;
    else if (!strcmp(name, "--mpi")) a->mpi = 1;
    else if (!strcmp(name, "--x")) a->want_x = 1;
    else if (!strcmp(name, "--outermost-full")) a->opt.outermost_full = 1;
    return CLI_GO_ON;
}

/* An option with a value: checks the value and sets it in *a.  CLI_GO_ON, or EXIT_USAGE (said
 * why) on a bad value. */
static int parse_value(const char *name, const char *val, cli_args *a)
{
    if (!strcmp(name, "-o") || !strcmp(name, "--output")) {
        if (*val == '\0') { say("option '%s': empty directory name", name); return EXIT_USAGE; }
        a->outdir = val;
    } else if (!strcmp(name, "--device")) {
        if (!strcmp(val, "auto") || !strcmp(val, "cpu") || !strcmp(val, "gpu")) {
            a->device = val;
            a->device_name = val;
            a->device_ordinal = -1;
        } else if (!strncmp(val, "gpu:", 4) && parse_int(val + 4, 0, INT_MAX, &a->device_ordinal) == 0) {
            a->device = val;
            a->device_name = "gpu";
        } else {
            say("--device: '%s' is not one of cpu, gpu, gpu:K, auto", val);
            return EXIT_USAGE;
        }
    } else if (!strcmp(name, "--variant")) {
        if (parse_int(val, 0, 7, &a->opt.variant) != 0) {
            say("--variant: '%s' is not an integer in 0..7", val);
            return EXIT_USAGE;
        }
    } else if (!strcmp(name, "--outer") || !strcmp(name, "--inner") || !strcmp(name, "--outermost")) {
        hzgsvd_strategy s;
        if (!strcmp(val, "me")) s = HZGSVD_STRATEGY_ME;
        else if (!strcmp(val, "mm")) s = HZGSVD_STRATEGY_MM;
        else { say("%s: '%s' is not me or mm", name, val); return EXIT_USAGE; }
        if (!strcmp(name, "--outer")) a->opt.outer = s;
        else if (!strcmp(name, "--inner")) a->opt.inner = s;
        else a->opt.outermost = s;
    } else if (!strcmp(name, "--blocking") || !strcmp(name, "--outermost-blocking")) {
        hzgsvd_blocking b;
        if (!strcmp(val, "fb")) b = HZGSVD_BLOCKING_FB;
        else if (!strcmp(val, "bo")) b = HZGSVD_BLOCKING_BO;
        else { say("%s: '%s' is not fb or bo", name, val); return EXIT_USAGE; }
        if (!strcmp(name, "--blocking")) a->opt.blocking = b; else a->opt.outermost_blocking = b;
    } else if (!strcmp(name, "--preprocess")) {
        if (!strcmp(val, "auto")) a->opt.preprocess = -1;
        else if (!strcmp(val, "always")) a->opt.preprocess = 1;
        else if (!strcmp(val, "never")) a->opt.preprocess = 0;
        else { say("--preprocess: '%s' is not auto, always or never", val); return EXIT_USAGE; }
    } else if (!strcmp(name, "--precondition")) {
        if (!strcmp(val, "auto")) a->opt.precondition = HZGSVD_PRECONDITION_AUTO;
        else if (!strcmp(val, "none")) a->opt.precondition = HZGSVD_PRECONDITION_NONE;
        else if (!strcmp(val, "qr-eig")) a->opt.precondition = HZGSVD_PRECONDITION_QR_EIG;
        else if (!strcmp(val, "qr-svd")) a->opt.precondition = HZGSVD_PRECONDITION_QR_SVD;
        else { say("--precondition: '%s' is not auto, none, qr-eig or qr-svd", val); return EXIT_USAGE; }
    } else if (!strcmp(name, "--max-sweeps")) {
        if (parse_int(val, 1, CLI_MAX_SWEEPS, &a->opt.max_sweeps) != 0) {
            say("--max-sweeps: '%s' is not an integer in 1..%d", val, CLI_MAX_SWEEPS);
            return EXIT_USAGE;
        }
    } else if (!strcmp(name, "--block-width")) {
        if (parse_int(val, 0, CLI_MAX_BLOCK_WIDTH, &a->opt.block_width) != 0) {
            say("--block-width: '%s' is not an integer in 0..%d (0: the engine's choice; the GPU takes 16 or 32)",
                val, CLI_MAX_BLOCK_WIDTH);
            return EXIT_USAGE;
        }
    } else if (!strcmp(name, "--threads")) {
        if (parse_int(val, 0, CLI_MAX_THREADS, &a->opt.threads) != 0) {
            say("--threads: '%s' is not an integer in 0..%d (0: the OpenMP default)", val, CLI_MAX_THREADS);
            return EXIT_USAGE;
        }
    } else if (!strcmp(name, "--cols")) {
        if (parse_int(val, 1, INT_MAX, &a->cols) != 0) {
            say("%s: '%s' is not a positive integer", name, val);
            return EXIT_USAGE;
        }
    } else {  /* --rows-f, --rows-g: F or G may have no rows (an empty FN.Y or FN.W) */
        int *dst = !strcmp(name, "--rows-f") ? &a->rows_f : &a->rows_g;
        if (parse_int(val, 0, INT_MAX, dst) != 0) {
            say("%s: '%s' is not a non-negative integer", name, val);
            return EXIT_USAGE;
        }
    }
    return CLI_GO_ON;
}

/* The options and inputs together (after the last argument): CLI_GO_ON if they fit, else EXIT_USAGE (said
 * why). */
static int check_args(const cli_args *a, int extra_positional)
{
    if (a->raw) {
        if (a->rows_f < 0 || a->rows_g < 0 || a->cols == 0) {
            say("--raw needs --rows-f, --rows-g and --cols");
            return EXIT_USAGE;
        }
        if (a->npos != 1 || extra_positional) {
            say("--raw takes one input name FN (reads FN.Y and FN.W), got %d", a->npos);
            return EXIT_USAGE;
        }
    } else {
        if (a->rows_f >= 0 || a->rows_g >= 0 || a->cols || a->raw_complex) {
            say("--rows-f, --rows-g, --cols and --complex apply only with --raw");
            return EXIT_USAGE;
        }
        if (a->npos != 2 || extra_positional) {
            say("expected two input files F.npy G.npy, got %d (try 'hzgsvd --help')", a->npos);
            return EXIT_USAGE;
        }
    }
    if (a->outdir == NULL) {
        say("missing -o OUTDIR (try 'hzgsvd --help')");
        return EXIT_USAGE;
    }
    return CLI_GO_ON;
}

/* The command line into *a: CLI_GO_ON, or the exit code (usage error said, --help or --version printed). */
static int parse_args(int argc, char **argv, cli_args *a)
{
    memset(a, 0, sizeof *a);
    a->device = "auto";
    a->device_name = "auto";
    a->device_ordinal = -1;
    a->rows_f = a->rows_g = -1;
    a->opt = hzgsvd_default_options();
    int only_positional = 0;
    int extra_positional = 0;

    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (only_positional || arg[0] != '-' || arg[1] == '\0') {
            if (a->npos < 2) a->pos[a->npos] = arg;
            else extra_positional = 1;
            a->npos++;
            continue;
        }
        if (strcmp(arg, "--") == 0) { only_positional = 1; continue; }

        /* Split "--name=value". */
        char name[64];
        const char *inline_value = NULL;
        const char *eq = (arg[1] == '-') ? strchr(arg, '=') : NULL;
        size_t nlen = eq ? (size_t)(eq - arg) : strlen(arg);
        if (nlen >= sizeof name) {
            say("unknown option '%s' (try 'hzgsvd --help')", arg);
            return EXIT_USAGE;
        }
        memcpy(name, arg, nlen);
        name[nlen] = '\0';
        if (eq) inline_value = eq + 1;

        /* Flags. */
        static const char *const flags[] = { "-h", "--help", "--version", "--no-sort", "--refine", "--no-refine", "--quiet",
                                             "--raw", "--complex", "--mpi", "--x", "--outermost-full" };
        int is_flag = 0;
        for (size_t k = 0; k < sizeof flags / sizeof flags[0]; ++k)
            if (strcmp(name, flags[k]) == 0) is_flag = 1;
        if (is_flag) {
            if (inline_value) {
                say("option '%s' takes no value", name);
                return EXIT_USAGE;
            }
            const int rc = parse_flag(name, a);
            if (rc != CLI_GO_ON) return rc;
            continue;
        }

        /* Options with a value. */
        static const char *const valued[] = { "-o", "--output", "--device", "--variant", "--outer",
                                              "--inner", "--blocking", "--max-sweeps",
                                              "--block-width", "--threads", "--rows-f",
                                              "--rows-g", "--cols", "--outermost", "--outermost-blocking",
                                              "--preprocess", "--precondition" };
        int known = 0;
        for (size_t k = 0; k < sizeof valued / sizeof valued[0]; ++k)
            if (strcmp(name, valued[k]) == 0) known = 1;
        if (!known) {
            say("unknown option '%s' (try 'hzgsvd --help')", arg);
            return EXIT_USAGE;
        }
        const char *val = inline_value;
        if (val == NULL) {
            if (i + 1 >= argc) {
                say("option '%s' needs a value", name);
                return EXIT_USAGE;
            }
            val = argv[++i];
        }

        const int rc = parse_value(name, val, a);
        if (rc != CLI_GO_ON) return rc;
    }

    return check_args(a, extra_positional);
}

/* ------------------------------------------------------------------------------------------ */
/* Progress.                                                                                  */

static void on_progress(const hzgsvd_progress *p, void *user)
{
    (void)user;
    fprintf(stderr, "hzgsvd: sweep %d/%d: big %llu, all %llu, %.2f s\n",
            p->sweep, p->max_sweeps, p->big, p->all, p->seconds);
    fflush(stderr);
}

/* Ctrl-C (SIGINT) or SIGTERM during the run: the engine stops after the sweep it is in
 * (options.cancel, HZGSVD_ERR_CANCELLED); a second signal ends the process at once. */
static volatile sig_atomic_t stop_requested = 0;

static void on_stop_signal(int sig)
{
    static const char msg[] = "\nhzgsvd: interrupted: stopping after this sweep (again to abort)\n";
    stop_requested = 1;
    signal(sig, SIG_DFL);
    if (write(2, msg, sizeof msg - 1) < 0) { /* nothing to do about it in a signal handler */ }
}

static void catch_stop_signals(hzgsvd_options *opt)
{
    opt->cancel = (const volatile int *)&stop_requested;
    /* a signal the caller ignores (nohup, a background job of a script) stays ignored */
    if (signal(SIGINT, on_stop_signal) == SIG_IGN) signal(SIGINT, SIG_IGN);
    if (signal(SIGTERM, on_stop_signal) == SIG_IGN) signal(SIGTERM, SIG_IGN);
}

/* ------------------------------------------------------------------------------------------ */
/* Summary.                                                                                   */

/* A number for JSON, which has no NaN or infinity (0 stands in for them). */
static void json_number(FILE *f, double x)
{
    fprintf(f, "%.17g", (x == x && x >= -1e308 && x <= 1e308) ? x : 0.0);
}

/* A stack's "batch", "pairs_failed" and "pairs" (each pair's status and counts). */
static void write_pairs(FILE *f, const cli_problem *p, const hzgsvd_status *pair_st, const hzgsvd_info *pair_info)
{
    int failed = 0;
    for (int i = 0; i < p->batch; ++i) failed += pair_st[i] != HZGSVD_SUCCESS;
    fprintf(f, "  \"batch\": %d,\n  \"pairs_failed\": %d,\n  \"pairs\": [", p->batch, failed);
    for (int i = 0; i < p->batch; ++i) {
        const hzgsvd_info *in = &pair_info[i];
        const int written = pair_st[i] == HZGSVD_SUCCESS || pair_st[i] == HZGSVD_ERR_NO_CONVERGENCE || in->outputs_written;
        fprintf(f, "%s\n    {\"status\": ", i ? "," : "");
        json_string(f, hzgsvd_status_name(pair_st[i]));
        fprintf(f, ", \"status_code\": %d, \"sweeps\": %d, \"big\": %llu, \"all\": %llu, \"rank_k\": %d, \"rank_l\": %d, "
                "\"preprocessed\": %s, \"outputs_written\": %s, \"seconds\": ", (int)pair_st[i], in->sweeps, in->big, in->all,
                in->rank_k, in->rank_l, in->preprocessed ? "true" : "false", written ? "true" : "false");
        json_number(f, in->seconds);
        fprintf(f, ", \"detail\": ");
        json_string(f, in->detail);
        fprintf(f, "}");
    }
    fprintf(f, "%s],\n", p->batch ? "\n  " : "");
}

static int write_summary(const char *path, const cli_args *a, const char *device, const cli_problem *p,
                         const char *in_f, const char *in_g, hzgsvd_status st, const hzgsvd_info *info,
                         int outputs_written, int x_written, const hzgsvd_status *pair_st, const hzgsvd_info *pair_info)
{
    FILE *f = fopen(path, "w");
    if (f == NULL) return -1;
    const hzgsvd_options *o = &a->opt;
    fprintf(f, "{\n");
    fprintf(f, "  \"version\": "); json_string(f, hzgsvd_version()); fprintf(f, ",\n");
    fprintf(f, "  \"device\": "); json_string(f, device); fprintf(f, ",\n");
    fprintf(f, "  \"complex\": %s,\n", p->is_complex ? "true" : "false");
    fprintf(f, "  \"m_f\": %d,\n  \"m_g\": %d,\n  \"n\": %d,\n", p->m_f, p->m_g, p->n);
    fprintf(f, "  \"n_bordered\": %d,\n", info->n_bordered);
    fprintf(f, "  \"block_width\": %d,\n", info->block_width);
    fprintf(f, "  \"options\": {\n");
    fprintf(f, "    \"variant\": %d,\n", o->variant);
    fprintf(f, "    \"outer\": \"%s\",\n", strategy_name(o->outer));
    fprintf(f, "    \"inner\": \"%s\",\n", strategy_name(o->inner));
    fprintf(f, "    \"blocking\": \"%s\",\n", blocking_name(o->blocking));
    fprintf(f, "    \"sort\": %s,\n", o->sort ? "true" : "false");
    fprintf(f, "    \"refine_sigma\": %s,\n", o->refine_sigma < 0 ? "\"auto\"" : o->refine_sigma ? "true" : "false");
    fprintf(f, "    \"max_sweeps\": %d,\n", o->max_sweeps);
    fprintf(f, "    \"block_width\": %d,\n", o->block_width);    /* 0: the engine's choice (top-level block_width) */
    fprintf(f, "    \"threads\": %d,\n", o->threads);
    fprintf(f, "    \"precondition\": \"%s\",\n", precondition_name(o->precondition));
    fprintf(f, "    \"preprocess\": \"%s\"%s\n", preprocess_name(o->preprocess), a->mpi ? "," : "");
    if (a->mpi) {     /* the distributed engine's own options; "sweeps" below are outermost sweeps */
        fprintf(f, "    \"outermost\": \"%s\",\n", strategy_name(o->outermost));
        fprintf(f, "    \"outermost_blocking\": \"%s\",\n", blocking_name(o->outermost_blocking));
        fprintf(f, "    \"outermost_pairs\": \"%s\"\n", o->outermost_full ? "full" : "cross");
    }
    fprintf(f, "  },\n");
    fprintf(f, "  \"sweeps\": %d,\n", info->sweeps);
    if (a->mpi)       /* how the stripes moved between GPU ranks (info.mpi_transport; "none" on CPU ranks) */
        fprintf(f, "  \"mpi_transport\": \"%s\",\n", info->mpi_transport == HZGSVD_MPI_TRANSPORT_STAGED ? "staged"
                   : info->mpi_transport == HZGSVD_MPI_TRANSPORT_MPI ? "mpi" : info->mpi_transport == HZGSVD_MPI_TRANSPORT_IPC ? "ipc" : "none");
    if (a->mpi) {     /* the exchange: the slowest rank's seconds in it (waits included), the bytes all ranks sent */
        fprintf(f, "  \"mpi_exchange_seconds\": "); json_number(f, info->mpi_exchange_seconds); fprintf(f, ",\n");
        fprintf(f, "  \"mpi_bytes_moved\": %llu,\n", info->mpi_bytes_moved);
    }
    fprintf(f, "  \"big\": %llu,\n", info->big);
    fprintf(f, "  \"all\": %llu,\n", info->all);
    fprintf(f, "  \"sigma_refined\": %s,\n", info->sigma_refined ? "true" : "false");
    /* the general-pair reduction (options.preprocess): LAPACK's K and L, the rank tolerances (0 without it) */
    fprintf(f, "  \"preprocessed\": %s,\n", info->preprocessed ? "true" : "false");
    fprintf(f, "  \"rank_k\": %d,\n  \"rank_l\": %d,\n", info->rank_k, info->rank_l);
    fprintf(f, "  \"tol_f\": "); json_number(f, info->tol_f); fprintf(f, ",\n");
    fprintf(f, "  \"tol_g\": "); json_number(f, info->tol_g); fprintf(f, ",\n");
    /* the start the iteration took (options.precondition): "none" or "qr-eig", its seconds, the trust
     * test's growth (0: not computed) and why that start */
    fprintf(f, "  \"preconditioner\": \"%s\",\n", precondition_name(info->preconditioner));
    fprintf(f, "  \"precondition_seconds\": "); json_number(f, info->precondition_seconds); fprintf(f, ",\n");
    fprintf(f, "  \"precondition_growth\": "); json_number(f, info->precondition_growth); fprintf(f, ",\n");
    fprintf(f, "  \"precondition_note\": "); json_string(f, info->precondition_note); fprintf(f, ",\n");
    double secs = info->seconds;
    if (!(secs >= 0.0 && secs < 1e300)) secs = 0.0;   /* JSON has no NaN or infinity */
    fprintf(f, "  \"seconds\": %.9g,\n", secs);
    fprintf(f, "  \"status\": "); json_string(f, hzgsvd_status_name(st)); fprintf(f, ",\n");
    fprintf(f, "  \"status_code\": %d,\n", (int)st);
    fprintf(f, "  \"detail\": "); json_string(f, info->detail); fprintf(f, ",\n");
    /* whether U, V, Z and the sigmas beside this file are this run's (also after an error status) */
    fprintf(f, "  \"outputs_written\": %s,\n", outputs_written ? "true" : "false");
    fprintf(f, "  \"x_written\": %s,\n", x_written ? "true" : "false");   /* --x: X.npy (FN.X) beside it */
    if (p->stacked && pair_st != NULL) write_pairs(f, p, pair_st, pair_info);   /* a stack of pairs */
    fprintf(f, "  \"input\": {\"f\": "); json_string(f, in_f);
    fprintf(f, ", \"g\": "); json_string(f, in_g); fprintf(f, "}\n");
    fprintf(f, "}\n");
    int bad = ferror(f);
    if (fclose(f) != 0) bad = 1;
    return bad ? -1 : 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Outputs.                                                                                   */

/* npy.c's messages begin with the file's name; name it here only if one does not. */
static void report_io(const char *path, const char *err, const char *fallback)
{
    size_t lp = strlen(path);
    if (err[0] == '\0') say("%s: %s", path, fallback);
    else if (strncmp(err, path, lp) == 0 && err[lp] == ':') say("%s", err);
    else say("%s: %s", path, err);
}

/* Writes one output file OUTDIR/name (batch >= 0: a stack of batch such matrices).  0 on success;
 * on failure prints the one error line. */
static int write_output(const char *outdir, const char *name, int raw, const npy_matrix *m, int as_vector, int batch)
{
    char err[512] = "";
    char *path = tools_join_path(outdir, name);
    if (path == NULL) { say("%s/%s: out of memory", outdir, name); return -1; }
    int rc = raw ? raw_write(path, m, err, sizeof err)
           : batch >= 0 ? npy_write_stack(path, m, (size_t)batch, as_vector, err, sizeof err)
                        : npy_write(path, m, as_vector, err, sizeof err);
    if (rc != 0) report_io(path, err, "cannot write");
    free(path);
    return rc != 0 ? -1 : 0;
}

/* U, V, Z, the sigmas and, where X is not NULL, X (n x n). */
static int write_outputs(const cli_args *a, const cli_problem *p, const double *X, const char *fn_base)
{
    npy_matrix U = { (size_t)p->m_f, (size_t)p->n, p->is_complex, p->F };
    npy_matrix V = { (size_t)p->m_g, (size_t)p->n, p->is_complex, p->G };
    npy_matrix Z = { (size_t)p->n, (size_t)p->n, p->is_complex, p->Z };
    npy_matrix SF = { (size_t)p->n, 1, 0, p->sigma_f };
    npy_matrix SG = { (size_t)p->n, 1, 0, p->sigma_g };
    npy_matrix S = { (size_t)p->n, 1, 0, p->sigma };
    npy_matrix XM = { (size_t)p->n, (size_t)p->n, p->is_complex, (double *)X };
    const npy_matrix *mats[7] = { &U, &V, &Z, &SF, &SG, &S, &XM };
    static const char *const npy_names[7] = { "U.npy", "V.npy", "Z.npy", "sigma_f.npy", "sigma_g.npy", "sigma.npy", "X.npy" };
    static const char *const raw_ext[7] = { ".YU", ".WV", ".Z", ".SY", ".SW", ".SS", ".X" };
    for (int k = 0; k < (X ? 7 : 6); ++k) {
        int rc;
        if (a->raw) {
            char *name = concat(fn_base, raw_ext[k]);
            if (name == NULL) { say("out of memory"); return -1; }
            rc = write_output(a->outdir, name, 1, mats[k], 0, -1);
            free(name);
        } else {
            rc = write_output(a->outdir, npy_names[k], 0, mats[k], k >= 3 && k <= 5, p->stacked ? p->batch : -1);
        }
        if (rc != 0) return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------ */

/* ------------------------------------------------------------------------------------------ */
/* --mpi: rank 0 reads, decides and writes; it broadcasts a header (an exit code, 0 to go, then the
 * kind, m_f, m_g, n and whether the ranks use GPUs) and at the end its exit code, so that every
 * rank leaves with the same code and none waits for a run that will not come.                   */

#ifdef HZGSVD_WITH_MPI
static int mpi_header_sent = 0;

static int mpi_follower(const cli_args *a)
{
    int h[6] = { EXIT_LIBRARY_BASE + HZGSVD_ERR_MPI, 0, 0, 0, 0, 0 }, code = h[0];
    if (hzgsvd_cli_mpi_bcast(h, 6) == 0 && h[0] == 0) {
        hzgsvd_options opt = a->opt;
        hzgsvd_info info;
        char name[64];
        opt.progress = NULL;
        catch_stop_signals(&opt);
        memset(&info, 0, sizeof info);
        (void)hzgsvd_cli_mpi_run(h[5], h[1], h[2], h[3], h[4], NULL, NULL, NULL, NULL, NULL, NULL, &opt, &info, name, sizeof name);
        if (hzgsvd_cli_mpi_bcast(&code, 1) != 0) code = exit_for_status(HZGSVD_ERR_MPI);
    } else {
        code = h[0];
    }
    hzgsvd_cli_mpi_finalize();
    return code;
}
#endif

/* Rank 0's way out (and the only one of a run without --mpi). */
static int finish(const cli_args *a, int code)
{
#ifdef HZGSVD_WITH_MPI
    if (a->mpi) {
        int h[6] = { code, 0, 0, 0, 0, 0 };
        if (!mpi_header_sent) hzgsvd_cli_mpi_bcast(h, 6);   /* code != 0 here: the followers stop */
        else hzgsvd_cli_mpi_bcast(&code, 1);
        hzgsvd_cli_mpi_finalize();
    }
#else
    (void)a;
#endif
    return code;
}

/* The library numbers entries and columns from 1 ("F(4,5) = nan"); numpy users look for [3, 4].
 * Writes " (1-based; numpy index [3, 4])" into note for a detail naming F(i,j) or G(i,j), else
 * "" (pair >= 0: the entry of pair `pair` of a stack, [pair, 3, 4]).  Not with --mpi, whose detail
 * numbers rows within a rank's local column. */
static void index_note(const cli_args *a, int pair, const char *detail, char *note, size_t len)
{
    note[0] = '\0';
    if (a->mpi) return;
    for (const char *d = detail; *d; ++d) {
        if ((*d != 'F' && *d != 'G') || d[1] != '(' || (d > detail && d[-1] != ' ')) continue;
        int i = 0, j = 0, used = 0;
        if (sscanf(d + 1, "(%d,%d)%n", &i, &j, &used) == 2 && used > 0 && i >= 1 && j >= 1) {
            if (pair >= 0) snprintf(note, len, " (1-based; numpy index [%d, %d, %d])", pair, i - 1, j - 1);
            else snprintf(note, len, " (1-based; numpy index [%d, %d])", i - 1, j - 1);
            return;
        }
    }
}

/* ------------------------------------------------------------------------------------------ */
/* main, in stages: command line -> (--mpi) start -> engine -> inputs -> shape checks -> work
 * arrays -> output directory -> run -> outputs, summary and the closing line.  Each stage that
 * can fail returns the exit code (having said why), or CLI_GO_ON; what they share is a cli_run. */

typedef struct cli_run {
    cli_args a;
    int mpi_gpu;                      /* --mpi: the ranks use GPUs */
    char mpi_device_name[64];         /* --mpi: the device label of summary.json */
    const cli_engine *engine;         /* with --mpi only for the record: the distributed engine runs */
    const char *auto_fallback;        /* --device auto chose the CPU: why */
    int on_gpu;                       /* the run's engine is a GPU one (--mpi: its ranks' engines) */
    npy_matrix Fm, Gm;                /* the inputs as read */
    char *path_f, *path_g;            /* --raw: FN.Y, FN.W */
    const char *in_f, *in_g;          /* the inputs' names for messages and summary.json */
    char *summary_path;
    double *X, *F0, *G0;              /* --x: X, and the input pair it is computed from */
    cli_problem p;
    hzgsvd_options opt;               /* the run's options (lives as long as the run: the signal handler's cancel flag) */
    hzgsvd_status st;
    hzgsvd_info info;
    char shape_hint[160];             /* which engine would take a pair refused for m < n; why n = 0 is refused */
    int checked_here;                 /* the shape checks made here refused the pair: no run */
    int have_outputs, x_written;
    hzgsvd_status xst;                /* --x: computing X */
    hzgsvd_info xinfo;
    hzgsvd_status *pair_st;           /* a stack: each pair's status and info (max(1, batch) entries) */
    hzgsvd_info *pair_info;
    int first_failed;                 /* a stack: the first pair that failed, -1 if none */
} cli_run;

/* --mpi: MPI_Init; every rank but 0 follows rank 0 and leaves here; rank 0 picks the device of
 * every rank (r->mpi_gpu). */
static int start_mpi(cli_run *r, int *argc, char ***argv)
{
#ifdef HZGSVD_WITH_MPI
    if (r->a.mpi) {
        int mpi_rank = 0, mpi_size = 1;
        if (hzgsvd_cli_mpi_init(argc, argv, &mpi_rank, &mpi_size) != 0) {
            say("MPI_Init failed");
            return exit_for_status(HZGSVD_ERR_MPI);
        }
        if (mpi_rank != 0) return mpi_follower(&r->a);
        int gpu_ok = 0;
#ifdef HZGSVD_WITH_CUDA
        gpu_ok = hzgsvd_cli_mpi_has_gpu() && hzgsvd_cli_gpu_present();
#endif
        if (!strcmp(r->a.device_name, "gpu")) {
            if (!gpu_ok) {
                say("--mpi --device gpu: %s", hzgsvd_cli_mpi_has_gpu() ? "no usable GPU" : "the distributed GPU engine is not part of this build");
                return finish(&r->a, exit_for_status(HZGSVD_ERR_NO_DEVICE));
            }
            if (r->a.device_ordinal >= 0) {
                say("--mpi: gpu:K is not allowed (each rank takes GPU (local rank) mod (GPUs on its node))");
                return finish(&r->a, EXIT_USAGE);
            }
            r->mpi_gpu = 1;
        } else if (!strcmp(r->a.device_name, "auto")) {
            r->mpi_gpu = gpu_ok;
        }
    }
#else
    (void)argc;
    (void)argv;
    if (r->a.mpi) {
        say("--mpi: this build has no distributed engine (mpicc was not found when it was built)");
        return exit_for_status(HZGSVD_ERR_MPI);
    }
#endif
    return CLI_GO_ON;
}

/* The engine, before any file is touched; and the block widths the GPU engines refuse. */
static int choose_engine(cli_run *r)
{
    const cli_args *a = &r->a;
    if (a->mpi) {
        r->engine = find_engine("cpu");
    } else if (!strcmp(a->device_name, "auto")) {
        for (size_t i = 0; i < sizeof engines / sizeof engines[0] && r->engine == NULL; ++i)
            if (engines[i].present()) r->engine = &engines[i];
        /* Falling back to the CPU: said in one line when the run starts (run_engine), so that a
         * run meant for a GPU does not go unnoticed. */
        if (r->engine != NULL && !strcmp(r->engine->name, "cpu"))
            r->auto_fallback = find_engine("gpu") ? "no usable GPU" : "this build has no GPU engine";
    } else {
        r->engine = find_engine(a->device_name);
        if (r->engine == NULL && !strcmp(a->device_name, "gpu")) {
            say("the GPU engine is not part of this build");
            return finish(a, exit_for_status(HZGSVD_ERR_NO_DEVICE));
        }
        if (r->engine != NULL && !r->engine->present()) {
            say("%s: no usable device", a->device);
            return finish(a, exit_for_status(HZGSVD_ERR_NO_DEVICE));
        }
    }
    if (r->engine == NULL) {
        say("no engine is available");
        return finish(a, exit_for_status(HZGSVD_ERR_NO_DEVICE));
    }

    /* The GPU engines run w = 16 or 32 only: say so now rather than after reading the inputs. */
    r->on_gpu = a->mpi ? r->mpi_gpu : !strcmp(r->engine->name, "gpu");
    if (r->on_gpu && a->opt.block_width != 0 && !hzgsvd__gpu_width_ok(a->opt.block_width)) {
        say("--block-width %d: the GPU engine runs w = 16 or 32 (or 0: its choice); --device cpu takes 1..%d",
            a->opt.block_width, CLI_MAX_BLOCK_WIDTH);
        return finish(a, EXIT_USAGE);
    }
    return CLI_GO_ON;
}

/* One input file into *m (path for the messages); a .npy may be a stack (b, rows, cols): *stacked,
 * *batch. */
static int read_input(const cli_args *a, const char *path, size_t rows, npy_matrix *m, size_t *batch, int *stacked)
{
    char err[512] = "";
    *batch = 1;
    *stacked = 0;
    const int rc = a->raw ? raw_read(path, rows, (size_t)a->cols, a->raw_complex, m, err, sizeof err)
                          : npy_read_stack(path, m, batch, stacked, err, sizeof err);   /* F or G may have no rows */
    if (rc != 0) {
        report_io(path, err, "cannot read");
        return EXIT_FILE;
    }
    return CLI_GO_ON;
}

/* F and G read, checked against each other and against the library's int, into r->p. */
static int read_inputs(cli_run *r)
{
    const cli_args *a = &r->a;
    if (a->raw) {
        r->path_f = concat(a->pos[0], ".Y");
        r->path_g = concat(a->pos[0], ".W");
        if (r->path_f == NULL || r->path_g == NULL) {
            say("out of memory");
            return exit_for_status(HZGSVD_ERR_OUT_OF_MEMORY);
        }
    }
    r->in_f = a->raw ? r->path_f : a->pos[0];
    r->in_g = a->raw ? r->path_g : a->pos[1];
    size_t batch_f = 1, batch_g = 1;
    int stacked_f = 0, stacked_g = 0;
    int code = read_input(a, r->in_f, (size_t)a->rows_f, &r->Fm, &batch_f, &stacked_f);
    if (code == CLI_GO_ON) code = read_input(a, r->in_g, (size_t)a->rows_g, &r->Gm, &batch_g, &stacked_g);
    if (code != CLI_GO_ON) return code;
    if (stacked_f != stacked_g || batch_f != batch_g) {
        if (stacked_f != stacked_g)
            say("F (%s) is %s but G (%s) is %s; stack both, (b, m_F, n) and (b, m_G, n), or neither", r->in_f,
                stacked_f ? "a stack of pairs (3-D)" : "one matrix (2-D)", r->in_g, stacked_g ? "a stack (3-D)" : "one matrix (2-D)");
        else
            say("F (%s) holds %zu matrices but G (%s) %zu; stacks of pairs need the same b", r->in_f, batch_f, r->in_g, batch_g);
        return EXIT_MISMATCH;
    }
    if (stacked_f && a->mpi) {
        say("--mpi takes one pair; a stack of %zu pairs (%s) runs without --mpi", batch_f, r->in_f);
        return EXIT_USAGE;
    }
    if (batch_f > (size_t)INT_MAX) {
        say("%s: %zu pairs: the batch count exceeds %d", r->in_f, batch_f, INT_MAX);
        return EXIT_MISMATCH;
    }
    r->p.stacked = stacked_f;
    r->p.batch = (int)batch_f;

    const npy_matrix *Fm = &r->Fm, *Gm = &r->Gm;
    if (Fm->is_complex != Gm->is_complex) {
        say("F (%s) is %s but G (%s) is %s; both must be real or both complex",
            r->in_f, Fm->is_complex ? "complex" : "real", r->in_g, Gm->is_complex ? "complex" : "real");
        return EXIT_MISMATCH;
    }
    if (Fm->cols != Gm->cols) {
        say("F (%s) has %zu columns but G (%s) has %zu; both need the same n", r->in_f, Fm->cols, r->in_g, Gm->cols);
        return EXIT_MISMATCH;
    }
    if (Fm->rows > (size_t)INT_MAX || Gm->rows > (size_t)INT_MAX || Fm->cols > (size_t)INT_MAX) {
        say("F is %zu x %zu and G is %zu x %zu: a dimension exceeds %d", Fm->rows, Fm->cols,
            Gm->rows, Gm->cols, INT_MAX);
        return EXIT_MISMATCH;
    }
    r->p.is_complex = Fm->is_complex;
    r->p.m_f = (int)Fm->rows;
    r->p.m_g = (int)Gm->rows;
    r->p.n = (int)Fm->cols;
    r->p.F = Fm->data;
    r->p.G = Gm->data;
    return CLI_GO_ON;
}

/* The library's own shape checks (same order, status and detail), made here because Z is n x n:
 * for F, G of 1 x 100000 its allocation would fail first and hide the real error.  Only where the
 * engine would refuse the shape: the CPU engine reduces m < n by default.  Sets r->checked_here. */
static void check_shape(cli_run *r)
{
    const cli_problem *p = &r->p;
    /* The engines that refuse m < n: the distributed one, and the others with --preprocess never. */
    const int refuses_short = r->a.mpi || r->a.opt.preprocess == 0;
    r->st = HZGSVD_SUCCESS;
    if (p->n < 1) {   /* F and G without columns (.npy of shape (m, 0)): nothing to decompose */
        r->st = HZGSVD_ERR_N_LESS_THAN_ONE;
        snprintf(r->info.detail, sizeof r->info.detail, "n = %d; n must be at least 1", p->n);
        snprintf(r->shape_hint, sizeof r->shape_hint, " (F and G have no columns: there is nothing to decompose; "
                 "LAPACK's xGGSVD3 returns at once for N = 0, hzgsvd refuses it)");
    } else if (refuses_short && p->m_f < p->n) {
        r->st = HZGSVD_ERR_M_LESS_THAN_N;
        snprintf(r->info.detail, sizeof r->info.detail, "m_f = %d < n = %d: F must have at least n rows", p->m_f, p->n);
    } else if (refuses_short && p->m_g < p->n) {
        r->st = HZGSVD_ERR_M_LESS_THAN_N;
        snprintf(r->info.detail, sizeof r->info.detail, "m_g = %d < n = %d: G must have at least n rows", p->m_g, p->n);
    }
    if (r->st == HZGSVD_ERR_M_LESS_THAN_N) {   /* which engine would take it */
        const char *never = r->a.opt.preprocess == 0 ? " --preprocess auto" : "";
        if (r->a.mpi)
            snprintf(r->shape_hint, sizeof r->shape_hint, " (the distributed engine takes m >= n only; the CPU engine "
                     "(without --mpi%s%s) reduces such pairs)", never[0] ? ", with" : "", never);
        else
            snprintf(r->shape_hint, sizeof r->shape_hint, " (--preprocess never; auto reduces such pairs)");
    }
    r->checked_here = (r->st != HZGSVD_SUCCESS);
}

/* Z and the sigmas; with --x also X and copies of F and G (the engine overwrites them with U and V). */
static int allocate_work(cli_run *r)
{
    cli_problem *p = &r->p;
    const size_t nb = p->stacked ? (size_t)(p->batch > 0 ? p->batch : 1) : 1;   /* pairs (a stack's arrays hold them all) */
    size_t nn = (size_t)p->n;
    size_t zlen = nn * nn * (p->is_complex ? 2u : 1u);
    if (zlen / nn / nn != (p->is_complex ? 2u : 1u) || zlen > SIZE_MAX / sizeof(double) / nb) {
        say("n = %d is too large%s", p->n, p->stacked ? " for this many pairs" : "");
        return exit_for_status(HZGSVD_ERR_OUT_OF_MEMORY);
    }
    zlen *= nb;
    p->Z = malloc(zlen * sizeof(double));
    p->sigma_f = malloc(nn * nb * sizeof(double));
    p->sigma_g = malloc(nn * nb * sizeof(double));
    p->sigma = malloc(nn * nb * sizeof(double));
    r->pair_st = calloc(nb, sizeof *r->pair_st);
    r->pair_info = calloc(nb, sizeof *r->pair_info);
    if (r->pair_st == NULL || r->pair_info == NULL) {
        say("out of memory allocating the status of %zu pairs", nb);
        return exit_for_status(HZGSVD_ERR_OUT_OF_MEMORY);
    }
    if (p->Z == NULL || p->sigma_f == NULL || p->sigma_g == NULL || p->sigma == NULL) {
        say("out of memory allocating Z (%d x %d)", p->n, p->n);
        return exit_for_status(HZGSVD_ERR_OUT_OF_MEMORY);
    }
    if (r->a.want_x) {
        size_t k = p->is_complex ? 2u : 1u;
        size_t flen = (size_t)p->m_f * nn * k * nb, glen = (size_t)p->m_g * nn * k * nb;
        r->X = malloc(zlen * sizeof(double));
        r->F0 = malloc((flen ? flen : 1) * sizeof(double));
        r->G0 = malloc((glen ? glen : 1) * sizeof(double));
        if (r->X == NULL || r->F0 == NULL || r->G0 == NULL) {
            say("--x: out of memory allocating X (%d x %d) and the copies of F and G", p->n, p->n);
            return exit_for_status(HZGSVD_ERR_OUT_OF_MEMORY);
        }
        if (flen) memcpy(r->F0, p->F, flen * sizeof(double));
        if (glen) memcpy(r->G0, p->G, glen * sizeof(double));
    }
    return CLI_GO_ON;
}

/* The output directory, before the (possibly long) computation; summary.json records a shape
 * error too, as it did when the library found it. */
static int open_outdir(cli_run *r)
{
    if (tools_mkdir_p(r->a.outdir, NULL, 0) != TOOLS_FS_OK) {
        say("%s: cannot create the output directory (%s)", r->a.outdir, strerror(errno));
        return EXIT_FILE;
    }
    r->summary_path = tools_join_path(r->a.outdir, "summary.json");
    if (r->summary_path == NULL) {
        say("out of memory");
        return exit_for_status(HZGSVD_ERR_OUT_OF_MEMORY);
    }
    return CLI_GO_ON;
}

/* The statuses a batched call returns for the whole batch, before any pair ran (every pair says it). */
static int stack_refused(hzgsvd_status st)
{
    return st == HZGSVD_ERR_INVALID_ARGUMENT || st == HZGSVD_ERR_N_LESS_THAN_ONE || st == HZGSVD_ERR_M_LESS_THAN_N;
}

/* A stack's r->st and r->info from its pairs': the first failing pair's status and info (else pair
 * 0's), with the sweeps the most of any pair, big and all summed, seconds the whole run's, and a
 * detail naming the pair ("pair [3] of 8 (2 failed): ..."). */
static void stack_summary(cli_run *r, double seconds)
{
    const cli_problem *p = &r->p;
    int failed = 0, sweeps = 0;
    unsigned long long big = 0, all = 0;
    r->first_failed = -1;
    for (int i = 0; i < p->batch; ++i) {
        if (r->pair_st[i] != HZGSVD_SUCCESS && failed++ == 0) r->first_failed = i;
        if (r->pair_info[i].sweeps > sweeps) sweeps = r->pair_info[i].sweeps;
        big += r->pair_info[i].big;
        all += r->pair_info[i].all;
    }
    const int k = r->first_failed >= 0 ? r->first_failed : 0;
    char detail[sizeof r->info.detail];
    memcpy(detail, r->pair_info[k].detail, sizeof detail);
    detail[sizeof detail - 1] = '\0';
    r->info = r->pair_info[k];
    r->info.sweeps = sweeps;
    r->info.big = big;
    r->info.all = all;
    r->info.seconds = seconds;
    if (stack_refused(r->st) || p->batch == 0) {   /* the batch's arguments: its own detail */
        if (p->batch == 0 && r->st == HZGSVD_SUCCESS) snprintf(r->info.detail, sizeof r->info.detail, "batch = 0: no pair to solve");
        r->first_failed = -1;
    } else if (r->first_failed >= 0) {
        snprintf(r->info.detail, sizeof r->info.detail, "pair [%d] of %d (%d failed): %.*s", k, p->batch, failed,
                 (int)sizeof r->info.detail - 48, detail);
    } else {
        snprintf(r->info.detail, sizeof r->info.detail, "%d pairs solved", p->batch);
    }
}

/* A stack: the CPU engine's batched call (OpenMP over the pairs), the GPU engine's
 * (hzgsvd_gpu_?gsvd_batched: its kernel for n <= 64, else its one-pair call per pair inside it);
 * an engine without one runs its one-pair call per pair in turn.  Each pair's status and info in
 * r->pair_st, r->pair_info; the batch's in r->st, r->info (stack_summary). */
static void run_stack(cli_run *r)
{
    cli_problem *p = &r->p;
    const int n = p->n, ldf = p->m_f > 1 ? p->m_f : 1, ldg = p->m_g > 1 ? p->m_g : 1;
    const long long sf = (long long)ldf * n, sg = (long long)ldg * n, sz = (long long)n * n, es = p->is_complex ? 2 : 1;
    double *F = p->m_f > 0 ? p->F : NULL, *G = p->m_g > 0 ? p->G : NULL;
    const double t0 = hzgsvd__now();
    if (!strcmp(r->engine->name, "cpu")) {
        r->st = (p->is_complex ? hzgsvd_cpu_zgsvd_batched : hzgsvd_cpu_dgsvd_batched)(
            p->m_f, p->m_g, n, F, ldf, sf, G, ldg, sg, p->Z, n, sz, p->sigma_f, p->sigma_g, p->sigma, n, p->batch,
            &r->opt, r->pair_st, r->pair_info);
    } else if (r->engine->run_batched != NULL) {
        r->st = r->engine->run_batched(r->a.device_ordinal, p, &r->opt, r->pair_st, r->pair_info);
    } else {
        r->st = HZGSVD_SUCCESS;
        for (int i = 0; i < p->batch; ++i) {
            cli_problem q = *p;
            q.stacked = 0;
            q.F = F ? F + es * sf * i : p->F;
            q.G = G ? G + es * sg * i : p->G;
            q.Z = p->Z + es * sz * i;
            q.sigma_f = p->sigma_f + (size_t)n * i;
            q.sigma_g = p->sigma_g + (size_t)n * i;
            q.sigma = p->sigma + (size_t)n * i;
            r->pair_st[i] = r->engine->run(r->a.device_ordinal, &q, &r->opt, &r->pair_info[i]);
            r->pair_info[i].detail[sizeof r->pair_info[i].detail - 1] = '\0';
            if (r->pair_st[i] != HZGSVD_SUCCESS && r->st == HZGSVD_SUCCESS) r->st = r->pair_st[i];
            for (int j = i + 1; stop_requested && j < p->batch; ++j) {   /* Ctrl-C: the rest are not run */
                r->pair_st[j] = HZGSVD_ERR_CANCELLED;
                snprintf(r->pair_info[j].detail, sizeof r->pair_info[j].detail, "not run: interrupted");
                i = j;
            }
        }
    }
    stack_summary(r, hzgsvd__now() - t0);
}

/* The engine on the pair (not where the shape checks here refused it): r->st, r->info. */
static void run_engine(cli_run *r)
{
    cli_problem *p = &r->p;
    if (r->auto_fallback != NULL && !r->a.quiet && !r->checked_here)
        say("--device auto: %s; running on the CPU engine", r->auto_fallback);
    r->opt = r->a.opt;
    r->opt.progress = r->a.quiet || p->stacked ? NULL : on_progress;   /* a stack's pairs: no sweep lines */
    r->opt.progress_user = NULL;
    catch_stop_signals(&r->opt);
    if (!r->checked_here) {
#ifdef HZGSVD_WITH_MPI
        if (r->a.mpi) {
            int h[6] = { 0, p->is_complex, p->m_f, p->m_g, p->n, r->mpi_gpu };
            hzgsvd_cli_mpi_bcast(h, 6);
            mpi_header_sent = 1;
            r->st = hzgsvd_cli_mpi_run(r->mpi_gpu, p->is_complex, p->m_f, p->m_g, p->n, p->F, p->G, p->Z, p->sigma_f,
                                       p->sigma_g, p->sigma, &r->opt, &r->info, r->mpi_device_name,
                                       sizeof r->mpi_device_name);
        } else
#endif
        if (p->stacked)
            run_stack(r);
        else
            r->st = r->engine->run(r->a.device_ordinal, p, &r->opt, &r->info);
    }
    r->info.detail[sizeof r->info.detail - 1] = '\0';
}

/* X of pair i (0 for one pair) from the copies of the input and the outputs, into r->X's pair i. */
static hzgsvd_status x_of_pair(cli_run *r, size_t i, hzgsvd_info *info)
{
    const cli_problem *p = &r->p;
    const int ldf = p->m_f > 1 ? p->m_f : 1, ldg = p->m_g > 1 ? p->m_g : 1;
    const size_t es = p->is_complex ? 2 : 1, nf = es * (size_t)p->m_f * p->n, ng = es * (size_t)p->m_g * p->n;
    const size_t nz = es * (size_t)p->n * p->n, ns = (size_t)p->n * i;
    hzgsvd_status (*x)(int, int, int, const double *, int, const double *, int, const double *, int, const double *, int,
                       const double *, int, const double *, const double *, double *, int, hzgsvd_info *) =
        p->is_complex ? hzgsvd_cpu_zx_from_outputs : hzgsvd_cpu_dx_from_outputs;
    const hzgsvd_status st = x(p->m_f, p->m_g, p->n, r->F0 + nf * i, ldf, r->G0 + ng * i, ldg, p->F + nf * i, ldf, p->G + ng * i, ldg,
                               p->Z + nz * i, p->n, p->sigma_f + ns, p->sigma_g + ns, r->X + nz * i, p->n, info);
    info->detail[sizeof info->detail - 1] = '\0';
    return st;
}

static void nan_fill(double *a, size_t count)
{
    for (size_t k = 0; k < count; ++k) a[k] = NAN;
}

/* A stack's outputs: written unless the batch was refused as a whole.  A pair whose engine wrote
 * none holds NaN in every output (never its input passed off as U); --x: X of each pair with a
 * result (success, no convergence), NaN for the others. */
static void finish_stack_outputs(cli_run *r)
{
    const cli_problem *p = &r->p;
    const size_t es = p->is_complex ? 2 : 1, nf = es * (size_t)p->m_f * p->n, ng = es * (size_t)p->m_g * p->n;
    const size_t nz = es * (size_t)p->n * p->n, n = (size_t)p->n;
    r->have_outputs = !r->checked_here && !stack_refused(r->st);
    r->x_written = r->have_outputs && r->X != NULL;
    for (int i = 0; r->have_outputs && i < p->batch; ++i) {
        const hzgsvd_status st = r->pair_st[i];
        const int result = st == HZGSVD_SUCCESS || st == HZGSVD_ERR_NO_CONVERGENCE;
        if (!result && !r->pair_info[i].outputs_written) {
            nan_fill(p->F + nf * i, nf);
            nan_fill(p->G + ng * i, ng);
            nan_fill(p->Z + nz * i, nz);
            nan_fill(p->sigma_f + n * i, n);
            nan_fill(p->sigma_g + n * i, n);
            nan_fill(p->sigma + n * i, n);
        }
        if (r->X != NULL && !result) nan_fill(r->X + nz * i, nz);
        if (r->X != NULL && result && r->x_written && (r->xst = x_of_pair(r, (size_t)i, &r->xinfo)) != HZGSVD_SUCCESS)
            r->x_written = 0;
    }
}

/* What the run leaves to write, and --x's X.  The output arrays hold a result on success, after
 * the last sweep without convergence (the documented contract), and where the engine says so in
 * info.outputs_written (a rank deficiency found by the rank test, a result outside the double
 * range); on any other error they hold the input or nothing, and writing them would pass off F as
 * U.  X on success and after the last sweep without convergence, from any engine's outputs. */
static void finish_outputs(cli_run *r)
{
    const hzgsvd_status st = r->st;
    r->x_written = 0;
    r->xst = HZGSVD_SUCCESS;
    if (r->p.stacked) {
        finish_stack_outputs(r);
    } else {
        r->have_outputs = !r->checked_here &&
                          (st == HZGSVD_SUCCESS || st == HZGSVD_ERR_NO_CONVERGENCE || r->info.outputs_written);
        if (r->X != NULL && r->have_outputs && (st == HZGSVD_SUCCESS || st == HZGSVD_ERR_NO_CONVERGENCE)) {
            r->xst = x_of_pair(r, 0, &r->xinfo);
            r->x_written = (r->xst == HZGSVD_SUCCESS);
        }
    }
    free(r->F0);
    free(r->G0);
    r->F0 = r->G0 = NULL;
}

/* For the line of a library error: what was written, so that nobody takes files of an earlier run
 * in OUTDIR for this one's.  (A library error is the line to report; a summary that could not be
 * written is only mentioned in it.) */
static void describe_written(const cli_run *r, int summary_ok, int summary_errno, char *written, size_t len)
{
    char summary_note[300];
    if (summary_ok) snprintf(summary_note, sizeof summary_note, "summary.json");
    else snprintf(summary_note, sizeof summary_note, "not summary.json (cannot write: %s)", strerror(summary_errno));
    if (r->have_outputs && r->a.raw)
        snprintf(written, len, "outputs written despite the error: %s.YU, .WV, .Z, .SY, .SW, .SS%s and %s in %s",
                 base_name(r->a.pos[0]), r->x_written ? ", .X" : "", summary_note, r->a.outdir);
    else if (r->have_outputs)
        snprintf(written, len, "outputs written despite the error%s: U.npy, V.npy, Z.npy, sigma_f.npy, "
                 "sigma_g.npy, sigma.npy%s and %s in %s", r->p.stacked ? " (every solved pair; NaN for a failed pair "
                 "that wrote none; summary.json \"pairs\" has each pair's status)" : "",
                 r->x_written ? ", X.npy" : "", summary_note, r->a.outdir);
    else if (summary_ok)
        snprintf(written, len, "only summary.json was written (to %s)", r->a.outdir);
    else
        snprintf(written, len, "nothing was written (%s: %s)", r->summary_path, strerror(summary_errno));
}

/* The closing line (success, the no-convergence warning, or the error) and its exit code. */
static int say_outcome(const cli_run *r, const char *written)
{
    const cli_args *a = &r->a;
    const hzgsvd_info *info = &r->info;
    const hzgsvd_status st = r->st;
    const int n = r->p.n;
    char where[96];
    index_note(a, r->p.stacked ? r->first_failed : -1, info->detail, where, sizeof where);
    /* A pair refused by an engine that does not reduce: say which one does. */
    const char *engine_hint = "";
    if (st == HZGSVD_ERR_RANK_DEFICIENT && a->opt.preprocess != 0) {
        if (a->mpi) engine_hint = " (the distributed engine takes full-rank pairs only; the CPU and GPU engines, without --mpi, reduce rank-deficient pairs)";
    }
    if (st == HZGSVD_ERR_INVALID_ARGUMENT && a->opt.preprocess == 1 && a->mpi)   /* its detail does not say why */
        engine_hint = " (--preprocess always: the distributed engine does not reduce; the CPU and GPU engines, without --mpi, do)";
    if (st == HZGSVD_ERR_INVALID_ARGUMENT && (a->opt.precondition == HZGSVD_PRECONDITION_QR_EIG || a->opt.precondition == HZGSVD_PRECONDITION_QR_SVD)
        && strstr(info->detail, "options.precondition") != NULL) {   /* an engine without a preconditioner */
        static char hint[192];
        snprintf(hint, sizeof hint, " (--precondition %s: the preconditioned start is the single-GPU and the CPU engine's, without --mpi; "
                 "auto or none run the plain start here)", precondition_name(a->opt.precondition));
        engine_hint = hint;
    }

    if (st == HZGSVD_SUCCESS) {
        /* the preconditioned start, where one ran: ", qr-eig start (0.03 s)" */
        char start[64] = "";
        if (info->preconditioner != HZGSVD_PRECONDITION_NONE)
            snprintf(start, sizeof start, ", %s start (%.2f s)", precondition_name(info->preconditioner),
                     info->precondition_seconds);
        if (!a->quiet && r->p.stacked)
            say("done: %d pairs, n = %d, at most %d sweeps, %llu transformations (%llu big), %.2f s; outputs in %s",
                r->p.batch, n, info->sweeps, info->all, info->big, info->seconds, a->outdir);
        else if (!a->quiet && info->preprocessed)
            say("done: n = %d (K = %d, L = %d, null %d), %d sweeps%s, %llu transformations (%llu big), %.2f s; outputs in %s",
                n, info->rank_k, info->rank_l, n - info->rank_k - info->rank_l, info->sweeps, start, info->all, info->big,
                info->seconds, a->outdir);
        else if (!a->quiet)
            say("done: n = %d, %d sweeps%s, %llu transformations (%llu big), %.2f s; outputs in %s",
                n, info->sweeps, start, info->all, info->big, info->seconds, a->outdir);
        return EXIT_OK;
    }
    if (st == HZGSVD_ERR_NO_CONVERGENCE) {
        say("warning: library: %s%s%s%s; %s", hzgsvd_status_string(st),
            info->detail[0] ? " (" : "", info->detail, info->detail[0] ? ")" : "", written);
        return exit_for_status(st);
    }
    /* the shape checks made here carry the library's status and detail, not its name */
    say("%s%s%s%s%s%s%s%s; %s", r->checked_here ? "" : "library: ", hzgsvd_status_string(st),
        info->detail[0] ? " (" : "", info->detail, where, info->detail[0] ? ")" : "", r->shape_hint, engine_hint, written);
    return exit_for_status(st);
}

/* The outputs, summary.json and the closing line; the exit code. */
static int write_results(cli_run *r)
{
    const hzgsvd_status st = r->st;
    finish_outputs(r);
    if (r->have_outputs && write_outputs(&r->a, &r->p, r->x_written ? r->X : NULL, base_name(r->a.pos[0])) != 0)
        return EXIT_FILE;
    const char *device_label = r->a.mpi ? r->mpi_device_name : r->engine->name;
#ifdef HZGSVD_WITH_CUDA
    if (!r->a.mpi && !strcmp(r->engine->name, "gpu")) device_label = gpu_device_name;
#endif
    int summary_ok = write_summary(r->summary_path, &r->a, device_label, &r->p, r->in_f, r->in_g, st, &r->info,
                                   r->have_outputs, r->x_written, r->pair_st, r->pair_info) == 0;
    int summary_errno = errno;
    if (!summary_ok && (st == HZGSVD_SUCCESS || st == HZGSVD_ERR_NO_CONVERGENCE)) {
        say("%s: cannot write (%s)", r->summary_path, strerror(summary_errno));
        return EXIT_FILE;
    }
    char written[768];
    describe_written(r, summary_ok, summary_errno, written, sizeof written);
    int code = say_outcome(r, written);
    /* X could not be computed (out of memory): the other outputs stand, X.npy is missing */
    if (r->X != NULL && r->have_outputs && (st == HZGSVD_SUCCESS || st == HZGSVD_ERR_NO_CONVERGENCE) &&
        r->xst != HZGSVD_SUCCESS) {
        say("--x: library: %s (%s) computing X; X was not written (summary.json: \"x_written\": false)",
            hzgsvd_status_string(r->xst), r->xinfo.detail);
        code = exit_for_status(r->xst);
    }
    return code;
}

static void free_run(cli_run *r)
{
    free(r->summary_path);
    free(r->path_f);
    free(r->path_g);
    free(r->p.Z);
    free(r->p.sigma_f);
    free(r->p.sigma_g);
    free(r->p.sigma);
    free(r->X);
    free(r->pair_st);
    free(r->pair_info);
    free(r->F0);
    free(r->G0);
    npy_free(&r->Fm);
    npy_free(&r->Gm);
}

int main(int argc, char **argv)
{
    static cli_run r;   /* static: zeroed, and off the stack (two hzgsvd_info) */
    snprintf(r.mpi_device_name, sizeof r.mpi_device_name, "mpi");
    int code = parse_args(argc, argv, &r.a);
    if (code != CLI_GO_ON) return code;
    if ((code = start_mpi(&r, &argc, &argv)) != CLI_GO_ON) return code;
    if ((code = choose_engine(&r)) != CLI_GO_ON) return code;

    code = read_inputs(&r);
    if (code == CLI_GO_ON) {
        check_shape(&r);
        if (!r.checked_here) code = allocate_work(&r);
    }
    if (code == CLI_GO_ON) code = open_outdir(&r);
    if (code == CLI_GO_ON) {
        run_engine(&r);
        code = write_results(&r);
    }
    free_run(&r);
    return finish(&r.a, code);
}
