/* General pairs, both precisions (the doubles per element C and the dense kernels come from the
 * table X, hzgsvd__dense_prec; one instance per precision in templates/hzgsvd_reduce_prec.c.j2):
 * any F (m_f x n) and G (m_g x n), rank deficient or with fewer rows than columns, reduced by unitary transformations in the spirit of LAPACK's xGGSVP3 to
 * a square core pair of full rank on which the Hari-Zimmermann engine runs (docs/API.md, "General
 * pairs").  With S = [G; F; I] carried along (every column operation acts on all three):
 *   A  QR with column pivoting of G, rank l (tolerance tol_g); RQ of its l rows:  G Q = V1 [0 T_B; 0 0];
 *   B  QR with column pivoting of the first n-l columns of F Q, rank k; RQ of its k rows:
 *        U1^H F Q = [0 T_A A12; 0 0 A22] (column groups: common null space, K = k, L = l);
 *   C  QR with column pivoting of A22, rank s (tolerance of F's L columns [A12; A22], below); where
 *      s < l an LQ step and a QR of G's columns in A22's null space:  A22 -> [Ac 0], G's L columns
 *      -> [C0 S0; Bc 0] (S0: the sigma = 0 group).
 * The core pair (Ac, Bc) is s x s and nonsingular on both sides.  From its GSVD the caller's columns
 * are assembled in the order [K (sigma = inf) | core | sigma = 0 | common null space]:
 *   K:    z = Q [0; T_A^-1; 0; 0],                      F z = U1 e,  G z = 0
 *   core: z = Q [0; x; Zc; y],  y = -S0^-1 C0 Zc,  x = -T_A^-1 (A12c Zc + A12z y)
 *   zero: z = Q [0; x; 0; S0^-1], x = -T_A^-1 A12z S0^-1,  F z = 0,  G z = V1 e
 *   null: z = Q [I; 0; 0; 0],                           F z = G z = 0.
 * The ranks l and k are decided as LAPACK's xGGSVD3 decides them: tol = max(m, n) ||.||_1 * 2^-52
 * of G and of F; the rank is the number of leading pivots whose column norm exceeds tol.  xGGSVD3
 * makes no third decision (its xTGSJA takes A22 as it is); ours, which needs a core nonsingular on
 * both sides, cuts only what lies at the rounding level of F's L columns: max(m_f, n) ||[A12; A22]||_1 * 2^-52. */

/* The engine that runs the Hari-Zimmermann iteration on the s x s core (host arrays, ld s; Ac, Bc
 * become Uc, Vc): the CPU engine (hzgsvd__?_cpu_core), the GPU engine on copies in
 * hzgsvd_single.cuh.  mode as the CPU engine's (hzgsvd__on_deficient).  The reduction's fields of
 * info (rank_k, rank_l, tol_f, tol_g, preprocessed) survive the call. */
typedef hzgsvd_status (*hzgsvd__core_engine)(int s, double *Ac, double *Bc, double *Zc, double *sf, double *sg, double *ss,
                                             const hzgsvd_options *o, hzgsvd_info *info, double t0, hzgsvd__on_deficient mode);

/* A whole-pair engine as the X and xGGSVD3 entry points call it: hzgsvd__?_gsvd_any on the CPU, the
 * GPU's on host arrays in hzgsvd_single.cuh. */
typedef hzgsvd_status (*hzgsvd__any_engine)(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                            double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *o, hzgsvd_info *info,
                                            double t0);

/* What the reduction needs of a precision: the doubles per element (1 real, 2 complex
 * interleaved: the es of the dense kernels, templates/hzgsvd_dense.c) and the CPU engine's core for
 * the fallback. */
typedef struct hzgsvd__dense_prec {
    int planes;
    hzgsvd__core_engine cpu_core;
    /* sigma of the nc columns of Z (n rows, ld ldz, interleaved where complex) recomputed from the
     * caller's F, G as the CPU engine refines its own (hzgsvd__?_refine_sigma): sf, sg, ss (nc
     * entries) overwritten where both norms come out positive and finite */
    hzgsvd_status (*refine)(const double *F, int ldf, int m_f, const double *G, int ldg, int m_g, int n, const double *Z, int ldz, int nc,
                            double *sf, double *sg, double *ss, int nthreads, hzgsvd_info *info);
} hzgsvd__dense_prec;

/* ||A||_1 of the power-of-two scaled A (scaled so that its largest |entry| lies in [1/2, 1)) and
 * that scale's exponent e (A = 2^e A_scaled); all zero: 0 and e = 0. */
HZGSVD_PRIVATE double hzgsvd__gen_norm1(const hzgsvd__dense_prec *X, const double *A, int m, int n, int ld, int *e)
{
    const int C = X->planes;
    double amax = 0.0, best = 0.0;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            const double *a = A + (size_t)C * ((size_t)i + (size_t)j * ld);
            amax = fmax(amax, (C == 2 ? hypot(a[0], a[1]) : fabs(a[0])));
        }
    *e = 0;
    if (!(amax > 0.0)) return 0.0;
    (void)frexp(amax, e);
    const double sc = *e <= 1022 ? ldexp(1.0, -*e) : 0.0;   /* 2^-e where normal: a multiplication is ldexp's value */
    for (int j = 0; j < n; ++j) {
        double s = 0.0;
        for (int i = 0; i < m; ++i) {
            const double *a = A + (size_t)C * ((size_t)i + (size_t)j * ld);
            const double x = (C == 2 ? hypot(a[0], a[1]) : fabs(a[0]));
            s += sc != 0.0 ? x * sc : ldexp(x, -*e);
        }
        best = fmax(best, s);
    }
    return best;
}

