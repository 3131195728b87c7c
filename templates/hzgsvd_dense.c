/* The reduction's dense kernels written once for both precisions (es doubles per element; see
 * hzgsvd_dense_base.c); what is complex arithmetic is in hzgsvd_dense_arith.c.j2, chosen by es. */

/* The reflector of a vector and C := C H (hzgsvd__?_dn_house, _right) for es. */
HZGSVD_PRIVATE void hzgsvd__dn_house(int es, double *v, int len, int ia, double *tau, double *beta)
{
    if (es == 2) hzgsvd__z_dn_house(v, len, ia, tau, beta);
    else hzgsvd__d_dn_house(v, len, ia, tau, beta);
}

HZGSVD_PRIVATE void hzgsvd__dn_right(int es, const double *v, int len, double tau, double *Cm, int ldc, int nrows, double *tmp)
{
    if (es == 2) hzgsvd__z_dn_right(v, len, tau, Cm, ldc, nrows, tmp);
    else hzgsvd__d_dn_right(v, len, tau, Cm, ldc, nrows, tmp);
}

/* ---- The product C := C + alpha op(A) op(B) ------------------------------------------------------
 * op(X) is X ('N') or X^H (else; the transpose where real).  alpha is +1 or -1; d, where not NULL,
 * scales row i of op(A) by d[i] (real).  C is m x n, op(A) m x k, op(B) k x n.  Every element of C
 * is the chain c = fma(a_il, b_lj, c) over l = 0, 1, ..., k-1, from its value in C (complex:
 * re = fma(ar, br, re), re = fma(-ai, bi, re), im = fma(ar, bi, im), im = fma(ai, br, im)), with
 * a_il = (alpha d_i) op(A)_il rounded once: whatever the blocking and however the threads share
 * the blocks, the result is the same, and so is that of the plain loops taken where the packing
 * buffers cannot be allocated.  Blocked for the caches (KC, MC, NC); op(A) is packed in
 * micro-panels of MR rows (complex: the real parts, then the imaginary parts), op(B) in
 * micro-panels of NR columns ((re, im) pairs), and a micro-kernel keeps an MR x NR block of C in
 * registers.  The packing and the macro-kernel are compiled once per es (HZGSVD__SPECIALIZE; the
 * dispatchers below choose), since the product's OpenMP region sees es only as a variable. */

/* Packs the micro-panels p0..p1-1 of rows i0.. (mc in all) and inner indices l0..l0+kc-1 of op(A):
 * panel p holds, for each l, its MR rows (complex: the real parts, then the imaginary parts), zero
 * past mc. */
HZGSVD__SPECIALIZE void hzgsvd__dn_pack_a_es(char ta, int mc, int kc, int p0, int p1, const double *A, int lda, int i0, int l0,
                                             double alpha, const double *d, double *Ap, int es)
{
    const int MR = HZGSVD__DN_MR(es);
    for (int p = p0; p < p1; ++p) {
        double *dst = Ap + (size_t)es * MR * kc * p;
        const int r0 = MR * p, mr = mc - r0 < MR ? mc - r0 : MR;
        if (mr < MR) memset(dst, 0, sizeof(double) * es * MR * (size_t)kc);
        if (ta == 'N') {   /* along the columns of A */
            for (int l = 0; l < kc; ++l)
                for (int r = 0; r < mr; ++r) {
                    double x[2];
                    HZGSVD__DN_OPA(es, ta, A, lda, i0 + r0 + r, l0 + l, alpha * (d ? d[i0 + r0 + r] : 1.0), x);
                    dst[(size_t)es * MR * l + r] = x[0];
                    if (es == 2) dst[(size_t)es * MR * l + MR + r] = x[1];
                }
        } else {
            for (int r = 0; r < mr; ++r) {
                const double s = alpha * (d ? d[i0 + r0 + r] : 1.0);
                for (int l = 0; l < kc; ++l) {
                    double x[2];
                    HZGSVD__DN_OPA(es, ta, A, lda, i0 + r0 + r, l0 + l, s, x);
                    dst[(size_t)es * MR * l + r] = x[0];
                    if (es == 2) dst[(size_t)es * MR * l + MR + r] = x[1];
                }
            }
        }
    }
}

HZGSVD_PRIVATE void hzgsvd__dn_pack_a(int es, char ta, int mc, int kc, int p0, int p1, const double *A, int lda, int i0, int l0,
                                      double alpha, const double *d, double *Ap)
{
    if (es == 2) hzgsvd__dn_pack_a_es(ta, mc, kc, p0, p1, A, lda, i0, l0, alpha, d, Ap, 2);
    else hzgsvd__dn_pack_a_es(ta, mc, kc, p0, p1, A, lda, i0, l0, alpha, d, Ap, 1);
}

