#!/usr/bin/python3
"""Tests of generator/gen.py's amalgamation (docs/DEVELOPING.md, "Generated code").

    /usr/bin/python3 test/test_generator.py

Checks, on a render into memory: every plain source of templates/ (no .j2) is in the output
verbatim, right after the #line directive that names it (line 1 under HZGSVD_SOURCE_LINES, else
the generated file's own), and the one after it gives the number of the line that follows in the
generated file; every template named *.j2 has
Jinja in it (one without is a plain source and loses the .j2); a render for another folder names
that folder in its #line directives and leaves the rest of the text alone.
Prints one summary line; exit status 1 on any failure.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "generator"))

import gen  # noqa: E402

passed = failed = 0


def check(cond, msg):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL: " + msg)


def main():
    templates = os.path.join(ROOT, "templates")
    out = os.path.join(ROOT, "generated")
    files = gen.render_all(gen.VARIANTS, out)
    plain = sorted(f for f in os.listdir(templates) if gen.is_verbatim(f))
    check(plain, "no plain sources in templates/")
    used = set()
    for name, text in files.items():
        lines = text.split("\n")
        for i, line in enumerate(lines):
            # the line after a directive is line i + 2 of the file (i is 0-based)
            m = re.match(r'#line HZGSVD__SRC_LINE\(1, (\d+)\) HZGSVD__SRC_FILE\("templates/([^"]+)"\)$', line)
            if m:
                src = m.group(2)
                used.add(src)
                check(int(m.group(1)) == i + 2 and src in plain,
                      "%s:%d: %s: not a plain source, or not this file's numbering" % (name, i + 1, line))
                with open(os.path.join(templates, src), encoding="utf-8") as fh:
                    body = fh.read().split("\n")[:-1]
                got = lines[i + 1:i + 1 + len(body)]
                check(got == body, "%s:%d: templates/%s is not there verbatim" % (name, i + 1, src))
                after = lines[i + 1 + len(body)]
                want = '#line %d HZGSVD__SRC_FILE("generated/%s")' % (i + len(body) + 3, name)
                check(after == want, "%s:%d: after templates/%s comes %r, not %r" % (name, i + 1, src, after, want))
            elif line.startswith("#line"):
                check(re.match(r'#line \d+ HZGSVD__SRC_FILE\("generated/%s"\)$' % re.escape(name), line),
                      "%s:%d: %s" % (name, i + 1, line))
    check(used == set(plain), "plain sources not in any generated file: %s" % sorted(set(plain) - used))
    for f in sorted(os.listdir(templates)):
        if f.endswith(".j2"):
            with open(os.path.join(templates, f), encoding="utf-8") as fh:
                s = fh.read()
            check(re.search(r"\{[%{#]", s) is not None, "templates/%s has no Jinja: make it a plain source" % f)
    # a filtered build renders elsewhere: only its #line directives and the instance list differ
    other = gen.render_all(gen.VARIANTS, os.path.join(ROOT, "build", "filtered", "generated"))
    for name, text in files.items():
        want = text.replace('("generated/%s")' % name, '("build/filtered/generated/%s")' % name)
        check(other[name] == want, "%s: a render for build/filtered/generated differs beyond its #line paths" % name)
    print("test_generator: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
