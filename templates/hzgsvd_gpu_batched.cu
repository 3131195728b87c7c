/* The batched GPU entry points (hzgsvd_gpu_?gsvd_batched, contract in hzgsvd_single.cuh): argument
 * checks before any CUDA call, the workspace, one launch of the batched kernel
 * (templates/hzgsvd_gpu_batched_kernels.cu) over every pair, then per pair its status from the
 * kernel's verdict; a pair the kernel hands back (a zero column or extreme scaling, numerical rank
 * deficiency, no convergence, U or V off orthogonality) runs through the one-pair device entry
 * point, which takes every pair (the range plan, the reduction of general pairs).  Shapes or
 * options the kernel does not take send every pair through the one-pair entry point.  Written once
 * for both precisions (cplx). */

/* Whether the kernel takes the batch (else every pair goes through the one-pair entry point):
 * full-rank shapes within the limits, and options it implements (the even variants: no enhanced
 * dot products; the plain start or the batched QR_EIG start, templates/hzgsvd_gpu_batched_precondition.cu). */
HZGSVD_PRIVATE int hzgsvd__bat_takes(const hzgsvd__gpu_batch *b, const hzgsvd_options *o)
{
    return b->n <= HZGSVD__BAT_MAX_N && b->m_f <= HZGSVD__BAT_MAX_M && b->m_g <= HZGSVD__BAT_MAX_M && b->m_f >= b->n && b->m_g >= b->n
        && !HZGSVD__VAR_ENHANCED(o->variant) && o->preprocess != 1 && o->precondition != HZGSVD_PRECONDITION_QR_SVD;
}

/* The workspace's parts (256-byte aligned): the verdicts, the strategy table, the slots (global
 * path only: where one working pair exceeds the shared-memory budget), then the preconditioned
 * start's (pre: the call starts from it). */
typedef struct hzgsvd__bat_plan {
    size_t res_off, table_off, slots_off, bytes, pair_doubles, store_doubles;
    int nn, steps, slot, pad_u, smem, grid, threads, pre;
    hzgsvd__bat_pre_plan q;
} hzgsvd__bat_plan;

/* Which kernel: the slot kernel (hzgsvd__bat_sweep_slots) where a step's pivots fit a warp in slots
 * of at least four lanes (nn <= 16) and the working pair takes at most 20 KB (hzgsvd__bat_slot_fits:
 * it then sits in shared memory, padded too), else the three-phase one.  Which one ran is a function
 * of the shape, so a pair's bits are too.  HZGSVD_GPU_BATCHED_SLOTS=0 takes the three-phase kernel
 * everywhere (for measurements side by side; its bits differ in the sums' order). */
HZGSVD_PRIVATE int hzgsvd__bat_slots(int nn, size_t pair_doubles)
{
    const char *env = getenv("HZGSVD_GPU_BATCHED_SLOTS");
    if (env && !strcmp(env, "0")) return 0;
    return hzgsvd__bat_slot_fits(nn, pair_doubles);
}

