/* test_engine_errors: bad input gives the documented status, and argument errors leave the
 * caller's arrays bitwise unchanged.  Small and fast: it also runs under valgrind
 *     valgrind --error-exitcode=99 -q build/test_engine_errors
 *
 * Real and complex: NaN in F, +Inf in G, NaN in an imaginary part -> HZGSVD_ERR_NOT_FINITE;
 * a zero column in F, in G, and exactly dependent columns (column 5 = column 2, in G and in F;
 * also in different block columns, w = 4) -> HZGSVD_ERR_RANK_DEFICIENT and m_f < n, m_g < n ->
 * HZGSVD_ERR_M_LESS_THAN_N with options.preprocess = 0 (the full-rank engine alone; by default the
 * reduction solves them: test_engine_general); m_f < 0 -> HZGSVD_ERR_INVALID_ARGUMENT;
 * n = 0, -3 -> HZGSVD_ERR_N_LESS_THAN_ONE; ldf < m_f, ldg < m_g, ldz < n,
 * NULL F, G, Z and bad options -> HZGSVD_ERR_INVALID_ARGUMENT; info.detail is non-empty on every
 * error; hzgsvd_status_string is non-empty and distinct for every status; max_sweeps = 1 on a pair
 * that needs more -> HZGSVD_ERR_NO_CONVERGENCE with finite, finalised outputs and info.sweeps == 1;
 * the progress callback runs once per sweep with sweep numbers 1, 2, ..., info.sweeps.
 */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "test/testutil.h"
#include "test/engine_fixtures.h"

#include <string.h>

/* Outputs after HZGSVD_ERR_NO_CONVERGENCE are finalised (contract): the residual
 * ||F Z - U Sf||_F / (||F||_F ||Z||_F) holds after any number of sweeps (every transformation is
 * applied to F, G and Z alike), ~sqrt(n) u.  Measured worst 2.1e-16 (n = 16; 1.0e-16 after one sweep).
 * Bound 8 sqrt(n) u + 16 u (5.3e-15 at n = 16), as in test_engine_lapack. */
#define B_RESID(n) ((8.0 * sqrt((double)(n)) + 16.0) * EF_U)
/* |sigma_f^2 + sigma_g^2 - 1| of the finalised outputs: a few roundings.  Measured 3.3e-16.
 * Bound 64 u. */
#define B_NORM1 (64.0 * EF_U)

#define M_F 13
#define M_G 11
#define N 8
#define SENT 0x1.5a5a5a5a5a5a5p-3   /* fills Z and the sigma arrays before a call */

/* The arrays of one call and their copies. */
typedef struct call {
    int cplx, m_f, m_g, n, ldf, ldg, ldz;
    double *F, *G, *Z, *sf, *sg, *s;
    double *F0, *G0, *Z0, *sf0, *sg0, *s0;
    size_t nF, nG, nZ, nS;
} call;

static call call_new(tu_rng *rng, int cplx, int m_f, int m_g, int n, int ldf, int ldg, int ldz)
{
    call c;
    c.cplx = cplx; c.m_f = m_f; c.m_g = m_g; c.n = n; c.ldf = ldf; c.ldg = ldg; c.ldz = ldz;
    const int nn = n > 0 ? n : 1;
    const int lf = ldf > m_f ? ldf : m_f, lg = ldg > m_g ? ldg : m_g, lz = ldz > nn ? ldz : nn;
    c.nF = ef_size(cplx, lf > 0 ? lf : 1, nn);
    c.nG = ef_size(cplx, lg > 0 ? lg : 1, nn);
    c.nZ = ef_size(cplx, lz, nn);
    c.nS = (size_t)nn;
    c.F = ef_new(c.nF); c.G = ef_new(c.nG); c.Z = ef_new(c.nZ);
    c.sf = ef_new(c.nS); c.sg = ef_new(c.nS); c.s = ef_new(c.nS);
    for (size_t i = 0; i < c.nF; ++i) c.F[i] = tu_uniform(rng);
    for (size_t i = 0; i < c.nG; ++i) c.G[i] = tu_uniform(rng);
    for (size_t i = 0; i < c.nZ; ++i) c.Z[i] = SENT;
    for (size_t i = 0; i < c.nS; ++i) c.sf[i] = c.sg[i] = c.s[i] = SENT;
    c.F0 = c.G0 = c.Z0 = c.sf0 = c.sg0 = c.s0 = NULL;
    return c;
}

