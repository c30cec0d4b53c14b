"""The metrics of a check report as rows of text, shared by the terminal and the reports."""

from __future__ import annotations

from typing import Any

WITH_INTERVAL = ("completion", "drawishness", "timeouts", "stalemates", "balance", "duration_mean")
"""Metrics shown with an interval (``metrics["intervals"]``)."""
NOT_ROWS = ("intervals", "seat_fairness", "game", "seat_win_rates", "opener", "skill", "strong")
"""Metrics that are not one number (shown by their own rows or tables)."""


def _number(value: float) -> str:
    return f"{value:.3f}"


def _interval(pair: Any) -> str:
    return f"{pair[0]:.3f} – {pair[1]:.3f}" if pair else ""


def metric_rows(report: dict[str, Any]) -> list[tuple[str, str, str]]:
    """``(metric, value, interval)`` rows: the Ludii-named metrics, each seat, the fairness
    test, the opening side's share and balance (when the start is drawn) and the engine's own
    metrics (``game.*``)."""
    metrics = report["metrics"]
    intervals = metrics.get("intervals", {})
    rows: list[tuple[str, str, str]] = []
    for key, value in metrics.items():
        if key in NOT_ROWS:
            continue
        rows.append(
            (key, _number(value), _interval(intervals.get(key)) if key in WITH_INTERVAL else "")
        )
    seats = intervals.get("seat_win_rates", [])
    for seat, rate in enumerate(metrics.get("seat_win_rates", [])):
        pair = seats[seat] if seat < len(seats) else None
        rows.append((f"seat {seat + 1} win rate", _number(rate), _interval(pair)))
    fairness = metrics.get("seat_fairness")
    if fairness:
        rows.append(
            (
                "seat fairness p-value",
                f"{fairness['p_value']:.3g}",
                f"chi-square {fairness['statistic']:.2f}, {fairness['dof']} dof",
            )
        )
    opener = metrics.get("opener")
    if opener:
        rows.append(
            (f"opener win share ({opener['metric']})", _number(opener["share"]),
             _interval(opener["interval"])),
        )  # fmt: skip
        rows.append(
            ("opener balance", _number(opener["balance"]), f"fairness p = {opener['p_value']:.3g}")
        )
    own = intervals.get("game", {})
    for key, value in metrics.get("game", {}).items():
        rows.append((f"game.{key}", _number(value), _interval(own.get(key))))
    return rows


def fairness_text(fairness: dict[str, Any]) -> str:
    """``p = 0.412 (chi-square 0.67, 1 dof)``."""
    return (
        f"p = {fairness['p_value']:.3g} (chi-square {fairness['statistic']:.2f}, "
        f"{fairness['dof']} dof)"
    )


def confidence_label(report: dict[str, Any]) -> str:
    """``95 % interval``."""
    return f"{report.get('confidence', 0.95) * 100:g} % interval"


def skill_rows(report: dict[str, Any]) -> list[tuple[str, str, str, str, str, str]]:
    """``(agent, against, games, win rate, interval, beats)`` of every ladder rung."""
    return [
        (
            rung["agent"],
            rung["against"],
            str(rung["games"]),
            _number(rung["win_rate"]),
            _interval((rung["low"], rung["high"])),
            f"{'yes' if rung['beats'] else 'no'} (p = {rung['p_value']:.3g})",
        )
        for rung in report["metrics"].get("skill", [])
    ]


def strong_rows(report: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The strong self-play's metrics as :func:`metric_rows` shows the check's own."""
    strong = report["metrics"].get("strong")
    if not strong:
        return []
    inner = {k: v for k, v in strong.items() if k not in ("agent", "games")}
    return [("games", str(strong["games"]), ""), *metric_rows({"metrics": inner})]


def probe_rows(report: dict[str, Any]) -> list[tuple[str, str, str]]:
    """``(probe, games, result)`` of every probe; an exploit's result starts with "exploit"."""
    rows = []
    for probe in report.get("probes", []):
        if probe["probe"] == "spoiler":
            name = f"spoiler seat {probe['seat'] + 1} → victim seat {probe['victim'] + 1}"
        else:
            name = probe["probe"]
        rows.append((name, str(probe["games"]), probe["reason"]))
    return rows
