/* Range scaling, the plan (docs/NUMERICS.md, "The whole double range").  The engines form squared
 * norms and Gram matrices of columns, so a pair whose entries lie far from 1 (below about 2^-500 or
 * above 2^500, or F and G far apart from each other) would underflow or overflow there although
 * its Sigma is representable.  Such a pair is run as F' = 2^shift_f F D, G' = 2^shift_g G D with
 * D = diag(2^col_j): column j of [F; G] gets its largest entry into [1/2, 1) (the method is
 * invariant under column scaling, D only moves into Z), and then F and G each get theirs there.
 * Powers of two are exact, so F' and G' carry every bit of F and G.  A pair inside the safe window
 * is left as it is (bitwise the results of an engine without this step).  Integers only: the
 * distributed engine reduces the three partial values over its ranks with MPI_MAX. */
#include <limits.h>

/* No scaling while the largest entry of every column of F and of G lies in [2^-SAFE, 2^SAFE):
 * then squares, Gram entries and the variant's column prescaling by 1/||g_j|| stay normal. */
#define HZGSVD__RANGE_SAFE 200
/* What the engine resolves inside the scaled pair: Sigma_F' and Sigma_G' (and column norms of the
 * working F' and G') down to 2^-RESOLVE, whose squares stay normal with room for the sums; so the
 * sigma of one pair may spread over about 2^500 (1e150).  Below that a result is not certified and
 * a pivot failure is not evidence of rank deficiency: both give HZGSVD_ERR_OUT_OF_RANGE. */
#define HZGSVD__RANGE_RESOLVE 500

typedef struct hzgsvd__range {
    int active;                     /* 0: the input is used as it is, every shift 0 */
    int shift_f, shift_g;           /* F' = 2^shift_f F D, G' = 2^shift_g G D */
} hzgsvd__range;

/* Column part of the plan.  ef[j], eg[j]: the exponents (frexp) of the largest |entry| of column j
 * of F and of G (no zero columns: refused before).  Sets col[j] and folds into part[3] = {some column
 * outside the window, max_j (ef_j + col_j), max_j (eg_j + col_j)}; part starts as {0, INT_MIN, INT_MIN}. */
HZGSVD_PRIVATE void hzgsvd__range_columns(int n, const int *ef, const int *eg, int *col, int part[3])
{
    for (int j = 0; j < n; ++j) {
        const int top = ef[j] > eg[j] ? ef[j] : eg[j];
        col[j] = -top;
        if (ef[j] < -HZGSVD__RANGE_SAFE || ef[j] > HZGSVD__RANGE_SAFE || eg[j] < -HZGSVD__RANGE_SAFE || eg[j] > HZGSVD__RANGE_SAFE)
            part[0] = 1;
        if (ef[j] - top > part[1]) part[1] = ef[j] - top;
        if (eg[j] - top > part[2]) part[2] = eg[j] - top;
    }
}

/* The plan from the folded parts (of all columns). */
HZGSVD_PRIVATE hzgsvd__range hzgsvd__range_plan(const int part[3])
{
    hzgsvd__range r;
    r.active = part[0] != 0;
    r.shift_f = r.active ? -part[1] : 0;
    r.shift_g = r.active ? -part[2] : 0;
    return r;
}

/* The two "sigma spread" failures every engine reports alike: a column of the scaled input below
 * 2^-RESOLVE (before the run; col: 1-based column of the pair) and an output column whose Sigma_F'
 * or Sigma_G' fell below it (after the run; the outputs are written). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__range_fail_input(hzgsvd_info *info, int col, const char *matrix)
{
    return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE,
                        "column %d of %s is below 2^-%d of the largest columns of the pair after range scaling: "
                        "the pair's sigma spread over more than the engine resolves (about 1e150)",
                        col, matrix, HZGSVD__RANGE_RESOLVE);
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__range_fail_result(hzgsvd_info *info, int out_col)
{
    return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE,
                        "output column %d: Sigma_F or Sigma_G of the scaled pair below 2^-%d: the pair's sigma spread over more than "
                        "the engine resolves (about 1e150); that column is not certified (outputs written)",
                        out_col, HZGSVD__RANGE_RESOLVE);
}
