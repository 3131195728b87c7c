/* ================================================================================================
 * hzgsvd_host.h -- GENERATED FILE, DO NOT EDIT.
 * Generated from: templates/hzgsvd_finish.c, templates/hzgsvd_front.c, templates/hzgsvd_host_common.c, templates/hzgsvd_outcome.c, templates/hzgsvd_range_plan.c
 * Regenerate with: make generate   (= python3 generator/gen.py)
 * What it is: Host code every engine shares: timing, messages, argument checks, bordering sizes, column order, the range-scaling plan, the pair policy (the front door), the status of a finished run (the outcome), the epilogue every engine's run ends in (the finish).
 * How to compile: Included by the engine implementations (hzgsvd_cpu_impl.h, hzgsvd_gpu_impl.cuh).
 * ================================================================================================ */
#ifndef HZGSVD_GENERATED_HZGSVD_HOST_H
#define HZGSVD_GENERATED_HZGSVD_HOST_H
#include "hzgsvd_core.h"

/*** begin generator/gen.py: GPU_BLOCK_WIDTHS ***/
/* The block widths the GPU kernels are generated for (generator/gen.py, GPU_BLOCK_WIDTHS). */
#define HZGSVD__GPU_WIDTH_GENERATED(w) ((w) == 16 || (w) == 32)
/*** end generator/gen.py: GPU_BLOCK_WIDTHS ***/

/*** begin templates/hzgsvd_host_common.c ***/
#line HZGSVD__SRC_LINE(1, 19) HZGSVD__SRC_FILE("templates/hzgsvd_host_common.c")
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
#line 383 HZGSVD__SRC_FILE("generated/hzgsvd_host.h")
/*** end templates/hzgsvd_host_common.c ***/

/*** begin templates/hzgsvd_range_plan.c ***/
#line HZGSVD__SRC_LINE(1, 387) HZGSVD__SRC_FILE("templates/hzgsvd_range_plan.c")
/* Range scaling, the plan (docs/NUMERICS.md, "The whole double range").  The engines form squared
 * norms and Gram matrices of columns, so a pair whose entries lie far from 1 (below about 2^-500 or
 * above 2^500, or F and G far apart from each other) would underflow or overflow there although
 * its Sigma is representable.  Such a pair is run as F' = 2^shift_f F D, G' = 2^shift_g G D with
 * D = diag(2^col_j): column j of [F; G] gets its largest entry into [1/2, 1) (the method is
 * invariant under column scaling, D only moves into Z), and then F and G each get theirs there.
 * Powers of two are exact, so F' and G' carry every bit of F and G.  A pair inside the safe window
 * is left as it is (bitwise the results of an engine without this step).  Integers only: the
 * distributed engine reduces the three partial values over its ranks with MPI_MAX. */
#include <limits.h>

/* No scaling while the largest entry of every column of F and of G lies in [2^-SAFE, 2^SAFE):
 * then squares, Gram entries and the variant's column prescaling by 1/||g_j|| stay normal. */
#define HZGSVD__RANGE_SAFE 200
/* What the engine resolves inside the scaled pair: Sigma_F' and Sigma_G' (and column norms of the
 * working F' and G') down to 2^-RESOLVE, whose squares stay normal with room for the sums; so the
 * sigma of one pair may spread over about 2^500 (1e150).  Below that a result is not certified and
 * a pivot failure is not evidence of rank deficiency: both give HZGSVD_ERR_OUT_OF_RANGE. */
#define HZGSVD__RANGE_RESOLVE 500

typedef struct hzgsvd__range {
    int active;                     /* 0: the input is used as it is, every shift 0 */
    int shift_f, shift_g;           /* F' = 2^shift_f F D, G' = 2^shift_g G D */
} hzgsvd__range;

/* Column part of the plan.  ef[j], eg[j]: the exponents (frexp) of the largest |entry| of column j
 * of F and of G (no zero columns: refused before).  Sets col[j] and folds into part[3] = {some column
 * outside the window, max_j (ef_j + col_j), max_j (eg_j + col_j)}; part starts as {0, INT_MIN, INT_MIN}. */
