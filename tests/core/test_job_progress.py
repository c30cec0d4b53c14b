"""The designer's job progress: the planned total is sent first and again when it grows (the
spoiler probes' second stage is planned only after the first was played)."""

from __future__ import annotations

from typing import Any

from plywright.simulate.games import GrowingProgress, grow_progress
from plywright.web.work import JobProgress


def test_a_job_announces_its_total_and_every_growth() -> None:
    sent: list[tuple[Any, ...]] = []
    progress = JobProgress(sent.append, 10)
    progress(4)
    assert isinstance(progress, GrowingProgress)
    grow_progress(progress, 6)
    grow_progress(progress, 0)
    progress(12)
    assert sent == [("total", 10), ("progress", 4), ("total", 16), ("progress", 16)]


def test_a_plain_callback_is_left_alone() -> None:
    seen: list[int] = []
    assert not isinstance(seen.append, GrowingProgress)
    grow_progress(seen.append, 5)  # a callback that cannot grow is not called
    assert seen == []
