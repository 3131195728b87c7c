/* gsvd_gpu_host.cu -- the single-GPU engine called with host arrays, here a complex pair.
 *   nvcc -arch=sm_90 -O2 --fmad=false -Xcompiler -ffp-contract=off -I$HZGSVD -o gsvd_gpu_host examples/gsvd_gpu_host.cu -lcusolver -lcublas
 * (cuSOLVER and cuBLAS: the preconditioned start; -DHZGSVD_GPU_NO_CUSOLVER builds without them, and without it)
 * Exit status: 0 success, 1 failure, 77 no GPU (the test's "skipped"). */
#define HZGSVD_IMPLEMENTATION          /* in exactly one .cu file of your program */
#include "hzgsvd_single.cuh"           /* keep generated/ beside it */
#include <complex>
#include <cstdio>
#include <vector>

int main()
{
    typedef std::complex<double> cplx;  /* (re, im) in a row: the layout the engine reads */
    const int m_f = 200, m_g = 180, n = 160;
    std::vector<cplx> F((size_t)m_f * n), G((size_t)m_g * n), Z((size_t)n * n);
    std::vector<double> sf(n), sg(n), s(n);
    for (int j = 0; j < n; ++j) {
        for (int i = 0; i < m_f; ++i) F[i + (size_t)j * m_f] = (i == j) ? cplx(4.0 + j, 0.0) : cplx(1.0, 0.5) / (1.0 + i + j);
        for (int i = 0; i < m_g; ++i) G[i + (size_t)j * m_g] = (i == j) ? cplx(1.0, -0.25) : cplx(0.0, 0.5) / (2.0 + i + j);
    }
    hzgsvd_options opt = hzgsvd_default_options();
    hzgsvd_info info;
    /* The arguments of hzgsvd_cpu_zgsvd (hzgsvd_gpu_dgsvd_host: those of hzgsvd_cpu_dgsvd), so a
       CPU program moves to the GPU by renaming the call.  It copies the pair to the device, runs
       and copies the results back into F (U), G (V), Z and the sigmas; info.seconds includes the
       copies. */
    hzgsvd_status st = hzgsvd_gpu_zgsvd_host(m_f, m_g, n, reinterpret_cast<double *>(F.data()), m_f,
                                             reinterpret_cast<double *>(G.data()), m_g,
                                             reinterpret_cast<double *>(Z.data()), n,
                                             sf.data(), sg.data(), s.data(), &opt, &info);
    if (st == HZGSVD_ERR_NO_DEVICE) {   /* no GPU, or none the CUDA runtime can use */
        std::printf("no GPU: skipped\n");
        return 77;
    }
    if (st != HZGSVD_SUCCESS) {
        std::fprintf(stderr, "hzgsvd: %s (%s)\n", hzgsvd_status_string(st), info.detail);
        return 1;
    }
    std::printf("sigma in [%g, %g], %d sweeps, %.3f s (copies included)\n", s[n - 1], s[0], info.sweeps, info.seconds);
    return 0;
}
