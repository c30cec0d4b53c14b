# mypy: disallow-untyped-defs=False
"""numba kernels of the ``search`` agent: best-reply alpha-beta on a distance evaluation.

One decision searches ``depth`` plies (the agent's budget) that alternate between the seat to
act (the *max* side) and its adversaries (the *min* side): every other seat for a seat playing
to win, merged into one ply as in Schadd & Winands' best-reply search (for two players plain
alpha-beta), and the victim alone for a spoiler. Moves are tried best progress first (after
the ply's killer move), leaves are valued without generating their moves (for a seat playing
to win, a node above the leaves in one pass over its moves, none of them played), ties at the
root are broken at random (numba's generator: seed it for a reproducible choice), and the
root discourages undoing the previous move (:data:`UNDO`) and waiting (:data:`STALL`).

The evaluation, from the searcher's side, reads per seat ``rest[s]``: the sum over its pegs
of ``cost[s, hole]`` (steps to the target tip, convex so that stragglers weigh more, plus a
little for leaving the start-target axis: :func:`plywright.plugins.halma.search.hole_cost`) minus
that sum with the target packed.

- To win: the best opponent's ``rest`` minus the own.
- To spoil (``victim >= 0``): the victim's ``rest`` minus the best other seat's; under the
  ``own`` win rule a peg of the spoiler on a hole of the victim's target makes completion
  impossible while it stays there (:data:`BLOCK`), and without one the spoiler's peg nearest
  to that target is drawn toward it (:data:`APPROACH` per step). Under ``filled`` foreign pegs
  fill the target, so there is nothing to block.

A seat whose move completes it (as :func:`plywright.plugins.halma.fast.kernels.end_turn` counts it)
ends the line: a win for the searcher if that seat is the searcher (or, for a spoiler, any seat but
the victim), sooner better, else a loss. Rounds are not tracked inside the tree.

Work that cannot change the move is skipped (``prune``; the tests compare with plain
alpha-beta, seed for seed): the ply above the leaves is valued from its moves' gains alone,
for a spoiler too under ``filled``; when no move of the searcher's can complete it there, only
its best gain counts (:func:`plywright.plugins.halma.fast.kernels.best_gain`, no move list); an
adversary's reply that leaves the searcher's best move of the node above legal (it neither
lands on that move's path nor leaves a hole the move jumps) is bounded below by that move's
gain, and skipped when the bound cannot lower the node's value; below the root the moves are
sorted once rather than picked one by one (the order there decides only how soon a cut comes:
the root's values, and so its ties and their random draw, are those of plain alpha-beta).

**Restricted play** (``forbid``, :data:`FORBID_STEP` or :data:`FORBID_JUMP`): on the
searcher's own plies its moves of that kind are left out unless nothing else is legal (a
player cannot pass); the shortcuts that read the searcher's best gain without its move list
(the frontier's, the bound on the adversaries' children) are then off, since that move may be
of the forbidden kind.
"""

from __future__ import annotations

from plywright.plugins.halma.fast.cache import configure

configure()

import numpy as np  # noqa: E402
from numba import njit  # noqa: E402

from plywright.plugins.halma.fast.kernels import best_gain, gen_moves, mark_path, move_peg  # noqa: E402

WIN = np.int64(1) << 40
"""Value of a line that ends in the searcher's win (minus the plies it takes)."""
BLOCK = np.int64(1) << 30
"""Spoiler's value of holding a hole of the victim's target (``own`` win rule)."""
APPROACH = 64
"""Spoiler's value per step its nearest peg is closer to the victim's target (``own``)."""
UNDO = 48
"""Penalty on the root move that undoes the searcher's previous move."""
STALL = 16
"""Penalty on a root move that brings no peg nearer the target tip, per own move in a row
before it that brought none (two seats that each wait for the other to open a jump would
wait for ever)."""
STALL_CAP = 64
"""Most own moves in a row counted for :data:`STALL`."""
INF = np.int64(1) << 50
FORBID_NONE, FORBID_STEP, FORBID_JUMP = 0, 1, 2
"""The searcher's forbidden kind of move (``forbid``): none, single steps, jumps (a chain)."""


