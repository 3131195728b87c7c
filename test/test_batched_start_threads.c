/* test_batched_start_threads: the own batched start's arithmetic (templates/hzgsvd_batched_start.h)
 * played by nt host threads with real barriers, as a thread block plays it on the device, against
 * the one-caller run (nt = 1) bit for bit: Z0, both verdicts and the sweeps, in every thread.  A
 * phase whose items read what another item of the phase writes, a missing barrier, or an item
 * visited twice or never gives other bits (or a hang, which the test runner's timeout reports);
 * so this checks on a machine without a GPU what the GPU test checks against the kernel
 * (test/gpu/test_gpu_batched.cu, case_start_bits).  Shapes: n = 1 ... 32, odd n, m_f != m_g, real
 * and complex, nt = 2, 3, 7, 32, 64; a NaN in F and a zero column of G among the pairs. */
#define _POSIX_C_SOURCE 200809L   /* pthread barriers under -std=c99 */
#include <pthread.h>

static pthread_barrier_t start_bar;
static int start_or_acc;

static void start_barrier(void)
{
    pthread_barrier_wait(&start_bar);
}

/* Whether x is nonzero in any thread, the same answer in all (the device's __syncthreads_or). */
static int start_barrier_or(int x)
{
    if (pthread_barrier_wait(&start_bar) == PTHREAD_BARRIER_SERIAL_THREAD) start_or_acc = 0;
    pthread_barrier_wait(&start_bar);
    if (x) __atomic_fetch_or(&start_or_acc, 1, __ATOMIC_SEQ_CST);
    pthread_barrier_wait(&start_bar);
    const int r = __atomic_load_n(&start_or_acc, __ATOMIC_SEQ_CST);
    pthread_barrier_wait(&start_bar);   /* every thread has read r before the next call resets it */
    return r;
}

#define HZGSVD__BAT_START_BARRIER() start_barrier()
#define HZGSVD__BAT_START_BARRIER_OR(x) start_barrier_or(x)
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_cpu.h"
#include "test/testutil.h"
#include "test/engine_fixtures.h"

#include <stdlib.h>
#include <string.h>

#define MAX_NT 64

/* One pair's start by nt threads on shared memory sh; each thread's verdicts and sweeps. */
typedef struct job {
    double *sh, *z0;
    const double *F, *G;
    int cplx, n, m_f, m_g, tid, nt;
    int chol, eig, sweeps;
} job;

static void *run_thread(void *arg)
{
    job *j = (job *)arg;
    hzgsvd__bat_start_pair(j->sh, j->cplx, j->n, j->F, j->m_f, j->m_f, j->G, j->m_g, j->m_g, j->z0, j->tid, j->nt, &j->chol, &j->eig, &j->sweeps);
    return NULL;
}

/* The start of (F, G) by nt threads into z0 (filled with a sentinel first); 1 where every thread
 * returned the same verdicts and sweeps (into *chol, *eig, *sweeps). */
static int start_by(int nt, int cplx, int n, int m_f, int m_g, const double *F, const double *G, double *z0, int *chol, int *eig, int *sweeps)
{
    const size_t nz = (size_t)(cplx ? 2 : 1) * n * n, nsh = hzgsvd__bat_start_doubles(n, cplx);
    double *sh = ef_new(nsh);
    for (size_t k = 0; k < nsh; ++k) sh[k] = NAN;   /* nothing may be read before it is written */
    for (size_t k = 0; k < nz; ++k) z0[k] = -7.0;
    job jobs[MAX_NT];
    pthread_t th[MAX_NT];
    pthread_barrier_init(&start_bar, NULL, (unsigned)nt);
    for (int t = 0; t < nt; ++t) {
        jobs[t] = (job){ sh, z0, F, G, cplx, n, m_f, m_g, t, nt, -1, -1, -1 };
        if (pthread_create(&th[t], NULL, run_thread, &jobs[t]) != 0) { fprintf(stderr, "pthread_create failed\n"); exit(2); }
    }
    int same = 1;
    for (int t = 0; t < nt; ++t) {
        pthread_join(th[t], NULL);
        same &= jobs[t].chol == jobs[0].chol && jobs[t].eig == jobs[0].eig && jobs[t].sweeps == jobs[0].sweeps;
    }
    pthread_barrier_destroy(&start_bar);
    *chol = jobs[0].chol; *eig = jobs[0].eig; *sweeps = jobs[0].sweeps;
    free(sh);
    return same;
}

