#!/usr/bin/python3
"""Tests of generator/strategies.py and of its agreement with the run-time C.

    /usr/bin/python3 test/test_strategy_py.py BUILD_DIR     (BUILD_DIR holds test_strategy)

Checks, for ME and MM and every even n <= 512: the invariants of ALGORITHM-NOTES 1.1 (step count,
n/2 pairs a step, p < q, each index once a step; ME: every pair once a sweep, positions by
increasing p; MM: (i, i+n/2) twice a sweep, all other pairs once); ME(8) and MM(8) exactly as
listed in the notes; power-of-two ME pairs i with i ^ (n-1-s); the communication map invariants;
and that `BUILD_DIR/test_strategy --dump-all me|mm 512` prints exactly the Python tables.
Prints one summary line; exit status 1 on any failure.
"""
import itertools
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "generator"))

import strategies  # noqa: E402

MAXN = 512

ME8 = [[(0, 7), (1, 6), (2, 5), (3, 4)], [(0, 6), (1, 7), (2, 4), (3, 5)],
       [(0, 5), (1, 4), (2, 7), (3, 6)], [(0, 4), (1, 5), (2, 6), (3, 7)],
       [(0, 3), (1, 2), (4, 7), (5, 6)], [(0, 2), (1, 3), (4, 6), (5, 7)],
       [(0, 1), (2, 3), (4, 5), (6, 7)]]
MM8 = [[(0, 7), (1, 6), (2, 5), (3, 4)], [(1, 7), (2, 6), (3, 5), (0, 4)],
       [(2, 7), (3, 6), (4, 5), (0, 1)], [(3, 7), (4, 6), (1, 5), (0, 2)],
       [(4, 7), (5, 6), (1, 2), (0, 3)], [(5, 7), (2, 6), (1, 3), (0, 4)],
       [(6, 7), (2, 3), (1, 4), (0, 5)], [(3, 7), (2, 4), (1, 5), (0, 6)]]

checks = 0
failures = []


def check(cond, msg):
    global checks
    checks += 1
    if not cond:
        failures.append(msg)
        if len(failures) <= 30:
            print("FAIL: " + msg, file=sys.stderr)
    return cond


def check_table(kind, n, table):
    """The invariants of ALGORITHM-NOTES 1.1 for one table."""
    half = n // 2
    if not check(len(table) == (n - 1 if kind == "me" else n), "%s n=%d: %d steps" % (kind, n, len(table))):
        return
    full = set(range(n))
    ok = True
    for s, step in enumerate(table):
        flat = list(itertools.chain.from_iterable(step))
        ok &= check(len(step) == half and set(flat) == full,
                    "%s n=%d step %d: not a perfect matching of 0..n-1" % (kind, n, s))
        ok &= check(all(p < q for p, q in step), "%s n=%d step %d: some p >= q" % (kind, n, s))
        if kind == "me":
            ps = flat[0::2]
            ok &= check(all(a < b for a, b in zip(ps, ps[1:])),
                        "%s n=%d step %d: positions not sorted by p" % (kind, n, s))
    if not ok:
        return
    allpairs = list(itertools.chain.from_iterable(table))
    distinct = set(allpairs)
    npairs = n * (n - 1) // 2
    check(len(distinct) == npairs, "%s n=%d: %d of %d pairs visited" % (kind, n, len(distinct), npairs))
    if kind == "me":
        check(len(allpairs) == npairs, "%s n=%d: %d pairs in a sweep, expected %d" % (kind, n, len(allpairs), npairs))
    else:
        diam = [pq for pq in allpairs if pq[1] == pq[0] + half]
        check(len(allpairs) == npairs + half and len(diam) == 2 * half and len(set(diam)) == half,
              "%s n=%d: pairs (i, i+n/2) not exactly twice, others not exactly once" % (kind, n))


def check_comm(kind, n, table):
    """Communication map: every code valid, each slot of step k+1 receives one stripe, the right one."""
    try:
        cm = strategies.comm_map(table)
    except ValueError as e:
        check(False, "%s n=%d: comm_map raised %s" % (kind, n, e))
        return
    nsteps = len(table)
    if not check(len(cm) == nsteps, "%s n=%d: comm map has %d steps" % (kind, n, len(cm))):
        return
    slots = list(range(n))
    for k in range(nsteps):
        cur = list(itertools.chain.from_iterable(table[k]))
        nxt = list(itertools.chain.from_iterable(table[(k + 1) % nsteps]))
        codes = list(itertools.chain.from_iterable(cm[k]))
        # code -(r'+1) -> slot 2r', +(r'+1) -> slot 2r'+1; 0 or |code| > n/2 gives a slot outside 0..n-1
        dest = [2 * c - 1 if c > 0 else -2 * c - 2 for c in codes]
        if not check(len(codes) == n and sorted(dest) == slots,
                     "%s n=%d step %d: destinations are not one slot each of step k+1" % (kind, n, k)):
            continue
        check([nxt[d] for d in dest] == cur,
              "%s n=%d step %d: a stripe goes to a slot that does not hold its index" % (kind, n, k))


