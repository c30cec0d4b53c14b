"""`plywright build --batch N --machine FILE`: programs, tool table, setup sheets and the
job's figures in cam/job.json and the manifest, the sheets in the workshop's words."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from camkit import EXAMPLES

from plywright.cam.machine import machine_template
from plywright.cam.setup_sheet import LANGUAGES, CamTexts
from plywright.locales import load


def test_every_language_has_the_english_keys() -> None:
    keys = set(load(CamTexts.folder, "en"))
    for lang in LANGUAGES:
        assert set(load(CamTexts.folder, lang)) == keys, lang


def test_a_batch_build_writes_the_job(run_cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    profile = tmp_path / "workshop.toml"
    profile.write_text(machine_template().replace('language = "en"', 'language = "lv"'), "utf-8")
    out = tmp_path / "out"
    done = run_cli(
        "build",
        str(EXAMPLES / "konstruktsiia.toml"),
        "--batch",
        "2",
        "--machine",
        str(profile),
        "--only",
        "cam",
        "--out",
        str(out),
    )
    assert done.returncode == 0, done.stderr
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    kinds = sorted(e["path"] for e in manifest["artifacts"])
    assert kinds == [
        "cam/job.json",
        "cam/setup-en.pdf",
        "cam/setup-lv.pdf",
        "cam/sheet-01.ngc",
        "cam/tools.tbl",
    ]
    cam = manifest["cam"]
    assert cam == json.loads((out / "cam/job.json").read_text("utf-8"))
    assert (cam["batch"], cam["sheets_needed"], cam["layout"]) == (2, 1, "spyrrow")
    [sheet] = cam["sheets"]
    assert len(sheet["parts"]) == 28
    quote = cam["quote"]
    assert abs(quote["per_board"] - quote["per_batch"] / 2) <= 0.01
    assert quote["machine_seconds"] == sheet["machine_seconds"]
    text = subprocess.run(
        ["pdftotext", "-layout", str(out / "cam/setup-lv.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "Iestatīšanas lapa un cenas aprēķins" in text
    assert f"{quote['per_batch']:.2f}".replace(".", ",") + " EUR" in text
    assert "Nulles punkts" in text and "T2 gala frēze" in text
    english = subprocess.run(
        ["pdftotext", "-layout", str(out / "cam/setup-en.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "Setup sheet and quote" in english and f"{quote['per_board']:.2f} EUR" in english
    assert "G83" not in (out / "cam/sheet-01.ngc").read_text("ascii")  # tokens: no holes
    # a partial rebuild without CAM keeps the CAM files and their figures
    again = run_cli(
        "build", str(EXAMPLES / "konstruktsiia.toml"), "--only", "report", "--out", str(out)
    )
    assert again.returncode == 0, again.stderr
    after = json.loads((out / "manifest.json").read_text("utf-8"))
    assert after["cam"] == cam
    assert {e["path"] for e in after["artifacts"] if e["kind"].startswith("cam/")} == set(kinds)


def test_two_batch_builds_are_byte_identical(run_cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # nesting stops spyrrow's search on its reports, never on the clock: the same on any load
    files: list[dict[str, bytes]] = []
    for name in ("one", "two"):
        out = tmp_path / name
        done = run_cli(
            "build",
            str(EXAMPLES / "halma-standard.toml"),
            "--batch",
            "2",
            "--only",
            "cam",
            "--out",
            str(out),
        )
        assert done.returncode == 0, done.stderr
        files.append({p.name: p.read_bytes() for p in sorted((out / "cam").iterdir())})
    first, second = files
    assert json.loads(first["job.json"])["layout"] == "spyrrow"
    assert {"sheet-01.ngc", "setup-en.pdf", "job.json"} <= set(first)
    assert first == second