/* Packs the micro-panels p0..p1-1 of columns j0.. (nc in all), inner indices l0..l0+kc-1 of op(B):
 * panel p holds, for each l, its NR columns (complex: (re, im) pairs), zero past nc. */
HZGSVD__SPECIALIZE void hzgsvd__dn_pack_b_es(char tb, int nc, int kc, int p0, int p1, const double *Bm, int ldb, int j0, int l0,
                                             double *Bp, int es)
{
    const int NR = HZGSVD__DN_NR;
    for (int p = p0; p < p1; ++p) {
        double *dst = Bp + (size_t)es * NR * kc * p;
        for (int c = 0; c < NR; ++c) {
            const int jj = NR * p + c, j = j0 + jj;
            for (int l = 0; l < kc; ++l) {
                double *o = dst + (size_t)es * (NR * (size_t)l + c);
                if (jj >= nc) {
                    o[0] = 0.0;
                    if (es == 2) o[1] = 0.0;
                    continue;
                }
                const double *b = tb == 'N' ? Bm + (size_t)es * ((size_t)(l0 + l) + (size_t)j * ldb)
                                            : Bm + (size_t)es * ((size_t)j + (size_t)(l0 + l) * ldb);
                o[0] = b[0];
                if (es == 2) o[1] = tb == 'N' ? b[1] : -b[1];
            }
        }
    }
}

HZGSVD_PRIVATE void hzgsvd__dn_pack_b(int es, char tb, int nc, int kc, int p0, int p1, const double *Bm, int ldb, int j0, int l0, double *Bp)
{
    if (es == 2) hzgsvd__dn_pack_b_es(tb, nc, kc, p0, p1, Bm, ldb, j0, l0, Bp, 2);
    else hzgsvd__dn_pack_b_es(tb, nc, kc, p0, p1, Bm, ldb, j0, l0, Bp, 1);
}

/* The packed mc x kc block of op(A) times the column micro-panels q0..q1-1 of the packed block of
 * op(B), into C (the block's corner at Cm); edge blocks go through a local copy. */
HZGSVD__SPECIALIZE void hzgsvd__dn_macro_es(int mc, int nc, int kc, int q0, int q1, const double *Ap, const double *Bp, double *Cm, int ldc,
                                            int es)
{
    const int MR = HZGSVD__DN_MR(es), NR = HZGSVD__DN_NR;
    const int np = (mc + MR - 1) / MR;
    double tile[2 * 4 * HZGSVD__DN_NR];   /* es MR NR: the same for both */
    for (int q = q0; q < q1; ++q) {
        const int nr = nc - NR * q < NR ? nc - NR * q : NR;
        for (int p = 0; p < np; ++p) {
            const int mr = mc - MR * p < MR ? mc - MR * p : MR;
            double *c = Cm + (size_t)es * ((size_t)MR * p + (size_t)NR * q * ldc);
            const double *ap = Ap + (size_t)es * MR * kc * p, *bp = Bp + (size_t)es * NR * kc * q;
            if (mr == MR && nr == NR) {
                if (es == 2) hzgsvd__z_dn_kernel(kc, ap, bp, c, ldc);
                else hzgsvd__d_dn_kernel(kc, ap, bp, c, ldc);
                continue;
            }
            memset(tile, 0, sizeof tile);
            for (int jj = 0; jj < nr; ++jj) memcpy(tile + (size_t)es * MR * jj, c + (size_t)es * jj * ldc, sizeof(double) * es * (size_t)mr);
            if (es == 2) hzgsvd__z_dn_kernel(kc, ap, bp, tile, MR);
            else hzgsvd__d_dn_kernel(kc, ap, bp, tile, MR);
            for (int jj = 0; jj < nr; ++jj) memcpy(c + (size_t)es * jj * ldc, tile + (size_t)es * MR * jj, sizeof(double) * es * (size_t)mr);
        }
    }
}

HZGSVD_PRIVATE void hzgsvd__dn_macro(int es, int mc, int nc, int kc, int q0, int q1, const double *Ap, const double *Bp, double *Cm, int ldc)
{
    if (es == 2) hzgsvd__dn_macro_es(mc, nc, kc, q0, q1, Ap, Bp, Cm, ldc, 2);
    else hzgsvd__dn_macro_es(mc, nc, kc, q0, q1, Ap, Bp, Cm, ldc, 1);
}

