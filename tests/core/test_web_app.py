"""HTTP tests of the variant designer (``plywright serve``): every route and every error,
through Starlette's test client. Jobs run in real job processes."""

from __future__ import annotations

import base64
import io
import json
import socket
import time
import tomllib
import warnings
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from markupsafe import escape

with warnings.catch_warnings():  # Starlette suggests httpx2; httpx is what is installed
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from designer_serving import wait_for_job as wait

from conftest import CliRunner
from plywright.api import hookimpl
from plywright.errors import InputError
from plywright.registry import Registry, load_registry
from plywright.svg.preview import HOLE
from plywright.variant import load_variant, parse_variant
from plywright.web.app import Limits, create_app
from plywright.web.designer import check_field
from plywright.web.firstscreen import words
from plywright.web.forms import field_spec, form_schema, toml_value, variant_data
from plywright.web.serve import is_loopback, url_of
from plywright.web.work import cam_lines

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class BrokenPlugin:
    """A plugin whose registration fails: the games page lists it as `plywright games` does."""

    @staticmethod
    @hookimpl
    def plywright_register_games(register: Any) -> None:
        raise RuntimeError("this plugin is broken on purpose")


def broken_registry() -> Registry:
    return load_registry(extra_plugins=[("broken-on-purpose", BrokenPlugin)])


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


def form(values: dict[str, str] | None = None, **head: str) -> dict[str, Any]:
    return {
        "name": head.get("name", "web-test"),
        "preset": head.get("preset", "standard"),
        "values": values or {},
    }


def holes_in(data_url: str) -> int:
    """Holes drawn in a preview picture (circles of the hole colour)."""
    svg = base64.b64decode(data_url.split(",", 1)[1])
    root = ET.fromstring(svg)
    return sum(
        len(group.findall("{http://www.w3.org/2000/svg}circle"))
        for group in root.iter("{http://www.w3.org/2000/svg}g")
        if group.get("fill") == HOLE
    )


def cli_message(tmp_path: Path, text: str) -> str:
    """What `plywright build`/`check` say about a variant file (after the file name)."""
    path = tmp_path / "v.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_variant(path, load_registry())
    return str(caught.value).removeprefix(f"{path}: ")


# ---- games page ----------------------------------------------------------------------------


def test_games_page_names_each_game_and_its_presets_plainly(client: TestClient) -> None:
    """Plain name, one sentence, presets by their plain names each opening the designer on
    it; no preset ids, agents or rules field lists (issue 20, left open)."""
    page = client.get("/")
    assert page.status_code == 200
    registry = load_registry()
    for name, definition in registry.games.items():
        said = words(definition)
        assert definition.designer is not None, name
        assert f'href="http://testserver/games/{name}"' in page.text
        assert str(escape(definition.title)) in page.text
        assert str(escape(said.summary)) in page.text
        for preset, label in said.presets.items():
            assert label != preset, (name, preset)
            link = f'href="http://testserver/games/{name}?preset={preset}">{escape(label)}</a>'
            assert link in page.text, link
    for engine_word in ("rules parameters", "agents:", "(default)", "greedy", "<code>halma</code>"):
        assert engine_word not in page.text


def test_a_preset_link_opens_the_designer_on_that_preset(client: TestClient) -> None:
    page = client.get("/games/halma?preset=pro").text
    assert '<option value="pro" selected>15 pegs (pro)</option>' in page
    assert '<option value="5" selected>15 pegs</option>' in page
    unknown = client.get("/games/halma?preset=nosuch", headers={"accept": "text/html"})
    assert unknown.status_code == 404
    assert "has no preset &#39;nosuch&#39; (allowed: standard, pro)" in unknown.text


def test_games_page_lists_a_failed_plugin() -> None:
    with TestClient(create_app(broken_registry, Limits(preview_workers=0))) as test_client:
        page = test_client.get("/")
    assert "plugin broken-on-purpose failed to load" in page.text
    assert "this plugin is broken on purpose" in page.text


# ---- designer page -------------------------------------------------------------------------


def test_designer_has_a_field_for_every_table_field_of_every_game(client: TestClient) -> None:
    registry = load_registry()
    for name, definition in registry.games.items():
        page = client.get(f"/games/{name}")
        assert page.status_code == 200, name
        for table in form_schema(definition):
            for spec in table.fields:
                assert f'data-field="{spec.key}"' in page.text, spec.key
                assert str(escape(spec.description)) in page.text, spec.key


def test_designer_shows_bounds_and_choices(client: TestClient) -> None:
    page = client.get("/games/halma").text
    assert "holes per triangle side (4: 10 pegs, 5: 15) (&gt;= 2, &lt;= 7)" in page
    assert '<option value="star"' in page
    assert '<option value="pro"' in page


