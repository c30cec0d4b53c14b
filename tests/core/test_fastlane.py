"""The fast-lane protocol: GameDefinition.fast_lane, engine selection, seeds, and halma's compile cache."""

from __future__ import annotations

import dataclasses
import pickle
import subprocess
import sys
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import sample_games
from plywright.agents import resolve_agents
from plywright.api import AgentSpec, GameRegistrar, hookimpl
from plywright.engine import Outcome
from plywright.errors import InputError
from plywright.plugins.halma.fast import cache
from plywright.plugins.halma.fast import lane as halma_lane
from plywright.plugins.halma.fast import plugin as halma_fast
from plywright.plugins.halma.records import check_record
from plywright.records import Record, read_record
from plywright.registry import Registry, load_registry
from plywright.simulate.fastlane import (
    FastLane,
    fast_game_seed,
    find_fast_lane,
    play_fast,
    select_fast_lane,
)
from plywright.simulate.generic_agents import RandomAgent
from plywright.simulate.metrics import compute_metrics
from plywright.simulate.playout import GameStats
from plywright.simulate.table import GameTable
from plywright.variant import Variant, parse_variant

ROOT = Path(__file__).resolve().parents[2]


class CountingLane:
    """A lane that plays nothing: every game is a one-move win of seat 0."""

    name = "counting"

    def warm(self) -> None:
        pass

    def play(
        self,
        seed: int,
        indices: Sequence[int],
        record_header: Mapping[str, Any] | None = None,
        profile: bool = False,
    ) -> tuple[GameTable, list[Record] | None]:
        return GameTable.of(GameStats(i, Outcome("win", (0,), 1), 1, 1, 0) for i in indices), None


def counting_lane(variant: Variant, agents: tuple[AgentSpec, ...]) -> FastLane | None:
    """:class:`CountingLane` for ``cardrace`` played by ``random`` only."""
    return CountingLane() if all(spec.name == "random" for spec in agents) else None


class CardraceWithLane:
    """The test game ``cardrace``, its definition offering :func:`counting_lane`."""

    @hookimpl
    def plywright_register_games(self, register: GameRegistrar) -> None:
        plain = load_registry([("cardrace", sample_games)], use_entry_points=False)
        register(dataclasses.replace(plain.game("cardrace"), fast_lane=counting_lane))


@pytest.fixture
def lanes() -> Registry:
    """Built-ins (halma with its fast lane) and the test game ``cardrace`` with a lane."""
    return load_registry(extra_plugins=[("cardrace", CardraceWithLane())])


def _variant(registry: Registry, game: str) -> Variant:
    preset = {"cardrace": "long", "halma": "standard"}[game]
    return parse_variant({"game": game, "preset": preset}, registry)


def test_engine_python_never_uses_a_lane(lanes: Registry) -> None:
    variant = _variant(lanes, "cardrace")
    agents = resolve_agents(lanes, variant, "random")
    assert select_fast_lane(lanes, variant, agents, "python") is None
    assert isinstance(select_fast_lane(lanes, variant, agents, "auto"), CountingLane)
    assert isinstance(select_fast_lane(lanes, variant, agents, "fast"), CountingLane)


def test_a_lane_must_cover_every_agent(lanes: Registry) -> None:
    variant = _variant(lanes, "cardrace")
    agents = resolve_agents(lanes, variant, "mc")
    assert select_fast_lane(lanes, variant, agents, "auto") is None
    with pytest.raises(InputError, match="no fast lane plays cardrace with agents mc"):
        select_fast_lane(lanes, variant, agents, "fast")


def test_an_unknown_engine_is_bad_input(lanes: Registry) -> None:
    variant = _variant(lanes, "cardrace")
    agents = resolve_agents(lanes, variant, "random")
    with pytest.raises(InputError, match=r"unknown engine 'gpu' \(allowed: python, fast, auto\)"):
        select_fast_lane(lanes, variant, agents, "gpu")


def test_without_any_lane_plugin_auto_is_the_python_engine() -> None:
    registry = load_registry(extra_plugins=[("cardrace", sample_games)], use_entry_points=False)
    variant = _variant(registry, "cardrace")
    agents = resolve_agents(registry, variant, "random")
    assert find_fast_lane(registry, variant, agents) is None
    with pytest.raises(InputError):
        select_fast_lane(registry, variant, agents, "fast")


def test_game_seeds_are_fixed_32_bit_values() -> None:
    assert fast_game_seed(0, 0) == fast_game_seed(0, 0)
    seeds = {fast_game_seed(seed, index) for seed in range(20) for index in range(500)}
    assert len(seeds) == 20 * 500
    assert all(0 <= s < 2**32 for s in seeds)
    assert fast_game_seed(1, 2) != fast_game_seed(2, 1)