HZGSVD_PRIVATE void hzgsvd__dn_mm(int es, char ta, char tb, int m, int n, int k, double alpha, const double *d, const double *A, int lda,
                                  const double *Bm, int ldb, double *Cm, int ldc)
{
    if (m <= 0 || n <= 0 || k <= 0) return;
    const int MR = HZGSVD__DN_MR(es), NR = HZGSVD__DN_NR;
    const int kcb = k < HZGSVD__DN_KC ? k : HZGSVD__DN_KC;
    const int mcb0 = (HZGSVD__DN_MC / MR) * MR, ncb0 = (HZGSVD__DN_NC / NR) * NR;
    const int mcb = m < mcb0 ? ((m + MR - 1) / MR) * MR : mcb0, ncb = n < ncb0 ? ((n + NR - 1) / NR) * NR : ncb0;
    const int par = (double)m * n * k > 2.0 * HZGSVD__DN_PAR;
    int nth = 1;
#ifdef _OPENMP
    if (par) nth = omp_get_max_threads();
#endif
    (void)par;
    const size_t na = (size_t)es * mcb * kcb, nbp = (size_t)es * ncb * kcb;
    double *buf = (double *)malloc(sizeof(double) * (nbp + na * (size_t)nth));
    if (!buf) {
        if (es == 2) hzgsvd__z_dn_mm_loops(ta, tb, m, n, k, alpha, d, A, lda, Bm, ldb, Cm, ldc);
        else hzgsvd__d_dn_mm_loops(ta, tb, m, n, k, alpha, d, A, lda, Bm, ldb, Cm, ldc);
        return;
    }
    double *Bp = buf, *Ap0 = buf + nbp;
    const int nib = (m + mcb - 1) / mcb;
    for (int jc = 0; jc < n; jc += ncb) {
        const int nc = n - jc < ncb ? n - jc : ncb, nq = (nc + NR - 1) / NR;
        for (int pc = 0; pc < k; pc += kcb) {
            const int kc = k - pc < kcb ? k - pc : kcb;
            double *c0 = Cm + (size_t)es * (size_t)jc * ldc;
#ifdef _OPENMP
#pragma omp parallel if (par) num_threads(nth)
#endif
            {
                int tid = 0, nt = 1;
#ifdef _OPENMP
                tid = omp_get_thread_num();
                nt = omp_get_num_threads();
#endif
#ifdef _OPENMP
#pragma omp for schedule(static)
#endif
                for (int q = 0; q < nq; ++q) hzgsvd__dn_pack_b(es, tb, nc, kc, q, q + 1, Bm, ldb, jc, pc, Bp);
                if (nib >= nt) {   /* row blocks among the threads, each packing its own */
#ifdef _OPENMP
#pragma omp for schedule(static)
#endif
                    for (int ib = 0; ib < nib; ++ib) {
                        const int i0 = ib * mcb, mc = m - i0 < mcb ? m - i0 : mcb;
                        double *Ap = Ap0 + na * (size_t)tid;
                        hzgsvd__dn_pack_a(es, ta, mc, kc, 0, (mc + MR - 1) / MR, A, lda, i0, pc, alpha, d, Ap);
                        hzgsvd__dn_macro(es, mc, nc, kc, 0, nq, Ap, Bp, c0 + (size_t)es * i0, ldc);
                    }
                } else {   /* few rows: one packed block of A at a time, its columns among the threads */
                    for (int ib = 0; ib < nib; ++ib) {
                        const int i0 = ib * mcb, mc = m - i0 < mcb ? m - i0 : mcb, np = (mc + MR - 1) / MR;
#ifdef _OPENMP
#pragma omp for schedule(static)
#endif
                        for (int p = 0; p < np; ++p) hzgsvd__dn_pack_a(es, ta, mc, kc, p, p + 1, A, lda, i0, pc, alpha, d, Ap0);
#ifdef _OPENMP
#pragma omp for schedule(static)
#endif
                        for (int q = 0; q < nq; ++q) hzgsvd__dn_macro(es, mc, nc, kc, q, q + 1, Ap0, Bp, c0 + (size_t)es * i0, ldc);
                    }
                }
            }
        }
    }
    free(buf);
}

/* ---- Compact WY: H_1 H_2 ... H_k = I - V T V^H ---------------------------------------------------- */

/* T (k x k, ld ldt, upper triangular) of the k reflectors in the columns of V (rows x k, ld ldv,
 * the zeros and ones of each vector stored) and tau: T(i, i) = tau_i, T(0:i, i) = -tau_i
 * T(0:i, 0:i) V(:, 0:i)^H v_i.  Gm: k x k elements of scratch. */
HZGSVD_PRIVATE void hzgsvd__dn_larft(int es, int rows, int k, const double *V, int ldv, const double *tau, double *T, int ldt, double *Gm)
{
    memset(Gm, 0, sizeof(double) * es * (size_t)k * k);
    hzgsvd__dn_mm(es, 'C', 'N', k, k, rows, 1.0, NULL, V, ldv, V, ldv, Gm, k);   /* G = V^H V */
    for (int i = 0; i < k; ++i) {
        if (es == 2) hzgsvd__z_dn_larft_col(i, k, tau[i], Gm, T, ldt);
        else hzgsvd__d_dn_larft_col(i, k, tau[i], Gm, T, ldt);
        for (int j = i; j < k; ++j) {
            double *t = T + (size_t)es * ((size_t)j + (size_t)i * ldt);
            t[0] = j == i ? tau[i] : 0.0;
            if (es == 2) t[1] = 0.0;
        }
    }
}

