/* The distributed engine (paper section 4.2, Algorithms 2-6), one driver for both precisions: every
 * rank runs the single-device algorithm on its two stripes per outermost step and passes them on by
 * the communication map.  The CPU ranks use the CPU engine on host stripes; the GPU ranks keep their
 * stripes on the device and stage the messages through host stripes unless the MPI is CUDA-aware
 * or the ranks share a node (CUDA IPC).  What differs by precision comes from the table K->X
 * (templates/hzgsvd_mpi_prec.c.j2). */


/* A rank's whole state. */
typedef struct hzgsvd__mpi_rank {
    const hzgsvd__mpi_prec *X;      /* the precision */
    void *s;                        /* its state (X->local_new) */
#ifdef __CUDACC__
    hzgsvd__gpu_local D;            /* GPU ranks: the device stripes and the single-GPU engine on them */
    hzgsvd__mpi_ipc I;              /* transport IPC: the other ranks' device memory */
#endif
    MPI_Comm comm;                  /* a duplicate with MPI_ERRORS_RETURN */
    int gpu, cuda_aware, steps;
    int transport;                  /* GPU ranks: HZGSVD_MPI_TRANSPORT_* (cuda_aware: _MPI) */
    int pinned_W, pinned_R;         /* host stripes registered with CUDA (GPU ranks, host transports only) */
    int host_threads;               /* for the loops over the local columns (hzgsvd__mpi_host_threads) */
    int nblk;                       /* CPU ranks: block columns of the two stripes */
    int *map, *src;                 /* the communication map and, per step and slot, the sending rank and its slot */
    int *cross;                     /* CPU ranks: the block pairs between the two stripes (hzgsvd__strategy_cross_fill) */
    MPI_Datatype col[3];            /* one column of F, G, Z (one plane) */
    /* host buffers (one allocation each): nf, ng (nb: whole), sf, sg, ss, nfl, ngl (nc), all sigma (nb),
     * + 2 nb for reordering the norms; real flags of all (nb), the output order (nb), stripes (2P),
     * shifts of all (nb), local shifts (nc) */
    double *aux, *nf, *ng, *all_ss, *sf, *sg, *ss, *nfl, *ngl;
    int *iaux, *all_real, *order, *stripes, *gsh, *cl;
    hzgsvd__range rg;
    hzgsvd__mpi_pre pre;            /* the preconditioned start's local columns of Z0 (templates/hzgsvd_mpi_precondition.c) */
    int preconditioned;             /* for the stop rule (hzgsvd__sweep_converged) */
    int base;                       /* sweeps of a QR_EIG start that gave way before this run (hzgsvd__mpi_run) */
    int converged, gave_way;
} hzgsvd__mpi_rank;

/* The kind a rank's stage computed where it kept Z0: options.precondition, AUTO resolved as the
 * stages resolve it (QR_EIG on GPU ranks, QR_SVD on CPU ranks). */
HZGSVD_PRIVATE int hzgsvd__mpi_start_kind(const hzgsvd__mpi_rank *K, const hzgsvd_options *o)
{
    if (!K->preconditioned) return HZGSVD_PRECONDITION_NONE;
    if (o->precondition != HZGSVD_PRECONDITION_AUTO) return o->precondition;
    return K->gpu ? HZGSVD_PRECONDITION_QR_EIG : HZGSVD_PRECONDITION_QR_SVD;
}

#ifdef __CUDACC__
/* Plane v of F, G, Z of the host stripes W (which = 0) or R (1): the GPU rank's copies. */
HZGSVD_PRIVATE void hzgsvd__mpi_host_planes(const hzgsvd__mpi_rank *K, int which, double *H[3][2])
{
    for (int y = 0; y < 3; ++y)
        for (int v = 0; v < 2; ++v) H[y][v] = K->X->stripe(K->s, which, y, v, 0, 0);
}
#endif

HZGSVD_PRIVATE void hzgsvd__mpi_release(hzgsvd__mpi_rank *K)
{
#ifdef __CUDACC__
    if (K->gpu) {
        if (K->transport == HZGSVD_MPI_TRANSPORT_IPC) hzgsvd__mpi_ipc_close(&K->I);
        hzgsvd__gpu_local_free(&K->D);
        if (K->pinned_W) cudaHostUnregister(K->X->stripe(K->s, 0, 0, 0, 0, 0));
        if (K->pinned_R) cudaHostUnregister(K->X->stripe(K->s, 1, 0, 0, 0, 0));
        (void)cudaGetLastError();   /* nothing of this run's errors may reach the next call */
    }
#endif
    K->X->local_free(K->s);
    for (int y = 0; y < 3; ++y) if (K->col[y] != MPI_DATATYPE_NULL) MPI_Type_free(&K->col[y]);
    free(K->map); free(K->src); free(K->cross);
    if (K->comm != MPI_COMM_NULL) MPI_Comm_free(&K->comm);
    free(K->aux); free(K->iaux);
    hzgsvd__mpi_pre_free(&K->pre);
}

