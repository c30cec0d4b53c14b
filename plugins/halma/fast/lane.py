"""Halma's fast lane: seeded batches of ``random``/``greedy``/``lookahead``/``search`` games in
numba.

Game ``i`` of a check seeded ``S`` plays with its own generator seeded by
:func:`plywright.simulate.fastlane.fast_game_seed`, so its result depends on ``(S, i)`` only.
The agents play as :mod:`plywright.plugins.halma.agents` (greedy and lookahead: the same scores,
tie-breaks, straggler noise and undo rule), :mod:`plywright.plugins.halma.search` (the same search
kernel as the Python path, with each seat's depth, victim and forbidden kind of move) and the
generic ``random``
agent (uniform over the distinct moves), with their own random streams: results agree with
the Python path in distribution, not game by game.

Records: the kernels log each move as ``(from, to)``; the Python engine replays the log to
write the paths (and refuses a move it does not allow) through the core's record builder, so a
record is exactly what the Python path would write for those moves.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from plywright.engine import Outcome, Result
from plywright.plugins.halma.evaluation import MAX_DEPTH, SEARCH_BUDGET
from plywright.plugins.halma.fast.cache import COMPILING
from plywright.plugins.halma.fast.tables import FastTables, fast_tables
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.rules import HalmaGame, make_game
from plywright.records import Record, RecordBuilder
from plywright.simulate.fastlane import fast_game_seed
from plywright.simulate.table import RESULT_CODE, BranchingProfile, GameTable

if TYPE_CHECKING:
    import numpy.typing as npt

AGENT_KINDS = {"random": 0, "greedy": 1, "lookahead": 2, "search": 3}
"""Agents the fast lane plays, by name (the kernels' agent kinds)."""
RESULTS: tuple[Result, ...] = ("win", "draw", "stalemate", "unfinished")
"""Result names by the kernels' result code."""
SOURCES = ("kernels.py", "search.py", "games.py")
"""The kernel modules, each calling kernels of the ones before it only."""

_compiled = threading.Event()


def kernels() -> Any:
    """The kernels module (imports numba; typed ``Any``: numba's dispatchers are untyped)."""
    from plywright.plugins.halma.fast import kernels as module

    return module


def search_kernels() -> Any:
    """The ``search`` agent's kernels module (imports numba)."""
    from plywright.plugins.halma.fast import search as module

    return module


def game_kernels() -> Any:
    """The game-loop kernel module (imports numba)."""
    from plywright.plugins.halma.fast import games as module

    return module


_compile_lock = threading.Lock()


def ensure_compiled() -> None:
    """Compile every kernel into numba's cache (after one line on stderr) unless this numba and
    Python have compiled this version of them already; then each loads on its first call.

    A kernel module whose callees' modules changed since it was compiled is compiled anew
    (numba's cache would keep the old callees in it)."""
    if _compiled.is_set():
        return
    with _compile_lock:
        if _compiled.is_set():
            return
        from plywright.plugins.halma.fast import cache

        cache.configure()
        sources = [Path(__file__).with_name(name) for name in SOURCES]
        stamps = {cache.stamp_path(source) for source in sources}
        # modules calling kernels of other files, and the sources they were compiled against
        callers = [(search_kernels(), cache.sources_key(sources[:2]))]
        callers.append((game_kernels(), cache.sources_key(sources)))
        stale = [
            (module, key) for module, key in callers if not cache.compiled_against(module, key)
        ]
        if stale or not all(stamp.exists() for stamp in stamps):
            print(COMPILING, file=sys.stderr, flush=True)
            for module, _ in stale:
                cache.flush(module)
            _warm_up()
            try:
                for stamp in stamps:
                    stamp.parent.mkdir(parents=True, exist_ok=True)
                    stamp.touch()
                for module, key in stale:
                    cache.remember(module, key)
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
    kinds = np.array([1, 3], np.int64)
    _play(t, kinds, np.array([1, 2], np.int64), True, True, np.array([1, 2], np.int64))
    greedy_probe(t, 1, [(0, 1)], 0, (-1, -1), True)
    last = np.full(t.players, -1, np.int64)
    search_kernels().search_probe(
        1, board, pos, peg, npegs, 0, 1, 2, *t.move_args(), *t.rule_args()[:4],
        *t.search_args(), last, last, t.dist, 0, True, 0,
    )  # fmt: skip


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
    depths: npt.NDArray[np.int64] | None = None,
    victims: npt.NDArray[np.int64] | None = None,
    limit: int | None = None,
    forbids: npt.NDArray[np.int64] | None = None,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32], npt.NDArray[np.int64], BranchingProfile]:
    seats = t.players
    stats, moves, offsets, sums, reached = game_kernels().play_games(
        seeds,
        kinds,
        np.full(seats, SEARCH_BUDGET, np.int64) if depths is None else depths,
        np.full(seats, -1, np.int64) if victims is None else victims,
        np.zeros(seats, np.int64) if forbids is None else forbids,
        t.start,
        t.npegs,
        t.rules.first_seat,
        *t.move_args(),
        *t.rule_args(),
        t.origin,
        t.arrive,
        t.dist,
        *t.search_args(),
        -1 if limit is None else limit,
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
    """The fast lane of one halma variant with the agent of each seat."""

    rules: HalmaRules
    agents: tuple[str, ...]
    """Agent name of each seat (:data:`AGENT_KINDS`)."""
    name: str = "halma-numba"
    budgets: tuple[int, ...] = ()
    """Search depth of each seat (``()``:
    :data:`~plywright.plugins.halma.evaluation.SEARCH_BUDGET`)."""
    victims: tuple[int, ...] = ()
    """The seat each seat spoils, -1 for none (``()``: none)."""
    forbids: tuple[int, ...] = ()
    """The kind of move each seat may not make, as the kernels' code
    (:func:`plywright.plugins.halma.kinds.forbid_code`; ``()``: none)."""

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
        """As :meth:`plywright.simulate.fastlane.FastLane.play`; a game cut by ``limit`` is
        unfinished with no rounds and ``hit_length_bound`` set, as on the Python path."""
        ensure_compiled()
        t = fast_tables(self.rules)
        kinds = np.array([AGENT_KINDS[name] for name in self.agents], np.int64)
        seeds = np.array([fast_game_seed(seed, i) for i in indices], np.int64)
        depths = np.minimum(np.array(self.budgets or [SEARCH_BUDGET] * t.players), MAX_DEPTH)
        depths = depths.astype(np.int64)
        victims = np.array(self.victims or [-1] * t.players, np.int64)
        victims[victims == np.arange(t.players)] = -1  # spoiling oneself: playing to win
        forbids = np.array(self.forbids or [0] * t.players, np.int64)
        if any(len(a) != t.players for a in (kinds, depths, victims, forbids)):
            raise ValueError(
                f"need an agent, a budget, a victim and a forbidden kind for each of "
                f"{t.players} seats"
            )
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be >= 0, got {limit}")
        stats, moves, offsets, branching = _play(
            t, kinds, seeds, record_header is not None, profile, depths, victims, limit, forbids
        )
        stats[stats[:, 6] != 0, 2] = 0  # a cut game has no rounds, as on the Python path
        table = stats_table(stats, indices, branching if profile else None)
        if record_header is None:
            return table, None
        game = make_game(self.rules)
        records = []
        for g, index in enumerate(indices):
            log = moves[2 * offsets[g] : 2 * offsets[g + 1]].reshape(-1, 2)
            outcome = outcome_of(stats[g].tolist(), t.players)
            cut = bool(stats[g, 6])
            records.append(record_from_log(game, record_header, index, log, outcome, cut))
        return table, records


def stats_table(
    stats: npt.NDArray[np.int64],
    indices: Sequence[int],
    profile: BranchingProfile | None = None,
) -> GameTable:
    """The core's table of the kernels' statistics rows (result, winners, rounds, moves,
    branching total, decisions, cut by the move limit) of games ``indices``."""
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
        hit_length_bound=stats[:, 6] != 0,
        profile=profile,
    )


def record_from_log(
    game: HalmaGame,
    record_header: Mapping[str, Any],
    index: int,
    log: npt.NDArray[np.int32],
    outcome: Outcome,
    cut: bool = False,
) -> Record:
    """The record of one fast-lane game, replayed through the Python engine (which writes each
    move's path and refuses an illegal move) by the core's
    :class:`~plywright.records.RecordBuilder`, so it is exactly what the Python path writes.
    ``cut``: the move limit ended the game (unfinished; the replay must still be running).
    ``RuntimeError`` if the engines disagree."""
    state = game.new_initial_state()
    builder = RecordBuilder(game, state, record_header, index)
    for f, t in log.tolist():
        action = game.pass_action if f < 0 else f * game.size + t
        try:
            builder.add(state, action)
            state.apply_action(action)
        except ValueError as exc:
            raise RuntimeError(f"fast lane game {index}: the Python engine refuses {exc}") from None
    if cut:
        if state.is_terminal() or outcome.result != "unfinished":
            raise RuntimeError(f"fast lane game {index}: the Python replay ends differently")
    elif not state.is_terminal() or state.outcome() != outcome:
        raise RuntimeError(f"fast lane game {index}: the Python replay ends differently")
    return builder.finish(state, outcome)