HZGSVD_PRIVATE hzgsvd__bat_plan hzgsvd__bat_plan_of(int cplx, int m_f, int m_g, int n, int batch, const hzgsvd_options *o)
{
    hzgsvd__bat_plan p;
    p.nn = hzgsvd__bat_order(n);
    p.steps = hzgsvd__strategy_nsteps(o->inner, p.nn);
    p.pair_doubles = hzgsvd__bat_pair_doubles(cplx, m_f, m_g, n);
    p.slot = hzgsvd__bat_slots(p.nn, p.pair_doubles);
    p.pad_u = hzgsvd__bat_pad_lanes(n, p.slot);
    p.store_doubles = hzgsvd__bat_store_doubles(cplx, m_f, m_g, n, p.pad_u);
    if (p.store_doubles * sizeof(double) > (size_t)HZGSVD__BAT_SMEM_MAX) {   /* the padding serves shared memory's banks only: */
        p.pad_u = 16;                                                       /* none where the padded pair would not fit it */
        p.store_doubles = p.pair_doubles;                                   /* (the unpadded one may) */
    }
    p.smem = p.store_doubles * sizeof(double) <= (size_t)HZGSVD__BAT_SMEM_MAX;
    p.slot = p.slot && p.smem;   /* always so (20 KB and its padding), but the slot kernel has no other storage */
    p.grid = batch < (p.smem ? HZGSVD__BAT_GRID_MAX : HZGSVD__BAT_SLOTS) ? batch : (p.smem ? HZGSVD__BAT_GRID_MAX : HZGSVD__BAT_SLOTS);
    const int nw = p.nn / 2 < HZGSVD__BAT_MAX_WARPS ? p.nn / 2 : HZGSVD__BAT_MAX_WARPS;
    p.threads = 32 * (nw > 0 ? nw : 1);   /* the most warps a pair can use; hzgsvd__bat_shape picks the launch's */
    p.res_off = 0;
    p.table_off = hzgsvd__bat_align(sizeof(hzgsvd__bat_result) * (size_t)(batch > 0 ? batch : 1));
    p.slots_off = p.table_off + hzgsvd__bat_align(sizeof(int) * (size_t)p.nn * (size_t)(p.steps > 0 ? p.steps : 1));
    p.bytes = p.slots_off + (p.smem ? 0 : sizeof(double) * p.store_doubles * (size_t)p.grid);
    p.pre = hzgsvd__bat_pre_on(o, n);
    memset(&p.q, 0, sizeof p.q);
    if (p.pre) {
        hzgsvd__bat_pre_plan_of(cplx, n, batch, p.bytes, &p.q);
        p.bytes += p.q.bytes;
    }
    return p;
}

