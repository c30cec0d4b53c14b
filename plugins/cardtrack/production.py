"""The ``[production]`` table of Konstruktsiia: card size, tokens, mat and CNC values (mm)."""

from __future__ import annotations

from pydantic import Field, model_validator

from plywright.api import StrictModel

MIN_CARD = 20.0
"""Smallest card side (mm) the play aids accept."""
MAX_CARD = 300.0
"""Largest card side (mm) the play aids accept."""


class CardtrackProduction(StrictModel):
    """``[production]`` of Konstruktsiia's play aids (millimetres).

    ``w`` x ``h`` is the playing-card size every slot of the track is drawn from (portrait).
    """

    w: float = Field(63.0, ge=MIN_CARD, le=MAX_CARD, description="card width (short side)")
    h: float = Field(88.0, ge=MIN_CARD, le=MAX_CARD, description="card height (long side)")
    mat_columns: int = Field(
        0,
        ge=0,
        le=40,
        description=(
            "columns drawn on the track mat (0 = max_columns of [rules] if set, else the two "
            "start columns plus one on each side)"
        ),
    )
    mat_margin: float = Field(
        15.0, ge=5, le=200, description="paper around the slots of the mat (row numbers go here)"
    )
    max_mat_width: float = Field(
        914.0,
        ge=100,
        le=5000,
        description="widest large-format paper for the one-page mat (default a 36-inch roll)",
    )
    max_mat_height: float = Field(
        3000.0,
        ge=100,
        le=5080,
        description="longest one-page mat (roll length; PDF pages end at 5080 mm)",
    )
    bleed: float = Field(3.0, ge=0, le=10, description="print bleed around cards and tokens")
    big_token: float = Field(30.0, ge=8, le=100, description="big token diameter")
    small_token: float = Field(18.0, ge=5, le=100, description="small token diameter")
    wood_thickness: float = Field(
        8.0, ge=2, le=40, description="board the CNC tokens are cut from (the token height)"
    )
    engrave_depth: float = Field(
        0.6, ge=0, le=5, description="depth of the engraved ring on big tokens (0 = none)"
    )
    tool_diameter: float = Field(3.0, ge=0.1, le=25, description="profile cutter diameter")
    part_spacing: float = Field(
        6.0, ge=0, le=100, description="gap between tokens nested on the board"
    )
    sheet_width: float = Field(300.0, ge=20, le=5000, description="token board width")
    sheet_height: float = Field(200.0, ge=20, le=5000, description="token board depth")

    @model_validator(mode="after")
    def _consistent(self) -> CardtrackProduction:
        if self.w >= self.h:
            raise ValueError(
                f"cards must be portrait: w ({self.w:g}) must be smaller than h ({self.h:g})"
            )
        if self.small_token > self.big_token:
            raise ValueError(
                f"small_token ({self.small_token:g}) must not exceed big_token ({self.big_token:g})"
            )
        if self.big_token > self.w:
            raise ValueError(
                f"big_token ({self.big_token:g}) must fit on a card of width w ({self.w:g})"
            )
        if self.engrave_depth >= self.wood_thickness / 2:
            raise ValueError(
                f"engrave_depth ({self.engrave_depth:g}) must be below half the wood_thickness "
                f"({self.wood_thickness:g})"
            )
        if self.mat_columns == 1:
            raise ValueError("mat_columns must be 0 (automatic) or at least 2 (the start columns)")
        return self
