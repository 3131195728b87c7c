// What the CPU and GPU bindings share: options from the Python side's dict, info back as a dict,
// the status names, and the bridge from the engine's per-sweep progress callback to a Python
// callable.  The Python side (src/hzgsvd/_gsvd.py) checks every argument first; the engines check
// them again and their statuses travel back unchanged as (status, info).
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/optional.h>

#include <climits>
#include <cstddef>
#include <cstdio>
#include <cstring>

#include "hzgsvd.h"

namespace nb = nanobind;

namespace hzgsvd_py {

// The options the Python side sets, by the names of hzgsvd_options' fields.  Every other field
// keeps hzgsvd_default_options()'s value.
inline hzgsvd_options options_from_dict(const nb::dict &d)
{
    hzgsvd_options o = hzgsvd_default_options();
    auto get = [&](const char *key, int fallback) {
        return d.contains(key) ? nb::cast<int>(d[key]) : fallback;
    };
    o.variant = get("variant", o.variant);
    o.outer = (hzgsvd_strategy)get("outer", (int)o.outer);
    o.inner = (hzgsvd_strategy)get("inner", (int)o.inner);
    o.blocking = (hzgsvd_blocking)get("blocking", (int)o.blocking);
    o.sort = get("sort", o.sort);
    o.max_sweeps = get("max_sweeps", o.max_sweeps);
    o.block_width = get("block_width", o.block_width);
    o.threads = get("threads", o.threads);
    o.refine_sigma = get("refine_sigma", o.refine_sigma);
    o.preprocess = get("preprocess", o.preprocess);
    o.precondition = get("precondition", o.precondition);
    return o;
}

inline nb::dict options_to_dict(const hzgsvd_options &o)
{
    nb::dict d;
    d["variant"] = o.variant;
    d["outer"] = (int)o.outer;
    d["inner"] = (int)o.inner;
    d["blocking"] = (int)o.blocking;
    d["sort"] = o.sort;
    d["max_sweeps"] = o.max_sweeps;
    d["block_width"] = o.block_width;
    d["threads"] = o.threads;
    d["refine_sigma"] = o.refine_sigma;
    d["preprocess"] = o.preprocess;
    d["precondition"] = o.precondition;
    return d;
}

inline nb::dict info_to_dict(const hzgsvd_info &info)
{
    nb::dict d;
    d["sweeps"] = info.sweeps;
    d["big"] = info.big;
    d["all"] = info.all;
    d["seconds"] = info.seconds;
    d["n_bordered"] = info.n_bordered;
    d["block_width"] = info.block_width;
    d["outputs_written"] = info.outputs_written != 0;
    d["sigma_refined"] = info.sigma_refined != 0;
    d["preprocessed"] = info.preprocessed != 0;
    d["rank_k"] = info.rank_k;
    d["rank_l"] = info.rank_l;
    d["tol_f"] = info.tol_f;
    d["tol_g"] = info.tol_g;
    // the start the iteration took: "none", "qr-eig" or "qr-svd" (hzgsvd_precondition_name), its seconds, the
    // trust test's growth (0: not computed) and why that start (a static string; "" before any call)
    d["preconditioner"] = std::string(hzgsvd_precondition_name(info.preconditioner));
    d["precondition_seconds"] = info.precondition_seconds;
    d["precondition_growth"] = info.precondition_growth;
    d["precondition_note"] = std::string(info.precondition_note ? info.precondition_note : "");
    d["detail"] = std::string(info.detail, strnlen(info.detail, sizeof info.detail));
    return d;
}

// Every status: value -> (enum name, hzgsvd_status_string()), from hzgsvd.h's one table of them
// (HZGSVD_STATUS_LIST), so the Python side cannot drift from the header.
inline nb::dict status_table()
{
    nb::dict d;
#define HZGSVD_PY_STATUS(value, name, message) d[nb::int_(value)] = nb::make_tuple(#name, message);
    HZGSVD_STATUS_LIST(HZGSVD_PY_STATUS)
#undef HZGSVD_PY_STATUS
    return d;
}

// The engine calls progress() once per outer sweep on the thread that called it, with the GIL
// released.  The bridge takes the GIL, runs Python's pending signal handlers (Ctrl-C's
// KeyboardInterrupt) and the progress callable if there is one; the first exception either raises
// is kept and sets the engine's cancel flag (options.cancel), so the run stops after this sweep
// with HZGSVD_ERR_CANCELLED and the exception is re-raised when the engine returns.
struct ProgressBridge {
    PyObject *callable = nullptr;          // borrowed: the caller's argument outlives the call
    PyObject *exc_type = nullptr, *exc_value = nullptr, *exc_tb = nullptr;
    volatile int stop = 0;                 // the engine's options.cancel
    int opt_max_sweeps = 0;                // for the note on the exception

