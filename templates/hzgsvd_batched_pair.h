/* The per-pair arithmetic of the batched GPU kernels (templates/hzgsvd_gpu_batched_kernels.cu),
 * written once for the device and the host.  Two sweeps, one arithmetic:
 *   - the three-phase sweep (hzgsvd__bat_sweep; n > 16, or a pair beyond shared memory): a pivot
 *     pair (p, q) is summed and updated by one warp of 32 lanes, lane l owning the rows r = l, l + 32,
 *     l + 64, ... of every column, so every update of a row is the lane's own, and every sum over
 *     rows is a per-lane partial (rows in ascending order, one fma each) followed by the fixed
 *     butterfly of hzgsvd__bat_sum_host; its 2x2 transformation (the shared one of
 *     hzgsvd_math.h.j2) is computed once, by one lane (hzgsvd__bat_step_math);
 *   - the slot sweep (hzgsvd__bat_sweep_slots; n <= 16 in shared memory): one warp takes a whole
 *     step, G lanes a pivot, each lane its every G-th row, the sums by a butterfly over the G lanes.
 * The phases over columns (G's normalisation, the refinement, the U and V checks) give each column L
 * lanes in the same way (hzgsvd__bat_col_lanes).
 * On the device the lanes are the warp's threads; on the host (test/test_batched_gpu_emul.c) loops
 * over the lanes with the same butterflies give the same bits (but for hypot, whose CUDA and C
 * library versions may differ in the last place), so the kernels' arithmetic is checked against
 * the CPU engine on a machine without a GPU.
 *
 * The working matrices of one pair: split planes (real, then imaginary parts where complex), column
 * major, F m_f x n, G m_g x n, Z n x n, their leading dimensions lf, lg, lz the rows padded for
 * shared memory's banks (hzgsvd__bat_plane_ld). */

#define HZGSVD__BAT_LANES 32
#define HZGSVD__BAT_MAX_N 64        /* the kernels' largest n (hzgsvd_single.cuh: HZGSVD_GPU_BATCHED_MAX_N) */
#define HZGSVD__BAT_MAX_WARPS 8     /* warps of one pair's thread block */
#define HZGSVD__BAT_MAX_PIV (HZGSVD__BAT_MAX_N / 2)   /* pivots of one strategy step: at most a warp's lanes */

/* Where the device and the host differ: on the device `lane` is the thread's lane and a phase's
 * items are spread over the block's warps, separated by barriers; on the host one caller plays
 * every lane (loops over the 32, or over a slot's G or an item's L lanes) and the one warp (warp 0
 * of 1), and barriers are nothing.  The functions with separate device and host bodies (the slot
 * step, the column-layout phases) share the arithmetic and its order, not the device's indexing:
 * the emulation checks the order of operations, the GPU tests the lanes.  The
 * items of a phase touch disjoint columns, so their order does not change a bit. */
#ifdef __CUDA_ARCH__
#define HZGSVD__BAT_BARRIER() __syncthreads()
#define HZGSVD__BAT_LANE_FIRST(lane) (lane)
#define HZGSVD__BAT_LANE_END(lane) ((lane) + 1)
#define HZGSVD__BAT_LANE_STEP HZGSVD__BAT_LANES
#define HZGSVD__BAT_LEADER(lane) ((lane) == 0)
#define HZGSVD__BAT_BARRIER_WARP() __syncwarp()
#define HZGSVD__BAT_UNROLL4 _Pragma("unroll 4")
#else
#define HZGSVD__BAT_BARRIER() ((void)0)
#define HZGSVD__BAT_LANE_FIRST(lane) 0
#define HZGSVD__BAT_LANE_END(lane) HZGSVD__BAT_LANES
#define HZGSVD__BAT_LANE_STEP 1
#define HZGSVD__BAT_LEADER(lane) 1
#define HZGSVD__BAT_BARRIER_WARP() ((void)0)
#define HZGSVD__BAT_UNROLL4
#endif

/* The working pair seen by one lane: planes of F, G, Z (index 1 NULL where real) and their rows. */
typedef struct hzgsvd__bat_pair {
    double *F[2], *G[2], *Z[2];
    int mf, mg, n, cplx;
    int lf, lg, lz;             /* the planes' leading dimensions (rows mf, mg, n padded: hzgsvd__bat_plane_ld) */
    const double *F0, *G0;      /* the caller's input (interleaved where complex), untouched until the outputs are stored */
    int ldf0, ldg0;
    int min_sweeps;             /* the stop rule counts from this sweep on: 1, or 2 after a preconditioned start (docs/NUMERICS.md, "Two sweeps at the least") */
} hzgsvd__bat_pair;

/* The strategy's order for n columns: n, n + 1 where n is odd (a padding index), at least 2. */
HZGSVD_HD static inline int hzgsvd__bat_order(int n)
{
    const int nn = n + (n & 1);
    return nn < 2 ? 2 : nn;
}

/* Partial sums over the rows first, first + stride, ... (ascending): s[0] ||x_p||^2, s[1] ||x_q||^2,
 * s[2] + i s[3] = x_p^H x_q (s[3] = 0 where real), for the m-row columns p and q of the planes X
 * (leading dimension ld).  The three-phase sweep's lanes take every 32nd row (stride HZGSVD__BAT_LANES), the
 * slot sweep's every G-th (hzgsvd__bat_slot_lanes). */
HZGSVD_HD static inline void hzgsvd__bat_gram_part(double *const X[2], int m, int ld, int cplx, int p, int q, int first, int stride, double s[4])
{
    const double *xr = X[0] + (size_t)p * ld, *yr = X[0] + (size_t)q * ld;
    s[0] = 0.0; s[1] = 0.0; s[2] = 0.0; s[3] = 0.0;
    if (!cplx) {
        for (int r = first; r < m; r += stride) {
            s[0] = fma(xr[r], xr[r], s[0]);
            s[1] = fma(yr[r], yr[r], s[1]);
            s[2] = fma(xr[r], yr[r], s[2]);
        }
        return;
    }
    const double *xi = X[1] + (size_t)p * ld, *yi = X[1] + (size_t)q * ld;
    for (int r = first; r < m; r += stride) {
        s[0] = fma(xi[r], xi[r], fma(xr[r], xr[r], s[0]));
        s[1] = fma(yi[r], yi[r], fma(yr[r], yr[r], s[1]));
        s[2] = fma(xi[r], yi[r], fma(xr[r], yr[r], s[2]));     /* conj(x) y, real part */
        s[3] = fma(-xi[r], yr[r], fma(xr[r], yi[r], s[3]));    /* imaginary part */
    }
}

/* Partial ||x_j||^2 over the rows first, first + stride, ... (column j of the planes X, m rows). */
HZGSVD_HD static inline double hzgsvd__bat_nrm2_rows(double *const X[2], int m, int ld, int cplx, int j, int first, int stride)
{
    double s = 0.0;
    for (int v = 0; v <= cplx; ++v) {
        const double *x = X[v] + (size_t)j * ld;
        for (int r = first; r < m; r += stride) s = fma(x[r], x[r], s);
    }
    return s;
}

/* Partial ||x_j||^2 of lane `lane` (every 32nd row). */
HZGSVD_HD static inline double hzgsvd__bat_nrm2_part(double *const X[2], int m, int ld, int cplx, int j, int lane)
{
    return hzgsvd__bat_nrm2_rows(X, m, ld, cplx, j, lane, HZGSVD__BAT_LANES);
}

/* Partial x_i^H y_j over the rows first, first + stride, ... (d[0] real, d[1] imaginary part; columns
 * of planes X and Y, m rows). */
HZGSVD_HD static inline void hzgsvd__bat_dot_part(double *const X[2], int i, double *const Y[2], int j, int m, int ld, int cplx, int first, int stride,
                                                  double d[2])
{
    const double *xr = X[0] + (size_t)i * ld, *yr = Y[0] + (size_t)j * ld;
    d[0] = 0.0; d[1] = 0.0;
    for (int r = first; r < m; r += stride) {
        d[0] = fma(xr[r], yr[r], d[0]);
        if (cplx) {
            const double xi = X[1][(size_t)i * ld + r], yi = Y[1][(size_t)j * ld + r];
            d[0] = fma(xi, yi, d[0]);
            d[1] = fma(-xi, yr[r], fma(xr[r], yi, d[1]));
        }
    }
}

/* The sum of the partials v[0 .. L - 1] of L lanes (a power of two) on the host: the device's
 * butterfly (XOR distances L/2 .. 1; each lane adds its partner's value to its own), so the same
 * bits on both. */
HZGSVD_HD static inline double hzgsvd__bat_item_sum_host(const double *v, int L)
{
    double a[HZGSVD__BAT_LANES] = { 0.0 }, b[HZGSVD__BAT_LANES];
    for (int l = 0; l < L; ++l) a[l] = v[l];
    for (int d = L >> 1; d > 0; d >>= 1) {
        for (int l = 0; l < L; ++l) b[l] = a[l] + a[l ^ d];
        for (int l = 0; l < L; ++l) a[l] = b[l];
    }
    return a[0];
}

