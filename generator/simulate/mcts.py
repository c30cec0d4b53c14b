"""``mcts``: UCT Monte-Carlo tree search that plays any engine through the protocol.

One tree per decision, grown by playouts (Kocsis & Szepesvári's UCT, as OpenSpiel's
``MCTSBot``). The budget scales to the board: ``budget`` playouts where a decision has at most
:data:`REFERENCE_BRANCHING` legal actions (3 × 3 tic-tac-toe's empty board), and
``budget × REFERENCE_BRANCHING / actions`` where it has more (never fewer than one playout a
root action). A larger board's playouts are longer, so a decision costs about the same:
``mcts:1000`` on the 25 cells of 5 × 5 tic-tac-toe grows 360 playouts a move, not 1000.

- **selection** by UCB1 on the value of the seat to act, in ``[0, 1]`` (returns scaled by the
  game's utility range);
- **chance nodes** are sampled by their probabilities; each outcome seen gets its own child;
- **hidden information** by determinization: an engine whose states offer
  ``determinize(seat, rng)`` (a copy with what ``seat`` cannot see resampled) is searched on
  a fresh determinization each playout; engines whose hidden part is drawn at chance nodes
  (Konstruktsiia's shoe) need nothing more;
- **rollouts** play random actions (a move that wins at once where few actions are legal,
  :data:`DECISIVE_BRANCHING`) for at most :data:`ROLLOUT` actions, then score the position by
  the engine's optional ``evaluate()`` (zeros without one);
- a **solver** for decided subtrees (Winands et al.'s MCTS-Solver, for any number of seats):
  a terminal child is proven; a decision node is proven once the mover has a proven child
  worth the top utility or every child is proven (then it takes the mover's best one), and a
  proven move is played at once; this makes short games (tic-tac-toe) play perfectly.

The objective is the own scaled return, or for a spoiler (``SearchSettings.victim``) "the
victim does not win": 1 at an end the victim did not win outright, 0 when it did, and one
minus the victim's scaled estimate before the end. The final move is the most visited child.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from plywright.api import AgentSpec, SearchSettings
from plywright.engine import CHANCE, Game, Outcome, State, estimated_returns
from plywright.simulate.chance import sample_chance

MCTS_BUDGET = 1000
"""Default budget: playouts per decision where at most :data:`REFERENCE_BRANCHING` actions
are legal (fewer where more are)."""
REFERENCE_BRANCHING = 9
"""The most legal actions at which a decision grows its whole budget of playouts."""
ROLLOUT = 40
"""Most random actions of a rollout before the engine's estimate scores it."""
DECISIVE_BRANCHING = 12
"""Rollout positions with at most this many actions take a move that wins at once (decisive
moves, Teytaud & Teytaud 2010): cheap where branching is small, and it makes random rollouts
punish an open threat."""
EXPLORATION = math.sqrt(2)
"""UCB1 exploration constant (values lie in ``[0, 1]``)."""


@dataclass
class Node:
    """One position of the tree (a decision or chance node reached by ``action``)."""

    player: int
    visits: int = 0
    totals: list[float] = field(default_factory=list)
    """Sum over playouts of each seat's objective value."""
    children: dict[int, Node] = field(default_factory=dict)
    untried: list[int] | None = None
    """Actions not expanded yet (decision nodes; ``None`` until first visited)."""
    proven: tuple[float, ...] | None = None
    """The exact values of a decided subtree (MCTS-Solver)."""