/* The map, and its inverse: who sends what each slot receives for the next step; the host buffers. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_plan(hzgsvd__mpi_rank *K, const hzgsvd_mpi_layout *L, const hzgsvd_options *o, hzgsvd_info *info)
{
    const int P = L->nranks, nb = L->n_bordered, nc = L->n_local;
    K->steps = hzgsvd_mpi_steps(o->outermost, P);
    K->map = (int *)malloc(sizeof(int) * 2 * (size_t)K->steps * P);
    K->src = (int *)malloc(sizeof(int) * 2 * (size_t)K->steps * P);
    K->aux = (double *)calloc(5 * (size_t)nb + 5 * (size_t)nc, sizeof(double));   /* + 2 nb: reordering the norms */
    K->iaux = (int *)calloc(3 * (size_t)nb + 2 * (size_t)P + (size_t)nc, sizeof(int));
    K->s = K->X->local_new();
    if (!K->map || !K->src || !K->aux || !K->iaux || !K->s) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "host buffers");
    K->nf = K->aux; K->ng = K->aux + nb; K->all_ss = K->aux + 2 * (size_t)nb;
    K->sf = K->aux + 3 * (size_t)nb; K->sg = K->sf + nc; K->ss = K->sg + nc; K->nfl = K->ss + nc; K->ngl = K->nfl + nc;
    K->all_real = K->iaux; K->order = K->iaux + nb; K->stripes = K->iaux + 2 * (size_t)nb;
    K->gsh = K->stripes + 2 * (size_t)P; K->cl = K->gsh + nb;
    if (hzgsvd_mpi_comm_map(o->outermost, P, K->map) != HZGSVD_SUCCESS || hzgsvd__mpi_all_stripes(o->outermost, P, K->stripes) != 0)
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "communication map for %d ranks", P);
    for (size_t i = 0; i < 2 * (size_t)K->steps * P; ++i) K->src[i] = -1;
    for (int k = 0; k < K->steps; ++k)
        for (int s = 0; s < P; ++s)
            for (int so = 0; so < 2; ++so) {
                const int code = K->map[(k * P + s) * 2 + so];
                const int dest = (code < 0 ? -code : code) - 1, slot = code < 0 ? 0 : 1;
                K->src[(k * P + dest) * 2 + slot] = 2 * s + so;
            }
    for (int i = 0; i < 2 * K->steps * P; ++i)
        if (K->src[i] < 0) return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "the communication map leaves a slot empty");
    return HZGSVD_SUCCESS;
}

/* Load the caller's local columns into W (split planes, bordered): a column past n is the unit
 * vector of its bordering row; checks the values of the others (finite, not zero) and folds their
 * exponents into the range plan (cl: the column shifts, part: hzgsvd__range_columns).  Columns in
 * parallel; a bad value is reported for the first bad column, as a loop in order would. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_load(const hzgsvd__mpi_rank *K, const hzgsvd_mpi_layout *L, const double *F, int ldf,
                                              const double *G, int ldg, int part[3], hzgsvd_info *info)
{
    const hzgsvd__mpi_prec *X = K->X;
    const int PL = X->planes;
    int p0 = part[0], p1 = part[1], p2 = part[2], bad = INT_MAX;
    int *cl = K->cl;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(K->host_threads) reduction(max: p0, p1, p2) reduction(min: bad)
#endif
    for (int j = 0; j < L->n_local; ++j) {
        const int g = hzgsvd_mpi_global_column(L, j);
        cl[j] = 0;
        if (g >= L->n) {
            X->stripe(K->s, 0, 0, 0, j, 1)[(size_t)L->m_f + (size_t)(g - L->n)] = 1.0;
            X->stripe(K->s, 0, 1, 0, j, 1)[(size_t)L->m_g + (size_t)(g - L->n)] = 1.0;
            continue;
        }
        const double *fc = F + (size_t)PL * j * ldf, *gc = G + (size_t)PL * j * ldg;
        int ef = 0, eg = 0, q[3] = { p0, p1, p2 };
        if (X->check_values(fc, L->m_f, 1, ldf, "F", &ef, NULL) != HZGSVD_SUCCESS || X->check_values(gc, L->m_g, 1, ldg, "G", &eg, NULL) != HZGSVD_SUCCESS) {
            if (j < bad) bad = j;
            continue;
        }
        X->load_col(K->s, 0, j, fc, L->m_f, ldf);
        X->load_col(K->s, 1, j, gc, L->m_g, ldg);
        hzgsvd__range_columns(1, &ef, &eg, &cl[j], q);
        p0 = q[0]; p1 = q[1]; p2 = q[2];
    }
    part[0] = p0; part[1] = p1; part[2] = p2;
    if (bad != INT_MAX) {               /* the message of the first bad column */
        const int g = hzgsvd_mpi_global_column(L, bad);
        int e = 0;
        hzgsvd_status st = X->check_values(F + (size_t)PL * bad * ldf, L->m_f, 1, ldf, "F", &e, info);
        if (st == HZGSVD_SUCCESS) st = X->check_values(G + (size_t)PL * bad * ldg, L->m_g, 1, ldg, "G", &e, info);
        char why[sizeof info->detail];
        snprintf(why, sizeof why, "%s", info ? info->detail : "");
        return hzgsvd__fail(info, st, "in column %d of the pair (this rank's local column %d, shown as column 1 here): %s", g + 1, bad + 1, why);
    }
    return HZGSVD_SUCCESS;
}

/* The range plan over all ranks, the local columns scaled by it, their norms for the rank test
 * (nfl, ngl), the shifts of all n columns (gsh: the rows of Z), and the check that every column is
 * resolved (docs/NUMERICS.md, "The whole double range").  Collective. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_range(hzgsvd__mpi_rank *K, const hzgsvd_mpi_layout *L, int part[3], hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const hzgsvd__range *rg = &K->rg;
    int low_key = INT_MAX;          /* 4 j + (1 F, 2 G) of the first local column below the resolved range */
    int *gsh = K->gsh;
    HZGSVD__MPI(MPI_Allreduce(MPI_IN_PLACE, part, 3, MPI_INT, MPI_MAX, K->comm));
    K->rg = hzgsvd__range_plan(part);
    for (int i = 0; i < L->n; ++i) gsh[i] = 0;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(K->host_threads) reduction(min: low_key)
#endif
    for (int j = 0; j < L->n_local; ++j) {
        const int g = hzgsvd_mpi_global_column(L, j);
        if (g >= L->n) { K->nfl[j] = K->ngl[j] = 1.0; continue; }
        if (rg->active) gsh[g] = K->cl[j];
        const int low = K->X->range_column(K->s, j, L->m_f, L->m_g, rg, K->cl[j], &K->nfl[j], &K->ngl[j]);
        if (low && 4 * j + low < low_key) low_key = 4 * j + low;
    }
    if (low_key != INT_MAX)
        st = hzgsvd__range_fail_input(info, hzgsvd_mpi_global_column(L, low_key / 4) + 1, low_key % 4 == 1 ? "F" : "G");
    /* every column's shift is set by the one rank that holds it: a sum of integers, exact */
    if (rg->active) HZGSVD__MPI(MPI_Allreduce(MPI_IN_PLACE, gsh, L->n, MPI_INT, MPI_SUM, K->comm));