/* The warp's sum of the lanes' partials v[0..31] on the host (the device's warp-wide butterfly). */
HZGSVD_HD static inline double hzgsvd__bat_sum_host(const double *v)
{
    return hzgsvd__bat_item_sum_host(v, HZGSVD__BAT_LANES);
}

/* The 2x2 transformation of pivot (p, q) from its Gram entries g (hzgsvd__bat_gram_part's order,
 * F's four then G's four, each summed over the warp): the shared math of hzgsvd_math.h.j2. */
HZGSVD_HD static inline hzgsvd__rot hzgsvd__bat_rot(const double g[8], int cplx, int variant, int sort, double tol)
{
    /* variants without per-step rescaling take b_pp = b_qq = 1: G's columns are normalised at the
     * start of every sweep (hzgsvd__bat_normalize), as the blocked engines prescale G-hat */
    const int resc = HZGSVD__VAR_RESCALE(variant);
    const double bpp = resc ? g[4] : 1.0, bqq = resc ? g[5] : 1.0;
    return cplx ? hzgsvd__zrot(g[0], g[1], g[2], g[3], bpp, bqq, g[6], g[7], variant, sort, tol)
                : hzgsvd__drot(g[0], g[1], g[2], bpp, bqq, g[6], variant, sort, tol);
}

/* Rows first, first + stride, ... of columns p, q of the planes X (m rows) times Z-hat. */
HZGSVD_HD static inline void hzgsvd__bat_apply_rows(const hzgsvd__rot *rot, double *const X[2], int m, int ld, int cplx, int p, int q, int first, int stride)
{
    double *xr = X[0] + (size_t)p * ld, *yr = X[0] + (size_t)q * ld;
    if (!cplx) {
        for (int r = first; r < m; r += stride) hzgsvd__drot_apply(rot, xr[r], yr[r], &xr[r], &yr[r]);
        return;
    }
    double *xi = X[1] + (size_t)p * ld, *yi = X[1] + (size_t)q * ld;
    for (int r = first; r < m; r += stride) {
        double a, b, c, d;
        hzgsvd__zrot_apply(rot, xr[r], xi[r], yr[r], yi[r], &a, &b, &c, &d);
        xr[r] = a; xi[r] = b; yr[r] = c; yi[r] = d;
    }
}

/* Rows first, first + stride, ... of columns p and q of the planes X exchanged. */
HZGSVD_HD static inline void hzgsvd__bat_swap_rows(double *const X[2], int m, int ld, int cplx, int p, int q, int first, int stride)
{
    for (int v = 0; v <= cplx; ++v) {
        double *x = X[v] + (size_t)p * ld, *y = X[v] + (size_t)q * ld;
        for (int r = first; r < m; r += stride) { const double t = x[r]; x[r] = y[r]; y[r] = t; }
    }
}

/* Rows first, first + stride, ... of column j of the planes X (m rows) times s. */
HZGSVD_HD static inline void hzgsvd__bat_scale_rows(double *const X[2], int m, int ld, int cplx, int j, double s, int first, int stride)
{
    for (int v = 0; v <= cplx; ++v) {
        double *x = X[v] + (size_t)j * ld;
        for (int r = first; r < m; r += stride) x[r] *= s;
    }
}

/* ---- the column layout of the once-a-pair and once-a-sweep phases ----------------------------------
 * A phase over the n columns (or the n (n + 1) / 2 column pairs of the U, V checks) gives each item L
 * lanes and each lane the rows g, g + L, ...; an item's sum is its lanes' partials and a butterfly
 * over them.  A warp takes 32 / L items at once; with a warp-wide butterfly per column instead, the
 * items ran one after the other, a chain of shuffles each (profiled at n = 16: the phases after the
 * sweeps took as long as the sweeps, and G's normalisation a fifth of every sweep).  L
 * (hzgsvd__bat_col_lanes) is a function of n and of the kernel, which is one of the shape, never of
 * the launch, so neither are the bits: the slot kernel's one warp takes all n columns at once, the
 * three-phase kernel's warps (up to HZGSVD__BAT_MAX_WARPS) n / HZGSVD__BAT_MAX_WARPS each. */
HZGSVD_HD static inline int hzgsvd__bat_col_lanes(int n, int slot_sweep)
{
    const int per_warp = slot_sweep ? n : (n + HZGSVD__BAT_MAX_WARPS - 1) / HZGSVD__BAT_MAX_WARPS;
    int c = 1;
    while (c < per_warp && c < HZGSVD__BAT_LANES) c <<= 1;
    return HZGSVD__BAT_LANES / c;
}

#ifdef __CUDACC__   /* (not __CUDA_ARCH__: the batched start's kernels, parsed in nvcc's host pass too, use them) */
/* The sum of v over the L lanes of an item (XOR distances L/2 .. 1); every lane calls it. */
__device__ __forceinline__ double hzgsvd__bat_item_sum(double v, int L)
{
    for (int d = L >> 1; d > 0; d >>= 1) v = __dadd_rn(v, __shfl_xor_sync(0xffffffffu, v, d));
    return v;
}

/* The largest v over the L lanes of an item (a maximum: any order). */
__device__ __forceinline__ double hzgsvd__bat_item_max(double v, int L)
{
    for (int d = L >> 1; d > 0; d >>= 1) v = fmax(v, __shfl_xor_sync(0xffffffffu, v, d));
    return v;
}
#endif

/* What the final rescale makes of column j from ||f_j||^2 and ||g_j||^2 (the CPU engine's final
 * rescale, section 3.4): sigma_f, sigma_g, sigma and the factors of f, g and z; bad where degenerate. */
typedef struct hzgsvd__bat_final {
    double sf, sg, ss, rf, rg, rho;
    int bad;
} hzgsvd__bat_final;

HZGSVD_HD static inline hzgsvd__bat_final hzgsvd__bat_final_column(double nf2, double ng2)
{
    hzgsvd__bat_final c;
    c.rho = hzgsvd__rsqrt_rn(nf2 + ng2);
    c.rf = hzgsvd__rsqrt_rn(nf2);
    c.rg = hzgsvd__rsqrt_rn(ng2);
    c.sf = sqrt(nf2) * c.rho;
    c.sg = sqrt(ng2) * c.rho;
    c.ss = sqrt(nf2) * c.rg;
    c.bad = !(c.sf > 0.0) || !(c.sg > 0.0) || !isfinite(c.ss) || !isfinite(c.rf) || !isfinite(c.rg) || !isfinite(c.rho);
    return c;
}

/* The batched kernels' range: every column's ||f_j||^2 and ||g_j||^2 of the input within
 * [2^-HZGSVD__BAT_RANGE, 2^HZGSVD__BAT_RANGE] (norms within 2^+-150).  G's columns are normalised, so
 * F's columns reach norms up to 2^+-300 relative to them and their squares 2^+-600: no square, sum
 * or product of the iteration overflows or underflows, so sigma comes out accurate or not at all
 * (the one-pair engines scale other pairs into range first; the batched call hands them there). */
#define HZGSVD__BAT_RANGE 300

HZGSVD_HD static inline int hzgsvd__bat_in_range(double x2)
{
    return x2 >= ldexp(1.0, -HZGSVD__BAT_RANGE) && x2 <= ldexp(1.0, HZGSVD__BAT_RANGE);
}

/* Output position of column j among n by descending sigma, ties in column order (a stable sort: the
 * one-pair engines' order); with sort off, j itself. */
HZGSVD_HD static inline int hzgsvd__bat_rank(const double *ss, int n, int j, int sort)
{
    if (!sort) return j;
    int rank = 0;
    for (int i = 0; i < n; ++i) rank += ss[i] > ss[j] || (ss[i] == ss[j] && i < j);
    return rank;
}

/* The numerical rank test of column j (the CPU engine's): sigma_f must stay above max(m_f, n) u
 * sum_k |z_kj| ||f_k|| (nf: the input's column norms), and so for G.  z: the final column j of Z
 * (split planes, n rows). */
HZGSVD_HD static inline int hzgsvd__bat_degenerate(double *const Z[2], int n, int ld, int cplx, int j, const double *nf, const double *ng,
                                                   double sf, double sg, int m_f, int m_g)
{
    double af = 0.0, ag = 0.0;
    for (int k = 0; k < n; ++k) {
        const double zr = Z[0][(size_t)j * ld + k];
        const double a = cplx ? hypot(zr, Z[1][(size_t)j * ld + k]) : fabs(zr);
        af = fma(a, nf[k], af);
        ag = fma(a, ng[k], ag);
    }
    const double tol_f = (double)(m_f > n ? m_f : n) * HZGSVD__U, tol_g = (double)(m_g > n ? m_g : n) * HZGSVD__U;
    return !(sf > tol_f * af) || !(sg > tol_g * ag);
}

/* The U, V orthogonality tolerance of the one-pair engines (16 n' u, n' = n bordered to the CPU
 * engine's 2w = 32). */
HZGSVD_HD static inline double hzgsvd__bat_orth_tol(int n)
{
    const int nb = (n + 31) / 32 * 32;
    return 16.0 * nb * HZGSVD__U;
}

/* ---- sums over the warp ------------------------------------------------------------------------ */

