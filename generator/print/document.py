"""Building blocks for printable documents (rulebooks, play aids) shared by every game, in one
namespace (``from generator.print import document as doc``).

The blocks live in four modules, each with one job: :mod:`generator.print.styles` (page sizes,
margins, theme, paragraph styles), :mod:`generator.print.flowables` (tables, diagrams, figures,
boxes), :mod:`generator.print.canvas` (:func:`build_pdf`, deterministic pages with running
header and footer) and :mod:`generator.print.rulebook` (a game's rulebook: texts, sections,
artifacts per language).
"""

from __future__ import annotations

from generator.print.canvas import DocumentInfo, build_pdf
from generator.print.flowables import (
    Beside,
    Diagram,
    Float,
    Pointed,
    data_table,
    facts_box,
    figure,
    grid,
    make_table,
    new_drawing,
    note_box,
    side_by_side,
)
from generator.print.rulebook import (
    Book,
    LocaleTexts,
    PrintSetup,
    rulebook_artifacts,
    rulebook_info,
    sections_story,
    variant_rulebooks,
    write_rulebook,
)
from generator.print.styles import (
    MARGIN_BOTTOM,
    MARGIN_SIDE,
    MARGIN_TOP,
    PAPER_SIZES,
    RUNNING_PT,
    Styles,
    Theme,
    make_styles,
    page_size,
    text_width,
)

__all__ = [
    "MARGIN_BOTTOM",
    "MARGIN_SIDE",
    "MARGIN_TOP",
    "PAPER_SIZES",
    "RUNNING_PT",
    "Beside",
    "Book",
    "Diagram",
    "DocumentInfo",
    "Float",
    "LocaleTexts",
    "Pointed",
    "PrintSetup",
    "Styles",
    "Theme",
    "build_pdf",
    "data_table",
    "facts_box",
    "figure",
    "grid",
    "make_styles",
    "make_table",
    "new_drawing",
    "note_box",
    "page_size",
    "rulebook_artifacts",
    "rulebook_info",
    "sections_story",
    "side_by_side",
    "text_width",
    "variant_rulebooks",
    "write_rulebook",
]
