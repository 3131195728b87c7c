#!/usr/bin/env python3
"""Render templates/ into generated/ (the only entry point of the generator).

    python3 generator/gen.py                 # write generated/
    python3 generator/gen.py --check         # regenerate into memory, fail naming every file that differs
    python3 generator/gen.py --variants 0,4  # render only these variants of the GPU instances (a build filter)

Output is deterministic: no timestamps, a fixed order, StrictUndefined, keep_trailing_newline.
Every output file opens with a DO-NOT-EDIT banner naming the templates it came from and the
command that regenerates it; template boundaries inside an amalgamation are marked.

templates/ holds two kinds of parts: Jinja2 templates (*.j2), rendered, and plain C/CUDA sources
(any other extension: .c, .h, .cu), concatenated verbatim (not through Jinja), as SQLite's
mksqlite3c.tcl --linemacros does: a #line directive before such a part that names
"templates/x.c", line 1, so compiler errors, cuda-gdb and Nsight point at the real file, and one
after it that names "generated/y.h" and the number of the next line, so what follows is numbered
as the generated file (rendered parts are, since their lines are not the template's).  They point
there only where HZGSVD_SOURCE_LINES is defined (the Makefile defines it: its compiles run in the
checkout's root); elsewhere they restate the generated file's own name and numbering, because nvcc
lists the file a #line names among a compile's dependencies (-M, -MD) and templates/ is not beside
an installed copy: CMake would recompile the GPU engine at every build.  A value a plain source
needs from the generator comes as a #define emitted before it (GENERATOR parts).
"""
import argparse
import itertools
import os
import sys

import jinja2

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import strategies  # noqa: E402  (one definition of ME, MM and the communication map)

REGEN = "make generate   (= python3 generator/gen.py)"

# The configurations the product is built in: one table, its product is the instance list.
PRECISIONS = [
    # letter, complex?, C type of one real component
    {"p": "d", "cplx": False, "real": "double"},
    {"p": "z", "cplx": True, "real": "double"},
]
# The reference engine (hzgsvd_ref.h): the CPU engine in x87 long double (u = 2^-64); the public
# functions are hzgsvd_ref_<letter>gsvd, the internals hzgsvd__ld_*, hzgsvd__lz_*.
REF_PRECISIONS = [
    {"p": "ld", "cplx": False, "real": "long double", "letter": "d"},
    {"p": "lz", "cplx": True, "real": "long double", "letter": "z"},
]
VARIANTS = list(range(8))
# Block widths w of the GPU engine (a solve kernel per width and instance) and the inner-level
# orders 2w baked into constant memory for them.
GPU_BLOCK_WIDTHS = [16, 32]
INNER_ORDERS = [2 * w for w in GPU_BLOCK_WIDTHS]
SORTING = [True, False]


def instances(variants):
    """Every (precision, variant, sorting) instance; its name is also its filter key."""
    out = []
    for prec, var, sort in itertools.product(PRECISIONS, variants, SORTING):
        out.append(dict(prec, variant=var, sort=sort,
                        name="hzgsvd__%s_v%d_%s" % (prec["p"], var, "sort" if sort else "nosort")))
    return out


def inner_tables(order):
    """The inner-level strategy tables baked into the sources (order = 2w)."""
    return {
        "me": strategies.me_table(order),
        "mm": strategies.mm_table(order),
    }


# A part that is the generator's own text (a #define a plain source uses), not a file of templates/.
GENERATOR = "generator/gen.py"


def gpu_width_define():
    """HZGSVD__GPU_WIDTH_GENERATED(w): whether the GPU kernels are generated for block width w."""
    return ("/* The block widths the GPU kernels are generated for (generator/gen.py, GPU_BLOCK_WIDTHS). */\n"
            "#define HZGSVD__GPU_WIDTH_GENERATED(w) (%s)\n"
            % " || ".join("(w) == %d" % w for w in GPU_BLOCK_WIDTHS))


