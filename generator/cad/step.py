"""STEP writer (OCCT AP214) with a fixed header, so the same shape gives the same bytes.

OCCT stamps the current time into the ``FILE_NAME`` header; :func:`write_step` replaces it (and
the author, organisation and originating-system fields) through OCCT's own header API.
"""

from __future__ import annotations

from pathlib import Path

import cadquery as cq
from OCP.APIHeaderSection import APIHeaderSection_MakeHeader
from OCP.IFSelect import IFSelect_ReturnStatus
from OCP.Interface import Interface_Static
from OCP.STEPControl import STEPControl_AsIs, STEPControl_Writer
from OCP.TCollection import TCollection_HAsciiString

FIXED_TIMESTAMP = "2000-01-01T00:00:00"
SYSTEM = "plywright (Open CASCADE STEP translator)"


def write_step(shape: cq.Shape, path: Path, *, name: str) -> None:
    """Write ``shape`` (millimetres) as a STEP file whose product is called ``name``."""
    product_key = "write.step.product.name"
    previous = Interface_Static.CVal_s(product_key)
    Interface_Static.SetCVal_s("write.step.unit", "MM")
    Interface_Static.SetCVal_s(product_key, name)
    try:
        writer = STEPControl_Writer()
        writer.Transfer(shape.wrapped, STEPControl_AsIs)
    finally:
        Interface_Static.SetCVal_s(product_key, previous)
    header = APIHeaderSection_MakeHeader(writer.Model())
    header.SetName(TCollection_HAsciiString(name))
    header.SetTimeStamp(TCollection_HAsciiString(FIXED_TIMESTAMP))
    header.SetAuthorValue(1, TCollection_HAsciiString("plywright"))
    header.SetOrganizationValue(1, TCollection_HAsciiString("plywright"))
    header.SetOriginatingSystem(TCollection_HAsciiString(SYSTEM))
    header.SetAuthorisation(TCollection_HAsciiString(""))
    header.SetPreprocessorVersion(TCollection_HAsciiString(SYSTEM))
    if writer.Write(str(path)) != IFSelect_ReturnStatus.IFSelect_RetDone:
        raise OSError(f"could not write STEP file {path}")
