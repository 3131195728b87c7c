/* npy.c -- reading and writing NumPy .npy files and the paper's raw files, for the hzgsvd tools.
 * See npy.h for the contract.  Written from the published format description
 * (numpy/doc/neps/nep-0001-npy-format): magic "\x93NUMPY", major, minor, a little-endian header
 * length (2 bytes in 1.0, 4 bytes in 2.0 and 3.0), then a Python dict literal with exactly the keys
 * 'descr', 'fortran_order' and 'shape', padded with spaces and ended by '\n', then the raw data.
 *
 * Every read is bounded: the header length is capped, all sizes are computed with overflow checks,
 * and the data size is checked against the file size before anything is allocated, so a hostile
 * or truncated file yields an error message, never a crash or a huge allocation.
 *
 * The reader is strict: it refuses a header numpy's own reader would refuse (NUL bytes, a dtype
 * string with NULs after it, a shape that is not a tuple of non-negative integers, fortran_order
 * other than True or False), and, stricter than numpy, the file must end exactly where the data
 * does (header + product(shape) * itemsize bytes): a file with extra bytes is more likely a wrong
 * or damaged file than a matrix, so it is refused rather than half read.
 */
#define _POSIX_C_SOURCE 200809L
#include "tools/cli/npy.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#define NPY_MAX_HEADER (1u << 20) /* numpy itself refuses headers over 10000 bytes by default */

static int npy__fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        (void)vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int npy__host_is_little(void)
{
    const uint16_t one = 1;
    unsigned char b;
    memcpy(&b, &one, 1);
    return b == 1;
}

static void npy__swap8(double *x, size_t count)
{
    for (size_t i = 0; i < count; ++i) {
        unsigned char b[8], t;
        memcpy(b, &x[i], 8);
        for (int k = 0; k < 4; ++k) { t = b[k]; b[k] = b[7 - k]; b[7 - k] = t; }
        memcpy(&x[i], b, 8);
    }
}

/* a*b without overflow: returns 0 and sets *r, or -1 on overflow */
static int npy__mul(size_t a, size_t b, size_t *r)
{
    if (a != 0 && b > SIZE_MAX / a) return -1;
    *r = a * b;
    return 0;
}

/* Remaining bytes of an open file from its current position, or -1 if unknown. */
static long long npy__remaining(FILE *f)
{
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) return -1;
    long pos = ftell(f);
    if (pos < 0) return -1;
    return (long long)st.st_size - (long long)pos;
}

/* ------------------------------------------------------------------------------------------ */
/* header parsing                                                                             */

/* Replace anything but printable ASCII by '?', so messages quoting a file stay one clean line. */
static void npy__clean(char *s)
{
    for (; *s; ++s)
        if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e) *s = '?';
}

typedef struct {
    const char *s, *end;
} npy__cur;

static void npy__ws(npy__cur *c)
{
    while (c->s < c->end && (*c->s == ' ' || *c->s == '\t' || *c->s == '\n' || *c->s == '\r')) ++c->s;
}

static int npy__eat(npy__cur *c, char ch)
{
    npy__ws(c);
    if (c->s < c->end && *c->s == ch) { ++c->s; return 1; }
    return 0;
}

/* A Python string literal in single or double quotes without escapes; copies up to cap-1 chars.
 * -1 if malformed; -3 if it holds a NUL or another control byte (which a C string comparison
 * would silently cut off: '<f8\0\0' must not pass for '<f8'). */
static int npy__str(npy__cur *c, char *buf, size_t cap)
{
    npy__ws(c);
    if (c->s >= c->end || (*c->s != '\'' && *c->s != '"')) return -1;
    const char q = *c->s++;
    size_t n = 0;
    while (c->s < c->end && *c->s != q) {
        if (*c->s == '\\' || *c->s == '\n') return -1;
        if ((unsigned char)*c->s < 0x20 || *c->s == 0x7f) return -3;
        if (n + 1 < cap) buf[n++] = *c->s;
        else return -1;
        ++c->s;
    }
    if (c->s >= c->end) return -1;
    ++c->s;
    buf[n] = '\0';
    return 0;
}

