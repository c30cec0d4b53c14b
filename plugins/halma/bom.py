"""The halma bill of materials: board blank, sheet yield, holes, the pegs in the box and the
pegs each seating takes."""

from __future__ import annotations

from plywright.bom import BomRow
from plywright.bom import bom_csv as bom_csv
from plywright.cad.nesting import SheetFit, sheet_fit
from plywright.cad.plan import mm
from plywright.plugins.halma.box import MIN_PLAYERS, box_of
from plywright.plugins.halma.geometry import StarBoard
from plywright.plugins.halma.options import SEATINGS
from plywright.plugins.halma.parts import blank_size
from plywright.plugins.halma.production import HalmaProduction


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
    """The pegs in the box by colour, their total, and what each seating takes from it."""
    box = box_of(board.n, p)
    per = box.per_player
    seated = box.seated_points
    peg = f"peg D{mm(p.peg_diameter)} x {mm(p.peg_length)} mm"
    rows: list[BomRow] = []
    for colour, count in box.pegs:
        points = [q for q in seated if p.peg_colours[q] == colour]
        if points:
            spare = count - per * len(points)
            detail = f"{per} per player, starts on {', '.join(f'P{q}' for q in points)}"
            detail += f", {spare} spare" if spare else ""
        else:
            detail = f"fewer than the {per} a player needs"
        rows.append(BomRow("pegs in the box", f"{peg}, {colour}", count, "pcs", detail))
    seats = f"up to {box.seats}" if box.seats >= MIN_PLAYERS else f"only {box.seats}"
    rows.append(
        BomRow(
            "pegs in the box",
            "pegs in total",
            box.total,
            "pcs",
            f"{len(box.pegs)} colours, enough for {seats} players ({per} pegs each)",
        )
    )
    for players, seating in SEATINGS.items():
        colours = ", ".join(f"P{q} {p.peg_colours[q]}" for q in seating)
        short = "" if players <= box.seats else "; more than the box holds"
        rows.append(
            BomRow("pegs needed", f"{players} players", players * per, "pcs", colours + short)
        )
    return rows


def bom_rows(board: StarBoard, production: HalmaProduction) -> list[BomRow]:
    return _board_rows(board, production) + _peg_rows(board, production)
