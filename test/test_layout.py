#!/usr/bin/python3
"""The code-shape rules of docs/DEVELOPING.md ("Code shape"), checked on the tree.

    /usr/bin/python3 test/test_layout.py [--list N]

- no function in templates/ or tools/ longer than MAX_FUNCTION_LINES (a definition: a line at
  column 0 that opens a parameter list and is followed by a body in braces; Jinja expressions are
  blanked first, so `{{P}}_f(` counts as a name and `{{ x }}` as no brace);
- no template with more than MAX_CPLX_BRANCHES `{% if cplx %}`: what differs by precision belongs
  in a few per-precision helpers, not in branches through the algorithm.
--list N prints every function longer than N lines (to plan a split) and exits 0.
Prints one summary line; exit status 1 on any failure.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MAX_FUNCTION_LINES = 120
MAX_CPLX_BRANCHES = 50
SOURCES = (".c", ".h", ".cu", ".cuh", ".j2")
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}")
LITERALS = re.compile(r"\"(\\.|[^\"\\])*\"|'(\\.|[^'\\])*'")
NOT_A_DEFINITION = ("typedef", "struct", "enum", "union", "extern \"C\"")


def blank(line):
    """The line with Jinja, string and character literals and // comments taken out."""
    return re.sub(r"//.*", "", LITERALS.sub("", JINJA.sub("J", line)))


def functions(path):
    """(first line, number of lines, header) of every function definition in a C/CUDA source or template."""
    with open(path, errors="replace") as f:
        lines = [blank(x) for x in f.read().split("\n")]
    out, i = [], 0
    while i < len(lines):
        head = lines[i]
        opens = (head and not head[0].isspace() and head[0] not in "#/*{}" and "(" in head
                 and not head.startswith(NOT_A_DEFINITION) and not head.rstrip().endswith(";"))
        if not opens:
            i += 1
            continue
        j = i   # the header may run over a few lines before its body opens
        while j < len(lines) and j < i + 12 and "{" not in lines[j] and not lines[j].rstrip().endswith(";"):
            j += 1
        if j >= len(lines) or "{" not in lines[j] or lines[j].rstrip().endswith(";"):
            i += 1
            continue
        depth, k = 0, j
        while k < len(lines):
            depth += lines[k].count("{") - lines[k].count("}")
            if depth <= 0:
                break
            k += 1
        out.append((i + 1, k - i + 1, head.strip()[:100]))
        i = k + 1
    return out


def sources(*folders):
    for folder in folders:
        for dirpath, _, names in os.walk(os.path.join(ROOT, folder)):
            for name in sorted(names):
                if name.endswith(SOURCES):
                    yield os.path.join(dirpath, name)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--list":
        for path in sources("templates", "tools"):
            for line, n, head in functions(path):
                if n > int(sys.argv[2]):
                    print("%s:%d: %d lines: %s" % (os.path.relpath(path, ROOT), line, n, head))
        return 0
    passed = failed = 0
    for path in sources("templates", "tools"):
        rel = os.path.relpath(path, ROOT)
        defs = functions(path)
        for line, n, head in defs:
            if n > MAX_FUNCTION_LINES:
                print("FAIL %s:%d: a function of %d lines (at most %d): %s" % (rel, line, n, MAX_FUNCTION_LINES, head))
                failed += 1
            else:
                passed += 1
        if path.endswith(".j2"):
            with open(path) as f:
                branches = f.read().count("{% if cplx %}")
            if branches > MAX_CPLX_BRANCHES:
                print("FAIL %s: %d `{%% if cplx %%}` (at most %d)" % (rel, branches, MAX_CPLX_BRANCHES))
                failed += 1
            else:
                passed += 1
    # the checker itself: it must see the functions of a file it knows (a parser that found
    # nothing would pass everything)
    known = [n for _, n, head in functions(os.path.join(ROOT, "templates", "hzgsvd_outcome.c"))
             if "hzgsvd__outcome_status" in head]
    if known and 15 <= known[0] <= MAX_FUNCTION_LINES:
        passed += 1
    else:
        print("FAIL the checker does not find hzgsvd__outcome_status in templates/hzgsvd_outcome.c")
        failed += 1
    print("test_layout: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
