"""Baseline (a) of bench/startup.py: the smallest Typer app, one command that prints a line.

Whatever this costs, every Typer CLI pays: the interpreter, Typer and click.
A `sprawl` lookup such as `roll --json` is measured against it. Run it with the
same Python as the installed `sprawl`: `python bench/baselines/hello.py`.
"""

import typer

app = typer.Typer(add_completion=False)


@app.command()
def hello() -> None:
    """Print one line."""
    print("hello")


if __name__ == "__main__":
    app()
