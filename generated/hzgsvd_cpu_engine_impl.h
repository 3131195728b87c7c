/* ================================================================================================
 * hzgsvd_cpu_engine_impl.h -- GENERATED FILE, DO NOT EDIT.
 * Generated from: templates/hzgsvd_cpu_arith.c.j2, templates/hzgsvd_cpu_engine.c.j2, templates/hzgsvd_cpu_planes.c.j2, templates/hzgsvd_cpu_precondition.c, templates/hzgsvd_cpu_refine.c.j2, templates/hzgsvd_dense.c, templates/hzgsvd_dense_arith.c.j2, templates/hzgsvd_dense_base.c, templates/hzgsvd_ggsvd3.c, templates/hzgsvd_range_scale.c.j2, templates/hzgsvd_reduce.c, templates/hzgsvd_reduce_prec.c.j2
 * Regenerate with: make generate   (= python3 generator/gen.py)
 * What it is: The CPU engine's internals, real (d) and complex (z), all static: the blocked implicit Hari-Zimmermann iteration, the reduction of general pairs, X and xGGSVD3's assembly (the GPU engine reuses the reduction).
 * How to compile: Included by hzgsvd_cpu_impl.h and hzgsvd_gpu_impl.cuh; C99 (+OpenMP if -fopenmp), C++ and CUDA host code.
 * ================================================================================================ */
#ifndef HZGSVD_GENERATED_HZGSVD_CPU_ENGINE_IMPL_H
#define HZGSVD_GENERATED_HZGSVD_CPU_ENGINE_IMPL_H
#include "hzgsvd_host.h"

/*** begin templates/hzgsvd_cpu_planes.c.j2 ***/
/* The CPU engine's working storage in double, for both
 * precisions: split storage, np planes (1 real; 2 complex: the real parts, then the imaginary parts). */

/* The working matrices (bordered; column major; ld = rows).  One process holds all nc = nz columns;
 * a rank of the distributed engine holds nc < nz of them (its two stripes), each with all nz rows of Z. */
typedef struct hzgsvd__cpu_mats {
    int mf, mg, nz, nc, np;         /* rows of F, G and Z; columns held; planes */
    double *Fr, *Gr, *Zr;
    double *Fi, *Gi, *Zi;            /* NULL where np = 1 */
} hzgsvd__cpu_mats;

/* A vector or matrix in split storage: p[0] the real parts, p[1] the imaginary parts (np = 2 only). */
typedef struct hzgsvd__cpu_planes {
    double *p[2];
    int np;
} hzgsvd__cpu_planes;

/* x advanced by off elements in every plane. */
HZGSVD_PRIVATE hzgsvd__cpu_planes hzgsvd__cpu_at(hzgsvd__cpu_planes x, size_t off)
{
    for (int v = 0; v < x.np; ++v) x.p[v] += off;
    return x;
}

/* Matrix y of M (0 F, 1 G, 2 Z) in its planes. */
HZGSVD_PRIVATE hzgsvd__cpu_planes hzgsvd__cpu_mat(const hzgsvd__cpu_mats *M, int y)
{
    const hzgsvd__cpu_planes x = { { y == 0 ? M->Fr : y == 1 ? M->Gr : M->Zr, y == 0 ? M->Fi : y == 1 ? M->Gi : M->Zi }, M->np };
    return x;
}

/* ... and its leading dimension (rows). */
HZGSVD_PRIVATE int hzgsvd__cpu_ld(const hzgsvd__cpu_mats *M, int y) { return y == 0 ? M->mf : y == 1 ? M->mg : M->nz; }

/* Column j of matrix y of M (0 F, 1 G, 2 Z). */
HZGSVD_PRIVATE hzgsvd__cpu_planes hzgsvd__cpu_col(const hzgsvd__cpu_mats *M, int y, int j)
{
    return hzgsvd__cpu_at(hzgsvd__cpu_mat(M, y), (size_t)j * hzgsvd__cpu_ld(M, y));
}

/* The hottest functions are written over np planes and compiled once per plane count: a wrapper
 * calls them with np a constant and forced inlining folds it (the loops over the planes unroll). */
#ifndef HZGSVD__SPECIALIZE
#if defined(__GNUC__) || defined(__clang__)
#define HZGSVD__SPECIALIZE static inline __attribute__((always_inline))
#else
#define HZGSVD__SPECIALIZE static inline
#endif
#endif
/*** end templates/hzgsvd_cpu_planes.c.j2 ***/

/*** begin templates/hzgsvd_range_scale.c.j2 ***/
/* Range scaling of the double engine, both precisions: the scaling of a working column and the
 * results scaled back (hzgsvd__range, docs/NUMERICS.md; the exponents come from hzgsvd__cpu_check_values). */
/* x <- 2^s x on a working column (exact while the results stay normal, which the plan ensures). */
HZGSVD_PRIVATE void hzgsvd__cpu_scale_pow2(hzgsvd__cpu_planes x, int m, int s)
{
    if (s == 0) return;
    for (int r = 0; r < m; ++r)
        for (int v = 0; v < x.np; ++v) x.p[v][r] = ldexp(x.p[v][r], s);
}

/* One output column's Sigma values of the original pair from those of the scaled one (sf1, sg1,
 * ss1) and the factor zm 2^ze of its column of Z (hzgsvd__range_sigma; see hzgsvd__cpu_range_z_col).
 * Returns 0, or 1 where sigma, Sigma_F or Sigma_G leaves the normal range. */
HZGSVD_PRIVATE int hzgsvd__cpu_range_sigma(const hzgsvd__range *rg, double sf1, double sg1, double ss1,
                                     double *sf, double *sg, double *ss, double *zm, int *ze)
{
    if (!rg->active) { *sf = sf1; *sg = sg1; *ss = ss1; *zm = 1.0; *ze = 0; return 0; }
    return hzgsvd__range_sigma(rg->shift_f, rg->shift_g, sf1, sg1, ss1, sf, sg, ss, zm, ze);
}

/* A caller's column of Z (n rows of np interleaved reals) holding z': z_i <- 2^(col_i + ze) zm z'_i.
 * Returns 0, or 1 where an entry overflows. */
HZGSVD_PRIVATE int hzgsvd__cpu_range_z_col(double *z, int n, const int *col, double zm, int ze, int np)
{
    int bad = 0;
    for (int i = 0; i < n; ++i)
        for (int v = 0; v < np; ++v) {
            double *x = &z[np * (size_t)i + v];
            *x = ldexp(*x * zm, col[i] + ze);
            bad |= !isfinite(*x);
        }
    return bad;
}
/*** end templates/hzgsvd_range_scale.c.j2 ***/

/*** begin templates/hzgsvd_cpu_arith.c.j2 [d] ***/
/* The CPU engine's inner loops whose arithmetic is real (d): kept per
 * precision with the plane count fixed, so that they compile to the loops they were; the engine
 * (hzgsvd__cpu_*) reaches them by the plane count. */

/* Squared Euclidean norm: ordinary (an FMA chain) or enhanced (App. A: the sum of RD(x*x) plus the
 * sum of the non-negative rounding errors). */
HZGSVD_PRIVATE double hzgsvd__d_nrm2sq(hzgsvd__cpu_planes x, int m, int enhanced)
{
    const double *xr = x.p[0];
    if (!enhanced) {
        double s = 0.0;
        for (int r = 0; r < m; ++r) s = fma(xr[r], xr[r], s);
        return s;
    }
    double sc = 0.0, sd = 0.0;
    for (int r = 0; r < m; ++r) {
        double c, d;
        hzgsvd__mul_rd_err(xr[r], xr[r], &c, &d);
        sc += c; sd += d;
    }
    return sc + sd;
}

/* d = x^T y, enhanced in the odd variants. */
HZGSVD_PRIVATE void hzgsvd__d_dot(hzgsvd__cpu_planes x, hzgsvd__cpu_planes y, int m, int enhanced, double d[1])
{
    const double *xr = x.p[0], *yr = y.p[0];
    if (!enhanced) {
        double s = 0.0;
        for (int r = 0; r < m; ++r) s = fma(xr[r], yr[r], s);
        d[0] = s;
        return;
    }
    double sc = 0.0, sd = 0.0;
    for (int r = 0; r < m; ++r) {
        double c, d_;
        hzgsvd__mul_rd_err(xr[r], yr[r], &c, &d_);
        sc += c; sd += d_;
    }
    d[0] = sc + sd;
}

/* y_r <- x_r s + y_r (x_r negated where neg), r < n: one fma each. */
HZGSVD_PRIVATE void hzgsvd__d_axpy(hzgsvd__cpu_planes x, int neg, const double s[1], hzgsvd__cpu_planes y, int n)
{
    const double *xr = x.p[0];
    double *yr = y.p[0];
    if (neg)
        for (int r = 0; r < n; ++r) yr[r] = fma(-xr[r], s[0], yr[r]);
    else
        for (int r = 0; r < n; ++r) yr[r] = fma(xr[r], s[0], yr[r]);
}

/* Apply Z-hat of pair (p, q) to the columns p and q of a k x k scratch matrix. */
HZGSVD_PRIVATE void hzgsvd__d_apply(const hzgsvd__rot *rot, hzgsvd__cpu_planes a, int k, int p, int q)
{
    double *pr = a.p[0] + (size_t)p * k, *qr = a.p[0] + (size_t)q * k;
    for (int r = 0; r < k; ++r)
        hzgsvd__drot_apply(rot, pr[r], qr[r], &pr[r], &qr[r]);
}
/* o <- sum_i x_i h_i, i = 0..k-1 in order (o zeroed first): a column of the post-multiplication,
 * x_i the chunk's columns (rows rows, ld ldx), h the column of Z-hat; one fma per term. */
HZGSVD_PRIVATE void hzgsvd__d_combine(hzgsvd__cpu_planes x, int ldx, hzgsvd__cpu_planes h, int k, hzgsvd__cpu_planes o, int rows)
{
    double *orr = o.p[0];
    for (int r = 0; r < rows; ++r) orr[r] = 0.0;
    for (int i = 0; i < k; ++i) {
        const double z = h.p[0][i], *xr = x.p[0] + (size_t)i * ldx;
        for (int r = 0; r < rows; ++r) orr[r] = fma(xr[r], z, orr[r]);
    }
}

/* Gram matrix (lower triangle) of the 2w columns cols[] of Y (m rows, ld m) into a (k x k): per
 * precision, so that the dot is inlined into its loop. */
HZGSVD_PRIVATE void hzgsvd__d_gram(hzgsvd__cpu_planes y, int m, const int *cols, int k, hzgsvd__cpu_planes a)
{
    for (int j = 0; j < k; ++j)
        for (int i = j; i < k; ++i) {
            double d[1];
            hzgsvd__d_dot(hzgsvd__cpu_at(y, (size_t)cols[i] * m), hzgsvd__cpu_at(y, (size_t)cols[j] * m), m, 0, d);
            for (int v = 0; v < 1; ++v) a.p[v][i + (size_t)j * k] = d[v];
        }
}
/*** end templates/hzgsvd_cpu_arith.c.j2 [d] ***/

/*** begin templates/hzgsvd_cpu_arith.c.j2 [z] ***/
/* The CPU engine's inner loops whose arithmetic is complex (z): kept per
 * precision with the plane count fixed, so that they compile to the loops they were; the engine
 * (hzgsvd__cpu_*) reaches them by the plane count. */

/* Squared Euclidean norm: ordinary (an FMA chain over both parts of each element) or enhanced
 * (App. A: per element ((dr + di) + min(cr, ci)) + max(cr, ci), then summed). */
HZGSVD_PRIVATE double hzgsvd__z_nrm2sq(hzgsvd__cpu_planes x, int m, int enhanced)
{
    const double *xr = x.p[0], *xi = x.p[1];
    double s = 0.0;
    if (!enhanced) {
        for (int r = 0; r < m; ++r) { s = fma(xr[r], xr[r], s); s = fma(xi[r], xi[r], s); }
        return s;
    }
    for (int r = 0; r < m; ++r) {
        double cr, dr, ci, di;
        hzgsvd__mul_rd_err(xr[r], xr[r], &cr, &dr);
        hzgsvd__mul_rd_err(xi[r], xi[r], &ci, &di);
        s += ((dr + di) + (cr < ci ? cr : ci)) + (cr < ci ? ci : cr);
    }
    return s;
}

/* d = x^H y.  Complex off-diagonal dots are always ordinary (App. A defines the enhanced form for
 * norms only). */
HZGSVD_PRIVATE void hzgsvd__z_dot(hzgsvd__cpu_planes x, hzgsvd__cpu_planes y, int m, double d[2])
{
    const double *xr = x.p[0], *xi = x.p[1], *yr = y.p[0], *yi = y.p[1];
    double sr = 0.0, si = 0.0;
    for (int r = 0; r < m; ++r) {
        sr = fma(xr[r], yr[r], sr); sr = fma(xi[r], yi[r], sr);
        si = fma(xr[r], yi[r], si); si = fma(-xi[r], yr[r], si);
    }
    d[0] = sr; d[1] = si;
}

/* y_r <- x_r s + y_r (x_r negated where neg), r < n: one hzgsvd__zfma each. */
HZGSVD_PRIVATE void hzgsvd__z_axpy(hzgsvd__cpu_planes x, int neg, const double s[2], hzgsvd__cpu_planes y, int n)
{
    const double *xr = x.p[0], *xi = x.p[1];
    double *yr = y.p[0], *yi = y.p[1];
    if (neg)
        for (int r = 0; r < n; ++r) hzgsvd__zfma(-xr[r], -xi[r], s[0], s[1], yr[r], yi[r], &yr[r], &yi[r]);
    else
        for (int r = 0; r < n; ++r) hzgsvd__zfma(xr[r], xi[r], s[0], s[1], yr[r], yi[r], &yr[r], &yi[r]);
}

/* Apply Z-hat of pair (p, q) to the columns p and q of a k x k scratch matrix. */
HZGSVD_PRIVATE void hzgsvd__z_apply(const hzgsvd__rot *rot, hzgsvd__cpu_planes a, int k, int p, int q)
{
    double *pr = a.p[0] + (size_t)p * k, *qr = a.p[0] + (size_t)q * k;
    double *pi = a.p[1] + (size_t)p * k, *qi = a.p[1] + (size_t)q * k;
    for (int r = 0; r < k; ++r)
        hzgsvd__zrot_apply(rot, pr[r], pi[r], qr[r], qi[r], &pr[r], &pi[r], &qr[r], &qi[r]);
}
/* o <- sum_i x_i h_i, i = 0..k-1 in order (o zeroed first): a column of the post-multiplication,
 * x_i the chunk's columns (rows rows, ld ldx), h the column of Z-hat; one hzgsvd__zfma per term. */
HZGSVD_PRIVATE void hzgsvd__z_combine(hzgsvd__cpu_planes x, int ldx, hzgsvd__cpu_planes h, int k, hzgsvd__cpu_planes o, int rows)
{
    double *orr = o.p[0], *oi = o.p[1];
    for (int r = 0; r < rows; ++r) { orr[r] = 0.0; oi[r] = 0.0; }
    for (int i = 0; i < k; ++i) {
        const double zr = h.p[0][i], zi = h.p[1][i], *xr = x.p[0] + (size_t)i * ldx, *xi = x.p[1] + (size_t)i * ldx;
        for (int r = 0; r < rows; ++r) hzgsvd__zfma(xr[r], xi[r], zr, zi, orr[r], oi[r], &orr[r], &oi[r]);
    }
}


/* Gram matrix (lower triangle) of the 2w columns cols[] of Y (m rows, ld m) into a (k x k): per
 * precision, so that the dot is inlined into its loop. */
HZGSVD_PRIVATE void hzgsvd__z_gram(hzgsvd__cpu_planes y, int m, const int *cols, int k, hzgsvd__cpu_planes a)
{
    for (int j = 0; j < k; ++j)
        for (int i = j; i < k; ++i) {
            double d[2];
            hzgsvd__z_dot(hzgsvd__cpu_at(y, (size_t)cols[i] * m), hzgsvd__cpu_at(y, (size_t)cols[j] * m), m, d);
            for (int v = 0; v < 2; ++v) a.p[v][i + (size_t)j * k] = d[v];
        }
}
/*** end templates/hzgsvd_cpu_arith.c.j2 [z] ***/

/*** begin templates/hzgsvd_cpu_refine.c.j2 [d] ***/
/* Sigma refinement on the CPU, real (the method: hzgsvd_sigma_refine in hzgsvd_core.h).  F' and
 * G' are the caller's input scaled by the range plan (exact powers of two per column), Z the
 * engine's working Z; every sum runs in a fixed order inside one thread, so the result does not
 * depend on the thread count. */

#define hzgsvd__d_REFINE_ROWS 32   /* rows of F'' split at a time */

/* ||Y' z_c|| * 2^-ez[c] for the nc columns cols[c] of Z (first n rows, ld ldz), Y' = the caller's Y
 * (m x n) with column k scaled by 2^sk[k] (the range plan).  The product is formed as Y'' z'' with
 * Y''(:, k) = Y(:, k) 2^-ec[k] (ec: frexp exponent of the column's largest entry) and z''_k =
 * z_k 2^(ec[k] + sk[k]): exact rescalings that make the split, and so sigma, bitwise invariant
 * under scaling the columns of F and G by powers of two, as the iteration is.  zs, z1, zr: n x n
 * scratch (z'', its heads and tails, column c compact); f1, fr: ROWS x n (row major). */
HZGSVD_PRIVATE void hzgsvd__d_refine_norms(const double *Y, int ld, int m, int n, int nc, const int *ec, const int *sk,
                                       const double *Zr, int ldz, const int *cols,
                                       double *zsr, double *z1r, double *zrr,
                                       double *f1r, double *frr,
                                       const int *ez, int beta, double *acc, int nthreads)
{
    (void)nthreads;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(nthreads)
#endif
    for (int c = 0; c < nc; ++c) {   /* z'' = the column rescaled to Y'' and split on its own grid */
        const double *zr = Zr + (size_t)cols[c] * ldz;
        double mx = 0.0;
        int e;
        for (int k = 0; k < n; ++k) {
            const size_t d = (size_t)c * n + k;
            zsr[d] = ldexp(zr[k], ec[k] + sk[k]);
            mx = fmax(mx, fabs(zsr[d]));
        }
        (void)frexp(mx, &e);
        for (int k = 0; k < n; ++k) {
            const size_t d = (size_t)c * n + k;
            z1r[d] = hzgsvd__refine_head(zsr[d], e, beta);
            zrr[d] = zsr[d] - z1r[d];
        }
        acc[c] = 0.0;
    }
    for (int i0 = 0; i0 < m; i0 += hzgsvd__d_REFINE_ROWS) {
        const int rb = m - i0 < hzgsvd__d_REFINE_ROWS ? m - i0 : hzgsvd__d_REFINE_ROWS;
        for (int r = 0; r < rb; ++r) {   /* split the rows of Y'': head on the row's grid, exact tail */
            double mx = 0.0;
            int e;
            for (int k = 0; k < n; ++k) {
                const size_t d = (size_t)r * n + k, y = (size_t)(i0 + r) + (size_t)k * ld;
                frr[d] = ldexp(Y[y], -ec[k]);
                mx = fmax(mx, fabs(frr[d]));
            }
            (void)frexp(mx, &e);
            for (int k = 0; k < n; ++k) {
                const size_t d = (size_t)r * n + k;
                f1r[d] = hzgsvd__refine_head(frr[d], e, beta);
                frr[d] -= f1r[d];
            }
        }
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(nthreads)
#endif
        for (int c = 0; c < nc; ++c) {
            const double *a1r = z1r + (size_t)c * n, *arr = zrr + (size_t)c * n, *zr = zsr + (size_t)c * n;
            double s = acc[c];
            for (int r = 0; r < rb; ++r) {
                const double *hr = f1r + (size_t)r * n, *tr = frr + (size_t)r * n;
                double t1 = 0.0, t2 = 0.0;
                for (int k = 0; k < n; ++k) {
                    t1 += hr[k] * a1r[k];                     /* exact: the heads' products */
                    t2 += hr[k] * arr[k] + tr[k] * zr[k];
                }
                const double v = ldexp(t1 + t2, -ez[c]);
                s += v * v;
            }
            acc[c] = s;
        }
    }
}

/* Sigma of the working columns cols[0..nc-1] recomputed from the caller's F, G (m_f x n, m_g x n;
 * hzgsvd_sigma_refine): sf, sg, ss (indexed by working column, in the range-scaled pair) are
 * overwritten where both norms come out positive and finite.  ef, eg: frexp exponents of the
 * largest entry of each column of F, G; col: the range plan's column shifts.  nc = n in one
 * process; a rank of the distributed engine refines its own columns.  Returns a status (only
 * HZGSVD_ERR_OUT_OF_MEMORY can fail). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__d_refine_sigma(const double *F, int ldf, int m_f, const double *G, int ldg, int m_g, int n, int nc,
                                                const int *ef, const int *eg, const hzgsvd__range *rg, const int *col,
                                                const double *Zr, int ldz,
                                                const int *cols, double *sf, double *sg, double *ss, int nthreads, hzgsvd_info *info)
{
    const int beta = hzgsvd__refine_beta((long long)n);
    const size_t nn = (size_t)n * nc, rows = (size_t)hzgsvd__d_REFINE_ROWS * n;
    const size_t count = 1 * (3 * nn + 2 * rows) + 2 * (size_t)nc;
    double *mem = (double *)malloc(sizeof(double) * count);
    int *ints = (int *)calloc(2 * (size_t)nc + 2 * (size_t)n, sizeof(int));   /* zeroed: GCC cannot see the loops below fill it */
    if (!mem || !ints) {
        free(mem); free(ints);
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating %zu bytes for the sigma refinement", sizeof(double) * count);
    }
    double *zsr = mem, *z1r = zsr + nn, *zrr = z1r + nn, *f1r = zrr + nn, *frr = f1r + rows;
    double *acc_f = frr + rows;
    double *acc_g = acc_f + nc;
    int *zf = ints, *zg = ints + nc, *sk_f = ints + 2 * (size_t)nc, *sk_g = sk_f + n;
    for (int c = 0; c < nc; ++c) {   /* the norms' scales from the engine's sigmas */
        (void)frexp(sf[cols[c]], &zf[c]);
        (void)frexp(sg[cols[c]], &zg[c]);
    }
    for (int k = 0; k < n; ++k) {    /* the range shifts of the pair's columns */
        sk_f[k] = rg->active ? rg->shift_f + col[k] : 0;
        sk_g[k] = rg->active ? rg->shift_g + col[k] : 0;
    }
    hzgsvd__d_refine_norms(F, ldf, m_f, n, nc, ef, sk_f, Zr, ldz, cols, zsr, z1r, zrr,                        f1r, frr, zf, beta, acc_f, nthreads);
    hzgsvd__d_refine_norms(G, ldg, m_g, n, nc, eg, sk_g, Zr, ldz, cols, zsr, z1r, zrr,                        f1r, frr, zg, beta, acc_g, nthreads);
    for (int c = 0; c < nc; ++c)
        hzgsvd__refine_set(ldexp(sqrt(acc_f[c]), zf[c]), ldexp(sqrt(acc_g[c]), zg[c]), &sf[cols[c]], &sg[cols[c]], &ss[cols[c]]);
    free(mem); free(ints);
    return HZGSVD_SUCCESS;
}
/*** end templates/hzgsvd_cpu_refine.c.j2 [d] ***/

/*** begin templates/hzgsvd_cpu_refine.c.j2 [z] ***/
/* Sigma refinement on the CPU, complex (the method: hzgsvd_sigma_refine in hzgsvd_core.h).  F' and
 * G' are the caller's input scaled by the range plan (exact powers of two per column), Z the
 * engine's working Z; every sum runs in a fixed order inside one thread, so the result does not
 * depend on the thread count. */

#define hzgsvd__z_REFINE_ROWS 32   /* rows of F'' split at a time */

/* ||Y' z_c|| * 2^-ez[c] for the nc columns cols[c] of Z (first n rows, ld ldz), Y' = the caller's Y
 * (m x n) with column k scaled by 2^sk[k] (the range plan).  The product is formed as Y'' z'' with
 * Y''(:, k) = Y(:, k) 2^-ec[k] (ec: frexp exponent of the column's largest entry) and z''_k =
 * z_k 2^(ec[k] + sk[k]): exact rescalings that make the split, and so sigma, bitwise invariant
 * under scaling the columns of F and G by powers of two, as the iteration is.  zs, z1, zr: n x n
 * scratch (z'', its heads and tails, column c compact); f1, fr: ROWS x n (row major). */
HZGSVD_PRIVATE void hzgsvd__z_refine_norms(const double *Y, int ld, int m, int n, int nc, const int *ec, const int *sk,
                                       const double *Zr, const double *Zi, int ldz, const int *cols,
                                       double *zsr, double *zsi, double *z1r, double *z1i, double *zrr, double *zri,
                                       double *f1r, double *f1i, double *frr, double *fri,
                                       const int *ez, int beta, double *acc, int nthreads)
{
    (void)nthreads;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(nthreads)
#endif
    for (int c = 0; c < nc; ++c) {   /* z'' = the column rescaled to Y'' and split on its own grid */
        const double *zr = Zr + (size_t)cols[c] * ldz;
        const double *zi = Zi + (size_t)cols[c] * ldz;
        double mx = 0.0;
        int e;
        for (int k = 0; k < n; ++k) {
            const size_t d = (size_t)c * n + k;
            zsr[d] = ldexp(zr[k], ec[k] + sk[k]);
            mx = fmax(mx, fabs(zsr[d]));
            zsi[d] = ldexp(zi[k], ec[k] + sk[k]);
            mx = fmax(mx, fabs(zsi[d]));
        }
        (void)frexp(mx, &e);
        for (int k = 0; k < n; ++k) {
            const size_t d = (size_t)c * n + k;
            z1r[d] = hzgsvd__refine_head(zsr[d], e, beta);
            zrr[d] = zsr[d] - z1r[d];
            z1i[d] = hzgsvd__refine_head(zsi[d], e, beta);
            zri[d] = zsi[d] - z1i[d];
        }
        acc[c] = 0.0;
    }
    for (int i0 = 0; i0 < m; i0 += hzgsvd__z_REFINE_ROWS) {
        const int rb = m - i0 < hzgsvd__z_REFINE_ROWS ? m - i0 : hzgsvd__z_REFINE_ROWS;
        for (int r = 0; r < rb; ++r) {   /* split the rows of Y'': head on the row's grid, exact tail */
            double mx = 0.0;
            int e;
            for (int k = 0; k < n; ++k) {
                const size_t d = (size_t)r * n + k, y = (size_t)(i0 + r) + (size_t)k * ld;
                frr[d] = ldexp(Y[2 * y], -ec[k]);
                fri[d] = ldexp(Y[2 * y + 1], -ec[k]);
                mx = fmax(mx, fmax(fabs(frr[d]), fabs(fri[d])));
            }
            (void)frexp(mx, &e);
            for (int k = 0; k < n; ++k) {
                const size_t d = (size_t)r * n + k;
                f1r[d] = hzgsvd__refine_head(frr[d], e, beta);
                frr[d] -= f1r[d];
                f1i[d] = hzgsvd__refine_head(fri[d], e, beta);
                fri[d] -= f1i[d];
            }
        }
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(nthreads)
#endif
        for (int c = 0; c < nc; ++c) {
            const double *a1r = z1r + (size_t)c * n, *arr = zrr + (size_t)c * n, *zr = zsr + (size_t)c * n;
            const double *a1i = z1i + (size_t)c * n, *ari = zri + (size_t)c * n, *zi = zsi + (size_t)c * n;
            double s = acc[c];
            for (int r = 0; r < rb; ++r) {
                const double *hr = f1r + (size_t)r * n, *tr = frr + (size_t)r * n;
                const double *hi = f1i + (size_t)r * n, *ti = fri + (size_t)r * n;
                double t1r = 0.0, t1i = 0.0, t2r = 0.0, t2i = 0.0;
                for (int k = 0; k < n; ++k) {
                    t1r += hr[k] * a1r[k] - hi[k] * a1i[k];   /* exact: the heads' products */
                    t1i += hr[k] * a1i[k] + hi[k] * a1r[k];
                    t2r += (hr[k] * arr[k] - hi[k] * ari[k]) + (tr[k] * zr[k] - ti[k] * zi[k]);
                    t2i += (hr[k] * ari[k] + hi[k] * arr[k]) + (tr[k] * zi[k] + ti[k] * zr[k]);
                }
                const double vr = ldexp(t1r + t2r, -ez[c]), vi = ldexp(t1i + t2i, -ez[c]);
                s += vr * vr + vi * vi;
            }
            acc[c] = s;
        }
    }
}

/* Sigma of the working columns cols[0..nc-1] recomputed from the caller's F, G (m_f x n, m_g x n;
 * hzgsvd_sigma_refine): sf, sg, ss (indexed by working column, in the range-scaled pair) are
 * overwritten where both norms come out positive and finite.  ef, eg: frexp exponents of the
 * largest entry of each column of F, G; col: the range plan's column shifts.  nc = n in one
 * process; a rank of the distributed engine refines its own columns.  Returns a status (only
 * HZGSVD_ERR_OUT_OF_MEMORY can fail). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__z_refine_sigma(const double *F, int ldf, int m_f, const double *G, int ldg, int m_g, int n, int nc,
                                                const int *ef, const int *eg, const hzgsvd__range *rg, const int *col,
                                                const double *Zr, const double *Zi, int ldz,
                                                const int *cols, double *sf, double *sg, double *ss, int nthreads, hzgsvd_info *info)
{
    const int beta = hzgsvd__refine_beta(2 * (long long)n);
    const size_t nn = (size_t)n * nc, rows = (size_t)hzgsvd__z_REFINE_ROWS * n;
    const size_t count = 2 * (3 * nn + 2 * rows) + 2 * (size_t)nc;
    double *mem = (double *)malloc(sizeof(double) * count);
    int *ints = (int *)calloc(2 * (size_t)nc + 2 * (size_t)n, sizeof(int));   /* zeroed: GCC cannot see the loops below fill it */
    if (!mem || !ints) {
        free(mem); free(ints);
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating %zu bytes for the sigma refinement", sizeof(double) * count);
    }
    double *zsr = mem, *z1r = zsr + nn, *zrr = z1r + nn, *f1r = zrr + nn, *frr = f1r + rows;
    double *zsi = frr + rows, *z1i = zsi + nn, *zri = z1i + nn, *f1i = zri + nn, *fri = f1i + rows, *acc_f = fri + rows;
    double *acc_g = acc_f + nc;
    int *zf = ints, *zg = ints + nc, *sk_f = ints + 2 * (size_t)nc, *sk_g = sk_f + n;
    for (int c = 0; c < nc; ++c) {   /* the norms' scales from the engine's sigmas */
        (void)frexp(sf[cols[c]], &zf[c]);
        (void)frexp(sg[cols[c]], &zg[c]);
    }
    for (int k = 0; k < n; ++k) {    /* the range shifts of the pair's columns */
        sk_f[k] = rg->active ? rg->shift_f + col[k] : 0;
        sk_g[k] = rg->active ? rg->shift_g + col[k] : 0;
    }
    hzgsvd__z_refine_norms(F, ldf, m_f, n, nc, ef, sk_f, Zr, Zi, ldz, cols, zsr, zsi, z1r, z1i, zrr, zri,                        f1r, f1i, frr, fri, zf, beta, acc_f, nthreads);
    hzgsvd__z_refine_norms(G, ldg, m_g, n, nc, eg, sk_g, Zr, Zi, ldz, cols, zsr, zsi, z1r, z1i, zrr, zri,                        f1r, f1i, frr, fri, zg, beta, acc_g, nthreads);
    for (int c = 0; c < nc; ++c)
        hzgsvd__refine_set(ldexp(sqrt(acc_f[c]), zf[c]), ldexp(sqrt(acc_g[c]), zg[c]), &sf[cols[c]], &sg[cols[c]], &ss[cols[c]]);
    free(mem); free(ints);
    return HZGSVD_SUCCESS;
}
/*** end templates/hzgsvd_cpu_refine.c.j2 [z] ***/

/*** begin templates/hzgsvd_cpu_precondition.c ***/
#line HZGSVD__SRC_LINE(1, 522) HZGSVD__SRC_FILE("templates/hzgsvd_cpu_precondition.c")
/* The preconditioned start of the CPU engine (options.precondition; docs/NUMERICS.md, "A
 * preconditioned start"): the single-GPU engine's stage (templates/hzgsvd_gpu_precondition.cu) on
 * the host, with LAPACK and BLAS.  The CPU engine is link-free by default: the stage exists where
 * the program defines HZGSVD_CPU_LAPACK before including hzgsvd_cpu.h with HZGSVD_IMPLEMENTATION and
 * links LAPACKE, LAPACK and a CBLAS (-llapacke -llapack -lblas, or OpenBLAS); elsewhere AUTO is the
 * plain start and QR_EIG is refused.
 *
 * Z0 = R^-1 W: R from xGEQRF of G, C = F R^-1 (xTRSM), and W either (QR_SVD, AUTO's choice here)
 * the right singular vectors of C (xGESDD) or (QR_EIG) the eigenvectors of C^H C
 * (xSYRK/xHERK, xSYEVD/xHEEVD), in descending order of the values; F Z0 and G Z0 formed with one rounding per
 * entry (heads of beta bits on their row's and column's grid: the head product is exact in any
 * summation order, whatever the BLAS; templates/hzgsvd_sigma_refine.h); the trust test (growth <=
 * HZGSVD__PRECONDITION_GROWTH, else the pair is loaded again and the plain start taken); after
 * initFGZ, Z = Z0 diag(z).  Results are bitwise reproducible for one LAPACK/BLAS build and its
 * thread count (a threaded BLAS may split its sums by thread). */

