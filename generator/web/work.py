"""What a background job does, in its own process: a check, a sweep or a build of a variant.

The job process rebuilds the registry and re-validates the variant data itself (nothing but
plain data crosses the process boundary) and reports to the server through a pipe:
``("total", n)``, ``("progress", done)``, then ``("done", result)`` or ``("failed", message)``.
"""

from __future__ import annotations

import sys
import traceback
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, TypedDict

from plywright.api import Artifact
from plywright.errors import InputError
from plywright.registry import Registry
from plywright.report.rows import TableJSON
from plywright.simulate.report_types import CheckReport, StaticCheckEntry
from plywright.variant import Variant, parse_variant
from plywright.web.gate import gate_sweep, gate_variant

BUILD_FOLDER = "build"
"""Fixed name of the build folder inside a job's folder (no user text becomes a path)."""
ZIP_NAME = "build.zip"
REPORT_HTML = "check-report.html"
REPORT_PDF = "check-report.pdf"
REPORT_FILES = (REPORT_HTML, REPORT_PDF)
"""The check report with plots (``plywright check --report``), as a page and as a PDF."""
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
SWEEP_FOLDER = "sweep"
"""Fixed name of a sweep's output folder inside its job's folder."""
SWEEP_FILES = ("report.html", "sweep.csv", "sweep.json", "best.toml")
"""What a sweep job offers (``plywright sweep --format html``)."""


@dataclass(frozen=True)
class JobSpec:
    """Everything a job process needs, as plain picklable values."""

    kind: str
    """``check``, ``sweep`` or ``build``."""
    data: Mapping[str, Any]
    """The variant data (as a variant file holds it), validated again in the job."""
    folder: Path
    """The job's own folder, made by the server."""
    registry_factory: Callable[[], Registry]
    games: int = 0
    seed: int = 0
    agent: str | None = None
    force: bool = False
    probes: str | None = None
    """A check's strong play: none, quick or full (``None``: the variant's ``[check]``)."""
    sets: tuple[str, ...] = ()
    """A sweep's ``--set`` options."""


def _variant(spec: JobSpec, registry: Registry) -> Variant:
    return parse_variant(spec.data, registry, source="designer")


class CheckJobResult(CheckReport):
    """A check job's result: the check report (``plywright check --json``) and what the page
    shows of it, formatted here (:mod:`plywright.report.rows`): the text after the verdict,
    the tables (``{"title", "header", "rows": [{"cells", "status", "bar"}], ...}``)."""

    summary: str
    tables: list[TableJSON]
    report_files: list[str]
    name: str


def run_check_job(spec: JobSpec, send: Callable[[tuple[Any, ...]], None]) -> CheckJobResult:
    """Static checks (refused on errors unless forced, as the CLI does) plus ``spec.games``
    simulated games in this process (one core)."""
    from plywright.report.check import write_check_report
    from plywright.report.rows import check_summary, check_tables
    from plywright.simulate.runner import planned_games, run_check
    from plywright.simulate.table import GameTable

    registry = spec.registry_factory()
    variant = _variant(spec, registry)
    gate_variant(registry, variant, "check", spec.force)
    progress = JobProgress(
        send, planned_games(registry, variant, spec.games, spec.agent, spec.probes)
    )
    stats: list[GameTable] = []
    report = run_check(
        registry,
        variant,
        games=spec.games,
        seed=spec.seed,
        jobs=1,
        agent=spec.agent,
        progress=progress,
        profile=True,
        stats_out=stats,
        probes=spec.probes,
    )
    send(("stage", "writing the report with plots"))
    write_check_report(spec.folder / REPORT_HTML, report, variant, stats[0])
    write_check_report(spec.folder / REPORT_PDF, report, variant, stats[0])
    return {
        **report,
        "summary": check_summary(report),
        "tables": [table.as_json() for table in check_tables(report, variant.check)],
        "report_files": [REPORT_HTML, REPORT_PDF],
        "name": variant.name,
    }


