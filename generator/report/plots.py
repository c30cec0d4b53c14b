"""The plots of the check and sweep reports (matplotlib, object API: no pyplot state).

Every function returns a :class:`matplotlib.figure.Figure`; :func:`png_bytes` and
:func:`svg_text` turn one into deterministic bytes (no dates, fixed SVG ids).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

import matplotlib

matplotlib.use("Agg")

from matplotlib import rc_context
from matplotlib.figure import Figure

INK = "#222222"
ACCENT = "#7a4a1e"
LIGHT = "#d9b98f"
BAD = "#b03a2e"
GOOD = "#2e7d32"

STYLE: dict[str, Any] = {
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.edgecolor": "#888888",
    "axes.labelcolor": INK,
    "axes.titlesize": 10,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "xtick.color": INK,
    "ytick.color": INK,
    "svg.hashsalt": "plywright",
    "svg.fonttype": "none",
    "pdf.fonttype": 42,
}


def _style() -> Any:
    """The report style as a temporary matplotlib rc context."""
    return rc_context(cast(Any, STYLE))


WIDTH_IN = 6.3
"""Width of a plot in inches (fits the text column of an A4 or Letter page)."""


def _figure(height: float = 2.8) -> Figure:
    with _style():
        return Figure(figsize=(WIDTH_IN, height), layout="constrained")


def png_bytes(figure: Figure, dpi: int = 160) -> bytes:
    """The figure as PNG (no software or date metadata)."""
    out = io.BytesIO()
    with _style():
        figure.savefig(out, format="png", dpi=dpi, metadata={"Software": None})
    return out.getvalue()


def svg_text(figure: Figure) -> str:
    """The figure as an inline ``<svg>`` element (no XML prolog, no date, fixed ids)."""
    out = io.StringIO()
    with _style():
        figure.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
    text = out.getvalue()
    return text[text.index("<svg") :]


def _with_style(build: Any) -> Any:
    """Run a plot builder inside the report style (rc values are read when artists are made)."""

    def wrapped(*args: Any, **kwargs: Any) -> Figure:
        with _style():
            figure: Figure = build(*args, **kwargs)
        return figure

    wrapped.__doc__ = build.__doc__
    wrapped.__name__ = build.__name__
    return wrapped


@_with_style
def seat_win_rates(
    rates: Sequence[float],
    intervals: Sequence[Sequence[float]],
    fair: float | None,
    level: str = "95 %",
) -> Figure:
    """Bars of the seats' win rates with their confidence intervals; ``fair``: the rate every
    seat would have with equal seats (dashed line)."""
    figure = _figure(2.6)
    axes = figure.add_subplot()
    seats = [f"seat {i + 1}" for i in range(len(rates))]
    low = [max(0.0, r - i[0]) for r, i in zip(rates, intervals, strict=True)]
    high = [max(0.0, i[1] - r) for r, i in zip(rates, intervals, strict=True)]
    axes.bar(seats, rates, color=LIGHT, edgecolor=ACCENT, width=0.6)
    axes.errorbar(seats, rates, yerr=[low, high], fmt="none", ecolor=INK, capsize=5, lw=1.2)
    if fair is not None:
        axes.axhline(fair, color=ACCENT, ls="--", lw=1, label=f"equal seats ({fair:.3f})")
        axes.legend(loc="upper right", frameon=False)
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate")
    axes.set_title(f"Seat win rates with {level} intervals")
    return figure


@_with_style
def skill_ladder(rungs: Sequence[dict[str, float | str]], level: str = "95 %") -> Figure:
    """The skill ladder: each rung's win rate against the rung below with its interval, the
    equal share dashed (``metrics.skill`` entries)."""
    figure = _figure(2.6)
    axes = figure.add_subplot()
    labels = [f"{rung['agent']}\nvs {rung['against']}" for rung in rungs]
    rates = [float(rung["win_rate"]) for rung in rungs]
    low = [max(0.0, r - float(rung["low"])) for r, rung in zip(rates, rungs, strict=True)]
    high = [max(0.0, float(rung["high"]) - r) for r, rung in zip(rates, rungs, strict=True)]
    axes.plot(labels, rates, color=ACCENT, marker="o", lw=1.2)
    axes.errorbar(labels, rates, yerr=[low, high], fmt="none", ecolor=INK, capsize=5, lw=1.2)
    if rungs:
        share = float(rungs[0]["share"])
        axes.axhline(share, color=ACCENT, ls="--", lw=1, label=f"equal share ({share:.2f})")
        axes.legend(loc="lower right", frameon=False)
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate")
    axes.set_title(f"Skill ladder: each rung against the one below, {level} intervals")
    return figure


@_with_style
def game_lengths(lengths: Sequence[int]) -> Figure:
    """Histogram of game lengths (player moves)."""
    figure = _figure(2.4)
    axes = figure.add_subplot()
    if lengths:
        low, high = min(lengths), max(lengths)
        width = max(1, -(-(high - low + 1) // 30))  # whole moves per bin, at most 30 bins
        edges = [low - 0.5 + width * i for i in range((high - low) // width + 2)]
        axes.hist(lengths, bins=edges, color=LIGHT, ec=ACCENT)
    axes.set_xlabel("moves per game")
    axes.set_ylabel("games")
    axes.set_title("Game lengths")
    return figure


@_with_style
def branching_profile(xs: Sequence[int], means: Sequence[float]) -> Figure:
    """Mean number of legal actions at each move number (``BranchingProfile.means``)."""
    figure = _figure(2.4)
    axes = figure.add_subplot()
    axes.plot(xs, means, color=ACCENT, lw=1.4)
    axes.set_xlabel("move number")
    axes.set_ylabel("legal actions (mean)")
    axes.set_title("Branching factor over a game")
    axes.set_ylim(bottom=0)
    return figure


@dataclass(frozen=True)
class Series:
    """One line of a sweep plot: a metric at each value of the swept parameter."""

    label: str
    values: tuple[Any, ...]
    estimates: tuple[float, ...]
    intervals: tuple[tuple[float, float], ...]
    playable: tuple[bool, ...]


@_with_style
def metrics_against_value(
    parameter: str, panels: Sequence[tuple[str, Sequence[Series]]], *, rates: bool = True
) -> Figure:
    """One panel per ``(metric, series)``: the metric against the values of ``parameter``
    with error bars; unplayable variants drawn hollow. ``rates``: every metric lies in 0-1
    (else each panel scales to its values)."""
    figure = _figure(2.7)
    axes_row = figure.subplots(1, len(panels), squeeze=False)[0]
    for axes, (metric, series) in zip(axes_row, panels, strict=True):
        values = [v for line in series for v in line.values]
        numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
        labels = list(dict.fromkeys(str(v) for v in values))
        span = (max(values) - min(values) if numeric and values else len(labels)) or 1.0
        for number, line in enumerate(series):
            xs = [float(v) if numeric else float(labels.index(str(v))) for v in line.values]
            shift = (number - (len(series) - 1) / 2) * span * 0.015  # keep error bars apart
            xs = [x + shift for x in xs]
            low = [max(0.0, e - i[0]) for e, i in zip(line.estimates, line.intervals, strict=True)]
            high = [max(0.0, i[1] - e) for e, i in zip(line.estimates, line.intervals, strict=True)]
            drawn = axes.errorbar(xs, line.estimates, yerr=[low, high], capsize=3, lw=1.1)
            colour = drawn[0].get_color()
            drawn[0].set_label(line.label)
            for x, y, ok in zip(xs, line.estimates, line.playable, strict=True):
                axes.plot([x], [y], "o", ms=4.5, color=colour, mfc=colour if ok else "white")
        if not numeric:
            crowded = len(panels) > 2 and len(labels) > 2
            axes.set_xticks(range(len(labels)), labels, rotation=30 if crowded else 0)
        elif len(set(values)) <= 12:  # ticks at the swept values (no 2.2 players)
            ticks = sorted(set(values))
            axes.set_xticks(ticks, [f"{v:g}" for v in ticks])
        axes.set_xlabel(parameter)
        axes.set_ylabel(metric)
        if rates:
            axes.set_ylim(-0.03, 1.03)
    if len(series) > 1:  # below the panels: inside one it hides points
        handles, labels = axes_row[-1].get_legend_handles_labels()
        figure.legend(
            handles, labels, loc="outside lower center", ncol=min(len(labels), 4),
            frameon=False, fontsize=6.5,
        )  # fmt: skip
    figure.suptitle(f"against {parameter} (hollow: unplayable)", fontsize=10)
    return figure


@_with_style
def heat_map(
    rows: tuple[str, Sequence[Any]],
    columns: tuple[str, Sequence[Any]],
    values: Sequence[Sequence[float]],
    playable: Sequence[Sequence[bool]],
    metric: str,
) -> Figure:
    """``metric`` over a two-parameter grid; each cell shows its value, ``×`` when the
    variant is unplayable."""
    figure = _figure(0.9 + 0.42 * len(rows[1]))
    axes = figure.add_subplot()
    image = axes.imshow(values, cmap="YlOrBr_r", vmin=0, vmax=1, aspect="auto")
    axes.set_xticks(range(len(columns[1])), [str(v) for v in columns[1]])
    axes.set_yticks(range(len(rows[1])), [str(v) for v in rows[1]])
    axes.set_xlabel(columns[0])
    axes.set_ylabel(rows[0])
    for r, line in enumerate(values):
        for c, value in enumerate(line):
            mark = "" if playable[r][c] else " ×"
            colour = "white" if value < 0.45 else INK
            axes.text(c, r, f"{value:.2f}{mark}", ha="center", va="center", color=colour)
    figure.colorbar(image, ax=axes, label=metric)
    axes.set_title(f"{metric} over {rows[0]} × {columns[0]} (×: unplayable)")
    return figure
