/* X on request and LAPACK's xGGSVD3 interface, both precisions (the table X of the reduction,
 * hzgsvd__dense_prec, gives the doubles per element C and the dense kernels): the general
 * pair's GSVD in our form with X, then X's RQ factorization X = [0 R] Q^H (rows K + L), which is
 * LAPACK's U^H A Q = D1 [0 R], V^H B Q = D2 [0 R] (docs/API.md, "LAPACK-compatible entry"). */

/* The whole-pair engine `any` (hzgsvd__?_gsvd_any on the CPU) with X (n x n, ldx) as well; X NULL: without.  Z NULL: an internal one.  X is
 * computed from F0, G0 (ld ldf0, ldg0), unchanged copies of the input the caller already holds; NULL:
 * copies taken here. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gsvdx(const hzgsvd__dense_prec *D, int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                         double *X, int ldx, double *sigma_f, double *sigma_g, double *sigma,
                                         const double *F0, int ldf0, const double *G0, int ldg0,
                                         const hzgsvd_options *o, hzgsvd_info *info, double t0, hzgsvd__any_engine any)
{
    const int C = D->planes;
    if (!X) return any(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, o, info, t0);
    hzgsvd_info local;
    if (!info) { info = &local; hzgsvd__info_reset(info); }
    const size_t nf = F0 ? 0 : (size_t)m_f * n, ng = G0 ? 0 : (size_t)m_g * n, nz = Z ? 0 : (size_t)n * n;
    double *mem = (double *)malloc(sizeof(double) * (C * (nf + ng + nz) + 4 * (size_t)n));
    if (!mem) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the copies of F and G that X is computed from");
    double *Zw = Z ? Z : mem + C * (nf + ng), *sf = mem + C * (nf + ng + nz), *sg = sf + n, *w = sg + n;
    const int ldzw = Z ? ldz : n;
    if (!F0) { hzgsvd__gen_copy(D, F, ldf, m_f, n, 0, mem, m_f); F0 = mem; ldf0 = m_f; }
    if (!G0) { hzgsvd__gen_copy(D, G, ldg, m_g, n, 0, mem + C * nf, m_g); G0 = mem + C * nf; ldg0 = m_g; }
    const hzgsvd_status st = any(m_f, m_g, n, F, ldf, G, ldg, Zw, ldzw, sf, sg, sigma, o, info, t0);
    int xbad = 0, xi, xj = 0;
    if (info->outputs_written) {
        hzgsvd__gen_x(D, m_f, m_g, n, F0, ldf0, G0, ldg0, F, ldf, G, ldg, Zw, ldzw, sf, sg, X, ldx, w);
        if (sigma_f) memcpy(sigma_f, sf, sizeof(double) * (size_t)n);
        if (sigma_g) memcpy(sigma_g, sg, sizeof(double) * (size_t)n);
        xbad = hzgsvd__gen_nonfinite(D, X, n, n, ldx, &xi, &xj);
    }
    free(mem);
    if (xbad && (st == HZGSVD_SUCCESS || st == HZGSVD_ERR_NO_CONVERGENCE))
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE, "column %d of X is outside the double range (outputs written)", xj + 1);
    return st;
}

/* Columns t..m-1 of W (m x m, ld ldw) set to an orthonormal basis of the complement of its first t
 * (orthonormal) columns: Householder QR of those, then its unitary factor times [0; I]. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__lp_complete(const hzgsvd__dense_prec *D, double *W, int ldw, int m, int t, hzgsvd_info *info)
{
    const int C = D->planes;
    if (t >= m) return HZGSVD_SUCCESS;
    const size_t n_work = hzgsvd__dn_work_size(C, m, m);
    double *mem = (double *)calloc(C * (2 * (size_t)m * (t > 0 ? t : 1)) + n_work + (size_t)t + 1, sizeof(double));
    if (!mem) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the completion of a %d x %d basis", m, t);
    double *T = mem, *Vr = T + C * (size_t)m * (t > 0 ? t : 1), *work = Vr + C * (size_t)m * (t > 0 ? t : 1), *tau = work + n_work;
    hzgsvd__dn_block B = {T, m, m};
    if (t > 0) {
        hzgsvd__gen_copy(D, W, ldw, m, t, 0, T, m);
        (void)hzgsvd__dn_qrcp(C, &B, 0, m, 0, t, 0, t, 0, -1.0, Vr, m, tau, work);
    }
    hzgsvd__gen_unit(D, W + (size_t)C * t * ldw, ldw, m, m - t, t);
    hzgsvd__gen_unreduce(D, Vr, m, tau, t, m, W + (size_t)C * t * ldw, ldw, m - t, work);
    free(mem);
    return HZGSVD_SUCCESS;
}

/* xGGSVD3 on the whole-pair engine `any`; w_default: the block width that options.block_width = 0
 * stands for (0: left to the engine). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__ggsvd3(const hzgsvd__dense_prec *D, char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                                          double *A, int lda, double *B, int ldb, double *alpha, double *beta,
                                          double *U, int ldu, double *V, int ldv, double *Q, int ldq, int *iwork,
                                          const hzgsvd_options *opt, hzgsvd_info *info, int w_default, hzgsvd__any_engine any)
{
    const int C = D->planes;
    const double t0 = hzgsvd__now();
    hzgsvd_options o = hzgsvd__with_width(opt, w_default);
    hzgsvd__info_reset(info);
    const int wu = jobu == 'U' || jobu == 'u', wv = jobv == 'V' || jobv == 'v', wq = jobq == 'Q' || jobq == 'q';
    /* LAPACK's argument numbers (INFO = -i) */
    const char *bad = NULL;
    int arg = 0;
    if (!wu && jobu != 'N' && jobu != 'n') { arg = 1; bad = "JOBU must be 'U' or 'N'"; }
    else if (!wv && jobv != 'N' && jobv != 'n') { arg = 2; bad = "JOBV must be 'V' or 'N'"; }
    else if (!wq && jobq != 'N' && jobq != 'n') { arg = 3; bad = "JOBQ must be 'Q' or 'N'"; }
    else if (m < 0) { arg = 4; bad = "M < 0"; }
    else if (n < 0) { arg = 5; bad = "N < 0"; }
    else if (p < 0) { arg = 6; bad = "P < 0"; }
    else if (!k) { arg = 7; bad = "K is NULL"; }
    else if (!l) { arg = 8; bad = "L is NULL"; }
    else if (!A && m > 0 && n > 0) { arg = 9; bad = "A is NULL"; }
    else if (lda < (m > 1 ? m : 1)) { arg = 10; bad = "LDA < max(1, M)"; }
    else if (!B && p > 0 && n > 0) { arg = 11; bad = "B is NULL"; }
    else if (ldb < (p > 1 ? p : 1)) { arg = 12; bad = "LDB < max(1, P)"; }
    else if (n > 0 && (!alpha || !beta)) { arg = alpha ? 14 : 13; bad = "ALPHA or BETA is NULL"; }
    else if (wu && !U && m > 0) { arg = 15; bad = "U is NULL with JOBU = 'U'"; }
    else if (ldu < 1 || (wu && ldu < m)) { arg = 16; bad = "LDU < 1, or LDU < M with JOBU = 'U'"; }
    else if (wv && !V && p > 0) { arg = 17; bad = "V is NULL with JOBV = 'V'"; }
    else if (ldv < 1 || (wv && ldv < p)) { arg = 18; bad = "LDV < 1, or LDV < P with JOBV = 'V'"; }
    else if (wq && !Q && n > 0) { arg = 19; bad = "Q is NULL with JOBQ = 'Q'"; }
    else if (ldq < 1 || (wq && ldq < n)) { arg = 20; bad = "LDQ < 1, or LDQ < N with JOBQ = 'Q'"; }
    else if (!iwork && n > 0) { arg = 21; bad = "IWORK is NULL"; }
    if (bad) return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "argument %d: %s", arg, bad);
    o.sort = 1;   /* LAPACK's layout needs the sigma = 0 columns after the others */
    if (o.preprocess == -1) o.preprocess = 1;   /* LAPACK's semantics: ranks decided by its tolerances, U, V, Q from unitary reductions */
    static const double probe = 0.0;   /* stands in for arrays the option checks do not look at */
    hzgsvd_status st = hzgsvd__check_args_general(0, 0, n > 0 ? n : 1, &probe, 1, &probe, 1, &probe, n > 0 ? n : 1, &o, info);
    if (st != HZGSVD_SUCCESS) return st;
    *k = 0; *l = 0;
    if (n == 0) {
        if (wu) hzgsvd__gen_unit(D, U, ldu, m, m, 0);
        if (wv) hzgsvd__gen_unit(D, V, ldv, p, p, 0);
        if (info) { info->seconds = hzgsvd__now() - t0; snprintf(info->detail, sizeof info->detail, "N = 0: nothing to do"); }
        return HZGSVD_SUCCESS;
    }
    hzgsvd_info local;
    hzgsvd_info *inf = info ? info : &local;
    if (!info) hzgsvd__info_reset(inf);
    const size_t nF = (size_t)m * n, nG = (size_t)p * n, nn = (size_t)n * n;
    double *mem = (double *)malloc(sizeof(double) * (C * (nF + nG + 2 * nn) + 2 * (size_t)n));
    if (!mem) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the working copies of A and B");
    double *F = mem, *G = F + C * nF, *Z = G + C * nG, *X = Z + C * nn, *sf = X + C * nn, *sg = sf + n;
    hzgsvd__gen_copy(D, A, lda, m, n, 0, F, m > 0 ? m : 1);
    hzgsvd__gen_copy(D, B, ldb, p, n, 0, G, p > 0 ? p : 1);
    /* X from A and B themselves: they stay as they came until R is written into them below */
    st = hzgsvd__gsvdx(D, m, p, n, F, m > 0 ? m : 1, G, p > 0 ? p : 1, Z, n, X, n, sf, sg, NULL, A, lda, B, ldb, &o, inf, t0, any);
    if (!inf->outputs_written) { free(mem); return st; }
    const int kk = inf->rank_k, ll = inf->rank_l, r = kk + ll;
    /* RQ of X's first r rows: S2 = [X_r; I] becomes [[0 R]; Q] */
    double *S2 = (double *)calloc(C * (size_t)(r + n) * n + hzgsvd__dn_work_size(C, r + n, n), sizeof(double));
    if (!S2) { free(mem); return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the RQ factorization of X"); }
    double *rw = S2 + C * (size_t)(r + n) * n;
    hzgsvd__dn_block SB = {S2, r + n, r + n};
    hzgsvd__gen_copy(D, X, n, r, n, 0, S2, r + n);
    for (int j = 0; j < n; ++j) S2[(size_t)C * ((size_t)(r + j) + (size_t)j * (r + n))] = 1.0;
    hzgsvd__dn_rq(C, &SB, 0, r, 0, n, rw);
    /* R into A (and its rows past M into B), the strict lower triangle of the block zero */
    for (int j = 0; j < r; ++j)
        for (int i = 0; i < r; ++i) {
            const double *s = HZGSVD__DN_AT(C, &SB, i, n - r + j);
            double *d = NULL;
            if (i < m) d = A + (size_t)C * ((size_t)i + (size_t)(n - r + j) * lda);
            else if (j >= m) d = B + (size_t)C * ((size_t)(i - kk) + (size_t)(n - r + j) * ldb);
            if (!d) continue;
            d[0] = i <= j ? s[0] : 0.0;
            if (C == 2) d[1] = i <= j ? s[1] : 0.0;
        }
    for (int i = 0; i < n; ++i) {
        alpha[i] = i < r ? sf[i] : 0.0;
        beta[i] = i < r ? sg[i] : 0.0;
        iwork[i] = i + 1;   /* alpha(K+1 : min(M, K+L)) is already in descending order */
    }
    *k = kk; *l = ll;
    if (wq) hzgsvd__gen_copy(D, HZGSVD__DN_AT(C, &SB, r, 0), r + n, n, n, 0, Q, ldq);
    int bi, bj;   /* never a success with values outside the double range: R (all of it, also rows past M) */
    int nonfinite = hzgsvd__gen_nonfinite(D, HZGSVD__DN_AT(C, &SB, 0, n - r), r, r, r + n, &bi, &bj);
    free(S2);
    hzgsvd_status st2 = HZGSVD_SUCCESS;
    /* U: our columns with sigma_f > 0 (the K, then the core ones), then a completion; V: the L columns, then a completion */
    int t = 0;
    while (t < r && sf[t] > 0.0) ++t;
    if (wu && m > 0) {
        hzgsvd__gen_copy(D, F, m, m, t < m ? t : m, 0, U, ldu);
        st2 = hzgsvd__lp_complete(D, U, ldu, m, t, info);
    }
    if (wv && p > 0 && st2 == HZGSVD_SUCCESS) {
        hzgsvd__gen_copy(D, G + (size_t)C * kk * p, p, p, ll, 0, V, ldv);
        st2 = hzgsvd__lp_complete(D, V, ldv, p, ll, info);
    }
    free(mem);
    if (st2 != HZGSVD_SUCCESS) return st2;
    for (int i = 0; i < n; ++i) nonfinite |= !isfinite(alpha[i]) || !isfinite(beta[i]);
    nonfinite = nonfinite || (wu && hzgsvd__gen_nonfinite(D, U, m, m, ldu, &bi, &bj)) || (wv && hzgsvd__gen_nonfinite(D, V, p, p, ldv, &bi, &bj)) ||
          (wq && hzgsvd__gen_nonfinite(D, Q, n, n, ldq, &bi, &bj));
    if (nonfinite && (st == HZGSVD_SUCCESS || st == HZGSVD_ERR_NO_CONVERGENCE))
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE, "a result (R, U, V or Q) is outside the double range (outputs written)");
    if (info) {
        info->seconds = hzgsvd__now() - t0;
        if (st == HZGSVD_SUCCESS)
            snprintf(info->detail, sizeof info->detail, "K = %d, L = %d, %d sweeps", kk, ll, info->sweeps);
    }
    return st;
}
