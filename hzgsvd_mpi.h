/* hzgsvd_mpi.h -- the distributed engine of hzgsvd over MPI (paper section 4): one MPI rank per GPU
 * (or per CPU engine), on one node or many.
 *
 * HOW TO USE
 *   #define HZGSVD_IMPLEMENTATION in one translation unit, then #include "hzgsvd_mpi.h"; keep
 *   generated/ beside it.  Compile with mpicc for the CPU engine on every rank, or with nvcc (and the
 *   MPI include and link flags, e.g. from `mpicc --showme:compile` / `--showme:link`) to get the GPU
 *   engine too; under nvcc this header also brings hzgsvd_single.cuh's implementation.
 *   Define HZGSVD_MPI_LAYOUT_ONLY before including it to get only the layout functions (no MPI needed).
 *
 *   hzgsvd_mpi_layout L;
 *   hzgsvd_mpi_layout_init(MPI_COMM_WORLD, HZGSVD_MPI_DEVICE_GPU, m_f, m_g, n, &opt, &L);
 *   // allocate F_loc (m_f x L.n_local), G_loc (m_g x L.n_local), Z_loc (n x L.n_local) and three
 *   // sigma vectors and out_col of L.n_local entries on every rank, then either fill F_loc, G_loc
 *   // yourself (column j of F_loc is column hzgsvd_mpi_global_column(&L, j) of F; entries past n
 *   // are ignored) or hzgsvd_mpi_dscatter() the whole pair from one rank;
 *   hzgsvd_mpi_dgsvd(MPI_COMM_WORLD, &L, F_loc, m_f, G_loc, m_g, Z_loc, n, sf, sg, s, out_col, &opt, &info);
 *   // each rank now holds its columns of U, V, Z and Sigma; out_col[j] says which column of the
 *   // whole result local column j is (-1: a bordering column, not part of the result);
 *   // hzgsvd_mpi_dgather() assembles the whole result on one rank.
 *
 * THE ALGORITHM
 *   With P ranks the (bordered) columns are split into 2P stripes; rank r holds the two stripes of
 *   position r of a step of the outermost strategy (options.outermost, ME or MM over 2P stripes).
 *   In every outermost step each rank runs the single-device algorithm on its two stripes (1 block
 *   sweep with options.outermost_blocking = BO, the default; up to 30 with FB): by default only the
 *   block pairs between the two stripes, and all pairs of both in the last step of an outermost
 *   sweep (options.outermost_full = 1: all in every step, the paper's), then passes each stripe to
 *   the rank that holds it in the next step (the communication map, section 4.1.3); one
 *   MPI_Allreduce of the transformation counters per outermost sweep decides convergence.  GPU ranks
 *   on one node move stripes device to device by CUDA IPC; otherwise they send device buffers where
 *   the MPI is CUDA-aware (MPIX_Query_cuda_support) and stage them through pinned host buffers else
 *   (HZGSVD_MPI_TRANSPORT=ipc|mpi|staged forces one; info.mpi_transport says which ran).  After the
 *   iteration GPU ranks refine sigma from the whole input pair (options.refine_sigma; CPU ranks do
 *   not).  Messages only move columns and every sum has a fixed order, so a run is bitwise
 *   reproducible for a given number of ranks, whatever the transport.
 *
 * ERRORS
 *   Every entry point is collective and returns the same status on every rank: when one rank
 *   fails (a bad argument, a non-finite entry in its columns, a failed Cholesky factorization, a
 *   CUDA error) all ranks return that rank's status and its info.detail.  MPI errors are returned
 *   as HZGSVD_ERR_MPI (the engine works on a duplicate of the communicator with MPI_ERRORS_RETURN);
 *   a point-to-point or collective call that fails on one rank only during the iteration leaves
 *   its peers waiting in MPI, as in any MPI program whose peer stops communicating.
 */
#ifndef HZGSVD_MPI_H
#define HZGSVD_MPI_H

#include "hzgsvd.h"                  /* the contract: version, linkage, statuses, options, info */
#include "generated/hzgsvd_core.h"
#ifndef HZGSVD_MPI_LAYOUT_ONLY
#include <mpi.h>
#include "hzgsvd_cpu.h"             /* the engine of CPU ranks (declared first: C linkage under C++) */
#ifdef __CUDACC__
#include "hzgsvd_single.cuh"        /* the engine of GPU ranks */
#endif
#endif

HZGSVD_EXTERN_C_BEGIN

/* ---- The stripe layout (plain C, no MPI needed) ---------------------------------------------- */

