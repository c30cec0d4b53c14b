"""Konstruktsiia's player-action codes: ``payload << 3 | type`` (see :mod:`.rules`)."""

from __future__ import annotations

DISCARD, BUILD, BIG, SMALL, KING = 0, 1, 2, 3, 4
ACTION_NAMES = ("discard", "build", "big", "small", "king")
BIG_TOKEN = 0
"""Token id of the big token in records; small tokens are 1, 2, ... in order of placement."""


def action_type(action: int) -> int:
    return action & 7


def build_action(slot: int) -> int:
    return slot << 3 | BUILD


def big_action(slot: int) -> int:
    return slot << 3 | BIG


def small_action(token: int, dest: int) -> int:
    return (dest << 5 | token) << 3 | SMALL


def king_action(dest: int) -> int:
    return dest << 3 | KING
