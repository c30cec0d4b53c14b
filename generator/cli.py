"""The ``plywright`` command (also ``python -m plywright``).

Exit status: 0 success (``check``: playable), 1 failure (``check``: unplayable, failed build),
2 bad input (unreadable or invalid variant, unknown game, bad option) with one line naming
the file, the field and the allowed values; 130 (SIGINT, Ctrl-C) or 143 (SIGTERM) when
interrupted, with one line saying what was kept.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from plywright.errors import BackendLost, InputError, excerpt, fit

if TYPE_CHECKING:  # imported when first used: the interrupt handlers are installed sooner
    from plywright.api import AgentSpec, Artifact, GameDefinition
    from plywright.registry import Registry
    from plywright.simulate.report_types import CheckReport
    from plywright.sweep.grid import Value
    from plywright.variant import Variant

EXIT_BAD_INPUT = 2
PIPE_WIDTH = 10_000
"""Console width when stdout is not a terminal: whole lines, tables at their natural width."""


def _console() -> Console:
    """The stdout console: wrapped to a terminal, whole lines into a pipe, CI log or file."""
    if sys.stdout.isatty():
        return Console()
    return Console(width=PIPE_WIDTH, soft_wrap=True)


def _registry() -> Registry:
    from plywright.registry import load_registry

    return load_registry()


def _load(path: str) -> tuple[Registry, Variant]:
    from plywright.variant import load_variant

    registry = _registry()
    return registry, load_variant(Path(path), registry)


def _show_progress(quiet: bool) -> bool:
    return not quiet and sys.stderr.isatty()


@contextmanager
def _progress(total: int, label: str, quiet: bool) -> Iterator[Any]:
    """A progress bar on a terminal; a no-op advance function otherwise."""
    if not _show_progress(quiet):
        yield lambda step=1, description=None: None
        return
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        yield _Bar(bar, bar.add_task(label, total=total), label)


@dataclass
class _Bar:
    """Advances one task of a rich progress display; its total can grow (``grow``)."""

    bar: Progress
    task: TaskID
    label: str

    def __call__(self, step: int = 1, description: str | None = None) -> None:
        self.bar.update(self.task, advance=step, description=description or self.label)

    def grow(self, count: int) -> None:
        total = next(task.total for task in self.bar.tasks if task.id == self.task) or 0
        self.bar.update(self.task, total=total + count)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="plywright")
def cli() -> None:
    """Turn a game variant into CNC files, printables and a playability report."""


def _agent_label(agent: AgentSpec, definition: GameDefinition) -> str:
    """``search:3 (strong)``: the name, a searching agent's budget, and its role."""
    roles = [
        role
        for role, name in (
            ("default", definition.default_agent),
            ("strong", definition.strong_agent),
        )
        if agent.name == name
    ]
    budget = f":{agent.budget}" if agent.searches else ""
    return f"{agent.name}{budget}" + (f" ({', '.join(roles)})" if roles else "")


@cli.command()
def games() -> None:
    """List registered games, their presets and parameters."""
    registry = _registry()
    console = _console()
    table = Table("game", "title", "presets", "agents", "rules parameters", show_lines=True)
    for name in sorted(registry.games):
        definition = registry.games[name]
        presets = ", ".join(
            f"{p}{' (default)' if p == definition.default_preset else ''}"
            for p in definition.presets
        )
        agents = ", ".join(_agent_label(a, definition) for a in registry.agents_for(name))
        params = ", ".join(definition.rules_model.model_fields)
        table.add_row(name, definition.title, presets or "-", agents, params)
    console.print(table)
    for failure in registry.failures:  # the reason as it is: no markup read in it
        console.print(f"[red]plugin {escape(failure.name)} failed to load:[/red]", end=" ")
        console.print(failure.reason, markup=False, highlight=False)


@cli.command()
@click.argument("game")
@click.option("--preset", "-p", default=None, help="Preset to start from.")
def new(game: str, preset: str | None) -> None:
    """Print a complete, commented variant file for GAME."""
    from plywright.template import variant_template

    registry = _registry()
    if game not in registry.games:
        allowed = ", ".join(sorted(registry.games)) or "none registered"
        raise InputError(f"GAME: unknown game {game!r} (allowed: {allowed})")
    definition = registry.games[game]
    if preset is not None and preset not in definition.presets:
        allowed = ", ".join(definition.presets) or "none"
        raise InputError(f"--preset: unknown preset {preset!r} for {game} (allowed: {allowed})")
    click.echo(variant_template(definition, preset), nl=False)


