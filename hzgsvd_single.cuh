/* hzgsvd_single.cuh -- the single-GPU engine of hzgsvd (CUDA C, sm_90 and later).
 *
 * HOW TO USE
 *   In exactly one .cu file of your program:
 *       #define HZGSVD_IMPLEMENTATION
 *       #include "hzgsvd_single.cuh"
 *   Elsewhere (.cu or host C++ compiled by nvcc) just #include "hzgsvd_single.cuh".  Keep
 *   generated/ beside this header.  Compile with nvcc -arch=sm_90 (H100/H200) and link
 *   -lcusolver -lcublas (the preconditioned start; define HZGSVD_GPU_NO_CUSOLVER before including
 *   this header to build without them: the plain start only).  The CPU engine (hzgsvd_cpu.h) may
 *   be included in the same program.
 *
 *       size_t bytes;  void *d_work;
 *       hzgsvd_gpu_dgsvd_workspace_size(m_f, m_g, n, &opt, &bytes);
 *       cudaMalloc(&d_work, bytes);
 *       hzgsvd_status st = hzgsvd_gpu_dgsvd(m_f, m_g, n, dF, ldf, dG, ldg, dZ, ldz,
 *                                           d_sigma_f, d_sigma_g, d_sigma, d_work, bytes, stream, &opt, &info);
 *
 * WHAT IT COMPUTES
 *   The same GSVD as hzgsvd_cpu.h (see its comment block; it is the contract for both engines):
 *   F Z = U diag(sigma_f), G Z = V diag(sigma_g), U'U = V'V = I, sigma_f^2 + sigma_g^2 = 1,
 *   sigma = sigma_f/sigma_g, descending with opt.sort; U overwrites F, V overwrites G.  The
 *   algorithm is the paper's section 3, started (options.precondition, default AUTO: from n = 256
 *   on, copying mode) from Z0 = R^-1 W -- R of a QR of G, W the eigenvectors of (F R^-1)^H F R^-1,
 *   by cuSOLVER -- so that 2-3 sweeps suffice (docs/NUMERICS.md, "A preconditioned
 *   start"), with block width w = 16 or 32 (opt.block_width; 0, the default, lets the engine
 *   choose: 16 for n <= 2048, else 32).  An outer step is three kernels,
 *   captured once per run as a CUDA graph: the Gram matrices of every pivot block pair as partial
 *   sums over row chunks (FP64 tensor cores), one thread block per pair for the Cholesky
 *   factorizations and the pointwise HZ sweeps, and the post-multiplication of F, G and Z over row
 *   chunks (tensor cores); variants 0..7, ME/MM at both levels, FB/BO, sorting on/off.
 *   Results are bitwise identical between runs on the same GPU model; they agree with the CPU
 *   engine to rounding (docs/NUMERICS.md states the bound), not bitwise (other summation orders).
 *
 * GENERAL PAIRS
 *   Any pair the CPU engine takes (m_f < n or m_g < n, F or G rank deficient; options.preprocess,
 *   docs/API.md "General pairs") is taken here too, by the copying and host entry points: the
 *   rank-revealing reduction (QR with column pivoting, which cuSOLVER lacks) runs on the host with
 *   the CPU engine's code, and the Hari-Zimmermann iteration on its full-rank core runs on the GPU.
 *   The device entry points copy such a pair to the host and its results back (one round trip of
 *   F, G and Z; a full-rank pair never leaves the device); they need no workspace for it
 *   (hzgsvd_gpu_?gsvd_workspace_size says 0 bytes where m_f < n or m_g < n).  With preprocess = -1
 *   a pair that the full-rank run finds rank deficient is reduced instead (its outputs are written
 *   once, by the reduction).  The in-place entry points take full-rank pairs only.
 *
 * MEMORY
 *   The device entry points work on a copy bordered to n' = roundup(n, 2w) columns and rows
 *   m' = roundup(m + n' - n, 64): the workspace holds F', G', Z' (8 (m_f' + m_g' + n') n' bytes
 *   for real pairs, twice that for complex ones, kept as split real and imaginary planes), the
 *   step buffers (the Gram partial sums, at most a quarter of the bytes of F' and G', and Z-tilde
 *   of every pivot pair, 8 * 2w n' bytes per plane) and small tables
 *   (hzgsvd_gpu_?gsvd_workspace_size says exactly).  After the sweeps the sigma refinement
 *   (opt.refine_sigma, docs/NUMERICS.md) reuses the step buffers, enlarged where needed to
 *   8 (2 m n + 3 n P + 2 m P) bytes for real pairs and 16 (2 m n + 6 n P + 2 m P) for complex ones
 *   (m = max(m_f, m_g), P = min(n', 1024), each rounded up to the product tiles).
 *   The interleaved complex entry point converts while copying in and out (no extra pass or
 *   memory); the split-plane one reads and writes the caller's planes directly.  Pass d_work = NULL
 *   to let the call cudaMalloc and free it.  The host entry points also allocate device copies of
 *   F, G, Z (8 (m_f + m_g + n) n bytes, 16 for complex).  The preconditioned start (options.precondition,
 *   docs/API.md) allocates its scratch apart from d_work, with cudaMallocAsync on `stream`: 8 (2 m n
 *   + n^2) bytes for real pairs, 16 (2 m n + n^2) for complex ones (m = max(m_f, m_g)), and cuSOLVER's
 *   workspaces; it frees it before the sweeps.  Where the allocation fails the plain start runs
 *   (info.precondition_note says so).
 *   ALIGNMENT: d_work must be 256-byte aligned (its parts are laid out on 256-byte boundaries), and
 *   the in-place entry points' arrays (dF, dG, dZ; complex: every real and imaginary plane) 16-byte
 *   aligned (the kernels copy them in 16-byte pieces); cudaMalloc's pointers are both.  Otherwise
 *   HZGSVD_ERR_INVALID_ARGUMENT, naming the argument.  The copying entry points' arrays need only
 *   their elements' natural alignment.
 *
 * ERRORS
 *   As in hzgsvd_cpu.h, plus HZGSVD_ERR_NO_DEVICE (no CUDA device), HZGSVD_ERR_CUDA (a CUDA call
 *   failed; info.detail names it and its error), HZGSVD_ERR_OUT_OF_MEMORY.  Argument errors and
 *   HZGSVD_ERR_NOT_FINITE leave the caller's arrays untouched.  The call synchronizes `stream`
 *   (once per outer sweep, to read the convergence counters) and returns when the results are in
 *   place.
 */
