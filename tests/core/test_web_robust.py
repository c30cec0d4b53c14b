"""The designer's honest errors and its robustness (issue 20): nested input refused with one
line, no Python exception text on the page, errors beside the fields they are about, plain
words with the CLI's field name, results that stay while their page is open (or say they
expired, as a page), and previews cached by variant and warmed at start."""

from __future__ import annotations

import asyncio
import multiprocessing
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from designer_serving import wait_for_job as wait

from plywright.registry import load_registry
from plywright.web import designer as web_designer
from plywright.web import work
from plywright.web.app import Limits, create_app
from plywright.web.errors import SERVER_FAILED
from plywright.web.jobs import Job, JobManager
from plywright.web.previews import Previews
from plywright.web.routes import variants as web_variants
from plywright.web.work import JobSpec, job_main

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
IN_SERVER = Limits(preview_workers=0)
"""Previews drawn in the server's own thread, where a test can replace a plugin's writer."""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(limits=IN_SERVER), raise_server_exceptions=False) as test:
        yield test


# ---- item 1: nesting ------------------------------------------------------------------------


def test_a_deeply_nested_upload_is_one_line_not_a_server_error(client: TestClient) -> None:
    text = "a = " + "[" * 500 + "]" * 500 + "\n"
    answer = client.post("/games/halma/upload", files={"file": ("deep.toml", text.encode())})
    assert answer.status_code == 422
    assert answer.json()["error"] == (
        "deep.toml: invalid TOML: arrays or tables nested too deeply (at most 32 levels)"
    )
    shallow = 'game = "halma"\n[rules]\nseating = ' + "[" * 40 + "]" * 40 + "\n"
    answer = client.post("/games/halma/upload", files={"file": ("d.toml", shallow.encode())})
    assert answer.status_code == 422
    assert "nested too deeply" in answer.json()["error"]


