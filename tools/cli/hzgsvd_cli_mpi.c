/* hzgsvd_cli_mpi.c -- the distributed side of the CLI (see hzgsvd_cli_mpi.h).  This translation
 * unit carries its own private copy of the library (HZGSVD_API static), so that it links beside the
 * CLI's CPU engine and GPU bridge, which carry theirs. */
#define HZGSVD_API static __attribute__((unused))   /* the CLI calls only some entry points */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_mpi.h"
#include "tools/cli/hzgsvd_cli_mpi.h"

#include <stdio.h>
#include <stdlib.h>

int hzgsvd_cli_mpi_init(int *argc, char ***argv, int *rank, int *nranks)
{
    int provided = 0;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) return -1;
    if (MPI_Comm_rank(MPI_COMM_WORLD, rank) != MPI_SUCCESS || MPI_Comm_size(MPI_COMM_WORLD, nranks) != MPI_SUCCESS) return -1;
    return 0;
}

void hzgsvd_cli_mpi_finalize(void) { MPI_Finalize(); }

int hzgsvd_cli_mpi_bcast(int *v, int count) { return MPI_Bcast(v, count, MPI_INT, 0, MPI_COMM_WORLD) == MPI_SUCCESS ? 0 : -1; }

int hzgsvd_cli_mpi_has_gpu(void)
{
#ifdef __CUDACC__
    return 1;
#else
    return 0;
#endif
}

hzgsvd_status hzgsvd_cli_mpi_run(int gpu, int is_complex, int m_f, int m_g, int n, double *F, double *G, double *Z,
                                 double *sigma_f, double *sigma_g, double *sigma, const hzgsvd_options *opt,
                                 hzgsvd_info *info, char *device_name, size_t device_name_len)
{
    const hzgsvd_mpi_device dev = gpu ? HZGSVD_MPI_DEVICE_GPU : HZGSVD_MPI_DEVICE_CPU;
    const size_t el = is_complex ? 2 : 1;
    hzgsvd_mpi_layout L;
    hzgsvd_status st = HZGSVD_SUCCESS;
    double *Fl = NULL, *Gl = NULL, *Zl = NULL, *sl = NULL;
    int *cols = NULL, rank = 0, nranks = 1, ordinal = -1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    if (gpu) st = hzgsvd_mpi_select_gpu(MPI_COMM_WORLD, &ordinal);
    if (st == HZGSVD_SUCCESS) st = hzgsvd_mpi_layout_init(MPI_COMM_WORLD, dev, m_f, m_g, n, opt, &L);
    if (st == HZGSVD_SUCCESS) {
        const size_t nc = (size_t)L.n_local;
        Fl = (double *)calloc(el * (size_t)m_f * nc, sizeof(double));
        Gl = (double *)calloc(el * (size_t)m_g * nc, sizeof(double));
        Zl = (double *)calloc(el * (size_t)n * nc, sizeof(double));
        sl = (double *)calloc(3 * nc, sizeof(double));
        cols = (int *)calloc(nc, sizeof(int));
        if (!Fl || !Gl || !Zl || !sl || !cols) st = HZGSVD_ERR_OUT_OF_MEMORY;
    }
    if (st != HZGSVD_SUCCESS) snprintf(info->detail, sizeof info->detail, "setting up rank %d of %d: %s", rank, nranks, hzgsvd_status_string(st));
    st = hzgsvd__mpi_agree(MPI_COMM_WORLD, st, info);
    if (st != HZGSVD_SUCCESS) goto done;
    st = is_complex ? hzgsvd_mpi_zscatter(MPI_COMM_WORLD, 0, &L, F, m_f, G, m_g, Fl, m_f, Gl, m_g)
                    : hzgsvd_mpi_dscatter(MPI_COMM_WORLD, 0, &L, F, m_f, G, m_g, Fl, m_f, Gl, m_g);
    if (st != HZGSVD_SUCCESS) { snprintf(info->detail, sizeof info->detail, "distributing the pair"); goto done; }
    {
        const int nc = L.n_local;
        double *sf = sl, *sg = sl + nc, *ss = sl + 2 * (size_t)nc;
        st = is_complex ? hzgsvd_mpi_zgsvd(MPI_COMM_WORLD, &L, Fl, m_f, Gl, m_g, Zl, n, sf, sg, ss, cols, opt, info)
                        : hzgsvd_mpi_dgsvd(MPI_COMM_WORLD, &L, Fl, m_f, Gl, m_g, Zl, n, sf, sg, ss, cols, opt, info);
        const int written = info->outputs_written;   /* the same on every rank */
        if (written) {
            hzgsvd_info keep = *info;
            const hzgsvd_status run = st;
            st = is_complex ? hzgsvd_mpi_zgather(MPI_COMM_WORLD, 0, &L, Fl, m_f, Gl, m_g, Zl, n, sf, sg, ss, cols, F, m_f, G, m_g, Z, n, sigma_f, sigma_g, sigma)
                            : hzgsvd_mpi_dgather(MPI_COMM_WORLD, 0, &L, Fl, m_f, Gl, m_g, Zl, n, sf, sg, ss, cols, F, m_f, G, m_g, Z, n, sigma_f, sigma_g, sigma);
            if (st == HZGSVD_SUCCESS) { *info = keep; st = run; }
            else snprintf(info->detail, sizeof info->detail, "gathering the results");
        }
    }
done:
    if (gpu) snprintf(device_name, device_name_len, "mpi:%d x gpu", nranks);
    else snprintf(device_name, device_name_len, "mpi:%d x cpu", nranks);
    free(Fl); free(Gl); free(Zl); free(sl); free(cols);
    return st;
}