/* The string literal at s (up to its closing quote, at most cap-1 bytes) with control bytes shown as
 * \xNN, for a message that must show what a C string would hide. */
static void npy__show_literal(const char *s, const char *end, char *out, size_t cap)
{
    size_t n = 0;
    const char q = (s < end) ? *s : '\0';
    for (const char *p = s; p < end && n + 5 < cap; ++p) {
        const unsigned char ch = (unsigned char)*p;
        if (ch < 0x20 || ch >= 0x7f) n += (size_t)snprintf(out + n, cap - n, "\\x%02x", ch);
        else out[n++] = (char)ch;
        if (p > s && *p == q) break;
    }
    out[n] = '\0';
}

static int npy__word(npy__cur *c, const char *w)
{
    npy__ws(c);
    const size_t n = strlen(w);
    if ((size_t)(c->end - c->s) >= n && memcmp(c->s, w, n) == 0) {
        const char *after = c->s + n;
        if (after < c->end && ((*after >= 'a' && *after <= 'z') || (*after >= 'A' && *after <= 'Z') ||
                               (*after >= '0' && *after <= '9') || *after == '_'))
            return 0;
        c->s = after;
        return 1;
    }
    return 0;
}

/* A non-negative Python integer literal in decimal.  Python 2 wrote a trailing L, which numpy still
 * reads in format 1.0 and 2.0 files (allow_long); 3.0 files come from Python 3 only.  A leading
 * zero ("012") is not a Python 3 integer. */
static int npy__uint(npy__cur *c, size_t *v, int allow_long)
{
    npy__ws(c);
    if (c->s >= c->end || *c->s < '0' || *c->s > '9') return -1;
    if (*c->s == '0' && c->s + 1 < c->end && c->s[1] >= '0' && c->s[1] <= '9') return -1;
    size_t x = 0;
    while (c->s < c->end && *c->s >= '0' && *c->s <= '9') {
        const size_t d = (size_t)(*c->s - '0');
        if (x > (SIZE_MAX - d) / 10) return -2;
        x = x * 10 + d;
        ++c->s;
    }
    if (allow_long && c->s < c->end && *c->s == 'L') ++c->s;
    *v = x;
    return 0;
}

typedef struct {
    char descr[32];
    int fortran;
    int ndim;
    size_t dims[3];
} npy__hdr;

