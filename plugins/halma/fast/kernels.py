# mypy: disallow-untyped-defs=False
"""numba kernels of halma's fast lane: move generation, turn order, agents, perft.

A position is ``board`` (int8, one entry per hole: the seat of the peg on it or -1),
``pos[seat, k]`` (the hole of each peg) and ``peg[h]`` (which ``pos`` column holds the peg on
``h``), plus the round state ``st`` (int64): seat to act, round, turn in the round, the bitset
of seats that completed this round, whether anyone moved this round, and the result (-1 while
the game runs). The rules follow :mod:`plywright.plugins.halma.rules` exactly; no kernel recurses (a
recursive function loaded from numba's cache can crash), chains are searched with a stack.
The batch kernels release the GIL (threaded workers, such as Dask's, run them in parallel);
the game loop is :mod:`plywright.plugins.halma.fast.games`, the ``search`` agent
:mod:`plywright.plugins.halma.fast.search`.

Tables (from :mod:`plywright.plugins.halma.fast.tables`): ``nb[h, d]`` neighbour, ``jover[h, d]`` /
``jland[h, d]`` the jumped and landing hole (-1 off the board), ``lock[seat, h]`` 1 where the
target lock holds the seat's pegs, ``tgt[seat, k]`` the seat's target holes.
"""

from __future__ import annotations

from plywright.plugins.halma.fast.cache import configure

configure()

import numpy as np  # noqa: E402
from numba import njit  # noqa: E402

SEAT, ROUND, TURN, COMPLETED, MOVED, RESULT = 0, 1, 2, 3, 4, 5
"""Columns of the round state ``st``."""
WIN, DRAW, STALEMATE, UNFINISHED = 0, 1, 2, 3
"""Result codes (``st[RESULT]``; -1 while the game runs)."""
RANDOM, GREEDY, LOOKAHEAD = 0, 1, 2
"""Agent kinds."""
LOOKAHEAD_DISCOUNT = 0.75
"""As :data:`plywright.plugins.halma.agents.LOOKAHEAD_DISCOUNT`."""
PROGRESS = 1 << 16
"""As :data:`plywright.plugins.halma.evaluation.PROGRESS`."""
UNDO = -(1 << 40)
"""As :data:`plywright.plugins.halma.agents.UNDO`."""
STRAGGLER_SHARE = 0.8
"""As :data:`plywright.plugins.halma.agents.STRAGGLER_SHARE`."""


@njit(cache=True)
def gen_moves(
    board, pos, npegs, seat, jover, jland, nb, lock, jump_own, visit, stamp, stack, mf, mt
):
    """Write every distinct (from, to) move of ``seat`` into ``mf``/``mt``; return the count.

    As :func:`plywright.plugins.halma.movegen.move_masks`: the holes a chain reaches are the
    components of the peg's first landings in the jump graph (free holes linked when the hole
    between them is jumpable), the same graph for every peg of the mover (pegs held by the target
    lock: the graph of the target's free holes); each component is searched once.
    ``visit``: scratch of shape ``(7, 2 * holes + 2)`` (rows: component stamp of a hole in
    the free graph and in the locked graph, its component in each, the last peg that used a
    component, the components' holes, where each component starts); ``stamp``: two counters;
    ``stack``: one entry per hole.
    """
    stamp[0] += 1
    here = stamp[0]  # this position
    found = 0  # components so far
    used = 0  # their holes so far
    visit[6, 0] = 0
    count = 0
    for k in range(npegs[seat]):
        s = pos[seat, k]
        locked = lock[seat, s] != 0
        row = 1 if locked else 0
        stamp[1] += 1
        peg = stamp[1]
        for d in range(6):
            o = nb[s, d]
            if o < 0:
                continue
            owner = board[o]
            if owner < 0:  # a step
                if not locked or lock[seat, o] != 0:
                    mf[count] = s
                    mt[count] = o
                    count += 1
                continue
            if not jump_own and owner == seat:
                continue
            f = jland[s, d]
            if f < 0:
                continue
            if board[f] >= 0 or (locked and lock[seat, f] == 0):
                continue
            if visit[row, f] == here:
                c = visit[2 + row, f]
            else:  # a new component: search it from f
                c = found
                found += 1
                visit[row, f] = here
                visit[2 + row, f] = c
                visit[5, used] = f
                used += 1
                stack[0] = f
                top = 1
                while top > 0:
                    top -= 1
                    h = stack[top]
                    for e in range(6):
                        o2 = jover[h, e]
                        if o2 < 0:
                            continue
                        owner2 = board[o2]
                        if owner2 < 0 or (not jump_own and owner2 == seat):
                            continue
                        t = jland[h, e]
                        if board[t] >= 0 or visit[row, t] == here:
                            continue
                        if locked and lock[seat, t] == 0:
                            continue
                        visit[row, t] = here
                        visit[2 + row, t] = c
                        visit[5, used] = t
                        used += 1
                        stack[top] = t
                        top += 1
                visit[6, c + 1] = used
            if visit[4, c] != peg:
                visit[4, c] = peg
                for m in range(visit[6, c], visit[6, c + 1]):
                    mf[count] = s
                    mt[count] = visit[5, m]
                    count += 1
    return count


