"""The conformance kit as a pytest plugin (entry point ``pytest11``, or ``-p`` this module).

``pytest --plywright-game NAME`` (repeatable) runs :class:`~plywright.conformance.kit.
GameConformance` on each named game; with no paths on the command line it runs only the kit,
with paths it runs the kit beside them. ``--plywright-playouts N`` plays more random games.
Importing this module imports nothing of plywright: pytest loads it on every run. It
registers the kit's modules for pytest's assertion rewriting first, so a failed check shows
pytest's comparison of the two sides.
"""

from __future__ import annotations

from pathlib import Path

import pytest

SUITE = Path(__file__).with_name("suite.py")
REWRITTEN = (
    "plywright.conformance.kit",
    "plywright.conformance.engine_checks",
    "plywright.conformance.agent_checks",
    "plywright.conformance.record_checks",
    "plywright.conformance.model_checks",
    "plywright.conformance.suite",
)
"""The kit's modules whose ``assert`` statements pytest rewrites."""

pytest.register_assert_rewrite(*REWRITTEN)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("plywright", "plywright conformance kit")
    group.addoption(
        "--plywright-game",
        action="append",
        default=[],
        metavar="NAME",
        help="run the plywright conformance kit on the registered game NAME (repeatable)",
    )
    group.addoption(
        "--plywright-playouts",
        type=int,
        default=None,
        metavar="N",
        help="random games per preset in the kit's engine test (default 1)",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Collect the kit's suite when a game is named (alone if no paths were given)."""
    if not config.getoption("plywright_game"):
        return
    explicit = config.args_source == pytest.Config.ArgsSource.ARGS
    if explicit:
        config.args.append(str(SUITE))
    else:
        config.args[:] = [str(SUITE)]
