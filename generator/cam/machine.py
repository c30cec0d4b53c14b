"""The machine profile: the workshop's router, its tools, its sheets and its prices.

A profile belongs to the workshop, not to a variant: ``plywright build --machine FILE`` reads
one (a TOML file; ``plywright machine new`` prints a commented one), and without a file the
built-in :data:`DEFAULT_MACHINE` applies. It is validated as strictly as a variant file (the
project's :class:`~plywright.api.StrictModel`: unknown fields are errors, nothing coerced),
and what a profile says about itself is checked when it is read (unique tool ids, feeds within
the machine's maximum, speeds within the spindle's range, tools named in ``[use]`` that exist):
a bad profile is an :class:`~plywright.errors.InputError` naming the file and the field.

Units: mm, mm/min for feeds, mm/s² for acceleration, rpm, degrees. Sheet coordinates have
their origin at the sheet's lower-left corner (the program's zero point), X right, Y up,
Z = 0 on the top face of the sheet.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Literal

import tomli_w
from pydantic import Field, ValidationError, model_validator

from plywright.api import StrictModel
from plywright.errors import InputError
from plywright.variant import check_depth, format_validation_error, read_variant_file

ToolKind = Literal["end-mill", "drill", "v-bit", "chamfer"]
Post = Literal["linuxcnc", "grbl"]


class WorkArea(StrictModel):
    """Travel of the machine (mm)."""

    x: float = Field(1550.0, gt=0, le=10_000, description="X travel")
    y: float = Field(1550.0, gt=0, le=10_000, description="Y travel")
    z: float = Field(150.0, gt=0, le=1_000, description="Z travel above the spoilboard")


class Motion(StrictModel):
    """Rapid and feed limits (mm/min) and acceleration (mm/s²), for every axis."""

    rapid: float = Field(15_000.0, gt=0, le=200_000, description="rapid traverse rate, mm/min")
    max_feed: float = Field(10_000.0, gt=0, le=200_000, description="highest feed, mm/min")
    acceleration: float = Field(800.0, gt=0, le=50_000, description="acceleration, mm/s²")
    tool_change: float = Field(
        30.0, ge=0, le=3_600, description="seconds to change a tool (and touch it off)"
    )


class Spindle(StrictModel):
    """The spindle's speed range (rpm)."""

    min_rpm: float = Field(6_000.0, gt=0, le=100_000, description="lowest speed, rpm")
    max_rpm: float = Field(24_000.0, gt=0, le=100_000, description="highest speed, rpm")


class Heights(StrictModel):
    """Heights above the top face of the sheet, and how deep below its bottom a cut may go."""

    safe: float = Field(
        5.0, gt=0, le=100, description="rapids over the stock never go lower (mm above top)"
    )
    clearance: float = Field(
        25.0, gt=0, le=500, description="height for tool changes and the program's start and end"
    )
    spoilboard: float = Field(
        0.3, ge=0, le=3, description="a through cut goes this far into the spoilboard (mm)"
    )


class Tabs(StrictModel):
    """Bridges that keep a part in the sheet until it is broken out."""

    count: int = Field(4, ge=2, le=32, description="tabs per part outline")
    width: float = Field(8.0, gt=0, le=100, description="length of wood left along the outline")
    height: float = Field(2.5, gt=0, le=20, description="height of wood left above the bottom")


class Zone(StrictModel):
    """A rectangle on the sheet (mm from its lower-left corner)."""

    x: float = Field(ge=0, le=10_000, description="left edge")
    y: float = Field(ge=0, le=10_000, description="bottom edge")
    width: float = Field(gt=0, le=10_000, description="width")
    height: float = Field(gt=0, le=10_000, description="height")

    def box(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.x + self.width, self.y + self.height)


def _corner_clamps() -> tuple[Zone, ...]:
    side, inset = 80.0, 0.0
    far = 1525.0 - side - inset
    corners = ((inset, inset), (far, inset), (inset, far), (far, far))
    return tuple(Zone(x=x, y=y, width=side, height=side) for x, y in corners)


