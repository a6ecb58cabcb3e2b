"""`rules`: the quick reference of a game system, searchable by word."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from sprawl_cli.cli.main import current

if TYPE_CHECKING:
    from rich.console import Console

app = typer.Typer(add_completion=False)


@app.command()
def rules(
    topic: Annotated[Optional[str], typer.Argument(help="A topic or any word to search for.")] = None,
) -> None:
    """The built-in quick reference, in our own words. With TOPIC: that topic, or every topic mentioning the word.
    `--system NAME` reads another system's (default: the game's, else SPRAWL).

    Example: sprawl rules overwatch
    """
    from sprawl_cli import systems
    from sprawl_cli.cli.line import lookup_system
    from sprawl_cli.reference import lookup

    ctx = current()
    system = systems.get(lookup_system(ctx))
    found = lookup(system.reference(), topic)
    data = {
        "system": system.name,
        "topics": [{"topic": t.name, "title": t.title, "text": t.text} for t in found.topics],
        "query": topic,
        "message": found.message or None,
    }

    def view(console: Console) -> None:
        from sprawl_cli.render import print_markdown

        if found.message:
            console.print(found.message)
        for t in found.topics:
            console.print(f"[bold underline]{t.title}[/]  [dim]({t.name})[/]")
            print_markdown(console, t.text)
            console.print()

    ctx.emit(data, view)
