"""The Kubb throw model (placeholder constants; the model follows)."""

from __future__ import annotations

REFERENCE_DISTANCE = 8.0
SKILL_LEVELS: dict[str, float] = {"beginner": 0.25, "club": 0.42, "advanced": 0.65}
MIN_SKILL, MAX_SKILL = 0.01, 0.99
MAX_HIT = 0.97
NEIGHBOUR_RADIUS = 0.4
NEIGHBOUR_CHANCE = 0.6
KING_RADIUS = 1.0
KING_CHANCE = 0.15
THROW_IN_SPREAD = 0.5
THROW_IN_FAIL = 0.05
