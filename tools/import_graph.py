"""The import graph of plywright's own modules, and the circles in it.

Reads every module of ``generator/`` and ``plugins/`` with :mod:`ast` (nothing is imported)
and sorts each import into one of two kinds:

- **runtime**: executed when the code runs, at module level or inside a function (a lazy
  import still ties the two modules together);
- **typing**: under ``if TYPE_CHECKING:``, seen by mypy only.

A circle is a strongly connected component of more than one module (Tarjan's algorithm).
``python tools/import_graph.py`` prints the runtime circles, then the circles that typing
imports add, one per line, and exits 1 when there is a runtime circle.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"generator": "plywright", "plugins": "plywright.plugins"}
"""The project's folders and their import names (see setup.py)."""


@dataclass(frozen=True)
class Imports:
    """A module's imports of the project's own modules, by kind."""

    runtime: frozenset[str]
    typing: frozenset[str]


def module_name(path: Path, root: Path = ROOT) -> str:
    """The import name of the module at ``path`` (its folder mapped by :data:`PACKAGES`)."""
    folder, *parts = path.relative_to(root).with_suffix("").parts
    if parts and parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGES[folder], *parts])


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the project's packages by its dotted name."""
    return {
        module_name(path, root): path
        for package in PACKAGES
        for path in sorted((root / package).rglob("*.py"))
    }


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _targets(node: ast.Import | ast.ImportFrom, here: str, known: Iterable[str]) -> set[str]:
    """The project modules an import statement in module ``here`` loads."""
    names = set(known)
    found: set[str] = set()
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name in names:
                found.add(alias.name)
        return found
    base = node.module or ""
    if node.level:
        package = here.split(".")[: -node.level] if node.level else []
        base = ".".join([*package, base] if base else package)
    for alias in node.names:
        submodule = f"{base}.{alias.name}"
        if submodule in names:
            found.add(submodule)
        elif base in names:
            found.add(base)
    return found


def module_imports(path: Path, here: str, known: Iterable[str]) -> Imports:
    """The imports of the module at ``path`` (named ``here``) by kind."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    typing_nodes: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                typing_nodes.update(id(sub) for sub in ast.walk(child))
    runtime: set[str] = set()
    typed: set[str] = set()
    known = list(known)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            targets = _targets(node, here, known) - {here}
            (typed if id(node) in typing_nodes else runtime).update(targets)
    return Imports(frozenset(runtime), frozenset(typed - runtime))


def import_graph(root: Path = ROOT) -> dict[str, Imports]:
    """Every project module's imports."""
    modules = project_modules(root)
    return {name: module_imports(path, name, modules) for name, path in modules.items()}


def circles(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node, each sorted, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def runtime_circles(graph: Mapping[str, Imports]) -> list[list[str]]:
    return circles({name: imports.runtime for name, imports in graph.items()})


def typing_circles(graph: Mapping[str, Imports]) -> list[list[str]]:
    """Circles that appear only once typing imports are counted too."""
    both = {name: imports.runtime | imports.typing for name, imports in graph.items()}
    runtime = {frozenset(circle) for circle in runtime_circles(graph)}
    return [circle for circle in circles(both) if frozenset(circle) not in runtime]


def main() -> int:
    graph = import_graph()
    runtime, typed = runtime_circles(graph), typing_circles(graph)
    for circle in runtime:
        print("runtime:", " -> ".join(circle))
    for circle in typed:
        print("typing: ", " -> ".join(circle))
    print(f"{len(graph)} modules, {len(runtime)} runtime circles, {len(typed)} typing-only")
    return 1 if runtime else 0


if __name__ == "__main__":
    raise SystemExit(main())