/* The batch's own arguments (shapes, leading dimensions, strides, arrays), then the options by the
 * one-pair engine's checks (their messages name no argument number). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_check_args(const hzgsvd__gpu_prec *X, const hzgsvd__gpu_batch *b, const hzgsvd_status *status,
                                               const hzgsvd_options *o, hzgsvd_info *info)
{
    const hzgsvd_status bad = HZGSVD_ERR_INVALID_ARGUMENT;
    const hzgsvd_status shape = hzgsvd__batch_check_shape(b->m_f, b->m_g, b->n, b->ldf, b->sF, b->ldg, b->sG, b->ldz, b->sZ, b->sS, b->batch, info);
    if (shape != HZGSVD_SUCCESS) return shape;
    if (b->batch > 0) {
        if (!b->F && b->m_f > 0) return hzgsvd__fail(info, bad, "argument 4 (dF) is NULL (batch = %d, m_f = %d)", b->batch, b->m_f);
        if (!b->G && b->m_g > 0) return hzgsvd__fail(info, bad, "argument 7 (dG) is NULL (batch = %d, m_g = %d)", b->batch, b->m_g);
        if (!b->Z) return hzgsvd__fail(info, bad, "argument 10 (dZ) is NULL (batch = %d)", b->batch);
        if (!status) return hzgsvd__fail(info, bad, "argument 22 (status) is NULL (batch = %d)", b->batch);
    }
    static const double probe = 0.0;
    hzgsvd_status st = hzgsvd__gpu_check_any(X, b->m_f, b->m_g, b->n, &probe, b->ldf, &probe, b->ldg, &probe, b->ldz, o, info);
    if (st != HZGSVD_SUCCESS || b->batch == 0 || !hzgsvd__bat_takes(b, o) || !b->work) return st;
    const hzgsvd__bat_plan p = hzgsvd__bat_plan_of(b->cplx, b->m_f, b->m_g, b->n, b->batch, o);
    if (b->work_bytes < p.bytes)
        return hzgsvd__fail(info, bad, "argument 19 (work_bytes = %zu) is below the %zu bytes hzgsvd_gpu_%cgsvd_batched_workspace_size asks",
                            b->work_bytes, p.bytes, b->cplx ? 'z' : 'd');
    if (((uintptr_t)b->work % 256) != 0)
        return hzgsvd__fail(info, bad, "argument 18 (d_work = %p) must be 256-byte aligned", b->work);
    return HZGSVD_SUCCESS;
}

/* Pair i through the one-pair device entry point (its own workspace: d_work NULL). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_one(const hzgsvd__gpu_batch *b, long long i, const hzgsvd_options *o, hzgsvd_info *info)
{
    const long long es = b->cplx ? 2 : 1;
    double *F = b->F ? b->F + es * i * b->sF : NULL, *G = b->G ? b->G + es * i * b->sG : NULL, *Z = b->Z + es * i * b->sZ;
    double *sf = b->sf ? b->sf + i * b->sS : NULL, *sg = b->sg ? b->sg + i * b->sS : NULL, *s = b->s ? b->s + i * b->sS : NULL;
    if (b->cplx)
        return hzgsvd_gpu_zgsvd(b->m_f, b->m_g, b->n, (cuDoubleComplex *)F, b->ldf, (cuDoubleComplex *)G, b->ldg, (cuDoubleComplex *)Z, b->ldz,
                                sf, sg, s, NULL, 0, b->stream, o, info);
    return hzgsvd_gpu_dgsvd(b->m_f, b->m_g, b->n, F, b->ldf, G, b->ldg, Z, b->ldz, sf, sg, s, NULL, 0, b->stream, o, info);
}

/* Why the kernel handed a pair on (for info.detail). */
HZGSVD_PRIVATE const char *hzgsvd__bat_reason(const hzgsvd__bat_result *r)
{
    switch (r->verdict) {
    case HZGSVD__BAT_OUT_OF_RANGE: return "a zero column or a column norm outside the kernel's range";
    case HZGSVD__BAT_PIVOT_FAIL: return "a 2x2 pivot of B was not positive definite";
    case HZGSVD__BAT_NO_CONVERGENCE: return "no convergence within max_sweeps";
    case HZGSVD__BAT_DEGENERATE: return "a degenerate result column";
    case HZGSVD__BAT_OFF_ORTHOGONAL: return r->which == 1 ? "U off orthogonality" : "V off orthogonality";
    }
    return "the shape or the options";
}

/* Pair i's status and info from the kernel's verdict; a handed-on pair through the one-pair path
 * with options one (after a batched start: the plain start on the pair as the start left it,
 * started = 1 where that is (F Z0, G Z0)). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_finish_pair(const hzgsvd__gpu_batch *b, long long i, const hzgsvd__bat_result *r,
                                                     const hzgsvd_options *o, const hzgsvd_options *one, int started, hzgsvd_info *info)
{
    hzgsvd__info_reset(info);
    if (r->verdict == HZGSVD__BAT_NOT_FINITE) {
        const int m = r->which == 1 ? b->m_f : b->m_g;
        return hzgsvd__fail(info, HZGSVD_ERR_NOT_FINITE, "%s%s(%d,%d) is not finite (pair %lld of the batch%s)", r->which == 1 ? "F" : "G",
                            started ? " Z0" : "", r->where % m + 1, r->where / m + 1, i,
                            started ? "; the batched start's product overflowed, dF and dG hold F Z0 and G Z0" : "");
    }
    if (r->verdict != HZGSVD__BAT_OK) {
        const hzgsvd_status st = hzgsvd__bat_one(b, i, one, info);
        if (st == HZGSVD_SUCCESS && info)
            snprintf(info->detail, sizeof info->detail, "solved by the one-pair path (the batched kernel: %s)", hzgsvd__bat_reason(r));
        return st;
    }
    if (info) {
        info->sweeps = r->sweeps; info->all = r->all; info->big = r->big;
        info->n_bordered = b->n; info->rank_l = b->n; info->outputs_written = 1; info->sigma_refined = o->refine_sigma != 0;
        snprintf(info->detail, sizeof info->detail, "solved by the batched kernel");
    }
    return HZGSVD_SUCCESS;
}

#define HZGSVD__BAT_WARPS_SMALL 4 /* warps a pair's block starts from at n <= 32 (hzgsvd__bat_shape) */
#define HZGSVD__BAT_SM_WARPS 16   /* resident warps an SM should get (hzgsvd__bat_shape) */

