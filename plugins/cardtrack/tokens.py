"""Konstruktsiia's tokens: the set (2 big, 2 × ``small_tokens`` small) and its print sheet.

The print sheet lays every token out on A4/Letter as a disc in its player's colour with
``bleed`` mm of colour beyond the cut, and crop marks at the corners of the square around
each disc, drawn by the shared :func:`plywright.print.sheet.crop_marks`, and a thin cut circle
at the disc's diameter (the colour beyond it is bleed). One sheet serves every language: its
header and footer bands have room for the instructions in two languages, and the 100 mm scale
bar of the 1:1 templates sits at its foot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from plywright.plugins.cardtrack.production import CardtrackProduction
from plywright.print.document import page_size
from plywright.print.fonts import register_fonts
from plywright.print.furniture import furniture
from plywright.print.plandraw import PT_PER_MM
from plywright.print.publisher import PublisherMark, draw_beside, draw_footer_line
from plywright.print.scalebar import scale_bar
from plywright.print.sheet import CROP_GAP, CROP_LENGTH, crop_marks, pdf_canvas
from plywright.print.templates import wrap

K = PT_PER_MM
Player = Literal["black", "red"]
TokenKind = Literal["big", "small"]
PLAYERS: tuple[Player, Player] = ("black", "red")
PLAYER_COLOURS: dict[str, str] = {"black": "#222222", "red": "#c8102e"}
"""Drawing colours of the two players (tokens, start slots, reference cards)."""
START_FILL: dict[str, str] = {"black": "#d6d6d6", "red": "#f7d0d4"}
"""Tints of the players' starting jokers (the mat's start places, the rulebook's jokers)."""
SHEET_MARGIN = 12.0
HEADER = 34.0
"""Height (mm) of the band under the top margin for the title and the instructions: room for
six lines and a gap (three lines in each of two languages)."""
FOOTER = 23.0
"""Height (mm) of the band above the bottom margin for two footer lines and the scale bar
under two lines of its label (so that Letter paper keeps four rows of small tokens)."""
FOOTER_LINES = 2
"""Most footer lines (wrapped) the footer band holds."""
SCALE_LINES = 2
"""Most lines of the scale bar's label the footer band holds."""
TEXT_PT = 8.5
"""Size (pt) of the sheet's instructions and footer."""
TITLE_PT = 14.0
"""Largest size (pt) of the title; a long one is set smaller, down to :data:`TEXT_PT`."""
FOOT_LEADING = 3.9
"""Line spacing (mm) of the sheet's header and footer lines."""
PARAGRAPH_GAP = 1.6
"""Extra space (mm) an empty header line leaves (between the languages' instructions)."""
SCALE_BAR_HEIGHT = 7.7
"""Height (mm) of the core's scale bar (:func:`plywright.print.scalebar.scale_bar`) with its
numbers and ticks, without its label."""
CUT_LINE_PT = 0.35
"""Width (pt) of the thin white cut circle drawn at each token's diameter."""
SYMBOLS: dict[TokenKind, str] = {"big": "★", "small": "♚"}
"""The sign printed on each kind of token (small tokens come with kings)."""


@dataclass(frozen=True, order=True)
class Token:
    """One token: ``kind`` big or small, its ``player`` and diameter (mm)."""

    kind: TokenKind
    player: Player
    diameter: float
    index: int = 0


def token_set(small_tokens: int, production: CardtrackProduction) -> tuple[Token, ...]:
    """Every token of a game: one big and ``small_tokens`` small per player."""
    out = [Token("big", player, production.big_token) for player in PLAYERS]
    out += [
        Token("small", player, production.small_token, i)
        for player in PLAYERS
        for i in range(small_tokens)
    ]
    return tuple(out)


def with_spares(tokens: Sequence[Token], paper: str, bleed: float) -> tuple[Token, ...]:
    """``tokens`` and spare ones on the room the sheet has left: pairs (one of each colour)
    of big tokens while their row holds them, then pairs of small tokens while the pages
    hold them. The spares are numbered on after the set's own (``index``)."""
    out = sorted(tokens)
    pages = _pages(out, paper, bleed)
    for kind in ("big", "small"):
        own = [t for t in out if t.kind == kind]
        if not own:
            continue
        rows = _rows(out, kind, paper, bleed)
        number = max(t.index for t in own) + 1
        while True:
            pair = [Token(kind, player, own[0].diameter, number) for player in PLAYERS]
            trial = sorted([*out, *pair])
            more_rows = kind == "big" and _rows(trial, kind, paper, bleed) > rows
            if more_rows or _pages(trial, paper, bleed) > pages:
                break
            out, number = trial, number + 1
    return tuple(out)


@dataclass(frozen=True)
class Spares:
    """The spare tokens of a print sheet, per colour."""

    big: int
    small: int