@njit(cache=True)
def best_gain(board, pos, npegs, seat, jover, jland, nb, lock, jump_own, cost, visit, stamp, stack):
    """``(moves, gain, from, to)``: whether ``seat`` has a move, the most ``cost[seat, from] -
    cost[seat, to]`` of its moves, and a move that gains it; the moves of :func:`gen_moves`
    (the same graphs and components) without writing them: each component keeps only its
    cheapest hole (cost in ``visit[5]``, hole in ``visit[6]``), and a peg whose own cost is at
    most the best gain so far is skipped (costs are never negative: it cannot gain more)."""
    stamp[0] += 1
    here = stamp[0]
    found = 0
    moves = False
    best = np.int64(-(1 << 62))
    best_from = -1
    best_to = -1
    for k in range(npegs[seat]):
        s = pos[seat, k]
        base = cost[seat, s]
        if moves and base <= best:
            continue
        locked = lock[seat, s] != 0
        row = 1 if locked else 0
        stamp[1] += 1
        peg = stamp[1]
        for d in range(6):
            o = nb[s, d]
            if o < 0:
                continue
            owner = board[o]
            if owner < 0:  # a step
                if not locked or lock[seat, o] != 0:
                    moves = True
                    if base - cost[seat, o] > best:
                        best = base - cost[seat, o]
                        best_from = s
                        best_to = o
                continue
            if not jump_own and owner == seat:
                continue
            f = jland[s, d]
            if f < 0:
                continue
            if board[f] >= 0 or (locked and lock[seat, f] == 0):
                continue
            if visit[row, f] == here:
                c = visit[2 + row, f]
            else:  # a new component: search it from f, keeping its cheapest hole
                c = found
                found += 1
                visit[row, f] = here
                visit[2 + row, f] = c
                least = cost[seat, f]
                cheapest = f
                stack[0] = f
                top = 1
                while top > 0:
                    top -= 1
                    h = stack[top]
                    for e in range(6):
                        o2 = jover[h, e]
                        if o2 < 0:
                            continue
                        owner2 = board[o2]
                        if owner2 < 0 or (not jump_own and owner2 == seat):
                            continue
                        t = jland[h, e]
                        if board[t] >= 0 or visit[row, t] == here:
                            continue
                        if locked and lock[seat, t] == 0:
                            continue
                        visit[row, t] = here
                        visit[2 + row, t] = c
                        if cost[seat, t] < least:
                            least = cost[seat, t]
                            cheapest = t
                        stack[top] = t
                        top += 1
                visit[5, c] = least
                visit[6, c] = cheapest
            if visit[4, c] != peg:
                visit[4, c] = peg
                moves = True
                if base - visit[5, c] > best:
                    best = base - visit[5, c]
                    best_from = s
                    best_to = visit[6, c]
    return moves, best, best_from, best_to


@njit(cache=True)
def mark_path(board, a, b, seat, jover, jland, nb, lock, jump_own, mark, key, parent, stack):
    """Mark one way of the move ``a -> b`` of ``seat`` (a legal move): ``mark[0, h] = key``
    on the holes it lands on, ``mark[1, h] = key`` on the holes it jumps (a step lands on
    ``b`` only). Another seat's move ``f -> t`` leaves the move legal when ``t`` is not
    landed on and ``f`` not jumped. Scratch: ``mark[2]`` (visited), ``parent`` (shape
    ``(2, holes)``: previous hole and jumped hole), ``stack``."""
    locked = lock[seat, a] != 0
    for d in range(6):
        if nb[a, d] == b and board[b] < 0:
            mark[0, b] = key
            return
    top = 0
    for d in range(6):
        o = nb[a, d]
        if o < 0 or board[o] < 0 or (not jump_own and board[o] == seat):
            continue
        f = jland[a, d]
        if f < 0 or board[f] >= 0 or (locked and lock[seat, f] == 0) or mark[2, f] == key:
            continue
        mark[2, f] = key
        parent[0, f] = a
        parent[1, f] = o
        stack[top] = f
        top += 1
    while top > 0 and mark[2, b] != key:
        top -= 1
        h = stack[top]
        for e in range(6):
            o2 = jover[h, e]
            if o2 < 0 or board[o2] < 0 or (not jump_own and board[o2] == seat):
                continue
            t = jland[h, e]
            if board[t] >= 0 or mark[2, t] == key or (locked and lock[seat, t] == 0):
                continue
            mark[2, t] = key
            parent[0, t] = h
            parent[1, t] = o2
            stack[top] = t
            top += 1
    h = b
    while h != a:
        mark[0, h] = key
        mark[1, parent[1, h]] = key
        h = parent[0, h]