static void call_snapshot(call *c)
{
    c->F0 = ef_dup(c->F, c->nF); c->G0 = ef_dup(c->G, c->nG); c->Z0 = ef_dup(c->Z, c->nZ);
    c->sf0 = ef_dup(c->sf, c->nS); c->sg0 = ef_dup(c->sg, c->nS); c->s0 = ef_dup(c->s, c->nS);
}

static int call_unchanged(const call *c)
{
    return memcmp(c->F, c->F0, c->nF * sizeof(double)) == 0 && memcmp(c->G, c->G0, c->nG * sizeof(double)) == 0 &&
           memcmp(c->Z, c->Z0, c->nZ * sizeof(double)) == 0 && memcmp(c->sf, c->sf0, c->nS * sizeof(double)) == 0 &&
           memcmp(c->sg, c->sg0, c->nS * sizeof(double)) == 0 && memcmp(c->s, c->s0, c->nS * sizeof(double)) == 0;
}

static void call_free(call *c)
{
    free(c->F); free(c->G); free(c->Z); free(c->sf); free(c->sg); free(c->s);
    free(c->F0); free(c->G0); free(c->Z0); free(c->sf0); free(c->sg0); free(c->s0);
}

/* Run c (with F, G, Z replaced by NULL where asked) and check status, detail, info; with
 * unchanged, also that no array was written. */
static void expect(const char *what, call *c, const hzgsvd_options *opt, hzgsvd_status want, int unchanged,
                   int null_f, int null_g, int null_z)
{
    const char *pr = c->cplx ? "z" : "d";
    call_snapshot(c);
    hzgsvd_info info;
    memset(&info, 0x5a, sizeof info);
    info.detail[sizeof info.detail - 1] = '\0';
    const hzgsvd_status st = ef_gsvd(c->cplx, c->m_f, c->m_g, c->n, null_f ? NULL : c->F, c->ldf, null_g ? NULL : c->G,
                                     c->ldg, null_z ? NULL : c->Z, c->ldz, c->sf, c->sg, c->s, opt, &info);
    CHECK(st == want, "%s %s: status %d (%s), expected %d (%s); detail: %s", pr, what, (int)st, hzgsvd_status_string(st),
          (int)want, hzgsvd_status_string(want), info.detail);
    CHECK(strlen(info.detail) > 0 && strlen(info.detail) < sizeof info.detail, "%s %s: info.detail is empty", pr, what);
    if (unchanged) {
        CHECK(call_unchanged(c), "%s %s: the caller's arrays were written on an argument error", pr, what);
        CHECK(info.outputs_written == 0, "%s %s: info.outputs_written = %d on an error before any output", pr, what, info.outputs_written);
        CHECK(info.sweeps == 0 && info.big == 0 && info.all == 0, "%s %s: info counts not zero (%d sweeps)", pr, what,
              info.sweeps);
    }
    printf("  %s %-44s -> %-2d %s\n", pr, what, (int)st, info.detail);
}

