/* The preconditioned start of the CPU engine (options.precondition; docs/NUMERICS.md, "A
 * preconditioned start"): the single-GPU engine's stage (templates/hzgsvd_gpu_precondition.cu) on
 * the host, with LAPACK and BLAS.  The CPU engine is link-free by default: the stage exists where
 * the program defines HZGSVD_CPU_LAPACK before including hzgsvd_cpu.h with HZGSVD_IMPLEMENTATION and
 * links LAPACKE, LAPACK and a CBLAS (-llapacke -llapack -lblas, or OpenBLAS); elsewhere AUTO is the
 * plain start and QR_EIG is refused.
 *
 * Z0 = R^-1 W: R from xGEQRF of G, C = F R^-1 (xTRSM), and W either (QR_SVD, AUTO's choice here)
 * the right singular vectors of C (xGESDD) or (QR_EIG) the eigenvectors of C^H C
 * (xSYRK/xHERK, xSYEVD/xHEEVD), in descending order of the values; F Z0 and G Z0 formed with one rounding per
 * entry (heads of beta bits on their row's and column's grid: the head product is exact in any
 * summation order, whatever the BLAS; templates/hzgsvd_sigma_refine.h); the trust test (growth <=
 * HZGSVD__PRECONDITION_GROWTH, else the pair is loaded again and the plain start taken); after
 * initFGZ, Z = Z0 diag(z).  Results are bitwise reproducible for one LAPACK/BLAS build and its
 * thread count (a threaded BLAS may split its sums by thread). */

#ifdef HZGSVD_CPU_LAPACK
#include <lapacke.h>
#include <cblas.h>
#endif

/* A run's preconditioner: Z0 (n x n, ld n, interleaved where complex), kept to initFGZ; mem its
 * scratch (NULL: none). */
typedef struct hzgsvd__cpu_pre {
    void *mem;
    double *z0;
    int kind;                       /* the kept Z0's HZGSVD_PRECONDITION_* (NONE: the plain start); outlives z0 */
} hzgsvd__cpu_pre;

HZGSVD_PRIVATE void hzgsvd__cpu_pre_free(hzgsvd__cpu_pre *P)
{
    free(P->mem);
    P->mem = NULL;
    P->z0 = NULL;
}

/* The argument check: a preconditioner asked by name where this build has no stage. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_pre_check(const hzgsvd_options *o, hzgsvd_info *info)
{
#ifdef HZGSVD_CPU_LAPACK
    (void)o; (void)info;
    return HZGSVD_SUCCESS;
#else
    if (hzgsvd__pre_named(o->precondition))
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT,
                            "options.precondition = %s: this build of the CPU engine has no preconditioner "
                            "(define HZGSVD_CPU_LAPACK and link LAPACKE, LAPACK and a CBLAS; AUTO or NONE: the plain start)",
                            hzgsvd__pre_enum(o->precondition));
    (void)info;   /* AUTO's note: the stage's (hzgsvd__cpu_precondition), by n */
    return HZGSVD_SUCCESS;
#endif
}

/* Whether a run of order n takes the stage: NULL, or the note of the plain start it takes instead,
 * chosen before any work (the distributed engine asks it on every rank, before gathering the pair). */
HZGSVD_PRIVATE const char *hzgsvd__cpu_pre_skip(const hzgsvd_options *o, int n)
{
    if (o->precondition == HZGSVD_PRECONDITION_NONE) return "the plain start (options.precondition = NONE)";
    if (o->precondition == HZGSVD_PRECONDITION_AUTO && n < HZGSVD__PRECONDITION_AUTO_N_CPU) return "the plain start (AUTO: n below 64)";
    if (o->precondition == HZGSVD_PRECONDITION_AUTO && o->max_sweeps < 2) return HZGSVD__PRECONDITION_ONE_SWEEP;   /* it needs two */
#ifdef HZGSVD_CPU_LAPACK
    return NULL;
#else
    /* AUTO from n = 64; QR_EIG or QR_SVD reach here only inside the reduction's fallback */
    return "the plain start (no preconditioner in this build: the CPU engine without HZGSVD_CPU_LAPACK)";
#endif
}

