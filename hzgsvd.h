/* hzgsvd.h -- the contract of hzgsvd: version, linkage, statuses, options and info.
 *
 * HOW TO USE
 *   Include one of the engine headers (hzgsvd_cpu.h, hzgsvd_single.cuh, hzgsvd_mpi.h, hzgsvd_ref.h);
 *   each includes this one.  Include it alone where a file only passes options, infos and statuses
 *   around (a binding, a logger): it declares no engine and needs nothing else of the library.
 *   Compiles as C99, C++ and CUDA.
 *
 * STATUSES
 *   Every entry point returns an hzgsvd_status (HZGSVD_SUCCESS is 0).  HZGSVD_STATUS_LIST below is
 *   the one table of them (value, enum name, message); the enum, hzgsvd_status_string() (the
 *   message) and hzgsvd_status_name() (the enum name as a string) are made from it, and so are the
 *   CLI's JSON "status" and the Python package's GSVDError.status.  hzgsvd_info.detail says more.
 *
 * This header is written by hand (it is not generated); the generated sources include it. */
#ifndef HZGSVD_H
#define HZGSVD_H

#include <stddef.h>
#include <stdint.h>

#define HZGSVD_VERSION_MAJOR 0
#define HZGSVD_VERSION_MINOR 1
#define HZGSVD_VERSION_PATCH 0
#define HZGSVD_VERSION_STRING "0.1.0"

/* Linkage.  HZGSVD_API marks public functions (empty by default; override it, e.g. with
 * __attribute__((visibility("default"))), before including a public header).  Under C++ the
 * public functions get C linkage.  HZGSVD_PRIVATE marks internals (static: every translation
 * unit that includes the core gets its own copy, so two of them always link; marked "maybe
 * unused" for GCC and Clang, since a translation unit that includes one engine's implementation
 * uses only some of the shared helpers).  HZGSVD_PRIVATE_INLINE (static inline) marks the helpers
 * outside the implementation guard, which every translation unit that includes a public header
 * sees: a user's file compiles without warnings under -Wall -Wextra with or without
 * HZGSVD_IMPLEMENTATION. */
#ifndef HZGSVD_API
#define HZGSVD_API
#endif
#if defined(__GNUC__) || defined(__clang__)
#define HZGSVD_MAYBE_UNUSED __attribute__((unused))
#else
#define HZGSVD_MAYBE_UNUSED
#endif
#ifndef HZGSVD_PRIVATE
#define HZGSVD_PRIVATE static HZGSVD_MAYBE_UNUSED
#endif
#ifndef HZGSVD_PRIVATE_INLINE
#define HZGSVD_PRIVATE_INLINE static inline
#endif
#ifdef __cplusplus
#define HZGSVD_EXTERN_C_BEGIN extern "C" {
#define HZGSVD_EXTERN_C_END }
#else
#define HZGSVD_EXTERN_C_BEGIN
#define HZGSVD_EXTERN_C_END
#endif

HZGSVD_EXTERN_C_BEGIN

/* Every status: X(value, enum name, hzgsvd_status_string()'s message), in value order.  Apply it
 * to a macro of three arguments to get a switch, a table or a list of names; the line after each
 * entry says when it is returned. */
#define HZGSVD_STATUS_LIST(X) \
    X(0, HZGSVD_SUCCESS, "success") \
    X(1, HZGSVD_ERR_INVALID_ARGUMENT, "invalid argument") \
        /* a null pointer, a bad leading dimension, a bad option */ \
    X(2, HZGSVD_ERR_M_LESS_THAN_N, "a matrix has fewer rows than columns (m < n)") \
        /* m_F < n or m_G < n */ \
    X(3, HZGSVD_ERR_N_LESS_THAN_ONE, "n < 1") \
    X(4, HZGSVD_ERR_NOT_FINITE, "input holds a NaN or an infinity") \
        /* F or G holds a NaN or an infinity */ \
    X(5, HZGSVD_ERR_RANK_DEFICIENT, "F or G is not of full column rank") \
        /* zero column, Cholesky failure; detail names the matrix and the column */ \
    X(6, HZGSVD_ERR_NO_CONVERGENCE, "no convergence within max_sweeps") \
        /* max_sweeps outer sweeps still applied big transformations */ \
    X(7, HZGSVD_ERR_OUT_OF_MEMORY, "out of memory") \
        /* a host or device allocation failed */ \
    X(8, HZGSVD_ERR_CUDA, "CUDA runtime error") \
        /* a CUDA runtime call failed (detail names it and its error) */ \
    X(9, HZGSVD_ERR_CUBLAS, "cuBLAS error") \
    X(10, HZGSVD_ERR_CUSOLVER, "cuSOLVER error") \
    X(11, HZGSVD_ERR_MPI, "MPI error") \
    X(12, HZGSVD_ERR_NO_DEVICE, "no usable GPU") \
    X(13, HZGSVD_ERR_INTERNAL, "internal error (a bug)") \
        /* a broken invariant: a bug, please report it */ \
    X(14, HZGSVD_ERR_OUT_OF_RANGE, "a result is outside the double range") \
        /* a result (sigma, Sigma_F, Sigma_G or an entry of Z) is outside the normal double range, \
         * or the pair's sigma spread more than the engine resolves (docs/NUMERICS.md, \
         * "The whole double range") */ \
    X(15, HZGSVD_ERR_CANCELLED, "cancelled by the caller") \
        /* *options.cancel was nonzero at the end of a sweep: the run stopped there (info.sweeps \
         * says after which; the outputs are not written) */