/* Whether the rows x cols block A (ld) holds a NaN or an infinity; the first one's row and column
 * (0-based, column by column) in *row, *col. */
HZGSVD_PRIVATE int hzgsvd__gen_nonfinite(const hzgsvd__dense_prec *X, const double *A, int rows, int cols, int ld, int *row, int *col)
{
    const int C = X->planes;
    for (int j = 0; j < cols; ++j)
        for (int i = 0; i < C * rows; ++i)
            if (!isfinite(A[(size_t)C * j * ld + i])) { *row = i / C; *col = j; return 1; }
    return 0;
}

/* The finiteness check of a general pair's input (zero columns are allowed here). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gen_finite(const hzgsvd__dense_prec *X, const double *A, int m, int n, int ld, const char *name, hzgsvd_info *info)
{
    int i, j;
    if (hzgsvd__gen_nonfinite(X, A, m, n, ld, &i, &j))
        return hzgsvd__fail(info, HZGSVD_ERR_NOT_FINITE, "%s(%d, %d) is not finite", name, i + 1, j + 1);
    return HZGSVD_SUCCESS;
}

/* The rows x cols block W (ld ldw) set to the unit columns e_{row0}, e_{row0+1}, ... */
HZGSVD_PRIVATE void hzgsvd__gen_unit(const hzgsvd__dense_prec *X, double *W, int ldw, int rows, int cols, int row0)
{
    const int C = X->planes;
    for (int j = 0; j < cols; ++j) {
        memset(W + (size_t)C * j * ldw, 0, sizeof(double) * C * (size_t)rows);
        W[(size_t)C * ((size_t)(row0 + j) + (size_t)j * ldw)] = 1.0;
    }
}

/* Copies the rows x cols block at src (ld lds) to dst (ld ldd), times 2^e (by one multiplication
 * where 2^e is a normal double: the same, correctly rounded, value as ldexp's). */
HZGSVD_PRIVATE void hzgsvd__gen_copy(const hzgsvd__dense_prec *X, const double *src, int lds, int rows, int cols, int e, double *dst, int ldd)
{
    const int C = X->planes;
    const double sc = e >= -1022 && e <= 1023 ? ldexp(1.0, e) : 0.0;
    for (int j = 0; j < cols; ++j) {
        const double *x = src + (size_t)C * j * lds;
        double *y = dst + (size_t)C * j * ldd;
        if (sc != 0.0)
            for (int i = 0; i < C * rows; ++i) y[i] = x[i] * sc;
        else
            for (int i = 0; i < C * rows; ++i) y[i] = ldexp(x[i], e);
    }
}

/* Applies the reflectors t-1 .. 0 (columns of V, ld ldv, m rows, column r zero above row r;
 * factors tau) to the ncols columns of W: W := H_0 H_1 ... H_{t-1} W (the unitary factor whose
 * adjoint the reduction applied), as block reflectors of HZGSVD__DN_NB from the last.
 * work: hzgsvd__dn_work_size(C, m, ncols) doubles. */
HZGSVD_PRIVATE void hzgsvd__gen_unreduce(const hzgsvd__dense_prec *X, const double *V, int ldv, const double *tau, int t, int m, double *W, int ldw, int ncols, double *work)
{
    const int C = X->planes;
    const int nb = HZGSVD__DN_NB;
    double *T = work, *Gm = T + (size_t)C * nb * nb, *Wk = Gm + (size_t)C * nb * nb;
    for (int b0 = t > 0 ? ((t - 1) / nb) * nb : -1; b0 >= 0; b0 -= nb) {
        const int kb = t - b0 < nb ? t - b0 : nb;
        const double *Vb = V + (size_t)C * ((size_t)b0 + (size_t)b0 * ldv);
        hzgsvd__dn_larft(C, m - b0, kb, Vb, ldv, tau + b0, T, nb, Gm);
        hzgsvd__dn_larfb_left(C, 0, m - b0, ncols, kb, Vb, ldv, T, nb, W + (size_t)C * b0, ldw, Wk);
    }
}

/* max |(Y^H Y - I)_ij| over the s columns of the s x s Y (ld s): the upper triangle of Y^H Y by
 * blocks of up to 256 columns (products).  work: s * min(s, 256) scalars. */
HZGSVD_PRIVATE double hzgsvd__gen_orth(const hzgsvd__dense_prec *X, const double *Y, int s, double *work)
{
    const int C = X->planes;
    double worst = 0.0;
    const int bw = s < 256 ? s : 256;
    for (int j0 = 0; j0 < s; j0 += bw) {
        const int w = s - j0 < bw ? s - j0 : bw, rows = j0 + w;
        memset(work, 0, sizeof(double) * C * (size_t)rows * w);
        hzgsvd__dn_mm(C, 'C', 'N', rows, w, s, 1.0, NULL, Y, s, Y + (size_t)C * j0 * s, s, work, rows);
        for (int jj = 0; jj < w; ++jj)
            for (int i = 0; i <= j0 + jj; ++i) {
                const double *g = work + (size_t)C * ((size_t)i + (size_t)jj * rows);
                worst = fmax(worst, (C == 2 ? hypot(g[0] - (i == j0 + jj), g[1]) : fabs(g[0] - (i == j0 + jj))));
            }
    }
    return worst;
}

