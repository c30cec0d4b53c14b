"""Star-halma agents: ``greedy`` (best one-move progress) and ``lookahead`` (two own moves);
the searching agent ``search`` lives in :mod:`plywright.plugins.halma.search`.

Both score a move ``a -> b`` by its *progress* ``dist[a] - dist[b]``, where ``dist`` is the
number of steps to the far tip of the seat's target on the board graph: every target hole is
closer to the tip than every other hole, so pegs are driven into the target and packed from
the tip, which also settles the endgame (pegs inside shuffle deeper until the last gap is at
the entrance). Ties go to the peg farthest behind (on a seeded 80% of moves: the noise keeps
games apart and stops mirrored play from favouring the first seat), then to staying near the
start-target axis, then to the seeded rng. An agent never undoes its own previous move while
it has another.
Both read the engine's fast API (:meth:`HalmaState.move_masks`) and return legal actions.
"""

from __future__ import annotations

import random

from plywright.api import AgentSpec
from plywright.engine import Game, State
from plywright.plugins.halma.evaluation import PROGRESS, compass
from plywright.plugins.halma.movegen import holes_of, move_masks
from plywright.plugins.halma.rules import HalmaGame, HalmaState
from plywright.plugins.halma.search import SEARCH

STRAGGLER_SHARE = 0.8
"""Share of moves on which the straggler tie-break applies (seeded noise)."""
UNDO = -(1 << 40)
"""Score of the move that undoes the agent's previous move."""
LOOKAHEAD_DISCOUNT = 0.75
"""Weight of the best follow-up progress in the ``lookahead`` score."""


class GreedyAgent:
    """Plays the move with the most progress toward the target (see the module docstring)."""

    def __init__(self, game: HalmaGame, seat: int, rng: random.Random) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.compass = compass(game.rules.n, game.rules.target_points()[seat])
        self.last: tuple[int, int] = (-1, -1)
        """``(from, to)`` of this agent's previous move."""

    def step(self, state: State) -> int:
        if not isinstance(state, HalmaState):
            raise TypeError("halma agents play HalmaState positions")
        moves = state.move_masks()
        if not moves:
            return self.game.pass_action
        start, to = self.choose(state, moves)
        self.last = (start, to)
        return start * self.game.size + to

    def choose(self, state: HalmaState, moves: dict[int, int]) -> tuple[int, int]:
        """The best-scoring move, ties broken by the rng; the undo of the last move only if it
        is the one move left."""
        # forward moves first: they are few, and when there is one it beats every other move
        c = self.compass
        origin = c.origin if self.rng.random() < STRAGGLER_SHARE else c.arrive
        ties = self.best(moves, origin, 1) or self.best(moves, origin, -len(c.closer))
        if not ties:
            return self.last[1], self.last[0]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    def best(
        self, moves: dict[int, int], origin: tuple[int, ...], least: int
    ) -> list[tuple[int, int]]:
        """The best moves by ``origin[from] - arrive[to]`` with at least ``least`` steps of
        progress (the undo of the last move excluded)."""
        c = self.compass
        dist, arrive, closer = c.dist, c.arrive, c.closer
        top = len(closer) - 1
        back_from, back_to = self.last[1], self.last[0]
        best = UNDO
        best_gain = least
        ties: list[tuple[int, int]] = []
        for start, dest in moves.items():
            if start == back_from:
                dest &= ~(1 << back_to)
            # only destinations with at least the best progress so far can win
            here = dist[start]
            reach = here - best_gain
            if reach < 0:
                continue
            if reach < top:
                dest &= closer[reach]
            base = origin[start]
            while dest:
                low = dest & -dest
                dest ^= low
                to = low.bit_length() - 1
                score = base - arrive[to]
                if score >= best:
                    if score > best:
                        best = score
                        best_gain = here - dist[to]
                        ties = [(start, to)]
                    else:
                        ties.append((start, to))
        return ties

    def scored(self, moves: dict[int, int]) -> list[tuple[int, int, int]]:
        """``(score, from, to)`` of every move; the undo of the last move scores :data:`UNDO`."""
        origin = self.compass.origin
        arrive = self.compass.arrive
        back_from, back_to = self.last[1], self.last[0]
        out = []
        for start, dest in moves.items():
            base = origin[start]
            for to in holes_of(dest):
                undo = start == back_from and to == back_to
                out.append((UNDO if undo else base - arrive[to], start, to))
        return out


class LookaheadAgent(GreedyAgent):
    """Greedy over two own moves: progress now plus the best progress of the next own move.

    Opponents are assumed to stand still; this finds set-up moves (a step that opens a long
    chain) that one-move greedy never plays.
    """

    def choose(self, state: HalmaState, moves: dict[int, int]) -> tuple[int, int]:
        game = self.game
        dist, closer = self.compass.dist, self.compass.closer
        top = len(closer) - 1
        occ = state.occupancy()
        own = state.pegs(self.seat)
        lock = game.lock_masks[self.seat]
        jump_own = game.rules.jump_own
        t = game.tables
        best_value = float("-inf")
        best: list[tuple[int, int]] = []
        for score, start, to in self.scored(moves):
            flip = (1 << start) | (1 << to)
            follow = 0
            for s, dest in move_masks(t, occ ^ flip, own ^ flip, jump_own, lock).items():
                here = dist[s]
                reach = here - follow - 1  # only holes giving more progress than found so far
                if reach < 0:
                    continue
                if reach < top:
                    dest &= closer[reach]
                while dest:
                    low = dest & -dest
                    dest ^= low
                    gain = here - dist[low.bit_length() - 1]
                    if gain > follow:
                        follow = gain
            value = score / PROGRESS + LOOKAHEAD_DISCOUNT * follow
            if value > best_value:
                best_value, best = value, [(start, to)]
            elif value == best_value:
                best.append((start, to))
        return best[0] if len(best) == 1 else self.rng.choice(best)


def _check_game(game: Game) -> HalmaGame:
    if not isinstance(game, HalmaGame):
        raise TypeError(f"halma agents need a HalmaGame, got {type(game).__name__}")
    return game


def greedy(game: Game, seat: int, rng: random.Random) -> GreedyAgent:
    return GreedyAgent(_check_game(game), seat, rng)


def lookahead(game: Game, seat: int, rng: random.Random) -> LookaheadAgent:
    return LookaheadAgent(_check_game(game), seat, rng)


AGENTS = (
    AgentSpec(
        "greedy",
        "halma: the move with the most progress toward the target tip (chains included), "
        "stragglers first, seeded tie-breaks",
        greedy,
        games=("halma",),
    ),
    AgentSpec(
        "lookahead",
        "halma: greedy over two own moves (progress now + best follow-up): finds set-up "
        "moves, wins most games against greedy, about 20 times slower",
        lookahead,
        games=("halma",),
    ),
    SEARCH,
)
"""The agents the halma plugin registers."""
