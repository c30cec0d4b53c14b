"""The one geometry model of the square peg board.

Cells are numbered row by row from the top-left corner: ``cell = row * size + col``. The rules
engine uses these numbers as actions and the SVG layout drills one hole per cell at
:meth:`PegBoard.hole_centre`; nobody else computes cell positions.

Sizes are millimetres; ``x`` grows to the right and ``y`` downwards (the SVG convention).
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_SIZE, MAX_SIZE = 3, 5
"""Smallest and largest supported board (cells per side)."""

DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (1, 1), (1, -1))
"""``(d_row, d_col)`` of the four line directions: row, column, diagonal, anti-diagonal."""

Point = tuple[float, float]
Segment = tuple[Point, Point]


def row_col(cell: int, size: int) -> tuple[int, int]:
    """``(row, col)`` of ``cell`` on a ``size`` x ``size`` board."""
    return divmod(cell, size)


def winning_lines(size: int, k: int) -> tuple[tuple[int, ...], ...]:
    """Every run of ``k`` cells in a row, column or diagonal, as cell numbers."""
    lines: list[tuple[int, ...]] = []
    for row in range(size):
        for col in range(size):
            for d_row, d_col in DIRECTIONS:
                end_row, end_col = row + (k - 1) * d_row, col + (k - 1) * d_col
                if 0 <= end_row < size and 0 <= end_col < size:
                    lines.append(
                        tuple((row + i * d_row) * size + col + i * d_col for i in range(k))
                    )
    return tuple(lines)


@dataclass(frozen=True)
class PegBoard:
    """A square board of ``size`` x ``size`` cells, ``pitch`` wide, with a hole in each cell.

    The playing grid is surrounded by ``margin`` of plain wood; the engraved grid lines
    separate the cells.
    """

    size: int
    pitch: float
    hole_diameter: float
    margin: float

    @property
    def side(self) -> float:
        """Outer width (and height) of the board."""
        return self.size * self.pitch + 2 * self.margin

    @property
    def cells(self) -> int:
        return self.size * self.size

    def hole_centre(self, cell: int) -> Point:
        """Centre of the hole of ``cell``."""
        row, col = row_col(cell, self.size)
        return (
            self.margin + (col + 0.5) * self.pitch,
            self.margin + (row + 0.5) * self.pitch,
        )

    def holes(self) -> tuple[Point, ...]:
        """Every hole centre, in cell order."""
        return tuple(self.hole_centre(cell) for cell in range(self.cells))

    def grid_lines(self) -> tuple[Segment, ...]:
        """The ``size - 1`` vertical then ``size - 1`` horizontal lines between cells."""
        start, end = self.margin, self.margin + self.size * self.pitch
        cuts = [self.margin + i * self.pitch for i in range(1, self.size)]
        vertical = tuple(((at, start), (at, end)) for at in cuts)
        horizontal = tuple(((start, at), (end, at)) for at in cuts)
        return vertical + horizontal

    @property
    def wall(self) -> float:
        """Wood left between two neighbouring holes."""
        return self.pitch - self.hole_diameter

    @property
    def edge_wall(self) -> float:
        """Wood left between an outer hole and the board edge."""
        return self.margin + self.wall / 2