class JobProgress:
    """A job's progress messages: ``("total", n)`` now and whenever the planned games grow
    (the spoiler probes' second stage), ``("progress", done)`` as games finish."""

    def __init__(self, send: Callable[[tuple[Any, ...]], None], total: int) -> None:
        self.send, self.total, self.done = send, total, 0
        send(("total", total))

    def __call__(self, count: int) -> None:
        self.done += count
        self.send(("progress", self.done))

    def grow(self, count: int) -> None:
        self.total += count
        self.send(("total", self.total))


def run_build_job(spec: JobSpec, send: Callable[[tuple[Any, ...]], None]) -> dict[str, Any]:
    """Build into the job's folder (refused on static-check errors unless forced, as the
    CLI does), then zip the build with its manifest."""
    from plywright.build import build, collect_artifacts

    registry = spec.registry_factory()
    variant = _variant(spec, registry)
    gate = gate_variant(registry, variant, "build", spec.force)
    warnings = [c.as_json() for c in gate.failed if c.severity == "warning"]
    extra, summary = _router_job(variant, warnings)
    send(("total", len(collect_artifacts(registry, variant, extra))))
    done = [0]

    def on_artifact(_: object) -> None:
        send(("progress", done[0]))
        done[0] += 1

    result = build(
        registry,
        variant,
        spec.folder / BUILD_FOLDER,
        on_artifact=on_artifact,
        extra=extra,
        summary=summary,
    )
    send(("progress", done[0]))
    zip_build(result.folder, spec.folder / ZIP_NAME, variant.name)
    cam = result.manifest.get("cam")
    return {
        "name": variant.name,
        "manifest": result.manifest,
        "warnings": warnings,
        "forced": [c.as_json() for c in gate.errors],
        "cam": cam_lines(cam) if cam else [],
    }


def _router_job(
    variant: Variant, warnings: list[StaticCheckEntry]
) -> tuple[list[Artifact], dict[str, Any] | None]:
    """The CAM job of one set on the built-in machine profile (``plywright build --machine``
    without a file) when the variant has router parts; a part the machine cannot make is a
    warning, the rest is still built."""
    from plywright.cam.artifacts import cam_artifacts, cam_build
    from plywright.cam.machine import load_machine
    from plywright.cam.source import variant_plans

    if not variant_plans(variant):
        return [], None
    try:
        cam = cam_build(variant, load_machine(None), "built-in machine profile")
    except InputError as exc:
        warnings.append({"name": "cam", "ok": False, "severity": "warning", "message": str(exc)})
        return [], None
    return cam_artifacts(cam), {"cam": cam.summary()}


def _duration(seconds: float) -> str:
    minutes = round(seconds / 60)
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"


def cam_lines(cam: Mapping[str, Any]) -> list[str]:
    """What the page shows of the manifest's ``cam`` block: machine time and price per board
    and per batch, the figures as the manifest holds them."""
    quote, batch = cam["quote"], cam["batch"]
    money = quote["currency"]
    sets = "1 set" if batch == 1 else f"{batch} sets"
    return [
        f"Router job ({cam['machine_profile']}, {cam['machine']}): {quote['sheets']} sheet(s), "
        f"machine time {_duration(quote['machine_seconds'])} "
        f"({quote['machine_seconds']:g} s)",
        f"Price per board {quote['per_board']:.2f} {money}; per batch of {sets} "
        f"{quote['per_batch']:.2f} {money} (material {quote['material']:.2f} {money}, "
        f"machine {quote['machine_cost']:.2f} {money} at {quote['hourly_rate']:g} {money}/h)",
    ]