/* C := (I - V T V^H) C (trans 0: H_1 ... H_k C) or (I - V T^H V^H) C (trans 1: H_k ... H_1 C) for C
 * rows x ncols (ld ldc), V rows x k; W: k x ncols elements. */
HZGSVD_PRIVATE void hzgsvd__dn_larfb_left(int es, int trans, int rows, int ncols, int k, const double *V, int ldv, const double *T, int ldt,
                                          double *Cm, int ldc, double *W)
{
    if (rows <= 0 || ncols <= 0 || k <= 0) return;
    memset(W, 0, sizeof(double) * es * (size_t)k * ncols);
    hzgsvd__dn_mm(es, 'C', 'N', k, ncols, rows, 1.0, NULL, V, ldv, Cm, ldc, W, k);
    if (es == 2) hzgsvd__z_dn_trmm_left(trans, k, ncols, T, ldt, W, k);
    else hzgsvd__d_dn_trmm_left(trans, k, ncols, T, ldt, W, k);
    hzgsvd__dn_mm(es, 'N', 'N', rows, ncols, k, -1.0, NULL, V, ldv, W, k, Cm, ldc);
}

/* C := C (I - V T V^H) (trans 0: C H_1 ... H_k) or C (I - V T^H V^H) for C nrows x len (ld ldc),
 * V len x k; W: nrows x k elements. */
HZGSVD_PRIVATE void hzgsvd__dn_larfb_right(int es, int trans, int nrows, int len, int k, const double *V, int ldv, const double *T, int ldt,
                                           double *Cm, int ldc, double *W)
{
    if (nrows <= 0 || len <= 0 || k <= 0) return;
    memset(W, 0, sizeof(double) * es * (size_t)nrows * k);
    hzgsvd__dn_mm(es, 'N', 'N', nrows, k, len, 1.0, NULL, Cm, ldc, V, ldv, W, nrows);
    if (es == 2) hzgsvd__z_dn_trmm_right(trans, k, nrows, T, ldt, W, nrows);
    else hzgsvd__d_dn_trmm_right(trans, k, nrows, T, ldt, W, nrows);
    hzgsvd__dn_mm(es, 'N', 'C', nrows, len, k, -1.0, NULL, W, nrows, V, ldv, Cm, ldc);
}

/* Scratch (doubles) for hzgsvd__dn_qrcp, _rq, _lq and hzgsvd__gen_unreduce on a block of at most
 * srows rows and ncols columns of S. */
HZGSVD_PRIVATE size_t hzgsvd__dn_work_size(int es, int srows, int ncols)
{
    const size_t nb = HZGSVD__DN_NB, r = srows > 1 ? (size_t)srows : 1, c = ncols > 1 ? (size_t)ncols : 1;
    return (size_t)es * (nb * (r + 2 * c) + 2 * nb * nb + nb + r + c) + 3 * c;
}

/* The reflectors j0..j0+kb-1 of a QR (columns of Vr, rows j0..m-1) applied as one block reflector,
 * H_{j0+kb-1} ... H_{j0}, to rows j0.. of S's columns [c0, c1) (the block's own later columns; none
 * where c0 >= c1) and of those outside the block [col0, col0 + nc) within [lc0, lc1). */
HZGSVD_PRIVATE void hzgsvd__dn_qr_apply(int es, const hzgsvd__dn_block *B, int row0, int m, int col0, int nc, int lc0, int lc1, int c0,
                                        int c1, int j0, int kb, const double *Vr, int ldv, const double *tau, double *T, double *Gm,
                                        double *W)
{
    if (kb <= 0 || (c0 >= c1 && lc0 >= col0 && lc1 <= col0 + nc)) return;
    const double *V = Vr + (size_t)es * ((size_t)j0 + (size_t)j0 * ldv);
    const int ranges[3][2] = { {c0, c1}, {lc0, col0}, {col0 + nc, lc1} };
    hzgsvd__dn_larft(es, m - j0, kb, V, ldv, tau + j0, T, HZGSVD__DN_NB, Gm);
    for (int q = 0; q < 3; ++q)
        if (ranges[q][0] < ranges[q][1])
            hzgsvd__dn_larfb_left(es, 1, m - j0, ranges[q][1] - ranges[q][0], kb, V, ldv, T, HZGSVD__DN_NB,
                                  HZGSVD__DN_AT(es, B, row0 + j0, ranges[q][0]), B->lds, W);
}

