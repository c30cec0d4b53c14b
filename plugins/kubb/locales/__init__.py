"""Texts of the Kubb printables (rulebooks, field plan): ``<lang>.toml`` beside this file."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

LOCALES = Path(__file__).parent
LANGUAGES = ("nl", "en")


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, Mapping):
            out.update(_flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = str(value)
    return out


@cache
def locale_strings(lang: str) -> Mapping[str, str]:
    """Every text of ``<lang>.toml`` under its dotted key (read once, read-only)."""
    with (LOCALES / f"{lang}.toml").open("rb") as handle:
        return MappingProxyType(_flatten(tomllib.load(handle)))


@dataclass
class Texts:
    """The texts of one language; records which keys were used (for the tests)."""

    lang: str
    used: set[str] = field(default_factory=set)

    def __call__(self, key: str, **values: object) -> str:
        """The text of ``key`` with its placeholders filled in."""
        return self.raw(key).format(**values)

    def raw(self, key: str) -> str:
        self.used.add(key)
        return locale_strings(self.lang)[key]

    def number(self, value: float, places: int = 2) -> str:
        """``value`` with at most ``places`` decimals and the locale's decimal mark."""
        text = f"{value:.{places}f}".rstrip("0").rstrip(".") if places else f"{value:.0f}"
        return text.replace(".", self("format.decimal"))

    def m(self, value: float) -> str:
        """A length in metres, e.g. ``9,43 m`` in Dutch."""
        return self("format.m", value=self.number(value))
