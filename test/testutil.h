/* testutil.h -- the few helpers the C tests share: counted checks, a summary line, a seeded
 * random generator (test/support/rng.h).  A test program returns tu_finish(): 0 when every check passed. */
#ifndef HZGSVD_TESTUTIL_H
#define HZGSVD_TESTUTIL_H

#include <stdint.h>
#include <stdio.h>

#include "test/support/rng.h"

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

/* splitmix64 (test/support/rng.h, shared with the pair maker and the benchmark): deterministic,
 * seedable, the same on every platform.  tu_rng r = {seed}. */
typedef struct tu_rng { uint64_t s; } tu_rng;

static inline uint64_t tu_next(tu_rng *r) { return sp_splitmix64_next(&r->s); }

/* uniform in [-1, 1) */
static inline double tu_uniform(tu_rng *r) { return sp_signed_unit(tu_next(r)); }

#endif
