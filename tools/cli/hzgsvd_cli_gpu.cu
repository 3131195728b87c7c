/* hzgsvd_cli_gpu.cu -- the GPU side of the CLI (see hzgsvd_cli_gpu.h). */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_single.cuh"
#include "tools/cli/hzgsvd_cli_gpu.h"

#include <stdio.h>
#include <string.h>

int hzgsvd_cli_gpu_present(void) { return hzgsvd_gpu_available(); }

/* Device `ordinal` (-1: device 0) made current, "gpu:K NAME" written into device_name; the failed
 * call's error, else cudaSuccess. */
static cudaError_t hzgsvd_cli_gpu_select(int ordinal, char *device_name, size_t device_name_len)
{
    cudaDeviceProp prop;
    const int dev = ordinal >= 0 ? ordinal : 0;
    cudaError_t e = cudaSetDevice(dev);
    if (e == cudaSuccess) e = cudaGetDeviceProperties(&prop, dev);
    if (e == cudaSuccess) snprintf(device_name, device_name_len, "gpu:%d %s", dev, prop.name);
    return e;
}

hzgsvd_status hzgsvd_cli_gpu_run(int ordinal, int is_complex, int m_f, int m_g, int n, double *F, double *G, double *Z,
                                 double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *opt,
                                 hzgsvd_info *info, char *device_name, size_t device_name_len)
{
    const cudaError_t e = hzgsvd_cli_gpu_select(ordinal, device_name, device_name_len);
    if (e != cudaSuccess) {
        snprintf(info->detail, sizeof info->detail, "cudaSetDevice(%d) failed: %s (%d)", ordinal >= 0 ? ordinal : 0, cudaGetErrorString(e), (int)e);
        return HZGSVD_ERR_CUDA;
    }

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

/* Every pair's status and detail where the batch failed as a whole (a copy, an allocation). */
static hzgsvd_status hzgsvd_cli_gpu_batch_fail(int batch, hzgsvd_status st, const char *what, cudaError_t e, hzgsvd_status *status,
                                               hzgsvd_info *info)
{
    (void)cudaGetLastError();
    for (int i = 0; i < (batch > 0 ? batch : 1); ++i) {
        if (i < batch) status[i] = st;
        memset(&info[i], 0, sizeof info[i]);
        snprintf(info[i].detail, sizeof info[i].detail, "%s failed: %s (%d)", what, cudaGetErrorString(e), (int)e);
    }
    return st;
}

hzgsvd_status hzgsvd_cli_gpu_run_batched(int ordinal, int is_complex, int m_f, int m_g, int n, int batch, double *F, double *G, double *Z,
                                         double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *opt,
                                         hzgsvd_status *status, hzgsvd_info *info, char *device_name, size_t device_name_len)
{
    cudaError_t e = hzgsvd_cli_gpu_select(ordinal, device_name, device_name_len);
    if (e != cudaSuccess) return hzgsvd_cli_gpu_batch_fail(batch, HZGSVD_ERR_CUDA, "cudaSetDevice", e, status, info);
    const size_t es = is_complex ? 2 : 1, b = (size_t)batch;
    const int ldf = m_f > 1 ? m_f : 1, ldg = m_g > 1 ? m_g : 1;
    /* doubles of each stack: F, G, Z, then the three sigma stacks */
    const size_t cnt[6] = { es * (size_t)ldf * n * b, es * (size_t)ldg * n * b, es * (size_t)n * n * b, (size_t)n * b, (size_t)n * b, (size_t)n * b };
    double *host[6] = { F, G, Z, sigma_f, sigma_g, sigma }, *d[6] = { NULL, NULL, NULL, NULL, NULL, NULL };
    hzgsvd_status st = HZGSVD_SUCCESS;
    for (int k = 0; k < 6 && st == HZGSVD_SUCCESS; ++k) {
        if ((e = cudaMalloc((void **)&d[k], sizeof(double) * (cnt[k] > 0 ? cnt[k] : 1))) != cudaSuccess) {
            d[k] = NULL;
            st = hzgsvd_cli_gpu_batch_fail(batch, HZGSVD_ERR_OUT_OF_MEMORY, "cudaMalloc of the stacks", e, status, info);
        } else if (k < 2 && cnt[k] > 0 && (e = cudaMemcpy(d[k], host[k], sizeof(double) * cnt[k], cudaMemcpyHostToDevice)) != cudaSuccess) {
            st = hzgsvd_cli_gpu_batch_fail(batch, HZGSVD_ERR_CUDA, "cudaMemcpy of the input stacks", e, status, info);
        }
    }
    if (st == HZGSVD_SUCCESS) {
        st = is_complex
            ? hzgsvd_gpu_zgsvd_batched(m_f, m_g, n, (cuDoubleComplex *)d[0], ldf, (long long)ldf * n, (cuDoubleComplex *)d[1], ldg,
                                       (long long)ldg * n, (cuDoubleComplex *)d[2], n, (long long)n * n, d[3], d[4], d[5], n, batch, NULL, 0, 0,
                                       opt, status, info)
            : hzgsvd_gpu_dgsvd_batched(m_f, m_g, n, d[0], ldf, (long long)ldf * n, d[1], ldg, (long long)ldg * n, d[2], n, (long long)n * n,
                                       d[3], d[4], d[5], n, batch, NULL, 0, 0, opt, status, info);
        /* the outputs of every pair whose run wrote them (the others keep NaN on the CLI's side: it
         * fills a failed pair without outputs itself) */
        for (int k = 0; k < 6; ++k)
            if (cnt[k] > 0 && (e = cudaMemcpy(host[k], d[k], sizeof(double) * cnt[k], cudaMemcpyDeviceToHost)) != cudaSuccess) {
                st = hzgsvd_cli_gpu_batch_fail(batch, HZGSVD_ERR_CUDA, "cudaMemcpy of the output stacks", e, status, info);
                break;
            }
    }
    for (int k = 0; k < 6; ++k)
        if (d[k] && cudaFree(d[k]) != cudaSuccess) (void)cudaGetLastError();
    return st;
}
