"""Hook implementations of the built-in ``cardtrack``  plugin (entry point ``plugins.cardtrack.plugin``)."""

from __future__ import annotations
