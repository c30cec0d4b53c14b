"""``[print.publisher]``: the workshop's name, logo and web address on the first page and on
every footer of a rulebook; nothing there without one; a bad logo refused before any work."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import CliRunner, write
from generator.errors import InputError
from generator.print.publisher import PublisherMark, publisher_mark
from generator.registry import load_registry
from generator.variant import load_variant

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


def _pages(pdf: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(pdf).pages]


def _build(run_cli: CliRunner, variant: Path, out: Path) -> Path:
    result = run_cli("build", str(variant), "--only", "print/rulebook", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out / "print" / "rulebook-lv.pdf"


def test_the_publisher_heads_page_one_and_signs_every_footer(
    tmp_path: Path, run_cli: CliRunner
) -> None:
    pdf = _build(run_cli, _variant(tmp_path), tmp_path / "out")
    pages = _pages(pdf)
    assert len(pages) > 1
    for text in pages:
        footer = text.strip().splitlines()[-2:]
        assert any("Koka darbnīca Ozols · www.ozols.lv" in line for line in footer), footer
    # page 1 names it at its head as well as in its footer; the other pages in the footer
    assert [text.count("Koka darbnīca Ozols") for text in pages] == [2] + [1] * (len(pages) - 1)
    assert pages[0].count("www.ozols.lv") == 2
    assert PdfReader(pdf).metadata.author == "Koka darbnīca Ozols"  # type: ignore[union-attr]
    # the logo's brown rectangle is drawn as vectors on page 1 only
    first = PdfReader(pdf).pages[0].get_contents().get_data()  # type: ignore[union-attr]
    second = PdfReader(pdf).pages[1].get_contents().get_data()  # type: ignore[union-attr]
    brown = b".541176 .352941 .168627 rg"
    assert brown in first and brown not in second


def test_without_a_publisher_nothing_is_printed_there(tmp_path: Path, run_cli: CliRunner) -> None:
    with_one = _pages(_build(run_cli, _variant(tmp_path / "a"), tmp_path / "a" / "out"))
    without = _pages(_build(run_cli, _variant(tmp_path / "b", ""), tmp_path / "b" / "out"))
    assert len(with_one) == len(without)
    for text in without:
        assert "Ozols" not in text


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