@njit(cache=True)
def scratch(players, width, size, depth):
    """Work arrays of :func:`search_move` for boards of ``size`` holes, at most ``width`` pegs
    a seat and ``depth`` plies: per ply the moves (from, to, mover, order score), the move
    generator's scratch, the evaluation's per-seat counters, and the marks and parents of
    :func:`plywright.plugins.halma.fast.kernels.mark_path`."""
    cap = players * (width * size + 1)
    plies = max(depth, 1)
    mf = np.empty((plies, cap), np.int32)
    mt = np.empty((plies, cap), np.int32)
    ms = np.empty((plies, cap), np.int32)
    score = np.empty((plies, cap), np.int64)
    visit = np.zeros((7, 2 * size + 2), np.int64)
    stamp = np.zeros(3, np.int64)
    stack = np.empty(size, np.int32)
    counters = np.zeros((3, players), np.int64)
    mark = np.zeros((3, size), np.int64)
    parent = np.zeros((2, size), np.int32)
    return mf, mt, ms, score, visit, stamp, stack, counters, mark, parent


@njit(cache=True)
def apply(board, pos, peg, f, t, m, cost, tmask, counters):
    """Move ``m``'s peg ``f -> t`` and update the counters (``t, f`` undoes it): ``rest``,
    own pegs in the target, empty holes of the target, per seat."""
    counters[0, m] += cost[m, t] - cost[m, f]
    bits = tmask[f]
    s = 0
    while bits:
        if bits & 1:
            counters[2, s] += 1
            if s == m:
                counters[1, s] -= 1
        bits >>= 1
        s += 1
    bits = tmask[t]
    s = 0
    while bits:
        if bits & 1:
            counters[2, s] -= 1
            if s == m:
                counters[1, s] += 1
        bits >>= 1
        s += 1
    move_peg(board, pos, peg, f, t)


@njit(cache=True)
def completes(counters, m, ntgt, own_rule):
    """True when seat ``m`` has completed (checked after its move)."""
    if own_rule:
        return counters[1, m] == ntgt
    return counters[2, m] == 0 and counters[1, m] > 0


@njit(cache=True)
def evaluate(pos, npegs, me, victim, players, own_rule, tgt, ntgt, board, reach, counters):
    """The searcher's value of a position (see the module docstring)."""
    focus = me if victim < 0 else victim
    best = INF
    for s in range(players):
        if s != focus and counters[0, s] < best:
            best = counters[0, s]
    if best == INF:  # one seat only
        best = 0
    if victim < 0:
        return best - counters[0, me]
    value = counters[0, victim] - best
    if own_rule:
        held = False
        for k in range(ntgt):
            if board[tgt[victim, k]] == me:
                held = True
                break
        if held:
            value += BLOCK
        else:
            near = np.int64(1 << 30)
            for k in range(npegs[me]):
                d = reach[victim, pos[me, k]]
                if d < near:
                    near = d
            value -= APPROACH * near
    return value


@njit(cache=True)
def adversary(s, me, victim):
    """True when seat ``s`` moves on the min plies."""
    if victim >= 0:
        return s == victim and s != me
    return s != me


@njit(cache=True)
def is_step(f, t, nb):
    """True when the move ``f -> t`` is a single step (else a jump chain: a chain never ends on
    a neighbour of its start, every landing lies in the start's parity class)."""
    for d in range(6):  # noqa: SIM110 (a plain loop compiles to the tightest kernel)
        if nb[f, d] == t:
            return True
    return False


@njit(cache=True)
def keep_allowed(mf, mt, n, nb, forbid):
    """Drop the moves ``0:n`` of the kind ``forbid`` (compacting the rest in order), unless
    every move is of that kind; returns the moves kept."""
    if forbid == FORBID_NONE:
        return n
    banned = forbid == FORBID_STEP
    kept = 0
    for i in range(n):
        if is_step(mf[i], mt[i], nb) != banned:
            mf[kept] = mf[i]
            mt[kept] = mt[i]
            kept += 1
    if kept == 0:  # every move is of the forbidden kind: they all stay
        return n
    return kept


@njit(cache=True)
def expand(
    board, pos, npegs, side_me, me, victim, players, jover, jland, nb, lock, jump_own, cost,
    visit, stamp, stack, mf, mt, ms, score, forbid,
):  # fmt: skip
    """Write the moves of the ply (the searcher's, or every adversary's) with their order
    scores (the mover's progress); a ply without a move gets one pass (``from = -1``). The
    searcher's own ply leaves out its moves of the kind ``forbid`` (:func:`keep_allowed`)."""
    count = 0
    for s in range(players):
        if side_me:
            if s != me:
                continue
        elif not adversary(s, me, victim):
            continue
        n = gen_moves(
            board, pos, npegs, s, jover, jland, nb, lock, jump_own, visit, stamp, stack,
            mf[count:], mt[count:],
        )  # fmt: skip
        if side_me:
            n = keep_allowed(mf[count:], mt[count:], n, nb, forbid)
        for i in range(count, count + n):
            ms[i] = s
            score[i] = cost[s, mf[i]] - cost[s, mt[i]]
        count += n
    if count == 0:
        mf[0] = -1
        mt[0] = -1
        ms[0] = -1
        score[0] = 0
        count = 1
    return count


