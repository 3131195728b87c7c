/* cli_engine.h -- the engine "cli" of test_lapack_gsv: LAPACK's GSVD test suite through the
 * command-line program build/hzgsvd (test/lapack_gsv/cli_engine.c has how). */
#ifndef HZGSVD_GSV_CLI_ENGINE_H
#define HZGSVD_GSV_CLI_ENGINE_H

#include <stddef.h>

/* The program to run and its --device (cpu, gpu, gpu:K, auto).  Call once before the others. */
void cli_engine_setup(const char *exe, const char *device);
/* 1 if the program is there and executable; else 0 with why (a line without '\n'). */
int cli_engine_ready(char *why, size_t len);

/* gsv_dggsvd3_fn / gsv_zggsvd3_fn: xGGSVD3's arguments; the return is 0 (the CLI exited 0 and its
 * outputs were turned into xGGSVD3's form) or the CLI's exit code (or 1 where its outputs could not
 * be read or turned into that form, 2 where it could not be started). */
int cli_dggsvd3(char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                double *A, int lda, double *B, int ldb, double *alpha, double *beta,
                double *U, int ldu, double *V, int ldv, double *Q, int ldq, int *iwork);
int cli_zggsvd3(char jobu, char jobv, char jobq, int m, int n, int p, int *k, int *l,
                double _Complex *A, int lda, double _Complex *B, int ldb, double *alpha,
                double *beta, double _Complex *U, int ldu, double _Complex *V, int ldv,
                double _Complex *Q, int ldq, int *iwork);

/* The last nonzero return's message (the CLI's error line, or what went wrong here); its name. */
const char *cli_last_detail(void);
const char *cli_status_string(int code);

#endif
