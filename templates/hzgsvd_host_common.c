/* What every engine's host code shares (CPU engine, GPU driver): timing, messages, argument checks,
 * the bordered size, the final ordering of the columns, the inner-level strategy table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <time.h>
#include <float.h>
#ifdef _OPENMP
#include <omp.h>
#endif

HZGSVD_PRIVATE double hzgsvd__now(void)
{
#ifdef _OPENMP
    return omp_get_wtime();
#elif defined(TIME_UTC)
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
#else
    return (double)clock() / (double)CLOCKS_PER_SEC;
#endif
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__fail(hzgsvd_info *info, hzgsvd_status st, const char *fmt, ...)
{
    if (info) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(info->detail, sizeof info->detail, fmt, ap);
        va_end(ap);
    }
    return st;
}

HZGSVD_PRIVATE void hzgsvd__info_reset(hzgsvd_info *info)
{
    if (!info) return;
    info->sweeps = 0;
    info->big = 0;
    info->all = 0;
    info->seconds = 0.0;
    info->n_bordered = 0;
    info->block_width = 0;
    info->outputs_written = 0;
    info->sigma_refined = 0;
    info->preprocessed = 0;
    info->rank_k = 0;
    info->rank_l = 0;
    info->tol_f = 0.0;
    info->tol_g = 0.0;
    info->mpi_transport = 0;
    info->mpi_exchange_seconds = 0.0;
    info->mpi_bytes_moved = 0;
    info->preconditioner = HZGSVD_PRECONDITION_NONE;
    info->precondition_seconds = 0.0;
    info->precondition_growth = 0.0;
    info->precondition_note = "the plain start";
    info->detail[0] = '\0';
}

/* The options with block_width 0 ("the engine's choice") replaced by the engine's w_default. */
HZGSVD_PRIVATE hzgsvd_options hzgsvd__with_width(const hzgsvd_options *opt, int w_default)
{
    hzgsvd_options o = opt ? *opt : hzgsvd_default_options();
    if (o.block_width == 0) o.block_width = w_default;
    return o;
}

/* The CPU engine's block width when the options leave it to the engine. */
#define HZGSVD__CPU_BLOCK_WIDTH 16

/* The GPU engine's block width when the options leave it to the engine, for n columns on one GPU:
 * w = 32 halves the bytes a sweep moves but doubles the latency-bound inner solve of a step; on an
 * H100 it pays from n = 4096 on and costs at n <= 2048 (docs/PERFORMANCE.md).  (Here, not in the
 * GPU sources: the distributed engine's layout, also built without nvcc, chooses by it.) */
#define HZGSVD__GPU_WIDE_FROM_N 2049
HZGSVD_PRIVATE int hzgsvd__gpu_default_width(int n)
{
    return n >= HZGSVD__GPU_WIDE_FROM_N ? 32 : 16;
}
/* The CPU engine shortens a pair by QR first (the reduction of general pairs) where m_F + m_G is at
 * least this many times n: with the blocked QR, break-even at about 2 (square pairs), 1.6-1.9 times
 * faster at 4, 5 times at 16 (docs/PERFORMANCE.md, "Tall pairs"). */
#define HZGSVD__CPU_SHORTEN_SUM 4

/* Whether the GPU kernels are generated for block width w (HZGSVD__GPU_WIDTH_GENERATED: the
 * generator defines it before this file from generator/gen.py's GPU_BLOCK_WIDTHS); plain C, so
 * that the distributed engine's layout can ask it in a build without CUDA. */
HZGSVD_PRIVATE int hzgsvd__gpu_width_ok(int w)
{
    return HZGSVD__GPU_WIDTH_GENERATED(w);
}

/* The closing fields of info at a public entry point's return: the call's wall time and, on success,
 * the detail line (with the reduction's K, L where the pair went through it). */
/* The end of an outer sweep, the same in every engine: the progress callback (if any), then the
 * cancel flag.  Returns 1 where the caller asked to stop (options.cancel). */
HZGSVD_PRIVATE int hzgsvd__sweep_done(const hzgsvd_options *o, int sweep, unsigned long long big,
                                      unsigned long long all, double t0, int report)
{
    if (o->progress && report) {
        hzgsvd_progress pr;
        pr.sweep = sweep; pr.max_sweeps = o->max_sweeps; pr.big = big; pr.all = all; pr.seconds = hzgsvd__now() - t0;
        o->progress(&pr, o->progress_user);
    }
    return o->cancel != NULL && *o->cancel != 0;
}

