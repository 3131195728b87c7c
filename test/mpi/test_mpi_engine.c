/* test_mpi_engine: the distributed engine (hzgsvd_mpi.h), run under mpirun with any number of ranks:
 *
 *   mpirun -np P build/test_mpi_engine [--device cpu|gpu] [--quick]
 *
 * (a) real and complex pairs, outermost ME and MM, BO and FB, sizes that need bordering and a
 *     rectangular one: every rank returns success; on the root (after hzgsvd_mpi_xgather) sigma
 *     agrees with the single-process CPU engine on the same pair to B_AGREE (to 1e-14 where GPU
 *     ranks refine sigma, as that engine does; info.sigma_refined says so; refine_sigma = 0 once),
 *     the residuals, the orthogonality and sf^2 + sg^2 = 1 hold to the bounds of test_engine_props,
 *     sigma is descending; out_col numbers every result column exactly once over the ranks;
 * (b) two runs with the same rank count are bitwise identical on every rank;
 * (c) a NaN in one rank's columns, a bad leading dimension on one rank, an exactly rank-deficient G
 *     and max_sweeps = 1: every rank returns the same status (no hang);
 * (d) bad arguments of hzgsvd_mpi_layout_init, _dscatter and _dgather give their statuses, the
 *     collective ones on every rank.
 * Each rank counts its checks; the root prints the total and the exit status is 1 on any failure.
 * The device GPU needs a build by nvcc (one GPU per rank, hzgsvd_mpi_select_gpu). */
#define _POSIX_C_SOURCE 200809L   /* setenv, unsetenv */
#define HZGSVD_IMPLEMENTATION
#include "hzgsvd_mpi.h"
#include "test/engine_fixtures.h"

/* Sigma refined from the input pair on both sides (GPU ranks against the CPU engine): as
 * test_gpu_engine's SIGMA_REFINED_VS_CPU, what is left is the rounding of the split products. */
#define B_SIGMA_REFINED 1e-14

static int rank_ = 0, nranks_ = 1;
static hzgsvd_mpi_device device_ = HZGSVD_MPI_DEVICE_CPU;

/* Everything of one distributed run: the local arrays and, on the root, the gathered result. */
typedef struct dist_run {
    hzgsvd_mpi_layout L;
    double *F, *G, *Z, *sf, *sg, *s;      /* local */
    int *out_col;
    ef_run whole;                        /* the root: gathered U, V, Z, sigmas */
    hzgsvd_status st;
    hzgsvd_info info;
} dist_run;

static void dist_free(dist_run *d)
{
    free(d->F); free(d->G); free(d->Z); free(d->sf); free(d->sg); free(d->s); free(d->out_col);
    ef_run_free(&d->whole);
}

/* Scatter the root's pair, run, gather.  `spoil`: rank nranks - 1 damages its input (1: a NaN in
 * local column 0, 2: ldf = m_f - 1 on that rank only, 3: a NaN in row 3 of G's local column 1 and
 * one in F's local column 3: the columns are checked in parallel, the message must still name the
 * first). */
static dist_run dist_solve(int cplx, int m_f, int m_g, int n, const double *F, const double *G, const hzgsvd_options *o, int spoil)
{
    dist_run d;
    memset(&d, 0, sizeof d);
    hzgsvd_status st = hzgsvd_mpi_layout_init(MPI_COMM_WORLD, device_, m_f, m_g, n, o, &d.L);
    CHECK(st == HZGSVD_SUCCESS, "layout_init: %s", hzgsvd_status_string(st));
    const int nc = d.L.n_local;
    d.F = ef_new(ef_size(cplx, m_f, nc)); d.G = ef_new(ef_size(cplx, m_g, nc)); d.Z = ef_new(ef_size(cplx, n, nc));
    d.sf = ef_new((size_t)nc); d.sg = ef_new((size_t)nc); d.s = ef_new((size_t)nc);
    d.out_col = (int *)calloc((size_t)nc, sizeof(int));
    st = cplx ? hzgsvd_mpi_zscatter(MPI_COMM_WORLD, 0, &d.L, F, m_f, G, m_g, d.F, m_f, d.G, m_g)
              : hzgsvd_mpi_dscatter(MPI_COMM_WORLD, 0, &d.L, F, m_f, G, m_g, d.F, m_f, d.G, m_g);
    CHECK(st == HZGSVD_SUCCESS, "scatter: %s", hzgsvd_status_string(st));
    int ldf = m_f;
    if (rank_ == nranks_ - 1 && spoil == 1) d.F[0] = NAN;
    if (rank_ == nranks_ - 1 && spoil == 2) ldf = m_f - 1;
    if (rank_ == nranks_ - 1 && spoil == 3) {
        d.G[(size_t)(cplx ? 2 : 1) * (2 + (size_t)m_g)] = NAN;
        d.F[(size_t)(cplx ? 2 : 1) * (3 * (size_t)m_f)] = NAN;
    }
    d.st = cplx ? hzgsvd_mpi_zgsvd(MPI_COMM_WORLD, &d.L, d.F, ldf, d.G, m_g, d.Z, n, d.sf, d.sg, d.s, d.out_col, o, &d.info)
                : hzgsvd_mpi_dgsvd(MPI_COMM_WORLD, &d.L, d.F, ldf, d.G, m_g, d.Z, n, d.sf, d.sg, d.s, d.out_col, o, &d.info);
    if (!d.info.outputs_written) return d;      /* the same on every rank: all gather or none */
    ef_run *w = &d.whole;
    w->cplx = cplx; w->m_f = m_f; w->m_g = m_g; w->n = n;
    if (rank_ == 0) {
        w->U = ef_new(ef_size(cplx, m_f, n)); w->V = ef_new(ef_size(cplx, m_g, n)); w->Z = ef_new(ef_size(cplx, n, n));
        w->sf = ef_new((size_t)n); w->sg = ef_new((size_t)n); w->s = ef_new((size_t)n);
    }
    st = cplx ? hzgsvd_mpi_zgather(MPI_COMM_WORLD, 0, &d.L, d.F, m_f, d.G, m_g, d.Z, n, d.sf, d.sg, d.s, d.out_col,
                                   w->U, m_f, w->V, m_g, w->Z, n, w->sf, w->sg, w->s)
              : hzgsvd_mpi_dgather(MPI_COMM_WORLD, 0, &d.L, d.F, m_f, d.G, m_g, d.Z, n, d.sf, d.sg, d.s, d.out_col,
                                   w->U, m_f, w->V, m_g, w->Z, n, w->sf, w->sg, w->s);
    CHECK(st == HZGSVD_SUCCESS, "gather: %s", hzgsvd_status_string(st));
    return d;
}

