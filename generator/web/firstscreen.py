"""What the designer shows first: the fields people choose first, in plain words with units,
controls that set several fields at once, and plain names of presets.

The words are the game's own: a plugin points ``GameDefinition.designer`` at a TOML file in
its package (README "Plugins": the designer file). A game that gives none shows its first
``[rules]`` fields and its presets by their names. The core keeps only the tables' titles
(``firstscreen.toml``).
"""

from __future__ import annotations

import functools
import logging
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plywright.api import GameDefinition
from plywright.web.forms import FieldSpec, form_schema

LOG = logging.getLogger("plywright.web")
DATA = Path(__file__).with_name("firstscreen.toml")
DEFAULT_FIELDS = 6
"""``[rules]`` fields shown first for a game without a designer file."""
TOP_KEYS = frozenset({"summary", "presets", "fields", "agents"})
AGENT_KEYS = frozenset({"label", "slow", "seconds_by", "seconds"})
FIELD_KEYS = frozenset({"label", "unit", "choices"})
CONTROL_KEYS = frozenset({"label", "help", "sets", "options"})


class DesignerFileError(ValueError):
    """A plugin's designer file that cannot be used (the message names the file and key)."""


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


@dataclass(frozen=True)
class Control:
    """One choice of the first screen that sets several fields at once (Kubb's set size):
    each option is a preset's values of the fields where the options' presets differ; values
    typed by hand that match no option show as "custom"."""

    name: str
    label: str
    help: str
    sets: tuple[str, ...]
    """The tables (``production``) and fields (``rules.penalty_min_distance``) it may set."""
    options: tuple[tuple[str, str], ...]
    """``(preset, label)`` in the order shown."""

    def covers(self, key: str) -> bool:
        """Whether ``table.field`` is one the control may set."""
        return key in self.sets or key.partition(".")[0] in self.sets

    def values(self, presets: Mapping[str, Mapping[str, str]]) -> dict[str, dict[str, str]]:
        """``option -> field -> form value``: the fields it may set where its options differ
        (``presets``: each preset's form values)."""
        chosen = {option: presets[option] for option, _ in self.options}
        keys = sorted({key for values in chosen.values() for key in values if self.covers(key)})
        differ = [key for key in keys if len({values.get(key) for values in chosen.values()}) > 1]
        return {
            option: {key: values[key] for key in differ if key in values}
            for option, values in chosen.items()
        }

    def current(self, presets: Mapping[str, Mapping[str, str]], values: Mapping[str, str]) -> str:
        """The option the form's ``values`` match, or ``""`` (custom)."""
        for option, fields in self.values(presets).items():
            if all(values.get(key) == value for key, value in fields.items()):
                return option
        return ""


@dataclass(frozen=True)
class AgentWords:
    """How the check panel names a player (agent), and a warning before a slow one starts:
    ``slow`` in plain words, with measured seconds a game by the value of one field."""

    label: str = ""
    slow: str = ""
    seconds_by: str = ""
    """The field (``rules.n``) the time a game depends on most."""
    seconds: tuple[tuple[str, float], ...] = ()
    """``(value of seconds_by, measured seconds a game)``."""

    def as_json(self) -> dict[str, Any]:
        return {"slow": self.slow, "by": self.seconds_by, "seconds": dict(self.seconds)}


@dataclass(frozen=True)
class Words:
    """A game's designer words: a sentence for the games list, plain preset names, the
    first screen (fields and controls, in order) and words about its players."""

    summary: str
    presets: dict[str, str]
    first: tuple[FirstField | Control, ...]
    agents: tuple[tuple[str, AgentWords], ...] = ()

    def agent(self, name: str) -> AgentWords:
        return dict(self.agents).get(name, AgentWords())


@functools.cache
def _core() -> dict[str, Any]:
    return tomllib.loads(DATA.read_text(encoding="utf-8"))


def table_title(table: str, fallback: str) -> str:
    """The plain title of a variant table (its docstring's words when none is set)."""
    return str(_core()["tables"].get(table, fallback))


