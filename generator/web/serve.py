"""The body of ``plywright serve``: take the address, draw every game's first preview, then
listen with uvicorn and print the URL.

The order is the promise the URL line makes: the socket is bound first (a port in use or a
bad host is one line, before any wait), the previews are warmed next (the worker processes
start and each game's first answer is cached), and only then does the server listen and say
so. So the first visitor is answered from a warm cache, and nobody connects to a server that
is still warming (the port refuses connections until the URL line).
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click
import uvicorn

from plywright.errors import InputError, cut, excerpt
from plywright.web.signals import noted, raise_again

if TYPE_CHECKING:
    from plywright.web.state import Designer

LOOPBACK_NAMES = ("localhost",)
PREFIX = "plywright designer: "


def is_loopback(host: str) -> bool:
    """True for addresses only this machine can reach."""
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def url_of(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}/"


def bound_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host:port`` (``port`` 0: any free one), not yet listening.

    An address that cannot be had (a port in use, an unknown host) is :class:`InputError`."""
    where = f"--host {excerpt(host)} --port {port}"
    try:
        found = socket.getaddrinfo(
            host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except (OSError, UnicodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise InputError(f"{where}: cannot listen there ({reason})") from None
    family, kind, proto, _, address = found[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise InputError(f"{where}: cannot listen there ({exc.strerror or exc})") from None
    return sock


def warm(app: Any, say: Callable[[str], None]) -> None:
    """Draw every game's first preview (:meth:`Designer.warm_up`), saying so before and
    after. Ctrl-C (or SIGTERM) cancels it at once; the signal is raised again once its event
    loop is closed (:mod:`plywright.web.signals`)."""
    say(f"{PREFIX}drawing the first previews before listening")
    began = time.perf_counter()
    warming = Warming(app.state.designer)
    with noted(warming.stop) as received, asyncio.Runner() as runner:
        count = runner.run(warming.run(received))
    raise_again(received)
    say(f"{PREFIX}{count} previews ready in {time.perf_counter() - began:.1f} s")


class Warming:
    """The warm-up as a task a signal handler can cancel."""

    def __init__(self, designer: Designer) -> None:
        self.designer = designer
        self.loop: asyncio.AbstractEventLoop | None = None
        self.task: asyncio.Future[int] | None = None

    async def run(self, received: list[int]) -> int:
        """The previews drawn, or 0 when a signal (``received``) cancelled the warm-up."""
        self.loop = asyncio.get_running_loop()
        self.task = asyncio.ensure_future(self.designer.warm_up())
        if received:  # it came before there was a task to cancel
            self.task.cancel()
        try:
            return await self.task
        except asyncio.CancelledError:
            if not received:
                raise
            return 0

    def stop(self, _: int) -> None:
        if self.loop is not None and self.task is not None:
            self.loop.call_soon_threadsafe(self.task.cancel)


def serve(host: str, port: int) -> None:
    """Run the designer until interrupted; jobs end and their folders go with the server."""
    from plywright.web.app import create_app

    sock = bound_socket(host, port)
    local = is_loopback(host)
    if not local:
        click.echo(
            f"plywright: warning: serving on {cut(host)}, reachable from other machines: "
            "anyone who can reach it can run checks and builds here",
            err=True,
        )
    app = create_app(allowed_hosts=None if not local else ("127.0.0.1", "localhost", "[::1]"))
    url = url_of(host, sock.getsockname()[1])
    try:
        warm(app, click.echo)
        config = uvicorn.Config(app, log_level="warning")
        server = ListeningServer(config, lambda: click.echo(f"{PREFIX}{url} (Ctrl+C stops it)"))
        server.run(sockets=[sock])
    finally:
        app.state.designer.close()
        sock.close()


class ListeningServer(uvicorn.Server):
    """A uvicorn server that calls ``on_listening`` once its socket listens, before the event
    loop answers anyone: whoever reads that line may connect, and nobody is answered before
    it is written. Ctrl-C and SIGTERM stop it as uvicorn's own handler does, from before its
    event loop is made until after it is closed, and are then raised again."""

    def __init__(self, config: uvicorn.Config, on_listening: Callable[[], None]) -> None:
        super().__init__(config)
        self.on_listening = on_listening

    def run(self, sockets: list[socket.socket] | None = None) -> None:
        with noted(lambda sig: self.handle_exit(sig, None)) as received:
            super().run(sockets)
        raise_again(received)

    @contextmanager
    def capture_signals(self) -> Iterator[None]:
        """Nothing here: :meth:`run` takes the signals, around the whole event loop (uvicorn
        would raise them again inside it)."""
        yield

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            self.on_listening()
