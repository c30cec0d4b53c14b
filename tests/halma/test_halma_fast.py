"""Halma's fast lane against the Python engine: perft, legal moves, records, metrics."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence

import numpy as np
import pytest

from plywright.api import AgentSpec
from plywright.engine import Outcome
from plywright.plugins.halma.agents import AGENTS, GreedyAgent
from plywright.plugins.halma.fast.lane import (
    HalmaFastLane,
    ensure_compiled,
    greedy_probe,
    kernels,
    record_from_log,
)
from plywright.plugins.halma.fast.probe import fast_moves, fast_perft, start_pegs
from plywright.plugins.halma.fast.tables import fast_tables
from plywright.plugins.halma.geometry import holes_per_point, star_board
from plywright.plugins.halma.movegen import holes_of
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.records import check_record
from plywright.plugins.halma.rules import make_game
from plywright.registry import Registry
from plywright.simulate.generic_agents import RandomAgent
from plywright.simulate.playout import GameStats, play_game

GREEDY = next(spec for spec in AGENTS if spec.name == "greedy")
LOOKAHEAD = next(spec for spec in AGENTS if spec.name == "lookahead")
RANDOM = AgentSpec("random", "uniform", lambda game, seat, rng: RandomAgent(rng))


def header(rules: HalmaRules) -> dict[str, object]:
    """The header keys the core writes before the game's own."""
    return {
        "game": "halma",
        "variant": rules.model_dump(mode="json"),
        "seed": 7,
        "players": rules.players,
        "agents": ["x"],
    }


# depth per board size: as deep as the Python reference answers quickly
PERFT_DEPTH = {2: 4, 3: 4, 4: 3, 5: 3, 6: 3, 7: 3}


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("n", range(2, 8))
def test_perft_equals_python_engine(n: int, players: int) -> None:
    rules = HalmaRules(n=n, players=players)
    state = make_game(rules).new_initial_state()
    depth = PERFT_DEPTH[n] - (players >= 5 and n >= 5)
    for d in range(depth + 1):
        assert fast_perft(rules, d) == state.perft(d), (n, players, d)


@pytest.mark.parametrize(
    "options",
    [
        {"jump_own": False},
        {"target_lock": False},
        {"win_rule": "own", "players": 3},
        {"first_seat": 1, "players": 4},
        {"seating": (1, 2), "targets": (4, 5)},
    ],
)
def test_perft_equals_python_engine_under_every_option(options: dict[str, object]) -> None:
    rules = HalmaRules.model_validate({"n": 3, **options})
    state = make_game(rules).new_initial_state()
    assert [fast_perft(rules, d) for d in range(1, 5)] == [state.perft(d) for d in range(1, 5)]


def test_perft_crosses_the_end_of_the_game_like_the_python_engine() -> None:
    """A full board: nobody can move; under ``own`` the round is a stalemate, under ``filled``
    every seat completes (a shared draw); both end the move tree after one round."""
    board = star_board(2)
    holes = list(range(len(board)))
    pegs = [holes[0::2], holes[1::2]]
    for win_rule in ("own", "filled"):
        rules = HalmaRules(n=2, win_rule=win_rule)
        state = make_game(rules).state_from(pegs, seat=1)
        expected = [state.perft(d) for d in range(4)]
        assert [fast_perft(rules, d, pegs, seat=1) for d in range(4)] == expected
        assert expected == [1, 1, 0, 0]


def random_position(rules: HalmaRules, rng: random.Random) -> list[list[int]]:
    """Each seat's pegs on random holes, some of them inside the seat's target."""
    board = star_board(rules.n)
    free = list(range(len(board)))
    rng.shuffle(free)
    taken = set()
    pegs = []
    for target in rules.target_points():
        count = rng.randint(1, holes_per_point(rules.n))
        inside = [h for h in board.points[target] if h not in taken]
        mine = rng.sample(inside, min(len(inside), rng.randint(0, count)))
        taken.update(mine)
        while len(mine) < count:
            h = free.pop()
            if h not in taken:
                taken.add(h)
                mine.append(h)
        pegs.append(mine)
    return pegs


def python_moves(
    rules: HalmaRules, pegs: Sequence[Sequence[int]], seat: int
) -> set[tuple[int, int]]:
    state = make_game(rules).state_from(pegs, seat)
    return {(s, t) for s, dest in state.move_masks().items() for t in holes_of(dest)}


def test_legal_moves_equal_on_thousands_of_random_positions() -> None:
    rng = random.Random(12)
    checked = 0
    for _ in range(3000):
        rules = HalmaRules(
            n=rng.randint(2, 7),
            players=rng.randint(2, 6),
            jump_own=rng.random() < 0.5,
            target_lock=rng.random() < 0.7,
        )
        pegs = random_position(rules, rng)
        seat = rng.randrange(rules.players)
        expected = python_moves(rules, pegs, seat)
        assert fast_moves(rules, pegs, seat) == expected, (rules, pegs, seat)
        checked += len(expected)
    assert checked > 50_000  # the positions are not trivial


