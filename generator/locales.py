"""A game's printed words per language: ``<folder>/<lang>.toml`` read once as dotted keys.

A plugin keeps its texts in TOML tables (``[meta] title = "…"`` is the key ``meta.title``) and
subclasses :class:`Texts` with its folder; :func:`plural_category` picks the noun form that goes
with a count (``[nouns.<noun>]`` tables with one key per category the language uses).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar


def flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """Nested TOML tables as one mapping of dotted keys to texts."""
    out: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, Mapping):
            out.update(flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = str(value)
    return out


def languages(folder: Path) -> tuple[str, ...]:
    """The languages that have a ``<lang>.toml`` in ``folder``, sorted."""
    return tuple(sorted(path.stem for path in folder.glob("*.toml")))


@cache
def load(folder: Path, lang: str) -> Mapping[str, str]:
    """Every text of ``<folder>/<lang>.toml`` under its dotted key (read once, read-only)."""
    path = folder / f"{lang}.toml"
    if not path.is_file():
        allowed = ", ".join(languages(folder))
        raise ValueError(f"no texts in {lang!r} in {folder} (allowed: {allowed})")
    with path.open("rb") as handle:
        return MappingProxyType(flatten(tomllib.load(handle)))


def plural_category(lang: str, count: int) -> str:
    """CLDR plural category of a whole ``count``.

    Latvian (``lv``): ``one`` after 1, 21, 31 … (not 11), else ``other``. Ukrainian (``uk``):
    ``one`` (1, 21 …), ``few`` (2-4, 22-24 …, not 12-14), ``many``. Every other language:
    ``one`` for 1, else ``other``.
    """
    if lang == "lv":
        return "one" if count % 10 == 1 and count % 100 != 11 else "other"
    if lang == "uk":
        if count % 10 == 1 and count % 100 != 11:
            return "one"
        if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
            return "few"
        return "many"
    return "one" if count == 1 else "other"


@dataclass
class Texts:
    """The texts of one language; records which keys were used (for the tests).

    Subclasses set :attr:`folder`. Expected keys: ``format.decimal`` (for :meth:`number`),
    ``format.mm`` with ``{value}`` (for :meth:`mm`), ``nouns.<noun>.<category>`` (for
    :meth:`word`).
    """

    folder: ClassVar[Path]
    lang: str
    used: set[str] = field(default_factory=set)

    def strings(self) -> Mapping[str, str]:
        """Every text of this language under its dotted key."""
        return load(self.folder, self.lang)

    def __call__(self, key: str, **values: object) -> str:
        """The text of ``key`` with its placeholders filled in."""
        return self.raw(key).format(**values)

    def raw(self, key: str) -> str:
        """The text of ``key`` as written (placeholders left for someone else to fill)."""
        self.used.add(key)
        return self.strings()[key]

    def word(self, noun: str, count: int) -> str:
        """The noun's form that goes with ``count`` (every form of the noun counts as used)."""
        prefix = f"nouns.{noun}."
        self.used.update(key for key in self.strings() if key.startswith(prefix))
        return self.raw(f"{prefix}{plural_category(self.lang, count)}")

    def count(self, noun: str, count: int) -> str:
        """``count`` followed by the noun in the right form, e.g. ``121 iedobe``."""
        return f"{count} {self.word(noun, count)}"

    def number(self, value: float, places: int = 2) -> str:
        """``value`` with at most ``places`` decimals, the locale's decimal mark, no trailing
        zeros."""
        text = f"{value:.{places}f}".rstrip("0").rstrip(".") if places else f"{value:.0f}"
        return text.replace(".", self("format.decimal"))

    def mm(self, value: float) -> str:
        """A length in millimetres, e.g. ``3,5 mm``."""
        return self("format.mm", value=self.number(value))
