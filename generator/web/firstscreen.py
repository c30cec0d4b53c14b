"""What the designer shows first: the fields people choose first, in plain words with units,
and plain names of presets and tables (from ``firstscreen.toml``; a game not listed there gets
its ``[rules]`` fields first and its presets by their names)."""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.api import GameDefinition
from generator.web.forms import FieldSpec, form_schema

DATA = Path(__file__).with_name("firstscreen.toml")


@dataclass(frozen=True)
class FirstField:
    """A field of the first screen: the form field and how to name it."""

    spec: FieldSpec
    label: str
    unit: str = ""
    choice_labels: tuple[tuple[str, str], ...] = ()
    """``(value, label)`` for a select's values that have a plain name."""

    def choice_label(self, value: str) -> str:
        return dict(self.choice_labels).get(value, value)


@functools.cache
def _data() -> dict[str, Any]:
    return tomllib.loads(DATA.read_text(encoding="utf-8"))


def table_title(table: str, fallback: str) -> str:
    """The plain title of a variant table (its docstring's words when none is set)."""
    return str(_data()["tables"].get(table, fallback))


def preset_labels(definition: GameDefinition) -> dict[str, str]:
    """``preset -> what it is`` for every preset of ``definition``."""
    own = _data().get(definition.name, {}).get("presets", {})
    return {name: str(own.get(name, name)) for name in definition.presets}


def first_fields(definition: GameDefinition) -> list[FirstField]:
    """The fields shown first, in order."""
    specs = {spec.key: spec for table in form_schema(definition) for spec in table.fields}
    listed = _data().get(definition.name, {}).get("fields")
    if not listed:
        rules = [spec for spec in specs.values() if spec.table == "rules"]
        return [FirstField(spec, spec.name.replace("_", " ")) for spec in rules[:6]]
    out = []
    for key, entry in listed.items():
        spec = specs.get(key)
        if spec is None:  # a field the game no longer has: leave it out
            continue
        labels = tuple((str(k), str(v)) for k, v in entry.get("choices", {}).items())
        if labels and spec.widget == "number":
            spec = FieldSpec(
                spec.table, spec.name, spec.description, spec.allowed, "select",
                tuple(k for k, _ in labels), spec.optional,
            )  # fmt: skip
        out.append(FirstField(spec, str(entry["label"]), str(entry.get("unit", "")), labels))
    return out
