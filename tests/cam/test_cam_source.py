"""The router parts come back whole from the build's DXF, and are split into separate parts."""

from __future__ import annotations

from pathlib import Path

import pytest
from camkit import plans

from plywright.cad.dxf import write_dxf
from plywright.cad.plan import Circle, Polyline
from plywright.cam.source import parse_layer, plan_from_dxf, split_parts


def test_layer_names_state_the_operation() -> None:
    drill = parse_layer("DRILL_D8.2_Z10")
    assert drill is not None
    assert (drill.kind, drill.depth, drill.start, drill.diameter) == ("drill", 10.0, 0.0, 8.2)
    chamfer = parse_layer("CHAMFER_D9.2_Z0.5-1")
    assert chamfer is not None
    assert (chamfer.depth, chamfer.start) == pytest.approx((0.5, 0.5))
    cut = parse_layer("CUT_SMALL_D18_THRU_8")
    assert cut is not None
    assert (cut.kind, cut.through, cut.depth) == ("cut", True, 8.0)
    assert parse_layer("ANNOTATE_NOTES") is None


@pytest.mark.parametrize("name", ["halma-pro", "konstruktsiia"])
def test_the_plan_read_back_is_the_plan_written(name: str, tmp_path: Path) -> None:
    [plan] = plans(name)
    path = tmp_path / "again.dxf"
    write_dxf(plan, path)
    again = plan_from_dxf(path, plan.name)
    assert again is not None
    assert again.thickness == plan.thickness
    assert [op.layer for op in again] == [op.layer for op in plan]
    for mine, theirs in zip(again, plan, strict=True):
        assert (mine.kind, mine.depth, mine.start, mine.tool_diameter) == (
            theirs.kind,
            theirs.depth,
            theirs.start,
            theirs.tool_diameter,
        )
        assert mine.entities == theirs.entities


def test_saw_templates_are_not_router_parts() -> None:
    assert plans("kubb-seed") == ()
    assert plans("halma-pro")  # the board is


def test_tokens_split_into_separate_parts_with_their_engraving() -> None:
    [plan] = plans("konstruktsiia")
    parts = split_parts(plan)
    assert len(parts) == 14
    rings = [p for p in parts if p.plan.of_kind("engrave")]
    assert len(rings) == 2
    for part in rings:
        [ring] = part.plan.of_kind("engrave")[0].entities
        assert isinstance(ring, Polyline)
        assert part.outline.contains(part.outline.centroid)
    for part in parts:
        [cut] = part.plan.of_kind("cut")
        [disc] = cut.entities
        assert isinstance(disc, Circle)
        assert part.area == pytest.approx(3.14159 * disc.radius**2, rel=3e-3)  # chords 0.01 mm


def test_a_board_is_one_part_holding_every_operation() -> None:
    [plan] = plans("halma-pro")
    [part] = split_parts(plan)
    assert [len(op.entities) for op in part.plan] == [len(op.entities) for op in plan]
