/* gsv_suite.h -- LAPACK's GSVD test suite (the GSV path of TESTING/EIG: xCKGSV, xGSVTS3, the GSV
 * part of DLATB9 and the dimensions of TESTING/gsv.in), re-implemented in C for any routine with
 * the semantics of LAPACK's xGGSVD3.
 *
 * The test pairs are made by LAPACK's own test-matrix generators DLATMS / ZLATMS (libtmglib), fed
 * with the parameters DLATB9 chooses and with the seed stream of the LAPACK test driver, so that
 * the pairs are the ones LAPACK's `xeigtstd < gsv.in` / `xeigtstz < gsv.in` factorize (up to the
 * BLAS/LAPACK underneath DLATMS).  Each pair gets the six test ratios of DGSVTS3 / ZGSVTS3; a ratio
 * passes when it is below GSV_THRESH (gsv.in's 20.0).
 *
 * Link: -ltmglib -llapacke -llapack -lblas -lm.
 */
#ifndef HZGSVD_GSV_SUITE_H
#define HZGSVD_GSV_SUITE_H

#include <complex.h>
#include <stdio.h>

#define GSV_NTYPES 8      /* DLATB9's matrix types for the GSV path */
#define GSV_NRATIOS 6     /* DGSVTS3's test ratios */
#define GSV_THRESH 20.0   /* gsv.in: threshold value of the test ratios */
#define GSV_LD 132        /* the leading dimension of every array (NMAX of the LAPACK driver) */

/* The routine under test: LAPACK's xGGSVD3 argument list and meaning, less WORK and LWORK (and,
 * complex, RWORK), which the adapter allocates.  Returns LAPACK's INFO.  Column major; complex
 * arrays are double _Complex, i.e. interleaved (re, im) doubles. */
typedef int (*gsv_dggsvd3_fn)(char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                              double *A, int lda, double *B, int ldb, double *alpha, double *beta,
                              double *U, int ldu, double *V, int ldv, double *Q, int ldq, int *iwork);
typedef int (*gsv_zggsvd3_fn)(char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                              double _Complex *A, int lda, double _Complex *B, int ldb,
                              double *alpha, double *beta, double _Complex *U, int ldu,
                              double _Complex *V, int ldv, double _Complex *Q, int ldq, int *iwork);

/* One (M, P, N) of gsv.in: A is M x N, B is P x N. */
typedef struct gsv_dims { int m, p, n; } gsv_dims;
extern const gsv_dims gsv_dims_list[];
extern const int gsv_ndims;

/* The parameters DLATB9 gives one matrix type (1..8) for the GSV path, as xCKGSV passes them to
 * xLATMS: A from (dista, type, modea, cndnma, anorm, kla, kua), B from the *b ones. */
typedef struct gsv_type_params {
    char type, dista, distb;     /* 'N' (nonsymmetric), 'S' (symmetric uniform on (-1, 1)) */
    int kla, kua, klb, kub;      /* lower / upper bandwidths of A and B */
    int modea, modeb;            /* xLATMS singular value modes (3: geometric, 4: arithmetic) */
    double cndnma, cndnmb;       /* condition numbers */
    double anorm, bnorm;         /* largest singular values (2-norms) of A and B */
} gsv_type_params;

void gsv_type_params_for(int imat, int m, int p, int n, gsv_type_params *tp);
const char *gsv_type_name(int imat);

/* The seed the LAPACK test driver starts the GSV path with (xCHKEE: 0, 0, 0, 1; gsv.in's seed
 * code 1 keeps it running on from there, one stream through every type and dimension). */
void gsv_initial_seed(int iseed[4]);

/* xLATMS on one matrix (rows x n) of the pair: which = 'A' or 'B'.  Returns xLATMS's INFO. */
int gsv_dgenerate(const gsv_type_params *tp, char which, int rows, int n, int iseed[4],
                  double *X, int ldx);
int gsv_zgenerate(const gsv_type_params *tp, char which, int rows, int n, int iseed[4],
                  double _Complex *X, int ldx);

/* What one call of the routine under test gave, and its six ratios (DGSVTS3's RESULT(1..6)):
 *   1: |U^H A Q - D1 R|_1 / (max(1, M, N) |A|_1 ulp)    2: the same for B with V, D2, P
 *   3: |I - U^H U|_1 / (max(1, M) ulp)   4: likewise V (P)   5: likewise Q (N)
 *   6: 0 if ALPHA(K+1:MIN(K+L,M)) is non-increasing after the swaps IWORK records, else 1/ulp.
 * A NaN ratio fails (LAPACK's RESULT >= THRESH would let it through); a K, L or IWORK outside
 * their ranges makes the ratios that need them +inf rather than index out of bounds. */
