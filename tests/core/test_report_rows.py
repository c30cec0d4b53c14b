"""The rows of a check report (generator/report/rows.py): the one formatting of its numbers
that the terminal, the PDF/HTML report and the designer show, and the status of each row
(``fail`` exactly where the verdict gives a reason, ``warning`` where it notes)."""

from __future__ import annotations

import copy

import pytest

from plywright.api import CheckOptions
from plywright.report.rows import (
    check_tables,
    metric_rows,
    probe_rows,
    skill_rows,
    sweep_table,
)
from plywright.simulate.report_types import CheckReport, CoreMetrics
from plywright.simulate.verdict import balance_note, judge

METRICS: CoreMetrics = {
    "completion": 0.875,
    "balance": 0.75,
    "drawishness": 0.125,
    "timeouts": 0.125,
    "stalemates": 0.0,
    "duration_mean": 23.625,
    "duration_sd": 4.1231,
    "branching_mean": 7.5,
    "decision_moves": 0.9,
    "seat_win_rates": [0.5, 0.25],
    "intervals": {
        "completion": [0.529079, 0.977642],
        "drawishness": [0.022358, 0.470921],
        "timeouts": [0.022358, 0.470921],
        "stalemates": [0.0, 0.324405],
        "balance": [0.287, 1.0],
        "seat_win_rates": [[0.215212, 0.784788], [0.071498, 0.590682]],
        "duration_mean": [20.768, 26.482],
        "game": {"jumps": [1.5, 2.25]},
    },
    "seat_fairness": {
        "test": "chi-square",
        "statistic": 0.333333,
        "dof": 1,
        "p_value": 0.563703,
        "wins": [4, 2],
    },
    "game": {"jumps": 1.875},
}


def report_of(metrics: CoreMetrics) -> CheckReport:
    return {
        "verdict": "playable",
        "reasons": [],
        "notes": [],
        "probe_level": "none",
        "games": 8,
        "seed": 7,
        "agents": ["greedy"],
        "engine": "python",
        "confidence": 0.95,
        "metrics": {**metrics},
        "static_checks": [],
        "seconds": 1.25,
    }


def test_metric_rows_show_three_decimals_and_each_interval() -> None:
    cells = [row.cells for row in metric_rows(METRICS)]
    assert cells == [
        ("completion", "0.875", "0.529 – 0.978"),
        ("balance", "0.750", "0.287 – 1.000"),
        ("drawishness", "0.125", "0.022 – 0.471"),
        ("timeouts", "0.125", "0.022 – 0.471"),
        ("stalemates", "0.000", "0.000 – 0.324"),
        ("duration_mean", "23.625", "20.768 – 26.482"),
        ("duration_sd", "4.123", ""),
        ("branching_mean", "7.500", ""),
        ("decision_moves", "0.900", ""),
        ("seat 1 win rate", "0.500", "0.215 – 0.785"),
        ("seat 2 win rate", "0.250", "0.071 – 0.591"),
        ("seat fairness p-value", "0.564", "chi-square 0.33, 1 dof"),
        ("game.jumps", "1.875", "1.500 – 2.250"),
    ]


def test_shares_carry_a_bar_and_other_numbers_none() -> None:
    bars = {row.cells[0]: row.bar for row in metric_rows(METRICS)}
    assert bars["completion"] == 87.5 and bars["seat 2 win rate"] == 25.0
    assert bars["duration_mean"] is None and bars["game.jumps"] is None


def test_opener_rows() -> None:
    metrics = copy.deepcopy(METRICS)
    metrics["opener"] = {
        "metric": "first",
        "wins": [5, 1],
        "share": 0.833333,
        "interval": [0.436497, 0.969947],
        "balance": 0.333333,
        "balance_interval": [0.060106, 1.0],
        "p_value": 0.21875,
    }
    cells = {row.cells[0]: row.cells for row in metric_rows(metrics, CheckOptions())}
    assert cells["opener win share (first)"] == (
        "opener win share (first)",
        "0.833",
        "0.436 – 0.970",
    )
    assert cells["opener balance"] == ("opener balance", "0.333", "fairness p = 0.219")


def status_of(metrics: CoreMetrics, limits: CheckOptions) -> dict[str, str]:
    return {row.cells[0]: row.status for row in metric_rows(metrics, limits)}


def test_without_limits_nothing_is_judged() -> None:
    assert {row.status for row in metric_rows(METRICS)} == {""}


LENIENT = {
    "min_completion": 0.8,
    "max_timeouts": 0.2,
    "max_stalemates": 0.2,
    "max_drawishness": 0.5,
    "min_balance": 0.8,
    "fairness_alpha": 0.05,
}
"""Every threshold met by :data:`METRICS` but the balance (0.75, its fairness p = 0.56)."""