#ifdef HZGSVD_CPU_LAPACK
#include <lapacke.h>
#include <cblas.h>
#endif

/* A run's preconditioner: Z0 (n x n, ld n, interleaved where complex), kept to initFGZ; mem its
 * scratch (NULL: none). */
typedef struct hzgsvd__cpu_pre {
    void *mem;
    double *z0;
    int kind;                       /* the kept Z0's HZGSVD_PRECONDITION_* (NONE: the plain start); outlives z0 */
} hzgsvd__cpu_pre;

HZGSVD_PRIVATE void hzgsvd__cpu_pre_free(hzgsvd__cpu_pre *P)
{
    free(P->mem);
    P->mem = NULL;
    P->z0 = NULL;
}

/* The argument check: a preconditioner asked by name where this build has no stage. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_pre_check(const hzgsvd_options *o, hzgsvd_info *info)
{
#ifdef HZGSVD_CPU_LAPACK
    (void)o; (void)info;
    return HZGSVD_SUCCESS;
#else
    if (hzgsvd__pre_named(o->precondition))
        return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT,
                            "options.precondition = %s: this build of the CPU engine has no preconditioner "
                            "(define HZGSVD_CPU_LAPACK and link LAPACKE, LAPACK and a CBLAS; AUTO or NONE: the plain start)",
                            hzgsvd__pre_enum(o->precondition));
    (void)info;   /* AUTO's note: the stage's (hzgsvd__cpu_precondition), by n */
    return HZGSVD_SUCCESS;
#endif
}

/* Whether a run of order n takes the stage: NULL, or the note of the plain start it takes instead,
 * chosen before any work (the distributed engine asks it on every rank, before gathering the pair). */
HZGSVD_PRIVATE const char *hzgsvd__cpu_pre_skip(const hzgsvd_options *o, int n)
{
    if (o->precondition == HZGSVD_PRECONDITION_NONE) return "the plain start (options.precondition = NONE)";
    if (o->precondition == HZGSVD_PRECONDITION_AUTO && n < HZGSVD__PRECONDITION_AUTO_N_CPU) return "the plain start (AUTO: n below 64)";
    if (o->precondition == HZGSVD_PRECONDITION_AUTO && o->max_sweeps < 2) return HZGSVD__PRECONDITION_ONE_SWEEP;   /* it needs two */
#ifdef HZGSVD_CPU_LAPACK
    return NULL;
#else
    /* AUTO from n = 64; QR_EIG or QR_SVD reach here only inside the reduction's fallback */
    return "the plain start (no preconditioner in this build: the CPU engine without HZGSVD_CPU_LAPACK)";
#endif
}

/* After initFGZ (Z = diag(z), zero elsewhere): Z(0:n, j) <- Z0(:, j) z_j. */
HZGSVD_PRIVATE void hzgsvd__cpu_pre_apply(hzgsvd__cpu_pre *P, const hzgsvd__cpu_mats *M, int n)
{
    if (!P->z0) return;
    const int np = M->np;
    for (int j = 0; j < n; ++j) {
        const double z = M->Zr[(size_t)j * M->nz + j];
        for (int i = 0; i < n; ++i) {
            const size_t o = (size_t)i + (size_t)j * M->nz, s = ((size_t)i + (size_t)j * n) * np;
            M->Zr[o] = P->z0[s] * z;
            if (np == 2) M->Zi[o] = P->z0[s + 1] * z;
        }
    }
    hzgsvd__cpu_pre_free(P);
}

#ifdef HZGSVD_CPU_LAPACK

/* The stage's arrays (interleaved where complex): P1..P4 mx x n (ld mx), S = Z0, S1, Sr (its head,
 * tail) n x n, tau and lambda n, ex mx + n exponents. */
typedef struct hzgsvd__cpu_pre_work {
    int np, mx, n;
    double *P1, *P2, *P3, *P4, *S, *S1, *Sr, *tau, *lam;
    int *ex;
} hzgsvd__cpu_pre_work;

/* planes (m rows, ld ldw) -> interleaved P (ld ldp) */
HZGSVD_PRIVATE void hzgsvd__cpu_pre_pack(const double *W0, const double *W1, int ldw, int m, int n, double *P, int ldp, int np)
{
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            const size_t w = (size_t)i + (size_t)j * ldw, p = ((size_t)i + (size_t)j * ldp) * np;
            P[p] = W0[w];
            if (np == 2) P[p + 1] = W1[w];
        }
}

/* Exponents of the rows (by_row) or columns of P (m x n, ld), then P <- its heads, T <- the exact tails. */
HZGSVD_PRIVATE void hzgsvd__cpu_pre_split(double *P, double *T, int ld, int m, int n, int np, int by_row, int beta, int *ex)
{
    /* the largest frexp exponent of a line is that of its largest entry (0 for a zero line) */
    for (int i = 0; i < (by_row ? m : n); ++i) ex[i] = INT_MIN;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i)
            for (int v = 0; v < np; ++v) {
                const double x = P[((size_t)i + (size_t)j * ld) * np + v];
                int e;
                if (x == 0.0) continue;
                (void)frexp(x, &e);
                if (e > ex[by_row ? i : j]) ex[by_row ? i : j] = e;
            }
    for (int i = 0; i < (by_row ? m : n); ++i)
        if (ex[i] == INT_MIN) ex[i] = 0;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i)
            for (int v = 0; v < np; ++v) {
                const size_t o = ((size_t)i + (size_t)j * ld) * np + v;
                const double x = P[o], h = hzgsvd__refine_head(x, ex[by_row ? i : j], beta);
                P[o] = h;
                T[o] = x - h;
            }
}

/* C (m x n, ld mx) <- A B (+ C where acc); B n x n. */
HZGSVD_PRIVATE void hzgsvd__cpu_pre_gemm(const hzgsvd__cpu_pre_work *W, int m, const double *A, const double *B, double *C, int acc)
{
    if (W->np == 1) {
        cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, W->n, W->n, 1.0, A, W->mx, B, W->n, acc ? 1.0 : 0.0, C, W->mx);
    } else {
        const double one[2] = {1.0, 0.0}, beta[2] = {acc ? 1.0 : 0.0, 0.0};
        cblas_zgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, W->n, W->n, one, A, W->mx, B, W->n, beta, C, W->mx);
    }
}

/* Triangular solve with R (upper, in P1, ld mx), in place on B (rows x cols, ld ldb): right: B R^-1; left: R^-1 B. */
HZGSVD_PRIVATE void hzgsvd__cpu_pre_trsm(const hzgsvd__cpu_pre_work *W, int right, int rows, int cols, double *B, int ldb)
{
    const CBLAS_SIDE side = right ? CblasRight : CblasLeft;
    if (W->np == 1) {
        cblas_dtrsm(CblasColMajor, side, CblasUpper, CblasNoTrans, CblasNonUnit, rows, cols, 1.0, W->P1, W->mx, B, ldb);
    } else {
        const double one[2] = {1.0, 0.0};
        cblas_ztrsm(CblasColMajor, side, CblasUpper, CblasNoTrans, CblasNonUnit, rows, cols, one, W->P1, W->mx, B, ldb);
    }
}

/* W (n x n) of QR_EIG into P2 (ld n): the eigenvectors of C^H C, C = P2 (m_f x n), descending.
 * Returns LAPACK's info. */
HZGSVD_PRIVATE int hzgsvd__cpu_pre_eig(hzgsvd__cpu_pre_work *W, int m_f)
{
    const int n = W->n, np = W->np;
    if (np == 1) cblas_dsyrk(CblasColMajor, CblasUpper, CblasTrans, n, m_f, 1.0, W->P2, W->mx, 0.0, W->S, n);
    else cblas_zherk(CblasColMajor, CblasUpper, CblasConjTrans, n, m_f, 1.0, W->P2, W->mx, 0.0, W->S, n);
    const int linfo = np == 1 ? LAPACKE_dsyevd(LAPACK_COL_MAJOR, 'V', 'U', n, W->S, n, W->lam)
                              : LAPACKE_zheevd(LAPACK_COL_MAJOR, 'V', 'U', n, (lapack_complex_double *)W->S, n, W->lam);
    if (linfo != 0) return linfo;
    for (int j = 0; j < n; ++j)   /* ascending -> descending */
        memcpy(W->P2 + (size_t)j * n * np, W->S + (size_t)(n - 1 - j) * n * np, sizeof(double) * np * (size_t)n);
    return 0;
}

/* W (n x n) of QR_SVD into P2 (ld n): the right singular vectors of C = P2 (m_f x n; all n of
 * them, also where m_f < n), descending.  xGESDD (divide and conquer: 2-3x xGESVD's speed with
 * vectors; its left vectors go to P3, unused).  Returns LAPACK's info. */
HZGSVD_PRIVATE int hzgsvd__cpu_pre_svd(hzgsvd__cpu_pre_work *W, int m_f)
{
    const int n = W->n, np = W->np;
    const char job = m_f >= n ? 'S' : 'A';
    const int linfo = np == 1 ? LAPACKE_dgesdd(LAPACK_COL_MAJOR, job, m_f, n, W->P2, W->mx, W->lam, W->P3, W->mx, W->S, n)
                              : LAPACKE_zgesdd(LAPACK_COL_MAJOR, job, m_f, n, (lapack_complex_double *)W->P2, W->mx, W->lam,
                                               (lapack_complex_double *)W->P3, W->mx, (lapack_complex_double *)W->S, n);
    if (linfo != 0) return linfo;
    for (int j = 0; j < n; ++j)   /* V = (V^H)^H */
        for (int i = 0; i < n; ++i) {
            const size_t d = ((size_t)i + (size_t)j * n) * np, t = ((size_t)j + (size_t)i * n) * np;
            W->P2[d] = W->S[t];
            if (np == 2) W->P2[d + 1] = -W->S[t + 1];
        }
    return 0;
}

/* The rank probe of the front door's run: the first j (0-based) with |R(j, j)| <= tol = max(m_g,
 * n) ||G||_1 eps (xGGSVD3's tolerance for G) in R of the QR of G (P1), else -1.  sigma_min(G) <=
 * min_j |R(j, j)|, so such a G is numerically rank deficient for certain (the converse need not
 * hold: the reduction still catches what this misses, after the iteration). */
HZGSVD_PRIVATE int hzgsvd__cpu_pre_probe(const hzgsvd__cpu_pre_work *W, int m_g, double norm1, double *rjj, double *tol)
{
    *tol = (double)(m_g > W->n ? m_g : W->n) * norm1 * 0x1p-52;
    for (int j = 0; j < W->n; ++j) {
        const size_t o = ((size_t)j + (size_t)j * W->mx) * W->np;
        *rjj = W->np == 2 ? hypot(W->P1[o], W->P1[o + 1]) : fabs(W->P1[o]);
        if (*rjj <= *tol) return j;
    }
    return -1;
}

/* Z0 of kind (QR_EIG or QR_SVD) into W->S.  Returns LAPACK's info of the QR or the eigen- or
 * singular value solver (> 0: it did not converge; -1: an argument or its workspace).  With probe:
 * where hzgsvd__cpu_pre_probe finds G rank deficient, *dj gets the column and Z0 is not computed. */
HZGSVD_PRIVATE int hzgsvd__cpu_pre_z0(hzgsvd__cpu_pre_work *W, const hzgsvd__cpu_mats *M, int m_f, int m_g, int kind, int probe, int *dj,
                                      double *rjj, double *tol)
{
    const int n = W->n, np = W->np, mx = W->mx;
    int linfo;
    hzgsvd__cpu_pre_pack(M->Gr, M->Gi, M->mg, m_g, n, W->P1, mx, np);
    const double norm1 = np == 1 ? LAPACKE_dlange(LAPACK_COL_MAJOR, '1', m_g, n, W->P1, mx)
                                 : LAPACKE_zlange(LAPACK_COL_MAJOR, '1', m_g, n, (const lapack_complex_double *)W->P1, mx);
    linfo = np == 1 ? LAPACKE_dgeqrf(LAPACK_COL_MAJOR, m_g, n, W->P1, mx, W->tau)
                    : LAPACKE_zgeqrf(LAPACK_COL_MAJOR, m_g, n, (lapack_complex_double *)W->P1, mx, (lapack_complex_double *)W->tau);
    if (linfo != 0) return linfo < 0 ? -1 : linfo;
    *dj = probe ? hzgsvd__cpu_pre_probe(W, m_g, norm1, rjj, tol) : -1;
    if (*dj >= 0) return 0;
    hzgsvd__cpu_pre_pack(M->Fr, M->Fi, M->mf, m_f, n, W->P2, mx, np);
    hzgsvd__cpu_pre_trsm(W, 1, m_f, n, W->P2, mx);                                     /* C = F R^-1 */
    linfo = kind == HZGSVD_PRECONDITION_QR_SVD ? hzgsvd__cpu_pre_svd(W, m_f) : hzgsvd__cpu_pre_eig(W, m_f);
    if (linfo != 0) return linfo < 0 ? -1 : linfo;
    hzgsvd__cpu_pre_trsm(W, 0, n, n, W->P2, n);                                         /* Z0 = R^-1 W */
    memcpy(W->S, W->P2, sizeof(double) * np * (size_t)n * n);
    return 0;
}

/* Working planes of one matrix (m rows, ld ldw) <- them times Z0, one rounding per entry. */
HZGSVD_PRIVATE void hzgsvd__cpu_pre_form(hzgsvd__cpu_pre_work *W, double *W0, double *W1, int m, int ldw, int beta)
{
    const int n = W->n, np = W->np;
    hzgsvd__cpu_pre_pack(W0, W1, ldw, m, n, W->P1, W->mx, np);
    hzgsvd__cpu_pre_split(W->P1, W->P4, W->mx, m, n, np, 1, beta, W->ex);
    hzgsvd__cpu_pre_gemm(W, m, W->P1, W->Sr, W->P2, 0);     /* W1 Zr */
    hzgsvd__cpu_pre_gemm(W, m, W->P4, W->S, W->P2, 1);      /* + Wr Z0 */
    hzgsvd__cpu_pre_gemm(W, m, W->P1, W->S1, W->P3, 0);     /* W1 Z1, exact */
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            const size_t w = (size_t)i + (size_t)j * ldw, p = ((size_t)i + (size_t)j * W->mx) * np;
            W0[w] = W->P3[p] + W->P2[p];
            if (np == 2) W1[w] = W->P3[p + 1] + W->P2[p + 1];
        }
}

/* The 2-norm of len values at(i) >= 0, scaled by the largest. */
HZGSVD_PRIVATE double hzgsvd__cpu_pre_norm(const double *x, const double *xi, size_t stride, int len, const double *scale)
{
    double mx = 0.0, s = 0.0;
    for (int i = 0; i < len; ++i) {
        const double a = (xi ? hypot(x[i * stride], xi[i * stride]) : fabs(x[i * stride])) * (scale ? scale[i] : 1.0);
        mx = fmax(mx, a);
    }
    if (!(mx > 0.0) || !isfinite(mx)) return mx;
    for (int i = 0; i < len; ++i) {
        const double a = (xi ? hypot(x[i * stride], xi[i * stride]) : fabs(x[i * stride])) * (scale ? scale[i] : 1.0) / mx;
        s = fma(a, a, s);
    }
    return mx * sqrt(s);
}

/* max_j ||D z0_j|| / ||[F Z0; G Z0] e_j|| (D_k = hypot(nf_k, ng_k), the working planes already
 * hold the products); inf where not finite. */
HZGSVD_PRIVATE double hzgsvd__cpu_pre_growth(const hzgsvd__cpu_pre_work *W, const hzgsvd__cpu_mats *M, int m_f, int m_g, const double *nf,
                                             const double *ng)
{
    const int n = W->n, np = W->np;
    double g = 0.0, *d = (double *)malloc(sizeof(double) * (size_t)n);
    if (!d) return HUGE_VAL;
    for (int k = 0; k < n; ++k) d[k] = hypot(nf[k], ng[k]);
    for (int j = 0; j < n; ++j) {
        const double *z = W->S + (size_t)j * n * np;
        const double a = hzgsvd__cpu_pre_norm(z, np == 2 ? z + 1 : NULL, (size_t)np, n, d);
        const double f = hzgsvd__cpu_pre_norm(M->Fr + (size_t)j * M->mf, np == 2 ? M->Fi + (size_t)j * M->mf : NULL, 1, m_f, NULL);
        const double h = hzgsvd__cpu_pre_norm(M->Gr + (size_t)j * M->mg, np == 2 ? M->Gi + (size_t)j * M->mg : NULL, 1, m_g, NULL);
        double r = a / hypot(f, h);
        if (!(r >= 0.0) || !isfinite(r)) r = HUGE_VAL;
        g = fmax(g, r);
    }
    free(d);
    return g;
}

#endif /* HZGSVD_CPU_LAPACK */

/* The stage, after the load and the range plan (M holds the pair; nf, ng its column norms), before
 * the bordering.  On success with P->z0 set the working F, G hold F Z0, G Z0; *reload: they were
 * overwritten but Z0 rejected (the caller loads the pair again).  Fills info's fields.  probe (the
 * front door's run, which can reroute): a G that the QR shows numerically rank deficient returns
 * HZGSVD_ERR_RANK_DEFICIENT at once, so that the pair goes to the reduction without the sweeps
 * that would stall on it (graded pairs: 30 sweeps, 10x the reduction's time). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_precondition(hzgsvd__cpu_pre *P, const hzgsvd__cpu_mats *M, int m_f, int m_g, int n, const double *nf,
                                                      const double *ng, const hzgsvd_options *o, int probe, int *reload, hzgsvd_info *info)
{
    *reload = 0;
    P->mem = NULL; P->z0 = NULL; P->kind = HZGSVD_PRECONDITION_NONE;
    if (info) {   /* every field, also where a rerouted run's first attempt set them */
        info->preconditioner = HZGSVD_PRECONDITION_NONE;
        info->precondition_seconds = 0.0;
        info->precondition_growth = 0.0;
    }
    const char *skip = hzgsvd__cpu_pre_skip(o, n);
    if (skip) {
        if (info) info->precondition_note = skip;
        return HZGSVD_SUCCESS;
    }
#ifndef HZGSVD_CPU_LAPACK
    (void)M; (void)m_f; (void)m_g; (void)nf; (void)ng; (void)probe;
    return HZGSVD_SUCCESS;   /* not reached: hzgsvd__cpu_pre_skip says the plain start in such a build */
#else
    const double t0 = hzgsvd__now();
    hzgsvd__cpu_pre_work W;
    const int np = M->np, mx = m_f > m_g ? m_f : m_g;
    const size_t e = (size_t)np, pm = e * (size_t)mx * n, sn = e * (size_t)n * n;
    W.np = np; W.mx = mx; W.n = n;
    P->mem = malloc(sizeof(double) * (4 * pm + 3 * sn + 2 * e * n + (size_t)n) + sizeof(int) * ((size_t)mx + n));
    if (!P->mem) {
        if (info) info->precondition_note = "the plain start (no memory for the preconditioner's scratch)";
        return HZGSVD_SUCCESS;
    }
    W.P1 = (double *)P->mem; W.P2 = W.P1 + pm; W.P3 = W.P2 + pm; W.P4 = W.P3 + pm;
    W.S = W.P4 + pm; W.S1 = W.S + sn; W.Sr = W.S1 + sn; W.tau = W.Sr + sn; W.lam = W.tau + 2 * e * n;
    W.ex = (int *)(W.lam + n);
    const int kind = o->precondition == HZGSVD_PRECONDITION_AUTO ? HZGSVD_PRECONDITION_QR_SVD : o->precondition;
    int dj = -1;
    double rjj = 0.0, tol = 0.0;
    const int failed = hzgsvd__cpu_pre_z0(&W, M, m_f, m_g, kind, probe, &dj, &rjj, &tol);
    if (!failed && dj >= 0) {
        hzgsvd__cpu_pre_free(P);
        return hzgsvd__pre_deficient(info, dj, rjj, tol, hzgsvd__now() - t0);
    }
    double growth = 0.0;
    if (!failed) {
        const int beta = hzgsvd__refine_beta((long long)np * n);
        memcpy(W.S1, W.S, sizeof(double) * sn);
        hzgsvd__cpu_pre_split(W.S1, W.Sr, n, n, n, np, 0, beta, W.ex + mx);
        hzgsvd__cpu_pre_form(&W, M->Fr, M->Fi, m_f, M->mf, beta);
        hzgsvd__cpu_pre_form(&W, M->Gr, M->Gi, m_g, M->mg, beta);
        growth = hzgsvd__cpu_pre_growth(&W, M, m_f, m_g, nf, ng);
        *reload = 1;
    }
    if (!hzgsvd__pre_keep(info, kind, failed ? "the plain start (the preconditioner's QR or its eigen- or singular value solver failed)" : NULL,
                          growth, hzgsvd__now() - t0)) {
        hzgsvd__cpu_pre_free(P);
        return HZGSVD_SUCCESS;
    }
    *reload = 0;
    P->z0 = W.S;
    P->kind = kind;
    return HZGSVD_SUCCESS;
#endif
}
#line 876 HZGSVD__SRC_FILE("generated/hzgsvd_cpu_engine_impl.h")
/*** end templates/hzgsvd_cpu_precondition.c ***/

/*** begin templates/hzgsvd_cpu_engine.c.j2 ***/
/* The CPU engine, real (hzgsvd__d) and complex (hzgsvd__z: split real/imaginary planes).
 * The blocked algorithm exactly as the GPU runs it (paper section 3): an outer strategy over pairs
 * of block columns of width w; per pivot block pair the Gram matrices, their Cholesky factors, the
 * pointwise inner sweeps producing Z-hat, its rescaling (section 2.4) and the post-multiplication
 * of the block column pairs of F, G and Z.  The pivot block pairs of a step are independent and
 * run in parallel (OpenMP); every floating-point reduction runs in a fixed order inside one
 * thread, so results are bitwise identical for any thread count.
 *
 * The code is written once over the np planes of split storage (p[v], v < np): what the engine
 * does to a real part it does the same way to an imaginary part (scale, copy, swap, zero).  What
 * complex arithmetic does differently (norms, dots, products, the 2x2 rotations) is in the
 * per-precision loops of hzgsvd_cpu_arith.c.j2 and the 2x2 math, chosen by np below. */

/* Per-thread scratch of one pivot block pair (k = 2w). */
#define hzgsvd__cpu_ROWS 64               /* rows per chunk of the post-multiplication */
typedef struct hzgsvd__cpu_scratch {
    hzgsvd__cpu_planes A, B, H, X, O;     /* k x k: A -> F-hat, B -> G-hat, Z-hat; chunk and product ROWS x k */
} hzgsvd__cpu_scratch;

/* The per-precision loops by the plane count (a branch the loops' length dwarfs). */
HZGSVD_PRIVATE double hzgsvd__cpu_nrm2sq(hzgsvd__cpu_planes x, int m, int enhanced)
{
    return x.np == 2 ? hzgsvd__z_nrm2sq(x, m, enhanced) : hzgsvd__d_nrm2sq(x, m, enhanced);
}

/* d = x^H y (d[0], d[1] complex); enhanced in the odd variants where real. */
HZGSVD_PRIVATE void hzgsvd__cpu_dot(hzgsvd__cpu_planes x, hzgsvd__cpu_planes y, int m, int enhanced, double d[2])
{
    if (x.np == 2) hzgsvd__z_dot(x, y, m, d);
    else hzgsvd__d_dot(x, y, m, enhanced, d);
}

HZGSVD_PRIVATE void hzgsvd__cpu_axpy(hzgsvd__cpu_planes x, int neg, const double s[2], hzgsvd__cpu_planes y, int n)
{
    if (x.np == 2) hzgsvd__z_axpy(x, neg, s, y, n);
    else hzgsvd__d_axpy(x, neg, s, y, n);
}

HZGSVD_PRIVATE void hzgsvd__cpu_apply(const hzgsvd__rot *rot, hzgsvd__cpu_planes a, int k, int p, int q)
{
    if (a.np == 2) hzgsvd__z_apply(rot, a, k, p, q);
    else hzgsvd__d_apply(rot, a, k, p, q);
}

/* The 2x2 pivot's transformation from its Gram entries (apq, bpq: complex where np = 2). */
HZGSVD_PRIVATE hzgsvd__rot hzgsvd__cpu_rot(int np, double app, double aqq, const double apq[2], double bpp, double bqq, const double bpq[2],
                                 int variant, int sort, double tol)
{
    return np == 2 ? hzgsvd__zrot(app, aqq, apq[0], apq[1], bpp, bqq, bpq[0], bpq[1], variant, sort, tol)
                   : hzgsvd__drot(app, aqq, apq[0], bpp, bqq, bpq[0], variant, sort, tol);
}

/* |z_e| */
HZGSVD_PRIVATE double hzgsvd__cpu_abs(hzgsvd__cpu_planes z, size_t e) { return z.np == 2 ? hypot(z.p[0][e], z.p[1][e]) : fabs(z.p[0][e]); }

/* Loops whose order does not matter (each element on its own): the planes outermost. */
HZGSVD_PRIVATE void hzgsvd__cpu_scale(hzgsvd__cpu_planes x, int m, double s)
{
    for (int v = 0; v < x.np; ++v)
        for (int r = 0; r < m; ++r) x.p[v][r] *= s;
}

HZGSVD_PRIVATE void hzgsvd__cpu_swap_cols(hzgsvd__cpu_planes a, int ld, int p, int q, int m)
{
    for (int v = 0; v < a.np; ++v) {
        double *x = a.p[v];
        for (int r = 0; r < m; ++r) {
            const double t = x[r + (size_t)p * ld]; x[r + (size_t)p * ld] = x[r + (size_t)q * ld]; x[r + (size_t)q * ld] = t;
        }
    }
}

/* Lower Cholesky factor of the k x k Gram matrix in place (lower triangle read), then turned into
 * the upper factor Y-hat = L^H with the strict lower part zeroed.  Returns -1 or the column whose
 * pivot was not positive. */
HZGSVD_PRIVATE int hzgsvd__cpu_cholesky(hzgsvd__cpu_planes a, int k)
{
    const int np = a.np;
    for (int j = 0; j < k; ++j) {
        const double d = a.p[0][j + (size_t)j * k];
        if (!(d > 0.0) || isinf(d)) return j;
        const double rs = hzgsvd__rsqrt_rn(d);
        a.p[0][j + (size_t)j * k] = sqrt(d);
        for (int v = 1; v < np; ++v) a.p[v][j + (size_t)j * k] = 0.0;
        for (int i = j + 1; i < k; ++i)
            for (int v = 0; v < np; ++v) a.p[v][i + (size_t)j * k] *= rs;
        for (int c = j + 1; c < k; ++c) {       /* A(c:k, c) -= L(c:k, j) conj(L(c, j)) */
            double l[2];                         /* conj(L(c, j)) */
            for (int v = 0; v < np; ++v) l[v] = v ? -a.p[v][c + (size_t)j * k] : a.p[v][c + (size_t)j * k];
            hzgsvd__cpu_axpy(hzgsvd__cpu_at(a, c + (size_t)j * k), 1, l, hzgsvd__cpu_at(a, c + (size_t)c * k), k - c);
        }
    }
    for (int j = 0; j < k; ++j)                  /* L -> L^H */
        for (int i = j + 1; i < k; ++i)
            for (int v = 0; v < np; ++v) {
                a.p[v][j + (size_t)i * k] = v ? -a.p[v][i + (size_t)j * k] : a.p[v][i + (size_t)j * k];
                a.p[v][i + (size_t)j * k] = 0.0;
            }
    return -1;
}

/* The fallback factor of a pivot block whose Gram matrix Cholesky cannot factor (its scaled
 * condition squared passed 1/u; docs/NUMERICS.md, "Ill-conditioned pivot blocks"): R of the m x k
 * slab Y(:, cols) by modified Gram-Schmidt, into a in the layout of the Cholesky factor (upper,
 * real positive diagonal, strict lower part zero).  MGS's R is the R of Householder QR of [0; Y]
 * (Bjorck and Paige), so it is columnwise backward stable whatever the condition; unlike Householder
 * QR of the slab it keeps exact zeros, so a bordered column never couples with a caller's column.
 * Returns -1, the first column that vanished, or -2 when the m x k copy cannot be allocated (a rare
 * path: the copy is not part of the engine's scratch). */
HZGSVD_PRIVATE int hzgsvd__cpu_mgs_factor(hzgsvd__cpu_planes y, int m, const int *cols, int k, hzgsvd__cpu_planes a)
{
    const int np = y.np;
    double *buf = (double *)malloc(sizeof(double) * np * (size_t)m * k);
    if (!buf) return -2;
    hzgsvd__cpu_planes w = y;                           /* the copy of the slab */
    for (int v = 0; v < np; ++v) w.p[v] = buf + (size_t)v * m * k;
    for (int v = 0; v < np; ++v) {
        for (size_t e = 0; e < (size_t)k * k; ++e) a.p[v][e] = 0.0;
        for (int c = 0; c < k; ++c)
            for (int r = 0; r < m; ++r) w.p[v][r + (size_t)c * m] = y.p[v][r + (size_t)cols[c] * m];
    }
    int bad = -1;
    for (int j = 0; j < k && bad < 0; ++j) {
        const hzgsvd__cpu_planes q = hzgsvd__cpu_at(w, (size_t)j * m);
        const double nrm = sqrt(hzgsvd__cpu_nrm2sq(q, m, 0));
        if (!(nrm > 0.0) || isinf(nrm)) { bad = j; break; }
        a.p[0][j + (size_t)j * k] = nrm;
        for (int v = 0; v < np; ++v)
            for (int r = 0; r < m; ++r) q.p[v][r] /= nrm;
        for (int c = j + 1; c < k; ++c) {       /* r_jc = q_j^H x_c, x_c -= q_j r_jc */
            const hzgsvd__cpu_planes x = hzgsvd__cpu_at(w, (size_t)c * m);
            double s[2];
            hzgsvd__cpu_dot(q, x, m, 0, s);
            for (int v = 0; v < np; ++v) a.p[v][j + (size_t)c * k] = s[v];
            hzgsvd__cpu_axpy(q, 1, s, x, m);
        }
    }
    free(buf);
    return bad;
}

/* Outcome of one pivot block pair. */
typedef struct hzgsvd__cpu_pair_result {
    unsigned long long all, big;
    int fail;                       /* 0; 1 F's pivot block could not be factored (Cholesky, then MGS); 2 G's;
                                     * 3 a 2x2 B-hat not positive definite; 4 no memory for the MGS copy */
    int fail_col;                   /* local column (0..2w-1) where it failed */
    int tiny;                       /* the failed column's squared norm is below 2^(-2 RESOLVE): out of range, not rank */
} hzgsvd__cpu_pair_result;

/* [Y(:, cols)] <- [Y(:, cols)] * Z-hat, one pass over the rows in chunks (fixed summation order). */
HZGSVD__SPECIALIZE void hzgsvd__cpu_postmultiply_np(hzgsvd__cpu_planes y, int m, const int *cols, int k, const hzgsvd__cpu_scratch *sc, int np)
{
    const int R = hzgsvd__cpu_ROWS;
    hzgsvd__cpu_scratch s_ = *sc;
    const hzgsvd__cpu_scratch *s = &s_;
    y.np = s_.X.np = s_.O.np = s_.H.np = np;
    for (int r0 = 0; r0 < m; r0 += R) {
        const int rows = (m - r0 < R) ? m - r0 : R;
        for (int c = 0; c < k; ++c) {
            const hzgsvd__cpu_planes src = hzgsvd__cpu_at(y, (size_t)cols[c] * m + r0);
            for (int v = 0; v < np; ++v)
                for (int r = 0; r < rows; ++r) s->X.p[v][r + c * R] = src.p[v][r];
        }
        for (int c = 0; c < k; ++c) {   /* column c of the product: the k columns of the chunk times Z-hat(:, c) */
            if (np == 2) hzgsvd__z_combine(s->X, R, hzgsvd__cpu_at(s->H, (size_t)c * k), k, hzgsvd__cpu_at(s->O, (size_t)c * R), rows);
            else hzgsvd__d_combine(s->X, R, hzgsvd__cpu_at(s->H, (size_t)c * k), k, hzgsvd__cpu_at(s->O, (size_t)c * R), rows);
        }
        for (int c = 0; c < k; ++c) {
            const hzgsvd__cpu_planes dst = hzgsvd__cpu_at(y, (size_t)cols[c] * m + r0);
            for (int v = 0; v < np; ++v)
                for (int r = 0; r < rows; ++r) dst.p[v][r] = s->O.p[v][r + c * R];
        }
    }
}

HZGSVD_PRIVATE void hzgsvd__cpu_postmultiply(hzgsvd__cpu_planes y, int m, const int *cols, int k, const hzgsvd__cpu_scratch *s)
{
    if (y.np == 2) hzgsvd__cpu_postmultiply_np(y, m, cols, k, s, 2);
    else hzgsvd__cpu_postmultiply_np(y, m, cols, k, s, 1);
}

