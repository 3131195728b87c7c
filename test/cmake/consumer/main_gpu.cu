/* A consumer's CUDA file (test/test_cmake.sh builds it, never runs it: the test machine may have
 * no GPU).  It instantiates the whole GPU engine, so it proves hzgsvd::gpu's flags and link line. */
#define HZGSVD_IMPLEMENTATION          /* the one translation unit of this program */
#include "hzgsvd_single.cuh"
#include <stdio.h>

int main(void)
{
    hzgsvd_options opt = hzgsvd_default_options();
    size_t bytes = 0;
    hzgsvd_status st = hzgsvd_gpu_dgsvd_workspace_size(6, 5, 4, &opt, &bytes);
    printf("hzgsvd %s: %s, %zu bytes of workspace for a 6x4 / 5x4 pair\n",
           hzgsvd_version(), hzgsvd_status_string(st), bytes);
    return st == HZGSVD_SUCCESS ? 0 : 1;
}
