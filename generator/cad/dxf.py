"""DXF writer for machining plans (ezdxf).

One layer per operation (named after it, coloured by :data:`plywright.cad.plan.STYLES`, with
the operation described in the layer description), holes as CIRCLE entities, outlines as
closed LWPOLYLINEs with bulges for arcs, notes as TEXT. DXF R2000, ``$INSUNITS`` = mm.

The files are byte-identical across runs: ezdxf's *fixed meta data* option (fixed creation and
update dates, constant GUIDs) is switched on while the file is written and restored after.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import ezdxf
from ezdxf import units
from ezdxf.document import Drawing

from plywright.cad.plan import STYLES, Circle, MachiningPlan, Operation, Polyline, Text

DXF_VERSION = "R2000"


@contextmanager
def fixed_meta_data() -> Iterator[None]:
    """Make ezdxf write constant dates and GUIDs (its supported option for reproducible files)."""
    before = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True
    try:
        yield
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = before


def plan_document(plan: MachiningPlan) -> Drawing:
    """An ezdxf document holding ``plan``: one layer per operation."""
    with fixed_meta_data():
        doc = ezdxf.new(DXF_VERSION, setup=False)
    doc.units = units.MM
    doc.header["$MEASUREMENT"] = 1
    doc.header["$LUNITS"] = 2
    doc.header["$LUPREC"] = 4
    msp = doc.modelspace()
    for op in plan:
        layer = doc.layers.add(op.layer, color=STYLES[op.kind].aci)
        layer.description = _describe(op)
        for entity in op.entities:
            _add(msp, op.layer, entity)
    x0, y0, x1, y1 = plan.bounds()
    doc.header["$EXTMIN"] = (x0, y0, 0)
    doc.header["$EXTMAX"] = (x1, y1, 0)
    msp.dxf.extmin, msp.dxf.extmax = (x0, y0, 0), (x1, y1, 0)
    doc.set_modelspace_vport(height=1.1 * (y1 - y0), center=((x0 + x1) / 2, (y0 + y1) / 2))
    return doc


def _describe(op: Operation) -> str:
    text = op.description or op.kind
    if op.tool_diameter:
        text += f"; tool {op.tool_diameter:g} mm"
    return text


def _add(msp: ezdxf.layouts.Modelspace, layer: str, entity: Circle | Polyline | Text) -> None:
    attribs = {"layer": layer}
    if isinstance(entity, Circle):
        msp.add_circle(entity.centre, entity.radius, dxfattribs=attribs)
    elif isinstance(entity, Polyline):
        points = [(x, y, b) for (x, y), b in zip(entity.points, entity.bulges, strict=True)]
        msp.add_lwpolyline(points, format="xyb", close=entity.closed, dxfattribs=attribs)
    else:
        msp.add_text(
            entity.text, height=entity.height, dxfattribs={**attribs, "insert": entity.position}
        )


def write_dxf(plan: MachiningPlan, path: Path) -> None:
    """Write ``plan`` as a DXF file (deterministic bytes)."""
    doc = plan_document(plan)
    with fixed_meta_data():
        doc.saveas(path)
