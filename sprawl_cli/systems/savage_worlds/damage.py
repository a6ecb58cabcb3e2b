"""Damage: rolling it (aces, the raise d6, no aces against objects) and what it does (W8,
house: Shaken, wounds, incapacitation), Soak, and recovering from Shaken.

Dice order for a damage roll: the Strength die first for `str+dN`, then the weapon's dice,
then the raise d6, each followed by its aces. `soak`: the Vigor test. `recover`: the Spirit test.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Dice, RuleRefusal, Table
from sprawl_cli.systems.savage_worlds.model import WILD_CARD_WOUNDS, Character, Game, read_die
from sprawl_cli.systems.savage_worlds.traits import Situation, TraitTest, chain, character_test, own_modifiers
from sprawl_cli.systems.savage_worlds.turn import my_turn

_TERM = re.compile(r"([+-]?)\s*(str|\d*d\d+|\d+)", re.IGNORECASE)


def damage_terms(text: str) -> list[tuple[str, int, int]]:
    """`str+d6` -> [("str", 1, 0), ("die", 1, 6)]; `2d6+1` -> [("die", 2, 6), ("flat", 1, 1)].

    Raises:
        BadInput: not a damage like 2d6, str+d8, 3d6+1.
    """
    text = text.replace(" ", "").lower()
    terms: list[tuple[str, int, int]] = []
    pos = 0
    for found in _TERM.finditer(text):
        if found.start() != pos or (pos and not found.group(1)):
            break
        sign = -1 if found.group(1) == "-" else 1
        body = found.group(2)
        if body == "str":
            terms.append(("str", 1, 0))
        elif "d" in body:
            count, sides = body.split("d")
            if int(sides) not in (4, 6, 8, 10, 12):
                raise BadInput(f"damage '{text}': d{sides} is not a d4-d12")
            terms.append(("die", int(count or 1), int(sides)))
        else:
            terms.append(("flat", 1, sign * int(body)))
        pos = found.end()
    if pos != len(text) or not terms:
        raise BadInput(f"'{text}' is not a damage: write like 2d6, str+d6, str+d8+1 or 3d6")
    return terms


@dataclass
class DamageRoll:
    rolls: list[list[int]] = field(default_factory=list)
    total: int = 0


def roll_damage(dice: Dice, attacker: Character | None, damage: str, label: str, bonus: int = 0,
                raise_die: bool = False, aces: bool = True, kept: list[list[int]] | None = None) -> DamageRoll:
    """Roll a weapon's damage (dice order in the module docstring). `kept` reuses chains
    already rolled (a benny reroll of the attack never rerolls damage, W3)."""
    out = DamageRoll()
    reuse = list(kept or [])
    flat = bonus

    def one(sides: int, what: str) -> list[int]:
        if reuse:
            return reuse.pop(0)
        return list(chain(dice, sides, f"{label}, {what}", aces))

    for kind, count, value in damage_terms(damage):
        if kind == "str":
            if attacker is None:
                raise BadInput(f"'{damage}' needs the attacker's Strength")
            strength = read_die(attacker.strength)
            out.rolls.append(one(strength.sides, "Strength"))
            flat += strength.bonus
        elif kind == "die":
            for _ in range(count):
                out.rolls.append(one(value, f"d{value}"))
        else:
            flat += value
    if raise_die:
        out.rolls.append(one(6, "raise d6"))
    out.total = sum(sum(r) for r in out.rolls) + flat
    return out


@dataclass
class Victim:
    """One victim of an attack, as SYSTEMS.md's `victims` entries show it."""

    name: str
    damage_rolls: list[list[int]]
    damage: int
    toughness: int
    result: str  # none | shaken | wounded | incapacitated
    wounds: int
    wounds_taken: int = 0
    applied: bool = True  # false when the setting `damage: hand` leaves it to the referee
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "damage_rolls": self.damage_rolls, "damage": self.damage,
                "toughness": self.toughness, "result": self.result, "wounds": self.wounds,
                "wounds_taken": self.wounds_taken, "applied": self.applied, "notes": self.notes}


def snapshot(c: Character) -> dict[str, Any]:
    return {"wounds": c.wounds, "statuses": list(c.statuses), "wounds_taken": c.wounds_taken}


def restore(c: Character, before: dict[str, Any]) -> None:
    c.wounds = int(before["wounds"])
    c.statuses = list(before["statuses"])
    c.wounds_taken = int(before.get("wounds_taken", c.wounds_taken))


def effect(c: Character, damage: int, toughness: int) -> tuple[str, int]:
    """W8 (house): the result and the wounds a damage total would bring, without applying it."""
    if damage < toughness:
        return "none", 0
    wounds = (damage - toughness) // 4
    if wounds == 0:
        if not c.has("shaken"):
            return "shaken", 0
        wounds = 1  # Shaken again while Shaken
    if not c.wild_card or c.wounds + wounds > WILD_CARD_WOUNDS:
        return "incapacitated", wounds
    return "wounded", wounds


def hit(game: Game, victim: Character, roll: DamageRoll, toughness: int, notes: list[str] | None = None) -> Victim:
    """A damage total against `victim` (W8, house), applied unless `damage: hand`; kept so
    the victim may soak it straight away."""
    result, wounds = effect(victim, roll.total, toughness)
    applied = game.settings.damage == "house"
    before = snapshot(victim)
    if applied and result == "shaken":
        victim.add("shaken")
    elif applied and wounds:
        wound_state(victim, before, wounds)
    if applied and wounds:
        game.soakable[victim.name] = {"before": before, "taken": wounds}
    return Victim(victim.name, [list(r) for r in roll.rolls], roll.total, toughness, result,
                  victim.wounds, wounds, applied, list(notes or []))


