"""The static checks' gate of a designer job, as ``plywright check`` and ``build`` have it: a
variant with a static-check error (a mat no printer takes, a game that cannot finish) is
refused before any game or file, naming the check and what it found, unless the person
ticked the box that forces it."""

from __future__ import annotations

from collections.abc import Sequence

from plywright.checks import Gate, static_gate
from plywright.errors import InputError
from plywright.registry import Registry
from plywright.sweep.gate import sweep_refusal
from plywright.sweep.grid import Value
from plywright.variant import Variant

FORCE_BOXES = {
    "check": "check even with static-check errors",
    "sweep": "sweep even with static-check errors",
    "build": "build even with static-check errors",
}
"""The designer's boxes that force a job past the gate (their labels on the page)."""
AFTER = {
    "check": "fix the variant, or tick “{box}” to play it anyway",
    "sweep": "fix the variant or leave those values out, or tick “{box}” to play them anyway",
    "build": "fix the variant, or tick “{box}” to build it anyway",
}


def _failed(gate: Gate) -> str:
    count = len(gate.errors)
    return "a static check failed" if count == 1 else f"{count} static checks failed"


def _errors(gate: Gate) -> str:
    return "; ".join(f"{check.name}: {check.message}" for check in gate.errors)


def _refusal(kind: str, what: str, details: str) -> InputError:
    refused = f"{kind} refused" if kind == "build" else f"{kind} refused before any game"
    after = AFTER[kind].format(box=FORCE_BOXES[kind])
    return InputError(f"{refused}: {what} ({details}); {after}")


def gate_variant(registry: Registry, variant: Variant, kind: str, force: bool) -> Gate:
    """The gate of a check or build of ``variant``; :class:`InputError` when it refuses."""
    gate = static_gate(registry, variant, force=force)
    if gate.refused:
        raise _refusal(kind, _failed(gate), _errors(gate))
    return gate


def gate_sweep(
    registry: Registry, points: Sequence[tuple[dict[str, Value], Variant]], force: bool
) -> None:
    """The gate of a sweep: every combination (``(swept values, variant)``) must pass;
    :class:`InputError` names the first that do not, by their swept values."""
    refusal = sweep_refusal(registry, points, force)
    if refusal is not None:
        raise _refusal("sweep", refusal.what(), refusal.details())
