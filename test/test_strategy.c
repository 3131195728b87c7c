/* test_strategy: the Jacobi strategy tables and communication map of generated/hzgsvd_core.h.
 *
 *   test_strategy                      run every check (exit 0 if all pass, 1 otherwise)
 *   test_strategy --dump me|mm N       print the table of order N, one step per line, "p,q" pairs
 *   test_strategy --dump-all me|mm M   "n N" then the table, for every even N from 2 to M
 *
 * Checks, ME and MM, every even n from 2 to MAXN: step count; n/2 pairs a step, p < q, each index
 * once a step; ME: every pair once a sweep, positions by increasing p; MM: (i, i+n/2) twice a
 * sweep, all other pairs once; baked order-32 tables == run-time tables; communication map (n up
 * to MAXN_COMM): valid codes, every destination slot filled once, it holds the same index.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "generated/hzgsvd_host.h"   /* the core, and hzgsvd__inner_table */

#define MAXN 2048
#define MAXN_COMM 512

static unsigned long long n_checks = 0, n_failed = 0;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        n_checks++;                                                        \
        if (!(cond)) {                                                     \
            if (n_failed++ < 30) {                                         \
                fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
                fprintf(stderr, __VA_ARGS__);                              \
                fputc('\n', stderr);                                       \
            }                                                              \
        }                                                                  \
    } while (0)

static const char *kind_name(hzgsvd_strategy kind)
{
    return kind == HZGSVD_STRATEGY_ME ? "ME" : "MM";
}

static int parse_kind(const char *s, hzgsvd_strategy *kind)
{
    if (strcmp(s, "me") == 0 || strcmp(s, "ME") == 0) {
        *kind = HZGSVD_STRATEGY_ME;
        return 0;
    }
    if (strcmp(s, "mm") == 0 || strcmp(s, "MM") == 0) {
        *kind = HZGSVD_STRATEGY_MM;
        return 0;
    }
    return -1;
}

/* The table of order n in a fresh allocation (NULL and a message if that fails). */
static int *make_table(hzgsvd_strategy kind, int n, int *nsteps)
{
    int *pairs;
    *nsteps = hzgsvd__strategy_nsteps(kind, n);
    if (*nsteps < 0)
        return NULL;
    pairs = (int *)malloc((size_t)*nsteps * (size_t)n * sizeof(int));
    if (pairs == NULL) {
        fprintf(stderr, "test_strategy: out of memory (n = %d)\n", n);
        return NULL;
    }
    if (hzgsvd__strategy_fill(kind, n, pairs) != 0) {
        free(pairs);
        return NULL;
    }
    return pairs;
}

static void print_table(const int *pairs, int nsteps, int n)
{
    int s, r;
    for (s = 0; s < nsteps; s++) {
        const int *st = pairs + (size_t)s * n;
        for (r = 0; r < n / 2; r++)
            printf(r ? " %d,%d" : "%d,%d", st[2 * r], st[2 * r + 1]);
        putchar('\n');
    }
}

static int dump(hzgsvd_strategy kind, int nmin, int nmax, int headers)
{
    int n;
    for (n = nmin; n <= nmax; n += 2) {
        int nsteps;
        int *pairs = make_table(kind, n, &nsteps);
        if (pairs == NULL) {
            fprintf(stderr, "test_strategy: no %s table of order %d\n", kind_name(kind), n);
            return 1;
        }
        if (headers)
            printf("n %d\n", n);
        print_table(pairs, nsteps, n);
        free(pairs);
    }
    return fflush(stdout) == 0 ? 0 : 1;
}

/* Invariants of one table.  pairbits: n*n bits of scratch; mark: n ints of scratch, where
 * mark[i] == stamp means "index i already seen in this step" (no clearing between steps). */
