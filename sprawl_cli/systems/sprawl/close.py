"""Close Combat (R12): brawls between engaged characters, the free attack on
someone who turns its back, and breaking away.

Dice order (SPEC section 3): the attacker's Brawling pool, the defender's
Brawling pool, then the loser as a victim (damage, Toughness, incapacitation),
then panic tests for anyone put Out of Action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Dice, RuleRefusal, Table, refuse
from sprawl_cli.systems.sprawl.pool import PoolResult, difficulty_of, test_pool
from sprawl_cli.systems.sprawl.model import FISTS, Character, Game, Weapon
from sprawl_cli.systems.sprawl.damage import Victim, disengage, hurt
from sprawl_cli.systems.sprawl.morale import PanicTest, panic_tests
from sprawl_cli.systems.sprawl.recovery import game_result, lift_pin
from sprawl_cli.systems.sprawl.turn import mark, require_on_table, require_own_turn, require_phase, require_steady


@dataclass
class Fighter:
    """One side of a brawl: its Brawling test, or the fact that it could not roll."""

    name: str
    difficulty: int
    faces: tuple[int, ...] = ()
    successes: int = 0
    net: int = 0
    rolled: bool = True  # False: Down, or turning its back (R12)
    why_no_dice: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "faces": list(self.faces),
            "successes": self.successes,
            "difficulty": self.difficulty,
            "net": self.net,
            "rolled": self.rolled,
            "why_no_dice": self.why_no_dice or None,
        }


@dataclass
class BrawlOutcome:
    """A brawl or a free attack, with every face; SPEC's `brawl` JSON."""

    attacker: Fighter
    defender: Fighter
    free: bool = False  # a free attack the defender cannot answer (breaking away, panicking)
    winner: str | None = None
    remaining: int = 0
    weapon: str | None = None  # the winner's weapon
    power: int = 0  # its Power, added to the damage pool (R6)
    victims: list[Victim] = field(default_factory=list)
    panic: list[PanicTest] = field(default_factory=list)
    lifted: list[str] = field(default_factory=list)  # statuses the attack took off the defender
    recovery: dict[str, Any] | None = None  # R8's pending +1 Health / -1 Toughness, applied on the lift
    disengaged: list[str] = field(default_factory=list)
    forced: list[str] = field(default_factory=list)  # refusals the referee overruled (R23)
    game: dict[str, Any] = field(default_factory=dict)  # R25: {"over", "winner", "reason"} after it

    def to_json(self) -> dict[str, Any]:
        return {
            "attacker": self.attacker.to_json(),
            "defender": self.defender.to_json(),
            "free": self.free,
            "winner": self.winner,
            "remaining": self.remaining,
            "weapon": self.weapon,
            "power": self.power,
            "victims": [v.to_json() for v in self.victims],
            "panic": [p.to_json() for p in self.panic],
            "lifted": list(self.lifted),
            "recovery": self.recovery,
            "disengaged": list(self.disengaged),
            "forced": list(self.forced),
            "game": self.game,
        }


def melee_weapon(c: Character, wanted: str | None = None) -> Weapon:
    """R12: the named melee weapon, else the highest-Power one it carries (first listed on
    a tie), else Fists.

    Raises:
        BadInput: the named weapon is not carried or is not a melee weapon.
    """
    if wanted:
        weapon = c.weapon(wanted)
        if weapon.kind != "melee":
            carried = ", ".join(w.name for w in c.weapons if w.kind == "melee") or "none"
            raise BadInput(f"{weapon.name} is a {weapon.kind}, not a close-combat weapon; "
                           f"{c.name}'s melee weapons: {carried} (and Fists)")
        return weapon
    melee = [w for w in c.weapons if w.kind == "melee"]
    return max(melee, key=lambda w: w.power, default=FISTS)


def brawl_difficulty(c: Character, extra: int = 0, mods: tuple[int, ...] | list[int] = ()) -> int:
    """R3 + R5: 1, plus one per point of damage taken, plus any other modifier."""
    return difficulty_of(1, [c.wound_modifier, extra, *mods])


def lift_by_attack(game: Game, defender: Character, outcome: BrawlOutcome) -> None:
    """R12: an attack in close combat shakes off Pinned and Panicked (not Down).
    A lifted pin brings R8's pending Recovery with it."""
    if defender.has("down"):
        return
    if defender.has("panicked"):
        defender.drop("panicked")
        defender.drop("safe")
        outcome.lifted.append("panicked")
    if defender.has("pinned"):
        outcome.lifted.append("pinned")
        outcome.recovery = lift_pin(game, defender)


