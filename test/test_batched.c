/* test_batched: the CPU engine's batched entry points (hzgsvd_cpu_?gsvd_batched).
 *
 * Real and complex; shapes square (8 x 8, 8 x 8), tall (20 x 6, 15 x 6), n = 1 (3 x 1, 2 x 1) and a
 * general pair (m_f = 4 < n = 7, through the reduction); batch 1, 7 and 64; options.threads 1 and 2;
 * leading dimensions and strides with padding.  Every pair's outputs (U, V, Z, sigma_f, sigma_g,
 * sigma), status and info (sweeps, K, L) are bitwise those of hzgsvd_cpu_?gsvd on the pair alone
 * with the same options, and the padding between pairs is untouched.  A batch of 7 with a NaN in
 * pair 3 and (options.preprocess = 0) a zero column in pair 5: those pairs' statuses are the
 * one-pair calls', the call returns pair 3's, every other pair succeeds bitwise.  Each bad argument
 * (n, m_f, m_g, batch < 0, ld and strides too small, NULL F, G, Z, status with batch > 0, a bad
 * option) gives its exact status, a message naming the argument in info[0].detail, the status in
 * every status[i], and leaves the arrays unchanged; batch = 0 returns HZGSVD_SUCCESS (NULL arrays
 * allowed).
 */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "test/testutil.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SENT 0x1.5a5a5a5a5a5a5p-3   /* fills outputs and padding before a call */
#define PAD 3                        /* extra elements in every stride */

typedef hzgsvd_status (*one_fn)(int, int, int, double *, int, double *, int, double *, int, double *, double *, double *,
                                const hzgsvd_options *, hzgsvd_info *);
typedef hzgsvd_status (*batch_fn)(int, int, int, double *, int, long long, double *, int, long long, double *, int, long long,
                                  double *, double *, double *, long long, int, const hzgsvd_options *, hzgsvd_status *, hzgsvd_info *);

/* A batch's arrays: element counts in doubles. */
typedef struct bset {
    int cplx, m_f, m_g, n, ldf, ldg, ldz, batch;
    long long sF, sG, sZ, sS;   /* strides in elements (complex elements for F, G, Z) */
    double *F, *G, *Z, *sf, *sg, *s;
    size_t nF, nG, nZ, nS;      /* doubles */
} bset;

static double *dnew(size_t k, double v)
{
    double *p = (double *)malloc(sizeof(double) * (k ? k : 1));
    for (size_t i = 0; i < k; ++i) p[i] = v;
    return p;
}

static bset bset_new(tu_rng *rng, int cplx, int m_f, int m_g, int n, int batch)
{
    bset b;
    const int es = cplx ? 2 : 1;
    b.cplx = cplx; b.m_f = m_f; b.m_g = m_g; b.n = n; b.batch = batch;
    b.ldf = m_f + 1; b.ldg = m_g + 2; b.ldz = n + 1;
    b.sF = (long long)b.ldf * n + PAD; b.sG = (long long)b.ldg * n + PAD; b.sZ = (long long)b.ldz * n + PAD; b.sS = n + PAD;
    b.nF = (size_t)(es * b.sF * batch); b.nG = (size_t)(es * b.sG * batch);
    b.nZ = (size_t)(es * b.sZ * batch); b.nS = (size_t)(b.sS * batch);
    b.F = dnew(b.nF, SENT); b.G = dnew(b.nG, SENT); b.Z = dnew(b.nZ, SENT);
    b.sf = dnew(b.nS, SENT); b.sg = dnew(b.nS, SENT); b.s = dnew(b.nS, SENT);
    for (int p = 0; p < batch; ++p) {   /* the matrices' entries (padding rows and gaps keep SENT) */
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < m_f * es; ++i) b.F[es * (p * b.sF + (long long)j * b.ldf) + i] = tu_uniform(rng);
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < m_g * es; ++i) b.G[es * (p * b.sG + (long long)j * b.ldg) + i] = tu_uniform(rng);
    }
    return b;
}

