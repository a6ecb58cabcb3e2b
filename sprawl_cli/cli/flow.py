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
    rehearsed = _rehearse(rule, allow_over, given) if ctx.env.is_terminal else None
    with ctx.change(kind, allow_over=allow_over) as change:
        game: Any = change.game
        if rehearsed is None:
            table: Any = ctx.table(**given)
            dice: Dice = ctx.dice()
        else:
            table, dice = ctx.replay(*rehearsed)
        outcome = rule(game, dice, table)
        data = dict(outcome.to_json())
        lines = view(outcome, game)
        if "forced" not in data:  # an outcome that reports its overrules shows them itself
            lines += forced_lines(table.overruled)
            data["forced"] = list(table.overruled)
        change.summary = [plain(line) for line in lines]
        change.outcome = data
    ctx.emit(data, lambda console: print_lines(console, lines))
    return outcome


def _rehearse(rule: Callable[[Any, Dice, Table], Any], allow_over: bool,
              given: dict[str, str | None]) -> tuple[list[tuple[str, Any]], list[Any]]:
    """Run the rule once on a copy of the game WITHOUT the lock, so every question (and every
    asked die) is answered before the lock is taken: a person thinking at one terminal never
    holds up a command at another. The locked run then replays these answers and faces; if the
    game changed meanwhile so that the rule asks something else, it refuses and changes nothing.

    Raises:
        whatever the rule raises (nothing is written).
    """
    import copy

    from sprawl_cli.errors import GameOver

    ctx = current()
    game = ctx.load_game()
    if game.over and not allow_over:
        raise GameOver(f"the game is over ({game.reason or 'ended'}); see `sprawl status`, "
                       "or `sprawl undo` to take back the last change")
    table = ctx.table(**given)
    dice = ctx.dice()
    rule(copy.deepcopy(game), dice, table)
    return list(table.answers), list(dice.rolls)
