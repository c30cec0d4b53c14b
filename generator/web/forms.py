"""The designer's form, generated from a game's own pydantic tables, and its values.

Form values travel as text (what the user typed); :func:`variant_data` turns them into the
values a TOML file would hold, so the core's validation (:func:`plywright.variant.parse_variant`)
judges them exactly as it judges a file, and errors carry the CLI's words.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import tomllib
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

import tomli_w
from pydantic import ValidationError
from pydantic.fields import FieldInfo

from plywright.api import CheckOptions, GameDefinition, StrictModel
from plywright.errors import InputError
from plywright.registry import Registry
from plywright.template import allowed_values, sub_model
from plywright.variant import (
    TABLES,
    Variant,
    format_validation_error,
    merged_tables,
    parse_variant,
    safe_folder_name,
)
from plywright.web.plain import fields_named, plain_error, plain_message

Widget = Literal["text", "number", "checkbox", "select", "list"]
SOURCE = "designer"
"""The source the core names in its messages for values typed into the form."""
MAX_TEXT = 200
"""Longest text accepted for one form value (longer values are cut before validation)."""


@dataclass(frozen=True)
class FieldSpec:
    """One form field: a field of a variant table and how to edit it."""

    table: str
    name: str
    description: str
    allowed: str
    widget: Widget
    choices: tuple[str, ...] = ()
    optional: bool = False

    @property
    def key(self) -> str:
        """``table.field``, the field's name in form payloads and error maps."""
        return f"{self.table}.{self.name}"


@dataclass(frozen=True)
class TableSpec:
    """One variant table of the form."""

    name: str
    title: str
    fields: tuple[FieldSpec, ...]


def table_models(definition: GameDefinition) -> dict[str, type[StrictModel]]:
    """The model validating each variant table of ``definition``."""
    return {
        "rules": definition.rules_model,
        "production": definition.production_model,
        "print": definition.print_model,
        "check": CheckOptions,
    }


def _unwrap_optional(annotation: Any) -> tuple[Any, bool]:
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1 and len(args) < len(typing.get_args(annotation)):
            return args[0], True
    return annotation, False


def _choices(annotation: Any) -> tuple[str, ...]:
    if typing.get_origin(annotation) is Literal:
        return tuple(str(value) for value in typing.get_args(annotation))
    return ()


def field_spec(table: str, name: str, field: FieldInfo) -> FieldSpec:
    """How to edit one pydantic field."""
    annotation, optional = _unwrap_optional(field.annotation)
    widget: Widget = "text"
    choices = _choices(annotation)
    if annotation is bool:
        widget = "checkbox"
    elif choices:
        widget = "select"
    elif annotation in (int, float):
        widget = "number"
    elif typing.get_origin(annotation) in (tuple, list):
        widget = "list"
        args = [a for a in typing.get_args(annotation) if a is not Ellipsis]
        choices = _choices(args[0]) if args else ()
    return FieldSpec(
        table=table,
        name=name,
        description=field.description or "",
        allowed=allowed_values(field),
        widget=widget,
        choices=choices,
        optional=optional,
    )


def form_schema(definition: GameDefinition) -> list[TableSpec]:
    """The form of ``definition``: every field of every table that has fields."""
    return list(_schema(tuple(table_models(definition).items())))


@functools.lru_cache(maxsize=64)
def _schema(models: tuple[tuple[str, type[StrictModel]], ...]) -> tuple[TableSpec, ...]:
    """The form of these table models (made once per game: every preview request reads it)."""
    out = []
    for table, model in models:
        if not model.model_fields:
            continue
        summary = (model.__doc__ or "").strip().splitlines()
        title = summary[0].replace("``", "").strip() if summary else ""
        title = title.removeprefix(f"[{table}]").strip(" :")
        title = title[:1].upper() + title[1:]
        fields = tuple(
            field_spec(table, n, f)
            for n, f in model.model_fields.items()
            if sub_model(f.annotation) is None  # a sub-table ([print.publisher]): files only
        )
        out.append(TableSpec(table, title, fields))
    return tuple(out)


