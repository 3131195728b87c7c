/* The host side of a sweep of the single-GPU engine, both precisions (the single-GPU driver and the
 * distributed engine's local sweeps): the step buffers, the kernels of hzgsvd_gpu_step.cu.j2 with
 * their grids and shared memory, and the sweep as a CUDA graph.  What differs by precision -- the
 * step's argument record, its kernels and their launches, its counters -- comes from the small
 * table K (hzgsvd__gpu_step_ops; one instance per precision in templates/hzgsvd_gpu_prec.cu.j2,
 * from the type-generic helpers at the end of this file). */

/* The chunking of a step for a working shape and block width (the step record's shape fields). */
typedef struct hzgsvd__gpu_chunks {
    int w, npairs;
    int grows_f, grows_g, gchunks_f, gchunks_g;                          /* Gram row chunks */
    int urows_f, urows_g, urows_z, uchunks_f, uchunks_g, uchunks_z;      /* update row chunks */
} hzgsvd__gpu_chunks;

/* Everything of the step record but the matrices: the chunking, the block-level table, the inner
 * strategy and sweeps, the step buffers (the counters: the precision's hzgsvd__?_gpu_block_stats). */
typedef struct hzgsvd__gpu_step_args {
    hzgsvd__gpu_chunks C;
    const int *outer;
    double *partial, *zhat;
    int *pmode;
    void *stats;
    int inner_mm, max_inner;
} hzgsvd__gpu_step_args;

/* One pivot pair's counters of a sweep (the precision's hzgsvd__?_gpu_block_stats, read on the host). */
typedef struct hzgsvd__gpu_pair_stats {
    unsigned long long all, big;
    int fail, fail_col;
} hzgsvd__gpu_pair_stats;

#define HZGSVD__STEP_GRAM 0
#define HZGSVD__STEP_SOLVE 1
#define HZGSVD__STEP_UPDATE 2

typedef struct hzgsvd__gpu_step_ops {
    int planes;                     /* doubles per element: 1 real, 2 complex */
    size_t args_bytes;              /* the precision's step record with its kernels (the sweeper's args) */
    size_t stats_bytes;             /* one pair's counters */
    /* the step record from the working matrices M and A (cleared first); the kernels for (w, variant,
     * sort) into kern (gram, solve, update; solve NULL where the build filtered it out) and the solve
     * block's warps into *solve_warps */
    void (*setup)(void *args, const hzgsvd__gpu_work *M, const hzgsvd__gpu_step_args *A, int w, int variant, int sort, const void *kern[3],
                  int *solve_warps);
    /* kernel `which` (HZGSVD__STEP_*) of outer step k on the pairs from p0, <<<blocks, threads, smem, s>>> */
    void (*launch)(const void *args, int which, int blocks, int threads, size_t smem, cudaStream_t s, int k, int p0);
    hzgsvd__gpu_pair_stats (*pair_stats)(const void *h_stats, int l);
} hzgsvd__gpu_step_ops;

/* The kernels, grids and shared memory of a run, the step arguments, and the sweep as a CUDA
 * graph, captured at the first sweep and replayed (no per-launch overhead).  The pivot pairs of a
 * step are split into `groups` contiguous groups, each with its own gram -> solve -> update chain;
 * a group waits only for the groups of the previous step that held its blocks (deps), so one
 * group's latency-bound solve runs beside the other groups' bandwidth-bound gram and update (with
 * the ME ordering a group mostly depends on itself alone: the groups drift into a pipeline).  The
 * grouping changes only the schedule, never a sum: results do not depend on it. */
typedef struct hzgsvd__gpu_sweeper {
    const hzgsvd__gpu_step_ops *K;
    void *args;                     /* the precision's step record and kernels (K->args_bytes) */
    void *h_stats;                  /* npairs host copies of the pairs' counters */
    void *d_stats;                  /* the step's counters on the device */
    hzgsvd__gpu_chunks C;
    const void *kern[3];            /* gram, solve, update */
    int threads[3];
    size_t smem[3];
    int steps, groups;
    unsigned *deps;                 /* steps x groups: bit h of deps[k * groups + g] = group g of step k needs group h of step k - 1 */
    cudaGraphExec_t sweep;          /* NULL until the first sweep */
} hzgsvd__gpu_sweeper;