class Sheet(StrictModel):
    """The stock sheet, its price, and where nothing may be cut."""

    material: str = Field("birch plywood", min_length=1, max_length=80, description="material")
    width: float = Field(1525.0, gt=0, le=10_000, description="sheet width (X), mm")
    height: float = Field(1525.0, gt=0, le=10_000, description="sheet height (Y), mm")
    trim: float = Field(15.0, ge=0, le=500, description="edge lost along every side, mm")
    allowance: float = Field(
        4.0, ge=1, le=100, description="web of wood between two parts' cutter tracks, mm"
    )
    price: float = Field(95.0, ge=0, le=1_000_000, description="price of one sheet")
    currency: str = Field("EUR", min_length=1, max_length=8, description="currency of prices")
    clamps: tuple[Zone, ...] = Field(
        default_factory=_corner_clamps, description="clamp zones: nothing is cut there"
    )


class Rates(StrictModel):
    """What machine time costs."""

    hourly: float = Field(60.0, ge=0, le=100_000, description="machine hour, with the operator")
    setup_minutes: float = Field(
        10.0, ge=0, le=600, description="minutes per sheet to load, zero and unload"
    )


class Tool(StrictModel):
    """One tool of the library, with its feeds and speeds for the sheet material."""

    id: int = Field(ge=1, le=99, description="tool number (T word, tool table pocket)")
    name: str = Field("", max_length=80, description="what the operator calls it")
    kind: ToolKind = Field(description="what it is")
    diameter: float = Field(gt=0, le=50, description="cutting diameter, mm")
    flutes: int = Field(2, ge=1, le=8, description="cutting edges")
    angle: float = Field(
        0.0, ge=0, le=180, description="included angle of a V-bit, chamfer mill or drill point"
    )
    rpm: float = Field(18_000.0, gt=0, le=100_000, description="spindle speed, rpm")
    chip_load: float = Field(0.05, gt=0, le=2, description="feed per tooth, mm")
    plunge: float = Field(0.3, gt=0, le=1, description="plunge feed as a share of the feed")
    depth_per_pass: float = Field(3.0, gt=0, le=50, description="deepest cut of one pass, mm")
    peck: float = Field(3.0, gt=0, le=50, description="drills: depth of one peck, mm")
    stepover: float = Field(0.45, gt=0, le=0.9, description="pockets: share of the diameter")

    @property
    def feed(self) -> float:
        """Cutting feed (mm/min): rpm × flutes × chip load."""
        return self.rpm * self.flutes * self.chip_load

    @property
    def plunge_feed(self) -> float:
        return self.feed * self.plunge

    def width_at(self, depth: float) -> float:
        """Width a pointed tool (V-bit, chamfer mill) cuts at ``depth`` below its tip's top."""
        if self.kind in ("v-bit", "chamfer") and 0 < self.angle < 180:
            return min(self.diameter, 2 * depth * math.tan(math.radians(self.angle / 2)))
        return self.diameter


class Use(StrictModel):
    """Tool ids per operation; a field left out: by kind and the plan's diameter."""

    cut: int | None = Field(None, ge=1, le=99, description="outline profiles")
    pocket: int | None = Field(None, ge=1, le=99, description="pockets")
    engrave: int | None = Field(None, ge=1, le=99, description="V-engraving")
    chamfer: int | None = Field(None, ge=1, le=99, description="hole chamfers")
    drill: tuple[int, ...] | None = Field(None, description="drills (each hole: the one of its D)")


