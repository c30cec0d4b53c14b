"""Konstruktsiia game records: read, re-validate and replay them.

A record is JSON Lines (issue 8, part 6): a header ``{"game": "cardtrack", "variant": {...},
"seed", "game_index", "players": ["black", "red"], "decks": d}``; one line per turned card
``{"card": "QH", "deck": k, "owner": p, "action": "build" | "big" | "small" | "king" |
"discard", "slot": ["V" | "H", c, r] | null, "path": [[kind, c, r], ...], "token": id | null,
"reshuffled": bool}``; a last line ``{"result", "winners", "cards"}``.

``deck`` counts from 0; ``token`` is 0 for the big token and 1, 2, ... for the small tokens in
the order kings placed them; ``path`` starts where the token stood (a king's path starts on the
own joker, where the new token is put; a big move's path is ``[from, to]``); ``slot`` is the
built card's slot or the slot a token stops on.

:func:`replay_record` (and :func:`check_record`, the game's record checker) checks every path
step by step from the rules text (adjacent slots, cards present, no card entered twice, no
opponent token, card values under the variant's ``small_path_rule``), independently of the
engine's move lists, then lets the engine apply each action; it returns the final state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from pydantic import ValidationError

from plywright.engine import Outcome
from plywright.plugins.cardtrack import cards
from plywright.plugins.cardtrack.actions import ACTION_NAMES
from plywright.plugins.cardtrack.geometry import Slot, neighbours, slot_index
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.rules import (
    DISCARD,
    CardtrackGame,
    CardtrackState,
    big_action,
    build_action,
    king_action,
    make_game,
    small_action,
)
from plywright.records import RecordError, split_record


def game_from_header(header: Mapping[str, Any]) -> CardtrackGame:
    """The game of a record header (``variant``: the ``[rules]`` table)."""
    variant = header.get("variant")
    table = variant.get("rules", variant) if isinstance(variant, Mapping) else None
    if not isinstance(table, Mapping):
        raise RecordError(1, "header has no 'variant' rules table")
    try:
        rules = CardtrackRules.model_validate(dict(table))
    except ValidationError as exc:
        raise RecordError(1, f"invalid rules in the header: {exc.errors()[0]['msg']}") from None
    if header.get("decks", rules.decks) != rules.decks:
        raise RecordError(1, f"header decks {header.get('decks')} != rules decks {rules.decks}")
    if header.get("players", list(cards.PLAYERS)) != list(cards.PLAYERS):
        raise RecordError(1, "players must be ['black', 'red']")
    return make_game(rules)


def _slot(value: object, line: int, what: str) -> Slot:
    if (
        not isinstance(value, list)
        or len(value) != 3
        or value[0] not in ("V", "H")
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value[1:])
    ):
        raise RecordError(line, f'{what} must be ["V" | "H", c, r], got {value!r}')
    try:
        return Slot(value[0], value[1], value[2])
    except ValueError as exc:
        raise RecordError(line, f"{what}: {exc}") from None


def check_path(
    state: CardtrackState, seat: int, path: list[Slot], value: int, line: int, *, big: bool
) -> None:
    """Check a token path against the rules text (not the engine's move lists)."""
    rules = state.game.rules
    steps = len(path) - 1
    most = 1 if big else rules.small_max_steps
    if steps > most:
        raise RecordError(line, f"{steps} steps, at most {most}")
    theirs = state.occ[1 - seat]
    entered: list[int] = []
    seen = {path[0]}
    for hop, (a, b) in enumerate(pairwise(path), start=1):
        if b not in neighbours(a):
            raise RecordError(line, f"step {hop}: {b} is not adjacent to {a}")
        if b in seen:
            raise RecordError(line, f"step {hop}: {b} is entered twice")
        seen.add(b)
        index = slot_index(b)
        kind = state.track.get(index)
        if kind is None:
            raise RecordError(line, f"step {hop}: no card in {b}")
        if index in theirs:
            raise RecordError(line, f"step {hop}: an opponent token stands on {b}")
        entered.append(cards.VALUES[kind])
    if not entered:
        return
    if slot_index(path[-1]) == state.game.barred[seat]:
        raise RecordError(line, f"{path[-1]} is the other player's starting joker (home_joker)")
    stop = entered[-1]
    if big or rules.small_path_rule == "turned_card":
        if max(entered) > value:
            raise RecordError(line, f"a card on the path is higher than the card's {value}")
    else:
        if stop > value:
            raise RecordError(line, f"the stop card ({stop}) is higher than the card's {value}")
        if max(entered) > stop:
            raise RecordError(line, f"a card on the path is higher than the stop card ({stop})")


def _action(state: CardtrackState, entry: Mapping[str, Any], line: int) -> int:
    seat = state.current_player()
    what = entry.get("action")
    slot = entry.get("slot")
    raw_path = entry.get("path", [])
    if not isinstance(raw_path, list):
        raise RecordError(line, "path must be a list")
    path = [_slot(p, line, "path entry") for p in raw_path]
    token = entry.get("token")
    if what == "discard":
        if slot is not None or path or token is not None:
            raise RecordError(line, "a discard has slot null, an empty path and token null")
        return DISCARD
    target = _slot(slot, line, "slot")
    if what == "build":
        if path or token is not None:
            raise RecordError(line, "a build has an empty path and token null")
        return build_action(slot_index(target))
    if not path or path[-1] != target:
        raise RecordError(line, "the path must end on the slot")
    value = state.move_value()
    if what == "big":
        if token != 0 or len(path) != 2 or slot_index(path[0]) != state.big[seat]:
            raise RecordError(line, "a big move is token 0 with path [where it stood, slot]")
        check_path(state, seat, path, value, line, big=True)
        return big_action(slot_index(target))
    smalls = state.smalls[seat]
    if what == "small":
        if not isinstance(token, int) or not 1 <= token <= len(smalls):
            raise RecordError(line, f"token {token!r} is not a small token on the track")
        start = smalls[token - 1]
        if slot_index(path[0]) != start or len(path) < 2:
            raise RecordError(line, f"the path must start where small token {token} stands")
        check_path(state, seat, path, value, line, big=False)
        return small_action(smalls.index(start), slot_index(target))
    if what == "king":
        if token != len(smalls) + 1:
            raise RecordError(line, f"a king places small token {len(smalls) + 1}, not {token!r}")
        if slot_index(path[0]) != state.game.starts[seat]:
            raise RecordError(line, "a king's path starts on the own joker")
        check_path(state, seat, path, cards.KING_VALUE, line, big=False)
        return king_action(slot_index(target))
    raise RecordError(line, f"unknown action {what!r}")


CARD_KEYS = frozenset({"card", "deck", "owner", "action", "slot", "path", "token", "reshuffled"})
"""The keys of every card line."""
RESULT_KEYS = frozenset({"result", "winners", "cards"})
"""The keys of the result line."""


def replay_record(lines: Sequence[Mapping[str, Any]]) -> CardtrackState:
    """Replay a record (header, card lines, result) and return the final state (for tools and
    tests; :func:`check_record` is the game's record checker).

    Raises :class:`RecordError` (a ``ValueError``) naming the first bad line.
    """
    parts = split_record(
        lines,
        "cardtrack",
        action_keys=dict.fromkeys(ACTION_NAMES, CARD_KEYS),
        kind="action",
        result_keys=RESULT_KEYS,
    )
    state = game_from_header(parts.header).new_initial_state()
    for number, entry in parts.numbered():
        if state.is_terminal():
            raise RecordError(number, "a card after the end of the game")
        owner = entry.get("owner")
        try:
            kind = cards.parse(str(entry.get("card")), owner if isinstance(owner, int) else None)
        except ValueError as exc:
            raise RecordError(number, str(exc)) from None
        if cards.OWNERS[kind] != owner:
            raise RecordError(number, f"{entry.get('card')} belongs to {cards.OWNERS[kind]}")
        if kind not in state.draw:
            raise RecordError(number, f"no {entry.get('card')} left in the draw pile")
        if entry.get("reshuffled") is not state.pending_reshuffle:
            raise RecordError(number, f"reshuffled must be {state.pending_reshuffle}")
        state.apply_action(kind)
        if entry.get("deck") != state.card_deck:
            raise RecordError(number, f"deck {entry.get('deck')!r}, expected {state.card_deck}")
        action = _action(state, entry, number)
        try:
            state.apply_action(action)
        except ValueError as exc:
            raise RecordError(number, f"the engine refuses the action: {exc}") from None
    last = parts.last
    if not state.is_terminal():
        raise RecordError(last, "the cards do not finish the game")
    if dict(parts.result) != state.record_result():
        raise RecordError(
            last, f"result {dict(parts.result)} does not match {state.record_result()}"
        )
    return state


def check_record(lines: Sequence[Mapping[str, Any]]) -> Outcome:
    """Replay a record (:func:`replay_record`) and return the outcome of its final state."""
    return replay_record(lines).outcome()