def text_of(value: Any) -> str:
    """The form text of a validated (JSON-dumped) value."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ", ".join(text_of(item) for item in value)
    return str(value)


def form_values(variant: Variant) -> dict[str, str]:
    """``table.field -> text`` for every field of ``variant``."""
    out = {}
    for table in TABLES:
        for name, value in getattr(variant, table).model_dump(mode="json").items():
            out[f"{table}.{name}"] = text_of(value)
    return out


def toml_value(text: str) -> Any:
    """What ``text`` means as a TOML value (``18`` an int, ``true`` a bool, ``[1, 2]`` a
    list); text that is no TOML value stays a string, as if it had been quoted."""
    text = text.strip()
    if not text or "\n" in text or "\r" in text:
        return text
    try:
        parsed = tomllib.loads(f"value = {text}")
    except tomllib.TOMLDecodeError:
        return text
    return parsed["value"] if set(parsed) == {"value"} else text


def _value(spec: FieldSpec, text: str) -> tuple[bool, Any]:
    """``(present, value)`` of one form text; an empty value leaves the field unset."""
    text = text[:MAX_TEXT]
    if spec.widget == "checkbox":
        return True, {"true": True, "false": False}.get(text.strip(), text)
    if spec.widget == "select":
        return True, toml_value(text) if text.strip().lstrip("-").isdigit() else text
    if spec.widget == "number":
        return (True, toml_value(text)) if text.strip() else (False, None)
    if spec.widget == "list":
        items = [item.strip() for item in text.split(",") if item.strip()]
        if not items and spec.optional:
            return False, None
        return True, [toml_value(item) if not spec.choices else item for item in items]
    return True, text


def variant_data(definition: GameDefinition, payload: Mapping[str, Any]) -> dict[str, Any]:
    """Variant-file data (as TOML would give it) from a form payload
    ``{"name": ..., "preset": ..., "values": {"table.field": "text"}}``; unknown keys are
    ignored, so nothing but the game's own fields reaches the core."""
    data: dict[str, Any] = {"game": definition.name}
    name = payload.get("name")
    if isinstance(name, str) and name.strip():
        data["name"] = name.strip()[:MAX_TEXT]
    preset = payload.get("preset")
    if isinstance(preset, str) and preset:
        data["preset"] = preset[:MAX_TEXT]
    values = payload.get("values")
    values = values if isinstance(values, dict) else {}
    for table in form_schema(definition):
        own: dict[str, Any] = {}
        for spec in table.fields:
            text = values.get(spec.key)
            if not isinstance(text, str):
                continue
            present, value = _value(spec, text)
            if present:
                own[spec.name] = value
        if own:
            data[table.name] = own
    return data


def default_name(definition: GameDefinition) -> str:
    """The name a new variant starts with (``my-GAME``, as ``plywright new`` writes)."""
    name = f"my-{definition.name}"
    return name if safe_folder_name(name) else "variant"


_MORE = re.compile(r" \(and \d+ more problem\(s\)\)$")


def field_errors(definition: GameDefinition, data: Mapping[str, Any]) -> dict[str, str]:
    """Every field's error, in the core's words: ``{"rules.n": "[rules] n: ..."}``; an error
    of a whole table goes to each field its message names, else it is keyed by the table."""
    return field_problems(definition, data)[0]


def field_problems(
    definition: GameDefinition, data: Mapping[str, Any]
) -> tuple[dict[str, str], dict[str, str]]:
    """``(core words, plain words)`` of every field's error, keyed alike (``rules.n``, or the
    table where a whole-table error names no field of it)."""
    preset = data.get("preset", definition.default_preset)
    if preset is not None and preset not in definition.presets:
        preset = None
    tables = merged_tables(definition, preset, data)
    errors: dict[str, str] = {}
    plain: dict[str, str] = {}
    for table, model in table_models(definition).items():
        values = tables[table]
        if not isinstance(values, dict):
            continue
        values = dict(values)
        for _ in range(len(model.model_fields) + 1):
            try:
                model.model_validate(values)
                break
            except ValidationError as exc:
                message = _MORE.sub("", format_validation_error(table, exc, model))
                first = exc.errors()[0]
                loc = first["loc"]
                if loc and loc[0] in values:
                    key = f"{table}.{loc[0]}"
                    errors.setdefault(key, message)
                    plain.setdefault(key, plain_error(first))
                    del values[str(loc[0])]
                    continue
                named = fields_named(message, list(model.model_fields))
                for key in [f"{table}.{name}" for name in named] or [table]:
                    errors.setdefault(key, message)
                    plain.setdefault(key, plain_message(message))
                break
    return errors, plain