#ifndef HZGSVD_SINGLE_CUH
#define HZGSVD_SINGLE_CUH

#include <cuda_runtime.h>
#include <cuComplex.h>
#include "hzgsvd.h"                  /* the contract: version, linkage, statuses, options, info */
#include "generated/hzgsvd_core.h"

HZGSVD_EXTERN_C_BEGIN

/* Bytes of device workspace hzgsvd_gpu_dgsvd needs for these sizes and options (opt may be NULL). */
HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_workspace_size(int m_f, int m_g, int n, const hzgsvd_options *opt, size_t *bytes);

/* Real pair, device pointers.  dF: m_f x n (ldf >= m_f), dG: m_g x n, dZ: n x n (ldz >= n);
 * d_sigma_f, d_sigma_g, d_sigma: n doubles each on the device, any may be NULL; d_work: NULL or
 * work_bytes >= hzgsvd_gpu_dgsvd_workspace_size(), 256-byte aligned; stream: any stream (0 = the
 * default stream). */
HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd(int m_f, int m_g, int n, double *dF, int ldf, double *dG, int ldg,
                                          double *dZ, int ldz, double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                          void *d_work, size_t work_bytes, cudaStream_t stream,
                                          const hzgsvd_options *opt, hzgsvd_info *info);

/* Real pair, host pointers: the same arguments as hzgsvd_cpu_dgsvd; copies in, runs, copies out. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_host(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg,
                                               double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma,
                                               const hzgsvd_options *opt, hzgsvd_info *info);

/* Complex pairs.  Bytes of device workspace for hzgsvd_gpu_zgsvd / hzgsvd_gpu_zgsvd_split. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_workspace_size(int m_f, int m_g, int n, const hzgsvd_options *opt, size_t *bytes);

/* Complex pair, device pointers, the standard interleaved layout (cuDoubleComplex; leading
 * dimensions count complex elements); the other arguments as hzgsvd_gpu_dgsvd. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd(int m_f, int m_g, int n, cuDoubleComplex *dF, int ldf, cuDoubleComplex *dG, int ldg,
                                          cuDoubleComplex *dZ, int ldz, double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                          void *d_work, size_t work_bytes, cudaStream_t stream,
                                          const hzgsvd_options *opt, hzgsvd_info *info);

/* Complex pair, device pointers, split planes (real parts in dFr, imaginary parts in dFi, both
 * m_f x n with leading dimension ldf; likewise G and Z): the engine's own layout, so no
 * interleaving pass in or out; it needs the same workspace. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_split(int m_f, int m_g, int n, double *dFr, double *dFi, int ldf,
                                                double *dGr, double *dGi, int ldg, double *dZr, double *dZi, int ldz,
                                                double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                                void *d_work, size_t work_bytes, cudaStream_t stream,
                                                const hzgsvd_options *opt, hzgsvd_info *info);

/* Complex pair, host pointers: the arguments of hzgsvd_cpu_zgsvd (interleaved doubles). */
HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_host(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg,
                                               double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma,
                                               const hzgsvd_options *opt, hzgsvd_info *info);

