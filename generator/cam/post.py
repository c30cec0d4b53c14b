"""Post-processors: one sheet's jobs as the G-code a controller reads.

``linuxcnc``: RS274/NGC as LinuxCNC reads it: tool changes with ``M6`` and tool length
offsets (``G43``), peck drilling with the canned cycle ``G83`` and chamfer plunges with
``G81`` (retract to the R plane, ``G99``).

``grbl``: GRBL 1.1's word set only: no canned cycles (every peck is written out as the moves
``G83`` makes: feed down one peck, rapid out to the R plane, rapid back to just above the
last depth), no ``M6`` (a tool change is ``M5`` and ``M0``, the operator's pause, with the
tool named in a comment), no ``G43``.

Numbers have three decimals (micrometres), so the same jobs give the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

from plywright.cam.machine import Machine, Tool
from plywright.cam.toolpath import Cycle, Job, Move

RETRACT_CLEARANCE = 0.254
"""How far above the last depth a written-out peck rapids back down (LinuxCNC's G83 value)."""


def n(value: float) -> str:
    """A coordinate with three decimals, no ``-0.000``."""
    text = f"{value:.3f}"
    return "0.000" if text == "-0.000" else text


def f(value: float) -> str:
    return f"{value:.0f}"


def tool_table(tools: Sequence[Tool]) -> str:
    """A LinuxCNC tool table for ``tools`` (zero length offsets: every tool touched off on the
    sheet's top face)."""
    lines = [f"T{t.id} P{t.id} Z0 D{t.diameter:g} ;{_comment(t.name or t.kind)}" for t in tools]
    return "\n".join(lines) + "\n"


def gcode(
    jobs: Sequence[Job], machine: Machine, header: Sequence[str], post: str | None = None
) -> str:
    """The program of one sheet."""
    dialect = post or machine.post
    safe, clearance = machine.heights.safe, machine.heights.clearance
    out: list[str] = [f"({_comment(line)})" for line in header]
    out.append("G21 G17 G90 G94 G40 G49 G54")
    if dialect == "linuxcnc":
        out.append("G64 P0.01")
    out.append(f"G0 Z{n(clearance)}")
    for number, job in enumerate(jobs, start=1):
        tool = job.tool
        out.append(
            f"(job {number}: T{tool.id} {_comment(tool.name or tool.kind)}: {_comment(job.label)})"
        )
        if dialect == "linuxcnc":
            out += [f"T{tool.id} M6", f"G43 H{tool.id}"]
        else:
            out += ["M5", f"(change to T{tool.id} {_comment(tool.name or tool.kind)})", "M0"]
        out.append(f"S{f(tool.rpm)} M3")
        out.append(f"G0 Z{n(clearance)}")
        out += _steps(job, machine, dialect)
        out.append(f"G0 Z{n(clearance)}")
    out += ["M5", f"G0 Z{n(max(clearance, safe))}", "M2"]
    return "\n".join(out) + "\n"


def _comment(text: str) -> str:
    """Text safe inside a G-code comment (no parentheses, ASCII only)."""
    cleaned = text.replace("(", "[").replace(")", "]").replace("°", " deg")
    return cleaned.encode("ascii", "replace").decode("ascii").replace("?", "-")


def _steps(job: Job, machine: Machine, dialect: str) -> list[str]:
    out: list[str] = []
    mode: str | None = None
    feed: float | None = None
    safe = machine.heights.safe
    first = True
    for step in job.steps:
        if isinstance(step, Cycle):
            if first:
                out.append(f"G0 X{n(step.x)} Y{n(step.y)}")
                out.append(f"G0 Z{n(safe)}")
                first = False
            if dialect == "linuxcnc":
                code = "G83" if step.peck else "G81"
                peck = f" Q{n(step.peck)}" if step.peck else ""
                out.append(
                    f"G99 {code} X{n(step.x)} Y{n(step.y)} Z{n(step.z)} R{n(step.r)}{peck} "
                    f"F{f(step.feed)}"
                )
                mode, feed = "cycle", None
            else:
                out.append(f"G0 X{n(step.x)} Y{n(step.y)}")
                out += _expanded(step)
                mode = "G0"
            feed = None
            continue
        if mode == "cycle":
            out.append("G80")
            mode = None
        assert isinstance(step, Move)
        if first and step.rapid:
            out.append(f"G0 X{n(step.x)} Y{n(step.y)}")
            out.append(f"G0 Z{n(step.z)}")
            first, mode = False, "G0"
            continue
        first = False
        word = "G0" if step.rapid else "G1"
        text = f"{word} X{n(step.x)} Y{n(step.y)} Z{n(step.z)}"
        if not step.rapid and step.feed != feed:
            text += f" F{f(step.feed)}"
            feed = step.feed
        out.append(text)
        mode = word
    if mode == "cycle":
        out.append("G80")
    return out


def _expanded(cycle: Cycle) -> list[str]:
    """A drilling cycle as plain moves: what G83 (G81 without a peck) does after the rapid to
    the hole, down to the R plane already."""
    out: list[str] = []
    peck = cycle.peck or (cycle.r - cycle.z)
    depth = cycle.r
    while depth > cycle.z + 1e-9:
        target = max(cycle.z, depth - peck)
        if depth < cycle.r:
            out.append(f"G0 Z{n(depth + RETRACT_CLEARANCE)}")
        out.append(f"G1 Z{n(target)} F{f(cycle.feed)}")
        out.append(f"G0 Z{n(cycle.r)}")
        depth = target
    return out
