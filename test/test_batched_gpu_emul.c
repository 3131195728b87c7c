/* test_batched_gpu_emul: the batched GPU kernels' per-pair arithmetic on the host.
 *
 * templates/hzgsvd_batched_pair.h is the one source of the kernels' arithmetic: on the host its
 * warp functions play every lane with the same butterflies, so hzgsvd__bat_solve run here (one warp,
 * barriers empty) computes what one thread block computes on the GPU, bit for bit but for hypot
 * (the kernels add only the copies in and out).  Both sweeps: the slot sweep (n <= 16, the driver's
 * choice for a pair in shared memory: a slot's G lanes and their butterfly) and the three-phase one
 * (the pivots' sums into the shared area, each pivot's 2x2 transformation once, their application;
 * the host's butterfly standing for the device's recursive halving), n <= 16 through both; the
 * phases over columns in the column layout (an item's L lanes).  The host plays the arithmetic in
 * the device's order, not the device's lane indexing (the GPU tests check that); the device's
 * spread of a three-phase step over several warps and math warps, played warp by warp, gives the
 * one-warp run's bits.  This checks the math before any device run: known-sigma pairs
 * (cond X = 100; real and complex; n = 1, odd n, m_f != m_g, n = 64 at m = 128 and at 256 x 200)
 * against the reference engine (long double) on the same rounded pair (B_REF: a few ulps), the exact
 * sigma of the unrounded pair (as close as the reference engine's, or 1e-14) and the CPU engine's
 * one-pair call (B_AGREE, or as close as the CPU engine is to the reference: on tall pairs the CPU
 * engine is off the reference by up to 1e-13, the batched kernel by 3e-16), residuals
 * ||F Z - U diag(sigma_f)|| and the same for G, variants 0, 2 (per-step rescaling) and 4 (criterion
 * C2), sorting off, the MM strategy; and the verdicts of a NaN pair, a zero column, a pair scaled
 * beyond the kernel's range and a rank-deficient pair (handed to the one-pair path, never a silent
 * wrong answer).  The own batched start (templates/hzgsvd_batched_start.h, n = 1 ... 32): Z0 makes
 * (G Z0)^H G Z0 = I and (F Z0)^H F Z0 diagonal, descending; the kernel's solve from (F Z0, G Z0)
 * takes at most 3 sweeps with sigma as close to the reference engine's; its verdicts on a NaN in F
 * and a zero column of G. */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "hzgsvd_ref.h"
#include "test/testutil.h"
#include "test/engine_fixtures.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* sigma against the reference engine on the same (rounded) pair: a few ulps (measured <= 3e-16) */
#define B_REF 2e-15

static int cmp_desc(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x < y) - (x > y);
}

/* 2: the stop rule as after a batched preconditioned start (two sweeps at the least); 1 otherwise. */
static int emu_min_sweeps = 1;

/* 1: the three-phase sweep for every pair (the device's kernel for pairs beyond shared memory);
 * 0: the slot sweep where nn <= 16, as the driver picks for a pair in shared memory. */
static int emu_three_phase = 0;

/* every n <= 16 through the slot sweep, tall pairs too (the driver takes it up to 20 KB a
 * working pair, hzgsvd__bat_slot_fits), and again through the three-phase one (emu_three_phase) */
static int emu_slot_sweep(int nn) { return !emu_three_phase && nn <= HZGSVD__BAT_SLOTS_MAX_NN; }

/* A working pair in split planes with its storage. */
typedef struct emu {
    hzgsvd__bat_pair P;
    double *mem;
    size_t doubles;   /* of mem: the planes with their padding */
} emu;

/* The planes padded as the device's for the sweep slot (hzgsvd__bat_plane_ld; u = 16: none), the
 * padding NaN (emu_padding_intact: no phase writes it). */
static emu emu_load_u(int u, int cplx, int m_f, int m_g, int n, const double *F, const double *G)
{
    emu e;
    e.P.lf = hzgsvd__bat_plane_ld(m_f, u); e.P.lg = hzgsvd__bat_plane_ld(m_g, u); e.P.lz = hzgsvd__bat_plane_ld(n, u);
    const size_t nf = (size_t)e.P.lf * n, ng = (size_t)e.P.lg * n, nz = (size_t)e.P.lz * n;
    const int es = cplx ? 2 : 1;
    e.doubles = (size_t)es * (nf + ng + nz);
    e.mem = (double *)malloc(sizeof(double) * e.doubles);
    for (size_t k = 0; k < e.doubles; ++k) e.mem[k] = NAN;
    double *b = e.mem;
    e.P.mf = m_f; e.P.mg = m_g; e.P.n = n; e.P.cplx = cplx;
    e.P.F[0] = b; e.P.F[1] = cplx ? b + nf : NULL; b += es * nf;
    e.P.G[0] = b; e.P.G[1] = cplx ? b + ng : NULL; b += es * ng;
    e.P.Z[0] = b; e.P.Z[1] = cplx ? b + nz : NULL;
    e.P.F0 = F; e.P.G0 = G; e.P.ldf0 = m_f; e.P.ldg0 = m_g; e.P.min_sweeps = emu_min_sweeps;
    for (int j = 0; j < n; ++j)
        for (int v = 0; v < es; ++v) {
            for (int r = 0; r < m_f; ++r) e.P.F[v][(size_t)j * e.P.lf + r] = F[es * ((size_t)j * m_f + r) + v];
            for (int r = 0; r < m_g; ++r) e.P.G[v][(size_t)j * e.P.lg + r] = G[es * ((size_t)j * m_g + r) + v];
        }
    return e;
}

