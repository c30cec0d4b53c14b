"""Less work per preview (issue 20, the load target): a request seen before is answered by
its bytes without reading the form again, and Konstruktsiia's reference-card fit (the text
laid out up to 36 times) is made once for a card text and size, not after every edit."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from plywright.plugins.cardtrack import refcard
from plywright.registry import load_registry
from plywright.variant import parse_variant
from plywright.web.designer import evaluate
from plywright.web.forms import default_name, form_values
from plywright.web.previews import Previews


def start(game: str) -> dict[str, Any]:
    registry = load_registry()
    definition = registry.games[game]
    variant = parse_variant({"game": game}, registry, default_name=default_name(definition))
    return {"name": variant.name, "preset": variant.preset or "", "values": form_values(variant)}


def test_the_same_request_bytes_are_answered_without_reading_them_again() -> None:
    registry = load_registry()
    previews = Previews(registry, load_registry, workers=0)
    definition = registry.games["halma"]
    payload = start("halma")
    reads: list[bytes] = []

    def parse(body: bytes) -> dict[str, Any]:
        reads.append(body)
        return dict(json.loads(body))

    async def ask(body: bytes) -> bytes:
        return await previews.answer_body(definition, body, parse)

    body = json.dumps(payload).encode()
    first = asyncio.run(ask(body))
    again = asyncio.run(ask(body))
    assert again == first and json.loads(first)["ok"]
    assert (len(reads), previews.computed) == (1, 1)
    shuffled = json.dumps(dict(reversed(list(payload.items())))).encode()  # same variant
    assert asyncio.run(ask(shuffled)) == first
    assert (len(reads), previews.computed) == (2, 1)  # read, but not drawn again

    def refuse(body: bytes) -> dict[str, Any]:
        raise ValueError("bad input")

    async def bad() -> bytes:
        return await previews.answer_body(definition, b"{not json", refuse)

    for _ in range(2):  # a refused body is never remembered
        with pytest.raises(ValueError, match="bad input"):
            asyncio.run(bad())


def test_the_reference_card_is_fitted_once_per_text_and_size(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    registry = load_registry()
    definition = registry.games["cardtrack"]
    layouts = [0]
    real = refcard._height

    def counted(*args: Any) -> float:
        layouts[0] += 1
        return real(*args)

    monkeypatch.setattr(refcard, "_height", counted)
    refcard._fitting_size.cache_clear()
    payload = start("cardtrack")
    first = evaluate(registry, definition, payload)
    fitted = layouts[0]
    assert fitted > 0 and first["ok"]
    payload["name"] = "another-name"
    payload["values"]["rules.decks"] = "2"  # neither the card's text nor its size
    second = evaluate(registry, definition, payload)
    assert second["ok"], second["error"]
    assert layouts[0] == fitted
    assert [c for c in second["checks"] if c["name"].startswith("refcard")] == [
        c for c in first["checks"] if c["name"].startswith("refcard")
    ]
    payload["values"]["production.w"] = "70"  # another card size: fitted again
    evaluate(registry, definition, payload)
    assert layouts[0] > fitted