def strip_source(exc: InputError) -> str:
    """The core's one-line message without the ``source:`` prefix."""
    text = str(exc)
    prefix = f"{exc.source}: " if exc.source else ""
    return text.removeprefix(prefix)


@dataclass(frozen=True)
class Reading:
    """A form payload read by the core: the variant, or the error and each field's error."""

    data: dict[str, Any]
    variant: Variant | None
    error: str | None
    field_errors: dict[str, str]
    field_plain: dict[str, str] = dataclasses.field(default_factory=dict)
    """The same errors in plain words, keyed alike."""


def read_form(
    registry: Registry, definition: GameDefinition, payload: Mapping[str, Any]
) -> Reading:
    """Validate a form payload exactly as a variant file is validated."""
    data = variant_data(definition, payload)
    try:
        variant = parse_variant(
            data, registry, source=SOURCE, default_name=default_name(definition)
        )
    except InputError as exc:
        message = strip_source(exc)
        errors, plain = field_problems(definition, data)
        head = re.match(r"(name|preset): |\[(check)\] (agent|strong_agent): ", message)
        if head and not errors:  # the name box, the preset list or an agent is what is wrong
            key = head.group(1) or f"{head.group(2)}.{head.group(3)}"
            errors[key] = message
            plain[key] = plain_message(message)
        return Reading(data, None, message, errors, plain)
    problem = agent_problem(registry, variant)
    if problem is not None:
        key, message = problem
        return Reading(data, None, message, {key: message}, {key: plain_message(message)})
    return Reading(data, variant, None, {})


def agent_problem(registry: Registry, variant: Variant) -> tuple[str, str] | None:
    """``(field, message)`` when ``[check] agent`` or ``strong_agent`` names no agent of the
    game (the CLI finds out only when the check starts)."""
    from plywright.agents import agent_spec, resolve_agents

    try:
        resolve_agents(registry, variant, None)
    except InputError as exc:
        return "check.agent", strip_source(exc)
    if variant.check.strong_agent:
        try:
            agent_spec(registry, variant.game, variant.check.strong_agent, "[check] strong_agent")
        except InputError as exc:
            return "check.strong_agent", strip_source(exc)
    return None


def _table_dump(model: type[StrictModel], values: Any) -> dict[str, Any]:
    return model.model_validate(values).model_dump(mode="json")


def variant_toml(variant: Variant) -> str:
    """The variant file of ``variant``: its game, name, preset and every value that differs
    from the preset's, so ``plywright build`` reads back the same variant."""
    definition = variant.definition
    base = merged_tables(definition, variant.preset, {})
    models = table_models(definition)
    lines = [
        f"# {definition.title}: variant made in the plywright designer",
        f"# `plywright new {definition.name}` prints every field with its allowed values.",
        tomli_w.dumps({"game": variant.game, "name": variant.name}).rstrip("\n"),
    ]
    if variant.preset:
        lines.append(tomli_w.dumps({"preset": variant.preset}).rstrip("\n"))
    for table in TABLES:
        own = getattr(variant, table).model_dump(mode="json")
        default = _table_dump(models[table], base[table])
        changed = {k: v for k, v in own.items() if v != default.get(k) and v is not None}
        if changed:
            lines += ["", f"[{table}]", tomli_w.dumps(changed).rstrip("\n")]
    return "\n".join(lines) + "\n"


def complete_toml(variant: Variant) -> str:
    """Every value of ``variant`` written out (used when the short file would not read back
    the same, e.g. a field cleared to 'not set' that the preset sets)."""
    lines = [tomli_w.dumps({"game": variant.game, "name": variant.name}).rstrip("\n")]
    for table in TABLES:
        dumped = getattr(variant, table).model_dump(mode="json")
        own = {k: v for k, v in dumped.items() if v is not None}
        if own:
            lines += ["", f"[{table}]", tomli_w.dumps(own).rstrip("\n")]
    return "\n".join(lines) + "\n"


def download_toml(registry: Registry, variant: Variant) -> str:
    """The file to download: the short form when it reads back as ``variant``, else every
    value written out."""
    short = variant_toml(variant)
    again = parse_variant(tomllib.loads(short), registry, source=SOURCE)
    if again.as_json() == variant.as_json():
        return short
    return complete_toml(variant)