typedef struct gsv_outcome {
    int info, k, l;
    int bad_kl;          /* K < 0, L < 0 or K + L > N */
    int bad_iwork;       /* an IWORK(K+1 .. MIN(K+L,M)) outside 1..N */
    int nan_out;         /* a NaN or infinity in ALPHA, BETA, U, V, Q or R */
    double anorm, bnorm; /* |A|_1 and |B|_1 of the generated pair */
    double ratio[GSV_NRATIOS];
    /* Not in LAPACK's test, which cannot see a common scaling of ALPHA, BETA against R: the
     * largest deviation of ALPHA, BETA from the form xGGSVD3 documents, over ulp -- ALPHA(1:K) = 1,
     * BETA(1:K) = 0; ALPHA(I)^2 + BETA(I)^2 = 1 for I = K+1 .. K+L; ALPHA(M+1:K+L) = 0,
     * BETA(M+1:K+L) = 1 when M < K+L; ALPHA, BETA(K+L+1:N) = 0.  Passes below GSV_THRESH. */
    double ab_ratio;
} gsv_outcome;

void gsv_dtest_pair(gsv_dggsvd3_fn fn, int m, int p, int n, const double *A, int lda,
                    const double *B, int ldb, gsv_outcome *out);
void gsv_ztest_pair(gsv_zggsvd3_fn fn, int m, int p, int n, const double _Complex *A, int lda,
                    const double _Complex *B, int ldb, gsv_outcome *out);

/* Whether a ratio passes (finite and below GSV_THRESH). */
int gsv_ratio_ok(double r);

/* Counts over a run, in the units of LAPACK's ALASUM (one test = one ratio of one pair). */
typedef struct gsv_tally {
    int cases, cases_failed;   /* (type, M, P, N) pairs (and extra cases), known-gap ones included;
                                * cases_failed: those that failed what was asserted of them */
    int tests_run, tests_failed;   /* the ratios of the fully asserted cases only */
    int info_nonzero;          /* fully asserted calls that returned INFO != 0 (LAPACK's test ignores
                                * INFO; we fail them) */
    int ab_failed;             /* fully asserted cases whose ab_ratio failed (an extra check) */
    int gap_cases;             /* cases of a known-gap type (gsv_policy), run under the weaker checks */
    int gap_hit;               /* of them: would have failed in full (verdict KNOWN GAP) */
    int gap_status;            /* of them: returned the policy's gap_status */
    int gap_failed;            /* of them: failed even the weaker checks (verdict FAIL; also in
                                * cases_failed) */
} gsv_tally;

/* How a run judges its cases; NULL (or all zero) asserts everything, as LAPACK's test does.
 *
 * known_gap_types: bit (1u << imat) set makes matrix type imat a known gap of the routine under
 * test (test_lapack_gsv.c keeps the one table of them).  A case of such a type is run and printed
 * (always when it would fail in full, with verdict KNOWN GAP; with -v also when it passes, PASS),
 * and only this is asserted of it: the call returns (the watchdog), and either it returns 0 with
 * no NaN or Inf in ALPHA, BETA, U, V, Q and R (K, L in range, so that R can be read), or it
 * returns exactly gap_status with a non-empty message (last_detail).  Verdict FAIL otherwise.
 * Its ratios are not counted as tests (gsv_tally's gap_* count such cases instead).
 *
 * last_detail, where not NULL, gives the message of the last call's nonzero return (the engine's
 * info.detail; "" when it left none), and status_string a name for a return value; both are
 * printed under each printed case line whose INFO is not 0. */
typedef struct gsv_policy {
    unsigned known_gap_types;
    int gap_status;
    const char *(*last_detail)(void);
    const char *(*status_string)(int info);
} gsv_policy;

/* The whole GSV path: every (M, P, N) of gsv.in, every type 1..8, one seed stream; one line per
 * case on out (verbose), failures and known-gap hits always.  Returns the number of failed cases. */
int gsv_run_real(gsv_dggsvd3_fn fn, const gsv_policy *pol, FILE *out, int verbose, gsv_tally *t);
int gsv_run_complex(gsv_zggsvd3_fn fn, const gsv_policy *pol, FILE *out, int verbose, gsv_tally *t);

/* Reference-LAPACK issue #411 (CCKGSV's "specific case"; there CGGSVD3 hung or gave NaN):
 * A = ones(6, 6), B = diag(9e19, 9e18, ..., 9e14), complex.  Run as CCKGSV does (JOBU = JOBV = JOBQ
 * = 'N'), then with U, V, Q.  Asserted: each call returns (the watchdog below ends the program on a
 * hang), INFO = 0, K and L in range, no NaN or Inf in the outputs.  Reported only: the six ratios
 * of the U, V, Q run, and the same pencil with B scaled by 1e140 and 1e270.  No known gap applies
 * (pol only supplies the messages of nonzero returns).  Returns the number of failed cases. */
int gsv_run_issue411(gsv_zggsvd3_fn fn, const gsv_policy *pol, FILE *out, int verbose, gsv_tally *t);

/* Every call of the routine under test runs under a watchdog (SIGALRM): one that has not returned
 * after this many seconds (default 120) ends the program with exit status 3. */
void gsv_set_watchdog(unsigned seconds);

#endif
