"""Damage and Wounds: damage and Toughness (R6), pins (R7), zero Health (R8),
wounds (R5), and going Out of Action. Every attack's victims pass through here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import Dice
from sprawl_cli.systems.sprawl.pool import count_successes, test_pool
from sprawl_cli.systems.sprawl.model import Character, Game
from sprawl_cli.systems.sprawl.tables import INCAPACITATION


@dataclass
class Victim:
    """What one attack (or fall) did to one character; SPEC's `victims` element."""

    name: str
    damage_faces: tuple[int, ...] = ()
    damage: int = 0  # points rolled before Toughness
    toughness_faces: tuple[int, ...] = ()
    negated: int = 0
    health_lost: int = 0
    health: int = 0  # after
    statuses: list[str] = field(default_factory=list)  # after
    incapacitation: dict[str, Any] | None = None  # {"roll": d10, "result": ...}
    pinned: bool = False
    ledge: dict[str, Any] | None = None  # {"faces", "successes", "fell"}
    out_of_action: bool = False
    disengaged: list[str] = field(default_factory=list)  # R12: 0 Health ends its close combats
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "damage_faces": list(self.damage_faces),
            "damage": self.damage,
            "toughness_faces": list(self.toughness_faces),
            "negated": self.negated,
            "health_lost": self.health_lost,
            "health": self.health,
            "statuses": list(self.statuses),
            "incapacitation": self.incapacitation,
            "pinned": self.pinned,
            "ledge": self.ledge,
            "out_of_action": self.out_of_action,
            "disengaged": list(self.disengaged),
            "notes": list(self.notes),
        }


def damage_roll(dice: Dice, attacker: str, hits: int, power: int) -> tuple[tuple[int, ...], int]:
    """R6: the attacker rolls hits + Power d10; each 7+ is one point (a 10 only one: no Rule of Tens)."""
    faces = dice.roll(max(0, hits + power), f"{attacker}: Damage")
    return faces, count_successes(faces, tens=False)


def resist(game: Game, victim: Character, points: int, dice: Dice, victim_out: Victim) -> int:
    """R6: the victim's Toughness test negates one point per success; returns points left."""
    if points <= 0:
        return 0
    faces = dice.roll(victim.toughness, f"{victim.name}: Toughness")
    negated = min(points, count_successes(faces, tens=game.settings.rule_of_tens))
    victim_out.toughness_faces = faces
    victim_out.negated = negated
    return points - negated


def pin(game: Game, c: Character, took_health: bool) -> None:
    """R7/R11: pin `c`, remembering the turn and whether this pin took Health; ends Overwatch (R20)."""
    c.add("pinned")
    c.pinned_turn = game.turn
    c.pin_took_health = c.pin_took_health or took_health
    c.drop("overwatch")


def lose_health(
    game: Game, c: Character, points: int, dice: Dice, out: Victim, source: Character | None = None,
    settle: bool = True,
) -> None:
    """Take `points` off Health (never below 0), grow `damage_taken` (R5), and apply R8 at 0 Health.

    A character already at 0 that loses another point rolls on the table again (R8).
    `settle`: see whether the game is over (R25) once it is Out of Action; an attack with
    several victims leaves that to its caller, once they have all fallen (H8).
    """
    if points <= 0 or c.gone:
        out.health = c.health
        return
    lost = min(points, c.health)
    c.health -= lost
    c.damage_taken += lost
    out.health_lost += lost
    if source is not None and source.squad != c.squad:  # friendly fire is not to its credit
        source.record.damage_dealt += lost
    if c.health == 0:  # points > 0 here: it just lost its last Health, or was at 0 already
        if source is not None:
            c.felled_by = source.name  # H9: whoever felled it is credited if it goes Out of Action later
        # R12: engaged until one of the two reaches 0 Health, however it got there.
        out.disengaged.extend(c.engaged_with)
        disengage(game, c)
        pin(game, c, took_health=True)
        out.pinned = True
        roll = dice.roll(1, f"{c.name}: Incapacitation")[0]
        result = str(INCAPACITATION.lookup(roll).result)
        out.incapacitation = {"roll": roll, "result": result}
        if result == "recovery":
            # R8: pinned as usual (no longer Down); the pin's lifting brings +1 Health / -1 Toughness.
            c.drop("down")
            c.recovery_pending = True
            out.notes.append(f"{c.name} stays pinned; when the pin lifts: +1 Health, -1 Toughness (R8)")
        elif result == "down":
            c.add("down")
            c.recovery_pending = False  # the latest roll decides
            out.notes.append(f"{c.name} is Down: may only crawl 2\"; rolls again in its next Recovery Phase (R8)")
        else:
            put_out_of_action(game, c, source or felled(game, c), settle)
            out.out_of_action = True
    out.health = c.health


