"""Baseline (b) of bench/startup.py: a Typer app with one command that prints a small Rich table.

This adds what drawing any Rich table costs (the console, the table, styles,
colour when FORCE_COLOR=1) to baseline (a). `sprawl status`, which draws the
game as a Rich table, is measured against it. Run it with the same Python as
the installed `sprawl`: `python bench/baselines/hello_table.py`.
"""

import typer

app = typer.Typer(add_completion=False)


@app.command()
def hello() -> None:
    """Print a three-row table with a title and coloured cells."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Hello")
    table.add_column("name", style="bold")
    table.add_column("health", justify="right")
    table.add_column("state")
    table.add_row("Ada", "3", "[green]ready[/green]")
    table.add_row("Bo", "1", "[yellow]pinned[/yellow]")
    table.add_row("Cy", "0", "[red]down[/red]")
    Console().print(table)


if __name__ == "__main__":
    app()
