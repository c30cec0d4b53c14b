"""Per-game statistics as columns: what workers send back and what the metrics read.

A :class:`GameTable` holds one row per game (index, result, winners, length, branching, the
engine's own numbers) as numpy arrays. A chunk of games crosses the process boundary as a
dozen arrays instead of thousands of objects, and the metrics are sums over columns, so the
parent process does no work per game while the workers use the cores (a compiled lane plays a
game in about 0.1 ms). Iterating a table gives :class:`GameStats` rows again.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from plywright.engine import Outcome, Result
from plywright.simulate.playout import GameStats

if TYPE_CHECKING:
    import numpy.typing as npt

    IntColumn = npt.NDArray[np.int64]
    FloatColumn = npt.NDArray[np.float64]
else:
    IntColumn = FloatColumn = np.ndarray

RESULTS: tuple[Result, ...] = ("win", "draw", "stalemate", "unfinished", "nowinner")
"""Result names by their code in :attr:`GameTable.result`."""
RESULT_CODE: dict[str, int] = {name: code for code, name in enumerate(RESULTS)}
MAX_SEATS = 63
"""Seats a winners bitmask can hold."""

_INT_COLUMNS = ("index", "result", "winners", "rounds", "moves", "branching_total", "decisions")


def _column(values: Iterable[Any] | npt.NDArray[Any], dtype: type[np.generic]) -> Any:
    """``values`` as a numpy array of ``dtype`` (iterables such as ``range`` included)."""
    return np.asarray(values if isinstance(values, np.ndarray) else list(values), dtype)


def winners_mask(winners: Iterable[int]) -> int:
    """The bitmask of seats ``winners`` (``ValueError`` for a seat the mask cannot hold)."""
    mask = 0
    for seat in winners:
        if not 0 <= seat < MAX_SEATS:
            raise ValueError(f"seat {seat} outside 0..{MAX_SEATS - 1}")
        mask |= 1 << seat
    return mask


@dataclass(frozen=True, eq=False)
class BranchingProfile:
    """Legal actions at each move number, summed over some games, and how many of the games
    lasted that long: the report's "branching factor over a game" without one list per game
    (profiles of chunks add up)."""

    sums: IntColumn
    games: IntColumn

    @classmethod
    def of(cls, per_game: Iterable[Sequence[int]]) -> BranchingProfile:
        """The profile of games given as their legal-action counts, one per decision."""
        games = [np.asarray(counts, np.int64) for counts in per_game]
        longest = max((len(counts) for counts in games), default=0)
        sums = np.zeros(longest, np.int64)
        reached = np.zeros(longest, np.int64)
        for counts in games:
            sums[: len(counts)] += counts
            reached[: len(counts)] += 1
        return cls(sums, reached)

    @classmethod
    def total(cls, profiles: Iterable[BranchingProfile]) -> BranchingProfile:
        """The profile of all the games of ``profiles``."""
        parts = list(profiles)
        longest = max((len(p.sums) for p in parts), default=0)
        sums = np.zeros(longest, np.int64)
        reached = np.zeros(longest, np.int64)
        for p in parts:
            sums[: len(p.sums)] += p.sums
            reached[: len(p.games)] += p.games
        return cls(sums, reached)

    def means(self, least_games: int = 5) -> tuple[list[int], list[float]]:
        """Move numbers (from 1) and the mean legal actions there, over the games that lasted
        so long; it stops at the first move fewer than ``least_games`` games reached (or
        fewer than all of them, when there are fewer)."""
        if not len(self.games):
            return [], []
        enough = min(least_games, int(self.games[0]))
        moves: list[int] = []
        means: list[float] = []
        pairs = zip(self.sums.tolist(), self.games.tolist(), strict=True)
        for move, (total, reached) in enumerate(pairs):
            if reached < enough or reached == 0:
                break
            moves.append(move + 1)
            means.append(total / reached)
        return moves, means


@dataclass(frozen=True, eq=False)
class GameTable:
    """Statistics of some games, one array element per game (see :class:`GameStats` for the
    meaning of each column)."""

    index: IntColumn
    result: IntColumn
    """Codes into :data:`RESULTS`."""
    winners: IntColumn
    """Bitmask of the seats in ``Outcome.winners``."""
    rounds: IntColumn
    moves: IntColumn
    branching_total: IntColumn
    decisions: IntColumn
    hit_length_bound: npt.NDArray[np.bool_]
    game_metrics: Mapping[str, FloatColumn] = field(default_factory=dict)
    """The engine's own numbers, one column per key (0.0 where a game did not report it)."""
    profile: BranchingProfile | None = None
    """Legal actions at each move number over these games, when the check profiled them."""

    @classmethod
    def from_columns(
        cls,
        *,
        index: Iterable[int] | IntColumn,
        result: Iterable[int] | IntColumn,
        winners: Iterable[int] | IntColumn,
        rounds: Iterable[int] | IntColumn,
        moves: Iterable[int] | IntColumn,
        branching_total: Iterable[int] | IntColumn,
        decisions: Iterable[int] | IntColumn,
        hit_length_bound: Iterable[bool] | npt.NDArray[np.bool_] | None = None,
        game_metrics: Mapping[str, Iterable[float] | FloatColumn] | None = None,
        profile: BranchingProfile | None = None,
    ) -> GameTable:
        """A table from equally long columns (copied to the table's dtypes)."""
        ints = [
            _column(c, np.int64)
            for c in (index, result, winners, rounds, moves, branching_total, decisions)
        ]
        games = len(ints[0])
        bound = (
            np.zeros(games, np.bool_)
            if hit_length_bound is None
            else _column(hit_length_bound, np.bool_)
        )
        own = {
            key: _column(column, np.float64) for key, column in sorted((game_metrics or {}).items())
        }
        if any(len(column) != games for column in [*ints, bound, *own.values()]):
            raise ValueError("columns of unequal length")
        index_, result_, winners_, rounds_, moves_, branching_, decisions_ = ints
        return cls(
            index_,
            result_,
            winners_,
            rounds_,
            moves_,
            branching_,
            decisions_,
            hit_length_bound=bound,
            game_metrics=own,
            profile=profile,
        )

    @classmethod
    def of(
        cls,
        stats: GameTable | Iterable[GameStats],
        profile: BranchingProfile | None = None,
    ) -> GameTable:
        """A table of ``stats`` (a table is returned as it is)."""
        if isinstance(stats, GameTable):
            return stats
        rows = list(stats)
        keys = sorted({key for s in rows for key in s.game_metrics})
        return cls.from_columns(
            index=[s.index for s in rows],
            result=[RESULT_CODE[s.outcome.result] for s in rows],
            winners=[winners_mask(s.outcome.winners) for s in rows],
            rounds=[s.outcome.rounds for s in rows],
            moves=[s.moves for s in rows],
            branching_total=[s.branching_total for s in rows],
            decisions=[s.decisions for s in rows],
            hit_length_bound=[s.hit_length_bound for s in rows],
            game_metrics={key: [s.game_metrics.get(key, 0.0) for s in rows] for key in keys},
            profile=profile,
        )

    @classmethod
    def concat(cls, tables: Sequence[GameTable]) -> GameTable:
        """One table of every row of ``tables``, ordered by game index."""
        if not tables:
            return cls.of([])
        order = np.argsort(np.concatenate([t.index for t in tables]), kind="stable")
        keys = sorted({key for t in tables for key in t.game_metrics})

        def joined(columns: Iterable[npt.NDArray[Any]]) -> npt.NDArray[Any]:
            return np.concatenate(list(columns))[order]

        own = {
            key: joined(t.game_metrics.get(key, np.zeros(len(t))) for t in tables) for key in keys
        }
        profiles = [t.profile for t in tables]
        profile = None
        if all(p is not None for p in profiles):
            profile = BranchingProfile.total(p for p in profiles if p is not None)
        return cls.from_columns(
            **{name: joined(getattr(t, name) for t in tables) for name in _INT_COLUMNS},
            hit_length_bound=joined(t.hit_length_bound for t in tables),
            game_metrics=own,
            profile=profile,
        )

    def __len__(self) -> int:
        return len(self.index)

    def __getitem__(self, row: int) -> GameStats:
        """Row ``row`` (not game index) as :class:`GameStats`."""
        result = RESULTS[int(self.result[row])]
        mask = int(self.winners[row])
        winners = tuple(seat for seat in range(MAX_SEATS) if mask >> seat & 1)
        return GameStats(
            index=int(self.index[row]),
            outcome=Outcome(result, winners, int(self.rounds[row])),
            moves=int(self.moves[row]),
            branching_total=int(self.branching_total[row]),
            decisions=int(self.decisions[row]),
            hit_length_bound=bool(self.hit_length_bound[row]),
            game_metrics={key: float(column[row]) for key, column in self.game_metrics.items()},
        )

    def __iter__(self) -> Iterator[GameStats]:
        return (self[row] for row in range(len(self)))

    def count(self, *results: Result) -> int:
        """Games that ended in any of ``results``."""
        codes = [RESULT_CODE[name] for name in results]
        return int(np.count_nonzero(np.isin(self.result, codes)))

    def outright_wins(self, num_players: int) -> list[int]:
        """Per seat, the games it won outright (result ``win``)."""
        won = self.winners[self.result == RESULT_CODE["win"]]
        return [int(np.count_nonzero(won >> seat & 1)) for seat in range(num_players)]
