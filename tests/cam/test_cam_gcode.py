"""Every router part of every game becomes programs that LinuxCNC's interpreter runs without
error and whose simulated cut reproduces the DXF (holes, chamfers, engraving, outlines, tabs);
GRBL programs keep to GRBL's word set and cut the same."""

from __future__ import annotations

from functools import cache

import pytest
from camkit import machine, parts

from plywright.cam.job import CamJob, plan_job
from plywright.cam.machine import DEFAULT_MACHINE, Machine
from plywright.cam.verify import grbl_problems, verify_program

GRBL = machine(post="grbl")
CASES = {
    "halma-pro": ("halma-pro", {}),
    "halma-pocket": ("halma-standard", {"marking": "pocket", "marking_depth": 1.5}),
    "konstruktsiia": ("konstruktsiia", {}),
    # the example plugin's board: a plugin's DXF is programmed like a built-in game's
    "tictactoe": ("plywright-tictactoe/tictactoe-classic", {}),
}


@cache
def job(case: str, post: str = "linuxcnc") -> CamJob:
    name, production = CASES[case]
    return plan_job(
        parts(name, **production),
        DEFAULT_MACHINE if post == "linuxcnc" else GRBL,
        title=case,
    )


def _verify(cam: CamJob, profile: Machine) -> list[object]:
    reports: list[object] = []
    for program in cam.programs:
        report = verify_program(
            program.gcode, cam.tool_table(), program.sheet, profile, program.tools
        )
        assert report.ok, report.problems[:5]
        reports.append(report)
    return reports


@pytest.mark.parametrize("case", sorted(CASES))
def test_linuxcnc_programs_run_and_cut_the_parts(case: str) -> None:
    cam = job(case)
    [report] = _verify(cam, DEFAULT_MACHINE)
    holes = sum(len(op.entities) for p in cam.parts for op in p.plan.of_kind("drill"))
    chamfers = sum(len(op.entities) for p in cam.parts for op in p.plan.of_kind("chamfer"))
    lines = sum(len(op.entities) for p in cam.parts for op in p.plan.of_kind("engrave"))
    pockets = sum(len(op.entities) for p in cam.parts for op in p.plan.of_kind("pocket"))
    assert report.pockets == pockets  # type: ignore[attr-defined]
    assert (report.holes, report.chamfers, report.engraved, report.outlines) == (  # type: ignore[attr-defined]
        holes,
        chamfers,
        lines,
        len(cam.parts),
    )
    assert report.worst_hole <= 0.05 and report.worst_outline <= 0.1  # type: ignore[attr-defined]


def test_the_pocket_variant_pockets_and_chamfers_in_the_pocket_floor() -> None:
    [part] = job("halma-pocket").parts
    assert part.plan.of_kind("pocket")
    assert any(op.start > 0 for op in part.plan.of_kind("chamfer"))
    text = job("halma-pocket").programs[0].gcode
    assert "pocketed" in text


@pytest.mark.parametrize("case", ["halma-pro", "konstruktsiia", "tictactoe"])
def test_grbl_programs_keep_to_grbls_words_and_cut_the_same(case: str) -> None:
    cam = job(case, "grbl")
    for program in cam.programs:
        assert grbl_problems(program.gcode) == []
        assert "G83" not in program.gcode and "M6" not in program.gcode
    _verify(cam, GRBL)


def test_linuxcnc_drills_with_canned_cycles() -> None:
    text = job("halma-pro").programs[0].gcode
    assert text.count("G83 ") == 181 and text.count("G81 ") == 181
    assert grbl_problems(text)  # not a GRBL program


def test_one_tool_change_per_tool_and_the_outline_last() -> None:
    for case in CASES:
        for program in job(case).programs:
            ids = [j.tool.id for j in program.jobs]
            # a pocket's end mill comes back for the outline after the pocket-floor chamfers
            back = 1 if case == "halma-pocket" else 0
            assert len(ids) == len(set(ids)) + back == program.gcode.count(" M6")
            assert program.jobs[-1].stage.endswith("cut")
            assert program.jobs[0].stage.startswith(("drill", "pocket", "engrave"))


def test_programs_are_deterministic() -> None:
    name, production = CASES["konstruktsiia"]
    again = plan_job(parts(name, **production), DEFAULT_MACHINE, title="konstruktsiia")
    assert [p.gcode for p in again.programs] == [p.gcode for p in job("konstruktsiia").programs]


def test_profiles_ramp_in_and_take_several_passes() -> None:
    text = job("halma-pro").programs[0].gcode
    cut = text.split("outlines cut")[1]
    depths = sorted(
        {float(w[1:]) for line in cut.splitlines() for w in line.split() if w.startswith("Z")}
    )
    assert {-18.3, -13.725, -9.15, -4.575} <= set(depths)  # 18 mm + 0.3 in 4 passes of 6 max
    assert -15.5 in depths  # over the tabs (2.5 mm high)
    assert any(-4.575 < d < 0 for d in depths)  # the ramps
