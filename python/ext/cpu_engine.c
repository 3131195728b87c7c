/* The CPU engine's implementation, compiled once as C99 (the Makefile's flags; CMakeLists.txt):
 * the binding (cpu_module.cpp) calls its public entry points. */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
