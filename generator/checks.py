"""Static checks of a variant, contributed by plugins through ``plywright_static_checks``."""

from __future__ import annotations

from generator.api import StaticCheck
from generator.registry import Registry
from generator.variant import Variant


def static_checks(registry: Registry, variant: Variant) -> list[StaticCheck]:
    """Every static check the plugins contribute for ``variant``, in plugin order."""
    found: list[StaticCheck] = []
    for result in registry.pm.hook.plywright_static_checks(variant=variant):
        found.extend(result or [])
    return found