def _settle(game: Game, outcome: BrawlOutcome, attacker: Character, defender: Character,
            weapon: Weapon | None, dice: Dice, table: Table, tested: set[str] | None = None,
            ledge: tuple[str, ...] = ()) -> None:
    """Cancel net successes one for one (R12) and let the one with some left do damage."""
    a, d = outcome.attacker, outcome.defender
    fallen: list[Character] = [defender] if defender.has("out_of_action") else []
    if a.net != d.net:
        winner, loser = (attacker, defender) if a.net > d.net else (defender, attacker)
        outcome.winner = winner.name
        outcome.remaining = abs(a.net - d.net)
        used = weapon if winner is attacker and weapon is not None else melee_weapon(winner)
        outcome.weapon, outcome.power = used.name, used.power
        # R7/R12: close combat pins only at 0 Health, which lose_health does.
        victim = hurt(game, loser, outcome.remaining, used.power, dice, attacker=winner, ranged=False,
                      ledge=loser.name.lower() in ledge)
        outcome.victims.append(victim)
        # R12: reaching 0 Health ended the fight for the loser (damage.lose_health).
        outcome.disengaged.extend(victim.disengaged)
        if victim.out_of_action:
            fallen.append(loser)
    # R12: a tie (both nothing, or equal) does nothing.
    outcome.panic = panic_tests(game, fallen, table, dice, tested, ledge)
    outcome.game = game_result(game)


def brawl(game: Game, attacker: Character, defender: Character, dice: Dice, table: Table,
          weapon: str | None = None, mods: tuple[int, ...] | list[int] = (),
          ledge: tuple[str, ...] = ()) -> BrawlOutcome:
    """R12: ATTACKER attacks DEFENDER, both engaged, in the attacker's Close Combat Phase.

    Both roll Brawling against their own Difficulty (R3, R5); the defender takes
    +1 for each earlier brawl against it this turn. A Down defender rolls nothing,
    so every net success of the attacker is left over for its damage roll.

    `ledge`: names (lower case) of the two within 1" of a ledge: pinned at 0 Health,
    the loser tests its footing (R7).

    Raises:
        BadInput: not enemies, or not a melee weapon.
        RuleRefusal: wrong phase or turn, not engaged, already shot or brawled, not steady
            (forceable), or someone is off the table (not forceable).
    """
    require_on_table(attacker, "fight")
    if defender.gone:
        raise RuleRefusal(f"{defender.name} is already off the table")
    if attacker is defender or attacker.squad == defender.squad:
        raise BadInput(f"{attacker.name} and {defender.name} are on the same side; close combat is against an enemy")
    chosen = melee_weapon(attacker, weapon) if weapon else None
    forced_before = len(table.overruled)
    require_phase(game, table, "close combat", "close")
    require_own_turn(game, table, attacker, "fight now")
    if defender.name not in attacker.engaged_with:
        refuse(table, f"{attacker.name} is not in close combat with {defender.name}; only a charge "
                      f"(`sprawl charge {attacker.name} {defender.name}`) starts one (R12)")
    if "shot" in attacker.acted:
        refuse(table, f"{attacker.name} shot this turn and cannot also brawl (R12)")
    if "brawled" in attacker.acted:
        refuse(table, f"{attacker.name} has already fought this turn")
    if "broke" in attacker.acted:
        refuse(table, f"{attacker.name} broke away this turn")
    require_steady(table, attacker, "attack")

    # A forced brawl between characters not yet in contact: the referee says they are now.
    if defender.name not in attacker.engaged_with:
        attacker.engaged_with.append(defender.name)
        defender.engaged_with.append(attacker.name)
    attacker.drop("hidden")  # R19: attacking ends hiding
    attacker.hide_successes = 0
    mark(attacker, "brawled")
    # R12: the k-th brawl against one defender in a turn gives it +(k-1).
    earlier = game.brawls.get(defender.name, 0)
    game.brawls[defender.name] = earlier + 1

    tens = game.settings.rule_of_tens
    outcome = BrawlOutcome(
        Fighter(attacker.name, brawl_difficulty(attacker, mods=mods)),
        Fighter(defender.name, brawl_difficulty(defender, extra=earlier)),
        forced=list(table.overruled[forced_before:]),
    )
    lift_by_attack(game, defender, outcome)
    if defender.gone:
        # R8: the lifted pin cost its last point of Toughness; there is nobody left to fight.
        _settle(game, outcome, attacker, defender, chosen, dice, table, ledge=ledge)
        return outcome
    roll = test_pool(dice, attacker.brawling, outcome.attacker.difficulty, f"{attacker.name}: Brawling", tens)
    _fill(outcome.attacker, roll)
    if defender.has("down"):
        # R12: a Down character cannot fight back and stays Down.
        outcome.defender.rolled = False
        outcome.defender.why_no_dice = "Down (R8): it cannot fight back"
    else:
        _fill(outcome.defender, test_pool(dice, defender.brawling, outcome.defender.difficulty,
                                          f"{defender.name}: Brawling", tens))
    _settle(game, outcome, attacker, defender, chosen, dice, table, ledge=ledge)
    return outcome


