"""Validator messages in plain words for the designer page (the CLI's words stay beside them).

pydantic's first error of a field (its ``type``, ``ctx`` and ``input``) becomes a short
sentence a person who never read the CLI can act on; anything not known here keeps the
core's own words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any


def _number(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _typed(value: object) -> str:
    text = str(value)
    return f" (you typed {text[:40]})" if text.strip() else ""


def plain_error(error: Mapping[str, Any]) -> str:
    """One pydantic error (an item of ``ValidationError.errors()``) in plain words."""
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    given = error.get("input")
    shown = _typed(given) if not isinstance(given, dict | list) else ""
    bounds = {
        "less_than_equal": ("at most", "le"),
        "less_than": ("less than", "lt"),
        "greater_than_equal": ("at least", "ge"),
        "greater_than": ("more than", "gt"),
    }
    if kind in bounds:
        words, key = bounds[kind]
        return f"must be {words} {_number(ctx.get(key))}{shown}"
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return f"must be a whole number{shown}"
    if kind in ("float_parsing", "float_type", "finite_number"):
        return f"must be a number{shown}"
    if kind in ("bool_parsing", "bool_type"):
        return "must be on or off (true or false)"
    if kind in ("literal_error", "enum"):
        expected = str(ctx.get("expected", "")).replace("'", "")
        return f"must be one of: {expected}{shown}"
    if kind in ("string_type", "string_too_long", "string_too_short"):
        return "must be a short text"
    if kind in ("list_type", "tuple_type"):
        return "must be a list of values separated by commas"
    if kind == "too_short":
        return f"needs at least {ctx.get('min_length')} value(s), separated by commas"
    if kind == "too_long":
        return f"takes at most {ctx.get('max_length')} value(s)"
    if kind == "missing":
        return "is needed"
    if kind == "extra_forbidden":
        return "is not a setting of this game"
    if kind == "value_error":
        return str(error.get("msg", "")).removeprefix("Value error, ")
    return str(error.get("msg", "this value is not allowed"))


_PREFIX = re.compile(r"^(\[[a-z_]+\][^:]*|name|preset|game):\s*")


def plain_message(message: str) -> str:
    """A core message (``[rules] n: ...``, ``name: ...``) without its ``where:`` prefix."""
    return _PREFIX.sub("", message, count=1)


def fields_named(message: str, names: list[str]) -> list[str]:
    """The field names of ``names`` that ``message`` mentions as whole words, in order."""
    words = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", message)
    return [name for name in names if name in words]
