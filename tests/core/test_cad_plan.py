"""The generic machining plan and its writers on a small non-halma part (as Kubb pieces would use)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from ezdxf import recover

from plywright.cad.dxf import write_dxf
from plywright.cad.plan import Circle, MachiningPlan, Operation, Polyline, Text, layer_name
from plywright.cad.solids import plan_solid
from plywright.svg.layout import layout_svg

THICKNESS = 12.0


def square_plan() -> MachiningPlan:
    """A 100 mm square plate: one blind hole, one through hole, a pocket, an engraved ring."""
    outline = Polyline.of([(0, 0), (100, 0), (100, 100), (0, 100)])
    pocket = Polyline.of([(60, 60), (90, 60), (90, 90), (60, 90)])
    return MachiningPlan(
        name="square",
        thickness=THICKNESS,
        operations=(
            Operation("engrave", "ENGRAVE_Z1", (Circle((25, 75), 10),), depth=1, tool_diameter=2),
            Operation("pocket", "POCKET_Z2", (pocket,), depth=2, tool_diameter=6),
            Operation("drill", "DRILL_D10_Z5", (Circle((25, 25), 5),), depth=5, tool_diameter=10),
            Operation("cut", "CUT_HOLE_THRU_12", (Circle((75, 25), 8),), depth=THICKNESS),
            Operation("cut", "CUT_OUTLINE_THRU_12", (outline,), depth=THICKNESS),
            Operation("annotate", "ANNOTATE", (Text((0, -8), "square", 4),)),
        ),
    )


def test_layer_names_state_the_operation() -> None:
    assert layer_name("drill", depth=10, diameter=8.2) == "DRILL_D8.2_Z10"
    assert layer_name("cut", depth=18, through=True, what="outline") == "CUT_OUTLINE_THRU_18"
    assert layer_name("engrave", depth=0.5) == "ENGRAVE_Z0.5"
    assert layer_name("chamfer", depth=0.5, start=0.5, diameter=9.2) == "CHAMFER_D9.2_Z0.5-1"
    assert layer_name("annotate", what="notes") == "ANNOTATE_NOTES"


def test_plan_rejects_ambiguous_content() -> None:
    circle = Circle((0, 0), 1)
    with pytest.raises(ValueError, match="duplicate"):
        Operation("drill", "D", (circle, circle), depth=1)
    with pytest.raises(ValueError, match="text"):
        Operation("engrave", "E", (Text((0, 0), "x", 1),), depth=1)
    with pytest.raises(ValueError, match="circles only"):
        Operation("drill", "D", (Polyline.of([(0, 0), (1, 0), (1, 1)]),), depth=1)
    cut = Operation("cut", "C", (Polyline.circle((0, 0), 5),), depth=1)
    with pytest.raises(ValueError, match="share a layer"):
        MachiningPlan("x", 1, (cut, cut))
    with pytest.raises(ValueError, match="at least one cut"):
        MachiningPlan("x", 1, (Operation("drill", "D", (circle,), depth=1),))


def test_plan_bounds_and_outline() -> None:
    plan = square_plan()
    assert plan.part_bounds() == (0, 0, 100, 100)
    assert plan.bounds()[1] < -8  # the note hangs below the part
    assert plan.size == (100, 100)
    assert plan.outline().points[2] == (100, 100)
    assert plan.layer("DRILL_D10_Z5").depth == 5
    with pytest.raises(KeyError):
        plan.layer("NOPE")


def test_solid_volume_is_plate_minus_every_operation() -> None:
    solid = plan_solid(square_plan())
    assert solid.isValid()
    ring = math.pi * (11**2 - 9**2) * 1
    expected = (
        100 * 100 * THICKNESS - math.pi * 5**2 * 5 - math.pi * 8**2 * THICKNESS - 30 * 30 * 2 - ring
    )
    assert solid.Volume() == pytest.approx(expected, rel=1e-6)
    top = solid.BoundingBox()
    assert (top.zmin, top.zmax) == pytest.approx((-THICKNESS, 0.0))


def test_dxf_and_svg_carry_one_layer_per_operation(tmp_path: Path) -> None:
    plan = square_plan()
    write_dxf(plan, tmp_path / "square.dxf")
    doc, auditor = recover.readfile(tmp_path / "square.dxf")
    assert not auditor.has_errors
    assert doc.header["$INSUNITS"] == 4
    layers = {layer.dxf.name for layer in doc.layers}
    assert {op.layer for op in plan} <= layers
    kinds = {(e.dxftype(), e.dxf.layer) for e in doc.modelspace()}
    assert ("CIRCLE", "CUT_HOLE_THRU_12") in kinds and ("TEXT", "ANNOTATE") in kinds
    root = ET.fromstring(layout_svg(plan))
    ids = [g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g")]
    assert ids == [op.layer for op in plan]


@pytest.mark.parametrize(
    ("engraving", "problem"),
    [
        (
            Operation(
                "engrave",
                "E",
                (Polyline.of([(10, 10), (20, 10)], closed=False),),
                depth=1,
                tool_diameter=1,
            ),
            "closed",
        ),
        (Operation("engrave", "E", (Circle((15, 15), 5),), depth=1), "tool diameter"),
    ],
)
def test_solids_refuse_what_they_cannot_model(engraving: Operation, problem: str) -> None:
    cut = Operation("cut", "C", (Polyline.circle((15, 15), 15),), depth=5)
    with pytest.raises(ValueError, match=problem):
        plan_solid(MachiningPlan("bad", 5, (engraving, cut)))


def test_svg_paint_converts_points_to_millimetres() -> None:
    from plywright.svg.frame import paint

    assert paint(None, "#333", 0.72) == {
        "fill": "none",
        "stroke": "#333",
        "stroke_width": "0.254",
    }
    dashed = paint("#fff", None, 1.0, (3.0, 2.0))
    assert dashed["stroke"] == "none" and dashed["fill"] == "#fff"
    assert dashed["stroke_dasharray"] == "1.058 0.706"


def test_annotate_outlines_are_lines_and_annotate_text_is_filled() -> None:
    square = Polyline.of([(0, 0), (40, 0), (40, 30), (0, 30)])
    plan = MachiningPlan(
        "p",
        5,
        (
            Operation("cut", "CUT_THRU_5", (square,), depth=5),
            Operation("annotate", "ANNOTATE_EDGE", (square.translated(-5, -5),)),
            Operation("annotate", "ANNOTATE_NOTES", (Text((0, -8), "note", 3),)),
        ),
    )
    ns = "{http://www.w3.org/2000/svg}"
    layers = {g.get("id"): g for g in ET.fromstring(layout_svg(plan)).iter(f"{ns}g")}
    edge = layers["ANNOTATE_EDGE"]
    assert (edge.get("fill"), edge.get("stroke")) == ("none", "#ff8000")
    assert edge.find(f"{ns}path") is not None
    [text] = layers["ANNOTATE_NOTES"].findall(f"{ns}text")
    assert (text.get("fill"), text.get("stroke")) == ("#ff8000", "none")
