"""The body of ``plywright serve``: start the designer with uvicorn and print its URL."""

from __future__ import annotations

import ipaddress

import click

LOOPBACK_NAMES = ("localhost",)


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


def serve(host: str, port: int) -> None:
    """Run the designer until interrupted; jobs end and their folders go with the server."""
    import uvicorn

    from generator.web.app import create_app

    local = is_loopback(host)
    if not local:
        click.echo(
            f"plywright: warning: serving on {host}, reachable from other machines: anyone "
            "who can reach it can run checks and builds here",
            err=True,
        )
    app = create_app(allowed_hosts=None if not local else ("127.0.0.1", "localhost", "[::1]"))
    click.echo(f"plywright designer: {url_of(host, port)} (Ctrl+C stops it)")
    uvicorn.run(app, host=host, port=port, log_level="warning")