#ifdef __CUDA_ARCH__
/* The device butterfly: XOR distances 16 .. 1, every lane ends with the same sum (the order of
 * hzgsvd__bat_sum_host). */
__device__ __forceinline__ double hzgsvd__bat_warp_sum(double v)
{
    return hzgsvd__bat_item_sum(v, HZGSVD__BAT_LANES);
}

/* The warp's sums of v[0..7] by recursive halving: at XOR distance 16 a lane keeps four of its
 * values and hands its partner the other four, at 8 two, at 4 one, then the butterfly on the one
 * left (9 shuffles instead of 40).  Every level still adds a lane's value and its partner's, as
 * hzgsvd__bat_warp_sum does, and a sum of two terms does not depend on their order, so each sum has
 * the butterfly's bits (hzgsvd__bat_sum_host).  Returns sum (lane >> 2) & 7: lanes 4k .. 4k + 3
 * hold sum k. */
__device__ __forceinline__ double hzgsvd__bat_warp_sum8(const double v[8], int lane)
{
    const unsigned full = 0xffffffffu;
    const int h4 = lane & 16, h3 = lane & 8, h2 = lane & 4;
    double a[4], b[2];
    for (int i = 0; i < 4; ++i) a[i] = __dadd_rn(h4 ? v[4 + i] : v[i], __shfl_xor_sync(full, h4 ? v[i] : v[4 + i], 16));
    for (int i = 0; i < 2; ++i) b[i] = __dadd_rn(h3 ? a[2 + i] : a[i], __shfl_xor_sync(full, h3 ? a[i] : a[2 + i], 8));
    double c = __dadd_rn(h2 ? b[1] : b[0], __shfl_xor_sync(full, h2 ? b[0] : b[1], 4));
    c = __dadd_rn(c, __shfl_xor_sync(full, c, 2));
    return __dadd_rn(c, __shfl_xor_sync(full, c, 1));
}

/* The warp's sums of x and y in every lane, by the halving of hzgsvd__bat_warp_sum8 (the
 * butterfly's bits; 6 shuffles instead of 10). */
__device__ __forceinline__ void hzgsvd__bat_warp_sum2(double *x, double *y, int lane)
{
    const unsigned full = 0xffffffffu;
    const int h4 = lane & 16;
    double a = __dadd_rn(h4 ? *y : *x, __shfl_xor_sync(full, h4 ? *x : *y, 16));
    for (int d = 8; d > 0; d >>= 1) a = __dadd_rn(a, __shfl_xor_sync(full, a, d));
    const double b = __shfl_xor_sync(full, a, 16);   /* the other sum, from the other half */
    *x = h4 ? b : a;
    *y = h4 ? a : b;
}
#endif

/* The warp's sums of the Gram entries of pivot (p, q): g[0..3] of F, g[4..7] of G. */
HZGSVD_HD static inline void hzgsvd__bat_pivot_sums(const hzgsvd__bat_pair *P, int p, int q, int lane, double g[8])
{
#ifdef __CUDA_ARCH__   /* the device sums in hzgsvd__bat_step_sums, by recursive halving; this is the host's play of it */
    (void)P; (void)p; (void)q; (void)lane; (void)g;
#else
    double s[8][HZGSVD__BAT_LANES], t[8];
    (void)lane;
    for (int l = 0; l < HZGSVD__BAT_LANES; ++l) {
        hzgsvd__bat_gram_part(P->F, P->mf, P->lf, P->cplx, p, q, l, HZGSVD__BAT_LANES, t);
        hzgsvd__bat_gram_part(P->G, P->mg, P->lg, P->cplx, p, q, l, HZGSVD__BAT_LANES, t + 4);
        for (int i = 0; i < 8; ++i) s[i][l] = t[i];
    }
    for (int i = 0; i < 8; ++i) g[i] = hzgsvd__bat_sum_host(s[i]);
#endif
}

/* The warp's ||x_j||^2 (column j of the planes X, m rows). */
HZGSVD_HD static inline double hzgsvd__bat_nrm2(double *const X[2], int m, int ld, int cplx, int j, int lane)
{
#ifdef __CUDA_ARCH__
    return hzgsvd__bat_warp_sum(hzgsvd__bat_nrm2_part(X, m, ld, cplx, j, lane));
#else
    double s[HZGSVD__BAT_LANES];
    (void)lane;
    for (int l = 0; l < HZGSVD__BAT_LANES; ++l) s[l] = hzgsvd__bat_nrm2_part(X, m, ld, cplx, j, l);
    return hzgsvd__bat_sum_host(s);
#endif
}

/* The warp's ||x_p||^2 and ||x_q||^2 (columns p and q of the planes X, m rows), each as hzgsvd__bat_nrm2. */
HZGSVD_HD static inline void hzgsvd__bat_nrm2_two(double *const X[2], int m, int ld, int cplx, int p, int q, int lane, double *a, double *b)
{
#ifdef __CUDA_ARCH__
    *a = hzgsvd__bat_nrm2_part(X, m, ld, cplx, p, lane);
    *b = hzgsvd__bat_nrm2_part(X, m, ld, cplx, q, lane);
    hzgsvd__bat_warp_sum2(a, b, lane);
#else
    *a = hzgsvd__bat_nrm2(X, m, ld, cplx, p, lane);
    *b = hzgsvd__bat_nrm2(X, m, ld, cplx, q, lane);
#endif
}

/* The first row (0-based) of column j of the planes X (m rows) holding a NaN or an infinity, or m. */
HZGSVD_HD static inline int hzgsvd__bat_first_bad_row(double *const X[2], int m, int ld, int cplx, int j, int lane)
{
    int first = m;
    (void)lane;   /* the host plays every lane */
    for (int l = HZGSVD__BAT_LANE_FIRST(lane); l < HZGSVD__BAT_LANE_END(lane); ++l)
        for (int r = l; r < m; r += HZGSVD__BAT_LANES) {
            const int bad = !isfinite(X[0][(size_t)j * ld + r]) || (cplx && !isfinite(X[1][(size_t)j * ld + r]));
            if (bad && r < first) { first = r; break; }
        }
#ifdef __CUDA_ARCH__
    first = __reduce_min_sync(0xffffffffu, first);   /* an integer minimum: any order gives the same */
#endif
    return first;
}

/* ---- one pair's run, phase by phase -------------------------------------------------------------- */

/* What one pair's phases share: per column the input's norms (the rank test) and the results, the
 * output order, and per warp its counts and flags (written by its leader, read after a barrier). */
typedef struct hzgsvd__bat_shared {
    double nf[HZGSVD__BAT_MAX_N], ng[HZGSVD__BAT_MAX_N];
    double sf[HZGSVD__BAT_MAX_N], sg[HZGSVD__BAT_MAX_N], ss[HZGSVD__BAT_MAX_N];
    double wmax[HZGSVD__BAT_MAX_WARPS];
    unsigned long long wall[HZGSVD__BAT_MAX_WARPS], wbig[HZGSVD__BAT_MAX_WARPS];
    int wflag[HZGSVD__BAT_MAX_WARPS];
    int badf[HZGSVD__BAT_MAX_N], badg[HZGSVD__BAT_MAX_N];
    int order[HZGSVD__BAT_MAX_N];
} hzgsvd__bat_shared;

/* The three-phase sweep's step area (the slot sweep needs none): a strategy step's pivots,
 * their Gram entries (hzgsvd__bat_pivot_sums' order) and their 2x2 transformations (identity for a
 * padding or a failed pivot); each pivot's row padded by a double so that the math lanes, one
 * pivot each, hit the banks 2-way rather than 16-way. */
typedef struct hzgsvd__bat_pivots {
    double g[HZGSVD__BAT_MAX_PIV][9];
    struct { hzgsvd__rot r; double pad; } rot[HZGSVD__BAT_MAX_PIV];
} hzgsvd__bat_pivots;

/* The settings of a batch (the same for every pair). */
typedef struct hzgsvd__bat_opts {
    const int *table;       /* the inner strategy's table of order nn (hzgsvd__strategy_fill), steps rows of nn ints */
    int nn, steps;          /* nn = n rounded up to even (an odd n's last column is a padding index, skipped) */
    int variant, sort, max_sweeps, refine;   /* refine: sigma from the input pair (options.refine_sigma != 0) */
    int mwarps;             /* warps that compute a step's 2x2 transformations, a share of the pivots each (1 on the host) */
    int slot_sweep;         /* 1: the slot sweep (hzgsvd__bat_sweep_slots; nn <= 16, a block of one warp), else the three-phase one */
    int col_lanes;          /* lanes an item of the column layout: hzgsvd__bat_col_lanes(n, slot_sweep) */
    double tol;             /* relative orthogonality: hzgsvd__ortho_tol(max(m_f, m_g, 2)) */
} hzgsvd__bat_opts;

/* A pair's verdict: done here, not finite (where = row + m * column of the first such entry, which
 * = 1 F or 2 G), or handed to the one-pair path, with the reason. */