def _default_tools() -> tuple[Tool, ...]:
    return (
        Tool(
            id=1,
            name="6 mm 2-flute upcut",
            kind="end-mill",
            diameter=6.0,
            rpm=18_000,
            chip_load=0.08,
            depth_per_pass=6.0,
        ),
        Tool(
            id=2,
            name="3 mm 2-flute upcut",
            kind="end-mill",
            diameter=3.0,
            rpm=20_000,
            chip_load=0.04,
            depth_per_pass=3.0,
        ),
        Tool(
            id=3,
            name="90° V-bit",
            kind="v-bit",
            diameter=12.0,
            angle=90.0,
            rpm=16_000,
            chip_load=0.05,
            depth_per_pass=2.0,
        ),
        Tool(
            id=4,
            name="90° chamfer mill",
            kind="chamfer",
            diameter=12.7,
            angle=90.0,
            rpm=14_000,
            chip_load=0.04,
            flutes=2,
            depth_per_pass=5.0,
        ),
        Tool(
            id=5,
            name="8.2 mm brad-point drill",
            kind="drill",
            diameter=8.2,
            angle=118.0,
            rpm=6_000,
            chip_load=0.05,
            flutes=2,
            peck=3.0,
            plunge=1.0,
        ),
        Tool(
            id=6,
            name="12 mm brad-point drill",
            kind="drill",
            diameter=12.0,
            angle=118.0,
            rpm=6_000,
            chip_load=0.06,
            flutes=2,
            peck=3.0,
            plunge=1.0,
        ),
    )