static void check_table(hzgsvd_strategy kind, int n, const int *pairs, int nsteps,
                        unsigned char *pairbits, int *mark)
{
    const char *name = kind_name(kind);
    int half = n / 2, s, r, i;
    unsigned long long count_bad = 0, once = 0, inserted = 0, newbits;
    int ok_steps = 1;
    CHECK(nsteps == (kind == HZGSVD_STRATEGY_ME ? n - 1 : n), "%s n=%d nsteps=%d", name, n, nsteps);
    memset(pairbits, 0, ((size_t)n * n + 7) / 8);
    for (i = 0; i < n; i++)
        mark[i] = -1;
    for (s = 0; s < nsteps; s++) {
        const int *st = pairs + (size_t)s * n;
        int bad_range = 0, bad_order = 0, bad_dup = 0, bad_sort = 0, prev_p = -1;
        for (r = 0; r < half; r++) {
            int p = st[2 * r], q = st[2 * r + 1];
            if ((unsigned)p >= (unsigned)n || (unsigned)q >= (unsigned)n) {
                bad_range++;
                continue;
            }
            bad_order += p >= q;
            /* n/2 pairs of in-range indices, none repeated: every index exactly once */
            bad_dup += mark[p] == s;
            mark[p] = s;
            bad_dup += mark[q] == s;
            mark[q] = s;
            bad_sort += p <= prev_p;
            prev_p = p;
            /* MM's (i, i+n/2) are counted separately below: they must appear exactly twice */
            if (p < q && (kind == HZGSVD_STRATEGY_ME || q != p + half)) {
                size_t bit = (size_t)p * n + q;
                unsigned char m = (unsigned char)(1u << (bit & 7)), *byte = pairbits + (bit >> 3);
                inserted++;
                count_bad += (*byte & m) != 0; /* a pair visited twice in the sweep */
                *byte |= m;
            }
        }
        if (bad_range || bad_order || bad_dup || (kind == HZGSVD_STRATEGY_ME && bad_sort))
            ok_steps = 0;
        CHECK(bad_range == 0, "%s n=%d step %d: %d indices out of range", name, n, s, bad_range);
        CHECK(bad_order == 0, "%s n=%d step %d: %d pairs with p >= q", name, n, s, bad_order);
        CHECK(bad_dup == 0, "%s n=%d step %d: not a perfect matching", name, n, s);
        if (kind == HZGSVD_STRATEGY_ME)
            CHECK(bad_sort == 0, "%s n=%d step %d: positions not sorted by p", name, n, s);
    }
    CHECK(count_bad == 0, "%s n=%d: %llu pairs repeated in a sweep", name, n, count_bad);
    newbits = inserted - count_bad;
    if (!ok_steps)
        return;
    /* every unordered pair present (ME), every pair but the (i, i+n/2) present (MM): all set bits
     * are distinct pairs p < q of 0..n-1, so it suffices to count them */
    {
        unsigned long long expect = (unsigned long long)n * (n - 1) / 2 -
                                    (kind == HZGSVD_STRATEGY_MM ? (unsigned long long)half : 0);
        CHECK(newbits == expect, "%s n=%d: %llu pairs never visited in a sweep", name, n,
              expect - newbits);
    }
    if (kind == HZGSVD_STRATEGY_MM) {
        /* mark[i] counts the pairs (i, i+n/2) */
        for (i = 0; i < n; i++)
            mark[i] = 0;
        for (s = 0; s < nsteps; s++) {
            const int *st = pairs + (size_t)s * n;
            for (r = 0; r < half; r++)
                if (st[2 * r + 1] == st[2 * r] + half)
                    mark[st[2 * r]]++;
        }
        for (i = 0; i < half; i++)
            if (mark[i] != 2)
                once++;
        CHECK(once == 0, "%s n=%d: %llu pairs (i, i+n/2) not visited exactly twice", name, n, once);
    }
}

/* Communication-map invariants of one table. */
static void check_comm(hzgsvd_strategy kind, int n, const int *pairs, int nsteps, int *map,
                       unsigned char *seen)
{
    const char *name = kind_name(kind);
    int half = n / 2, k, i;
    int rc = hzgsvd__comm_map(pairs, nsteps, n, map);
    CHECK(rc == 0, "%s n=%d: hzgsvd__comm_map returned %d", name, n, rc);
    if (rc != 0)
        return;
    for (k = 0; k < nsteps; k++) {
        const int *cur = pairs + (size_t)k * n;
        const int *nxt = pairs + (size_t)((k + 1) % nsteps) * n;
        const int *mk = map + (size_t)k * n;
        int bad_code = 0, bad_dest = 0, bad_recv = 0;
        memset(seen, 0, (size_t)n);
        for (i = 0; i < n; i++) { /* slot i = 2*pos + o of step k */
            int code = mk[i], pos, slot;
            if (code == 0 || code > half || code < -half) {
                bad_code++;
                continue;
            }
            pos = (code < 0 ? -code : code) - 1;
            slot = code < 0 ? 0 : 1;
            seen[2 * pos + slot]++;
            if (nxt[2 * pos + slot] != cur[i])
                bad_dest++;
        }
        for (i = 0; i < n; i++)
            if (seen[i] != 1)
                bad_recv++;
        CHECK(bad_code == 0, "%s n=%d step %d: %d invalid codes", name, n, k, bad_code);
        CHECK(bad_dest == 0, "%s n=%d step %d: %d stripes sent to a slot without their index", name, n, k, bad_dest);
        CHECK(bad_recv == 0, "%s n=%d step %d: %d slots of step k+1 not filled exactly once", name, n, k, bad_recv);
    }
}

