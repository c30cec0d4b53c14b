"""What a sweep writes: ``sweep.csv``, ``sweep.json``, ``best.toml`` and the report.

Every file is deterministic for a seed (no timings, no dates), whatever the backend.
"""

from __future__ import annotations

import csv
import io
import json
import tomllib
from pathlib import Path
from typing import Any, Literal

import tomli_w

from plywright import atomic
from plywright.registry import Registry
from plywright.simulate.report_types import CheckReport
from plywright.sweep.grid import shown
from plywright.sweep.run import SweepResult
from plywright.variant import TABLES, Variant, parse_variant

RATES: tuple[Literal["completion", "balance", "drawishness", "timeouts", "stalemates"], ...] = (
    *("completion", "balance", "drawishness", "timeouts", "stalemates"),
)
PLAIN: tuple[Literal["duration_mean", "duration_sd", "branching_mean", "decision_moves"], ...] = (
    "duration_mean",
    "duration_sd",
    "branching_mean",
    "decision_moves",
)
WITH_INTERVAL = ("duration_mean",)
"""Columns of ``PLAIN`` followed by their interval (``_low``, ``_high``)."""


def csv_text(result: SweepResult) -> str:
    """One row per variant: the swept parameters, every metric with its interval, the
    verdict and its reasons."""
    axes = [axis.name for axis in result.sweep.axes]
    seats = max((len(r["metrics"]["seat_win_rates"]) for r in result.reports), default=0)
    own = sorted({key for r in result.reports for key in r["metrics"].get("game", {})})
    header = ["variant", *axes, "verdict", "games"]
    for rate in RATES:
        header += [rate, f"{rate}_low", f"{rate}_high"]
    for key in PLAIN:
        header += [key, f"{key}_low", f"{key}_high"] if key in WITH_INTERVAL else [key]
    header.append("seat_fairness_p")
    openers = any("opener" in r["metrics"] for r in result.reports)
    if openers:
        header += ["opener_share", "opener_low", "opener_high", "opener_balance", "opener_p"]
    for seat in range(1, seats + 1):
        header += [f"seat{seat}_win_rate", f"seat{seat}_low", f"seat{seat}_high"]
    for name in own:
        header += [f"game.{name}", f"game.{name}_low", f"game.{name}_high"]
    probed = any("strong" in r["metrics"] for r in result.reports)
    if probed:
        header += STRONG_COLUMNS
    header += ["reasons"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for point, report in zip(result.sweep.points, result.reports, strict=True):
        metrics, intervals = report["metrics"], report["metrics"]["intervals"]
        row: list[Any] = [point.variant.name]
        row += [_cell(point.parameters[name]) for name in axes]
        row += [report["verdict"], report["games"]]
        for rate in RATES:
            row += [metrics[rate], *intervals[rate]]
        for key in PLAIN:
            row.append(metrics[key])
            if key == "duration_mean":  # the one of WITH_INTERVAL
                row += intervals[key]
        row.append(metrics["seat_fairness"]["p_value"])
        if openers:
            opener = metrics.get("opener")
            row += (
                [opener["share"], *opener["interval"], opener["balance"], opener["p_value"]]
                if opener
                else [""] * 5
            )
        rates = metrics["seat_win_rates"]
        for seat in range(seats):
            row += (
                [rates[seat], *intervals["seat_win_rates"][seat]] if seat < len(rates) else [""] * 3
            )
        values, bounds = metrics.get("game", {}), intervals.get("game", {})
        for name in own:
            row += [values[name], *bounds[name]] if name in values else [""] * 3
        if probed:
            row += strong_cells(report)
        row.append("; ".join(report["reasons"]))
        writer.writerow(row)
    return out.getvalue()


STRONG_COLUMNS = [
    "strong_agent",
    "strong_completion",
    "strong_balance",
    "strong_balance_low",
    "strong_balance_high",
    "strong_drawishness",
    "skill_top_win_rate",
    "skill_top_beats",
    "probes",
    "exploits",
]
"""Columns of a sweep with strong play: the strong self-play, the ladder's top rung and the
probes' result (how many probes, how many found an exploit)."""


def strong_cells(report: CheckReport) -> list[Any]:
    """The :data:`STRONG_COLUMNS` of one report (blanks without strong play)."""
    strong = report["metrics"].get("strong")
    if not strong:
        return [""] * len(STRONG_COLUMNS)
    rungs = report["metrics"].get("skill", [])
    top = rungs[-1] if rungs else None
    probes = report.get("probes", [])
    return [
        strong["agent"],
        strong["completion"],
        strong["balance"],
        *strong["intervals"]["balance"],
        strong["drawishness"],
        top["win_rate"] if top else "",
        top["beats"] if top else "",
        len(probes),
        sum(bool(probe["exploit"]) for probe in probes),
    ]


def _cell(value: Any) -> Any:
    return shown(value) if isinstance(value, bool | tuple) else value


def json_data(result: SweepResult) -> dict[str, Any]:
    """The whole sweep: its axes, and per variant the parameters and the check report."""
    sweep = result.sweep
    best = result.best
    return {
        "variant": sweep.base.name,
        "game": sweep.base.game,
        "seed": sweep.seed,
        "games": result.games,
        "axes": [{"parameter": axis.name, "values": list(axis.values)} for axis in sweep.axes],
        "best": sweep.points[best].variant.name if best is not None else None,
        "variants": [
            {"name": point.variant.name, "parameters": point.parameters, "report": report}
            for point, report in zip(sweep.points, result.reports, strict=True)
        ],
    }


def variant_toml(variant: Variant, comment: str = "") -> str:
    """A complete variant file: every table written out, so it does not depend on a preset
    or on defaults changing later."""
    data: dict[str, Any] = {"game": variant.game, "name": variant.name}
    for table in TABLES:
        values = getattr(variant, table).model_dump(mode="json", exclude_none=True)
        if values:
            data[table] = values
    head = "".join(f"# {line}\n" for line in comment.splitlines())
    return head + tomli_w.dumps(data)


def check_round_trip(text: str, variant: Variant, registry: Registry) -> None:
    """``best.toml`` must read back as the very same variant."""
    again = parse_variant(tomllib.loads(text), registry, source="best.toml")
    for table in TABLES:
        if getattr(again, table) != getattr(variant, table):
            raise AssertionError(f"best.toml does not reproduce [{table}] of {variant.name}")


def write_outputs(
    result: SweepResult, out: Path, registry: Registry, report_format: str = "pdf"
) -> list[Path]:
    """Write every output of the sweep into ``out``, each file whole or not at all (see
    :mod:`plywright.atomic`); returns the paths written."""
    from plywright.report.document import write_report
    from plywright.report.sweep import sweep_report_document

    out.mkdir(parents=True, exist_ok=True)
    written = [out / "sweep.csv", out / "sweep.json"]
    atomic.write_text(written[0], csv_text(result))
    atomic.write_text(written[1], json.dumps(json_data(result), indent=2) + "\n")
    best_path = out / "best.toml"
    if result.best is not None:
        point = result.sweep.points[result.best]
        settings = ", ".join(f"{k} = {_cell(v)}" for k, v in point.parameters.items())
        text = variant_toml(
            point.variant,
            f"The fairest playable variant of the sweep of {result.sweep.base.name}:\n"
            f"{settings} (balance {result.reports[result.best]['metrics']['balance']:.3f}, "
            f"{result.games} games, seed {result.sweep.seed}).",
        )
        check_round_trip(text, point.variant, registry)
        atomic.write_text(best_path, text)
        written.append(best_path)
    elif best_path.exists():  # from an earlier sweep into the same folder
        best_path.unlink()
    report_path = out / f"report.{report_format}"
    write_report(report_path, sweep_report_document(result))
    written.append(report_path)
    return written
