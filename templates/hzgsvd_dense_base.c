/* Dense unitary factorizations for the reduction of a general pair, both precisions: Householder
 * reflectors, QR with column pivoting, RQ, LQ, triangular solves, products.  Column major in the
 * caller's layout; es doubles per element (1 real; 2 complex, interleaved re, im: ld counts
 * elements).  Every reflector is Hermitian, H = I - tau v v^H with tau real and v[alpha] = 1, so
 * H = H^H = H^-1 and one routine applies it from either side.
 *
 * Blocked: reflectors are made in panels of HZGSVD__DN_NB and applied to everything else at once
 * in the compact WY form H_1 H_2 ... H_k = I - V T V^H (T upper triangular), by matrix products
 * (hzgsvd__dn_mm, cache blocked, on OpenMP threads); the QR with column pivoting downdates its column
 * norms (LAPACK's xLAQPS, LAWN 176) and decides the rank on recomputed norms (docs/NUMERICS.md).
 * Every output element is computed by one thread in a fixed order (a product's element is one fma
 * chain over the inner index, whatever the blocking), so the results do not depend on the thread
 * count.
 *
 * Written once over es (this file and hzgsvd_dense.c); the loops whose arithmetic is complex
 * (reflectors, the micro-kernel, triangular products and solves, the pivoted panel's updates) are
 * per precision in hzgsvd_dense_arith.c.j2 (hzgsvd__d_dn_*, hzgsvd__z_dn_*), chosen by es.  Loops
 * that would index by a run-time es are compiled once per es (HZGSVD__SPECIALIZE). */

/* Scalars a loop must touch before it is shared among OpenMP threads. */
#ifndef HZGSVD__DN_PAR
#define HZGSVD__DN_PAR 32768
#endif
/* Reflectors per panel of the blocked factorizations (the inner dimension of their updates). */
#ifndef HZGSVD__DN_NB
#define HZGSVD__DN_NB 32
#endif
/* The product's cache blocks: KC of the inner dimension (a micro-panel of A and one of B stay in
 * L1), MC rows of A (a packed block stays in L2), NC columns of B (a packed block in L3). */
#ifndef HZGSVD__DN_KC
#define HZGSVD__DN_KC 256
#endif
#ifndef HZGSVD__DN_MC
#define HZGSVD__DN_MC 96
#endif
#ifndef HZGSVD__DN_NC
#define HZGSVD__DN_NC 1536
#endif
/* The micro-kernel's block of C: MR rows (8 real, 4 complex: one register budget), NR columns. */
#define HZGSVD__DN_MR(es) ((es) == 2 ? 4 : 8)
#define HZGSVD__DN_NR 6

/* A block of the stacked matrix S (ld lds, srows rows) that the reduction works on. */
typedef struct hzgsvd__dn_block {
    double *S;
    int lds, srows;
} hzgsvd__dn_block;

/* Element (i, j) of the block B (C doubles per element). */
#define HZGSVD__DN_AT(C, B, i, j) ((B)->S + (size_t)(C) * ((size_t)(i) + (size_t)(j) * (size_t)(B)->lds))

/* Euclidean norm of len elements at x (stride inc elements), scaled by a power of two so that no
 * square overflows or underflows needlessly. */
HZGSVD__SPECIALIZE double hzgsvd__dn_nrm2_es(const double *x, int len, int inc, int es)
{
    double amax = 0.0, ss = 0.0;
    int e;
    for (int i = 0; i < len; ++i)
        for (int c = 0; c < es; ++c) amax = fmax(amax, fabs(x[(size_t)es * i * inc + c]));
    if (!(amax > 0.0) || !isfinite(amax)) return amax;
    (void)frexp(amax, &e);
    /* x 2^-e by one multiplication where 2^-e is a normal double (the same, correctly rounded,
     * value as ldexp's), by ldexp for a subnormal amax */
    const double scale = e > -1000 ? ldexp(1.0, -e) : 0.0;
    for (int i = 0; i < len; ++i)
        for (int c = 0; c < es; ++c) {
            const double xi = x[(size_t)es * i * inc + c];
            const double t = e > -1000 ? xi * scale : ldexp(xi, -e);
            ss += t * t;
        }
    return ldexp(sqrt(ss), e);
}

