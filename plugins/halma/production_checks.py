"""Static checks of a halma board's ``[production]`` values: will the workshop's board work?"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from plywright.api import StaticCheck
from plywright.cad.plan import mm
from plywright.plugins.halma.bom import board_sheet_fit
from plywright.plugins.halma.box import MAX_PLAYERS, MIN_PLAYERS, box_of
from plywright.plugins.halma.geometry import StarBoard, star_board
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.parts import blank_size, board_outline, edge_distance, marking_offset
from plywright.plugins.halma.production import HalmaProduction

if TYPE_CHECKING:
    from plywright.variant import Variant

MIN_WEB = 3.0
"""Least wood (mm) between neighbouring holes at the surface, chamfers included."""
MIN_FLOOR = 3.0
"""Least wood (mm) left under a blind hole."""
MIN_WALL = 3.0
"""Least wood (mm) between an outermost hole (chamfer included) and the board edge."""
MIN_STICK_OUT = 5.0
"""Least length (mm) of a seated peg above the board, to pick it up."""
MAX_PEG_PLAY = 0.5
"""Largest hole-minus-peg diameter (mm) before pegs wobble."""
MIN_MARK_CLEARANCE = 1.0
"""Least wood (mm) between a marking line and a hole chamfer or the board edge."""


def _check(
    name: str, ok: bool, good: str, bad: str, severity: Literal["error", "warning"] = "error"
) -> StaticCheck:
    return StaticCheck(f"production.{name}", ok, good if ok else bad, severity)


def production_checks(board: StarBoard, p: HalmaProduction) -> list[StaticCheck]:
    """Every production check for ``board`` made as ``p`` says."""
    try:
        board_outline(board, p)
    except ValueError as exc:
        return [_check("outline", False, "", f"the {p.outline} outline cannot be drawn: {exc}")]
    web = p.pitch - p.hole_diameter - 2 * p.chamfer
    floor = p.thickness - p.hole_depth
    wall = p.margin - p.chamfer
    stick_out = p.peg_length - p.hole_depth
    play = p.hole_diameter - p.peg_diameter
    fit = board_sheet_fit(board, p)
    width, height = blank_size(board, p)
    checks = [
        _check(
            "hole_web",
            web >= MIN_WEB,
            f"{mm(web)} mm of wood between neighbouring holes (pitch {mm(p.pitch)} - hole "
            f"{mm(p.hole_diameter)} - chamfers)",
            f"{_web_problem(web)} (needs {mm(MIN_WEB)} mm of wood): raise pitch above "
            f"{mm(p.hole_diameter + 2 * p.chamfer + MIN_WEB)} or shrink the holes",
        ),
        _check(
            "hole_floor",
            floor >= MIN_FLOOR,
            f"{mm(floor)} mm of wood under each hole",
            f"hole_depth {mm(p.hole_depth)} leaves {mm(floor)} mm under each hole in "
            f"{mm(p.thickness)} mm plywood (needs {mm(MIN_FLOOR)})",
        ),
        _check(
            "edge_wall",
            wall >= MIN_WALL,
            f"{mm(wall)} mm of wood between the outermost holes and the edge",
            f"margin {mm(p.margin)} leaves {mm(wall)} mm between the outermost holes and the edge "
            f"(needs {mm(MIN_WALL)})",
        ),
        _check(
            "sheet_fit",
            fit.count >= 1,
            f"{fit.count} boards of {mm(width)} x {mm(height)} mm per "
            f"{mm(p.sheet_width)} x {mm(p.sheet_height)} mm sheet",
            f"a {mm(width)} x {mm(height)} mm board does not fit the {mm(p.sheet_width)} x "
            f"{mm(p.sheet_height)} mm sheet (with {mm(p.sheet_trim)} mm edge trim)",
        ),
        _check(
            "part_spacing",
            p.part_spacing >= p.tool_diameter,
            f"{mm(p.part_spacing)} mm between boards on the sheet fits the "
            f"{mm(p.tool_diameter)} mm tool",
            f"part_spacing {mm(p.part_spacing)} is narrower than the {mm(p.tool_diameter)} mm "
            "tool: neighbouring boards would be cut into",
        ),
        _corner_check(p),
        _check(
            "peg_stick_out",
            stick_out >= MIN_STICK_OUT,
            f"seated pegs stand {mm(stick_out)} mm above the board",
            f"seated pegs stand {mm(stick_out)} mm above the board (needs {mm(MIN_STICK_OUT)}): "
            "make peg_length longer or holes shallower",
            "error" if stick_out <= 0 else "warning",
        ),
        _check(
            "peg_fit",
            play <= MAX_PEG_PLAY,
            f"{mm(play)} mm clearance between peg and hole",
            f"{mm(play)} mm clearance between peg and hole: pegs will wobble "
            f"(at most {mm(MAX_PEG_PLAY)})",
            "warning",
        ),
    ]
    if p.marking != "none":
        checks.append(_marking_check(p))
    return checks


def _web_problem(web: float) -> str:
    if web < 0:
        return f"neighbouring holes overlap by {mm(-web)} mm"
    return f"only {mm(web)} mm of wood between neighbouring holes"


def _corner_check(p: HalmaProduction) -> StaticCheck:
    tool_radius = p.tool_diameter / 2
    if p.outline != "star":
        return _check("tool_corners", True, f"the {p.outline} outline has no inner corners", "")
    return _check(
        "tool_corners",
        p.corner_radius >= tool_radius,
        f"inner star corners are rounded to {mm(p.corner_radius)} mm, the {mm(p.tool_diameter)} "
        "mm tool fits",
        f"corner_radius {mm(p.corner_radius)} is below the tool radius {mm(tool_radius)}: the "
        f"inner corners were rounded to {mm(tool_radius)} mm instead",
        "warning",
    )


def _marking_check(p: HalmaProduction) -> StaticCheck:
    if p.marking_depth <= 0:
        return _check(
            "marking",
            False,
            "",
            f"marking = {p.marking!r} but marking_depth is 0: the triangles stay unmarked",
            "warning",
        )
    half_line = p.engrave_width / 2 if p.marking == "engrave" else 0.0
    offset = marking_offset(p)
    to_hole = offset - half_line - p.hole_diameter / 2 - p.chamfer
    to_edge = edge_distance(p) - offset - half_line
    gap = min(to_hole, to_edge)
    return _check(
        "marking",
        gap >= MIN_MARK_CLEARANCE,
        f"triangle markings keep {mm(to_hole)} mm from the holes and {mm(to_edge)} mm from "
        "the edge",
        f"triangle markings come within {mm(gap)} mm of a hole or the edge (needs "
        f"{mm(MIN_MARK_CLEARANCE)}): raise pitch or margin, or thin the marking",
    )


def box_check(rules: HalmaRules, p: HalmaProduction) -> StaticCheck:
    """Does the box hold a full triangle of one colour for every player the variant allows?"""
    box = box_of(rules.n, p)
    allowed = rules.players if rules.seating or rules.targets else MAX_PLAYERS
    offered = str(allowed) if allowed == rules.players else f"{MIN_PLAYERS}-{MAX_PLAYERS}"
    packed = f"the box holds {box.total} pegs ({len(box.pegs)} colours)"
    if p.pegs_per_colour is not None and p.pegs_per_colour < box.per_player:
        fix = f"each player needs {box.per_player} pegs of one colour: raise pegs_per_colour"
    else:
        fix = "add colours to box_colours (empty = every colour of peg_colours)"
    if box.seats < rules.players:
        return _check(
            "box_pegs",
            False,
            "",
            f"{packed} and seats {box.seats} players, but [rules] players = {rules.players}: {fix}",
        )
    return _check(
        "box_pegs",
        box.seats >= allowed,
        f"{packed}, enough for every seating of {offered} players",
        f"{packed} and seats at most {box.seats} of the {MIN_PLAYERS}-{MAX_PLAYERS} players the "
        f"rules allow (the rulebook offers {MIN_PLAYERS}-{box.seats}): {fix}",
        "warning",
    )


def halma_production_checks(variant: Variant) -> list[StaticCheck]:
    """Production checks of a halma variant (its ``[rules]`` and ``[production]`` tables)."""
    rules, production = variant.table(HalmaRules), variant.table(HalmaProduction)
    return [*production_checks(star_board(rules.n), production), box_check(rules, production)]