/* Modified Gram-Schmidt, twice, over the columns j of the s x s Y (ld s) with sig[j] > 0, in the order
 * of decreasing sig: each column loses its components along the columns before it and is normalized.
 * For the core's U (sig = Sigma_F) or V (Sigma_G) after the fallback: where sigma_f_j sits near the
 * rank tolerance, u_j = F z_j / sigma_f_j carries an error of about u ||F|| ||z_j|| / sigma_f_j in
 * direction (up to 1e-2 measured), so U is off orthogonality although F Z = U Sigma_F holds to
 * u ||F|| ||z_j||.  The correction is that small against sigma_f_j u_j: the residual stays where it
 * was, the columns with large sigma (accurate already) move by O(u), and U^H U = I to O(u).
 * idx: s ints of scratch. */
HZGSVD_PRIVATE void hzgsvd__gen_reorth(const hzgsvd__dense_prec *X, double *Y, int s, const double *sig, int *idx)
{
    const int C = X->planes;
    int cnt = 0;
    for (int j = 0; j < s; ++j)
        if (sig[j] > 0.0) idx[cnt++] = j;
    hzgsvd__sort_desc(sig, idx, cnt);
    for (int t = 0; t < cnt; ++t) {
        double *y = Y + (size_t)C * idx[t] * s;
        for (int pass = 0; pass < 2; ++pass)
            for (int q = 0; q < t; ++q) {
                const double *x = Y + (size_t)C * idx[q] * s;
                double dr = 0.0, di = 0.0;   /* x^H y */
                if (C == 2) {
                    for (int i = 0; i < s; ++i) {
                        dr += x[2 * i] * y[2 * i] + x[2 * i + 1] * y[2 * i + 1];
                        di += x[2 * i] * y[2 * i + 1] - x[2 * i + 1] * y[2 * i];
                    }
                    for (int i = 0; i < s; ++i) {
                        y[2 * i] -= dr * x[2 * i] - di * x[2 * i + 1];
                        y[2 * i + 1] -= dr * x[2 * i + 1] + di * x[2 * i];
                    }
                } else {
                    for (int i = 0; i < s; ++i) dr += x[i] * y[i];
                    for (int i = 0; i < s; ++i) y[i] -= dr * x[i];
                }
            }
        const double nrm = hzgsvd__dn_nrm2(C, y, s, 1);
        if (nrm > 0.0)
            for (int i = 0; i < C * s; ++i) y[i] /= nrm;
    }
}

/* The GSVD of the s x s core (Ac, Bc both nonsingular; Ac, Bc become Uc, Vc).  First the engine on
 * the core itself (column-scaling invariant: relatively accurate).  Where that finds the core rank
 * deficient, does not converge within the default budget, or returns U or V off orthogonality by
 * more than 16 s u (an ungraded core of condition near 1/u: docs/NUMERICS.md, "The core's
 * fallback"), the engine runs instead on the orthonormal
 * pair (Q1, Q2) of [Ac; Bc] = [Q1; Q2] R, whose GSVD is the core's with Z = R^-1 Zq: its condition is only the
 * spread of the core's sigma, and U, V come from it as orthogonal as for any well-conditioned pair. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gen_core(const hzgsvd__dense_prec *X, int s, double *Ac, double *Bc, double *Zc, double *sf, double *sg, double *ss,
                                            const hzgsvd_options *o, hzgsvd_info *info, double t0, hzgsvd__core_engine engine)
{
    const int C = X->planes;
    const size_t s2 = (size_t)s * s;
    const size_t n_work = hzgsvd__dn_work_size(C, 2 * s, s);
    /* + s + 1 for tau, + s for the re-orthogonalization's indices (ints in double slots) */
    double *mem = (double *)calloc(C * (2 * s2 + 2 * 2 * s2) + n_work + 2 * (size_t)s + 1, sizeof(double));
    if (!mem) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating a copy of the core (order %d)", s);
    double *S = mem, *Vr = S + C * 2 * s2, *Rm = Vr + C * 2 * s2, *work = Rm + C * s2, *tau = work + n_work;
    int *idx = (int *)(tau + s + 1);
    hzgsvd__gen_copy(X, Ac, s, s, s, 0, S, 2 * s);             /* S = [Ac; Bc] (2s x s) */
    hzgsvd__gen_copy(X, Bc, s, s, s, 0, S + C * (size_t)s, 2 * s);
    hzgsvd_status st = engine(s, Ac, Bc, Zc, sf, sg, ss, o, info, t0, HZGSVD__DEFICIENT_REPORT);
    const double tol = 16.0 * s * ldexp(1.0, -53);
    const int ok = st == HZGSVD_SUCCESS || st == HZGSVD_ERR_NO_CONVERGENCE;
    /* a core that stalls within the default budget (HZGSVD__REROUTE_SWEEPS, as the front door) takes
     * the fallback too: the orthonormal pair's condition is only the spread of sigma */
    const int stalled = st == HZGSVD_ERR_NO_CONVERGENCE && o->max_sweeps >= HZGSVD__REROUTE_SWEEPS;
    if (!(st == HZGSVD_ERR_RANK_DEFICIENT || stalled || (ok && (hzgsvd__gen_orth(X, Ac, s, Vr) > tol || hzgsvd__gen_orth(X, Bc, s, Vr) > tol)))) {
        free(mem);
        return st;
    }
    hzgsvd__dn_block B = {S, 2 * s, 2 * s};
    (void)hzgsvd__dn_qrcp(C, &B, 0, 2 * s, 0, s, 0, s, 0, -1.0, Vr, 2 * s, tau, work);
    for (int j = 0; j < s; ++j)   /* R, then [Q1; Q2] = H_0 ... H_{s-1} [I; 0] in S */
        for (int i = 0; i < C * s; ++i) Rm[(size_t)C * j * s + i] = i / C <= j ? S[(size_t)C * j * 2 * s + i] : 0.0;
    hzgsvd__gen_unit(X, S, 2 * s, 2 * s, s, 0);
    hzgsvd__gen_unreduce(X, Vr, 2 * s, tau, s, 2 * s, S, 2 * s, s, work);
    /* The engine on [Q1; Q2]; where it refuses it, the CPU engine column by column: the blocked
     * engine factors the Gram matrix of each pivot block, which squares its condition, and where a
     * sigma sits near the tolerance on either side (sigma_g ~ 1e-14 with another sigma_f ~ 1e-10,
     * both nonzero) a 2x2 pivot of B can come out not positive definite; w = 1 forms no pivot block. */
    hzgsvd_options o1 = *o;
    o1.block_width = 1;
    for (int attempt = 0; attempt < 2 && (attempt == 0 || st == HZGSVD_ERR_RANK_DEFICIENT); ++attempt) {
        hzgsvd__gen_copy(X, S, 2 * s, s, s, 0, Ac, s);
        hzgsvd__gen_copy(X, S + C * (size_t)s, 2 * s, s, s, 0, Bc, s);
        if (info) { info->sweeps = 0; info->all = 0; info->big = 0; }   /* this run's counts */
        st = attempt == 0 ? engine(s, Ac, Bc, Zc, sf, sg, ss, o, info, t0, HZGSVD__DEFICIENT_ACCEPT)
                          : X->cpu_core(s, Ac, Bc, Zc, sf, sg, ss, &o1, info, t0, HZGSVD__DEFICIENT_ACCEPT);
    }
    if (st == HZGSVD_SUCCESS || st == HZGSVD_ERR_NO_CONVERGENCE) {
        /* U or V still off where a sigma sits near the rank tolerance: re-orthogonalized */
        if (hzgsvd__gen_orth(X, Ac, s, Vr) > tol) hzgsvd__gen_reorth(X, Ac, s, sf, idx);
        if (hzgsvd__gen_orth(X, Bc, s, Vr) > tol) hzgsvd__gen_reorth(X, Bc, s, sg, idx);
        hzgsvd__dn_trsm_upper(C, Rm, s, s, Zc, s, s);
    }
    free(mem);
    return st;
}