done:
    return st;
}

/* The columns' MPI types, then the local engine: CPU ranks initFGZ with the logical rows of Z and,
 * where their stage kept a Z0, Z = Z0 diag(z); GPU ranks their device stripes and the refinement's
 * input (initFGZ after the transport: hzgsvd__mpi_gpu_start). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_local_init(hzgsvd__mpi_rank *K, const hzgsvd_mpi_layout *L, const hzgsvd_options *o,
                                                    hzgsvd_info *info)
{
    const int ws = L->stripe, rows[3] = { L->rows_f, L->rows_g, L->n_bordered };
    hzgsvd_status st = HZGSVD_SUCCESS;
    for (int y = 0; y < 3; ++y)                     /* local calls: a failure goes to the agreement */
        if (MPI_Type_contiguous(rows[y], MPI_DOUBLE, &K->col[y]) != MPI_SUCCESS || MPI_Type_commit(&K->col[y]) != MPI_SUCCESS)
            return hzgsvd__fail(info, HZGSVD_ERR_MPI, "MPI_Type_contiguous/MPI_Type_commit of a column type failed");
    if (K->gpu) {
#ifdef __CUDACC__
        double *H[3][2];
        /* a kind asked by name keeps the refinement's input whatever the memory estimate says (its
         * small sigma need it); AUTO keeps it where the estimate allows, else takes the plain start */
        const int planned = hzgsvd__pre_named(o->precondition) && hzgsvd__mpi_pre_skip(o, L->n, 1, 1) == NULL;
        hzgsvd__mpi_host_planes(K, 0, H);
        st = hzgsvd__gpu_local_init(&K->D, K->X->gpu, H, L->rows_f, L->rows_g, L->n_bordered, L->n_local, planned, o, info);
#else
        st = hzgsvd__fail(info, HZGSVD_ERR_NO_DEVICE, "this build of the distributed engine has no GPU engine (compile it with nvcc)");
#endif
    } else {
        st = K->X->engine_init(K->s, L->n_local, o, &K->nblk, info);
        if (st == HZGSVD_SUCCESS) {
            K->cross = (int *)malloc(sizeof(int) * (size_t)K->nblk / 2 * K->nblk);
            if (!K->cross) st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "the cross block-level table");
            else if (hzgsvd__strategy_cross_fill(K->nblk, K->cross) != 0) st = hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "the cross block-level table");
        }
        if (st == HZGSVD_SUCCESS) K->X->init_fgz(K->s, ws, L->p * ws, L->q * ws);
        if (st == HZGSVD_SUCCESS && K->pre.z0) {
            double *const Zp[2] = { K->X->stripe(K->s, 0, 2, 0, 0, 0), K->X->stripe(K->s, 0, 2, 1, 0, 0) };
            hzgsvd__mpi_pre_apply(&K->pre, Zp, K->X->planes, L);
        }
        K->preconditioned = K->pre.z0 != NULL;
        hzgsvd__mpi_pre_free(&K->pre);
    }
    return st;
}

#ifdef __CUDACC__
/* GPU ranks: the transport (collective, the same on every rank); for the host transports the
 * receive stripes, and both sets page-locked for the copies of every step (registering costs about
 * as much as one pageable copy: not for IPC's two).  The status is agreed, but where the ranks
 * disagree on HZGSVD_MPI_TRANSPORT (each sees that alone) and where an MPI call fails. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_transport(hzgsvd__mpi_rank *K, const hzgsvd_mpi_layout *L, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int nc = L->n_local, nb = L->n_bordered;
    int want = hzgsvd__mpi_transport_wanted(), lo = 0, hi = 0, ipc = 0;
    char why[160] = "";
    HZGSVD__MPI(MPI_Allreduce(&want, &lo, 1, MPI_INT, MPI_MIN, K->comm));
    HZGSVD__MPI(MPI_Allreduce(&want, &hi, 1, MPI_INT, MPI_MAX, K->comm));
    if (lo != hi || want < 0)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "HZGSVD_MPI_TRANSPORT must be staged, mpi or ipc, the same on every rank");
    if (want == 0 || want == HZGSVD_MPI_TRANSPORT_IPC) ipc = hzgsvd__mpi_ipc_open(&K->I, &K->D, K->comm, L->nranks, L->rank, why, sizeof why);
    K->cuda_aware = hzgsvd__mpi_cuda_aware();
    K->transport = ipc ? HZGSVD_MPI_TRANSPORT_IPC
                 : (want == HZGSVD_MPI_TRANSPORT_MPI || (want == 0 && K->cuda_aware)) ? HZGSVD_MPI_TRANSPORT_MPI : HZGSVD_MPI_TRANSPORT_STAGED;
    if (want == HZGSVD_MPI_TRANSPORT_IPC && !ipc)
        st = hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "HZGSVD_MPI_TRANSPORT=ipc: CUDA IPC cannot be used here (%s)", why);
    else if (want == HZGSVD_MPI_TRANSPORT_MPI && !K->cuda_aware)
        st = hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "HZGSVD_MPI_TRANSPORT=mpi: this MPI is not CUDA-aware");
    K->cuda_aware = K->transport == HZGSVD_MPI_TRANSPORT_MPI;
    if (info) info->mpi_transport = K->transport;
    if (st == HZGSVD_SUCCESS && K->transport != HZGSVD_MPI_TRANSPORT_IPC) {
        const size_t bytes = sizeof(double) * K->X->planes * (size_t)nc * ((size_t)L->rows_f + L->rows_g + nb);
        cudaError_t e = cudaSuccess;
        if (K->X->mats_alloc(K->s, 1, L->rows_f, L->rows_g, nb, nc) != 0)
            st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the receive stripes (%d columns of %d + %d + %d rows)", nc, L->rows_f, L->rows_g, nb);
        if (st == HZGSVD_SUCCESS) {
            e = cudaHostRegister(K->X->stripe(K->s, 0, 0, 0, 0, 0), bytes, cudaHostRegisterDefault);
            K->pinned_W = e == cudaSuccess;
            if (e == cudaSuccess) e = cudaHostRegister(K->X->stripe(K->s, 1, 0, 0, 0, 0), bytes, cudaHostRegisterDefault);
            K->pinned_R = K->pinned_W && e == cudaSuccess;
        }
        if (e != cudaSuccess) { (void)cudaGetLastError(); st = hzgsvd__fail(info, HZGSVD_ERR_CUDA, "cudaHostRegister of the host stripes: %s", cudaGetErrorString(e)); }
    }
    return hzgsvd__mpi_agree(K->comm, st, info);
done:
    return st;                      /* an MPI failure: no agreement (as with every MPI failure) */
}
#endif

