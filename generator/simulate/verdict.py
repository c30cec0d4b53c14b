"""Turn static checks and metrics into a verdict with reasons, against ``[check]`` thresholds."""

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
        ("balance", ">=", limits.min_balance, "min_balance"),
    )
    for metric, op, limit, option in bounds:
        value = metrics[metric]
        failed = value < limit if op == ">=" else value > limit
        if failed:
            reasons.append(f"{metric} {value:.3f} {'<' if op == '>=' else '>'} {option} {limit}")
    return not reasons, reasons
