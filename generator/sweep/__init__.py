"""``plywright sweep``: check every combination of swept variant parameters.

- :mod:`generator.sweep.grid`: ``--set`` values and their cross product;
- :mod:`generator.sweep.run`: validation of every combination, then the games on one backend;
- :mod:`generator.sweep.outputs`: ``sweep.csv``, ``sweep.json``, ``best.toml`` and the report.
"""