/* The baked inner tables (orders 32 and 64) against the run-time construction, entry by entry. */
static void check_baked_order(int k, const unsigned char *me_baked, size_t me_bytes, const unsigned char *mm_baked, size_t mm_bytes)
{
    for (int kind = 0; kind < 2; ++kind) {
        const unsigned char *baked = kind ? mm_baked : me_baked;
        const int want_steps = kind ? k : k - 1;
        int nsteps, diff = 0;
        int *t = make_table(kind ? HZGSVD_STRATEGY_MM : HZGSVD_STRATEGY_ME, k, &nsteps);
        CHECK(t != NULL && nsteps == want_steps, "%s order %d table", kind ? "MM" : "ME", k);
        CHECK((kind ? mm_bytes : me_bytes) == (size_t)want_steps * k, "%s%d size", kind ? "MM" : "ME", k);
        if (t != NULL) {
            for (int e = 0; e < want_steps * k; e++)
                if (t[e] != (int)baked[e]) diff++;
            CHECK(diff == 0, "baked %s%d differs from run time in %d entries", kind ? "MM" : "ME", k, diff);
            free(t);
        }
        /* hzgsvd__inner_table hands out the baked table */
        int *h = (int *)malloc(sizeof(int) * (size_t)want_steps * k);
        diff = 0;
        CHECK(h != NULL && hzgsvd__inner_table(kind ? HZGSVD_STRATEGY_MM : HZGSVD_STRATEGY_ME, k, h) == 0, "inner_table %d", k);
        if (h != NULL)
            for (int e = 0; e < want_steps * k; e++)
                if (h[e] != (int)baked[e]) diff++;
        CHECK(diff == 0, "hzgsvd__inner_table(%s, %d) differs from the baked table in %d entries", kind ? "MM" : "ME", k, diff);
        free(h);
    }
}

static void check_baked(void)
{
    check_baked_order(32, &hzgsvd__inner_me32[0][0][0], sizeof hzgsvd__inner_me32, &hzgsvd__inner_mm32[0][0][0], sizeof hzgsvd__inner_mm32);
    check_baked_order(64, &hzgsvd__inner_me64[0][0][0], sizeof hzgsvd__inner_me64, &hzgsvd__inner_mm64[0][0][0], sizeof hzgsvd__inner_mm64);
}

/* ME(8) and MM(8) exactly as in ALGORITHM-NOTES 1.2 / 1.3. */
static void check_order8(void)
{
    static const int me8[7][8] = {
        {0, 7, 1, 6, 2, 5, 3, 4}, {0, 6, 1, 7, 2, 4, 3, 5}, {0, 5, 1, 4, 2, 7, 3, 6},
        {0, 4, 1, 5, 2, 6, 3, 7}, {0, 3, 1, 2, 4, 7, 5, 6}, {0, 2, 1, 3, 4, 6, 5, 7},
        {0, 1, 2, 3, 4, 5, 6, 7}};
    static const int mm8[8][8] = {
        {0, 7, 1, 6, 2, 5, 3, 4}, {1, 7, 2, 6, 3, 5, 0, 4}, {2, 7, 3, 6, 4, 5, 0, 1},
        {3, 7, 4, 6, 1, 5, 0, 2}, {4, 7, 5, 6, 1, 2, 0, 3}, {5, 7, 2, 6, 1, 3, 0, 4},
        {6, 7, 2, 3, 1, 4, 0, 5}, {3, 7, 2, 4, 1, 5, 0, 6}};
    int nsteps;
    int *t = make_table(HZGSVD_STRATEGY_ME, 8, &nsteps);
    CHECK(t != NULL && nsteps == 7 && memcmp(t, me8, sizeof me8) == 0, "ME(8) as in the notes");
    free(t);
    t = make_table(HZGSVD_STRATEGY_MM, 8, &nsteps);
    CHECK(t != NULL && nsteps == 8 && memcmp(t, mm8, sizeof mm8) == 0, "MM(8) as in the notes");
    free(t);
}

