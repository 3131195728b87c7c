/* The distributed engine's preconditioned start (options.precondition; docs/NUMERICS.md, "A
 * preconditioned start"): Z0 once, on rank 0, then the pair distributed as before.
 *
 * After the range plan every rank sends its columns of the working pair and their norms to rank 0,
 * which runs its engine's stage on the whole pair: CPU ranks the CPU engine's
 * (templates/hzgsvd_cpu_precondition.c, where HZGSVD_CPU_LAPACK is defined), GPU ranks the
 * single-GPU engine's on rank 0's device (templates/hzgsvd_gpu_precondition.cu).  Every rank then
 * gets its columns of F Z0, G Z0 and Z0; after initFGZ its Z columns become Z0 diag(z).  The
 * gathered pair is the one a single process would precondition (the range plan is global), so Z0
 * does not depend on the rank count.  Rank 0 holds the whole pair and the stage's scratch for the
 * stage's time; where that memory cannot be had AUTO takes the plain start and says so. */

/* One rank's part of the stage's outcome. */
typedef struct hzgsvd__mpi_pre {
    double *z0;                     /* this rank's columns of Z0 (n rows each, split planes: np n doubles per column); NULL: plain */
} hzgsvd__mpi_pre;

HZGSVD_PRIVATE void hzgsvd__mpi_pre_free(hzgsvd__mpi_pre *P)
{
    free(P->z0);
    P->z0 = NULL;
}

/* What rank 0 tells the others: the stage kept Z0 (kept) or the plain start; by_test: the note is
 * hzgsvd__pre_keep's (Z0 kept, or refused by the trust test), which every rank words alike. */
typedef struct hzgsvd__mpi_pre_verdict {
    int kept, by_test, kind;
    double growth;
} hzgsvd__mpi_pre_verdict;

/* The argument check (local): a preconditioner asked by name where the ranks' engine has none
 * (GPU ranks in a build without nvcc fail later, at their engine's start). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_pre_check(int gpu, const hzgsvd_options *o, hzgsvd_info *info)
{
#ifdef __CUDACC__
    if (gpu) return hzgsvd__gpu_pre_check(o, 0, info);
#else
    if (gpu) return HZGSVD_SUCCESS;
#endif
    return hzgsvd__cpu_pre_check(o, info);
}

/* Whether the stage runs (the same answer on every rank): NULL, or the plain start's note.  A
 * preconditioned start keeps full relative accuracy through sigma refined from the input pair
 * (docs/NUMERICS.md), so AUTO with refine_sigma = 0 is the plain start.  ipc: GPU ranks exchange
 * over CUDA IPC (the stage's device route, hzgsvd_mpi_gpu_precondition.cu); without it AUTO is the
 * plain start on GPU ranks (the route through the host measured slower).  CPU ranks: ignored. */
HZGSVD_PRIVATE const char *hzgsvd__mpi_pre_skip(const hzgsvd_options *o, int n, int gpu, int ipc)
{
    const int autom = o->precondition == HZGSVD_PRECONDITION_AUTO;
    const char *skip = NULL;
#ifdef __CUDACC__
    if (gpu) skip = hzgsvd__gpu_pre_skip(o, n, 0);
#else
    if (gpu) return "the plain start (this build of the distributed engine has no GPU engine)";
#endif
    if (!gpu) skip = hzgsvd__cpu_pre_skip(o, n);
    if (!skip && autom && o->refine_sigma == 0)
        return "the plain start (AUTO with options.refine_sigma = 0: a preconditioned start's small sigma need the refinement)";
    if (!skip && autom && gpu && !ipc)   /* docs/PERFORMANCE.md: 3.86 against 1.62 s at n = 4096 on 2 H100s */
        return "the plain start (AUTO on GPU ranks without CUDA IPC: the stage's route through the host is slower than the plain start)";
    return skip;
}

/* Local column j's F and G rows (planes) and its norms <-> packed column c (np (m_f + m_g) + 2
 * doubles); to_pack: W -> c, else c -> W (rows only). */