/* The device's layout for the sweep emu_solve plays. */
static emu emu_load(int cplx, int m_f, int m_g, int n, const double *F, const double *G)
{
    return emu_load_u(hzgsvd__bat_pad_lanes(n, emu_slot_sweep(hzgsvd__bat_order(n))), cplx, m_f, m_g, n, F, G);
}

/* Whether every padding entry of e's planes is still NaN. */
static int emu_padding_intact(const emu *e)
{
    const hzgsvd__bat_pair *P = &e->P;
    double *const *X[3] = { P->F, P->G, P->Z };
    const int rows[3] = { P->mf, P->mg, P->n }, ld[3] = { P->lf, P->lg, P->lz };
    for (int x = 0; x < 3; ++x)
        for (int v = 0; v <= P->cplx; ++v)
            for (int j = 0; j < P->n; ++j)
                for (int r = rows[x]; r < ld[x]; ++r)
                    if (!isnan(X[x][v][(size_t)j * ld[x] + r])) return 0;
    return 1;
}

/* Whether a and b (any leading dimensions) hold the same bits in their planes' rows. */
static int emu_same_planes(const emu *a, const emu *b)
{
    double *const *X[3] = { a->P.F, a->P.G, a->P.Z }, *const *Y[3] = { b->P.F, b->P.G, b->P.Z };
    const int rows[3] = { a->P.mf, a->P.mg, a->P.n }, la[3] = { a->P.lf, a->P.lg, a->P.lz }, lb[3] = { b->P.lf, b->P.lg, b->P.lz };
    for (int x = 0; x < 3; ++x)
        for (int v = 0; v <= a->P.cplx; ++v)
            for (int j = 0; j < a->P.n; ++j)
                if (memcmp(X[x][v] + (size_t)j * la[x], Y[x][v] + (size_t)j * lb[x], sizeof(double) * (size_t)rows[x]) != 0) return 0;
    return 1;
}


/* The solve as the kernel runs it (one warp on the host). */
static int emu_solve(emu *e, const hzgsvd_options *o, hzgsvd__bat_shared *sh, hzgsvd__bat_result *res, int *table)
{
    hzgsvd__bat_opts bo;
    const int n = e->P.n, mx = e->P.mf > e->P.mg ? e->P.mf : e->P.mg;
    bo.nn = hzgsvd__bat_order(n);
    bo.steps = hzgsvd__strategy_nsteps(o->inner, bo.nn);
    hzgsvd__strategy_fill(o->inner, bo.nn, table);
    bo.table = table; bo.variant = o->variant; bo.sort = o->sort; bo.max_sweeps = o->max_sweeps; bo.refine = o->refine_sigma != 0;
    bo.tol = hzgsvd__ortho_tol(mx > 2 ? mx : 2);
    bo.mwarps = 1;   /* the host is one warp: its lanes take every pivot's 2x2 math */
    bo.slot_sweep = emu_slot_sweep(bo.nn);
    bo.col_lanes = hzgsvd__bat_col_lanes(n, bo.slot_sweep);
    static hzgsvd__bat_pivots piv;
    return hzgsvd__bat_solve(&e->P, &bo, sh, &piv, 0, 1, 0, res);
}

/* Element (r, c) of working column j of planes X (leading dimension ld) as (re, im). */
static double pl_re(double *const X[2], int ld, int r, int j) { return X[0][(size_t)j * ld + r]; }
static double pl_im(double *const X[2], int ld, int r, int j) { return X[1] ? X[1][(size_t)j * ld + r] : 0.0; }

