// hzgsvd._cpu: the CPU engine's entry points on host arrays.  Each function takes arrays the
// Python side has already allocated in the engine's layout (column major, float64 or complex128,
// which nanobind checks through the buffer protocol / DLPack), calls the engine with the GIL
// released and returns (status, info dict).  Policy (copies, dtypes, exceptions) lives in
// src/hzgsvd/_gsvd.py.
#include <nanobind/ndarray.h>

#include <complex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "binding_common.h"
#include "hzgsvd_cpu.h"

using namespace hzgsvd_py;

namespace {

template <typename T> using Mat = nb::ndarray<T, nb::ndim<2>, nb::f_contig, nb::device::cpu>;
template <typename T> using CMat = nb::ndarray<const T, nb::ndim<2>, nb::f_contig, nb::device::cpu>;
using Vec = nb::ndarray<double, nb::ndim<1>, nb::c_contig, nb::device::cpu>;
using CVec = nb::ndarray<const double, nb::ndim<1>, nb::c_contig, nb::device::cpu>;
// A stack of b column-major matrices, m x n each: C order (b, n, m), i.e. numpy's (b, m, n) with
// its last two axes swapped; and b vectors of n (b, n).
template <typename T> using Stack = nb::ndarray<T, nb::ndim<3>, nb::c_contig, nb::device::cpu>;
using VStack = nb::ndarray<double, nb::ndim<2>, nb::c_contig, nb::device::cpu>;

// The engine's double * for a T array (complex: interleaved doubles, std::complex's layout).
template <typename T> double *dptr(T *p) { return reinterpret_cast<double *>(p); }
template <typename T> const double *dptr(const T *p) { return reinterpret_cast<const double *>(p); }

template <typename T> struct Engine;
template <> struct Engine<double> {
    static constexpr auto gsvd = hzgsvd_cpu_dgsvd;
    static constexpr auto gsvd_batched = hzgsvd_cpu_dgsvd_batched;
    static constexpr auto gsvdx = hzgsvd_cpu_dgsvdx;
    static constexpr auto x_from_outputs = hzgsvd_cpu_dx_from_outputs;
};
template <> struct Engine<std::complex<double>> {
    static constexpr auto gsvd = hzgsvd_cpu_zgsvd;
    static constexpr auto gsvd_batched = hzgsvd_cpu_zgsvd_batched;
    static constexpr auto gsvdx = hzgsvd_cpu_zgsvdx;
    static constexpr auto x_from_outputs = hzgsvd_cpu_zx_from_outputs;
};

void check_square(size_t rows, size_t cols, int n, const char *name)
{
    if (rows != (size_t)n || cols != (size_t)n)
        throw nb::value_error((std::string(name) + " must be n x n").c_str());
}

void check_vec(const std::optional<Vec> &v, int n, const char *name)
{
    if (v && v->shape(0) != (size_t)n)
        throw nb::value_error((std::string(name) + " must have n entries").c_str());
}

// F (m_f x n) and G (m_g x n) are overwritten by U and V.  Z and X (n x n) may each be None, not
// both (the engine needs Z unless X is wanted); X selects the gsvdx entry point.
template <typename T>
nb::tuple gsvd(Mat<T> F, Mat<T> G, std::optional<Mat<T>> Z, std::optional<Mat<T>> X,
               std::optional<Vec> sigma_f, std::optional<Vec> sigma_g, std::optional<Vec> sigma,
               const nb::dict &options, nb::handle progress)
{
    const int m_f = checked_int(F.shape(0), "F's rows"), m_g = checked_int(G.shape(0), "G's rows");
    const int n = checked_int(F.shape(1), "n");
    if (G.shape(1) != F.shape(1))
        throw nb::value_error("F and G must have the same number of columns");
    if (!Z && !X)
        throw nb::value_error("Z or X is needed");
    if (Z) check_square(Z->shape(0), Z->shape(1), n, "Z");
    if (X) check_square(X->shape(0), X->shape(1), n, "X");
    check_vec(sigma_f, n, "sigma_f");
    check_vec(sigma_g, n, "sigma_g");
    check_vec(sigma, n, "sigma");

    EngineCall call(options, progress);
    double *z = Z ? dptr(Z->data()) : nullptr, *x = X ? dptr(X->data()) : nullptr;
    double *sf = sigma_f ? sigma_f->data() : nullptr, *sg = sigma_g ? sigma_g->data() : nullptr;
    double *s = sigma ? sigma->data() : nullptr;
    hzgsvd_status st;
    {
        nb::gil_scoped_release release;
        if (x)
            st = Engine<T>::gsvdx(m_f, m_g, n, dptr(F.data()), leading_dim(F.shape(0)), dptr(G.data()),
                                  leading_dim(G.shape(0)), z, n, x, n, sf, sg, s, &call.opt, &call.info);
        else
            st = Engine<T>::gsvd(m_f, m_g, n, dptr(F.data()), leading_dim(F.shape(0)), dptr(G.data()),
                                 leading_dim(G.shape(0)), z, n, sf, sg, s, &call.opt, &call.info);
    }
    return call.finish(st);
}

void check_vstack(const std::optional<VStack> &v, size_t b, size_t n, const char *name)
{
    if (v && (v->shape(0) != b || v->shape(1) != n))
        throw nb::value_error((std::string(name) + " must be (batch, n)").c_str());
}

// A batch of b pairs of one shape (hzgsvd_cpu_?gsvd_batched): F (b, n, m_f) and G (b, n, m_g),
// each pair column major (see Stack), overwritten by U and V; Z (b, n, n); the sigmas (b, n) or
// None.  The options' progress is not called by a batch (no bridge); cancel is not set.
// Returns (status, [status per pair], [info dict per pair]).
template <typename T>
nb::tuple gsvd_batched(Stack<T> F, Stack<T> G, Stack<T> Z, std::optional<VStack> sigma_f,
                       std::optional<VStack> sigma_g, std::optional<VStack> sigma, const nb::dict &options)
{
    const size_t b = F.shape(0), nn = F.shape(1);
    if (G.shape(0) != b || Z.shape(0) != b)
        throw nb::value_error("F, G and Z must hold the same number of pairs");
    if (G.shape(1) != nn || Z.shape(1) != nn || Z.shape(2) != nn)
        throw nb::value_error("F, G and Z must have n columns (Z: n x n)");
    check_vstack(sigma_f, b, nn, "sigma_f");
    check_vstack(sigma_g, b, nn, "sigma_g");
    check_vstack(sigma, b, nn, "sigma");
    const int batch = checked_int(b, "the number of pairs"), n = checked_int(nn, "n");
    const int m_f = checked_int(F.shape(2), "F's rows"), m_g = checked_int(G.shape(2), "G's rows");
    const int ldf = leading_dim(F.shape(2)), ldg = leading_dim(G.shape(2)), ldz = leading_dim(nn);
    const hzgsvd_options opt = options_from_dict(options);
    std::vector<hzgsvd_status> status(b > 0 ? b : 1);
    std::vector<hzgsvd_info> info(b > 0 ? b : 1);
    hzgsvd_status st;
    {
        nb::gil_scoped_release release;
        st = Engine<T>::gsvd_batched(m_f, m_g, n, dptr(F.data()), ldf, (long long)ldf * n, dptr(G.data()), ldg,
                                     (long long)ldg * n, dptr(Z.data()), ldz, (long long)ldz * n,
                                     sigma_f ? sigma_f->data() : nullptr, sigma_g ? sigma_g->data() : nullptr,
                                     sigma ? sigma->data() : nullptr, n, batch, &opt, status.data(), info.data());
    }
    nb::list statuses, infos;
    for (size_t i = 0; i < b; ++i) {
        statuses.append((int)status[i]);
        infos.append(info_to_dict(info[i]));
    }
    return nb::make_tuple((int)st, statuses, infos, info_to_dict(info[0]));
}

// X (n x n) from an unchanged copy of the input (F0, G0) and any engine's outputs.
template <typename T>
nb::tuple x_from_outputs(CMat<T> F0, CMat<T> G0, CMat<T> U, CMat<T> V, CMat<T> Z, CVec sigma_f,
                         CVec sigma_g, Mat<T> X)
{
    const int m_f = checked_int(F0.shape(0), "F's rows"), m_g = checked_int(G0.shape(0), "G's rows");
    const int n = checked_int(F0.shape(1), "n");
    if (G0.shape(1) != (size_t)n || U.shape(0) != (size_t)m_f || U.shape(1) != (size_t)n ||
        V.shape(0) != (size_t)m_g || V.shape(1) != (size_t)n)
        throw nb::value_error("F0, G0, U, V: shapes do not match");
    check_square(Z.shape(0), Z.shape(1), n, "Z");
    check_square(X.shape(0), X.shape(1), n, "X");
    if (sigma_f.shape(0) != (size_t)n || sigma_g.shape(0) != (size_t)n)
        throw nb::value_error("sigma_f and sigma_g must have n entries");
    hzgsvd_info info;
    std::memset(&info, 0, sizeof info);
    hzgsvd_status st;
    {
        nb::gil_scoped_release release;
        st = Engine<T>::x_from_outputs(m_f, m_g, n, dptr(F0.data()), leading_dim(F0.shape(0)), dptr(G0.data()),
                                       leading_dim(G0.shape(0)), dptr(U.data()), leading_dim(U.shape(0)),
                                       dptr(V.data()), leading_dim(V.shape(0)), dptr(Z.data()), n,
                                       sigma_f.data(), sigma_g.data(), dptr(X.data()), n, &info);
    }
    return nb::make_tuple((int)st, info_to_dict(info));
}

} // namespace

