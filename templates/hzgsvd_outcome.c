/* The end of every engine's run, once its outputs are written: the status by one precedence, the
 * first finding wins -- the final rank test (F or G numerically rank deficient), then a Sigma'
 * below what the engine resolves, then a result outside the double range, then no convergence
 * (docs/API.md, "Statuses").  Each engine fills the record from its own rank test and stores
 * (host or device, one process or many ranks); the wording of every message is here. */

typedef struct hzgsvd__outcome {
    int degenerate;                 /* 0, or 1 (F) / 2 (G): the rank test failed, first at output column degenerate_col */
    int degenerate_col;
    int unresolved_col;             /* the first output column whose Sigma'_F or Sigma'_G is below HZGSVD__RANGE_RESOLVE; -1: none */
    int range_col;                  /* the first output column with sigma, Sigma_F, Sigma_G or its column of Z outside the range; -1: none */
    int range_values;               /* range_sigma holds that column's sigma, Sigma_F, Sigma_G (for the message) */
    double range_sigma[3];
    int converged, max_sweeps;
    const char *sweep;              /* "sweep", or "outermost sweep" (the distributed engine) */
} hzgsvd__outcome;

HZGSVD_PRIVATE hzgsvd__outcome hzgsvd__outcome_init(int converged, int max_sweeps, const char *sweep)
{
    hzgsvd__outcome r;
    memset(&r, 0, sizeof r);
    r.degenerate_col = r.unresolved_col = r.range_col = -1;
    r.converged = converged; r.max_sweeps = max_sweeps; r.sweep = sweep;
    return r;
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__outcome_status(const hzgsvd__outcome *r, hzgsvd_info *info)
{
    if (r->degenerate)
        return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT,
                            "%s is numerically rank deficient: output column %d has ||%s z|| at the rounding level of its columns (outputs written)",
                            r->degenerate == 1 ? "F" : "G", r->degenerate_col + 1, r->degenerate == 1 ? "F" : "G");
    if (r->unresolved_col >= 0) return hzgsvd__range_fail_result(info, r->unresolved_col + 1);
    if (r->range_col >= 0 && r->range_values)
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE,
                            "output column %d: sigma = %g (Sigma_F = %g, Sigma_G = %g) or its column of Z is outside the normal double range (outputs written)",
                            r->range_col + 1, r->range_sigma[0], r->range_sigma[1], r->range_sigma[2]);
    if (r->range_col >= 0)
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE,
                            "output column %d: sigma, Sigma_F, Sigma_G or its column of Z is outside the normal double range (outputs written)",
                            r->range_col + 1);
    if (!r->converged)
        return hzgsvd__fail(info, HZGSVD_ERR_NO_CONVERGENCE, "%s %d of %d still applied big transformations; outputs are from the last sweep",
                            r->sweep, r->max_sweeps, r->max_sweeps);
    return HZGSVD_SUCCESS;
}
