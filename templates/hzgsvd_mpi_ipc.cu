#ifdef __CUDACC__
/* The distributed engine's exchange between the GPU ranks of one node by CUDA IPC: every rank maps
 * the device memory of every other rank once (cudaIpcGetMemHandle of its working allocation, the
 * handles swapped over MPI) and, in each outermost step, pulls the stripes its two slots receive
 * straight from the senders' devices (over NVLink where there is one) into a receive copy, then
 * copies that over its working stripes.  Two barriers a step order it: every sender's stripes are
 * final before any pull, and every pull is finished before a sender works on its stripes again.
 * Only columns move, so results are bitwise those of the other transports. */
typedef struct hzgsvd__mpi_ipc {
    char *recv;                     /* device: a receive copy of the matrix region of D->work */
    char **peer;                    /* nranks: every rank's D->work mapped into this process (own: D->work) */
    size_t region;                  /* bytes of the matrix region: F, G, Z, every plane, contiguous from D->work */
    int nranks, rank;
} hzgsvd__mpi_ipc;

HZGSVD_PRIVATE void hzgsvd__mpi_ipc_close(hzgsvd__mpi_ipc *I)
{
    if (I->peer)
        for (int s = 0; s < I->nranks; ++s)
            if (s != I->rank && I->peer[s]) cudaIpcCloseMemHandle(I->peer[s]);
    cudaFree(I->recv);
    (void)cudaGetLastError();
    free(I->peer);
    memset(I, 0, sizeof *I);
}

/* Sets up the mapping where every rank can: all ranks on one node (MPI_COMM_TYPE_SHARED), peer
 * access between their devices, the receive copy allocated, every handle opened.  Collective;
 * returns 1 on every rank or 0 on every rank (then nothing is held and *why says what failed here,
 * or that another rank failed). */
HZGSVD_PRIVATE int hzgsvd__mpi_ipc_open(hzgsvd__mpi_ipc *I, const hzgsvd__gpu_local *D, MPI_Comm comm, int P, int r, char *why, size_t nwhy)
{
    int ok = 1, all = 0, dev = -1, nsize = 0;
    int *devs = (int *)calloc((size_t)P, sizeof(int));
    cudaIpcMemHandle_t *h = (cudaIpcMemHandle_t *)calloc((size_t)P, sizeof(cudaIpcMemHandle_t));
    memset(I, 0, sizeof *I);
    I->nranks = P; I->rank = r;
    I->peer = (char **)calloc((size_t)P, sizeof(char *));
    I->region = sizeof(double) * D->G->planes * ((size_t)D->M.mf + D->M.mg + D->M.nz) * D->M.n;
    snprintf(why, nwhy, "another rank cannot use CUDA IPC");
    if (!devs || !h || !I->peer) { ok = 0; snprintf(why, nwhy, "out of host memory"); }
    if (hzgsvd__mpi_node(comm, NULL, &nsize) != 0) {
        ok = 0; snprintf(why, nwhy, "MPI_Comm_split_type failed");
    } else if (nsize != P) {
        ok = 0; snprintf(why, nwhy, "the ranks are not all on one node");
    }
    if (ok && cudaGetDevice(&dev) != cudaSuccess) { ok = 0; snprintf(why, nwhy, "cudaGetDevice failed"); }
    if (ok && cudaMalloc((void **)&I->recv, I->region) != cudaSuccess) { ok = 0; snprintf(why, nwhy, "no device memory for the receive copy (%zu bytes)", I->region); }
    if (ok && cudaIpcGetMemHandle(&h[r], D->work) != cudaSuccess) { ok = 0; snprintf(why, nwhy, "cudaIpcGetMemHandle failed"); }
    if (MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, comm) != MPI_SUCCESS) all = 0;
    if (all) {
        devs[r] = dev;
        if (MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, devs, 1, MPI_INT, comm) != MPI_SUCCESS ||
            MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, h, (int)sizeof(cudaIpcMemHandle_t), MPI_BYTE, comm) != MPI_SUCCESS) {
            ok = 0; snprintf(why, nwhy, "MPI_Allgather of the IPC handles failed");
        }
        for (int s = 0; s < P && ok; ++s) {
            if (s == r) { I->peer[s] = D->work; continue; }
            int can = devs[s] == dev;
            if (!can && cudaDeviceCanAccessPeer(&can, dev, devs[s]) != cudaSuccess) can = 0;
            if (!can) { ok = 0; snprintf(why, nwhy, "device %d cannot access device %d (rank %d)", dev, devs[s], s); break; }
            if (cudaIpcOpenMemHandle((void **)&I->peer[s], h[s], cudaIpcMemLazyEnablePeerAccess) != cudaSuccess) {
                I->peer[s] = NULL; ok = 0; snprintf(why, nwhy, "cudaIpcOpenMemHandle of rank %d's memory failed", s);
            }
        }
        if (MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, comm) != MPI_SUCCESS) all = 0;
    }
    free(devs); free(h);
    (void)cudaGetLastError();
    if (!all) hzgsvd__mpi_ipc_close(I);
    return all;
}

/* Step k's exchange: slot o of this rank receives stripe so of rank s (src[(k P + r) 2 + o] =
 * 2 s + so), pulled from s's device.  MPI failures return HZGSVD_ERR_MPI (every rank fails at a
 * barrier); a CUDA failure here goes to *local, as a failed engine does, and the protocol goes on. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_ipc_exchange(const hzgsvd__mpi_ipc *I, const hzgsvd__gpu_local *D, const int *src, int k, int stripe,
                                                      MPI_Comm comm, hzgsvd_status *local, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int P = I->nranks, r = I->rank;
    cudaError_t e = cudaSuccess;
    HZGSVD__MPI(MPI_Barrier(comm));                 /* every sender's stripes are final */
    for (int o = 0; o < 2; ++o) {
        const int from = src[(k * P + r) * 2 + o], s = from / 2, so = from % 2;
        for (int y = 0; y < 3; ++y)
            for (int v = 0; v < D->G->planes; ++v) {
                const size_t rows = y == 0 ? (size_t)D->M.mf : y == 1 ? (size_t)D->M.mg : (size_t)D->M.nz;
                const size_t off_src = (size_t)((char *)hzgsvd__gpu_local_stripe(D, y, v, so, stripe) - D->work);
                const size_t off_dst = (size_t)((char *)hzgsvd__gpu_local_stripe(D, y, v, o, stripe) - D->work);
                if (e == cudaSuccess)
                    e = cudaMemcpyAsync(I->recv + off_dst, I->peer[s] + off_src, sizeof(double) * rows * stripe, cudaMemcpyDeviceToDevice, D->stream);
            }
    }
    if (e == cudaSuccess) e = cudaStreamSynchronize(D->stream);
    HZGSVD__MPI(MPI_Barrier(comm));                 /* every pull is finished: the stripes may change again */
    if (e == cudaSuccess) e = cudaMemcpyAsync(D->work, I->recv, I->region, cudaMemcpyDeviceToDevice, D->stream);
    if (e == cudaSuccess) e = cudaStreamSynchronize(D->stream);
    if (e != cudaSuccess && *local == HZGSVD_SUCCESS)
        *local = hzgsvd__fail(info, HZGSVD_ERR_CUDA, "the CUDA IPC exchange of outermost step %d: %s (%d)", k + 1, cudaGetErrorString(e), (int)e);
done:
    return st;
}
#endif /* __CUDACC__ */