/* ||Y0 z_c - u_c s_c|| / (||Y0||_F ||z_c||) over the output columns (Y0 the input, m x n interleaved). */
static double residual(int cplx, int m, int n, const double *Y0, double *const U[2], int ldu, double *const Z[2], int ldz, const int *order,
                       const double *s)
{
    double worst = 0.0, ny = 0.0;
    for (size_t k = 0; k < (size_t)m * n * (cplx ? 2 : 1); ++k) ny += Y0[k] * Y0[k];
    ny = sqrt(ny);
    for (int c = 0; c < n; ++c) {
        const int j = order[c];
        double num = 0.0, nz = 0.0;
        for (int k = 0; k < n; ++k) nz += pl_re(Z, ldz, k, j) * pl_re(Z, ldz, k, j) + pl_im(Z, ldz, k, j) * pl_im(Z, ldz, k, j);
        for (int r = 0; r < m; ++r) {
            long double ar = 0.0L, ai = 0.0L;
            for (int k = 0; k < n; ++k) {
                const long double yr = ef_re(cplx, Y0, m, r, k), yi = ef_im(cplx, Y0, m, r, k);
                const long double zr = pl_re(Z, ldz, k, j), zi = pl_im(Z, ldz, k, j);
                ar += yr * zr - yi * zi; ai += yr * zi + yi * zr;
            }
            ar -= (long double)pl_re(U, ldu, r, j) * s[j]; ai -= (long double)pl_im(U, ldu, r, j) * s[j];
            num += (double)(ar * ar + ai * ai);
        }
        const double rel = sqrt(num) / (ny * sqrt(nz));
        worst = rel > worst ? rel : worst;
    }
    return worst;
}

/* sigma of the (rounded) pair by the reference engine (x87 long double), descending. */
static long double *ref_sigma(int cplx, int m_f, int m_g, int n, const double *F, const double *G, const hzgsvd_options *o)
{
    const int es = cplx ? 2 : 1;
    long double *F2 = (long double *)malloc(sizeof(long double) * es * m_f * n), *G2 = (long double *)malloc(sizeof(long double) * es * m_g * n);
    long double *Z2 = (long double *)malloc(sizeof(long double) * es * n * n), *s2 = (long double *)malloc(sizeof(long double) * n);
    for (int k = 0; k < es * m_f * n; ++k) F2[k] = F[k];
    for (int k = 0; k < es * m_g * n; ++k) G2[k] = G[k];
    hzgsvd_options ro = *o;
    ro.sort = 1;
    const hzgsvd_status st = cplx ? hzgsvd_ref_zgsvd(m_f, m_g, n, F2, m_f, G2, m_g, Z2, n, NULL, NULL, s2, &ro, NULL)
                                  : hzgsvd_ref_dgsvd(m_f, m_g, n, F2, m_f, G2, m_g, Z2, n, NULL, NULL, s2, &ro, NULL);
    CHECK(st == HZGSVD_SUCCESS, "the reference engine: status %d", (int)st);
    free(F2); free(G2); free(Z2);
    return s2;
}