/* One shape: a known pair, the same with a NaN in F, the same with a zero column of G; every nt
 * against nt = 1. */
static void case_shape(tu_rng *rng, int cplx, int m_f, int m_g, int n)
{
    static const int nts[] = { 2, 3, 7, 32, 64 };
    const int es = cplx ? 2 : 1;
    const size_t nz = (size_t)es * n * n;
    double *F = ef_new((size_t)es * m_f * n), *G = ef_new((size_t)es * m_g * n), *want = ef_new(nz), *got = ef_new(nz);
    long double *exact = (long double *)malloc(sizeof(long double) * n);
    ef_known_pair(rng, cplx, m_f, m_g, n, 1e-2, 1e2, 100.0, F, G, exact);
    for (int kind = 0; kind < 3; ++kind) {
        double *Fk = ef_dup(F, (size_t)es * m_f * n), *Gk = ef_dup(G, (size_t)es * m_g * n);
        if (kind == 1) Fk[es * ((size_t)(n / 2) * m_f + 1 % m_f)] = NAN;
        if (kind == 2) for (int r = 0; r < es * m_g; ++r) Gk[es * (size_t)(n / 2) * m_g + r] = 0.0;
        int c1, e1, s1;
        start_by(1, cplx, n, m_f, m_g, Fk, Gk, want, &c1, &e1, &s1);
        CHECK(kind != 0 || (c1 == 0 && e1 == 0), "%s %dx%d/%dx%d: the start failed (chol %d, eig %d)", cplx ? "z" : "d", m_f, n, m_g, n, c1, e1);
        CHECK(kind != 1 || (c1 == 0 && e1 == 1), "%s %dx%d/%dx%d, a NaN in F: chol %d, eig %d", cplx ? "z" : "d", m_f, n, m_g, n, c1, e1);
        CHECK(kind != 2 || c1 == n / 2 + 1, "%s %dx%d/%dx%d, G's column %d zero: chol %d", cplx ? "z" : "d", m_f, n, m_g, n, n / 2, c1);
        for (size_t t = 0; t < sizeof nts / sizeof nts[0]; ++t) {
            int c, e, s;
            const int same = start_by(nts[t], cplx, n, m_f, m_g, Fk, Gk, got, &c, &e, &s);
            CHECK(same && c == c1 && e == e1 && s == s1 && memcmp(got, want, sizeof(double) * nz) == 0,
                  "%s %dx%d/%dx%d (pair %d), %d threads: not the one caller's bits (threads agree %d; chol %d/%d, eig %d/%d, sweeps %d/%d)", cplx ? "z" : "d",
                  m_f, n, m_g, n, kind, nts[t], same, c, c1, e, e1, s, s1);
        }
        free(Fk); free(Gk);
    }
    free(F); free(G); free(want); free(got); free(exact);
}

int main(void)
{
    tu_start("test_batched_start_threads");
    tu_rng rng = { 2323 };
    static const int shapes[][3] = { {3, 2, 1}, {6, 5, 3}, {16, 16, 8}, {30, 20, 12}, {24, 40, 16}, {50, 45, 25}, {64, 64, 32} };
    for (int cplx = 0; cplx <= 1; ++cplx)
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; ++k) case_shape(&rng, cplx, shapes[k][0], shapes[k][1], shapes[k][2]);
    return tu_finish();
}
