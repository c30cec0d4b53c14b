# mypy: disallow-untyped-defs=False
"""numba kernel of the fast lane's game loop: seeded batches of whole games, one agent a seat.

The agents are :mod:`plywright.plugins.halma.fast.kernels`' ``random``, ``greedy`` and
``lookahead`` and :mod:`plywright.plugins.halma.fast.search`'s ``search`` (with a depth, a victim
and a forbidden kind of move per seat); the turns
follow :func:`plywright.plugins.halma.fast.kernels.end_turn`. The kernel releases the GIL.
"""

from __future__ import annotations

from plywright.plugins.halma.fast.cache import configure

configure()

import numpy as np  # noqa: E402
from numba import njit  # noqa: E402

from plywright.plugins.halma.fast.kernels import (  # noqa: E402
    COMPLETED,
    GREEDY,
    LOOKAHEAD,
    RANDOM,
    RESULT,
    ROUND,
    SEAT,
    STRAGGLER_SHARE,
    TURN,
    UNFINISHED,
    doubled,
    end_turn,
    gen_moves,
    greedy_move,
    lookahead_move,
    move_peg,
)
from plywright.plugins.halma.fast.search import scratch, search_move  # noqa: E402

SEARCH = 3
"""The agent kind of ``search`` (after the kernels' ``RANDOM``, ``GREEDY``, ``LOOKAHEAD``)."""
STATS = 7
"""Columns of a game's statistics: result, winners bitset, rounds, moves, branching, decisions,
and 1 if the move limit cut the game."""


@njit(cache=True, nogil=True)
def play_games(
    seeds, kinds, depths, victims, forbids, start, npegs, first_seat, jover, jland, nb, lock,
    jump_own, tgt, ntgt, players, own_rule, max_rounds, origin, arrive, dist, cost, packed, tmask,
    reach, limit, log, profile,
):  # fmt: skip
    """Play one game per seed with agent ``kinds[seat]`` (``RANDOM``, ``GREEDY``,
    ``LOOKAHEAD``, :data:`SEARCH`; a search seat plays ``depths[seat]`` plies, spoiling
    ``victims[seat]`` unless it is -1, without the kind of move ``forbids[seat]``,
    :data:`plywright.plugins.halma.fast.search.FORBID_NONE` for none), each game cut after ``limit``
    moves unless ``limit`` is negative (then it is unfinished, as at ``max_rounds``).

    Returns ``stats[g]`` (:data:`STATS` columns), and if ``log`` the moves of every game as
    flat (from, to) pairs (-1, -1 for a pass) with ``offsets[g]:offsets[g + 1]`` the pairs of
    game ``g``; if ``profile``, the legal moves (a pass counts one) at each move number summed
    over the games, and how many games reached that move.
    """
    games = seeds.shape[0]
    size = nb.shape[0]
    stats = np.zeros((games, STATS), np.int64)
    offsets = np.zeros(games + 1, np.int64)
    moves = np.empty(2 * (1024 if log else 1), np.int32)
    used = 0
    psum = np.zeros(256 if profile else 1, np.int64)
    pcnt = np.zeros(256 if profile else 1, np.int64)
    longest = 0
    cap = np.max(npegs) * size + 1
    mf = np.empty(cap, np.int32)
    mt = np.empty(cap, np.int32)
    mf2 = np.empty(cap, np.int32)
    mt2 = np.empty(cap, np.int32)
    visit = np.zeros((7, 2 * size + 2), np.int64)
    stamp = np.zeros(2, np.int64)
    stack = np.empty(size, np.int32)
    deepest = 1
    for seat in range(players):
        if kinds[seat] == SEARCH and depths[seat] > deepest:
            deepest = depths[seat]
    work = scratch(players, start.shape[1], size, deepest)
    board = np.empty(size, np.int8)
    pos = np.empty((start.shape[0], start.shape[1]), np.int32)
    peg = np.zeros(size, np.int32)
    st = np.zeros(6, np.int64)
    last_from = np.empty(players, np.int64)
    last_to = np.empty(players, np.int64)
    stalls = np.zeros(players, np.int64)
    for g in range(games):
        np.random.seed(seeds[g])
        board[:] = -1
        pos[:] = start
        for seat in range(players):
            for k in range(npegs[seat]):
                board[start[seat, k]] = seat
                peg[start[seat, k]] = k
        st[:] = 0
        st[SEAT] = first_seat
        st[ROUND] = 1
        st[RESULT] = -1
        last_from[:] = -1
        last_to[:] = -1
        stalls[:] = 0
        played = branching = decisions = 0
        while st[RESULT] < 0 and (limit < 0 or played < limit):
            mover = st[SEAT]
            count = gen_moves(
                board, pos, npegs, mover, jover, jland, nb, lock, jump_own, visit, stamp, stack,
                mf, mt,
            )  # fmt: skip
            if profile:
                if played >= psum.shape[0]:
                    psum = doubled(psum)
                    pcnt = doubled(pcnt)
                psum[played] += count if count > 0 else 1
                pcnt[played] += 1
            played += 1
            branching += count if count > 0 else 1
            if count > 1:
                decisions += 1
            f = -1
            t = -1
            if count > 0:
                kind = kinds[mover]
                if kind == RANDOM:
                    i = np.random.randint(0, count)
                    f = mf[i]
                    t = mt[i]
                elif kind == GREEDY:
                    use_origin = np.random.random() < STRAGGLER_SHARE
                    f, t = greedy_move(
                        mf, mt, count, mover, last_from, last_to, origin, arrive, dist, use_origin
                    )
                elif kind == LOOKAHEAD:
                    f, t = lookahead_move(
                        board, pos, peg, npegs, mover, jover, jland, nb, lock, jump_own, visit,
                        stamp, stack, mf, mt, count, mf2, mt2, last_from, last_to, origin,
                        arrive, dist,
                    )  # fmt: skip
                elif count == 1:
                    f = mf[0]
                    t = mt[0]
                else:
                    f, t = search_move(
                        board, pos, peg, npegs, mover, victims[mover], depths[mover], jover,
                        jland, nb, lock, jump_own, tgt, ntgt, players, own_rule, cost, packed,
                        tmask, reach, last_from, last_to, dist, stalls[mover], work, True,
                        forbids[mover],
                    )  # fmt: skip
                if kind == SEARCH:
                    stalls[mover] = 0 if dist[mover, f] > dist[mover, t] else stalls[mover] + 1
                last_from[mover] = f
                last_to[mover] = t
                move_peg(board, pos, peg, f, t)
            if log:
                if used + 2 > moves.shape[0]:
                    moves = doubled(moves)
                moves[used] = f
                moves[used + 1] = t
                used += 2
            end_turn(board, st, tgt, ntgt, players, own_rule, max_rounds, f >= 0)
        cut = st[RESULT] < 0
        stats[g, 0] = UNFINISHED if cut else st[RESULT]
        stats[g, 1] = 0 if cut else st[COMPLETED]
        stats[g, 2] = st[ROUND] - 1 if cut and st[TURN] == 0 else st[ROUND]  # rounds begun
        stats[g, 3] = played
        stats[g, 4] = branching
        stats[g, 5] = decisions
        stats[g, 6] = cut
        offsets[g + 1] = used // 2
        if played > longest:
            longest = played
    if not profile:
        longest = 0
    return stats, moves[:used].copy(), offsets, psum[:longest].copy(), pcnt[:longest].copy()