/* A tuning override: the positive integer in environment variable name, at most hi; else dflt. */
HZGSVD_PRIVATE int hzgsvd__bat_env(const char *name, int hi, int dflt)
{
    const char *env = getenv(name);
    if (!env || !*env) return dflt;
    char *end = NULL;
    const long v = strtol(env, &end, 10);
    if (!end || *end != '\0' || v < 1) return dflt;
    return v < hi ? (int)v : hi;
}

/* The three-phase kernel's launch shape (the slot kernel's block is one warp): the warps of a pair's
 * block, and how many of them compute a step's 2x2 transformations (hzgsvd__bat_step_math); the
 * measurements below are of session 19, before the slot kernel took n <= 16 in shared memory.  The warps: from min(HZGSVD__BAT_WARPS_SMALL, what the
 * pair can use) for n <= 32, from all it can use above, doubled while an SM would hold fewer than
 * HZGSVD__BAT_SM_WARPS of them (the occupancy calculator: registers and shared memory).  Measured
 * (one H100, docs/PERFORMANCE.md, m = 2n): with 1, 2, 4, 8 warps a real pair gave 1.39e6, 1.58e6,
 * 1.74e6, 1.60e6 pairs/s at n = 8, 3.3e5, 4.9e5, 5.8e5, 4.8e5 at 16, 5.4e4, 9.1e4, 1.37e5, 1.27e5 at
 * 32, and 2.3e3, 4.5e3, 8.5e3, 1.44e4 at 64 (one pair's 160 KB of shared memory an SM); complex
 * n = 32 (80 KB a pair, 2 an SM) 5.6e4 with 4 warps, 8.3e4 with 8: the warps of a pair split its
 * steps' sums and updates, and more of them pay where few pairs fit an SM.  The math: one warp, its
 * lanes a pivot each (at most 32): more math warps would not shorten the step (a lane's chain of
 * divisions and square roots is the same length), only repeat its instructions (measured within
 * 5 %).  HZGSVD_GPU_BATCHED_WARPS=w and HZGSVD_GPU_BATCHED_MATH_WARPS=k (clipped to what the pair
 * can use) override them for tuning; neither changes a result bit (a pivot's sums and
 * transformation do not depend on the warp or the lane that computes them). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_shape(const hzgsvd__bat_plan *p, size_t smem, int *threads, int *mwarps, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int most = p->threads / 32;
    int w = p->nn <= 32 && most > HZGSVD__BAT_WARPS_SMALL ? HZGSVD__BAT_WARPS_SMALL : most;
    for (;;) {
        int nb = 0;
        HZGSVD__CU(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, hzgsvd__bat_kernel, 32 * w, smem));
        if (w >= most || nb * w >= HZGSVD__BAT_SM_WARPS) break;
        w = 2 * w < most ? 2 * w : most;
    }
    *threads = 32 * hzgsvd__bat_env("HZGSVD_GPU_BATCHED_WARPS", most, w);
    *mwarps = hzgsvd__bat_env("HZGSVD_GPU_BATCHED_MATH_WARPS", *threads / 32, 1);
done:
    return st;
}

/* The launch: the table up, the kernel, the verdicts down (res: host copy of batch verdicts). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_launch_all(const hzgsvd__gpu_batch *b, const hzgsvd_options *o, const hzgsvd__bat_plan *p,
                                                    char *work, hzgsvd__bat_result *res, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    int table[HZGSVD__BAT_MAX_N * HZGSVD__BAT_MAX_N];
    hzgsvd__bat_launch a;
    if (p->steps < 1 || hzgsvd__strategy_fill(o->inner, p->nn, table) != 0)
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "no strategy table of order %d", p->nn);
    a.cplx = b->cplx; a.m_f = b->m_f; a.m_g = b->m_g; a.n = b->n; a.ldf = b->ldf; a.ldg = b->ldg; a.ldz = b->ldz;
    a.batch = b->batch; a.sF = b->sF; a.sG = b->sG; a.sZ = b->sZ; a.sS = b->sS;
    a.F = b->F; a.G = b->G; a.Z = b->Z; a.sf = b->sf; a.sg = b->sg; a.s = b->s;
    a.o.table = (const int *)(work + p->table_off); a.o.nn = p->nn; a.o.steps = p->steps;
    a.o.variant = o->variant; a.o.sort = o->sort; a.o.max_sweeps = o->max_sweeps; a.o.refine = o->refine_sigma != 0;
    a.o.tol = hzgsvd__ortho_tol(b->m_f > b->m_g ? (b->m_f > 2 ? b->m_f : 2) : (b->m_g > 2 ? b->m_g : 2));
    a.slots = p->smem ? NULL : (double *)(work + p->slots_off);
    a.pair_doubles = p->store_doubles;
    a.pad_u = p->pad_u;
    a.res = (hzgsvd__bat_result *)(work + p->res_off);
    a.pre_flag = p->pre ? (const int *)(work + p->q.flag_off) : NULL;
    const size_t smem = p->smem ? sizeof(double) * p->store_doubles : 0;
    a.o.mwarps = 1;
    a.o.slot_sweep = p->slot;
    a.o.col_lanes = hzgsvd__bat_col_lanes(b->n, a.o.slot_sweep);
    int threads = 32;
    void (*kernel)(hzgsvd__bat_launch) = a.o.slot_sweep ? hzgsvd__bat_kernel_slots : hzgsvd__bat_kernel;
    HZGSVD__CU(cudaMemcpyAsync(work + p->table_off, table, sizeof(int) * (size_t)p->nn * p->steps, cudaMemcpyHostToDevice, b->stream));
    HZGSVD__CU(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    if (!a.o.slot_sweep) {
        st = hzgsvd__bat_shape(p, smem, &threads, &a.o.mwarps, info);
        if (st != HZGSVD_SUCCESS) goto done;
    }
    kernel<<<p->grid, threads, smem, b->stream>>>(a);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CU(cudaMemcpyAsync(res, a.res, sizeof(hzgsvd__bat_result) * (size_t)b->batch, cudaMemcpyDeviceToHost, b->stream));
    HZGSVD__CU(cudaStreamSynchronize(b->stream));   /* the table's host copy and res are used until here */
