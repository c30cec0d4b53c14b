"""The columnar game table: rows survive the trip through columns and processes, chunks join
in game order, and the metrics computed from columns equal the per-game definitions."""

from __future__ import annotations

import itertools
import math
import pickle
import random
import statistics

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plywright.engine import Outcome
from plywright.simulate.metrics import compute_metrics, mean_interval, ratio_and_interval
from plywright.simulate.playout import GameStats
from plywright.simulate.stats import wilson, z_value
from plywright.simulate.table import RESULTS, BranchingProfile, GameTable, winners_mask

PLAYERS = 4


@st.composite
def game_stats(draw: st.DrawFn, index: int) -> GameStats:
    result = draw(st.sampled_from(RESULTS))
    winners: tuple[int, ...] = ()
    if result == "win":
        winners = (draw(st.integers(0, PLAYERS - 1)),)
    elif result == "draw":
        winners = tuple(sorted(draw(st.sets(st.integers(0, PLAYERS - 1), max_size=PLAYERS))))
    moves = draw(st.integers(0, 5_000))
    decisions = draw(st.integers(0, moves))
    own = draw(st.dictionaries(st.sampled_from(["cards", "turns"]), st.floats(0, 100)))
    return GameStats(
        index=index,
        outcome=Outcome(result, winners, draw(st.integers(0, 1_000))),
        moves=moves,
        branching_total=moves * draw(st.integers(1, 30)),
        decisions=decisions,
        hit_length_bound=result == "unfinished" and draw(st.booleans()),
        game_metrics=own,
    )


@st.composite
def games(draw: st.DrawFn) -> list[GameStats]:
    count = draw(st.integers(1, 40))
    return [draw(game_stats(index)) for index in range(count)]


def _filled(stats: list[GameStats]) -> list[GameStats]:
    """``stats`` as a table gives them back: every game has every engine key (0.0 if absent)."""
    keys = {key for s in stats for key in s.game_metrics}
    return [
        GameStats(
            s.index,
            s.outcome,
            s.moves,
            s.branching_total,
            s.decisions,
            s.hit_length_bound,
            {key: s.game_metrics.get(key, 0.0) for key in sorted(keys)},
        )
        for s in stats
    ]


@settings(max_examples=60, deadline=None)
@given(games())
def test_rows_survive_columns_and_pickling(stats: list[GameStats]) -> None:
    table = GameTable.of(stats)
    assert len(table) == len(stats)
    assert list(table) == _filled(stats)
    again = pickle.loads(pickle.dumps(table))
    assert list(again) == _filled(stats)


@settings(max_examples=60, deadline=None)
@given(games(), st.randoms(use_true_random=False))
def test_chunks_join_in_game_order_whatever_order_they_finish(
    stats: list[GameStats], rng: random.Random
) -> None:
    cuts = sorted({0, len(stats), *(rng.randrange(len(stats) + 1) for _ in range(3))})
    parts = [GameTable.of(stats[a:b]) for a, b in itertools.pairwise(cuts)]
    rng.shuffle(parts)
    joined = GameTable.concat(parts)
    assert [s.index for s in joined] == list(range(len(stats)))
    assert [(s.outcome, s.moves, s.decisions) for s in joined] == [
        (s.outcome, s.moves, s.decisions) for s in stats
    ]
    assert compute_metrics(joined, PLAYERS) == compute_metrics(stats, PLAYERS)


@settings(max_examples=80, deadline=None)
@given(games())
def test_column_metrics_equal_the_per_game_definitions(stats: list[GameStats]) -> None:
    metrics = compute_metrics(GameTable.of(stats), PLAYERS)
    n = len(stats)
    results = [s.outcome.result for s in stats]
    assert metrics["completion"] == round(sum(r in ("win", "draw") for r in results) / n, 6)
    assert metrics["drawishness"] == round(results.count("draw") / n, 6)
    assert metrics["timeouts"] == round(results.count("unfinished") / n, 6)
    assert metrics["stalemates"] == round(
        sum(r in ("stalemate", "nowinner") for r in results) / n, 6
    )
    wins = [
        sum(s.outcome.result == "win" and seat in s.outcome.winners for s in stats)
        for seat in range(PLAYERS)
    ]
    assert metrics["seat_fairness"]["wins"] == wins
    assert metrics["seat_win_rates"] == [round(w / n, 6) for w in wins]
    lengths = [s.moves for s in stats]
    assert metrics["duration_mean"] == round(statistics.fmean(lengths), 4)
    assert metrics["duration_sd"] == pytest.approx(round(statistics.pstdev(lengths), 4), abs=1e-4)
    total = sum(lengths)
    if total:
        branching = sum(s.branching_total for s in stats) / total
        assert metrics["branching_mean"] == round(branching, 4)
        assert metrics["decision_moves"] == round(sum(s.decisions for s in stats) / total, 6)
    keys = sorted({key for s in stats for key in s.game_metrics})
    expected = {k: round(math.fsum(s.game_metrics.get(k, 0.0) for s in stats) / n, 6) for k in keys}
    assert metrics.get("game", {}) == expected