/* The triangular factor of the pivot block Y(:, cols) (m rows, ld m) into a: Cholesky of its Gram
 * matrix, or where that breaks down (an ill-conditioned block), MGS of the block's columns.  On
 * failure fills res (fail = which: 1 F, 2 G; 4 no memory for the MGS copy; tiny: the failed
 * column's square underflowed) and returns 1. */
HZGSVD_PRIVATE int hzgsvd__cpu_factor(hzgsvd__cpu_planes y, int m, const int *cols, int k, int which, hzgsvd__cpu_planes a, hzgsvd__cpu_pair_result *res)
{
    if (y.np == 2) hzgsvd__z_gram(y, m, cols, k, a);
    else hzgsvd__d_gram(y, m, cols, k, a);
    int c = hzgsvd__cpu_cholesky(a, k);
    if (c >= 0) c = hzgsvd__cpu_mgs_factor(y, m, cols, k, a);
    if (c == -1) return 0;
    if (c == -2) { res->fail = 4; return 1; }
    res->fail = which; res->fail_col = c;
    res->tiny = hzgsvd__cpu_nrm2sq(hzgsvd__cpu_at(y, (size_t)cols[c] * m), m, 0) < ldexp(1.0, -2 * HZGSVD__RANGE_RESOLVE);
    return 1;
}

/* One pivot block pair (np planes, a constant where hzgsvd__cpu_block_pair calls it): the factors, inner
 * sweeps, rescaled Z-hat, post-multiplication. */
HZGSVD__SPECIALIZE hzgsvd__cpu_pair_result hzgsvd__cpu_block_pair_np(const hzgsvd__cpu_mats *M, const int *cols, int k,
                                                         const int *inner, int inner_steps, int max_inner,
                                                         int variant, int sort, double tol, const hzgsvd__cpu_scratch *s, int np)
{
    hzgsvd__cpu_pair_result res = {0, 0, 0, -1, 0};
    const int enh = HZGSVD__VAR_ENHANCED(variant), resc = HZGSVD__VAR_RESCALE(variant);
    hzgsvd__cpu_planes Fh = s->A, Gh = s->B, Zh = s->H;            /* F-hat, G-hat, Z-hat */
    Fh.np = Gh.np = Zh.np = np;
    /* Subphases 1 and 2: F-hat, G-hat */
    if (hzgsvd__cpu_factor(hzgsvd__cpu_mat(M, 0), M->mf, cols, k, 1, Fh, &res)) return res;
    if (hzgsvd__cpu_factor(hzgsvd__cpu_mat(M, 1), M->mg, cols, k, 2, Gh, &res)) return res;

    /* Subphase 3: Z-hat_0 (prescaling by 1/||g-hat_j|| in variants 0, 1, 4, 5), then the sweeps */
    for (int v = 0; v < Zh.np; ++v)
        for (size_t e = 0; e < (size_t)k * k; ++e) Zh.p[v][e] = 0.0;
    for (int j = 0; j < k; ++j) {
        double zj = 1.0;
        if (!resc) {
            const double b = hzgsvd__cpu_nrm2sq(hzgsvd__cpu_at(Gh, (size_t)j * k), k, enh);
            if (b != 1.0) {
                zj = hzgsvd__rsqrt_rn(b);
                hzgsvd__cpu_scale(hzgsvd__cpu_at(Fh, (size_t)j * k), k, zj);
                hzgsvd__cpu_scale(hzgsvd__cpu_at(Gh, (size_t)j * k), k, zj);
            }
        }
        Zh.p[0][j + (size_t)j * k] = zj;
    }
    int moved = 0;                       /* any transformation or swap in the inner sweeps */
    for (int sweep = 0; sweep < max_inner; ++sweep) {
        unsigned long long s_all = 0, s_big = 0;
        for (int step = 0; step < inner_steps; ++step) {
            const int *pq = inner + (size_t)step * k;      /* k/2 pairs */
            for (int pos = 0; pos < k / 2; ++pos) {
                const int p = pq[2 * pos], q = pq[2 * pos + 1];
                const hzgsvd__cpu_planes fp = hzgsvd__cpu_at(Fh, (size_t)p * k), fq = hzgsvd__cpu_at(Fh, (size_t)q * k);
                const hzgsvd__cpu_planes gp = hzgsvd__cpu_at(Gh, (size_t)p * k), gq = hzgsvd__cpu_at(Gh, (size_t)q * k);
                double apq[2], bpq[2];
                const double app = hzgsvd__cpu_nrm2sq(fp, k, enh), aqq = hzgsvd__cpu_nrm2sq(fq, k, enh);
                hzgsvd__cpu_dot(fp, fq, k, enh, apq);
                hzgsvd__cpu_dot(gp, gq, k, enh, bpq);
                const double bpp = resc ? hzgsvd__cpu_nrm2sq(gp, k, enh) : 1.0;
                const double bqq = resc ? hzgsvd__cpu_nrm2sq(gq, k, enh) : 1.0;
                const hzgsvd__rot rot = hzgsvd__cpu_rot(Fh.np, app, aqq, apq, bpp, bqq, bpq, variant, sort, tol);
                if (rot.fail) { res.fail = 3; res.fail_col = p; return res; }
                int swap = rot.swap;
                if (rot.transform) {
                    ++s_all;
                    s_big += (unsigned long long)rot.big;
                    hzgsvd__cpu_apply(&rot, Fh, k, p, q);
                    hzgsvd__cpu_apply(&rot, Gh, k, p, q);
                    hzgsvd__cpu_apply(&rot, Zh, k, p, q);
                    if (Fh.np == 2)         /* complex rotations leave the swap to the new column norms */
                        swap = hzgsvd__zswap(sort, hzgsvd__cpu_nrm2sq(fp, k, enh), hzgsvd__cpu_nrm2sq(fq, k, enh));
                }
                moved |= rot.transform | swap;
                if (swap) {
                    hzgsvd__cpu_swap_cols(Fh, k, p, q, k);
                    hzgsvd__cpu_swap_cols(Gh, k, p, q, k);
                    hzgsvd__cpu_swap_cols(Zh, k, p, q, k);
                }
            }
        }
        if (s_all == 0) break;           /* a sweep with no transformation adds nothing */
        res.all += s_all;
        res.big += s_big;
    }
    /* A pair whose inner sweeps moved nothing is orthogonal to the working accuracy: Z-tilde would
     * only rescale columns by 1 + O(u), which the next visit's prescaling redoes.  Z-tilde = I: F, G
     * and Z are left as they are (as on the GPU, whose update kernel skips such pairs). */
    if (!moved) return res;
    /* Z-tilde = Z-hat Theta: columns scaled so that ||f-hat_j||^2 + ||g-hat_j||^2 = 1 (section 2.4) */
    for (int j = 0; j < k; ++j) {
        const double t = hzgsvd__rsqrt_rn(hzgsvd__cpu_nrm2sq(hzgsvd__cpu_at(Fh, (size_t)j * k), k, enh) + hzgsvd__cpu_nrm2sq(hzgsvd__cpu_at(Gh, (size_t)j * k), k, enh));
        if (t != 1.0) hzgsvd__cpu_scale(hzgsvd__cpu_at(Zh, (size_t)j * k), k, t);
    }
    /* Subphase 4: the three post-multiplications */
    hzgsvd__cpu_postmultiply(hzgsvd__cpu_mat(M, 0), M->mf, cols, k, s);
    hzgsvd__cpu_postmultiply(hzgsvd__cpu_mat(M, 1), M->mg, cols, k, s);
    hzgsvd__cpu_postmultiply(hzgsvd__cpu_mat(M, 2), M->nz, cols, k, s);
    return res;
}

HZGSVD_PRIVATE hzgsvd__cpu_pair_result hzgsvd__cpu_block_pair(const hzgsvd__cpu_mats *M, const int *cols, int k,
                                                  const int *inner, int inner_steps, int max_inner,
                                                  int variant, int sort, double tol, const hzgsvd__cpu_scratch *s)
{
    return M->np == 2 ? hzgsvd__cpu_block_pair_np(M, cols, k, inner, inner_steps, max_inner, variant, sort, tol, s, 2)
                      : hzgsvd__cpu_block_pair_np(M, cols, k, inner, inner_steps, max_inner, variant, sort, tol, s, 1);
}

/* Column norms of the working F and G (the rescale kernel of section 3.4, f = false: Z only). */
HZGSVD_PRIVATE void hzgsvd__cpu_rescale_z(const hzgsvd__cpu_mats *M, int enh, int nthreads)
{
    (void)nthreads;
    const double tol_t = (double)(M->mf > M->mg ? M->mf : M->mg) * HZGSVD__U;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(nthreads)
#endif
    for (int j = 0; j < M->nc; ++j) {
        const hzgsvd__cpu_planes f = hzgsvd__cpu_col(M, 0, j), g = hzgsvd__cpu_col(M, 1, j);
        const double t = hzgsvd__rsqrt_rn(hzgsvd__cpu_nrm2sq(f, M->mf, enh) + hzgsvd__cpu_nrm2sq(g, M->mg, enh));
        if (t != 1.0) hzgsvd__cpu_scale(hzgsvd__cpu_col(M, 2, j), M->nz, t);
        /* The block step normalises with the column norms of its factors; where those were off (an
         * ill-conditioned block: |t - 1| up to 45000 u measured) scaling Z alone would break
         * F_work = F Z, and the residual with it.  Then F and G are scaled too; ordinary blocks
         * leave |t - 1| at a few u, below the threshold: bitwise unchanged. */
        if (fabs(t - 1.0) > tol_t) {
            hzgsvd__cpu_scale(f, M->mf, t);
            hzgsvd__cpu_scale(g, M->mg, t);
        }
    }
}

/* Checks on the caller's arrays (np reals an element, interleaved) that need their values: finite
 * entries, no zero column; in the same pass e[j], the exponent (frexp) of the largest |entry| of
 * column j (complex: of either part), for the range plan. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_check_values(const double *Y, int m, int n, int ld, int np, const char *name, int *e, hzgsvd_info *info)
{
    for (int j = 0; j < n; ++j) {
        double top = 0.0;
        for (int r = 0; r < m; ++r) {
            const double *y = Y + np * (r + (size_t)j * ld);
            if (!isfinite(y[0]) || !isfinite(y[np - 1]))
                return np == 2 ? hzgsvd__fail(info, HZGSVD_ERR_NOT_FINITE, "%s(%d,%d) = (%g, %g) is not finite", name, r + 1, j + 1, y[0], y[1])
                               : hzgsvd__fail(info, HZGSVD_ERR_NOT_FINITE, "%s(%d,%d) = %g is not finite", name, r + 1, j + 1, y[0]);
            for (int v = 0; v < np; ++v)
                if (fabs(y[v]) > top) top = fabs(y[v]);
        }
        if (top == 0.0)
            return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "%s has a zero column (column %d): not of full column rank", name, j + 1);
        (void)frexp(top, &e[j]);
    }
    return HZGSVD_SUCCESS;
}

/* Column j of the working F and G (first m_f, m_g rows) scaled by the range plan (column shift c). */
HZGSVD_PRIVATE void hzgsvd__cpu_range_shift(const hzgsvd__cpu_mats *M, int j, int m_f, int m_g, const hzgsvd__range *rg, int c)
{
    if (!rg->active) return;
    const hzgsvd__cpu_planes f = hzgsvd__cpu_col(M, 0, j), g = hzgsvd__cpu_col(M, 1, j);
    hzgsvd__cpu_scale_pow2(f, m_f, rg->shift_f + c);
    hzgsvd__cpu_scale_pow2(g, m_g, rg->shift_g + c);
}

/* Column j of the working F and G (first m_f, m_g rows) scaled by the range plan (column shift c),
 * and its norms nf, ng for the rank test.  Returns 0, or 1 (F) / 2 (G) where that column is below
 * what the engine resolves (hzgsvd__range_fail_input). */
HZGSVD_PRIVATE int hzgsvd__cpu_range_column(const hzgsvd__cpu_mats *M, int j, int m_f, int m_g, const hzgsvd__range *rg, int c, double *nf, double *ng)
{
    hzgsvd__cpu_range_shift(M, j, m_f, m_g, rg, c);
    *nf = sqrt(hzgsvd__cpu_nrm2sq(hzgsvd__cpu_col(M, 0, j), m_f, 0));
    *ng = sqrt(hzgsvd__cpu_nrm2sq(hzgsvd__cpu_col(M, 1, j), m_g, 0));
    const double resolve = ldexp(1.0, -HZGSVD__RANGE_RESOLVE);
    return *nf < resolve ? 1 : *ng < resolve ? 2 : 0;
}

/* Copy a caller's matrix (complex: interleaved) into a working one (m rows, ld_w >= m; rows m.. stay zero). */
HZGSVD_PRIVATE void hzgsvd__cpu_load_planes(const double *Y, int m, int n, int ld, hzgsvd__cpu_planes w, int ldw)
{
    const int np = w.np;
    for (int j = 0; j < n; ++j)
        for (int r = 0; r < m; ++r)
            for (int v = 0; v < np; ++v) w.p[v][r + (size_t)j * ldw] = Y[np * (r + (size_t)j * ld) + v];
}

/* Write working column jw (first m rows) to the caller's column jc. */
HZGSVD_PRIVATE void hzgsvd__cpu_store_planes(double *Y, int ld, int jc, hzgsvd__cpu_planes w, int ldw, int jw, int m)
{
    const int np = w.np;
    for (int r = 0; r < m; ++r)
        for (int v = 0; v < np; ++v) Y[np * (r + (size_t)jc * ld) + v] = w.p[v][r + (size_t)jw * ldw];
}

/* Numerical rank test after the iteration (docs/NUMERICS.md): ||F z_j|| = sigma_f_j must stay
 * above the rounding level of the column-scaled product, max(m, n) u sum_k |z_kj| ||f_k|| (the same
 * for G).  The measure is invariant under column scaling, as the method is, so graded matrices
 * pass; exactly dependent columns land at the rounding level and fail.  z: working column j
 * (first n rows); nf, ng: the column norms of the (range-scaled) input F', G'.  Returns 0, 1 (F) or 2 (G). */
HZGSVD_PRIVATE int hzgsvd__cpu_degenerate(hzgsvd__cpu_planes z, int n, const double *nf, const double *ng,
                                    double sf, double sg, double tol_f, double tol_g)
{
    double af = 0.0, ag = 0.0;
    for (int k = 0; k < n; ++k) {
        const double a = hzgsvd__cpu_abs(z, k);
        af = fma(a, nf[k], af);
        ag = fma(a, ng[k], ag);
    }
    if (!(sf > tol_f * af)) return 1;
    if (!(sg > tol_g * ag)) return 2;
    return 0;
}

/* Working matrices: one zeroed allocation for F, G and Z, plane after plane (the real parts of all three first). */
HZGSVD_PRIVATE int hzgsvd__cpu_mats_alloc(hzgsvd__cpu_mats *M, int mf, int mg, int nz, int nc, int np)
{
    const size_t per_plane = (size_t)mf * nc + (size_t)mg * nc + (size_t)nz * nc;
    double *dp = (double *)calloc(np * per_plane, sizeof(double));
    M->mf = mf; M->mg = mg; M->nz = nz; M->nc = nc; M->np = np;
    M->Fi = M->Gi = M->Zi = NULL;
    if (!dp) return -1;
    M->Fr = dp; M->Gr = M->Fr + (size_t)mf * nc; M->Zr = M->Gr + (size_t)mg * nc;
    if (np == 2) { M->Fi = dp + per_plane; M->Gi = M->Fi + (size_t)mf * nc; M->Zi = M->Gi + (size_t)mg * nc; }
    return 0;
}

HZGSVD_PRIVATE void hzgsvd__cpu_mats_free(hzgsvd__cpu_mats *M) { free(M->Fr); M->Fr = NULL; }

/* n = 1 (paper section 2): U = F/||F||, V = G/||G||, Z = 1/sqrt(||F||^2 + ||G||^2), on the
 * range-scaled columns (col0: the column shift of the plan rg). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_gsvd_n1(int np, int m_f, int m_g, double *F, double *G, double *Z,
                                           double *sigma_f, double *sigma_g, double *sigma, int enh,
                                           const hzgsvd__range *rg, int col0, hzgsvd_info *info)
{
    hzgsvd__cpu_mats M;                    /* the one column of F and G (no Z) */
    if (hzgsvd__cpu_mats_alloc(&M, m_f, m_g, 0, 1, np) != 0)
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating %zu bytes", sizeof(double) * np * ((size_t)m_f + (size_t)m_g));
    const hzgsvd__cpu_planes f = hzgsvd__cpu_mat(&M, 0), g = hzgsvd__cpu_mat(&M, 1);
    hzgsvd__cpu_load_planes(F, m_f, 1, m_f, f, m_f);
    hzgsvd__cpu_load_planes(G, m_g, 1, m_g, g, m_g);
    hzgsvd__cpu_range_shift(&M, 0, m_f, m_g, rg, col0);
    const double nf2 = hzgsvd__cpu_nrm2sq(f, m_f, enh);
    const double ng2 = hzgsvd__cpu_nrm2sq(g, m_g, enh);
    const double rho = hzgsvd__rsqrt_rn(nf2 + ng2);
    const double sf1 = sqrt(nf2) * rho, sg1 = sqrt(ng2) * rho, s1 = sqrt(nf2) * hzgsvd__rsqrt_rn(ng2);
    if (!isfinite(rho) || !isfinite(s1) || !(sf1 > 0.0) || !(sg1 > 0.0)) {
        hzgsvd__cpu_mats_free(&M);
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "n = 1: ||F'||^2 = %g, ||G'||^2 = %g out of range after range scaling", nf2, ng2);
    }
    double sf, sg, s, zm;
    int ze;
    const int out = hzgsvd__cpu_range_sigma(rg, sf1, sg1, s1, &sf, &sg, &s, &zm, &ze);
    hzgsvd__cpu_scale(f, m_f, hzgsvd__rsqrt_rn(nf2));
    hzgsvd__cpu_scale(g, m_g, hzgsvd__rsqrt_rn(ng2));
    hzgsvd__cpu_store_planes(F, m_f, 0, f, m_f, 0, m_f);
    hzgsvd__cpu_store_planes(G, m_g, 0, g, m_g, 0, m_g);
    Z[0] = rho;
    for (int v = 1; v < np; ++v) Z[v] = 0.0;
    const int zbad = rg->active && hzgsvd__cpu_range_z_col(Z, 1, &col0, zm, ze, np);
    if (sigma_f) sigma_f[0] = sf;
    if (sigma_g) sigma_g[0] = sg;
    if (sigma) sigma[0] = s;
    hzgsvd__cpu_mats_free(&M);
    if (info) info->outputs_written = 1;
    if (out || zbad)
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE, "n = 1: %s = %g is outside the double range (2^%d ||F|| / ||G|| with ||F|| / ||G|| = %g)",
                            out ? "sigma" : "Z", (out ? s : Z[0]), rg->shift_g - rg->shift_f, s1);
    return HZGSVD_SUCCESS;
}

/* What one run of the blocked algorithm over nc columns needs besides the matrices: the strategy
 * tables of the block level (over nc / w block columns) and the pointwise level, per-thread scratch,
 * the per-pair results of a step, and the settings. */
typedef struct hzgsvd__cpu_engine {
    int w, k, nblk, outer_steps, inner_steps, max_inner, variant, enh, sort, nthreads, np;
    double tol;
    int *outer, *inner;
    hzgsvd__cpu_scratch *scr;
    hzgsvd__cpu_pair_result *pres;
    char *mem;
} hzgsvd__cpu_engine;

HZGSVD_PRIVATE void hzgsvd__cpu_engine_free(hzgsvd__cpu_engine *E) { free(E->mem); free(E->scr); E->mem = NULL; E->scr = NULL; }

HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_engine_init(hzgsvd__cpu_engine *E, int nc, int np, const hzgsvd_options *o, hzgsvd_info *info)
{
    E->w = o->block_width; E->k = 2 * E->w; E->nblk = nc / E->w;
    E->variant = o->variant; E->enh = HZGSVD__VAR_ENHANCED(o->variant); E->sort = o->sort;
    E->max_inner = (o->blocking == HZGSVD_BLOCKING_FB) ? 30 : 1;
    E->tol = hzgsvd__ortho_tol(E->k);
    E->mem = NULL; E->scr = NULL; E->np = np;
#ifdef _OPENMP
    E->nthreads = o->threads > 0 ? o->threads : omp_get_max_threads();
    /* a step has nblk / 2 independent block pairs: more threads only cost scratch (results are
     * the same for every thread count) */
    if (E->nthreads > E->nblk / 2) E->nthreads = E->nblk / 2 > 1 ? E->nblk / 2 : 1;
#else
    E->nthreads = 1;
#endif
    const int k = E->k;
    E->outer_steps = hzgsvd__strategy_nsteps(o->outer, E->nblk);
    E->inner_steps = hzgsvd__strategy_nsteps(o->inner, k);
    if (E->outer_steps < 1 || E->inner_steps < 1)
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "no strategy for %d block columns / order %d", E->nblk, k);
    const size_t n_scr = np * (3 * (size_t)k * k + 2 * (size_t)hzgsvd__cpu_ROWS * k);
    const size_t bytes = sizeof(double) * n_scr * (size_t)E->nthreads
                       + sizeof(int) * ((size_t)E->outer_steps * E->nblk + (size_t)E->inner_steps * k + 1)
                       + sizeof(hzgsvd__cpu_pair_result) * (size_t)(E->nblk / 2 + 1);
    E->mem = (char *)calloc(1, bytes);
    E->scr = (hzgsvd__cpu_scratch *)malloc(sizeof(hzgsvd__cpu_scratch) * (size_t)E->nthreads);
    if (!E->mem || !E->scr) {
        hzgsvd__cpu_engine_free(E);
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating %zu bytes of engine scratch", bytes);
    }
    /* the per-pair results first (8-byte aligned), then the doubles, then the ints */
    E->pres = (hzgsvd__cpu_pair_result *)E->mem;
    double *dp = (double *)(E->mem + sizeof(hzgsvd__cpu_pair_result) * (size_t)(E->nblk / 2 + 1));
    for (int t = 0; t < E->nthreads; ++t) {
        hzgsvd__cpu_scratch *S = &E->scr[t];
        S->A.np = S->B.np = S->H.np = S->X.np = S->O.np = np;
        for (int v = 0; v < np; ++v) {           /* per thread: the real planes, then the imaginary ones */
            S->A.p[v] = dp; dp += (size_t)k * k;
            S->B.p[v] = dp; dp += (size_t)k * k;
            S->H.p[v] = dp; dp += (size_t)k * k;
            S->X.p[v] = dp; dp += (size_t)hzgsvd__cpu_ROWS * k;
            S->O.p[v] = dp; dp += (size_t)hzgsvd__cpu_ROWS * k;
        }
    }
    E->outer = (int *)dp;
    E->inner = E->outer + (size_t)E->outer_steps * E->nblk;
    if (hzgsvd__strategy_fill(o->outer, E->nblk, E->outer) != 0 || hzgsvd__inner_table(o->inner, k, E->inner) != 0) {
        hzgsvd__cpu_engine_free(E);
        return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "strategy tables for %d block columns / order %d", E->nblk, k);
    }
    return HZGSVD_SUCCESS;
}

/* initFGZ (section 3.3): unit norms of G's columns (variants 0, 1, 4, 5) and Z = the scaling, put in
 * row zrow(j) of local column j: zrow(j) = row0 + j for j < half, row1 + j - half after (the logical
 * column of a stripe, section 4.2; one process: half = nc, row0 = 0).  Z must be zero. */
HZGSVD_PRIVATE void hzgsvd__cpu_init_fgz(const hzgsvd__cpu_mats *M, const hzgsvd__cpu_engine *E, int half, int row0, int row1)
{
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(E->nthreads)
#endif
    for (int j = 0; j < M->nc; ++j) {
        double zj = 1.0;
        if (!HZGSVD__VAR_RESCALE(E->variant)) {
            zj = hzgsvd__rsqrt_rn(hzgsvd__cpu_nrm2sq(hzgsvd__cpu_col(M, 1, j), M->mg, E->enh));
            if (zj != 1.0) {
                hzgsvd__cpu_scale(hzgsvd__cpu_col(M, 0, j), M->mf, zj);
                hzgsvd__cpu_scale(hzgsvd__cpu_col(M, 1, j), M->mg, zj);
            }
        }
        const int zrow = j < half ? row0 + j : row1 + j - half;
        M->Zr[(size_t)zrow + (size_t)j * M->nz] = zj;
    }
}

/* One outer (block-level) sweep over the nc columns of M by the block-level table `table` (steps
 * rows of nblk / 2 block pairs; E->outer for a whole sweep).  Adds its transformation counts to
 * *all and *big.  On a pivot failure returns HZGSVD_ERR_RANK_DEFICIENT with a message; gcol (NULL:
 * the identity) maps a local column to the number the message shows. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_sweep_table(const hzgsvd__cpu_mats *M, hzgsvd__cpu_engine *E, const int *table, int steps, int sweep,
                                               const int *gcol, unsigned long long *all, unsigned long long *big, hzgsvd_info *info)
{
    const int w = E->w, nblk = E->nblk;
    hzgsvd_status st = HZGSVD_SUCCESS;
    for (int step = 0; step < steps && st == HZGSVD_SUCCESS; ++step) {
        const int *pairs = table + (size_t)step * nblk;
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(E->nthreads)
#endif
        for (int pos = 0; pos < nblk / 2; ++pos) {
#ifdef _OPENMP
            const int tid = omp_get_thread_num();
#else
            const int tid = 0;
#endif
            int cols[128];                      /* 2w <= 128 column indices */
            const int P = pairs[2 * pos], Q = pairs[2 * pos + 1];
            for (int c = 0; c < w; ++c) { cols[c] = P * w + c; cols[w + c] = Q * w + c; }
            E->pres[pos] = hzgsvd__cpu_block_pair(M, cols, E->k, E->inner, E->inner_steps, E->max_inner, E->variant, E->sort, E->tol, &E->scr[tid]);
        }
        for (int pos = 0; pos < nblk / 2; ++pos) {   /* fixed order: the first failure is reported */
            const hzgsvd__cpu_pair_result *r = &E->pres[pos];
            *all += r->all;
            *big += r->big;
            if (r->fail == 4 && st == HZGSVD_SUCCESS) {
                st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the copy of an ill-conditioned pivot block for its MGS factor (sweep %d)", sweep + 1);
            } else if (r->fail && st == HZGSVD_SUCCESS && r->tiny) {
                const int P = pairs[2 * pos], Q = pairs[2 * pos + 1];
                const int lc = r->fail_col, c = lc < w ? P * w + lc : Q * w + lc - w;
                st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE,
                                  "column %d of %s fell below 2^-%d of the largest columns (sweep %d, block columns %d and %d): "
                                  "the pair's sigma spread over more than the engine resolves (about 1e150)",
                                  (gcol ? gcol[c] : c) + 1, r->fail == 1 ? "F" : "G", HZGSVD__RANGE_RESOLVE, sweep + 1, P, Q);
            } else if (r->fail && st == HZGSVD_SUCCESS) {
                const int P = pairs[2 * pos], Q = pairs[2 * pos + 1];
                const int lc = r->fail_col, c = lc < w ? P * w + lc : Q * w + lc - w;
                st = hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT,
                                  r->fail == 3 ? "G is not of full column rank: a 2x2 pivot of B is not positive definite (sweep %d, block columns %d and %d, column %d)"
                                  : r->fail == 1 ? "F is not of full column rank: a column of a pivot block vanished in its QR factorization (sweep %d, block columns %d and %d, column %d)"
                                                 : "G is not of full column rank: a column of a pivot block vanished in its QR factorization (sweep %d, block columns %d and %d, column %d)",
                                  sweep + 1, P, Q, (gcol ? gcol[c] : c) + 1);
            }
        }
    }
    return st;
}

/* One whole outer sweep (the engine's block-level strategy). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_sweep(const hzgsvd__cpu_mats *M, hzgsvd__cpu_engine *E, int sweep, const int *gcol,
                                         unsigned long long *all, unsigned long long *big, hzgsvd_info *info)
{
    return hzgsvd__cpu_sweep_table(M, E, E->outer, E->outer_steps, sweep, gcol, all, big, info);
}

/* Final rescale (section 3.4, f = true) of the nc columns: U, V, Sigma_F, Sigma_G, Sigma and Z.
 * Returns the first degenerate column or -1. */
HZGSVD_PRIVATE int hzgsvd__cpu_final_rescale(const hzgsvd__cpu_mats *M, const hzgsvd__cpu_engine *E, double *sf, double *sg, double *ss)
{
    int bad = -1;
    const int enh = E->enh;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) num_threads(E->nthreads)
#endif
    for (int j = 0; j < M->nc; ++j) {
        const hzgsvd__cpu_planes f = hzgsvd__cpu_col(M, 0, j), g = hzgsvd__cpu_col(M, 1, j), z = hzgsvd__cpu_col(M, 2, j);
        const double nf2 = hzgsvd__cpu_nrm2sq(f, M->mf, enh);
        const double ng2 = hzgsvd__cpu_nrm2sq(g, M->mg, enh);
        const double rho = hzgsvd__rsqrt_rn(nf2 + ng2);
        const double rf = hzgsvd__rsqrt_rn(nf2), rg = hzgsvd__rsqrt_rn(ng2);
        sf[j] = sqrt(nf2) * rho;
        sg[j] = sqrt(ng2) * rho;
        ss[j] = sqrt(nf2) * rg;
        if (rf != 1.0) hzgsvd__cpu_scale(f, M->mf, rf);
        if (rg != 1.0) hzgsvd__cpu_scale(g, M->mg, rg);
        if (rho != 1.0) hzgsvd__cpu_scale(z, M->nz, rho);
        if (!(sf[j] > 0.0) || !(sg[j] > 0.0) || !isfinite(ss[j]) || !isfinite(rf) || !isfinite(rg) || !isfinite(rho)) {
#ifdef _OPENMP
#pragma omp critical(hzgsvd__cpu_bad)
#endif
            { if (bad < 0 || j < bad) bad = j; }
        }
    }
    return bad;
}

/* Whether column j of Z (nz rows) is one of the caller's: no entry in the bordered rows n.. (exact
 * zeros: a bordered column never mixes with a real one). */
HZGSVD_PRIVATE int hzgsvd__cpu_real_column(const hzgsvd__cpu_mats *M, int j, int n)
{
    const hzgsvd__cpu_planes z = hzgsvd__cpu_col(M, 2, j);
    for (int r = n; r < M->nz; ++r)
        for (int v = 0; v < z.np; ++v)
            if (z.p[v][r] != 0.0) return 0;
    return 1;
}

/* The rank test of every output column (docs/NUMERICS.md); order[c] = working column of output c.
 * Returns 0, 1 (F) or 2 (G) and the first failing output column in *col. */
HZGSVD_PRIVATE int hzgsvd__cpu_rank_test(const hzgsvd__cpu_mats *M, const int *order, int cnt, int n, int m_f, int m_g,
                                   const double *nf, const double *ng, const double *sf, const double *sg, int *col)
{
    for (int c = 0; c < cnt; ++c) {
        const int j = order[c];
        const int d = hzgsvd__cpu_degenerate(hzgsvd__cpu_col(M, 2, j), n, nf, ng, sf[j], sg[j],
                                       (double)(m_f > n ? m_f : n) * HZGSVD__U, (double)(m_g > n ? m_g : n) * HZGSVD__U);
        if (d) { *col = c; return d; }
    }
    return 0;
}

/* The reduction's cache-blocked real product (a wrapper in templates/hzgsvd_reduce_prec.c.j2 over templates/hzgsvd_dense.c, later in this file):
 * C += alpha A^T B, each entry an fma chain over k in a fixed order whatever the threads. */
HZGSVD_PRIVATE void hzgsvd__d_dn_mm(char ta, char tb, int m, int n, int k, double alpha, const double *d, const double *A, int lda,
                                    const double *Bm, int ldb, double *Cm, int ldc);

/* max over the nc columns y_j of the m x nc Y (split planes, ld ld) of |y_i^H y_j - delta_ij|: how far
 * the normalized columns (U or V after the final rescale) are from orthonormal.  Y^H Y by column
 * blocks of up to 256 (upper triangle), with the reduction's product.
 * Returns -1 where the scratch cannot be allocated (the caller then skips the check). */