static int npy__parse_header(const char *h, size_t len, unsigned major, npy__hdr *out, const char *path,
                             char *err, size_t errlen)
{
    npy__cur c = {h, h + len};
    int have_descr = 0, have_fortran = 0, have_shape = 0;
    if (!npy__eat(&c, '{')) return npy__fail(err, errlen, "%s: malformed .npy header (no '{')", path);
    for (;;) {
        if (npy__eat(&c, '}')) break;
        char key[32];
        const int kr = npy__str(&c, key, sizeof key);
        if (kr == -3) return npy__fail(err, errlen, "%s: malformed .npy header (a key holds a NUL or control byte)", path);
        if (kr != 0) return npy__fail(err, errlen, "%s: malformed .npy header (bad key)", path);
        if (!npy__eat(&c, ':')) return npy__fail(err, errlen, "%s: malformed .npy header (no ':')", path);
        if (strcmp(key, "descr") == 0) {
            if (have_descr++) return npy__fail(err, errlen, "%s: malformed .npy header (duplicate 'descr')", path);
            npy__ws(&c);
            if (c.s < c.end && *c.s == '[')
                return npy__fail(err, errlen, "%s: structured dtype is not supported (need float64 '<f8' or complex128 '<c16')", path);
            const char *lit = c.s;
            const int dr = npy__str(&c, out->descr, sizeof out->descr);
            if (dr == -3) {
                char shown[64];
                npy__show_literal(lit, c.end, shown, sizeof shown);
                return npy__fail(err, errlen, "%s: dtype description %s holds a NUL or control byte: not a valid dtype "
                                 "(need float64 '<f8' or complex128 '<c16')", path, shown);
            }
            if (dr != 0)
                return npy__fail(err, errlen, "%s: unsupported dtype description (need float64 '<f8' or complex128 '<c16')", path);
        } else if (strcmp(key, "fortran_order") == 0) {
            if (have_fortran++) return npy__fail(err, errlen, "%s: malformed .npy header (duplicate 'fortran_order')", path);
            if (npy__word(&c, "True")) out->fortran = 1;
            else if (npy__word(&c, "False")) out->fortran = 0;
            else return npy__fail(err, errlen, "%s: malformed .npy header (fortran_order is not True/False)", path);
        } else if (strcmp(key, "shape") == 0) {
            if (have_shape++) return npy__fail(err, errlen, "%s: malformed .npy header (duplicate 'shape')", path);
            if (!npy__eat(&c, '(')) return npy__fail(err, errlen, "%s: malformed .npy header (shape is not a tuple)", path);
            int nd = 0, comma = 0;
            for (;;) {
                if (npy__eat(&c, ')')) break;
                size_t v = 0;
                const int r = npy__uint(&c, &v, major < 3);
                if (r == -2) return npy__fail(err, errlen, "%s: array dimension too large", path);
                if (r != 0)
                    return npy__fail(err, errlen, "%s: malformed .npy header (shape is not a tuple of non-negative integers)", path);
                if (nd < 3) out->dims[nd] = v;
                if (nd < 1000) ++nd;
                comma = npy__eat(&c, ',');
                if (comma) continue;
                if (npy__eat(&c, ')')) break;
                return npy__fail(err, errlen, "%s: malformed .npy header (shape is not a tuple of non-negative integers)", path);
            }
            /* Python reads "(3)" as the integer 3, not a tuple: a 1-tuple is "(3,)" */
            if (nd == 1 && !comma)
                return npy__fail(err, errlen, "%s: malformed .npy header (shape (%zu) is not a tuple; a 1-D shape is written (%zu,))",
                                 path, out->dims[0], out->dims[0]);
            out->ndim = nd;
        } else {
            npy__clean(key);
            return npy__fail(err, errlen, "%s: malformed .npy header (unexpected key '%s')", path, key);
        }
        if (npy__eat(&c, ',')) continue;
        if (npy__eat(&c, '}')) break;
        return npy__fail(err, errlen, "%s: malformed .npy header (expected ',' or '}')", path);
    }
    /* the format pads with spaces and a final '\n'; numpy's reader (a Python literal) refuses NULs */
    npy__ws(&c);
    if (c.s != c.end) {
        if (memchr(c.s, '\0', (size_t)(c.end - c.s)) != NULL)
            return npy__fail(err, errlen, "%s: malformed .npy header (NUL bytes after the dictionary; the format pads with spaces)", path);
        return npy__fail(err, errlen, "%s: malformed .npy header (trailing characters)", path);
    }
    if (!have_descr || !have_fortran || !have_shape)
        return npy__fail(err, errlen, "%s: malformed .npy header (needs 'descr', 'fortran_order' and 'shape')", path);
    return 0;
}

/* Classify the dtype string: 1 real, 2 complex, or -1 with a message. */
static int npy__dtype(char *d, const char *path, char *err, size_t errlen)
{
    npy__clean(d);
    if (strcmp(d, "<f8") == 0) return 1;
    if (strcmp(d, "<c16") == 0) return 2;
    if (npy__host_is_little()) {
        if (strcmp(d, "=f8") == 0) return 1;
        if (strcmp(d, "=c16") == 0) return 2;
    }
    const char *what = "unsupported dtype";
    if (d[0] == '>' && (strcmp(d + 1, "f8") == 0 || strcmp(d + 1, "c16") == 0)) what = "big-endian dtype is not supported";
    else if (strcmp(d + (d[0] ? 1 : 0), "f4") == 0) what = "float32 is not supported";
    else if (strcmp(d + (d[0] ? 1 : 0), "c8") == 0) what = "complex64 is not supported";
    else if (strcmp(d + (d[0] ? 1 : 0), "f2") == 0 || strcmp(d + (d[0] ? 1 : 0), "f16") == 0 ||
             strcmp(d + (d[0] ? 1 : 0), "f12") == 0) what = "this floating-point width is not supported";
    else if (strchr("<>=|", d[0]) && d[0] && (d[1] == 'i' || d[1] == 'u' || d[1] == 'b')) what = "integer/boolean dtype is not supported";
    else if (strchr("<>=|", d[0]) && d[0] && d[1] == 'O') what = "object arrays are not supported";
    return npy__fail(err, errlen, "%s: %s: '%s' (need float64 '<f8' or complex128 '<c16')", path, what, d);
}

