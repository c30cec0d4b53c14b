"""Rule-based counter-strategies for star halma: test opponents, not registered agents.

Each counter is ``greedy`` wrapped with one tactic taken greedily; the exploitability benchmark
plays them against ``search`` from each seat.

Tactics (``TACTICS``):

- ``hold_back``: the peg at the tip of the own start (deep in the opponent's target) never
  moves while another move exists: it blocks the hole the opponent must fill last;
- ``race``: the move with the most progress toward the target, whatever peg it moves (no
  straggler care);
- ``front_runner``: only the peg nearest the target moves while it can progress.
"""

from __future__ import annotations

from collections.abc import Callable

from plywright.api import Agent
from plywright.engine import State
from plywright.plugins.halma.agents import GreedyAgent
from plywright.plugins.halma.evaluation import compass
from plywright.plugins.halma.geometry import opposite
from plywright.plugins.halma.movegen import tables
from plywright.plugins.halma.rules import HalmaGame, HalmaState
from plywright.simulate.counters import BaseFactory, BoundTactic, counter_kind

Tactic = Callable[["SeatView", HalmaState, dict[int, int]], "tuple[int, int] | None"]
"""``tactic(view, state, moves)``: the move ``(from, to)`` the tactic takes now, or None."""


class SeatView:
    """What a tactic reads of its seat: the ``greedy`` base, each hole's distance to the
    target and the hole the ``hold_back`` peg sits on (the tip of the own start)."""

    def __init__(self, game: HalmaGame, seat: int, base: GreedyAgent) -> None:
        self.base = base
        target = game.rules.target_points()[seat]
        self.dist = compass(game.rules.n, target).dist
        self.keeper = tables(game.rules.n).board.tip(opposite(target))


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    return out


def _best(agent: SeatView, moves: dict[int, int], starts: list[int]) -> tuple[int, int] | None:
    dist = agent.dist
    best, top = None, 0
    for start in starts:
        for dest in _bits(moves.get(start, 0)):
            gain = dist[start] - dist[dest]
            if gain > top:
                best, top = (start, dest), gain
    return best


def hold_back(agent: SeatView, state: HalmaState, moves: dict[int, int]) -> tuple[int, int] | None:
    if agent.keeper in moves and len(moves) > 1:
        rest = {k: v for k, v in moves.items() if k != agent.keeper}
        start, to = agent.base.choose(state, rest)
        return start, to
    return None


def race(agent: SeatView, state: HalmaState, moves: dict[int, int]) -> tuple[int, int] | None:
    return _best(agent, moves, sorted(moves))


def front_runner(
    agent: SeatView, state: HalmaState, moves: dict[int, int]
) -> tuple[int, int] | None:
    order = sorted(moves, key=lambda h: (agent.dist[h], h))
    for start in order:
        move = _best(agent, moves, [start])
        if move is not None:
            return move
    return None


TACTICS: dict[str, Tactic] = {"hold_back": hold_back, "race": race, "front_runner": front_runner}


def bind(tactic: str, game: HalmaGame, seat: int, base: Agent) -> BoundTactic:
    """``TACTICS[tactic]`` bound to ``seat``: a pass when no peg can move, the tactic's move
    as an action (the base remembers it, as if it had chosen it), or None."""
    assert isinstance(base, GreedyAgent)
    take, view = TACTICS[tactic], SeatView(game, seat, base)

    def bound(state: State) -> int | None:
        assert isinstance(state, HalmaState)
        moves = state.move_masks()
        if not moves:
            return game.pass_action
        chosen = take(view, state, moves)
        if chosen is None:
            return None
        base.last = chosen
        return chosen[0] * game.size + chosen[1]

    return bound


BASES: dict[str, BaseFactory] = {"greedy": GreedyAgent}
"""The weaker agent a counter wraps."""

counter = counter_kind(BASES, bind)
"""``counter(tactic, base)``: one halma counter-strategy."""

COUNTERS = tuple(counter(tactic, "greedy") for tactic in ("hold_back", "race", "front_runner"))
"""The counters the benchmark plays."""
