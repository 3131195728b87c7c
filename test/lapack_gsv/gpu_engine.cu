/* gpu_engine.cu -- the GPU engine's implementation for build/test_lapack_gsv_gpu (the suite itself is
 * C99: test_lapack_gsv.c declares hzgsvd_gpu_?ggsvd3 through hzgsvd_single.cuh and calls them). */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_single.cuh"
