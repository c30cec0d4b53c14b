"""Rulebook diagrams of Konstruktsiia: pieces of track drawn from the one slot geometry.

A :class:`Scene` says which cards lie in which slots, where tokens stand, which slots are
shown empty (dashed), a new card to judge (with a tick or a cross) and a token's path.
:func:`render` turns it into a ReportLab :class:`Drawing`; every card's rectangle comes from
:func:`plywright.plugins.cardtrack.geometry.slot_rect`. The scenes
come from scenarios the engine plays (:mod:`plywright.plugins.cardtrack.examples`);
:func:`check_scene` checks them against the same geometry.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

from reportlab.graphics.shapes import Circle, Drawing, Group, Polygon, PolyLine, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from plywright.plugins.cardtrack.geometry import Slot, contacts, neighbours, slot_rect
from plywright.plugins.cardtrack.tokens import PLAYER_COLOURS, START_FILL, Player, TokenKind
from plywright.print.document import new_drawing
from plywright.print.fonts import register_fonts

Mark = Literal["", "ok", "bad"]
INK = "#2b2b2b"
OK = "#2e8b3a"
BAD = "#c0392b"
PATH = "#1f5fbf"
TABLE = "#eef1ec"
CARD_EDGE = "#7a7a7a"
WILD_JOKER_FILL = "#f3ecff"
WILD_JOKER_INK = "#6a4fa3"
"""A joker that is nobody's start (a wild one): violet, as before the start tints."""
SUIT_SIGNS = {"C": "♣", "S": "♠", "D": "♦", "H": "♥"}
RED_SUITS = {"D", "H"}
PAD = 0.12
"""Table margin around the shown slots, as a share of the card height."""
MIN_LABEL = 7.0
"""Smallest text (pt) a diagram draws: card ranks, step numbers, token signs."""
MIN_JOKER_WORD = 6.0
"""Smallest size (pt) of the joker's word: it shrinks to this to stay on a narrow card (the
card's tint says whose joker it is as well)."""


@dataclass(frozen=True)
class TokenAt:
    slot: Slot
    player: Player
    kind: TokenKind


@dataclass(frozen=True)
class Scene:
    """What one diagram shows (card names as in records: ``"7H"``, ``"10C"``, jokers ``"X"``)."""

    cards: tuple[tuple[Slot, str], ...]
    empty: tuple[Slot, ...] = ()
    """Free slots drawn dashed, for orientation."""
    tokens: tuple[TokenAt, ...] = ()
    new: tuple[Slot, str] | None = None
    """A card being placed (drawn raised, with ``mark``)."""
    mark: Mark = ""
    path: tuple[Slot, ...] = ()
    """A token's way, start first (numbered steps)."""
    crossed: tuple[Slot, ...] = ()
    """Slots marked with a cross (a forbidden destination)."""

    def card_map(self) -> dict[Slot, str]:
        return dict(self.cards)


START_OF: dict[Player, Slot] = {"black": Slot("V", 0, 0), "red": Slot("V", 1, 0)}
"""Each player's starting joker."""
START_PLAYER: dict[Slot, Player] = {slot: player for player, slot in START_OF.items()}


# -- checks ------------------------------------------------------------------------------------


def placement_legal(cards: Iterable[Slot], slot: Slot) -> bool:
    """The rules' placement test: ``slot`` is free and touches a card (geometry contacts)."""
    taken = set(cards)
    return slot not in taken and any(c in taken for c in contacts(slot))


def path_adjacent(path: Sequence[Slot]) -> bool:
    """Every step of ``path`` goes to a neighbouring slot (moving adjacency)."""
    return all(b in neighbours(a) for a, b in pairwise(path))


def way_home(scene: Scene, token: TokenAt) -> tuple[Slot, ...] | None:
    """A shortest way over the scene's cards from ``token``'s own starting joker to where it
    stands (both ends included); ``None`` when no cards connect them."""
    cards = scene.card_map()
    start = START_OF[token.player]
    if start not in cards:
        return None
    came: dict[Slot, Slot | None] = {start: None}
    queue = deque([start])
    while queue:
        slot = queue.popleft()
        if slot == token.slot:
            way = [slot]
            while (back := came[way[-1]]) is not None:
                way.append(back)
            return tuple(reversed(way))
        for near in neighbours(slot):
            if near in cards and near not in came:
                came[near] = slot
                queue.append(near)
    return None