/* Device bytes of the step buffers (partials, Z-tilde, failure flags, per-pair counters) for the
 * working shape (rows mf, mg, nz; n columns held) and block width w; fills the chunking into *C. */
HZGSVD_PRIVATE size_t hzgsvd__gpu_sweeper_bytes(const hzgsvd__gpu_step_ops *K, int mf, int mg, int nz, int n, int w, hzgsvd__gpu_chunks *C)
{
    const int c = 2 * w, npairs = n / c, pl = K->planes;
    C->w = w; C->npairs = npairs;
    /* Gram chunks of at least 4c rows: the partials stay under a quarter of the matrices' bytes */
    C->grows_f = hzgsvd__chunk_rows(mf, npairs, 2, 4 * c);
    C->grows_g = hzgsvd__chunk_rows(mg, npairs, 2, 4 * c);
    C->gchunks_f = (mf + C->grows_f - 1) / C->grows_f;
    C->gchunks_g = (mg + C->grows_g - 1) / C->grows_g;
    C->urows_f = hzgsvd__chunk_rows(mf, npairs, 3, 64);
    C->urows_g = hzgsvd__chunk_rows(mg, npairs, 3, 64);
    C->urows_z = hzgsvd__chunk_rows(nz, npairs, 3, 64);
    C->uchunks_f = (mf + C->urows_f - 1) / C->urows_f;
    C->uchunks_g = (mg + C->urows_g - 1) / C->urows_g;
    C->uchunks_z = (nz + C->urows_z - 1) / C->urows_z;
    return hzgsvd__align256(sizeof(double) * pl * (size_t)npairs * (C->gchunks_f + C->gchunks_g) * c * c)
         + hzgsvd__align256(sizeof(double) * pl * (size_t)npairs * c * c)
         + hzgsvd__align256(sizeof(int) * (size_t)npairs)
         + hzgsvd__align256(K->stats_bytes * (size_t)npairs);
}

/* A sweeper with host room for npairs pairs' counters; NULL where host memory is short. */
HZGSVD_PRIVATE void *hzgsvd__gpu_sweeper_new(const hzgsvd__gpu_step_ops *K, int npairs)
{
    hzgsvd__gpu_sweeper *W = (hzgsvd__gpu_sweeper *)calloc(1, sizeof *W);
    if (!W) return NULL;
    W->K = K;
    W->args = calloc(1, K->args_bytes);
    W->h_stats = malloc(K->stats_bytes * (size_t)npairs);
    if (!W->args || !W->h_stats) { free(W->args); free(W->h_stats); free(W); W = NULL; }
    return W;
}

/* Everything but the device pointers of M and outer: kernels, grids, shared memory (opted in
 * above 48 KiB), the step buffers carved from buf (size from hzgsvd__gpu_sweeper_bytes), the groups'
 * dependencies from h_outer (the host copy of the block-level table d_outer). */
