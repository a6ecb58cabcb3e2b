"""The game for everyone at the table (issue 26): `sprawl report` (the battle report of the game
in the save) and `sprawl serve` (a live, read-only page of it for other screens).

`serve` needs the optional web stack (`pip install -e '.[table]'`); it is imported inside the
command alone, so no other command pays for it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from sprawl_cli.cli.main import current

app = typer.Typer(add_completion=False)

TABLE_EXTRA = "pip install -e '.[table]'"
WEB_STACK = ("starlette", "uvicorn", "watchfiles", "segno")


@app.command()
def report(
    fmt: Annotated[str, typer.Option("--format", "-f", help="md (Markdown for a forum post) or html (one page with charts).",
                                     metavar="md|html")] = "md",
    output: Annotated[Optional[Path], typer.Option("--output", "--out", "-o", help="Write the report here instead of printing it (replacing an earlier report; anything else only with --force).")] = None,
) -> None:
    """The battle report of the game in the save, finished or not: the sides, who fell and how,
    round by round, the dice that decided it, house rulings labelled. A campaign's games have
    `sprawl campaign report` too.

    Example: sprawl report --format html --output tonight.html
    """
    from sprawl_cli.cli.campaigncmds import deliver_report
    from sprawl_cli.errors import RuleRefusal, UsageProblem
    from sprawl_cli.report import FORMATS

    fmt = fmt.strip().lower()
    if fmt not in FORMATS:
        raise UsageProblem(f"--format should be md or html, not '{fmt}'")
    ctx = current()
    game = ctx.load_game()
    if output is not None and not ctx.options.force and not replaceable(output):
        raise RuleRefusal(f"{output} already holds something other than a sprawl report; give another --output "
                          "(or --force to replace it)")
    entries = ctx.reader().entries(upto=game.step)
    from sprawl_cli.gamereport import book_report

    text = book_report(ctx.system_of(game), game, entries, fmt)
    data: dict[str, object] = {"format": fmt, "over": game.over, "round": game.round}
    deliver_report(ctx, data, text, output, "output", "Battle report")


def replaceable(path: Path) -> bool:
    """Whether `--output` may write `path`: nothing is there, or an earlier sprawl report (so a
    slip of the keyboard never replaces a save file or a roster)."""
    if not path.exists():
        return True
    try:
        with path.open("rb") as f:
            return path.is_file() and b"Report by sprawl" in f.read(1 << 20)
    except OSError:
        return False


def missing_stack() -> list[str]:
    """The web stack's packages that are not installed."""
    from importlib.util import find_spec

    return [name for name in WEB_STACK if find_spec(name) is None]


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Listen here: 0.0.0.0 serves every screen on the table's network "
                                                     "(with a token in the address and a QR code).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="The port (0: any free one).")] = 8026,
) -> None:
    """A live, read-only page of the game in the save for a second screen or the players' phones:
    each side's characters and statuses, whose turn it is, the last results with their dice. It
    follows every change to the save, from any terminal, within a second. Ctrl-C stops it.
    Needs the `table` extra.

    Example: sprawl serve --host 0.0.0.0
    """
    import json

    from sprawl_cli.errors import BadInput

    ctx = current()
    lacking = missing_stack()
    if lacking:
        raise BadInput(f"`sprawl serve` needs the table extra ({', '.join(lacking)} missing): {TABLE_EXTRA}")
    store = ctx.reader()
    if not store.exists():
        store.load()  # the usual "no game here: sprawl new" error
    from sprawl_cli.web import serve as run_server
    from sprawl_cli.web import terminal_qr

    out = ctx.env.out
    err = ctx.env.err

    def say(line: str) -> None:
        stream = err if ctx.options.json else out  # with --json, stdout holds the one JSON object
        stream.write(line + "\n")
        stream.flush()

    def announce(url: str, beyond: bool) -> None:
        if ctx.options.json:
            out.write(json.dumps({"url": url, "token": beyond}) + "\n")
            out.flush()
        elif beyond:
            say(f"The game is served to this network. Open {url} on any screen at the table, or scan:")
            terminal_qr(url, out)
        else:
            say(f"The game is served at {url} (this machine only; --host 0.0.0.0 serves the table's network).")
        say("Ctrl-C stops it.")

    try:
        run_server(ctx.game_path.absolute(), host, port, announce, say)
    except OSError as problem:
        raise BadInput(f"cannot listen on {host}:{port}: {problem.strerror or problem}; "
                       "try another --port (0 picks a free one)") from None
