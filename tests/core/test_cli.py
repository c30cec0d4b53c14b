"""The ``plywright`` command through a subprocess: exit codes, messages, outputs."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from conftest import EXAMPLES, CliRunner, write

TICTACTOE = str(EXAMPLES / "tictactoe.toml")
HALMA = str(EXAMPLES / "halma-standard.toml")


def _one_line_error(result: object) -> str:
    err: str = result.stderr  # type: ignore[attr-defined]
    assert result.returncode == 2, (result.returncode, err)  # type: ignore[attr-defined]
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_games_lists_builtins_and_the_example_plugin(run_cli: CliRunner) -> None:
    result = run_cli("games", env={"COLUMNS": "200"})
    assert result.returncode == 0, result.stderr
    for text in ("halma", "standard", "pro", "tictactoe", "classic", "greedy", "mc"):
        assert text in result.stdout
    assert "failed to load" not in result.stdout


@pytest.mark.parametrize(
    ("game", "preset"), [("tictactoe", "four"), ("halma", "pro"), ("halma", None)]
)
def test_new_prints_a_valid_commented_variant(
    run_cli: CliRunner, tmp_path: Path, game: str, preset: str | None
) -> None:
    args = ["new", game] + (["--preset", preset] if preset else [])
    result = run_cli(*args)
    assert result.returncode == 0, result.stderr
    data = tomllib.loads(result.stdout)
    assert data["game"] == game
    path = write(tmp_path / "fresh.toml", result.stdout)
    checked = run_cli("perft", str(path), "--depth", "1")
    assert checked.returncode == 0, checked.stderr


def test_build_writes_a_manifest_and_is_deterministic(run_cli: CliRunner, tmp_path: Path) -> None:
    for out in ("a", "b"):
        result = run_cli("build", TICTACTOE, "--out", out, "--quiet")
        assert result.returncode == 0, result.stderr
    manifest = json.loads((tmp_path / "a" / "manifest.json").read_text())
    assert manifest["game"] == "tictactoe"
    assert "layout/svg" in {a["kind"] for a in manifest["artifacts"]}
    for entry in manifest["artifacts"]:
        assert (tmp_path / "a" / entry["path"]).read_bytes() == (
            tmp_path / "b" / entry["path"]
        ).read_bytes()
    default = run_cli("build", TICTACTOE)
    assert default.returncode == 0
    assert (tmp_path / "outputs" / "tictactoe-classic" / "manifest.json").is_file()


def test_check_reports_and_is_independent_of_jobs(run_cli: CliRunner, tmp_path: Path) -> None:
    reports = []
    for jobs in ("1", "2"):
        result = run_cli(
            "check",
            TICTACTOE,
            "--games",
            "300",
            "--seed",
            "5",
            "--jobs",
            jobs,
            "--json",
            f"r{jobs}.json",
            "--probes",
            "none",
        )
        assert result.returncode == 0, result.stdout + result.stderr
        assert "playable" in result.stdout and "engine python" in result.stdout
        reports.append(json.loads((tmp_path / f"r{jobs}.json").read_text()))
    assert reports[0]["metrics"] == reports[1]["metrics"]
    rates = reports[0]["metrics"]["seat_win_rates"]
    assert rates[0] > rates[1] > 0.2, "the first player wins more often at random tic-tac-toe"


def test_check_exits_1_when_unplayable(run_cli: CliRunner, tmp_path: Path) -> None:
    variant = write(
        tmp_path / "strict.toml", 'game = "tictactoe"\n[check]\nmax_drawishness = 0.0\n'
    )
    result = run_cli(
        "check",
        str(variant),
        "--probes",
        "none",
        "--games",
        "100",
        "--jobs",
        "1",
        "--records",
        "rec",
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "unplayable" in result.stdout and "drawishness" in result.stdout
    records = sorted((tmp_path / "rec").glob("*.jsonl"))
    assert len(records) == 100
    first = [json.loads(line) for line in records[0].read_text().splitlines()]
    assert first[0]["game"] == "tictactoe" and first[0]["seed"] == 0
    assert all("player" in line and "cell" in line for line in first[1:-1])
    assert first[-1]["result"] in ("win", "draw")


def test_perft_prints_depth_count_seconds(run_cli: CliRunner) -> None:
    result = run_cli("perft", TICTACTOE, "--depth", "4")
    assert result.returncode == 0, result.stderr
    rows = [line.split("\t") for line in result.stdout.splitlines()]
    assert [(r[0], r[1]) for r in rows] == [("1", "9"), ("2", "72"), ("3", "504"), ("4", "3024")]
    assert all(float(r[2]) >= 0 for r in rows)


@pytest.mark.parametrize(
    ("args", "file_text", "expected"),
    [
        (
            ["check", "{file}"],
            'game = "tictactoe"\n[rules]\nsize = 9\n',
            "[rules] size: Input should be less than or equal to 5",
        ),
        (
            ["build", "{file}"],
            'game = "tictactoe"\n[rules]\nsize = 3\nk_in_row = 5\n',
            "k_in_row (5) must not exceed size (3)",
        ),
        (
            ["build", "{file}"],
            'game = "tictactoe"\n[production]\ncolour = "red"\n',
            "[production] colour: unknown field",
        ),
        (
            ["check", "{file}"],
            'game = "go"\n',
            "game: unknown value 'go' (allowed: ",
        ),
        (["check", "{file}"], "[[[", "invalid TOML"),
        (["check", "{file}"], "x = " + "[" * 5000 + "]" * 5000, "nested too deeply"),
        (["build", "{file}"], "x = " + "[" * 5000 + "]" * 5000, "nested too deeply"),
        (
            ["build", "{file}"],
            'game = "tictactoe"\nname = "../../escape"\n',
            "not a safe folder name",
        ),
        (
            ["check", "{file}", "--agent", "oracle"],
            'game = "tictactoe"\n',
            "--agent: unknown agent 'oracle'",
        ),
        (
            ["check", "{file}"],
            'game = "tictactoe"\n[check]\nagent = "oracle"\n',
            "[check] agent: unknown agent",
        ),
        (["check", "{file}", "--games", "-3"], 'game = "tictactoe"\n', "--games"),
        (["check", "{file}", "--jobs", "many"], 'game = "tictactoe"\n', "--jobs"),
        (
            ["check", "{file}", "--frobnicate"],
            'game = "tictactoe"\n',
            "No such option '--frobnicate'",
        ),
        (
            ["build", "{file}", "--only", "laser"],
            'game = "tictactoe"\n',
            "--only: unknown kind 'laser'",
        ),
        (["perft", "{file}"], 'game = "tictactoe"\n', "Missing option '--depth'"),
        (
            ["new", "tictactoe", "--preset", "huge"],
            "",
            "unknown preset 'huge' for tictactoe (allowed: classic",
        ),
        (["new", "backgammon"], "", "unknown game 'backgammon'"),
        (["check", "missing.toml"], None, "missing.toml: file not found"),
        (
            ["check", "{file}", "--json", "no/such/dir/r.json"],
            'game = "tictactoe"\n',
            "--json: folder",
        ),
        (["check", "{file}", "--records", "{file}"], 'game = "tictactoe"\n', "--records"),
        (["build", "{file}", "--out", "{file}"], 'game = "tictactoe"\n', "--out"),
        (["build", "{file}"], 'game = "halma"\n[rules]\nplayers = 7\n', "[rules] players"),
        (
            ["build", "{file}"],
            'game = "halma"\n[rules]\nplayers = 3\nseating = [0, 1]\n',
            "seating",
        ),
        (
            ["build", "{file}"],
            'game = "halma"\n[production]\nhole_diameter = 5.0\n',
            "hole_diameter",
        ),
        (["check", "{file}"], 'game = "halma"\n[print]\nlanguages = ["de"]\n', "[print] languages"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    run_cli: CliRunner, tmp_path: Path, args: list[str], file_text: str | None, expected: str
) -> None:
    path = tmp_path / "variant.toml"
    if file_text is not None:
        write(path, file_text)
    line = _one_line_error(run_cli(*[a.replace("{file}", str(path)) for a in args]))
    assert expected in line
    about_the_file = file_text and "--" not in expected and "Missing" not in expected
    if about_the_file:
        assert str(path) in line, "a message about the variant names the file"


def test_python_dash_m_and_console_script_agree(run_cli: CliRunner) -> None:
    result = run_cli("--version")
    assert result.returncode == 0 and "plywright" in result.stdout


def test_build_refuses_a_variant_with_static_check_errors(
    run_cli: CliRunner, tmp_path: Path
) -> None:
    variant = write(
        tmp_path / "big.toml", 'game = "tictactoe"\n[production]\nsheet_width = 100.0\n'
    )
    refused = run_cli("build", str(variant), "--quiet", "--out", "out")
    assert refused.returncode == 1
    assert "plywright: error: board-fits-sheet: board 150 x 150 mm" in refused.stderr
    assert "build refused" in refused.stderr and "--force" in refused.stderr
    assert not (tmp_path / "out").exists()
    forced = run_cli("build", str(variant), "--quiet", "--out", "out", "--force")
    assert forced.returncode == 0, forced.stderr
    assert (tmp_path / "out" / "manifest.json").is_file()


def test_check_lines_are_whole_when_piped(run_cli: CliRunner, tmp_path: Path) -> None:
    """Into a pipe (CI, a log file) no sentence is wrapped at 80 columns; tables keep their
    natural width."""
    variant = write(tmp_path / "wide.toml", 'game = "halma"\n[production]\nhole_diameter = 24.0\n')
    result = run_cli(
        "check",
        str(variant),
        "--probes",
        "none",
        "--games",
        "2",
        "--jobs",
        "1",
        "--force",  # played although a static check fails, so the report shows it
        env={"COLUMNS": "80"},
    )
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    messages = [line for line in lines if line.startswith("  [error] production.hole_web: ")]
    assert len(messages) == 1, result.stdout
    assert len(messages[0]) > 80
    assert messages[0].endswith("or shrink the holes"), "the whole message on its line"
    assert any(
        line.startswith("  - static check production.hole_web: ")
        and line.endswith("or shrink the holes")
        for line in lines
    )
    table = [line for line in lines if line.startswith("│ seat fairness p-value")]
    assert len(table) == 1 and "1 dof" in table[0]


def test_games_table_rows_are_whole_when_piped(run_cli: CliRunner) -> None:
    result = run_cli("games", env={"COLUMNS": "80"})
    assert result.returncode == 0, result.stderr
    row = next(line for line in result.stdout.splitlines() if line.startswith("│ halma "))
    for text in ("standard", "pro", "greedy", "target_lock"):
        assert text in row, row


def test_a_variant_named_in_latvian_builds_into_its_folder(
    run_cli: CliRunner, tmp_path: Path
) -> None:
    variant = write(tmp_path / "dambrete.toml", 'game = "tictactoe"\nname = "Ķīniešu dambrete"\n')
    result = run_cli("build", str(variant), "--quiet")
    assert result.returncode == 0, result.stderr
    manifest = json.loads((tmp_path / "outputs" / "Ķīniešu dambrete" / "manifest.json").read_text())
    assert manifest["variant"] == "Ķīniešu dambrete"


def test_check_names_the_fast_engine_it_played_on(run_cli: CliRunner) -> None:
    result = run_cli("check", HALMA, "--probes", "none", "--games", "50", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    assert "engine halma-numba" in result.stdout.splitlines()[0]