def test_branching_profiles_of_chunks_add_up_to_the_profile_of_all_games() -> None:
    per_game = [(3, 2, 1), (5,), (), (4, 4, 4, 4), (1, 1)]
    whole = BranchingProfile.of(per_game)
    assert whole.sums.tolist() == [13, 7, 5, 4] and whole.games.tolist() == [4, 3, 2, 1]
    parts = BranchingProfile.total(
        [BranchingProfile.of(per_game[:2]), BranchingProfile.of(per_game[2:])]
    )
    assert (
        parts.sums.tolist() == whole.sums.tolist() and parts.games.tolist() == whole.games.tolist()
    )
    # means over the games still running, stopping where fewer than 3 games got to
    assert whole.means(least_games=3) == ([1, 2], [13 / 4, 7 / 3])
    assert whole.means(least_games=1) == ([1, 2, 3, 4], [13 / 4, 7 / 3, 5 / 2, 4.0])
    assert BranchingProfile.of([]).means() == ([], [])

    def table(indices: range) -> GameTable:
        stats = [GameStats(i, Outcome("win", (0,), 1), i, i, 0) for i in indices]
        return GameTable.of(stats, BranchingProfile.of((i,) * i for i in indices))

    joined = GameTable.concat([table(range(5, 8)), table(range(0, 5))])
    assert joined.profile is not None
    assert (
        joined.profile.sums.tolist()
        == BranchingProfile.of((i,) * i for i in range(8)).sums.tolist()
    )
    without = GameTable.of([GameStats(9, Outcome("draw"), 1, 1, 0)])
    assert GameTable.concat([joined, without]).profile is None


def test_winners_are_a_bitmask_of_seats() -> None:
    assert winners_mask((0, 2)) == 0b101
    assert winners_mask(()) == 0
    with pytest.raises(ValueError, match="seat 63"):
        winners_mask((63,))
    table = GameTable.of([GameStats(0, Outcome("draw", (1, 3), 2), 4, 4, 0)])
    assert int(table.winners[0]) == 0b1010
    assert table[0].outcome.winners == (1, 3)
    assert table.outright_wins(4) == [0, 0, 0, 0]


def test_columns_of_unequal_length_are_refused() -> None:
    with pytest.raises(ValueError, match="unequal"):
        GameTable.from_columns(
            index=[0, 1],
            result=[0],
            winners=[1, 1],
            rounds=[1, 1],
            moves=[1, 1],
            branching_total=[1, 1],
            decisions=[0, 0],
        )


def test_an_empty_table_has_empty_metrics() -> None:
    metrics = compute_metrics(GameTable.concat([]), 2)
    assert metrics["completion"] == 0.0 and metrics["duration_mean"] == 0.0
    assert metrics["seat_win_rates"] == [0.0, 0.0]
    assert np.asarray(GameTable.of([]).moves).dtype == np.int64


@settings(max_examples=80, deadline=None)
@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=1, max_size=60))
def test_the_interval_of_a_mean_holds_it_and_follows_the_normal_formula(
    values: list[float],
) -> None:
    low, high = mean_interval(np.array(values), 0.95)
    mean = math.fsum(values) / len(values)
    assert low - 1e-6 <= round(mean, 6) <= high + 1e-6
    if len(values) >= 2 and not all(v in (0.0, 1.0) for v in values):
        half = z_value(0.95) * statistics.stdev(values) / math.sqrt(len(values))
        assert high - low == pytest.approx(2 * half, abs=2e-6)


def test_flags_get_the_wilson_interval_and_one_game_no_width() -> None:
    flags = np.array([1, 0, 1, 1, 0, 1, 1, 1], np.float64)
    assert mean_interval(flags, 0.9) == [round(b, 6) for b in wilson(6, 8, 0.9)]
    assert mean_interval(np.array([7.5]), 0.95) == [7.5, 7.5]
    lengths = np.array([10, 20, 30, 40], np.int64)
    low, high = mean_interval(lengths, 0.95)
    assert (low + high) / 2 == pytest.approx(25) and high - low == pytest.approx(
        2 * 1.959964 * statistics.stdev([10, 20, 30, 40]) / 2, abs=1e-4
    )