/* The stop rule of the single-process engines: a sweep (0-based) that applied no big
 * transformation ends the run -- but after a preconditioned start not the first one, unless it
 * applied no transformation at all: from such a start the first sweep can pass the rule with
 * cosines ~1e-9 still to remove (docs/NUMERICS.md, "Two sweeps at the least"). */
HZGSVD_PRIVATE int hzgsvd__sweep_converged(int sweep, unsigned long long big, unsigned long long all, int preconditioned)
{
    return big == 0 && (sweep > 0 || !preconditioned || all == 0);
}

/* QR_EIG's start gives way to QR_SVD: a QR_EIG start whose HZGSVD__QR_EIG_SWEEPS-th sweep still
 * applied a big transformation is abandoned, and the run starts again from the input pair with
 * QR_SVD (on the remaining budget).  Why: where C^H C's eigenvalues span more than about 1/u
 * (graded pairs, Tikhonov cores) its eigenvectors resolve the small sigma's directions only to
 * u lambda_max / gap; the sweeps from such a start are many (6-27 measured, against 2-3 where the
 * start is good) and the small sigma came out 2.7e-12 (GPU) to 9e-4 (CPU, a reduced core) off
 * (docs/NUMERICS.md, "QR_EIG gives way").  QR_SVD's singular vectors resolve them, and its run is 2-6 sweeps: the retry costs
 * less than staying. */
#define HZGSVD__QR_EIG_SWEEPS 3
#define HZGSVD__QR_EIG_GAVE_WAY \
    "qr-svd: Z0 = R^-1 V (R of a QR of G, V the right singular vectors of F R^-1), after qr-eig's start had not converged in 3 sweeps"

/* Whether the run that started from Z0 of this kind (HZGSVD_PRECONDITION_*, NONE where plain) and
 * has just finished its sweep (0-based) unconverged, with budget sweeps in all, gives way to
 * QR_SVD (above): not where the budget would leave no sweeps for the new start. */
HZGSVD_PRIVATE int hzgsvd__start_gives_way(int kind, int sweep, int budget)
{
    return kind == HZGSVD_PRECONDITION_QR_EIG && sweep + 1 == HZGSVD__QR_EIG_SWEEPS && budget > HZGSVD__QR_EIG_SWEEPS + 1;
}

/* After the QR_SVD stage that replaced a QR_EIG start (hzgsvd__start_gives_way): both stages'
 * seconds in info, and the note that says why QR_SVD ran (a refused QR_SVD keeps its own note). */
HZGSVD_PRIVATE void hzgsvd__pre_gave_way(hzgsvd_info *info, double eig_seconds)
{
    if (!info) return;
    info->precondition_seconds += eig_seconds;
    if (info->preconditioner == HZGSVD_PRECONDITION_QR_SVD) info->precondition_note = HZGSVD__QR_EIG_GAVE_WAY;
}

/* The shape arguments every batched entry point shares (hzgsvd_cpu_?gsvd_batched,
 * hzgsvd_gpu_?gsvd_batched; the argument numbers of their prototypes): n, m_f, m_g, batch, the
 * leading dimensions and the strides (sS counts doubles, the others elements). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__batch_check_shape(int m_f, int m_g, int n, int ldf, long long sF, int ldg, long long sG, int ldz, long long sZ,
                                                       long long sS, int batch, hzgsvd_info *info)
{
    const hzgsvd_status bad = HZGSVD_ERR_INVALID_ARGUMENT;
    const long long mf1 = m_f > 1 ? m_f : 1, mg1 = m_g > 1 ? m_g : 1, nl = n;
    if (n < 1) return hzgsvd__fail(info, HZGSVD_ERR_N_LESS_THAN_ONE, "argument 3 (n = %d); n must be at least 1", n);
    if (m_f < 0) return hzgsvd__fail(info, bad, "argument 1 (m_f = %d) must be >= 0", m_f);
    if (m_g < 0) return hzgsvd__fail(info, bad, "argument 2 (m_g = %d) must be >= 0", m_g);
    if (batch < 0) return hzgsvd__fail(info, bad, "argument 17 (batch = %d) must be >= 0", batch);
    if (ldf < mf1) return hzgsvd__fail(info, bad, "argument 5 (ldf = %d) must be >= max(1, m_f = %d)", ldf, m_f);
    if (sF < ldf * nl) return hzgsvd__fail(info, bad, "argument 6 (strideF = %lld) must be >= ldf * n = %lld", sF, ldf * nl);
    if (ldg < mg1) return hzgsvd__fail(info, bad, "argument 8 (ldg = %d) must be >= max(1, m_g = %d)", ldg, m_g);
    if (sG < ldg * nl) return hzgsvd__fail(info, bad, "argument 9 (strideG = %lld) must be >= ldg * n = %lld", sG, ldg * nl);
    if (ldz < n) return hzgsvd__fail(info, bad, "argument 11 (ldz = %d) must be >= n = %d", ldz, n);
    if (sZ < ldz * nl) return hzgsvd__fail(info, bad, "argument 12 (strideZ = %lld) must be >= ldz * n = %lld", sZ, ldz * nl);
    if (sS < nl) return hzgsvd__fail(info, bad, "argument 16 (strideS = %lld) must be >= n = %d", sS, n);
    return HZGSVD_SUCCESS;
}

/* Whether options.precondition asks for a preconditioner by name (QR_EIG or QR_SVD). */
HZGSVD_PRIVATE int hzgsvd__pre_named(int precondition)
{
    return precondition == HZGSVD_PRECONDITION_QR_EIG || precondition == HZGSVD_PRECONDITION_QR_SVD;
}