@pytest.mark.parametrize(
    ("limits", "fails", "warns"),
    [
        ({}, set(), {"balance"}),  # 0.75 < 0.8, but p = 0.56: a note, not a reason
        ({"min_completion": 0.9}, {"completion"}, {"balance"}),
        ({"max_timeouts": 0.1, "max_drawishness": 0.1}, {"timeouts", "drawishness"}, {"balance"}),
        ({"fairness_alpha": 1.0}, {"balance"}, set()),
        ({"fairness_alpha": 0.6}, {"balance"}, set()),
        ({"min_balance": 0.7}, set(), set()),
    ],
)
def test_a_row_fails_exactly_where_the_verdict_gives_a_reason(
    limits: dict[str, float], fails: set[str], warns: set[str]
) -> None:
    options = CheckOptions(**{**LENIENT, **limits})
    status = status_of(METRICS, options)
    judged = {"completion", "balance", "drawishness", "timeouts", "stalemates"}
    assert {k for k, s in status.items() if s == "fail"} == fails
    assert {k for k, s in status.items() if s == "warning"} == warns
    assert {k for k in judged if status[k] == "ok"} == judged - fails - warns
    assert all(status[k] == "" for k in status if k not in judged)
    _, reasons = judge((), METRICS, options)
    assert {reason.split()[0] for reason in reasons} == fails
    assert (balance_note(METRICS, options) is not None) == ("balance" in warns)


def test_strong_play_rows_and_their_statuses() -> None:
    report = report_of(METRICS)
    report["metrics"]["skill"] = [
        {"agent": "greedy", "against": "random", "games": 12, "win_rate": 0.75, "low": 0.468,
         "high": 0.911, "draw_rate": 0.0, "share": 0.5, "llr": 3.1, "decided": True,
         "beats": True},
        {"agent": "mcts", "against": "greedy", "games": 12, "win_rate": 0.5, "low": 0.254,
         "high": 0.746, "draw_rate": 0.0, "share": 0.5, "llr": -3.0, "decided": True,
         "beats": False},
        {"agent": "mcts", "against": "random", "games": 12, "win_rate": 0.6, "low": 0.3,
         "high": 0.8, "draw_rate": 0.0, "share": 0.5, "llr": 0.4, "decided": False,
         "beats": False},
    ]  # fmt: skip
    report["metrics"]["strong"] = {"agent": "mcts", "games": 8, **METRICS}
    report["probes"] = [
        {"probe": "strong-seat", "seat": 1, "agent": "mcts", "games": 24,
         "win_rates": [0.25, 0.75], "intervals": [[0.1, 0.5], [0.5, 0.9]], "p_value": 0.01,
         "decision": "ok", "exploit": False, "favoured": True,
         "reason": "the strong agent wins 75 % from seat 2"},
        {"probe": "strong-seat", "seat": 0, "agent": "mcts", "games": 8,
         "win_rates": [0.5, 0.5], "intervals": [[0.1, 0.9], [0.1, 0.9]], "p_value": 1.0,
         "decision": "undecided", "exploit": False, "favoured": False,
         "reason": "undecided after 8 games"},
    ]  # fmt: skip
    assert [(row.cells, row.status) for row in skill_rows(report)] == [
        (("greedy", "random", "12", "0.750", "0.468 – 0.911", "yes (log LR 3.10)"), "ok"),
        (("mcts", "greedy", "12", "0.500", "0.254 – 0.746", "no (log LR -3.00)"), "warning"),
        (("mcts", "random", "12", "0.600", "0.300 – 0.800", "undecided (log LR 0.40)"), "warning"),
    ]
    assert [(row.cells, row.status) for row in probe_rows(report)] == [
        (("strong-seat", "24", "the strong agent wins 75 % from seat 2"), "warning"),
        (("strong-seat", "8", "undecided after 8 games"), "warning"),
    ]
    tables = check_tables(report, CheckOptions(min_completion=0.9))
    assert [t.title for t in tables] == [
        "Metrics",
        "Skill ladder (one seat against the agent below, seats rotated)",
        "Strong self-play (mcts in every seat)",
        "Exploit probes",
    ]
    assert tables[0].header == ("metric", "value", "95 % interval")
    strong = {row.cells[0]: row for row in tables[2].rows}
    assert strong["games"].cells == ("games", "8", "")
    assert strong["completion"].status == "fail"
    assert "agent" not in strong
    assert tables[0].as_json()["rows"][0] == {
        "cells": ["completion", "0.875", "0.529 – 0.978"],
        "status": "fail",
        "bar": 87.5,
    }


def test_sweep_table_rows() -> None:
    good, bad, open_ = report_of(METRICS), report_of(METRICS), report_of(METRICS)
    bad["verdict"] = "unplayable"
    open_["verdict"] = "inconclusive"
    values = [{"rules.n": "3"}, {"rules.n": "4"}, {"rules.n": "5"}]
    table = sweep_table(["rules.n"], values, [good, bad, open_], 0)
    assert table.header == ("rules.n", "verdict", "balance", "completion")
    assert [(row.cells, row.status) for row in table.rows] == [
        (("3", "playable", "0.750 (0.29–1.00)", "0.875 (0.53–0.98)"), "ok"),
        (("4", "unplayable", "0.750 (0.29–1.00)", "0.875 (0.53–0.98)"), "fail"),
        (("5", "inconclusive", "0.750 (0.29–1.00)", "0.875 (0.53–0.98)"), "warning"),
    ]
    assert table.as_json()["highlight"] == 0
