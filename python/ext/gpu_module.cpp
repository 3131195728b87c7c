// hzgsvd._gpu: the single-GPU engine's entry points.  The device entry points take CUDA arrays
// (CuPy, or anything nanobind reads through DLPack) the Python side allocated in the engine's
// layout (column major, float64 or complex128 interleaved), a stream and an optional workspace;
// the host entry points take NumPy arrays.  Each call selects the arrays' device for its duration,
// runs with the GIL released and returns (status, info dict).  Policy lives in src/hzgsvd/_gsvd.py.
#include <nanobind/ndarray.h>

#include <complex>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "binding_common.h"
#include "hzgsvd_single.cuh"

using namespace hzgsvd_py;

namespace {

template <typename T> using DMat = nb::ndarray<T, nb::ndim<2>, nb::f_contig, nb::device::cuda>;
using DVec = nb::ndarray<double, nb::ndim<1>, nb::c_contig, nb::device::cuda>;
template <typename T> using HMat = nb::ndarray<T, nb::ndim<2>, nb::f_contig, nb::device::cpu>;
using HVec = nb::ndarray<double, nb::ndim<1>, nb::c_contig, nb::device::cpu>;
// A device stack of b column-major matrices, m x n each: C order (b, n, m) (CuPy's (b, m, n) with its
// last two axes swapped); and b vectors of n (b, n).
template <typename T> using DStack = nb::ndarray<T, nb::ndim<3>, nb::c_contig, nb::device::cuda>;
using DVStack = nb::ndarray<double, nb::ndim<2>, nb::c_contig, nb::device::cuda>;

template <typename T> struct Engine;
template <> struct Engine<double> {
    using dev_t = double;
    static constexpr auto gsvd = hzgsvd_gpu_dgsvd;
    static constexpr auto host = hzgsvd_gpu_dgsvd_host;
    static constexpr auto workspace_size = hzgsvd_gpu_dgsvd_workspace_size;
    static constexpr auto batched = hzgsvd_gpu_dgsvd_batched;
    static constexpr auto batched_workspace_size = hzgsvd_gpu_dgsvd_batched_workspace_size;
};
template <> struct Engine<std::complex<double>> {
    using dev_t = cuDoubleComplex;   // interleaved (re, im): std::complex<double>'s layout
    static constexpr auto gsvd = hzgsvd_gpu_zgsvd;
    static constexpr auto host = hzgsvd_gpu_zgsvd_host;
    static constexpr auto workspace_size = hzgsvd_gpu_zgsvd_workspace_size;
    static constexpr auto batched = hzgsvd_gpu_zgsvd_batched;
    static constexpr auto batched_workspace_size = hzgsvd_gpu_zgsvd_batched_workspace_size;
};

// Selects a device for the lifetime of the object and restores the caller's afterwards, so that a
// call on another GPU's arrays leaves the current device as it was.  Where the device cannot be
// selected (no driver, no GPU, a bad ordinal) nothing changes and the engine's own first CUDA call
// reports it with its status (HZGSVD_ERR_NO_DEVICE, HZGSVD_ERR_CUDA) and detail.
class DeviceScope {
public:
    explicit DeviceScope(int ordinal)
    {
        if (cudaGetDevice(&previous_) != cudaSuccess) { (void)cudaGetLastError(); previous_ = -1; }
        if (ordinal >= 0 && ordinal != previous_) {
            if (cudaSetDevice(ordinal) == cudaSuccess) switched_ = true;
            else (void)cudaGetLastError();
        }
    }
    ~DeviceScope()
    {
        if (switched_ && previous_ >= 0) cudaSetDevice(previous_);
    }
    DeviceScope(const DeviceScope &) = delete;
    DeviceScope &operator=(const DeviceScope &) = delete;

private:
    int previous_ = -1;
    bool switched_ = false;
};

template <typename A> void check_device(const A &a, int device, const char *name)
{
    if (a.device_id() != device)
        throw nb::value_error((std::string(name) + " is on another GPU than F").c_str());
}

void check_n(size_t got, int n, const char *name)
{
    if (got != (size_t)n)
        throw nb::value_error((std::string(name) + ": wrong size for n").c_str());
}

// Workspace bytes for these sizes and options: (status, bytes, info).
template <typename T> nb::tuple workspace_size(int m_f, int m_g, int n, const nb::dict &options)
{
    const hzgsvd_options o = options_from_dict(options);
    size_t bytes = 0;
    const hzgsvd_status st = Engine<T>::workspace_size(m_f, m_g, n, &o, &bytes);
    return nb::make_tuple((int)st, bytes);
}

// Device arrays: F, G overwritten by U, V; Z n x n; sigmas may be None; work_ptr/work_bytes a
// workspace (0, 0: the engine allocates its own); stream a cudaStream_t as an integer.
template <typename T>
nb::tuple gsvd_device(DMat<T> F, DMat<T> G, DMat<T> Z, std::optional<DVec> sigma_f,
                      std::optional<DVec> sigma_g, std::optional<DVec> sigma, std::uintptr_t work_ptr,
                      size_t work_bytes, std::uintptr_t stream, const nb::dict &options, nb::handle progress)
{
    const int m_f = checked_int(F.shape(0), "F's rows"), m_g = checked_int(G.shape(0), "G's rows");
    const int n = checked_int(F.shape(1), "n");
    check_n(G.shape(1), n, "G's columns");
    check_n(Z.shape(0), n, "Z's rows");
    check_n(Z.shape(1), n, "Z's columns");
    const int device = F.device_id();
    check_device(G, device, "G");
    check_device(Z, device, "Z");
    if (sigma_f) { check_n(sigma_f->shape(0), n, "sigma_f"); check_device(*sigma_f, device, "sigma_f"); }
    if (sigma_g) { check_n(sigma_g->shape(0), n, "sigma_g"); check_device(*sigma_g, device, "sigma_g"); }
    if (sigma) { check_n(sigma->shape(0), n, "sigma"); check_device(*sigma, device, "sigma"); }

    EngineCall call(options, progress);
    using D = typename Engine<T>::dev_t;
    hzgsvd_status st;
    {
        DeviceScope scope(device);
        nb::gil_scoped_release release;
        st = Engine<T>::gsvd(m_f, m_g, n, reinterpret_cast<D *>(F.data()), leading_dim(F.shape(0)),
                             reinterpret_cast<D *>(G.data()), leading_dim(G.shape(0)),
                             reinterpret_cast<D *>(Z.data()), n, sigma_f ? sigma_f->data() : nullptr,
                             sigma_g ? sigma_g->data() : nullptr, sigma ? sigma->data() : nullptr,
                             reinterpret_cast<void *>(work_ptr), work_bytes,
                             reinterpret_cast<cudaStream_t>(stream), &call.opt, &call.info);
    }
    return call.finish(st);
}

// Host arrays through the host entry point (it copies to device ordinal `device` and back).
template <typename T>
nb::tuple gsvd_host(HMat<T> F, HMat<T> G, HMat<T> Z, std::optional<HVec> sigma_f, std::optional<HVec> sigma_g,
                    std::optional<HVec> sigma, int device, const nb::dict &options, nb::handle progress)
{
    const int m_f = checked_int(F.shape(0), "F's rows"), m_g = checked_int(G.shape(0), "G's rows");
    const int n = checked_int(F.shape(1), "n");
    check_n(G.shape(1), n, "G's columns");
    check_n(Z.shape(0), n, "Z's rows");
    check_n(Z.shape(1), n, "Z's columns");
    if (sigma_f) check_n(sigma_f->shape(0), n, "sigma_f");
    if (sigma_g) check_n(sigma_g->shape(0), n, "sigma_g");
    if (sigma) check_n(sigma->shape(0), n, "sigma");
    EngineCall call(options, progress);
    hzgsvd_status st;
    {
        DeviceScope scope(device);
        nb::gil_scoped_release release;
        st = Engine<T>::host(m_f, m_g, n, reinterpret_cast<double *>(F.data()), leading_dim(F.shape(0)),
                             reinterpret_cast<double *>(G.data()), leading_dim(G.shape(0)),
                             reinterpret_cast<double *>(Z.data()), n, sigma_f ? sigma_f->data() : nullptr,
                             sigma_g ? sigma_g->data() : nullptr, sigma ? sigma->data() : nullptr, &call.opt,
                             &call.info);
    }
    return call.finish(st);
}

// Workspace bytes of a batched call: (status, bytes).
template <typename T> nb::tuple batched_workspace_size(int m_f, int m_g, int n, int batch, const nb::dict &options)
{
    const hzgsvd_options o = options_from_dict(options);
    size_t bytes = 0;
    const hzgsvd_status st = Engine<T>::batched_workspace_size(m_f, m_g, n, batch, &o, &bytes);
    return nb::make_tuple((int)st, bytes);
}

void check_stack_vec(const std::optional<DVStack> &v, size_t b, size_t n, int device, const char *name)
{
    if (!v) return;
    if (v->shape(0) != b || v->shape(1) != n) throw nb::value_error((std::string(name) + " must be (b, n)").c_str());
    check_device(*v, device, name);
}

// A batch of b pairs of one shape on the device (hzgsvd_gpu_?gsvd_batched): F (b, n, m_f) and
// G (b, n, m_g), each pair column major, overwritten by U and V; Z (b, n, n); the sigmas (b, n) or
// None; a workspace (0, 0: the call allocates its own) and a stream.  Returns (status, [status per
// pair], [info dict per pair], info dict of pair 0).
template <typename T>
nb::tuple gsvd_batched(DStack<T> F, DStack<T> G, DStack<T> Z, std::optional<DVStack> sigma_f, std::optional<DVStack> sigma_g,
                       std::optional<DVStack> sigma, std::uintptr_t work_ptr, size_t work_bytes, std::uintptr_t stream,
                       const nb::dict &options)
{
    const size_t b = F.shape(0), nn = F.shape(1);
    if (G.shape(0) != b || Z.shape(0) != b) throw nb::value_error("F, G and Z must hold the same number of pairs");
    if (G.shape(1) != nn || Z.shape(1) != nn || Z.shape(2) != nn) throw nb::value_error("F, G and Z must have n columns (Z: n x n)");
    const int device = F.device_id();
    check_device(G, device, "G");
    check_device(Z, device, "Z");
    check_stack_vec(sigma_f, b, nn, device, "sigma_f");
    check_stack_vec(sigma_g, b, nn, device, "sigma_g");
    check_stack_vec(sigma, b, nn, device, "sigma");
    const int batch = checked_int(b, "the number of pairs"), n = checked_int(nn, "n");
    const int m_f = checked_int(F.shape(2), "F's rows"), m_g = checked_int(G.shape(2), "G's rows");
    const int ldf = leading_dim(F.shape(2)), ldg = leading_dim(G.shape(2)), ldz = leading_dim(nn);
    const hzgsvd_options opt = options_from_dict(options);
    std::vector<hzgsvd_status> status(b > 0 ? b : 1);
    std::vector<hzgsvd_info> info(b > 0 ? b : 1);
    using D = typename Engine<T>::dev_t;
    hzgsvd_status st;
    {
        DeviceScope scope(device);
        nb::gil_scoped_release release;
        st = Engine<T>::batched(m_f, m_g, n, reinterpret_cast<D *>(F.data()), ldf, (long long)ldf * n, reinterpret_cast<D *>(G.data()), ldg,
                                (long long)ldg * n, reinterpret_cast<D *>(Z.data()), ldz, (long long)ldz * n,
                                sigma_f ? sigma_f->data() : nullptr, sigma_g ? sigma_g->data() : nullptr, sigma ? sigma->data() : nullptr,
                                n, batch, reinterpret_cast<void *>(work_ptr), work_bytes, reinterpret_cast<cudaStream_t>(stream), &opt,
                                status.data(), info.data());
    }
    nb::list statuses, infos;
    for (size_t i = 0; i < b; ++i) {
        statuses.append((int)status[i]);
        infos.append(info_to_dict(info[i]));
    }
    return nb::make_tuple((int)st, statuses, infos, info_to_dict(info[0]));
}

// "gpu:K <name>" as the CLI's summary.json names the device, or "" where K is not usable.
std::string device_label(int ordinal)
{
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, ordinal) != cudaSuccess) {
        (void)cudaGetLastError();
        return std::string();
    }
    return "gpu:" + std::to_string(ordinal) + " " + prop.name;
}