def test_unknown_game_is_404_with_allowed_names(client: TestClient) -> None:
    page = client.get("/games/nosuchgame")
    assert page.status_code == 404
    assert "unknown game &#39;nosuchgame&#39; (allowed: " in page.text
    answer = client.post("/games/nosuchgame/evaluate", json=form())
    assert answer.status_code == 404
    assert "unknown game 'nosuchgame'" in answer.json()["error"]


def test_unknown_action_is_404(client: TestClient) -> None:
    answer = client.post("/games/halma/explode", json={})
    assert answer.status_code == 404
    assert "allowed: check, sweep, build" in answer.json()["error"]


def test_static_files_are_served_and_nothing_else(client: TestClient) -> None:
    assert client.get("/static/designer.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200
    assert client.get("/static/../app.py").status_code == 404
    assert client.get("/static/%2e%2e/app.py").status_code == 404


# ---- live evaluation -----------------------------------------------------------------------


def test_preview_follows_n_from_121_to_181_holes(client: TestClient) -> None:
    four = client.post("/games/halma/evaluate", json=form({"rules.n": "4"})).json()
    five = client.post("/games/halma/evaluate", json=form({"rules.n": "5"})).json()
    assert four["ok"] and five["ok"]
    assert four["preview_kind"] == "preview/svg"
    assert (holes_in(four["preview"]), holes_in(five["preview"])) == (121, 181)


def test_field_error_has_the_cli_words(client: TestClient, tmp_path: Path) -> None:
    answer = client.post("/games/halma/evaluate", json=form({"rules.n": "9"})).json()
    expected = cli_message(tmp_path, 'game = "halma"\n[rules]\nn = 9\n')
    assert not answer["ok"] and answer["preview"] is None
    assert answer["field_errors"] == {"rules.n": expected}
    assert answer["error"] == expected


def test_every_bad_field_gets_its_own_error(client: TestClient, tmp_path: Path) -> None:
    values = {"rules.n": "two", "production.thickness": "-1", "production.outline": "oval"}
    answer = client.post("/games/halma/evaluate", json=form(values)).json()
    errors = answer["field_errors"]
    assert set(errors) == {"rules.n", "production.thickness", "production.outline"}
    assert errors["rules.n"] == cli_message(tmp_path, 'game = "halma"\n[rules]\nn = "two"\n')
    outline = cli_message(tmp_path, 'game = "halma"\n[production]\noutline = "oval"\n')
    assert errors["production.outline"] == outline


def test_whole_table_error_goes_to_each_field_it_names(client: TestClient) -> None:
    values = {"rules.players": "3", "rules.seating": "0, 3"}
    errors = client.post("/games/halma/evaluate", json=form(values)).json()["field_errors"]
    message = "[rules]: seating lists 2 points but players = 3"
    assert errors == {"rules.players": message, "rules.seating": message}


def test_bad_name_and_unknown_preset_are_top_errors(client: TestClient) -> None:
    answer = client.post("/games/halma/evaluate", json=form(name="../etc")).json()
    assert answer["error"].startswith("name: '../etc' is not a safe folder name")
    answer = client.post("/games/halma/evaluate", json=form(preset="huge")).json()
    assert answer["error"] == "preset: unknown value 'huge' (allowed: pro, standard)"


def test_static_checks_come_with_their_field(client: TestClient) -> None:
    values = {"production.hole_depth": "17"}
    answer = client.post("/games/halma/evaluate", json=form(values)).json()
    assert answer["ok"]
    floor = next(c for c in answer["checks"] if c["name"] == "production.hole_floor")
    assert not floor["ok"] and floor["severity"] == "error"
    assert floor["field"] == "production.hole_depth"
    assert len(answer["checks"]) >= 10


def test_check_field_uses_names_then_messages() -> None:
    from plywright.api import StaticCheck

    definition = load_registry().game("halma")
    assert check_field(StaticCheck("production.pitch", False, "x"), definition) == (
        "production.pitch"
    )
    assert check_field(StaticCheck("halma-targets", False, "x"), definition) == "rules.targets"
    by_text = StaticCheck("web", False, "make peg_length longer")
    assert check_field(by_text, definition) == "production.peg_length"
    assert check_field(StaticCheck("other", False, "nothing here"), definition) is None


def test_unknown_form_keys_never_reach_the_core() -> None:
    definition = load_registry().game("halma")
    data = variant_data(definition, {"values": {"rules.n": "5", "rules.evil": "1", "x": "2"}})
    assert data == {"game": "halma", "rules": {"n": 5}}


def test_form_text_reads_as_toml_would() -> None:
    assert toml_value("18") == 18
    assert toml_value("18.5") == 18.5
    assert toml_value("true") is True
    assert toml_value("nan") != toml_value("nan")  # TOML nan: the model then refuses it
    assert toml_value("red") == "red"
    assert toml_value("1\nx = 2") == "1\nx = 2"
    widgets = {
        spec.name: spec.widget
        for table in form_schema(load_registry().game("halma"))
        for spec in table.fields
    }
    assert widgets["n"] == "number"
    assert widgets["target_lock"] == "checkbox"
    assert widgets["outline"] == "select"
    assert widgets["peg_colours"] == "list"
    assert widgets["seating"] == "list"
    field = load_registry().game("halma").rules_model.model_fields["seating"]
    assert field_spec("rules", "seating", field).optional


def test_nan_and_lists_are_judged_like_a_file(client: TestClient, tmp_path: Path) -> None:
    values = {"production.pitch": "nan", "production.peg_colours": "red, red"}
    errors = client.post("/games/halma/evaluate", json=form(values)).json()["field_errors"]
    assert errors["production.pitch"] == cli_message(
        tmp_path, 'game = "halma"\n[production]\npitch = nan\n'
    )
    assert errors["production.peg_colours"].startswith("[production] peg_colours: ")


@pytest.mark.parametrize(
    ("body", "headers", "status", "words"),
    [
        (b"{not json", {}, 400, "not JSON"),
        (b"[1, 2]", {}, 400, "JSON object"),
        (b"{}" + b" " * 70_000, {}, 413, "too large"),
        (b"{}", {"origin": "http://evil.example"}, 403, "cross-site"),
    ],
)
def test_evaluate_refuses_bad_requests(
    client: TestClient, body: bytes, headers: dict[str, str], status: int, words: str
) -> None:
    answer = client.post("/games/halma/evaluate", content=body, headers=headers)
    assert answer.status_code == status
    assert words in answer.json()["error"]


def test_foreign_host_header_is_refused(client: TestClient) -> None:
    assert client.get("/", headers={"host": "attacker.example"}).status_code == 400


# ---- variant file: download and upload -------------------------------------------------------


def test_download_is_a_variant_file_the_cli_reads_back(client: TestClient, tmp_path: Path) -> None:
    values = {"rules.n": "5", "rules.players": "3", "production.outline": "star"}
    payload = form(values, name="Mana dēle")
    answer = client.post("/games/halma/variant.toml", json=payload)
    assert answer.status_code == 200
    assert answer.headers["content-disposition"].endswith("filename*=utf-8''Mana%20d%C4%93le.toml")
    text = answer.text
    assert 'preset = "standard"' in text and "n = 5" in text and "players = 3" in text
    path = tmp_path / "downloaded.toml"
    path.write_text(text, encoding="utf-8")
    registry = load_registry()
    expected = parse_variant(variant_data(registry.game("halma"), payload), registry)
    assert load_variant(path, registry).as_json() == expected.as_json()


def test_download_of_an_invalid_variant_is_refused(client: TestClient) -> None:
    answer = client.post("/games/halma/variant.toml", json=form({"rules.n": "99"}))
    assert answer.status_code == 422
    assert answer.json()["field_errors"]["rules.n"].startswith("[rules] n: ")


def upload(client: TestClient, content: bytes, game: str = "halma", name: str = "v.toml") -> Any:
    return client.post(f"/games/{game}/upload", files={"file": (name, content, "text/plain")})


def test_upload_fills_the_form(client: TestClient) -> None:
    text = (
        b'game = "halma"\nname = "club-board"\npreset = "pro"\n[production]\noutline = "circle"\n'
    )
    answer = upload(client, text)
    assert answer.status_code == 200
    data = answer.json()
    assert (data["name"], data["preset"]) == ("club-board", "pro")
    assert data["values"]["rules.n"] == "5"
    assert data["values"]["production.outline"] == "circle"
    assert data["values"]["print.languages"] == "lv, en"


@pytest.mark.parametrize(
    ("content", "status", "words"),
    [
        (b"\xff\xfe not utf-8", 400, "v.toml: not UTF-8 text"),
        (b"game = [", 422, "v.toml: invalid TOML"),
        (b'game = "tictactoe"\n', 422, "game: this is a 'tictactoe' variant"),
        (b'game = "halma"\n[rules]\nn = 1\n', 422, "v.toml: [rules] n: Input should be greater"),
        (b'game = "halma"\n[rules]\nbogus = 1\n', 422, "[rules] bogus: unknown field"),
        (b'game = "halma"\n# ' + b"x" * 70_000, 413, "too large"),
    ],
)
def test_upload_errors(client: TestClient, content: bytes, status: int, words: str) -> None:
    answer = upload(client, content)
    assert answer.status_code == status
    assert words in answer.json()["error"]


def test_upload_without_a_file(client: TestClient) -> None:
    answer = client.post("/games/halma/upload", data={"other": "x"})
    assert answer.status_code == 400
    assert "no file" in answer.json()["error"]


def test_upload_file_name_never_becomes_a_path(client: TestClient) -> None:
    answer = upload(client, b'game = "halma"\n[rules]\nn = 1\n', name="../../etc/passwd")
    assert answer.json()["error"].startswith("passwd: [rules] n:")


# ---- check jobs ------------------------------------------------------------------------------


def test_check_runs_in_the_background_and_reports(client: TestClient) -> None:
    started = client.post(
        "/games/halma/check", json={"variant": form(), "games": 12, "seed": 3, "probes": "none"}
    )
    assert started.status_code == 202
    job = started.json()["id"]
    status = wait(client, job)
    assert status["state"] == "done", status
    assert (status["done"], status["total"]) == (12, 12)
    report = status["result"]
    assert report["verdict"] in ("playable", "unplayable")
    assert report["games"] == 12 and report["seed"] == 3
    assert {"completion", "balance", "seat_win_rates"} <= set(report["metrics"])
    assert report["static_checks"]
    assert report["report_files"] == ["check-report.html", "check-report.pdf"]
    page = client.get(f"/jobs/{job}/report.html")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "<svg" in page.text and "sandbox" in page.headers["content-security-policy"]
    pdf = client.get(f"/jobs/{job}/report.pdf")
    assert pdf.status_code == 200 and pdf.content[:5] == b"%PDF-"
    assert client.get(f"/jobs/{job}/report.txt").status_code == 404
    assert client.get(f"/jobs/{job}/build.zip").status_code == 409
    assert client.get(f"/jobs/{job}/files/0").status_code == 409


def test_check_shows_strong_play_as_server_formatted_tables(client: TestClient) -> None:
    variant = form(name="ttt", preset="classic")
    started = client.post(
        "/games/tictactoe/check", json={"variant": variant, "games": 20, "probes": "quick"}
    )
    assert started.status_code == 202, started.text
    status = wait(client, started.json()["id"], timeout=120)
    assert status["state"] == "done", status
    report = status["result"]
    assert status["total"] == status["done"] > 20, "the strong games count in the progress"
    titles = [table["title"] for table in report["tables"]]
    assert titles[0] == "Metrics"
    assert titles[1].startswith("Skill ladder") and titles[-1] == "Exploit probes"
    ladder = report["tables"][1]
    assert ladder["rows"][0]["cells"][:2] == ["mcts", "random"]
    assert all(
        isinstance(cell, str)
        for table in report["tables"]
        for row in table["rows"]
        for cell in row["cells"]
    )
    probes = report["tables"][-1]["rows"]
    assert len(probes) == 2, "one row per ordered pair of seats"
    exploits = [row for row in probes if row["status"] == "fail"]
    assert all(row["cells"][2].startswith("exploit: ") for row in exploits)


def test_a_finished_check_sends_the_rows_the_cli_prints(
    client: TestClient, run_cli: CliRunner, tmp_path: Path
) -> None:
    """The check job's metric rows are the terminal's, string for string (same variant, seed
    and games), each with the verdict's status and a bar for each share."""
    started = client.post(
        "/games/halma/check",
        json={
            "variant": form({"rules.players": "3"}),
            "games": 12,
            "seed": 3,
            "probes": "none",
        },
    )
    assert started.status_code == 202, started.text
    status = wait(client, started.json()["id"])
    assert status["state"] == "done", status
    result = status["result"]
    variant = tmp_path / "web-test.toml"
    variant.write_text(
        'game = "halma"\nname = "web-test"\npreset = "standard"\n[rules]\nplayers = 3\n',
        encoding="utf-8",
    )
    printed = run_cli(
        "check", str(variant), "--games", "12", "--seed", "3", "--probes", "none",
        "--json", "cli.json",
    )  # fmt: skip
    assert printed.returncode in (0, 1), printed.stderr
    cli = json.loads((tmp_path / "cli.json").read_text(encoding="utf-8"))
    assert cli["metrics"] == result["metrics"], "not the same check"
    terminal = {
        tuple(cell.strip() for cell in line.strip().strip("│").split("│"))
        for line in printed.stdout.splitlines()
        if line.count("│") == 4
    }
    metrics = result["tables"][0]
    assert metrics["header"] == ["metric", "value", "95 % interval"]
    rows = metrics["rows"]
    assert len(rows) == len(terminal)  # (the header line is drawn with ┃)
    for row in rows:
        assert tuple(row["cells"]) in terminal, row
    by_name = {row["cells"][0]: row for row in rows}
    completion = result["metrics"]["completion"]
    low, high = result["metrics"]["intervals"]["completion"]
    assert by_name["completion"]["cells"] == [
        "completion", f"{completion:.3f}", f"{low:.3f} – {high:.3f}"
    ]  # fmt: skip
    assert by_name["completion"]["bar"] == round(completion * 100, 1)
    assert {by_name[k]["status"] for k in ("completion", "timeouts", "balance")} <= {
        "ok", "warning", "fail"
    }  # fmt: skip
    assert by_name["seat 3 win rate"]["status"] == ""
    failing = {row["cells"][0] for row in rows if row["status"] == "fail"}
    assert failing == {reason.split()[0] for reason in result["reasons"]}
    assert result["summary"].startswith(" — 12 games, players greedy, seed 3, ")


def test_check_refuses_an_unknown_probe_level(client: TestClient) -> None:
    answer = client.post(
        "/games/halma/check", json={"variant": form(), "games": 5, "probes": "deep"}
    )
    assert answer.status_code == 422
    assert answer.json()["error"].startswith("probes: 'deep' is not a level (allowed: none,")


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"games": 0}, "games: 0 is out of range (allowed: 1 to 2000)"),
        ({"games": 2001}, "games: 2001 is out of range"),
        ({"games": "many"}, "games: 'many' is out of range"),
        ({"games": True}, "games: True is out of range"),
        ({"games": 5, "seed": -1}, "seed: -1 is not a whole number"),
        ({"games": 5, "agent": "oracle"}, "--agent: unknown agent 'oracle' for halma (allowed: "),
        ({"games": 5, "agent": 7}, "agent: expected a name"),
    ],
)
def test_check_refuses_bad_options(client: TestClient, body: dict[str, Any], words: str) -> None:
    answer = client.post("/games/halma/check", json={"variant": form(), **body})
    assert answer.status_code == 422
    assert words in answer.json()["error"]


