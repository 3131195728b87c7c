/* npy.h -- reading and writing NumPy .npy files (format 1.0 written; 1.0, 2.0 and 3.0 read) and the
 * paper's raw Fortran-order binary files, for the hzgsvd tools.  Not part of the library API.
 *
 * In memory every matrix is column major (Fortran order) with leading dimension = rows.  Real
 * matrices are double; complex ones interleaved (re, im) doubles.  Files may be in C or Fortran
 * order, little-endian float64 ('<f8') or complex128 ('<c16'); 1-D arrays are read as rows x 1.
 * Empty arrays (a zero in the shape, e.g. F with no rows: shape (0, n)) are written like any other
 * and read by npy_read_allow_empty and raw_read (npy_read refuses them); the data pointer of one
 * read is never NULL (it points at one unused double).
 */
#ifndef HZGSVD_TOOLS_NPY_H
#define HZGSVD_TOOLS_NPY_H

#include <stddef.h>

typedef struct npy_matrix {
    size_t rows, cols;
    int is_complex;   /* 1: data holds 2*rows*cols doubles, interleaved (re, im) */
    double *data;     /* column major, malloc'ed; free with npy_free */
} npy_matrix;

/* Each function returns 0 on success; on failure -1 with a one-line reason in err (errlen bytes).
 * npy_read refuses a header numpy's reader would refuse (NUL bytes, a dtype string with trailing
 * NULs, a shape that is not a tuple of non-negative integers, fortran_order other than True or
 * False) and, stricter than numpy, any file whose size is not exactly the header plus
 * product(shape) * itemsize bytes (a truncated file, or extra bytes after the data), and an empty
 * array ("empty array (shape has a zero)").  npy_read_allow_empty reads the same files and empty
 * arrays too (rows or cols 0, e.g. shape (0, n): the hzgsvd CLI's F or G without rows). */
int npy_read(const char *path, npy_matrix *out, char *err, size_t errlen);
int npy_read_allow_empty(const char *path, npy_matrix *out, char *err, size_t errlen);
/* Writes a 2-D array in Fortran order, or a 1-D array if as_vector (cols must be 1); rows or cols
 * may be 0 (the header's shape says so, no data follows; data may then be NULL). */
int npy_write(const char *path, const npy_matrix *m, int as_vector, char *err, size_t errlen);
void npy_free(npy_matrix *m);

/* Stacks (the hzgsvd CLI's batches of pairs of one shape).  npy_read_stack reads what
 * npy_read_allow_empty reads (*stacked = 0, *batch = 1: one matrix) and 3-D arrays (batch, rows,
 * cols), C or Fortran order: *stacked = 1, *batch = batch (0 for an empty stack), out->rows, out->cols the shape of each matrix, out->data the
 * matrices column major one after the other (matrix p at data + p*rows*cols elements).
 * npy_write_stack writes batch such matrices (m: the shape of one, data all of them) as a C-order
 * (batch, rows, cols) array, or with as_vector (cols 1) batch vectors as (batch, rows); batch may
 * be 0 (an empty stack: the header alone). */
int npy_read_stack(const char *path, npy_matrix *out, size_t *batch, int *stacked, char *err, size_t errlen);
int npy_write_stack(const char *path, const npy_matrix *m, size_t batch, int as_vector, char *err, size_t errlen);

/* The paper's raw files (FN.Y, FN.W in; FN.YU, FN.WV, FN.Z, FN.SY, FN.SW, FN.SS out): the elements
 * in Fortran order, no header, little-endian doubles.  Real: rows*cols doubles.  Complex:
 * rows*cols (re, im) pairs of doubles, interleaved element by element (the layout of complex128 in
 * Fortran order) -- this is what the authors' driver (GPUHZGSVD src/shared/main.cu, fread_bycol /
 * fwrite_bycol) reads and writes; it splits the pairs into real and imaginary planes only in memory.
 * FN.SY, FN.SW, FN.SS are real vectors of n doubles.  raw_read requires the file size to be exactly
 * rows*cols*(complex ? 16 : 8) bytes (0 for an empty matrix, rows or cols 0: raw_write then writes an
 * empty file). */
int raw_read(const char *path, size_t rows, size_t cols, int is_complex, npy_matrix *out, char *err, size_t errlen);
int raw_write(const char *path, const npy_matrix *m, char *err, size_t errlen);

#endif
