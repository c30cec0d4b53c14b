"""Variant files: presets, validation and one clear message for every bad input."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from conftest import write
from plywright.errors import InputError
from plywright.registry import Registry
from plywright.template import variant_template
from plywright.variant import load_variant, parse_variant


def _error(registry: Registry, path: Path) -> str:
    with pytest.raises(InputError) as caught:
        load_variant(path, registry)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(str(path))
    return message


def test_preset_then_file_values(registry: Registry) -> None:
    variant = parse_variant(
        {"game": "cardrace", "preset": "long", "rules": {"copies": 3}}, registry
    )
    assert variant.rules.goal == 9 and variant.rules.copies == 3
    assert parse_variant({"game": "cardrace"}, registry).rules.goal == 3  # default preset "short"


def test_name_defaults_to_file_stem(registry: Registry, tmp_path: Path) -> None:
    path = write(tmp_path / "my-race.toml", 'game = "cardrace"\n')
    assert load_variant(path, registry).name == "my-race"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('game = "cardrace"\n[rules]\ngoal = 0\n', ["[rules] goal", "greater than or equal to 1"]),
        ('game = "cardrace"\n[rules]\ngoal = "far"\n', ["[rules] goal", "integer"]),
        (
            'game = "cardrace"\n[rules]\nspeed = 3\n',
            ["[rules] speed", "unknown field", "allowed: goal, copies"],
        ),
        ('game = "cardrace"\ncolour = 1\n', ["colour", "unknown top-level field", "allowed: game"]),
        ('game = "chess"\n', ["game", "unknown value 'chess'", "cardrace"]),
        ("name = 'x'\n", ["game: missing"]),
        ('game = "cardrace"\npreset = "huge"\n', ["preset", "'huge'", "allowed: long, short"]),
        ('game = "cardrace"\nrules = 3\n', ["[rules] must be a table"]),
        ('game = "cardrace"\n[check]\nmin_completion = 2\n', ["[check] min_completion"]),
        ('game = "cardrace"\nname = "../../etc"\n', ["name", "not a safe folder name"]),
        ('game = "cardrace"\nname = "/abs"\n', ["name", "not a safe folder name"]),
        ('game = "cardrace"\nname = ""\n', ["name"]),
        ("game = \n", ["invalid TOML"]),
        ('game = "cardrace"\n[print]\npaper = "A3"\n', ["[print] paper", "'A4' or 'Letter'"]),
    ],
)
def test_bad_variants_get_one_line_naming_the_field(
    registry: Registry, tmp_path: Path, text: str, expected: list[str]
) -> None:
    message = _error(registry, write(tmp_path / "bad.toml", text))
    for part in expected:
        assert part in message


def test_unreadable_files(registry: Registry, tmp_path: Path) -> None:
    assert "file not found" in _error(registry, tmp_path / "missing.toml")
    assert "is a directory" in _error(registry, tmp_path)
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00game")
    assert "not UTF-8" in _error(registry, binary)


def test_every_game_and_preset_template_validates(registry: Registry, tmp_path: Path) -> None:
    for name, definition in registry.games.items():
        for preset in [None, *definition.presets]:
            text = variant_template(definition, preset)
            assert text.splitlines().count("[rules]") == 1
            data = tomllib.loads(text)
            variant = parse_variant(data, registry)
            expected = parse_variant(
                {"game": name, **({"preset": preset} if preset else {})}, registry
            )
            assert variant.rules == expected.rules
            assert variant.production == expected.production
            assert variant.check == expected.check
            assert "# name: the build folder" in text
            comments = [line for line in text.splitlines() if line.startswith("# ")]
            fields = len(definition.rules_model.model_fields)
            assert len(comments) >= fields, "every field is explained"


def test_table_gives_a_typed_table_or_refuses(registry: Registry) -> None:
    from plywright.plugins.halma.options import HalmaRules
    from sample_games import CardRaceProduction, CardRaceRules

    variant = parse_variant({"game": "cardrace", "production": {"fail": True}}, registry)
    assert variant.table(CardRaceRules) is variant.rules
    assert variant.table(CardRaceProduction).fail is True
    with pytest.raises(TypeError, match="has no HalmaRules table"):
        variant.table(HalmaRules)


@pytest.mark.parametrize(
    "text",
    [
        "x = " + "[" * 5000 + "]" * 5000 + "\n",  # the parser itself runs out of stack
        'game = "cardrace"\nx = ' + "[" * 300 + "]" * 300 + "\n",  # parses, nested too deeply
        'game = "cardrace"\nx = ' + "{a = " * 2000 + "1" + "}" * 2000 + "\n",
    ],
)
def test_deeply_nested_files_get_one_line(registry: Registry, tmp_path: Path, text: str) -> None:
    message = _error(registry, write(tmp_path / "deep.toml", text))
    assert "nested too deeply" in message


@pytest.mark.parametrize(
    "name",
    [
        "Ķīniešu dambrete",
        "Китайські шашки",
        "Chinees dammen 2",
        "halma-pro_v1.2",
        "cafe\u0301",  # a decomposed accent is composed (NFC) for the folder name
    ],
)
def test_names_take_letters_of_any_language(registry: Registry, name: str) -> None:
    import unicodedata

    variant = parse_variant({"game": "cardrace", "name": name}, registry)
    assert variant.name == unicodedata.normalize("NFC", name)


@pytest.mark.parametrize(
    "name",
    [
        "a/b",
        "a\\b",
        ".hidden",
        "-flag",
        "tab\there",
        "line\nbreak",
        "trailing.",
        "space ",
        "..",
        "a..b",
        "NUL",
        "con.txt",
        "x" * 65,
        "star*",
        "a:b",
        "zero\u200bwidth",
        7,
    ],
)
def test_names_that_are_no_safe_folder_are_refused(
    registry: Registry, tmp_path: Path, name: object
) -> None:
    with pytest.raises(InputError, match="not a safe folder name") as caught:
        parse_variant({"game": "cardrace", "name": name}, registry)
    assert "\n" not in str(caught.value)
