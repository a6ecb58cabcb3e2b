"""The one flow every game-changing command follows, for every system:

parse -> load (locked) -> rule (handed its dice and table) -> journal and save
(atomic) -> render. A command module calls `act` with its rule and its view
and holds no rule logic of its own; `change` is the locked, journalled
transaction under it (also used by `aftermath`), `hand_edit` what turns an
edit of the save by hand into a change of its own.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from sprawl_cli.cli.main import current

if TYPE_CHECKING:
    from sprawl_cli.context import Context
    from sprawl_cli.dice import Dice
    from sprawl_cli.model import Game
    from sprawl_cli.store import Change, GameStore
    from sprawl_cli.table import Table


class Outcome(Protocol):
    def to_json(self) -> dict[str, Any]: ...


O = TypeVar("O", bound=Outcome)


def act(kind: str, rule: Callable[[Any, Dice, Table], O], view: Callable[[O, Any], list[str]], *,
        allow_over: bool = False, actor: str | None = None, door: str | None = None, **given: str | None) -> O:
    """Change the game (the system's own Game: `rule` and `view` receive it) with `rule`, journal its lines (plain) and JSON, then print the view or JSON.

    `kind` is the command: the gate (`sprawl_cli.gate`) puts it (or `door`, where an option makes
    it another door of the system's table, "shoot --drop"), and `actor` (the name of who acts,
    for a command that has one), through the turn referee's checks before the rule runs. `given` holds the command's own answer options
    (name -> text), for the table's questions. If the gate or the rule raises, nothing is written.
    """
    from sprawl_cli.render import forced_lines, plain, print_lines

    ctx = current()
    rule = _gated(door or kind, actor, rule)
    rehearsed = _rehearse(rule, allow_over, given) if ctx.env.is_terminal else None
    with change_game(ctx, kind, allow_over=allow_over) as change:
        game: Any = change.game
        if rehearsed is None:
            table: Any = ctx.table(**given)
            dice: Dice = ctx.dice()
        else:
            table, dice = ctx.replay(*rehearsed)
        before = game.round, game.over
        outcome = rule(game, dice, table)
        data = dict(outcome.to_json())
        lines = view(outcome, game)
        if game.scenario is not None:  # what a scenario scores or notices after any change
            lines += _scenario(game, *before, data)
        if "forced" not in data:  # an outcome that reports its overrules shows them itself
            lines += forced_lines(table.overruled)
            data["forced"] = list(table.overruled)
        change.summary = [plain(line) for line in lines]
        change.outcome = data
    ctx.emit(data, lambda console: print_lines(console, lines))
    return outcome


def _scenario(game: Game[Any], round_before: int, over_before: bool, data: dict[str, Any]) -> list[str]:
    """What the game's scenario makes of a change (a round that ended, an item dropped, the
    points that end the game): its events go into `data`, and the lines to add are returned."""
    from sprawl_cli.ending import over_lines
    from sprawl_cli.scenario.scoring import after_command
    from sprawl_cli.scenario.words import event_lines

    result = (game.over, game.winner, game.reason, game.draw)
    events = after_command(game, current().system_of(game), round_before, over_before)
    lines = event_lines(events)
    if events:
        data["scenario"] = [*data.get("scenario", []), *(e.to_json() for e in events)]
    if (game.over, game.winner, game.reason, game.draw) != result:  # the scenario decided the result
        data.update(over=game.over, winner=game.winner, reason=game.reason, draw=game.draw)
        said = over_lines(data)
        if result[0]:  # the system had just said its own result (a round limit): the scenario's replaces it
            said = [line.replace("The game is over:", "The scenario decides instead:", 1) for line in said]
        lines += said
    return lines


def _gated(kind: str, actor: str | None, rule: Callable[[Any, Dice, Table], O]) -> Callable[[Any, Dice, Table], O]:
    """`rule`, behind the system's gate for `kind`: the same gate on the rehearsal and on the
    locked run, so a refusal is met before any question is asked."""
    from sprawl_cli.gate import gate

    def gated(game: Any, dice: Dice, table: Table) -> O:
        system = current().system_of(game)
        who = system.actor(game, actor) if actor is not None else None
        gate(game, system.doors, system.checks, kind, who, table, system.name)
        return rule(game, dice, table)

    return gated


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


@contextlib.contextmanager
def change_game(ctx: Context, kind: str, *, allow_over: bool = False) -> Iterator[Change]:
    """Load the game under the lock, hand a working copy to the block, then
    journal and save it atomically. If the block raises, nothing is written.
    """
    import copy
    import shlex
    import time

    from sprawl_cli.errors import GameOver
    from sprawl_cli.store import Change

    store = ctx.store()
    with store.locked(ctx.note):
        before = store.load()
        ctx.physical_game = before.settings.dice == "physical"
        ctx.face_hint = ctx.system_of(before).face_hint
        if before.over and not allow_over:
            raise GameOver(
                f"the game is over ({before.reason or 'ended'}); see `sprawl status`, "
                "or `sprawl undo` to take back the last change"
            )
        store.discard_orphans(before)  # a killed command's companion writes go back first
        edited = hand_edit(ctx, store, before)
        stack = contextlib.ExitStack()
        work = Change(copy.deepcopy(before), kind=kind, _stack=stack)
        with stack:
            yield work
            overruled = list(ctx.table_used.overruled) if ctx.table_used else []
            entry = {
                "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
                "kind": kind,
                "command": " ".join(shlex.quote(a) for a in ctx.argv),
                "round": before.round,
                "turn": before.turn,
                "side": before.current_squad.name,
                "phase": before.phase,
                "forced": overruled,
                "summary": work.summary,
                "rolls": [{"label": r.label, "faces": list(r.faces), "die": r.die} for r in ctx.rolls()],
                "outcome": work.outcome,
                **ctx.system_of(work.game).book_facts(work.game),  # the battle report's series
            }
            edited()  # journalled first, so undo takes back the command, then the edit
            if work.files:
                from sprawl_cli.save.journal import read_companion

                entry["files"] = {path: {"before": read_companion(path), "after": text}
                                  for path, text in work.files.items()}
            store.commit(before, work.game, entry)
    ctx.check_leftover_dice()


def hand_edit(ctx: Context, store: GameStore, game: Game[Any]) -> Callable[[], None]:
    """A save edited by hand since the last change becomes a change of its own in the
    journal (so `undo` takes the edit back first, and `log` shows it). Returns what journals
    it, to call (with the lock held) once the command is sure to change the game; `game`
    (the save as it is now) then gets the edit's step. A no-op when nobody edited the save."""
    from sprawl_cli.save.data import differences, game_from_data, game_to_data

    known = store.adopt(game)
    if known is None:
        return lambda: None
    changed = differences(known, game_to_data(game))
    base = game_from_data(known, {}, "journal")
    return lambda: _journal_edit(ctx, store, base, game, changed)


def _journal_edit(ctx: Context, store: GameStore, base: Game[Any], game: Game[Any], changed: list[str]) -> None:
    import time

    ctx.note(f"note: {store.path} was edited by hand since the last change; the edit is kept in the "
             "log as a change of its own (`sprawl undo` takes it back)")
    store.commit(base, game, {
        "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "kind": "edit",
        "command": "(the save file, edited by hand)",
        "round": base.round, "turn": base.turn, "side": base.current_squad.name, "phase": base.phase,
        "forced": [],
        "summary": ["The save file was edited by hand:"] + [f"  {line}" for line in changed],
        "rolls": [],
        "outcome": {"changed": changed},
        **ctx.system_of(game).book_facts(game),
    })
