"""The star-halma rules engine (``docs/rules/halma.md``) on the bitset tables of movegen.

Actions: ``from * H + to`` for a move (``H`` holes, indices of the geometry model) and
``H * H`` for a pass, the only legal action of a player who cannot move.

Readings of the rules text made here:

- A *turn* is a move or a pass. Completion is checked after every turn of the mover, a pass
  included: a player whose target was filled by someone else's peg and who cannot move
  completes on that pass.
- A round starts with ``first_seat`` and visits every seat once in seat order; the game ends
  after the last turn of a round in which someone completed (win or shared draw), in which
  nobody moved (stalemate), or that was round ``max_rounds`` (unfinished).
- Returns: a sole winner gets 1, every loser -1; co-winners of a draw get 0 and everyone
  else -1; a stalemate or an unfinished game gives everyone 0.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from plywright.engine import TERMINAL, GameInfo, Outcome
from plywright.plugins.halma.movegen import (
    Tables,
    chain_path,
    count_moves,
    holes_of,
    jumpable,
    mask_of,
    move_masks,
    tables,
)
from plywright.plugins.halma.options import HalmaRules

WIN, LOSS, DRAW = 1.0, -1.0, 0.0


@dataclass(frozen=True)
class HalmaGame:
    """One star-halma variant: the validated ``[rules]`` plus the tables derived from them."""

    rules: HalmaRules
    tables: Tables = field(init=False, repr=False, compare=False)
    players: int = field(init=False, repr=False, compare=False)
    size: int = field(init=False, repr=False, compare=False)
    """Number of holes ``H``."""
    pass_action: int = field(init=False, repr=False, compare=False)
    start_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    target_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    lock_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Target bitsets when the target lock is on, zeros when it is off."""

    def __post_init__(self) -> None:
        t = tables(self.rules.n)
        targets = tuple(t.points[p] for p in self.rules.target_points())
        derived = {
            "tables": t,
            "players": self.rules.players,
            "size": t.size,
            "pass_action": t.size * t.size,
            "start_masks": tuple(t.points[p] for p in self.rules.seat_points()),
            "target_masks": targets,
            "lock_masks": targets if self.rules.target_lock else (0,) * len(targets),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def info(self) -> GameInfo:
        return GameInfo(
            num_players=self.players,
            min_utility=LOSS,
            max_utility=WIN,
            turn_based=True,
            has_chance=False,
            max_length=self.rules.max_rounds * self.players,
        )

    def parameters(self) -> dict[str, Any]:
        return self.rules.model_dump(mode="json")

    def new_initial_state(self) -> HalmaState:
        return HalmaState(self, list(self.start_masks), self.rules.first_seat)

    def state_from(self, pegs: Sequence[Iterable[int]], seat: int | None = None) -> HalmaState:
        """A position in round 1 with ``pegs[i]`` the holes of seat ``i``, ``seat`` to move."""
        if len(pegs) != self.players:
            raise ValueError(f"need pegs for {self.players} seats, got {len(pegs)}")
        masks = [mask_of(holes) for holes in pegs]
        if any(not 0 <= h < self.size for holes in pegs for h in holes):
            raise ValueError(f"holes must be in 0..{self.size - 1}")
        if sum(m.bit_count() for m in masks) != (self.tables.full & _union(masks)).bit_count():
            raise ValueError("two pegs share a hole")
        return HalmaState(self, masks, self.rules.first_seat if seat is None else seat)

    def record_header(self) -> dict[str, Any]:
        board = self.tables.board

        def coords(mask: int) -> list[list[int]]:
            return [list(board.holes[h]) for h in holes_of(mask)]

        return {
            "n": self.rules.n,
            "start": [coords(m) for m in self.start_masks],
            "target": [coords(m) for m in self.target_masks],
        }

    @cached_property
    def progress_tables(self) -> tuple[tuple[tuple[int, ...], int, int], ...]:
        """Per seat: steps from each hole to the target tip, and the pegs' total of those steps
        at the start and with the target packed (for :meth:`HalmaState.evaluate`)."""
        out = []
        for seat, target in enumerate(self.rules.target_points()):
            dist = self.tables.board.steps_to_tip(target)
            start = sum(dist[h] for h in holes_of(self.start_masks[seat]))
            packed = sum(dist[h] for h in holes_of(self.target_masks[seat]))
            out.append((dist, start, packed))
        return tuple(out)

    def hole(self, q: int, r: int) -> int:
        """Index of the hole at axial ``(q, r)`` (``KeyError`` off the board)."""
        return self.tables.board.index[(q, r)]


def _union(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def make_game(rules: HalmaRules) -> HalmaGame:
    """The engine factory of the ``halma`` game definition."""
    return HalmaGame(rules)


class HalmaState:
    """A position: peg bitsets per seat, the seat to act and the round bookkeeping."""

    __slots__ = (
        "_completed",
        "_history",
        "_moved",
        "_moves",
        "_occ",
        "_outcome",
        "_pegs",
        "_round",
        "_seat",
        "_turn",
        "game",
    )

    def __init__(self, game: HalmaGame, pegs: list[int], seat: int) -> None:
        if not 0 <= seat < game.players:
            raise ValueError(f"seat must be in 0..{game.players - 1}, got {seat}")
        self.game = game
        self._pegs = pegs
        self._occ = _union(pegs)
        self._seat = seat
        self._round = 1
        self._turn = (seat - game.rules.first_seat) % game.players
        self._completed = 0
        self._moved = False
        self._outcome: Outcome | None = None
        self._history: list[int] = []
        self._moves: dict[int, int] | None = None

    # --- the engine protocol -------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self._outcome is not None else self._seat

    def legal_actions(self) -> list[int]:
        if self._outcome is not None:
            return []
        moves = self.move_masks()
        if not moves:
            return [self.game.pass_action]
        size = self.game.size
        out: list[int] = []
        append = out.append
        for start, dest in moves.items():
            base = start * size - 1  # + bit_length() of a one-bit mask = + hole index + 1
            while dest:
                low = dest & -dest
                dest ^= low
                append(base + low.bit_length())
        return out

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def apply_action(self, action: int) -> None:
        try:
            action = operator.index(action)
        except TypeError:
            raise ValueError(f"action must be an int, got {action!r}") from None
        if self._outcome is not None:
            raise ValueError("the game is over")
        game = self.game
        if action == game.pass_action:
            if self.move_masks():
                raise ValueError(f"seat {self._seat} cannot pass: it has a legal move")
            self._play(-1, -1)
        else:
            if not 0 <= action < game.pass_action:
                raise ValueError(f"action {action} is out of range 0..{game.pass_action}")
            start, to = divmod(action, game.size)
            if not self._pegs[self._seat] >> start & 1:
                raise ValueError(f"seat {self._seat} has no peg on hole {start} (action {action})")
            if not self.move_masks().get(start, 0) >> to & 1:
                raise ValueError(f"illegal move {start}->{to} (action {action})")
            self._play(start, to)
        self._history.append(action)

    def is_terminal(self) -> bool:
        return self._outcome is not None

    def returns(self) -> list[float]:
        players = self.game.players
        outcome = self._outcome
        if outcome is None or outcome.result in ("stalemate", "unfinished"):
            return [0.0] * players
        share = WIN if outcome.result == "win" else DRAW
        return [share if seat in outcome.winners else LOSS for seat in range(players)]

    def clone(self) -> HalmaState:
        other = HalmaState.__new__(HalmaState)
        other.game = self.game
        other._pegs = list(self._pegs)
        other._occ = self._occ
        other._seat = self._seat
        other._round = self._round
        other._turn = self._turn
        other._completed = self._completed
        other._moved = self._moved
        other._outcome = self._outcome
        other._history = list(self._history)
        other._moves = self._moves
        return other

    def history(self) -> list[int]:
        return list(self._history)

    def outcome(self) -> Outcome:
        if self._outcome is None:
            raise ValueError("the game is not over")
        return self._outcome

    def action_record(self, action: int) -> dict[str, Any]:
        holes = self.game.tables.board.holes
        return {"path": [list(holes[h]) for h in self.move_path(action)]}

    def __str__(self) -> str:
        board = self.game.tables.board
        cells: dict[tuple[int, int], str] = {}
        for h in range(len(board)):
            x, _ = board.xy(h)
            owner = next((str(i) for i, m in enumerate(self._pegs) if m >> h & 1), ".")
            cells[(board.holes[h][1], round(2 * x))] = owner
        left = min(col for _, col in cells)
        lines = []
        for r in sorted({row for row, _ in cells}):
            row = {col - left: mark for (rr, col), mark in cells.items() if rr == r}
            lines.append("".join(row.get(c, " ") for c in range(max(row) + 1)))
        if self._outcome is None:
            lines.append(f"round {self._round}, seat {self._seat} to move")
        else:
            o = self._outcome
            lines.append(f"{o.result} after {o.rounds} rounds, winners {list(o.winners)}")
        return "\n".join(lines)

    # --- halma-specific API -------------------------------------------------------------

    @property
    def seat(self) -> int:
        """The seat to act (also after the end: the seat that would act next)."""
        return self._seat

    @property
    def round(self) -> int:
        """The round being played (1-based); the last round played once the game is over."""
        return self._round

    def occupancy(self) -> int:
        """Bitset of every occupied hole."""
        return self._occ

    def pegs(self, seat: int) -> int:
        """Bitset of the holes holding ``seat``'s pegs."""
        return self._pegs[seat]

    def completed(self) -> tuple[int, ...]:
        """Seats that completed in the current round."""
        return tuple(s for s in range(self.game.players) if self._completed >> s & 1)

    def num_legal_actions(self) -> int:
        """``len(self.legal_actions())`` without building the list."""
        if self._outcome is not None:
            return 0
        return sum(dest.bit_count() for dest in self.move_masks().values()) or 1

    def evaluate(self) -> list[float]:
        """Estimated returns of an unfinished game: each seat's progress (the share of its way
        from the start to a packed target, in steps to the target tip) minus the best
        opponent's, clipped to the utility range."""
        progress = []
        for seat, (dist, start, packed) in enumerate(self.game.progress_tables):
            now = sum(dist[h] for h in holes_of(self._pegs[seat]))
            progress.append((start - now) / (start - packed) if start != packed else 1.0)
        out = []
        for seat, own in enumerate(progress):
            rival = max(p for other, p in enumerate(progress) if other != seat)
            out.append(max(LOSS, min(WIN, own - rival)))
        return out

    def move_masks(self) -> dict[int, int]:
        """``{from: destination bitset}`` of every movable peg of the seat to act, pegs
        ascending (cached: treat it as read-only)."""
        moves = self._moves
        if moves is None:
            game = self.game
            seat = self._seat
            moves = move_masks(
                game.tables,
                self._occ,
                self._pegs[seat],
                game.rules.jump_own,
                game.lock_masks[seat],
            )
            self._moves = moves
        return moves

    def peg_destinations(self, start: int) -> int:
        """Bitset of the holes the seat to act can move the peg on ``start`` to."""
        return self.move_masks().get(start, 0)

    def move_path(self, action: int) -> list[int]:
        """Holes the peg lands on for ``action``, start first (a step has two, a pass none).

        For a jump chain the path with the fewest hops is given (ties by direction order).
        """
        if action == self.game.pass_action:
            return []
        start, to = divmod(action, self.game.size)
        dest = self.peg_destinations(start)
        if not dest >> to & 1:
            raise ValueError(f"illegal move {start}->{to} (action {action})")
        t = self.game.tables
        if t.steps[start] >> to & 1:
            return [start, to]
        own = self._pegs[self._seat]
        over = jumpable(self._occ, own, self.game.rules.jump_own)
        path = chain_path(t, start, to, over, dest)
        assert path is not None  # a destination that is no step is reached by jumps
        return path

    def perft(self, depth: int) -> int:
        """Leaves of the legal-move tree ``depth`` plies deep (every seat moving in turn).

        Moves are distinct ``(from, to)`` pairs, a forced pass is one move and a finished game
        has no moves. The last ply is counted in bulk; transpositions are counted once.
        """
        if depth < 0:
            raise ValueError("depth must be >= 0")
        work = self.clone()
        work._history = []
        return work._perft(depth, {})

    # --- internals ------------------------------------------------------------------------

    def _perft(self, depth: int, memo: dict[tuple[Any, ...], int]) -> int:
        if depth == 0:
            return 1
        if self._outcome is not None:
            return 0
        key = (
            depth,
            self._seat,
            self._turn,
            self._round,
            self._completed,
            self._moved,
            *self._pegs,
        )
        known = memo.get(key)
        if known is not None:
            return known
        game = self.game
        seat = self._seat
        if depth == 1:
            total = count_moves(
                game.tables, self._occ, self._pegs[seat], game.rules.jump_own, game.lock_masks[seat]
            )
            memo[key] = total or 1
            return total or 1
        saved = (self._occ, list(self._pegs), seat, self._round, self._turn, self._completed)
        moved = self._moved
        moves = [(s, to) for s, dest in self.move_masks().items() for to in holes_of(dest)]
        total = 0
        for start, to in moves or [(-1, -1)]:
            self._play(start, to)
            total += self._perft(depth - 1, memo)
            occ, pegs, self._seat, self._round, self._turn, self._completed = saved
            self._occ = occ
            self._pegs = list(pegs)
            self._moved = moved
            self._outcome = None
            self._moves = None
        memo[key] = total
        return total

    def _play(self, start: int, to: int) -> None:
        """Move the peg of the seat to act from ``start`` to ``to`` (``-1, -1``: pass) and
        advance the turn; no legality check."""
        game = self.game
        mover = self._seat
        pegs = self._pegs
        if start >= 0:
            flip = (1 << start) | (1 << to)
            pegs[mover] ^= flip
            self._occ ^= flip
            self._moved = True
        self._moves = None
        target = game.target_masks[mover]
        own = pegs[mover]
        if game.rules.win_rule == "own":
            done = own & target == target
        else:
            done = self._occ & target == target and own & target != 0
        if done:
            self._completed |= 1 << mover
        self._seat = (mover + 1) % game.players
        self._turn += 1
        if self._turn < game.players:
            return
        if self._completed:
            winners = tuple(s for s in range(game.players) if self._completed >> s & 1)
            self._outcome = Outcome("win" if len(winners) == 1 else "draw", winners, self._round)
        elif not self._moved:
            self._outcome = Outcome("stalemate", (), self._round)
        elif self._round >= game.rules.max_rounds:
            self._outcome = Outcome("unfinished", (), self._round)
        else:
            self._round += 1
            self._turn = 0
            self._moved = False