HZGSVD_PRIVATE double hzgsvd__cpu_orth_max(hzgsvd__cpu_planes y, int m, int nc, int ld)
{
    const int bw = nc < 256 ? nc : 256;
    double worst = 0.0;
    double *buf = (double *)malloc(sizeof(double) * y.np * (size_t)nc * bw);
    if (!buf) return -1.0;
    hzgsvd__cpu_planes c = y;                           /* Y^H Y - I of a column block */
    for (int v = 0; v < y.np; ++v) c.p[v] = buf + (size_t)v * nc * bw;
    const double *yr = y.p[0];
    for (int j0 = 0; j0 < nc; j0 += bw) {
        const int w = nc - j0 < bw ? nc - j0 : bw, rows = j0 + w;
        memset(buf, 0, sizeof(double) * y.np * (size_t)nc * bw);
        hzgsvd__d_dn_mm('T', 'N', rows, w, m, 1.0, NULL, yr, ld, yr + (size_t)j0 * ld, ld, c.p[0], rows);
        if (y.np == 2) {   /* the real and imaginary parts from the planes: four real products */
            const double *yi = y.p[1];
            hzgsvd__d_dn_mm('T', 'N', rows, w, m, 1.0, NULL, yi, ld, yi + (size_t)j0 * ld, ld, c.p[0], rows);
            hzgsvd__d_dn_mm('T', 'N', rows, w, m, 1.0, NULL, yr, ld, yi + (size_t)j0 * ld, ld, c.p[1], rows);
            hzgsvd__d_dn_mm('T', 'N', rows, w, m, -1.0, NULL, yi, ld, yr + (size_t)j0 * ld, ld, c.p[1], rows);
        }
        for (int jj = 0; jj < w; ++jj)
            for (int i = 0; i <= j0 + jj; ++i) {
                const size_t e = (size_t)i + (size_t)jj * rows;
                c.p[0][e] = c.p[0][e] - (i == j0 + jj);
                worst = fmax(worst, hzgsvd__cpu_abs(c, e));
            }
    }
    free(buf);
    return worst;
}

/* One run's working state: the bordered copies, the engine, and per column the sigmas, the input
 * norms (the rank test), the exponents and shifts of the range plan, the output order. */
typedef struct hzgsvd__cpu_run {
    hzgsvd__cpu_mats M;
    hzgsvd__cpu_engine E;
    double *sig, *sf, *sg, *ss, *nf, *ng;
    int *ints, *ef, *eg, *col, *order;
    hzgsvd__range rg;
    hzgsvd__cpu_pre pre;            /* the preconditioned start's Z0 (templates/hzgsvd_cpu_precondition.c) */
    int nb, converged;
    /* the caller's pair and outputs, for the end stages */
    int m_f, m_g, n, ldf, ldg, ldz;
    double *F, *G, *Z, *sigma_f, *sigma_g, *sigma;
    const hzgsvd_options *o;
    hzgsvd__on_deficient mode;      /* what a failing rank test does (the front door's runs can reroute) */
} hzgsvd__cpu_run;

HZGSVD_PRIVATE void hzgsvd__cpu_run_free(hzgsvd__cpu_run *R)
{
    free(R->sig); free(R->ints);
    hzgsvd__cpu_mats_free(&R->M); hzgsvd__cpu_engine_free(&R->E);
    hzgsvd__cpu_pre_free(&R->pre);
}

/* Load and scale into range (nf, ng: the columns' norms after it). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_run_load(hzgsvd__cpu_run *R, hzgsvd_info *info)
{
    hzgsvd__cpu_mats *M = &R->M;
    hzgsvd__cpu_load_planes(R->F, R->m_f, R->n, R->ldf, hzgsvd__cpu_mat(M, 0), M->mf);
    hzgsvd__cpu_load_planes(R->G, R->m_g, R->n, R->ldg, hzgsvd__cpu_mat(M, 1), M->mg);
    for (int j = 0; j < R->n; ++j) {
        const int low = hzgsvd__cpu_range_column(M, j, R->m_f, R->m_g, &R->rg, R->col[j], &R->nf[j], &R->ng[j]);
        if (low) return hzgsvd__range_fail_input(info, j + 1, low == 1 ? "F" : "G");
    }
    return HZGSVD_SUCCESS;
}

/* Load, scale into range, the preconditioned start (double engine; o: its options), border (unit
 * diagonal in the added rows and columns, section 3.1), initFGZ (3.3); returns whether Z started at
 * Z0 (*kind its kind, NONE where plain). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_run_start(hzgsvd__cpu_run *R, const hzgsvd_options *o, int *kind, hzgsvd_info *info)
{
    const int m_f = R->m_f, m_g = R->m_g, n = R->n, nb = R->nb, extra = nb - n;
    hzgsvd__cpu_mats *M = &R->M;
    hzgsvd_status st = hzgsvd__cpu_run_load(R, info);
    *kind = HZGSVD_PRECONDITION_NONE;
    if (st != HZGSVD_SUCCESS) return st;
    {   /* F Z0, G Z0 in the working planes, or the loaded pair again */
        int reload = 0;
        st = hzgsvd__cpu_precondition(&R->pre, M, m_f, m_g, n, R->nf, R->ng, o, hzgsvd__reroutes(R->mode), &reload, info);
        if (st == HZGSVD_SUCCESS && reload) st = hzgsvd__cpu_run_load(R, info);
        if (st != HZGSVD_SUCCESS) return st;
    }
    for (int j = 0; j < extra; ++j) {
        M->Fr[(size_t)(m_f + j) + (size_t)(n + j) * M->mf] = 1.0;
        M->Gr[(size_t)(m_g + j) + (size_t)(n + j) * M->mg] = 1.0;
    }
    hzgsvd__cpu_init_fgz(M, &R->E, nb, 0, 0);
    if (R->pre.z0) *kind = R->pre.kind;
    hzgsvd__cpu_pre_apply(&R->pre, M, n);   /* Z = Z0 diag(z) where preconditioned */
    return HZGSVD_SUCCESS;
}

/* Algorithm 1 from a start of kind (run_start): sweeps until one applies no big transformation,
 * the budget (options.max_sweeps less *done, the sweeps before), an error or the cancel flag, or
 * until a QR_EIG start gives way (*gave_way; hzgsvd__start_gives_way).  *done: the sweeps so far. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_run_sweeps(hzgsvd__cpu_run *R, int kind, int *done, int *gave_way, hzgsvd_info *info, double t0)
{
    const hzgsvd_options *o = R->o;
    const int base = *done, budget = o->max_sweeps - base, enh = HZGSVD__VAR_ENHANCED(o->variant);
    const int preconditioned = kind != HZGSVD_PRECONDITION_NONE;   /* for the stop rule (hzgsvd__sweep_converged) */
    hzgsvd_status st = HZGSVD_SUCCESS;
    *gave_way = 0;
    for (int sweep = 0; sweep < budget && st == HZGSVD_SUCCESS; ++sweep) {
        unsigned long long sw_all = 0, sw_big = 0;
        st = hzgsvd__cpu_sweep(&R->M, &R->E, base + sweep, NULL, &sw_all, &sw_big, info);
        *done = base + sweep + 1;
        if (info) { info->sweeps = *done; info->all += sw_all; info->big += sw_big; }
        const int cancel = hzgsvd__sweep_done(o, *done, sw_big, sw_all, t0, 1);
        if (st != HZGSVD_SUCCESS) break;
        if (hzgsvd__sweep_converged(sweep, sw_big, sw_all, preconditioned)) { R->converged = 1; break; }
        if (cancel) { st = hzgsvd__cancelled(info, *done); break; }
        if (hzgsvd__start_gives_way(kind, sweep, budget)) { *gave_way = 1; break; }
        hzgsvd__cpu_rescale_z(&R->M, enh, R->E.nthreads);
    }
    return st;
}

/* The run's start and sweeps; a QR_EIG start that gives way is replaced by QR_SVD's, from the input
 * pair again (both stages' seconds in info, the note saying why). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_run_iterate(hzgsvd__cpu_run *R, hzgsvd_info *info, double t0)
{
    int kind, done = 0, gave_way = 0;
    hzgsvd_status st = hzgsvd__cpu_run_start(R, R->o, &kind, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__cpu_run_sweeps(R, kind, &done, &gave_way, info, t0);
    if (st == HZGSVD_SUCCESS && gave_way) {
        hzgsvd_options o = *R->o;
        const double eig_seconds = info ? info->precondition_seconds : 0.0;
        o.precondition = HZGSVD_PRECONDITION_QR_SVD;
        st = hzgsvd__cpu_run_start(R, &o, &kind, info);
        hzgsvd__pre_gave_way(info, eig_seconds);
        if (st == HZGSVD_SUCCESS) st = hzgsvd__cpu_run_sweeps(R, kind, &done, &gave_way, info, t0);
    }
    return st;
}

/* The end of the run as hooks of the one epilogue (hzgsvd__finish, templates/hzgsvd_finish.c). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_end_rescale(void *run, hzgsvd_info *info)
{
    hzgsvd__cpu_run *R = (hzgsvd__cpu_run *)run;
    const int bad = hzgsvd__cpu_final_rescale(&R->M, &R->E, R->sf, R->sg, R->ss);
    if (bad >= 0)
        return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "column %d of the result is degenerate (sigma_f = %g, sigma_g = %g): F or G is not of full column rank",
                            bad + 1, R->sf[bad], R->sg[bad]);
    return HZGSVD_SUCCESS;
}

/* The caller's columns are those free of bordering (sorting may have moved them); sigma refined
 * from the input before sorting: the order follows the refined sigma. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_end_order(void *run, hzgsvd_info *info)
{
    hzgsvd__cpu_run *R = (hzgsvd__cpu_run *)run;
    const hzgsvd__cpu_mats *M = &R->M;
    const int n = R->n;
    int cnt = 0;
    for (int j = 0; j < R->nb; ++j)
        if (hzgsvd__cpu_real_column(M, j, n)) { if (cnt < n) R->order[cnt] = j; ++cnt; }
    if (cnt != n) return hzgsvd__fail(info, HZGSVD_ERR_INTERNAL, "%d result columns free of bordering, expected %d", cnt, n);
    if (R->o->refine_sigma != 0) {   /* -1 (the engine's choice) refines too */
        const hzgsvd_status st = M->np == 2
            ? hzgsvd__z_refine_sigma(R->F, R->ldf, R->m_f, R->G, R->ldg, R->m_g, n, n, R->ef, R->eg, &R->rg, R->col, M->Zr, M->Zi, R->nb, R->order, R->sf,
                                  R->sg, R->ss, R->E.nthreads, info)
            : hzgsvd__d_refine_sigma(R->F, R->ldf, R->m_f, R->G, R->ldg, R->m_g, n, n, R->ef, R->eg, &R->rg, R->col, M->Zr, R->nb, R->order, R->sf, R->sg,
                                  R->ss, R->E.nthreads, info);
        if (st != HZGSVD_SUCCESS) return st;
        if (info) info->sigma_refined = 1;
    }
    if (R->o->sort) hzgsvd__sort_desc(R->ss, R->order, n);
    return HZGSVD_SUCCESS;
}