#define HZGSVD__STATUS_ENUMERATOR(value, name, message) name = value,
typedef enum hzgsvd_status { HZGSVD_STATUS_LIST(HZGSVD__STATUS_ENUMERATOR) } hzgsvd_status;
#undef HZGSVD__STATUS_ENUMERATOR
#define HZGSVD_STATUS_LAST HZGSVD_ERR_CANCELLED   /* the highest status value */

/* hzgsvd_info.mpi_transport: device -> host -> MPI -> host -> device; device buffers handed to a
 * CUDA-aware MPI; CUDA IPC between the ranks of one node (device to device).  The environment
 * variable HZGSVD_MPI_TRANSPORT=staged|mpi|ipc forces one (docs/API.md). */
#define HZGSVD_MPI_TRANSPORT_STAGED 1
#define HZGSVD_MPI_TRANSPORT_MPI 2
#define HZGSVD_MPI_TRANSPORT_IPC 3

/* options.threads above this is refused (a CPU engine never uses more threads than block pairs). */
#define HZGSVD_MAX_THREADS 1024

/* Jacobi strategies (docs/NUMERICS.md): ME = generalized Mantharam-Eberlein, cyclic, n-1 steps a
 * sweep; MM = modified modulus, quasi-cyclic, n steps a sweep. */
typedef enum hzgsvd_strategy { HZGSVD_STRATEGY_ME = 0, HZGSVD_STRATEGY_MM = 1 } hzgsvd_strategy;

/* FB: full block, each pivot block pair is diagonalised (at most 30 inner sweeps);
 * BO: block oriented, one inner sweep per pivot block pair. */
typedef enum hzgsvd_blocking { HZGSVD_BLOCKING_FB = 0, HZGSVD_BLOCKING_BO = 1 } hzgsvd_blocking;

/* options.precondition: how the iteration starts (docs/API.md, "A preconditioned start").
 * NONE: the plain start (Z = I, the outputs of earlier versions bit for bit).
 * QR_EIG: Z0 = R^-1 W from R of a QR of G and the eigenvectors W of C^H C, C = F R^-1; a QR_EIG
 *   start whose third sweep still applied a big transformation gives way to QR_SVD (the run
 *   starts again from the input: graded pairs, whose small sigma W does not resolve).
 * QR_SVD: Z0 = R^-1 V with V the right singular vectors of C itself: C's singular values are not
 *   squared, so the directions of generalized singular values far below the largest (graded pairs,
 *   Tikhonov problems) are resolved too; a slower factorization than QR_EIG's eigensolver.
 * Either way the iteration runs on (F Z0, G Z0) and Z = Z0 Z1 where Z0 passes the trust test
 * (docs/NUMERICS.md, "A preconditioned start"), else the plain start; info.preconditioner says
 * which ran and info.precondition_note why.
 * AUTO: the engine's choice -- the single-GPU engine in copying mode (a build with cuSOLVER):
 *   QR_EIG from n = 256, its batched call (hzgsvd_gpu_?gsvd_batched) the batched QR_EIG start from
 *   n = 16; the CPU engine built with HZGSVD_CPU_LAPACK:
 *   QR_SVD from n = 64; both for full-rank pairs and the cores of the reduction of general pairs;
 *   elsewhere NONE. */
#define HZGSVD_PRECONDITION_AUTO (-1)
#define HZGSVD_PRECONDITION_NONE 0
#define HZGSVD_PRECONDITION_QR_EIG 1
#define HZGSVD_PRECONDITION_QR_SVD 2

/* Passed to the progress callback once per outer sweep. */
typedef struct hzgsvd_progress {
    int sweep;                       /* 1-based number of the sweep just finished */
    int max_sweeps;
    unsigned long long big;          /* big transformations in this sweep (0: converged) */
    unsigned long long all;          /* all transformations in this sweep */
    double seconds;                  /* since the start of the call */
} hzgsvd_progress;