/* Column jj of the block made into reflector jj (column jj of Vr: zeros above row jj, 1 at jj);
 * the column gets beta at row jj and zeros below. */
HZGSVD_PRIVATE void hzgsvd__dn_qr_reflector(int es, const hzgsvd__dn_block *B, int row0, int m, int col0, int jj, double *Vr, int ldv,
                                            double *tau)
{
    double *v = Vr + (size_t)es * jj * ldv, beta[2];
    memset(v, 0, sizeof(double) * es * (size_t)jj);
    memcpy(v + es * (size_t)jj, HZGSVD__DN_AT(es, B, row0 + jj, col0 + jj), sizeof(double) * es * (size_t)(m - jj));
    hzgsvd__dn_house(es, v + es * (size_t)jj, m - jj, 0, &tau[jj], beta);
    double *d = HZGSVD__DN_AT(es, B, row0 + jj, col0 + jj);
    memset(d, 0, sizeof(double) * es * (size_t)(m - jj));
    d[0] = beta[0];
    if (es == 2) d[1] = beta[1];
}

/* xGEQRF: the panel's columns only, then the block reflector on the block's later columns and
 * outside.  Returns the number of reflectors made. */
HZGSVD_PRIVATE int hzgsvd__dn_qrcp_unpivoted(const hzgsvd__dn_qrcp_state *S)
{
    const int es = S->es, m = S->m, nc = S->nc, nb = S->nb, steps = m < nc ? m : nc;
    int r = 0;
    for (int j = 0; j < steps; j += nb) {
        const int jb = steps - j < nb ? steps - j : nb;
        int kb = 0, stop = 0;
        for (int kk = 0; kk < jb; ++kk) {
            const int jj = j + kk;
            if (!(hzgsvd__dn_nrm2(es, HZGSVD__QR_A(jj, jj), m - jj, 1) > S->tol)) { stop = 1; break; }
            hzgsvd__dn_qr_reflector(es, S->B, S->row0, m, S->col0, jj, S->Vr, S->ldv, S->tau);
            if (kk + 1 < jb) {   /* the panel's later columns */
                double *const a = HZGSVD__QR_A(jj, jj + 1);
                if (es == 2) hzgsvd__z_dn_left(HZGSVD__QR_V(jj, jj), m - jj, S->tau[jj], a, S->lds, jb - kk - 1);
                else hzgsvd__d_dn_left(HZGSVD__QR_V(jj, jj), m - jj, S->tau[jj], a, S->lds, jb - kk - 1);
            }
            kb = kk + 1;
        }
        hzgsvd__dn_qr_apply(es, S->B, S->row0, m, S->col0, nc, S->lc0, S->lc1, S->col0 + j + jb, S->col0 + nc, j, kb, S->Vr, S->ldv, S->tau,
                            S->T, S->Gm, S->W);
        r = j + kb;
        if (stop) break;
    }
    return r;
}

/* The norms of the columns j.. on their rows j.. recomputed (vn1 = vn2), their marks cleared. */
HZGSVD_PRIVATE void hzgsvd__dn_qrcp_norms(const hzgsvd__dn_qrcp_state *S, int j)
{
    const int m = S->m, nc = S->nc;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if ((size_t)(m - j) * (nc - j) > HZGSVD__DN_PAR)
#endif
    for (int c = j; c < nc; ++c) { S->vn1[c] = S->vn2[c] = hzgsvd__dn_nrm2(S->es, HZGSVD__QR_A(j, c), m - j, 1); S->mark[c] = 0.0; }
}

/* Pivot p to column jj: whole columns of S, the panel's kk rows of Fc, the norms. */
HZGSVD_PRIVATE void hzgsvd__dn_qrcp_swap(const hzgsvd__dn_qrcp_state *S, int jj, int p, int kk)
{
    double *a = HZGSVD__DN_AT(S->es, S->B, 0, S->col0 + jj), *b = HZGSVD__DN_AT(S->es, S->B, 0, S->col0 + p);
    for (size_t i = 0; i < (size_t)S->es * S->B->srows; ++i) { const double t = a[i]; a[i] = b[i]; b[i] = t; }
    for (int i = 0; i < S->es * kk; ++i) { const double t = HZGSVD__QR_F(0, jj)[i]; HZGSVD__QR_F(0, jj)[i] = HZGSVD__QR_F(0, p)[i]; HZGSVD__QR_F(0, p)[i] = t; }
    double t = S->vn1[jj]; S->vn1[jj] = S->vn1[p]; S->vn1[p] = t;
    t = S->vn2[jj]; S->vn2[jj] = S->vn2[p]; S->vn2[p] = t;
}

