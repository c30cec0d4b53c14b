"""``plywright sweep``: --set values, validation before any game, outputs, best.toml."""

from __future__ import annotations

import csv
import io
import json
import tomllib
from pathlib import Path

import pytest

from conftest import EXAMPLES, CliRunner, write
from plywright.errors import InputError
from plywright.registry import Registry
from plywright.simulate.executors import open_backend
from plywright.sweep.grid import Axis, apply, combinations, parse_axes, parse_axis, shown
from plywright.sweep.outputs import csv_text, json_data, variant_toml
from plywright.sweep.run import fairest, point_name, prepare_sweep, run_sweep
from plywright.variant import parse_variant

TICTACTOE = EXAMPLES / "tictactoe.toml"
HALMA = EXAMPLES / "halma-standard.toml"


def test_values_lists_and_ranges() -> None:
    assert parse_axis("rules.players=2,3,4") == Axis("rules", "players", (2, 3, 4))
    assert parse_axis("rules.n=4..6").values == (4, 5, 6)
    assert parse_axis("production.pitch=22..28:2").values == (22, 24, 26, 28)
    assert parse_axis("production.pitch=22..27:2").values == (22, 24, 26)
    assert parse_axis("production.pitch=0.5..1:0.25").values == (0.5, 0.75, 1.0)
    assert parse_axis("production.pitch=22.0..23:0.1").values[-1] == 23.0
    assert parse_axis("rules.target_lock=true,false").values == (True, False)
    assert parse_axis("production.outline=hexagon, star").values == ("hexagon", "star")
    assert parse_axis("rules.n=5").values == (5,)
    axes = parse_axes(["rules.players=2,3", "rules.n=4..5"])
    assert combinations(axes) == [
        {"rules.players": 2, "rules.n": 4},
        {"rules.players": 2, "rules.n": 5},
        {"rules.players": 3, "rules.n": 4},
        {"rules.players": 3, "rules.n": 5},
    ]


def test_a_value_in_brackets_is_a_list() -> None:
    axis = parse_axis("rules.opening_batons=[6], [2,4,6],[1, 3,6]")
    assert axis.values == ((6,), (2, 4, 6), (1, 3, 6))
    assert [shown(v) for v in axis.values] == ["[6]", "[2,4,6]", "[1,3,6]"]
    assert parse_axis("rules.opening_batons=[]").values == ((),)
    assert apply({"rules": {"skill": "club"}}, {"rules.opening_batons": (2, 4, 6)}) == {
        "rules": {"skill": "club", "opening_batons": [2, 4, 6]}
    }