def test_check_of_an_invalid_variant_is_refused(client: TestClient) -> None:
    answer = client.post("/games/halma/check", json={"variant": form({"rules.n": "0"}), "games": 5})
    assert answer.status_code == 422
    assert "rules.n" in answer.json()["field_errors"]


def test_unknown_and_malformed_jobs_are_404(client: TestClient) -> None:
    for path in ("/jobs/AAAAAAAAAAAAAAAA", "/jobs/..%2f..%2fetc", "/jobs/x/build.zip"):
        answer = client.get(path)
        assert answer.status_code == 404
    assert client.post("/jobs/AAAAAAAAAAAAAAAA/cancel").status_code == 404


# ---- sweep jobs ------------------------------------------------------------------------------


def test_sweep_runs_in_the_background_and_offers_its_outputs(client: TestClient) -> None:
    started = client.post(
        "/games/halma/sweep",
        json={"variant": form(), "games": 6, "sets": ["rules.players=2,3", "rules.n=3..4"]},
    )
    assert started.status_code == 202, started.json()
    job = started.json()["id"]
    status = wait(client, job, timeout=120)
    assert status["state"] == "done", status
    assert (status["done"], status["total"]) == (24, 24)
    result = status["result"]
    assert result["axes"] == ["rules.players", "rules.n"]
    assert [v["parameters"] for v in result["variants"]] == [
        {"rules.players": "2", "rules.n": "3"},
        {"rules.players": "2", "rules.n": "4"},
        {"rules.players": "3", "rules.n": "3"},
        {"rules.players": "3", "rules.n": "4"},
    ]
    assert result["files"] == ["sweep.csv", "sweep.json", "best.toml", "report.html"]
    page = client.get(f"/jobs/{job}/sweep/report.html")
    assert page.status_code == 200 and "Sweep of web-test" in page.text
    assert "sandbox" in page.headers["content-security-policy"]
    table = client.get(f"/jobs/{job}/sweep/sweep.csv")
    assert table.headers["content-disposition"].startswith("attachment")
    assert len(table.text.strip().splitlines()) == 5
    best = tomllib.loads(client.get(f"/jobs/{job}/sweep/best.toml").text)
    assert best["name"] == result["best"]
    assert client.get(f"/jobs/{job}/sweep/secrets.txt").status_code == 404
    assert client.get(f"/jobs/{job}/report.html").status_code == 409
    # the page's table: the server's strings, as the sweep report shows them
    table = result["table"]
    assert table["header"] == ["rules.players", "rules.n", "verdict", "balance", "completion"]
    reports = [v["report"] for v in client.get(f"/jobs/{job}/sweep/sweep.json").json()["variants"]]
    for row, variant, report in zip(table["rows"], result["variants"], reports, strict=True):
        metrics = report["metrics"]
        shown = [
            f"{metrics[key]:.3f} ({metrics['intervals'][key][0]:.2f}–"
            f"{metrics['intervals'][key][1]:.2f})"
            for key in ("balance", "completion")
        ]
        assert row["cells"] == [*variant["parameters"].values(), report["verdict"], *shown]
        assert row["status"] == ("ok" if report["verdict"] == "playable" else "fail")
        assert all(f"<td>{text}</td>" in page.text for text in shown), shown
    names = [v["name"] for v in result["variants"]]
    assert table["highlight"] == (names.index(result["best"]) if result["best"] else None)
    playable = sum(v["verdict"] == "playable" for v in result["variants"])
    assert result["summary"] == f"{playable} of 4 variants playable, 6 games each, seed 0"


