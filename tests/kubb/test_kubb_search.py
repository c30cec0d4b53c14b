"""The searching Kubb agent ``expectimax``: legal, deterministic, its two objectives, what its
budget buys, and who it beats; the abstract game it evaluates with."""

from __future__ import annotations

import math
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plywright.api import SearchSettings
from plywright.engine import CHANCE
from plywright.plugins.kubb.abstract import abstract, play_turn
from plywright.plugins.kubb.agents import AGENTS
from plywright.plugins.kubb.aims import SAFE_IN, plan_anchor
from plywright.plugins.kubb.estimate import Objective, TurnView
from plywright.plugins.kubb.options import PRESETS, KubbRules
from plywright.plugins.kubb.rules import BATON_AIM, PENALTY, KubbGame, KubbState, make_game
from plywright.plugins.kubb.search import DEFAULT_BUDGET, ExpectimaxAgent, search_expectimax
from plywright.plugins.kubb.throws import LANDINGS
from plywright.simulate.chance import sample_chance
from plywright.simulate.playout import play_game
from plywright.simulate.stats import wilson

SPECS = {spec.name: spec for spec in AGENTS}
EXPECTIMAX = SPECS["expectimax"]


def preset(name: str, **rules: object) -> KubbGame:
    return make_game(KubbRules.model_validate({**PRESETS[name]["rules"], **rules}))


SEED = preset("seed")
WORLD = preset("world")
GAMES = {
    "seed": SEED,
    "world": WORLD,
    "three kubbs, beginners": preset("seed", kubbs_per_team=3, skill="beginner"),
    "long field, advanced vs club": preset("seed", length=14.0, skill=["advanced", "club"]),
    "2-4-6, seed king rule": preset("world", king_rule="seed"),
}


def agent(game: KubbGame, seat: int, budget: int = 1, victim: int | None = None) -> ExpectimaxAgent:
    return ExpectimaxAgent(game, seat, SearchSettings(budget, victim))


def test_registered_as_a_searching_agent_for_kubb() -> None:
    assert EXPECTIMAX.games == ("kubb",)
    assert EXPECTIMAX.searches and EXPECTIMAX.search is search_expectimax
    assert EXPECTIMAX.budget == DEFAULT_BUDGET
    assert EXPECTIMAX.settings == SearchSettings(DEFAULT_BUDGET)
    player = EXPECTIMAX.factory(SEED, 1, random.Random(0))
    assert isinstance(player, ExpectimaxAgent) and player.budget == DEFAULT_BUDGET
    spoiler = EXPECTIMAX.with_budget(1).spoiling(0)
    assert spoiler.name == "expectimax:1/spoil-seat-1"
    assert spoiler.factory(SEED, 1, random.Random(0)).objective == Objective(1, 0)
    assert pickle.loads(pickle.dumps(spoiler)).settings == SearchSettings(1, 0)  # plans pickle
    with pytest.raises(TypeError, match="kubb only"):
        search_expectimax(object(), 0, random.Random(0), SearchSettings(1))  # type: ignore[arg-type]


@settings(max_examples=12, deadline=None)
@given(
    variant=st.sampled_from(sorted(GAMES)),
    seed=st.integers(0, 2**32 - 1),
    prefix=st.integers(0, 300),
    budget=st.integers(1, 3),
    victim=st.sampled_from([None, 0, 1]),
)
def test_legal_actions_from_random_positions(
    variant: str, seed: int, prefix: int, budget: int, victim: int | None
) -> None:
    """Random play reaches a position; from there the agent plays both teams to the end."""
    game = GAMES[variant]
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(prefix):
        if state.is_terminal():
            return
        state.apply_action(
            rng.choice(state.legal_actions())
            if state.current_player() >= 0
            else sample_chance(state, rng)
        )
    players = [agent(game, seat, budget, victim) for seat in (0, 1)]
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            action = players[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)


def test_the_same_seed_plays_the_same_game() -> None:
    """The agent is deterministic: only the seeded chance decides, whatever its own rng."""
    first = play_game(WORLD, [EXPECTIMAX, SPECS["tactical"]], seed=5, index=3, record_header={})
    again = play_game(WORLD, [EXPECTIMAX, SPECS["tactical"]], seed=5, index=3, record_header={})
    assert first == again
    game = WORLD
    states = []
    for rng_seed in (1, 2):
        rng = random.Random(99)
        players = [EXPECTIMAX.factory(game, seat, random.Random(rng_seed)) for seat in (0, 1)]
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            action = sample_chance(state, rng) if player == CHANCE else players[player].step(state)
            state.apply_action(action)
        states.append(state.history())
    assert states[0] == states[1]


def last_turn_penalty() -> KubbState:
    """Team 1's last turn (``max_turns``): its only throw-in missed twice, so team 0 places the
    penalty kubb; no other kubb stands in team 0's half, so team 1 wins if it fells that kubb
    and then the king with its two batons. A miss beside the king fells it (king_chance 1)."""
    rules = KubbRules(
        max_turns=12,
        batons=2,
        opening_batons=[2],
        king_rule="world",
        king_radius=2.0,
        king_chance=1.0,
    )
    state = make_game(rules).position(1, turn=12, felled_base=(0, 1, 2, 3, 4, 5))
    while state.phase != PENALTY:
        state.apply_action(0 if state.current_player() == 1 else LANDINGS)
    assert state.current_player() == 0
    return state


