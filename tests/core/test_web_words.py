"""The designer's words belong to each game (issue 20, left open): a plugin's designer file
gives its games-list sentence, preset names and first screen; the core keeps only the tables'
titles; a game without one still gets a first screen; Kubb's set size is one choice."""

from __future__ import annotations

import dataclasses
import json
import logging
import tomllib
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from plywright.api import GameDefinition, hookimpl
from plywright.plugins.kubb.production import SMALL_SET
from plywright.registry import Registry, load_registry
from plywright.web import firstscreen
from plywright.web.app import Limits, create_app
from plywright.web.firstscreen import Control, DesignerFileError, read_words
from plywright_tictactoe.plugin import GAME as TICTACTOE

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
IN_SERVER = Limits(preview_workers=0)


def with_game(definition: GameDefinition) -> Registry:
    """The core agents and ``definition`` alone."""

    class Plugin:
        @staticmethod
        @hookimpl
        def plywright_register_games(register: Any) -> None:
            register(definition)

    return load_registry([("words-test", Plugin)], use_entry_points=False)


def page_of(definition: GameDefinition, path: str = "") -> str:
    with TestClient(create_app(lambda: with_game(definition), IN_SERVER)) as client:
        answer = client.get(path or f"/games/{definition.name}")
    assert answer.status_code == 200
    return answer.text


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(limits=IN_SERVER)) as test:
        yield test


# ---- item 1: the words come from each plugin ------------------------------------------------


def test_every_game_brings_a_designer_file_that_reads_cleanly() -> None:
    registry = load_registry()
    assert {"halma", "kubb", "cardtrack", "tictactoe"} <= set(registry.games)
    for name, definition in registry.games.items():
        assert definition.designer is not None, name
        said = read_words(definition, Path(definition.designer))  # strict: raises on any slip
        assert said.first and said.summary, name
        assert all(label != preset for preset, label in said.presets.items()), name


def test_the_core_keeps_only_the_table_titles() -> None:
    data = tomllib.loads(firstscreen.DATA.read_text(encoding="utf-8"))
    assert list(data) == ["tables"]


def test_a_plugins_file_names_its_presets_and_first_fields(tmp_path: Path) -> None:
    own = tmp_path / "designer.toml"
    own.write_text(
        'summary = "A sentence of the plugin\'s own."\n'
        '[presets]\nclassic = "The little board"\n'
        '[fields."rules.k_in_row"]\nlabel = "Pegs in a line"\nunit = "pegs"\n',
        encoding="utf-8",
    )
    game = dataclasses.replace(TICTACTOE, designer=own)
    page = page_of(game)
    first = page.split('id="first-choices"', 1)[1].split('id="all-settings"', 1)[0]
    assert 'Pegs in a line <span class="unit">(pegs)</span>' in first
    assert "rules.size" not in first  # the file names only k_in_row
    assert '<option value="classic" selected>The little board</option>' in page
    assert '<option value="four" >four</option>' in page  # no plain name given: its own
    games = page_of(game, "/")
    assert "A sentence of the plugin&#39;s own." in games
    assert ">The little board</a>" in games


