"""Texts of the Kubb printables (rulebooks, field plan, crown template): ``<lang>.toml`` beside
this file."""

from __future__ import annotations

from pathlib import Path

from plywright import locales

LOCALES = Path(__file__).parent


class Texts(locales.Texts):
    """The Kubb texts of one language."""

    folder = LOCALES

    def m(self, value: float, decimals: int | None = None) -> str:
        """A length in metres, e.g. ``9,43 m`` in Dutch (``decimals``: a table column's)."""
        return self("format.m", value=self.number(value, decimals=decimals))