@cli.command()
@click.argument("variant", type=click.Path(dir_okay=False))
@click.option("--out", "-o", type=click.Path(file_okay=False), help="Build folder.")
@click.option("--only", help="Comma-separated kinds or families (e.g. cad,print/rulebook).")
@click.option("--quiet", "-q", is_flag=True, help="No progress output.")
@click.option("--force", is_flag=True, help="Build even when a static check reports an error.")
@click.option(
    "--machine",
    "machine_file",
    type=click.Path(dir_okay=False),
    help="Machine profile (TOML): write the CAM job too (G-code per sheet, tool table).",
)
@click.option(
    "--batch",
    type=click.IntRange(1, 1000),
    help="Sets to nest on the sheets (CAM job; built-in machine profile unless --machine).",
)
def build(
    variant: str,
    out: str | None,
    only: str | None,
    quiet: bool,
    force: bool,
    machine_file: str | None,
    batch: int | None,
) -> None:
    """Write every artifact of VARIANT and a manifest.json.

    A variant with static-check errors (holes that overlap, a board larger than the sheet...)
    is not built unless --force is given: the files would not be manufacturable. With
    --machine or --batch the CAM job is written too (cam/*.ngc, cam/tools.tbl, cam/job.json);
    parts the machine cannot make are bad input (exit 2, naming the profile's field).
    """
    from plywright.atomic import check_folder_target
    from plywright.build import BuildError, collect_artifacts, select
    from plywright.build import build as run_build

    kinds = _only_kinds(only)
    machine = None
    if machine_file is not None or batch is not None:
        from plywright.cam.machine import load_machine

        machine = load_machine(Path(machine_file) if machine_file else None)
    registry, loaded = _load(variant)
    check_folder_target(Path(out) if out else Path("outputs") / loaded.name, "--out", beside=True)
    _static_gate(registry, loaded, force, "build", every_failure=True)
    extra: list[Artifact] = []
    summary = None
    if machine is not None:
        from plywright.cam.artifacts import cam_artifacts, cam_build

        cam = cam_build(loaded, machine, machine_file or "built-in machine profile", batch)
        extra, summary = cam_artifacts(cam), {"cam": cam.summary()}
    total = len(select(collect_artifacts(registry, loaded, extra), kinds))
    with _progress(total, "building", quiet) as advance:
        try:
            result = run_build(
                registry,
                loaded,
                Path(out) if out else None,
                kinds,
                on_artifact=lambda a: advance(1, a.path),
                extra=extra,
                summary=summary,
            )
        except BuildError as exc:
            _say(f"plywright: build failed, previous build kept: {exc}")
            sys.exit(1)
    if not quiet:
        click.echo(f"{len(result.manifest['artifacts'])} artifacts in {result.folder}")


@cli.group()
def machine() -> None:
    """Machine profiles: the workshop's CNC router, tools, sheets and prices."""


@machine.command("new")
def machine_new() -> None:
    """Print a complete, commented machine profile (the built-in one)."""
    from plywright.cam.machine import machine_template

    click.echo(machine_template(), nl=False)


def _static_gate(
    registry: Registry, variant: Variant, force: bool, command: str, *, every_failure: bool
) -> None:
    """Stop ``command`` (exit 1) when a static check finds ``variant`` unmakeable, unless
    ``force``: the failed checks' lines (every one, or only the errors that stop it), then one
    line naming the errors. ``build`` keeps the previous build."""
    from plywright.checks import static_gate

    gate = static_gate(registry, variant, force=force)
    shown = gate.failed if every_failure else gate.errors if gate.refused else ()
    for line in gate.lines(shown):
        _say(f"plywright: {line}")
    if gate.refused:
        kept = ", previous build kept" if command == "build" else ""
        click.echo(
            f"plywright: {command} refused{kept}: {len(gate.errors)} static check error(s) "
            f"({gate.names()}): fix the variant, or {command} anyway with --force",
            err=True,
        )
        sys.exit(1)


