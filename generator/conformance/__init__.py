"""The conformance kit: the tests every plywright game must pass, for plugin authors.

Run it on a registered game with ``pytest --plywright-game NAME`` (the kit is a pytest plugin,
:mod:`plywright.conformance.plugin`, shipped with plywright), or subclass
:class:`~plywright.conformance.kit.GameConformance` in the plugin's own tests::

    from plywright.conformance import GameConformance

    class TestMyGame(GameConformance):
        game = "mygame"

The checks are plain functions a plugin's own tests may call too:
:mod:`~plywright.conformance.engine_checks` (the engine invariants, turn order, illegal
actions), :mod:`~plywright.conformance.schema` (``[rules]`` tables drawn from the model's
schema), :mod:`~plywright.conformance.agent_checks` (agents played for legality),
:mod:`~plywright.conformance.record_checks` (records and tampered records),
:mod:`~plywright.conformance.model_checks` (strict models, values inside their fields);
:mod:`~plywright.conformance.probe` is a tiny other game the kit uses to see that a plugin
ignores variants that are not its own.

Nothing is imported here until asked for: the pytest plugin registers the kit's modules for
assertion rewriting before they are imported.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from plywright.conformance.kit import GameConformance, KitGame

__all__ = ["GameConformance", "KitGame"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from plywright.conformance import kit

        return getattr(kit, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