@njit(cache=True)
def leaf_value(me, victim, players, m, gain, done, ply, counters):
    """The value of the position after seat ``m``'s move of ``gain`` (its ``rest`` that much
    smaller; ``done``: the move completes it; ``m = -1``: a pass) one ply above the leaves:
    :func:`evaluate` of the position (or the end of the line) with only ``m``'s ``rest``
    changed."""
    if done:
        mine = m == me if victim < 0 else m != victim
        return WIN - ply if mine else ply - WIN
    focus = me if victim < 0 else victim
    low = INF
    for s in range(players):
        if s != focus:
            r = counters[0, s] - gain if s == m else counters[0, s]
            if r < low:
                low = r
    if low == INF:  # one seat only
        low = 0
    if victim < 0:
        return low - (counters[0, me] - gain if m == me else counters[0, me])
    return (counters[0, victim] - gain if m == victim else counters[0, victim]) - low


@njit(cache=True)
def bound(me, victim, players, gain, known, counters):
    """A lower bound of :func:`frontier`'s value of the searcher's ply (the position in
    ``counters``): with ``known``, the searcher has a move of ``gain``; without, a spoiler
    still scores at least the victim's ``rest`` minus the smallest third seat's (``-INF``
    when there is no bound)."""
    if known:
        return leaf_value(me, victim, players, me, gain, False, 0, counters)
    if victim < 0:
        return -INF
    low = INF
    for s in range(players):
        if s != victim and s != me and counters[0, s] < low:
            low = counters[0, s]
    return counters[0, victim] - low if low < INF else -INF


@njit(cache=True)
def frontier(
    board, pos, npegs, side_me, me, victim, players, jover, jland, nb, lock, jump_own, ntgt,
    own_rule, cost, tmask, visit, stamp, stack, mf, mt, ms, score, counters, ply, prune, forbid,
):  # fmt: skip
    """The value of a node one ply above the leaves, for a seat playing to win or a spoiler
    under the ``filled`` win rule (whose leaves read only the ``rest``): the ply's moves only
    change the mover's ``rest`` and whether it completes, so each leaf is valued without
    being played, and when no move of the searcher's ply can complete it only its best gain
    matters (:func:`plywright.plugins.halma.fast.kernels.best_gain`, no move list; not with
    ``forbid``: that move may be of the forbidden kind)."""
    near = counters[1, me] + 1 >= ntgt if own_rule else counters[2, me] <= 1
    if prune and side_me and not near and forbid == FORBID_NONE:
        moves, gain, _, _ = best_gain(
            board, pos, npegs, me, jover, jland, nb, lock, jump_own, cost, visit, stamp, stack
        )
        if not moves:
            return leaf_value(me, victim, players, -1, 0, False, ply, counters)
        return leaf_value(me, victim, players, me, gain, False, ply, counters)
    count = expand(
        board, pos, npegs, side_me, me, victim, players, jover, jland, nb, lock, jump_own, cost,
        visit, stamp, stack, mf, mt, ms, score, forbid,
    )  # fmt: skip
    if mf[0] < 0:
        return leaf_value(me, victim, players, -1, 0, False, ply, counters)
    value = -INF if side_me else INF
    for i in range(count):
        m = ms[i]
        into = (tmask[mt[i]] >> m) & 1
        out = (tmask[mf[i]] >> m) & 1
        own = counters[1, m] + into - out
        done = own == ntgt if own_rule else own > 0 and counters[2, m] - into + out == 0
        v = leaf_value(me, victim, players, m, score[i], done, ply, counters)
        if side_me:
            if v > value:
                value = v
        elif v < value:
            value = v
    return value


@njit(cache=True)
def sort_tail(mf, mt, ms, score, lo, hi):
    """Sort the moves ``lo:hi`` of a ply by their order score, highest first."""
    if hi - lo < 2:
        return
    order = np.argsort(-score[lo:hi]) + lo
    f = mf[order]
    t = mt[order]
    m = ms[order]
    sc = score[order]
    mf[lo:hi] = f
    mt[lo:hi] = t
    ms[lo:hi] = m
    score[lo:hi] = sc