static bset bset_copy(const bset *a)
{
    bset b = *a;
    b.F = dnew(a->nF, 0); memcpy(b.F, a->F, sizeof(double) * a->nF);
    b.G = dnew(a->nG, 0); memcpy(b.G, a->G, sizeof(double) * a->nG);
    b.Z = dnew(a->nZ, 0); memcpy(b.Z, a->Z, sizeof(double) * a->nZ);
    b.sf = dnew(a->nS, 0); memcpy(b.sf, a->sf, sizeof(double) * a->nS);
    b.sg = dnew(a->nS, 0); memcpy(b.sg, a->sg, sizeof(double) * a->nS);
    b.s = dnew(a->nS, 0); memcpy(b.s, a->s, sizeof(double) * a->nS);
    return b;
}

static int bset_equal(const bset *a, const bset *b)
{
    return !memcmp(a->F, b->F, sizeof(double) * a->nF) && !memcmp(a->G, b->G, sizeof(double) * a->nG)
        && !memcmp(a->Z, b->Z, sizeof(double) * a->nZ) && !memcmp(a->sf, b->sf, sizeof(double) * a->nS)
        && !memcmp(a->sg, b->sg, sizeof(double) * a->nS) && !memcmp(a->s, b->s, sizeof(double) * a->nS);
}

static void bset_free(bset *b)
{
    free(b->F); free(b->G); free(b->Z); free(b->sf); free(b->sg); free(b->s);
}

static hzgsvd_status run_batched(batch_fn fb, bset *b, const hzgsvd_options *o, hzgsvd_status *st, hzgsvd_info *info)
{
    return fb(b->m_f, b->m_g, b->n, b->F, b->ldf, b->sF, b->G, b->ldg, b->sG, b->Z, b->ldz, b->sZ,
              b->sf, b->sg, b->s, b->sS, b->batch, o, st, info);
}

/* The reference: each pair alone through the one-pair call, in place in r's arrays. */
static void run_pairs(one_fn f1, bset *r, const hzgsvd_options *o, hzgsvd_status *st, hzgsvd_info *info)
{
    const int es = r->cplx ? 2 : 1;
    for (int p = 0; p < r->batch; ++p)
        st[p] = f1(r->m_f, r->m_g, r->n, r->F + es * p * r->sF, r->ldf, r->G + es * p * r->sG, r->ldg, r->Z + es * p * r->sZ, r->ldz,
                   r->sf + p * r->sS, r->sg + p * r->sS, r->s + p * r->sS, o, info + p);
}

/* Batched against one-pair calls on the same data: statuses, info, outputs bitwise. */
static void compare(const char *what, batch_fn fb, one_fn f1, bset *b, const hzgsvd_options *o)
{
    bset r = bset_copy(b);
    const int k = b->batch;
    hzgsvd_status *st = (hzgsvd_status *)malloc(sizeof *st * k), *st1 = (hzgsvd_status *)malloc(sizeof *st1 * k);
    hzgsvd_info *in = (hzgsvd_info *)malloc(sizeof *in * k), *in1 = (hzgsvd_info *)malloc(sizeof *in1 * k);
    const hzgsvd_status all = run_batched(fb, b, o, st, in);
    run_pairs(f1, &r, o, st1, in1);
    hzgsvd_status first = HZGSVD_SUCCESS;
    int same_st = 1, same_info = 1;
    for (int p = 0; p < k; ++p) {
        if (first == HZGSVD_SUCCESS) first = st1[p];
        same_st &= st[p] == st1[p];
        same_info &= in[p].sweeps == in1[p].sweeps && in[p].rank_k == in1[p].rank_k && in[p].rank_l == in1[p].rank_l
                     && in[p].preprocessed == in1[p].preprocessed && !strcmp(in[p].detail, in1[p].detail);
    }
    CHECK(all == first, "%s: returned %s, first failing pair %s", what, hzgsvd_status_name(all), hzgsvd_status_name(first));
    CHECK(same_st, "%s: a pair's status differs from the one-pair call's", what);
    CHECK(same_info, "%s: a pair's info differs from the one-pair call's", what);
    CHECK(bset_equal(b, &r), "%s: outputs (or padding) not bitwise those of the one-pair calls", what);
    free(st); free(st1); free(in); free(in1);
    bset_free(&r);
}

