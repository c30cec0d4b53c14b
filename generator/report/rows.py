"""A check report as rows of text: one formatting of its numbers, shared by the terminal, the
PDF/HTML reports and the designer (which places these strings as they are).

A :class:`Row` holds its cells and a :data:`Status`: ``fail`` for a number that crosses its
``[check]`` threshold (a reason of the verdict), ``warning`` for one the verdict notes, ``ok``
for one judged and within its threshold, ``""`` for a number nothing judges.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypedDict

from plywright.simulate.report_types import (
    CheckReport,
    CoreMetrics,
    Interval,
    Probe,
    SeatFairness,
    SkillRung,
)

if TYPE_CHECKING:
    from plywright.api import CheckOptions

Status = Literal["ok", "warning", "fail", ""]
VERDICT_STATUS: dict[str, Status] = {
    "playable": "ok",
    "inconclusive": "warning",
    "unplayable": "fail",
}
"""The status of a verdict's row (a sweep's)."""

WITH_INTERVAL = ("completion", "drawishness", "timeouts", "stalemates", "balance", "duration_mean")
"""Metrics shown with an interval (``metrics["intervals"]``)."""
SHARES = ("completion", "balance", "drawishness", "timeouts", "stalemates", "decision_moves")
"""Metrics that are shares of 0 to 1 (the designer draws them as bars)."""
NOT_ROWS = (
    *("intervals", "seat_fairness", "game", "seat_win_rates", "opener", "skill", "strong"),
    *("agent", "games"),
)
"""Metrics that are not one number (shown by their own rows or tables)."""


class RowJSON(TypedDict):
    cells: list[str]
    status: Status
    bar: float | None


class TableJSON(TypedDict):
    title: str
    header: list[str]
    rows: list[RowJSON]
    highlight: int | None


@dataclass(frozen=True)
class Row:
    """One row: its cells (for a metric: name, value, interval), its status and, for a share,
    the bar the designer draws (percent)."""

    cells: tuple[str, ...]
    status: Status = ""
    bar: float | None = None

    def as_json(self) -> RowJSON:
        return {"cells": list(self.cells), "status": self.status, "bar": self.bar}


@dataclass(frozen=True)
class Table:
    """A titled table of rows; ``highlight``: the row to stand out (a sweep's fairest)."""

    title: str
    header: tuple[str, ...]
    rows: tuple[Row, ...]
    highlight: int | None = None

    def as_json(self) -> TableJSON:
        return {
            "title": self.title,
            "header": list(self.header),
            "rows": [row.as_json() for row in self.rows],
            "highlight": self.highlight,
        }


def cells(rows: Iterable[Row]) -> tuple[tuple[str, ...], ...]:
    """The rows' cells (a table of text)."""
    return tuple(row.cells for row in rows)


def number(value: float) -> str:
    """A metric's value: three decimals."""
    return f"{value:.3f}"


def interval(pair: Sequence[float] | None) -> str:
    """``0.120 – 0.480`` (``""`` without an interval)."""
    return f"{pair[0]:.3f} – {pair[1]:.3f}" if pair else ""


def with_interval(value: float, pair: Sequence[float]) -> str:
    """``0.875 (0.61–0.97)``: a value and its interval in one cell (the sweep's tables)."""
    return f"{value:.3f} ({pair[0]:.2f}–{pair[1]:.2f})"


def _bar(value: float) -> float:
    return round(max(0.0, min(1.0, value)) * 100, 1)


def statuses(metrics: CoreMetrics, limits: CheckOptions | None) -> dict[str, Status]:
    """The status of each judged metric (none without ``limits``)."""
    if limits is None:
        return {}
    from plywright.simulate.verdict import metric_statuses

    return dict(metric_statuses(metrics, limits))


def metric_rows(metrics: CoreMetrics, limits: CheckOptions | None = None) -> list[Row]:
    """``(metric, value, interval)`` rows: the Ludii-named metrics, each seat, the fairness
    test, the opening side's share and balance (when the start is drawn) and the engine's own
    metrics (``game.*``); statuses against ``limits`` (the variant's ``[check]``)."""
    judged = statuses(metrics, limits)
    intervals: Mapping[str, object] = metrics["intervals"]
    rows: list[Row] = []
    for key, value in metrics.items():
        if key in NOT_ROWS or not isinstance(value, int | float):
            continue
        pair = intervals.get(key) if key in WITH_INTERVAL else None
        rows.append(
            Row(
                (key, number(value), interval(pair if isinstance(pair, list) else None)),
                judged.get(key, ""),
                _bar(value) if key in SHARES else None,
            )
        )
    seats = metrics["intervals"]["seat_win_rates"]
    for seat, rate in enumerate(metrics["seat_win_rates"]):
        pair = seats[seat] if seat < len(seats) else None
        rows.append(
            Row((f"seat {seat + 1} win rate", number(rate), interval(pair)), "", _bar(rate))
        )
    fairness = metrics.get("seat_fairness")
    if fairness:
        rows.append(
            Row(
                (
                    "seat fairness p-value",
                    f"{fairness['p_value']:.3g}",
                    f"chi-square {fairness['statistic']:.2f}, {fairness['dof']} dof",
                )
            )
        )
    opener = metrics.get("opener")
    if opener:
        rows.append(
            Row(
                (f"opener win share ({opener['metric']})", number(opener["share"]),
                 interval(opener["interval"])),
                "",
                _bar(opener["share"]),
            )
        )  # fmt: skip
        rows.append(
            Row(
                ("opener balance", number(opener["balance"]),
                 f"fairness p = {opener['p_value']:.3g}"),
                judged.get("opener balance", ""),
                _bar(opener["balance"]),
            )
        )  # fmt: skip
    own: Mapping[str, Interval] = metrics["intervals"].get("game", {})
    for key, value in metrics.get("game", {}).items():
        rows.append(Row((f"game.{key}", number(value), interval(own.get(key)))))
    return rows


def fairness_text(fairness: SeatFairness) -> str:
    """``p = 0.412 (chi-square 0.67, 1 dof)``."""
    return (
        f"p = {fairness['p_value']:.3g} (chi-square {fairness['statistic']:.2f}, "
        f"{fairness['dof']} dof)"
    )


def confidence_label(report: CheckReport) -> str:
    """``95 % interval``."""
    return f"{report.get('confidence', 0.95) * 100:g} % interval"


def skill_rows(report: CheckReport) -> list[Row]:
    """``(agent, against, games, win rate, interval, beats)`` of every ladder rung; a rung
    that does not beat the one below is a warning."""
    return [
        Row(
            (
                rung["agent"],
                rung["against"],
                str(rung["games"]),
                number(rung["win_rate"]),
                interval((rung["low"], rung["high"])),
                _beats(rung),
            ),
            "ok" if rung["beats"] else "warning",
            _bar(rung["win_rate"]),
        )
        for rung in report["metrics"].get("skill", [])
    ]


def _beats(rung: SkillRung) -> str:
    """``yes``, ``no`` or ``undecided``, with the sequential test's log likelihood ratio."""
    word = "yes" if rung["beats"] else "no" if rung.get("decided", True) else "undecided"
    return f"{word} (log LR {rung['llr']:.2f})" if "llr" in rung else word


def strong_rows(report: CheckReport, limits: CheckOptions | None = None) -> list[Row]:
    """The strong self-play's metrics as :func:`metric_rows` shows the check's own."""
    strong = report["metrics"].get("strong")
    if not strong:
        return []
    return [Row(("games", str(strong["games"]), "")), *metric_rows(strong, limits)]


def probe_status(probe: Probe) -> Status:
    """``fail`` for an exploit, ``warning`` for kingmaking, a favoured seat or a probe left
    undecided, else ``ok``."""
    if probe["exploit"]:
        return "fail"
    if probe["decision"] == "undecided":
        return "warning"
    if probe["probe"] == "spoiler":
        return "warning" if probe["kingmaking"] else "ok"
    if probe["probe"] == "restricted":
        return "warning" if probe["finding"] else "ok"
    return "warning" if probe["favoured"] else "ok"


def probe_rows(report: CheckReport) -> list[Row]:
    """``(probe, games, result)`` of every probe; an exploit's result starts with "exploit",
    an undecided one's with "undecided"."""
    from plywright.simulate.verdict import probe_name

    return [
        Row((probe_name(probe), str(probe["games"]), probe["reason"]), probe_status(probe))
        for probe in report.get("probes", [])
    ]


def check_tables(report: CheckReport, limits: CheckOptions | None = None) -> list[Table]:
    """Every table of a check report: the metrics, then the strong play (skill ladder,
    strong self-play, probes) when the check played it."""
    label = confidence_label(report)
    tables = [
        Table("Metrics", ("metric", "value", label), tuple(metric_rows(report["metrics"], limits)))
    ]
    strong = report["metrics"].get("strong")
    if not strong:
        return tables
    tables += [
        Table(
            "Skill ladder (one seat against the agent below, seats rotated)",
            ("agent", "against", "games", "win rate", label, "beats"),
            tuple(skill_rows(report)),
        ),
        Table(
            f"Strong self-play ({strong['agent']} in every seat)",
            ("metric", "value", label),
            tuple(strong_rows(report, limits)),
        ),
    ]
    if report.get("probes"):
        tables.append(
            Table("Exploit probes", ("probe", "games", "result"), tuple(probe_rows(report)))
        )
    return tables


def check_summary(report: CheckReport) -> str:
    """`` — 12 games, players a, b, seed 3, 1.2 s``: what follows the verdict; an
    inconclusive check adds what is undecided and the command that decides it."""
    seconds = f", {report['seconds']:.1f} s" if "seconds" in report else ""
    text = (
        f" — {report['games']} games, players {', '.join(report['agents'])}, "
        f"seed {report['seed']}{seconds}"
    )
    return text + undecided_text(report)


def undecided_text(report: CheckReport) -> str:
    """``; undecided: …; to decide: plywright check …`` (``""`` unless inconclusive)."""
    if report["verdict"] != "inconclusive":
        return ""
    text = f"; undecided: {'; '.join(report.get('undecided', []))}"
    if report.get("decide"):
        text += f"; to decide: {report['decide']}"
    return text


def sweep_summary(reports: Sequence[CheckReport], games: int, seed: int) -> str:
    """``3 of 4 variants playable, 6 games each, seed 0``."""
    playable = sum(report["verdict"] == "playable" for report in reports)
    return f"{playable} of {len(reports)} variants playable, {games} games each, seed {seed}"


def sweep_table(
    axes: Sequence[str],
    parameters: Sequence[Mapping[str, str]],
    reports: Sequence[CheckReport],
    best: int | None,
) -> Table:
    """One row per variant of a sweep: its swept values (as text), verdict (``ok`` or
    ``fail``), balance (the opener's too, for games that draw who starts) and completion,
    each with its interval as the sweep report shows them; the fairest highlighted."""
    opener = any("opener" in report["metrics"] for report in reports)
    header = (*axes, "verdict", "balance", *(("opener balance",) if opener else ()), "completion")
    rows = []
    for values, report in zip(parameters, reports, strict=True):
        metrics = report["metrics"]
        cells = [*(values[axis] for axis in axes), report["verdict"]]
        cells.append(with_interval(metrics["balance"], metrics["intervals"]["balance"]))
        if opener:
            side = metrics.get("opener")
            cells.append(with_interval(side["balance"], side["balance_interval"]) if side else "")
        cells.append(with_interval(metrics["completion"], metrics["intervals"]["completion"]))
        status: Status = VERDICT_STATUS[report["verdict"]]
        rows.append(Row(tuple(cells), status, _bar(metrics["balance"])))
    return Table("Variants", header, tuple(rows), best)
