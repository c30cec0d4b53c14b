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
little for leaving the start-target axis: :func:`plugins.halma.search.hole_cost`) minus that
sum with the target packed.

- To win: the best opponent's ``rest`` minus the own.
- To spoil (``victim >= 0``): the victim's ``rest`` minus the best other seat's; under the
  ``own`` win rule a peg of the spoiler on a hole of the victim's target makes completion
  impossible while it stays there (:data:`BLOCK`), and without one the spoiler's peg nearest
  to that target is drawn toward it (:data:`APPROACH` per step). Under ``filled`` foreign pegs
  fill the target, so there is nothing to block.

A seat whose move completes it (as :func:`plugins.halma.fast.kernels.end_turn` counts it) ends
the line: a win for the searcher if that seat is the searcher (or, for a spoiler, any seat but
the victim), sooner better, else a loss. Rounds are not tracked inside the tree.
"""

from __future__ import annotations

from plugins.halma.fast.cache import configure

configure()

import numpy as np  # noqa: E402
from numba import njit  # noqa: E402

from plugins.halma.fast.kernels import gen_moves, move_peg  # noqa: E402

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


@njit(cache=True)
def scratch(players, width, size, depth):
    """Work arrays of :func:`search_move` for boards of ``size`` holes, at most ``width`` pegs
    a seat and ``depth`` plies: per ply the moves (from, to, mover, order score), the move
    generator's scratch, and the evaluation's per-seat counters."""
    cap = players * (width * size + 1)
    plies = max(depth, 1)
    mf = np.empty((plies, cap), np.int32)
    mt = np.empty((plies, cap), np.int32)
    ms = np.empty((plies, cap), np.int32)
    score = np.empty((plies, cap), np.int64)
    visit = np.zeros((7, 2 * size + 2), np.int64)
    stamp = np.zeros(2, np.int64)
    stack = np.empty(size, np.int32)
    counters = np.zeros((3, players), np.int64)
    return mf, mt, ms, score, visit, stamp, stack, counters


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
def expand(
    board, pos, npegs, side_me, me, victim, players, jover, jland, nb, lock, jump_own, cost,
    visit, stamp, stack, mf, mt, ms, score,
):  # fmt: skip
    """Write the moves of the ply (the searcher's, or every adversary's) with their order
    scores (the mover's progress); a ply without a move gets one pass (``from = -1``)."""
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
def frontier(
    board, pos, npegs, side_me, me, players, jover, jland, nb, lock, jump_own, ntgt, own_rule,
    cost, tmask, visit, stamp, stack, mf, mt, ms, score, counters, ply,
):  # fmt: skip
    """The value of a node one ply above the leaves for a seat playing to win: its moves
    only change the mover's ``rest``, so each leaf is valued without being played."""
    count = expand(
        board, pos, npegs, side_me, me, -1, players, jover, jland, nb, lock, jump_own, cost,
        visit, stamp, stack, mf, mt, ms, score,
    )  # fmt: skip
    # the two smallest ``rest`` of the opponents, and whose the smallest is
    low = INF
    second = INF
    who = -1
    for s in range(players):
        if s != me:
            r = counters[0, s]
            if r < low:
                second = low
                low = r
                who = s
            elif r < second:
                second = r
    if who < 0:
        low = 0
        second = 0
    mine = counters[0, me]
    if mf[0] < 0:
        return low - mine
    value = -INF if side_me else INF
    for i in range(count):
        m = ms[i]
        into = (tmask[mt[i]] >> m) & 1
        out = (tmask[mf[i]] >> m) & 1
        own = counters[1, m] + into - out
        done = own == ntgt if own_rule else own > 0 and counters[2, m] - into + out == 0
        if side_me:
            v = WIN - ply if done else low - (mine - score[i])
            if v > value:
                value = v
        else:
            if done:
                v = ply - WIN
            else:
                rest = counters[0, m] - score[i]
                other = second if m == who else low
                v = (rest if rest < other else other) - mine
            if v < value:
                value = v
    return value


@njit(cache=True)
def search_move(
    board, pos, peg, npegs, me, victim, depth, jover, jland, nb, lock, jump_own, tgt, ntgt,
    players, own_rule, cost, packed, tmask, reach, last_from, last_to, dist, stalls, work,
):  # fmt: skip
    """``(from, to)`` of the searcher's move in the position (``(-1, -1)``: it must pass);
    ``stalls``: the searcher's own moves in a row that brought no peg nearer (``dist``) the
    target tip; ``work`` from :func:`scratch` for at least ``depth`` plies. The position is
    restored."""
    mf, mt, ms, score, visit, stamp, stack, counters = work
    depth = max(depth, 1)
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
        visit, stamp, stack, mf[0], mt[0], ms[0], score[0],
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
            top = i
            killer = -1
            if i == 0 and p > 0:
                for j in range(cnt[p]):
                    if mf[p, j] == kill[p, 0] and mt[p, j] == kill[p, 1]:
                        killer = j
                        break
            if killer >= 0:
                top = killer
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
            elif p + 2 == depth and victim < 0:
                q = p + 1
                v = frontier(
                    board, pos, npegs, q % 2 == 0, me, players, jover, jland, nb, lock,
                    jump_own, ntgt, own_rule, cost, tmask, visit, stamp, stack, mf[q], mt[q],
                    ms[q], score[q], counters, q,
                )  # fmt: skip
            else:
                q = p + 1
                cnt[q] = expand(
                    board, pos, npegs, q % 2 == 0, me, victim, players, jover, jland, nb, lock,
                    jump_own, cost, visit, stamp, stack, mf[q], mt[q], ms[q], score[q],
                )  # fmt: skip
                idx[q] = 0
                alpha[q] = alpha[p]
                beta[q] = beta[p]
                best[q] = -INF if q % 2 == 0 else INF
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
):  # fmt: skip
    """:func:`search_move` with the generator seeded ``seed`` and its own work arrays (the
    Python path: one decision)."""
    np.random.seed(seed)
    work = scratch(players, pos.shape[1], board.shape[0], depth)
    return search_move(
        board, pos, peg, npegs, me, victim, depth, jover, jland, nb, lock, jump_own, tgt, ntgt,
        players, own_rule, cost, packed, tmask, reach, last_from, last_to, dist, stalls, work,
    )  # fmt: skip
