"""The kinds of move of Kubb's restricted-play probe (``GameDefinition.restrictable``).

Only real choices are kinds the probe forbids. Which kind of kubb a baton goes at is not one:
the rules fix the order (field kubbs while any stand, then base kubbs, then the king), so every
legal target of a baton is of one kind. The choices a team makes are:

- ``advantage``: throwing the batons from the advantage line when it is offered (rather than
  from the baseline);
- ``front``: a baton at the front field kubb, the one nearest the centre line (left standing,
  it gives the other team its advantage line), while another field kubb stands;
- ``group``: a throw-in aimed at a standing field kubb (closer than ``neighbour_radius``, where
  kubbs fall together), building a group rather than starting a kubb on its own.

:func:`move_kind` names the other decisions too (``baseline``, ``field``, ``base``, ``king``,
``throw-in``, ``penalty``) but the probe never forbids them alone.
"""

from __future__ import annotations

import math
from typing import Any

from plywright.api import Restrictable
from plywright.plugins.kubb.rules import ADVANCE, ADVANTAGE, BATON_AIM, PENALTY, THROW_AIM

ADVANTAGE_LINE, FRONT, GROUP = "advantage", "front", "group"
KINDS = (ADVANTAGE_LINE, FRONT, GROUP)
"""The kinds the probe forbids, one at a time."""
EPSILON = 1e-9
"""Field kubbs this close to the same distance from the centre line are all front kubbs."""


def move_kind(state: Any, action: int) -> str:
    """The kind of ``action`` in the Kubb position ``state`` (module docstring; ``""`` for a
    chance outcome; module level: plans are pickled)."""
    phase = state.phase
    game = state.game
    if phase == ADVANTAGE:
        return ADVANTAGE_LINE if action == ADVANCE else "baseline"
    if phase == BATON_AIM:
        if action == game.kubbs:
            return "king"
        if state.base[action]:
            return "base"
        centre = game.field.centre_x
        field, _ = state.standing_targets(state.team)
        nearest = min(abs(state.xs[i] - centre) for i in field)
        return FRONT if abs(state.xs[action] - centre) <= nearest + EPSILON else "field"
    if phase == THROW_AIM:
        x, y = game.aims[1 - state.team][action]
        field, _ = state.standing_targets(state.team)
        radius = game.rules.neighbour_radius
        near = any(math.hypot(state.xs[i] - x, state.ys[i] - y) < radius for i in field)
        return GROUP if near else "throw-in"
    if phase == PENALTY:
        return "penalty"
    return ""


RESTRICTABLE = Restrictable(KINDS, move_kind)
"""What the restricted-play probe forbids: the advantage line, the front kubb first, grouped
throw-ins."""
