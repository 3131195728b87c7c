#ifdef __CUDACC__
/* The GPU engine of one rank of the distributed engine, both precisions: the single-GPU kernels and
 * block step (the table G, templates/hzgsvd_gpu_prec.cu.j2) on the rank's two stripes (nc columns;
 * Z with all nz rows).  The host stripes have the same layout (split planes, the same leading
 * dimensions), so the transfers are plain copies per matrix and plane.  The matrices F, G, Z, every
 * plane, lie contiguous from the start of work (CUDA IPC maps that region). */
typedef struct hzgsvd__gpu_local {
    const hzgsvd__gpu_prec *G;      /* the precision's kernels and block step */
    hzgsvd__gpu_work M;             /* device stripes */
    char *work;                     /* device: matrices, block-level tables, step buffers, sigmas, flag */
    int *d_outer, *d_cross, *d_bad;
    double *d_sig;                  /* 3 nc: sigma_f, sigma_g, sigma */
    size_t in_off;                  /* where the rank's range-scaled input (F, G, then their imaginary planes)
                                     * lies in work, for the sigma refinement; 0: not kept */
    void *SW;                       /* the block step over all pairs of the two stripes (the block-level strategy) */
    void *SX;                       /* over the pairs between the two stripes only (hzgsvd__strategy_cross_fill);
                                     * the two share the step buffers: they never run at once */
    int nblk, steps, cross_steps, enh;
    cudaStream_t stream;
} hzgsvd__gpu_local;

#define HZGSVD__CUL(call)                                                                             \
    do {                                                                                              \
        const cudaError_t e_ = (call);                                                                \
        if (e_ != cudaSuccess)                                                                        \
            return hzgsvd__fail(info, e_ == cudaErrorMemoryAllocation ? HZGSVD_ERR_OUT_OF_MEMORY : HZGSVD_ERR_CUDA, \
                                "%s failed: %s (%d)", #call, cudaGetErrorString(e_), (int)e_);        \
    } while (0)

/* Plane v of matrix y (0 F, 1 G) of the rank's kept input (D->in_off set): the rank's two stripes, ld as M. */
HZGSVD_PRIVATE double *hzgsvd__gpu_local_input(const hzgsvd__gpu_local *D, int y, int v)
{
    const size_t nf = (size_t)D->M.mf * D->M.n, ng = (size_t)D->M.mg * D->M.n;
    return (double *)(D->work + D->in_off) + (size_t)v * (nf + ng) + (y ? nf : 0);
}

/* Pointer to plane v of matrix y (0 F, 1 G, 2 Z) of slot o of the device stripes (CUDA-aware
 * sends, IPC pulls). */
HZGSVD_PRIVATE double *hzgsvd__gpu_local_stripe(const hzgsvd__gpu_local *D, int y, int v, int o, int stripe)
{
    const int rows = y == 0 ? D->M.mf : y == 1 ? D->M.mg : D->M.nz;
    double *const *planes = y == 0 ? D->M.F : y == 1 ? D->M.G : D->M.Z;
    return planes[D->G->planes == 2 ? v : 0] + (size_t)o * stripe * rows;
}

HZGSVD_PRIVATE void hzgsvd__gpu_local_free(hzgsvd__gpu_local *D)
{
    if (D->stream) { cudaStreamSynchronize(D->stream); cudaStreamDestroy(D->stream); D->stream = 0; }
    if (D->G) { D->G->sweeper_free(D->SW); D->G->sweeper_free(D->SX); }
    D->SW = D->SX = NULL;
    cudaFree(D->work); D->work = NULL;
}

/* The host stripes H (plane v of F, G, Z; the device's layout) to the device or back. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_local_transfer(hzgsvd__gpu_local *D, double *const H[3][2], int to_device, hzgsvd_info *info)
{
    const cudaMemcpyKind k = to_device ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
    const hzgsvd__gpu_work *M = &D->M;
    const size_t elems[3] = { (size_t)M->mf * M->n, (size_t)M->mg * M->n, (size_t)M->nz * M->n };
    double *const *dev[3] = { M->F, M->G, M->Z };
    for (int y = 0; y < 3; ++y)                     /* per matrix: the real plane, then the imaginary one */
        for (int v = 0; v < D->G->planes; ++v)
            HZGSVD__CUL(cudaMemcpyAsync(to_device ? dev[y][v] : H[y][v], to_device ? H[y][v] : dev[y][v], sizeof(double) * elems[y], k, D->stream));
    HZGSVD__CUL(cudaStreamSynchronize(D->stream));
    return HZGSVD_SUCCESS;
}