/* The rank test on the scaled pair (its measure is invariant under the scaling), and the first
 * column whose Sigma' is below what the engine resolves. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_end_rank_test(void *run, hzgsvd__outcome *out, hzgsvd_info *info)
{
    hzgsvd__cpu_run *R = (hzgsvd__cpu_run *)run;
    const double resolve = ldexp(1.0, -HZGSVD__RANGE_RESOLVE);
    (void)info;
    for (int c = 0; c < R->n && out->unresolved_col < 0; ++c)
        if (R->sf[R->order[c]] < resolve || R->sg[R->order[c]] < resolve) out->unresolved_col = c;
    out->degenerate = hzgsvd__cpu_rank_test(&R->M, R->order, R->n, R->n, R->m_f, R->m_g, R->nf, R->ng, R->sf, R->sg, &out->degenerate_col);
    return HZGSVD_SUCCESS;
}

/* U and V checked where the caller can solve the pair another way: on a pair whose F or G is of
 * condition near 1/u and not graded the iteration can converge with U or V off orthogonality
 * (docs/NUMERICS.md, "The full-rank engine's limit"); the reduction's core solves it.  16 nb u as
 * the reduction's own core check; O((m_f + m_g) nb^2) at the speed of a matrix product. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_end_uv_check(void *run, hzgsvd_info *info)
{
    hzgsvd__cpu_run *R = (hzgsvd__cpu_run *)run;
    const hzgsvd__cpu_mats *M = &R->M;
    const double tol = 16.0 * R->nb * ldexp(1.0, -53);
    const double ou = hzgsvd__cpu_orth_max(hzgsvd__cpu_mat(M, 0), M->mf, R->nb, M->mf);
    const double ov = ou > tol ? 0.0 : hzgsvd__cpu_orth_max(hzgsvd__cpu_mat(M, 1), M->mg, R->nb, M->mg);
    if (ou > tol || ov > tol)
        return hzgsvd__fail(info, HZGSVD_ERR_RANK_DEFICIENT, "%s came out off orthogonality by %.2g > %.2g (F or G is too ill-conditioned for the full-rank engine)",
                            ou > tol ? "U" : "V", ou > tol ? ou : ov, tol);
    return HZGSVD_SUCCESS;
}

/* The caller's arrays in the output order, the sigmas of the original pair (range plan undone). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_end_store(void *run, hzgsvd__outcome *out, hzgsvd_info *info)
{
    hzgsvd__cpu_run *R = (hzgsvd__cpu_run *)run;
    const hzgsvd__cpu_mats *M = &R->M;
    const int n = R->n;
    (void)info;
    for (int c = 0; c < n; ++c) {
        const int j = R->order[c];
        double sfo, sgo, sso, zm;
        int ze;
        int bad_c = hzgsvd__cpu_range_sigma(&R->rg, R->sf[j], R->sg[j], R->ss[j], &sfo, &sgo, &sso, &zm, &ze);
        hzgsvd__cpu_store_planes(R->F, R->ldf, c, hzgsvd__cpu_mat(M, 0), M->mf, j, R->m_f);
        hzgsvd__cpu_store_planes(R->G, R->ldg, c, hzgsvd__cpu_mat(M, 1), M->mg, j, R->m_g);
        hzgsvd__cpu_store_planes(R->Z, R->ldz, c, hzgsvd__cpu_mat(M, 2), R->nb, j, n);
        if (R->rg.active) bad_c |= hzgsvd__cpu_range_z_col(R->Z + M->np * (size_t)c * R->ldz, n, R->col, zm, ze, M->np);
        if (bad_c && out->range_col < 0) out->range_col = c;
        if (R->sigma_f) R->sigma_f[c] = sfo;
        if (R->sigma_g) R->sigma_g[c] = sgo;
        if (R->sigma) R->sigma[c] = sso;
    }
    if (out->range_col >= 0) {
        const int c = out->range_col;
        out->range_values = 1;
        out->range_sigma[0] = (R->sigma ? R->sigma[c] : 0.0);
        out->range_sigma[1] = (R->sigma_f ? R->sigma_f[c] : 0.0);
        out->range_sigma[2] = (R->sigma_g ? R->sigma_g[c] : 0.0);
    }
    return HZGSVD_SUCCESS;
}

/* After the sweeps: the one epilogue over the hooks above (REROUTE: U and V checked, nothing
 * written on a failing rank test). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_run_finish(hzgsvd__cpu_run *R, hzgsvd_info *info, hzgsvd__on_deficient mode)
{
    static const hzgsvd__finish_ops ops = {hzgsvd__cpu_end_rescale, hzgsvd__cpu_end_order, hzgsvd__cpu_end_rank_test, hzgsvd__cpu_end_uv_check,
                                           hzgsvd__cpu_end_store};
    return hzgsvd__finish(&ops, R, mode, R->converged, R->o->max_sweeps, "sweep", info);
}

/* The whole run on validated arguments: the value checks and the range plan (hzgsvd__range) from
 * the exponents they find, n = 1 apart, then the iteration and its end.  mode: what a failing final
 * rank test does (hzgsvd__on_deficient; REROUTE also checks U and V and returns before any output
 * is written).  np: 1 real, 2 complex (interleaved arrays). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_gsvd(int np, int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg,
                                        double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma,
                                        const hzgsvd_options *o, hzgsvd_info *info, double t0, hzgsvd__on_deficient mode)
{
    hzgsvd__cpu_run R;
    memset(&R, 0, sizeof R);   /* every pointer NULL: hzgsvd__cpu_run_free on any path */
    R.ints = (int *)malloc(sizeof(int) * 4 * (size_t)n);
    if (!R.ints) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating %zu bytes", sizeof(int) * 4 * (size_t)n);
    R.ef = R.ints; R.eg = R.ints + n; R.col = R.ints + 2 * (size_t)n; R.order = R.ints + 3 * (size_t)n;
    hzgsvd_status st = hzgsvd__cpu_check_values(F, m_f, n, ldf, np, "F", R.ef, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__cpu_check_values(G, m_g, n, ldg, np, "G", R.eg, info);
    if (st != HZGSVD_SUCCESS) { free(R.ints); return st; }
    int part[3] = {0, INT_MIN, INT_MIN};
    hzgsvd__range_columns(n, R.ef, R.eg, R.col, part);
    R.rg = hzgsvd__range_plan(part);
    if (n == 1) {
        if (info) { info->n_bordered = 1; info->block_width = o->block_width; }
        st = hzgsvd__cpu_gsvd_n1(np, m_f, m_g, F, G, Z, sigma_f, sigma_g, sigma, HZGSVD__VAR_ENHANCED(o->variant), &R.rg, R.col[0], info);
        free(R.ints);
        return st;
    }
    R.nb = hzgsvd__bordered_n(n, o->block_width);
    const int extra = R.nb - n;
    if (info) { info->n_bordered = R.nb; info->block_width = o->block_width; }
    /* sf, sg, ss of the nb working columns; nf, ng the column norms of F' and G' (the rank test) */
    R.sig = (double *)malloc(sizeof(double) * (3 * (size_t)R.nb + 2 * (size_t)n));
    if (!R.sig || hzgsvd__cpu_mats_alloc(&R.M, m_f + extra, m_g + extra, R.nb, R.nb, np) != 0) {
        hzgsvd__cpu_run_free(&R);
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the working copies of F, G and Z (n = %d after bordering)", R.nb);
    }
    R.sf = R.sig; R.sg = R.sig + R.nb; R.ss = R.sig + 2 * (size_t)R.nb; R.nf = R.sig + 3 * (size_t)R.nb; R.ng = R.nf + n;
    R.m_f = m_f; R.m_g = m_g; R.n = n; R.F = F; R.ldf = ldf; R.G = G; R.ldg = ldg; R.Z = Z; R.ldz = ldz;
    R.sigma_f = sigma_f; R.sigma_g = sigma_g; R.sigma = sigma; R.o = o; R.mode = mode;
    st = hzgsvd__cpu_engine_init(&R.E, R.nb, np, o, info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__cpu_run_iterate(&R, info, t0);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__cpu_run_finish(&R, info, mode);
    hzgsvd__cpu_run_free(&R);
    return st;
}

/* The full-rank run of each precision, as the reduction's table (hzgsvd_reduce_prec.c.j2) names it. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__d_gsvd(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                           double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *o, hzgsvd_info *info,
                                           double t0, hzgsvd__on_deficient mode)
{
    return hzgsvd__cpu_gsvd(1, m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, o, info, t0, mode);
}
HZGSVD_PRIVATE hzgsvd_status hzgsvd__z_gsvd(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                           double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *o, hzgsvd_info *info,
                                           double t0, hzgsvd__on_deficient mode)
{
    return hzgsvd__cpu_gsvd(2, m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, o, info, t0, mode);
}
/*** end templates/hzgsvd_cpu_engine.c.j2 ***/

/*** begin templates/hzgsvd_dense_base.c ***/
#line HZGSVD__SRC_LINE(1, 1844) HZGSVD__SRC_FILE("templates/hzgsvd_dense_base.c")
/* Dense unitary factorizations for the reduction of a general pair, both precisions: Householder
 * reflectors, QR with column pivoting, RQ, LQ, triangular solves, products.  Column major in the
 * caller's layout; es doubles per element (1 real; 2 complex, interleaved re, im: ld counts
 * elements).  Every reflector is Hermitian, H = I - tau v v^H with tau real and v[alpha] = 1, so
 * H = H^H = H^-1 and one routine applies it from either side.
 *
 * Blocked: reflectors are made in panels of HZGSVD__DN_NB and applied to everything else at once
 * in the compact WY form H_1 H_2 ... H_k = I - V T V^H (T upper triangular), by matrix products
 * (hzgsvd__dn_mm, cache blocked, on OpenMP threads); the QR with column pivoting downdates its column
 * norms (LAPACK's xLAQPS, LAWN 176) and decides the rank on recomputed norms (docs/NUMERICS.md).
 * Every output element is computed by one thread in a fixed order (a product's element is one fma
 * chain over the inner index, whatever the blocking), so the results do not depend on the thread
 * count.
 *
 * Written once over es (this file and hzgsvd_dense.c); the loops whose arithmetic is complex
 * (reflectors, the micro-kernel, triangular products and solves, the pivoted panel's updates) are
 * per precision in hzgsvd_dense_arith.c.j2 (hzgsvd__d_dn_*, hzgsvd__z_dn_*), chosen by es.  Loops
 * that would index by a run-time es are compiled once per es (HZGSVD__SPECIALIZE). */

/* Scalars a loop must touch before it is shared among OpenMP threads. */
#ifndef HZGSVD__DN_PAR
#define HZGSVD__DN_PAR 32768
#endif
/* Reflectors per panel of the blocked factorizations (the inner dimension of their updates). */
#ifndef HZGSVD__DN_NB
#define HZGSVD__DN_NB 32
#endif
/* The product's cache blocks: KC of the inner dimension (a micro-panel of A and one of B stay in
 * L1), MC rows of A (a packed block stays in L2), NC columns of B (a packed block in L3). */
#ifndef HZGSVD__DN_KC
#define HZGSVD__DN_KC 256
#endif
#ifndef HZGSVD__DN_MC
#define HZGSVD__DN_MC 96
#endif
#ifndef HZGSVD__DN_NC
#define HZGSVD__DN_NC 1536
#endif
/* The micro-kernel's block of C: MR rows (8 real, 4 complex: one register budget), NR columns. */
#define HZGSVD__DN_MR(es) ((es) == 2 ? 4 : 8)
#define HZGSVD__DN_NR 6

/* A block of the stacked matrix S (ld lds, srows rows) that the reduction works on. */
typedef struct hzgsvd__dn_block {
    double *S;
    int lds, srows;
} hzgsvd__dn_block;

/* Element (i, j) of the block B (C doubles per element). */
#define HZGSVD__DN_AT(C, B, i, j) ((B)->S + (size_t)(C) * ((size_t)(i) + (size_t)(j) * (size_t)(B)->lds))

/* Euclidean norm of len elements at x (stride inc elements), scaled by a power of two so that no
 * square overflows or underflows needlessly. */
HZGSVD__SPECIALIZE double hzgsvd__dn_nrm2_es(const double *x, int len, int inc, int es)
{
    double amax = 0.0, ss = 0.0;
    int e;
    for (int i = 0; i < len; ++i)
        for (int c = 0; c < es; ++c) amax = fmax(amax, fabs(x[(size_t)es * i * inc + c]));
    if (!(amax > 0.0) || !isfinite(amax)) return amax;
    (void)frexp(amax, &e);
    /* x 2^-e by one multiplication where 2^-e is a normal double (the same, correctly rounded,
     * value as ldexp's), by ldexp for a subnormal amax */
    const double scale = e > -1000 ? ldexp(1.0, -e) : 0.0;
    for (int i = 0; i < len; ++i)
        for (int c = 0; c < es; ++c) {
            const double xi = x[(size_t)es * i * inc + c];
            const double t = e > -1000 ? xi * scale : ldexp(xi, -e);
            ss += t * t;
        }
    return ldexp(sqrt(ss), e);
}

HZGSVD_PRIVATE double hzgsvd__dn_nrm2(int es, const double *x, int len, int inc)
{
    return es == 2 ? hzgsvd__dn_nrm2_es(x, len, inc, 2) : hzgsvd__dn_nrm2_es(x, len, inc, 1);
}

/* sum x_i y_i over len doubles, in sixteen interleaved partial sums (enough independent chains to
 * hide the latency of fma) added in a fixed order. */
HZGSVD_PRIVATE double hzgsvd__dn_dot(const double *x, const double *y, int len)
{
    double s[16] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
    int i = 0;
    for (; i + 16 <= len; i += 16) {
        s[0] = fma(x[i + 0], y[i + 0], s[0]);    s[1] = fma(x[i + 1], y[i + 1], s[1]);
        s[2] = fma(x[i + 2], y[i + 2], s[2]);    s[3] = fma(x[i + 3], y[i + 3], s[3]);
        s[4] = fma(x[i + 4], y[i + 4], s[4]);    s[5] = fma(x[i + 5], y[i + 5], s[5]);
        s[6] = fma(x[i + 6], y[i + 6], s[6]);    s[7] = fma(x[i + 7], y[i + 7], s[7]);
        s[8] = fma(x[i + 8], y[i + 8], s[8]);    s[9] = fma(x[i + 9], y[i + 9], s[9]);
        s[10] = fma(x[i + 10], y[i + 10], s[10]); s[11] = fma(x[i + 11], y[i + 11], s[11]);
        s[12] = fma(x[i + 12], y[i + 12], s[12]); s[13] = fma(x[i + 13], y[i + 13], s[13]);
        s[14] = fma(x[i + 14], y[i + 14], s[14]); s[15] = fma(x[i + 15], y[i + 15], s[15]);
    }
    for (int l = 0; i < len; ++i, ++l) s[l] = fma(x[i], y[i], s[l]);
    for (int h = 8; h >= 1; h /= 2)
        for (int l = 0; l < h; ++l) s[l] += s[l + h];
    return s[0];
}

/* op(A)'s element (i, l) times s = alpha d_i, into x[0] (and x[1], the imaginary part, where es = 2):
 * op(A) is A ('N') or A^H (else). */
#define HZGSVD__DN_OPA(es, ta, A, lda, i, l, s, x)                                                          \
    do {                                                                                                 \
        const double *a_ = (ta) == 'N' ? (A) + (size_t)(es) * ((size_t)(i) + (size_t)(l) * (size_t)(lda)) \
                                       : (A) + (size_t)(es) * ((size_t)(l) + (size_t)(i) * (size_t)(lda)); \
        (x)[0] = a_[0] * (s);                                                                            \
        if ((es) == 2) (x)[1] = ((ta) == 'N' ? a_[1] : -a_[1]) * (s);                                    \
    } while (0)

/* The product (hzgsvd_dense.c), which the per-precision T factor calls. */
HZGSVD_PRIVATE void hzgsvd__dn_mm(int es, char ta, char tb, int m, int n, int k, double alpha, const double *d, const double *A, int lda,
                                  const double *Bm, int ldb, double *Cm, int ldc);

/* The state of one hzgsvd__dn_qrcp: its block and arguments, and its parts of the scratch. */
typedef struct hzgsvd__dn_qrcp_state {
    const hzgsvd__dn_block *B;
    int es, row0, m, col0, nc, lc0, lc1, nb, lds, ldv;
    double tol, *Vr, *tau;
    double *vn1, *vn2, *mark;       /* column norms (LAPACK's vn1, vn2) and the marks of those to recompute */
    double *Fc;                     /* nb x nc: Fc(t, c) = conj(F(c, t)) */
    double *T, *Gm, *aux, *vs, *W;  /* W: nb x (at most lc1 - lc0) */
} hzgsvd__dn_qrcp_state;

/* In a function with the state S: element (i, c) of its block, (t, c) of Fc, (i, t) of Vr. */
#define HZGSVD__QR_A(i, c) HZGSVD__DN_AT(S->es, S->B, S->row0 + (i), S->col0 + (c))
#define HZGSVD__QR_F(t, c) (S->Fc + (size_t)S->es * ((size_t)(t) + (size_t)(c) * S->nb))
#define HZGSVD__QR_V(i, t) (S->Vr + (size_t)S->es * ((size_t)(i) + (size_t)(t) * S->ldv))
#line 1973 HZGSVD__SRC_FILE("generated/hzgsvd_cpu_engine_impl.h")
/*** end templates/hzgsvd_dense_base.c ***/

/*** begin templates/hzgsvd_dense_arith.c.j2 [d] ***/
/* The reduction's dense loops whose arithmetic is real (d): reflectors, the product's
 * plain loops and micro-kernel, triangular products and solves, the pivoted panel's updates.  The
 * kernels written once (hzgsvd_dense.c, hzgsvd__dn_*) reach them by es. */

/* The reflector of the contiguous vector v (len scalars) with its pivot at ia: on return v holds
 * the reflector's vector (v[ia] = 1), *tau its factor, beta the value H x has at ia (H x = beta e_ia;
 * beta[0]).  x with nothing off the pivot gives H = I (tau = 0). */
HZGSVD_PRIVATE void hzgsvd__d_dn_house(double *v, int len, int ia, double *tau, double *beta)
{
    double *a = v + 1 * (size_t)ia;
    const double alpha = *a;
    *a = 0.0;
    const double rest = hzgsvd__dn_nrm2(1, v, len, 1);
    if (rest == 0.0) { *tau = 0.0; beta[0] = alpha; *a = 1.0; return; }
    const double nu = hypot(alpha, rest), sg = alpha < 0.0 ? -1.0 : 1.0, v0 = alpha + sg * nu;
    for (int i = 0; i < len; ++i)
        if (i != ia) v[i] /= v0;
    *a = 1.0;
    *tau = (fabs(alpha) + nu) / nu;
    beta[0] = -sg * nu;
}

/* C := H C for the rows 0..len-1 of ncols columns of C (ld ldc). */
HZGSVD_PRIVATE void hzgsvd__d_dn_left(const double *v, int len, double tau, double *Cm, int ldc, int ncols)
{
    if (tau == 0.0) return;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if ((size_t)len * ncols > HZGSVD__DN_PAR)
#endif
    for (int j = 0; j < ncols; ++j) {
        double *c = Cm + (size_t)1 * j * ldc;
        double s = 0.0;
        for (int i = 0; i < len; ++i) s += v[i] * c[i];
        s *= tau;
        for (int i = 0; i < len; ++i) c[i] -= s * v[i];
    }
}

/* C := C H for the columns 0..len-1 of nrows rows of C (ld ldc); tmp holds nrows scalars (one
 * thread: the rows of a panel). */
HZGSVD_PRIVATE void hzgsvd__d_dn_right(const double *v, int len, double tau, double *Cm, int ldc, int nrows, double *tmp)
{
    if (tau == 0.0 || nrows == 0) return;
    memset(tmp, 0, sizeof(double) * 1 * (size_t)nrows);
    for (int j = 0; j < len; ++j) {   /* tmp = C v */
        const double *c = Cm + (size_t)1 * j * ldc;
        for (int i = 0; i < nrows; ++i) tmp[i] += c[i] * v[j];
    }
    for (int j = 0; j < len; ++j) {   /* C -= tau tmp v^H */
        double *c = Cm + (size_t)1 * j * ldc;
        const double tv = tau * v[j];
        for (int i = 0; i < nrows; ++i) c[i] -= tmp[i] * tv;
    }
}

/* The plain loops (the same chains, in another order of the elements). */
HZGSVD_PRIVATE void hzgsvd__d_dn_mm_loops(char ta, char tb, int m, int n, int k, double alpha, const double *d, const double *A, int lda,
                                      const double *Bm, int ldb, double *Cm, int ldc)
{
    for (int j = 0; j < n; ++j)
        for (int l = 0; l < k; ++l) {
            const double *b = tb == 'N' ? Bm + (size_t)1 * ((size_t)l + (size_t)j * ldb) : Bm + (size_t)1 * ((size_t)j + (size_t)l * ldb);
            const double br = b[0];
            double *c = Cm + (size_t)1 * j * ldc;
            for (int i = 0; i < m; ++i) {
                double x[2];
                HZGSVD__DN_OPA(1, ta, A, lda, i, l, alpha * (d ? d[i] : 1.0), x);
                c[i] = fma(x[0], br, c[i]);
            }
        }
}

/* W := T W (trans 0) or T^H W (trans 1) in place, T k x k upper triangular (ld ldt), W k x ncols (ld ldw). */
HZGSVD_PRIVATE void hzgsvd__d_dn_trmm_left(int trans, int k, int ncols, const double *T, int ldt, double *W, int ldw)
{
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if ((size_t)k * k * ncols > 2 * HZGSVD__DN_PAR)
#endif
    for (int j = 0; j < ncols; ++j) {
        double *w = W + (size_t)1 * j * ldw;
        for (int q = 0; q < k; ++q) {
            /* T: row i = q top-down uses w_l, l >= i; T^H: row i = k-1-q bottom-up uses w_l, l <= i */
            const int i = trans ? k - 1 - q : q, l0 = trans ? 0 : i, l1 = trans ? i + 1 : k;
            double s = 0.0;
            for (int l = l0; l < l1; ++l) s = fma(trans ? T[(size_t)l + (size_t)i * ldt] : T[(size_t)i + (size_t)l * ldt], w[l], s);
            w[i] = s;
        }
    }
}

/* W := W T (trans 0) or W T^H (trans 1) in place, W nrows x k (ld ldw). */
HZGSVD_PRIVATE void hzgsvd__d_dn_trmm_right(int trans, int k, int nrows, const double *T, int ldt, double *W, int ldw)
{
    const int nblk = (nrows + 255) / 256;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if ((size_t)k * k * nrows > 2 * HZGSVD__DN_PAR)
#endif
    for (int b = 0; b < nblk; ++b) {
        const int r0 = 256 * b, r1 = nrows < r0 + 256 ? nrows : r0 + 256;
        for (int q = 0; q < k; ++q) {
            /* W T: column j = k-1-q right to left uses columns l <= j; W T^H: column j = q uses l >= j */
            const int j = trans ? q : k - 1 - q, l0 = trans ? j : 0, l1 = trans ? k : j + 1;
            for (int r = r0; r < r1; ++r) {
                double s = 0.0;
                for (int l = l0; l < l1; ++l)
                    s = fma(W[(size_t)r + (size_t)l * ldw], trans ? T[(size_t)j + (size_t)l * ldt] : T[(size_t)l + (size_t)j * ldt], s);
                W[(size_t)r + (size_t)j * ldw] = s;
            }
        }
    }
}

/* The pivot column jj (kk-th of the panel at j) brought up to date: rows jj.. -= V(jj.., panel) Fc(panel, jj). */
HZGSVD_PRIVATE void hzgsvd__d_dn_qrcp_catch_up(const hzgsvd__dn_qrcp_state *S, int j, int jj, int kk)
{
    const int m = S->m;
    double *acol = HZGSVD__QR_A(0, jj);
    for (int t = 0; t < kk; ++t) {
        const double *v = HZGSVD__QR_V(0, j + t), *f = HZGSVD__QR_F(t, jj);
        const double fr = -f[0];
        for (int i = jj; i < m; ++i) acol[i] = fma(v[i], fr, acol[i]);
    }
}

/* For the new reflector v = V(:, jj) (tau tj): aux_t = conj(-tau v_t^H v) for the panel's earlier
 * reflectors (complex: vs, v for the imaginary part of v^H a). */
HZGSVD_PRIVATE void hzgsvd__d_dn_qrcp_aux(const hzgsvd__dn_qrcp_state *S, int j, int jj, int kk, double tj)
{
    const int m = S->m;
    const double *v = HZGSVD__QR_V(0, jj);
    double *aux = S->aux;
    for (int t = 0; t < kk; ++t) {
        const double *vt = HZGSVD__QR_V(0, j + t);
        aux[t] = -tj * hzgsvd__dn_dot(v + jj, vt + jj, m - jj);
    }
}

/* Later column c after the new reflector v = V(:, jj) (tau tj, the kk-th of the panel at j):
 * Fc(kk, c) = tau v^H a_c + sum_t Fc(t, c) aux_t (a_c as at the panel's start), its pivot row
 * A(jj, c) -= sum_t V(jj, j+t) Fc(t, c), its norm downdated (or marked for recomputing). */
HZGSVD_PRIVATE void hzgsvd__d_dn_qrcp_column(const hzgsvd__dn_qrcp_state *S, int c, int j, int jj, int kk, double tj, double tol3z)
{
    const int m = S->m;
    const double *v = HZGSVD__QR_V(0, jj), *aux = S->aux;
    double *ac = HZGSVD__QR_A(0, c), *f = HZGSVD__QR_F(0, c), *vn1 = S->vn1, *vn2 = S->vn2;
    double fr = tj * hzgsvd__dn_dot(ac + jj, v + jj, m - jj);
    for (int t = 0; t < kk; ++t) fr = fma(f[t], aux[t], fr);
    f[kk] = fr;
    double ar = ac[jj];
    for (int t = 0; t <= kk; ++t) ar = fma(-*HZGSVD__QR_V(jj, j + t), f[t], ar);
    ac[jj] = ar;
    const double arow = fabs(ar);
    if (vn1[c] != 0.0) {   /* LAPACK's downdate (LAWN 176) */
        double t1 = arow / vn1[c];
        t1 = fmax(0.0, (1.0 + t1) * (1.0 - t1));
        const double q = vn1[c] / vn2[c];
        if (t1 * q * q <= tol3z) S->mark[c] = 1.0;
        else vn1[c] *= sqrt(t1);
    }
}

/* Column i of the T factor above its diagonal (hzgsvd__dn_larft): T(j, i) = -tau_i sum_{l = j}^{i-1}
 * T(j, l) G(l, i), j < i, G = V^T V (k x k). */
HZGSVD_PRIVATE void hzgsvd__d_dn_larft_col(int i, int k, double taui, const double *Gm, double *T, int ldt)
{
    for (int j = 0; j < i; ++j) {
        double s = 0.0;
        for (int l = j; l < i; ++l) s = fma(T[(size_t)j + (size_t)l * ldt], Gm[(size_t)l + (size_t)i * k], s);
        T[(size_t)j + (size_t)i * ldt] = -taui * s;
    }
}

/* x := T^-1 x on the rows i0..i1-1 of one column x (the rows after them already solved and
 * subtracted; hzgsvd__dn_trsm_upper). */
HZGSVD_PRIVATE void hzgsvd__d_dn_trsm_col(const double *T, int ldt, int i0, int i1, double *x)
{
    for (int i = i1 - 1; i >= i0; --i) {
        double s = x[i];
        for (int c = i + 1; c < i1; ++c) s -= T[(size_t)i + (size_t)c * ldt] * x[c];
        x[i] = s / T[(size_t)i + (size_t)i * ldt];
    }
}

/* The micro-kernel: the 8 x 6 block of C at Cm (ld ldc) += the packed micro-panels' product. */
HZGSVD_PRIVATE void hzgsvd__d_dn_kernel(int kc, const double *Ap, const double *Bp, double *Cm, int ldc)
{
    double acc[6][8];
    for (int c = 0; c < 6; ++c)
        for (int r = 0; r < 8; ++r) acc[c][r] = Cm[(size_t)r + (size_t)c * ldc];
    for (int l = 0; l < kc; ++l) {
        const double *a = Ap + (size_t)8 * l, *b = Bp + (size_t)6 * l;
        /* one loop per column (written out: the compiler keeps the block in registers) */
        for (int r = 0; r < 8; ++r) acc[0][r] = fma(a[r], b[0], acc[0][r]);
        for (int r = 0; r < 8; ++r) acc[1][r] = fma(a[r], b[1], acc[1][r]);
        for (int r = 0; r < 8; ++r) acc[2][r] = fma(a[r], b[2], acc[2][r]);
        for (int r = 0; r < 8; ++r) acc[3][r] = fma(a[r], b[3], acc[3][r]);
        for (int r = 0; r < 8; ++r) acc[4][r] = fma(a[r], b[4], acc[4][r]);
        for (int r = 0; r < 8; ++r) acc[5][r] = fma(a[r], b[5], acc[5][r]);
    }
    for (int c = 0; c < 6; ++c)
        for (int r = 0; r < 8; ++r) Cm[(size_t)r + (size_t)c * ldc] = acc[c][r];
}

/*** end templates/hzgsvd_dense_arith.c.j2 [d] ***/

/*** begin templates/hzgsvd_dense_arith.c.j2 [z] ***/
/* The reduction's dense loops whose arithmetic is complex (z: interleaved re, im): reflectors, the product's
 * plain loops and micro-kernel, triangular products and solves, the pivoted panel's updates.  The
 * kernels written once (hzgsvd_dense.c, hzgsvd__dn_*) reach them by es. */

/* The reflector of the contiguous vector v (len scalars) with its pivot at ia: on return v holds
 * the reflector's vector (v[ia] = 1), *tau its factor, beta the value H x has at ia (H x = beta e_ia;
 * beta[0], beta[1]: re, im).  x with nothing off the pivot gives H = I (tau = 0). */
HZGSVD_PRIVATE void hzgsvd__z_dn_house(double *v, int len, int ia, double *tau, double *beta)
{
    double *a = v + 2 * (size_t)ia;
    const double ar = a[0], ai = a[1];
    a[0] = 0.0; a[1] = 0.0;
    const double rest = hzgsvd__dn_nrm2(2, v, len, 1);
    const double aabs = hypot(ar, ai);
    if (rest == 0.0) { *tau = 0.0; beta[0] = ar; beta[1] = ai; a[0] = 1.0; return; }
    const double nu = hypot(aabs, rest);
    const double pr = aabs > 0.0 ? ar / aabs : 1.0, pi = aabs > 0.0 ? ai / aabs : 0.0;   /* phase of alpha */
    /* v0 = phase (|alpha| + nu); v := x / v0 = x conj(phase) / (|alpha| + nu) off the pivot (no
     * square of |v0|: it overflows for entries above 1e154) */
    const double m0 = aabs + nu;
    for (int i = 0; i < len; ++i) {
        if (i == ia) continue;
        const double xr = v[2 * (size_t)i], xi = v[2 * (size_t)i + 1];
        v[2 * (size_t)i] = (xr * pr + xi * pi) / m0;
        v[2 * (size_t)i + 1] = (xi * pr - xr * pi) / m0;
    }
    a[0] = 1.0; a[1] = 0.0;
    *tau = m0 / nu;
    beta[0] = -pr * nu; beta[1] = -pi * nu;
}

/* C := H C for the rows 0..len-1 of ncols columns of C (ld ldc). */
HZGSVD_PRIVATE void hzgsvd__z_dn_left(const double *v, int len, double tau, double *Cm, int ldc, int ncols)
{
    if (tau == 0.0) return;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if ((size_t)len * ncols > HZGSVD__DN_PAR)
#endif
    for (int j = 0; j < ncols; ++j) {
        double *c = Cm + (size_t)2 * j * ldc;
        double sr = 0.0, si = 0.0;   /* s = v^H c */
        for (int i = 0; i < len; ++i) {
            sr += v[2 * i] * c[2 * i] + v[2 * i + 1] * c[2 * i + 1];
            si += v[2 * i] * c[2 * i + 1] - v[2 * i + 1] * c[2 * i];
        }
        sr *= tau; si *= tau;
        for (int i = 0; i < len; ++i) {
            c[2 * i] -= sr * v[2 * i] - si * v[2 * i + 1];
            c[2 * i + 1] -= sr * v[2 * i + 1] + si * v[2 * i];
        }
    }
}

/* C := C H for the columns 0..len-1 of nrows rows of C (ld ldc); tmp holds nrows scalars (one
 * thread: the rows of a panel). */
HZGSVD_PRIVATE void hzgsvd__z_dn_right(const double *v, int len, double tau, double *Cm, int ldc, int nrows, double *tmp)
{
    if (tau == 0.0 || nrows == 0) return;
    memset(tmp, 0, sizeof(double) * 2 * (size_t)nrows);
    for (int j = 0; j < len; ++j) {   /* tmp = C v */
        const double *c = Cm + (size_t)2 * j * ldc;
        const double vr = v[2 * j], vi = v[2 * j + 1];
        for (int i = 0; i < nrows; ++i) {
            tmp[2 * i] += c[2 * i] * vr - c[2 * i + 1] * vi;
            tmp[2 * i + 1] += c[2 * i] * vi + c[2 * i + 1] * vr;
        }
    }
    for (int j = 0; j < len; ++j) {   /* C -= tau tmp v^H */
        double *c = Cm + (size_t)2 * j * ldc;
        const double vr = tau * v[2 * j], vi = -tau * v[2 * j + 1];
        for (int i = 0; i < nrows; ++i) {
            c[2 * i] -= tmp[2 * i] * vr - tmp[2 * i + 1] * vi;
            c[2 * i + 1] -= tmp[2 * i] * vi + tmp[2 * i + 1] * vr;
        }
    }
}

/* The plain loops (the same chains, in another order of the elements). */
HZGSVD_PRIVATE void hzgsvd__z_dn_mm_loops(char ta, char tb, int m, int n, int k, double alpha, const double *d, const double *A, int lda,
                                      const double *Bm, int ldb, double *Cm, int ldc)
{
    for (int j = 0; j < n; ++j)
        for (int l = 0; l < k; ++l) {
            const double *b = tb == 'N' ? Bm + (size_t)2 * ((size_t)l + (size_t)j * ldb) : Bm + (size_t)2 * ((size_t)j + (size_t)l * ldb);
            const double br = b[0], bi = tb == 'N' ? b[1] : -b[1], nbi = -bi;
            double *c = Cm + (size_t)2 * j * ldc;
            for (int i = 0; i < m; ++i) {
                double x[2];
                HZGSVD__DN_OPA(2, ta, A, lda, i, l, alpha * (d ? d[i] : 1.0), x);
                c[2 * i] = fma(x[0], br, c[2 * i]);
                c[2 * i] = fma(x[1], nbi, c[2 * i]);
                c[2 * i + 1] = fma(x[0], bi, c[2 * i + 1]);
                c[2 * i + 1] = fma(x[1], br, c[2 * i + 1]);
            }
        }
}

/* W := T W (trans 0) or T^H W (trans 1) in place, T k x k upper triangular (ld ldt), W k x ncols (ld ldw). */
HZGSVD_PRIVATE void hzgsvd__z_dn_trmm_left(int trans, int k, int ncols, const double *T, int ldt, double *W, int ldw)
{
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if ((size_t)k * k * ncols > 2 * HZGSVD__DN_PAR)
#endif
    for (int j = 0; j < ncols; ++j) {
        double *w = W + (size_t)2 * j * ldw;
        for (int q = 0; q < k; ++q) {
            /* T: row i = q top-down uses w_l, l >= i; T^H: row i = k-1-q bottom-up uses w_l, l <= i */
            const int i = trans ? k - 1 - q : q, l0 = trans ? 0 : i, l1 = trans ? i + 1 : k;
            double sr = 0.0, si = 0.0;
            for (int l = l0; l < l1; ++l) {
                const double *t = trans ? T + 2 * ((size_t)l + (size_t)i * ldt) : T + 2 * ((size_t)i + (size_t)l * ldt);
                const double tr = t[0], ti = trans ? -t[1] : t[1];
                sr = fma(tr, w[2 * l], sr); sr = fma(-ti, w[2 * l + 1], sr);
                si = fma(tr, w[2 * l + 1], si); si = fma(ti, w[2 * l], si);
            }
            w[2 * i] = sr; w[2 * i + 1] = si;
        }
    }
}

/* W := W T (trans 0) or W T^H (trans 1) in place, W nrows x k (ld ldw). */
HZGSVD_PRIVATE void hzgsvd__z_dn_trmm_right(int trans, int k, int nrows, const double *T, int ldt, double *W, int ldw)
{
    const int nblk = (nrows + 255) / 256;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if ((size_t)k * k * nrows > 2 * HZGSVD__DN_PAR)
#endif
    for (int b = 0; b < nblk; ++b) {
        const int r0 = 256 * b, r1 = nrows < r0 + 256 ? nrows : r0 + 256;
        for (int q = 0; q < k; ++q) {
            /* W T: column j = k-1-q right to left uses columns l <= j; W T^H: column j = q uses l >= j */
            const int j = trans ? q : k - 1 - q, l0 = trans ? j : 0, l1 = trans ? k : j + 1;
            for (int r = r0; r < r1; ++r) {
                double sr = 0.0, si = 0.0;
                for (int l = l0; l < l1; ++l) {
                    const double *t = trans ? T + 2 * ((size_t)j + (size_t)l * ldt) : T + 2 * ((size_t)l + (size_t)j * ldt);
                    const double tr = t[0], ti = trans ? -t[1] : t[1], *w = W + 2 * ((size_t)r + (size_t)l * ldw);
                    sr = fma(w[0], tr, sr); sr = fma(-w[1], ti, sr);
                    si = fma(w[0], ti, si); si = fma(w[1], tr, si);
                }
                W[2 * ((size_t)r + (size_t)j * ldw)] = sr;
                W[2 * ((size_t)r + (size_t)j * ldw) + 1] = si;
            }
        }
    }
}

/* The pivot column jj (kk-th of the panel at j) brought up to date: rows jj.. -= V(jj.., panel) Fc(panel, jj). */
HZGSVD_PRIVATE void hzgsvd__z_dn_qrcp_catch_up(const hzgsvd__dn_qrcp_state *S, int j, int jj, int kk)
{
    const int m = S->m;
    double *acol = HZGSVD__QR_A(0, jj);
    for (int t = 0; t < kk; ++t) {
        const double *v = HZGSVD__QR_V(0, j + t), *f = HZGSVD__QR_F(t, jj);
        const double fr = -f[0], fi = -f[1], nfi = f[1];
        for (int i = jj; i < m; ++i) {
            acol[2 * i] = fma(v[2 * i], fr, acol[2 * i]);
            acol[2 * i] = fma(v[2 * i + 1], nfi, acol[2 * i]);
            acol[2 * i + 1] = fma(v[2 * i], fi, acol[2 * i + 1]);
            acol[2 * i + 1] = fma(v[2 * i + 1], fr, acol[2 * i + 1]);
        }
    }
}

/* For the new reflector v = V(:, jj) (tau tj): aux_t = conj(-tau v_t^H v) for the panel's earlier
 * reflectors (complex: vs, v for the imaginary part of v^H a). */
HZGSVD_PRIVATE void hzgsvd__z_dn_qrcp_aux(const hzgsvd__dn_qrcp_state *S, int j, int jj, int kk, double tj)
{
    const int m = S->m;
    const double *v = HZGSVD__QR_V(0, jj);
    double *aux = S->aux;
    for (int t = 0; t < kk; ++t) {
        const double *vt = HZGSVD__QR_V(0, j + t);
        double sr = 0.0, si = 0.0;   /* v^H v_t */
        for (int i = jj; i < m; ++i) {
            sr = fma(v[2 * i], vt[2 * i], sr); sr = fma(v[2 * i + 1], vt[2 * i + 1], sr);
            si = fma(v[2 * i], vt[2 * i + 1], si); si = fma(-v[2 * i + 1], vt[2 * i], si);
        }
        aux[2 * t] = -tj * sr; aux[2 * t + 1] = -tj * si;
    }
    for (int i = jj; i < m; ++i) { S->vs[2 * i] = -v[2 * i + 1]; S->vs[2 * i + 1] = v[2 * i]; }
}

/* Later column c after the new reflector v = V(:, jj) (tau tj, the kk-th of the panel at j):
 * Fc(kk, c) = tau v^H a_c + sum_t Fc(t, c) aux_t (a_c as at the panel's start), its pivot row
 * A(jj, c) -= sum_t V(jj, j+t) Fc(t, c), its norm downdated (or marked for recomputing). */
HZGSVD_PRIVATE void hzgsvd__z_dn_qrcp_column(const hzgsvd__dn_qrcp_state *S, int c, int j, int jj, int kk, double tj, double tol3z)
{
    const int m = S->m;
    const double *v = HZGSVD__QR_V(0, jj), *aux = S->aux;
    double *ac = HZGSVD__QR_A(0, c), *f = HZGSVD__QR_F(0, c), *vn1 = S->vn1, *vn2 = S->vn2;
    double fr = tj * hzgsvd__dn_dot(ac + 2 * (size_t)jj, v + 2 * (size_t)jj, 2 * (m - jj));
    double fi = tj * hzgsvd__dn_dot(ac + 2 * (size_t)jj, S->vs + 2 * (size_t)jj, 2 * (m - jj));
    for (int t = 0; t < kk; ++t) {
        fr = fma(f[2 * t], aux[2 * t], fr); fr = fma(-f[2 * t + 1], aux[2 * t + 1], fr);
        fi = fma(f[2 * t], aux[2 * t + 1], fi); fi = fma(f[2 * t + 1], aux[2 * t], fi);
    }
    f[2 * kk] = fr; f[2 * kk + 1] = fi;
    double ar = ac[2 * (size_t)jj], ai = ac[2 * (size_t)jj + 1];
    for (int t = 0; t <= kk; ++t) {
        const double *vt = HZGSVD__QR_V(jj, j + t);
        const double vr = -vt[0], vi = -vt[1], nvi = vt[1];
        ar = fma(vr, f[2 * t], ar); ar = fma(nvi, f[2 * t + 1], ar);
        ai = fma(vr, f[2 * t + 1], ai); ai = fma(vi, f[2 * t], ai);
    }
    ac[2 * (size_t)jj] = ar; ac[2 * (size_t)jj + 1] = ai;
    const double arow = hypot(ar, ai);
    if (vn1[c] != 0.0) {   /* LAPACK's downdate (LAWN 176) */
        double t1 = arow / vn1[c];
        t1 = fmax(0.0, (1.0 + t1) * (1.0 - t1));
        const double q = vn1[c] / vn2[c];
        if (t1 * q * q <= tol3z) S->mark[c] = 1.0;
        else vn1[c] *= sqrt(t1);
    }
}

/* Column i of the T factor above its diagonal (hzgsvd__dn_larft): T(j, i) = -tau_i sum_{l = j}^{i-1}
 * T(j, l) G(l, i), j < i, G = V^H V (k x k). */
HZGSVD_PRIVATE void hzgsvd__z_dn_larft_col(int i, int k, double taui, const double *Gm, double *T, int ldt)
{
    for (int j = 0; j < i; ++j) {
        double sr = 0.0, si = 0.0;
        for (int l = j; l < i; ++l) {
            const double *t = T + 2 * ((size_t)j + (size_t)l * ldt), *g = Gm + 2 * ((size_t)l + (size_t)i * k);
            sr = fma(t[0], g[0], sr); sr = fma(-t[1], g[1], sr);
            si = fma(t[0], g[1], si); si = fma(t[1], g[0], si);
        }
        T[2 * ((size_t)j + (size_t)i * ldt)] = -taui * sr;
        T[2 * ((size_t)j + (size_t)i * ldt) + 1] = -taui * si;
    }
}

/* x := T^-1 x on the rows i0..i1-1 of one column x (the rows after them already solved and
 * subtracted; hzgsvd__dn_trsm_upper). */
HZGSVD_PRIVATE void hzgsvd__z_dn_trsm_col(const double *T, int ldt, int i0, int i1, double *x)
{
    for (int i = i1 - 1; i >= i0; --i) {
        const double *t = T + 2 * ((size_t)i + (size_t)i * ldt);
        double sr = x[2 * i], si = x[2 * i + 1];
        for (int c = i + 1; c < i1; ++c) {
            const double *tc = T + 2 * ((size_t)i + (size_t)c * ldt);
            sr -= tc[0] * x[2 * c] - tc[1] * x[2 * c + 1];
            si -= tc[0] * x[2 * c + 1] + tc[1] * x[2 * c];
        }
        const double sc = fmax(fabs(t[0]), fabs(t[1])), a = t[0] / sc, b = t[1] / sc, d = (a * a + b * b) * sc;
        x[2 * i] = (sr * a + si * b) / d;   /* x / t, scaled so that no square overflows */
        x[2 * i + 1] = (si * a - sr * b) / d;
    }
}

/* The micro-kernel: the 4 x 6 block of C at Cm (ld ldc) += the packed micro-panels' product. */
HZGSVD_PRIVATE void hzgsvd__z_dn_kernel(int kc, const double *Ap, const double *Bp, double *Cm, int ldc)
{
    double cr[6][4], ci[6][4];
    for (int c = 0; c < 6; ++c)
        for (int r = 0; r < 4; ++r) {
            cr[c][r] = Cm[2 * ((size_t)r + (size_t)c * ldc)];
            ci[c][r] = Cm[2 * ((size_t)r + (size_t)c * ldc) + 1];
        }
    for (int l = 0; l < kc; ++l) {
        const double *ar = Ap + (size_t)2 * 4 * l, *ai = ar + 4, *b = Bp + (size_t)2 * 6 * l;
        {
            const double br = b[0], bi = b[1], nbi = -bi;
            for (int r = 0; r < 4; ++r) {
                cr[0][r] = fma(ar[r], br, cr[0][r]);
                cr[0][r] = fma(ai[r], nbi, cr[0][r]);
                ci[0][r] = fma(ar[r], bi, ci[0][r]);
                ci[0][r] = fma(ai[r], br, ci[0][r]);
            }
        }
        {
            const double br = b[2], bi = b[3], nbi = -bi;
            for (int r = 0; r < 4; ++r) {
                cr[1][r] = fma(ar[r], br, cr[1][r]);
                cr[1][r] = fma(ai[r], nbi, cr[1][r]);
                ci[1][r] = fma(ar[r], bi, ci[1][r]);
                ci[1][r] = fma(ai[r], br, ci[1][r]);
            }
        }
        {
            const double br = b[4], bi = b[5], nbi = -bi;
            for (int r = 0; r < 4; ++r) {
                cr[2][r] = fma(ar[r], br, cr[2][r]);
                cr[2][r] = fma(ai[r], nbi, cr[2][r]);
                ci[2][r] = fma(ar[r], bi, ci[2][r]);
                ci[2][r] = fma(ai[r], br, ci[2][r]);
            }
        }
        {
            const double br = b[6], bi = b[7], nbi = -bi;
            for (int r = 0; r < 4; ++r) {
                cr[3][r] = fma(ar[r], br, cr[3][r]);
                cr[3][r] = fma(ai[r], nbi, cr[3][r]);
                ci[3][r] = fma(ar[r], bi, ci[3][r]);
                ci[3][r] = fma(ai[r], br, ci[3][r]);
            }
        }
        {
            const double br = b[8], bi = b[9], nbi = -bi;
            for (int r = 0; r < 4; ++r) {
                cr[4][r] = fma(ar[r], br, cr[4][r]);
                cr[4][r] = fma(ai[r], nbi, cr[4][r]);
                ci[4][r] = fma(ar[r], bi, ci[4][r]);
                ci[4][r] = fma(ai[r], br, ci[4][r]);
            }
        }
        {
            const double br = b[10], bi = b[11], nbi = -bi;
            for (int r = 0; r < 4; ++r) {
                cr[5][r] = fma(ar[r], br, cr[5][r]);
                cr[5][r] = fma(ai[r], nbi, cr[5][r]);
                ci[5][r] = fma(ar[r], bi, ci[5][r]);
                ci[5][r] = fma(ai[r], br, ci[5][r]);
            }
        }
    }
    for (int c = 0; c < 6; ++c)
        for (int r = 0; r < 4; ++r) {
            Cm[2 * ((size_t)r + (size_t)c * ldc)] = cr[c][r];
            Cm[2 * ((size_t)r + (size_t)c * ldc) + 1] = ci[c][r];
        }
}

/*** end templates/hzgsvd_dense_arith.c.j2 [z] ***/

/*** begin templates/hzgsvd_dense.c ***/
#line HZGSVD__SRC_LINE(1, 2509) HZGSVD__SRC_FILE("templates/hzgsvd_dense.c")
/* The reduction's dense kernels written once for both precisions (es doubles per element; see
 * hzgsvd_dense_base.c); what is complex arithmetic is in hzgsvd_dense_arith.c.j2, chosen by es. */

/* The reflector of a vector and C := C H (hzgsvd__?_dn_house, _right) for es. */
HZGSVD_PRIVATE void hzgsvd__dn_house(int es, double *v, int len, int ia, double *tau, double *beta)
{
    if (es == 2) hzgsvd__z_dn_house(v, len, ia, tau, beta);
    else hzgsvd__d_dn_house(v, len, ia, tau, beta);
}

HZGSVD_PRIVATE void hzgsvd__dn_right(int es, const double *v, int len, double tau, double *Cm, int ldc, int nrows, double *tmp)
{
    if (es == 2) hzgsvd__z_dn_right(v, len, tau, Cm, ldc, nrows, tmp);
    else hzgsvd__d_dn_right(v, len, tau, Cm, ldc, nrows, tmp);
}

/* ---- The product C := C + alpha op(A) op(B) ------------------------------------------------------
 * op(X) is X ('N') or X^H (else; the transpose where real).  alpha is +1 or -1; d, where not NULL,
 * scales row i of op(A) by d[i] (real).  C is m x n, op(A) m x k, op(B) k x n.  Every element of C
 * is the chain c = fma(a_il, b_lj, c) over l = 0, 1, ..., k-1, from its value in C (complex:
 * re = fma(ar, br, re), re = fma(-ai, bi, re), im = fma(ar, bi, im), im = fma(ai, br, im)), with
 * a_il = (alpha d_i) op(A)_il rounded once: whatever the blocking and however the threads share
 * the blocks, the result is the same, and so is that of the plain loops taken where the packing
 * buffers cannot be allocated.  Blocked for the caches (KC, MC, NC); op(A) is packed in
 * micro-panels of MR rows (complex: the real parts, then the imaginary parts), op(B) in
 * micro-panels of NR columns ((re, im) pairs), and a micro-kernel keeps an MR x NR block of C in
 * registers.  The packing and the macro-kernel are compiled once per es (HZGSVD__SPECIALIZE; the
 * dispatchers below choose), since the product's OpenMP region sees es only as a variable. */

/* Packs the micro-panels p0..p1-1 of rows i0.. (mc in all) and inner indices l0..l0+kc-1 of op(A):
 * panel p holds, for each l, its MR rows (complex: the real parts, then the imaginary parts), zero
 * past mc. */
HZGSVD__SPECIALIZE void hzgsvd__dn_pack_a_es(char ta, int mc, int kc, int p0, int p1, const double *A, int lda, int i0, int l0,
                                             double alpha, const double *d, double *Ap, int es)
{
    const int MR = HZGSVD__DN_MR(es);
    for (int p = p0; p < p1; ++p) {
        double *dst = Ap + (size_t)es * MR * kc * p;
        const int r0 = MR * p, mr = mc - r0 < MR ? mc - r0 : MR;
        if (mr < MR) memset(dst, 0, sizeof(double) * es * MR * (size_t)kc);
        if (ta == 'N') {   /* along the columns of A */
            for (int l = 0; l < kc; ++l)
                for (int r = 0; r < mr; ++r) {
                    double x[2];
                    HZGSVD__DN_OPA(es, ta, A, lda, i0 + r0 + r, l0 + l, alpha * (d ? d[i0 + r0 + r] : 1.0), x);
                    dst[(size_t)es * MR * l + r] = x[0];
                    if (es == 2) dst[(size_t)es * MR * l + MR + r] = x[1];
                }
        } else {
            for (int r = 0; r < mr; ++r) {
                const double s = alpha * (d ? d[i0 + r0 + r] : 1.0);
                for (int l = 0; l < kc; ++l) {
                    double x[2];
                    HZGSVD__DN_OPA(es, ta, A, lda, i0 + r0 + r, l0 + l, s, x);
                    dst[(size_t)es * MR * l + r] = x[0];
                    if (es == 2) dst[(size_t)es * MR * l + MR + r] = x[1];
                }
            }
        }
    }
}

HZGSVD_PRIVATE void hzgsvd__dn_pack_a(int es, char ta, int mc, int kc, int p0, int p1, const double *A, int lda, int i0, int l0,
                                      double alpha, const double *d, double *Ap)
{
    if (es == 2) hzgsvd__dn_pack_a_es(ta, mc, kc, p0, p1, A, lda, i0, l0, alpha, d, Ap, 2);
    else hzgsvd__dn_pack_a_es(ta, mc, kc, p0, p1, A, lda, i0, l0, alpha, d, Ap, 1);
}

/* Packs the micro-panels p0..p1-1 of columns j0.. (nc in all), inner indices l0..l0+kc-1 of op(B):
 * panel p holds, for each l, its NR columns (complex: (re, im) pairs), zero past nc. */
HZGSVD__SPECIALIZE void hzgsvd__dn_pack_b_es(char tb, int nc, int kc, int p0, int p1, const double *Bm, int ldb, int j0, int l0,
                                             double *Bp, int es)
{
    const int NR = HZGSVD__DN_NR;
    for (int p = p0; p < p1; ++p) {
        double *dst = Bp + (size_t)es * NR * kc * p;
        for (int c = 0; c < NR; ++c) {
            const int jj = NR * p + c, j = j0 + jj;
            for (int l = 0; l < kc; ++l) {
                double *o = dst + (size_t)es * (NR * (size_t)l + c);
                if (jj >= nc) {
                    o[0] = 0.0;
                    if (es == 2) o[1] = 0.0;
                    continue;
                }
                const double *b = tb == 'N' ? Bm + (size_t)es * ((size_t)(l0 + l) + (size_t)j * ldb)
                                            : Bm + (size_t)es * ((size_t)j + (size_t)(l0 + l) * ldb);
                o[0] = b[0];
                if (es == 2) o[1] = tb == 'N' ? b[1] : -b[1];
            }
        }
    }
}

HZGSVD_PRIVATE void hzgsvd__dn_pack_b(int es, char tb, int nc, int kc, int p0, int p1, const double *Bm, int ldb, int j0, int l0, double *Bp)
{
    if (es == 2) hzgsvd__dn_pack_b_es(tb, nc, kc, p0, p1, Bm, ldb, j0, l0, Bp, 2);
    else hzgsvd__dn_pack_b_es(tb, nc, kc, p0, p1, Bm, ldb, j0, l0, Bp, 1);
}

/* The packed mc x kc block of op(A) times the column micro-panels q0..q1-1 of the packed block of
 * op(B), into C (the block's corner at Cm); edge blocks go through a local copy. */
HZGSVD__SPECIALIZE void hzgsvd__dn_macro_es(int mc, int nc, int kc, int q0, int q1, const double *Ap, const double *Bp, double *Cm, int ldc,
                                            int es)
{
    const int MR = HZGSVD__DN_MR(es), NR = HZGSVD__DN_NR;
    const int np = (mc + MR - 1) / MR;
    double tile[2 * 4 * HZGSVD__DN_NR];   /* es MR NR: the same for both */
    for (int q = q0; q < q1; ++q) {
        const int nr = nc - NR * q < NR ? nc - NR * q : NR;
        for (int p = 0; p < np; ++p) {
            const int mr = mc - MR * p < MR ? mc - MR * p : MR;
            double *c = Cm + (size_t)es * ((size_t)MR * p + (size_t)NR * q * ldc);
            const double *ap = Ap + (size_t)es * MR * kc * p, *bp = Bp + (size_t)es * NR * kc * q;
            if (mr == MR && nr == NR) {
                if (es == 2) hzgsvd__z_dn_kernel(kc, ap, bp, c, ldc);
                else hzgsvd__d_dn_kernel(kc, ap, bp, c, ldc);
                continue;
            }
            memset(tile, 0, sizeof tile);
            for (int jj = 0; jj < nr; ++jj) memcpy(tile + (size_t)es * MR * jj, c + (size_t)es * jj * ldc, sizeof(double) * es * (size_t)mr);
            if (es == 2) hzgsvd__z_dn_kernel(kc, ap, bp, tile, MR);
            else hzgsvd__d_dn_kernel(kc, ap, bp, tile, MR);
            for (int jj = 0; jj < nr; ++jj) memcpy(c + (size_t)es * jj * ldc, tile + (size_t)es * MR * jj, sizeof(double) * es * (size_t)mr);
        }
    }
}

HZGSVD_PRIVATE void hzgsvd__dn_macro(int es, int mc, int nc, int kc, int q0, int q1, const double *Ap, const double *Bp, double *Cm, int ldc)
{
    if (es == 2) hzgsvd__dn_macro_es(mc, nc, kc, q0, q1, Ap, Bp, Cm, ldc, 2);
    else hzgsvd__dn_macro_es(mc, nc, kc, q0, q1, Ap, Bp, Cm, ldc, 1);
}

HZGSVD_PRIVATE void hzgsvd__dn_mm(int es, char ta, char tb, int m, int n, int k, double alpha, const double *d, const double *A, int lda,
                                  const double *Bm, int ldb, double *Cm, int ldc)
{
    if (m <= 0 || n <= 0 || k <= 0) return;
    const int MR = HZGSVD__DN_MR(es), NR = HZGSVD__DN_NR;
    const int kcb = k < HZGSVD__DN_KC ? k : HZGSVD__DN_KC;
    const int mcb0 = (HZGSVD__DN_MC / MR) * MR, ncb0 = (HZGSVD__DN_NC / NR) * NR;
    const int mcb = m < mcb0 ? ((m + MR - 1) / MR) * MR : mcb0, ncb = n < ncb0 ? ((n + NR - 1) / NR) * NR : ncb0;
    const int par = (double)m * n * k > 2.0 * HZGSVD__DN_PAR;
    int nth = 1;
#ifdef _OPENMP
    if (par) nth = omp_get_max_threads();
#endif
    (void)par;
    const size_t na = (size_t)es * mcb * kcb, nbp = (size_t)es * ncb * kcb;
    double *buf = (double *)malloc(sizeof(double) * (nbp + na * (size_t)nth));
    if (!buf) {
        if (es == 2) hzgsvd__z_dn_mm_loops(ta, tb, m, n, k, alpha, d, A, lda, Bm, ldb, Cm, ldc);
        else hzgsvd__d_dn_mm_loops(ta, tb, m, n, k, alpha, d, A, lda, Bm, ldb, Cm, ldc);
        return;
    }
    double *Bp = buf, *Ap0 = buf + nbp;
    const int nib = (m + mcb - 1) / mcb;
    for (int jc = 0; jc < n; jc += ncb) {
        const int nc = n - jc < ncb ? n - jc : ncb, nq = (nc + NR - 1) / NR;
        for (int pc = 0; pc < k; pc += kcb) {
            const int kc = k - pc < kcb ? k - pc : kcb;
            double *c0 = Cm + (size_t)es * (size_t)jc * ldc;
#ifdef _OPENMP
#pragma omp parallel if (par) num_threads(nth)
#endif
            {
                int tid = 0, nt = 1;
#ifdef _OPENMP
                tid = omp_get_thread_num();
                nt = omp_get_num_threads();
#endif
#ifdef _OPENMP
#pragma omp for schedule(static)
#endif
                for (int q = 0; q < nq; ++q) hzgsvd__dn_pack_b(es, tb, nc, kc, q, q + 1, Bm, ldb, jc, pc, Bp);
                if (nib >= nt) {   /* row blocks among the threads, each packing its own */
#ifdef _OPENMP
#pragma omp for schedule(static)
#endif
                    for (int ib = 0; ib < nib; ++ib) {
                        const int i0 = ib * mcb, mc = m - i0 < mcb ? m - i0 : mcb;
                        double *Ap = Ap0 + na * (size_t)tid;
                        hzgsvd__dn_pack_a(es, ta, mc, kc, 0, (mc + MR - 1) / MR, A, lda, i0, pc, alpha, d, Ap);
                        hzgsvd__dn_macro(es, mc, nc, kc, 0, nq, Ap, Bp, c0 + (size_t)es * i0, ldc);
                    }
                } else {   /* few rows: one packed block of A at a time, its columns among the threads */
                    for (int ib = 0; ib < nib; ++ib) {
                        const int i0 = ib * mcb, mc = m - i0 < mcb ? m - i0 : mcb, np = (mc + MR - 1) / MR;
#ifdef _OPENMP
#pragma omp for schedule(static)
#endif
                        for (int p = 0; p < np; ++p) hzgsvd__dn_pack_a(es, ta, mc, kc, p, p + 1, A, lda, i0, pc, alpha, d, Ap0);
#ifdef _OPENMP
#pragma omp for schedule(static)
#endif
                        for (int q = 0; q < nq; ++q) hzgsvd__dn_macro(es, mc, nc, kc, q, q + 1, Ap0, Bp, c0 + (size_t)es * i0, ldc);
                    }
                }
            }
        }
    }
    free(buf);
}

/* ---- Compact WY: H_1 H_2 ... H_k = I - V T V^H ---------------------------------------------------- */

/* T (k x k, ld ldt, upper triangular) of the k reflectors in the columns of V (rows x k, ld ldv,
 * the zeros and ones of each vector stored) and tau: T(i, i) = tau_i, T(0:i, i) = -tau_i
 * T(0:i, 0:i) V(:, 0:i)^H v_i.  Gm: k x k elements of scratch. */
HZGSVD_PRIVATE void hzgsvd__dn_larft(int es, int rows, int k, const double *V, int ldv, const double *tau, double *T, int ldt, double *Gm)
{
    memset(Gm, 0, sizeof(double) * es * (size_t)k * k);
    hzgsvd__dn_mm(es, 'C', 'N', k, k, rows, 1.0, NULL, V, ldv, V, ldv, Gm, k);   /* G = V^H V */
    for (int i = 0; i < k; ++i) {
        if (es == 2) hzgsvd__z_dn_larft_col(i, k, tau[i], Gm, T, ldt);
        else hzgsvd__d_dn_larft_col(i, k, tau[i], Gm, T, ldt);
        for (int j = i; j < k; ++j) {
            double *t = T + (size_t)es * ((size_t)j + (size_t)i * ldt);
            t[0] = j == i ? tau[i] : 0.0;
            if (es == 2) t[1] = 0.0;
        }
    }
}

/* C := (I - V T V^H) C (trans 0: H_1 ... H_k C) or (I - V T^H V^H) C (trans 1: H_k ... H_1 C) for C
 * rows x ncols (ld ldc), V rows x k; W: k x ncols elements. */
HZGSVD_PRIVATE void hzgsvd__dn_larfb_left(int es, int trans, int rows, int ncols, int k, const double *V, int ldv, const double *T, int ldt,
                                          double *Cm, int ldc, double *W)
{
    if (rows <= 0 || ncols <= 0 || k <= 0) return;
    memset(W, 0, sizeof(double) * es * (size_t)k * ncols);
    hzgsvd__dn_mm(es, 'C', 'N', k, ncols, rows, 1.0, NULL, V, ldv, Cm, ldc, W, k);
    if (es == 2) hzgsvd__z_dn_trmm_left(trans, k, ncols, T, ldt, W, k);
    else hzgsvd__d_dn_trmm_left(trans, k, ncols, T, ldt, W, k);
    hzgsvd__dn_mm(es, 'N', 'N', rows, ncols, k, -1.0, NULL, V, ldv, W, k, Cm, ldc);
}

/* C := C (I - V T V^H) (trans 0: C H_1 ... H_k) or C (I - V T^H V^H) for C nrows x len (ld ldc),
 * V len x k; W: nrows x k elements. */
HZGSVD_PRIVATE void hzgsvd__dn_larfb_right(int es, int trans, int nrows, int len, int k, const double *V, int ldv, const double *T, int ldt,
                                           double *Cm, int ldc, double *W)
{
    if (nrows <= 0 || len <= 0 || k <= 0) return;
    memset(W, 0, sizeof(double) * es * (size_t)nrows * k);
    hzgsvd__dn_mm(es, 'N', 'N', nrows, k, len, 1.0, NULL, Cm, ldc, V, ldv, W, nrows);
    if (es == 2) hzgsvd__z_dn_trmm_right(trans, k, nrows, T, ldt, W, nrows);
    else hzgsvd__d_dn_trmm_right(trans, k, nrows, T, ldt, W, nrows);
    hzgsvd__dn_mm(es, 'N', 'C', nrows, len, k, -1.0, NULL, W, nrows, V, ldv, Cm, ldc);
}

/* Scratch (doubles) for hzgsvd__dn_qrcp, _rq, _lq and hzgsvd__gen_unreduce on a block of at most
 * srows rows and ncols columns of S. */
HZGSVD_PRIVATE size_t hzgsvd__dn_work_size(int es, int srows, int ncols)
{
    const size_t nb = HZGSVD__DN_NB, r = srows > 1 ? (size_t)srows : 1, c = ncols > 1 ? (size_t)ncols : 1;
    return (size_t)es * (nb * (r + 2 * c) + 2 * nb * nb + nb + r + c) + 3 * c;
}

/* The reflectors j0..j0+kb-1 of a QR (columns of Vr, rows j0..m-1) applied as one block reflector,
 * H_{j0+kb-1} ... H_{j0}, to rows j0.. of S's columns [c0, c1) (the block's own later columns; none
 * where c0 >= c1) and of those outside the block [col0, col0 + nc) within [lc0, lc1). */
HZGSVD_PRIVATE void hzgsvd__dn_qr_apply(int es, const hzgsvd__dn_block *B, int row0, int m, int col0, int nc, int lc0, int lc1, int c0,
                                        int c1, int j0, int kb, const double *Vr, int ldv, const double *tau, double *T, double *Gm,
                                        double *W)
{
    if (kb <= 0 || (c0 >= c1 && lc0 >= col0 && lc1 <= col0 + nc)) return;
    const double *V = Vr + (size_t)es * ((size_t)j0 + (size_t)j0 * ldv);
    const int ranges[3][2] = { {c0, c1}, {lc0, col0}, {col0 + nc, lc1} };
    hzgsvd__dn_larft(es, m - j0, kb, V, ldv, tau + j0, T, HZGSVD__DN_NB, Gm);
    for (int q = 0; q < 3; ++q)
        if (ranges[q][0] < ranges[q][1])
            hzgsvd__dn_larfb_left(es, 1, m - j0, ranges[q][1] - ranges[q][0], kb, V, ldv, T, HZGSVD__DN_NB,
                                  HZGSVD__DN_AT(es, B, row0 + j0, ranges[q][0]), B->lds, W);
}

/* Column jj of the block made into reflector jj (column jj of Vr: zeros above row jj, 1 at jj);
 * the column gets beta at row jj and zeros below. */
HZGSVD_PRIVATE void hzgsvd__dn_qr_reflector(int es, const hzgsvd__dn_block *B, int row0, int m, int col0, int jj, double *Vr, int ldv,
                                            double *tau)
{
    double *v = Vr + (size_t)es * jj * ldv, beta[2];
    memset(v, 0, sizeof(double) * es * (size_t)jj);
    memcpy(v + es * (size_t)jj, HZGSVD__DN_AT(es, B, row0 + jj, col0 + jj), sizeof(double) * es * (size_t)(m - jj));
    hzgsvd__dn_house(es, v + es * (size_t)jj, m - jj, 0, &tau[jj], beta);
    double *d = HZGSVD__DN_AT(es, B, row0 + jj, col0 + jj);
    memset(d, 0, sizeof(double) * es * (size_t)(m - jj));
    d[0] = beta[0];
    if (es == 2) d[1] = beta[1];
}

/* xGEQRF: the panel's columns only, then the block reflector on the block's later columns and
 * outside.  Returns the number of reflectors made. */
HZGSVD_PRIVATE int hzgsvd__dn_qrcp_unpivoted(const hzgsvd__dn_qrcp_state *S)
{
    const int es = S->es, m = S->m, nc = S->nc, nb = S->nb, steps = m < nc ? m : nc;
    int r = 0;
    for (int j = 0; j < steps; j += nb) {
        const int jb = steps - j < nb ? steps - j : nb;
        int kb = 0, stop = 0;
        for (int kk = 0; kk < jb; ++kk) {
            const int jj = j + kk;
            if (!(hzgsvd__dn_nrm2(es, HZGSVD__QR_A(jj, jj), m - jj, 1) > S->tol)) { stop = 1; break; }
            hzgsvd__dn_qr_reflector(es, S->B, S->row0, m, S->col0, jj, S->Vr, S->ldv, S->tau);
            if (kk + 1 < jb) {   /* the panel's later columns */
                double *const a = HZGSVD__QR_A(jj, jj + 1);
                if (es == 2) hzgsvd__z_dn_left(HZGSVD__QR_V(jj, jj), m - jj, S->tau[jj], a, S->lds, jb - kk - 1);
                else hzgsvd__d_dn_left(HZGSVD__QR_V(jj, jj), m - jj, S->tau[jj], a, S->lds, jb - kk - 1);
            }
            kb = kk + 1;
        }
        hzgsvd__dn_qr_apply(es, S->B, S->row0, m, S->col0, nc, S->lc0, S->lc1, S->col0 + j + jb, S->col0 + nc, j, kb, S->Vr, S->ldv, S->tau,
                            S->T, S->Gm, S->W);
        r = j + kb;
        if (stop) break;
    }
    return r;
}

/* The norms of the columns j.. on their rows j.. recomputed (vn1 = vn2), their marks cleared. */
HZGSVD_PRIVATE void hzgsvd__dn_qrcp_norms(const hzgsvd__dn_qrcp_state *S, int j)
{
    const int m = S->m, nc = S->nc;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if ((size_t)(m - j) * (nc - j) > HZGSVD__DN_PAR)
#endif
    for (int c = j; c < nc; ++c) { S->vn1[c] = S->vn2[c] = hzgsvd__dn_nrm2(S->es, HZGSVD__QR_A(j, c), m - j, 1); S->mark[c] = 0.0; }
}

/* Pivot p to column jj: whole columns of S, the panel's kk rows of Fc, the norms. */
HZGSVD_PRIVATE void hzgsvd__dn_qrcp_swap(const hzgsvd__dn_qrcp_state *S, int jj, int p, int kk)
{
    double *a = HZGSVD__DN_AT(S->es, S->B, 0, S->col0 + jj), *b = HZGSVD__DN_AT(S->es, S->B, 0, S->col0 + p);
    for (size_t i = 0; i < (size_t)S->es * S->B->srows; ++i) { const double t = a[i]; a[i] = b[i]; b[i] = t; }
    for (int i = 0; i < S->es * kk; ++i) { const double t = HZGSVD__QR_F(0, jj)[i]; HZGSVD__QR_F(0, jj)[i] = HZGSVD__QR_F(0, p)[i]; HZGSVD__QR_F(0, p)[i] = t; }
    double t = S->vn1[jj]; S->vn1[jj] = S->vn1[p]; S->vn1[p] = t;
    t = S->vn2[jj]; S->vn2[jj] = S->vn2[p]; S->vn2[p] = t;
}

/* One pivoted panel at column j of jb reflectors at most (xLAQPS): per step the pivot, its column
 * brought up to date, the norm test, the reflector, the later columns' Fc row, pivot row and norm.
 * *exact: whether vn1 holds recomputed norms (in and out).  Out: *kb reflectors made; *stop: the
 * largest recomputed norm is <= tol; *retry: a pivot's recomputed norm is <= tol (recompute every
 * norm, then choose again); *marked: a downdated norm is to be recomputed. */
HZGSVD_PRIVATE void hzgsvd__dn_qrcp_panel(const hzgsvd__dn_qrcp_state *S, int j, int jb, int *exact, int *kb, int *stop, int *retry, int *marked)
{
    const int es = S->es, m = S->m, nc = S->nc;
    const double tol3z = sqrt(ldexp(1.0, -53));
    *kb = 0; *stop = 0; *retry = 0; *marked = 0;
    for (int kk = 0; kk < jb; ++kk) {
        const int jj = j + kk;
        int p = jj;
        for (int c = jj + 1; c < nc; ++c)
            if (S->vn1[c] > S->vn1[p]) p = c;
        if (p != jj) hzgsvd__dn_qrcp_swap(S, jj, p, kk);
        if (es == 2) hzgsvd__z_dn_qrcp_catch_up(S, j, jj, kk);
        else hzgsvd__d_dn_qrcp_catch_up(S, j, jj, kk);
        if (!(hzgsvd__dn_nrm2(es, HZGSVD__QR_A(jj, jj), m - jj, 1) > S->tol)) {
            if (*exact && kk == 0) *stop = 1;   /* the largest recomputed norm is <= tol */
            else *retry = 1;                   /* recompute every norm, then choose again */
            break;
        }
        hzgsvd__dn_qr_reflector(es, S->B, S->row0, m, S->col0, jj, S->Vr, S->ldv, S->tau);
        *exact = 0;
        *kb = kk + 1;
        const double tj = S->tau[jj];
        if (es == 2) hzgsvd__z_dn_qrcp_aux(S, j, jj, kk, tj);
        else hzgsvd__d_dn_qrcp_aux(S, j, jj, kk, tj);
        const int nrest = nc - jj - 1;
        (void)nrest;
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if ((size_t)(m - jj) * nrest > HZGSVD__DN_PAR)
#endif
        for (int c = jj + 1; c < nc; ++c) {
            if (es == 2) hzgsvd__z_dn_qrcp_column(S, c, j, jj, kk, tj, tol3z);
            else hzgsvd__d_dn_qrcp_column(S, c, j, jj, kk, tj, tol3z);
        }
        for (int c = jj + 1; c < nc && !*marked; ++c) *marked = S->mark[c] != 0.0;
        if (*marked) break;
    }
}

/* xLAQPS-style pivoted QR in panels (see hzgsvd__dn_qrcp).  Returns the number of reflectors made. */
HZGSVD_PRIVATE int hzgsvd__dn_qrcp_pivoted(const hzgsvd__dn_qrcp_state *S)
{
    const int es = S->es, m = S->m, nc = S->nc, nb = S->nb, steps = m < nc ? m : nc;
    int r = 0;
    hzgsvd__dn_qrcp_norms(S, 0);
    int exact = 1;   /* vn1 holds the recomputed norms of every remaining column */
    int j = 0;
    while (j < steps) {
        const int jb = steps - j < nb ? steps - j : nb;
        int kb, stop, retry, marked;
        hzgsvd__dn_qrcp_panel(S, j, jb, &exact, &kb, &stop, &retry, &marked);
        /* the panel's kb reflectors on the later columns' next rows (the pivot column of a retry is
         * up to date already; after a stop the rows are zeroed) and on the columns outside */
        const int c0 = j + kb + (retry ? 1 : 0);
        if (!stop && kb > 0 && c0 < nc && j + kb < m)   /* A -= V F^H */
            hzgsvd__dn_mm(es, 'N', 'N', m - j - kb, nc - c0, kb, -1.0, NULL, HZGSVD__QR_V(j + kb, j), S->ldv, HZGSVD__QR_F(0, c0), nb,
                          HZGSVD__QR_A(j + kb, c0), S->lds);
        hzgsvd__dn_qr_apply(es, S->B, S->row0, m, S->col0, nc, S->lc0, S->lc1, 0, 0, j, kb, S->Vr, S->ldv, S->tau, S->T, S->Gm, S->W);
        j += kb;
        r = j;
        if (stop) break;
        if (retry) {
            hzgsvd__dn_qrcp_norms(S, j);
            exact = 1;
        } else if (marked) {
            for (int c = j; c < nc; ++c)
                if (S->mark[c] != 0.0) { S->vn1[c] = S->vn2[c] = hzgsvd__dn_nrm2(es, HZGSVD__QR_A(j, c), m - j, 1); S->mark[c] = 0.0; }
        }
    }
    return r;
}

/* Householder QR of the block rows row0..row0+m-1, columns col0..col0+nc-1 of S, with column
 * pivoting (pivot = the largest remaining column norm, the first of equals) when pivot != 0.  It
 * stops at the first pivot column whose norm is <= tol and returns the number r of reflectors made
 * (the numerical rank); the rest of the block is set to zero (it is below tol).  The reflectors act
 * on the columns lc0..lc1-1 of these rows; a pivot swap exchanges whole columns of S.  Reflector j
 * is kept as column j of Vr (ld ldv; rows j..m-1 significant, the rest zero) with tau[j].
 * work: hzgsvd__dn_work_size(es, m, lc1 - lc0) doubles.
 *
 * Blocked in panels of HZGSVD__DN_NB reflectors.  Without pivoting (LAPACK's xGEQRF): a panel is
 * factored on its own columns, then applied to the rest as one block reflector.  With pivoting
 * (LAPACK's xLAQPS): the column norms are downdated after each reflector from the pivot row (kept
 * up to date by the panel's F = A^H V T), the rest of the columns updated once per panel
 * (A -= V F^H); a norm whose downdate loses too much (LAPACK's tol3z test) ends the panel and is
 * recomputed.  The stop is decided on recomputed norms: where the pivot column's recomputed norm
 * is <= tol, the panel so far is applied and every remaining norm recomputed, and the pivot chosen
 * again from those; the factorization stops only when the largest recomputed norm is <= tol. */
HZGSVD_PRIVATE int hzgsvd__dn_qrcp(int es, const hzgsvd__dn_block *B, int row0, int m, int col0, int nc, int lc0, int lc1,
                                   int pivot, double tol, double *Vr, int ldv, double *tau, double *work)
{
    const int nb = HZGSVD__DN_NB;
    hzgsvd__dn_qrcp_state st;
    hzgsvd__dn_qrcp_state *const S = &st;
    S->B = B; S->es = es; S->row0 = row0; S->m = m; S->col0 = col0; S->nc = nc; S->lc0 = lc0; S->lc1 = lc1;
    S->nb = nb; S->lds = B->lds; S->ldv = ldv; S->tol = tol; S->Vr = Vr; S->tau = tau;
    S->vn1 = work; S->vn2 = S->vn1 + nc; S->mark = S->vn2 + nc;
    S->Fc = S->mark + nc;
    S->T = S->Fc + (size_t)es * nb * nc; S->Gm = S->T + (size_t)es * nb * nb; S->aux = S->Gm + (size_t)es * nb * nb;
    S->vs = S->aux + (size_t)es * nb; S->W = S->vs + (size_t)es * m;
    const int r = pivot ? hzgsvd__dn_qrcp_pivoted(S) : hzgsvd__dn_qrcp_unpivoted(S);
    for (int c = 0; c < nc; ++c)
        if (m > r) memset(HZGSVD__QR_A(r, c), 0, sizeof(double) * es * (size_t)(m - r));
    return r;
}

/* The row reflectors of the rows row0 + i of S, i = r-1 down to 0 (rq) or 0 up to r-1 (lq), on the
 * columns col0.. (nc in all): row i (conjugated) is made into its reflector, which is applied from
 * the right to every other row of S, and becomes conj(beta) at its pivot and zeros elsewhere.  RQ:
 * row i's reflector spans nc - r + i + 1 columns, pivot the last; LQ: the columns col0 + i.., pivot
 * the first.  Blocked: a panel of HZGSVD__DN_NB rows is reduced among its own rows, then applied to
 * the other rows as one block reflector; rows done before are zero where it acts and are left out.
 * work: hzgsvd__dn_work_size(es, B->srows, nc) doubles. */
HZGSVD_PRIVATE void hzgsvd__dn_rows(int es, const hzgsvd__dn_block *B, int row0, int r, int col0, int nc, int rq, double *work)
{
    const int nb = HZGSVD__DN_NB, lds = B->lds;
    double *Vb = work, *T = Vb + (size_t)es * nb * nc, *Gm = T + (size_t)es * nb * nb, *taus = Gm + (size_t)es * nb * nb;
    double *v = taus + nb, *tmp = v + (size_t)es * nc, *W = tmp + (size_t)es * nb;   /* W: srows x nb */
    for (int blk = 0; blk < r; blk += nb) {
        const int kb = r - blk < nb ? r - blk : nb;
        const int vc0 = rq ? col0 : col0 + blk, vlen = nc - blk;   /* the columns the panel's reflectors span */
        const int pr0 = rq ? r - blk - kb : blk;                 /* the panel's rows: pr0 .. pr0 + kb - 1 */
        memset(Vb, 0, sizeof(double) * es * (size_t)vlen * kb);
        for (int q = 0; q < kb; ++q) {
            const int i = rq ? r - 1 - blk - q : blk + q;
            const int len = rq ? nc - r + i + 1 : nc - i, c0 = rq ? col0 : col0 + i, ia = rq ? len - 1 : 0;
            double beta[2];
            for (int c = 0; c < len; ++c) {   /* the row, conjugated */
                const double *s = HZGSVD__DN_AT(es, B, row0 + i, c0 + c);
                v[es * c] = s[0];
                if (es == 2) v[2 * c + 1] = -s[1];
            }
            hzgsvd__dn_house(es, v, len, ia, &taus[q], beta);
            /* the panel's rows still to do */
            if (rq) hzgsvd__dn_right(es, v, len, taus[q], HZGSVD__DN_AT(es, B, row0 + pr0, c0), lds, i - pr0, tmp);
            else hzgsvd__dn_right(es, v, len, taus[q], HZGSVD__DN_AT(es, B, row0 + i + 1, c0), lds, pr0 + kb - i - 1, tmp);
            memcpy(Vb + (size_t)es * ((size_t)(c0 - vc0) + (size_t)q * vlen), v, sizeof(double) * es * (size_t)len);
            for (int c = 0; c < len; ++c) {   /* conj(beta) at the pivot */
                double *s = HZGSVD__DN_AT(es, B, row0 + i, c0 + c);
                s[0] = c == ia ? beta[0] : 0.0;
                if (es == 2) s[1] = c == ia ? -beta[1] : 0.0;
            }
        }
        /* the other rows: those before the block of r rows and after it, and the block's rows still to
         * do (rq: before the panel, lq: after it) */
        hzgsvd__dn_larft(es, vlen, kb, Vb, vlen, taus, T, nb, Gm);
        const int top = rq ? row0 + pr0 : row0, bot = rq ? row0 + r : row0 + pr0 + kb;
        hzgsvd__dn_larfb_right(es, 0, top, vlen, kb, Vb, vlen, T, nb, HZGSVD__DN_AT(es, B, 0, vc0), lds, W);
        hzgsvd__dn_larfb_right(es, 0, B->srows - bot, vlen, kb, Vb, vlen, T, nb, HZGSVD__DN_AT(es, B, bot, vc0), lds, W);
    }
}

/* RQ of the r x nc block (rows row0.., columns col0.., r <= nc): it becomes [0 T], T upper
 * triangular in the last r columns; the unitary factor is applied to the same columns of all rows
 * of S.  work: hzgsvd__dn_work_size(es, B->srows, nc) doubles. */
HZGSVD_PRIVATE void hzgsvd__dn_rq(int es, const hzgsvd__dn_block *B, int row0, int r, int col0, int nc, double *work)
{
    hzgsvd__dn_rows(es, B, row0, r, col0, nc, 1, work);
}

/* LQ of the r x nc block (r <= nc): it becomes [L 0], L lower triangular in the first r columns;
 * the unitary factor is applied to the same columns of all rows of S. */
HZGSVD_PRIVATE void hzgsvd__dn_lq(int es, const hzgsvd__dn_block *B, int row0, int r, int col0, int nc, double *work)
{
    hzgsvd__dn_rows(es, B, row0, r, col0, nc, 0, work);
}

/* X := T^-1 X for T upper triangular (k x k, ld ldt, nonsingular) and X k x nrhs (ld ldx): blocks
 * of rows from the last, each first updated by the rows solved (a product), then solved. */
HZGSVD_PRIVATE void hzgsvd__dn_trsm_upper(int es, const double *T, int ldt, int k, double *Xm, int ldx, int nrhs)
{
    const int bs = 64;
    for (int i1 = k; i1 > 0; i1 -= bs) {
        const int i0 = i1 - bs > 0 ? i1 - bs : 0;
        if (i1 < k)
            hzgsvd__dn_mm(es, 'N', 'N', i1 - i0, nrhs, k - i1, -1.0, NULL, T + (size_t)es * ((size_t)i0 + (size_t)i1 * ldt), ldt,
                          Xm + (size_t)es * i1, ldx, Xm + (size_t)es * i0, ldx);
#ifdef _OPENMP
#pragma omp parallel for schedule(static) if ((size_t)(i1 - i0) * (i1 - i0) * nrhs > 2 * HZGSVD__DN_PAR)
#endif
        for (int j = 0; j < nrhs; ++j) {
            if (es == 2) hzgsvd__z_dn_trsm_col(T, ldt, i0, i1, Xm + (size_t)2 * j * ldx);
            else hzgsvd__d_dn_trsm_col(T, ldt, i0, i1, Xm + (size_t)j * ldx);
        }
    }
}
#line 3039 HZGSVD__SRC_FILE("generated/hzgsvd_cpu_engine_impl.h")
/*** end templates/hzgsvd_dense.c ***/

/*** begin templates/hzgsvd_reduce.c ***/
#line HZGSVD__SRC_LINE(1, 3043) HZGSVD__SRC_FILE("templates/hzgsvd_reduce.c")
/* General pairs, both precisions (the doubles per element C and the dense kernels come from the
 * table X, hzgsvd__dense_prec; one instance per precision in templates/hzgsvd_reduce_prec.c.j2):
 * any F (m_f x n) and G (m_g x n), rank deficient or with fewer rows than columns, reduced by unitary transformations in the spirit of LAPACK's xGGSVP3 to
 * a square core pair of full rank on which the Hari-Zimmermann engine runs (docs/API.md, "General
 * pairs").  With S = [G; F; I] carried along (every column operation acts on all three):
 *   A  QR with column pivoting of G, rank l (tolerance tol_g); RQ of its l rows:  G Q = V1 [0 T_B; 0 0];
 *   B  QR with column pivoting of the first n-l columns of F Q, rank k; RQ of its k rows:
 *        U1^H F Q = [0 T_A A12; 0 0 A22] (column groups: common null space, K = k, L = l);
 *   C  QR with column pivoting of A22, rank s (tolerance of F's L columns [A12; A22], below); where
 *      s < l an LQ step and a QR of G's columns in A22's null space:  A22 -> [Ac 0], G's L columns
 *      -> [C0 S0; Bc 0] (S0: the sigma = 0 group).
 * The core pair (Ac, Bc) is s x s and nonsingular on both sides.  From its GSVD the caller's columns
 * are assembled in the order [K (sigma = inf) | core | sigma = 0 | common null space]:
 *   K:    z = Q [0; T_A^-1; 0; 0],                      F z = U1 e,  G z = 0
 *   core: z = Q [0; x; Zc; y],  y = -S0^-1 C0 Zc,  x = -T_A^-1 (A12c Zc + A12z y)
 *   zero: z = Q [0; x; 0; S0^-1], x = -T_A^-1 A12z S0^-1,  F z = 0,  G z = V1 e
 *   null: z = Q [I; 0; 0; 0],                           F z = G z = 0.
 * The ranks l and k are decided as LAPACK's xGGSVD3 decides them: tol = max(m, n) ||.||_1 * 2^-52
 * of G and of F; the rank is the number of leading pivots whose column norm exceeds tol.  xGGSVD3
 * makes no third decision (its xTGSJA takes A22 as it is); ours, which needs a core nonsingular on
 * both sides, cuts only what lies at the rounding level of F's L columns: max(m_f, n) ||[A12; A22]||_1 * 2^-52. */

/* The engine that runs the Hari-Zimmermann iteration on the s x s core (host arrays, ld s; Ac, Bc
 * become Uc, Vc): the CPU engine (hzgsvd__?_cpu_core), the GPU engine on copies in
 * hzgsvd_single.cuh.  mode as the CPU engine's (hzgsvd__on_deficient).  The reduction's fields of
 * info (rank_k, rank_l, tol_f, tol_g, preprocessed) survive the call. */
typedef hzgsvd_status (*hzgsvd__core_engine)(int s, double *Ac, double *Bc, double *Zc, double *sf, double *sg, double *ss,
                                             const hzgsvd_options *o, hzgsvd_info *info, double t0, hzgsvd__on_deficient mode);

/* A whole-pair engine as the X and xGGSVD3 entry points call it: hzgsvd__?_gsvd_any on the CPU, the
 * GPU's on host arrays in hzgsvd_single.cuh. */
typedef hzgsvd_status (*hzgsvd__any_engine)(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                            double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *o, hzgsvd_info *info,
                                            double t0);

/* What the reduction needs of a precision: the doubles per element (1 real, 2 complex
 * interleaved: the es of the dense kernels, templates/hzgsvd_dense.c) and the CPU engine's core for
 * the fallback. */
typedef struct hzgsvd__dense_prec {
    int planes;
    hzgsvd__core_engine cpu_core;
    /* sigma of the nc columns of Z (n rows, ld ldz, interleaved where complex) recomputed from the
     * caller's F, G as the CPU engine refines its own (hzgsvd__?_refine_sigma): sf, sg, ss (nc
     * entries) overwritten where both norms come out positive and finite */
    hzgsvd_status (*refine)(const double *F, int ldf, int m_f, const double *G, int ldg, int m_g, int n, const double *Z, int ldz, int nc,
                            double *sf, double *sg, double *ss, int nthreads, hzgsvd_info *info);
} hzgsvd__dense_prec;

/* ||A||_1 of the power-of-two scaled A (scaled so that its largest |entry| lies in [1/2, 1)) and
 * that scale's exponent e (A = 2^e A_scaled); all zero: 0 and e = 0. */
HZGSVD_PRIVATE double hzgsvd__gen_norm1(const hzgsvd__dense_prec *X, const double *A, int m, int n, int ld, int *e)
{
    const int C = X->planes;
    double amax = 0.0, best = 0.0;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            const double *a = A + (size_t)C * ((size_t)i + (size_t)j * ld);
            amax = fmax(amax, (C == 2 ? hypot(a[0], a[1]) : fabs(a[0])));
        }
    *e = 0;
    if (!(amax > 0.0)) return 0.0;
    (void)frexp(amax, e);
    const double sc = *e <= 1022 ? ldexp(1.0, -*e) : 0.0;   /* 2^-e where normal: a multiplication is ldexp's value */
    for (int j = 0; j < n; ++j) {
        double s = 0.0;
        for (int i = 0; i < m; ++i) {
            const double *a = A + (size_t)C * ((size_t)i + (size_t)j * ld);
            const double x = (C == 2 ? hypot(a[0], a[1]) : fabs(a[0]));
            s += sc != 0.0 ? x * sc : ldexp(x, -*e);
        }
        best = fmax(best, s);
    }
    return best;
}

