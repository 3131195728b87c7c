/* The glue behind the public entry points of the single-GPU engine, both precisions (the entry points
 * themselves, thin: templates/hzgsvd_gpu_prec.cu.j2), and general pairs on it.  A full-rank pair
 * runs on the GPU alone (hzgsvd__gpu_run).  A general pair (m_f < n or m_g < n, F or G numerically
 * rank deficient, or options.preprocess = 1) goes through the CPU engine's rank-revealing reduction
 * on the host (hzgsvd_reduce.c: QR with column pivoting, which cuSOLVER does not offer), whose
 * full-rank core then runs on the GPU (hzgsvd__gpu_core): the O(m n^2) reduction once on the host,
 * the iteration on the device.  The device entry points therefore copy a general pair to the host
 * and its results back (documented in hzgsvd_single.cuh); a full-rank pair never leaves the GPU.
 * X: the precision's table (hzgsvd__gpu_prec: its kernels, its reduction X->dense).  The callbacks
 * the reduction and the front door call without context are instances per precision of the
 * templates at the end of this file. */

/* The argument checks of a call that may reduce the pair, before any CUDA call: the general checks
 * (or, with preprocess = 0, the full-rank engine's), then the GPU engine's own (block width 0, 16 or
 * 32, the variant's kernels built for every width the run may choose, sizes below 2^31 elements). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_check_any(const hzgsvd__gpu_prec *X, int m_f, int m_g, int n, const void *F, int ldf, const void *G,
                                                   int ldg, const void *Z, int ldz, const hzgsvd_options *o, hzgsvd_info *info)
{
    const hzgsvd_status st = o->preprocess == 0 ? hzgsvd__check_args(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, o, info)
                                                : hzgsvd__check_args_general(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, o, info);
    if (st != HZGSVD_SUCCESS) return st;
    if (o->block_width != 0 && !hzgsvd__gpu_width_ok(o->block_width))
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "options.block_width = %d: the GPU engine works with w = 16 or 32", o->block_width);
    /* every generated width, ascending (generator/gen.py's GPU_BLOCK_WIDTHS: 16, 32) */
    for (int w = 1; w <= 64; ++w)
        if (hzgsvd__gpu_width_ok(w) && (o->block_width == 0 || o->block_width == w) && !X->has_variant(w, o->variant, o->sort))
            return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "variant %d (%s) is not in this build (generated with a VARIANTS filter)",
                                o->variant, o->sort ? "sorting" : "non-sorting");
    if ((size_t)m_f * n > (size_t)0x7fffffff || (size_t)m_g * n > (size_t)0x7fffffff || (size_t)n * n > (size_t)0x7fffffff)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "m*n and n*n must be below 2^31 per matrix");
    return hzgsvd__gpu_pre_check(o, 0, info);   /* QR_EIG where this build has no cuSOLVER */
}

/* HZGSVD_ERR_NO_DEVICE unless a CUDA device is there. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_need_device(hzgsvd_info *info)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) {
        (void)cudaGetLastError();
        return hzgsvd__fail(info, HZGSVD_ERR_NO_DEVICE, "no CUDA device is available");
    }
    return HZGSVD_SUCCESS;
}

/* The GPU engine on a full-rank pair in host arrays: device copies in, the run (mode as
 * hzgsvd__gpu_run's), the results out where the run wrote them (*written). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_host_run(const hzgsvd__gpu_prec *X, int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg,
                                                  double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *o,
                                                  hzgsvd_info *info, hzgsvd__on_deficient mode, int *written)
{
    const size_t el = sizeof(double) * X->planes;       /* bytes of one element */
    hzgsvd_status st;
    double *dF = NULL, *dG = NULL, *dZ = NULL, *dS = NULL;
    hzgsvd__gpu_layout L;
    *written = 0;
    {   /* the run's checks (host pointers: no alignment asked), before the device is touched */
        const hzgsvd_options ow = hzgsvd__with_width(o, hzgsvd__gpu_default_width(n));
        st = hzgsvd__gpu_check(X, m_f, m_g, n, F, NULL, ldf, G, NULL, ldg, Z, NULL, ldz, NULL, 0, &ow, 0, info, &L);
    }
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_need_device(info);
    if (st != HZGSVD_SUCCESS) return st;
    HZGSVD__CU(cudaMalloc((void **)&dF, el * (size_t)m_f * n));
    HZGSVD__CU(cudaMalloc((void **)&dG, el * (size_t)m_g * n));
    HZGSVD__CU(cudaMalloc((void **)&dZ, el * (size_t)n * n));
    HZGSVD__CU(cudaMalloc((void **)&dS, sizeof(double) * 3 * (size_t)n));
    HZGSVD__CU(cudaMemcpy2D(dF, el * m_f, F, el * ldf, el * m_f, n, cudaMemcpyHostToDevice));
    HZGSVD__CU(cudaMemcpy2D(dG, el * m_g, G, el * ldg, el * m_g, n, cudaMemcpyHostToDevice));
    st = hzgsvd__gpu_run(X, m_f, m_g, n, dF, NULL, m_f, dG, NULL, m_g, dZ, NULL, n, dS, dS + n, dS + 2 * (size_t)n, NULL, 0, 0, o, info,
                         written, 0, mode);
    if (*written) {
        const hzgsvd_status run = st;
        HZGSVD__CU(cudaMemcpy2D(F, el * ldf, dF, el * m_f, el * m_f, n, cudaMemcpyDeviceToHost));
        HZGSVD__CU(cudaMemcpy2D(G, el * ldg, dG, el * m_g, el * m_g, n, cudaMemcpyDeviceToHost));
        HZGSVD__CU(cudaMemcpy2D(Z, el * ldz, dZ, el * n, el * n, n, cudaMemcpyDeviceToHost));
        if (sigma_f) HZGSVD__CU(cudaMemcpy(sigma_f, dS, sizeof(double) * n, cudaMemcpyDeviceToHost));
        if (sigma_g) HZGSVD__CU(cudaMemcpy(sigma_g, dS + n, sizeof(double) * n, cudaMemcpyDeviceToHost));
        if (sigma) HZGSVD__CU(cudaMemcpy(sigma, dS + 2 * (size_t)n, sizeof(double) * n, cudaMemcpyDeviceToHost));
        st = run;
    }
