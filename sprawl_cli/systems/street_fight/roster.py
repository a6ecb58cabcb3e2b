"""Street-Fight roster files (`system: street-fight`, `squad`, `characters` of `name` and `weapon`)
and the cross-checks a hand-edited save must pass."""

from __future__ import annotations

from typing import Any

from sprawl_cli.api import MOST_INCHES, Roster, Squad, Where, check_unique_names, roster_header
from sprawl_cli.systems.street_fight.model import PHASES, SETTING_CHOICES, SHOWN_STATUSES, STORED_STATUSES, \
    SYSTEM_NAME, Character, Game
from sprawl_cli.systems.street_fight.weapons import WEAPON_NAMES, weapon

ROSTER_KEYS = ("system", "squad", "leader", "characters")
CHARACTER_KEYS = ("name", "weapon")
RANDOM = "random"


def read_roster(data: Any, where: Where, source: str) -> Roster:
    """One squad from a roster file's data. A `weapon: random` stays "random" until `new` rolls it.

    Raises:
        SaveFileError: via `where.fail`, naming the key.
    """
    squad, people = roster_header(data, where, SYSTEM_NAME, "Street-Fight", ROSTER_KEYS)
    characters = [_character(person, where, ("characters", i), squad) for i, person in enumerate(people)]
    check_unique_names([c.name for c in characters], where)
    leader = data.get("leader", "")
    if leader and (not isinstance(leader, str) or leader not in [c.name for c in characters]):
        where.fail(("leader",), "should name one of the squad's characters")
    members = [c.name for c in characters]
    return Roster(squad=Squad(squad, leader or "", members, source), characters=characters)


def _character(person: Any, where: Where, at: tuple[object, ...], squad: str) -> Character:
    if not isinstance(person, dict):
        where.fail(at, "each character is a map of name and weapon")
    for key in person:
        if key not in CHARACTER_KEYS:
            where.fail(at + (key,), f"unknown key; a character has {', '.join(CHARACTER_KEYS)}")
    name = person.get("name")
    if not isinstance(name, str) or not name.strip():
        where.fail(at + ("name",), "every character needs a name")
    if "weapon" not in person:
        where.fail(at + ("weapon",), f"is missing; give one of {', '.join(WEAPON_NAMES)}, or random")
    raw = person["weapon"]
    if not isinstance(raw, str) or not raw.strip():
        shown = "an empty value" if raw is None or not str(raw).strip() else f"'{raw}'"
        where.fail(at + ("weapon",), f"{shown} is not a weapon we know; use one of {', '.join(WEAPON_NAMES)}, "
                                     "or random")
    if raw.strip().lower() == RANDOM:
        return Character(name=name.strip(), squad=squad, weapon=RANDOM)
    try:
        return Character(name=name.strip(), squad=squad, weapon=weapon(raw).name)
    except Exception:  # noqa: BLE001 - BadInput becomes a file:line:key message
        where.fail(at + ("weapon",), f"'{raw}' is not a weapon; use one of {', '.join(WEAPON_NAMES)}, or random")


def check_game(game: Game, where: Where) -> None:
    """What a hand edit could break in a saved game.

    Raises:
        SaveFileError: via `where.fail`.
    """
    if game.phase not in PHASES:
        where.fail(("phase",), f"'{game.phase}' is not a phase; use one of {', '.join(PHASES)}")
    for key, choices in SETTING_CHOICES.items():
        if getattr(game.settings, key) not in choices:
            where.fail(("settings", key), f"should be one of {', '.join(choices)}")
    sides = list(range(len(game.squads)))
    if sorted(game.order) != sides:
        where.fail(("order",), f"should list each side index once ({', '.join(map(str, sides))})")
    if not 0 <= game.position < len(game.order):
        where.fail(("position",), f"should be from 0 to {len(game.order) - 1}")
    if game.side != game.order[game.position]:
        where.fail(("side",), "should be the side at `position` in `order`")
    names = {c.name for c in game.characters}
    for i, c in enumerate(game.characters):
        at: tuple[object, ...] = ("characters", i)
        if c.weapon not in WEAPON_NAMES:
            where.fail(at + ("weapon",), f"'{c.weapon}' is not one of {', '.join(WEAPON_NAMES)}")
        for status in c.statuses:
            if status not in STORED_STATUSES:
                where.fail(at + ("statuses",), f"'{status}' is not a stored status "
                                                f"({', '.join(STORED_STATUSES)}; {', '.join(SHOWN_STATUSES)} show)")
        for other in c.engaged_with:
            if other not in names:
                where.fail(at + ("engaged_with",), f"'{other}' is not a character of this game")
        if c.aim_turns < 0 or c.moved_inches < 0:
            where.fail(at, "aim_turns and moved_inches cannot be negative")
        if c.moved_inches > MOST_INCHES:  # issue 34: inches on a table top
            where.fail(at + ("moved_inches",), f"should be from 0 to {MOST_INCHES}")
        if c.aim_turns > game.round:  # a figure aims once a turn at most: no more turns than played
            where.fail(at + ("aim_turns",), f"should be at most {game.round}, the turns played so far, "
                                            f"not {c.aim_turns}")
    squads = {s.name for s in game.squads}
    for i, m in enumerate(game.morale):
        if m.squad not in squads:
            where.fail(("morale", i, "squad"), f"'{m.squad}' is not a squad of this game")