int device_count()
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess) { (void)cudaGetLastError(); return 0; }
    return count;
}

int current_device()
{
    int d = 0;
    if (cudaGetDevice(&d) != cudaSuccess) { (void)cudaGetLastError(); return -1; }
    return d;
}

} // namespace

NB_MODULE(_gpu, m)
{
    m.doc() = "hzgsvd's single-GPU engine (hzgsvd_single.cuh) on CUDA or host arrays; use hzgsvd.gsvd.";
    m.def("device_count", &device_count, "CUDA devices usable (0 without a driver or a GPU).");
    m.def("current_device", &current_device, "The calling thread's current CUDA device (-1 on an error).");
    m.def("device_label", &device_label, nb::arg("ordinal"), "'gpu:K <name>', or '' if K is not usable.");
    m.def("dworkspace_size", &workspace_size<double>, "hzgsvd_gpu_dgsvd_workspace_size: (status, bytes).");
    m.def("zworkspace_size", &workspace_size<std::complex<double>>,
          "hzgsvd_gpu_zgsvd_workspace_size: (status, bytes).");
    m.def("dgsvd", &gsvd_device<double>, nb::arg("F"), nb::arg("G"), nb::arg("Z"), nb::arg("sigma_f").none(),
          nb::arg("sigma_g").none(), nb::arg("sigma").none(), nb::arg("work_ptr"), nb::arg("work_bytes"),
          nb::arg("stream"), nb::arg("options"), nb::arg("progress").none(),
          "hzgsvd_gpu_dgsvd on device arrays. Returns (status, info).");
    m.def("zgsvd", &gsvd_device<std::complex<double>>, nb::arg("F"), nb::arg("G"), nb::arg("Z"),
          nb::arg("sigma_f").none(), nb::arg("sigma_g").none(), nb::arg("sigma").none(), nb::arg("work_ptr"),
          nb::arg("work_bytes"), nb::arg("stream"), nb::arg("options"), nb::arg("progress").none(),
          "hzgsvd_gpu_zgsvd on device arrays (interleaved complex). Returns (status, info).");
    m.def("dbatched_workspace_size", &batched_workspace_size<double>, "hzgsvd_gpu_dgsvd_batched_workspace_size: (status, bytes).");
    m.def("zbatched_workspace_size", &batched_workspace_size<std::complex<double>>,
          "hzgsvd_gpu_zgsvd_batched_workspace_size: (status, bytes).");
    m.def("dgsvd_batched", &gsvd_batched<double>, nb::arg("F"), nb::arg("G"), nb::arg("Z"), nb::arg("sigma_f").none(),
          nb::arg("sigma_g").none(), nb::arg("sigma").none(), nb::arg("work_ptr"), nb::arg("work_bytes"), nb::arg("stream"),
          nb::arg("options"), "hzgsvd_gpu_dgsvd_batched on device stacks: (status, statuses, infos, info0).");
    m.def("zgsvd_batched", &gsvd_batched<std::complex<double>>, nb::arg("F"), nb::arg("G"), nb::arg("Z"), nb::arg("sigma_f").none(),
          nb::arg("sigma_g").none(), nb::arg("sigma").none(), nb::arg("work_ptr"), nb::arg("work_bytes"), nb::arg("stream"),
          nb::arg("options"), "hzgsvd_gpu_zgsvd_batched on device stacks: (status, statuses, infos, info0).");
    m.def("dgsvd_host", &gsvd_host<double>, nb::arg("F"), nb::arg("G"), nb::arg("Z"), nb::arg("sigma_f").none(),
          nb::arg("sigma_g").none(), nb::arg("sigma").none(), nb::arg("device"), nb::arg("options"),
          nb::arg("progress").none(), "hzgsvd_gpu_dgsvd_host on host arrays. Returns (status, info).");
    m.def("zgsvd_host", &gsvd_host<std::complex<double>>, nb::arg("F"), nb::arg("G"), nb::arg("Z"),
          nb::arg("sigma_f").none(), nb::arg("sigma_g").none(), nb::arg("sigma").none(), nb::arg("device"),
          nb::arg("options"), nb::arg("progress").none(),
          "hzgsvd_gpu_zgsvd_host on host arrays. Returns (status, info).");
}
