"""The setup sheet and quote: a PDF for the workshop, in its language and in English.

Page by page: the job (machine, dialect, material, sheet, zero point, trim, clamp zones,
layout), then each sheet drawn to scale (parts, trim, clamp zones, the zero point) with its
steps in order (tool, diameter, speed, feed, plunge feed, operation, count and estimated
time, the tool changes and the sheet's loading), then the quote (material, machine time and
price per batch and per set). The figures are those of ``cam/job.json``; the words come from
``generator/cam/locales/<lang>.toml``. It is the workshop's own paper: the variant's publisher
(``[print.publisher]``), if any, heads its first page and signs every footer.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from reportlab.graphics.shapes import Circle, Drawing, Line, PolyLine, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm as MM
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer

from plywright.locales import Texts
from plywright.print.canvas import DocumentInfo, build_pdf
from plywright.print.flowables import Diagram, data_table, make_table, new_drawing
from plywright.print.fonts import register_fonts
from plywright.print.styles import Styles, make_styles, text_width

if TYPE_CHECKING:
    from plywright.cam.costing import CamBuild

LANGUAGES = ("en", "lv", "nl", "uk")


class CamTexts(Texts):
    """The setup sheet's words in one language."""

    folder: ClassVar[Path] = Path(__file__).with_name("locales")


def sheet_languages(workshop: str) -> tuple[str, ...]:
    """The workshop's language, then English."""
    return tuple(dict.fromkeys((workshop, "en")))