/* The stripes (0 <= *p < *q < 2 nranks) that rank `rank` holds at the start (step 0). */
HZGSVD_API hzgsvd_status hzgsvd_mpi_initial_stripes(hzgsvd_strategy outermost, int nranks, int rank, int *p, int *q);

/* Steps per outermost sweep for nranks ranks: 2 nranks - 1 (ME) or 2 nranks (MM); < 0 on a bad argument. */
HZGSVD_API int hzgsvd_mpi_steps(hzgsvd_strategy outermost, int nranks);

/* The communication map: for step k (0 <= k < steps), rank r and slot o (0: its first stripe, 1: its
 * second), map[(k * nranks + r) * 2 + o] = -(r' + 1) if that stripe goes to the first slot of rank r'
 * for step k + 1 (mod steps), +(r' + 1) if to the second.  map holds steps * nranks * 2 ints. */
HZGSVD_API hzgsvd_status hzgsvd_mpi_comm_map(hzgsvd_strategy outermost, int nranks, int *map);

#ifndef HZGSVD_MPI_LAYOUT_ONLY

/* ---- The distributed engine ------------------------------------------------------------------ */

typedef enum hzgsvd_mpi_device { HZGSVD_MPI_DEVICE_CPU = 0, HZGSVD_MPI_DEVICE_GPU = 1 } hzgsvd_mpi_device;

/* How a run is laid out over the ranks; hzgsvd_mpi_layout_init fills it, the other calls read it. */
typedef struct hzgsvd_mpi_layout {
    int nranks, rank;
    hzgsvd_mpi_device device;
    int m_f, m_g, n;                 /* the caller's pair */
    int n_bordered;                  /* n rounded up to a multiple of 2 w nranks (w = block_width; 0: 16 on CPU ranks, on GPU
                                      * ranks 16 for n / nranks <= 2048, else 32; GPUs: 16 or 32) */
    int stripe;                      /* columns per stripe: n_bordered / (2 nranks) */
    int n_local;                     /* columns per rank: 2 stripe */
    int p, q;                        /* the stripes this rank holds at the start and at the end */
    int rows_f, rows_g;              /* rows of the engine's bordered working stripes (internal) */
    hzgsvd_strategy outermost;
    int block_width;
} hzgsvd_mpi_layout;

/* Fills L for this rank of comm (not collective).  device GPU needs a build compiled by nvcc. */
HZGSVD_API hzgsvd_status hzgsvd_mpi_layout_init(MPI_Comm comm, hzgsvd_mpi_device device, int m_f, int m_g, int n,
                                                const hzgsvd_options *opt, hzgsvd_mpi_layout *L);

/* The column of the whole (bordered) pair that local column j (0 <= j < L->n_local) holds on input;
 * >= L->n for a bordering column. */
HZGSVD_API int hzgsvd_mpi_global_column(const hzgsvd_mpi_layout *L, int j);

/* GPU ranks: select GPU (local rank on this node) mod (GPUs on this node) with cudaSetDevice.
 * Collective over comm.  Needs a build compiled by nvcc. */
HZGSVD_API hzgsvd_status hzgsvd_mpi_select_gpu(MPI_Comm comm, int *device_ordinal);

/* The GSVD on the local stripes (collective).  F_loc (m_f x n_local, ld ldf), G_loc (m_g x n_local,
 * ld ldg): this rank's columns of F and G, overwritten with those of U and V; Z_loc (n x n_local,
 * ld ldz) receives Z's; sigma_f, sigma_g, sigma, out_col: n_local entries each (see the top).  The
 * options are those of the single-device engines plus outermost and outermost_blocking; they must be
 * the same on every rank and the same as given to hzgsvd_mpi_layout_init.  info (may be NULL):
 * sweeps are outermost sweeps, counts are summed over the ranks. */
HZGSVD_API hzgsvd_status hzgsvd_mpi_dgsvd(MPI_Comm comm, const hzgsvd_mpi_layout *L, double *F_loc, int ldf,
                                          double *G_loc, int ldg, double *Z_loc, int ldz,
                                          double *sigma_f, double *sigma_g, double *sigma, int *out_col,
                                          const hzgsvd_options *opt, hzgsvd_info *info);

/* Complex: the same with interleaved (re, im) doubles, as the CPU API (C99 double complex layout). */
HZGSVD_API hzgsvd_status hzgsvd_mpi_zgsvd(MPI_Comm comm, const hzgsvd_mpi_layout *L, double *F_loc, int ldf,
                                          double *G_loc, int ldg, double *Z_loc, int ldz,
                                          double *sigma_f, double *sigma_g, double *sigma, int *out_col,
                                          const hzgsvd_options *opt, hzgsvd_info *info);

