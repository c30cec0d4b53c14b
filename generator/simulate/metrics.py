"""Playability metrics over many simulated games (names after Ludii's evaluation metrics).

- ``completion``: share of games that end in a win or a draw.
- ``balance``: ``1 - (max - min)`` of the seats' win rates (1 = every seat wins equally often).
- ``drawishness``: share of shared draws.
- ``timeouts``: share of games cut off by the length bound (reported as *unfinished*).
- ``stalemates``: share of games where nobody could move (or material ran out without a winner).
- ``duration_mean`` / ``duration_sd``: game length in player moves (chance excluded).
- ``branching_mean``: mean number of legal actions per decision.
- ``decision_moves``: share of moves that had more than one legal action.
- ``seat_win_rates``: per seat, the share of games that seat won outright.
- ``intervals``: Wilson intervals (``[low, high]``, at the ``[check] confidence``, 95 % by
  default) of ``completion``, ``drawishness``, ``timeouts``, ``stalemates`` and of every seat
  win rate (``seat_win_rates``: one pair per seat); ``balance``: the least and greatest balance
  the seat intervals allow.
- ``seat_fairness``: chi-square test of the seats' outright wins against equal seats
  (``statistic``, ``dof``, ``p_value``, ``wins``); a small p-value means unequal seats.
- ``opener`` (games with ``GameDefinition.opener_metric``): of the games someone won, how many
  the side that began won and how many the other (``wins``), the opener's ``share`` with its
  ``interval``, ``balance`` (``1 - |2·share - 1|``, as the seats' balance of two seats) with
  the range that interval allows (``balance_interval``), and the ``p_value`` of the exact
  binomial test of equal sides.
- ``game``: the engine's own per-game numbers (``State.game_metrics()``), each averaged over
  the games (a 0/1 flag becomes a rate); absent for engines without them. Their intervals
  (``intervals.game``, and ``intervals.duration_mean`` for the game length): a Wilson interval
  when every game's value is 0 or 1, else the normal interval of the mean
  (``mean ± z·s/√n``, ``s`` the sample standard deviation; a single game gives ``[mean,
  mean]``). A game's pooled ratios (``GameDefinition.pooled_metrics``) join ``game``: the sum of
  a numerator over the sum of a denominator, its interval by the delta method.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from plywright.simulate.playout import GameStats
from plywright.simulate.report_types import CoreMetrics, Intervals, Opener
from plywright.simulate.stats import (
    balance_range,
    seat_fairness,
    sides_p_value,
    wilson,
    z_value,
)
from plywright.simulate.table import RESULT_CODE, GameTable

if TYPE_CHECKING:
    import numpy.typing as npt


def _share(count: int, total: int) -> float:
    return round(count / total, 6) if total else 0.0


def _interval(count: int, total: int, confidence: float) -> list[float]:
    low, high = wilson(count, total, confidence)
    return [round(low, 6), round(high, 6)]


def compute_metrics(
    stats: GameTable | Iterable[GameStats],
    num_players: int,
    confidence: float = 0.95,
    pooled: Mapping[str, tuple[str, str]] | None = None,
    opener: str | None = None,
) -> CoreMetrics:
    """The metrics table of a check report, intervals at ``confidence`` (sums over the
    table's columns: no work per game); ``pooled``: the game's ratios over all games
    (:attr:`plywright.api.GameDefinition.pooled_metrics`); ``opener``: the game metric that
    says the starting side won (:attr:`plywright.api.GameDefinition.opener_metric`)."""
    table = GameTable.of(stats)
    games = len(table)
    counts = {
        "completion": table.count("win", "draw"),
        "drawishness": table.count("draw"),
        "timeouts": table.count("unfinished"),
        "stalemates": table.count("stalemate", "nowinner"),
    }
    wins = table.outright_wins(num_players)
    rates = [_share(w, games) for w in wins]
    decisions = int(table.moves.sum())
    mean, sd = _mean_and_sd(table)
    seats = [_interval(w, games, confidence) for w in wins]
    intervals: Intervals = {
        "completion": _interval(counts["completion"], games, confidence),
        "drawishness": _interval(counts["drawishness"], games, confidence),
        "timeouts": _interval(counts["timeouts"], games, confidence),
        "stalemates": _interval(counts["stalemates"], games, confidence),
        "balance": [round(b, 6) for b in balance_range([(lo, hi) for lo, hi in seats])],
        "seat_win_rates": seats,
        "duration_mean": mean_interval(table.moves, confidence),
    }
    metrics: CoreMetrics = {
        "completion": _share(counts["completion"], games),
        "balance": round(1 - (max(rates) - min(rates)), 6) if rates else 0.0,
        "drawishness": _share(counts["drawishness"], games),
        "timeouts": _share(counts["timeouts"], games),
        "stalemates": _share(counts["stalemates"], games),
        "duration_mean": round(mean, 4),
        "duration_sd": round(sd, 4),
        "branching_mean": round(int(table.branching_total.sum()) / decisions, 4)
        if decisions
        else 0.0,
        "decision_moves": _share(int(table.decisions.sum()), decisions),
        "seat_win_rates": rates,
        "intervals": intervals,
        "seat_fairness": seat_fairness(wins).as_json(),
    }
    if opener is not None and opener in table.game_metrics:
        metrics["opener"] = opener_metrics(table, opener, confidence)
    own = game_metric_means(table)
    bounds = {
        key: mean_interval(column, confidence) for key, column in sorted(table.game_metrics.items())
    }
    for name, (numerator, denominator) in (pooled or {}).items():
        if numerator in table.game_metrics and denominator in table.game_metrics:
            ratio, interval = ratio_and_interval(
                table.game_metrics[numerator], table.game_metrics[denominator], confidence
            )
            own[name], bounds[name] = ratio, interval
    if own:
        metrics["game"] = dict(sorted(own.items()))
        intervals["game"] = dict(sorted(bounds.items()))
    return metrics


def opener_metrics(table: GameTable, metric: str, confidence: float) -> Opener:
    """The ``opener`` block: the starting side's share of the won games (see the module)."""
    won = table.result == RESULT_CODE["win"]
    opener_wins = int(np.count_nonzero(table.game_metrics[metric][won]))
    other_wins = int(np.count_nonzero(won)) - opener_wins
    decided = opener_wins + other_wins
    share = opener_wins / decided if decided else 0.5
    low, high = _interval(opener_wins, decided, confidence)
    ends = [1 - abs(2 * low - 1), 1 - abs(2 * high - 1)]
    return {
        "metric": metric,
        "wins": [opener_wins, other_wins],
        "share": round(share, 6),
        "interval": [low, high],
        "balance": round(1 - abs(2 * share - 1), 6),
        "balance_interval": [
            round(min(ends), 6),
            1.0 if low <= 0.5 <= high else round(max(ends), 6),
        ],
        "p_value": sides_p_value(opener_wins, other_wins),
    }


def ratio_and_interval(
    numerators: npt.NDArray[Any], denominators: npt.NDArray[Any], confidence: float
) -> tuple[float, list[float]]:
    """``Σ numerators / Σ denominators`` and its interval by the delta method (games as
    clusters: ``z·s_e / (√n · mean denominator)``, ``e = numerator - ratio·denominator``)."""
    games = len(numerators)
    total = math.fsum(denominators.tolist())
    if not games or total == 0:
        return 0.0, [0.0, 0.0]
    ratio = math.fsum(numerators.tolist()) / total
    if games < 2:
        return round(ratio, 6), [round(ratio, 6), round(ratio, 6)]
    residuals = numerators - ratio * denominators
    spread = math.sqrt(float(np.dot(residuals, residuals)) / (games - 1))
    half = z_value(confidence) * spread / (math.sqrt(games) * (total / games))
    return round(ratio, 6), [round(ratio - half, 6), round(ratio + half, 6)]


def mean_interval(values: npt.NDArray[Any], confidence: float) -> list[float]:
    """The interval of the mean of ``values``: Wilson for 0/1 flags, else ``mean ± z·s/√n``."""
    games = len(values)
    if not games:
        return [0.0, 1.0]
    if np.all((values == 0) | (values == 1)):
        return _interval(int(np.count_nonzero(values)), games, confidence)
    column = values.astype(np.float64)
    mean = math.fsum(column.tolist()) / games
    if games < 2:
        return [round(mean, 6), round(mean, 6)]
    half = z_value(confidence) * float(np.std(column, ddof=1)) / math.sqrt(games)
    return [round(mean - half, 6), round(mean + half, 6)]


def _mean_and_sd(table: GameTable) -> tuple[float, float]:
    """Mean and population standard deviation of the game lengths, from exact integer sums."""
    games = len(table)
    if not games:
        return 0.0, 0.0
    moves = table.moves.astype(object)  # Python integers: squares never overflow
    total, squares = int(moves.sum()), int((moves * moves).sum())
    variance = Fraction(games * squares - total * total, games * games)
    return total / games, math.sqrt(variance)


def game_metric_means(table: GameTable) -> dict[str, float]:
    """The mean of every engine-specific per-game number, keys sorted."""
    games = len(table)
    return {
        key: round(math.fsum(column.tolist()) / games, 6)
        for key, column in sorted(table.game_metrics.items())
    }
