/* ================================================================================================
 * hzgsvd_cpu_impl.h -- GENERATED FILE, DO NOT EDIT.
 * Generated from: templates/hzgsvd_cpu_api.c.j2, templates/hzgsvd_cpu_batched.c
 * Regenerate with: make generate   (= python3 generator/gen.py)
 * What it is: The CPU engine's public entry points (hzgsvd_cpu_*), real (d) and complex (z), one pair and batched.
 * How to compile: Included by hzgsvd_cpu.h where HZGSVD_IMPLEMENTATION is defined; C99 (+OpenMP if -fopenmp).
 * ================================================================================================ */
#ifndef HZGSVD_GENERATED_HZGSVD_CPU_IMPL_H
#define HZGSVD_GENERATED_HZGSVD_CPU_IMPL_H
#include "hzgsvd_cpu_engine_impl.h"

/*** begin templates/hzgsvd_cpu_batched.c ***/
#line HZGSVD__SRC_LINE(1, 14) HZGSVD__SRC_FILE("templates/hzgsvd_cpu_batched.c")
/* The CPU engine's batched entry points (hzgsvd_cpu_?gsvd_batched), written once over the precision:
 * the batch's own arguments are checked before any array is touched, then the pairs run on OpenMP
 * threads (options.threads of them, 0: the OpenMP default, never more than the batch), each pair on
 * one thread through the one-pair entry point of its precision (`one`, passed by the thin public
 * functions of hzgsvd_cpu_api.c.j2) with options.threads = 1.  The engine's results do not depend
 * on the thread count, so every pair's outputs are bitwise those of the one-pair call -- with one
 * exception: in a program built with HZGSVD_CPU_LAPACK a preconditioned start's Z0 comes from the
 * LAPACK/BLAS linked, whose sums may depend on its own thread count (one inside this OpenMP region);
 * precondition = NONE keeps the promise there.  A pair that fails (non-finite, rank deficient where
 * the options refuse it, ...) fails alone. */

/* The one-pair entry point of a precision (hzgsvd_cpu_dgsvd, hzgsvd_cpu_zgsvd). */
typedef hzgsvd_status (*hzgsvd__cpu_one_pair)(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                              double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *opt,
                                              hzgsvd_info *info);

/* The arguments of one batched call (argument numbers as in the prototype, hzgsvd_cpu.h). */
typedef struct hzgsvd__cpu_batch {
    int m_f, m_g, n, ldf, ldg, ldz, batch, es;   /* es: doubles per element (1 real, 2 complex) */
    double *F, *G, *Z, *sf, *sg, *s;
    long long strideF, strideG, strideZ, strideS;
} hzgsvd__cpu_batch;

/* The checks of the batch's own arguments (shapes, leading dimensions, strides, arrays); the
 * options and the pair rules (m < n with preprocess = 0) are the one-pair checks, made once. */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_batch_check(const hzgsvd__cpu_batch *b, const hzgsvd_status *status,
                                                     const hzgsvd_options *o, hzgsvd_info *info)
{
    const hzgsvd_status bad = HZGSVD_ERR_INVALID_ARGUMENT;
    const hzgsvd_status shape = hzgsvd__batch_check_shape(b->m_f, b->m_g, b->n, b->ldf, b->strideF, b->ldg, b->strideG, b->ldz, b->strideZ,
                                                          b->strideS, b->batch, info);
    if (shape != HZGSVD_SUCCESS) return shape;
    if (b->batch > 0) {
        if (!b->F && b->m_f > 0) return hzgsvd__fail(info, bad, "argument 4 (F) is NULL (batch = %d, m_f = %d)", b->batch, b->m_f);
        if (!b->G && b->m_g > 0) return hzgsvd__fail(info, bad, "argument 7 (G) is NULL (batch = %d, m_g = %d)", b->batch, b->m_g);
        if (!b->Z) return hzgsvd__fail(info, bad, "argument 10 (Z) is NULL (batch = %d)", b->batch);
        if (!status) return hzgsvd__fail(info, bad, "argument 19 (status) is NULL (batch = %d)", b->batch);
    }
    /* the options and the pair rules: the one-pair checks (their messages name no argument number) */
    static const double probe = 0.0;
    const void *F = b->F ? (const void *)b->F : (const void *)&probe, *G = b->G ? (const void *)b->G : (const void *)&probe;
    return o->preprocess == 0 ? hzgsvd__check_args(b->m_f, b->m_g, b->n, F, b->ldf, G, b->ldg, &probe, b->ldz, o, info)
                              : hzgsvd__check_args_general(b->m_f, b->m_g, b->n, F, b->ldf, G, b->ldg, &probe, b->ldz, o, info);
}