HZGSVD_PRIVATE void hzgsvd__range_columns(int n, const int *ef, const int *eg, int *col, int part[3])
{
    for (int j = 0; j < n; ++j) {
        const int top = ef[j] > eg[j] ? ef[j] : eg[j];
        col[j] = -top;
        if (ef[j] < -HZGSVD__RANGE_SAFE || ef[j] > HZGSVD__RANGE_SAFE || eg[j] < -HZGSVD__RANGE_SAFE || eg[j] > HZGSVD__RANGE_SAFE)
            part[0] = 1;
        if (ef[j] - top > part[1]) part[1] = ef[j] - top;
        if (eg[j] - top > part[2]) part[2] = eg[j] - top;
    }
}

/* The plan from the folded parts (of all columns). */
HZGSVD_PRIVATE hzgsvd__range hzgsvd__range_plan(const int part[3])
{
    hzgsvd__range r;
    r.active = part[0] != 0;
    r.shift_f = r.active ? -part[1] : 0;
    r.shift_g = r.active ? -part[2] : 0;
    return r;
}

/* The two "sigma spread" failures every engine reports alike: a column of the scaled input below
 * 2^-RESOLVE (before the run; col: 1-based column of the pair) and an output column whose Sigma_F'
 * or Sigma_G' fell below it (after the run; the outputs are written). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__range_fail_input(hzgsvd_info *info, int col, const char *matrix)
{
    return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE,
                        "column %d of %s is below 2^-%d of the largest columns of the pair after range scaling: "
                        "the pair's sigma spread over more than the engine resolves (about 1e150)",
                        col, matrix, HZGSVD__RANGE_RESOLVE);
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__range_fail_result(hzgsvd_info *info, int out_col)
{
    return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE,
                        "output column %d: Sigma_F or Sigma_G of the scaled pair below 2^-%d: the pair's sigma spread over more than "
                        "the engine resolves (about 1e150); that column is not certified (outputs written)",
                        out_col, HZGSVD__RANGE_RESOLVE);
}
#line 456 HZGSVD__SRC_FILE("generated/hzgsvd_host.h")
/*** end templates/hzgsvd_range_plan.c ***/

/*** begin templates/hzgsvd_front.c ***/
#line HZGSVD__SRC_LINE(1, 460) HZGSVD__SRC_FILE("templates/hzgsvd_front.c")
/* The front door: options.preprocess's pair policy, written once for every engine that takes
 * general pairs (the CPU engine, the GPU engine's host and device entry points).  An engine
 * supplies a backend record: its full-rank iteration and its reduction of a general pair (the
 * rank-revealing reduction to a full-rank core, docs/API.md "General pairs"); the policy decides
 * which runs, in what order, and when a full-rank run hands over to the reduction:
 *
 *   preprocess =  0  the full-rank engine alone, with its documented statuses;
 *   preprocess = -1  the full-rank engine first where the pair has m_f, m_g >= n (and is not tall
 *                    where the backend shortens tall pairs by the reduction's QR); where that run
 *                    finds F or G rank deficient (or U, V off orthogonality), or, given at least
 *                    HZGSVD__REROUTE_SWEEPS sweeps, does not converge, before any output is
 *                    written, the reduction; otherwise the reduction alone;
 *   preprocess =  1  the reduction.
 *
 * The arguments are checked by the entry points before the front door. */