def source_line_macros():
    """HZGSVD__SRC_LINE and HZGSVD__SRC_FILE, the number and the name of the #line directives around plain sources."""
    return ("/* #line around the plain sources of templates/: where HZGSVD_SOURCE_LINES is defined (a compile in\n"
            " * the checkout's root, as the Makefile's) it names them; elsewhere it restates this file's own name\n"
            " * and numbering (nvcc lists a named file among the dependencies, and templates/ is not installed). */\n"
            "#ifdef HZGSVD_SOURCE_LINES\n"
            "#define HZGSVD__SRC_LINE(source, generated) source\n"
            "#define HZGSVD__SRC_FILE(path) path\n"
            "#else\n"
            "#define HZGSVD__SRC_LINE(source, generated) generated\n"
            "#define HZGSVD__SRC_FILE(path) __FILE__\n"
            "#endif\n")


def is_verbatim(part):
    """A plain source of templates/ (no .j2): concatenated as it is, never rendered."""
    return part != GENERATOR and not part.endswith(".j2")


def cpu_engine_parts(real, precisions):
    """The CPU engine in one real type: its storage and the engine rendered once (the plane count is a
    run-time value), the loops whose arithmetic is complex (and the double engine's sigma refinement)
    per precision."""
    ctx = {"real": real}
    per_prec = ["hzgsvd_cpu_arith.c.j2"] + (["hzgsvd_cpu_refine.c.j2"] if real == "double" else [])
    return ([("hzgsvd_cpu_planes.c.j2", ctx), ("hzgsvd_range_scale.c.j2", ctx)]
            + [(t, dict(prec)) for t in per_prec for prec in precisions]
            + ([("hzgsvd_cpu_precondition.c", None)] if real == "double" else [])
            + [("hzgsvd_cpu_engine.c.j2", ctx)])


