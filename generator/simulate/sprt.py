"""Wald's sequential probability ratio test (SPRT) of a Bernoulli rate: the probes' test.

``H0: p = p0`` against ``H1: p = p1``. Observations are scanned in game-index order; after
each, the log likelihood ratio ``L = Σ log(f1(x) / f0(x))`` is compared with Wald's bounds
``log((1 - β) / α)`` (above: ``h1``) and ``log(β / (1 - α))`` (below: ``h0``); the first
crossing decides, and what follows it is not looked at. Where neither bound is crossed the
test is **undecided** (``None``): more games are needed.

Valid under optional stopping: under ``H0`` the likelihood ratio is a non-negative
martingale, so by Ville's inequality it ever reaches ``(1 - β) / α`` with probability at most
``α / (1 - β)``, however and whenever one looks or stops (likewise under ``H1`` for ``β``).
Looking only after each batch, or stopping at a budget, can only lower both errors. Because
the decision is the first crossing along a fixed sequence of seeded games, two runs that
play more or fewer games of the same matchup decide the same wherever both decide: only a
run that stops earlier can be undecided where the other decided.

Rates are held within ``[FLOOR, 1 - FLOOR]`` (a reference estimated at 0 % or 100 % would
let one game decide).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

FLOOR = 0.05
"""The least (and one minus the greatest) rate a hypothesis may state."""

Decision = Literal["h0", "h1"]


def clamp(rate: float) -> float:
    """``rate`` held within ``[FLOOR, 1 - FLOOR]``."""
    return min(1 - FLOOR, max(FLOOR, rate))


@dataclass(frozen=True)
class Outcome:
    """An SPRT's result: its decision (``None``: undecided), after how many observations it
    was reached (all of them when undecided), and the log likelihood ratio then."""

    decision: Decision | None
    used: int
    llr: float


@dataclass(frozen=True)
class Sprt:
    """``H0: p = p0`` against ``H1: p = p1`` at error rates ``alpha`` (deciding ``h1`` under
    ``H0``) and ``beta`` (deciding ``h0`` under ``H1``); ``p0 != p1`` after clamping."""

    p0: float
    p1: float
    alpha: float
    beta: float

    def __post_init__(self) -> None:
        if not (0 < self.alpha < 1 and 0 < self.beta < 1):
            raise ValueError(f"error rates must lie in (0, 1), got {self.alpha}, {self.beta}")

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    def scan(self, observations: Iterable[bool]) -> Outcome:
        """The first crossing of either bound along ``observations`` (``True``: a success)."""
        p0, p1 = clamp(self.p0), clamp(self.p1)
        success, failure = math.log(p1 / p0), math.log((1 - p1) / (1 - p0))
        llr, used = 0.0, 0
        for seen in observations:
            used += 1
            llr += success if seen else failure
            if llr >= self.upper:
                return Outcome("h1", used, llr)
            if llr <= self.lower:
                return Outcome("h0", used, llr)
        return Outcome(None, used, llr)