def test_the_spoiler_objective_differs_from_winning() -> None:
    """To win, team 0 puts the penalty kubb by the king: team 1 fells it easily, but every
    miss there fells the king and gives team 0 the game. As a spoiler of team 1 it only has
    to stop team 1 from winning in this last turn: it puts the kubb as far away as it can."""
    state = last_turn_penalty()
    game = state.game
    king = game.field.king

    def distance(spot: int) -> float:
        return math.dist(game.aims[0][spot], king)

    near = min(game.spots[0], key=distance)
    far = max(game.spots[0], key=distance)
    assert agent(game, 0).step(state) == near
    assert agent(game, 0, victim=1).step(state) == far
    # the objectives themselves: a sure win is worth 1 to both, an unfinished game 0.5 to the
    # player and 1 to the spoiler, a loss 0 to both
    assert Objective(0).score((1.0, 0.0)) == Objective(0, 1).score((1.0, 0.0)) == 1.0
    assert Objective(0).score((0.0, 0.0)) == 0.5 and Objective(0, 1).score((0.0, 0.0)) == 1.0
    assert Objective(0).score((0.0, 1.0)) == Objective(0, 1).score((0.0, 1.0)) == 0.0


def test_a_larger_budget_searches_more() -> None:
    """The same decisions (every target choice of some games) cost more nodes with more
    budget, and budget 1 stays cheap."""
    nodes = {}
    for budget in (1, 3):
        total = 0
        for index in range(4):
            rng = random.Random(index)
            players = [agent(SEED, seat, budget) for seat in (0, 1)]
            mirror = [SPECS["tactical"].factory(SEED, seat, rng) for seat in (0, 1)]
            state = SEED.new_initial_state()
            while not state.is_terminal():
                player = state.current_player()
                if player == CHANCE:
                    state.apply_action(sample_chance(state, rng))
                    continue
                if state.phase == BATON_AIM:  # the search decides, tactical plays on
                    players[player].step(state)
                state.apply_action(mirror[player].step(state))
            total += sum(p.nodes for p in players)
        nodes[budget] = total
    assert nodes[3] > 2 * nodes[1] > 0


def wins_of(game: KubbGame, opponent: str, games: int, seed: int) -> int:
    """Games ``expectimax`` wins against ``opponent``, seats alternated, the starting team
    drawn as the engine does."""
    wins = 0
    for index in range(games):
        seat = index % 2
        order = [EXPECTIMAX, SPECS[opponent]] if seat == 0 else [SPECS[opponent], EXPECTIMAX]
        stats, _ = play_game(game, order, seed=seed, index=index)
        wins += stats.outcome.winners == (seat,)
    return wins


def test_beats_random_nearly_always() -> None:
    assert wins_of(WORLD, "random", 20, seed=8) >= 19


def test_beats_basic() -> None:
    """One-sided: the lower end of the 98 % interval of its share lies above one half (it wins
    about 62 % of the games against ``basic``)."""
    games = 240
    wins = wins_of(WORLD, "basic", games, seed=11)
    low, _ = wilson(wins, games, 0.98)
    assert low > 0.5, f"{wins} of {games}"


# ------------------------------------------------------------------ the abstract game


@pytest.mark.parametrize(
    ("name", "share"),
    [("seed", 0.64), ("world", 0.58)],
)
def test_the_abstract_game_predicts_the_first_team_advantage(name: str, share: float) -> None:
    """The solved abstract game gives the first team about the share it wins in tactical
    self-play (the throw model's table, :mod:`plywright.plugins.kubb.throws`)."""
    game = GAMES[name]
    model = abstract(game)
    k = game.rules.kubbs_per_team
    assert model.win_chance(0, 1, (0, 0, k, 0, k)) == pytest.approx(share, abs=0.03)
    assert model.win_chance(1, 1, (0, 0, k, 0, k)) == pytest.approx(share, abs=0.03)


def test_valued_turns_agree_with_the_abstract_turn() -> None:
    """:meth:`TurnView.estimate` values the same turn that :func:`abstract.play_turn` plays."""
    # team 0 throws in kubbs 0-2 (kubb 5 stands in its half, team 1's leftover)
    state = SEED.position(0, turn=4, felled_base=(0, 1, 2), field_kubbs={5: (3.0, 1.0, True)})
    view = TurnView(state, Objective(0), state.line_x)
    layout = view.layout([(6.4, 1.0)])  # kubb 0 landed there; kubb 1 lands by the king
    for groups in (layout.with_kubb((5.5, 2.9), pending=1), layout.groups()):
        for base, batons in ((4, 6), (2, 4), (0, 3)):
            result = play_turn(groups, base, view.base_hit, view.king_hit, batons, view.king_from)
            total = result.win + result.loss + sum(result.endings.values())
            assert total == pytest.approx(1.0)
            expected = result.win * view.win + result.loss * view.lose
            expected += sum(p * view.end(*ending) for ending, p in result.endings.items())
            assert view.estimate(groups, base, batons) == pytest.approx(expected)
    assert any(g.king > 0 for g in layout.with_kubb((5.5, 2.9), pending=1))


def test_plan_anchor_is_safe_and_clear_of_the_king() -> None:
    for game in (SEED, WORLD):
        for thrower in (0, 1):
            aim = plan_anchor(game, thrower)
            outcomes, _ = game.landings[thrower][aim]
            assert sum(p for a, p in outcomes if a < LANDINGS) >= SAFE_IN
            point = game.aims[1 - thrower][aim]
            assert math.dist(point, game.field.king) > game.rules.king_radius