def spares(sheet: Sequence[Token], own: Sequence[Token]) -> Spares:
    """What ``sheet`` (:func:`with_spares` of ``own``) holds beyond ``own``, per colour."""
    extra = [t for t in sheet if t.player == "black"]
    mine = [t for t in own if t.player == "black"]
    big = sum(t.kind == "big" for t in extra) - sum(t.kind == "big" for t in mine)
    return Spares(big, len(extra) - len(mine) - big)


def sheet_spares(small_tokens: int, production: CardtrackProduction, paper: str) -> Spares:
    """The spare tokens, per colour, on the print sheet of a set with ``small_tokens`` small
    tokens each (what the rulebook's components list names)."""
    own = token_set(small_tokens, production)
    return spares(with_spares(own, paper, production.bleed), own)


def _pages(tokens: Sequence[Token], paper: str, bleed: float) -> int:
    _, placed = layout_sheet(tokens, paper, bleed)
    return max((p.page for p in placed), default=0) + 1


def _rows(tokens: Sequence[Token], kind: TokenKind, paper: str, bleed: float) -> int:
    _, placed = layout_sheet(tokens, paper, bleed)
    return len({(p.page, round(p.centre[1], 6)) for p in placed if p.token.kind == kind})


def pitch(token: Token, bleed: float) -> float:
    """Cell size (mm) of one token on the sheet: disc, bleed and crop marks on both sides."""
    return token.diameter + 2 * (bleed + CROP_GAP + CROP_LENGTH + 1.0)


@dataclass(frozen=True)
class PlacedToken:
    token: Token
    page: int
    centre: tuple[float, float]
    """Centre on its page in mm from the lower-left corner."""


def layout_sheet(
    tokens: Sequence[Token], paper: str, bleed: float
) -> tuple[tuple[float, float], list[PlacedToken]]:
    """Page size (mm) and every token's page and centre, in the order given (a new row for
    each kind), rows top down."""
    w_pt, h_pt = page_size(paper)
    page = (w_pt / K, h_pt / K)
    left, top = SHEET_MARGIN, page[1] - SHEET_MARGIN - HEADER
    bottom = SHEET_MARGIN + FOOTER
    out: list[PlacedToken] = []
    number, x, y, row = 0, left, top, 0.0
    previous: TokenKind | None = None
    for token in tokens:
        cell = pitch(token, bleed)
        new_row = previous is not None and token.kind != previous
        if new_row or x + cell > page[0] - SHEET_MARGIN + 1e-9:
            x, y, row = left, y - row, 0.0
        if y - cell < bottom - 1e-9:
            number, x, y, row = number + 1, left, top, 0.0
        out.append(PlacedToken(token, number, (x + cell / 2, y - cell / 2)))
        x += cell
        row = max(row, cell)
        previous = token.kind
    return page, out


def write_token_sheet(
    tokens: Sequence[Token],
    path: Path,
    *,
    paper: str,
    production: CardtrackProduction,
    title: str,
    lines: Sequence[str],
    page_words: str = "Page {page} of {pages}",
    footer: Sequence[str] = (),
    scale: Sequence[str] = (),
    lang: str = "en",
    publisher: PublisherMark | None = None,
) -> int:
    """The print sheet of ``tokens``; returns the page count.

    Every page has the header ``title`` and ``lines`` (each wrapped within the side margins; an
    empty line leaves a small gap), its number worded by ``page_words``, the ``footer`` lines
    at its foot and, with ``scale`` (the bar's label, one line per language, set beside it),
    the 100 mm scale bar with its numbers in ``lang``; the ``publisher``'s mark, if any, beside
    page 1's title and its name under every footer. Raises ``ValueError`` when the words do
    not fit the header or footer band."""
    regular, bold, _, _ = register_fonts()
    bleed = production.bleed
    page, placed = layout_sheet(tokens, paper, bleed)
    pages = max(p.page for p in placed) + 1 if placed else 1
    head = header_lines(lines, page[0])
    foot = sheet_lines(footer, page[0])
    if len(foot) > FOOTER_LINES:
        raise ValueError(f"the token sheet's footer takes {len(foot)} lines, the band holds 2")
    subject = "token print sheet with crop marks"
    c = pdf_canvas(path, page, title=title, subject=subject, publisher=publisher)
    pt = 1 / K
    for number in range(pages):
        if number:
            c.showPage()
        c.setFillColorRGB(0, 0, 0)
        words = page_words.format(page=number + 1, pages=pages)
        c.setFont(regular, TEXT_PT)
        c.drawRightString((page[0] - SHEET_MARGIN) * K, (page[1] - SHEET_MARGIN - 5) * K, words)
        room = (page[0] - 2 * SHEET_MARGIN) * K - c.stringWidth(words, regular, TEXT_PT) - 4 * K
        c.setFont(bold, title_size(title, room))
        c.drawString(SHEET_MARGIN * K, (page[1] - SHEET_MARGIN - 5) * K, title)
        c.setFont(regular, TEXT_PT)
        for y, line in head:
            c.drawString(SHEET_MARGIN * K, (page[1] - SHEET_MARGIN - y) * K, line)
        if publisher is not None:
            if number == 0:
                shown = c.stringWidth(title, bold, title_size(title, room))
                left = SHEET_MARGIN * K + shown + 6 * K
                right = (page[0] - SHEET_MARGIN - 6) * K - c.stringWidth(words, regular, TEXT_PT)
                draw_beside(c, publisher, left, right, (page[1] - SHEET_MARGIN - 5) * K)
            draw_footer_line(c, publisher, SHEET_MARGIN * K, (page[0] - SHEET_MARGIN) * K)
        for i, line in enumerate(foot):
            c.drawString(
                SHEET_MARGIN * K, (SHEET_MARGIN + FOOT_LEADING * (len(foot) - 1 - i)) * K, line
            )
        if scale:
            _scale_bar(c, SHEET_MARGIN + FOOT_LEADING * FOOTER_LINES, page[0], scale, lang)
        c.saveState()
        c.scale(K, K)
        for item in (p for p in placed if p.page == number):
            _draw_token(c, item, bleed, pt)
        c.restoreState()
    c.save()
    return pages


