"""``[print.publisher]``: the workshop's name, logo and web address on the cover and on every
footer of every print a build writes (rulebooks, templates, sheets, the CAM setup sheet);
nothing there without one; a bad logo refused before any work."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from pdfread import page_texts, text_runs
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from conftest import CliRunner, write
from plywright.errors import InputError
from plywright.print.publisher import (
    PublisherMark,
    draw_footer_line,
    draw_mark,
    publisher_mark,
)
from plywright.registry import load_registry
from plywright.variant import load_variant

LOGO = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="20mm" viewBox="0 0 40 20">'
    '<rect x="1" y="1" width="38" height="18" fill="#8a5a2b"/></svg>'
)
PUBLISHER = """
[print.publisher]
name = "Koka darbnīca Ozols"
logo = "logo.svg"
web = "www.ozols.lv"
"""


def _variant(tmp_path: Path, publisher: str = PUBLISHER, logo: str | None = LOGO) -> Path:
    if logo is not None:
        write(tmp_path / "logo.svg", logo)
    return write(
        tmp_path / "v.toml",
        f'game = "halma"\nname = "pub"\n[print]\nlanguages = ["lv"]\n{publisher}',
    )


@pytest.mark.parametrize(
    ("publisher", "logo", "message"),
    [
        (PUBLISHER, None, r"\[print\] publisher\.logo: cannot read .*logo\.svg"),
        (PUBLISHER, "<svg", r"\[print\] publisher\.logo: .*not (a readable SVG|an SVG drawing)"),
        (PUBLISHER.replace("logo.svg", "logo.png"), LOGO, r"publisher\.logo: .*SVG file"),
        (PUBLISHER.replace("www.ozols.lv", "www ozols lv"), LOGO, r"publisher\.web"),
        ('[print.publisher]\nname = "a\\nb"', None, r"publisher\.name: .*one line"),
        ('[print.publisher]\nname = ""', None, r"publisher\.name"),
        ('[print.publisher]\nweb = "www.ozols.lv"', None, r"publisher\.name"),
        ('[print.publisher]\nname = "A"\nphone = "1"', None, r"publisher\.phone: unknown"),
    ],
)
def test_a_bad_publisher_is_refused_naming_the_field(
    tmp_path: Path, publisher: str, logo: str | None, message: str
) -> None:
    path = _variant(tmp_path, publisher, logo)
    with pytest.raises(InputError, match=message):
        load_variant(path, load_registry())


def test_a_bad_logo_stops_build_with_exit_2_before_any_file(
    tmp_path: Path, run_cli: CliRunner
) -> None:
    result = run_cli("build", str(_variant(tmp_path, logo=None)), "--out", str(tmp_path / "o"))
    assert result.returncode == 2
    assert "publisher.logo" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "o").exists()


def test_the_logo_is_resolved_beside_the_variant_file(tmp_path: Path) -> None:
    variant = load_variant(_variant(tmp_path), load_registry())
    mark = publisher_mark(variant.print.publisher, tmp_path)
    assert mark == PublisherMark("Koka darbnīca Ozols", "www.ozols.lv", tmp_path / "logo.svg")
    assert mark.line == "Koka darbnīca Ozols · www.ozols.lv"


def test_new_prints_a_commented_publisher_that_validates_once_uncommented(
    tmp_path: Path, run_cli: CliRunner
) -> None:
    text = run_cli("new", "halma").stdout
    assert "# [print.publisher]" in text
    opened = "\n".join(
        line.removeprefix("# ").split("   #")[0]
        if line.startswith(("# [print.publisher]", "# name =", "# web ="))
        else line
        for line in text.splitlines()
    ).replace("[print.publisher]   (not set; remove the '# ' to set it)", "[print.publisher]")
    path = write(tmp_path / "n.toml", opened)
    variant = load_variant(path, load_registry())
    assert variant.print.publisher is not None
    assert variant.print.publisher.web == "www.example.lv"


# -- every print of every game ---------------------------------------------------------------

NAME, WEB = "Koka darbnīca Ozols", "www.ozols.lv"
LINE = f"{NAME} · {WEB}"
MARK_LOGO = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="30mm" height="12mm" viewBox="0 0 30 12">'
    '<rect x="0" y="0" width="30" height="12" fill="#123456"/>'
    '<circle cx="6" cy="6" r="4" fill="#ffffff"/></svg>'
)
LOGO_FILL = b".070588 .203922 .337255 rg"
"""The logo's fill as ReportLab writes it: drawn as vector paths, not a picture."""
DOCUMENTS = {
    "halma": ("print/rulebook-", "print/drill-template-a4-", "print/drill-template-full-size-"),
    "kubb": ("print/rulebook-", "print/crown-template-", "print/field-plan-"),
    "cardtrack": (
        "print/rulebook-",
        "print/track-mat-a4",
        "print/track-mat-full-size",
        "print/tokens",
        "print/reference-card-",
    ),
    "tictactoe": (),
}
"""What every game's build prints, by path (each game with router parts also writes the CAM
setup sheet, ``cam/setup-``)."""
TILED = ("print/drill-template-a4-", "print/track-mat-a4")
"""The templates tiled over A4 pages, page 1 their assembly map."""
CARD = "print/reference-card-"
"""The reference card names the publisher in its slug only (no room on the card's face)."""
Prints = dict[str, Path]

pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext")


