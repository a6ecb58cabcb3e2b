"""What a loaded SPRAWL save must make sense of, beyond the kernel's checks (a hand edit can break these),
and a weapon's numbers, which a gear list and a roster are held to as well (`roster.py`)."""

from __future__ import annotations

from sprawl_cli.api import Where
from sprawl_cli.systems.sprawl.model import ATTRIBUTES, MOST_ATTRIBUTE, STORED_STATUSES, WEAPON_KINDS, Game, Weapon


def check_game(game: Game, where: Where) -> None:
    """SPRAWL's cross-checks a hand edit could break (the kernel checked squads, turn and names)."""

    names = {c.name.lower() for c in game.characters}
    for i, c in enumerate(game.characters):
        path: tuple[object, ...] = ("characters", i)
        for attr in ATTRIBUTES[:6]:
            if not 0 <= getattr(c, attr) <= MOST_ATTRIBUTE:  # a pool of d10s (issue 34: 10**40 never rolls)
                where.fail(path + (attr,), f"should be from 0 to {MOST_ATTRIBUTE}")
        for attr in ("max_health", "max_toughness"):
            if not 1 <= getattr(c, attr) <= MOST_ATTRIBUTE:
                where.fail(path + (attr,), f"Health and Toughness run from 1 to {MOST_ATTRIBUTE}")
        if not 0 <= c.health <= c.max_health:
            where.fail(path + ("health",), f"should be from 0 to max_health ({c.max_health})")
        if not 0 <= c.toughness <= c.max_toughness:
            where.fail(path + ("toughness",), f"should be from 0 to max_toughness ({c.max_toughness})")
        for key in ("damage_taken", "hide_successes"):
            if getattr(c, key) < 0:
                where.fail(path + (key,), "cannot be negative")
        for j, status in enumerate(c.statuses):
            if status not in STORED_STATUSES:
                where.fail(path + ("statuses", j), f"'{status}' is not a status; use {', '.join(STORED_STATUSES)}")
        for j, w in enumerate(c.weapons):
            if w.kind not in WEAPON_KINDS:
                where.fail(path + ("weapons", j, "kind"), f"should be one of {', '.join(WEAPON_KINDS)}")
            check_weapon_numbers(w, where, path + ("weapons", j))
    for j, squad in enumerate(game.squads):
        if not squad.leader:
            where.fail(("squads", j, "leader"), "a SPRAWL squad needs a leader")
    for i, c in enumerate(game.characters):  # references between characters and to their gear
        path = ("characters", i)
        for k, other in enumerate(c.engaged_with):
            if other.lower() not in names or other.lower() == c.name.lower():
                where.fail(path + ("engaged_with", k), f"'{other}' is not another character of this game")
            if c.name not in game.character(other).engaged_with:  # R12: both or neither
                where.fail(path + ("engaged_with", k), f"{c.name} is engaged with {other}, but not {other} with "
                                                       f"{c.name}; add {c.name} to {other}'s engaged_with")
        if c.felled_by is not None and c.felled_by.lower() not in names:
            where.fail(path + ("felled_by",), f"'{c.felled_by}' is not a character of this game")
        if c.toughness == 0 and not c.gone:  # R8: Toughness 0 is Out of Action
            where.fail(path + ("toughness",), f"{c.name} has Toughness 0 but is not out_of_action (R8)")
        for weapon_name, spent in c.uses_spent.items():
            limit = next((w.uses for w in c.weapons if w.name == weapon_name), None)
            if spent < 0 or (limit is not None and spent > limit):
                where.fail(path + ("uses_spent", weapon_name), f"should be from 0 to the weapon's uses ({limit})")
        carried = {w.name for w in c.weapons}
        for weapon, state in c.weapon_states.items():
            if weapon not in carried:
                where.fail(path + ("weapon_states", weapon), f"{c.name} carries no weapon '{weapon}'")
            if state not in ("jammed", "out_of_ammo", "none_left"):
                where.fail(path + ("weapon_states", weapon), f"'{state}' should be jammed, out_of_ammo or none_left")


def check_weapon_numbers(weapon: Weapon, where: Where, path: tuple[object, ...]) -> None:
    """A weapon's numbers within what the rules make sensible, in a gear list, a roster or a save
    (issue 34): Power is dice of damage, as an attribute is dice of a Test (MOST_ATTRIBUTE); a
    reliability is a Difficulty, and a range band's modifier one, within a die's reach; ranges and
    a blast are inches on the table."""
    from sprawl_cli.api import MOST_INCHES, REACH

    checks: list[tuple[tuple[object, ...], float | None, float, float]] = [
        (("power",), weapon.power, 0, MOST_ATTRIBUTE), (("reliability",), weapon.reliability, 0, REACH),
        (("uses",), weapon.uses, 1, REACH), (("blast",), weapon.blast, 0, MOST_INCHES)]
    for band in ("short", "long"):
        found = getattr(weapon, band)
        if found is not None:
            checks += [((band, "max"), found.max, 0, MOST_INCHES), ((band, "mod"), found.mod, -REACH, REACH)]
    for key, value, low, high in checks:
        if value is not None and not low <= value <= high:
            where.fail(path + key, f"should be from {low:g} to {high:g}, not {value:g}")
