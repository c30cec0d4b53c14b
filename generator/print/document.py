"""Building blocks for printable documents (rulebooks, play aids) shared by every game, in one
namespace (``from plywright.print import document as doc``).

The blocks live in four modules, each with one job: :mod:`plywright.print.styles` (page sizes,
margins, theme, paragraph styles), :mod:`plywright.print.flowables` (tables, diagrams, figures,
boxes), :mod:`plywright.print.canvas` (:func:`build_pdf`, deterministic pages with running
header and footer) and :mod:`plywright.print.rulebook` (a game's rulebook: texts, sections,
artifacts per language).
"""

from __future__ import annotations

from plywright.print.canvas import DocumentInfo, build_pdf
from plywright.print.flowables import (
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
from plywright.print.rulebook import (
    Book,
    LocaleTexts,
    PrintSetup,
    rulebook_artifacts,
    rulebook_info,
    sections_story,
    variant_rulebooks,
    write_rulebook,
)
from plywright.print.styles import (
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