typedef struct hzgsvd_options {
    int variant;                     /* 0..7, the paper's Table 1; default 0 */
    hzgsvd_strategy outer;           /* block (outer) level strategy; default ME */
    hzgsvd_strategy inner;           /* pointwise (inner) level strategy; default ME */
    hzgsvd_blocking blocking;        /* default BO (the faster at equal accuracy: docs/PERFORMANCE.md) */
    int sort;                        /* 1 (default): sort columns in every step and return Sigma descending */
    int max_sweeps;                  /* outer sweeps at most; default 30 */
    int block_width;                 /* w, columns per block column (pivot blocks of 2w); default 0: the engine's choice
                                      * (CPU 16; GPU 16 for n <= 2048, else 32; info.block_width says which) */
    int threads;                     /* CPU engine: OpenMP threads, 0 = the OpenMP default, at most HZGSVD_MAX_THREADS
                                      * (and never more than the pivot block pairs of a step); ignored elsewhere */
    hzgsvd_strategy outermost;       /* distributed engine (hzgsvd_mpi.h): strategy over the 2P stripes; default ME */
    hzgsvd_blocking outermost_blocking; /* distributed engine: BO (default, recommended by the paper): 1 block-level
                                      * sweep per rank and outermost step; FB: up to 30 */
    int outermost_full;              /* distributed engine: 0 (default): a rank sweeps all block pairs of its two
                                      * stripes in the last outermost step of a sweep only, and in the other steps
                                      * only the pairs between its two stripes (a bipartite round robin): about 1/P
                                      * of a single-device sweep per rank and outermost sweep; 1: all pairs of the
                                      * two stripes in every step (the paper's section 4.2: (2P - 1)/P^2) */
    int refine_sigma;                /* 1: Sigma recomputed after the iteration as ||F z|| / ||G z|| from the input pair
                                      * with split products (docs/NUMERICS.md); 0: Sigma from the final iterate;
                                      * -1 (default): refine wherever the engine still holds the input.  Used by the CPU
                                      * and single-GPU engines in copying mode and the distributed engine's ranks (-1:
                                      * where every rank has the memory); the in-place GPU mode reports the iterate's
                                      * (info.sigma_refined says which) */
    int preprocess;                  /* general pairs (docs/API.md, "General pairs"): -1 (default): the full-rank engine, and
                                      * for a pair it cannot take (m_F < n or m_G < n, F or G numerically rank deficient, no
                                      * convergence within max_sweeps >= 30) the rank-revealing reduction to a full-rank core; 1: always reduce first; 0: never (such a
                                      * pair is refused with HZGSVD_ERR_M_LESS_THAN_N or HZGSVD_ERR_RANK_DEFICIENT).  The CPU
                                      * engine reduces; the GPU and distributed engines take full-rank pairs only for now
                                      * (1 is refused there with HZGSVD_ERR_INVALID_ARGUMENT) */
    int precondition;                /* HZGSVD_PRECONDITION_AUTO (default), _NONE, _QR_EIG or _QR_SVD (above): a
                                      * preconditioned start, 2-3 sweeps instead of 9-24 where it applies.  QR_EIG or
                                      * QR_SVD with max_sweeps = 1 (a preconditioned start is certified by its
                                      * second sweep; AUTO then starts plainly), or where the engine has none (the CPU engine built without HZGSVD_CPU_LAPACK, also as CPU ranks of the distributed engine; a GPU build with HZGSVD_GPU_NO_CUSOLVER; the reference engine)
                                      * or in place is refused with HZGSVD_ERR_INVALID_ARGUMENT */
    void (*progress)(const hzgsvd_progress *p, void *user); /* NULL: no callback (the library never prints) */
    void *progress_user;
    const volatile int *cancel;      /* NULL (default), or a flag the engine reads after each outer sweep (after the
                                      * progress callback, which may set it): nonzero stops the run with
                                      * HZGSVD_ERR_CANCELLED.  Set it from a signal handler (as a volatile sig_atomic_t
                                      * would be), another thread or the callback.  The distributed engine stops when
                                      * any rank's flag is set, all ranks at the same sweep */
} hzgsvd_options;