def put_out_of_action(game: Game, c: Character, source: Character | None = None, settle: bool = True) -> None:
    """Off the table for the rest of the game; engagements end; the game may be over (R25;
    `settle` False: the caller sees to that once every victim of its attack has fallen, H8)."""
    from sprawl_cli.systems.sprawl.turn import check_game_end

    for status in ("pinned", "down", "panicked", "overwatch", "hidden", "ran", "safe"):
        c.drop(status)
    c.hide_successes = 0
    c.add("out_of_action")
    c.recovery_pending = False
    disengage(game, c)
    c.record.times_out_of_action += 1
    if source is not None and source.squad != c.squad:
        source.record.put_out_of_action += 1
    if settle:
        check_game_end(game)


def felled(game: Game, c: Character) -> Character | None:
    """H9: the character whose attack last took `c`'s Health to 0 (or took a point while at 0),
    credited when `c` then goes Out of Action with no attack doing it (its Down roll, R8's
    Toughness worn to 0, a fall); None when no attack did, or it has got up since."""
    return game.character(c.felled_by) if c.felled_by else None


def credited(game: Game, c: Character) -> str | None:
    """Who the books credit with putting `c` Out of Action on its own roll (H9): its feller,
    unless that was a squad-mate (friendly fire is to nobody's credit)."""
    by = felled(game, c)
    return by.name if by is not None and by.squad != c.squad else None


def disengage(game: Game, c: Character) -> None:
    """End every close combat `c` is in (R12)."""
    for other_name in c.engaged_with:
        other = game.character(other_name)
        if c.name in other.engaged_with:
            other.engaged_with.remove(c.name)
    c.engaged_with = []


def hurt(
    game: Game,
    victim: Character,
    hits: int,
    power: int,
    dice: Dice,
    *,
    attacker: Character,
    ranged: bool,
    ledge: bool = False,
    settle: bool = True,
) -> Victim:
    """One victim of an attack, in SPEC section 3 order: damage pool, Toughness,
    incapacitation at 0 Health, the ledge Quickness test when pinned near a ledge.

    `ranged`: a ranged hit or a blast pins even if all damage is negated (R7);
    close combat pins only at 0 Health. `settle`: as `lose_health`'s.
    """
    out = Victim(victim.name)
    faces, points = damage_roll(dice, attacker.name, hits, power)
    out.damage_faces, out.damage = faces, points
    left = resist(game, victim, points, dice, out)
    if ranged:
        pin(game, victim, took_health=left > 0 and victim.health > 0)
        out.pinned = True
    lose_health(game, victim, left, dice, out, attacker, settle)
    ledge_after(game, victim, ledge, dice, out)
    out.statuses = victim.shown_statuses
    out.health = victim.health
    return out


def ledge_after(game: Game, c: Character, ledge: bool, dice: Dice, out: Victim) -> None:
    """R7: whatever pinned it (a shot, a blast, 0 Health from a brawl, a free attack, a fall
    or the referee's damage), a pinned character within 1" of a ledge tests its footing."""
    if ledge and out.pinned and c.has("pinned") and not c.gone:
        out.ledge = ledge_test(game, c, dice)


def ledge_test(game: Game, c: Character, dice: Dice) -> dict[str, Any]:
    """R7: pinned within 1" of a ledge: a Quickness test; no successes at all and it falls (R22)."""
    result = test_pool(dice, c.quickness, 1, f"{c.name}: Quickness (ledge)", tens=game.settings.rule_of_tens)
    return {"faces": list(result.faces), "successes": result.successes, "fell": result.successes == 0}


def fall(game: Game, c: Character, inches: float, dice: Dice, ledge: bool = False) -> Victim:
    """R22: a fall of more than 1" deals points equal to the inches (rounded down),
    resisted by Toughness; no attacker's roll, and no pin unless it reaches 0 Health.
    `ledge`: it lies within 1" of a ledge, so a pin at 0 Health brings R7's test."""
    out = Victim(c.name)
    points = int(inches) if inches > 1 else 0
    out.damage = points
    if points:
        left = resist(game, c, points, dice, out)
        lose_health(game, c, left, dice, out, None)
    ledge_after(game, c, ledge, dice, out)
    out.statuses = c.shown_statuses
    out.health = c.health
    return out