HZGSVD_PRIVATE double hzgsvd__dn_nrm2(int es, const double *x, int len, int inc)
{
    return es == 2 ? hzgsvd__dn_nrm2_es(x, len, inc, 2) : hzgsvd__dn_nrm2_es(x, len, inc, 1);
}

/* sum x_i y_i over len doubles, in sixteen interleaved partial sums (enough independent chains to
 * hide the latency of fma) added in a fixed order. */
HZGSVD_PRIVATE double hzgsvd__dn_dot(const double *x, const double *y, int len)
{
    double s[16] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
    int i = 0;
    for (; i + 16 <= len; i += 16) {
        s[0] = fma(x[i + 0], y[i + 0], s[0]);    s[1] = fma(x[i + 1], y[i + 1], s[1]);
        s[2] = fma(x[i + 2], y[i + 2], s[2]);    s[3] = fma(x[i + 3], y[i + 3], s[3]);
        s[4] = fma(x[i + 4], y[i + 4], s[4]);    s[5] = fma(x[i + 5], y[i + 5], s[5]);
        s[6] = fma(x[i + 6], y[i + 6], s[6]);    s[7] = fma(x[i + 7], y[i + 7], s[7]);
        s[8] = fma(x[i + 8], y[i + 8], s[8]);    s[9] = fma(x[i + 9], y[i + 9], s[9]);
        s[10] = fma(x[i + 10], y[i + 10], s[10]); s[11] = fma(x[i + 11], y[i + 11], s[11]);
        s[12] = fma(x[i + 12], y[i + 12], s[12]); s[13] = fma(x[i + 13], y[i + 13], s[13]);
        s[14] = fma(x[i + 14], y[i + 14], s[14]); s[15] = fma(x[i + 15], y[i + 15], s[15]);
    }
    for (int l = 0; i < len; ++i, ++l) s[l] = fma(x[i], y[i], s[l]);
    for (int h = 8; h >= 1; h /= 2)
        for (int l = 0; l < h; ++l) s[l] += s[l + h];
    return s[0];
}

/* op(A)'s element (i, l) times s = alpha d_i, into x[0] (and x[1], the imaginary part, where es = 2):
 * op(A) is A ('N') or A^H (else). */
#define HZGSVD__DN_OPA(es, ta, A, lda, i, l, s, x)                                                          \
    do {                                                                                                 \
        const double *a_ = (ta) == 'N' ? (A) + (size_t)(es) * ((size_t)(i) + (size_t)(l) * (size_t)(lda)) \
                                       : (A) + (size_t)(es) * ((size_t)(l) + (size_t)(i) * (size_t)(lda)); \
        (x)[0] = a_[0] * (s);                                                                            \
        if ((es) == 2) (x)[1] = ((ta) == 'N' ? a_[1] : -a_[1]) * (s);                                    \
    } while (0)

/* The product (hzgsvd_dense.c), which the per-precision T factor calls. */
HZGSVD_PRIVATE void hzgsvd__dn_mm(int es, char ta, char tb, int m, int n, int k, double alpha, const double *d, const double *A, int lda,
                                  const double *Bm, int ldb, double *Cm, int ldc);

/* The state of one hzgsvd__dn_qrcp: its block and arguments, and its parts of the scratch. */
typedef struct hzgsvd__dn_qrcp_state {
    const hzgsvd__dn_block *B;
    int es, row0, m, col0, nc, lc0, lc1, nb, lds, ldv;
    double tol, *Vr, *tau;
    double *vn1, *vn2, *mark;       /* column norms (LAPACK's vn1, vn2) and the marks of those to recompute */
    double *Fc;                     /* nb x nc: Fc(t, c) = conj(F(c, t)) */
    double *T, *Gm, *aux, *vs, *W;  /* W: nb x (at most lc1 - lc0) */
} hzgsvd__dn_qrcp_state;

/* In a function with the state S: element (i, c) of its block, (t, c) of Fc, (i, t) of Vr. */
#define HZGSVD__QR_A(i, c) HZGSVD__DN_AT(S->es, S->B, S->row0 + (i), S->col0 + (c))
#define HZGSVD__QR_F(t, c) (S->Fc + (size_t)S->es * ((size_t)(t) + (size_t)(c) * S->nb))
#define HZGSVD__QR_V(i, t) (S->Vr + (size_t)S->es * ((size_t)(i) + (size_t)(t) * S->ldv))
