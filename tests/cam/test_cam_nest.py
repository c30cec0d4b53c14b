"""Nesting with spyrrow: never more sheets than the rectangular grid, one pattern stamped on
every sheet, every layout keeps the gap, the trim and the clamp zones, the same layout on every
run, and nested (turned) parts still verify."""

from __future__ import annotations

from functools import cache

import pytest
from camkit import machine, parts

from plywright.cam.job import plan_job
from plywright.cam.layout import Placement, part_gap, place_outline
from plywright.cam.machine import DEFAULT_MACHINE, Zone
from plywright.cam.nest import Nesting, grid_layout, layout_problems, nest, shapes_of
from plywright.cam.verify import verify_program

GAP = part_gap(DEFAULT_MACHINE, 6.0)  # the 6 mm outline cutter
TOKEN_GAP = part_gap(DEFAULT_MACHINE, 3.0)  # Konstruktsiia's tokens: the 3 mm cutter
CASES = [("halma-standard", 2, GAP), ("konstruktsiia", 2, TOKEN_GAP), ("halma-pro", 9, GAP)]


@cache
def nested(name: str, sets: int, gap: float = GAP) -> Nesting:
    return nest(parts(name) * sets, DEFAULT_MACHINE, gap)


@pytest.mark.parametrize(("name", "sets", "gap"), CASES)
def test_never_more_sheets_than_the_grid(name: str, sets: int, gap: float) -> None:
    every = parts(name) * sets
    grid = grid_layout(every, DEFAULT_MACHINE, gap)
    found = nested(name, sets, gap)
    assert found.method == "spyrrow"
    assert len(found.sheets) <= len(grid)
    assert sorted(p.part for sheet in found.sheets for p in sheet) == list(range(len(every)))
    for sheet in found.sheets:
        assert layout_problems(every, sheet, DEFAULT_MACHINE, gap) == []


def test_nine_halma_pro_boards_take_one_sheet_where_the_grid_needs_two() -> None:
    assert [len(s) for s in nested("halma-pro", 9).sheets] == [9]


def test_every_sheet_gets_the_same_pattern() -> None:
    # 17 boards: the pattern of 9 nested once, the second sheet its first 8 places
    every = parts("halma-pro") * 17
    found = nest(every, DEFAULT_MACHINE, GAP)
    assert (found.method, [len(s) for s in found.sheets]) == ("spyrrow", [9, 8])
    assert len(grid_layout(every, DEFAULT_MACHINE, GAP)) == 3
    first, second = ([(p.angle, p.dx, p.dy) for p in sheet] for sheet in found.sheets)
    assert second == first[:8]
    assert sorted(p.part for s in found.sheets for p in s) == list(range(17))
    for sheet in found.sheets:
        assert layout_problems(every, sheet, DEFAULT_MACHINE, GAP) == []


def test_tokens_drawn_apart_are_one_shape() -> None:
    # Konstruktsiia's DXF draws its 12 small and 2 large tokens side by side
    tokens = parts("konstruktsiia")
    large, small = shapes_of(tokens)
    assert (len(large.members), len(small.members)) == (2, 12)
    for shape in (large, small):
        first = tokens[shape.members[0]].outline
        for member, (dx, dy) in zip(shape.members, shape.offsets, strict=True):
            x0, y0, _, _ = tokens[member].outline.bounds
            assert (x0 - first.bounds[0], y0 - first.bounds[1]) == pytest.approx((dx, dy))


def test_the_parts_start_just_past_a_clamp_bar() -> None:
    # a 300 mm clamp bar along the left edge: the layout moves right just past it, so the
    # offcut on the right stays whole
    bar = machine(sheet={"clamps": [Zone(x=0, y=0, width=300, height=1525).model_dump()]})
    every = parts("halma-pro") * 4
    found = nest(every, bar, GAP)
    assert (found.method, len(found.sheets)) == ("spyrrow", 1)
    [sheet] = found.sheets
    assert layout_problems(every, sheet, bar, GAP) == []
    left = min(place_outline(every[p.part].outline, p).bounds[0] for p in sheet)
    assert 300 + GAP / 2 <= left <= 300 + GAP / 2 + 1.0


def test_the_grid_keeps_off_the_clamp_zones() -> None:
    every = parts("halma-pro") * 9
    grid = grid_layout(every, DEFAULT_MACHINE, GAP)
    assert [len(sheet) for sheet in grid] == [7, 2]  # 3 x 3 cells, two corners under clamps
    for sheet in grid:
        assert layout_problems(every, sheet, DEFAULT_MACHINE, GAP) == []


def test_the_layout_check_sees_overlaps_clamps_and_the_trim() -> None:
    every = parts("halma-standard") * 2
    [sheet] = nested("halma-standard", 2).sheets
    first, second = sheet
    too_close = Placement(second.part, first.angle, first.dx + 1.0, first.dy)
    assert layout_problems(every, [first, too_close], DEFAULT_MACHINE, GAP) == [1]
    in_clamp = Placement(first.part, 0.0, 0.0, 0.0)
    assert layout_problems(every, [in_clamp], DEFAULT_MACHINE, GAP) == [0]


@pytest.mark.parametrize(("name", "sets", "gap"), CASES)
def test_nesting_again_gives_the_same_layout(name: str, sets: int, gap: float) -> None:
    # the search is stopped on its reports, never on the clock: the same placements, exactly
    again = nest(parts(name) * sets, DEFAULT_MACHINE, gap)
    assert again == nested(name, sets, gap)


def test_a_search_that_reached_its_time_limit_is_not_used() -> None:
    # with no time at all the clock ends the search: its result could depend on the load
    every = parts("halma-standard") * 2
    found = nest(every, DEFAULT_MACHINE, GAP, seconds=0)
    assert found.method == "grid"
    assert [list(s) for s in found.sheets] == grid_layout(every, DEFAULT_MACHINE, GAP)


@pytest.mark.parametrize(("name", "sets", "gap"), CASES[:2])
def test_nested_sheets_verify(name: str, sets: int, gap: float) -> None:
    found = nested(name, sets, gap)
    layouts = [[(p.part, p.angle, p.dx, p.dy) for p in sheet] for sheet in found.sheets]
    cam = plan_job(parts(name), DEFAULT_MACHINE, batch=sets, layouts=layouts)
    for program in cam.programs:
        report = verify_program(
            program.gcode, cam.tool_table(), program.sheet, DEFAULT_MACHINE, program.tools
        )
        assert report.ok, report.problems[:5]
        assert report.outlines == len(program.sheet.placements)