#ifdef __CUDACC__
/* GPU ranks, once the transport is known: the preconditioned start (the device route on the IPC
 * transport where every rank kept the refinement's input, else the route through the host, whose
 * F Z0, G Z0 are loaded again), initFGZ, and Z = Z0 diag(z).  Collective; the status is agreed. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_gpu_start(hzgsvd__mpi_rank *K, const hzgsvd_mpi_layout *L, const hzgsvd_options *o, hzgsvd_info *info)
{
    const int ws = L->stripe, ipc = K->transport == HZGSVD_MPI_TRANSPORT_IPC;
    const char *skip = hzgsvd__mpi_pre_skip(o, L->n, 1, ipc);
    hzgsvd_status st = HZGSVD_SUCCESS;
    int kept = 0, mine = K->D.in_off != 0, all = 0;
    double *H[3][2];
    hzgsvd__mpi_host_planes(K, 0, H);
    HZGSVD__MPI(MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, K->comm));
    if (!skip && !all && o->precondition == HZGSVD_PRECONDITION_AUTO)
        skip = "the plain start (AUTO: a rank had no device memory to keep the sigma refinement's input)";
    if (!skip && ipc && all) {
        st = hzgsvd__mpi_precondition_ipc(&K->D, &K->I, K->comm, L, K->stripes, K->nfl, K->ngl, o, &kept, info);
        if (st != HZGSVD_SUCCESS) return st;       /* agreed, or ERR_MPI */
        K->preconditioned = kept;
        if (kept) return HZGSVD_SUCCESS;            /* its initFGZ ran */
    } else {                        /* a kind by name over another transport; or the plain start's note */
        st = hzgsvd__mpi_precondition(K->X, K->s, K->comm, L, K->stripes, K->nfl, K->ngl, skip, o, &K->pre, info);
        if (st != HZGSVD_SUCCESS) return st;
        if (K->pre.z0) st = hzgsvd__gpu_local_transfer(&K->D, H, 1, info);
    }
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gpu_local_init_fgz(&K->D, ws, L->p * ws, L->q * ws, o, info);
    if (st == HZGSVD_SUCCESS && K->pre.z0) st = hzgsvd__gpu_local_z(&K->D, H[2], 0, info);
    if (st == HZGSVD_SUCCESS && K->pre.z0) {
        hzgsvd__mpi_pre_apply(&K->pre, H[2], K->X->planes, L);
        st = hzgsvd__gpu_local_z(&K->D, H[2], 1, info);
    }
    K->preconditioned = K->pre.z0 != NULL;
    hzgsvd__mpi_pre_free(&K->pre);
    return hzgsvd__mpi_agree(K->comm, st, info);
done:
    return st;
}
#endif

/* One outermost step's exchange: receives into R from the senders of step k + 1's slots, sends of
 * the transformed stripes by the map, wait.  Sends come from the device (CUDA-aware) or from W; a
 * rank whose engine failed (healthy: 0) sends W, so that a broken device cannot fail the send. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_exchange(hzgsvd__mpi_rank *K, const hzgsvd_mpi_layout *L, int k, int healthy, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int PL = K->X->planes, P = L->nranks, r = L->rank;
    MPI_Request req[4 * 3 * 2];
    int nreq = 0;
    (void)healthy;                  /* read only where device buffers can be sent (nvcc builds) */
    for (int o = 0; o < 2; ++o) {
        const int from = K->src[(k * P + r) * 2 + o];
        const int sender = from >= 0 ? from / 2 : -1;
        for (int y = 0; y < 3; ++y)
            for (int v = 0; v < PL; ++v)
                HZGSVD__MPI(MPI_Irecv(K->X->stripe(K->s, 1, y, v, o, L->stripe), L->stripe, K->col[y], sender,
                                      hzgsvd__mpi_tag(o, y, v, PL), K->comm, &req[nreq++]));
    }
    for (int o = 0; o < 2; ++o) {
        const int code = K->map[(k * P + r) * 2 + o];
        const int dest = (code < 0 ? -code : code) - 1, slot = code < 0 ? 0 : 1;
        for (int y = 0; y < 3; ++y)
            for (int v = 0; v < PL; ++v) {
                double *buf = K->X->stripe(K->s, 0, y, v, o, L->stripe);
#ifdef __CUDACC__
                if (K->gpu && K->cuda_aware && healthy) buf = hzgsvd__gpu_local_stripe(&K->D, y, v, o, L->stripe);
#endif
                HZGSVD__MPI(MPI_Isend(buf, L->stripe, K->col[y], dest, hzgsvd__mpi_tag(slot, y, v, PL), K->comm, &req[nreq++]));
            }
    }
    HZGSVD__MPI(MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE));
    return st;
done:
    /* a failed post: cancel nothing (MPI_ERRORS_RETURN leaves the requests valid), wait for those posted */
    MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
    return st;
}