def _text(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise DesignerFileError(f"{where}: expected a non-empty text, not {value!r}")
    return value


def _table(value: object, where: str, keys: frozenset[str] | None = None) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise DesignerFileError(f"{where}: expected a table, not {value!r}")
    unknown = sorted(set(value) - keys) if keys is not None else []
    if unknown:
        allowed = ", ".join(sorted(keys or ()))
        raise DesignerFileError(f"{where}: unknown key {unknown[0]!r} (allowed: {allowed})")
    return value


def _field(spec: FieldSpec, entry: dict[str, Any], where: str) -> FirstField:
    _table(entry, where, FIELD_KEYS)
    choices = _table(entry.get("choices", {}), f"{where}.choices")
    labels = tuple((str(k), _text(v, f"{where}.choices.{k}")) for k, v in choices.items())
    if labels and spec.widget == "number":  # a number with named values: pick one of them
        spec = FieldSpec(
            spec.table, spec.name, spec.description, spec.allowed, "select",
            tuple(k for k, _ in labels), spec.optional,
        )  # fmt: skip
    elif labels:
        wrong = [k for k, _ in labels if k not in spec.choices]
        if wrong:
            allowed = ", ".join(spec.choices) or "none: it is not a choice"
            raise DesignerFileError(
                f"{where}.choices: {wrong[0]!r} is not a value (allowed: {allowed})"
            )
    unit = entry.get("unit", "")
    if not isinstance(unit, str):
        raise DesignerFileError(f"{where}.unit: expected a text, not {unit!r}")
    return FirstField(spec, _text(entry.get("label"), f"{where}.label"), unit, labels)


def _control(
    name: str,
    entry: dict[str, Any],
    definition: GameDefinition,
    tables: set[str],
    keys: set[str],
    where: str,
) -> Control:
    _table(entry, where, CONTROL_KEYS)
    sets = entry.get("sets")
    if not isinstance(sets, list) or not sets:
        raise DesignerFileError(f"{where}.sets: expected a list of tables or TABLE.FIELD names")
    for item in sets:
        if item not in tables and item not in keys:
            raise DesignerFileError(f"{where}.sets: {item!r} is no table or field of the game")
    options = _table(entry.get("options"), f"{where}.options")
    for preset, label in options.items():
        if preset not in definition.presets:
            allowed = ", ".join(definition.presets) or "none"
            raise DesignerFileError(
                f"{where}.options: {preset!r} is not a preset (allowed: {allowed})"
            )
        _text(label, f"{where}.options.{preset}")
    if len(options) < 2:
        raise DesignerFileError(f"{where}.options: name at least two presets")
    help_text = entry.get("help", "")
    if not isinstance(help_text, str):
        raise DesignerFileError(f"{where}.help: expected a text, not {help_text!r}")
    return Control(
        name, _text(entry.get("label"), f"{where}.label"), help_text, tuple(map(str, sets)),
        tuple((str(k), str(v)) for k, v in options.items()),
    )  # fmt: skip


def _agent(entry: dict[str, Any], keys: set[str], where: str) -> AgentWords:
    _table(entry, where, AGENT_KEYS)
    label, slow = entry.get("label", ""), entry.get("slow", "")
    for name, value in (("label", label), ("slow", slow)):
        if not isinstance(value, str):
            raise DesignerFileError(f"{where}.{name}: expected a text, not {value!r}")
    by = entry.get("seconds_by", "")
    seconds = _table(entry.get("seconds", {}), f"{where}.seconds")
    if seconds and by not in keys:
        raise DesignerFileError(f"{where}.seconds_by: {by!r} is no TABLE.FIELD of the game")
    for value, time in seconds.items():
        if isinstance(time, bool) or not isinstance(time, int | float) or not time > 0:
            raise DesignerFileError(f"{where}.seconds.{value}: expected seconds > 0, not {time!r}")
    if seconds and not slow:
        raise DesignerFileError(f"{where}.slow: say in plain words why the times are long")
    pairs = tuple((str(k), float(v)) for k, v in seconds.items())
    return AgentWords(label, slow, str(by) if seconds else "", pairs)


def read_words(definition: GameDefinition, path: Path) -> Words:
    """The designer file at ``path`` for ``definition``; raises :class:`DesignerFileError`
    naming the file and the key for anything it cannot use."""
    source = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise DesignerFileError(f"{source}: cannot read the designer file ({exc})") from None
    _table(data, source, TOP_KEYS)
    summary = data.get("summary", definition.description)
    presets = _table(data.get("presets", {}), f"{source}: presets")
    for preset, label in presets.items():
        if preset not in definition.presets:
            allowed = ", ".join(definition.presets) or "none"
            raise DesignerFileError(
                f"{source}: presets: {preset!r} is not a preset (allowed: {allowed})"
            )
        _text(label, f"{source}: presets.{preset}")
    specs = {spec.key: spec for table in form_schema(definition) for spec in table.fields}
    tables = {spec.table for spec in specs.values()}
    first: list[FirstField | Control] = []
    for key, entry in _table(data.get("fields", {}), f"{source}: fields").items():
        where = f"{source}: fields.{key}"
        if "." in key:
            if key not in specs:
                raise DesignerFileError(f"{where}: the game has no field {key!r}")
            first.append(_field(specs[key], _table(entry, where), where))
        else:
            first.append(_control(key, _table(entry, where), definition, tables, set(specs), where))
    agents = tuple(
        (
            str(name),
            _agent(
                _table(entry, f"{source}: agents.{name}"), set(specs), f"{source}: agents.{name}"
            ),
        )
        for name, entry in _table(data.get("agents", {}), f"{source}: agents").items()
    )
    return Words(
        _text(summary, f"{source}: summary"),
        {name: str(presets.get(name, name)) for name in definition.presets},
        tuple(first),
        agents,
    )


def default_words(definition: GameDefinition) -> Words:
    """The words of a game without a designer file: its description, its presets by their
    names, its first ``[rules]`` fields."""
    rules = [
        spec for table in form_schema(definition) for spec in table.fields if spec.table == "rules"
    ]
    first = tuple(FirstField(spec, spec.name.replace("_", " ")) for spec in rules[:DEFAULT_FIELDS])
    return Words(definition.description, {name: name for name in definition.presets}, first)


def words(definition: GameDefinition) -> Words:
    """The designer words of ``definition`` (a broken designer file is logged and the
    defaults are shown: the page stays usable)."""
    if definition.designer is None:
        return default_words(definition)
    try:
        return read_words(definition, Path(definition.designer))
    except DesignerFileError as exc:
        LOG.error("the designer file of %s is not used: %s", definition.name, exc)
        return default_words(definition)


def preset_labels(definition: GameDefinition) -> dict[str, str]:
    """``preset -> what it is`` for every preset of ``definition``."""
    return words(definition).presets


def first_fields(definition: GameDefinition) -> list[FirstField | Control]:
    """The fields and controls shown first, in order."""
    return list(words(definition).first)