def zip_build(folder: Path, target: Path, name: str) -> None:
    """A reproducible zip of ``folder`` (files under ``name/``, manifest included)."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            info = zipfile.ZipInfo(f"{name}/{path.relative_to(folder).as_posix()}", ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())


class SweepJobResult(TypedDict):
    """A sweep job's result: each variant's swept values, verdict and fairness numbers, the
    fairest, the files it offers, and what the page shows (formatted here: the summary line
    and the table, ``{"title", "header", "rows", "highlight"}``)."""

    name: str
    games: int
    seed: int
    axes: list[str]
    variants: list[dict[str, Any]]
    best: str | None
    files: list[str]
    summary: str
    table: TableJSON


def run_sweep_job(spec: JobSpec, send: Callable[[tuple[Any, ...]], None]) -> SweepJobResult:
    """``plywright sweep`` of the variant in this process (one core): every output in the
    job's sweep folder, and a summary of each variant for the page. A combination a static
    check finds unmakeable refuses the sweep unless forced, before any game."""
    from plywright.report.rows import sweep_summary, sweep_table
    from plywright.simulate.executors import open_backend
    from plywright.sweep.grid import shown
    from plywright.sweep.outputs import write_outputs
    from plywright.sweep.run import run_sweep, sweep_of, sweep_variants
    from plywright.web.forms import default_name

    registry = spec.registry_factory()
    name = default_name(registry.games[str(spec.data["game"])])
    data = dict(spec.data)
    _, _, points = sweep_variants(registry, data, spec.sets, source="designer", default_name=name)
    gate_sweep(registry, points, spec.force)  # before any plan (a fast lane compiles)
    sweep = sweep_of(
        registry, data, spec.sets, source="designer", default_name=name,
        agent=spec.agent, seed=spec.seed,
    )  # fmt: skip
    progress = JobProgress(send, spec.games * len(sweep.points))
    with open_backend(1) as backend:
        result = run_sweep(sweep, spec.games, backend, progress)
    send(("stage", "writing the sweep report"))
    written = write_outputs(result, spec.folder / SWEEP_FOLDER, registry, "html")
    best = sweep.points[result.best] if result.best is not None else None
    axes = [axis.name for axis in sweep.axes]
    shown_points = [
        {key: shown(value) for key, value in point.parameters.items()} for point in sweep.points
    ]
    return {
        "name": sweep.base.name,
        "games": spec.games,
        "seed": spec.seed,
        "axes": axes,
        "variants": [
            {
                "name": point.variant.name,
                "parameters": parameters,
                "verdict": report["verdict"],
                "balance": report["metrics"]["balance"],
                **(
                    {"opener_balance": report["metrics"]["opener"]["balance"]}
                    if "opener" in report["metrics"]
                    else {}
                ),
                "completion": report["metrics"]["completion"],
            }
            for point, parameters, report in zip(
                sweep.points, shown_points, result.reports, strict=True
            )
        ],
        "best": best.variant.name if best is not None else None,
        "files": [path.name for path in written],
        "summary": sweep_summary(result.reports, spec.games, spec.seed),
        "table": sweep_table(axes, shown_points, result.reports, result.best).as_json(),
    }


def failed_message(kind: str) -> str:
    """What the page says of a job that crashed (never the exception's own text)."""
    return (
        f"the {kind} could not be finished for these values: something went wrong on the "
        "server (its log has the details); try other values, or report it"
    )


RUNNERS = {"check": run_check_job, "sweep": run_sweep_job, "build": run_build_job}


def job_main(spec: JobSpec, conn: Connection) -> None:
    """Entry point of a job process."""

    def send(message: tuple[Any, ...]) -> None:
        conn.send(message)

    try:
        result = RUNNERS[spec.kind](spec, send)
    except InputError as exc:
        text = str(exc)
        send(("failed", text.removeprefix("designer: ")))
    except Exception:  # the page gets one plain line; the details go to the server's log
        traceback.print_exc(file=sys.stderr)
        send(("failed", failed_message(spec.kind)))
    else:
        send(("done", result))
    finally:
        conn.close()