/* Whether the rows x cols block A (ld) holds a NaN or an infinity; the first one's row and column
 * (0-based, column by column) in *row, *col. */
HZGSVD_PRIVATE int hzgsvd__gen_nonfinite(const hzgsvd__dense_prec *X, const double *A, int rows, int cols, int ld, int *row, int *col)
{
    const int C = X->planes;
    for (int j = 0; j < cols; ++j)
        for (int i = 0; i < C * rows; ++i)
            if (!isfinite(A[(size_t)C * j * ld + i])) { *row = i / C; *col = j; return 1; }
    return 0;
}

/* The finiteness check of a general pair's input (zero columns are allowed here). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gen_finite(const hzgsvd__dense_prec *X, const double *A, int m, int n, int ld, const char *name, hzgsvd_info *info)
{
    int i, j;
    if (hzgsvd__gen_nonfinite(X, A, m, n, ld, &i, &j))
        return hzgsvd__fail(info, HZGSVD_ERR_NOT_FINITE, "%s(%d, %d) is not finite", name, i + 1, j + 1);
    return HZGSVD_SUCCESS;
}

/* The rows x cols block W (ld ldw) set to the unit columns e_{row0}, e_{row0+1}, ... */
HZGSVD_PRIVATE void hzgsvd__gen_unit(const hzgsvd__dense_prec *X, double *W, int ldw, int rows, int cols, int row0)
{
    const int C = X->planes;
    for (int j = 0; j < cols; ++j) {
        memset(W + (size_t)C * j * ldw, 0, sizeof(double) * C * (size_t)rows);
        W[(size_t)C * ((size_t)(row0 + j) + (size_t)j * ldw)] = 1.0;
    }
}