/* One known-sigma pair through the emulated kernel and the CPU engine. */
static void case_known(tu_rng *rng, int cplx, int m_f, int m_g, int n, int variant, int sort, hzgsvd_strategy inner)
{
    const int es = cplx ? 2 : 1;
    double *F = ef_new((size_t)es * m_f * n), *G = ef_new((size_t)es * m_g * n);
    long double *exact = (long double *)malloc(sizeof(long double) * n);
    ef_known_pair(rng, cplx, m_f, m_g, n, 1e-2, 1e2, 100.0, F, G, exact);
    ef_sort_desc_ld(exact, n);
    hzgsvd_options o = hzgsvd_default_options();
    o.variant = variant; o.sort = sort; o.inner = inner;
    emu e = emu_load(cplx, m_f, m_g, n, F, G), e2 = emu_load(cplx, m_f, m_g, n, F, G);
    hzgsvd__bat_shared sh, sh2;
    hzgsvd__bat_result res, res2;
    int table[HZGSVD__BAT_MAX_N * HZGSVD__BAT_MAX_N];
    const int v = emu_solve(&e, &o, &sh, &res, table);
    CHECK(v == HZGSVD__BAT_OK, "%s %dx%d/%dx%d variant %d: verdict %d (sweeps %d)", cplx ? "z" : "d", m_f, n, m_g, n, variant, v, res.sweeps);
    CHECK(res.sweeps >= emu_min_sweeps, "%s %dx%d/%dx%d: %d sweeps, at least %d asked", cplx ? "z" : "d", m_f, n, m_g, n, res.sweeps, emu_min_sweeps);
    if (v != HZGSVD__BAT_OK) goto out;
    {   /* sigma against the exact values (sorted copies: with sort off the order is the engine's) */
        double s[HZGSVD__BAT_MAX_N], worst = 0.0;
        for (int c = 0; c < n; ++c) s[c] = sh.ss[sh.order[c]];
        if (!sort) qsort(s, (size_t)n, sizeof s[0], cmp_desc);
        for (int c = 0; c < n; ++c) {
            const double rel = (double)fabsl((s[c] - exact[c]) / exact[c]);
            worst = rel > worst ? rel : worst;
            if (sort && c > 0) CHECK(s[c] <= s[c - 1], "sigma not descending at %d", c);
        }

        /* against the CPU engine's one-pair call */
        double *F1 = ef_dup(F, (size_t)es * m_f * n), *G1 = ef_dup(G, (size_t)es * m_g * n), *Z1 = ef_new((size_t)es * n * n);
        double *s1 = ef_new((size_t)n);
        const hzgsvd_status st = cplx ? hzgsvd_cpu_zgsvd(m_f, m_g, n, F1, m_f, G1, m_g, Z1, n, NULL, NULL, s1, &o, NULL)
                                      : hzgsvd_cpu_dgsvd(m_f, m_g, n, F1, m_f, G1, m_g, Z1, n, NULL, NULL, s1, &o, NULL);
        double agree = 0.0, cpu_err = 0.0, ref_err = 0.0, vs_ref = 0.0, cpu_vs_ref = 0.0;
        if (!sort) qsort(s1, (size_t)n, sizeof s1[0], cmp_desc);
        long double *sr = ref_sigma(cplx, m_f, m_g, n, F, G, &o);
        for (int c = 0; c < n; ++c) {
            agree = fmax(agree, fabs(s[c] - s1[c]) / s1[c]);
            cpu_err = fmax(cpu_err, (double)fabsl((s1[c] - exact[c]) / exact[c]));
            ref_err = fmax(ref_err, (double)fabsl((sr[c] - exact[c]) / exact[c]));
            vs_ref = fmax(vs_ref, (double)fabsl((s[c] - sr[c]) / sr[c]));
            cpu_vs_ref = fmax(cpu_vs_ref, (double)fabsl((s1[c] - sr[c]) / sr[c]));
        }
        free(sr);
        /* the exact sigma are those of the pair before its entries were rounded: that rounding alone
         * moves sigma by up to ~3.5e-14 here, for every engine alike; the reference engine (long
         * double) on the rounded pair is the yardstick */
        CHECK(vs_ref <= B_REF, "%s %dx%d/%dx%d variant %d: sigma vs the reference engine %.3g > %.3g", cplx ? "z" : "d", m_f, n, m_g, n, variant, vs_ref, B_REF);
        CHECK(worst <= fmax(1e-14, ref_err + B_REF), "%s %dx%d/%dx%d variant %d: sigma vs exact %.3g > max(1e-14, the reference engine's %.3g + %.1g)",
              cplx ? "z" : "d", m_f, n, m_g, n, variant, worst, ref_err, B_REF);
        CHECK(st == HZGSVD_SUCCESS && agree <= fmax(B_AGREE(n), cpu_vs_ref + B_REF),
              "%s %dx%d/%dx%d: against the CPU engine: status %d, sigma max rel diff %.3g (the CPU engine vs the reference %.3g)", cplx ? "z" : "d", m_f, n,
              m_g, n, (int)st, agree, cpu_vs_ref);
        if (getenv("EMUL_VERBOSE"))
            printf("%s %dx%d/%dx%d v%d: sigma vs exact %.3g (reference engine %.3g, CPU engine %.3g), vs the reference %.3g (CPU %.3g), vs CPU %.3g, sweeps %d\n",
                   cplx ? "z" : "d", m_f, n, m_g, n, variant, worst, ref_err, cpu_err, vs_ref, cpu_vs_ref, agree, res.sweeps);
        free(F1); free(G1); free(Z1); free(s1);
        const double rf = residual(cplx, m_f, n, F, e.P.F, e.P.lf, e.P.Z, e.P.lz, sh.order, sh.sf);
        const double rg = residual(cplx, m_g, n, G, e.P.G, e.P.lg, e.P.Z, e.P.lz, sh.order, sh.sg);
        CHECK(rf <= 1e-14 && rg <= 1e-14, "%s %dx%d/%dx%d: residuals %.3g (F), %.3g (G)", cplx ? "z" : "d", m_f, n, m_g, n, rf, rg);
    }
    {   /* two runs: the same bits; unpadded planes: the same bits too (the padding is storage only) */
        emu_solve(&e2, &o, &sh2, &res2, table);
        CHECK(memcmp(e.mem, e2.mem, sizeof(double) * e.doubles) == 0 && memcmp(sh.ss, sh2.ss, sizeof(double) * n) == 0, "two runs differ");
        CHECK(emu_padding_intact(&e), "%s %dx%d/%dx%d: a padding entry written", cplx ? "z" : "d", m_f, n, m_g, n);
        emu e3 = emu_load_u(16, cplx, m_f, m_g, n, F, G);
        hzgsvd__bat_shared sh3;
        hzgsvd__bat_result res3;
        emu_solve(&e3, &o, &sh3, &res3, table);
        CHECK(emu_same_planes(&e, &e3) && memcmp(sh.ss, sh3.ss, sizeof(double) * n) == 0 && memcmp(sh.sf, sh3.sf, sizeof(double) * n) == 0
                  && memcmp(sh.sg, sh3.sg, sizeof(double) * n) == 0 && memcmp(sh.order, sh3.order, sizeof(int) * n) == 0,
              "%s %dx%d/%dx%d: padded and unpadded planes give other bits", cplx ? "z" : "d", m_f, n, m_g, n);
        free(e3.mem);
    }
out:
    free(F); free(G); free(exact); free(e.mem); free(e2.mem);
}

