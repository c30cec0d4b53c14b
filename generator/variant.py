"""Loading and validating variant files (TOML).

A variant file names a ``game``, optionally a ``name`` and a ``preset``, and the tables
``[rules]``, ``[production]``, ``[print]`` and ``[check]``. The preset's values come first,
the file's values override them, and every table is validated by the plugin's pydantic model.
"""

from __future__ import annotations

import tomllib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError

from plywright.agents import agent_spec, resolve_agents, strong_agent
from plywright.api import CheckOptions, GameDefinition, PrintOptions, StrictModel
from plywright.engine import Game
from plywright.errors import InputError, cut, excerpt
from plywright.registry import Registry

TABLES = ("rules", "production", "print", "check")
TOP_LEVEL = ("game", "name", "preset", *TABLES)
Table = TypeVar("Table", bound=StrictModel)
MAX_NAME = 64
NAME_PUNCTUATION = frozenset(" ._-")
WINDOWS_DEVICES = frozenset(
    ["CON", "PRN", "AUX", "NUL"] + [f"{d}{i}" for d in ("COM", "LPT") for i in range(1, 10)]
)
MAX_DEPTH = 32
"""Deepest nesting of tables and arrays a variant file may have (real ones need 3)."""
MAX_FILE_BYTES = 1 << 20
"""Largest variant file read (1 MiB; a complete template is about 10 kB): a device such as
``/dev/zero`` or a huge file is refused after this many bytes, not read into memory."""


@dataclass(frozen=True)
class Variant:
    """A validated variant: the game definition plus one model per table."""

    game: str
    name: str
    preset: str | None
    definition: GameDefinition
    rules: StrictModel
    production: StrictModel
    print: PrintOptions
    check: CheckOptions
    source: str = "<variant>"

    def engine(self) -> Game:
        """The rules engine of this variant."""
        return self.definition.make_game(self.rules)

    def table(self, model: type[Table]) -> Table:
        """The table validated by ``model``, typed as such: ``variant.table(HalmaRules)``.

        Raises ``TypeError`` when no table of this variant is a ``model`` (another game's variant).
        """
        for name in TABLES:
            value = getattr(self, name)
            if isinstance(value, model):
                return value
        raise TypeError(f"variant {self.name!r} ({self.game}) has no {model.__name__} table")

    def as_json(self) -> dict[str, Any]:
        """Every parameter of the variant (after presets and defaults), JSON-ready."""
        return {
            "game": self.game,
            "name": self.name,
            "preset": self.preset,
            **{table: getattr(self, table).model_dump(mode="json") for table in TABLES},
        }