@njit(cache=True)
def search_move(
    board, pos, peg, npegs, me, victim, depth, jover, jland, nb, lock, jump_own, tgt, ntgt,
    players, own_rule, cost, packed, tmask, reach, last_from, last_to, dist, stalls, work,
    prune, forbid=FORBID_NONE,
):  # fmt: skip
    """``(from, to)`` of the searcher's move in the position (``(-1, -1)``: it must pass);
    ``stalls``: the searcher's own moves in a row that brought no peg nearer (``dist``) the
    target tip; ``work`` from :func:`scratch` for at least ``depth`` plies. The position is
    restored. ``prune``: skip work that cannot change the move (the spoiler's frontier, the
    searcher's best gain alone, the bound on the adversaries' children); ``False`` searches
    every node as plain alpha-beta does, for tests (the same move). ``forbid``: the kind of
    move the searcher may not make (:data:`FORBID_STEP`, :data:`FORBID_JUMP`) unless it has
    no other (see the module docstring)."""
    mf, mt, ms, score, visit, stamp, stack, counters, mark, parent = work
    depth = max(depth, 1)
    shallow = victim < 0 or (prune and not own_rule)  # the frontier values the ply above leaves
    # the level whose children the searcher's frontier values: a move of the searcher there
    # (gain ``ref``, marked by ``mark_path`` with key ``stamp[2]``; found when a node's first
    # reply does not cut, which most do) bounds each later child below
    free = forbid == FORBID_NONE  # the searcher's best gain is that of a move it may make
    bounded = depth - 2 if prune and free and depth % 2 == 1 and shallow else -1
    known = False
    ref = np.int64(0)
    for s in range(players):
        counters[0, s] = -packed[s]
        counters[1, s] = 0
        counters[2, s] = ntgt
        for k in range(npegs[s]):
            counters[0, s] += cost[s, pos[s, k]]
    for h in range(board.shape[0]):
        bits = tmask[h]
        s = 0
        while bits:
            if bits & 1 and board[h] >= 0:
                counters[2, s] -= 1
                if board[h] == s:
                    counters[1, s] += 1
            bits >>= 1
            s += 1
    cnt = np.zeros(depth, np.int64)
    idx = np.zeros(depth, np.int64)
    alpha = np.zeros(depth, np.int64)
    beta = np.zeros(depth, np.int64)
    best = np.zeros(depth, np.int64)
    kill = np.full((depth, 2), -2, np.int64)
    cnt[0] = expand(
        board, pos, npegs, True, me, victim, players, jover, jland, nb, lock, jump_own, cost,
        visit, stamp, stack, mf[0], mt[0], ms[0], score[0], forbid,
    )  # fmt: skip
    if mf[0, 0] < 0:
        return -1, -1
    if cnt[0] == 1:
        return mf[0, 0], mt[0, 0]
    alpha[0] = -INF
    beta[0] = INF
    best[0] = -INF
    pick = 0
    ties = 0
    p = 0
    while True:
        if idx[p] < cnt[p] and alpha[p] < beta[p]:
            # the killer of the ply first, then the best-ordered move left: swap it into place
            i = idx[p]
            if p == bounded and i == 1:
                # the first reply did not cut: the searcher's best move here bounds the rest
                known, ref, a, b = best_gain(
                    board, pos, npegs, me, jover, jland, nb, lock, jump_own, cost, visit, stamp,
                    stack,
                )  # fmt: skip
                if known:
                    stamp[2] += 1
                    mark_path(
                        board, a, b, me, jover, jland, nb, lock, jump_own, mark, stamp[2], parent,
                        stack,
                    )  # fmt: skip
            top = i
            killer = -1
            if i == 0 and p > 0:
                for j in range(cnt[p]):
                    if mf[p, j] == kill[p, 0] and mt[p, j] == kill[p, 1]:
                        killer = j
                        break
            if killer >= 0:
                top = killer
            elif p > 0 and i > 0:
                # below the root the order only decides how soon a cut comes (the root's
                # values are the same), so the moves left are sorted once, best first
                if i == 1:
                    sort_tail(mf[p], mt[p], ms[p], score[p], 1, cnt[p])
            else:
                for j in range(i + 1, cnt[p]):
                    if score[p, j] > score[p, top]:
                        top = j
            if top != i:
                mf[p, i], mf[p, top] = mf[p, top], mf[p, i]
                mt[p, i], mt[p, top] = mt[p, top], mt[p, i]
                ms[p, i], ms[p, top] = ms[p, top], ms[p, i]
                score[p, i], score[p, top] = score[p, top], score[p, i]
            f = mf[p, i]
            t = mt[p, i]
            m = ms[p, i]
            if f >= 0:
                apply(board, pos, peg, f, t, m, cost, tmask, counters)
            if f >= 0 and completes(counters, m, ntgt, own_rule):
                mine = m == me if victim < 0 else m != victim
                v = WIN - p if mine else p - WIN
            elif p + 1 == depth:
                v = evaluate(
                    pos, npegs, me, victim, players, own_rule, tgt, ntgt, board, reach, counters
                )
            elif p == bounded and (
                bound(
                    me, victim, players, ref,
                    known and (f < 0 or (mark[0, t] != stamp[2] and mark[1, f] != stamp[2])),
                    counters,
                ) >= best[p]
            ):  # fmt: skip
                # the searcher's reference move is still legal (or the bound holds without
                # it): this child cannot lower the node's value, so it is not searched
                v = best[p]
            elif p + 2 == depth and shallow:
                q = p + 1
                v = frontier(
                    board, pos, npegs, q % 2 == 0, me, victim, players, jover, jland, nb, lock,
                    jump_own, ntgt, own_rule, cost, tmask, visit, stamp, stack, mf[q], mt[q],
                    ms[q], score[q], counters, q, prune, forbid,
                )  # fmt: skip
            else:
                q = p + 1
                cnt[q] = expand(
                    board, pos, npegs, q % 2 == 0, me, victim, players, jover, jland, nb, lock,
                    jump_own, cost, visit, stamp, stack, mf[q], mt[q], ms[q], score[q], forbid,
                )  # fmt: skip
                idx[q] = 0
                alpha[q] = alpha[p]
                beta[q] = beta[p]
                best[q] = -INF if q % 2 == 0 else INF
                known = False
                p = q
                continue
            if f >= 0:
                apply(board, pos, peg, t, f, m, cost, tmask, counters)
        else:
            v = best[p]
            if p == 0:
                break
            p -= 1
            i = idx[p]
            f = mf[p, i]
            t = mt[p, i]
            if f >= 0:
                apply(board, pos, peg, t, f, ms[p, i], cost, tmask, counters)
        # the value v of move idx[p] of ply p
        i = idx[p]
        idx[p] += 1
        if p == 0:
            if mf[0, i] == last_to[me] and mt[0, i] == last_from[me]:
                v -= UNDO
            if dist[me, mf[0, i]] <= dist[me, mt[0, i]]:
                v -= STALL * min(stalls, STALL_CAP)
            if v > best[0]:
                best[0] = v
                pick = i
                ties = 1
                alpha[0] = v - 1  # equal moves still get exact values: ties are drawn
            elif v == best[0]:
                ties += 1
                if np.random.randint(0, ties) == 0:
                    pick = i
        else:
            if p % 2 == 0:
                if v > best[p]:
                    best[p] = v
                    if v > alpha[p]:
                        alpha[p] = v
            elif v < best[p]:
                best[p] = v
                if v < beta[p]:
                    beta[p] = v
            if alpha[p] >= beta[p]:  # a cut: remember the move for the ply's next nodes
                kill[p, 0] = mf[p, i]
                kill[p, 1] = mt[p, i]
    return mf[0, pick], mt[0, pick]


@njit(cache=True)
def search_probe(
    seed, board, pos, peg, npegs, me, victim, depth, jover, jland, nb, lock, jump_own, tgt,
    ntgt, players, own_rule, cost, packed, tmask, reach, last_from, last_to, dist, stalls,
    prune, forbid=FORBID_NONE,
):  # fmt: skip
    """:func:`search_move` with the generator seeded ``seed`` and its own work arrays (the
    Python path: one decision)."""
    np.random.seed(seed)
    work = scratch(players, pos.shape[1], board.shape[0], depth)
    return search_move(
        board, pos, peg, npegs, me, victim, depth, jover, jland, nb, lock, jump_own, tgt, ntgt,
        players, own_rule, cost, packed, tmask, reach, last_from, last_to, dist, stalls, work,
        prune, forbid,
    )  # fmt: skip