@njit(cache=True)
def move_peg(board, pos, peg, f, t):
    """Move the peg on ``f`` to ``t`` (no checks; also undoes a move with ``t, f``)."""
    seat = board[f]
    k = peg[f]
    board[t] = seat
    board[f] = -1
    pos[seat, k] = t
    peg[t] = k


@njit(cache=True)
def end_turn(board, st, tgt, ntgt, players, own_rule, max_rounds, moved):
    """Finish the turn of the seat to act (``moved``: it moved a peg, else it passed)."""
    mover = st[SEAT]
    if moved:
        st[MOVED] = 1
    full = True
    mine = False
    for k in range(ntgt):
        owner = board[tgt[mover, k]]
        if owner == mover:
            mine = True
        elif own_rule or owner < 0:
            full = False
            break
    if full and mine:
        st[COMPLETED] |= 1 << mover
    st[SEAT] = (mover + 1) % players
    st[TURN] += 1
    if st[TURN] < players:
        return
    done = st[COMPLETED]
    if done:
        winners = 0
        while done:
            done &= done - 1
            winners += 1
        st[RESULT] = WIN if winners == 1 else DRAW
    elif st[MOVED] == 0:
        st[RESULT] = STALEMATE
    elif st[ROUND] >= max_rounds:
        st[RESULT] = UNFINISHED
    else:
        st[ROUND] += 1
        st[TURN] = 0
        st[MOVED] = 0


@njit(cache=True)
def list_moves(board, pos, npegs, seat, jover, jland, nb, lock, jump_own):
    """Every distinct (from, to) move of ``seat`` as two arrays (for tests and tools)."""
    size = board.shape[0]
    cap = npegs[seat] * size + 1
    mf = np.empty(cap, np.int32)
    mt = np.empty(cap, np.int32)
    visit = np.zeros((7, 2 * size + 2), np.int64)
    stamp = np.zeros(2, np.int64)
    stack = np.empty(size, np.int32)
    count = gen_moves(
        board, pos, npegs, seat, jover, jland, nb, lock, jump_own, visit, stamp, stack, mf, mt
    )
    return mf[:count].copy(), mt[:count].copy()


@njit(cache=True, nogil=True)
def perft(
    board,
    pos,
    peg,
    npegs,
    st0,
    depth,
    jover,
    jland,
    nb,
    lock,
    jump_own,
    tgt,
    ntgt,
    players,
    own_rule,
    max_rounds,
):
    """Leaves of the move tree ``depth`` plies below the position (as ``HalmaState.perft``:
    distinct (from, to) moves, a forced pass is one move, a finished game has none)."""
    if depth == 0:
        return 1
    if st0[RESULT] >= 0:
        return 0
    size = board.shape[0]
    cap = np.max(npegs) * size + 1
    mf = np.empty((depth, cap), np.int32)
    mt = np.empty((depth, cap), np.int32)
    cnt = np.zeros(depth, np.int64)
    idx = np.zeros(depth, np.int64)
    saved = np.empty((depth, 6), np.int64)
    visit = np.zeros((7, 2 * size + 2), np.int64)
    stamp = np.zeros(2, np.int64)
    stack = np.empty(size, np.int32)
    st = st0.copy()
    cnt[0] = gen_moves(
        board, pos, npegs, st[SEAT], jover, jland, nb, lock, jump_own, visit, stamp, stack,
        mf[0], mt[0],
    )  # fmt: skip
    if cnt[0] == 0:
        mf[0, 0] = -1
        mt[0, 0] = -1
        cnt[0] = 1
    if depth == 1:
        return cnt[0]
    total = 0
    ply = 0
    while ply >= 0:
        if idx[ply] >= cnt[ply]:
            ply -= 1
            if ply >= 0:
                f = mf[ply, idx[ply]]
                if f >= 0:
                    move_peg(board, pos, peg, mt[ply, idx[ply]], f)
                st[:] = saved[ply]
                idx[ply] += 1
            continue
        f = mf[ply, idx[ply]]
        t = mt[ply, idx[ply]]
        saved[ply] = st
        if f >= 0:
            move_peg(board, pos, peg, f, t)
        end_turn(board, st, tgt, ntgt, players, own_rule, max_rounds, f >= 0)
        if st[RESULT] < 0 and ply + 2 < depth:
            ply += 1
            cnt[ply] = gen_moves(
                board, pos, npegs, st[SEAT], jover, jland, nb, lock, jump_own, visit, stamp,
                stack, mf[ply], mt[ply],
            )  # fmt: skip
            if cnt[ply] == 0:
                mf[ply, 0] = -1
                mt[ply, 0] = -1
                cnt[ply] = 1
            idx[ply] = 0
            continue
        if st[RESULT] < 0:  # the child is one ply above the leaves: count its moves
            c = gen_moves(
                board, pos, npegs, st[SEAT], jover, jland, nb, lock, jump_own, visit, stamp,
                stack, mf[depth - 1], mt[depth - 1],
            )  # fmt: skip
            total += c if c > 0 else 1
        if f >= 0:
            move_peg(board, pos, peg, t, f)
        st[:] = saved[ply]
        idx[ply] += 1
    return total


