"""Stable artifacts compared byte for byte with committed reference files (tests/reference/).

After an intended change, regenerate them with ``PLYWRIGHT_UPDATE_REFERENCE=1 pytest
tests/core/test_reference_outputs.py``, look at the diff and commit it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from plywright.build import collect_artifacts
from plywright.registry import load_registry
from plywright.variant import load_variant

REFERENCE = Path(__file__).parents[1] / "reference"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CASES = [
    ("halma-standard.toml", "bom.csv"),
    ("halma-standard.toml", "layout/board.svg"),
    ("halma-pro.toml", "bom.csv"),
    ("konstruktsiia.toml", "bom.csv"),
    ("kubb-seed.toml", "bom.csv"),
    ("tictactoe.toml", "layout/board.svg"),
]


@pytest.mark.parametrize(("example", "artifact_path"), CASES)
def test_artifact_matches_the_committed_reference(
    example: str, artifact_path: str, tmp_path: Path
) -> None:
    registry = load_registry()
    variant = load_variant(EXAMPLES / example, registry)
    [artifact] = [a for a in collect_artifacts(registry, variant) if a.path == artifact_path]
    written = tmp_path / Path(artifact_path).name
    artifact.write(written)
    reference = REFERENCE / variant.name / artifact_path
    if os.environ.get("PLYWRIGHT_UPDATE_REFERENCE"):
        reference.parent.mkdir(parents=True, exist_ok=True)
        reference.write_bytes(written.read_bytes())
    assert reference.is_file(), "no reference yet: run with PLYWRIGHT_UPDATE_REFERENCE=1"
    assert written.read_bytes() == reference.read_bytes(), f"{artifact_path} of {example} changed"