/* What a full-rank run does where its final rank test fails (and whether it checks U and V). */
typedef enum hzgsvd__on_deficient {
    HZGSVD__DEFICIENT_REPORT = 0,   /* the documented behaviour: outputs written, HZGSVD_ERR_RANK_DEFICIENT */
    HZGSVD__DEFICIENT_REROUTE = 1,  /* HZGSVD_ERR_RANK_DEFICIENT before any output is written, U and V checked
                                     * too: the caller reduces the pair instead */
    HZGSVD__DEFICIENT_ACCEPT = 2,   /* the rank test does not fail the run: the core of a reduced pair, whose
                                     * ranks the reduction decided (a sigma at the rounding level is a value) */
    HZGSVD__DEFICIENT_REROUTE_STALLED = 3 /* REROUTE, and an unconverged run too returns
                                     * HZGSVD_ERR_NO_CONVERGENCE before any output is written */
} hzgsvd__on_deficient;

/* The sweeps a full-rank run must have been given before its no convergence sends the pair to the
 * reduction (preprocess = -1): the default budget.  A caller who caps the sweeps lower asked for the
 * capped run's last sweep, as documented.  Pairs that need the reduction so (graded F and G whose
 * columns span 16 and more orders of magnitude in opposite directions: docs/NUMERICS.md) stall at
 * any budget; a healthy pair converges in 6 to 25. */
#define HZGSVD__REROUTE_SWEEPS 30

HZGSVD_PRIVATE int hzgsvd__reroutes(hzgsvd__on_deficient mode)
{
    return mode == HZGSVD__DEFICIENT_REROUTE || mode == HZGSVD__DEFICIENT_REROUTE_STALLED;
}

/* One call's pair and options, as the entry point received them (the arrays in the entry point's
 * own kind of memory and layout; Fi, Gi, Zi: split imaginary planes, else NULL). */
typedef struct hzgsvd__pair_call {
    int m_f, m_g, n, ldf, ldg, ldz;
    double *F, *Fi, *G, *Gi, *Z, *Zi;
    double *sigma_f, *sigma_g, *sigma;
    const hzgsvd_options *o;
    double t0;
    void *d_work;                   /* device entry points: the caller's workspace, its size and stream */
    size_t work_bytes;
    void *stream;
} hzgsvd__pair_call;

typedef struct hzgsvd__backend {
    int shortens_tall;              /* tall full-rank pairs are shortened by the reduction's QR (CPU engine:
                                     * faster from m_f + m_g >= HZGSVD__CPU_SHORTEN_SUM n; docs/PERFORMANCE.md) */
    int restart_clears_info;        /* a rerouted pair's reduction starts from a cleared info (else: its counters cleared) */
    /* the full-rank iteration; *written: whether it wrote the outputs (also on some errors) */
    hzgsvd_status (*full_rank)(const hzgsvd__pair_call *c, hzgsvd__on_deficient mode, int *written, hzgsvd_info *info);
    /* the reduction of a general pair with the backend's core */
    hzgsvd_status (*reduce)(const hzgsvd__pair_call *c, hzgsvd_info *info);
} hzgsvd__backend;

HZGSVD_PRIVATE hzgsvd_status hzgsvd__gsvd_any(const hzgsvd__backend *B, const hzgsvd__pair_call *c, hzgsvd_info *info)
{
    const hzgsvd_options *o = c->o;
    int written = 0;
    if (o->preprocess == 0) return B->full_rank(c, HZGSVD__DEFICIENT_REPORT, &written, info);
    const int tall = B->shortens_tall && (long long)c->m_f + c->m_g >= (long long)HZGSVD__CPU_SHORTEN_SUM * c->n;
    if (o->preprocess == -1 && c->m_f >= c->n && c->m_g >= c->n && !tall) {
        const hzgsvd__on_deficient mode = o->max_sweeps >= HZGSVD__REROUTE_SWEEPS ? HZGSVD__DEFICIENT_REROUTE_STALLED : HZGSVD__DEFICIENT_REROUTE;
        const hzgsvd_status st = B->full_rank(c, mode, &written, info);
        if ((st != HZGSVD_ERR_RANK_DEFICIENT && st != HZGSVD_ERR_NO_CONVERGENCE) || written) return st;
        if (B->restart_clears_info) hzgsvd__info_reset(info);   /* the reduction starts afresh */
        else if (info) { info->sweeps = 0; info->all = 0; info->big = 0; }
    }
    return B->reduce(c, info);
}
#line 538 HZGSVD__SRC_FILE("generated/hzgsvd_host.h")
/*** end templates/hzgsvd_front.c ***/

