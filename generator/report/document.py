"""A report as a list of blocks, written as PDF (ReportLab, plots as PNG) or HTML (inline SVG).

Both outputs are deterministic: the PDF through :func:`plywright.print.document.build_pdf`
(invariant mode, fixed metadata, DejaVu fonts), the HTML with plots whose SVG ids are fixed.
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from plywright.errors import InputError

if TYPE_CHECKING:
    from matplotlib.figure import Figure

SUFFIXES = (".pdf", ".html")


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 1


@dataclass(frozen=True)
class Text:
    text: str
    tone: str = ""
    """``good``, ``bad``, ``open`` (inconclusive) or empty: the colour of a verdict line."""


@dataclass(frozen=True)
class Bullets:
    items: tuple[str, ...]


@dataclass(frozen=True)
class TableBlock:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...] = ()
    """Shares of the column width (empty: equal)."""


@dataclass(frozen=True)
class Plot:
    make: Callable[[], Figure]
    caption: str = ""


Block = Heading | Text | Bullets | TableBlock | Plot


@dataclass(frozen=True)
class Report:
    title: str
    subtitle: str
    blocks: tuple[Block, ...] = field(default_factory=tuple)
    paper: str = "A4"


def check_report_path(path: Path, option: str) -> Path:
    """A report path must end in ``.pdf`` or ``.html`` and its folder must exist."""
    if path.suffix.lower() not in SUFFIXES:
        raise InputError(f"{option}: {path} must end in .pdf or .html")
    if not path.absolute().parent.is_dir():
        raise InputError(f"{option}: folder of {path} does not exist")
    return path


def write_report(path: Path, report: Report) -> None:
    """Write ``report`` to ``path`` as PDF or HTML, by the suffix; atomically (a finished
    file or none)."""
    from plywright.atomic import replacing

    with replacing(path) as temporary:
        if path.suffix.lower() == ".pdf":
            write_pdf(temporary, report)
        else:
            temporary.write_text(html_text(report), encoding="utf-8")


def write_pdf(path: Path, report: Report) -> int:
    """The PDF; returns its page count."""
    from reportlab.platypus import Flowable, Image, KeepTogether, Paragraph, Spacer

    from plywright.print.document import (
        DocumentInfo,
        build_pdf,
        data_table,
        make_styles,
        text_width,
    )
    from plywright.report.plots import WIDTH_IN, png_bytes

    styles = make_styles(size=9.5)
    width = text_width(report.paper)
    tones = {"good": "#2e7d32", "bad": "#b03a2e", "open": "#8a5a00"}
    story: list[Flowable] = [
        Paragraph(_xml(report.title), styles.title),
        Paragraph(_xml(report.subtitle), styles.subtitle),
    ]
    held: list[Flowable] = []  # headings kept on the page of the plot they introduce
    for block in report.blocks:
        if isinstance(block, Heading):
            held.append(Paragraph(_xml(block.text), styles.h1 if block.level == 1 else styles.h2))
            continue
        if not isinstance(block, Plot):
            story += held
            held = []
        if isinstance(block, Text):
            text = _xml(block.text)
            if block.tone:
                text = f'<font color="{tones[block.tone]}"><b>{text}</b></font>'
            story.append(Paragraph(text, styles.body))
        elif isinstance(block, Bullets):
            story += [Paragraph(_xml(item), styles.bullet, bulletText="•") for item in block.items]
        elif isinstance(block, TableBlock):
            shares = block.widths or (1.0,) * len(block.header)
            total = sum(shares)
            story.append(
                data_table(
                    [_xml(h) for h in block.header],
                    [[_xml(c) for c in row] for row in block.rows],
                    styles,
                    [width * s / total for s in shares],
                )
            )
            story.append(Spacer(1, 6))
        else:
            figure = block.make()
            inches = figure.get_size_inches()
            shown = min(width, WIDTH_IN * 72)
            image = Image(
                io.BytesIO(png_bytes(figure)),
                width=shown,
                height=shown * inches[1] / inches[0],
            )
            parts: list[Flowable] = [*held, image]
            held = []
            if block.caption:
                parts.append(Paragraph(_xml(block.caption), styles.caption))
            story.append(KeepTogether([*parts, Spacer(1, 8)]))
    story += held
    info = DocumentInfo(
        title=report.title,
        lang="en",
        header_left=report.title,
        header_right="plywright",
        footer_left=report.subtitle,
        subject=report.subtitle,
    )
    return build_pdf(path, story, paper=report.paper, info=info)


def _xml(text: str) -> str:
    return html.escape(text, quote=False)


CSS = """
body { font-family: "DejaVu Sans", Verdana, sans-serif; color: #222; max-width: 54rem;
       margin: 2rem auto; padding: 0 1rem; line-height: 1.4; }
h1 { color: #7a4a1e; margin-bottom: 0.2rem; }
h2 { color: #7a4a1e; border-bottom: 1px solid #c9b79c; margin-top: 2rem; }
h3 { margin-top: 1.2rem; }
.subtitle { color: #6d6d6d; margin-top: 0; }
.good { color: #2e7d32; font-weight: bold; }
.bad { color: #b03a2e; font-weight: bold; }
.open { color: #8a5a00; font-weight: bold; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; font-size: 0.9rem; }
th { text-align: left; color: #7a4a1e; border-bottom: 2px solid #7a4a1e; padding: 2px 8px; }
td { border-bottom: 1px solid #e4d8c4; padding: 2px 8px; }
figure { margin: 1rem 0; }
figure svg { max-width: 100%; height: auto; }
figcaption { color: #6d6d6d; font-style: italic; font-size: 0.85rem; }
"""


def html_text(report: Report) -> str:
    """A self-contained HTML page (styles and SVG plots inline, no scripts)."""
    from plywright.report.plots import svg_text

    esc = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        '<head><meta charset="utf-8">',
        f"<title>{esc(report.title)}</title>",
        f"<style>{CSS}</style></head>",
        "<body>",
        f"<h1>{esc(report.title)}</h1>",
        f'<p class="subtitle">{esc(report.subtitle)}</p>',
    ]
    for block in report.blocks:
        if isinstance(block, Heading):
            level = block.level + 1
            parts.append(f"<h{level}>{esc(block.text)}</h{level}>")
        elif isinstance(block, Text):
            tone = f' class="{block.tone}"' if block.tone else ""
            parts.append(f"<p{tone}>{esc(block.text)}</p>")
        elif isinstance(block, Bullets):
            items = "".join(f"<li>{esc(item)}</li>" for item in block.items)
            parts.append(f"<ul>{items}</ul>")
        elif isinstance(block, TableBlock):
            head = "".join(f"<th>{esc(h)}</th>" for h in block.header)
            body = "".join(
                "<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in block.rows
            )
            parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
        else:
            caption = f"<figcaption>{esc(block.caption)}</figcaption>" if block.caption else ""
            parts.append(f"<figure>{svg_text(block.make())}{caption}</figure>")
    parts += ["</body>", "</html>", ""]
    return "\n".join(parts)


def rows_of(pairs: Sequence[tuple[str, Any]]) -> tuple[tuple[str, ...], ...]:
    """Two-column rows from ``(name, value)`` pairs, values as text."""
    return tuple((name, _plain(value)) for name, value in pairs)


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list | tuple):
        return ", ".join(_plain(v) for v in value)
    return "" if value is None else str(value)
