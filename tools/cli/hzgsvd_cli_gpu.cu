/* hzgsvd_cli_gpu.cu -- the GPU side of the CLI (see hzgsvd_cli_gpu.h). */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_single.cuh"
#include "tools/cli/hzgsvd_cli_gpu.h"

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

    /* Page-lock the host arrays before the run (as a CUDA code keeps its host data in pinned
     * memory): the engine's copies then run at the link's speed, not through the driver's pageable
     * staging.  Only a speed matter: where the pinning fails, the run goes on with pageable copies. */
    const size_t el = sizeof(double) * (is_complex ? 2 : 1);
    double *arr[3] = { F, G, Z };
    const size_t bytes[3] = { el * (size_t)m_f * n, el * (size_t)m_g * n, el * (size_t)n * n };
    int pinned[3] = { 0, 0, 0 };
    for (int k = 0; k < 3; ++k) {
        if (bytes[k] == 0) continue;
        const cudaError_t pe = cudaHostRegister(arr[k], bytes[k], cudaHostRegisterDefault);
        if (pe == cudaSuccess) pinned[k] = 1;
        else {
            (void)cudaGetLastError();
            fprintf(stderr, "hzgsvd: note: host arrays not page-locked (%s); transfers take the slower pageable path\n",
                    cudaGetErrorString(pe));
            break;
        }
    }
    const int ldf = m_f > 1 ? m_f : 1, ldg = m_g > 1 ? m_g : 1;   /* F or G may have no rows */
    const hzgsvd_status st = is_complex
        ? hzgsvd_gpu_zgsvd_host(m_f, m_g, n, F, ldf, G, ldg, Z, n, sigma_f, sigma_g, sigma, opt, info)
        : hzgsvd_gpu_dgsvd_host(m_f, m_g, n, F, ldf, G, ldg, Z, n, sigma_f, sigma_g, sigma, opt, info);
    for (int k = 0; k < 3; ++k)
        if (pinned[k] && cudaHostUnregister(arr[k]) != cudaSuccess) (void)cudaGetLastError();   /* the results are already in place */
    return st;
}
