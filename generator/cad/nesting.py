"""How many rectangular blanks fit on a stock sheet (simple grid nesting, both orientations)."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class SheetFit:
    """A grid of ``cols`` × ``rows`` parts; ``rotated`` when parts are turned 90°."""

    cols: int
    rows: int
    rotated: bool

    @property
    def count(self) -> int:
        return self.cols * self.rows


def _fit(length: float, part: float, spacing: float) -> int:
    return max(0, math.floor((length + spacing) / (part + spacing) + 1e-9))


def sheet_fit(
    part: tuple[float, float], sheet: tuple[float, float], *, spacing: float, trim: float
) -> SheetFit:
    """The better grid of ``part`` (w, h) on ``sheet`` (w, h): ``spacing`` between parts (room
    for the cutter), ``trim`` lost along every sheet edge."""
    usable = (sheet[0] - 2 * trim, sheet[1] - 2 * trim)
    fits = [
        SheetFit(_fit(usable[0], w, spacing), _fit(usable[1], h, spacing), rotated)
        for (w, h), rotated in ((part, False), ((part[1], part[0]), True))
    ]
    return max(fits, key=lambda f: (f.count, not f.rotated))


@dataclass(frozen=True)
class Cell:
    """One place of a grid: lower-left corner, size, and whether the part is turned 90°."""

    x: float
    y: float
    w: float
    h: float
    rotated: bool


def grid_cells(
    part: tuple[float, float], area: tuple[float, float], *, spacing: float
) -> list[Cell]:
    """The cells of :func:`sheet_fit`'s grid of ``part`` on ``area`` (no trim: ``area`` is
    what may be used), row by row from the lower left."""
    fit = sheet_fit(part, area, spacing=spacing, trim=0.0)
    w, h = (part[1], part[0]) if fit.rotated else part
    return [
        Cell(col * (w + spacing), row * (h + spacing), w, h, fit.rotated)
        for row in range(fit.rows)
        for col in range(fit.cols)
    ]
