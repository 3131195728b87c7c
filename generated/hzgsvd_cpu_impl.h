/* ================================================================================================
 * hzgsvd_cpu_impl.h -- GENERATED FILE, DO NOT EDIT.
 * Generated from: templates/hzgsvd_cpu_api.c.j2
 * Regenerate with: make generate   (= python3 generator/gen.py)
 * What it is: The CPU engine's public entry points (hzgsvd_cpu_*), real (d) and complex (z).
 * How to compile: Included by hzgsvd_cpu.h where HZGSVD_IMPLEMENTATION is defined; C99 (+OpenMP if -fopenmp).
 * ================================================================================================ */
#ifndef HZGSVD_GENERATED_HZGSVD_CPU_IMPL_H
#define HZGSVD_GENERATED_HZGSVD_CPU_IMPL_H
#include "hzgsvd_cpu_engine_impl.h"

/*** begin templates/hzgsvd_cpu_api.c.j2 ***/
/* The public entry points of the CPU engine: defaults, argument checks before any array is
 * touched, timing, then the full-rank engine or the reduction of a general pair (options.preprocess).
 * The bodies are the same for both precisions but for the reduction's table D and the pair policy
 * `any` of the precision (hzgsvd_reduce_prec.c.j2); the entry points pass them. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_api_gsvd(hzgsvd__any_engine any, int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg,
                                                  double *Z, int ldz, double *sigma_f, double *sigma_g, double *sigma,
                                                  const hzgsvd_options *opt, hzgsvd_info *info)
{
    const double t0 = hzgsvd__now();
    const hzgsvd_options o = hzgsvd__with_width(opt, HZGSVD__CPU_BLOCK_WIDTH);
    hzgsvd__info_reset(info);
    hzgsvd_status st = o.preprocess == 0 ? hzgsvd__check_args(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, &o, info)
                                         : hzgsvd__check_args_general(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, &o, info);
    if (st == HZGSVD_SUCCESS)
        st = any(m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, &o, info, t0);
    hzgsvd__info_close(info, st, n, t0);
    return st;
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_api_gsvdx(const hzgsvd__dense_prec *D, hzgsvd__any_engine any, int m_f, int m_g, int n,
                                                   double *F, int ldf, double *G, int ldg, double *Z, int ldz, double *X, int ldx,
                                                   double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *opt, hzgsvd_info *info)
{
    const double t0 = hzgsvd__now();
    const hzgsvd_options o = hzgsvd__with_width(opt, HZGSVD__CPU_BLOCK_WIDTH);
    static const double probe = 0.0;   /* Z may be NULL here (X alone wanted) */
    hzgsvd__info_reset(info);
    const void *zc = Z ? (const void *)Z : (const void *)&probe;
    const int ldzc = Z ? ldz : (n > 1 ? n : 1);
    hzgsvd_status st = o.preprocess == 0 ? hzgsvd__check_args(m_f, m_g, n, F, ldf, G, ldg, zc, ldzc, &o, info)
                                         : hzgsvd__check_args_general(m_f, m_g, n, F, ldf, G, ldg, zc, ldzc, &o, info);
    if (st == HZGSVD_SUCCESS && !X) st = hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "argument 10 (X) is NULL");
    if (st == HZGSVD_SUCCESS && ldx < n) st = hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "argument 11 (ldx = %d) must be >= n = %d", ldx, n);
    if (st == HZGSVD_SUCCESS)
        st = hzgsvd__gsvdx(D, m_f, m_g, n, F, ldf, G, ldg, Z, ldz, X, ldx, sigma_f, sigma_g, sigma, NULL, 0, NULL, 0, &o, info, t0, any);
    if (info) {
        info->seconds = hzgsvd__now() - t0;
        if (st == HZGSVD_SUCCESS)
            snprintf(info->detail, sizeof info->detail, "converged in %d sweeps (K = %d, L = %d, n - K - L = %d)",
                     info->sweeps, info->rank_k, info->rank_l, n - info->rank_k - info->rank_l);
    }
    return st;
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_api_x(const hzgsvd__dense_prec *D, int m_f, int m_g, int n, const double *F0, int ldf0,
                                               const double *G0, int ldg0, const double *U, int ldu, const double *V, int ldv,
                                               const double *Z, int ldz, const double *sigma_f, const double *sigma_g, double *X, int ldx,
                                               hzgsvd_info *info)
{
    const double t0 = hzgsvd__now();
    hzgsvd__info_reset(info);
    const char *bad = NULL;
    if (n < 1) return hzgsvd__fail(info, HZGSVD_ERR_N_LESS_THAN_ONE, "n = %d; n must be at least 1", n);
    if (m_f < 0 || m_g < 0) bad = "m_f and m_g must be >= 0";
    else if ((m_f > 0 && (!F0 || !U)) || (m_g > 0 && (!G0 || !V)) || !Z || !X || !sigma_f || !sigma_g) bad = "an array is NULL";
    else if (ldf0 < (m_f > 1 ? m_f : 1) || ldu < (m_f > 1 ? m_f : 1)) bad = "ldf0 and ldu must be >= max(1, m_f)";
    else if (ldg0 < (m_g > 1 ? m_g : 1) || ldv < (m_g > 1 ? m_g : 1)) bad = "ldg0 and ldv must be >= max(1, m_g)";
    else if (ldz < n || ldx < n) bad = "ldz and ldx must be >= n";
    if (bad) return hzgsvd__fail(info, HZGSVD_ERR_INVALID_ARGUMENT, "%s", bad);
    double *w = (double *)malloc(sizeof(double) * 2 * (size_t)n);
    if (!w) return hzgsvd__fail(info, HZGSVD_ERR_OUT_OF_MEMORY, "allocating %zu bytes", sizeof(double) * 2 * (size_t)n);
    hzgsvd__gen_x(D, m_f, m_g, n, F0, ldf0, G0, ldg0, U, ldu, V, ldv, Z, ldz, sigma_f, sigma_g, X, ldx, w);
    free(w);
    if (info) { info->seconds = hzgsvd__now() - t0; info->outputs_written = 1; snprintf(info->detail, sizeof info->detail, "X computed"); }
    return HZGSVD_SUCCESS;
}

