"""The kinds of move of halma's restricted-play probe (``GameDefinition.restrictable``).

- ``step``: a peg moves to an empty neighbouring hole;
- ``jump``: a peg jumps, one jump or a chain (a chain never ends on a neighbour of its start:
  every landing lies in the start's parity class, :mod:`plywright.plugins.halma.movegen`).

A pass (the one action of a seat that cannot move) is neither. The search kernels take the
kind as a code (:data:`plywright.plugins.halma.fast.search.FORBID_STEP`, ``FORBID_JUMP``), mirrored
here so that this module stays light (no numba).
"""

from __future__ import annotations

from typing import Any

from plywright.api import Forbid, Restrictable

STEP, JUMP, PASS = "step", "jump", "pass"
KINDS = (STEP, JUMP)
"""The kinds the probe forbids, one at a time."""
CODES = {STEP: 1, JUMP: 2}
"""Each kind's code in the search kernels (0: nothing forbidden)."""


def move_kind(state: Any, action: int) -> str:
    """The kind of ``action`` in the halma position ``state``: ``step``, ``jump`` or
    ``pass`` (module level: plans are pickled)."""
    game = state.game
    if action == game.pass_action:
        return PASS
    start, to = divmod(action, game.size)
    return STEP if game.tables.steps[start] >> to & 1 else JUMP


def forbid_code(forbid: Forbid | None) -> int:
    """The search kernels' code of ``forbid`` (0 for none, or for a kind never forbidden
    alone, such as ``pass``); ``ValueError`` for a forbid that does not name halma's kinds."""
    if forbid is None:
        return 0
    if forbid.kind_of is not move_kind:
        raise ValueError(
            f"the halma search forbids only its own kinds of move ({', '.join(KINDS)}), "
            f"not {forbid.kind!r} of {getattr(forbid.kind_of, '__qualname__', forbid.kind_of)}"
        )
    return CODES.get(forbid.kind, 0)


RESTRICTABLE = Restrictable(KINDS, move_kind)
"""What the restricted-play probe forbids: single steps, then jumps."""