/* The enum's name as the C source spells it, for messages. */
HZGSVD_PRIVATE const char *hzgsvd__pre_enum(int precondition)
{
    return precondition == HZGSVD_PRECONDITION_QR_SVD ? "HZGSVD_PRECONDITION_QR_SVD" : "HZGSVD_PRECONDITION_QR_EIG";
}

/* HZGSVD_ERR_CANCELLED after sweep (1-based). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cancelled(hzgsvd_info *info, int sweep)
{
    return hzgsvd__fail(info, HZGSVD_ERR_CANCELLED, "the run stopped after sweep %d (options.cancel was set)", sweep);
}

HZGSVD_PRIVATE void hzgsvd__info_close(hzgsvd_info *info, hzgsvd_status st, int n, double t0)
{
    if (!info) return;
    info->seconds = hzgsvd__now() - t0;
    if (st == HZGSVD_SUCCESS && info->preprocessed)
        snprintf(info->detail, sizeof info->detail, "converged in %d sweeps (reduced: K = %d, L = %d, n - K - L = %d)",
                 info->sweeps, info->rank_k, info->rank_l, n - info->rank_k - info->rank_l);
    else if (st == HZGSVD_SUCCESS)
        snprintf(info->detail, sizeof info->detail, "converged in %d sweeps", info->sweeps);
}

/* The checks an engine that takes general pairs makes before touching any array (argument numbers
 * as in the prototype): any m_f, m_g >= 0 (F or G may be NULL where it has no rows). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__check_args_general(int m_f, int m_g, int n, const void *F, int ldf,
                                                        const void *G, int ldg, const void *Z, int ldz,
                                                        const hzgsvd_options *o, hzgsvd_info *info)
{
    if (n < 1)
        return hzgsvd__fail(info, HZGSVD_ERR_N_LESS_THAN_ONE, "n = %d; n must be at least 1", n);
    if (m_f < 0) return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "argument 1 (m_f = %d) must be >= 0", m_f);
    if (m_g < 0) return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "argument 2 (m_g = %d) must be >= 0", m_g);
    if (!F && m_f > 0) return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "argument 4 (F) is NULL");
    if (ldf < (m_f > 1 ? m_f : 1)) return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "argument 5 (ldf = %d) must be >= max(1, m_f = %d)", ldf, m_f);
    if (!G && m_g > 0) return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "argument 6 (G) is NULL");
    if (ldg < (m_g > 1 ? m_g : 1)) return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "argument 7 (ldg = %d) must be >= max(1, m_g = %d)", ldg, m_g);
    if (!Z) return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "argument 8 (Z) is NULL");
    if (ldz < n) return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "argument 9 (ldz = %d) must be >= n = %d", ldz, n);
    if (o->variant < 0 || o->variant > 7)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.variant = %d; variants are 0..7", o->variant);
    if (o->outer != HZGSVD_STRATEGY_ME && o->outer != HZGSVD_STRATEGY_MM)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.outer = %d is not a strategy", (int)o->outer);
    if (o->inner != HZGSVD_STRATEGY_ME && o->inner != HZGSVD_STRATEGY_MM)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.inner = %d is not a strategy", (int)o->inner);
    if (o->blocking != HZGSVD_BLOCKING_FB && o->blocking != HZGSVD_BLOCKING_BO)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.blocking = %d is not FB or BO", (int)o->blocking);
    if (o->sort != 0 && o->sort != 1)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.sort = %d must be 0 or 1", o->sort);
    if (o->refine_sigma < -1 || o->refine_sigma > 1)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.refine_sigma = %d must be -1 (the engine's choice), 0 or 1", o->refine_sigma);
    if (o->max_sweeps < 1 || o->max_sweeps > 1000)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.max_sweeps = %d must be in 1..1000", o->max_sweeps);
    if (o->block_width < 0 || o->block_width > 64)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.block_width = %d must be 0 (the engine's choice) or in 1..64", o->block_width);
    if (o->outermost != HZGSVD_STRATEGY_ME && o->outermost != HZGSVD_STRATEGY_MM)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.outermost = %d is not a strategy", (int)o->outermost);
    if (o->outermost_blocking != HZGSVD_BLOCKING_FB && o->outermost_blocking != HZGSVD_BLOCKING_BO)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.outermost_blocking = %d is not FB or BO", (int)o->outermost_blocking);
    if (o->threads < 0 || o->threads > HZGSVD_MAX_THREADS)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.threads = %d must be in 0..%d (0: the OpenMP default)",
                            o->threads, HZGSVD_MAX_THREADS);
    if (o->preprocess < -1 || o->preprocess > 1)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.preprocess = %d must be -1 (where needed), 0 (never) or 1 (always)", o->preprocess);
    if (o->precondition < HZGSVD_PRECONDITION_AUTO || o->precondition > HZGSVD_PRECONDITION_QR_SVD)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT,
                            "options.precondition = %d must be HZGSVD_PRECONDITION_AUTO (-1), _NONE (0), _QR_EIG (1) or _QR_SVD (2)",
                            o->precondition);
    if (hzgsvd__pre_named(o->precondition) && o->max_sweeps < 2)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT,
                            "options.precondition = %s needs options.max_sweeps >= 2 (a preconditioned start is certified by its second sweep)",
                            hzgsvd__pre_enum(o->precondition));
    return HZGSVD_SUCCESS;
}

/* The preconditioned start (options.precondition; templates/hzgsvd_gpu_precondition.cu and
 * hzgsvd_cpu_precondition.c): AUTO takes it from these n on (below them the sweeps are cheap and the
 * stage's fixed costs are not: docs/PERFORMANCE.md) -- on the GPU QR_EIG (cuSOLVER's eigensolver is
 * several times faster than its SVD, and cond X = 100 pairs need no more), on the CPU QR_SVD (its
 * cost is a small part of one sweep's there, and it resolves graded and Tikhonov pairs) -- and keeps
 * Z0 where the trust test's growth max_j ||D z0_j|| / ||[F; G] z0_j|| is at most
 * HZGSVD__PRECONDITION_GROWTH (docs/NUMERICS.md). */
