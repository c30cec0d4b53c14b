"""The Konstruktsiia variant-file schema: ``[rules]``, ``[print]`` models + presets.

Rule names follow ``docs/rules/konstruktsiia.md``; ``[production]`` (card size, tokens) is
:class:`plywright.plugins.cardtrack.production.CardtrackProduction`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from plywright.api import PrintOptions, StrictModel

CARDS_PER_DECK = 54
"""52 cards plus 2 jokers."""
MAX_DECKS = 8


def buildable_cards(decks: int) -> int:
    """Cards that may be built into the track: every card but kings and jokers (48 a deck)."""
    return 48 * decks


def kings_per_colour(decks: int) -> int:
    """Kings of one colour (two suits) in ``decks`` decks."""
    return 2 * decks


class CardtrackRules(StrictModel):
    """``[rules]`` of Konstruktsiia."""

    decks: int = Field(
        3, ge=1, le=MAX_DECKS, description="decks of 52 cards + 2 jokers in the shoe"
    )
    height: int = Field(
        10,
        ge=1,
        le=48 * MAX_DECKS,
        description="row a big token must reach (summit) before returning",
    )
    spare_jokers: Literal["remove", "wild"] = Field(
        "remove",
        description="jokers beyond the two start cards: 'remove' from the game or 'wild' "
        "(any value for one move, never built)",
    )
    small_tokens: int = Field(
        6, ge=0, le=4 * MAX_DECKS, description="small tokens per player (placed by kings)"
    )
    small_path_rule: Literal["turned_card", "stop_card"] = Field(
        "turned_card",
        description="small-token path: every entered card at most the turned card "
        "('turned_card') or at most the card it stops on ('stop_card')",
    )
    small_max_steps: int = Field(
        3, ge=1, le=10, description="most steps of one small-token move (and of a king's move)"
    )
    home_joker: Literal["protected", "open"] = Field(
        "protected",
        description="'protected': no token may stop on the other player's starting joker "
        "(a token parked there would keep that player from ever finishing); 'open': tokens "
        "may stop there (the seed is silent)",
    )
    max_columns: int = Field(
        0, ge=0, le=200, description="vertical columns the table holds (0 = unlimited, else >= 2)"
    )
    max_turns: int = Field(
        2000, ge=1, le=1_000_000, description="turned cards before a game is unfinished"
    )

    @model_validator(mode="after")
    def _consistent(self) -> CardtrackRules:
        if self.max_columns == 1:
            raise ValueError("max_columns must be 0 (unlimited) or at least 2 (the start columns)")
        most = buildable_cards(self.decks)
        if self.height > most:
            raise ValueError(
                f"height {self.height} is beyond what {self.decks} deck(s) allow: at most "
                f"{most} cards (all but kings and jokers) can be built"
            )
        return self


class CardtrackPrint(PrintOptions):
    """``[print]`` of Konstruktsiia: rulebooks in Ukrainian (the seed's language) and English."""

    languages: tuple[Literal["uk", "en"], ...] = Field(
        ("uk", "en"), min_length=1, description="rulebook and reference-card languages (uk, en)"
    )


PRESETS: dict[str, dict[str, dict[str, object]]] = {
    "standard": {"rules": {}},
    "quick": {"rules": {"decks": 2, "height": 6, "small_tokens": 4}},
    "literal": {"rules": {"small_path_rule": "stop_card"}},
}
"""``standard``: the seed (3 decks, 10 rows, 6 small tokens); ``quick``: 2 decks, 6 rows,
4 small tokens; ``literal``: the seed's literal small-token path reading."""
