/* ================================================================================================
 * hzgsvd_mpi_impl.h -- GENERATED FILE, DO NOT EDIT.
 * Generated from: templates/hzgsvd_mpi_common.c, templates/hzgsvd_mpi_cpu_local.c, templates/hzgsvd_mpi_cpu_refine.c, templates/hzgsvd_mpi_engine.c, templates/hzgsvd_mpi_gpu_local.cu, templates/hzgsvd_mpi_gpu_precondition.cu, templates/hzgsvd_mpi_gpu_refine.cu, templates/hzgsvd_mpi_ipc.cu, templates/hzgsvd_mpi_local.c.j2, templates/hzgsvd_mpi_prec.c, templates/hzgsvd_mpi_precondition.c
 * Regenerate with: make generate   (= python3 generator/gen.py)
 * What it is: The distributed engine over MPI (paper section 4): per precision the driver of Algorithm 6 and its local engines (the CPU engine; the GPU engine when compiled by nvcc).
 * How to compile: Included by hzgsvd_mpi.h where HZGSVD_IMPLEMENTATION is defined; C99 + MPI, or nvcc for the GPU part.
 * ================================================================================================ */
#ifndef HZGSVD_GENERATED_HZGSVD_MPI_IMPL_H
#define HZGSVD_GENERATED_HZGSVD_MPI_IMPL_H
#include "hzgsvd_cpu_impl.h"

/*** begin templates/hzgsvd_mpi_common.c ***/
#line HZGSVD__SRC_LINE(1, 14) HZGSVD__SRC_FILE("templates/hzgsvd_mpi_common.c")
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
#line 375 HZGSVD__SRC_FILE("generated/hzgsvd_mpi_impl.h")
/*** end templates/hzgsvd_mpi_common.c ***/

/*** begin templates/hzgsvd_mpi_gpu_local.cu ***/
#line HZGSVD__SRC_LINE(1, 379) HZGSVD__SRC_FILE("templates/hzgsvd_mpi_gpu_local.cu")
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
#line 605 HZGSVD__SRC_FILE("generated/hzgsvd_mpi_impl.h")
/*** end templates/hzgsvd_mpi_gpu_local.cu ***/

/*** begin templates/hzgsvd_mpi_prec.c ***/
#line HZGSVD__SRC_LINE(1, 609) HZGSVD__SRC_FILE("templates/hzgsvd_mpi_prec.c")
/* What the distributed engine's one driver (templates/hzgsvd_mpi_engine.c) needs of a precision:
 * the planes per element, thin adapters over the CPU engine's functions, and the single-GPU
 * engine's table for GPU ranks; one instance per precision (templates/hzgsvd_mpi_local.c.j2).  `s`
 * is that precision's state of a rank (host stripes W and R, the CPU engine). */

typedef struct hzgsvd__mpi_prec {
    int planes;                     /* doubles per element: 1 real, 2 complex (split planes in the stripes) */
    void *(*local_new)(void);       /* a zeroed state: host stripes W and R, the CPU engine, the GPU rank */
    void (*local_free)(void *s);
    int (*mats_alloc)(void *s, int which, int mf, int mg, int nz, int nc);          /* which: 0 W, 1 R */
    double *(*stripe)(void *s, int which, int y, int v, int o, int stripe);          /* plane v of matrix y, slot o */
    void (*swap)(void *s);                                                           /* W <-> R */
    hzgsvd_status (*check_values)(const double *c, int m, int n, int ld, const char *name, int *e, hzgsvd_info *info);
    void (*load_col)(void *s, int y, int j, const double *c, int m, int ld);
    int (*range_column)(void *s, int j, int m_f, int m_g, const hzgsvd__range *rg, int c, double *nf, double *ng);
    hzgsvd_status (*engine_init)(void *s, int nc, const hzgsvd_options *o, int *nblk, hzgsvd_info *info);
    void (*init_fgz)(void *s, int half, int row0, int row1);
    hzgsvd_status (*cpu_sweep)(void *s, int full, const int *cross, int sweep, unsigned long long *all, unsigned long long *big,
                               hzgsvd_info *info);
    void (*rescale_z)(void *s);
    int (*final_rescale)(void *s, double *sf, double *sg, double *ss);
    int (*real_column)(void *s, int j, int n);
    int (*rank_test)(void *s, int j, int n, int m_f, int m_g, const double *nf, const double *ng, const double *sf, const double *sg);
    void (*store_col)(void *s, int j, double *F, int ldf, double *G, int ldg, double *Z, int ldz, int m_f, int m_g, int n);
    int (*range_sigma)(const hzgsvd__range *rg, double sf1, double sg1, double ss1, double *sf, double *sg, double *ss, double *zm, int *ze);
    int (*range_z_col)(double *z, int n, const int *col, double zm, int ze);
    /* CPU ranks: sigma of the columns cols refined from the whole input (m_f x n, m_g x n, ld m) */
    hzgsvd_status (*refine)(void *s, const double *F, int m_f, const double *G, int m_g, int n, const int *ef, const int *eg,
                            const hzgsvd__range *rg, const int *col, const int *cols, int ncols, double *sf, double *sg, double *ss,
                            int nthreads, hzgsvd_info *info);
#ifdef __CUDACC__
    const hzgsvd__gpu_prec *gpu;    /* GPU ranks: the single-GPU engine's kernels and block step */
#endif
} hzgsvd__mpi_prec;
#line 644 HZGSVD__SRC_FILE("generated/hzgsvd_mpi_impl.h")
/*** end templates/hzgsvd_mpi_prec.c ***/