#define HZGSVD__PRECONDITION_AUTO_N 256
#define HZGSVD__PRECONDITION_AUTO_N_CPU 64
#define HZGSVD__PRECONDITION_GROWTH 65536.0
/* AUTO's note where max_sweeps = 1: a preconditioned start is certified by its second sweep (the
 * first can pass the stop rule short of working accuracy; docs/NUMERICS.md, "Two sweeps at the least") */
#define HZGSVD__PRECONDITION_ONE_SWEEP "the plain start (AUTO: max_sweeps below 2; a preconditioned start needs a second sweep)"

/* The stage's outcome into info (its seconds and growth, which start and why): kind the
 * preconditioner computed (QR_EIG or QR_SVD), refused the note of a plain start the stage chose
 * before the test (NULL where Z0 was formed and tested).  Returns 1 where Z0 is kept. */
HZGSVD_PRIVATE int hzgsvd__pre_keep(hzgsvd_info *info, int kind, const char *refused, double growth, double seconds)
{
    if (!refused && !(growth <= HZGSVD__PRECONDITION_GROWTH))
        refused = "the plain start (Z0 failed the trust test: info.precondition_growth > 2^16)";
    if (info) {
        info->precondition_seconds = seconds;
        info->precondition_growth = growth;
        info->preconditioner = refused ? HZGSVD_PRECONDITION_NONE : kind;
        info->precondition_note = refused ? refused
                                : kind == HZGSVD_PRECONDITION_QR_SVD ? "qr-svd: Z0 = R^-1 V (R of a QR of G, V the right singular vectors of F R^-1)"
                                                                     : "qr-eig: Z0 = R^-1 W (R of a QR of G, W the eigenvectors of (F R^-1)^H (F R^-1))";
    }
    return !refused;
}

