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
