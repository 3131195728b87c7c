"""Parallel Jacobi strategies: the one Python definition of ME, MM and the communication map.

A strategy table of even order n is a list of steps; a step is a list of n/2 pairs (p, q), p < q,
in which every index 0..n-1 occurs exactly once.  The index of a pair inside its step is its
"position" (the thread block, warp or MPI rank that handles it).  Facts and sources:
../shared/docs/ALGORITHM-NOTES.md, sections 1 and 2.

    me_table(n)   generalized Mantharam-Eberlein (ME): cyclic, n-1 steps, every even n >= 2
    mm_table(n)   modified modulus (MM): quasi-cyclic, n steps, every even n >= 2
    comm_map(t)   where the column (stripe) in each (position, slot) goes for the next step

The run-time C in templates/hzgsvd_strategy.h.j2 implements the same closed forms and must produce
exactly the same tables (test/test_strategy.c, test/test_strategy_py.py check this).
Everything here is O(n^2) per table (closed forms, no search).
"""

import itertools

__all__ = ["me_table", "mm_table", "comm_map", "me_base_table", "check_order"]


def check_order(n):
    """Raise ValueError unless n is an even integer >= 2."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 2 or n % 2:
        raise ValueError("strategy order must be an even integer >= 2, got %r" % (n,))


def _rr_partner(t, x, m):
    """Partner of x in step t of the round-robin (circle method) 1-factorization of K_{m+1}, m odd.

    Index m is the fixed point at the centre: it meets t.  Every other x meets the y with
    x + y = 2t (mod m); as m is odd, each unordered pair {x, y} of 0..m-1 meets in exactly one step.
    """
    if x == m:
        return t
    if x == t:
        return m
    return (2 * t - x) % m


def me_base_table(b):
    """The base table B_b (b-1 steps of b/2 pairs, sorted by p) used by me_table for b = 2 * odd.

    For b == 2 it is [[(0, 1)]] (as the authors').  For b >= 6 it is the round-robin (circle method)
    1-factorization of K_b: step t (0 <= t < b-1) pairs t with b-1 and x with (2t - x) mod (b-1).

    Why round-robin and not the authors' stored bases: their tables B_6..B_42 come from a
    backtracking search for the lexicographically smallest matchings that takes minutes for some b
    (about 14 min for b = 30) and is not known to finish for b >= 46, so there is no stored base
    there at all.  The round-robin factorization exists for every even b, has a closed form (no
    storage, O(b^2) to list) and keeps what matters for ME: every pair exactly once per sweep,
    and the recursive doubling on top of it.  Any 1-factorization is a valid ME base; the
    strategies differ only in the order in which pairs are visited.  For power-of-two n (b = 2,
    which covers the GPU inner level of order 32 and the paper's test sizes) the resulting ME is
    identical to the authors'; for other n it is a generalized ME of the same structure with a
    different base.
    """
    if b == 2:
        return [[(0, 1)]]
    if b < 2 or b % 2:
        raise ValueError("base order must be even >= 2, got %r" % (b,))
    m = b - 1
    steps = []
    for t in range(m):
        # the same pairs as {(u, _rr_partner(t, u, m))}, listed in closed form and sorted by p
        step = [(t, m)]
        for i in range(1, (m + 1) // 2):
            x, y = (t + i) % m, (t - i) % m
            step.append((x, y) if x < y else (y, x))
        step.sort()
        steps.append(step)
    return steps


def me_table(n):
    """Generalized Mantharam-Eberlein strategy of even order n: n-1 steps, cyclic.

    Write n = b * K with K = 2^k and b = 2 * odd.  Start from the base table B_b (me_base_table:
    [(0,1)] for b = 2, the round-robin factorization of K_b for b >= 6) and double it k times,
    in the closed form of ALGORITHM-NOTES 1.2 (index = u*K + v, ^ = XOR):

      step t*K + d   (t < b-1, d < K):  (u1*K + v, u2*K + (v ^ (K-1-d)))
                                         for every base pair (u1, u2) of step t and every v < K;
      step (b-1)*K + d   (d < K-1):      (u*K + v, u*K + (v ^ (K-1-d))) for v < v ^ (K-1-d), every u.

    Positions within a step are sorted by increasing p.  For power-of-two n this is exactly the
    authors' ME ("cycwor", jstrat id 2): step s pairs i with i ^ (n-1-s).
    """
    check_order(n)
    K = (n & -n) >> 1          # the largest power of two with n / K = 2 * odd
    b = n // K
    base = me_base_table(b)
    if K == 1:
        return base
    steps = []
    for bstep in base:
        scaled = [(u1 * K, u2 * K) for (u1, u2) in bstep]
        for d in range(K):
            mask = K - 1 - d
            xs = [(v, v ^ mask) for v in range(K)]
            steps.append([(a + v, c + w) for (a, c) in scaled for (v, w) in xs])
    for d in range(K - 1):
        mask = K - 1 - d
        xs = [(v, v ^ mask) for v in range(K) if v < (v ^ mask)]
        steps.append([(a + v, a + w) for a in range(0, n, K) for (v, w) in xs])
    return steps


def mm_table(n):
    """Modified modulus strategy of even order n: n steps, quasi-cyclic (ALGORITHM-NOTES 1.3).

    Step k, c = (k-1) mod n: the pairs with p + q = c (mod n), plus (c/2, c/2 + n/2) if c is even.
    The pairs (i, i + n/2) occur twice per sweep, all others once.  Position order (the reference
    order of jstrat's "mmstep", jstrat id 4): (k+r, n-1-r) for r = 0, 1, ... while k+r < n-1-r;
    then ((k-1)/2, (k-1)/2 + n/2) if k is odd; then (p, k-1-p) for p = ceil((k-1)/2)-1 down to 0.
    """
    check_order(n)
    h = n // 2
    steps = []
    for k in range(n):
        step = [(k + r, n - 1 - r) for r in range((n - k) // 2)]
        if k % 2:
            step.append(((k - 1) // 2, (k - 1) // 2 + h))
        step.extend((p, k - 1 - p) for p in range(k // 2 - 1, -1, -1))
        steps.append(step)
    return steps


def comm_map(table):
    """Communication map of a strategy table (paper section 4.1.3, ALGORITHM-NOTES section 2).

    Returns cm with cm[k][r] = (code_p, code_q): for slot o in {0 (= p), 1 (= q)} of position r in
    step k, the position r' and slot o' that hold the same index in step (k+1) mod nsteps, encoded
    as -(r'+1) if o' == 0 and +(r'+1) if o' == 1.  Raises ValueError if a step is not a perfect
    matching of 0..n-1 (then some index has no unique destination).
    """
    nsteps = len(table)
    if nsteps == 0:
        return []
    n = 2 * len(table[0])
    if n == 0:
        raise ValueError("step 0 is empty")
    slotcode = [(i >> 1) + 1 if i & 1 else -((i >> 1) + 1) for i in range(n)]
    flats = []
    wheres = []
    for k, step in enumerate(table):
        flat = list(itertools.chain.from_iterable(step))
        where = dict(zip(flat, slotcode))  # index -> code of its (position, slot)
        if len(flat) != n or len(where) != n or min(flat) < 0 or max(flat) >= n:
            raise ValueError("step %d is not a perfect matching of 0..%d" % (k, n - 1))
        flats.append(flat)
        wheres.append(where)
    out = []
    for k in range(nsteps):
        codes = list(map(wheres[(k + 1) % nsteps].__getitem__, flats[k]))
        out.append(list(zip(codes[0::2], codes[1::2])))
    return out
