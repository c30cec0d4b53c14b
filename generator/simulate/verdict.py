"""Turn static checks and metrics into a verdict with reasons, against ``[check]`` thresholds.

Rates are judged by their estimates, except the balance: a balance below ``min_balance``
makes a variant unplayable only when the seat-fairness test rejects equal seats
(``seat_fairness.p_value < fairness_alpha``), so a handful of games cannot call fair seats
unequal by chance. ``fairness_alpha = 1`` judges the balance estimate alone. A game whose
starting side is drawn at random (``metrics.opener``) has its opener balance judged the same
way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from plywright.api import CheckOptions, StaticCheck
from plywright.simulate.report_types import CoreMetrics, Probe, StrongPlay

Status = Literal["ok", "warning", "fail"]
"""A judged number: within its threshold, doubtful (a note of the verdict) or crossing it
(a reason)."""

Judged = Literal["completion", "timeouts", "stalemates", "drawishness"]
BOUNDS: tuple[tuple[Judged, Literal[">=", "<="], str], ...] = (
    ("completion", ">=", "min_completion"),
    ("timeouts", "<=", "max_timeouts"),
    ("stalemates", "<=", "max_stalemates"),
    ("drawishness", "<=", "max_drawishness"),
)
"""``(metric, how it must compare, [check] option)`` of the rates the verdict judges."""


def _crosses(value: float, op: str, limit: float) -> bool:
    return value < limit if op == ">=" else value > limit


def judge(
    checks: Sequence[StaticCheck], metrics: CoreMetrics, limits: CheckOptions
) -> tuple[bool, list[str]]:
    """``(playable, reasons)``: every failed error check and every threshold crossed."""
    reasons = [
        f"static check {c.name}: {c.message}" for c in checks if not c.ok and c.severity == "error"
    ]
    for metric, op, option in BOUNDS:
        value = metrics[metric]
        limit: float = getattr(limits, option)
        if _crosses(value, op, limit):
            reasons.append(f"{metric} {value:.3f} {'<' if op == '>=' else '>'} {option} {limit}")
    for name, balance, p_value, test in _balances(metrics):
        if balance >= limits.min_balance:
            continue
        reason = f"{name} {balance:.3f} < min_balance {limits.min_balance}"
        if limits.fairness_alpha >= 1 or p_value is None:
            reasons.append(reason)
        elif p_value < limits.fairness_alpha:
            reasons.append(f"{reason} ({test} p = {p_value:.3g} < {limits.fairness_alpha})")
    return not reasons, reasons


def metric_statuses(metrics: CoreMetrics, limits: CheckOptions) -> dict[str, Status]:
    """The :data:`Status` of every metric the verdict judges, by name (the rates of
    :data:`BOUNDS`, ``balance`` and, for a game that draws who starts, ``opener balance``):
    ``fail`` exactly when :func:`judge` gives a reason for it, ``warning`` when
    :func:`balance_note` would note it."""
    out: dict[str, Status] = {}
    for metric, op, option in BOUNDS:
        value = metrics[metric]
        out[metric] = "fail" if _crosses(value, op, getattr(limits, option)) else "ok"
    for name, balance, p_value, _ in _balances(metrics):
        if balance >= limits.min_balance:
            out[name] = "ok"
        elif limits.fairness_alpha >= 1 or p_value is None or p_value < limits.fairness_alpha:
            out[name] = "fail"
        else:
            out[name] = "warning"
    return out


def _balances(metrics: CoreMetrics) -> list[tuple[str, float, float | None, str]]:
    """``(name, balance, p-value of its fairness test, test name)``: the seats' and, for a game
    with a randomly drawn start, the opening side's against the other's."""
    fairness = metrics.get("seat_fairness")
    out: list[tuple[str, float, float | None, str]] = [
        (
            "balance",
            metrics["balance"],
            fairness["p_value"] if fairness else None,
            "seat fairness",
        )
    ]
    opener = metrics.get("opener")
    if opener:
        out.append(("opener balance", opener["balance"], opener["p_value"], "opener fairness"))
    return out


def balance_note(metrics: CoreMetrics, limits: CheckOptions) -> str | None:
    """A note when a balance estimate is low but the games do not show unequal sides."""
    if limits.fairness_alpha >= 1:
        return None
    for name, balance, p_value, test in _balances(metrics):
        unsure = p_value is not None and p_value >= limits.fairness_alpha
        if unsure and balance < limits.min_balance:
            return (
                f"{name} {balance:.3f} is below min_balance {limits.min_balance}, but "
                f"the {test} test does not reject equal sides (p = {p_value:.3g}"
                f" >= {limits.fairness_alpha}); play more games to be sure"
            )
    return None


def judge_strong(strong_play: StrongPlay, limits: CheckOptions) -> tuple[list[str], list[str]]:
    """``(reasons, notes)`` of the strong-play part of a check (see
    :mod:`plywright.simulate.strong`): the strong self-play judged by the same thresholds
    as the check's games ("under strong play"), every exploit a probe found, and a note when
    the strong agent does not beat the default one significantly (little skill)."""
    reasons: list[str] = []
    notes: list[str] = []
    strong = strong_play.get("strong")
    if strong:
        _, crossed = judge((), strong, limits)
        agent = strong["agent"]
        reasons += [f"under strong play ({agent} in every seat): {reason}" for reason in crossed]
        note = balance_note(strong, limits)
        if note:
            notes.append(f"under strong play: {note}")
    reasons += [probe["reason"] for probe in strong_play.get("probes", []) if probe["exploit"]]
    for probe in strong_play.get("probes", []):
        if probe.get("favoured") or probe.get("kingmaking") or probe.get("finding"):
            notes.append(probe["reason"])
    rungs = strong_play.get("skill", [])
    if rungs and strong:
        top = rungs[-1]
        if top["agent"] == strong["agent"] and not top["beats"]:
            words = (
                f"{top['agent']} wins {top['win_rate'] * 100:.0f} % "
                f"[{top['low'] * 100:.0f}, {top['high'] * 100:.0f}] against {top['against']} "
                f"in {top['games']} games (one seat each; an equal share is "
                f"{top['share'] * 100:.0f} %)"
            )
            if top.get("decided", True):
                notes.append(f"little skill: {words}: playing well barely changes who wins")
            else:
                notes.append(f"skill undecided: {words}: too few games to tell")
    return reasons, notes


def probe_name(probe: Probe) -> str:
    """``spoiler seat 1 → victim seat 2`` or the probe's kind."""
    if probe["probe"] == "spoiler":
        return f"spoiler seat {probe['seat'] + 1} → victim seat {probe['victim'] + 1}"
    if probe["probe"] == "restricted":
        return f"restricted seat {probe['seat'] + 1} without {probe['kind']}"
    return probe["probe"]


def undecided_probes(strong_play: StrongPlay) -> list[str]:
    """The names of the spoiler probes (the probes that judge) whose budget ended before their
    test decided."""
    return [
        f"{probe_name(probe)} (after {probe['games']} games)"
        for probe in strong_play.get("probes", [])
        if probe["probe"] == "spoiler" and probe["decision"] == "undecided"
    ]
