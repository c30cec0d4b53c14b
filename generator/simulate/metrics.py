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
- ``game``: the engine's own per-game numbers (``State.game_metrics()``), each averaged over
  the games (a 0/1 flag becomes a rate); absent for engines without them.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from generator.simulate.playout import GameStats


def _share(count: int, total: int) -> float:
    return round(count / total, 6) if total else 0.0


def compute_metrics(stats: Sequence[GameStats], num_players: int) -> dict[str, Any]:
    """The metrics table of a check report."""
    games = len(stats)
    results = [s.outcome.result for s in stats]
    wins = [0] * num_players
    for s in stats:
        if s.outcome.result == "win":
            for seat in s.outcome.winners:
                wins[seat] += 1
    rates = [_share(w, games) for w in wins]
    durations = [s.moves for s in stats]
    decisions = sum(s.moves for s in stats)
    metrics: dict[str, Any] = {
        "completion": _share(sum(r in ("win", "draw") for r in results), games),
        "balance": round(1 - (max(rates) - min(rates)), 6) if rates else 0.0,
        "drawishness": _share(results.count("draw"), games),
        "timeouts": _share(results.count("unfinished"), games),
        "stalemates": _share(sum(r in ("stalemate", "nowinner") for r in results), games),
        "duration_mean": round(statistics.fmean(durations), 4) if durations else 0.0,
        "duration_sd": round(statistics.pstdev(durations), 4) if durations else 0.0,
        "branching_mean": round(sum(s.branching_total for s in stats) / decisions, 4)
        if decisions
        else 0.0,
        "decision_moves": _share(sum(s.decisions for s in stats), decisions),
        "seat_win_rates": rates,
    }
    own = game_metric_means(stats)
    if own:
        metrics["game"] = own
    return metrics


def game_metric_means(stats: Sequence[GameStats]) -> dict[str, float]:
    """The mean of every engine-specific per-game number, keys sorted."""
    keys = sorted({key for s in stats for key in s.game_metrics})
    return {
        key: round(statistics.fmean(s.game_metrics.get(key, 0.0) for s in stats), 6) for key in keys
    }
