/* ================================================================================================
 * hzgsvd_gpu_impl.cuh -- GENERATED FILE, DO NOT EDIT.
 * Generated from: templates/hzgsvd_gpu_common.cu.j2, templates/hzgsvd_gpu_driver.cu.j2, templates/hzgsvd_gpu_kernels.cu.j2
 * Regenerate with: make generate   (= python3 generator/gen.py)
 * What it is: The single-GPU engine, real and complex: generated kernel instances (precision x variant x sorting) and the host driver.
 * How to compile: Included by hzgsvd_single.cuh where HZGSVD_IMPLEMENTATION is defined; nvcc -arch=sm_90.
 * ================================================================================================ */
#ifndef HZGSVD_GENERATED_HZGSVD_GPU_IMPL_CUH
#define HZGSVD_GENERATED_HZGSVD_GPU_IMPL_CUH
#include "hzgsvd_host.h"

/*** begin templates/hzgsvd_gpu_common.cu.j2 ***/
/* What the real and the complex GPU kernels share. */

/* 32-lane sum: butterfly with XOR distances 16..1 (every lane gets the same, commutative, sum). */
__device__ __forceinline__ double hzgsvd__warp_sum(double v)
{
#pragma unroll
    for (int i = 16; i > 0; i >>= 1)
        v = __dadd_rn(v, __shfl_xor_sync(0xffffffffu, v, i));
    return v;
}

/* Enhanced squared modulus of one complex element (App. A): ((dr + di) + min(cr, ci)) + max(cr, ci). */
__device__ __forceinline__ double hzgsvd__zabs2_enh(double re, double im)
{
    double cr, dr, ci, di;
    hzgsvd__mul_rd_err(re, re, &cr, &dr);
    hzgsvd__mul_rd_err(im, im, &ci, &di);
    return __dadd_rn(__dadd_rn(__dadd_rn(dr, di), fmin(cr, ci)), fmax(cr, ci));
}
/*** end templates/hzgsvd_gpu_common.cu.j2 ***/

/*** begin templates/hzgsvd_gpu_kernels.cu.j2 [d] ***/
/* The single-GPU kernels, real (d): the paper's section 3
 * design with w = 16.  initFGZ (3.3), the fused block-step kernel bstep (3.5: Gram matrices of the
 * pivot block-column pair in shared memory, two Cholesky factorizations, the pointwise
 * Hari-Zimmermann sweeps with the inner table from constant memory and warp reductions (App. C),
 * and the post-multiplication of the pairs of F, G and Z), and rescale (3.4).  A thread block is
 * 32 x 16 threads: lane x owns row x of the 32 x 32 pivot blocks, warp y the columns y and y + 16.
 * Every reduction has a fixed order (butterfly shuffles, fixed loops): bitwise reproducible.
 * Kernels are HZGSVD_PRIVATE (static): each translation unit that includes the engine has its own. */

/* Everything a kernel needs about the working matrices (bordered: mf, mg multiples of 64, n and nz
 * of 32).  One GPU holds all n = nz columns; a rank of the distributed engine n < nz of them. */
typedef struct hzgsvd__d_gpu_mats {
    double *F, *G, *Z;              /* column major, ld = mf, mg, nz */
    int mf, mg, n, nz;              /* rows of F and G, columns held, rows of Z */
} hzgsvd__d_gpu_mats;

/* Per-thread-block results of a sweep: counters (paper section 3.1.1) and a failure code. */
typedef struct hzgsvd__d_gpu_block_stats {
    unsigned long long all, big;
    int fail;                       /* 0; 1/2 Cholesky of F's/G's pivot Gram failed; 3 a 2x2 B-hat not positive definite */
    int fail_col;                   /* local column 0..31 */
} hzgsvd__d_gpu_block_stats;

/* Squared norm of a 32-element column spread over a warp (one element per lane). */
template <bool ENH>
__device__ __forceinline__ double hzgsvd__d_wnorm2(double a)
{
    if (ENH) {
        double c, d;
        hzgsvd__mul_rd_err(a, a, &c, &d);
        return __dadd_rn(hzgsvd__warp_sum(c), hzgsvd__warp_sum(d));
    }
    return hzgsvd__warp_sum(__dmul_rn(a, a));
}

/* a^H b of 32-element columns spread over a warp (enhanced in the odd variants). */
template <bool ENH>
__device__ __forceinline__ void hzgsvd__d_wdot(double a, double b, double *dr)
{
    if (ENH) {
        double c, d;
        hzgsvd__mul_rd_err(a, b, &c, &d);
        *dr = __dadd_rn(hzgsvd__warp_sum(c), hzgsvd__warp_sum(d));
        return;
    }
    *dr = hzgsvd__warp_sum(__dmul_rn(a, b));
}

/* Squared norm of a long column (m rows, a multiple of 32): per-lane partial sums, then a warp sum. */
template <bool ENH>
__device__ __forceinline__ double hzgsvd__d_colnorm2(const double *y, int m)
{
    const int x = threadIdx.x & 31;
    if (ENH) {
        double c = 0.0, d = 0.0;
        for (int i = x; i < m; i += 32) {
            double ci, di;
            hzgsvd__mul_rd_err(y[i], y[i], &ci, &di);
            c = __dadd_rn(c, ci); d = __dadd_rn(d, di);
        }
        return __dadd_rn(hzgsvd__warp_sum(c), hzgsvd__warp_sum(d));
    }
    double s = 0.0;
    for (int i = x; i < m; i += 32) s = fma(y[i], y[i], s);
    return hzgsvd__warp_sum(s);
}

/* y <- y * s over a long column, a warp's lanes strided. */
__device__ __forceinline__ void hzgsvd__d_colscale(double *y, int m, double s)
{
    for (int i = threadIdx.x & 31; i < m; i += 32) {
        y[i] *= s;
    }
}

/* ---- initFGZ (section 3.3): n/2 blocks of 64 threads, a warp per column ----------------------
 * Z's entry of column j goes to row row0 + j (j < half) or row1 + j - half: the logical column of
 * a stripe (section 4.2); one GPU: half = n, row0 = 0. */
template <bool ENH>
HZGSVD_PRIVATE __global__ void __launch_bounds__(64) hzgsvd__d_initFGZ(hzgsvd__d_gpu_mats M, int prescale, int half, int row0, int row1)
{
    const int j = 2 * blockIdx.x + (threadIdx.x >> 5), x = threadIdx.x & 31;
    if (j >= M.n) return;
    double z = 1.0;
    if (prescale) {
        const size_t cf = (size_t)j * M.mf, cg = (size_t)j * M.mg;
        z = hzgsvd__rsqrt_rn(hzgsvd__d_colnorm2<ENH>(M.G + cg, M.mg));
        if (z != 1.0) {
            hzgsvd__d_colscale(M.F + cf, M.mf, z);
            hzgsvd__d_colscale(M.G + cg, M.mg, z);
        }
    }
    if (x == 0) M.Z[(size_t)j * M.nz + (j < half ? row0 + j : row1 + j - half)] = z;
}

/* ---- rescale (section 3.4): f = 0 scales Z only; f = 1 also extracts U, V and the sigmas -------- */
template <bool ENH>
HZGSVD_PRIVATE __global__ void __launch_bounds__(64) hzgsvd__d_rescale(hzgsvd__d_gpu_mats M, int f, double *sf, double *sg, double *ss, int *bad)
{
    const int j = 2 * blockIdx.x + (threadIdx.x >> 5), x = threadIdx.x & 31;
    if (j >= M.n) return;
    const size_t cf = (size_t)j * M.mf, cg = (size_t)j * M.mg, cz = (size_t)j * M.nz;
    const double nf2 = hzgsvd__d_colnorm2<ENH>(M.F + cf, M.mf);
    const double ng2 = hzgsvd__d_colnorm2<ENH>(M.G + cg, M.mg);
    const double rho = hzgsvd__rsqrt_rn(nf2 + ng2);
    if (rho != 1.0) hzgsvd__d_colscale(M.Z + cz, M.nz, rho);
    if (!f) return;
    const double rf = hzgsvd__rsqrt_rn(nf2), rg = hzgsvd__rsqrt_rn(ng2);
    if (rf != 1.0) hzgsvd__d_colscale(M.F + cf, M.mf, rf);
    if (rg != 1.0) hzgsvd__d_colscale(M.G + cg, M.mg, rg);
    if (x == 0) {
        const double a = sqrt(nf2) * rho, b = sqrt(ng2) * rho, s = sqrt(nf2) * rg;
        sf[j] = a; sg[j] = b; ss[j] = s;
        if (!(a > 0.0) || !(b > 0.0) || !isfinite(s) || !isfinite(rf) || !isfinite(rg) || !isfinite(rho))
            atomicMin(bad, j);      /* an integer minimum: the same for any schedule */
    }
}

/* ---- the block step (section 3.5) -------------------------------------------------------------- */

/* Shared memory of a block step: F-hat, G-hat, Z-hat (32 x 32 each) and a
 * double buffer of 32-row chunks. */
#define HZGSVD__D_SMEM_DOUBLES (1 * (3 * 1024 + 2 * 1024))

/* The chunk stream of subphases 1 and 4: chunk i (32 rows of the columns p and q) goes from the
 * registers into half h of the double buffer, then, after the barrier, the registers prefetch
 * chunk i + 1 so that its global loads overlap the work on chunk i.  Returns the half to read
 * (32 x 32). */
__device__ __forceinline__ double *hzgsvd__d_stage_chunk(double *buf, int h, const double *yp, const double *yq,
                                                     int i, int m, double *np, double *nq)
{
    const int x = threadIdx.x, y = threadIdx.y;
    double *b = buf + h * 1024;
    b[x + 32 * y] = *np;
    b[x + 32 * (y + 16)] = *nq;
    __syncthreads();
    if (i + 32 < m) {
        *np = yp[i + 32 + x]; *nq = yq[i + 32 + x];
    }
    return b;
}

/* Subphase 1: A = [Y_p Y_q]^H [Y_p Y_q] (32 x 32, both triangles) through the chunk stream; lane x
 * reads the chunk rows in circular order (x + j) mod 32 against bank conflicts.  Fixed order. */
__device__ __forceinline__ void hzgsvd__d_gram(const double *Y, int m, int cp, int cq, double *buf, double *A)
{
    const int x = threadIdx.x, y = threadIdx.y;
    const double *yp = Y + (size_t)cp * m, *yq = Y + (size_t)cq * m;
    double a0 = 0.0, a1 = 0.0;
    double np = yp[x], nq = yq[x];
    for (int i = 0, h = 0; i < m; i += 32, h ^= 1) {
        const double *b = hzgsvd__d_stage_chunk(buf, h, yp, yq, i, m, &np, &nq);
#pragma unroll 8
        for (int j = 0; j < 32; ++j) {
            const int r = (x + j) & 31;
            const double bx = b[r + 32 * x];
            a0 = fma(bx, b[r + 32 * y], a0);
            a1 = fma(bx, b[r + 32 * (y + 16)], a1);
        }
    }
    A[x + 32 * y] = a0;
    A[x + 32 * (y + 16)] = a1;
    __syncthreads();
}

/* Subphase 2: Cholesky A = L L^H in place (lower triangle read), then A <- L^H with the strict
 * lower part zeroed.  Returns -1, or the column whose pivot was not positive (block-uniform). */
__device__ __forceinline__ int hzgsvd__d_cholesky(double *A)
{
    const int x = threadIdx.x, y = threadIdx.y;
    for (int j = 0; j < 32; ++j) {
        const double d = A[j + 32 * j];
        __syncthreads();                          /* all have read the pivot before it changes */
        if (!(d > 0.0) || isinf(d)) return j;     /* the same d in every thread: a uniform exit */
        if (y == 0 && x >= j) {
            const double s = (x == j) ? 0.0 : hzgsvd__rsqrt_rn(d);
            A[x + 32 * j] = (x == j) ? sqrt(d) : A[x + 32 * j] * s;
        }
        __syncthreads();
#pragma unroll
        for (int h = 0; h < 2; ++h) {             /* A(x, c) -= L(x, j) conj(L(c, j)), c = j+1+y, j+17+y */
            const int c = j + 1 + y + 16 * h;
            if (c < 32 && x >= c) {
                A[x + 32 * c] = fma(-A[x + 32 * j], A[c + 32 * j], A[x + 32 * c]);
            }
        }
        __syncthreads();
    }
    const double v0 = (x >= y) ? A[x + 32 * y] : 0.0;
    const double v1 = (x >= y + 16) ? A[x + 32 * (y + 16)] : 0.0;
    __syncthreads();
    A[y + 32 * x] = v0;
    A[y + 16 + 32 * x] = v1;
    __syncthreads();
    return -1;
}

/* Subphase 4: [Y_p Y_q] <- [Y_p Y_q] Z-tilde, one pass through the chunk stream (Cannon-like skew).
 * The prefetched rows are below the ones being written, so reading ahead is safe. */
__device__ __forceinline__ void hzgsvd__d_postmultiply(double *Y, int m, int cp, int cq, double *buf, const double *Zt)
{
    const int x = threadIdx.x, y = threadIdx.y;
    double *yp = Y + (size_t)cp * m, *yq = Y + (size_t)cq * m;
    double np = yp[x], nq = yq[x];
    for (int i = 0, h = 0; i < m; i += 32, h ^= 1) {
        const double *b = hzgsvd__d_stage_chunk(buf, h, yp, yq, i, m, &np, &nq);
        double c0 = 0.0, c1 = 0.0;
        int p0 = (y + x) & 31, p1 = (y + 16 + x) & 31;
#pragma unroll
        for (int k = 0; k < 32; ++k) {
            c0 = fma(b[x + 32 * p0], Zt[p0 + 32 * y], c0);
            c1 = fma(b[x + 32 * p1], Zt[p1 + 32 * (y + 16)], c1);
            p0 = (p0 + 1) & 31;
            p1 = (p1 + 1) & 31;
        }
        yp[i + x] = c0;
        yq[i + x] = c1;
    }
    __syncthreads();                              /* buf (both halves) free again */
}

