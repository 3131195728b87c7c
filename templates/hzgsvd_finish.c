/* The epilogue of every engine's run, written once (as LAPACK's DGGSVD3 ends every run in one sort):
 * after the iteration, the final rescale, the real columns with sigma refined from the input pair
 * and their order, the rank test, what the caller's mode does with a failing rank test, the U/V
 * check, the store, then the status by one precedence (hzgsvd__outcome_status).  An engine gives its
 * stages as hooks over its own run record (host, device or distributed: where the data live and how
 * a rank agrees is the hook's business); the order of the stages and the policy are here. */

typedef struct hzgsvd__finish_ops {
    /* the final rescale; a column degenerate in it fails the run (RANK_DEFICIENT, nothing written) */
    hzgsvd_status (*rescale)(void *run, hzgsvd_info *info);
    /* the columns free of bordering, sigma refined from the input pair (where the run does), the
     * order of the output columns (sigma descending where options.sort) */
    hzgsvd_status (*order)(void *run, hzgsvd_info *info);
    /* the rank test on the ordered columns: out->degenerate, out->degenerate_col.  NULL: the store
     * does it (the distributed engine tests each column where it stores it) */
    hzgsvd_status (*rank_test)(void *run, hzgsvd__outcome *out, hzgsvd_info *info);
    /* U and V orthonormal to working accuracy?  A failure is RANK_DEFICIENT with the measure; NULL:
     * the engine has no other route to offer, so it does not check */
    hzgsvd_status (*uv_check)(void *run, hzgsvd_info *info);
    /* the caller's arrays in the output order; out->range_col, out->range_values and its sigmas,
     * out->unresolved_col (and, with rank_test NULL, out->degenerate) */
    hzgsvd_status (*store)(void *run, hzgsvd__outcome *out, hzgsvd_info *info);
} hzgsvd__finish_ops;

/* mode: what a failing rank test does (hzgsvd__on_deficient): REPORT writes the outputs and says
 * RANK_DEFICIENT, REROUTE writes nothing so that the caller solves the pair another way (and then
 * also checks U and V: docs/NUMERICS.md, "The full-rank engine's limit"), REROUTE_STALLED does so
 * for an unconverged run too, ACCEPT writes them and says nothing (the caller decided the ranks: a
 * reduced pair's core).  sweep names an iteration in the no-convergence message ("sweep",
 * "outermost sweep"). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__finish(const hzgsvd__finish_ops *ops, void *run, hzgsvd__on_deficient mode, int converged,
                                            int max_sweeps, const char *sweep, hzgsvd_info *info)
{
    hzgsvd__outcome out = hzgsvd__outcome_init(converged, max_sweeps, sweep);
    if (!converged && mode == HZGSVD__DEFICIENT_REROUTE_STALLED)   /* the caller reduces the pair: no end stages */
        return hzgsvd__fail(info, HZGSVD_ERR_NO_CONVERGENCE, "%s %d of %d still applied big transformations (outputs not written)", sweep,
                            max_sweeps, max_sweeps);
    hzgsvd_status st = ops->rescale(run, info);
    if (st == HZGSVD_SUCCESS) st = ops->order(run, info);
    if (st == HZGSVD_SUCCESS && ops->rank_test) st = ops->rank_test(run, &out, info);
    if (st != HZGSVD_SUCCESS) return st;
    if (out.degenerate && hzgsvd__reroutes(mode))
        return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "%s is numerically rank deficient (output column %d; outputs not written)",
                            out.degenerate == 1 ? "F" : "G", out.degenerate_col + 1);
    /* an unconverged run returns its last sweep, as documented: no check that could withhold it */
    if (hzgsvd__reroutes(mode) && converged && ops->uv_check) {
        st = ops->uv_check(run, info);
        if (st != HZGSVD_SUCCESS) return st;
    }
    st = ops->store(run, &out, info);
    if (st != HZGSVD_SUCCESS) return st;
    if (info) info->outputs_written = 1;
    if (mode == HZGSVD__DEFICIENT_ACCEPT) out.degenerate = 0;
    return hzgsvd__outcome_status(&out, info);
}