def check_scene(scene: Scene) -> None:
    """Raise ``ValueError`` when a scene shows something the geometry does not allow."""
    cards = scene.card_map()
    if any(t.slot not in cards for t in scene.tokens):
        raise ValueError("a token stands on an empty slot")
    if scene.path and (not path_adjacent(scene.path) or any(s not in cards for s in scene.path)):
        raise ValueError("the path leaves the cards or jumps")
    for token in scene.tokens:
        if token.kind != "big":
            continue
        if way_home(scene, token) is None:
            raise ValueError(f"no cards lead the {token.player} big token from its joker")
        other: Player = "red" if token.player == "black" else "black"
        near, held = blocked_neighbours(scene, token.slot, other)
        if near and near == held:
            raise ValueError(f"the {token.player} big token is fully blocked")
    if any(a.slot == b.slot and a.player != b.player for a in scene.tokens for b in scene.tokens):
        raise ValueError("tokens of both colours share a card")
    if scene.new and scene.mark == "ok" and not placement_legal(cards, scene.new[0]):
        raise ValueError(f"{scene.new[0]} is shown as legal but touches no card")
    if scene.new and scene.mark == "bad" and placement_legal(cards, scene.new[0]):
        raise ValueError(f"{scene.new[0]} is shown as illegal but is legal")


# -- scenes ------------------------------------------------------------------------------------

JOKERS = ((Slot("V", 0, 0), "X"), (Slot("V", 1, 0), "X"))
BIG_TOKENS = (TokenAt(Slot("V", 0, 0), "black", "big"), TokenAt(Slot("V", 1, 0), "red", "big"))


def _grid(cols: Iterable[int], rows: Iterable[int], last: int) -> tuple[Slot, ...]:
    out = []
    for r in rows:
        for c in cols:
            out.append(Slot("V", c, r))
            if c < last:
                out.append(Slot("H", c, r))
    return tuple(out)


def _free(slots: Iterable[Slot], cards: Iterable[tuple[Slot, str]]) -> tuple[Slot, ...]:
    taken = {s for s, _ in cards}
    return tuple(s for s in slots if s not in taken)


def grid_empty(
    cards: Iterable[tuple[Slot, str]], rows: Iterable[int], cols: Iterable[int] = (0, 1)
) -> tuple[Slot, ...]:
    """The free slots of the start columns (and the bridges between them) in ``rows``,
    drawn dashed for orientation."""
    cols = tuple(cols)
    return _free(_grid(cols, rows, max(cols)), cards)


def blocked_neighbours(scene: Scene, slot: Slot, player: Player) -> tuple[int, int]:
    """``(cards next to slot the big token standing there may stop on, of them holding a
    token of player)`` in ``scene``: ``player``'s starting joker is not one of them (the
    protected home joker), nor is a gap."""
    cards = scene.card_map()
    barred = START_OF[player]
    near = [s for s in neighbours(slot) if s in cards and s != barred]
    held = {t.slot for t in scene.tokens if t.player == player}
    return len(near), sum(s in held for s in near)


# -- rendering -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Frame:
    """Maps track millimetres (y up) to drawing points."""

    scale: float
    left: float
    bottom: float

    def __call__(self, x: float, y: float) -> tuple[float, float]:
        return ((x - self.left) * self.scale, (y - self.bottom) * self.scale)


def _extent(scene: Scene, w: float, h: float) -> tuple[float, float, float, float]:
    slots = [s for s, _ in scene.cards] + list(scene.empty)
    if scene.new:
        slots.append(scene.new[0])
    rects = [slot_rect(s, w, h) for s in slots]
    pad = PAD * h
    return (
        min(x for x, _, _, _ in rects) - pad,
        min(y for _, y, _, _ in rects) - pad,
        max(x + rw for x, _, rw, _ in rects) + pad,
        max(y + rh for _, y, _, rh in rects) + pad,
    )


def rank_text(name: str, ranks: Mapping[str, str]) -> str:
    """What a card shows: localized rank letter and suit sign (``"В♥"``), a joker ``"★"``."""
    if name == "X":
        return "★"
    rank, suit = name[:-1], name[-1]
    return f"{ranks.get(rank, rank)}{SUIT_SIGNS[suit]}"


WIDEST_RANK = "10♠"
"""The widest rank label: upright cards fit their labels to it, so all ranks match."""


def _fitted(text: str, font: str, size: float, width: float, least: float = MIN_LABEL) -> float:
    """``size`` made smaller (never below ``least``) until ``text`` fits ``width``."""
    fit = size * width / max(stringWidth(text, font, size), 1e-9)
    return max(least, min(size, fit))