/* A reduction in progress: S = [G; F; I] (scaled by 2^-eg, 2^-ef) and its row reflectors, the
 * ranks, the core pair and its GSVD, scratch. */
typedef struct hzgsvd__gen_state {
    const hzgsvd__dense_prec *X;
    int m_f, m_g, n, lds, ef, eg;
    int k, l, s, nn, tfu;           /* K, L, the core's order, the common null space, reflectors made on F's rows */
    double tolf_s, tolg_s;          /* the rank tolerances in the units of the scaled matrices */
    hzgsvd__dn_block B;
    double *mem, *Vf, *Vg, *work, *tauf, *taug;
    double *core, *Ac, *Bc, *Zc, *sfc, *sgc, *ssc, *Y;
} hzgsvd__gen_state;

/* ||S(r0 : r0+rows, c0 : c0+cols)||_1 (the largest column sum of moduli). */
HZGSVD_PRIVATE double hzgsvd__gen_norm1_cols(int C, const hzgsvd__dn_block *B, int r0, int rows, int c0, int cols)
{
    double best = 0.0;
    for (int j = c0; j < c0 + cols; ++j) {
        double sum = 0.0;
        for (int i = r0; i < r0 + rows; ++i) {
            const double *a = HZGSVD__DN_AT(C, B, i, j);
            sum += C == 2 ? hypot(a[0], a[1]) : fabs(a[0]);
        }
        best = fmax(best, sum);
    }
    return best;
}

