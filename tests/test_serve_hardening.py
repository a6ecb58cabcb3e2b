"""`sprawl serve` hardened (issue 35, items 7-10): the server in this process, spoken to over
raw sockets, so each finding of the security audit is checked on the wire.

- Every loopback spelling gets the Host check (against DNS rebinding), every other address
  the token; `--host ::1` included (it used to serve with neither).
- Every reply (403, 404, 405, 400 too) carries the security headers; `/events/` is refused
  without the token rather than redirected; the page runs no inline script.
- A connection that sends no whole request is closed.
- Stopping with a stream stuck on a browser that stopped reading is quiet (no graceful
  timeout, no traceback).
- The save's folder deleted and made again, and a save replaced by another system's game,
  are drawn like any other change.

Waits poll a condition under a generous hang guard; nothing here measures time.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import signal
import socket
import subprocess
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from tests import harness
from tests.cdp import HANG_GUARD, lines_of, reaped, stop, wait_line
from tests.factory import new_args

web = pytest.importorskip("sprawl_cli.web")  # the `table` extra (the test extra installs it)

SECURITY = ("content-security-policy", "x-content-type-options", "referrer-policy", "cache-control")


def new_game(folder: Path, system: str = "sprawl", name: str = "game.yaml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    made = harness.run(["--game", name, "--seed", "7", "new", *new_args(system)], folder)
    assert made.returncode == 0, made.stderr
    return folder / name


async def until(check: Callable[[], object], what: str) -> None:
    """Wait until `check()` is true (polled), or fail after the hang guard."""
    loop = asyncio.get_running_loop()
    limit = loop.time() + HANG_GUARD
    while not check():
        if loop.time() > limit:
            raise AssertionError(f"never: {what}")
        await asyncio.sleep(0.02)


async def ask(port: int, request: bytes, family: int = socket.AF_INET) -> tuple[int, dict[str, str], bytes]:
    """One raw HTTP/1.1 request: the reply's status, headers (lower-case names) and body."""
    host = "::1" if family == socket.AF_INET6 else "127.0.0.1"
    reader, writer = await asyncio.open_connection(host, port, family=family)
    writer.write(request)
    await writer.drain()
    raw = await asyncio.wait_for(reader.read(), HANG_GUARD)
    writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def get(path: str, host: str, method: str = "GET") -> bytes:
    return f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode()


def with_server(save: Path, token: str | None, hosts: frozenset[str] | None,
                body: Callable[[int, web.Server], Awaitable[None]], bind: str = "127.0.0.1") -> None:
    """Run the server of `save` in this process, `body(port, server)` against it, then stop it
    as Ctrl-C does and wait for it to end."""
    async def main() -> None:
        sock = web.listening_socket(bind, 0)
        server = web.build(save, token, hosts)
        running = asyncio.ensure_future(server.serve(sockets=[sock]))
        try:
            await body(sock.getsockname()[1], server)
        finally:
            if not server.should_exit:  # a second Ctrl-C would force the exit
                server.handle_exit(signal.SIGINT, None)
            await asyncio.wait_for(running, HANG_GUARD)
            sock.close()

    asyncio.run(main())


def ipv6() -> bool:
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as probe:
            probe.bind(("::1", 0))
        return True
    except OSError:
        return False


# --- 7: every loopback spelling gets the Host check, every other address the token ---------

@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "[::1]", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1",
                                  "localhost", "LOCALHOST"])
def test_every_loopback_spelling_is_this_machine_alone(host):
    assert web.loopback(host) is True


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "10.0.0.1", "fe80::1", "::ffff:192.168.1.20"])
def test_any_other_address_is_beyond_this_machine(host):
    assert web.loopback(host) is False


@pytest.mark.parametrize("header, name", [("[::1]:8026", "[::1]"), ("[::1]", "[::1]"), ("127.0.0.1:80", "127.0.0.1"),
                                          ("LocalHost", "localhost"), ("evil.example:8026", "evil.example"),
                                          ("", "")])
