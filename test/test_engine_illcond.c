/* test_engine_illcond -- ill-conditioned pivot blocks (docs/NUMERICS.md, "Ill-conditioned pivot
 * blocks"): the block width is a speed knob, never an accuracy or a rank decision.  On dense pairs
 * with F or G of condition up to 1e13 (real and complex; n = 8, 20, 40) the default configuration
 * accepts every pair that the pointwise path (block_width 1) accepts, and the LAPACK-style residual
 * ||A z_j - u_j s_j||_1 / (max(m, n) ||A||_1 ||Z||_1 u) of every column stays below LAPACK's
 * threshold for its own GSVD, 20. */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "test/testutil.h"
#include "test/engine_fixtures.h"
#include "test/illcond_pairs.h"

int main(void)
{
    tu_start("test_engine_illcond");
    tu_rng rng = {0x5eed1213u};
    static const int ns[] = {8, 20, 40};
    int pairs = 0, both = 0, refused_w1 = 0;
    double worst = 0.0;
    for (int cplx = 0; cplx < 2; ++cplx)
        for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ++ni)
            for (int ki = 0; ki < ILLCOND_KINDS; ++ki)
                for (int rep = 0; rep < 2; ++rep) {
                    const illcond_kind *kd = &illcond_kinds[ki];
                    const int n = ns[ni];
                    int m_f, m_g;
                    double *F, *G;
                    illcond_pair(&rng, cplx, n, kd, &m_f, &m_g, &F, &G);
                    hzgsvd_options w1 = hzgsvd_default_options();
                    w1.block_width = 1;
                    w1.preprocess = 0;   /* the pointwise engine itself, not rerouted by the default's U/V check */
                    ef_run a = ef_solve(cplx, m_f, m_g, n, F, G, NULL);
                    ef_run b = ef_solve(cplx, m_f, m_g, n, F, G, &w1);
                    char what[160];
                    snprintf(what, sizeof what, "%s n=%d %s #%d", cplx ? "z" : "d", n, kd->name, rep);
                    ++pairs;
                    refused_w1 += b.st != HZGSVD_SUCCESS;
                    const double res = illcond_check(what, cplx, m_f, m_g, n, F, G, a.st, a.info.detail, a.U, a.V, a.Z, a.sf, a.sg, b.st);
                    if (res > worst) worst = res;
                    both += a.st == HZGSVD_SUCCESS && b.st == HZGSVD_SUCCESS;
                    ef_run_free(&a); ef_run_free(&b);
                    free(F); free(G);
                }
    printf("  %d pairs (conditions up to 1e13): %d accepted by both paths, %d not by block_width 1; worst default residual %.3g (< %g)\n",
           pairs, both, refused_w1, worst, B_LAPACK_RESID);
    return tu_finish();
}
