/* hzgsvd_cli_gpu.h -- the CLI's bridge to the single-GPU engine (C linkage; implemented in
 * tools/cli/hzgsvd_cli_gpu.cu, which nvcc compiles; the CLI itself stays C99). */
#ifndef HZGSVD_TOOLS_CLI_GPU_H
#define HZGSVD_TOOLS_CLI_GPU_H

#include <stddef.h>
#include "generated/hzgsvd_core.h"

HZGSVD_EXTERN_C_BEGIN

/* 1 if a CUDA device is usable. */
int hzgsvd_cli_gpu_present(void);

/* Runs the GPU engine on host arrays (ld = rows; complex: interleaved) on device `ordinal` (-1: device 0) and writes
 * "gpu:K NAME" into device_name. */
hzgsvd_status hzgsvd_cli_gpu_run(int ordinal, int is_complex, int m_f, int m_g, int n, double *F, double *G, double *Z,
                                 double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *opt,
                                 hzgsvd_info *info, char *device_name, size_t device_name_len);

/* A stack of `batch` pairs (host arrays, each pair ld = rows, one after the other; complex:
 * interleaved) through hzgsvd_gpu_?gsvd_batched on device `ordinal`: copied to the device, solved,
 * copied back.  status and info: batch entries each (info: max(1, batch)).  A failed CUDA call of
 * the copies sets every status[i] and info[i].detail and is returned. */
hzgsvd_status hzgsvd_cli_gpu_run_batched(int ordinal, int is_complex, int m_f, int m_g, int n, int batch, double *F, double *G, double *Z,
                                         double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *opt,
                                         hzgsvd_status *status, hzgsvd_info *info, char *device_name, size_t device_name_len);

HZGSVD_EXTERN_C_END

#endif
