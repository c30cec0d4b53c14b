"""The halma ``[production]`` table: the birch-plywood board, its holes and the pegs (millimetres),
and the peg colours a workshop can order."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, ValidationInfo, field_validator

from plywright.api import StrictModel

PALETTE: dict[str, str] = {
    "red": "#c8102e",
    "orange": "#f28c28",
    "yellow": "#f6c700",
    "green": "#2e8b3a",
    "blue": "#1f5fbf",
    "purple": "#7b3f9e",
    "black": "#222222",
    "white": "#f4f1ea",
    "natural": "#d9b98a",
}
"""Peg colours a workshop can order, with the hex colour used in drawings."""

PegColour = Literal[
    "red", "orange", "yellow", "green", "blue", "purple", "black", "white", "natural"
]


class HalmaProduction(StrictModel):
    """``[production]`` of a birch-plywood star-halma board (millimetres)."""

    thickness: float = Field(18.0, ge=1, le=60, description="plywood thickness")
    sheet_width: float = Field(1525.0, ge=1, le=10_000, description="plywood sheet width")
    sheet_height: float = Field(1525.0, ge=1, le=10_000, description="plywood sheet height")
    outline: Literal["hexagon", "star", "circle"] = Field("hexagon", description="board shape")
    margin: float = Field(
        15.0, ge=0, le=500, description="wood between the outermost hole edge and the board edge"
    )
    pitch: float = Field(
        25.0, ge=1, le=500, description="distance between neighbouring hole centres"
    )
    peg_diameter: float = Field(8.0, ge=0.5, le=100, description="peg diameter")
    peg_length: float = Field(25.0, ge=1, le=500, description="peg length")
    hole_diameter: float = Field(
        8.2, ge=0.5, le=100, description="drilled hole diameter (peg + clearance)"
    )
    hole_depth: float = Field(
        10.0,
        ge=1,
        le=60,
        description="blind hole depth (at least 1 mm: a shallower hole holds no peg)",
    )
    chamfer: float = Field(0.5, ge=0, le=10, description="hole chamfer width (0 = none)")
    marking: Literal["engrave", "pocket", "none"] = Field(
        "engrave", description="how each player's triangle is marked"
    )
    marking_depth: float = Field(0.5, ge=0, le=60, description="engraving or pocket depth")
    tool_diameter: float = Field(6.0, ge=0.1, le=100, description="outline cutter diameter")
    corner_radius: float = Field(
        4.0,
        ge=0,
        le=500,
        description="fillet of the star outline's inner corners (at least the tool radius)",
    )
    engrave_width: float = Field(
        1.0,
        ge=0.05,
        le=20,
        description="width of the engraved marking line (V-bit width at marking_depth)",
    )
    part_spacing: float = Field(
        10.0,
        ge=0,
        le=1000,
        description="gap between boards nested on the sheet (at least tool_diameter)",
    )
    sheet_trim: float = Field(
        10.0, ge=0, le=1000, description="unusable strip along each sheet edge"
    )
    peg_colours: tuple[PegColour, ...] = Field(
        ("red", "yellow", "green", "blue", "black", "white"),
        min_length=6,
        max_length=6,
        description="peg colour of points P0-P5",
    )
    box_colours: tuple[PegColour, ...] | None = Field(
        None,
        min_length=1,
        max_length=6,
        description="peg colours in the box, each one of peg_colours (empty = every colour "
        "of peg_colours)",
    )
    pegs_per_colour: int | None = Field(
        None,
        ge=1,
        le=1000,
        description="pegs of each colour in the box (empty = one per hole of a triangle of "
        "that colour: 10 standard, 15 pro)",
    )
    stl_tolerance: float = Field(
        0.05,
        ge=0.01,
        le=5,
        description="STL chord tolerance (at least 0.01 mm: a finer mesh grows huge, no machine "
        "uses it)",
    )

    @field_validator("box_colours")
    @classmethod
    def _box_colours_known(
        cls, value: tuple[str, ...] | None, info: ValidationInfo
    ) -> tuple[str, ...] | None:
        if value is None:
            return value
        if len(set(value)) != len(value):
            raise ValueError(f"must list each colour once, got {list(value)}")
        known = info.data.get("peg_colours")
        if known is not None:
            unknown = [c for c in value if c not in known]
            if unknown:
                raise ValueError(
                    f"{', '.join(map(repr, unknown))} is not one of peg_colours "
                    f"({', '.join(known)}): a box colour needs a starting triangle"
                )
        return value

    @field_validator("hole_diameter")
    @classmethod
    def _peg_fits(cls, value: float, info: ValidationInfo) -> float:
        peg = info.data.get("peg_diameter")
        if peg is not None and value <= peg:
            raise ValueError(f"must exceed peg_diameter ({peg}) so the peg fits")
        return value

    @field_validator("marking_depth")
    @classmethod
    def _marking_inside(cls, value: float, info: ValidationInfo) -> float:
        thickness = info.data.get("thickness")
        if thickness is not None and value >= thickness:
            raise ValueError(
                f"must be less than thickness ({thickness}) or it cuts the board apart"
            )
        return value