/* The rank probe's verdict (the CPU and GPU stages, in the front door's run): G numerically rank
 * deficient in the preconditioner's QR, |R(j+1, j+1)| = rjj <= tol; no preconditioner, the note,
 * HZGSVD_ERR_RANK_DEFICIENT before any output is written (the front door reduces the pair). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_deficient(hzgsvd_info *info, int j, double rjj, double tol, double seconds)
{
    if (info) {
        info->precondition_seconds = seconds;
        info->precondition_note = "the plain start (G numerically rank deficient in the preconditioner's QR: the pair goes to the reduction)";
    }
    return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "G is numerically rank deficient: |R(%d,%d)| = %.3g <= %.3g in its QR", j + 1, j + 1, rjj,
                        tol);
}

/* An engine without a preconditioner (the reference engine): a
 * preconditioner asked by name is refused (never silently ignored), AUTO runs the plain start and
 * says so. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__no_preconditioner(const hzgsvd_options *o, const char *engine, hzgsvd_info *info)
{
    if (hzgsvd__pre_named(o->precondition))
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT,
                            "options.precondition = %s: the %s engine has no preconditioner yet (AUTO or NONE: the plain start)",
                            hzgsvd__pre_enum(o->precondition), engine);
    if (info && o->precondition == HZGSVD_PRECONDITION_AUTO) info->precondition_note = "the plain start (this engine has no preconditioner yet)";
    return HZGSVD_SUCCESS;
}

/* The checks of an engine that takes full-rank pairs only (m_f >= n, m_g >= n). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__check_args(int m_f, int m_g, int n, const void *F, int ldf,
                                                const void *G, int ldg, const void *Z, int ldz,
                                                const hzgsvd_options *o, hzgsvd_info *info)
{
    if (n < 1)
        return hzgsvd__fail(info, HZGSVD_ERR_N_LESS_THAN_ONE, "n = %d; n must be at least 1", n);
    if (m_f < n)
        return hzgsvd__fail(info, HZGSVD_ERR_M_LESS_THAN_N, "m_f = %d < n = %d: F must have at least n rows", m_f, n);
    if (m_g < n)
        return hzgsvd__fail(info, HZGSVD_ERR_M_LESS_THAN_N, "m_g = %d < n = %d: G must have at least n rows", m_g, n);
    const hzgsvd_status st = hzgsvd__check_args_general(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, o, info);
    if (st == HZGSVD_SUCCESS && o->preprocess == 1)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.preprocess = 1: this engine takes full-rank pairs only (the CPU engine reduces general pairs)");
    return st;
}

/* n rounded up to a multiple of 2w (the outer level pairs block columns of width w). */
HZGSVD_PRIVATE int hzgsvd__bordered_n(int n, int w)
{
    const int two_w = 2 * w;
    return ((n + two_w - 1) / two_w) * two_w;
}

/* Stable descending order of sigma over the selected columns (insertion sort of an index array;
 * n log n is not needed at the sizes where O(n^2) index moves cost less than one sweep). */
HZGSVD_PRIVATE void hzgsvd__sort_desc(const double *sigma, int *idx, int n)
{
    for (int i = 1; i < n; ++i) {
        const int k = idx[i];
        int j = i - 1;
        while (j >= 0 && sigma[idx[j]] < sigma[k]) { idx[j + 1] = idx[j]; --j; }
        idx[j + 1] = k;
    }
}

/* The inner-level table of order k: a baked one for k = 32 and 64 (the tables the GPU kernels read
 * from constant memory), else the run-time C construction (the same strategy, test_strategy checks). */
HZGSVD_PRIVATE int hzgsvd__inner_table(hzgsvd_strategy kind, int k, int *pairs)
{
    const int me = (kind == HZGSVD_STRATEGY_ME), steps = me ? k - 1 : k;
    const unsigned char *baked = NULL;
    if (k == 32) baked = me ? &hzgsvd__inner_me32[0][0][0] : &hzgsvd__inner_mm32[0][0][0];
    if (k == 64) baked = me ? &hzgsvd__inner_me64[0][0][0] : &hzgsvd__inner_mm64[0][0][0];
    if (!baked || (kind != HZGSVD_STRATEGY_ME && kind != HZGSVD_STRATEGY_MM)) return hzgsvd__strategy_fill(kind, k, pairs);
    for (int e = 0; e < steps * k; ++e) pairs[e] = baked[e];
    return 0;
}

/* b rounded up to a multiple of 256 bytes (alignment of the parts of a device workspace). */
HZGSVD_PRIVATE size_t hzgsvd__align256(size_t b)
{
    return (b + 255u) & ~(size_t)255u;
}
