/* ================================================================================================
 * hzgsvd_gpu_impl.cuh -- GENERATED FILE, DO NOT EDIT.
 * Generated from: templates/hzgsvd_gpu_api.cu, templates/hzgsvd_gpu_batched.cu, templates/hzgsvd_gpu_batched_kernels.cu, templates/hzgsvd_gpu_batched_precondition.cu, templates/hzgsvd_gpu_common.cu, templates/hzgsvd_gpu_driver.cu, templates/hzgsvd_gpu_gemm.cu, templates/hzgsvd_gpu_kernels.cu.j2, templates/hzgsvd_gpu_orth.cu.j2, templates/hzgsvd_gpu_prec.cu.j2, templates/hzgsvd_gpu_precondition.cu, templates/hzgsvd_gpu_refine.cu.j2, templates/hzgsvd_gpu_refine_common.cu, templates/hzgsvd_gpu_step.cu.j2, templates/hzgsvd_gpu_sweep.cu
 * Regenerate with: make generate   (= python3 generator/gen.py)
 * What it is: The single-GPU engine, real and complex: generated kernel instances (precision x variant x sorting), the host driver and the entry points (general pairs through the CPU engine's reduction, included).
 * How to compile: Included by hzgsvd_single.cuh where HZGSVD_IMPLEMENTATION is defined; nvcc -arch=sm_90.
 * ================================================================================================ */
#ifndef HZGSVD_GENERATED_HZGSVD_GPU_IMPL_CUH
#define HZGSVD_GENERATED_HZGSVD_GPU_IMPL_CUH
#include "hzgsvd_cpu_engine_impl.h"

/*** begin templates/hzgsvd_gpu_common.cu ***/
#line HZGSVD__SRC_LINE(1, 14) HZGSVD__SRC_FILE("templates/hzgsvd_gpu_common.cu")
/* What the real and the complex GPU kernels and drivers share. */

/* A checked CUDA call in a host function with hzgsvd_status st, hzgsvd_info *info and a done: label. */
#define HZGSVD__CU(call)                                                                              \
    do {                                                                                              \
        const cudaError_t e_ = (call);                                                                \
        if (e_ != cudaSuccess) {                                                                      \
            st = hzgsvd__fail(info, e_ == cudaErrorMemoryAllocation ? HZGSVD_ERR_OUT_OF_MEMORY : HZGSVD_ERR_CUDA, \
                              "%s failed: %s (%d)", #call, cudaGetErrorString(e_), (int)e_);         \
            goto done;                                                                                \
        }                                                                                             \
    } while (0)

/* The working matrices of a run, any precision: plane v of F, G, Z (v = 1 the imaginary planes,
 * NULL where real), column major, ld = mf, mg, nz; n columns held. */
typedef struct hzgsvd__gpu_work {
    double *F[2], *G[2], *Z[2];
    int mf, mg, n, nz;
} hzgsvd__gpu_work;

/* x rounded up to a multiple of q (x >= 0, q > 0): padded row counts and product shapes. */
HZGSVD_PRIVATE int hzgsvd__round_up(int x, int q) { return (x + q - 1) / q * q; }

/* 32-lane sum: butterfly with XOR distances 16..1 (every lane gets the same, commutative, sum). */
__device__ __forceinline__ double hzgsvd__warp_sum(double v)
{
#pragma unroll
    for (int i = 16; i > 0; i >>= 1)
        v = __dadd_rn(v, __shfl_xor_sync(0xffffffffu, v, i));
    return v;
}

/* N 32-lane sums at once (N a power of two, at most 32), by halving: at distance 16 a lane keeps
 * half of its values and adds the partner's partials of that half, and so on down to distance 32/N,
 * then a plain butterfly.  Returns the total of v[lane >> (5 - log2 N)] (lanes 32/N apart hold
 * the N totals).  Each total is the same tree of the same additions as hzgsvd__warp_sum's, so
 * bitwise the same, with log2 N + N - 1 shuffles instead of 5 N.  v is overwritten. */
template <int N>
__device__ __forceinline__ double hzgsvd__warp_sums(double *v)
{
    const int lane = threadIdx.x & 31;
    int dist = 16;
#pragma unroll
    for (int half = N / 2; half >= 1; half /= 2, dist /= 2) {
        const bool hi = (lane & dist) != 0;
#pragma unroll
        for (int k = 0; k < half; ++k) {
            const double keep = hi ? v[k + half] : v[k], send = hi ? v[k] : v[k + half];
            v[k] = __dadd_rn(keep, __shfl_xor_sync(0xffffffffu, send, dist));
        }
    }
    double t = v[0];
#pragma unroll
    for (int i = 16 / N; i > 0; i >>= 1) t = __dadd_rn(t, __shfl_xor_sync(0xffffffffu, t, i));
    return t;
}

/* Enhanced squared modulus of one complex element (App. A): ((dr + di) + min(cr, ci)) + max(cr, ci). */
__device__ __forceinline__ double hzgsvd__zabs2_enh(double re, double im)
{
    double cr, dr, ci, di;
    hzgsvd__mul_rd_err(re, re, &cr, &dr);
    hzgsvd__mul_rd_err(im, im, &ci, &di);
    return __dadd_rn(__dadd_rn(__dadd_rn(dr, di), fmin(cr, ci)), fmax(cr, ci));
}


/* ---- the block step's building blocks (templates/hzgsvd_gpu_step.cu.j2) ----------------------- */

/* What the update kernel does with a pivot pair (the solve's verdict, one int per pair): multiply
 * F, G and Z by Z-tilde; nothing (the solve failed, or moved nothing: Z-tilde = I); or, where a
 * pivot block fell back to MGS (its slab now holds Q), multiply that slab by R Z-tilde instead,
 * which the solve left in the pair's Gram partials (F's first, then G's c x c). */
#define HZGSVD__PAIR_UPDATE 0
#define HZGSVD__PAIR_SKIP 1
#define HZGSVD__PAIR_Q_F 2
#define HZGSVD__PAIR_Q_G 4

/* Rows of one shared-memory tile of the Gram and update kernels (the working matrices' rows are
 * multiples of 64, Z's of 2w >= 32), and its leading dimension there: TILE + 4 doubles puts the
 * columns of a DMMA fragment load 4 words apart, so a warp's 32 loads take the minimum of 2
 * shared-memory wavefronts; 288 bytes keep every column 16-byte aligned for cp.async. */
#define HZGSVD__TILE 32
#define HZGSVD__TILE_LD (HZGSVD__TILE + 4)

/* The Gram and update grids of one step aim at this many thread blocks (8 per SM of a 132-SM
 * Hopper).  A constant and not the device's SM count: the row chunks, hence the order of the
 * Gram sums, hence the result, are then the same on every GPU. */
#define HZGSVD__TARGET_BLOCKS 1056

/* D += A B on the FP64 tensor cores, one 16x8x4 product per warp (mma.sync m16n8k4 f64: on an
 * H100 the m16n8 shapes run at about 1.6x the rate of sm_80's m8n8k4, docs/PERFORMANCE.md).  Lane
 * l = 4 g + t holds A(g, t) in a0, A(g + 8, t) in a1, B(t, g) in b, D(g, 2t + e) in d0/d1 and
 * D(g + 8, 2t + e) in d2/d3 (e = 0, 1): two stacked 8x8x4 products with the fragments of each. */
__device__ __forceinline__ void hzgsvd__dmma(double &d0, double &d1, double &d2, double &d3, double a0, double a1, double b)
{
    asm("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};\n"
        : "+d"(d0), "+d"(d1), "+d"(d2), "+d"(d3) : "d"(a0), "d"(a1), "d"(b));
}

/* 16 bytes global -> shared without passing through registers (cp.async, completed by groups). */
__device__ __forceinline__ void hzgsvd__cp16(double *smem, const double *gmem)
{
    const unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(s), "l"(__cvta_generic_to_global(gmem)) : "memory");
}
__device__ __forceinline__ void hzgsvd__cp_commit(void) { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
template <int N>
__device__ __forceinline__ void hzgsvd__cp_wait(void) { asm volatile("cp.async.wait_group %0;\n" :: "n"(N) : "memory"); }

/* Rows per chunk of a matrix of m rows (a multiple of HZGSVD__TILE) when npairs pivot pairs times
 * mats matrices share the grid: enough chunks to reach about HZGSVD__TARGET_BLOCKS blocks, each at
 * least min_rows long.  Depends on the shape only (bitwise reproducible on any GPU). */
HZGSVD_PRIVATE int hzgsvd__chunk_rows(int m, int npairs, int mats, int min_rows)
{
    const int tiles = m / HZGSVD__TILE, min_tiles = (min_rows + HZGSVD__TILE - 1) / HZGSVD__TILE;
    int chunks = (HZGSVD__TARGET_BLOCKS + npairs * mats - 1) / (npairs * mats);
    if (chunks > tiles / (min_tiles > 0 ? min_tiles : 1)) chunks = tiles / (min_tiles > 0 ? min_tiles : 1);
    if (chunks < 1) chunks = 1;
    return ((tiles + chunks - 1) / chunks) * HZGSVD__TILE;
}

/* Groups of pivot pairs per outer step (templates/hzgsvd_gpu_sweep.cu, the sweep's graph): about
 * HZGSVD__PAIRS_PER_GROUP pairs a group, so that a group's gram and update still fill many SMs while
 * other groups solve.  HZGSVD_GPU_PAIR_GROUPS=g (1 .. HZGSVD__MAX_PAIR_GROUPS) overrides it for
 * tuning; the grouping changes the schedule only, never a result bit. */
#define HZGSVD__PAIRS_PER_GROUP 16
#define HZGSVD__MAX_PAIR_GROUPS 32
HZGSVD_PRIVATE int hzgsvd__gpu_pair_groups(int npairs)
{
    const char *env = getenv("HZGSVD_GPU_PAIR_GROUPS");
    long g = npairs / HZGSVD__PAIRS_PER_GROUP;
    if (env && *env) {
        char *end = NULL;
        const long v = strtol(env, &end, 10);
        if (end && *end == '\0' && v >= 1 && v <= HZGSVD__MAX_PAIR_GROUPS) g = v;
    }
    if (g > HZGSVD__MAX_PAIR_GROUPS) g = HZGSVD__MAX_PAIR_GROUPS;
    if (g > npairs) g = npairs;
    return g < 1 ? 1 : (int)g;
}

/* Which groups of step k - 1 each group of step k waits for (the groups that held its blocks), as
 * bit masks: (*deps)[k * groups + g], malloc'd (the caller frees it); step 0 has none (it follows
 * the whole previous sweep).  table: the block-level strategy, steps x nblk (hzgsvd__strategy_fill).
 * Group g holds the pairs [npairs g / groups, npairs (g + 1) / groups).  0 ok, -1 out of memory. */
HZGSVD_PRIVATE int hzgsvd__gpu_group_deps(const int *table, int nblk, int steps, int groups, unsigned **deps)
{
    const int npairs = nblk / 2;
    int *owner = (int *)malloc(sizeof(int) * (size_t)nblk), *group_of = (int *)malloc(sizeof(int) * (size_t)(npairs > 0 ? npairs : 1));
    unsigned *d = (unsigned *)calloc((size_t)steps * groups, sizeof(unsigned));
    int rc = -1;
    *deps = NULL;
    if (owner && group_of && d) {
        for (int g = 0; g < groups; ++g)
            for (int l = (int)((long long)npairs * g / groups); l < (int)((long long)npairs * (g + 1) / groups); ++l) group_of[l] = g;
        for (int k = 0; k < steps; ++k) {
            const int *t = table + (size_t)k * nblk;
            if (k > 0)
                for (int l = 0; l < npairs; ++l)
                    d[(size_t)k * groups + group_of[l]] |= (1u << owner[t[2 * l]]) | (1u << owner[t[2 * l + 1]]);
            for (int l = 0; l < npairs; ++l) owner[t[2 * l]] = owner[t[2 * l + 1]] = group_of[l];
        }
        *deps = d;
        d = NULL;
        rc = 0;
    }
    free(owner); free(group_of); free(d);
    return rc;
}

/* The output column c (working column order[c]): its sigma values gathered where asked and, when the
 * pair was range-scaled, scaled back (hzgsvd__range_sigma) together with its column of Z (n rows, ld
 * ldz; complex: split planes Z, Zi, or interleaved when Zi is NULL).  flags[0]: the first output
 * column outside the double range; flags[1]: the first whose Sigma_F' or Sigma_G' is below
 * 2^-HZGSVD__RANGE_RESOLVE (integer minima).  Grid (ceil(n / block) when active, else 1; n). */
HZGSVD_PRIVATE __global__ void hzgsvd__gpu_range_out(const double *wsf, const double *wsg, const double *wss, const int *order, int n,
                                                     int active, int shift_f, int shift_g, const int *col, double *sf, double *sg,
                                                     double *ss, double *Z, double *Zi, int cplx, int ldz, int *flags)
{
    const int c = blockIdx.y, i = blockIdx.x * blockDim.x + threadIdx.x;
    const int j = order[c];
    double a = wsf[j], b = wsg[j], s = wss[j], zm = 1.0;
    int ze = 0, out = 0;
    if (active) out = hzgsvd__range_sigma(shift_f, shift_g, wsf[j], wsg[j], wss[j], &a, &b, &s, &zm, &ze);
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        const double resolve = ldexp(1.0, -HZGSVD__RANGE_RESOLVE);
        if (wsf[j] < resolve || wsg[j] < resolve) atomicMin(&flags[1], c);
        if (out) atomicMin(&flags[0], c);
        if (sf) sf[c] = a;
        if (sg) sg[c] = b;
        if (ss) ss[c] = s;
    }
    if (!active || i >= n) return;
    const size_t d = (size_t)i + (size_t)c * ldz;
    const int e = col[i] + ze;
    double *re = cplx && !Zi ? &Z[2 * d] : &Z[d];
    double *im = !cplx ? NULL : Zi ? &Zi[d] : &Z[2 * d + 1];
    *re = ldexp(*re * zm, e);
    if (im) *im = ldexp(*im * zm, e);
    if (!isfinite(*re) || (im && !isfinite(*im))) atomicMin(&flags[0], c);
}

/* max(a, b), NaN where either is NaN (a NaN in U or V must fail the check, not vanish in fmax). */
static __device__ __forceinline__ double hzgsvd__max_nan(double a, double b) { return a != a || b != b ? a + b : fmax(a, b); }

/* *out = the largest of the count values x, NaN if any is (one block of 256 threads; a maximum is
 * exact in any order). */
HZGSVD_PRIVATE __global__ void hzgsvd__gpu_fold_max(const double *x, size_t count, double *out)
{
    __shared__ double red[256];
    double v = 0.0;
    for (size_t i = threadIdx.x; i < count; i += blockDim.x) v = hzgsvd__max_nan(v, x[i]);
    red[threadIdx.x] = v;
    __syncthreads();
    for (int h = blockDim.x / 2; h > 0; h >>= 1) {
        if (threadIdx.x < h) red[threadIdx.x] = hzgsvd__max_nan(red[threadIdx.x], red[threadIdx.x + h]);
        __syncthreads();
    }
    if (threadIdx.x == 0) *out = red[0];
}
#line 236 HZGSVD__SRC_FILE("generated/hzgsvd_gpu_impl.cuh")
/*** end templates/hzgsvd_gpu_common.cu ***/

/*** begin templates/hzgsvd_gpu_gemm.cu ***/
#line HZGSVD__SRC_LINE(1, 240) HZGSVD__SRC_FILE("templates/hzgsvd_gpu_gemm.cu")
/* C = A B (the sigma refinement's products) and C = A^T B (the orthogonality check's Gram matrix)
 * in double on the FP64 tensor cores (all column major, every dimension a multiple of the tile:
 * the callers pad).  Hopper's native FP64 MMA
 * shape is m16n8k16 (m8n8k4, what sm_80 offers, runs at about 40 % of its rate on an H100); this
 * kernel reaches about 44 TFLOP/s there, 72 % of cuBLAS's Dgemm, without cuBLAS's one-time module
 * load of 40..200 ms per process (docs/PERFORMANCE.md).  Each entry is summed in one fixed order
 * (k ascending, 16 at a time inside the MMA): bitwise reproducible. */

#define HZGSVD__GEMM_BM 64      /* rows of C per thread block (2 warps of 32) */
#define HZGSVD__GEMM_BN 64      /* columns of C per thread block (2 warps of 32) */
#define HZGSVD__GEMM_BK 16      /* k per shared-memory stage */
#define HZGSVD__GEMM_STAGES 3   /* cp.async pipeline depth */
#define HZGSVD__GEMM_LA (HZGSVD__GEMM_BM + 4)   /* leading dimensions in shared memory: +4 doubles puts  */
#define HZGSVD__GEMM_LB (HZGSVD__GEMM_BK + 4)   /* a fragment load's 4 k-rows on distinct banks, and keeps 16-byte alignment */
/* A's stage: BK x BM (k rows of LA) as given, BM x BK (rows of LB, as B's) where A is transposed */
#define HZGSVD__GEMM_ASTAGE(ta) ((ta) ? HZGSVD__GEMM_BM * HZGSVD__GEMM_LB : HZGSVD__GEMM_BK * HZGSVD__GEMM_LA)
#define HZGSVD__GEMM_SMEM(ta) (sizeof(double) * HZGSVD__GEMM_STAGES * (HZGSVD__GEMM_ASTAGE(ta) + HZGSVD__GEMM_BN * HZGSVD__GEMM_LB))

/* D += A B, one 16x8x16 product per warp (mma.sync m16n8k16 f64).  Lane l = 4 g + t holds
 * A(g + 8 (q & 1), t + 4 (q >> 1)) in a[q], B(t + 4 q, g) in b[q], D(g + 8 (q >> 1), 2 t + (q & 1)) in d[q]. */
__device__ __forceinline__ void hzgsvd__dmma16(double (&d)[4], const double (&a)[8], const double (&b)[4])
{
    asm("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, "
        "{%12, %13, %14, %15}, {%0, %1, %2, %3};\n"
        : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3])
        : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]), "d"(a[7]),
          "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]));
}

/* One HZGSVD__GEMM_BM x HZGSVD__GEMM_BN tile of C per block of 128 threads; warp (wr, wc) owns
 * its 32 x 32 quarter as 2 x 4 MMA tiles.  TA: A is given transposed (A(r, k) at A[k + r lda]).
 * tri > 0: only the tiles on or above the diagonal of each group of tri column tiles are formed
 * (a Gram matrix, [Re | Im] in real form); the others are left alone. */
template <bool TA>
HZGSVD_PRIVATE __global__ void __launch_bounds__(128) hzgsvd__gpu_gemm_kernel(const double *A, int lda, const double *B, int ldb, int k,
                                                                              double *C, int ldc, int tri)
{
    extern __shared__ __align__(16) double hzgsvd__gemm_smem[];
    if (tri > 0 && (int)blockIdx.x > (int)blockIdx.y % tri) return;
    double *As = hzgsvd__gemm_smem, *Bs = hzgsvd__gemm_smem + HZGSVD__GEMM_STAGES * HZGSVD__GEMM_ASTAGE(TA);
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5, g = lane >> 2, t = lane & 3;
    const int wm = (warp & 1) * 32, wn = (warp >> 1) * 32, tiles = k / HZGSVD__GEMM_BK;
    const double *Ab = A + (size_t)blockIdx.x * HZGSVD__GEMM_BM * (TA ? lda : 1), *Bb = B + (size_t)blockIdx.y * HZGSVD__GEMM_BN * ldb;
    double acc[2][4][4];
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
#pragma unroll
            for (int q = 0; q < 4; ++q) acc[i][j][q] = 0.0;
    /* stage it % STAGES <- the it-th k-tile of A (64 rows x 16) and B (16 x 64 columns), 16 bytes a copy */
    auto load = [&](int it) {
        if (it < tiles) {
            const int s = it % HZGSVD__GEMM_STAGES, k0 = it * HZGSVD__GEMM_BK;
#pragma unroll
            for (int u = tid; u < HZGSVD__GEMM_BM * HZGSVD__GEMM_BK / 2; u += 128) {
                if (TA) {           /* as B: rows of A are columns of the given matrix */
                    const int r = u / (HZGSVD__GEMM_BK / 2), kk = (u % (HZGSVD__GEMM_BK / 2)) * 2;
                    hzgsvd__cp16(As + s * HZGSVD__GEMM_ASTAGE(TA) + r * HZGSVD__GEMM_LB + kk, Ab + (size_t)r * lda + k0 + kk);
                } else {
                    const int kk = u / (HZGSVD__GEMM_BM / 2), r = (u % (HZGSVD__GEMM_BM / 2)) * 2;
                    hzgsvd__cp16(As + s * HZGSVD__GEMM_ASTAGE(TA) + kk * HZGSVD__GEMM_LA + r, Ab + (size_t)(k0 + kk) * lda + r);
                }
            }
#pragma unroll
            for (int u = tid; u < HZGSVD__GEMM_BN * HZGSVD__GEMM_BK / 2; u += 128) {
                const int c = u / (HZGSVD__GEMM_BK / 2), kk = (u % (HZGSVD__GEMM_BK / 2)) * 2;
                hzgsvd__cp16(Bs + (s * HZGSVD__GEMM_BN + c) * HZGSVD__GEMM_LB + kk, Bb + (size_t)c * ldb + k0 + kk);
            }
        }
        hzgsvd__cp_commit();   /* an empty group past the end keeps the wait count uniform */
    };
#pragma unroll
    for (int i = 0; i < HZGSVD__GEMM_STAGES - 1; ++i) load(i);
    for (int it = 0; it < tiles; ++it) {
        hzgsvd__cp_wait<HZGSVD__GEMM_STAGES - 2>();
        __syncthreads();   /* tile it is in; every warp is done with tile it - 1, whose stage the next load reuses */
        load(it + HZGSVD__GEMM_STAGES - 1);
        const double *as = As + (it % HZGSVD__GEMM_STAGES) * HZGSVD__GEMM_ASTAGE(TA);
        const double *bs = Bs + (it % HZGSVD__GEMM_STAGES) * HZGSVD__GEMM_BN * HZGSVD__GEMM_LB;
        double a[2][8], b[4][4];
#pragma unroll
        for (int i = 0; i < 2; ++i)
#pragma unroll
            for (int q = 0; q < 8; ++q)
                a[i][q] = TA ? as[(wm + 16 * i + g + 8 * (q & 1)) * HZGSVD__GEMM_LB + t + 4 * (q >> 1)]
                             : as[(t + 4 * (q >> 1)) * HZGSVD__GEMM_LA + wm + 16 * i + g + 8 * (q & 1)];
#pragma unroll
        for (int j = 0; j < 4; ++j)
#pragma unroll
            for (int q = 0; q < 4; ++q) b[j][q] = bs[(wn + 8 * j + g) * HZGSVD__GEMM_LB + t + 4 * q];
#pragma unroll
        for (int i = 0; i < 2; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j) hzgsvd__dmma16(acc[i][j], a[i], b[j]);
    }
    hzgsvd__cp_wait<0>();
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
#pragma unroll
            for (int h = 0; h < 2; ++h) {
                const size_t r = (size_t)blockIdx.x * HZGSVD__GEMM_BM + wm + 16 * i + g + 8 * h;
                const size_t c = (size_t)blockIdx.y * HZGSVD__GEMM_BN + wn + 8 * j + 2 * t;
                C[r + c * ldc] = acc[i][j][2 * h];
                C[r + (c + 1) * ldc] = acc[i][j][2 * h + 1];
            }
}

/* C (m x n, ld ldc) = op(A) (m x k) B (k x n, ld ldb) on stream, op(A) = A (ld lda >= m) or, with
 * ta, A^T (A k x m, ld lda >= k); tri as the kernel's.  m and n multiples of 64, k of 16, lda and
 * ldb even, ldb >= k, ldc >= m (any parity: C is stored a double at a time), A and B 16-byte
 * aligned (the callers' layouts guarantee it), n / 64 within the grid's y limit. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_gemm(int ta, int tri, int m, int n, int k, const double *A, int lda, const double *B, int ldb,
                                              double *C, int ldc, cudaStream_t stream, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    if (m < 0 || n < 0 || k < 0 || m % HZGSVD__GEMM_BM || n % HZGSVD__GEMM_BN || k % HZGSVD__GEMM_BK || (lda & 1) || (ldb & 1)
        || lda < (ta ? k : m) || ldb < k || ldc < m || n / HZGSVD__GEMM_BN > 65535 || ((size_t)A & 15) || ((size_t)B & 15))
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "hzgsvd__gpu_gemm: unpadded or unsupported shape m %d n %d k %d lda %d ldb %d ldc %d (ta %d)",
                            m, n, k, lda, ldb, ldc, ta);
    if (m == 0 || n == 0) return st;
    /* Per launch, not once per process: once would need global state per device (and a lock), and
     * this call is cheap beside the product. */
    {
        const dim3 grid(m / HZGSVD__GEMM_BM, n / HZGSVD__GEMM_BN);
        if (ta) {
            HZGSVD__CU(cudaFuncSetAttribute(hzgsvd__gpu_gemm_kernel<true>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)HZGSVD__GEMM_SMEM(1)));
            hzgsvd__gpu_gemm_kernel<true><<<grid, 128, HZGSVD__GEMM_SMEM(1), stream>>>(A, lda, B, ldb, k, C, ldc, tri);
        } else {
            HZGSVD__CU(cudaFuncSetAttribute(hzgsvd__gpu_gemm_kernel<false>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)HZGSVD__GEMM_SMEM(0)));
            hzgsvd__gpu_gemm_kernel<false><<<grid, 128, HZGSVD__GEMM_SMEM(0), stream>>>(A, lda, B, ldb, k, C, ldc, tri);
        }
    }
    HZGSVD__CU(cudaGetLastError());
done:
    return st;
}

/* C = A B (the refinement's products). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_gemm_nn(int m, int n, int k, const double *A, int lda, const double *B, int ldb, double *C, int ldc,
                                                 cudaStream_t stream, hzgsvd_info *info)
{
    return hzgsvd__gpu_gemm(0, 0, m, n, k, A, lda, B, ldb, C, ldc, stream, info);
}
#line 387 HZGSVD__SRC_FILE("generated/hzgsvd_gpu_impl.cuh")
/*** end templates/hzgsvd_gpu_gemm.cu ***/

/*** begin templates/hzgsvd_gpu_refine_common.cu ***/
#line HZGSVD__SRC_LINE(1, 391) HZGSVD__SRC_FILE("templates/hzgsvd_gpu_refine_common.cu")
/* The GPU sigma refinement and the orthogonality check of U and V, host code for both precisions:
 * their buffer layouts in the step workspace, the refinement's final kernel, and the host functions
 * that launch their kernels and products.  What differs by precision -- the kernels and the planes --
 * comes from the small tables hzgsvd__gpu_refine_ops and hzgsvd__gpu_orth_ops (the kernels and one
 * instance of each per precision: templates/hzgsvd_gpu_refine.cu.j2 and hzgsvd_gpu_orth.cu.j2; the
 * products: templates/hzgsvd_gpu_gemm.cu). */

#define HZGSVD__REFINE_PANEL 1024   /* columns of Z per panel: bounds B1, B2, T1, T2 at O(m P + n P) (A holds all of F or G) */

/* The refinement's buffers (aliasing the step workspace, unused by then), all double, every
 * product in real form (complex: C = [Re | Im] from A = [Re | Im] and B = [[Re, Im]; [-Im, Re]])
 * and padded to hzgsvd__gpu_gemm_nn's tiles: mp rows (m rounded up to 64), kh (pl n rounded up to
 * 16) columns per half of A = [F1 | Fr] (mp x 2 kh), panels of pp columns of Z (pl pp in real
 * form): B1 = Z1 (kh x pl pp), B2 = [Zr; z''] (2 kh x pl pp), T1 = F1 Z1 and T2 = A B2 (mp x pl pp),
 * then both norm vectors.  pl: 1 real, 2 complex. */
typedef struct hzgsvd__gpu_refine_layout {
    int panel, mp, kh;
    size_t off_A, off_B1, off_B2, off_T1, off_T2, off_nrm, bytes;
} hzgsvd__gpu_refine_layout;

HZGSVD_PRIVATE hzgsvd__gpu_refine_layout hzgsvd__gpu_refine_plan(int pl, int m_f, int m_g, int n, int nb)
{
    hzgsvd__gpu_refine_layout R;
    const size_t el = sizeof(double);
    R.panel = nb < HZGSVD__REFINE_PANEL ? nb : HZGSVD__REFINE_PANEL;
    R.mp = hzgsvd__round_up(m_f > m_g ? m_f : m_g, HZGSVD__GEMM_BM);
    R.kh = hzgsvd__round_up(pl * n, HZGSVD__GEMM_BK);
    const size_t cols = (size_t)pl * hzgsvd__round_up(R.panel, HZGSVD__GEMM_BN);
    R.off_A = 0;
    R.off_B1 = R.off_A + hzgsvd__align256(el * R.mp * 2 * R.kh);
    R.off_B2 = R.off_B1 + hzgsvd__align256(el * R.kh * cols);
    R.off_T1 = R.off_B2 + hzgsvd__align256(el * 2 * R.kh * cols);
    R.off_T2 = R.off_T1 + hzgsvd__align256(el * R.mp * cols);
    R.off_nrm = R.off_T2 + hzgsvd__align256(el * R.mp * cols);
    R.bytes = R.off_nrm + hzgsvd__align256(el * 2 * (size_t)nb);
    return R;
}

/* The refined sigmas of the caller's working columns (real[j] = 1) from the scaled norms nf, ng
 * (hzgsvd__refine_set keeps the engine's where they cannot be refined). */
HZGSVD_PRIVATE __global__ void hzgsvd__gpu_refine_sigma(const double *nf, const double *ng, const int *real, int nb, double *sf, double *sg, double *ss)
{
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= nb || !real[j]) return;
    int ef, eg;
    (void)frexp(sf[j], &ef);
    (void)frexp(sg[j], &eg);
    hzgsvd__refine_set(ldexp(nf[j], ef), ldexp(ng[j], eg), &sf[j], &sg[j], &ss[j]);
}

/* The orthogonality check's buffers (templates/hzgsvd_gpu_orth.cu.j2; aliasing the step workspace
 * as the refinement's do): P (pl m rows, pl nbp columns: Y and, complex, its companion), C = the
 * Gram matrix (nbp x pl nbp), the column maxima (nc), the results for U and V (2); nbp: nc rounded
 * up to the product's tile.  m: the larger row count of the two, so one layout serves both. */
typedef struct hzgsvd__orth_layout {
    int nbp;
    size_t off_P, off_C, off_max, off_out, bytes;
} hzgsvd__orth_layout;

HZGSVD_PRIVATE hzgsvd__orth_layout hzgsvd__orth_plan(int pl, int m, int nc)
{
    hzgsvd__orth_layout R;
    const size_t el = sizeof(double);
    R.nbp = hzgsvd__round_up(nc, HZGSVD__GEMM_BN);
    R.off_P = 0;
    R.off_C = R.off_P + hzgsvd__align256(el * pl * (size_t)m * pl * R.nbp);
    R.off_max = R.off_C + hzgsvd__align256(el * (size_t)R.nbp * pl * R.nbp);
    R.off_out = R.off_max + hzgsvd__align256(el * (size_t)nc);
    R.bytes = R.off_out + hzgsvd__align256(el * 2);
    return R;
}

/* A precision's refinement kernels: split_rows and norm launched here (one signature for both
 * precisions), split_cols through its launcher (the complex one takes Zi too). */
typedef struct hzgsvd__gpu_refine_ops {
    int planes;                     /* doubles per element: 1 real, 2 complex */
    void (*split_rows)(const double *Y, const double *Yi, int ld, int m, int mp, int n, int kh, int active, int shift, const int *col,
                       const int *ex, int beta, double *A);
    /* <<<pp, 256, 0, stream>>> */
    void (*split_cols)(const double *Z, const double *Zi, int ldz, int n, int kh, int j0, int np, int pp, const int *ex, int beta, double *B1,
                       double *B2, cudaStream_t stream);
    void (*norm)(const double *T1, const double *T2, int m, int mp, int pp, int j0, const double *sig, double *nrm);
} hzgsvd__gpu_refine_ops;

/* The scaled norms nrm[j] = ||Y'' z''_j|| 2^-e_j of one matrix (Y: F or G, m rows, complex
 * interleaved when Yi is NULL, else split planes, ld ldy; active, shift, d_col: its range scaling,
 * d_ex: the exponents of its columns, d_sig: the engine's Sigma_F or Sigma_G) for ncols columns of Z
 * (planes Z, Zi (complex), ld ldz, the first n rows).  buf, RL: hzgsvd__gpu_refine_plan with ncols.
 * The kernels and their layout: templates/hzgsvd_gpu_refine.cu.j2. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_refine_norms(const hzgsvd__gpu_refine_ops *K, const double *dY, const double *dYi, int ldy, int m, int n,
                                                      int ncols, const double *Z, const double *Zi, int ldz, int active, int shift,
                                                      const int *d_col, const int *d_ex, const double *d_sig, double *nrm, char *buf,
                                                      const hzgsvd__gpu_refine_layout *RL, cudaStream_t stream, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int pl = K->planes;
    const int beta = hzgsvd__refine_beta((long long)pl * n), kh = RL->kh, mp = RL->mp;   /* pl n: the real form's inner dimension */
    const int mrp = hzgsvd__round_up(m, HZGSVD__GEMM_BM);
    double *A = (double *)(buf + RL->off_A), *B1 = (double *)(buf + RL->off_B1), *B2 = (double *)(buf + RL->off_B2);
    double *T1 = (double *)(buf + RL->off_T1), *T2 = (double *)(buf + RL->off_T2);
    K->split_rows<<<(mrp + 127) / 128, 128, 0, stream>>>(dY, dYi, ldy, m, mp, n, kh, active, shift, d_col, d_ex, beta, A);
    HZGSVD__CU(cudaGetLastError());
    for (int j0 = 0; j0 < ncols; j0 += RL->panel) {
        const int np = ncols - j0 < RL->panel ? ncols - j0 : RL->panel, pp = hzgsvd__round_up(np, HZGSVD__GEMM_BN);
        K->split_cols(Z, Zi, ldz, n, kh, j0, np, pp, d_ex, beta, B1, B2, stream);
        HZGSVD__CU(cudaGetLastError());
        st = hzgsvd__gpu_gemm_nn(mrp, pl * pp, kh, A, mp, B1, kh, T1, mp, stream, info);
        if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_gemm_nn(mrp, pl * pp, 2 * kh, A, mp, B2, 2 * kh, T2, mp, stream, info);
        if (st != HZGSVD_SUCCESS) goto done;
        K->norm<<<np, 256, 0, stream>>>(T1, T2, m, mp, pp, j0, d_sig, nrm);
        HZGSVD__CU(cudaGetLastError());
    }
done:
    return st;
}

/* Refine d_sf, d_sg, d_ss (engine order, range-scaled pair) from the caller's F, G (still unread
 * since the load) and the working Z (planes Z, Zi, ld nb).  buf: hzgsvd__gpu_refine_plan(...).bytes of device memory. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_refine(const hzgsvd__gpu_refine_ops *K, const double *dF, const double *dFi, int ldf, int m_f,
                                                const double *dG, const double *dGi, int ldg, int m_g, int n, int nb, const double *Z,
                                                const double *Zi, const hzgsvd__range *rg, const int *d_col, const int *d_ef, const int *d_eg,
                                                const int *d_real, double *d_sf, double *d_sg, double *d_ss, char *buf, cudaStream_t stream,
                                                hzgsvd_info *info)
{
    const hzgsvd__gpu_refine_layout RL = hzgsvd__gpu_refine_plan(K->planes, m_f, m_g, n, nb);
    double *nrm = (double *)(buf + RL.off_nrm);
    hzgsvd_status st = hzgsvd__gpu_refine_norms(K, dF, dFi, ldf, m_f, n, nb, Z, Zi, nb, rg->active, rg->shift_f, d_col, d_ef, d_sf, nrm, buf, &RL,
                                                stream, info);
    if (st == HZGSVD_SUCCESS)
        st = hzgsvd__gpu_refine_norms(K, dG, dGi, ldg, m_g, n, nb, Z, Zi, nb, rg->active, rg->shift_g, d_col, d_eg, d_sg, nrm + nb, buf, &RL,
                                      stream, info);
    if (st != HZGSVD_SUCCESS) goto done;
    hzgsvd__gpu_refine_sigma<<<(nb + 127) / 128, 128, 0, stream>>>(nrm, nrm + nb, d_real, nb, d_sf, d_sg, d_ss);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CU(cudaStreamSynchronize(stream));
done:
    return st;
}

/* A precision's kernels of the orthogonality check: pack through its launcher (the complex one
 * takes Yi too), columns launched here. */
typedef struct hzgsvd__gpu_orth_ops {
    int planes;                     /* doubles per element: 1 real, 2 complex */
    /* <<<nbp, 256, 0, stream>>> */
    void (*pack)(const double *Y, const double *Yi, int m, int nc, int ld, int nbp, double *Pk, cudaStream_t stream);
    void (*columns)(const double *C, int nbp, double *colmax);
} hzgsvd__gpu_orth_ops;

/* Result `which` (0 U, 1 V) of the layout OL in scratch (device) = the check's value for Y (planes
 * Y[0], Y[1] (complex), m x nc, ld ld; m a multiple of 16, at most the m OL was planned for, nc its
 * nc); scratch 256-byte aligned.  The method: templates/hzgsvd_gpu_orth.cu.j2. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_orth_max(const hzgsvd__gpu_orth_ops *K, double *const Y[2], int m, int nc, int ld,
                                                  const hzgsvd__orth_layout *OL, char *scratch, int which, cudaStream_t stream, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int pl = K->planes;
    double *Pk = (double *)(scratch + OL->off_P), *C = (double *)(scratch + OL->off_C), *colmax = (double *)(scratch + OL->off_max);
    double *d_out = (double *)(scratch + OL->off_out) + which;
    K->pack(Y[0], Y[1], m, nc, ld, OL->nbp, Pk, stream);
    HZGSVD__CU(cudaGetLastError());
    st = hzgsvd__gpu_gemm(1, OL->nbp / HZGSVD__GEMM_BN, OL->nbp, pl * OL->nbp, pl * m, Pk, pl * m, Pk, pl * m, C, OL->nbp, stream, info);
    if (st != HZGSVD_SUCCESS) goto done;
    K->columns<<<nc, 256, 0, stream>>>(C, OL->nbp, colmax);
    HZGSVD__CU(cudaGetLastError());
    hzgsvd__gpu_fold_max<<<1, 256, 0, stream>>>(colmax, (size_t)nc, d_out);
    HZGSVD__CU(cudaGetLastError());
done:
    return st;
}

/* The table's entries (hzgsvd__gpu_prec: they take no context): one instance per precision's kernels K. */
template <const hzgsvd__gpu_refine_ops *K>
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_refine_of(const double *dF, const double *dFi, int ldf, int m_f, const double *dG, const double *dGi, int ldg,
                                                   int m_g, int n, int nb, const double *Z, const double *Zi, const hzgsvd__range *rg, const int *d_col,
                                                   const int *d_ef, const int *d_eg, const int *d_real, double *d_sf, double *d_sg, double *d_ss,
                                                   char *buf, cudaStream_t stream, hzgsvd_info *info)
{
    return hzgsvd__gpu_refine(K, dF, dFi, ldf, m_f, dG, dGi, ldg, m_g, n, nb, Z, Zi, rg, d_col, d_ef, d_eg, d_real, d_sf, d_sg, d_ss, buf, stream,
                              info);
}

template <const hzgsvd__gpu_refine_ops *K>
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_refine_norms_of(const double *dY, const double *dYi, int ldy, int m, int n, int ncols, const double *Z,
                                                         const double *Zi, int ldz, int active, int shift, const int *d_col, const int *d_ex,
                                                         const double *d_sig, double *nrm, char *buf, const hzgsvd__gpu_refine_layout *RL,
                                                         cudaStream_t stream, hzgsvd_info *info)
{
    return hzgsvd__gpu_refine_norms(K, dY, dYi, ldy, m, n, ncols, Z, Zi, ldz, active, shift, d_col, d_ex, d_sig, nrm, buf, RL, stream, info);
}

template <const hzgsvd__gpu_orth_ops *K>
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_orth_max_of(double *const Y[2], int m, int nc, int ld, const hzgsvd__orth_layout *OL, char *scratch,
                                                     int which, cudaStream_t stream, hzgsvd_info *info)
{
    return hzgsvd__gpu_orth_max(K, Y, m, nc, ld, OL, scratch, which, stream, info);
}
#line 588 HZGSVD__SRC_FILE("generated/hzgsvd_gpu_impl.cuh")
/*** end templates/hzgsvd_gpu_refine_common.cu ***/

/*** begin templates/hzgsvd_gpu_precondition.cu ***/
#line HZGSVD__SRC_LINE(1, 592) HZGSVD__SRC_FILE("templates/hzgsvd_gpu_precondition.cu")
/* The preconditioned start of the single-GPU engine (options.precondition; docs/NUMERICS.md, "A
 * preconditioned start"), one host path for both precisions (planes at run time).
 *
 * Z0 = R^-1 W: R from a QR of G (no squaring of G's condition), C = F R^-1, W either (QR_EIG, AUTO's
 * choice here: cuSOLVER's eigensolver is several times faster than its SVD) the eigenvectors of
 * C^H C in descending order of the eigenvalues (sigma^2 of the pair, for a start in the order the
 * sorting variants keep), or (QR_SVD) the right singular vectors of C itself (Xgesvd, descending):
 * C's singular values are not squared, so directions of generalized singular values far below the
 * largest (graded pairs, Tikhonov cores) are resolved too.  Then G Z0 = Q W has orthonormal columns
 * and F Z0 = C W orthogonal ones:
 * the pair (F Z0, G Z0) is nearly diagonal already and the iteration needs 2-3 sweeps instead of
 * 9-24.  The iteration runs on F Z0, G Z0 with Z started at
 * Z0 diag(z) (initFGZ's scaling), so F_work = F Z still holds and the epilogue (sigma refined from
 * the caller's F, G and Z) is unchanged.  The iteration still certifies convergence.
 *
 * F Z0 and G Z0 are formed with one rounding per entry, as the sigma refinement forms its products
 * (templates/hzgsvd_sigma_refine.h): W = W1 + Wr by rows, Z0 = Z1 + Zr by columns, heads of beta
 * bits on their row's (column's) grid, so W1 Z1 is exact in any summation order (cuBLAS GemmEx on
 * the tensor cores) and the tails' products W1 Zr + Wr Z0 are 2^-beta smaller; then one addition.
 * So F_work = F Z holds to one rounding of each entry, whatever the cancellation in a column of
 * F Z0 (a plain GEMM leaves up to n u |F| |z0_j|, n u growth relative to the column): three GEMMs
 * instead of one, about 10 % of the stage at n = 4096.
 *
 * Trust test: column j of [F Z0; G Z0] is formed with a relative error of about
 * n u ||D z0_j|| / ||[F; G] z0_j|| (D: the column norms of [F; G]); the largest such ratio
 * (info.precondition_growth) must be at most HZGSVD__PRECONDITION_GROWTH, else the pair is loaded
 * again and the plain start taken.  So is it where the eigen- or singular value solver does not
 * converge or the scratch memory cannot be had.  info.preconditioner and info.precondition_note
 * say which start ran.
 *
 * The rank probe (the front door's run, which can reroute; as the CPU stage's): where some
 * |R(j,j)| <= max(m_g, n) ||G||_1 2^-52, G is numerically rank deficient for certain (sigma_min(G)
 * <= min |R(j,j)|) and the stage returns HZGSVD_ERR_RANK_DEFICIENT before any sweep: the pair goes
 * to the reduction at once instead of after 30 stalled sweeps (graded pairs).
 *
 * Uses cuSOLVER (Xgeqrf, Xsyevd or Xgesvd, in deterministic mode) and cuBLAS (trsm, syrk/herk or
 * geam, GemmEx), one stream: bitwise reproducible on one GPU model and toolkit.  Scratch
 * (cudaMallocAsync on the run's stream, freed before the sweeps): 4 max(m_f, m_g) n + 3 n^2
 * elements and the asked solver's workspaces.
 * HZGSVD_GPU_NO_CUSOLVER builds the engine without cuSOLVER and cuBLAS: the plain start only. */

#ifndef HZGSVD_GPU_NO_CUSOLVER
#include <cublas_v2.h>
#include <cusolverDn.h>
#endif

/* A preconditioner of one run: Z0 (n x n, ld n, interleaved where complex) inside mem, kept from
 * the stage to initFGZ; mem is the stage's scratch (NULL: none held). */
typedef struct hzgsvd__gpu_pre {
    void *mem;
    double *z0;
    cudaStream_t stream;
    int kind;                       /* the kept Z0's HZGSVD_PRECONDITION_* (NONE: the plain start); outlives z0 */
} hzgsvd__gpu_pre;

/* The kind the stage computes for options.precondition (AUTO: QR_EIG on the GPU). */
HZGSVD_PRIVATE int hzgsvd__gpu_pre_kind(const hzgsvd_options *o)
{
    return o->precondition == HZGSVD_PRECONDITION_AUTO ? HZGSVD_PRECONDITION_QR_EIG : o->precondition;
}

/* ---- kernels (any plane count) ---------------------------------------------------------------- */

/* Working planes (m rows of ldw) -> one array P (ld ldp), interleaved (re, im) where complex. */
HZGSVD_PRIVATE __global__ void hzgsvd__pre_pack(const double *W0, const double *W1, int ldw, int m, double *P, int ldp, int planes)
{
    const int j = blockIdx.y, i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m) return;
    const size_t w = (size_t)i + (size_t)j * ldw, p = ((size_t)i + (size_t)j * ldp) * planes;
    P[p] = W0[w];
    if (planes == 2) P[p + 1] = W1[w];
}

/* Working planes (m rows of ldw) <- A + B (packed, ld ldp): the split product's one rounding. */
HZGSVD_PRIVATE __global__ void hzgsvd__pre_unpack_sum(double *W0, double *W1, int ldw, int m, const double *A, const double *B, int ldp, int planes)
{
    const int j = blockIdx.y, i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m) return;
    const size_t w = (size_t)i + (size_t)j * ldw, p = ((size_t)i + (size_t)j * ldp) * planes;
    W0[w] = A[p] + B[p];
    if (planes == 2) W1[w] = A[p + 1] + B[p + 1];
}

/* The exponent e of row i (rows = 1) or column i (rows = 0) of P (m x n, ld, packed): every entry's
 * real and imaginary part below 2^e (frexp of the largest; 0 for a zero line). Rows: a thread per
 * row (coalesced along the columns); columns: a block of 256 per column. */
HZGSVD_PRIVATE __global__ void hzgsvd__pre_row_exp(const double *P, int ld, int m, int n, int planes, int *ex)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m) return;
    double mx = 0.0;
    for (int k = 0; k < n; ++k) {
        const size_t o = ((size_t)i + (size_t)k * ld) * planes;
        mx = fmax(mx, fabs(P[o]));
        if (planes == 2) mx = fmax(mx, fabs(P[o + 1]));
    }
    int e;
    (void)frexp(mx, &e);
    ex[i] = e;
}

/* P <- its head on the grid of its row's (by_row) or column's exponent, T <- the exact tail. */
HZGSVD_PRIVATE __global__ void hzgsvd__pre_split(double *P, double *T, int ld, int m, int planes, const int *ex, int by_row, int beta)
{
    const int j = blockIdx.y, i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m) return;
    const int e = ex[by_row ? i : j];
    const size_t o = ((size_t)i + (size_t)j * ld) * planes;
    for (int v = 0; v < planes; ++v) {
        const double x = P[o + v], h = hzgsvd__refine_head(x, e, beta);
        P[o + v] = h;
        T[o + v] = x - h;
    }
}

/* Column j of D <- column n - 1 - j of S (n x n, ld n): the eigenvectors in descending order. */
HZGSVD_PRIVATE __global__ void hzgsvd__pre_reverse(const double *S, double *D, int n, int planes)
{
    const int j = blockIdx.y, i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const size_t d = ((size_t)i + (size_t)j * n) * planes, s = ((size_t)i + (size_t)(n - 1 - j) * n) * planes;
    D[d] = S[s];
    if (planes == 2) D[d + 1] = S[s + 1];
}

/* Block-wide maximum and sum of 256 threads (fixed tree: the same result for any schedule). */
HZGSVD_PRIVATE __device__ double hzgsvd__pre_block(double v, int is_max)
{
    __shared__ double red[256];
    const int t = threadIdx.x;
    __syncthreads();
    red[t] = v;
    __syncthreads();
    for (int s = 128; s > 0; s >>= 1) {
        if (t < s) red[t] = is_max ? fmax(red[t], red[t + s]) : __dadd_rn(red[t], red[t + s]);
        __syncthreads();
    }
    return red[0];
}

/* The 2-norm of len values |x_i| (x_i = scale_i * entry i of a column of planes), scaled by the
 * largest (no overflow or underflow of squares).  Every thread returns it. */
template <class A>
HZGSVD_PRIVATE __device__ double hzgsvd__pre_norm(int len, A at)
{
    double mx = 0.0, s = 0.0;
    for (int i = threadIdx.x; i < len; i += blockDim.x) mx = fmax(mx, at(i));
    mx = hzgsvd__pre_block(mx, 1);
    if (!(mx > 0.0) || !isfinite(mx)) return mx;
    for (int i = threadIdx.x; i < len; i += blockDim.x) { const double r = at(i) / mx; s = fma(r, r, s); }
    return mx * sqrt(hzgsvd__pre_block(s, 0));
}

HZGSVD_PRIVATE __global__ void __launch_bounds__(256) hzgsvd__pre_col_exp(const double *P, int ld, int m, int planes, int *ex)
{
    const int j = blockIdx.x;
    double mx = 0.0;
    for (int i = threadIdx.x; i < m * planes; i += blockDim.x) mx = fmax(mx, fabs(P[(size_t)j * ld * planes + i]));
    mx = hzgsvd__pre_block(mx, 1);
    if (threadIdx.x == 0) {
        int e;
        (void)frexp(mx, &e);
        ex[j] = e;
    }
}

/* The trust test, one block of 256 per column j < n: ||D z0_j|| / ||[F; G] z0_j|| (F Z0 and G Z0
 * already in the working planes; D_k = hypot(nf_k, ng_k)); the largest into *growth as the bits
 * of a non-negative double (an integer maximum: the same for any schedule; non-finite -> inf). */
HZGSVD_PRIVATE __global__ void __launch_bounds__(256) hzgsvd__pre_growth(hzgsvd__gpu_work M, int m_f, int m_g, int n, const double *z0,
                                                                          const double *nf, const double *ng, int planes,
                                                                          unsigned long long *growth)
{
    const int j = blockIdx.x;
    const double *zj = z0 + (size_t)j * n * planes;
    auto zabs = [&](int k) { return hypot(nf[k], ng[k]) * (planes == 2 ? hypot(zj[2 * k], zj[2 * k + 1]) : fabs(zj[k])); };
    auto fabs_ = [&](int i) {
        const size_t o = (size_t)i + (size_t)j * M.mf;
        return planes == 2 ? hypot(M.F[0][o], M.F[1][o]) : fabs(M.F[0][o]);
    };
    auto gabs_ = [&](int i) {
        const size_t o = (size_t)i + (size_t)j * M.mg;
        return planes == 2 ? hypot(M.G[0][o], M.G[1][o]) : fabs(M.G[0][o]);
    };
    const double a = hzgsvd__pre_norm(n, zabs), f = hzgsvd__pre_norm(m_f, fabs_), g = hzgsvd__pre_norm(m_g, gabs_);
    if (threadIdx.x == 0) {
        double r = a / hypot(f, g);
        if (!(r >= 0.0) || !isfinite(r)) r = HUGE_VAL;
        atomicMax(growth, (unsigned long long)__double_as_longlong(r));
    }
}

/* The rank probe's ||G||_1 (G: m rows of the working planes, ld ldw), one block of 256 per column:
 * the column's sum of |g_ij| by the fixed tree, the largest into *norm1 as the bits of a
 * non-negative double (an integer maximum: the same for any schedule). */
HZGSVD_PRIVATE __global__ void __launch_bounds__(256) hzgsvd__pre_norm1(const double *G0, const double *G1, int ldw, int m, int planes,
                                                                         unsigned long long *norm1)
{
    const size_t c = (size_t)blockIdx.x * ldw;
    double s = 0.0;
    for (int i = threadIdx.x; i < m; i += blockDim.x) s = __dadd_rn(s, planes == 2 ? hypot(G0[c + i], G1[c + i]) : fabs(G0[c + i]));
    s = hzgsvd__pre_block(s, 0);
    if (threadIdx.x == 0) atomicMax(norm1, (unsigned long long)__double_as_longlong(s));
}

/* The rank probe, one block of 256: out[0] the first j with |R(j,j)| <= tol = scale ||G||_1 2^-52
 * (R: the upper triangle of P, ld, packed), +inf where none; out[1] that |R(j,j)|; out[2] tol.
 * LAPACK's tolerance for G in xGGSVD3 (scale = max(m_g, n)), as the CPU stage's probe. */
HZGSVD_PRIVATE __global__ void __launch_bounds__(256) hzgsvd__pre_probe(const double *P, int ld, int n, int planes, double scale,
                                                                         const unsigned long long *norm1, double *out)
{
    const double tol = scale * __longlong_as_double((long long)*norm1) * 0x1p-52;
    auto rjj = [&](int j) {
        const size_t o = ((size_t)j + (size_t)j * ld) * planes;
        return planes == 2 ? hypot(P[o], P[o + 1]) : fabs(P[o]);
    };
    double v = -HUGE_VAL;   /* -(this thread's first such j): its j ascend */
    for (int j = threadIdx.x; j < n; j += blockDim.x)
        if (rjj(j) <= tol) { v = -(double)j; break; }
    const double first = -hzgsvd__pre_block(v, 1);
    if (threadIdx.x == 0) {
        out[0] = first;
        out[1] = first < HUGE_VAL ? rjj((int)first) : 0.0;
        out[2] = tol;
    }
}

/* After initFGZ (Z = diag(z)): Z(0:n, j) <- Z0(:, j) z_j for j < n (the bordering columns keep
 * their unit). One block per column. */
HZGSVD_PRIVATE __global__ void hzgsvd__pre_apply(hzgsvd__gpu_work M, const double *z0, int n, int planes)
{
    const int j = blockIdx.x;
    const double z = M.Z[0][(size_t)j * M.nz + j];
    __syncthreads();   /* every thread has read the diagonal before any writes it */
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        const size_t o = (size_t)i + (size_t)j * M.nz, s = ((size_t)i + (size_t)j * n) * planes;
        M.Z[0][o] = z0[s] * z;
        if (planes == 2) M.Z[1][o] = z0[s + 1] * z;
    }
}

/* ---- the stage -------------------------------------------------------------------------------- */

/* Frees the stage's scratch (queued on its stream). */
HZGSVD_PRIVATE void hzgsvd__gpu_pre_free(hzgsvd__gpu_pre *P)
{
    if (P->mem) (void)cudaFreeAsync(P->mem, P->stream);
    P->mem = NULL;
    P->z0 = NULL;
}

/* Z <- Z0 diag(z) after initFGZ, where the stage kept a Z0; frees the scratch. */
HZGSVD_PRIVATE cudaError_t hzgsvd__gpu_pre_apply(hzgsvd__gpu_pre *P, const hzgsvd__gpu_work *M, int n, int planes, cudaStream_t stream)
{
    if (!P->z0) return cudaSuccess;
    hzgsvd__pre_apply<<<n, 256, 0, stream>>>(*M, P->z0, n, planes);
    const cudaError_t e = cudaGetLastError();
    hzgsvd__gpu_pre_free(P);
    return e;
}

/* Whether this run takes the preconditioner, before anything is computed: *why gets the note of
 * a plain start (NULL: precondition). QR_EIG or QR_SVD where it cannot run is refused (checked earlier, by
 * hzgsvd__gpu_pre_check). */
HZGSVD_PRIVATE const char *hzgsvd__gpu_pre_skip(const hzgsvd_options *o, int n, int inplace)
{
    if (o->precondition == HZGSVD_PRECONDITION_NONE) return "the plain start (options.precondition = NONE)";
#ifdef HZGSVD_GPU_NO_CUSOLVER
    (void)n; (void)inplace;
    return "the plain start (built with HZGSVD_GPU_NO_CUSOLVER: no preconditioner)";
#else
    if (inplace) return "the plain start (the in-place mode has no preconditioner)";
    if (o->precondition == HZGSVD_PRECONDITION_AUTO && n < HZGSVD__PRECONDITION_AUTO_N) return "the plain start (AUTO: n below 256)";
    if (o->precondition == HZGSVD_PRECONDITION_AUTO && o->max_sweeps < 2) return HZGSVD__PRECONDITION_ONE_SWEEP;
    return NULL;
#endif
}

/* The argument check: a preconditioner asked by name where it cannot run. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_pre_check(const hzgsvd_options *o, int inplace, hzgsvd_info *info)
{
    if (!hzgsvd__pre_named(o->precondition)) return HZGSVD_SUCCESS;
#ifdef HZGSVD_GPU_NO_CUSOLVER
    (void)inplace;
    return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.precondition = %s: this build has no cuSOLVER (HZGSVD_GPU_NO_CUSOLVER)",
                        hzgsvd__pre_enum(o->precondition));
#else
    if (inplace)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.precondition = %s: the in-place mode has no preconditioner (AUTO or NONE)",
                            hzgsvd__pre_enum(o->precondition));
    return HZGSVD_SUCCESS;
#endif
}

#ifndef HZGSVD_GPU_NO_CUSOLVER

#define HZGSVD__CUB(call)                                                                                       \
    do {                                                                                                        \
        const cublasStatus_t e_ = (call);                                                                       \
        if (e_ != CUBLAS_STATUS_SUCCESS) {                                                                      \
            st = hzgsvd__fail(info, e_ == CUBLAS_STATUS_ALLOC_FAILED ? HZGSVD_ERR_OUT_OF_MEMORY : HZGSVD_ERR_CUBLAS, \
                              "%s failed: %s (%d)", #call, cublasGetStatusString(e_), (int)e_);                 \
            goto done;                                                                                          \
        }                                                                                                       \
    } while (0)
#define HZGSVD__CUS(call)                                                                                       \
    do {                                                                                                        \
        const cusolverStatus_t e_ = (call);                                                                     \
        if (e_ != CUSOLVER_STATUS_SUCCESS) {                                                                    \
            st = hzgsvd__fail(info, e_ == CUSOLVER_STATUS_ALLOC_FAILED ? HZGSVD_ERR_OUT_OF_MEMORY : HZGSVD_ERR_CUSOLVER, \
                              "%s failed: cusolverStatus_t %d", #call, (int)e_);                                \
            goto done;                                                                                          \
        }                                                                                                       \
    } while (0)

/* The solvers of one stage: handles, and the scratch's parts. */
typedef struct hzgsvd__pre_solvers {
    cusolverDnHandle_t sol;
    cusolverDnParams_t par;
    cublasHandle_t blas;
    cudaDataType type;
    int kind, planes, mx, n;                   /* kind: QR_EIG or QR_SVD */
    double *P1, *P2, *P3, *P4, *S, *S1, *Sr, *tau, *lam, *dwork;   /* P1..P4: mx x n (ld mx); S (Z0), S1, Sr (its head, tail): n x n */
    int *dinfo, *ex;                           /* ex: mx + n exponents of the split */
    unsigned long long *growth, *norm1;        /* the trust test's measure, the rank probe's ||G||_1 (bits) */
    double *probe;                             /* the rank probe's verdict (hzgsvd__pre_probe's out) */
    void *hwork;
    size_t dbytes, hbytes;
} hzgsvd__pre_solvers;

/* Handles on the stream, the workspace sizes of the QR and of kind's solver (Xsyevd or Xgesvd on
 * max(m_f, n) rows: hzgsvd__pre_svd), one allocation for everything. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_open(hzgsvd__pre_solvers *S, hzgsvd__gpu_pre *P, int kind, int m_f, int m_g, int n, int planes,
                                              cudaStream_t stream, int *no_memory, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const size_t el = sizeof(double) * planes;
    size_t qd = 0, qh = 0, ed = 0, eh = 0;
    S->kind = kind; S->planes = planes; S->n = n; S->mx = m_f > m_g ? m_f : m_g;
    S->type = planes == 2 ? CUDA_C_64F : CUDA_R_64F;
    HZGSVD__CUS(cusolverDnCreate(&S->sol));
    HZGSVD__CUS(cusolverDnSetStream(S->sol, stream));
    HZGSVD__CUS(cusolverDnSetDeterministicMode(S->sol, CUSOLVER_DETERMINISTIC_RESULTS));
    HZGSVD__CUS(cusolverDnCreateParams(&S->par));
    HZGSVD__CUB(cublasCreate(&S->blas));
    HZGSVD__CUB(cublasSetStream(S->blas, stream));
    HZGSVD__CUS(cusolverDnXgeqrf_bufferSize(S->sol, S->par, m_g, n, S->type, NULL, S->mx, S->type, NULL, S->type, &qd, &qh));
    if (kind == HZGSVD_PRECONDITION_QR_SVD)
        HZGSVD__CUS(cusolverDnXgesvd_bufferSize(S->sol, S->par, 'N', 'S', m_f > n ? m_f : n, n, S->type, NULL, S->mx, CUDA_R_64F, NULL, S->type,
                                                NULL, S->mx, S->type, NULL, n, S->type, &ed, &eh));
    else
        HZGSVD__CUS(cusolverDnXsyevd_bufferSize(S->sol, S->par, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n, S->type, NULL, n, CUDA_R_64F,
                                                NULL, S->type, &ed, &eh));
    S->dbytes = qd > ed ? qd : ed;
    S->hbytes = qh > eh ? qh : eh;
    {
        const size_t b_p = hzgsvd__align256(el * (size_t)S->mx * n), b_s = hzgsvd__align256(el * (size_t)n * n);
        const size_t b_v = hzgsvd__align256(el * (size_t)n) + hzgsvd__align256(sizeof(double) * (size_t)n);
        const size_t b_e = hzgsvd__align256(sizeof(int) * ((size_t)S->mx + n));
        const size_t bytes = 4 * b_p + 3 * b_s + b_v + b_e + hzgsvd__align256(S->dbytes) + 512;
        if (cudaMallocAsync(&P->mem, bytes, stream) != cudaSuccess) { (void)cudaGetLastError(); P->mem = NULL; *no_memory = 1; goto done; }
        P->stream = stream;
        char *c = (char *)P->mem;
        S->P1 = (double *)c; c += b_p;
        S->P2 = (double *)c; c += b_p;
        S->P3 = (double *)c; c += b_p;
        S->P4 = (double *)c; c += b_p;
        S->S = (double *)c; c += b_s;
        S->S1 = (double *)c; c += b_s;
        S->Sr = (double *)c; c += b_s;
        S->ex = (int *)c; c += b_e;
        S->tau = (double *)c; c += hzgsvd__align256(el * (size_t)n);
        S->lam = (double *)c; c += hzgsvd__align256(sizeof(double) * (size_t)n);
        S->dwork = (double *)c; c += hzgsvd__align256(S->dbytes);
        S->dinfo = (int *)c;   /* the last 512 bytes: four 128-byte slots */
        S->growth = (unsigned long long *)(c + 128);
        S->norm1 = (unsigned long long *)(c + 256);
        S->probe = (double *)(c + 384);
    }
    if (S->hbytes && !(S->hwork = malloc(S->hbytes))) st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "preconditioner host workspace");
done:
    return st;
}

HZGSVD_PRIVATE void hzgsvd__pre_close(hzgsvd__pre_solvers *S)
{
    if (S->par) cusolverDnDestroyParams(S->par);
    if (S->sol) cusolverDnDestroy(S->sol);
    if (S->blas) cublasDestroy(S->blas);
    free(S->hwork);
}

/* Triangular solve with R (upper, n x n in P1, ld mx) in place on B (rows x cols, ld ldb):
 * right: B R^-1; left: R^-1 B. */
HZGSVD_PRIVATE cublasStatus_t hzgsvd__pre_trsm(const hzgsvd__pre_solvers *S, int right, int rows, int cols, double *B, int ldb)
{
    const cublasSideMode_t side = right ? CUBLAS_SIDE_RIGHT : CUBLAS_SIDE_LEFT;
    if (S->planes == 1) {
        const double one = 1.0;
        return cublasDtrsm(S->blas, side, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, rows, cols, &one, S->P1, S->mx, B, ldb);
    }
    const cuDoubleComplex one = make_cuDoubleComplex(1.0, 0.0);
    return cublasZtrsm(S->blas, side, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, rows, cols, &one, (const cuDoubleComplex *)S->P1,
                       S->mx, (cuDoubleComplex *)B, ldb);
}

/* S <- C^H C (upper triangle) for C = P2 (m_f x n, ld mx). */
HZGSVD_PRIVATE cublasStatus_t hzgsvd__pre_gram(const hzgsvd__pre_solvers *S, int m_f)
{
    const double one = 1.0, zero = 0.0;
    if (S->planes == 1) return cublasDsyrk(S->blas, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, S->n, m_f, &one, S->P2, S->mx, &zero, S->S, S->n);
    return cublasZherk(S->blas, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_C, S->n, m_f, &one, (const cuDoubleComplex *)S->P2, S->mx, &zero,
                       (cuDoubleComplex *)S->S, S->n);
}

/* C (m x n, ld mx) <- A B (+ C where acc), B n x n (ld n), packed. */
HZGSVD_PRIVATE cublasStatus_t hzgsvd__pre_gemm(const hzgsvd__pre_solvers *S, int m, const double *A, const double *B, double *C, int acc)
{
    const double one[2] = {1.0, 0.0}, zero[2] = {0.0, 0.0};
    return cublasGemmEx(S->blas, CUBLAS_OP_N, CUBLAS_OP_N, m, S->n, S->n, one, A, S->type, S->mx, B, S->type, S->n, acc ? one : zero, C,
                        S->type, S->mx, CUBLAS_COMPUTE_64F, CUBLAS_GEMM_DEFAULT);
}

/* S1, Sr <- the head and tail of Z0 (S) by columns, for k products per entry. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_split_z0(const hzgsvd__pre_solvers *S, cudaStream_t stream, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int n = S->n, beta = hzgsvd__refine_beta((long long)S->planes * n);
    HZGSVD__CU(cudaMemcpyAsync(S->S1, S->S, sizeof(double) * S->planes * (size_t)n * n, cudaMemcpyDeviceToDevice, stream));
    hzgsvd__pre_col_exp<<<n, 256, 0, stream>>>(S->S1, n, n, S->planes, S->ex + S->mx);
    HZGSVD__CU(cudaGetLastError());
    hzgsvd__pre_split<<<dim3((n + 255) / 256, n), 256, 0, stream>>>(S->S1, S->Sr, n, n, S->planes, S->ex + S->mx, 0, beta);
    HZGSVD__CU(cudaGetLastError());
done:
    return st;
}

/* Working planes W (m rows, ld ldw) <- W Z0 with one rounding per entry: W packed and split by rows
 * into W1 (P1) and Wr (P4); P2 = W1 Zr + Wr Z0, P3 = W1 Z1 (exact); W = P3 + P2. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_form(const hzgsvd__pre_solvers *S, double *const W[2], int m, int ldw, cudaStream_t stream,
                                              hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const dim3 grid((m + 255) / 256, S->n);
    const int beta = hzgsvd__refine_beta((long long)S->planes * S->n);
    hzgsvd__pre_pack<<<grid, 256, 0, stream>>>(W[0], W[1], ldw, m, S->P1, S->mx, S->planes);
    HZGSVD__CU(cudaGetLastError());
    hzgsvd__pre_row_exp<<<(m + 255) / 256, 256, 0, stream>>>(S->P1, S->mx, m, S->n, S->planes, S->ex);
    HZGSVD__CU(cudaGetLastError());
    hzgsvd__pre_split<<<grid, 256, 0, stream>>>(S->P1, S->P4, S->mx, m, S->planes, S->ex, 1, beta);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CUB(hzgsvd__pre_gemm(S, m, S->P1, S->Sr, S->P2, 0));
    HZGSVD__CUB(hzgsvd__pre_gemm(S, m, S->P4, S->S, S->P2, 1));
    HZGSVD__CUB(hzgsvd__pre_gemm(S, m, S->P1, S->S1, S->P3, 0));
    hzgsvd__pre_unpack_sum<<<grid, 256, 0, stream>>>(W[0], W[1], ldw, m, S->P3, S->P2, S->mx, S->planes);
    HZGSVD__CU(cudaGetLastError());
done:
    return st;
}

/* R: the QR of G (packed into P1; geqrf's devInfo checked here).  With probe (the front door's
 * run): out[0] the first column j with |R(j,j)| <= max(m_g, n) ||G||_1 2^-52 (+inf: none), out[1]
 * that |R(j,j)|, out[2] the tolerance; ||G||_1 of the working G (untouched by the QR). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_qr(hzgsvd__pre_solvers *S, const hzgsvd__gpu_work *M, int m_g, int probe, cudaStream_t stream,
                                            double out[3], hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int n = S->n;
    int h_info = 0;
    out[0] = HUGE_VAL;
    hzgsvd__pre_pack<<<dim3((m_g + 255) / 256, n), 256, 0, stream>>>(M->G[0], M->G[1], M->mg, m_g, S->P1, S->mx, S->planes);
    HZGSVD__CU(cudaGetLastError());
    if (probe) {
        HZGSVD__CU(cudaMemsetAsync(S->norm1, 0, sizeof *S->norm1, stream));
        hzgsvd__pre_norm1<<<n, 256, 0, stream>>>(M->G[0], M->G[1], M->mg, m_g, S->planes, S->norm1);
        HZGSVD__CU(cudaGetLastError());
    }
    HZGSVD__CUS(cusolverDnXgeqrf(S->sol, S->par, m_g, n, S->type, S->P1, S->mx, S->type, S->tau, S->type, S->dwork, S->dbytes, S->hwork,
                                 S->hbytes, S->dinfo));
    HZGSVD__CU(cudaMemcpyAsync(&h_info, S->dinfo, sizeof(int), cudaMemcpyDeviceToHost, stream));
    if (probe) {
        hzgsvd__pre_probe<<<1, 256, 0, stream>>>(S->P1, S->mx, n, S->planes, (double)(m_g > n ? m_g : n), S->norm1, S->probe);
        HZGSVD__CU(cudaGetLastError());
        HZGSVD__CU(cudaMemcpyAsync(out, S->probe, sizeof(double) * 3, cudaMemcpyDeviceToHost, stream));
    }
    HZGSVD__CU(cudaStreamSynchronize(stream));
    if (h_info < 0) return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "the preconditioner's geqrf refused argument %d", -h_info);
done:
    return st;
}

/* W of QR_EIG into P2 (ld n): the eigenvectors of C^H C, C = P2 (m_f x n, ld mx), descending;
 * *h_info: syevd's devInfo (valid after the stream's next synchronisation). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_eig(const hzgsvd__pre_solvers *S, int m_f, int *h_info, cudaStream_t stream, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int n = S->n;
    HZGSVD__CUB(hzgsvd__pre_gram(S, m_f));                                 /* C^H C */
    HZGSVD__CUS(cusolverDnXsyevd(S->sol, S->par, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n, S->type, S->S, n, CUDA_R_64F, S->lam,
                                 S->type, S->dwork, S->dbytes, S->hwork, S->hbytes, S->dinfo));
    HZGSVD__CU(cudaMemcpyAsync(h_info, S->dinfo, sizeof(int), cudaMemcpyDeviceToHost, stream));
    hzgsvd__pre_reverse<<<dim3((n + 255) / 256, n), 256, 0, stream>>>(S->S, S->P2, n, S->planes);   /* ascending -> descending */
    HZGSVD__CU(cudaGetLastError());
done:
    return st;
}

/* W of QR_SVD into P2 (ld n): the right singular vectors of C = P2 (m_f x n, ld mx; destroyed),
 * descending as Xgesvd gives them: V^H (jobvt 'S', no U) into S, then W = (V^H)^H by geam (its own
 * buffer: geam's transpose is out of place).  Xgesvd wants m >= n: every run of the engine has
 * m_f >= n (hzgsvd__check_args); a shorter C would be padded with zero rows up to n (mx >= m_g >= n),
 * which leaves V as it is.  *h_info: gesvd's devInfo (valid after the next synchronisation). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_svd(const hzgsvd__pre_solvers *S, int m_f, int *h_info, cudaStream_t stream, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int n = S->n, PL = S->planes;
    const size_t el = sizeof(double) * PL;
    if (m_f < n) HZGSVD__CU(cudaMemset2DAsync(S->P2 + (size_t)m_f * PL, el * S->mx, 0, el * (size_t)(n - m_f), n, stream));
    HZGSVD__CUS(cusolverDnXgesvd(S->sol, S->par, 'N', 'S', m_f > n ? m_f : n, n, S->type, S->P2, S->mx, CUDA_R_64F, S->lam, S->type, NULL, S->mx,
                                 S->type, S->S, n, S->type, S->dwork, S->dbytes, S->hwork, S->hbytes, S->dinfo));
    HZGSVD__CU(cudaMemcpyAsync(h_info, S->dinfo, sizeof(int), cudaMemcpyDeviceToHost, stream));
    if (PL == 1) {
        const double one = 1.0, zero = 0.0;
        HZGSVD__CUB(cublasDgeam(S->blas, CUBLAS_OP_T, CUBLAS_OP_N, n, n, &one, S->S, n, &zero, S->S, n, S->P2, n));
    } else {
        const cuDoubleComplex one = make_cuDoubleComplex(1.0, 0.0), zero = make_cuDoubleComplex(0.0, 0.0);
        const cuDoubleComplex *vh = (const cuDoubleComplex *)S->S;
        HZGSVD__CUB(cublasZgeam(S->blas, CUBLAS_OP_C, CUBLAS_OP_N, n, n, &one, vh, n, &zero, vh, n, (cuDoubleComplex *)S->P2, n));
    }
done:
    return st;
}

/* Z0 into S->S: QR of G, C = F R^-1, W of S->kind (hzgsvd__pre_eig, _svd), R^-1 W.  *failed: the
 * eigen- or singular value solver did not converge (cuSOLVER's info).  With probe: where the QR
 * shows G numerically rank deficient (hzgsvd__pre_qr), out[0] < inf and Z0 is not computed. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_z0(hzgsvd__pre_solvers *S, const hzgsvd__gpu_work *M, int m_f, int m_g, int probe, cudaStream_t stream,
                                            int *failed, double out[3], hzgsvd_info *info)
{
    hzgsvd_status st = hzgsvd__pre_qr(S, M, m_g, probe, stream, out, info);
    const int n = S->n, PL = S->planes;
    int h_info = 0;
    if (st != HZGSVD_SUCCESS || out[0] < HUGE_VAL) return st;
    hzgsvd__pre_pack<<<dim3((m_f + 255) / 256, n), 256, 0, stream>>>(M->F[0], M->F[1], M->mf, m_f, S->P2, S->mx, PL);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CUB(hzgsvd__pre_trsm(S, 1, m_f, n, S->P2, S->mx));             /* C = F R^-1 */
    st = S->kind == HZGSVD_PRECONDITION_QR_SVD ? hzgsvd__pre_svd(S, m_f, &h_info, stream, info) : hzgsvd__pre_eig(S, m_f, &h_info, stream, info);
    if (st != HZGSVD_SUCCESS) return st;
    HZGSVD__CUB(hzgsvd__pre_trsm(S, 0, n, n, S->P2, n));                   /* Z0 = R^-1 W */
    HZGSVD__CU(cudaMemcpyAsync(S->S, S->P2, sizeof(double) * PL * (size_t)n * n, cudaMemcpyDeviceToDevice, stream));
    HZGSVD__CU(cudaStreamSynchronize(stream));
    if (h_info < 0)
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "the preconditioner's %s refused argument %d",
                            S->kind == HZGSVD_PRECONDITION_QR_SVD ? "gesvd" : "syevd", -h_info);
    *failed = h_info > 0;
done:
    return st;
}

/* Form F Z0, G Z0 in the working planes and run the trust test; *growth its measure. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__pre_apply_test(const hzgsvd__pre_solvers *S, const hzgsvd__gpu_work *M, int m_f, int m_g,
                                                    const double *d_nf, const double *d_ng, cudaStream_t stream, double *growth,
                                                    hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    unsigned long long bits = 0;
    st = hzgsvd__pre_split_z0(S, stream, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__pre_form(S, M->F, m_f, M->mf, stream, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__pre_form(S, M->G, m_g, M->mg, stream, info);
    if (st != HZGSVD_SUCCESS) return st;
    HZGSVD__CU(cudaMemsetAsync(S->growth, 0, sizeof bits, stream));
    hzgsvd__pre_growth<<<S->n, 256, 0, stream>>>(*M, m_f, m_g, S->n, S->S, d_nf, d_ng, S->planes, S->growth);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CU(cudaMemcpyAsync(&bits, S->growth, sizeof bits, cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaStreamSynchronize(stream));
    memcpy(growth, &bits, sizeof *growth);
done:
    return st;
}

#endif /* HZGSVD_GPU_NO_CUSOLVER */

/* The stage, after the load (M holds the loaded, range-scaled pair; d_nf, d_ng its column norms);
 * kind: QR_EIG or QR_SVD, what it computes where options o do not skip it (hzgsvd__gpu_pre_kind, or
 * QR_SVD where a QR_EIG start gave way: hzgsvd__start_gives_way), o->precondition its failure policy.
 * On success with P->z0 set the working planes hold F Z0, G Z0 (hzgsvd__gpu_pre_apply puts Z0 into
 * Z after initFGZ); *reload: the working planes were overwritten but Z0 rejected (the caller loads
 * the pair again and takes the plain start).  Fills info's preconditioner fields.  probe (the front
 * door's run, which can reroute: hzgsvd__reroutes of the run's mode): a G that the QR shows
 * numerically rank deficient returns HZGSVD_ERR_RANK_DEFICIENT at once, the working planes
 * untouched, so that the pair goes to the reduction without the sweeps that would stall on it. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_precondition(hzgsvd__gpu_pre *P, const hzgsvd__gpu_work *M, int planes, int m_f, int m_g, int n,
                                                      const double *d_nf, const double *d_ng, const hzgsvd_options *o, int kind,
                                                      int inplace, int probe, cudaStream_t stream, int *reload, hzgsvd_info *info)
{
    const char *skip = hzgsvd__gpu_pre_skip(o, n, inplace);
    *reload = 0;
    P->mem = NULL; P->z0 = NULL; P->stream = stream; P->kind = HZGSVD_PRECONDITION_NONE;
    if (info) {
        info->preconditioner = HZGSVD_PRECONDITION_NONE;
        info->precondition_seconds = 0.0;
        info->precondition_growth = 0.0;
        info->precondition_note = skip ? skip : "the plain start (the preconditioner failed: info.detail says why)";
    }
    if (skip) return HZGSVD_SUCCESS;
#ifdef HZGSVD_GPU_NO_CUSOLVER
    (void)M; (void)planes; (void)m_f; (void)m_g; (void)d_nf; (void)d_ng; (void)kind; (void)probe; (void)reload;
    return HZGSVD_SUCCESS;
#else
    const double t0 = hzgsvd__now();
    hzgsvd__pre_solvers S;
    int no_memory = 0, failed = 0;
    double growth = 0.0, pr[3] = {HUGE_VAL, 0.0, 0.0};   /* the probe's column, |R(j,j)|, tol */
    memset(&S, 0, sizeof S);
    hzgsvd_status st = hzgsvd__pre_open(&S, P, kind, m_f, m_g, n, planes, stream, &no_memory, info);
    if (st == HZGSVD_SUCCESS && !no_memory) st = hzgsvd__pre_z0(&S, M, m_f, m_g, probe, stream, &failed, pr, info);
    if (st == HZGSVD_SUCCESS && !no_memory && !failed && !(pr[0] < HUGE_VAL)) {
        st = hzgsvd__pre_apply_test(&S, M, m_f, m_g, d_nf, d_ng, stream, &growth, info);
        *reload = 1;
    }
    hzgsvd__pre_close(&S);
    if (st == HZGSVD_SUCCESS && pr[0] < HUGE_VAL) {
        hzgsvd__gpu_pre_free(P);
        return hzgsvd__pre_deficient(info, (int)pr[0], pr[1], pr[2], hzgsvd__now() - t0);
    }
    if (st != HZGSVD_SUCCESS) {
        hzgsvd__gpu_pre_free(P);
        /* AUTO: a library failure before the working planes were touched (handles, workspaces: device
         * memory running short) takes the plain start, as a failed scratch allocation does */
        if (o->precondition != HZGSVD_PRECONDITION_AUTO || *reload || cudaGetLastError() != cudaSuccess) return st;
        if (info) info->precondition_note = "the plain start (a cuBLAS or cuSOLVER call of the preconditioner failed: device memory short?)";
        return HZGSVD_SUCCESS;
    }
    if (!hzgsvd__pre_keep(info, kind, no_memory ? "the plain start (no device memory for the preconditioner's scratch)"
                                : !failed ? NULL
                                : kind == HZGSVD_PRECONDITION_QR_SVD ? "the plain start (the preconditioner's SVD did not converge)"
                                                                     : "the plain start (the preconditioner's eigensolver did not converge)",
                          growth, hzgsvd__now() - t0)) {
        hzgsvd__gpu_pre_free(P);
        return HZGSVD_SUCCESS;
    }
    *reload = 0;
    P->z0 = S.S;
    P->kind = kind;
    return HZGSVD_SUCCESS;
#endif
}
#line 1240 HZGSVD__SRC_FILE("generated/hzgsvd_gpu_impl.cuh")
/*** end templates/hzgsvd_gpu_precondition.cu ***/

/*** begin templates/hzgsvd_gpu_kernels.cu.j2 [d] ***/
/* The single-GPU kernels around the block step, real (d): initFGZ (paper
 * section 3.3), rescale (3.4), loading, bordering, input checks and output gathering.  The block
 * step itself is templates/hzgsvd_gpu_step.cu.j2.  Every reduction has a fixed order (butterfly
 * shuffles, fixed loops): bitwise reproducible.  Kernels are HZGSVD_PRIVATE (static): each
 * translation unit that includes the engine has its own. */

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
    if (!f) {
        /* an ill-conditioned pivot block leaves |rho - 1| far above a few u: then F and G are
         * scaled with Z, so that F_work = F Z holds (docs/NUMERICS.md, "Ill-conditioned pivot blocks") */
        if (fabs(rho - 1.0) > (double)(M.mf > M.mg ? M.mf : M.mg) * HZGSVD__U) {
            hzgsvd__d_colscale(M.F + cf, M.mf, rho);
            hzgsvd__d_colscale(M.G + cg, M.mg, rho);
        }
        return;
    }
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
                                                          int *first_bad, int *first_zero, double *norms, int *exps)
{
    __shared__ double part[128], top[128];
    const int j = blockIdx.x, x = threadIdx.x;
    if (j >= n) return;
    int nonzero = 0, bad = 0x7fffffff;
    double s = 0.0, a = 0.0;
    for (int i = x; i < m; i += blockDim.x) {
        const double v = W[(size_t)i + (size_t)j * ldw];
        if (!isfinite(v) && bad == 0x7fffffff) bad = i;
        nonzero |= (v != 0.0);
        s = fma(v, v, s);
        a = fmax(a, fabs(v));
    }
    if (bad != 0x7fffffff) atomicMin(first_bad, j * m + bad);   /* < m*n <= 2^31 - 1 (checked by the host) */
    part[x] = s;
    top[x] = a;
    nonzero = __syncthreads_or(nonzero);
    for (int h = 64; h > 0; h >>= 1) {
        if (x < h) { part[x] = __dadd_rn(part[x], part[x + h]); top[x] = fmax(top[x], top[x + h]); }
        __syncthreads();
    }
    if (x == 0) {
        norms[j] = sqrt(part[0]);
        (void)frexp(top[0], &exps[j]);          /* the range plan's exponent of the column */
        if (!nonzero) atomicMin(first_zero, j);
    }
}

/* Range scaling (hzgsvd__range): W(i, j) <- 2^(shift + col[j]) W(i, j), first m rows, n columns. */
HZGSVD_PRIVATE __global__ void hzgsvd__d_scale_pow2(double *W, int ldw, int m, int n, int shift, const int *col)
{
    const int j = blockIdx.y, i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m || j >= n) return;
    const size_t d = (size_t)i + (size_t)j * ldw;
    W[d] = ldexp(W[d], shift + col[j]);
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

/* Launchers: the enhanced or the ordinary instance of initFGZ and rescale (one place decides). */
HZGSVD_PRIVATE cudaError_t hzgsvd__d_launch_initFGZ(const hzgsvd__d_gpu_mats *M, int enh, int prescale, int half, int row0, int row1, cudaStream_t s)
{
    if (enh) hzgsvd__d_initFGZ<true><<<M->n / 2, 64, 0, s>>>(*M, prescale, half, row0, row1);
    else hzgsvd__d_initFGZ<false><<<M->n / 2, 64, 0, s>>>(*M, prescale, half, row0, row1);
    return cudaGetLastError();
}

HZGSVD_PRIVATE cudaError_t hzgsvd__d_launch_rescale(const hzgsvd__d_gpu_mats *M, int enh, int f, double *sf, double *sg, double *ss, int *bad, cudaStream_t s)
{
    if (enh) hzgsvd__d_rescale<true><<<M->n / 2, 64, 0, s>>>(*M, f, sf, sg, ss, bad);
    else hzgsvd__d_rescale<false><<<M->n / 2, 64, 0, s>>>(*M, f, sf, sg, ss, bad);
    return cudaGetLastError();
}
/*** end templates/hzgsvd_gpu_kernels.cu.j2 [d] ***/

/*** begin templates/hzgsvd_gpu_kernels.cu.j2 [z] ***/
/* The single-GPU kernels around the block step, complex (z), on split real/imaginary planes: initFGZ (paper
 * section 3.3), rescale (3.4), loading, bordering, input checks and output gathering.  The block
 * step itself is templates/hzgsvd_gpu_step.cu.j2.  Every reduction has a fixed order (butterfly
 * shuffles, fixed loops): bitwise reproducible.  Kernels are HZGSVD_PRIVATE (static): each
 * translation unit that includes the engine has its own. */

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
    if (!f) {
        /* an ill-conditioned pivot block leaves |rho - 1| far above a few u: then F and G are
         * scaled with Z, so that F_work = F Z holds (docs/NUMERICS.md, "Ill-conditioned pivot blocks") */
        if (fabs(rho - 1.0) > (double)(M.mf > M.mg ? M.mf : M.mg) * HZGSVD__U) {
            hzgsvd__z_colscale(M.F + cf, M.Fi + cf, M.mf, rho);
            hzgsvd__z_colscale(M.G + cg, M.Gi + cg, M.mg, rho);
        }
        return;
    }
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
                                                          int *first_bad, int *first_zero, double *norms, int *exps)
{
    __shared__ double part[128], top[128];
    const int j = blockIdx.x, x = threadIdx.x;
    if (j >= n) return;
    int nonzero = 0, bad = 0x7fffffff;
    double s = 0.0, a = 0.0;
    for (int i = x; i < m; i += blockDim.x) {
        const double v = W[(size_t)i + (size_t)j * ldw];
        const double vi = Wi[(size_t)i + (size_t)j * ldw];
        if ((!isfinite(v) || !isfinite(vi)) && bad == 0x7fffffff) bad = i;
        nonzero |= (v != 0.0) || (vi != 0.0);
        s = fma(vi, vi, fma(v, v, s));
        a = fmax(a, fmax(fabs(v), fabs(vi)));
    }
    if (bad != 0x7fffffff) atomicMin(first_bad, j * m + bad);   /* < m*n <= 2^31 - 1 (checked by the host) */
    part[x] = s;
    top[x] = a;
    nonzero = __syncthreads_or(nonzero);
    for (int h = 64; h > 0; h >>= 1) {
        if (x < h) { part[x] = __dadd_rn(part[x], part[x + h]); top[x] = fmax(top[x], top[x + h]); }
        __syncthreads();
    }
    if (x == 0) {
        norms[j] = sqrt(part[0]);
        (void)frexp(top[0], &exps[j]);          /* the range plan's exponent of the column */
        if (!nonzero) atomicMin(first_zero, j);
    }
}

/* Range scaling (hzgsvd__range): W(i, j) <- 2^(shift + col[j]) W(i, j), first m rows, n columns. */
HZGSVD_PRIVATE __global__ void hzgsvd__z_scale_pow2(double *W, double *Wi, int ldw, int m, int n, int shift, const int *col)
{
    const int j = blockIdx.y, i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= m || j >= n) return;
    const size_t d = (size_t)i + (size_t)j * ldw;
    W[d] = ldexp(W[d], shift + col[j]);
    Wi[d] = ldexp(Wi[d], shift + col[j]);
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

/* Launchers: the enhanced or the ordinary instance of initFGZ and rescale (one place decides). */
HZGSVD_PRIVATE cudaError_t hzgsvd__z_launch_initFGZ(const hzgsvd__z_gpu_mats *M, int enh, int prescale, int half, int row0, int row1, cudaStream_t s)
{
    if (enh) hzgsvd__z_initFGZ<true><<<M->n / 2, 64, 0, s>>>(*M, prescale, half, row0, row1);
    else hzgsvd__z_initFGZ<false><<<M->n / 2, 64, 0, s>>>(*M, prescale, half, row0, row1);
    return cudaGetLastError();
}

HZGSVD_PRIVATE cudaError_t hzgsvd__z_launch_rescale(const hzgsvd__z_gpu_mats *M, int enh, int f, double *sf, double *sg, double *ss, int *bad, cudaStream_t s)
{
    if (enh) hzgsvd__z_rescale<true><<<M->n / 2, 64, 0, s>>>(*M, f, sf, sg, ss, bad);
    else hzgsvd__z_rescale<false><<<M->n / 2, 64, 0, s>>>(*M, f, sf, sg, ss, bad);
    return cudaGetLastError();
}
/*** end templates/hzgsvd_gpu_kernels.cu.j2 [z] ***/

/*** begin templates/hzgsvd_gpu_step.cu.j2 [d] ***/
/* The block step of the single-GPU engine, real (d) (paper section 3.5):
 * its three kernels (the host sweeper that runs them as a CUDA graph: hzgsvd_gpu_sweep.cu),
 * split by what bounds each part:
 *   gram    bandwidth: the Gram matrices [Y_p Y_q]^H [Y_p Y_q] of F and G for every pivot block
 *           pair, as partial sums over row chunks (many thread blocks per pair, FP64 tensor cores,
 *           16-byte cp.async tiles); only the lower triangle is formed;
 *   solve   latency: one thread block per pair sums the partials in chunk order, factors both
 *           Gram matrices (Cholesky, concurrently), runs the pointwise Hari-Zimmermann sweeps on
 *           the 2w x 2w factors in shared memory and writes Z-tilde;
 *   update  bandwidth: [Y_p Y_q] <- [Y_p Y_q] Z-tilde for F, G and Z, row chunks again.
 * Block widths w = 16 (the paper's) and w = 32 (pivot order c = 64: half the outer steps, so half
 * the bytes per sweep).  Every sum has a fixed order and the chunking depends on the shape only:
 * results are bitwise reproducible. */

/* What the three kernels of a step need (passed by value). */
typedef struct hzgsvd__d_gpu_step {
    hzgsvd__d_gpu_mats M;
    const int *outer;               /* block-level table, steps x (n / w) */
    double *partial;                /* Gram partials: [pair][chunk (F's, then G's)][c x c] */
    double *zhat;                   /* Z-tilde of each pair, [pair][c x c] */
    int *pmode;                     /* per pair: HZGSVD__PAIR_UPDATE, _SKIP, or the _Q_F / _Q_G bits (gpu_common) */
    hzgsvd__d_gpu_block_stats *stats;   /* per pair, summed over the sweep */
    int w, npairs;
    int grows_f, grows_g, gchunks_f, gchunks_g;          /* Gram row chunks */
    int urows_f, urows_g, urows_z, uchunks_f, uchunks_g, uchunks_z; /* update row chunks */
    int inner_mm, max_inner;
} hzgsvd__d_gpu_step;

/* Global column of local column lc (0 .. 2W-1) of the pivot pair l in step `step`. */
template <int W>
__device__ __forceinline__ int hzgsvd__d_pivot_col(const hzgsvd__d_gpu_step &S, int step, int l, int lc)
{
    const int nblk = S.M.n / W;
    const int *t = S.outer + (size_t)step * nblk + 2 * l;
    return lc < W ? t[0] * W + lc : t[1] * W + lc - W;
}

/* Where R Z-tilde of pair l's F (which = 0) or G (1) slab lies when the slab holds MGS's Q: the
 * solve writes it over the pair's first Gram partials (summed by then), the update reads it
 * there. */
template <int W>
__device__ __forceinline__ double *hzgsvd__d_rz_slot(const hzgsvd__d_gpu_step &S, int l, int which)
{
    constexpr int C = 2 * W;
    const int gch = S.gchunks_f + S.gchunks_g;
    return S.partial + ((size_t)l * gch + which) * C * C;
}

/* ---- per-precision arithmetic ------------------------------------------------------------------
 * The only places where the real and the complex step compute differently; the kernels below call
 * them with pl() argument lists and read the same for both precisions. */

/* Tensor-core tiles u, v (two 8x8 row tiles of one 16x8x4 product) += a^H b, on the fragments of a
 * Gram product (a, a1: A of the two row tiles; b: B). */
__device__ __forceinline__ void hzgsvd__d_mma_conj(double *u, double *v, double a, double a1, double b)
{
    hzgsvd__dmma(u[0], u[1], v[0], v[1], a, a1, b);
}

/* The same, u, v += a b (the update's product). */
__device__ __forceinline__ void hzgsvd__d_mma(double *u, double *v, double a, double a1, double b)
{
    hzgsvd__dmma(u[0], u[1], v[0], v[1], a, a1, b);
}

/* c <- a conj(b) + c, by FMAs (the Cholesky factor's update passes -L(i, j) as a). */
__device__ __forceinline__ void hzgsvd__d_fma_conj(double a, double b, double *c)
{
    *c = fma(a, b, *c);
}

/* MGS, one row i of a strided sum: d += q_i^H a_i; then the update a_i <- a_i - q_i d. */
__device__ __forceinline__ void hzgsvd__d_mgs_dot(const double *q, const double *a, int i, double *d)
{
    *d = fma(q[i], a[i], *d);
}

__device__ __forceinline__ void hzgsvd__d_mgs_axpy(const double *q, double *a, int i, double d)
{
    a[i] = fma(-q[i], d, a[i]);
}

/* Partial sums of one lane (R elements, lane order) for the squared norm and the dot product of
 * c-element columns: HZGSVD__D_NORM_PARTS / HZGSVD__D_DOT_PARTS values each, to be summed over the warp
 * (the enhanced odd variants keep the rounded products and their errors apart). */
#define HZGSVD__D_NORM_PARTS(enh) ((enh) ? 2 : 1)
#define HZGSVD__D_DOT_PARTS(enh) ((enh) ? 2 : 1)
template <bool ENH, int R>
__device__ __forceinline__ void hzgsvd__d_vnorm2_part(const double *a, double *part)
{
    if (ENH) {
        double c, d;
        hzgsvd__mul_rd_err(a[0], a[0], &c, &d);
#pragma unroll
        for (int r = 1; r < R; ++r) {
            double cr, dr;
            hzgsvd__mul_rd_err(a[r], a[r], &cr, &dr);
            c = __dadd_rn(c, cr); d = __dadd_rn(d, dr);
        }
        part[0] = c; part[ENH ? 1 : 0] = d;
        return;
    }
    double s = __dmul_rn(a[0], a[0]);
#pragma unroll
    for (int r = 1; r < R; ++r) s = fma(a[r], a[r], s);
    part[0] = s;
}

template <bool ENH, int R>
__device__ __forceinline__ void hzgsvd__d_vdot_part(const double *a, const double *b, double *part)
{
    if (ENH) {
        double c, d;
        hzgsvd__mul_rd_err(a[0], b[0], &c, &d);
#pragma unroll
        for (int r = 1; r < R; ++r) {
            double cr, dr2;
            hzgsvd__mul_rd_err(a[r], b[r], &cr, &dr2);
            c = __dadd_rn(c, cr); d = __dadd_rn(d, dr2);
        }
        part[0] = c; part[ENH ? 1 : 0] = d;
        return;
    }
    double s = __dmul_rn(a[0], b[0]);
#pragma unroll
    for (int r = 1; r < R; ++r) s = fma(a[r], b[r], s);
    part[0] = s;
}

/* A value from its warp totals t: the sum of the parts, the rounded products' first. */
__device__ __forceinline__ double hzgsvd__d_join(const double *t, int parts)
{
    return parts == 2 ? __dadd_rn(t[0], t[1]) : t[0];
}

/* Squared norm of a c-element column held R elements per lane (lane order, then a warp sum). */
template <bool ENH, int R>
__device__ __forceinline__ double hzgsvd__d_vnorm2(const double *a)
{
    constexpr int NP = HZGSVD__D_NORM_PARTS(ENH);
    double t[NP];
    hzgsvd__d_vnorm2_part<ENH, R>(a, t);
#pragma unroll
    for (int k = 0; k < NP; ++k) t[k] = hzgsvd__warp_sum(t[k]);
    return hzgsvd__d_join(t, NP);
}

/* The 2x2 transformation of a pivot pair from its squared norms and the warp totals of its dots
 * (fpq: f_p^H f_q's, gpq: g_p^H g_q's, ND parts each). */
template <int ND, int VARIANT, bool SORT>
__device__ __forceinline__ hzgsvd__rot hzgsvd__d_rot_of(double app, double aqq, const double *fpq, double bpp, double bqq, const double *gpq, double tol)
{
    return hzgsvd__drot(app, aqq, hzgsvd__d_join(fpq, ND), bpp, bqq, hzgsvd__d_join(gpq, ND), VARIANT, SORT, tol);
}

/* Tile rows [r, r + TILE) of the 2W pivot columns into shared memory (column-major, ld TILE_LD),
 * asynchronously; one commit group. */
template <int W, int NT>
__device__ __forceinline__ void hzgsvd__d_tile_load(double *buf, const double *Y, int m, const int *gcol, int r)
{
    constexpr int PIECES = HZGSVD__TILE / 2;              /* 16-byte pieces per column */
    for (int e = threadIdx.x; e < 2 * W * PIECES; e += NT) {
        const int lc = e / PIECES, k = 2 * (e % PIECES);
        const size_t src = (size_t)gcol[lc] * m + r + k;
        hzgsvd__cp16(buf + lc * HZGSVD__TILE_LD + k, Y + src);
    }
    hzgsvd__cp_commit();
}

/* ---- gram: one thread block per (pair, row chunk of F or G), 3 W/8 warps --------------------------
 * The lower triangle of the c x c Gram matrix in 2 x 2 quadrants of W x W: the upper-left, the
 * lower-left and the lower-right (the upper-right is the transpose: never formed, never read), W/8
 * warps each, one warp an 8-column strip of its quadrant: W/8 8x8 tiles in DMMA accumulators (few
 * registers a thread, so that several blocks share an SM). */
#define HZGSVD__GRAM_THREADS(w) (12 * (w))
template <int W>
HZGSVD_PRIVATE __global__ void __launch_bounds__(HZGSVD__GRAM_THREADS(W)) hzgsvd__d_gram(hzgsvd__d_gpu_step S, int step, int pair0)
{
    constexpr int C = 2 * W, NTI = W / 8, NTH = HZGSVD__GRAM_THREADS(W), PLANE = C * HZGSVD__TILE_LD;
    extern __shared__ double smem[];                    /* 2 buffers x 1 plane(s) x PLANE */
    __shared__ int gcol[C];
    const int chunks = S.gchunks_f + S.gchunks_g;
    const int l = pair0 + blockIdx.x / chunks, c = blockIdx.x % chunks, isg = c >= S.gchunks_f;
    const int m = isg ? S.M.mg : S.M.mf, rows = isg ? S.grows_g : S.grows_f, ch = isg ? c - S.gchunks_f : c;
    const double *Y = isg ? S.M.G : S.M.F;
    const int r0 = ch * rows, r1 = min(m, r0 + rows), ntiles = (r1 - r0) / HZGSVD__TILE;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, g = lane >> 2, t = lane & 3;
    for (int lc = threadIdx.x; lc < C; lc += NTH) gcol[lc] = hzgsvd__d_pivot_col<W>(S, step, l, lc);
    __syncthreads();
    const int quad = warp / (W / 8), strip = warp % (W / 8);
    const int ri = quad ? W : 0, cj = (quad == 2 ? W : 0) + 8 * strip;   /* the warp's rows and columns */
    double acc[NTI][2];
#pragma unroll
    for (int i = 0; i < NTI; ++i) {
        acc[i][0] = acc[i][1] = 0.0;
    }
    hzgsvd__d_tile_load<W, NTH>(smem, Y, m, gcol, r0);
    for (int k = 0; k < ntiles; ++k) {
        if (k + 1 < ntiles) hzgsvd__d_tile_load<W, NTH>(smem + ((k + 1) & 1) * 1 * PLANE, Y, m, gcol, r0 + (k + 1) * HZGSVD__TILE);
        else hzgsvd__cp_commit();
        hzgsvd__cp_wait<1>();
        __syncthreads();
        const double *b = smem + (k & 1) * 1 * PLANE;
#pragma unroll
        for (int kk = 0; kk < HZGSVD__TILE; kk += 4) {
            double fa[NTI];                 /* Y(kk + t, col) of the warp's row tiles and its strip */
#pragma unroll
            for (int i = 0; i < NTI; ++i) {
                fa[i] = b[(ri + 8 * i + g) * HZGSVD__TILE_LD + kk + t];
            }
            const double fb = b[(cj + g) * HZGSVD__TILE_LD + kk + t];
#pragma unroll
            for (int i = 0; i < NTI; i += 2)                /* row tiles i and i + 1 in one 16x8x4 product */
                hzgsvd__d_mma_conj(acc[i], acc[i + 1], fa[i], fa[i + 1], fb);
        }
        __syncthreads();                                    /* buffer k & 1 is loaded again at k + 1 */
    }
    double *out = S.partial + ((size_t)l * chunks + c) * C * C;
#pragma unroll
    for (int i = 0; i < NTI; ++i)
#pragma unroll
        for (int e = 0; e < 2; ++e) {
            const int idx = (ri + 8 * i + g) + C * (cj + 2 * t + e);
            out[idx] = acc[i][e];
        }
}

/* ---- update: one thread block per (pair, row chunk of F, G or Z), c/8 warps ---------------------
 * Warp v forms the output columns [8 v, 8 v + 8) of each 32-row tile (4 8x8 tiles) on the tensor
 * cores: its c/4 B fragments of Z-tilde stay in registers for the whole chunk (no shared memory for
 * Z-tilde, so more blocks fit an SM); the tiles stream through a double buffer and the results go
 * back in place (the rows of a block are its own). */
template <int W>
HZGSVD_PRIVATE __global__ void __launch_bounds__(8 * W) hzgsvd__d_update(hzgsvd__d_gpu_step S, int step, int pair0)
{
    constexpr int C = 2 * W, NTH = 8 * W, KS = C / 4, PLANE = C * HZGSVD__TILE_LD;
    extern __shared__ double smem[];                    /* 2 buffers x 1 plane(s) x PLANE */
    __shared__ int gcol[C];
    const int chunks = S.uchunks_f + S.uchunks_g + S.uchunks_z;
    const int l = pair0 + blockIdx.x / chunks, c = blockIdx.x % chunks;
    const int mode = S.pmode[l];
    if (mode & HZGSVD__PAIR_SKIP) return;               /* uniform: a failure (the sweep ends in an error) or Z-tilde = I */
    const int which = c < S.uchunks_f ? 0 : c < S.uchunks_f + S.uchunks_g ? 1 : 2;
    const int ch = which == 0 ? c : which == 1 ? c - S.uchunks_f : c - S.uchunks_f - S.uchunks_g;
    const int m = which == 0 ? S.M.mf : which == 1 ? S.M.mg : S.M.nz;
    const int rows = which == 0 ? S.urows_f : which == 1 ? S.urows_g : S.urows_z;
    double *Y = which == 0 ? S.M.F : which == 1 ? S.M.G : S.M.Z;
    const int r0 = ch * rows, r1 = min(m, r0 + rows), ntiles = (r1 - r0) / HZGSVD__TILE;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, g = lane >> 2, t = lane & 3;
    for (int lc = threadIdx.x; lc < C; lc += NTH) gcol[lc] = hzgsvd__d_pivot_col<W>(S, step, l, lc);
    __syncthreads();                                    /* gcol */
    hzgsvd__d_tile_load<W, NTH>(smem, Y, m, gcol, r0);
    double fz[KS];                      /* Z-tilde(4 k + t, 8 warp + g) */
    {
        /* Z-tilde, or R Z-tilde for a slab that holds MGS's Q (in the pair's Gram partials) */
        const bool q = (which == 0 && (mode & HZGSVD__PAIR_Q_F)) || (which == 1 && (mode & HZGSVD__PAIR_Q_G));
        const double *z = (q ? hzgsvd__d_rz_slot<W>(S, l, which) : S.zhat + (size_t)l * C * C) + (size_t)(8 * warp + g) * C + t;
#pragma unroll
        for (int k = 0; k < KS; ++k) {
            fz[k] = __ldg(z + 4 * k);
        }
    }
    const int col = gcol[8 * warp + 2 * t], col1 = gcol[8 * warp + 2 * t + 1];   /* this lane's output columns */
    for (int k = 0; k < ntiles; ++k) {
        if (k + 1 < ntiles) hzgsvd__d_tile_load<W, NTH>(smem + ((k + 1) & 1) * 1 * PLANE, Y, m, gcol, r0 + (k + 1) * HZGSVD__TILE);
        else hzgsvd__cp_commit();
        hzgsvd__cp_wait<1>();
        __syncthreads();
        const double *b = smem + (k & 1) * 1 * PLANE;
        double acc[4][2];
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            acc[i][0] = acc[i][1] = 0.0;
        }
#pragma unroll
        for (int kk = 0; kk < KS; ++kk) {
#pragma unroll
            for (int i = 0; i < 4; i += 2) {            /* A fragments Y(8 i + g, 4 kk + t) and Y(8 i + 8 + g, 4 kk + t) */
                const double fa = b[(4 * kk + t) * HZGSVD__TILE_LD + 8 * i + g], fa1 = b[(4 * kk + t) * HZGSVD__TILE_LD + 8 * i + 8 + g];
                hzgsvd__d_mma(acc[i], acc[i + 1], fa, fa1, fz[kk]);
            }
        }
        const size_t row = (size_t)r0 + k * HZGSVD__TILE + g;
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            Y[(size_t)col * m + row + 8 * i] = acc[i][0];
            Y[(size_t)col1 * m + row + 8 * i] = acc[i][1];
        }
        __syncthreads();                                    /* buffer k & 1 is loaded again at k + 1 */
    }
}

/* ---- solve: one thread block of NW warps per pivot pair -----------------------------------------
 * Lane x of a warp owns rows x + 32 r (r < R = c/32) of the c x c factors; in an inner step warp y
 * takes pairs y, y + NW, ... of the inner table (w/NW pairs a warp). */
/* Warps of a solve block for block width w: one inner pair per warp where the registers allow it
 * (a warp per pair halves the latency of an inner step; complex w = 32 would spill at 64 registers). */
#define HZGSVD__D_SOLVE_WARPS(w) ((w) == 16 ? 16 : 32)

/* Cholesky A = L L^H of F's (first half of the NTH threads) and G's (second half) Gram matrices at once, in place
 * (lower triangles), then A <- L^H with the strict lower part zeroed.  *fail_f, *fail_g: the column
 * whose pivot was not positive, or -1 (every thread gets both).
 * Right-looking in panels of PW = 8 columns, 2 barriers a panel instead of 3 a column: the first
 * warp of a half factors the panel in registers (lane x holds rows x + 32 r, pivots and L(c, j)
 * by shuffles), then all threads of the half apply the panel to the trailing lower triangle.  Every
 * element gets exactly the column-by-column algorithm's operations in its order (diagonal sqrt(d),
 * below it times rsqrt(d), then A(i, c) -= L(i, j) conj(L(c, j)) for j = 0, 1, ... by FMAs): the
 * factor is bitwise that of the unblocked algorithm. */
#define HZGSVD__CHOL_PANEL 8

/* The trailing update after the panel p0 .. p0 + PW - 1: A(i, c) -= L(i, j) conj(L(c, j)), j in the
 * panel, p0 + PW <= c <= i; the HT threads of a half (ht) over the elements. */
template <int C, int PW, int HT>
__device__ __forceinline__ void hzgsvd__d_chol_trailing(double *A, int p0, int ht)
{
    const int q0 = p0 + PW;
    for (int e = ht; e < (C - q0) * C; e += HT) {
        const int c = q0 + e / C, i = e % C;
        if (i >= c) {
            double a = A[i + C * c];
#pragma unroll
            for (int k = 0; k < PW; ++k) hzgsvd__d_fma_conj(-A[i + C * (p0 + k)], A[c + C * (p0 + k)], &a);
            A[i + C * c] = a;
        }
    }
}

template <int C, int NTH>
__device__ __forceinline__ void hzgsvd__d_cholesky2(double *sF, double *sG, int *fail_f, int *fail_g)
{
    __shared__ int s_fail[2];
    constexpr int HT = NTH / 2, PW = HZGSVD__CHOL_PANEL, R = C / 32;
    const int half = threadIdx.x >= HT, ht = threadIdx.x - half * HT, x = ht & 31;
    double *A = half ? sG : sF;
    int failc = -1;                                     /* uniform within a half */
#pragma unroll 1
    for (int p0 = 0; p0 < C; p0 += PW) {
        if (ht < 32) {                                  /* the panel: columns p0 .. p0 + PW - 1, in registers */
            double P[R][PW];
#pragma unroll
            for (int r = 0; r < R; ++r)
#pragma unroll
                for (int k = 0; k < PW; ++k) {
                    P[r][k] = A[x + 32 * r + C * (p0 + k)];
                }
#pragma unroll
            for (int k = 0; k < PW; ++k) {
                const int j = p0 + k;
                /* shuffle every row slot and pick after: a pick before the shuffle would index P at run time (local memory) */
                double d = __shfl_sync(0xffffffffu, P[0][k], j & 31);
#pragma unroll
                for (int r = 1; r < R; ++r) {
                    const double dr = __shfl_sync(0xffffffffu, P[r][k], j & 31);
                    if ((j >> 5) == r) d = dr;
                }
                if (failc < 0 && (!(d > 0.0) || isinf(d))) failc = j;
                if (failc < 0) {                                /* uniform: after a failure the factor is not used */
                    const double sq = sqrt(d), rs = hzgsvd__rsqrt_rn(d);
#pragma unroll
                    for (int r = 0; r < R; ++r) {
                        const int i = x + 32 * r;
                        if (i == j) {
                            P[r][k] = sq;
                        } else if (i > j) {
                            P[r][k] *= rs;
                        }
                    }
#pragma unroll
                    for (int kc = k + 1; kc < PW; ++kc) {       /* the panel's own columns c = p0 + kc > j */
                        const int c = p0 + kc;
                        double lc = __shfl_sync(0xffffffffu, P[0][k], c & 31);
#pragma unroll
                        for (int r = 1; r < R; ++r) {
                            const double lr = __shfl_sync(0xffffffffu, P[r][k], c & 31);
                            if ((c >> 5) == r) {
                                lc = lr;
                            }
                        }
#pragma unroll
                        for (int r = 0; r < R; ++r)
                            if (x + 32 * r >= c) hzgsvd__d_fma_conj(-P[r][k], lc, &P[r][kc]);
                    }
                }
            }
#pragma unroll
            for (int r = 0; r < R; ++r)
#pragma unroll
                for (int k = 0; k < PW; ++k)
                    if (x + 32 * r >= p0 + k) {                 /* the lower part only: the rest is not read */
                        A[x + 32 * r + C * (p0 + k)] = P[r][k];
                    }
            if (x == 0) s_fail[half] = failc;
        }
        __syncthreads();
        failc = s_fail[half];
        const int q0 = p0 + PW;
        if (failc < 0 && q0 < C) hzgsvd__d_chol_trailing<C, PW, HT>(A, p0, ht);   /* A(i, c) -= L(i, j) conj(L(c, j)), j in the panel, q0 <= c <= i */
        __syncthreads();
    }
    /* A <- L^H: every thread moves C*C/HT elements of its half's matrix */
    constexpr int PER = C * C / HT;
    double v[PER];
#pragma unroll
    for (int k = 0; k < PER; ++k) {
        const int e = ht + HT * k, i = e % C, c = e / C;
        v[k] = (i >= c) ? A[e] : 0.0;
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < PER; ++k) {
        const int e = ht + HT * k, i = e % C, c = e / C;
        A[c + C * i] = v[k];
    }
    __syncthreads();
    *fail_f = s_fail[0];
    *fail_g = s_fail[1];
}

/* The fallback factor of a pivot block whose Gram matrix Cholesky could not factor (its scaled
 * condition squared passed 1/u; docs/NUMERICS.md, "Ill-conditioned pivot blocks"; the CPU engine's
 * hzgsvd__d_mgs_factor): modified Gram-Schmidt of the m x C slab Y(:, gcol) in place.  The slab becomes
 * Q and A (C x C) gets R in the Cholesky factor's layout (upper, real positive diagonal, zeros
 * below); Q R = Y is columnwise backward stable whatever the condition, and exact zeros stay zero
 * (a bordered column never couples with a caller's).  The update then multiplies Q by R Z-tilde.
 * A rare path, one thread block a slab: sums in a fixed order (lanes over strided rows, the warp
 * butterfly, the warps in order).  Returns -1, or the first column that vanished (uniform). */
template <int C, int NTH>
__device__ int hzgsvd__d_mgs_slab(double *Y, int m, const int *gcol, double *A)
{
    constexpr int NW = NTH / 32;
    __shared__ double s_part[NW], s_nrm;
    const int tid = threadIdx.x, x = tid & 31, y = tid >> 5;
    for (int e = tid; e < C * C; e += NTH) {
        A[e] = 0.0;
    }
    for (int j = 0; j < C; ++j) {
        double *q = Y + (size_t)gcol[j] * m;
        double s = 0.0;
        for (int i = tid; i < m; i += NTH) {
            s = fma(q[i], q[i], s);
        }
        s = hzgsvd__warp_sum(s);
        if (x == 0) s_part[y] = s;
        __syncthreads();
        if (tid == 0) {
            double t = s_part[0];
            for (int k = 1; k < NW; ++k) t = __dadd_rn(t, s_part[k]);
            s_nrm = sqrt(t);
            A[j + C * j] = s_nrm;
        }
        __syncthreads();
        const double nrm = s_nrm;
        if (!(nrm > 0.0) || isinf(nrm)) return j;       /* uniform */
        for (int i = tid; i < m; i += NTH) {
            q[i] = __ddiv_rn(q[i], nrm);
        }
        __syncthreads();                                /* q_j complete (global writes are visible in the block) */
        for (int c = j + 1 + y; c < C; c += NW) {       /* r_jc = q_j^H a_c, a_c -= q_j r_jc: warp y, lanes over rows */
            double *a = Y + (size_t)gcol[c] * m;
            double d = 0.0;
            for (int i = x; i < m; i += 32) hzgsvd__d_mgs_dot(q, a, i, &d);
            d = hzgsvd__warp_sum(d);
            if (x == 0) {
                A[j + C * c] = d;
            }
            for (int i = x; i < m; i += 32) hzgsvd__d_mgs_axpy(q, a, i, d);
        }
        __syncthreads();
    }
    return -1;
}

/* Subphase 1 (end) of the solve: pair l's Gram matrices, its partial sums added in chunk order
 * (lower triangles; the rest zero). */
template <int C, int NTH>
__device__ __forceinline__ void hzgsvd__d_solve_gram(const hzgsvd__d_gpu_step &S, int l, int tid, double *sF, double *sG)
{
    constexpr int CC = C * C;
    const int chunks = S.gchunks_f + S.gchunks_g;
    const double *pf = S.partial + (size_t)l * chunks * CC;
    for (int e = tid; e < CC; e += NTH) {
        const bool low = (e % C) >= (e / C);
        double f = 0.0, g = 0.0;
        if (low) {
            f = pf[e];
            for (int k = 1; k < S.gchunks_f; ++k) f = __dadd_rn(f, pf[(size_t)k * CC + e]);
            g = pf[(size_t)S.gchunks_f * CC + e];
            for (int k = S.gchunks_f + 1; k < chunks; ++k) g = __dadd_rn(g, pf[(size_t)k * CC + e]);
        }
        sF[e] = f; sG[e] = g;
    }
    __syncthreads();
}

/* Z-hat_0 and the prescaling of F-hat, G-hat by 1/||g-hat_j|| (variants 0, 1, 4, 5); warp y takes
 * the columns y, y + NW, ... */
template <int C, int NW, bool ENH, bool RESC>
__device__ __forceinline__ void hzgsvd__d_solve_prescale(int x, int y, double *sF, double *sG, double *sZ)
{
    constexpr int R = C / 32;
    for (int col = y; col < C; col += NW) {
        double z = 1.0;
        if (!RESC) {
            double gv[R];
#pragma unroll
            for (int r = 0; r < R; ++r) {
                gv[r] = sG[x + 32 * r + C * col];
            }
            const double b = hzgsvd__d_vnorm2<ENH, R>(gv);
            if (b != 1.0) {
                z = hzgsvd__rsqrt_rn(b);
#pragma unroll
                for (int r = 0; r < R; ++r) {
                    const int e = x + 32 * r + C * col;
                    sF[e] *= z; sG[e] *= z;
                }
            }
        }
#pragma unroll
        for (int r = 0; r < R; ++r) {
            sZ[x + 32 * r + C * col] = (x + 32 * r == col) ? z : 0.0;
        }
    }
    __syncthreads();
}

/* Where the parts of a pair's dot products lie in its row of the solve's s_dots (offsets O_*):
 * ||f_p||^2, ||f_q||^2, f_p^H f_q, g_p^H g_q, then ||g_p||^2, ||g_q||^2 where the variant rescales;
 * summed NV at a time (at most 8: a 16-wide halving kept its values in local memory), NB rounds. */
template <bool ENH, bool RESC>
struct hzgsvd__d_dot_layout {
    static constexpr int NN = HZGSVD__D_NORM_PARTS(ENH), ND = HZGSVD__D_DOT_PARTS(ENH);
    static constexpr int O_FP = 0, O_FQ = NN, O_FPQ = 2 * NN, O_GPQ = 2 * NN + ND;
    static constexpr int O_GP = RESC ? 2 * NN + 2 * ND : 0, O_GQ = RESC ? 3 * NN + 2 * ND : 0;
    static constexpr int NPARTS = RESC ? 4 * NN + 2 * ND : 2 * NN + 2 * ND;
    static constexpr int NV = NPARTS <= 4 ? 4 : 8, NB = (NPARTS + NV - 1) / NV, ROW = NB * NV;
};

/* Phase (A) of an inner step: the warp of each pivot pair of the step's table reduces the pair's
 * dot products into s_dots. */
template <int C, int NW, bool ENH, bool RESC>
__device__ __forceinline__ void hzgsvd__d_inner_dots(int x, int y, const double *sF, const double *sG, const unsigned char (*tab)[2],
                                                  double (*s_dots)[hzgsvd__d_dot_layout<ENH, RESC>::ROW])
{
    using L = hzgsvd__d_dot_layout<ENH, RESC>;
    constexpr int R = C / 32, PPW = C / 2 / NW, NV = L::NV, NB = L::NB;
#pragma unroll 1
    for (int h = 0; h < PPW; ++h) {
        const int pos = y + NW * h, p = tab[pos][0], q = tab[pos][1];
        double fp[R], fq[R], gp[R], gq[R];
#pragma unroll
        for (int r = 0; r < R; ++r) {
            const int ep = x + 32 * r + C * p, eq = x + 32 * r + C * q;
            fp[r] = sF[ep]; fq[r] = sF[eq]; gp[r] = sG[ep]; gq[r] = sG[eq];
        }
        /* the pair's parts, summed over the warp NV at once: lane 32/NV k holds total k of a round */
        double v[NB * NV];
#pragma unroll
        for (int k = 0; k < NB * NV; ++k) v[k] = 0.0;
        hzgsvd__d_vnorm2_part<ENH, R>(fp, v + L::O_FP);
        hzgsvd__d_vnorm2_part<ENH, R>(fq, v + L::O_FQ);
        hzgsvd__d_vdot_part<ENH, R>(fp, fq, v + L::O_FPQ);
        hzgsvd__d_vdot_part<ENH, R>(gp, gq, v + L::O_GPQ);
        if (RESC) {
            hzgsvd__d_vnorm2_part<ENH, R>(gp, v + L::O_GP);
            hzgsvd__d_vnorm2_part<ENH, R>(gq, v + L::O_GQ);
        }
#pragma unroll
        for (int b = 0; b < NB; ++b) {
            const double tot = hzgsvd__warp_sums<NV>(v + b * NV);
            if ((x & (32 / NV - 1)) == 0) s_dots[pos][b * NV + x / (32 / NV)] = tot;
        }
    }
}

/* Phase (C) of an inner step: the warp of each pivot pair applies the pair's transformation (and
 * swap) to F-hat, G-hat and Z-hat and counts it. */
template <int C, int NW, bool ENH, bool SORT>
__device__ __forceinline__ void hzgsvd__d_inner_apply(int x, int y, double *sF, double *sG, double *sZ, const unsigned char (*tab)[2], const hzgsvd__rot *s_rot,
                                                   int *w_all, int *w_big, int *w_moved, int *rot_fail)
{
    constexpr int R = C / 32, PPW = C / 2 / NW;
#pragma unroll 1
    for (int h = 0; h < PPW; ++h) {
        const int pos = y + NW * h, p = tab[pos][0], q = tab[pos][1];
        const hzgsvd__rot rot = s_rot[pos];
        double fp[R], fq[R], gp[R], gq[R], zp[R], zq[R];
#pragma unroll
        for (int r = 0; r < R; ++r) {
            const int ep = x + 32 * r + C * p, eq = x + 32 * r + C * q;
            fp[r] = sF[ep]; fq[r] = sF[eq]; gp[r] = sG[ep]; gq[r] = sG[eq]; zp[r] = sZ[ep]; zq[r] = sZ[eq];
        }
        int swap = rot.swap;
        if (rot.transform) {
#pragma unroll
            for (int r = 0; r < R; ++r) {
                hzgsvd__drot_apply(&rot, fp[r], fq[r], &fp[r], &fq[r]);
                hzgsvd__drot_apply(&rot, gp[r], gq[r], &gp[r], &gq[r]);
                hzgsvd__drot_apply(&rot, zp[r], zq[r], &zp[r], &zq[r]);
            }
        }
#pragma unroll
        for (int r = 0; r < R; ++r) {
            const int ep = x + 32 * r + C * p, eq = x + 32 * r + C * q;
            sF[ep] = swap ? fq[r] : fp[r]; sF[eq] = swap ? fp[r] : fq[r];
            sG[ep] = swap ? gq[r] : gp[r]; sG[eq] = swap ? gp[r] : gq[r];
            sZ[ep] = swap ? zq[r] : zp[r]; sZ[eq] = swap ? zp[r] : zq[r];
        }
        *rot_fail |= rot.fail;
        *w_moved |= rot.transform | swap;
        *w_all += rot.transform;
        *w_big += rot.transform & rot.big;
    }
}

/* Subphase 3: the pointwise sweeps.  An inner step in three phases: (A) the warp of each pair
 * reduces the pair's dot products, (B) the first c/2 lanes of warp 0 compute the c/2 2x2
 * transformations, one a lane (the 2x2 math is long and scalar: a warp per pair would issue it
 * 32 times over), (C) the warps apply them.  Each warp counts its own transformations. */
template <int C, int NW, int VARIANT, bool SORT>
__device__ __forceinline__ void hzgsvd__d_solve_sweeps(const hzgsvd__d_gpu_step &S, int x, int y, double *sF, double *sG, double *sZ,
                                                    double (*s_dots)[hzgsvd__d_dot_layout<HZGSVD__VAR_ENHANCED(VARIANT), HZGSVD__VAR_RESCALE(VARIANT)>::ROW], hzgsvd__rot *s_rot, int *w_all, int *w_big, int *w_moved, int *rot_fail)
{
    constexpr bool ENH = HZGSVD__VAR_ENHANCED(VARIANT), RESC = HZGSVD__VAR_RESCALE(VARIANT);
    using L = hzgsvd__d_dot_layout<ENH, RESC>;
    const double tol = hzgsvd__ortho_tol(C);
    const int steps = S.inner_mm ? C : C - 1;
    for (int sweep = 0; sweep < S.max_inner; ++sweep) {
        const int w_all0 = *w_all;
        for (int st = 0; st < steps; ++st) {
            const unsigned char (*tab)[2];              /* the step's C/2 pairs */
            if (C == 32) tab = S.inner_mm ? hzgsvd__cinner_mm32[st] : hzgsvd__cinner_me32[st];
            else tab = S.inner_mm ? hzgsvd__cinner_mm64[st] : hzgsvd__cinner_me64[st];
            hzgsvd__d_inner_dots<C, NW, ENH, RESC>(x, y, sF, sG, tab, s_dots);   /* (A) */
            __syncthreads();
            if (y == 0 && x < C / 2) {                  /* (B) */
                const double *t = s_dots[x];
                const double app = hzgsvd__d_join(t + L::O_FP, L::NN), aqq = hzgsvd__d_join(t + L::O_FQ, L::NN);
                const double bpp = RESC ? hzgsvd__d_join(t + L::O_GP, L::NN) : 1.0, bqq = RESC ? hzgsvd__d_join(t + L::O_GQ, L::NN) : 1.0;
                s_rot[x] = hzgsvd__d_rot_of<L::ND, VARIANT, SORT>(app, aqq, t + L::O_FPQ, bpp, bqq, t + L::O_GPQ, tol);
            }
            __syncthreads();
            hzgsvd__d_inner_apply<C, NW, ENH, SORT>(x, y, sF, sG, sZ, tab, s_rot, w_all, w_big, w_moved, rot_fail);   /* (C) */
            __syncthreads();
        }
        if (__syncthreads_count(x == 0 && *w_all != w_all0) == 0) break;   /* a sweep with no transformation */
    }
}

/* Z-tilde = Z-hat Theta (section 2.4), written for the update kernel; for a slab that holds Q,
 * also R Z-hat Theta (the transformed factor) into the pair's Gram partials, read by now. */
template <int W, int NW, bool ENH>
__device__ __forceinline__ void hzgsvd__d_solve_store(const hzgsvd__d_gpu_step &S, int l, int mode, int x, int y, const double *sF, const double *sG, const double *sZ)
{
    constexpr int C = 2 * W, CC = C * C, R = C / 32;
    double *zo = S.zhat + (size_t)l * CC;
    double *rf = hzgsvd__d_rz_slot<W>(S, l, 0), *rg = hzgsvd__d_rz_slot<W>(S, l, 1);
    for (int col = y; col < C; col += NW) {
        double fv[R], gv[R];
#pragma unroll
        for (int r = 0; r < R; ++r) {
            const int e = x + 32 * r + C * col;
            fv[r] = sF[e]; gv[r] = sG[e];
        }
        const double tt = hzgsvd__rsqrt_rn(hzgsvd__d_vnorm2<ENH, R>(fv) + hzgsvd__d_vnorm2<ENH, R>(gv));
#pragma unroll
        for (int r = 0; r < R; ++r) {
            const int e = x + 32 * r + C * col;
            zo[e] = sZ[e] * tt;               /* tt = 1 too: x * 1.0 is x exactly */
            if (mode & HZGSVD__PAIR_Q_F) {
                rf[e] = sF[e] * tt;
            }
            if (mode & HZGSVD__PAIR_Q_G) {
                rg[e] = sG[e] * tt;
            }
        }
    }
}

template <int W, int VARIANT, bool SORT>
__device__ __forceinline__ void hzgsvd__d_solve_body(hzgsvd__d_gpu_step S, int step, int pair0)
{
    constexpr int C = 2 * W, CC = C * C, NW = HZGSVD__D_SOLVE_WARPS(W), NTH = 32 * NW;
    constexpr bool ENH = HZGSVD__VAR_ENHANCED(VARIANT);
    using L = hzgsvd__d_dot_layout<ENH, HZGSVD__VAR_RESCALE(VARIANT)>;
    extern __shared__ double smem[];                    /* F-hat, G-hat, Z-hat (c x c each) */
    double *sF = smem + 0 * CC, *sG = sF + CC, *sZ = sF + 2 * CC;
    const int tid = threadIdx.x, x = tid & 31, y = tid >> 5, l = pair0 + blockIdx.x;

    hzgsvd__d_solve_gram<C, NTH>(S, l, tid, sF, sG);

    /* Subphase 2: both Cholesky factorizations; where one breaks down, MGS of that block's slab
     * (the slab becomes Q, the update multiplies it by R Z-tilde) */
    int fail_f, fail_g, mode = HZGSVD__PAIR_UPDATE;
    hzgsvd__d_cholesky2<C, NTH>(sF, sG, &fail_f, &fail_g);
    if (fail_f >= 0 || fail_g >= 0) {                   /* uniform */
        __shared__ int gcol[C];
        for (int lc = tid; lc < C; lc += NTH) gcol[lc] = hzgsvd__d_pivot_col<W>(S, step, l, lc);
        __syncthreads();
        if (fail_f >= 0) {
            fail_f = hzgsvd__d_mgs_slab<C, NTH>(S.M.F, S.M.mf, gcol, sF);
            mode |= HZGSVD__PAIR_Q_F;
        }
        if (fail_f < 0 && fail_g >= 0) {
            fail_g = hzgsvd__d_mgs_slab<C, NTH>(S.M.G, S.M.mg, gcol, sG);
            mode |= HZGSVD__PAIR_Q_G;
        }
        if (fail_f >= 0 || fail_g >= 0) {               /* MGS lost a column too: the host reports rank deficiency */
            if (tid == 0) {
                if (S.stats[l].fail == 0) { S.stats[l].fail = fail_f >= 0 ? 1 : 2; S.stats[l].fail_col = fail_f >= 0 ? fail_f : fail_g; }
                S.pmode[l] = HZGSVD__PAIR_SKIP;
            }
            return;
        }
        __syncthreads();                                /* R in sF / sG for every warp */
    }

    hzgsvd__d_solve_prescale<C, NW, ENH, HZGSVD__VAR_RESCALE(VARIANT)>(x, y, sF, sG, sZ);

    __shared__ double s_dots[C / 2][L::ROW];
    __shared__ hzgsvd__rot s_rot[C / 2];
    int w_all = 0, w_big = 0, w_moved = 0, rot_fail = 0;
    hzgsvd__d_solve_sweeps<C, NW, VARIANT, SORT>(S, x, y, sF, sG, sZ, s_dots, s_rot, &w_all, &w_big, &w_moved, &rot_fail);
    __shared__ int s_counts[2][NW];
    if (x == 0) { s_counts[0][y] = w_all; s_counts[1][y] = w_big; }
    if (__syncthreads_or(rot_fail)) {
        if (tid == 0) {
            if (S.stats[l].fail == 0) { S.stats[l].fail = 3; S.stats[l].fail_col = 0; }
            S.pmode[l] = HZGSVD__PAIR_SKIP;
        }
        return;
    }
    /* A pair whose inner sweeps moved nothing (no transformation, no swap) is orthogonal to the
     * working accuracy: its Z-tilde would only rescale columns by 1 + O(u), which the next visit's
     * prescaling redoes.  Z-tilde = I, and the update kernel skips the pair (most pairs of the last
     * two or three sweeps; the CPU engine does the same).  Not where a slab holds Q: it needs R. */
    if (mode == HZGSVD__PAIR_UPDATE && !__syncthreads_or(w_moved)) {
        if (tid == 0) S.pmode[l] = HZGSVD__PAIR_SKIP;
        return;
    }
    hzgsvd__d_solve_store<W, NW, ENH>(S, l, mode, x, y, sF, sG, sZ);
    if (tid == 0) {                                     /* fixed order over the warps */
        unsigned long long tot_all = 0, tot_big = 0;
        for (int k = 0; k < NW; ++k) { tot_all += (unsigned)s_counts[0][k]; tot_big += (unsigned)s_counts[1][k]; }
        S.stats[l].all += tot_all;
        S.stats[l].big += tot_big;
        S.pmode[l] = mode;
    }
}

/* One solve kernel per generated instance and block width: the name is also a filter key and a
 * benchmark label. */
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(16)) hzgsvd__d_v0_sort_w16_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<16, 0, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(32)) hzgsvd__d_v0_sort_w32_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<32, 0, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(16)) hzgsvd__d_v0_nosort_w16_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<16, 0, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(32)) hzgsvd__d_v0_nosort_w32_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<32, 0, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(16)) hzgsvd__d_v1_sort_w16_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<16, 1, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(32)) hzgsvd__d_v1_sort_w32_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<32, 1, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(16)) hzgsvd__d_v1_nosort_w16_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<16, 1, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(32)) hzgsvd__d_v1_nosort_w32_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<32, 1, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(16)) hzgsvd__d_v2_sort_w16_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<16, 2, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(32)) hzgsvd__d_v2_sort_w32_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<32, 2, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(16)) hzgsvd__d_v2_nosort_w16_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<16, 2, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(32)) hzgsvd__d_v2_nosort_w32_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<32, 2, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(16)) hzgsvd__d_v3_sort_w16_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<16, 3, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(32)) hzgsvd__d_v3_sort_w32_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<32, 3, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(16)) hzgsvd__d_v3_nosort_w16_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<16, 3, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(32)) hzgsvd__d_v3_nosort_w32_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<32, 3, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(16)) hzgsvd__d_v4_sort_w16_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<16, 4, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(32)) hzgsvd__d_v4_sort_w32_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<32, 4, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(16)) hzgsvd__d_v4_nosort_w16_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<16, 4, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(32)) hzgsvd__d_v4_nosort_w32_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<32, 4, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(16)) hzgsvd__d_v5_sort_w16_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<16, 5, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(32)) hzgsvd__d_v5_sort_w32_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<32, 5, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(16)) hzgsvd__d_v5_nosort_w16_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<16, 5, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(32)) hzgsvd__d_v5_nosort_w32_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<32, 5, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(16)) hzgsvd__d_v6_sort_w16_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<16, 6, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(32)) hzgsvd__d_v6_sort_w32_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<32, 6, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(16)) hzgsvd__d_v6_nosort_w16_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<16, 6, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(32)) hzgsvd__d_v6_nosort_w32_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<32, 6, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(16)) hzgsvd__d_v7_sort_w16_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<16, 7, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(32)) hzgsvd__d_v7_sort_w32_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<32, 7, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(16)) hzgsvd__d_v7_nosort_w16_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<16, 7, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__D_SOLVE_WARPS(32)) hzgsvd__d_v7_nosort_w32_solve(hzgsvd__d_gpu_step S, int step, int pair0)
{
    hzgsvd__d_solve_body<32, 7, false>(S, step, pair0);
}

/* A kernel of the step: (arguments, outer step, first pivot pair of its group); the grid covers the group. */
typedef void (*hzgsvd__d_step_kernel)(hzgsvd__d_gpu_step, int, int);

/* The solve instance for (w, variant, sort), or NULL where the build filtered it out (make VARIANTS=...). */
static inline hzgsvd__d_step_kernel hzgsvd__d_solve_instance(int w, int variant, int sort)
{
    if (w == 16 && variant == 0 && sort == 1) return hzgsvd__d_v0_sort_w16_solve;
    if (w == 32 && variant == 0 && sort == 1) return hzgsvd__d_v0_sort_w32_solve;
    if (w == 16 && variant == 0 && sort == 0) return hzgsvd__d_v0_nosort_w16_solve;
    if (w == 32 && variant == 0 && sort == 0) return hzgsvd__d_v0_nosort_w32_solve;
    if (w == 16 && variant == 1 && sort == 1) return hzgsvd__d_v1_sort_w16_solve;
    if (w == 32 && variant == 1 && sort == 1) return hzgsvd__d_v1_sort_w32_solve;
    if (w == 16 && variant == 1 && sort == 0) return hzgsvd__d_v1_nosort_w16_solve;
    if (w == 32 && variant == 1 && sort == 0) return hzgsvd__d_v1_nosort_w32_solve;
    if (w == 16 && variant == 2 && sort == 1) return hzgsvd__d_v2_sort_w16_solve;
    if (w == 32 && variant == 2 && sort == 1) return hzgsvd__d_v2_sort_w32_solve;
    if (w == 16 && variant == 2 && sort == 0) return hzgsvd__d_v2_nosort_w16_solve;
    if (w == 32 && variant == 2 && sort == 0) return hzgsvd__d_v2_nosort_w32_solve;
    if (w == 16 && variant == 3 && sort == 1) return hzgsvd__d_v3_sort_w16_solve;
    if (w == 32 && variant == 3 && sort == 1) return hzgsvd__d_v3_sort_w32_solve;
    if (w == 16 && variant == 3 && sort == 0) return hzgsvd__d_v3_nosort_w16_solve;
    if (w == 32 && variant == 3 && sort == 0) return hzgsvd__d_v3_nosort_w32_solve;
    if (w == 16 && variant == 4 && sort == 1) return hzgsvd__d_v4_sort_w16_solve;
    if (w == 32 && variant == 4 && sort == 1) return hzgsvd__d_v4_sort_w32_solve;
    if (w == 16 && variant == 4 && sort == 0) return hzgsvd__d_v4_nosort_w16_solve;
    if (w == 32 && variant == 4 && sort == 0) return hzgsvd__d_v4_nosort_w32_solve;
    if (w == 16 && variant == 5 && sort == 1) return hzgsvd__d_v5_sort_w16_solve;
    if (w == 32 && variant == 5 && sort == 1) return hzgsvd__d_v5_sort_w32_solve;
    if (w == 16 && variant == 5 && sort == 0) return hzgsvd__d_v5_nosort_w16_solve;
    if (w == 32 && variant == 5 && sort == 0) return hzgsvd__d_v5_nosort_w32_solve;
    if (w == 16 && variant == 6 && sort == 1) return hzgsvd__d_v6_sort_w16_solve;
    if (w == 32 && variant == 6 && sort == 1) return hzgsvd__d_v6_sort_w32_solve;
    if (w == 16 && variant == 6 && sort == 0) return hzgsvd__d_v6_nosort_w16_solve;
    if (w == 32 && variant == 6 && sort == 0) return hzgsvd__d_v6_nosort_w32_solve;
    if (w == 16 && variant == 7 && sort == 1) return hzgsvd__d_v7_sort_w16_solve;
    if (w == 32 && variant == 7 && sort == 1) return hzgsvd__d_v7_sort_w32_solve;
    if (w == 16 && variant == 7 && sort == 0) return hzgsvd__d_v7_nosort_w16_solve;
    if (w == 32 && variant == 7 && sort == 0) return hzgsvd__d_v7_nosort_w32_solve;
    return NULL;
}
/*** end templates/hzgsvd_gpu_step.cu.j2 [d] ***/

/*** begin templates/hzgsvd_gpu_step.cu.j2 [z] ***/
/* The block step of the single-GPU engine, complex (z), on split real/imaginary planes (paper section 3.5):
 * its three kernels (the host sweeper that runs them as a CUDA graph: hzgsvd_gpu_sweep.cu),
 * split by what bounds each part:
 *   gram    bandwidth: the Gram matrices [Y_p Y_q]^H [Y_p Y_q] of F and G for every pivot block
 *           pair, as partial sums over row chunks (many thread blocks per pair, FP64 tensor cores,
 *           16-byte cp.async tiles); only the lower triangle is formed;
 *   solve   latency: one thread block per pair sums the partials in chunk order, factors both
 *           Gram matrices (Cholesky, concurrently), runs the pointwise Hari-Zimmermann sweeps on
 *           the 2w x 2w factors in shared memory and writes Z-tilde;
 *   update  bandwidth: [Y_p Y_q] <- [Y_p Y_q] Z-tilde for F, G and Z, row chunks again.
 * Block widths w = 16 (the paper's) and w = 32 (pivot order c = 64: half the outer steps, so half
 * the bytes per sweep).  Every sum has a fixed order and the chunking depends on the shape only:
 * results are bitwise reproducible. */

/* What the three kernels of a step need (passed by value). */
typedef struct hzgsvd__z_gpu_step {
    hzgsvd__z_gpu_mats M;
    const int *outer;               /* block-level table, steps x (n / w) */
    double *partial;                /* Gram partials: [pair][chunk (F's, then G's)][c x c], then the imaginary plane */
    double *zhat;                   /* Z-tilde of each pair, [pair][c x c], then the imaginary plane */
    int *pmode;                     /* per pair: HZGSVD__PAIR_UPDATE, _SKIP, or the _Q_F / _Q_G bits (gpu_common) */
    hzgsvd__z_gpu_block_stats *stats;   /* per pair, summed over the sweep */
    int w, npairs;
    int grows_f, grows_g, gchunks_f, gchunks_g;          /* Gram row chunks */
    int urows_f, urows_g, urows_z, uchunks_f, uchunks_g, uchunks_z; /* update row chunks */
    int inner_mm, max_inner;
} hzgsvd__z_gpu_step;

/* Global column of local column lc (0 .. 2W-1) of the pivot pair l in step `step`. */
template <int W>
__device__ __forceinline__ int hzgsvd__z_pivot_col(const hzgsvd__z_gpu_step &S, int step, int l, int lc)
{
    const int nblk = S.M.n / W;
    const int *t = S.outer + (size_t)step * nblk + 2 * l;
    return lc < W ? t[0] * W + lc : t[1] * W + lc - W;
}

/* Where R Z-tilde of pair l's F (which = 0) or G (1) slab lies when the slab holds MGS's Q: the
 * solve writes it over the pair's first Gram partials (summed by then), the update reads it
 * there; the imaginary plane lies *plane doubles later. */
template <int W>
__device__ __forceinline__ double *hzgsvd__z_rz_slot(const hzgsvd__z_gpu_step &S, int l, int which, size_t *plane)
{
    constexpr int C = 2 * W;
    const int gch = S.gchunks_f + S.gchunks_g;
    *plane = (size_t)S.npairs * gch * C * C;
    return S.partial + ((size_t)l * gch + which) * C * C;
}

/* ---- per-precision arithmetic ------------------------------------------------------------------
 * The only places where the real and the complex step compute differently; the kernels below call
 * them with pl() argument lists and read the same for both precisions. */

/* Tensor-core tiles u, v (two 8x8 row tiles of one 16x8x4 product) += a^H b, on the fragments of a
 * Gram product (a, a1: A of the two row tiles; b: B). */
__device__ __forceinline__ void hzgsvd__z_mma_conj(double *u, double *ui, double *v, double *vi, double a, double ai, double a1, double a1i, double b, double bi)
{
    /* (Yr - i Yi)^T (Yr + i Yi): real Yr'Yr + Yi'Yi, imaginary Yr'Yi - Yi'Yr */
    hzgsvd__dmma(u[0], u[1], v[0], v[1], a, a1, b);
    hzgsvd__dmma(u[0], u[1], v[0], v[1], ai, a1i, bi);
    hzgsvd__dmma(ui[0], ui[1], vi[0], vi[1], a, a1, bi);
    hzgsvd__dmma(ui[0], ui[1], vi[0], vi[1], -ai, -a1i, b);
}

/* The same, u, v += a b (the update's product). */
__device__ __forceinline__ void hzgsvd__z_mma(double *u, double *ui, double *v, double *vi, double a, double ai, double a1, double a1i, double b, double bi)
{
    /* (Yr + i Yi)(Zr + i Zi): real Yr Zr - Yi Zi, imaginary Yr Zi + Yi Zr */
    hzgsvd__dmma(u[0], u[1], v[0], v[1], a, a1, b);
    hzgsvd__dmma(u[0], u[1], v[0], v[1], -ai, -a1i, bi);
    hzgsvd__dmma(ui[0], ui[1], vi[0], vi[1], a, a1, bi);
    hzgsvd__dmma(ui[0], ui[1], vi[0], vi[1], ai, a1i, b);
}

/* c <- a conj(b) + c, by FMAs (the Cholesky factor's update passes -L(i, j) as a). */
__device__ __forceinline__ void hzgsvd__z_fma_conj(double a, double ai, double b, double bi, double *c, double *ci)
{
    hzgsvd__zfma(a, ai, b, -bi, *c, *ci, c, ci);
}

/* MGS, one row i of a strided sum: d += q_i^H a_i; then the update a_i <- a_i - q_i d. */
__device__ __forceinline__ void hzgsvd__z_mgs_dot(const double *q, const double *qi, const double *a, const double *ai, int i, double *d, double *di)
{
    *d = fma(q[i], a[i], fma(qi[i], ai[i], *d));
    *di = fma(q[i], ai[i], fma(-qi[i], a[i], *di));
}

__device__ __forceinline__ void hzgsvd__z_mgs_axpy(const double *q, const double *qi, double *a, double *ai, int i, double d, double di)
{
    const double ar = a[i];
    a[i] = fma(qi[i], di, fma(-q[i], d, ar));
    ai[i] = fma(-qi[i], d, fma(-q[i], di, ai[i]));
}

/* Partial sums of one lane (R elements, lane order) for the squared norm and the dot product of
 * c-element columns: HZGSVD__Z_NORM_PARTS / HZGSVD__Z_DOT_PARTS values each, to be summed over the warp
 * (complex: the dot's real and imaginary parts; dots always ordinary, App. A). */
#define HZGSVD__Z_NORM_PARTS(enh) 1
#define HZGSVD__Z_DOT_PARTS(enh) 2
template <bool ENH, int R>
__device__ __forceinline__ void hzgsvd__z_vnorm2_part(const double *a, const double *ai, double *part)
{
    double s = ENH ? hzgsvd__zabs2_enh(a[0], ai[0]) : fma(a[0], a[0], __dmul_rn(ai[0], ai[0]));
#pragma unroll
    for (int r = 1; r < R; ++r) s = __dadd_rn(s, ENH ? hzgsvd__zabs2_enh(a[r], ai[r]) : fma(a[r], a[r], __dmul_rn(ai[r], ai[r])));
    part[0] = s;
}

template <bool ENH, int R>
__device__ __forceinline__ void hzgsvd__z_vdot_part(const double *a, const double *ai, const double *b, const double *bi, double *part)
{
    double sr = fma(a[0], b[0], __dmul_rn(ai[0], bi[0])), si = fma(a[0], bi[0], -__dmul_rn(ai[0], b[0]));
#pragma unroll
    for (int r = 1; r < R; ++r) {
        sr = __dadd_rn(sr, fma(a[r], b[r], __dmul_rn(ai[r], bi[r])));
        si = __dadd_rn(si, fma(a[r], bi[r], -__dmul_rn(ai[r], b[r])));
    }
    part[0] = sr; part[1] = si;
}

/* A value from its warp totals t: the sum of the parts, the rounded products' first. */
__device__ __forceinline__ double hzgsvd__z_join(const double *t, int parts)
{
    return parts == 2 ? __dadd_rn(t[0], t[1]) : t[0];
}

/* Squared norm of a c-element column held R elements per lane (lane order, then a warp sum). */
template <bool ENH, int R>
__device__ __forceinline__ double hzgsvd__z_vnorm2(const double *a, const double *ai)
{
    constexpr int NP = HZGSVD__Z_NORM_PARTS(ENH);
    double t[NP];
    hzgsvd__z_vnorm2_part<ENH, R>(a, ai, t);
#pragma unroll
    for (int k = 0; k < NP; ++k) t[k] = hzgsvd__warp_sum(t[k]);
    return hzgsvd__z_join(t, NP);
}

/* The 2x2 transformation of a pivot pair from its squared norms and the warp totals of its dots
 * (fpq: f_p^H f_q's, gpq: g_p^H g_q's, ND parts each). */
template <int ND, int VARIANT, bool SORT>
__device__ __forceinline__ hzgsvd__rot hzgsvd__z_rot_of(double app, double aqq, const double *fpq, double bpp, double bqq, const double *gpq, double tol)
{
    return hzgsvd__zrot(app, aqq, fpq[0], fpq[1], bpp, bqq, gpq[0], gpq[1], VARIANT, SORT, tol);
}

/* Tile rows [r, r + TILE) of the 2W pivot columns into shared memory (column-major, ld TILE_LD),
 * asynchronously; both planes, the imaginary one TILE_LD * 2W doubles later; one commit group. */
template <int W, int NT>
__device__ __forceinline__ void hzgsvd__z_tile_load(double *buf, const double *Y, const double *Yi, int m, const int *gcol, int r)
{
    constexpr int PIECES = HZGSVD__TILE / 2;              /* 16-byte pieces per column */
    for (int e = threadIdx.x; e < 2 * W * PIECES; e += NT) {
        const int lc = e / PIECES, k = 2 * (e % PIECES);
        const size_t src = (size_t)gcol[lc] * m + r + k;
        hzgsvd__cp16(buf + lc * HZGSVD__TILE_LD + k, Y + src);
        hzgsvd__cp16(buf + 2 * W * HZGSVD__TILE_LD + lc * HZGSVD__TILE_LD + k, Yi + src);
    }
    hzgsvd__cp_commit();
}

/* ---- gram: one thread block per (pair, row chunk of F or G), 3 W/8 warps --------------------------
 * The lower triangle of the c x c Gram matrix in 2 x 2 quadrants of W x W: the upper-left, the
 * lower-left and the lower-right (the upper-right is the transpose: never formed, never read), W/8
 * warps each, one warp an 8-column strip of its quadrant: W/8 8x8 tiles in DMMA accumulators (few
 * registers a thread, so that several blocks share an SM). */
#define HZGSVD__GRAM_THREADS(w) (12 * (w))
template <int W>
HZGSVD_PRIVATE __global__ void __launch_bounds__(HZGSVD__GRAM_THREADS(W)) hzgsvd__z_gram(hzgsvd__z_gpu_step S, int step, int pair0)
{
    constexpr int C = 2 * W, NTI = W / 8, NTH = HZGSVD__GRAM_THREADS(W), PLANE = C * HZGSVD__TILE_LD;
    extern __shared__ double smem[];                    /* 2 buffers x 2 plane(s) x PLANE */
    __shared__ int gcol[C];
    const int chunks = S.gchunks_f + S.gchunks_g;
    const int l = pair0 + blockIdx.x / chunks, c = blockIdx.x % chunks, isg = c >= S.gchunks_f;
    const int m = isg ? S.M.mg : S.M.mf, rows = isg ? S.grows_g : S.grows_f, ch = isg ? c - S.gchunks_f : c;
    const double *Y = isg ? S.M.G : S.M.F;
    const double *Yi = isg ? S.M.Gi : S.M.Fi;
    const int r0 = ch * rows, r1 = min(m, r0 + rows), ntiles = (r1 - r0) / HZGSVD__TILE;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, g = lane >> 2, t = lane & 3;
    for (int lc = threadIdx.x; lc < C; lc += NTH) gcol[lc] = hzgsvd__z_pivot_col<W>(S, step, l, lc);
    __syncthreads();
    const int quad = warp / (W / 8), strip = warp % (W / 8);
    const int ri = quad ? W : 0, cj = (quad == 2 ? W : 0) + 8 * strip;   /* the warp's rows and columns */
    double acc[NTI][2], acci[NTI][2];
#pragma unroll
    for (int i = 0; i < NTI; ++i) {
        acc[i][0] = acc[i][1] = 0.0;
        acci[i][0] = acci[i][1] = 0.0;
    }
    hzgsvd__z_tile_load<W, NTH>(smem, Y, Yi, m, gcol, r0);
    for (int k = 0; k < ntiles; ++k) {
        if (k + 1 < ntiles) hzgsvd__z_tile_load<W, NTH>(smem + ((k + 1) & 1) * 2 * PLANE, Y, Yi, m, gcol, r0 + (k + 1) * HZGSVD__TILE);
        else hzgsvd__cp_commit();
        hzgsvd__cp_wait<1>();
        __syncthreads();
        const double *b = smem + (k & 1) * 2 * PLANE;
#pragma unroll
        for (int kk = 0; kk < HZGSVD__TILE; kk += 4) {
            double fa[NTI], fai[NTI];                 /* Y(kk + t, col) of the warp's row tiles and its strip */
#pragma unroll
            for (int i = 0; i < NTI; ++i) {
                fa[i] = b[(ri + 8 * i + g) * HZGSVD__TILE_LD + kk + t];
                fai[i] = b[PLANE + (ri + 8 * i + g) * HZGSVD__TILE_LD + kk + t];
            }
            const double fb = b[(cj + g) * HZGSVD__TILE_LD + kk + t];
            const double fbi = b[PLANE + (cj + g) * HZGSVD__TILE_LD + kk + t];
#pragma unroll
            for (int i = 0; i < NTI; i += 2)                /* row tiles i and i + 1 in one 16x8x4 product */
                hzgsvd__z_mma_conj(acc[i], acci[i], acc[i + 1], acci[i + 1], fa[i], fai[i], fa[i + 1], fai[i + 1], fb, fbi);
        }
        __syncthreads();                                    /* buffer k & 1 is loaded again at k + 1 */
    }
    double *out = S.partial + ((size_t)l * chunks + c) * C * C;
    double *outi = out + (size_t)S.npairs * chunks * C * C;
#pragma unroll
    for (int i = 0; i < NTI; ++i)
#pragma unroll
        for (int e = 0; e < 2; ++e) {
            const int idx = (ri + 8 * i + g) + C * (cj + 2 * t + e);
            out[idx] = acc[i][e];
            outi[idx] = acci[i][e];
        }
}

/* ---- update: one thread block per (pair, row chunk of F, G or Z), c/8 warps ---------------------
 * Warp v forms the output columns [8 v, 8 v + 8) of each 32-row tile (4 8x8 tiles) on the tensor
 * cores: its c/4 B fragments of Z-tilde stay in registers for the whole chunk (no shared memory for
 * Z-tilde, so more blocks fit an SM); the tiles stream through a double buffer and the results go
 * back in place (the rows of a block are its own). */
template <int W>
HZGSVD_PRIVATE __global__ void __launch_bounds__(8 * W) hzgsvd__z_update(hzgsvd__z_gpu_step S, int step, int pair0)
{
    constexpr int C = 2 * W, NTH = 8 * W, KS = C / 4, PLANE = C * HZGSVD__TILE_LD;
    extern __shared__ double smem[];                    /* 2 buffers x 2 plane(s) x PLANE */
    __shared__ int gcol[C];
    const int chunks = S.uchunks_f + S.uchunks_g + S.uchunks_z;
    const int l = pair0 + blockIdx.x / chunks, c = blockIdx.x % chunks;
    const int mode = S.pmode[l];
    if (mode & HZGSVD__PAIR_SKIP) return;               /* uniform: a failure (the sweep ends in an error) or Z-tilde = I */
    const int which = c < S.uchunks_f ? 0 : c < S.uchunks_f + S.uchunks_g ? 1 : 2;
    const int ch = which == 0 ? c : which == 1 ? c - S.uchunks_f : c - S.uchunks_f - S.uchunks_g;
    const int m = which == 0 ? S.M.mf : which == 1 ? S.M.mg : S.M.nz;
    const int rows = which == 0 ? S.urows_f : which == 1 ? S.urows_g : S.urows_z;
    double *Y = which == 0 ? S.M.F : which == 1 ? S.M.G : S.M.Z;
    double *Yi = which == 0 ? S.M.Fi : which == 1 ? S.M.Gi : S.M.Zi;
    const int r0 = ch * rows, r1 = min(m, r0 + rows), ntiles = (r1 - r0) / HZGSVD__TILE;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, g = lane >> 2, t = lane & 3;
    for (int lc = threadIdx.x; lc < C; lc += NTH) gcol[lc] = hzgsvd__z_pivot_col<W>(S, step, l, lc);
    __syncthreads();                                    /* gcol */
    hzgsvd__z_tile_load<W, NTH>(smem, Y, Yi, m, gcol, r0);
    double fz[KS], fzi[KS];                      /* Z-tilde(4 k + t, 8 warp + g) */
    {
        /* Z-tilde, or R Z-tilde for a slab that holds MGS's Q (in the pair's Gram partials) */
        const bool q = (which == 0 && (mode & HZGSVD__PAIR_Q_F)) || (which == 1 && (mode & HZGSVD__PAIR_Q_G));
        size_t zplane = (size_t)S.npairs * C * C;       /* Z-tilde's; the helper sets R Z-tilde's */
        const double *z = (q ? hzgsvd__z_rz_slot<W>(S, l, which, &zplane) : S.zhat + (size_t)l * C * C) + (size_t)(8 * warp + g) * C + t;
        const double *zi = z + zplane;
#pragma unroll
        for (int k = 0; k < KS; ++k) {
            fz[k] = __ldg(z + 4 * k);
            fzi[k] = __ldg(zi + 4 * k);
        }
    }
    const int col = gcol[8 * warp + 2 * t], col1 = gcol[8 * warp + 2 * t + 1];   /* this lane's output columns */
    for (int k = 0; k < ntiles; ++k) {
        if (k + 1 < ntiles) hzgsvd__z_tile_load<W, NTH>(smem + ((k + 1) & 1) * 2 * PLANE, Y, Yi, m, gcol, r0 + (k + 1) * HZGSVD__TILE);
        else hzgsvd__cp_commit();
        hzgsvd__cp_wait<1>();
        __syncthreads();
        const double *b = smem + (k & 1) * 2 * PLANE;
        double acc[4][2], acci[4][2];
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            acc[i][0] = acc[i][1] = 0.0;
            acci[i][0] = acci[i][1] = 0.0;
        }
#pragma unroll
        for (int kk = 0; kk < KS; ++kk) {
#pragma unroll
            for (int i = 0; i < 4; i += 2) {            /* A fragments Y(8 i + g, 4 kk + t) and Y(8 i + 8 + g, 4 kk + t) */
                const double fa = b[(4 * kk + t) * HZGSVD__TILE_LD + 8 * i + g], fa1 = b[(4 * kk + t) * HZGSVD__TILE_LD + 8 * i + 8 + g];
                const double fai = b[PLANE + (4 * kk + t) * HZGSVD__TILE_LD + 8 * i + g], fa1i = b[PLANE + (4 * kk + t) * HZGSVD__TILE_LD + 8 * i + 8 + g];
                hzgsvd__z_mma(acc[i], acci[i], acc[i + 1], acci[i + 1], fa, fai, fa1, fa1i, fz[kk], fzi[kk]);
            }
        }
        const size_t row = (size_t)r0 + k * HZGSVD__TILE + g;
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            Y[(size_t)col * m + row + 8 * i] = acc[i][0];
            Y[(size_t)col1 * m + row + 8 * i] = acc[i][1];
            Yi[(size_t)col * m + row + 8 * i] = acci[i][0];
            Yi[(size_t)col1 * m + row + 8 * i] = acci[i][1];
        }
        __syncthreads();                                    /* buffer k & 1 is loaded again at k + 1 */
    }
}

/* ---- solve: one thread block of NW warps per pivot pair -----------------------------------------
 * Lane x of a warp owns rows x + 32 r (r < R = c/32) of the c x c factors; in an inner step warp y
 * takes pairs y, y + NW, ... of the inner table (w/NW pairs a warp). */
/* Warps of a solve block for block width w: one inner pair per warp where the registers allow it
 * (a warp per pair halves the latency of an inner step; complex w = 32 would spill at 64 registers). */
#define HZGSVD__Z_SOLVE_WARPS(w) ((w) == 16 ? 16 : 16)

/* Cholesky A = L L^H of F's (first half of the NTH threads) and G's (second half) Gram matrices at once, in place
 * (lower triangles), then A <- L^H with the strict lower part zeroed.  *fail_f, *fail_g: the column
 * whose pivot was not positive, or -1 (every thread gets both).
 * Right-looking in panels of PW = 8 columns, 2 barriers a panel instead of 3 a column: the first
 * warp of a half factors the panel in registers (lane x holds rows x + 32 r, pivots and L(c, j)
 * by shuffles), then all threads of the half apply the panel to the trailing lower triangle.  Every
 * element gets exactly the column-by-column algorithm's operations in its order (diagonal sqrt(d),
 * below it times rsqrt(d), then A(i, c) -= L(i, j) conj(L(c, j)) for j = 0, 1, ... by FMAs): the
 * factor is bitwise that of the unblocked algorithm. */
#define HZGSVD__CHOL_PANEL 8

/* The trailing update after the panel p0 .. p0 + PW - 1: A(i, c) -= L(i, j) conj(L(c, j)), j in the
 * panel, p0 + PW <= c <= i; the HT threads of a half (ht) over the elements. */
template <int C, int PW, int HT>
__device__ __forceinline__ void hzgsvd__z_chol_trailing(double *A, double *Ai, int p0, int ht)
{
    const int q0 = p0 + PW;
    for (int e = ht; e < (C - q0) * C; e += HT) {
        const int c = q0 + e / C, i = e % C;
        if (i >= c) {
            double a = A[i + C * c];
            double ai = Ai[i + C * c];
#pragma unroll
            for (int k = 0; k < PW; ++k) hzgsvd__z_fma_conj(-A[i + C * (p0 + k)], -Ai[i + C * (p0 + k)], A[c + C * (p0 + k)], Ai[c + C * (p0 + k)], &a, &ai);
            Ai[i + C * c] = ai;
            A[i + C * c] = a;
        }
    }
}

template <int C, int NTH>
__device__ __forceinline__ void hzgsvd__z_cholesky2(double *sF, double *sFi, double *sG, double *sGi, int *fail_f, int *fail_g)
{
    __shared__ int s_fail[2];
    constexpr int HT = NTH / 2, PW = HZGSVD__CHOL_PANEL, R = C / 32;
    const int half = threadIdx.x >= HT, ht = threadIdx.x - half * HT, x = ht & 31;
    double *A = half ? sG : sF;
    double *Ai = half ? sGi : sFi;
    int failc = -1;                                     /* uniform within a half */
#pragma unroll 1
    for (int p0 = 0; p0 < C; p0 += PW) {
        if (ht < 32) {                                  /* the panel: columns p0 .. p0 + PW - 1, in registers */
            double P[R][PW], Pi[R][PW];
#pragma unroll
            for (int r = 0; r < R; ++r)
#pragma unroll
                for (int k = 0; k < PW; ++k) {
                    P[r][k] = A[x + 32 * r + C * (p0 + k)];
                    Pi[r][k] = Ai[x + 32 * r + C * (p0 + k)];
                }
#pragma unroll
            for (int k = 0; k < PW; ++k) {
                const int j = p0 + k;
                /* shuffle every row slot and pick after: a pick before the shuffle would index P at run time (local memory) */
                double d = __shfl_sync(0xffffffffu, P[0][k], j & 31);
#pragma unroll
                for (int r = 1; r < R; ++r) {
                    const double dr = __shfl_sync(0xffffffffu, P[r][k], j & 31);
                    if ((j >> 5) == r) d = dr;
                }
                if (failc < 0 && (!(d > 0.0) || isinf(d))) failc = j;
                if (failc < 0) {                                /* uniform: after a failure the factor is not used */
                    const double sq = sqrt(d), rs = hzgsvd__rsqrt_rn(d);
#pragma unroll
                    for (int r = 0; r < R; ++r) {
                        const int i = x + 32 * r;
                        if (i == j) {
                            P[r][k] = sq;
                            Pi[r][k] = 0.0;                     /* the diagonal of L is real */
                        } else if (i > j) {
                            P[r][k] *= rs;
                            Pi[r][k] *= rs;
                        }
                    }
#pragma unroll
                    for (int kc = k + 1; kc < PW; ++kc) {       /* the panel's own columns c = p0 + kc > j */
                        const int c = p0 + kc;
                        double lc = __shfl_sync(0xffffffffu, P[0][k], c & 31);
                        double lci = __shfl_sync(0xffffffffu, Pi[0][k], c & 31);
#pragma unroll
                        for (int r = 1; r < R; ++r) {
                            const double lr = __shfl_sync(0xffffffffu, P[r][k], c & 31);
                            const double lri = __shfl_sync(0xffffffffu, Pi[r][k], c & 31);
                            if ((c >> 5) == r) {
                                lc = lr;
                                lci = lri;
                            }
                        }
#pragma unroll
                        for (int r = 0; r < R; ++r)
                            if (x + 32 * r >= c) hzgsvd__z_fma_conj(-P[r][k], -Pi[r][k], lc, lci, &P[r][kc], &Pi[r][kc]);
                    }
                }
            }
#pragma unroll
            for (int r = 0; r < R; ++r)
#pragma unroll
                for (int k = 0; k < PW; ++k)
                    if (x + 32 * r >= p0 + k) {                 /* the lower part only: the rest is not read */
                        A[x + 32 * r + C * (p0 + k)] = P[r][k];
                        Ai[x + 32 * r + C * (p0 + k)] = Pi[r][k];
                    }
            if (x == 0) s_fail[half] = failc;
        }
        __syncthreads();
        failc = s_fail[half];
        const int q0 = p0 + PW;
        if (failc < 0 && q0 < C) hzgsvd__z_chol_trailing<C, PW, HT>(A, Ai, p0, ht);   /* A(i, c) -= L(i, j) conj(L(c, j)), j in the panel, q0 <= c <= i */
        __syncthreads();
    }
    /* A <- L^H: every thread moves C*C/HT elements of its half's matrix */
    constexpr int PER = C * C / HT;
    double v[PER], vi[PER];
#pragma unroll
    for (int k = 0; k < PER; ++k) {
        const int e = ht + HT * k, i = e % C, c = e / C;
        v[k] = (i >= c) ? A[e] : 0.0;
        vi[k] = (i >= c) ? -Ai[e] : 0.0;
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < PER; ++k) {
        const int e = ht + HT * k, i = e % C, c = e / C;
        A[c + C * i] = v[k];
        Ai[c + C * i] = vi[k];
    }
    __syncthreads();
    *fail_f = s_fail[0];
    *fail_g = s_fail[1];
}

/* The fallback factor of a pivot block whose Gram matrix Cholesky could not factor (its scaled
 * condition squared passed 1/u; docs/NUMERICS.md, "Ill-conditioned pivot blocks"; the CPU engine's
 * hzgsvd__z_mgs_factor): modified Gram-Schmidt of the m x C slab Y(:, gcol) in place.  The slab becomes
 * Q and A (C x C) gets R in the Cholesky factor's layout (upper, real positive diagonal, zeros
 * below); Q R = Y is columnwise backward stable whatever the condition, and exact zeros stay zero
 * (a bordered column never couples with a caller's).  The update then multiplies Q by R Z-tilde.
 * A rare path, one thread block a slab: sums in a fixed order (lanes over strided rows, the warp
 * butterfly, the warps in order).  Returns -1, or the first column that vanished (uniform). */
template <int C, int NTH>
__device__ int hzgsvd__z_mgs_slab(double *Y, double *Yi, int m, const int *gcol, double *A, double *Ai)
{
    constexpr int NW = NTH / 32;
    __shared__ double s_part[NW], s_nrm;
    const int tid = threadIdx.x, x = tid & 31, y = tid >> 5;
    for (int e = tid; e < C * C; e += NTH) {
        A[e] = 0.0;
        Ai[e] = 0.0;
    }
    for (int j = 0; j < C; ++j) {
        double *q = Y + (size_t)gcol[j] * m;
        double *qi = Yi + (size_t)gcol[j] * m;
        double s = 0.0;
        for (int i = tid; i < m; i += NTH) {
            s = fma(q[i], q[i], s);
            s = fma(qi[i], qi[i], s);
        }
        s = hzgsvd__warp_sum(s);
        if (x == 0) s_part[y] = s;
        __syncthreads();
        if (tid == 0) {
            double t = s_part[0];
            for (int k = 1; k < NW; ++k) t = __dadd_rn(t, s_part[k]);
            s_nrm = sqrt(t);
            A[j + C * j] = s_nrm;
        }
        __syncthreads();
        const double nrm = s_nrm;
        if (!(nrm > 0.0) || isinf(nrm)) return j;       /* uniform */
        for (int i = tid; i < m; i += NTH) {
            q[i] = __ddiv_rn(q[i], nrm);
            qi[i] = __ddiv_rn(qi[i], nrm);
        }
        __syncthreads();                                /* q_j complete (global writes are visible in the block) */
        for (int c = j + 1 + y; c < C; c += NW) {       /* r_jc = q_j^H a_c, a_c -= q_j r_jc: warp y, lanes over rows */
            double *a = Y + (size_t)gcol[c] * m;
            double *ai = Yi + (size_t)gcol[c] * m;
            double d = 0.0, di = 0.0;
            for (int i = x; i < m; i += 32) hzgsvd__z_mgs_dot(q, qi, a, ai, i, &d, &di);
            d = hzgsvd__warp_sum(d);
            di = hzgsvd__warp_sum(di);
            if (x == 0) {
                A[j + C * c] = d;
                Ai[j + C * c] = di;
            }
            for (int i = x; i < m; i += 32) hzgsvd__z_mgs_axpy(q, qi, a, ai, i, d, di);
        }
        __syncthreads();
    }
    return -1;
}

/* Subphase 1 (end) of the solve: pair l's Gram matrices, its partial sums added in chunk order
 * (lower triangles; the rest zero). */
template <int C, int NTH>
__device__ __forceinline__ void hzgsvd__z_solve_gram(const hzgsvd__z_gpu_step &S, int l, int tid, double *sF, double *sFi, double *sG, double *sGi)
{
    constexpr int CC = C * C;
    const int chunks = S.gchunks_f + S.gchunks_g;
    const double *pf = S.partial + (size_t)l * chunks * CC;
    const double *pfi = pf + (size_t)S.npairs * chunks * CC;
    for (int e = tid; e < CC; e += NTH) {
        const bool low = (e % C) >= (e / C);
        double f = 0.0, g = 0.0;
        double fi = 0.0, gi = 0.0;
        if (low) {
            f = pf[e];
            for (int k = 1; k < S.gchunks_f; ++k) f = __dadd_rn(f, pf[(size_t)k * CC + e]);
            g = pf[(size_t)S.gchunks_f * CC + e];
            for (int k = S.gchunks_f + 1; k < chunks; ++k) g = __dadd_rn(g, pf[(size_t)k * CC + e]);
            fi = pfi[e];
            for (int k = 1; k < S.gchunks_f; ++k) fi = __dadd_rn(fi, pfi[(size_t)k * CC + e]);
            gi = pfi[(size_t)S.gchunks_f * CC + e];
            for (int k = S.gchunks_f + 1; k < chunks; ++k) gi = __dadd_rn(gi, pfi[(size_t)k * CC + e]);
        }
        sF[e] = f; sG[e] = g;
        sFi[e] = fi; sGi[e] = gi;
    }
    __syncthreads();
}

/* Z-hat_0 and the prescaling of F-hat, G-hat by 1/||g-hat_j|| (variants 0, 1, 4, 5); warp y takes
 * the columns y, y + NW, ... */
template <int C, int NW, bool ENH, bool RESC>
__device__ __forceinline__ void hzgsvd__z_solve_prescale(int x, int y, double *sF, double *sFi, double *sG, double *sGi, double *sZ, double *sZi)
{
    constexpr int R = C / 32;
    for (int col = y; col < C; col += NW) {
        double z = 1.0;
        if (!RESC) {
            double gv[R], gvi[R];
#pragma unroll
            for (int r = 0; r < R; ++r) {
                gv[r] = sG[x + 32 * r + C * col];
                gvi[r] = sGi[x + 32 * r + C * col];
            }
            const double b = hzgsvd__z_vnorm2<ENH, R>(gv, gvi);
            if (b != 1.0) {
                z = hzgsvd__rsqrt_rn(b);
#pragma unroll
                for (int r = 0; r < R; ++r) {
                    const int e = x + 32 * r + C * col;
                    sF[e] *= z; sG[e] *= z;
                    sFi[e] *= z; sGi[e] *= z;
                }
            }
        }
#pragma unroll
        for (int r = 0; r < R; ++r) {
            sZ[x + 32 * r + C * col] = (x + 32 * r == col) ? z : 0.0;
            sZi[x + 32 * r + C * col] = 0.0;            /* Z-hat_0 is real */
        }
    }
    __syncthreads();
}

/* Where the parts of a pair's dot products lie in its row of the solve's s_dots (offsets O_*):
 * ||f_p||^2, ||f_q||^2, f_p^H f_q, g_p^H g_q, then ||g_p||^2, ||g_q||^2 where the variant rescales;
 * summed NV at a time (at most 8: a 16-wide halving kept its values in local memory), NB rounds. */
template <bool ENH, bool RESC>
struct hzgsvd__z_dot_layout {
    static constexpr int NN = HZGSVD__Z_NORM_PARTS(ENH), ND = HZGSVD__Z_DOT_PARTS(ENH);
    static constexpr int O_FP = 0, O_FQ = NN, O_FPQ = 2 * NN, O_GPQ = 2 * NN + ND;
    static constexpr int O_GP = RESC ? 2 * NN + 2 * ND : 0, O_GQ = RESC ? 3 * NN + 2 * ND : 0;
    static constexpr int NPARTS = RESC ? 4 * NN + 2 * ND : 2 * NN + 2 * ND;
    static constexpr int NV = NPARTS <= 4 ? 4 : 8, NB = (NPARTS + NV - 1) / NV, ROW = NB * NV;
};

/* Phase (A) of an inner step: the warp of each pivot pair of the step's table reduces the pair's
 * dot products into s_dots. */
template <int C, int NW, bool ENH, bool RESC>
__device__ __forceinline__ void hzgsvd__z_inner_dots(int x, int y, const double *sF, const double *sFi, const double *sG, const double *sGi, const unsigned char (*tab)[2],
                                                  double (*s_dots)[hzgsvd__z_dot_layout<ENH, RESC>::ROW])
{
    using L = hzgsvd__z_dot_layout<ENH, RESC>;
    constexpr int R = C / 32, PPW = C / 2 / NW, NV = L::NV, NB = L::NB;
#pragma unroll 1
    for (int h = 0; h < PPW; ++h) {
        const int pos = y + NW * h, p = tab[pos][0], q = tab[pos][1];
        double fp[R], fpi[R], fq[R], fqi[R], gp[R], gpi[R], gq[R], gqi[R];
#pragma unroll
        for (int r = 0; r < R; ++r) {
            const int ep = x + 32 * r + C * p, eq = x + 32 * r + C * q;
            fp[r] = sF[ep]; fq[r] = sF[eq]; gp[r] = sG[ep]; gq[r] = sG[eq];
            fpi[r] = sFi[ep]; fqi[r] = sFi[eq]; gpi[r] = sGi[ep]; gqi[r] = sGi[eq];
        }
        /* the pair's parts, summed over the warp NV at once: lane 32/NV k holds total k of a round */
        double v[NB * NV];
#pragma unroll
        for (int k = 0; k < NB * NV; ++k) v[k] = 0.0;
        hzgsvd__z_vnorm2_part<ENH, R>(fp, fpi, v + L::O_FP);
        hzgsvd__z_vnorm2_part<ENH, R>(fq, fqi, v + L::O_FQ);
        hzgsvd__z_vdot_part<ENH, R>(fp, fpi, fq, fqi, v + L::O_FPQ);
        hzgsvd__z_vdot_part<ENH, R>(gp, gpi, gq, gqi, v + L::O_GPQ);
        if (RESC) {
            hzgsvd__z_vnorm2_part<ENH, R>(gp, gpi, v + L::O_GP);
            hzgsvd__z_vnorm2_part<ENH, R>(gq, gqi, v + L::O_GQ);
        }
#pragma unroll
        for (int b = 0; b < NB; ++b) {
            const double tot = hzgsvd__warp_sums<NV>(v + b * NV);
            if ((x & (32 / NV - 1)) == 0) s_dots[pos][b * NV + x / (32 / NV)] = tot;
        }
    }
}

/* Phase (C) of an inner step: the warp of each pivot pair applies the pair's transformation (and
 * swap) to F-hat, G-hat and Z-hat and counts it. */
template <int C, int NW, bool ENH, bool SORT>
__device__ __forceinline__ void hzgsvd__z_inner_apply(int x, int y, double *sF, double *sFi, double *sG, double *sGi, double *sZ, double *sZi, const unsigned char (*tab)[2], const hzgsvd__rot *s_rot,
                                                   int *w_all, int *w_big, int *w_moved, int *rot_fail)
{
    constexpr int R = C / 32, PPW = C / 2 / NW;
#pragma unroll 1
    for (int h = 0; h < PPW; ++h) {
        const int pos = y + NW * h, p = tab[pos][0], q = tab[pos][1];
        const hzgsvd__rot rot = s_rot[pos];
        double fp[R], fpi[R], fq[R], fqi[R], gp[R], gpi[R], gq[R], gqi[R], zp[R], zpi[R], zq[R], zqi[R];
#pragma unroll
        for (int r = 0; r < R; ++r) {
            const int ep = x + 32 * r + C * p, eq = x + 32 * r + C * q;
            fp[r] = sF[ep]; fq[r] = sF[eq]; gp[r] = sG[ep]; gq[r] = sG[eq]; zp[r] = sZ[ep]; zq[r] = sZ[eq];
            fpi[r] = sFi[ep]; fqi[r] = sFi[eq]; gpi[r] = sGi[ep]; gqi[r] = sGi[eq]; zpi[r] = sZi[ep]; zqi[r] = sZi[eq];
        }
        int swap = rot.swap;
        if (rot.transform) {
#pragma unroll
            for (int r = 0; r < R; ++r) {
                hzgsvd__zrot_apply(&rot, fp[r], fpi[r], fq[r], fqi[r], &fp[r], &fpi[r], &fq[r], &fqi[r]);
                hzgsvd__zrot_apply(&rot, gp[r], gpi[r], gq[r], gqi[r], &gp[r], &gpi[r], &gq[r], &gqi[r]);
                hzgsvd__zrot_apply(&rot, zp[r], zpi[r], zq[r], zqi[r], &zp[r], &zpi[r], &zq[r], &zqi[r]);
            }
            /* complex pairs are sorted by the new norms (a real pair's swap came with its rotation) */
            swap = hzgsvd__zswap(SORT, hzgsvd__z_vnorm2<ENH, R>(fp, fpi), hzgsvd__z_vnorm2<ENH, R>(fq, fqi));
        }
#pragma unroll
        for (int r = 0; r < R; ++r) {
            const int ep = x + 32 * r + C * p, eq = x + 32 * r + C * q;
            sF[ep] = swap ? fq[r] : fp[r]; sF[eq] = swap ? fp[r] : fq[r];
            sG[ep] = swap ? gq[r] : gp[r]; sG[eq] = swap ? gp[r] : gq[r];
            sZ[ep] = swap ? zq[r] : zp[r]; sZ[eq] = swap ? zp[r] : zq[r];
            sFi[ep] = swap ? fqi[r] : fpi[r]; sFi[eq] = swap ? fpi[r] : fqi[r];
            sGi[ep] = swap ? gqi[r] : gpi[r]; sGi[eq] = swap ? gpi[r] : gqi[r];
            sZi[ep] = swap ? zqi[r] : zpi[r]; sZi[eq] = swap ? zpi[r] : zqi[r];
        }
        *rot_fail |= rot.fail;
        *w_moved |= rot.transform | swap;
        *w_all += rot.transform;
        *w_big += rot.transform & rot.big;
    }
}

/* Subphase 3: the pointwise sweeps.  An inner step in three phases: (A) the warp of each pair
 * reduces the pair's dot products, (B) the first c/2 lanes of warp 0 compute the c/2 2x2
 * transformations, one a lane (the 2x2 math is long and scalar: a warp per pair would issue it
 * 32 times over), (C) the warps apply them.  Each warp counts its own transformations. */
template <int C, int NW, int VARIANT, bool SORT>
__device__ __forceinline__ void hzgsvd__z_solve_sweeps(const hzgsvd__z_gpu_step &S, int x, int y, double *sF, double *sFi, double *sG, double *sGi, double *sZ, double *sZi,
                                                    double (*s_dots)[hzgsvd__z_dot_layout<HZGSVD__VAR_ENHANCED(VARIANT), HZGSVD__VAR_RESCALE(VARIANT)>::ROW], hzgsvd__rot *s_rot, int *w_all, int *w_big, int *w_moved, int *rot_fail)
{
    constexpr bool ENH = HZGSVD__VAR_ENHANCED(VARIANT), RESC = HZGSVD__VAR_RESCALE(VARIANT);
    using L = hzgsvd__z_dot_layout<ENH, RESC>;
    const double tol = hzgsvd__ortho_tol(C);
    const int steps = S.inner_mm ? C : C - 1;
    for (int sweep = 0; sweep < S.max_inner; ++sweep) {
        const int w_all0 = *w_all;
        for (int st = 0; st < steps; ++st) {
            const unsigned char (*tab)[2];              /* the step's C/2 pairs */
            if (C == 32) tab = S.inner_mm ? hzgsvd__cinner_mm32[st] : hzgsvd__cinner_me32[st];
            else tab = S.inner_mm ? hzgsvd__cinner_mm64[st] : hzgsvd__cinner_me64[st];
            hzgsvd__z_inner_dots<C, NW, ENH, RESC>(x, y, sF, sFi, sG, sGi, tab, s_dots);   /* (A) */
            __syncthreads();
            if (y == 0 && x < C / 2) {                  /* (B) */
                const double *t = s_dots[x];
                const double app = hzgsvd__z_join(t + L::O_FP, L::NN), aqq = hzgsvd__z_join(t + L::O_FQ, L::NN);
                const double bpp = RESC ? hzgsvd__z_join(t + L::O_GP, L::NN) : 1.0, bqq = RESC ? hzgsvd__z_join(t + L::O_GQ, L::NN) : 1.0;
                s_rot[x] = hzgsvd__z_rot_of<L::ND, VARIANT, SORT>(app, aqq, t + L::O_FPQ, bpp, bqq, t + L::O_GPQ, tol);
            }
            __syncthreads();
            hzgsvd__z_inner_apply<C, NW, ENH, SORT>(x, y, sF, sFi, sG, sGi, sZ, sZi, tab, s_rot, w_all, w_big, w_moved, rot_fail);   /* (C) */
            __syncthreads();
        }
        if (__syncthreads_count(x == 0 && *w_all != w_all0) == 0) break;   /* a sweep with no transformation */
    }
}

/* Z-tilde = Z-hat Theta (section 2.4), written for the update kernel; for a slab that holds Q,
 * also R Z-hat Theta (the transformed factor) into the pair's Gram partials, read by now. */
template <int W, int NW, bool ENH>
__device__ __forceinline__ void hzgsvd__z_solve_store(const hzgsvd__z_gpu_step &S, int l, int mode, int x, int y, const double *sF, const double *sFi, const double *sG, const double *sGi, const double *sZ, const double *sZi)
{
    constexpr int C = 2 * W, CC = C * C, R = C / 32;
    double *zo = S.zhat + (size_t)l * CC;
    size_t rplane;
    double *rf = hzgsvd__z_rz_slot<W>(S, l, 0, &rplane), *rg = hzgsvd__z_rz_slot<W>(S, l, 1, &rplane);
    double *zoi = zo + (size_t)S.npairs * CC, *rfi = rf + rplane, *rgi = rg + rplane;
    for (int col = y; col < C; col += NW) {
        double fv[R], fvi[R], gv[R], gvi[R];
#pragma unroll
        for (int r = 0; r < R; ++r) {
            const int e = x + 32 * r + C * col;
            fv[r] = sF[e]; gv[r] = sG[e];
            fvi[r] = sFi[e]; gvi[r] = sGi[e];
        }
        const double tt = hzgsvd__rsqrt_rn(hzgsvd__z_vnorm2<ENH, R>(fv, fvi) + hzgsvd__z_vnorm2<ENH, R>(gv, gvi));
#pragma unroll
        for (int r = 0; r < R; ++r) {
            const int e = x + 32 * r + C * col;
            zo[e] = sZ[e] * tt;               /* tt = 1 too: x * 1.0 is x exactly */
            zoi[e] = sZi[e] * tt;               /* tt = 1 too: x * 1.0 is x exactly */
            if (mode & HZGSVD__PAIR_Q_F) {
                rf[e] = sF[e] * tt;
                rfi[e] = sFi[e] * tt;
            }
            if (mode & HZGSVD__PAIR_Q_G) {
                rg[e] = sG[e] * tt;
                rgi[e] = sGi[e] * tt;
            }
        }
    }
}

template <int W, int VARIANT, bool SORT>
__device__ __forceinline__ void hzgsvd__z_solve_body(hzgsvd__z_gpu_step S, int step, int pair0)
{
    constexpr int C = 2 * W, CC = C * C, NW = HZGSVD__Z_SOLVE_WARPS(W), NTH = 32 * NW;
    constexpr bool ENH = HZGSVD__VAR_ENHANCED(VARIANT);
    using L = hzgsvd__z_dot_layout<ENH, HZGSVD__VAR_RESCALE(VARIANT)>;
    extern __shared__ double smem[];                    /* F-hat, G-hat, Z-hat (c x c each), then their imaginary planes */
    double *sF = smem + 0 * CC, *sG = sF + CC, *sZ = sF + 2 * CC;
    double *sFi = smem + 3 * CC, *sGi = sFi + CC, *sZi = sFi + 2 * CC;
    const int tid = threadIdx.x, x = tid & 31, y = tid >> 5, l = pair0 + blockIdx.x;

    hzgsvd__z_solve_gram<C, NTH>(S, l, tid, sF, sFi, sG, sGi);

    /* Subphase 2: both Cholesky factorizations; where one breaks down, MGS of that block's slab
     * (the slab becomes Q, the update multiplies it by R Z-tilde) */
    int fail_f, fail_g, mode = HZGSVD__PAIR_UPDATE;
    hzgsvd__z_cholesky2<C, NTH>(sF, sFi, sG, sGi, &fail_f, &fail_g);
    if (fail_f >= 0 || fail_g >= 0) {                   /* uniform */
        __shared__ int gcol[C];
        for (int lc = tid; lc < C; lc += NTH) gcol[lc] = hzgsvd__z_pivot_col<W>(S, step, l, lc);
        __syncthreads();
        if (fail_f >= 0) {
            fail_f = hzgsvd__z_mgs_slab<C, NTH>(S.M.F, S.M.Fi, S.M.mf, gcol, sF, sFi);
            mode |= HZGSVD__PAIR_Q_F;
        }
        if (fail_f < 0 && fail_g >= 0) {
            fail_g = hzgsvd__z_mgs_slab<C, NTH>(S.M.G, S.M.Gi, S.M.mg, gcol, sG, sGi);
            mode |= HZGSVD__PAIR_Q_G;
        }
        if (fail_f >= 0 || fail_g >= 0) {               /* MGS lost a column too: the host reports rank deficiency */
            if (tid == 0) {
                if (S.stats[l].fail == 0) { S.stats[l].fail = fail_f >= 0 ? 1 : 2; S.stats[l].fail_col = fail_f >= 0 ? fail_f : fail_g; }
                S.pmode[l] = HZGSVD__PAIR_SKIP;
            }
            return;
        }
        __syncthreads();                                /* R in sF / sG for every warp */
    }

    hzgsvd__z_solve_prescale<C, NW, ENH, HZGSVD__VAR_RESCALE(VARIANT)>(x, y, sF, sFi, sG, sGi, sZ, sZi);

    __shared__ double s_dots[C / 2][L::ROW];
    __shared__ hzgsvd__rot s_rot[C / 2];
    int w_all = 0, w_big = 0, w_moved = 0, rot_fail = 0;
    hzgsvd__z_solve_sweeps<C, NW, VARIANT, SORT>(S, x, y, sF, sFi, sG, sGi, sZ, sZi, s_dots, s_rot, &w_all, &w_big, &w_moved, &rot_fail);
    __shared__ int s_counts[2][NW];
    if (x == 0) { s_counts[0][y] = w_all; s_counts[1][y] = w_big; }
    if (__syncthreads_or(rot_fail)) {
        if (tid == 0) {
            if (S.stats[l].fail == 0) { S.stats[l].fail = 3; S.stats[l].fail_col = 0; }
            S.pmode[l] = HZGSVD__PAIR_SKIP;
        }
        return;
    }
    /* A pair whose inner sweeps moved nothing (no transformation, no swap) is orthogonal to the
     * working accuracy: its Z-tilde would only rescale columns by 1 + O(u), which the next visit's
     * prescaling redoes.  Z-tilde = I, and the update kernel skips the pair (most pairs of the last
     * two or three sweeps; the CPU engine does the same).  Not where a slab holds Q: it needs R. */
    if (mode == HZGSVD__PAIR_UPDATE && !__syncthreads_or(w_moved)) {
        if (tid == 0) S.pmode[l] = HZGSVD__PAIR_SKIP;
        return;
    }
    hzgsvd__z_solve_store<W, NW, ENH>(S, l, mode, x, y, sF, sFi, sG, sGi, sZ, sZi);
    if (tid == 0) {                                     /* fixed order over the warps */
        unsigned long long tot_all = 0, tot_big = 0;
        for (int k = 0; k < NW; ++k) { tot_all += (unsigned)s_counts[0][k]; tot_big += (unsigned)s_counts[1][k]; }
        S.stats[l].all += tot_all;
        S.stats[l].big += tot_big;
        S.pmode[l] = mode;
    }
}

/* One solve kernel per generated instance and block width: the name is also a filter key and a
 * benchmark label. */
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(16)) hzgsvd__z_v0_sort_w16_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<16, 0, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(32)) hzgsvd__z_v0_sort_w32_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<32, 0, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(16)) hzgsvd__z_v0_nosort_w16_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<16, 0, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(32)) hzgsvd__z_v0_nosort_w32_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<32, 0, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(16)) hzgsvd__z_v1_sort_w16_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<16, 1, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(32)) hzgsvd__z_v1_sort_w32_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<32, 1, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(16)) hzgsvd__z_v1_nosort_w16_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<16, 1, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(32)) hzgsvd__z_v1_nosort_w32_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<32, 1, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(16)) hzgsvd__z_v2_sort_w16_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<16, 2, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(32)) hzgsvd__z_v2_sort_w32_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<32, 2, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(16)) hzgsvd__z_v2_nosort_w16_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<16, 2, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(32)) hzgsvd__z_v2_nosort_w32_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<32, 2, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(16)) hzgsvd__z_v3_sort_w16_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<16, 3, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(32)) hzgsvd__z_v3_sort_w32_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<32, 3, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(16)) hzgsvd__z_v3_nosort_w16_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<16, 3, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(32)) hzgsvd__z_v3_nosort_w32_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<32, 3, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(16)) hzgsvd__z_v4_sort_w16_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<16, 4, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(32)) hzgsvd__z_v4_sort_w32_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<32, 4, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(16)) hzgsvd__z_v4_nosort_w16_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<16, 4, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(32)) hzgsvd__z_v4_nosort_w32_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<32, 4, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(16)) hzgsvd__z_v5_sort_w16_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<16, 5, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(32)) hzgsvd__z_v5_sort_w32_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<32, 5, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(16)) hzgsvd__z_v5_nosort_w16_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<16, 5, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(32)) hzgsvd__z_v5_nosort_w32_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<32, 5, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(16)) hzgsvd__z_v6_sort_w16_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<16, 6, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(32)) hzgsvd__z_v6_sort_w32_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<32, 6, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(16)) hzgsvd__z_v6_nosort_w16_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<16, 6, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(32)) hzgsvd__z_v6_nosort_w32_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<32, 6, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(16)) hzgsvd__z_v7_sort_w16_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<16, 7, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(32)) hzgsvd__z_v7_sort_w32_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<32, 7, true>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(16)) hzgsvd__z_v7_nosort_w16_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<16, 7, false>(S, step, pair0);
}
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__Z_SOLVE_WARPS(32)) hzgsvd__z_v7_nosort_w32_solve(hzgsvd__z_gpu_step S, int step, int pair0)
{
    hzgsvd__z_solve_body<32, 7, false>(S, step, pair0);
}

/* A kernel of the step: (arguments, outer step, first pivot pair of its group); the grid covers the group. */
typedef void (*hzgsvd__z_step_kernel)(hzgsvd__z_gpu_step, int, int);

/* The solve instance for (w, variant, sort), or NULL where the build filtered it out (make VARIANTS=...). */
static inline hzgsvd__z_step_kernel hzgsvd__z_solve_instance(int w, int variant, int sort)
{
    if (w == 16 && variant == 0 && sort == 1) return hzgsvd__z_v0_sort_w16_solve;
    if (w == 32 && variant == 0 && sort == 1) return hzgsvd__z_v0_sort_w32_solve;
    if (w == 16 && variant == 0 && sort == 0) return hzgsvd__z_v0_nosort_w16_solve;
    if (w == 32 && variant == 0 && sort == 0) return hzgsvd__z_v0_nosort_w32_solve;
    if (w == 16 && variant == 1 && sort == 1) return hzgsvd__z_v1_sort_w16_solve;
    if (w == 32 && variant == 1 && sort == 1) return hzgsvd__z_v1_sort_w32_solve;
    if (w == 16 && variant == 1 && sort == 0) return hzgsvd__z_v1_nosort_w16_solve;
    if (w == 32 && variant == 1 && sort == 0) return hzgsvd__z_v1_nosort_w32_solve;
    if (w == 16 && variant == 2 && sort == 1) return hzgsvd__z_v2_sort_w16_solve;
    if (w == 32 && variant == 2 && sort == 1) return hzgsvd__z_v2_sort_w32_solve;
    if (w == 16 && variant == 2 && sort == 0) return hzgsvd__z_v2_nosort_w16_solve;
    if (w == 32 && variant == 2 && sort == 0) return hzgsvd__z_v2_nosort_w32_solve;
    if (w == 16 && variant == 3 && sort == 1) return hzgsvd__z_v3_sort_w16_solve;
    if (w == 32 && variant == 3 && sort == 1) return hzgsvd__z_v3_sort_w32_solve;
    if (w == 16 && variant == 3 && sort == 0) return hzgsvd__z_v3_nosort_w16_solve;
    if (w == 32 && variant == 3 && sort == 0) return hzgsvd__z_v3_nosort_w32_solve;
    if (w == 16 && variant == 4 && sort == 1) return hzgsvd__z_v4_sort_w16_solve;
    if (w == 32 && variant == 4 && sort == 1) return hzgsvd__z_v4_sort_w32_solve;
    if (w == 16 && variant == 4 && sort == 0) return hzgsvd__z_v4_nosort_w16_solve;
    if (w == 32 && variant == 4 && sort == 0) return hzgsvd__z_v4_nosort_w32_solve;
    if (w == 16 && variant == 5 && sort == 1) return hzgsvd__z_v5_sort_w16_solve;
    if (w == 32 && variant == 5 && sort == 1) return hzgsvd__z_v5_sort_w32_solve;
    if (w == 16 && variant == 5 && sort == 0) return hzgsvd__z_v5_nosort_w16_solve;
    if (w == 32 && variant == 5 && sort == 0) return hzgsvd__z_v5_nosort_w32_solve;
    if (w == 16 && variant == 6 && sort == 1) return hzgsvd__z_v6_sort_w16_solve;
    if (w == 32 && variant == 6 && sort == 1) return hzgsvd__z_v6_sort_w32_solve;
    if (w == 16 && variant == 6 && sort == 0) return hzgsvd__z_v6_nosort_w16_solve;
    if (w == 32 && variant == 6 && sort == 0) return hzgsvd__z_v6_nosort_w32_solve;
    if (w == 16 && variant == 7 && sort == 1) return hzgsvd__z_v7_sort_w16_solve;
    if (w == 32 && variant == 7 && sort == 1) return hzgsvd__z_v7_sort_w32_solve;
    if (w == 16 && variant == 7 && sort == 0) return hzgsvd__z_v7_nosort_w16_solve;
    if (w == 32 && variant == 7 && sort == 0) return hzgsvd__z_v7_nosort_w32_solve;
    return NULL;
}
/*** end templates/hzgsvd_gpu_step.cu.j2 [z] ***/

/*** begin templates/hzgsvd_gpu_refine.cu.j2 [d] ***/
/* Sigma refinement on the GPU, real: the kernels (the host side, both precisions:
 * hzgsvd__gpu_refine in templates/hzgsvd_gpu_refine_common.cu; the method: hzgsvd_sigma_refine in
 * hzgsvd_core.h).  The split kernels cut the caller's range-scaled F' (or G') into A = [F1 | Fr] and a panel of Z columns
 * into B1 = Z1 and B2 = [Zr; z''] (the layout: hzgsvd__gpu_refine_plan); hzgsvd__gpu_gemm_nn
 * forms T1 = F1 Z1 (exact: integer sums below 2^53, in any order) and T2 = A B2 = F1 Zr + Fr Z on
 * the FP64 tensor cores; the norm kernel sums |T1 + T2|^2 down each column in a fixed order. */

/* Entry (r, k) of Y'' = Y' with column k scaled by 2^-ex[k], Y' the caller's matrix (real)
 * range-scaled, ex the frexp exponents of the largest entry of each column of Y' (the load's
 * checks): Y'' and z'' (z_k 2^ex[k]) do not change when the columns of F and G are scaled by powers
 * of two, so neither does sigma (hzgsvd_cpu_refine.c.j2 does the same). */
static __device__ __forceinline__ void hzgsvd__d_refine_in(const double *Y, const double *Yi, int ld, int r, int k, int active, int shift, const int *col,
                                                const int *ex, double *xr)
{
    const size_t d = (size_t)r + (size_t)k * ld;
    const int sc = (active ? shift + col[k] : 0) - ex[k];
    (void)Yi;
    *xr = ldexp(Y[d], sc);
}

/* A = [F1 | Fr] (ld mp, kh columns per half, heads first): row r of Y'' split on its own grid.
 * Rows m..mp-1 and columns n..kh-1 of each half are zero (the products' padding). */
HZGSVD_PRIVATE __global__ void hzgsvd__d_refine_split_rows(const double *Y, const double *Yi, int ld, int m, int mp, int n, int kh, int active, int shift,
                                                        const int *col, const int *ex, int beta, double *A)
{
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= mp) return;
    double mx = 0.0, xr = 0.0;
    int e;
    for (int k = 0; k < n && r < m; ++k) {
        hzgsvd__d_refine_in(Y, Yi, ld, r, k, active, shift, col, ex, &xr);
        mx = fmax(mx, fabs(xr));
    }
    (void)frexp(mx, &e);
    double *head = A + r, *tail = A + r + (size_t)kh * mp;
    for (int k = 0; k < n; ++k) {
        if (r < m) hzgsvd__d_refine_in(Y, Yi, ld, r, k, active, shift, col, ex, &xr);
        const double hr = hzgsvd__refine_head(xr, e, beta);
        head[(size_t)k * mp] = hr;
        tail[(size_t)k * mp] = xr - hr;
    }
    for (int k = n; k < kh; ++k) head[(size_t)k * mp] = tail[(size_t)k * mp] = 0.0;
}

/* Column j0 + c of Z (first n rows of the working planes, ld ldz) as z''_k = z_k 2^ex[k], one block
 * of 256 threads per column c < pp: B1(:, c) = heads on the column's grid, B2(:, c) = [tails; z''];
 * columns c >= np (past the panel) and rows n..kh-1 of each part are zero. */
HZGSVD_PRIVATE __global__ void hzgsvd__d_refine_split_cols(const double *Z, int ldz, int n, int kh, int j0, int np, int pp,
                                                        const int *ex, int beta, double *B1, double *B2)
{
    __shared__ double red[256];
    const int c = blockIdx.x, j = j0 + c;
    const int live = c < np;
    const double *z = Z + (size_t)j * ldz;
    double mx = 0.0;
    for (int k = threadIdx.x; k < n && live; k += blockDim.x) {
        mx = fmax(mx, fabs(ldexp(z[k], ex[k])));
    }
    red[threadIdx.x] = mx;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) red[threadIdx.x] = fmax(red[threadIdx.x], red[threadIdx.x + s]);
        __syncthreads();
    }
    int e;
    (void)frexp(red[0], &e);
    for (int k = threadIdx.x; k < n; k += blockDim.x) {
        const double zr = live ? ldexp(z[k], ex[k]) : 0.0, hr = hzgsvd__refine_head(zr, e, beta);
        B1[(size_t)k + (size_t)c * kh] = hr;
        B2[(size_t)k + (size_t)c * 2 * kh] = zr - hr;
        B2[(size_t)kh + k + (size_t)c * 2 * kh] = zr;
    }
    for (int q = 0; q < 1; ++q) {
        const size_t cc = (size_t)c + (size_t)q * pp;
        for (int k = n + threadIdx.x; k < kh; k += blockDim.x)
            B1[k + cc * kh] = B2[k + cc * 2 * kh] = B2[kh + k + cc * 2 * kh] = 0.0;
    }
}

/* nrm[j0 + c] = ||(T1 + T2)(:, c)|| * 2^-e (rows < m), e from
 * frexp of the engine's sigma of that column (the norm is about that sigma: no overflow or
 * underflow); one block of 256 threads per column c < np, each thread a fixed stride of rows, then
 * a fixed tree. */
HZGSVD_PRIVATE __global__ void hzgsvd__d_refine_norm(const double *T1, const double *T2, int m, int mp, int pp, int j0, const double *sig, double *nrm)
{
    __shared__ double red[256];
    const int c = blockIdx.x, j = j0 + c;
    int e;
    (void)frexp(sig[j], &e);
    double s = 0.0;
    for (int r = threadIdx.x; r < m; r += blockDim.x) {
        const size_t d = (size_t)r + (size_t)c * mp;
        (void)pp;
        const double v = ldexp(__dadd_rn(T1[d], T2[d]), -e);
        s = __dadd_rn(s, __dmul_rn(v, v));
    }
    red[threadIdx.x] = s;
    __syncthreads();
    for (int h = blockDim.x / 2; h > 0; h >>= 1) {
        if (threadIdx.x < h) red[threadIdx.x] = __dadd_rn(red[threadIdx.x], red[threadIdx.x + h]);
        __syncthreads();
    }
    if (threadIdx.x == 0) nrm[j] = sqrt(red[0]);
}

/* The launch of hzgsvd__d_refine_split_cols (hzgsvd__gpu_refine_ops). */
HZGSVD_PRIVATE void hzgsvd__d_refine_split_cols_k(const double *Z, const double *Zi, int ldz, int n, int kh, int j0, int np, int pp, const int *ex, int beta,
                                              double *B1, double *B2, cudaStream_t stream)
{
    (void)Zi;
    hzgsvd__d_refine_split_cols<<<pp, 256, 0, stream>>>(Z, ldz, n, kh, j0, np, pp, ex, beta, B1, B2);
}

/* This precision's kernels for the host functions (templates/hzgsvd_gpu_refine_common.cu). */
HZGSVD_PRIVATE const hzgsvd__gpu_refine_ops hzgsvd__d_refine_ops = { 1, hzgsvd__d_refine_split_rows, hzgsvd__d_refine_split_cols_k, hzgsvd__d_refine_norm };
/*** end templates/hzgsvd_gpu_refine.cu.j2 [d] ***/

/*** begin templates/hzgsvd_gpu_refine.cu.j2 [z] ***/
/* Sigma refinement on the GPU, complex: the kernels (the host side, both precisions:
 * hzgsvd__gpu_refine in templates/hzgsvd_gpu_refine_common.cu; the method: hzgsvd_sigma_refine in
 * hzgsvd_core.h).  The split kernels cut the caller's range-scaled F' (or G') into A = [F1 | Fr] and a panel of Z columns
 * into B1 = Z1 and B2 = [Zr; z''] (the layout: hzgsvd__gpu_refine_plan; complex matrices in real form); hzgsvd__gpu_gemm_nn
 * forms T1 = F1 Z1 (exact: integer sums below 2^53, in any order) and T2 = A B2 = F1 Zr + Fr Z on
 * the FP64 tensor cores; the norm kernel sums |T1 + T2|^2 down each column in a fixed order. */

/* Entry (r, k) of Y'' = Y' with column k scaled by 2^-ex[k], Y' the caller's matrix (interleaved when Yi is NULL, else split planes)
 * range-scaled, ex the frexp exponents of the largest entry of each column of Y' (the load's
 * checks): Y'' and z'' (z_k 2^ex[k]) do not change when the columns of F and G are scaled by powers
 * of two, so neither does sigma (hzgsvd_cpu_refine.c.j2 does the same). */
static __device__ __forceinline__ void hzgsvd__z_refine_in(const double *Y, const double *Yi, int ld, int r, int k, int active, int shift, const int *col,
                                                const int *ex, double *xr, double *xi)
{
    const size_t d = (size_t)r + (size_t)k * ld;
    const int sc = (active ? shift + col[k] : 0) - ex[k];
    *xr = ldexp(Yi ? Y[d] : Y[2 * d], sc);
    *xi = ldexp(Yi ? Yi[d] : Y[2 * d + 1], sc);
}

/* A = [F1 | Fr] (ld mp, kh columns per half, heads first): row r of Y'' split on its own grid; in
 * real form, column k of a half holds the real parts of column k, column n + k the imaginary ones.
 * Rows m..mp-1 and columns 2n..kh-1 of each half are zero (the products' padding). */
HZGSVD_PRIVATE __global__ void hzgsvd__z_refine_split_rows(const double *Y, const double *Yi, int ld, int m, int mp, int n, int kh, int active, int shift,
                                                        const int *col, const int *ex, int beta, double *A)
{
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= mp) return;
    double mx = 0.0, xr = 0.0, xi = 0.0;
    int e;
    for (int k = 0; k < n && r < m; ++k) {
        hzgsvd__z_refine_in(Y, Yi, ld, r, k, active, shift, col, ex, &xr, &xi);
        mx = fmax(mx, fabs(xr));
        mx = fmax(mx, fabs(xi));
    }
    (void)frexp(mx, &e);
    double *head = A + r, *tail = A + r + (size_t)kh * mp;
    for (int k = 0; k < n; ++k) {
        if (r < m) hzgsvd__z_refine_in(Y, Yi, ld, r, k, active, shift, col, ex, &xr, &xi);
        const double hr = hzgsvd__refine_head(xr, e, beta);
        head[(size_t)k * mp] = hr;
        tail[(size_t)k * mp] = xr - hr;
        const double hi = hzgsvd__refine_head(xi, e, beta);
        head[(size_t)(n + k) * mp] = hi;
        tail[(size_t)(n + k) * mp] = xi - hi;
    }
    for (int k = 2 * n; k < kh; ++k) head[(size_t)k * mp] = tail[(size_t)k * mp] = 0.0;
}

/* Entry k of a complex column x + iy into column c of a real-form B (ld ldb, pp columns apart):
 * [x; -y] in column c, [y; x] in column pp + c, rows k and n + k. */
static __device__ __forceinline__ void hzgsvd__z_refine_put(double *B, int ldb, int pp, int n, int k, int c, double x, double y)
{
    double *re = B + (size_t)c * ldb, *im = B + (size_t)(pp + c) * ldb;
    re[k] = x; re[n + k] = -y;
    im[k] = y; im[n + k] = x;
}

/* Column j0 + c of Z (first n rows of the working planes, ld ldz) as z''_k = z_k 2^ex[k], one block
 * of 256 threads per column c < pp: B1(:, c) = heads on the column's grid, B2(:, c) = [tails; z''];
 * columns c >= np (past the panel) and rows 2n..kh-1 of each part are zero. */
HZGSVD_PRIVATE __global__ void hzgsvd__z_refine_split_cols(const double *Z, const double *Zi, int ldz, int n, int kh, int j0, int np, int pp,
                                                        const int *ex, int beta, double *B1, double *B2)
{
    __shared__ double red[256];
    const int c = blockIdx.x, j = j0 + c;
    const int live = c < np;
    const double *z = Z + (size_t)j * ldz;
    const double *zi = Zi + (size_t)j * ldz;
    double mx = 0.0;
    for (int k = threadIdx.x; k < n && live; k += blockDim.x) {
        mx = fmax(mx, fabs(ldexp(z[k], ex[k])));
        mx = fmax(mx, fabs(ldexp(zi[k], ex[k])));
    }
    red[threadIdx.x] = mx;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) red[threadIdx.x] = fmax(red[threadIdx.x], red[threadIdx.x + s]);
        __syncthreads();
    }
    int e;
    (void)frexp(red[0], &e);
    for (int k = threadIdx.x; k < n; k += blockDim.x) {
        const double zr = live ? ldexp(z[k], ex[k]) : 0.0, hr = hzgsvd__refine_head(zr, e, beta);
        const double zv = live ? ldexp(zi[k], ex[k]) : 0.0, hi = hzgsvd__refine_head(zv, e, beta);
        hzgsvd__z_refine_put(B1, kh, pp, n, k, c, hr, hi);
        hzgsvd__z_refine_put(B2, 2 * kh, pp, n, k, c, zr - hr, zv - hi);
        hzgsvd__z_refine_put(B2 + kh, 2 * kh, pp, n, k, c, zr, zv);
    }
    for (int q = 0; q < 2; ++q) {
        const size_t cc = (size_t)c + (size_t)q * pp;
        for (int k = 2 * n + threadIdx.x; k < kh; k += blockDim.x)
            B1[k + cc * kh] = B2[k + cc * 2 * kh] = B2[kh + k + cc * 2 * kh] = 0.0;
    }
}

/* nrm[j0 + c] = ||(T1 + T2)(:, c)|| * 2^-e (rows < m; columns c and pp + c hold the real and imaginary parts), e from
 * frexp of the engine's sigma of that column (the norm is about that sigma: no overflow or
 * underflow); one block of 256 threads per column c < np, each thread a fixed stride of rows, then
 * a fixed tree. */
HZGSVD_PRIVATE __global__ void hzgsvd__z_refine_norm(const double *T1, const double *T2, int m, int mp, int pp, int j0, const double *sig, double *nrm)
{
    __shared__ double red[256];
    const int c = blockIdx.x, j = j0 + c;
    int e;
    (void)frexp(sig[j], &e);
    double s = 0.0;
    for (int r = threadIdx.x; r < m; r += blockDim.x) {
        const size_t d = (size_t)r + (size_t)c * mp;
        const size_t di = d + (size_t)pp * mp;
        const double vr = ldexp(__dadd_rn(T1[d], T2[d]), -e), vi = ldexp(__dadd_rn(T1[di], T2[di]), -e);
        s = __dadd_rn(s, __dadd_rn(__dmul_rn(vr, vr), __dmul_rn(vi, vi)));
    }
    red[threadIdx.x] = s;
    __syncthreads();
    for (int h = blockDim.x / 2; h > 0; h >>= 1) {
        if (threadIdx.x < h) red[threadIdx.x] = __dadd_rn(red[threadIdx.x], red[threadIdx.x + h]);
        __syncthreads();
    }
    if (threadIdx.x == 0) nrm[j] = sqrt(red[0]);
}

/* The launch of hzgsvd__z_refine_split_cols (hzgsvd__gpu_refine_ops). */
HZGSVD_PRIVATE void hzgsvd__z_refine_split_cols_k(const double *Z, const double *Zi, int ldz, int n, int kh, int j0, int np, int pp, const int *ex, int beta,
                                              double *B1, double *B2, cudaStream_t stream)
{
    hzgsvd__z_refine_split_cols<<<pp, 256, 0, stream>>>(Z, Zi, ldz, n, kh, j0, np, pp, ex, beta, B1, B2);
}

/* This precision's kernels for the host functions (templates/hzgsvd_gpu_refine_common.cu). */
HZGSVD_PRIVATE const hzgsvd__gpu_refine_ops hzgsvd__z_refine_ops = { 2, hzgsvd__z_refine_split_rows, hzgsvd__z_refine_split_cols_k, hzgsvd__z_refine_norm };
/*** end templates/hzgsvd_gpu_refine.cu.j2 [z] ***/

/*** begin templates/hzgsvd_gpu_orth.cu.j2 [d] ***/
/* The orthogonality check of U and V on the GPU, real: the kernels (the host side, both precisions:
 * hzgsvd__gpu_orth_max in templates/hzgsvd_gpu_refine_common.cu; the CPU engine's check: hzgsvd__d_orth_max in
 * templates/hzgsvd_cpu_engine.c.j2; why: docs/NUMERICS.md, "The full-rank engine's limit"):
 * max over i <= j of |y_i^H y_j - delta_ij| for the nc normalized working columns y_j of U or V.
 * The Gram matrix on the FP64 tensor cores (hzgsvd__gpu_gemm with A transposed, its tiles on or
 * above the diagonal only),
 * each entry summed in a fixed order; then the largest deviation of each column and of all (a
 * maximum does not depend on the order it is taken in: the same bits on every run; a NaN fails). */

/* Column c < nbp of P (ld 1 m, zero past nc) from column c of Y (m rows, ld ld). */
HZGSVD_PRIVATE __global__ void hzgsvd__d_orth_pack(const double *Y, int m, int nc, int ld, int nbp, double *Pk)
{
    const int c = blockIdx.x;
    const size_t lp = (size_t)1 * m;
    for (int r = threadIdx.x; r < m; r += blockDim.x) {
        const double x = c < nc ? Y[(size_t)r + (size_t)c * ld] : 0.0;
        Pk[(size_t)r + (size_t)c * lp] = x;
    }
}

/* colmax[j] = max over i <= j of |C(i, j) - delta_ij|, one block per column j < nc. */
HZGSVD_PRIVATE __global__ void hzgsvd__d_orth_columns(const double *C, int nbp, double *colmax)
{
    __shared__ double red[256];
    const int j = blockIdx.x;
    double worst = 0.0;
    for (int i = threadIdx.x; i <= j; i += blockDim.x) {
        const double d = C[(size_t)i + (size_t)j * nbp] - (i == j);
        worst = hzgsvd__max_nan(worst, fabs(d));
    }
    red[threadIdx.x] = worst;
    __syncthreads();
    for (int h = blockDim.x / 2; h > 0; h >>= 1) {
        if (threadIdx.x < h) red[threadIdx.x] = hzgsvd__max_nan(red[threadIdx.x], red[threadIdx.x + h]);
        __syncthreads();
    }
    if (threadIdx.x == 0) colmax[j] = red[0];
}

/* The launch of hzgsvd__d_orth_pack (hzgsvd__gpu_orth_ops): one block per column of P. */
HZGSVD_PRIVATE void hzgsvd__d_orth_pack_k(const double *Y, const double *Yi, int m, int nc, int ld, int nbp, double *Pk, cudaStream_t stream)
{
    (void)Yi;
    hzgsvd__d_orth_pack<<<nbp, 256, 0, stream>>>(Y, m, nc, ld, nbp, Pk);
}

/* This precision's kernels for the host function hzgsvd__gpu_orth_max (templates/hzgsvd_gpu_refine_common.cu). */
HZGSVD_PRIVATE const hzgsvd__gpu_orth_ops hzgsvd__d_orth_ops = { 1, hzgsvd__d_orth_pack_k, hzgsvd__d_orth_columns };
/*** end templates/hzgsvd_gpu_orth.cu.j2 [d] ***/

/*** begin templates/hzgsvd_gpu_orth.cu.j2 [z] ***/
/* The orthogonality check of U and V on the GPU, complex: the kernels (the host side, both precisions:
 * hzgsvd__gpu_orth_max in templates/hzgsvd_gpu_refine_common.cu; the CPU engine's check: hzgsvd__z_orth_max in
 * templates/hzgsvd_cpu_engine.c.j2; why: docs/NUMERICS.md, "The full-rank engine's limit"):
 * max over i <= j of |y_i^H y_j - delta_ij| for the nc normalized working columns y_j of U or V.
 * The Gram matrix on the FP64 tensor cores (hzgsvd__gpu_gemm with A transposed, its tiles on or
 * above the diagonal only; in real form: P = [Yr; Yi], C = P^T [P | P2] with P2 = [Yi; -Yr], so that C = [Re | Im] of Y^H Y),
 * each entry summed in a fixed order; then the largest deviation of each column and of all (a
 * maximum does not depend on the order it is taken in: the same bits on every run; a NaN fails). */

/* Column c < nbp of P and P2 (ld 2 m, zero past nc) from column c of Y (m rows, ld ld). */
HZGSVD_PRIVATE __global__ void hzgsvd__z_orth_pack(const double *Y, const double *Yi, int m, int nc, int ld, int nbp, double *Pk)
{
    const int c = blockIdx.x;
    const size_t lp = (size_t)2 * m;
    for (int r = threadIdx.x; r < m; r += blockDim.x) {
        const double x = c < nc ? Y[(size_t)r + (size_t)c * ld] : 0.0;
        const double y = c < nc ? Yi[(size_t)r + (size_t)c * ld] : 0.0;
        double *p = Pk + (size_t)c * lp, *q = Pk + ((size_t)nbp + c) * lp;
        p[r] = x; p[m + r] = y;
        q[r] = y; q[m + r] = -x;
    }
}

/* colmax[j] = max over i <= j of |C(i, j) - delta_ij| (C(i, j) + i C(i, nbp + j)), one block per column j < nc. */
HZGSVD_PRIVATE __global__ void hzgsvd__z_orth_columns(const double *C, int nbp, double *colmax)
{
    __shared__ double red[256];
    const int j = blockIdx.x;
    double worst = 0.0;
    for (int i = threadIdx.x; i <= j; i += blockDim.x) {
        const double d = C[(size_t)i + (size_t)j * nbp] - (i == j);
        worst = hzgsvd__max_nan(worst, hypot(d, C[(size_t)i + ((size_t)nbp + j) * nbp]));
    }
    red[threadIdx.x] = worst;
    __syncthreads();
    for (int h = blockDim.x / 2; h > 0; h >>= 1) {
        if (threadIdx.x < h) red[threadIdx.x] = hzgsvd__max_nan(red[threadIdx.x], red[threadIdx.x + h]);
        __syncthreads();
    }
    if (threadIdx.x == 0) colmax[j] = red[0];
}

/* The launch of hzgsvd__z_orth_pack (hzgsvd__gpu_orth_ops): one block per column of P. */
HZGSVD_PRIVATE void hzgsvd__z_orth_pack_k(const double *Y, const double *Yi, int m, int nc, int ld, int nbp, double *Pk, cudaStream_t stream)
{
    hzgsvd__z_orth_pack<<<nbp, 256, 0, stream>>>(Y, Yi, m, nc, ld, nbp, Pk);
}

/* This precision's kernels for the host function hzgsvd__gpu_orth_max (templates/hzgsvd_gpu_refine_common.cu). */
HZGSVD_PRIVATE const hzgsvd__gpu_orth_ops hzgsvd__z_orth_ops = { 2, hzgsvd__z_orth_pack_k, hzgsvd__z_orth_columns };
/*** end templates/hzgsvd_gpu_orth.cu.j2 [z] ***/

/*** begin templates/hzgsvd_gpu_driver.cu ***/
#line HZGSVD__SRC_LINE(1, 3932) HZGSVD__SRC_FILE("templates/hzgsvd_gpu_driver.cu")
/* The host part of the single-GPU engine, one driver for both precisions (paper section 3.6,
 * Algorithm 1): checks, the load and the range plan, bordering on the device, initFGZ, the outer
 * sweeps (one block step per outer step, counters copied back once per sweep, stop when a sweep
 * applied no big transformation), the final rescale, sigma refined from the input, the ordering,
 * the rank test, the U/V check and the caller's columns.  The CPU only controls; every CUDA call is
 * checked and becomes a status.  What differs by precision -- the planes per element, the kernels
 * and the block step's sweeper -- comes from the table X (hzgsvd__gpu_prec; one instance per
 * precision in templates/hzgsvd_gpu_prec.cu.j2). */

typedef struct hzgsvd__gpu_prec {
    int planes;                     /* doubles per element: 1 real, 2 complex */
    const char *letter;             /* "d" or "z": the public functions' names in messages */
    int (*has_variant)(int w, int variant, int sort);      /* the variant's kernels are in this build */
    /* the block step over all pivot pairs (templates/hzgsvd_gpu_step.cu.j2): device bytes of its
     * buffers; a sweeper with its per-pair host counters (NULL: no host memory); init, one outer
     * sweep, the text of a failure code, free */
    size_t (*sweeper_plan)(int mf, int mg, int nz, int n, int w);
    void *(*sweeper_new)(int npairs);
    cudaError_t (*sweeper_init)(void *sw, const hzgsvd__gpu_work *M, const int *d_outer, const int *h_outer, int steps, int w,
                                const hzgsvd_options *o, char *step_mem);
    cudaError_t (*sweeper_sweep)(void *sw, cudaStream_t stream, unsigned long long *all, unsigned long long *big, int *fail, int *fail_pair,
                                 int *fail_col);
    const char *(*sweeper_fail_text)(int fail);
    void (*sweeper_free)(void *sw);
    /* the kernels, each launched on stream and followed by cudaGetLastError (templates/hzgsvd_gpu_kernels.cu.j2) */
    cudaError_t (*load)(const double *Y, const double *Yi, int m, int n, int ld, double *const W[2], int ldw, cudaStream_t stream);
    cudaError_t (*check_values)(double *const W[2], int m, int n, int ldw, int *bad, int *zero, double *nrm, int *ex, cudaStream_t stream);
    cudaError_t (*scale_pow2)(double *const W[2], int ldw, int m, int n, int shift, const int *col, cudaStream_t stream);
    cudaError_t (*border)(double *Y, int ldw, int m, int n, int extra, cudaStream_t stream);
    cudaError_t (*init_fgz)(const hzgsvd__gpu_work *M, int enh, int prescale, int half, int row0, int row1, cudaStream_t stream);
    cudaError_t (*rescale)(const hzgsvd__gpu_work *M, int enh, int f, double *sf, double *sg, double *ss, int *bad, cudaStream_t stream);
    cudaError_t (*real_columns)(double *const Z[2], int n, int nb, int *real, cudaStream_t stream);
    cudaError_t (*rank_test)(double *const Z[2], int n, int nb, const int *real, const double *nf, const double *ng, const double *sf,
                             const double *sg, double tf, double tg, int *flag, cudaStream_t stream);
    cudaError_t (*gather)(double *const W[2], int ldw, const int *order, int m, int n, double *Y, double *Yi, int ld, cudaStream_t stream);
    hzgsvd_status (*refine)(const double *dF, const double *dFi, int ldf, int m_f, const double *dG, const double *dGi, int ldg, int m_g,
                            int n, int nb, const double *Z, const double *Zi, const hzgsvd__range *rg, const int *d_col, const int *d_ef,
                            const int *d_eg, const int *d_real, double *d_sf, double *d_sg, double *d_ss, char *buf, cudaStream_t stream,
                            hzgsvd_info *info);
    /* the scaled norms of the sigma refinement (templates/hzgsvd_gpu_refine_common.cu; the distributed engine's GPU ranks) */
    hzgsvd_status (*refine_norms)(const double *dY, const double *dYi, int ldy, int m, int n, int ncols, const double *Z, const double *Zi,
                                  int ldz, int active, int shift, const int *d_col, const int *d_ex, const double *d_sig, double *nrm,
                                  char *buf, const hzgsvd__gpu_refine_layout *RL, cudaStream_t stream, hzgsvd_info *info);
    hzgsvd_status (*orth_max)(double *const Y[2], int m, int nc, int ld, const hzgsvd__orth_layout *OL, char *scratch, int which,
                              cudaStream_t stream, hzgsvd_info *info);
    const hzgsvd__dense_prec *dense;   /* the reduction of general pairs, on the host (the entry points: templates/hzgsvd_gpu_api.cu) */
} hzgsvd__gpu_prec;

/* Sizes of a run (bordered: n to a multiple of 2w, rows to a multiple of 64 that holds the unit
 * diagonal of the added columns) and the offsets of everything in the workspace. */
typedef struct hzgsvd__gpu_layout {
    int w, mf, mg, nb, nblk, steps;
    size_t off_F, off_G, off_Z, off_outer, off_step, off_sig, off_norms, off_ints, bytes;
} hzgsvd__gpu_layout;

HZGSVD_PRIVATE int hzgsvd__gpu_plan(const hzgsvd__gpu_prec *X, int m_f, int m_g, int n, int w, hzgsvd_strategy outer, int inplace,
                                    hzgsvd__gpu_layout *L)
{
    const int nb = hzgsvd__bordered_n(n, w), extra = nb - n, PL = X->planes;
    L->w = w;
    L->nb = nb;
    L->nblk = nb / w;
    L->mf = hzgsvd__round_up(m_f + extra, 64);
    L->mg = hzgsvd__round_up(m_g + extra, 64);
    L->steps = hzgsvd__strategy_nsteps(outer, L->nblk);
    if (L->steps < 1) return -1;
    size_t o = 0;
    /* in place: the caller's arrays are the working matrices, the workspace holds O(n) only */
    L->off_F = o;     o += inplace ? 0 : hzgsvd__align256(sizeof(double) * PL * (size_t)L->mf * nb);
    L->off_G = o;     o += inplace ? 0 : hzgsvd__align256(sizeof(double) * PL * (size_t)L->mg * nb);
    L->off_Z = o;     o += inplace ? 0 : hzgsvd__align256(sizeof(double) * PL * (size_t)nb * nb);
    L->off_outer = o; o += hzgsvd__align256(sizeof(int) * (size_t)L->steps * L->nblk);
    {   /* the sigma refinement (copying mode) reuses the step's workspace after the sweeps */
        const size_t step = X->sweeper_plan(L->mf, L->mg, nb, nb, w), refine = inplace ? 0 : hzgsvd__gpu_refine_plan(PL, m_f, m_g, n, nb).bytes;
        /* and so does the orthogonality check (copying mode) */
        const size_t orth = inplace ? 0 : hzgsvd__orth_plan(PL, L->mf > L->mg ? L->mf : L->mg, nb).bytes;
        const size_t after = refine > orth ? refine : orth;
        L->off_step = o;  o += step > after ? step : after;
    }
    L->off_sig = o;   o += hzgsvd__align256(sizeof(double) * 3 * (size_t)nb);
    L->off_norms = o; o += hzgsvd__align256(sizeof(double) * 2 * (size_t)n);
    L->off_ints = o;  o += hzgsvd__align256(sizeof(int) * (3 * (size_t)nb + 4 + 3 * (size_t)n));   /* + range plan: ef, eg, col */
    L->bytes = o;
    return 0;
}

/* hzgsvd_gpu_?gsvd_workspace_size */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_workspace_size(const hzgsvd__gpu_prec *X, int m_f, int m_g, int n, const hzgsvd_options *opt,
                                                        size_t *bytes)
{
    const hzgsvd_options o = hzgsvd__with_width(opt, hzgsvd__gpu_default_width(n));
    if (!bytes) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = 0;
    if (n < 1) return HZGSVD_ERR_N_LESS_THAN_ONE;
    if (m_f < 0 || m_g < 0) return HZGSVD_ERR_INVALID_ARGUMENT;
    if (!hzgsvd__gpu_width_ok(o.block_width)) return HZGSVD_ERR_INVALID_ARGUMENT;
    /* fewer rows than columns: the reduction through the host, which uses no device workspace */
    if (m_f < n || m_g < n) return o.preprocess == 0 ? HZGSVD_ERR_M_LESS_THAN_N : HZGSVD_SUCCESS;
    hzgsvd__gpu_layout L;
    if (hzgsvd__gpu_plan(X, m_f, m_g, n, o.block_width, o.outer, 0, &L) != 0) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = L.bytes;
    return HZGSVD_SUCCESS;
}

/* Whether the in-place mode applies: no bordering (n a multiple of 2w, m_f and m_g of 64) and the
 * arrays exactly of the working layout (ld = rows). */
HZGSVD_PRIVATE int hzgsvd__gpu_inplace_ok(int m_f, int m_g, int n, int w, int ldf, int ldg, int ldz)
{
    return n >= 2 * w && n % (2 * w) == 0 && m_f % 64 == 0 && m_g % 64 == 0 && ldf == m_f && ldg == m_g && ldz == n;
}

/* hzgsvd_gpu_?gsvd_inplace_workspace_size */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_inplace_workspace_size(const hzgsvd__gpu_prec *X, int m_f, int m_g, int n, const hzgsvd_options *opt,
                                                                size_t *bytes)
{
    const hzgsvd_options o = hzgsvd__with_width(opt, hzgsvd__gpu_default_width(n));
    if (!bytes) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = 0;
    if (n < 1) return HZGSVD_ERR_N_LESS_THAN_ONE;
    if (m_f < n || m_g < n) return HZGSVD_ERR_M_LESS_THAN_N;
    if (!hzgsvd__gpu_width_ok(o.block_width)) return HZGSVD_ERR_INVALID_ARGUMENT;
    if (!hzgsvd__gpu_inplace_ok(m_f, m_g, n, o.block_width, m_f, m_g, n)) return HZGSVD_ERR_INVALID_ARGUMENT;
    hzgsvd__gpu_layout L;
    if (hzgsvd__gpu_plan(X, m_f, m_g, n, o.block_width, o.outer, 1, &L) != 0) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = L.bytes;
    return HZGSVD_SUCCESS;
}

/* Every argument check of a run, before any CUDA call (so the refusals come without a device too;
 * pointers are compared, never dereferenced): shapes and options, in place's layout, the plan (into
 * *L), the workspace's size and its alignment, 256 bytes (its parts lie on hzgsvd__align256
 * boundaries), and in place the arrays' alignment, 16 bytes (the step kernels read and write them
 * in 16-byte cp.async pieces).  o: block_width resolved (hzgsvd__with_width).  Fi, Gi, Zi: the
 * imaginary planes (complex, split) or NULL. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_check(const hzgsvd__gpu_prec *X, int m_f, int m_g, int n, const double *dF, const double *dFi, int ldf,
                                               const double *dG, const double *dGi, int ldg, const double *dZ, const double *dZi, int ldz,
                                               const void *d_work, size_t work_bytes, const hzgsvd_options *o, int inplace,
                                               hzgsvd_info *info, hzgsvd__gpu_layout *L)
{
    const int w = o->block_width;
    const hzgsvd_status st = hzgsvd__check_args(m_f, m_g, n, dF, ldf, dG, ldg, dZ, ldz, o, info);
    if (st != HZGSVD_SUCCESS) return st;
    if (!hzgsvd__gpu_width_ok(w))
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.block_width = %d: the GPU engine works with w = 16 or 32", w);
    if (hzgsvd__gpu_pre_check(o, inplace, info) != HZGSVD_SUCCESS) return HZGSVD_ERR_INVALID_ARGUMENT;
    if (!X->has_variant(w, o->variant, o->sort))
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "variant %d (%s) is not in this build (generated with a VARIANTS filter)",
                            o->variant, o->sort ? "sorting" : "non-sorting");
    if (inplace && !hzgsvd__gpu_inplace_ok(m_f, m_g, n, w, ldf, ldg, ldz))
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT,
                            "in place needs n >= 2w a multiple of 2w = %d, m_f and m_g multiples of 64 and ldf = m_f, ldg = m_g, ldz = n "
                            "(got m_f = %d, m_g = %d, n = %d, ld %d, %d, %d)", 2 * w, m_f, m_g, n, ldf, ldg, ldz);
    if (hzgsvd__gpu_plan(X, m_f, m_g, n, w, o->outer, inplace, L) != 0)
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "no outer strategy for %d block columns", n);
    if ((size_t)m_f * n > (size_t)0x7fffffff || (size_t)m_g * n > (size_t)0x7fffffff)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "m*n must be below 2^31 per matrix");
    if (d_work && work_bytes < L->bytes)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "work_bytes = %zu < %zu (hzgsvd_gpu_%sgsvd_workspace_size)", work_bytes, L->bytes,
                            X->letter);
    if ((uintptr_t)d_work & 255u)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT,
                            "d_work = %p must be 256-byte aligned (its parts lie on 256-byte boundaries; cudaMalloc's pointers are)", d_work);
    if (inplace) {
        const double *const real_arr[3] = { dF, dG, dZ }, *const cplx_arr[6] = { dF, dFi, dG, dGi, dZ, dZi };
        static const char *const real_name[3] = { "dF", "dG", "dZ" };
        static const char *const cplx_name[6] = { "dFr", "dFi", "dGr", "dGi", "dZr", "dZi" };
        const int cplx = X->planes == 2;
        const double *const *arr = cplx ? cplx_arr : real_arr;
        const char *const *name = cplx ? cplx_name : real_name;
        for (int a = 0; a < 3 * X->planes; ++a)
            if ((uintptr_t)arr[a] & 15u)
                return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "in place: %s = %p must be 16-byte aligned (the kernels copy it in 16-byte pieces)",
                                    name[a], (const void *)arr[a]);
    }
    return HZGSVD_SUCCESS;
}

/* One run: its arguments, its plan and everything it holds (released at its end). */
typedef struct hzgsvd__gpu_job {
    const hzgsvd__gpu_prec *X;
    int m_f, m_g, n, ldf, ldg, ldz, inplace;
    hzgsvd__on_deficient mode;      /* as hzgsvd__gpu_run's */
    double *dF, *dFi, *dG, *dGi, *dZ, *dZi;         /* the caller's arrays (imaginary planes: complex, split; else NULL) */
    cudaStream_t stream;
    hzgsvd_options o;               /* block_width resolved */
    hzgsvd__gpu_layout L;
    char *work, *owned;             /* the workspace (owned: allocated here) */
    int *h_outer, *h_ints, *h_order, *h_col;
    double *h_ss, *h_nrm;
    void *sweeper;
    hzgsvd__gpu_work M;
    double *d_sf, *d_sg, *d_ss, *d_nf, *d_ng;
    int *d_real, *d_order, *d_bad, *d_flag, *d_ef, *d_eg, *d_col;
    hzgsvd__range rg;
    hzgsvd__gpu_pre pre;            /* the preconditioned start's Z0 (templates/hzgsvd_gpu_precondition.cu) */
    int converged, enh;
    int sweeps_done, gave_way;      /* sweeps of an abandoned QR_EIG start; whether it gave way (hzgsvd__start_gives_way) */
    double *d_sigma_f, *d_sigma_g, *d_sigma;        /* the caller's sigmas */
    int *written;                   /* hzgsvd__gpu_run's */
} hzgsvd__gpu_job;

/* Host buffers, the workspace and its parts, the working matrices (the caller's in place), the sweeper. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_setup(hzgsvd__gpu_job *J, void *d_work, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const hzgsvd__gpu_layout *L = &J->L;
    const int n = J->n;
    J->h_outer = (int *)malloc(sizeof(int) * (size_t)L->steps * L->nblk);
    J->sweeper = J->X->sweeper_new(L->nblk / 2);   /* its counters: one per pivot pair */
    J->h_ints = (int *)malloc(sizeof(int) * 2 * (size_t)L->nb);
    J->h_ss = (double *)malloc(sizeof(double) * (size_t)L->nb);
    J->h_col = (int *)malloc(sizeof(int) * (size_t)n);
    J->h_nrm = (double *)malloc(sizeof(double) * 2 * (size_t)n);
    if (!J->h_outer || !J->sweeper || !J->h_ints || !J->h_ss || !J->h_col || !J->h_nrm) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "host buffers");
    J->h_order = J->h_ints + L->nb;
    if (hzgsvd__strategy_fill(J->o.outer, L->nblk, J->h_outer) != 0) return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "outer strategy table");

    char *work;
    hzgsvd__gpu_work *M = &J->M;
    if (d_work) J->work = (char *)d_work;
    else { HZGSVD__CU(cudaMalloc((void **)&J->owned, L->bytes)); J->work = J->owned; }
    work = J->work;
    if (J->inplace) {
        M->F[0] = J->dF; M->G[0] = J->dG; M->Z[0] = J->dZ;
        M->F[1] = J->dFi; M->G[1] = J->dGi; M->Z[1] = J->dZi;
    } else {
        M->F[0] = (double *)(work + L->off_F); M->G[0] = (double *)(work + L->off_G); M->Z[0] = (double *)(work + L->off_Z);
        M->F[1] = M->G[1] = M->Z[1] = NULL;
        if (J->X->planes == 2) {
            M->F[1] = M->F[0] + (size_t)L->mf * L->nb; M->G[1] = M->G[0] + (size_t)L->mg * L->nb; M->Z[1] = M->Z[0] + (size_t)L->nb * L->nb;
        }
    }
    if (J->X->planes == 1) M->F[1] = M->G[1] = M->Z[1] = NULL;
    M->mf = L->mf; M->mg = L->mg; M->n = L->nb; M->nz = L->nb;
    J->d_sf = (double *)(work + L->off_sig); J->d_sg = J->d_sf + L->nb; J->d_ss = J->d_sg + L->nb;
    J->d_nf = (double *)(work + L->off_norms); J->d_ng = J->d_nf + n;
    J->d_real = (int *)(work + L->off_ints); J->d_order = J->d_real + L->nb; J->d_flag = J->d_order + L->nb; J->d_bad = J->d_flag + L->nb;
    J->d_ef = J->d_bad + 4; J->d_eg = J->d_ef + n; J->d_col = J->d_eg + n;
    HZGSVD__CU(J->X->sweeper_init(J->sweeper, M, (const int *)(work + L->off_outer), J->h_outer, L->steps, L->w, &J->o, work + L->off_step));
done:
    return st;
}

/* Load (copying mode: the caller's arrays are only read here), then the checks that need the values:
 * d_bad[0] = first non-finite (column-major index), d_bad[1] = first zero column.  Pass 0: the
 * checks, the column norms and exponents; then the range plan (hzgsvd__range, docs/NUMERICS.md)
 * and, where it is active, F and G scaled on the device and pass 1 for their norms (the rank
 * test's).  Exact powers of two: no new non-finite value or zero column. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_load(hzgsvd__gpu_job *J, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const hzgsvd__gpu_prec *X = J->X;
    const hzgsvd__gpu_layout *L = &J->L;
    const hzgsvd__gpu_work *M = &J->M;
    const int m_f = J->m_f, m_g = J->m_g, n = J->n;
    cudaStream_t stream = J->stream;
    int h_chk[2];
    if (J->inplace) {
        for (int v = 0; v < X->planes; ++v) HZGSVD__CU(cudaMemsetAsync(M->Z[v], 0, sizeof(double) * (size_t)n * n, stream));
    } else {
        HZGSVD__CU(cudaMemsetAsync(J->work, 0, L->off_outer, stream));
        HZGSVD__CU(X->load(J->dF, J->dFi, m_f, n, J->ldf, M->F, L->mf, stream));
        HZGSVD__CU(X->load(J->dG, J->dGi, m_g, n, J->ldg, M->G, L->mg, stream));
    }
    for (int pass = 0; pass < 2; ++pass) {
        for (int which = 0; which < 2; ++which) {
            const int m = which ? m_g : m_f;
            const char *name = which ? "G" : "F";
            h_chk[0] = h_chk[1] = 0x7fffffff;
            HZGSVD__CU(cudaMemcpyAsync(J->d_bad, h_chk, sizeof h_chk, cudaMemcpyHostToDevice, stream));
            HZGSVD__CU(X->check_values(which ? M->G : M->F, m, n, which ? L->mg : L->mf, J->d_bad, J->d_bad + 1, which ? J->d_ng : J->d_nf,
                                       which ? J->d_eg : J->d_ef, stream));
            HZGSVD__CU(cudaMemcpyAsync(h_chk, J->d_bad, sizeof h_chk, cudaMemcpyDeviceToHost, stream));
            HZGSVD__CU(cudaStreamSynchronize(stream));
            if (h_chk[0] != 0x7fffffff) return hzgsvd__fail(info, HZGSVD_ERR_NOT_FINITE, "%s(%d,%d) is not finite", name, h_chk[0] % m + 1, h_chk[0] / m + 1);
            if (h_chk[1] != 0x7fffffff) return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "%s has a zero column (column %d): not of full column rank", name, h_chk[1] + 1);
        }
        if (pass == 1) break;
        {
            int part[3] = {0, INT_MIN, INT_MIN};
            HZGSVD__CU(cudaMemcpyAsync(J->h_ints, J->d_ef, sizeof(int) * 2 * (size_t)n, cudaMemcpyDeviceToHost, stream));   /* ef, eg: 2n <= 2nb */
            HZGSVD__CU(cudaStreamSynchronize(stream));
            hzgsvd__range_columns(n, J->h_ints, J->h_ints + n, J->h_col, part);
            J->rg = hzgsvd__range_plan(part);
        }
        if (!J->rg.active) break;
        HZGSVD__CU(cudaMemcpyAsync(J->d_col, J->h_col, sizeof(int) * (size_t)n, cudaMemcpyHostToDevice, stream));
        HZGSVD__CU(X->scale_pow2(M->F, L->mf, m_f, n, J->rg.shift_f, J->d_col, stream));
        HZGSVD__CU(X->scale_pow2(M->G, L->mg, m_g, n, J->rg.shift_g, J->d_col, stream));
    }
    /* a column far below the largest ones (its squares underflow) cannot be resolved */
    HZGSVD__CU(cudaMemcpyAsync(J->h_nrm, J->d_nf, sizeof(double) * 2 * (size_t)n, cudaMemcpyDeviceToHost, stream));   /* nf, ng */
    HZGSVD__CU(cudaStreamSynchronize(stream));
    for (int j = 0; j < 2 * n; ++j)
        if (J->h_nrm[j] < ldexp(1.0, -HZGSVD__RANGE_RESOLVE)) return hzgsvd__range_fail_input(info, j % n + 1, j < n ? "F" : "G");
done:
    return st;
}

/* Border (section 3.1), initFGZ (3.3), Algorithm 1: outer sweeps until one applies no big
 * transformation (J->converged), max_sweeps (less J->sweeps_done), a pivot failure or the cancel
 * flag, or until a QR_EIG start gives way (J->gave_way: the caller starts again with QR_SVD). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_iterate(hzgsvd__gpu_job *J, double t0, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const hzgsvd__gpu_prec *X = J->X;
    const hzgsvd__gpu_layout *L = &J->L;
    const int extra = L->nb - J->n, prescale = !HZGSVD__VAR_RESCALE(J->o.variant);
    const int preconditioned = J->pre.z0 != NULL;   /* for the stop rule (hzgsvd__sweep_converged) */
    const int kind = preconditioned ? J->pre.kind : HZGSVD_PRECONDITION_NONE, base = J->sweeps_done;
    const int budget = J->o.max_sweeps - base;
    cudaStream_t stream = J->stream;
    if (extra > 0) {
        HZGSVD__CU(X->border(J->M.F[0], L->mf, J->m_f, J->n, extra, stream));   /* extra < 2w <= 64 */
        HZGSVD__CU(X->border(J->M.G[0], L->mg, J->m_g, J->n, extra, stream));
    }
    HZGSVD__CU(cudaMemcpyAsync(J->work + L->off_outer, J->h_outer, sizeof(int) * (size_t)L->steps * L->nblk, cudaMemcpyHostToDevice, stream));
    HZGSVD__CU(X->init_fgz(&J->M, J->enh, prescale, L->nb, 0, 0, stream));
    HZGSVD__CU(hzgsvd__gpu_pre_apply(&J->pre, &J->M, J->n, X->planes, stream));   /* Z = Z0 diag(z) where preconditioned */
    for (int sweep = 0; sweep < budget; ++sweep) {
        unsigned long long all, big;
        int fail, fail_pair, fail_col;
        HZGSVD__CU(X->sweeper_sweep(J->sweeper, stream, &all, &big, &fail, &fail_pair, &fail_col));
        if (fail)
            st = hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "%s (sweep %d, block pair %d, column %d)",
                              X->sweeper_fail_text(fail), base + sweep + 1, fail_pair, fail_col);
        if (info) { info->sweeps = base + sweep + 1; info->all += all; info->big += big; }
        const int cancel = hzgsvd__sweep_done(&J->o, base + sweep + 1, big, all, t0, 1);
        if (st != HZGSVD_SUCCESS) return st;
        if (hzgsvd__sweep_converged(sweep, big, all, preconditioned)) { J->converged = 1; break; }
        if (cancel) return hzgsvd__cancelled(info, base + sweep + 1);
        if (hzgsvd__start_gives_way(kind, sweep, budget)) { J->gave_way = 1; J->sweeps_done = base + sweep + 1; break; }
        HZGSVD__CU(X->rescale(&J->M, J->enh, 0, NULL, NULL, NULL, NULL, stream));
    }
done:
    return st;
}

/* The end of the run as hooks of the one epilogue (hzgsvd__finish, templates/hzgsvd_finish.c), over
 * the job.  The final rescale (f = true) is queued; its degenerate column is read with the order. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_end_rescale(void *run, hzgsvd_info *info)
{
    hzgsvd__gpu_job *J = (hzgsvd__gpu_job *)run;
    hzgsvd_status st = HZGSVD_SUCCESS;
    J->h_ints[0] = 0x7fffffff;
    HZGSVD__CU(cudaMemcpyAsync(J->d_bad, J->h_ints, sizeof(int), cudaMemcpyHostToDevice, J->stream));
    HZGSVD__CU(J->X->rescale(&J->M, J->enh, 1, J->d_sf, J->d_sg, J->d_ss, J->d_bad, J->stream));
done:
    return st;
}

/* The real columns, sigma refined from the caller's F, G (copying mode; hzgsvd_sigma_refine), the
 * final rescale's verdict, the order (sigma descending; in place: the engine's). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_end_order(void *run, hzgsvd_info *info)
{
    hzgsvd__gpu_job *J = (hzgsvd__gpu_job *)run;
    hzgsvd_status st = HZGSVD_SUCCESS;
    const hzgsvd__gpu_prec *X = J->X;
    const hzgsvd__gpu_layout *L = &J->L;
    const int n = J->n;
    cudaStream_t stream = J->stream;
    int cnt = 0;
    HZGSVD__CU(X->real_columns(J->M.Z, n, L->nb, J->d_real, stream));
    if (J->o.refine_sigma != 0 && !J->inplace) {   /* sigma from the caller's F, G (still as given) and Z: hzgsvd_sigma_refine */
        st = X->refine(J->dF, J->dFi, J->ldf, J->m_f, J->dG, J->dGi, J->ldg, J->m_g, n, L->nb, J->M.Z[0], J->M.Z[1], &J->rg, J->d_col, J->d_ef,
                       J->d_eg, J->d_real, J->d_sf, J->d_sg, J->d_ss, J->work + L->off_step, stream, info);
        if (st != HZGSVD_SUCCESS) return st;
        if (info) info->sigma_refined = 1;
    }
    HZGSVD__CU(cudaMemcpyAsync(J->h_ints, J->d_real, sizeof(int) * (size_t)L->nb, cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaMemcpyAsync(J->h_ss, J->d_ss, sizeof(double) * (size_t)L->nb, cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaMemcpyAsync(J->h_order, J->d_bad, sizeof(int), cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaStreamSynchronize(stream));
    if (J->h_order[0] != 0x7fffffff)
        return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "column %d of the result is degenerate: F or G is not of full column rank", J->h_order[0] + 1);
    for (int j = 0; j < L->nb; ++j)
        if (J->h_ints[j]) { if (cnt < n) J->h_order[cnt] = j; ++cnt; }
    if (cnt != n) return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "%d result columns free of bordering, expected %d", cnt, n);
    if (J->o.sort && !J->inplace) hzgsvd__sort_desc(J->h_ss, J->h_order, n);   /* in place: the engine's order */
done:
    return st;
}

/* The rank test: out->degenerate (1 F, 2 G) at its first failing output column. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_end_rank_test(void *run, hzgsvd__outcome *out, hzgsvd_info *info)
{
    hzgsvd__gpu_job *J = (hzgsvd__gpu_job *)run;
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int m_f = J->m_f, m_g = J->m_g, n = J->n, nb = J->L.nb;
    HZGSVD__CU(J->X->rank_test(J->M.Z, n, nb, J->d_real, J->d_nf, J->d_ng, J->d_sf, J->d_sg, (double)(m_f > n ? m_f : n) * HZGSVD__U,
                               (double)(m_g > n ? m_g : n) * HZGSVD__U, J->d_flag, J->stream));
    HZGSVD__CU(cudaMemcpyAsync(J->h_ints, J->d_flag, sizeof(int) * (size_t)nb, cudaMemcpyDeviceToHost, J->stream));
    HZGSVD__CU(cudaStreamSynchronize(J->stream));
    for (int c = 0; c < n && !out->degenerate; ++c) { out->degenerate = J->h_ints[J->h_order[c]]; out->degenerate_col = c; }
done:
    return st;
}

/* Where the caller can solve the pair another way (mode REROUTE: the reduction), U and V
 * are checked as the CPU engine checks them: on a pair whose F or G is of condition near 1/u and
 * not graded the iteration can converge with U or V off orthogonality (docs/NUMERICS.md, "The
 * full-rank engine's limit"); 16 nb u, the reduction's own core check. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_end_uv_check(void *run, hzgsvd_info *info)
{
    hzgsvd__gpu_job *J = (hzgsvd__gpu_job *)run;
    hzgsvd_status st = HZGSVD_SUCCESS;
    const hzgsvd__gpu_layout *L = &J->L;
    const double tol = 16.0 * L->nb * HZGSVD__U;
    char *scratch = J->work + L->off_step;   /* the step's space: free now */
    const hzgsvd__orth_layout OL = hzgsvd__orth_plan(J->X->planes, L->mf > L->mg ? L->mf : L->mg, L->nb);
    st = J->X->orth_max(J->M.F, L->mf, L->nb, L->mf, &OL, scratch, 0, J->stream, info);
    if (st == HZGSVD_SUCCESS) st = J->X->orth_max(J->M.G, L->mg, L->nb, L->mg, &OL, scratch, 1, J->stream, info);
    if (st != HZGSVD_SUCCESS) return st;
    HZGSVD__CU(cudaMemcpyAsync(J->h_nrm, scratch + OL.off_out, sizeof(double) * 2, cudaMemcpyDeviceToHost, J->stream));
    HZGSVD__CU(cudaStreamSynchronize(J->stream));
    if (!(J->h_nrm[0] <= tol) || !(J->h_nrm[1] <= tol)) {
        const int u_bad = !(J->h_nrm[0] <= tol);
        return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT,
                            "%s came out off orthogonality by %.2g > %.2g (F or G is too ill-conditioned for the full-rank engine; outputs not written)",
                            u_bad ? "U" : "V", J->h_nrm[u_bad ? 0 : 1], tol);
    }
done:
    return st;
}

/* The caller's columns in order (copying mode), sigma of the caller's pair (scaled back from the
 * range-scaled one where it was), Z likewise; h_chk: the first output column outside the double
 * range [0] and below what the engine resolves [1] (0x7fffffff: none). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_store(hzgsvd__gpu_job *J, int h_chk[2], hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const hzgsvd__gpu_prec *X = J->X;
    const hzgsvd__gpu_layout *L = &J->L;
    const int m_f = J->m_f, m_g = J->m_g, n = J->n, inplace = J->inplace;
    cudaStream_t stream = J->stream;
    HZGSVD__CU(cudaMemcpyAsync(J->d_order, J->h_order, sizeof(int) * (size_t)n, cudaMemcpyHostToDevice, stream));
    if (!inplace) {
        HZGSVD__CU(X->gather(J->M.F, L->mf, J->d_order, m_f, n, J->dF, J->dFi, J->ldf, stream));
        HZGSVD__CU(X->gather(J->M.G, L->mg, J->d_order, m_g, n, J->dG, J->dGi, J->ldg, stream));
        HZGSVD__CU(X->gather(J->M.Z, L->nb, J->d_order, n, n, J->dZ, J->dZi, J->ldz, stream));
    }
    h_chk[0] = h_chk[1] = 0x7fffffff;
    HZGSVD__CU(cudaMemcpyAsync(J->d_bad + 2, h_chk, sizeof(int) * 2, cudaMemcpyHostToDevice, stream));
    hzgsvd__gpu_range_out<<<dim3(J->rg.active ? (n + 255) / 256 : 1, n), 256, 0, stream>>>(J->d_sf, J->d_sg, J->d_ss, J->d_order, n, J->rg.active,
                                                                                       J->rg.shift_f, J->rg.shift_g, J->d_col, J->d_sigma_f, J->d_sigma_g,
                                                                                       J->d_sigma, inplace ? J->M.Z[0] : J->dZ,
                                                                                       inplace ? J->M.Z[1] : J->dZi, X->planes == 2,
                                                                                       inplace ? L->nb : J->ldz, J->d_bad + 2);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CU(cudaMemcpyAsync(h_chk, J->d_bad + 2, sizeof(int) * 2, cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaStreamSynchronize(stream));
done:
    return st;
}

/* The caller's arrays; the first output column outside the double range and below what the engine
 * resolves, for the outcome. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_end_store(void *run, hzgsvd__outcome *out, hzgsvd_info *info)
{
    hzgsvd__gpu_job *J = (hzgsvd__gpu_job *)run;
    int h_chk[2];
    const hzgsvd_status st = hzgsvd__gpu_store(J, h_chk, info);
    if (st != HZGSVD_SUCCESS) return st;
    if (J->written) *J->written = 1;
    if (h_chk[1] != 0x7fffffff) out->unresolved_col = h_chk[1];
    if (h_chk[0] != 0x7fffffff) out->range_col = h_chk[0];
    return HZGSVD_SUCCESS;
}

/* The run's end: the one epilogue over the hooks above. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_finish(hzgsvd__gpu_job *J, hzgsvd_info *info)
{
    static const hzgsvd__finish_ops ops = {hzgsvd__gpu_end_rescale, hzgsvd__gpu_end_order, hzgsvd__gpu_end_rank_test,
                                           hzgsvd__gpu_end_uv_check, hzgsvd__gpu_end_store};
    return hzgsvd__finish(&ops, J, J->mode, J->converged, J->o.max_sweeps, "sweep", info);
}

/* The preconditioned start of kind (QR_EIG or QR_SVD, where J->o does not skip it), after the load:
 * F Z0, G Z0 in the working planes, or the loaded pair again; in the front door's run (J->mode
 * reroutes) its rank probe may send the pair to the reduction. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_start(hzgsvd__gpu_job *J, int kind, hzgsvd_info *info)
{
    int reload = 0;
    hzgsvd_status st = hzgsvd__gpu_precondition(&J->pre, &J->M, J->X->planes, J->m_f, J->m_g, J->n, J->d_nf, J->d_ng, &J->o, kind,
                                                J->inplace, hzgsvd__reroutes(J->mode), J->stream, &reload, info);
    if (st == HZGSVD_SUCCESS && reload) st = hzgsvd__gpu_load(J, info);
    return st;
}

/* The run on device arrays: F, G, Z real (Fi, Gi, Zi NULL), complex interleaved (Fi, Gi, Zi NULL) or
 * complex in split planes (F, Fi, ...).  inplace: the caller's arrays are the working matrices (no
 * copy; columns come back in the engine's order).  *written (if not NULL) tells whether the outputs
 * were written (also on some errors).  mode (copying mode): what a failing final rank test does, as
 * in the CPU engine (hzgsvd__on_deficient). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_run(const hzgsvd__gpu_prec *X, int m_f, int m_g, int n, double *dF, double *dFi, int ldf, double *dG,
                                             double *dGi, int ldg, double *dZ, double *dZi, int ldz, double *d_sigma_f, double *d_sigma_g,
                                             double *d_sigma, void *d_work, size_t work_bytes, cudaStream_t stream, const hzgsvd_options *opt,
                                             hzgsvd_info *info, int *written, int inplace, hzgsvd__on_deficient mode)
{
    const double t0 = hzgsvd__now();
    hzgsvd_status st;
    hzgsvd__gpu_job J;
    int dev_count = 0;
    memset(&J, 0, sizeof J);
    J.X = X; J.m_f = m_f; J.m_g = m_g; J.n = n; J.ldf = ldf; J.ldg = ldg; J.ldz = ldz; J.inplace = inplace;
    J.mode = inplace ? HZGSVD__DEFICIENT_REPORT : mode;   /* in place there is no other route: the result is the caller's */
    J.stream = stream; J.d_sigma_f = d_sigma_f; J.d_sigma_g = d_sigma_g; J.d_sigma = d_sigma; J.written = written;
    J.dF = dF; J.dFi = dFi; J.dG = dG; J.dGi = dGi; J.dZ = dZ; J.dZi = dZi;
    J.o = hzgsvd__with_width(opt, hzgsvd__gpu_default_width(n));
    J.enh = HZGSVD__VAR_ENHANCED(J.o.variant);
    if (written) *written = 0;
    hzgsvd__info_reset(info);
    st = hzgsvd__gpu_check(X, m_f, m_g, n, dF, dFi, ldf, dG, dGi, ldg, dZ, dZi, ldz, d_work, work_bytes, &J.o, inplace, info, &J.L);
    if (st != HZGSVD_SUCCESS) return st;
    if (cudaGetDeviceCount(&dev_count) != cudaSuccess || dev_count < 1) {
        (void)cudaGetLastError();
        return hzgsvd__fail(info, HZGSVD_ERR_NO_DEVICE, "no CUDA device is available");
    }
    if (info) { info->n_bordered = J.L.nb; info->block_width = J.L.w; info->rank_l = n; }   /* full-rank pairs: K = 0, L = n */
    st = hzgsvd__gpu_setup(&J, d_work, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_load(&J, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_start(&J, hzgsvd__gpu_pre_kind(&J.o), info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_iterate(&J, t0, info);
    if (st == HZGSVD_SUCCESS && J.gave_way) {   /* QR_EIG's start gave way: the pair again, from QR_SVD */
        const double eig_seconds = info ? info->precondition_seconds : 0.0;
        hzgsvd__gpu_pre_free(&J.pre);
        J.gave_way = 0;
        st = hzgsvd__gpu_load(&J, info);
        if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_start(&J, HZGSVD_PRECONDITION_QR_SVD, info);
        hzgsvd__pre_gave_way(info, eig_seconds);
        if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_iterate(&J, t0, info);
    }
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_finish(&J, info);
    hzgsvd__gpu_pre_free(&J.pre);
    X->sweeper_free(J.sweeper);
    if (J.owned) {
        const cudaError_t e = cudaStreamSynchronize(stream);
        cudaFree(J.owned);
        if (e != cudaSuccess && st == HZGSVD_SUCCESS)
            st = hzgsvd__fail(info, HZGSVD_ERR_CUDA, "cudaStreamSynchronize failed: %s (%d)", cudaGetErrorString(e), (int)e);
    } else if (st != HZGSVD_SUCCESS) {
        (void)cudaStreamSynchronize(stream);   /* nothing queued may still write the caller's arrays */
    }
    free(J.h_outer); free(J.h_ints); free(J.h_ss); free(J.h_col); free(J.h_nrm);
    if (info) {
        info->seconds = hzgsvd__now() - t0;
        if (st == HZGSVD_SUCCESS)
            snprintf(info->detail, sizeof info->detail, "converged in %d sweeps%s", info->sweeps,
                     info->preconditioner != HZGSVD_PRECONDITION_NONE ? " (preconditioned start)" : "");
    }
    return st;
}
#line 4485 HZGSVD__SRC_FILE("generated/hzgsvd_gpu_impl.cuh")
/*** end templates/hzgsvd_gpu_driver.cu ***/

/*** begin templates/hzgsvd_gpu_sweep.cu ***/
#line HZGSVD__SRC_LINE(1, 4489) HZGSVD__SRC_FILE("templates/hzgsvd_gpu_sweep.cu")
/* The host side of a sweep of the single-GPU engine, both precisions (the single-GPU driver and the
 * distributed engine's local sweeps): the step buffers, the kernels of hzgsvd_gpu_step.cu.j2 with
 * their grids and shared memory, and the sweep as a CUDA graph.  What differs by precision -- the
 * step's argument record, its kernels and their launches, its counters -- comes from the small
 * table K (hzgsvd__gpu_step_ops; one instance per precision in templates/hzgsvd_gpu_prec.cu.j2,
 * from the type-generic helpers at the end of this file). */

/* The chunking of a step for a working shape and block width (the step record's shape fields). */
typedef struct hzgsvd__gpu_chunks {
    int w, npairs;
    int grows_f, grows_g, gchunks_f, gchunks_g;                          /* Gram row chunks */
    int urows_f, urows_g, urows_z, uchunks_f, uchunks_g, uchunks_z;      /* update row chunks */
} hzgsvd__gpu_chunks;

/* Everything of the step record but the matrices: the chunking, the block-level table, the inner
 * strategy and sweeps, the step buffers (the counters: the precision's hzgsvd__?_gpu_block_stats). */
typedef struct hzgsvd__gpu_step_args {
    hzgsvd__gpu_chunks C;
    const int *outer;
    double *partial, *zhat;
    int *pmode;
    void *stats;
    int inner_mm, max_inner;
} hzgsvd__gpu_step_args;

/* One pivot pair's counters of a sweep (the precision's hzgsvd__?_gpu_block_stats, read on the host). */
typedef struct hzgsvd__gpu_pair_stats {
    unsigned long long all, big;
    int fail, fail_col;
} hzgsvd__gpu_pair_stats;

#define HZGSVD__STEP_GRAM 0
#define HZGSVD__STEP_SOLVE 1
#define HZGSVD__STEP_UPDATE 2

typedef struct hzgsvd__gpu_step_ops {
    int planes;                     /* doubles per element: 1 real, 2 complex */
    size_t args_bytes;              /* the precision's step record with its kernels (the sweeper's args) */
    size_t stats_bytes;             /* one pair's counters */
    /* the step record from the working matrices M and A (cleared first); the kernels for (w, variant,
     * sort) into kern (gram, solve, update; solve NULL where the build filtered it out) and the solve
     * block's warps into *solve_warps */
    void (*setup)(void *args, const hzgsvd__gpu_work *M, const hzgsvd__gpu_step_args *A, int w, int variant, int sort, const void *kern[3],
                  int *solve_warps);
    /* kernel `which` (HZGSVD__STEP_*) of outer step k on the pairs from p0, <<<blocks, threads, smem, s>>> */
    void (*launch)(const void *args, int which, int blocks, int threads, size_t smem, cudaStream_t s, int k, int p0);
    hzgsvd__gpu_pair_stats (*pair_stats)(const void *h_stats, int l);
} hzgsvd__gpu_step_ops;

/* The kernels, grids and shared memory of a run, the step arguments, and the sweep as a CUDA
 * graph, captured at the first sweep and replayed (no per-launch overhead).  The pivot pairs of a
 * step are split into `groups` contiguous groups, each with its own gram -> solve -> update chain;
 * a group waits only for the groups of the previous step that held its blocks (deps), so one
 * group's latency-bound solve runs beside the other groups' bandwidth-bound gram and update (with
 * the ME ordering a group mostly depends on itself alone: the groups drift into a pipeline).  The
 * grouping changes only the schedule, never a sum: results do not depend on it. */
typedef struct hzgsvd__gpu_sweeper {
    const hzgsvd__gpu_step_ops *K;
    void *args;                     /* the precision's step record and kernels (K->args_bytes) */
    void *h_stats;                  /* npairs host copies of the pairs' counters */
    void *d_stats;                  /* the step's counters on the device */
    hzgsvd__gpu_chunks C;
    const void *kern[3];            /* gram, solve, update */
    int threads[3];
    size_t smem[3];
    int steps, groups;
    unsigned *deps;                 /* steps x groups: bit h of deps[k * groups + g] = group g of step k needs group h of step k - 1 */
    cudaGraphExec_t sweep;          /* NULL until the first sweep */
} hzgsvd__gpu_sweeper;

/* Device bytes of the step buffers (partials, Z-tilde, failure flags, per-pair counters) for the
 * working shape (rows mf, mg, nz; n columns held) and block width w; fills the chunking into *C. */
HZGSVD_PRIVATE size_t hzgsvd__gpu_sweeper_bytes(const hzgsvd__gpu_step_ops *K, int mf, int mg, int nz, int n, int w, hzgsvd__gpu_chunks *C)
{
    const int c = 2 * w, npairs = n / c, pl = K->planes;
    C->w = w; C->npairs = npairs;
    /* Gram chunks of at least 4c rows: the partials stay under a quarter of the matrices' bytes */
    C->grows_f = hzgsvd__chunk_rows(mf, npairs, 2, 4 * c);
    C->grows_g = hzgsvd__chunk_rows(mg, npairs, 2, 4 * c);
    C->gchunks_f = (mf + C->grows_f - 1) / C->grows_f;
    C->gchunks_g = (mg + C->grows_g - 1) / C->grows_g;
    C->urows_f = hzgsvd__chunk_rows(mf, npairs, 3, 64);
    C->urows_g = hzgsvd__chunk_rows(mg, npairs, 3, 64);
    C->urows_z = hzgsvd__chunk_rows(nz, npairs, 3, 64);
    C->uchunks_f = (mf + C->urows_f - 1) / C->urows_f;
    C->uchunks_g = (mg + C->urows_g - 1) / C->urows_g;
    C->uchunks_z = (nz + C->urows_z - 1) / C->urows_z;
    return hzgsvd__align256(sizeof(double) * pl * (size_t)npairs * (C->gchunks_f + C->gchunks_g) * c * c)
         + hzgsvd__align256(sizeof(double) * pl * (size_t)npairs * c * c)
         + hzgsvd__align256(sizeof(int) * (size_t)npairs)
         + hzgsvd__align256(K->stats_bytes * (size_t)npairs);
}

/* A sweeper with host room for npairs pairs' counters; NULL where host memory is short. */
HZGSVD_PRIVATE void *hzgsvd__gpu_sweeper_new(const hzgsvd__gpu_step_ops *K, int npairs)
{
    hzgsvd__gpu_sweeper *W = (hzgsvd__gpu_sweeper *)calloc(1, sizeof *W);
    if (!W) return NULL;
    W->K = K;
    W->args = calloc(1, K->args_bytes);
    W->h_stats = malloc(K->stats_bytes * (size_t)npairs);
    if (!W->args || !W->h_stats) { free(W->args); free(W->h_stats); free(W); W = NULL; }
    return W;
}

/* Everything but the device pointers of M and outer: kernels, grids, shared memory (opted in
 * above 48 KiB), the step buffers carved from buf (size from hzgsvd__gpu_sweeper_bytes), the groups'
 * dependencies from h_outer (the host copy of the block-level table d_outer). */
HZGSVD_PRIVATE cudaError_t hzgsvd__gpu_sweeper_init(void *sw, const hzgsvd__gpu_work *M, const int *d_outer, const int *h_outer, int steps, int w,
                                                    const hzgsvd_options *o, char *buf)
{
    hzgsvd__gpu_sweeper *W = (hzgsvd__gpu_sweeper *)sw;
    const hzgsvd__gpu_step_ops *K = W->K;
    const size_t c = 2 * (size_t)w, pl = (size_t)K->planes;
    hzgsvd__gpu_step_args A;
    int solve_warps = 0;
    memset(&A, 0, sizeof A);
    W->deps = NULL; W->sweep = NULL;
    hzgsvd__gpu_sweeper_bytes(K, M->mf, M->mg, M->nz, M->n, w, &A.C);
    W->C = A.C;
    A.outer = d_outer;
    A.inner_mm = o->inner == HZGSVD_STRATEGY_MM;
    A.max_inner = o->blocking == HZGSVD_BLOCKING_FB ? 30 : 1;
    A.partial = (double *)buf;
    buf += hzgsvd__align256(sizeof(double) * pl * (size_t)A.C.npairs * (A.C.gchunks_f + A.C.gchunks_g) * c * c);
    A.zhat = (double *)buf;
    buf += hzgsvd__align256(sizeof(double) * pl * (size_t)A.C.npairs * c * c);
    A.pmode = (int *)buf;
    buf += hzgsvd__align256(sizeof(int) * (size_t)A.C.npairs);
    A.stats = W->d_stats = buf;
    W->steps = steps;
    K->setup(W->args, M, &A, w, o->variant, o->sort, W->kern, &solve_warps);
    W->groups = hzgsvd__gpu_pair_groups(A.C.npairs);
    if (hzgsvd__gpu_group_deps(h_outer, M->n / w, steps, W->groups, &W->deps) != 0) return cudaErrorMemoryAllocation;
    W->threads[HZGSVD__STEP_GRAM] = HZGSVD__GRAM_THREADS(w);
    W->threads[HZGSVD__STEP_SOLVE] = 32 * solve_warps;
    W->threads[HZGSVD__STEP_UPDATE] = 8 * w;
    W->smem[HZGSVD__STEP_GRAM] = sizeof(double) * 2 * pl * c * HZGSVD__TILE_LD;
    W->smem[HZGSVD__STEP_UPDATE] = sizeof(double) * 2 * pl * c * HZGSVD__TILE_LD;
    W->smem[HZGSVD__STEP_SOLVE] = sizeof(double) * 3 * pl * c * c;
    if (!W->kern[HZGSVD__STEP_SOLVE]) return cudaErrorInvalidDeviceFunction;
    cudaError_t e = cudaFuncSetAttribute(W->kern[HZGSVD__STEP_GRAM], cudaFuncAttributeMaxDynamicSharedMemorySize, (int)W->smem[HZGSVD__STEP_GRAM]);
    if (e == cudaSuccess)
        e = cudaFuncSetAttribute(W->kern[HZGSVD__STEP_UPDATE], cudaFuncAttributeMaxDynamicSharedMemorySize, (int)W->smem[HZGSVD__STEP_UPDATE]);
    if (e == cudaSuccess)
        e = cudaFuncSetAttribute(W->kern[HZGSVD__STEP_SOLVE], cudaFuncAttributeMaxDynamicSharedMemorySize, (int)W->smem[HZGSVD__STEP_SOLVE]);
    return e;
}

/* The launches of one block-level sweep (all steps of the table, groups on their own capture
 * streams, joined by events as deps says) into the sweeper's graph. */
HZGSVD_PRIVATE cudaError_t hzgsvd__gpu_sweeper_capture(hzgsvd__gpu_sweeper *W)
{
    const hzgsvd__gpu_chunks *C = &W->C;
    const hzgsvd__gpu_step_ops *K = W->K;
    const int G = W->groups;
    const int gram_chunks = C->gchunks_f + C->gchunks_g, update_chunks = C->uchunks_f + C->uchunks_g + C->uchunks_z;
    cudaStream_t cap = NULL, gs[HZGSVD__MAX_PAIR_GROUPS];
    cudaEvent_t fork = NULL, done[HZGSVD__MAX_PAIR_GROUPS];
    cudaGraph_t graph = NULL;
    int made = 0;                                       /* streams and events created */
    cudaError_t e = cudaStreamCreateWithFlags(&cap, cudaStreamNonBlocking);
    if (e == cudaSuccess) e = cudaEventCreateWithFlags(&fork, cudaEventDisableTiming);
    while (e == cudaSuccess && made < G) {
        e = cudaStreamCreateWithFlags(&gs[made], cudaStreamNonBlocking);
        if (e == cudaSuccess) {
            e = cudaEventCreateWithFlags(&done[made], cudaEventDisableTiming);
            if (e == cudaSuccess) ++made;
            else cudaStreamDestroy(gs[made]);
        }
    }
    if (e == cudaSuccess) e = cudaStreamBeginCapture(cap, cudaStreamCaptureModeThreadLocal);
    if (e == cudaSuccess) {
        cudaError_t e2;
        e = cudaEventRecord(fork, cap);
        for (int g = 0; g < G && e == cudaSuccess; ++g) e = cudaStreamWaitEvent(gs[g], fork, 0);
        for (int k = 0; k < W->steps && e == cudaSuccess; ++k) {
            /* every wait of step k before any record of step k: done[h] is still step k - 1's */
            for (int g = 0; g < G && e == cudaSuccess; ++g)
                for (int h = 0; h < G && e == cudaSuccess; ++h)
                    if (h != g && (W->deps[(size_t)k * G + g] >> h & 1u)) e = cudaStreamWaitEvent(gs[g], done[h], 0);
            for (int g = 0; g < G && e == cudaSuccess; ++g) {
                const int p0 = (int)((long long)C->npairs * g / G), np = (int)((long long)C->npairs * (g + 1) / G) - p0;
                K->launch(W->args, HZGSVD__STEP_GRAM, np * gram_chunks, W->threads[0], W->smem[0], gs[g], k, p0);
                K->launch(W->args, HZGSVD__STEP_SOLVE, np, W->threads[1], W->smem[1], gs[g], k, p0);
                K->launch(W->args, HZGSVD__STEP_UPDATE, np * update_chunks, W->threads[2], W->smem[2], gs[g], k, p0);
                e = cudaGetLastError();
                if (e == cudaSuccess) e = cudaEventRecord(done[g], gs[g]);
            }
        }
        for (int g = 0; g < G && e == cudaSuccess; ++g) e = cudaStreamWaitEvent(cap, done[g], 0);
        e2 = cudaStreamEndCapture(cap, &graph);         /* ends (invalidated) capture on errors too */
        if (e == cudaSuccess) e = e2;
    }
    if (e == cudaSuccess) e = cudaGraphInstantiate(&W->sweep, graph, 0);
    if (graph) cudaGraphDestroy(graph);
    for (int g = 0; g < made; ++g) { cudaEventDestroy(done[g]); cudaStreamDestroy(gs[g]); }
    if (fork) cudaEventDestroy(fork);
    if (cap) cudaStreamDestroy(cap);
    return e;
}

HZGSVD_PRIVATE void hzgsvd__gpu_sweeper_free(void *sw)
{
    hzgsvd__gpu_sweeper *W = (hzgsvd__gpu_sweeper *)sw;
    if (!W) return;
    if (W->sweep) cudaGraphExecDestroy(W->sweep);
    free(W->deps);
    free(W->h_stats);
    free(W->args);
    free(W);
}

/* One block-level sweep on `stream`, then its counters: *all, *big, and the first failing pair's
 * code (1/2 Cholesky of F/G, 3 a 2x2 pivot of B) and column in *fail, *fail_pair, *fail_col
 * (fail = 0: none). */
HZGSVD_PRIVATE cudaError_t hzgsvd__gpu_sweeper_sweep(void *sw, cudaStream_t stream, unsigned long long *all, unsigned long long *big, int *fail,
                                                     int *fail_pair, int *fail_col)
{
    hzgsvd__gpu_sweeper *W = (hzgsvd__gpu_sweeper *)sw;
    const size_t sb = W->K->stats_bytes * (size_t)W->C.npairs;
    cudaError_t e = W->sweep ? cudaSuccess : hzgsvd__gpu_sweeper_capture(W);
    if (e == cudaSuccess) e = cudaMemsetAsync(W->d_stats, 0, sb, stream);
    if (e == cudaSuccess) e = cudaGraphLaunch(W->sweep, stream);
    if (e == cudaSuccess) e = cudaMemcpyAsync(W->h_stats, W->d_stats, sb, cudaMemcpyDeviceToHost, stream);
    if (e == cudaSuccess) e = cudaStreamSynchronize(stream);
    *all = 0; *big = 0; *fail = 0; *fail_pair = -1; *fail_col = -1;
    if (e != cudaSuccess) return e;
    for (int l = 0; l < W->C.npairs; ++l) {
        const hzgsvd__gpu_pair_stats p = W->K->pair_stats(W->h_stats, l);
        *all += p.all; *big += p.big;
        if (p.fail && !*fail) { *fail = p.fail; *fail_pair = l; *fail_col = p.fail_col; }
    }
    return cudaSuccess;
}

/* The message of a failed sweep (fail from hzgsvd__gpu_sweeper_sweep); the caller adds where it happened. */
HZGSVD_PRIVATE const char *hzgsvd__gpu_sweeper_fail_text(int fail)
{
    return fail == 1 ? "F is not of full column rank: Cholesky factorization of a pivot block failed"
         : fail == 2 ? "G is not of full column rank: Cholesky factorization of a pivot block failed"
                     : "G is not of full column rank: a 2x2 pivot of B is not positive definite";
}

/* The per-precision parts that differ only in their types, and the table's entries that take no
 * sweeper: instances per precision (templates/hzgsvd_gpu_prec.cu.j2).  State: the precision's step
 * record S (hzgsvd__?_gpu_step) with its kernels gram, solve, update. */
template <class State, class Mats>
HZGSVD_PRIVATE void hzgsvd__gpu_step_fill(State *T, const Mats &M, const hzgsvd__gpu_step_args *A)
{
    const hzgsvd__gpu_chunks *C = &A->C;
    memset(T, 0, sizeof *T);
    T->S.M = M;
    T->S.outer = A->outer;
    T->S.partial = A->partial; T->S.zhat = A->zhat; T->S.pmode = A->pmode; T->S.stats = (decltype(T->S.stats))A->stats;
    T->S.w = C->w; T->S.npairs = C->npairs;
    T->S.grows_f = C->grows_f; T->S.grows_g = C->grows_g; T->S.gchunks_f = C->gchunks_f; T->S.gchunks_g = C->gchunks_g;
    T->S.urows_f = C->urows_f; T->S.urows_g = C->urows_g; T->S.urows_z = C->urows_z;
    T->S.uchunks_f = C->uchunks_f; T->S.uchunks_g = C->uchunks_g; T->S.uchunks_z = C->uchunks_z;
    T->S.inner_mm = A->inner_mm; T->S.max_inner = A->max_inner;
}

/* The kernels of T for the opt-ins (cudaFuncSetAttribute takes any kernel as const void *). */
template <class State>
HZGSVD_PRIVATE void hzgsvd__gpu_step_kernels(const State *T, const void *kern[3])
{
    kern[HZGSVD__STEP_GRAM] = (const void *)T->gram;
    kern[HZGSVD__STEP_SOLVE] = (const void *)T->solve;
    kern[HZGSVD__STEP_UPDATE] = (const void *)T->update;
}

template <class State>
HZGSVD_PRIVATE void hzgsvd__gpu_step_launch(const void *args, int which, int blocks, int threads, size_t smem, cudaStream_t s, int k, int p0)
{
    const State *T = (const State *)args;
    const decltype(T->gram) f = which == HZGSVD__STEP_GRAM ? T->gram : which == HZGSVD__STEP_SOLVE ? T->solve : T->update;
    f<<<blocks, threads, smem, s>>>(T->S, k, p0);
}

template <class Stats>
HZGSVD_PRIVATE hzgsvd__gpu_pair_stats hzgsvd__gpu_pair_stats_of(const void *h_stats, int l)
{
    const Stats *b = (const Stats *)h_stats + l;
    const hzgsvd__gpu_pair_stats r = { b->all, b->big, b->fail, b->fail_col };
    return r;
}

template <const hzgsvd__gpu_step_ops *K>
HZGSVD_PRIVATE size_t hzgsvd__gpu_sweeper_plan(int mf, int mg, int nz, int n, int w)
{
    hzgsvd__gpu_chunks C;
    return hzgsvd__gpu_sweeper_bytes(K, mf, mg, nz, n, w, &C);
}

template <const hzgsvd__gpu_step_ops *K>
HZGSVD_PRIVATE void *hzgsvd__gpu_sweeper_of(int npairs)
{
    return hzgsvd__gpu_sweeper_new(K, npairs);
}
#line 4789 HZGSVD__SRC_FILE("generated/hzgsvd_gpu_impl.cuh")
/*** end templates/hzgsvd_gpu_sweep.cu ***/

/*** begin templates/hzgsvd_gpu_api.cu ***/
#line HZGSVD__SRC_LINE(1, 4793) HZGSVD__SRC_FILE("templates/hzgsvd_gpu_api.cu")
/* The glue behind the public entry points of the single-GPU engine, both precisions (the entry points
 * themselves, thin: templates/hzgsvd_gpu_prec.cu.j2), and general pairs on it.  A full-rank pair
 * runs on the GPU alone (hzgsvd__gpu_run).  A general pair (m_f < n or m_g < n, F or G numerically
 * rank deficient, or options.preprocess = 1) goes through the CPU engine's rank-revealing reduction
 * on the host (hzgsvd_reduce.c: QR with column pivoting, which cuSOLVER does not offer), whose
 * full-rank core then runs on the GPU (hzgsvd__gpu_core): the O(m n^2) reduction once on the host,
 * the iteration on the device.  The device entry points therefore copy a general pair to the host
 * and its results back (documented in hzgsvd_single.cuh); a full-rank pair never leaves the GPU.
 * X: the precision's table (hzgsvd__gpu_prec: its kernels, its reduction X->dense).  The callbacks
 * the reduction and the front door call without context are instances per precision of the
 * templates at the end of this file. */

/* The argument checks of a call that may reduce the pair, before any CUDA call: the general checks
 * (or, with preprocess = 0, the full-rank engine's), then the GPU engine's own (block width 0, 16 or
 * 32, the variant's kernels built for every width the run may choose, sizes below 2^31 elements). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_check_any(const hzgsvd__gpu_prec *X, int m_f, int m_g, int n, const void *F, int ldf, const void *G,
                                                   int ldg, const void *Z, int ldz, const hzgsvd_options *o, hzgsvd_info *info)
{
    const hzgsvd_status st = o->preprocess == 0 ? hzgsvd__check_args(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, o, info)
                                                : hzgsvd__check_args_general(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, o, info);
    if (st != HZGSVD_SUCCESS) return st;
    if (o->block_width != 0 && !hzgsvd__gpu_width_ok(o->block_width))
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.block_width = %d: the GPU engine works with w = 16 or 32", o->block_width);
    /* every generated width, ascending (generator/gen.py's GPU_BLOCK_WIDTHS: 16, 32) */
    for (int w = 1; w <= 64; ++w)
        if (hzgsvd__gpu_width_ok(w) && (o->block_width == 0 || o->block_width == w) && !X->has_variant(w, o->variant, o->sort))
            return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "variant %d (%s) is not in this build (generated with a VARIANTS filter)",
                                o->variant, o->sort ? "sorting" : "non-sorting");
    if ((size_t)m_f * n > (size_t)0x7fffffff || (size_t)m_g * n > (size_t)0x7fffffff || (size_t)n * n > (size_t)0x7fffffff)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "m*n and n*n must be below 2^31 per matrix");
    return hzgsvd__gpu_pre_check(o, 0, info);   /* QR_EIG where this build has no cuSOLVER */
}

/* HZGSVD_ERR_NO_DEVICE unless a CUDA device is there. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_need_device(hzgsvd_info *info)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) {
        (void)cudaGetLastError();
        return hzgsvd__fail(info, HZGSVD_ERR_NO_DEVICE, "no CUDA device is available");
    }
    return HZGSVD_SUCCESS;
}

/* The GPU engine on a full-rank pair in host arrays: device copies in, the run (mode as
 * hzgsvd__gpu_run's), the results out where the run wrote them (*written). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_host_run(const hzgsvd__gpu_prec *X, int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg,
                                                  double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *o,
                                                  hzgsvd_info *info, hzgsvd__on_deficient mode, int *written)
{
    const size_t el = sizeof(double) * X->planes;       /* bytes of one element */
    hzgsvd_status st;
    double *dF = NULL, *dG = NULL, *dZ = NULL, *dS = NULL;
    hzgsvd__gpu_layout L;
    *written = 0;
    {   /* the run's checks (host pointers: no alignment asked), before the device is touched */
        const hzgsvd_options ow = hzgsvd__with_width(o, hzgsvd__gpu_default_width(n));
        st = hzgsvd__gpu_check(X, m_f, m_g, n, F, NULL, ldf, G, NULL, ldg, Z, NULL, ldz, NULL, 0, &ow, 0, info, &L);
    }
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_need_device(info);
    if (st != HZGSVD_SUCCESS) return st;
    HZGSVD__CU(cudaMalloc((void **)&dF, el * (size_t)m_f * n));
    HZGSVD__CU(cudaMalloc((void **)&dG, el * (size_t)m_g * n));
    HZGSVD__CU(cudaMalloc((void **)&dZ, el * (size_t)n * n));
    HZGSVD__CU(cudaMalloc((void **)&dS, sizeof(double) * 3 * (size_t)n));
    HZGSVD__CU(cudaMemcpy2D(dF, el * m_f, F, el * ldf, el * m_f, n, cudaMemcpyHostToDevice));
    HZGSVD__CU(cudaMemcpy2D(dG, el * m_g, G, el * ldg, el * m_g, n, cudaMemcpyHostToDevice));
    st = hzgsvd__gpu_run(X, m_f, m_g, n, dF, NULL, m_f, dG, NULL, m_g, dZ, NULL, n, dS, dS + n, dS + 2 * (size_t)n, NULL, 0, 0, o, info,
                         written, 0, mode);
    if (*written) {
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
    return st;
}

/* The reduction's core on the GPU (hzgsvd__core_engine: hzgsvd__gpu_core_of): the engine
 * on copies of the s x s pair.  The run resets info; the reduction's fields are kept across it. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_core(const hzgsvd__gpu_prec *X, int s, double *Ac, double *Bc, double *Zc, double *sf, double *sg,
                                              double *ss, const hzgsvd_options *o, hzgsvd_info *info, double t0, hzgsvd__on_deficient mode)
{
    hzgsvd_options oc = *o;
    hzgsvd_info kept;
    int written;
    memset(&kept, 0, sizeof kept);
    (void)t0;
    oc.preprocess = 0;   /* the core is of full rank: the engine itself, no second reduction */
    /* the start as for any full-rank pair (AUTO: QR_EIG from n = 256); the residuals of 1e-14 that
     * once made AUTO start cores plainly came from runs that stopped after one sweep (docs/NUMERICS.md,
     * "Two sweeps at the least") */
    if (info) kept = *info;
    const hzgsvd_status st = hzgsvd__gpu_host_run(X, s, s, s, Ac, s, Bc, s, Zc, s, sf, sg, ss, &oc, info, mode, &written);
    if (info) {
        info->rank_k = kept.rank_k; info->rank_l = kept.rank_l; info->preprocessed = kept.preprocessed;
        info->tol_f = kept.tol_f; info->tol_g = kept.tol_g;
    }
    return st;
}

/* The GPU engine on host arrays behind the front door (hzgsvd__gsvd_any; the backend record:
 * hzgsvd__gpu_host_backend): the run on device copies, and the reduction on the host
 * with its core on the GPU.  Tall full-rank pairs stay on the GPU engine: docs/PERFORMANCE.md,
 * "Tall pairs". */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_host_full_rank(const hzgsvd__gpu_prec *X, const hzgsvd__pair_call *c, hzgsvd__on_deficient mode,
                                                        int *written, hzgsvd_info *info)
{
    return hzgsvd__gpu_host_run(X, c->m_f, c->m_g, c->n, c->F, c->ldf, c->G, c->ldg, c->Z, c->ldz, c->sigma_f, c->sigma_g, c->sigma, c->o, info,
                                mode, written);
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_host_reduce(const hzgsvd__gpu_prec *X, hzgsvd__core_engine core, const hzgsvd__pair_call *c,
                                                     hzgsvd_info *info)
{
    return hzgsvd__gsvd_general(X->dense, c->m_f, c->m_g, c->n, c->F, c->ldf, c->G, c->ldg, c->Z, c->ldz, c->sigma_f, c->sigma_g, c->sigma, c->o, info,
                                c->t0, core);
}

/* A whole pair in host arrays (hzgsvd__any_engine: hzgsvd__gpu_any_host_of): the checks of a
 * call that may reduce the pair, a device, then the front door with the host backend B. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_any_host(const hzgsvd__gpu_prec *X, const hzgsvd__backend *B, int m_f, int m_g, int n, double *F, int ldf,
                                                  double *G, int ldg, double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma,
                                                  const hzgsvd_options *o, hzgsvd_info *info, double t0)
{
    const hzgsvd__pair_call c = { m_f, m_g, n, ldf, ldg, ldz, F, NULL, G, NULL, Z, NULL, sigma_f, sigma_g, sigma, o, t0, NULL, 0, NULL };
    hzgsvd_status st = hzgsvd__gpu_check_any(X, m_f, m_g, n, F, ldf, G, ldg, Z, ldz, o, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_need_device(info);
    if (st != HZGSVD_SUCCESS) return st;
    return hzgsvd__gsvd_any(B, &c, info);
}

/* One rows x cols plane of doubles between device (ld ldd) and host (ld rows), on stream, synchronized. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_plane(double *dst, int ldst, const double *src, int lsrc, int rows, int cols, enum cudaMemcpyKind kind,
                                               cudaStream_t stream, hzgsvd_info *info)
{
    cudaError_t e = cudaMemcpy2DAsync(dst, sizeof(double) * ldst, src, sizeof(double) * lsrc, sizeof(double) * rows, cols, kind, stream);
    if (e == cudaSuccess) e = cudaStreamSynchronize(stream);
    if (e != cudaSuccess)
        return hzgsvd__fail(info, HZGSVD_ERR_CUDA, "cudaMemcpy2DAsync (%s, %d x %d doubles) failed: %s (%d)",
                            kind == cudaMemcpyDeviceToHost ? "to the host" : "to the device", rows, cols, cudaGetErrorString(e), (int)e);
    return HZGSVD_SUCCESS;
}

/* A rows x cols device matrix (pl planes per element: real ld ldd; complex interleaved, or split
 * planes d, di) to the host matrix h (ld rows), or back (up). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_copy(int pl, double *d, double *di, int ldd, int rows, int cols, double *h, int up, cudaStream_t stream,
                                              hzgsvd_info *info)
{
    const enum cudaMemcpyKind kind = up ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
    if (rows == 0) return HZGSVD_SUCCESS;
    if (pl == 2 && di) {   /* split planes: through a host plane, (de)interleaved here */
        const size_t count = (size_t)rows * cols;
        hzgsvd_status st = HZGSVD_SUCCESS;
        double *plane = (double *)malloc(sizeof(double) * count);
        if (!plane) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "a host plane of %d x %d", rows, cols);
        for (int part = 0; part < 2 && st == HZGSVD_SUCCESS; ++part) {
            double *dp = part ? di : d;
            if (up) {
                for (size_t i = 0; i < count; ++i) plane[i] = h[2 * i + part];
                st = hzgsvd__gpu_plane(dp, ldd, plane, rows, rows, cols, kind, stream, info);
            } else {
                st = hzgsvd__gpu_plane(plane, rows, dp, ldd, rows, cols, kind, stream, info);
                for (size_t i = 0; st == HZGSVD_SUCCESS && i < count; ++i) h[2 * i + part] = plane[i];
            }
        }
        free(plane);
        return st;
    }
    return up ? hzgsvd__gpu_plane(d, pl * ldd, h, pl * rows, pl * rows, cols, kind, stream, info)
              : hzgsvd__gpu_plane(h, pl * rows, d, pl * ldd, pl * rows, cols, kind, stream, info);
}

/* A general pair in device arrays: to the host, the reduction (its core on the GPU), the results back
 * (where written).  The round trip is O((m_f + m_g + n) n) elements against the reduction's
 * O((m_f + m_g + n) n^2) flops on the host. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_device_general(const hzgsvd__gpu_prec *X, hzgsvd__core_engine core, const hzgsvd__pair_call *c,
                                                        hzgsvd_info *info)
{
    const int pl = X->planes;
    const int m_f = c->m_f, m_g = c->m_g, n = c->n;
    const int lf = m_f > 1 ? m_f : 1, lg = m_g > 1 ? m_g : 1;
    const size_t nF = (size_t)pl * lf * n, nG = (size_t)pl * lg * n, nZ = (size_t)pl * n * n;
    cudaStream_t stream = (cudaStream_t)c->stream;
    hzgsvd_info local;
    hzgsvd_status st;
    if (!info) { info = &local; hzgsvd__info_reset(info); }
    double *h = (double *)malloc(sizeof(double) * (nF + nG + nZ + 3 * (size_t)n));
    if (!h) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "host copies of a %d + %d by %d pair for its reduction", m_f, m_g, n);
    double *hF = h, *hG = hF + nF, *hZ = hG + nG, *hs = hZ + nZ;
    st = hzgsvd__gpu_copy(pl, c->F, c->Fi, c->ldf, m_f, n, hF, 0, stream, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_copy(pl, c->G, c->Gi, c->ldg, m_g, n, hG, 0, stream, info);
    if (st == HZGSVD_SUCCESS)
        st = hzgsvd__gsvd_general(X->dense, m_f, m_g, n, hF, lf, hG, lg, hZ, n, hs, hs + n, hs + 2 * (size_t)n, c->o, info, c->t0, core);
    if (info->outputs_written) {
        hzgsvd_status up = hzgsvd__gpu_copy(pl, c->F, c->Fi, c->ldf, m_f, n, hF, 1, stream, info);
        if (up == HZGSVD_SUCCESS) up = hzgsvd__gpu_copy(pl, c->G, c->Gi, c->ldg, m_g, n, hG, 1, stream, info);
        if (up == HZGSVD_SUCCESS) up = hzgsvd__gpu_copy(pl, c->Z, c->Zi, c->ldz, n, n, hZ, 1, stream, info);
        double *const dsig[3] = { c->sigma_f, c->sigma_g, c->sigma };
        for (int a = 0; a < 3 && up == HZGSVD_SUCCESS; ++a)
            if (dsig[a]) up = hzgsvd__gpu_plane(dsig[a], n, hs + (size_t)a * n, n, n, 1, cudaMemcpyHostToDevice, stream, info);
        if (up != HZGSVD_SUCCESS) { info->outputs_written = 0; st = up; }
    }
    free(h);
    return st;
}

/* The GPU engine on device arrays behind the front door (the backend record:
 * hzgsvd__gpu_device_backend): the run on the caller's arrays, and the reduction through the host
 * (its own checks first: the run checked only what a full-rank pair needs; info closed as the host
 * entry point closes it). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_device_full_rank(const hzgsvd__gpu_prec *X, const hzgsvd__pair_call *c, hzgsvd__on_deficient mode,
                                                          int *written, hzgsvd_info *info)
{
    *written = 0;
    return hzgsvd__gpu_run(X, c->m_f, c->m_g, c->n, c->F, c->Fi, c->ldf, c->G, c->Gi, c->ldg, c->Z, c->Zi, c->ldz, c->sigma_f, c->sigma_g,
                           c->sigma, c->d_work, c->work_bytes, (cudaStream_t)c->stream, c->o, info, written, 0, mode);
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_device_reduce(const hzgsvd__gpu_prec *X, hzgsvd__core_engine core, const hzgsvd__pair_call *c,
                                                       hzgsvd_info *info)
{
    hzgsvd_status st = hzgsvd__gpu_check_any(X, c->m_f, c->m_g, c->n, c->F, c->ldf, c->G, c->ldg, c->Z, c->ldz, c->o, info);
    if (X->planes == 2 && st == HZGSVD_SUCCESS && (c->Fi || c->Gi || c->Zi) && ((!c->Fi && c->m_f > 0) || (!c->Gi && c->m_g > 0) || !c->Zi))
        st = hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "an imaginary plane (dFi, dGi or dZi) is NULL");
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_need_device(info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_device_general(X, core, c, info);
    hzgsvd__info_close(info, st, c->n, c->t0);
    return st;
}

/* The copying device entry points: the front door with the device backend B (a general pair through
 * the host). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_device_any(const hzgsvd__backend *B, int m_f, int m_g, int n, double *dF, double *dFi, int ldf, double *dG,
                                                    double *dGi, int ldg, double *dZ, double *dZi, int ldz, double *d_sigma_f, double *d_sigma_g,
                                                    double *d_sigma, void *d_work, size_t work_bytes, cudaStream_t stream,
                                                    const hzgsvd_options *opt, hzgsvd_info *info)
{
    const hzgsvd_options o = opt ? *opt : hzgsvd_default_options();
    const hzgsvd__pair_call c = { m_f, m_g, n, ldf, ldg, ldz, dF, dFi, dG, dGi, dZ, dZi, d_sigma_f, d_sigma_g, d_sigma, &o, hzgsvd__now(),
                                  d_work, work_bytes, (void *)stream };
    hzgsvd__info_reset(info);
    return hzgsvd__gsvd_any(B, &c, info);
}

/* In place (hzgsvd_gpu_?gsvd_inplace; paper section 3.1: no working copy): the caller's arrays
 * (complex: split planes, none of them NULL) are the working matrices. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_inplace(const hzgsvd__gpu_prec *X, int m_f, int m_g, int n, double *dF, double *dFi, int ldf, double *dG,
                                                 double *dGi, int ldg, double *dZ, double *dZi, int ldz, double *d_sigma_f, double *d_sigma_g,
                                                 double *d_sigma, void *d_work, size_t work_bytes, cudaStream_t stream,
                                                 const hzgsvd_options *opt, hzgsvd_info *info)
{
    if (X->planes == 2 && (!dFi || !dGi || !dZi)) {
        hzgsvd__info_reset(info);
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "an imaginary plane (dFi, dGi or dZi) is NULL");
    }
    return hzgsvd__gpu_run(X, m_f, m_g, n, dF, dFi, ldf, dG, dGi, ldg, dZ, dZi, ldz, d_sigma_f, d_sigma_g, d_sigma, d_work, work_bytes, stream, opt,
                           info, NULL, 1, HZGSVD__DEFICIENT_REPORT);
}

/* The host-pointer entry points (hzgsvd_gpu_?gsvd_host): the front door on host arrays (any_host: the
 * precision's instance of hzgsvd__gpu_any_host_of), info closed. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_gsvd_host(hzgsvd__any_engine any_host, int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg,
                                                   double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *opt,
                                                   hzgsvd_info *info)
{
    const double t0 = hzgsvd__now();
    const hzgsvd_options o = opt ? *opt : hzgsvd_default_options();   /* the run resolves block_width 0 */
    hzgsvd__info_reset(info);
    const hzgsvd_status st = any_host(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, &o, info, t0);
    hzgsvd__info_close(info, st, n, t0);
    return st;
}

/* The callbacks without context, one instance per precision X: the reduction's core on the GPU
 * (hzgsvd__core_engine), a whole pair in host arrays (hzgsvd__any_engine: xGGSVD3 and the host entry
 * point), and the front door's backend records on host and on device arrays. */
template <const hzgsvd__gpu_prec *X>
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_core_of(int s, double *Ac, double *Bc, double *Zc, double *sf, double *sg, double *ss, const hzgsvd_options *o,
                                                 hzgsvd_info *info, double t0, hzgsvd__on_deficient mode)
{
    return hzgsvd__gpu_core(X, s, Ac, Bc, Zc, sf, sg, ss, o, info, t0, mode);
}

template <const hzgsvd__gpu_prec *X>
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_host_full_rank_of(const hzgsvd__pair_call *c, hzgsvd__on_deficient mode, int *written, hzgsvd_info *info)
{
    return hzgsvd__gpu_host_full_rank(X, c, mode, written, info);
}

template <const hzgsvd__gpu_prec *X>
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_host_reduce_of(const hzgsvd__pair_call *c, hzgsvd_info *info)
{
    return hzgsvd__gpu_host_reduce(X, hzgsvd__gpu_core_of<X>, c, info);
}

template <const hzgsvd__gpu_prec *X>
HZGSVD_PRIVATE const hzgsvd__backend *hzgsvd__gpu_host_backend(void)
{
    static const hzgsvd__backend B = { 0, 0, hzgsvd__gpu_host_full_rank_of<X>, hzgsvd__gpu_host_reduce_of<X> };
    return &B;
}

template <const hzgsvd__gpu_prec *X>
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_any_host_of(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                                     double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *o, hzgsvd_info *info,
                                                     double t0)
{
    return hzgsvd__gpu_any_host(X, hzgsvd__gpu_host_backend<X>(), m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, o, info, t0);
}

template <const hzgsvd__gpu_prec *X>
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_device_full_rank_of(const hzgsvd__pair_call *c, hzgsvd__on_deficient mode, int *written, hzgsvd_info *info)
{
    return hzgsvd__gpu_device_full_rank(X, c, mode, written, info);
}

template <const hzgsvd__gpu_prec *X>
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_device_reduce_of(const hzgsvd__pair_call *c, hzgsvd_info *info)
{
    return hzgsvd__gpu_device_reduce(X, hzgsvd__gpu_core_of<X>, c, info);
}

template <const hzgsvd__gpu_prec *X>
HZGSVD_PRIVATE const hzgsvd__backend *hzgsvd__gpu_device_backend(void)
{
    static const hzgsvd__backend B = { 0, 1, hzgsvd__gpu_device_full_rank_of<X>, hzgsvd__gpu_device_reduce_of<X> };
    return &B;
}
#line 5129 HZGSVD__SRC_FILE("generated/hzgsvd_gpu_impl.cuh")
/*** end templates/hzgsvd_gpu_api.cu ***/

/*** begin templates/hzgsvd_gpu_prec.cu.j2 [d] ***/
/* The single-GPU engine's per-precision part, real: thin launchers of this precision's kernels in
 * the shape the host code written once calls them -- the block step's for the sweeper
 * (hzgsvd__d_gpu_step_ops, templates/hzgsvd_gpu_sweep.cu), the rest for the driver
 * (templates/hzgsvd_gpu_driver.cu) -- collected in the table hzgsvd__d_gpu_prec, then this precision's
 * public entry points, one call each into the host code (templates/hzgsvd_gpu_api.cu). */

/* The kernels' view of the working matrices. */
HZGSVD_PRIVATE hzgsvd__d_gpu_mats hzgsvd__d_gpu_mats_of(const hzgsvd__gpu_work *W)
{
    hzgsvd__d_gpu_mats M;
    M.F = W->F[0]; M.G = W->G[0]; M.Z = W->Z[0];
    M.mf = W->mf; M.mg = W->mg; M.n = W->n; M.nz = W->nz;
    return M;
}

HZGSVD_PRIVATE int hzgsvd__d_gpu_has_variant(int w, int variant, int sort) { return hzgsvd__d_solve_instance(w, variant, sort) != NULL; }

HZGSVD_PRIVATE cudaError_t hzgsvd__d_gpu_load_k(const double *Y, const double *Yi, int m, int n, int ld, double *const W[2], int ldw, cudaStream_t s)
{
    hzgsvd__d_load<<<dim3((m + 255) / 256, n), 256, 0, s>>>(Y, Yi, m, n, ld, W[0], ldw);
    return cudaGetLastError();
}

/* The block step's record with its kernels: the sweeper's part of this precision (hzgsvd_gpu_sweep.cu). */
typedef struct hzgsvd__d_gpu_step_state {
    hzgsvd__d_gpu_step S;
    hzgsvd__d_step_kernel gram, solve, update;
} hzgsvd__d_gpu_step_state;

HZGSVD_PRIVATE void hzgsvd__d_gpu_step_setup(void *args, const hzgsvd__gpu_work *M, const hzgsvd__gpu_step_args *A, int w, int variant, int sort,
                                         const void *kern[3], int *solve_warps)
{
    hzgsvd__d_gpu_step_state *T = (hzgsvd__d_gpu_step_state *)args;
    hzgsvd__gpu_step_fill(T, hzgsvd__d_gpu_mats_of(M), A);
    T->gram = w == 32 ? hzgsvd__d_gram<32> : hzgsvd__d_gram<16>;
    T->update = w == 32 ? hzgsvd__d_update<32> : hzgsvd__d_update<16>;
    T->solve = hzgsvd__d_solve_instance(w, variant, sort);
    hzgsvd__gpu_step_kernels(T, kern);
    *solve_warps = HZGSVD__D_SOLVE_WARPS(w);
}

HZGSVD_PRIVATE const hzgsvd__gpu_step_ops hzgsvd__d_gpu_step_ops = {
    1, sizeof(hzgsvd__d_gpu_step_state), sizeof(hzgsvd__d_gpu_block_stats), hzgsvd__d_gpu_step_setup, hzgsvd__gpu_step_launch<hzgsvd__d_gpu_step_state>,
    hzgsvd__gpu_pair_stats_of<hzgsvd__d_gpu_block_stats>,
};

HZGSVD_PRIVATE cudaError_t hzgsvd__d_gpu_check_values_k(double *const W[2], int m, int n, int ldw, int *bad, int *zero, double *nrm, int *ex,
                                                    cudaStream_t s)
{
    hzgsvd__d_check_values<<<n, 128, 0, s>>>(W[0], m, n, ldw, bad, zero, nrm, ex);
    return cudaGetLastError();
}

HZGSVD_PRIVATE cudaError_t hzgsvd__d_gpu_scale_pow2_k(double *const W[2], int ldw, int m, int n, int shift, const int *col, cudaStream_t s)
{
    hzgsvd__d_scale_pow2<<<dim3((m + 255) / 256, n), 256, 0, s>>>(W[0], ldw, m, n, shift, col);
    return cudaGetLastError();
}

HZGSVD_PRIVATE cudaError_t hzgsvd__d_gpu_border_k(double *Y, int ldw, int m, int n, int extra, cudaStream_t s)
{
    hzgsvd__d_border<<<(extra + 31) / 32, 32, 0, s>>>(Y, ldw, m, n, extra);
    return cudaGetLastError();
}

HZGSVD_PRIVATE cudaError_t hzgsvd__d_gpu_init_fgz_k(const hzgsvd__gpu_work *W, int enh, int prescale, int half, int row0, int row1, cudaStream_t s)
{
    const hzgsvd__d_gpu_mats M = hzgsvd__d_gpu_mats_of(W);
    return hzgsvd__d_launch_initFGZ(&M, enh, prescale, half, row0, row1, s);
}

HZGSVD_PRIVATE cudaError_t hzgsvd__d_gpu_rescale_k(const hzgsvd__gpu_work *W, int enh, int f, double *sf, double *sg, double *ss, int *bad, cudaStream_t s)
{
    const hzgsvd__d_gpu_mats M = hzgsvd__d_gpu_mats_of(W);
    return hzgsvd__d_launch_rescale(&M, enh, f, sf, sg, ss, bad, s);
}

HZGSVD_PRIVATE cudaError_t hzgsvd__d_gpu_real_columns_k(double *const Z[2], int n, int nb, int *real, cudaStream_t s)
{
    hzgsvd__d_real_columns<<<(nb + 127) / 128, 128, 0, s>>>(Z[0], n, nb, real);
    return cudaGetLastError();
}

HZGSVD_PRIVATE cudaError_t hzgsvd__d_gpu_rank_test_k(double *const Z[2], int n, int nb, const int *real, const double *nf, const double *ng,
                                                 const double *sf, const double *sg, double tf, double tg, int *flag, cudaStream_t s)
{
    hzgsvd__d_rank_test<<<(nb + 127) / 128, 128, 0, s>>>(Z[0], n, nb, real, nf, ng, sf, sg, tf, tg, flag);
    return cudaGetLastError();
}

/* Columns order[0..n) of W (m rows) to Y (ld), in that order. */
HZGSVD_PRIVATE cudaError_t hzgsvd__d_gpu_gather_k(double *const W[2], int ldw, const int *order, int m, int n, double *Y, double *Yi, int ld,
                                              cudaStream_t s)
{
    hzgsvd__d_gather<<<dim3((m + 255) / 256, n), 256, 0, s>>>(W[0], ldw, order, m, Y, Yi, ld);
    return cudaGetLastError();
}

/* The table the driver runs this precision by (members in the order of hzgsvd__gpu_prec). */
HZGSVD_PRIVATE const hzgsvd__gpu_prec hzgsvd__d_gpu_prec = {
    1, "d", hzgsvd__d_gpu_has_variant,
    hzgsvd__gpu_sweeper_plan<&hzgsvd__d_gpu_step_ops>, hzgsvd__gpu_sweeper_of<&hzgsvd__d_gpu_step_ops>, hzgsvd__gpu_sweeper_init,
    hzgsvd__gpu_sweeper_sweep, hzgsvd__gpu_sweeper_fail_text, hzgsvd__gpu_sweeper_free,
    hzgsvd__d_gpu_load_k, hzgsvd__d_gpu_check_values_k, hzgsvd__d_gpu_scale_pow2_k, hzgsvd__d_gpu_border_k, hzgsvd__d_gpu_init_fgz_k, hzgsvd__d_gpu_rescale_k,
    hzgsvd__d_gpu_real_columns_k, hzgsvd__d_gpu_rank_test_k, hzgsvd__d_gpu_gather_k, hzgsvd__gpu_refine_of<&hzgsvd__d_refine_ops>,
    hzgsvd__gpu_refine_norms_of<&hzgsvd__d_refine_ops>, hzgsvd__gpu_orth_max_of<&hzgsvd__d_orth_ops>, &hzgsvd__d_dense_prec,
};

HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_workspace_size(int m_f, int m_g, int n, const hzgsvd_options *opt, size_t *bytes)
{
    return hzgsvd__gpu_workspace_size(&hzgsvd__d_gpu_prec, m_f, m_g, n, opt, bytes);
}

HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_inplace_workspace_size(int m_f, int m_g, int n, const hzgsvd_options *opt, size_t *bytes)
{
    return hzgsvd__gpu_inplace_workspace_size(&hzgsvd__d_gpu_prec, m_f, m_g, n, opt, bytes);
}

/* Device-pointer entry point; hzgsvd_single.cuh has the contract. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd(int m_f, int m_g, int n, double *dF, int ldf, double *dG, int ldg,
                                          double *dZ, int ldz, double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                          void *d_work, size_t work_bytes, cudaStream_t stream,
                                          const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__gpu_device_any(hzgsvd__gpu_device_backend<&hzgsvd__d_gpu_prec>(), m_f, m_g, n, (double *)dF, NULL, ldf, (double *)dG, NULL, ldg,
                                  (double *)dZ, NULL, ldz, d_sigma_f, d_sigma_g, d_sigma, d_work, work_bytes, stream, opt, info);
}

/* In place (paper section 3.1: no working copy): the caller's arrays are the working matrices.
 * Needs n a multiple of 32, m_f and m_g multiples of 64 and ld = rows; the workspace is the strategy table and O(n) vectors
 * (hzgsvd_gpu_dgsvd_inplace_workspace_size).  Columns of U, V, Z and the sigmas come back in the
 * engine's final order, not sorted.  Full-rank pairs only: the arrays are the iterates. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_inplace(int m_f, int m_g, int n, double *dF, int ldf,
                                                  double *dG, int ldg, double *dZ, int ldz,
                                                  double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                                  void *d_work, size_t work_bytes, cudaStream_t stream,
                                                  const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__gpu_inplace(&hzgsvd__d_gpu_prec, m_f, m_g, n, dF, NULL, ldf, dG, NULL, ldg, dZ, NULL, ldz,
                               d_sigma_f, d_sigma_g, d_sigma, d_work, work_bytes, stream, opt, info);
}

/* Host-pointer entry point: the same arguments and the same pairs as hzgsvd_cpu_dgsvd. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_host(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg,
                                               double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma,
                                               const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__gpu_gsvd_host(hzgsvd__gpu_any_host_of<&hzgsvd__d_gpu_prec>, m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, opt,
                                 info);
}

/* LAPACK's xGGSVD3 on the GPU engine (host arrays; hzgsvd_cpu_dggsvd3 has the contract). */
HZGSVD_API hzgsvd_status hzgsvd_gpu_dggsvd3(char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                                            double *A, int lda, double *B, int ldb, double *alpha, double *beta,
                                            double *U, int ldu, double *V, int ldv, double *Q, int ldq, int *iwork,
                                            const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__ggsvd3(&hzgsvd__d_dense_prec, jobu, jobv, jobq, m, n, p, k, l, A, lda, B, ldb, alpha, beta, U, ldu, V, ldv, Q, ldq, iwork, opt, info,
                        0, hzgsvd__gpu_any_host_of<&hzgsvd__d_gpu_prec>);
}
/*** end templates/hzgsvd_gpu_prec.cu.j2 [d] ***/

/*** begin templates/hzgsvd_gpu_prec.cu.j2 [z] ***/
/* The single-GPU engine's per-precision part, complex: thin launchers of this precision's kernels in
 * the shape the host code written once calls them -- the block step's for the sweeper
 * (hzgsvd__z_gpu_step_ops, templates/hzgsvd_gpu_sweep.cu), the rest for the driver
 * (templates/hzgsvd_gpu_driver.cu) -- collected in the table hzgsvd__z_gpu_prec, then this precision's
 * public entry points, one call each into the host code (templates/hzgsvd_gpu_api.cu). */

/* The kernels' view of the working matrices. */
HZGSVD_PRIVATE hzgsvd__z_gpu_mats hzgsvd__z_gpu_mats_of(const hzgsvd__gpu_work *W)
{
    hzgsvd__z_gpu_mats M;
    M.F = W->F[0]; M.G = W->G[0]; M.Z = W->Z[0];
    M.Fi = W->F[1]; M.Gi = W->G[1]; M.Zi = W->Z[1];
    M.mf = W->mf; M.mg = W->mg; M.n = W->n; M.nz = W->nz;
    return M;
}

HZGSVD_PRIVATE int hzgsvd__z_gpu_has_variant(int w, int variant, int sort) { return hzgsvd__z_solve_instance(w, variant, sort) != NULL; }

HZGSVD_PRIVATE cudaError_t hzgsvd__z_gpu_load_k(const double *Y, const double *Yi, int m, int n, int ld, double *const W[2], int ldw, cudaStream_t s)
{
    hzgsvd__z_load<<<dim3((m + 255) / 256, n), 256, 0, s>>>(Y, Yi, m, n, ld, W[0], W[1], ldw);
    return cudaGetLastError();
}

/* The block step's record with its kernels: the sweeper's part of this precision (hzgsvd_gpu_sweep.cu). */
typedef struct hzgsvd__z_gpu_step_state {
    hzgsvd__z_gpu_step S;
    hzgsvd__z_step_kernel gram, solve, update;
} hzgsvd__z_gpu_step_state;

HZGSVD_PRIVATE void hzgsvd__z_gpu_step_setup(void *args, const hzgsvd__gpu_work *M, const hzgsvd__gpu_step_args *A, int w, int variant, int sort,
                                         const void *kern[3], int *solve_warps)
{
    hzgsvd__z_gpu_step_state *T = (hzgsvd__z_gpu_step_state *)args;
    hzgsvd__gpu_step_fill(T, hzgsvd__z_gpu_mats_of(M), A);
    T->gram = w == 32 ? hzgsvd__z_gram<32> : hzgsvd__z_gram<16>;
    T->update = w == 32 ? hzgsvd__z_update<32> : hzgsvd__z_update<16>;
    T->solve = hzgsvd__z_solve_instance(w, variant, sort);
    hzgsvd__gpu_step_kernels(T, kern);
    *solve_warps = HZGSVD__Z_SOLVE_WARPS(w);
}

HZGSVD_PRIVATE const hzgsvd__gpu_step_ops hzgsvd__z_gpu_step_ops = {
    2, sizeof(hzgsvd__z_gpu_step_state), sizeof(hzgsvd__z_gpu_block_stats), hzgsvd__z_gpu_step_setup, hzgsvd__gpu_step_launch<hzgsvd__z_gpu_step_state>,
    hzgsvd__gpu_pair_stats_of<hzgsvd__z_gpu_block_stats>,
};

HZGSVD_PRIVATE cudaError_t hzgsvd__z_gpu_check_values_k(double *const W[2], int m, int n, int ldw, int *bad, int *zero, double *nrm, int *ex,
                                                    cudaStream_t s)
{
    hzgsvd__z_check_values<<<n, 128, 0, s>>>(W[0], W[1], m, n, ldw, bad, zero, nrm, ex);
    return cudaGetLastError();
}

HZGSVD_PRIVATE cudaError_t hzgsvd__z_gpu_scale_pow2_k(double *const W[2], int ldw, int m, int n, int shift, const int *col, cudaStream_t s)
{
    hzgsvd__z_scale_pow2<<<dim3((m + 255) / 256, n), 256, 0, s>>>(W[0], W[1], ldw, m, n, shift, col);
    return cudaGetLastError();
}

HZGSVD_PRIVATE cudaError_t hzgsvd__z_gpu_border_k(double *Y, int ldw, int m, int n, int extra, cudaStream_t s)
{
    hzgsvd__z_border<<<(extra + 31) / 32, 32, 0, s>>>(Y, ldw, m, n, extra);
    return cudaGetLastError();
}

HZGSVD_PRIVATE cudaError_t hzgsvd__z_gpu_init_fgz_k(const hzgsvd__gpu_work *W, int enh, int prescale, int half, int row0, int row1, cudaStream_t s)
{
    const hzgsvd__z_gpu_mats M = hzgsvd__z_gpu_mats_of(W);
    return hzgsvd__z_launch_initFGZ(&M, enh, prescale, half, row0, row1, s);
}

HZGSVD_PRIVATE cudaError_t hzgsvd__z_gpu_rescale_k(const hzgsvd__gpu_work *W, int enh, int f, double *sf, double *sg, double *ss, int *bad, cudaStream_t s)
{
    const hzgsvd__z_gpu_mats M = hzgsvd__z_gpu_mats_of(W);
    return hzgsvd__z_launch_rescale(&M, enh, f, sf, sg, ss, bad, s);
}

HZGSVD_PRIVATE cudaError_t hzgsvd__z_gpu_real_columns_k(double *const Z[2], int n, int nb, int *real, cudaStream_t s)
{
    hzgsvd__z_real_columns<<<(nb + 127) / 128, 128, 0, s>>>(Z[0], Z[1], n, nb, real);
    return cudaGetLastError();
}

HZGSVD_PRIVATE cudaError_t hzgsvd__z_gpu_rank_test_k(double *const Z[2], int n, int nb, const int *real, const double *nf, const double *ng,
                                                 const double *sf, const double *sg, double tf, double tg, int *flag, cudaStream_t s)
{
    hzgsvd__z_rank_test<<<(nb + 127) / 128, 128, 0, s>>>(Z[0], Z[1], n, nb, real, nf, ng, sf, sg, tf, tg, flag);
    return cudaGetLastError();
}

/* Columns order[0..n) of W (m rows) to Y (ld), in that order. */
HZGSVD_PRIVATE cudaError_t hzgsvd__z_gpu_gather_k(double *const W[2], int ldw, const int *order, int m, int n, double *Y, double *Yi, int ld,
                                              cudaStream_t s)
{
    hzgsvd__z_gather<<<dim3((m + 255) / 256, n), 256, 0, s>>>(W[0], W[1], ldw, order, m, Y, Yi, ld);
    return cudaGetLastError();
}

/* The table the driver runs this precision by (members in the order of hzgsvd__gpu_prec). */
HZGSVD_PRIVATE const hzgsvd__gpu_prec hzgsvd__z_gpu_prec = {
    2, "z", hzgsvd__z_gpu_has_variant,
    hzgsvd__gpu_sweeper_plan<&hzgsvd__z_gpu_step_ops>, hzgsvd__gpu_sweeper_of<&hzgsvd__z_gpu_step_ops>, hzgsvd__gpu_sweeper_init,
    hzgsvd__gpu_sweeper_sweep, hzgsvd__gpu_sweeper_fail_text, hzgsvd__gpu_sweeper_free,
    hzgsvd__z_gpu_load_k, hzgsvd__z_gpu_check_values_k, hzgsvd__z_gpu_scale_pow2_k, hzgsvd__z_gpu_border_k, hzgsvd__z_gpu_init_fgz_k, hzgsvd__z_gpu_rescale_k,
    hzgsvd__z_gpu_real_columns_k, hzgsvd__z_gpu_rank_test_k, hzgsvd__z_gpu_gather_k, hzgsvd__gpu_refine_of<&hzgsvd__z_refine_ops>,
    hzgsvd__gpu_refine_norms_of<&hzgsvd__z_refine_ops>, hzgsvd__gpu_orth_max_of<&hzgsvd__z_orth_ops>, &hzgsvd__z_dense_prec,
};

HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_workspace_size(int m_f, int m_g, int n, const hzgsvd_options *opt, size_t *bytes)
{
    return hzgsvd__gpu_workspace_size(&hzgsvd__z_gpu_prec, m_f, m_g, n, opt, bytes);
}

HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_inplace_workspace_size(int m_f, int m_g, int n, const hzgsvd_options *opt, size_t *bytes)
{
    return hzgsvd__gpu_inplace_workspace_size(&hzgsvd__z_gpu_prec, m_f, m_g, n, opt, bytes);
}

/* Device-pointer entry point (interleaved cuDoubleComplex); hzgsvd_single.cuh has the contract. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd(int m_f, int m_g, int n, cuDoubleComplex *dF, int ldf, cuDoubleComplex *dG, int ldg,
                                          cuDoubleComplex *dZ, int ldz, double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                          void *d_work, size_t work_bytes, cudaStream_t stream,
                                          const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__gpu_device_any(hzgsvd__gpu_device_backend<&hzgsvd__z_gpu_prec>(), m_f, m_g, n, (double *)dF, NULL, ldf, (double *)dG, NULL, ldg,
                                  (double *)dZ, NULL, ldz, d_sigma_f, d_sigma_g, d_sigma, d_work, work_bytes, stream, opt, info);
}

/* Split-plane entry point: real and imaginary parts in separate device arrays (the engine's own
 * layout): no interleaving pass on the way in or out. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_split(int m_f, int m_g, int n, double *dFr, double *dFi, int ldf,
                                                double *dGr, double *dGi, int ldg, double *dZr, double *dZi, int ldz,
                                                double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                                void *d_work, size_t work_bytes, cudaStream_t stream,
                                                const hzgsvd_options *opt, hzgsvd_info *info)
{
    if ((!dFi && m_f > 0) || (!dGi && m_g > 0) || !dZi) {
        hzgsvd__info_reset(info);
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "an imaginary plane (dFi, dGi or dZi) is NULL");
    }
    return hzgsvd__gpu_device_any(hzgsvd__gpu_device_backend<&hzgsvd__z_gpu_prec>(), m_f, m_g, n, dFr, dFi, ldf, dGr, dGi, ldg, dZr, dZi, ldz,
                                  d_sigma_f, d_sigma_g, d_sigma, d_work, work_bytes, stream, opt, info);
}

/* In place (paper section 3.1: no working copy): the caller's split planes are the working matrices.
 * Needs n a multiple of 32, m_f and m_g multiples of 64 and ld = rows; the workspace is the strategy table and O(n) vectors
 * (hzgsvd_gpu_zgsvd_inplace_workspace_size).  Columns of U, V, Z and the sigmas come back in the
 * engine's final order, not sorted.  Full-rank pairs only: the arrays are the iterates. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_inplace(int m_f, int m_g, int n, double *dF, double *dFi, int ldf,
                                                  double *dG, double *dGi, int ldg, double *dZ, double *dZi, int ldz,
                                                  double *d_sigma_f, double *d_sigma_g, double *d_sigma,
                                                  void *d_work, size_t work_bytes, cudaStream_t stream,
                                                  const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__gpu_inplace(&hzgsvd__z_gpu_prec, m_f, m_g, n, dF, dFi, ldf, dG, dGi, ldg, dZ, dZi, ldz,
                               d_sigma_f, d_sigma_g, d_sigma, d_work, work_bytes, stream, opt, info);
}

/* Host-pointer entry point: the same arguments and the same pairs as hzgsvd_cpu_zgsvd. */
HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_host(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg,
                                               double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma,
                                               const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__gpu_gsvd_host(hzgsvd__gpu_any_host_of<&hzgsvd__z_gpu_prec>, m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, opt,
                                 info);
}

/* LAPACK's xGGSVD3 on the GPU engine (host arrays; hzgsvd_cpu_zggsvd3 has the contract). */
HZGSVD_API hzgsvd_status hzgsvd_gpu_zggsvd3(char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                                            double *A, int lda, double *B, int ldb, double *alpha, double *beta,
                                            double *U, int ldu, double *V, int ldv, double *Q, int ldq, int *iwork,
                                            const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__ggsvd3(&hzgsvd__z_dense_prec, jobu, jobv, jobq, m, n, p, k, l, A, lda, B, ldb, alpha, beta, U, ldu, V, ldv, Q, ldq, iwork, opt, info,
                        0, hzgsvd__gpu_any_host_of<&hzgsvd__z_gpu_prec>);
}
/*** end templates/hzgsvd_gpu_prec.cu.j2 [z] ***/

/*** begin templates/hzgsvd_gpu_batched_kernels.cu ***/
#line HZGSVD__SRC_LINE(1, 5476) HZGSVD__SRC_FILE("templates/hzgsvd_gpu_batched_kernels.cu")
/* The batched GPU kernels (hzgsvd_gpu_?gsvd_batched, driver: templates/hzgsvd_gpu_batched.cu): one
 * thread block per pair at a time (a block takes pairs blockIdx.x, blockIdx.x + gridDim.x, ...), the
 * pair's working F, G, Z (split planes) in dynamic shared memory where they fit, else in the block's
 * slot of the workspace (global memory, mostly L2-resident).  Two kernels share the rest of a pair's
 * run (templates/hzgsvd_batched_pair.h): the slot kernel (n <= 16 in shared memory: a block of one
 * warp, the slot sweep) and the three-phase kernel (the others: the warps sum the pivots' Gram
 * entries, a warp per pivot, one lane per pivot computes its 2x2 transformation, the warps apply
 * them; the driver picks the warps, hzgsvd__bat_shape).  Every sum has a fixed order that depends on
 * the shape only (per-lane row order, then a fixed butterfly) and no floating-point atomics are
 * used, so a pair's results do not depend on the grid, the block that took it, or the run. */

/* The kernel's shape limits, the shared-memory budget of one pair and the slots of the global path. */
#define HZGSVD__BAT_MAX_M 1024
#define HZGSVD__BAT_SMEM_MAX (200 * 1024)    /* bytes of dynamic shared memory a pair may take (sm_90 allows 227 KB) */
#define HZGSVD__BAT_SLOTS 1056               /* blocks of the global-memory path (8 per SM of a 132-SM H100) */
#define HZGSVD__BAT_GRID_MAX 65535           /* blocks of the shared-memory path (each loops over its pairs) */

/* The arguments of one batched call (argument numbers as in the prototype, hzgsvd_single.cuh). */
typedef struct hzgsvd__gpu_batch {
    int cplx, m_f, m_g, n, ldf, ldg, ldz, batch;
    double *F, *G, *Z, *sf, *sg, *s;
    long long sF, sG, sZ, sS;
    void *work;
    size_t work_bytes;
    cudaStream_t stream;
} hzgsvd__gpu_batch;

/* x rounded up to 256 bytes (the workspace's parts). */
HZGSVD_PRIVATE size_t hzgsvd__bat_align(size_t x) { return (x + 255) / 256 * 256; }

/* What one launch needs (passed by value). */
typedef struct hzgsvd__bat_launch {
    int cplx, m_f, m_g, n, ldf, ldg, ldz;
    long long batch, sF, sG, sZ, sS;     /* strides in elements (complex elements for F, G, Z) */
    double *F, *G, *Z, *sf, *sg, *s;     /* the caller's arrays (complex: interleaved) */
    hzgsvd__bat_opts o;                  /* o.table on the device */
    double *slots;                       /* NULL: the working pair in shared memory; else one slot per block */
    size_t pair_doubles;                 /* doubles of one working pair's storage (F, G, Z, every plane: hzgsvd__bat_store_doubles) */
    int pad_u;                           /* the planes' padding (hzgsvd__bat_plane_ld's u; 16: none) */
    hzgsvd__bat_result *res;             /* batch verdicts (device) */
    const int *pre_flag;                 /* NULL, or batch flags: 1 where the pair starts preconditioned (two sweeps at the least) */
} hzgsvd__bat_launch;

/* Doubles of one working pair: es (m_f n + m_g n + n n) (the kernels' limits are in these). */
HZGSVD_PRIVATE size_t hzgsvd__bat_pair_doubles(int cplx, int m_f, int m_g, int n)
{
    return (size_t)(cplx ? 2 : 1) * ((size_t)m_f * n + (size_t)m_g * n + (size_t)n * n);
}

/* Doubles of one working pair's storage: its planes with the leading dimensions of padding u
 * (hzgsvd__bat_plane_ld). */
HZGSVD_PRIVATE size_t hzgsvd__bat_store_doubles(int cplx, int m_f, int m_g, int n, int u)
{
    const size_t ld = (size_t)hzgsvd__bat_plane_ld(m_f, u) + (size_t)hzgsvd__bat_plane_ld(m_g, u) + (size_t)hzgsvd__bat_plane_ld(n, u);
    return (size_t)(cplx ? 2 : 1) * ld * (size_t)n;
}

/* The working pair's planes in base (F's planes, G's, Z's; each plane contiguous). */
__device__ __forceinline__ hzgsvd__bat_pair hzgsvd__bat_layout(const hzgsvd__bat_launch *a, double *base)
{
    hzgsvd__bat_pair P;
    const int u = a->pad_u;
    P.mf = a->m_f; P.mg = a->m_g; P.n = a->n; P.cplx = a->cplx;
    P.lf = hzgsvd__bat_plane_ld(a->m_f, u); P.lg = hzgsvd__bat_plane_ld(a->m_g, u); P.lz = hzgsvd__bat_plane_ld(a->n, u);
    const size_t nf = (size_t)P.lf * a->n, ng = (size_t)P.lg * a->n, nz = (size_t)P.lz * a->n;
    P.F0 = NULL; P.G0 = NULL; P.ldf0 = a->ldf; P.ldg0 = a->ldg; P.min_sweeps = 1;   /* set per pair by the kernel */
    P.F[0] = base; P.F[1] = a->cplx ? base + nf : NULL;
    base += nf * (a->cplx ? 2 : 1);
    P.G[0] = base; P.G[1] = a->cplx ? base + ng : NULL;
    base += ng * (a->cplx ? 2 : 1);
    P.Z[0] = base; P.Z[1] = a->cplx ? base + nz : NULL;
    return P;
}

/* m x n of the caller's Y (ld, interleaved where complex) into the planes X (leading dimension xld), all
 * threads, entry (r, j) by hzgsvd__bat_start_step_rect (a division and remainder per entry were 5-8 %
 * of the slot kernel's time at n = 16; m >= 1: the kernels take m >= n >= 1, hzgsvd__bat_takes). */
__device__ __forceinline__ void hzgsvd__bat_load(const double *Y, int ld, int m, int n, int cplx, double *const X[2], int xld)
{
    const int dr = (int)blockDim.x % m, dc = (int)blockDim.x / m;
    for (int r = (int)threadIdx.x % m, j = (int)threadIdx.x / m; j < n; hzgsvd__bat_start_step_rect(m, dr, dc, &r, &j)) {
        const size_t src = (size_t)j * ld + r, dst = (size_t)j * xld + r;
        if (cplx) { X[0][dst] = Y[2 * src]; X[1][dst] = Y[2 * src + 1]; }
        else X[0][dst] = Y[src];
    }
}

/* Working columns order[c] of the planes X (leading dimension xld) into the caller's columns c of Y, all
 * threads (the walk of hzgsvd__bat_load). */
__device__ __forceinline__ void hzgsvd__bat_store(double *Y, int ld, int m, int n, int cplx, double *const X[2], int xld, const int *order)
{
    const int dr = (int)blockDim.x % m, dc = (int)blockDim.x / m;
    for (int r = (int)threadIdx.x % m, c = (int)threadIdx.x / m; c < n; hzgsvd__bat_start_step_rect(m, dr, dc, &r, &c)) {
        const size_t dst = (size_t)c * ld + r, src = (size_t)order[c] * xld + r;
        if (cplx) { Y[2 * dst] = X[0][src]; Y[2 * dst + 1] = X[1][src]; }
        else Y[dst] = X[0][src];
    }
}

/* Pair i's outputs: U over F, V over G, Z, the sigmas in the output order (sh->order). */
__device__ __forceinline__ void hzgsvd__bat_store_pair(const hzgsvd__bat_launch *a, const hzgsvd__bat_pair *P, const hzgsvd__bat_shared *sh,
                                                       long long i)
{
    const int es = a->cplx ? 2 : 1;
    hzgsvd__bat_store(a->F + es * i * a->sF, a->ldf, a->m_f, a->n, a->cplx, P->F, P->lf, sh->order);
    hzgsvd__bat_store(a->G + es * i * a->sG, a->ldg, a->m_g, a->n, a->cplx, P->G, P->lg, sh->order);
    hzgsvd__bat_store(a->Z + es * i * a->sZ, a->ldz, a->n, a->n, a->cplx, P->Z, P->lz, sh->order);
    for (int c = threadIdx.x; c < a->n; c += blockDim.x) {
        const int j = sh->order[c];
        if (a->sf) a->sf[i * a->sS + c] = sh->sf[j];
        if (a->sg) a->sg[i * a->sS + c] = sh->sg[j];
        if (a->s) a->s[i * a->sS + c] = sh->ss[j];
    }
}

/* The pairs of block blockIdx.x, one after the other (both kernels): load, solve, store.  A pair
 * the kernel does not finish (not finite, or for the one-pair path) leaves the caller's arrays
 * untouched: outputs are stored only after its whole run succeeded. */
__device__ __forceinline__ void hzgsvd__bat_pairs(const hzgsvd__bat_launch &a, double *base, hzgsvd__bat_shared *sh, hzgsvd__bat_pivots *piv)
{
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, nwarps = blockDim.x >> 5;
    hzgsvd__bat_pair P = hzgsvd__bat_layout(&a, base);
    const int es = a.cplx ? 2 : 1;
    for (long long i = blockIdx.x; i < a.batch; i += gridDim.x) {
        P.F0 = a.F + es * i * a.sF; P.ldf0 = a.ldf;   /* the input, read by the sigma refinement */
        P.G0 = a.G + es * i * a.sG; P.ldg0 = a.ldg;
        P.min_sweeps = a.pre_flag && a.pre_flag[i] ? 2 : 1;
        hzgsvd__bat_load(a.F + es * i * a.sF, a.ldf, a.m_f, a.n, a.cplx, P.F, P.lf);
        hzgsvd__bat_load(a.G + es * i * a.sG, a.ldg, a.m_g, a.n, a.cplx, P.G, P.lg);
        __syncthreads();                 /* the pair loaded */
        hzgsvd__bat_result r;
        const int v = hzgsvd__bat_solve(&P, &a.o, sh, piv, warp, nwarps, lane, &r);
        if (v == HZGSVD__BAT_OK) hzgsvd__bat_store_pair(&a, &P, sh, i);
        if (threadIdx.x == 0) a.res[i] = r;
        __syncthreads();                 /* stored before the next pair overwrites the planes and sh */
    }
}

/* The three-phase kernel: blockDim.x = 32 * nwarps (nwarps <= HZGSVD__BAT_MAX_WARPS); dynamic shared
 * memory pair_doubles doubles where slots is NULL, else none.  Registers: ptxas -v gives 128 a
 * thread and no spills at 2 blocks of 256 threads an SM; at 3 or 4 (80 or 64 registers) it spills.
 * The driver sizes the blocks to the occupancy this leaves (hzgsvd__bat_shape).
 * -DHZGSVD__BAT_MIN_BLOCKS=k tries another bound. */
#ifndef HZGSVD__BAT_MIN_BLOCKS
#define HZGSVD__BAT_MIN_BLOCKS 2
#endif
HZGSVD_PRIVATE __global__ void __launch_bounds__(32 * HZGSVD__BAT_MAX_WARPS, HZGSVD__BAT_MIN_BLOCKS) hzgsvd__bat_kernel(hzgsvd__bat_launch a)
{
    extern __shared__ double hzgsvd__bat_smem[];
    __shared__ hzgsvd__bat_shared sh;
    __shared__ hzgsvd__bat_pivots piv;
    hzgsvd__bat_pairs(a, a.slots ? a.slots + (size_t)blockIdx.x * a.pair_doubles : hzgsvd__bat_smem, &sh, &piv);
}

/* The slot kernel (a.o.slot_sweep: nn <= 16, the pair in shared memory -- the driver launches it
 * only so, with blockDim.x = 32: it ignores a.slots and has no three-phase step area): the slot
 * sweep (hzgsvd__bat_sweep_slots); its own register budget: 128 a thread, 16
 * blocks (warps) an SM (24 would leave 80 and spill: measured no faster). */
#ifndef HZGSVD__BAT_SLOT_MIN_BLOCKS
#define HZGSVD__BAT_SLOT_MIN_BLOCKS 16
#endif
HZGSVD_PRIVATE __global__ void __launch_bounds__(32, HZGSVD__BAT_SLOT_MIN_BLOCKS) hzgsvd__bat_kernel_slots(hzgsvd__bat_launch a)
{
    extern __shared__ double hzgsvd__bat_smem[];
    __shared__ hzgsvd__bat_shared sh;
    hzgsvd__bat_pairs(a, hzgsvd__bat_smem, &sh, NULL);
}
#line 5644 HZGSVD__SRC_FILE("generated/hzgsvd_gpu_impl.cuh")
/*** end templates/hzgsvd_gpu_batched_kernels.cu ***/

/*** begin templates/hzgsvd_gpu_batched_precondition.cu ***/
#line HZGSVD__SRC_LINE(1, 5648) HZGSVD__SRC_FILE("templates/hzgsvd_gpu_batched_precondition.cu")
/* The batched call's preconditioned start (options.precondition QR_EIG; AUTO's choice from n =
 * HZGSVD__BAT_PRE_AUTO_N; docs/API.md, "Batched pairs
 * on the GPU", and docs/NUMERICS.md, "The batched preconditioned start").  Per pair, as the
 * one-pair stage (templates/hzgsvd_gpu_precondition.cu):
 *
 *   A = F^H F, B = G^H G = L L^H   (L^H is G's R of a QR up to the signs of its rows; a batched QR
 *                                  of the tall pair costs more than the whole start)
 *   C = L^-1 A L^-H = W Lambda W^H
 *   Z0 = L^-H W, columns reversed  (the reversal in hzgsvd__bat_pre_apply: sigma descending, the
 *                                  order the sorting variants keep)
 *
 * by one of two routes (hzgsvd__bat_pre_eig):
 *   - n <= HZGSVD__BAT_PRE_OWN_N: the own start (hzgsvd__bat_pre_own; the arithmetic in
 *     templates/hzgsvd_batched_start.h), one block a group of pairs (32 / nn a warp's, n <= 8;
 *     one, 9 <= n <= 12), everything in shared memory and one warp's registers, its Jacobi
 *     eigensolver stopping at a start's accuracy.  No library call, no scratch memory: a pair's Z0
 *     depends on the pair alone, not on the batch.  Above, it is still slower than cuSOLVER's
 *     batched Jacobi (0.93-0.96x at n = 16, session 24);
 *   - above, the library chain, a chunk of HZGSVD__BAT_PRE_CHUNK pairs at a time:
 *     gemmStridedBatched (A, B), potrfBatched, two trsmBatched (C), syevjBatched / heevjBatched
 *     (W; n <= 32) or XsyevBatched (above), trsmBatched (Z0);
 *
 * then (hzgsvd__bat_pre_apply) the trust test of the one-pair stage, growth max_j ||D z0_j|| /
 * ||[F; G] z0_j|| <= HZGSVD__PRECONDITION_GROWTH (D: the column norms of [F; G]), and F <- F Z0,
 * G <- G Z0 in place, every entry a compensated dot product (Ogita, Rump and Oishi's Dot2: as
 * accurate as the product in twice the working precision, then rounded once, up to a gamma^2 term
 * that the trust test keeps below u).  The kernel then counts its stop rule from the second sweep
 * (hzgsvd__bat_pair.min_sweeps).  A pair the kernel hands on is solved by the one-pair path with
 * the plain start on the pair as the start left it; after every pair, hzgsvd__bat_pre_z makes
 * Z = Z0 Z1 for those that started from Z0 and succeeded (a pair that fails after its start holds
 * F Z0 and G Z0 in dF and dG).
 *
 * A pair whose start fails (the Cholesky factor's or the eigensolver's verdict nonzero: G
 * numerically rank deficient or a non-finite entry; a non-finite Z0; the trust test) is not touched
 * and runs the plain start, bitwise as a run with precondition NONE, the one-pair path's included.  So the iteration
 * certifies every pair as before: a start only changes how many sweeps it takes.  Where the
 * library chain's scratch (B, lambda, the eigensolver's workspace: allocated on the stream from a
 * memory pool kept with the handles, hzgsvd__bat_handles) cannot be had, the batch keeps the plain
 * start.
 *
 * The library chain's cuBLAS and cuSOLVER handles are made at a host thread's first start on a
 * device and kept until the thread ends (the first call's set-up is not paid again); the solver runs in
 * CUSOLVER_DETERMINISTIC_RESULTS mode on the caller's stream, so a call repeated gives the same
 * bits on one GPU model and toolkit.  The libraries pick their kernels by the batch's size, so a
 * pair's bits may differ between batches of other sizes (within the accuracy bounds). */

#define HZGSVD__BAT_PRE_AUTO_N 4       /* AUTO takes the batched start from this n on (the own start: n = 4 1.0x real, 1.2x complex; 6: 1.2x, 1.5x; 8: 1.3x, 1.4x; docs/PERFORMANCE.md) */
#define HZGSVD__BAT_PRE_OWN_N 12       /* the own start up to this n, the library chain above (n = 16: the warp solver 0.93-0.96x, session 24) */
#define HZGSVD__BAT_PRE_CHUNK 16384    /* pairs of one round of cuBLAS/cuSOLVER batched calls (their batch limits; the scratch) */
#define HZGSVD__BAT_PRE_THREADS 256    /* hzgsvd__bat_pre_z's blocks, and the most of hzgsvd__bat_pre_apply's */
#define HZGSVD__BAT_PRE_COLS 8         /* columns a lane of hzgsvd__bat_pre_apply carries: ceil(64 / 8 warps) */
static_assert(HZGSVD__BAT_PRE_COLS * (HZGSVD__BAT_PRE_THREADS / 32) >= HZGSVD__BAT_MAX_N, "hzgsvd__bat_pre_apply: too few columns a lane");

/* hzgsvd__bat_pre_apply's block: the fewest warps whose lanes carry the n columns (nw
 * HZGSVD__BAT_PRE_COLS >= n).  Its registers (the lane's columns' Dot2 sums) allow a few hundred
 * threads an SM: 256 a pair left two pairs an SM, each lane one or two columns at n = 16, and the
 * kernel waited on memory.  No bit depends on it: a column is one warp's, an entry one lane's. */
HZGSVD_PRIVATE int hzgsvd__bat_pre_threads(int n)
{
    const int nw = (n + HZGSVD__BAT_PRE_COLS - 1) / HZGSVD__BAT_PRE_COLS;
    return 32 * (nw < 1 ? 1 : nw);
}

/* Whether the batched call starts preconditioned: QR_EIG asked, or AUTO from HZGSVD__BAT_PRE_AUTO_N
 * with room for the second sweep; never without cuSOLVER (QR_EIG is then refused by the checks). */
HZGSVD_PRIVATE int hzgsvd__bat_pre_on(const hzgsvd_options *o, int n)
{
#ifdef HZGSVD_GPU_NO_CUSOLVER
    (void)o; (void)n;
    return 0;
#else
    return o->precondition == HZGSVD_PRECONDITION_QR_EIG
        || (o->precondition == HZGSVD_PRECONDITION_AUTO && n >= HZGSVD__BAT_PRE_AUTO_N && o->max_sweeps >= 2);
#endif
}

/* The start's part of the caller's workspace, after the kernel's (offsets from the workspace's
 * start, 256-byte aligned; pure arithmetic, so the workspace query needs no device): A (batch
 * n x n: F^H F, then C, then Z0, kept until Z = Z0 Z1), the pointer array of A, the info of potrf
 * and of the eigensolver, the verdicts (1: started from Z0) and growths.  The scratch of one chunk
 * of pairs -- B (L), lambda, B's pointer array, the eigensolver's workspace -- is allocated by the
 * call on its stream (hzgsvd__bat_pre_scratch_get) once cuSOLVER has said its size: where it cannot
 * be had, the batch keeps the plain start. */
typedef struct hzgsvd__bat_pre_plan {
    size_t a_off, pa_off, info_off, flag_off, growth_off, bytes;
    int chunk;
    int eig;   /* the route (HZGSVD__BAT_EIG_*), read once a call by hzgsvd__bat_pre_plan_of */
    int own;   /* eig == HZGSVD__BAT_EIG_OWN: Z0 by hzgsvd__bat_pre_own, else by the library chain */
} hzgsvd__bat_pre_plan;

/* ---- kernels ---------------------------------------------------------------------------------- */

typedef struct hzgsvd__bat_pre_args {
    int es, m_f, m_g, n, ldf, ldg, ldz;
    long long batch, sF, sG, sZ;             /* strides in elements (complex elements for F, G, Z) */
    double *F, *G, *Z;                       /* the caller's arrays (complex: interleaved) */
    double *z0;                              /* batch x es n n (ld n) */
    const int *info;                         /* 2 batch: potrf's, then the eigensolver's */
    int *flag;                               /* batch: 1 where the pair starts from Z0 */
    double *growth;                          /* batch: the trust test's measure (0 where not computed) */
} hzgsvd__bat_pre_args;

/* A pointer array of the batched calls: P[p] = base + p stride (p < count). */
HZGSVD_PRIVATE __global__ void hzgsvd__bat_pre_ptrs(double **P, double *base, long long stride, long long count)
{
    for (long long p = blockIdx.x * (long long)blockDim.x + threadIdx.x; p < count; p += (long long)gridDim.x * blockDim.x) P[p] = base + p * stride;
}

/* The block's maximum of v (>= 0, NaN as +inf), the same in every thread; red: 32 doubles. */
HZGSVD_PRIVATE __device__ double hzgsvd__bat_pre_block_max(double v, double *red)
{
    if (!(v <= DBL_MAX)) v = HUGE_VAL;
    v = hzgsvd__bat_item_max(v, 32);
    const int w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    __syncthreads();
    if ((threadIdx.x & 31) == 0) red[w] = v;
    __syncthreads();
    v = 0.0;
    for (int i = 0; i < nw; ++i) v = fmax(v, red[i]);
    return v;
}

/* Row i of M (m rows, ld ES ld) times zs (ES n n, ld n) for the lane's warp's columns j = warp + q nw
 * (q < HZGSVD__BAT_PRE_COLS), re and im interleaved (2 HZGSVD__BAT_PRE_COLS doubles each): PLAIN the
 * plain products into plain (the trust test's), EXACT the Dot2 sums into exact (the product F Z0).
 * The two kinds are independent sums, so one pass giving both gives each the bits it gives alone.
 * Every q is computed (a column beyond n as column n - 1, never stored): with no branch between
 * them the columns' dependent Dot2 chains interleave (a break per column left each chain's latency
 * bare: 3.5 ms for 10^4 real n = 32 pairs staged, 1.9 ms without it; session 25). */
template <int PLAIN, int EXACT, int ES>
__device__ __forceinline__ void hzgsvd__bat_pre_rows(const double *M, int ld, int m, int n, const double *zs, int i, double *plain, double *exact)
{
    const int w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    double p[2 * HZGSVD__BAT_PRE_COLS], s[2 * HZGSVD__BAT_PRE_COLS], c[2 * HZGSVD__BAT_PRE_COLS];
#pragma unroll
    for (int k = 0; k < 2 * HZGSVD__BAT_PRE_COLS; ++k) { p[k] = 0.0; s[k] = 0.0; c[k] = 0.0; }
    if (i < m)
        for (int k = 0; k < n; ++k) {
            const double xr = M[(size_t)ES * (i + (size_t)k * ld)], xi = ES == 2 ? M[(size_t)ES * (i + (size_t)k * ld) + 1] : 0.0;
#pragma unroll
            for (int q = 0; q < HZGSVD__BAT_PRE_COLS; ++q) {
                const int j = w + q * nw < n ? w + q * nw : n - 1;
                const double yr = zs[(size_t)ES * (k + (size_t)j * n)];
                if (ES == 1) {
                    if (EXACT) hzgsvd__bat_dot2_step(xr, yr, &s[q], &c[q]);
                    if (PLAIN) p[q] += xr * yr;
                    continue;
                }
                const double yi = zs[(size_t)ES * (k + (size_t)j * n) + 1];
                if (EXACT) {
                    hzgsvd__bat_dot2_step(xr, yr, &s[2 * q], &c[2 * q]);
                    hzgsvd__bat_dot2_step(-xi, yi, &s[2 * q], &c[2 * q]);
                    hzgsvd__bat_dot2_step(xr, yi, &s[2 * q + 1], &c[2 * q + 1]);
                    hzgsvd__bat_dot2_step(xi, yr, &s[2 * q + 1], &c[2 * q + 1]);
                }
                if (PLAIN) {
                    p[2 * q] += xr * yr - xi * yi;
                    p[2 * q + 1] += xr * yi + xi * yr;
                }
            }
        }
#pragma unroll
    for (int k = 0; k < 2 * HZGSVD__BAT_PRE_COLS; ++k) {
        if (PLAIN) plain[k] = p[k];
        if (EXACT) exact[k] = s[k] + c[k];
    }
}

/* acc[q] += |r_q|^2 over the warp's columns (the trust test's sums, a lane's rows in row order). */
__device__ __forceinline__ void hzgsvd__bat_pre_square(const double *r, int es, double *acc)
{
    for (int q = 0; q < HZGSVD__BAT_PRE_COLS; ++q) acc[q] += es == 1 ? r[q] * r[q] : r[2 * q] * r[2 * q] + r[2 * q + 1] * r[2 * q + 1];
}

/* Row i of M (ld es ld) <- the lane's products r (its warp's columns). */
__device__ __forceinline__ void hzgsvd__bat_pre_put(double *M, int ld, int m, int n, int es, int i, const double *r)
{
    const int w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    if (i < m)
        for (int q = 0; q < HZGSVD__BAT_PRE_COLS && w + q * nw < n; ++q) {
            const size_t at = (size_t)es * (i + (size_t)(w + q * nw) * ld);
            M[at] = es == 1 ? r[q] : r[2 * q];
            if (es == 2) M[at + 1] = r[2 * q + 1];
        }
}

/* sum of squares of M z0_j over M's rows into acc[q] (the warp's columns; the sum over the lanes is
 * the caller's): plain products, for the trust test. */
template <int ES>
__device__ void hzgsvd__bat_pre_norms(const double *M, int ld, int m, int n, const double *zs, double *acc)
{
    for (int i0 = 0; i0 < m; i0 += 32) {
        double r[2 * HZGSVD__BAT_PRE_COLS];
        hzgsvd__bat_pre_rows<1, 0, ES>(M, ld, m, n, zs, i0 + (int)(threadIdx.x & 31), r, NULL);
        hzgsvd__bat_pre_square(r, ES, acc);
    }
}

/* M <- M zs in place, by chunks of 32 rows: every warp reads the chunk's rows before any writes them. */
template <int ES>
__device__ void hzgsvd__bat_pre_times(double *M, int ld, int m, int n, const double *zs)
{
    for (int i0 = 0; i0 < m; i0 += 32) {
        const int i = i0 + (int)(threadIdx.x & 31);
        double r[2 * HZGSVD__BAT_PRE_COLS];
        hzgsvd__bat_pre_rows<0, 1, ES>(M, ld, m, n, zs, i, NULL, r);
        __syncthreads();
        hzgsvd__bat_pre_put(M, ld, m, n, ES, i, r);
    }
}

/* Both at once on a staged M (shared memory, ld m): the trust test's sums into acc as
 * hzgsvd__bat_pre_norms gives them, and M <- M zs in place as hzgsvd__bat_pre_times (M's rows read
 * once, from shared memory, instead of twice from the caller's arrays). */
template <int ES>
__device__ void hzgsvd__bat_pre_pass(double *M, int m, int n, const double *zs, double *acc)
{
    for (int i0 = 0; i0 < m; i0 += 32) {
        const int i = i0 + (int)(threadIdx.x & 31);
        double r[2 * HZGSVD__BAT_PRE_COLS], x[2 * HZGSVD__BAT_PRE_COLS];
        hzgsvd__bat_pre_rows<1, 1, ES>(M, m, m, n, zs, i, r, x);
        hzgsvd__bat_pre_square(r, ES, acc);
        __syncthreads();
        hzgsvd__bat_pre_put(M, m, m, n, ES, i, x);
    }
}

/* m x n of Y (ld es ld) into or out of X (ld es m), all threads (out: X into Y). */
HZGSVD_PRIVATE __device__ void hzgsvd__bat_pre_stage(double *Y, int ld, int m, int n, int es, double *X, int out)
{
    const int col = es * m, dr = (int)blockDim.x % col, dc = (int)blockDim.x / col;
    for (int e = (int)threadIdx.x % col, j = (int)threadIdx.x / col; j < n; hzgsvd__bat_start_step_rect(col, dr, dc, &e, &j)) {
        double *y = Y + (size_t)es * j * ld + e, *x = X + (size_t)j * col + e;
        if (out) *y = *x;
        else *x = *y;
    }
}

/* Whether hzgsvd__bat_pre_apply stages the pair's F and G in shared memory, and its dynamic shared
 * memory in bytes: es n n + n doubles, with es (m_f + m_g) n more where staged (up to
 * HZGSVD__BAT_PRE_STAGE_BYTES: staged, complex n = 32, m = 64 takes 80 KB, two blocks an SM, and
 * its first version ran 0.82x as fast as unstaged; docs/PERFORMANCE.md, step 9). */
#ifndef HZGSVD__BAT_PRE_STAGE_BYTES
#define HZGSVD__BAT_PRE_STAGE_BYTES (64 * 1024)
#endif
HZGSVD_PRIVATE size_t hzgsvd__bat_pre_apply_smem(int cplx, int m_f, int m_g, int n, int *staged)
{
    const size_t es = cplx ? 2 : 1, base = sizeof(double) * (es * (size_t)n * n + (size_t)n);
    const size_t all = base + sizeof(double) * es * ((size_t)m_f + (size_t)m_g) * (size_t)n;
    *staged = all <= HZGSVD__BAT_PRE_STAGE_BYTES;
    return *staged ? all : base;
}

/* Per pair (a block each, hzgsvd__bat_pre_threads(n) threads; dynamic shared memory
 * hzgsvd__bat_pre_apply_smem): Z0's columns reversed into shared memory and back, the checks and the
 * trust test, then F <- F Z0 and G <- G Z0 where they pass (flag 1), else the pair as it came
 * (flag 0).  STAGED: F and G copied into shared memory first, the trust test's sums and the products
 * in one pass there, the products copied back where the pair passes; otherwise both passes on the
 * caller's arrays.  Both give the same bits. */
template <int STAGED, int ES>
__global__ void hzgsvd__bat_pre_apply(hzgsvd__bat_pre_args a)
{
    extern __shared__ double zs[];
    __shared__ double red[32];
    const int n = a.n, es = ES, w = threadIdx.x >> 5, nw = blockDim.x >> 5, lane = threadIdx.x & 31;
    double *dk = zs + (size_t)es * n * n;   /* n: ||F_k||^2 + ||G_k||^2 */
    double *sF = dk + n, *sG = sF + (size_t)es * a.m_f * n;   /* STAGED: F and G (ld m_f, m_g) */
    for (long long p = blockIdx.x; p < a.batch; p += gridDim.x) {
        double *z0 = a.z0 + p * es * (long long)n * n, *F = a.F + p * es * a.sF, *G = a.G + p * es * a.sG;
        const double *MF = STAGED ? sF : F, *MG = STAGED ? sG : G;
        const int lf = STAGED ? a.m_f : a.ldf, lg = STAGED ? a.m_g : a.ldg;
        __syncthreads();   /* the previous pair's last reads of zs (and of sF, sG) */
        int bad = a.info[p] != 0 || a.info[a.batch + p] != 0;
        for (int t = threadIdx.x; t < n * n; t += blockDim.x) {
            const int k = t % n, j = t / n;
            for (int e = 0; e < es; ++e) {
                const double v = z0[(size_t)es * (k + (size_t)(n - 1 - j) * n) + e];
                zs[(size_t)es * t + e] = v;
                bad |= !(fabs(v) <= DBL_MAX);
            }
        }
        bad = __syncthreads_or(bad);
        for (int t = threadIdx.x; t < es * n * n; t += blockDim.x) z0[t] = zs[t];   /* Z0 reversed, for hzgsvd__bat_pre_z */
        double growth = 0.0;
        if (!bad) {
            if (STAGED) {
                hzgsvd__bat_pre_stage(F, a.ldf, a.m_f, n, es, sF, 0);
                hzgsvd__bat_pre_stage(G, a.ldg, a.m_g, n, es, sG, 0);
                __syncthreads();
            }
            for (int k = w; k < n; k += nw) {   /* d_k^2, a warp a column */
                double v = 0.0;
                for (int i = lane; i < es * a.m_f; i += 32) v += MF[(size_t)es * k * lf + i] * MF[(size_t)es * k * lf + i];
                for (int i = lane; i < es * a.m_g; i += 32) v += MG[(size_t)es * k * lg + i] * MG[(size_t)es * k * lg + i];
                v = hzgsvd__warp_sum(v);
                if (lane == 0) dk[k] = v;
            }
            double acc[HZGSVD__BAT_PRE_COLS];
            for (int q = 0; q < HZGSVD__BAT_PRE_COLS; ++q) acc[q] = 0.0;
            if (STAGED) {
                __syncthreads();   /* dk read F and G before the pass writes them */
                hzgsvd__bat_pre_pass<ES>(sF, a.m_f, n, zs, acc);
                hzgsvd__bat_pre_pass<ES>(sG, a.m_g, n, zs, acc);
            } else {
                hzgsvd__bat_pre_norms<ES>(F, a.ldf, a.m_f, n, zs, acc);
                hzgsvd__bat_pre_norms<ES>(G, a.ldg, a.m_g, n, zs, acc);
            }
            __syncthreads();   /* dk (and the staged products) */
            double mine = 0.0;
            for (int q = 0; q < HZGSVD__BAT_PRE_COLS && w + q * nw < n; ++q) {
                const int j = w + q * nw;
                const double v = hzgsvd__warp_sum(acc[q]);
                double d = 0.0;
                for (int k = 0; k < n; ++k) {
                    const double zr = zs[(size_t)es * (k + (size_t)j * n)], zi = es == 2 ? zs[(size_t)es * (k + (size_t)j * n) + 1] : 0.0;
                    d += dk[k] * (zr * zr + zi * zi);
                }
                const double g = v > 0.0 ? sqrt(d / v) : HUGE_VAL;
                mine = fmax(mine, g != g ? HUGE_VAL : g);
            }
            growth = hzgsvd__bat_pre_block_max(mine, red);
            bad = !(growth <= HZGSVD__PRECONDITION_GROWTH);
        }
        if (threadIdx.x == 0) { a.flag[p] = !bad; a.growth[p] = growth <= DBL_MAX ? growth : DBL_MAX; }
        if (bad) continue;   /* the same in every thread */
        if (STAGED) {
            hzgsvd__bat_pre_stage(F, a.ldf, a.m_f, n, es, sF, 1);
            hzgsvd__bat_pre_stage(G, a.ldg, a.m_g, n, es, sG, 1);
        } else {
            hzgsvd__bat_pre_times<ES>(F, a.ldf, a.m_f, n, zs);
            hzgsvd__bat_pre_times<ES>(G, a.ldg, a.m_g, n, zs);
        }
    }
}

/* Z = Z0 Z1 per started pair (Z1 the caller's Z from the kernel or the one-pair path), a block a
 * pair, dynamic shared memory 2 es n n doubles; pairs with flag 0 keep Z1. */
HZGSVD_PRIVATE __global__ void hzgsvd__bat_pre_z(hzgsvd__bat_pre_args a)
{
    extern __shared__ double zs[];
    const int n = a.n, es = a.es;
    double *z1 = zs + (size_t)es * n * n;
    for (long long p = blockIdx.x; p < a.batch; p += gridDim.x) {
        if (!a.flag[p]) continue;   /* the same in every thread */
        const double *z0 = a.z0 + p * es * (long long)n * n;
        double *Z = a.Z + p * es * a.sZ;
        __syncthreads();
        for (int t = threadIdx.x; t < n * n; t += blockDim.x) {
            const int k = t % n, j = t / n;
            for (int e = 0; e < es; ++e) { zs[(size_t)es * t + e] = z0[(size_t)es * t + e]; z1[(size_t)es * t + e] = Z[(size_t)es * (k + (size_t)j * a.ldz) + e]; }
        }
        __syncthreads();
        for (int t = threadIdx.x; t < n * n; t += blockDim.x) {
            const int i = t % n, j = t / n;
            double re = 0.0, im = 0.0;
            for (int k = 0; k < n; ++k) {
                const size_t x = (size_t)es * (i + (size_t)k * n), y = (size_t)es * (k + (size_t)j * n);
                if (es == 1) { re += zs[x] * z1[y]; continue; }
                re += zs[x] * z1[y] - zs[x + 1] * z1[y + 1];
                im += zs[x] * z1[y + 1] + zs[x + 1] * z1[y];
            }
            Z[(size_t)es * (i + (size_t)j * a.ldz)] = re;
            if (es == 2) Z[(size_t)es * (i + (size_t)j * a.ldz) + 1] = im;
        }
    }
}

/* ---- the start's Jacobi solver on one warp (templates/hzgsvd_batched_start.h, "the Jacobi
 * eigensolver"; hzgsvd__bat_jac_host is its host twin, the same bits) ---------------------------- */

/* A lane's row of W: NE doubles in registers (SH 0), or its row of shared memory (SH 1,
 * hzgsvd__bat_jac_w_shared).  Indices known when compiled keep the registers' kind in registers. */
template <int NE, int SH>
struct hzgsvd__bat_jac_wrow {
    double v[NE];
    __device__ __forceinline__ void init(double *) {}
    __device__ __forceinline__ double &operator[](int i) { return v[i]; }
};
template <int NE>
struct hzgsvd__bat_jac_wrow<NE, 1> {
    double *p;
    __device__ __forceinline__ void init(double *row) { p = row; }
    __device__ __forceinline__ double &operator[](int i) { return p[i]; }
};

/* The step's renaming b <- M b (hzgsvd__bat_jac_next) of a lane's entries v[ES b .. ES b + ES - 1]:
 * LANES 1, C's row, from lane src (row M x: the move, by shuffles); LANES 0, W's row, the lane's own
 * (its columns renamed, the rows stay).  In place along M's one cycle through the nonzero b (b = 1,
 * M 1, M^2 1, ...: each entry read before it is overwritten, the first kept); entry 0 is fixed. */
template <int NN, int ES, int LANES, class V>
__device__ __forceinline__ void hzgsvd__bat_jac_cycle(V &v, int src)
{
    if (LANES)
#pragma unroll
        for (int e = 0; e < ES; ++e) v[e] = __shfl_sync(0xffffffffu, v[e], src, NN);
    double keep[ES];
#pragma unroll
    for (int e = 0; e < ES; ++e) keep[e] = v[ES + e];
    int b = 1;
#pragma unroll
    for (int j = 0; j < NN - 1; ++j) {
        const int nb = hzgsvd__bat_jac_next(NN, b);
#pragma unroll
        for (int e = 0; e < ES; ++e) {
            const double x = nb == 1 ? keep[e] : v[ES * nb + e];
            v[ES * b + e] = LANES ? __shfl_sync(0xffffffffu, x, src, NN) : x;
        }
        b = nb;
    }
}

/* One step on lane `lane` (row x = lane mod NN of its segment's pair, S that pair's shared memory):
 * the rotations of the pivots (x, x ^ 1) into the slots, C <- C J, W <- W J, C <- J^H C, the move.
 * A segment whose pair is done (`done`) shuffles and moves with the others but changes nothing (the
 * moves are permutations: a sweep of them is the identity).  Where a rotation was big
 * (hzgsvd__bat_jac_rotation's 2), *big = 1. */
template <int NN, int CPLX, class WR>
__device__ __forceinline__ void hzgsvd__bat_jac_step(const hzgsvd__bat_start_mem *S, double *r, WR &w, double floor, int lane, int done, int *big)
{
    constexpr int ES = CPLX ? 2 : 1;
    const int x = lane & (NN - 1), p = !(x & 1);
    constexpr int SL = HZGSVD__BAT_JAC_SLOT(CPLX) / 2;   /* a slot in double2s: (c, sr), (c, -sr), complex (si, 0) */
    const double2 *slot = (const double2 *)S->rot;
    const double aqq = __shfl_xor_sync(0xffffffffu, r[0], 1, NN);
    if (!done && p) {
        double rot[3];
        *big |= hzgsvd__bat_jac_rotation(CPLX, r[0], aqq, r[ES], CPLX ? r[ES + 1] : 0.0, floor, rot) == 2;
        double2 *out = (double2 *)S->rot + SL * (x >> 1);
        out[0] = make_double2(rot[0], rot[1]);
        out[1] = make_double2(rot[0], -rot[1]);
        if (CPLX) out[2] = make_double2(rot[2], 0.0);
    }
    __syncwarp();
    if (!done) {
#pragma unroll
        for (int a = 0; a < NN; a += 2) {   /* columns a, a + 1: the pivot of lane x ^ a, l = -sr where the lane is p */
            const int k = (x ^ a) >> 1;
            const double2 cs = slot[SL * k + p];
            hzgsvd__bat_jac_col(CPLX, cs.x, cs.y, CPLX ? slot[SL * k + 2].x : 0.0, &r[ES * a], &r[ES * (a + 1)]);
        }
#pragma unroll
        for (int k = 0; k < NN / 2; ++k) {   /* W's column 2 k is pivot k's p */
            const double2 cs = slot[SL * k + 1];
            hzgsvd__bat_jac_col(CPLX, cs.x, cs.y, CPLX ? slot[SL * k + 2].x : 0.0, &w[ES * 2 * k], &w[ES * (2 * k + 1)]);
        }
    }
    const double2 cs = slot[SL * (x >> 1) + p];   /* tau = conj(l) */
    const double c = cs.x, tr = cs.y, ti = CPLX ? -slot[SL * (x >> 1) + 2].x : 0.0;
#pragma unroll
    for (int a = 0; a < NN; a += 2) {   /* the partner's entries a ^ 1, both fetched before either is rotated */
        double y0[ES], y1[ES];
#pragma unroll
        for (int e = 0; e < ES; ++e) {
            y0[e] = __shfl_xor_sync(0xffffffffu, r[ES * (a + 1) + e], 1, NN);
            y1[e] = __shfl_xor_sync(0xffffffffu, r[ES * a + e], 1, NN);
        }
        if (!done) {
            hzgsvd__bat_jac_row(CPLX, c, tr, ti, &r[ES * a], y0);
            hzgsvd__bat_jac_row(CPLX, c, tr, ti, &r[ES * (a + 1)], y1);
        }
    }
    if (CPLX && !done) r[1] = 0.0;
    __syncwarp();   /* the slots read before the next step writes them */
    hzgsvd__bat_jac_cycle<NN, ES, 1>(r, hzgsvd__bat_jac_next(NN, x));
    hzgsvd__bat_jac_cycle<NN, ES, 0>(w, 0);
}

/* C = W Lambda W^H for the 32 / NN pairs of one warp, a segment of NN lanes each (lane `lane`, S
 * its segment's pair, nn = NN = hzgsvd__bat_jac_order(S->n)); a segment with `skip` (no pair, or
 * one without a Cholesky factor) shuffles and moves with the others but changes no value of its pair.  W into S->W, Lambda into C's diagonal; the sweeps
 * of the lane's pair, each pair's sweeps ending on its own (hzgsvd__bat_jac_host's bits). */
template <int NN, int CPLX>
__device__ __forceinline__ int hzgsvd__bat_jac_warp(const hzgsvd__bat_start_mem *S, int lane, int skip)
{
    constexpr int ES = CPLX ? 2 : 1, NE = ES * NN, SH = CPLX && NN >= HZGSVD__BAT_JAC_W_SHARED_NN;
    const int n = S->n, x = lane & (NN - 1), seg = lane / NN;
    const unsigned segmask = (NN == 32 ? 0xffffffffu : (1u << NN) - 1u) << (seg * NN);
    double r[NE];
    hzgsvd__bat_jac_wrow<NE, SH> w;
    const double floor = skip ? 0.0 : hzgsvd__bat_start_floor(S);
#pragma unroll
    for (int a = 0; a < NE; ++a) r[a] = skip ? 0.0 : hzgsvd__bat_jac_load(S, x, a / ES, a % ES);
    __syncwarp();   /* C read: W's rows may overlay it */
    w.init(S->C + (size_t)x * HZGSVD__BAT_JAC_WLD(NN, CPLX));
#pragma unroll
    for (int a = 0; a < NE; ++a) w[a] = a == ES * x ? 1.0 : 0.0;
    int sweeps = 0, done = skip;
    while (__any_sync(0xffffffffu, !done)) {
        int big = 0;
#pragma unroll 1   /* a sweep unrolled (the moves' renames then free) ran 0.7-1.0x: the code outgrew the instruction cache */
        for (int t = 0; t < NN - 1; ++t) hzgsvd__bat_jac_step<NN, CPLX>(S, r, w, floor, lane, done, &big);
        const int more = (__ballot_sync(0xffffffffu, big) & segmask) != 0;
        if (!done) {   /* quadratic convergence: what it rotated is now near u */
            ++sweeps;
            done = !more || sweeps == HZGSVD__BAT_START_SWEEPS;
        }
    }
    if (!skip && x < n) {
#pragma unroll
        for (int y = 0; y < NN; ++y)
            if (y < n)
#pragma unroll
                for (int e = 0; e < ES; ++e) hzgsvd__bat_start_at(S, S->W, x, y)[e] = w[ES * y + e];
    }
    __syncwarp();   /* W's rows read before C's diagonal is written over them */
    if (!skip && x < n) {
        double *d = hzgsvd__bat_start_at(S, S->C, x, x);
        d[0] = r[0];
        if (CPLX) d[1] = 0.0;
    }
    return sweeps;
}

/* The own start (templates/hzgsvd_batched_start.h), a group of 32 / NN pairs a block (NN =
 * hzgsvd__bat_jac_order(n), CPLX = (es == 2)): the block takes each pair's Gram matrices, Cholesky
 * factor and C in turn, warp 0 the Jacobi solver of all of them at once (a segment of NN lanes a
 * pair), then the block each pair's Z0.  NN = 0 (9 <= n <= 12, hzgsvd__bat_start_block_solver):
 * one pair a block, the whole block running the block solver.  Above HZGSVD__BAT_PRE_OWN_N (only
 * with HZGSVD_GPU_BATCHED_EIG=own) the instances nn = 16 complex and nn = 32 spill a few registers
 * (up to 160 bytes a thread; docs/PERFORMANCE.md, step 8).  Blocks of at least one warp (hzgsvd__bat_start_threads(n))
 * and hzgsvd__bat_pre_own_smem(n, cplx) bytes of dynamic shared memory.  Z0 into z0 (columns by
 * ascending eigenvalue, as the library chain's), the Cholesky factor's and the eigenvalues'
 * verdicts into info and info + batch (as potrf's and the eigensolver's).  Reads F and G only.
 * Launched by hzgsvd__bat_pre_own_launch. */
#ifndef HZGSVD__BAT_PRE_OWN_BOUNDS
#define HZGSVD__BAT_PRE_OWN_BOUNDS 256   /* the most threads of its block (test_gpu_batched runs 256) */
#endif
#ifndef HZGSVD__BAT_PRE_OWN_MIN_BLOCKS
#define HZGSVD__BAT_PRE_OWN_MIN_BLOCKS 1
#endif
template <int NN, int CPLX>
__global__ void __launch_bounds__(HZGSVD__BAT_PRE_OWN_BOUNDS, HZGSVD__BAT_PRE_OWN_MIN_BLOCKS) hzgsvd__bat_pre_own(hzgsvd__bat_pre_args a, int *info)
{
    constexpr int K = NN ? HZGSVD__BAT_JAC_LANES / NN : 1;
    extern __shared__ double sh[];
    const long long es = CPLX ? 2 : 1, nsq = (long long)a.n * a.n;
    const int n = a.n, tid = (int)threadIdx.x, nt = (int)blockDim.x;
    const size_t per = hzgsvd__bat_start_doubles(n, CPLX);
    for (long long g = (long long)blockIdx.x * K; g < a.batch; g += (long long)gridDim.x * K) {
        __syncthreads();   /* the previous group's last reads of sh */
#pragma unroll 1
        for (int j = 0; j < K; ++j) {   /* each pair's C, or its Cholesky verdict (-1: no pair) into key[n + 1] */
            const long long p = g + j;
            const hzgsvd__bat_start_mem S = hzgsvd__bat_start_mem_of(sh + j * per, n, CPLX);
            const int chol = p < a.batch ? hzgsvd__bat_start_front(&S, a.F + p * es * a.sF, a.ldf, a.m_f, a.G + p * es * a.sG, a.ldg, a.m_g, tid, nt) : -1;
            if (tid == 0) S.key[n + 1] = chol;
        }
        __syncthreads();
        if (NN == 0) {   /* the block solver, every thread (K = 1) */
            const hzgsvd__bat_start_mem S = hzgsvd__bat_start_mem_of(sh, n, CPLX);
            if (S.key[n + 1] == 0) (void)hzgsvd__bat_start_jacobi(&S, tid, nt);
        } else if (tid < 32) {
            const hzgsvd__bat_start_mem S = hzgsvd__bat_start_mem_of(sh + (tid / (NN ? NN : 1)) * per, n, CPLX);
            (void)hzgsvd__bat_jac_warp<NN ? NN : 2, CPLX>(&S, tid, S.key[n + 1] != 0);
        }
        __syncthreads();
#pragma unroll 1
        for (int j = 0; j < K; ++j) {
            const long long p = g + j;
            const hzgsvd__bat_start_mem S = hzgsvd__bat_start_mem_of(sh + j * per, n, CPLX);
            const int chol = S.key[n + 1];
            if (chol < 0) continue;
            const int eig = chol ? 0 : hzgsvd__bat_start_back(&S, a.z0 + p * es * nsq, tid, nt);
            if (tid == 0) { info[p] = chol; info[a.batch + p] = eig; }
        }
    }
}

/* hzgsvd__bat_pre_own's pairs a block (a group) and its dynamic shared memory in bytes. */
HZGSVD_PRIVATE int hzgsvd__bat_pre_own_group(int n)
{
    return hzgsvd__bat_start_block_solver(n) ? 1 : HZGSVD__BAT_JAC_LANES / hzgsvd__bat_jac_order(n);
}
HZGSVD_PRIVATE size_t hzgsvd__bat_pre_own_smem(int n, int cplx)
{
    return sizeof(double) * hzgsvd__bat_start_doubles(n, cplx) * (size_t)hzgsvd__bat_pre_own_group(n);
}

/* hzgsvd__bat_pre_own's block: one warp.  The Jacobi solver takes one warp; the other phases are
 * short, so small blocks, many of them an SM, keep it busy (blocks of 256 threads, two an SM by
 * their registers, left it waiting on every barrier: session 23's device run 1).  No bit depends
 * on it (test_gpu_batched runs 32, 64 and 256). */
HZGSVD_PRIVATE int hzgsvd__bat_start_threads(int n)
{
    (void)n;
    return 32;
}

/* hzgsvd__bat_pre_own for a's kind and order (n <= HZGSVD__BAT_START_MAX_N), its dynamic shared
 * memory allowed, launched on `stream`: one block a group of pairs (hzgsvd__bat_pre_own_group), at
 * most max_grid blocks (they loop over the groups), of `threads` threads (a multiple of 32, at most
 * HZGSVD__BAT_PRE_OWN_BOUNDS). */
HZGSVD_PRIVATE cudaError_t hzgsvd__bat_pre_own_launch(const hzgsvd__bat_pre_args *a, int *info, int max_grid, int threads, cudaStream_t stream)
{
    typedef void (*kernel)(hzgsvd__bat_pre_args, int *);
    const int cplx = a->es == 2, nn = hzgsvd__bat_start_block_solver(a->n) ? 0 : hzgsvd__bat_jac_order(a->n), group = hzgsvd__bat_pre_own_group(a->n);
    const size_t smem = hzgsvd__bat_pre_own_smem(a->n, cplx);
    const long long groups = (a->batch + group - 1) / group;
    const int grid = groups < max_grid ? (int)groups : max_grid;
    kernel k = NULL;
    switch (nn) {
    case 0: k = cplx ? hzgsvd__bat_pre_own<0, 1> : hzgsvd__bat_pre_own<0, 0>; break;   /* the block solver */
    case 2: k = cplx ? hzgsvd__bat_pre_own<2, 1> : hzgsvd__bat_pre_own<2, 0>; break;
    case 4: k = cplx ? hzgsvd__bat_pre_own<4, 1> : hzgsvd__bat_pre_own<4, 0>; break;
    case 8: k = cplx ? hzgsvd__bat_pre_own<8, 1> : hzgsvd__bat_pre_own<8, 0>; break;
    case 16: k = cplx ? hzgsvd__bat_pre_own<16, 1> : hzgsvd__bat_pre_own<16, 0>; break;
    case 32: k = cplx ? hzgsvd__bat_pre_own<32, 1> : hzgsvd__bat_pre_own<32, 0>; break;
    default: return cudaErrorInvalidValue;
    }
    if (grid < 1) return cudaSuccess;
    cudaError_t e = cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    if (e != cudaSuccess) return e;
    k<<<grid, threads, smem, stream>>>(*a, info);
    return cudaGetLastError();
}

/* ---- host ------------------------------------------------------------------------------------- */

/* The start's eigensolver: the own start (hzgsvd__bat_pre_own) for n <= HZGSVD__BAT_PRE_OWN_N, the
 * library chain with syevjBatched / heevjBatched up to n = 32, with XsyevBatched above.
 * HZGSVD_GPU_BATCHED_EIG, for measurements side by side (the bits differ): "own" the own start up to
 * n = HZGSVD__BAT_START_MAX_N, "syevj" the library chain with syevjBatched / heevjBatched (n <= 32),
 * "xsyev" the chain with XsyevBatched at every n. */
#define HZGSVD__BAT_EIG_OWN 0
#define HZGSVD__BAT_EIG_SYEVJ 1
#define HZGSVD__BAT_EIG_XSYEV 2
HZGSVD_PRIVATE int hzgsvd__bat_pre_eig(int n)
{
    const char *env = getenv("HZGSVD_GPU_BATCHED_EIG");
    const int asked_own = env && !strcmp(env, "own"), syevj = env && !strcmp(env, "syevj"), xsyev = env && !strcmp(env, "xsyev");
    const int own = asked_own ? HZGSVD__BAT_START_MAX_N : syevj || xsyev ? 0 : HZGSVD__BAT_PRE_OWN_N;
    if (n <= own) return HZGSVD__BAT_EIG_OWN;
    return n <= 32 && !xsyev ? HZGSVD__BAT_EIG_SYEVJ : HZGSVD__BAT_EIG_XSYEV;
}

/* The start's part of the workspace from byte base on (pure arithmetic). */
HZGSVD_PRIVATE void hzgsvd__bat_pre_plan_of(int cplx, int n, int batch, size_t base, hzgsvd__bat_pre_plan *q)
{
    const size_t es = cplx ? 2 : 1, nb = batch > 0 ? (size_t)batch : 1;
    q->chunk = batch < HZGSVD__BAT_PRE_CHUNK ? (batch > 0 ? batch : 1) : HZGSVD__BAT_PRE_CHUNK;
    q->eig = hzgsvd__bat_pre_eig(n);
    q->own = q->eig == HZGSVD__BAT_EIG_OWN;
    q->a_off = hzgsvd__bat_align(base);
    q->pa_off = q->a_off + hzgsvd__bat_align(sizeof(double) * es * (size_t)n * n * nb);
    q->info_off = q->pa_off + hzgsvd__bat_align(sizeof(double *) * nb);
    q->flag_off = q->info_off + hzgsvd__bat_align(sizeof(int) * 2 * nb);
    q->growth_off = q->flag_off + hzgsvd__bat_align(sizeof(int) * nb);
    q->bytes = q->growth_off + hzgsvd__bat_align(sizeof(double) * nb) - base;
}

/* The kernels' arguments for the batch b and the plan q. */
HZGSVD_PRIVATE hzgsvd__bat_pre_args hzgsvd__bat_pre_args_of(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work)
{
    hzgsvd__bat_pre_args a;
    a.es = b->cplx ? 2 : 1; a.m_f = b->m_f; a.m_g = b->m_g; a.n = b->n; a.ldf = b->ldf; a.ldg = b->ldg; a.ldz = b->ldz;
    a.batch = b->batch; a.sF = b->sF; a.sG = b->sG; a.sZ = b->sZ;
    a.F = b->F; a.G = b->G; a.Z = b->Z;
    a.z0 = (double *)(work + q->a_off);
    a.info = (const int *)(work + q->info_off);
    a.flag = (int *)(work + q->flag_off);
    a.growth = (double *)(work + q->growth_off);
    return a;
}

#ifndef HZGSVD_GPU_NO_CUSOLVER

/* cuBLAS and cuSOLVER handles of one device, made at a host thread's first batched start there and
 * kept for the thread's later calls, destroyed when the thread ends (HZGSVD__BAT_PRE_DEVICES
 * devices; above, made and destroyed per call).  A kept pair that fails is remade once
 * (hzgsvd__bat_run: a context reset leaves them dangling). */
#define HZGSVD__BAT_PRE_DEVICES 16
/* The scratch's pool (kept handles only) keeps up to this much device memory between calls: from
 * the device's default pool (release threshold 0) every call mapped its tens of MB afresh, 1.0-1.16x
 * slower at n = 16, 32 (device run 8 of session 22).  NULL where the pool could not be made, and
 * after an allocation from it failed (a context reset leaves it dangling; out of memory, its cache
 * goes with it): the default pool then. */
#define HZGSVD__BAT_PRE_POOL_KEEP ((unsigned long long)256 << 20)
typedef struct hzgsvd__bat_handles {
    cublasHandle_t blas;
    cusolverDnHandle_t sol;
    cusolverDnParams_t par;
    syevjInfo_t sj;
    cudaMemPool_t pool;
} hzgsvd__bat_handles;

/* Destroys whatever of h exists (errors ignored: nothing is left to tell them to). */
HZGSVD_PRIVATE void hzgsvd__bat_handles_drop(hzgsvd__bat_handles *h)
{
    if (h->pool) (void)cudaMemPoolDestroy(h->pool);
    if (h->sj) (void)cusolverDnDestroySyevjInfo(h->sj);
    if (h->par) (void)cusolverDnDestroyParams(h->par);
    if (h->sol) (void)cusolverDnDestroy(h->sol);
    if (h->blas) (void)cublasDestroy(h->blas);
    memset(h, 0, sizeof *h);
}

/* This thread's kept handles, one set a device; the destructor runs at the thread's end (for the
 * main thread before the CUDA runtime's own teardown at exit). */
struct hzgsvd__bat_handle_cache {
    hzgsvd__bat_handles h[HZGSVD__BAT_PRE_DEVICES];
    ~hzgsvd__bat_handle_cache()
    {
        for (int d = 0; d < HZGSVD__BAT_PRE_DEVICES; ++d)
            if (h[d].blas || h[d].sol) { (void)cudaSetDevice(d); hzgsvd__bat_handles_drop(&h[d]); }
    }
};

HZGSVD_PRIVATE hzgsvd__bat_handles *hzgsvd__bat_handles_kept(int dev)
{
    static thread_local hzgsvd__bat_handle_cache cache;
    return dev >= 0 && dev < HZGSVD__BAT_PRE_DEVICES ? &cache.h[dev] : NULL;
}

/* The scratch's pool on device dev, or NULL (the default pool serves then). */
HZGSVD_PRIVATE cudaMemPool_t hzgsvd__bat_pool_make(int dev)
{
    cudaMemPool_t pool = NULL;
    cudaMemPoolProps props;
    memset(&props, 0, sizeof props);
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = dev;
    if (cudaMemPoolCreate(&pool, &props) != cudaSuccess) { (void)cudaGetLastError(); return NULL; }
    unsigned long long keep = HZGSVD__BAT_PRE_POOL_KEEP;   /* the attribute is a 64-bit unsigned (the driver API's cuuint64_t) */
    if (cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep) != cudaSuccess) {
        (void)cudaGetLastError();
        (void)cudaMemPoolDestroy(pool);
        return NULL;
    }
    return pool;
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_handles_make(hzgsvd__bat_handles *h, int dev, int pooled, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    memset(h, 0, sizeof *h);
    HZGSVD__CUB(cublasCreate(&h->blas));
    HZGSVD__CUS(cusolverDnCreate(&h->sol));
    HZGSVD__CUS(cusolverDnSetDeterministicMode(h->sol, CUSOLVER_DETERMINISTIC_RESULTS));
    HZGSVD__CUS(cusolverDnCreateParams(&h->par));
    HZGSVD__CUS(cusolverDnCreateSyevjInfo(&h->sj));
    h->pool = pooled ? hzgsvd__bat_pool_make(dev) : NULL;
done:
    if (st != HZGSVD_SUCCESS) hzgsvd__bat_handles_drop(h);
    return st;
}

/* The current device's handles (kept, or made in tmp: *temp = 1, the caller drops them), on stream. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_handles_get(cudaStream_t stream, hzgsvd__bat_handles *tmp, hzgsvd__bat_handles **out, int *temp,
                                                     hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    int dev = 0;
    HZGSVD__CU(cudaGetDevice(&dev));
    *out = hzgsvd__bat_handles_kept(dev);
    *temp = *out == NULL;
    if (*temp) *out = tmp;
    if (!(*out)->blas) {
        st = hzgsvd__bat_handles_make(*out, dev, !*temp, info);
        if (st != HZGSVD_SUCCESS) goto done;
    }
    HZGSVD__CUB(cublasSetStream((*out)->blas, stream));
    HZGSVD__CUS(cusolverDnSetStream((*out)->sol, stream));
done:
    return st;
}

/* Drops the current device's kept handles (the next start makes them again). */
HZGSVD_PRIVATE void hzgsvd__bat_handles_forget(void)
{
    int dev = 0;
    if (cudaGetDevice(&dev) != cudaSuccess) { (void)cudaGetLastError(); return; }
    hzgsvd__bat_handles *h = hzgsvd__bat_handles_kept(dev);
    if (h) hzgsvd__bat_handles_drop(h);
}

/* The scratch of one chunk: B, lambda, B's pointer array, the eigensolver's device workspace. */
typedef struct hzgsvd__bat_pre_scratch {
    void *mem, *hwork;
    double *B, *lam, *ws;
    double **pB;
    size_t ws_bytes, host_bytes;
    int lwork;
    int jacobi;   /* 1: syevjBatched/heevjBatched, 0: XsyevBatched (the plan's eig) */
} hzgsvd__bat_pre_scratch;

/* The eigensolver's (eig: the plan's route) workspace sizes for a chunk (cuSOLVER's answer), then
 * one stream-ordered allocation from the kept pool (h->pool; the device's default pool where there
 * is none); *got = 0 (no error) where the device memory cannot be had. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_scratch_get(const hzgsvd__gpu_batch *b, int chunk, int eig, hzgsvd__bat_handles *h, hzgsvd__bat_pre_scratch *x,
                                                         int *got, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int n = b->n;
    const size_t es = b->cplx ? 2 : 1;
    *got = 0;
    x->jacobi = eig == HZGSVD__BAT_EIG_SYEVJ;
    if (x->jacobi) {
        if (b->cplx)
            HZGSVD__CUS(cusolverDnZheevjBatched_bufferSize(h->sol, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, NULL, n, NULL, &x->lwork, h->sj,
                                                           chunk));
        else
            HZGSVD__CUS(cusolverDnDsyevjBatched_bufferSize(h->sol, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, NULL, n, NULL, &x->lwork, h->sj,
                                                           chunk));
        x->ws_bytes = sizeof(double) * es * (size_t)(x->lwork > 0 ? x->lwork : 1);
    } else {
        const cudaDataType t = b->cplx ? CUDA_C_64F : CUDA_R_64F;
        HZGSVD__CUS(cusolverDnXsyevBatched_bufferSize(h->sol, h->par, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, t, NULL, n, CUDA_R_64F, NULL,
                                                      t, &x->ws_bytes, &x->host_bytes, chunk));
    }
    if (x->host_bytes && !(x->hwork = malloc(x->host_bytes))) return HZGSVD_SUCCESS;   /* no host memory: the plain start */
    {
        const size_t bb = hzgsvd__bat_align(sizeof(double) * es * (size_t)n * n * chunk), bl = hzgsvd__bat_align(sizeof(double) * (size_t)n * chunk);
        const size_t bp = hzgsvd__bat_align(sizeof(double *) * (size_t)chunk);
        const size_t bytes = bb + bl + bp + hzgsvd__bat_align(x->ws_bytes ? x->ws_bytes : 1);
        cudaError_t e = cudaErrorMemoryAllocation;
        if (h->pool && (e = cudaMallocFromPoolAsync(&x->mem, bytes, h->pool, b->stream)) != cudaSuccess) {
            (void)cudaGetLastError();
            (void)cudaMemPoolDestroy(h->pool);
            h->pool = NULL;
        }
        if (e != cudaSuccess) e = cudaMallocAsync(&x->mem, bytes, b->stream);
        if (e != cudaSuccess) {
            (void)cudaGetLastError();
            x->mem = NULL;
            return HZGSVD_SUCCESS;
        }
        char *c = (char *)x->mem;
        x->B = (double *)c; x->lam = (double *)(c + bb); x->pB = (double **)(c + bb + bl); x->ws = (double *)(c + bb + bl + bp);
    }
    *got = 1;
done:
    return st;
}

/* The library calls of the start on pairs [c0, c0 + cnt): A = F^H F, B = G^H G = L L^H,
 * C = L^-1 A L^-H, W, and Z0 = L^-H W in A. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_chunk(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work, hzgsvd__bat_handles *h,
                                                   const hzgsvd__bat_pre_scratch *x, int c0, int cnt, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int n = b->n, nb = b->batch;
    const long long es = b->cplx ? 2 : 1, sa = (long long)n * n;
    double **pA = (double **)(work + q->pa_off) + c0, **pB = x->pB, *A = (double *)(work + q->a_off) + es * sa * c0;
    const double *F = b->F + es * b->sF * c0, *G = b->G + es * b->sG * c0;
    int *dinfo = (int *)(work + q->info_off);
    if (b->cplx) {
        const cuDoubleComplex one = make_cuDoubleComplex(1.0, 0.0), zero = make_cuDoubleComplex(0.0, 0.0);
        cuDoubleComplex *const *zA = (cuDoubleComplex *const *)pA;
        const cuDoubleComplex *const *zB = (const cuDoubleComplex *const *)pB;
        HZGSVD__CUB(cublasZgemmStridedBatched(h->blas, CUBLAS_OP_C, CUBLAS_OP_N, n, n, b->m_f, &one, (const cuDoubleComplex *)F, b->ldf, b->sF,
                                              (const cuDoubleComplex *)F, b->ldf, b->sF, &zero, (cuDoubleComplex *)A, n, sa, cnt));
        HZGSVD__CUB(cublasZgemmStridedBatched(h->blas, CUBLAS_OP_C, CUBLAS_OP_N, n, n, b->m_g, &one, (const cuDoubleComplex *)G, b->ldg, b->sG,
                                              (const cuDoubleComplex *)G, b->ldg, b->sG, &zero, (cuDoubleComplex *)x->B, n, sa, cnt));
        HZGSVD__CUS(cusolverDnZpotrfBatched(h->sol, CUBLAS_FILL_MODE_LOWER, n, (cuDoubleComplex **)pB, n, dinfo + c0, cnt));
        HZGSVD__CUB(cublasZtrsmBatched(h->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, n, &one, zB, n, zA, n, cnt));
        HZGSVD__CUB(cublasZtrsmBatched(h->blas, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_C, CUBLAS_DIAG_NON_UNIT, n, n, &one, zB, n, zA, n, cnt));
        if (x->jacobi)
            HZGSVD__CUS(cusolverDnZheevjBatched(h->sol, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, (cuDoubleComplex *)A, n, x->lam,
                                                (cuDoubleComplex *)x->ws, x->lwork, dinfo + nb + c0, h->sj, cnt));
        else
            HZGSVD__CUS(cusolverDnXsyevBatched(h->sol, h->par, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, CUDA_C_64F, A, n, CUDA_R_64F, x->lam,
                                               CUDA_C_64F, x->ws, x->ws_bytes, x->hwork, x->host_bytes, dinfo + nb + c0, cnt));
        HZGSVD__CUB(cublasZtrsmBatched(h->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_C, CUBLAS_DIAG_NON_UNIT, n, n, &one, zB, n, zA, n, cnt));
    } else {
        const double one = 1.0, zero = 0.0;
        const double *const *dB = (const double *const *)pB;
        HZGSVD__CUB(cublasDgemmStridedBatched(h->blas, CUBLAS_OP_T, CUBLAS_OP_N, n, n, b->m_f, &one, F, b->ldf, b->sF, F, b->ldf, b->sF, &zero, A, n, sa,
                                              cnt));
        HZGSVD__CUB(cublasDgemmStridedBatched(h->blas, CUBLAS_OP_T, CUBLAS_OP_N, n, n, b->m_g, &one, G, b->ldg, b->sG, G, b->ldg, b->sG, &zero, x->B, n,
                                              sa, cnt));
        HZGSVD__CUS(cusolverDnDpotrfBatched(h->sol, CUBLAS_FILL_MODE_LOWER, n, pB, n, dinfo + c0, cnt));
        HZGSVD__CUB(cublasDtrsmBatched(h->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, n, &one, dB, n, pA, n, cnt));
        HZGSVD__CUB(cublasDtrsmBatched(h->blas, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, n, n, &one, dB, n, pA, n, cnt));
        if (x->jacobi)
            HZGSVD__CUS(cusolverDnDsyevjBatched(h->sol, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, A, n, x->lam, x->ws, x->lwork,
                                                dinfo + nb + c0, h->sj, cnt));
        else
            HZGSVD__CUS(cusolverDnXsyevBatched(h->sol, h->par, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, CUDA_R_64F, A, n, CUDA_R_64F, x->lam,
                                               CUDA_R_64F, x->ws, x->ws_bytes, x->hwork, x->host_bytes, dinfo + nb + c0, cnt));
        HZGSVD__CUB(cublasDtrsmBatched(h->blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, CUBLAS_DIAG_NON_UNIT, n, n, &one, dB, n, pA, n, cnt));
    }
done:
    return st;
}

/* The library chain on the whole batch: the handles, the scratch, the calls chunk by chunk; Z0 and
 * the verdicts of potrf and the eigensolver as hzgsvd__bat_pre_own's.  *got = 0 where the scratch
 * cannot be had.  On b->stream. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_library(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work, int *got, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    hzgsvd__bat_handles tmp, *h = NULL;
    hzgsvd__bat_pre_scratch x;
    int temp = 0;
    const int n = b->n, nb = b->batch;
    const size_t es = b->cplx ? 2 : 1;
    const int pgrid = (nb + 255) / 256 < 1024 ? (nb + 255) / 256 : 1024;
    memset(&tmp, 0, sizeof tmp);
    memset(&x, 0, sizeof x);
    *got = 0;
    st = hzgsvd__bat_handles_get(b->stream, &tmp, &h, &temp, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__bat_pre_scratch_get(b, q->chunk, q->eig, h, &x, got, info);
    if (st != HZGSVD_SUCCESS || !*got) goto done;
    hzgsvd__bat_pre_ptrs<<<pgrid, 256, 0, b->stream>>>((double **)(work + q->pa_off), (double *)(work + q->a_off), (long long)es * n * n, nb);
    HZGSVD__CU(cudaGetLastError());
    hzgsvd__bat_pre_ptrs<<<1, 256, 0, b->stream>>>(x.pB, x.B, (long long)es * n * n, q->chunk);
    HZGSVD__CU(cudaGetLastError());
    for (int c0 = 0; c0 < nb; c0 += q->chunk) {
        st = hzgsvd__bat_pre_chunk(b, q, work, h, &x, c0, nb - c0 < q->chunk ? nb - c0 : q->chunk, info);
        if (st != HZGSVD_SUCCESS) goto done;
    }
done:
    if (x.hwork) { (void)cudaStreamSynchronize(b->stream); free(x.hwork); }   /* the eigensolver may use it until its work ends */
    if (x.mem) {
        const cudaError_t e = cudaFreeAsync(x.mem, b->stream);
        if (e != cudaSuccess && st == HZGSVD_SUCCESS) st = hzgsvd__fail(info, HZGSVD_ERR_CUDA, "cudaFreeAsync(the start's scratch) failed: %s", cudaGetErrorString(e));
    }
    if (temp) hzgsvd__bat_handles_drop(&tmp);
    return st;
}

/* The start on the whole batch, before the kernel: every verdict 0, Z0 by the own start or the
 * library chain (hzgsvd__bat_pre_eig), then hzgsvd__bat_pre_apply (the last step: F and G are
 * touched only by it, so a failure before leaves the pair as it came).  *started = 0 where the
 * library chain's scratch cannot be had: the batch keeps the plain start.  On b->stream. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_start(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work, int *started, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    int got = 1;
    const int n = b->n, nb = b->batch, grid = nb < HZGSVD__BAT_GRID_MAX ? nb : HZGSVD__BAT_GRID_MAX;
    const hzgsvd__bat_pre_args a = hzgsvd__bat_pre_args_of(b, q, work);
    int staged = 0;
    const size_t smem = hzgsvd__bat_pre_apply_smem(b->cplx, b->m_f, b->m_g, n, &staged);
    void (*apply)(hzgsvd__bat_pre_args) = b->cplx ? (staged ? hzgsvd__bat_pre_apply<1, 2> : hzgsvd__bat_pre_apply<0, 2>)
                                                  : (staged ? hzgsvd__bat_pre_apply<1, 1> : hzgsvd__bat_pre_apply<0, 1>);
    *started = 0;
    HZGSVD__CU(cudaMemsetAsync(a.flag, 0, sizeof(int) * (size_t)nb, b->stream));
    HZGSVD__CU(cudaMemsetAsync(a.growth, 0, sizeof(double) * (size_t)nb, b->stream));
    if (q->own) {
        HZGSVD__CU(hzgsvd__bat_pre_own_launch(&a, (int *)(work + q->info_off), HZGSVD__BAT_GRID_MAX, hzgsvd__bat_start_threads(n), b->stream));
    } else {
        st = hzgsvd__bat_pre_library(b, q, work, &got, info);
        if (st != HZGSVD_SUCCESS || !got) goto done;
    }
    HZGSVD__CU(cudaFuncSetAttribute(apply, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    apply<<<grid, hzgsvd__bat_pre_threads(n), smem, b->stream>>>(a);
    HZGSVD__CU(cudaGetLastError());
    *started = 1;
done:
    return st;
}

/* After every pair is solved: Z = Z0 Z1 where the device verdicts say so (hzgsvd__bat_run clears
 * those of pairs that failed). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_finish(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const size_t smem = sizeof(double) * 2 * (b->cplx ? 2 : 1) * (size_t)b->n * b->n;
    HZGSVD__CU(cudaFuncSetAttribute(hzgsvd__bat_pre_z, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    hzgsvd__bat_pre_z<<<b->batch < HZGSVD__BAT_GRID_MAX ? b->batch : HZGSVD__BAT_GRID_MAX, HZGSVD__BAT_PRE_THREADS, smem, b->stream>>>(
        hzgsvd__bat_pre_args_of(b, q, work));
    HZGSVD__CU(cudaGetLastError());
done:
    return st;
}

#else /* HZGSVD_GPU_NO_CUSOLVER: hzgsvd__bat_pre_on is 0, so the driver never calls these */

HZGSVD_PRIVATE void hzgsvd__bat_handles_forget(void) {}
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_start(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work, int *started, hzgsvd_info *info)
{
    (void)b; (void)q; (void)work;
    *started = 0;
    return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "hzgsvd__bat_pre_start in a build without cuSOLVER (hzgsvd__bat_pre_on is 0 there)");
}
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_finish(const hzgsvd__gpu_batch *b, const hzgsvd__bat_pre_plan *q, char *work, hzgsvd_info *info)
{
    (void)b; (void)q; (void)work;
    return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "hzgsvd__bat_pre_finish in a build without cuSOLVER (hzgsvd__bat_pre_on is 0 there)");
}

#endif /* HZGSVD_GPU_NO_CUSOLVER */
#line 6632 HZGSVD__SRC_FILE("generated/hzgsvd_gpu_impl.cuh")
/*** end templates/hzgsvd_gpu_batched_precondition.cu ***/

/*** begin templates/hzgsvd_gpu_batched.cu ***/
#line HZGSVD__SRC_LINE(1, 6636) HZGSVD__SRC_FILE("templates/hzgsvd_gpu_batched.cu")
/* The batched GPU entry points (hzgsvd_gpu_?gsvd_batched, contract in hzgsvd_single.cuh): argument
 * checks before any CUDA call, the workspace, one launch of the batched kernel
 * (templates/hzgsvd_gpu_batched_kernels.cu) over every pair, then per pair its status from the
 * kernel's verdict; a pair the kernel hands back (a zero column or extreme scaling, numerical rank
 * deficiency, no convergence, U or V off orthogonality) runs through the one-pair device entry
 * point, which takes every pair (the range plan, the reduction of general pairs).  Shapes or
 * options the kernel does not take send every pair through the one-pair entry point.  Written once
 * for both precisions (cplx). */

/* Whether the kernel takes the batch (else every pair goes through the one-pair entry point):
 * full-rank shapes within the limits, and options it implements (the even variants: no enhanced
 * dot products; the plain start or the batched QR_EIG start, templates/hzgsvd_gpu_batched_precondition.cu). */
HZGSVD_PRIVATE int hzgsvd__bat_takes(const hzgsvd__gpu_batch *b, const hzgsvd_options *o)
{
    return b->n <= HZGSVD__BAT_MAX_N && b->m_f <= HZGSVD__BAT_MAX_M && b->m_g <= HZGSVD__BAT_MAX_M && b->m_f >= b->n && b->m_g >= b->n
        && !HZGSVD__VAR_ENHANCED(o->variant) && o->preprocess != 1 && o->precondition != HZGSVD_PRECONDITION_QR_SVD;
}

/* The workspace's parts (256-byte aligned): the verdicts, the strategy table, the slots (global
 * path only: where one working pair exceeds the shared-memory budget), then the preconditioned
 * start's (pre: the call starts from it). */
typedef struct hzgsvd__bat_plan {
    size_t res_off, table_off, slots_off, bytes, pair_doubles, store_doubles;
    int nn, steps, slot, pad_u, smem, grid, threads, pre;
    hzgsvd__bat_pre_plan q;
} hzgsvd__bat_plan;

/* Which kernel: the slot kernel (hzgsvd__bat_sweep_slots) where a step's pivots fit a warp in slots
 * of at least four lanes (nn <= 16) and the working pair takes at most 20 KB (hzgsvd__bat_slot_fits:
 * it then sits in shared memory, padded too), else the three-phase one.  Which one ran is a function
 * of the shape, so a pair's bits are too.  HZGSVD_GPU_BATCHED_SLOTS=0 takes the three-phase kernel
 * everywhere (for measurements side by side; its bits differ in the sums' order). */
HZGSVD_PRIVATE int hzgsvd__bat_slots(int nn, size_t pair_doubles)
{
    const char *env = getenv("HZGSVD_GPU_BATCHED_SLOTS");
    if (env && !strcmp(env, "0")) return 0;
    return hzgsvd__bat_slot_fits(nn, pair_doubles);
}

HZGSVD_PRIVATE hzgsvd__bat_plan hzgsvd__bat_plan_of(int cplx, int m_f, int m_g, int n, int batch, const hzgsvd_options *o)
{
    hzgsvd__bat_plan p;
    p.nn = hzgsvd__bat_order(n);
    p.steps = hzgsvd__strategy_nsteps(o->inner, p.nn);
    p.pair_doubles = hzgsvd__bat_pair_doubles(cplx, m_f, m_g, n);
    p.slot = hzgsvd__bat_slots(p.nn, p.pair_doubles);
    p.pad_u = hzgsvd__bat_pad_lanes(n, p.slot);
    p.store_doubles = hzgsvd__bat_store_doubles(cplx, m_f, m_g, n, p.pad_u);
    if (p.store_doubles * sizeof(double) > (size_t)HZGSVD__BAT_SMEM_MAX) {   /* the padding serves shared memory's banks only: */
        p.pad_u = 16;                                                       /* none where the padded pair would not fit it */
        p.store_doubles = p.pair_doubles;                                   /* (the unpadded one may) */
    }
    p.smem = p.store_doubles * sizeof(double) <= (size_t)HZGSVD__BAT_SMEM_MAX;
    p.slot = p.slot && p.smem;   /* always so (20 KB and its padding), but the slot kernel has no other storage */
    p.grid = batch < (p.smem ? HZGSVD__BAT_GRID_MAX : HZGSVD__BAT_SLOTS) ? batch : (p.smem ? HZGSVD__BAT_GRID_MAX : HZGSVD__BAT_SLOTS);
    const int nw = p.nn / 2 < HZGSVD__BAT_MAX_WARPS ? p.nn / 2 : HZGSVD__BAT_MAX_WARPS;
    p.threads = 32 * (nw > 0 ? nw : 1);   /* the most warps a pair can use; hzgsvd__bat_shape picks the launch's */
    p.res_off = 0;
    p.table_off = hzgsvd__bat_align(sizeof(hzgsvd__bat_result) * (size_t)(batch > 0 ? batch : 1));
    p.slots_off = p.table_off + hzgsvd__bat_align(sizeof(int) * (size_t)p.nn * (size_t)(p.steps > 0 ? p.steps : 1));
    p.bytes = p.slots_off + (p.smem ? 0 : sizeof(double) * p.store_doubles * (size_t)p.grid);
    p.pre = hzgsvd__bat_pre_on(o, n);
    memset(&p.q, 0, sizeof p.q);
    if (p.pre) {
        hzgsvd__bat_pre_plan_of(cplx, n, batch, p.bytes, &p.q);
        p.bytes += p.q.bytes;
    }
    return p;
}

/* The batch's own arguments (shapes, leading dimensions, strides, arrays), then the options by the
 * one-pair engine's checks (their messages name no argument number). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_check_args(const hzgsvd__gpu_prec *X, const hzgsvd__gpu_batch *b, const hzgsvd_status *status,
                                               const hzgsvd_options *o, hzgsvd_info *info)
{
    const hzgsvd_status bad = HZGSVD_ERR_INVALID_ARGUMENT;
    const hzgsvd_status shape = hzgsvd__batch_check_shape(b->m_f, b->m_g, b->n, b->ldf, b->sF, b->ldg, b->sG, b->ldz, b->sZ, b->sS, b->batch, info);
    if (shape != HZGSVD_SUCCESS) return shape;
    if (b->batch > 0) {
        if (!b->F && b->m_f > 0) return hzgsvd__fail(info, bad, "argument 4 (dF) is NULL (batch = %d, m_f = %d)", b->batch, b->m_f);
        if (!b->G && b->m_g > 0) return hzgsvd__fail(info, bad, "argument 7 (dG) is NULL (batch = %d, m_g = %d)", b->batch, b->m_g);
        if (!b->Z) return hzgsvd__fail(info, bad, "argument 10 (dZ) is NULL (batch = %d)", b->batch);
        if (!status) return hzgsvd__fail(info, bad, "argument 22 (status) is NULL (batch = %d)", b->batch);
    }
    static const double probe = 0.0;
    hzgsvd_status st = hzgsvd__gpu_check_any(X, b->m_f, b->m_g, b->n, &probe, b->ldf, &probe, b->ldg, &probe, b->ldz, o, info);
    if (st != HZGSVD_SUCCESS || b->batch == 0 || !hzgsvd__bat_takes(b, o) || !b->work) return st;
    const hzgsvd__bat_plan p = hzgsvd__bat_plan_of(b->cplx, b->m_f, b->m_g, b->n, b->batch, o);
    if (b->work_bytes < p.bytes)
        return hzgsvd__fail(info, bad, "argument 19 (work_bytes = %zu) is below the %zu bytes hzgsvd_gpu_%cgsvd_batched_workspace_size asks",
                            b->work_bytes, p.bytes, b->cplx ? 'z' : 'd');
    if (((uintptr_t)b->work % 256) != 0)
        return hzgsvd__fail(info, bad, "argument 18 (d_work = %p) must be 256-byte aligned", b->work);
    return HZGSVD_SUCCESS;
}

/* Pair i through the one-pair device entry point (its own workspace: d_work NULL). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_one(const hzgsvd__gpu_batch *b, long long i, const hzgsvd_options *o, hzgsvd_info *info)
{
    const long long es = b->cplx ? 2 : 1;
    double *F = b->F ? b->F + es * i * b->sF : NULL, *G = b->G ? b->G + es * i * b->sG : NULL, *Z = b->Z + es * i * b->sZ;
    double *sf = b->sf ? b->sf + i * b->sS : NULL, *sg = b->sg ? b->sg + i * b->sS : NULL, *s = b->s ? b->s + i * b->sS : NULL;
    if (b->cplx)
        return hzgsvd_gpu_zgsvd(b->m_f, b->m_g, b->n, (cuDoubleComplex *)F, b->ldf, (cuDoubleComplex *)G, b->ldg, (cuDoubleComplex *)Z, b->ldz,
                                sf, sg, s, NULL, 0, b->stream, o, info);
    return hzgsvd_gpu_dgsvd(b->m_f, b->m_g, b->n, F, b->ldf, G, b->ldg, Z, b->ldz, sf, sg, s, NULL, 0, b->stream, o, info);
}

/* Why the kernel handed a pair on (for info.detail). */
HZGSVD_PRIVATE const char *hzgsvd__bat_reason(const hzgsvd__bat_result *r)
{
    switch (r->verdict) {
    case HZGSVD__BAT_OUT_OF_RANGE: return "a zero column or a column norm outside the kernel's range";
    case HZGSVD__BAT_PIVOT_FAIL: return "a 2x2 pivot of B was not positive definite";
    case HZGSVD__BAT_NO_CONVERGENCE: return "no convergence within max_sweeps";
    case HZGSVD__BAT_DEGENERATE: return "a degenerate result column";
    case HZGSVD__BAT_OFF_ORTHOGONAL: return r->which == 1 ? "U off orthogonality" : "V off orthogonality";
    }
    return "the shape or the options";
}

/* Pair i's status and info from the kernel's verdict; a handed-on pair through the one-pair path
 * with options one (after a batched start: the plain start on the pair as the start left it,
 * started = 1 where that is (F Z0, G Z0)). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_finish_pair(const hzgsvd__gpu_batch *b, long long i, const hzgsvd__bat_result *r,
                                                     const hzgsvd_options *o, const hzgsvd_options *one, int started, hzgsvd_info *info)
{
    hzgsvd__info_reset(info);
    if (r->verdict == HZGSVD__BAT_NOT_FINITE) {
        const int m = r->which == 1 ? b->m_f : b->m_g;
        return hzgsvd__fail(info, HZGSVD_ERR_NOT_FINITE, "%s%s(%d,%d) is not finite (pair %lld of the batch%s)", r->which == 1 ? "F" : "G",
                            started ? " Z0" : "", r->where % m + 1, r->where / m + 1, i,
                            started ? "; the batched start's product overflowed, dF and dG hold F Z0 and G Z0" : "");
    }
    if (r->verdict != HZGSVD__BAT_OK) {
        const hzgsvd_status st = hzgsvd__bat_one(b, i, one, info);
        if (st == HZGSVD_SUCCESS && info)
            snprintf(info->detail, sizeof info->detail, "solved by the one-pair path (the batched kernel: %s)", hzgsvd__bat_reason(r));
        return st;
    }
    if (info) {
        info->sweeps = r->sweeps; info->all = r->all; info->big = r->big;
        info->n_bordered = b->n; info->rank_l = b->n; info->outputs_written = 1; info->sigma_refined = o->refine_sigma != 0;
        snprintf(info->detail, sizeof info->detail, "solved by the batched kernel");
    }
    return HZGSVD_SUCCESS;
}

#define HZGSVD__BAT_WARPS_SMALL 4 /* warps a pair's block starts from at n <= 32 (hzgsvd__bat_shape) */
#define HZGSVD__BAT_SM_WARPS 16   /* resident warps an SM should get (hzgsvd__bat_shape) */

/* A tuning override: the positive integer in environment variable name, at most hi; else dflt. */
HZGSVD_PRIVATE int hzgsvd__bat_env(const char *name, int hi, int dflt)
{
    const char *env = getenv(name);
    if (!env || !*env) return dflt;
    char *end = NULL;
    const long v = strtol(env, &end, 10);
    if (!end || *end != '\0' || v < 1) return dflt;
    return v < hi ? (int)v : hi;
}

/* The three-phase kernel's launch shape (the slot kernel's block is one warp): the warps of a pair's
 * block, and how many of them compute a step's 2x2 transformations (hzgsvd__bat_step_math); the
 * measurements below are of session 19, before the slot kernel took n <= 16 in shared memory.  The warps: from min(HZGSVD__BAT_WARPS_SMALL, what the
 * pair can use) for n <= 32, from all it can use above, doubled while an SM would hold fewer than
 * HZGSVD__BAT_SM_WARPS of them (the occupancy calculator: registers and shared memory).  Measured
 * (one H100, docs/PERFORMANCE.md, m = 2n): with 1, 2, 4, 8 warps a real pair gave 1.39e6, 1.58e6,
 * 1.74e6, 1.60e6 pairs/s at n = 8, 3.3e5, 4.9e5, 5.8e5, 4.8e5 at 16, 5.4e4, 9.1e4, 1.37e5, 1.27e5 at
 * 32, and 2.3e3, 4.5e3, 8.5e3, 1.44e4 at 64 (one pair's 160 KB of shared memory an SM); complex
 * n = 32 (80 KB a pair, 2 an SM) 5.6e4 with 4 warps, 8.3e4 with 8: the warps of a pair split its
 * steps' sums and updates, and more of them pay where few pairs fit an SM.  The math: one warp, its
 * lanes a pivot each (at most 32): more math warps would not shorten the step (a lane's chain of
 * divisions and square roots is the same length), only repeat its instructions (measured within
 * 5 %).  HZGSVD_GPU_BATCHED_WARPS=w and HZGSVD_GPU_BATCHED_MATH_WARPS=k (clipped to what the pair
 * can use) override them for tuning; neither changes a result bit (a pivot's sums and
 * transformation do not depend on the warp or the lane that computes them). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_shape(const hzgsvd__bat_plan *p, size_t smem, int *threads, int *mwarps, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int most = p->threads / 32;
    int w = p->nn <= 32 && most > HZGSVD__BAT_WARPS_SMALL ? HZGSVD__BAT_WARPS_SMALL : most;
    for (;;) {
        int nb = 0;
        HZGSVD__CU(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, hzgsvd__bat_kernel, 32 * w, smem));
        if (w >= most || nb * w >= HZGSVD__BAT_SM_WARPS) break;
        w = 2 * w < most ? 2 * w : most;
    }
    *threads = 32 * hzgsvd__bat_env("HZGSVD_GPU_BATCHED_WARPS", most, w);
    *mwarps = hzgsvd__bat_env("HZGSVD_GPU_BATCHED_MATH_WARPS", *threads / 32, 1);
done:
    return st;
}

/* The launch: the table up, the kernel, the verdicts down (res: host copy of batch verdicts). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_launch_all(const hzgsvd__gpu_batch *b, const hzgsvd_options *o, const hzgsvd__bat_plan *p,
                                                    char *work, hzgsvd__bat_result *res, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    int table[HZGSVD__BAT_MAX_N * HZGSVD__BAT_MAX_N];
    hzgsvd__bat_launch a;
    if (p->steps < 1 || hzgsvd__strategy_fill(o->inner, p->nn, table) != 0)
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "no strategy table of order %d", p->nn);
    a.cplx = b->cplx; a.m_f = b->m_f; a.m_g = b->m_g; a.n = b->n; a.ldf = b->ldf; a.ldg = b->ldg; a.ldz = b->ldz;
    a.batch = b->batch; a.sF = b->sF; a.sG = b->sG; a.sZ = b->sZ; a.sS = b->sS;
    a.F = b->F; a.G = b->G; a.Z = b->Z; a.sf = b->sf; a.sg = b->sg; a.s = b->s;
    a.o.table = (const int *)(work + p->table_off); a.o.nn = p->nn; a.o.steps = p->steps;
    a.o.variant = o->variant; a.o.sort = o->sort; a.o.max_sweeps = o->max_sweeps; a.o.refine = o->refine_sigma != 0;
    a.o.tol = hzgsvd__ortho_tol(b->m_f > b->m_g ? (b->m_f > 2 ? b->m_f : 2) : (b->m_g > 2 ? b->m_g : 2));
    a.slots = p->smem ? NULL : (double *)(work + p->slots_off);
    a.pair_doubles = p->store_doubles;
    a.pad_u = p->pad_u;
    a.res = (hzgsvd__bat_result *)(work + p->res_off);
    a.pre_flag = p->pre ? (const int *)(work + p->q.flag_off) : NULL;
    const size_t smem = p->smem ? sizeof(double) * p->store_doubles : 0;
    a.o.mwarps = 1;
    a.o.slot_sweep = p->slot;
    a.o.col_lanes = hzgsvd__bat_col_lanes(b->n, a.o.slot_sweep);
    int threads = 32;
    void (*kernel)(hzgsvd__bat_launch) = a.o.slot_sweep ? hzgsvd__bat_kernel_slots : hzgsvd__bat_kernel;
    HZGSVD__CU(cudaMemcpyAsync(work + p->table_off, table, sizeof(int) * (size_t)p->nn * p->steps, cudaMemcpyHostToDevice, b->stream));
    HZGSVD__CU(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    if (!a.o.slot_sweep) {
        st = hzgsvd__bat_shape(p, smem, &threads, &a.o.mwarps, info);
        if (st != HZGSVD_SUCCESS) goto done;
    }
    kernel<<<p->grid, threads, smem, b->stream>>>(a);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CU(cudaMemcpyAsync(res, a.res, sizeof(hzgsvd__bat_result) * (size_t)b->batch, cudaMemcpyDeviceToHost, b->stream));
    HZGSVD__CU(cudaStreamSynchronize(b->stream));   /* the table's host copy and res are used until here */
done:
    return st;
}

/* The start's outcome into every pair's info (after hzgsvd__bat_finish_pair): which start, why,
 * the trust test's growth, the start's seconds (the whole batch's).  why: the plain start's reason
 * where the batch did not start (NULL: it did, flag says per pair). */
HZGSVD_PRIVATE void hzgsvd__bat_pre_info(const hzgsvd__bat_plan *p, const hzgsvd_options *o, int batch, const int *flag, const double *growth,
                                         double seconds, const char *why, hzgsvd_info *info)
{
    for (int i = 0; info && i < batch; ++i) {
        hzgsvd_info *f = info + i;
        const int on = p->pre && !why && flag[i];
        f->preconditioner = on ? HZGSVD_PRECONDITION_QR_EIG : HZGSVD_PRECONDITION_NONE;
        f->precondition_growth = p->pre && !why ? growth[i] : 0.0;
        f->precondition_seconds = p->pre ? seconds : 0.0;
        f->precondition_note = on ? (p->q.own
                                         ? "qr-eig (the batched start, the own kernel): Z0 = L^-H W (L L^H = G^H G, W the eigenvectors of L^-1 F^H F L^-H)"
                                         : "qr-eig (the batched start, cuBLAS and cuSOLVER): Z0 = L^-H W (L L^H = G^H G, W the eigenvectors of L^-1 F^H F L^-H)")
                             : why ? why
                             : p->pre ? "the plain start (the batched start failed for this pair: G^H G not positive definite, the eigensolver, "
                                        "a non-finite Z0 or the trust test)"
                             : o->precondition == HZGSVD_PRECONDITION_AUTO
                                 ? (o->max_sweeps < 2 ? HZGSVD__PRECONDITION_ONE_SWEEP : "the plain start (AUTO: the batched call's n below 4, or no cuSOLVER)")
                                 : "the plain start";
    }
}

/* The preconditioned start (p->pre), retried once with fresh handles where a kept cuBLAS or
 * cuSOLVER handle failed (F and G are untouched until its last kernel); *why the plain start's
 * reason where the batch did not start (the scratch could not be had), else NULL. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_start(const hzgsvd__gpu_batch *b, const hzgsvd__bat_plan *p, char *work, double *seconds, const char **why,
                                               hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    int started = 0;
    const double t0 = hzgsvd__now();
    *why = NULL;
    st = hzgsvd__bat_pre_start(b, &p->q, work, &started, info);
    if (st == HZGSVD_ERR_CUBLAS || st == HZGSVD_ERR_CUSOLVER) {
        hzgsvd__bat_handles_forget();
        st = hzgsvd__bat_pre_start(b, &p->q, work, &started, info);
    }
    if (st != HZGSVD_SUCCESS) goto done;
    HZGSVD__CU(cudaStreamSynchronize(b->stream));
    if (!started) *why = "the plain start (the batched start's scratch memory could not be had)";
    *seconds = hzgsvd__now() - t0;
done:
    return st;
}

/* After the pairs: the verdicts back (flag), those of pairs that failed cleared on the device, then
 * Z = Z0 Z1 for the others. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_end(const hzgsvd__gpu_batch *b, const hzgsvd__bat_plan *p, char *work, const hzgsvd_status *status,
                                                 int *flag, int *zflag, double *growth, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    for (int i = 0; i < b->batch; ++i) zflag[i] = flag[i] && status[i] == HZGSVD_SUCCESS;
    HZGSVD__CU(cudaMemcpyAsync(work + p->q.flag_off, zflag, sizeof(int) * (size_t)b->batch, cudaMemcpyHostToDevice, b->stream));
    st = hzgsvd__bat_pre_finish(b, &p->q, work, info);
    if (st != HZGSVD_SUCCESS) goto done;
    HZGSVD__CU(cudaMemcpyAsync(growth, work + p->q.growth_off, sizeof(double) * (size_t)b->batch, cudaMemcpyDeviceToHost, b->stream));
    HZGSVD__CU(cudaStreamSynchronize(b->stream));   /* zflag's host copy is read until here */
done:
    return st;
}

/* The kernel over the batch (after the preconditioned start where p.pre), then every pair's status
 * (the one-pair path where handed on), then Z = Z0 Z1 where a pair started from Z0 and succeeded. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_run(const hzgsvd__gpu_batch *b, const hzgsvd_options *o, hzgsvd_status *status, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const hzgsvd__bat_plan p = hzgsvd__bat_plan_of(b->cplx, b->m_f, b->m_g, b->n, b->batch, o);
    hzgsvd_options one = *o;   /* the one-pair path after a batched start: the plain start on the pair as it is */
    char *work = (char *)b->work, *owned = NULL;
    int *flag = NULL;
    double *growth = NULL, seconds = 0.0;
    const char *why = NULL;
    hzgsvd__bat_result *res = (hzgsvd__bat_result *)malloc(sizeof(hzgsvd__bat_result) * (size_t)b->batch);
    if (p.pre) {
        one.precondition = HZGSVD_PRECONDITION_NONE;
        flag = (int *)calloc(2 * (size_t)b->batch, sizeof(int));   /* the verdicts, then those Z = Z0 Z1 uses */
        growth = (double *)malloc(sizeof(double) * (size_t)b->batch);
    }
    if (!res || (p.pre && (!flag || !growth))) {
        st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the host verdicts of %d pairs", b->batch);
        goto done;
    }
    if (!work) { HZGSVD__CU(cudaMalloc((void **)&owned, p.bytes)); work = owned; }
    if (p.pre) {
        st = hzgsvd__bat_start(b, &p, work, &seconds, &why, info);
        if (st != HZGSVD_SUCCESS) goto done;
    }
    st = hzgsvd__bat_launch_all(b, o, &p, work, res, info);
    if (st != HZGSVD_SUCCESS) goto done;
    if (p.pre && !why) {
        HZGSVD__CU(cudaMemcpyAsync(flag, work + p.q.flag_off, sizeof(int) * (size_t)b->batch, cudaMemcpyDeviceToHost, b->stream));
        HZGSVD__CU(cudaStreamSynchronize(b->stream));
    }
    for (int i = 0; i < b->batch; ++i)
        status[i] = hzgsvd__bat_finish_pair(b, i, &res[i], o, &one, flag && flag[i], info ? info + i : NULL);
    if (p.pre && !why) {
        st = hzgsvd__bat_pre_end(b, &p, work, status, flag, flag + b->batch, growth, info);
        if (st != HZGSVD_SUCCESS) goto done;
    }
    hzgsvd__bat_pre_info(&p, o, b->batch, flag, growth, seconds, why, info);
done:
    if (owned) {
        const cudaError_t e = cudaFree(owned);
        if (e != cudaSuccess && st == HZGSVD_SUCCESS)
            st = hzgsvd__fail(info, HZGSVD_ERR_CUDA, "cudaFree(workspace) failed: %s (%d)", cudaGetErrorString(e), (int)e);
    }
    free(res); free(flag); free(growth);
    return st;
}

/* The batched call: checks (an argument error solves no pair and is set in every status[i] and
 * info[i]), batch = 0, the device, the kernel or the one-pair path per pair, the overall status. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_gsvd_batched(const hzgsvd__gpu_prec *X, const hzgsvd__gpu_batch *b, const hzgsvd_options *opt,
                                                      hzgsvd_status *status, hzgsvd_info *info)
{
    const hzgsvd_options o = opt ? *opt : hzgsvd_default_options();
    hzgsvd__info_reset(info);
    hzgsvd_status st = hzgsvd__bat_check_args(X, b, status, &o, info);
    if (st == HZGSVD_SUCCESS && b->batch == 0) {
        if (info) snprintf(info->detail, sizeof info->detail, "batch = 0: no pair to solve");
        return HZGSVD_SUCCESS;
    }
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_need_device(info);
    if (st == HZGSVD_SUCCESS && hzgsvd__bat_takes(b, &o)) st = hzgsvd__bat_run(b, &o, status, info);
    else if (st == HZGSVD_SUCCESS)
        for (int i = 0; i < b->batch; ++i) status[i] = hzgsvd__bat_one(b, i, &o, info ? info + i : NULL);
    if (st != HZGSVD_SUCCESS) {   /* an argument or launch error: every pair's status and info say it */
        for (int i = 0; status && i < b->batch; ++i) status[i] = st;
        for (int i = 1; info && i < b->batch; ++i) { hzgsvd__info_reset(info + i); memcpy(info[i].detail, info[0].detail, sizeof info[0].detail); }
        return st;
    }
    for (int i = 0; i < b->batch; ++i)
        if (status[i] != HZGSVD_SUCCESS) return status[i];
    return HZGSVD_SUCCESS;
}

/* Bytes of workspace of a batched call (0 where every pair goes through the one-pair path, which
 * allocates its own). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_batched_workspace(int cplx, int m_f, int m_g, int n, int batch, const hzgsvd_options *opt, size_t *bytes)
{
    const hzgsvd_options o = opt ? *opt : hzgsvd_default_options();
    if (!bytes) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = 0;
    if (n < 1) return HZGSVD_ERR_N_LESS_THAN_ONE;
    if (m_f < 0 || m_g < 0 || batch < 0 || hzgsvd__strategy_nsteps(o.inner, 2) < 0) return HZGSVD_ERR_INVALID_ARGUMENT;
    hzgsvd__gpu_batch b;
    memset(&b, 0, sizeof b);
    b.cplx = cplx; b.m_f = m_f; b.m_g = m_g; b.n = n; b.batch = batch;
    if (batch > 0 && hzgsvd__bat_takes(&b, &o)) *bytes = hzgsvd__bat_plan_of(cplx, m_f, m_g, n, batch, &o).bytes;
    return HZGSVD_SUCCESS;
}

/* ---- the public entry points (hzgsvd_single.cuh has the contract) ---- */

HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_batched_workspace_size(int m_f, int m_g, int n, int batch, const hzgsvd_options *opt, size_t *bytes)
{
    return hzgsvd__gpu_batched_workspace(0, m_f, m_g, n, batch, opt, bytes);
}

HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_batched_workspace_size(int m_f, int m_g, int n, int batch, const hzgsvd_options *opt, size_t *bytes)
{
    return hzgsvd__gpu_batched_workspace(1, m_f, m_g, n, batch, opt, bytes);
}

HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_batched(int m_f, int m_g, int n, double *dF, int ldf, long long strideF, double *dG, int ldg,
                                                  long long strideG, double *dZ, int ldz, long long strideZ, double *d_sigma_f,
                                                  double *d_sigma_g, double *d_sigma, long long strideS, int batch, void *d_work,
                                                  size_t work_bytes, cudaStream_t stream, const hzgsvd_options *opt, hzgsvd_status *status,
                                                  hzgsvd_info *info)
{
    const hzgsvd__gpu_batch b = { 0, m_f, m_g, n, ldf, ldg, ldz, batch, dF, dG, dZ, d_sigma_f, d_sigma_g, d_sigma,
                                  strideF, strideG, strideZ, strideS, d_work, work_bytes, stream };
    return hzgsvd__gpu_gsvd_batched(&hzgsvd__d_gpu_prec, &b, opt, status, info);
}

HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_batched(int m_f, int m_g, int n, cuDoubleComplex *dF, int ldf, long long strideF, cuDoubleComplex *dG,
                                                  int ldg, long long strideG, cuDoubleComplex *dZ, int ldz, long long strideZ, double *d_sigma_f,
                                                  double *d_sigma_g, double *d_sigma, long long strideS, int batch, void *d_work,
                                                  size_t work_bytes, cudaStream_t stream, const hzgsvd_options *opt, hzgsvd_status *status,
                                                  hzgsvd_info *info)
{
    const hzgsvd__gpu_batch b = { 1, m_f, m_g, n, ldf, ldg, ldz, batch, (double *)dF, (double *)dG, (double *)dZ, d_sigma_f, d_sigma_g, d_sigma,
                                  strideF, strideG, strideZ, strideS, d_work, work_bytes, stream };
    return hzgsvd__gpu_gsvd_batched(&hzgsvd__z_gpu_prec, &b, opt, status, info);
}
#line 7058 HZGSVD__SRC_FILE("generated/hzgsvd_gpu_impl.cuh")
/*** end templates/hzgsvd_gpu_batched.cu ***/

#endif /* HZGSVD_GENERATED_HZGSVD_GPU_IMPL_CUH */
