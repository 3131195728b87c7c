/* hzgsvd_cli_mpi.h -- the CLI's bridge to the distributed engine (C linkage; implemented in
 * tools/cli/hzgsvd_cli_mpi.c, compiled by mpicc, or by nvcc as CUDA where the build has a GPU engine). */
#ifndef HZGSVD_TOOLS_CLI_MPI_H
#define HZGSVD_TOOLS_CLI_MPI_H

#include <stddef.h>
#include "generated/hzgsvd_core.h"

HZGSVD_EXTERN_C_BEGIN

/* MPI_Init; this process's rank and the number of ranks.  0 on success. */
int hzgsvd_cli_mpi_init(int *argc, char ***argv, int *rank, int *nranks);
void hzgsvd_cli_mpi_finalize(void);
/* Broadcast count ints from rank 0 (every rank calls it).  0 on success. */
int hzgsvd_cli_mpi_bcast(int *v, int count);
/* 1 if this build's distributed engine can drive GPUs. */
int hzgsvd_cli_mpi_has_gpu(void);

/* The whole pair on rank 0 (ld = rows; complex interleaved), NULL elsewhere: distribute, run on
 * every rank (gpu: one GPU per rank), gather U over F, V over G, Z and the sigmas on rank 0.  Every
 * rank returns the same status.  device_name gets e.g. "mpi:4 x cpu". */
hzgsvd_status hzgsvd_cli_mpi_run(int gpu, int is_complex, int m_f, int m_g, int n, double *F, double *G, double *Z,
                                 double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *opt,
                                 hzgsvd_info *info, char *device_name, size_t device_name_len);

HZGSVD_EXTERN_C_END

#endif
