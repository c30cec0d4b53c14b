"""Konstruktsiia's scenario interpreter (:mod:`plywright.scenarios`): positions and turned
cards in the game's words, played by the rules engine.

A scenario's ``setup`` (every key optional)::

    track = { "V(0,1)" = "7C", "H(0,1)" = "9D" }   # cards beside the two starting jokers
    black = { big = "V(0,1)", smalls = ["V(0,2)"] } # tokens (small ones leave the reserve)
    red = { big = "V(1,0)" }
    draw = ["5C", "KS"]                             # the draw pile exactly (else the shoe)

A step turns ``card`` (record name; a joker ``"X"`` needs ``player = "black"|"red"``) and
does one thing with it: ``build = "H(0,1)"``, ``big = "V(0,2)"``, ``small = "V(0,3)"`` with
``to = "V(1,3)"`` (the token on that card moves), ``king = "V(1,1)"`` (a new small token
from the own joker; the joker itself = no move) or ``discard = true``. Legality is the
engine's (:meth:`CardtrackState.legal_actions`); the reason of a refusal is
:func:`plywright.plugins.cardtrack.refusals.refusal` (``below-joker-row`` for a slot under row 0,
which the geometry does not have). A refused step leaves the position as it was.

Facts for ``expect``: ``outcome`` (``playing``, ``win``, ``nowinner``, ``unfinished``),
``winner`` (``black``, ``red`` or ``""``), and per player (``{ black = ..., red = ... }``)
``big``, ``smalls``, ``reserve``, ``summited`` and ``free`` (the cards beside that big token
it may advance onto: no opponent token, not the joker barred to it); ``open_slots`` (where a
card may be built), ``track_cards``, ``draw_count``, ``discard_count``, ``reshuffles``,
``jokers_in_draw``; ``paths`` (each step's path of slots: the engine's for a legal move, the
one it would take for a refused one, ``[]`` for builds and discards).
"""

from __future__ import annotations

import re
from typing import Any

from plywright.plugins.cardtrack import cards, movegen, positions, refusals
from plywright.plugins.cardtrack.actions import (
    BIG,
    DISCARD,
    KING,
    SMALL,
    big_action,
    build_action,
    king_action,
    small_action,
)
from plywright.plugins.cardtrack.cards import OWNERS, PLAYERS
from plywright.plugins.cardtrack.geometry import Slot, slot_index, slot_of_index
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.rules import CardtrackState, make_game
from plywright.scenarios import Scenario, ScenarioError, ScenarioRun, StepOutcome

SLOT = re.compile(r"^([VH])\((-?\d+),\s*(-?\d+)\)$")
SETUP_KEYS = {"track", "black", "red", "draw"}
SEAT_KEYS = {"big", "smalls"}
DOES = ("build", "big", "small", "king", "discard")


class BelowJokerRow(ValueError):
    """A slot under the joker row: the track has none."""


def parse_slot(text: object) -> Slot:
    """``"V(0,1)"`` -> ``Slot("V", 0, 1)``."""
    match = SLOT.match(str(text))
    if match is None:
        raise ScenarioError(f"not a slot: {text!r} (write V(c,r) or H(c,r))")
    kind, c, r = match.group(1), int(match.group(2)), int(match.group(3))
    if r < 0:
        raise BelowJokerRow(str(text))
    return Slot(kind, c, r)  # type: ignore[arg-type]


def slot_text(index: int) -> str:
    return str(slot_of_index(index))


def _index(text: object) -> int:
    return slot_index(parse_slot(text))


def _setup(scenario: Scenario, rules: CardtrackRules) -> CardtrackState:
    setup = scenario.model.setup
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise ScenarioError(f"{scenario.path}: setup: unknown {sorted(unknown)}")
    state = make_game(rules).new_initial_state()
    try:
        track = {_index(slot): str(card) for slot, card in dict(setup.get("track", {})).items()}
        positions.lay_track(state, track)
        for seat, player in enumerate(PLAYERS):
            tokens = dict(setup.get(player, {}))
            if set(tokens) - SEAT_KEYS:
                raise ScenarioError(f"setup.{player}: unknown {sorted(set(tokens) - SEAT_KEYS)}")
            big = _index(tokens["big"]) if "big" in tokens else None
            smalls = [_index(s) for s in tokens["smalls"]] if "smalls" in tokens else None
            positions.place_tokens(state, seat, big, smalls)
        if "draw" in setup:
            positions.set_draw(state, [str(card) for card in setup["draw"]])
    except (ValueError, KeyError) as error:
        raise ScenarioError(f"{scenario.path}: setup: {error}") from None
    return state


