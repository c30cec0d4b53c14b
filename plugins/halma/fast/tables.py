"""The fast lane's arrays for one variant, built from the geometry model and the agents' compass.

Nothing here knows a hole coordinate: neighbours and points come from
:func:`plywright.plugins.halma.geometry.star_board`, the greedy scores and the search agent's
evaluation from the agents' compass.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from plywright.plugins.halma.evaluation import compass, hole_cost
from plywright.plugins.halma.geometry import StarBoard, star_board
from plywright.plugins.halma.options import HalmaRules

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
A = TypeVar("A", bound=np.ndarray[Any, Any])


@dataclass(frozen=True)
class FastTables:
    """Arrays of one variant in the dtypes the kernels are compiled for."""

    rules: HalmaRules
    nb: I32 = field(repr=False, compare=False)
    jover: I32 = field(repr=False, compare=False)
    jland: I32 = field(repr=False, compare=False)
    lock: npt.NDArray[np.int8] = field(repr=False, compare=False)
    tgt: I32 = field(repr=False, compare=False)
    start: I32 = field(repr=False, compare=False)
    npegs: I32 = field(repr=False, compare=False)
    origin: I64 = field(repr=False, compare=False)
    arrive: I64 = field(repr=False, compare=False)
    dist: I64 = field(repr=False, compare=False)
    cost: I64 = field(repr=False, compare=False)
    """``cost[seat, h]``: the search agent's cost of a peg of ``seat`` on ``h``."""
    packed: I64 = field(repr=False, compare=False)
    """``packed[seat]``: the sum of ``cost`` over the seat's target holes."""
    tmask: I64 = field(repr=False, compare=False)
    """``tmask[h]``: bitset of the seats whose target holds ``h``."""
    reach: I64 = field(repr=False, compare=False)
    """``reach[seat, h]``: fewest steps from ``h`` to a hole of the seat's target."""

    @property
    def size(self) -> int:
        return int(self.nb.shape[0])

    @property
    def players(self) -> int:
        return self.rules.players

    def rule_args(self) -> tuple[object, ...]:
        """``tgt, ntgt, players, own_rule, max_rounds`` (the turn arguments of the kernels)."""
        r = self.rules
        return (self.tgt, self.tgt.shape[1], r.players, r.win_rule == "own", r.max_rounds)

    def move_args(self) -> tuple[object, ...]:
        """``jover, jland, nb, lock, jump_own`` (the move-generation arguments)."""
        return (self.jover, self.jland, self.nb, self.lock, self.rules.jump_own)

    def search_args(self) -> tuple[object, ...]:
        """``cost, packed, tmask, reach`` (the search agent's evaluation arguments)."""
        return (self.cost, self.packed, self.tmask, self.reach)

    def position(self, pegs: Sequence[Sequence[int]]) -> tuple[npt.NDArray[np.int8], I32, I32, I32]:
        """``board, pos, peg, npegs`` of a position with ``pegs[seat]`` the seat's holes."""
        board = np.full(self.size, -1, np.int8)
        width = max(1, max(len(holes) for holes in pegs))
        pos = np.zeros((self.players, width), np.int32)
        peg = np.zeros(self.size, np.int32)
        npegs = np.zeros(self.players, np.int32)
        for seat, holes in enumerate(pegs):
            npegs[seat] = len(holes)
            for k, h in enumerate(holes):
                board[h] = seat
                pos[seat, k] = h
                peg[h] = k
        return board, pos, peg, npegs


def _frozen(array: A) -> A:
    array.setflags(write=False)
    return array


@cache
def fast_tables(rules: HalmaRules) -> FastTables:
    """The arrays of ``rules`` (cached per rules; the arrays are read-only)."""
    board = star_board(rules.n)
    size = len(board)
    nb = np.array(board.neighbours, np.int32)
    jover = np.full((size, 6), -1, np.int32)
    jland = np.full((size, 6), -1, np.int32)
    for h in range(size):
        for d in range(6):
            pair = board.jump(h, d)
            if pair is not None:
                jover[h, d], jland[h, d] = pair
    seats = rules.seat_points()
    targets = rules.target_points()
    tgt = np.array([board.points[p] for p in targets], np.int32)
    lock = np.zeros((rules.players, size), np.int8)
    if rules.target_lock:
        for seat, holes in enumerate(tgt):
            lock[seat, holes] = 1
    start = np.array([board.points[p] for p in seats], np.int32)
    compasses = [compass(rules.n, p) for p in targets]
    cost = np.array([[hole_cost(c, h) for h in range(size)] for c in compasses], np.int64)
    tmask = np.zeros(size, np.int64)
    for seat, holes in enumerate(tgt):
        tmask[holes] |= 1 << seat
    return FastTables(
        rules=rules,
        nb=_frozen(nb),
        jover=_frozen(jover),
        jland=_frozen(jland),
        lock=_frozen(lock),
        tgt=_frozen(tgt),
        start=_frozen(start),
        npegs=_frozen(np.full(rules.players, start.shape[1], np.int32)),
        origin=_frozen(np.array([c.origin for c in compasses], np.int64)),
        arrive=_frozen(np.array([c.arrive for c in compasses], np.int64)),
        dist=_frozen(np.array([c.dist for c in compasses], np.int64)),
        cost=_frozen(cost),
        packed=_frozen(np.array([cost[s, holes].sum() for s, holes in enumerate(tgt)], np.int64)),
        tmask=_frozen(tmask),
        reach=_frozen(np.array([_steps_to(board, holes) for holes in tgt], np.int64)),
    )


def _steps_to(board: StarBoard, holes: Sequence[int]) -> list[int]:
    """Fewest steps from every hole to one of ``holes`` over the empty board."""
    dist = [-1] * len(board)
    frontier = [int(h) for h in holes]
    for h in frontier:
        dist[h] = 0
    while frontier:
        reached = []
        for h in frontier:
            for m in board.neighbours[h]:
                if m >= 0 and dist[m] < 0:
                    dist[m] = dist[h] + 1
                    reached.append(m)
        frontier = reached
    return dist