def test_a_game_without_a_designer_file_shows_its_rules_first() -> None:
    game = dataclasses.replace(TICTACTOE, designer=None)
    page = page_of(game)
    first = page.split('id="first-choices"', 1)[1].split('id="all-settings"', 1)[0]
    assert '<label for="f-rules-size">size</label>' in first
    assert '<label for="f-rules-k_in_row">k in row</label>' in first
    assert '<option value="four" >four</option>' in page
    assert str(TICTACTOE.description.replace("'", "&#39;")) in page_of(game, "/")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('[fields."rules.nosuch"]\nlabel = "x"\n', "fields.rules.nosuch: the game has no field"),
        ('[presets]\nnosuch = "x"\n', "presets: 'nosuch' is not a preset (allowed: classic, four)"),
        ('[fields."rules.size"]\nlable = "x"\n', "fields.rules.size: unknown key 'lable'"),
        ('[fields."rules.size"]\nunit = "mm"\n', "fields.rules.size.label: expected a non-empty"),
        ("colour = 1\n", "unknown key 'colour' (allowed: agents, fields, presets, summary)"),
        (
            "[fields.pair]\nlabel = 'x'\nsets = ['rules']\noptions = { classic = 'a' }\n",
            "fields.pair.options: name at least two presets",
        ),
        ("summary = [\n", "cannot read the designer file"),
        (
            "[agents.random]\nslow = 'x'\nseconds_by = 'rules.nosuch'\nseconds = { 3 = 5 }\n",
            "agents.random.seconds_by: 'rules.nosuch' is no TABLE.FIELD of the game",
        ),
        (
            "[agents.random]\nseconds_by = 'rules.size'\nseconds = { 3 = 5 }\n",
            "agents.random.slow: say in plain words why the times are long",
        ),
        (
            "[agents.random]\nslow = 'x'\nseconds_by = 'rules.size'\nseconds = { 3 = -1 }\n",
            "agents.random.seconds.3: expected seconds > 0, not -1",
        ),
    ],
)
def test_a_broken_designer_file_is_named_and_the_page_still_works(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, text: str, problem: str
) -> None:
    own = tmp_path / "designer.toml"
    own.write_text(text, encoding="utf-8")
    game = dataclasses.replace(TICTACTOE, designer=own)
    with pytest.raises(DesignerFileError) as caught:
        read_words(game, own)
    assert str(caught.value).startswith(f"{own}: ")
    assert problem in str(caught.value)
    with caplog.at_level(logging.ERROR, logger="plywright.web"):
        page = page_of(game)
    assert '<label for="f-rules-size">size</label>' in page  # the defaults instead
    assert f"the designer file of tictactoe is not used: {own}" in caplog.text


# ---- item 4: Kubb's set size is one choice ------------------------------------------------


def controls_of(page: str) -> dict[str, Any]:
    raw = page.split('<script id="controls" type="application/json">', 1)[1].split("</script>")[0]
    return json.loads(raw)


def test_kubb_set_size_is_one_choice_that_sets_the_dimensions(client: TestClient) -> None:
    page = client.get("/games/kubb").text
    first = page.split('id="first-choices"', 1)[1].split('id="all-settings"', 1)[0]
    box = first.split('id="c-set_size"', 1)[1].split("</select>", 1)[0]
    assert '<option value="seed" selected>standard' in box
    assert '<option value="small" >small, for children' in box
    assert '<option value="" >custom' in box
    for dimension in ("kubb_height", "king_height", "baton_length"):
        assert f'data-field="production.{dimension}"' not in first  # under All settings
        assert f'data-field="production.{dimension}"' in page
    small = controls_of(page)["set_size"]["small"]
    assert small == {
        **{f"production.{key}": str(value) for key, value in SMALL_SET.items()},
        "rules.penalty_min_distance": str(SMALL_SET["baton_length"] / 1000),
    }
    standard = controls_of(page)["set_size"]["seed"]
    assert standard["production.kubb_height"] == "150.0"
    assert set(standard) == set(small)
    on_small = client.get("/games/kubb?preset=small").text.split('id="c-set_size"', 1)[1]
    assert '<option value="small" selected>' in on_small.split("</select>", 1)[0]


def test_a_control_matches_numbers_not_texts() -> None:
    registry = load_registry()
    kubb = registry.games["kubb"]
    control = next(c for c in firstscreen.first_fields(kubb) if isinstance(c, Control))
    presets = {
        "seed": {"production.kubb_height": "150.0", "rules.length": "10.0"},
        "small": {"production.kubb_height": "130.0", "rules.length": "10.0"},
    }
    assert control.values(presets) == {
        "seed": {"production.kubb_height": "150.0"},
        "small": {"production.kubb_height": "130.0"},
    }
    assert control.current(presets, {"production.kubb_height": "130.0"}) == "small"
    assert control.current(presets, {"production.kubb_height": "140"}) == ""