#define HZGSVD__BAT_OK 0
#define HZGSVD__BAT_NOT_FINITE 1
#define HZGSVD__BAT_OUT_OF_RANGE 2      /* a zero column, or a column norm outside the kernels' range */
#define HZGSVD__BAT_PIVOT_FAIL 3        /* a 2x2 pivot of B not positive definite (G numerically rank deficient) */
#define HZGSVD__BAT_NO_CONVERGENCE 4    /* max_sweeps sweeps still applied big transformations */
#define HZGSVD__BAT_DEGENERATE 5        /* the final rescale or the rank test found a degenerate column */
#define HZGSVD__BAT_OFF_ORTHOGONAL 6    /* U or V off orthogonality (16 n' u) */

typedef struct hzgsvd__bat_result {
    int verdict, which, where, sweeps;
    unsigned long long all, big;
    double measure;                 /* OFF_ORTHOGONAL: the deviation found */
} hzgsvd__bat_result;

/* Sum of the warps' flags (all threads compute it; call between barriers). */
HZGSVD_HD static inline int hzgsvd__bat_flags(const hzgsvd__bat_shared *sh, int nwarps)
{
    int f = 0;
    for (int w = 0; w < nwarps; ++w) f += sh->wflag[w];
    return f;
}

/* Phase 0: the first non-finite entry (F before G, column by column) and the input's column norms;
 * a zero column or one outside the range goes to the one-pair path.  Returns the verdict. */
HZGSVD_HD static inline int hzgsvd__bat_check(const hzgsvd__bat_pair *P, hzgsvd__bat_shared *sh, int warp, int nwarps, int lane,
                                              hzgsvd__bat_result *res)
{
    int off = 0;
    for (int j = warp; j < P->n; j += nwarps) {
        const int bf = hzgsvd__bat_first_bad_row(P->F, P->mf, P->lf, P->cplx, j, lane);
        const int bg = hzgsvd__bat_first_bad_row(P->G, P->mg, P->lg, P->cplx, j, lane);
        const double nf2 = hzgsvd__bat_nrm2(P->F, P->mf, P->lf, P->cplx, j, lane), ng2 = hzgsvd__bat_nrm2(P->G, P->mg, P->lg, P->cplx, j, lane);
        off |= !hzgsvd__bat_in_range(nf2) || !hzgsvd__bat_in_range(ng2);
        if (HZGSVD__BAT_LEADER(lane)) { sh->badf[j] = bf; sh->badg[j] = bg; sh->nf[j] = sqrt(nf2); sh->ng[j] = sqrt(ng2); }
    }
    if (HZGSVD__BAT_LEADER(lane)) sh->wflag[warp] = off;
    HZGSVD__BAT_BARRIER();
    for (int which = 1; which <= 2; ++which)
        for (int j = 0; j < P->n; ++j) {
            const int r = which == 1 ? sh->badf[j] : sh->badg[j], m = which == 1 ? P->mf : P->mg;
            if (r < m) { res->which = which; res->where = r + m * j; return HZGSVD__BAT_NOT_FINITE; }
        }
    return hzgsvd__bat_flags(sh, nwarps) ? HZGSVD__BAT_OUT_OF_RANGE : HZGSVD__BAT_OK;
}

/* Z = I (first), and at the start of every sweep of the variants without per-step rescaling (0, 1, 4, 5)
 * G's columns normalised, F's and Z's by the same factor (initFGZ, section 3.3; the blocked engines
 * prescale G-hat at every visit of a pivot block pair). */
HZGSVD_HD static inline void hzgsvd__bat_normalize(const hzgsvd__bat_pair *P, int first, int scale, int L, int warp, int nwarps, int lane)
{
    const int n = P->n;
#ifdef __CUDA_ARCH__
    const int C = HZGSVD__BAT_LANES / L;
    for (int base = warp * C; base < n; base += nwarps * C) {
        const int j = base + lane / L, g = lane % L, on = j < n;
        if (on && first)
            for (int v = 0; v <= P->cplx; ++v)
                for (int r = g; r < n; r += L) P->Z[v][(size_t)j * P->lz + r] = (v == 0 && r == j) ? 1.0 : 0.0;
        if (!scale) continue;      /* variants 2, 3, 6, 7: Z = I, D-hat at every step instead */
        const double b = hzgsvd__bat_item_sum(on ? hzgsvd__bat_nrm2_rows(P->G, P->mg, P->lg, P->cplx, j, g, L) : 0.0, L);
        const double t = hzgsvd__rsqrt_rn(b);
        if (!on || t == 1.0) continue;
        hzgsvd__bat_scale_rows(P->F, P->mf, P->lf, P->cplx, j, t, g, L);
        hzgsvd__bat_scale_rows(P->G, P->mg, P->lg, P->cplx, j, t, g, L);
        hzgsvd__bat_scale_rows(P->Z, n, P->lz, P->cplx, j, t, g, L);
    }
#else
    (void)warp; (void)nwarps; (void)lane;
    for (int j = 0; j < n; ++j) {
        if (first)
            for (int v = 0; v <= P->cplx; ++v)
                for (int r = 0; r < n; ++r) P->Z[v][(size_t)j * P->lz + r] = (v == 0 && r == j) ? 1.0 : 0.0;
        if (!scale) continue;
        double part[HZGSVD__BAT_LANES];
        for (int g = 0; g < L; ++g) part[g] = hzgsvd__bat_nrm2_rows(P->G, P->mg, P->lg, P->cplx, j, g, L);
        const double t = hzgsvd__rsqrt_rn(hzgsvd__bat_item_sum_host(part, L));
        if (t == 1.0) continue;
        hzgsvd__bat_scale_rows(P->F, P->mf, P->lf, P->cplx, j, t, 0, 1);
        hzgsvd__bat_scale_rows(P->G, P->mg, P->lg, P->cplx, j, t, 0, 1);
        hzgsvd__bat_scale_rows(P->Z, n, P->lz, P->cplx, j, t, 0, 1);
    }
#endif
}

/* ---- one strategy step in three phases -----------------------------------------------------------
 * The pivots of a step touch disjoint columns, so each pivot's 2x2 transformation is computed once,
 * by one lane, instead of by all 32 lanes of a warp (the 2x2 math, long chains of double-precision
 * divisions and square roots, dominated the kernel's instructions): (1) the warps sum the pivots'
 * Gram entries into piv->g (lanes over rows, the fixed butterfly); (2) the lanes of the first
 * o->mwarps warps, one pivot each, compute the transformations (the shared 2x2 math) into piv->rot;
 * (3) the warps apply them to F, G and Z and make the sorting swaps.  Which warp or lane takes a
 * pivot changes no bit: a pivot's sums have the one butterfly order and its transformation is one
 * function of them. */

/* Phase 1: the Gram entries of the step's pivots pq[0 .. 2 npiv - 1], one warp per pivot. */
HZGSVD_HD static inline void hzgsvd__bat_step_sums(const hzgsvd__bat_pair *P, const int *pq, int npiv, hzgsvd__bat_pivots *piv, int warp,
                                                   int nwarps, int lane)
{
    for (int pos = warp; pos < npiv; pos += nwarps) {
        const int p = pq[2 * pos], q = pq[2 * pos + 1];
        if (p >= P->n || q >= P->n) continue;   /* an odd n's padding index */
#ifdef __CUDA_ARCH__
        double s[8];
        hzgsvd__bat_gram_part(P->F, P->mf, P->lf, P->cplx, p, q, lane, HZGSVD__BAT_LANES, s);
        hzgsvd__bat_gram_part(P->G, P->mg, P->lg, P->cplx, p, q, lane, HZGSVD__BAT_LANES, s + 4);
        const double v = hzgsvd__bat_warp_sum8(s, lane);
        if ((lane & 3) == 0) piv->g[pos][lane >> 2] = v;
#else
        hzgsvd__bat_pivot_sums(P, p, q, lane, piv->g[pos]);
#endif
    }
}

/* Counts of one warp's lanes over a sweep (phase 2's). */
typedef struct hzgsvd__bat_count {
    unsigned all, big, fail;
} hzgsvd__bat_count;

/* Phase 2: the transformations, lane k of warp w < o->mwarps taking pivot w * per + k (per = the
 * pivots of a math warp).  A failed pivot (B-hat not positive definite) is left as the identity and
 * fails the sweep (the pair goes to the one-pair path). */
HZGSVD_HD static inline void hzgsvd__bat_step_math(const hzgsvd__bat_pair *P, const int *pq, int npiv, const hzgsvd__bat_opts *o,
                                                   hzgsvd__bat_pivots *piv, int warp, int lane, hzgsvd__bat_count *c)
{
    const int per = (npiv + o->mwarps - 1) / o->mwarps;
    if (warp >= o->mwarps) return;
    (void)lane;   /* the host plays every lane */
    for (int k = HZGSVD__BAT_LANE_FIRST(lane); k < per && warp * per + k < npiv; k += HZGSVD__BAT_LANE_STEP) {
        const int pos = warp * per + k, p = pq[2 * pos], q = pq[2 * pos + 1];
        hzgsvd__rot rot = hzgsvd__rot_identity();
        if (p < P->n && q < P->n) {
            rot = hzgsvd__bat_rot(piv->g[pos], P->cplx, o->variant, o->sort, o->tol);
            if (rot.fail) { c->fail = 1; rot = hzgsvd__rot_identity(); }
            c->all += (unsigned)rot.transform;
            c->big += (unsigned)rot.big;
        }
        piv->rot[pos].r = rot;
    }
}

