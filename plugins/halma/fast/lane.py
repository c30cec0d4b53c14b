"""Halma's fast lane: seeded batches of ``random``/``greedy``/``lookahead`` games in numba.

Game ``i`` of a check seeded ``S`` plays with its own generator seeded by
:func:`generator.simulate.fastlane.fast_game_seed`, so its result depends on ``(S, i)`` only.
The agents play as :mod:`plugins.halma.agents` (greedy and lookahead: the same scores,
tie-breaks, straggler noise and undo rule) and the generic ``random`` agent (uniform over the
distinct moves), with
their own random streams: results agree with the Python path in distribution, not game by game.

Records: the kernels log each move as ``(from, to)``; the Python engine replays the log to
write the paths (and refuses a move it does not allow), so a record is exactly what the Python
path would write for those moves.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from generator.engine import Outcome, Result
from generator.simulate.fastlane import Record, fast_game_seed
from generator.simulate.table import RESULT_CODE, BranchingProfile, GameTable
from plugins.halma.fast.cache import COMPILING
from plugins.halma.fast.tables import FastTables, fast_tables
from plugins.halma.options import HalmaRules
from plugins.halma.rules import HalmaGame, make_game

if TYPE_CHECKING:
    import numpy.typing as npt

AGENT_KINDS = {"random": 0, "greedy": 1, "lookahead": 2}
"""Agents the fast lane plays, by name (the kernels' agent kinds)."""
RESULTS: tuple[Result, ...] = ("win", "draw", "stalemate", "unfinished")
"""Result names by the kernels' result code."""

_compiled = threading.Event()


def kernels() -> Any:
    """The kernels module (imports numba; typed ``Any``: numba's dispatchers are untyped)."""
    from plugins.halma.fast import kernels as module

    return module


_compile_lock = threading.Lock()


def ensure_compiled() -> None:
    """Compile every kernel into numba's cache (after one line on stderr) unless this numba and
    Python have compiled this version of them already; then each loads on its first call."""
    if _compiled.is_set():
        return
    with _compile_lock:
        if _compiled.is_set():
            return
        from plugins.halma.fast import cache

        cache.configure()
        source = Path(__file__).with_name("kernels.py")
        stamp = cache.stamp_path(source)
        if not stamp.exists():  # else each kernel loads from the cache on its first call
            print(COMPILING, file=sys.stderr, flush=True)
            _warm_up()
            try:
                stamp.parent.mkdir(parents=True, exist_ok=True)
                stamp.touch()
            except OSError:  # a read-only cache folder: numba compiles in memory each run
                pass
        _compiled.set()


def _warm_up() -> None:
    """Call every kernel once on the smallest board (compiles or loads each signature)."""
    t = fast_tables(HalmaRules(n=2, max_rounds=2))
    board, pos, peg, npegs = t.position([list(row) for row in t.start])
    kernels().list_moves(board, pos, npegs, 0, *t.move_args())
    kernels().perft(
        board, pos, peg, npegs, initial_round_state(t), 2, *t.move_args(), *t.rule_args()
    )
    _play(t, np.array([1, 2], np.int64), np.array([1, 2], np.int64), True, True)
    greedy_probe(t, 1, [(0, 1)], 0, (-1, -1), True)


def greedy_probe(
    t: FastTables,
    seed: int,
    moves: Sequence[tuple[int, int]],
    seat: int,
    last: tuple[int, int],
    use_origin: bool,
) -> tuple[int, int]:
    """The fast greedy agent's choice among ``moves`` (at least one) for ``seat``, whose last
    move was ``last``, with its generator seeded ``seed`` (for tests)."""
    mf = np.array([m[0] for m in moves], np.int32)
    mt = np.array([m[1] for m in moves], np.int32)
    last_from = np.full(t.players, -1, np.int64)
    last_to = np.full(t.players, -1, np.int64)
    last_from[seat], last_to[seat] = last
    f, to = kernels().greedy_probe(
        seed, mf, mt, seat, last_from, last_to, t.origin, t.arrive, t.dist, use_origin
    )
    return int(f), int(to)


def initial_round_state(t: FastTables, seat: int | None = None) -> npt.NDArray[np.int64]:
    """The kernels' round state of round 1 with ``seat`` (default: the first seat) to act."""
    k = kernels()
    st = np.zeros(6, np.int64)
    first = t.rules.first_seat
    st[k.SEAT] = first if seat is None else seat
    st[k.ROUND] = 1
    st[k.TURN] = 0 if seat is None else (seat - first) % t.players
    st[k.RESULT] = -1
    return st


def _play(
    t: FastTables,
    kinds: npt.NDArray[np.int64],
    seeds: npt.NDArray[np.int64],
    log: bool,
    profile: bool = False,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32], npt.NDArray[np.int64], BranchingProfile]:
    stats, moves, offsets, sums, reached = kernels().play_games(
        seeds,
        kinds,
        t.start,
        t.npegs,
        t.rules.first_seat,
        *t.move_args(),
        *t.rule_args(),
        t.origin,
        t.arrive,
        t.dist,
        log,
        profile,
    )
    return stats, moves, offsets, BranchingProfile(sums, reached)