/* LAPACK's xGGSVD3 on the GPU engine, host arrays: the arguments, outputs and statuses of
 * hzgsvd_cpu_dggsvd3 / hzgsvd_cpu_zggsvd3 (hzgsvd_cpu.h, docs/API.md "LAPACK-compatible entry"). */
HZGSVD_API hzgsvd_status hzgsvd_gpu_dggsvd3(char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                                            double *A, int lda, double *B, int ldb, double *alpha, double *beta,
                                            double *U, int ldu, double *V, int ldv, double *Q, int ldq, int *iwork,
                                            const hzgsvd_options *opt, hzgsvd_info *info);
HZGSVD_API hzgsvd_status hzgsvd_gpu_zggsvd3(char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                                            double *A, int lda, double *B, int ldb, double *alpha, double *beta,
                                            double *U, int ldu, double *V, int ldv, double *Q, int ldq, int *iwork,
                                            const hzgsvd_options *opt, hzgsvd_info *info);

/* In place, no working copy (paper section 3.1): the caller's device arrays are the engine's working
 * matrices.  Needs n >= 2w a multiple of 2w (w as the run uses it: 32 for n > 2048 by default),
 * m_f and m_g multiples of 64, ldf = m_f, ldg = m_g, ldz = n and every array 16-byte aligned (else
 * HZGSVD_ERR_INVALID_ARGUMENT);
 * the workspace (d_work may be NULL) is the strategy table (about n^2/64 bytes), the step buffers
 * (under a quarter of the bytes of F and G) and O(n) vectors:
 * hzgsvd_gpu_?gsvd_inplace_workspace_size.  On return the columns of U (over F), V (over G), Z and
 * the three sigma vectors are in the engine's final order, NOT sorted (sort the sigmas and permute if
 * needed).  On an error after the start the arrays hold intermediate values. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_inplace_workspace_size(int m_f, int m_g, int n, const hzgsvd_options *opt, size_t *bytes);
HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_inplace(int m_f, int m_g, int n, double *dF, int ldf, double *dG, int ldg, double *dZ, int ldz,
                                                  double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                                  void *d_work, size_t work_bytes, cudaStream_t stream,
                                                  const hzgsvd_options *opt, hzgsvd_info *info);
/* Complex in place: split real/imaginary planes (the engine's layout). */
HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_inplace_workspace_size(int m_f, int m_g, int n, const hzgsvd_options *opt, size_t *bytes);
HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_inplace(int m_f, int m_g, int n, double *dFr, double *dFi, int ldf,
                                                  double *dGr, double *dGi, int ldg, double *dZr, double *dZi, int ldz,
                                                  double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                                  void *d_work, size_t work_bytes, cudaStream_t stream,
                                                  const hzgsvd_options *opt, hzgsvd_info *info);