/* The whole block step of block-pair position blockIdx.x in outer step `step`. */
template <int VARIANT, bool SORT>
__device__ __forceinline__ void hzgsvd__d_bstep_body(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                 int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    constexpr bool ENH = HZGSVD__VAR_ENHANCED(VARIANT), RESC = HZGSVD__VAR_RESCALE(VARIANT);
    extern __shared__ double smem[];                /* HZGSVD__D_SMEM_DOUBLES doubles, dynamic */
    double *sF = smem, *sG = smem + 1024, *sZ = smem + 2048, *sB = smem + 3072;
    const int x = threadIdx.x, y = threadIdx.y, l = blockIdx.x;
    const int nblk = M.n / 16;
    const int bp = outer[(size_t)step * nblk + 2 * l], bq = outer[(size_t)step * nblk + 2 * l + 1];
    const int cp = bp * 16 + y, cq = bq * 16 + y;      /* global columns of local y and y + 16 */

    hzgsvd__d_gram(M.F, M.mf, cp, cq, sB, sF);
    hzgsvd__d_gram(M.G, M.mg, cp, cq, sB, sG);
    int c = hzgsvd__d_cholesky(sF);
    int fail = (c >= 0) ? 1 : 0;
    if (!fail) { c = hzgsvd__d_cholesky(sG); fail = (c >= 0) ? 2 : 0; }
    if (fail) {
        if (x == 0 && y == 0 && stats[l].fail == 0) { stats[l].fail = fail; stats[l].fail_col = c; }
        return;                                   /* uniform: the host reports rank deficiency */
    }

    /* Z-hat_0 and the prescaling of F-hat, G-hat by 1/||g-hat_j|| (variants 0, 1, 4, 5) */
    const double tol = hzgsvd__ortho_tol(32);
#pragma unroll
    for (int h = 0; h < 2; ++h) {
        const int col = y + 16 * h, e = x + 32 * col;
        double z = 1.0;
        if (!RESC) {
            const double b = hzgsvd__d_wnorm2<ENH>(sG[e]);
            if (b != 1.0) {
                z = hzgsvd__rsqrt_rn(b);
                sF[e] *= z; sG[e] *= z;
            }
        }
        sZ[e] = (x == col) ? z : 0.0;
    }
    __syncthreads();

    /* Subphase 3: the pointwise sweeps; warp y takes pair y of each inner step.  Each warp counts
     * its own transformations (the values are warp-uniform); one barrier per step orders the
     * column updates, and one count per sweep decides whether the sweep did anything. */
    int w_all = 0, w_big = 0, rot_fail = 0;
    const int steps = inner_mm ? 32 : 31;
    for (int sweep = 0; sweep < max_inner; ++sweep) {
        const int w_all0 = w_all;
        for (int st = 0; st < steps; ++st) {
            const int p = inner_mm ? hzgsvd__cinner_mm32[st][y][0] : hzgsvd__cinner_me32[st][y][0];
            const int q = inner_mm ? hzgsvd__cinner_mm32[st][y][1] : hzgsvd__cinner_me32[st][y][1];
            const int ep = x + 32 * p, eq = x + 32 * q;
            double fp = sF[ep], fq = sF[eq], gp = sG[ep], gq = sG[eq], zp = sZ[ep], zq = sZ[eq];
            double apq, bpq;
            const double app = hzgsvd__d_wnorm2<ENH>(fp), aqq = hzgsvd__d_wnorm2<ENH>(fq);
            hzgsvd__d_wdot<ENH>(fp, fq, &apq);
            hzgsvd__d_wdot<ENH>(gp, gq, &bpq);
            const double bpp = RESC ? hzgsvd__d_wnorm2<ENH>(gp) : 1.0;
            const double bqq = RESC ? hzgsvd__d_wnorm2<ENH>(gq) : 1.0;
            const hzgsvd__rot rot = hzgsvd__drot(app, aqq, apq, bpp, bqq, bpq, VARIANT, SORT, tol);
            if (rot.transform) {
                hzgsvd__drot_apply(&rot, fp, fq, &fp, &fq);
                hzgsvd__drot_apply(&rot, gp, gq, &gp, &gq);
                hzgsvd__drot_apply(&rot, zp, zq, &zp, &zq);
            }
            if (rot.swap) {
                double t = fp; fp = fq; fq = t;
                t = gp; gp = gq; gq = t;
                t = zp; zp = zq; zq = t;
            }
            sF[ep] = fp; sF[eq] = fq;
            sG[ep] = gp; sG[eq] = gq;
            sZ[ep] = zp; sZ[eq] = zq;
            rot_fail |= rot.fail;
            w_all += rot.transform;
            w_big += rot.transform & rot.big;
            __syncthreads();
        }
        if (__syncthreads_count(x == 0 && w_all != w_all0) == 0) break;   /* a sweep with no transformation */
    }
    __shared__ int s_counts[2][16];
    if (x == 0) { s_counts[0][y] = w_all; s_counts[1][y] = w_big; }
    if (__syncthreads_or(rot_fail)) {
        if (x == 0 && y == 0 && stats[l].fail == 0) { stats[l].fail = 3; stats[l].fail_col = 0; }
        return;
    }

    /* Z-tilde = Z-hat Theta (section 2.4), warp y scales columns y and y + 16 */
#pragma unroll
    for (int h = 0; h < 2; ++h) {
        const int e = x + 32 * (y + 16 * h);
        const double t = hzgsvd__rsqrt_rn(hzgsvd__d_wnorm2<ENH>(sF[e]) + hzgsvd__d_wnorm2<ENH>(sG[e]));
        if (t != 1.0) {
            sZ[e] *= t;
        }
    }
    __syncthreads();

    /* Subphase 4 */
    hzgsvd__d_postmultiply(M.F, M.mf, cp, cq, sB, sZ);
    hzgsvd__d_postmultiply(M.G, M.mg, cp, cq, sB, sZ);
    hzgsvd__d_postmultiply(M.Z, M.nz, cp, cq, sB, sZ);
    if (x == 0 && y == 0) {                       /* fixed order over the warps */
        unsigned long long tot_all = 0, tot_big = 0;
        for (int k = 0; k < 16; ++k) { tot_all += (unsigned)s_counts[0][k]; tot_big += (unsigned)s_counts[1][k]; }
        stats[l].all += tot_all;
        stats[l].big += tot_big;
    }
}

