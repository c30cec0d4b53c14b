"""Laying a story out on pages: :func:`build_pdf` writes deterministic bytes (ReportLab's
``invariant`` mode and fixed metadata) with a running header and a footer with "page N of M"
(:class:`DocumentInfo`), so the same story always gives the same file.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate
from reportlab.platypus.doctemplate import ActionFlowable
from reportlab.platypus.flowables import KeepTogether, _listWrapOn

from plywright.print.flowables import Float
from plywright.print.fonts import register_fonts
from plywright.print.publisher import LOGO_HEIGHT, draw_footer_line, draw_mark
from plywright.print.styles import (
    MARGIN_BOTTOM,
    MARGIN_SIDE,
    MARGIN_TOP,
    RUNNING_PT,
    Theme,
    page_size,
)

if TYPE_CHECKING:
    from plywright.print.publisher import PublisherMark


@dataclass(frozen=True)
class DocumentInfo:
    """Metadata and running texts of a document.

    ``page_label`` is formatted with ``page`` and ``pages``; the header is left out on page 1,
    which shows the ``publisher`` (if any) at its head instead; every footer names it.
    """

    title: str
    lang: str
    header_left: str = ""
    header_right: str = ""
    footer_left: str = ""
    page_label: str = "{page} / {pages}"
    author: str = "plywright"
    subject: str = ""
    publisher: PublisherMark | None = None

    @property
    def footer(self) -> str:
        """The footer's left text, the publisher's name and address after it."""
        if self.publisher is None:
            return self.footer_left
        return " · ".join(text for text in (self.footer_left, self.publisher.line) if text)


class _DecoratedCanvas(Canvas):
    """A canvas that keeps its pages until ``save`` to draw header and footer with the total."""

    def __init__(self, *args: Any, info: DocumentInfo, theme: Theme, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._info = info
        self._theme = theme
        self._pages: list[dict[str, Any]] = []

    def showPage(self) -> None:
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for number, state in enumerate(self._pages, start=1):
            self.__dict__.update(state)
            self._decorate(number, total)
            super().showPage()
        super().save()

    def _decorate(self, number: int, total: int) -> None:
        regular = register_fonts()[0]
        info, theme = self._info, self._theme
        width, height = self._pagesize
        left, right = MARGIN_SIDE, width - MARGIN_SIDE
        self.saveState()
        self.setFont(regular, RUNNING_PT)
        self.setFillColor(colors.HexColor(theme.muted))
        self.setStrokeColor(colors.HexColor(theme.rule))
        self.setLineWidth(0.5)
        if number == 1 and info.publisher is not None:
            top = height - MARGIN_TOP + 4 * mm + LOGO_HEIGHT
            draw_mark(self, info.publisher, left, right, top)
        if number > 1:
            top = height - MARGIN_TOP + 5 * mm
            self.drawString(left, top + 2, info.header_left)
            self.drawRightString(right, top + 2, info.header_right)
            self.line(left, top - 2, right, top - 2)
        bottom = MARGIN_BOTTOM - 9 * mm
        self.line(left, bottom + 9, right, bottom + 9)
        label = info.page_label.format(page=number, pages=total)
        if info.publisher is None:
            self.drawString(left, bottom, info.footer)
        else:  # shrunk (or its web address left out) to stay clear of the page number
            end = right - self.stringWidth(label, regular, RUNNING_PT) - 4 * mm
            draw_footer_line(
                self,
                info.publisher,
                left,
                end,
                bottom,
                align="left",
                size=RUNNING_PT,
                lead=info.footer_left,
                grey=False,
            )
        self.drawRightString(right, bottom, label)
        self.restoreState()


class _FloatingDoc(BaseDocTemplate):
    """A document template that lets what follows a :class:`Float` pass it while the float
    does not fit its page: paragraphs (the part of one that fits) and headings together with
    what they keep with, when they fit whole."""

    def _room(self, flowable: Flowable) -> tuple[float, float]:
        frame = self.frame
        flowable.canv = self.canv  # as Frame.add does before wrapping
        before = 0.0 if frame._atTop else flowable.getSpaceBefore()
        return frame._getAvailableWidth(), frame._y - frame._y1p - before

    def _fits(self, flowable: Flowable) -> bool:
        width, height = self._room(flowable)
        if height <= 0:
            return False
        if isinstance(flowable, KeepTogether):  # its wrap asks for a split whatever its size
            needed = _listWrapOn(flowable._content, width, self.canv)[1]
        else:
            needed = flowable.wrap(width, height)[1]
        return bool(needed <= height + 1e-6)

    @staticmethod
    def _passes(flowable: Flowable) -> bool:
        return not isinstance(flowable, (Float, ActionFlowable))

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        first = flowables[0] if flowables else None
        if (
            isinstance(first, Float)
            and len(flowables) > 1
            and not self.frame._atTop
            and not self._fits(first)
        ):
            rest = flowables[1:]
            self.handle_keepWithNext(rest)  # a heading and what it keeps with, as one block
            after = rest[0]
            if self._passes(after) and self._fits(after):
                flowables[:] = [after, first, *rest[1:]]
            elif self._passes(after) and not after.getKeepWithNext():
                parts = [] if isinstance(after, KeepTogether) else after.split(*self._room(after))
                if len(parts) > 1 and self._passes(parts[0]) and self._fits(parts[0]):
                    flowables[:] = [parts[0], first, *parts[1:], *rest[1:]]
        super().handle_flowable(flowables)


def build_pdf(
    path: Path | str,
    story: Sequence[Flowable],
    *,
    paper: str,
    info: DocumentInfo,
    theme: Theme | None = None,
) -> int:
    """Lay ``story`` out on ``paper`` and write the PDF to ``path``; returns the page count.

    Deterministic: invariant mode, fixed metadata and the DejaVu font as the canvas's initial
    font (so not even an unused base-14 font is referenced).
    """
    regular = register_fonts()[0]
    size = page_size(paper)
    frame = Frame(
        MARGIN_SIDE,
        MARGIN_BOTTOM,
        size[0] - 2 * MARGIN_SIDE,
        size[1] - MARGIN_TOP - MARGIN_BOTTOM,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        id="body",
    )
    doc = _FloatingDoc(
        str(path),
        pagesize=size,
        pageTemplates=[PageTemplate(id="page", frames=[frame])],
        leftMargin=MARGIN_SIDE,
        rightMargin=MARGIN_SIDE,
        topMargin=MARGIN_TOP,
        bottomMargin=MARGIN_BOTTOM,
        title=info.title,
        author=info.publisher.name if info.publisher else info.author,
        subject=info.subject,
        creator="plywright",
        producer="plywright (ReportLab)",
        lang=info.lang,
        invariant=True,
        initialFontName=regular,
        initialFontSize=9.5,
    )
    canvasmaker: Callable[..., Canvas] = functools.partial(
        _DecoratedCanvas, info=info, theme=theme or Theme()
    )
    doc.build(list(story), canvasmaker=canvasmaker)
    return int(doc.page)
