/* What the distributed engine's one driver (templates/hzgsvd_mpi_engine.c) needs of a precision:
 * the planes per element, thin adapters over the CPU engine's functions, and the single-GPU
 * engine's table for GPU ranks; one instance per precision (templates/hzgsvd_mpi_local.c.j2).  `s`
 * is that precision's state of a rank (host stripes W and R, the CPU engine). */

typedef struct hzgsvd__mpi_prec {
    int planes;                     /* doubles per element: 1 real, 2 complex (split planes in the stripes) */
    void *(*local_new)(void);       /* a zeroed state: host stripes W and R, the CPU engine, the GPU rank */
    void (*local_free)(void *s);
    int (*mats_alloc)(void *s, int which, int mf, int mg, int nz, int nc);          /* which: 0 W, 1 R */
    double *(*stripe)(void *s, int which, int y, int v, int o, int stripe);          /* plane v of matrix y, slot o */
    void (*swap)(void *s);                                                           /* W <-> R */
    hzgsvd_status (*check_values)(const double *c, int m, int n, int ld, const char *name, int *e, hzgsvd_info *info);
    void (*load_col)(void *s, int y, int j, const double *c, int m, int ld);
    int (*range_column)(void *s, int j, int m_f, int m_g, const hzgsvd__range *rg, int c, double *nf, double *ng);
    hzgsvd_status (*engine_init)(void *s, int nc, const hzgsvd_options *o, int *nblk, hzgsvd_info *info);
    void (*init_fgz)(void *s, int half, int row0, int row1);
    hzgsvd_status (*cpu_sweep)(void *s, int full, const int *cross, int sweep, unsigned long long *all, unsigned long long *big,
                               hzgsvd_info *info);
    void (*rescale_z)(void *s);
    int (*final_rescale)(void *s, double *sf, double *sg, double *ss);
    int (*real_column)(void *s, int j, int n);
    int (*rank_test)(void *s, int j, int n, int m_f, int m_g, const double *nf, const double *ng, const double *sf, const double *sg);
    void (*store_col)(void *s, int j, double *F, int ldf, double *G, int ldg, double *Z, int ldz, int m_f, int m_g, int n);
    int (*range_sigma)(const hzgsvd__range *rg, double sf1, double sg1, double ss1, double *sf, double *sg, double *ss, double *zm, int *ze);
    int (*range_z_col)(double *z, int n, const int *col, double zm, int ze);
    /* CPU ranks: sigma of the columns cols refined from the whole input (m_f x n, m_g x n, ld m) */
    hzgsvd_status (*refine)(void *s, const double *F, int m_f, const double *G, int m_g, int n, const int *ef, const int *eg,
                            const hzgsvd__range *rg, const int *col, const int *cols, int ncols, double *sf, double *sg, double *ss,
                            int nthreads, hzgsvd_info *info);
#ifdef __CUDACC__
    const hzgsvd__gpu_prec *gpu;    /* GPU ranks: the single-GPU engine's kernels and block step */
#endif
} hzgsvd__mpi_prec;
