#ifdef __CUDACC__
/* The sigma refinement on the GPU ranks of the distributed engine (the method: hzgsvd_sigma_refine in
 * hzgsvd_core.h; the single-GPU driver: templates/hzgsvd_gpu_refine.cu.j2).  sigma_j = ||F z_j|| /
 * ||G z_j|| needs all n columns of F and G for each of a rank's columns z_j, so every rank
 * assembles the whole range-scaled input, one matrix at a time, from the copies the ranks kept at
 * the start (D->in_off): pulled from the other devices over CUDA IPC where the stripes travel that
 * way, else gathered through host memory with MPI_Allgather.  Every rank then refines its own
 * columns of Z.  Only copies move the input, so the result is the same bits for every transport. */

/* Matrix y (0 F, 1 G) of the whole input into Y (planes of ld rows x nb columns, the columns in
 * their position order): slot o of rank s is the stripe at position stripes[2 s + o].  ipc: the
 * other ranks' memory mapped (I), else through the host buffers hl (2 ws columns) and ha (nb). */
HZGSVD_PRIVATE cudaError_t hzgsvd__mpi_refine_gather(const hzgsvd__gpu_local *D, const hzgsvd__mpi_ipc *I, MPI_Comm comm, MPI_Datatype col,
                                                     const int *stripes, int P, int ws, int y, double *Y, double *hl, double *ha, int *mpi_failed)
{
    const int rows = y ? D->M.mg : D->M.mf, nc = 2 * ws;
    const size_t plane = (size_t)rows * P * nc, stripe = (size_t)rows * ws;
    cudaError_t e = cudaSuccess;
    for (int v = 0; v < D->G->planes; ++v) {
        const double *mine = hzgsvd__gpu_local_input(D, y, v);
        if (!I) {                   /* host: ha = every rank's 2 ws columns in rank order */
            if (e == cudaSuccess) e = cudaMemcpyAsync(hl, mine, sizeof(double) * stripe * 2, cudaMemcpyDeviceToHost, D->stream);
            if (e == cudaSuccess) e = cudaStreamSynchronize(D->stream);
            /* called by every rank whatever its device did (no hang); a broken rank's columns are not used */
            if (MPI_Allgather(hl, nc, col, ha, nc, col, comm) != MPI_SUCCESS) *mpi_failed = 1;
        }
        for (int s = 0; s < P && e == cudaSuccess; ++s)
            for (int o = 0; o < 2 && e == cudaSuccess; ++o) {
                double *dst = Y + (size_t)v * plane + (size_t)stripes[2 * s + o] * stripe;
                if (I) {
                    const size_t off = (size_t)((const char *)mine - D->work) + sizeof(double) * (size_t)o * stripe;
                    e = cudaMemcpyAsync(dst, I->peer[s] + off, sizeof(double) * stripe, cudaMemcpyDeviceToDevice, D->stream);
                } else {
                    e = cudaMemcpyAsync(dst, ha + ((size_t)s * 2 + o) * stripe, sizeof(double) * stripe, cudaMemcpyHostToDevice, D->stream);
                }
            }
        if (e == cudaSuccess) e = cudaStreamSynchronize(D->stream);   /* ha is reused for the next plane */
    }
    return e;
}

/* The refinement's device work once every rank has its buffers: per matrix the whole input
 * gathered, its columns' exponents, the norms of its products with the rank's columns of Z; then
 * sigma from the norms, copied to sf, sg, ss.  CUDA failures land in the returned status; a failed
 * MPI_Allgather in *mpi_failed. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_refine_run(const hzgsvd__gpu_local *D, const hzgsvd__mpi_ipc *I, MPI_Comm comm, const MPI_Datatype col[2],
                                                    const int *stripes, int P, int ws, int m_f, int m_g, int n, const int *real, double *sf, double *sg, double *ss, char *buf,
                                                    const hzgsvd__gpu_refine_layout *RL, const size_t off[4], double *hl, double *ha,
                                                    int *mpi_failed, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int nc = 2 * ws, nb = P * nc, cplx = D->G->planes == 2;
    double *Y = (double *)buf, *nrm = (double *)(buf + off[0] + RL->off_nrm);
    int *d_ex = (int *)(buf + off[1]), *d_real = (int *)(buf + off[3]), *d_bad = (int *)(buf + off[3] + hzgsvd__align256(sizeof(int) * (size_t)nc));
    cudaError_t e = cudaSuccess;
    for (int y = 0; y < 2; ++y) {
        const int ld = y ? D->M.mg : D->M.mf, m = y ? m_g : m_f;
        const size_t yplane = (size_t)ld * nb;
        const cudaError_t g = hzgsvd__mpi_refine_gather(D, I, comm, col[y], stripes, P, ws, y, Y, hl, ha, mpi_failed);
        if (e == cudaSuccess) e = g;
        if (e != cudaSuccess) continue;     /* the other matrix's gather is collective too */
        /* the exponents of the whole input's columns (check_values: the values were checked at the load) */
        {
            double *const Yp[2] = { Y, cplx ? Y + yplane : NULL };
            e = D->G->check_values(Yp, m, n, ld, d_bad, d_bad + 1, (double *)(buf + off[2]), d_ex, D->stream);
        }
        if (e != cudaSuccess) continue;
        st = D->G->refine_norms(Y, cplx ? Y + yplane : NULL, ld, m, n, nc, D->M.Z[0], D->M.Z[1], D->M.nz, 0, 0, NULL, d_ex,
                                D->d_sig + (size_t)y * nc, nrm + (size_t)y * nc, buf + off[0], RL, D->stream, info);
        if (st != HZGSVD_SUCCESS) e = cudaErrorUnknown;
    }
    if (e == cudaSuccess) e = cudaMemcpyAsync(d_real, real, sizeof(int) * (size_t)nc, cudaMemcpyHostToDevice, D->stream);
    if (e == cudaSuccess) {
        hzgsvd__gpu_refine_sigma<<<(nc + 127) / 128, 128, 0, D->stream>>>(nrm, nrm + nc, d_real, nc, D->d_sig, D->d_sig + nc, D->d_sig + 2 * (size_t)nc);
        e = cudaGetLastError();
    }
    if (e == cudaSuccess) e = cudaMemcpyAsync(sf, D->d_sig, sizeof(double) * nc, cudaMemcpyDeviceToHost, D->stream);
    if (e == cudaSuccess) e = cudaMemcpyAsync(sg, D->d_sig + nc, sizeof(double) * nc, cudaMemcpyDeviceToHost, D->stream);
    if (e == cudaSuccess) e = cudaMemcpyAsync(ss, D->d_sig + 2 * (size_t)nc, sizeof(double) * nc, cudaMemcpyDeviceToHost, D->stream);
    if (e == cudaSuccess) e = cudaStreamSynchronize(D->stream);
    if (st == HZGSVD_SUCCESS && e != cudaSuccess)
        st = hzgsvd__fail(info, HZGSVD_ERR_CUDA, "the sigma refinement: %s (%d)", cudaGetErrorString(e), (int)e);
    return st;
}