/* Read count doubles (little endian in the file) into dst; -1 if short. */
static int npy__read_doubles(FILE *f, double *dst, size_t count)
{
    if (fread(dst, sizeof(double), count, f) != count) return -1;
    if (!npy__host_is_little()) npy__swap8(dst, count);
    return 0;
}

/* Opens path and checks everything but the values: magic, version, header, dtype, shape, and that
 * the file holds exactly the data the header describes.  On success *fp is positioned at the data
 * and the shape is in out (data NULL; a 3-D array, where batch is not NULL: its matrices' shape,
 * their number in *batch); on failure the file is closed.  */
static int npy__open(const char *path, FILE **fp, npy_matrix *out, size_t *nbytes_out, int *fortran,
                     int *ndim, int allow_empty, size_t *batch, char *err, size_t errlen)
{
    if (!out) return npy__fail(err, errlen, "npy_read: null output");
    out->rows = out->cols = 0;
    out->is_complex = 0;
    out->data = NULL;
    if (!path) return npy__fail(err, errlen, "npy_read: null path");

    FILE *f = fopen(path, "rb");
    if (!f) return npy__fail(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    {
        struct stat st;
        if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
            fclose(f);
            return npy__fail(err, errlen, "%s: is a directory", path);
        }
    }

    unsigned char pre[12];
    char *hdr = NULL;
    int rc = -1;

    if (fread(pre, 1, 8, f) != 8 || memcmp(pre, "\x93NUMPY", 6) != 0) {
        npy__fail(err, errlen, "%s: not a .npy file (bad magic)", path);
        goto done;
    }
    const unsigned major = pre[6], minor = pre[7];
    size_t hlen;
    if (major == 1) {
        if (fread(pre + 8, 1, 2, f) != 2) { npy__fail(err, errlen, "%s: truncated .npy header", path); goto done; }
        hlen = (size_t)pre[8] | ((size_t)pre[9] << 8);
    } else if (major == 2 || major == 3) {
        if (fread(pre + 8, 1, 4, f) != 4) { npy__fail(err, errlen, "%s: truncated .npy header", path); goto done; }
        const uint32_t l = (uint32_t)pre[8] | ((uint32_t)pre[9] << 8) | ((uint32_t)pre[10] << 16) | ((uint32_t)pre[11] << 24);
        if (l > NPY_MAX_HEADER) { npy__fail(err, errlen, "%s: .npy header length %lu is absurd", path, (unsigned long)l); goto done; }
        hlen = (size_t)l;
    } else {
        npy__fail(err, errlen, "%s: unsupported .npy format version %u.%u (need 1.0, 2.0 or 3.0)", path, major, minor);
        goto done;
    }
    if (minor != 0) {
        npy__fail(err, errlen, "%s: unsupported .npy format version %u.%u (need 1.0, 2.0 or 3.0)", path, major, minor);
        goto done;
    }
    if (hlen == 0) { npy__fail(err, errlen, "%s: empty .npy header", path); goto done; }
    {
        const long long rem = npy__remaining(f);
        if (rem >= 0 && (unsigned long long)rem < (unsigned long long)hlen) {
            npy__fail(err, errlen, "%s: truncated .npy header", path);
            goto done;
        }
    }
    hdr = malloc(hlen);
    if (!hdr) { npy__fail(err, errlen, "%s: out of memory reading header", path); goto done; }
    if (fread(hdr, 1, hlen, f) != hlen) { npy__fail(err, errlen, "%s: truncated .npy header", path); goto done; }

    npy__hdr h;
    memset(&h, 0, sizeof h);
    if (npy__parse_header(hdr, hlen, major, &h, path, err, errlen) != 0) goto done;
    const int kind = npy__dtype(h.descr, path, err, errlen);
    if (kind < 0) goto done;
    if (h.ndim == 0) { npy__fail(err, errlen, "%s: 0-d arrays (scalars) are not supported (need 1-D or 2-D)", path); goto done; }
    if (h.ndim > (batch ? 3 : 2)) {
        npy__fail(err, errlen, "%s: %d-D arrays are not supported (need 1-D or 2-D%s)", path, h.ndim, batch ? ", or 3-D: a stack" : "");
        goto done;
    }

    /* an empty array (a zero in the shape: F or G without rows) only where the caller takes it */
    const int d0 = h.ndim == 3;   /* a stack: (batch, rows, cols) */
    const size_t nb = d0 ? h.dims[0] : 1, rows = h.dims[d0], cols = (h.ndim >= 2) ? h.dims[d0 + 1] : 1;
    if (!allow_empty && (rows == 0 || cols == 0)) { npy__fail(err, errlen, "%s: empty array (shape has a zero)", path); goto done; }
    const size_t per = (kind == 2) ? 2 : 1; /* doubles per element */
    size_t nel, ndbl, nbytes;
    if (npy__mul(rows, cols, &nel) || npy__mul(nel, nb, &nel) || npy__mul(nel, per, &ndbl) || npy__mul(ndbl, sizeof(double), &nbytes)) {
        npy__fail(err, errlen, "%s: array size overflows", path);
        goto done;
    }
    {
        /* Exactly header + data: fewer bytes is a truncated file, more is not this array (or not
         * only it).  A file whose size is unknown (a pipe) is checked at the end of the read. */
        const long long rem = npy__remaining(f);
        if (rem >= 0 && (unsigned long long)rem < (unsigned long long)nbytes) {
            npy__fail(err, errlen, "%s: truncated data (%lld bytes, need %zu)", path, rem, nbytes);
            goto done;
        }
        if (rem >= 0 && (unsigned long long)rem > (unsigned long long)nbytes) {
            const unsigned long long extra = (unsigned long long)rem - (unsigned long long)nbytes;
            npy__fail(err, errlen, "%s: %llu extra byte%s after the data (a %zu x %zu %s array needs exactly %zu bytes after "
                      "the header, the file has %lld)", path, extra, extra == 1 ? "" : "s",
                      rows, cols, kind == 2 ? "complex128" : "float64", nbytes, rem);
            goto done;
        }
    }
    out->rows = rows;
    out->cols = cols;
    out->is_complex = (kind == 2);
    if (batch) *batch = nb;
    *nbytes_out = nbytes;
    *fortran = h.fortran;
    *ndim = h.ndim;
    rc = 0;
done:
    free(hdr);
    if (rc == 0) *fp = f;
    else fclose(f);
    return rc;
}

