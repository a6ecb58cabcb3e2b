"""Recovery (R8, R10, R11, R14) and the end of a game on demand: the routing
check (R24), conceding and the referee's declaration (R25).

Dice order (SPEC section 3): characters in roster order; for each, its tests
in the order pin, down (d10), panic, jam; the panic tests of friends of anyone
the Recovery Phase puts Out of Action follow that character's own tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Dice, RuleRefusal, Table, end_game, other_side, refuse
from sprawl_cli.systems.sprawl.pool import test_pool
from sprawl_cli.systems.sprawl.model import Character, Game, Squad
from sprawl_cli.systems.sprawl.damage import credited, felled, put_out_of_action
from sprawl_cli.systems.sprawl.morale import PanicTest, RoutCheck, panic_tests, routing_check, routing_due
from sprawl_cli.systems.sprawl.tables import INCAPACITATION
from sprawl_cli.systems.sprawl.turn import mark, require_own_turn, require_phase

TRIED = "recovered"  # the `acted` mark: one go at the Recovery Phase per turn


def game_result(game: Game) -> dict[str, Any]:
    """R25: whether the game is over, who won and why; every outcome here carries it."""
    return {"over": game.over, "winner": game.winner, "reason": game.reason}


def lift_pin(game: Game, c: Character) -> dict[str, Any] | None:
    """Take the pin off `c` (R11, or an attack in close combat, R12); a new pin starts
    R11's count afresh. If R8's "Recovery" result is pending it applies now: +1 Health,
    -1 Toughness for the rest of the game, and Toughness 0 puts it Out of Action.

    Returns what R8 did, or None when nothing was pending.
    """
    c.drop("pinned")
    c.pin_took_health = False
    if not c.recovery_pending:
        return None
    c.recovery_pending = False
    c.health = min(c.max_health, c.health + 1)  # R5: damage_taken does not shrink
    c.toughness = max(0, c.toughness - 1)
    out = c.toughness == 0
    if out:
        put_out_of_action(game, c, felled(game, c))  # H9: to its feller's credit
    else:
        c.felled_by = None  # back on its feet: a later fall is nobody's doing (H9)
    return {"health": c.health, "toughness": c.toughness, "out_of_action": out}


@dataclass
class RecoveryTest:
    """One attempt: `pin`, `down`, `panic` or `jam`."""

    kind: str
    passed: bool
    automatic: bool = False  # R11: a pin that took no Health lifts without a roll
    faces: tuple[int, ...] = ()
    successes: int = 0
    needed: int = 0
    result: str | None = None  # down: recovery | down | out_of_action
    weapon: str | None = None  # jam: the gun
    recovery: dict[str, Any] | None = None  # R8's +1 Health / -1 Toughness, when it applied

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "passed": self.passed,
            "automatic": self.automatic,
            "faces": list(self.faces),
            "successes": self.successes,
            "needed": self.needed,
            "result": self.result,
            "weapon": self.weapon,
            "recovery": self.recovery,
        }


@dataclass
class CharacterRecovery:
    name: str
    tests: list[RecoveryTest] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)  # after
    health: int = 0
    toughness: int = 0
    out_of_action: bool = False
    credited: str | None = None  # H9: the enemy the books credit with it, when it went Out of Action
    panic: list[PanicTest] = field(default_factory=list)  # friends' R9 tests if it went Out of Action

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "tests": [t.to_json() for t in self.tests],
            "statuses": list(self.statuses),
            "health": self.health,
            "toughness": self.toughness,
            "out_of_action": self.out_of_action,
            "credited": self.credited,
            "panic": [p.to_json() for p in self.panic],
        }


@dataclass
class RecoveryOutcome:
    """`sprawl recover`: who tried what, and who may not try yet and why."""

    squad: str
    characters: list[CharacterRecovery] = field(default_factory=list)
    waiting: list[dict[str, str]] = field(default_factory=list)  # {"name", "reason"}
    game: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "squad": self.squad,
            "characters": [c.to_json() for c in self.characters],
            "waiting": list(self.waiting),
            "panic": [p.to_json() for c in self.characters for p in c.panic],
            "game": self.game,
        }


def _jammed(c: Character) -> list[str]:
    return [w.name for w in c.weapons if c.weapon_states.get(w.name) == "jammed"]


def pending(game: Game, c: Character) -> tuple[list[str], list[str]]:
    """What `c` may try in this Recovery Phase (`pin`, `down`, `panic`, `jam`) and, for
    everything it carries but may not try yet, the reason. Table facts are not asked here."""
    may: list[str] = []
    wait: list[str] = []
    if c.gone:
        return may, wait
    if TRIED in c.acted:
        wait.append("it has had its go in this Recovery Phase")
        return may, wait
    if c.has("pinned") or c.has("down"):
        what = "Down" if c.has("down") else "pinned"
        if c.pinned_turn is not None and c.pinned_turn >= game.turn:
            # R11: only in the Recovery Phase of a turn that starts after the pin.
            wait.append(f"{what} this turn: it tries in its side's next Recovery Phase (R11)")
        else:
            may.append("down" if c.has("down") else "pin")
    if c.has("panicked"):
        if c.panicked_turn is not None and c.panicked_turn >= game.turn:
            wait.append("panicked this turn: not before a later turn (R10)")
        else:
            may.append("panic")
    jammed = _jammed(c)
    if jammed:
        later = [w for w in jammed if c.jammed_turn.get(w, -1) < game.turn]
        if later:
            may.append("jam")
        if len(later) < len(jammed):
            # R14: a jam is cleared in a later turn than the one it happened in.
            wait.append(f"{', '.join(w for w in jammed if w not in later)} jammed this turn: "
                        "it can be cleared in a later turn (R14)")
    return may, wait


def _pin(game: Game, c: Character, dice: Dice) -> RecoveryTest:
    """R11: automatic if no pinning attack since its last recovery took Health,
    else a Guts test needing successes >= its total damage_taken."""
    if not c.pin_took_health:
        test = RecoveryTest("pin", True, automatic=True)
    else:
        result = test_pool(dice, c.guts, max(1, c.damage_taken), f"{c.name}: Guts (pinned)",
                           tens=game.settings.rule_of_tens)
        test = RecoveryTest("pin", result.passed, faces=result.faces, successes=result.successes,
                            needed=result.difficulty)
    if test.passed:
        test.recovery = lift_pin(game, c)
    return test


def _down(game: Game, c: Character, dice: Dice) -> RecoveryTest:
    """R8: a Down character rolls on the Incapacitation table again instead of a pin test."""
    roll = dice.roll(1, f"{c.name}: Incapacitation (Down)")[0]
    result = str(INCAPACITATION.lookup(roll).result)
    test = RecoveryTest("down", result != "out_of_action", faces=(roll,), result=result)
    if result == "recovery":
        # No longer Down, still pinned: the pin lifts by R11 later, bringing +1 Health / -1 Toughness.
        c.drop("down")
        c.recovery_pending = True
        c.pinned_turn = game.turn
        test.passed = True
    elif result == "down":
        test.passed = False
    else:
        put_out_of_action(game, c, felled(game, c))  # H9: to its feller's credit
    return test


def _panic(game: Game, c: Character, dice: Dice, table: Table, anyway: bool = False) -> RecoveryTest | str:
    """R10: only when safe or within 6" of its Leader (unless the referee says `anyway`);
    Guts needing max(1, 6 - Guts). Returns the reason instead when it may not try."""
    if not c.has("safe") and not anyway:
        leader = game.leader(game.squad_of(c))
        if leader is c or leader.gone:
            return "panicked and not yet safe (mark it with `sprawl safe NAME`); its Leader cannot steady it (R10)"
        if not table.confirm(f"Is {c.name} within 6\" of its Leader {leader.name}?"):
            return f"panicked, not safe and not within 6\" of {leader.name}: it cannot try yet (R10)"
    needed = max(1, 6 - c.guts)
    result = test_pool(dice, c.guts, needed, f"{c.name}: Guts (panic)", tens=game.settings.rule_of_tens)
    if result.passed:
        c.drop("panicked")
        c.drop("safe")
        c.panicked_turn = None
    return RecoveryTest("panic", result.passed, faces=result.faces, successes=result.successes, needed=needed)


def _jams(game: Game, c: Character, dice: Dice) -> list[RecoveryTest]:
    """R14: a Smarts test with Difficulty = the gun's Reliability clears a jam of an earlier turn."""
    tests = []
    for name in _jammed(c):
        if c.jammed_turn.get(name, -1) >= game.turn:
            continue
        gun = c.weapon(name)
        needed = max(1, gun.reliability or 1)
        result = test_pool(dice, c.smarts, needed, f"{c.name}: Smarts (jammed {gun.name})",
                           tens=game.settings.rule_of_tens)
        if result.passed:
            c.weapon_states.pop(name, None)
            c.jammed_turn.pop(name, None)
        tests.append(RecoveryTest("jam", result.passed, faces=result.faces, successes=result.successes,
                                  needed=needed, weapon=gun.name))
    return tests


