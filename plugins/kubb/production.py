"""The Kubb ``[production]`` table: wooden pieces and the stock they are cut from (millimetres).

Defaults are the Kubb World Championship sizes: kubb 70 x 70 x 150 mm, king 90 x 90 x 300 mm
with a crown, baton (throwing stick) diameter 44 x 300 mm. The six marker stakes are not sized
by any rule set; the defaults are a common 25 x 25 x 300 mm pointed stake.

``SMALL_SET`` is the German federation's small set, given as "7.5 / 6.0 / 4.0 cm". We read the
three figures as the square sections of the king (75 mm) and the kubbs (60 mm) and the baton
diameter (40 mm), in the same order of size as the World sizes (king > kubb > baton); lengths are
the World lengths scaled by the same ratio as the sections and rounded to 10 mm: kubb 130 mm,
king 250 mm, baton 270 mm.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from plywright.api import StrictModel


class KubbProduction(StrictModel):
    """``[production]`` of a wooden Kubb set (millimetres, kg/m^3)."""

    # --- kubb: square section, chamfered ends ---------------------------------------------------
    kubb_width: float = Field(70.0, ge=20, le=300, description="kubb square section side")
    kubb_height: float = Field(150.0, ge=30, le=600, description="kubb height (length of the cut)")
    kubb_chamfer: float = Field(
        5.0, ge=0, le=50, description="45-degree chamfer on the four edges of each end (0 = none)"
    )
    # --- king: square section, crown of points on top ------------------------------------------
    king_width: float = Field(90.0, ge=20, le=400, description="king square section side")
    king_height: float = Field(300.0, ge=50, le=1200, description="king height incl. the crown")
    crown_height: float = Field(
        40.0, ge=5, le=300, description="depth of the V notches that form the crown"
    )
    crown_points: int = Field(
        3, ge=2, le=8, description="crown points along each side (notches per side = points - 1)"
    )
    king_chamfer: float = Field(
        5.0, ge=0, le=50, description="45-degree chamfer on the edges of the king's foot"
    )
    # --- baton: round dowel with rounded-over ends ---------------------------------------------
    baton_diameter: float = Field(
        44.0, ge=10, le=150, description="baton (throwing stick) diameter"
    )
    baton_length: float = Field(300.0, ge=100, le=1000, description="baton length")
    baton_chamfer: float = Field(
        3.0, ge=0, le=30, description="45-degree chamfer on both baton ends (0 = none)"
    )
    # --- marker stake: square section, four-sided point ----------------------------------------
    stake_width: float = Field(25.0, ge=8, le=100, description="marker stake square section side")
    stake_length: float = Field(300.0, ge=100, le=1500, description="marker stake length")
    stake_point: float = Field(
        60.0, ge=0, le=500, description="length of the four-sided point (0 = flat end)"
    )
    stakes: int = Field(6, ge=4, le=12, description="marker stakes per set (corners + centre line)")
    # --- stock ---------------------------------------------------------------------------------
    kubb_stock_section: float = Field(
        70.0, ge=8, le=500, description="square timber side the kubbs are cut from"
    )
    kubb_stock_length: float = Field(
        2400.0, ge=100, le=12_000, description="length of one square-timber stock piece for kubbs"
    )
    king_stock_section: float = Field(
        90.0, ge=8, le=500, description="square timber side the king is cut from"
    )
    king_stock_length: float = Field(
        1200.0, ge=100, le=12_000, description="length of one square-timber stock piece for kings"
    )
    dowel_diameter: float = Field(
        44.0, ge=5, le=200, description="round dowel diameter the batons are cut from"
    )
    dowel_length: float = Field(
        2400.0, ge=100, le=12_000, description="length of one dowel stock piece"
    )
    stake_stock_section: float = Field(
        25.0, ge=5, le=200, description="square lath side the marker stakes are cut from"
    )
    stake_stock_length: float = Field(
        2400.0, ge=100, le=12_000, description="length of one lath stock piece for stakes"
    )
    kerf: float = Field(3.0, ge=0, le=20, description="saw kerf (blade width) per cut")
    end_trim: float = Field(
        5.0, ge=0, le=500, description="waste squared off each end of a stock piece"
    )
    section_tolerance: float = Field(
        0.5,
        ge=0,
        le=10,
        description="stock may be this much smaller than a piece section (planing tolerance)",
    )
    wood_density: float = Field(
        650.0, ge=100, le=1500, description="wood density for the BOM mass (kg/m^3; birch 650)"
    )
    stl_tolerance: float = Field(
        0.05,
        ge=0.01,
        le=5,
        description="STL chord tolerance (at least 0.01 mm: a finer mesh grows huge, no machine "
        "uses it)",
    )

    @model_validator(mode="after")
    def _shapes_exist(self) -> KubbProduction:
        """Feature sizes that would cut a piece away entirely (the rest is a static check)."""
        problems: list[str] = []
        if 2 * self.kubb_chamfer >= self.kubb_width:
            problems.append(f"kubb_chamfer ({self.kubb_chamfer}) must be below kubb_width / 2")
        if 2 * self.kubb_chamfer >= self.kubb_height:
            problems.append(f"kubb_chamfer ({self.kubb_chamfer}) must be below kubb_height / 2")
        if 2 * self.king_chamfer >= self.king_width:
            problems.append(f"king_chamfer ({self.king_chamfer}) must be below king_width / 2")
        if self.crown_height + self.king_chamfer >= self.king_height / 2:
            problems.append(
                f"crown_height ({self.crown_height}) + king_chamfer must be below king_height / 2"
            )
        if 2 * self.baton_chamfer >= self.baton_diameter:
            problems.append(
                f"baton_chamfer ({self.baton_chamfer}) must be below baton_diameter / 2"
            )
        if self.stake_point >= self.stake_length / 2:
            problems.append(f"stake_point ({self.stake_point}) must be below stake_length / 2")
        if problems:
            raise ValueError("; ".join(problems))
        return self


SMALL_SET: dict[str, Any] = {
    "kubb_width": 60.0,
    "kubb_height": 130.0,
    "king_width": 75.0,
    "king_height": 250.0,
    "crown_height": 35.0,
    "baton_diameter": 40.0,
    "baton_length": 270.0,
    "kubb_stock_section": 60.0,
    "king_stock_section": 75.0,
    "dowel_diameter": 40.0,
}
"""``[production]`` values of the small set (king 7.5 cm, kubb 6.0 cm, baton 4.0 cm; see module)."""