HZGSVD_PRIVATE void hzgsvd__mpi_pre_col(const hzgsvd__mpi_prec *X, void *s, const hzgsvd_mpi_layout *L, int j, double *c, int to_pack)
{
    const int np = X->planes, rows[2] = { L->m_f, L->m_g };
    for (int y = 0; y < 2; ++y)
        for (int v = 0; v < np; ++v) {
            double *w = X->stripe(s, 0, y, v, j, 1);
            if (to_pack) memcpy(c, w, sizeof(double) * (size_t)rows[y]);
            else memcpy(w, c, sizeof(double) * (size_t)rows[y]);
            c += rows[y];
        }
}

/* Rank 0's whole working pair (A: m_f x n and m_g x n, split planes) with its column norms <->
 * the packed columns of every rank (stripes: the ranks' stripe pairs; cw doubles per column, the
 * first np (m_f + m_g) the rows, then, gathering, the norms); bordering columns are skipped. */
HZGSVD_PRIVATE void hzgsvd__mpi_pre_whole(const hzgsvd__cpu_mats *A, double *nf, double *ng, const hzgsvd_mpi_layout *L, const int *stripes,
                                          double *packed, size_t cw, int gather)
{
    const int np = A->np, nc = L->n_local;
    double *const planes[2][2] = { { A->Fr, A->Fi }, { A->Gr, A->Gi } };
    const int rows[2] = { L->m_f, L->m_g };
    for (int r = 0; r < L->nranks; ++r)
        for (int j = 0; j < nc; ++j) {
            const int g = hzgsvd__mpi_column(stripes[2 * r], stripes[2 * r + 1], L->stripe, j);
            double *c = packed + ((size_t)r * nc + j) * cw;
            if (g >= L->n) continue;
            for (int y = 0; y < 2; ++y)
                for (int v = 0; v < np; ++v) {
                    double *a = planes[y][v] + (size_t)g * rows[y];
                    if (gather) memcpy(a, c, sizeof(double) * (size_t)rows[y]);
                    else memcpy(c, a, sizeof(double) * (size_t)rows[y]);
                    c += rows[y];
                }
            if (gather) { nf[g] = c[0]; ng[g] = c[1]; }
        }
}

#ifdef __CUDACC__
/* Rank 0 of GPU ranks: the single-GPU engine's stage on the whole pair A (host) on this rank's
 * device; where Z0 is kept, A <- F Z0, G Z0 and z0 (n x n, interleaved) <- Z0.  *kept as the
 * stage decided; info gets its fields (a stage's own failure: its status). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_pre_gpu(hzgsvd__cpu_mats *A, const double *nf, const double *ng, int m_f, int m_g, int n,
                                                 const hzgsvd_options *o, double *z0, int *kept, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int np = A->np;
    const size_t ef = (size_t)m_f * n, eg = (size_t)m_g * n;
    double *d = NULL, *d_nf = NULL, *d_ng = NULL, *const host[2][2] = { { A->Fr, A->Fi }, { A->Gr, A->Gi } };
    cudaStream_t stream = 0;
    hzgsvd__gpu_work M;
    hzgsvd__gpu_pre P;
    int reload = 0;
    memset(&M, 0, sizeof M);
    memset(&P, 0, sizeof P);
    *kept = 0;
    HZGSVD__CU(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    if (cudaMalloc((void **)&d, sizeof(double) * ((size_t)np * (ef + eg) + 2 * (size_t)n)) != cudaSuccess) {
        (void)cudaGetLastError();
        d = NULL;
        if (o->precondition != HZGSVD_PRECONDITION_AUTO)
            st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "rank 0's device has no room for the whole pair of the preconditioner");
        else if (info)
            info->precondition_note = "the plain start (no room on rank 0's device for the whole pair of the preconditioner)";
        goto done;
    }
    d_nf = d + (size_t)np * (ef + eg); d_ng = d_nf + n;
    for (int v = 0; v < np; ++v) { M.F[v] = d + (size_t)v * (ef + eg); M.G[v] = M.F[v] + ef; }
    M.mf = m_f; M.mg = m_g; M.n = n; M.nz = n;
    for (int v = 0; v < np; ++v) {
        HZGSVD__CU(cudaMemcpyAsync(M.F[v], host[0][v], sizeof(double) * ef, cudaMemcpyHostToDevice, stream));
        HZGSVD__CU(cudaMemcpyAsync(M.G[v], host[1][v], sizeof(double) * eg, cudaMemcpyHostToDevice, stream));
    }
    HZGSVD__CU(cudaMemcpyAsync(d_nf, nf, sizeof(double) * (size_t)n, cudaMemcpyHostToDevice, stream));
    HZGSVD__CU(cudaMemcpyAsync(d_ng, ng, sizeof(double) * (size_t)n, cudaMemcpyHostToDevice, stream));
    st = hzgsvd__gpu_precondition(&P, &M, np, m_f, m_g, n, d_nf, d_ng, o, hzgsvd__gpu_pre_kind(o), 0, 0, stream, &reload, info);
    if (st != HZGSVD_SUCCESS || !P.z0) goto done;
    for (int v = 0; v < np; ++v) {
        HZGSVD__CU(cudaMemcpyAsync(host[0][v], M.F[v], sizeof(double) * ef, cudaMemcpyDeviceToHost, stream));
        HZGSVD__CU(cudaMemcpyAsync(host[1][v], M.G[v], sizeof(double) * eg, cudaMemcpyDeviceToHost, stream));
    }
    HZGSVD__CU(cudaMemcpyAsync(z0, P.z0, sizeof(double) * np * (size_t)n * n, cudaMemcpyDeviceToHost, stream));
    HZGSVD__CU(cudaStreamSynchronize(stream));
    *kept = 1;
done:
    if (P.mem) hzgsvd__gpu_pre_free(&P);
    if (stream) { cudaStreamSynchronize(stream); cudaStreamDestroy(stream); }
    cudaFree(d);
    (void)cudaGetLastError();       /* nothing of the stage's errors may reach the local engine's checks */
    return st;
}
#endif