HZGSVD_PRIVATE cudaError_t hzgsvd__gpu_sweeper_init(void *sw, const hzgsvd__gpu_work *M, const int *d_outer, const int *h_outer, int steps, int w,
                                                    const hzgsvd_options *o, char *buf)
{
    hzgsvd__gpu_sweeper *W = (hzgsvd__gpu_sweeper *)sw;
    const hzgsvd__gpu_step_ops *K = W->K;
    const size_t c = 2 * (size_t)w, pl = (size_t)K->planes;
    hzgsvd__gpu_step_args A;
    int solve_warps = 0;
    memset(&A, 0, sizeof A);
    W->deps = NULL; W->sweep = NULL;
    hzgsvd__gpu_sweeper_bytes(K, M->mf, M->mg, M->nz, M->n, w, &A.C);
    W->C = A.C;
    A.outer = d_outer;
    A.inner_mm = o->inner == HZGSVD_STRATEGY_MM;
    A.max_inner = o->blocking == HZGSVD_BLOCKING_FB ? 30 : 1;
    A.partial = (double *)buf;
    buf += hzgsvd__align256(sizeof(double) * pl * (size_t)A.C.npairs * (A.C.gchunks_f + A.C.gchunks_g) * c * c);
    A.zhat = (double *)buf;
    buf += hzgsvd__align256(sizeof(double) * pl * (size_t)A.C.npairs * c * c);
    A.pmode = (int *)buf;
    buf += hzgsvd__align256(sizeof(int) * (size_t)A.C.npairs);
    A.stats = W->d_stats = buf;
    W->steps = steps;
    K->setup(W->args, M, &A, w, o->variant, o->sort, W->kern, &solve_warps);
    W->groups = hzgsvd__gpu_pair_groups(A.C.npairs);
    if (hzgsvd__gpu_group_deps(h_outer, M->n / w, steps, W->groups, &W->deps) != 0) return cudaErrorMemoryAllocation;
    W->threads[HZGSVD__STEP_GRAM] = HZGSVD__GRAM_THREADS(w);
    W->threads[HZGSVD__STEP_SOLVE] = 32 * solve_warps;
    W->threads[HZGSVD__STEP_UPDATE] = 8 * w;
    W->smem[HZGSVD__STEP_GRAM] = sizeof(double) * 2 * pl * c * HZGSVD__TILE_LD;
    W->smem[HZGSVD__STEP_UPDATE] = sizeof(double) * 2 * pl * c * HZGSVD__TILE_LD;
    W->smem[HZGSVD__STEP_SOLVE] = sizeof(double) * 3 * pl * c * c;
    if (!W->kern[HZGSVD__STEP_SOLVE]) return cudaErrorInvalidDeviceFunction;
    cudaError_t e = cudaFuncSetAttribute(W->kern[HZGSVD__STEP_GRAM], cudaFuncAttributeMaxDynamicSharedMemorySize, (int)W->smem[HZGSVD__STEP_GRAM]);
    if (e == cudaSuccess)
        e = cudaFuncSetAttribute(W->kern[HZGSVD__STEP_UPDATE], cudaFuncAttributeMaxDynamicSharedMemorySize, (int)W->smem[HZGSVD__STEP_UPDATE]);
    if (e == cudaSuccess)
        e = cudaFuncSetAttribute(W->kern[HZGSVD__STEP_SOLVE], cudaFuncAttributeMaxDynamicSharedMemorySize, (int)W->smem[HZGSVD__STEP_SOLVE]);
    return e;
}

/* The launches of one block-level sweep (all steps of the table, groups on their own capture
 * streams, joined by events as deps says) into the sweeper's graph. */
