"""Bad input gets an error naming the profile's file and field, not a program."""

from __future__ import annotations

from pathlib import Path

import pytest
from camkit import EXAMPLES, machine, parts

from plywright.cam.checks import CamProblem, check_parts
from plywright.cam.machine import machine_template

HALMA = parts("halma-pro")


def problem(**tables: object) -> str:
    with pytest.raises(CamProblem) as caught:
        check_parts(HALMA, machine(**tables))
    return str(caught.value)


def test_the_built_in_machine_makes_every_part() -> None:
    choice = check_parts(HALMA, machine())
    assert choice.drills[8.2].id == 5
    assert {t.id for t in choice.tools.values()} == {1, 3, 4}


def test_a_drill_wider_than_its_holes() -> None:
    tools = [t.model_dump() for t in machine().tools]
    tools[4]["diameter"] = 8.5
    assert problem(tools=tools).startswith(
        "tools.4.diameter: drill T5 D8.5 is wider than the D8.2 holes of DRILL_D8.2_Z10"
    )


def test_a_drill_chosen_in_use_that_is_wider() -> None:
    assert problem(use={"drill": [6]}).startswith("tools.5.diameter: drill T6 D12 is wider")


def test_no_drill_of_the_holes_diameter() -> None:
    tools = [t.model_dump() for t in machine().tools if t.kind != "drill"]
    assert problem(tools=tools).startswith("tools: no drill of D8.2 for DRILL_D8.2_Z10")


def test_a_board_larger_than_the_sheet() -> None:
    message = problem(sheet={"width": 500.0, "height": 500.0, "clamps": []})
    assert message.startswith("sheet.")
    assert (
        "does not fit the 500 x 500 mm sheet inside its 15 mm trim and 8 mm for the cutter"
        in message
    )


def test_a_board_larger_than_the_work_area() -> None:
    message = problem(work_area={"x": 400.0, "y": 400.0})
    assert message.startswith("work_area.") and "400 x 400 mm work area" in message


def test_an_end_mill_wider_than_the_outline_is_drawn_for() -> None:
    assert problem(
        use={"cut": 1},
        tools=[
            {"id": 1, "kind": "end-mill", "diameter": 8.0, "chip_load": 0.05},
            *[t.model_dump() for t in machine().tools if t.id != 1],
        ],
    ).startswith("tools.0.diameter: end mill T1 D8 is wider than the D6 cutter")


def test_no_v_bit_for_the_engraving() -> None:
    tools = [t.model_dump() for t in machine().tools if t.kind != "v-bit"]
    assert problem(tools=tools) == "tools: no V-bit for ENGRAVE_Z0.5"


def test_the_command_exits_2_with_one_line(run_cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    profile = machine_template().replace("width = 1525.0", "width = 400.0", 1)
    profile = profile.replace("x = 1445.0", "x = 300.0")
    path = tmp_path / "small.toml"
    path.write_text(profile, encoding="utf-8")
    done = run_cli(
        "build",
        str(EXAMPLES / "halma-pro.toml"),
        "--machine",
        str(path),
        "--out",
        str(tmp_path / "out"),
    )
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith(f"plywright: error: {path}: sheet.width: halma-pro board")
    assert not (tmp_path / "out").exists()
    done = run_cli(
        "build", str(EXAMPLES / "halma-pro.toml"), "--machine", str(tmp_path / "none.toml")
    )
    assert done.returncode == 2
    assert done.stderr.strip() == f"plywright: error: {tmp_path / 'none.toml'}: file not found"


def test_a_variant_without_router_parts_is_bad_input() -> None:
    from plywright.cam.artifacts import cam_build
    from plywright.errors import InputError
    from plywright.registry import load_registry
    from plywright.variant import load_variant

    variant = load_variant(EXAMPLES / "kubb-seed.toml", load_registry())
    with pytest.raises(InputError, match="kubb-seed has no router parts"):
        cam_build(variant, machine(), "built-in machine profile")
