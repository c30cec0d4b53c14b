"""The machine profile: strict like a variant file, checked on its own when read, and
`plywright machine new` prints one that validates as printed."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from camkit import machine

from plywright.cam.machine import DEFAULT_MACHINE, load_machine, machine_template, parse_machine
from plywright.errors import InputError


def test_the_template_is_the_built_in_profile() -> None:
    assert parse_machine(tomllib.loads(machine_template()), "t.toml") == DEFAULT_MACHINE


def test_feed_is_rpm_times_flutes_times_chip_load() -> None:
    tool = DEFAULT_MACHINE.tool(1)
    assert tool.feed == pytest.approx(tool.rpm * tool.flutes * tool.chip_load)


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"bogus": 1}, "m.toml: bogus: unknown field"),
        ({"motion": {"rapid": "10"}}, "m.toml: motion.rapid: must be a number, not text"),
        ({"tabs": {"count": True}}, "m.toml: tabs.count: must be an integer, not a boolean"),
        ({"post": "fanuc"}, "m.toml: post: Input should be 'linuxcnc' or 'grbl'"),
        ({"use": {"cut": 42}}, "m.toml: use.cut: unknown tool id 42"),
        ({"use": {"cut": 5}}, "m.toml: use.cut: tool 5 is a drill, not a end-mill"),
        ({"motion": {"max_feed": 2000.0}}, "m.toml: tools.0.chip_load: feed 2880 mm/min"),
        ({"spindle": {"max_rpm": 15000.0}}, "m.toml: tools.0.rpm: 18000 rpm outside"),
        ({"tools": [{"id": 1, "kind": "v-bit", "diameter": 6.0}]}, "m.toml: tools.0.angle:"),
        (
            {"tools": [{"id": 1, "kind": "drill", "diameter": 6.0, "shank": 6}]},
            "m.toml: tools.0.shank: unknown field",
        ),
    ],
)
def test_bad_profiles_name_the_file_and_field(data: dict[str, object], expected: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_machine(data, "m.toml")
    assert str(caught.value).startswith(expected), str(caught.value)
    assert "\n" not in str(caught.value)


def test_tables_merge_over_the_built_in_profile() -> None:
    assert machine(motion={"rapid": 5000.0}).motion.rapid == 5000.0
    assert machine(post="grbl").post == "grbl"


def test_a_profile_file_is_read_and_bad_ones_are_input_errors(tmp_path: Path) -> None:
    path = tmp_path / "router.toml"
    path.write_text('post = "grbl"\n[sheet]\nwidth = 1250.0\nclamps = []\n', encoding="utf-8")
    loaded = load_machine(path)
    assert (loaded.post, loaded.sheet.width, loaded.sheet.clamps) == ("grbl", 1250.0, ())
    assert load_machine(None) is DEFAULT_MACHINE
    path.write_text("post = ", encoding="utf-8")
    with pytest.raises(InputError, match="invalid TOML"):
        load_machine(path)


def test_machine_new_prints_the_template(run_cli) -> None:  # type: ignore[no-untyped-def]
    done = run_cli("machine", "new")
    assert done.returncode == 0
    assert done.stdout == machine_template()
