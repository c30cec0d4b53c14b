"""A whole Konstruktsiia build through the plugin (CadQuery runs in this module's one fixture):
the manifest's kinds, the token STEP solids, the BOM and report, and byte-identical rebuilds."""

from __future__ import annotations

import csv
import json
import math
import shutil
import subprocess
import time
from pathlib import Path
from typing import NamedTuple

import pytest

from plywright.build import build
from plywright.registry import load_registry
from plywright.variant import load_variant

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "konstruktsiia.toml"


class Built(NamedTuple):
    folder: Path
    again: Path
    manifest: dict[str, object]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    registry = load_registry()
    variant = load_variant(EXAMPLE, registry)
    first = tmp_path_factory.mktemp("konstruktsiia") / "a"
    result = build(registry, variant, first)
    at = time.monotonic()
    time.sleep(max(0.0, at + 1.1 - time.monotonic()))  # clocks must have moved on
    second = first.parent / "b"
    build(registry, load_variant(EXAMPLE, registry), second)
    return Built(first, second, result.manifest)


def entries(built: Built) -> list[dict[str, object]]:
    return built.manifest["artifacts"]  # type: ignore[return-value]


def test_every_play_aid_is_in_the_manifest(built: Built) -> None:
    paths = {str(e["path"]): str(e["kind"]) for e in entries(built)}
    assert paths == {
        "print/track-mat-a4-uk.pdf": "print/template",
        "print/track-mat-a4-en.pdf": "print/template",
        "print/track-mat-full-size-uk.pdf": "print/template",
        "print/track-mat-full-size-en.pdf": "print/template",
        "layout/track-mat.svg": "layout/svg",
        "print/tokens.pdf": "print/sheet",
        "cad/tokens.dxf": "cad/dxf",
        "layout/tokens.svg": "layout/svg",
        "cad/token-big.step": "cad/step",
        "cad/token-small.step": "cad/step",
        "bom.csv": "bom/csv",
        "preview.svg": "preview/svg",
        "report/play-aids.json": "report/json",
        "report/static-checks.json": "report/json",
        "print/reference-card-uk.pdf": "print/sheet",
        "print/reference-card-en.pdf": "print/sheet",
        "print/rulebook-uk.pdf": "print/rulebook",
        "print/rulebook-en.pdf": "print/rulebook",
    }
    langs = {str(e["path"]): e.get("lang") for e in entries(built)}
    assert langs["print/reference-card-uk.pdf"] == "uk"
    assert langs["print/rulebook-en.pdf"] == "en"
    assert langs["print/track-mat-a4-uk.pdf"] == "uk"
    assert langs["print/track-mat-full-size-en.pdf"] == "en"
    assert langs["print/tokens.pdf"] is None  # one sheet for every language


def test_every_file_is_byte_identical_when_built_again(built: Built) -> None:
    for entry in entries(built):
        path = str(entry["path"])
        assert (built.folder / path).read_bytes() == (built.again / path).read_bytes(), path


@pytest.mark.parametrize(
    ("name", "diameter", "ring"), [("big", 30.0, True), ("small", 18.0, False)]
)
def test_token_step_is_one_solid_of_the_token_size(
    built: Built, name: str, diameter: float, ring: bool
) -> None:
    import cadquery as cq

    shape = cq.importers.importStep(str(built.folder / f"cad/token-{name}.step"))
    solids = shape.solids().vals()
    assert len(solids) == 1 and solids[0].isValid()
    box = solids[0].BoundingBox()
    assert (box.xlen, box.ylen, box.zlen) == pytest.approx((diameter, diameter, 8.0), abs=1e-3)
    assert box.zmax == pytest.approx(0.0, abs=1e-6)  # top face at Z = 0
    r, c = diameter / 2, 0.6
    disc = math.pi * r**2 * 8.0
    chamfers = 2 * (c**2 / 2) * 2 * math.pi * (r - c / 3)  # two 45-degree edge chamfers
    groove = 2 * math.pi * (0.62 * 15.0) * 1.0 * 0.6 if ring else 0.0  # ring 1 mm x 0.6 mm
    assert solids[0].Volume() == pytest.approx(disc - chamfers - groove, abs=0.05)


def test_bom_and_report(built: Built) -> None:
    rows = list(csv.DictReader((built.folder / "bom.csv").open(encoding="utf-8")))
    quantity = {row["item"]: int(row["quantity"]) for row in rows}
    assert quantity["deck of 52 cards + 2 jokers"] == 3
    assert quantity["big token D30 x 8 mm"] == 2
    assert quantity["small token D18 x 8 mm"] == 12
    assert quantity["A4 sheets (tiled mat)"] == 15
    report = json.loads((built.folder / "report/play-aids.json").read_text())
    assert report["mat"]["slots"] == 77 and report["mat"]["printable"] is True
    assert report["mat"]["tiled_pages"] == 16
    assert report["tokens"] == {"big": 2, "small": 12}
    checks = json.loads((built.folder / "report/static-checks.json").read_text())
    names = {c["name"]: c["ok"] for c in checks["static_checks"]}
    assert names["production.mat_printable"] is True
    assert names["production.refcard_uk"] is True


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler-utils not installed")
def test_every_pdf_embeds_its_fonts(built: Built) -> None:
    pdfs = sorted(built.folder.rglob("*.pdf"))
    assert len(pdfs) == 9
    for path in pdfs:
        out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True)
        rows = out.stdout.splitlines()[2:]
        assert rows and all(" yes " in row and "DejaVu" in row for row in rows), path.name