/*** begin templates/hzgsvd_mpi_ipc.cu ***/
#line HZGSVD__SRC_LINE(1, 648) HZGSVD__SRC_FILE("templates/hzgsvd_mpi_ipc.cu")
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
#line 753 HZGSVD__SRC_FILE("generated/hzgsvd_mpi_impl.h")
/*** end templates/hzgsvd_mpi_ipc.cu ***/

/*** begin templates/hzgsvd_mpi_gpu_refine.cu ***/
#line HZGSVD__SRC_LINE(1, 757) HZGSVD__SRC_FILE("templates/hzgsvd_mpi_gpu_refine.cu")
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
#line 891 HZGSVD__SRC_FILE("generated/hzgsvd_mpi_impl.h")
/*** end templates/hzgsvd_mpi_gpu_refine.cu ***/

/*** begin templates/hzgsvd_mpi_cpu_refine.c ***/
#line HZGSVD__SRC_LINE(1, 895) HZGSVD__SRC_FILE("templates/hzgsvd_mpi_cpu_refine.c")
/* The distributed engine's sigma refinement on CPU ranks (docs/NUMERICS.md, "Sigma from the input
 * pair"): every rank gathers the whole input pair (the caller's F and G, before the store writes U
 * and V over them) and recomputes the sigma of its own columns from it and its columns of Z with the
 * CPU engine's refinement (hzgsvd__?_refine_sigma): each column's products in a fixed order in one
 * thread, as the single-process engine forms them. */

/* The caller's local columns of one matrix (m rows, ld, PL doubles per entry) into the whole
 * matrix A (m x n, ld m) on every rank: per slot one MPI_Allgatherv of each rank's stripe (the
 * columns below n).  Every rank sends columns of one size (a column resized to its ld): Open MPI
 * picks the algorithm from the send type's size, and ranks that picked differently would hang.
 * Collective. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_whole(MPI_Comm comm, const hzgsvd_mpi_layout *L, const int *stripes, int PL, const double *Y, int ld,
                                               int m, double *A, int *cnt, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int ws = L->stripe, P = L->nranks;
    int *dsp = cnt + P;             /* cnt: 2 P ints, the counts and the displacements */
    MPI_Datatype col = MPI_DATATYPE_NULL, mine = MPI_DATATYPE_NULL;
    HZGSVD__MPI(MPI_Type_contiguous(m * PL, MPI_DOUBLE, &col));
    HZGSVD__MPI(MPI_Type_commit(&col));
    HZGSVD__MPI(MPI_Type_create_resized(col, 0, (MPI_Aint)sizeof(double) * ld * PL, &mine));
    HZGSVD__MPI(MPI_Type_commit(&mine));
    for (int o = 0; o < 2; ++o) {
        for (int r = 0; r < P; ++r) {
            const int g0 = stripes[2 * r + o] * ws, c = L->n - g0;
            cnt[r] = c < 0 ? 0 : c > ws ? ws : c;
            dsp[r] = g0;
        }
        HZGSVD__MPI(MPI_Allgatherv(Y + (size_t)o * ws * ld * PL, cnt[L->rank], mine, A, cnt, dsp, col, comm));
    }