def outcome_of(row: Sequence[int], players: int) -> Outcome:
    """The :class:`Outcome` of a kernel statistics row."""
    result = RESULTS[int(row[0])]
    winners = tuple(s for s in range(players) if int(row[1]) >> s & 1)
    return Outcome(result, winners if result in ("win", "draw") else (), int(row[2]))


@dataclass(frozen=True)
class HalmaFastLane:
    """The fast lane of one halma variant; ``kinds[seat]`` is the agent of each seat."""

    rules: HalmaRules
    agents: tuple[str, ...]
    """Agent name of each seat."""
    name: str = "halma-numba"

    def warm(self) -> None:
        """Compile (first run) or load the game kernel now, so forked workers inherit it."""
        ensure_compiled()
        tiny = fast_tables(HalmaRules(n=2, max_rounds=1))
        _play(tiny, np.zeros(2, np.int64), np.zeros(1, np.int64), False)

    def play(
        self,
        seed: int,
        indices: Sequence[int],
        record_header: Mapping[str, Any] | None = None,
        profile: bool = False,
        limit: int | None = None,
    ) -> tuple[GameTable, list[Record] | None]:
        ensure_compiled()
        t = fast_tables(self.rules)
        kinds = np.array([AGENT_KINDS[name] for name in self.agents], np.int64)
        seeds = np.array([fast_game_seed(seed, i) for i in indices], np.int64)
        stats, moves, offsets, branching = _play(
            t, kinds, seeds, record_header is not None, profile
        )
        table = stats_table(stats, indices, branching if profile else None)
        if record_header is None:
            return table, None
        game = make_game(self.rules)
        records = []
        for g, index in enumerate(indices):
            log = moves[2 * offsets[g] : 2 * offsets[g + 1]].reshape(-1, 2)
            outcome = outcome_of(stats[g].tolist(), t.players)
            records.append(write_record(game, record_header, index, log, outcome))
        return table, records


def stats_table(
    stats: npt.NDArray[np.int64],
    indices: Sequence[int],
    profile: BranchingProfile | None = None,
) -> GameTable:
    """The core's table of the kernels' statistics rows (result, winners, rounds, moves,
    branching total, decisions) of games ``indices``."""
    codes = np.array([RESULT_CODE[name] for name in RESULTS], np.int64)
    result = codes[stats[:, 0]]
    shared = np.isin(stats[:, 0], [RESULTS.index("win"), RESULTS.index("draw")])  # named seats
    return GameTable.from_columns(
        index=np.asarray(indices, np.int64),
        result=result,
        winners=np.where(shared, stats[:, 1], 0),
        rounds=stats[:, 2],
        moves=stats[:, 3],
        branching_total=stats[:, 4],
        decisions=stats[:, 5],
        profile=profile,
    )


def write_record(
    game: HalmaGame,
    record_header: Mapping[str, Any],
    index: int,
    log: npt.NDArray[np.int32],
    outcome: Outcome,
) -> Record:
    """The record of one fast-lane game, replayed through the Python engine (which writes each
    move's path and refuses an illegal move) in the core's format: its own record lines and
    result line if the state has them, else one line per move and the core's result line.
    ``RuntimeError`` if the engines disagree."""
    lines: Record = [{**record_header, "game_index": index, **game.record_header()}]
    state = game.new_initial_state()
    own_lines = callable(getattr(state, "record_lines", None))
    for f, t in log.tolist():
        action = game.pass_action if f < 0 else f * game.size + t
        try:
            if not own_lines:
                lines.append({"player": state.current_player(), **state.action_record(action)})
            state.apply_action(action)
        except ValueError as exc:
            raise RuntimeError(f"fast lane game {index}: the Python engine refuses {exc}") from None
    if not state.is_terminal() or state.outcome() != outcome:
        raise RuntimeError(f"fast lane game {index}: the Python replay ends differently")
    if own_lines:
        lines.extend(state.record_lines())  # type: ignore[attr-defined]
    own_result = getattr(state, "record_result", None)
    if callable(own_result):
        lines.append(own_result())
    else:
        lines.append(
            {"result": outcome.result, "winners": list(outcome.winners), "rounds": outcome.rounds}
        )
    return lines
