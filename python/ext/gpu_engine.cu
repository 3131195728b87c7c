/* The single-GPU engine's implementation, compiled once by nvcc (--fmad=false, sm_90;
 * CMakeLists.txt): the binding (gpu_module.cpp) calls its public entry points. */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_single.cuh"