/* After initFGZ (Z = diag(z), zero elsewhere): Z(0:n, j) <- Z0(:, j) z_j. */
HZGSVD_PRIVATE void hzgsvd__cpu_pre_apply(hzgsvd__cpu_pre *P, const hzgsvd__cpu_mats *M, int n)
{
    if (!P->z0) return;
    const int np = M->np;
    for (int j = 0; j < n; ++j) {
        const double z = M->Zr[(size_t)j * M->nz + j];
        for (int i = 0; i < n; ++i) {
            const size_t o = (size_t)i + (size_t)j * M->nz, s = ((size_t)i + (size_t)j * n) * np;
            M->Zr[o] = P->z0[s] * z;
            if (np == 2) M->Zi[o] = P->z0[s + 1] * z;
        }
    }
    hzgsvd__cpu_pre_free(P);
}

#ifdef HZGSVD_CPU_LAPACK

/* The stage's arrays (interleaved where complex): P1..P4 mx x n (ld mx), S = Z0, S1, Sr (its head,
 * tail) n x n, tau and lambda n, ex mx + n exponents. */
typedef struct hzgsvd__cpu_pre_work {
    int np, mx, n;
    double *P1, *P2, *P3, *P4, *S, *S1, *Sr, *tau, *lam;
    int *ex;
} hzgsvd__cpu_pre_work;

/* planes (m rows, ld ldw) -> interleaved P (ld ldp) */
HZGSVD_PRIVATE void hzgsvd__cpu_pre_pack(const double *W0, const double *W1, int ldw, int m, int n, double *P, int ldp, int np)
{
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            const size_t w = (size_t)i + (size_t)j * ldw, p = ((size_t)i + (size_t)j * ldp) * np;
            P[p] = W0[w];
            if (np == 2) P[p + 1] = W1[w];
        }
}

/* Exponents of the rows (by_row) or columns of P (m x n, ld), then P <- its heads, T <- the exact tails. */
HZGSVD_PRIVATE void hzgsvd__cpu_pre_split(double *P, double *T, int ld, int m, int n, int np, int by_row, int beta, int *ex)
{
    /* the largest frexp exponent of a line is that of its largest entry (0 for a zero line) */
    for (int i = 0; i < (by_row ? m : n); ++i) ex[i] = INT_MIN;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i)
            for (int v = 0; v < np; ++v) {
                const double x = P[((size_t)i + (size_t)j * ld) * np + v];
                int e;
                if (x == 0.0) continue;
                (void)frexp(x, &e);
                if (e > ex[by_row ? i : j]) ex[by_row ? i : j] = e;
            }
    for (int i = 0; i < (by_row ? m : n); ++i)
        if (ex[i] == INT_MIN) ex[i] = 0;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i)
            for (int v = 0; v < np; ++v) {
                const size_t o = ((size_t)i + (size_t)j * ld) * np + v;
                const double x = P[o], h = hzgsvd__refine_head(x, ex[by_row ? i : j], beta);
                P[o] = h;
                T[o] = x - h;
            }
}

/* C (m x n, ld mx) <- A B (+ C where acc); B n x n. */
HZGSVD_PRIVATE void hzgsvd__cpu_pre_gemm(const hzgsvd__cpu_pre_work *W, int m, const double *A, const double *B, double *C, int acc)
{
    if (W->np == 1) {
        cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, W->n, W->n, 1.0, A, W->mx, B, W->n, acc ? 1.0 : 0.0, C, W->mx);
    } else {
        const double one[2] = {1.0, 0.0}, beta[2] = {acc ? 1.0 : 0.0, 0.0};
        cblas_zgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, W->n, W->n, one, A, W->mx, B, W->n, beta, C, W->mx);
    }
}

