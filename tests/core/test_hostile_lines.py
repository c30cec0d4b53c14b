"""Error lines stay within their stated limit (``cli.MAX_LINE`` bytes, prefix and newline
included) whatever the size of the value they echo: the echoed value is cut, the reason kept.
Every option of every command that echoes its value is given 100 KB of it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import EXAMPLES
from plywright import cli
from plywright.errors import EXCERPT, fit

TICTACTOE = str(EXAMPLES / "tictactoe.toml")
QUICK = ("-n", "1", "--probes", "none", "-q")
V = "{V}"
"""Where a case puts the huge value."""
OPTIONS = {
    "build-variant": ["build", V],
    "build-out": ["build", TICTACTOE, "--out", V],
    "build-only": ["build", TICTACTOE, "--only", V],
    "check-variant": ["check", V, *QUICK],
    "check-games": ["check", TICTACTOE, "--games", V],
    "check-seed": ["check", TICTACTOE, "--seed", V],
    "check-jobs": ["check", TICTACTOE, "--jobs", V],
    "check-agent": ["check", TICTACTOE, "--agent", V, *QUICK],
    "check-json": ["check", TICTACTOE, "--json", V, *QUICK],
    "check-records": ["check", TICTACTOE, "--records", V, *QUICK],
    "check-report": ["check", TICTACTOE, "--report", V, *QUICK],
    "check-report-pdf": ["check", TICTACTOE, "--report", V + ".pdf", *QUICK],
    "check-scheduler": ["check", TICTACTOE, "--scheduler", V, *QUICK],
    "check-engine": ["check", TICTACTOE, "--engine", V],
    "check-probes": ["check", TICTACTOE, "--probes", V],
    "sweep-set": ["sweep", TICTACTOE, "--set", V],
    "sweep-set-field": ["sweep", TICTACTOE, "--set", "rules." + V + "=1,2"],
    "sweep-out": ["sweep", TICTACTOE, "--set", "rules.size=3,4", "--out", V, "-n", "1"],
    "sweep-format": ["sweep", TICTACTOE, "--format", V],
    "sweep-agent": ["sweep", TICTACTOE, "--set", "rules.size=3,4", "--agent", V, "-n", "1"],
    "new-game": ["new", V],
    "new-preset": ["new", "halma", "--preset", V],
    "perft-variant": ["perft", V, "--depth", "1"],
    "perft-depth": ["perft", TICTACTOE, "--depth", V],
    "serve-port": ["serve", "--port", V],
    "unknown-option": ["check", TICTACTOE, "--" + V],
    "unknown-command": [V],
}
HUGE = {"cyrillic": "ж" * 50_000, "ascii": "x" * 100_000}
"""100 KB of UTF-8 each: two bytes a letter, and one."""
THE_VALUE = re.compile(r"(?:ж|x){20,}…?")


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[object, str]:
    with pytest.raises(SystemExit) as exited:
        cli.main(args)
    return exited.value.code, capsys.readouterr().err


@pytest.mark.parametrize("value", HUGE.values(), ids=HUGE.keys())
@pytest.mark.parametrize("case", OPTIONS)
def test_an_echoed_value_is_cut_not_the_reason(
    case: str,
    value: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    args = [arg.replace(V, value) for arg in OPTIONS[case]]
    code, err = _run(args, capsys)
    assert code == 2, err[:300]
    assert "Traceback" not in err and err.endswith("\n") and err.count("\n") == 1, err[:300]
    assert len(err.encode()) <= cli.MAX_LINE, f"{len(err.encode())} bytes"
    # the same refusal with nothing cut here (its own excerpt, or the value whole): only the
    # value differs
    monkeypatch.setattr(cli, "fit", lambda line, most: " ".join(line.split()))
    _, whole = _run(args, capsys)
    assert THE_VALUE.sub("V", err) == THE_VALUE.sub("V", whole), err
    assert list(tmp_path.iterdir()) == [], "nothing was written"


def test_a_line_is_fitted_in_bytes_not_characters() -> None:
    line = fit("plywright: error: --only: unknown kind '" + "ж" * 5000 + "' (allowed: cad)", 200)
    assert len(line.encode()) <= 200
    assert line.endswith("…' (allowed: cad)") and line.count("ж") == EXCERPT - 1


def test_the_punctuation_after_a_long_path_stays() -> None:
    line = fit("plywright: error: /" + "d" * 3000 + ": file not found", 200)
    assert line.endswith("…: file not found") and len(line) < 200


def test_a_short_line_is_left_as_it_is() -> None:
    text = "plywright: error: /" + "d" * 100 + ": file not found"
    assert fit(text, 2000) == text
    assert fit("a\nb\t c", 2000) == "a b c"


def test_a_value_of_many_short_words_is_cut_at_the_end() -> None:
    line = fit("plywright: error: cannot make " + "a b " * 10_000, 100)
    assert len(line.encode()) <= 100 and line.endswith("…")
    assert line.startswith("plywright: error: cannot make a b")
