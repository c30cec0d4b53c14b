"""Confidence intervals, the seat-fairness test and the verdict that uses them."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import binomtest

from plywright.api import CheckOptions
from plywright.simulate.stats import balance_range, seat_fairness, wilson, z_value
from plywright.simulate.verdict import balance_note, judge


@pytest.mark.parametrize(
    ("successes", "trials", "expected"),
    [
        (0, 10, (0.0, 0.277533)),
        (5, 10, (0.236590, 0.763410)),
        (10, 10, (0.722467, 1.0)),
    ],
)
def test_wilson_known_values(successes: int, trials: int, expected: tuple[float, float]) -> None:
    low, high = wilson(successes, trials)
    assert low == pytest.approx(expected[0], abs=1e-5)
    assert high == pytest.approx(expected[1], abs=1e-5)


@given(st.integers(1, 2000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_agrees_with_scipy(case: tuple[int, int]) -> None:
    successes, trials = case
    reference = binomtest(successes, trials).proportion_ci(0.95, method="wilson")
    low, high = wilson(successes, trials)
    assert low == pytest.approx(reference.low, abs=1e-9)
    assert high == pytest.approx(reference.high, abs=1e-9)
    assert low <= successes / trials <= high


def test_wilson_level_and_edges() -> None:
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)
    narrow, wide = wilson(30, 100, 0.8), wilson(30, 100, 0.99)
    assert wide[0] < narrow[0] < 0.3 < narrow[1] < wide[1]
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_seat_fairness_known_values() -> None:
    lopsided = seat_fairness([30, 10])
    assert lopsided.statistic == pytest.approx(10.0)
    assert lopsided.dof == 1
    assert lopsided.p_value == pytest.approx(0.0015654, rel=1e-4)
    three = seat_fairness([10, 10, 40])
    assert three.statistic == pytest.approx(30.0)
    assert three.p_value == pytest.approx(math.exp(-15), rel=1e-9)  # 2 dof: exp(-x/2)
    equal = seat_fairness([25, 25, 25, 25])
    assert (equal.statistic, equal.dof, equal.p_value) == (0.0, 3, 1.0)
    assert seat_fairness([0, 0]).p_value == 1.0  # nobody won: nothing to test
    assert seat_fairness([7]).p_value == 1.0
    assert seat_fairness([30, 10]).as_json() == {
        "test": "chi-square",
        "statistic": 10.0,
        "dof": 1,
        "p_value": 0.00156540,
        "wins": [30, 10],
    }


def test_balance_range_spans_what_the_intervals_allow() -> None:
    low, high = balance_range([(0.4, 0.6), (0.3, 0.5)])
    assert low == pytest.approx(1 - (0.6 - 0.3))
    assert high == 1.0  # the intervals overlap: equal rates are possible
    low, high = balance_range([(0.7, 0.9), (0.05, 0.2)])
    assert (low, high) == (pytest.approx(1 - 0.85), pytest.approx(1 - 0.5))


def _metrics(balance: float, p_value: float) -> dict[str, object]:
    return {
        "completion": 1.0,
        "timeouts": 0.0,
        "stalemates": 0.0,
        "drawishness": 0.0,
        "balance": balance,
        "seat_fairness": {"p_value": p_value},
    }


def test_low_balance_fails_only_when_the_fairness_test_rejects_equal_seats() -> None:
    limits = CheckOptions(min_balance=0.5, fairness_alpha=0.05)
    playable, reasons = judge([], _metrics(0.4, 0.2), limits)
    assert playable and not reasons
    note = balance_note(_metrics(0.4, 0.2), limits)
    assert note is not None and "p = 0.2" in note
    playable, reasons = judge([], _metrics(0.4, 0.001), limits)
    assert not playable
    assert reasons == ["balance 0.400 < min_balance 0.5 (seat fairness p = 0.001 < 0.05)"]
    assert balance_note(_metrics(0.4, 0.001), limits) is None
    # fairness_alpha = 1: the estimate alone decides
    estimate_only = CheckOptions(min_balance=0.5, fairness_alpha=1.0)
    assert judge([], _metrics(0.4, 0.2), estimate_only) == (
        False,
        ["balance 0.400 < min_balance 0.5"],
    )
    assert judge([], _metrics(0.6, 0.0001), limits) == (True, [])


def test_the_opening_side_is_judged_like_the_seats() -> None:
    """Kubb draws the starting team: equal seats can hide a first-team advantage."""
    limits = CheckOptions(min_balance=0.5, fairness_alpha=0.05)
    metrics = {**_metrics(0.98, 0.8), "opener": {"balance": 0.4, "p_value": 1e-9}}
    assert judge([], metrics, limits) == (
        False,
        ["opener balance 0.400 < min_balance 0.5 (opener fairness p = 1e-09 < 0.05)"],
    )
    unsure = {**_metrics(0.98, 0.8), "opener": {"balance": 0.4, "p_value": 0.3}}
    assert judge([], unsure, limits) == (True, [])
    note = balance_note(unsure, limits)
    assert note is not None and note.startswith("opener balance 0.400 is below min_balance")
    assert judge([], {**_metrics(0.98, 0.8), "opener": {"balance": 0.7, "p_value": 0.0}}, limits)[0]


def test_fairest_sweep_point_counts_the_opener_balance() -> None:
    from plywright.sweep.run import fairest

    def report(balance: float, opener: float | None) -> dict[str, object]:
        metrics: dict[str, object] = {"balance": balance, "seat_fairness": {"p_value": 0.5}}
        if opener is not None:
            metrics["opener"] = {"balance": opener, "p_value": 0.5}
        return {"verdict": "playable", "metrics": metrics}

    assert fairest([report(0.99, 0.6), report(0.95, 0.9), report(0.97, 0.7)]) == 1
    assert fairest([report(0.9, None), report(0.95, None)]) == 1


def test_sides_get_the_exact_binomial_test() -> None:
    from plywright.simulate.stats import sides_p_value

    assert sides_p_value(4, 0) == 0.125  # four games, all to the opener: no evidence yet
    assert sides_p_value(3, 3) == 1.0 and sides_p_value(0, 0) == 1.0
    exact = 2 * sum(math.comb(100, k) for k in range(40)) / 2**100
    assert sides_p_value(61, 39) == pytest.approx(exact, rel=1e-5)
    assert sides_p_value(39, 61) == sides_p_value(61, 39)