/* The Z planes alone between the device and the host planes Zh (nz x nc each). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_local_z(hzgsvd__gpu_local *D, double *const Zh[2], int to_device, hzgsvd_info *info)
{
    const size_t bytes = sizeof(double) * (size_t)D->M.nz * D->M.n;
    for (int v = 0; v < D->G->planes; ++v)
        HZGSVD__CUL(cudaMemcpyAsync(to_device ? D->M.Z[v] : Zh[v], to_device ? Zh[v] : D->M.Z[v], bytes,
                                    to_device ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost, D->stream));
    HZGSVD__CUL(cudaStreamSynchronize(D->stream));
    return HZGSVD_SUCCESS;
}

/* Device memory, the block-level tables over the rank's nc / w block columns (the whole sweep and
 * the cross one), the stripes from the host copy H (rows mf, mg, nz; nc columns) and the input
 * kept for the sigma refinement (keep_input: as with refine_sigma = 1 unless it is 0; a
 * preconditioned start's small sigma need it); initFGZ comes after (hzgsvd__gpu_local_init_fgz),
 * where a preconditioned start has replaced the stripes. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_local_init(hzgsvd__gpu_local *D, const hzgsvd__gpu_prec *G, double *const H[3][2], int mf, int mg,
                                                    int nz, int nc, int keep_input, const hzgsvd_options *o, hzgsvd_info *info)
{
    int count = 0;
    const int PL = G->planes;
    memset(D, 0, sizeof *D);
    D->G = G;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) {
        (void)cudaGetLastError();
        return hzgsvd__fail(info, HZGSVD_ERR_NO_DEVICE, "no CUDA device is available to this rank");
    }
    const int w = o->block_width;
    if (!hzgsvd__gpu_width_ok(w) || nc % (2 * w) != 0)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "block width %d: GPU ranks need w = 16 or 32 and stripes of a multiple of w", w);
    if (!G->has_variant(w, o->variant, o->sort))
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "variant %d (%s) is not in this build", o->variant, o->sort ? "sorting" : "non-sorting");
    D->nblk = nc / w;
    D->steps = hzgsvd__strategy_nsteps(o->outer, D->nblk);
    D->cross_steps = D->nblk / 2;
    D->enh = HZGSVD__VAR_ENHANCED(o->variant);
    if (D->steps < 1) return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "no block-level strategy for %d block columns", D->nblk);
    const size_t nf = (size_t)mf * nc, ng = (size_t)mg * nc, nzc = (size_t)nz * nc;
    const size_t o_mat = 0, o_outer = o_mat + hzgsvd__align256(sizeof(double) * PL * (nf + ng + nzc));
    const size_t o_cross = o_outer + hzgsvd__align256(sizeof(int) * (size_t)D->steps * D->nblk);
    const size_t o_step = o_cross + hzgsvd__align256(sizeof(int) * (size_t)D->cross_steps * D->nblk);
    const size_t o_sig = o_step + G->sweeper_plan(mf, mg, nz, nc, w);
    const size_t o_bad = o_sig + hzgsvd__align256(sizeof(double) * 3 * (size_t)nc);
    const size_t bytes = o_bad + 256;
    /* the input kept for the sigma refinement (inside work, so that the IPC mapping covers it):
     * where the options ask for it; by default only where the device also has room for what comes
     * later and matters more: the IPC receive copy (the transport that avoids the host) and the
     * refinement's own buffers at the end (upper bounds: the bordered sizes) */
    size_t in_bytes = o->refine_sigma != 0 ? sizeof(double) * PL * (nf + ng) : 0;
    if (in_bytes > 0 && o->refine_sigma < 0 && !keep_input) {
        size_t free_b = 0, total_b = 0;
        const size_t rows = (size_t)(mf > mg ? mf : mg);
        const size_t later = sizeof(double) * PL * (nf + ng + nzc + rows * nz) + hzgsvd__gpu_refine_plan(PL, mf, mg, nz, nc).bytes;
        if (cudaMemGetInfo(&free_b, &total_b) != cudaSuccess || free_b < bytes + in_bytes + later) { (void)cudaGetLastError(); in_bytes = 0; }
    }
    size_t tried = bytes + in_bytes;
    int *h_outer = (int *)malloc(sizeof(int) * (size_t)(D->steps + D->cross_steps) * D->nblk);
    int *h_cross = h_outer + (size_t)D->steps * D->nblk;
    D->SW = G->sweeper_new(D->nblk / 2);            /* each with its counters, one per pivot pair */
    D->SX = G->sweeper_new(D->nblk / 2);
    if (!h_outer || !D->SW || !D->SX) { free(h_outer); return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "host buffers"); }
    if (hzgsvd__strategy_fill(o->outer, D->nblk, h_outer) != 0 || hzgsvd__strategy_cross_fill(D->nblk, h_cross) != 0) {
        free(h_outer);
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "block-level table");
    }
    cudaError_t e = cudaStreamCreateWithFlags(&D->stream, cudaStreamNonBlocking);
    if (e == cudaSuccess) e = cudaMalloc((void **)&D->work, bytes + in_bytes);
    if (e == cudaErrorMemoryAllocation && in_bytes > 0 && o->refine_sigma < 0 && !keep_input) {
        (void)cudaGetLastError();
        tried = bytes;
        e = cudaMalloc((void **)&D->work, bytes);
    } else if (e == cudaSuccess && in_bytes > 0) {
        D->in_off = bytes;
    }
    if (e == cudaSuccess) e = cudaMemcpyAsync(D->work + o_outer, h_outer, sizeof(int) * (size_t)D->steps * D->nblk, cudaMemcpyHostToDevice, D->stream);
    if (e == cudaSuccess) e = cudaMemcpyAsync(D->work + o_cross, h_cross, sizeof(int) * (size_t)D->cross_steps * D->nblk, cudaMemcpyHostToDevice, D->stream);
    if (e == cudaSuccess) e = cudaStreamSynchronize(D->stream);
    if (e != cudaSuccess) {
        free(h_outer);
        return hzgsvd__fail(info, e == cudaErrorMemoryAllocation ? HZGSVD_ERR_OUT_OF_MEMORY : HZGSVD_ERR_CUDA,
                            "setting up %zu bytes of device memory: %s (%d)", tried, cudaGetErrorString(e), (int)e);
    }
    double *dp = (double *)(D->work + o_mat);
    D->M.F[0] = dp; D->M.G[0] = dp + nf; D->M.Z[0] = dp + nf + ng;
    D->M.F[1] = D->M.G[1] = D->M.Z[1] = NULL;
    if (PL == 2) { D->M.F[1] = dp + nf + ng + nzc; D->M.G[1] = D->M.F[1] + nf; D->M.Z[1] = D->M.G[1] + ng; }
    D->M.mf = mf; D->M.mg = mg; D->M.n = nc; D->M.nz = nz;
    D->d_outer = (int *)(D->work + o_outer);
    D->d_cross = (int *)(D->work + o_cross);
    D->d_sig = (double *)(D->work + o_sig);
    D->d_bad = (int *)(D->work + o_bad);
    e = G->sweeper_init(D->SW, &D->M, D->d_outer, h_outer, D->steps, w, o, D->work + o_step);
    if (e == cudaSuccess) e = G->sweeper_init(D->SX, &D->M, D->d_cross, h_cross, D->cross_steps, w, o, D->work + o_step);
    free(h_outer);
    if (e != cudaSuccess)
        return hzgsvd__fail(info, e == cudaErrorMemoryAllocation ? HZGSVD_ERR_OUT_OF_MEMORY : HZGSVD_ERR_CUDA,
                            "setting up the block step: %s (%d)", cudaGetErrorString(e), (int)e);
    const hzgsvd_status st = hzgsvd__gpu_local_transfer(D, H, 1, info);
    if (st != HZGSVD_SUCCESS) return st;
    if (D->in_off) {                /* F, G are contiguous in work, and so are their imaginary planes */
        for (int v = 0; v < PL; ++v)
            HZGSVD__CUL(cudaMemcpyAsync(hzgsvd__gpu_local_input(D, 0, v), D->M.F[v], sizeof(double) * (nf + ng), cudaMemcpyDeviceToDevice, D->stream));
    }
    HZGSVD__CUL(cudaStreamSynchronize(D->stream));
    return HZGSVD_SUCCESS;
}