def check_fixed():
    check(strategies.me_table(8) == ME8, "ME(8) differs from ALGORITHM-NOTES 1.2")
    check(strategies.mm_table(8) == MM8, "MM(8) differs from ALGORITHM-NOTES 1.3")
    check(strategies.me_table(2) == [[(0, 1)]], "ME(2)")
    check(strategies.mm_table(2) == [[(0, 1)], [(0, 1)]], "MM(2)")
    check(strategies.me_base_table(2) == [[(0, 1)]], "B_2")
    for bad in (-2, 0, 1, 3, 33, 4.0, "8", None, True):
        for fn in (strategies.me_table, strategies.mm_table):
            try:
                fn(bad)
                check(False, "%s(%r) did not raise" % (fn.__name__, bad))
            except ValueError:
                check(True, "")
    # power-of-two ME is the authors' ME: step s pairs i with i ^ (n-1-s)
    n = 2
    while n <= 2048:
        t = strategies.me_table(n)
        want = [[(i, i ^ (n - 1 - s)) for i in range(n) if i < i ^ (n - 1 - s)] for s in range(n - 1)]
        check(t == want, "ME(%d) is not the hypercube ME" % n)
        n *= 2
    # the inner tables gen.py bakes have the documented shapes
    check(len(strategies.me_table(32)) == 31 and len(strategies.mm_table(32)) == 32, "order-32 shapes")
    # comm map of ME(4) by hand: steps (0,3)(1,2) | (0,2)(1,3) | (0,1)(2,3)
    check(strategies.comm_map(strategies.me_table(4)) ==
          [[(-1, 2), (-2, 1)], [(-1, -2), (1, 2)], [(-1, -2), (2, 1)]], "comm_map(ME(4)) by hand")
    try:
        strategies.comm_map([[(0, 1)], [(0, 0)]])
        check(False, "comm_map accepted a step that is not a matching")
    except ValueError:
        check(True, "")


def fmt_table(table):
    return "".join(" ".join("%d,%d" % pq for pq in step) + "\n" for step in table)


def compare_with_c(build, kind, tables):
    exe = os.path.join(build, "test_strategy")
    if not check(os.access(exe, os.X_OK), "%s is not an executable (build it first)" % exe):
        return
    res = subprocess.run([exe, "--dump-all", kind, str(MAXN)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, universal_newlines=True)
    if not check(res.returncode == 0, "%s --dump-all %s %d: exit %d: %s"
                 % (exe, kind, MAXN, res.returncode, res.stderr.strip())):
        return
    chunks = res.stdout.split("n ")[1:]
    if not check(len(chunks) == len(tables), "%s: C printed %d tables, expected %d" % (kind, len(chunks), len(tables))):
        return
    for chunk, (n, table) in zip(chunks, tables):
        head, _, body = chunk.partition("\n")
        want = fmt_table(table)
        if not check(head == str(n) and body == want, "%s n=%d: C table differs from Python" % (kind, n)):
            got_lines, want_lines = body.splitlines(), want.splitlines()
            for s, (g, w) in enumerate(zip(got_lines, want_lines)):
                if g != w:
                    print("  first difference, step %d:\n    C:      %s\n    Python: %s" % (s, g, w), file=sys.stderr)
                    break


def main():
    if len(sys.argv) != 2:
        print("usage: %s BUILD_DIR" % sys.argv[0], file=sys.stderr)
        return 2
    build = sys.argv[1]
    t0 = time.time()
    check_fixed()
    for kind, make in (("me", strategies.me_table), ("mm", strategies.mm_table)):
        tables = []
        for n in range(2, MAXN + 1, 2):
            table = make(n)
            tables.append((n, table))
            check_table(kind, n, table)
            check_comm(kind, n, table)
        compare_with_c(build, kind, tables)
    dt = time.time() - t0
    if failures:
        print("test_strategy_py: %d of %d checks FAILED" % (len(failures), checks))
        return 1
    print("test_strategy_py: %d checks passed (ME and MM, even n <= %d, Python == C; %.1f s)" % (checks, MAXN, dt))
    return 0


if __name__ == "__main__":
    sys.exit(main())