done:
    cudaFree(dF); cudaFree(dG); cudaFree(dZ); cudaFree(dS);
    return st;
}

/* The reduction's core on the GPU (hzgsvd__core_engine: hzgsvd__gpu_core_of): the engine
 * on copies of the s x s pair.  The run resets info; the reduction's fields are kept across it. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_core(const hzgsvd__gpu_prec *X, int s, double *Ac, double *Bc, double *Zc, double *sf, double *sg,
                                              double *ss, const hzgsvd_options *o, hzgsvd_info *info, double t0, hzgsvd__on_deficient mode)
{
    hzgsvd_options oc = *o;
    hzgsvd_info kept;
    int written;
    memset(&kept, 0, sizeof kept);
    (void)t0;
    oc.preprocess = 0;   /* the core is of full rank: the engine itself, no second reduction */
    /* the start as for any full-rank pair (AUTO: QR_EIG from n = 256); the residuals of 1e-14 that
     * once made AUTO start cores plainly came from runs that stopped after one sweep (docs/NUMERICS.md,
     * "Two sweeps at the least") */
    if (info) kept = *info;
    const hzgsvd_status st = hzgsvd__gpu_host_run(X, s, s, s, Ac, s, Bc, s, Zc, s, sf, sg, ss, &oc, info, mode, &written);
    if (info) {
        info->rank_k = kept.rank_k; info->rank_l = kept.rank_l; info->preprocessed = kept.preprocessed;
        info->tol_f = kept.tol_f; info->tol_g = kept.tol_g;
    }
    return st;
}

