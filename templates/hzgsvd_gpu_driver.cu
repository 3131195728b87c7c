/* The host part of the single-GPU engine, one driver for both precisions (paper section 3.6,
 * Algorithm 1): checks, the load and the range plan, bordering on the device, initFGZ, the outer
 * sweeps (one block step per outer step, counters copied back once per sweep, stop when a sweep
 * applied no big transformation), the final rescale, sigma refined from the input, the ordering,
 * the rank test, the U/V check and the caller's columns.  The CPU only controls; every CUDA call is
 * checked and becomes a status.  What differs by precision -- the planes per element, the kernels
 * and the block step's sweeper -- comes from the table X (hzgsvd__gpu_prec; one instance per
 * precision in templates/hzgsvd_gpu_prec.cu.j2). */

typedef struct hzgsvd__gpu_prec {
    int planes;                     /* doubles per element: 1 real, 2 complex */
    const char *letter;             /* "d" or "z": the public functions' names in messages */
    int (*has_variant)(int w, int variant, int sort);      /* the variant's kernels are in this build */
    /* the block step over all pivot pairs (templates/hzgsvd_gpu_step.cu.j2): device bytes of its
     * buffers; a sweeper with its per-pair host counters (NULL: no host memory); init, one outer
     * sweep, the text of a failure code, free */
    size_t (*sweeper_plan)(int mf, int mg, int nz, int n, int w);
    void *(*sweeper_new)(int npairs);
    cudaError_t (*sweeper_init)(void *sw, const hzgsvd__gpu_work *M, const int *d_outer, const int *h_outer, int steps, int w,
                                const hzgsvd_options *o, char *step_mem);
    cudaError_t (*sweeper_sweep)(void *sw, cudaStream_t stream, unsigned long long *all, unsigned long long *big, int *fail, int *fail_pair,
                                 int *fail_col);
    const char *(*sweeper_fail_text)(int fail);
    void (*sweeper_free)(void *sw);
    /* the kernels, each launched on stream and followed by cudaGetLastError (templates/hzgsvd_gpu_kernels.cu.j2) */
    cudaError_t (*load)(const double *Y, const double *Yi, int m, int n, int ld, double *const W[2], int ldw, cudaStream_t stream);
    cudaError_t (*check_values)(double *const W[2], int m, int n, int ldw, int *bad, int *zero, double *nrm, int *ex, cudaStream_t stream);
    cudaError_t (*scale_pow2)(double *const W[2], int ldw, int m, int n, int shift, const int *col, cudaStream_t stream);
    cudaError_t (*border)(double *Y, int ldw, int m, int n, int extra, cudaStream_t stream);
    cudaError_t (*init_fgz)(const hzgsvd__gpu_work *M, int enh, int prescale, int half, int row0, int row1, cudaStream_t stream);
    cudaError_t (*rescale)(const hzgsvd__gpu_work *M, int enh, int f, double *sf, double *sg, double *ss, int *bad, cudaStream_t stream);
    cudaError_t (*real_columns)(double *const Z[2], int n, int nb, int *real, cudaStream_t stream);
    cudaError_t (*rank_test)(double *const Z[2], int n, int nb, const int *real, const double *nf, const double *ng, const double *sf,
                             const double *sg, double tf, double tg, int *flag, cudaStream_t stream);
    cudaError_t (*gather)(double *const W[2], int ldw, const int *order, int m, int n, double *Y, double *Yi, int ld, cudaStream_t stream);
    hzgsvd_status (*refine)(const double *dF, const double *dFi, int ldf, int m_f, const double *dG, const double *dGi, int ldg, int m_g,
                            int n, int nb, const double *Z, const double *Zi, const hzgsvd__range *rg, const int *d_col, const int *d_ef,
                            const int *d_eg, const int *d_real, double *d_sf, double *d_sg, double *d_ss, char *buf, cudaStream_t stream,
                            hzgsvd_info *info);
    /* the scaled norms of the sigma refinement (templates/hzgsvd_gpu_refine_common.cu; the distributed engine's GPU ranks) */
    hzgsvd_status (*refine_norms)(const double *dY, const double *dYi, int ldy, int m, int n, int ncols, const double *Z, const double *Zi,
                                  int ldz, int active, int shift, const int *d_col, const int *d_ex, const double *d_sig, double *nrm,
                                  char *buf, const hzgsvd__gpu_refine_layout *RL, cudaStream_t stream, hzgsvd_info *info);
    hzgsvd_status (*orth_max)(double *const Y[2], int m, int nc, int ld, const hzgsvd__orth_layout *OL, char *scratch, int which,
                              cudaStream_t stream, hzgsvd_info *info);
    const hzgsvd__dense_prec *dense;   /* the reduction of general pairs, on the host (the entry points: templates/hzgsvd_gpu_api.cu) */
} hzgsvd__gpu_prec;

/* Sizes of a run (bordered: n to a multiple of 2w, rows to a multiple of 64 that holds the unit
 * diagonal of the added columns) and the offsets of everything in the workspace. */
typedef struct hzgsvd__gpu_layout {
    int w, mf, mg, nb, nblk, steps;
    size_t off_F, off_G, off_Z, off_outer, off_step, off_sig, off_norms, off_ints, bytes;
} hzgsvd__gpu_layout;