/* Pair i through the one-pair call (NULL sigma arrays stay NULL). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_batch_pair(hzgsvd__cpu_one_pair one, const hzgsvd__cpu_batch *b, long long i,
                                                    const hzgsvd_options *o, hzgsvd_info *info)
{
    const long long es = b->es;
    double *F = b->F ? b->F + es * b->strideF * i : NULL, *G = b->G ? b->G + es * b->strideG * i : NULL;
    double *sf = b->sf ? b->sf + b->strideS * i : NULL, *sg = b->sg ? b->sg + b->strideS * i : NULL;
    double *s = b->s ? b->s + b->strideS * i : NULL;
    return one(b->m_f, b->m_g, b->n, F, b->ldf, G, b->ldg, b->Z + es * b->strideZ * i, b->ldz, sf, sg, s, o, info);
}

/* The pairs on nth threads, each pair on one: a thread's nested calls (the reduction's products)
 * see one thread too (omp_set_num_threads inside the region touches only that thread's tasks). */
HZGSVD_PRIVATE void hzgsvd__cpu_batch_run(hzgsvd__cpu_one_pair one, const hzgsvd__cpu_batch *b, const hzgsvd_options *o1,
                                          int nth, hzgsvd_status *status, hzgsvd_info *info)
{
    (void)nth;
#ifdef _OPENMP
#pragma omp parallel num_threads(nth)
#endif
    {
#ifdef _OPENMP
        omp_set_num_threads(1);
#pragma omp for schedule(dynamic, 1)
#endif
        for (int i = 0; i < b->batch; ++i)
            status[i] = hzgsvd__cpu_batch_pair(one, b, i, o1, info ? info + i : NULL);
    }
}

/* The batched call: checks, quick return at batch = 0, the pairs, the overall status (that of the
 * first failing pair, HZGSVD_SUCCESS where every pair succeeded). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__cpu_gsvd_batched(hzgsvd__cpu_one_pair one, const hzgsvd__cpu_batch *b, const hzgsvd_options *opt,
                                                      hzgsvd_status *status, hzgsvd_info *info)
{
    const hzgsvd_options o = hzgsvd__with_width(opt, HZGSVD__CPU_BLOCK_WIDTH);
    hzgsvd__info_reset(info);
    hzgsvd_status st = hzgsvd__cpu_batch_check(b, status, &o, info);
    if (st != HZGSVD_SUCCESS) {   /* every pair's status and info say it too */
        for (int i = 0; status && i < b->batch; ++i) status[i] = st;
        for (int i = 1; info && i < b->batch; ++i) { hzgsvd__info_reset(info + i); memcpy(info[i].detail, info[0].detail, sizeof info[0].detail); }
        return st;
    }
    if (b->batch == 0) {
        if (info) snprintf(info->detail, sizeof info->detail, "batch = 0: no pair to solve");
        return HZGSVD_SUCCESS;
    }
    hzgsvd_options o1 = o;
    o1.threads = 1;        /* one thread per pair: the pairs are the parallelism */
    o1.progress = NULL;    /* not called from a batch (the pairs' sweeps interleave on several threads) */
    int nth = 1;
#ifdef _OPENMP
    nth = o.threads > 0 ? o.threads : omp_get_max_threads();
#endif
    if (nth > b->batch) nth = b->batch;
    if (nth < 1) nth = 1;
    hzgsvd__cpu_batch_run(one, b, &o1, nth, status, info);
    for (int i = 0; i < b->batch; ++i)
        if (status[i] != HZGSVD_SUCCESS) return status[i];
    return HZGSVD_SUCCESS;
}
#line 121 HZGSVD__SRC_FILE("generated/hzgsvd_cpu_impl.h")
/*** end templates/hzgsvd_cpu_batched.c ***/

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
    if (st == HZGSVD_SUCCESS) st = hzgsvd__cpu_pre_check(&o, info);
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
    if (st == HZGSVD_SUCCESS) st = hzgsvd__cpu_pre_check(&o, info);
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

HZGSVD_API hzgsvd_status hzgsvd_cpu_zgsvd(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                                double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__cpu_api_gsvd(hzgsvd__z_gsvd_any, m_f, m_g, n, F, ldf, G, ldg, Z, ldz, sigma_f, sigma_g, sigma, opt, info);
}

HZGSVD_API hzgsvd_status hzgsvd_cpu_dgsvd_batched(int m_f, int m_g, int n, double *F, int ldf, long long strideF,
                                                        double *G, int ldg, long long strideG, double *Z, int ldz, long long strideZ,
                                                        double *sigma_f, double *sigma_g, double *sigma, long long strideS, int batch,
                                                        const hzgsvd_options *opt, hzgsvd_status *status, hzgsvd_info *info)
{
    const hzgsvd__cpu_batch b = { m_f, m_g, n, ldf, ldg, ldz, batch, 1, F, G, Z, sigma_f, sigma_g, sigma,
                                  strideF, strideG, strideZ, strideS };
    return hzgsvd__cpu_gsvd_batched(hzgsvd_cpu_dgsvd, &b, opt, status, info);
}

