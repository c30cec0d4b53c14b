"""Static checks of a Konstruktsiia ``[rules]`` table, before any game is simulated."""

from __future__ import annotations

from plywright.api import StaticCheck
from plywright.plugins.cardtrack.geometry import column_range
from plywright.plugins.cardtrack.options import CardtrackRules, buildable_cards, kings_per_colour

CARDS_PER_ROW = 16
"""Turned cards a ``builder`` game needs per row of ``height`` (measured: about 11 per row at
3 decks with two builders, more when cards run short); fewer ``max_turns`` than this per row
risk unfinished games."""


def check_height(rules: CardtrackRules) -> StaticCheck:
    """Each big token needs ``height`` vertical cards above its joker (one column each)."""
    most = buildable_cards(rules.decks)
    if rules.height > most:
        return StaticCheck(
            "cardtrack-height",
            False,
            f"height {rules.height} needs more cards than the {most} buildable cards of "
            f"{rules.decks} deck(s)",
        )
    return StaticCheck(
        "cardtrack-height",
        True,
        f"height {rules.height} is reachable: {most} buildable cards (no kings, no jokers)",
    )


def check_shared_cards(rules: CardtrackRules) -> StaticCheck:
    """Two own columns up to ``height`` should leave half of the buildable cards for moving
    (and for bridges); else the shoe runs dry of low cards and games drag on."""
    most = buildable_cards(rules.decks)
    need = 2 * rules.height
    ok = need <= most // 2
    message = f"two columns of {rules.height} cards use {need} of {most} buildable cards" + (
        "" if ok else ": few cards are left to move with, expect long games or no winner"
    )
    return StaticCheck("cardtrack-cards", ok, message, "warning")


def check_kings(rules: CardtrackRules) -> StaticCheck:
    """Small tokens enter only with kings: one king of the player's colour per token."""
    kings = kings_per_colour(rules.decks)
    if rules.small_tokens > kings:
        return StaticCheck(
            "cardtrack-kings",
            False,
            f"small_tokens {rules.small_tokens} but only {kings} kings per colour in "
            f"{rules.decks} deck(s): {rules.small_tokens - kings} small token(s) never enter",
            "warning",
        )
    return StaticCheck(
        "cardtrack-kings",
        True,
        f"{kings} kings per colour place up to {rules.small_tokens} small tokens",
        "warning",
    )


def check_spare_jokers(rules: CardtrackRules) -> StaticCheck:
    """``spare_jokers = "wild"`` needs more than one deck (one deck's jokers are the starts)."""
    spare = 2 * (rules.decks - 1)
    if rules.spare_jokers == "wild" and spare == 0:
        return StaticCheck(
            "cardtrack-jokers",
            False,
            "spare_jokers = 'wild' has no effect with 1 deck: both jokers are start cards",
            "warning",
        )
    return StaticCheck(
        "cardtrack-jokers", True, f"{spare} spare joker(s): {rules.spare_jokers}", "warning"
    )


def check_columns(rules: CardtrackRules) -> StaticCheck:
    """A narrow table leaves no way round a block."""
    bounds = column_range(rules.max_columns)
    if bounds is None:
        return StaticCheck("cardtrack-columns", True, "unlimited columns", "warning")
    first, last = bounds
    ok = rules.max_columns >= 2
    return StaticCheck(
        "cardtrack-columns",
        ok,
        f"columns {first} to {last}"
        + ("" if rules.max_columns > 2 else ": only the start columns, bridges join them only"),
        "warning",
    )


def check_max_turns(rules: CardtrackRules) -> StaticCheck:
    """``max_turns`` must leave room for a whole game."""
    need = CARDS_PER_ROW * rules.height
    ok = rules.max_turns >= need
    message = f"max_turns {rules.max_turns} " + (
        f">= {need} ({CARDS_PER_ROW} turned cards per row of height)"
        if ok
        else f"is below {need} ({CARDS_PER_ROW} per row of height): expect unfinished games"
    )
    return StaticCheck("cardtrack-max-turns", ok, message, "warning")


def static_checks(rules: CardtrackRules) -> list[StaticCheck]:
    """Every static check of the ``[rules]`` table."""
    return [
        check_height(rules),
        check_shared_cards(rules),
        check_kings(rules),
        check_spare_jokers(rules),
        check_columns(rules),
        check_max_turns(rules),
    ]