/* initFGZ with the logical rows of Z (section 4.2), on the stripes hzgsvd__gpu_local_init loaded
 * or a preconditioned start replaced. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_local_init_fgz(hzgsvd__gpu_local *D, int half, int row0, int row1, const hzgsvd_options *o,
                                                        hzgsvd_info *info)
{
    const int prescale = !HZGSVD__VAR_RESCALE(o->variant);
    HZGSVD__CUL(D->G->init_fgz(&D->M, D->enh, prescale, half, row0, row1, D->stream));
    HZGSVD__CUL(cudaStreamSynchronize(D->stream));
    return HZGSVD_SUCCESS;
}

/* Algorithm 1 with at most S block-level sweeps (all pairs of the two stripes where full, else
 * those between them), then the fast rescale of Z (f = false, section 4.2).  Adds the counts; a
 * pivot failure gives HZGSVD_ERR_RANK_DEFICIENT. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_local_sweeps(hzgsvd__gpu_local *D, int S, int full, int outer_sweep, unsigned long long *all,
                                                      unsigned long long *big, hzgsvd_info *info)
{
    for (int c = 0; c < S; ++c) {
        unsigned long long a, b;
        int fail, fail_pair, fail_col;
        HZGSVD__CUL(D->G->sweeper_sweep(full ? D->SW : D->SX, D->stream, &a, &b, &fail, &fail_pair, &fail_col));
        if (fail)
            return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "%s (outermost sweep %d)", D->G->sweeper_fail_text(fail), outer_sweep + 1);
        *all += a; *big += b;
        if (b == 0) break;
        if (c + 1 < S) HZGSVD__CUL(D->G->rescale(&D->M, D->enh, 0, NULL, NULL, NULL, NULL, D->stream));
    }
    HZGSVD__CUL(D->G->rescale(&D->M, D->enh, 0, NULL, NULL, NULL, NULL, D->stream));
    HZGSVD__CUL(cudaStreamSynchronize(D->stream));
    return HZGSVD_SUCCESS;
}

/* The final rescale (f = true) on the device, then U, V, Z into the host stripes H and the sigmas
 * into sf, sg, ss (nc each).  Returns the first degenerate column in *bad (-1: none). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_local_final(hzgsvd__gpu_local *D, double *const H[3][2], double *sf, double *sg, double *ss, int *bad,
                                                     hzgsvd_info *info)
{
    const int nc = D->M.n, none = 0x7fffffff;
    HZGSVD__CUL(cudaMemcpyAsync(D->d_bad, &none, sizeof(int), cudaMemcpyHostToDevice, D->stream));
    HZGSVD__CUL(D->G->rescale(&D->M, D->enh, 1, D->d_sig, D->d_sig + nc, D->d_sig + 2 * (size_t)nc, D->d_bad, D->stream));
    HZGSVD__CUL(cudaMemcpyAsync(sf, D->d_sig, sizeof(double) * nc, cudaMemcpyDeviceToHost, D->stream));
    HZGSVD__CUL(cudaMemcpyAsync(sg, D->d_sig + nc, sizeof(double) * nc, cudaMemcpyDeviceToHost, D->stream));
    HZGSVD__CUL(cudaMemcpyAsync(ss, D->d_sig + 2 * (size_t)nc, sizeof(double) * nc, cudaMemcpyDeviceToHost, D->stream));
    HZGSVD__CUL(cudaMemcpyAsync(bad, D->d_bad, sizeof(int), cudaMemcpyDeviceToHost, D->stream));
    const hzgsvd_status st = hzgsvd__gpu_local_transfer(D, H, 0, info);   /* synchronizes the stream */
    if (*bad == none) *bad = -1;
    return st;
}

#undef HZGSVD__CUL
#endif /* __CUDACC__ */
