"""The static checks' gate of a sweep: every combination of swept values must pass before
any game is planned or played, as one variant must before ``check``. Shared by ``plywright
sweep`` (``--force``) and the designer (its force box)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from plywright.checks import static_gate
from plywright.registry import Registry
from plywright.sweep.grid import Value, shown
from plywright.variant import Variant

SHOWN = 3
"""Refused combinations a refusal names."""


@dataclass(frozen=True)
class SweepRefusal:
    """The combinations a sweep's static checks refuse: each as ``settings: check: message``,
    with the number of errors and of combinations."""

    refused: tuple[str, ...]
    errors: int
    total: int

    def what(self) -> str:
        """``static checks failed for 2 of 6 variants``."""
        failed = "a static check failed" if self.errors == 1 else "static checks failed"
        return f"{failed} for {len(self.refused)} of {self.total} variants"

    def details(self) -> str:
        """The first :data:`SHOWN` refused combinations, and how many more."""
        more = len(self.refused) - SHOWN
        return "; ".join(self.refused[:SHOWN]) + (f"; and {more} more" if more > 0 else "")


def sweep_refusal(
    registry: Registry, points: Sequence[tuple[dict[str, Value], Variant]], force: bool
) -> SweepRefusal | None:
    """The refusal of the combinations ``(swept values, variant)`` whose static checks find
    errors (``None``: all pass, or ``force``)."""
    refused, errors = [], 0
    for parameters, variant in points:
        gate = static_gate(registry, variant, force=force)
        if gate.refused:
            settings = ", ".join(f"{key}={shown(value)}" for key, value in parameters.items())
            found = "; ".join(f"{check.name}: {check.message}" for check in gate.errors)
            refused.append(f"{settings}: {found}")
            errors += len(gate.errors)
    return SweepRefusal(tuple(refused), errors, len(points)) if refused else None