/* Phase 3: the transformations applied to F, G and Z, one warp per pivot, and the sorting swaps
 * (complex: from the new column norms, as the one-pair engines decide it). */
HZGSVD_HD static inline void hzgsvd__bat_step_apply(const hzgsvd__bat_pair *P, const int *pq, int npiv, const hzgsvd__bat_opts *o,
                                                    const hzgsvd__bat_pivots *piv, int warp, int nwarps, int lane)
{
    for (int pos = warp; pos < npiv; pos += nwarps) {
        const int p = pq[2 * pos], q = pq[2 * pos + 1];
        if (p >= P->n || q >= P->n) continue;
        const hzgsvd__rot rot = piv->rot[pos].r;
        int swap = rot.swap;
        if (rot.transform) {
            for (int l = HZGSVD__BAT_LANE_FIRST(lane); l < HZGSVD__BAT_LANE_END(lane); ++l) {
                hzgsvd__bat_apply_rows(&rot, P->F, P->mf, P->lf, P->cplx, p, q, l, HZGSVD__BAT_LANES);
                hzgsvd__bat_apply_rows(&rot, P->G, P->mg, P->lg, P->cplx, p, q, l, HZGSVD__BAT_LANES);
                hzgsvd__bat_apply_rows(&rot, P->Z, P->n, P->lz, P->cplx, p, q, l, HZGSVD__BAT_LANES);
            }
            if (P->cplx) {   /* each lane reads back only the rows it wrote: no synchronisation needed */
                double a, b;
                hzgsvd__bat_nrm2_two(P->F, P->mf, P->lf, 1, p, q, lane, &a, &b);
                swap = hzgsvd__zswap(o->sort, a, b);
            }
        }
        if (swap)
            for (int l = HZGSVD__BAT_LANE_FIRST(lane); l < HZGSVD__BAT_LANE_END(lane); ++l) {
                hzgsvd__bat_swap_rows(P->F, P->mf, P->lf, P->cplx, p, q, l, HZGSVD__BAT_LANES);
                hzgsvd__bat_swap_rows(P->G, P->mg, P->lg, P->cplx, p, q, l, HZGSVD__BAT_LANES);
                hzgsvd__bat_swap_rows(P->Z, P->n, P->lz, P->cplx, p, q, l, HZGSVD__BAT_LANES);
            }
    }
}

/* One sweep: the strategy's steps, each in three barrier-separated phases.  The warps' counts and
 * failure flags are left in sh (read after the caller's barrier). */
HZGSVD_HD static inline void hzgsvd__bat_sweep(const hzgsvd__bat_pair *P, const hzgsvd__bat_opts *o, hzgsvd__bat_shared *sh,
                                               hzgsvd__bat_pivots *piv, int warp, int nwarps, int lane)
{
    hzgsvd__bat_count c = { 0, 0, 0 };
    const int npiv = o->nn / 2;
    for (int step = 0; step < o->steps; ++step) {
        const int *pq = o->table + (size_t)step * o->nn;
        hzgsvd__bat_step_sums(P, pq, npiv, piv, warp, nwarps, lane);
        HZGSVD__BAT_BARRIER();   /* the sums in piv->g */
        hzgsvd__bat_step_math(P, pq, npiv, o, piv, warp, lane, &c);
        HZGSVD__BAT_BARRIER();   /* the transformations in piv->rot */
        hzgsvd__bat_step_apply(P, pq, npiv, o, piv, warp, nwarps, lane);
        HZGSVD__BAT_BARRIER();   /* the columns updated before the next step sums them (and piv->g, piv->rot rewritten) */
    }
#ifdef __CUDA_ARCH__
    /* integer sums over the warp's lanes (any order gives the same); every lane of every warp calls them */
    c.all = __reduce_add_sync(0xffffffffu, c.all);
    c.big = __reduce_add_sync(0xffffffffu, c.big);
    c.fail = __reduce_add_sync(0xffffffffu, c.fail);
#endif
    if (HZGSVD__BAT_LEADER(lane)) { sh->wall[warp] = c.all; sh->wbig[warp] = c.big; sh->wflag[warp] = c.fail != 0; }
}

/* ---- the slot sweep (nn <= 16) ------------------------------------------------------------------
 * One warp takes a whole strategy step: pivot k of the step is slot k, G lanes a slot
 * (hzgsvd__bat_slot_lanes: 32 over the pivots rounded up to a power of two), lane = k G + g; lane g
 * sums, transforms and updates the rows g, g + G, g + 2G, ... of the pivot's columns of F, G and Z.
 * A slot's sums are its lanes' partials (ascending rows, one fma each, as in the three-phase sweep)
 * added by a butterfly over its G lanes (XOR distances G/2 .. 1), so every lane of the slot holds
 * the same sums and computes the same 2x2 transformation (the shared math): no shared-memory round
 * trip and no block barrier, a warp barrier between steps, and a step's instructions shared by all
 * its pivots (the three-phase sweep spends a warp per pivot on the sums and the updates and leaves
 * all but one warp waiting while the math runs; profiled at n = 16: 3,700 warp instructions a pair
 * and step, most of them addressing and waiting).  The sums' order differs from the three-phase
 * sweep's (G lanes instead of 32), so its bits do; the arithmetic is the same.  The layout depends
 * on nn only, never on the launch, so neither do the bits.  Measured against the three-phase
 * kernel (docs/PERFORMANCE.md): 1.6x at n = 8, 1.4x at n = 16; at n = 32 (two warps of eight
 * pivots, tried) no faster for real pairs and half as fast for complex ones, whose 80 KB of shared
 * memory leave two pairs an SM: there the three-phase kernel's four warps a pair hide more. */

#define HZGSVD__BAT_SLOTS_MAX_NN 16 /* the slot sweep's largest order (slots of at least 4 lanes) */
#define HZGSVD__BAT_SLOTS_MAX_DOUBLES 2560 /* and its largest working pair (20 KB: complex n = 16, m = 32) */

/* Whether the driver takes the slot kernel for a pair of order nn (n rounded up to even) whose
 * working copy takes pair_doubles doubles (hzgsvd__bat_pair_doubles) in shared memory: one warp a
 * pair leaves a larger pair's SM mostly idle.  Measured (one H100, docs/PERFORMANCE.md; slot /
 * three-phase pairs/s; working doubles): m = 2n 1.3-1.7x (up to 2560); real n = 8, m = 64 1.7x
 * (1088); complex n = 8, m = 64 1.15x (2176); real n = 16, m = 64 1.06x (2304); real n = 8,
 * m = 128 0.97x (2112); complex n = 16, m = 64 0.67x (4608); complex n = 8, m = 128 0.67x (4224);
 * real n = 16, m = 128 0.57x (4352); n = 16, m = 256 0.31x real, 0.16x complex. */
HZGSVD_HD static inline int hzgsvd__bat_slot_fits(int nn, size_t pair_doubles)
{
    return nn <= HZGSVD__BAT_SLOTS_MAX_NN && pair_doubles <= HZGSVD__BAT_SLOTS_MAX_DOUBLES;
}

/* Lanes G of a slot: 32 over the step's pivots rounded up to a power of two. */
HZGSVD_HD static inline int hzgsvd__bat_slot_lanes(int nn)
{
    int slots = 1;
    while (slots < nn / 2) slots <<= 1;
    return HZGSVD__BAT_LANES / slots;
}

/* The planes' leading dimension: m rows padded to u modulo 16, u the lanes that take one column's
 * consecutive rows at once (the slot sweep's G, else the column layout's L: hzgsvd__bat_pad_lanes).
 * A 64-bit shared-memory access serves a half-warp's 16 lanes in one wavefront where their
 * addresses fall into distinct 8-byte banks (address mod 16 doubles).  With ld = m a multiple of
 * 16, lane g of every slot hit one bank: at n = 16, m = 32 a load of the slot sweep took 8
 * wavefronts instead of 2, 75 % of the slot kernel's were excess, and the column layout's reads of
 * Z 16-way (device run 1 of session 22).  With ld = u (mod 16) a slot's G rows fill G banks and the
 * slots' columns start at multiples of G.  Storage only: no sum's order, so no bit, depends on it. */
HZGSVD_HD static inline int hzgsvd__bat_plane_ld(int m, int u)
{
    return u >= 16 ? m : m + ((u - m) & 15);
}

HZGSVD_HD static inline int hzgsvd__bat_pad_lanes(int n, int slot_sweep)
{
    return slot_sweep ? hzgsvd__bat_slot_lanes(hzgsvd__bat_order(n)) : hzgsvd__bat_col_lanes(n, 0);
}