def _sweep_gate(
    registry: Registry, points: Sequence[tuple[dict[str, Value], Variant]], force: bool
) -> None:
    """Stop ``sweep`` (exit 1) when a static check finds a combination unmakeable, unless
    ``force``: one line naming the first refused combinations and their errors."""
    from plywright.sweep.gate import sweep_refusal

    refusal = sweep_refusal(registry, points, force)
    if refusal is not None:
        _say(
            f"plywright: sweep refused before any game: {refusal.what()} ({refusal.details()}); "
            "fix the variant or leave those values out, or sweep anyway with --force"
        )
        sys.exit(1)


def _only_kinds(only: str | None) -> list[str] | None:
    """``--only cad,print/rulebook``: the kinds or families, none of them empty."""
    if only is None:
        return None
    kinds = [item.strip() for item in only.split(",")]
    if not any(kinds) or not all(kinds):
        raise InputError(
            f"--only: {excerpt(only)} has an empty kind (give kinds or families separated by "
            "commas, e.g. cad,print/rulebook)"
        )
    return kinds


@cli.command()
@click.argument("variant", type=click.Path(dir_okay=False))
@click.option("--games", "-n", "count", type=click.IntRange(1, 10_000_000), help="Games to play.")
@click.option("--seed", "-s", type=int, default=0, show_default=True, help="Random seed.")
@click.option(
    "--jobs", "-j", type=click.IntRange(1, 512), help="Worker processes (default: cores)."
)
@click.option("--agent", "-a", help="Agent for every seat, or one per seat separated by commas.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write the report here.")
@click.option(
    "--records", type=click.Path(file_okay=False), help="Write one JSONL record per game."
)
@click.option(
    "--report",
    "report_path",
    type=click.Path(dir_okay=False),
    help="Write the report with plots here (.pdf or .html).",
)
@click.option("--scheduler", help="Run the games on this Dask scheduler (tcp://HOST:PORT).")
@click.option(
    "--engine",
    type=click.Choice(["python", "fast", "auto"]),
    default="auto",
    show_default=True,
    help="python: the reference engine; fast: a plugin's compiled simulator; auto: fast if any.",
)
@click.option(
    "--probes",
    type=click.Choice(["none", "quick", "full"]),
    help="Strong play after the check's games: skill ladder, strong self-play and exploit "
    "probes (default: [check] probes, quick). Both levels decide alike; full has larger "
    "budgets.",
)
@click.option(
    "--probe-games",
    type=click.IntRange(2, 100_000),
    help="The most games of one probe at quick (default: [check] probe_games; full: 4x).",
)
@click.option(
    "--budget",
    type=click.FloatRange(0, 10_000_000, min_open=True),
    help="Seconds the check may take (default: [check] budget, 0 = none); what cannot finish "
    "ends inconclusive.",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress output.")
@click.option(
    "--force", is_flag=True, help="Play even when a static check finds the variant unmakeable."
)
def check(
    variant: str,
    count: int | None,
    seed: int,
    jobs: int | None,
    agent: str | None,
    json_path: str | None,
    records: str | None,
    report_path: str | None,
    scheduler: str | None,
    engine: str,
    probes: str | None,
    probe_games: int | None,
    budget: float | None,
    quiet: bool,
    force: bool,
) -> None:
    """Static checks plus simulated games; exit 0 playable, 1 unplayable, 3 inconclusive (a
    probe or stage ended undecided: the report names it and the command that decides it).
    ``--games N`` bounds every stage; the plan is printed before the first game.

    A variant with static-check errors (a mat no printer takes, holes that overlap...) is
    refused before any game unless --force is given: it could not be made as it is.
    """
    from plywright import atomic
    from plywright.report.document import check_report_path
    from plywright.simulate.executors import check_scheduler
    from plywright.simulate.runner import planned_games, run_check
    from plywright.simulate.table import GameTable

    registry, loaded = _load(variant)
    # every output path is checked before the first game (a bad one is found in a second,
    # not after an hour of games)
    if json_path:
        atomic.check_file_target(Path(json_path), "--json")
    if records:
        atomic.check_folder_target(Path(records), "--records")
    if report_path:
        atomic.check_file_target(check_report_path(Path(report_path), "--report"), "--report")
    _static_gate(registry, loaded, force, "check", every_failure=False)
    if scheduler:
        check_scheduler(scheduler)
        if records:
            raise InputError("--records: not with --scheduler (records are written locally)")
    if probe_games is not None:
        loaded = replace(loaded, check=loaded.check.model_copy(update={"probe_games": probe_games}))
    if not quiet:
        from plywright.simulate.estimate import check_outline, outline_lines
        from plywright.simulate.games import default_jobs

        outline = check_outline(registry, loaded, count, agent, probes, jobs or default_jobs())
        for line in outline_lines(outline, budget if budget is not None else loaded.check.budget):
            click.echo(line, err=True)
    total = planned_games(registry, loaded, count, agent, probes)
    stats: list[GameTable] = []
    with _progress(total, "simulating", quiet) as advance:
        report = run_check(
            registry,
            loaded,
            games=count,
            seed=seed,
            jobs=jobs,
            agent=agent,
            records=Path(records) if records else None,
            progress=advance,
            scheduler=scheduler,
            profile=bool(report_path),
            stats_out=stats,
            engine=engine,
            probes=probes,
            budget=budget,
        )
    if json_path:
        atomic.write_text(Path(json_path), json.dumps(report, indent=2) + "\n")
    if report_path:
        from plywright.report.check import write_check_report

        write_check_report(Path(report_path), report, loaded, stats[0])
    _print_report(report, loaded)
    sys.exit(EXIT_STATUS[report["verdict"]])


EXIT_STATUS = {"playable": 0, "unplayable": 1, "inconclusive": 3}
"""``check``'s exit status by verdict (2 is bad input)."""


def _print_report(report: CheckReport, variant: Variant) -> None:
    console = _console()
    colour = {"playable": "green", "inconclusive": "yellow"}.get(report["verdict"], "red")
    console.print(
        f"[bold {colour}]{report['verdict']}[/]: {variant.name} ({variant.game}), "
        f"{report['games']} games, agents {', '.join(report['agents'])}, seed {report['seed']}, "
        f"engine {report['engine']}, {report['seconds']:.1f} s"
    )
    for reason in report["reasons"]:
        console.print(f"  - {reason}", markup=False)
    if report["verdict"] == "inconclusive":
        for item in report.get("undecided", []):
            console.print(f"  - undecided: {item}", markup=False)
        if report.get("decide"):
            console.print(f"  to decide: {report['decide']}", markup=False)
    checks = report["static_checks"]
    passed = sum(static["ok"] for static in checks)
    console.print(f"static checks: {passed} of {len(checks)} passed")
    for static in checks:
        if not static["ok"]:
            line = f"  [{static['severity']}] {static['name']}: {static['message']}"
            console.print(line, markup=False)
    from plywright.report.rows import confidence_label, metric_rows

    for note in report.get("notes", []):
        console.print(f"  note: {note}", markup=False)
    table = Table("metric", "value", confidence_label(report))
    for row in metric_rows(report["metrics"]):
        table.add_row(*row.cells)
    console.print(table)
    from plywright.report.rows import probe_rows, skill_rows, strong_rows

    if report["metrics"].get("skill"):
        ladder = Table("agent", "against", "games", "win rate", confidence_label(report), "beats")
        for rung in skill_rows(report):
            ladder.add_row(*rung.cells)
        console.print("skill ladder (one seat against the rung below, seats rotated)")
        console.print(ladder)
        strong = Table("metric", "value", confidence_label(report))
        for row in strong_rows(report):
            strong.add_row(*row.cells)
        console.print(f"strong self-play ({report['metrics']['strong']['agent']})")
        console.print(strong)
    if report.get("probes"):
        probes = Table("probe", "games", "result")
        for row in probe_rows(report):
            probes.add_row(*row.cells)
        console.print(probes)


@cli.command()
@click.argument("variant", type=click.Path(dir_okay=False))
@click.option(
    "--set",
    "specs",
    multiple=True,
    metavar="TABLE.FIELD=VALUES",
    help="A swept field: a list (2,3,4), a range (4..6) or a range with a step (22..28:2).",
)
@click.option(
    "--games", "-n", "count", type=click.IntRange(1, 10_000_000), help="Games per variant."
)
@click.option("--seed", "-s", type=int, default=0, show_default=True, help="Random seed.")
@click.option(
    "--jobs", "-j", type=click.IntRange(1, 512), help="Worker processes (default: cores)."
)
@click.option("--agent", "-a", help="Agent for every seat, or one per seat separated by commas.")
@click.option("--out", "-o", type=click.Path(file_okay=False), help="Output folder.")
@click.option(
    "--format",
    "report_format",
    type=click.Choice(["pdf", "html"]),
    default="pdf",
    show_default=True,
    help="Format of the report.",
)
@click.option("--scheduler", help="Run the games on this Dask scheduler (tcp://HOST:PORT).")
@click.option(
    "--engine",
    type=click.Choice(["python", "fast", "auto"]),
    default="auto",
    show_default=True,
    help="python: the reference engine; fast: a plugin's compiled simulator; auto: fast if any.",
)
@click.option(
    "--probes",
    type=click.Choice(["none", "quick", "full"]),
    default="none",
    show_default=True,
    help="Strong play of every variant too: skill ladder, strong self-play, exploit probes.",
)
@click.option(
    "--force", is_flag=True, help="Play even combinations a static check finds unmakeable."
)
@click.option("--quiet", "-q", is_flag=True, help="No progress output.")
def sweep(
    variant: str,
    specs: tuple[str, ...],
    count: int | None,
    seed: int,
    jobs: int | None,
    agent: str | None,
    out: str | None,
    report_format: str,
    scheduler: str | None,
    engine: str,
    probes: str,
    force: bool,
    quiet: bool,
) -> None:
    """Check every combination of swept values of VARIANT; write sweep.csv, sweep.json, a
    report and best.toml (the fairest playable variant). Exit 0 when one is playable.

    Combinations with static-check errors (a mat no printer takes, holes that overlap...)
    refuse the sweep before any game (exit 1) unless --force is given."""
    from plywright.atomic import check_folder_target
    from plywright.simulate.executors import check_scheduler, open_backend
    from plywright.simulate.games import default_jobs
    from plywright.simulate.strong.plan import check_level
    from plywright.sweep.grid import shown
    from plywright.sweep.outputs import write_outputs
    from plywright.sweep.run import run_sweep, sweep_games, sweep_of, sweep_variants
    from plywright.variant import read_variant_file

    registry = _registry()
    if scheduler:
        check_scheduler(scheduler)
    data = read_variant_file(Path(variant))
    named = {"source": variant, "default_name": Path(variant).stem}
    _, _, points = sweep_variants(registry, data, specs, **named)
    _sweep_gate(registry, points, force)  # before any plan (a fast lane compiles)
    prepared = sweep_of(registry, data, specs, **named, agent=agent, seed=seed, engine=engine)
    folder = Path(out) if out else Path("outputs") / f"{prepared.base.name}-sweep"
    check_folder_target(folder, "--out")
    games = count or prepared.base.check.games
    level = check_level(probes, prepared.base.check)
    total = sweep_games(registry, prepared, games, level)
    with open_backend(jobs or default_jobs(), scheduler) as backend:
        label = f"{len(prepared.points)} variants"
        with _progress(total, label, quiet) as advance:
            result = run_sweep(prepared, games, backend, advance, registry=registry, probes=level)
    write_outputs(result, folder, registry, report_format)
    playable = sum(report["verdict"] == "playable" for report in result.reports)
    click.echo(f"{playable} of {len(result.reports)} variants playable; results in {folder}")
    if result.best is not None:
        best = prepared.points[result.best]
        settings = ", ".join(f"{key}={shown(value)}" for key, value in best.parameters.items())
        click.echo(f"fairest playable: {best.variant.name} ({settings}) -> {folder / 'best.toml'}")
    sys.exit(0 if result.best is not None else 1)


@cli.command()
@click.argument("variant", type=click.Path(dir_okay=False))
@click.option("--depth", "-d", type=click.IntRange(1, 12), required=True, help="Plies to count.")
def perft(variant: str, depth: int) -> None:
    """Count legal-move tree leaves per depth: DEPTH<TAB>COUNT<TAB>SECONDS."""
    from plywright.simulate.perft import perft_lines

    _, loaded = _load(variant)
    for d, count, seconds in perft_lines(loaded.engine(), depth):
        click.echo(f"{d}\t{count}\t{seconds:.3f}")


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
def serve(host: str, port: int) -> None:
    """The variant designer in the browser (localhost by default)."""
    from plywright.web.serve import serve as run_server

    run_server(host, port)


IMPORT_RETRY = 0.05
"""Seconds after which a signal that arrived during an import is delivered again."""


def _importing(frame: FrameType | None) -> bool:
    """True when ``frame`` runs inside an import (Python's import machinery is on the stack)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib._bootstrap"):
            return True
        frame = frame.f_back
    return False


class _Interrupt(SystemExit):
    """Raised in the main thread on SIGINT or SIGTERM; exit status 128 + the signal."""


class _Interrupts:
    """Turns SIGINT and SIGTERM into :class:`_Interrupt` and remembers the first one.

    Long work stops on it and cleans up (the check runner ends its workers, a build removes its
    temporary folder); repeats within a second (a double Ctrl-C) do not disturb that cleanup.
    Signals the parent set to be ignored (``nohup``, background jobs) stay ignored.
    """

    REPEAT = 1.0

    def __init__(self) -> None:
        self.signum: int | None = None
        self.last = 0.0

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if _importing(frame):
            # An exception raised inside a module's import can leave a C extension (OCP,
            # CadQuery's kernel) half set up and crash the interpreter: deliver the signal
            # again shortly, once the import has finished.
            threading.Timer(IMPORT_RETRY, os.kill, (os.getpid(), signum)).start()
            return
        now = time.monotonic()
        repeat = self.signum is not None and now - self.last < self.REPEAT
        self.signum = self.signum or signum
        self.last = now
        if not repeat:
            raise _Interrupt(128 + signum)

    @contextmanager
    def installed(self) -> Iterator[_Interrupts]:
        previous = {}
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                if signal.getsignal(sig) != signal.SIG_IGN:
                    previous[sig] = signal.signal(sig, self)
            except ValueError:  # not the main thread: Python delivers no signals here
                pass
        try:
            yield self
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)


def _interrupted(exc: BaseException, args: Sequence[str]) -> str:
    """The one line said when the command was interrupted, whatever became of the interrupt."""
    from plywright.build import InterruptedAfterSwap
    from plywright.errors import Interrupted

    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        seen.add(id(cause))
        if isinstance(cause, Interrupted):
            return str(cause)
        if isinstance(cause, InterruptedAfterSwap):
            return "interrupted as the build finished; the new build is complete"
        cause = cause.__cause__ or cause.__context__
    command = next((arg for arg in args if arg in cli.commands), None)
    return "interrupted; previous build kept" if command == "build" else "interrupted"


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI, turning bad input into exit status 2 and one line, and an
    interrupt (SIGINT, SIGTERM) into exit status 130 or 143 and one line."""
    args = sys.argv[1:] if argv is None else list(argv)
    interrupts = _Interrupts()
    with interrupts.installed():
        try:
            _run(args)
        except BaseException as exc:
            if interrupts.signum is None:
                raise
            click.echo(f"plywright: {_interrupted(exc, args)}", err=True)
            sys.exit(128 + interrupts.signum)


MAX_LINE = 2000
"""Longest error line, in bytes of UTF-8 with its prefix and newline: a message that echoes an
option's value (click quotes it whole) has the value cut, not the reason, so a 5 MB argument
does not come back as a 5 MB line."""


def _say(line: str) -> None:
    """Write one error line to stderr, within :data:`MAX_LINE` (:func:`plywright.errors.fit`)."""
    click.echo(fit(line, MAX_LINE - 1), err=True)


def _run(argv: list[str]) -> None:
    try:
        cli.main(args=argv, prog_name="plywright", standalone_mode=False)
    except InputError as exc:
        _say(f"plywright: error: {exc}")
        sys.exit(EXIT_BAD_INPUT)
    except BackendLost as exc:
        _say(f"plywright: error: {exc}")
        # end now: the lost cluster's client threads would log it again, with tracebacks, as
        # the interpreter shuts down (nothing of this run is left to write)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(1)
    except click.UsageError as exc:
        if type(exc).__name__.startswith("NoArgsIsHelp"):  # bare ``plywright``: show the help
            click.echo(exc.format_message(), err=True)
            sys.exit(EXIT_BAD_INPUT)
        command = exc.ctx.command_path if exc.ctx else "plywright"
        _say(f"{command}: error: {exc.format_message()}")
        sys.exit(EXIT_BAD_INPUT)
    except click.Abort:
        click.echo("plywright: aborted", err=True)
        sys.exit(130)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        _say(f"plywright: error: {exc.format_message()}")
        sys.exit(EXIT_BAD_INPUT)
    except BrokenPipeError:
        sys.exit(0)
    except OSError as exc:  # disk full, permissions: one line, not a traceback
        where = f"{exc.filename}: " if exc.filename else ""
        _say(f"plywright: error: {where}{exc.strerror or exc}")
        sys.exit(1)