/* Refine this rank's sf, sg, ss (host, nc each: the final rescale's, the columns with real[j] set)
 * from the whole input pair and the rank's Z, where options.refine_sigma asks for it (-1: where
 * every rank has the memory; 1: an error otherwise).  *refined: 1 where done.  Collective: every
 * rank returns the same status.  I: the mapped memory of the other ranks (transport IPC), or NULL. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_gpu_refine(MPI_Comm comm, const hzgsvd__gpu_local *D, const hzgsvd__mpi_ipc *I, const int *stripes, int P, int ws, int m_f, int m_g, int n, int want, const int *real,
                                                    double *sf, double *sg, double *ss, int *refined, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int PL = D->G->planes, nc = 2 * ws, nb = P * nc, rows = D->M.mf > D->M.mg ? D->M.mf : D->M.mg;
    const hzgsvd__gpu_refine_layout RL = hzgsvd__gpu_refine_plan(PL, m_f, m_g, n, nc);
    const size_t y_bytes = hzgsvd__align256(sizeof(double) * PL * (size_t)rows * nb);
    const size_t o_rl = y_bytes, o_ex = o_rl + RL.bytes, o_nrm = o_ex + hzgsvd__align256(sizeof(int) * (size_t)n);
    const size_t o_real = o_nrm + hzgsvd__align256(sizeof(double) * (size_t)n), o_bad = o_real + hzgsvd__align256(sizeof(int) * (size_t)nc);
    const size_t bytes = o_bad + 256, off[4] = { o_rl, o_ex, o_nrm, o_real };
    char *buf = NULL;
    double *hl = NULL, *ha = NULL;
    MPI_Datatype col[2] = { MPI_DATATYPE_NULL, MPI_DATATYPE_NULL };
    int ok = want != 0 && D->in_off != 0, all = 0, mpi_failed = 0;
    *refined = 0;
    if (ok && cudaMalloc((void **)&buf, bytes) != cudaSuccess) { (void)cudaGetLastError(); buf = NULL; ok = 0; }
    if (ok && !I) {
        hl = (double *)malloc(sizeof(double) * (size_t)rows * nc);
        ha = (double *)malloc(sizeof(double) * (size_t)rows * nb);
        for (int y = 0; y < 2; ++y)
            if (MPI_Type_contiguous(y ? D->M.mg : D->M.mf, MPI_DOUBLE, &col[y]) != MPI_SUCCESS) col[y] = MPI_DATATYPE_NULL;
            else if (MPI_Type_commit(&col[y]) != MPI_SUCCESS) MPI_Type_free(&col[y]);   /* (sets it to MPI_DATATYPE_NULL) */
        ok = hl && ha && col[0] != MPI_DATATYPE_NULL && col[1] != MPI_DATATYPE_NULL;
    }
    HZGSVD__MPI(MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, comm));
    if (!all) {
        if (want > 0)
            st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "the sigma refinement (refine_sigma = 1) needs %zu bytes of device memory and "
                              "the whole input's columns in host memory on every rank; some rank has not", bytes);
        goto done;
    }
    st = hzgsvd__mpi_refine_run(D, I, comm, col, stripes, P, ws, m_f, m_g, n, real, sf, sg, ss, buf, &RL, off, hl, ha, &mpi_failed, info);
    if (st == HZGSVD_SUCCESS && mpi_failed) st = hzgsvd__fail(info, HZGSVD_ERR_MPI, "the sigma refinement: MPI_Allgather of the input failed");
    /* no rank lets its input go (the release) before every other rank has read it */
    HZGSVD__MPI(MPI_Barrier(comm));
    *refined = st == HZGSVD_SUCCESS;
done:
    cudaFree(buf);
    (void)cudaGetLastError();
    free(hl); free(ha);
    for (int y = 0; y < 2; ++y) if (col[y] != MPI_DATATYPE_NULL) MPI_Type_free(&col[y]);
    return hzgsvd__mpi_agree(comm, st, info);
}
#endif /* __CUDACC__ */