def test_a_sweep_with_no_playable_variant_has_no_best_toml(client: TestClient) -> None:
    strict = form({"check.max_drawishness": "0", "check.min_completion": "1"})
    started = client.post(
        "/games/halma/sweep",
        json={
            "variant": strict,
            "games": 2,
            "sets": ["rules.max_rounds=1,2"],  # too few rounds: a static check error each
            "force": True,
        },
    )
    assert started.status_code == 202, started.json()
    status = wait(client, started.json()["id"], timeout=120)
    assert status["state"] == "done" and status["result"]["best"] is None
    answer = client.get(f"/jobs/{started.json()['id']}/sweep/best.toml")
    assert answer.status_code == 404 and "no best.toml" in answer.json()["error"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"sets": []}, "sets: give one or two TABLE.FIELD=VALUES"),
        ({"sets": "rules.n=3,4"}, "sets: give one or two"),
        ({"sets": ["rules.n=3", "rules.players=2", "rules.jump_own=true"]}, "one or two"),
        ({"sets": ["rules.colour=1,2"]}, "--set rules.colour: unknown field of [rules] for halma"),
        ({"sets": ["rules.n=1,3"]}, "--set rules.n=1: [rules] n: "),
        (
            {"sets": ["rules.n=2..7", "rules.players=2,3,4"], "games": 2000},
            "18 variants × 2000 games = 36000 games; at most 20000 in one sweep",
        ),
        ({"sets": ["rules.n=2..7", "rules.players=2..6"], "games": 1000}, "at most 20000"),
        ({"sets": ["rules.n=3,4"], "games": 0}, "games: 0 is out of range"),
    ],
)
def test_sweep_refuses_bad_requests_before_any_job(
    client: TestClient, body: dict[str, Any], words: str
) -> None:
    answer = client.post("/games/halma/sweep", json={"variant": form(), "games": 5, **body})
    assert answer.status_code == 422, answer.json()
    assert words in answer.json()["error"]