/* A Fortran-ordered stack (nb, rows, cols), as read into src (element (p, i, j) at p + nb (i + rows j)),
 * into dst as nb column-major matrices one after the other; per doubles per element. */
static void npy__unstack_fortran(const double *src, double *dst, size_t nb, size_t rows, size_t cols, size_t per)
{
    for (size_t j = 0; j < cols; ++j)
        for (size_t i = 0; i < rows; ++i)
            for (size_t p = 0; p < nb; ++p)
                memcpy(dst + per * (p * rows * cols + i + j * rows), src + per * (p + nb * (i + rows * j)), per * sizeof(double));
}

/* The data of an opened file into data (column major; a stack: nb matrices one after the other). */
static int npy__read_data(FILE *f, double *data, size_t nb, size_t rows, size_t cols, size_t per, int fortran, int ndim,
                          const char *path, char *err, size_t errlen)
{
    size_t ndbl, rowlen;
    if (npy__mul(rows * cols, nb * per, &ndbl) || npy__mul(cols, per, &rowlen)) return npy__fail(err, errlen, "%s: array size overflows", path);
    if ((fortran && nb == 1) || (!fortran && (ndim == 1 || cols == 1 || rows == 1)) || ndbl == 0) {
        /* the byte order of the elements is already column major (matrix by matrix) */
        if (npy__read_doubles(f, data, ndbl) != 0) return npy__fail(err, errlen, "%s: truncated data", path);
        return 0;
    }
    double *tmp = malloc((fortran ? ndbl : rowlen) * sizeof(double));
    if (!tmp) return npy__fail(err, errlen, "%s: out of memory", path);
    int rc = 0;
    if (fortran) {          /* a Fortran-ordered stack: the pairs interleaved element by element */
        rc = npy__read_doubles(f, tmp, ndbl);
        if (rc == 0) npy__unstack_fortran(tmp, data, nb, rows, cols, per);
    } else {                /* C order: read row by row (of every matrix in turn), scatter into columns */
        for (size_t r = 0; r < nb * rows && rc == 0; ++r) {
            double *dst = data + per * (r / rows) * rows * cols;
            const size_t i = r % rows;
            rc = npy__read_doubles(f, tmp, rowlen);
            for (size_t j = 0; rc == 0 && j < cols; ++j) memcpy(dst + per * (i + j * rows), tmp + per * j, per * sizeof(double));
        }
    }
    free(tmp);
    return rc != 0 ? npy__fail(err, errlen, "%s: truncated data", path) : 0;
}

