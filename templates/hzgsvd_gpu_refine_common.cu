/* What the GPU sigma refinement and the orthogonality check share across precisions: their buffer
 * layouts in the step workspace and the refinement's final kernel (the per-precision parts:
 * templates/hzgsvd_gpu_refine.cu.j2 and hzgsvd_gpu_orth.cu.j2; the products: templates/hzgsvd_gpu_gemm.cu). */

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