HZGSVD_PRIVATE int hzgsvd__gpu_plan(const hzgsvd__gpu_prec *X, int m_f, int m_g, int n, int w, hzgsvd_strategy outer, int inplace,
                                    hzgsvd__gpu_layout *L)
{
    const int nb = hzgsvd__bordered_n(n, w), extra = nb - n, PL = X->planes;
    L->w = w;
    L->nb = nb;
    L->nblk = nb / w;
    L->mf = hzgsvd__round_up(m_f + extra, 64);
    L->mg = hzgsvd__round_up(m_g + extra, 64);
    L->steps = hzgsvd__strategy_nsteps(outer, L->nblk);
    if (L->steps < 1) return -1;
    size_t o = 0;
    /* in place: the caller's arrays are the working matrices, the workspace holds O(n) only */
    L->off_F = o;     o += inplace ? 0 : hzgsvd__align256(sizeof(double) * PL * (size_t)L->mf * nb);
    L->off_G = o;     o += inplace ? 0 : hzgsvd__align256(sizeof(double) * PL * (size_t)L->mg * nb);
    L->off_Z = o;     o += inplace ? 0 : hzgsvd__align256(sizeof(double) * PL * (size_t)nb * nb);
    L->off_outer = o; o += hzgsvd__align256(sizeof(int) * (size_t)L->steps * L->nblk);
    {   /* the sigma refinement (copying mode) reuses the step's workspace after the sweeps */
        const size_t step = X->sweeper_plan(L->mf, L->mg, nb, nb, w), refine = inplace ? 0 : hzgsvd__gpu_refine_plan(PL, m_f, m_g, n, nb).bytes;
        /* and so does the orthogonality check (copying mode) */
        const size_t orth = inplace ? 0 : hzgsvd__orth_plan(PL, L->mf > L->mg ? L->mf : L->mg, nb).bytes;
        const size_t after = refine > orth ? refine : orth;
        L->off_step = o;  o += step > after ? step : after;
    }
    L->off_sig = o;   o += hzgsvd__align256(sizeof(double) * 3 * (size_t)nb);
    L->off_norms = o; o += hzgsvd__align256(sizeof(double) * 2 * (size_t)n);
    L->off_ints = o;  o += hzgsvd__align256(sizeof(int) * (3 * (size_t)nb + 4 + 3 * (size_t)n));   /* + range plan: ef, eg, col */
    L->bytes = o;
    return 0;
}

/* hzgsvd_gpu_?gsvd_workspace_size */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_workspace_size(const hzgsvd__gpu_prec *X, int m_f, int m_g, int n, const hzgsvd_options *opt,
                                                        size_t *bytes)
{
    const hzgsvd_options o = hzgsvd__with_width(opt, hzgsvd__gpu_default_width(n));
    if (!bytes) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = 0;
    if (n < 1) return HZGSVD_ERR_N_LESS_THAN_ONE;
    if (m_f < 0 || m_g < 0) return HZGSVD_ERR_INVALID_ARGUMENT;
    if (!hzgsvd__gpu_width_ok(o.block_width)) return HZGSVD_ERR_INVALID_ARGUMENT;
    /* fewer rows than columns: the reduction through the host, which uses no device workspace */
    if (m_f < n || m_g < n) return o.preprocess == 0 ? HZGSVD_ERR_M_LESS_THAN_N : HZGSVD_SUCCESS;
    hzgsvd__gpu_layout L;
    if (hzgsvd__gpu_plan(X, m_f, m_g, n, o.block_width, o.outer, 0, &L) != 0) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = L.bytes;
    return HZGSVD_SUCCESS;
}

/* Whether the in-place mode applies: no bordering (n a multiple of 2w, m_f and m_g of 64) and the
 * arrays exactly of the working layout (ld = rows). */
HZGSVD_PRIVATE int hzgsvd__gpu_inplace_ok(int m_f, int m_g, int n, int w, int ldf, int ldg, int ldz)
{
    return n >= 2 * w && n % (2 * w) == 0 && m_f % 64 == 0 && m_g % 64 == 0 && ldf == m_f && ldg == m_g && ldz == n;
}

/* hzgsvd_gpu_?gsvd_inplace_workspace_size */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_inplace_workspace_size(const hzgsvd__gpu_prec *X, int m_f, int m_g, int n, const hzgsvd_options *opt,
                                                                size_t *bytes)
{
    const hzgsvd_options o = hzgsvd__with_width(opt, hzgsvd__gpu_default_width(n));
    if (!bytes) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = 0;
    if (n < 1) return HZGSVD_ERR_N_LESS_THAN_ONE;
    if (m_f < n || m_g < n) return HZGSVD_ERR_M_LESS_THAN_N;
    if (!hzgsvd__gpu_width_ok(o.block_width)) return HZGSVD_ERR_INVALID_ARGUMENT;
    if (!hzgsvd__gpu_inplace_ok(m_f, m_g, n, o.block_width, m_f, m_g, n)) return HZGSVD_ERR_INVALID_ARGUMENT;
    hzgsvd__gpu_layout L;
    if (hzgsvd__gpu_plan(X, m_f, m_g, n, o.block_width, o.outer, 1, &L) != 0) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = L.bytes;
    return HZGSVD_SUCCESS;
}

