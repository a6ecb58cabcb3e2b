"""At the table: `sprawl play` (an interactive session) and `sprawl completion SHELL` (issue 9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from sprawl_cli.cli.main import current

if TYPE_CHECKING:
    from rich.console import Console

app = typer.Typer(add_completion=False)

SHELLS = ("bash", "zsh", "fish")


@app.command()
def play() -> None:
    """An interactive session on the game: type commands without `sprawl`; Tab completes; `quit` or Ctrl-D leaves.

    Each line is split as a shell splits words and takes the options a command takes;
    of the session's own options, --json, --yes, --seed and --dice ask apply to every
    line, while --dice FACES, --force and the game's own answer options (who was
    near, ...) are ignored with a warning;
    a refused line shows its error and the session goes on. Every change is
    saved before the next prompt. Without a terminal, lines are read from
    stdin (one command per line; `--json` prints one JSON object per line).
    `--seed N` seeds the first line N, the next N+1 and so on, so a seeded session replays.

    Example: sprawl play --game club-night.yaml
    """
    import sys

    from sprawl_cli.cli.main import cli
    from sprawl_cli.context import Options
    from sprawl_cli.play import Session

    ctx = current()
    opts = ctx.options
    # SPEC: every command accepts the common options; these three only make sense on a line.
    if opts.dice is not None and opts.dice.strip().lower() != "ask":
        ctx.warn("--dice FACES is ignored for a whole session: give it on the line that rolls them "
                 "(`sprawl play --dice ask` asks for every roll)")
        opts.dice = None  # said once; not "unused" again when the session ends
    for name in ["force"] * opts.force + [answer.replace("_", "-") for answer in opts.answers]:
        ctx.warn(f"--{name} is ignored for a whole session: give it on the line it is for")
    opts.answers = {}  # said once; not "unused" again when the session ends
    asked = opts.dice is not None and opts.dice.strip().lower() == "ask"
    preset = Options(json=opts.json, yes=opts.yes, debug=opts.debug, dice="ask" if asked else None)
    session = Session(cli, ctx.env, ctx.game_path, preset, campaign=opts.campaign, seed=ctx.seed)
    env = ctx.env
    real_terminal = env.is_terminal and env.stdin is None and env.stdout is None and sys.stdin.isatty() and sys.stdout.isatty()
    code = session.run_terminal() if real_terminal else session.run_stream()
    if code:
        raise typer.Exit(code)


@app.command()
def completion(
    shell: Annotated[str, typer.Argument(help="bash, zsh or fish.", metavar="bash|zsh|fish")],
) -> None:
    """Print the Tab-completion script for a shell (the same as the files in completions/).

    Commands, options and the character names of the current save file complete.
    Example: sprawl completion bash > ~/.local/share/bash-completion/completions/sprawl
    """
    from sprawl_cli.errors import UsageProblem
    from sprawl_cli.cli.main import cli
    from sprawl_cli.complete import completion_script

    ctx = current()
    if shell not in SHELLS:
        raise UsageProblem(f"no completion for '{shell}'; choose bash, zsh or fish")
    script = completion_script(shell, cli)

    def view(_console: Console) -> None:
        ctx.env.out.write(script)

    ctx.emit({"shell": shell, "script": script}, view)
