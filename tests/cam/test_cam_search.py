"""spyrrow's search in its own process: stopped at the first layout accepted, the same one
however slowly the reports are read, given up after failed attempts, and never used when the
clock may have cut it short."""

from __future__ import annotations

import time

import pytest

from plywright.cam.search import Item, Layout, Unrepeatable, search

TRIANGLE = ((0.0, 0.0), (100.0, 0.0), (0.0, 60.0))
ITEMS = [Item("triangle", TRIANGLE, 8, (0.0, 90.0, 180.0, 270.0))]
"""Eight right triangles in a strip 150 mm high: 200 mm wide at best (four 100 x 60 pairs),
spyrrow's first layout about 240 mm."""


def test_the_search_stops_at_the_first_layout_accepted() -> None:
    seen: list[float] = []

    def accept(layout: Layout) -> Layout | None:
        seen.append(layout.width)
        return layout if layout.width <= 220.0 else None

    found = search(ITEMS, 150.0, accept, give_up=10, seconds=600)
    assert found is not None and found.width <= 220.0
    assert seen[-1] == found.width and all(w > 220.0 for w in seen[:-1])
    assert len(found.placed) == 8 and {p[0] for p in found.placed} == {"triangle"}


def test_the_layout_does_not_depend_on_how_fast_the_reports_are_read() -> None:
    def fast(layout: Layout) -> Layout | None:
        return layout if layout.width <= 210.0 else None

    def slow(layout: Layout) -> Layout | None:
        time.sleep(0.02)  # the search runs on meanwhile: its reports queue up
        return fast(layout)

    first = search(ITEMS, 150.0, fast, give_up=10, seconds=600)
    assert first is not None
    assert search(ITEMS, 150.0, slow, give_up=10, seconds=600) == first


def test_a_search_that_accepts_nothing_gives_up() -> None:
    # four triangles in a strip 70 mm high: two 100 x 60 pairs from the start, nothing better
    tight = [Item("triangle", TRIANGLE, 4, (0.0, 90.0, 180.0, 270.0))]
    seen: list[float] = []

    def refuse(layout: Layout) -> None:
        seen.append(layout.width)

    assert search(tight, 70.0, refuse, give_up=1, seconds=600) is None
    assert len(seen) == 1  # the first layout; the first attempt to shrink it failed


def test_a_decision_at_the_time_limit_is_unrepeatable() -> None:
    with pytest.raises(Unrepeatable, match="0 s limit"):
        search(ITEMS, 150.0, lambda layout: layout, give_up=10, seconds=0)


def test_a_failed_search_is_an_error() -> None:
    with pytest.raises(RuntimeError, match="spyrrow's search failed"):
        search(ITEMS, 50.0, lambda layout: layout, give_up=10, seconds=600)  # no room
