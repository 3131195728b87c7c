/* What the distributed engine shares across precisions: MPI error handling, the agreement of all
 * ranks on one status, the layout of a run, the message tags, CUDA-awareness. */
#include <limits.h>
#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h>                /* MPIX_CUDA_AWARE_SUPPORT, MPIX_Query_cuda_support */
#endif

/* An MPI call whose failure becomes HZGSVD_ERR_MPI (needs st, info and a label done). */
#define HZGSVD__MPI(call)                                                                             \
    do {                                                                                              \
        const int e_ = (call);                                                                        \
        if (e_ != MPI_SUCCESS) {                                                                      \
            char s_[MPI_MAX_ERROR_STRING]; int l_ = 0;                                                \
            s_[0] = '\0'; MPI_Error_string(e_, s_, &l_);                                              \
            st = hzgsvd__fail(info, HZGSVD_ERR_MPI, "%s failed: %s", #call, s_);                     \
            goto done;                                                                                \
        }                                                                                             \
    } while (0)

/* The status every rank returns (collective): that of the lowest rank that failed, with its
 * message, else success.  A rank whose own MPI calls fail here keeps a local HZGSVD_ERR_MPI. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_agree(MPI_Comm comm, hzgsvd_status st, hzgsvd_info *info)
{
    int rank = 0, key, first;
    struct { int status; char detail[sizeof(((hzgsvd_info *)0)->detail)]; } msg;
    if (MPI_Comm_rank(comm, &rank) != MPI_SUCCESS) return hzgsvd__fail(info, HZGSVD_ERR_MPI, "MPI_Comm_rank failed");
    key = (st == HZGSVD_SUCCESS) ? INT_MAX : rank;
    if (MPI_Allreduce(&key, &first, 1, MPI_INT, MPI_MIN, comm) != MPI_SUCCESS)
        return hzgsvd__fail(info, HZGSVD_ERR_MPI, "MPI_Allreduce (agreeing on a status) failed");
    if (first == INT_MAX) return HZGSVD_SUCCESS;
    memset(&msg, 0, sizeof msg);
    msg.status = (int)st;
    if (info) memcpy(msg.detail, info->detail, sizeof msg.detail);
    if (MPI_Bcast(&msg, (int)sizeof msg, MPI_BYTE, first, comm) != MPI_SUCCESS)
        return hzgsvd__fail(info, HZGSVD_ERR_MPI, "MPI_Bcast (agreeing on a status) failed");
    msg.detail[sizeof msg.detail - 1] = '\0';
    if (first != rank) hzgsvd__fail(info, (hzgsvd_status)msg.status, "rank %d: %s", first, msg.detail);
    return (hzgsvd_status)msg.status;
}

/* This rank's rank and the rank count among the ranks of comm on its node (MPI_COMM_TYPE_SHARED;
 * collective).  Returns 0, or -1 where MPI fails (then neither is set). */
HZGSVD_PRIVATE int hzgsvd__mpi_node(MPI_Comm comm, int *rank_on_node, int *ranks_on_node)
{
    MPI_Comm node = MPI_COMM_NULL;
    int r = 0, n = 0;
    if (MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node) != MPI_SUCCESS) return -1;
    const int ok = MPI_Comm_rank(node, &r) == MPI_SUCCESS && MPI_Comm_size(node, &n) == MPI_SUCCESS && n >= 1;
    MPI_Comm_free(&node);
    if (!ok) return -1;
    if (rank_on_node) *rank_on_node = r;
    if (ranks_on_node) *ranks_on_node = n;
    return 0;
}

/* Threads for a rank's host loops over its columns (loading, range scaling, the rank test, storing
 * the results): options.threads where set, else the OpenMP default shared by the ranks of the node
 * (collective: MPI_Comm_split_type; a failure there only leaves the default whole).  Every such
 * loop treats each column alone, so the results do not depend on the count. */
HZGSVD_PRIVATE int hzgsvd__mpi_host_threads(MPI_Comm comm, const hzgsvd_options *o)
{
#ifdef _OPENMP
    int t = omp_get_max_threads(), on_node = 1;
    if (hzgsvd__mpi_node(comm, NULL, &on_node) != 0) on_node = 1;
    if (o->threads > 0) return o->threads;
    t /= on_node;
    return t > 0 ? t : 1;
#else
    (void)comm; (void)o;
    return 1;
#endif
}