@pytest.mark.parametrize(
    ("agents", "covered"),
    [("greedy", True), ("random", True), ("greedy,random", True), ("mc", False),
     ("lookahead", True), ("lookahead,random", True), ("greedy,mc", False)],
)  # fmt: skip
def test_halma_lane_covers_random_greedy_and_lookahead(
    lanes: Registry, agents: str, covered: bool
) -> None:
    variant = _variant(lanes, "halma")
    specs = resolve_agents(lanes, variant, agents)
    lane = select_fast_lane(lanes, variant, specs, "auto")
    assert (lane is not None) == covered
    if lane is not None:
        assert isinstance(lane, FastLane)
        assert lane == pickle.loads(pickle.dumps(lane))  # workers may receive it pickled


def test_halma_lane_refuses_a_same_named_agent_from_elsewhere(lanes: Registry) -> None:
    variant = _variant(lanes, "halma")
    mine = AgentSpec("greedy", "someone else's greedy", lambda game, seat, rng: RandomAgent(rng))
    assert halma_fast.halma_fast_lane(variant, (mine,)) is None
    assert halma_fast.halma_fast_lane(_variant(lanes, "cardrace"), ()) is None


def test_halma_lane_statistics_are_the_cores_game_stats(lanes: Registry) -> None:
    variant = _variant(lanes, "halma")
    lane = select_fast_lane(lanes, variant, resolve_agents(lanes, variant, "greedy"), "fast")
    assert lane is not None
    table, records = lane.play(0, [4, 5])
    assert records is None and isinstance(table, GameTable)
    for index, stats in zip((4, 5), table, strict=True):
        assert isinstance(stats, GameStats) and stats.index == index
        assert stats.outcome.result in ("win", "draw") and not stats.hit_length_bound


def test_play_fast_writes_records_the_python_engine_replays(
    lanes: Registry, tmp_path: Path
) -> None:
    variant = parse_variant({"game": "halma", "rules": {"n": 3, "players": 3}}, lanes)
    agents = resolve_agents(lanes, variant, "greedy")
    lane = select_fast_lane(lanes, variant, agents, "fast")
    assert lane is not None
    header = {
        "game": "halma",
        "variant": variant.rules.model_dump(mode="json"),
        "seed": 9,
        "players": 3,
        "agents": ["greedy"],
    }
    stats = play_fast(lane, 9, range(20, 30), header, tmp_path)
    assert [s.index for s in stats] == list(range(20, 30))
    files = sorted(tmp_path.glob("game-*.jsonl"))
    assert [f.name for f in files] == [f"game-{i:06d}.jsonl" for i in range(20, 30)]
    for path, game in zip(files, stats, strict=True):
        assert check_record(read_record(path)) == game.outcome
    metrics = compute_metrics(stats, 3)
    assert metrics["completion"] == 1.0
    assert list(play_fast(lane, 9, [20], header, None)) == list(stats)[:1]


def test_cache_folder_is_the_users_unless_numba_is_told(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    if sys.platform.startswith("linux"):
        assert cache.numba_cache_dir() == tmp_path / "plywright" / "numba"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "elsewhere"))
    assert cache.numba_cache_dir() == tmp_path / "elsewhere"


def test_first_compile_prints_one_line_later_runs_none(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(cache, "stamp_path", lambda source: tmp_path / "kernels.ok")
    monkeypatch.setattr(halma_lane, "_compiled", threading.Event())
    halma_lane.ensure_compiled()
    halma_lane.ensure_compiled()
    assert capsys.readouterr().err == cache.COMPILING + "\n"
    assert (tmp_path / "kernels.ok").exists()
    monkeypatch.setattr(halma_lane, "_compiled", threading.Event())
    halma_lane.ensure_compiled()
    assert capsys.readouterr().err == ""


def test_the_hook_module_is_light() -> None:
    code = (
        "import sys\n"
        "import plywright.plugins.halma.fast.plugin\n"
        "print(sorted({'numba', 'plywright.plugins.halma.fast.lane'} & set(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.strip() == "[]"


def test_a_fresh_process_loads_the_compiled_engine_from_the_cache() -> None:
    halma_lane.ensure_compiled()  # compiled (or loaded) here: the cache is warm
    code = (
        "import sys\n"
        "from plywright.plugins.halma.fast.lane import HalmaFastLane\n"
        "from plywright.plugins.halma.options import HalmaRules\n"
        "assert 'numba' not in sys.modules\n"
        "lane = HalmaFastLane(HalmaRules(), ('greedy', 'greedy'))\n"
        "print(lane.play(1, [0])[0][0].outcome.result)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stderr == ""
    assert done.stdout.strip() in ("win", "draw")


def test_warming_the_cache_from_the_command_line() -> None:
    halma_lane.ensure_compiled()
    done = subprocess.run(
        [sys.executable, "-m", "plywright.plugins.halma.fast"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert done.stdout.startswith("halma fast engine ready (cache: ")
    assert done.stderr == ""
