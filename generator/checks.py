"""Static checks of a variant: its game's own (``GameDefinition.static_checks``), and the gate
that stops ``build`` and ``check`` of a variant they find unmakeable (unless forced)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from plywright.api import StaticCheck
from plywright.registry import Registry
from plywright.variant import Variant


def static_checks(registry: Registry, variant: Variant) -> list[StaticCheck]:
    """The static checks the variant's game makes of ``variant``, in the game's order.

    ``registry`` is the one the variant was read with; the checks come from the variant's own
    game definition, so no other plugin is asked."""
    checker = variant.definition.static_checks
    return list(checker(variant)) if checker is not None else []


@dataclass(frozen=True)
class Gate:
    """What the static checks say before a command makes or plays a variant: the failed
    checks (errors and warnings) and whether the errors stop the command."""

    failed: tuple[StaticCheck, ...]
    forced: bool = False

    @property
    def errors(self) -> tuple[StaticCheck, ...]:
        """The failed checks of severity ``error``: the variant cannot be made as it is."""
        return tuple(check for check in self.failed if check.severity == "error")

    @property
    def refused(self) -> bool:
        """True when an error stops the command (it was not forced)."""
        return bool(self.errors) and not self.forced

    def lines(self, checks: Sequence[StaticCheck] | None = None) -> list[str]:
        """``SEVERITY: NAME: MESSAGE`` of each failed check (or of ``checks``)."""
        shown = self.failed if checks is None else checks
        return [f"{check.severity}: {check.name}: {check.message}" for check in shown]

    def names(self) -> str:
        """The names of the errors, comma-separated (``production.mat_printable``)."""
        return ", ".join(check.name for check in self.errors)


def static_gate(registry: Registry, variant: Variant, *, force: bool = False) -> Gate:
    """The :class:`Gate` of ``variant``'s static checks; ``force`` lets errors through (the
    files would not be manufacturable, the games may not be worth playing)."""
    failed = tuple(check for check in static_checks(registry, variant) if not check.ok)
    return Gate(failed, force)