#ifdef __CUDA_ARCH__
/* The butterfly over a slot's G lanes of v[0 .. 7] (real: 0-2 and 4-6, the others stay +0). */
__device__ __forceinline__ void hzgsvd__bat_slot_sum(double v[8], int cplx, int G)
{
    for (int d = G >> 1; d > 0; d >>= 1)
#pragma unroll
        for (int i = 0; i < 8; ++i)
            if (cplx || (i & 3) != 3) v[i] = __dadd_rn(v[i], __shfl_xor_sync(0xffffffffu, v[i], d));
}
#else
/* The same butterfly on the host: v[g][i] the partials of lane g < G; the sums end in v[0]. */
static inline void hzgsvd__bat_slot_sum_host(double v[][8], int G)
{
    for (int i = 0; i < 8; ++i) {
        double c[HZGSVD__BAT_LANES];
        for (int g = 0; g < G; ++g) c[g] = v[g][i];
        v[0][i] = hzgsvd__bat_item_sum_host(c, G);
    }
}
#endif

/* The transformation of slot sums s (hzgsvd__bat_pivot_sums' order), counted once a pivot (where
 * count); a failed pivot (B-hat not positive definite) is left as the identity and fails the sweep. */
HZGSVD_HD static inline hzgsvd__rot hzgsvd__bat_slot_rot(const double s[8], int cplx, const hzgsvd__bat_opts *o, int count, hzgsvd__bat_count *c)
{
    hzgsvd__rot rot = hzgsvd__bat_rot(s, cplx, o->variant, o->sort, o->tol);
    if (rot.fail) { c->fail = 1; rot = hzgsvd__rot_identity(); }
    if (count) { c->all += (unsigned)rot.transform; c->big += (unsigned)rot.big; }
    return rot;
}

/* Rows g, g + G, ... of pivot (p, q)'s columns of F, G and Z times Z-hat. */
HZGSVD_HD static inline void hzgsvd__bat_slot_apply(const hzgsvd__bat_pair *P, const hzgsvd__rot *rot, int p, int q, int g, int G)
{
    hzgsvd__bat_apply_rows(rot, P->F, P->mf, P->lf, P->cplx, p, q, g, G);
    hzgsvd__bat_apply_rows(rot, P->G, P->mg, P->lg, P->cplx, p, q, g, G);
    hzgsvd__bat_apply_rows(rot, P->Z, P->n, P->lz, P->cplx, p, q, g, G);
}

/* Rows g, g + G, ... of columns p and q of F, G and Z exchanged. */
HZGSVD_HD static inline void hzgsvd__bat_slot_swap(const hzgsvd__bat_pair *P, int p, int q, int g, int G)
{
    hzgsvd__bat_swap_rows(P->F, P->mf, P->lf, P->cplx, p, q, g, G);
    hzgsvd__bat_swap_rows(P->G, P->mg, P->lg, P->cplx, p, q, g, G);
    hzgsvd__bat_swap_rows(P->Z, P->n, P->lz, P->cplx, p, q, g, G);
}

/* One strategy step of the slot sweep (pq: the step's 2 npiv indices).  On the device each lane
 * takes its slot's rows; every lane runs the butterflies (a padding slot adds zeros). */
HZGSVD_HD static inline void hzgsvd__bat_slot_step(const hzgsvd__bat_pair *P, const int *pq, int npiv, const hzgsvd__bat_opts *o, int G,
                                                   int lane, hzgsvd__bat_count *c)
{
    const int cplx = P->cplx;
#ifdef __CUDA_ARCH__
    const int k = lane / G, g = lane % G;
    const int p = k < npiv ? pq[2 * k] : P->n, q = k < npiv ? pq[2 * k + 1] : P->n;
    const int on = p < P->n && q < P->n;
    double s[8] = { 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 };
    if (on) {
        hzgsvd__bat_gram_part(P->F, P->mf, P->lf, cplx, p, q, g, G, s);
        hzgsvd__bat_gram_part(P->G, P->mg, P->lg, cplx, p, q, g, G, s + 4);
    }
    hzgsvd__bat_slot_sum(s, cplx, G);
    hzgsvd__rot rot = hzgsvd__rot_identity();
    if (on) rot = hzgsvd__bat_slot_rot(s, cplx, o, g == 0, c);
    if (on && rot.transform) hzgsvd__bat_slot_apply(P, &rot, p, q, g, G);
    int swap = on && rot.swap;
    if (cplx) {   /* the sorting decision from the new column norms of F (every lane: the butterfly) */
        double nq[8] = { 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 };
        if (on && rot.transform) { nq[0] = hzgsvd__bat_nrm2_rows(P->F, P->mf, P->lf, 1, p, g, G); nq[1] = hzgsvd__bat_nrm2_rows(P->F, P->mf, P->lf, 1, q, g, G); }
        for (int d = G >> 1; d > 0; d >>= 1)
            for (int i = 0; i < 2; ++i) nq[i] = __dadd_rn(nq[i], __shfl_xor_sync(0xffffffffu, nq[i], d));
        if (on && rot.transform) swap = hzgsvd__zswap(o->sort, nq[0], nq[1]);
    }
    if (swap) hzgsvd__bat_slot_swap(P, p, q, g, G);
#else
    (void)lane;
    for (int k = 0; k < npiv; ++k) {
        const int p = pq[2 * k], q = pq[2 * k + 1];
        if (p >= P->n || q >= P->n) continue;
        double v[HZGSVD__BAT_LANES][8];
        for (int g = 0; g < G; ++g) {
            hzgsvd__bat_gram_part(P->F, P->mf, P->lf, cplx, p, q, g, G, v[g]);
            hzgsvd__bat_gram_part(P->G, P->mg, P->lg, cplx, p, q, g, G, v[g] + 4);
        }
        hzgsvd__bat_slot_sum_host(v, G);
        const hzgsvd__rot rot = hzgsvd__bat_slot_rot(v[0], cplx, o, 1, c);
        int swap = rot.swap;
        if (rot.transform) {
            for (int g = 0; g < G; ++g) hzgsvd__bat_slot_apply(P, &rot, p, q, g, G);
            if (cplx) {
                double np[HZGSVD__BAT_LANES], nq[HZGSVD__BAT_LANES];
                for (int g = 0; g < G; ++g) {
                    np[g] = hzgsvd__bat_nrm2_rows(P->F, P->mf, P->lf, 1, p, g, G);
                    nq[g] = hzgsvd__bat_nrm2_rows(P->F, P->mf, P->lf, 1, q, g, G);
                }
                swap = hzgsvd__zswap(o->sort, hzgsvd__bat_item_sum_host(np, G), hzgsvd__bat_item_sum_host(nq, G));
            }
        }
        if (swap)
            for (int g = 0; g < G; ++g) hzgsvd__bat_slot_swap(P, p, q, g, G);
    }
#endif
}

/* One sweep of the slot kind (a block of one warp); the counts into sh as hzgsvd__bat_sweep's. */
HZGSVD_HD static inline void hzgsvd__bat_sweep_slots(const hzgsvd__bat_pair *P, const hzgsvd__bat_opts *o, hzgsvd__bat_shared *sh, int lane)
{
    hzgsvd__bat_count c = { 0, 0, 0 };
    const int npiv = o->nn / 2, G = hzgsvd__bat_slot_lanes(o->nn);
    for (int step = 0; step < o->steps; ++step) {
        hzgsvd__bat_slot_step(P, o->table + (size_t)step * o->nn, npiv, o, G, lane, &c);
        HZGSVD__BAT_BARRIER_WARP();   /* the columns updated before the next step reads them */
    }
#ifdef __CUDA_ARCH__
    c.all = __reduce_add_sync(0xffffffffu, c.all);
    c.big = __reduce_add_sync(0xffffffffu, c.big);
    c.fail = __reduce_add_sync(0xffffffffu, c.fail);
#endif
    if (HZGSVD__BAT_LEADER(lane)) { sh->wall[0] = c.all; sh->wbig[0] = c.big; sh->wflag[0] = c.fail != 0; }
}

/* The sweeps until one applies no big transformation (the one-pair engines' stop rule,
 * hzgsvd__sweep_converged; from sweep P->min_sweeps on: a preconditioned start's first sweep does
 * not count).  Returns the verdict; res gets the counts. */
HZGSVD_HD static inline int hzgsvd__bat_iterate(const hzgsvd__bat_pair *P, const hzgsvd__bat_opts *o, hzgsvd__bat_shared *sh,
                                                hzgsvd__bat_pivots *piv, int warp, int nwarps, int lane, hzgsvd__bat_result *res)
{
    const int resc = HZGSVD__VAR_RESCALE(o->variant);
    for (int sweep = 0; sweep < o->max_sweeps; ++sweep) {
        if (!resc || sweep == 0) hzgsvd__bat_normalize(P, sweep == 0, !resc, o->col_lanes, warp, nwarps, lane);
        HZGSVD__BAT_BARRIER();
        if (o->slot_sweep) hzgsvd__bat_sweep_slots(P, o, sh, lane);
        else hzgsvd__bat_sweep(P, o, sh, piv, warp, nwarps, lane);
        HZGSVD__BAT_BARRIER();
        unsigned long long all = 0, big = 0;
        for (int w = 0; w < nwarps; ++w) { all += sh->wall[w]; big += sh->wbig[w]; }
        const int fail = hzgsvd__bat_flags(sh, nwarps);
        HZGSVD__BAT_BARRIER();   /* every thread has read the counts before the next sweep writes them */
        res->sweeps = sweep + 1; res->all += all; res->big += big;
        if (fail) return HZGSVD__BAT_PIVOT_FAIL;
        if (big == 0 && sweep + 1 >= P->min_sweeps) return HZGSVD__BAT_OK;
    }
    return HZGSVD__BAT_NO_CONVERGENCE;
}