/* The local sweeps of one outermost step (S: up to 30 for FB outermost blocking); a failure is
 * this rank's own (it keeps exchanging). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_local_sweeps(hzgsvd__mpi_rank *K, int S, int full, int sweep, unsigned long long cnt[2],
                                                      hzgsvd_info *info)
{
    hzgsvd_status local = HZGSVD_SUCCESS;
    if (K->gpu) {
#ifdef __CUDACC__
        local = hzgsvd__gpu_local_sweeps(&K->D, S, full, sweep, &cnt[0], &cnt[1], info);
#endif
        return local;
    }
    for (int c = 0; c < S && local == HZGSVD_SUCCESS; ++c) {
        unsigned long long a = 0, b = 0;
        local = K->X->cpu_sweep(K->s, full, K->cross, sweep, &a, &b, info);
        cnt[0] += a; cnt[1] += b;
        if (b == 0) break;
        if (c + 1 < S) K->X->rescale_z(K->s);
    }
    if (local == HZGSVD_SUCCESS) K->X->rescale_z(K->s);
    return local;
}

/* Algorithm 6: outermost sweeps of steps (local sweeps, then the exchange) until a sweep of no big
 * transformation on any rank.  A rank that fails keeps exchanging (no hang) and the sweep's
 * reduction stops all. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_iterate(hzgsvd__mpi_rank *K, const hzgsvd_mpi_layout *L, const hzgsvd_options *o, double t0,
                                                 hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS, local = HZGSVD_SUCCESS;
    const int S = o->outermost_blocking == HZGSVD_BLOCKING_FB ? 30 : 1, P = L->nranks;
    /* bytes one rank sends in one exchange: its two stripes of F, G and Z, every plane */
    const unsigned long long step_bytes = sizeof(double) * K->X->planes * 2ull * L->stripe
                                        * ((unsigned long long)L->rows_f + L->rows_g + L->n_bordered);
    unsigned long long exchanges = 0;
    double xsec = 0.0;              /* this rank's exchange time */
#ifdef __CUDACC__
    double *H[3][2];                /* GPU ranks: the host stripes of a transfer */
#endif
    const int base = K->base, budget = o->max_sweeps - base, kind = hzgsvd__mpi_start_kind(K, o);
    for (int sweep = 0; sweep < budget; ++sweep) {
        /* cnt: transformations (all, big), a failed rank, a rank's cancel flag (read at the sweep's end,
         * before the reduction that makes every rank stop at the same sweep) */
        unsigned long long cnt[4] = { 0, 0, 0, 0 }, tot[4];
        for (int k = 0; k < K->steps; ++k) {
            /* only the pairs between the two stripes, but all pairs of the two stripes (every
             * stripe's own pairs, once a sweep) in the last step (options.outermost_full: all in
             * every step) */
            const int full = k == K->steps - 1 || o->outermost_full;
            if (local == HZGSVD_SUCCESS) local = hzgsvd__mpi_local_sweeps(K, S, full, sweep, cnt, info);
            const double tx = hzgsvd__now();    /* this rank's sweeps of the step ended: the exchange from here */
            ++exchanges;
#ifdef __CUDACC__
            if (K->gpu && local == HZGSVD_SUCCESS && K->transport == HZGSVD_MPI_TRANSPORT_STAGED) {
                hzgsvd__mpi_host_planes(K, 0, H);
                local = hzgsvd__gpu_local_transfer(&K->D, H, 0, info);   /* the send staging */
            }
            if (K->gpu && K->transport == HZGSVD_MPI_TRANSPORT_IPC) {
                st = hzgsvd__mpi_ipc_exchange(&K->I, &K->D, K->src, k, L->stripe, K->comm, &local, info);
                if (st != HZGSVD_SUCCESS) return st;
                xsec += hzgsvd__now() - tx;
                continue;
            }
#endif
            st = hzgsvd__mpi_exchange(K, L, k, local == HZGSVD_SUCCESS, info);
            if (st != HZGSVD_SUCCESS) return st;       /* an MPI failure: the others fail too, or hang in MPI */
            if (K->gpu) {
#ifdef __CUDACC__
                if (local == HZGSVD_SUCCESS) {
                    hzgsvd__mpi_host_planes(K, 1, H);
                    local = hzgsvd__gpu_local_transfer(&K->D, H, 1, info);
                }
#endif
            } else {
                K->X->swap(K->s);
            }
            xsec += hzgsvd__now() - tx;
        }
        cnt[2] = local != HZGSVD_SUCCESS;
        cnt[3] = o->cancel != NULL && *o->cancel != 0;
        HZGSVD__MPI(MPI_Allreduce(cnt, tot, 4, MPI_UNSIGNED_LONG_LONG, MPI_SUM, K->comm));
        if (info) { info->sweeps = base + sweep + 1; info->all += tot[0]; info->big += tot[1]; }
        (void)hzgsvd__sweep_done(o, base + sweep + 1, tot[1], tot[0], t0, L->rank == 0);   /* its flag counts at the next sweep */
        if (tot[2]) return hzgsvd__mpi_agree(K->comm, local, info);
        if (hzgsvd__sweep_converged(sweep, tot[1], tot[0], K->preconditioned)) { K->converged = 1; break; }
        if (tot[3]) return hzgsvd__cancelled(info, base + sweep + 1);
        /* every rank alike: the counts are the reduced ones, the kind the same everywhere */
        if (hzgsvd__start_gives_way(kind, sweep, budget)) { K->gave_way = 1; break; }
    }
    HZGSVD__MPI(MPI_Allreduce(MPI_IN_PLACE, &xsec, 1, MPI_DOUBLE, MPI_MAX, K->comm));
    if (info) { info->mpi_exchange_seconds = xsec; info->mpi_bytes_moved = exchanges * P * step_bytes; }
done:
    return st;
}

