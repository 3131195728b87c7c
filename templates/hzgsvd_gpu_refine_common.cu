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
