"""Confidence intervals and the seat-fairness test of a check.

- :func:`wilson`: the Wilson score interval of a binomial share (better than the normal
  approximation near 0 and 1 and for few games).
- :func:`seat_fairness`: Pearson's chi-square test of the seats' outright wins against equal
  seats (every seat expected to win the same number of the decided games).
- :func:`sides_p_value`: the exact binomial test of two equal sides (the opening side of a
  game that draws who starts, against the other).
- :func:`balance_range`: the balance (``1 - spread`` of the seat win rates) that the seats'
  intervals allow, for error bars.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from plywright.simulate.report_types import SeatFairness


def z_value(confidence: float) -> float:
    """The two-sided normal quantile of ``confidence`` (1.959964 for 0.95)."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must lie strictly between 0 and 1, got {confidence}")
    return NormalDist().inv_cdf(1 - (1 - confidence) / 2)


def wilson(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` of ``successes / trials``; ``(0, 1)`` for
    no trials."""
    if not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    z = z_value(confidence)
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class FairnessTest:
    """Chi-square test of equal seats over the games some seat won."""

    statistic: float
    dof: int
    p_value: float
    """1.0 when there is nothing to test (one seat, or no game won outright)."""
    wins: tuple[int, ...]

    def as_json(self) -> SeatFairness:
        return {
            "test": "chi-square",
            "statistic": round(self.statistic, 6),
            "dof": self.dof,
            "p_value": _round_p(self.p_value),
            "wins": list(self.wins),
        }


def _round_p(p: float) -> float:
    """Six significant digits: tiny p-values keep their size instead of becoming 0."""
    return float(f"{p:.6g}")


def seat_fairness(wins: Sequence[int]) -> FairnessTest:
    """Pearson's chi-square of the seats' win counts against equal expected counts."""
    seats = len(wins)
    total = sum(wins)
    if seats < 2 or total == 0:
        return FairnessTest(0.0, max(0, seats - 1), 1.0, tuple(wins))
    from scipy.special import chdtrc  # the chi-square survival function; imported here:
    # the CLI starts faster without it (and scipy.special loads in half the time of scipy.stats)

    expected = total / seats
    statistic = sum((w - expected) ** 2 / expected for w in wins)
    dof = seats - 1
    return FairnessTest(statistic, dof, float(chdtrc(dof, statistic)), tuple(wins))


def sides_p_value(first: int, second: int) -> float:
    """Two-sided exact binomial test of two equal sides (a first-mover against the other),
    from their win counts: right for a handful of games, where chi-square is not."""
    total = first + second
    if total == 0:
        return 1.0
    from scipy.special import bdtr  # the binomial distribution function (see seat_fairness)

    tail = float(bdtr(min(first, second), total, 0.5))
    return _round_p(min(1.0, 2 * tail))


def balance_range(intervals: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """The least and greatest balance (``1 - (max - min)`` of the seat win rates) that rates
    inside every seat's interval allow."""
    if not intervals:
        return 0.0, 1.0
    lows = [low for low, _ in intervals]
    highs = [high for _, high in intervals]
    widest = max(highs) - min(lows)
    narrowest = max(0.0, max(lows) - min(highs))
    return max(0.0, 1 - widest), 1 - narrowest
