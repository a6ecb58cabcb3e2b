"""Breaking things (W7) and the finishing move.

W7: an object has Parry 2 (a hand attack) or the usual 4 (a shot, with every modifier); its
damage roll counts no raise and no aces, and only a damage type on the object's list can
break it. Dice order: the attack's trait dice, the Wild Die, then the damage dice (no aces).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Dice, RuleRefusal, Table, refuse
from sprawl_cli.systems.savage_worlds import turn
from sprawl_cli.systems.savage_worlds.attacks import (Options, attack_situation, in_contact, range_band, require_able,
                                                      sight, start_action)
from sprawl_cli.systems.savage_worlds.damage import roll_damage
from sprawl_cli.systems.savage_worlds.model import Character, Game, TestRecord, Weapon
from sprawl_cli.systems.savage_worlds.traits import TN, TraitTest, character_test

OBJECT_PARRY = 2
DAMAGE_TYPES = ("blunt", "cutting", "piercing")
_TYPE = {"b": "blunt", "c": "cutting", "p": "piercing"}
# W7's object table: Toughness, and the damage types that can break it (b, c, p).
_TABLE = {
    "light-door": (8, "bc"), "heavy-door": (10, "bc"), "lock": (8, "bp"), "handcuffs": (12, "bcp"),
    "blade": (10, "bc"),  # a knife or a sword
    "rope": (4, "cp"), "small-shield": (8, "bc"), "medium-shield": (10, "bc"), "large-shield": (12, "bc"),
}
OBJECTS: dict[str, tuple[int, tuple[str, ...]]] = {
    key: (toughness, tuple(_TYPE[t] for t in types)) for key, (toughness, types) in _TABLE.items()
}


@dataclass(frozen=True)
class BreakOutcome:
    attacker: str
    object: str
    toughness: int
    damage_type: str
    test: dict[str, Any]
    damage_rolls: list[list[int]]
    damage: int
    broken: bool
    damage_modifiers: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {**self.test, "attacker": self.attacker, "object": self.object, "toughness": self.toughness,
                "damage_type": self.damage_type, "damage_rolls": self.damage_rolls, "damage": self.damage,
                "broken": self.broken, "damage_modifiers": self.damage_modifiers}


def damage_type_of(weapon: Weapon, table: Table, band: str | None = None) -> str:
    """W7: the weapon's declared type (its roster `type`; bare hands are blunt). A `shotgun`
    strikes blunt at close range (`band` short, or a blow) and pierces beyond, like the bullets
    it fires; a weapon without a declared type is the table's to say (`--type`)."""
    if weapon.type == "shotgun":
        return "blunt" if band in (None, "short") else "piercing"
    if weapon.type in DAMAGE_TYPES:
        return weapon.type
    return table.choose("type", f"What kind of damage does {weapon.name} do to it (its roster gives no `type`)?",
                        list(DAMAGE_TYPES))


def break_object(game: Game, dice: Dice, attacker: Character, thing: str, damage_type: str | None, ranged: bool,
                 opts: Options, table: Table) -> BreakOutcome:
    """W7: attack an object; the damage total (no raise, no aces) at or over its Toughness breaks it.
    Without `damage_type`, the weapon's (`damage_type_of`).

    Raises:
        BadInput: an unknown object or damage type.
        RuleRefusal: a damage type that cannot break it, or a blow at an object the table says is
            out of reach (forceable).
        NeedsAnswer: a shot without --range, or a blow without --yes (contact), and no terminal to ask.
    """
    key = thing.strip().lower().replace(" ", "-")
    if key in ("knife", "sword"):
        key = "blade"
    if key not in OBJECTS:
        raise BadInput(f"no object '{thing}' in the table; use one of {', '.join(OBJECTS)}")
    toughness, types = OBJECTS[key]
    if opts.range and not ranged:
        raise BadInput("--range is for a shot at the object: add --ranged")
    if (opts.cover or opts.light) and not ranged:
        raise BadInput("--cover and --light are for a shot at the object: add --ranged")
    require_able(game, attacker, table)
    weapon = attacker.weapon(opts.weapon, ranged=ranged)
    if ranged and damage_type is None and weapon.type == "shotgun":  # its type hangs on the band
        opts.range = range_band(weapon, opts, table, attacker, f"the {key}")  # asked once, here, by its name
    if damage_type is None:
        damage_type = damage_type_of(weapon, table, opts.range if ranged else None)
    if damage_type not in DAMAGE_TYPES:
        raise BadInput(f"--type {damage_type}: use one of {', '.join(DAMAGE_TYPES)}")
    if damage_type not in types:
        refuse(table, f"{damage_type} damage cannot break a {key} (it takes {', '.join(types)})")
    kind = "shoot" if ranged else "fight"
    turn.action(game, attacker, table, f"{kind}:{weapon.name}", f"attack the {key}", None, once=not ranged)
    if ranged:
        turn.shots(game, attacker, weapon.name, weapon.rof, 1, table)
        opts.range = range_band(weapon, opts, table, attacker, f"the {key}")  # asked once, by its name
        sight(attacker, f"the {key}", opts, table)  # W5: a shot at a thing takes its cover and the light
    opts.actions = turn.paying(game, attacker, table, opts.actions)
    if not ranged:  # W7: Parry 2 is for a blow, and a blow reaches only what the attacker touches
        in_contact(attacker, f"the {key}", table, "a blow needs the object within reach (or shoot it: `--ranged`)")
    situation, damage, _ = attack_situation(game, attacker, None, weapon, opts, table, ranged)
    start_action(game, attacker)
    skill = weapon.attack_skill if ranged else "fighting"
    test = character_test(dice, attacker, skill, situation, tn=TN if ranged else OBJECT_PARRY)
    rolls, total = object_damage(dice, attacker, weapon, key, damage.total, test)
    from sprawl_cli.systems.savage_worlds.bennies import remember

    remember(game, attacker, "break", test, {"weapon": weapon.name, "ranged": ranged, "object": key,
                                             "toughness": toughness, "bonus": damage.total})
    return BreakOutcome(attacker.name, key, toughness, damage_type, test.to_json(), rolls, total,
                        test.success and total >= toughness, dict(damage.mods))