/* ---- bad values ------------------------------------------------------------------------------------ */
static void test_values(tu_rng *rng, int cplx)
{
    {   /* NaN in F */
        call c = call_new(rng, cplx, M_F, M_G, N, M_F, M_G, N);
        c.F[cplx ? 2 * (3 + 2 * M_F) : 3 + 2 * M_F] = NAN;
        expect("NaN in F(4,3)", &c, NULL, HZGSVD_ERR_NOT_FINITE, 1, 0, 0, 0);
        call_free(&c);
    }
    {   /* +Inf in G (last element) */
        call c = call_new(rng, cplx, M_F, M_G, N, M_F, M_G, N);
        c.G[cplx ? 2 * (M_G - 1 + (N - 1) * M_G) : M_G - 1 + (N - 1) * M_G] = INFINITY;
        expect("+Inf in G(m_g,n)", &c, NULL, HZGSVD_ERR_NOT_FINITE, 1, 0, 0, 0);
        call_free(&c);
    }
    {   /* -Inf in F, first element */
        call c = call_new(rng, cplx, M_F, M_G, N, M_F, M_G, N);
        c.F[0] = -INFINITY;
        expect("-Inf in F(1,1)", &c, NULL, HZGSVD_ERR_NOT_FINITE, 1, 0, 0, 0);
        call_free(&c);
    }
    if (cplx) {
        call c = call_new(rng, cplx, M_F, M_G, N, M_F, M_G, N);
        c.F[2 * (5 + 6 * M_F) + 1] = NAN;
        expect("NaN in Im F(6,7)", &c, NULL, HZGSVD_ERR_NOT_FINITE, 1, 0, 0, 0);
        call_free(&c);
        c = call_new(rng, cplx, M_F, M_G, N, M_F, M_G, N);
        c.G[2 * (1 + 0 * M_G) + 1] = -INFINITY;
        expect("-Inf in Im G(2,1)", &c, NULL, HZGSVD_ERR_NOT_FINITE, 1, 0, 0, 0);
        call_free(&c);
    }
    {   /* NaN in the padding (rows m_f..ldf-1) is not part of F: success */
        call c = call_new(rng, cplx, M_F, M_G, N, M_F + 2, M_G, N);
        for (int j = 0; j < N; ++j) c.F[(cplx ? 2 : 1) * ((size_t)M_F + (size_t)j * (M_F + 2))] = NAN;
        expect("NaN only in the padding rows of F", &c, NULL, HZGSVD_SUCCESS, 0, 0, 0, 0);
        call_free(&c);
    }
    /* zero columns */
    for (int which = 0; which < 2; ++which) {
        call c = call_new(rng, cplx, M_F, M_G, N, M_F, M_G, N);
        const int m = which ? M_G : M_F, e = cplx ? 2 : 1;
        double *Y = which ? c.G : c.F;
        for (int i = 0; i < e * m; ++i) Y[(size_t)e * m * 4 + i] = which ? -0.0 : 0.0;
        hzgsvd_options o = hzgsvd_default_options();
        o.preprocess = 0;
        expect(which ? "zero (-0.0) column 5 of G" : "zero column 5 of F", &c, &o, HZGSVD_ERR_RANK_DEFICIENT, 0, 0, 0, 0);
        call_free(&c);
    }
    /* exactly dependent columns: column dst = column src (1-based), in G and in F: n = 8 with the
     * default w = 16 (one pivot block pair), and n = 16 with w = 4 (columns in different block
     * columns: 5 = 2 in the neighbouring block column, 14 = 2 two block columns away) */
    static const int dep[][4] = {{8, 16, 2, 5}, {16, 4, 2, 5}, {16, 4, 2, 14}};
    for (int k = 0; k < 3; ++k)
        for (int which = 0; which < 2; ++which) {
            const int n = dep[k][0], src = dep[k][2] - 1, dst = dep[k][3] - 1, m_f = n + 5, m_g = n + 3;
            hzgsvd_options o = hzgsvd_default_options();
            o.block_width = dep[k][1];
            o.preprocess = 0;
            call c = call_new(rng, cplx, m_f, m_g, n, m_f, m_g, n);
            const int m = which ? m_g : m_f, e = cplx ? 2 : 1;
            double *Y = which ? c.G : c.F;
            memcpy(Y + (size_t)e * m * dst, Y + (size_t)e * m * src, sizeof(double) * e * m);
            char what[80];
            snprintf(what, sizeof what, "n=%d w=%d %s column %d = column %d", n, dep[k][1], which ? "G" : "F", dst + 1, src + 1);
            expect(what, &c, &o, HZGSVD_ERR_RANK_DEFICIENT, 0, 0, 0, 0);
            if (c.sf[0] != SENT) {   /* it returned results: show how degenerate they are */
                double mn_f = INFINITY, mn_g = INFINITY;
                for (int j = 0; j < n; ++j) {
                    if (c.sf[j] < mn_f) mn_f = c.sf[j];
                    if (c.sg[j] < mn_g) mn_g = c.sg[j];
                }
                printf("      (results written: sigma %.3e .. %.3e, min sigma_f %.3e, min sigma_g %.3e)\n", c.s[0], c.s[n - 1],
                       mn_f, mn_g);
            }
            call_free(&c);
        }
}

