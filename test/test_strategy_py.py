#!/usr/bin/python3
"""Tests of generator/strategies.py and of its agreement with the run-time C.

    /usr/bin/python3 test/test_strategy_py.py BUILD_DIR     (BUILD_DIR holds test_strategy)

Checks, for ME and MM and every even n <= 512: the invariants of ALGORITHM-NOTES 1.1 (step count,
n/2 pairs a step, p < q, each index once a step; ME: every pair once a sweep, positions by
increasing p; MM: (i, i+n/2) twice a sweep, all other pairs once); ME(8) and MM(8) exactly as
listed in the notes; power-of-two ME pairs i with i ^ (n-1-s) (n <= 2048); the communication map
invariants (every even n <= 256, and 384, 502, 510, 512); and that `BUILD_DIR/test_strategy --dump-all me|mm 512` prints exactly the Python tables.
Prints one summary line; exit status 1 on any failure.
"""
import hashlib
import multiprocessing
import operator
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from itertools import chain

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "generator"))

import strategies  # noqa: E402

MAXN = 512
# comm_map is generic code (no closed form), so every even n <= 256 plus a few larger orders is
# ample (the run-time C comm map is checked for every even n <= 512 by test_strategy itself)
MAXN_COMM = 256
EXTRA_COMM = (384, 502, 510, 512)

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
    return cond


def check_table(kind, n, table, flats):
    """The invariants of ALGORITHM-NOTES 1.1 for one table."""
    half = n // 2
    if not check(len(table) == (n - 1 if kind == "me" else n), "%s n=%d: %d steps" % (kind, n, len(table))):
        return
    full = set(range(n))
    ok = True
    for s, (step, flat) in enumerate(zip(table, flats)):
        ps = flat[0::2]
        ok &= check(len(step) == half and set(flat) == full,
                    "%s n=%d step %d: not a perfect matching of 0..n-1" % (kind, n, s))
        ok &= check(all(map(operator.lt, ps, flat[1::2])), "%s n=%d step %d: some p >= q" % (kind, n, s))
        if kind == "me":
            ok &= check(all(map(operator.lt, ps, ps[1:])),
                        "%s n=%d step %d: positions not sorted by p" % (kind, n, s))
    if not ok:
        return
    allpairs = list(chain.from_iterable(table))
    distinct = set(allpairs)
    npairs = n * (n - 1) // 2
    check(len(distinct) == npairs, "%s n=%d: %d of %d pairs visited" % (kind, n, len(distinct), npairs))
    if kind == "me":
        check(len(allpairs) == npairs, "%s n=%d: %d pairs in a sweep, expected %d" % (kind, n, len(allpairs), npairs))
    else:
        # with npairs distinct pairs among npairs + n/2, "each (i, i+n/2) twice" leaves the others once
        counts = Counter(allpairs)
        check(len(allpairs) == npairs + half and [counts[(i, i + half)] for i in range(half)] == [2] * half,
              "%s n=%d: pairs (i, i+n/2) not exactly twice, others not exactly once" % (kind, n))


