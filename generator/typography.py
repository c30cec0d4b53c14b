"""Each language's typography applied to a printed text: :func:`typeset` (idempotent).

The rules, per language (``lv``, ``nl``, ``uk``; ``en`` and any other language get the shared
ones only):

* quotes: straight ``"…"`` and ``'…'`` used as quotation marks become the language's pair —
  lv „…“, nl „…”, uk «…», en “…”; lv and nl also mend the other pairs (“…” and a lv „…” closed
  with ”, a nl „…“); uk keeps „…“ (its quotes inside quotes);
* apostrophes between two letters: uk ʼ (U+02BC), en and nl ’;
* lv, nl: a spaced hyphen or em dash becomes the spaced en dash `` – ``; uk: a spaced hyphen
  or en dash becomes the spaced em dash `` — `` (the Ukrainian тире); the space before the dash
  is a no-break space, so a line never starts with a dash;
* uk: a one-letter preposition or conjunction (в, у, з, і, й, а, о) is joined to the next word
  and the particles б, би, ж, же to the word before by a no-break space (no line ends with
  «у» or starts with «б»);
* every language: a number range ``2-10`` or ``2 – 10`` becomes ``2–10``; a no-break space
  joins a number (or a ``{placeholder}``) to its unit or ``%``, a number to the word after it
  (``2 werpstokken``, ``5 basiskubbs``: no line ends with the bare number) and the ``×`` of a
  measurement to both its numbers (``10 × 5 m`` never breaks).

Left alone: markup tags (``<b>``, ``<font name="…">``), ``{placeholders}`` (a placeholder is
joined to its unit only: its value is typeset again once filled in), file names and words with
digits (``halma-2.toml``, ``A2-3``), decimals, quotes already right.
"""

from __future__ import annotations

import re
from collections.abc import Callable

NBSP = "\u00a0"
QUOTES: dict[str, tuple[str, str]] = {
    "lv": ("„", "“"),
    "nl": ("„", "”"),
    "uk": ("«", "»"),
    "en": ("“", "”"),
}
"""Each language's double quotes (open, close); other languages use the English ones."""
APOSTROPHE: dict[str, str] = {"uk": "ʼ", "en": "’", "nl": "’"}
"""The apostrophe between two letters, per language (others keep theirs)."""
SPACED_DASH: dict[str, str] = {"lv": NBSP + "– ", "nl": NBSP + "– ", "uk": NBSP + "— "}
"""The parenthetical dash of the languages that space it (held to the word before)."""
UNITS = ("mm", "cm", "m", "km", "g", "kg", "pt", "мм", "см", "м", "км", "г", "кг")

_PROTECTED = re.compile(r"<[^<>]*>|\{[^{}]*\}")
_MASK, _FIRST = "\ue000", 0xE100
"""Tags and placeholders are swapped for private-use characters while the rules run."""
_MASKED = re.compile("\ue000(.)\ue000")
_NUMBER_END = r"(?:(?<=\d)|(?<=\}))"
_UNIT = re.compile(_NUMBER_END + r"[ ](%|(?:" + "|".join(UNITS) + r")(?![\w]))")
_NUMBER_WORD = re.compile(r"(?<![\w.,/\\-])(\d+(?:[.,]\d+)?) (?=[^\W\d_])")
"""A number standing alone (not part of a word, a code or a file name) and the word after it."""
_TIMES = re.compile(_NUMBER_END + r" × (?=[\d{])")
"""The ``×`` between two numbers (or placeholders) of a measurement."""
_RANGE = re.compile(r"(?<![\w.,/\\-])(\d+) ?[-–] ?(\d+)(?![\w/\\-]|[.,]\d)")
_DASH = re.compile(r"(?<=\S) (?:-|—|–|--) (?=\S)")
_STRAIGHT_DOUBLE = re.compile(r'"([^"\n]*)"')
_STRAIGHT_SINGLE = re.compile(r"(?<![\w'])'(?=\S)([^'\n]*?)(?<=\S)'(?![\w'])")
_LETTERS_APOSTROPHE = re.compile(r"(?<=[^\W\d_])['’](?=[^\W\d_])")
_UK_SHORT_WORD = re.compile(r"(?<![\wʼ'’-])([ВвУуЗзІіЙйАаОо]) (?=[^\W\d_]|[«(„\d])")
_UK_PARTICLE = re.compile(r"(?<=[^\W\d_]) (б|би|ж|же)(?![\w])")


def _pairs(pattern: str, open_: str, close: str) -> Callable[[str], str]:
    compiled = re.compile(pattern)
    return lambda text: compiled.sub(lambda m: f"{open_}{m.group(1)}{close}", text)


def _mend_quotes(lang: str) -> list[Callable[[str], str]]:
    """Rewrites of the wrong curly pairs into the language's."""
    open_, close = QUOTES.get(lang, QUOTES["en"])
    if lang == "lv":
        return [_pairs("„([^„“”\n]*)”", open_, close), _pairs("“([^„“”\n]*)”", open_, close)]
    if lang == "nl":
        return [_pairs("„([^„“”\n]*)“", open_, close), _pairs("“([^„“”\n]*)”", open_, close)]
    if lang == "uk":
        return [_pairs("“([^„“”\n]*)”", open_, close)]
    return []


def _plain(text: str, lang: str) -> str:
    """The rules on a stretch of text without tags or placeholders."""
    open_, close = QUOTES.get(lang, QUOTES["en"])
    apostrophe = APOSTROPHE.get(lang)
    if apostrophe:
        text = _LETTERS_APOSTROPHE.sub(apostrophe, text)
    text = _STRAIGHT_DOUBLE.sub(lambda m: f"{open_}{m.group(1)}{close}", text)
    text = _STRAIGHT_SINGLE.sub(lambda m: f"{open_}{m.group(1)}{close}", text)
    for mend in _mend_quotes(lang):
        text = mend(text)
    text = _RANGE.sub(r"\1–\2", text)
    text = _NUMBER_WORD.sub(r"\1" + NBSP, text)
    dash = SPACED_DASH.get(lang)
    if dash:
        text = _DASH.sub(dash, text)
    if lang == "uk":
        text = _UK_SHORT_WORD.sub(r"\1" + NBSP, text)
        text = _UK_PARTICLE.sub(NBSP + r"\1", text)
    return text


def typeset(text: str, lang: str) -> str:
    """``text`` with the typography of ``lang`` (see the module docstring); idempotent."""
    if not text:
        return text
    kept: list[str] = []

    def keep(match: re.Match[str]) -> str:
        kept.append(match.group(0))
        return f"{_MASK}{chr(_FIRST + len(kept) - 1)}{_MASK}"

    masked = _PROTECTED.sub(keep, text)
    done = _plain(masked, lang)
    restored = _MASKED.sub(lambda m: kept[ord(m.group(1)) - _FIRST], done)
    joined = _TIMES.sub(f"{NBSP}×{NBSP}", restored)
    return _UNIT.sub(NBSP + r"\1", joined)
