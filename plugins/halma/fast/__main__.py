"""``python -m plywright.plugins.halma.fast``: compile the fast engine into the cache now (``make
run`` warms it this way), then print where the cache is."""

from __future__ import annotations

from plywright.plugins.halma.fast.cache import numba_cache_dir
from plywright.plugins.halma.fast.lane import ensure_compiled


def main() -> None:
    ensure_compiled()
    print(f"halma fast engine ready (cache: {numba_cache_dir()})")


if __name__ == "__main__":
    main()
