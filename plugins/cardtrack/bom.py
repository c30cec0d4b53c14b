"""The Konstruktsiia bill of materials: card decks, the wooden tokens and their board, the mat's
sheets and the reference cards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from plywright.bom import BomRow
from plywright.cad.plan import mm
from plywright.plugins.cardtrack.options import CARDS_PER_DECK, CardtrackRules
from plywright.plugins.cardtrack.production import CardtrackProduction


@dataclass(frozen=True)
class TokenCount:
    """The tokens of a set by kind (both colours)."""

    big: int
    small: int


@dataclass(frozen=True)
class MatSheets:
    """The mat as printed: ``tiles`` sheets of ``paper``, or one sheet of ``size`` (mm)."""

    paper: str
    tiles: int
    size: tuple[float, float]


def bom_rows(
    r: CardtrackRules,
    p: CardtrackProduction,
    tokens: TokenCount,
    mat: MatSheets,
    languages: Sequence[str],
) -> list[BomRow]:
    """The rows of ``bom.csv``."""
    width, length = mat.size
    one_of = f"the file of one language ({' or '.join(languages)})"
    return [
        BomRow(
            "cards",
            "deck of 52 cards + 2 jokers",
            r.decks,
            "decks",
            f"{mm(p.w)} x {mm(p.h)} mm; {CARDS_PER_DECK * r.decks} cards, "
            f"{2 * r.decks - 2} spare jokers "
            + ("set aside" if r.spare_jokers == "remove" else "played as wild cards"),
        ),
        BomRow(
            "tokens",
            f"big token D{mm(p.big_token)} x {mm(p.wood_thickness)} mm",
            tokens.big,
            "pcs",
            "one Black, one Red; engraved ring",
        ),
        BomRow(
            "tokens",
            f"small token D{mm(p.small_token)} x {mm(p.wood_thickness)} mm",
            tokens.small,
            "pcs",
            f"{r.small_tokens} Black, {r.small_tokens} Red",
        ),
        BomRow(
            "tokens",
            "hardwood board",
            1,
            "pcs",
            f"{mm(p.sheet_width)} x {mm(p.sheet_height)} x {mm(p.wood_thickness)} mm",
        ),
        BomRow(
            "mat",
            f"{mat.paper} sheets (tiled mat)",
            mat.tiles,
            "sheets",
            f"print {one_of} at 100 %, tape",
        ),
        BomRow(
            "mat",
            "large-format sheet (one-page mat)",
            1,
            "sheets",
            f"{mm(width)} x {mm(length)} mm (alternative to the tiled mat), {one_of}",
        ),
        BomRow(
            "print",
            "reference card",
            2 * len(languages),
            "pcs",
            f"one per player and language ({', '.join(languages)}), "
            f"{mm(p.w)} x {mm(p.h)} mm, printed both sides",
        ),
    ]
