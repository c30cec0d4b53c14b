"""Every printed PDF of every example variant, for the cross-game print tests.

:data:`PRINTS` lists them at collection time (one :class:`Print` per PDF the build would write,
from the registered plugins' artifacts); :func:`built` writes a variant's prints once per test
session into a shared folder and returns it. :func:`language_problems` is the page-language
check: stop words of each language counted on the page, a language that is not the page's
must not dominate it, and a Ukrainian page is written in Cyrillic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from plywright.build import build, collect_artifacts, select
from plywright.errors import InputError
from plywright.registry import Registry, load_registry
from plywright.variant import Variant, load_variant

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.toml"))


@dataclass(frozen=True)
class Print:
    """One PDF of one example variant."""

    example: str
    """The variant file's stem, e.g. ``halma-standard``."""
    path: str
    """The artifact's path in the build, e.g. ``print/rulebook-lv.pdf``."""
    kind: str
    lang: str
    """The language its pages are in (the artifact's, else the variant's first)."""
    languages: tuple[str, ...]
    """Languages its pages may show: its own only, or every language of the variant for a
    sheet without one language (tokens, mats and templates may join several)."""

    @property
    def id(self) -> str:
        return f"{self.example}:{self.path.removeprefix('print/')}"


@cache
def registry() -> Registry:
    return load_registry()


@cache
def variant(example: str) -> Variant:
    return load_variant(ROOT / "examples" / f"{example}.toml", registry())


def _prints() -> list[Print]:
    out: list[Print] = []
    for path in EXAMPLES:
        try:
            v = variant(path.stem)
        except InputError:  # a game whose plugin is not installed here (the example plugin)
            continue
        langs = tuple(v.print.languages)
        for artifact in select(collect_artifacts(registry(), v), None):
            if not artifact.path.endswith(".pdf") or not artifact.kind.startswith("print/"):
                continue
            own = artifact.lang
            out.append(
                Print(
                    path.stem,
                    artifact.path,
                    artifact.kind,
                    own or langs[0],
                    (own,) if own else langs,
                )
            )
    return out


PRINTS = _prints()


def built(root: Path, example: str) -> Path:
    """The build folder of ``example``'s prints under ``root`` (written on first use)."""
    folder = root / example
    if not (folder / "manifest.json").is_file():
        build(registry(), variant(example), out=folder, only=["print"])
    return folder


STOP_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset(
        [
            "the",
            "and",
            "to",
            "with",
            "your",
            "you",
            "each",
            "every",
            "at",
            "for",
            "from",
            "are",
            "be",
            "it",
            "this",
            "that",
            "or",
            "by",
            "not",
            "its",
            "their",
            "when",
            "then",
        ]
    ),
    "lv": frozenset(
        [
            "un",
            "ir",
            "uz",
            "ar",
            "kas",
            "lai",
            "vai",
            "par",
            "tā",
            "kā",
            "nav",
            "jūs",
            "savu",
            "katru",
            "kur",
            "tad",
            "arī",
            "līdz",
            "pie",
            "ka",
            "gan",
            "bet",
            "šo",
            "šī",
            "tās",
            "tiek",
            "viņš",
            "kura",
            "kurš",
            "drīkst",
        ]
    ),
    "nl": frozenset(
        [
            "de",
            "het",
            "een",
            "en",
            "van",
            "op",
            "te",
            "dat",
            "die",
            "niet",
            "je",
            "met",
            "voor",
            "zijn",
            "er",
            "aan",
            "om",
            "bij",
            "ook",
            "als",
            "naar",
            "dan",
            "wordt",
            "mag",
            "moet",
            "elke",
            "ze",
            "hun",
        ]
    ),
    "uk": frozenset(
        [
            "і",
            "й",
            "в",
            "у",
            "на",
            "з",
            "що",
            "не",
            "до",
            "за",
            "як",
            "та",
            "це",
            "його",
            "її",
            "від",
            "по",
            "або",
            "чи",
            "вона",
            "він",
            "коли",
            "якщо",
            "лише",
            "ще",
            "після",
        ]
    ),
}
"""Short, frequent words of each language that the other three do not use."""


def stop_word_counts(text: str) -> dict[str, int]:
    words = re.findall(r"[^\W\d_]+", text.lower())
    return {lang: sum(word in stop for word in words) for lang, stop in STOP_WORDS.items()}


def cyrillic_share(text: str) -> float:
    letters = [ch for ch in text if ch.isalpha()]
    if not letters:
        return 0.0
    return sum("\u0400" <= ch <= "\u04ff" for ch in letters) / len(letters)


def language_problems(text: str, lang: str, allowed: tuple[str, ...]) -> list[str]:
    """Why ``text`` (one page) is not in ``lang``: another language's stop words outnumber its
    own (a third of them for a language the page may not show, three times for one it may show
    beside ``lang``), a page of 15 words or more without one of its own, the wrong script, or
    one sentence in a language the page may not show (:func:`stray_sentences`)."""
    counts = stop_word_counts(text)
    own = counts.get(lang, 0)
    problems = [
        f"{other} stop words dominate ({n} vs {own} {lang})"
        for other, n in counts.items()
        if other != lang and n > (max(2, 3 * own) if other in allowed else max(2, own / 3))
    ]
    if len(text.split()) >= 15 and lang in counts and own == 0:
        problems.append(f"no {lang} stop word on a page of {len(text.split())} words")
    problems += [f"a sentence not in {lang}: {s!r}" for s in stray_sentences(text, lang, allowed)]
    share = cyrillic_share(text)
    if lang == "uk" and share < (0.5 if allowed == (lang,) else 0.3):
        problems.append(f"only {share:.0%} of the letters are Cyrillic")
    if "uk" not in allowed and share > 0.05:
        problems.append(f"{share:.0%} of the letters are Cyrillic")
    return problems


SENTENCE_WORDS = 5
"""Sentences shorter than this (labels, names, numbers) are not classified."""
SENTENCE_END = re.compile(r"(?<=[.!?:;])\s+|\s+[•·]\s+")


def sentences(text: str) -> list[str]:
    """``text`` (one page, whitespace collapsed) cut at sentence ends and bullets, each piece
    of at least :data:`SENTENCE_WORDS` words."""
    pieces = (piece.strip() for piece in SENTENCE_END.split(text))
    return [p for p in pieces if len(re.findall(r"[^\W\d_]+", p)) >= SENTENCE_WORDS]


def sentence_language(sentence: str, lang: str) -> str | None:
    """The language a sentence is written in if the evidence is clear, else ``None``: mostly
    Cyrillic letters: ``uk``; otherwise the language with the most stop words, if it has at
    least two and more than ``lang`` (the page's) has."""
    share = cyrillic_share(sentence)
    if share > 0.5:
        return "uk"
    counts = stop_word_counts(sentence)
    counts.pop("uk", None)
    best = max(counts, key=lambda other: (counts[other], other == lang))
    if best != lang and counts[best] >= 2 and counts[best] > counts.get(lang, 0):
        return best
    if lang == "uk" and share < 0.2:
        return best if counts[best] else "a Latin-script language"
    return lang if lang != "uk" else None


def stray_sentences(text: str, lang: str, allowed: tuple[str, ...]) -> list[str]:
    """Sentences of :data:`SENTENCE_WORDS` words or more on a page in ``lang`` that read as a
    language the page may not show (one stray English sentence on a Latvian page)."""
    out = []
    for sentence in sentences(text):
        found = sentence_language(sentence, lang)
        if found is not None and found != lang and found not in allowed:
            out.append(sentence)
    return out
