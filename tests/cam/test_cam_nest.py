"""Nesting with spyrrow: never more sheets than the rectangular grid, every layout keeps the
gap, the trim and the clamp zones, and nested (turned) parts still verify."""

from __future__ import annotations

from functools import cache

import pytest
from camkit import parts

from generator.cam.job import plan_job
from generator.cam.layout import Placement, part_gap
from generator.cam.machine import DEFAULT_MACHINE
from generator.cam.nest import Nesting, grid_layout, layout_problems, nest
from generator.cam.verify import verify_program

GAP = part_gap(DEFAULT_MACHINE, 6.0)  # the 6 mm outline cutter
TOKEN_GAP = part_gap(DEFAULT_MACHINE, 3.0)  # Konstruktsiia's tokens: the 3 mm cutter
CASES = [("halma-standard", 2, GAP), ("konstruktsiia", 1, TOKEN_GAP)]


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


def test_nesting_again_gives_the_same_layout() -> None:
    # early termination ends spyrrow's search, not the clock: the same placements, exactly
    again = nest(parts("halma-standard") * 2, DEFAULT_MACHINE, GAP)
    assert again == nested("halma-standard", 2)


def test_a_search_that_reached_its_time_limit_is_not_used() -> None:
    # with no time at all the clock ends the search: its result could depend on the load
    every = parts("halma-standard") * 2
    found = nest(every, DEFAULT_MACHINE, GAP, seconds=0)
    assert found.method == "grid"
    assert [list(s) for s in found.sheets] == grid_layout(every, DEFAULT_MACHINE, GAP)


@pytest.mark.parametrize(("name", "sets", "gap"), CASES)
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
