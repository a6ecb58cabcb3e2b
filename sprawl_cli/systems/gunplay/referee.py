"""The kernel's hooks for Gunplay: a new game, `status`, `next`, `set`, the books."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sprawl_cli.dice import Dice
from sprawl_cli.errors import BadInput
from sprawl_cli.schema import to_data
from sprawl_cli.systems.base import NewGame, Outcome, Roster
from sprawl_cli.model import Squad
from sprawl_cli.systems.gunplay.model import DIE_SETTINGS, MAX_WOUNDS, STATUSES, Character, Game, Settings
from sprawl_cli.systems.gunplay.toughness import put_down, remove_if_hopeless
from sprawl_cli.systems.gunplay.turn import check_game_end, end_turn, ensure_not_over, roll_initiative, settle_side
from sprawl_cli.table import Table

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.ending import Ending

HOUSE = [
    "G5: the weapons are the text's example table, used as house gear",
    "G6: a hit on a character already down adds the wound without a Toughness test",
    "G3: a prone character that moves or charges gets up",
    "G7: a down character whose recovery could only be impossible is removed at once",
    "G9: an aim does not count for a quick move-and-fire either, as for a cautious one",
]


def settings_from(how: NewGame) -> Settings:
    """Raises:
    BadInput: an unknown setting or value."""
    settings = Settings(dice="physical" if how.physical else "random")
    for key, value in how.settings.items():
        if key != "die":
            raise BadInput(f"gunplay has no setting '{key}'; its one setting is die=d12|d20")
        if value.strip().lower() not in DIE_SETTINGS:
            raise BadInput(f"die={value} is not a choice; use die=d12 or die=d20")
        settings.die = value.strip().lower()
    return settings


def new_game(rosters: list[Roster], how: NewGame, dice: Dice, table: Table) -> tuple[Game, Outcome]:
    """The game of these rosters (the kernel has checked the sides: `base.check_sides`).

    Raises:
        BadInput: a bad setting."""
    from sprawl_cli.systems.gunplay.views import initiative_lines

    squads: list[Squad] = []
    characters: list[Character] = []
    for roster in rosters:
        name = roster.squad.name
        for c in roster.characters:
            c.squad = name
            characters.append(c)
        squads.append(Squad(name, "", [c.name for c in roster.characters], roster.squad.roster))
    if how.rounds is not None and how.rounds < 1:
        raise BadInput(f"--rounds {how.rounds} makes no sense; give 1 or more")
    game = Game(squads=squads, characters=characters, settings=settings_from(how), rounds=how.rounds)
    initiative = roll_initiative(game, dice)
    return game, Outcome(initiative.to_json(), initiative_lines(initiative))


def character_json(c: Character) -> dict[str, Any]:
    return {"name": c.name, "squad": c.squad, "statuses": c.shown_statuses, "wounds": c.wounds,
            "actions_left": 0 if c.activated else c.actions_left, "activated": c.activated,
            "aiming_at": c.aiming_at, "shooting": c.shooting, "melee": c.melee,
            "weapons": [to_data(w) for w in c.weapons]}


def status(game: Game, only: Character | None) -> dict[str, Any]:
    people = [only] if only is not None else game.characters
    return {"turn": game.turn, "active": game.active, "order": [game.squads[i].name for i in game.order],
            "initiative": [dict(r) for r in game.initiative], "die": game.settings.die, "house": list(HOUSE),
            "characters": [character_json(c) for c in people]}


def status_view(console: Console, game: Game, only: Character | None) -> None:
    from rich.table import Table as RichTable

    from sprawl_cli.render import escape
    from sprawl_cli.render.grid import print_table

    title = f"Gunplay, turn {game.round}" + (f" of {game.rounds}" if game.rounds else "")
    now = f"{game.active} is mid-activation" if game.active else f"{game.current_squad.name} to activate"
    if game.over:
        result = f"{game.winner} wins" if game.winner else "no winner"
        now = f"game over: {game.reason}" if game.draw else f"game over: {result} ({game.reason})"
    grid = RichTable(title=f"{escape(title)}: {escape(now)}", title_justify="left")
    for heading in ("Name", "Squad", "Wounds", "Actions", "Statuses", "Weapons"):
        grid.add_column(heading)
    for c in [only] if only is not None else game.characters:
        actions = "-" if c.gone else "done" if c.activated else str(c.actions_left)
        mark = " (acting)" if game.active == c.name else ""
        grid.add_row(f"[name]{escape(c.name)}[/]{mark}", escape(c.squad), str(c.wounds), actions,
                     ", ".join(c.shown_statuses) or "-", ", ".join(escape(w.name) for w in c.weapons) or "unarmed")
    print_table(console, grid)
    console.print("[rule]House rulings in play: G3, G5, G6, G7, G9 (`sprawl rules house` says what they are).[/]")
    if game.settings.die == "d20":
        console.print("[rule]Setting: d20 ladder (5 / 10 / 15).[/]")


def advance(game: Game, dice: Dice, table: Table) -> Outcome:
    from sprawl_cli.systems.gunplay.views import turn_end_lines

    out = end_turn(game, dice, table)
    return Outcome(dict(out.to_json(), forced=list(table.overruled)), turn_end_lines(out))


def set_status(game: Game, c: Character, status_name: str, on: bool, table: Table) -> Outcome:
    """Raises:
    BadInput: not a Gunplay status."""
    key = status_name.strip().lower()
    if key not in STATUSES:
        raise BadInput(f"'{status_name}' is not a gunplay status; use one of {', '.join(STATUSES)}")
    if on and key == "down":
        put_down(game, c)
        remove_if_hopeless(game, c)
    elif on:
        c.add(key)
        if key == "prone":
            c.drop("down")
    else:
        c.drop(key)
    if key == "removed" and on and game.active == c.name:
        game.active = None
    check_game_end(game)
    settle_side(game)
    word = "on" if on else "off"
    return Outcome({"name": c.name, "status": key, "on": on, "statuses": c.shown_statuses},
                   [f"[name]{c.name}[/]: {key} {word} (now: {', '.join(c.shown_statuses) or 'nothing'})."])


def concede(game: Game, squad: Squad) -> Ending:
    """`concede SIDE`. With three or more sides still in the game, only that side leaves it
    (its characters are removed) and the others play on, as when a side is wiped out; with
    two, the game ends and the other side wins.

    Raises:
        BadInput: the side has nobody left in the game.
        GameOver: the game has ended.
    """
    from sprawl_cli.ending import Ending, end_game, settle

    ensure_not_over(game)
    in_play = [s for s in game.squads if any(not c.gone for c in game.members(s))]
    if squad not in in_play:
        raise BadInput(f"{squad.name} has nobody left in the game; there is nothing to concede")
    others = [s.name for s in in_play if s is not squad]
    if len(others) == 1:
        end_game(game, others[0], f"{squad.name} conceded")
        return settle(game, Ending("concede", squad.name))
    leaving = [c for c in game.members(squad) if not c.gone]
    for c in leaving:
        c.add("removed")
        c.aiming_at = None
        if game.active == c.name:
            game.active = None
    settle_side(game)
    return settle(game, Ending("concede", squad.name, detail={"play_on": others,
                                                              "removed": [c.name for c in leaving]}))


def set_wounds(game: Game, c: Character, wounds: int, table: Table) -> Outcome:
    """The referee's correction `set NAME wounds N`: the wound count as it should be. A down
    character left with wounds it could never recover from is removed (G7).

    Raises:
        BadInput: outside 0 to MAX_WOUNDS.
    """
    from sprawl_cli.render import name

    if not 0 <= wounds <= MAX_WOUNDS:
        raise BadInput(f"{c.name} cannot carry {wounds} wounds; give 0 to {MAX_WOUNDS} (a down character with "
                       f"{MAX_WOUNDS - 1} is out of the game, G7)")
    was = c.wounds
    c.wounds = wounds
    removed = not c.gone and remove_if_hopeless(game, c)
    check_game_end(game)
    settle_side(game)
    lines = [f"{name(c.name)} now carries {wounds} wound{'s' if wounds != 1 else ''} (was {was})."]
    if removed:
        lines.append(f"  [bad]Down with {wounds} wounds, it could never recover: removed from the game (G7).[/]")
    elif c.gone and wounds < was:
        lines.append(f"  It is still removed from the game: `set {c.name} removed off` brings it back.")
    return Outcome({"name": c.name, "wounds": wounds, "was": was, "removed": removed, "statuses": c.shown_statuses,
                    "over": game.over, "winner": game.winner, "draw": game.draw}, lines)


def journal_extras(game: Game) -> dict[str, Any]:
    """The battle report's series beyond the kernel's (who is gone, each side's `standing`):
    wounds, per character (the kernel adds them up per squad)."""
    return {"wounds": {c.name: c.wounds for c in game.characters}}


def standing(game: Game) -> dict[str, int]:
    """How many of each side still stand: neither down nor removed."""
    return {s.name: sum(1 for c in game.members(s) if not c.gone and not c.down) for s in game.squads}


def record(game: Game, c: Character) -> dict[str, int]:
    data: dict[str, int] = to_data(c.record)
    data["wounds_taken"] = c.wounds
    data["was_removed"] = int(c.gone)
    return data