/* The device spreads a step's pivots over nwarps warps (sums, application) and their 2x2 math over
 * the lanes of mwarps warps; the host plays one warp.  Here the host plays the warps one after the
 * other, phase by phase as the barriers order them, and a few sweeps must give the one-warp run's
 * bits and counts: every pivot taken exactly once, whatever the shape. */
static void case_warps(tu_rng *rng, int cplx, int m_f, int m_g, int n, int nwarps, int mwarps)
{
    const int es = cplx ? 2 : 1;
    double *F = ef_new((size_t)es * m_f * n), *G = ef_new((size_t)es * m_g * n);
    long double *exact = (long double *)malloc(sizeof(long double) * n);
    ef_known_pair(rng, cplx, m_f, m_g, n, 1e-2, 1e2, 100.0, F, G, exact);
    const hzgsvd_options o = hzgsvd_default_options();
    const int u = hzgsvd__bat_pad_lanes(n, 0);   /* the three-phase kernel's layout */
    emu a = emu_load_u(u, cplx, m_f, m_g, n, F, G), b = emu_load_u(u, cplx, m_f, m_g, n, F, G);
    static hzgsvd__bat_shared sa;
    static hzgsvd__bat_pivots pa, pb;
    hzgsvd__bat_result res;
    int table[HZGSVD__BAT_MAX_N * HZGSVD__BAT_MAX_N];
    emu_solve(&a, &o, &sa, &res, table);   /* fills table; the runs below start from fresh copies */
    free(a.mem);
    a = emu_load_u(u, cplx, m_f, m_g, n, F, G);
    hzgsvd__bat_opts bo;
    bo.nn = hzgsvd__bat_order(n);
    bo.steps = hzgsvd__strategy_nsteps(o.inner, bo.nn);
    bo.table = table; bo.variant = o.variant; bo.sort = o.sort; bo.max_sweeps = o.max_sweeps; bo.refine = 0;
    bo.tol = hzgsvd__ortho_tol((m_f > m_g ? m_f : m_g) > 2 ? (m_f > m_g ? m_f : m_g) : 2);
    bo.slot_sweep = 0;
    bo.col_lanes = hzgsvd__bat_col_lanes(n, 0);
    hzgsvd__bat_normalize(&a.P, 1, 1, bo.col_lanes, 0, 1, 0);
    hzgsvd__bat_normalize(&b.P, 1, 1, bo.col_lanes, 0, 1, 0);
    int same = 1;
    unsigned long long all_a = 0, all_b = 0, big_a = 0, big_b = 0;
    for (int sweep = 0; sweep < 3; ++sweep) {
        bo.mwarps = 1;
        hzgsvd__bat_sweep(&a.P, &bo, &sa, &pa, 0, 1, 0);
        all_a += sa.wall[0]; big_a += sa.wbig[0];
        bo.mwarps = mwarps;
        hzgsvd__bat_count c[HZGSVD__BAT_MAX_WARPS];
        memset(c, 0, sizeof c);
        for (int step = 0; step < bo.steps; ++step) {
            const int *pq = bo.table + (size_t)step * bo.nn, npiv = bo.nn / 2;
            for (int w = 0; w < nwarps; ++w) hzgsvd__bat_step_sums(&b.P, pq, npiv, &pb, w, nwarps, 0);
            for (int w = 0; w < nwarps; ++w) hzgsvd__bat_step_math(&b.P, pq, npiv, &bo, &pb, w, 0, &c[w]);
            for (int w = 0; w < nwarps; ++w) hzgsvd__bat_step_apply(&b.P, pq, npiv, &bo, &pb, w, nwarps, 0);
        }
        for (int w = 0; w < nwarps; ++w) { all_b += c[w].all; big_b += c[w].big; }
        same &= memcmp(a.mem, b.mem, sizeof(double) * a.doubles) == 0;
    }
    CHECK(same && all_a == all_b && big_a == big_b && all_a > 0, "%s %dx%d/%dx%d, %d warps, %d math warps: not the one-warp run's bits or counts (%llu/%llu, %llu/%llu)",
          cplx ? "z" : "d", m_f, n, m_g, n, nwarps, mwarps, all_a, all_b, big_a, big_b);
    free(F); free(G); free(exact); free(a.mem); free(b.mem);
}