@pytest.mark.parametrize("route", ["evaluate", "sweep", "check", "build", "variant.toml"])
def test_a_deeply_nested_json_body_is_refused(client: TestClient, route: str) -> None:
    body = b'{"values":' + b"[" * 30_000 + b"]" * 30_000 + b"}"
    answer = client.post(
        f"/games/halma/{route}", content=body, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 400
    assert answer.json()["error"] == (
        "the request: arrays or tables nested too deeply (at most 32 levels)"
    )


# ---- item 6: no exception text on the page ----------------------------------------------------


def test_a_failing_preview_writer_shows_a_plain_message(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    real = web_designer.collect_artifacts

    class Broken:
        kind, path = "layout/svg", "layout/board.svg"

        def write(self, path: Path) -> None:
            raise TypeError("'infmm' is not a valid value for the width")

    monkeypatch.setattr(web_designer, "collect_artifacts", lambda r, v: [Broken()])
    answer = client.post("/games/halma/evaluate", json={"values": {"rules.n": "6"}}).json()
    assert answer["ok"] and answer["preview"] is None
    assert answer["preview_error"] == web_designer.PICTURE_FAILED
    assert "infmm" not in str(answer) and "TypeError" not in str(answer)
    assert "infmm" in caplog.text  # the details are in the server's log
    monkeypatch.setattr(web_designer, "collect_artifacts", real)


def test_an_unforeseen_server_error_is_a_plain_line(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> str:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(web_variants, "download_toml", broken)
    answer = client.post("/games/halma/variant.toml", json={"values": {}})
    assert (answer.status_code, answer.json()) == (500, {"error": SERVER_FAILED})
    assert "secret" not in answer.text


def test_a_crashing_job_says_so_plainly(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def crash(spec: JobSpec, send: Any) -> dict[str, Any]:
        raise TypeError("'infmm' is not a valid value")

    monkeypatch.setitem(work.RUNNERS, "build", crash)
    receiver, sender = multiprocessing.Pipe(duplex=False)
    job_main(JobSpec("build", {"game": "halma"}, tmp_path, load_registry), sender)
    message = receiver.recv()
    assert message == ("failed", work.failed_message("build"))
    assert "infmm" not in message[1] and "TypeError" not in message[1]


# ---- item 7: errors beside their fields ----------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "values", "head", "keys"),
    [
        ("halma", {"rules.seating": "-1"}, {}, {"rules.seating", "rules.players"}),
        (
            "kubb",
            {"rules.batons": "1"},
            {},
            {"rules.batons", "rules.opening_batons", "rules.king_min_batons_left"},
        ),
        ("halma", {}, {"name": "a/b"}, {"name"}),
        ("halma", {}, {"preset": "huge"}, {"preset"}),
    ],
)
def test_errors_go_beside_the_fields_they_name(
    client: TestClient, game: str, values: dict[str, str], head: dict[str, str], keys: set[str]
) -> None:
    answer = client.post(f"/games/{game}/evaluate", json={"values": values, **head}).json()
    assert not answer["ok"]
    assert set(answer["field_errors"]) == keys
    assert set(answer["field_plain"]) == keys


def test_an_empty_box_is_told_the_value_it_stands_for(client: TestClient) -> None:
    answer = client.post("/games/halma/evaluate", json={"values": {"rules.n": ""}}).json()
    assert answer["ok"] and answer["values"]["rules.n"] == "4"


def test_messages_are_plain_words_with_the_cli_words_kept(client: TestClient) -> None:
    answer = client.post("/games/halma/evaluate", json={"values": {"rules.n": "9"}}).json()
    assert answer["field_plain"]["rules.n"] == "must be at most 7 (you typed 9)"
    assert answer["field_errors"]["rules.n"].startswith("[rules] n: Input should be less")
    answer = client.post("/games/halma/evaluate", json={"values": {"rules.n": "x"}}).json()
    assert answer["field_plain"]["rules.n"] == "must be a whole number (you typed x)"


# ---- item 8: one agent control, checked at once -----------------------------------------------


def test_an_unknown_agent_is_a_field_error_before_any_check(client: TestClient) -> None:
    answer = client.post("/games/halma/evaluate", json={"values": {"check.agent": "nobody"}})
    errors = answer.json()["field_errors"]
    assert errors["check.agent"].startswith("[check] agent: unknown agent 'nobody' for halma")
    page = client.get("/games/halma").text
    assert page.count('data-field="check.games"') == 1
    assert page.count('data-field="check.agent"') == 1
    assert page.count('data-field="check.probes"') == 1
    assert 'id="check-games"' not in page and 'id="check-agent"' not in page
    assert '<select id="f-check-agent"' in page


# ---- first screen -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("halma", ["Pegs per player", "10 pegs (standard)", "15 pegs (pro)", "Board outline"]),
        ("kubb", ['Field length <span class="unit">(m)</span>', "Set size", "Small set"]),
        ("cardtrack", ["Decks of cards", 'Card width <span class="unit">(mm)</span>']),
    ],
)
def test_the_first_screen_speaks_plainly(client: TestClient, game: str, words: list[str]) -> None:
    page = client.get(f"/games/{game}").text
    for word in words:
        assert word in page, word
    first = page.split('id="all-settings"', 1)[0]
    assert 'id="first-choices"' in first
    assert "<details" in first.rsplit("first-choices", 1)[1]  # the rest is folded
    assert '<option value="-custom-" disabled>custom</option>' in page
    for developer in ("plugins may subclass", "engine "):
        assert developer not in page


def test_halma_pegs_per_player_is_chosen_by_pegs(client: TestClient) -> None:
    page = client.get("/games/halma").text
    box = page.split('id="f-rules-n"', 1)[1].split("</select>", 1)[0]
    assert '<option value="4" selected>10 pegs</option>' in box
    assert '<option value="5" >15 pegs</option>' in box


# ---- item 9: one default name -----------------------------------------------------------------


def test_a_sweep_without_a_name_uses_the_same_name_as_check_and_build(client: TestClient) -> None:
    body = {
        "variant": {"name": "", "preset": "classic", "values": {}},
        "games": 2,
        "sets": ["rules.size=3,4"],
    }
    started = client.post("/games/tictactoe/sweep", json=body)
    assert started.status_code == 202, started.text
    status = wait(client, started.json()["id"])
    assert status["state"] == "done", status["message"]
    assert status["result"]["name"] == "my-tictactoe"
    assert all(v["name"].startswith("my-tictactoe") for v in status["result"]["variants"])


# ---- item 11: results live as long as their page -----------------------------------------------


def test_an_expired_link_is_a_page_not_json(client: TestClient) -> None:
    for path in ("/jobs/expiredjob1234/build.zip", "/jobs/expiredjob1234/report.html"):
        answer = client.get(path, headers={"accept": "text/html,application/xhtml+xml"})
        assert answer.status_code == 404
        assert answer.headers["content-type"].startswith("text/html")
        assert "this result has expired" in answer.text and "run it again" in answer.text
        assert '{"error"' not in answer.text
    answer = client.get("/jobs/expiredjob1234", headers={"accept": "application/json"})
    assert answer.json()["error"].startswith("this result has expired")


def test_finished_jobs_stay_while_their_page_asks(tmp_path: Path) -> None:
    manager = JobManager(max_kept=1, open_page=60.0, keep_after=900.0)
    now = time.monotonic()
    for index in range(3):
        folder = tmp_path / f"job{index}"
        folder.mkdir()
        manager._jobs[f"job{index}"] = Job(f"job{index}", "build", folder, state="done", seen=now)
    manager.sweep()
    assert sorted(manager._jobs) == ["job0", "job1", "job2"]  # every page is still open
    manager._jobs["job1"].seen = now - 61  # its page closed a minute ago
    manager.sweep()
    assert sorted(manager._jobs) == ["job0", "job2"]
    assert not (tmp_path / "job1").exists()


# ---- item 13: previews cached by variant, warmed at start --------------------------------------


def test_the_same_variant_is_drawn_once_even_when_asked_at_once() -> None:
    registry = load_registry()
    previews = Previews(registry, load_registry, workers=0)
    definition = registry.games["tictactoe"]
    payload = {"values": {"rules.size": "4", "rules.k_in_row": "4"}}

    async def ask() -> list[dict[str, Any]]:
        return await asyncio.gather(*(previews.answer(definition, payload) for _ in range(8)))

    answers = asyncio.run(ask())
    assert previews.computed == 1
    assert all(answer == answers[0] and answer["ok"] for answer in answers)
    asyncio.run(ask())
    assert previews.computed == 1
    asyncio.run(previews.answer(definition, {"values": {"rules.size": "5"}}))
    assert previews.computed == 2


def test_the_first_preview_of_each_game_is_drawn_at_start() -> None:
    app = create_app(limits=IN_SERVER)
    with TestClient(app) as test_client:
        previews = app.state.previews
        games = len(app.state.registry.games)
        deadline = time.monotonic() + 120
        while previews.computed < games or previews._running:
            assert time.monotonic() < deadline, "the warm-up did not finish"
            time.sleep(0.05)
        page = test_client.get("/games/halma").text
        assert 'value="my-halma"' in page
        values = dict(app.state.previews._cache)
        assert any(key.startswith("halma\n") for key in values)
        start = web_app_start_payload(app, "halma")
        answer = test_client.post("/games/halma/evaluate", json=start).json()
        assert answer["ok"] and answer["preview"]
        assert previews.computed == games  # the page's first answer was ready before it asked


def web_app_start_payload(app: Any, game: str) -> dict[str, Any]:
    """What the designer page of ``game`` sends first (its starting form)."""
    from plywright.variant import parse_variant
    from plywright.web.forms import default_name, form_values

    definition = app.state.registry.games[game]
    start = parse_variant({"game": game}, app.state.registry, default_name=default_name(definition))
    return {"name": start.name, "preset": start.preset or "", "values": form_values(start)}


# ---- item 12: plain words, an icon, a quick stop -------------------------------------------------


def test_no_developer_words_and_an_icon_on_every_page(client: TestClient) -> None:
    for game in client.app.state.registry.games:  # type: ignore[attr-defined]
        page = client.get(f"/games/{game}").text
        assert 'rel="icon"' in page
        for words in ("plugins may subclass", "engine halma", "[print] The [print]"):
            assert words not in page, (game, words)


def test_stopping_the_server_ends_the_preview_workers() -> None:
    app = create_app(limits=Limits(preview_workers=1))
    with TestClient(app) as test_client:
        answer = test_client.post("/games/tictactoe/evaluate", json={"values": {}}).json()
        assert answer["ok"]
        processes = list(app.state.previews._pool._processes.values())
        assert processes and all(process.is_alive() for process in processes)
    assert not any(process.is_alive() for process in processes)