def duration(t: CamTexts, seconds: float) -> str:
    whole = round(seconds)
    if whole >= 3600:
        return t("cam.hours", h=whole // 3600, m=(whole % 3600) // 60)
    return t("cam.minutes", m=whole // 60, s=whole % 60)


def money(t: CamTexts, value: float, currency: str) -> str:
    return f"{t.number(value, decimals=2)} {currency}"


def sheet_drawing(build: CamBuild, index: int, width: float) -> Drawing:
    """The sheet to scale: trim (dashed), clamp zones (grey), the parts, the zero point."""
    m = build.machine
    program = build.job.programs[index]
    scale = width / m.sheet.width
    height = m.sheet.height * scale
    drawing = new_drawing(width + 24, height + 16)
    ox, oy = 14.0, 12.0

    def pt(x: float, y: float) -> tuple[float, float]:
        return (ox + x * scale, oy + y * scale)

    drawing.add(
        Rect(
            ox,
            oy,
            width,
            height,
            strokeColor=colors.black,
            fillColor=colors.HexColor("#f6efe2"),
            strokeWidth=0.8,
        )
    )
    t = m.sheet.trim * scale
    drawing.add(
        Rect(
            ox + t,
            oy + t,
            width - 2 * t,
            height - 2 * t,
            strokeColor=colors.HexColor("#8a7a5a"),
            fillColor=None,
            strokeWidth=0.4,
            strokeDashArray=[2, 2],
        )
    )
    for zone in m.sheet.clamps:
        x, y = pt(zone.x, zone.y)
        drawing.add(
            Rect(
                x,
                y,
                zone.width * scale,
                zone.height * scale,
                fillColor=colors.HexColor("#b0b0b0"),
                strokeColor=colors.HexColor("#606060"),
                strokeWidth=0.4,
            )
        )
    for outline in program.sheet.outlines:
        points = [v for xy in outline.exterior.coords for v in pt(*xy)]
        drawing.add(PolyLine(points, strokeColor=colors.HexColor("#c0282d"), strokeWidth=0.6))
    zx, zy = pt(0, 0)
    drawing.add(Circle(zx, zy, 3, fillColor=colors.HexColor("#1f5fa8"), strokeColor=None))
    drawing.add(Line(zx, zy, zx + 14, zy, strokeColor=colors.HexColor("#1f5fa8"), strokeWidth=0.8))
    drawing.add(Line(zx, zy, zx, zy + 14, strokeColor=colors.HexColor("#1f5fa8"), strokeWidth=0.8))
    regular = register_fonts()[0]
    drawing.add(String(zx + 16, zy - 3, "X", fontName=regular, fontSize=7))
    drawing.add(String(zx - 3, zy + 16, "Y", fontName=regular, fontSize=7))
    drawing.add(String(zx - 12, zy - 10, "X0 Y0", fontName=regular, fontSize=6))
    return drawing


def _facts(rows: list[tuple[str, str]], styles: Styles, width: float) -> Flowable:
    """Label-value rows, labels in bold, hairlines between rows."""
    data = [[Paragraph(k, styles.cell_head), Paragraph(v, styles.cell)] for k, v in rows]
    return make_table(
        data,
        [0.34 * width, 0.66 * width],
        [
            ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.HexColor(styles.theme.rule)),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ("LEFTPADDING", (0, 0), (-1, -1), 4),
        ],
    )


def _nb(text: str) -> str:
    """A figure and its unit kept on one line."""
    return text.replace(" ", "\u00a0")


def setup_story(build: CamBuild, lang: str, paper: str) -> list[Flowable]:
    t = CamTexts(lang)
    styles = make_styles(size=9.0)
    width = text_width(paper)
    m, job, summary = build.machine, build.job, build.summary()
    quote = summary["quote"]
    thickness = ", ".join(t.mm(p.sheet.thickness) for p in job.programs[:1])
    sheet_size = f"{t.number(m.sheet.width)} × {t.number(m.sheet.height)} × {thickness}"
    clamps = [
        t(
            "cam.clamp",
            width=t.number(z.width),
            height=t.number(z.height),
            x=t.number(z.x),
            y=t.number(z.y),
        )
        for z in m.sheet.clamps
    ]
    story: list[Flowable] = [
        Paragraph(t("cam.title"), styles.title),
        Paragraph(job.title, styles.subtitle),
        Spacer(1, 4 * MM),
        Paragraph(t("cam.job"), styles.h1),
        _facts(
            [
                (t("cam.machine"), m.name),
                (t("cam.dialect"), m.post),
                (t("cam.material"), m.sheet.material),
                (t("cam.sheet_size"), sheet_size),
                (t("cam.sets"), str(job.batch)),
                (t("cam.per_set"), str(len(job.parts))),
                (t("cam.sheets"), str(len(job.programs))),
                (t("cam.layout"), t(f"cam.method.{job.layout.split('+')[0]}")),
                (t("cam.zero"), t("cam.zero_text")),
                (t("cam.trim"), t("cam.trim_text", trim=t.mm(m.sheet.trim))),
                (t("cam.clamps"), "; ".join(clamps) or t("cam.no_clamps")),
            ],
            styles,
            width,
        ),
    ]
    for program, sheet_summary in zip(job.programs, summary["sheets"], strict=True):
        index = program.sheet.index
        story.append(PageBreak())
        story.append(
            Paragraph(t("cam.sheet", number=index + 1, total=len(job.programs)), styles.h1)
        )
        story.append(
            _facts(
                [
                    (t("cam.parts"), str(len(program.sheet.placements))),
                    (t("cam.share"), t.number(100 * sheet_summary["yield"], 1) + " %"),
                    (t("cam.program"), sheet_summary["program"]),
                ],
                styles,
                width,
            )
        )
        story += [Spacer(1, 3 * MM), Diagram(sheet_drawing(build, index, min(width, 95 * MM)))]
        rows = []
        for number, timed in enumerate(build.times[index], start=1):
            tool = timed.job.tool
            stages = [t(f"cam.stage.{s}") for s in timed.job.stage.split("+")]
            count = sum(
                len(op.entities)
                for plan in program.sheet.plans
                for op in plan.operations
                if op.layer in timed.job.layers
            )
            rows.append(
                [
                    str(number),
                    f"T{tool.id} {t(f'cam.kind.{tool.kind}')} Ø\u00a0{_nb(t.mm(tool.diameter))}",
                    _nb(t("cam.rpm", value=t.number(tool.rpm, 0))),
                    _nb(t("cam.per_minute", value=t.number(tool.feed, 0))),
                    _nb(t("cam.per_minute", value=t.number(tool.plunge_feed, 0))),
                    ", ".join(stages),
                    str(count),
                    _nb(duration(t, timed.seconds)),
                ]
            )
        changes = build.times[index]
        change = sum(timed.change for timed in changes)
        setup = 60 * m.rates.setup_minutes
        rows.append(
            ["", "", "", "", "", t("cam.tool_change"), str(len(changes)), _nb(duration(t, change))]
        )
        rows.append(["", "", "", "", "", t("cam.setup"), "", _nb(duration(t, setup))])
        total = _nb(duration(t, build.sheet_seconds(index)))
        rows.append(["", "", "", "", "", t("cam.sheet_total"), "", total])
        keys = ("step", "tool", "speed", "feed", "plunge", "operation", "count", "time")
        header = [t(f"cam.{k}") for k in keys]
        shares = (0.06, 0.19, 0.12, 0.135, 0.135, 0.17, 0.08, 0.11)
        small = make_styles(size=7.4)
        story += [Spacer(1, 3 * MM), data_table(header, rows, small, [s * width for s in shares])]
    currency = quote["currency"]
    story += [
        PageBreak(),
        KeepTogether(
            [
                Paragraph(t("cam.quote"), styles.h1),
                _facts(
                    [
                        (t("cam.sheets_needed"), str(quote["sheets"])),
                        (t("cam.sheet_price"), money(t, quote["sheet_price"], currency)),
                        (t("cam.material_cost"), money(t, quote["material"], currency)),
                        (t("cam.machine_time"), duration(t, quote["machine_seconds"])),
                        (t("cam.hourly_rate"), money(t, quote["hourly_rate"], currency)),
                        (t("cam.machine_cost"), money(t, quote["machine_cost"], currency)),
                        (t("cam.per_batch"), money(t, quote["per_batch"], currency)),
                        (t("cam.per_board"), money(t, quote["per_board"], currency)),
                    ],
                    styles,
                    width,
                ),
                Spacer(1, 2 * MM),
                Paragraph(t("cam.estimate_note"), styles.small),
            ]
        ),
    ]
    return story


def write_setup_sheet(build: CamBuild, path: Path, lang: str, paper: str = "A4") -> None:
    """Write the setup sheet and quote of ``build`` in ``lang`` on ``paper``."""
    t = CamTexts(lang)
    info = DocumentInfo(
        title=f"{t('cam.title')}: {build.job.title}",
        lang=lang,
        header_left=build.job.title,
        header_right=t("cam.title"),
        publisher=build.publisher,
    )
    build_pdf(path, setup_story(build, lang, paper), paper=paper, info=info)
