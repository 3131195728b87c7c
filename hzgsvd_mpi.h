/* hzgsvd_mpi.h -- the multi-process layer of hzgsvd (paper section 4).
 *
 * HOW TO USE
 *   #define HZGSVD_IMPLEMENTATION in one translation unit, then #include "hzgsvd_mpi.h"; keep
 *   generated/ beside it.  Plain C99; this part needs no MPI library.
 *
 * WHAT IS HERE
 *   With P ranks the columns are split into 2P stripes, and rank r holds the two stripes of position
 *   r of a step of the outermost strategy (ME or MM over 2P stripes).  After each step every stripe
 *   moves to the position that holds it in the next step: the communication map of paper section
 *   4.1.3.  These functions give a rank its starting stripes and the map, so that a program can
 *   distribute its data the way the distributed engine expects it.  The distributed engine itself
 *   (hzgsvd_mpi_dgsvd, hzgsvd_mpi_zgsvd over an MPI communicator) is the next step of the
 *   project and is not part of this release.
 */
#ifndef HZGSVD_MPI_H
#define HZGSVD_MPI_H

#include "generated/hzgsvd_core.h"

HZGSVD_EXTERN_C_BEGIN

/* The stripes (0 <= *p < *q < 2 nranks) that rank `rank` holds at the start (step 0). */
HZGSVD_API hzgsvd_status hzgsvd_mpi_initial_stripes(hzgsvd_strategy outermost, int nranks, int rank, int *p, int *q);

/* Steps per outermost sweep for nranks ranks: 2 nranks - 1 (ME) or 2 nranks (MM); < 0 on a bad argument. */
HZGSVD_API int hzgsvd_mpi_steps(hzgsvd_strategy outermost, int nranks);

/* The communication map: for step k (0 <= k < steps), rank r and slot o (0: its first stripe, 1: its
 * second), map[(k * nranks + r) * 2 + o] = -(r' + 1) if that stripe goes to the first slot of rank r'
 * for step k + 1 (mod steps), +(r' + 1) if to the second.  map holds steps * nranks * 2 ints. */
HZGSVD_API hzgsvd_status hzgsvd_mpi_comm_map(hzgsvd_strategy outermost, int nranks, int *map);

HZGSVD_EXTERN_C_END

#ifdef HZGSVD_IMPLEMENTATION
#include <stdlib.h>

HZGSVD_API int hzgsvd_mpi_steps(hzgsvd_strategy outermost, int nranks)
{
    if (nranks < 1 || nranks > HZGSVD__STRATEGY_MAX_ORDER / 2) return -1;
    return hzgsvd__strategy_nsteps(outermost, 2 * nranks);
}

HZGSVD_API hzgsvd_status hzgsvd_mpi_initial_stripes(hzgsvd_strategy outermost, int nranks, int rank, int *p, int *q)
{
    const int steps = hzgsvd_mpi_steps(outermost, nranks);
    if (steps < 1 || rank < 0 || rank >= nranks || !p || !q) return HZGSVD_ERR_INVALID_ARGUMENT;
    int *pairs = (int *)malloc(sizeof(int) * (size_t)steps * 2 * nranks);
    if (!pairs) return HZGSVD_ERR_OUT_OF_MEMORY;
    const int rc = hzgsvd__strategy_fill(outermost, 2 * nranks, pairs);
    if (rc == 0) { *p = pairs[2 * rank]; *q = pairs[2 * rank + 1]; }
    free(pairs);
    return rc == 0 ? HZGSVD_SUCCESS : HZGSVD_ERR_INTERNAL;
}

HZGSVD_API hzgsvd_status hzgsvd_mpi_comm_map(hzgsvd_strategy outermost, int nranks, int *map)
{
    const int steps = hzgsvd_mpi_steps(outermost, nranks);
    if (steps < 1 || !map) return HZGSVD_ERR_INVALID_ARGUMENT;
    int *pairs = (int *)malloc(sizeof(int) * (size_t)steps * 2 * nranks);
    if (!pairs) return HZGSVD_ERR_OUT_OF_MEMORY;
    int rc = hzgsvd__strategy_fill(outermost, 2 * nranks, pairs);
    if (rc == 0) rc = hzgsvd__comm_map(pairs, steps, 2 * nranks, map);
    free(pairs);
    return rc == 0 ? HZGSVD_SUCCESS : HZGSVD_ERR_INTERNAL;
}
#endif /* HZGSVD_IMPLEMENTATION */

#endif /* HZGSVD_MPI_H */