/* Whether device buffers may be handed to MPI directly: a CUDA-aware MPI (asked at run time where
 * the MPI can tell). */
HZGSVD_PRIVATE int hzgsvd__mpi_cuda_aware(void)
{
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
    return MPIX_Query_cuda_support() == 1;
#else
    return 0;
#endif
}

/* The transport the environment asks for: HZGSVD_MPI_TRANSPORT = staged, mpi or ipc (a
 * HZGSVD_MPI_TRANSPORT_* value), unset or empty 0 (the engine's choice: IPC where every rank can,
 * else a CUDA-aware MPI, else staged); HZGSVD_MPI_STAGE=1 (older) means staged; -1 for anything else. */
HZGSVD_PRIVATE int hzgsvd__mpi_transport_wanted(void)
{
    const char *t = getenv("HZGSVD_MPI_TRANSPORT"), *stage = getenv("HZGSVD_MPI_STAGE");
    if (t == NULL || *t == '\0') return stage && strcmp(stage, "1") == 0 ? HZGSVD_MPI_TRANSPORT_STAGED : 0;
    if (strcmp(t, "staged") == 0) return HZGSVD_MPI_TRANSPORT_STAGED;
    if (strcmp(t, "mpi") == 0) return HZGSVD_MPI_TRANSPORT_MPI;
    if (strcmp(t, "ipc") == 0) return HZGSVD_MPI_TRANSPORT_IPC;
    return -1;
}

HZGSVD_PRIVATE const char *hzgsvd__mpi_transport_name(int t)
{
    return t == HZGSVD_MPI_TRANSPORT_STAGED ? "staged" : t == HZGSVD_MPI_TRANSPORT_MPI ? "mpi" : t == HZGSVD_MPI_TRANSPORT_IPC ? "ipc" : "none";
}

/* Tag of a stripe message: which slot o of the receiver (0, 1), which matrix y (F, G, Z) and which
 * plane v (real, imaginary); 1..12 as in the paper's Algorithm 2. */
HZGSVD_PRIVATE int hzgsvd__mpi_tag(int o, int y, int v, int planes) { return 1 + (o * 3 + y) * planes + v; }

/* The block width of a distributed run when the options leave it to the engine: CPU ranks the CPU
 * engine's; a GPU rank holds about n / P columns and steps through as many block pairs per outermost
 * sweep as one GPU does on n (the stripes' pairs, then those between them), so the single-GPU choice
 * for n / P columns is the one with the same trade-off between a step's width and its latency
 * (w = 32 from n / P = 2049 on: n = 8192 complex on 2 ranks sharing an H100 ran 1.30 times faster
 * with w = 32 than with 16; docs/PERFORMANCE.md). */
HZGSVD_PRIVATE int hzgsvd__mpi_default_width(hzgsvd_mpi_device device, int n, int nranks)
{
    return device == HZGSVD_MPI_DEVICE_GPU && nranks > 0 ? hzgsvd__gpu_default_width((n + nranks - 1) / nranks) : HZGSVD__CPU_BLOCK_WIDTH;
}

