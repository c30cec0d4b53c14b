"""Hook implementations of the built-in ``kubb``  plugin (entry point ``plugins.kubb.plugin``)."""

from __future__ import annotations