/* The order of the whole result, the same on every rank: the real columns gathered in
 * column-position order, sorted by sigma descending (ties and no sorting: by the column position);
 * out_col[j] becomes local column j's output column (-1: a bordering column).  Also gathers the
 * input norms by input column for the rank test.  Collective. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_order(hzgsvd__mpi_rank *K, const hzgsvd_mpi_layout *L, int sort, int *out_col, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int P = L->nranks, r = L->rank, nc = L->n_local, nb = L->n_bordered, n = L->n, ws = L->stripe;
    const int *stripes = K->stripes;
    int nreal = 0;
    HZGSVD__MPI(MPI_Allgather(K->ss, nc, MPI_DOUBLE, K->all_ss, nc, MPI_DOUBLE, K->comm));
    HZGSVD__MPI(MPI_Allgather(out_col, nc, MPI_INT, K->all_real, nc, MPI_INT, K->comm));
    HZGSVD__MPI(MPI_Allgather(K->nfl, nc, MPI_DOUBLE, K->nf, nc, MPI_DOUBLE, K->comm));
    HZGSVD__MPI(MPI_Allgather(K->ngl, nc, MPI_DOUBLE, K->ng, nc, MPI_DOUBLE, K->comm));
    /* entry i = s nc + j of the gathered arrays: rank s, local column j, at column position
     * stripes(s) of the whole; the rank test needs the input norms by input column */
    {
        double *tmp = K->ngl + nc;                   /* 2 nb, allocated with aux: no failure here */
        for (int i = 0; i < nb; ++i) {
            const int s = i / nc, g = hzgsvd__mpi_column(stripes[2 * s], stripes[2 * s + 1], ws, i % nc);
            tmp[g] = K->nf[i]; tmp[nb + g] = K->ng[i];
        }
        memcpy(K->nf, tmp, sizeof(double) * (size_t)nb); memcpy(K->ng, tmp + nb, sizeof(double) * (size_t)nb);
    }
    for (int g = 0; g < 2 * P * ws; ++g) {          /* candidates in column-position order */
        const int s_p = g / ws, c = g % ws;
        int s = 0, j = 0;
        for (s = 0; s < P; ++s) {
            if (stripes[2 * s] == s_p) { j = c; break; }
            if (stripes[2 * s + 1] == s_p) { j = ws + c; break; }
        }
        if (K->all_real[s * nc + j]) { if (nreal < nb) K->order[nreal] = s * nc + j; ++nreal; }
    }
    if (nreal != n) return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "%d result columns free of bordering, expected %d", nreal, n);
    if (sort) hzgsvd__sort_desc(K->all_ss, K->order, n);
    for (int j = 0; j < nc; ++j) out_col[j] = -1;
    for (int c = 0; c < n; ++c)
        if (K->order[c] / nc == r) out_col[K->order[c] % nc] = c;
done:
    return st;
}

/* The rank test and the caller's arrays: every local column stored, the sigmas of the original pair
 * (range plan undone); the findings of the whole result into *out (the same on every rank: first
 * output column wins).  Collective. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_store(hzgsvd__mpi_rank *K, const hzgsvd_mpi_layout *L, double *F, int ldf, double *G, int ldg,
                                               double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma, const int *out_col,
                                               hzgsvd__outcome *out, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const hzgsvd__mpi_prec *X = K->X;
    const int nc = L->n_local, n = L->n;
    const double resolve = ldexp(1.0, -HZGSVD__RANGE_RESOLVE);
    const double *sf = K->sf, *sg = K->sg, *ss = K->ss;
    int deg_key = INT_MAX, key_out = INT_MAX, key_low = INT_MAX, keys[3], mins[3];
    /* keys (output column; first wins): [0] rank test, [1] a result outside the double range,
     * [2] a Sigma' below what the engine resolves.  Columns in parallel, each on its own. */
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(K->host_threads) reduction(min: deg_key, key_out, key_low)
#endif
    for (int j = 0; j < nc; ++j) {
        if (out_col[j] >= 0) {
            const int d = X->rank_test(K->s, j, n, L->m_f, L->m_g, K->nf, K->ng, sf, sg);
            if (d && out_col[j] * 4 + d < deg_key) deg_key = out_col[j] * 4 + d;
        }
        X->store_col(K->s, j, F, ldf, G, ldg, Z, ldz, L->m_f, L->m_g, n);
        double zm = 1.0;
        int ze = 0, out = 0;
        if (out_col[j] >= 0) {
            if ((sf[j] < resolve || sg[j] < resolve) && out_col[j] < key_low) key_low = out_col[j];
            out = X->range_sigma(&K->rg, sf[j], sg[j], ss[j], &sigma_f[j], &sigma_g[j], &sigma[j], &zm, &ze);
            if (K->rg.active) out |= X->range_z_col(Z + (size_t)X->planes * j * ldz, n, K->gsh, zm, ze);
            if (out && out_col[j] < key_out) key_out = out_col[j];
        } else {
            sigma_f[j] = sf[j]; sigma_g[j] = sg[j]; sigma[j] = ss[j];
        }
    }
    keys[0] = deg_key; keys[1] = key_out; keys[2] = key_low;
    HZGSVD__MPI(MPI_Allreduce(keys, mins, 3, MPI_INT, MPI_MIN, K->comm));
    if (mins[0] != INT_MAX) { out->degenerate = mins[0] % 4; out->degenerate_col = mins[0] / 4; }
    if (mins[2] != INT_MAX) out->unresolved_col = mins[2];
    if (mins[1] != INT_MAX) out->range_col = mins[1];
done:
    return st;
}

/* The end of the run as hooks of the one epilogue (hzgsvd__finish, templates/hzgsvd_finish.c): a
 * rank's run record and what the stages need.  Every hook is collective and returns a status every
 * rank holds (agreed, or ERR_MPI from an MPI call: then no agreement, as with every MPI failure). */
typedef struct hzgsvd__mpi_end {
    hzgsvd__mpi_rank *K;
    const hzgsvd_mpi_layout *L;
    const hzgsvd_options *o;
    double *F, *G, *Z, *sigma_f, *sigma_g, *sigma;
    int ldf, ldg, ldz;
    int *out_col;
    int stored;                     /* every rank stored its columns */
} hzgsvd__mpi_end;

/* The final rescale (GPU ranks: with the device's final norms); a degenerate column fails. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_end_rescale(void *run, hzgsvd_info *info)
{
    hzgsvd__mpi_end *E = (hzgsvd__mpi_end *)run;
    hzgsvd__mpi_rank *K = E->K;
    hzgsvd_status st = HZGSVD_SUCCESS;
    int bad = -1;
    if (K->gpu) {
#ifdef __CUDACC__
        double *H[3][2];
        hzgsvd__mpi_host_planes(K, 0, H);
        st = hzgsvd__gpu_local_final(&K->D, H, K->sf, K->sg, K->ss, &bad, info);
#endif
    } else {
        bad = K->X->final_rescale(K->s, K->sf, K->sg, K->ss);
    }
    if (st == HZGSVD_SUCCESS && bad >= 0)
        st = hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "column %d of the result is degenerate (sigma_f = %g, sigma_g = %g): F or G is not of full column rank",
                          hzgsvd_mpi_global_column(E->L, bad) + 1, K->sf[bad], K->sg[bad]);
    return hzgsvd__mpi_agree(K->comm, st, info);
}

/* options.refine_sigma as the refinement takes it: 1 after a start asked for by name (its small sigma
 * need it: out of memory is an error), else the option (-1: where every rank has the memory;
 * info.sigma_refined says whether it ran). */
