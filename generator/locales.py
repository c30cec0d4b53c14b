"""Printed words per language: ``<folder>/<lang>.toml`` read once as dotted keys.

A plugin keeps its texts in TOML tables (``[meta] title = "…"`` is the key ``meta.title``) and
subclasses :class:`Texts` with its folder; the core's print furniture does the same
(:mod:`plywright.print.furniture`). A :class:`Texts` may also read further folders (``also``):
a key or a language its own folder lacks comes from the first of them that has it — this is
how a plugin's locale file adds a language to the core furniture. Every text goes through
:func:`plywright.typography.typeset` as it is read (and again once filled in), so each
language's quotes, dashes and no-break spaces are applied in this one place.
:func:`plural_category` (CLDR rules, through Babel) picks the noun form that goes with a count
(``[nouns.<noun>]`` tables with one key per category the language uses, e.g. lv ``zero``,
``one``, ``other``; uk ``one``, ``few``, ``many``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

from babel import Locale
from babel.lists import format_list

from plywright.typography import typeset


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
        texts = flatten(tomllib.load(handle))
    return MappingProxyType({key: typeset(text, lang) for key, text in texts.items()})


@cache
def merged(folders: tuple[Path, ...], lang: str) -> Mapping[str, str]:
    """The texts of ``lang`` from every folder that has them; a key of an earlier folder wins."""
    present = [folder for folder in folders if (folder / f"{lang}.toml").is_file()]
    if not present:
        allowed = ", ".join(sorted({code for folder in folders for code in languages(folder)}))
        where = ", ".join(str(folder) for folder in folders)
        raise ValueError(f"no texts in {lang!r} in {where} (allowed: {allowed})")
    out: dict[str, str] = {}
    for folder in reversed(present):
        out.update(load(folder, lang))
    return MappingProxyType(out)


def column_decimals(values: Sequence[float], places: int = 2) -> int:
    """The decimals a column of ``values`` needs: the most any of them shows once its trailing
    zeros (beyond ``places``) are dropped."""
    shown = (f"{v:.{places}f}".rstrip("0") for v in values)
    return max((len(text.partition(".")[2]) for text in shown), default=0)


@cache
def _plural_rule(lang: str) -> Any:
    return Locale.parse(lang).plural_form


def plural_category(lang: str, count: int) -> str:
    """CLDR plural category (``zero``, ``one``, ``two``, ``few``, ``many``, ``other``) of a
    whole ``count`` in ``lang``, from Babel's CLDR data (e.g. lv: ``zero`` for 0, 10-20, 30 …,
    ``one`` for 1, 21 … but not 11; uk: ``one``, ``few`` for 2-4, 22-24 …, ``many``)."""
    return str(_plural_rule(lang)(count))


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
    also: tuple[Path, ...] = ()
    """Folders read after :attr:`folder` for the keys (or the whole language) it lacks."""

    def strings(self) -> Mapping[str, str]:
        """Every text of this language under its dotted key."""
        if not self.also:
            return load(self.folder, self.lang)
        return merged((self.folder, *self.also), self.lang)

    def __call__(self, key: str, **values: object) -> str:
        """The text of ``key`` with its placeholders filled in (and typeset again, for the
        values)."""
        return typeset(self.raw(key).format(**values), self.lang)

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

    def number(self, value: float, places: int = 2, *, decimals: int | None = None) -> str:
        """``value`` in the locale's decimal mark. The one rule of every print: at most
        ``places`` decimals and no trailing zeros (``6,4 m``, ``8 m``), except in a column whose
        figures align, where every figure has the same ``decimals`` (see :meth:`column`)."""
        if decimals is not None:
            text = f"{value:.{decimals}f}"
        else:
            text = f"{value:.{places}f}".rstrip("0").rstrip(".") if places else f"{value:.0f}"
        return text.replace(".", self("format.decimal"))

    def column(self, values: Sequence[float], places: int = 2) -> list[str]:
        """The figures of a table column: each with as many decimals as the most precise needs
        (at most ``places``), so their decimal marks align (``9,43``, ``6,40``, ``2,50``)."""
        return [self.number(v, decimals=column_decimals(values, places)) for v in values]

    def listed(self, items: Sequence[str]) -> str:
        """``items`` as the language lists them (CLDR, through Babel): ``0,5 m, 1,5 m en
        2,5 m`` in Dutch."""
        return typeset(format_list(list(items), locale=self.lang), self.lang)

    def mm(self, value: float) -> str:
        """A length in millimetres, e.g. ``3,5 mm``."""
        return self("format.mm", value=self.number(value))