def test_every_game_metric_and_the_length_carry_an_interval() -> None:
    stats = [
        GameStats(i, Outcome("win", (i % 2,), 3), 10 + i, 20 + i, 5, game_metrics=own)
        for i, own in enumerate([{"won_first": 1.0, "turns": 9.0}, {"won_first": 0.0}] * 20)
    ]
    metrics = compute_metrics(stats, 2, confidence=0.9)
    bounds = metrics["intervals"]["game"]
    assert set(bounds) == {"won_first", "turns"}
    assert bounds["won_first"] == [round(b, 6) for b in wilson(20, 40, 0.9)]
    low, high = bounds["turns"]  # 9 in half the games, 0 (absent) in the others
    assert low < metrics["game"]["turns"] == 4.5 < high
    low, high = metrics["intervals"]["duration_mean"]
    half = z_value(0.9) * statistics.stdev(range(10, 50)) / math.sqrt(40)
    assert [low, high] == pytest.approx([29.5 - half, 29.5 + half], abs=1e-6)


def test_a_pooled_ratio_weighs_every_event_alike() -> None:
    """Kubb's first-baton rate: field kubbs felled over field kubbs faced, summed over games;
    a short game with one kubb felled of one does not pull it to its own 100 %."""
    rows = [(1.0, 1.0), (4.0, 20.0), (6.0, 20.0), (0.0, 0.0)]
    stats = [
        GameStats(i, Outcome("win", (0,), 1), 5, 5, 5, game_metrics={"hit": h, "faced": f})
        for i, (h, f) in enumerate(rows)
    ]
    metrics = compute_metrics(stats, 2, pooled={"rate": ("hit", "faced"), "gone": ("x", "y")})
    assert metrics["game"]["rate"] == round(11 / 41, 6)
    low, high = metrics["intervals"]["game"]["rate"]
    assert low < 11 / 41 < high
    assert "gone" not in metrics["game"], "a ratio of numbers the engine lacks is left out"
    assert list(metrics["game"]) == sorted(metrics["game"])


def test_a_pooled_ratio_interval_covers_the_true_rate_about_as_often_as_promised() -> None:
    rng = np.random.default_rng(2026)
    covered = 0
    trials = 400
    for _ in range(trials):
        faced = rng.poisson(5, 150).astype(np.float64)
        hits = rng.binomial(faced.astype(np.int64), 0.4).astype(np.float64)
        ratio, (low, high) = ratio_and_interval(hits, faced, 0.9)
        assert ratio == round(hits.sum() / faced.sum(), 6)
        covered += low <= 0.4 <= high
    assert 0.86 <= covered / trials <= 0.94
    exact = np.array([2.0, 4.0, 6.0])
    assert ratio_and_interval(exact * 0.5, exact, 0.95) == (0.5, [0.5, 0.5])
    assert ratio_and_interval(np.zeros(3), np.zeros(3), 0.95) == (0.0, [0.0, 0.0])


def test_the_opener_block_counts_the_won_games_of_the_starting_side() -> None:
    rows = [("win", 1.0)] * 30 + [("win", 0.0)] * 10 + [("draw", 0.0)] * 5 + [("unfinished", 0.0)]
    stats = [
        GameStats(i, Outcome(result, (0,) if result == "win" else (), 1), 3, 3, 1,
                  game_metrics={"first_won": flag})
        for i, (result, flag) in enumerate(rows)
    ]  # fmt: skip
    metrics = compute_metrics(stats, 2, opener="first_won")
    opener = metrics["opener"]
    assert opener["wins"] == [30, 10] and opener["share"] == 0.75
    assert opener["balance"] == 0.5
    low, high = opener["interval"]
    assert opener["balance_interval"] == [round(2 - 2 * high, 6), round(2 - 2 * low, 6)]
    assert opener["balance_interval"][0] < 0.5 < opener["balance_interval"][1] < 1
    assert opener["interval"] == [round(b, 6) for b in wilson(30, 40)]
    exact = 2 * sum(math.comb(40, k) for k in range(11)) / 2**40  # 10 or fewer of 40
    assert opener["p_value"] == pytest.approx(exact, rel=1e-5)
    assert "opener" not in compute_metrics(stats, 2)
    assert "opener" not in compute_metrics(stats, 2, opener="missing")