done:
    if (mine != MPI_DATATYPE_NULL) MPI_Type_free(&mine);
    if (col != MPI_DATATYPE_NULL) MPI_Type_free(&col);
    return st;
}

/* Refine this rank's sf, sg, ss (nc each, the final rescale's) for its columns with real[j] set,
 * from the caller's local F, G (ldf, ldg) gathered whole, the range plan rg and every column's
 * shift gsh.  want: options.refine_sigma (-1: where every rank has the memory for the whole pair;
 * 1: an error otherwise).  *refined: 1 where done.  Collective; the status is agreed. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_cpu_refine(const hzgsvd__mpi_prec *X, void *s, MPI_Comm comm, const hzgsvd_mpi_layout *L,
                                                    const int *stripes, const double *F, int ldf, const double *G, int ldg,
                                                    const hzgsvd__range *rg, const int *gsh, const int *real, int want, int nthreads,
                                                    double *sf, double *sg, double *ss, int *refined, hzgsvd_info *info)
{
    hzgsvd_status st = HZGSVD_SUCCESS;
    const int PL = X->planes, n = L->n, nc = L->n_local;
    const size_t nf = (size_t)PL * L->m_f * n, ng = (size_t)PL * L->m_g * n;
    double *A = (double *)malloc(sizeof(double) * (nf + ng));
    int *ints = (int *)malloc(sizeof(int) * (2 * (size_t)n + (size_t)nc + 2 * (size_t)L->nranks)), ok = A && ints, all = 0, ncols = 0;
    *refined = 0;
    HZGSVD__MPI(MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, comm));
    if (!all) {
        if (want > 0)
            st = hzgsvd__mpi_agree(comm, ok ? HZGSVD_SUCCESS : hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY,
                                   "the sigma refinement (refine_sigma = 1, or a preconditioned start) needs the whole input pair on every "
                                   "rank: %zu bytes", sizeof(double) * (nf + ng)), info);
        goto done;                  /* -1: unrefined on every rank */
    }
    st = hzgsvd__mpi_whole(comm, L, stripes, PL, F, ldf, L->m_f, A, ints + 2 * (size_t)n + nc, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__mpi_whole(comm, L, stripes, PL, G, ldg, L->m_g, A + nf, ints + 2 * (size_t)n + nc, info);
    if (st != HZGSVD_SUCCESS) goto done;            /* an MPI failure: no agreement */
    {
        int *ef = ints, *eg = ints + n, *cols = ints + 2 * (size_t)n;
        for (int k = 0; k < n; ++k) {   /* the exponent of each column's largest entry (the values were checked at the load) */
            (void)X->check_values(A + (size_t)PL * L->m_f * k, L->m_f, 1, L->m_f, "F", &ef[k], NULL);
            (void)X->check_values(A + nf + (size_t)PL * L->m_g * k, L->m_g, 1, L->m_g, "G", &eg[k], NULL);
        }
        for (int j = 0; j < nc; ++j)
            if (real[j]) cols[ncols++] = j;
        st = X->refine(s, A, L->m_f, A + nf, L->m_g, n, ef, eg, rg, gsh, cols, ncols, sf, sg, ss, nthreads, info);
    }
    st = hzgsvd__mpi_agree(comm, st, info);
    *refined = st == HZGSVD_SUCCESS;
done:
    free(A); free(ints);
    return st;
}
#line 974 HZGSVD__SRC_FILE("generated/hzgsvd_mpi_impl.h")
/*** end templates/hzgsvd_mpi_cpu_refine.c ***/

/*** begin templates/hzgsvd_mpi_precondition.c ***/
#line HZGSVD__SRC_LINE(1, 978) HZGSVD__SRC_FILE("templates/hzgsvd_mpi_precondition.c")
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
#line 1369 HZGSVD__SRC_FILE("generated/hzgsvd_mpi_impl.h")
/*** end templates/hzgsvd_mpi_precondition.c ***/

/*** begin templates/hzgsvd_mpi_gpu_precondition.cu ***/
#line HZGSVD__SRC_LINE(1, 1373) HZGSVD__SRC_FILE("templates/hzgsvd_mpi_gpu_precondition.cu")
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
#line 1583 HZGSVD__SRC_FILE("generated/hzgsvd_mpi_impl.h")
/*** end templates/hzgsvd_mpi_gpu_precondition.cu ***/

