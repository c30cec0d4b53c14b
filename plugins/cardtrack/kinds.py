"""The kinds of move of Konstruktsiia's restricted-play probe (``GameDefinition.restrictable``).

A turned card is used in one of four ways, each a kind the probe forbids:

- ``build``: the card is placed into the track;
- ``big``: the player's big token moves onto a neighbouring card;
- ``small``: a small token already on the track moves (up to ``small_max_steps`` steps);
- ``discard``: the card goes onto the open pile unused.

A king with a small token in reserve must bring it in (``king``, with its move): that is no
choice, so the probe never forbids it.
"""

from __future__ import annotations

from typing import Any

from plywright.api import Restrictable
from plywright.plugins.cardtrack.actions import ACTION_NAMES, action_type

KINDS = ("build", "big", "small", "discard")
"""The kinds the probe forbids, one at a time
(:data:`~plywright.plugins.cardtrack.actions.ACTION_NAMES` less ``king``)."""


def move_kind(state: Any, action: int) -> str:
    """The kind of the player action ``action``: its name in
    :data:`~plywright.plugins.cardtrack.actions.ACTION_NAMES` (module level: plans are pickled)."""
    return ACTION_NAMES[action_type(action)]


RESTRICTABLE = Restrictable(KINDS, move_kind)
"""What the restricted-play probe forbids: building, the big token's moves, the small tokens'
moves, discarding."""