/* ---- bad arguments ------------------------------------------------------------------------------- */
static void test_arguments(tu_rng *rng, int cplx)
{
    struct { const char *what; int m_f, m_g, n, ldf, ldg, ldz, nf, ng, nz; hzgsvd_status want; } t[] = {
        {"m_f < n", N - 1, M_G, N, M_F, M_G, N, 0, 0, 0, HZGSVD_ERR_M_LESS_THAN_N},
        {"m_g < n", M_F, N - 1, N, M_F, M_G, N, 0, 0, 0, HZGSVD_ERR_M_LESS_THAN_N},
        {"m_f = 0 < n", 0, M_G, N, M_F, M_G, N, 0, 0, 0, HZGSVD_ERR_M_LESS_THAN_N},
        {"m_f = -1", -1, M_G, N, M_F, M_G, N, 0, 0, 0, HZGSVD_ERR_INVALID_ARGUMENT},
        {"m_g = -2", M_F, -2, N, M_F, M_G, N, 0, 0, 0, HZGSVD_ERR_INVALID_ARGUMENT},
        {"n = 0", M_F, M_G, 0, M_F, M_G, N, 0, 0, 0, HZGSVD_ERR_N_LESS_THAN_ONE},
        {"n = -3", M_F, M_G, -3, M_F, M_G, N, 0, 0, 0, HZGSVD_ERR_N_LESS_THAN_ONE},
        {"ldf = m_f - 1", M_F, M_G, N, M_F - 1, M_G, N, 0, 0, 0, HZGSVD_ERR_INVALID_ARGUMENT},
        {"ldg = m_g - 1", M_F, M_G, N, M_F, M_G - 1, N, 0, 0, 0, HZGSVD_ERR_INVALID_ARGUMENT},
        {"ldz = n - 1", M_F, M_G, N, M_F, M_G, N - 1, 0, 0, 0, HZGSVD_ERR_INVALID_ARGUMENT},
        {"ldf = 0", M_F, M_G, N, 0, M_G, N, 0, 0, 0, HZGSVD_ERR_INVALID_ARGUMENT},
        {"F NULL", M_F, M_G, N, M_F, M_G, N, 1, 0, 0, HZGSVD_ERR_INVALID_ARGUMENT},
        {"G NULL", M_F, M_G, N, M_F, M_G, N, 0, 1, 0, HZGSVD_ERR_INVALID_ARGUMENT},
        {"Z NULL", M_F, M_G, N, M_F, M_G, N, 0, 0, 1, HZGSVD_ERR_INVALID_ARGUMENT},
        {"n = 1, Z NULL", M_F, M_G, 1, M_F, M_G, 1, 0, 0, 1, HZGSVD_ERR_INVALID_ARGUMENT},
        {"n = 1, ldf = m_f - 1", M_F, M_G, 1, M_F - 1, M_G, 1, 0, 0, 0, HZGSVD_ERR_INVALID_ARGUMENT},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; ++i) {
        call c = call_new(rng, cplx, t[i].m_f > 0 ? t[i].m_f : 1, t[i].m_g, t[i].n, t[i].ldf, t[i].ldg, t[i].ldz);
        c.m_f = t[i].m_f;
        hzgsvd_options o = hzgsvd_default_options();
        o.preprocess = t[i].want == HZGSVD_ERR_M_LESS_THAN_N ? 0 : -1;   /* m < n is refused by the full-rank engine alone */
        expect(t[i].what, &c, &o, t[i].want, 1, t[i].nf, t[i].ng, t[i].nz);
        call_free(&c);
    }
    /* bad options */
    for (int k = 0; k < 17; ++k) {
        hzgsvd_options o = hzgsvd_default_options();
        const char *what = "";
        switch (k) {
        case 0: o.variant = 8; what = "options.variant = 8"; break;
        case 1: o.variant = -1; what = "options.variant = -1"; break;
        case 2: o.outer = (hzgsvd_strategy)2; what = "options.outer = 2"; break;
        case 3: o.inner = (hzgsvd_strategy)-1; what = "options.inner = -1"; break;
        case 4: o.blocking = (hzgsvd_blocking)5; what = "options.blocking = 5"; break;
        case 5: o.sort = 2; what = "options.sort = 2"; break;
        case 6: o.max_sweeps = 0; what = "options.max_sweeps = 0"; break;
        case 7: o.block_width = -1; what = "options.block_width = -1"; break;
        case 8: o.block_width = 65; what = "options.block_width = 65"; break;
        case 9: o.threads = -1; what = "options.threads = -1"; break;
        case 10: o.sort = -1; what = "options.sort = -1"; break;
        case 11: o.threads = HZGSVD_MAX_THREADS + 1; what = "options.threads = HZGSVD_MAX_THREADS + 1"; break;
        case 12: o.threads = 100000; what = "options.threads = 100000"; break;
        case 13: o.refine_sigma = 2; what = "options.refine_sigma = 2"; break;
        case 14: o.refine_sigma = -2; what = "options.refine_sigma = -2"; break;
        case 15: o.preprocess = 2; what = "options.preprocess = 2"; break;
        case 16: o.preprocess = -2; what = "options.preprocess = -2"; break;
        }
        for (int n1 = 0; n1 < 2; ++n1) {        /* also n = 1 (its own path in the engine) */
            call c = call_new(rng, cplx, M_F, M_G, n1 ? 1 : N, M_F, M_G, n1 ? 1 : N);
            char w[80];
            snprintf(w, sizeof w, "%s%s", what, n1 ? " (n = 1)" : "");
            expect(w, &c, &o, HZGSVD_ERR_INVALID_ARGUMENT, 1, 0, 0, 0);
            call_free(&c);
        }
    }
    /* an argument error wins over bad values: NaN in F and ldz < n */
    call c = call_new(rng, cplx, M_F, M_G, N, M_F, M_G, N - 1);
    c.F[0] = NAN;
    expect("NaN in F and ldz = n - 1", &c, NULL, HZGSVD_ERR_INVALID_ARGUMENT, 1, 0, 0, 0);
    call_free(&c);
}