/* Copies the rows x cols block at src (ld lds) to dst (ld ldd), times 2^e (by one multiplication
 * where 2^e is a normal double: the same, correctly rounded, value as ldexp's). */
HZGSVD_PRIVATE void hzgsvd__gen_copy(const hzgsvd__dense_prec *X, const double *src, int lds, int rows, int cols, int e, double *dst, int ldd)
{
    const int C = X->planes;
    const double sc = e >= -1022 && e <= 1023 ? ldexp(1.0, e) : 0.0;
    for (int j = 0; j < cols; ++j) {
        const double *x = src + (size_t)C * j * lds;
        double *y = dst + (size_t)C * j * ldd;
        if (sc != 0.0)
            for (int i = 0; i < C * rows; ++i) y[i] = x[i] * sc;
        else
            for (int i = 0; i < C * rows; ++i) y[i] = ldexp(x[i], e);
    }
}

/* Applies the reflectors t-1 .. 0 (columns of V, ld ldv, m rows, column r zero above row r;
 * factors tau) to the ncols columns of W: W := H_0 H_1 ... H_{t-1} W (the unitary factor whose
 * adjoint the reduction applied), as block reflectors of HZGSVD__DN_NB from the last.
 * work: hzgsvd__dn_work_size(C, m, ncols) doubles. */
HZGSVD_PRIVATE void hzgsvd__gen_unreduce(const hzgsvd__dense_prec *X, const double *V, int ldv, const double *tau, int t, int m, double *W, int ldw, int ncols, double *work)
{
    const int C = X->planes;
    const int nb = HZGSVD__DN_NB;
    double *T = work, *Gm = T + (size_t)C * nb * nb, *Wk = Gm + (size_t)C * nb * nb;
    for (int b0 = t > 0 ? ((t - 1) / nb) * nb : -1; b0 >= 0; b0 -= nb) {
        const int kb = t - b0 < nb ? t - b0 : nb;
        const double *Vb = V + (size_t)C * ((size_t)b0 + (size_t)b0 * ldv);
        hzgsvd__dn_larft(C, m - b0, kb, Vb, ldv, tau + b0, T, nb, Gm);
        hzgsvd__dn_larfb_left(C, 0, m - b0, ncols, kb, Vb, ldv, T, nb, W + (size_t)C * b0, ldw, Wk);
    }
}

/* max |(Y^H Y - I)_ij| over the s columns of the s x s Y (ld s): the upper triangle of Y^H Y by
 * blocks of up to 256 columns (products).  work: s * min(s, 256) scalars. */
HZGSVD_PRIVATE double hzgsvd__gen_orth(const hzgsvd__dense_prec *X, const double *Y, int s, double *work)
{
    const int C = X->planes;
    double worst = 0.0;
    const int bw = s < 256 ? s : 256;
    for (int j0 = 0; j0 < s; j0 += bw) {
        const int w = s - j0 < bw ? s - j0 : bw, rows = j0 + w;
        memset(work, 0, sizeof(double) * C * (size_t)rows * w);
        hzgsvd__dn_mm(C, 'C', 'N', rows, w, s, 1.0, NULL, Y, s, Y + (size_t)C * j0 * s, s, work, rows);
        for (int jj = 0; jj < w; ++jj)
            for (int i = 0; i <= j0 + jj; ++i) {
                const double *g = work + (size_t)C * ((size_t)i + (size_t)jj * rows);
                worst = fmax(worst, (C == 2 ? hypot(g[0] - (i == j0 + jj), g[1]) : fabs(g[0] - (i == j0 + jj))));
            }
    }
    return worst;
}

/* Modified Gram-Schmidt, twice, over the columns j of the s x s Y (ld s) with sig[j] > 0, in the order
 * of decreasing sig: each column loses its components along the columns before it and is normalized.
 * For the core's U (sig = Sigma_F) or V (Sigma_G) after the fallback: where sigma_f_j sits near the
 * rank tolerance, u_j = F z_j / sigma_f_j carries an error of about u ||F|| ||z_j|| / sigma_f_j in
 * direction (up to 1e-2 measured), so U is off orthogonality although F Z = U Sigma_F holds to
 * u ||F|| ||z_j||.  The correction is that small against sigma_f_j u_j: the residual stays where it
 * was, the columns with large sigma (accurate already) move by O(u), and U^H U = I to O(u).
 * idx: s ints of scratch. */
HZGSVD_PRIVATE void hzgsvd__gen_reorth(const hzgsvd__dense_prec *X, double *Y, int s, const double *sig, int *idx)
{
    const int C = X->planes;
    int cnt = 0;
    for (int j = 0; j < s; ++j)
        if (sig[j] > 0.0) idx[cnt++] = j;
    hzgsvd__sort_desc(sig, idx, cnt);
    for (int t = 0; t < cnt; ++t) {
        double *y = Y + (size_t)C * idx[t] * s;
        for (int pass = 0; pass < 2; ++pass)
            for (int q = 0; q < t; ++q) {
                const double *x = Y + (size_t)C * idx[q] * s;
                double dr = 0.0, di = 0.0;   /* x^H y */
                if (C == 2) {
                    for (int i = 0; i < s; ++i) {
                        dr += x[2 * i] * y[2 * i] + x[2 * i + 1] * y[2 * i + 1];
                        di += x[2 * i] * y[2 * i + 1] - x[2 * i + 1] * y[2 * i];
                    }
                    for (int i = 0; i < s; ++i) {
                        y[2 * i] -= dr * x[2 * i] - di * x[2 * i + 1];
                        y[2 * i + 1] -= dr * x[2 * i + 1] + di * x[2 * i];
                    }
                } else {
                    for (int i = 0; i < s; ++i) dr += x[i] * y[i];
                    for (int i = 0; i < s; ++i) y[i] -= dr * x[i];
                }
            }
        const double nrm = hzgsvd__dn_nrm2(C, y, s, 1);
        if (nrm > 0.0)
            for (int i = 0; i < C * s; ++i) y[i] /= nrm;
    }
}

/* The GSVD of the s x s core (Ac, Bc both nonsingular; Ac, Bc become Uc, Vc).  First the engine on
 * the core itself (column-scaling invariant: relatively accurate).  Where that finds the core rank
 * deficient, does not converge within the default budget, or returns U or V off orthogonality by
 * more than 16 s u (an ungraded core of condition near 1/u: docs/NUMERICS.md, "The core's
 * fallback"), the engine runs instead on the orthonormal
 * pair (Q1, Q2) of [Ac; Bc] = [Q1; Q2] R, whose GSVD is the core's with Z = R^-1 Zq: its condition is only the
 * spread of the core's sigma, and U, V come from it as orthogonal as for any well-conditioned pair. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gen_core(const hzgsvd__dense_prec *X, int s, double *Ac, double *Bc, double *Zc, double *sf, double *sg, double *ss,
                                            const hzgsvd_options *o, hzgsvd_info *info, double t0, hzgsvd__core_engine engine)
{
    const int C = X->planes;
    const size_t s2 = (size_t)s * s;
    const size_t n_work = hzgsvd__dn_work_size(C, 2 * s, s);
    /* + s + 1 for tau, + s for the re-orthogonalization's indices (ints in double slots) */
    double *mem = (double *)calloc(C * (2 * s2 + 2 * 2 * s2) + n_work + 2 * (size_t)s + 1, sizeof(double));
    if (!mem) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating a copy of the core (order %d)", s);
    double *S = mem, *Vr = S + C * 2 * s2, *Rm = Vr + C * 2 * s2, *work = Rm + C * s2, *tau = work + n_work;
    int *idx = (int *)(tau + s + 1);
    hzgsvd__gen_copy(X, Ac, s, s, s, 0, S, 2 * s);             /* S = [Ac; Bc] (2s x s) */
    hzgsvd__gen_copy(X, Bc, s, s, s, 0, S + C * (size_t)s, 2 * s);
    hzgsvd_status st = engine(s, Ac, Bc, Zc, sf, sg, ss, o, info, t0, HZGSVD__DEFICIENT_REPORT);
    const double tol = 16.0 * s * ldexp(1.0, -53);
    const int ok = st == HZGSVD_SUCCESS || st == HZGSVD_ERR_NO_CONVERGENCE;
    /* a core that stalls within the default budget (HZGSVD__REROUTE_SWEEPS, as the front door) takes
     * the fallback too: the orthonormal pair's condition is only the spread of sigma */
    const int stalled = st == HZGSVD_ERR_NO_CONVERGENCE && o->max_sweeps >= HZGSVD__REROUTE_SWEEPS;
    if (!(st == HZGSVD_ERR_RANK_DEFICIENT || stalled || (ok && (hzgsvd__gen_orth(X, Ac, s, Vr) > tol || hzgsvd__gen_orth(X, Bc, s, Vr) > tol)))) {
        free(mem);
        return st;
    }
    hzgsvd__dn_block B = {S, 2 * s, 2 * s};
    (void)hzgsvd__dn_qrcp(C, &B, 0, 2 * s, 0, s, 0, s, 0, -1.0, Vr, 2 * s, tau, work);
    for (int j = 0; j < s; ++j)   /* R, then [Q1; Q2] = H_0 ... H_{s-1} [I; 0] in S */
        for (int i = 0; i < C * s; ++i) Rm[(size_t)C * j * s + i] = i / C <= j ? S[(size_t)C * j * 2 * s + i] : 0.0;
    hzgsvd__gen_unit(X, S, 2 * s, 2 * s, s, 0);
    hzgsvd__gen_unreduce(X, Vr, 2 * s, tau, s, 2 * s, S, 2 * s, s, work);
    /* The engine on [Q1; Q2]; where it refuses it, the CPU engine column by column: the blocked
     * engine factors the Gram matrix of each pivot block, which squares its condition, and where a
     * sigma sits near the tolerance on either side (sigma_g ~ 1e-14 with another sigma_f ~ 1e-10,
     * both nonzero) a 2x2 pivot of B can come out not positive definite; w = 1 forms no pivot block. */
    hzgsvd_options o1 = *o;
    o1.block_width = 1;
    for (int attempt = 0; attempt < 2 && (attempt == 0 || st == HZGSVD_ERR_RANK_DEFICIENT); ++attempt) {
        hzgsvd__gen_copy(X, S, 2 * s, s, s, 0, Ac, s);
        hzgsvd__gen_copy(X, S + C * (size_t)s, 2 * s, s, s, 0, Bc, s);
        if (info) { info->sweeps = 0; info->all = 0; info->big = 0; }   /* this run's counts */
        st = attempt == 0 ? engine(s, Ac, Bc, Zc, sf, sg, ss, o, info, t0, HZGSVD__DEFICIENT_ACCEPT)
                          : X->cpu_core(s, Ac, Bc, Zc, sf, sg, ss, &o1, info, t0, HZGSVD__DEFICIENT_ACCEPT);
    }
    if (st == HZGSVD_SUCCESS || st == HZGSVD_ERR_NO_CONVERGENCE) {
        /* U or V still off where a sigma sits near the rank tolerance: re-orthogonalized */
        if (hzgsvd__gen_orth(X, Ac, s, Vr) > tol) hzgsvd__gen_reorth(X, Ac, s, sf, idx);
        if (hzgsvd__gen_orth(X, Bc, s, Vr) > tol) hzgsvd__gen_reorth(X, Bc, s, sg, idx);
        hzgsvd__dn_trsm_upper(C, Rm, s, s, Zc, s, s);
    }
    free(mem);
    return st;
}

/* A reduction in progress: S = [G; F; I] (scaled by 2^-eg, 2^-ef) and its row reflectors, the
 * ranks, the core pair and its GSVD, scratch. */
typedef struct hzgsvd__gen_state {
    const hzgsvd__dense_prec *X;
    int m_f, m_g, n, lds, ef, eg;
    int k, l, s, nn, tfu;           /* K, L, the core's order, the common null space, reflectors made on F's rows */
    double tolf_s, tolg_s;          /* the rank tolerances in the units of the scaled matrices */
    hzgsvd__dn_block B;
    double *mem, *Vf, *Vg, *work, *tauf, *taug;
    double *core, *Ac, *Bc, *Zc, *sfc, *sgc, *ssc, *Y;
} hzgsvd__gen_state;

/* ||S(r0 : r0+rows, c0 : c0+cols)||_1 (the largest column sum of moduli). */
HZGSVD_PRIVATE double hzgsvd__gen_norm1_cols(int C, const hzgsvd__dn_block *B, int r0, int rows, int c0, int cols)
{
    double best = 0.0;
    for (int j = c0; j < c0 + cols; ++j) {
        double sum = 0.0;
        for (int i = r0; i < r0 + rows; ++i) {
            const double *a = HZGSVD__DN_AT(C, B, i, j);
            sum += C == 2 ? hypot(a[0], a[1]) : fabs(a[0]);
        }
        best = fmax(best, sum);
    }
    return best;
}

/* S, the reflectors and the three rank-revealing stages (the header of this file):
 *   A: G's rank l and G Q = V1 [0 T_B; 0 0];
 *   B: the part of F in G's null space; rank k, then [0 T_A] in the first n - l columns;
 *   C: A22 = rows k.. of F's last l columns; rank s; its null space split off where s < l. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gen_reduce(const double *F, int ldf, const double *G, int ldg, hzgsvd__gen_state *R, hzgsvd_info *info)
{
    const hzgsvd__dense_prec *X = R->X;
    const int C = X->planes;
    const int m_f = R->m_f, m_g = R->m_g, n = R->n;
    const int lds = m_g + m_f + n, mx = lds > n ? lds : n;
    const int tf = m_f < n ? m_f : n, tg = m_g < n ? m_g : n;
    const size_t n_s = (size_t)lds * n, n_vf = (size_t)m_f * tf, n_vg = (size_t)m_g * 2 * tg;
    const size_t n_work = hzgsvd__dn_work_size(C, mx, n);
    R->lds = lds;
    R->mem = (double *)calloc(C * (n_s + n_vf + n_vg) + n_work + (size_t)tf + 2 * (size_t)tg, sizeof(double));
    if (!R->mem) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the reduction of a %d + %d by %d pair", m_f, m_g, n);
    double *S = R->mem;
    R->Vf = S + C * n_s; R->Vg = R->Vf + C * n_vf; R->work = R->Vg + C * n_vg;
    R->tauf = R->work + n_work; R->taug = R->tauf + tf;
    hzgsvd__dn_block *B = &R->B;
    B->S = S; B->lds = lds; B->srows = lds;
    hzgsvd__gen_copy(X, G, ldg, m_g, n, -R->eg, S, lds);
    hzgsvd__gen_copy(X, F, ldf, m_f, n, -R->ef, S + C * (size_t)m_g, lds);
    for (int j = 0; j < n; ++j) HZGSVD__DN_AT(C, B, m_g + m_f + j, j)[0] = 1.0;
    /* rows of G and of F in S: i and m_g + i */
    const int l = hzgsvd__dn_qrcp(C, B, 0, m_g, 0, n, 0, n, 1, R->tolg_s, R->Vg, m_g, R->taug, R->work);
    if (l < n) hzgsvd__dn_rq(C, B, 0, l, 0, n, R->work);
    int k = 0;
    if (n - l > 0 && m_f > 0) {
        k = hzgsvd__dn_qrcp(C, B, m_g, m_f, 0, n - l, 0, n, 1, R->tolf_s, R->Vf, m_f, R->tauf, R->work);
        if (k < n - l) hzgsvd__dn_rq(C, B, m_g, k, 0, n - l, R->work);
    }
    int s = 0;
    /* C's rank tolerance: of the L columns of F as they are now (U1^H F Q), not of the whole F --
     * their rounding errors are relative to their own norms, and a graded F's whole norm (its K
     * columns) lies orders of magnitude above them: the whole F's tolerance cut sigma up to 8e-4
     * that xGGSVD3, which makes no such cut, resolves (docs/NUMERICS.md, "The reduction's ranks"). */
    const double tolc = (l > 0 && m_f > k) ? (double)(m_f > n ? m_f : n) * fmax(hzgsvd__gen_norm1_cols(C, B, m_g, m_f, n - l, l), DBL_MIN)
                                                 * ldexp(1.0, -52) : 0.0;
    if (l > 0 && m_f > k)
        s = hzgsvd__dn_qrcp(C, B, m_g + k, m_f - k, n - l, l, n - l, n, 1, tolc,
                          R->Vf + C * ((size_t)k + (size_t)k * m_f), m_f, R->tauf + k, R->work);
    if (s < l) {
        if (s > 0) hzgsvd__dn_lq(C, B, m_g + k, s, n - l, l, R->work);
        (void)hzgsvd__dn_qrcp(C, B, 0, l, n - l + s, l - s, n - l, n, 0, -1.0, R->Vg + C * (size_t)l * m_g, m_g, R->taug + l, R->work);
    }
    R->k = k; R->l = l; R->s = s; R->nn = n - l - k;
    R->tfu = k + s;   /* reflectors made on F's rows; on G's: l, then l - s on its first l rows where s < l */
    return HZGSVD_SUCCESS;
}

/* The core pair (unscaled) and its GSVD on `engine`; a failure of the core's run is reported as the
 * reduced pair's, with the caller's arrays untouched. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gen_solve_core(hzgsvd__gen_state *R, const hzgsvd_options *o, hzgsvd_info *info, double t0,
                                                  hzgsvd__core_engine engine)
{
    const hzgsvd__dense_prec *X = R->X;
    const int C = X->planes;
    const int k = R->k, l = R->l, s = R->s, n = R->n;
    const size_t s2 = (size_t)s * s;
    R->core = (double *)malloc(sizeof(double) * (C * 3 * s2 + 3 * (size_t)s + C * (size_t)n * n + 1));
    if (!R->core) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the core pair (s = %d)", s);
    R->Ac = R->core; R->Bc = R->Ac + C * s2; R->Zc = R->Bc + C * s2;
    R->sfc = R->Zc + C * s2; R->sgc = R->sfc + s; R->ssc = R->sgc + s; R->Y = R->ssc + s;
    if (s == 0) return HZGSVD_SUCCESS;
    hzgsvd__gen_copy(X, HZGSVD__DN_AT(C, &R->B, R->m_g + k, n - l), R->lds, s, s, R->ef, R->Ac, s);
    hzgsvd__gen_copy(X, HZGSVD__DN_AT(C, &R->B, l - s, n - l), R->lds, s, s, R->eg, R->Bc, s);
    int bi, bj;
    if (hzgsvd__gen_nonfinite(X, R->Ac, s, 2 * s, s, &bi, &bj))   /* Ac, Bc: one block of 2s columns */
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE, "the reduced pair of order %d overflows the double range", s);
    const hzgsvd_status core_st = hzgsvd__gen_core(X, s, R->Ac, R->Bc, R->Zc, R->sfc, R->sgc, R->ssc, o, info, t0, engine);
    if (core_st != HZGSVD_SUCCESS && core_st != HZGSVD_ERR_NO_CONVERGENCE && info) {
        /* the core's arrays may have been written, never the caller's: say so */
        char d[2 * sizeof info->detail];
        char *w = strstr(info->detail, " (outputs written)");
        if (w) *w = '\0';
        snprintf(d, sizeof d, "the reduced pair (K = %d, L = %d, core of order %d): %s; outputs not written", k, l, s, info->detail);
        memcpy(info->detail, d, sizeof info->detail - 1);
        info->detail[sizeof info->detail - 1] = '\0';
        info->outputs_written = 0;
    }
    return core_st;
}

/* Y: Z in the coordinates of Q (columns in the output order: K, core, sigma = 0, null space). */
HZGSVD_PRIVATE void hzgsvd__gen_assemble_y(const hzgsvd__gen_state *R)
{
    const hzgsvd__dense_prec *X = R->X;
    const int C = X->planes;
    const int k = R->k, l = R->l, s = R->s, n = R->n, nn = R->nn, lds = R->lds, m_g = R->m_g;
    const hzgsvd__dn_block *B = &R->B;
    double *Y = R->Y;
    const double *TA = HZGSVD__DN_AT(C, B, m_g, nn), *A12c = HZGSVD__DN_AT(C, B, m_g, n - l), *A12z = HZGSVD__DN_AT(C, B, m_g, n - l + s);
    const double *C0 = HZGSVD__DN_AT(C, B, 0, n - l), *S0 = HZGSVD__DN_AT(C, B, 0, n - l + s);
    memset(Y, 0, sizeof(double) * C * (size_t)n * n);
#define HZGSVD__GEN_Y(i, j) (Y + (size_t)C * ((size_t)(i) + (size_t)(j) * n))
    for (int i = 0; i < k; ++i) HZGSVD__GEN_Y(nn + i, i)[0] = ldexp(1.0, -R->ef);
    hzgsvd__dn_trsm_upper(C, TA, lds, k, HZGSVD__GEN_Y(nn, 0), n, k);
    for (int j = 0; j < s; ++j)
        memcpy(HZGSVD__GEN_Y(n - l, k + j), R->Zc + (size_t)C * j * s, sizeof(double) * C * (size_t)s);
    for (int i = 0; i < l - s; ++i) HZGSVD__GEN_Y(n - l + s + i, k + s + i)[0] = ldexp(1.0, -R->eg);
    if (l - s > 0) {
        hzgsvd__dn_mm(C, 'N', 'N', l - s, s, s, -1.0, NULL, C0, lds, HZGSVD__GEN_Y(n - l, k), n, HZGSVD__GEN_Y(n - l + s, k), n);   /* -C0 Zc */
        hzgsvd__dn_trsm_upper(C, S0, lds, l - s, HZGSVD__GEN_Y(n - l + s, k), n, l);                           /* S0^-1 (both groups) */
    }
    if (k > 0 && l > 0) {
        hzgsvd__dn_mm(C, 'N', 'N', k, l, s, -1.0, NULL, A12c, lds, HZGSVD__GEN_Y(n - l, k), n, HZGSVD__GEN_Y(nn, k), n);
        hzgsvd__dn_mm(C, 'N', 'N', k, l, l - s, -1.0, NULL, A12z, lds, HZGSVD__GEN_Y(n - l + s, k), n, HZGSVD__GEN_Y(nn, k), n);
        hzgsvd__dn_trsm_upper(C, TA, lds, k, HZGSVD__GEN_Y(nn, k), n, l);
    }
    for (int i = 0; i < nn; ++i) HZGSVD__GEN_Y(i, k + l + i)[0] = 1.0;
#undef HZGSVD__GEN_Y
}

/* Columns 0..cols-1 of A (rows x cols, ld, C doubles an element) reordered: new column j = old idx[j]
 * (tmp: C rows cols doubles). */
HZGSVD_PRIVATE void hzgsvd__gen_permute(int C, double *A, int rows, int ld, int cols, const int *idx, double *tmp)
{
    const size_t col = (size_t)C * rows;
    for (int j = 0; j < cols; ++j) memcpy(tmp + col * j, A + (size_t)C * idx[j] * ld, sizeof(double) * col);
    for (int j = 0; j < cols; ++j) memcpy(A + (size_t)C * j * ld, tmp + col * j, sizeof(double) * col);
}

/* Z = Q Y.  Returns whether Z holds a non-finite entry (its column in *zj). */
HZGSVD_PRIVATE int hzgsvd__gen_store_z(const hzgsvd__gen_state *R, double *Z, int ldz, int *zj)
{
    const int C = R->X->planes, n = R->n;
    for (int j = 0; j < n; ++j) memset(Z + (size_t)C * j * ldz, 0, sizeof(double) * C * (size_t)n);
    hzgsvd__dn_mm(C, 'N', 'N', n, n, n, 1.0, NULL, HZGSVD__DN_AT(C, &R->B, R->m_g + R->m_f, 0), R->lds, R->Y, n, Z, ldz);
    int zi;
    return hzgsvd__gen_nonfinite(R->X, Z, n, n, ldz, &zi, zj);
}

/* Where the pair is of full rank (K = 0, the core all of it, s = n: tall pairs the CPU engine
 * shortens, preprocess = 1), the core's sigma recomputed from the caller's F, G (still the input) and Z, as
 * every engine refines its full-rank runs (docs/NUMERICS.md, "Sigma from the input pair"): the
 * core's own sigma carry the reduction's rounding (1.7e-13 against 1.7e-14 refined, measured on a
 * tall pair).  Not with K > 0 or a sigma = 0 group: there Z's core columns carry T_A^-1 terms along
 * F's K columns, which the product F z would weigh by F's largest columns (graded pairs: 1e-2 off).
 * Then, with options.sort, the core columns in the order of the refined sigma (Z's here, U's and
 * V's by the core arrays that hzgsvd__gen_store writes). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gen_refine(const hzgsvd__gen_state *R, const double *F, int ldf, const double *G, int ldg, double *Z, int ldz,
                                              const hzgsvd_options *o, hzgsvd_info *info)
{
    const int C = R->X->planes, s = R->s, n = R->n;
#ifdef _OPENMP
    const int nthreads = o->threads > 0 ? o->threads : omp_get_max_threads();
#else
    const int nthreads = 1;
#endif
    if (R->k != 0 || s != n || o->refine_sigma == 0) return HZGSVD_SUCCESS;   /* (from here the core is all of Z: s = n) */
    const hzgsvd_status st = R->X->refine(F, ldf, R->m_f, G, ldg, R->m_g, n, Z, ldz, n, R->sfc, R->sgc, R->ssc, nthreads, info);
    if (st != HZGSVD_SUCCESS || !o->sort) return st;
    int *idx = (int *)malloc(sizeof(int) * (size_t)n);
    double *tmp = (double *)malloc(sizeof(double) * C * (size_t)n * n);
    if (!idx || !tmp) {
        free(idx); free(tmp);
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the order of the refined sigma (n = %d)", n);
    }
    for (int j = 0; j < n; ++j) idx[j] = j;
    hzgsvd__sort_desc(R->ssc, idx, n);
    int moved = 0;
    for (int j = 0; j < n; ++j) moved |= idx[j] != j;
    if (moved) {
        hzgsvd__gen_permute(C, Z, n, ldz, n, idx, tmp);
        hzgsvd__gen_permute(C, R->Ac, n, n, n, idx, tmp);
        hzgsvd__gen_permute(C, R->Bc, n, n, n, idx, tmp);
        hzgsvd__gen_permute(1, R->sfc, 1, 1, n, idx, tmp);
        hzgsvd__gen_permute(1, R->sgc, 1, 1, n, idx, tmp);
        hzgsvd__gen_permute(1, R->ssc, 1, 1, n, idx, tmp);
    }
    free(idx); free(tmp);
    return HZGSVD_SUCCESS;
}

/* U and V: the core's (and unit) columns taken back through the row reflectors; the sigmas of the
 * four groups (Z: hzgsvd__gen_store_z). */
HZGSVD_PRIVATE void hzgsvd__gen_store(const hzgsvd__gen_state *R, double *F, int ldf, double *G, int ldg, double *sigma_f, double *sigma_g,
                                    double *sigma)
{
    const hzgsvd__dense_prec *X = R->X;
    const int C = X->planes;
    const int k = R->k, l = R->l, s = R->s, n = R->n, m_f = R->m_f, m_g = R->m_g;
    for (int j = 0; j < n; ++j) {
        if (m_f > 0) memset(F + (size_t)C * j * ldf, 0, sizeof(double) * C * (size_t)m_f);
        if (m_g > 0) memset(G + (size_t)C * j * ldg, 0, sizeof(double) * C * (size_t)m_g);
    }
    for (int i = 0; i < k; ++i) F[(size_t)C * ((size_t)i + (size_t)i * ldf)] = 1.0;
    for (int j = 0; j < s; ++j) {
        memcpy(F + (size_t)C * ((size_t)k + (size_t)(k + j) * ldf), R->Ac + (size_t)C * j * s, sizeof(double) * C * (size_t)s);
        memcpy(G + (size_t)C * ((size_t)(l - s) + (size_t)(k + j) * ldg), R->Bc + (size_t)C * j * s, sizeof(double) * C * (size_t)s);
    }
    for (int i = 0; i < l - s; ++i) G[(size_t)C * ((size_t)i + (size_t)(k + s + i) * ldg)] = 1.0;
    if (m_f > 0) hzgsvd__gen_unreduce(X, R->Vf, m_f, R->tauf, R->tfu, m_f, F, ldf, k + s, R->work);
    if (m_g > 0 && s < l) hzgsvd__gen_unreduce(X, R->Vg + C * (size_t)l * m_g, m_g, R->taug + l, l - s, l, G + (size_t)C * k * ldg, ldg, l, R->work);
    if (m_g > 0) hzgsvd__gen_unreduce(X, R->Vg, m_g, R->taug, l, m_g, G + (size_t)C * k * ldg, ldg, l, R->work);
    for (int c = 0; c < n; ++c) {
        double f, g, q;
        if (c < k) { f = 1.0; g = 0.0; q = HUGE_VAL; }
        else if (c < k + s) { f = R->sfc[c - k]; g = R->sgc[c - k]; q = R->ssc[c - k]; }
        else if (c < k + l) { f = 0.0; g = 1.0; q = 0.0; }
        else { f = 0.0; g = 0.0; q = NAN; }
        if (sigma_f) sigma_f[c] = f;
        if (sigma_g) sigma_g[c] = g;
        if (sigma) sigma[c] = q;
    }
}

