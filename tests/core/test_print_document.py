"""The shared document building blocks: page sizes, fonts, running texts, determinism."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path
from typing import Any, ClassVar

import pytest
from pypdf import PdfReader
from reportlab.graphics.shapes import Drawing, Rect, String
from reportlab.platypus import Flowable, PageBreak, Paragraph

from plywright.print import document as doc
from plywright.print.fonts import REGULAR

PAPERS = {"A4": (595.28, 841.89), "Letter": (612.0, 792.0)}


def font_report(path: Path) -> list[dict[str, str]]:
    """Every font of a PDF as pypdf sees it: name, subtype, embedded or not."""
    fonts = []
    for page in PdfReader(path).pages:
        resources: Any = page["/Resources"].get_object()
        for font in resources.get("/Font", {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            fonts.append(
                {
                    "name": str(font["/BaseFont"]),
                    "subtype": str(font["/Subtype"]),
                    "embedded": "yes" if embedded else "no",
                }
            )
    return fonts


def pdffonts_rows(path: Path) -> list[list[str]]:
    """The rows of ``pdffonts`` (poppler), or skip when poppler is not installed."""
    if shutil.which("pdffonts") is None:
        pytest.skip("pdffonts (poppler-utils) not installed")
    out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True)
    return [line.split() for line in out.stdout.splitlines()[2:] if line.strip()]


def sample_story(styles: doc.Styles, width: float) -> list[Flowable]:
    drawing = Drawing(200, 100)
    drawing.add(Rect(10, 10, 180, 80, fillColor=None))
    drawing.add(String(20, 40, "ā č ē ģ", fontName=REGULAR, fontSize=12))
    return [
        Paragraph("Ķīniešu dambrete", styles.title),
        Paragraph("Spēles noteikumi", styles.h1),
        Paragraph("Tapiņas, mērķis, lēciens.", styles.body),
        Paragraph("bullet", styles.bullet, bulletText="•"),
        doc.facts_box("Fakti", [("Iedobes", "121"), ("Biezums", "18 mm")], styles, width / 2),
        doc.note_box([Paragraph("Uzmanību!", styles.body)], styles, width),
        doc.data_table(["a", "b"], [["1", "2"], ["", "x"]], styles, [60, 60]),
        doc.grid([[doc.Diagram(drawing)], "plain text cell", ""], 2, width),
        doc.figure(drawing, "Zīmējums", styles),
        PageBreak(),
        Paragraph("second page", styles.body),
    ]


def write_sample(path: Path, paper: str) -> int:
    styles = doc.make_styles()
    info = doc.DocumentInfo(
        title="Test",
        lang="lv",
        header_left="Header left",
        header_right="Header right",
        footer_left="Footer",
        page_label="Page {page} of {pages}",
    )
    return doc.build_pdf(path, sample_story(styles, doc.text_width(paper)), paper=paper, info=info)


@pytest.fixture(scope="module")
def sample_pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("document")
    paths = {paper: folder / f"sample-{paper}.pdf" for paper in PAPERS}
    for paper, path in paths.items():
        assert write_sample(path, paper) == 2
    return paths


def test_page_size_names() -> None:
    assert doc.page_size("A4") == pytest.approx(PAPERS["A4"], abs=0.01)
    assert doc.page_size("Letter") == pytest.approx(PAPERS["Letter"])
    assert doc.text_width("Letter") > doc.text_width("A4")
    with pytest.raises(ValueError, match="A4, Letter"):
        doc.page_size("A5")


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_pages_have_the_paper_size(sample_pdfs: dict[str, Path], paper: str) -> None:
    reader = PdfReader(sample_pdfs[paper])
    assert len(reader.pages) == 2
    for page in reader.pages:
        box = page.mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(PAPERS[paper], abs=0.01)


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_only_embedded_dejavu_fonts(sample_pdfs: dict[str, Path], paper: str) -> None:
    fonts = font_report(sample_pdfs[paper])
    assert fonts, "no fonts found at all"
    for font in fonts:
        assert font["embedded"] == "yes", font
        assert font["subtype"] == "/TrueType", font
        assert "DejaVu" in font["name"], font


def test_pdffonts_agrees(sample_pdfs: dict[str, Path]) -> None:
    rows = pdffonts_rows(sample_pdfs["A4"])
    assert rows
    for row in rows:
        assert "DejaVu" in row[0], row
        assert row[-5] == "yes", row  # the "emb" column


def test_running_texts_and_page_numbers(sample_pdfs: dict[str, Path]) -> None:
    first, second = (page.extract_text() for page in PdfReader(sample_pdfs["A4"]).pages)
    assert "Page 1 of 2" in first and "Page 2 of 2" in second
    assert "Footer" in first and "Footer" in second
    assert "Header left" not in first, "page 1 is the title page: no running header"
    assert "Header left" in second and "Header right" in second
    assert "Ķīniešu dambrete" in first


def test_metadata_is_fixed(sample_pdfs: dict[str, Path]) -> None:
    meta = PdfReader(sample_pdfs["A4"]).metadata
    assert meta is not None
    assert meta.title == "Test"
    assert meta.creator == "plywright"
    assert str(meta.get("/CreationDate", "")).startswith("D:2000")


def test_same_story_same_bytes(tmp_path: Path) -> None:
    digests = set()
    for name in ("one.pdf", "two.pdf"):
        write_sample(tmp_path / name, "A4")
        digests.add(hashlib.sha256((tmp_path / name).read_bytes()).hexdigest())
    assert len(digests) == 1


def test_diagram_shrinks_to_fit_but_never_grows() -> None:
    diagram = doc.Diagram(Drawing(200, 100))
    assert diagram.wrap(100, 1000) == pytest.approx((100, 50))
    assert diagram.wrap(400, 1000) == pytest.approx((200, 100))


def test_grid_fills_the_last_row() -> None:
    table = doc.grid(["a", "b", "c", "d"], 3, 300)
    assert len(table._cellvalues) == 2
    assert table._cellvalues[1] == ["d", "", ""]


class FakeTexts:
    """Texts of a made-up game: ``meta.*`` keys only."""

    lang = "xx"
    words: ClassVar[dict[str, str]] = {
        "meta.title": "Game",
        "meta.subject": "Rules",
        "meta.header": "Game rules",
        "meta.footer": "variant {variant}",
        "meta.page": "p. {page}/{pages}",
    }

    def __call__(self, key: str, **values: object) -> str:
        return self.raw(key).format(**values)

    def raw(self, key: str) -> str:
        return self.words[key]


def test_rulebook_info_reads_the_meta_texts() -> None:
    info = doc.rulebook_info(FakeTexts(), "pro")
    assert (info.title, info.lang, info.subject) == ("Game", "xx", "Rules")
    assert (info.header_left, info.header_right, info.footer_left) == (
        "Game rules",
        "",
        "variant pro",
    )
    assert info.page_label == "p. {page}/{pages}"  # filled in per page


def test_sections_story_puts_a_gap_after_every_section() -> None:
    styles = doc.make_styles()

    def one(book: str) -> list[Flowable]:
        return [Paragraph(book, styles.body)]

    def two(book: str) -> list[Flowable]:
        return [Paragraph(book, styles.body), Paragraph(book, styles.body)]

    story = doc.sections_story([one, two], "text", 7)
    assert [type(f).__name__ for f in story] == [
        "Paragraph",
        "Spacer",
        "Paragraph",
        "Paragraph",
        "Spacer",
    ]
    assert story[1].height == 7  # type: ignore[attr-defined]


def test_side_by_side_splits_the_width() -> None:
    styles = doc.make_styles()
    table = doc.side_by_side([Paragraph("a", styles.body)], [Paragraph("b", styles.body)], 400, 0.6)
    assert table._colWidths == pytest.approx([240, 160])  # type: ignore[attr-defined]


def test_book_reads_texts_and_spans_the_text_column() -> None:
    book = doc.Book.on("Letter", FakeTexts(), rules=(), production=None)
    assert book.width == doc.text_width("Letter")
    assert book.para("meta.footer", variant="v").text == "variant v"
    assert book.heading("meta.title").style.name == "h1"
    assert book.caption("meta.subject").style.name == "caption"
    assert book.bullet("x").bulletText == "•"
    table = book.side_by_side([book.para("meta.title")], [book.bullet("y")], 0.25)
    assert table._colWidths == pytest.approx([book.width / 4, book.width * 3 / 4])  # type: ignore[attr-defined]


def test_write_rulebook_lays_out_with_the_rulebook_info(tmp_path: Path) -> None:
    book = doc.Book.on("A4", FakeTexts(), rules=(), production=None)
    pages = doc.write_rulebook(
        tmp_path / "r.pdf",
        [book.para("meta.title")],
        FakeTexts(),
        setup=doc.PrintSetup("A4"),
        set_name="pro",
    )
    reader = PdfReader(tmp_path / "r.pdf")
    assert pages == len(reader.pages) == 1
    assert reader.metadata is not None and reader.metadata.title == "Game"
    assert "variant pro" in reader.pages[0].extract_text()


def test_rulebook_artifacts_one_per_language_in_a_made_folder(tmp_path: Path) -> None:
    written: list[tuple[Path, str]] = []

    def write(path: Path, lang: str) -> None:
        written.append((path, lang))
        path.write_text(lang, encoding="utf-8")

    artifacts = doc.rulebook_artifacts(("nl", "en"), "Letter", write)
    assert [(a.kind, a.path, a.lang) for a in artifacts] == [
        ("print/rulebook", "print/rulebook-nl.pdf", "nl"),
        ("print/rulebook", "print/rulebook-en.pdf", "en"),
    ]
    assert artifacts[1].description == "rulebook (en, Letter)"
    artifacts[1].write(tmp_path / "deep/print/rulebook-en.pdf")
    assert written == [(tmp_path / "deep/print/rulebook-en.pdf", "en")]
    assert (tmp_path / "deep/print/rulebook-en.pdf").read_text(encoding="utf-8") == "en"


def test_new_drawing_starts_in_dejavu() -> None:
    drawing = doc.new_drawing(120, 80)
    assert (drawing.width, drawing.height) == (120, 80)
    assert drawing.initialFontName == REGULAR


def _pages(path: Path) -> list[str]:
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True)
    return [" ".join(page.split()) for page in out.stdout.split("\f")[:-1]]


def _box(height: float, label: str) -> doc.Diagram:
    drawing = doc.new_drawing(200, height)
    drawing.add(Rect(0, 0, 200, height, fillColor=None))
    drawing.add(String(10, height / 2, label, fontName=REGULAR, fontSize=10))
    return doc.Diagram(drawing)


def _lines(styles: doc.Styles, name: str, count: int) -> list[Flowable]:
    return [Paragraph(f"{name} {i} runs on for a while.", styles.body) for i in range(count)]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_text_passes_a_float_that_does_not_fit_and_it_tops_the_next_page(tmp_path: Path) -> None:
    styles = doc.make_styles()
    story = [
        *_lines(styles, "before", 25),
        doc.Float([_box(400, "FIGURE")]),
        *_lines(styles, "after", 6),
        Paragraph("Next section", styles.h1),
        *_lines(styles, "later", 2),
    ]
    doc.build_pdf(tmp_path / "f.pdf", story, paper="A4", info=doc.DocumentInfo("t", "en"))
    first, second = _pages(tmp_path / "f.pdf")
    assert "after 5" in first and "Next section" in first and "later 1" in first
    assert "FIGURE" not in first and second.split()[0] != "after"
    assert "FIGURE" in second  # the figure at the top of the next page
    # a float that fits stays where it is
    story = [
        *_lines(styles, "before", 3),
        doc.Float([_box(100, "FIGURE")]),
        *_lines(styles, "after", 2),
    ]
    doc.build_pdf(tmp_path / "g.pdf", story, paper="A4", info=doc.DocumentInfo("t", "en"))
    (only,) = _pages(tmp_path / "g.pdf")
    assert only.index("before 2") < only.index("FIGURE") < only.index("after 0")


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_text_beside_a_figure_splits_at_the_foot_of_a_page(tmp_path: Path) -> None:
    styles = doc.make_styles()
    heading = Paragraph("Beside heading", styles.h1)
    beside = doc.Beside(_lines(styles, "beside", 14), [_box(120, "FIGURE")], 0.6, heading=heading)
    story = [*_lines(styles, "before", 30), beside]
    doc.build_pdf(tmp_path / "b.pdf", story, paper="A4", info=doc.DocumentInfo("t", "en"))
    first, second = _pages(tmp_path / "b.pdf")
    assert "Beside heading" in first and "FIGURE" in first and "beside 0" in first
    assert "beside 13" in second and "FIGURE" not in second
    # the figure does not fit: the text that fits flows full width, the figure floats
    story = [
        *_lines(styles, "before", 33),
        doc.Beside(_lines(styles, "beside", 3), [_box(300, "FIGURE")], 0.6, heading=heading),
    ]
    doc.build_pdf(tmp_path / "c.pdf", story, paper="A4", info=doc.DocumentInfo("t", "en"))
    first, second = _pages(tmp_path / "c.pdf")
    assert "Beside heading" in first and "beside 2" in first and "FIGURE" in second


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_a_figure_sent_to_the_next_page_leaves_a_pointer(tmp_path: Path) -> None:
    """A figure never leaves its text without a word: the text says where it went."""
    styles = doc.make_styles()
    pointer = Paragraph("POINTER figure on the next page", styles.body)
    heading = Paragraph("Beside heading", styles.h1)
    story = [
        *_lines(styles, "before", 33),
        doc.Beside(
            _lines(styles, "beside", 3),
            [_box(300, "FIGURE")],
            0.6,
            heading=heading,
            pointer=pointer,
        ),
    ]
    doc.build_pdf(tmp_path / "b.pdf", story, paper="A4", info=doc.DocumentInfo("t", "en"))
    first, second = _pages(tmp_path / "b.pdf")
    assert first.index("beside 2") < first.index("POINTER") and "FIGURE" in second
    # a kept-together block that does not fit leaves its pointer and tops the next page
    story = [*_lines(styles, "before", 36), doc.Pointed([_box(300, "BLOCK")], pointer)]
    doc.build_pdf(tmp_path / "p.pdf", story, paper="A4", info=doc.DocumentInfo("t", "en"))
    first, second = _pages(tmp_path / "p.pdf")
    assert "POINTER" in first and "BLOCK" not in first and "BLOCK" in second
    # one that fits says nothing
    story = [*_lines(styles, "before", 3), doc.Pointed([_box(100, "BLOCK")], pointer)]
    doc.build_pdf(tmp_path / "q.pdf", story, paper="A4", info=doc.DocumentInfo("t", "en"))
    (only,) = _pages(tmp_path / "q.pdf")
    assert "BLOCK" in only and "POINTER" not in only
