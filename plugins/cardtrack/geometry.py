"""The one geometry model of the Konstruktsiia track: vertical and horizontal card slots.

A card lies in a **vertical slot** ``V(c, r)`` (column ``c``, row ``r >= 0``) or a **horizontal
slot** ``H(c, r)`` (the gap between columns ``c`` and ``c + 1`` at row ``r``). Coordinates in
millimetres, y up, origin at the lower-left corner of ``V(0, 0)`` (Black's joker):

- ``V(c, r)``: ``x = c·(w + h)``, ``y = r·h``, size ``w × h``;
- ``H(c, r)``: ``x = c·(w + h) + w``, ``y = r·h + (h − w)/2``, size ``h × w``.

Placing and moving use the same relation (``docs/rules/konstruktsiia.md``): ``V(c, r)`` touches
``V(c, r ± 1)``, ``H(c − 1, r)`` and ``H(c, r)``; ``H(c, r)`` touches ``V(c, r)`` and
``V(c + 1, r)``. The rules engine, the mat, the tokens sheet and the rulebook diagrams all read
this module; nobody else computes slot coordinates.

The engine numbers slots with :func:`slot_index` (an integer whose neighbours are found by
arithmetic, see :func:`neighbour_indices`), so it needs no precomputed grid.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

SlotKind = Literal["V", "H"]

ROW_STRIDE = 2048
"""Index distance between a slot and the same slot one row up."""
COLUMN_OFFSET = 512
"""Columns ``-COLUMN_OFFSET .. COLUMN_OFFSET - 1`` have an index."""
MAX_ROW = 4096
"""Largest row with an index (far beyond any track the cards allow)."""

BLACK_START_COLUMN = 0
RED_START_COLUMN = 1


@dataclass(frozen=True, order=True)
class Slot:
    """A place for one card: ``kind`` ``"V"`` (upright) or ``"H"`` (lying), column, row."""

    kind: SlotKind
    c: int
    r: int

    def __post_init__(self) -> None:
        if self.kind not in ("V", "H"):
            raise ValueError(f"slot kind must be 'V' or 'H', got {self.kind!r}")
        if self.r < 0:
            raise ValueError(f"slot row must be >= 0, got {self.r}")

    def as_list(self) -> list[str | int]:
        """The record form ``[kind, c, r]``."""
        return [self.kind, self.c, self.r]

    def __str__(self) -> str:
        return f"{self.kind}({self.c},{self.r})"


def start_slot(seat: int) -> Slot:
    """The starting joker of ``seat`` (0 Black: ``V(0, 0)``, 1 Red: ``V(1, 0)``)."""
    return Slot("V", RED_START_COLUMN if seat else BLACK_START_COLUMN, 0)


def neighbours(slot: Slot) -> tuple[Slot, ...]:
    """The slots adjacent to ``slot`` for moving a token (rows below 0 do not exist)."""
    c, r = slot.c, slot.r
    if slot.kind == "H":
        return (Slot("V", c, r), Slot("V", c + 1, r))
    out = [Slot("V", c, r + 1), Slot("H", c - 1, r), Slot("H", c, r)]
    if r > 0:
        out.insert(0, Slot("V", c, r - 1))
    return tuple(out)


def contacts(slot: Slot) -> tuple[Slot, ...]:
    """The slots whose card makes placing a card in ``slot`` legal.

    ``V(c, r)`` needs ``V(c, r ± 1)`` (cards of a column touch end to end), ``H(c − 1, r)`` or
    ``H(c, r)`` (a lying card's short side on the long side); ``H(c, r)`` needs ``V(c, r)`` or
    ``V(c + 1, r)``. Under these rules the contact relation equals the adjacency for moving.
    """
    return neighbours(slot)


def slot_rect(slot: Slot, w: float, h: float) -> tuple[float, float, float, float]:
    """``(x, y, width, height)`` in mm of the card in ``slot`` (cards ``w × h``, portrait)."""
    x = slot.c * (w + h)
    if slot.kind == "V":
        return (x, slot.r * h, w, h)
    return (x + w, slot.r * h + (h - w) / 2, h, w)


def slot_centre(slot: Slot, w: float, h: float) -> tuple[float, float]:
    """Centre of the card in ``slot`` in mm."""
    x, y, width, height = slot_rect(slot, w, h)
    return (x + width / 2, y + height / 2)


def column_range(max_columns: int) -> tuple[int, int] | None:
    """The allowed vertical columns ``(first, last)`` for ``max_columns`` (0 = unlimited: None).

    The two start columns 0 and 1 are always in; extra columns go alternately right and left
    (``max_columns = 3``: 0-2, ``4``: -1-2, ``5``: -1-3, ...).
    """
    if max_columns <= 0:
        return None
    if max_columns < 2:
        raise ValueError(f"max_columns must be 0 (unlimited) or at least 2, got {max_columns}")
    extra = max_columns - 2
    left = extra // 2
    return (-left, 1 + extra - left)


def in_columns(slot: Slot, max_columns: int) -> bool:
    """True when ``slot`` lies on a table of ``max_columns`` columns (0 = unlimited).

    A horizontal slot needs both columns it joins on the table.
    """
    bounds = column_range(max_columns)
    if bounds is None:
        return True
    first, last = bounds
    if slot.kind == "V":
        return first <= slot.c <= last
    return first <= slot.c and slot.c + 1 <= last


def track_slots(height: int, max_columns: int = 0) -> tuple[Slot, ...]:
    """Every slot of the columns ``column_range(max_columns)`` (the start columns when unlimited)
    and of the bridges between them, rows ``0 .. height``: the slots a mat shows."""
    first, last = column_range(max_columns) or (BLACK_START_COLUMN, RED_START_COLUMN)
    slots: list[Slot] = []
    for r in range(height + 1):
        for c in range(first, last + 1):
            slots.append(Slot("V", c, r))
            if c < last:
                slots.append(Slot("H", c, r))
    return tuple(slots)


def track_extent(
    w: float, h: float, height: int, max_columns: int = 0
) -> tuple[float, float, float, float]:
    """``(x0, y0, x1, y1)`` in mm enclosing :func:`track_slots` (``height`` rows above row 0)."""
    first, last = column_range(max_columns) or (BLACK_START_COLUMN, RED_START_COLUMN)
    return (first * (w + h), 0.0, last * (w + h) + w, (height + 1) * h)


# --- integer slot indices for the engine -------------------------------------------------


def slot_index(slot: Slot) -> int:
    """The engine's integer for ``slot``: ``(r·1024 + c + 512)·2 + (0 for V, 1 for H)``."""
    if not -COLUMN_OFFSET <= slot.c < COLUMN_OFFSET or slot.r > MAX_ROW:
        raise ValueError(f"slot {slot} is outside the indexed table")
    return slot.r * ROW_STRIDE + (slot.c + COLUMN_OFFSET) * 2 + (slot.kind == "H")


def slot_of_index(index: int) -> Slot:
    """Inverse of :func:`slot_index`."""
    r, rest = divmod(index, ROW_STRIDE)
    half, kind = divmod(rest, 2)
    return Slot("H" if kind else "V", half - COLUMN_OFFSET, r)


def neighbour_indices(index: int) -> tuple[int, ...]:
    """:func:`neighbours` on indices (same order), by arithmetic."""
    if index & 1:
        return (index - 1, index + 1)
    if index >= ROW_STRIDE:
        return (index - ROW_STRIDE, index + ROW_STRIDE, index - 1, index + 1)
    return (index + ROW_STRIDE, index - 1, index + 1)


def index_row(index: int) -> int:
    """Row of the slot ``index``."""
    return index // ROW_STRIDE


def index_is_vertical(index: int) -> bool:
    return not index & 1