/*** begin templates/hzgsvd_mpi_engine.c ***/
#line HZGSVD__SRC_LINE(1, 1587) HZGSVD__SRC_FILE("templates/hzgsvd_mpi_engine.c")
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
#line 2313 HZGSVD__SRC_FILE("generated/hzgsvd_mpi_impl.h")
/*** end templates/hzgsvd_mpi_engine.c ***/

/*** begin templates/hzgsvd_mpi_cpu_local.c ***/
#line HZGSVD__SRC_LINE(1, 2317) HZGSVD__SRC_FILE("templates/hzgsvd_mpi_cpu_local.c")
/* The distributed engine's rank state over the CPU engine, both precisions (the plane count is the
 * state's): the host stripes and the CPU engine, and the adapters the per-precision tables
 * hzgsvd__?_mpi_prec (hzgsvd_mpi_local.c.j2) hold for the driver hzgsvd__mpi_run. */

typedef struct hzgsvd__mpi_local {
    hzgsvd__cpu_mats W, R;          /* the working stripes (GPU: the send staging) and the receive buffers
                                     * (none for GPU ranks on CUDA IPC: the stripes go device to device) */
    hzgsvd__cpu_engine E;
    int np;                         /* planes: 1 real, 2 complex */
} hzgsvd__mpi_local;

#define HZGSVD__MPI_S(s) ((hzgsvd__mpi_local *)(s))

HZGSVD_PRIVATE void *hzgsvd__mpi_local_new(int np)
{
    hzgsvd__mpi_local *S = (hzgsvd__mpi_local *)calloc(1, sizeof(hzgsvd__mpi_local));
    if (S) S->np = np;
    return S;
}

HZGSVD_PRIVATE void hzgsvd__mpi_local_free(void *s)
{
    hzgsvd__mpi_local *S = HZGSVD__MPI_S(s);
    if (S == NULL) return;
    hzgsvd__cpu_mats_free(&S->W); hzgsvd__cpu_mats_free(&S->R);
    hzgsvd__cpu_engine_free(&S->E);
    free(S);
}

HZGSVD_PRIVATE int hzgsvd__mpi_mats_alloc(void *s, int which, int mf, int mg, int nz, int nc)
{
    hzgsvd__mpi_local *S = HZGSVD__MPI_S(s);
    return hzgsvd__cpu_mats_alloc(which ? &S->R : &S->W, mf, mg, nz, nc, S->np);
}

/* Plane v of matrix y (0 F, 1 G, 2 Z) of slot o of W (which = 0) or R (1), slots of `stripe` columns. */
HZGSVD_PRIVATE double *hzgsvd__mpi_stripe(void *s, int which, int y, int v, int o, int stripe)
{
    const hzgsvd__cpu_mats *H = which ? &HZGSVD__MPI_S(s)->R : &HZGSVD__MPI_S(s)->W;
    return hzgsvd__cpu_mat(H, y).p[v < H->np ? v : 0] + (size_t)o * stripe * hzgsvd__cpu_ld(H, y);
}

HZGSVD_PRIVATE void hzgsvd__mpi_swap(void *s)
{
    hzgsvd__mpi_local *S = HZGSVD__MPI_S(s);
    const hzgsvd__cpu_mats t = S->W; S->W = S->R; S->R = t;
}

/* Column j of the caller's F (y = 0) or G (1), m rows, into column j of W. */
HZGSVD_PRIVATE void hzgsvd__mpi_load_col(void *s, int y, int j, const double *c, int m, int ld)
{
    const hzgsvd__cpu_mats *W = &HZGSVD__MPI_S(s)->W;
    hzgsvd__cpu_load_planes(c, m, 1, ld, hzgsvd__cpu_col(W, y, j), hzgsvd__cpu_ld(W, y));
}

