"""``plywright new``: a complete, commented variant file that validates as printed."""

from __future__ import annotations

import typing
from typing import Any

import annotated_types
import tomli_w
from pydantic.fields import FieldInfo

from plywright.api import CheckOptions, GameDefinition, StrictModel
from plywright.variant import TABLES, merged_tables


def allowed_values(field: FieldInfo) -> str:
    """A short statement of the values a field accepts (choices or bounds), or ''."""
    choices = _literal_choices(field.annotation)
    if choices:
        return "one of " + ", ".join(repr(c) for c in choices)
    bounds = []
    for meta in field.metadata:
        for attr, symbol in (("ge", ">="), ("gt", ">"), ("le", "<="), ("lt", "<")):
            if isinstance(meta, getattr(annotated_types, attr.capitalize())):
                bounds.append(f"{symbol} {getattr(meta, attr)}")
    return ", ".join(bounds)


def _literal_choices(annotation: Any) -> tuple[Any, ...]:
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)
    for arg in typing.get_args(annotation):
        found = _literal_choices(arg)
        if found:
            return found
    return ()


EXAMPLES = {"name": "Koka darbnīca", "logo": "logo.svg", "web": "www.example.lv"}
"""What the commented-out lines of an unset sub-table show (``[print.publisher]``)."""


def sub_model(annotation: Any) -> type[StrictModel] | None:
    """The table model of a field that is a sub-table (``Publisher | None``), or ``None``."""
    for arg in (annotation, *typing.get_args(annotation)):
        if isinstance(arg, type) and issubclass(arg, StrictModel):
            return arg
    return None


def _sub_table_lines(table: str, name: str, model: type[StrictModel]) -> list[str]:
    """An unset sub-table, commented out: each field with its description and an example."""
    lines = ["", f"# [{table}.{name}]   (not set; remove the '# ' to set it)"]
    for field_name, field in model.model_fields.items():
        example = EXAMPLES.get(field_name, "")
        lines.append(f"# {tomli_w.dumps({field_name: example}).rstrip()}   # {field.description}")
    return lines


def _table_lines(model: type[StrictModel], values: dict[str, Any], table: str = "") -> list[str]:
    dumped = model.model_validate(values).model_dump(mode="json")
    lines = []
    subs: list[str] = []
    for name, field in model.model_fields.items():
        sub = sub_model(field.annotation)
        if sub is not None and dumped[name] is None:
            subs += [f"# {field.description}", *_sub_table_lines(table, name, sub)[1:]]
            continue
        allowed = allowed_values(field)
        comment = field.description or ""
        if allowed:
            comment += f" ({allowed})"
        lines.append(f"# {comment}")
        value = dumped[name]
        if value is None:
            lines.append(f"# {name} =   (not set: the default applies)")
        else:
            lines.append(tomli_w.dumps({name: value}).rstrip("\n"))
    return lines + (["", *subs] if subs else [])


def variant_template(definition: GameDefinition, preset: str | None) -> str:
    """The commented TOML of ``definition`` with ``preset`` (or its default preset) applied."""
    preset = preset or definition.default_preset
    lines = [
        f"# plywright variant: {definition.title}",
        f"# {definition.description}",
        "# Every field is optional; the values below are this preset's. Unknown fields are errors.",
        "",
        f"game = {tomli_w.dumps({'g': definition.name})[4:].strip()}",
        "# name: the build folder (outputs/NAME/) and the name on every sheet; letters of any",
        "# language, digits, spaces, '.', '_' and '-' (e.g. \"Ķīniešu dambrete\").",
        f'name = "my-{definition.name}"',
    ]
    if preset:
        lines.append(f"preset = {tomli_w.dumps({'p': preset})[4:].strip()}")
    tables = merged_tables(definition, preset, {})
    models: dict[str, type[StrictModel]] = {
        "rules": definition.rules_model,
        "production": definition.production_model,
        "print": definition.print_model,
        "check": CheckOptions,
    }
    for table in TABLES:
        model = models[table]
        if not model.model_fields:
            continue
        summary = (model.__doc__ or "").strip().splitlines()
        heading = [f"# {summary[0].replace('``', '')}"] if summary else []
        lines += ["", *heading, f"[{table}]", *_table_lines(model, tables[table], table)]
    return "\n".join(lines) + "\n"