static void check_bad_args(void)
{
    static const int bad_n[] = {-4, -1, 0, 1, 3, 5, 33, 2047, HZGSVD__STRATEGY_MAX_ORDER + 2};
    int pairs[4 * 4], map[4 * 4];
    size_t i;
    for (i = 0; i < sizeof bad_n / sizeof bad_n[0]; i++) {
        CHECK(hzgsvd__strategy_nsteps(HZGSVD_STRATEGY_ME, bad_n[i]) == -1, "ME nsteps(%d)", bad_n[i]);
        CHECK(hzgsvd__strategy_nsteps(HZGSVD_STRATEGY_MM, bad_n[i]) == -1, "MM nsteps(%d)", bad_n[i]);
        CHECK(hzgsvd__strategy_fill(HZGSVD_STRATEGY_ME, bad_n[i], pairs) == -1, "ME fill(%d)", bad_n[i]);
        CHECK(hzgsvd__strategy_fill(HZGSVD_STRATEGY_MM, bad_n[i], pairs) == -1, "MM fill(%d)", bad_n[i]);
    }
    CHECK(hzgsvd__strategy_nsteps((hzgsvd_strategy)2, 8) == -1, "bad kind nsteps");
    CHECK(hzgsvd__strategy_nsteps((hzgsvd_strategy)-1, 8) == -1, "bad kind nsteps");
    CHECK(hzgsvd__strategy_fill((hzgsvd_strategy)2, 4, pairs) == -1, "bad kind fill");
    CHECK(hzgsvd__strategy_fill(HZGSVD_STRATEGY_ME, 4, NULL) == -1, "fill NULL");
    CHECK(hzgsvd__strategy_nsteps(HZGSVD_STRATEGY_ME, HZGSVD__STRATEGY_MAX_ORDER) ==
              HZGSVD__STRATEGY_MAX_ORDER - 1, "largest order accepted");
    /* comm map: bad arguments and inconsistent tables */
    CHECK(hzgsvd__strategy_fill(HZGSVD_STRATEGY_MM, 4, pairs) == 0, "MM(4)");
    CHECK(hzgsvd__comm_map(pairs, 4, 4, map) == 0, "MM(4) comm map");
    CHECK(hzgsvd__comm_map(NULL, 4, 4, map) == -1, "comm map NULL pairs");
    CHECK(hzgsvd__comm_map(pairs, 4, 4, NULL) == -1, "comm map NULL map");
    CHECK(hzgsvd__comm_map(pairs, 0, 4, map) == -1, "comm map nsteps 0");
    CHECK(hzgsvd__comm_map(pairs, 4, 3, map) == -1, "comm map odd n");
    pairs[5] = pairs[4]; /* step 1 holds an index twice */
    CHECK(hzgsvd__comm_map(pairs, 4, 4, map) == -1, "comm map duplicate index");
    CHECK(hzgsvd__strategy_fill(HZGSVD_STRATEGY_MM, 4, pairs) == 0, "MM(4)");
    pairs[13] = 4; /* index out of range in the last step */
    CHECK(hzgsvd__comm_map(pairs, 4, 4, map) == -1, "comm map index out of range");
    CHECK(hzgsvd__strategy_fill(HZGSVD_STRATEGY_ME, 2, pairs) == 0 && pairs[0] == 0 && pairs[1] == 1, "ME(2)");
    CHECK(hzgsvd__comm_map(pairs, 1, 2, map) == 0 && map[0] == -1 && map[1] == 1, "ME(2) comm map");
}

/* The bipartite round robin of the distributed engine's outermost steps: n/2 steps, each a perfect
 * matching of the n block columns, every pair (p, q) with p < n/2 <= q exactly once, none within a
 * half; bad arguments refused. */
