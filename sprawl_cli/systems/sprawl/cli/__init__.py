"""SPRAWL's commands, one Typer module per group (`COMMANDS` in the package names them `cli.dice`...)."""