/* Rank 0, after its stage (ri: the stage's fields and message, st its status; V->kept set): the
 * verdict for the others and the caller's info. */
HZGSVD_PRIVATE void hzgsvd__mpi_pre_judge(const hzgsvd_info *ri, hzgsvd_status st, hzgsvd__mpi_pre_verdict *V, hzgsvd_info *info)
{
    V->kind = ri->preconditioner;
    V->growth = ri->precondition_growth;
    if (!V->kept) {                 /* the trust test's refusal is the one note the other ranks can word themselves */
        hzgsvd_info t;
        V->by_test = !hzgsvd__pre_keep(&t, HZGSVD_PRECONDITION_QR_EIG, NULL, V->growth, 0.0) && t.precondition_note == ri->precondition_note;
    } else {
        V->by_test = 1;
    }
    if (info) {
        info->preconditioner = ri->preconditioner;
        info->precondition_growth = ri->precondition_growth;
        info->precondition_note = ri->precondition_note;
        if (st != HZGSVD_SUCCESS) memcpy(info->detail, ri->detail, sizeof info->detail);
    }
}

/* Every rank, once the verdict is known: the info fields rank 0's stage did not set here. */
HZGSVD_PRIVATE void hzgsvd__mpi_pre_report(const hzgsvd_mpi_layout *L, const hzgsvd__mpi_pre_verdict *V, const hzgsvd_options *o, double t0,
                                           hzgsvd_info *info)
{
    if (!info) return;
    if (L->rank != 0 && V->by_test) (void)hzgsvd__pre_keep(info, V->kind != HZGSVD_PRECONDITION_NONE ? V->kind : o->precondition, NULL, V->growth, 0.0);
    else if (L->rank != 0) {
        info->preconditioner = HZGSVD_PRECONDITION_NONE;
        info->precondition_growth = V->growth;
        info->precondition_note = "the plain start (rank 0's preconditioner gave Z0 up: rank 0's info.precondition_note says why)";
    }
    info->precondition_seconds = hzgsvd__now() - t0;   /* this rank's time in the stage */
}

