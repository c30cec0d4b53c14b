"""Every built-in game plugin has the same modules for the same jobs (the README's layout)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from plywright.api import StrictModel

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"
GAMES = ("halma", "kubb", "cardtrack")
SHARED = (
    "plugin",
    "options",
    "production",
    "geometry",
    "rules",
    "agents",
    "search",
    "kinds",
    "records",
    "checks",
    "production_checks",
    "parts",
    "bom",
    "artifacts",
    "rulebook",
    "diagrams",
)
"""The modules of the README's table, in its order."""


@pytest.mark.parametrize("game", GAMES)
def test_every_plugin_has_the_shared_modules(game: str) -> None:
    folder = PLUGINS / game
    missing = [name for name in SHARED if not (folder / f"{name}.py").is_file()]
    assert not missing, f"plugins/{game} lacks {missing}"
    assert (folder / "locales").is_dir()


@pytest.mark.parametrize("game", GAMES)
def test_the_production_model_lives_in_production_py(game: str) -> None:
    definition = importlib.import_module(f"plywright.plugins.{game}.plugin").GAME
    model = definition.production_model
    assert issubclass(model, StrictModel)
    assert model.__module__ == f"plywright.plugins.{game}.production"
    options = importlib.import_module(f"plywright.plugins.{game}.options")
    assert model.__name__ not in vars(options), "options.py re-exports the production model"
    assert definition.rules_model.__module__ == f"plywright.plugins.{game}.options"
