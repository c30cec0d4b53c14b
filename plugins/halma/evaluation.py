"""What the halma agents and the compiled layer measure a position by: each seat's
:class:`Compass` (steps to the target tip, distance from the start-target axis, the greedy
agents' move scores) and the search's per-hole cost, with the search's depth limits. Below
the agents and the kernels, which both read it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from plywright.plugins.halma.geometry import opposite
from plywright.plugins.halma.movegen import tables

PROGRESS = 1 << 16
"""Score of one step of progress toward the target tip."""
STRAGGLER = 1 << 8
"""Score per step the moved peg still had to go (ties go to the peg farthest behind)."""
SEARCH_BUDGET = 3
"""Default search depth (plies)."""
MAX_DEPTH = 8
"""Deepest search played (a larger budget plays this depth: each ply multiplies the time by
ten or more, and the work arrays grow with the depth)."""
STEP = 16
"""Cost of one step from the target tip."""
BEHIND = 1
"""Cost of the square of the steps from the target tip (stragglers weigh more)."""
AXIS = 1
"""Cost of a quarter pitch away from the start-target axis."""


@dataclass(frozen=True)
class Compass:
    """Per-hole guidance toward one target point; a move ``a -> b`` scores
    ``origin[a] - arrive[b]``."""

    dist: tuple[int, ...]
    """Steps from each hole to the target tip (board graph)."""
    lateral: tuple[int, ...]
    """Distance from the start-target axis, in quarter pitches (0-63)."""
    origin: tuple[int, ...]
    """Score of leaving a hole, straggler tie-break included."""
    arrive: tuple[int, ...]
    """Score of arriving on a hole (and of leaving it, without the straggler tie-break)."""
    closer: tuple[int, ...]
    """``closer[k]``: bitset of the holes at most ``k`` steps from the tip."""


@cache
def compass(n: int, target: int) -> Compass:
    """Guidance toward point ``target`` on the board of size ``n`` (cached)."""
    t = tables(n)
    board = t.board
    tip, back = board.tip(target), board.tip(opposite(target))
    dist = board.steps_to_tip(target)
    tx, ty = board.xy(tip)
    bx, by = board.xy(back)
    length = ((tx - bx) ** 2 + (ty - by) ** 2) ** 0.5
    lateral = []
    for h in range(t.size):
        x, y = board.xy(h)
        lateral.append(abs((tx - bx) * (y - by) - (ty - by) * (x - bx)) / length)
    quarter = [min(63, round(4 * lat)) for lat in lateral]
    return Compass(
        dist=tuple(dist),
        lateral=tuple(quarter),
        # progress first; then the peg farthest behind; then closing in on the axis.
        origin=tuple(d * (PROGRESS + STRAGGLER) + q for d, q in zip(dist, quarter, strict=True)),
        arrive=tuple(d * PROGRESS + q for d, q in zip(dist, quarter, strict=True)),
        closer=tuple(
            sum(1 << h for h in range(t.size) if dist[h] <= k) for k in range(max(dist) + 1)
        ),
    )


def hole_cost(c: Compass, hole: int) -> int:
    """The evaluation's cost of a peg on ``hole`` for the seat of compass ``c``."""
    d = c.dist[hole]
    return STEP * d + BEHIND * d * d + AXIS * c.lateral[hole]