/* Every argument check of a run, before any CUDA call (so the refusals come without a device too;
 * pointers are compared, never dereferenced): shapes and options, in place's layout, the plan (into
 * *L), the workspace's size and its alignment, 256 bytes (its parts lie on hzgsvd__align256
 * boundaries), and in place the arrays' alignment, 16 bytes (the step kernels read and write them
 * in 16-byte cp.async pieces).  o: block_width resolved (hzgsvd__with_width).  Fi, Gi, Zi: the
 * imaginary planes (complex, split) or NULL. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_check(const hzgsvd__gpu_prec *X, int m_f, int m_g, int n, const double *dF, const double *dFi, int ldf,
                                               const double *dG, const double *dGi, int ldg, const double *dZ, const double *dZi, int ldz,
                                               const void *d_work, size_t work_bytes, const hzgsvd_options *o, int inplace,
                                               hzgsvd_info *info, hzgsvd__gpu_layout *L)
{
    const int w = o->block_width;
    const hzgsvd_status st = hzgsvd__check_args(m_f, m_g, n, dF, ldf, dG, ldg, dZ, ldz, o, info);
    if (st != HZGSVD_SUCCESS) return st;
    if (!hzgsvd__gpu_width_ok(w))
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.block_width = %d: the GPU engine works with w = 16 or 32", w);
    if (hzgsvd__gpu_pre_check(o, inplace, info) != HZGSVD_SUCCESS) return HZGSVD_ERR_INVALID_ARGUMENT;
    if (!X->has_variant(w, o->variant, o->sort))
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "variant %d (%s) is not in this build (generated with a VARIANTS filter)",
                            o->variant, o->sort ? "sorting" : "non-sorting");
    if (inplace && !hzgsvd__gpu_inplace_ok(m_f, m_g, n, w, ldf, ldg, ldz))
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT,
                            "in place needs n >= 2w a multiple of 2w = %d, m_f and m_g multiples of 64 and ldf = m_f, ldg = m_g, ldz = n "
                            "(got m_f = %d, m_g = %d, n = %d, ld %d, %d, %d)", 2 * w, m_f, m_g, n, ldf, ldg, ldz);
    if (hzgsvd__gpu_plan(X, m_f, m_g, n, w, o->outer, inplace, L) != 0)
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "no outer strategy for %d block columns", n);
    if ((size_t)m_f * n > (size_t)0x7fffffff || (size_t)m_g * n > (size_t)0x7fffffff)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "m*n must be below 2^31 per matrix");
    if (d_work && work_bytes < L->bytes)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "work_bytes = %zu < %zu (hzgsvd_gpu_%sgsvd_workspace_size)", work_bytes, L->bytes,
                            X->letter);
    if ((uintptr_t)d_work & 255u)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT,
                            "d_work = %p must be 256-byte aligned (its parts lie on 256-byte boundaries; cudaMalloc's pointers are)", d_work);
    if (inplace) {
        const double *const real_arr[3] = { dF, dG, dZ }, *const cplx_arr[6] = { dF, dFi, dG, dGi, dZ, dZi };
        static const char *const real_name[3] = { "dF", "dG", "dZ" };
        static const char *const cplx_name[6] = { "dFr", "dFi", "dGr", "dGi", "dZr", "dZi" };
        const int cplx = X->planes == 2;
        const double *const *arr = cplx ? cplx_arr : real_arr;
        const char *const *name = cplx ? cplx_name : real_name;
        for (int a = 0; a < 3 * X->planes; ++a)
            if ((uintptr_t)arr[a] & 15u)
                return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "in place: %s = %p must be 16-byte aligned (the kernels copy it in 16-byte pieces)",
                                    name[a], (const void *)arr[a]);
    }
    return HZGSVD_SUCCESS;
}

/* One run: its arguments, its plan and everything it holds (released at its end). */
typedef struct hzgsvd__gpu_job {
    const hzgsvd__gpu_prec *X;
    int m_f, m_g, n, ldf, ldg, ldz, inplace;
    hzgsvd__on_deficient mode;      /* as hzgsvd__gpu_run's */
    double *dF, *dFi, *dG, *dGi, *dZ, *dZi;         /* the caller's arrays (imaginary planes: complex, split; else NULL) */
    cudaStream_t stream;
    hzgsvd_options o;               /* block_width resolved */
    hzgsvd__gpu_layout L;
    char *work, *owned;             /* the workspace (owned: allocated here) */
    int *h_outer, *h_ints, *h_order, *h_col;
    double *h_ss, *h_nrm;
    void *sweeper;
    hzgsvd__gpu_work M;
    double *d_sf, *d_sg, *d_ss, *d_nf, *d_ng;
    int *d_real, *d_order, *d_bad, *d_flag, *d_ef, *d_eg, *d_col;
    hzgsvd__range rg;
    hzgsvd__gpu_pre pre;            /* the preconditioned start's Z0 (templates/hzgsvd_gpu_precondition.cu) */
    int converged, enh;
    int sweeps_done, gave_way;      /* sweeps of an abandoned QR_EIG start; whether it gave way (hzgsvd__start_gives_way) */
    double *d_sigma_f, *d_sigma_g, *d_sigma;        /* the caller's sigmas */
    int *written;                   /* hzgsvd__gpu_run's */
} hzgsvd__gpu_job;