def free_attack(game: Game, attacker: Character, leaver: Character, dice: Dice, table: Table,
                tested: set[str] | None = None, ledge: tuple[str, ...] = ()) -> BrawlOutcome:
    """R12: the opponent's free Brawling attack on a character that breaks away or panics.

    The leaver rolls no dice, so all the attacker's net successes are hits. It
    lifts nothing (the leaver is turning its back) and does not count toward the
    leaver's Difficulty in later brawls. It is close combat all the same: the attacker
    may not shoot in the same turn (R12).
    """
    outcome = BrawlOutcome(
        Fighter(attacker.name, brawl_difficulty(attacker)),
        Fighter(leaver.name, brawl_difficulty(leaver), rolled=False,
                why_no_dice="turning its back (R12): it cannot answer"),
        free=True,
    )
    tens = game.settings.rule_of_tens
    mark(attacker, "brawled")  # R12: no character shoots and brawls in one turn
    _fill(outcome.attacker, test_pool(dice, attacker.brawling, outcome.attacker.difficulty,
                                      f"{attacker.name}: Brawling (free attack)", tens))
    _settle(game, outcome, attacker, leaver, None, dice, table, tested, ledge)
    return outcome


def _fill(fighter: Fighter, roll: PoolResult) -> None:
    fighter.faces, fighter.successes, fighter.net = roll.faces, roll.successes, roll.net


@dataclass
class BreakAway:
    """`sprawl break`: every opponent's free attack, then the leaver is out of the fight."""

    name: str
    free_attacks: list[BrawlOutcome] = field(default_factory=list)
    disengaged_from: list[str] = field(default_factory=list)
    game: dict[str, Any] = field(default_factory=dict)
    may_move: bool = False  # H5: broke away in its Movement Phase, so it moves off now

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "may_move": self.may_move,
            "free_attacks": [f.to_json() for f in self.free_attacks],
            "disengaged_from": list(self.disengaged_from),
            "victims": [v.to_json() for f in self.free_attacks for v in f.victims],
            "panic": [p.to_json() for f in self.free_attacks for p in f.panic],
            "game": self.game,
        }


def break_away(game: Game, leaver: Character, dice: Dice, table: Table, ledge: tuple[str, ...] = ()) -> BreakAway:
    """R12: LEAVER turns its back on every opponent; each gets a free attack in
    engagement order (until the leaver is gone), then the engagement ends.
    H5: in its Movement Phase the break is the start of its move, so it may then
    `sprawl move` (or run) off; in the Close Combat Phase its movement is behind it and it
    stays where it is, out of contact, until its next turn.

    Raises:
        BadInput: it is not in close combat.
        RuleRefusal: not its turn or phase, it already fought, or it is pinned or Down.
    """
    require_on_table(leaver, "break away")
    if not leaver.engaged_with:
        raise BadInput(f"{leaver.name} is not in close combat; there is nothing to break away from")
    require_phase(game, table, "breaking away", "movement", "close")
    require_own_turn(game, table, leaver, "break away now")
    if "brawled" in leaver.acted:
        refuse(table, f"{leaver.name} fought this turn; it can break away in a later turn")
    require_steady(table, leaver, "break away")
    out = BreakAway(leaver.name, disengaged_from=list(leaver.engaged_with))
    for opponent_name in list(leaver.engaged_with):
        opponent = game.character(opponent_name)
        if leaver.gone or opponent.gone or opponent_name not in leaver.engaged_with:
            continue
        out.free_attacks.append(free_attack(game, opponent, leaver, dice, table, ledge=ledge))
    disengage(game, leaver)
    mark(leaver, "broke")
    out.may_move = (game.phase == "movement" and not leaver.gone and not leaver.has("pinned")
                    and "moved" not in leaver.acted and "ran" not in leaver.acted)
    out.game = game_result(game)
    return out


__all__ = ["BrawlOutcome", "BreakAway", "Fighter", "brawl", "break_away", "free_attack", "melee_weapon"]