def check_comm(kind, n, table, flats):
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
    # code -(r'+1) -> slot 2r' (p of position r'), +(r'+1) -> slot 2r'+1 (q); anything else invalid
    code2slot = {}
    for r in range(n // 2):
        code2slot[-(r + 1)] = 2 * r
        code2slot[r + 1] = 2 * r + 1
    for k in range(nsteps):
        codes = list(chain.from_iterable(cm[k]))
        dest = list(map(code2slot.get, codes))
        if not check(len(codes) == n and None not in dest and sorted(dest) == slots,
                     "%s n=%d step %d: destinations are not one slot each of step k+1" % (kind, n, k)):
            continue
        check(list(map(flats[(k + 1) % nsteps].__getitem__, dest)) == flats[k],
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
    # the base tables are the round-robin factorization, as the C lists it (partner of u in step t)
    for b in range(6, 131, 4):
        m = b - 1
        want = [[(u, strategies._rr_partner(t, u, m)) for u in range(b) if u < strategies._rr_partner(t, u, m)]
                for t in range(m)]
        check(strategies.me_base_table(b) == want, "B_%d is not the round-robin factorization" % b)
        check(strategies.me_table(b) == want, "ME(%d) (b = n) is not its base" % b)
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
    """The table as test_strategy --dump prints it: one step per line, "p,q" pairs, single spaces."""
    return "".join(" ".join("%d,%d" % pq for pq in step) + "\n" for step in table)


MAKERS = {"me": strategies.me_table, "mm": strategies.mm_table}


def run_one(task):
    """One table (a pool task): its invariants, its comm map, and the digest of its text."""
    kind, n = task
    c0, f0 = checks, len(failures)
    table = MAKERS[kind](n)
    flats = [list(chain.from_iterable(step)) for step in table]
    check_table(kind, n, table, flats)
    if n <= MAXN_COMM or n in EXTRA_COMM:
        check_comm(kind, n, table, flats)
    digest = hashlib.sha1(fmt_table(table).encode("ascii")).hexdigest()
    return kind, n, checks - c0, failures[f0:], digest


def run_tables(tasks):
    """run_one over every task, on all CPUs where multiprocessing works, else serially."""
    nproc = min(os.cpu_count() or 1, 8)
    if nproc > 1:
        try:
            ctx = multiprocessing.get_context("fork")
            with ctx.Pool(nproc) as pool:
                return list(pool.imap_unordered(run_one, tasks))
        except (OSError, ValueError, ImportError):
            pass
    return [run_one(t) for t in tasks]


def start_c_dump(build, kind):
    """Start `test_strategy --dump-all kind MAXN` writing to a temporary file (runs meanwhile)."""
    exe = os.path.join(build, "test_strategy")
    if not check(os.access(exe, os.X_OK), "%s is not an executable (build it first)" % exe):
        return None
    out = tempfile.TemporaryFile()
    return exe, out, subprocess.Popen([exe, "--dump-all", kind, str(MAXN)], stdout=out)


def compare_with_c(job, kind, digests):
    """The C dump of every even n <= MAXN must equal the Python text (compared by SHA-1 of the text)."""
    if job is None:
        return
    exe, out, proc = job
    rc = proc.wait()
    out.seek(0)
    text = out.read().decode("ascii", "replace")
    out.close()
    if not check(rc == 0, "%s --dump-all %s %d: exit status %d" % (exe, kind, MAXN, rc)):
        return
    chunks = text.split("n ")[1:]
    ns = list(range(2, MAXN + 1, 2))
    if not check(len(chunks) == len(ns), "%s: C printed %d tables, expected %d" % (kind, len(chunks), len(ns))):
        return
    for chunk, n in zip(chunks, ns):
        head, _, body = chunk.partition("\n")
        ok = head == str(n) and hashlib.sha1(body.encode("ascii")).hexdigest() == digests[n]
        if not check(ok, "%s n=%d: C table (--dump-all) differs from Python" % (kind, n)):
            want = fmt_table(MAKERS[kind](n)).split("\n")
            for s, (g, w) in enumerate(zip(body.split("\n"), want)):
                if g != w:
                    print("  %s n=%d, first difference, step %d:\n    C:      %s\n    Python: %s"
                          % (kind, n, s, g, w), file=sys.stderr)
                    break


def main():
    global checks
    if len(sys.argv) != 2:
        print("usage: %s BUILD_DIR" % sys.argv[0], file=sys.stderr)
        return 2
    build = sys.argv[1]
    t0 = time.time()
    jobs = {kind: start_c_dump(build, kind) for kind in ("me", "mm")}
    # the spot check of --dump (one table) as well as --dump-all
    exe = os.path.join(build, "test_strategy")
    if os.access(exe, os.X_OK):
        for kind, n in (("me", 8), ("mm", 8), ("me", 12), ("mm", 30)):
            res = subprocess.run([exe, "--dump", kind, str(n)], stdout=subprocess.PIPE, universal_newlines=True)
            check(res.returncode == 0 and res.stdout == fmt_table(MAKERS[kind](n)),
                  "%s --dump %s %d differs from Python" % (exe, kind, n))
    check_fixed()
    tasks = sorted(((kind, n) for kind in ("me", "mm") for n in range(2, MAXN + 1, 2)), key=lambda t: -t[1])
    digests = {"me": {}, "mm": {}}
    for kind, n, nchecks, fails, digest in run_tables(tasks):
        checks += nchecks
        failures.extend(fails)
        digests[kind][n] = digest
    for kind in ("me", "mm"):
        compare_with_c(jobs[kind], kind, digests[kind])
    dt = time.time() - t0
    if failures:
        for msg in failures[:30]:
            print("FAIL: " + msg, file=sys.stderr)
        print("test_strategy_py: %d of %d checks FAILED" % (len(failures), checks))
        return 1
    print("test_strategy_py: %d checks passed (ME and MM, every even n <= %d, Python == C; %.1f s)"
          % (checks, MAXN, dt))
    return 0


if __name__ == "__main__":
    sys.exit(main())
