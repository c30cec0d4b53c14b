"""The Kubb variant-file schema: ``[rules]`` and ``[print]`` models + presets.

Rule names follow ``docs/rules/kubb.md``; lengths are metres. ``[production]`` (piece sizes,
millimetres) is :class:`plywright.plugins.kubb.production.KubbProduction`. The throw-model fields
(``skill``, ``max_hit``, ``hit_reach`` and the ``neighbour_*``, ``king_*`` and ``throw_in_*``
fields) are explained in :mod:`plywright.plugins.kubb.throws`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from plywright.api import PrintOptions, StrictModel
from plywright.plugins.kubb import throws
from plywright.plugins.kubb.geometry import KubbField
from plywright.plugins.kubb.production import SMALL_SET

SkillLevel = Literal["beginner", "club", "advanced"]
SkillNumber = Annotated[float, Field(ge=throws.MIN_SKILL, le=throws.MAX_SKILL)]
Skill = SkillLevel | SkillNumber
"""A level name or the probability of felling a base kubb at 8 m."""
MIN_REACH = 0.01
"""Smallest ``hit_reach`` (m): a narrower strike zone than a finger's width is no throw model
(and 5e-324 m makes its arithmetic divide by zero)."""


def skill_value(skill: Skill) -> float:
    """The probability of felling a base kubb at 8 m that ``skill`` stands for."""
    if isinstance(skill, str):
        return throws.SKILL_LEVELS[skill]
    return float(skill)


def _one_skill(value: object) -> object:
    if isinstance(value, str) and value in throws.SKILL_LEVELS:
        return value
    if (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and throws.MIN_SKILL <= value <= throws.MAX_SKILL
    ):
        return float(value)
    levels = ", ".join(throws.SKILL_LEVELS)
    raise ValueError(
        f"must be {levels} or a number {throws.MIN_SKILL}-{throws.MAX_SKILL} (the base-kubb "
        "hit rate at 8 m), or a list of two of those"
    )


class KubbRules(StrictModel):
    """``[rules]`` of Kubb (metres)."""

    length: float = Field(10.0, ge=2, le=40, description="field length, baseline to baseline")
    width: float = Field(5.0, ge=1, le=20, description="field width (the baselines)")
    kubbs_per_team: int = Field(5, ge=1, le=10, description="base kubbs per team")
    kubb_spacing: float = Field(
        1.0, ge=0.1, le=5, description="distance between neighbouring base kubbs"
    )
    batons: int = Field(6, ge=1, le=12, description="batons per turn (after the opening)")
    opening_batons: tuple[Annotated[int, Field(ge=1, le=12)], ...] = Field(
        (6,),
        max_length=20,
        description="batons of the game's first turns (turn 1, 2, ...); e.g. [2, 4, 6]",
    )
    throw_in_attempts: int = Field(
        2, ge=1, le=5, description="attempts to throw a felled kubb into the other half"
    )
    penalty_min_distance: float = Field(
        0.3,
        ge=0,
        le=10,
        description="a penalty kubb stands at least this far from the king and every stake",
    )
    king_rule: Literal["seed", "world"] = Field(
        "seed",
        description="'seed': king only with king_min_batons_left batons in hand; "
        "'world': any baton, never in the first turn",
    )
    king_min_batons_left: int = Field(
        2, ge=1, le=12, description="king_rule 'seed': batons in hand needed to throw at the king"
    )
    skill: Skill | tuple[Skill, Skill] = Field(
        "club",
        description="beginner | club | advanced | base-kubb hit rate at 8 m; or one per team",
    )
    max_hit: float = Field(
        throws.MAX_HIT, ge=0.5, le=0.999, description="hit probability at the shortest throws"
    )
    hit_reach: float = Field(
        throws.HIT_REACH,
        ge=MIN_REACH,
        le=1,
        description="a baton passing this close sideways to a kubb strikes it "
        f"(a group is a wider target; at least {MIN_REACH} m, a finger's width)",
    )
    neighbour_radius: float = Field(
        throws.NEIGHBOUR_RADIUS,
        ge=0,
        le=2,
        description="a kubb this close to a felled one may fall with it",
    )
    neighbour_chance: float = Field(
        throws.NEIGHBOUR_CHANCE,
        ge=0,
        le=1,
        description="chance that a touching neighbour falls with the target",
    )
    king_radius: float = Field(
        throws.KING_RADIUS,
        ge=0,
        le=5,
        description="a baton aimed at a kubb this close to the king may fell the king",
    )
    king_chance: float = Field(
        throws.KING_CHANCE,
        ge=0,
        le=1,
        description="chance that a miss at a kubb beside the king fells the king",
    )
    throw_in_spread: float = Field(
        throws.THROW_IN_SPREAD,
        ge=0.01,
        le=5,
        description="throw-in landing spread (sd, m) of a club player over 8 m",
    )
    throw_in_fail: float = Field(
        throws.THROW_IN_FAIL,
        ge=0,
        le=0.9,
        description="chance that a throw-in rolls out wherever it lands",
    )
    max_turns: int = Field(200, ge=1, le=10_000, description="turns before a game is unfinished")

    @field_validator("skill", mode="before")
    @classmethod
    def _skill(cls, value: object) -> object:
        """One clear message for every bad ``skill`` (instead of one per union member)."""
        if isinstance(value, (list, tuple)):
            if len(value) != 2:
                raise ValueError(f"a list of skills has one per team: 2 items, not {len(value)}")
            return tuple(_one_skill(v) for v in value)
        return _one_skill(value)

    @model_validator(mode="after")
    def _consistent(self) -> KubbRules:
        problems = []
        span = (self.kubbs_per_team - 1) * self.kubb_spacing
        if span >= self.width:
            problems.append(
                f"width {self.width} m is too narrow for {self.kubbs_per_team} kubbs "
                f"(kubbs_per_team) {self.kubb_spacing} m apart (kubb_spacing): they need "
                f"more than {span:g} m"
            )
        if self.length < self.width:
            problems.append(
                f"length {self.length} m is below width {self.width} m: "
                "the baselines are the short sides"
            )
        if not self.opening_batons:
            problems.append("opening_batons needs at least one turn, e.g. [6]")
        too_many = [n for n in self.opening_batons if n > self.batons]
        if too_many:
            problems.append(
                f"opening_batons {list(self.opening_batons)} throws more than the "
                f"{self.batons} batons of the set"
            )
        if self.king_rule == "seed" and self.king_min_batons_left > self.batons:
            problems.append(
                f"king_min_batons_left {self.king_min_batons_left} exceeds batons "
                f"{self.batons}: nobody could ever throw at the king"
            )
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def team_skills(self) -> tuple[float, float]:
        """Each team's probability of felling a base kubb at 8 m."""
        if isinstance(self.skill, tuple):
            return (skill_value(self.skill[0]), skill_value(self.skill[1]))
        value = skill_value(self.skill)
        return (value, value)

    def batons_in_turn(self, turn: int) -> int:
        """Batons of game turn ``turn`` (1-based): the opening list, then ``batons``."""
        opening = self.opening_batons
        return opening[turn - 1] if turn <= len(opening) else self.batons

    def field(self) -> KubbField:
        """The geometry model of this field."""
        return KubbField.from_rules(self)


class KubbPrint(PrintOptions):
    """``[print]`` of Kubb: rulebooks in Dutch (the seed's language) and English."""

    languages: tuple[Literal["nl", "en"], ...] = Field(
        ("nl", "en"), min_length=1, description="rulebook languages (nl, en)"
    )


PRESETS: dict[str, dict[str, dict[str, Any]]] = {
    "seed": {"rules": {}},
    "world": {
        "rules": {"length": 8.0, "width": 5.0, "king_rule": "world", "opening_batons": [2, 4, 6]}
    },
    "small": {
        "rules": {"penalty_min_distance": SMALL_SET["baton_length"] / 1000},
        "production": dict(SMALL_SET),
    },
}
"""``seed``: the Dutch sheet (10 x 5 m, 6 batons every turn, king with 2 batons in hand);
``world``: World Championship field 8 x 5 m, the 2-4-6 opening, king with any baton after the
first turn; ``small``: the seed's rules with the German small set of pieces, penalty kubbs one
of its sticks (0.27 m) from the king and the stakes."""