/*** begin templates/hzgsvd_outcome.c ***/
#line HZGSVD__SRC_LINE(1, 542) HZGSVD__SRC_FILE("templates/hzgsvd_outcome.c")
/* The end of every engine's run, once its outputs are written: the status by one precedence, the
 * first finding wins -- the final rank test (F or G numerically rank deficient), then a Sigma'
 * below what the engine resolves, then a result outside the double range, then no convergence
 * (docs/API.md, "Statuses").  Each engine fills the record from its own rank test and stores
 * (host or device, one process or many ranks); the wording of every message is here. */

typedef struct hzgsvd__outcome {
    int degenerate;                 /* 0, or 1 (F) / 2 (G): the rank test failed, first at output column degenerate_col */
    int degenerate_col;
    int unresolved_col;             /* the first output column whose Sigma'_F or Sigma'_G is below HZGSVD__RANGE_RESOLVE; -1: none */
    int range_col;                  /* the first output column with sigma, Sigma_F, Sigma_G or its column of Z outside the range; -1: none */
    int range_values;               /* range_sigma holds that column's sigma, Sigma_F, Sigma_G (for the message) */
    double range_sigma[3];
    int converged, max_sweeps;
    const char *sweep;              /* "sweep", or "outermost sweep" (the distributed engine) */
} hzgsvd__outcome;

HZGSVD_PRIVATE hzgsvd__outcome hzgsvd__outcome_init(int converged, int max_sweeps, const char *sweep)
{
    hzgsvd__outcome r;
    memset(&r, 0, sizeof r);
    r.degenerate_col = r.unresolved_col = r.range_col = -1;
    r.converged = converged; r.max_sweeps = max_sweeps; r.sweep = sweep;
    return r;
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__outcome_status(const hzgsvd__outcome *r, hzgsvd_info *info)
{
    if (r->degenerate)
        return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT,
                            "%s is numerically rank deficient: output column %d has ||%s z|| at the rounding level of its columns (outputs written)",
                            r->degenerate == 1 ? "F" : "G", r->degenerate_col + 1, r->degenerate == 1 ? "F" : "G");
    if (r->unresolved_col >= 0) return hzgsvd__range_fail_result(info, r->unresolved_col + 1);
    if (r->range_col >= 0 && r->range_values)
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE,
                            "output column %d: sigma = %g (Sigma_F = %g, Sigma_G = %g) or its column of Z is outside the normal double range (outputs written)",
                            r->range_col + 1, r->range_sigma[0], r->range_sigma[1], r->range_sigma[2]);
    if (r->range_col >= 0)
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE,
                            "output column %d: sigma, Sigma_F, Sigma_G or its column of Z is outside the normal double range (outputs written)",
                            r->range_col + 1);
    if (!r->converged)
        return hzgsvd__fail(info, HZGSVD_ERR_NO_CONVERGENCE, "%s %d of %d still applied big transformations; outputs are from the last sweep",
                            r->sweep, r->max_sweeps, r->max_sweeps);
    return HZGSVD_SUCCESS;
}
#line 589 HZGSVD__SRC_FILE("generated/hzgsvd_host.h")
/*** end templates/hzgsvd_outcome.c ***/

/*** begin templates/hzgsvd_finish.c ***/
#line HZGSVD__SRC_LINE(1, 593) HZGSVD__SRC_FILE("templates/hzgsvd_finish.c")
/* The epilogue of every engine's run, written once (as LAPACK's DGGSVD3 ends every run in one sort):
 * after the iteration, the final rescale, the real columns with sigma refined from the input pair
 * and their order, the rank test, what the caller's mode does with a failing rank test, the U/V
 * check, the store, then the status by one precedence (hzgsvd__outcome_status).  An engine gives its
 * stages as hooks over its own run record (host, device or distributed: where the data live and how
 * a rank agrees is the hook's business); the order of the stages and the policy are here. */

