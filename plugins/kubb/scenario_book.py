"""Kubb's executable rules: the scenario half of its game definition, which the rulebook
replays its examples from without importing the plugin module that builds it."""

from __future__ import annotations

from pathlib import Path

from plywright.api import lazy
from plywright.plugins.kubb.locales import LOCALES
from plywright.plugins.kubb.options import PRESETS, KubbRules
from plywright.scenarios import ScenarioBook, Scenarios

RULE_KEYS = (
    "intro.aim",
    "flow.throw_in",
    "flow.penalty",
    "flow.batons",
    "flow.king",
    "flow.king_world",
    "play.opening_plain",
    "play.opening_list",
    "play.order_field",
    "play.order_base",
    "play.order_raise",
    "play.order_king_seed",
    "play.order_king_world",
    "throw_in.text",
    "throw_in.penalty",
    "advantage.text",
    "advantage.back",
    "king.rule_seed",
    "king.example",
    "king.rule_world",
    "king.win",
    "king.early",
    "decided.count",
    "decided.last_baton",
    "decided.baseline",
    "decided.advantage",
    "variant.opening",
    "variant.king_world",
    "variant.king_seed",
    "variant.batons",
    "variant.throw_in",
    "variant.penalty",
    "decided.king",
    "decided.stakes",
    "facts.batons",
    "facts.opening",
    "facts.opening_one",
    "facts.throw_in",
    "facts.penalty",
    "facts.king_seed",
    "facts.king_world",
    "start.text",
    "start.place",
    "decided.place",
    "decided.lag",
    "advantage.baseline",
    "variant.back",
    "decided.own_half",
)
"""Every printed sentence that grants or forbids something and that the engine plays (each
proven by a scenario of ``scenarios/``), the lag and where on its line a thrower stands
included. Sentences on how to throw (underhand, the baton's spin), how a team of several
players shares its batons (``decided.teams``: the engine's team is one thrower) and the
readings of ``decided.*`` the throw model does not reach (a thrown-in kubb felling other kubbs,
who stands it up) are not here: the engine does not play them."""

BOOK = ScenarioBook(
    name="kubb",
    rules_model=KubbRules,
    presets=PRESETS,
    scenarios=Scenarios(
        folder=Path(__file__).parent / "scenarios",
        play=lazy("plywright.plugins.kubb.scenarios:play"),
        locales=LOCALES,
        rule_keys=RULE_KEYS,
    ),
)
