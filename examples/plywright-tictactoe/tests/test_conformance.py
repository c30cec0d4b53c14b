"""plywright's conformance kit on tic-tac-toe: the tests every plywright game must pass
(engine invariants, variant schema and template, static checks of every preset,
deterministic builds, records replayed, other games' variants left alone).

The same tests run with ``pytest --plywright-game tictactoe``; subclassing lets the package's
own ``pytest`` run them with everything else.
"""

from __future__ import annotations

from plywright.conformance import GameConformance

from plywright_tictactoe import GAME_NAME


class TestTicTacToeConformance(GameConformance):
    game = GAME_NAME
    playouts = 20
    """Tic-tac-toe games are short: play many random ones."""
    build_every_preset = True