class Machine(StrictModel):
    """A CNC router as the workshop has it."""

    name: str = Field("workshop router", min_length=1, max_length=80, description="machine")
    post: Post = Field("linuxcnc", description="G-code dialect the controller reads")
    language: Literal["en", "lv", "nl", "uk"] = Field(
        "en", description="the workshop's language (setup sheet; English comes too)"
    )
    paper: Literal["A4", "Letter"] = Field("A4", description="paper of the setup sheet")
    ramp_angle: float = Field(
        3.0, gt=0, le=45, description="entry ramp of profile passes, degrees from horizontal"
    )
    work_area: WorkArea = Field(default_factory=WorkArea)
    motion: Motion = Field(default_factory=Motion)
    spindle: Spindle = Field(default_factory=Spindle)
    heights: Heights = Field(default_factory=Heights)
    tabs: Tabs = Field(default_factory=Tabs)
    sheet: Sheet = Field(default_factory=Sheet)
    rates: Rates = Field(default_factory=Rates)
    use: Use = Field(default_factory=Use)
    tools: tuple[Tool, ...] = Field(default_factory=_default_tools, min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> Machine:
        problem = profile_problem(self)
        if problem is not None:
            raise ValueError(problem)
        return self

    def tool(self, tool_id: int) -> Tool:
        for tool in self.tools:
            if tool.id == tool_id:
                return tool
        raise KeyError(tool_id)


def profile_problem(machine: Machine) -> str | None:
    """What is wrong with the profile on its own, as ``field: message``, or ``None``."""
    if machine.spindle.min_rpm > machine.spindle.max_rpm:
        return "spindle.min_rpm: above spindle.max_rpm"
    seen: set[int] = set()
    for index, tool in enumerate(machine.tools):
        where = f"tools.{index}"
        if tool.id in seen:
            return f"{where}.id: tool {tool.id} is listed twice"
        seen.add(tool.id)
        if tool.kind in ("v-bit", "chamfer") and not 0 < tool.angle < 180:
            return f"{where}.angle: a {tool.kind} needs its included angle (0 < angle < 180)"
        if not machine.spindle.min_rpm <= tool.rpm <= machine.spindle.max_rpm:
            return (
                f"{where}.rpm: {tool.rpm:g} rpm outside the spindle's range "
                f"{machine.spindle.min_rpm:g}-{machine.spindle.max_rpm:g}"
            )
        if tool.feed > machine.motion.max_feed + 1e-9:
            return (
                f"{where}.chip_load: feed {tool.feed:g} mm/min (T{tool.id}: {tool.rpm:g} rpm × "
                f"{tool.flutes} flutes × {tool.chip_load:g} mm) above motion.max_feed "
                f"{machine.motion.max_feed:g}"
            )
    kinds: dict[str, tuple[str, ...]] = {
        "cut": ("end-mill",),
        "pocket": ("end-mill",),
        "engrave": ("v-bit",),
        "chamfer": ("chamfer", "v-bit"),
        "drill": ("drill",),
    }
    for operation, allowed in kinds.items():
        value = getattr(machine.use, operation)
        ids = value if isinstance(value, tuple) else (() if value is None else (value,))
        for tool_id in ids:
            if tool_id not in seen:
                known = ", ".join(str(t.id) for t in machine.tools)
                return f"use.{operation}: unknown tool id {tool_id} (tools: {known})"
            kind = machine.tool(tool_id).kind
            if kind not in allowed:
                return f"use.{operation}: tool {tool_id} is a {kind}, not a {' or '.join(allowed)}"
    for index, zone in enumerate(machine.sheet.clamps):
        _, _, x1, y1 = zone.box()
        if x1 > machine.sheet.width + 1e-9 or y1 > machine.sheet.height + 1e-9:
            return (
                f"sheet.clamps.{index}: reaches outside the {machine.sheet.width:g} x "
                f"{machine.sheet.height:g} mm sheet"
            )
    return None


DEFAULT_MACHINE = Machine()
"""The built-in profile: a 1550 × 1550 mm router with a LinuxCNC controller."""


def parse_machine(data: object, source: str) -> Machine:
    """Validate profile data read from ``source``."""
    if not isinstance(data, dict):
        raise InputError("a machine profile must be a table", source=source)
    try:
        return Machine.model_validate(data)
    except ValidationError as exc:
        message = format_validation_error("machine", exc)
        message = message.removeprefix("[machine]: ").removeprefix("[machine] ")
        if exc.errors()[0]["type"] == "extra_forbidden":
            message += " (see `plywright machine new` for every field)"
        raise InputError(message, source=source) from None


def load_machine(path: Path | None) -> Machine:
    """The profile in ``path``, or the built-in one when ``path`` is ``None``."""
    if path is None:
        return DEFAULT_MACHINE
    data = read_variant_file(path)
    check_depth(data, str(path))
    return parse_machine(data, str(path))


def _value(value: object) -> str:
    return tomli_w.dumps({"v": value})[4:].strip()


def _fields(model: StrictModel) -> list[str]:
    from plywright.template import allowed_values

    lines = []
    dumped = model.model_dump(mode="json")
    for name, field in type(model).model_fields.items():
        if isinstance(getattr(model, name), StrictModel | tuple) and name != "drill":
            continue
        allowed = allowed_values(field)
        comment = (field.description or "") + (f" ({allowed})" if allowed else "")
        lines.append(f"# {comment}")
        value = dumped[name]
        lines.append(f"# {name} =" if value is None else f"{name} = {_value(value)}")
    return lines


def machine_template(machine: Machine = DEFAULT_MACHINE) -> str:
    """A complete, commented profile (the built-in one by default) that validates as printed."""
    lines = [
        "# plywright machine profile: the workshop's CNC router, tools, sheets and prices.",
        "# `plywright build VARIANT --machine THIS.toml` reads it. Units: mm, mm/min, mm/s²,",
        "# rpm, degrees. Every field is optional (the values below are the built-in ones);",
        "# unknown fields are errors. Sheet coordinates: origin at the sheet's lower-left",
        "# corner (the program's zero point), Z = 0 on the sheet's top face.",
        "",
        *_fields(machine),
    ]
    for name in ("work_area", "motion", "spindle", "heights", "tabs", "sheet", "rates", "use"):
        table = getattr(machine, name)
        doc = (type(table).__doc__ or "").strip().splitlines()[0]
        lines += ["", f"# {doc}", f"[{name}]", *_fields(table)]
        if name == "sheet":
            lines.append("# clamp zones (x, y, width, height from the lower-left corner)")
            for zone in table.clamps:
                lines += ["[[sheet.clamps]]", *_zone_lines(zone)]
            lines.append("")
    feed = "feed = rpm × flutes × chip_load; plunge feed = feed × plunge"
    lines += ["", f"# The tool library ({feed})."]
    for tool in machine.tools:
        lines += ["", "[[tools]]", *_fields(tool)]
    return "\n".join(lines) + "\n"


def _zone_lines(zone: Zone) -> list[str]:
    return [f"{key} = {_value(value)}" for key, value in zone.model_dump(mode="json").items()]