def wound_state(c: Character, before: dict[str, Any], wounds: int) -> None:
    """Set `c` to `before` plus `wounds` (W8), as a soak leaves it."""
    restore(c, before)
    if wounds <= 0:
        c.drop("shaken")
        return
    c.add("shaken")
    c.wounds_taken += wounds
    if not c.wild_card:
        c.wounds = 1
        c.add("incapacitated")
    elif c.wounds + wounds > WILD_CARD_WOUNDS:
        c.wounds = WILD_CARD_WOUNDS
        c.add("incapacitated")
    else:
        c.wounds += wounds


# --- soak -------------------------------------------------------------------------------
@dataclass(frozen=True)
class SoakOutcome:
    name: str
    spent: str
    test: dict[str, Any]
    taken: int
    soaked: int
    wounds: int
    statuses: list[str]
    kept: str = "new"  # old: an earlier soak of the same hit did better, and stands

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "spent": self.spent, **self.test, "wounds_taken": self.taken,
                "soaked": self.soaked, "wounds": self.wounds, "statuses": self.statuses, "kept": self.kept}


def settle_soak(game: Game, c: Character, test: TraitTest) -> dict[str, Any]:
    """Each success and raise of the Vigor test takes one wound of the hit away (W8). A soak
    tried again on the same hit (another `soak`, or a benny on it) keeps the best of the tries
    (W3): a worse one changes nothing."""
    last = game.soakable[c.name]
    soaked = min((1 + test.raises) if test.success else 0, int(last["taken"]))
    best = last.get("soaked")
    if best is not None and soaked <= int(best):
        return {"soaked": int(best), "wounds": c.wounds, "statuses": c.shown_statuses, "kept": "old"}
    last["soaked"] = soaked
    wound_state(c, last["before"], int(last["taken"]) - soaked)
    return {"soaked": soaked, "wounds": c.wounds, "statuses": c.shown_statuses, "kept": "new"}


def soak(game: Game, dice: Dice, c: Character, table: Table) -> SoakOutcome:
    """W8: right after a wounding hit, a benny buys a Vigor test; each success and raise
    takes away one of that hit's wounds. The wounds it just took do not count against it.

    Raises:
        RuleRefusal: nothing to soak (not forceable), or no benny (forceable).
    """
    from sprawl_cli.systems.savage_worlds.bennies import remember, spend

    last = game.soakable.get(c.name)
    if not last:
        raise RuleRefusal(f"{c.name} took no wound in the latest attack; a soak comes right after the damage")
    spent = spend(game, c, table, "a soak")
    situation = Situation()
    situation.add("wounds", -min(int(last["before"]["wounds"]), 3))
    situation.add("joker", game.joker_bonus(c))
    test = character_test(dice, c, "vigor", situation, what="Soak (Vigor)")
    settled = settle_soak(game, c, test)
    remember(game, c, "soak", test)
    return SoakOutcome(c.name, spent, test.to_json(), int(last["taken"]), settled["soaked"], c.wounds,
                       c.shown_statuses, settled["kept"])


# --- recovering from Shaken ---------------------------------------------------------------
@dataclass(frozen=True)
class RecoverOutcome:
    name: str
    test: dict[str, Any] | None
    spent: str | None
    recovered: bool
    can_act: bool

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "test": self.test, "spent": self.spent, "recovered": self.recovered,
                "can_act": self.can_act, "success": self.recovered,
                "raises": (self.test or {}).get("raises", 0)}


RECOVERED = "it shook off Shaken without a raise (W8, house), which takes the rest of its turn"


def settle_recovery(c: Character, test: TraitTest) -> dict[str, Any]:
    """W8: success ends Shaken; a raise also lets it act this turn (else its turn is over)."""
    if test.success:
        c.drop("shaken")
    c.turn_over = RECOVERED if test.success and test.raises < 1 else None
    return {"recovered": test.success, "can_act": test.raises >= 1}


def recover(game: Game, dice: Dice, c: Character, table: Table, use_benny: bool = False) -> RecoverOutcome:
    """W8: a Shaken character tests Spirit at the start of its action; or a benny ends it at once.

    Raises:
        RuleRefusal: not Shaken (not forceable), or no benny (forceable).
    """
    from sprawl_cli.systems.savage_worlds.bennies import remember, spend

    if not c.has("shaken"):
        raise RuleRefusal(f"{c.name} is not Shaken; nothing to recover from")
    if c.has("incapacitated"):
        raise RuleRefusal(f"{c.name} is incapacitated; recovering from Shaken will not bring it back")
    if use_benny:  # W8: a benny ends Shaken at once, whenever it is spent
        spent = spend(game, c, table, "ending Shaken")
        c.drop("shaken")
        return RecoverOutcome(c.name, None, spent, True, True)
    my_turn(game, c, table, "test Spirit")  # W8: at the start of its action
    test = character_test(dice, c, "spirit", own_modifiers(game, c), what="Spirit (recover)")
    settled = settle_recovery(c, test)
    remember(game, c, "recover", test)
    return RecoverOutcome(c.name, test.to_json(), None, bool(settled["recovered"]), bool(settled["can_act"]))