static void check_cross(int *pairs, int *count, int *mark)
{
    for (int n = 2; n <= 64; n += 2) {
        const int h = n / 2;
        CHECK(hzgsvd__strategy_cross_fill(n, pairs) == 0, "cross fill(%d) failed", n);
        for (int i = 0; i < h * h; ++i) count[i] = 0;
        for (int s = 0; s < h; ++s) {
            for (int c = 0; c < n; ++c) mark[c] = 0;
            for (int pos = 0; pos < h; ++pos) {
                const int p = pairs[(s * h + pos) * 2], q = pairs[(s * h + pos) * 2 + 1];
                CHECK(p >= 0 && p < h && q >= h && q < n, "cross n = %d step %d: pair (%d, %d) not across the halves", n, s, p, q);
                if (p < 0 || p >= h || q < h || q >= n) continue;
                ++mark[p]; ++mark[q];
                ++count[p * h + (q - h)];
            }
            for (int c = 0; c < n; ++c) CHECK(mark[c] == 1, "cross n = %d step %d: column %d in %d pairs", n, s, c, mark[c]);
        }
        for (int i = 0; i < h * h; ++i) CHECK(count[i] == 1, "cross n = %d: pair (%d, %d) %d times", n, i / h, h + i % h, count[i]);
    }
    CHECK(hzgsvd__strategy_cross_fill(3, pairs) == -1 && hzgsvd__strategy_cross_fill(0, pairs) == -1 &&
          hzgsvd__strategy_cross_fill(4, NULL) == -1 && hzgsvd__strategy_cross_fill(HZGSVD__STRATEGY_MAX_ORDER + 2, pairs) == -1,
          "cross fill accepts a bad argument");
}

static int run_all(void)
{
    unsigned char *pairbits = (unsigned char *)malloc(((size_t)MAXN * MAXN + 7) / 8);
    unsigned char *seen = (unsigned char *)malloc(MAXN);
    int *mark = (int *)malloc(MAXN * sizeof(int));
    int *pairs = (int *)malloc((size_t)MAXN * MAXN * sizeof(int));
    int *map = (int *)malloc((size_t)MAXN_COMM * MAXN_COMM * sizeof(int));
    int k, n;
    if (!pairbits || !seen || !mark || !pairs || !map) {
        fprintf(stderr, "test_strategy: out of memory\n");
        return 1;
    }
    check_bad_args();
    check_order8();
    check_baked();
    check_cross(pairs, (int *)map, mark);
    for (k = 0; k < 2; k++) {
        hzgsvd_strategy kind = k == 0 ? HZGSVD_STRATEGY_ME : HZGSVD_STRATEGY_MM;
        for (n = 2; n <= MAXN; n += 2) {
            int nsteps = hzgsvd__strategy_nsteps(kind, n);
            int rc = hzgsvd__strategy_fill(kind, n, pairs);
            CHECK(rc == 0 && nsteps > 0, "%s fill(%d) = %d, nsteps %d", kind_name(kind), n, rc, nsteps);
            if (rc != 0 || nsteps <= 0)
                continue;
            check_table(kind, n, pairs, nsteps, pairbits, mark);
            if (n <= MAXN_COMM)
                check_comm(kind, n, pairs, nsteps, map, seen);
        }
    }
    free(pairbits);
    free(seen);
    free(mark);
    free(pairs);
    free(map);
    if (n_failed) {
        printf("test_strategy: %llu of %llu checks FAILED\n", n_failed, n_checks);
        return 1;
    }
    printf("test_strategy: %llu checks passed (ME and MM, even n <= %d; comm map n <= %d; cross n <= 64)\n",
           n_checks, MAXN, MAXN_COMM);
    return 0;
}

int main(int argc, char **argv)
{
    hzgsvd_strategy kind;
    if (argc == 1)
        return run_all();
    if (argc == 4 && (strcmp(argv[1], "--dump") == 0 || strcmp(argv[1], "--dump-all") == 0) &&
        parse_kind(argv[2], &kind) == 0) {
        char *end;
        long v = strtol(argv[3], &end, 10);
        if (*end == '\0' && v >= 2 && v <= HZGSVD__STRATEGY_MAX_ORDER && v % 2 == 0) {
            if (strcmp(argv[1], "--dump") == 0)
                return dump(kind, (int)v, (int)v, 0);
            return dump(kind, 2, (int)v, 1);
        }
    }
    fprintf(stderr, "usage: %s [--dump me|mm N | --dump-all me|mm MAXN]   (N even, 2 <= N <= %d)\n",
            argv[0], HZGSVD__STRATEGY_MAX_ORDER);
    return 2;
}
