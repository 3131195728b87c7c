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
