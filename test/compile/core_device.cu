/* Compile check (no GPU needed): the shared core -- the 2x2 math, rsqrt_rn, the enhanced products
 * and the inner strategy tables in constant memory -- compiles as CUDA device code for sm_90, so
 * the GPU kernels can include the very definitions the CPU engine uses. */
#include "generated/hzgsvd_core.h"

__global__ void hzgsvd_test_core_device(const double *in, double *out, int variant)
{
    const int t = threadIdx.x;
    const int p = hzgsvd__cinner_me32[t % 31][t % 16][0], q = hzgsvd__cinner_mm32[t % 32][t % 16][1];
    const hzgsvd__rot rd = hzgsvd__drot(in[0], in[1], in[2], in[3], in[4], in[5], variant, 1, hzgsvd__ortho_tol(32));
    const hzgsvd__rot rz = hzgsvd__zrot(in[0], in[1], in[2], in[6], in[3], in[4], in[5], in[7], variant, 1, hzgsvd__ortho_tol(32));
    double c, d, np, nq;
    hzgsvd__mul_rd_err(in[p], in[q], &c, &d);
    hzgsvd__drot_apply(&rd, c, d, &np, &nq);
    out[t] = hzgsvd__rsqrt_rn(np * np + nq * nq) + rz.z12r + (double)rz.big;
}
