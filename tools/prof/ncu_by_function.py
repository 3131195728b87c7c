#!/usr/bin/python3
"""Where a kernel's time goes, by source function: ncu's per-SASS-instruction samples joined to the
line table of the same build (docs/DEVELOPING.md, "Measuring the GPU engine").

    python3 tools/prof/ncu_by_function.py DUMP.sass[.gz] PROFILE.csv[.gz] [--kernel MANGLED] [--lines N]

DUMP.sass: `nvdisasm -g -c` of the build's cubin (cuobjdump -xelf all BINARY gives the cubin),
whole (--kernel: the section whose `.text.` label is that mangled name, e.g.
_Z24hzgsvd__bat_kernel_slots18hzgsvd__bat_launch) or cut to the one kernel; PROFILE.csv: `ncu -i REPORT --page source --csv --print-source sass`
of a `--section SourceCounters` report of that kernel.  The build needs -lineinfo.  Prints the
share of warp-stall samples and of executed instructions per function (the innermost source line's
enclosing function in templates/, inlining flattened), then with --lines the N hottest lines.
ncu's CSV names no source line and nvdisasm takes no samples: the instruction's offset in the
kernel joins the two.  Run it on the tree the binary was built from (the line numbers are its).
"""
import collections
import csv
import gzip
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFINITION = re.compile(r"^(?!\s)(?![#/*{}])[^;=(]*?\b([A-Za-z_]\w*)\s*\(")
NOT_NAMES = {"__launch_bounds__", "static_assert", "if", "for", "while", "switch", "return", "sizeof", "defined"}


def opened(path):
    try:
        return gzip.open(path, "rt", errors="replace") if path.endswith(".gz") else open(path, errors="replace")
    except OSError as e:
        raise SystemExit("ncu_by_function: %s" % e)


def line_table(sass, kernel):
    """Offset in the kernel -> (file name, line) of the instruction there."""
    table, here, inside, sections = {}, None, kernel is None, []
    for text in opened(sass):
        m = re.match(r"\s*\.text\.(\S+):", text)
        if m:
            sections.append(m.group(1))
            inside = kernel is None or m.group(1) == kernel
            continue
        if not inside:
            continue
        m = re.match(r'\s*//## File "([^"]+)", line (\d+)', text)
        if m:
            here = (os.path.basename(m.group(1)), int(m.group(2)))
            continue
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/", text)
        if m:
            table[int(m.group(1), 16)] = here
    if kernel is None and len(sections) > 1:
        raise SystemExit("ncu_by_function: %s holds %d kernels: name one with --kernel (e.g. %s)" % (sass, len(sections), sections[0]))
    if kernel is not None and kernel not in sections:
        raise SystemExit("ncu_by_function: no section .text.%s in %s" % (kernel, sass))
    if not table:
        raise SystemExit("ncu_by_function: no instructions with offsets in %s (nvdisasm -g -c of a -lineinfo build?)" % sass)
    return table


FUNCTIONS = {}


def function_of(name, line):
    """The function whose definition starts last at or before `line` of templates/<name> (or '?')."""
    if name not in FUNCTIONS:
        starts = []
        for folder in ("templates", "generated", "."):
            path = os.path.join(ROOT, folder, name)
            if os.path.exists(path):
                with open(path, errors="replace") as f:
                    for i, text in enumerate(f):
                        m = DEFINITION.match(re.sub(r"__launch_bounds__\s*\([^)]*\)", "", text))
                        if m and m.group(1) not in NOT_NAMES and not text.startswith(("typedef", "struct", "return")):
                            starts.append((i + 1, m.group(1)))
                break
        FUNCTIONS[name] = starts
    found = "?"
    for start, fn in FUNCTIONS[name]:
        if start > line:
            break
        found = fn
    return found


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    def option(name, default):
        if name not in argv:
            return default
        k = argv.index(name)
        if k + 1 >= len(argv):
            raise SystemExit("ncu_by_function: %s needs a value" % name)
        return argv[k + 1]
    lines = int(option("--lines", "0"))
    table = line_table(argv[1], option("--kernel", None))
    rows = [r for r in csv.reader(opened(argv[2])) if r]
    head = next((i for i, r in enumerate(rows) if "Address" in r), None)
    need = ("Address", "Warp Stall Sampling (All Samples)", "Instructions Executed")
    if head is None or any(c not in rows[head] for c in need):
        raise SystemExit("ncu_by_function: %s is not an ncu source page (--page source --csv --print-source sass)" % argv[2])
    at, samp, inst = (rows[head].index(c) for c in need)
    body = [r for r in rows[head + 1:] if len(r) > inst and r[at].startswith("0x")]
    if not body:
        raise SystemExit("ncu_by_function: no instruction rows in %s" % argv[2])
    base = min(int(r[at], 16) for r in body)   # the kernel's first instruction
    by_fn, by_line = collections.defaultdict(lambda: [0, 0]), collections.defaultdict(lambda: [0, 0])
    total = [0, 0]
    for r in body:
        where = table.get(int(r[at], 16) - base)
        s, e = (int(r[k].replace(",", "") or 0) for k in (samp, inst))
        key = (where[0], function_of(*where)) if where else ("?", "?")
        for acc in (by_fn[key], total) + ((by_line[where],) if where else ()):
            acc[0] += s
            acc[1] += e
    print("samples %d, instructions %d" % tuple(total))
    for (name, fn), (s, e) in sorted(by_fn.items(), key=lambda x: -x[1][0]):
        if s or e:
            print("%6.1f %% samples %6.1f %% instructions  %s: %s" % (100.0 * s / max(total[0], 1), 100.0 * e / max(total[1], 1), name, fn))
    for (name, line), (s, e) in sorted(by_line.items(), key=lambda x: -x[1][0])[:lines]:
        print("%6.1f %% samples %6.1f %% instructions  %s:%d" % (100.0 * s / max(total[0], 1), 100.0 * e / max(total[1], 1), name, line))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