/* S, the reflectors and the three rank-revealing stages (the header of this file):
 *   A: G's rank l and G Q = V1 [0 T_B; 0 0];
 *   B: the part of F in G's null space; rank k, then [0 T_A] in the first n - l columns;
 *   C: A22 = rows k.. of F's last l columns; rank s; its null space split off where s < l. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gen_reduce(const double *F, int ldf, const double *G, int ldg, hzgsvd__gen_state *R, hzgsvd_info *info)
{
    const hzgsvd__dense_prec *X = R->X;
    const int C = X->planes;
    const int m_f = R->m_f, m_g = R->m_g, n = R->n;
    const int lds = m_g + m_f + n, mx = lds > n ? lds : n;
    const int tf = m_f < n ? m_f : n, tg = m_g < n ? m_g : n;
    const size_t n_s = (size_t)lds * n, n_vf = (size_t)m_f * tf, n_vg = (size_t)m_g * 2 * tg;
    const size_t n_work = hzgsvd__dn_work_size(C, mx, n);
    R->lds = lds;
    R->mem = (double *)calloc(C * (n_s + n_vf + n_vg) + n_work + (size_t)tf + 2 * (size_t)tg, sizeof(double));
    if (!R->mem) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the reduction of a %d + %d by %d pair", m_f, m_g, n);
    double *S = R->mem;
    R->Vf = S + C * n_s; R->Vg = R->Vf + C * n_vf; R->work = R->Vg + C * n_vg;
    R->tauf = R->work + n_work; R->taug = R->tauf + tf;
    hzgsvd__dn_block *B = &R->B;
    B->S = S; B->lds = lds; B->srows = lds;
    hzgsvd__gen_copy(X, G, ldg, m_g, n, -R->eg, S, lds);
    hzgsvd__gen_copy(X, F, ldf, m_f, n, -R->ef, S + C * (size_t)m_g, lds);
    for (int j = 0; j < n; ++j) HZGSVD__DN_AT(C, B, m_g + m_f + j, j)[0] = 1.0;
    /* rows of G and of F in S: i and m_g + i */
    const int l = hzgsvd__dn_qrcp(C, B, 0, m_g, 0, n, 0, n, 1, R->tolg_s, R->Vg, m_g, R->taug, R->work);
    if (l < n) hzgsvd__dn_rq(C, B, 0, l, 0, n, R->work);
    int k = 0;
    if (n - l > 0 && m_f > 0) {
        k = hzgsvd__dn_qrcp(C, B, m_g, m_f, 0, n - l, 0, n, 1, R->tolf_s, R->Vf, m_f, R->tauf, R->work);
        if (k < n - l) hzgsvd__dn_rq(C, B, m_g, k, 0, n - l, R->work);
    }
    int s = 0;
    /* C's rank tolerance: of the L columns of F as they are now (U1^H F Q), not of the whole F --
     * their rounding errors are relative to their own norms, and a graded F's whole norm (its K
     * columns) lies orders of magnitude above them: the whole F's tolerance cut sigma up to 8e-4
     * that xGGSVD3, which makes no such cut, resolves (docs/NUMERICS.md, "The reduction's ranks"). */
    const double tolc = (l > 0 && m_f > k) ? (double)(m_f > n ? m_f : n) * fmax(hzgsvd__gen_norm1_cols(C, B, m_g, m_f, n - l, l), DBL_MIN)
                                                 * ldexp(1.0, -52) : 0.0;
    if (l > 0 && m_f > k)
        s = hzgsvd__dn_qrcp(C, B, m_g + k, m_f - k, n - l, l, n - l, n, 1, tolc,
                          R->Vf + C * ((size_t)k + (size_t)k * m_f), m_f, R->tauf + k, R->work);
    if (s < l) {
        if (s > 0) hzgsvd__dn_lq(C, B, m_g + k, s, n - l, l, R->work);
        (void)hzgsvd__dn_qrcp(C, B, 0, l, n - l + s, l - s, n - l, n, 0, -1.0, R->Vg + C * (size_t)l * m_g, m_g, R->taug + l, R->work);
    }
    R->k = k; R->l = l; R->s = s; R->nn = n - l - k;
    R->tfu = k + s;   /* reflectors made on F's rows; on G's: l, then l - s on its first l rows where s < l */
    return HZGSVD_SUCCESS;
}

/* The core pair (unscaled) and its GSVD on `engine`; a failure of the core's run is reported as the
 * reduced pair's, with the caller's arrays untouched. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gen_solve_core(hzgsvd__gen_state *R, const hzgsvd_options *o, hzgsvd_info *info, double t0,
                                                  hzgsvd__core_engine engine)
{
    const hzgsvd__dense_prec *X = R->X;
    const int C = X->planes;
    const int k = R->k, l = R->l, s = R->s, n = R->n;
    const size_t s2 = (size_t)s * s;
    R->core = (double *)malloc(sizeof(double) * (C * 3 * s2 + 3 * (size_t)s + C * (size_t)n * n + 1));
    if (!R->core) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the core pair (s = %d)", s);
    R->Ac = R->core; R->Bc = R->Ac + C * s2; R->Zc = R->Bc + C * s2;
    R->sfc = R->Zc + C * s2; R->sgc = R->sfc + s; R->ssc = R->sgc + s; R->Y = R->ssc + s;
    if (s == 0) return HZGSVD_SUCCESS;
    hzgsvd__gen_copy(X, HZGSVD__DN_AT(C, &R->B, R->m_g + k, n - l), R->lds, s, s, R->ef, R->Ac, s);
    hzgsvd__gen_copy(X, HZGSVD__DN_AT(C, &R->B, l - s, n - l), R->lds, s, s, R->eg, R->Bc, s);
    int bi, bj;
    if (hzgsvd__gen_nonfinite(X, R->Ac, s, 2 * s, s, &bi, &bj))   /* Ac, Bc: one block of 2s columns */
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE, "the reduced pair of order %d overflows the double range", s);
    const hzgsvd_status core_st = hzgsvd__gen_core(X, s, R->Ac, R->Bc, R->Zc, R->sfc, R->sgc, R->ssc, o, info, t0, engine);
    if (core_st != HZGSVD_SUCCESS && core_st != HZGSVD_ERR_NO_CONVERGENCE && info) {
        /* the core's arrays may have been written, never the caller's: say so */
        char d[2 * sizeof info->detail];
        char *w = strstr(info->detail, " (outputs written)");
        if (w) *w = '\0';
        snprintf(d, sizeof d, "the reduced pair (K = %d, L = %d, core of order %d): %s; outputs not written", k, l, s, info->detail);
        memcpy(info->detail, d, sizeof info->detail - 1);
        info->detail[sizeof info->detail - 1] = '\0';
        info->outputs_written = 0;
    }
    return core_st;
}

