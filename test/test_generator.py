#!/usr/bin/python3
"""Tests of generator/gen.py's amalgamation (docs/DEVELOPING.md, "Generated code").

    /usr/bin/python3 test/test_generator.py

Checks, on a render into memory: every plain source of templates/ (no .j2) is in the output
verbatim, right after `#line 1 "templates/<it>"`, and the `#line N "generated/<file>"` after it
gives the number of the line that follows in the generated file; every template named *.j2 has
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
            m = re.match(r'#line (\d+) "([^"]+)"$', line)
            if not m:
                continue
            n, path = int(m.group(1)), m.group(2)
            if path.startswith("templates/"):
                src = path[len("templates/"):]
                used.add(src)
                check(n == 1 and src in plain, "%s:%d: %s is not a plain source at its line 1" % (name, i + 1, line))
                with open(os.path.join(templates, src), encoding="utf-8") as fh:
                    body = fh.read().split("\n")[:-1]
                got = lines[i + 1:i + 1 + len(body)]
                check(got == body, "%s:%d: templates/%s is not there verbatim" % (name, i + 1, src))
                after = lines[i + 1 + len(body)]
                check(after == '#line %d "generated/%s"' % (i + len(body) + 3, name),
                      "%s:%d: after templates/%s comes %r, not the generated file's numbering" % (name, i + 1, src, after))
            else:
                check(path == "generated/" + name, "%s:%d: %s names another file" % (name, i + 1, line))
    check(used == set(plain), "plain sources not in any generated file: %s" % sorted(set(plain) - used))
    for f in sorted(os.listdir(templates)):
        if f.endswith(".j2"):
            with open(os.path.join(templates, f), encoding="utf-8") as fh:
                s = fh.read()
            check(re.search(r"\{[%{#]", s) is not None, "templates/%s has no Jinja: make it a plain source" % f)
    # a filtered build renders elsewhere: only its #line directives and the instance list differ
    other = gen.render_all(gen.VARIANTS, os.path.join(ROOT, "build", "filtered", "generated"))
    for name, text in files.items():
        want = text.replace('"generated/%s"' % name, '"build/filtered/generated/%s"' % name)
        check(other[name] == want, "%s: a render for build/filtered/generated differs beyond its #line paths" % name)
    print("test_generator: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
