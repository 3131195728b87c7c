/* A consumer's MPI program (test/test_cmake.sh builds it, never runs it).  It instantiates the
 * distributed engine with the CPU engine of its ranks, so it proves hzgsvd::mpi's link line. */
#define HZGSVD_IMPLEMENTATION          /* the one translation unit of this program */
#include "hzgsvd_mpi.h"
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int nranks = 1, p = -1, q = -1;
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    hzgsvd_status st = hzgsvd_mpi_initial_stripes(hzgsvd_default_options().outermost, nranks, 0, &p, &q);
    printf("hzgsvd %s: %d ranks, rank 0 starts with stripes %d and %d (%s)\n",
           hzgsvd_version(), nranks, p, q, hzgsvd_status_string(st));
    MPI_Finalize();
    return st == HZGSVD_SUCCESS ? 0 : 1;
}