/* Y: Z in the coordinates of Q (columns in the output order: K, core, sigma = 0, null space). */
HZGSVD_PRIVATE void hzgsvd__gen_assemble_y(const hzgsvd__gen_state *R)
{
    const hzgsvd__dense_prec *X = R->X;
    const int C = X->planes;
    const int k = R->k, l = R->l, s = R->s, n = R->n, nn = R->nn, lds = R->lds, m_g = R->m_g;
    const hzgsvd__dn_block *B = &R->B;
    double *Y = R->Y;
    const double *TA = HZGSVD__DN_AT(C, B, m_g, nn), *A12c = HZGSVD__DN_AT(C, B, m_g, n - l), *A12z = HZGSVD__DN_AT(C, B, m_g, n - l + s);
    const double *C0 = HZGSVD__DN_AT(C, B, 0, n - l), *S0 = HZGSVD__DN_AT(C, B, 0, n - l + s);
    memset(Y, 0, sizeof(double) * C * (size_t)n * n);
#define HZGSVD__GEN_Y(i, j) (Y + (size_t)C * ((size_t)(i) + (size_t)(j) * n))
    for (int i = 0; i < k; ++i) HZGSVD__GEN_Y(nn + i, i)[0] = ldexp(1.0, -R->ef);
    hzgsvd__dn_trsm_upper(C, TA, lds, k, HZGSVD__GEN_Y(nn, 0), n, k);
    for (int j = 0; j < s; ++j)
        memcpy(HZGSVD__GEN_Y(n - l, k + j), R->Zc + (size_t)C * j * s, sizeof(double) * C * (size_t)s);
    for (int i = 0; i < l - s; ++i) HZGSVD__GEN_Y(n - l + s + i, k + s + i)[0] = ldexp(1.0, -R->eg);
    if (l - s > 0) {
        hzgsvd__dn_mm(C, 'N', 'N', l - s, s, s, -1.0, NULL, C0, lds, HZGSVD__GEN_Y(n - l, k), n, HZGSVD__GEN_Y(n - l + s, k), n);   /* -C0 Zc */
        hzgsvd__dn_trsm_upper(C, S0, lds, l - s, HZGSVD__GEN_Y(n - l + s, k), n, l);                           /* S0^-1 (both groups) */
    }
    if (k > 0 && l > 0) {
        hzgsvd__dn_mm(C, 'N', 'N', k, l, s, -1.0, NULL, A12c, lds, HZGSVD__GEN_Y(n - l, k), n, HZGSVD__GEN_Y(nn, k), n);
        hzgsvd__dn_mm(C, 'N', 'N', k, l, l - s, -1.0, NULL, A12z, lds, HZGSVD__GEN_Y(n - l + s, k), n, HZGSVD__GEN_Y(nn, k), n);
        hzgsvd__dn_trsm_upper(C, TA, lds, k, HZGSVD__GEN_Y(nn, k), n, l);
    }
    for (int i = 0; i < nn; ++i) HZGSVD__GEN_Y(i, k + l + i)[0] = 1.0;
#undef HZGSVD__GEN_Y
}

/* Columns 0..cols-1 of A (rows x cols, ld, C doubles an element) reordered: new column j = old idx[j]
 * (tmp: C rows cols doubles). */
HZGSVD_PRIVATE void hzgsvd__gen_permute(int C, double *A, int rows, int ld, int cols, const int *idx, double *tmp)
{
    const size_t col = (size_t)C * rows;
    for (int j = 0; j < cols; ++j) memcpy(tmp + col * j, A + (size_t)C * idx[j] * ld, sizeof(double) * col);
    for (int j = 0; j < cols; ++j) memcpy(A + (size_t)C * j * ld, tmp + col * j, sizeof(double) * col);
}

/* Z = Q Y.  Returns whether Z holds a non-finite entry (its column in *zj). */
HZGSVD_PRIVATE int hzgsvd__gen_store_z(const hzgsvd__gen_state *R, double *Z, int ldz, int *zj)
{
    const int C = R->X->planes, n = R->n;
    for (int j = 0; j < n; ++j) memset(Z + (size_t)C * j * ldz, 0, sizeof(double) * C * (size_t)n);
    hzgsvd__dn_mm(C, 'N', 'N', n, n, n, 1.0, NULL, HZGSVD__DN_AT(C, &R->B, R->m_g + R->m_f, 0), R->lds, R->Y, n, Z, ldz);
    int zi;
    return hzgsvd__gen_nonfinite(R->X, Z, n, n, ldz, &zi, zj);
}

