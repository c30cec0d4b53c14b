"""The designer's answers to form changes (field errors, static checks, preview picture),
computed by worker processes and cached by variant.

The same form values always give the same answer, so answers are kept (least recently used
first out) under the variant data they were made from; the same request asked many times at
once is computed once. Distinct requests run in ``workers`` processes side by side (one
interpreter each: no lock shared between them); with ``workers = 0`` they run one at a time
in a thread of the server (tests, and machines where processes cannot be started).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import multiprocessing
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from starlette.concurrency import run_in_threadpool

from plywright.api import GameDefinition
from plywright.registry import Registry
from plywright.web.designer import evaluate
from plywright.web.forms import variant_data
from plywright.web.signals import sigint_held_in_children

LOG = logging.getLogger("plywright.web")
SOURCES = ("cache", "joined", "drawn")
"""Where an answer came from: the cache, the same request already being drawn, or drawn for
it (the designer's answers say so in a ``Server-Timing`` header)."""
_WORKER_REGISTRY: Registry | None = None
_WARM_ANSWERS: dict[str, dict[str, Any]] = {}
"""The answers a worker drew as it started, by :func:`_warm_key`: the server's own warm-up
asks for the same ones next, and gets them without drawing them twice."""


def _warm_key(game: str, payload: Mapping[str, Any]) -> str:
    return json.dumps([game, payload], sort_keys=True, ensure_ascii=False, default=str)


def _start_worker(registry_factory: Callable[[], Registry], warm: list[dict[str, Any]]) -> None:
    """A worker's first act: load the plugins and draw one preview of each game (the CAD
    libraries load on the first), so no visitor waits for it."""
    global _WORKER_REGISTRY
    _WORKER_REGISTRY = registry_factory()
    for item in warm:
        try:
            answer = _evaluate_in_worker(item["game"], item["payload"])
        except Exception:  # a broken plugin shows its error on its own page
            LOG.exception("warming the preview of %s failed", item["game"])
        else:
            _WARM_ANSWERS[_warm_key(item["game"], item["payload"])] = answer


def _evaluate_in_worker(game: str, payload: Mapping[str, Any]) -> dict[str, Any]:
    warm = _WARM_ANSWERS.pop(_warm_key(game, payload), None)
    if warm is not None:
        return warm
    registry = _WORKER_REGISTRY
    assert registry is not None, "the worker was started without its registry"
    return evaluate(registry, registry.games[game], payload)


def _noop() -> None:
    """A task that makes the pool start a worker."""


def cache_key(definition: GameDefinition, payload: Mapping[str, Any]) -> str:
    """The variant a payload describes, as text: equal texts give equal answers."""
    data = variant_data(definition, payload)
    return json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)


class Previews:
    """Cached, parallel answers to the designer's form changes."""

    def __init__(
        self,
        registry: Registry,
        registry_factory: Callable[[], Registry],
        *,
        workers: int = 2,
        cache_size: int = 512,
    ) -> None:
        self.registry = registry
        self.registry_factory = registry_factory
        self.workers = workers
        self.cache_size = cache_size
        self._cache: OrderedDict[str, bytes] = OrderedDict()
        self._bodies: OrderedDict[bytes, bytes] = OrderedDict()
        """Answers by the request bytes they were made for (the same objects as in
        ``_cache``: little memory)."""
        self._running: dict[str, asyncio.Future[bytes]] = {}
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self.computed = 0
        """Answers computed (not taken from the cache), for tests and benchmarks."""

    def start(self, warm: list[dict[str, Any]]) -> None:
        """Start the worker processes, each warming the ``warm`` payloads
        (``{"game", "payload"}``)."""
        if self.workers <= 0 or self._pool is not None:
            return
        self._pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(self.registry_factory, warm),
        )
        with sigint_held_in_children():  # each submit starts a worker, all of them here
            for _ in range(self.workers):
                self._pool.submit(_noop)

    async def answer(
        self, definition: GameDefinition, payload: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The answer for ``payload`` (see :meth:`answer_json`)."""
        answer: dict[str, Any] = json.loads(await self.answer_json(definition, payload))
        return answer

    async def answer_body(
        self,
        definition: GameDefinition,
        body: bytes,
        parse: Callable[[bytes], Mapping[str, Any]],
    ) -> bytes:
        """The answer for a request ``body`` (see :meth:`answer_body_from`)."""
        return (await self.answer_body_from(definition, body, parse))[0]

    async def answer_body_from(
        self,
        definition: GameDefinition,
        body: bytes,
        parse: Callable[[bytes], Mapping[str, Any]],
    ) -> tuple[bytes, str]:
        """The answer for a request ``body`` (read with ``parse``, which raises on bad
        input) and where it came from (:data:`SOURCES`): the very bytes of an earlier
        request are answered at once, without reading the form again (reading it costs
        milliseconds of the server's one event loop)."""
        key = f"{definition.name}\n".encode() + hashlib.sha256(body).digest()
        cached = self._bodies.get(key)
        if cached is not None:
            self._bodies.move_to_end(key)
            return cached, "cache"
        answer, source = await self._answer_json(definition, parse(body))
        self._bodies[key] = answer
        while len(self._bodies) > self.cache_size:
            self._bodies.popitem(last=False)
        return answer, source

    async def answer_json(self, definition: GameDefinition, payload: Mapping[str, Any]) -> bytes:
        """The answer for ``payload`` as JSON: from the cache, from the same request already
        being computed, or computed now."""
        return (await self._answer_json(definition, payload))[0]

    async def _answer_json(
        self, definition: GameDefinition, payload: Mapping[str, Any]
    ) -> tuple[bytes, str]:
        key = f"{definition.name}\n{cache_key(definition, payload)}"
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached, "cache"
        running = self._running.get(key)
        if running is not None:
            return await asyncio.shield(running), "joined"
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._running[key] = future
        try:
            result = json.dumps(await self._compute(definition, payload)).encode("utf-8")
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._running[key]
        future.set_result(result)
        self._cache[key] = result
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return result, "drawn"

    async def _compute(
        self, definition: GameDefinition, payload: Mapping[str, Any]
    ) -> dict[str, Any]:
        self.computed += 1
        plain = {k: payload.get(k) for k in ("name", "preset", "values")}
        if self._pool is None:
            return await run_in_threadpool(self._in_thread, definition, plain)
        try:
            job: Future[dict[str, Any]] = self._pool.submit(
                _evaluate_in_worker, definition.name, plain
            )
            return await asyncio.wrap_future(job)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh
            LOG.error("a preview worker process died; starting new ones")
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            self.start([])
            return await run_in_threadpool(self._in_thread, definition, plain)

    def _in_thread(self, definition: GameDefinition, payload: Mapping[str, Any]) -> dict[str, Any]:
        """One evaluation at a time in this process: two threads importing a plugin's CAD
        modules at once can see them half-initialised."""
        with self._lock:
            return evaluate(self.registry, definition, payload)

    def close(self) -> None:
        """End the worker processes now (a server stop does not wait for previews)."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(2)