/* Triangular solve with R (upper, in P1, ld mx), in place on B (rows x cols, ld ldb): right: B R^-1; left: R^-1 B. */
HZGSVD_PRIVATE void hzgsvd__cpu_pre_trsm(const hzgsvd__cpu_pre_work *W, int right, int rows, int cols, double *B, int ldb)
{
    const CBLAS_SIDE side = right ? CblasRight : CblasLeft;
    if (W->np == 1) {
        cblas_dtrsm(CblasColMajor, side, CblasUpper, CblasNoTrans, CblasNonUnit, rows, cols, 1.0, W->P1, W->mx, B, ldb);
    } else {
        const double one[2] = {1.0, 0.0};
        cblas_ztrsm(CblasColMajor, side, CblasUpper, CblasNoTrans, CblasNonUnit, rows, cols, one, W->P1, W->mx, B, ldb);
    }
}

/* W (n x n) of QR_EIG into P2 (ld n): the eigenvectors of C^H C, C = P2 (m_f x n), descending.
 * Returns LAPACK's info. */
HZGSVD_PRIVATE int hzgsvd__cpu_pre_eig(hzgsvd__cpu_pre_work *W, int m_f)
{
    const int n = W->n, np = W->np;
    if (np == 1) cblas_dsyrk(CblasColMajor, CblasUpper, CblasTrans, n, m_f, 1.0, W->P2, W->mx, 0.0, W->S, n);
    else cblas_zherk(CblasColMajor, CblasUpper, CblasConjTrans, n, m_f, 1.0, W->P2, W->mx, 0.0, W->S, n);
    const int linfo = np == 1 ? LAPACKE_dsyevd(LAPACK_COL_MAJOR, 'V', 'U', n, W->S, n, W->lam)
                              : LAPACKE_zheevd(LAPACK_COL_MAJOR, 'V', 'U', n, (lapack_complex_double *)W->S, n, W->lam);
    if (linfo != 0) return linfo;
    for (int j = 0; j < n; ++j)   /* ascending -> descending */
        memcpy(W->P2 + (size_t)j * n * np, W->S + (size_t)(n - 1 - j) * n * np, sizeof(double) * np * (size_t)n);
    return 0;
}

/* W (n x n) of QR_SVD into P2 (ld n): the right singular vectors of C = P2 (m_f x n; all n of
 * them, also where m_f < n), descending.  xGESDD (divide and conquer: 2-3x xGESVD's speed with
 * vectors; its left vectors go to P3, unused).  Returns LAPACK's info. */
HZGSVD_PRIVATE int hzgsvd__cpu_pre_svd(hzgsvd__cpu_pre_work *W, int m_f)
{
    const int n = W->n, np = W->np;
    const char job = m_f >= n ? 'S' : 'A';
    const int linfo = np == 1 ? LAPACKE_dgesdd(LAPACK_COL_MAJOR, job, m_f, n, W->P2, W->mx, W->lam, W->P3, W->mx, W->S, n)
                              : LAPACKE_zgesdd(LAPACK_COL_MAJOR, job, m_f, n, (lapack_complex_double *)W->P2, W->mx, W->lam,
                                               (lapack_complex_double *)W->P3, W->mx, (lapack_complex_double *)W->S, n);
    if (linfo != 0) return linfo;
    for (int j = 0; j < n; ++j)   /* V = (V^H)^H */
        for (int i = 0; i < n; ++i) {
            const size_t d = ((size_t)i + (size_t)j * n) * np, t = ((size_t)j + (size_t)i * n) * np;
            W->P2[d] = W->S[t];
            if (np == 2) W->P2[d + 1] = -W->S[t + 1];
        }
    return 0;
}