def recover_one(game: Game, c: Character, may: list[str], dice: Dice, table: Table,
                tested: set[str] | None = None) -> tuple[CharacterRecovery, str | None]:
    """Every test `c` may take now, in the order pin, down, panic, jam.
    Returns the outcome and, if the panic test could not be tried, why."""
    out = CharacterRecovery(c.name)
    why_not: str | None = None
    if "pin" in may:
        out.tests.append(_pin(game, c, dice))
    if "down" in may:
        out.tests.append(_down(game, c, dice))
    if "panic" in may and not c.gone:
        tried = _panic(game, c, dice, table)
        if isinstance(tried, str):
            why_not = tried
        else:
            out.tests.append(tried)
    # R8: a character still Down may only crawl; it cannot work a gun's action.
    if "jam" in may and not c.gone and not c.has("down"):
        out.tests.extend(_jams(game, c, dice))
    if out.tests:
        mark(c, TRIED)
    out.out_of_action = c.has("out_of_action")
    if out.out_of_action:
        out.credited = credited(game, c)
        out.panic = panic_tests(game, [c], table, dice, tested)  # R9: once per command
    out.statuses, out.health, out.toughness = c.shown_statuses, c.health, c.toughness
    return out, why_not


def recover(game: Game, name: str | None, dice: Dice, table: Table) -> RecoveryOutcome:
    """The current side's Recovery Phase: everyone who may try (roster order), or just NAME.

    Raises:
        BadInput: NAME has nothing to recover from.
        RuleRefusal: outside the Recovery Phase, another side's character, or NAME
            may not try yet (forceable: the referee may let it try anyway).
    """
    squad = game.current_squad
    require_phase(game, table, "recovering", "recovery")
    outcome = RecoveryOutcome(squad.name)
    if name is not None:
        c = game.character(name)
        if c.gone:
            raise RuleRefusal(f"{c.name} is off the table and has nothing to recover from")
        require_own_turn(game, table, c, "recover now")
        may, wait = pending(game, c)
        if wait:
            refuse(table, f"{c.name} cannot try now: {'; '.join(wait)}")
            may = _everything(c)  # forced: let it try all it carries
        if not may:
            raise BadInput(f"{c.name} is not pinned, Down, panicked or jammed: nothing to recover from")
        people = [(c, may)]
    else:
        people = []
        for c in game.members(squad):
            may, wait = pending(game, c)
            outcome.waiting.extend({"name": c.name, "reason": w} for w in wait)
            if may:
                people.append((c, may))
    tested: set[str] = set()  # R9: each friend tests once in the whole command
    for c, may in people:
        if game.over:
            break
        result, why_not = recover_one(game, c, may, dice, table, tested)
        if why_not:
            if name is not None and not result.tests:
                refuse(table, f"{c.name} cannot try now: {why_not}")
                forced = _panic(game, c, dice, table, anyway=True)
                assert not isinstance(forced, str)
                result.tests.append(forced)
                mark(c, TRIED)
                result.statuses = c.shown_statuses
            else:
                outcome.waiting.append({"name": c.name, "reason": why_not})
        if result.tests:
            outcome.characters.append(result)
    outcome.game = game_result(game)
    return outcome


