"""The star-board geometry model: hole counts, points and step distances."""

from __future__ import annotations

import pytest

from plugins.halma.geometry import hole_count, holes_per_point, star_board


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