HZGSVD_API hzgsvd_status hzgsvd_mpi_layout_init(MPI_Comm comm, hzgsvd_mpi_device device, int m_f, int m_g, int n,
                                                const hzgsvd_options *opt, hzgsvd_mpi_layout *L)
{
    hzgsvd_status st;
    int size = 0, rank = 0;
    if (!L) return HZGSVD_ERR_INVALID_ARGUMENT;
    memset(L, 0, sizeof *L);
    if (comm == MPI_COMM_NULL) return HZGSVD_ERR_INVALID_ARGUMENT;
    if (MPI_Comm_size(comm, &size) != MPI_SUCCESS || MPI_Comm_rank(comm, &rank) != MPI_SUCCESS) return HZGSVD_ERR_MPI;
    const hzgsvd_options o = hzgsvd__with_width(opt, hzgsvd__mpi_default_width(device, n, size));
    st = hzgsvd__check_args(m_f, m_g, n, L, m_f, L, m_g, L, n, &o, NULL);   /* L: a stand-in non-NULL array */
    if (st != HZGSVD_SUCCESS) return st;
    if (device != HZGSVD_MPI_DEVICE_CPU && device != HZGSVD_MPI_DEVICE_GPU) return HZGSVD_ERR_INVALID_ARGUMENT;
#ifndef __CUDACC__
    if (device == HZGSVD_MPI_DEVICE_GPU) return HZGSVD_ERR_NO_DEVICE;
#endif
    if (device == HZGSVD_MPI_DEVICE_GPU && !hzgsvd__gpu_width_ok(o.block_width)) return HZGSVD_ERR_INVALID_ARGUMENT;
    if (hzgsvd_mpi_steps(o.outermost, size) < 1) return HZGSVD_ERR_INVALID_ARGUMENT;
    const long unit = 2L * o.block_width * size;
    const long nb = ((n + unit - 1) / unit) * unit;
    const long extra = nb - n;
    long rf = m_f + extra, rg = m_g + extra;
    if (device == HZGSVD_MPI_DEVICE_GPU) { rf = ((rf + 63) / 64) * 64; rg = ((rg + 63) / 64) * 64; }
    if (nb > INT_MAX || rf > INT_MAX || rg > INT_MAX) return HZGSVD_ERR_INVALID_ARGUMENT;
    L->nranks = size; L->rank = rank; L->device = device;
    L->m_f = m_f; L->m_g = m_g; L->n = n;
    L->n_bordered = (int)nb; L->stripe = (int)(nb / (2 * size)); L->n_local = 2 * L->stripe;
    L->rows_f = (int)rf; L->rows_g = (int)rg;
    L->outermost = o.outermost; L->block_width = o.block_width;
    /* the GPU kernels index a matrix with int row*column products */
    if (device == HZGSVD_MPI_DEVICE_GPU && ((double)rf * L->n_local > 2147483647.0 || (double)nb * L->n_local > 2147483647.0))
        return HZGSVD_ERR_INVALID_ARGUMENT;
    return hzgsvd_mpi_initial_stripes(o.outermost, size, rank, &L->p, &L->q);
}

/* The column of the whole pair at local column j of a rank holding stripes p and q (width ws). */
HZGSVD_PRIVATE int hzgsvd__mpi_column(int p, int q, int ws, int j) { return j < ws ? p * ws + j : q * ws + j - ws; }

HZGSVD_API int hzgsvd_mpi_global_column(const hzgsvd_mpi_layout *L, int j)
{
    return hzgsvd__mpi_column(L->p, L->q, L->stripe, j);
}

/* The stripes (p, q) of every rank at step 0, as 2 nranks ints: the first step of the table. */
HZGSVD_PRIVATE int hzgsvd__mpi_all_stripes(hzgsvd_strategy outermost, int nranks, int *pq)
{
    const int steps = hzgsvd_mpi_steps(outermost, nranks);
    if (steps < 1) return -1;
    int *pairs = (int *)malloc(sizeof(int) * (size_t)steps * 2 * nranks);
    if (!pairs) return -1;
    const int rc = hzgsvd__strategy_fill(outermost, 2 * nranks, pairs);
    if (rc == 0) memcpy(pq, pairs, sizeof(int) * 2 * (size_t)nranks);
    free(pairs);
    return rc == 0 ? 0 : -1;
}

/* Whether L is what hzgsvd_mpi_layout_init gives for this rank of comm and these options. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_check_layout(MPI_Comm comm, const hzgsvd_mpi_layout *L, const hzgsvd_options *o,
                                                      hzgsvd_info *info)
{
    hzgsvd_mpi_layout K;
    if (!L) return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "the layout L is NULL");
    const hzgsvd_status st = hzgsvd_mpi_layout_init(comm, L->device, L->m_f, L->m_g, L->n, o, &K);
    if (st != HZGSVD_SUCCESS)
        return hzgsvd__fail(info, st, "the layout's problem is not valid (m_f = %d, m_g = %d, n = %d): %s",
                            L->m_f, L->m_g, L->n, hzgsvd_status_string(st));
    if (memcmp(&K, L, sizeof K) != 0)
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT,
                            "the layout does not match this communicator and these options (make it with hzgsvd_mpi_layout_init)");
    return HZGSVD_SUCCESS;
}

HZGSVD_API hzgsvd_status hzgsvd_mpi_select_gpu(MPI_Comm comm, int *device_ordinal)
{
#ifdef __CUDACC__
    int local = 0, count = 0;
    if (hzgsvd__mpi_node(comm, &local, NULL) != 0) return HZGSVD_ERR_MPI;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) { (void)cudaGetLastError(); return HZGSVD_ERR_NO_DEVICE; }
    if (cudaSetDevice(local % count) != cudaSuccess) { (void)cudaGetLastError(); return HZGSVD_ERR_CUDA; }
    if (device_ordinal) *device_ordinal = local % count;
    return HZGSVD_SUCCESS;
#else
    (void)comm; (void)device_ordinal;
    return HZGSVD_ERR_NO_DEVICE;
#endif
}

/* ---- Distribution of a whole pair from one rank and collection of the result (planes: 1 real,
 * 2 complex interleaved) ---------------------------------------------------------------------- */

