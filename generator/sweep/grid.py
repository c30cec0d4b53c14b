"""``--set TABLE.FIELD=VALUES``: the axes of a sweep and their cross product.

Values are a comma list (``2,3,4``; ``true,false``; ``hexagon,star``), an integer range
(``4..6`` = 4, 5, 6), or a range with a step (``22..28:2`` = 22, 24, 26, 28; ``0.5..1:0.25``).
A value in brackets is a list, for fields that hold one (``[6],[2,4,6]``: Kubb's opening
batons). Only ``[rules]`` and ``[production]`` fields can be swept.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from plywright.errors import InputError, cut, excerpt

TABLES = ("rules", "production")
MAX_VARIANTS = 2000
MAX_SPEC = 20_000
"""Longest ``--set`` option (2,000 values of a few characters each)."""
MAX_NUMBER = 40
"""Longest number of a range (Python refuses to read integers of more than 4,300 digits)."""
NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
RANGE = re.compile(rf"^\s*({NUMBER})\s*\.\.\s*({NUMBER})\s*(?::\s*({NUMBER})\s*)?$")

Scalar = bool | int | float | str
Value = Scalar | tuple[Scalar, ...]
"""One swept value: a scalar, or a list (a tuple, so values stay hashable and comparable)."""


@dataclass(frozen=True)
class Axis:
    """One swept field and its values, in the order given."""

    table: str
    field: str
    values: tuple[Value, ...]

    @property
    def name(self) -> str:
        return f"{self.table}.{self.field}"


def scalar(text: str) -> Scalar:
    """A TOML-like scalar from command-line text: int, float, true/false, else a string."""
    text = text.strip()
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            value = kind(text)
        except ValueError:
            continue
        if isinstance(value, float) and not math.isfinite(value):
            break
        return value
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text


def shown(value: Value) -> str:
    """A value as the command line writes it: ``true``, ``4``, ``[2,4,6]``."""
    if isinstance(value, tuple):
        return "[" + ",".join(shown(item) for item in value) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _split(spec: str, text: str) -> list[str]:
    """``text`` split at the commas outside brackets (``[2,4],[6]`` is two values)."""
    parts, depth, current = [], 0, ""
    for char in text:
        if char == "[":
            depth += 1
            if depth > 1:
                raise InputError(f"--set {cut(spec)}: lists inside lists cannot be swept")
        elif char == "]":
            depth -= 1
            if depth < 0:
                raise InputError(f"--set {cut(spec)}: a ']' without its '['")
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    if depth:
        raise InputError(f"--set {cut(spec)}: a '[' without its ']'")
    return [*parts, current]


def _value(spec: str, text: str) -> Value:
    """A scalar, or a bracketed list of scalars."""
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        inner = text[1:-1]
        items = _split(spec, inner) if inner.strip() else []
        if any(not item.strip() for item in items):
            raise InputError(f"--set {cut(spec)}: empty item in the list {cut(text)}")
        return tuple(scalar(item) for item in items)
    if "[" in text or "]" in text:
        raise InputError(f"--set {cut(spec)}: {excerpt(text)} is not a list (write it as [a,b,c])")
    return scalar(text)


def range_length(start: float, end: float, step: float) -> int:
    """How many values ``start..end:step`` holds (computed, not counted: ``0..1:1e-12`` is
    known to be 10^12 values long before any is made); 0 when ``start > end``."""
    if end < start:
        return 0
    if isinstance(start, int) and isinstance(end, int) and isinstance(step, int):
        return (end - start) // step + 1
    count = (end - start) / step + 1e-9
    return math.floor(count) + 1 if math.isfinite(count) else MAX_VARIANTS + 1


def _range(spec: str, text: str) -> tuple[Scalar, ...]:
    match = RANGE.match(text)
    assert match is not None
    start_text, end_text, step_text = match.groups()
    if max(len(part or "") for part in (start_text, end_text, step_text)) > MAX_NUMBER:
        raise InputError(f"--set {cut(spec)}: a number of more than {MAX_NUMBER} characters")
    integral = all(
        part is None or re.fullmatch(r"[-+]?\d+", part)
        for part in (start_text, end_text, step_text)
    )
    start: float
    end: float
    step: float
    if integral:
        start, end, step = int(start_text), int(end_text), int(step_text or 1)
    else:
        if step_text is None:
            raise InputError(
                f"--set {cut(spec)}: a range of decimals needs a step (e.g. 0.5..1:0.25)"
            )
        start, end, step = float(start_text), float(end_text), float(step_text)
        if not all(math.isfinite(x) for x in (start, end, step)):
            raise InputError(f"--set {cut(spec)}: a number too large for a range")
    if step <= 0:
        raise InputError(f"--set {cut(spec)}: the step must be positive")
    count = range_length(start, end, step)
    if count == 0:
        raise InputError(f"--set {cut(spec)}: empty range (the start is above the end)")
    if count > MAX_VARIANTS:
        raise InputError(f"--set {cut(spec)}: {count:,} values, at most {MAX_VARIANTS:,}")
    if integral:
        return tuple(range(int(start), int(end) + 1, int(step)))
    return tuple(round(start + i * step, 10) for i in range(count))


def parse_axis(spec: str) -> Axis:
    """One ``--set TABLE.FIELD=VALUES`` option."""
    if len(spec) > MAX_SPEC:
        raise InputError(f"--set {cut(spec)}: longer than {MAX_SPEC:,} characters")
    key, equals, text = spec.partition("=")
    table, dot, field = key.strip().partition(".")
    if not equals or not dot or not field:
        raise InputError(
            f"--set {cut(spec)}: expected TABLE.FIELD=VALUES (e.g. rules.players=2,3,4 or "
            "production.pitch=22..28:2)"
        )
    if table not in TABLES:
        raise InputError(
            f"--set {cut(spec)}: table {table!r} cannot be swept (allowed: rules, production)"
        )
    values: tuple[Value, ...]
    if RANGE.match(text):
        values = _range(spec, text)
    else:
        parts = _split(spec, text)
        if any(not part.strip() for part in parts):
            raise InputError(f"--set {cut(spec)}: empty value in the list")
        values = tuple(_value(spec, part) for part in parts)
    if len(set(map(repr, values))) != len(values):
        raise InputError(f"--set {cut(spec)}: a value is given twice")
    return Axis(table, field.strip(), values)


def parse_axes(specs: Sequence[str]) -> tuple[Axis, ...]:
    """Every ``--set`` option; each field at most once, not too many combinations."""
    if not specs:
        raise InputError("--set: give at least one TABLE.FIELD=VALUES to sweep")
    axes = tuple(parse_axis(spec) for spec in specs)
    names = [axis.name for axis in axes]
    for name in names:
        if names.count(name) > 1:
            raise InputError(f"--set: {name} is given more than once")
    total = math.prod(len(axis.values) for axis in axes)
    if total > MAX_VARIANTS:
        raise InputError(f"--set: {total} combinations, at most {MAX_VARIANTS}")
    return axes


def combinations(axes: Sequence[Axis]) -> list[dict[str, Value]]:
    """The cross product, first axis slowest: ``[{"rules.players": 2, "rules.n": 4}, ...]``."""
    return [
        {axis.name: value for axis, value in zip(axes, values, strict=True)}
        for values in itertools.product(*(axis.values for axis in axes))
    ]


def apply(data: dict[str, Any], point: dict[str, Value]) -> dict[str, Any]:
    """A copy of parsed variant data with the values of ``point`` set."""
    out = {key: dict(value) if isinstance(value, dict) else value for key, value in data.items()}
    for name, value in point.items():
        table, _, field = name.partition(".")
        current = out.get(table, {})
        given = list(value) if isinstance(value, tuple) else value
        out[table] = {**(current if isinstance(current, dict) else {}), field: given}
    return out