typedef struct hzgsvd__finish_ops {
    /* the final rescale; a column degenerate in it fails the run (RANK_DEFICIENT, nothing written) */
    hzgsvd_status (*rescale)(void *run, hzgsvd_info *info);
    /* the columns free of bordering, sigma refined from the input pair (where the run does), the
     * order of the output columns (sigma descending where options.sort) */
    hzgsvd_status (*order)(void *run, hzgsvd_info *info);
    /* the rank test on the ordered columns: out->degenerate, out->degenerate_col.  NULL: the store
     * does it (the distributed engine tests each column where it stores it) */
    hzgsvd_status (*rank_test)(void *run, hzgsvd__outcome *out, hzgsvd_info *info);
    /* U and V orthonormal to working accuracy?  A failure is RANK_DEFICIENT with the measure; NULL:
     * the engine has no other route to offer, so it does not check */
    hzgsvd_status (*uv_check)(void *run, hzgsvd_info *info);
    /* the caller's arrays in the output order; out->range_col, out->range_values and its sigmas,
     * out->unresolved_col (and, with rank_test NULL, out->degenerate) */
    hzgsvd_status (*store)(void *run, hzgsvd__outcome *out, hzgsvd_info *info);
} hzgsvd__finish_ops;

/* mode: what a failing rank test does (hzgsvd__on_deficient): REPORT writes the outputs and says
 * RANK_DEFICIENT, REROUTE writes nothing so that the caller solves the pair another way (and then
 * also checks U and V: docs/NUMERICS.md, "The full-rank engine's limit"), REROUTE_STALLED does so
 * for an unconverged run too, ACCEPT writes them and says nothing (the caller decided the ranks: a
 * reduced pair's core).  sweep names an iteration in the no-convergence message ("sweep",
 * "outermost sweep"). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__finish(const hzgsvd__finish_ops *ops, void *run, hzgsvd__on_deficient mode, int converged,
                                            int max_sweeps, const char *sweep, hzgsvd_info *info)
{
    hzgsvd__outcome out = hzgsvd__outcome_init(converged, max_sweeps, sweep);
    if (!converged && mode == HZGSVD__DEFICIENT_REROUTE_STALLED)   /* the caller reduces the pair: no end stages */
        return hzgsvd__fail(info, HZGSVD_ERR_NO_CONVERGENCE, "%s %d of %d still applied big transformations (outputs not written)", sweep,
                            max_sweeps, max_sweeps);
    hzgsvd_status st = ops->rescale(run, info);
    if (st == HZGSVD_SUCCESS) st = ops->order(run, info);
    if (st == HZGSVD_SUCCESS && ops->rank_test) st = ops->rank_test(run, &out, info);
    if (st != HZGSVD_SUCCESS) return st;
    if (out.degenerate && hzgsvd__reroutes(mode))
        return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "%s is numerically rank deficient (output column %d; outputs not written)",
                            out.degenerate == 1 ? "F" : "G", out.degenerate_col + 1);
    /* an unconverged run returns its last sweep, as documented: no check that could withhold it */
    if (hzgsvd__reroutes(mode) && converged && ops->uv_check) {
        st = ops->uv_check(run, info);
        if (st != HZGSVD_SUCCESS) return st;
    }
    st = ops->store(run, &out, info);
    if (st != HZGSVD_SUCCESS) return st;
    if (info) info->outputs_written = 1;
    if (mode == HZGSVD__DEFICIENT_ACCEPT) out.degenerate = 0;
    return hzgsvd__outcome_status(&out, info);
}
#line 649 HZGSVD__SRC_FILE("generated/hzgsvd_host.h")
/*** end templates/hzgsvd_finish.c ***/

#endif /* HZGSVD_GENERATED_HZGSVD_HOST_H */