HZGSVD_PRIVATE int hzgsvd__mpi_range_column(void *s, int j, int m_f, int m_g, const hzgsvd__range *rg, int c, double *nf, double *ng)
{
    return hzgsvd__cpu_range_column(&HZGSVD__MPI_S(s)->W, j, m_f, m_g, rg, c, nf, ng);
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_engine_init(void *s, int nc, const hzgsvd_options *o, int *nblk, hzgsvd_info *info)
{
    hzgsvd__mpi_local *S = HZGSVD__MPI_S(s);
    const hzgsvd_status st = hzgsvd__cpu_engine_init(&S->E, nc, S->np, o, info);
    *nblk = S->E.nblk;
    return st;
}

HZGSVD_PRIVATE void hzgsvd__mpi_init_fgz(void *s, int half, int row0, int row1)
{
    hzgsvd__cpu_init_fgz(&HZGSVD__MPI_S(s)->W, &HZGSVD__MPI_S(s)->E, half, row0, row1);
}

/* One sweep of the CPU engine over W: all pairs of the two stripes (full) or those between them (cross). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_cpu_sweep(void *s, int full, const int *cross, int sweep, unsigned long long *all,
                                                   unsigned long long *big, hzgsvd_info *info)
{
    hzgsvd__mpi_local *S = HZGSVD__MPI_S(s);
    return full ? hzgsvd__cpu_sweep(&S->W, &S->E, sweep, NULL, all, big, info)
                : hzgsvd__cpu_sweep_table(&S->W, &S->E, cross, S->E.nblk / 2, sweep, NULL, all, big, info);
}

HZGSVD_PRIVATE void hzgsvd__mpi_rescale_z(void *s)
{
    hzgsvd__cpu_rescale_z(&HZGSVD__MPI_S(s)->W, HZGSVD__MPI_S(s)->E.enh, HZGSVD__MPI_S(s)->E.nthreads);
}

HZGSVD_PRIVATE int hzgsvd__mpi_final_rescale(void *s, double *sf, double *sg, double *ss)
{
    return hzgsvd__cpu_final_rescale(&HZGSVD__MPI_S(s)->W, &HZGSVD__MPI_S(s)->E, sf, sg, ss);
}

HZGSVD_PRIVATE int hzgsvd__mpi_real_column(void *s, int j, int n) { return hzgsvd__cpu_real_column(&HZGSVD__MPI_S(s)->W, j, n); }

HZGSVD_PRIVATE int hzgsvd__mpi_rank_test(void *s, int j, int n, int m_f, int m_g, const double *nf, const double *ng,
                                         const double *sf, const double *sg)
{
    int c = 0;
    return hzgsvd__cpu_rank_test(&HZGSVD__MPI_S(s)->W, &j, 1, n, m_f, m_g, nf, ng, sf, sg, &c);
}

/* Local column j of W into column j of the caller's F, G (m_f, m_g rows) and Z (n rows). */
HZGSVD_PRIVATE void hzgsvd__mpi_store_col(void *s, int j, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                          int m_f, int m_g, int n)
{
    const hzgsvd__cpu_mats *W = &HZGSVD__MPI_S(s)->W;
    hzgsvd__cpu_store_planes(F, ldf, j, hzgsvd__cpu_mat(W, 0), W->mf, j, m_f);
    hzgsvd__cpu_store_planes(G, ldg, j, hzgsvd__cpu_mat(W, 1), W->mg, j, m_g);
    hzgsvd__cpu_store_planes(Z, ldz, j, hzgsvd__cpu_mat(W, 2), W->nz, j, n);
}

/* The working stripes (the per-precision adapters of hzgsvd_mpi_local.c.j2 read Z there). */
HZGSVD_PRIVATE const hzgsvd__cpu_mats *hzgsvd__mpi_local_w(void *s) { return &HZGSVD__MPI_S(s)->W; }

#undef HZGSVD__MPI_S
#line 2433 HZGSVD__SRC_FILE("generated/hzgsvd_mpi_impl.h")
/*** end templates/hzgsvd_mpi_cpu_local.c ***/

/*** begin templates/hzgsvd_mpi_local.c.j2 ***/
/* The distributed engine's per-precision part: per precision the table hzgsvd__?_mpi_prec of the
 * rank adapters (hzgsvd_mpi_cpu_local.c, the plane count in the rank's state) and the single-GPU
 * engine's table, which the one driver (hzgsvd__mpi_run) calls; then the public entry points. */

HZGSVD_PRIVATE void *hzgsvd__d_mpi_local_new(void) { return hzgsvd__mpi_local_new(1); }

HZGSVD_PRIVATE hzgsvd_status hzgsvd__d_mpi_check_values(const double *c, int m, int n, int ld, const char *name, int *e, hzgsvd_info *info)
{
    return hzgsvd__cpu_check_values(c, m, n, ld, 1, name, e, info);
}

HZGSVD_PRIVATE int hzgsvd__d_mpi_range_z_col(double *z, int n, const int *col, double zm, int ze)
{
    return hzgsvd__cpu_range_z_col(z, n, col, zm, ze, 1);
}

/* The CPU engine's sigma refinement of the rank's columns cols (W's Z, ld nz) from the whole input. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__d_mpi_refine(void *s, const double *F, int m_f, const double *G, int m_g, int n, const int *ef, const int *eg,
                                              const hzgsvd__range *rg, const int *col, const int *cols, int ncols, double *sf, double *sg,
                                              double *ss, int nthreads, hzgsvd_info *info)
{
    const hzgsvd__cpu_mats *W = hzgsvd__mpi_local_w(s);
    return hzgsvd__d_refine_sigma(F, m_f > 1 ? m_f : 1, m_f, G, m_g > 1 ? m_g : 1, m_g, n, ncols, ef, eg, rg, col, W->Zr,
W->nz, cols, sf, sg, ss, nthreads, info);
}

HZGSVD_PRIVATE void *hzgsvd__z_mpi_local_new(void) { return hzgsvd__mpi_local_new(2); }

HZGSVD_PRIVATE hzgsvd_status hzgsvd__z_mpi_check_values(const double *c, int m, int n, int ld, const char *name, int *e, hzgsvd_info *info)
{
    return hzgsvd__cpu_check_values(c, m, n, ld, 2, name, e, info);
}

HZGSVD_PRIVATE int hzgsvd__z_mpi_range_z_col(double *z, int n, const int *col, double zm, int ze)
{
    return hzgsvd__cpu_range_z_col(z, n, col, zm, ze, 2);
}

/* The CPU engine's sigma refinement of the rank's columns cols (W's Z, ld nz) from the whole input. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__z_mpi_refine(void *s, const double *F, int m_f, const double *G, int m_g, int n, const int *ef, const int *eg,
                                              const hzgsvd__range *rg, const int *col, const int *cols, int ncols, double *sf, double *sg,
                                              double *ss, int nthreads, hzgsvd_info *info)
{
    const hzgsvd__cpu_mats *W = hzgsvd__mpi_local_w(s);
    return hzgsvd__z_refine_sigma(F, m_f > 1 ? m_f : 1, m_f, G, m_g > 1 ? m_g : 1, m_g, n, ncols, ef, eg, rg, col, W->Zr,
W->Zi, W->nz, cols, sf, sg, ss, nthreads, info);
}

/* The table the driver runs the real engine by (members in the order of hzgsvd__mpi_prec). */
HZGSVD_PRIVATE const hzgsvd__mpi_prec hzgsvd__d_mpi_prec = {
    1,
    hzgsvd__d_mpi_local_new, hzgsvd__mpi_local_free, hzgsvd__mpi_mats_alloc, hzgsvd__mpi_stripe, hzgsvd__mpi_swap,
    hzgsvd__d_mpi_check_values, hzgsvd__mpi_load_col, hzgsvd__mpi_range_column,
    hzgsvd__mpi_engine_init, hzgsvd__mpi_init_fgz, hzgsvd__mpi_cpu_sweep, hzgsvd__mpi_rescale_z,
    hzgsvd__mpi_final_rescale, hzgsvd__mpi_real_column, hzgsvd__mpi_rank_test, hzgsvd__mpi_store_col,
    hzgsvd__cpu_range_sigma, hzgsvd__d_mpi_range_z_col, hzgsvd__d_mpi_refine,
#ifdef __CUDACC__
    &hzgsvd__d_gpu_prec,
#endif
};

/* The table the driver runs the complex engine by (members in the order of hzgsvd__mpi_prec). */
HZGSVD_PRIVATE const hzgsvd__mpi_prec hzgsvd__z_mpi_prec = {
    2,
    hzgsvd__z_mpi_local_new, hzgsvd__mpi_local_free, hzgsvd__mpi_mats_alloc, hzgsvd__mpi_stripe, hzgsvd__mpi_swap,
    hzgsvd__z_mpi_check_values, hzgsvd__mpi_load_col, hzgsvd__mpi_range_column,
    hzgsvd__mpi_engine_init, hzgsvd__mpi_init_fgz, hzgsvd__mpi_cpu_sweep, hzgsvd__mpi_rescale_z,
    hzgsvd__mpi_final_rescale, hzgsvd__mpi_real_column, hzgsvd__mpi_rank_test, hzgsvd__mpi_store_col,
    hzgsvd__cpu_range_sigma, hzgsvd__z_mpi_range_z_col, hzgsvd__z_mpi_refine,
#ifdef __CUDACC__
    &hzgsvd__z_gpu_prec,
#endif
};

/* The public entry points: the driver with the precision's table; distribution and collection
 * with its planes per element (hzgsvd__mpi_scatter, hzgsvd__mpi_gather in the common part). */
HZGSVD_API hzgsvd_status hzgsvd_mpi_dgsvd(MPI_Comm comm, const hzgsvd_mpi_layout *L, double *F_loc, int ldf,
                                          double *G_loc, int ldg, double *Z_loc, int ldz,
                                          double *sigma_f, double *sigma_g, double *sigma, int *out_col,
                                          const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__mpi_run(&hzgsvd__d_mpi_prec, comm, L, F_loc, ldf, G_loc, ldg, Z_loc, ldz, sigma_f, sigma_g, sigma, out_col, opt, info);
}

HZGSVD_API hzgsvd_status hzgsvd_mpi_zgsvd(MPI_Comm comm, const hzgsvd_mpi_layout *L, double *F_loc, int ldf,
                                          double *G_loc, int ldg, double *Z_loc, int ldz,
                                          double *sigma_f, double *sigma_g, double *sigma, int *out_col,
                                          const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__mpi_run(&hzgsvd__z_mpi_prec, comm, L, F_loc, ldf, G_loc, ldg, Z_loc, ldz, sigma_f, sigma_g, sigma, out_col, opt, info);
}

HZGSVD_API hzgsvd_status hzgsvd_mpi_dscatter(MPI_Comm comm, int root, const hzgsvd_mpi_layout *L, const double *F, int ldf,
                                             const double *G, int ldg, double *F_loc, int ldfl, double *G_loc, int ldgl)
{
    return hzgsvd__mpi_scatter(1, comm, root, L, F, ldf, G, ldg, F_loc, ldfl, G_loc, ldgl);
}

HZGSVD_API hzgsvd_status hzgsvd_mpi_zscatter(MPI_Comm comm, int root, const hzgsvd_mpi_layout *L, const double *F, int ldf,
                                             const double *G, int ldg, double *F_loc, int ldfl, double *G_loc, int ldgl)
{
    return hzgsvd__mpi_scatter(2, comm, root, L, F, ldf, G, ldg, F_loc, ldfl, G_loc, ldgl);
}

HZGSVD_API hzgsvd_status hzgsvd_mpi_dgather(MPI_Comm comm, int root, const hzgsvd_mpi_layout *L,
                                            const double *F_loc, int ldfl, const double *G_loc, int ldgl, const double *Z_loc, int ldzl,
                                            const double *sf_loc, const double *sg_loc, const double *s_loc, const int *out_col,
                                            double *U, int ldu, double *V, int ldv, double *Z, int ldz,
                                            double *sigma_f, double *sigma_g, double *sigma)
{
    return hzgsvd__mpi_gather(1, comm, root, L, F_loc, ldfl, G_loc, ldgl, Z_loc, ldzl, sf_loc, sg_loc, s_loc, out_col,
                              U, ldu, V, ldv, Z, ldz, sigma_f, sigma_g, sigma);
}

HZGSVD_API hzgsvd_status hzgsvd_mpi_zgather(MPI_Comm comm, int root, const hzgsvd_mpi_layout *L,
                                            const double *F_loc, int ldfl, const double *G_loc, int ldgl, const double *Z_loc, int ldzl,
                                            const double *sf_loc, const double *sg_loc, const double *s_loc, const int *out_col,
                                            double *U, int ldu, double *V, int ldv, double *Z, int ldz,
                                            double *sigma_f, double *sigma_g, double *sigma)
{
    return hzgsvd__mpi_gather(2, comm, root, L, F_loc, ldfl, G_loc, ldgl, Z_loc, ldzl, sf_loc, sg_loc, s_loc, out_col,
                              U, ldu, V, ldv, Z, ldz, sigma_f, sigma_g, sigma);
}
/*** end templates/hzgsvd_mpi_local.c.j2 ***/

#endif /* HZGSVD_GENERATED_HZGSVD_MPI_IMPL_H */