/* The GPU engine on host arrays behind the front door (hzgsvd__gsvd_any; the backend record:
 * hzgsvd__gpu_host_backend): the run on device copies, and the reduction on the host
 * with its core on the GPU.  Tall full-rank pairs stay on the GPU engine: docs/PERFORMANCE.md,
 * "Tall pairs". */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_host_full_rank(const hzgsvd__gpu_prec *X, const hzgsvd__pair_call *c, hzgsvd__on_deficient mode,
                                                        int *written, hzgsvd_info *info)
{
    return hzgsvd__gpu_host_run(X, c->m_f, c->m_g, c->n, c->F, c->ldf, c->G, c->ldg, c->Z, c->ldz, c->sigma_f, c->sigma_g, c->sigma, c->o, info,
                                mode, written);
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_host_reduce(const hzgsvd__gpu_prec *X, hzgsvd__core_engine core, const hzgsvd__pair_call *c,
                                                     hzgsvd_info *info)
{
    return hzgsvd__gsvd_general(X->dense, c->m_f, c->m_g, c->n, c->F, c->ldf, c->G, c->ldg, c->Z, c->ldz, c->sigma_f, c->sigma_g, c->sigma, c->o, info,
                                c->t0, core);
}

/* A whole pair in host arrays (hzgsvd__any_engine: hzgsvd__gpu_any_host_of): the checks of a
 * call that may reduce the pair, a device, then the front door with the host backend B. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_any_host(const hzgsvd__gpu_prec *X, const hzgsvd__backend *B, int m_f, int m_g, int n, double *F, int ldf,
                                                  double *G, int ldg, double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma,
                                                  const hzgsvd_options *o, hzgsvd_info *info, double t0)
{
    const hzgsvd__pair_call c = { m_f, m_g, n, ldf, ldg, ldz, F, NULL, G, NULL, Z, NULL, sigma_f, sigma_g, sigma, o, t0, NULL, 0, NULL };
    hzgsvd_status st = hzgsvd__gpu_check_any(X, m_f, m_g, n, F, ldf, G, ldg, Z, ldz, o, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_need_device(info);
    if (st != HZGSVD_SUCCESS) return st;
    return hzgsvd__gsvd_any(B, &c, info);
}

/* One rows x cols plane of doubles between device (ld ldd) and host (ld rows), on stream, synchronized. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_plane(double *dst, int ldst, const double *src, int lsrc, int rows, int cols, enum cudaMemcpyKind kind,
                                               cudaStream_t stream, hzgsvd_info *info)
{
    cudaError_t e = cudaMemcpy2DAsync(dst, sizeof(double) * ldst, src, sizeof(double) * lsrc, sizeof(double) * rows, cols, kind, stream);
    if (e == cudaSuccess) e = cudaStreamSynchronize(stream);
    if (e != cudaSuccess)
        return hzgsvd__fail(info, HZGSVD_ERR_CUDA, "cudaMemcpy2DAsync (%s, %d x %d doubles) failed: %s (%d)",
                            kind == cudaMemcpyDeviceToHost ? "to the host" : "to the device", rows, cols, cudaGetErrorString(e), (int)e);
    return HZGSVD_SUCCESS;
}

/* A rows x cols device matrix (pl planes per element: real ld ldd; complex interleaved, or split
 * planes d, di) to the host matrix h (ld rows), or back (up). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_copy(int pl, double *d, double *di, int ldd, int rows, int cols, double *h, int up, cudaStream_t stream,
                                              hzgsvd_info *info)
{
    const enum cudaMemcpyKind kind = up ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
    if (rows == 0) return HZGSVD_SUCCESS;
    if (pl == 2 && di) {   /* split planes: through a host plane, (de)interleaved here */
        const size_t count = (size_t)rows * cols;
        hzgsvd_status st = HZGSVD_SUCCESS;
        double *plane = (double *)malloc(sizeof(double) * count);
        if (!plane) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "a host plane of %d x %d", rows, cols);
        for (int part = 0; part < 2 && st == HZGSVD_SUCCESS; ++part) {
            double *dp = part ? di : d;
            if (up) {
                for (size_t i = 0; i < count; ++i) plane[i] = h[2 * i + part];
                st = hzgsvd__gpu_plane(dp, ldd, plane, rows, rows, cols, kind, stream, info);
            } else {
                st = hzgsvd__gpu_plane(plane, rows, dp, ldd, rows, cols, kind, stream, info);
                for (size_t i = 0; st == HZGSVD_SUCCESS && i < count; ++i) h[2 * i + part] = plane[i];
            }
        }
        free(plane);
        return st;
    }
    return up ? hzgsvd__gpu_plane(d, pl * ldd, h, pl * rows, pl * rows, cols, kind, stream, info)
              : hzgsvd__gpu_plane(h, pl * rows, d, pl * ldd, pl * rows, cols, kind, stream, info);
}

