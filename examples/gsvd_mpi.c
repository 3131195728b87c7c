/* gsvd_mpi.c -- the distributed engine on CPU ranks: rank 0 owns the pair, every rank solves on
 * its share of the columns, rank 0 gets the whole result.
 *   mpicc -std=c99 -O2 -ffp-contract=off -fopenmp -I$HZGSVD -o gsvd_mpi examples/gsvd_mpi.c -lm
 *   OMP_NUM_THREADS=1 mpirun -np 2 ./gsvd_mpi */
#define HZGSVD_IMPLEMENTATION          /* in exactly one file of your program */
#include "hzgsvd_mpi.h"                /* brings the CPU engine too; keep generated/ beside it */
#include <stdio.h>
#include <stdlib.h>

/* MPI_ERRORS_RETURN (set below) lets a failed call be reported; it must still abort the job, since
   the other ranks would otherwise wait for this one forever. */
#define MPI_CHECK(call) do { int rc_ = (call); if (rc_ != MPI_SUCCESS) { char s_[MPI_MAX_ERROR_STRING]; int l_ = 0; \
    MPI_Error_string(rc_, s_, &l_); fprintf(stderr, "%s: %s\n", #call, s_); MPI_Abort(MPI_COMM_WORLD, 1); } } while (0)

int main(int argc, char **argv)
{
    const int m_f = 40, m_g = 36, n = 32;
    int provided = 0, rank = 0, nranks = 1;
    if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) return 1;   /* OpenMP inside */
    MPI_CHECK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    MPI_CHECK(MPI_Comm_size(MPI_COMM_WORLD, &nranks));
    if (provided < MPI_THREAD_FUNNELED) {            /* the engine runs OpenMP threads; MPI is called from this one only */
        fprintf(stderr, "rank %d: MPI provides thread level %d, below MPI_THREAD_FUNNELED (%d)\n", rank, provided, MPI_THREAD_FUNNELED);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    hzgsvd_options opt = hzgsvd_default_options();   /* the same options on every rank */
    hzgsvd_info info;
    info.detail[0] = '\0';                            /* printed below even if the solve never ran */
    hzgsvd_mpi_layout L;
    hzgsvd_status st = hzgsvd_mpi_layout_init(MPI_COMM_WORLD, HZGSVD_MPI_DEVICE_CPU, m_f, m_g, n, &opt, &L);
    /* Only rank 0 holds the whole pair (and, after the gather, U over F and V over G, as the
       single-device engines do); every rank holds L.n_local columns, bordering ones included. */
    const int nc = st == HZGSVD_SUCCESS ? L.n_local : 1;
    double *F = NULL, *G = NULL, *Z = NULL, *sigma = NULL;
    if (rank == 0) {
        F = malloc(sizeof(double) * m_f * n); G = malloc(sizeof(double) * m_g * n);
        Z = malloc(sizeof(double) * n * n); sigma = malloc(sizeof(double) * 3 * n);   /* sigma_f, sigma_g, sigma */
        for (int j = 0; F && G && j < n; ++j) {
            for (int i = 0; i < m_f; ++i) F[i + j * m_f] = (i == j) ? 4.0 + j : 1.0 / (1 + i + j);
            for (int i = 0; i < m_g; ++i) G[i + j * m_g] = (i == j) ? 1.0 : 0.5 / (2 + i + j);
        }
    }
    double *Fl = malloc(sizeof(double) * m_f * nc), *Gl = malloc(sizeof(double) * m_g * nc);
    double *Zl = malloc(sizeof(double) * n * nc), *sl = malloc(sizeof(double) * 3 * nc);
    int *out_col = malloc(sizeof(int) * nc);
    int bad = st != HZGSVD_SUCCESS || !Fl || !Gl || !Zl || !sl || !out_col || (rank == 0 && (!F || !G || !Z || !sigma));
    /* Every rank must take the same path through the collective calls below, so agree first. */
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD));
    if (bad) {
        if (rank == 0) fprintf(stderr, "setup failed: %s\n", st != HZGSVD_SUCCESS ? hzgsvd_status_string(st) : "out of memory");
    } else {
        /* Each call is collective and returns the same status on every rank. */
        st = hzgsvd_mpi_dscatter(MPI_COMM_WORLD, 0, &L, F, m_f, G, m_g, Fl, m_f, Gl, m_g);
        if (st == HZGSVD_SUCCESS)
            st = hzgsvd_mpi_dgsvd(MPI_COMM_WORLD, &L, Fl, m_f, Gl, m_g, Zl, n, sl, sl + nc, sl + 2 * nc, out_col, &opt, &info);
        if (st == HZGSVD_SUCCESS)
            st = hzgsvd_mpi_dgather(MPI_COMM_WORLD, 0, &L, Fl, m_f, Gl, m_g, Zl, n, sl, sl + nc, sl + 2 * nc, out_col,
                                    F, m_f, G, m_g, Z, n, sigma, sigma + n, sigma + 2 * n);
        if (rank == 0 && st != HZGSVD_SUCCESS) fprintf(stderr, "hzgsvd: %s (%s)\n", hzgsvd_status_string(st), info.detail);
        if (rank == 0 && st == HZGSVD_SUCCESS)   /* sigma descending, as from the single-device engines */
            printf("sigma in [%g, %g], %d outermost sweeps on %d ranks, %.3f s\n", sigma[3 * n - 1], sigma[2 * n],
                   info.sweeps, nranks, info.seconds);
    }
    free(F); free(G); free(Z); free(sigma); free(Fl); free(Gl); free(Zl); free(sl); free(out_col);
    const int fin = MPI_Finalize();                  /* no MPI_Abort after this */
    return bad || st != HZGSVD_SUCCESS || fin != MPI_SUCCESS ? 1 : 0;
}