/* Every result column numbered exactly once over the ranks. */
static void check_out_col(const dist_run *d, const char *what)
{
    const int n = d->L.n;
    int *count = (int *)calloc((size_t)n, sizeof(int)), *total = (int *)calloc((size_t)n, sizeof(int));
    int bad = 0;
    for (int j = 0; j < d->L.n_local; ++j) {
        if (d->out_col[j] >= n) bad = 1;
        else if (d->out_col[j] >= 0) ++count[d->out_col[j]];
    }
    MPI_Allreduce(count, total, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int c = 0; c < n; ++c) bad |= total[c] != 1;
    CHECK(!bad, "%s: out_col does not number the %d result columns once each", what, n);
    free(count); free(total);
}

/* The root's pair, made on the root and broadcast (every rank needs F, G only through scatter). */
static void make_pair(tu_rng *rng, int cplx, int m_f, int m_g, int n, double **F, double **G)
{
    *F = ef_new(ef_size(cplx, m_f, n));
    *G = ef_new(ef_size(cplx, m_g, n));
    if (rank_ == 0) {
        ef_randmat(rng, cplx, m_f, n, *F, m_f);
        ef_randmat(rng, cplx, m_g, n, *G, m_g);
    }
}

static int same_bits(const void *a, const void *b, size_t bytes) { return memcmp(a, b, bytes) == 0; }

/* (a) and (b) for one pair and one configuration. */
static void test_config(int cplx, int m_f, int m_g, int n, const double *F, const double *G, const hzgsvd_options *o,
                        const ef_run *single, const char *what)
{
    dist_run a = dist_solve(cplx, m_f, m_g, n, F, G, o, 0);
    CHECK(a.st == HZGSVD_SUCCESS, "%s: status %s (%s)", what, hzgsvd_status_string(a.st), a.info.detail);
    if (a.st != HZGSVD_SUCCESS) { dist_free(&a); return; }
    check_out_col(&a, what);
    {   /* the exchange accounting: every outermost step moves each rank's two stripes of F, G and Z */
        const unsigned long long bytes = (unsigned long long)a.info.sweeps * hzgsvd_mpi_steps(o->outermost, a.L.nranks) * a.L.nranks
                                         * sizeof(double) * (cplx ? 2 : 1) * 2 * a.L.stripe
                                         * ((unsigned long long)a.L.rows_f + a.L.rows_g + a.L.n_bordered);
        CHECK(a.info.mpi_bytes_moved == bytes, "%s: info.mpi_bytes_moved = %llu, expected %llu", what, a.info.mpi_bytes_moved, bytes);
        CHECK(a.info.mpi_exchange_seconds >= 0.0 && a.info.mpi_exchange_seconds <= a.info.seconds,
              "%s: info.mpi_exchange_seconds = %g outside [0, seconds = %g]", what, a.info.mpi_exchange_seconds, a.info.seconds);
    }
    if (rank_ == 0) {
        const ef_quality q = ef_assess(&a.whole, F, G);
        const double agree = ef_relerr(a.whole.s, single->s, n);
        /* the ranks refine sigma from the input pair as the single-process CPU engine does */
        const int refined = o->refine_sigma != 0;
        const double bound = refined ? B_SIGMA_REFINED : B_AGREE(n);
        CHECK(a.info.sigma_refined == refined, "%s: info.sigma_refined = %d, expected %d", what, a.info.sigma_refined, refined);
        CHECK(agree <= bound, "%s: sigma vs the single-process engine %.3e > %.3e", what, agree, bound);
        CHECK(q.finite && q.descending, "%s: outputs not finite or sigma not descending", what);
        CHECK(q.norm1 <= B_NORM1 && q.ratio <= B_RATIO, "%s: |sf^2+sg^2-1| = %.3e, ratio %.3e", what, q.norm1, q.ratio);
        CHECK(q.resid_f <= B_RESID(n) && q.resid_g <= B_RESID(n), "%s: residuals %.3e, %.3e > %.3e", what, q.resid_f, q.resid_g, B_RESID(n));
        CHECK(q.orth_u <= B_ORTH(n, o->block_width) && q.orth_v <= B_ORTH(n, o->block_width), "%s: orthogonality %.3e, %.3e > %.3e",
              what, q.orth_u, q.orth_v, B_ORTH(n, o->block_width));
        printf("  %-44s %d outermost sweeps, sigma vs 1 process %.2e, resid %.1e, orth %.1e\n", what, a.info.sweeps, agree,
               q.resid_f > q.resid_g ? q.resid_f : q.resid_g, q.orth_u > q.orth_v ? q.orth_u : q.orth_v);
    }
    dist_run b = dist_solve(cplx, m_f, m_g, n, F, G, o, 0);
    const int nc = a.L.n_local;
    const int same = b.st == HZGSVD_SUCCESS && same_bits(a.F, b.F, sizeof(double) * ef_size(cplx, m_f, nc))
                     && same_bits(a.G, b.G, sizeof(double) * ef_size(cplx, m_g, nc)) && same_bits(a.Z, b.Z, sizeof(double) * ef_size(cplx, n, nc))
                     && same_bits(a.s, b.s, sizeof(double) * nc) && same_bits(a.out_col, b.out_col, sizeof(int) * nc);
    CHECK(same, "%s: a second run is not bitwise identical on rank %d", what, rank_);
    dist_free(&a); dist_free(&b);
}

