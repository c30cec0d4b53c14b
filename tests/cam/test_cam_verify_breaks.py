"""The verifier catches broken programs: each test breaks a good program one way and the
simulation (or the interpreter) must say what is wrong."""

from __future__ import annotations

import re
from functools import cache

import pytest
from camkit import parts

from plywright.cam.job import CamJob, plan_job
from plywright.cam.machine import DEFAULT_MACHINE
from plywright.cam.verify import grbl_problems, verify_program


@cache
def board() -> CamJob:
    return plan_job(parts("halma-standard"), DEFAULT_MACHINE, title="board")


def problems(text: str) -> list[str]:
    cam = board()
    [program] = cam.programs
    report = verify_program(text, cam.tool_table(), program.sheet, DEFAULT_MACHINE, program.tools)
    return report.problems


def good() -> str:
    return board().programs[0].gcode


def test_the_good_program_passes() -> None:
    assert problems(good()) == []


def test_a_hole_shifted_by_a_fifth_of_a_millimetre_fails() -> None:
    text = good()
    found = re.search(r"G83 X(-?\d+\.\d+)", text)
    assert found is not None
    moved = f"{float(found[1]) + 0.2:.3f}"
    broken = text[: found.start(1)] + moved + text[found.end(1) :]
    found_problems = problems(broken)
    assert any("no D8.2 drill plunge within 0.05 mm" in p for p in found_problems)
    assert any("where no hole is drawn" in p for p in found_problems)


def test_a_shallow_hole_fails() -> None:
    text = good().replace("Z-10.000 R5.000 Q3.000", "Z-9.000 R5.000 Q3.000", 1)
    assert any("drilled to Z-9.000, not Z-10.000" in p for p in problems(text))


def test_a_dropped_tab_fails() -> None:
    lines = good().splitlines()
    last_pass = max(i for i, line in enumerate(lines) if "Z-18.300" in line)
    # the last tab of the last pass: its lines at the tabs' height go down to full depth
    tab = [i for i, line in enumerate(lines[:last_pass]) if line.endswith("Z-15.500")]
    run = [tab[-1]]
    while run[-1] - 1 in tab:
        run.append(run[-1] - 1)
    for i in run:
        lines[i] = lines[i].replace("Z-15.500", "Z-18.300")
    found = problems("\n".join(lines) + "\n")
    assert any("3 of 4 tabs hold the part" in p for p in found), found


def test_a_rapid_plunge_into_the_stock_fails() -> None:
    text = good()
    start = text.index("outlines cut")
    at = text.index("G0 Z5.000\n", start) + len("G0 Z5.000\n")
    broken = text[:at] + "G0 Z-2.000\n" + text[at:]
    assert any("rapid to Z-2.000" in p and "below safe height" in p for p in problems(broken))


def test_a_rapid_across_the_stock_below_safe_height_fails() -> None:
    broken = good().replace("G0 Z5.000\n", "G0 Z1.000\n", 1)
    assert any("below safe height 5" in p for p in problems(broken))


def test_cutting_into_the_spoilboard_too_deep_fails() -> None:
    broken = good().replace("Z-18.300", "Z-19.000")
    assert any("deeper than the spoilboard allowance" in p for p in problems(broken))


def test_engraving_at_the_wrong_depth_fails() -> None:
    broken = good().replace("Z-0.500", "Z-0.300")
    assert any("ENGRAVE_Z0.5 line not engraved at Z-0.500" in p for p in problems(broken))


def test_an_outline_cut_too_close_fails() -> None:
    cam = board()
    [program] = cam.programs
    text = program.gcode
    head, cut = text.split("outlines cut", 1)

    def closer(match: re.Match[str]) -> str:
        return f"X{float(match[1]) - 0.3:.3f}"

    broken = head + "outlines cut" + re.sub(r"X(\d+\.\d+)", closer, cut)
    assert any("mm from the drawn one" in p for p in problems(broken))


def test_the_interpreters_errors_are_problems() -> None:
    broken = good().replace("G83 X", "G83 Q0 X", 1)
    found = problems(broken)
    assert len(found) == 1 and found[0].startswith("rs274:"), found


@pytest.mark.parametrize(
    ("line", "word"),
    [("G83 X1 Y1 Z-3 R2 Q1 F100", "G83"), ("T1 M6", "M6"), ("G43 H1", "H"), ("G64 P0.01", "G64")],
)
def test_grbl_refuses_what_it_lacks(line: str, word: str) -> None:
    found = grbl_problems(f"G21 G90\n{line}\nM2\n")
    assert found and all(p.startswith("line 2:") for p in found)
    assert any(word in p for p in found)


def test_a_shallow_pocket_fails() -> None:
    cam = plan_job(parts("halma-standard", marking="pocket", marking_depth=1.5), DEFAULT_MACHINE)
    [program] = cam.programs
    good_text = program.gcode
    broken = good_text.replace("Z-1.500", "Z-1.200")

    def found(text: str) -> list[str]:
        return verify_program(
            text, cam.tool_table(), program.sheet, DEFAULT_MACHINE, program.tools
        ).problems

    assert found(good_text) == []
    assert any("pocket not cleared at Z-1.500" in p for p in found(broken))


def test_a_v_bit_off_the_line_fails() -> None:
    text = good()
    start = text.index("lines engraved")
    found = re.search(r"G1 X(\d+\.\d+) Y(\d+\.\d+) Z-0.500", text[start:])
    assert found is not None
    at = start + found.start(1)
    moved = f"{float(found[1]) + 1.0:.3f}"
    broken = text[:at] + moved + text[at + len(found[1]) :]
    assert any("V-bit in the wood" in p for p in problems(broken))
