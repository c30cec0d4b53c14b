"""Static checks of a variant: its game's own (``GameDefinition.static_checks``)."""

from __future__ import annotations

from generator.api import StaticCheck
from generator.registry import Registry
from generator.variant import Variant


def static_checks(registry: Registry, variant: Variant) -> list[StaticCheck]:
    """The static checks the variant's game makes of ``variant``, in the game's order.

    ``registry`` is the one the variant was read with; the checks come from the variant's own
    game definition, so no other plugin is asked."""
    checker = variant.definition.static_checks
    return list(checker(variant)) if checker is not None else []
