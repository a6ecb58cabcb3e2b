"""The options with a value a system adds to `new` for its games (`System.new_options`).

A system declares each as a `NewOption` under its name (`"map"` is `new --map VALUE`): the
kernel adds it to `new` for that system's games only (another system's `new` refuses it as an
unknown option), checks its value as it declares (a `numbers.Bound`, a list of choices, or a
parser of its own), and hands the value given to the system's `new_game` in `NewGame.options`
under the option's parameter name (`--map-file` as `map_file`). On/off switches are
`System.new_flags`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click  # the command line's own: loaded before any system

from sprawl_cli.numbers import Bound, Number


class NewOption:
    """One `new` option with a value: its `metavar` and `help` for `new --help`, and what its
    value may be: `parse` (a `numbers.Bound` for a number, `Path` for a file, or any function of
    the text that raises ValueError with one line, as `Bound.parse` does), or `choices` (the words
    it accepts, whatever their case). Neither: the text as it is given. (A plain class, not a
    dataclass: a system's module defines its options at import.)"""

    __slots__ = ("choices", "help", "metavar", "parse")

    def __init__(self, metavar: str, help: str, parse: Bound | Callable[[str], Any] | None = None,
                 choices: Sequence[str] = ()) -> None:
        if parse is not None and choices:
            raise ValueError("a new option takes a parser or choices, not both")
        self.metavar, self.help, self.parse, self.choices = metavar, help, parse, tuple(choices)

    def click_type(self) -> click.ParamType[Any, Any]:
        """The click type that checks the value on the command line (a usage error of one line)."""
        if self.choices:
            return click.Choice(self.choices, case_sensitive=False)
        if isinstance(self.parse, Bound):
            return Number(self.parse)
        if self.parse is Path:
            return click.Path(path_type=Path)
        if self.parse is None:
            return click.STRING
        return _Parsed(self.parse, self.metavar)


class _Parsed(click.ParamType[Any, Any]):
    """A value that is `parse(text)`; a ValueError is a usage error of its one line."""

    def __init__(self, parse: Callable[[str], Any], name: str) -> None:
        self.parse, self.name = parse, name.lower()

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            return value
        try:
            return self.parse(value)
        except ValueError as bad:
            self.fail(str(bad), param, ctx)