def test_a_host_header_is_read_without_its_port(header, name):
    assert web.host_of(header) == name


def test_the_names_a_loopback_server_answers_include_its_own_address_as_a_browser_writes_it():
    assert web.host_names("::1") == {"127.0.0.1", "localhost", "[::1]"}
    assert "[::1]" in web.host_names("0:0:0:0:0:0:0:1") and "[0:0:0:0:0:0:0:1]" in web.host_names("0:0:0:0:0:0:0:1")
    assert "127.0.0.2" in web.host_names("127.0.0.2")


@pytest.mark.skipif(not ipv6(), reason="this machine has no IPv6 loopback")
def test_serve_on_ipv6_loopback_checks_the_host_like_127_0_0_1(tmp_path):
    """`sprawl serve --host ::1`, the real command: no token, and a rebound name is refused."""
    new_game(tmp_path)
    errors = (tmp_path / "serve.err").open("w")
    server = harness.popen(["--game", "game.yaml", "--json", "serve", "--host", "::1", "--port", "0"], tmp_path,
                           stdout=subprocess.PIPE, stderr=errors, text=True)
    assert server.stdout is not None
    with reaped(server):
        said: list[str] = []
        address = json.loads(wait_line(lines_of(server.stdout), r"^\{", said).string)
        assert address["token"] is False and address["url"].startswith("http://[::1]:")
        port = int(address["url"].rsplit(":", 1)[1].strip("/"))

        async def replies() -> list[int]:
            out = []
            for host in (f"[::1]:{port}", f"localhost:{port}", "127.0.0.1", "evil.example", f"evil.example:{port}",
                         "[::2]"):
                status, _, _ = await ask(port, get("/", host), socket.AF_INET6)
                out.append(status)
            return out

        assert asyncio.run(replies()) == [200, 200, 200, 400, 400, 400]
        assert stop(server, signal.SIGTERM) == 0, (tmp_path / "serve.err").read_text()


def test_a_loopback_server_refuses_a_rebound_name_and_needs_no_token(tmp_path):
    save = new_game(tmp_path)

    async def body(port: int, _server: web.Server) -> None:
        assert (await ask(port, get("/", f"127.0.0.1:{port}")))[0] == 200
        assert (await ask(port, get("/", "attacker.example")))[0] == 400
        assert (await ask(port, get("/events", "attacker.example")))[0] == 400

    with_server(save, None, web.host_names("127.0.0.1"), body)


# --- 10: headers on every reply, no redirect before the token, no inline script, idle closed ---

def test_every_reply_carries_the_security_headers_and_nothing_is_redirected_before_the_token(tmp_path):
    save = new_game(tmp_path)
    token = "sekrit-token"

    async def body(port: int, _server: web.Server) -> None:
        host = f"127.0.0.1:{port}"
        seen = {
            "no token": await ask(port, get("/", host)),
            "wrong token": await ask(port, get("/?token=nope", host)),
            "events/ no token": await ask(port, get("/events/", host)),
            "events/ token": await ask(port, get(f"/events/?token={token}", host)),
            "unknown": await ask(port, get(f"/game.yaml?token={token}", host)),
            "post": await ask(port, get(f"/?token={token}", host, "POST")),
            "page": await ask(port, get(f"/?token={token}", host)),
            "script": await ask(port, get("/page.js", host)),
        }
        assert {k: v[0] for k, v in seen.items()} == {
            "no token": 403, "wrong token": 403, "events/ no token": 403, "events/ token": 404, "unknown": 404,
            "post": 405, "page": 200, "script": 200}
        for what, (_status, headers, _body) in seen.items():
            assert all(name in headers for name in SECURITY), (what, headers)
            assert "location" not in headers, what
        policy = seen["page"][1]["content-security-policy"]
        script_src = next(p for p in policy.split(";") if p.strip().startswith("script-src"))
        assert script_src.split() == ["script-src", "'self'"]
        page = seen["page"][2].decode()
        assert '<script src="page.js"></script>' in page and "EventSource" not in page  # no inline script
        assert b"EventSource" in seen["script"][2]
        assert seen["script"][1]["content-type"].startswith("text/javascript")

    with_server(save, token, None, body)


