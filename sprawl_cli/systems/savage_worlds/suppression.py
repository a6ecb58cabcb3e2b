"""Suppressive fire (house). The chapter says only that automatic weapons may use the
suppressive fire maneuver, and never prints it; a game cannot go on without it once a player
asks for it, so sprawl uses the published game's well-known rule, labelled house:

- only an automatic weapon (rate of fire 2 or more) can do it, as the shooter's action, and it
  takes the weapon's whole rate of fire for the turn;
- a medium burst template is laid on the area; one Shooting die (and the Wild Die) is rolled
  against 4 with the autofire -2 (W5) and every other modifier of a shot at that spot (range,
  light, the Joker, wounds, multi-action);
- a failure goes wide: nothing happens. A success makes everyone under the template test
  Spirit: a failure leaves it Shaken (suppression alone never wounds, and a character Shaken
  already stays so); a natural 1 on the Spirit die, whatever the Wild Die shows, is a bullet
  that finds it: damage as from any hit (no raise die; W8), settled before the Shaken;
- it uses five times the weapon's rate of fire in ammunition (the chapter: each autofire die
  stands for as many bullets as the rate of fire).

Dice order: the Shooting test (its trait die, the Wild Die); on a success, each character
under the template in the order named: its Spirit test, then, on a natural 1, its damage dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Dice, RuleRefusal, Table, refuse
from sprawl_cli.systems.savage_worlds import turn
from sprawl_cli.systems.savage_worlds.attacks import (Options, attack_situation, friendly_fire, range_band, scene,
                                                      require_able, spend_ammo, start_action, toughness_against)
from sprawl_cli.systems.savage_worlds.damage import Victim, hit, restore, roll_damage, snapshot
from sprawl_cli.systems.savage_worlds.model import Character, Game, TestRecord, Weapon
from sprawl_cli.systems.savage_worlds.traits import TN, TraitTest, character_test, own_modifiers

TEMPLATE = "medium"  # the area suppressive fire covers
ROUNDS_PER_ROF = 5  # ammunition: five times the rate of fire


@dataclass
class Suppressed:
    """One character under the template: its Spirit test and what came of it."""

    name: str
    test: dict[str, Any]
    hit: bool  # a natural 1 on its Spirit die: damage as from a hit
    shaken: bool  # the failed test shook it (it was not Shaken already)
    victim: Victim | None = None  # the hit's damage
    applied: bool = True  # false when the setting `damage: hand` leaves the Shaken to the referee

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "test": self.test, "hit": self.hit, "shaken": self.shaken,
                "damage": None if self.victim is None else self.victim.to_json(), "applied": self.applied}


@dataclass
class SuppressOutcome:
    attacker: str
    weapon: str
    band: str
    test: TraitTest
    under: list[str]
    rounds: int
    ammo_left: int | None
    suppressed: list[Suppressed] = field(default_factory=list)
    forced: list[str] = field(default_factory=list)
    damage_modifiers: dict[str, int] = field(default_factory=dict)
    game: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = self.test.to_json()
        data.update({
            "kind": "suppress", "attacker": self.attacker, "weapon": self.weapon, "template": TEMPLATE,
            "band": self.band, "under": self.under, "rounds": self.rounds, "ammo_left": self.ammo_left,
            "suppressed": [s.to_json() for s in self.suppressed],
            "victims": [s.victim.to_json() for s in self.suppressed if s.victim is not None],
            "damage_modifiers": self.damage_modifiers, "forced": self.forced, "game": self.game, "house": True,
        })
        return data


def automatic(attacker: Character, weapon_name: str | None, table: Table) -> Weapon:
    """The weapon: a ranged one with a rate of fire of 2 or more.

    Raises:
        BadInput: a hand weapon, or no ranged weapon.
        RuleRefusal: not automatic (forceable).
    """
    weapon = attacker.weapon(weapon_name, ranged=True)
    if not weapon.ranged:
        raise BadInput(f"{weapon.name} is a hand weapon; suppressive fire needs an automatic one")
    if weapon.rof < 2:
        refuse(table, f"{weapon.name} is not automatic (rate of fire {weapon.rof}); only an automatic weapon lays "
                      "down suppressive fire")
    return weapon


def under_template(game: Game, attacker: Character, table: Table) -> list[Character]:
    """Who is under the template: the table's answer (`--victims`), each standing, never the shooter.

    Raises:
        BadInput: the shooter, someone out of the fight, or a name given twice.
        NeedsAnswer: nobody to ask and no --victims.
    """
    choices = [c.name for c in game.characters if not c.gone and c is not attacker]
    named = table.names("victims", f"Who is under the {TEMPLATE} burst template {attacker.name} fires into?",
                        choices)
    people: list[Character] = []
    for n in named:
        c = game.character(n)
        if c is attacker:
            raise BadInput(f"{c.name} fires into the area; it is not under its own template")
        if c.gone:
            raise BadInput(f"{c.name} is out of the fight; name only those standing under the template")
        if c in people:
            raise BadInput(f"{c.name} is named twice under the template")
        people.append(c)
    return people


def settle(game: Game, dice: Dice, attacker: Character, weapon: Weapon, c: Character, test: TraitTest, bonus: int,
           kept: list[list[int]] | None = None) -> Suppressed:
    """What a Spirit test under suppressive fire does to `c`: a natural 1 on the Spirit die is
    a hit (its damage first, reusing `kept` dice), then a failure shakes it if it is standing
    and not Shaken already."""
    victim = None
    struck = test.trait_rolls[0][0] == 1
    if struck:
        roll = roll_damage(dice, attacker, weapon.damage, f"{attacker.name}: damage to {c.name} (suppressive fire)",
                           bonus, kept=kept)
        victim = hit(game, c, roll, toughness_against(c, weapon), ["suppressive fire, house"])
    shaken = not test.success and not c.gone and not c.has("shaken")
    applied = game.settings.damage == "house"  # `damage=hand`: reported, the referee applies it
    if shaken and applied:
        c.add("shaken")
    return Suppressed(c.name, test.to_json(), struck, shaken, victim, applied)


def spirit_under_fire(game: Game, dice: Dice, attacker: Character, weapon: Weapon, c: Character,
                      bonus: int, mods: dict[str, int]) -> Suppressed:
    """`c` tests Spirit under the fire (its own modifiers); remembered for a benny (W3)."""
    from sprawl_cli.systems.savage_worlds.bennies import remember

    before = snapshot(c)
    test = character_test(dice, c, "spirit", own_modifiers(game, c), what="Spirit (suppressive fire)")
    out = settle(game, dice, attacker, weapon, c, test, bonus)
    remember(game, c, "suppression", test, {
        "attacker": attacker.name, "weapon": weapon.name, "bonus": bonus, "damage_modifiers": mods,
        "before": before, "damage": None if out.victim is None else out.victim.damage_rolls})
    return out


def suppress(game: Game, dice: Dice, attacker: Character, opts: Options, table: Table) -> SuppressOutcome:
    """Suppressive fire (house; the module docstring has the rule): the shooter's action with
    its automatic weapon's whole rate of fire, one Shooting test at -2 against 4, and on a
    success a Spirit test for everyone under the medium template.

    Raises:
        BadInput: not a ranged weapon; a name under the template that cannot be there.
        RuleRefusal: the shooter cannot act, out of turn, the weapon not automatic or already
            fired this turn, too few rounds left, out of range (forceable); a friend under the
            template that the table says not to fire on.
        NeedsAnswer: no range band (--range or --distance), nobody under the template named
            (--victims), a friend under it (--yes), and no terminal to ask.
    """
    if game.settings.suppress == "off":
        raise RuleRefusal("suppressive fire is a house rule, and this game switched it off (`--setting "
                          "suppress=off`)")
    require_able(game, attacker, table)
    weapon = automatic(attacker, opts.weapon, table)
    turn.action(game, attacker, table, f"suppress:{weapon.name}", "lay down suppressive fire", None, once=False)
    turn.shots(game, attacker, weapon.name, weapon.rof, weapon.rof, table)  # its whole rate of fire
    opts.actions = turn.paying(game, attacker, table, opts.actions)
    rounds = ROUNDS_PER_ROF * weapon.rof
    spend_ammo(attacker, weapon, opts, table, rounds)
    opts.range = range_band(weapon, opts, table, attacker, "the area")
    under = under_template(game, attacker, table)
    for c in under:
        friendly_fire(attacker, c, table)
    scene(game, attacker, attacker, weapon, opts, table, shot=False)  # the light: asked, never assumed
    opts.rof = weapon.rof  # W5: automatic fire, -2
    situation, damage, band = attack_situation(game, attacker, None, weapon, opts, table, ranged=True)
    start_action(game, attacker)
    test = character_test(dice, attacker, weapon.attack_skill, situation, tn=TN,
                          what=f"{weapon.attack_skill.capitalize()} (suppressive fire)")
    outcome = SuppressOutcome(attacker.name, weapon.name, band, test, [c.name for c in under], rounds,
                              attacker.ammo(weapon), forced=list(table.overruled),
                              damage_modifiers=dict(damage.mods))
    if test.success:
        outcome.suppressed = [spirit_under_fire(game, dice, attacker, weapon, c, damage.total, dict(damage.mods))
                              for c in under]
    from sprawl_cli.systems.savage_worlds.bennies import remember
    from sprawl_cli.systems.savage_worlds.cards import check_end

    remember(game, attacker, "suppress", test, {"weapon": weapon.name, "under": outcome.under,
                                                "bonus": damage.total, "damage_modifiers": dict(damage.mods)})
    check_end(game)
    outcome.game = {"over": game.over, "winner": game.winner, "reason": game.reason}
    return outcome


def redo_suppress(game: Game, dice: Dice, attacker: Character, record: TestRecord, new: TraitTest) -> dict[str, Any]:
    """A better reroll of the Shooting test (W3): a miss that now succeeds makes everyone under
    the template test Spirit now; a success stays one (its raises add nothing)."""
    if int(record.successes) > 0 or not new.success:
        return {}
    detail = record.detail
    try:
        weapon = attacker.weapon(str(detail["weapon"]), ranged=True)
        under = [game.character(str(n)) for n in detail["under"]]
        bonus = int(detail["bonus"])
        mods = {str(k): int(v) for k, v in dict(detail.get("damage_modifiers") or {}).items()}
    except (TypeError, KeyError, ValueError, BadInput):
        raise RuleRefusal(f"{attacker.name}'s suppressive fire was edited by hand and cannot be rerolled") from None
    game.soakable = {}
    suppressed = [spirit_under_fire(game, dice, attacker, weapon, c, bonus, mods) for c in under if not c.gone]
    from sprawl_cli.systems.savage_worlds.cards import check_end

    check_end(game)
    return {"suppressed": [s.to_json() for s in suppressed], "damage_modifiers": mods,
            "victims": [s.victim.to_json() for s in suppressed if s.victim is not None],
            "game": {"over": game.over, "winner": game.winner, "reason": game.reason}}


def redo_suppressed(game: Game, dice: Dice, c: Character, record: TestRecord, new: TraitTest) -> dict[str, Any]:
    """A better reroll of a Spirit test under suppressive fire (W3): `c` goes back to how the
    fire found it and the new test is settled, reusing any damage dice already rolled."""
    detail = record.detail
    try:
        attacker = game.character(str(detail["attacker"]))
        weapon = attacker.weapon(str(detail["weapon"]), ranged=True)
        bonus = int(detail["bonus"])
        before = {"wounds": int(detail["before"]["wounds"]), "statuses": [str(x) for x in detail["before"]["statuses"]]}
        kept = [list(map(int, r)) for r in detail["damage"]] if detail.get("damage") else None
        mods = {str(k): int(v) for k, v in dict(detail.get("damage_modifiers") or {}).items()}
    except (TypeError, KeyError, ValueError, BadInput):
        raise RuleRefusal(f"{c.name}'s Spirit test under suppressive fire was edited by hand and cannot be rerolled") from None
    restore(c, before)
    game.soakable.pop(c.name, None)
    game.over, game.winner, game.reason = False, None, None
    out = settle(game, dice, attacker, weapon, c, new, bonus, kept)
    detail["damage"] = None if out.victim is None else out.victim.damage_rolls
    from sprawl_cli.systems.savage_worlds.cards import check_end

    check_end(game)
    return {**out.to_json(), "wounds": c.wounds, "statuses": c.shown_statuses, "damage_modifiers": mods}
