"""Every legal variant gets its rulebook: the books of the built-in games are composed (their
worked examples and diagrams replayed from scenarios) with each ``[rules]`` field at the ends
of its range and at each of its choices."""

from __future__ import annotations

import importlib
import typing
from typing import Any

import annotated_types
import pytest
from pydantic import ValidationError

from plywright.registry import load_registry

REGISTRY = load_registry()
GAMES = ("halma", "kubb", "cardtrack")


def _ends(field: Any) -> list[Any]:
    """The ends of a field's range, or its choices."""
    annotation = field.annotation
    if typing.get_origin(annotation) is typing.Literal:
        return list(typing.get_args(annotation))
    if annotation is bool:
        return [False, True]
    ends = []
    for meta in field.metadata:
        for attr in ("ge", "gt", "le", "lt"):
            if isinstance(meta, getattr(annotated_types, attr.capitalize())):
                value = getattr(meta, attr)
                if attr in ("gt", "lt"):
                    step = 1 if annotation is int else abs(value) * 1e-3 or 1e-3
                    value = value + step if attr == "gt" else value - step
                ends.append(int(value) if annotation is int else value)
    return ends


def _cases() -> list[Any]:
    cases = []
    for name in GAMES:
        game = REGISTRY.game(name)
        for field_name, field in game.rules_model.model_fields.items():
            for value in _ends(field):
                cases.append(
                    pytest.param(name, field_name, value, id=f"{name}-{field_name}-{value}")
                )
    return cases


@pytest.mark.parametrize(("name", "field", "value"), _cases())
def test_the_rulebook_is_composed_at_every_end_of_every_rule(
    name: str, field: str, value: Any
) -> None:
    game = REGISTRY.game(name)
    base = dict(game.presets.get(game.default_preset or "", {}).get("rules", {}))
    try:
        rules = game.rules_model.model_validate({**base, field: value})
    except ValidationError:
        pytest.skip("not a legal table with the preset's other values")
    production = game.production_model()
    book = importlib.import_module(f"plywright.plugins.{name}.rulebook")
    for lang in ("en",):
        story = book.rulebook_story(book.Texts(lang), rules, production, "A4")
        assert story
