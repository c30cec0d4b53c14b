"""Checks of a game's variant models and designer words against the fields' own bounds: the
models are strict the way :class:`~plywright.api.StrictModel` is (the same configuration, no
value coerced from another kind), every default and every value the designer file names lies
inside its field's type and bounds."""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError
from pydantic_core import PydanticUndefined

from plywright.api import GameDefinition, StrictModel
from plywright.conformance.schema import outside
from plywright.web.firstscreen import Control, Words
from plywright.web.forms import toml_value

STRICT_KEYS = ("extra", "frozen", "validate_default", "allow_inf_nan")
"""The parts of ``StrictModel.model_config`` a table model must keep."""


def table_models(definition: GameDefinition) -> dict[str, type[StrictModel]]:
    """The game's own variant tables and their models."""
    return {
        "rules": definition.rules_model,
        "production": definition.production_model,
        "print": definition.print_model,
    }


def _plain(annotation: Any) -> Any:
    """The type of a field without ``Annotated`` and ``| None``."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _plain(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        members = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _plain(members[0]) if len(members) == 1 else annotation
    return annotation


def coerced_values(annotation: Any, value: Any) -> list[Any]:
    """Values of another kind that lax validation would turn into ``value`` of a field of
    type ``annotation`` (a strict model refuses each)."""
    kind = _plain(annotation)
    if kind is bool:
        return [int(bool(value)), "true" if value else "false"]
    if kind in (int, float) and isinstance(value, int | float) and not isinstance(value, bool):
        return [str(value), *([True] if value == 1 else [])]
    if kind is str:
        return [7]
    return []


def check_strict(table: str, model: type[StrictModel], values: Mapping[str, Any]) -> None:
    """``model`` derives from ``StrictModel``, keeps its configuration and refuses, field by
    field, a value of another kind in the otherwise valid table ``values``."""
    assert issubclass(model, StrictModel), f"[{table}] model must derive from StrictModel"
    for key in STRICT_KEYS:
        got, wanted = model.model_config.get(key), StrictModel.model_config.get(key)
        assert got == wanted, (
            f"[{table}] model sets {key}={got!r}; a StrictModel keeps {key}={wanted!r}"
        )
    for name, field in model.model_fields.items():
        if name not in values:
            continue
        for wrong in coerced_values(field.annotation, values[name]):
            try:
                model.model_validate({**values, name: wrong})
            except ValidationError as exc:
                assert any(e["loc"][:1] == (name,) or not e["loc"] for e in exc.errors()), (
                    f"[{table}] {name} = {wrong!r} is refused for another field: {exc}"
                )
            else:
                raise AssertionError(
                    f"[{table}] {name} = {wrong!r} ({type(wrong).__name__}) is accepted as "
                    f"{values[name]!r}: the model coerces values of another kind (a "
                    "StrictModel refuses them; no before-validator may convert them)"
                )


def check_defaults(table: str, model: type[StrictModel]) -> None:
    """Every field's default lies inside the field's own type and bounds."""
    for name, field in model.model_fields.items():
        if field.default_factory is not None:
            default = field.default_factory()  # type: ignore[call-arg]
        elif field.default is PydanticUndefined:
            continue
        else:
            default = field.default
        why = outside(field, default)
        assert why is None, f"[{table}] {name}: the default {default!r} is outside the field: {why}"


def check_designer_values(definition: GameDefinition, words: Words, source: str) -> None:
    """The values the designer words name (a field's ``choices``, an agent's ``seconds``
    keyed by a field's values) lie inside the field's own type and bounds."""
    models = table_models(definition)

    def field_of(key: str) -> Any:
        table, _, name = key.partition(".")
        model = models.get(table)
        return model.model_fields.get(name) if model is not None else None

    for first in words.first:
        if isinstance(first, Control):
            continue
        field = field_of(first.spec.key)
        for text, _label in first.choice_labels:
            value = toml_value(text)
            why = outside(field, value) if field is not None else None
            assert why is None, (
                f"{source}: fields.{first.spec.key}.choices: {text!r} is outside the field's "
                f"own range ({why})"
            )
    for agent, said in words.agents:
        field = field_of(said.seconds_by) if said.seconds_by else None
        for text, _seconds in said.seconds:
            why = outside(field, toml_value(text)) if field is not None else None
            assert why is None, (
                f"{source}: agents.{agent}.seconds: {text!r} is no value of "
                f"{said.seconds_by} ({why})"
            )