/* Y = X Z0 with Z0's columns reversed (hzgsvd__bat_pre_apply's order: sigma descending), every entry
 * summed in long double and rounded once (ef_gemm; the device's Dot2 sums are as accurate). */
static double *emu_times_z0(int cplx, int m, int n, const double *X, const double *z0)
{
    const size_t col = (size_t)(cplx ? 2 : 1) * n;
    double *Y = ef_new(ef_size(cplx, m, n)), *zr = ef_new(ef_size(cplx, n, n));
    for (int j = 0; j < n; ++j) memcpy(zr + col * j, z0 + col * (n - 1 - j), sizeof(double) * col);
    ef_gemm(cplx, 0, m, n, n, X, m, zr, n, Y, m);
    free(zr);
    return Y;
}

/* The own batched start (templates/hzgsvd_batched_start.h) on a known-sigma pair, then the kernel's
 * solve from F Z0, G Z0 as after the device's start (two sweeps at the least): Z0^H G^H G Z0 = I and
 * Z0^H F^H F Z0 diagonal, ascending; the solve takes at most 3 sweeps (2 expected: the start is
 * good) and its sigma are within 1e-14 of the exact ones; a second run gives the same bits; a NaN
 * in F makes eig 1, a zero column j of G makes chol j + 1. */
