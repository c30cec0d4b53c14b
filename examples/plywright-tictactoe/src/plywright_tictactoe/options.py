"""The variant-file schema: ``[rules]`` and ``[production]`` models plus presets.

Every field has a default, a range and a description (``plywright new`` prints them as
comments); unknown fields are errors because the models derive from ``StrictModel``.
Checks between fields are field validators on the later field, so an error names that field
(fields are validated in declaration order, so ``info.data`` holds the earlier ones).
"""

from __future__ import annotations

from typing import Any

from plywright.api import StrictModel
from pydantic import Field, ValidationInfo, field_validator, model_validator

from plywright_tictactoe.geometry import MAX_SIZE, MIN_SIZE, PegBoard

MIN_K = 3
"""Shortest winning line: with two in a row the first player always wins on move three."""


class TicTacToeRules(StrictModel):
    """``[rules]``: board size and how many marks in a line win."""

    size: int = Field(
        default=3, ge=MIN_SIZE, le=MAX_SIZE, description="cells per side of the board"
    )
    k_in_row: int = Field(
        default=3, ge=MIN_K, le=MAX_SIZE, description="marks in a line that win (left out = size)"
    )

    @model_validator(mode="before")
    @classmethod
    def _k_defaults_to_size(cls, data: Any) -> Any:
        if isinstance(data, dict) and "k_in_row" not in data and "size" in data:
            return {**data, "k_in_row": data["size"]}
        return data

    @field_validator("k_in_row")
    @classmethod
    def _fits_board(cls, k_in_row: int, info: ValidationInfo) -> int:
        size = info.data.get("size")  # absent when size itself was invalid
        if size is not None and k_in_row > size:
            raise ValueError(f"k_in_row ({k_in_row}) must not exceed size ({size})")
        return k_in_row

    @property
    def max_moves(self) -> int:
        """Moves of the longest game: one per cell."""
        return self.size * self.size


class TicTacToeProduction(StrictModel):
    """``[production]``: a drilled plywood peg board (millimetres)."""

    pitch: float = Field(
        default=40.0, gt=0, le=200, description="distance between neighbouring holes"
    )
    hole_diameter: float = Field(
        default=12.0, gt=0, le=200, description="drilled hole diameter (peg + clearance)"
    )
    margin: float = Field(
        default=15.0, ge=0, le=500, description="plain wood around the playing grid"
    )
    sheet_width: float = Field(
        default=600.0, gt=0, le=10_000, description="width of the sheet the board is cut from"
    )
    sheet_height: float = Field(default=400.0, gt=0, le=10_000, description="height of that sheet")
    thickness: float = Field(default=18.0, gt=0, le=100, description="plywood thickness")
    hole_depth: float = Field(
        default=10.0, gt=0, le=100, description="depth of the blind holes (below thickness)"
    )
    engrave_depth: float = Field(
        default=1.0, gt=0, le=5, description="depth of the engraved grid lines"
    )
    cutter: float = Field(
        default=6.0, gt=0, le=25, description="end mill that cuts the outline (diameter)"
    )

    @field_validator("hole_diameter")
    @classmethod
    def _fits_pitch(cls, hole_diameter: float, info: ValidationInfo) -> float:
        pitch = info.data.get("pitch")
        if pitch is not None and hole_diameter >= pitch:
            raise ValueError(
                f"hole_diameter ({hole_diameter:g}) must be smaller than pitch ({pitch:g})"
            )
        return hole_diameter

    @field_validator("hole_depth")
    @classmethod
    def _blind(cls, hole_depth: float, info: ValidationInfo) -> float:
        thickness = info.data.get("thickness")
        if thickness is not None and hole_depth >= thickness:
            raise ValueError(
                f"hole_depth ({hole_depth:g}) must be smaller than thickness ({thickness:g})"
            )
        return hole_depth


def peg_board(rules: TicTacToeRules, production: TicTacToeProduction) -> PegBoard:
    """The geometry model of a variant."""
    return PegBoard(rules.size, production.pitch, production.hole_diameter, production.margin)


PRESETS: dict[str, dict[str, dict[str, Any]]] = {
    "classic": {"rules": {"size": 3, "k_in_row": 3}},
    "four": {"rules": {"size": 4, "k_in_row": 4}},
}
"""``classic``: 3 x 3, three in a row; ``four``: 4 x 4, four in a row."""