def read_variant_file(path: Path) -> dict[str, Any]:
    """Parse a TOML file of at most :data:`MAX_FILE_BYTES`; unreadable, oversized and bad
    TOML files raise :class:`InputError`."""
    source = str(path)
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise InputError("file not found", source=source) from None
    except IsADirectoryError:
        raise InputError("is a directory, expected a .toml variant file", source=source) from None
    except OSError as exc:
        raise InputError(f"cannot read file ({exc.strerror})", source=source) from None
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(
            f"larger than {MAX_FILE_BYTES // 1024} KiB, not a variant file "
            "(a complete one is about 10 KiB)",
            source=source,
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text, expected a .toml variant file", source=source) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"invalid TOML: {exc}", source=source) from None
    except RecursionError:  # the parser recurses once per level of nested arrays or tables
        raise InputError(
            f"invalid TOML: arrays or tables nested too deeply (at most {MAX_DEPTH} levels)",
            source=source,
        ) from None
    check_depth(data, source)
    return data


def check_depth(data: object, source: str) -> None:
    """Refuse data nested deeper than :data:`MAX_DEPTH` (iteratively: no recursion limit)."""
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: list[object] = list(value.values())
        elif isinstance(value, list):
            children = list(value)
        else:
            continue
        if depth >= MAX_DEPTH:
            raise InputError(
                f"arrays or tables nested too deeply (at most {MAX_DEPTH} levels)",
                source=source,
            )
        stack.extend((child, depth + 1) for child in children)


def load_variant(path: Path, registry: Registry) -> Variant:
    """Read and validate the variant file at ``path``."""
    return parse_variant(
        read_variant_file(path), registry, source=str(path), default_name=path.stem
    )


def _pick(options: Mapping[str, Any], what: str, value: object, source: str) -> Any:
    if not isinstance(value, str) or value not in options:
        allowed = ", ".join(sorted(options)) or "none registered"
        raise InputError(
            f"{what}: unknown value {excerpt(value)} (allowed: {allowed})", source=source
        )
    return options[value]


def safe_folder_name(name: str) -> bool:
    """Whether ``name`` is a folder name every common file system takes: 1-64 letters (any
    script) or digits, spaces, '.', '_' or '-'; starting with a letter or digit, not ending in
    a space or '.', no '..', no path separators or control characters, no Windows device name.
    """
    if not 1 <= len(name) <= MAX_NAME or ".." in name:
        return False
    if not name[0].isalnum() or name[-1] in " .":
        return False
    if name.split(".")[0].strip().upper() in WINDOWS_DEVICES:
        return False
    for char in name:
        category = unicodedata.category(char)
        # letters, digits and the combining marks of letters (decomposed accents, Devanagari...)
        if not (char.isalnum() or category[0] == "M" or char in NAME_PUNCTUATION):
            return False
    return True


def _check_name(name: object, source: str) -> str:
    """The variant's name (its build folder), in the composed Unicode form (NFC)."""
    if isinstance(name, str):
        name = unicodedata.normalize("NFC", name)
    if not isinstance(name, str) or not safe_folder_name(name):
        raise InputError(
            f"name: {excerpt(name)} is not a safe folder name (allowed: 1-{MAX_NAME} letters of "
            "any language, digits, spaces, '.', '_' or '-', starting with a letter or digit, not "
            "ending in a space or '.', no '..')",
            source=source,
        )
    return name


def shown_input(value: object) -> str:
    """A value as the variant file wrote it (``true``, ``'10.0'``, ``[6]``), cut short."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        value = list(value)
    return excerpt(value)


BOUND_ERRORS = frozenset(("greater_than", "greater_than_equal", "less_than", "less_than_equal"))
"""Pydantic's error types of a number outside its field's bounds."""


def format_validation_error(
    table: str, exc: ValidationError, model: type[StrictModel] | None = None
) -> str:
    """One line naming the field, what is wrong and, where known, the allowed values (and at
    most a short excerpt of the value); a number outside its bounds also gets the field's
    description from ``model`` (what the bound stands for)."""
    first = exc.errors()[0]
    loc = cut(".".join(str(part) for part in first["loc"]))
    where = f"[{table}] {loc}" if loc else f"[{table}]"
    message = first["msg"].removeprefix("Value error, ")
    if first["type"] == "extra_forbidden":
        message = "unknown field"
    more = f" (and {len(exc.errors()) - 1} more problem(s))" if len(exc.errors()) > 1 else ""
    # the offending value helps for one field; a whole-table check names its values itself
    show_input = loc and first["type"] not in ("extra_forbidden", "missing")
    shown = f", got {shown_input(first.get('input'))}" if show_input else ""
    return f"{where}: {message}{shown}{_bound_meaning(model, first)}{more}"


def _bound_meaning(model: type[StrictModel] | None, error: Mapping[str, Any]) -> str:
    """`` — DESCRIPTION`` of the field a bound error is about, or nothing."""
    field = model.model_fields.get(str(error["loc"][0])) if model and error["loc"] else None
    if error["type"] not in BOUND_ERRORS or field is None or not field.description:
        return ""
    return f" — {field.description}"


def _validate(model: type[StrictModel], table: str, data: object, source: str) -> Any:
    if not isinstance(data, dict):
        raise InputError(f"[{table}] must be a table, got {type(data).__name__}", source=source)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        message = format_validation_error(table, exc, model)
        if next(iter(exc.errors()))["type"] == "extra_forbidden":
            allowed = ", ".join(model.model_fields) or "none"
            message += f" (allowed: {allowed})"
        raise InputError(message, source=source) from None


def merged_tables(
    definition: GameDefinition, preset: str | None, data: Mapping[str, Any]
) -> dict[str, dict[str, Any]]:
    """Preset values overridden by the file's values, per table."""
    base = definition.presets.get(preset, {}) if preset else {}
    out: dict[str, dict[str, Any]] = {}
    for table in TABLES:
        own = data.get(table, {})
        out[table] = {**base.get(table, {}), **own} if isinstance(own, dict) else own
    return out


def parse_variant(
    data: Mapping[str, Any],
    registry: Registry,
    *,
    source: str = "<variant>",
    default_name: str = "variant",
) -> Variant:
    """Validate parsed TOML data into a :class:`Variant`."""
    unknown = sorted(set(data) - set(TOP_LEVEL))
    if unknown:
        raise InputError(
            f"{cut(unknown[0])}: unknown top-level field (allowed: {', '.join(TOP_LEVEL)})",
            source=source,
        )
    if "game" not in data:
        raise InputError('game: missing (e.g. game = "halma")', source=source)
    definition: GameDefinition = _pick(registry.games, "game", data["game"], source)
    preset = data.get("preset", definition.default_preset)
    if preset is not None:
        _pick(definition.presets, "preset", preset, source)
    name = _check_name(data.get("name", default_name), source)
    tables = merged_tables(definition, preset, data)
    models: dict[str, type[StrictModel]] = {
        "rules": definition.rules_model,
        "production": definition.production_model,
        "print": definition.print_model,
        "check": CheckOptions,
    }
    values = {table: _validate(models[table], table, tables[table], source) for table in TABLES}
    variant = Variant(
        game=definition.name,
        name=name,
        preset=preset,
        definition=definition,
        source=source,
        **values,
    )
    _check_agents(registry, variant)
    _check_logo(variant)
    return variant


def _check_logo(variant: Variant) -> None:
    """A publisher's logo must be a readable SVG before any work starts."""
    if variant.print.publisher is None or variant.print.publisher.logo is None:
        return
    from plywright.print.publisher import variant_mark

    try:
        variant_mark(variant)
    except ValueError as exc:
        raise InputError(f"[print] publisher.logo: {exc}", source=variant.source) from None


def _check_agents(registry: Registry, variant: Variant) -> None:
    """``[check] agent`` and ``strong_agent`` must name agents of the game, as ``check``
    needs: one validation path, so ``build``, ``check``, ``sweep`` and the designer refuse the
    same files (the defaults, '', are the game's own agents)."""
    if variant.check.agent:
        if "," in variant.check.agent:  # one per seat: the engine says how many seats
            resolve_agents(registry, variant, None)
        else:  # one for every seat: its name is all there is to check (no engine is built)
            agent_spec(
                registry, variant.game, variant.check.agent.strip(), "[check] agent", variant.source
            )
    if variant.check.strong_agent:
        strong_agent(registry, variant)