def _seat_of(action: dict[str, Any]) -> int:
    card = str(action["card"])
    if card == "X":
        return PLAYERS.index(str(action.get("player", "")))
    return positions.owner_of(card)


def _code(state: CardtrackState, action: dict[str, Any]) -> int:
    """The engine's action code of a step (the card already turned)."""
    does = [key for key in DOES if key in action]
    if len(does) != 1:
        raise ScenarioError(f"a step does one of {DOES}: {action}")
    seat = OWNERS[state.card]
    if "build" in action:
        return build_action(_index(action["build"]))
    if "big" in action:
        return big_action(_index(action["big"]))
    if "king" in action:
        return king_action(_index(action["king"]))
    if "discard" in action:
        return DISCARD
    src = _index(action["small"])
    token = state.smalls[seat].index(src) if src in state.smalls[seat] else 31
    return small_action(token, _index(action["to"]))


def _attempt(state: CardtrackState, code: int) -> list[str]:
    """The path a refused token move would take (``[]`` if none, or not a move)."""
    what, payload = code & 7, code >> 3
    seat = OWNERS[state.card]
    if what == BIG:
        return [slot_text(state.big[seat]), slot_text(payload)]
    if what == SMALL and payload & 31 < len(state.smalls[seat]):
        src = state.smalls[seat][payload & 31]
        path = refusals.small_attempt(state, seat, src, state.move_value(), payload >> 5)
        return [slot_text(i) for i in path]
    if what == KING:
        start = state.game.starts[seat]
        path = refusals.small_attempt(state, seat, start, cards.KING_VALUE, payload)
        return [slot_text(i) for i in path]
    return []


def _step(state: CardtrackState, action: dict[str, Any]) -> tuple[StepOutcome, list[str]]:
    """Turn the step's card and act; the state is left as it was when refused."""
    unknown = set(action) - {"card", "player", "to", *DOES}
    if unknown or "card" not in action:
        raise ScenarioError(f"a step needs a card and one of {DOES}: {action}")
    try:
        positions.turn(state, str(action["card"]), _seat_of(action))
    except ValueError as error:
        raise ScenarioError(f"step {action}: {error}") from None
    try:
        code = _code(state, action)
    except BelowJokerRow:
        return StepOutcome(False, "below-joker-row"), []
    if code in state.legal_actions():
        record = state.action_record(code)
        state.apply_action(code)
        return StepOutcome(True), [str(Slot(*s)) for s in record["path"]]
    return StepOutcome(False, refusals.refusal(state, code)), _attempt(state, code)


def free_cards(state: CardtrackState, seat: int) -> list[str]:
    """The cards beside ``seat``'s big token it may advance onto (any card value): no
    opponent token on them, and not the joker barred to it."""
    theirs, barred = state.occ[1 - seat], state.game.barred[seat]
    near = movegen.neighbours_of(state.big[seat])
    return [slot_text(nb) for nb in near if nb in state.track and nb not in theirs and nb != barred]


def facts(state: CardtrackState, paths: list[list[str]]) -> dict[str, Any]:
    """Every fact a scenario may expect, observed on ``state``."""
    by_seat: dict[str, list[Any]] = {
        "big": [slot_text(state.big[s]) for s in (0, 1)],
        "smalls": [[slot_text(i) for i in state.smalls[s]] for s in (0, 1)],
        "reserve": list(state.reserve),
        "summited": list(state.summited),
        "free": [free_cards(state, s) for s in (0, 1)],
    }
    draw, _ = state.shoe_and_open()
    out: dict[str, Any] = {
        key: dict(zip(PLAYERS, values, strict=True)) for key, values in by_seat.items()
    }
    out.update(
        outcome=state.result or "playing",
        winner=PLAYERS[state.winner] if state.winner >= 0 else "",
        open_slots=[slot_text(i) for i in sorted(state.frontier)],
        track_cards=len(state.track),
        draw_count=len(state.draw),
        discard_count=state.open_count,
        reshuffles=state.reshuffles,
        jokers_in_draw=draw[cards.BLACK_JOKER] + draw[cards.RED_JOKER],
        paths=paths,
    )
    return out


def play(scenario: Scenario, rules: CardtrackRules) -> ScenarioRun:
    """Set up the scenario's position, play its steps with the engine and report the facts
    (:data:`plywright.scenarios.ScenarioPlayer`)."""
    state = _setup(scenario, rules)
    run = ScenarioRun(states=[state.clone()])
    paths: list[list[str]] = []
    for step in scenario.model.steps:
        before = state.clone()
        outcome, path = _step(state, step.action)
        if not outcome.legal:
            state = before
        run.steps.append(outcome)
        paths.append(path)
        run.states.append(state.clone())
    run.state = state
    run.facts = facts(state, paths)
    return run