static void case_start(tu_rng *rng, int cplx, int m_f, int m_g, int n)
{
    const int es = cplx ? 2 : 1;
    double *F = ef_new((size_t)es * m_f * n), *G = ef_new((size_t)es * m_g * n), *z0 = ef_new((size_t)es * n * n), *z0b = ef_new((size_t)es * n * n);
    double *sm = ef_new(hzgsvd__bat_start_doubles(n, cplx));
    long double *exact = (long double *)malloc(sizeof(long double) * n);
    ef_known_pair(rng, cplx, m_f, m_g, n, 1e-2, 1e2, 100.0, F, G, exact);
    ef_sort_desc_ld(exact, n);
    int chol, eig, sweeps, chol2, eig2, sweeps2;
    hzgsvd__bat_start_pair(sm, cplx, n, F, m_f, m_f, G, m_g, m_g, z0, 0, 1, &chol, &eig, &sweeps);
    hzgsvd__bat_start_pair(sm, cplx, n, F, m_f, m_f, G, m_g, m_g, z0b, 0, 1, &chol2, &eig2, &sweeps2);
    CHECK(chol == 0 && eig == 0 && sweeps < HZGSVD__BAT_START_SWEEPS, "%s %dx%d/%dx%d: the start: chol %d eig %d after %d Jacobi sweeps", cplx ? "z" : "d", m_f, n,
          m_g, n, chol, eig, sweeps);
    CHECK(memcmp(z0, z0b, sizeof(double) * es * n * n) == 0 && sweeps == sweeps2, "the start twice: other bits");
    if (chol || eig) goto out;
    double *F1 = emu_times_z0(cplx, m_f, n, F, z0), *G1 = emu_times_z0(cplx, m_g, n, G, z0);
    {   /* the start's quality: (G Z0)^H G Z0 = I, (F Z0)^H F Z0 diagonal, descending after the reversal */
        double *FF = ef_new(ef_size(cplx, n, n)), *GG = ef_new(ef_size(cplx, n, n)), offg = 0.0, offf = 0.0, prev = HUGE_VAL;
        int desc = 1;
        ef_gemm(cplx, 1, n, n, m_f, F1, m_f, F1, m_f, FF, n);
        ef_gemm(cplx, 1, n, n, m_g, G1, m_g, G1, m_g, GG, n);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                const double fr = ef_re(cplx, FF, n, i, j), fi = ef_im(cplx, FF, n, i, j), gr = ef_re(cplx, GG, n, i, j), gi = ef_im(cplx, GG, n, i, j);
                if (i == j) { offg = fmax(offg, fabs(gr - 1.0)); desc &= fr <= prev; prev = fr; continue; }
                offg = fmax(offg, hypot(gr, gi));
                offf = fmax(offf, hypot(fr, fi));
            }
        free(FF); free(GG);
        CHECK(offg <= 1e-8 && offf <= 1e-6 && desc, "%s %dx%d/%dx%d: the start: |(G Z0)^H G Z0 - I| %.3g, off((F Z0)^H F Z0) %.3g, descending %d", cplx ? "z" : "d",
              m_f, n, m_g, n, offg, offf, desc);
    }
    {
        hzgsvd_options o = hzgsvd_default_options();
        emu_min_sweeps = 2;
        emu e = emu_load(cplx, m_f, m_g, n, F1, G1);
        emu_min_sweeps = 1;
        static hzgsvd__bat_shared sh;
        hzgsvd__bat_result res;
        int table[HZGSVD__BAT_MAX_N * HZGSVD__BAT_MAX_N];
        const int v = emu_solve(&e, &o, &sh, &res, table);
        long double *sr = ref_sigma(cplx, m_f, m_g, n, F, G, &o);
        double worst = 0.0, ref_err = 0.0, vs_ref = 0.0;
        for (int c = 0; v == HZGSVD__BAT_OK && c < n; ++c) {
            worst = fmax(worst, (double)fabsl((sh.ss[sh.order[c]] - exact[c]) / exact[c]));
            ref_err = fmax(ref_err, (double)fabsl((sr[c] - exact[c]) / exact[c]));
            vs_ref = fmax(vs_ref, (double)fabsl((sh.ss[sh.order[c]] - sr[c]) / sr[c]));
        }
        free(sr);
        /* as case_known: the reference engine on the rounded pair is the yardstick; F Z0 and G Z0,
         * rounded once more, move sigma by a few ulps more */
        CHECK(v == HZGSVD__BAT_OK && res.sweeps <= 3 && vs_ref <= 2 * B_REF && worst <= fmax(1e-14, ref_err + 2 * B_REF),
              "%s %dx%d/%dx%d: from the start: verdict %d, %d sweeps, sigma vs the reference engine %.3g, vs exact %.3g (the reference engine's %.3g)",
              cplx ? "z" : "d", m_f, n, m_g, n, v, res.sweeps, vs_ref, worst, ref_err);
        if (getenv("EMUL_VERBOSE"))
            printf("%s %dx%d/%dx%d start: %d Jacobi sweeps, then %d sweeps, sigma vs the reference engine %.3g, vs exact %.3g (the reference engine's %.3g)\n",
                   cplx ? "z" : "d", m_f, n, m_g, n, sweeps, res.sweeps, vs_ref, worst, ref_err);
        free(e.mem);
    }
    free(F1); free(G1);
    {   /* the start's refusals: a NaN in F (an eigenvalue not finite), a zero column of G (no Cholesky factor) */
        const int j = n / 2;
        double *Fb = ef_dup(F, (size_t)es * m_f * n), *Gb = ef_dup(G, (size_t)es * m_g * n);
        Fb[es * ((size_t)j * m_f)] = NAN;
        hzgsvd__bat_start_pair(sm, cplx, n, Fb, m_f, m_f, G, m_g, m_g, z0b, 0, 1, &chol, &eig, &sweeps);
        CHECK(chol == 0 && eig == 1, "%s %dx%d/%dx%d: a NaN in F: chol %d eig %d", cplx ? "z" : "d", m_f, n, m_g, n, chol, eig);
        for (int r = 0; r < es * m_g; ++r) Gb[es * (size_t)j * m_g + r] = 0.0;
        hzgsvd__bat_start_pair(sm, cplx, n, F, m_f, m_f, Gb, m_g, m_g, z0b, 0, 1, &chol, &eig, &sweeps);
        CHECK(chol == j + 1, "%s %dx%d/%dx%d: G's column %d zero: chol %d", cplx ? "z" : "d", m_f, n, m_g, n, j, chol);
        free(Fb); free(Gb);
    }
out:
    free(F); free(G); free(z0); free(z0b); free(sm); free(exact);
}

/* Pairs the kernel must not finish: a NaN (NOT_FINITE, where it is), a zero column, and G with two
 * equal columns (rank deficient: handed on with some verdict, never OK). */
