/* The distributed engine's rank state over the CPU engine, both precisions (the plane count is the
 * state's): the host stripes and the CPU engine, and the adapters the per-precision tables
 * hzgsvd__?_mpi_prec (hzgsvd_mpi_local.c.j2) hold for the driver hzgsvd__mpi_run. */

typedef struct hzgsvd__mpi_local {
    hzgsvd__cpu_mats W, R;          /* the working stripes (GPU: the send staging) and the receive buffers
                                     * (none for GPU ranks on CUDA IPC: the stripes go device to device) */
    hzgsvd__cpu_engine E;
    int np;                         /* planes: 1 real, 2 complex */
} hzgsvd__mpi_local;

#define HZGSVD__MPI_S(s) ((hzgsvd__mpi_local *)(s))

HZGSVD_PRIVATE void *hzgsvd__mpi_local_new(int np)
{
    hzgsvd__mpi_local *S = (hzgsvd__mpi_local *)calloc(1, sizeof(hzgsvd__mpi_local));
    if (S) S->np = np;
    return S;
}

HZGSVD_PRIVATE void hzgsvd__mpi_local_free(void *s)
{
    hzgsvd__mpi_local *S = HZGSVD__MPI_S(s);
    if (S == NULL) return;
    hzgsvd__cpu_mats_free(&S->W); hzgsvd__cpu_mats_free(&S->R);
    hzgsvd__cpu_engine_free(&S->E);
    free(S);
}

HZGSVD_PRIVATE int hzgsvd__mpi_mats_alloc(void *s, int which, int mf, int mg, int nz, int nc)
{
    hzgsvd__mpi_local *S = HZGSVD__MPI_S(s);
    return hzgsvd__cpu_mats_alloc(which ? &S->R : &S->W, mf, mg, nz, nc, S->np);
}

/* Plane v of matrix y (0 F, 1 G, 2 Z) of slot o of W (which = 0) or R (1), slots of `stripe` columns. */
HZGSVD_PRIVATE double *hzgsvd__mpi_stripe(void *s, int which, int y, int v, int o, int stripe)
{
    const hzgsvd__cpu_mats *H = which ? &HZGSVD__MPI_S(s)->R : &HZGSVD__MPI_S(s)->W;
    return hzgsvd__cpu_mat(H, y).p[v < H->np ? v : 0] + (size_t)o * stripe * hzgsvd__cpu_ld(H, y);
}

HZGSVD_PRIVATE void hzgsvd__mpi_swap(void *s)
{
    hzgsvd__mpi_local *S = HZGSVD__MPI_S(s);
    const hzgsvd__cpu_mats t = S->W; S->W = S->R; S->R = t;
}

/* Column j of the caller's F (y = 0) or G (1), m rows, into column j of W. */
HZGSVD_PRIVATE void hzgsvd__mpi_load_col(void *s, int y, int j, const double *c, int m, int ld)
{
    const hzgsvd__cpu_mats *W = &HZGSVD__MPI_S(s)->W;
    hzgsvd__cpu_load_planes(c, m, 1, ld, hzgsvd__cpu_col(W, y, j), hzgsvd__cpu_ld(W, y));
}

HZGSVD_PRIVATE int hzgsvd__mpi_range_column(void *s, int j, int m_f, int m_g, const hzgsvd__range *rg, int c, double *nf, double *ng)
{
    return hzgsvd__cpu_range_column(&HZGSVD__MPI_S(s)->W, j, m_f, m_g, rg, c, nf, ng);
}

HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_engine_init(void *s, int nc, const hzgsvd_options *o, int *nblk, hzgsvd_info *info)
{
    hzgsvd__mpi_local *S = HZGSVD__MPI_S(s);
    const hzgsvd_status st = hzgsvd__cpu_engine_init(&S->E, nc, S->np, o, info);
    *nblk = S->E.nblk;
    return st;
}

HZGSVD_PRIVATE void hzgsvd__mpi_init_fgz(void *s, int half, int row0, int row1)
{
    hzgsvd__cpu_init_fgz(&HZGSVD__MPI_S(s)->W, &HZGSVD__MPI_S(s)->E, half, row0, row1);
}

/* One sweep of the CPU engine over W: all pairs of the two stripes (full) or those between them (cross). */
HZGSVD_PRIVATE hzgsvd_status hzgsvd__mpi_cpu_sweep(void *s, int full, const int *cross, int sweep, unsigned long long *all,
                                                   unsigned long long *big, hzgsvd_info *info)
{
    hzgsvd__mpi_local *S = HZGSVD__MPI_S(s);
    return full ? hzgsvd__cpu_sweep(&S->W, &S->E, sweep, NULL, all, big, info)
                : hzgsvd__cpu_sweep_table(&S->W, &S->E, cross, S->E.nblk / 2, sweep, NULL, all, big, info);
}

HZGSVD_PRIVATE void hzgsvd__mpi_rescale_z(void *s)
{
    hzgsvd__cpu_rescale_z(&HZGSVD__MPI_S(s)->W, HZGSVD__MPI_S(s)->E.enh, HZGSVD__MPI_S(s)->E.nthreads);
}

HZGSVD_PRIVATE int hzgsvd__mpi_final_rescale(void *s, double *sf, double *sg, double *ss)
{
    return hzgsvd__cpu_final_rescale(&HZGSVD__MPI_S(s)->W, &HZGSVD__MPI_S(s)->E, sf, sg, ss);
}

HZGSVD_PRIVATE int hzgsvd__mpi_real_column(void *s, int j, int n) { return hzgsvd__cpu_real_column(&HZGSVD__MPI_S(s)->W, j, n); }

HZGSVD_PRIVATE int hzgsvd__mpi_rank_test(void *s, int j, int n, int m_f, int m_g, const double *nf, const double *ng,
                                         const double *sf, const double *sg)
{
    int c = 0;
    return hzgsvd__cpu_rank_test(&HZGSVD__MPI_S(s)->W, &j, 1, n, m_f, m_g, nf, ng, sf, sg, &c);
}

/* Local column j of W into column j of the caller's F, G (m_f, m_g rows) and Z (n rows). */
HZGSVD_PRIVATE void hzgsvd__mpi_store_col(void *s, int j, double *F, int ldf, double *G, int ldg, double *Z, int ldz,
                                          int m_f, int m_g, int n)
{
    const hzgsvd__cpu_mats *W = &HZGSVD__MPI_S(s)->W;
    hzgsvd__cpu_store_planes(F, ldf, j, hzgsvd__cpu_mat(W, 0), W->mf, j, m_f);
    hzgsvd__cpu_store_planes(G, ldg, j, hzgsvd__cpu_mat(W, 1), W->mg, j, m_g);
    hzgsvd__cpu_store_planes(Z, ldz, j, hzgsvd__cpu_mat(W, 2), W->nz, j, n);
}

/* The working stripes (the per-precision adapters of hzgsvd_mpi_local.c.j2 read Z there). */
HZGSVD_PRIVATE const hzgsvd__cpu_mats *hzgsvd__mpi_local_w(void *s) { return &HZGSVD__MPI_S(s)->W; }

#undef HZGSVD__MPI_S