static int npy__read(const char *path, npy_matrix *out, int allow_empty, size_t *batch, int *stacked, char *err, size_t errlen)
{
    FILE *f = NULL;
    size_t nbytes = 0, nb = 0;
    int fortran = 0, ndim = 0;
    if (npy__open(path, &f, out, &nbytes, &fortran, &ndim, allow_empty, batch ? &nb : NULL, err, errlen) != 0) return -1;
    double *data = malloc(nbytes ? nbytes : sizeof(double));   /* never NULL, also for an empty array */
    int rc = -1;
    if (!data) npy__fail(err, errlen, "%s: out of memory (%zu bytes)", path, nbytes);
    else if (npy__read_data(f, data, batch ? nb : 1, out->rows, out->cols, out->is_complex ? 2 : 1, fortran, ndim, path, err, errlen) != 0) {}
    /* the size check of npy__open could not be made on a pipe */
    else if (fgetc(f) != EOF) npy__fail(err, errlen, "%s: extra bytes after the data", path);
    else rc = 0;
    fclose(f);
    if (rc != 0) {
        free(data);
        out->rows = out->cols = 0;
        out->is_complex = 0;
        return -1;
    }
    out->data = data;
    if (batch) *batch = nb;
    if (stacked) *stacked = ndim == 3;
    return 0;
}

int npy_read(const char *path, npy_matrix *out, char *err, size_t errlen)
{
    return npy__read(path, out, 0, NULL, NULL, err, errlen);
}

int npy_read_allow_empty(const char *path, npy_matrix *out, char *err, size_t errlen)
{
    return npy__read(path, out, 1, NULL, NULL, err, errlen);
}

int npy_read_stack(const char *path, npy_matrix *out, size_t *batch, int *stacked, char *err, size_t errlen)
{
    if (!batch || !stacked) return npy__fail(err, errlen, "npy_read_stack: null batch or stacked");
    return npy__read(path, out, 1, batch, stacked, err, errlen);
}

/* Write count doubles little endian. */
static int npy__write_doubles(FILE *f, const double *src, size_t count)
{
    if (npy__host_is_little()) return fwrite(src, sizeof(double), count, f) == count ? 0 : -1;
    double buf[256];
    while (count) {
        const size_t k = count < 256 ? count : 256;
        memcpy(buf, src, k * sizeof(double));
        npy__swap8(buf, k);
        if (fwrite(buf, sizeof(double), k, f) != k) return -1;
        src += k;
        count -= k;
    }
    return 0;
}

