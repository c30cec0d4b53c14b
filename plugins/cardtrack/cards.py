"""Cards of Konstruktsiia: kinds, values, colours, names and the shoe's composition.

A card **kind** is an integer: ``rank·4 + suit`` for the 52 ranked kinds (ranks ``2`` .. ``A``
as 0 .. 12, suits clubs, spades, diamonds, hearts as 0 .. 3) and :data:`BLACK_JOKER` /
:data:`RED_JOKER`. Identical cards of different decks share a kind; the shoe is a multiset of
kinds. Seat 0 plays Black (clubs, spades), seat 1 Red (diamonds, hearts).
"""

from __future__ import annotations

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("C", "S", "D", "H")
"""Clubs, spades (Black); diamonds, hearts (Red)."""
BLACK_JOKER = 52
RED_JOKER = 53
KINDS = 54
KING_RANK = RANKS.index("K")
QUEEN_VALUE = 12
KING_VALUE = 13
JOKER_VALUE = 0
"""A joker lying on the table: any card may move a token onto it."""
VALUES_UP_TO = 14
"""The highest card value (an ace)."""
WILD_VALUE = 99
"""A wild joker in hand counts as any value for one move."""
PLAYERS = ("black", "red")


def kind_of(rank: int, suit: int) -> int:
    return rank * 4 + suit


def is_joker(kind: int) -> bool:
    return kind >= BLACK_JOKER


def is_king(kind: int) -> bool:
    return kind < BLACK_JOKER and kind // 4 == KING_RANK


def owner(kind: int) -> int:
    """The seat the card belongs to: 0 Black (clubs, spades, black joker), 1 Red."""
    if kind == BLACK_JOKER:
        return 0
    if kind == RED_JOKER:
        return 1
    return 1 if kind % 4 >= 2 else 0


def value(kind: int) -> int:
    """The card's value on the table: 2-10, J 11, Q 12, K 13, A 14; a joker 0."""
    return JOKER_VALUE if is_joker(kind) else kind // 4 + 2


def name(kind: int) -> str:
    """Record name: rank then suit (``"QH"``, ``"10C"``); jokers ``"X"``."""
    if is_joker(kind):
        return "X"
    return RANKS[kind // 4] + SUITS[kind % 4]


def parse(text: str, seat: int | None = None) -> int:
    """The kind of a record name; a joker (``"X"``) needs the seat it went to."""
    if text == "X":
        if seat not in (0, 1):
            raise ValueError("a joker 'X' needs its owner (0 black, 1 red)")
        return RED_JOKER if seat else BLACK_JOKER
    rank, suit = text[:-1], text[-1:]
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"not a card name: {text!r} (ranks 2-10 J Q K A, suits C S D H, or X)")
    return kind_of(RANKS.index(rank), SUITS.index(suit))


VALUES: tuple[int, ...] = tuple(value(k) for k in range(KINDS))
OWNERS: tuple[int, ...] = tuple(owner(k) for k in range(KINDS))
NAMES: tuple[str, ...] = tuple(name(k) for k in range(KINDS))
KINGS: tuple[bool, ...] = tuple(is_king(k) for k in range(KINDS))


def shoe_counts(decks: int, spare_jokers: str) -> list[int]:
    """Copies of each kind in the shoe at the start: every card of ``decks`` decks except the
    two start jokers; spare jokers stay only when ``spare_jokers == "wild"``."""
    counts = [decks] * KINDS
    spare = decks - 1 if spare_jokers == "wild" else 0
    counts[BLACK_JOKER] = counts[RED_JOKER] = spare
    return counts
