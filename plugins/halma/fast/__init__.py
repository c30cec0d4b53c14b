"""Halma's fast lane: numba kernels that play seeded batches of ``random``/``greedy``/
``lookahead``/``search`` games.

- :mod:`~plywright.plugins.halma.fast.cache`: the compile cache in the user's cache folder;
- :mod:`~plywright.plugins.halma.fast.tables`: the variant's arrays, from the geometry model;
- :mod:`~plywright.plugins.halma.fast.kernels`: move generation, turns, agents, perft (numba);
- :mod:`~plywright.plugins.halma.fast.search`: the ``search`` agent's best-reply alpha-beta (numba);
- :mod:`~plywright.plugins.halma.fast.games`: the game loop of a batch (numba);
- :mod:`~plywright.plugins.halma.fast.lane`: the :class:`~plywright.simulate.fastlane.FastLane` of a
  variant; :mod:`~plywright.plugins.halma.fast.plugin`: the fast-lane finder
  (``GameDefinition.fast_lane``);
- :mod:`~plywright.plugins.halma.fast.probe`: legal moves and perft of any position (tests, tools).

Importing this package imports no numba.
"""