/* Host buffers, the workspace and its parts, the working matrices (the caller's in place), the sweeper. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_setup(hzgsvd__gpu_job *J, void *d_work, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const hzgsvd__gpu_layout *L = &J->L;
    const int n = J->n;
    J->h_outer = (int *)malloc(sizeof(int) * (size_t)L->steps * L->nblk);
    J->sweeper = J->X->sweeper_new(L->nblk / 2);   /* its counters: one per pivot pair */
    J->h_ints = (int *)malloc(sizeof(int) * 2 * (size_t)L->nb);
    J->h_ss = (double *)malloc(sizeof(double) * (size_t)L->nb);
    J->h_col = (int *)malloc(sizeof(int) * (size_t)n);
    J->h_nrm = (double *)malloc(sizeof(double) * 2 * (size_t)n);
    if (!J->h_outer || !J->sweeper || !J->h_ints || !J->h_ss || !J->h_col || !J->h_nrm) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "host buffers");
    J->h_order = J->h_ints + L->nb;
    if (hzgsvd__strategy_fill(J->o.outer, L->nblk, J->h_outer) != 0) return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "outer strategy table");

    char *work;
    hzgsvd__gpu_work *M = &J->M;
    if (d_work) J->work = (char *)d_work;
    else { HZGSVD__CU(cudaMalloc((void **)&J->owned, L->bytes)); J->work = J->owned; }
    work = J->work;
    if (J->inplace) {
        M->F[0] = J->dF; M->G[0] = J->dG; M->Z[0] = J->dZ;
        M->F[1] = J->dFi; M->G[1] = J->dGi; M->Z[1] = J->dZi;
    } else {
        M->F[0] = (double *)(work + L->off_F); M->G[0] = (double *)(work + L->off_G); M->Z[0] = (double *)(work + L->off_Z);
        M->F[1] = M->G[1] = M->Z[1] = NULL;
        if (J->X->planes == 2) {
            M->F[1] = M->F[0] + (size_t)L->mf * L->nb; M->G[1] = M->G[0] + (size_t)L->mg * L->nb; M->Z[1] = M->Z[0] + (size_t)L->nb * L->nb;
        }
    }
    if (J->X->planes == 1) M->F[1] = M->G[1] = M->Z[1] = NULL;
    M->mf = L->mf; M->mg = L->mg; M->n = L->nb; M->nz = L->nb;
    J->d_sf = (double *)(work + L->off_sig); J->d_sg = J->d_sf + L->nb; J->d_ss = J->d_sg + L->nb;
    J->d_nf = (double *)(work + L->off_norms); J->d_ng = J->d_nf + n;
    J->d_real = (int *)(work + L->off_ints); J->d_order = J->d_real + L->nb; J->d_flag = J->d_order + L->nb; J->d_bad = J->d_flag + L->nb;
    J->d_ef = J->d_bad + 4; J->d_eg = J->d_ef + n; J->d_col = J->d_eg + n;
    HZGSVD__CU(J->X->sweeper_init(J->sweeper, M, (const int *)(work + L->off_outer), J->h_outer, L->steps, L->w, &J->o, work + L->off_step));
done:
    return st;
}