/* BATCHED: a strided batch of small pairs of one shape on the device (hzgsvd_gpu_dgsvd_batched: real;
 * _zgsvd_batched: complex, cuDoubleComplex, every leading dimension and stride counting complex
 * elements, strideS counting doubles).  Pair i (0 <= i < batch) is dF + i*strideF, dG + i*strideG,
 * dZ + i*strideZ and d_sigma_f, d_sigma_g, d_sigma + i*strideS; it comes back as the one-pair call
 * (hzgsvd_gpu_?gsvd) returns it -- U over F, V over G, Z, sigma_f, sigma_g, sigma sorted descending
 * with options.sort -- to rounding, not bitwise (docs/API.md, "Batched pairs on the GPU").
 * The batched kernel (one thread block per pair, the pair in shared memory where its working copy
 * takes at most 200 KiB -- real m_f + m_g + n <= 400 at n = 64; its rows padded for the shared-memory
 * banks where that still fits -- else in the workspace; a warp per
 * 2x2 pivot, or for n <= 16 with the pair in shared memory one warp per whole step with a few lanes per pivot; the shared
 * Hari-Zimmermann math, the one-pair engines' stop rule) takes full-rank
 * shapes n <= HZGSVD_GPU_BATCHED_MAX_N, n <= m_f, m_g <= HZGSVD_GPU_BATCHED_MAX_M and the options
 * it implements (even variants; precondition NONE, QR_EIG or AUTO -- the batched preconditioned
 * start from n = 4: Z0 from a kernel of our own up to n = 12 -- Gram matrices, Cholesky, triangular
 * solves and a Jacobi eigensolver per pair in shared memory and a warp's registers -- above from cuBLAS's and cuSOLVER's
 * batched calls for the same, F and G overwritten by F Z0 and G Z0 by
 * compensated dot products, 2 sweeps instead of 5-12, Z = Z0 Z1; a pair whose start fails its
 * checks is not touched and keeps the plain start; a pair that fails after its start holds F Z0 and
 * G Z0 in dF and dG; info.preconditioner per pair; docs/API.md --; refine_sigma as the
 * one-pair engines: sigma recomputed from the input pair, after a start from (F Z0, G Z0), unless 0; options.inner picks the
 * strategy, outer/blocking/block_width do not apply, cancel and progress are not called).  Any other shape or
 * options: every pair through hzgsvd_gpu_?gsvd, one after the other.  A pair the kernel cannot
 * finish -- a zero column or a column norm beyond 2^+-150, numerical rank deficiency, no
 * convergence within max_sweeps, U or V off orthogonality -- is left untouched by it and solved by
 * hzgsvd_gpu_?gsvd (the range plan, the reduction of general pairs; info.detail says why).  A pair
 * holding a NaN or an infinity gets HZGSVD_ERR_NOT_FINITE and is left untouched; the others are
 * solved.  Results are bitwise reproducible: a call repeated gives the same bits (fixed summation
 * orders, no floating-point atomics; the batched start's library calls pick their kernels by the
 * batch's size, so with it a pair's bits may differ between batches of other sizes, within the
 * accuracy bounds).
 *
 *   m_f, m_g, n (1-3), dF (4), ldf (5), strideF (6), dG (7), ldg (8), strideG (9), dZ (10), ldz (11),
 *   strideZ (12), d_sigma_f, d_sigma_g, d_sigma (13-15, any may be NULL), strideS (16), batch (17):
 *                 as hzgsvd_cpu_?gsvd_batched (hzgsvd_cpu.h), on device memory
 *   d_work  (18)  NULL (the call allocates and frees it) or work_bytes >= hzgsvd_gpu_?gsvd_batched_workspace_size
 *                 bytes, 256-byte aligned (else HZGSVD_ERR_INVALID_ARGUMENT)
 *   work_bytes (19)
 *   stream  (20)  the stream of every copy and launch; the call synchronizes it before returning
 *   opt     (21)  options for every pair (NULL: defaults)
 *   status  (22)  HOST array of batch entries: each pair's status (it is read on the host anyway:
 *                 handed-on pairs are decided there).  May be NULL only if batch = 0
 *   info    (23)  NULL or a HOST array of max(1, batch) entries: each pair's info
 *
 * Returns HZGSVD_SUCCESS where every pair succeeded, else the status of the first (lowest index)
 * pair that did not.  An argument error (the argument's number in info[0].detail) is found before
 * any CUDA call and solves no pair: it is returned and set in every status[i] and info[i].detail;
 * so is a failed CUDA, cuBLAS or cuSOLVER call of the batched run (HZGSVD_ERR_CUDA,
 * HZGSVD_ERR_OUT_OF_MEMORY, HZGSVD_ERR_CUBLAS, HZGSVD_ERR_CUSOLVER). */
