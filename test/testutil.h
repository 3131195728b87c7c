/* testutil.h -- the few helpers the C tests share: counted checks, a summary line, a seeded
 * random generator.  A test program returns tu_finish(): 0 when every check passed. */
#ifndef HZGSVD_TESTUTIL_H
#define HZGSVD_TESTUTIL_H

#include <stdint.h>
#include <stdio.h>

static int tu_passed = 0, tu_failed = 0;
static const char *tu_name = "test";

/* CHECK(cond, printf-style message): counts, and prints the message only on failure. */
#define CHECK(cond, ...)                                                          \
    do {                                                                          \
        if (cond) {                                                               \
            ++tu_passed;                                                          \
        } else {                                                                  \
            ++tu_failed;                                                          \
            fprintf(stderr, "%s: FAIL %s:%d: ", tu_name, __FILE__, __LINE__);     \
            fprintf(stderr, __VA_ARGS__);                                         \
            fputc('\n', stderr);                                                  \
        }                                                                         \
    } while (0)

static inline void tu_start(const char *name) { tu_name = name; }

static inline int tu_finish(void)
{
    printf("%s: %d passed, %d failed\n", tu_name, tu_passed, tu_failed);
    return tu_failed != 0;
}

/* splitmix64: deterministic, seedable, the same on every platform. */
typedef struct tu_rng { uint64_t s; } tu_rng;

static inline uint64_t tu_next(tu_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* uniform in [-1, 1) */
static inline double tu_uniform(tu_rng *r)
{
    return (double)(tu_next(r) >> 11) * 0x1p-52 - 1.0;
}

#endif