/* Load (copying mode: the caller's arrays are only read here), then the checks that need the values:
 * d_bad[0] = first non-finite (column-major index), d_bad[1] = first zero column.  Pass 0: the
 * checks, the column norms and exponents; then the range plan (hzgsvd__range, docs/NUMERICS.md)
 * and, where it is active, F and G scaled on the device and pass 1 for their norms (the rank
 * test's).  Exact powers of two: no new non-finite value or zero column. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_load(hzgsvd__gpu_job *J, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const hzgsvd__gpu_prec *X = J->X;
    const hzgsvd__gpu_layout *L = &J->L;
    const hzgsvd__gpu_work *M = &J->M;
    const int m_f = J->m_f, m_g = J->m_g, n = J->n;
    cudaStream_t stream = J->stream;
    int h_chk[2];
    if (J->inplace) {
        for (int v = 0; v < X->planes; ++v) HZGSVD__CU(cudaMemsetAsync(M->Z[v], 0, sizeof(double) * (size_t)n * n, stream));
    } else {
        HZGSVD__CU(cudaMemsetAsync(J->work, 0, L->off_outer, stream));
        HZGSVD__CU(X->load(J->dF, J->dFi, m_f, n, J->ldf, M->F, L->mf, stream));
        HZGSVD__CU(X->load(J->dG, J->dGi, m_g, n, J->ldg, M->G, L->mg, stream));
    }
    for (int pass = 0; pass < 2; ++pass) {
        for (int which = 0; which < 2; ++which) {
            const int m = which ? m_g : m_f;
            const char *name = which ? "G" : "F";
            h_chk[0] = h_chk[1] = 0x7fffffff;
            HZGSVD__CU(cudaMemcpyAsync(J->d_bad, h_chk, sizeof h_chk, cudaMemcpyHostToDevice, stream));
            HZGSVD__CU(X->check_values(which ? M->G : M->F, m, n, which ? L->mg : L->mf, J->d_bad, J->d_bad + 1, which ? J->d_ng : J->d_nf,
                                       which ? J->d_eg : J->d_ef, stream));
            HZGSVD__CU(cudaMemcpyAsync(h_chk, J->d_bad, sizeof h_chk, cudaMemcpyDeviceToHost, stream));
            HZGSVD__CU(cudaStreamSynchronize(stream));
            if (h_chk[0] != 0x7fffffff) return hzgsvd__fail(info, HZGSVD_ERR_NOT_FINITE, "%s(%d,%d) is not finite", name, h_chk[0] % m + 1, h_chk[0] / m + 1);
            if (h_chk[1] != 0x7fffffff) return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "%s has a zero column (column %d): not of full column rank", name, h_chk[1] + 1);
        }
        if (pass == 1) break;
        {
            int part[3] = {0, INT_MIN, INT_MIN};
            HZGSVD__CU(cudaMemcpyAsync(J->h_ints, J->d_ef, sizeof(int) * 2 * (size_t)n, cudaMemcpyDeviceToHost, stream));   /* ef, eg: 2n <= 2nb */
            HZGSVD__CU(cudaStreamSynchronize(stream));
            hzgsvd__range_columns(n, J->h_ints, J->h_ints + n, J->h_col, part);
            J->rg = hzgsvd__range_plan(part);
        }
        if (!J->rg.active) break;
        HZGSVD__CU(cudaMemcpyAsync(J->d_col, J->h_col, sizeof(int) * (size_t)n, cudaMemcpyHostToDevice, stream));
        HZGSVD__CU(X->scale_pow2(M->F, L->mf, m_f, n, J->rg.shift_f, J->d_col, stream));
        HZGSVD__CU(X->scale_pow2(M->G, L->mg, m_g, n, J->rg.shift_g, J->d_col, stream));
    }
    /* a column far below the largest ones (its squares underflow) cannot be resolved */
    HZGSVD__CU(cudaMemcpyAsync(J->h_nrm, J->d_nf, sizeof(double) * 2 * (size_t)n, cudaMemcpyDeviceToHost, stream));   /* nf, ng */
    HZGSVD__CU(cudaStreamSynchronize(stream));
    for (int j = 0; j < 2 * n; ++j)
        if (J->h_nrm[j] < ldexp(1.0, -HZGSVD__RANGE_RESOLVE)) return hzgsvd__range_fail_input(info, j % n + 1, j < n ? "F" : "G");
done:
    return st;
}

/* Border (section 3.1), initFGZ (3.3), Algorithm 1: outer sweeps until one applies no big
 * transformation (J->converged), max_sweeps (less J->sweeps_done), a pivot failure or the cancel
 * flag, or until a QR_EIG start gives way (J->gave_way: the caller starts again with QR_SVD). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_iterate(hzgsvd__gpu_job *J, double t0, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const hzgsvd__gpu_prec *X = J->X;
    const hzgsvd__gpu_layout *L = &J->L;
    const int extra = L->nb - J->n, prescale = !HZGSVD__VAR_RESCALE(J->o.variant);
    const int preconditioned = J->pre.z0 != NULL;   /* for the stop rule (hzgsvd__sweep_converged) */
    const int kind = preconditioned ? J->pre.kind : HZGSVD_PRECONDITION_NONE, base = J->sweeps_done;
    const int budget = J->o.max_sweeps - base;
    cudaStream_t stream = J->stream;
    if (extra > 0) {
        HZGSVD__CU(X->border(J->M.F[0], L->mf, J->m_f, J->n, extra, stream));   /* extra < 2w <= 64 */
        HZGSVD__CU(X->border(J->M.G[0], L->mg, J->m_g, J->n, extra, stream));
    }
    HZGSVD__CU(cudaMemcpyAsync(J->work + L->off_outer, J->h_outer, sizeof(int) * (size_t)L->steps * L->nblk, cudaMemcpyHostToDevice, stream));
    HZGSVD__CU(X->init_fgz(&J->M, J->enh, prescale, L->nb, 0, 0, stream));
    HZGSVD__CU(hzgsvd__gpu_pre_apply(&J->pre, &J->M, J->n, X->planes, stream));   /* Z = Z0 diag(z) where preconditioned */
    for (int sweep = 0; sweep < budget; ++sweep) {
        unsigned long long all, big;
        int fail, fail_pair, fail_col;
        HZGSVD__CU(X->sweeper_sweep(J->sweeper, stream, &all, &big, &fail, &fail_pair, &fail_col));
        if (fail)
            st = hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "%s (sweep %d, block pair %d, column %d)",
                              X->sweeper_fail_text(fail), base + sweep + 1, fail_pair, fail_col);
        if (info) { info->sweeps = base + sweep + 1; info->all += all; info->big += big; }
        const int cancel = hzgsvd__sweep_done(&J->o, base + sweep + 1, big, all, t0, 1);
        if (st != HZGSVD_SUCCESS) return st;
        if (hzgsvd__sweep_converged(sweep, big, all, preconditioned)) { J->converged = 1; break; }
        if (cancel) return hzgsvd__cancelled(info, base + sweep + 1);
        if (hzgsvd__start_gives_way(kind, sweep, budget)) { J->gave_way = 1; J->sweeps_done = base + sweep + 1; break; }
        HZGSVD__CU(X->rescale(&J->M, J->enh, 0, NULL, NULL, NULL, NULL, stream));
    }