/* The general pair on validated arguments, its core on `engine`; F, G become U, V (zero columns where sigma_f, sigma_g
 * are zero), Z n x n.  On success and on HZGSVD_ERR_NO_CONVERGENCE of the core the outputs are
 * written; on any other status they are untouched.  The ranks are decided as LAPACK's xGGSVD3
 * decides them (the header of this file). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gsvd_general(const hzgsvd__dense_prec *X, int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg,
                                                double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma,
                                                const hzgsvd_options *o, hzgsvd_info *info, double t0, hzgsvd__core_engine engine)
{
    hzgsvd_status st = hzgsvd__gen_finite(X, F, m_f, n, ldf, "F", info);
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gen_finite(X, G, m_g, n, ldg, "G", info);
    if (st != HZGSVD_SUCCESS) return st;
    hzgsvd__gen_state R;
    memset(&R, 0, sizeof R);
    R.X = X;
    R.m_f = m_f; R.m_g = m_g; R.n = n;
    const double ulp = ldexp(1.0, -52);
    const double nf1 = hzgsvd__gen_norm1(X, F, m_f, n, ldf, &R.ef), ng1 = hzgsvd__gen_norm1(X, G, m_g, n, ldg, &R.eg);
    /* the tolerances in the units of the scaled matrices (nf1, ng1 are their norms), and as reported */
    R.tolf_s = (double)(m_f > n ? m_f : n) * fmax(nf1, DBL_MIN) * ulp;
    R.tolg_s = (double)(m_g > n ? m_g : n) * fmax(ng1, DBL_MIN) * ulp;
    st = hzgsvd__gen_reduce(F, ldf, G, ldg, &R, info);
    if (st == HZGSVD_SUCCESS && info) {
        info->rank_k = R.k; info->rank_l = R.l; info->tol_f = ldexp(R.tolf_s, R.ef); info->tol_g = ldexp(R.tolg_s, R.eg);
        info->preprocessed = 1;
    }
    if (st == HZGSVD_SUCCESS) st = hzgsvd__gen_solve_core(&R, o, info, t0, engine);
    if (st == HZGSVD_SUCCESS || st == HZGSVD_ERR_NO_CONVERGENCE) {
        int zj = 0;
        hzgsvd__gen_assemble_y(&R);
        const int zbad = hzgsvd__gen_store_z(&R, Z, ldz, &zj);
        const hzgsvd_status rst = zbad ? HZGSVD_SUCCESS : hzgsvd__gen_refine(&R, F, ldf, G, ldg, Z, ldz, o, info);
        if (rst != HZGSVD_SUCCESS) {
            free(R.core); free(R.mem);
            return rst;                     /* Z written, the caller's F and G untouched */
        }
        hzgsvd__gen_store(&R, F, ldf, G, ldg, sigma_f, sigma_g, sigma);
        if (info) info->outputs_written = 1;
        if (zbad) st = hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE, "column %d of Z is outside the double range (outputs written)", zj + 1);
    }
    free(R.core); free(R.mem);
    return st;
}

/* ||A||_F of the m x n matrix A (ld lda), column by column without needless overflow. */
HZGSVD_PRIVATE double hzgsvd__gen_fnorm(const hzgsvd__dense_prec *X, const double *A, int m, int n, int lda)
{
    const int C = X->planes;
    double f = 0.0;
    for (int j = 0; j < n && m > 0; ++j) f = hypot(f, hzgsvd__dn_nrm2(C, A + (size_t)C * j * lda, m, 1));
    return f;
}

/* X with F = U diag(sigma_f) X and G = V diag(sigma_g) X (X = Z^-1), from the input pair (F0, G0)
 * and the outputs, without inverting Z: row i of X is w_f u_i^H F0 + w_g v_i^H G0 for any weights
 * with w_f sigma_f + w_g sigma_g = 1.  The weights
 *     w_f = sigma_f / (sigma_f^2 + rho^2 sigma_g^2),  w_g = rho^2 sigma_g / (sigma_f^2 + rho^2 sigma_g^2),
 * rho = ||F0||_F / ||G0||_F, are those of the pair scaled to equal norms: the rounding of each
 * product then stays at u ||F0|| in F = U Sigma_F X and at u ||G0|| in G = V Sigma_G X, however
 * different the two norms are (rho = 1 gives X = Sigma_F U^H F + Sigma_G V^H G).  Rows with
 * sigma_f = sigma_g = 0 (the common null space) are the conjugate transposes of their columns of
 * Z.  w: 2n reals.  D: the precision's table. */
HZGSVD_PRIVATE void hzgsvd__gen_x(const hzgsvd__dense_prec *D, int m_f, int m_g, int n, const double *F0, int ldf0, const double *G0, int ldg0,
                                const double *U, int ldu, const double *V, int ldv, const double *Z, int ldz,
                                const double *sf, const double *sg, double *X, int ldx, double *w)
{
    const int C = D->planes;
    const double nf = hzgsvd__gen_fnorm(D, F0, m_f, n, ldf0), ng = hzgsvd__gen_fnorm(D, G0, m_g, n, ldg0);
    const double rho = ng > 0.0 ? fmin(nf / ng, DBL_MAX) : 1.0;
    double *wf = w, *wg = w + n;
    for (int i = 0; i < n; ++i) {
        const double f = sf[i], g = sg[i];
        if (g == 0.0) { wf[i] = f > 0.0 ? 1.0 / f : 0.0; wg[i] = 0.0; continue; }
        if (f == 0.0) { wf[i] = 0.0; wg[i] = 1.0 / g; continue; }
        const double gr = g * rho;
        if (gr >= f) { const double t = f / gr; wf[i] = t / (gr * (1.0 + t * t)); wg[i] = 1.0 / (g * (1.0 + t * t)); }
        else { const double t = gr / f; wf[i] = 1.0 / (f * (1.0 + t * t)); wg[i] = t * rho / (f * (1.0 + t * t)); }
    }
    for (int j = 0; j < n; ++j) memset(X + (size_t)C * j * ldx, 0, sizeof(double) * C * (size_t)n);
    if (m_f > 0) hzgsvd__dn_mm(C, 'C', 'N', n, n, m_f, 1.0, wf, U, ldu, F0, ldf0, X, ldx);   /* X += diag(w_f) U^H F0 */
    if (m_g > 0) hzgsvd__dn_mm(C, 'C', 'N', n, n, m_g, 1.0, wg, V, ldv, G0, ldg0, X, ldx);
    for (int i = 0; i < n; ++i) {
        if (sf[i] != 0.0 || sg[i] != 0.0) continue;
        for (int j = 0; j < n; ++j) {
            const double *z = Z + (size_t)C * ((size_t)j + (size_t)i * ldz);
            double *x = X + (size_t)C * ((size_t)i + (size_t)j * ldx);
            x[0] = z[0];
            if (C == 2) x[1] = -z[1];
        }
    }
}

#line 3628 HZGSVD__SRC_FILE("generated/hzgsvd_cpu_engine_impl.h")
/*** end templates/hzgsvd_reduce.c ***/

/*** begin templates/hzgsvd_ggsvd3.c ***/
#line HZGSVD__SRC_LINE(1, 3632) HZGSVD__SRC_FILE("templates/hzgsvd_ggsvd3.c")
/* X on request and LAPACK's xGGSVD3 interface, both precisions (the table X of the reduction,
 * hzgsvd__dense_prec, gives the doubles per element C and the dense kernels): the general
 * pair's GSVD in our form with X, then X's RQ factorization X = [0 R] Q^H (rows K + L), which is
 * LAPACK's U^H A Q = D1 [0 R], V^H B Q = D2 [0 R] (docs/API.md, "LAPACK-compatible entry"). */

/* The whole-pair engine `any` (hzgsvd__?_gsvd_any on the CPU) with X (n x n, ldx) as well; X NULL: without.  Z NULL: an internal one.  X is
 * computed from F0, G0 (ld ldf0, ldg0), unchanged copies of the input the caller already holds; NULL:
 * copies taken here. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__gsvdx(const hzgsvd__dense_prec *D, int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                         double *X, int ldx, double *sigma_f, double *sigma_g, double *sigma,
                                         const double *F0, int ldf0, const double *G0, int ldg0,
                                         const hzgsvd_options *o, hzgsvd_info *info, double t0, hzgsvd__any_engine any)
{
    const int C = D->planes;
    if (!X) return any(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, o, info, t0);
    hzgsvd_info local;
    if (!info) { info = &local; hzgsvd__info_reset(info); }
    const size_t nf = F0 ? 0 : (size_t)m_f * n, ng = G0 ? 0 : (size_t)m_g * n, nz = Z ? 0 : (size_t)n * n;
    double *mem = (double *)malloc(sizeof(double) * (C * (nf + ng + nz) + 4 * (size_t)n));
    if (!mem) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the copies of F and G that X is computed from");
    double *Zw = Z ? Z : mem + C * (nf + ng), *sf = mem + C * (nf + ng + nz), *sg = sf + n, *w = sg + n;
    const int ldzw = Z ? ldz : n;
    if (!F0) { hzgsvd__gen_copy(D, F, ldf, m_f, n, 0, mem, m_f); F0 = mem; ldf0 = m_f; }
    if (!G0) { hzgsvd__gen_copy(D, G, ldg, m_g, n, 0, mem + C * nf, m_g); G0 = mem + C * nf; ldg0 = m_g; }
    const hzgsvd_status st = any(m_f, m_g, n, F, ldf, G, ldg, Zw, ldzw, sf, sg, sigma, o, info, t0);
    int xbad = 0, xi, xj = 0;
    if (info->outputs_written) {
        hzgsvd__gen_x(D, m_f, m_g, n, F0, ldf0, G0, ldg0, F, ldf, G, ldg, Zw, ldzw, sf, sg, X, ldx, w);
        if (sigma_f) memcpy(sigma_f, sf, sizeof(double) * (size_t)n);
        if (sigma_g) memcpy(sigma_g, sg, sizeof(double) * (size_t)n);
        xbad = hzgsvd__gen_nonfinite(D, X, n, n, ldx, &xi, &xj);
    }
    free(mem);
    if (xbad && (st == HZGSVD_SUCCESS || st == HZGSVD_ERR_NO_CONVERGENCE))
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE, "column %d of X is outside the double range (outputs written)", xj + 1);
    return st;
}

/* Columns t..m-1 of W (m x m, ld ldw) set to an orthonormal basis of the complement of its first t
 * (orthonormal) columns: Householder QR of those, then its unitary factor times [0; I]. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__lp_complete(const hzgsvd__dense_prec *D, double *W, int ldw, int m, int t, hzgsvd_info *info)
{
    const int C = D->planes;
    if (t >= m) return HZGSVD_SUCCESS;
    const size_t n_work = hzgsvd__dn_work_size(C, m, m);
    double *mem = (double *)calloc(C * (2 * (size_t)m * (t > 0 ? t : 1)) + n_work + (size_t)t + 1, sizeof(double));
    if (!mem) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the completion of a %d x %d basis", m, t);
    double *T = mem, *Vr = T + C * (size_t)m * (t > 0 ? t : 1), *work = Vr + C * (size_t)m * (t > 0 ? t : 1), *tau = work + n_work;
    hzgsvd__dn_block B = {T, m, m};
    if (t > 0) {
        hzgsvd__gen_copy(D, W, ldw, m, t, 0, T, m);
        (void)hzgsvd__dn_qrcp(C, &B, 0, m, 0, t, 0, t, 0, -1.0, Vr, m, tau, work);
    }
    hzgsvd__gen_unit(D, W + (size_t)C * t * ldw, ldw, m, m - t, t);
    hzgsvd__gen_unreduce(D, Vr, m, tau, t, m, W + (size_t)C * t * ldw, ldw, m - t, work);
    free(mem);
    return HZGSVD_SUCCESS;
}

/* xGGSVD3 on the whole-pair engine `any`; w_default: the block width that options.block_width = 0
 * stands for (0: left to the engine). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__ggsvd3(const hzgsvd__dense_prec *D, char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                                          double *A, int lda, double *B, int ldb, double *alpha, double *beta,
                                          double *U, int ldu, double *V, int ldv, double *Q, int ldq, int *iwork,
                                          const hzgsvd_options *opt, hzgsvd_info *info, int w_default, hzgsvd__any_engine any)
{
    const int C = D->planes;
    const double t0 = hzgsvd__now();
    hzgsvd_options o = hzgsvd__with_width(opt, w_default);
    hzgsvd__info_reset(info);
    const int wu = jobu == 'U' || jobu == 'u', wv = jobv == 'V' || jobv == 'v', wq = jobq == 'Q' || jobq == 'q';
    /* LAPACK's argument numbers (INFO = -i) */
    const char *bad = NULL;
    int arg = 0;
    if (!wu && jobu != 'N' && jobu != 'n') { arg = 1; bad = "JOBU must be 'U' or 'N'"; }
    else if (!wv && jobv != 'N' && jobv != 'n') { arg = 2; bad = "JOBV must be 'V' or 'N'"; }
    else if (!wq && jobq != 'N' && jobq != 'n') { arg = 3; bad = "JOBQ must be 'Q' or 'N'"; }
    else if (m < 0) { arg = 4; bad = "M < 0"; }
    else if (n < 0) { arg = 5; bad = "N < 0"; }
    else if (p < 0) { arg = 6; bad = "P < 0"; }
    else if (!k) { arg = 7; bad = "K is NULL"; }
    else if (!l) { arg = 8; bad = "L is NULL"; }
    else if (!A && m > 0 && n > 0) { arg = 9; bad = "A is NULL"; }
    else if (lda < (m > 1 ? m : 1)) { arg = 10; bad = "LDA < max(1, M)"; }
    else if (!B && p > 0 && n > 0) { arg = 11; bad = "B is NULL"; }
    else if (ldb < (p > 1 ? p : 1)) { arg = 12; bad = "LDB < max(1, P)"; }
    else if (n > 0 && (!alpha || !beta)) { arg = alpha ? 14 : 13; bad = "ALPHA or BETA is NULL"; }
    else if (wu && !U && m > 0) { arg = 15; bad = "U is NULL with JOBU = 'U'"; }
    else if (ldu < 1 || (wu && ldu < m)) { arg = 16; bad = "LDU < 1, or LDU < M with JOBU = 'U'"; }
    else if (wv && !V && p > 0) { arg = 17; bad = "V is NULL with JOBV = 'V'"; }
    else if (ldv < 1 || (wv && ldv < p)) { arg = 18; bad = "LDV < 1, or LDV < P with JOBV = 'V'"; }
    else if (wq && !Q && n > 0) { arg = 19; bad = "Q is NULL with JOBQ = 'Q'"; }
    else if (ldq < 1 || (wq && ldq < n)) { arg = 20; bad = "LDQ < 1, or LDQ < N with JOBQ = 'Q'"; }
    else if (!iwork && n > 0) { arg = 21; bad = "IWORK is NULL"; }
    if (bad) return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "argument %d: %s", arg, bad);
    o.sort = 1;   /* LAPACK's layout needs the sigma = 0 columns after the others */
    if (o.preprocess == -1) o.preprocess = 1;   /* LAPACK's semantics: ranks decided by its tolerances, U, V, Q from unitary reductions */
    static const double probe = 0.0;   /* stands in for arrays the option checks do not look at */
    hzgsvd_status st = hzgsvd__check_args_general(0, 0, n > 0 ? n : 1, &probe, 1, &probe, 1, &probe, n > 0 ? n : 1, &o, info);
    if (st != HZGSVD_SUCCESS) return st;
    *k = 0; *l = 0;
    if (n == 0) {
        if (wu) hzgsvd__gen_unit(D, U, ldu, m, m, 0);
        if (wv) hzgsvd__gen_unit(D, V, ldv, p, p, 0);
        if (info) { info->seconds = hzgsvd__now() - t0; snprintf(info->detail, sizeof info->detail, "N = 0: nothing to do"); }
        return HZGSVD_SUCCESS;
    }
    hzgsvd_info local;
    hzgsvd_info *inf = info ? info : &local;
    if (!info) hzgsvd__info_reset(inf);
    const size_t nF = (size_t)m * n, nG = (size_t)p * n, nn = (size_t)n * n;
    double *mem = (double *)malloc(sizeof(double) * (C * (nF + nG + 2 * nn) + 2 * (size_t)n));
    if (!mem) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the working copies of A and B");
    double *F = mem, *G = F + C * nF, *Z = G + C * nG, *X = Z + C * nn, *sf = X + C * nn, *sg = sf + n;
    hzgsvd__gen_copy(D, A, lda, m, n, 0, F, m > 0 ? m : 1);
    hzgsvd__gen_copy(D, B, ldb, p, n, 0, G, p > 0 ? p : 1);
    /* X from A and B themselves: they stay as they came until R is written into them below */
    st = hzgsvd__gsvdx(D, m, p, n, F, m > 0 ? m : 1, G, p > 0 ? p : 1, Z, n, X, n, sf, sg, NULL, A, lda, B, ldb, &o, inf, t0, any);
    if (!inf->outputs_written) { free(mem); return st; }
    const int kk = inf->rank_k, ll = inf->rank_l, r = kk + ll;
    /* RQ of X's first r rows: S2 = [X_r; I] becomes [[0 R]; Q] */
    double *S2 = (double *)calloc(C * (size_t)(r + n) * n + hzgsvd__dn_work_size(C, r + n, n), sizeof(double));
    if (!S2) { free(mem); return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the RQ factorization of X"); }
    double *rw = S2 + C * (size_t)(r + n) * n;
    hzgsvd__dn_block SB = {S2, r + n, r + n};
    hzgsvd__gen_copy(D, X, n, r, n, 0, S2, r + n);
    for (int j = 0; j < n; ++j) S2[(size_t)C * ((size_t)(r + j) + (size_t)j * (r + n))] = 1.0;
    hzgsvd__dn_rq(C, &SB, 0, r, 0, n, rw);
    /* R into A (and its rows past M into B), the strict lower triangle of the block zero */
    for (int j = 0; j < r; ++j)
        for (int i = 0; i < r; ++i) {
            const double *s = HZGSVD__DN_AT(C, &SB, i, n - r + j);
            double *d = NULL;
            if (i < m) d = A + (size_t)C * ((size_t)i + (size_t)(n - r + j) * lda);
            else if (j >= m) d = B + (size_t)C * ((size_t)(i - kk) + (size_t)(n - r + j) * ldb);
            if (!d) continue;
            d[0] = i <= j ? s[0] : 0.0;
            if (C == 2) d[1] = i <= j ? s[1] : 0.0;
        }
    for (int i = 0; i < n; ++i) {
        alpha[i] = i < r ? sf[i] : 0.0;
        beta[i] = i < r ? sg[i] : 0.0;
        iwork[i] = i + 1;   /* alpha(K+1 : min(M, K+L)) is already in descending order */
    }
    *k = kk; *l = ll;
    if (wq) hzgsvd__gen_copy(D, HZGSVD__DN_AT(C, &SB, r, 0), r + n, n, n, 0, Q, ldq);
    int bi, bj;   /* never a success with values outside the double range: R (all of it, also rows past M) */
    int nonfinite = hzgsvd__gen_nonfinite(D, HZGSVD__DN_AT(C, &SB, 0, n - r), r, r, r + n, &bi, &bj);
    free(S2);
    hzgsvd_status st2 = HZGSVD_SUCCESS;
    /* U: our columns with sigma_f > 0 (the K, then the core ones), then a completion; V: the L columns, then a completion */
    int t = 0;
    while (t < r && sf[t] > 0.0) ++t;
    if (wu && m > 0) {
        hzgsvd__gen_copy(D, F, m, m, t < m ? t : m, 0, U, ldu);
        st2 = hzgsvd__lp_complete(D, U, ldu, m, t, info);
    }
    if (wv && p > 0 && st2 == HZGSVD_SUCCESS) {
        hzgsvd__gen_copy(D, G + (size_t)C * kk * p, p, p, ll, 0, V, ldv);
        st2 = hzgsvd__lp_complete(D, V, ldv, p, ll, info);
    }
    free(mem);
    if (st2 != HZGSVD_SUCCESS) return st2;
    for (int i = 0; i < n; ++i) nonfinite |= !isfinite(alpha[i]) || !isfinite(beta[i]);
    nonfinite = nonfinite || (wu && hzgsvd__gen_nonfinite(D, U, m, m, ldu, &bi, &bj)) || (wv && hzgsvd__gen_nonfinite(D, V, p, p, ldv, &bi, &bj)) ||
          (wq && hzgsvd__gen_nonfinite(D, Q, n, n, ldq, &bi, &bj));
    if (nonfinite && (st == HZGSVD_SUCCESS || st == HZGSVD_ERR_NO_CONVERGENCE))
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_RANGE, "a result (R, U, V or Q) is outside the double range (outputs written)");
    if (info) {
        info->seconds = hzgsvd__now() - t0;
        if (st == HZGSVD_SUCCESS)
            snprintf(info->detail, sizeof info->detail, "K = %d, L = %d, %d sweeps", kk, ll, info->sweeps);
    }
    return st;
}
#line 3808 HZGSVD__SRC_FILE("generated/hzgsvd_cpu_engine_impl.h")
/*** end templates/hzgsvd_ggsvd3.c ***/

/*** begin templates/hzgsvd_reduce_prec.c.j2 ***/
/* The reduction of general pairs per precision: its table (the driver is templates/hzgsvd_reduce.c,
 * the dense kernels templates/hzgsvd_dense.c), the kernels under the precision's names, and the
 * CPU engine behind the front door. */

/* The CPU engine on the reduction's core (d). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__d_cpu_core(int s, double *Ac, double *Bc, double *Zc, double *sf, double *sg, double *ss,
                                            const hzgsvd_options *o, hzgsvd_info *info, double t0, hzgsvd__on_deficient mode)
{
    /* AUTO preconditions a core as any full-rank pair (QR_SVD from n = 64 where the build has the
     * stage: Tikhonov cores take 3-8 sweeps instead of 20-30), as the GPU engine does its cores */
    return hzgsvd__d_gsvd(s, s, s, Ac, s, Bc, s, Zc, s, sf, sg, ss, o, info, t0, mode);
}

/* The CPU engine's sigma refinement on nc columns of the reduction's Z (d; hzgsvd__dense_prec.refine):
 * the column exponents of F and G as the engine's checks take them, Z in planes, no range plan. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__d_gen_refine(const double *F, int ldf, int m_f, const double *G, int ldg, int m_g, int n, const double *Z, int ldz,
                                              int nc, double *sf, double *sg, double *ss, int nthreads, hzgsvd_info *info)
{
    int *ints = (int *)malloc(sizeof(int) * (2 * (size_t)n + (size_t)nc));
    double *zp = (double *)malloc(sizeof(double) * 1 * (size_t)n * nc);
    if (!ints || !zp) {
        free(ints); free(zp);
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the sigma refinement of the reduced pair (n = %d)", n);
    }
    int *ef = ints, *eg = ints + n, *cols = ints + 2 * (size_t)n;
    for (int j = 0; j < n; ++j) {       /* the exponent of each column's largest |part| (0: a zero column) */
        double tf = 0.0, tg = 0.0;
        for (int i = 0; i < 1 * m_f; ++i) tf = fmax(tf, fabs(F[(size_t)1 * j * ldf + i]));
        for (int i = 0; i < 1 * m_g; ++i) tg = fmax(tg, fabs(G[(size_t)1 * j * ldg + i]));
        (void)frexp(tf, &ef[j]);
        (void)frexp(tg, &eg[j]);
    }
    for (int c = 0; c < nc; ++c) {
        cols[c] = c;
        for (int i = 0; i < n; ++i)
            for (int v = 0; v < 1; ++v) zp[(size_t)v * n * nc + (size_t)c * n + i] = Z[(size_t)1 * ((size_t)c * ldz + i) + v];
    }
    hzgsvd__range rg;
    memset(&rg, 0, sizeof rg);
    const hzgsvd_status st = hzgsvd__d_refine_sigma(F, ldf, m_f, G, ldg, m_g, n, nc, ef, eg, &rg, NULL, zp, n,
                                                cols, sf, sg, ss, nthreads, info);
    free(ints); free(zp);
    return st;
}

HZGSVD_PRIVATE const hzgsvd__dense_prec hzgsvd__d_dense_prec = { 1, hzgsvd__d_cpu_core, hzgsvd__d_gen_refine };

/* The CPU engine on the reduction's core (z). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__z_cpu_core(int s, double *Ac, double *Bc, double *Zc, double *sf, double *sg, double *ss,
                                            const hzgsvd_options *o, hzgsvd_info *info, double t0, hzgsvd__on_deficient mode)
{
    /* AUTO preconditions a core as any full-rank pair (QR_SVD from n = 64 where the build has the
     * stage: Tikhonov cores take 3-8 sweeps instead of 20-30), as the GPU engine does its cores */
    return hzgsvd__z_gsvd(s, s, s, Ac, s, Bc, s, Zc, s, sf, sg, ss, o, info, t0, mode);
}

/* The CPU engine's sigma refinement on nc columns of the reduction's Z (z; hzgsvd__dense_prec.refine):
 * the column exponents of F and G as the engine's checks take them, Z in planes, no range plan. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__z_gen_refine(const double *F, int ldf, int m_f, const double *G, int ldg, int m_g, int n, const double *Z, int ldz,
                                              int nc, double *sf, double *sg, double *ss, int nthreads, hzgsvd_info *info)
{
    int *ints = (int *)malloc(sizeof(int) * (2 * (size_t)n + (size_t)nc));
    double *zp = (double *)malloc(sizeof(double) * 2 * (size_t)n * nc);
    if (!ints || !zp) {
        free(ints); free(zp);
        return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating the sigma refinement of the reduced pair (n = %d)", n);
    }
    int *ef = ints, *eg = ints + n, *cols = ints + 2 * (size_t)n;
    for (int j = 0; j < n; ++j) {       /* the exponent of each column's largest |part| (0: a zero column) */
        double tf = 0.0, tg = 0.0;
        for (int i = 0; i < 2 * m_f; ++i) tf = fmax(tf, fabs(F[(size_t)2 * j * ldf + i]));
        for (int i = 0; i < 2 * m_g; ++i) tg = fmax(tg, fabs(G[(size_t)2 * j * ldg + i]));
        (void)frexp(tf, &ef[j]);
        (void)frexp(tg, &eg[j]);
    }
    for (int c = 0; c < nc; ++c) {
        cols[c] = c;
        for (int i = 0; i < n; ++i)
            for (int v = 0; v < 2; ++v) zp[(size_t)v * n * nc + (size_t)c * n + i] = Z[(size_t)2 * ((size_t)c * ldz + i) + v];
    }
    hzgsvd__range rg;
    memset(&rg, 0, sizeof rg);
    const hzgsvd_status st = hzgsvd__z_refine_sigma(F, ldf, m_f, G, ldg, m_g, n, nc, ef, eg, &rg, NULL, zp, zp + (size_t)n * nc, n,
                                                cols, sf, sg, ss, nthreads, info);
    free(ints); free(zp);
    return st;
}

HZGSVD_PRIVATE const hzgsvd__dense_prec hzgsvd__z_dense_prec = { 2, hzgsvd__z_cpu_core, hzgsvd__z_gen_refine };

/* The dense kernels under the precisions' names (the CPU engine's Gram matrix, test_reduction). */
typedef hzgsvd__dn_block hzgsvd__d_dn_block;
HZGSVD_PRIVATE double hzgsvd__d_dn_nrm2(const double *x, int len, int inc) { return hzgsvd__dn_nrm2(1, x, len, inc); }
HZGSVD_PRIVATE size_t hzgsvd__d_dn_work_size(int srows, int ncols) { return hzgsvd__dn_work_size(1, srows, ncols); }
HZGSVD_PRIVATE void hzgsvd__d_dn_mm(char ta, char tb, int m, int n, int k, double alpha, const double *d, const double *A, int lda,
                                const double *Bm, int ldb, double *Cm, int ldc)
{
    hzgsvd__dn_mm(1, ta, tb, m, n, k, alpha, d, A, lda, Bm, ldb, Cm, ldc);
}
typedef hzgsvd__dn_block hzgsvd__z_dn_block;
HZGSVD_PRIVATE double hzgsvd__z_dn_nrm2(const double *x, int len, int inc) { return hzgsvd__dn_nrm2(2, x, len, inc); }
HZGSVD_PRIVATE size_t hzgsvd__z_dn_work_size(int srows, int ncols) { return hzgsvd__dn_work_size(2, srows, ncols); }
HZGSVD_PRIVATE void hzgsvd__z_dn_mm(char ta, char tb, int m, int n, int k, double alpha, const double *d, const double *A, int lda,
                                const double *Bm, int ldb, double *Cm, int ldc)
{
    hzgsvd__dn_mm(2, ta, tb, m, n, k, alpha, d, A, lda, Bm, ldb, Cm, ldc);
}
HZGSVD_PRIVATE int hzgsvd__d_dn_qrcp(const hzgsvd__dn_block *B, int row0, int m, int col0, int nc, int lc0, int lc1, int pivot, double tol,
                                 double *Vr, int ldv, double *tau, double *work)
{
    return hzgsvd__dn_qrcp(1, B, row0, m, col0, nc, lc0, lc1, pivot, tol, Vr, ldv, tau, work);
}
HZGSVD_PRIVATE void hzgsvd__d_dn_rq(const hzgsvd__dn_block *B, int row0, int r, int col0, int nc, double *work)
{
    hzgsvd__dn_rq(1, B, row0, r, col0, nc, work);
}
HZGSVD_PRIVATE void hzgsvd__d_dn_lq(const hzgsvd__dn_block *B, int row0, int r, int col0, int nc, double *work)
{
    hzgsvd__dn_lq(1, B, row0, r, col0, nc, work);
}
HZGSVD_PRIVATE int hzgsvd__z_dn_qrcp(const hzgsvd__dn_block *B, int row0, int m, int col0, int nc, int lc0, int lc1, int pivot, double tol,
                                 double *Vr, int ldv, double *tau, double *work)
{
    return hzgsvd__dn_qrcp(2, B, row0, m, col0, nc, lc0, lc1, pivot, tol, Vr, ldv, tau, work);
}
HZGSVD_PRIVATE void hzgsvd__z_dn_rq(const hzgsvd__dn_block *B, int row0, int r, int col0, int nc, double *work)
{
    hzgsvd__dn_rq(2, B, row0, r, col0, nc, work);
}
HZGSVD_PRIVATE void hzgsvd__z_dn_lq(const hzgsvd__dn_block *B, int row0, int r, int col0, int nc, double *work)
{
    hzgsvd__dn_lq(2, B, row0, r, col0, nc, work);
}

/* The CPU engine (d) behind the front door (hzgsvd__gsvd_any): its full-rank run and its reduction. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__d_cpu_full_rank(const hzgsvd__pair_call *c, hzgsvd__on_deficient mode, int *written, hzgsvd_info *info)
{
    const hzgsvd_status st = hzgsvd__d_gsvd(c->m_f, c->m_g, c->n, c->F, c->ldf, c->G, c->ldg, c->Z, c->ldz, c->sigma_f, c->sigma_g, c->sigma,
                                        c->o, info, c->t0, mode);
    *written = info && info->outputs_written;
    return st;
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__d_cpu_reduce(const hzgsvd__pair_call *c, hzgsvd_info *info)
{
    return hzgsvd__gsvd_general(&hzgsvd__d_dense_prec, c->m_f, c->m_g, c->n, c->F, c->ldf, c->G, c->ldg, c->Z, c->ldz, c->sigma_f, c->sigma_g,
                                c->sigma, c->o, info, c->t0, hzgsvd__d_cpu_core);
}

/* The CPU engine (z) behind the front door (hzgsvd__gsvd_any): its full-rank run and its reduction. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__z_cpu_full_rank(const hzgsvd__pair_call *c, hzgsvd__on_deficient mode, int *written, hzgsvd_info *info)
{
    const hzgsvd_status st = hzgsvd__z_gsvd(c->m_f, c->m_g, c->n, c->F, c->ldf, c->G, c->ldg, c->Z, c->ldz, c->sigma_f, c->sigma_g, c->sigma,
                                        c->o, info, c->t0, mode);
    *written = info && info->outputs_written;
    return st;
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__z_cpu_reduce(const hzgsvd__pair_call *c, hzgsvd_info *info)
{
    return hzgsvd__gsvd_general(&hzgsvd__z_dense_prec, c->m_f, c->m_g, c->n, c->F, c->ldf, c->G, c->ldg, c->Z, c->ldz, c->sigma_f, c->sigma_g,
                                c->sigma, c->o, info, c->t0, hzgsvd__z_cpu_core);
}

HZGSVD_PRIVATE const hzgsvd__backend hzgsvd__d_cpu_backend = { 1, 0, hzgsvd__d_cpu_full_rank, hzgsvd__d_cpu_reduce };

/* Any pair on the CPU engine (d; arguments checked): the front door's policy. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__d_gsvd_any(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                            double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *o, hzgsvd_info *info, double t0)
{
    const hzgsvd__pair_call c = { m_f, m_g, n, ldf, ldg, ldz, F, NULL, G, NULL, Z, NULL, sigma_f, sigma_g, sigma, o, t0, NULL, 0, NULL };
    if (info) info->rank_l = n;   /* the full-rank engine's; the reduction sets its own */
    return hzgsvd__gsvd_any(&hzgsvd__d_cpu_backend, &c, info);
}

HZGSVD_PRIVATE const hzgsvd__backend hzgsvd__z_cpu_backend = { 1, 0, hzgsvd__z_cpu_full_rank, hzgsvd__z_cpu_reduce };

/* Any pair on the CPU engine (z; arguments checked): the front door's policy. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__z_gsvd_any(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                            double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *o, hzgsvd_info *info, double t0)
{
    const hzgsvd__pair_call c = { m_f, m_g, n, ldf, ldg, ldz, F, NULL, G, NULL, Z, NULL, sigma_f, sigma_g, sigma, o, t0, NULL, 0, NULL };
    if (info) info->rank_l = n;   /* the full-rank engine's; the reduction sets its own */
    return hzgsvd__gsvd_any(&hzgsvd__z_cpu_backend, &c, info);
}
/*** end templates/hzgsvd_reduce_prec.c.j2 ***/

#endif /* HZGSVD_GENERATED_HZGSVD_CPU_ENGINE_IMPL_H */