/* A general pair in device arrays: to the host, the reduction (its core on the GPU), the results back
 * (where written).  The round trip is O((m_f + m_g + n) n) elements against the reduction's
 * O((m_f + m_g + n) n^2) flops on the host. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_device_general(const hzgsvd__gpu_prec *X, hzgsvd__core_engine core, const hzgsvd__pair_call *c,
                                                        hzgsvd_info *info)
{
    const int pl = X->planes;
    const int m_f = c->m_f, m_g = c->m_g, n = c->n;
    const int lf = m_f > 1 ? m_f : 1, lg = m_g > 1 ? m_g : 1;
    const size_t nF = (size_t)pl * lf * n, nG = (size_t)pl * lg * n, nZ = (size_t)pl * n * n;
    cudaStream_t stream = (cudaStream_t)c->stream;
    hzgsvd_info local;
    hzgsvd_status st;
    if (!info) { info = &local; hzgsvd__info_reset(info); }
    double *h = (double *)malloc(sizeof(double) * (nF + nG + nZ + 3 * (size_t)n));
    if (!h) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "host copies of a %d + %d by %d pair for its reduction", m_f, m_g, n);
    double *hF = h, *hG = hF + nF, *hZ = hG + nG, *hs = hZ + nZ;
    st = hzgsvd__gpu_copy(pl, c->F, c->Fi, c->ldf, m_f, n, hF, 0, stream, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_copy(pl, c->G, c->Gi, c->ldg, m_g, n, hG, 0, stream, info);
    if (st == HZGSVD_SUCCESS)
        st = hzgsvd__gsvd_general(X->dense, m_f, m_g, n, hF, lf, hG, lg, hZ, n, hs, hs + n, hs + 2 * (size_t)n, c->o, info, c->t0, core);
    if (info->outputs_written) {
        hzgsvd_status up = hzgsvd__gpu_copy(pl, c->F, c->Fi, c->ldf, m_f, n, hF, 1, stream, info);
        if (up == HZGSVD_SUCCESS) up = hzgsvd__gpu_copy(pl, c->G, c->Gi, c->ldg, m_g, n, hG, 1, stream, info);
        if (up == HZGSVD_SUCCESS) up = hzgsvd__gpu_copy(pl, c->Z, c->Zi, c->ldz, n, n, hZ, 1, stream, info);
        double *const dsig[3] = { c->sigma_f, c->sigma_g, c->sigma };
        for (int a = 0; a < 3 && up == HZGSVD_SUCCESS; ++a)
            if (dsig[a]) up = hzgsvd__gpu_plane(dsig[a], n, hs + (size_t)a * n, n, n, 1, cudaMemcpyHostToDevice, stream, info);
        if (up != HZGSVD_SUCCESS) { info->outputs_written = 0; st = up; }
    }
    free(h);
    return st;
}

/* The GPU engine on device arrays behind the front door (the backend record:
 * hzgsvd__gpu_device_backend): the run on the caller's arrays, and the reduction through the host
 * (its own checks first: the run checked only what a full-rank pair needs; info closed as the host
 * entry point closes it). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_device_full_rank(const hzgsvd__gpu_prec *X, const hzgsvd__pair_call *c, hzgsvd__on_deficient mode,
                                                          int *written, hzgsvd_info *info)
{
    *written = 0;
    return hzgsvd__gpu_run(X, c->m_f, c->m_g, c->n, c->F, c->Fi, c->ldf, c->G, c->Gi, c->ldg, c->Z, c->Zi, c->ldz, c->sigma_f, c->sigma_g,
                           c->sigma, c->d_work, c->work_bytes, (cudaStream_t)c->stream, c->o, info, written, 0, mode);
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_device_reduce(const hzgsvd__gpu_prec *X, hzgsvd__core_engine core, const hzgsvd__pair_call *c,
                                                       hzgsvd_info *info)
{
    hzgsvd_status st = hzgsvd__gpu_check_any(X, c->m_f, c->m_g, c->n, c->F, c->ldf, c->G, c->ldg, c->Z, c->ldz, c->o, info);
    if (X->planes == 2 && st == HZGSVD_SUCCESS && (c->Fi || c->Gi || c->Zi) && ((!c->Fi && c->m_f > 0) || (!c->Gi && c->m_g > 0) || !c->Zi))
        st = hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "an imaginary plane (dFi, dGi or dZi) is NULL");
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_need_device(info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_device_general(X, core, c, info);
    hzgsvd__info_close(info, st, c->n, c->t0);
    return st;
}

/* The copying device entry points: the front door with the device backend B (a general pair through
 * the host). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_device_any(const hzgsvd__backend *B, int m_f, int m_g, int n, double *dF, double *dFi, int ldf, double *dG,
                                                    double *dGi, int ldg, double *dZ, double *dZi, int ldz, double *d_sigma_f, double *d_sigma_g,
                                                    double *d_sigma, void *d_work, size_t work_bytes, cudaStream_t stream,
                                                    const hzgsvd_options *opt, hzgsvd_info *info)
{
    const hzgsvd_options o = opt ? *opt : hzgsvd_default_options();
    const hzgsvd__pair_call c = { m_f, m_g, n, ldf, ldg, ldz, dF, dFi, dG, dGi, dZ, dZi, d_sigma_f, d_sigma_g, d_sigma, &o, hzgsvd__now(),
                                  d_work, work_bytes, (void *)stream };
    hzgsvd__info_reset(info);
    return hzgsvd__gsvd_any(B, &c, info);
}

/* In place (hzgsvd_gpu_?gsvd_inplace; paper section 3.1: no working copy): the caller's arrays
 * (complex: split planes, none of them NULL) are the working matrices. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_inplace(const hzgsvd__gpu_prec *X, int m_f, int m_g, int n, double *dF, double *dFi, int ldf, double *dG,
                                                 double *dGi, int ldg, double *dZ, double *dZi, int ldz, double *d_sigma_f, double *d_sigma_g,
                                                 double *d_sigma, void *d_work, size_t work_bytes, cudaStream_t stream,
                                                 const hzgsvd_options *opt, hzgsvd_info *info)
{
    if (X->planes == 2 && (!dFi || !dGi || !dZi)) {
        hzgsvd__info_reset(info);
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "an imaginary plane (dFi, dGi or dZi) is NULL");
    }
    return hzgsvd__gpu_run(X, m_f, m_g, n, dF, dFi, ldf, dG, dGi, ldg, dZ, dZi, ldz, d_sigma_f, d_sigma_g, d_sigma, d_work, work_bytes, stream, opt,
                           info, NULL, 1, HZGSVD__DEFICIENT_REPORT);
}

/* The host-pointer entry points (hzgsvd_gpu_?gsvd_host): the front door on host arrays (any_host: the
 * precision's instance of hzgsvd__gpu_any_host_of), info closed. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_gsvd_host(hzgsvd__any_engine any_host, int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg,
                                                   double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *opt,
                                                   hzgsvd_info *info)
{
    const double t0 = hzgsvd__now();
    const hzgsvd_options o = opt ? *opt : hzgsvd_default_options();   /* the run resolves block_width 0 */
    hzgsvd__info_reset(info);
    const hzgsvd_status st = any_host(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, &o, info, t0);
    hzgsvd__info_close(info, st, n, t0);
    return st;
}

