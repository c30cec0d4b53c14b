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
from typing import Any

from generator.api import CheckOptions, StaticCheck


def judge(
    checks: Sequence[StaticCheck], metrics: dict[str, Any], limits: CheckOptions
) -> tuple[bool, list[str]]:
    """``(playable, reasons)``: every failed error check and every threshold crossed."""
    reasons = [
        f"static check {c.name}: {c.message}" for c in checks if not c.ok and c.severity == "error"
    ]
    bounds = (
        ("completion", ">=", limits.min_completion, "min_completion"),
        ("timeouts", "<=", limits.max_timeouts, "max_timeouts"),
        ("stalemates", "<=", limits.max_stalemates, "max_stalemates"),
        ("drawishness", "<=", limits.max_drawishness, "max_drawishness"),
    )
    for metric, op, limit, option in bounds:
        value = metrics[metric]
        failed = value < limit if op == ">=" else value > limit
        if failed:
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


def _balances(metrics: dict[str, Any]) -> list[tuple[str, float, float | None, str]]:
    """``(name, balance, p-value of its fairness test, test name)``: the seats' and, for a game
    with a randomly drawn start, the opening side's against the other's."""
    fairness = metrics.get("seat_fairness")
    out = [
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


def balance_note(metrics: dict[str, Any], limits: CheckOptions) -> str | None:
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


def judge_strong(strong_play: dict[str, Any], limits: CheckOptions) -> tuple[list[str], list[str]]:
    """``(reasons, notes)`` of the strong-play part of a check (see
    :mod:`generator.simulate.strongplay`): the strong self-play judged by the same thresholds
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
        if probe.get("favoured") or probe.get("kingmaking"):
            notes.append(probe["reason"])
    rungs = strong_play.get("skill", [])
    if rungs and strong:
        top = rungs[-1]
        if top["agent"] == strong["agent"] and not top["beats"]:
            notes.append(
                f"little skill: {top['agent']} wins {top['win_rate'] * 100:.0f} % "
                f"[{top['low'] * 100:.0f}, {top['high'] * 100:.0f}] against {top['against']} "
                f"(one seat each; an equal share is {top['share'] * 100:.0f} %, p = "
                f"{top['p_value']:.3g}): playing well barely changes who wins"
            )
    return reasons, notes