def test_a_400_for_a_wrong_host_carries_the_security_headers_too(tmp_path):
    save = new_game(tmp_path)

    async def body(port: int, _server: web.Server) -> None:
        status, headers, _ = await ask(port, get("/", "evil.example"))
        assert status == 400 and all(name in headers for name in SECURITY)

    with_server(save, None, web.host_names("127.0.0.1"), body)


@pytest.mark.parametrize("sent", [b"", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"], ids=["silent", "trickling"])
def test_a_connection_that_sends_no_whole_request_is_closed(tmp_path, monkeypatch, sent):
    monkeypatch.setattr(web, "IDLE_SECONDS", 0.2)
    save = new_game(tmp_path)

    async def body(port: int, _server: web.Server) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(sent)
        await writer.drain()
        assert await asyncio.wait_for(reader.read(), HANG_GUARD) == b""  # closed by the server, nothing said
        writer.close()

    with_server(save, None, web.host_names("127.0.0.1"), body)


# --- 9: a quiet, quick stop with a stuck stream; the folder remade; another system's game ---

def test_stopping_with_a_stream_no_browser_reads_is_quiet(tmp_path, monkeypatch, capfd):
    """A browser that stopped reading: the stream's first event (a large view) fills every
    buffer, so its send waits. Stopping hangs the connection up at once: no graceful-timeout
    cancel, no traceback."""
    save = new_game(tmp_path)
    monkeypatch.setattr(web, "game_view", lambda _save: "<p>a long game</p>\n" * 400_000)  # about 8 MB

    async def body(port: int, server: web.Server) -> None:
        client = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        client.connect(("127.0.0.1", port))
        client.sendall(get("/events", "127.0.0.1"))  # and never read a byte

        def stuck() -> bool:
            return any(getattr(getattr(c, "flow", None), "write_paused", False)
                       for c in server.server_state.connections)

        await until(stuck, "the stream's send waits on the browser")
        server.handle_exit(signal.SIGINT, None)
        await until(lambda: not server.server_state.connections, "every connection hung up")
        client.close()

    with_server(save, None, web.host_names("127.0.0.1"), body)
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Cancel" not in err and "Exception" not in err, err


def test_a_save_folder_deleted_and_made_again_and_another_systems_game_are_drawn(tmp_path):
    elsewhere = new_game(tmp_path / "elsewhere", "savage-worlds")
    folder = tmp_path / "table"
    save = new_game(folder, "gunplay")

    async def main() -> None:
        live = web.Live(save)
        assert "Gunplay" in live.view
        watching = asyncio.ensure_future(live.watch())
        try:
            await until(lambda: live.version == 0 and watching and not watching.done(), "watching")
            seen = live.version
            shutil.rmtree(folder)
            await until(lambda: live.version > seen and 'id="banner"' in live.view, "the save gone, a banner")
            seen = live.version
            folder.mkdir()
            shutil.copy(elsewhere, save)
            await until(lambda: live.version > seen and "Savage Worlds" in live.view, "the folder's new save drawn")
            seen = live.version
            other = new_game(tmp_path / "third", "scratch-grid")
            shutil.copy(other, folder / "incoming.yaml")
            (folder / "incoming.yaml").replace(save)  # another system's game, replaced whole
            await until(lambda: live.version > seen and "Scratch:Grid" in live.view, "another system's game drawn")
        finally:
            live.stopping.set()
            await asyncio.wait_for(watching, HANG_GUARD)

    asyncio.run(main())