# ---- build jobs ------------------------------------------------------------------------------


def test_build_offers_a_zip_with_every_manifest_artifact_and_each_file(client: TestClient) -> None:
    payload = {"variant": {"name": "web-ttt", "preset": "classic", "values": {}}}
    started = client.post("/games/tictactoe/build", json=payload)
    assert started.status_code == 202
    job = started.json()["id"]
    status = wait(client, job)
    assert status["state"] == "done", status
    manifest = status["result"]["manifest"]
    archive = zipfile.ZipFile(io.BytesIO(client.get(f"/jobs/{job}/build.zip").content))
    names = set(archive.namelist())
    assert "web-ttt/manifest.json" in names
    for artifact in manifest["artifacts"]:
        assert f"web-ttt/{artifact['path']}" in names
    for index, artifact in enumerate(manifest["artifacts"]):
        answer = client.get(f"/jobs/{job}/files/{index}")
        assert answer.status_code == 200
        assert answer.content == archive.read(f"web-ttt/{artifact['path']}")
        if artifact["path"].endswith(".svg"):
            assert answer.headers["content-type"].startswith("image/svg+xml")
            assert answer.headers["content-disposition"].startswith("inline")
            assert "sandbox" in answer.headers["content-security-policy"]
    missing = client.get(f"/jobs/{job}/files/{len(manifest['artifacts'])}")
    assert missing.status_code == 404
    assert client.get(f"/jobs/{job}/report.html").status_code == 409
    # the board's router job on the built-in machine: the page shows the manifest's figures
    assert "web-ttt/cam/sheet-01.ngc" in names
    quote = manifest["cam"]["quote"]
    time_line, price_line = status["result"]["cam"]
    assert f"({quote['machine_seconds']:g} s)" in time_line
    assert f"per board {quote['per_board']:.2f} {quote['currency']}" in price_line
    assert f"per batch of 1 set {quote['per_batch']:.2f} {quote['currency']}" in price_line