static int npy__check_matrix(const npy_matrix *m, const char *path, size_t *ndbl, char *err, size_t errlen)
{
    if (!m) return npy__fail(err, errlen, "%s: no matrix to write", path);
    size_t nel;
    if (npy__mul(m->rows, m->cols, &nel) || npy__mul(nel, m->is_complex ? 2 : 1, ndbl) ||
        *ndbl > SIZE_MAX / sizeof(double))
        return npy__fail(err, errlen, "%s: matrix size overflows", path);
    /* an empty matrix (rows or cols 0) is written too: the header (.npy) or nothing (raw) */
    if (!m->data && *ndbl > 0) return npy__fail(err, errlen, "%s: no matrix to write", path);
    return 0;
}

/* A stack of nb column-major matrices (rows x cols each) written in C order, (nb, rows, cols): each
 * matrix row by row.  -1 on a failed write. */
static int npy__write_stack_c(FILE *f, const double *data, size_t nb, size_t rows, size_t cols, size_t per)
{
    double buf[512];
    const size_t chunk = sizeof buf / sizeof buf[0] / per;
    for (size_t p = 0; p < nb; ++p)
        for (size_t i = 0; i < rows; ++i)
            for (size_t j0 = 0; j0 < cols; j0 += chunk) {
                const size_t k = cols - j0 < chunk ? cols - j0 : chunk;
                for (size_t j = 0; j < k; ++j)
                    memcpy(buf + per * j, data + per * (p * rows * cols + i + (j0 + j) * rows), per * sizeof(double));
                if (npy__write_doubles(f, buf, per * k) != 0) return -1;
            }
    return 0;
}

/* The file: a format 1.0 header for shape (a tuple's text) and order, then m's data (batch = 0:
 * as it is, in Fortran order; else nb matrices transposed into C order, or nb vectors as they are). */
static int npy__write(const char *path, const npy_matrix *m, size_t nb, int fortran, const char *shape, size_t ndbl,
                      char *err, size_t errlen)
{
    char dict[256];
    const int dl = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }",
                            m->is_complex ? "<c16" : "<f8", fortran ? "True" : "False", shape);
    if (dl < 0 || (size_t)dl >= sizeof dict) return npy__fail(err, errlen, "%s: header too long", path);
    /* magic(6) + version(2) + hlen(2) + dict + spaces + '\n' = multiple of 64 */
    size_t total = 10 + (size_t)dl + 1;
    total = (total + 63) / 64 * 64;
    const size_t hlen = total - 10;
    char hdr[320];
    memcpy(hdr, "\x93NUMPY\x01\x00", 8);
    hdr[8] = (char)(hlen & 0xff);
    hdr[9] = (char)((hlen >> 8) & 0xff);
    memcpy(hdr + 10, dict, (size_t)dl);
    memset(hdr + 10 + dl, ' ', total - 10 - (size_t)dl - 1);
    hdr[total - 1] = '\n';

    FILE *f = fopen(path, "wb");
    if (!f) return npy__fail(err, errlen, "%s: cannot create: %s", path, strerror(errno));
    int bad = fwrite(hdr, 1, total, f) != total;
    if (!bad && nb > 0 && m->cols > 1) bad = npy__write_stack_c(f, m->data, nb, m->rows, m->cols, m->is_complex ? 2 : 1) != 0;
    else if (!bad) bad = npy__write_doubles(f, m->data, ndbl) != 0;
    if (fclose(f) != 0) bad = 1;
    if (bad) return npy__fail(err, errlen, "%s: write failed: %s", path, strerror(errno));
    return 0;
}

int npy_write(const char *path, const npy_matrix *m, int as_vector, char *err, size_t errlen)
{
    if (!path) return npy__fail(err, errlen, "npy_write: null path");
    size_t ndbl;
    if (npy__check_matrix(m, path, &ndbl, err, errlen) != 0) return -1;
    if (as_vector && m->cols != 1) return npy__fail(err, errlen, "%s: a vector must have one column", path);
    char shape[64];
    if (as_vector) snprintf(shape, sizeof shape, "(%zu,)", m->rows);
    else snprintf(shape, sizeof shape, "(%zu, %zu)", m->rows, m->cols);
    return npy__write(path, m, 0, !as_vector, shape, ndbl, err, errlen);
}

