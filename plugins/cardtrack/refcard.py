"""The quick-reference card: card size ``w × h`` with bleed and crop marks, one PDF per language.

Each PDF has two pages, the card's front (card order, who acts, the four uses of a card) and
back (kings, blocking, the goal). A page is the card plus ``bleed`` plus a slug for the crop
marks; its TrimBox is the card and its BleedBox the card plus bleed, as print shops expect.
The text is set in the largest size (at most :data:`MAX_FONT`) that fits the card's safe area.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Frame, Paragraph, Spacer

from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.production import CardtrackProduction
from plywright.plugins.cardtrack.rulebook import Texts
from plywright.print.fonts import register_fonts
from plywright.print.plandraw import PT_PER_MM
from plywright.print.publisher import PublisherMark, draw_footer_line
from plywright.print.sheet import crop_marks, pdf_canvas, set_print_boxes

K = PT_PER_MM
SLUG = 10.0
"""Paper (mm) beyond the bleed for the crop marks."""
SAFE = 4.0
"""Distance (mm) of the text from the trim edges at the sides and the foot: room for the
cutter to drift."""
BAND_GAP = 2.0
"""Distance (mm) of the text from the title band (which bleeds off the top edge)."""
BAND = 0.08
"""Height of the coloured title band, as a share of the card height."""
ACCENT = "#7a4a1e"
MAX_FONT = 9.5
MIN_FONT = 6.0
"""Smallest readable size (pt); a card whose text needs less is refused."""
SLUG_FONT = 6.0
"""Size (pt) of the line outside the trim that names the card."""


@dataclass(frozen=True)
class Side:
    """One face of the card: title band text and the paragraphs (markup) below it."""

    band: str
    blocks: tuple[tuple[str, tuple[str, ...]], ...]
    """``(heading, paragraphs)`` pairs."""


def card_sides(t: Texts, rules: CardtrackRules) -> tuple[Side, Side]:
    """Front and back of the card in the language of ``t``, worded for ``rules``."""
    steps = rules.small_max_steps
    counts = {
        "steps": steps,
        "range": f"1–{steps}" if steps > 1 else "1",
        "steps_word": t.word("step", steps),
    }
    rule = t(f"refcard.rule_{rules.small_path_rule}")
    kings = [t("refcard.kings", **counts)]
    if rules.home_joker == "open":
        kings.append(t("refcard.kings_home_open"))
    kings.append(t("refcard.kings_queen"))
    front = Side(
        t("refcard.title"),
        (
            (
                t("refcard.order_title"),
                (t("refcard.order"), t("refcard.joker_zero"), t("refcard.owner")),
            ),
            (
                t("refcard.uses_title"),
                (
                    "• " + t("refcard.build"),
                    "• " + t("refcard.big"),
                    "• " + t("refcard.small", rule=rule, **counts),
                    "• " + t("refcard.discard"),
                ),
            ),
        ),
    )
    back = Side(
        t("refcard.title"),
        (
            (t("refcard.kings_title"), (" ".join(kings),)),
            (
                t("refcard.block_title"),
                (t("refcard.block"), t(f"refcard.home_{rules.home_joker}")),
            ),
            (t("refcard.goal_title"), (t("refcard.goal", height=rules.height),)),
        ),
    )
    return front, back


def _story(side: Side, size: float) -> list[Flowable]:
    regular, bold, _, _ = register_fonts()
    head = ParagraphStyle(
        "head",
        fontName=bold,
        fontSize=size * 1.08,
        leading=size * 1.22,
        textColor=colors.HexColor(ACCENT),
        spaceBefore=size * 0.4,
        spaceAfter=size * 0.1,
    )
    body = ParagraphStyle(
        "body", fontName=regular, fontSize=size, leading=size * 1.18, spaceAfter=size * 0.2
    )
    out: list[Flowable] = []
    for heading, paragraphs in side.blocks:
        out.append(Paragraph(heading, head))
        out += [Paragraph(text, body) for text in paragraphs]
    out.append(Spacer(1, 0))
    return out


def _height(story: Sequence[Flowable], width: float) -> float:
    """The height ``story`` takes in a frame ``width`` wide, spaced as the frame spaces it:
    nothing above the first item, a space before an item only beyond the space after the one
    before it, and nothing after the last that has a height."""
    total = trailing = 0.0
    after: float | None = None
    for item in story:
        _, h = item.wrap(width, 10_000)
        before = 0.0 if after is None else max(item.getSpaceBefore() - after, 0.0)
        after = item.getSpaceAfter()
        total += before + h + after
        trailing = after if h > 0 else trailing + before + after
    return total - trailing


def text_box(production: CardtrackProduction) -> tuple[float, float]:
    """Width and height (pt) of the area the text may fill (below the band, inside the safe
    margins)."""
    w, h = production.w, production.h
    return ((w - 2 * SAFE) * K, (h * (1 - BAND) - SAFE - BAND_GAP) * K)


def fitting_size(side: Side, production: CardtrackProduction) -> float | None:
    """Largest font size (pt, 0.1 steps) at which ``side`` fits the card; ``None`` if none."""
    return _fitting_size(side, *text_box(production))


@functools.lru_cache(maxsize=256)
def _fitting_size(side: Side, width: float, height: float) -> float | None:
    """:func:`fitting_size` in a text box of ``width`` x ``height`` pt, remembered: the
    search lays the text out up to 36 times, and the designer asks again after every edit
    (most edits change neither the card's text nor its size)."""
    size = MAX_FONT
    while size >= MIN_FONT - 1e-9:
        if _height(_story(side, size), width) <= height:
            return round(size, 1)
        size -= 0.1
    return None


def page_size(production: CardtrackProduction) -> tuple[float, float]:
    """The PDF page (mm): card, bleed and slug on every side."""
    edge = 2 * (production.bleed + SLUG)
    return (production.w + edge, production.h + edge)


def write_refcard(
    path: Path,
    t: Texts,
    rules: CardtrackRules,
    production: CardtrackProduction,
    name: str,
    *,
    publisher: PublisherMark | None = None,
) -> list[float]:
    """Write the card (front, back) in the language of ``t``, the ``publisher`` (if any) in
    the slug above it; returns the font sizes used."""
    p = production
    sides = card_sides(t, rules)
    sizes = []
    for side in sides:
        size = fitting_size(side, p)
        if size is None:
            raise ValueError(
                f"the reference card text ({t.lang}) does not fit a {p.w:g} x {p.h:g} mm card "
                f"even at {MIN_FONT} pt"
            )
        sizes.append(size)
    regular, bold, _, _ = register_fonts()
    c = pdf_canvas(
        path,
        page_size(p),
        title=f"{t('refcard.title')} — {name}",
        subject="quick-reference card with bleed and crop marks",
        publisher=publisher,
    )
    x0 = y0 = p.bleed + SLUG
    labels = (t("refcard.side_front"), t("refcard.side_back"))
    for number, (side, size) in enumerate(zip(sides, sizes, strict=True)):
        if number:
            c.showPage()
        _, bleed = set_print_boxes(c, (x0, y0, x0 + p.w, y0 + p.h), p.bleed)
        c.setFillColorRGB(1, 1, 1)
        c.rect(*bleed[:2], bleed[2] - bleed[0], bleed[3] - bleed[1], stroke=0, fill=1)
        band = p.h * BAND
        c.setFillColor(colors.HexColor(ACCENT))
        c.rect(
            bleed[0],
            (y0 + p.h - band) * K,
            bleed[2] - bleed[0],
            (band + p.bleed) * K,
            stroke=0,
            fill=1,
        )
        c.setFillColorRGB(1, 1, 1)
        title = min(0.45 * band * K, 11.0)
        c.setFont(bold, title)
        c.drawCentredString((x0 + p.w / 2) * K, (y0 + p.h - band / 2) * K - 0.36 * title, side.band)
        width, height = text_box(p)
        frame = Frame(
            (x0 + SAFE) * K,
            (y0 + SAFE) * K,
            width,
            height,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            showBoundary=0,
        )
        frame.addFromList(_story(side, size), c)
        c.saveState()
        c.scale(K, K)
        crop_marks(c, x0, y0, p.w, p.h, p.bleed, 1 / K)
        c.restoreState()
        c.setFillColorRGB(0.35, 0.35, 0.35)
        c.setFont(regular, SLUG_FONT)
        slug = t(
            "refcard.slug",
            name=name,
            side=labels[number],
            size=t("format.size", width=t.number(p.w), height=t.number(p.h)),
            bleed=t.mm(p.bleed),
        )
        c.drawString((x0 + 1.5) * K, 2.0 * K, slug)
        if publisher is not None:
            top = page_size(p)[1] - 3.6
            left, right = (x0 + 1.5) * K, (x0 + p.w - 1.5) * K
            draw_footer_line(c, publisher, left, right, top * K, align="left", size=SLUG_FONT)
    c.save()
    return sizes
