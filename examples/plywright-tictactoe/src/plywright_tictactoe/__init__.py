"""Tic-tac-toe for plywright: the example third-party game plugin.

``rules`` is the engine, ``options`` the variant-file schema, ``geometry`` the one board model,
``layout`` the SVG drawing and ``plugin`` the hook implementations plywright loads.
"""

from __future__ import annotations

GAME_NAME = "tictactoe"
"""The name variant files use: ``game = "tictactoe"``."""