    static void callback(const hzgsvd_progress *p, void *user)
    {
        auto *self = static_cast<ProgressBridge *>(user);
        if (self->exc_type)
            return;
        PyGILState_STATE gil = PyGILState_Ensure();
        int ok = PyErr_CheckSignals() == 0;
        if (ok && self->callable) {
            PyObject *r = PyObject_CallFunction(self->callable, "iiKKd", p->sweep, p->max_sweeps,
                                                (unsigned long long)p->big, (unsigned long long)p->all,
                                                p->seconds);
            ok = r != nullptr;
            Py_XDECREF(r);
        }
        if (!ok) {
            PyErr_Fetch(&self->exc_type, &self->exc_value, &self->exc_tb);
            self->stop = 1;
        }
        PyGILState_Release(gil);
    }

    void install(hzgsvd_options &o, nb::handle progress)
    {
        callable = progress.is_none() ? nullptr : progress.ptr();
        o.progress = &ProgressBridge::callback;
        o.progress_user = this;
        o.cancel = &stop;
        opt_max_sweeps = o.max_sweeps;
    }

    // With the GIL held, after the engine returned: raise what the callable or a signal handler
    // raised, with a note saying where the run stopped (exception notes: Python 3.11+).
    void rethrow(hzgsvd_status st, const hzgsvd_info &info)
    {
        if (!exc_type)
            return;
        PyErr_NormalizeException(&exc_type, &exc_value, &exc_tb);
        if (exc_tb)
            PyException_SetTraceback(exc_value, exc_tb);
        if (exc_value && PyObject_HasAttrString(exc_value, "add_note")) {
            char note[160];
            if (st == HZGSVD_ERR_CANCELLED)
                snprintf(note, sizeof note, "hzgsvd: the run stopped after sweep %d of at most %d (HZGSVD_ERR_CANCELLED)",
                         info.sweeps, opt_max_sweeps);
            else
                snprintf(note, sizeof note, "hzgsvd: the run ended with status %d after %d sweeps", (int)st, info.sweeps);
            PyObject *r = PyObject_CallMethod(exc_value, "add_note", "s", note);
            if (r)
                Py_DECREF(r);
            else
                PyErr_Clear();
        }
        PyErr_Restore(exc_type, exc_value, exc_tb);
        exc_type = exc_value = exc_tb = nullptr;
        throw nb::python_error();
    }
};

// One engine call's options (from the Python side's dict), progress bridge and info; finish()
// raises what the progress callable raised, else returns (status, info dict).  Not copyable: the
// options point at the bridge.
struct EngineCall {
    hzgsvd_options opt;
    ProgressBridge bridge;
    hzgsvd_info info;

    EngineCall(const nb::dict &options, nb::handle progress) : opt(options_from_dict(options))
    {
        std::memset(&info, 0, sizeof info);
        bridge.install(opt, progress);
    }
    EngineCall(const EngineCall &) = delete;
    EngineCall &operator=(const EngineCall &) = delete;

    nb::tuple finish(hzgsvd_status st)
    {
        bridge.rethrow(st, info);
        return nb::make_tuple((int)st, info_to_dict(info));
    }
};

// The engines take int sizes and leading dimensions.
inline int checked_int(size_t v, const char *what)
{
    if (v > (size_t)INT_MAX)
        throw nb::value_error((std::string(what) + " exceeds the engine's int range").c_str());
    return (int)v;
}

inline int leading_dim(size_t rows) { return rows > 1 ? (int)rows : 1; }

} // namespace hzgsvd_py
