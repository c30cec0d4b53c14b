"""Splitting a large 1:1 drawing into overlapping printer pages (pure geometry, millimetres).

Pages form a grid of rows ``A, B, C…`` (top to bottom) and columns ``1, 2, 3…`` (left to
right). Neighbouring pages overlap by ``overlap`` mm; the *seam* runs down the middle of each
overlap strip. To assemble, trim every page along its left and top seams, lay it onto its
neighbours and match the registration marks, which sit on the seams.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from plywright.cad.geometry2d import Bounds, Point

PAPER_MM: dict[str, tuple[float, float]] = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
"""Portrait paper sizes in millimetres."""


@dataclass(frozen=True)
class Margins:
    """Page margins (mm) around the drawing area; top holds the header, bottom the footer."""

    left: float = 10.0
    right: float = 10.0
    top: float = 20.0
    bottom: float = 27.0


def row_name(row: int) -> str:
    """``0 -> A``, ``25 -> Z``, ``26 -> AA``."""
    name = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


@dataclass(frozen=True)
class Tile:
    """One page: grid position and the plan area (mm) it shows, overlaps included."""

    row: int
    col: int
    area: Bounds

    @property
    def label(self) -> str:
        return f"{row_name(self.row)}{self.col + 1}"


@dataclass(frozen=True)
class TileGrid:
    """The page grid covering a drawing."""

    page: tuple[float, float]
    """Page width and height in mm, as oriented."""
    margins: Margins
    overlap: float
    rows: int
    cols: int
    tiles: tuple[Tile, ...]
    """The pages to print, row by row (pages with nothing on them are left out)."""
    covered: Bounds
    """The plan area covered by the whole grid."""

    @property
    def content(self) -> tuple[float, float]:
        """Width and height (mm) of the drawing area on each page."""
        w, h = self.page
        return (
            w - self.margins.left - self.margins.right,
            h - self.margins.top - self.margins.bottom,
        )

    @property
    def landscape(self) -> bool:
        return self.page[0] > self.page[1]

    def tile(self, row: int, col: int) -> Tile | None:
        for tile in self.tiles:
            if (tile.row, tile.col) == (row, col):
                return tile
        return None

    def neighbour(self, tile: Tile, d_row: int, d_col: int) -> Tile | None:
        return self.tile(tile.row + d_row, tile.col + d_col)

    def seam_x(self, col: int) -> float:
        """The vertical seam between column ``col`` and ``col + 1``."""
        step = self.content[0] - self.overlap
        return self.covered[0] + (col + 1) * step + self.overlap / 2

    def seam_y(self, row: int) -> float:
        """The horizontal seam between row ``row`` and ``row + 1``."""
        step = self.content[1] - self.overlap
        return self.covered[3] - (row + 1) * step - self.overlap / 2

    def cell(self, tile: Tile) -> Bounds:
        """The part of the plan this page contributes once trimmed at the seams."""
        x0, y0, x1, y1 = tile.area
        left = self.seam_x(tile.col - 1) if tile.col > 0 else x0
        right = self.seam_x(tile.col) if tile.col < self.cols - 1 else x1
        top = self.seam_y(tile.row - 1) if tile.row > 0 else y1
        bottom = self.seam_y(tile.row) if tile.row < self.rows - 1 else y0
        return (left, bottom, right, top)

    def marks(self, avoid: Sequence[Point] = (), clearance: float = 0.0) -> list[Point]:
        """Registration marks: two on every seam between two printed pages.

        Each mark sits near a quarter of the seam, moved along it to the nearest spot at least
        ``clearance`` from every ``avoid`` point (e.g. hole centres), or else the freest spot.
        """
        out: list[Point] = []
        for tile in self.tiles:
            x0, y0, x1, y1 = tile.area
            if self.neighbour(tile, 0, 1):
                sx = self.seam_x(tile.col)
                across = [(y, x - sx) for x, y in avoid]
                out += [(sx, y) for y in _seam_spots(y0, y1, across, clearance)]
            if self.neighbour(tile, 1, 0):
                sy = self.seam_y(tile.row)
                across = [(x, y - sy) for x, y in avoid]
                out += [(x, sy) for x in _seam_spots(x0, x1, across, clearance)]
        return out


def _seam_spots(
    start: float, end: float, avoid: Sequence[tuple[float, float]], clearance: float
) -> list[float]:
    """Two positions along a seam near its quarters; ``avoid`` holds ``(along, across)`` points."""

    def score(t: float, aim: float) -> tuple[float, float]:
        free = min((math.hypot(t - a, off) for a, off in avoid), default=math.inf)
        return (min(free, clearance), -abs(t - aim))

    quarter = (end - start) / 4
    spots = []
    for aim in (start + quarter, end - quarter):
        candidates = [aim + k for k in range(-int(quarter) + 2, int(quarter) - 1)]
        spots.append(max(candidates, key=partial(score, aim=aim)))
    return spots


SEAM_STEP = 0.25
"""Resolution (mm) of the search for the seams' shift."""


