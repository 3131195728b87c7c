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