/* ---- statuses ------------------------------------------------------------------------------------- */
static void test_status_strings(void)
{
    const char *seen[HZGSVD_STATUS_LAST + 1];
    for (int s = 0; s <= HZGSVD_STATUS_LAST; ++s) {
        seen[s] = hzgsvd_status_string((hzgsvd_status)s);
        CHECK(seen[s] && strlen(seen[s]) > 0, "status %d: empty string", s);
        for (int t = 0; t < s; ++t)
            CHECK(seen[s] && seen[t] && strcmp(seen[s], seen[t]) != 0, "statuses %d and %d share the string \"%s\"", t, s,
                  seen[s]);
    }
    const char *unknown = hzgsvd_status_string((hzgsvd_status)99);
    CHECK(unknown && strlen(unknown) > 0, "status 99: empty string");
    CHECK(HZGSVD_SUCCESS == 0, "HZGSVD_SUCCESS is not 0");
    /* hzgsvd_status_name and the list it comes from: the enum name, in value order, none missing */
    CHECK(strcmp(hzgsvd_status_name(HZGSVD_ERR_NO_CONVERGENCE), "HZGSVD_ERR_NO_CONVERGENCE") == 0,
          "hzgsvd_status_name(HZGSVD_ERR_NO_CONVERGENCE) is \"%s\"", hzgsvd_status_name(HZGSVD_ERR_NO_CONVERGENCE));
    CHECK(strcmp(hzgsvd_status_name((hzgsvd_status)99), "HZGSVD_UNKNOWN_STATUS") == 0, "status 99: name \"%s\"",
          hzgsvd_status_name((hzgsvd_status)99));
    int listed = 0;
#define COUNT_STATUS(value, name, message) \
    CHECK(value == listed && name == value && strcmp(hzgsvd_status_name(name), #name) == 0 && \
              strcmp(hzgsvd_status_string(name), message) == 0, "HZGSVD_STATUS_LIST entry %d: %s", listed, #name); \
    ++listed;
    HZGSVD_STATUS_LIST(COUNT_STATUS)
#undef COUNT_STATUS
    CHECK(listed == HZGSVD_STATUS_LAST + 1, "HZGSVD_STATUS_LIST has %d entries, HZGSVD_STATUS_LAST is %d", listed,
          (int)HZGSVD_STATUS_LAST);
}

/* ---- no convergence and the progress callback ------------------------------------------------------ */
typedef struct progress_log {
    int calls, last, max_sweeps, monotone, counts_ok;
    unsigned long long big, all, last_big;
    double last_seconds;
} progress_log;

static void on_progress(const hzgsvd_progress *p, void *user)
{
    progress_log *l = (progress_log *)user;
    ++l->calls;
    if (p->sweep != l->last + 1) l->monotone = 0;
    if (!(p->seconds >= l->last_seconds)) l->monotone = 0;
    if (p->big > p->all || p->max_sweeps != l->max_sweeps) l->counts_ok = 0;
    l->last = p->sweep;
    l->last_seconds = p->seconds;
    l->big += p->big;
    l->all += p->all;
    l->last_big = p->big;
}

static void test_sweeps(tu_rng *rng, int cplx)
{
    const char *pr = cplx ? "z" : "d";
    const int m_f = 21, m_g = 19, n = 16;   /* w = 4: four block columns, several sweeps */
    double *F = ef_new(ef_size(cplx, m_f, n)), *G = ef_new(ef_size(cplx, m_g, n));
    ef_randmat(rng, cplx, m_f, n, F, m_f);
    ef_randmat(rng, cplx, m_g, n, G, m_g);
    for (int maxs = 1; maxs <= 30; maxs += 29) {
        hzgsvd_options o = hzgsvd_default_options();
        progress_log log;
        memset(&log, 0, sizeof log);
        log.monotone = log.counts_ok = 1;
        log.max_sweeps = maxs;
        o.max_sweeps = maxs;
        o.block_width = 4;
        o.progress = on_progress;
        o.progress_user = &log;
        ef_run r = ef_solve(cplx, m_f, m_g, n, F, G, &o);
        const hzgsvd_status want = (maxs == 1) ? HZGSVD_ERR_NO_CONVERGENCE : HZGSVD_SUCCESS;
        CHECK(r.st == want, "%s max_sweeps = %d: status %d (%s), expected %d; %s", pr, maxs, (int)r.st,
              hzgsvd_status_string(r.st), (int)want, r.info.detail);
        CHECK(strlen(r.info.detail) > 0, "%s max_sweeps = %d: empty detail", pr, maxs);
        if (maxs == 1) CHECK(r.info.sweeps == 1, "%s max_sweeps = 1: info.sweeps = %d", pr, r.info.sweeps);
        else CHECK(r.info.sweeps > 1 && log.last_big == 0, "%s: converged in %d sweeps, last sweep big = %llu (needs > 1 sweep)",
                   pr, r.info.sweeps, log.last_big);
        CHECK(log.calls == r.info.sweeps, "%s max_sweeps = %d: progress called %d times, info.sweeps = %d", pr, maxs, log.calls,
              r.info.sweeps);
        CHECK(log.monotone, "%s max_sweeps = %d: progress sweeps/seconds not 1, 2, 3, ... increasing", pr, maxs);
        CHECK(log.counts_ok && log.big == r.info.big && log.all == r.info.all,
              "%s max_sweeps = %d: progress counts (big %llu, all %llu) disagree with info (%llu, %llu)", pr, maxs, log.big,
              log.all, r.info.big, r.info.all);
        if (r.st == HZGSVD_ERR_NO_CONVERGENCE || r.st == HZGSVD_SUCCESS) {
            const ef_quality q = ef_assess(&r, F, G);
            CHECK(q.finite, "%s max_sweeps = %d: outputs not finite", pr, maxs);
            CHECK(q.descending, "%s max_sweeps = %d: sigma not descending (outputs not finalised)", pr, maxs);
            CHECK(q.norm1 <= B_NORM1, "%s max_sweeps = %d: |sf^2+sg^2-1| = %.3e > %.3e", pr, maxs, q.norm1, B_NORM1);
            CHECK(q.resid_f <= B_RESID(n) && q.resid_g <= B_RESID(n), "%s max_sweeps = %d: residuals %.3e %.3e > %.3e", pr, maxs,
                  q.resid_f, q.resid_g, B_RESID(n));
            printf("  %s max_sweeps = %2d -> %d after %d sweeps, %d progress calls; residuals %.2e %.2e, "
                   "|sf^2+sg^2-1| %.2e, orthogonality %.2e\n",
                   pr, maxs, (int)r.st, r.info.sweeps, log.calls, q.resid_f, q.resid_g, q.norm1, q.orth_u);
        }
        ef_run_free(&r);
    }
    /* info NULL on an error: no crash, same status */
    const hzgsvd_status st = ef_gsvd(cplx, M_F, M_G, 0, F, M_F, G, M_G, NULL, 1, NULL, NULL, NULL, NULL, NULL);
    CHECK(st == HZGSVD_ERR_N_LESS_THAN_ONE, "%s n = 0 with info NULL: status %d", pr, (int)st);
    free(F);
    free(G);
}

/* ---- options.cancel ---------------------------------------------------------------------------------- */
typedef struct cancel_at {
    int sweep, calls;                /* the callback sets flag after this sweep (0: never) */
    volatile int flag;
} cancel_at;

static void cancel_progress(const hzgsvd_progress *p, void *user)
{
    cancel_at *c = (cancel_at *)user;
    ++c->calls;
    if (p->sweep == c->sweep) c->flag = 1;
}

/* The flag set by the callback after sweep k stops the run there with HZGSVD_ERR_CANCELLED (no
 * outputs, info.sweeps = k); a flag set before the call stops after sweep 1; a flag set on the
 * converging sweep does not turn a finished run into an error; a zero flag changes nothing. */
static void test_cancel(tu_rng *rng, int cplx)
{
    const char *pr = cplx ? "z" : "d";
    const int m_f = 21, m_g = 19, n = 16;
    double *F = ef_new(ef_size(cplx, m_f, n)), *G = ef_new(ef_size(cplx, m_g, n));
    ef_randmat(rng, cplx, m_f, n, F, m_f);
    ef_randmat(rng, cplx, m_g, n, G, m_g);
    hzgsvd_options o = hzgsvd_default_options();
    o.block_width = 4;
    ef_run full = ef_solve(cplx, m_f, m_g, n, F, G, &o);
    const int sweeps = full.info.sweeps;
    CHECK(full.st == HZGSVD_SUCCESS && sweeps >= 3, "%s cancel: reference run status %d, %d sweeps (needs >= 3)", pr,
          (int)full.st, sweeps);
    for (int at = 0; at <= sweeps; ++at) {
        cancel_at c;
        c.sweep = at; c.calls = 0; c.flag = 0;
        o.progress = cancel_progress;
        o.progress_user = &c;
        o.cancel = &c.flag;
        ef_run r = ef_solve(cplx, m_f, m_g, n, F, G, &o);
        if (at == 0 || at == sweeps) {   /* never set, or set on the converging sweep: the full run, bitwise */
            CHECK(r.st == HZGSVD_SUCCESS && r.info.sweeps == sweeps && r.info.outputs_written == 1 &&
                  memcmp(r.Z, full.Z, sizeof(double) * ef_size(cplx, n, n)) == 0,
                  "%s cancel at %d of %d: status %d (%s), %d sweeps, Z %s", pr, at, sweeps, (int)r.st, r.info.detail,
                  r.info.sweeps, memcmp(r.Z, full.Z, sizeof(double) * ef_size(cplx, n, n)) ? "differs" : "equal");
        } else {
            char want[64];
            snprintf(want, sizeof want, "after sweep %d", at);
            CHECK(r.st == HZGSVD_ERR_CANCELLED && r.info.sweeps == at && c.calls == at && r.info.outputs_written == 0 &&
                  strstr(r.info.detail, want) != NULL,
                  "%s cancel at %d: status %d (%s), info.sweeps %d, %d callbacks, outputs_written %d", pr, at, (int)r.st,
                  r.info.detail, r.info.sweeps, c.calls, r.info.outputs_written);
        }
        ef_run_free(&r);
    }
    /* set before the call, no callback: one sweep */
    volatile int preset = 1;
    o.progress = NULL;
    o.progress_user = NULL;
    o.cancel = &preset;
    ef_run r = ef_solve(cplx, m_f, m_g, n, F, G, &o);
    CHECK(r.st == HZGSVD_ERR_CANCELLED && r.info.sweeps == 1, "%s cancel preset: status %d, %d sweeps", pr, (int)r.st,
          r.info.sweeps);
    ef_run_free(&r);
    ef_run_free(&full);
    free(F);
    free(G);
}

int main(void)
{
    tu_start("test_engine_errors");
    tu_rng rng = {0xe77u};
    test_status_strings();
    for (int cplx = 0; cplx <= 1; ++cplx) {
        test_values(&rng, cplx);
        test_arguments(&rng, cplx);
        test_sweeps(&rng, cplx);
        test_cancel(&rng, cplx);
    }
    return tu_finish();
}
