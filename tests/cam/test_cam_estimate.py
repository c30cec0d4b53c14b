"""Machine time from the program's moves: trapezoids with the machine's acceleration and
corner speeds, not a feed-only sum."""

from __future__ import annotations

import math

import pytest
from camkit import machine, parts

from plywright.cam.estimate import feed_only_seconds, move_seconds, sheet_times, trapezoid
from plywright.cam.job import plan_job
from plywright.cam.toolpath import Move

M = machine(motion={"acceleration": 500.0, "max_feed": 10_000.0, "rapid": 12_000.0})


def test_a_long_move_cruises_and_a_short_one_never_does() -> None:
    # 100 mm at 100 mm/s with 500 mm/s²: 0.2 s (10 mm) up, 0.2 s down, 80 mm cruising
    assert trapezoid(100.0, 0.0, 0.0, 100.0, 500.0) == pytest.approx(0.2 + 0.2 + 0.8)
    # 2 mm: a triangle, peak sqrt(a·L) = 31.6 mm/s
    assert trapezoid(2.0, 0.0, 0.0, 100.0, 500.0) == pytest.approx(2 * math.sqrt(2.0 / 500.0))


def test_a_straight_line_in_pieces_takes_as_long_as_in_one() -> None:
    one = move_seconds([Move(100.0, 0.0, 0.0, 6000.0)], (0.0, 0.0, 0.0), M)
    pieces = move_seconds(
        [Move(float(x), 0.0, 0.0, 6000.0) for x in range(1, 101)], (0.0, 0.0, 0.0), M
    )
    assert pieces == pytest.approx(one, rel=1e-6)


def test_corners_and_reversals_slow_the_tool() -> None:
    start = (0.0, 0.0, 0.0)
    straight = move_seconds([Move(50.0, 0.0, 0.0, 6000.0), Move(100.0, 0.0, 0.0, 6000.0)], start, M)
    corner = move_seconds([Move(50.0, 0.0, 0.0, 6000.0), Move(50.0, 50.0, 0.0, 6000.0)], start, M)
    back = move_seconds([Move(50.0, 0.0, 0.0, 6000.0), Move(0.0, 0.0, 0.0, 6000.0)], start, M)
    assert straight < corner < back + 1e-9
    assert back == pytest.approx(2 * trapezoid(50.0, 0, 0, 100.0, 500.0))


def test_feeds_above_the_machines_maximum_are_capped() -> None:
    slow = machine(motion={"max_feed": 3000.0})
    fast = move_seconds([Move(1000.0, 0.0, 0.0, 3000.0)], (0.0, 0.0, 0.0), slow)
    capped = move_seconds([Move(1000.0, 0.0, 0.0, 9000.0)], (0.0, 0.0, 0.0), slow)
    assert capped == pytest.approx(fast)


def test_a_programs_time_is_more_than_its_feed_only_sum() -> None:
    cam = plan_job(parts("halma-standard"), M)
    [program] = cam.programs
    times = sheet_times(program.jobs, M)
    moving = sum(t.seconds for t in times)
    naive = feed_only_seconds(program.jobs, M)
    assert naive < moving < 3 * naive
    assert [t.job for t in times] == list(program.jobs)
    assert all(t.change == M.motion.tool_change for t in times)