/* The rank probe of the front door's run: the first j (0-based) with |R(j, j)| <= tol = max(m_g,
 * n) ||G||_1 eps (xGGSVD3's tolerance for G) in R of the QR of G (P1), else -1.  sigma_min(G) <=
 * min_j |R(j, j)|, so such a G is numerically rank deficient for certain (the converse need not
 * hold: the reduction still catches what this misses, after the iteration). */
HZGSVD_PRIVATE int hzgsvd__cpu_pre_probe(const hzgsvd__cpu_pre_work *W, int m_g, double norm1, double *rjj, double *tol)
{
    *tol = (double)(m_g > W->n ? m_g : W->n) * norm1 * 0x1p-52;
    for (int j = 0; j < W->n; ++j) {
        const size_t o = ((size_t)j + (size_t)j * W->mx) * W->np;
        *rjj = W->np == 2 ? hypot(W->P1[o], W->P1[o + 1]) : fabs(W->P1[o]);
        if (*rjj <= *tol) return j;
    }
    return -1;
}

/* Z0 of kind (QR_EIG or QR_SVD) into W->S.  Returns LAPACK's info of the QR or the eigen- or
 * singular value solver (> 0: it did not converge; -1: an argument or its workspace).  With probe:
 * where hzgsvd__cpu_pre_probe finds G rank deficient, *dj gets the column and Z0 is not computed. */
HZGSVD_PRIVATE int hzgsvd__cpu_pre_z0(hzgsvd__cpu_pre_work *W, const hzgsvd__cpu_mats *M, int m_f, int m_g, int kind, int probe, int *dj,
                                      double *rjj, double *tol)
{
    const int n = W->n, np = W->np, mx = W->mx;
    int linfo;
    hzgsvd__cpu_pre_pack(M->Gr, M->Gi, M->mg, m_g, n, W->P1, mx, np);
    const double norm1 = np == 1 ? LAPACKE_dlange(LAPACK_COL_MAJOR, '1', m_g, n, W->P1, mx)
                                 : LAPACKE_zlange(LAPACK_COL_MAJOR, '1', m_g, n, (const lapack_complex_double *)W->P1, mx);
    linfo = np == 1 ? LAPACKE_dgeqrf(LAPACK_COL_MAJOR, m_g, n, W->P1, mx, W->tau)
                    : LAPACKE_zgeqrf(LAPACK_COL_MAJOR, m_g, n, (lapack_complex_double *)W->P1, mx, (lapack_complex_double *)W->tau);
    if (linfo != 0) return linfo < 0 ? -1 : linfo;
    *dj = probe ? hzgsvd__cpu_pre_probe(W, m_g, norm1, rjj, tol) : -1;
    if (*dj >= 0) return 0;
    hzgsvd__cpu_pre_pack(M->Fr, M->Fi, M->mf, m_f, n, W->P2, mx, np);
    hzgsvd__cpu_pre_trsm(W, 1, m_f, n, W->P2, mx);                                     /* C = F R^-1 */
    linfo = kind == HZGSVD_PRECONDITION_QR_SVD ? hzgsvd__cpu_pre_svd(W, m_f) : hzgsvd__cpu_pre_eig(W, m_f);
    if (linfo != 0) return linfo < 0 ? -1 : linfo;
    hzgsvd__cpu_pre_trsm(W, 0, n, n, W->P2, n);                                         /* Z0 = R^-1 W */
    memcpy(W->S, W->P2, sizeof(double) * np * (size_t)n * n);
    return 0;
}

