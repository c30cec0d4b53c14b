"""The sweep report: the fairest playable variant, a plot per swept parameter (balance and
completion against the value, with intervals), a heat map for a two-parameter grid, and a
table of every variant."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from plywright.report.check import parameter_rows
from plywright.report.document import Block, Bullets, Heading, Plot, Report, TableBlock, Text
from plywright.report.rows import with_interval
from plywright.simulate.report_types import CoreMetrics
from plywright.sweep.grid import shown
from plywright.sweep.run import fairness

if TYPE_CHECKING:
    from plywright.report.plots import Series
    from plywright.sweep.run import SweepResult

GAME_PREFIX = "game."
"""Metrics of this prefix are the game's own (``metrics["game"]``)."""
MAX_PANELS = 4
"""The game's own metrics plotted against each swept parameter, at most."""
MAX_SERIES = 6
"""More combinations of the other parameters than this: plot the slice through the best."""


def _short(name: str) -> str:
    return name.partition(".")[2]


def _value(value: Any) -> str:
    return shown(value)


def _plotted(value: Any) -> Any:
    """A swept value on a plot's axis: lists as their text (a category)."""
    return shown(value) if isinstance(value, tuple) else value


OPENER_BALANCE = "opener balance"
"""The opening side's balance (``metrics.opener``), for games that draw who starts."""


def metric_value(metrics: CoreMetrics, metric: str) -> float:
    """A metric of a check report by its plot name: a core key, ``game.<key>`` or
    :data:`OPENER_BALANCE`."""
    if metric == OPENER_BALANCE:
        return float(metrics["opener"]["balance"])
    if metric.startswith(GAME_PREFIX):
        return float(metrics["game"].get(metric.removeprefix(GAME_PREFIX), 0.0))
    value = _named(metrics)[metric]
    assert isinstance(value, int | float), metric
    return float(value)


def metric_interval(metrics: CoreMetrics, metric: str) -> tuple[float, float] | None:
    """The interval of :func:`metric_value` (``None`` for a report without one)."""
    pair: object
    if metric == OPENER_BALANCE:
        pair = metrics["opener"].get("balance_interval")
    elif metric.startswith(GAME_PREFIX):
        pair = metrics["intervals"].get("game", {}).get(metric.removeprefix(GAME_PREFIX))
    else:
        pair = _named(metrics["intervals"]).get(metric)
    return (pair[0], pair[1]) if isinstance(pair, list) and pair else None


def _named(table: Mapping[str, object]) -> Mapping[str, object]:
    """A report's table looked up by a name chosen at run time (a swept metric)."""
    return table


def axis_series(result: SweepResult, axis: int, metric: str) -> list[Series]:
    """The lines of ``metric`` against axis ``axis``: one per combination of the other
    parameters (or only the one through the best variant when there are too many)."""
    from plywright.report.plots import Series

    sweep = result.sweep
    name = sweep.axes[axis].name
    others = [a.name for i, a in enumerate(sweep.axes) if i != axis]
    groups: dict[tuple[Any, ...], list[int]] = {}
    for number, point in enumerate(sweep.points):
        key = tuple(point.parameters[o] for o in others)
        groups.setdefault(key, []).append(number)
    if len(groups) > MAX_SERIES:
        anchor = sweep.points[result.best if result.best is not None else 0]
        keep = tuple(anchor.parameters[o] for o in others)
        groups = {keep: groups[keep]}
    series = []
    for key, numbers in groups.items():
        label = ", ".join(f"{_short(o)}={_value(v)}" for o, v in zip(others, key, strict=True))
        reports = [result.reports[n]["metrics"] for n in numbers]
        estimates = tuple(metric_value(m, metric) for m in reports)
        bounds = [metric_interval(m, metric) for m in reports]
        series.append(
            Series(
                label or metric,
                tuple(_plotted(sweep.points[n].parameters[name]) for n in numbers),
                estimates,
                tuple(
                    (b[0], b[1]) if b else (e, e) for e, b in zip(estimates, bounds, strict=True)
                ),
                tuple(result.reports[n]["verdict"] == "playable" for n in numbers),
            )
        )
    return series


def _axis_plot(name: str, panels: list[tuple[str, list[Series]]]) -> Plot:
    from plywright.report import plots

    return Plot(
        lambda: plots.metrics_against_value(name, panels),
        "Error bars: balance, the range the seats' intervals allow; opener balance (games "
        "that draw who starts), the range the opening side's interval allows; completion, its "
        "Wilson interval.",
    )


def game_metric_names(result: SweepResult) -> list[str]:
    """The game's headline metrics (``GameDefinition.report_metrics``) that this sweep's
    reports hold, as ``game.<key>``."""
    definition = result.sweep.points[0].variant.definition
    held = set.intersection(*(set(r["metrics"].get("game", {})) for r in result.reports))
    return [GAME_PREFIX + k for k in definition.report_metrics if k in held][:MAX_PANELS]