def title_size(title: str, room: float) -> float:
    """The title's size (pt): :data:`TITLE_PT`, or smaller (to :data:`TEXT_PT`) to fit ``room``
    points."""
    bold = register_fonts()[1]
    width = stringWidth(title, bold, TITLE_PT)
    return max(TEXT_PT, min(TITLE_PT, TITLE_PT * room / width)) if width else TITLE_PT


def header_lines(lines: Sequence[str], page_width: float) -> list[tuple[float, str]]:
    """The header's wrapped lines with their baselines (mm below the top margin); raises
    ``ValueError`` when they run out of the header band."""
    out: list[tuple[float, str]] = []
    y = 10.5
    for line in lines:
        if not line:
            y += PARAGRAPH_GAP
            continue
        for part in sheet_lines([line], page_width):
            out.append((y, part))
            y += FOOT_LEADING
    if out and out[-1][0] + 1.5 > HEADER:
        raise ValueError(
            f"the token sheet's instructions take {len(out)} lines: more than its header band "
            f"({HEADER:g} mm) holds"
        )
    return out


def _scale_bar(c: Canvas, y: float, page_width: float, labels: Sequence[str], lang: str) -> None:
    """The core's 100 mm scale bar at ``y`` mm above the page's foot, under its label lines
    (one per language, in bold, wrapped within the side margins)."""
    bold = register_fonts()[1]
    scale_bar(c, SHEET_MARGIN * K, y * K, "", t=furniture(lang))
    width = (page_width - 2 * SHEET_MARGIN) * K
    parts = [part for label in labels for part in wrap(label, bold, TEXT_PT, width)]
    if len(parts) > SCALE_LINES:
        raise ValueError(f"the scale bar's label takes {len(parts)} lines, the band holds 2")
    c.setFont(bold, TEXT_PT)
    for i, part in enumerate(parts):
        line = y + SCALE_BAR_HEIGHT + 1.2 + FOOT_LEADING * (len(parts) - 1 - i)
        c.drawString(SHEET_MARGIN * K, line * K, part)


def sheet_lines(lines: Sequence[str], page_width: float) -> list[str]:
    """``lines`` wrapped to the sheet's text width (mm between the side margins)."""
    regular = register_fonts()[0]
    width = (page_width - 2 * SHEET_MARGIN) * K
    return [part for line in lines for part in wrap(line, regular, TEXT_PT, width)]


def _draw_token(c: Canvas, item: PlacedToken, bleed: float, pt: float) -> None:
    bold = register_fonts()[1]
    (x, y), token = item.centre, item.token
    r = token.diameter / 2
    c.setFillColor(colors.HexColor(PLAYER_COLOURS[token.player]))
    c.circle(x, y, r + bleed, stroke=0, fill=1)
    c.setStrokeColorRGB(1, 1, 1)
    c.setLineWidth(0.8 * pt * r / 9)
    c.circle(x, y, 0.78 * r, stroke=1, fill=0)
    c.setFillColorRGB(1, 1, 1)
    size = 1.0 * r
    c.setFont(bold, size)
    c.drawCentredString(x, y - 0.36 * size, SYMBOLS[token.kind])
    c.setStrokeColorRGB(1, 1, 1)
    c.setLineWidth(CUT_LINE_PT * pt)
    c.circle(x, y, r, stroke=1, fill=0)  # the cut: the colour beyond it is bleed
    crop_marks(c, x - r, y - r, 2 * r, 2 * r, bleed, pt)
