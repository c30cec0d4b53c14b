"""STEP text: names in any language are written as ISO 10303-21 escapes (pure ASCII)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from plywright.cad.step import part21_text


def _decode(text: str) -> str:
    """A reader's view of ISO 10303-21 string content (the inverse of :func:`part21_text`)."""

    def groups(match: re.Match[str]) -> str:
        width = 8 if match.group(1) == "4" else 4
        hexes = match.group(2)
        return "".join(chr(int(hexes[i : i + width], 16)) for i in range(0, len(hexes), width))

    text = re.sub(r"\\X([24])\\([0-9A-F]+)\\X0\\", groups, text)
    return text.replace("\\\\", "\\")


@pytest.mark.parametrize(
    ("name", "encoded"),
    [
        ("halma-pro", "halma-pro"),
        ("Ķīniešu dambrete", "\\X2\\0136012B\\X0\\nie\\X2\\0161\\X0\\u dambrete"),
        ("Конструкція", "\\X2\\041A043E043D0441044204400443043A04460456044F\\X0\\"),
        ("a\\b", "a\\\\b"),
        ("kubb 🪵", "kubb \\X4\\0001FAB5\\X0\\"),
    ],
)
def test_names_become_part21_escapes(name: str, encoded: str) -> None:
    assert part21_text(name) == encoded
    assert part21_text(name).isascii()
    assert _decode(part21_text(name)) == name


def test_a_step_file_with_a_latvian_name_is_ascii(tmp_path: Path) -> None:
    import cadquery as cq

    from plywright.cad.step import write_step

    path = tmp_path / "board.step"
    write_step(cq.Workplane().box(10, 20, 5).val(), path, name="Ķīniešu dambrete")
    data = path.read_bytes()
    assert data.isascii()
    [product] = re.findall(rb"PRODUCT\('([^']*)'", data)
    assert _decode(product.decode("ascii")) == "Ķīniešu dambrete"