static void shapes(tu_rng *rng, int cplx)
{
    static const int sh[4][3] = {{8, 8, 8}, {20, 15, 6}, {3, 2, 1}, {4, 9, 7}};
    static const int batches[3] = {1, 7, 64};
    batch_fn fb = cplx ? hzgsvd_cpu_zgsvd_batched : hzgsvd_cpu_dgsvd_batched;
    one_fn f1 = cplx ? hzgsvd_cpu_zgsvd : hzgsvd_cpu_dgsvd;
    for (int s = 0; s < 4; ++s)
        for (int bi = 0; bi < 3; ++bi)
            for (int t = 1; t <= 2; ++t) {
                hzgsvd_options o = hzgsvd_default_options();
                o.threads = t;
                bset b = bset_new(rng, cplx, sh[s][0], sh[s][1], sh[s][2], batches[bi]);
                char what[96];
                snprintf(what, sizeof what, "%s %dx%d,%dx%d batch %d threads %d", cplx ? "complex" : "real",
                         sh[s][0], sh[s][2], sh[s][1], sh[s][2], batches[bi], t);
                compare(what, fb, f1, &b, &o);
                bset_free(&b);
            }
}

/* Pair 3 holds a NaN; with preprocess = 0 pair 5 has a zero column. */
static void bad_pairs(tu_rng *rng, int cplx)
{
    batch_fn fb = cplx ? hzgsvd_cpu_zgsvd_batched : hzgsvd_cpu_dgsvd_batched;
    one_fn f1 = cplx ? hzgsvd_cpu_zgsvd : hzgsvd_cpu_dgsvd;
    const int es = cplx ? 2 : 1;
    for (int pre = -1; pre <= 0; ++pre) {
        hzgsvd_options o = hzgsvd_default_options();
        o.threads = 2; o.preprocess = pre;
        bset b = bset_new(rng, cplx, 10, 9, 6, 7);
        b.F[es * (3 * b.sF + 2 * b.ldf) + 1] = NAN;
        for (int i = 0; i < b.m_g * es; ++i) b.G[es * (5 * b.sG + 4 * b.ldg) + i] = 0.0;
        hzgsvd_status st[7];
        hzgsvd_info in[7];
        bset r = bset_copy(&b);
        const hzgsvd_status all = run_batched(fb, &b, &o, st, in);
        CHECK(all == HZGSVD_ERR_NOT_FINITE && st[3] == HZGSVD_ERR_NOT_FINITE, "%s preprocess %d: NaN pair: returned %s, status[3] %s",
              cplx ? "complex" : "real", pre, hzgsvd_status_name(all), hzgsvd_status_name(st[3]));
        CHECK(st[5] == (pre == 0 ? HZGSVD_ERR_RANK_DEFICIENT : HZGSVD_SUCCESS), "%s preprocess %d: zero-column pair: status[5] %s",
              cplx ? "complex" : "real", pre, hzgsvd_status_name(st[5]));
        int others = 1;
        for (int p = 0; p < 7; ++p) if (p != 3 && p != 5) others &= st[p] == HZGSVD_SUCCESS;
        CHECK(others, "%s preprocess %d: a good pair failed", cplx ? "complex" : "real", pre);
        bset_free(&b); b = r;
        char what[64];
        snprintf(what, sizeof what, "%s preprocess %d bad pairs", cplx ? "complex" : "real", pre);
        compare(what, fb, f1, &b, &o);
        bset_free(&b);
    }
}

/* One bad argument: its status, its message, every status[i] and info[i] say it, arrays unchanged. */
static void bad_arg(batch_fn fb, bset *b, bset args, const hzgsvd_options *o, hzgsvd_status want, const char *msg, int use_status)
{
    bset r = bset_copy(b);
    hzgsvd_status st[7];
    hzgsvd_info in[7];
    for (int p = 0; p < 7; ++p) { st[p] = HZGSVD_ERR_INTERNAL; in[p].detail[0] = '\0'; }
    const hzgsvd_status got = run_batched(fb, &args, o, use_status ? st : NULL, in);
    CHECK(got == want, "bad argument (%s): got %s, want %s", msg, hzgsvd_status_name(got), hzgsvd_status_name(want));
    CHECK(strstr(in[0].detail, msg) != NULL, "bad argument (%s): detail \"%s\"", msg, in[0].detail);
    int all = 1;
    for (int p = 0; use_status && p < args.batch && p < 7; ++p) all &= st[p] == want && !strcmp(in[p].detail, in[0].detail);
    CHECK(all, "bad argument (%s): status[i] or info[i] not set", msg);
    CHECK(bset_equal(b, &r), "bad argument (%s): arrays changed", msg);
    bset_free(&r);
}

