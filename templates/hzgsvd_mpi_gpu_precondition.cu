#ifdef __CUDACC__
/* The distributed engine's preconditioned start on GPU ranks of one node (the CUDA IPC transport):
 * the route of templates/hzgsvd_mpi_precondition.c without the host.  Rank 0 pulls every rank's
 * columns of the range-scaled pair from the input the ranks keep for the sigma refinement (mapped
 * by the transport) into one device buffer, runs the single-GPU engine's stage on it, and every
 * rank pulls its columns of F Z0 and G Z0 from that buffer (mapped by a handle of its own), runs
 * initFGZ on them and sets Z = Z0 diag(z) from the buffer's Z0.  The same pair, the same stage and
 * the same products as the route through the host: bitwise the same results. */

/* Z0 (n x n, interleaved (re, im)) -> its planes re, im. */
HZGSVD_PRIVATE __global__ void hzgsvd__mpi_pre_planes(const double *z0, size_t count, double *re, double *im)
{
    for (size_t k = (size_t)blockIdx.x * blockDim.x + threadIdx.x; k < count; k += (size_t)gridDim.x * blockDim.x) {
        re[k] = z0[2 * k];
        im[k] = z0[2 * k + 1];
    }
}

/* After initFGZ, one block per local column j of the rank's stripes p, q (ws columns each): where
 * its column of the whole g < n, Z(0:n, j) <- Z0(:, g) z with z = Z(g, j) (Z0 planes S0, S1, ld n;
 * Z planes Z0p, Z1p, ld nz).  z is read by every thread before any writes. */
HZGSVD_PRIVATE __global__ void hzgsvd__mpi_pre_zapply(double *Z0p, double *Z1p, int nz, int n, const double *S0, const double *S1, int p, int q,
                                                      int ws)
{
    const int j = blockIdx.x, g = j < ws ? p * ws + j : q * ws + j - ws;
    if (g >= n) return;
    const double z = Z0p[(size_t)g + (size_t)j * nz];
    __syncthreads();
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        Z0p[(size_t)i + (size_t)j * nz] = S0[(size_t)i + (size_t)g * n] * z;
        if (Z1p) Z1p[(size_t)i + (size_t)j * nz] = S1[(size_t)i + (size_t)g * n] * z;
    }
}

/* The stage's buffer on rank 0's device, as every rank sees it (base: its own mapping): the planes
 * of F (m_f x n), G (m_g x n) and Z0 (n x n, split), then the norms nf, ng (n each). */
typedef struct hzgsvd__mpi_pre_buf {
    double *F[2], *G[2], *S[2], *nf, *ng;
} hzgsvd__mpi_pre_buf;

HZGSVD_PRIVATE size_t hzgsvd__mpi_pre_buf_bytes(const hzgsvd_mpi_layout *L, int np)
{
    const size_t n = (size_t)L->n;
    return sizeof(double) * ((size_t)np * ((size_t)L->m_f * n + (size_t)L->m_g * n + n * n) + 2 * n);
}

HZGSVD_PRIVATE hzgsvd__mpi_pre_buf hzgsvd__mpi_pre_buf_at(double *base, const hzgsvd_mpi_layout *L, int np)
{
    const size_t n = (size_t)L->n, ef = (size_t)L->m_f * n, eg = (size_t)L->m_g * n;
    hzgsvd__mpi_pre_buf B;
    for (int v = 0; v < 2; ++v) {
        const int w = v < np ? v : 0;
        B.F[v] = base + w * ef; B.G[v] = base + np * ef + w * eg; B.S[v] = base + np * (ef + eg) + w * n * n;
    }
    B.nf = base + np * (ef + eg + n * n); B.ng = B.nf + n;
    return B;
}

/* Columns between a rank's stripes (slots 0, 1: stripes p, q; rows of ld rows, the bordered count)
 * and the whole pair's columns in B (ld m): to_whole pulls a rank's slot into B, else B into the
 * slot; the columns past n are skipped.  Queued on stream. */
HZGSVD_PRIVATE cudaError_t hzgsvd__mpi_pre_copy(double *const stripe[2], int rows, double *const whole[2], int m, int np, int p, int q,
                                                const hzgsvd_mpi_layout *L, int to_whole, cudaStream_t stream)
{
    const int ws = L->stripe;
    cudaError_t e = cudaSuccess;
    for (int o = 0; o < 2; ++o) {
        const int g0 = (o ? q : p) * ws, cnt = L->n - g0 < ws ? L->n - g0 : ws;
        for (int v = 0; v < np && cnt > 0 && e == cudaSuccess; ++v) {
            double *s = stripe[v] + (size_t)o * ws * rows, *w = whole[v] + (size_t)g0 * m;
            e = to_whole ? cudaMemcpy2DAsync(w, sizeof(double) * m, s, sizeof(double) * rows, sizeof(double) * m, cnt, cudaMemcpyDeviceToDevice, stream)
                         : cudaMemcpy2DAsync(s, sizeof(double) * rows, w, sizeof(double) * m, sizeof(double) * m, cnt, cudaMemcpyDeviceToDevice, stream);
        }
    }
    return e;
}

