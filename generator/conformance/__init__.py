"""The conformance kit: the tests every plywright game must pass, for plugin authors.

Run it on a registered game with ``pytest --plywright-game NAME`` (the kit is a pytest plugin,
:mod:`generator.conformance.plugin`, shipped with plywright), or subclass
:class:`~generator.conformance.kit.GameConformance` in the plugin's own tests::

    from generator.conformance import GameConformance

    class TestMyGame(GameConformance):
        game = "mygame"

:mod:`~generator.conformance.engine_checks` holds the engine invariants as plain functions,
:mod:`~generator.conformance.probe` a tiny other game the kit uses to see that a plugin
ignores variants that are not its own.
"""

from __future__ import annotations

from generator.conformance.kit import GameConformance, KitGame

__all__ = ["GameConformance", "KitGame"]
