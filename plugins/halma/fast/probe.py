"""Positions in the fast lane: its legal moves and perft from any position (tests and tools).

Positions are given as in :meth:`plywright.plugins.halma.rules.HalmaGame.state_from`:
``pegs[seat]`` the holes of each seat, in round 1 with ``seat`` to act.
"""

from __future__ import annotations

from collections.abc import Sequence

from plywright.plugins.halma.fast.lane import ensure_compiled, initial_round_state, kernels
from plywright.plugins.halma.fast.tables import fast_tables
from plywright.plugins.halma.options import HalmaRules


def start_pegs(rules: HalmaRules) -> list[list[int]]:
    """The start holes of every seat."""
    return [[int(h) for h in row] for row in fast_tables(rules).start]


def fast_moves(rules: HalmaRules, pegs: Sequence[Sequence[int]], seat: int) -> set[tuple[int, int]]:
    """The distinct ``(from, to)`` moves of ``seat`` in the position ``pegs``."""
    ensure_compiled()
    t = fast_tables(rules)
    board, pos, _, npegs = t.position(pegs)
    mf, mt = kernels().list_moves(board, pos, npegs, seat, *t.move_args())
    return set(zip(mf.tolist(), mt.tolist(), strict=True))


def fast_perft(
    rules: HalmaRules,
    depth: int,
    pegs: Sequence[Sequence[int]] | None = None,
    seat: int | None = None,
) -> int:
    """Leaves of the move tree ``depth`` plies below the position (default: the start)."""
    if depth < 0:
        raise ValueError("depth must be >= 0")
    ensure_compiled()
    t = fast_tables(rules)
    board, pos, peg, npegs = t.position(start_pegs(rules) if pegs is None else pegs)
    st = initial_round_state(t, seat)
    args = (*t.move_args(), *t.rule_args())
    return int(kernels().perft(board, pos, peg, npegs, st, depth, *args))