/* Rank 0: every rank's columns of the kept input into B (through the transport's mappings), the
 * norms (nf, ng: host, by column of the whole), the single-GPU stage, Z0 into B's planes.  *kept
 * as the stage decided; ri its fields. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_pre_dev_root(const hzgsvd__gpu_local *D, const hzgsvd__mpi_ipc *I, const hzgsvd_mpi_layout *L,
                                                      const int *stripes, const hzgsvd__mpi_pre_buf *B, const double *nf, const double *ng,
                                                      const hzgsvd_options *o, int *kept, hzgsvd_info *ri)
{
    hzgsvd_info *info = ri;         /* (HZGSVD__CU's) */
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int np = D->G->planes, n = L->n;
    hzgsvd__gpu_pre P;
    hzgsvd__gpu_work M;
    int reload = 0;
    memset(&P, 0, sizeof P);
    memset(&M, 0, sizeof M);
    *kept = 0;
    for (int r = 0; r < L->nranks; ++r) {
        double *in[2][2];
        for (int y = 0; y < 2; ++y)
            for (int v = 0; v < 2; ++v)
                in[y][v] = (double *)(I->peer[r] + ((char *)hzgsvd__gpu_local_input(D, y, v < np ? v : 0) - D->work));
        HZGSVD__CU(hzgsvd__mpi_pre_copy(in[0], D->M.mf, B->F, L->m_f, np, stripes[2 * r], stripes[2 * r + 1], L, 1, D->stream));
        HZGSVD__CU(hzgsvd__mpi_pre_copy(in[1], D->M.mg, B->G, L->m_g, np, stripes[2 * r], stripes[2 * r + 1], L, 1, D->stream));
    }
    HZGSVD__CU(cudaMemcpyAsync(B->nf, nf, sizeof(double) * (size_t)n, cudaMemcpyHostToDevice, D->stream));
    HZGSVD__CU(cudaMemcpyAsync(B->ng, ng, sizeof(double) * (size_t)n, cudaMemcpyHostToDevice, D->stream));
    for (int v = 0; v < np; ++v) { M.F[v] = B->F[v]; M.G[v] = B->G[v]; }
    M.mf = L->m_f; M.mg = L->m_g; M.n = n; M.nz = n;
    st = hzgsvd__gpu_precondition(&P, &M, np, L->m_f, L->m_g, n, B->nf, B->ng, o, hzgsvd__gpu_pre_kind(o), 0, 0, D->stream, &reload, ri);
    if (st != HZGSVD_SUCCESS || !P.z0) goto done;
    if (np == 1) {
        HZGSVD__CU(cudaMemcpyAsync(B->S[0], P.z0, sizeof(double) * (size_t)n * n, cudaMemcpyDeviceToDevice, D->stream));
    } else {
        hzgsvd__mpi_pre_planes<<<1024, 256, 0, D->stream>>>(P.z0, (size_t)n * n, B->S[0], B->S[1]);
        HZGSVD__CU(cudaGetLastError());
    }
    HZGSVD__CU(cudaStreamSynchronize(D->stream));
    *kept = 1;
done:
    if (P.mem) hzgsvd__gpu_pre_free(&P);
    if (cudaStreamSynchronize(D->stream) != cudaSuccess && st == HZGSVD_SUCCESS)
        st = hzgsvd__fail(ri, HZGSVD_ERR_CUDA, "the preconditioner's stream failed");
    return st;
}