# Each generated file: (name, one-line description, how to compile it, includes, [(part, extra context)]);
# a part is a template (*.j2, rendered with the context), a plain source (verbatim, context None) or
# GENERATOR (context {"what": label, "text": the text}).
def outputs(variants):
    inner = {order: inner_tables(order) for order in INNER_ORDERS}
    return [
        ("hzgsvd_core.h",
         "Shared core: the contract (the hand-written ../hzgsvd.h: version, linkage, statuses, options), the one "
         "definition of the 2x2 Hari-Zimmermann math, rsqrt_rn, enhanced dots, and the Jacobi strategies "
         "(baked inner tables + run-time C).",
         "Included by hzgsvd_cpu.h, hzgsvd_single.cuh and hzgsvd_mpi.h; compiles as C99, C++ and CUDA.",
         ["../hzgsvd.h"],
         [(GENERATOR, {"what": "source lines", "text": source_line_macros()}),
          ("hzgsvd_math.h.j2", {"real": "double"}),
          ("hzgsvd_strategy.h.j2", {"inner": inner, "inner_orders": INNER_ORDERS}),
          ("hzgsvd_sigma_refine.h", None),
          ("hzgsvd_batched_pair.h", None),
          ("hzgsvd_batched_start.h", None)]),
        ("hzgsvd_host.h",
         "Host code every engine shares: timing, messages, argument checks, bordering sizes, column order, the range-scaling plan, "
         "the pair policy (the front door), the status of a finished run (the outcome), the epilogue every engine's run ends in (the finish).",
         "Included by the engine implementations (hzgsvd_cpu_impl.h, hzgsvd_gpu_impl.cuh).",
         ["hzgsvd_core.h"],
         [(GENERATOR, {"what": "GPU_BLOCK_WIDTHS", "text": gpu_width_define()}),
          ("hzgsvd_host_common.c", None),
          ("hzgsvd_range_plan.c", None),
          ("hzgsvd_front.c", None),
          ("hzgsvd_outcome.c", None),
          ("hzgsvd_finish.c", None)]),
        ("hzgsvd_cpu_engine_impl.h",
         "The CPU engine's internals, real (d) and complex (z), all static: the blocked implicit Hari-Zimmermann "
         "iteration, the reduction of general pairs, X and xGGSVD3's assembly (the GPU engine reuses the reduction).",
         "Included by hzgsvd_cpu_impl.h and hzgsvd_gpu_impl.cuh; C99 (+OpenMP if -fopenmp), C++ and CUDA host code.",
         ["hzgsvd_host.h"],
         cpu_engine_parts("double", PRECISIONS)
         + [("hzgsvd_dense_base.c", None)]
         + [("hzgsvd_dense_arith.c.j2", dict(prec)) for prec in PRECISIONS]
         + [("hzgsvd_dense.c", None)]
         + [("hzgsvd_reduce.c", None), ("hzgsvd_ggsvd3.c", None)]
         + [("hzgsvd_reduce_prec.c.j2", {"precisions": PRECISIONS})]),
        ("hzgsvd_cpu_impl.h",
         "The CPU engine's public entry points (hzgsvd_cpu_*), real (d) and complex (z), one pair and batched.",
         "Included by hzgsvd_cpu.h where HZGSVD_IMPLEMENTATION is defined; C99 (+OpenMP if -fopenmp).",
         ["hzgsvd_cpu_engine_impl.h"],
         [("hzgsvd_cpu_batched.c", None),
          ("hzgsvd_cpu_api.c.j2", {"precisions": PRECISIONS, "api": "cpu"})]),
        ("hzgsvd_gpu_impl.cuh",
         "The single-GPU engine, real and complex: generated kernel instances (precision x variant x sorting), the host driver "
         "and the entry points (general pairs through the CPU engine's reduction, included).",
         "Included by hzgsvd_single.cuh where HZGSVD_IMPLEMENTATION is defined; nvcc -arch=sm_90.",
         ["hzgsvd_cpu_engine_impl.h"],
         [("hzgsvd_gpu_common.cu", None), ("hzgsvd_gpu_gemm.cu", None), ("hzgsvd_gpu_refine_common.cu", None),
          ("hzgsvd_gpu_precondition.cu", None)]
         + [("hzgsvd_gpu_kernels.cu.j2", dict(prec)) for prec in PRECISIONS]
         + [("hzgsvd_gpu_step.cu.j2", dict(prec, widths=GPU_BLOCK_WIDTHS)) for prec in PRECISIONS]
         + [("hzgsvd_gpu_refine.cu.j2", dict(prec)) for prec in PRECISIONS]
         + [("hzgsvd_gpu_orth.cu.j2", dict(prec)) for prec in PRECISIONS]
         + [("hzgsvd_gpu_driver.cu", None), ("hzgsvd_gpu_sweep.cu", None), ("hzgsvd_gpu_api.cu", None)]
         + [("hzgsvd_gpu_prec.cu.j2", dict(prec)) for prec in PRECISIONS]
         + [("hzgsvd_gpu_batched_kernels.cu", None), ("hzgsvd_gpu_batched_precondition.cu", None), ("hzgsvd_gpu_batched.cu", None)]),
        ("hzgsvd_mpi_impl.h",
         "The distributed engine over MPI (paper section 4): per precision the driver of Algorithm 6 and its "
         "local engines (the CPU engine; the GPU engine when compiled by nvcc).",
         "Included by hzgsvd_mpi.h where HZGSVD_IMPLEMENTATION is defined; C99 + MPI, or nvcc for the GPU part.",
         ["hzgsvd_cpu_impl.h"],
         [("hzgsvd_mpi_common.c", None), ("hzgsvd_mpi_gpu_local.cu", None), ("hzgsvd_mpi_prec.c", None),
          ("hzgsvd_mpi_ipc.cu", None), ("hzgsvd_mpi_gpu_refine.cu", None), ("hzgsvd_mpi_cpu_refine.c", None), ("hzgsvd_mpi_precondition.c", None), ("hzgsvd_mpi_gpu_precondition.cu", None),
          ("hzgsvd_mpi_engine.c", None),
          ("hzgsvd_mpi_cpu_local.c", None)]
         + [("hzgsvd_mpi_local.c.j2", {"precisions": PRECISIONS})]),
        ("hzgsvd_ref_impl.h",
         "The reference engine: the CPU engine in x87 long double (u = 2^-64), real (ld) and complex (lz), "
         "with the 2x2 math rendered in long double (host only).",
         "Included by hzgsvd_ref.h where HZGSVD_IMPLEMENTATION is defined; C99 (+OpenMP if -fopenmp), x86-64.",
         ["hzgsvd_host.h"],
         [("hzgsvd_math.h.j2", {"real": "long double"})]
         + cpu_engine_parts("long double", REF_PRECISIONS)
         + [("hzgsvd_cpu_api.c.j2", {"precisions": REF_PRECISIONS, "api": "ref"})]),
    ]