def _everything(c: Character) -> list[str]:
    """A forced recovery: every condition it has, whatever the turn."""
    may = ["down" if c.has("down") else "pin"] if c.has("pinned") or c.has("down") else []
    if c.has("panicked"):
        may.append("panic")
    if _jammed(c):
        may.append("jam")
    return may


# --- the end of a game (R24, R25) -------------------------------------------------


@dataclass
class GameEnd:
    """`rout`, `concede` or `end`: what was decided, and the game's state after."""

    kind: str  # rout | concede | end
    squad: str | None = None
    check: RoutCheck | None = None
    over: bool = False
    winner: str | None = None
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "squad": self.squad,
            "routing": self.check.to_json() if self.check else None,
            "over": self.over,
            "winner": self.winner,
            "reason": self.reason,
        }


def _finish(game: Game, out: GameEnd) -> GameEnd:
    out.over, out.winner, out.reason = game.over, game.winner, game.reason
    return out


def rout(game: Game, squad: Squad, dice: Dice, table: Table) -> GameEnd:
    """R24 on demand: the routing check, made only when over 25% are shaken
    (the referee may force one anyway). A failed test ends the game (R25)."""
    due = routing_due(game, squad)
    if not due and table.force:
        table.overruled.append(f"routing check for {squad.name} although not over 25% shaken")
    check = routing_check(game, squad, dice, even_if_not_due=table.force)
    return _finish(game, GameEnd("rout", squad.name, check))


__all__ = ["RecoveryOutcome", "GameEnd", "lift_pin", "recover", "pending", "rout"]