NB_MODULE(_cpu, m)
{
    m.doc() = "hzgsvd's CPU engine (hzgsvd_cpu.h) on column-major host arrays; use hzgsvd.gsvd.";
    m.def("version", [] { return std::string(hzgsvd_version()); }, "The C library's version string.");
    m.def("default_options", [] { return options_to_dict(hzgsvd_default_options()); },
          "hzgsvd_default_options() as a dict of the fields the Python API sets.");
    m.def("status_table", &status_table, "{status value: (enum name, hzgsvd_status_string())}.");
    m.def("constants", [] {
        nb::dict d;
        d["STRATEGY_ME"] = (int)HZGSVD_STRATEGY_ME;
        d["STRATEGY_MM"] = (int)HZGSVD_STRATEGY_MM;
        d["BLOCKING_FB"] = (int)HZGSVD_BLOCKING_FB;
        d["BLOCKING_BO"] = (int)HZGSVD_BLOCKING_BO;
        d["MAX_THREADS"] = (int)HZGSVD_MAX_THREADS;
        d["PRECONDITION_AUTO"] = (int)HZGSVD_PRECONDITION_AUTO;
        d["PRECONDITION_NONE"] = (int)HZGSVD_PRECONDITION_NONE;
        d["PRECONDITION_QR_EIG"] = (int)HZGSVD_PRECONDITION_QR_EIG;
        d["PRECONDITION_QR_SVD"] = (int)HZGSVD_PRECONDITION_QR_SVD;
        return d;
    }, "The header's enum values and limits the Python API maps its strings to.");

    m.def("dgsvd", &gsvd<double>, nb::arg("F"), nb::arg("G"), nb::arg("Z").none(), nb::arg("X").none(),
          nb::arg("sigma_f").none(), nb::arg("sigma_g").none(), nb::arg("sigma").none(), nb::arg("options"),
          nb::arg("progress").none(),
          "hzgsvd_cpu_dgsvd (X None) or hzgsvd_cpu_dgsvdx; F, G overwritten by U, V. Returns (status, info).");
    m.def("zgsvd", &gsvd<std::complex<double>>, nb::arg("F"), nb::arg("G"), nb::arg("Z").none(), nb::arg("X").none(),
          nb::arg("sigma_f").none(), nb::arg("sigma_g").none(), nb::arg("sigma").none(), nb::arg("options"),
          nb::arg("progress").none(),
          "hzgsvd_cpu_zgsvd (X None) or hzgsvd_cpu_zgsvdx; F, G overwritten by U, V. Returns (status, info).");
    m.def("dgsvd_batched", &gsvd_batched<double>, nb::arg("F"), nb::arg("G"), nb::arg("Z"), nb::arg("sigma_f").none(),
          nb::arg("sigma_g").none(), nb::arg("sigma").none(), nb::arg("options"),
          "hzgsvd_cpu_dgsvd_batched on stacks (b, n, m) (each pair column major); F, G overwritten by U, V. "
          "Returns (status, statuses, infos, info0).");
    m.def("zgsvd_batched", &gsvd_batched<std::complex<double>>, nb::arg("F"), nb::arg("G"), nb::arg("Z"),
          nb::arg("sigma_f").none(), nb::arg("sigma_g").none(), nb::arg("sigma").none(), nb::arg("options"),
          "hzgsvd_cpu_zgsvd_batched on stacks (b, n, m) (each pair column major); F, G overwritten by U, V. "
          "Returns (status, statuses, infos, info0).");
    m.def("dx_from_outputs", &x_from_outputs<double>, "hzgsvd_cpu_dx_from_outputs. Returns (status, info).");
    m.def("zx_from_outputs", &x_from_outputs<std::complex<double>>,
          "hzgsvd_cpu_zx_from_outputs. Returns (status, info).");
}