def test_legal_moves_equal_along_random_games() -> None:
    rng = random.Random(5)
    for n, players in ((4, 2), (5, 3), (3, 6), (6, 4)):
        rules = HalmaRules(n=n, players=players, max_rounds=60)
        game = make_game(rules)
        state = game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            pegs = [holes_of(state.pegs(s)) for s in range(players)]
            assert fast_moves(rules, pegs, seat) == python_moves(rules, pegs, seat)
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("options", "agents", "games"),
    [
        ({"n": 4}, ("greedy",), 40),
        ({"n": 3, "players": 3, "win_rule": "own"}, ("greedy",), 40),
        ({"n": 2, "players": 6}, ("greedy",), 60),  # shared draws happen here
        ({"n": 3, "jump_own": False, "target_lock": False}, ("greedy", "random"), 20),
        ({"n": 5, "players": 4, "first_seat": 2}, ("greedy",), 10),
        ({"n": 2, "max_rounds": 30}, ("random",), 20),  # unfinished games
        ({"n": 3, "players": 3}, ("lookahead", "greedy", "random"), 20),
    ],
)
def test_fast_games_replay_as_records_through_the_python_engine(
    options: dict[str, object], agents: tuple[str, ...], games: int
) -> None:
    rules = HalmaRules.model_validate(options)
    seats = tuple(agents[s % len(agents)] for s in range(rules.players))
    table, records = HalmaFastLane(rules, seats).play(7, range(games), header(rules))
    assert records is not None and len(records) == len(table) == games
    results = set()
    for index, (stats, record) in enumerate(zip(table, records, strict=True)):
        assert record is not None
        assert record[0]["game_index"] == index == stats.index
        assert check_record(record) == stats.outcome
        assert stats.moves == len(record) - 2
        assert stats.decisions <= stats.moves <= stats.branching_total
        results.add(stats.outcome.result)
    if rules.max_rounds == 30:
        assert "unfinished" in results
    if rules.players == 6:
        assert {"win", "draw"} <= results


def test_record_from_log_refuses_a_move_the_python_engine_refuses() -> None:
    import numpy as np

    game = make_game(HalmaRules(n=2))
    start = start_pegs(game.rules)[0][0]
    log = np.array([[start, start]], np.int32)
    with pytest.raises(RuntimeError, match="refuses"):
        record_from_log(game, header(game.rules), 0, log, Outcome("win", (0,), 1))


def test_games_depend_on_seed_and_index_only() -> None:
    lane = HalmaFastLane(HalmaRules(n=4), ("greedy", "greedy"))
    whole = list(lane.play(3, range(12))[0])
    split = list(lane.play(3, range(6, 12))[0])
    assert whole[6:] == split
    assert [s.index for s in split] == list(range(6, 12))
    other = list(lane.play(4, range(12))[0])
    assert other != whole
    assert list(lane.play(3, [9, 2])[0]) == [whole[9], whole[2]]


def per_game(stats: Sequence[GameStats], players: int) -> dict[str, list[float]]:
    """Per-game values whose means are the check's metrics."""
    out: dict[str, list[float]] = {
        "moves": [s.moves for s in stats],
        "branching": [s.branching_total / s.moves for s in stats],
        "completion": [s.outcome.result in ("win", "draw") for s in stats],
    }
    for seat in range(players):
        out[f"seat{seat}"] = [
            s.outcome.result == "win" and seat in s.outcome.winners for s in stats
        ]
    return out


