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
