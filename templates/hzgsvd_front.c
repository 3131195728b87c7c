/* The front door: options.preprocess's pair policy, written once for every engine that takes
 * general pairs (the CPU engine, the GPU engine's host and device entry points).  An engine
 * supplies a backend record: its full-rank iteration and its reduction of a general pair (the
 * rank-revealing reduction to a full-rank core, docs/API.md "General pairs"); the policy decides
 * which runs, in what order, and when a full-rank run hands over to the reduction:
 *
 *   preprocess =  0  the full-rank engine alone, with its documented statuses;
 *   preprocess = -1  the full-rank engine first where the pair has m_f, m_g >= n (and is not tall
 *                    where the backend shortens tall pairs by the reduction's QR); where that run
 *                    finds F or G rank deficient (or U, V off orthogonality), or, given at least
 *                    HZGSVD__REROUTE_SWEEPS sweeps, does not converge, before any output is
 *                    written, the reduction; otherwise the reduction alone;
 *   preprocess =  1  the reduction.
 *
 * The arguments are checked by the entry points before the front door. */

/* What a full-rank run does where its final rank test fails (and whether it checks U and V). */
typedef enum hzgsvd__on_deficient {
    HZGSVD__DEFICIENT_REPORT = 0,   /* the documented behaviour: outputs written, HZGSVD_ERR_RANK_DEFICIENT */
    HZGSVD__DEFICIENT_REROUTE = 1,  /* HZGSVD_ERR_RANK_DEFICIENT before any output is written, U and V checked
                                     * too: the caller reduces the pair instead */
    HZGSVD__DEFICIENT_ACCEPT = 2,   /* the rank test does not fail the run: the core of a reduced pair, whose
                                     * ranks the reduction decided (a sigma at the rounding level is a value) */
    HZGSVD__DEFICIENT_REROUTE_STALLED = 3 /* REROUTE, and an unconverged run too returns
                                     * HZGSVD_ERR_NO_CONVERGENCE before any output is written */
} hzgsvd__on_deficient;

/* The sweeps a full-rank run must have been given before its no convergence sends the pair to the
 * reduction (preprocess = -1): the default budget.  A caller who caps the sweeps lower asked for the
 * capped run's last sweep, as documented.  Pairs that need the reduction so (graded F and G whose
 * columns span 16 and more orders of magnitude in opposite directions: docs/NUMERICS.md) stall at
 * any budget; a healthy pair converges in 6 to 25. */
#define HZGSVD__REROUTE_SWEEPS 30

HZGSVD_PRIVATE int hzgsvd__reroutes(hzgsvd__on_deficient mode)
{
    return mode == HZGSVD__DEFICIENT_REROUTE || mode == HZGSVD__DEFICIENT_REROUTE_STALLED;
}

/* One call's pair and options, as the entry point received them (the arrays in the entry point's
 * own kind of memory and layout; Fi, Gi, Zi: split imaginary planes, else NULL). */
typedef struct hzgsvd__pair_call {
    int m_f, m_g, n, ldf, ldg, ldz;
    double *F, *Fi, *G, *Gi, *Z, *Zi;
    double *sigma_f, *sigma_g, *sigma;
    const hzgsvd_options *o;
    double t0;
    void *d_work;                   /* device entry points: the caller's workspace, its size and stream */
    size_t work_bytes;
    void *stream;
} hzgsvd__pair_call;

typedef struct hzgsvd__backend {
    int shortens_tall;              /* tall full-rank pairs are shortened by the reduction's QR (CPU engine:
                                     * faster from m_f + m_g >= HZGSVD__CPU_SHORTEN_SUM n; docs/PERFORMANCE.md) */
    int restart_clears_info;        /* a rerouted pair's reduction starts from a cleared info (else: its counters cleared) */
    /* the full-rank iteration; *written: whether it wrote the outputs (also on some errors) */
    hzgsvd_status (*full_rank)(const hzgsvd__pair_call *c, hzgsvd__on_deficient mode, int *written, hzgsvd_info *info);
    /* the reduction of a general pair with the backend's core */
    hzgsvd_status (*reduce)(const hzgsvd__pair_call *c, hzgsvd_info *info);
} hzgsvd__backend;

HZGSVD_PRIVATE hzgsvd_status hzgsvd__gsvd_any(const hzgsvd__backend *B, const hzgsvd__pair_call *c, hzgsvd_info *info)
{
    const hzgsvd_options *o = c->o;
    int written = 0;
    if (o->preprocess == 0) return B->full_rank(c, HZGSVD__DEFICIENT_REPORT, &written, info);
    const int tall = B->shortens_tall && (long long)c->m_f + c->m_g >= (long long)HZGSVD__CPU_SHORTEN_SUM * c->n;
    if (o->preprocess == -1 && c->m_f >= c->n && c->m_g >= c->n && !tall) {
        const hzgsvd__on_deficient mode = o->max_sweeps >= HZGSVD__REROUTE_SWEEPS ? HZGSVD__DEFICIENT_REROUTE_STALLED : HZGSVD__DEFICIENT_REROUTE;
        const hzgsvd_status st = B->full_rank(c, mode, &written, info);
        if ((st != HZGSVD_ERR_RANK_DEFICIENT && st != HZGSVD_ERR_NO_CONVERGENCE) || written) return st;
        if (B->restart_clears_info) hzgsvd__info_reset(info);   /* the reduction starts afresh */
        else if (info) { info->sweeps = 0; info->all = 0; info->big = 0; }
    }
    return B->reduce(c, info);
}
