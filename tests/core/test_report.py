"""Check and sweep reports: PDF (text and pages read back) and HTML (parsed), same bytes for
the same seed."""

from __future__ import annotations

import csv
import io
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from pypdf import PdfReader

from conftest import EXAMPLES, CliRunner
from plywright.registry import Registry
from plywright.report.check import write_check_report
from plywright.report.document import write_report
from plywright.report.sweep import sweep_report_document
from plywright.simulate.executors import open_backend
from plywright.simulate.runner import run_check
from plywright.simulate.table import GameTable
from plywright.sweep.run import prepare_sweep, run_sweep
from plywright.variant import load_variant

HALMA = EXAMPLES / "halma-standard.toml"


class _Outline(HTMLParser):
    """Tags counted, headings and table cells collected, SVG text left aside."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: dict[str, int] = {}
        self.headings: list[str] = []
        self.cells: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] = self.tags.get(tag, 0) + 1
        self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop() != tag:
            pass

    def handle_data(self, data: str) -> None:
        if self.open and self.open[-1] in ("h1", "h2", "h3"):
            self.headings.append(data)
        elif self.open and self.open[-1] == "td":
            self.cells.append(data)


def _check(registry: Registry, games: int = 40, jobs: int = 1) -> tuple[dict[str, Any], GameTable]:
    stats: list[GameTable] = []
    variant = load_variant(HALMA, registry)
    report = run_check(
        registry,
        variant,
        probes="none",
        games=games,
        seed=3,
        jobs=jobs,
        profile=True,
        stats_out=stats,
    )
    return report, stats[0]


def test_check_report_pdf_reads_back(registry: Registry, tmp_path: Path) -> None:
    report, stats = _check(registry)
    variant = load_variant(HALMA, registry)
    path = tmp_path / "check.pdf"
    write_check_report(path, report, variant, stats)
    pdf = PdfReader(path)
    text = " ".join(page.extract_text() for page in pdf.pages)
    assert 2 <= len(pdf.pages) <= 6
    for expected in (
        "Playability of halma-standard",
        "Verdict: playable",
        "Seat fairness",
        "seat 2 win rate",
        "95 % interval",
        "halma-reachable",
        "rules.players",
        "production.pitch",
    ):
        assert expected in text, expected
    images = sum(len(page.images) for page in pdf.pages)
    assert images == 3  # seat win rates, game lengths, branching over a game
    # the same seed gives the same bytes, whatever the number of workers
    again, again_stats = _check(registry, jobs=2)
    write_check_report(tmp_path / "again.pdf", again, variant, again_stats)
    assert (tmp_path / "again.pdf").read_bytes() == path.read_bytes()


def test_check_report_html_parses(registry: Registry, tmp_path: Path) -> None:
    report, stats = _check(registry)
    variant = load_variant(HALMA, registry)
    path = tmp_path / "check.html"
    write_check_report(path, report, variant, stats)
    outline = _Outline()
    outline.feed(path.read_text(encoding="utf-8"))
    assert outline.tags["svg"] == 3 and outline.tags["figure"] == 3
    assert outline.tags["table"] == 3  # metrics, static checks, variant
    assert outline.tags.get("script", 0) == 0
    assert [h for h in outline.headings if not h.startswith("Playability")] == [
        "Verdict",
        "Seats",
        "Games",
        "Metrics",
        "Static checks",
        "Variant",
    ]
    fairness = outline.cells[outline.cells.index("seat fairness p-value") + 1]
    assert fairness == f"{report['metrics']['seat_fairness']['p_value']:.3g}"
    write_check_report(tmp_path / "again.html", report, variant, stats)
    assert (tmp_path / "again.html").read_bytes() == path.read_bytes()


def test_check_report_from_the_command(run_cli: CliRunner, tmp_path: Path) -> None:
    done = run_cli(
        "check",
        str(EXAMPLES / "tictactoe.toml"),
        "--probes",
        "none",
        "-n",
        "50",
        "--report",
        "r.html",
    )
    assert done.returncode in (0, 1), done.stderr
    assert "seat fairness p-value" in done.stdout
    assert (tmp_path / "r.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    for bad, message in (("r.txt", "must end in .pdf or .html"), ("no/r.pdf", "does not exist")):
        refused = run_cli("check", str(HALMA), "--probes", "none", "-n", "100000", "--report", bad)
        assert refused.returncode == 2
        assert refused.stderr.startswith("plywright: error: --report: ")
        assert message in refused.stderr and len(refused.stderr.splitlines()) == 1


def test_sweep_report(registry: Registry, tmp_path: Path) -> None:
    sweep = prepare_sweep(registry, HALMA, ["rules.players=2,3", "rules.jump_own=true,false"])
    with open_backend(1) as backend:
        result = run_sweep(sweep, 12, backend)
    document = sweep_report_document(result)
    write_report(tmp_path / "sweep.pdf", document)
    pdf = PdfReader(io.BytesIO((tmp_path / "sweep.pdf").read_bytes()))
    text = " ".join(page.extract_text() for page in pdf.pages)
    assert "Sweep of halma-standard" in text
    assert "rules.players" in text and "rules.jump_own" in text
    assert ("Fairest playable variant" in text) == (result.best is not None)
    # one plot per swept parameter and the heat map of the two-parameter grid
    assert sum(len(page.images) for page in pdf.pages) == 3
    write_report(tmp_path / "sweep.html", document)
    outline = _Outline()
    outline.feed((tmp_path / "sweep.html").read_text(encoding="utf-8"))
    assert outline.tags["svg"] == 3
    assert "halma-standard-players3-jump_ownfalse" in outline.cells
    write_report(tmp_path / "again.pdf", sweep_report_document(result))
    assert (tmp_path / "again.pdf").read_bytes() == (tmp_path / "sweep.pdf").read_bytes()


def test_sweep_report_plots_the_games_own_headline_metrics(
    registry: Registry, tmp_path: Path
) -> None:
    """Kubb names its headline metrics (first-team wins, turns, ...): the sweep report plots
    them against each swept parameter beside balance and completion."""
    from plywright.report.sweep import axis_series, game_metric_names
    from plywright.sweep.outputs import csv_text

    kubb = Path(__file__).parents[2] / "examples" / "kubb-world.toml"
    sweep = prepare_sweep(registry, kubb, ["rules.skill=beginner,advanced"])
    with open_backend(1) as backend:
        result = run_sweep(sweep, 30, backend)
    names = game_metric_names(result)
    assert names[:2] == ["game.first_team_won", "game.turns"]
    turns = [r["metrics"]["game"]["turns"] for r in result.reports]
    assert turns[0] > turns[1], "beginners need more turns than advanced players"
    # each mean carries its interval, into the plot's error bars and the CSV
    (line,) = axis_series(result, 0, "game.first_team_won")
    for estimate, bounds, report in zip(
        line.estimates, line.intervals, result.reports, strict=True
    ):
        assert bounds[0] < estimate < bounds[1]
        assert list(bounds) == report["metrics"]["intervals"]["game"]["first_team_won"]
    rows = list(csv.DictReader(io.StringIO(csv_text(result))))
    for row, report in zip(rows, result.reports, strict=True):
        low, high = report["metrics"]["intervals"]["game"]["turns"]
        assert (float(row["game.turns_low"]), float(row["game.turns_high"])) == (low, high)
        assert low < float(row["game.turns"]) < high
    write_report(tmp_path / "sweep.html", sweep_report_document(result))
    outline = _Outline()
    html = (tmp_path / "sweep.html").read_text(encoding="utf-8")
    outline.feed(html)
    assert outline.tags["svg"] == 2  # core metrics and the game's own, for the one parameter
    assert "game.first_team_won" in html
    # Kubb draws the starting team: the opener balance is plotted and ranks the variants
    assert "opener balance" in html
    (line,) = axis_series(result, 0, "opener balance")
    for estimate, bounds, report in zip(
        line.estimates, line.intervals, result.reports, strict=True
    ):
        opener = report["metrics"]["opener"]
        assert estimate == opener["balance"] and list(bounds) == opener["balance_interval"]
        assert bounds[0] <= estimate <= bounds[1]