/* Working planes of one matrix (m rows, ld ldw) <- them times Z0, one rounding per entry. */
HZGSVD_PRIVATE void hzgsvd__cpu_pre_form(hzgsvd__cpu_pre_work *W, double *W0, double *W1, int m, int ldw, int beta)
{
    const int n = W->n, np = W->np;
    hzgsvd__cpu_pre_pack(W0, W1, ldw, m, n, W->P1, W->mx, np);
    hzgsvd__cpu_pre_split(W->P1, W->P4, W->mx, m, n, np, 1, beta, W->ex);
    hzgsvd__cpu_pre_gemm(W, m, W->P1, W->Sr, W->P2, 0);     /* W1 Zr */
    hzgsvd__cpu_pre_gemm(W, m, W->P4, W->S, W->P2, 1);      /* + Wr Z0 */
    hzgsvd__cpu_pre_gemm(W, m, W->P1, W->S1, W->P3, 0);     /* W1 Z1, exact */
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            const size_t w = (size_t)i + (size_t)j * ldw, p = ((size_t)i + (size_t)j * W->mx) * np;
            W0[w] = W->P3[p] + W->P2[p];
            if (np == 2) W1[w] = W->P3[p + 1] + W->P2[p + 1];
        }
}

/* The 2-norm of len values at(i) >= 0, scaled by the largest. */
HZGSVD_PRIVATE double hzgsvd__cpu_pre_norm(const double *x, const double *xi, size_t stride, int len, const double *scale)
{
    double mx = 0.0, s = 0.0;
    for (int i = 0; i < len; ++i) {
        const double a = (xi ? hypot(x[i * stride], xi[i * stride]) : fabs(x[i * stride])) * (scale ? scale[i] : 1.0);
        mx = fmax(mx, a);
    }
    if (!(mx > 0.0) || !isfinite(mx)) return mx;
    for (int i = 0; i < len; ++i) {
        const double a = (xi ? hypot(x[i * stride], xi[i * stride]) : fabs(x[i * stride])) * (scale ? scale[i] : 1.0) / mx;
        s = fma(a, a, s);
    }
    return mx * sqrt(s);
}

/* max_j ||D z0_j|| / ||[F Z0; G Z0] e_j|| (D_k = hypot(nf_k, ng_k), the working planes already
 * hold the products); inf where not finite. */
HZGSVD_PRIVATE double hzgsvd__cpu_pre_growth(const hzgsvd__cpu_pre_work *W, const hzgsvd__cpu_mats *M, int m_f, int m_g, const double *nf,
                                             const double *ng)
{
    const int n = W->n, np = W->np;
    double g = 0.0, *d = (double *)malloc(sizeof(double) * (size_t)n);
    if (!d) return HUGE_VAL;
    for (int k = 0; k < n; ++k) d[k] = hypot(nf[k], ng[k]);
    for (int j = 0; j < n; ++j) {
        const double *z = W->S + (size_t)j * n * np;
        const double a = hzgsvd__cpu_pre_norm(z, np == 2 ? z + 1 : NULL, (size_t)np, n, d);
        const double f = hzgsvd__cpu_pre_norm(M->Fr + (size_t)j * M->mf, np == 2 ? M->Fi + (size_t)j * M->mf : NULL, 1, m_f, NULL);
        const double h = hzgsvd__cpu_pre_norm(M->Gr + (size_t)j * M->mg, np == 2 ? M->Gi + (size_t)j * M->mg : NULL, 1, m_g, NULL);
        double r = a / hypot(f, h);
        if (!(r >= 0.0) || !isfinite(r)) r = HUGE_VAL;
        g = fmax(g, r);
    }
    free(d);
    return g;
}

#endif /* HZGSVD_CPU_LAPACK */