/* Rank 0: the stage of its engine on the whole pair A; the verdict for the others.  info gets the
 * stage's fields as the single-process engine sets them. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_pre_root(hzgsvd__cpu_mats *A, const double *nf, const double *ng, const hzgsvd_mpi_layout *L, int gpu,
                                                  const hzgsvd_options *o, double *z0, hzgsvd__mpi_pre_verdict *V, hzgsvd_info *info)
{
    hzgsvd_info ri;                 /* the stage's fields and message, whether or not the caller has an info */
    hzgsvd_status st = HZGSVD_SUCCESS;
    memset(&ri, 0, sizeof ri);
    memset(V, 0, sizeof *V);
    if (gpu) {
#ifdef __CUDACC__
        st = hzgsvd__mpi_pre_gpu(A, nf, ng, L->m_f, L->m_g, L->n, o, z0, &V->kept, &ri);
#endif
    } else {
        hzgsvd__cpu_pre P;
        int reload = 0;
        st = hzgsvd__cpu_precondition(&P, A, L->m_f, L->m_g, L->n, nf, ng, o, 0, &reload, &ri);
        if (st == HZGSVD_SUCCESS && P.z0) {
            memcpy(z0, P.z0, sizeof(double) * A->np * (size_t)L->n * L->n);
            V->kept = 1;
        }
        hzgsvd__cpu_pre_free(&P);
    }
    hzgsvd__mpi_pre_judge(&ri, st, V, info);
    return st;
}

/* The preconditioner's fields as every route sets them first, on every rank: the plain start, note. */
HZGSVD_PRIVATE void hzgsvd__mpi_pre_reset(hzgsvd_info *info, const char *note)
{
    if (!info) return;
    info->preconditioner = HZGSVD_PRECONDITION_NONE;
    info->precondition_seconds = info->precondition_growth = 0.0;
    info->precondition_note = note;
}

/* Whether every rank has the buffers of a route (ok: this rank's; collective): *all.  Where some
 * rank has not, AUTO takes the plain start (note), a kind by name fails with HZGSVD_ERR_OUT_OF_MEMORY
 * (what: the buffers, for the message), agreed.  Returns that status (HZGSVD_ERR_MPI: not agreed).
 * Both routes' (templates/hzgsvd_mpi_gpu_precondition.cu). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_pre_have(MPI_Comm comm, int ok, const hzgsvd_options *o, const char *what, const char *note, int *all,
                                                  hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    *all = 0;
    HZGSVD__MPI(MPI_Allreduce(&ok, all, 1, MPI_INT, MPI_MIN, comm));
    if (*all) return HZGSVD_SUCCESS;
    if (o->precondition != HZGSVD_PRECONDITION_AUTO)
        st = hzgsvd__mpi_agree(comm, ok ? HZGSVD_SUCCESS : hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "%s", what), info);
    if (info) info->precondition_note = note;
done:
    return st;
}

/* Every rank's buffers; *ok: all of them on this rank (rank 0: the whole pair, the packed columns
 * of all ranks, Z0). */
typedef struct hzgsvd__mpi_pre_bufs {
    double *loc, *all, *z0, *nf, *ng;
    hzgsvd__cpu_mats A;
} hzgsvd__mpi_pre_bufs;

HZGSVD_PRIVATE int hzgsvd__mpi_pre_alloc(hzgsvd__mpi_pre_bufs *B, hzgsvd__mpi_pre *P, const hzgsvd_mpi_layout *L, int np, size_t cw)
{
    const size_t nc = (size_t)L->n_local, n = (size_t)L->n;
    memset(B, 0, sizeof *B);
    B->loc = (double *)malloc(sizeof(double) * nc * cw);
    P->z0 = (double *)malloc(sizeof(double) * np * n * nc);
    int ok = B->loc && P->z0;
    if (L->rank == 0) {
        const size_t ef = (size_t)L->m_f * n, eg = (size_t)L->m_g * n;
        B->all = (double *)calloc((size_t)L->nranks * nc * cw, sizeof(double));   /* zeroed: the bordering columns travel too */
        B->z0 = (double *)malloc(sizeof(double) * (np * (ef + eg + n * n) + 2 * n));
        ok = ok && B->all && B->z0;
        if (B->z0) {
            hzgsvd__cpu_mats *A = &B->A;
            A->mf = L->m_f; A->mg = L->m_g; A->nz = A->nc = L->n; A->np = np;
            A->Fr = B->z0 + np * n * n; A->Gr = A->Fr + ef;
            A->Fi = np == 2 ? A->Gr + eg : NULL; A->Gi = np == 2 ? A->Fi + ef : NULL;
            B->nf = A->Fr + np * (ef + eg); B->ng = B->nf + n;
        }
    }
    return ok;
}