/* A strided block of `cols` columns of `rows` elements (ld in elements) as one MPI datatype. */
HZGSVD_PRIVATE int hzgsvd__mpi_block_type(int planes, int rows, int cols, int ld, MPI_Datatype *t)
{
    int e = MPI_Type_vector(cols, planes * rows, planes * ld, MPI_DOUBLE, t);
    if (e == MPI_SUCCESS) e = MPI_Type_commit(t);
    return e;
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_scatter(int planes, MPI_Comm comm, int root, const hzgsvd_mpi_layout *L, const double *F, int ldf,
                                                 const double *G, int ldg, double *F_loc, int ldfl, double *G_loc, int ldgl)
                                                 {
    hzgsvd_status st = HZGSVD_SUCCESS;
    hzgsvd_info inf, *info = &inf;
    int size = 0, rank = 0, *pq = NULL;
    double *buf = NULL;
    MPI_Datatype tf = MPI_DATATYPE_NULL, tg = MPI_DATATYPE_NULL, pf = MPI_DATATYPE_NULL, pg = MPI_DATATYPE_NULL;
    hzgsvd__info_reset(info);
    if (comm == MPI_COMM_NULL || !L) return HZGSVD_ERR_INVALID_ARGUMENT;
    HZGSVD__MPI(MPI_Comm_size(comm, &size));
    HZGSVD__MPI(MPI_Comm_rank(comm, &rank));
    if (root < 0 || root >= size || L->nranks != size || L->rank != rank || !F_loc || !G_loc || ldfl < L->m_f || ldgl < L->m_g)
        st = HZGSVD_ERR_INVALID_ARGUMENT;
    else if (rank == root && (!F || !G || ldf < L->m_f || ldg < L->m_g))
        st = HZGSVD_ERR_INVALID_ARGUMENT;
    if (st == HZGSVD_SUCCESS) {
        pq = (int *)malloc(sizeof(int) * 2 * (size_t)size);
        buf = rank == root ? (double *)malloc(sizeof(double) * planes * ((size_t)L->m_f + L->m_g) * L->n_local) : NULL;
        if (!pq || (rank == root && !buf)) st = HZGSVD_ERR_OUT_OF_MEMORY;
        else if (hzgsvd__mpi_all_stripes(L->outermost, size, pq) != 0) st = HZGSVD_ERR_INTERNAL;
    }
    st = hzgsvd__mpi_agree(comm, st, info);
    if (st != HZGSVD_SUCCESS) goto done;
    HZGSVD__MPI(hzgsvd__mpi_block_type(planes, L->m_f, L->n_local, ldfl, &tf));
    HZGSVD__MPI(hzgsvd__mpi_block_type(planes, L->m_g, L->n_local, ldgl, &tg));
    HZGSVD__MPI(hzgsvd__mpi_block_type(planes, L->m_f, L->n_local, L->m_f, &pf));
    HZGSVD__MPI(hzgsvd__mpi_block_type(planes, L->m_g, L->n_local, L->m_g, &pg));
    if (rank == root) {
        /* pack each rank's columns (zero past n) and send; rank root's own copy is a local message */
        double *bf = buf, *bg = buf + (size_t)planes * L->m_f * L->n_local;
        for (int s = 0; s < size; ++s) {
            for (int j = 0; j < L->n_local; ++j) {
                const int g = hzgsvd__mpi_column(pq[2 * s], pq[2 * s + 1], L->stripe, j);
                for (int i = 0; i < planes * L->m_f; ++i) bf[(size_t)planes * L->m_f * j + i] = g < L->n ? F[(size_t)planes * ldf * g + i] : 0.0;
                for (int i = 0; i < planes * L->m_g; ++i) bg[(size_t)planes * L->m_g * j + i] = g < L->n ? G[(size_t)planes * ldg * g + i] : 0.0;
            }
            if (s == root) {
                HZGSVD__MPI(MPI_Sendrecv(bf, 1, pf, root, 1, F_loc, 1, tf, root, 1, comm, MPI_STATUS_IGNORE));
                HZGSVD__MPI(MPI_Sendrecv(bg, 1, pg, root, 2, G_loc, 1, tg, root, 2, comm, MPI_STATUS_IGNORE));
            } else {
                HZGSVD__MPI(MPI_Send(bf, 1, pf, s, 1, comm));
                HZGSVD__MPI(MPI_Send(bg, 1, pg, s, 2, comm));
            }
        }
    } else {
        HZGSVD__MPI(MPI_Recv(F_loc, 1, tf, root, 1, comm, MPI_STATUS_IGNORE));
        HZGSVD__MPI(MPI_Recv(G_loc, 1, tg, root, 2, comm, MPI_STATUS_IGNORE));
    }
done:
    if (tf != MPI_DATATYPE_NULL) MPI_Type_free(&tf);
    if (tg != MPI_DATATYPE_NULL) MPI_Type_free(&tg);
    if (pf != MPI_DATATYPE_NULL) MPI_Type_free(&pf);
    if (pg != MPI_DATATYPE_NULL) MPI_Type_free(&pg);
    free(pq); free(buf);
    return st;
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_gather(int planes, MPI_Comm comm, int root, const hzgsvd_mpi_layout *L,
                                                const double *F_loc, int ldfl, const double *G_loc, int ldgl, const double *Z_loc, int ldzl,
                                                const double *sf_loc, const double *sg_loc, const double *s_loc, const int *out_col,
                                                double *U, int ldu, double *V, int ldv, double *Z, int ldz,
                                                double *sigma_f, double *sigma_g, double *sigma)
                                                {
    hzgsvd_status st = HZGSVD_SUCCESS;
    hzgsvd_info inf, *info = &inf;
    int size = 0, rank = 0;
    double *buf = NULL;
    int *cols = NULL;
    MPI_Datatype tf = MPI_DATATYPE_NULL, tg = MPI_DATATYPE_NULL, tz = MPI_DATATYPE_NULL;
    MPI_Datatype pf = MPI_DATATYPE_NULL, pg = MPI_DATATYPE_NULL, pz = MPI_DATATYPE_NULL;
    hzgsvd__info_reset(info);
    if (comm == MPI_COMM_NULL || !L) return HZGSVD_ERR_INVALID_ARGUMENT;
    HZGSVD__MPI(MPI_Comm_size(comm, &size));
    HZGSVD__MPI(MPI_Comm_rank(comm, &rank));
    {
        const int nc = L->n_local;
        if (root < 0 || root >= size || L->nranks != size || L->rank != rank || !F_loc || !G_loc || !Z_loc || !sf_loc || !sg_loc
            || !s_loc || !out_col || ldfl < L->m_f || ldgl < L->m_g || ldzl < L->n)
            st = HZGSVD_ERR_INVALID_ARGUMENT;
        else if (rank == root && (!U || !V || !Z || !sigma_f || !sigma_g || !sigma || ldu < L->m_f || ldv < L->m_g || ldz < L->n))
            st = HZGSVD_ERR_INVALID_ARGUMENT;
        if (st == HZGSVD_SUCCESS && rank == root) {
            buf = (double *)malloc(sizeof(double) * (planes * ((size_t)L->m_f + L->m_g + L->n) + 3) * nc);
            cols = (int *)malloc(sizeof(int) * (size_t)nc);
            if (!buf || !cols) st = HZGSVD_ERR_OUT_OF_MEMORY;
        }
        st = hzgsvd__mpi_agree(comm, st, info);
        if (st != HZGSVD_SUCCESS) goto done;
        HZGSVD__MPI(hzgsvd__mpi_block_type(planes, L->m_f, nc, ldfl, &tf));
        HZGSVD__MPI(hzgsvd__mpi_block_type(planes, L->m_g, nc, ldgl, &tg));
        HZGSVD__MPI(hzgsvd__mpi_block_type(planes, L->n, nc, ldzl, &tz));
        HZGSVD__MPI(hzgsvd__mpi_block_type(planes, L->m_f, nc, L->m_f, &pf));
        HZGSVD__MPI(hzgsvd__mpi_block_type(planes, L->m_g, nc, L->m_g, &pg));
        HZGSVD__MPI(hzgsvd__mpi_block_type(planes, L->n, nc, L->n, &pz));
        if (rank != root) {
            HZGSVD__MPI(MPI_Send(F_loc, 1, tf, root, 11, comm));
            HZGSVD__MPI(MPI_Send(G_loc, 1, tg, root, 12, comm));
            HZGSVD__MPI(MPI_Send(Z_loc, 1, tz, root, 13, comm));
            HZGSVD__MPI(MPI_Send(sf_loc, nc, MPI_DOUBLE, root, 14, comm));
            HZGSVD__MPI(MPI_Send(sg_loc, nc, MPI_DOUBLE, root, 15, comm));
            HZGSVD__MPI(MPI_Send(s_loc, nc, MPI_DOUBLE, root, 16, comm));
            HZGSVD__MPI(MPI_Send(out_col, nc, MPI_INT, root, 17, comm));
        } else {
            double *bf = buf, *bg = bf + (size_t)planes * L->m_f * nc, *bz = bg + (size_t)planes * L->m_g * nc;
            double *bs = bz + (size_t)planes * L->n * nc;
            for (int s = 0; s < size; ++s) {
                if (s == root) {
                    HZGSVD__MPI(MPI_Sendrecv(F_loc, 1, tf, root, 11, bf, 1, pf, root, 11, comm, MPI_STATUS_IGNORE));
                    HZGSVD__MPI(MPI_Sendrecv(G_loc, 1, tg, root, 12, bg, 1, pg, root, 12, comm, MPI_STATUS_IGNORE));
                    HZGSVD__MPI(MPI_Sendrecv(Z_loc, 1, tz, root, 13, bz, 1, pz, root, 13, comm, MPI_STATUS_IGNORE));
                    memcpy(bs, sf_loc, sizeof(double) * nc); memcpy(bs + nc, sg_loc, sizeof(double) * nc);
                    memcpy(bs + 2 * nc, s_loc, sizeof(double) * nc); memcpy(cols, out_col, sizeof(int) * nc);
                } else {
                    HZGSVD__MPI(MPI_Recv(bf, 1, pf, s, 11, comm, MPI_STATUS_IGNORE));
                    HZGSVD__MPI(MPI_Recv(bg, 1, pg, s, 12, comm, MPI_STATUS_IGNORE));
                    HZGSVD__MPI(MPI_Recv(bz, 1, pz, s, 13, comm, MPI_STATUS_IGNORE));
                    HZGSVD__MPI(MPI_Recv(bs, nc, MPI_DOUBLE, s, 14, comm, MPI_STATUS_IGNORE));
                    HZGSVD__MPI(MPI_Recv(bs + nc, nc, MPI_DOUBLE, s, 15, comm, MPI_STATUS_IGNORE));
                    HZGSVD__MPI(MPI_Recv(bs + 2 * nc, nc, MPI_DOUBLE, s, 16, comm, MPI_STATUS_IGNORE));
                    HZGSVD__MPI(MPI_Recv(cols, nc, MPI_INT, s, 17, comm, MPI_STATUS_IGNORE));
                }
                for (int j = 0; j < nc; ++j) {
                    const int c = cols[j];
                    if (c < 0) continue;
                    if (c >= L->n) { st = hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "out_col[%d] = %d on rank %d is not a column", j, c, s); break; }
                    memcpy(U + (size_t)planes * ldu * c, bf + (size_t)planes * L->m_f * j, sizeof(double) * planes * L->m_f);
                    memcpy(V + (size_t)planes * ldv * c, bg + (size_t)planes * L->m_g * j, sizeof(double) * planes * L->m_g);
                    memcpy(Z + (size_t)planes * ldz * c, bz + (size_t)planes * L->n * j, sizeof(double) * planes * L->n);
                    sigma_f[c] = bs[j]; sigma_g[c] = bs[nc + j]; sigma[c] = bs[2 * nc + j];
                }
            }
        }
        st = hzgsvd__mpi_agree(comm, st, info);
    }
done:
    if (tf != MPI_DATATYPE_NULL) MPI_Type_free(&tf);
    if (tg != MPI_DATATYPE_NULL) MPI_Type_free(&tg);
    if (tz != MPI_DATATYPE_NULL) MPI_Type_free(&tz);
    if (pf != MPI_DATATYPE_NULL) MPI_Type_free(&pf);
    if (pg != MPI_DATATYPE_NULL) MPI_Type_free(&pg);
    if (pz != MPI_DATATYPE_NULL) MPI_Type_free(&pz);
    free(buf); free(cols);
    return st;
}