def test_the_router_job_lines_state_time_and_prices() -> None:
    cam = {
        "machine": "router",
        "machine_profile": "built-in machine profile",
        "batch": 9,
        "quote": {
            "currency": "EUR",
            "sheets": 2,
            "material": 130.0,
            "machine_seconds": 7505.4,
            "machine_cost": 125.09,
            "per_batch": 255.09,
            "per_board": 28.34,
            "hourly_rate": 60.0,
        },
    }
    assert cam_lines(cam) == [
        "Router job (built-in machine profile, router): 2 sheet(s), machine time 2 h 05 min "
        "(7505.4 s)",
        "Price per board 28.34 EUR; per batch of 9 sets 255.09 EUR (material 130.00 EUR, "
        "machine 125.09 EUR at 60 EUR/h)",
    ]


def test_build_with_static_check_errors_is_refused(client: TestClient) -> None:
    variant = form({"production.hole_depth": "17"})
    status = wait(client, client.post("/games/halma/build", json={"variant": variant}).json()["id"])
    assert status["state"] == "failed"
    assert status["message"].startswith("build refused: ")
    assert "production.hole_floor" in status["message"]


TALL_TRACK = {"rules.decks": "8", "rules.height": "384"}
"""Konstruktsiia's 34 m track mat, which no printer takes (as the CLI's test of the gate)."""
FORCE_CHECK = "tick “check even with static-check errors” to play it anyway"


