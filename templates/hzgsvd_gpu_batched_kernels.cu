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