def _game_plot(name: str, panels: list[tuple[str, list[Series]]]) -> Plot:
    from plywright.report import plots

    return Plot(
        lambda: plots.metrics_against_value(name, panels, rates=False),
        "The game's own metrics: means over the games of each variant; error bars: the "
        "Wilson interval of a rate, the normal interval of any other mean.",
    )


def _heat_map_plot(result: SweepResult) -> Plot:
    from plywright.report import plots

    sweep = result.sweep
    rows, columns = sweep.axes
    table: dict[tuple[Any, Any], int] = {
        (p.parameters[rows.name], p.parameters[columns.name]): n for n, p in enumerate(sweep.points)
    }
    values = [
        [fairness(result.reports[table[r, c]]["metrics"])[0] for c in columns.values]
        for r in rows.values
    ]
    openers = any("opener" in r["metrics"] for r in result.reports)
    playable = [
        [result.reports[table[r, c]]["verdict"] == "playable" for c in columns.values]
        for r in rows.values
    ]
    caption = "Balance (1 - spread of the seat win rates) of every variant of the grid."
    if openers:
        caption = (
            "Balance of every variant of the grid: the lower of the seats' balance and the "
            "opening side's against the other's."
        )
    return Plot(
        lambda: plots.heat_map(
            (rows.name, [shown(v) for v in rows.values]),
            (columns.name, [shown(v) for v in columns.values]),
            values,
            playable,
            "balance",
        ),
        caption,
    )


def _interval_text(metrics: CoreMetrics, key: Literal["balance", "completion"]) -> str:
    return with_interval(metrics[key], metrics["intervals"][key])


def sweep_report_document(result: SweepResult) -> Report:
    """The document of a sweep report."""

    sweep = result.sweep
    reports = result.reports
    playable = sum(r["verdict"] == "playable" for r in reports)
    blocks: list[Block] = [Heading("Result")]
    blocks.append(Text(f"{playable} of {len(reports)} variants are playable."))
    if result.best is not None:
        best = sweep.points[result.best]
        metrics = reports[result.best]["metrics"]
        settings = ", ".join(f"{k} = {_value(v)}" for k, v in best.parameters.items())
        opener = metrics.get("opener")
        opening = (
            f", opener balance {opener['balance']:.3f} ({opener['metric']} "
            f"{opener['share']:.3f}), opener fairness p = {opener['p_value']:.3g}"
            if opener
            else ""
        )
        blocks.append(
            Text(
                f"Fairest playable variant: {best.variant.name} ({settings}): balance "
                f"{_interval_text(metrics, 'balance')}, seat fairness p = "
                f"{metrics['seat_fairness']['p_value']:.3g}{opening}; written to best.toml.",
                "good",
            )
        )
    else:
        blocks.append(Text("No variant of this sweep is playable: no best.toml.", "bad"))
    for number, axis in enumerate(sweep.axes):
        core = ["balance", "completion"]
        if all("opener" in r["metrics"] for r in reports):
            core.insert(1, OPENER_BALANCE)
        panels = [(m, axis_series(result, number, m)) for m in core]
        blocks += [Heading(axis.name, 2), _axis_plot(axis.name, panels)]
        own = [(m, axis_series(result, number, m)) for m in game_metric_names(result)]
        if own:
            blocks.append(_game_plot(axis.name, own))
    if len(sweep.axes) == 2:
        blocks += [Heading("Grid", 2), _heat_map_plot(result)]
    names = [axis.name for axis in sweep.axes]
    blocks += [
        Heading("Variants"),
        TableBlock(
            ("variant", *map(_short, names), "verdict", "balance", "completion", "fairness p"),
            tuple(
                (
                    point.variant.name,
                    *(_value(point.parameters[n]) for n in names),
                    report["verdict"],
                    _interval_text(report["metrics"], "balance"),
                    _interval_text(report["metrics"], "completion"),
                    f"{report['metrics']['seat_fairness']['p_value']:.3g}",
                )
                for point, report in zip(sweep.points, reports, strict=True)
            ),
            (4, *(1.7,) * len(names), 2, 3, 3, 1.7),
        ),
    ]
    failing = [
        f"{point.variant.name}: {'; '.join(report['reasons'])}"
        for point, report in zip(sweep.points, reports, strict=True)
        if report["reasons"]
    ]
    if failing:
        blocks += [Heading("Why variants are unplayable", 2), Bullets(tuple(failing))]
    blocks += [
        Heading("Base variant"),
        TableBlock(("parameter", "value"), parameter_rows(sweep.base), (1, 1)),
    ]
    agents = ", ".join(reports[0]["agents"]) if reports else "-"
    subtitle = (
        f"{sweep.base.game}, {len(reports)} variants × {result.games} games, agents {agents}, "
        f"seed {sweep.seed}"
    )
    return Report(f"Sweep of {sweep.base.name}", subtitle, tuple(blocks), sweep.base.print.paper)