def test_check_of_an_unmakeable_variant_ends_before_any_game(client: TestClient) -> None:
    """As ``plywright check`` is: refused before the plan, naming the check in plain words."""
    variant = form(TALL_TRACK, name="tall")
    started = client.post(
        "/games/cardtrack/check", json={"variant": variant, "games": 5, "probes": "none"}
    )
    assert started.status_code == 202, started.text
    status = wait(client, started.json()["id"])
    assert status["state"] == "failed", status
    assert (status["done"], status["total"], status["result"]) == (0, 0, None), "no plan"
    message = status["message"]
    assert message.startswith(
        "check refused before any game: a static check failed (production.mat_printable: "
        "the mat cannot be printed: "
    ), message
    assert message.endswith(f"); fix the variant, or {FORCE_CHECK}"), message
    assert "cardtrack-cards" not in message, "warnings do not stop it"


def test_a_forced_check_plays_and_the_static_check_makes_it_unplayable(
    client: TestClient,
) -> None:
    variant = form({"production.hole_depth": "17"})
    body = {"variant": variant, "games": 2, "probes": "none"}
    refused = wait(client, client.post("/games/halma/check", json=body).json()["id"])
    assert refused["state"] == "failed" and "(production.hole_floor: " in refused["message"]
    forced = client.post("/games/halma/check", json={**body, "force": True})
    status = wait(client, forced.json()["id"])
    assert status["state"] == "done", status
    report = status["result"]
    assert report["games"] == 2 and report["verdict"] == "unplayable"
    assert any(r.startswith("static check production.hole_floor:") for r in report["reasons"])


def test_a_sweep_with_an_unmakeable_combination_ends_before_any_game(
    client: TestClient,
) -> None:
    body = {"variant": form(), "games": 2, "sets": ["production.hole_depth=10,17"]}
    started = client.post("/games/halma/sweep", json=body)
    assert started.status_code == 202, started.text
    status = wait(client, started.json()["id"])
    assert status["state"] == "failed", status
    assert (status["done"], status["total"]) == (0, 0)
    assert status["message"].startswith(
        "sweep refused before any game: a static check failed for 1 of 2 variants "
        "(production.hole_depth=17: production.hole_floor: hole_depth 17 leaves"
    ), status["message"]
    assert status["message"].endswith(
        "; fix the variant or leave those values out, or tick “sweep even with static-check "
        "errors” to play them anyway"
    )


def test_the_designer_page_offers_to_force_each_job(client: TestClient) -> None:
    page = client.get("/games/halma").text
    for kind in ("check", "sweep", "build"):
        box = f'<input type="checkbox" id="{kind}-force"> {kind} even with static-check errors'
        assert box in page


def test_busy_when_too_many_jobs_run_then_cancel() -> None:
    limits = Limits(max_running=1, preview_workers=0)
    with TestClient(create_app(limits=limits)) as test_client:
        body = {"variant": form(), "games": 2000}
        first = test_client.post("/games/halma/check", json=body)
        assert first.status_code == 202
        second = test_client.post("/games/halma/check", json=body)
        assert second.status_code == 503
        assert second.json()["error"].startswith("busy: 1 job(s) running, at most 1 at once")
        job = first.json()["id"]
        assert test_client.post(f"/jobs/{job}/cancel").json() == {"id": job, "cancelled": True}
        status = wait(test_client, job)
        assert (status["state"], status["message"]) == ("cancelled", "cancelled")
        assert test_client.post("/games/halma/check", json={**body, "games": 2}).status_code == 202