/* The stage, after the load and the range plan (M holds the pair; nf, ng its column norms), before
 * the bordering.  On success with P->z0 set the working F, G hold F Z0, G Z0; *reload: they were
 * overwritten but Z0 rejected (the caller loads the pair again).  Fills info's fields.  probe (the
 * front door's run, which can reroute): a G that the QR shows numerically rank deficient returns
 * HZGSVD_ERR_RANK_DEFICIENT at once, so that the pair goes to the reduction without the sweeps
 * that would stall on it (graded pairs: 30 sweeps, 10x the reduction's time). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_precondition(hzgsvd__cpu_pre *P, const hzgsvd__cpu_mats *M, int m_f, int m_g, int n, const double *nf,
                                                      const double *ng, const hzgsvd_options *o, int probe, int *reload, hzgsvd_info *info)
{
    *reload = 0;
    P->mem = NULL; P->z0 = NULL; P->kind = HZGSVD_PRECONDITION_NONE;
    if (info) {   /* every field, also where a rerouted run's first attempt set them */
        info->preconditioner = HZGSVD_PRECONDITION_NONE;
        info->precondition_seconds = 0.0;
        info->precondition_growth = 0.0;
    }
    const char *skip = hzgsvd__cpu_pre_skip(o, n);
    if (skip) {
        if (info) info->precondition_note = skip;
        return HZGSVD_SUCCESS;
    }
#ifndef HZGSVD_CPU_LAPACK
    (void)M; (void)m_f; (void)m_g; (void)nf; (void)ng; (void)probe;
    return HZGSVD_SUCCESS;   /* not reached: hzgsvd__cpu_pre_skip says the plain start in such a build */
#else
    const double t0 = hzgsvd__now();
    hzgsvd__cpu_pre_work W;
    const int np = M->np, mx = m_f > m_g ? m_f : m_g;
    const size_t e = (size_t)np, pm = e * (size_t)mx * n, sn = e * (size_t)n * n;
    W.np = np; W.mx = mx; W.n = n;
    P->mem = malloc(sizeof(double) * (4 * pm + 3 * sn + 2 * e * n + (size_t)n) + sizeof(int) * ((size_t)mx + n));
    if (!P->mem) {
        if (info) info->precondition_note = "the plain start (no memory for the preconditioner's scratch)";
        return HZGSVD_SUCCESS;
    }
    W.P1 = (double *)P->mem; W.P2 = W.P1 + pm; W.P3 = W.P2 + pm; W.P4 = W.P3 + pm;
    W.S = W.P4 + pm; W.S1 = W.S + sn; W.Sr = W.S1 + sn; W.tau = W.Sr + sn; W.lam = W.tau + 2 * e * n;
    W.ex = (int *)(W.lam + n);
    const int kind = o->precondition == HZGSVD_PRECONDITION_AUTO ? HZGSVD_PRECONDITION_QR_SVD : o->precondition;
    int dj = -1;
    double rjj = 0.0, tol = 0.0;
    const int failed = hzgsvd__cpu_pre_z0(&W, M, m_f, m_g, kind, probe, &dj, &rjj, &tol);
    if (!failed && dj >= 0) {
        hzgsvd__cpu_pre_free(P);
        return hzgsvd__pre_deficient(info, dj, rjj, tol, hzgsvd__now() - t0);
    }
    double growth = 0.0;
    if (!failed) {
        const int beta = hzgsvd__refine_beta((long long)np * n);
        memcpy(W.S1, W.S, sizeof(double) * sn);
        hzgsvd__cpu_pre_split(W.S1, W.Sr, n, n, n, np, 0, beta, W.ex + mx);
        hzgsvd__cpu_pre_form(&W, M->Fr, M->Fi, m_f, M->mf, beta);
        hzgsvd__cpu_pre_form(&W, M->Gr, M->Gi, m_g, M->mg, beta);
        growth = hzgsvd__cpu_pre_growth(&W, M, m_f, m_g, nf, ng);
        *reload = 1;
    }
    if (!hzgsvd__pre_keep(info, kind, failed ? "the plain start (the preconditioner's QR or its eigen- or singular value solver failed)" : NULL,
                          growth, hzgsvd__now() - t0)) {
        hzgsvd__cpu_pre_free(P);
        return HZGSVD_SUCCESS;
    }
    *reload = 0;
    P->z0 = W.S;
    P->kind = kind;
    return HZGSVD_SUCCESS;
#endif
}