def interval(values: Sequence[float]) -> tuple[float, float]:
    """95 % interval of the mean."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.pstdev(values) / math.sqrt(len(values))
    return mean - half, mean + half


@pytest.mark.parametrize(("n", "players", "games"), [(4, 2, 400), (3, 3, 300)])
def test_greedy_metrics_agree_within_95_percent_intervals(n: int, players: int, games: int) -> None:
    rules = HalmaRules(n=n, players=players)
    game = make_game(rules)
    python = [play_game(game, [GREEDY], 11, i)[0] for i in range(games)]
    fast = list(HalmaFastLane(rules, ("greedy",) * players).play(11, range(games))[0])
    ours, theirs = per_game(fast, players), per_game(python, players)
    for key in ours:
        low_a, high_a = interval(ours[key])
        low_b, high_b = interval(theirs[key])
        assert low_a <= high_b and low_b <= high_a, (key, (low_a, high_a), (low_b, high_b))


def test_lookahead_metrics_agree_within_95_percent_intervals() -> None:
    rules = HalmaRules(n=3)
    game = make_game(rules)
    python = [play_game(game, [LOOKAHEAD], 3, i)[0] for i in range(100)]
    fast = list(HalmaFastLane(rules, ("lookahead",) * 2).play(3, range(400))[0])
    ours, theirs = per_game(fast, 2), per_game(python, 2)
    for key in ours:
        low_a, high_a = interval(ours[key])
        low_b, high_b = interval(theirs[key])
        assert low_a <= high_b and low_b <= high_a, (key, (low_a, high_a), (low_b, high_b))


def test_lookahead_beats_greedy_from_either_seat() -> None:
    rules = HalmaRules(n=4)
    for seats, seat in ((("lookahead", "greedy"), 0), (("greedy", "lookahead"), 1)):
        played = list(HalmaFastLane(rules, seats).play(1, range(200))[0])
        assert sum(seat in s.outcome.winners for s in played) > 100


def test_random_agent_matches_the_python_random_agent_in_distribution() -> None:
    rules = HalmaRules(n=2, max_rounds=40)
    game = make_game(rules)
    python = [play_game(game, [RANDOM], 5, i)[0] for i in range(300)]
    fast = list(HalmaFastLane(rules, ("random", "random")).play(5, range(300))[0])
    ours, theirs = per_game(fast, 2), per_game(python, 2)
    for key in ("moves", "branching", "completion"):
        low_a, high_a = interval(ours[key])
        low_b, high_b = interval(theirs[key])
        assert low_a <= high_b and low_b <= high_a, key


def test_greedy_choices_are_the_python_greedy_agents_best_moves() -> None:
    """On positions along random games, with a random previous move, the fast greedy agent
    plays one of the Python agent's best moves, and every one of them under some seed."""
    ensure_compiled()
    rng = random.Random(8)
    compared = 0
    for n, players in ((4, 2), (3, 3), (5, 6), (2, 2)):
        rules = HalmaRules(n=n, players=players, max_rounds=80)
        game = make_game(rules)
        t = fast_tables(rules)
        state = game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            masks = state.move_masks()
            moves = sorted((s, to) for s, dest in masks.items() for to in holes_of(dest))
            if moves:
                agent = GreedyAgent(game, seat, random.Random(0))
                for use_origin in (True, False):
                    origin = agent.compass.origin if use_origin else agent.compass.arrive
                    agent.last = (-1, -1)
                    if rng.random() < 0.6:  # make a best move the undo of the previous one
                        undo = rng.choice(agent.best(masks, origin, -99))
                        agent.last = (undo[1], undo[0])
                    ties = agent.best(masks, origin, 1) or agent.best(masks, origin, -99)
                    best = set(ties) or {(agent.last[1], agent.last[0])}
                    picks = {
                        greedy_probe(t, seed, moves, seat, agent.last, use_origin)
                        for seed in range(12)
                    }
                    assert picks <= best
                    if len(best) <= 2:
                        assert picks == best
                    compared += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert compared > 300


def test_random_variants_replay_through_the_python_engine() -> None:
    """Seatings, targets (shared or odd ones included), first seats, both win rules, lock and
    jump_own on or off, short round limits, mixed agents: every record replays legally."""
    rng = random.Random(3)
    results = set()
    for k in range(40):
        players = rng.randint(2, 6)
        rules = HalmaRules(
            n=rng.randint(2, 7),
            players=players,
            seating=tuple(rng.sample(range(6), players)) if rng.random() < 0.5 else None,
            targets=tuple(rng.randrange(6) for _ in range(players)) if rng.random() < 0.3 else None,
            first_seat=rng.randrange(players),
            target_lock=rng.random() < 0.5,
            jump_own=rng.random() < 0.5,
            win_rule=rng.choice(["filled", "own"]),
            max_rounds=rng.randint(1, 40),
        )
        agents = tuple(rng.choice(["random", "greedy", "lookahead"]) for _ in range(players))
        table, records = HalmaFastLane(rules, agents).play(k, range(2), header(rules))
        assert records is not None
        for stats, record in zip(table, records, strict=True):
            assert check_record(record) == stats.outcome
            results.add(stats.outcome.result)
    assert {"win", "unfinished"} <= results


def test_kernel_constants_are_the_agents() -> None:
    """numba bakes module constants into the cached code, so the kernels keep their own copies
    of the agents' numbers (numba's cache only notices edits of the kernels' file)."""
    from plywright.plugins.halma import agents
    from plywright.plugins.halma.fast import kernels

    for name in ("PROGRESS", "UNDO", "STRAGGLER_SHARE", "LOOKAHEAD_DISCOUNT"):
        assert getattr(kernels, name) == getattr(agents, name), name


