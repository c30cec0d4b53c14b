"""The Kubb field plan: measurements from the one geometry model, marking-out steps in both
languages, and the PDF measured: field rectangle, 100 mm check bar and metre bar at scale."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from plywright.plugins.kubb.fieldplan import (
    choose_scale,
    marking_steps,
    measurements,
    stake_points,
    write_field_plan_pdf,
)
from plywright.plugins.kubb.geometry import KubbField
from plywright.plugins.kubb.locales import Texts

PT_PER_MM = 72 / 25.4
WORLD = KubbField(8.0, 5.0)
SEED = KubbField(10.0, 5.0)


def test_world_diagonal_is_9_43_m() -> None:
    by_pair = {(m.start, m.end): m.metres for m in measurements(WORLD)}
    assert by_pair[("B", "C")] == pytest.approx(9.434, abs=1e-3)
    assert by_pair[("A", "D")] == pytest.approx(math.hypot(8, 5))
    assert by_pair[("A", "E")] == pytest.approx(4.0)
    assert by_pair[("E", "K")] == pytest.approx(2.5)


def test_stakes_are_the_geometry_models() -> None:
    assert sorted(stake_points(SEED).values()) == sorted(SEED.stakes)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["9.43 m", "17.43 m", "stake C", "0.5 m, 1.5 m, 2.5 m, 3.5 m, and 4.5 m"]),
        (
            "nl",
            [
                "9,43 m",
                "17,43 m",
                "paaltje C",
                "0,5 m, 1,5 m, 2,5 m, 3,5 m en 4,5 m",
                "allebei 6,40 m",
                "basislijn",
            ],
        ),
    ],
)
def test_marking_steps_carry_the_tape_measurements(lang: str, words: list[str]) -> None:
    steps = " ".join(marking_steps(WORLD, Texts(lang))).replace("\xa0", " ")
    assert "werplijn" not in steps
    for word in words:
        assert word in steps
    assert len(marking_steps(WORLD, Texts(lang))) == 8


def _rects(path: Path, page: int) -> list[tuple[float, float, float, float]]:
    """Every ``x y w h re`` of a page and the extents of every closed ``m l l l h`` path."""
    data = PdfReader(path).pages[page].get_contents()
    assert data is not None
    text = data.get_data().decode("latin-1")
    number = r"(-?\d+(?:\.\d+)?)"
    found = [
        tuple(float(v) for v in m.groups())
        for m in re.finditer(rf"{number} {number} {number} {number} re", text)
    ]
    quad = rf"{number} {number} m {number} {number} l {number} {number} l {number} {number} l h"
    for m in re.finditer(quad, text):
        xs, ys = [float(v) for v in m.groups()[0::2]], [float(v) for v in m.groups()[1::2]]
        found.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    return found  # type: ignore[return-value]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("field", [WORLD, SEED], ids=["world", "seed"])
def test_pdf_field_is_drawn_to_scale(tmp_path: Path, paper: str, field: KubbField) -> None:
    path = tmp_path / "plan.pdf"
    layout = write_field_plan_pdf(path, field, Texts("en"), paper, "test")
    reader = PdfReader(path)
    assert len(reader.pages) == 2
    page = reader.pages[0]
    width_mm = float(page.mediabox.width) / PT_PER_MM
    assert width_mm == pytest.approx(297.0 if paper == "A4" else 279.4, abs=0.05)
    scale = layout.scale
    rects = _rects(path, 0)
    field_w = field.length * 1000 / scale * PT_PER_MM
    field_h = field.width * 1000 / scale * PT_PER_MM
    assert any(
        w == pytest.approx(field_w, abs=0.05) and h == pytest.approx(field_h, abs=0.05)
        for _, _, w, h in rects
    ), f"no {field.length} x {field.width} m rectangle at 1:{scale}"
    ten_mm = [r for r in rects if r[2] == pytest.approx(10 * PT_PER_MM, abs=0.01)]
    assert len(ten_mm) >= 10  # the 100 mm check bar: ten 10 mm blocks
    metre = 1000 / scale * PT_PER_MM
    assert sum(r[2] == pytest.approx(metre, abs=0.01) for r in rects) >= 1
    assert 0 <= field_w <= float(page.mediabox.width)


def test_scale_is_the_largest_that_fits() -> None:
    assert choose_scale(WORLD, (273.0, 146.0)) == 50
    assert choose_scale(KubbField(20.0, 8.0), (273.0, 146.0)) == 100


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            [
                "scale 1:50",
                "Marking out the field",
                "9.43 m",
                "at least 18 m",
                "SCALE CHECK: this bar must measure 100 mm",
            ],
        ),
        (
            "nl",
            [
                "schaal 1:50",
                "Het veld uitzetten",
                "minstens 18 m",
                "Maten voor het meetlint",
                "Schaalcontrole: deze balk moet precies 100 mm zijn.",
                "1 m op het veld = 2 cm op papier",
            ],
        ),
    ],
)
def test_pdf_texts_in_both_languages(tmp_path: Path, lang: str, words: list[str]) -> None:
    path = tmp_path / f"plan-{lang}.pdf"
    write_field_plan_pdf(path, WORLD, Texts(lang), "A4", "kubb-world")
    text = subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    flat = " ".join(text.split())
    for word in words:
        assert word in flat
    assert ("SCALE CHECK" in flat) == (lang == "en")


def test_pdf_is_deterministic(tmp_path: Path) -> None:
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    write_field_plan_pdf(a, SEED, Texts("nl"), "Letter", "x")
    write_field_plan_pdf(b, SEED, Texts("nl"), "Letter", "x")
    assert a.read_bytes() == b.read_bytes()
