"""Turn static checks and metrics into a verdict with reasons, against ``[check]`` thresholds.

Rates are judged by their estimates, except the balance: a balance below ``min_balance``
makes a variant unplayable only when the seat-fairness test rejects equal seats
(``seat_fairness.p_value < fairness_alpha``), so a handful of games cannot call fair seats
unequal by chance. ``fairness_alpha = 1`` judges the balance estimate alone.
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
    balance = metrics["balance"]
    if balance < limits.min_balance:
        reason = f"balance {balance:.3f} < min_balance {limits.min_balance}"
        fairness = metrics.get("seat_fairness")
        if limits.fairness_alpha >= 1 or fairness is None:
            reasons.append(reason)
        elif fairness["p_value"] < limits.fairness_alpha:
            p_value = fairness["p_value"]
            reasons.append(f"{reason} (seat fairness p = {p_value:.3g} < {limits.fairness_alpha})")
    return not reasons, reasons


def balance_note(metrics: dict[str, Any], limits: CheckOptions) -> str | None:
    """A note when the balance estimate is low but the games do not show unequal seats."""
    fairness = metrics.get("seat_fairness")
    if fairness is None or limits.fairness_alpha >= 1:
        return None
    if metrics["balance"] < limits.min_balance and fairness["p_value"] >= limits.fairness_alpha:
        return (
            f"balance {metrics['balance']:.3f} is below min_balance {limits.min_balance}, but "
            f"the seat-fairness test does not reject equal seats (p = {fairness['p_value']:.3g}"
            f" >= {limits.fairness_alpha}); play more games to be sure"
        )
    return None
