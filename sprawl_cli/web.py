"""`sprawl serve`: the game in the save as a live, read-only page for every screen at the table.

An ASGI app (Starlette) served by uvicorn. The save's folder is watched (watchfiles); when
the save changes, from any terminal, the page's live part is drawn again
(`render/table_page.py`) and sent to every open page as a server-sent event. The stream is
Starlette's own `StreamingResponse` with the few lines of SSE framing written here, rather
than sse-starlette: one dependency fewer, and the stream ends on our own stop event, which
the server sets on Ctrl-C or SIGTERM, so shutdown never waits on an open browser.

Only two addresses answer, both GET: `/` (the page) and `/events` (the stream). Beyond this
machine both need the random token of the address `serve` printed. This module is imported
by `sprawl serve` alone (tests/test_serve_imports.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import signal
import socket
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import anyio.to_thread
import uvicorn
import watchfiles
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from sprawl_cli.render.table_page import game_view, page

PING_SECONDS = 15.0  # a comment line now and then, so a dead browser's stream is noticed
LOOPBACK = ("127.0.0.1", "localhost", "::1")
HEADERS = {
    # The page runs its one inline script and talks to this server alone.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
                               "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the token is in the address: never hand it on
    "Cache-Control": "no-store",
}
REFUSED = "This page needs the address with its token, as `sprawl serve` printed it.\n"


class Live:
    """The latest drawing of the game and who waits for the next one."""

    def __init__(self, save: Path, token: str | None) -> None:
        self.save = save
        self.token = token
        self.view = game_view(save)
        self.version = 0
        self.changed = asyncio.Condition()
        self.stopping = asyncio.Event()

    def allowed(self, request: Request) -> bool:
        if self.token is None:
            return True
        given = request.query_params.get("token", "")
        return secrets.compare_digest(given.encode(), self.token.encode())

    async def redraw(self) -> None:
        view = await anyio.to_thread.run_sync(game_view, self.save)
        if view != self.view:
            async with self.changed:
                self.view, self.version = view, self.version + 1
                self.changed.notify_all()

    async def watch(self) -> None:
        """Draw the game again at every change of the save (its folder is watched: a save is
        replaced whole, never written in place)."""
        name = self.save.name

        def ours(_change: watchfiles.Change, path: str) -> bool:
            return Path(path).name == name

        try:
            async for _ in watchfiles.awatch(self.save.parent, watch_filter=ours, stop_event=self.stopping,
                                             recursive=False, debounce=400, step=30, rust_timeout=500):
                await self.redraw()
        except Exception:  # the folder cannot be watched (gone, or no inotify left): look twice a second
            while not self.stopping.is_set():
                await asyncio.sleep(0.5)
                await self.redraw()

    async def next_view(self, seen: int) -> str | None:
        """The view after version `seen`; "" for a ping when nothing changed for a while; None on stop."""
        async def changed() -> None:
            async with self.changed:
                await self.changed.wait_for(lambda: self.version != seen)

        async def stopped() -> None:
            await self.stopping.wait()

        waits = [asyncio.ensure_future(changed()), asyncio.ensure_future(stopped())]
        try:
            done, _ = await asyncio.wait(waits, timeout=PING_SECONDS, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for w in waits:
                w.cancel()
        if self.stopping.is_set():
            return None
        return self.view if done else ""


def sse(event: str, text: str) -> str:
    """One server-sent event: each line of the text its own `data:` line."""
    return f"event: {event}\n" + "".join(f"data: {line}\n" for line in text.splitlines() or [""]) + "\n"


def make_app(live: Live, hosts: list[str] | None) -> Starlette:
    async def home(request: Request) -> Response:
        if not live.allowed(request):
            return PlainTextResponse(REFUSED, status_code=403, headers=HEADERS)
        return HTMLResponse(page(live.view), headers=HEADERS)

    async def events(request: Request) -> Response:
        if not live.allowed(request):
            return PlainTextResponse(REFUSED, status_code=403, headers=HEADERS)

        async def stream() -> AsyncIterator[str]:
            seen = live.version
            yield "retry: 1000\n" + sse("view", live.view)
            while True:
                view = await live.next_view(seen)
                if view is None:
                    return
                if view == "":
                    yield ": ping\n\n"
                    continue
                seen = live.version
                yield sse("view", view)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers=dict(HEADERS, **{"X-Accel-Buffering": "no"}))

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        watcher = asyncio.ensure_future(live.watch())
        try:
            yield
        finally:
            live.stopping.set()
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await watcher

    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=hosts)] if hosts else []
    return Starlette(routes=[Route("/", home, methods=["GET"]), Route("/events", events, methods=["GET"])],
                     middleware=middleware, lifespan=lifespan)


class Server(uvicorn.Server):
    """uvicorn's server, stopped by Ctrl-C or SIGTERM without re-raising the signal after
    (so `sprawl serve` ends with exit 0), and ending every open event stream first."""

    def __init__(self, config: uvicorn.Config, on_stop: Callable[[], object]) -> None:
        super().__init__(config)
        self.on_stop = on_stop

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        previous = {sig: signal.signal(sig, self.handle_exit) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            yield
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def handle_exit(self, sig: int, frame: Any) -> None:
        self.on_stop()
        super().handle_exit(sig, frame)


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound before uvicorn starts, so the address printed is the real one
    (`--port 0` picks a free port).

    Raises:
        OSError: the address cannot be bound (in use, or not this machine's).
    """
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def reachable_host(host: str) -> str:
    """The address another device at the table would use to reach `host`."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the outgoing interface
        found: str = probe.getsockname()[0]
        return found
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()


def serve(save: Path, host: str, port: int, announce: Callable[[str, bool], None], say: Callable[[str], None]) -> None:
    """Serve the page until Ctrl-C or SIGTERM. `announce(url, beyond)` is told the address to
    open once the socket listens (`beyond`: other machines can reach it, the token is in it).

    Raises:
        OSError: the address cannot be bound.
    """
    local = host in LOOPBACK
    token = None if local else secrets.token_urlsafe(16)
    sock = listening_socket(host, port)
    bound_port = sock.getsockname()[1]
    shown = reachable_host(host)
    url_host = f"[{shown}]" if ":" in shown else shown
    url = f"http://{url_host}:{bound_port}/" + (f"?token={token}" if token else "")

    async def main() -> None:
        live = Live(save, token)
        loop = asyncio.get_running_loop()
        # Only this machine's own names, against DNS rebinding (Starlette's check reads no IPv6 literal).
        hosts = ["127.0.0.1", "localhost"] if local and ":" not in host else None
        config = uvicorn.Config(make_app(live, hosts), log_level="warning", access_log=False, lifespan="on",
                                server_header=False,
                                timeout_graceful_shutdown=3)
        server = Server(config, lambda: loop.call_soon_threadsafe(live.stopping.set))
        announce(url, token is not None)
        await server.serve(sockets=[sock])

    try:
        asyncio.run(main())
    finally:
        sock.close()
    say("Stopped serving the game.")


def terminal_qr(url: str, out: Any) -> None:
    """The address as a QR code drawn with Unicode blocks, for a phone's camera."""
    import segno

    segno.make(url, error="m").terminal(out=out, compact=True)
    out.flush()


__all__ = ["serve", "terminal_qr", "make_app", "Live", "sse"]