/* The final rescale (section 3.4): U = F's columns normalised, V = G's, Z's columns by rho,
 * sigma_f, sigma_g, sigma into sh.  Returns the verdict (DEGENERATE where a column is). */
HZGSVD_HD static inline int hzgsvd__bat_rescale(const hzgsvd__bat_pair *P, hzgsvd__bat_shared *sh, int warp, int nwarps, int lane)
{
    int bad = 0;
    for (int j = warp; j < P->n; j += nwarps) {
        const hzgsvd__bat_final c = hzgsvd__bat_final_column(hzgsvd__bat_nrm2(P->F, P->mf, P->lf, P->cplx, j, lane),
                                                             hzgsvd__bat_nrm2(P->G, P->mg, P->lg, P->cplx, j, lane));
        for (int l = HZGSVD__BAT_LANE_FIRST(lane); l < HZGSVD__BAT_LANE_END(lane); ++l) {
            if (c.rf != 1.0) hzgsvd__bat_scale_rows(P->F, P->mf, P->lf, P->cplx, j, c.rf, l, HZGSVD__BAT_LANES);
            if (c.rg != 1.0) hzgsvd__bat_scale_rows(P->G, P->mg, P->lg, P->cplx, j, c.rg, l, HZGSVD__BAT_LANES);
            if (c.rho != 1.0) hzgsvd__bat_scale_rows(P->Z, P->n, P->lz, P->cplx, j, c.rho, l, HZGSVD__BAT_LANES);
        }
        bad |= c.bad;
        if (HZGSVD__BAT_LEADER(lane)) { sh->sf[j] = c.sf; sh->sg[j] = c.sg; sh->ss[j] = c.ss; }
    }
    if (HZGSVD__BAT_LEADER(lane)) sh->wflag[warp] = bad;
    HZGSVD__BAT_BARRIER();   /* Z's final columns and every sigma in place */
    bad = hzgsvd__bat_flags(sh, nwarps);
    HZGSVD__BAT_BARRIER();   /* read before the flags are written again */
    return bad ? HZGSVD__BAT_DEGENERATE : HZGSVD__BAT_OK;
}

/* The rank test of every column (after the refinement, as in the one-pair engines). */
HZGSVD_HD static inline int hzgsvd__bat_rank_test(const hzgsvd__bat_pair *P, hzgsvd__bat_shared *sh, int warp, int nwarps, int lane)
{
    int deg = 0;
    (void)lane;   /* the host plays every lane */
    for (int j0 = warp * HZGSVD__BAT_LANES; j0 < P->n; j0 += nwarps * HZGSVD__BAT_LANES)   /* a lane a column (a verdict's OR: any order) */
        for (int l = HZGSVD__BAT_LANE_FIRST(lane); l < HZGSVD__BAT_LANE_END(lane); ++l) {
            const int j = j0 + l;
            if (j < P->n) deg |= hzgsvd__bat_degenerate(P->Z, P->n, P->lz, P->cplx, j, sh->nf, sh->ng, sh->sf[j], sh->sg[j], P->mf, P->mg);
        }
#ifdef __CUDA_ARCH__
    deg = __any_sync(0xffffffffu, deg);
#endif
    if (HZGSVD__BAT_LEADER(lane)) sh->wflag[warp] = deg;
    HZGSVD__BAT_BARRIER();
    deg = hzgsvd__bat_flags(sh, nwarps);
    HZGSVD__BAT_BARRIER();
    return deg ? HZGSVD__BAT_DEGENERATE : HZGSVD__BAT_OK;
}

/* ---- sigma from the input pair (as hzgsvd_sigma_refine.h and the CPU engine's hzgsvd_cpu_refine.c.j2, by compensated dot products) ---- */

/* x 2^e as ldexp gives it (the correctly rounded product) by one multiplication where 2^e is a
 * normal number, so the same bits; ldexp itself outside (rare).  The device's ldexp is a library
 * routine of many instructions, and the refinement scales every entry of F z_j and G z_j. */
HZGSVD_HD static inline double hzgsvd__bat_ldexp(double x, int e)
{
    if (e < -1022 || e > 1023) return ldexp(x, e);
#ifdef __CUDA_ARCH__
    return x * __longlong_as_double((long long)(e + 1023) << 52);
#else
    return x * ldexp(1.0, e);
#endif
}

/* s + c += x y, one step of a compensated dot product (Ogita, Rump and Oishi's Dot2): the product's
 * error by an FMA, the sum's by TwoSum; s + c at the end is the dot product as accurate as in twice
 * the working precision, then rounded once (the error at most u |s + c| + gamma_k^2 sum |x y| over
 * the k terms).  On the device by round-to-nearest intrinsics, which nvcc never contracts into
 * FMAs (a contraction would spoil TwoSum under its default --fmad=true); host builds of it (the
 * emulation test) use -ffp-contract=off. */
HZGSVD_HD static inline void hzgsvd__bat_dot2_step(double x, double y, double *s, double *c)
{
#ifdef __CUDA_ARCH__
    const double h = __dmul_rn(x, y), r = fma(x, y, -h);
    const double t = __dadd_rn(*s, h), z = __dsub_rn(t, *s);
    *c = __dadd_rn(*c, __dadd_rn(__dadd_rn(__dsub_rn(*s, __dsub_rn(t, z)), __dsub_rn(h, z)), r));
#else
    const double h = x * y, r = fma(x, y, -h);
    const double t = *s + h, z = t - *s;
    *c += ((*s - (t - z)) + (h - z)) + r;
#endif
    *s = t;
}

/* The partial over rows first, first + stride, ... of ||Y z||^2 2^(-2 ez) for the final column z of Z
 * (column j): Y the caller's input (m x n, ld, interleaved where complex); each entry of Y z a
 * compensated dot product (hzgsvd__bat_dot2_step), rounded once, then scaled by 2^-ez (exact) so
 * that its square stays in range.  No scaling of the factors: Dot2's product y z and its error
 * term are the same reals whatever powers of two y and z are scaled by, so a scaling would give
 * the same bits where it stays in range and lose them where it does not (a tiny y scaled down by
 * its column's largest entry).  (The one-pair engines split the factors into exact heads and
 * tails instead, hzgsvd_sigma_refine.h, where the scalings keep the splits exact: the same
 * accuracy class at several times the instructions; docs/PERFORMANCE.md.) */
HZGSVD_HD static inline double hzgsvd__bat_refine_part(const double *Y, int ld, int m, const hzgsvd__bat_pair *P, int j, int ez,
                                                       int first, int stride)
{
    const int n = P->n, cplx = P->cplx, es = cplx ? 2 : 1;
    const double *zr = P->Z[0] + (size_t)j * P->lz, *zi = cplx ? P->Z[1] + (size_t)j * P->lz : NULL;
    double acc = 0.0;
    for (int r = first; r < m; r += 2 * stride) {   /* two rows at a time: two independent Dot2 chains (a row's bits as alone) */
        const int two = r + stride < m;
        double sr[2] = { 0.0, 0.0 }, cr[2] = { 0.0, 0.0 }, si[2] = { 0.0, 0.0 }, ci[2] = { 0.0, 0.0 };
        const double *y = Y + es * (size_t)r, *y2 = Y + es * (size_t)(two ? r + stride : r);
        HZGSVD__BAT_UNROLL4   /* the loads of four terms ahead of their (dependent) Dot2 steps */
        for (int k = 0; k < n; ++k, y += es * (size_t)ld, y2 += es * (size_t)ld) {
            const double br = zr[k];
            hzgsvd__bat_dot2_step(y[0], br, &sr[0], &cr[0]);
            hzgsvd__bat_dot2_step(y2[0], br, &sr[1], &cr[1]);
            if (!cplx) continue;
            const double bi = zi[k];
            for (int h = 0; h < 2; ++h) {
                const double *yh = h ? y2 : y;
                hzgsvd__bat_dot2_step(-yh[1], bi, &sr[h], &cr[h]);
                hzgsvd__bat_dot2_step(yh[0], bi, &si[h], &ci[h]);
                hzgsvd__bat_dot2_step(yh[1], br, &si[h], &ci[h]);
            }
        }
        for (int h = 0; h < 1 + two; ++h) {   /* in row order */
            const double vr = hzgsvd__bat_ldexp(sr[h] + cr[h], -ez);
            if (!cplx) { acc += vr * vr; continue; }
            const double vi = hzgsvd__bat_ldexp(si[h] + ci[h], -ez);
            acc += vr * vr + vi * vi;
        }
    }
    return acc;
}

/* sigma_j = ||F z_j|| / ||G z_j|| from the input pair for every column (sigma_f, sigma_g likewise,
 * hzgsvd__refine_set): the generalized singular values are stationary values of the quotient, so
 * the iterate's error enters squared.  The column layout: a column's L lanes split its rows. */