/* Where the pair is of full rank (K = 0, the core all of it, s = n: tall pairs the CPU engine
 * shortens, preprocess = 1), the core's sigma recomputed from the caller's F, G (still the input) and Z, as
 * every engine refines its full-rank runs (docs/NUMERICS.md, "Sigma from the input pair"): the
 * core's own sigma carry the reduction's rounding (1.7e-13 against 1.7e-14 refined, measured on a
 * tall pair).  Not with K > 0 or a sigma = 0 group: there Z's core columns carry T_A^-1 terms along
 * F's K columns, which the product F z would weigh by F's largest columns (graded pairs: 1e-2 off).
 * Then, with options.sort, the core columns in the order of the refined sigma (Z's here, U's and
 * V's by the core arrays that hzgsvd__gen_store writes). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gen_refine(const hzgsvd__gen_state *R, const double *F, int ldf, const double *G, int ldg, double *Z, int ldz,
                                              const hzgsvd_options *o, hzgsvd_info *info)
{
    const int C = R->X->planes, s = R->s, n = R->n;
#ifdef _OPENMP
    const int nthreads = o->threads > 0 ? o->threads : omp_get_max_threads();
#else
    const int nthreads = 1;
#endif
    if (R->k != 0 || s != n || o->refine_sigma == 0) return HZGSVD_SUCCESS;   /* (from here the core is all of Z: s = n) */
    const hzgsvd_status st = R->X->refine(F, ldf, R->m_f, G, ldg, R->m_g, n, Z, ldz, n, R->sfc, R->sgc, R->ssc, nthreads, info);
    if (st != HZGSVD_SUCCESS || !o->sort) return st;
    int *idx = (int *)malloc(sizeof(int) * (size_t)n);
    double *tmp = (double *)malloc(sizeof(double) * C * (size_t)n * n);
    if (!idx || !tmp) {
        free(idx); free(tmp);
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the order of the refined sigma (n = %d)", n);
    }
    for (int j = 0; j < n; ++j) idx[j] = j;
    hzgsvd__sort_desc(R->ssc, idx, n);
    int moved = 0;
    for (int j = 0; j < n; ++j) moved |= idx[j] != j;
    if (moved) {
        hzgsvd__gen_permute(C, Z, n, ldz, n, idx, tmp);
        hzgsvd__gen_permute(C, R->Ac, n, n, n, idx, tmp);
        hzgsvd__gen_permute(C, R->Bc, n, n, n, idx, tmp);
        hzgsvd__gen_permute(1, R->sfc, 1, 1, n, idx, tmp);
        hzgsvd__gen_permute(1, R->sgc, 1, 1, n, idx, tmp);
        hzgsvd__gen_permute(1, R->ssc, 1, 1, n, idx, tmp);
    }
    free(idx); free(tmp);
    return HZGSVD_SUCCESS;
}

/* U and V: the core's (and unit) columns taken back through the row reflectors; the sigmas of the
 * four groups (Z: hzgsvd__gen_store_z). */
HZGSVD_PRIVATE void hzgsvd__gen_store(const hzgsvd__gen_state *R, double *F, int ldf, double *G, int ldg, double *sigma_f, double *sigma_g,
                                    double *sigma)
{
    const hzgsvd__dense_prec *X = R->X;
    const int C = X->planes;
    const int k = R->k, l = R->l, s = R->s, n = R->n, m_f = R->m_f, m_g = R->m_g;
    for (int j = 0; j < n; ++j) {
        if (m_f > 0) memset(F + (size_t)C * j * ldf, 0, sizeof(double) * C * (size_t)m_f);
        if (m_g > 0) memset(G + (size_t)C * j * ldg, 0, sizeof(double) * C * (size_t)m_g);
    }
    for (int i = 0; i < k; ++i) F[(size_t)C * ((size_t)i + (size_t)i * ldf)] = 1.0;
    for (int j = 0; j < s; ++j) {
        memcpy(F + (size_t)C * ((size_t)k + (size_t)(k + j) * ldf), R->Ac + (size_t)C * j * s, sizeof(double) * C * (size_t)s);
        memcpy(G + (size_t)C * ((size_t)(l - s) + (size_t)(k + j) * ldg), R->Bc + (size_t)C * j * s, sizeof(double) * C * (size_t)s);
    }
    for (int i = 0; i < l - s; ++i) G[(size_t)C * ((size_t)i + (size_t)(k + s + i) * ldg)] = 1.0;
    if (m_f > 0) hzgsvd__gen_unreduce(X, R->Vf, m_f, R->tauf, R->tfu, m_f, F, ldf, k + s, R->work);
    if (m_g > 0 && s < l) hzgsvd__gen_unreduce(X, R->Vg + C * (size_t)l * m_g, m_g, R->taug + l, l - s, l, G + (size_t)C * k * ldg, ldg, l, R->work);
    if (m_g > 0) hzgsvd__gen_unreduce(X, R->Vg, m_g, R->taug, l, m_g, G + (size_t)C * k * ldg, ldg, l, R->work);
    for (int c = 0; c < n; ++c) {
        double f, g, q;
        if (c < k) { f = 1.0; g = 0.0; q = HUGE_VAL; }
        else if (c < k + s) { f = R->sfc[c - k]; g = R->sgc[c - k]; q = R->ssc[c - k]; }
        else if (c < k + l) { f = 0.0; g = 1.0; q = 0.0; }
        else { f = 0.0; g = 0.0; q = NAN; }
        if (sigma_f) sigma_f[c] = f;
        if (sigma_g) sigma_g[c] = g;
        if (sigma) sigma[c] = q;
    }
}