HZGSVD_API hzgsvd_status hzgsvd_cpu_zgsvd_batched(int m_f, int m_g, int n, double *F, int ldf, long long strideF,
                                                        double *G, int ldg, long long strideG, double *Z, int ldz, long long strideZ,
                                                        double *sigma_f, double *sigma_g, double *sigma, long long strideS, int batch,
                                                        const hzgsvd_options *opt, hzgsvd_status *status, hzgsvd_info *info)
{
    const hzgsvd__cpu_batch b = { m_f, m_g, n, ldf, ldg, ldz, batch, 2, F, G, Z, sigma_f, sigma_g, sigma,
                                  strideF, strideG, strideZ, strideS };
    return hzgsvd__cpu_gsvd_batched(hzgsvd_cpu_zgsvd, &b, opt, status, info);
}

HZGSVD_API hzgsvd_status hzgsvd_cpu_dgsvdx(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                                 double *X, int ldx, double *sigma_f, double *sigma_g, double *sigma,
                                                 const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__cpu_api_gsvdx(&hzgsvd__d_dense_prec, hzgsvd__d_gsvd_any, m_f, m_g, n, F, ldf, G, ldg, Z, ldz, X, ldx, sigma_f, sigma_g, sigma, opt, info);
}

HZGSVD_API hzgsvd_status hzgsvd_cpu_zgsvdx(int m_f, int m_g, int n, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                                 double *X, int ldx, double *sigma_f, double *sigma_g, double *sigma,
                                                 const hzgsvd_options *opt, hzgsvd_info *info)
{
    return hzgsvd__cpu_api_gsvdx(&hzgsvd__z_dense_prec, hzgsvd__z_gsvd_any, m_f, m_g, n, F, ldf, G, ldg, Z, ldz, X, ldx, sigma_f, sigma_g, sigma, opt, info);
}

HZGSVD_API hzgsvd_status hzgsvd_cpu_dggsvd3(char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                                                  double *A, int lda, double *B, int ldb, double *alpha, double *beta,
                                                  double *U, int ldu, double *V, int ldv, double *Q, int ldq, int *iwork,
                                                  const hzgsvd_options *opt, hzgsvd_info *info)
{
    if (opt && hzgsvd__pre_named(opt->precondition)) {   /* refused where this build has no stage */
        hzgsvd__info_reset(info);
        const hzgsvd_status st = hzgsvd__cpu_pre_check(opt, info);
        if (st != HZGSVD_SUCCESS) return st;
    }
    return hzgsvd__ggsvd3(&hzgsvd__d_dense_prec, jobu, jobv, jobq, m, n, p, k, l, A, lda, B, ldb, alpha, beta, U, ldu, V, ldv, Q, ldq, iwork, opt, info,
                        HZGSVD__CPU_BLOCK_WIDTH, hzgsvd__d_gsvd_any);
}

HZGSVD_API hzgsvd_status hzgsvd_cpu_zggsvd3(char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                                                  double *A, int lda, double *B, int ldb, double *alpha, double *beta,
                                                  double *U, int ldu, double *V, int ldv, double *Q, int ldq, int *iwork,
                                                  const hzgsvd_options *opt, hzgsvd_info *info)
{
    if (opt && hzgsvd__pre_named(opt->precondition)) {   /* refused where this build has no stage */
        hzgsvd__info_reset(info);
        const hzgsvd_status st = hzgsvd__cpu_pre_check(opt, info);
        if (st != HZGSVD_SUCCESS) return st;
    }
    return hzgsvd__ggsvd3(&hzgsvd__z_dense_prec, jobu, jobv, jobq, m, n, p, k, l, A, lda, B, ldb, alpha, beta, U, ldu, V, ldv, Q, ldq, iwork, opt, info,
                        HZGSVD__CPU_BLOCK_WIDTH, hzgsvd__z_gsvd_any);
}

HZGSVD_API hzgsvd_status hzgsvd_cpu_dx_from_outputs(int m_f, int m_g, int n, const double *F0, int ldf0, const double *G0, int ldg0,
                                                          const double *U, int ldu, const double *V, int ldv, const double *Z, int ldz,
                                                          const double *sigma_f, const double *sigma_g, double *X, int ldx, hzgsvd_info *info)
{
    return hzgsvd__cpu_api_x(&hzgsvd__d_dense_prec, m_f, m_g, n, F0, ldf0, G0, ldg0, U, ldu, V, ldv, Z, ldz, sigma_f, sigma_g, X, ldx, info);
}

HZGSVD_API hzgsvd_status hzgsvd_cpu_zx_from_outputs(int m_f, int m_g, int n, const double *F0, int ldf0, const double *G0, int ldg0,
                                                          const double *U, int ldu, const double *V, int ldv, const double *Z, int ldz,
                                                          const double *sigma_f, const double *sigma_g, double *X, int ldx, hzgsvd_info *info)
{
    return hzgsvd__cpu_api_x(&hzgsvd__z_dense_prec, m_f, m_g, n, F0, ldf0, G0, ldg0, U, ldu, V, ldv, Z, ldz, sigma_f, sigma_g, X, ldx, info);
}

/*** end templates/hzgsvd_cpu_api.c.j2 ***/

#endif /* HZGSVD_GENERATED_HZGSVD_CPU_IMPL_H */