HZGSVD_PRIVATE int hzgsvd__mpi_refine_want(const hzgsvd__mpi_rank *K, const hzgsvd_options *o)
{
    return K->preconditioned && hzgsvd__pre_named(o->precondition) && o->refine_sigma != 0 ? 1 : o->refine_sigma;
}

/* The real flags, sigma refined from the input (every rank), the order of the whole result. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_end_order(void *run, hzgsvd_info *info)
{
    hzgsvd__mpi_end *E = (hzgsvd__mpi_end *)run;
    hzgsvd__mpi_rank *K = E->K;
    const hzgsvd_mpi_layout *L = E->L;
    hzgsvd_status st;
    for (int j = 0; j < L->n_local; ++j) E->out_col[j] = K->X->real_column(K->s, j, L->n);   /* first the real flags, gathered; the output numbers below */
    if (K->gpu) {                   /* sigma from the input pair (docs/NUMERICS.md), before the order and the rank test use it */
#ifdef __CUDACC__
        int refined = 0;
        st = hzgsvd__mpi_gpu_refine(K->comm, &K->D, K->transport == HZGSVD_MPI_TRANSPORT_IPC ? &K->I : NULL, K->stripes, L->nranks,
                                    L->stripe, L->m_f, L->m_g, L->n, hzgsvd__mpi_refine_want(K, E->o), E->out_col, K->sf, K->sg, K->ss,
                                    &refined, info);
        if (st != HZGSVD_SUCCESS) return st;
        if (info) info->sigma_refined = refined;
#endif
    } else if (E->o->refine_sigma != 0) {   /* CPU ranks: from the whole input pair (a preconditioned start's small sigma need it) */
        int refined = 0;
        st = hzgsvd__mpi_cpu_refine(K->X, K->s, K->comm, L, K->stripes, E->F, E->ldf, E->G, E->ldg, &K->rg, K->gsh, E->out_col,
                                    hzgsvd__mpi_refine_want(K, E->o), K->host_threads, K->sf, K->sg, K->ss, &refined, info);
        if (st != HZGSVD_SUCCESS) return st;
        if (info) info->sigma_refined = refined;
    }
    st = hzgsvd__mpi_order(K, L, E->o->sort, E->out_col, info);
    return st == HZGSVD_ERR_MPI ? st : hzgsvd__mpi_agree(K->comm, st, info);
}

/* The caller's arrays, with the rank test of each column where it is stored. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_end_store(void *run, hzgsvd__outcome *out, hzgsvd_info *info)
{
    hzgsvd__mpi_end *E = (hzgsvd__mpi_end *)run;
    const hzgsvd_status st = hzgsvd__mpi_store(E->K, E->L, E->F, E->ldf, E->G, E->ldg, E->Z, E->ldz, E->sigma_f, E->sigma_g, E->sigma,
                                               E->out_col, out, info);
    E->stored = 1;
    return st;
}

/* The final rescale, sigma refined from the input, the order, the rank test and the
 * caller's arrays, through the one epilogue; no U/V check (no other route to offer).  *stored:
 * every rank stored its columns.  Collective. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_finish(hzgsvd__mpi_rank *K, const hzgsvd_mpi_layout *L, const hzgsvd_options *o, double *F, int ldf,
                                                double *G, int ldg, double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma,
                                                int *out_col, int *stored, hzgsvd_info *info)
{
    static const hzgsvd__finish_ops ops = {hzgsvd__mpi_end_rescale, hzgsvd__mpi_end_order, NULL, NULL, hzgsvd__mpi_end_store};
    hzgsvd__mpi_end E;
    memset(&E, 0, sizeof E);
    E.K = K; E.L = L; E.o = o; E.F = F; E.ldf = ldf; E.G = G; E.ldg = ldg; E.Z = Z; E.ldz = ldz;
    E.sigma_f = sigma_f; E.sigma_g = sigma_g; E.sigma = sigma; E.out_col = out_col;
    const hzgsvd_status st = hzgsvd__finish(&ops, &E, HZGSVD__DEFICIENT_REPORT, K->converged, o->max_sweeps, "outermost sweep", info);
    *stored = E.stored;
    /* the outcome is the same on every rank; agreeing on it words it as every agreed status is worded
     * (a stage that failed before the store agreed already) */
    return st == HZGSVD_ERR_MPI || !E.stored ? st : hzgsvd__mpi_agree(K->comm, st, info);
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_run_once(const hzgsvd__mpi_prec *X, MPI_Comm comm_in, const hzgsvd_mpi_layout *L, double *F,
                                                  int ldf, double *G, int ldg, double *Z, int ldz, double *sigma_f, double *sigma_g,
                                                  double *sigma, int *out_col, const hzgsvd_options *opt, double t0, int base, int *gave_way,
                                                  hzgsvd_info *info)
{
    /* the width as hzgsvd_mpi_layout_init chose it (a layout made otherwise fails its check below) */
    const hzgsvd_options o = hzgsvd__with_width(opt, L ? hzgsvd__mpi_default_width(L->device, L->n, L->nranks) : HZGSVD__CPU_BLOCK_WIDTH);
    hzgsvd_status st = HZGSVD_SUCCESS;
    hzgsvd__mpi_rank K;
    int part[3] = {0, INT_MIN, INT_MIN}, stored = 0;
    memset(&K, 0, sizeof K);
    K.X = X;
    K.base = base;
    K.comm = MPI_COMM_NULL;
    for (int y = 0; y < 3; ++y) K.col[y] = MPI_DATATYPE_NULL;
    hzgsvd__info_reset(info);
    if (comm_in == MPI_COMM_NULL) return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "the communicator is MPI_COMM_NULL");

    /* Local argument checks, then every rank agrees (a bad argument on one rank stops all). */
    st = hzgsvd__mpi_check_layout(comm_in, L, &o, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__check_args(L->m_f, L->m_g, L->n, F, ldf, G, ldg, Z, ldz, &o, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__mpi_pre_check(L->device == HZGSVD_MPI_DEVICE_GPU, &o, info);
    if (st == HZGSVD_SUCCESS && (!sigma_f || !sigma_g || !sigma || !out_col))
        st = hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "sigma_f, sigma_g, sigma and out_col must not be NULL (n_local entries each)");
    st = hzgsvd__mpi_agree(comm_in, st, info);
    if (st != HZGSVD_SUCCESS) return st;

    K.gpu = L->device == HZGSVD_MPI_DEVICE_GPU;
    if (info) { info->n_bordered = L->n_bordered; info->block_width = o.block_width; info->rank_l = L->n; }   /* full-rank pairs: K = 0, L = n */
    HZGSVD__MPI(MPI_Comm_dup(comm_in, &K.comm));
    HZGSVD__MPI(MPI_Comm_set_errhandler(K.comm, MPI_ERRORS_RETURN));
    K.host_threads = hzgsvd__mpi_host_threads(K.comm, &o);
    st = hzgsvd__mpi_plan(&K, L, &o, info);
    if (st != HZGSVD_SUCCESS) goto agree;

    /* The working stripes (host; the receive stripes once the transport is known), the load with checks. */
    if (X->mats_alloc(K.s, 0, L->rows_f, L->rows_g, L->n_bordered, L->n_local) != 0
        || (!K.gpu && X->mats_alloc(K.s, 1, L->rows_f, L->rows_g, L->n_bordered, L->n_local) != 0)) {
        st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the stripes (%d columns of %d + %d + %d rows%s)", L->n_local, L->rows_f,
                          L->rows_g, L->n_bordered, K.gpu ? "" : ", twice");
        goto agree;
    }
    st = hzgsvd__mpi_load(&K, L, F, ldf, G, ldg, part, info);
    /* (a rank that failed before the load meets this agreement at the label below) */
    st = hzgsvd__mpi_agree(K.comm, st, info);
    if (st != HZGSVD_SUCCESS) goto done;
    st = hzgsvd__mpi_range(&K, L, part, info);
    st = st == HZGSVD_ERR_MPI ? st : hzgsvd__mpi_agree(K.comm, st, info);   /* the stage is collective */
    if (st != HZGSVD_SUCCESS) goto done;
    if (!K.gpu)                     /* GPU ranks: once the transport is known (hzgsvd__mpi_gpu_start) */
        st = hzgsvd__mpi_precondition(X, K.s, K.comm, L, K.stripes, K.nfl, K.ngl, hzgsvd__mpi_pre_skip(&o, L->n, 0, 0), &o, &K.pre, info);
    if (st != HZGSVD_SUCCESS) goto done;                /* agreed, or ERR_MPI */
    st = hzgsvd__mpi_local_init(&K, L, &o, info);