/* The callbacks without context, one instance per precision X: the reduction's core on the GPU
 * (hzgsvd__core_engine), a whole pair in host arrays (hzgsvd__any_engine: xGGSVD3 and the host entry
 * point), and the front door's backend records on host and on device arrays. */
template <const hzgsvd__gpu_prec *X>
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_core_of(int s, double *Ac, double *Bc, double *Zc, double *sf, double *sg, double *ss, const hzgsvd_options *o,
                                                 hzgsvd_info *info, double t0, hzgsvd__on_deficient mode)
{
    return hzgsvd__gpu_core(X, s, Ac, Bc, Zc, sf, sg, ss, o, info, t0, mode);
}

template <const hzgsvd__gpu_prec *X>
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_host_full_rank_of(const hzgsvd__pair_call *c, hzgsvd__on_deficient mode, int *written, hzgsvd_info *info)
{
    return hzgsvd__gpu_host_full_rank(X, c, mode, written, info);
}

template <const hzgsvd__gpu_prec *X>
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_host_reduce_of(const hzgsvd__pair_call *c, hzgsvd_info *info)
{
    return hzgsvd__gpu_host_reduce(X, hzgsvd__gpu_core_of<X>, c, info);
}

template <const hzgsvd__gpu_prec *X>
HZGSVD_PRIVATE const hzgsvd__backend *hzgsvd__gpu_host_backend(void)
{
    static const hzgsvd__backend B = { 0, 0, hzgsvd__gpu_host_full_rank_of<X>, hzgsvd__gpu_host_reduce_of<X> };
    return &B;
}

template <const hzgsvd__gpu_prec *X>
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_any_host_of(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                                     double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *o, hzgsvd_info *info,
                                                     double t0)
{
    return hzgsvd__gpu_any_host(X, hzgsvd__gpu_host_backend<X>(), m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, o, info, t0);
}

template <const hzgsvd__gpu_prec *X>
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_device_full_rank_of(const hzgsvd__pair_call *c, hzgsvd__on_deficient mode, int *written, hzgsvd_info *info)
{
    return hzgsvd__gpu_device_full_rank(X, c, mode, written, info);
}

template <const hzgsvd__gpu_prec *X>
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gpu_device_reduce_of(const hzgsvd__pair_call *c, hzgsvd_info *info)
{
    return hzgsvd__gpu_device_reduce(X, hzgsvd__gpu_core_of<X>, c, info);
}

template <const hzgsvd__gpu_prec *X>
HZGSVD_PRIVATE const hzgsvd__backend *hzgsvd__gpu_device_backend(void)
{
    static const hzgsvd__backend B = { 0, 1, hzgsvd__gpu_device_full_rank_of<X>, hzgsvd__gpu_device_reduce_of<X> };
    return &B;
}