/* One pivoted panel at column j of jb reflectors at most (xLAQPS): per step the pivot, its column
 * brought up to date, the norm test, the reflector, the later columns' Fc row, pivot row and norm.
 * *exact: whether vn1 holds recomputed norms (in and out).  Out: *kb reflectors made; *stop: the
 * largest recomputed norm is <= tol; *retry: a pivot's recomputed norm is <= tol (recompute every
 * norm, then choose again); *marked: a downdated norm is to be recomputed. */
HZGSVD_PRIVATE void hzgsvd__dn_qrcp_panel(const hzgsvd__dn_qrcp_state *S, int j, int jb, int *exact, int *kb, int *stop, int *retry, int *marked)
{
    const int es = S->es, m = S->m, nc = S->nc;
    const double tol3z = sqrt(ldexp(1.0, -53));
    *kb = 0; *stop = 0; *retry = 0; *marked = 0;
    for (int kk = 0; kk < jb; ++kk) {
        const int jj = j + kk;
        int p = jj;
        for (int c = jj + 1; c < nc; ++c)
            if (S->vn1[c] > S->vn1[p]) p = c;
        if (p != jj) hzgsvd__dn_qrcp_swap(S, jj, p, kk);
        if (es == 2) hzgsvd__z_dn_qrcp_catch_up(S, j, jj, kk);
        else hzgsvd__d_dn_qrcp_catch_up(S, j, jj, kk);
        if (!(hzgsvd__dn_nrm2(es, HZGSVD__QR_A(jj, jj), m - jj, 1) > S->tol)) {
            if (*exact && kk == 0) *stop = 1;   /* the largest recomputed norm is <= tol */
            else *retry = 1;                   /* recompute every norm, then choose again */
            break;
        }
        hzgsvd__dn_qr_reflector(es, S->B, S->row0, m, S->col0, jj, S->Vr, S->ldv, S->tau);
        *exact = 0;
        *kb = kk + 1;
        const double tj = S->tau[jj];
        if (es == 2) hzgsvd__z_dn_qrcp_aux(S, j, jj, kk, tj);
        else hzgsvd__d_dn_qrcp_aux(S, j, jj, kk, tj);
        const int nrest = nc - jj - 1;
        (void)nrest;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if ((size_t)(m - jj) * nrest > HZGSVD__DN_PAR)
#endif
        for (int c = jj + 1; c < nc; ++c) {
            if (es == 2) hzgsvd__z_dn_qrcp_column(S, c, j, jj, kk, tj, tol3z);
            else hzgsvd__d_dn_qrcp_column(S, c, j, jj, kk, tj, tol3z);
        }
        for (int c = jj + 1; c < nc && !*marked; ++c) *marked = S->mark[c] != 0.0;
        if (*marked) break;
    }
}

/* xLAQPS-style pivoted QR in panels (see hzgsvd__dn_qrcp).  Returns the number of reflectors made. */
HZGSVD_PRIVATE int hzgsvd__dn_qrcp_pivoted(const hzgsvd__dn_qrcp_state *S)
{
    const int es = S->es, m = S->m, nc = S->nc, nb = S->nb, steps = m < nc ? m : nc;
    int r = 0;
    hzgsvd__dn_qrcp_norms(S, 0);
    int exact = 1;   /* vn1 holds the recomputed norms of every remaining column */
    int j = 0;
    while (j < steps) {
        const int jb = steps - j < nb ? steps - j : nb;
        int kb, stop, retry, marked;
        hzgsvd__dn_qrcp_panel(S, j, jb, &exact, &kb, &stop, &retry, &marked);
        /* the panel's kb reflectors on the later columns' next rows (the pivot column of a retry is
         * up to date already; after a stop the rows are zeroed) and on the columns outside */
        const int c0 = j + kb + (retry ? 1 : 0);
        if (!stop && kb > 0 && c0 < nc && j + kb < m)   /* A -= V F^H */
            hzgsvd__dn_mm(es, 'N', 'N', m - j - kb, nc - c0, kb, -1.0, NULL, HZGSVD__QR_V(j + kb, j), S->ldv, HZGSVD__QR_F(0, c0), nb,
                          HZGSVD__QR_A(j + kb, c0), S->lds);
        hzgsvd__dn_qr_apply(es, S->B, S->row0, m, S->col0, nc, S->lc0, S->lc1, 0, 0, j, kb, S->Vr, S->ldv, S->tau, S->T, S->Gm, S->W);
        j += kb;
        r = j;
        if (stop) break;
        if (retry) {
            hzgsvd__dn_qrcp_norms(S, j);
            exact = 1;
        } else if (marked) {
            for (int c = j; c < nc; ++c)
                if (S->mark[c] != 0.0) { S->vn1[c] = S->vn2[c] = hzgsvd__dn_nrm2(es, HZGSVD__QR_A(j, c), m - j, 1); S->mark[c] = 0.0; }
        }
    }
    return r;
}

