/* gsvd_gpu.cu -- the single-GPU engine on device arrays, with a workspace and a stream of your own.
 *   nvcc -arch=sm_90 -O2 --fmad=false -Xcompiler -ffp-contract=off -I$HZGSVD -o gsvd_gpu examples/gsvd_gpu.cu -lcusolver -lcublas
 * (cuSOLVER and cuBLAS: the preconditioned start; -DHZGSVD_GPU_NO_CUSOLVER builds without them, and without it)
 * Exit status: 0 success, 1 failure, 77 no GPU (the test's "skipped"). */
#define HZGSVD_IMPLEMENTATION          /* in exactly one .cu file of your program */
#include "hzgsvd_single.cuh"           /* keep generated/ beside it */
#include <cstdio>
#include <vector>

/* Every CUDA call checked; on an error the process ends, which also frees the device memory. */
#define CUDA_CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); return 1; } } while (0)

int main()
{
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) { std::printf("no GPU: skipped\n"); return 77; }
    const int m_f = 300, m_g = 280, n = 256;
    std::vector<double> F((size_t)m_f * n), G((size_t)m_g * n), s(n);
    for (int j = 0; j < n; ++j) {
        for (int i = 0; i < m_f; ++i) F[i + (size_t)j * m_f] = (i == j) ? 4.0 + j : 1.0 / (1 + i + j);
        for (int i = 0; i < m_g; ++i) G[i + (size_t)j * m_g] = (i == j) ? 1.0 : 0.5 / (2 + i + j);
    }
    hzgsvd_options opt = hzgsvd_default_options();
    hzgsvd_info info;
    /* The workspace depends only on the sizes and options: allocate it once and reuse it for every
       pair of this shape (d_work = NULL would make each call cudaMalloc and free its own). */
    size_t bytes = 0;
    hzgsvd_status st = hzgsvd_gpu_dgsvd_workspace_size(m_f, m_g, n, &opt, &bytes);
    if (st != HZGSVD_SUCCESS) { std::fprintf(stderr, "hzgsvd: %s\n", hzgsvd_status_string(st)); return 1; }
    double *dF, *dG, *dZ, *dS;
    void *d_work;
    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreate(&stream));
    CUDA_CHECK(cudaMalloc(&dF, sizeof(double) * F.size()));
    CUDA_CHECK(cudaMalloc(&dG, sizeof(double) * G.size()));
    CUDA_CHECK(cudaMalloc(&dZ, sizeof(double) * n * n));
    CUDA_CHECK(cudaMalloc(&dS, sizeof(double) * 3 * n));     /* sigma_f, sigma_g, sigma */
    CUDA_CHECK(cudaMalloc(&d_work, bytes));
    CUDA_CHECK(cudaMemcpyAsync(dF, F.data(), sizeof(double) * F.size(), cudaMemcpyHostToDevice, stream));
    CUDA_CHECK(cudaMemcpyAsync(dG, G.data(), sizeof(double) * G.size(), cudaMemcpyHostToDevice, stream));
    /* Runs on `stream`, after the copies above; returns when U (over dF), V (over dG), Z and the
       sigmas are in place. */
    st = hzgsvd_gpu_dgsvd(m_f, m_g, n, dF, m_f, dG, m_g, dZ, n, dS, dS + n, dS + 2 * n,
                          d_work, bytes, stream, &opt, &info);
    if (st != HZGSVD_SUCCESS) {
        std::fprintf(stderr, "hzgsvd: %s (%s)\n", hzgsvd_status_string(st), info.detail);
        return 1;
    }
    CUDA_CHECK(cudaMemcpyAsync(s.data(), dS + 2 * n, sizeof(double) * n, cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    std::printf("sigma in [%g, %g], %d sweeps, %.3f s, workspace %.1f MB\n", s[n - 1], s[0], info.sweeps,
                info.seconds, bytes / 1e6);
    CUDA_CHECK(cudaFree(d_work)); CUDA_CHECK(cudaFree(dS)); CUDA_CHECK(cudaFree(dZ));
    CUDA_CHECK(cudaFree(dG)); CUDA_CHECK(cudaFree(dF));
    CUDA_CHECK(cudaStreamDestroy(stream));
    return 0;
}