HZGSVD_HD static inline void hzgsvd__bat_refine_column(const hzgsvd__bat_shared *sh, int j, int zf, int zg, double a, double b, double out[3])
{
    out[0] = sh->sf[j]; out[1] = sh->sg[j]; out[2] = sh->ss[j];
    hzgsvd__refine_set(hzgsvd__bat_ldexp(sqrt(a), zf), hzgsvd__bat_ldexp(sqrt(b), zg), &out[0], &out[1], &out[2]);
}

HZGSVD_HD static inline void hzgsvd__bat_refine(const hzgsvd__bat_pair *P, hzgsvd__bat_shared *sh, int L, int warp, int nwarps, int lane)
{
    const int n = P->n;
#ifdef __CUDA_ARCH__
    const int C = HZGSVD__BAT_LANES / L;
    for (int base = warp * C; base < n; base += nwarps * C) {
        const int j = base + lane / L, g = lane % L, on = j < n;
        int zf = 0, zg = 0;   /* frexp exponents of the iterate's sigma_f, sigma_g: the partials' scalings */
        if (on) { (void)frexp(sh->sf[j], &zf); (void)frexp(sh->sg[j], &zg); }
        const double a = hzgsvd__bat_item_sum(on ? hzgsvd__bat_refine_part(P->F0, P->ldf0, P->mf, P, j, zf, g, L) : 0.0, L);
        const double b = hzgsvd__bat_item_sum(on ? hzgsvd__bat_refine_part(P->G0, P->ldg0, P->mg, P, j, zg, g, L) : 0.0, L);
        double out[3] = { 0.0, 0.0, 0.0 };
        if (on) hzgsvd__bat_refine_column(sh, j, zf, zg, a, b, out);
        HZGSVD__BAT_BARRIER_WARP();   /* every lane has read sh before a leader writes it */
        if (on && g == 0) { sh->sf[j] = out[0]; sh->sg[j] = out[1]; sh->ss[j] = out[2]; }
    }
#else
    (void)warp; (void)nwarps; (void)lane;
    for (int j = 0; j < n; ++j) {
        int zf, zg;
        (void)frexp(sh->sf[j], &zf);
        (void)frexp(sh->sg[j], &zg);
        double pa[HZGSVD__BAT_LANES], pb[HZGSVD__BAT_LANES], out[3];
        for (int g = 0; g < L; ++g) {
            pa[g] = hzgsvd__bat_refine_part(P->F0, P->ldf0, P->mf, P, j, zf, g, L);
            pb[g] = hzgsvd__bat_refine_part(P->G0, P->ldg0, P->mg, P, j, zg, g, L);
        }
        hzgsvd__bat_refine_column(sh, j, zf, zg, hzgsvd__bat_item_sum_host(pa, L), hzgsvd__bat_item_sum_host(pb, L), out);
        sh->sf[j] = out[0]; sh->sg[j] = out[1]; sh->ss[j] = out[2];
    }
#endif
    HZGSVD__BAT_BARRIER();
}

/* Column pair t of the upper triangle (i <= j, column by column: t = j (j + 1) / 2 + i). */
HZGSVD_HD static inline void hzgsvd__bat_upper_pair(int t, int *i, int *j)
{
    int c = (int)((sqrt(8.0 * t + 1.0) - 1.0) / 2.0);
    while (c * (c + 1) / 2 > t) --c;
    while ((c + 1) * (c + 2) / 2 <= t) ++c;
    *j = c;
    *i = t - c * (c + 1) / 2;
}

/* |x_i^H x_j - delta_ij| from the sums d (d[1] = 0 where real). */
HZGSVD_HD static inline double hzgsvd__bat_orth_dev(const double d[2], int i, int j, int cplx)
{
    const double re = d[0] - (double)(i == j);
    return cplx ? hypot(re, d[1]) : fabs(re);
}

/* max |x_i^H x_j - delta_ij| over the n columns of the normalised planes X (m rows): the upper
 * triangle's n (n + 1) / 2 entries in the column layout, the largest per warp, then over the warps
 * (a maximum: the same in any order; a NaN stays out, the finite checks catch NaN earlier). */
HZGSVD_HD static inline double hzgsvd__bat_orth(const hzgsvd__bat_pair *P, double *const X[2], int m, int ld, hzgsvd__bat_shared *sh, int L,
                                                int warp, int nwarps, int lane)
{
    const int n = P->n, count = n * (n + 1) / 2, cplx = P->cplx;
    double worst = 0.0;
#ifdef __CUDA_ARCH__
    const int C = HZGSVD__BAT_LANES / L;
    for (int base = warp * C; base < count; base += nwarps * C) {
        const int t = base + lane / L, g = lane % L, on = t < count;
        int i = 0, j = 0;
        double d[2] = { 0.0, 0.0 };
        if (on) {
            hzgsvd__bat_upper_pair(t, &i, &j);
            hzgsvd__bat_dot_part(X, i, X, j, m, ld, cplx, g, L, d);
        }
        d[0] = hzgsvd__bat_item_sum(d[0], L);
        if (cplx) d[1] = hzgsvd__bat_item_sum(d[1], L);
        const double dev = on ? hzgsvd__bat_orth_dev(d, i, j, cplx) : 0.0;
        worst = dev > worst ? dev : worst;
    }
    worst = hzgsvd__bat_item_max(worst, HZGSVD__BAT_LANES);
#else
    (void)lane;
    for (int t = 0; t < count; ++t) {
        int i, j;
        hzgsvd__bat_upper_pair(t, &i, &j);
        double p0[HZGSVD__BAT_LANES], p1[HZGSVD__BAT_LANES], d[2];
        for (int g = 0; g < L; ++g) {
            hzgsvd__bat_dot_part(X, i, X, j, m, ld, cplx, g, L, d);
            p0[g] = d[0]; p1[g] = d[1];
        }
        d[0] = hzgsvd__bat_item_sum_host(p0, L);
        d[1] = hzgsvd__bat_item_sum_host(p1, L);
        const double dev = hzgsvd__bat_orth_dev(d, i, j, cplx);
        worst = dev > worst ? dev : worst;
    }
#endif
    if (HZGSVD__BAT_LEADER(lane)) sh->wmax[warp] = worst;
    HZGSVD__BAT_BARRIER();
    worst = 0.0;
    for (int w = 0; w < nwarps; ++w) worst = sh->wmax[w] > worst ? sh->wmax[w] : worst;
    HZGSVD__BAT_BARRIER();
    return worst;
}

/* The whole run of one loaded pair (the planes hold F and G): checks, sweeps, final rescale, rank
 * test, U and V checks, output order in sh->order (output column c is working column order[c]).
 * Returns the verdict (res: the counts and where). */
HZGSVD_HD static inline int hzgsvd__bat_solve(const hzgsvd__bat_pair *P, const hzgsvd__bat_opts *o, hzgsvd__bat_shared *sh,
                                              hzgsvd__bat_pivots *piv, int warp, int nwarps, int lane, hzgsvd__bat_result *res)
{
    res->verdict = HZGSVD__BAT_OK; res->which = 0; res->where = 0; res->sweeps = 0; res->all = 0; res->big = 0; res->measure = 0.0;
    int v = hzgsvd__bat_check(P, sh, warp, nwarps, lane, res);
    HZGSVD__BAT_BARRIER();
    if (v == HZGSVD__BAT_OK) v = hzgsvd__bat_iterate(P, o, sh, piv, warp, nwarps, lane, res);
    if (v == HZGSVD__BAT_OK) v = hzgsvd__bat_rescale(P, sh, warp, nwarps, lane);
    if (v == HZGSVD__BAT_OK && o->refine) hzgsvd__bat_refine(P, sh, o->col_lanes, warp, nwarps, lane);
    if (v == HZGSVD__BAT_OK) v = hzgsvd__bat_rank_test(P, sh, warp, nwarps, lane);
    if (v == HZGSVD__BAT_OK) {
        const double tol = hzgsvd__bat_orth_tol(P->n);
        const double ou = hzgsvd__bat_orth(P, P->F, P->mf, P->lf, sh, o->col_lanes, warp, nwarps, lane);
        const double ov = hzgsvd__bat_orth(P, P->G, P->mg, P->lg, sh, o->col_lanes, warp, nwarps, lane);
        if (!(ou <= tol) || !(ov <= tol)) { v = HZGSVD__BAT_OFF_ORTHOGONAL; res->which = ou > tol ? 1 : 2; res->measure = ou > tol ? ou : ov; }
    }
    if (v == HZGSVD__BAT_OK) {
        for (int j0 = warp * HZGSVD__BAT_LANES; j0 < P->n; j0 += nwarps * HZGSVD__BAT_LANES)   /* a lane a column */
            for (int l = HZGSVD__BAT_LANE_FIRST(lane); l < HZGSVD__BAT_LANE_END(lane); ++l)
                if (j0 + l < P->n) sh->order[hzgsvd__bat_rank(sh->ss, P->n, j0 + l, o->sort)] = j0 + l;
        HZGSVD__BAT_BARRIER();
    }
    res->verdict = v;
    return v;
}