done:
    return st;
}

/* The start's outcome into every pair's info (after hzgsvd__bat_finish_pair): which start, why,
 * the trust test's growth, the start's seconds (the whole batch's).  why: the plain start's reason
 * where the batch did not start (NULL: it did, flag says per pair). */
HZGSVD_PRIVATE void hzgsvd__bat_pre_info(const hzgsvd__bat_plan *p, const hzgsvd_options *o, int batch, const int *flag, const double *growth,
                                         double seconds, const char *why, hzgsvd_info *info)
{
    for (int i = 0; info && i < batch; ++i) {
        hzgsvd_info *f = info + i;
        const int on = p->pre && !why && flag[i];
        f->preconditioner = on ? HZGSVD_PRECONDITION_QR_EIG : HZGSVD_PRECONDITION_NONE;
        f->precondition_growth = p->pre && !why ? growth[i] : 0.0;
        f->precondition_seconds = p->pre ? seconds : 0.0;
        f->precondition_note = on ? (p->q.own
                                         ? "qr-eig (the batched start, the own kernel): Z0 = L^-H W (L L^H = G^H G, W the eigenvectors of L^-1 F^H F L^-H)"
                                         : "qr-eig (the batched start, cuBLAS and cuSOLVER): Z0 = L^-H W (L L^H = G^H G, W the eigenvectors of L^-1 F^H F L^-H)")
                             : why ? why
                             : p->pre ? "the plain start (the batched start failed for this pair: G^H G not positive definite, the eigensolver, "
                                        "a non-finite Z0 or the trust test)"
                             : o->precondition == HZGSVD_PRECONDITION_AUTO
                                 ? (o->max_sweeps < 2 ? HZGSVD__PRECONDITION_ONE_SWEEP : "the plain start (AUTO: the batched call's n below 4, or no cuSOLVER)")
                                 : "the plain start";
    }
}