def tile_grid(
    bounds: Bounds,
    paper: str,
    *,
    margins: Margins | None = None,
    overlap: float = 12.0,
    keep: Callable[[Bounds], bool] | None = None,
    seams_avoid: Sequence[Point] = (),
) -> TileGrid:
    """The page grid for ``bounds`` on ``paper`` in whichever orientation needs fewer pages;
    with ``seams_avoid``, the grid is shifted (never beyond ``bounds``) so that its seams lie
    as far as possible from those points."""
    margins = margins or Margins()
    width, height = PAPER_MM[paper]
    grids = [
        _grid(bounds, page, margins, overlap, keep, seams_avoid)
        for page in ((width, height), (height, width))
    ]
    return min(grids, key=lambda g: (len(g.tiles), g.landscape))


def seam_clearance(grid: TileGrid, points: Sequence[Point]) -> float:
    """The smallest distance (mm) from any of ``points`` to a seam (cut line) of ``grid``."""
    xs = [grid.seam_x(col) for col in range(grid.cols - 1)]
    ys = [grid.seam_y(row) for row in range(grid.rows - 1)]
    gaps = [abs(x - sx) for x, _ in points for sx in xs]
    gaps += [abs(y - sy) for _, y in points for sy in ys]
    return min(gaps, default=math.inf)


def _shift(start: float, slack: float, step: float, count: int, values: Sequence[float]) -> float:
    """The shift in ``[-slack/2, slack/2]`` of seams at ``start + k * step`` (k = 1..count-1)
    that keeps them farthest from ``values`` (ties: the smallest shift)."""
    if count < 2 or not values:
        return 0.0
    steps = int(slack / 2 / SEAM_STEP)

    def clearance(shift: float) -> float:
        seams = [start + shift + k * step for k in range(1, count)]
        return min(abs(v - s) for v in values for s in seams)

    shifts = sorted((k * SEAM_STEP for k in range(-steps, steps + 1)), key=abs)
    return max(shifts, key=lambda shift: round(clearance(shift), 6))


def _grid(
    bounds: Bounds,
    page: tuple[float, float],
    margins: Margins,
    overlap: float,
    keep: Callable[[Bounds], bool] | None,
    seams_avoid: Sequence[Point] = (),
) -> TileGrid:
    content_w = page[0] - margins.left - margins.right
    content_h = page[1] - margins.top - margins.bottom
    if content_w <= overlap or content_h <= overlap:
        raise ValueError("overlap must be smaller than the printable area")
    x0, y0, x1, y1 = bounds
    step_w, step_h = content_w - overlap, content_h - overlap
    cols = max(1, math.ceil((x1 - x0 - overlap) / step_w))
    rows = max(1, math.ceil((y1 - y0 - overlap) / step_h))
    total_w, total_h = cols * step_w + overlap, rows * step_h + overlap
    left, top = (x0 + x1 - total_w) / 2, (y0 + y1 + total_h) / 2
    # seams at left + k * step + overlap / 2 and top - k * step - overlap / 2
    left += _shift(
        left + overlap / 2, total_w - (x1 - x0), step_w, cols, [x for x, _ in seams_avoid]
    )
    top -= _shift(
        -(top - overlap / 2), total_h - (y1 - y0), step_h, rows, [-y for _, y in seams_avoid]
    )
    tiles = []
    for row in range(rows):
        for col in range(cols):
            ax, ay = left + col * step_w, top - row * step_h - content_h
            area = (ax, ay, ax + content_w, ay + content_h)
            if keep is None or keep(area):
                tiles.append(Tile(row, col, area))
    covered = (left, top - total_h, left + total_w, top)
    return TileGrid(page, margins, overlap, rows, cols, tuple(tiles), covered)
