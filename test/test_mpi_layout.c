/* test_mpi_layout: the public stripe layout of hzgsvd_mpi.h.  For 1..64 ranks and both outermost
 * strategies: the starting stripes of the ranks are a partition of 0..2P-1; following the map for
 * a whole sweep moves every stripe along the strategy's steps (each rank always holds the pair of
 * its position, every stripe lives in exactly one place); bad arguments are rejected. */
#define HZGSVD_IMPLEMENTATION
#define HZGSVD_MPI_LAYOUT_ONLY      /* the layout part needs no MPI library */
#include "hzgsvd_mpi.h"
#include "test/testutil.h"

#include <stdlib.h>
#include <string.h>

int main(void)
{
    tu_start("test_mpi_layout");
    for (int kind = 0; kind < 2; ++kind)
        for (int P = 1; P <= 64; ++P) {
            const hzgsvd_strategy k = (hzgsvd_strategy)kind;
            const int steps = hzgsvd_mpi_steps(k, P), ns = 2 * P;
            CHECK(steps == (kind == 0 ? ns - 1 : ns), "steps(%d, %d) = %d", kind, P, steps);
            int *hold = (int *)malloc(sizeof(int) * ns), *next = (int *)malloc(sizeof(int) * ns);
            int *map = (int *)malloc(sizeof(int) * (size_t)steps * ns);
            int *pairs = (int *)malloc(sizeof(int) * (size_t)steps * ns);
            CHECK(hzgsvd__strategy_fill(k, ns, pairs) == 0, "fill");
            int *seen = (int *)calloc((size_t)ns, sizeof(int));
            for (int r = 0; r < P; ++r) {
                int p = -1, q = -1;
                CHECK(hzgsvd_mpi_initial_stripes(k, P, r, &p, &q) == HZGSVD_SUCCESS && 0 <= p && p < q && q < ns,
                      "initial stripes of rank %d/%d", r, P);
                if (p >= 0 && q < ns) { ++seen[p]; ++seen[q]; hold[2 * r] = p; hold[2 * r + 1] = q; }
            }
            int part = 1;
            for (int i = 0; i < ns; ++i) part &= (seen[i] == 1);
            CHECK(part, "P = %d: starting stripes are not a partition", P);
            CHECK(hzgsvd_mpi_comm_map(k, P, map) == HZGSVD_SUCCESS, "comm map P = %d", P);
            for (int s = 0; s < steps; ++s) {          /* move every stripe by the map */
                for (int i = 0; i < ns; ++i) next[i] = -1;
                for (int r = 0; r < P; ++r)
                    for (int o = 0; o < 2; ++o) {
                        const int code = map[(s * P + r) * 2 + o], dest = code < 0 ? -code - 1 : code - 1;
                        const int slot = code < 0 ? 0 : 1;
                        if (dest >= 0 && dest < P && next[2 * dest + slot] == -1) next[2 * dest + slot] = hold[2 * r + o];
                        else CHECK(0, "P = %d step %d: a place receives two stripes or a bad rank", P, s);
                    }
                memcpy(hold, next, sizeof(int) * ns);
                const int s1 = (s + 1) % steps;
                for (int r = 0; r < P; ++r)
                    CHECK(hold[2 * r] == pairs[(s1 * P + r) * 2] && hold[2 * r + 1] == pairs[(s1 * P + r) * 2 + 1],
                          "P = %d step %d: rank %d holds (%d, %d)", P, s1, r, hold[2 * r], hold[2 * r + 1]);
            }
            free(hold); free(next); free(map); free(pairs); free(seen);
        }
    int p, q;
    CHECK(hzgsvd_mpi_initial_stripes(HZGSVD_STRATEGY_ME, 0, 0, &p, &q) == HZGSVD_ERR_INVALID_ARGUMENT, "0 ranks");
    CHECK(hzgsvd_mpi_initial_stripes(HZGSVD_STRATEGY_ME, 4, 4, &p, &q) == HZGSVD_ERR_INVALID_ARGUMENT, "rank out of range");
    CHECK(hzgsvd_mpi_initial_stripes((hzgsvd_strategy)7, 4, 0, &p, &q) == HZGSVD_ERR_INVALID_ARGUMENT, "bad strategy");
    CHECK(hzgsvd_mpi_comm_map(HZGSVD_STRATEGY_MM, 2, NULL) == HZGSVD_ERR_INVALID_ARGUMENT, "NULL map");
    return tu_finish();
}