/* The preconditioned start (p->pre), retried once with fresh handles where a kept cuBLAS or
 * cuSOLVER handle failed (F and G are untouched until its last kernel); *why the plain start's
 * reason where the batch did not start (the scratch could not be had), else NULL. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_start(const hzgsvd__gpu_batch *b, const hzgsvd__bat_plan *p, char *work, double *seconds, const char **why,
                                               hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    int started = 0;
    const double t0 = hzgsvd__now();
    *why = NULL;
    st = hzgsvd__bat_pre_start(b, &p->q, work, &started, info);
    if (st == HZGSVD_ERR_CUBLAS || st == HZGSVD_ERR_CUSOLVER) {
        hzgsvd__bat_handles_forget();
        st = hzgsvd__bat_pre_start(b, &p->q, work, &started, info);
    }
    if (st != HZGSVD_SUCCESS) goto done;
    HZGSVD__CU(cudaStreamSynchronize(b->stream));
    if (!started) *why = "the plain start (the batched start's scratch memory could not be had)";
    *seconds = hzgsvd__now() - t0;
done:
    return st;
}

/* After the pairs: the verdicts back (flag), those of pairs that failed cleared on the device, then
 * Z = Z0 Z1 for the others. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_pre_end(const hzgsvd__gpu_batch *b, const hzgsvd__bat_plan *p, char *work, const hzgsvd_status *status,
                                                 int *flag, int *zflag, double *growth, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    for (int i = 0; i < b->batch; ++i) zflag[i] = flag[i] && status[i] == HZGSVD_SUCCESS;
    HZGSVD__CU(cudaMemcpyAsync(work + p->q.flag_off, zflag, sizeof(int) * (size_t)b->batch, cudaMemcpyHostToDevice, b->stream));
    st = hzgsvd__bat_pre_finish(b, &p->q, work, info);
    if (st != HZGSVD_SUCCESS) goto done;
    HZGSVD__CU(cudaMemcpyAsync(growth, work + p->q.growth_off, sizeof(double) * (size_t)b->batch, cudaMemcpyDeviceToHost, b->stream));
    HZGSVD__CU(cudaStreamSynchronize(b->stream));   /* zflag's host copy is read until here */
done:
    return st;
}