def _card(
    frame: _Frame,
    slot: Slot,
    name: str,
    w: float,
    h: float,
    ranks: Mapping[str, str],
    joker_word: str,
    *,
    raised: bool = False,
) -> Group:
    bold = register_fonts()[1]
    x, y, cw, ch = slot_rect(slot, w, h)
    x0, y0 = frame(x, y)
    s = frame.scale
    group = Group()
    if raised:
        group.add(
            Rect(
                x0 + 2.2, y0 - 2.2, cw * s, ch * s, rx=3 * s, ry=3 * s,
                fillColor=colors.Color(0, 0, 0, 0.18), strokeColor=None,
            )
        )  # fmt: skip
    joker = name == "X"
    red = name[-1] in RED_SUITS
    ink = colors.HexColor(BAD if red else INK)
    owner = START_PLAYER.get(slot) if joker else None
    fill = colors.HexColor(
        "#fffdf6" if not joker else START_FILL[owner] if owner else WILD_JOKER_FILL
    )
    group.add(
        Rect(
            x0, y0, cw * s, ch * s, rx=3 * s, ry=3 * s, fillColor=fill,
            strokeColor=colors.HexColor(CARD_EDGE), strokeWidth=0.7,
        )
    )  # fmt: skip
    size = max(MIN_LABEL, 0.24 * w * s)
    cx = x0 + cw * s / 2
    if joker:  # its word only: a corner star would read as a second big token (★)
        violet = colors.HexColor(PLAYER_COLOURS[owner] if owner else WILD_JOKER_INK)
        word = _fitted(joker_word, bold, max(MIN_LABEL, 0.13 * w * s), 0.9 * cw * s, MIN_JOKER_WORD)
        group.add(
            String(cx, y0 + 0.1 * ch * s, joker_word, fontName=bold, fontSize=word,
                   fillColor=violet, textAnchor="middle")
        )  # fmt: skip
        return group
    label = rank_text(name, ranks)
    size = _fitted(WIDEST_RANK, bold, size, 0.4 * w * s)  # one size for every rank
    if slot.kind == "V":  # top left corner, clear of a path through the card's middle
        group.add(
            String(x0 + 0.07 * w * s, y0 + ch * s - 0.07 * w * s - 0.75 * size, label,
                   fontName=bold, fontSize=size, fillColor=ink)
        )  # fmt: skip
    else:  # above a path along the bridge's middle
        group.add(
            String(cx, y0 + ch * s - 0.07 * w * s - 0.75 * size, label, fontName=bold,
                   fontSize=size, fillColor=ink, textAnchor="middle")
        )  # fmt: skip
    return group


def _empty(frame: _Frame, slot: Slot, w: float, h: float) -> Rect:
    x, y, cw, ch = slot_rect(slot, w, h)
    x0, y0 = frame(x, y)
    s = frame.scale
    return Rect(
        x0, y0, cw * s, ch * s, rx=3 * s, ry=3 * s, fillColor=colors.HexColor("#f8faf6"),
        strokeColor=colors.HexColor("#9aa396"), strokeWidth=0.7, strokeDashArray=[2.5, 2],
    )  # fmt: skip


def _token(centre: tuple[float, float], radius: float, player: Player, kind: TokenKind) -> Group:
    x, y = centre
    colour = colors.HexColor(PLAYER_COLOURS[player])
    bold = register_fonts()[1]
    sign = "★" if kind == "big" else "♚"
    return Group(
        Circle(x + 0.8, y - 0.8, radius, fillColor=colors.Color(0, 0, 0, 0.25), strokeColor=None),
        Circle(x, y, radius, fillColor=colour, strokeColor=colors.white, strokeWidth=0.9),
        String(x, y - radius * 0.36, sign, fontName=bold, fontSize=max(MIN_LABEL, radius * 1.05),
               fillColor=colors.white, textAnchor="middle"),
    )  # fmt: skip


def mark_badge(centre: tuple[float, float], radius: float, mark: Mark) -> Group:
    """A round badge with a tick (``ok``) or a cross (``bad``)."""
    x, y = centre
    colour = colors.HexColor(OK if mark == "ok" else BAD)
    line = max(1.0, radius * 0.16)
    group = Group(
        Circle(x, y, radius, fillColor=colors.white, strokeColor=colour, strokeWidth=line)
    )
    r = radius * 0.5
    if mark == "ok":
        group.add(
            PolyLine([x - r, y, x - r * 0.25, y - r * 0.8, x + r, y + r * 0.75],
                     strokeColor=colour, strokeWidth=line * 1.5, strokeLineCap=1)
        )  # fmt: skip
    else:
        for sx in (-1, 1):
            group.add(
                PolyLine([x - r, y - sx * r, x + r, y + sx * r], strokeColor=colour,
                         strokeWidth=line * 1.5, strokeLineCap=1)
            )  # fmt: skip
    return group


