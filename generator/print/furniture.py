"""The words of the core's print furniture (templates, sheets, scale bar, machining steps).

They live in ``generator/print/locales/<lang>.toml`` under ``[print.*]`` tables and are read
through :class:`plywright.locales.Texts` (typography applied, CLDR plurals). A plugin adds a
language to the furniture without editing the core: its own ``locales/<lang>.toml`` carries
the same ``[print.template]``, ``[print.paper]``, ``[print.scale]``, ``[print.sheet]`` and
``[print.operation]`` tables, and it passes its folder to the writer (``locales=(FOLDER,)``);
the core's own texts win for the languages the core has. :func:`missing_keys` lists what such
a file still lacks.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from plywright import locales
from plywright.locales import Texts

FOLDER = Path(__file__).with_name("locales")
"""The core's furniture texts, one file per language."""
REFERENCE = "en"
"""The language whose keys every other furniture language must carry."""


class PrintTexts(Texts):
    """The furniture's texts in one language (the core folder, then the plugin folders)."""

    folder = FOLDER


def furniture(lang: str, locale_folders: Sequence[Path] = ()) -> PrintTexts:
    """The furniture's words in ``lang``; ``locale_folders`` are plugin folders read for a
    language (or a key) the core lacks. Raises ``ValueError`` naming the languages there are."""
    texts = PrintTexts(lang, also=tuple(locale_folders))
    texts.strings()  # fail here, not halfway through a page
    return texts


def languages(locale_folders: Sequence[Path] = ()) -> tuple[str, ...]:
    """Every language the furniture can be printed in (the core's and the plugins')."""
    found = {lang for folder in (FOLDER, *locale_folders) for lang in locales.languages(folder)}
    return tuple(sorted(found))


def furniture_keys() -> frozenset[str]:
    """The keys a furniture language must have (those of the reference language)."""
    return frozenset(key for key in locales.load(FOLDER, REFERENCE) if key.startswith("print."))


def missing_keys(lang: str, locale_folders: Sequence[Path] = ()) -> list[str]:
    """The furniture keys ``lang`` lacks in the core and ``locale_folders``, sorted."""
    have = furniture(lang, locale_folders).strings()
    return sorted(furniture_keys() - set(have))