static void case_bad(tu_rng *rng, int cplx)
{
    const int m = 9, n = 5, es = cplx ? 2 : 1;
    double *F = ef_new((size_t)es * m * n), *G = ef_new((size_t)es * m * n);
    int table[HZGSVD__BAT_MAX_N * HZGSVD__BAT_MAX_N];
    hzgsvd__bat_shared sh;
    hzgsvd__bat_result res;
    const hzgsvd_options o = hzgsvd_default_options();
    for (int kind = 0; kind < 4; ++kind) {
        ef_randmat(rng, cplx, m, n, F, m);
        ef_randmat(rng, cplx, m, n, G, m);
        if (kind == 0) G[es * (3 + 2 * m)] = NAN;                       /* G(4,3) */
        if (kind == 1) for (int r = 0; r < es * m; ++r) F[es * 1 * m + r] = 0.0;   /* F's column 2 */
        if (kind == 2) for (int r = 0; r < es * m; ++r) { G[es * 4 * m + r] = G[r]; F[es * 4 * m + r] = F[r]; }
        if (kind == 3) for (int r = 0; r < es * m * n; ++r) F[r] = ldexp(F[r], 200);   /* beyond the kernel's range */
        emu e = emu_load(cplx, m, m, n, F, G);
        const int v = emu_solve(&e, &o, &sh, &res, table);
        if (kind == 0) CHECK(v == HZGSVD__BAT_NOT_FINITE && res.which == 2 && res.where == 3 + 2 * m, "NaN: verdict %d which %d where %d", v, res.which, res.where);
        if (kind == 1) CHECK(v == HZGSVD__BAT_OUT_OF_RANGE, "zero column: verdict %d", v);
        if (kind == 2) CHECK(v != HZGSVD__BAT_OK && v != HZGSVD__BAT_NOT_FINITE, "rank deficient: verdict %d", v);
        if (kind == 3) CHECK(v == HZGSVD__BAT_OUT_OF_RANGE, "F scaled by 2^200: verdict %d", v);
        free(e.mem);
    }
    free(F); free(G);
}

int main(void)
{
    tu_start("test_batched_gpu_emul");
    tu_rng rng = { 34 };
    static const int shapes[][3] = { {3, 2, 1}, {8, 8, 8}, {16, 16, 8}, {10, 7, 5}, {40, 24, 16}, {64, 64, 32}, {128, 128, 64}, {70, 90, 64}, {256, 200, 64} };
    for (int cplx = 0; cplx <= 1; ++cplx)
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s)
            case_known(&rng, cplx, shapes[s][0], shapes[s][1], shapes[s][2], 0, 1, HZGSVD_STRATEGY_ME);
    emu_three_phase = 1;   /* n <= 16 through the three-phase sweep too (the device's for pairs beyond shared memory) */
    for (int cplx = 0; cplx <= 1; ++cplx)
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; ++s)
            if (shapes[s][2] <= HZGSVD__BAT_SLOTS_MAX_NN) case_known(&rng, cplx, shapes[s][0], shapes[s][1], shapes[s][2], 0, 1, HZGSVD_STRATEGY_ME);
    emu_three_phase = 0;
    for (int cplx = 0; cplx <= 1; ++cplx) {
        case_known(&rng, cplx, 20, 14, 9, 2, 1, HZGSVD_STRATEGY_ME);   /* per-step rescaling */
        case_known(&rng, cplx, 20, 14, 9, 4, 1, HZGSVD_STRATEGY_ME);   /* criterion C2 */
        case_known(&rng, cplx, 18, 18, 12, 0, 0, HZGSVD_STRATEGY_ME);  /* sorting off */
        case_known(&rng, cplx, 24, 30, 16, 0, 1, HZGSVD_STRATEGY_MM);  /* the MM strategy */
        emu_min_sweeps = 2;                                              /* two sweeps at the least (the batched start's stop rule) */
        case_known(&rng, cplx, 3, 2, 1, 0, 1, HZGSVD_STRATEGY_ME);      /* n = 1: one sweep would do */
        case_known(&rng, cplx, 16, 16, 8, 0, 1, HZGSVD_STRATEGY_ME);
        emu_min_sweeps = 1;
        case_bad(&rng, cplx);
        static const int shapes_w[][5] = { {32, 32, 16, 2, 1}, {40, 30, 25, 3, 2}, {40, 30, 25, 8, 5}, {128, 100, 64, 8, 8}, {16, 16, 8, 4, 3} };
        for (size_t k = 0; k < sizeof shapes_w / sizeof shapes_w[0]; ++k)
            case_warps(&rng, cplx, shapes_w[k][0], shapes_w[k][1], shapes_w[k][2], shapes_w[k][3], shapes_w[k][4]);
        static const int shapes_s[][3] = { {3, 2, 1}, {4, 4, 2}, {10, 7, 5}, {16, 16, 8}, {20, 18, 9}, {24, 24, 12}, {32, 32, 16}, {40, 24, 16}, {62, 62, 31}, {64, 64, 32},
                                           {300, 100, 32} };   /* both solvers: the warp one (n <= 8, 13 on), the block one (9 <= n <= 12) */
        for (size_t k = 0; k < sizeof shapes_s / sizeof shapes_s[0]; ++k) case_start(&rng, cplx, shapes_s[k][0], shapes_s[k][1], shapes_s[k][2]);
    }
    return tu_finish();
}