#define HZGSVD_GPU_BATCHED_MAX_N 64     /* the batched kernel's largest n */
#define HZGSVD_GPU_BATCHED_MAX_M 1024   /* ... and largest m_f, m_g */

/* Bytes of device workspace of a batched call of these sizes (0 where the kernel does not take the
 * batch: its pairs then run through hzgsvd_gpu_?gsvd with their own workspace).  Returns
 * HZGSVD_ERR_N_LESS_THAN_ONE, HZGSVD_ERR_INVALID_ARGUMENT (m_f, m_g or batch < 0, bytes NULL) or success.
 * Arithmetic only (no device needed); a preconditioned start adds about es n^2 doubles a pair, and
 * the call allocates its chunk's eigensolver scratch on the stream. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_batched_workspace_size(int m_f, int m_g, int n, int batch, const hzgsvd_options *opt, size_t *bytes);
HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_batched_workspace_size(int m_f, int m_g, int n, int batch, const hzgsvd_options *opt, size_t *bytes);

HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_batched(int m_f, int m_g, int n, double *dF, int ldf, long long strideF, double *dG, int ldg,
                                                  long long strideG, double *dZ, int ldz, long long strideZ, double *d_sigma_f,
                                                  double *d_sigma_g, double *d_sigma, long long strideS, int batch, void *d_work,
                                                  size_t work_bytes, cudaStream_t stream, const hzgsvd_options *opt, hzgsvd_status *status,
                                                  hzgsvd_info *info);
HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_batched(int m_f, int m_g, int n, cuDoubleComplex *dF, int ldf, long long strideF, cuDoubleComplex *dG,
                                                  int ldg, long long strideG, cuDoubleComplex *dZ, int ldz, long long strideZ, double *d_sigma_f,
                                                  double *d_sigma_g, double *d_sigma, long long strideS, int batch, void *d_work,
                                                  size_t work_bytes, cudaStream_t stream, const hzgsvd_options *opt, hzgsvd_status *status,
                                                  hzgsvd_info *info);

/* 1 if a CUDA device is usable (the CLI's --device auto asks this), else 0. */
static inline int hzgsvd_gpu_available(void)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess) { (void)cudaGetLastError(); return 0; }
    return count > 0;
}

HZGSVD_EXTERN_C_END

#ifdef HZGSVD_IMPLEMENTATION
#include "generated/hzgsvd_gpu_impl.cuh"
#endif

#endif /* HZGSVD_SINGLE_CUH */
