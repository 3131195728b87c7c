/* hzgsvd_cli_gpu.cu -- the GPU side of the CLI (see hzgsvd_cli_gpu.h). */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_single.cuh"
#include "tools/hzgsvd_cli_gpu.h"

#include <stdio.h>

int hzgsvd_cli_gpu_present(void) { return hzgsvd_gpu_available(); }

hzgsvd_status hzgsvd_cli_gpu_run(int ordinal, int is_complex, int m_f, int m_g, int n, double *F, double *G, double *Z,
                                 double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *opt,
                                 hzgsvd_info *info, char *device_name, size_t device_name_len)
{
    cudaDeviceProp prop;
    const int dev = ordinal >= 0 ? ordinal : 0;
    cudaError_t e = cudaSetDevice(dev);
    if (e == cudaSuccess) e = cudaGetDeviceProperties(&prop, dev);
    if (e != cudaSuccess) {
        snprintf(info->detail, sizeof info->detail, "cudaSetDevice(%d) failed: %s (%d)", dev, cudaGetErrorString(e), (int)e);
        return HZGSVD_ERR_CUDA;
    }
    snprintf(device_name, device_name_len, "gpu:%d %s", dev, prop.name);
    if (is_complex)
        return hzgsvd_gpu_zgsvd_host(m_f, m_g, n, F, m_f, G, m_g, Z, n, sigma_f, sigma_g, sigma, opt, info);
    return hzgsvd_gpu_dgsvd_host(m_f, m_g, n, F, m_f, G, m_g, Z, n, sigma_f, sigma_g, sigma, opt, info);
}