/* Distribute the whole pair F (m_f x n, ld ldf), G (m_g x n, ld ldg), read on rank root only, into
 * every rank's F_loc, G_loc (collective). */
HZGSVD_API hzgsvd_status hzgsvd_mpi_dscatter(MPI_Comm comm, int root, const hzgsvd_mpi_layout *L, const double *F, int ldf,
                                             const double *G, int ldg, double *F_loc, int ldfl, double *G_loc, int ldgl);
HZGSVD_API hzgsvd_status hzgsvd_mpi_zscatter(MPI_Comm comm, int root, const hzgsvd_mpi_layout *L, const double *F, int ldf,
                                             const double *G, int ldg, double *F_loc, int ldfl, double *G_loc, int ldgl);

/* Assemble the whole result on rank root (collective): U (m_f x n), V (m_g x n), Z (n x n), and the
 * three sigma vectors (n), in the order of the single-device engines (descending sigma with
 * options.sort).  Arguments on other ranks than root: the local ones only (the rest may be NULL). */
HZGSVD_API hzgsvd_status hzgsvd_mpi_dgather(MPI_Comm comm, int root, const hzgsvd_mpi_layout *L,
                                            const double *F_loc, int ldfl, const double *G_loc, int ldgl, const double *Z_loc, int ldzl,
                                            const double *sf_loc, const double *sg_loc, const double *s_loc, const int *out_col,
                                            double *U, int ldu, double *V, int ldv, double *Z, int ldz,
                                            double *sigma_f, double *sigma_g, double *sigma);
HZGSVD_API hzgsvd_status hzgsvd_mpi_zgather(MPI_Comm comm, int root, const hzgsvd_mpi_layout *L,
                                            const double *F_loc, int ldfl, const double *G_loc, int ldgl, const double *Z_loc, int ldzl,
                                            const double *sf_loc, const double *sg_loc, const double *s_loc, const int *out_col,
                                            double *U, int ldu, double *V, int ldv, double *Z, int ldz,
                                            double *sigma_f, double *sigma_g, double *sigma);

#endif /* HZGSVD_MPI_LAYOUT_ONLY */

HZGSVD_EXTERN_C_END

#ifdef HZGSVD_IMPLEMENTATION
#include <stdlib.h>

HZGSVD_API int hzgsvd_mpi_steps(hzgsvd_strategy outermost, int nranks)
{
    if (nranks < 1 || nranks > HZGSVD__STRATEGY_MAX_ORDER / 2) return -1;
    return hzgsvd__strategy_nsteps(outermost, 2 * nranks);
}

HZGSVD_API hzgsvd_status hzgsvd_mpi_initial_stripes(hzgsvd_strategy outermost, int nranks, int rank, int *p, int *q)
{
    const int steps = hzgsvd_mpi_steps(outermost, nranks);
    if (steps < 1 || rank < 0 || rank >= nranks || !p || !q) return HZGSVD_ERR_INVALID_ARGUMENT;
    int *pairs = (int *)malloc(sizeof(int) * (size_t)steps * 2 * nranks);
    if (!pairs) return HZGSVD_ERR_OUT_OF_MEMORY;
    const int rc = hzgsvd__strategy_fill(outermost, 2 * nranks, pairs);
    if (rc == 0) { *p = pairs[2 * rank]; *q = pairs[2 * rank + 1]; }
    free(pairs);
    return rc == 0 ? HZGSVD_SUCCESS : HZGSVD_ERR_INTERNAL;
}

HZGSVD_API hzgsvd_status hzgsvd_mpi_comm_map(hzgsvd_strategy outermost, int nranks, int *map)
{
    const int steps = hzgsvd_mpi_steps(outermost, nranks);
    if (steps < 1 || !map) return HZGSVD_ERR_INVALID_ARGUMENT;
    int *pairs = (int *)malloc(sizeof(int) * (size_t)steps * 2 * nranks);
    if (!pairs) return HZGSVD_ERR_OUT_OF_MEMORY;
    int rc = hzgsvd__strategy_fill(outermost, 2 * nranks, pairs);
    if (rc == 0) rc = hzgsvd__comm_map(pairs, steps, 2 * nranks, map);
    free(pairs);
    return rc == 0 ? HZGSVD_SUCCESS : HZGSVD_ERR_INTERNAL;
}

#ifndef HZGSVD_MPI_LAYOUT_ONLY
#include "generated/hzgsvd_mpi_impl.h"
#endif
#endif /* HZGSVD_IMPLEMENTATION */

#endif /* HZGSVD_MPI_H */