/* Householder QR of the block rows row0..row0+m-1, columns col0..col0+nc-1 of S, with column
 * pivoting (pivot = the largest remaining column norm, the first of equals) when pivot != 0.  It
 * stops at the first pivot column whose norm is <= tol and returns the number r of reflectors made
 * (the numerical rank); the rest of the block is set to zero (it is below tol).  The reflectors act
 * on the columns lc0..lc1-1 of these rows; a pivot swap exchanges whole columns of S.  Reflector j
 * is kept as column j of Vr (ld ldv; rows j..m-1 significant, the rest zero) with tau[j].
 * work: hzgsvd__dn_work_size(es, m, lc1 - lc0) doubles.
 *
 * Blocked in panels of HZGSVD__DN_NB reflectors.  Without pivoting (LAPACK's xGEQRF): a panel is
 * factored on its own columns, then applied to the rest as one block reflector.  With pivoting
 * (LAPACK's xLAQPS): the column norms are downdated after each reflector from the pivot row (kept
 * up to date by the panel's F = A^H V T), the rest of the columns updated once per panel
 * (A -= V F^H); a norm whose downdate loses too much (LAPACK's tol3z test) ends the panel and is
 * recomputed.  The stop is decided on recomputed norms: where the pivot column's recomputed norm
 * is <= tol, the panel so far is applied and every remaining norm recomputed, and the pivot chosen
 * again from those; the factorization stops only when the largest recomputed norm is <= tol. */
HZGSVD_PRIVATE int hzgsvd__dn_qrcp(int es, const hzgsvd__dn_block *B, int row0, int m, int col0, int nc, int lc0, int lc1,
                                   int pivot, double tol, double *Vr, int ldv, double *tau, double *work)
{
    const int nb = HZGSVD__DN_NB;
    hzgsvd__dn_qrcp_state st;
    hzgsvd__dn_qrcp_state *const S = &st;
    S->B = B; S->es = es; S->row0 = row0; S->m = m; S->col0 = col0; S->nc = nc; S->lc0 = lc0; S->lc1 = lc1;
    S->nb = nb; S->lds = B->lds; S->ldv = ldv; S->tol = tol; S->Vr = Vr; S->tau = tau;
    S->vn1 = work; S->vn2 = S->vn1 + nc; S->mark = S->vn2 + nc;
    S->Fc = S->mark + nc;
    S->T = S->Fc + (size_t)es * nb * nc; S->Gm = S->T + (size_t)es * nb * nb; S->aux = S->Gm + (size_t)es * nb * nb;
    S->vs = S->aux + (size_t)es * nb; S->W = S->vs + (size_t)es * m;
    const int r = pivot ? hzgsvd__dn_qrcp_pivoted(S) : hzgsvd__dn_qrcp_unpivoted(S);
    for (int c = 0; c < nc; ++c)
        if (m > r) memset(HZGSVD__QR_A(r, c), 0, sizeof(double) * es * (size_t)(m - r));
    return r;
}

/* The row reflectors of the rows row0 + i of S, i = r-1 down to 0 (rq) or 0 up to r-1 (lq), on the
 * columns col0.. (nc in all): row i (conjugated) is made into its reflector, which is applied from
 * the right to every other row of S, and becomes conj(beta) at its pivot and zeros elsewhere.  RQ:
 * row i's reflector spans nc - r + i + 1 columns, pivot the last; LQ: the columns col0 + i.., pivot
 * the first.  Blocked: a panel of HZGSVD__DN_NB rows is reduced among its own rows, then applied to
 * the other rows as one block reflector; rows done before are zero where it acts and are left out.
 * work: hzgsvd__dn_work_size(es, B->srows, nc) doubles. */