int npy_write_stack(const char *path, const npy_matrix *m, size_t batch, int as_vector, char *err, size_t errlen)
{
    if (!path) return npy__fail(err, errlen, "npy_write_stack: null path");
    size_t ndbl;
    if (npy__check_matrix(m, path, &ndbl, err, errlen) != 0) return -1;
    if (as_vector && m->cols != 1) return npy__fail(err, errlen, "%s: a vector must have one column", path);
    if (batch > 0 && npy__mul(ndbl, batch, &ndbl)) return npy__fail(err, errlen, "%s: stack size overflows", path);
    if (batch == 0) ndbl = 0;
    char shape[96];
    if (as_vector) snprintf(shape, sizeof shape, "(%zu, %zu)", batch, m->rows);
    else snprintf(shape, sizeof shape, "(%zu, %zu, %zu)", batch, m->rows, m->cols);
    return npy__write(path, m, batch, 0, shape, ndbl, err, errlen);
}

void npy_free(npy_matrix *m)
{
    if (!m) return;
    free(m->data);
    m->data = NULL;
    m->rows = m->cols = 0;
    m->is_complex = 0;
}

/* ------------------------------------------------------------------------------------------ */
/* raw files                                                                                  */

int raw_read(const char *path, size_t rows, size_t cols, int is_complex, npy_matrix *out, char *err, size_t errlen)
{
    if (!out) return npy__fail(err, errlen, "raw_read: null output");
    out->rows = out->cols = 0;
    out->is_complex = 0;
    out->data = NULL;
    if (!path) return npy__fail(err, errlen, "raw_read: null path");
    size_t nel, ndbl, nbytes;   /* rows or cols 0: an empty matrix, the file must be empty */
    if (npy__mul(rows, cols, &nel) || npy__mul(nel, is_complex ? 2 : 1, &ndbl) || npy__mul(ndbl, sizeof(double), &nbytes))
        return npy__fail(err, errlen, "%s: matrix size overflows", path);
    FILE *f = fopen(path, "rb");
    if (!f) return npy__fail(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        fclose(f);
        return npy__fail(err, errlen, "%s: not a regular file", path);
    }
    if ((unsigned long long)st.st_size != (unsigned long long)nbytes) {
        fclose(f);
        return npy__fail(err, errlen, "%s: has %lld bytes, expected %zu for a %zu x %zu %s matrix", path,
                         (long long)st.st_size, nbytes, rows, cols, is_complex ? "complex" : "real");
    }
    double *data = malloc(nbytes ? nbytes : sizeof(double));   /* never NULL, also for an empty matrix */
    if (!data) {
        fclose(f);
        return npy__fail(err, errlen, "%s: out of memory (%zu bytes)", path, nbytes);
    }
    if (npy__read_doubles(f, data, ndbl) != 0) {
        free(data);
        fclose(f);
        return npy__fail(err, errlen, "%s: short read", path);
    }
    fclose(f);
    out->rows = rows;
    out->cols = cols;
    out->is_complex = is_complex ? 1 : 0;
    out->data = data;
    return 0;
}

int raw_write(const char *path, const npy_matrix *m, char *err, size_t errlen)
{
    if (!path) return npy__fail(err, errlen, "raw_write: null path");
    size_t ndbl;
    if (npy__check_matrix(m, path, &ndbl, err, errlen) != 0) return -1;
    FILE *f = fopen(path, "wb");
    if (!f) return npy__fail(err, errlen, "%s: cannot create: %s", path, strerror(errno));
    int bad = npy__write_doubles(f, m->data, ndbl) != 0;
    if (fclose(f) != 0) bad = 1;
    if (bad) return npy__fail(err, errlen, "%s: write failed: %s", path, strerror(errno));
    return 0;
}