/* A progress callback (rank 0's) that sets the int at user after the first sweep. */
static void cancel_after_first(const hzgsvd_progress *p, void *user)
{
    if (p->sweep == 1) *(volatile int *)user = 1;
}

/* (c) every rank returns `want`. */
static void check_all(hzgsvd_status got, hzgsvd_status want, const char *what, const char *detail)
{
    int mine = (int)got, lo, hi;
    MPI_Allreduce(&mine, &lo, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&mine, &hi, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    CHECK(lo == hi && got == want, "%s: rank %d got %s (%s), want %s on every rank", what, rank_, hzgsvd_status_string(got),
          detail, hzgsvd_status_string(want));
}

/* (e) the preconditioned start on one pair: AUTO's choice (GPU ranks QR_EIG from n = 256, CPU ranks
 * QR_SVD from n = 64) with the same preconditioner fields and note on every rank; each kind by
 * name through test_config (against the single-process engine with the same options, bitwise
 * reruns); NONE; a kind by name with max_sweeps = 1 refused on every rank. */
static void test_precondition(int cplx, int m_f, int m_g, int n, const double *F, const double *G, const hzgsvd_options *base)
{
    const int gpu = device_ == HZGSVD_MPI_DEVICE_GPU;
    int want = gpu ? (n >= 256 ? HZGSVD_PRECONDITION_QR_EIG : HZGSVD_PRECONDITION_NONE)
                   : (n >= 64 ? HZGSVD_PRECONDITION_QR_SVD : HZGSVD_PRECONDITION_NONE);
    const char *kind = cplx ? "complex" : "real";
    dist_run d = dist_solve(cplx, m_f, m_g, n, F, G, base, 0);
    check_all(d.st, HZGSVD_SUCCESS, "AUTO", d.info.detail);
    if (gpu && d.info.mpi_transport != HZGSVD_MPI_TRANSPORT_IPC) want = HZGSVD_PRECONDITION_NONE;   /* AUTO needs the device route */
    char note[256] = "", root_note[256] = "";
    snprintf(note, sizeof note, "%s", d.info.precondition_note ? d.info.precondition_note : "(null)");
    memcpy(root_note, note, sizeof note);
    MPI_Bcast(root_note, (int)sizeof root_note, MPI_CHAR, 0, MPI_COMM_WORLD);
    CHECK(d.info.preconditioner == want, "%s n=%d AUTO: rank %d info.preconditioner = %d, expected %d (%s)", kind, n, rank_,
          d.info.preconditioner, want, note);
    CHECK(!strcmp(note, root_note), "%s n=%d AUTO: rank %d's note '%s' differs from rank 0's '%s'", kind, n, rank_, note, root_note);
    CHECK(d.info.precondition_seconds >= 0.0 && (want == HZGSVD_PRECONDITION_NONE || d.info.precondition_growth >= 1.0 - 1e-12),
          "%s n=%d AUTO: rank %d precondition_seconds %g, growth %g", kind, n, rank_, d.info.precondition_seconds, d.info.precondition_growth);
    if (rank_ == 0) printf("  %s n=%d AUTO: %s, %d outermost sweeps, growth %.2f\n", kind, n, note, d.info.sweeps, d.info.precondition_growth);
    dist_free(&d);

    static const int kinds[3] = { HZGSVD_PRECONDITION_QR_EIG, HZGSVD_PRECONDITION_QR_SVD, HZGSVD_PRECONDITION_NONE };
    static const char *const names[3] = { "qr-eig", "qr-svd", "none" };
    for (int k = 0; k < 3; ++k) {
        hzgsvd_options o = *base;
        o.precondition = kinds[k];
        ef_run single;
        memset(&single, 0, sizeof single);
        if (rank_ == 0) single = ef_solve(cplx, m_f, m_g, n, F, G, &o);
        char what[160];
        snprintf(what, sizeof what, "%s %dx%d/%d %s", kind, m_f, m_g, n, names[k]);
        test_config(cplx, m_f, m_g, n, F, G, &o, &single, what);
        d = dist_solve(cplx, m_f, m_g, n, F, G, &o, 0);
        CHECK(d.st == HZGSVD_SUCCESS && d.info.preconditioner == kinds[k], "%s: rank %d status %d, info.preconditioner = %d (%s)", what,
              rank_, (int)d.st, d.info.preconditioner, d.info.precondition_note ? d.info.precondition_note : "");
        dist_free(&d);
        if (rank_ == 0) ef_run_free(&single);
    }
    hzgsvd_options one = *base;
    one.precondition = HZGSVD_PRECONDITION_QR_SVD;
    one.max_sweeps = 1;
    hzgsvd_mpi_layout L;
    check_all(hzgsvd_mpi_layout_init(MPI_COMM_WORLD, device_, m_f, m_g, n, &one, &L), HZGSVD_ERR_INVALID_ARGUMENT, "QR_SVD with max_sweeps = 1",
              "");
}

/* (f) a pair of known sigma (spread 1e-3 .. 1e3, cond_2(X) = 100), square: each kind by name
 * takes at most 3 outermost sweeps and at most half of the plain start's, sigma as accurate as the
 * plain start's (both against the exact values). */
static void test_known(int cplx, int n)
{
    tu_rng rng = { 0x4b0e0001u + (unsigned)cplx };
    double *F = ef_new(ef_size(cplx, n, n)), *G = ef_new(ef_size(cplx, n, n));
    long double *exact = (long double *)calloc((size_t)n, sizeof(long double));
    if (rank_ == 0) {
        ef_known_pair(&rng, cplx, n, n, n, 1e-3, 1e3, 100.0, F, G, exact);
        ef_sort_desc_ld(exact, n);
    }
    hzgsvd_options o = hzgsvd_default_options();
    o.block_width = 16;
    o.precondition = HZGSVD_PRECONDITION_NONE;
    dist_run p = dist_solve(cplx, n, n, n, F, G, &o, 0);
    check_all(p.st, HZGSVD_SUCCESS, "known pair, plain", p.info.detail);
    for (int k = 0; k < 2; ++k) {
        o.precondition = k ? HZGSVD_PRECONDITION_QR_SVD : HZGSVD_PRECONDITION_QR_EIG;
        dist_run a = dist_solve(cplx, n, n, n, F, G, &o, 0);
        check_all(a.st, HZGSVD_SUCCESS, "known pair, preconditioned", a.info.detail);
        if (rank_ == 0 && a.st == HZGSVD_SUCCESS && p.st == HZGSVD_SUCCESS) {
            const double ea = ef_relerr_ld(a.whole.s, exact, n), ep = ef_relerr_ld(p.whole.s, exact, n);
            CHECK(a.info.sweeps <= 3 && 2 * a.info.sweeps <= p.info.sweeps, "known %s n=%d %s: %d outermost sweeps, %d plain",
                  cplx ? "complex" : "real", n, k ? "qr-svd" : "qr-eig", a.info.sweeps, p.info.sweeps);
            CHECK(ea <= 2.0 * ep + 64.0 * EF_U, "known %s n=%d %s: sigma error %.3e, plain %.3e", cplx ? "complex" : "real", n,
                  k ? "qr-svd" : "qr-eig", ea, ep);
            printf("  known %s n=%d %s: %d outermost sweeps (plain %d), sigma error %.2e (plain %.2e)\n", cplx ? "complex" : "real", n,
                   k ? "qr-svd" : "qr-eig", a.info.sweeps, p.info.sweeps, ea, ep);
        }
        dist_free(&a);
    }
    dist_free(&p);
    free(F); free(G); free(exact);
}

/* (g) a graded pair (ef_graded_pair, g = 5, n = 128): QR_SVD's start, sigma refined from the input
 * pair, agrees with the single-process engine's and with the plain start's to 1e-12 (the iterate's
 * own sigma of a preconditioned start were 1e-9 off on CPU ranks before they refined).  QR_EIG by
 * name gives way to QR_SVD (its start once left sigma 7e-8 off here): every rank's local outputs
 * bitwise the QR_SVD run's, the note saying why, 3 outermost sweeps more. */
static void test_graded(int cplx)
{
    const int n = 128;
    tu_rng rng = { 0x9a4ded01u + (unsigned)cplx };
    double *F = ef_new(ef_size(cplx, n, n)), *G = ef_new(ef_size(cplx, n, n));
    if (rank_ == 0) ef_graded_pair(&rng, cplx, n, 5, F, G);
    hzgsvd_options o = hzgsvd_default_options(), none, eig;
    o.block_width = 16;
    o.precondition = HZGSVD_PRECONDITION_QR_SVD;
    none = o;
    none.precondition = HZGSVD_PRECONDITION_NONE;
    eig = o;
    eig.precondition = HZGSVD_PRECONDITION_QR_EIG;
    dist_run a = dist_solve(cplx, n, n, n, F, G, &o, 0), p = dist_solve(cplx, n, n, n, F, G, &none, 0), e = dist_solve(cplx, n, n, n, F, G, &eig, 0);
    check_all(a.st, HZGSVD_SUCCESS, "graded pair, preconditioned", a.info.detail);
    check_all(p.st, HZGSVD_SUCCESS, "graded pair, plain", p.info.detail);
    check_all(e.st, HZGSVD_SUCCESS, "graded pair, QR_EIG", e.info.detail);
    if (a.st == HZGSVD_SUCCESS && e.st == HZGSVD_SUCCESS) {
        const int nc = a.L.n_local;
        const int same = same_bits(a.F, e.F, sizeof(double) * ef_size(cplx, n, nc)) && same_bits(a.G, e.G, sizeof(double) * ef_size(cplx, n, nc))
                         && same_bits(a.Z, e.Z, sizeof(double) * ef_size(cplx, n, nc)) && same_bits(a.s, e.s, sizeof(double) * nc)
                         && same_bits(a.out_col, e.out_col, sizeof(int) * nc);
        CHECK(same && e.info.preconditioner == HZGSVD_PRECONDITION_QR_SVD && e.info.precondition_note
                  && strstr(e.info.precondition_note, "after qr-eig's start") && e.info.sweeps == a.info.sweeps + HZGSVD__QR_EIG_SWEEPS,
              "graded %s n=%d: rank %d: QR_EIG did not give way (bitwise %d, preconditioner %d, %d outermost sweeps against QR_SVD's %d; %s)",
              cplx ? "complex" : "real", n, rank_, same, e.info.preconditioner, e.info.sweeps, a.info.sweeps,
              e.info.precondition_note ? e.info.precondition_note : "");
    }
    if (rank_ == 0 && a.st == HZGSVD_SUCCESS && p.st == HZGSVD_SUCCESS) {
        ef_run single = ef_solve(cplx, n, n, n, F, G, &o);
        const double agree = ef_relerr(a.whole.s, single.s, n), plain = ef_relerr(a.whole.s, p.whole.s, n);
        CHECK(single.st == HZGSVD_SUCCESS && agree <= 1e-12 && plain <= 1e-12 && a.info.sigma_refined == 1,
              "graded %s n=%d: sigma vs the single-process engine %.3e, vs the plain start %.3e, refined %d", cplx ? "complex" : "real", n, agree,
              plain, a.info.sigma_refined);
        printf("  graded %s n=%d g=5: %d outermost sweeps preconditioned, %d plain, %d QR_EIG (gave way); sigma vs 1 process %.2e, vs plain %.2e\n",
               cplx ? "complex" : "real", n, a.info.sweeps, p.info.sweeps, e.info.sweeps, agree, plain);
        ef_run_free(&single);
    }
    dist_free(&a); dist_free(&p); dist_free(&e);
    free(F); free(G);
}

int main(int argc, char **argv)
{
    int quick = 0, provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks_);
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--quick")) quick = 1;
        else if (!strcmp(argv[i], "--device") && i + 1 < argc) device_ = !strcmp(argv[++i], "gpu") ? HZGSVD_MPI_DEVICE_GPU : HZGSVD_MPI_DEVICE_CPU;
    }
    tu_start("test_mpi_engine");
    if (device_ == HZGSVD_MPI_DEVICE_GPU) {
        int ord = -1;
        const hzgsvd_status st = hzgsvd_mpi_select_gpu(MPI_COMM_WORLD, &ord);
        CHECK(st == HZGSVD_SUCCESS, "select_gpu: %s", hzgsvd_status_string(st));
        if (rank_ == 0) printf("test_mpi_engine: %d ranks on GPUs\n", nranks_);
    } else if (rank_ == 0) {
        printf("test_mpi_engine: %d ranks on the CPU engine\n", nranks_);
    }

    /* sizes: bordering (n not a multiple of 2 w P), rectangular, a larger square one (GPU only) */
    typedef struct { int cplx, m_f, m_g, n, w; } shape;
    const shape cpu_shapes[] = { { 0, 90, 80, 70, 8 }, { 1, 72, 64, 50, 8 }, { 0, 160, 130, 128, 16 }, { 1, 128, 128, 100, 16 } };
    const shape gpu_shapes[] = { { 0, 300, 260, 250, 16 }, { 1, 256, 256, 200, 16 }, { 0, 520, 512, 512, 16 }, { 1, 512, 512, 512, 16 } };
    const shape *shapes = device_ == HZGSVD_MPI_DEVICE_GPU ? gpu_shapes : cpu_shapes;
    const int nshapes = quick ? 2 : 4;
    tu_rng rng = { 0x5eed0001u };
    for (int si = 0; si < nshapes; ++si) {
        const shape sh = shapes[si];
        double *F, *G;
        make_pair(&rng, sh.cplx, sh.m_f, sh.m_g, sh.n, &F, &G);
        hzgsvd_options base = hzgsvd_default_options();
        base.block_width = sh.w;
        ef_run single;
        memset(&single, 0, sizeof single);
        if (rank_ == 0) {
            single = ef_solve(sh.cplx, sh.m_f, sh.m_g, sh.n, F, G, &base);
            CHECK(single.st == HZGSVD_SUCCESS, "single-process engine: %s", hzgsvd_status_string(single.st));
        }
        if (rank_ == 0)
            printf("  %s %dx%d/%d w=%d: %d sweeps in one process\n", sh.cplx ? "complex" : "real", sh.m_f, sh.m_g, sh.n, sh.w,
                   single.info.sweeps);
        /* both outermost orderings (cross: the pairs between a rank's stripes but in the last step;
         * full: all of them in every step, the paper's) with both strategies and blockings */
        for (int full = 0; full < 2; ++full)
            for (int outermost = 0; outermost < 2; ++outermost)
                for (int ob = 0; ob < 2; ++ob) {
                    if (quick && ob == 1 && outermost == 1) continue;
                    if (quick && full && (ob || outermost)) continue;
                    hzgsvd_options o = base;
                    o.outermost = (hzgsvd_strategy)outermost;
                    o.outermost_blocking = (hzgsvd_blocking)(ob ? HZGSVD_BLOCKING_FB : HZGSVD_BLOCKING_BO);
                    o.outermost_full = full;
                    char what[160];
                    snprintf(what, sizeof what, "%s %dx%d/%d w=%d %s-%s %s", sh.cplx ? "complex" : "real", sh.m_f, sh.m_g, sh.n, sh.w,
                             outermost ? "MM" : "ME", ob ? "FB" : "BO", full ? "full" : "cross");
                    test_config(sh.cplx, sh.m_f, sh.m_g, sh.n, F, G, &o, &single, what);
                }
        /* refine_sigma = 0: the iterate's sigma */
        if (si < 2) {
            hzgsvd_options o = base;
            o.refine_sigma = 0;
            char what[160];
            snprintf(what, sizeof what, "%s %dx%d/%d w=%d refine_sigma=0", sh.cplx ? "complex" : "real", sh.m_f, sh.m_g, sh.n, sh.w);
            test_config(sh.cplx, sh.m_f, sh.m_g, sh.n, F, G, &o, &single, what);
        }
        if (rank_ == 0) ef_run_free(&single);
        test_precondition(sh.cplx, sh.m_f, sh.m_g, sh.n, F, G, &base);

        /* GPU ranks: every transport this machine has (IPC where all ranks share a node, staged
         * always; HZGSVD_MPI_TRANSPORT forces one) gives bitwise the same result */
        for (int pre = 0; device_ == HZGSVD_MPI_DEVICE_GPU && si < 2 && pre < 2; ++pre) {   /* the plain start; QR_EIG: the stage's two routes */
            static const char *const names[2] = { "staged", "ipc" };
            static const int codes[2] = { HZGSVD_MPI_TRANSPORT_STAGED, HZGSVD_MPI_TRANSPORT_IPC };
            hzgsvd_options to = base;
            if (pre) to.precondition = HZGSVD_PRECONDITION_QR_EIG;
            dist_run ref = dist_solve(sh.cplx, sh.m_f, sh.m_g, sh.n, F, G, &to, 0);
            const int nc = ref.L.n_local;
            for (int t = 0; t < 2; ++t) {
                setenv("HZGSVD_MPI_TRANSPORT", names[t], 1);
                dist_run d = dist_solve(sh.cplx, sh.m_f, sh.m_g, sh.n, F, G, &to, 0);
                if (t == 1 && d.st == HZGSVD_ERR_INVALID_ARGUMENT) {   /* no IPC here: says why, on every rank */
                    check_all(d.st, HZGSVD_ERR_INVALID_ARGUMENT, "HZGSVD_MPI_TRANSPORT=ipc where IPC cannot work", d.info.detail);
                    if (rank_ == 0) printf("  transport ipc not available: %s\n", d.info.detail);
                    dist_free(&d);
                    continue;
                }
                check_all(d.st, HZGSVD_SUCCESS, names[t], d.info.detail);
                CHECK(d.info.mpi_transport == codes[t], "HZGSVD_MPI_TRANSPORT=%s: info.mpi_transport = %d", names[t], d.info.mpi_transport);
                CHECK(d.info.preconditioner == (pre ? HZGSVD_PRECONDITION_QR_EIG : HZGSVD_PRECONDITION_NONE),
                      "HZGSVD_MPI_TRANSPORT=%s%s: info.preconditioner = %d", names[t], pre ? ", qr-eig" : "", d.info.preconditioner);
                const int same = d.st == HZGSVD_SUCCESS && ref.st == HZGSVD_SUCCESS
                                 && same_bits(d.F, ref.F, sizeof(double) * ef_size(sh.cplx, sh.m_f, nc))
                                 && same_bits(d.Z, ref.Z, sizeof(double) * ef_size(sh.cplx, sh.n, nc))
                                 && same_bits(d.s, ref.s, sizeof(double) * nc);
                CHECK(same, "transport %s%s: not bitwise the result of the default (%s) on rank %d", names[t], pre ? ", qr-eig" : "",
                      ref.info.mpi_transport == HZGSVD_MPI_TRANSPORT_IPC ? "ipc" : "staged", rank_);
                if (rank_ == 0)
                    printf("  %s%s: transport %s bitwise equal to the default (%s): %s\n", sh.cplx ? "complex" : "real", pre ? " qr-eig" : "",
                           names[t], ref.info.mpi_transport == HZGSVD_MPI_TRANSPORT_IPC ? "ipc" : "staged", same ? "yes" : "NO");
                dist_free(&d);
            }
            unsetenv("HZGSVD_MPI_TRANSPORT");
            dist_free(&ref);
        }
        if (device_ == HZGSVD_MPI_DEVICE_GPU && si < 2) {
            setenv("HZGSVD_MPI_TRANSPORT", "carrier-pigeon", 1);
            dist_run d = dist_solve(sh.cplx, sh.m_f, sh.m_g, sh.n, F, G, &base, 0);
            check_all(d.st, HZGSVD_ERR_INVALID_ARGUMENT, "HZGSVD_MPI_TRANSPORT=carrier-pigeon", d.info.detail);
            dist_free(&d);
            unsetenv("HZGSVD_MPI_TRANSPORT");
        }

        /* (c) on the first two shapes */
        if (si < 2) {
            dist_run d = dist_solve(sh.cplx, sh.m_f, sh.m_g, sh.n, F, G, &base, 1);
            check_all(d.st, HZGSVD_ERR_NOT_FINITE, "NaN on the last rank", d.info.detail);
            dist_free(&d);
            d = dist_solve(sh.cplx, sh.m_f, sh.m_g, sh.n, F, G, &base, 3);
            check_all(d.st, HZGSVD_ERR_NOT_FINITE, "NaNs in two columns of the last rank", d.info.detail);
            CHECK(strstr(d.info.detail, "local column 2,") && strstr(d.info.detail, "G(3,1)"),
                  "NaNs in local columns 1 (G) and 3 (F): the message names another: %s", d.info.detail);
            dist_free(&d);
            d = dist_solve(sh.cplx, sh.m_f, sh.m_g, sh.n, F, G, &base, 2);
            check_all(d.st, HZGSVD_ERR_INVALID_ARGUMENT, "ldf too small on the last rank", d.info.detail);
            dist_free(&d);
            hzgsvd_options one = base;
            one.max_sweeps = 1;
            d = dist_solve(sh.cplx, sh.m_f, sh.m_g, sh.n, F, G, &one, 0);
            check_all(d.st, HZGSVD_ERR_NO_CONVERGENCE, "max_sweeps = 1", d.info.detail);
            dist_free(&d);
            /* options.cancel: the last rank's flag, set before the call, stops every rank after sweep 1;
             * rank 0's progress callback setting its flag after sweep 1 stops all after sweep 2 (the
             * plain start: a preconditioned one may converge on sweep 2) */
            {
                volatile int flag = rank_ == nranks_ - 1;
                hzgsvd_options c = base;
                c.precondition = HZGSVD_PRECONDITION_NONE;
                c.cancel = &flag;
                d = dist_solve(sh.cplx, sh.m_f, sh.m_g, sh.n, F, G, &c, 0);
                check_all(d.st, HZGSVD_ERR_CANCELLED, "cancel flag of the last rank", d.info.detail);
                CHECK(d.info.sweeps == 1, "cancel flag of the last rank: rank %d stopped after %d sweeps", rank_, d.info.sweeps);
                dist_free(&d);
                flag = 0;
                c.progress = cancel_after_first;
                c.progress_user = (void *)&flag;
                d = dist_solve(sh.cplx, sh.m_f, sh.m_g, sh.n, F, G, &c, 0);
                check_all(d.st, HZGSVD_ERR_CANCELLED, "cancel by rank 0's callback", d.info.detail);
                CHECK(d.info.sweeps == 2, "cancel by rank 0's callback: rank %d stopped after %d sweeps", rank_, d.info.sweeps);
                dist_free(&d);
            }
            /* range scaling: 2^-900 F has 2^-900 times the sigma of (F, G); 2^600 F with 2^-600 G is out of range */
            {
                const size_t cnt = ef_size(sh.cplx, sh.m_f, sh.n);
                double *Fs = ef_new(cnt), *Gs = ef_new(ef_size(sh.cplx, sh.m_g, sh.n));
                for (size_t i = 0; i < cnt; ++i) Fs[i] = ldexp(F[i], -900);
                d = dist_solve(sh.cplx, sh.m_f, sh.m_g, sh.n, Fs, G, &base, 0);
                check_all(d.st, HZGSVD_SUCCESS, "2^-900 F", d.info.detail);
                if (rank_ == 0 && d.st == HZGSVD_SUCCESS) {
                    ef_run one_proc = ef_solve(sh.cplx, sh.m_f, sh.m_g, sh.n, F, G, &base);
                    double e = 0.0;
                    for (int i = 0; i < sh.n; ++i) {
                        const double di = fabs(ldexp(d.whole.s[i], 900) - one_proc.s[i]) / one_proc.s[i];
                        if (!(di <= e)) e = isnan(di) ? INFINITY : di;
                    }
                    CHECK(one_proc.st == HZGSVD_SUCCESS && e <= B_AGREE(sh.n), "2^-900 F: 2^900 sigma vs the unscaled pair (1 process) %.3e > %.3e",
                          e, B_AGREE(sh.n));
                    const ef_quality q = ef_assess(&d.whole, Fs, G);
                    CHECK(q.resid_f <= B_RESID(sh.n) && q.resid_g <= B_RESID(sh.n), "2^-900 F: residuals %.3e %.3e", q.resid_f, q.resid_g);
                    printf("  %s 2^-900 F: sigma 2^900 agrees with the unscaled pair to %.2e\n", sh.cplx ? "complex" : "real", e);
                    ef_run_free(&one_proc);
                }
                dist_free(&d);
                for (size_t i = 0; i < cnt; ++i) Fs[i] = ldexp(F[i], 600);
                for (size_t i = 0; i < ef_size(sh.cplx, sh.m_g, sh.n); ++i) Gs[i] = ldexp(G[i], -600);
                d = dist_solve(sh.cplx, sh.m_f, sh.m_g, sh.n, Fs, Gs, &base, 0);
                check_all(d.st, HZGSVD_ERR_OUT_OF_RANGE, "2^600 F, 2^-600 G", d.info.detail);
                CHECK(d.info.outputs_written == 1, "2^600 F, 2^-600 G: outputs_written = %d", d.info.outputs_written);
                dist_free(&d);
                free(Fs); free(Gs);
            }
            /* G with two equal columns (the first and the last): exactly rank deficient */
            if (rank_ == 0)
                memcpy(G + ef_size(sh.cplx, sh.m_g, sh.n - 1), G, sizeof(double) * ef_size(sh.cplx, sh.m_g, 1));
            d = dist_solve(sh.cplx, sh.m_f, sh.m_g, sh.n, F, G, &base, 0);
            check_all(d.st, HZGSVD_ERR_RANK_DEFICIENT, "G with two equal columns", d.info.detail);
            dist_free(&d);
        }
        free(F); free(G);
    }

    for (int c = 0; c < 2; ++c) test_known(c, device_ == HZGSVD_MPI_DEVICE_GPU ? 512 : 128);
    for (int c = 0; c < 2; ++c) test_graded(c);

    /* bad arguments of the layout, scatter and gather calls: statuses, the same on every rank */
    {
        hzgsvd_mpi_layout L;
        hzgsvd_options o = hzgsvd_default_options();
        CHECK(hzgsvd_mpi_layout_init(MPI_COMM_WORLD, device_, 40, 30, 32, &o, &L) == HZGSVD_ERR_M_LESS_THAN_N, "layout: m_g < n");
        CHECK(hzgsvd_mpi_layout_init(MPI_COMM_WORLD, device_, 40, 40, 0, &o, &L) == HZGSVD_ERR_N_LESS_THAN_ONE, "layout: n = 0");
        CHECK(hzgsvd_mpi_layout_init(MPI_COMM_WORLD, device_, 40, 40, 32, &o, NULL) == HZGSVD_ERR_INVALID_ARGUMENT, "layout: NULL");
        CHECK(hzgsvd_mpi_layout_init(MPI_COMM_NULL, device_, 40, 40, 32, &o, &L) == HZGSVD_ERR_INVALID_ARGUMENT, "layout: MPI_COMM_NULL");
        o.outermost = (hzgsvd_strategy)7;
        CHECK(hzgsvd_mpi_layout_init(MPI_COMM_WORLD, device_, 40, 40, 32, &o, &L) == HZGSVD_ERR_INVALID_ARGUMENT, "layout: bad outermost");
        o = hzgsvd_default_options();
        CHECK(hzgsvd_mpi_layout_init(MPI_COMM_WORLD, device_, 40, 40, 32, &o, &L) == HZGSVD_SUCCESS, "layout: 40 x 32");
        const int nc = L.n_local;
        double *F = ef_new((size_t)40 * 32), *Fl = ef_new((size_t)40 * nc), *Zl = ef_new((size_t)32 * nc), *sl = ef_new(3 * (size_t)nc);
        int *cols = (int *)calloc((size_t)nc, sizeof(int));
        check_all(hzgsvd_mpi_dscatter(MPI_COMM_WORLD, nranks_, &L, F, 40, F, 40, Fl, 40, Fl, 40), HZGSVD_ERR_INVALID_ARGUMENT,
                  "scatter: root out of range", "");
        check_all(hzgsvd_mpi_dscatter(MPI_COMM_WORLD, 0, &L, rank_ == 0 ? NULL : F, 40, F, 40, Fl, 40, Fl, 40), HZGSVD_ERR_INVALID_ARGUMENT,
                  "scatter: F NULL on the root", "");
        check_all(hzgsvd_mpi_dgather(MPI_COMM_WORLD, 0, &L, Fl, rank_ == nranks_ - 1 ? 39 : 40, Fl, 40, Zl, 32, sl, sl, sl, cols,
                                     F, 40, F, 40, F, 32, sl, sl, sl), HZGSVD_ERR_INVALID_ARGUMENT, "gather: ldfl < m_f on the last rank", "");
        free(F); free(Fl); free(Zl); free(sl); free(cols);
    }

    int mine[2] = { tu_passed, tu_failed }, tot[2];
    MPI_Reduce(mine, tot, 2, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    int any_failed = tu_failed > 0, all_failed = 0;
    MPI_Allreduce(&any_failed, &all_failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (rank_ == 0) printf("test_mpi_engine (%d ranks, %s): %d passed, %d failed\n", nranks_, device_ == HZGSVD_MPI_DEVICE_GPU ? "gpu" : "cpu", tot[0], tot[1]);
    MPI_Finalize();
    return all_failed ? 1 : 0;
}
