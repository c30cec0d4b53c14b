"""The halma bill of materials: board blank, sheet yield, holes and pegs for every seating."""

from __future__ import annotations

from collections import Counter

from generator.bom import BomRow
from generator.bom import bom_csv as bom_csv
from generator.cad.nesting import SheetFit, sheet_fit
from generator.cad.plan import mm
from plugins.halma.geometry import StarBoard, holes_per_point
from plugins.halma.options import SEATINGS, HalmaProduction, peg_counts
from plugins.halma.parts import blank_size

SEED_PEGS = 36
"""The peg count printed on the seed's product sheet (it matches no seating)."""


def board_sheet_fit(board: StarBoard, production: HalmaProduction) -> SheetFit:
    """How the finished boards' bounding boxes nest on one plywood sheet."""
    return sheet_fit(
        blank_size(board, production),
        (production.sheet_width, production.sheet_height),
        spacing=production.part_spacing,
        trim=production.sheet_trim,
    )


def _board_rows(board: StarBoard, p: HalmaProduction) -> list[BomRow]:
    width, height = blank_size(board, p)
    fit = board_sheet_fit(board, p)
    marking = {"engrave": "engraved outline", "pocket": "pocketed", "none": "not marked"}[p.marking]
    chamfer = f", {mm(p.chamfer)} mm chamfer" if p.chamfer else ""
    return [
        BomRow(
            "board",
            "birch plywood blank",
            1,
            "pcs",
            f"{mm(width)} x {mm(height)} x {mm(p.thickness)} mm finished ({p.outline} outline); "
            f"cut from a blank of at least {mm(width + 2 * p.tool_diameter)} x "
            f"{mm(height + 2 * p.tool_diameter)} mm",
        ),
        BomRow(
            "board",
            "boards per sheet",
            fit.count,
            "pcs",
            f"sheet {mm(p.sheet_width)} x {mm(p.sheet_height)} mm, {fit.cols} x {fit.rows} grid"
            f"{' (boards turned 90 deg)' if fit.rotated else ''}, {mm(p.part_spacing)} mm between "
            f"boards, {mm(p.sheet_trim)} mm edge trim",
        ),
        BomRow(
            "board",
            "holes",
            len(board),
            "pcs",
            f"D{mm(p.hole_diameter)} x {mm(p.hole_depth)} mm deep{chamfer}",
        ),
        BomRow(
            "board",
            "marked triangles",
            6 if p.marking != "none" else 0,
            "pcs",
            f"{marking}, {mm(p.marking_depth)} mm deep",
        ),
    ]


def _peg_rows(board: StarBoard, p: HalmaProduction) -> list[BomRow]:
    per_point = holes_per_point(board.n)
    peg = f"peg D{mm(p.peg_diameter)} x {mm(p.peg_length)} mm"
    rows: list[BomRow] = []
    for players, points in SEATINGS.items():
        section = f"pegs, {players} players"
        colours = Counter(p.peg_colours[point] for point in points)
        rows += [
            BomRow(section, f"{peg}, {colour}", count * per_point, "pcs", f"{per_point} per player")
            for colour, count in colours.items()
        ]
        rows.append(
            BomRow(
                section,
                "pegs in total",
                players * per_point,
                "pcs",
                f"points {', '.join(f'P{q}' for q in points)}",
            )
        )
    counts = peg_counts(board.n)
    rows.append(
        BomRow(
            "note",
            "seed peg count",
            SEED_PEGS,
            "pcs",
            f"the product sheet says {SEED_PEGS} pegs, which matches no seating: this board needs "
            f"{', '.join(str(c) for c in counts.values())} pegs for 2-6 players; a full set "
            f"for every seating is {max(counts.values())}",
        )
    )
    return rows


def bom_rows(board: StarBoard, production: HalmaProduction) -> list[BomRow]:
    return _board_rows(board, production) + _peg_rows(board, production)