class MctsAgent:
    """UCT for one seat (see the module docstring)."""

    def __init__(self, game: Game, seat: int, rng: random.Random, settings: SearchSettings):
        info = game.info()
        self.seat = seat
        self.rng = rng
        self.settings = settings
        self.seats = info.num_players
        self.low = info.min_utility
        self.span = (info.max_utility - info.min_utility) or 1.0
        self.determinizing = False

    def _legal(self, state: State) -> list[int]:
        """The legal actions, without the kind of move ``settings.forbid`` takes from this
        agent's own seat."""
        actions = state.legal_actions()
        forbid = self.settings.forbid
        if forbid is not None and state.current_player() == self.seat:
            return forbid.allowed(state, actions)
        return actions

    def step(self, state: State) -> int:
        actions = self._legal(state)
        if len(actions) == 1:
            return actions[0]
        return self._choose(self.search(state), actions)

    def playouts(self, state: State) -> int:
        """The playouts of one decision at ``state``: the budget scaled to its legal actions
        (module docstring)."""
        budget = self.settings.budget
        if state.current_player() == CHANCE:
            return budget
        actions = len(self._legal(state))
        if actions <= REFERENCE_BRANCHING:
            return budget
        return max(min(budget, actions), budget * REFERENCE_BRANCHING // actions)

    def search(self, state: State) -> Node:
        """The tree of one decision: :meth:`playouts` of them, fewer once the root is
        proven."""
        root = Node(state.current_player())
        for _ in range(self.playouts(state)):
            self._playout(self._root_state(state), root)
            if root.proven is not None:
                break
        return root

    # ------------------------------------------------------------------ search

    def _root_state(self, state: State) -> State:
        determinize = getattr(state, "determinize", None)
        if callable(determinize):
            self.determinizing = True
            copy: State = determinize(self.seat, self.rng)
            return copy
        return state.clone()

    def _playout(self, state: State, root: Node) -> None:
        path = [root]
        node = root
        while node.proven is None and not state.is_terminal():
            if node.player == CHANCE:
                action = sample_chance(state, self.rng)
            else:
                if node.untried is None:
                    node.untried = self._legal(state)
                    self.rng.shuffle(node.untried)
                action = node.untried.pop() if node.untried else self._select(node, state)
            state.apply_action(action)
            child = node.children.get(action)
            expanded = child is None
            if child is None:
                child = node.children[action] = self._new_node(state)
            path.append(child)
            node = child
            if expanded:
                break
        values = list(node.proven) if node.proven is not None else self._rollout(state)
        for visited in path:
            visited.visits += 1
            if not visited.totals:
                visited.totals = [0.0] * self.seats
            for seat, value in enumerate(values):
                visited.totals[seat] += value
        for visited in reversed(path):
            self._prove(visited)

    def _new_node(self, state: State) -> Node:
        node = Node(state.current_player())
        if state.is_terminal():
            node.proven = tuple(self._values(state.returns(), state.outcome()))
        return node

    def _select(self, node: Node, state: State) -> int:
        seat = node.player
        log_n = math.log(node.visits)
        best, best_score = -1, -math.inf
        children: list[tuple[int, Node]] = list(node.children.items())
        if self.determinizing:  # another determinization may allow other actions
            legal = set(self._legal(state))
            children = [(a, c) for a, c in children if a in legal] or children
            node.untried = [a for a in legal if a not in node.children]
            if node.untried:
                return node.untried.pop()
        for action, child in children:
            if child.proven is not None:
                mean = child.proven[seat]
            else:
                mean = child.totals[seat] / child.visits if child.visits else 0.5
            score = mean + EXPLORATION * math.sqrt(log_n / (child.visits or 1))
            if score > best_score:
                best, best_score = action, score
        return best

    def _prove(self, node: Node) -> None:
        """Mark a decision node proven when its value is decided (see the module)."""
        if node.proven is not None or node.player == CHANCE or not node.children:
            return
        seat = node.player
        proven = [child.proven for child in node.children.values() if child.proven is not None]
        best = max(proven, key=lambda values: values[seat], default=None)
        if (best is not None and best[seat] >= 1.0) or (
            not node.untried and node.untried is not None and len(proven) == len(node.children)
        ):
            node.proven = best

    def _rollout(self, state: State) -> list[float]:
        for _ in range(ROLLOUT):
            if state.is_terminal():
                break
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, self.rng))
                continue
            actions = self._legal(state)
            if len(actions) <= DECISIVE_BRANCHING:
                winning = self._decisive(state, actions, player)
                if winning is not None:
                    return winning
            state.apply_action(self.rng.choice(actions))
        if state.is_terminal():
            return self._values(state.returns(), state.outcome())
        return self._values(estimated_returns(state), None)

    def _decisive(self, state: State, actions: list[int], player: int) -> list[float] | None:
        """The values after a move that wins at once for ``player``, if one exists."""
        for action in actions:
            child = state.clone()
            child.apply_action(action)
            if child.is_terminal():
                outcome = child.outcome()
                if outcome.result == "win" and outcome.winners == (player,):
                    return self._values(child.returns(), outcome)
        return None

    def _values(self, returns: list[float], outcome: Outcome | None) -> list[float]:
        """Every seat's objective value in ``[0, 1]``; the spoiler's seat counts "the victim
        does not win" instead of its own return."""
        scaled = [min(1.0, max(0.0, (r - self.low) / self.span)) for r in returns]
        victim = self.settings.victim
        if victim is not None:
            if outcome is not None:
                won = outcome.result == "win" and victim in outcome.winners
                scaled[self.seat] = 0.0 if won else 1.0
            else:
                scaled[self.seat] = 1.0 - scaled[victim]
        return scaled

    def _choose(self, root: Node, actions: list[int]) -> int:
        seat = root.player
        if root.proven is not None and root.proven[seat] >= 1.0:
            for action, child in root.children.items():
                if child.proven == root.proven:
                    return action
        proven_losses = {
            action
            for action, child in root.children.items()
            if child.proven is not None and child.proven[seat] <= 0.0
        }
        candidates = [a for a in root.children if a not in proven_losses] or list(root.children)
        if not candidates:
            return self.rng.choice(actions)
        most = max(root.children[a].visits for a in candidates)
        return self.rng.choice([a for a in candidates if root.children[a].visits == most])


def make_mcts(game: Game, seat: int, rng: random.Random, settings: SearchSettings) -> MctsAgent:
    """The search factory of ``mcts`` (module level: plans are pickled for workers)."""
    return MctsAgent(game, seat, rng, settings)


def _unconfigured(game: Game, seat: int, rng: random.Random) -> MctsAgent:
    return make_mcts(game, seat, rng, SearchSettings(MCTS_BUDGET))


MCTS = AgentSpec(
    "mcts",
    f"UCT tree search with random rollouts and a solver, {MCTS_BUDGET} playouts a move, "
    f"fewer where more than {REFERENCE_BRANCHING} moves are legal (mcts:N for N; any game)",
    _unconfigured,
    search=make_mcts,
    budget=MCTS_BUDGET,
)
"""The generic search agent the core registers."""
