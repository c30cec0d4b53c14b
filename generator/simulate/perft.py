"""Legal-move tree counts (perft) for turn-based engines.

An engine may count its own tree fast (:class:`~plywright.engine.CountsPerft`); otherwise
the generic clone-and-apply walk below is used.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from plywright.engine import Game, State, fast_perft
from plywright.errors import InputError


def generic_perft(state: State, depth: int) -> int:
    """Nodes exactly ``depth`` plies below ``state`` (games that end earlier add nothing)."""
    if depth == 0:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.clone()
        child.apply_action(action)
        total += generic_perft(child, depth - 1)
    return total


def perft_lines(game: Game, max_depth: int) -> Iterator[tuple[int, int, float]]:
    """``(depth, count, seconds)`` for depths 1..max_depth from the initial state."""
    info = game.info()
    if not info.turn_based or info.has_chance:
        raise InputError(
            "perft: this game has chance nodes or simultaneous moves (turn-based only)"
        )
    start = game.new_initial_state()
    fast = fast_perft(start)
    for depth in range(1, max_depth + 1):
        began = time.perf_counter()
        count = fast.perft(depth) if fast is not None else generic_perft(start.clone(), depth)
        yield depth, count, time.perf_counter() - began