def object_damage(dice: Dice, attacker: Character, weapon: Weapon, key: str, bonus: int,
                  test: TraitTest) -> tuple[list[list[int]], int]:
    """W7: a hit's damage against an object: no raise die, no aces (nothing on a miss)."""
    if not test.success:
        return [], 0
    roll = roll_damage(dice, attacker, weapon.damage, f"{attacker.name}: damage to the {key}", bonus, aces=False)
    return roll.rolls, roll.total


def redo_break(dice: Dice, attacker: Character, record: TestRecord, new: TraitTest) -> dict[str, Any]:
    """A better reroll of an attack on an object (W3, W7): a miss that now hits rolls its damage
    (no aces); a hit stays the hit it was, since raises add nothing against an object."""
    if int(record.successes) > 0:
        return {}
    detail = record.detail
    try:
        weapon = attacker.weapon(str(detail["weapon"]), ranged=bool(detail["ranged"]))
        key, toughness, bonus = str(detail["object"]), int(detail["toughness"]), int(detail["bonus"])
    except (TypeError, KeyError, ValueError, BadInput):
        raise RuleRefusal(f"{attacker.name}'s attack on an object was edited by hand and cannot be rerolled") from None
    rolls, total = object_damage(dice, attacker, weapon, key, bonus, new)
    return {"object": key, "toughness": toughness, "damage_rolls": rolls, "damage": total,
            "broken": new.success and total >= toughness}


@dataclass(frozen=True)
class FinishOutcome:
    attacker: str
    victim: str

    def to_json(self) -> dict[str, Any]:
        return {"attacker": self.attacker, "victim": self.victim, "dead": True}


def finish(game: Game, attacker: Character, victim: Character, table: Table) -> FinishOutcome:
    """Finishing move: a helpless victim (incapacitated; a bound one by the referee's
    `--force`) is dispatched as an action, no roll.

    Like a blow, it is made up close: whether the two are in contact is asked (`--yes`).

    Raises:
        RuleRefusal: the victim is not helpless (forceable), already dead, the attacker cannot act,
            or the table says the two are not in contact (forceable).
        NeedsAnswer: contact is asked, and neither a terminal nor --yes answers it.
    """
    from sprawl_cli.systems.savage_worlds.cards import check_end

    require_able(game, attacker, table)
    if victim.dead:
        raise RuleRefusal(f"{victim.name} is dead already")
    if attacker is victim:
        raise BadInput(f"{attacker.name} cannot finish itself")
    if not victim.has("incapacitated"):
        refuse(table, f"{victim.name} is not helpless (only an incapacitated, bound or unconscious foe "
                      "can be finished)")
    turn.action(game, attacker, table, f"finish:{victim.name}", "finish a foe")
    in_contact(attacker, victim, table, "a finishing move is made up close (the referee may allow one at range)")
    start_action(game, attacker)
    victim.dead = True
    victim.add("incapacitated")
    check_end(game)
    return FinishOutcome(attacker.name, victim.name)