/* The general pair on validated arguments, its core on `engine`; F, G become U, V (zero columns where sigma_f, sigma_g
 * are zero), Z n x n.  On success and on HZGSVD_ERR_NO_CONVERGENCE of the core the outputs are
 * written; on any other status they are untouched.  The ranks are decided as LAPACK's xGGSVD3
 * decides them (the header of this file). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gsvd_general(const hzgsvd__dense_prec *X, int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg,
                                                double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma,
                                                const hzgsvd_options *o, hzgsvd_info *info, double t0, hzgsvd__core_engine engine)
{
    hzgsvd_status st = hzgsvd__gen_finite(X, F, m_f, n, ldf, "F", info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gen_finite(X, G, m_g, n, ldg, "G", info);
    if (st != HZGSVD_SUCCESS) return st;
    hzgsvd__gen_state R;
    memset(&R, 0, sizeof R);
    R.X = X;
    R.m_f = m_f; R.m_g = m_g; R.n = n;
    const double ulp = ldexp(1.0, -52);
    const double nf1 = hzgsvd__gen_norm1(X, F, m_f, n, ldf, &R.ef), ng1 = hzgsvd__gen_norm1(X, G, m_g, n, ldg, &R.eg);
    /* the tolerances in the units of the scaled matrices (nf1, ng1 are their norms), and as reported */
    R.tolf_s = (double)(m_f > n ? m_f : n) * fmax(nf1, DBL_MIN) * ulp;
    R.tolg_s = (double)(m_g > n ? m_g : n) * fmax(ng1, DBL_MIN) * ulp;
    st = hzgsvd__gen_reduce(F, ldf, G, ldg, &R, info);
    if (st == HZGSVD_SUCCESS && info) {
        info->rank_k = R.k; info->rank_l = R.l; info->tol_f = ldexp(R.tolf_s, R.ef); info->tol_g = ldexp(R.tolg_s, R.eg);
        info->preprocessed = 1;
    }
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gen_solve_core(&R, o, info, t0, engine);
    if (st == HZGSVD_SUCCESS || st == HZGSVD_ERR_NO_CONVERGENCE) {
        int zj = 0;
        hzgsvd__gen_assemble_y(&R);
        const int zbad = hzgsvd__gen_store_z(&R, Z, ldz, &zj);
        const hzgsvd_status rst = zbad ? HZGSVD_SUCCESS : hzgsvd__gen_refine(&R, F, ldf, G, ldg, Z, ldz, o, info);
        if (rst != HZGSVD_SUCCESS) {
            free(R.core); free(R.mem);
            return rst;                     /* Z written, the caller's F and G untouched */
        }
        hzgsvd__gen_store(&R, F, ldf, G, ldg, sigma_f, sigma_g, sigma);
        if (info) info->outputs_written = 1;
        if (zbad) st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE, "column %d of Z is outside the double range (outputs written)", zj + 1);
    }
    free(R.core); free(R.mem);
    return st;
}

/* ||A||_F of the m x n matrix A (ld lda), column by column without needless overflow. */
HZGSVD_PRIVATE double hzgsvd__gen_fnorm(const hzgsvd__dense_prec *X, const double *A, int m, int n, int lda)
{
    const int C = X->planes;
    double f = 0.0;
    for (int j = 0; j < n && m > 0; ++j) f = hypot(f, hzgsvd__dn_nrm2(C, A + (size_t)C * j * lda, m, 1));
    return f;
}

/* X with F = U diag(sigma_f) X and G = V diag(sigma_g) X (X = Z^-1), from the input pair (F0, G0)
 * and the outputs, without inverting Z: row i of X is w_f u_i^H F0 + w_g v_i^H G0 for any weights
 * with w_f sigma_f + w_g sigma_g = 1.  The weights
 *     w_f = sigma_f / (sigma_f^2 + rho^2 sigma_g^2),  w_g = rho^2 sigma_g / (sigma_f^2 + rho^2 sigma_g^2),
 * rho = ||F0||_F / ||G0||_F, are those of the pair scaled to equal norms: the rounding of each
 * product then stays at u ||F0|| in F = U Sigma_F X and at u ||G0|| in G = V Sigma_G X, however
 * different the two norms are (rho = 1 gives X = Sigma_F U^H F + Sigma_G V^H G).  Rows with
 * sigma_f = sigma_g = 0 (the common null space) are the conjugate transposes of their columns of
 * Z.  w: 2n reals.  D: the precision's table. */
HZGSVD_PRIVATE void hzgsvd__gen_x(const hzgsvd__dense_prec *D, int m_f, int m_g, int n, const double *F0, int ldf0, const double *G0, int ldg0,
                                const double *U, int ldu, const double *V, int ldv, const double *Z, int ldz,
                                const double *sf, const double *sg, double *X, int ldx, double *w)
{
    const int C = D->planes;
    const double nf = hzgsvd__gen_fnorm(D, F0, m_f, n, ldf0), ng = hzgsvd__gen_fnorm(D, G0, m_g, n, ldg0);
    const double rho = ng > 0.0 ? fmin(nf / ng, DBL_MAX) : 1.0;
    double *wf = w, *wg = w + n;
    for (int i = 0; i < n; ++i) {
        const double f = sf[i], g = sg[i];
        if (g == 0.0) { wf[i] = f > 0.0 ? 1.0 / f : 0.0; wg[i] = 0.0; continue; }
        if (f == 0.0) { wf[i] = 0.0; wg[i] = 1.0 / g; continue; }
        const double gr = g * rho;
        if (gr >= f) { const double t = f / gr; wf[i] = t / (gr * (1.0 + t * t)); wg[i] = 1.0 / (g * (1.0 + t * t)); }
        else { const double t = gr / f; wf[i] = 1.0 / (f * (1.0 + t * t)); wg[i] = t * rho / (f * (1.0 + t * t)); }
    }
    for (int j = 0; j < n; ++j) memset(X + (size_t)C * j * ldx, 0, sizeof(double) * C * (size_t)n);
    if (m_f > 0) hzgsvd__dn_mm(C, 'C', 'N', n, n, m_f, 1.0, wf, U, ldu, F0, ldf0, X, ldx);   /* X += diag(w_f) U^H F0 */
    if (m_g > 0) hzgsvd__dn_mm(C, 'C', 'N', n, n, m_g, 1.0, wg, V, ldv, G0, ldg0, X, ldx);
    for (int i = 0; i < n; ++i) {
        if (sf[i] != 0.0 || sg[i] != 0.0) continue;
        for (int j = 0; j < n; ++j) {
            const double *z = Z + (size_t)C * ((size_t)j + (size_t)i * ldz);
            double *x = X + (size_t)C * ((size_t)i + (size_t)j * ldx);
            x[0] = z[0];
            if (C == 2) x[1] = -z[1];
        }
    }
}

