"""The import graph (tools/import_graph.py): circles are found, and the project gains no new
runtime circle (the known ones, listed below with their reasons, are to be taken apart)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "import_graph", ROOT / "tools" / "import_graph.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["import_graph"] = module
    spec.loader.exec_module(module)
    return module


graph_tool = _tool()

KNOWN_RUNTIME = [
    # a game's prints replay its scenarios through its GameDefinition, imported lazily from
    # plugin.py, whose artifacts hook imports the prints lazily: to be taken apart by a
    # module that holds the definition's scenario half alone
    [
        "plywright.plugins.cardtrack.artifacts",
        "plywright.plugins.cardtrack.examples",
        "plywright.plugins.cardtrack.plugin",
        "plywright.plugins.cardtrack.production_checks",
        "plywright.plugins.cardtrack.refcard",
        "plywright.plugins.cardtrack.rulebook",
    ],
    [
        "plywright.plugins.halma.artifacts",
        "plywright.plugins.halma.examples",
        "plywright.plugins.halma.plugin",
        "plywright.plugins.halma.rulebook",
    ],
    [
        "plywright.plugins.kubb.artifacts",
        "plywright.plugins.kubb.plugin",
        "plywright.plugins.kubb.rulebook",
    ],
]


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / "generator" / f"{name}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (tmp_path / "plugins").mkdir(exist_ok=True)
    return tmp_path


def test_a_lazy_import_closes_a_runtime_circle_and_typing_is_apart(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "__init__": "",
            "a": "from plywright import b\n",
            "b": "def f():\n    from plywright.c import x\n",
            "c": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from plywright.d import y\nimport plywright.a\n",
            "d": "from plywright.c import z\n",
        },
    )
    graph = graph_tool.import_graph(root)
    assert graph["plywright.c"].typing == frozenset({"plywright.d"})
    assert graph_tool.runtime_circles(graph) == [["plywright.a", "plywright.b", "plywright.c"]]
    assert graph_tool.typing_circles(graph) == [
        ["plywright.a", "plywright.b", "plywright.c", "plywright.d"]
    ]


def test_no_new_runtime_circle() -> None:
    found = graph_tool.runtime_circles(graph_tool.import_graph())
    new = [circle for circle in found if not any(set(circle) <= set(k) for k in KNOWN_RUNTIME)]
    assert new == []
    gone = [k for k in KNOWN_RUNTIME if not any(set(circle) <= set(k) for circle in found)]
    assert gone == [], "taken apart: remove them from KNOWN_RUNTIME"