HZGSVD_PRIVATE cudaError_t hzgsvd__gpu_sweeper_capture(hzgsvd__gpu_sweeper *W)
{
    const hzgsvd__gpu_chunks *C = &W->C;
    const hzgsvd__gpu_step_ops *K = W->K;
    const int G = W->groups;
    const int gram_chunks = C->gchunks_f + C->gchunks_g, update_chunks = C->uchunks_f + C->uchunks_g + C->uchunks_z;
    cudaStream_t cap = NULL, gs[HZGSVD__MAX_PAIR_GROUPS];
    cudaEvent_t fork = NULL, done[HZGSVD__MAX_PAIR_GROUPS];
    cudaGraph_t graph = NULL;
    int made = 0;                                       /* streams and events created */
    cudaError_t e = cudaStreamCreateWithFlags(&cap, cudaStreamNonBlocking);
    if (e == cudaSuccess) e = cudaEventCreateWithFlags(&fork, cudaEventDisableTiming);
    while (e == cudaSuccess && made < G) {
        e = cudaStreamCreateWithFlags(&gs[made], cudaStreamNonBlocking);
        if (e == cudaSuccess) {
            e = cudaEventCreateWithFlags(&done[made], cudaEventDisableTiming);
            if (e == cudaSuccess) ++made;
            else cudaStreamDestroy(gs[made]);
        }
    }
    if (e == cudaSuccess) e = cudaStreamBeginCapture(cap, cudaStreamCaptureModeThreadLocal);
    if (e == cudaSuccess) {
        cudaError_t e2;
        e = cudaEventRecord(fork, cap);
        for (int g = 0; g < G && e == cudaSuccess; ++g) e = cudaStreamWaitEvent(gs[g], fork, 0);
        for (int k = 0; k < W->steps && e == cudaSuccess; ++k) {
            /* every wait of step k before any record of step k: done[h] is still step k - 1's */
            for (int g = 0; g < G && e == cudaSuccess; ++g)
                for (int h = 0; h < G && e == cudaSuccess; ++h)
                    if (h != g && (W->deps[(size_t)k * G + g] >> h & 1u)) e = cudaStreamWaitEvent(gs[g], done[h], 0);
            for (int g = 0; g < G && e == cudaSuccess; ++g) {
                const int p0 = (int)((long long)C->npairs * g / G), np = (int)((long long)C->npairs * (g + 1) / G) - p0;
                K->launch(W->args, HZGSVD__STEP_GRAM, np * gram_chunks, W->threads[0], W->smem[0], gs[g], k, p0);
                K->launch(W->args, HZGSVD__STEP_SOLVE, np, W->threads[1], W->smem[1], gs[g], k, p0);
                K->launch(W->args, HZGSVD__STEP_UPDATE, np * update_chunks, W->threads[2], W->smem[2], gs[g], k, p0);
                e = cudaGetLastError();
                if (e == cudaSuccess) e = cudaEventRecord(done[g], gs[g]);
            }
        }
        for (int g = 0; g < G && e == cudaSuccess; ++g) e = cudaStreamWaitEvent(cap, done[g], 0);
        e2 = cudaStreamEndCapture(cap, &graph);         /* ends (invalidated) capture on errors too */
        if (e == cudaSuccess) e = e2;
    }
    if (e == cudaSuccess) e = cudaGraphInstantiate(&W->sweep, graph, 0);
    if (graph) cudaGraphDestroy(graph);
    for (int g = 0; g < made; ++g) { cudaEventDestroy(done[g]); cudaStreamDestroy(gs[g]); }
    if (fork) cudaEventDestroy(fork);
    if (cap) cudaStreamDestroy(cap);
    return e;
}

HZGSVD_PRIVATE void hzgsvd__gpu_sweeper_free(void *sw)
{
    hzgsvd__gpu_sweeper *W = (hzgsvd__gpu_sweeper *)sw;
    if (!W) return;
    if (W->sweep) cudaGraphExecDestroy(W->sweep);
    free(W->deps);
    free(W->h_stats);
    free(W->args);
    free(W);
}

/* One block-level sweep on `stream`, then its counters: *all, *big, and the first failing pair's
 * code (1/2 Cholesky of F/G, 3 a 2x2 pivot of B) and column in *fail, *fail_pair, *fail_col
 * (fail = 0: none). */
HZGSVD_PRIVATE cudaError_t hzgsvd__gpu_sweeper_sweep(void *sw, cudaStream_t stream, unsigned long long *all, unsigned long long *big, int *fail,
                                                     int *fail_pair, int *fail_col)
{
    hzgsvd__gpu_sweeper *W = (hzgsvd__gpu_sweeper *)sw;
    const size_t sb = W->K->stats_bytes * (size_t)W->C.npairs;
    cudaError_t e = W->sweep ? cudaSuccess : hzgsvd__gpu_sweeper_capture(W);
    if (e == cudaSuccess) e = cudaMemsetAsync(W->d_stats, 0, sb, stream);
    if (e == cudaSuccess) e = cudaGraphLaunch(W->sweep, stream);
    if (e == cudaSuccess) e = cudaMemcpyAsync(W->h_stats, W->d_stats, sb, cudaMemcpyDeviceToHost, stream);
    if (e == cudaSuccess) e = cudaStreamSynchronize(stream);
    *all = 0; *big = 0; *fail = 0; *fail_pair = -1; *fail_col = -1;
    if (e != cudaSuccess) return e;
    for (int l = 0; l < W->C.npairs; ++l) {
        const hzgsvd__gpu_pair_stats p = W->K->pair_stats(W->h_stats, l);
        *all += p.all; *big += p.big;
        if (p.fail && !*fail) { *fail = p.fail; *fail_pair = l; *fail_col = p.fail_col; }
    }
    return cudaSuccess;
}