@njit(cache=True)
def greedy_pick(mf, mt, count, seat, last_from, last_to, origin, arrive, dist, use_origin, least):
    """The index of a best move by ``origin[from] - arrive[to]`` among the moves with at least
    ``least`` steps of progress, the undo of the seat's last move excluded (ties at random);
    -1 if there is none (as ``GreedyAgent.best``)."""
    back_from = last_to[seat]
    back_to = last_from[seat]
    best = np.int64(-(1 << 62))
    ties = 0
    pick = -1
    for i in range(count):
        f = mf[i]
        t = mt[i]
        if f == back_from and t == back_to:
            continue
        if dist[seat, f] - dist[seat, t] < least:
            continue
        score = (origin[seat, f] if use_origin else arrive[seat, f]) - arrive[seat, t]
        if score > best:
            best = score
            ties = 1
            pick = i
        elif score == best:
            ties += 1
            if np.random.randint(0, ties) == 0:  # reservoir: each tie kept with chance 1/ties
                pick = i
    return pick


@njit(cache=True)
def greedy_move(mf, mt, count, seat, last_from, last_to, origin, arrive, dist, use_origin):
    """``(from, to)`` of the greedy agent's move (as ``GreedyAgent.choose``; ``use_origin``:
    the straggler tie-break applies): the best forward move, else the best move, else the undo
    of the last move (the only move left)."""
    i = greedy_pick(mf, mt, count, seat, last_from, last_to, origin, arrive, dist, use_origin, 1)
    if i < 0:
        i = greedy_pick(
            mf, mt, count, seat, last_from, last_to, origin, arrive, dist, use_origin, -(1 << 30)
        )
    if i >= 0:
        return mf[i], mt[i]
    return last_to[seat], last_from[seat]


@njit(cache=True)
def greedy_probe(seed, mf, mt, seat, last_from, last_to, origin, arrive, dist, use_origin):
    """:func:`greedy_move` with the generator seeded ``seed`` (for tests)."""
    np.random.seed(seed)
    return greedy_move(
        mf, mt, mf.shape[0], seat, last_from, last_to, origin, arrive, dist, use_origin
    )


@njit(cache=True)
def lookahead_move(
    board, pos, peg, npegs, seat, jover, jland, nb, lock, jump_own, visit, stamp, stack,
    mf, mt, count, mf2, mt2, last_from, last_to, origin, arrive, dist,
):  # fmt: skip
    """``(from, to)`` of the lookahead agent's move (as ``LookaheadAgent.choose``): the most
    progress now (straggler tie-break included, the undo of the last move last) plus
    :data:`LOOKAHEAD_DISCOUNT` times the best progress of the seat's next move, the other
    seats standing still; ties at random."""
    back_from = last_to[seat]
    back_to = last_from[seat]
    best = -np.inf
    ties = 0
    pick = 0
    for i in range(count):
        f = mf[i]
        t = mt[i]
        undo = f == back_from and t == back_to
        score = UNDO if undo else origin[seat, f] - arrive[seat, t]
        move_peg(board, pos, peg, f, t)
        follow = 0
        n2 = gen_moves(
            board, pos, npegs, seat, jover, jland, nb, lock, jump_own, visit, stamp, stack,
            mf2, mt2,
        )  # fmt: skip
        for j in range(n2):
            gain = dist[seat, mf2[j]] - dist[seat, mt2[j]]
            if gain > follow:
                follow = gain
        move_peg(board, pos, peg, t, f)
        value = score / PROGRESS + LOOKAHEAD_DISCOUNT * follow
        if value > best:
            best = value
            ties = 1
            pick = i
        elif value == best:
            ties += 1
            if np.random.randint(0, ties) == 0:
                pick = i
    return mf[pick], mt[pick]


@njit(cache=True)
def doubled(array):
    """``array`` in an array twice as long (the rest zeros): a growing log or profile."""
    wider = np.zeros(2 * array.shape[0], array.dtype)
    wider[: array.shape[0]] = array
    return wider
