"""Konstruktsiia positions for tests and diagrams, built through public calls.

Two ways to get a position:

- through legal play: :func:`play` (turn a card, take an action) and :func:`build_track`
  (turn and build each card in turn; every build must be legal when it comes);
- by the direct setters, which put things where asked without playing the turns between:
  :func:`lay_track` (cards leave the draw pile and lie on the track), :func:`place_tokens`
  (a seat's big token and small tokens; the small ones come out of the reserve) and
  :func:`set_draw` (the draw pile becomes exactly the given cards, the open pile empty; the
  other cards leave the game). No turn is counted and nothing goes to the open pile. Set the
  track and tokens before :func:`turn` turns the card to decide on.

:func:`position` does all of it in one call. Slots are :class:`~.geometry.Slot` or slot
indices; cards are record names (``"5C"``; a joker ``"X"`` belongs to ``seat``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from plywright.plugins.cardtrack import cards
from plywright.plugins.cardtrack.geometry import Slot, slot_index
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.rules import CardtrackState, build_action, make_game

SlotLike = Slot | int
"""A slot or its index (:func:`plywright.plugins.cardtrack.geometry.slot_index`)."""
Cards = Mapping[Slot, str] | Mapping[int, str] | Iterable[tuple[SlotLike, str]]
"""Cards on the track: ``(slot, card name)`` pairs or a slot -> card name mapping."""


def _pairs(track: Cards) -> list[tuple[SlotLike, str]]:
    return list(track.items()) if isinstance(track, Mapping) else list(track)


def index_of(slot: SlotLike) -> int:
    """The slot index of ``slot``."""
    return slot if isinstance(slot, int) else slot_index(slot)


def kind_of(card: str, seat: int = 0) -> int:
    """The card kind of a record name (a joker ``"X"`` is ``seat``'s)."""
    return cards.parse(card, seat)


def owner_of(card: str) -> int:
    """The seat a card name belongs to: Red for diamonds and hearts, else Black."""
    return 1 if card[-1] in "DH" else 0


# --- through legal play -----------------------------------------------------------------


def turn(state: CardtrackState, card: str, seat: int | None = None) -> None:
    """Turn ``card`` from the draw pile (a joker ``"X"`` is ``seat``'s, Black's by default)."""
    state.apply_action(kind_of(card, owner_of(card) if seat is None else seat))


def play(state: CardtrackState, card: str, action: int) -> None:
    """Turn ``card``, then take ``action`` (raises ``ValueError`` if the engine refuses)."""
    turn(state, card)
    state.apply_action(action)


def build_track(state: CardtrackState, track: Cards) -> None:
    """Turn and build each ``(slot, card)`` in order; jokers (``"X"``) are the start jokers,
    already there, and are skipped."""
    for slot, card in _pairs(track):
        if card != "X":
            play(state, card, build_action(index_of(slot)))


# --- direct setters ---------------------------------------------------------------------


def lay_track(state: CardtrackState, track: Cards, seat: int = 0) -> None:
    """Take each card out of the draw pile (its lowest deck) and lay it in its slot, in any
    order, without turns (a joker ``"X"`` is ``seat``'s)."""
    for slot, card in _pairs(track):
        index, kind = index_of(slot), kind_of(card, seat)
        if index in state.track:
            raise ValueError(f"slot {slot} already holds a card")
        if kind not in state.draw:
            raise ValueError(f"card {card} is not in the draw pile")
        state.draw.remove(kind)
        deck = state.draw_decks[kind].pop(0)
        state.lay_card(index, kind, deck)


def place_tokens(
    state: CardtrackState,
    seat: int,
    big: SlotLike | None = None,
    smalls: Sequence[SlotLike] | None = None,
) -> None:
    """Put ``seat``'s big token on ``big`` and its small tokens on ``smalls`` (in order of
    placement, taken from the reserve); None keeps where they are."""
    if big is not None:
        state.big[seat] = index_of(big)
    if smalls is not None:
        placed = [index_of(slot) for slot in smalls]
        left = state.game.rules.small_tokens - len(placed)
        if left < 0:
            raise ValueError(f"{len(placed)} small tokens, only {left + len(placed)} in play")
        state.smalls[seat] = placed
        state.reserve[seat] = left
    occ: dict[int, int] = {}
    for index in state.tokens(seat):
        if index not in state.track:
            raise ValueError(f"a token on slot index {index}, which holds no card")
        occ[index] = occ.get(index, 0) + 1
    state.occ[seat] = occ
    state.clear_caches()


def set_draw(state: CardtrackState, pile: Iterable[str], seat: int = 0) -> None:
    """Make the draw pile exactly ``pile`` (each of its lowest deck not on the track) and
    empty the open pile; the other cards leave the game (a joker ``"X"`` is ``seat``'s)."""
    kinds = [kind_of(card, seat) for card in pile]
    used: list[set[int]] = [set() for _ in range(cards.KINDS)]
    for index, kind in state.track.items():
        used[kind].add(state.track_deck[index])
    decks: list[list[int]] = [[] for _ in range(cards.KINDS)]
    for kind in kinds:
        free = [d for d in range(state.game.rules.decks) if d not in used[kind]]
        if not free:
            raise ValueError(f"no copy of {cards.NAMES[kind]} is left for the draw pile")
        used[kind].add(free[0])
        decks[kind].append(free[0])
    state.draw = kinds
    state.draw_decks = [sorted(d) for d in decks]
    state.open_decks = [[] for _ in range(cards.KINDS)]
    state.open_count = 0
    state.clear_caches()


def position(
    track: Cards = (),
    big: tuple[SlotLike, SlotLike] | None = None,
    smalls: tuple[Sequence[SlotLike], Sequence[SlotLike]] = ((), ()),
    card: str | None = None,
    rules: CardtrackRules | None = None,
    **fields: Any,
) -> CardtrackState:
    """A new game of ``rules`` (or ``CardtrackRules(**fields)``) with ``track`` laid
    (:func:`lay_track`), the tokens placed (:func:`place_tokens`; ``big`` is ``(black,
    red)``) and, if ``card``, that card turned."""
    state = make_game(rules or CardtrackRules(**fields)).new_initial_state()
    lay_track(state, track)
    for seat in (0, 1):
        place_tokens(state, seat, None if big is None else big[seat], smalls[seat])
    if card is not None:
        turn(state, card)
    return state