/* The kernel over the batch (after the preconditioned start where p.pre), then every pair's status
 * (the one-pair path where handed on), then Z = Z0 Z1 where a pair started from Z0 and succeeded. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__bat_run(const hzgsvd__gpu_batch *b, const hzgsvd_options *o, hzgsvd_status *status, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const hzgsvd__bat_plan p = hzgsvd__bat_plan_of(b->cplx, b->m_f, b->m_g, b->n, b->batch, o);
    hzgsvd_options one = *o;   /* the one-pair path after a batched start: the plain start on the pair as it is */
    char *work = (char *)b->work, *owned = NULL;
    int *flag = NULL;
    double *growth = NULL, seconds = 0.0;
    const char *why = NULL;
    hzgsvd__bat_result *res = (hzgsvd__bat_result *)malloc(sizeof(hzgsvd__bat_result) * (size_t)b->batch);
    if (p.pre) {
        one.precondition = HZGSVD_PRECONDITION_NONE;
        flag = (int *)calloc(2 * (size_t)b->batch, sizeof(int));   /* the verdicts, then those Z = Z0 Z1 uses */
        growth = (double *)malloc(sizeof(double) * (size_t)b->batch);
    }
    if (!res || (p.pre && (!flag || !growth))) {
        st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the host verdicts of %d pairs", b->batch);
        goto done;
    }
    if (!work) { HZGSVD__CU(cudaMalloc((void **)&owned, p.bytes)); work = owned; }
    if (p.pre) {
        st = hzgsvd__bat_start(b, &p, work, &seconds, &why, info);
        if (st != HZGSVD_SUCCESS) goto done;
    }
    st = hzgsvd__bat_launch_all(b, o, &p, work, res, info);
    if (st != HZGSVD_SUCCESS) goto done;
    if (p.pre && !why) {
        HZGSVD__CU(cudaMemcpyAsync(flag, work + p.q.flag_off, sizeof(int) * (size_t)b->batch, cudaMemcpyDeviceToHost, b->stream));
        HZGSVD__CU(cudaStreamSynchronize(b->stream));
    }
    for (int i = 0; i < b->batch; ++i)
        status[i] = hzgsvd__bat_finish_pair(b, i, &res[i], o, &one, flag && flag[i], info ? info + i : NULL);
    if (p.pre && !why) {
        st = hzgsvd__bat_pre_end(b, &p, work, status, flag, flag + b->batch, growth, info);
        if (st != HZGSVD_SUCCESS) goto done;
    }
    hzgsvd__bat_pre_info(&p, o, b->batch, flag, growth, seconds, why, info);
done:
    if (owned) {
        const cudaError_t e = cudaFree(owned);
        if (e != cudaSuccess && st == HZGSVD_SUCCESS)
            st = hzgsvd__fail(info, HZGSVD_ERR_CUDA, "cudaFree(workspace) failed: %s (%d)", cudaGetErrorString(e), (int)e);
    }
    free(res); free(flag); free(growth);
    return st;
}

/* The batched call: checks (an argument error solves no pair and is set in every status[i] and
 * info[i]), batch = 0, the device, the kernel or the one-pair path per pair, the overall status. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_gsvd_batched(const hzgsvd__gpu_prec *X, const hzgsvd__gpu_batch *b, const hzgsvd_options *opt,
                                                      hzgsvd_status *status, hzgsvd_info *info)
{
    const hzgsvd_options o = opt ? *opt : hzgsvd_default_options();
    hzgsvd__info_reset(info);
    hzgsvd_status st = hzgsvd__bat_check_args(X, b, status, &o, info);
    if (st == HZGSVD_SUCCESS && b->batch == 0) {
        if (info) snprintf(info->detail, sizeof info->detail, "batch = 0: no pair to solve");
        return HZGSVD_SUCCESS;
    }
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_need_device(info);
    if (st == HZGSVD_SUCCESS && hzgsvd__bat_takes(b, &o)) st = hzgsvd__bat_run(b, &o, status, info);
    else if (st == HZGSVD_SUCCESS)
        for (int i = 0; i < b->batch; ++i) status[i] = hzgsvd__bat_one(b, i, &o, info ? info + i : NULL);
    if (st != HZGSVD_SUCCESS) {   /* an argument or launch error: every pair's status and info say it */
        for (int i = 0; status && i < b->batch; ++i) status[i] = st;
        for (int i = 1; info && i < b->batch; ++i) { hzgsvd__info_reset(info + i); memcpy(info[i].detail, info[0].detail, sizeof info[0].detail); }
        return st;
    }
    for (int i = 0; i < b->batch; ++i)
        if (status[i] != HZGSVD_SUCCESS) return status[i];
    return HZGSVD_SUCCESS;
}

