"""Binary STL writer: OCCT meshing with fixed (absolute) tolerances, deterministic output."""

from __future__ import annotations

from pathlib import Path

import cadquery as cq
from OCP.BRepMesh import BRepMesh_IncrementalMesh
from OCP.StlAPI import StlAPI_Writer

DEFAULT_ANGULAR_TOLERANCE = 0.3
"""Radians between neighbouring facets on curved faces (about 21 facets per circle)."""


def write_stl(
    shape: cq.Shape,
    path: Path,
    *,
    tolerance: float,
    angular_tolerance: float = DEFAULT_ANGULAR_TOLERANCE,
) -> None:
    """Mesh ``shape`` (chord error ``tolerance`` mm) and write it as binary STL."""
    BRepMesh_IncrementalMesh(shape.wrapped, tolerance, False, angular_tolerance, True)
    writer = StlAPI_Writer()
    writer.ASCIIMode = False
    if not writer.Write(shape.wrapped, str(path)):
        raise OSError(f"could not write STL file {path}")