HZGSVD_API hzgsvd_status hzgsvd_cpu_dgsvd(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                                double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__cpu_api_gsvd(hzgsvd__d_gsvd_any, m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, opt, info);
}

HZGSVD_API hzgsvd_status hzgsvd_cpu_dgsvdx(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                                 double *X, int ldx, double *sigma_f, double *sigma_g, double *sigma,
                                                 const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__cpu_api_gsvdx(&hzgsvd__d_dense_prec, hzgsvd__d_gsvd_any, m_f, m_g, n, F, ldf, G, ldg, Z, ldz, X, ldx, sigma_f, sigma_g, sigma, opt, info);
}

HZGSVD_API hzgsvd_status hzgsvd_cpu_dggsvd3(char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                                                  double *A, int lda, double *B, int ldb, double *alpha, double *beta,
                                                  double *U, int ldu, double *V, int ldv, double *Q, int ldq, int *iwork,
                                                  const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__ggsvd3(&hzgsvd__d_dense_prec, jobu, jobv, jobq, m, n, p, k, l, A, lda, B, ldb, alpha, beta, U, ldu, V, ldv, Q, ldq, iwork, opt, info,
                        HZGSVD__CPU_BLOCK_WIDTH, hzgsvd__d_gsvd_any);
}

HZGSVD_API hzgsvd_status hzgsvd_cpu_dx_from_outputs(int m_f, int m_g, int n, const double *F0, int ldf0, const double *G0, int ldg0,
                                                          const double *U, int ldu, const double *V, int ldv, const double *Z, int ldz,
                                                          const double *sigma_f, const double *sigma_g, double *X, int ldx, hzgsvd_info *info)
{
    return hzgsvd__cpu_api_x(&hzgsvd__d_dense_prec, m_f, m_g, n, F0, ldf0, G0, ldg0, U, ldu, V, ldv, Z, ldz, sigma_f, sigma_g, X, ldx, info);
}

HZGSVD_API hzgsvd_status hzgsvd_cpu_zgsvd(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                                double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__cpu_api_gsvd(hzgsvd__z_gsvd_any, m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, opt, info);
}

HZGSVD_API hzgsvd_status hzgsvd_cpu_zgsvdx(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                                 double *X, int ldx, double *sigma_f, double *sigma_g, double *sigma,
                                                 const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__cpu_api_gsvdx(&hzgsvd__z_dense_prec, hzgsvd__z_gsvd_any, m_f, m_g, n, F, ldf, G, ldg, Z, ldz, X, ldx, sigma_f, sigma_g, sigma, opt, info);
}

HZGSVD_API hzgsvd_status hzgsvd_cpu_zggsvd3(char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                                                  double *A, int lda, double *B, int ldb, double *alpha, double *beta,
                                                  double *U, int ldu, double *V, int ldv, double *Q, int ldq, int *iwork,
                                                  const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__ggsvd3(&hzgsvd__z_dense_prec, jobu, jobv, jobq, m, n, p, k, l, A, lda, B, ldb, alpha, beta, U, ldu, V, ldv, Q, ldq, iwork, opt, info,
                        HZGSVD__CPU_BLOCK_WIDTH, hzgsvd__z_gsvd_any);
}

HZGSVD_API hzgsvd_status hzgsvd_cpu_zx_from_outputs(int m_f, int m_g, int n, const double *F0, int ldf0, const double *G0, int ldg0,
                                                          const double *U, int ldu, const double *V, int ldv, const double *Z, int ldz,
                                                          const double *sigma_f, const double *sigma_g, double *X, int ldx, hzgsvd_info *info)
{
    return hzgsvd__cpu_api_x(&hzgsvd__z_dense_prec, m_f, m_g, n, F0, ldf0, G0, ldg0, U, ldu, V, ldv, Z, ldz, sigma_f, sigma_g, X, ldx, info);
}

/*** end templates/hzgsvd_cpu_api.c.j2 ***/

#endif /* HZGSVD_GENERATED_HZGSVD_CPU_IMPL_H */