/* Filled on every return, also on errors (sweeps and counts then tell how far it got). */
typedef struct hzgsvd_info {
    int sweeps;                      /* outer sweeps run */
    unsigned long long big;          /* big transformations, all sweeps */
    unsigned long long all;          /* all transformations, all sweeps */
    double seconds;                  /* wall time of the call */
    int n_bordered;                  /* the n the engine ran at after bordering (multiple of 2w) */
    int block_width;                 /* the w the engine ran with (options.block_width, or its choice for 0) */
    int outputs_written;             /* 1 when the output arrays hold a complete result: on success, and on
                                      * HZGSVD_ERR_NO_CONVERGENCE (the last sweep's) and on the final rank test's
                                      * HZGSVD_ERR_RANK_DEFICIENT (detail says which column); else 0 */
    int sigma_refined;               /* 1 when Sigma was recomputed from the input pair (options.refine_sigma) */
    int preprocessed;                /* 1 when the pair went through the rank-revealing reduction (options.preprocess) */
    int rank_k, rank_l;              /* LAPACK's K and L: K columns with sigma = inf (Sigma_G = 0), L = rank(G) finite ones
                                      * (sigma = 0 among them where F z = 0); K + L = rank([F; G]), the last n - K - L
                                      * columns span the common null space (Sigma_F = Sigma_G = 0).  Full-rank pairs: 0, n */
    double tol_f, tol_g;             /* the rank tolerances the reduction used (max(m, n) ||.||_1 2^-52); 0 without it */
    int mpi_transport;               /* distributed engine on GPU ranks: how stripes moved between ranks:
                                      * HZGSVD_MPI_TRANSPORT_STAGED, _MPI (CUDA-aware) or _IPC; 0 elsewhere */
    double mpi_exchange_seconds;     /* distributed engine: the most wall time one rank spent between the end of its
                                      * sweeps in an outermost step and the start of the next step's (transfers, and
                                      * waiting for slower ranks); 0 elsewhere */
    unsigned long long mpi_bytes_moved; /* distributed engine: bytes of stripes that left a rank, all ranks, all steps */
    int preconditioner;              /* the start the iteration took: HZGSVD_PRECONDITION_NONE, _QR_EIG or _QR_SVD */
    double precondition_seconds;     /* wall time of the preconditioner (0 where none ran) */
    double precondition_growth;      /* the trust test's measure max_j ||D z0_j|| / ||[F; G] z0_j|| (D: the column
                                      * norms of [F; G]); the preconditioner is kept where it is <= 2^16 (0: not computed) */
    const char *precondition_note;   /* why that start (a static string, never NULL after a call) */
    char detail[256];                /* a one-line message for the status */
} hzgsvd_info;

/* The small helpers below are static inline (every engine's header brings them, so a
 * program that includes several engines still links). */

/* Defaults: variant 0, ME outer, ME inner, BO, sorting on, 30 sweeps, w chosen by the engine, default threads;
 * distributed: ME outermost, BO. */
static inline hzgsvd_options hzgsvd_default_options(void)
{
    hzgsvd_options o;
    o.variant = 0;
    o.outer = HZGSVD_STRATEGY_ME;
    o.inner = HZGSVD_STRATEGY_ME;
    o.blocking = HZGSVD_BLOCKING_BO;
    o.sort = 1;
    o.max_sweeps = 30;
    o.block_width = 0;
    o.threads = 0;
    o.outermost = HZGSVD_STRATEGY_ME;
    o.outermost_blocking = HZGSVD_BLOCKING_BO;
    o.outermost_full = 0;
    o.refine_sigma = -1;
    o.preprocess = -1;
    o.precondition = HZGSVD_PRECONDITION_AUTO;
    o.progress = NULL;
    o.progress_user = NULL;
    o.cancel = NULL;
    return o;
}

#define HZGSVD__STATUS_CASE_MESSAGE(value, name, message) case name: return message;
#define HZGSVD__STATUS_CASE_NAME(value, name, message) case name: return #name;

/* "no convergence within max_sweeps" for HZGSVD_ERR_NO_CONVERGENCE; "unknown status" for a value
 * that is none. */
static inline const char *hzgsvd_status_string(hzgsvd_status status)
{
    switch (status) {
    HZGSVD_STATUS_LIST(HZGSVD__STATUS_CASE_MESSAGE)
    }
    return "unknown status";
}

/* "HZGSVD_ERR_NO_CONVERGENCE" for HZGSVD_ERR_NO_CONVERGENCE; "HZGSVD_UNKNOWN_STATUS" for a value
 * that is none. */
static inline const char *hzgsvd_status_name(hzgsvd_status status)
{
    switch (status) {
    HZGSVD_STATUS_LIST(HZGSVD__STATUS_CASE_NAME)
    }
    return "HZGSVD_UNKNOWN_STATUS";
}

#undef HZGSVD__STATUS_CASE_MESSAGE
#undef HZGSVD__STATUS_CASE_NAME

/* "auto", "none", "qr-eig", "qr-svd" (the CLI's --precondition and summary.json names); "unknown" for another value. */
static inline const char *hzgsvd_precondition_name(int precondition)
{
    switch (precondition) {
    case HZGSVD_PRECONDITION_AUTO: return "auto";
    case HZGSVD_PRECONDITION_NONE: return "none";
    case HZGSVD_PRECONDITION_QR_EIG: return "qr-eig";
    case HZGSVD_PRECONDITION_QR_SVD: return "qr-svd";
    }
    return "unknown";
}

static inline const char *hzgsvd_version(void) { return HZGSVD_VERSION_STRING; }

HZGSVD_EXTERN_C_END

#endif /* HZGSVD_H */
