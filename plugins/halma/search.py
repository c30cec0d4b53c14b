"""The ``search`` agent: best-reply alpha-beta in numba, to win or to spoil one seat's win,
optionally without one kind of move in its own seat (``SearchSettings.forbid``: ``step`` or
``jump``, :mod:`plywright.plugins.halma.kinds`; the restricted-play probe).

Budget: the search depth in plies (own moves and replies alternate; ``search:1`` is a greedy
move on the evaluation, the default :data:`SEARCH_BUDGET` looks at an own move, the best
reply and the next own move; at most :data:`MAX_DEPTH`). The search and its evaluation are
the kernels of :mod:`plywright.plugins.halma.fast.search` (per-hole costs from
:mod:`plywright.plugins.halma.evaluation`); this module builds them a position from a
:class:`~plywright.plugins.halma.rules.HalmaState` (numba is imported at the first decision).
"""

from __future__ import annotations

import random

import numpy as np

from plywright.api import AgentSpec, SearchSettings
from plywright.engine import Game, State
from plywright.plugins.halma.evaluation import MAX_DEPTH, SEARCH_BUDGET
from plywright.plugins.halma.kinds import forbid_code
from plywright.plugins.halma.movegen import holes_of
from plywright.plugins.halma.rules import HalmaGame, HalmaState


class SearchAgent:
    """Plays the move of a best-reply search (see :mod:`plywright.plugins.halma.fast.search`)."""

    def __init__(
        self, game: HalmaGame, seat: int, rng: random.Random, settings: SearchSettings
    ) -> None:
        if settings.victim is not None and not 0 <= settings.victim < game.players:
            raise ValueError(f"victim must be a seat 0..{game.players - 1}")
        self.game = game
        self.seat = seat
        self.rng = rng
        self.depth = min(settings.budget, MAX_DEPTH)
        self.victim = -1 if settings.victim is None or settings.victim == seat else settings.victim
        self.forbid = forbid_code(settings.forbid)
        """The kernels' code of the kind of move this agent may not make (0: none)."""
        self.last = np.full((2, game.players), -1, np.int64)
        """``last[0, seat]``, ``last[1, seat]``: from and to of this agent's previous move."""
        self.stalls = 0
        """This agent's moves in a row that brought no peg nearer the target tip."""

    def step(self, state: State) -> int:
        if not isinstance(state, HalmaState):
            raise TypeError("halma agents play HalmaState positions")
        from plywright.plugins.halma.fast.lane import ensure_compiled, search_kernels
        from plywright.plugins.halma.fast.tables import fast_tables

        ensure_compiled()
        game = self.game
        t = fast_tables(game.rules)
        board, pos, peg, npegs = t.position([holes_of(state.pegs(s)) for s in range(t.players)])
        f, to = search_kernels().search_probe(
            self.rng.getrandbits(31),
            board,
            pos,
            peg,
            npegs,
            self.seat,
            self.victim,
            self.depth,
            *t.move_args(),
            *t.rule_args()[:4],
            *t.search_args(),
            self.last[0],
            self.last[1],
            t.dist,
            self.stalls,
            True,
            self.forbid,
        )
        if f < 0:
            return game.pass_action
        self.last[0, self.seat], self.last[1, self.seat] = f, to
        self.stalls = 0 if t.dist[self.seat, f] > t.dist[self.seat, to] else self.stalls + 1
        return int(f) * game.size + int(to)


def make_search(game: Game, seat: int, rng: random.Random, settings: SearchSettings) -> SearchAgent:
    """The search factory of ``search`` (module level: plans are pickled for workers)."""
    if not isinstance(game, HalmaGame):
        raise TypeError(f"halma agents need a HalmaGame, got {type(game).__name__}")
    return SearchAgent(game, seat, rng, settings)


def _unconfigured(game: Game, seat: int, rng: random.Random) -> SearchAgent:
    return make_search(game, seat, rng, SearchSettings(SEARCH_BUDGET))


SEARCH = AgentSpec(
    "search",
    f"halma: best-reply alpha-beta on distance to the target with stragglers, "
    f"{SEARCH_BUDGET} plies a move (search:N for N plies; numba)",
    _unconfigured,
    games=("halma",),
    search=make_search,
    budget=SEARCH_BUDGET,
)
"""The searching agent of halma (the spoiler of the exploit probes)."""