def test_abandoned_jobs_end_and_finished_ones_are_forgotten() -> None:
    limits = Limits(abandon_after=0.5, keep_after=0.5, preview_workers=0)
    app = create_app(limits=limits)
    with TestClient(app) as test_client:
        body = {"variant": form(), "games": 2000}
        job = test_client.post("/games/halma/check", json=body).json()["id"]
        folder = app.state.jobs.root / job
        assert folder.is_dir()
        deadline = time.monotonic() + 20  # nobody asks about the job (that would keep it)
        while app.state.jobs._jobs[job].state == "running" and time.monotonic() < deadline:
            time.sleep(0.05)
        status = app.state.jobs._jobs[job].status()
        assert status["state"] == "cancelled"
        assert status["message"].startswith("abandoned: nobody asked about it for")
        time.sleep(0.6)
        assert test_client.get(f"/jobs/{job}").status_code == 404
        assert not folder.exists()


def test_server_shutdown_ends_jobs_and_removes_their_folders() -> None:
    app = create_app(limits=Limits(preview_workers=0))
    with TestClient(app) as test_client:
        job = test_client.post(
            "/games/halma/check", json={"variant": form(), "games": 2000}
        ).json()["id"]
        root = app.state.jobs.root
        assert (root / job).is_dir()
    assert app.state.jobs._jobs[job].state == "cancelled"
    assert not root.exists()


# ---- serve command ---------------------------------------------------------------------------


def test_serve_prints_the_url_and_warns_off_localhost(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from plywright.web import serve as serving

    calls: list[tuple[str, int]] = []
    monkeypatch.setattr(serving, "warm", lambda app, say: calls.append(("warm", 0)))

    def run(self: serving.ListeningServer, sockets: list[socket.socket]) -> None:
        host, port = sockets[0].getsockname()[:2]
        calls.append((host, port))
        self.on_listening()

    monkeypatch.setattr(serving.ListeningServer, "run", run)
    for host in ("127.0.0.1", "0.0.0.0"):
        with socket.socket() as probe:
            probe.bind((host, 0))
            port = probe.getsockname()[1]
        serving.serve(host, port)
        out = capsys.readouterr()
        assert f"http://{host}:{port}/ (Ctrl+C stops it)" in out.out
        warned = "warning: serving on 0.0.0.0, reachable from other machines" in out.err
        assert warned == (host == "0.0.0.0"), out.err
        assert calls[-2:] == [("warm", 0), (host, port)]
    assert is_loopback("localhost") and is_loopback("::1") and not is_loopback("192.168.1.2")
    assert url_of("::1", 80) == "http://[::1]:80/"


def test_serve_refuses_a_bad_port(run_cli: Any) -> None:
    done = run_cli("serve", "--port", "0")
    assert done.returncode == 2
    assert "Invalid value for '--port'" in done.stderr
    assert "Traceback" not in done.stderr


def test_example_files_upload_cleanly(client: TestClient) -> None:
    root = Path(__file__).resolve().parents[2] / "examples"
    for path in sorted(root.glob("*.toml")):
        game = tomllib.loads(path.read_text(encoding="utf-8"))["game"]
        if game not in load_registry().games:
            continue
        answer = upload(client, path.read_bytes(), game=game, name=path.name)
        assert answer.status_code == 200, (path.name, answer.json())


def test_download_reads_back_where_one_field_follows_another(
    client: TestClient, tmp_path: Path
) -> None:
    """tic-tac-toe's k_in_row follows size when left out: the file keeps it at 3."""
    payload = {
        "name": "ttt",
        "preset": "classic",
        "values": {"rules.size": "4", "rules.k_in_row": "3"},
    }
    answer = client.post("/games/tictactoe/variant.toml", json=payload)
    assert answer.status_code == 200
    path = tmp_path / "ttt.toml"
    path.write_text(answer.text, encoding="utf-8")
    rules = load_variant(path, load_registry()).rules.model_dump()
    assert (rules["size"], rules["k_in_row"]) == (4, 3)


def test_download_writes_every_value_when_the_short_file_would_read_differently(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from plywright.web import forms

    registry = load_registry()
    variant = parse_variant({"game": "halma", "name": "x", "rules": {"n": 5}}, registry)
    assert "n = 5" in forms.download_toml(registry, variant)
    monkeypatch.setattr(forms, "variant_toml", lambda v: 'game = "halma"\nname = "x"\n')
    text = forms.download_toml(registry, variant)
    again = parse_variant(tomllib.loads(text), registry)
    assert "preset" not in tomllib.loads(text)
    assert again.as_json() | {"preset": None} == variant.as_json() | {"preset": None}