agree:
    st = hzgsvd__mpi_agree(K.comm != MPI_COMM_NULL ? K.comm : comm_in, st, info);
    if (st != HZGSVD_SUCCESS) goto done;
#ifdef __CUDACC__
    if (K.gpu) {
        st = hzgsvd__mpi_transport(&K, L, info);
        if (st == HZGSVD_SUCCESS) st = hzgsvd__mpi_gpu_start(&K, L, &o, info);
        if (st != HZGSVD_SUCCESS) goto done;
    }
#endif
    st = hzgsvd__mpi_iterate(&K, L, &o, t0, info);
    *gave_way = st == HZGSVD_SUCCESS && K.gave_way;
    if (*gave_way) goto done;                           /* nothing written: hzgsvd__mpi_run starts again */
    if (st == HZGSVD_SUCCESS) st = hzgsvd__mpi_finish(&K, L, &o, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, out_col, &stored, info);
    /* every rank stored its columns unless some rank failed before (then the agreed status is that error) */
    if (info) info->outputs_written = stored && (st == HZGSVD_SUCCESS || st == HZGSVD_ERR_NO_CONVERGENCE || st == HZGSVD_ERR_RANK_DEFICIENT ||
                                                 st == HZGSVD_ERR_OUT_OF_RANGE);
done:
    hzgsvd__mpi_release(&K);
    if (info) {
        info->seconds = hzgsvd__now() - t0;
        if (st == HZGSVD_SUCCESS) snprintf(info->detail, sizeof info->detail, "converged in %d outermost sweeps on %d ranks", info->sweeps, L->nranks);
    }
    return st;
}

/* The run, and where a QR_EIG start gives way (hzgsvd__start_gives_way; every rank decides alike) the
 * run again from the caller's pair (not yet written) with QR_SVD on the remaining sweeps: info then
 * counts both runs' sweeps, transformations, exchanges and stages, and its note says why. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_run(const hzgsvd__mpi_prec *X, MPI_Comm comm_in, const hzgsvd_mpi_layout *L, double *F, int ldf,
                                             double *G, int ldg, double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma,
                                             int *out_col, const hzgsvd_options *opt, hzgsvd_info *info)
{
    const double t0 = hzgsvd__now();
    int gave_way = 0;
    hzgsvd_status st = hzgsvd__mpi_run_once(X, comm_in, L, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, out_col, opt, t0, 0, &gave_way, info);
    if (st != HZGSVD_SUCCESS || !gave_way) return st;
    hzgsvd_info first;
    hzgsvd_options o = opt ? *opt : hzgsvd_default_options();
    if (info) first = *info;
    o.precondition = HZGSVD_PRECONDITION_QR_SVD;
    st = hzgsvd__mpi_run_once(X, comm_in, L, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, out_col, &o, t0, HZGSVD__QR_EIG_SWEEPS, &gave_way,
                              info);
    if (info) {
        info->all += first.all; info->big += first.big;
        info->mpi_exchange_seconds += first.mpi_exchange_seconds; info->mpi_bytes_moved += first.mpi_bytes_moved;
        hzgsvd__pre_gave_way(info, first.precondition_seconds);
    }
    return st;
}
