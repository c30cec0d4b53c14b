"""STEP writer (OCCT AP214) whose bytes depend only on the shape and its name.

OCCT stamps the current time into the ``FILE_NAME`` header and numbers each PRODUCT with a
process-wide counter (``Open CASCADE STEP translator 7.9 3``). :func:`write_step` sets the header
through OCCT's header API and renames the products in the transferred model before writing.
"""

from __future__ import annotations

from pathlib import Path

import cadquery as cq
from OCP.APIHeaderSection import APIHeaderSection_MakeHeader
from OCP.IFSelect import IFSelect_ReturnStatus
from OCP.Interface import Interface_Static
from OCP.StepBasic import StepBasic_Product
from OCP.STEPControl import STEPControl_AsIs, STEPControl_Writer
from OCP.TCollection import TCollection_HAsciiString

FIXED_TIMESTAMP = "2000-01-01T00:00:00"
SYSTEM = "plywright (Open CASCADE STEP translator)"


def part21_text(value: str) -> str:
    """``value`` as ISO 10303-21 string content: ASCII stays, a backslash is doubled, other
    characters go in ``\\X2\\`` (UCS-2) or ``\\X4\\`` (beyond the BMP) hex groups ended by
    ``\\X0\\`` (OCCT doubles the apostrophes itself). Names may be Latvian or Ukrainian, and
    strict STEP readers take only ASCII."""
    out: list[str] = []
    group: list[str] = []
    wide = False

    def close() -> None:
        if group:
            out.append(("\\X4\\" if wide else "\\X2\\") + "".join(group) + "\\X0\\")
            group.clear()

    for char in value:
        code = ord(char)
        if 0x20 <= code <= 0x7E:
            close()
            out.append("\\\\" if char == "\\" else char)
        else:
            if group and wide != (code > 0xFFFF):
                close()
            wide = code > 0xFFFF
            group.append(f"{code:08X}" if wide else f"{code:04X}")
    close()
    return "".join(out)


def _text(value: str) -> TCollection_HAsciiString:
    return TCollection_HAsciiString(part21_text(value))


def write_step(shape: cq.Shape, path: Path, *, name: str) -> None:
    """Write ``shape`` (millimetres) as a STEP file whose product is called ``name``."""
    # OCCT keeps units in process-wide settings (other exporters change them): pin millimetres.
    Interface_Static.SetCVal_s("xstep.cascade.unit", "MM")
    Interface_Static.SetCVal_s("write.step.unit", "MM")
    writer = STEPControl_Writer()
    if writer.Transfer(shape.wrapped, STEPControl_AsIs) != IFSelect_ReturnStatus.IFSelect_RetDone:
        raise ValueError(f"OCCT could not translate {name!r} to STEP")
    model = writer.Model()
    for i in range(1, model.NbEntities() + 1):
        entity = model.Value(i)
        if isinstance(entity, StepBasic_Product):
            entity.SetName(_text(name))
            entity.SetId(_text(name))
    header = APIHeaderSection_MakeHeader(model)
    header.SetName(_text(name))
    header.SetTimeStamp(_text(FIXED_TIMESTAMP))
    header.SetAuthorValue(1, _text("plywright"))
    header.SetOrganizationValue(1, _text("plywright"))
    header.SetOriginatingSystem(_text(SYSTEM))
    header.SetPreprocessorVersion(_text(SYSTEM))
    header.SetAuthorisation(_text(""))
    if writer.Write(str(path)) != IFSelect_ReturnStatus.IFSelect_RetDone:
        raise OSError(f"could not write STEP file {path}")