/* One kernel per generated instance: the name is also a filter key and a benchmark label. */
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__d_v0_sort_bstep(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    hzgsvd__d_bstep_body<0, true>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__d_v0_nosort_bstep(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    hzgsvd__d_bstep_body<0, false>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__d_v1_sort_bstep(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    hzgsvd__d_bstep_body<1, true>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__d_v1_nosort_bstep(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    hzgsvd__d_bstep_body<1, false>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__d_v2_sort_bstep(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    hzgsvd__d_bstep_body<2, true>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__d_v2_nosort_bstep(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    hzgsvd__d_bstep_body<2, false>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__d_v3_sort_bstep(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    hzgsvd__d_bstep_body<3, true>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__d_v3_nosort_bstep(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    hzgsvd__d_bstep_body<3, false>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__d_v4_sort_bstep(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    hzgsvd__d_bstep_body<4, true>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__d_v4_nosort_bstep(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    hzgsvd__d_bstep_body<4, false>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__d_v5_sort_bstep(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    hzgsvd__d_bstep_body<5, true>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__d_v5_nosort_bstep(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    hzgsvd__d_bstep_body<5, false>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__d_v6_sort_bstep(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    hzgsvd__d_bstep_body<6, true>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__d_v6_nosort_bstep(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    hzgsvd__d_bstep_body<6, false>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__d_v7_sort_bstep(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    hzgsvd__d_bstep_body<7, true>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__d_v7_nosort_bstep(hzgsvd__d_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__d_gpu_block_stats *stats)
{
    hzgsvd__d_bstep_body<7, false>(M, outer, step, inner_mm, max_inner, stats);
}

typedef void (*hzgsvd__d_bstep_kernel)(hzgsvd__d_gpu_mats, const int *, int, int, int, hzgsvd__d_gpu_block_stats *);

/* The instance for (variant, sort), or NULL where the build filtered it out (make VARIANTS=...). */
static inline hzgsvd__d_bstep_kernel hzgsvd__d_bstep_instance(int variant, int sort)
{
    if (variant == 0 && sort == 1) return hzgsvd__d_v0_sort_bstep;
    if (variant == 0 && sort == 0) return hzgsvd__d_v0_nosort_bstep;
    if (variant == 1 && sort == 1) return hzgsvd__d_v1_sort_bstep;
    if (variant == 1 && sort == 0) return hzgsvd__d_v1_nosort_bstep;
    if (variant == 2 && sort == 1) return hzgsvd__d_v2_sort_bstep;
    if (variant == 2 && sort == 0) return hzgsvd__d_v2_nosort_bstep;
    if (variant == 3 && sort == 1) return hzgsvd__d_v3_sort_bstep;
    if (variant == 3 && sort == 0) return hzgsvd__d_v3_nosort_bstep;
    if (variant == 4 && sort == 1) return hzgsvd__d_v4_sort_bstep;
    if (variant == 4 && sort == 0) return hzgsvd__d_v4_nosort_bstep;
    if (variant == 5 && sort == 1) return hzgsvd__d_v5_sort_bstep;
    if (variant == 5 && sort == 0) return hzgsvd__d_v5_nosort_bstep;
    if (variant == 6 && sort == 1) return hzgsvd__d_v6_sort_bstep;
    if (variant == 6 && sort == 0) return hzgsvd__d_v6_nosort_bstep;
    if (variant == 7 && sort == 1) return hzgsvd__d_v7_sort_bstep;
    if (variant == 7 && sort == 0) return hzgsvd__d_v7_nosort_bstep;
    return NULL;
}

/* ---- loading, bordering, input checks, output gathering ---------------------------------------- */

/* Caller's matrix (m x n, ld) into the working plane(s) (ld ldw; the rest stays zero). */
HZGSVD_PRIVATE __global__ void hzgsvd__d_load(const double *Y, const double *Yi, int m, int n, int ld, double *W, int ldw)
{
    const int j = blockIdx.y, i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m || j >= n) return;
    const size_t s = (size_t)i + (size_t)j * ld, d = (size_t)i + (size_t)j * ldw;
    (void)Yi;
    W[d] = Y[s];
}

/* Unit diagonal in the added rows and columns (section 3.1): Y(m + j, n + j) = 1, j < extra. */
HZGSVD_PRIVATE __global__ void hzgsvd__d_border(double *Y, int ldw, int m, int n, int extra)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < extra) Y[(size_t)(m + j) + (size_t)(n + j) * ldw] = 1.0;
}

/* Non-finite entries (smallest column-major index) and zero columns (smallest column) of the first
 * m rows and n columns of a working matrix, and its column norms (for the rank test); integer
 * atomics only and a fixed-order shared-memory sum: the answers do not depend on the schedule. */
HZGSVD_PRIVATE __global__ void __launch_bounds__(128) hzgsvd__d_check_values(const double *W, int m, int n, int ldw,
                                                          int *first_bad, int *first_zero, double *norms)
{
    __shared__ double part[128];
    const int j = blockIdx.x, x = threadIdx.x;
    if (j >= n) return;
    int nonzero = 0, bad = 0x7fffffff;
    double s = 0.0;
    for (int i = x; i < m; i += blockDim.x) {
        const double v = W[(size_t)i + (size_t)j * ldw];
        if (!isfinite(v) && bad == 0x7fffffff) bad = i;
        nonzero |= (v != 0.0);
        s = fma(v, v, s);
    }
    if (bad != 0x7fffffff) atomicMin(first_bad, j * m + bad);   /* < m*n <= 2^31 - 1 (checked by the host) */
    part[x] = s;
    nonzero = __syncthreads_or(nonzero);
    for (int h = 64; h > 0; h >>= 1) {
        if (x < h) part[x] = __dadd_rn(part[x], part[x + h]);
        __syncthreads();
    }
    if (x == 0) {
        norms[j] = sqrt(part[0]);
        if (!nonzero) atomicMin(first_zero, j);
    }
}

/* real[j] = 1 if column j of Z has no entry in the bordered rows n..nb-1 (a caller's column). */
HZGSVD_PRIVATE __global__ void hzgsvd__d_real_columns(const double *Z, int n, int nb, int *real)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= nb) return;
    int r = 1;
    for (int i = n; i < nb && r; ++i) {
        r = (Z[(size_t)i + (size_t)j * nb] == 0.0);
    }
    real[j] = r;
}

/* The numerical rank test after the iteration (as the CPU engine's hzgsvd__d_degenerate): flag[j] = 1
 * (F) or 2 (G) when the caller's working column j has sigma_f_j <= tol_f sum_k |z_kj| ||f_k||
 * (likewise G), else 0; the host reports the first flagged column in output order. */
HZGSVD_PRIVATE __global__ void hzgsvd__d_rank_test(const double *Z, int n, int nb, const int *real, const double *nf, const double *ng,
                                const double *sf, const double *sg, double tol_f, double tol_g, int *flag)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= nb) return;
    flag[j] = 0;
    if (!real[j]) return;
    double af = 0.0, ag = 0.0;
    for (int k = 0; k < n; ++k) {
        const double a = fabs(Z[(size_t)k + (size_t)j * nb]);
        af = fma(a, nf[k], af);
        ag = fma(a, ng[k], ag);
    }
    if (!(sf[j] > tol_f * af)) flag[j] = 1;
    else if (!(sg[j] > tol_g * ag)) flag[j] = 2;
}

/* Output column c <- working column order[c] (first m rows), for U, V or Z. */
HZGSVD_PRIVATE __global__ void hzgsvd__d_gather(const double *W, int ldw, const int *order, int m, double *Y, double *Yi, int ld)
{
    const int c = blockIdx.y, i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m) return;
    const size_t s = (size_t)i + (size_t)order[c] * ldw, d = (size_t)i + (size_t)c * ld;
    (void)Yi;
    Y[d] = W[s];
}

HZGSVD_PRIVATE __global__ void hzgsvd__d_gather_vec(const double *w, const int *order, int n, double *y)
{
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c < n && y) y[c] = w[order[c]];
}
/*** end templates/hzgsvd_gpu_kernels.cu.j2 [d] ***/

/*** begin templates/hzgsvd_gpu_kernels.cu.j2 [z] ***/
/* The single-GPU kernels, complex (z), on split real/imaginary planes: the paper's section 3
 * design with w = 16.  initFGZ (3.3), the fused block-step kernel bstep (3.5: Gram matrices of the
 * pivot block-column pair in shared memory, two Cholesky factorizations, the pointwise
 * Hari-Zimmermann sweeps with the inner table from constant memory and warp reductions (App. C),
 * and the post-multiplication of the pairs of F, G and Z), and rescale (3.4).  A thread block is
 * 32 x 16 threads: lane x owns row x of the 32 x 32 pivot blocks, warp y the columns y and y + 16.
 * Every reduction has a fixed order (butterfly shuffles, fixed loops): bitwise reproducible.
 * Kernels are HZGSVD_PRIVATE (static): each translation unit that includes the engine has its own. */

/* Everything a kernel needs about the working matrices (bordered: mf, mg multiples of 64, n and nz
 * of 32).  One GPU holds all n = nz columns; a rank of the distributed engine n < nz of them. */
typedef struct hzgsvd__z_gpu_mats {
    double *F, *G, *Z;              /* column major, ld = mf, mg, nz; real planes */
    double *Fi, *Gi, *Zi;           /* imaginary planes */
    int mf, mg, n, nz;              /* rows of F and G, columns held, rows of Z */
} hzgsvd__z_gpu_mats;

/* Per-thread-block results of a sweep: counters (paper section 3.1.1) and a failure code. */
typedef struct hzgsvd__z_gpu_block_stats {
    unsigned long long all, big;
    int fail;                       /* 0; 1/2 Cholesky of F's/G's pivot Gram failed; 3 a 2x2 B-hat not positive definite */
    int fail_col;                   /* local column 0..31 */
} hzgsvd__z_gpu_block_stats;

/* Squared norm of a 32-element column spread over a warp (one element per lane). */
template <bool ENH>
__device__ __forceinline__ double hzgsvd__z_wnorm2(double a, double ai)
{
    if (ENH) return hzgsvd__warp_sum(hzgsvd__zabs2_enh(a, ai));
    return hzgsvd__warp_sum(fma(a, a, __dmul_rn(ai, ai)));
}

/* a^H b of 32-element columns spread over a warp (complex: always ordinary, App. A). */
template <bool ENH>
__device__ __forceinline__ void hzgsvd__z_wdot(double a, double ai, double b, double bi, double *dr, double *di)
{
    *dr = hzgsvd__warp_sum(fma(a, b, __dmul_rn(ai, bi)));
    *di = hzgsvd__warp_sum(fma(a, bi, -__dmul_rn(ai, b)));
}

/* Squared norm of a long column (m rows, a multiple of 32): per-lane partial sums, then a warp sum. */
template <bool ENH>
__device__ __forceinline__ double hzgsvd__z_colnorm2(const double *y, const double *yi, int m)
{
    const int x = threadIdx.x & 31;
    double s = 0.0;
    for (int i = x; i < m; i += 32)
        s = ENH ? __dadd_rn(s, hzgsvd__zabs2_enh(y[i], yi[i])) : fma(yi[i], yi[i], fma(y[i], y[i], s));
    return hzgsvd__warp_sum(s);
}

/* y <- y * s over a long column, a warp's lanes strided. */
__device__ __forceinline__ void hzgsvd__z_colscale(double *y, double *yi, int m, double s)
{
    for (int i = threadIdx.x & 31; i < m; i += 32) {
        y[i] *= s;
        yi[i] *= s;
    }
}

/* ---- initFGZ (section 3.3): n/2 blocks of 64 threads, a warp per column ----------------------
 * Z's entry of column j goes to row row0 + j (j < half) or row1 + j - half: the logical column of
 * a stripe (section 4.2); one GPU: half = n, row0 = 0. */
template <bool ENH>
HZGSVD_PRIVATE __global__ void __launch_bounds__(64) hzgsvd__z_initFGZ(hzgsvd__z_gpu_mats M, int prescale, int half, int row0, int row1)
{
    const int j = 2 * blockIdx.x + (threadIdx.x >> 5), x = threadIdx.x & 31;
    if (j >= M.n) return;
    double z = 1.0;
    if (prescale) {
        const size_t cf = (size_t)j * M.mf, cg = (size_t)j * M.mg;
        z = hzgsvd__rsqrt_rn(hzgsvd__z_colnorm2<ENH>(M.G + cg, M.Gi + cg, M.mg));
        if (z != 1.0) {
            hzgsvd__z_colscale(M.F + cf, M.Fi + cf, M.mf, z);
            hzgsvd__z_colscale(M.G + cg, M.Gi + cg, M.mg, z);
        }
    }
    if (x == 0) M.Z[(size_t)j * M.nz + (j < half ? row0 + j : row1 + j - half)] = z;
}

/* ---- rescale (section 3.4): f = 0 scales Z only; f = 1 also extracts U, V and the sigmas -------- */
template <bool ENH>
HZGSVD_PRIVATE __global__ void __launch_bounds__(64) hzgsvd__z_rescale(hzgsvd__z_gpu_mats M, int f, double *sf, double *sg, double *ss, int *bad)
{
    const int j = 2 * blockIdx.x + (threadIdx.x >> 5), x = threadIdx.x & 31;
    if (j >= M.n) return;
    const size_t cf = (size_t)j * M.mf, cg = (size_t)j * M.mg, cz = (size_t)j * M.nz;
    const double nf2 = hzgsvd__z_colnorm2<ENH>(M.F + cf, M.Fi + cf, M.mf);
    const double ng2 = hzgsvd__z_colnorm2<ENH>(M.G + cg, M.Gi + cg, M.mg);
    const double rho = hzgsvd__rsqrt_rn(nf2 + ng2);
    if (rho != 1.0) hzgsvd__z_colscale(M.Z + cz, M.Zi + cz, M.nz, rho);
    if (!f) return;
    const double rf = hzgsvd__rsqrt_rn(nf2), rg = hzgsvd__rsqrt_rn(ng2);
    if (rf != 1.0) hzgsvd__z_colscale(M.F + cf, M.Fi + cf, M.mf, rf);
    if (rg != 1.0) hzgsvd__z_colscale(M.G + cg, M.Gi + cg, M.mg, rg);
    if (x == 0) {
        const double a = sqrt(nf2) * rho, b = sqrt(ng2) * rho, s = sqrt(nf2) * rg;
        sf[j] = a; sg[j] = b; ss[j] = s;
        if (!(a > 0.0) || !(b > 0.0) || !isfinite(s) || !isfinite(rf) || !isfinite(rg) || !isfinite(rho))
            atomicMin(bad, j);      /* an integer minimum: the same for any schedule */
    }
}

/* ---- the block step (section 3.5) -------------------------------------------------------------- */

/* Shared memory of a block step: F-hat, G-hat, Z-hat (32 x 32 each, real and imaginary planes) and a
 * double buffer of 32-row chunks. */
#define HZGSVD__Z_SMEM_DOUBLES (2 * (3 * 1024 + 2 * 1024))

/* The chunk stream of subphases 1 and 4: chunk i (32 rows of the columns p and q) goes from the
 * registers into half h of the double buffer, then, after the barrier, the registers prefetch
 * chunk i + 1 so that its global loads overlap the work on chunk i.  Returns the half to read
 * (real plane; the imaginary plane follows 1024 doubles later). */
__device__ __forceinline__ double *hzgsvd__z_stage_chunk(double *buf, int h, const double *yp, const double *yq,
                                                     const double *ypi, const double *yqi, double *npi, double *nqi,
                                                     int i, int m, double *np, double *nq)
{
    const int x = threadIdx.x, y = threadIdx.y;
    double *b = buf + h * 2048;
    b[x + 32 * y] = *np;
    b[x + 32 * (y + 16)] = *nq;
    b[1024 + x + 32 * y] = *npi;
    b[1024 + x + 32 * (y + 16)] = *nqi;
    __syncthreads();
    if (i + 32 < m) {
        *np = yp[i + 32 + x]; *nq = yq[i + 32 + x];
        *npi = ypi[i + 32 + x]; *nqi = yqi[i + 32 + x];
    }
    return b;
}

/* Subphase 1: A = [Y_p Y_q]^H [Y_p Y_q] (32 x 32, both triangles) through the chunk stream; lane x
 * reads the chunk rows in circular order (x + j) mod 32 against bank conflicts.  Fixed order. */
__device__ __forceinline__ void hzgsvd__z_gram(const double *Y, const double *Yi, int m, int cp, int cq, double *buf, double *A, double *Ai)
{
    const int x = threadIdx.x, y = threadIdx.y;
    const double *yp = Y + (size_t)cp * m, *yq = Y + (size_t)cq * m;
    double a0 = 0.0, a1 = 0.0;
    double np = yp[x], nq = yq[x];
    const double *ypi = Yi + (size_t)cp * m, *yqi = Yi + (size_t)cq * m;
    double a0i = 0.0, a1i = 0.0;
    double npi = ypi[x], nqi = yqi[x];
    for (int i = 0, h = 0; i < m; i += 32, h ^= 1) {
        const double *b = hzgsvd__z_stage_chunk(buf, h, yp, yq, ypi, yqi, &npi, &nqi, i, m, &np, &nq);
#pragma unroll 8
        for (int j = 0; j < 32; ++j) {
            const int r = (x + j) & 31;
            const double bx = b[r + 32 * x];
            const double bxi = -b[1024 + r + 32 * x];             /* conj */
            hzgsvd__zfma(bx, bxi, b[r + 32 * y], b[1024 + r + 32 * y], a0, a0i, &a0, &a0i);
            hzgsvd__zfma(bx, bxi, b[r + 32 * (y + 16)], b[1024 + r + 32 * (y + 16)], a1, a1i, &a1, &a1i);
        }
    }
    A[x + 32 * y] = a0;
    A[x + 32 * (y + 16)] = a1;
    Ai[x + 32 * y] = a0i;
    Ai[x + 32 * (y + 16)] = a1i;
    __syncthreads();
}

/* Subphase 2: Cholesky A = L L^H in place (lower triangle read), then A <- L^H with the strict
 * lower part zeroed.  Returns -1, or the column whose pivot was not positive (block-uniform). */
__device__ __forceinline__ int hzgsvd__z_cholesky(double *A, double *Ai)
{
    const int x = threadIdx.x, y = threadIdx.y;
    for (int j = 0; j < 32; ++j) {
        const double d = A[j + 32 * j];
        __syncthreads();                          /* all have read the pivot before it changes */
        if (!(d > 0.0) || isinf(d)) return j;     /* the same d in every thread: a uniform exit */
        if (y == 0 && x >= j) {
            const double s = (x == j) ? 0.0 : hzgsvd__rsqrt_rn(d);
            A[x + 32 * j] = (x == j) ? sqrt(d) : A[x + 32 * j] * s;
            Ai[x + 32 * j] = (x == j) ? 0.0 : Ai[x + 32 * j] * s;
        }
        __syncthreads();
#pragma unroll
        for (int h = 0; h < 2; ++h) {             /* A(x, c) -= L(x, j) conj(L(c, j)), c = j+1+y, j+17+y */
            const int c = j + 1 + y + 16 * h;
            if (c < 32 && x >= c) {
                hzgsvd__zfma(-A[x + 32 * j], -Ai[x + 32 * j], A[c + 32 * j], -Ai[c + 32 * j],
                             A[x + 32 * c], Ai[x + 32 * c], &A[x + 32 * c], &Ai[x + 32 * c]);
            }
        }
        __syncthreads();
    }
    const double v0 = (x >= y) ? A[x + 32 * y] : 0.0;
    const double v1 = (x >= y + 16) ? A[x + 32 * (y + 16)] : 0.0;
    const double v0i = (x >= y) ? -Ai[x + 32 * y] : 0.0;
    const double v1i = (x >= y + 16) ? -Ai[x + 32 * (y + 16)] : 0.0;
    __syncthreads();
    A[y + 32 * x] = v0;
    A[y + 16 + 32 * x] = v1;
    Ai[y + 32 * x] = v0i;
    Ai[y + 16 + 32 * x] = v1i;
    __syncthreads();
    return -1;
}

/* Subphase 4: [Y_p Y_q] <- [Y_p Y_q] Z-tilde, one pass through the chunk stream (Cannon-like skew).
 * The prefetched rows are below the ones being written, so reading ahead is safe. */
__device__ __forceinline__ void hzgsvd__z_postmultiply(double *Y, double *Yi, int m, int cp, int cq, double *buf, const double *Zt, const double *Zti)
{
    const int x = threadIdx.x, y = threadIdx.y;
    double *yp = Y + (size_t)cp * m, *yq = Y + (size_t)cq * m;
    double np = yp[x], nq = yq[x];
    double *ypi = Yi + (size_t)cp * m, *yqi = Yi + (size_t)cq * m;
    double npi = ypi[x], nqi = yqi[x];
    for (int i = 0, h = 0; i < m; i += 32, h ^= 1) {
        const double *b = hzgsvd__z_stage_chunk(buf, h, yp, yq, ypi, yqi, &npi, &nqi, i, m, &np, &nq);
        double c0 = 0.0, c1 = 0.0;
        double c0i = 0.0, c1i = 0.0;
        int p0 = (y + x) & 31, p1 = (y + 16 + x) & 31;
#pragma unroll
        for (int k = 0; k < 32; ++k) {
            hzgsvd__zfma(b[x + 32 * p0], b[1024 + x + 32 * p0], Zt[p0 + 32 * y], Zti[p0 + 32 * y], c0, c0i, &c0, &c0i);
            hzgsvd__zfma(b[x + 32 * p1], b[1024 + x + 32 * p1], Zt[p1 + 32 * (y + 16)], Zti[p1 + 32 * (y + 16)], c1, c1i, &c1, &c1i);
            p0 = (p0 + 1) & 31;
            p1 = (p1 + 1) & 31;
        }
        yp[i + x] = c0;
        yq[i + x] = c1;
        ypi[i + x] = c0i;
        yqi[i + x] = c1i;
    }
    __syncthreads();                              /* buf (both halves) free again */
}

/* The whole block step of block-pair position blockIdx.x in outer step `step`. */
template <int VARIANT, bool SORT>
__device__ __forceinline__ void hzgsvd__z_bstep_body(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                 int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    constexpr bool ENH = HZGSVD__VAR_ENHANCED(VARIANT), RESC = HZGSVD__VAR_RESCALE(VARIANT);
    extern __shared__ double smem[];                /* HZGSVD__Z_SMEM_DOUBLES doubles, dynamic */
    double *sF = smem, *sG = smem + 1024, *sZ = smem + 2048, *sB = smem + 3072;
    double *sFi = smem + 7168, *sGi = sFi + 1024, *sZi = sFi + 2048;   /* sB takes 4096: two (re, im) halves */
    const int x = threadIdx.x, y = threadIdx.y, l = blockIdx.x;
    const int nblk = M.n / 16;
    const int bp = outer[(size_t)step * nblk + 2 * l], bq = outer[(size_t)step * nblk + 2 * l + 1];
    const int cp = bp * 16 + y, cq = bq * 16 + y;      /* global columns of local y and y + 16 */

    hzgsvd__z_gram(M.F, M.Fi, M.mf, cp, cq, sB, sF, sFi);
    hzgsvd__z_gram(M.G, M.Gi, M.mg, cp, cq, sB, sG, sGi);
    int c = hzgsvd__z_cholesky(sF, sFi);
    int fail = (c >= 0) ? 1 : 0;
    if (!fail) { c = hzgsvd__z_cholesky(sG, sGi); fail = (c >= 0) ? 2 : 0; }
    if (fail) {
        if (x == 0 && y == 0 && stats[l].fail == 0) { stats[l].fail = fail; stats[l].fail_col = c; }
        return;                                   /* uniform: the host reports rank deficiency */
    }

    /* Z-hat_0 and the prescaling of F-hat, G-hat by 1/||g-hat_j|| (variants 0, 1, 4, 5) */
    const double tol = hzgsvd__ortho_tol(32);
#pragma unroll
    for (int h = 0; h < 2; ++h) {
        const int col = y + 16 * h, e = x + 32 * col;
        double z = 1.0;
        if (!RESC) {
            const double b = hzgsvd__z_wnorm2<ENH>(sG[e], sGi[e]);
            if (b != 1.0) {
                z = hzgsvd__rsqrt_rn(b);
                sF[e] *= z; sG[e] *= z;
                sFi[e] *= z; sGi[e] *= z;
            }
        }
        sZ[e] = (x == col) ? z : 0.0;
        sZi[e] = 0.0;
    }
    __syncthreads();

    /* Subphase 3: the pointwise sweeps; warp y takes pair y of each inner step.  Each warp counts
     * its own transformations (the values are warp-uniform); one barrier per step orders the
     * column updates, and one count per sweep decides whether the sweep did anything. */
    int w_all = 0, w_big = 0, rot_fail = 0;
    const int steps = inner_mm ? 32 : 31;
    for (int sweep = 0; sweep < max_inner; ++sweep) {
        const int w_all0 = w_all;
        for (int st = 0; st < steps; ++st) {
            const int p = inner_mm ? hzgsvd__cinner_mm32[st][y][0] : hzgsvd__cinner_me32[st][y][0];
            const int q = inner_mm ? hzgsvd__cinner_mm32[st][y][1] : hzgsvd__cinner_me32[st][y][1];
            const int ep = x + 32 * p, eq = x + 32 * q;
            double fp = sF[ep], fq = sF[eq], gp = sG[ep], gq = sG[eq], zp = sZ[ep], zq = sZ[eq];
            double fpi = sFi[ep], fqi = sFi[eq], gpi = sGi[ep], gqi = sGi[eq], zpi = sZi[ep], zqi = sZi[eq];
            double apq, apqi, bpq, bpqi;
            const double app = hzgsvd__z_wnorm2<ENH>(fp, fpi), aqq = hzgsvd__z_wnorm2<ENH>(fq, fqi);
            hzgsvd__z_wdot<ENH>(fp, fpi, fq, fqi, &apq, &apqi);
            hzgsvd__z_wdot<ENH>(gp, gpi, gq, gqi, &bpq, &bpqi);
            const double bpp = RESC ? hzgsvd__z_wnorm2<ENH>(gp, gpi) : 1.0;
            const double bqq = RESC ? hzgsvd__z_wnorm2<ENH>(gq, gqi) : 1.0;
            const hzgsvd__rot rot = hzgsvd__zrot(app, aqq, apq, apqi, bpp, bqq, bpq, bpqi, VARIANT, SORT, tol);
            int swap = rot.swap;
            if (rot.transform) {
                hzgsvd__zrot_apply(&rot, fp, fpi, fq, fqi, &fp, &fpi, &fq, &fqi);
                hzgsvd__zrot_apply(&rot, gp, gpi, gq, gqi, &gp, &gpi, &gq, &gqi);
                hzgsvd__zrot_apply(&rot, zp, zpi, zq, zqi, &zp, &zpi, &zq, &zqi);
                swap = hzgsvd__zswap(SORT, hzgsvd__z_wnorm2<ENH>(fp, fpi), hzgsvd__z_wnorm2<ENH>(fq, fqi));
            }
            if (swap) {
                double t = fp; fp = fq; fq = t;
                t = gp; gp = gq; gq = t;
                t = zp; zp = zq; zq = t;
                t = fpi; fpi = fqi; fqi = t;
                t = gpi; gpi = gqi; gqi = t;
                t = zpi; zpi = zqi; zqi = t;
            }
            sFi[ep] = fpi; sFi[eq] = fqi;
            sGi[ep] = gpi; sGi[eq] = gqi;
            sZi[ep] = zpi; sZi[eq] = zqi;
            sF[ep] = fp; sF[eq] = fq;
            sG[ep] = gp; sG[eq] = gq;
            sZ[ep] = zp; sZ[eq] = zq;
            rot_fail |= rot.fail;
            w_all += rot.transform;
            w_big += rot.transform & rot.big;
            __syncthreads();
        }
        if (__syncthreads_count(x == 0 && w_all != w_all0) == 0) break;   /* a sweep with no transformation */
    }
    __shared__ int s_counts[2][16];
    if (x == 0) { s_counts[0][y] = w_all; s_counts[1][y] = w_big; }
    if (__syncthreads_or(rot_fail)) {
        if (x == 0 && y == 0 && stats[l].fail == 0) { stats[l].fail = 3; stats[l].fail_col = 0; }
        return;
    }

    /* Z-tilde = Z-hat Theta (section 2.4), warp y scales columns y and y + 16 */
#pragma unroll
    for (int h = 0; h < 2; ++h) {
        const int e = x + 32 * (y + 16 * h);
        const double t = hzgsvd__rsqrt_rn(hzgsvd__z_wnorm2<ENH>(sF[e], sFi[e]) + hzgsvd__z_wnorm2<ENH>(sG[e], sGi[e]));
        if (t != 1.0) {
            sZ[e] *= t;
            sZi[e] *= t;
        }
    }
    __syncthreads();

    /* Subphase 4 */
    hzgsvd__z_postmultiply(M.F, M.Fi, M.mf, cp, cq, sB, sZ, sZi);
    hzgsvd__z_postmultiply(M.G, M.Gi, M.mg, cp, cq, sB, sZ, sZi);
    hzgsvd__z_postmultiply(M.Z, M.Zi, M.nz, cp, cq, sB, sZ, sZi);
    if (x == 0 && y == 0) {                       /* fixed order over the warps */
        unsigned long long tot_all = 0, tot_big = 0;
        for (int k = 0; k < 16; ++k) { tot_all += (unsigned)s_counts[0][k]; tot_big += (unsigned)s_counts[1][k]; }
        stats[l].all += tot_all;
        stats[l].big += tot_big;
    }
}

/* One kernel per generated instance: the name is also a filter key and a benchmark label. */
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__z_v0_sort_bstep(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    hzgsvd__z_bstep_body<0, true>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__z_v0_nosort_bstep(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    hzgsvd__z_bstep_body<0, false>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__z_v1_sort_bstep(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    hzgsvd__z_bstep_body<1, true>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__z_v1_nosort_bstep(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    hzgsvd__z_bstep_body<1, false>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__z_v2_sort_bstep(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    hzgsvd__z_bstep_body<2, true>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__z_v2_nosort_bstep(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    hzgsvd__z_bstep_body<2, false>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__z_v3_sort_bstep(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    hzgsvd__z_bstep_body<3, true>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__z_v3_nosort_bstep(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    hzgsvd__z_bstep_body<3, false>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__z_v4_sort_bstep(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    hzgsvd__z_bstep_body<4, true>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__z_v4_nosort_bstep(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    hzgsvd__z_bstep_body<4, false>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__z_v5_sort_bstep(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    hzgsvd__z_bstep_body<5, true>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__z_v5_nosort_bstep(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    hzgsvd__z_bstep_body<5, false>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__z_v6_sort_bstep(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    hzgsvd__z_bstep_body<6, true>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__z_v6_nosort_bstep(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    hzgsvd__z_bstep_body<6, false>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__z_v7_sort_bstep(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    hzgsvd__z_bstep_body<7, true>(M, outer, step, inner_mm, max_inner, stats);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(512) hzgsvd__z_v7_nosort_bstep(hzgsvd__z_gpu_mats M, const int *outer, int step, int inner_mm,
                                                            int max_inner, hzgsvd__z_gpu_block_stats *stats)
{
    hzgsvd__z_bstep_body<7, false>(M, outer, step, inner_mm, max_inner, stats);
}

typedef void (*hzgsvd__z_bstep_kernel)(hzgsvd__z_gpu_mats, const int *, int, int, int, hzgsvd__z_gpu_block_stats *);

/* The instance for (variant, sort), or NULL where the build filtered it out (make VARIANTS=...). */
static inline hzgsvd__z_bstep_kernel hzgsvd__z_bstep_instance(int variant, int sort)
{
    if (variant == 0 && sort == 1) return hzgsvd__z_v0_sort_bstep;
    if (variant == 0 && sort == 0) return hzgsvd__z_v0_nosort_bstep;
    if (variant == 1 && sort == 1) return hzgsvd__z_v1_sort_bstep;
    if (variant == 1 && sort == 0) return hzgsvd__z_v1_nosort_bstep;
    if (variant == 2 && sort == 1) return hzgsvd__z_v2_sort_bstep;
    if (variant == 2 && sort == 0) return hzgsvd__z_v2_nosort_bstep;
    if (variant == 3 && sort == 1) return hzgsvd__z_v3_sort_bstep;
    if (variant == 3 && sort == 0) return hzgsvd__z_v3_nosort_bstep;
    if (variant == 4 && sort == 1) return hzgsvd__z_v4_sort_bstep;
    if (variant == 4 && sort == 0) return hzgsvd__z_v4_nosort_bstep;
    if (variant == 5 && sort == 1) return hzgsvd__z_v5_sort_bstep;
    if (variant == 5 && sort == 0) return hzgsvd__z_v5_nosort_bstep;
    if (variant == 6 && sort == 1) return hzgsvd__z_v6_sort_bstep;
    if (variant == 6 && sort == 0) return hzgsvd__z_v6_nosort_bstep;
    if (variant == 7 && sort == 1) return hzgsvd__z_v7_sort_bstep;
    if (variant == 7 && sort == 0) return hzgsvd__z_v7_nosort_bstep;
    return NULL;
}

/* ---- loading, bordering, input checks, output gathering ---------------------------------------- */

/* Caller's matrix (m x n, ld) into the working plane(s) (ld ldw; the rest stays zero): from
 * interleaved (re, im) pairs when Yi is NULL, else from the planes Y, Yi. */
HZGSVD_PRIVATE __global__ void hzgsvd__z_load(const double *Y, const double *Yi, int m, int n, int ld, double *W, double *Wi, int ldw)
{
    const int j = blockIdx.y, i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m || j >= n) return;
    const size_t s = (size_t)i + (size_t)j * ld, d = (size_t)i + (size_t)j * ldw;
    if (Yi) { W[d] = Y[s]; Wi[d] = Yi[s]; }
    else { W[d] = Y[2 * s]; Wi[d] = Y[2 * s + 1]; }
}

/* Unit diagonal in the added rows and columns (section 3.1): Y(m + j, n + j) = 1, j < extra. */
HZGSVD_PRIVATE __global__ void hzgsvd__z_border(double *Y, int ldw, int m, int n, int extra)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < extra) Y[(size_t)(m + j) + (size_t)(n + j) * ldw] = 1.0;
}

/* Non-finite entries (smallest column-major index) and zero columns (smallest column) of the first
 * m rows and n columns of a working matrix, and its column norms (for the rank test); integer
 * atomics only and a fixed-order shared-memory sum: the answers do not depend on the schedule. */
HZGSVD_PRIVATE __global__ void __launch_bounds__(128) hzgsvd__z_check_values(const double *W, const double *Wi, int m, int n, int ldw,
                                                          int *first_bad, int *first_zero, double *norms)
{
    __shared__ double part[128];
    const int j = blockIdx.x, x = threadIdx.x;
    if (j >= n) return;
    int nonzero = 0, bad = 0x7fffffff;
    double s = 0.0;
    for (int i = x; i < m; i += blockDim.x) {
        const double v = W[(size_t)i + (size_t)j * ldw];
        const double vi = Wi[(size_t)i + (size_t)j * ldw];
        if ((!isfinite(v) || !isfinite(vi)) && bad == 0x7fffffff) bad = i;
        nonzero |= (v != 0.0) || (vi != 0.0);
        s = fma(vi, vi, fma(v, v, s));
    }
    if (bad != 0x7fffffff) atomicMin(first_bad, j * m + bad);   /* < m*n <= 2^31 - 1 (checked by the host) */
    part[x] = s;
    nonzero = __syncthreads_or(nonzero);
    for (int h = 64; h > 0; h >>= 1) {
        if (x < h) part[x] = __dadd_rn(part[x], part[x + h]);
        __syncthreads();
    }
    if (x == 0) {
        norms[j] = sqrt(part[0]);
        if (!nonzero) atomicMin(first_zero, j);
    }
}

/* real[j] = 1 if column j of Z has no entry in the bordered rows n..nb-1 (a caller's column). */
HZGSVD_PRIVATE __global__ void hzgsvd__z_real_columns(const double *Z, const double *Zi, int n, int nb, int *real)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= nb) return;
    int r = 1;
    for (int i = n; i < nb && r; ++i) {
        r = (Z[(size_t)i + (size_t)j * nb] == 0.0);
        r = r && (Zi[(size_t)i + (size_t)j * nb] == 0.0);
    }
    real[j] = r;
}

/* The numerical rank test after the iteration (as the CPU engine's hzgsvd__z_degenerate): flag[j] = 1
 * (F) or 2 (G) when the caller's working column j has sigma_f_j <= tol_f sum_k |z_kj| ||f_k||
 * (likewise G), else 0; the host reports the first flagged column in output order. */
HZGSVD_PRIVATE __global__ void hzgsvd__z_rank_test(const double *Z, const double *Zi, int n, int nb, const int *real, const double *nf, const double *ng,
                                const double *sf, const double *sg, double tol_f, double tol_g, int *flag)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= nb) return;
    flag[j] = 0;
    if (!real[j]) return;
    double af = 0.0, ag = 0.0;
    for (int k = 0; k < n; ++k) {
        const double a = hypot(Z[(size_t)k + (size_t)j * nb], Zi[(size_t)k + (size_t)j * nb]);
        af = fma(a, nf[k], af);
        ag = fma(a, ng[k], ag);
    }
    if (!(sf[j] > tol_f * af)) flag[j] = 1;
    else if (!(sg[j] > tol_g * ag)) flag[j] = 2;
}

/* Output column c <- working column order[c] (first m rows), for U, V or Z; interleaved (re, im)
 * when Yi is NULL, else into the planes Y, Yi. */
HZGSVD_PRIVATE __global__ void hzgsvd__z_gather(const double *W, const double *Wi, int ldw, const int *order, int m, double *Y, double *Yi, int ld)
{
    const int c = blockIdx.y, i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m) return;
    const size_t s = (size_t)i + (size_t)order[c] * ldw, d = (size_t)i + (size_t)c * ld;
    if (Yi) { Y[d] = W[s]; Yi[d] = Wi[s]; }
    else { Y[2 * d] = W[s]; Y[2 * d + 1] = Wi[s]; }
}

HZGSVD_PRIVATE __global__ void hzgsvd__z_gather_vec(const double *w, const int *order, int n, double *y)
{
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c < n && y) y[c] = w[order[c]];
}
/*** end templates/hzgsvd_gpu_kernels.cu.j2 [z] ***/

/*** begin templates/hzgsvd_gpu_driver.cu.j2 [d] ***/
/* The host part of the single-GPU engine, real (paper section 3.6, Algorithm 1): checks, bordering on
 * the device, initFGZ, the outer sweeps (one bstep launch per outer step, counters copied back once
 * per sweep, stop when a sweep applied no big transformation), the final rescale and the ordering
 * of the caller's columns.  The CPU only controls; every CUDA call is checked and becomes a status. */

#define HZGSVD__CU(call)                                                                              \
    do {                                                                                              \
        const cudaError_t e_ = (call);                                                                \
        if (e_ != cudaSuccess) {                                                                      \
            st = hzgsvd__fail(info, e_ == cudaErrorMemoryAllocation ? HZGSVD_ERR_OUT_OF_MEMORY : HZGSVD_ERR_CUDA, \
                              "%s failed: %s (%d)", #call, cudaGetErrorString(e_), (int)e_);         \
            goto done;                                                                                \
        }                                                                                             \
    } while (0)

/* Sizes of a run (bordered: n to a multiple of 32, rows to a multiple of 64 that holds the unit
 * diagonal of the added columns) and the offsets of everything in the workspace. */
typedef struct hzgsvd__d_gpu_layout {
    int mf, mg, nb, nblk, steps;
    size_t off_F, off_G, off_Z, off_outer, off_stats, off_sig, off_norms, off_ints, bytes;
} hzgsvd__d_gpu_layout;

HZGSVD_PRIVATE int hzgsvd__d_gpu_plan(int m_f, int m_g, int n, hzgsvd_strategy outer, int inplace, hzgsvd__d_gpu_layout *L)
{
    const int nb = hzgsvd__bordered_n(n, 16), extra = nb - n;
    L->nb = nb;
    L->nblk = nb / 16;
    L->mf = ((m_f + extra + 63) / 64) * 64;
    L->mg = ((m_g + extra + 63) / 64) * 64;
    L->steps = hzgsvd__strategy_nsteps(outer, L->nblk);
    if (L->steps < 1) return -1;
    size_t o = 0;
    /* in place: the caller's arrays are the working matrices, the workspace holds O(n) only */
    L->off_F = o;     o += inplace ? 0 : hzgsvd__align256(sizeof(double) * 1 * (size_t)L->mf * nb);
    L->off_G = o;     o += inplace ? 0 : hzgsvd__align256(sizeof(double) * 1 * (size_t)L->mg * nb);
    L->off_Z = o;     o += inplace ? 0 : hzgsvd__align256(sizeof(double) * 1 * (size_t)nb * nb);
    L->off_outer = o; o += hzgsvd__align256(sizeof(int) * (size_t)L->steps * L->nblk);
    L->off_stats = o; o += hzgsvd__align256(sizeof(hzgsvd__d_gpu_block_stats) * (size_t)(L->nblk / 2));
    L->off_sig = o;   o += hzgsvd__align256(sizeof(double) * 3 * (size_t)nb);
    L->off_norms = o; o += hzgsvd__align256(sizeof(double) * 2 * (size_t)n);
    L->off_ints = o;  o += hzgsvd__align256(sizeof(int) * (3 * (size_t)nb + 4));
    L->bytes = o;
    return 0;
}

HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_workspace_size(int m_f, int m_g, int n, const hzgsvd_options *opt, size_t *bytes)
{
    const hzgsvd_options o = opt ? *opt : hzgsvd_default_options();
    if (!bytes) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = 0;
    if (n < 1) return HZGSVD_ERR_N_LESS_THAN_ONE;
    if (m_f < n || m_g < n) return HZGSVD_ERR_M_LESS_THAN_N;
    hzgsvd__d_gpu_layout L;
    if (hzgsvd__d_gpu_plan(m_f, m_g, n, o.outer, 0, &L) != 0) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = L.bytes;
    return HZGSVD_SUCCESS;
}

/* Whether the in-place mode applies: no bordering (n a multiple of 32, m_f and m_g of 64) and the
 * arrays exactly of the working layout (ld = rows). */
HZGSVD_PRIVATE int hzgsvd__d_gpu_inplace_ok(int m_f, int m_g, int n, int ldf, int ldg, int ldz)
{
    return n >= 32 && n % 32 == 0 && m_f % 64 == 0 && m_g % 64 == 0 && ldf == m_f && ldg == m_g && ldz == n;
}

HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_inplace_workspace_size(int m_f, int m_g, int n, const hzgsvd_options *opt, size_t *bytes)
{
    const hzgsvd_options o = opt ? *opt : hzgsvd_default_options();
    if (!bytes) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = 0;
    if (n < 1) return HZGSVD_ERR_N_LESS_THAN_ONE;
    if (m_f < n || m_g < n) return HZGSVD_ERR_M_LESS_THAN_N;
    if (!hzgsvd__d_gpu_inplace_ok(m_f, m_g, n, m_f, m_g, n)) return HZGSVD_ERR_INVALID_ARGUMENT;
    hzgsvd__d_gpu_layout L;
    if (hzgsvd__d_gpu_plan(m_f, m_g, n, o.outer, 1, &L) != 0) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = L.bytes;
    return HZGSVD_SUCCESS;
}

/* The run on device arrays: F, G, Z real (Fi, Gi, Zi unused).
 * inplace: the caller's arrays are the working matrices (no copy; columns come back in the
 * engine's order).  *written (if not NULL) tells whether the outputs were written (also on some
 * errors). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__d_gpu_run(int m_f, int m_g, int n, double *dF, double *dFi, int ldf, double *dG, double *dGi, int ldg,
                                           double *dZ, double *dZi, int ldz, double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                           void *d_work, size_t work_bytes, cudaStream_t stream,
                                           const hzgsvd_options *opt, hzgsvd_info *info, int *written, int inplace)
{
    const double t0 = hzgsvd__now();
    const hzgsvd_options o = opt ? *opt : hzgsvd_default_options();
    hzgsvd_status st;
    hzgsvd__d_gpu_layout L;
    char *work = NULL, *owned = NULL;
    int *h_outer = NULL, *h_ints = NULL, *h_order = NULL;
    double *h_ss = NULL;
    hzgsvd__d_gpu_block_stats *h_stats = NULL;
    hzgsvd__d_gpu_mats M;
    hzgsvd__d_gpu_block_stats *d_stats;
    double *d_sf, *d_sg, *d_ss, *d_nf, *d_ng;
    int *d_real, *d_order, *d_bad, *d_flag;
    int h_chk[2];
    hzgsvd__d_bstep_kernel bstep;
    int dev_count = 0, converged = 0, extra, cnt, prescale, enh, degenerate = 0, degenerate_col = -1;
    unsigned long long all, big;
    const size_t smem = sizeof(double) * HZGSVD__D_SMEM_DOUBLES;

    if (written) *written = 0;
    hzgsvd__info_reset(info);
    st = hzgsvd__check_args(m_f, m_g, n, dF, ldf, dG, ldg, dZ, ldz, &o, info);
    if (st != HZGSVD_SUCCESS) return st;
    if (o.block_width != 16)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.block_width = %d: the GPU engine works with w = 16", o.block_width);
    bstep = hzgsvd__d_bstep_instance(o.variant, o.sort);
    if (!bstep)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "variant %d (%s) is not in this build (generated with a VARIANTS filter)",
                            o.variant, o.sort ? "sorting" : "non-sorting");
    if (cudaGetDeviceCount(&dev_count) != cudaSuccess || dev_count < 1) {
        (void)cudaGetLastError();
        return hzgsvd__fail(info, HZGSVD_ERR_NO_DEVICE, "no CUDA device is available");
    }
    if (inplace && !hzgsvd__d_gpu_inplace_ok(m_f, m_g, n, ldf, ldg, ldz))
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT,
                            "in place needs n >= 32 a multiple of 32, m_f and m_g multiples of 64 and ldf = m_f, ldg = m_g, ldz = n "
                            "(got m_f = %d, m_g = %d, n = %d, ld %d, %d, %d)", m_f, m_g, n, ldf, ldg, ldz);
    if (hzgsvd__d_gpu_plan(m_f, m_g, n, o.outer, inplace, &L) != 0)
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "no outer strategy for %d block columns", n);
    if ((size_t)m_f * n > (size_t)0x7fffffff || (size_t)m_g * n > (size_t)0x7fffffff)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "m*n must be below 2^31 per matrix");
    if (d_work && work_bytes < L.bytes)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "work_bytes = %zu < %zu (hzgsvd_gpu_dgsvd_workspace_size)", work_bytes, L.bytes);
    if (info) info->n_bordered = L.nb;
    extra = L.nb - n;
    prescale = !HZGSVD__VAR_RESCALE(o.variant);
    enh = HZGSVD__VAR_ENHANCED(o.variant);

    h_outer = (int *)malloc(sizeof(int) * (size_t)L.steps * L.nblk);
    h_stats = (hzgsvd__d_gpu_block_stats *)malloc(sizeof(hzgsvd__d_gpu_block_stats) * (size_t)(L.nblk / 2));
    h_ints = (int *)malloc(sizeof(int) * 2 * (size_t)L.nb);
    h_ss = (double *)malloc(sizeof(double) * (size_t)L.nb);
    if (!h_outer || !h_stats || !h_ints || !h_ss) { st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "host buffers"); goto done; }
    h_order = h_ints + L.nb;
    if (hzgsvd__strategy_fill(o.outer, L.nblk, h_outer) != 0) { st = hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "outer strategy table"); goto done; }

    if (d_work) work = (char *)d_work;
    else { HZGSVD__CU(cudaMalloc((void **)&owned, L.bytes)); work = owned; }
    if (inplace) {
        M.F = dF; M.G = dG; M.Z = dZ;
    } else {
        M.F = (double *)(work + L.off_F); M.G = (double *)(work + L.off_G); M.Z = (double *)(work + L.off_Z);
    }
    M.mf = L.mf; M.mg = L.mg; M.n = L.nb; M.nz = L.nb;
    d_stats = (hzgsvd__d_gpu_block_stats *)(work + L.off_stats);
    d_sf = (double *)(work + L.off_sig); d_sg = d_sf + L.nb; d_ss = d_sg + L.nb;
    d_nf = (double *)(work + L.off_norms); d_ng = d_nf + n;
    d_real = (int *)(work + L.off_ints); d_order = d_real + L.nb; d_flag = d_order + L.nb; d_bad = d_flag + L.nb;
    HZGSVD__CU(cudaFuncSetAttribute(bstep, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));

    /* Load (copying mode: the caller's arrays are only read here), then the checks that need the values:
     * d_bad[0] = first non-finite (column-major index), d_bad[1] = first zero column. */
    if (inplace) {
        HZGSVD__CU(cudaMemsetAsync(M.Z, 0, sizeof(double) * (size_t)n * n, stream));
    } else {
        HZGSVD__CU(cudaMemsetAsync(work, 0, L.off_outer, stream));
        hzgsvd__d_load<<<dim3((m_f + 255) / 256, n), 256, 0, stream>>>(dF, dFi, m_f, n, ldf, M.F, L.mf);
        HZGSVD__CU(cudaGetLastError());
        hzgsvd__d_load<<<dim3((m_g + 255) / 256, n), 256, 0, stream>>>(dG, dGi, m_g, n, ldg, M.G, L.mg);
        HZGSVD__CU(cudaGetLastError());
    }
    for (int which = 0; which < 2; ++which) {
        const int m = which ? m_g : m_f;
        const char *name = which ? "G" : "F";
        h_chk[0] = h_chk[1] = 0x7fffffff;
        HZGSVD__CU(cudaMemcpyAsync(d_bad, h_chk, sizeof h_chk, cudaMemcpyHostToDevice, stream));
        hzgsvd__d_check_values<<<n, 128, 0, stream>>>(which ? M.G : M.F, m, n, which ? L.mg : L.mf,
                                                  d_bad, d_bad + 1, which ? d_ng : d_nf);
        HZGSVD__CU(cudaGetLastError());
        HZGSVD__CU(cudaMemcpyAsync(h_chk, d_bad, sizeof h_chk, cudaMemcpyDeviceToHost, stream));
        HZGSVD__CU(cudaStreamSynchronize(stream));
        if (h_chk[0] != 0x7fffffff) { st = hzgsvd__fail(info, HZGSVD_ERR_NOT_FINITE, "%s(%d,%d) is not finite", name, h_chk[0] % m + 1, h_chk[0] / m + 1); goto done; }
        if (h_chk[1] != 0x7fffffff) { st = hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "%s has a zero column (column %d): not of full column rank", name, h_chk[1] + 1); goto done; }
    }

    /* Border (section 3.1), initFGZ (3.3). */
    if (extra > 0) {
        hzgsvd__d_border<<<1, 32, 0, stream>>>(M.F, L.mf, m_f, n, extra);
        HZGSVD__CU(cudaGetLastError());
        hzgsvd__d_border<<<1, 32, 0, stream>>>(M.G, L.mg, m_g, n, extra);
        HZGSVD__CU(cudaGetLastError());
    }
    HZGSVD__CU(cudaMemcpyAsync(work + L.off_outer, h_outer, sizeof(int) * (size_t)L.steps * L.nblk, cudaMemcpyHostToDevice, stream));
    if (enh) hzgsvd__d_initFGZ<true><<<L.nb / 2, 64, 0, stream>>>(M, prescale, L.nb, 0, 0);
    else hzgsvd__d_initFGZ<false><<<L.nb / 2, 64, 0, stream>>>(M, prescale, L.nb, 0, 0);
    HZGSVD__CU(cudaGetLastError());

    /* Algorithm 1 */
    for (int sweep = 0; sweep < o.max_sweeps; ++sweep) {
        HZGSVD__CU(cudaMemsetAsync(d_stats, 0, sizeof(hzgsvd__d_gpu_block_stats) * (size_t)(L.nblk / 2), stream));
        for (int k = 0; k < L.steps; ++k) {
            bstep<<<L.nblk / 2, dim3(32, 16), smem, stream>>>(M, (const int *)(work + L.off_outer), k,
                                                             o.inner == HZGSVD_STRATEGY_MM, o.blocking == HZGSVD_BLOCKING_FB ? 30 : 1, d_stats);
            HZGSVD__CU(cudaGetLastError());
        }
        HZGSVD__CU(cudaMemcpyAsync(h_stats, d_stats, sizeof(hzgsvd__d_gpu_block_stats) * (size_t)(L.nblk / 2), cudaMemcpyDeviceToHost, stream));
        HZGSVD__CU(cudaStreamSynchronize(stream));
        all = 0; big = 0;
        for (int l = 0; l < L.nblk / 2; ++l) {
            all += h_stats[l].all; big += h_stats[l].big;
            if (h_stats[l].fail && st == HZGSVD_SUCCESS)
                st = hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT,
                                  h_stats[l].fail == 1 ? "F is not of full column rank: Cholesky factorization of a pivot block failed (sweep %d, block pair %d, column %d)"
                                  : h_stats[l].fail == 2 ? "G is not of full column rank: Cholesky factorization of a pivot block failed (sweep %d, block pair %d, column %d)"
                                                         : "G is not of full column rank: a 2x2 pivot of B is not positive definite (sweep %d, block pair %d, column %d)",
                                  sweep + 1, l, h_stats[l].fail_col);
        }
        if (info) { info->sweeps = sweep + 1; info->all += all; info->big += big; }
        if (o.progress) {
            hzgsvd_progress pr;
            pr.sweep = sweep + 1; pr.max_sweeps = o.max_sweeps; pr.big = big; pr.all = all; pr.seconds = hzgsvd__now() - t0;
            o.progress(&pr, o.progress_user);
        }
        if (st != HZGSVD_SUCCESS) goto done;
        if (big == 0) { converged = 1; break; }
        if (enh) hzgsvd__d_rescale<true><<<L.nb / 2, 64, 0, stream>>>(M, 0, NULL, NULL, NULL, NULL);
        else hzgsvd__d_rescale<false><<<L.nb / 2, 64, 0, stream>>>(M, 0, NULL, NULL, NULL, NULL);
        HZGSVD__CU(cudaGetLastError());
    }

    /* Final rescale (f = true), then the caller's columns in order. */
    h_ints[0] = 0x7fffffff;
    HZGSVD__CU(cudaMemcpyAsync(d_bad, h_ints, sizeof(int), cudaMemcpyHostToDevice, stream));
    if (enh) hzgsvd__d_rescale<true><<<L.nb / 2, 64, 0, stream>>>(M, 1, d_sf, d_sg, d_ss, d_bad);
    else hzgsvd__d_rescale<false><<<L.nb / 2, 64, 0, stream>>>(M, 1, d_sf, d_sg, d_ss, d_bad);
    HZGSVD__CU(cudaGetLastError());
    hzgsvd__d_real_columns<<<(L.nb + 127) / 128, 128, 0, stream>>>(M.Z, n, L.nb, d_real);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CU(cudaMemcpyAsync(h_ints, d_real, sizeof(int) * (size_t)L.nb, cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaMemcpyAsync(h_ss, d_ss, sizeof(double) * (size_t)L.nb, cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaMemcpyAsync(h_order, d_bad, sizeof(int), cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaStreamSynchronize(stream));
    if (h_order[0] != 0x7fffffff) {
        st = hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "column %d of the result is degenerate: F or G is not of full column rank", h_order[0] + 1);
        goto done;
    }
    cnt = 0;
    for (int j = 0; j < L.nb; ++j)
        if (h_ints[j]) { if (cnt < n) h_order[cnt] = j; ++cnt; }
    if (cnt != n) { st = hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "%d result columns free of bordering, expected %d", cnt, n); goto done; }
    if (o.sort && !inplace) hzgsvd__sort_desc(h_ss, h_order, n);   /* in place: the engine's order */
    hzgsvd__d_rank_test<<<(L.nb + 127) / 128, 128, 0, stream>>>(M.Z, n, L.nb, d_real, d_nf, d_ng, d_sf, d_sg,
                                                          (double)(m_f > n ? m_f : n) * HZGSVD__U, (double)(m_g > n ? m_g : n) * HZGSVD__U, d_flag);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CU(cudaMemcpyAsync(h_ints, d_flag, sizeof(int) * (size_t)L.nb, cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaStreamSynchronize(stream));
    for (int c = 0; c < n && !degenerate; ++c) { degenerate = h_ints[h_order[c]]; degenerate_col = c; }
    HZGSVD__CU(cudaMemcpyAsync(d_order, h_order, sizeof(int) * (size_t)n, cudaMemcpyHostToDevice, stream));
    if (!inplace) {
        hzgsvd__d_gather<<<dim3((m_f + 255) / 256, n), 256, 0, stream>>>(M.F, L.mf, d_order, m_f, dF, dFi, ldf);
        HZGSVD__CU(cudaGetLastError());
        hzgsvd__d_gather<<<dim3((m_g + 255) / 256, n), 256, 0, stream>>>(M.G, L.mg, d_order, m_g, dG, dGi, ldg);
        HZGSVD__CU(cudaGetLastError());
        hzgsvd__d_gather<<<dim3((n + 255) / 256, n), 256, 0, stream>>>(M.Z, L.nb, d_order, n, dZ, dZi, ldz);
        HZGSVD__CU(cudaGetLastError());
    }
    hzgsvd__d_gather_vec<<<(n + 255) / 256, 256, 0, stream>>>(d_sf, d_order, n, d_sigma_f);
    HZGSVD__CU(cudaGetLastError());
    hzgsvd__d_gather_vec<<<(n + 255) / 256, 256, 0, stream>>>(d_sg, d_order, n, d_sigma_g);
    HZGSVD__CU(cudaGetLastError());
    hzgsvd__d_gather_vec<<<(n + 255) / 256, 256, 0, stream>>>(d_ss, d_order, n, d_sigma);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CU(cudaStreamSynchronize(stream));
    if (written) *written = 1;
    if (degenerate) {
        st = hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT,
                          "%s is numerically rank deficient: output column %d has ||%s z|| at the rounding level of its columns (outputs written)",
                          degenerate == 1 ? "F" : "G", degenerate_col + 1, degenerate == 1 ? "F" : "G");
        goto done;
    }
    st = converged ? HZGSVD_SUCCESS
                   : hzgsvd__fail(info, HZGSVD_ERR_NO_CONVERGENCE, "sweep %d of %d still applied big transformations; outputs are from the last sweep",
                                  o.max_sweeps, o.max_sweeps);
done:
    if (owned) {
        const cudaError_t e = cudaStreamSynchronize(stream);
        cudaFree(owned);
        if (e != cudaSuccess && st == HZGSVD_SUCCESS)
            st = hzgsvd__fail(info, HZGSVD_ERR_CUDA, "cudaStreamSynchronize failed: %s (%d)", cudaGetErrorString(e), (int)e);
    } else if (st != HZGSVD_SUCCESS) {
        (void)cudaStreamSynchronize(stream);   /* nothing queued may still write the caller's arrays */
    }
    free(h_outer); free(h_stats); free(h_ints); free(h_ss);
    if (info) {
        info->seconds = hzgsvd__now() - t0;
        if (st == HZGSVD_SUCCESS) snprintf(info->detail, sizeof info->detail, "converged in %d sweeps", info->sweeps);
    }
    return st;
}

/* Device-pointer entry point; hzgsvd_single.cuh has the contract. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd(int m_f, int m_g, int n, double *dF, int ldf, double *dG, int ldg,
                                          double *dZ, int ldz, double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                          void *d_work, size_t work_bytes, cudaStream_t stream,
                                          const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__d_gpu_run(m_f, m_g, n, (double *)dF, NULL, ldf, (double *)dG, NULL, ldg, (double *)dZ, NULL, ldz,
                         d_sigma_f, d_sigma_g, d_sigma, d_work, work_bytes, stream, opt, info, NULL, 0);
}

/* In place (paper section 3.1: no working copy): the caller's arrays are the working matrices.
 * Needs n a multiple of 32, m_f and m_g multiples of 64 and ld = rows; the workspace is the strategy table and O(n) vectors
 * (hzgsvd_gpu_dgsvd_inplace_workspace_size).  Columns of U, V, Z and the sigmas come back in the
 * engine's final order, not sorted. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_inplace(int m_f, int m_g, int n, double *dF, int ldf,
                                                  double *dG, int ldg, double *dZ, int ldz,
                                                  double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                                  void *d_work, size_t work_bytes, cudaStream_t stream,
                                                  const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__d_gpu_run(m_f, m_g, n, dF, NULL, ldf, dG, NULL, ldg, dZ, NULL, ldz,
                         d_sigma_f, d_sigma_g, d_sigma, d_work, work_bytes, stream, opt, info, NULL, 1);
}

/* Host-pointer convenience entry point: device copies in, the run, results out. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_host(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg,
                                               double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma,
                                               const hzgsvd_options *opt, hzgsvd_info *info)
{
    const double t0 = hzgsvd__now();
    const hzgsvd_options o = opt ? *opt : hzgsvd_default_options();
    const size_t el = sizeof(double) * 1;        /* bytes of one element */
    hzgsvd_status st;
    double *dF = NULL, *dG = NULL, *dZ = NULL, *dS = NULL;
    int dev_count = 0, written = 0;
    hzgsvd__info_reset(info);
    st = hzgsvd__check_args(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, &o, info);
    if (st != HZGSVD_SUCCESS) return st;
    if (cudaGetDeviceCount(&dev_count) != cudaSuccess || dev_count < 1) {
        (void)cudaGetLastError();
        return hzgsvd__fail(info, HZGSVD_ERR_NO_DEVICE, "no CUDA device is available");
    }
    HZGSVD__CU(cudaMalloc((void **)&dF, el * (size_t)m_f * n));
    HZGSVD__CU(cudaMalloc((void **)&dG, el * (size_t)m_g * n));
    HZGSVD__CU(cudaMalloc((void **)&dZ, el * (size_t)n * n));
    HZGSVD__CU(cudaMalloc((void **)&dS, sizeof(double) * 3 * (size_t)n));
    HZGSVD__CU(cudaMemcpy2D(dF, el * m_f, F, el * ldf, el * m_f, n, cudaMemcpyHostToDevice));
    HZGSVD__CU(cudaMemcpy2D(dG, el * m_g, G, el * ldg, el * m_g, n, cudaMemcpyHostToDevice));
    st = hzgsvd__d_gpu_run(m_f, m_g, n, dF, NULL, m_f, dG, NULL, m_g, dZ, NULL, n, dS, dS + n, dS + 2 * (size_t)n, NULL, 0, 0, &o, info, &written, 0);
    if (written) {
        const hzgsvd_status run = st;
        HZGSVD__CU(cudaMemcpy2D(F, el * ldf, dF, el * m_f, el * m_f, n, cudaMemcpyDeviceToHost));
        HZGSVD__CU(cudaMemcpy2D(G, el * ldg, dG, el * m_g, el * m_g, n, cudaMemcpyDeviceToHost));
        HZGSVD__CU(cudaMemcpy2D(Z, el * ldz, dZ, el * n, el * n, n, cudaMemcpyDeviceToHost));
        if (sigma_f) HZGSVD__CU(cudaMemcpy(sigma_f, dS, sizeof(double) * n, cudaMemcpyDeviceToHost));
        if (sigma_g) HZGSVD__CU(cudaMemcpy(sigma_g, dS + n, sizeof(double) * n, cudaMemcpyDeviceToHost));
        if (sigma) HZGSVD__CU(cudaMemcpy(sigma, dS + 2 * (size_t)n, sizeof(double) * n, cudaMemcpyDeviceToHost));
        st = run;
    }
done:
    cudaFree(dF); cudaFree(dG); cudaFree(dZ); cudaFree(dS);
    if (info) info->seconds = hzgsvd__now() - t0;
    return st;
}

#undef HZGSVD__CU
/*** end templates/hzgsvd_gpu_driver.cu.j2 [d] ***/

/*** begin templates/hzgsvd_gpu_driver.cu.j2 [z] ***/
/* The host part of the single-GPU engine, complex (paper section 3.6, Algorithm 1): checks, bordering on
 * the device, initFGZ, the outer sweeps (one bstep launch per outer step, counters copied back once
 * per sweep, stop when a sweep applied no big transformation), the final rescale and the ordering
 * of the caller's columns.  The CPU only controls; every CUDA call is checked and becomes a status. */

#define HZGSVD__CU(call)                                                                              \
    do {                                                                                              \
        const cudaError_t e_ = (call);                                                                \
        if (e_ != cudaSuccess) {                                                                      \
            st = hzgsvd__fail(info, e_ == cudaErrorMemoryAllocation ? HZGSVD_ERR_OUT_OF_MEMORY : HZGSVD_ERR_CUDA, \
                              "%s failed: %s (%d)", #call, cudaGetErrorString(e_), (int)e_);         \
            goto done;                                                                                \
        }                                                                                             \
    } while (0)

/* Sizes of a run (bordered: n to a multiple of 32, rows to a multiple of 64 that holds the unit
 * diagonal of the added columns) and the offsets of everything in the workspace. */
typedef struct hzgsvd__z_gpu_layout {
    int mf, mg, nb, nblk, steps;
    size_t off_F, off_G, off_Z, off_outer, off_stats, off_sig, off_norms, off_ints, bytes;
} hzgsvd__z_gpu_layout;

HZGSVD_PRIVATE int hzgsvd__z_gpu_plan(int m_f, int m_g, int n, hzgsvd_strategy outer, int inplace, hzgsvd__z_gpu_layout *L)
{
    const int nb = hzgsvd__bordered_n(n, 16), extra = nb - n;
    L->nb = nb;
    L->nblk = nb / 16;
    L->mf = ((m_f + extra + 63) / 64) * 64;
    L->mg = ((m_g + extra + 63) / 64) * 64;
    L->steps = hzgsvd__strategy_nsteps(outer, L->nblk);
    if (L->steps < 1) return -1;
    size_t o = 0;
    /* in place: the caller's arrays are the working matrices, the workspace holds O(n) only */
    L->off_F = o;     o += inplace ? 0 : hzgsvd__align256(sizeof(double) * 2 * (size_t)L->mf * nb);
    L->off_G = o;     o += inplace ? 0 : hzgsvd__align256(sizeof(double) * 2 * (size_t)L->mg * nb);
    L->off_Z = o;     o += inplace ? 0 : hzgsvd__align256(sizeof(double) * 2 * (size_t)nb * nb);
    L->off_outer = o; o += hzgsvd__align256(sizeof(int) * (size_t)L->steps * L->nblk);
    L->off_stats = o; o += hzgsvd__align256(sizeof(hzgsvd__z_gpu_block_stats) * (size_t)(L->nblk / 2));
    L->off_sig = o;   o += hzgsvd__align256(sizeof(double) * 3 * (size_t)nb);
    L->off_norms = o; o += hzgsvd__align256(sizeof(double) * 2 * (size_t)n);
    L->off_ints = o;  o += hzgsvd__align256(sizeof(int) * (3 * (size_t)nb + 4));
    L->bytes = o;
    return 0;
}

HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_workspace_size(int m_f, int m_g, int n, const hzgsvd_options *opt, size_t *bytes)
{
    const hzgsvd_options o = opt ? *opt : hzgsvd_default_options();
    if (!bytes) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = 0;
    if (n < 1) return HZGSVD_ERR_N_LESS_THAN_ONE;
    if (m_f < n || m_g < n) return HZGSVD_ERR_M_LESS_THAN_N;
    hzgsvd__z_gpu_layout L;
    if (hzgsvd__z_gpu_plan(m_f, m_g, n, o.outer, 0, &L) != 0) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = L.bytes;
    return HZGSVD_SUCCESS;
}

/* Whether the in-place mode applies: no bordering (n a multiple of 32, m_f and m_g of 64) and the
 * arrays exactly of the working layout (ld = rows). */
HZGSVD_PRIVATE int hzgsvd__z_gpu_inplace_ok(int m_f, int m_g, int n, int ldf, int ldg, int ldz)
{
    return n >= 32 && n % 32 == 0 && m_f % 64 == 0 && m_g % 64 == 0 && ldf == m_f && ldg == m_g && ldz == n;
}

HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_inplace_workspace_size(int m_f, int m_g, int n, const hzgsvd_options *opt, size_t *bytes)
{
    const hzgsvd_options o = opt ? *opt : hzgsvd_default_options();
    if (!bytes) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = 0;
    if (n < 1) return HZGSVD_ERR_N_LESS_THAN_ONE;
    if (m_f < n || m_g < n) return HZGSVD_ERR_M_LESS_THAN_N;
    if (!hzgsvd__z_gpu_inplace_ok(m_f, m_g, n, m_f, m_g, n)) return HZGSVD_ERR_INVALID_ARGUMENT;
    hzgsvd__z_gpu_layout L;
    if (hzgsvd__z_gpu_plan(m_f, m_g, n, o.outer, 1, &L) != 0) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = L.bytes;
    return HZGSVD_SUCCESS;
}

/* The run on device arrays: F, G, Z interleaved (Fi, Gi, Zi NULL) or split planes (F, Fi, ...).
 * inplace: the caller's arrays are the working matrices (no copy; columns come back in the
 * engine's order).  *written (if not NULL) tells whether the outputs were written (also on some
 * errors). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__z_gpu_run(int m_f, int m_g, int n, double *dF, double *dFi, int ldf, double *dG, double *dGi, int ldg,
                                           double *dZ, double *dZi, int ldz, double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                           void *d_work, size_t work_bytes, cudaStream_t stream,
                                           const hzgsvd_options *opt, hzgsvd_info *info, int *written, int inplace)
{
    const double t0 = hzgsvd__now();
    const hzgsvd_options o = opt ? *opt : hzgsvd_default_options();
    hzgsvd_status st;
    hzgsvd__z_gpu_layout L;
    char *work = NULL, *owned = NULL;
    int *h_outer = NULL, *h_ints = NULL, *h_order = NULL;
    double *h_ss = NULL;
    hzgsvd__z_gpu_block_stats *h_stats = NULL;
    hzgsvd__z_gpu_mats M;
    hzgsvd__z_gpu_block_stats *d_stats;
    double *d_sf, *d_sg, *d_ss, *d_nf, *d_ng;
    int *d_real, *d_order, *d_bad, *d_flag;
    int h_chk[2];
    hzgsvd__z_bstep_kernel bstep;
    int dev_count = 0, converged = 0, extra, cnt, prescale, enh, degenerate = 0, degenerate_col = -1;
    unsigned long long all, big;
    const size_t smem = sizeof(double) * HZGSVD__Z_SMEM_DOUBLES;

    if (written) *written = 0;
    hzgsvd__info_reset(info);
    st = hzgsvd__check_args(m_f, m_g, n, dF, ldf, dG, ldg, dZ, ldz, &o, info);
    if (st != HZGSVD_SUCCESS) return st;
    if (o.block_width != 16)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.block_width = %d: the GPU engine works with w = 16", o.block_width);
    bstep = hzgsvd__z_bstep_instance(o.variant, o.sort);
    if (!bstep)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "variant %d (%s) is not in this build (generated with a VARIANTS filter)",
                            o.variant, o.sort ? "sorting" : "non-sorting");
    if (cudaGetDeviceCount(&dev_count) != cudaSuccess || dev_count < 1) {
        (void)cudaGetLastError();
        return hzgsvd__fail(info, HZGSVD_ERR_NO_DEVICE, "no CUDA device is available");
    }
    if (inplace && !hzgsvd__z_gpu_inplace_ok(m_f, m_g, n, ldf, ldg, ldz))
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT,
                            "in place needs n >= 32 a multiple of 32, m_f and m_g multiples of 64 and ldf = m_f, ldg = m_g, ldz = n "
                            "(got m_f = %d, m_g = %d, n = %d, ld %d, %d, %d)", m_f, m_g, n, ldf, ldg, ldz);
    if (hzgsvd__z_gpu_plan(m_f, m_g, n, o.outer, inplace, &L) != 0)
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "no outer strategy for %d block columns", n);
    if ((size_t)m_f * n > (size_t)0x7fffffff || (size_t)m_g * n > (size_t)0x7fffffff)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "m*n must be below 2^31 per matrix");
    if (d_work && work_bytes < L.bytes)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "work_bytes = %zu < %zu (hzgsvd_gpu_zgsvd_workspace_size)", work_bytes, L.bytes);
    if (info) info->n_bordered = L.nb;
    extra = L.nb - n;
    prescale = !HZGSVD__VAR_RESCALE(o.variant);
    enh = HZGSVD__VAR_ENHANCED(o.variant);

    h_outer = (int *)malloc(sizeof(int) * (size_t)L.steps * L.nblk);
    h_stats = (hzgsvd__z_gpu_block_stats *)malloc(sizeof(hzgsvd__z_gpu_block_stats) * (size_t)(L.nblk / 2));
    h_ints = (int *)malloc(sizeof(int) * 2 * (size_t)L.nb);
    h_ss = (double *)malloc(sizeof(double) * (size_t)L.nb);
    if (!h_outer || !h_stats || !h_ints || !h_ss) { st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "host buffers"); goto done; }
    h_order = h_ints + L.nb;
    if (hzgsvd__strategy_fill(o.outer, L.nblk, h_outer) != 0) { st = hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "outer strategy table"); goto done; }

    if (d_work) work = (char *)d_work;
    else { HZGSVD__CU(cudaMalloc((void **)&owned, L.bytes)); work = owned; }
    if (inplace) {
        M.F = dF; M.G = dG; M.Z = dZ;
        M.Fi = dFi; M.Gi = dGi; M.Zi = dZi;
    } else {
        M.F = (double *)(work + L.off_F); M.G = (double *)(work + L.off_G); M.Z = (double *)(work + L.off_Z);
        M.Fi = M.F + (size_t)L.mf * L.nb; M.Gi = M.G + (size_t)L.mg * L.nb; M.Zi = M.Z + (size_t)L.nb * L.nb;
    }
    M.mf = L.mf; M.mg = L.mg; M.n = L.nb; M.nz = L.nb;
    d_stats = (hzgsvd__z_gpu_block_stats *)(work + L.off_stats);
    d_sf = (double *)(work + L.off_sig); d_sg = d_sf + L.nb; d_ss = d_sg + L.nb;
    d_nf = (double *)(work + L.off_norms); d_ng = d_nf + n;
    d_real = (int *)(work + L.off_ints); d_order = d_real + L.nb; d_flag = d_order + L.nb; d_bad = d_flag + L.nb;
    HZGSVD__CU(cudaFuncSetAttribute(bstep, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));

    /* Load (copying mode: the caller's arrays are only read here), then the checks that need the values:
     * d_bad[0] = first non-finite (column-major index), d_bad[1] = first zero column. */
    if (inplace) {
        HZGSVD__CU(cudaMemsetAsync(M.Z, 0, sizeof(double) * (size_t)n * n, stream));
        HZGSVD__CU(cudaMemsetAsync(M.Zi, 0, sizeof(double) * (size_t)n * n, stream));
    } else {
        HZGSVD__CU(cudaMemsetAsync(work, 0, L.off_outer, stream));
        hzgsvd__z_load<<<dim3((m_f + 255) / 256, n), 256, 0, stream>>>(dF, dFi, m_f, n, ldf, M.F, M.Fi, L.mf);
        HZGSVD__CU(cudaGetLastError());
        hzgsvd__z_load<<<dim3((m_g + 255) / 256, n), 256, 0, stream>>>(dG, dGi, m_g, n, ldg, M.G, M.Gi, L.mg);
        HZGSVD__CU(cudaGetLastError());
    }
    for (int which = 0; which < 2; ++which) {
        const int m = which ? m_g : m_f;
        const char *name = which ? "G" : "F";
        h_chk[0] = h_chk[1] = 0x7fffffff;
        HZGSVD__CU(cudaMemcpyAsync(d_bad, h_chk, sizeof h_chk, cudaMemcpyHostToDevice, stream));
        hzgsvd__z_check_values<<<n, 128, 0, stream>>>(which ? M.G : M.F, which ? M.Gi : M.Fi, m, n, which ? L.mg : L.mf,
                                                  d_bad, d_bad + 1, which ? d_ng : d_nf);
        HZGSVD__CU(cudaGetLastError());
        HZGSVD__CU(cudaMemcpyAsync(h_chk, d_bad, sizeof h_chk, cudaMemcpyDeviceToHost, stream));
        HZGSVD__CU(cudaStreamSynchronize(stream));
        if (h_chk[0] != 0x7fffffff) { st = hzgsvd__fail(info, HZGSVD_ERR_NOT_FINITE, "%s(%d,%d) is not finite", name, h_chk[0] % m + 1, h_chk[0] / m + 1); goto done; }
        if (h_chk[1] != 0x7fffffff) { st = hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "%s has a zero column (column %d): not of full column rank", name, h_chk[1] + 1); goto done; }
    }

    /* Border (section 3.1), initFGZ (3.3). */
    if (extra > 0) {
        hzgsvd__z_border<<<1, 32, 0, stream>>>(M.F, L.mf, m_f, n, extra);
        HZGSVD__CU(cudaGetLastError());
        hzgsvd__z_border<<<1, 32, 0, stream>>>(M.G, L.mg, m_g, n, extra);
        HZGSVD__CU(cudaGetLastError());
    }
    HZGSVD__CU(cudaMemcpyAsync(work + L.off_outer, h_outer, sizeof(int) * (size_t)L.steps * L.nblk, cudaMemcpyHostToDevice, stream));
    if (enh) hzgsvd__z_initFGZ<true><<<L.nb / 2, 64, 0, stream>>>(M, prescale, L.nb, 0, 0);
    else hzgsvd__z_initFGZ<false><<<L.nb / 2, 64, 0, stream>>>(M, prescale, L.nb, 0, 0);
    HZGSVD__CU(cudaGetLastError());

    /* Algorithm 1 */
    for (int sweep = 0; sweep < o.max_sweeps; ++sweep) {
        HZGSVD__CU(cudaMemsetAsync(d_stats, 0, sizeof(hzgsvd__z_gpu_block_stats) * (size_t)(L.nblk / 2), stream));
        for (int k = 0; k < L.steps; ++k) {
            bstep<<<L.nblk / 2, dim3(32, 16), smem, stream>>>(M, (const int *)(work + L.off_outer), k,
                                                             o.inner == HZGSVD_STRATEGY_MM, o.blocking == HZGSVD_BLOCKING_FB ? 30 : 1, d_stats);
            HZGSVD__CU(cudaGetLastError());
        }
        HZGSVD__CU(cudaMemcpyAsync(h_stats, d_stats, sizeof(hzgsvd__z_gpu_block_stats) * (size_t)(L.nblk / 2), cudaMemcpyDeviceToHost, stream));
        HZGSVD__CU(cudaStreamSynchronize(stream));
        all = 0; big = 0;
        for (int l = 0; l < L.nblk / 2; ++l) {
            all += h_stats[l].all; big += h_stats[l].big;
            if (h_stats[l].fail && st == HZGSVD_SUCCESS)
                st = hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT,
                                  h_stats[l].fail == 1 ? "F is not of full column rank: Cholesky factorization of a pivot block failed (sweep %d, block pair %d, column %d)"
                                  : h_stats[l].fail == 2 ? "G is not of full column rank: Cholesky factorization of a pivot block failed (sweep %d, block pair %d, column %d)"
                                                         : "G is not of full column rank: a 2x2 pivot of B is not positive definite (sweep %d, block pair %d, column %d)",
                                  sweep + 1, l, h_stats[l].fail_col);
        }
        if (info) { info->sweeps = sweep + 1; info->all += all; info->big += big; }
        if (o.progress) {
            hzgsvd_progress pr;
            pr.sweep = sweep + 1; pr.max_sweeps = o.max_sweeps; pr.big = big; pr.all = all; pr.seconds = hzgsvd__now() - t0;
            o.progress(&pr, o.progress_user);
        }
        if (st != HZGSVD_SUCCESS) goto done;
        if (big == 0) { converged = 1; break; }
        if (enh) hzgsvd__z_rescale<true><<<L.nb / 2, 64, 0, stream>>>(M, 0, NULL, NULL, NULL, NULL);
        else hzgsvd__z_rescale<false><<<L.nb / 2, 64, 0, stream>>>(M, 0, NULL, NULL, NULL, NULL);
        HZGSVD__CU(cudaGetLastError());
    }

    /* Final rescale (f = true), then the caller's columns in order. */
    h_ints[0] = 0x7fffffff;
    HZGSVD__CU(cudaMemcpyAsync(d_bad, h_ints, sizeof(int), cudaMemcpyHostToDevice, stream));
    if (enh) hzgsvd__z_rescale<true><<<L.nb / 2, 64, 0, stream>>>(M, 1, d_sf, d_sg, d_ss, d_bad);
    else hzgsvd__z_rescale<false><<<L.nb / 2, 64, 0, stream>>>(M, 1, d_sf, d_sg, d_ss, d_bad);
    HZGSVD__CU(cudaGetLastError());
    hzgsvd__z_real_columns<<<(L.nb + 127) / 128, 128, 0, stream>>>(M.Z, M.Zi, n, L.nb, d_real);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CU(cudaMemcpyAsync(h_ints, d_real, sizeof(int) * (size_t)L.nb, cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaMemcpyAsync(h_ss, d_ss, sizeof(double) * (size_t)L.nb, cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaMemcpyAsync(h_order, d_bad, sizeof(int), cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaStreamSynchronize(stream));
    if (h_order[0] != 0x7fffffff) {
        st = hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "column %d of the result is degenerate: F or G is not of full column rank", h_order[0] + 1);
        goto done;
    }
    cnt = 0;
    for (int j = 0; j < L.nb; ++j)
        if (h_ints[j]) { if (cnt < n) h_order[cnt] = j; ++cnt; }
    if (cnt != n) { st = hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "%d result columns free of bordering, expected %d", cnt, n); goto done; }
    if (o.sort && !inplace) hzgsvd__sort_desc(h_ss, h_order, n);   /* in place: the engine's order */
    hzgsvd__z_rank_test<<<(L.nb + 127) / 128, 128, 0, stream>>>(M.Z, M.Zi, n, L.nb, d_real, d_nf, d_ng, d_sf, d_sg,
                                                          (double)(m_f > n ? m_f : n) * HZGSVD__U, (double)(m_g > n ? m_g : n) * HZGSVD__U, d_flag);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CU(cudaMemcpyAsync(h_ints, d_flag, sizeof(int) * (size_t)L.nb, cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaStreamSynchronize(stream));
    for (int c = 0; c < n && !degenerate; ++c) { degenerate = h_ints[h_order[c]]; degenerate_col = c; }
    HZGSVD__CU(cudaMemcpyAsync(d_order, h_order, sizeof(int) * (size_t)n, cudaMemcpyHostToDevice, stream));
    if (!inplace) {
        hzgsvd__z_gather<<<dim3((m_f + 255) / 256, n), 256, 0, stream>>>(M.F, M.Fi, L.mf, d_order, m_f, dF, dFi, ldf);
        HZGSVD__CU(cudaGetLastError());
        hzgsvd__z_gather<<<dim3((m_g + 255) / 256, n), 256, 0, stream>>>(M.G, M.Gi, L.mg, d_order, m_g, dG, dGi, ldg);
        HZGSVD__CU(cudaGetLastError());
        hzgsvd__z_gather<<<dim3((n + 255) / 256, n), 256, 0, stream>>>(M.Z, M.Zi, L.nb, d_order, n, dZ, dZi, ldz);
        HZGSVD__CU(cudaGetLastError());
    }
    hzgsvd__z_gather_vec<<<(n + 255) / 256, 256, 0, stream>>>(d_sf, d_order, n, d_sigma_f);
    HZGSVD__CU(cudaGetLastError());
    hzgsvd__z_gather_vec<<<(n + 255) / 256, 256, 0, stream>>>(d_sg, d_order, n, d_sigma_g);
    HZGSVD__CU(cudaGetLastError());
    hzgsvd__z_gather_vec<<<(n + 255) / 256, 256, 0, stream>>>(d_ss, d_order, n, d_sigma);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CU(cudaStreamSynchronize(stream));
    if (written) *written = 1;
    if (degenerate) {
        st = hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT,
                          "%s is numerically rank deficient: output column %d has ||%s z|| at the rounding level of its columns (outputs written)",
                          degenerate == 1 ? "F" : "G", degenerate_col + 1, degenerate == 1 ? "F" : "G");
        goto done;
    }
    st = converged ? HZGSVD_SUCCESS
                   : hzgsvd__fail(info, HZGSVD_ERR_NO_CONVERGENCE, "sweep %d of %d still applied big transformations; outputs are from the last sweep",
                                  o.max_sweeps, o.max_sweeps);
done:
    if (owned) {
        const cudaError_t e = cudaStreamSynchronize(stream);
        cudaFree(owned);
        if (e != cudaSuccess && st == HZGSVD_SUCCESS)
            st = hzgsvd__fail(info, HZGSVD_ERR_CUDA, "cudaStreamSynchronize failed: %s (%d)", cudaGetErrorString(e), (int)e);
    } else if (st != HZGSVD_SUCCESS) {
        (void)cudaStreamSynchronize(stream);   /* nothing queued may still write the caller's arrays */
    }
    free(h_outer); free(h_stats); free(h_ints); free(h_ss);
    if (info) {
        info->seconds = hzgsvd__now() - t0;
        if (st == HZGSVD_SUCCESS) snprintf(info->detail, sizeof info->detail, "converged in %d sweeps", info->sweeps);
    }
    return st;
}

/* Device-pointer entry point (interleaved cuDoubleComplex); hzgsvd_single.cuh has the contract. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd(int m_f, int m_g, int n, cuDoubleComplex *dF, int ldf, cuDoubleComplex *dG, int ldg,
                                          cuDoubleComplex *dZ, int ldz, double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                          void *d_work, size_t work_bytes, cudaStream_t stream,
                                          const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__z_gpu_run(m_f, m_g, n, (double *)dF, NULL, ldf, (double *)dG, NULL, ldg, (double *)dZ, NULL, ldz,
                         d_sigma_f, d_sigma_g, d_sigma, d_work, work_bytes, stream, opt, info, NULL, 0);
}

/* Split-plane entry point: real and imaginary parts in separate device arrays (the engine's own
 * layout): no interleaving pass on the way in or out. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_split(int m_f, int m_g, int n, double *dFr, double *dFi, int ldf,
                                                double *dGr, double *dGi, int ldg, double *dZr, double *dZi, int ldz,
                                                double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                                void *d_work, size_t work_bytes, cudaStream_t stream,
                                                const hzgsvd_options *opt, hzgsvd_info *info)
{
    if (!dFi || !dGi || !dZi) {
        hzgsvd__info_reset(info);
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "an imaginary plane (dFi, dGi or dZi) is NULL");
    }
    return hzgsvd__z_gpu_run(m_f, m_g, n, dFr, dFi, ldf, dGr, dGi, ldg, dZr, dZi, ldz,
                             d_sigma_f, d_sigma_g, d_sigma, d_work, work_bytes, stream, opt, info, NULL, 0);
}

/* In place (paper section 3.1: no working copy): the caller's split planes are the working matrices.
 * Needs n a multiple of 32, m_f and m_g multiples of 64 and ld = rows; the workspace is the strategy table and O(n) vectors
 * (hzgsvd_gpu_zgsvd_inplace_workspace_size).  Columns of U, V, Z and the sigmas come back in the
 * engine's final order, not sorted. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_inplace(int m_f, int m_g, int n, double *dF, double *dFi, int ldf,
                                                  double *dG, double *dGi, int ldg, double *dZ, double *dZi, int ldz,
                                                  double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                                  void *d_work, size_t work_bytes, cudaStream_t stream,
                                                  const hzgsvd_options *opt, hzgsvd_info *info)
{
    if (!dFi || !dGi || !dZi) {
        hzgsvd__info_reset(info);
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "an imaginary plane (dFi, dGi or dZi) is NULL");
    }
    return hzgsvd__z_gpu_run(m_f, m_g, n, dF, dFi, ldf, dG, dGi, ldg, dZ, dZi, ldz,
                         d_sigma_f, d_sigma_g, d_sigma, d_work, work_bytes, stream, opt, info, NULL, 1);
}

/* Host-pointer convenience entry point: device copies in, the run, results out. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_host(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg,
                                               double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma,
                                               const hzgsvd_options *opt, hzgsvd_info *info)
{
    const double t0 = hzgsvd__now();
    const hzgsvd_options o = opt ? *opt : hzgsvd_default_options();
    const size_t el = sizeof(double) * 2;        /* bytes of one element */
    hzgsvd_status st;
    double *dF = NULL, *dG = NULL, *dZ = NULL, *dS = NULL;
    int dev_count = 0, written = 0;
    hzgsvd__info_reset(info);
    st = hzgsvd__check_args(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, &o, info);
    if (st != HZGSVD_SUCCESS) return st;
    if (cudaGetDeviceCount(&dev_count) != cudaSuccess || dev_count < 1) {
        (void)cudaGetLastError();
        return hzgsvd__fail(info, HZGSVD_ERR_NO_DEVICE, "no CUDA device is available");
    }
    HZGSVD__CU(cudaMalloc((void **)&dF, el * (size_t)m_f * n));
    HZGSVD__CU(cudaMalloc((void **)&dG, el * (size_t)m_g * n));
    HZGSVD__CU(cudaMalloc((void **)&dZ, el * (size_t)n * n));
    HZGSVD__CU(cudaMalloc((void **)&dS, sizeof(double) * 3 * (size_t)n));
    HZGSVD__CU(cudaMemcpy2D(dF, el * m_f, F, el * ldf, el * m_f, n, cudaMemcpyHostToDevice));
    HZGSVD__CU(cudaMemcpy2D(dG, el * m_g, G, el * ldg, el * m_g, n, cudaMemcpyHostToDevice));
    st = hzgsvd__z_gpu_run(m_f, m_g, n, dF, NULL, m_f, dG, NULL, m_g, dZ, NULL, n, dS, dS + n, dS + 2 * (size_t)n, NULL, 0, 0, &o, info, &written, 0);
    if (written) {
        const hzgsvd_status run = st;
        HZGSVD__CU(cudaMemcpy2D(F, el * ldf, dF, el * m_f, el * m_f, n, cudaMemcpyDeviceToHost));
        HZGSVD__CU(cudaMemcpy2D(G, el * ldg, dG, el * m_g, el * m_g, n, cudaMemcpyDeviceToHost));
        HZGSVD__CU(cudaMemcpy2D(Z, el * ldz, dZ, el * n, el * n, n, cudaMemcpyDeviceToHost));
        if (sigma_f) HZGSVD__CU(cudaMemcpy(sigma_f, dS, sizeof(double) * n, cudaMemcpyDeviceToHost));
        if (sigma_g) HZGSVD__CU(cudaMemcpy(sigma_g, dS + n, sizeof(double) * n, cudaMemcpyDeviceToHost));
        if (sigma) HZGSVD__CU(cudaMemcpy(sigma, dS + 2 * (size_t)n, sizeof(double) * n, cudaMemcpyDeviceToHost));
        st = run;
    }
done:
    cudaFree(dF); cudaFree(dG); cudaFree(dZ); cudaFree(dS);
    if (info) info->seconds = hzgsvd__now() - t0;
    return st;
}

#undef HZGSVD__CU
/*** end templates/hzgsvd_gpu_driver.cu.j2 [z] ***/

#endif /* HZGSVD_GENERATED_HZGSVD_GPU_IMPL_CUH */
