"""The designer's previews under load: 100 concurrent preview requests of the three built-in
games (halma, Kubb, Konstruktsiia), answered by the server's preview workers and cache.

Run: ``.venv/bin/python benchmarks/preview_load_bench.py [--requests 100] [--distinct 12]``.
Serves the designer with uvicorn on a free local port (previews warmed at start), then sends
``--requests`` requests at once, spread over the three games, and prints the median and the
largest answer time:

- ``shared``: the requests ask for ``--distinct`` different variants in all (people starting
  from the presets and trying the same few changes): the cache and the workers serve them;
- ``again``: the ``shared`` requests once more, every answer from the cache;
- ``distinct``: every request asks for a variant nobody asked for before (the worst case: each
  is drawn by one of the worker processes).

Also the first preview after start (the page's first request, warmed before anyone asks) and
the next one. Target: median under 1 s and max under 3 s for ``shared``.
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx

from plywright.registry import Registry, load_registry
from plywright.variant import parse_variant
from plywright.web.forms import default_name, form_values

GAMES = ("halma", "kubb", "cardtrack")
EDITS = {
    "halma": [("rules.players", ["2", "3", "4", "6"]), ("production.margin", ["14", "16", "18"])],
    "kubb": [("rules.length", ["8.0", "9.0", "10.0", "12.0"]), ("rules.width", ["5.0", "6.0"])],
    "cardtrack": [("rules.height", ["6", "8", "10", "12"]), ("production.w", ["60", "63"])],
}


@contextmanager
def running_server() -> Iterator[str]:
    """``plywright serve`` in its own process (the load's client never shares its
    interpreter), on a free local port."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    command = [sys.executable, "-m", "plywright", "serve", "--port", str(port)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                httpx.get(f"{url}/", timeout=5).raise_for_status()
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("the designer did not start") from None
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(30)


def start_payload(registry: Registry, game: str) -> dict[str, Any]:
    definition = registry.games[game]
    start = parse_variant({"game": game}, registry, default_name=default_name(definition))
    return {"name": start.name, "preset": start.preset or "", "values": form_values(start)}


def payloads(
    registry: Registry, count: int, distinct: int | None
) -> list[tuple[str, dict[str, Any]]]:
    """``count`` requests over the three games; ``distinct`` different variants in all
    (``None``: every request a new variant)."""
    out = []
    for index in range(count):
        game = GAMES[index % len(GAMES)]
        payload = start_payload(registry, game)
        which = index if distinct is None else index % distinct
        field, choices = EDITS[game][0]
        payload["values"][field] = choices[which % len(choices)]
        other, values = EDITS[game][1]
        payload["values"][other] = values[(which // len(choices)) % len(values)]
        if distinct is None:  # a name nobody used: a variant never drawn before
            payload["name"] = f"load-{index}"
        out.append((game, payload))
    return out


async def ask_all(url: str, requests: list[tuple[str, dict[str, Any]]]) -> list[float]:
    limits = httpx.Limits(max_connections=len(requests))
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:

        async def one(game: str, payload: dict[str, Any]) -> float:
            began = time.perf_counter()
            response = await client.post(f"/games/{game}/evaluate", json=payload)
            response.raise_for_status()
            assert response.json()["ok"], response.text[:200]
            return time.perf_counter() - began

        return list(await asyncio.gather(*(one(g, p) for g, p in requests)))


def wait_warm(url: str, registry: Registry) -> float:
    """Seconds until the page's first preview of every game is answered (the server warms
    them at start)."""
    began = time.perf_counter()
    for game in GAMES:
        asyncio.run(ask_all(url, [(game, start_payload(registry, game))]))
    return time.perf_counter() - began


def report(label: str, seconds: list[float]) -> None:
    print(
        f"{label:>9}: {len(seconds)} requests, median {statistics.median(seconds):.3f} s, "
        f"max {max(seconds):.3f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--distinct", type=int, default=12)
    args = parser.parse_args()
    registry = load_registry()
    started = time.perf_counter()
    with running_server() as url:
        print(f"server up after {time.perf_counter() - started:.1f} s")
        print(
            f"first previews of {', '.join(GAMES)} answered {wait_warm(url, registry):.1f} s later"
        )
        first = asyncio.run(ask_all(url, [("halma", start_payload(registry, "halma"))]))
        nxt = asyncio.run(ask_all(url, payloads(registry, 1, 1)))
        print(f"first halma preview {first[0]:.3f} s, the next (a new variant) {nxt[0]:.3f} s")
        shared = payloads(registry, args.requests, args.distinct)
        report("shared", asyncio.run(ask_all(url, shared)))
        report("again", asyncio.run(ask_all(url, shared)))  # every answer in the cache now
        report("distinct", asyncio.run(ask_all(url, payloads(registry, args.requests, None))))


if __name__ == "__main__":
    main()
