"""Agents played for legality: every agent that plays the game (its default and strong agent,
every ladder rung, the generic ones) must answer each position it is shown with one of the
legal actions, without changing the position; a failure names the agent, the seat and the
move."""

from __future__ import annotations

import random
from dataclasses import dataclass

from plywright.api import Agent, AgentSpec
from plywright.conformance.engine_checks import choose, describe, fingerprint, raised
from plywright.engine import CHANCE, Game, State


@dataclass(frozen=True)
class AgentPlay:
    """How much an agent is asked: ``moves`` decisions from the start (the agent on every
    seat), then once at each of ``samples`` positions spread over a random game (its end
    included); a searching agent plays with at most ``budget``."""

    moves: int = 10
    samples: int = 6
    budget: int = 2


def playing_spec(spec: AgentSpec, budget: int) -> AgentSpec:
    """``spec`` with its budget capped at ``budget`` (a searching agent), else ``spec``."""
    if spec.searches and spec.budget is not None and spec.budget > budget:
        return spec.with_budget(budget)
    return spec


def _ask(agent: Agent, spec: AgentSpec, state: State, move: int) -> int:
    """The agent's action at ``state``, checked: legal, the state untouched."""
    label = f"agent {spec.registered!r} (seat {state.current_player()}, move {move})"
    before = fingerprint(state)
    try:
        action = agent.step(state)
    except Exception as exc:  # an agent that crashes is what this check reports
        raise AssertionError(f"{label} raised {raised(exc)}\nat {describe(state)}") from None
    assert fingerprint(state) == before, f"{label} changed the state it was shown"
    legal = state.legal_actions()
    assert isinstance(action, int) and action in legal, (
        f"{label} chose {action!r}, not a legal action\nat {describe(state)}"
    )
    return action


def check_agent(game: Game, spec: AgentSpec, rng: random.Random, play: AgentPlay) -> None:
    """Play ``spec`` (see :class:`AgentPlay`) and check every action it chooses."""
    spec = playing_spec(spec, play.budget)
    seats = game.info().num_players

    def agents() -> list[Agent]:
        return [spec.factory(game, seat, random.Random(rng.random())) for seat in range(seats)]

    players = agents()
    state = game.new_initial_state()
    decisions = 0
    for move in range(game.info().max_length):
        if state.is_terminal() or decisions >= play.moves:
            break
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(choose(state, rng))
            continue
        state.apply_action(_ask(players[player], spec, state, move))
        decisions += 1
    positions: list[State] = []
    state = game.new_initial_state()
    while not state.is_terminal() and len(positions) < game.info().max_length:
        if state.current_player() != CHANCE:
            positions.append(state.clone())
        state.apply_action(choose(state, rng))
    if not positions:
        return
    step = max(1, len(positions) // play.samples)
    chosen = {*range(len(positions) - 1, -1, -step), len(positions) - 1}
    for index in sorted(chosen)[-play.samples :]:
        position = positions[index]
        agent = spec.factory(game, position.current_player(), random.Random(rng.random()))
        _ask(agent, spec, position, len(position.history()))