def test_kubbs_opening_can_be_swept(registry: Registry) -> None:
    kubb = EXAMPLES / "kubb-seed.toml"
    sweep = prepare_sweep(registry, kubb, ["rules.opening_batons=[6],[2,4,6]"])
    assert [p.variant.rules.opening_batons for p in sweep.points] == [(6,), (2, 4, 6)]  # type: ignore[attr-defined]
    assert [p.variant.name for p in sweep.points] == [
        "kubb-seed-opening_batons6", "kubb-seed-opening_batons2_4_6",
    ]  # fmt: skip
    with open_backend(1) as backend:
        result = run_sweep(sweep, 20, backend)
    rows = list(csv.DictReader(io.StringIO(csv_text(result))))
    assert [row["rules.opening_batons"] for row in rows] == ["[6]", "[2,4,6]"]
    assert "opener_balance" in rows[0]
    written = json.loads(json.dumps(json_data(result)))
    assert written["variants"][1]["parameters"] == {"rules.opening_batons": [2, 4, 6]}
    toml = tomllib.loads(variant_toml(sweep.points[1].variant))
    assert toml["rules"]["opening_batons"] == [2, 4, 6]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("rules.n=6..4", "empty range"),
        ("rules.n=4..6:0", "step must be positive"),
        ("production.pitch=1.5..3", "needs a step"),
        ("print.paper=A4,Letter", "cannot be swept"),
        ("players=2,3", "expected TABLE.FIELD=VALUES"),
        ("rules.players", "expected TABLE.FIELD=VALUES"),
        ("rules.players=2,,3", "empty value"),
        ("rules.players=2,2", "given twice"),
        ("rules.n=1..100000", "at most"),
        ("rules.opening_batons=[2,[4]],[6]", "lists inside lists"),
        ("rules.opening_batons=[6],[2,4,6", "'\\[' without its '\\]'"),
        ("rules.opening_batons=2,4],[6]", "'\\]' without its '\\['"),
        ("rules.opening_batons=[2,,4]", "empty item in the list"),
        ("rules.opening_batons=[6],[6]", "given twice"),
        ("rules.opening_batons=x[6]", "is not a list"),
    ],
)
def test_bad_values_are_one_line(spec: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as error:
        parse_axis(spec)
    assert "\n" not in str(error.value)


def test_every_combination_is_validated_first(registry: Registry) -> None:
    with pytest.raises(InputError, match=r"rules\.colour: unknown field of \[rules\]"):
        prepare_sweep(registry, HALMA, ["rules.colour=1,2"])
    with pytest.raises(InputError, match=r"--set rules\.players=7: .*\[rules\] players"):
        prepare_sweep(registry, HALMA, ["rules.players=2,7"])
    # a combination may be wrong although each value alone is fine (k_in_row <= size)
    with pytest.raises(InputError, match=r"--set rules\.size=3, rules\.k_in_row=4: "):
        prepare_sweep(registry, TICTACTOE, ["rules.size=3,4", "rules.k_in_row=3,4"])
    with pytest.raises(InputError, match="given more than once"):
        prepare_sweep(registry, TICTACTOE, ["rules.size=3", "rules.size=4"])
    with pytest.raises(InputError, match="unknown agent"):
        prepare_sweep(registry, TICTACTOE, ["rules.size=3,4"], agent="genius")


def test_names_of_points() -> None:
    assert point_name("halma", {"rules.players": 3, "production.pitch": 22.5}) == (
        "halma-players3-pitch22.5"
    )
    assert point_name("h", {"rules.target_lock": True}) == "h-target_locktrue"
    assert point_name("x" * 60, {"rules.players": 3}) == ""  # too long: numbered instead


def test_sweep_of_the_example_plugin(registry: Registry) -> None:
    sweep = prepare_sweep(
        registry, TICTACTOE, ["rules.size=3,4", "rules.k_in_row=3"], agent="random", seed=2
    )
    assert [p.variant.name for p in sweep.points] == [
        "tictactoe-classic-size3-k_in_row3",
        "tictactoe-classic-size4-k_in_row3",
    ]
    with open_backend(1) as backend:
        result = run_sweep(sweep, 40, backend)
    with open_backend(2) as backend:  # the same games, whatever the number of workers
        assert csv_text(run_sweep(sweep, 40, backend)) == csv_text(result)
    rows = list(csv.DictReader(csv_text(result).splitlines()))
    assert [row["rules.size"] for row in rows] == ["3", "4"]
    for row, report in zip(rows, result.reports, strict=True):
        assert row["verdict"] == report["verdict"]
        low, high = float(row["balance_low"]), float(row["balance_high"])
        assert low <= float(row["balance"]) <= high
        assert float(row["seat1_low"]) <= float(row["seat1_win_rate"]) <= float(row["seat1_high"])
    data = json_data(result)
    assert data["axes"] == [
        {"parameter": "rules.size", "values": [3, 4]},
        {"parameter": "rules.k_in_row", "values": [3]},
    ]
    assert data["variants"][1]["parameters"] == {"rules.size": 4, "rules.k_in_row": 3}
    assert "seconds" not in data["variants"][0]["report"]


def test_fairest_playable_variant_is_best() -> None:
    def report(verdict: str, balance: float, p: float) -> dict[str, object]:
        return {
            "verdict": verdict,
            "metrics": {"balance": balance, "seat_fairness": {"p_value": p}},
        }

    reports = [
        report("unplayable", 1.0, 1.0),
        report("playable", 0.8, 0.2),
        report("playable", 0.9, 0.1),
        report("playable", 0.9, 0.3),
    ]
    assert fairest(reports) == 3
    assert fairest(reports[:1]) is None


def test_best_toml_is_a_complete_variant(registry: Registry) -> None:
    variant = parse_variant(
        {"game": "halma", "preset": "pro", "rules": {"players": 3}, "name": "b"}, registry
    )
    text = variant_toml(variant, "a comment")
    assert text.startswith("# a comment\n")
    data = tomllib.loads(text)
    assert "preset" not in data and data["rules"]["n"] == 5  # preset values written out
    again = parse_variant(data, registry)
    assert (again.rules, again.production, again.print, again.check) == (
        variant.rules,
        variant.production,
        variant.print,
        variant.check,
    )


def test_sweep_command_writes_every_output(run_cli: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    args = ["sweep", str(HALMA), "--set", "rules.players=2,3", "--set", "rules.n=4..5"]
    done = run_cli(*args, "--games", "6", "--jobs", "2", "--out", str(out), "--format", "html")
    assert done.returncode == 0, done.stderr
    assert "4 of 4 variants playable" in done.stdout
    assert sorted(p.name for p in out.iterdir()) == [
        "best.toml",
        "report.html",
        "sweep.csv",
        "sweep.json",
    ]
    rows = list(csv.DictReader((out / "sweep.csv").open(encoding="utf-8")))
    assert [(r["rules.players"], r["rules.n"]) for r in rows] == [
        ("2", "4"), ("2", "5"), ("3", "4"), ("3", "5"),
    ]  # fmt: skip
    data = json.loads((out / "sweep.json").read_text(encoding="utf-8"))
    best = next(v for v in data["variants"] if v["name"] == data["best"])
    assert best["report"]["metrics"]["balance"] == max(float(r["balance"]) for r in rows)
    toml = tomllib.loads((out / "best.toml").read_text(encoding="utf-8"))
    assert toml["name"] == data["best"]
    assert [toml["rules"]["players"], toml["rules"]["n"]] == list(best["parameters"].values())
    # best.toml is a variant the other commands accept
    static = run_cli("build", str(out / "best.toml"), "--only", "bom", "--out", str(tmp_path / "b"))
    assert static.returncode == 0, static.stderr


@pytest.mark.parametrize(
    ("setting", "expected"),
    [
        ("rules.colour=1,2", "--set rules.colour: unknown field of [rules] for halma (allowed: n,"),
        ("rules.n=6..4", "--set rules.n=6..4: empty range"),
        ("rules.players=2,9", "--set rules.players=9: [rules] players: "),
        ("production.pitch=-5,22", "--set production.pitch=-5: [production] pitch: "),
    ],
)
def test_bad_set_exits_2_before_any_game(
    run_cli: CliRunner, tmp_path: Path, setting: str, expected: str
) -> None:
    out = tmp_path / "never"
    done = run_cli("sweep", str(HALMA), "--set", setting, "--games", "100000", "--out", str(out))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert expected in lines[0]
    assert not out.exists()


def test_sweep_without_a_playable_variant_exits_1(run_cli: CliRunner, tmp_path: Path) -> None:
    variant = write(
        tmp_path / "strict.toml",
        'game = "tictactoe"\n[check]\nagent = "random"\nmin_completion = 1.0\nmax_drawishness = 0.0\n',
    )
    out = tmp_path / "out"
    write(out / "best.toml", "stale")
    done = run_cli("sweep", str(variant), "--set", "rules.size=3", "-n", "20", "--out", str(out))
    assert done.returncode == 1, done.stderr
    assert not (out / "best.toml").exists()
    assert (out / "report.pdf").read_bytes().startswith(b"%PDF")