done:
    return st;
}

/* The end of the run as hooks of the one epilogue (hzgsvd__finish, templates/hzgsvd_finish.c), over
 * the job.  The final rescale (f = true) is queued; its degenerate column is read with the order. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_end_rescale(void *run, hzgsvd_info *info)
{
    hzgsvd__gpu_job *J = (hzgsvd__gpu_job *)run;
    hzgsvd_status st = HZGSVD_SUCCESS;
    J->h_ints[0] = 0x7fffffff;
    HZGSVD__CU(cudaMemcpyAsync(J->d_bad, J->h_ints, sizeof(int), cudaMemcpyHostToDevice, J->stream));
    HZGSVD__CU(J->X->rescale(&J->M, J->enh, 1, J->d_sf, J->d_sg, J->d_ss, J->d_bad, J->stream));
done:
    return st;
}

/* The real columns, sigma refined from the caller's F, G (copying mode; hzgsvd_sigma_refine), the
 * final rescale's verdict, the order (sigma descending; in place: the engine's). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_end_order(void *run, hzgsvd_info *info)
{
    hzgsvd__gpu_job *J = (hzgsvd__gpu_job *)run;
    hzgsvd_status st = HZGSVD_SUCCESS;
    const hzgsvd__gpu_prec *X = J->X;
    const hzgsvd__gpu_layout *L = &J->L;
    const int n = J->n;
    cudaStream_t stream = J->stream;
    int cnt = 0;
    HZGSVD__CU(X->real_columns(J->M.Z, n, L->nb, J->d_real, stream));
    if (J->o.refine_sigma != 0 && !J->inplace) {   /* sigma from the caller's F, G (still as given) and Z: hzgsvd_sigma_refine */
        st = X->refine(J->dF, J->dFi, J->ldf, J->m_f, J->dG, J->dGi, J->ldg, J->m_g, n, L->nb, J->M.Z[0], J->M.Z[1], &J->rg, J->d_col, J->d_ef,
                       J->d_eg, J->d_real, J->d_sf, J->d_sg, J->d_ss, J->work + L->off_step, stream, info);
        if (st != HZGSVD_SUCCESS) return st;
        if (info) info->sigma_refined = 1;
    }
    HZGSVD__CU(cudaMemcpyAsync(J->h_ints, J->d_real, sizeof(int) * (size_t)L->nb, cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaMemcpyAsync(J->h_ss, J->d_ss, sizeof(double) * (size_t)L->nb, cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaMemcpyAsync(J->h_order, J->d_bad, sizeof(int), cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaStreamSynchronize(stream));
    if (J->h_order[0] != 0x7fffffff)
        return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "column %d of the result is degenerate: F or G is not of full column rank", J->h_order[0] + 1);
    for (int j = 0; j < L->nb; ++j)
        if (J->h_ints[j]) { if (cnt < n) J->h_order[cnt] = j; ++cnt; }
    if (cnt != n) return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "%d result columns free of bordering, expected %d", cnt, n);
    if (J->o.sort && !J->inplace) hzgsvd__sort_desc(J->h_ss, J->h_order, n);   /* in place: the engine's order */
done:
    return st;
}

/* The rank test: out->degenerate (1 F, 2 G) at its first failing output column. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_end_rank_test(void *run, hzgsvd__outcome *out, hzgsvd_info *info)
{
    hzgsvd__gpu_job *J = (hzgsvd__gpu_job *)run;
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int m_f = J->m_f, m_g = J->m_g, n = J->n, nb = J->L.nb;
    HZGSVD__CU(J->X->rank_test(J->M.Z, n, nb, J->d_real, J->d_nf, J->d_ng, J->d_sf, J->d_sg, (double)(m_f > n ? m_f : n) * HZGSVD__U,
                               (double)(m_g > n ? m_g : n) * HZGSVD__U, J->d_flag, J->stream));
    HZGSVD__CU(cudaMemcpyAsync(J->h_ints, J->d_flag, sizeof(int) * (size_t)nb, cudaMemcpyDeviceToHost, J->stream));
    HZGSVD__CU(cudaStreamSynchronize(J->stream));
    for (int c = 0; c < n && !out->degenerate; ++c) { out->degenerate = J->h_ints[J->h_order[c]]; out->degenerate_col = c; }
done:
    return st;
}

/* Where the caller can solve the pair another way (mode REROUTE: the reduction), U and V
 * are checked as the CPU engine checks them: on a pair whose F or G is of condition near 1/u and
 * not graded the iteration can converge with U or V off orthogonality (docs/NUMERICS.md, "The
 * full-rank engine's limit"); 16 nb u, the reduction's own core check. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_end_uv_check(void *run, hzgsvd_info *info)
{
    hzgsvd__gpu_job *J = (hzgsvd__gpu_job *)run;
    hzgsvd_status st = HZGSVD_SUCCESS;
    const hzgsvd__gpu_layout *L = &J->L;
    const double tol = 16.0 * L->nb * HZGSVD__U;
    char *scratch = J->work + L->off_step;   /* the step's space: free now */
    const hzgsvd__orth_layout OL = hzgsvd__orth_plan(J->X->planes, L->mf > L->mg ? L->mf : L->mg, L->nb);
    st = J->X->orth_max(J->M.F, L->mf, L->nb, L->mf, &OL, scratch, 0, J->stream, info);
    if (st == HZGSVD_SUCCESS) st = J->X->orth_max(J->M.G, L->mg, L->nb, L->mg, &OL, scratch, 1, J->stream, info);
    if (st != HZGSVD_SUCCESS) return st;
    HZGSVD__CU(cudaMemcpyAsync(J->h_nrm, scratch + OL.off_out, sizeof(double) * 2, cudaMemcpyDeviceToHost, J->stream));
    HZGSVD__CU(cudaStreamSynchronize(J->stream));
    if (!(J->h_nrm[0] <= tol) || !(J->h_nrm[1] <= tol)) {
        const int u_bad = !(J->h_nrm[0] <= tol);
        return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT,
                            "%s came out off orthogonality by %.2g > %.2g (F or G is too ill-conditioned for the full-rank engine; outputs not written)",
                            u_bad ? "U" : "V", J->h_nrm[u_bad ? 0 : 1], tol);
    }
