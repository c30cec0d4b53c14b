"""The star-board geometry model: hole counts, points and step distances."""

from __future__ import annotations

import pytest

from plywright.plugins.halma.geometry import hole_count, holes_per_point, star_board


@pytest.mark.parametrize(("n", "holes"), [(2, 37), (3, 73), (4, 121), (5, 181), (7, 337)])
def test_hole_counts(n: int, holes: int) -> None:
    board = star_board(n)
    assert len(board) == hole_count(n) == holes
    assert all(len(point) == holes_per_point(n) for point in board.points)


def test_steps_from_the_centre_reach_the_tips_in_2n() -> None:
    board = star_board(4)
    steps = board.steps_from(board.index[(0, 0)])
    assert -1 not in steps
    assert steps[board.index[(4, -8)]] == 8  # top tip of P0
    assert steps[board.index[(1, 0)]] == 1
    assert max(steps) == 8


def test_tips_are_the_star_corners_and_distances_count_steps_to_them() -> None:
    from plywright.plugins.halma.geometry import star_corners

    board = star_board(4)
    corners = star_corners(4)[::2]  # tips, clockwise from the top tip (point 0)
    assert [board.holes[board.tip(p)] for p in range(6)] == corners
    dist = board.steps_to_tip(3)
    assert dist[board.tip(3)] == 0
    assert dist[board.tip(0)] == 16  # tip to tip across the board
    assert dist[board.index[(0, 0)]] == 8


ENGINE_MODULES = ("geometry", "options", "movegen", "rules")


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_the_engine_does_not_import_its_players(module: str) -> None:
    """Imports run one way: agents -> rules -> movegen -> geometry (also inside functions)."""
    import ast
    from pathlib import Path

    import plywright.plugins.halma

    source = Path(plywright.plugins.halma.__file__).parent / f"{module}.py"
    imported = set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    players = {"plywright.plugins.halma.agents", "plywright.plugins.halma.plugin"}
    assert not imported & players, f"{module}.py imports {sorted(imported & players)}"