/* The message of a failed sweep (fail from hzgsvd__gpu_sweeper_sweep); the caller adds where it happened. */
HZGSVD_PRIVATE const char *hzgsvd__gpu_sweeper_fail_text(int fail)
{
    return fail == 1 ? "F is not of full column rank: Cholesky factorization of a pivot block failed"
         : fail == 2 ? "G is not of full column rank: Cholesky factorization of a pivot block failed"
                     : "G is not of full column rank: a 2x2 pivot of B is not positive definite";
}

/* The per-precision parts that differ only in their types, and the table's entries that take no
 * sweeper: instances per precision (templates/hzgsvd_gpu_prec.cu.j2).  State: the precision's step
 * record S (hzgsvd__?_gpu_step) with its kernels gram, solve, update. */
template <class State, class Mats>
HZGSVD_PRIVATE void hzgsvd__gpu_step_fill(State *T, const Mats &M, const hzgsvd__gpu_step_args *A)
{
    const hzgsvd__gpu_chunks *C = &A->C;
    memset(T, 0, sizeof *T);
    T->S.M = M;
    T->S.outer = A->outer;
    T->S.partial = A->partial; T->S.zhat = A->zhat; T->S.pmode = A->pmode; T->S.stats = (decltype(T->S.stats))A->stats;
    T->S.w = C->w; T->S.npairs = C->npairs;
    T->S.grows_f = C->grows_f; T->S.grows_g = C->grows_g; T->S.gchunks_f = C->gchunks_f; T->S.gchunks_g = C->gchunks_g;
    T->S.urows_f = C->urows_f; T->S.urows_g = C->urows_g; T->S.urows_z = C->urows_z;
    T->S.uchunks_f = C->uchunks_f; T->S.uchunks_g = C->uchunks_g; T->S.uchunks_z = C->uchunks_z;
    T->S.inner_mm = A->inner_mm; T->S.max_inner = A->max_inner;
}

/* The kernels of T for the opt-ins (cudaFuncSetAttribute takes any kernel as const void *). */
template <class State>
HZGSVD_PRIVATE void hzgsvd__gpu_step_kernels(const State *T, const void *kern[3])
{
    kern[HZGSVD__STEP_GRAM] = (const void *)T->gram;
    kern[HZGSVD__STEP_SOLVE] = (const void *)T->solve;
    kern[HZGSVD__STEP_UPDATE] = (const void *)T->update;
}

template <class State>
HZGSVD_PRIVATE void hzgsvd__gpu_step_launch(const void *args, int which, int blocks, int threads, size_t smem, cudaStream_t s, int k, int p0)
{
    const State *T = (const State *)args;
    const decltype(T->gram) f = which == HZGSVD__STEP_GRAM ? T->gram : which == HZGSVD__STEP_SOLVE ? T->solve : T->update;
    f<<<blocks, threads, smem, s>>>(T->S, k, p0);
}

template <class Stats>
HZGSVD_PRIVATE hzgsvd__gpu_pair_stats hzgsvd__gpu_pair_stats_of(const void *h_stats, int l)
{
    const Stats *b = (const Stats *)h_stats + l;
    const hzgsvd__gpu_pair_stats r = { b->all, b->big, b->fail, b->fail_col };
    return r;
}

template <const hzgsvd__gpu_step_ops *K>
HZGSVD_PRIVATE size_t hzgsvd__gpu_sweeper_plan(int mf, int mg, int nz, int n, int w)
{
    hzgsvd__gpu_chunks C;
    return hzgsvd__gpu_sweeper_bytes(K, mf, mg, nz, n, w, &C);
}

template <const hzgsvd__gpu_step_ops *K>
HZGSVD_PRIVATE void *hzgsvd__gpu_sweeper_of(int npairs)
{
    return hzgsvd__gpu_sweeper_new(K, npairs);
}