HZGSVD_PRIVATE void hzgsvd__dn_rows(int es, const hzgsvd__dn_block *B, int row0, int r, int col0, int nc, int rq, double *work)
{
    const int nb = HZGSVD__DN_NB, lds = B->lds;
    double *Vb = work, *T = Vb + (size_t)es * nb * nc, *Gm = T + (size_t)es * nb * nb, *taus = Gm + (size_t)es * nb * nb;
    double *v = taus + nb, *tmp = v + (size_t)es * nc, *W = tmp + (size_t)es * nb;   /* W: srows x nb */
    for (int blk = 0; blk < r; blk += nb) {
        const int kb = r - blk < nb ? r - blk : nb;
        const int vc0 = rq ? col0 : col0 + blk, vlen = nc - blk;   /* the columns the panel's reflectors span */
        const int pr0 = rq ? r - blk - kb : blk;                 /* the panel's rows: pr0 .. pr0 + kb - 1 */
        memset(Vb, 0, sizeof(double) * es * (size_t)vlen * kb);
        for (int q = 0; q < kb; ++q) {
            const int i = rq ? r - 1 - blk - q : blk + q;
            const int len = rq ? nc - r + i + 1 : nc - i, c0 = rq ? col0 : col0 + i, ia = rq ? len - 1 : 0;
            double beta[2];
            for (int c = 0; c < len; ++c) {   /* the row, conjugated */
                const double *s = HZGSVD__DN_AT(es, B, row0 + i, c0 + c);
                v[es * c] = s[0];
                if (es == 2) v[2 * c + 1] = -s[1];
            }
            hzgsvd__dn_house(es, v, len, ia, &taus[q], beta);
            /* the panel's rows still to do */
            if (rq) hzgsvd__dn_right(es, v, len, taus[q], HZGSVD__DN_AT(es, B, row0 + pr0, c0), lds, i - pr0, tmp);
            else hzgsvd__dn_right(es, v, len, taus[q], HZGSVD__DN_AT(es, B, row0 + i + 1, c0), lds, pr0 + kb - i - 1, tmp);
            memcpy(Vb + (size_t)es * ((size_t)(c0 - vc0) + (size_t)q * vlen), v, sizeof(double) * es * (size_t)len);
            for (int c = 0; c < len; ++c) {   /* conj(beta) at the pivot */
                double *s = HZGSVD__DN_AT(es, B, row0 + i, c0 + c);
                s[0] = c == ia ? beta[0] : 0.0;
                if (es == 2) s[1] = c == ia ? -beta[1] : 0.0;
            }
        }
        /* the other rows: those before the block of r rows and after it, and the block's rows still to
         * do (rq: before the panel, lq: after it) */
        hzgsvd__dn_larft(es, vlen, kb, Vb, vlen, taus, T, nb, Gm);
        const int top = rq ? row0 + pr0 : row0, bot = rq ? row0 + r : row0 + pr0 + kb;
        hzgsvd__dn_larfb_right(es, 0, top, vlen, kb, Vb, vlen, T, nb, HZGSVD__DN_AT(es, B, 0, vc0), lds, W);
        hzgsvd__dn_larfb_right(es, 0, B->srows - bot, vlen, kb, Vb, vlen, T, nb, HZGSVD__DN_AT(es, B, bot, vc0), lds, W);
    }
}

/* RQ of the r x nc block (rows row0.., columns col0.., r <= nc): it becomes [0 T], T upper
 * triangular in the last r columns; the unitary factor is applied to the same columns of all rows
 * of S.  work: hzgsvd__dn_work_size(es, B->srows, nc) doubles. */
HZGSVD_PRIVATE void hzgsvd__dn_rq(int es, const hzgsvd__dn_block *B, int row0, int r, int col0, int nc, double *work)
{
    hzgsvd__dn_rows(es, B, row0, r, col0, nc, 1, work);
}

/* LQ of the r x nc block (r <= nc): it becomes [L 0], L lower triangular in the first r columns;
 * the unitary factor is applied to the same columns of all rows of S. */
HZGSVD_PRIVATE void hzgsvd__dn_lq(int es, const hzgsvd__dn_block *B, int row0, int r, int col0, int nc, double *work)
{
    hzgsvd__dn_rows(es, B, row0, r, col0, nc, 0, work);
}

/* X := T^-1 X for T upper triangular (k x k, ld ldt, nonsingular) and X k x nrhs (ld ldx): blocks
 * of rows from the last, each first updated by the rows solved (a product), then solved. */
HZGSVD_PRIVATE void hzgsvd__dn_trsm_upper(int es, const double *T, int ldt, int k, double *Xm, int ldx, int nrhs)
{
    const int bs = 64;
    for (int i1 = k; i1 > 0; i1 -= bs) {
        const int i0 = i1 - bs > 0 ? i1 - bs : 0;
        if (i1 < k)
            hzgsvd__dn_mm(es, 'N', 'N', i1 - i0, nrhs, k - i1, -1.0, NULL, T + (size_t)es * ((size_t)i0 + (size_t)i1 * ldt), ldt,
                          Xm + (size_t)es * i1, ldx, Xm + (size_t)es * i0, ldx);
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if ((size_t)(i1 - i0) * (i1 - i0) * nrhs > 2 * HZGSVD__DN_PAR)
#endif
        for (int j = 0; j < nrhs; ++j) {
            if (es == 2) hzgsvd__z_dn_trsm_col(T, ldt, i0, i1, Xm + (size_t)2 * j * ldx);
            else hzgsvd__d_dn_trsm_col(T, ldt, i0, i1, Xm + (size_t)j * ldx);
        }
    }
}