def banner(name, templates, what, how):
    lines = [
        "/* " + "=" * 96,
        " * %s -- GENERATED FILE, DO NOT EDIT." % name,
        " * Generated from: %s" % ", ".join("templates/" + t for t in templates),
        " * Regenerate with: %s" % REGEN,
        " * What it is: %s" % what,
        " * How to compile: %s" % how,
        " * " + "=" * 96 + " */",
        "",
    ]
    return "\n".join(lines)


def make_env():
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(os.path.join(ROOT, "templates")),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_all(variants, out):
    """{file name: text} of every generated file; out is the folder they go to (it names them in #line)."""
    env = make_env()
    inst = instances(variants)
    files = {}
    for name, what, how, includes, parts in outputs(variants):
        text = [banner(name, sorted({t for t, _ in parts if t != GENERATOR}), what, how)]
        guard = "HZGSVD_GENERATED_" + name.upper().replace(".", "_")
        text.append("#ifndef %s\n#define %s\n" % (guard, guard))
        text.extend('#include "%s"\n' % inc for inc in includes)
        here = os.path.relpath(os.path.join(out, name), ROOT).replace(os.sep, "/")
        for tname, ctx in parts:
            if tname == GENERATOR:
                text.append("\n/*** begin %s: %s ***/\n" % (GENERATOR, ctx["what"]))
                text.append(ctx["text"])
                text.append("/*** end %s: %s ***/\n" % (GENERATOR, ctx["what"]))
                continue
            if is_verbatim(tname):
                assert ctx is None, "%s is a plain source: it takes no context" % tname
                with open(os.path.join(ROOT, "templates", tname), encoding="utf-8") as fh:
                    source = fh.read()
                assert source.endswith("\n"), "templates/%s: no newline at the end" % tname
                # each directive gives the number of the line after it: 1 of the source, or N of this file
                text.append("\n/*** begin templates/%s ***/\n" % tname)
                text.append('#line HZGSVD__SRC_LINE(1, %d) HZGSVD__SRC_FILE("templates/%s")\n'
                            % ("".join(text).count("\n") + 2, tname))
                text.append(source)
                text.append('#line %d HZGSVD__SRC_FILE("%s")\n' % ("".join(text).count("\n") + 2, here))
                text.append("/*** end templates/%s ***/\n" % tname)
                continue
            ctx = dict(ctx)
            ctx.setdefault("instances", inst)
            tag = tname + ("" if "p" not in ctx else " [%s]" % ctx["p"])
            text.append("\n/*** begin templates/%s ***/\n" % tag)
            text.append(env.get_template(tname).render(**ctx))
            text.append("/*** end templates/%s ***/\n" % tag)
        text.append("\n#endif /* %s */\n" % guard)
        files[name] = "".join(text)
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="fail (exit 1) naming every file that would change")
    ap.add_argument("--out", default=os.path.join(ROOT, "generated"), help="output folder (default generated/)")
    ap.add_argument("--variants", default="", help="comma-separated variant ids to instantiate (default all)")
    args = ap.parse_args()
    variants = VARIANTS if not args.variants else sorted({int(v) for v in args.variants.split(",")})
    bad = [v for v in variants if v not in VARIANTS]
    if bad:
        ap.error("unknown variant(s) %s; variants are 0..7" % bad)
    files = render_all(variants, args.out)
    if args.check:
        present = {f for f in os.listdir(args.out) if not f.startswith(".")} if os.path.isdir(args.out) else set()
        problems = []
        for name in sorted(set(files) | present):
            path = os.path.join(args.out, name)
            if name not in files:
                problems.append("%s: present but not generated (vanished from the generator)" % path)
            elif name not in present:
                problems.append("%s: missing (run make generate)" % path)
            else:
                with open(path, encoding="utf-8") as fh:
                    if fh.read() != files[name]:
                        problems.append("%s: differs from what the generator makes (edited by hand?)" % path)
        if problems:
            print("check-generated FAILED:\n  " + "\n  ".join(problems), file=sys.stderr)
            return 1
        print("check-generated: %d files up to date" % len(files))
        return 0
    os.makedirs(args.out, exist_ok=True)
    for name, text in files.items():
        with open(os.path.join(args.out, name), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    print("generated %d files in %s" % (len(files), os.path.relpath(args.out, ROOT)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
