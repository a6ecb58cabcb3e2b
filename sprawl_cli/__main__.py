"""`python -m sprawl_cli` runs the same program as the `sprawl` script."""

from sprawl_cli.cli.main import run

if __name__ == "__main__":
    run()