def _arrow(points: Sequence[tuple[float, float]], colour: str, width: float) -> Group:
    """A path with a white halo and a head; the shaft stops inside the head, so no white edge
    crosses it."""
    group = Group()
    (xa, ya), (xb, yb) = points[-2], points[-1]
    angle = math.atan2(yb - ya, xb - xa)
    head = width * 4
    back = head * math.cos(0.45) * 0.6
    shaft = [*points[:-1], (xb - back * math.cos(angle), yb - back * math.sin(angle))]
    strokes = ((colors.white, 2.4, points), (colors.HexColor(colour), 1.0, shaft))
    for stroke, factor, line in strokes:
        group.add(
            PolyLine([c for p in line for c in p], strokeColor=stroke,
                     strokeWidth=width * factor, strokeLineCap=1, strokeLineJoin=1)
        )  # fmt: skip
    group.add(
        Polygon(
            [xb, yb,
             xb - head * math.cos(angle - 0.45), yb - head * math.sin(angle - 0.45),
             xb - head * math.cos(angle + 0.45), yb - head * math.sin(angle + 0.45)],
            fillColor=colors.HexColor(colour), strokeColor=None,
        )
    )  # fmt: skip
    return group


def render(
    scene: Scene,
    width: float,
    *,
    card: tuple[float, float] = (63.0, 88.0),
    ranks: Mapping[str, str] | None = None,
    token_sizes: tuple[float, float] = (30.0, 18.0),
    joker: str = "JOKER",
) -> Drawing:
    """The scene as a drawing ``width`` points wide (cards at the variant's proportions);
    ``joker`` is the word printed on jokers. No text is drawn below :data:`MIN_LABEL` (the
    joker's word: :data:`MIN_JOKER_WORD`)."""
    check_scene(scene)
    bold = register_fonts()[1]
    ranks = ranks or {}
    w, h = card
    x0, y0, x1, y1 = _extent(scene, w, h)
    scale = width / (x1 - x0)
    frame = _Frame(scale, x0, y0)
    drawing = new_drawing(width, (y1 - y0) * scale)
    drawing.add(
        Rect(0, 0, width, (y1 - y0) * scale, rx=4, ry=4, fillColor=colors.HexColor(TABLE),
             strokeColor=None)
    )  # fmt: skip
    for slot in scene.empty:
        drawing.add(_empty(frame, slot, w, h))
    for slot, name in scene.cards:
        drawing.add(_card(frame, slot, name, w, h, ranks, joker))
    if scene.new:
        drawing.add(_card(frame, scene.new[0], scene.new[1], w, h, ranks, joker, raised=True))
    if scene.path:
        points = []
        for slot in scene.path:
            x, y, cw, ch = slot_rect(slot, w, h)
            points.append(frame(x + cw / 2, y + ch / 2))
        drawing.add(_arrow(points, PATH, max(1.4, 0.018 * width)))
        font = max(MIN_LABEL, 0.1 * w * scale)
        badge = font / 1.15
        for i, (px, py) in enumerate(points[1:]):
            bx, by = px + 0.2 * w * scale, py - 0.2 * w * scale
            drawing.add(
                Circle(bx, by, badge, fillColor=colors.HexColor(PATH), strokeColor=colors.white,
                       strokeWidth=0.8)
            )  # fmt: skip
            drawing.add(
                String(bx, by - 0.35 * font, str(i + 1), fontName=bold, fontSize=font,
                       fillColor=colors.white, textAnchor="middle")
            )  # fmt: skip
    by_slot: dict[Slot, list[TokenAt]] = {}
    for token in scene.tokens:
        by_slot.setdefault(token.slot, []).append(token)
    big, small = token_sizes
    for slot, here in by_slot.items():
        x, y, cw, ch = slot_rect(slot, w, h)
        cx, cy = frame(x + cw / 2, y + ch / 2)
        offsets = _offsets(len(here), 0.22 * min(cw, ch) * scale)
        for token, (dx, dy) in zip(here, offsets, strict=True):
            radius = (big if token.kind == "big" else small) / 2 * scale
            radius = min(radius, 0.3 * min(cw, ch) * scale)
            drawing.add(_token((cx + dx, cy + dy), radius, token.player, token.kind))
    for slot in scene.crossed:  # upper right: clear of the rank, the path and its numbers
        x, y, cw, ch = slot_rect(slot, w, h)
        r = 0.15 * w
        centre = frame(x + cw - 0.06 * w - r, y + ch - 0.06 * w - r)
        drawing.add(mark_badge(centre, r * scale, "bad"))
    if scene.new and scene.mark:
        x, y, cw, ch = slot_rect(scene.new[0], w, h)
        drawing.add(mark_badge(frame(x + cw - 0.05 * w, y + ch - 0.05 * w), 0.16 * w * scale,
                               scene.mark))  # fmt: skip
    return drawing


def _offsets(count: int, spread: float) -> list[tuple[float, float]]:
    if count == 1:
        return [(0.0, 0.0)]
    return [
        (spread * math.cos(math.pi / 2 + 2 * math.pi * i / count),
         spread * math.sin(math.pi / 2 + 2 * math.pi * i / count))
        for i in range(count)
    ]  # fmt: skip