/* Bytes of workspace of a batched call (0 where every pair goes through the one-pair path, which
 * allocates its own). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_batched_workspace(int cplx, int m_f, int m_g, int n, int batch, const hzgsvd_options *opt, size_t *bytes)
{
    const hzgsvd_options o = opt ? *opt : hzgsvd_default_options();
    if (!bytes) return HZGSVD_ERR_INVALID_ARGUMENT;
    *bytes = 0;
    if (n < 1) return HZGSVD_ERR_N_LESS_THAN_ONE;
    if (m_f < 0 || m_g < 0 || batch < 0 || hzgsvd__strategy_nsteps(o.inner, 2) < 0) return HZGSVD_ERR_INVALID_ARGUMENT;
    hzgsvd__gpu_batch b;
    memset(&b, 0, sizeof b);
    b.cplx = cplx; b.m_f = m_f; b.m_g = m_g; b.n = n; b.batch = batch;
    if (batch > 0 && hzgsvd__bat_takes(&b, &o)) *bytes = hzgsvd__bat_plan_of(cplx, m_f, m_g, n, batch, &o).bytes;
    return HZGSVD_SUCCESS;
}

/* ---- the public entry points (hzgsvd_single.cuh has the contract) ---- */

HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_batched_workspace_size(int m_f, int m_g, int n, int batch, const hzgsvd_options *opt, size_t *bytes)
{
    return hzgsvd__gpu_batched_workspace(0, m_f, m_g, n, batch, opt, bytes);
}

HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_batched_workspace_size(int m_f, int m_g, int n, int batch, const hzgsvd_options *opt, size_t *bytes)
{
    return hzgsvd__gpu_batched_workspace(1, m_f, m_g, n, batch, opt, bytes);
}

HZGSVD_API hzgsvd_status hzgsvd_gpu_dgsvd_batched(int m_f, int m_g, int n, double *dF, int ldf, long long strideF, double *dG, int ldg,
                                                  long long strideG, double *dZ, int ldz, long long strideZ, double *d_sigma_f,
                                                  double *d_sigma_g, double *d_sigma, long long strideS, int batch, void *d_work,
                                                  size_t work_bytes, cudaStream_t stream, const hzgsvd_options *opt, hzgsvd_status *status,
                                                  hzgsvd_info *info)
{
    const hzgsvd__gpu_batch b = { 0, m_f, m_g, n, ldf, ldg, ldz, batch, dF, dG, dZ, d_sigma_f, d_sigma_g, d_sigma,
                                  strideF, strideG, strideZ, strideS, d_work, work_bytes, stream };
    return hzgsvd__gpu_gsvd_batched(&hzgsvd__d_gpu_prec, &b, opt, status, info);
}

HZGSVD_API hzgsvd_status hzgsvd_gpu_zgsvd_batched(int m_f, int m_g, int n, cuDoubleComplex *dF, int ldf, long long strideF, cuDoubleComplex *dG,
                                                  int ldg, long long strideG, cuDoubleComplex *dZ, int ldz, long long strideZ, double *d_sigma_f,
                                                  double *d_sigma_g, double *d_sigma, long long strideS, int batch, void *d_work,
                                                  size_t work_bytes, cudaStream_t stream, const hzgsvd_options *opt, hzgsvd_status *status,
                                                  hzgsvd_info *info)
{
    const hzgsvd__gpu_batch b = { 1, m_f, m_g, n, ldf, ldg, ldz, batch, (double *)dF, (double *)dG, (double *)dZ, d_sigma_f, d_sigma_g, d_sigma,
                                  strideF, strideG, strideZ, strideS, d_work, work_bytes, stream };
    return hzgsvd__gpu_gsvd_batched(&hzgsvd__z_gpu_prec, &b, opt, status, info);
}
