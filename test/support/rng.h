/* rng.h -- the random numbers of the tests (test/testutil.h), the pair maker
 * (tools/verify/hzgsvd_mkpair.c) and the GPU benchmark (tools/bench/hzgsvd_bench.cu): one splitmix64,
 * the ways its 64-bit words become doubles, and Box-Muller.  Part of the test-support library
 * (test/support/; pairgen.h and lapack_qr.h build pairs on top of it).
 *
 * Every stream is a function of its seed alone, the same on every platform: the files
 * hzgsvd_mkpair writes and the pairs the tests and the benchmark build must not change, so none of
 * these may change either (a new distribution is a new function).
 *
 * Header-only, static inline, C99; also compiles as CUDA (every function is __host__ __device__
 * under nvcc, for the benchmark's counter-based generator on the GPU). */
#ifndef HZGSVD_TEST_SUPPORT_RNG_H
#define HZGSVD_TEST_SUPPORT_RNG_H

#include <math.h>
#include <stdint.h>

#ifdef __CUDACC__
#define SP_HD __host__ __device__
#else
#define SP_HD
#endif

/* splitmix64's increment (2^64 / golden ratio) */
#define SP_SPLITMIX64_GAMMA UINT64_C(0x9E3779B97F4A7C15)

/* splitmix64's output function (Stafford's mix 13) of a state word */
SP_HD static inline uint64_t sp_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* the next word of the splitmix64 stream whose state is *state */
SP_HD static inline uint64_t sp_splitmix64_next(uint64_t *state)
{
    *state += SP_SPLITMIX64_GAMMA;
    return sp_mix64(*state);
}

/* the first word of the stream seeded with x: a counter-based generator (word i = sp_splitmix64_at(base + i)) */
SP_HD static inline uint64_t sp_splitmix64_at(uint64_t x) { return sp_mix64(x + SP_SPLITMIX64_GAMMA); }

/* ---- 64-bit words to doubles (the top 53 bits, or 52 for the signed one; exact) ------------ */

/* uniform in the open interval (0, 1) */
SP_HD static inline double sp_unit_open(uint64_t x) { return ((double)(x >> 11) + 0.5) * 0x1.0p-53; }
/* uniform in [0, 1) */
SP_HD static inline double sp_unit_from_zero(uint64_t x) { return (double)(x >> 11) * 0x1p-53; }
/* uniform in (0, 1]: never 0, so its log is finite */
SP_HD static inline double sp_unit_to_one(uint64_t x) { return ((double)(x >> 11) + 1.0) * 0x1p-53; }
/* uniform in [-1, 1) */
SP_HD static inline double sp_signed_unit(uint64_t x) { return (double)(x >> 11) * 0x1p-52 - 1.0; }

/* ---- Gaussian numbers -------------------------------------------------------------------- */

/* Box-Muller: two independent standard normal numbers from u1 in (0, 1] and u2; returns
 * sqrt(-2 log u1) cos(2 pi u2) and, where other is not NULL, stores sqrt(-2 log u1) sin(2 pi u2). */
SP_HD static inline double sp_box_muller(double u1, double u2, double *other)
{
    const double rad = sqrt(-2.0 * log(u1));
    const double th = 6.283185307179586476925286766559 * u2;
    if (other) *other = rad * sin(th);
    return rad * cos(th);
}

/* A sequential stream of uniform and Gaussian numbers (the pair maker's): splitmix64 from the
 * seed; Gaussian numbers come in Box-Muller pairs, the second kept for the next call.
 * Start one with sp_rng_seeded(seed). */
typedef struct sp_rng {
    uint64_t state;
    int have_spare;
    double spare;
} sp_rng;

static inline sp_rng sp_rng_seeded(uint64_t seed)
{
    sp_rng r;
    r.state = seed;
    r.have_spare = 0;
    r.spare = 0.0;
    return r;
}

/* uniform in (0, 1) */
static inline double sp_rng_uniform(sp_rng *r) { return sp_unit_open(sp_splitmix64_next(&r->state)); }

/* standard normal */
static inline double sp_rng_normal(sp_rng *r)
{
    if (r->have_spare) {
        r->have_spare = 0;
        return r->spare;
    }
    const double u1 = sp_rng_uniform(r), u2 = sp_rng_uniform(r);
    r->have_spare = 1;
    return sp_box_muller(u1, u2, &r->spare);
}

#endif /* HZGSVD_TEST_SUPPORT_RNG_H */
