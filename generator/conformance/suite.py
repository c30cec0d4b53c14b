"""The suite ``pytest --plywright-game NAME`` collects (see :mod:`plywright.conformance.plugin`):
the kit's tests for the games named on the command line."""

from __future__ import annotations

from plywright.conformance.kit import GameConformance


class TestPlywrightGame(GameConformance):
    """The conformance kit, on every ``--plywright-game``."""