/* Every rank: its columns of F Z0, G Z0 from B into its stripes, initFGZ, Z = Z0 diag(z). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_pre_dev_take(hzgsvd__gpu_local *D, const hzgsvd_mpi_layout *L, const hzgsvd__mpi_pre_buf *B,
                                                      const hzgsvd_options *o, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int np = D->G->planes, ws = L->stripe;
    HZGSVD__CU(hzgsvd__mpi_pre_copy(D->M.F, D->M.mf, B->F, L->m_f, np, L->p, L->q, L, 0, D->stream));
    HZGSVD__CU(hzgsvd__mpi_pre_copy(D->M.G, D->M.mg, B->G, L->m_g, np, L->p, L->q, L, 0, D->stream));
    st = hzgsvd__gpu_local_init_fgz(D, ws, L->p * ws, L->q * ws, o, info);
    if (st != HZGSVD_SUCCESS) return st;
    hzgsvd__mpi_pre_zapply<<<L->n_local, 256, 0, D->stream>>>(D->M.Z[0], np == 2 ? D->M.Z[1] : NULL, D->M.nz, L->n, B->S[0], B->S[1], L->p, L->q, ws);
    HZGSVD__CU(cudaGetLastError());
    HZGSVD__CU(cudaStreamSynchronize(D->stream));
done:
    return st;
}

/* The device route (collective; GPU ranks on the IPC transport, every rank's input kept, after
 * hzgsvd__gpu_local_init; it runs initFGZ): *kept where Z0 was taken (else the caller runs initFGZ
 * on the loaded stripes).  nfl, ngl: the local columns' norms; info's preconditioner fields on
 * every rank as the host route sets them. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_precondition_ipc(hzgsvd__gpu_local *D, const hzgsvd__mpi_ipc *I, MPI_Comm comm, const hzgsvd_mpi_layout *L,
                                                          const int *stripes, const double *nfl, const double *ngl, const hzgsvd_options *o,
                                                          int *kept, hzgsvd_info *info)
{
    const double t0 = hzgsvd__now();
    const int np = D->G->planes, n = L->n, nc = L->n_local, root = L->rank == 0;
    hzgsvd_status st = HZGSVD_SUCCESS;
    struct { hzgsvd__mpi_pre_verdict V; cudaIpcMemHandle_t h; } msg;
    double *base = NULL, *loc = (double *)malloc(sizeof(double) * 2 * (size_t)nc), *all = NULL, *nf = NULL;
    int opened = 0, have = 0;
    memset(&msg, 0, sizeof msg);
    *kept = 0;
    hzgsvd__mpi_pre_reset(info, "the plain start (the preconditioner failed: info.detail says why)");
    if (root) {
        all = (double *)malloc(sizeof(double) * 2 * (size_t)nc * L->nranks);
        nf = (double *)malloc(sizeof(double) * 2 * (size_t)n);
        if (cudaMalloc((void **)&base, hzgsvd__mpi_pre_buf_bytes(L, np)) != cudaSuccess) { (void)cudaGetLastError(); base = NULL; }
    }
    st = hzgsvd__mpi_pre_have(comm, loc && (!root || (all && nf && base)), o, "the preconditioner's buffers (rank 0's device: the whole pair and Z0)",
                              "the plain start (no memory for the preconditioner's buffers: rank 0's device holds the whole pair)", &have, info);
    if (!have) goto done;           /* AUTO: the plain start; by name: out of memory (or an MPI failure) */
    for (int j = 0; j < nc; ++j) { loc[2 * j] = nfl[j]; loc[2 * j + 1] = ngl[j]; }
    HZGSVD__MPI(MPI_Gather(loc, 2 * nc, MPI_DOUBLE, all, 2 * nc, MPI_DOUBLE, 0, comm));
    if (root) {
        hzgsvd_info ri;
        const hzgsvd__mpi_pre_buf B = hzgsvd__mpi_pre_buf_at(base, L, np);
        memset(&ri, 0, sizeof ri);
        for (int r = 0; r < L->nranks; ++r)
            for (int j = 0; j < nc; ++j) {
                const int g = hzgsvd__mpi_column(stripes[2 * r], stripes[2 * r + 1], L->stripe, j);
                if (g < n) { nf[g] = all[2 * ((size_t)r * nc + j)]; nf[n + g] = all[2 * ((size_t)r * nc + j) + 1]; }
            }
        st = hzgsvd__mpi_pre_dev_root(D, I, L, stripes, &B, nf, nf + n, o, &msg.V.kept, &ri);
        hzgsvd__mpi_pre_judge(&ri, st, &msg.V, info);
        if (st == HZGSVD_SUCCESS && msg.V.kept && cudaIpcGetMemHandle(&msg.h, base) != cudaSuccess)
            st = hzgsvd__fail(info, HZGSVD_ERR_CUDA, "cudaIpcGetMemHandle of the preconditioner's buffer failed");
    }
    st = hzgsvd__mpi_agree(comm, st, info);
    if (st != HZGSVD_SUCCESS) goto done;
    HZGSVD__MPI(MPI_Bcast(&msg, (int)sizeof msg, MPI_BYTE, 0, comm));
    if (msg.V.kept) {
        hzgsvd_status mine = HZGSVD_SUCCESS;
        if (!root && cudaIpcOpenMemHandle((void **)&base, msg.h, cudaIpcMemLazyEnablePeerAccess) != cudaSuccess) {
            (void)cudaGetLastError();
            mine = hzgsvd__fail(info, HZGSVD_ERR_CUDA, "cudaIpcOpenMemHandle of rank 0's preconditioner buffer failed");
        }
        opened = !root && mine == HZGSVD_SUCCESS;
        if (mine == HZGSVD_SUCCESS) {
            const hzgsvd__mpi_pre_buf B = hzgsvd__mpi_pre_buf_at(base, L, np);
            mine = hzgsvd__mpi_pre_dev_take(D, L, &B, o, info);
        }
        (void)cudaStreamSynchronize(D->stream);     /* nothing queued may still read rank 0's buffer (error paths) */
        if (opened) cudaIpcCloseMemHandle(base);
        if (!root) base = NULL;
        st = hzgsvd__mpi_agree(comm, mine, info);   /* also: every rank is done with rank 0's buffer */
        if (st != HZGSVD_SUCCESS) goto done;
        *kept = 1;
    }
    hzgsvd__mpi_pre_report(L, &msg.V, o, t0, info);
done:
    if (root) cudaFree(base);
    (void)cudaGetLastError();
    free(loc); free(all); free(nf);
    return st;
}
#endif /* __CUDACC__ */