@pytest.mark.parametrize(
    ("options", "agents"),
    [
        ({"n": 4}, ("greedy", "greedy")),
        ({"n": 3, "players": 3, "max_rounds": 12}, ("random",)),
        ({"n": 4, "max_rounds": 300}, ("random",)),  # games longer than the first buffer
    ],
)
def test_the_branching_profile_sums_what_the_games_counted(
    options: dict[str, object], agents: tuple[str, ...]
) -> None:
    rules = HalmaRules.model_validate(options)
    seats = tuple(agents[s % len(agents)] for s in range(rules.players))
    lane = HalmaFastLane(rules, seats)
    table, _ = lane.play(5, range(100), profile=True)
    profile = table.profile
    assert profile is not None and lane.play(5, range(3))[0].profile is None
    assert int(profile.sums.sum()) == int(table.branching_total.sum())
    assert int(profile.games.sum()) == int(table.moves.sum())
    assert len(profile.games) == int(table.moves.max())
    reached = [int((table.moves > move).sum()) for move in range(len(profile.games))]
    assert profile.games.tolist() == reached
    # the first move of every game is made from the start position, by the first seat
    python = make_game(rules).new_initial_state()
    assert profile.sums[0] == 100 * len(python.legal_actions())


def test_a_check_report_plays_on_the_fast_lane_with_its_branching_plot(
    registry: Registry,
) -> None:
    from plywright.simulate.runner import run_check
    from plywright.simulate.table import GameTable
    from plywright.variant import parse_variant

    variant = parse_variant({"game": "halma", "preset": "standard"}, registry)
    fast: list[GameTable] = []
    report = run_check(
        registry, variant, probes="none", games=400, jobs=2, profile=True, stats_out=fast
    )
    assert report["engine"] == "halma-numba"
    python: list[GameTable] = []
    run_check(
        registry,
        variant,
        probes="none",
        games=100,
        jobs=1,
        profile=True,
        stats_out=python,
        engine="python",
    )
    (fast_profile,), (python_profile,) = [[t.profile for t in tables] for tables in (fast, python)]
    assert fast_profile is not None and python_profile is not None
    moves, means = fast_profile.means()
    _, reference = python_profile.means()
    assert moves[0] == 1 and means[0] == reference[0]  # the start position: the same moves
    early = min(40, len(means), len(reference))
    assert statistics.fmean(means[:early]) == pytest.approx(
        statistics.fmean(reference[:early]), rel=0.05
    )


def test_best_gain_and_its_path_are_a_move_of_gen_moves() -> None:
    """``best_gain`` finds the most gain among the moves ``gen_moves`` lists (and a move that
    gains it); ``mark_path`` marks a way of that move that another seat's move leaves legal
    unless it lands on a marked landing or leaves a marked jumped hole."""
    ensure_compiled()
    k = kernels()
    rng = random.Random(31)
    kept = broken = 0
    for _ in range(400):
        rules = HalmaRules(
            n=rng.randint(2, 6),
            players=rng.randint(2, 6),
            jump_own=rng.random() < 0.5,
            target_lock=rng.random() < 0.7,
        )
        t = fast_tables(rules)
        pegs = random_position(rules, rng)
        seat = rng.randrange(rules.players)
        board, pos, _, npegs = t.position(pegs)
        visit = np.zeros((7, 2 * t.size + 2), np.int64)
        stamp = np.zeros(2, np.int64)
        stack = np.empty(t.size, np.int32)
        moves = python_moves(rules, pegs, seat)
        found, gain, a, b = k.best_gain(
            board, pos, npegs, seat, *t.move_args(), t.cost, visit, stamp, stack
        )
        assert found == bool(moves)
        if not moves:
            continue
        gains = {m: int(t.cost[seat, m[0]] - t.cost[seat, m[1]]) for m in moves}
        assert gain == max(gains.values()) and gains.get((a, b)) == gain, (rules, pegs, seat)
        mark = np.zeros((3, t.size), np.int64)
        parent = np.zeros((2, t.size), np.int32)
        k.mark_path(board, a, b, seat, *t.move_args(), mark, 1, parent, stack)
        assert mark[0, b] == 1 and all(board[h] < 0 for h in np.flatnonzero(mark[0] == 1))
        assert all(board[h] >= 0 for h in np.flatnonzero(mark[1] == 1))
        others = [s for s in range(rules.players) if s != seat]
        for other in rng.sample(others, min(2, len(others))):
            for f, to in rng.sample(sorted(python_moves(rules, pegs, other)) or [(-1, -1)], 1):
                if f < 0:
                    continue
                after = [list(p) for p in pegs]
                after[other][after[other].index(f)] = to
                legal = (a, b) in python_moves(rules, after, seat)
                if mark[0, to] != 1 and mark[1, f] != 1:
                    assert legal, (rules, pegs, seat, (a, b), (f, to))
                    kept += 1
                else:
                    broken += 1
    assert kept > 200 and broken > 5  # both cases came up
