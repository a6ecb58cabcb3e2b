"""The one flow every game-changing command follows, for every system:

parse -> load (locked) -> rule (handed its dice and table) -> journal and save
(atomic) -> render. A command module calls `act` with its rule and its view
and holds no rule logic of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from sprawl_cli.cli.main import current

if TYPE_CHECKING:
    from sprawl_cli.dice import Dice
    from sprawl_cli.table import Table


class Outcome(Protocol):
    def to_json(self) -> dict[str, Any]: ...


O = TypeVar("O", bound=Outcome)


def act(kind: str, rule: Callable[[Any, Dice, Table], O], view: Callable[[O, Any], list[str]], *,
        allow_over: bool = False, **given: str | None) -> O:
    """Change the game (the system's own Game: `rule` and `view` receive it) with `rule`, journal its lines (plain) and JSON, then print the view or JSON.

    `given` holds list answers from options (blast='Babs'), for the table's questions.
    If the rule raises, nothing is written.
    """
    from sprawl_cli.render import forced_lines, plain, print_lines

    ctx = current()
    with ctx.change(kind, allow_over=allow_over) as change:
        game: Any = change.game
        table = ctx.table(**given)
        outcome = rule(game, ctx.dice(), table)
        data = dict(outcome.to_json())
        lines = view(outcome, game)
        if "forced" not in data:  # an outcome that reports its overrules shows them itself
            lines += forced_lines(table.overruled)
            data["forced"] = list(table.overruled)
        change.summary = [plain(line) for line in lines]
        change.outcome = data
    ctx.emit(data, lambda console: print_lines(console, lines))
    return outcome
