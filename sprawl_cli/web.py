"""`sprawl serve`: the game in the save as a live, read-only page for every screen at the table.

An ASGI app (Starlette) served by uvicorn. The save's folder is watched (watchfiles); when
the save changes, from any terminal, the page's live part is drawn again
(`render/table_page.py`) and sent to every open page as a server-sent event. The stream is
Starlette's own `StreamingResponse` with the few lines of SSE framing written here, rather
than sse-starlette: one dependency fewer, and the stream ends on our own stop event, which
the server sets on Ctrl-C or SIGTERM, so shutdown never waits on an open browser.

Three addresses answer, all GET: `/` (the page), `/events` (the stream) and `/page.js` (the
page's script, the same for every game). Every request passes one guard (`Guard`) before any
route is looked up: on a loopback address (127.0.0.1, ::1, localhost, any spelling) it must
name this machine in its Host header, against DNS rebinding; beyond loopback it must carry
the random token of the address `serve` printed (all but the script, which holds no game).
Every reply, a refusal or a 404 too, carries the security headers. A connection that sends
no request is closed after `IDLE_SECONDS`. This module is imported by `sprawl serve` alone
(tests/test_serve_imports.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
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
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from sprawl_cli.render.table_page import SCRIPT, game_view, page

PING_SECONDS = 15.0  # a comment line now and then, so a dead browser's stream is noticed
IDLE_SECONDS = 10.0  # a connection that has sent no whole request by then is closed
KEEP_ALIVE_SECONDS = 5  # a connection idle after a reply is closed after this
LOCAL_NAMES = ("127.0.0.1", "localhost", "[::1]")  # what a browser on this machine puts in Host
HEADERS = {
    # The page's script is its own file (`/page.js`): no inline script may run. Its style is
    # inline, as the map's drawing is. It talks to this server alone.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; "
                               "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the token is in the address: never hand it on
    "Cache-Control": "no-store",
}
SCRIPT_PATH = "/page.js"
REFUSED = "This page needs the address with its token, as `sprawl serve` printed it.\n"
WRONG_HOST = "This server answers only this machine's own names (localhost, 127.0.0.1, [::1]).\n"


def loopback(host: str) -> bool:
    """Whether `host` (an address in any spelling, or a name) is this machine alone: a loopback
    address (127.0.0.0/8, ::1, an IPv4-mapped 127.x) or a name every address of which is one."""
    bare = host.strip().strip("[]")
    try:
        address = ipaddress.ip_address(bare)
    except ValueError:
        try:
            infos = socket.getaddrinfo(bare, None, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError):
            return False
        return bool(infos) and all(loopback(str(info[4][0])) for info in infos)
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped.is_loopback
    return address.is_loopback


def host_names(host: str) -> frozenset[str]:
    """The Host header names a server on loopback `host` answers: this machine's usual names
    and `host` itself as a browser writes it (an IPv6 address in brackets)."""
    bare = host.strip().strip("[]").lower()
    return frozenset((*LOCAL_NAMES, f"[{bare}]" if ":" in bare else bare))


def host_of(header: str) -> str:
    """The name of a Host header without its port, lower case ("[::1]:8026" -> "[::1]")."""
    header = header.strip().lower()
    if header.startswith("["):
        end = header.find("]")
        return header[:end + 1] if end > 0 else ""
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


class Guard:
    """Every request's one gate, before any route: the Host check on loopback, the token beyond
    it; and the security headers on every reply, whichever answers (a route, a 404, a 405)."""

    def __init__(self, app: ASGIApp, token: str | None, hosts: frozenset[str] | None) -> None:
        self.app, self.token, self.hosts = app, token, hosts

    def allowed(self, scope: Scope) -> bool:
        if self.token is None or scope.get("path") == SCRIPT_PATH:
            return True
        given = Request(scope).query_params.get("token", "")
        return secrets.compare_digest(given.encode(), self.token.encode())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                ours = {k.lower().encode() for k in HEADERS}
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in ours]
                message = dict(message, headers=headers + [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()])
            await send(message)

        host = host_of(Request(scope).headers.get("host", ""))
        if self.hosts is not None and host not in self.hosts:
            await PlainTextResponse(WRONG_HOST, status_code=400)(scope, receive, secured)
        elif not self.allowed(scope):
            await PlainTextResponse(REFUSED, status_code=403)(scope, receive, secured)
        else:
            await self.app(scope, receive, secured)


class Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection that sends no whole request within
    `IDLE_SECONDS` (an idle or trickling client holds no socket all evening); a connection
    idle after a reply is closed by uvicorn's own keep-alive timeout."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        self.loop.call_later(IDLE_SECONDS, self.close_if_idle)

    def close_if_idle(self) -> None:
        if self.cycle is None and not self.transport.is_closing():
            self.transport.close()


class Live:
    """The latest drawing of the game and who waits for the next one."""

    def __init__(self, save: Path) -> None:
        self.save = save
        self.view = game_view(save)
        self.version = 0
        self.changed = asyncio.Condition()
        self.stopping = asyncio.Event()

    async def redraw(self) -> None:
        view = await anyio.to_thread.run_sync(game_view, self.save)
        if view != self.view:
            async with self.changed:
                self.view, self.version = view, self.version + 1
                self.changed.notify_all()

    async def watch(self) -> None:
        """Draw the game again at every change of the save. Its folder is watched, since a save is
        replaced whole, never written in place; a folder deleted and made again is watched
        anew, and the game drawn again once the new watch is up. Where the folder cannot be
        watched (gone, or no inotify left), the save is read twice a second."""
        folder, name = self.save.parent, self.save.name

        def ours(_change: watchfiles.Change, path: str) -> bool:
            return Path(path).name == name or Path(path) == folder

        while not self.stopping.is_set():
            if folder.is_dir():
                with contextlib.suppress(Exception):
                    fresh = True
                    async for changes in watchfiles.awatch(folder, watch_filter=ours, stop_event=self.stopping,
                                                           recursive=False, debounce=400, step=30, rust_timeout=500,
                                                           yield_on_timeout=True):
                        if changes or fresh:  # the first yield: the watch is up, so nothing is missed
                            await self.redraw()
                        fresh = False
                        if not folder.is_dir():
                            break
            if self.stopping.is_set():
                return
            await self.redraw()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stopping.wait(), 0.5)

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


def make_app(live: Live, token: str | None, hosts: frozenset[str] | None) -> ASGIApp:
    """The server's app: the three routes behind the `Guard` (`hosts`: the Host names answered,
    None for any; `token`: what the address must carry, None for nothing)."""
    async def home(_request: Request) -> Response:
        return HTMLResponse(page(live.view))

    async def script(_request: Request) -> Response:
        return Response(SCRIPT, media_type="text/javascript")

    async def events(_request: Request) -> Response:
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

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"X-Accel-Buffering": "no"})

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

    app = Starlette(routes=[Route("/", home, methods=["GET"]), Route("/events", events, methods=["GET"]),
                            Route(SCRIPT_PATH, script, methods=["GET"])], lifespan=lifespan)
    app.router.redirect_slashes = False  # `/events/` is a 404, not a redirect that names the route
    return Guard(app, token, hosts)


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

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        """uvicorn's shutdown, after hanging up every connection still sending: an event stream
        to a browser that stopped reading would otherwise hold the stop for the graceful timeout
        and end in a traceback. Hung up, its send returns and the stream ends on the stop event."""
        for connection in list(self.server_state.connections):
            transport = getattr(connection, "transport", None)
            if transport is not None:
                transport.abort()
        await super().shutdown(sockets)


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


def build(save: Path, token: str | None, hosts: frozenset[str] | None) -> Server:
    """The server of the game in `save`, inside a running event loop (see `make_app`)."""
    live = Live(save)
    loop = asyncio.get_running_loop()
    config = uvicorn.Config(make_app(live, token, hosts), log_level="warning", access_log=False, lifespan="on",
                            server_header=False, http=Protocol, timeout_keep_alive=KEEP_ALIVE_SECONDS,
                            timeout_graceful_shutdown=1)
    return Server(config, lambda: loop.call_soon_threadsafe(live.stopping.set))


def serve(save: Path, host: str, port: int, announce: Callable[[str, bool], None], say: Callable[[str], None]) -> None:
    """Serve the page until Ctrl-C or SIGTERM. `announce(url, beyond)` is told the address to
    open once the socket listens (`beyond`: other machines can reach it, the token is in it).

    Raises:
        OSError: the address cannot be bound.
    """
    local = loopback(host)
    token = None if local else secrets.token_urlsafe(16)
    sock = listening_socket(host, port)
    bound_port = sock.getsockname()[1]
    shown = reachable_host(host)
    url_host = f"[{shown}]" if ":" in shown else shown
    url = f"http://{url_host}:{bound_port}/" + (f"?token={token}" if token else "")

    async def main() -> None:
        server = build(save, token, host_names(host) if local else None)
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


__all__ = ["serve", "build", "terminal_qr", "make_app", "Live", "Guard", "loopback", "sse"]