static void bad_args(tu_rng *rng, int cplx)
{
    batch_fn fb = cplx ? hzgsvd_cpu_zgsvd_batched : hzgsvd_cpu_dgsvd_batched;
    hzgsvd_options o = hzgsvd_default_options();
    bset b = bset_new(rng, cplx, 6, 5, 4, 7), a;
    const hzgsvd_status IA = HZGSVD_ERR_INVALID_ARGUMENT;
    a = b; a.n = 0;                 bad_arg(fb, &b, a, &o, HZGSVD_ERR_N_LESS_THAN_ONE, "argument 3 (n = 0)", 1);
    a = b; a.m_f = -1;              bad_arg(fb, &b, a, &o, IA, "argument 1 (m_f = -1)", 1);
    a = b; a.m_g = -2;              bad_arg(fb, &b, a, &o, IA, "argument 2 (m_g = -2)", 1);
    a = b; a.batch = -1;            bad_arg(fb, &b, a, &o, IA, "argument 17 (batch = -1)", 1);
    a = b; a.ldf = 5;               bad_arg(fb, &b, a, &o, IA, "argument 5 (ldf = 5)", 1);
    a = b; a.sF = a.ldf * 4 - 1;    bad_arg(fb, &b, a, &o, IA, "argument 6 (strideF = 27)", 1);
    a = b; a.ldg = 4;               bad_arg(fb, &b, a, &o, IA, "argument 8 (ldg = 4)", 1);
    a = b; a.sG = 0;                bad_arg(fb, &b, a, &o, IA, "argument 9 (strideG = 0)", 1);
    a = b; a.ldz = 3;               bad_arg(fb, &b, a, &o, IA, "argument 11 (ldz = 3)", 1);
    a = b; a.sZ = 19;               bad_arg(fb, &b, a, &o, IA, "argument 12 (strideZ = 19)", 1);
    a = b; a.sS = 3;                bad_arg(fb, &b, a, &o, IA, "argument 16 (strideS = 3)", 1);
    a = b; a.F = NULL;              bad_arg(fb, &b, a, &o, IA, "argument 4 (F) is NULL", 1);
    a = b; a.G = NULL;              bad_arg(fb, &b, a, &o, IA, "argument 7 (G) is NULL", 1);
    a = b; a.Z = NULL;              bad_arg(fb, &b, a, &o, IA, "argument 10 (Z) is NULL", 1);
    a = b;                          bad_arg(fb, &b, a, &o, IA, "argument 19 (status) is NULL", 0);
    hzgsvd_options ob = o; ob.threads = -1;
    a = b;                          bad_arg(fb, &b, a, &ob, IA, "options.threads = -1", 1);
    ob = o; ob.preprocess = 0; a = b; a.m_g = 3;
    bad_arg(fb, &b, a, &ob, HZGSVD_ERR_M_LESS_THAN_N, "m_g = 3 < n = 4", 1);
    /* batch = 0: success, NULL arrays allowed, nothing written but info[0] */
    hzgsvd_info in;
    const hzgsvd_status st0 = fb(6, 5, 4, NULL, 6, 24, NULL, 5, 20, NULL, 4, 16, NULL, NULL, NULL, 4, 0, &o, NULL, &in);
    CHECK(st0 == HZGSVD_SUCCESS && strstr(in.detail, "batch = 0") != NULL, "batch = 0: %s \"%s\"", hzgsvd_status_name(st0), in.detail);
    CHECK(fb(6, 5, 4, NULL, 6, 24, NULL, 5, 20, NULL, 4, 16, NULL, NULL, NULL, 4, 0, NULL, NULL, NULL) == HZGSVD_SUCCESS, "batch = 0, info NULL");
    bset_free(&b);
}

int main(void)
{
    tu_start("test_batched");
    tu_rng rng = {34};
    for (int cplx = 0; cplx <= 1; ++cplx) {
        shapes(&rng, cplx);
        bad_pairs(&rng, cplx);
        bad_args(&rng, cplx);
    }
    return tu_finish();
}
