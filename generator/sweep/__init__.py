"""``plywright sweep``: check every combination of swept variant parameters.

- :mod:`plywright.sweep.grid`: ``--set`` values and their cross product;
- :mod:`plywright.sweep.run`: validation of every combination, then the games on one backend;
- :mod:`plywright.sweep.outputs`: ``sweep.csv``, ``sweep.json``, ``best.toml`` and the report.
"""