done:
    return st;
}

/* The caller's columns in order (copying mode), sigma of the caller's pair (scaled back from the
 * range-scaled one where it was), Z likewise; h_chk: the first output column outside the double
 * range [0] and below what the engine resolves [1] (0x7fffffff: none). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_store(hzgsvd__gpu_job *J, int h_chk[2], hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const hzgsvd__gpu_prec *X = J->X;
    const hzgsvd__gpu_layout *L = &J->L;
    const int m_f = J->m_f, m_g = J->m_g, n = J->n, inplace = J->inplace;
    cudaStream_t stream = J->stream;
    HZGSVD__CU(cudaMemcpyAsync(J->d_order, J->h_order, sizeof(int) * (size_t)n, cudaMemcpyHostToDevice, stream));
    if (!inplace) {
        HZGSVD__CU(X->gather(J->M.F, L->mf, J->d_order, m_f, n, J->dF, J->dFi, J->ldf, stream));
        HZGSVD__CU(X->gather(J->M.G, L->mg, J->d_order, m_g, n, J->dG, J->dGi, J->ldg, stream));
        HZGSVD__CU(X->gather(J->M.Z, L->nb, J->d_order, n, n, J->dZ, J->dZi, J->ldz, stream));
    }
    h_chk[0] = h_chk[1] = 0x7fffffff;
    HZGSVD__CU(cudaMemcpyAsync(J->d_bad + 2, h_chk, sizeof(int) * 2, cudaMemcpyHostToDevice, stream));
    hzgsvd__gpu_range_out<<<dim3(J->rg.active ? (n + 255) / 256 : 1, n), 256, 0, stream>>>(J->d_sf, J->d_sg, J->d_ss, J->d_order, n, J->rg.active,
                                                                                       J->rg.shift_f, J->rg.shift_g, J->d_col, J->d_sigma_f, J->d_sigma_g,
                                                                                       J->d_sigma, inplace ? J->M.Z[0] : J->dZ,
                                                                                       inplace ? J->M.Z[1] : J->dZi, X->planes == 2,
                                                                                       inplace ? L->nb : J->ldz, J->d_bad + 2);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CU(cudaMemcpyAsync(h_chk, J->d_bad + 2, sizeof(int) * 2, cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaStreamSynchronize(stream));
done:
    return st;
}

/* The caller's arrays; the first output column outside the double range and below what the engine
 * resolves, for the outcome. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_end_store(void *run, hzgsvd__outcome *out, hzgsvd_info *info)
{
    hzgsvd__gpu_job *J = (hzgsvd__gpu_job *)run;
    int h_chk[2];
    const hzgsvd_status st = hzgsvd__gpu_store(J, h_chk, info);
    if (st != HZGSVD_SUCCESS) return st;
    if (J->written) *J->written = 1;
    if (h_chk[1] != 0x7fffffff) out->unresolved_col = h_chk[1];
    if (h_chk[0] != 0x7fffffff) out->range_col = h_chk[0];
    return HZGSVD_SUCCESS;
}

/* The run's end: the one epilogue over the hooks above. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_finish(hzgsvd__gpu_job *J, hzgsvd_info *info)
{
    static const hzgsvd__finish_ops ops = {hzgsvd__gpu_end_rescale, hzgsvd__gpu_end_order, hzgsvd__gpu_end_rank_test,
                                           hzgsvd__gpu_end_uv_check, hzgsvd__gpu_end_store};
    return hzgsvd__finish(&ops, J, J->mode, J->converged, J->o.max_sweeps, "sweep", info);
}

/* The preconditioned start of kind (QR_EIG or QR_SVD, where J->o does not skip it), after the load:
 * F Z0, G Z0 in the working planes, or the loaded pair again; in the front door's run (J->mode
 * reroutes) its rank probe may send the pair to the reduction. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_start(hzgsvd__gpu_job *J, int kind, hzgsvd_info *info)
{
    int reload = 0;
    hzgsvd_status st = hzgsvd__gpu_precondition(&J->pre, &J->M, J->X->planes, J->m_f, J->m_g, J->n, J->d_nf, J->d_ng, &J->o, kind,
                                                J->inplace, hzgsvd__reroutes(J->mode), J->stream, &reload, info);
    if (st == HZGSVD_SUCCESS && reload) st = hzgsvd__gpu_load(J, info);
    return st;
}

/* The run on device arrays: F, G, Z real (Fi, Gi, Zi NULL), complex interleaved (Fi, Gi, Zi NULL) or
 * complex in split planes (F, Fi, ...).  inplace: the caller's arrays are the working matrices (no
 * copy; columns come back in the engine's order).  *written (if not NULL) tells whether the outputs
 * were written (also on some errors).  mode (copying mode): what a failing final rank test does, as
 * in the CPU engine (hzgsvd__on_deficient). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_run(const hzgsvd__gpu_prec *X, int m_f, int m_g, int n, double *dF, double *dFi, int ldf, double *dG,
                                             double *dGi, int ldg, double *dZ, double *dZi, int ldz, double *d_sigma_f, double *d_sigma_g,
                                             double *d_sigma, void *d_work, size_t work_bytes, cudaStream_t stream, const hzgsvd_options *opt,
                                             hzgsvd_info *info, int *written, int inplace, hzgsvd__on_deficient mode)
{
    const double t0 = hzgsvd__now();
    hzgsvd_status st;
    hzgsvd__gpu_job J;
    int dev_count = 0;
    memset(&J, 0, sizeof J);
    J.X = X; J.m_f = m_f; J.m_g = m_g; J.n = n; J.ldf = ldf; J.ldg = ldg; J.ldz = ldz; J.inplace = inplace;
    J.mode = inplace ? HZGSVD__DEFICIENT_REPORT : mode;   /* in place there is no other route: the result is the caller's */
    J.stream = stream; J.d_sigma_f = d_sigma_f; J.d_sigma_g = d_sigma_g; J.d_sigma = d_sigma; J.written = written;
    J.dF = dF; J.dFi = dFi; J.dG = dG; J.dGi = dGi; J.dZ = dZ; J.dZi = dZi;
    J.o = hzgsvd__with_width(opt, hzgsvd__gpu_default_width(n));
    J.enh = HZGSVD__VAR_ENHANCED(J.o.variant);
    if (written) *written = 0;
    hzgsvd__info_reset(info);
    st = hzgsvd__gpu_check(X, m_f, m_g, n, dF, dFi, ldf, dG, dGi, ldg, dZ, dZi, ldz, d_work, work_bytes, &J.o, inplace, info, &J.L);
    if (st != HZGSVD_SUCCESS) return st;
    if (cudaGetDeviceCount(&dev_count) != cudaSuccess || dev_count < 1) {
        (void)cudaGetLastError();
        return hzgsvd__fail(info, HZGSVD_ERR_NO_DEVICE, "no CUDA device is available");
    }
    if (info) { info->n_bordered = J.L.nb; info->block_width = J.L.w; info->rank_l = n; }   /* full-rank pairs: K = 0, L = n */
    st = hzgsvd__gpu_setup(&J, d_work, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_load(&J, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_start(&J, hzgsvd__gpu_pre_kind(&J.o), info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_iterate(&J, t0, info);
    if (st == HZGSVD_SUCCESS && J.gave_way) {   /* QR_EIG's start gave way: the pair again, from QR_SVD */
        const double eig_seconds = info ? info->precondition_seconds : 0.0;
        hzgsvd__gpu_pre_free(&J.pre);
        J.gave_way = 0;
        st = hzgsvd__gpu_load(&J, info);
        if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_start(&J, HZGSVD_PRECONDITION_QR_SVD, info);
        hzgsvd__pre_gave_way(info, eig_seconds);
        if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_iterate(&J, t0, info);
    }
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_finish(&J, info);
    hzgsvd__gpu_pre_free(&J.pre);
    X->sweeper_free(J.sweeper);
    if (J.owned) {
        const cudaError_t e = cudaStreamSynchronize(stream);
        cudaFree(J.owned);
        if (e != cudaSuccess && st == HZGSVD_SUCCESS)
            st = hzgsvd__fail(info, HZGSVD_ERR_CUDA, "cudaStreamSynchronize failed: %s (%d)", cudaGetErrorString(e), (int)e);
    } else if (st != HZGSVD_SUCCESS) {
        (void)cudaStreamSynchronize(stream);   /* nothing queued may still write the caller's arrays */
    }
    free(J.h_outer); free(J.h_ints); free(J.h_ss); free(J.h_col); free(J.h_nrm);
    if (info) {
        info->seconds = hzgsvd__now() - t0;
        if (st == HZGSVD_SUCCESS)
            snprintf(info->detail, sizeof info->detail, "converged in %d sweeps%s", info->sweeps,
                     info->preconditioner != HZGSVD_PRECONDITION_NONE ? " (preconditioned start)" : "");
    }
    return st;
}
