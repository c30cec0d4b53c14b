"""The Konstruktsiia rules engine (``docs/rules/konstruktsiia.md``), OpenSpiel style.

A turn is two nodes: a **chance node** turns the top card of the draw pile (one chance action
per card kind, weighted by the copies left; the reshuffle of the open pile happens when the draw
pile is empty, and its randomness lies in the later draws), then the player of the card's colour
decides. Seat 0 is Black (clubs, spades; joker ``V(0, 0)``), seat 1 Red (``V(1, 0)``).

Player actions are integers ``payload << 3 | type``:

- :data:`DISCARD` (0): the card goes to the open pile;
- ``BUILD`` (1): payload = slot index (:func:`plywright.plugins.cardtrack.geometry.slot_index`);
- ``BIG`` (2): payload = the slot the big token moves to;
- ``SMALL`` (3): payload = ``dest << 5 | token``: a small token (the lowest-numbered one on its
  card; tokens of one colour on one card are alike) moves along a canonical path to ``dest``
  (paths to the same card give the same position, so they are one action);
- ``KING`` (4): payload = ``dest``: a new small token on the own joker, then moved to ``dest``
  (the joker itself = no move).

The **no-full-block rule**: an action is refused when, after it, the opponent's big token has
no adjacent card to advance onto (every adjacent card holds a token of the acting player or is
the acting player's protected joker, where the opponent may not stop; a gap is no card) though
it has an adjacent card it may stop on. The engine refuses
only actions that *make* such a block; in legal play this is the same thing: the opponent cannot
walk its big token into a block (the card it leaves is adjacent and free), so no block exists
before an action.

The **protected home joker** (``home_joker = "protected"``, the default; the rules file is
silent): no token may stop on the other player's starting joker, though a small token may pass
over it. A token parked there would keep that player from ever finishing.

This module holds the game and the state (turning a card, acting, records); the action codes
live in :mod:`.actions`, the move listing and path search in :mod:`.movegen`, the fast
samplers behind :meth:`CardtrackState.random_action` / :meth:`CardtrackState.sample_action` in
:mod:`.sampling`, and a position builder for tests in :mod:`.positions`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from plywright.engine import CHANCE, TERMINAL, GameInfo, Outcome
from plywright.plugins.cardtrack import cards, movegen, sampling
from plywright.plugins.cardtrack.actions import (
    ACTION_NAMES,
    BIG,
    BIG_TOKEN,
    BUILD,
    DISCARD,
    KING,
    SMALL,
    action_type,
    big_action,
    build_action,
    king_action,
    small_action,
)
from plywright.plugins.cardtrack.cards import KINDS, KINGS, NAMES, OWNERS, VALUES
from plywright.plugins.cardtrack.geometry import (
    COLUMN_OFFSET,
    ROW_STRIDE,
    column_range,
    slot_index,
    slot_of_index,
    start_slot,
)
from plywright.plugins.cardtrack.movegen import DELTAS, ReachTable, neighbours_of
from plywright.plugins.cardtrack.options import CardtrackRules

__all__ = [
    "ACTION_NAMES",
    "BIG",
    "BIG_TOKEN",
    "BUILD",
    "DELTAS",
    "DISCARD",
    "KING",
    "SMALL",
    "CardtrackGame",
    "CardtrackState",
    "LogEntry",
    "ReachTable",
    "action_type",
    "big_action",
    "build_action",
    "king_action",
    "make_game",
    "neighbours_of",
    "small_action",
]


@dataclass(frozen=True)
class CardtrackGame:
    """One Konstruktsiia variant: rules in, states out."""

    rules: CardtrackRules
    starts: tuple[int, int] = field(init=False)
    barred: tuple[int, int] = field(init=False)
    """Per seat, the slot its tokens may not stop on: the other player's starting joker under
    ``home_joker = "protected"``, else -1 (none)."""
    allowed_columns: tuple[int, int] | None = field(init=False)

    def __post_init__(self) -> None:
        starts = (slot_index(start_slot(0)), slot_index(start_slot(1)))
        object.__setattr__(self, "starts", starts)
        protected = self.rules.home_joker == "protected"
        object.__setattr__(self, "barred", (starts[1], starts[0]) if protected else (-1, -1))
        bounds = column_range(self.rules.max_columns)
        if bounds is not None:
            first, last = bounds
            # index column part (c + offset)·2 + kind: V allowed first..last, H first..last-1
            bounds = ((first + COLUMN_OFFSET) * 2, (last + COLUMN_OFFSET) * 2)
        object.__setattr__(self, "allowed_columns", bounds)

    def info(self) -> GameInfo:
        return GameInfo(
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            turn_based=False,
            has_chance=True,
            max_length=2 * self.rules.max_turns + 2,
        )

    def parameters(self) -> dict[str, Any]:
        return self.rules.model_dump(mode="json")

    def new_initial_state(self) -> CardtrackState:
        return CardtrackState(self)

    def record_header(self) -> dict[str, Any]:
        return {"players": list(cards.PLAYERS), "decks": self.rules.decks}

    def on_table(self, index: int) -> bool:
        """True when slot ``index`` lies within ``max_columns``."""
        bounds = self.allowed_columns
        if bounds is None:
            return True
        part = index % ROW_STRIDE
        if part & 1:
            return bounds[0] <= part - 1 and part + 1 <= bounds[1]
        return bounds[0] <= part <= bounds[1]


def make_game(rules: CardtrackRules) -> CardtrackGame:
    """The engine of a validated ``[rules]`` table (``GameDefinition.make_game``)."""
    return CardtrackGame(rules)


LogEntry = tuple[int, int, int, int, tuple[int, ...], int, bool]
"""(card kind, deck, owner, action, path of slot indices, token id or -1, reshuffled)."""


class CardtrackState:
    """A position: shoe, open pile, track, tokens, the turned card and the history."""

    __slots__ = (
        "_history",
        "_legal",
        "_paths",
        "action_counts",
        "big",
        "block_refusals",
        "build_list",
        "card",
        "card_deck",
        "draw",
        "draw_decks",
        "frontier",
        "game",
        "links",
        "low",
        "occ",
        "open_count",
        "open_decks",
        "pending_reshuffle",
        "reach_cache",
        "region_cache",
        "reserve",
        "reshuffles",
        "result",
        "smalls",
        "summited",
        "track",
        "track_deck",
        "turned",
        "values",
        "winner",
    )

    def __init__(self, game: CardtrackGame, *, _empty: bool = False) -> None:
        self.game = game
        if _empty:
            return
        rules = game.rules
        counts = cards.shoe_counts(rules.decks, rules.spare_jokers)
        self.draw: list[int] = [kind for kind in range(KINDS) for _ in range(counts[kind])]
        first_deck = 1 if rules.decks > 1 else 0
        self.draw_decks: list[list[int]] = [
            list(range(first_deck if cards.is_joker(k) else 0, rules.decks)) if counts[k] else []
            for k in range(KINDS)
        ]
        self.open_decks: list[list[int]] = [[] for _ in range(KINDS)]
        self.open_count = 0
        black, red = game.starts
        self.track: dict[int, int] = {black: cards.BLACK_JOKER, red: cards.RED_JOKER}
        self.track_deck: dict[int, int] = {black: 0, red: 0}
        self.frontier: set[int] = set()
        self.build_list: list[int] | None = None
        self.links: dict[int, tuple[int, ...]] = {}
        self.values: dict[int, int] = {}
        self.low: list[set[int]] = [set() for _ in range(cards.VALUES_UP_TO + 1)]
        self.reach_cache: list[dict[int, ReachTable]] = [{}, {}]
        self.region_cache: dict[int, list[int]] = {}
        for start in (black, red):
            self._grow_frontier(start)
        self.big = [black, red]
        self.smalls: list[list[int]] = [[], []]
        self.reserve = [rules.small_tokens, rules.small_tokens]
        self.occ: list[dict[int, int]] = [{black: 1}, {red: 1}]
        self.summited = [False, False]
        self.card = -1
        self.card_deck = -1
        self.turned = 0
        self.reshuffles = 0
        self.pending_reshuffle = False
        self.result = ""
        self.winner = -1
        self.action_counts = [0, 0, 0, 0, 0]
        self.block_refusals = 0
        self._history: list[int] = []
        self._legal: list[int] | None = None
        self._paths: dict[int, tuple[int, ...]] = {}

    # --- protocol ---------------------------------------------------------------------

    def current_player(self) -> int:
        if self.result:
            return TERMINAL
        if self.card < 0:
            return CHANCE
        return OWNERS[self.card]

    def is_terminal(self) -> bool:
        return bool(self.result)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.result or self.card >= 0:
            return []
        total = len(self.draw)
        counts = [0] * KINDS
        for kind in self.draw:
            counts[kind] += 1
        return [(kind, n / total) for kind, n in enumerate(counts) if n]

    def legal_actions(self) -> list[int]:
        if self.result:
            return []
        if self.card < 0:
            return sorted(set(self.draw))
        if self._legal is None:
            self._generate()
        assert self._legal is not None
        return list(self._legal)

    def num_legal_actions(self) -> int:
        if self.result:
            return 0
        if self.card < 0:
            return len(set(self.draw))
        if self._legal is None:
            self._generate()
        assert self._legal is not None
        return len(self._legal)

    def apply_action(self, action: int) -> None:
        if self.result:
            raise ValueError("the game is over")
        if self.card < 0:
            self._turn(action)
        else:
            self._act(action)
        self._history.append(action)

    def returns(self) -> list[float]:
        if self.result != "win":
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def evaluate(self) -> list[float]:
        """Estimated returns before the end: the difference of the big tokens' progress."""
        if self.result:
            return self.returns()
        height = self.game.rules.height
        progress = [self.progress(seat) / (2 * height) for seat in (0, 1)]
        diff = max(-1.0, min(1.0, progress[0] - progress[1]))
        return [diff, -diff]

    def progress(self, seat: int) -> int:
        """Rows climbed towards the summit, then rows come back down (0 .. 2·height)."""
        row = self.big[seat] // ROW_STRIDE
        height = self.game.rules.height
        if self.summited[seat]:
            return 2 * height - min(row, height)
        return min(row, height)

    def clone(self) -> CardtrackState:
        other = CardtrackState(self.game, _empty=True)
        other.draw = self.draw.copy()
        other.draw_decks = [d.copy() for d in self.draw_decks]
        other.open_decks = [d.copy() for d in self.open_decks]
        other.open_count = self.open_count
        other.track = self.track.copy()
        other.track_deck = self.track_deck.copy()
        other.frontier = self.frontier.copy()
        other.build_list = self.build_list  # never mutated once made
        other.links = self.links.copy()  # values are tuples, replaced, never mutated
        other.values = self.values.copy()
        other.low = [cells.copy() for cells in self.low]
        other.reach_cache = [self.reach_cache[0].copy(), self.reach_cache[1].copy()]
        other.region_cache = self.region_cache.copy()
        other.big = self.big.copy()
        other.smalls = [self.smalls[0].copy(), self.smalls[1].copy()]
        other.reserve = self.reserve.copy()
        other.occ = [self.occ[0].copy(), self.occ[1].copy()]
        other.summited = self.summited.copy()
        other.card = self.card
        other.card_deck = self.card_deck
        other.turned = self.turned
        other.reshuffles = self.reshuffles
        other.pending_reshuffle = self.pending_reshuffle
        other.result = self.result
        other.winner = self.winner
        other.action_counts = self.action_counts.copy()
        other.block_refusals = self.block_refusals
        other._history = self._history.copy()
        other._legal = self._legal  # never mutated once made
        other._paths = self._paths
        return other

    def history(self) -> list[int]:
        return list(self._history)

    def outcome(self) -> Outcome:
        if self.result == "win":
            return Outcome("win", (self.winner,), self.turned)
        if self.result == "nowinner":
            return Outcome("nowinner", (), self.turned)
        return Outcome("unfinished", (), self.turned)

    def action_record(self, action: int) -> dict[str, Any]:
        if self.card < 0:
            return {"card": NAMES[action], "owner": OWNERS[action]}
        kind = action & 7
        if kind not in (DISCARD, BUILD, BIG, SMALL, KING):
            return {"action": "illegal", "code": action}
        path, token = self._path_of(action)
        slot = None if kind == DISCARD else slot_of_index(path[-1]).as_list()
        return {
            "action": ACTION_NAMES[kind],
            "slot": slot,
            "path": [slot_of_index(i).as_list() for i in path] if kind >= BIG else [],
            "token": token if token >= 0 else None,
        }

    def __str__(self) -> str:
        track = " ".join(f"{slot_of_index(i)}={NAMES[k]}" for i, k in sorted(self.track.items()))
        smalls = [[str(slot_of_index(i)) for i in seat] for seat in self.smalls]
        card = NAMES[self.card] if self.card >= 0 else "-"
        return (
            f"cards {self.turned} card {card}/{self.card_deck} draw {len(self.draw)} "
            f"open {self.open_count} reshuffles {self.reshuffles} result {self.result or '-'}"
            f"{self.winner}\nbig {[str(slot_of_index(i)) for i in self.big]} "
            f"summited {self.summited} smalls {smalls} reserve {self.reserve}\ntrack {track}"
        )

    # --- records and metrics ----------------------------------------------------------

    def log_entries(self) -> list[LogEntry]:
        """``(card kind, deck, owner, action, path, token id or -1, reshuffled)`` of every turned
        card that was played, replayed from the history (paths are not kept while playing)."""
        replayed = CardtrackState(self.game)
        entries: list[LogEntry] = []
        history = self._history
        for i in range(0, len(history) - 1, 2):
            reshuffled = replayed.pending_reshuffle
            replayed.apply_action(history[i])
            kind, deck, action = replayed.card, replayed.card_deck, history[i + 1]
            path, token = replayed._path_of(action)
            replayed.apply_action(action)
            entries.append((kind, deck, OWNERS[kind], action, path, token, reshuffled))
        return entries

    def record_lines(self) -> list[dict[str, Any]]:
        """One line per turned card (the issue's record format)."""
        lines = []
        for kind, deck, seat, action, path, token, reshuffled in self.log_entries():
            what = action & 7
            lines.append(
                {
                    "card": NAMES[kind],
                    "deck": deck,
                    "owner": seat,
                    "action": ACTION_NAMES[what],
                    "slot": slot_of_index(path[-1]).as_list() if what != DISCARD else None,
                    "path": [slot_of_index(i).as_list() for i in path] if what >= BIG else [],
                    "token": token if token >= 0 else None,
                    "reshuffled": reshuffled,
                }
            )
        return lines

    def record_result(self) -> dict[str, Any]:
        outcome = self.outcome()
        return {"result": outcome.result, "winners": list(outcome.winners), "cards": self.turned}

    def game_metrics(self) -> dict[str, float]:
        """Per-game numbers for the check report (means over games)."""
        acted = sum(self.action_counts) or 1
        metrics: dict[str, float] = {
            "cards": float(self.turned),
            "reshuffles": float(self.reshuffles),
            "black_won": float(self.result == "win" and self.winner == 0),
            "red_won": float(self.result == "win" and self.winner == 1),
            "nowinner": float(self.result == "nowinner"),
            "block_refusals": float(self.block_refusals),
            "track_cards": float(len(self.track)),
            "summits": float(sum(self.summited)),
        }
        for what, count in zip(ACTION_NAMES, self.action_counts, strict=True):
            metrics[f"share_{what}"] = count / acted
        return metrics

    def tokens(self, seat: int) -> list[int]:
        """Slot indices of ``seat``'s big token then small tokens (in order of placement)."""
        return [self.big[seat], *self.smalls[seat]]

    def shoe_and_open(self) -> tuple[list[int], list[int]]:
        """Copies of each kind in the draw pile and in the open pile."""
        draw = [0] * KINDS
        for kind in self.draw:
            draw[kind] += 1
        return draw, [len(d) for d in self.open_decks]

    # --- turning a card ----------------------------------------------------------------

    def _turn(self, kind: int) -> None:
        if not 0 <= kind < KINDS or kind not in self.draw:
            raise ValueError(f"card kind {kind} is not in the draw pile")
        self.draw.remove(kind)
        self.card = kind
        self.card_deck = self.draw_decks[kind].pop(0)
        self._legal = None

    def sample_card(self, rng: random.Random) -> int:
        """A chance action drawn by the pile's composition (fast path of ``chance_outcomes``)."""
        draw = self.draw
        return draw[int(rng.random() * len(draw))]

    def random_action(self, rng: random.Random) -> int:
        """A legal action uniformly at random: ``legal_actions()[int(rng.random() · n)]``,
        found by counting the legal actions of each group instead of listing them
        (:func:`plywright.plugins.cardtrack.sampling.pick_by_groups`) where that is exact."""
        if self._legal is None and not self.result and self.card >= 0:
            action = sampling.pick_by_groups(self, rng)
            if action is not None:
                return action
        legal = self.legal_actions()
        return legal[int(rng.random() * len(legal))]

    def sample_action(self, rng: random.Random) -> int:
        """A legal action uniformly at random, by rejection
        (:func:`plywright.plugins.cardtrack.sampling.pick_by_rejection`): the same distribution as
        :meth:`random_action`, other picks for the same seed."""
        if self._legal is None and not self.result and self.card >= 0:
            action = sampling.pick_by_rejection(self, rng)
            if action is not None:
                return action
        return self.random_action(rng)

    # --- acting -----------------------------------------------------------------------

    def move_value(self) -> int:
        """The turned card's value for moving (a king without reserve 12, a wild joker any)."""
        kind = self.card
        if KINGS[kind]:
            return cards.QUEEN_VALUE
        if kind >= cards.BLACK_JOKER:
            return cards.WILD_VALUE
        return VALUES[kind]

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now (without listing every legal action)."""
        if self.result:
            return False
        if self.card < 0:
            return 0 <= action < KINDS and action in self.draw
        if self._legal is not None:
            return action in self._legal
        return self._check(action)

    def _check(self, action: int) -> bool:
        """Legality of one player action by its own rule (the same rules as ``_generate``)."""
        what = action & 7
        payload = action >> 3
        kind = self.card
        seat = OWNERS[kind]
        king_turn = KINGS[kind] and self.reserve[seat] > 0
        if king_turn:
            if what in (DISCARD, KING):
                self._generate()
                assert self._legal is not None
                return action in self._legal
            return False
        if what == DISCARD:
            return payload == 0
        if what == BUILD:
            return not KINGS[kind] and kind < cards.BLACK_JOKER and payload in self.frontier
        if what == BIG:
            src = self.big[seat]
            if payload not in neighbours_of(src):
                return False
            value = self.track.get(payload)
            if value is None or VALUES[value] > self.move_value():
                return False
            if payload in self.occ[1 - seat] or payload == self.game.barred[seat]:
                return False
            return not movegen.makes_block(self, seat, src, payload)
        if what == SMALL:
            token, dest = payload & 31, payload >> 5
            smalls = self.smalls[seat]
            if token >= len(smalls):
                return False
            src = smalls[token]
            if smalls.index(src) != token:
                return False
            if not movegen.can_reach(self, seat, src, self.move_value(), dest):
                return False
            return not movegen.makes_block(self, seat, src, dest)
        return False

    def _act(self, action: int) -> None:
        if not self.is_legal(action):
            raise ValueError(f"action {action} is not legal now")
        kind, deck = self.card, self.card_deck
        seat = OWNERS[kind]
        what = action & 7
        payload = action >> 3
        if what == BUILD:
            self.lay_card(payload, kind, deck)
        else:
            self.open_decks[kind].append(deck)
            self.open_count += 1
            if what == BIG:
                self._move(seat, self.big[seat], payload)
                self.big[seat] = payload
                self._after_big_move(seat, payload)
            elif what == SMALL:
                tok = payload & 31
                dest = payload >> 5
                self._move(seat, self.smalls[seat][tok], dest)
                self.smalls[seat][tok] = dest
            elif what == KING:
                self.reserve[seat] -= 1
                self.smalls[seat].append(payload)
                movegen.forget_reach(self, 1 - seat, payload, payload)
                occ = self.occ[seat]
                occ[payload] = occ.get(payload, 0) + 1
        self.action_counts[what] += 1
        self.pending_reshuffle = False
        self.card = -1
        self.card_deck = -1
        self._legal = None
        self._paths = {}
        self.turned += 1
        if self.result:
            return
        if self.turned >= self.game.rules.max_turns:
            self.result = "unfinished"
        elif not self.draw:
            self._reshuffle()

    def _reshuffle(self) -> None:
        if not self.open_count:
            self.result = "nowinner"
            return
        for kind, decks in enumerate(self.open_decks):
            if decks:
                self.draw.extend([kind] * len(decks))
                merged = self.draw_decks[kind] + decks
                merged.sort()
                self.draw_decks[kind] = merged
        self.open_decks = [[] for _ in range(KINDS)]
        self.open_count = 0
        self.reshuffles += 1
        self.pending_reshuffle = True

    def _move(self, seat: int, src: int, dest: int) -> None:
        movegen.forget_reach(self, 1 - seat, src, dest)
        occ = self.occ[seat]
        left = occ[src] - 1
        if left:
            occ[src] = left
        else:
            del occ[src]
        occ[dest] = occ.get(dest, 0) + 1

    def _after_big_move(self, seat: int, dest: int) -> None:
        if (
            not self.summited[seat]
            and not dest & 1
            and dest // ROW_STRIDE >= self.game.rules.height
        ):
            self.summited[seat] = True
        elif self.summited[seat] and dest == self.game.starts[seat]:
            self.result = "win"
            self.winner = seat

    def lay_card(self, index: int, kind: int, deck: int) -> None:
        """Put card ``kind`` of ``deck`` in the empty slot ``index`` (what a build does to the
        track; the card does not come out of a pile). :mod:`plywright.plugins.cardtrack.positions`
        uses it to set up positions."""
        self.track[index] = kind
        self.track_deck[index] = deck
        self._grow_frontier(index)
        self.reach_cache = [{}, {}]
        self.region_cache = {}

    def clear_caches(self) -> None:
        """Forget the listed actions and every cached search (build list, reach tables,
        regions): the next question is answered by a fresh search, with the same answer."""
        self._legal = None
        self._paths = {}
        self.build_list = None
        self.reach_cache = [{}, {}]
        self.region_cache = {}

    def _grow_frontier(self, index: int) -> None:
        """A card now lies in ``index``: update the buildable slots, the links between
        neighbouring cards and the slot values."""
        frontier, track, game, links = self.frontier, self.track, self.game, self.links
        frontier.discard(index)
        self.build_list = None
        value = self.values[index] = VALUES[track[index]]
        for cells in self.low[value:]:
            cells.add(index)
        own: list[int] = []
        for nb in neighbours_of(index):
            if nb in track:
                own.append(nb)
                links[nb] = (*links.get(nb, ()), index)
            elif game.on_table(nb):
                frontier.add(nb)
        links[index] = tuple(own)

    def _path_of(self, action: int) -> tuple[tuple[int, ...], int]:
        """(path of slot indices, token id or -1) of a legal ``action``; builds give (slot,)."""
        what = action & 7
        payload = action >> 3
        seat = OWNERS[self.card]
        if what == DISCARD:
            return ((), -1)
        if what == BUILD:
            return ((payload,), -1)
        if what == BIG:
            return ((self.big[seat], payload), BIG_TOKEN)
        if what == SMALL:
            token, dest = payload & 31, payload >> 5
            src = self.smalls[seat][token] if token < len(self.smalls[seat]) else -1
            path = self._paths.get(action)
            if path is None:
                path = movegen.small_path(self, seat, src, self.move_value(), dest)
            return (path, token + 1)
        start = self.game.starts[seat]
        path = self._paths.get(action)
        if path is None:
            path = (
                (start,)
                if payload == start
                else movegen.king_paths(self, seat).get(payload, (start,))
            )
        return (path, len(self.smalls[seat]) + 1)

    def _generate(self) -> None:
        self._legal, self._paths, refused = movegen.generate(self)
        self.block_refusals += refused