def _write_prints(game: str, folder: Path, publisher: bool) -> Prints:
    """Every PDF the build of a default ``game`` variant writes (with the CAM job of one set
    when it has router parts), with or without the publisher, by artifact path."""
    from plywright.build import collect_artifacts
    from plywright.cam.artifacts import cam_artifacts, cam_build
    from plywright.cam.machine import load_machine
    from plywright.cam.source import variant_plans

    write(folder / "logo.svg", MARK_LOGO)
    table = f'[print.publisher]\nname = "{NAME}"\nlogo = "logo.svg"\nweb = "{WEB}"\n'
    text = f'game = "{game}"\nname = "pub"\n' + (table if publisher else "")
    registry = load_registry()
    variant = load_variant(write(folder / "v.toml", text), registry)
    extra = []
    if variant_plans(variant):
        cam = cam_build(variant, load_machine(None), "built-in machine profile", 1)
        extra = cam_artifacts(cam)
    out: Prints = {}
    for artifact in collect_artifacts(registry, variant, extra):
        if artifact.path.endswith(".pdf"):
            path = folder / "out" / artifact.path
            path.parent.mkdir(parents=True, exist_ok=True)
            artifact.write(path)
            out[artifact.path] = path
    return out


@pytest.fixture(scope="module")
def prints(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, bool], Prints]:
    """The prints of a game, with or without a publisher, each built once per module."""
    cache: dict[tuple[str, bool], Prints] = {}

    def get(game: str, publisher: bool) -> Prints:
        if (game, publisher) not in cache:
            folder = tmp_path_factory.mktemp(f"{game}-{'pub' if publisher else 'none'}")
            cache[game, publisher] = _write_prints(game, folder, publisher)
        return cache[game, publisher]

    return get


def _streams(pdf: Path) -> list[bytes]:
    return [page.get_contents().get_data() for page in PdfReader(pdf).pages]  # type: ignore[union-attr]


@pdftotext
@pytest.mark.parametrize("game", DOCUMENTS)
def test_every_print_has_the_publisher_on_its_cover_and_every_footer(
    game: str, prints: Callable[[str, bool], Prints]
) -> None:
    files = prints(game, True)
    expected = (*DOCUMENTS[game], *(("cam/setup-",) if game != "kubb" else ()))
    assert all(any(path.startswith(p) for path in files) for p in expected), sorted(files)
    assert all(any(path.startswith(p) for p in expected) for path in files), sorted(files)
    for path, pdf in files.items():
        pages = page_texts(pdf)
        missing = [number for number, text in enumerate(pages, start=1) if LINE not in text]
        assert not missing, f"{path}: no '{LINE}' in the footer of page(s) {missing}"
        assert PdfReader(pdf).metadata.author == NAME, path  # type: ignore[union-attr]
        if path.startswith("print/"):  # for players: never the program's name
            assert "plywright" not in " ".join(pages).lower(), path
        # the cover names it at its head and in its footer, every other page in its footer
        head = 0 if path.startswith(CARD) else 1
        counts = [text.count(NAME) for text in pages]
        assert counts == [1 + head] + [1] * (len(pages) - 1), (path, counts)
        if not head:
            continue
        assert pages[0].count(WEB) == 2, (path, pages[0])
        first, *rest = _streams(pdf)
        assert LOGO_FILL in first and b" re" in first, f"{path}: no vector logo on page 1"
        assert not any(LOGO_FILL in stream for stream in rest), f"{path}: logo after page 1"


@pdftotext
@pytest.mark.parametrize("game", DOCUMENTS)
def test_without_a_publisher_nothing_is_printed_there_and_nothing_else_moves_pages(
    game: str, prints: Callable[[str, bool], Prints]
) -> None:
    signed, plain = prints(game, True), prints(game, False)
    assert sorted(plain) == sorted(signed)
    for path, pdf in plain.items():
        pages = page_texts(pdf)
        assert not any("Ozols" in text for text in pages), path
        assert not any(LOGO_FILL in stream for stream in _streams(pdf)), path
        assert PdfReader(pdf).metadata.author == "plywright", path  # type: ignore[union-attr]
        # the mark takes no page of its own, and every word keeps its size (the publisher's
        # words may follow a footer's on its line); but for the drawing on an assembly map,
        # which is drawn small to fit the room the mark leaves
        assert len(pages) == len(page_texts(signed[path])), path
        kept = {(run.page, run.size, run.text) for run in text_runs(signed[path])}
        scaled = 1 if path.startswith(TILED) else 0
        for run in (run for run in text_runs(pdf) if run.page > scaled):
            assert any(
                page == run.page and size == run.size and text.startswith(run.text)
                for page, size, text in kept
            ), f"{path}: {run} changed with a publisher"


def test_the_mark_fits_its_band_and_leaves_the_canvas_as_it_was(tmp_path: Path) -> None:
    logo = write(tmp_path / "logo.svg", MARK_LOGO)
    mark = PublisherMark("A" * 80, "www." + "b" * 90 + ".lv", logo)
    c = Canvas(str(tmp_path / "m.pdf"))
    c.setFont("Helvetica", 11)
    used = draw_mark(c, mark, 0, 300, 800)
    assert (c._fontname, c._fontsize) == ("Helvetica", 11)
    assert used > 0
    words = []

    class Recording(Canvas):
        def drawString(self, x: float, y: float, text: str, *args: object, **kw: object) -> None:
            words.append((text, self._fontsize, self.stringWidth(text)))

    r = Recording(str(tmp_path / "r.pdf"))
    draw_footer_line(r, mark, 0, 200, align="left")  # too long with its web address
    [(text, size, width)] = words
    assert text == mark.name and size < 8.0 and width <= 200 + 1e-6
    words.clear()
    draw_footer_line(r, PublisherMark(NAME, WEB), 0, 400, align="left")
    assert words == [(LINE, 8.0, r.stringWidth(LINE, "DejaVuSans", 8.0))]
