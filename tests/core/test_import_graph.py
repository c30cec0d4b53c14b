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

KNOWN_TYPING = [
    # the contract and the variant: GameDefinition's hooks take a Variant, a Variant holds
    # its GameDefinition; the core's agents, registry and fast lane sit between the two
    [
        "plywright.agents",
        "plywright.api",
        "plywright.hookspecs",
        "plywright.print.publisher",
        "plywright.registry",
        "plywright.scenarios",
        "plywright.simulate.fastlane",
        "plywright.simulate.generic_agents",
        "plywright.simulate.mcts",
        "plywright.simulate.playout",
        "plywright.simulate.table",
        "plywright.variant",
    ],
    # the state's own move generator and chance sampler, typed by the state that calls them
    [
        "plywright.plugins.cardtrack.movegen",
        "plywright.plugins.cardtrack.rules",
        "plywright.plugins.cardtrack.sampling",
    ],
    # a turn's search view builds layouts of its groups, and a layout reads its view
    ["plywright.plugins.kubb.estimate", "plywright.plugins.kubb.layout"],
]
"""The typing-only circles left, each a pair of definitions that refer to one another (no
single definition moved elsewhere takes them apart). No runtime circle is left."""


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


def test_no_runtime_circle() -> None:
    assert graph_tool.runtime_circles(graph_tool.import_graph()) == []


def test_no_new_typing_circle() -> None:
    found = graph_tool.typing_circles(graph_tool.import_graph())
    new = [circle for circle in found if not any(set(circle) <= set(k) for k in KNOWN_TYPING)]
    assert new == []
    gone = [k for k in KNOWN_TYPING if not any(set(circle) <= set(k) for circle in found)]
    assert gone == [], "taken apart: remove them from KNOWN_TYPING"