/* Rank 0's Z0 and whole pair to every rank's columns (cw = np (m_f + m_g + n) doubles each: the F
 * and G rows, then the Z0 column); on each rank into W's real columns and P->z0.  Collective. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_pre_scatter(const hzgsvd__mpi_prec *X, void *s, MPI_Comm comm, const hzgsvd_mpi_layout *L,
                                                     const int *stripes, hzgsvd__mpi_pre_bufs *B, hzgsvd__mpi_pre *P, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int np = X->planes, n = L->n, nc = L->n_local;
    const size_t cw = (size_t)np * ((size_t)L->m_f + L->m_g + n), rw = (size_t)np * ((size_t)L->m_f + L->m_g);
    MPI_Datatype t = MPI_DATATYPE_NULL;
    if (L->rank == 0) {
        hzgsvd__mpi_pre_whole(&B->A, NULL, NULL, L, stripes, B->all, cw, 0);
        for (int r = 0; r < L->nranks; ++r)
            for (int j = 0; j < nc; ++j) {
                const int g = hzgsvd__mpi_column(stripes[2 * r], stripes[2 * r + 1], L->stripe, j);
                double *c = B->all + ((size_t)r * nc + j) * cw + rw;
                for (int v = 0; v < np; ++v)
                    for (int i = 0; i < n; ++i) c[(size_t)v * n + i] = g < n ? B->z0[((size_t)i + (size_t)g * n) * np + v] : 0.0;
            }
    }
    HZGSVD__MPI(MPI_Type_contiguous((int)cw, MPI_DOUBLE, &t));
    HZGSVD__MPI(MPI_Type_commit(&t));
    HZGSVD__MPI(MPI_Scatter(B->all, nc, t, B->loc, nc, t, 0, comm));
    for (int j = 0; j < nc; ++j) {
        if (hzgsvd_mpi_global_column(L, j) >= n) continue;
        hzgsvd__mpi_pre_col(X, s, L, j, B->loc + (size_t)j * cw, 0);
        memcpy(P->z0 + (size_t)j * np * n, B->loc + (size_t)j * cw + rw, sizeof(double) * np * (size_t)n);
    }
done:
    if (t != MPI_DATATYPE_NULL) MPI_Type_free(&t);
    return st;
}

/* The rank's columns and norms to rank 0 (cw doubles each).  Collective. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_pre_gather(const hzgsvd__mpi_prec *X, void *s, MPI_Comm comm, const hzgsvd_mpi_layout *L,
                                                    const int *stripes, const double *nfl, const double *ngl, hzgsvd__mpi_pre_bufs *B,
                                                    hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int nc = L->n_local;
    const size_t cw = (size_t)X->planes * ((size_t)L->m_f + L->m_g) + 2;
    MPI_Datatype t = MPI_DATATYPE_NULL;
    for (int j = 0; j < nc; ++j) {
        double *c = B->loc + (size_t)j * cw;
        hzgsvd__mpi_pre_col(X, s, L, j, c, 1);
        c[cw - 2] = nfl[j]; c[cw - 1] = ngl[j];
    }
    HZGSVD__MPI(MPI_Type_contiguous((int)cw, MPI_DOUBLE, &t));
    HZGSVD__MPI(MPI_Type_commit(&t));
    HZGSVD__MPI(MPI_Gather(B->loc, nc, t, B->all, nc, t, 0, comm));
    if (L->rank == 0) hzgsvd__mpi_pre_whole(&B->A, B->nf, B->ng, L, stripes, B->all, cw, 1);
done:
    if (t != MPI_DATATYPE_NULL) MPI_Type_free(&t);
    return st;
}

/* The stage's route through the host (collective; after the range plan, before initFGZ; GPU ranks
 * without CUDA IPC: after their device stripes and the refinement's input were loaded, which the
 * caller then loads again from W): on success with P->z0 set W's real columns hold this rank's
 * columns of F Z0 and G Z0.  skip: hzgsvd__mpi_pre_skip's answer (or the caller's), the same on
 * every rank.
 * s: the rank's state (W loaded and range-scaled), stripes: every rank's stripe pair, nfl, ngl:
 * the local columns' norms.  info's preconditioner fields are set on every rank (rank 0's note
 * where it gave Z0 up for a reason of its own is its alone; the others say so). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_precondition(const hzgsvd__mpi_prec *X, void *s, MPI_Comm comm, const hzgsvd_mpi_layout *L,
                                                      const int *stripes, const double *nfl, const double *ngl, const char *skip,
                                                      const hzgsvd_options *o, hzgsvd__mpi_pre *P, hzgsvd_info *info)
{
    const double t0 = hzgsvd__now();
    const int np = X->planes, n = L->n, gpu = L->device == HZGSVD_MPI_DEVICE_GPU;
    const size_t cw_g = (size_t)np * ((size_t)L->m_f + L->m_g) + 2, cw_s = (size_t)np * ((size_t)L->m_f + L->m_g + n);
    hzgsvd_status st = HZGSVD_SUCCESS;
    hzgsvd__mpi_pre_bufs B;
    hzgsvd__mpi_pre_verdict V;
    memset(P, 0, sizeof *P);
    memset(&B, 0, sizeof B);
    memset(&V, 0, sizeof V);
    hzgsvd__mpi_pre_reset(info, skip ? skip : "the plain start (the preconditioner failed: info.detail says why)");
    if (skip) return HZGSVD_SUCCESS;
    /* (a column of the MPI types below is one int count of doubles) */
    const int ok = (cw_g > cw_s ? cw_g : cw_s) <= INT_MAX && hzgsvd__mpi_pre_alloc(&B, P, L, np, cw_g > cw_s ? cw_g : cw_s);
    int all = 0;
    st = hzgsvd__mpi_pre_have(comm, ok, o, "the preconditioner's host buffers (rank 0: the whole pair; a column under INT_MAX doubles)",
                              "the plain start (no host memory for the preconditioner's buffers on some rank)", &all, info);
    if (!all) goto done;
    st = hzgsvd__mpi_pre_gather(X, s, comm, L, stripes, nfl, ngl, &B, info);
    if (st != HZGSVD_SUCCESS) goto done;                /* an MPI failure: no agreement */
    if (L->rank == 0) st = hzgsvd__mpi_pre_root(&B.A, B.nf, B.ng, L, gpu, o, B.z0, &V, info);
    st = hzgsvd__mpi_agree(comm, st, info);
    if (st != HZGSVD_SUCCESS) goto done;
    HZGSVD__MPI(MPI_Bcast(&V, (int)sizeof V, MPI_BYTE, 0, comm));
    if (V.kept) {
        st = hzgsvd__mpi_pre_scatter(X, s, comm, L, stripes, &B, P, info);
        if (st != HZGSVD_SUCCESS) goto done;
    }
    hzgsvd__mpi_pre_report(L, &V, o, t0, info);
done:
    free(B.loc); free(B.all); free(B.z0);
    if (st != HZGSVD_SUCCESS || !V.kept) hzgsvd__mpi_pre_free(P);
    return st;
}

/* After initFGZ (Z = diag(z) on the logical rows, zero elsewhere): Z(0:n, j) <- Z0(:, g_j) z_j for
 * every local real column j (g_j its column of the whole).  Zp: the local Z planes, nz rows. */
HZGSVD_PRIVATE void hzgsvd__mpi_pre_apply(const hzgsvd__mpi_pre *P, double *const Zp[2], int np, const hzgsvd_mpi_layout *L)
{
    const int n = L->n, nz = L->n_bordered;
    for (int j = 0; j < L->n_local; ++j) {
        const int g = hzgsvd_mpi_global_column(L, j);
        if (g >= n) continue;
        const double z = Zp[0][(size_t)g + (size_t)j * nz];
        for (int v = 0; v < np; ++v)
            for (int i = 0; i < n; ++i) Zp[v][(size_t)i + (size_t)j * nz] = P->z0[((size_t)j * np + v) * n + i] * z;
    }
}
