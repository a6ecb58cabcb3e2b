"""F10 Morale: casualties, the third-of-the-squad trigger, the test, falling back and sheltering."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sprawl_cli.api import Dice, RuleRefusal, Table
from sprawl_cli.systems.street_fight.model import Character, Game, Squad


def end_game(game: Game, winner: str | None, reason: str) -> None:
    if not game.over:
        game.over, game.winner, game.reason = True, winner, reason


def check_game_end(game: Game) -> None:
    """A game is over when only one squad (or none) has figures standing."""
    standing = [s for s in game.squads if game.standing(s)]
    if len(standing) <= 1:
        winner = standing[0].name if standing else None
        end_game(game, winner, f"{winner} is the last squad standing" if winner else "no squad has a figure standing")


def testing_morale(game: Game, squad: Squad) -> bool:
    """F10: the setting is on and the squad began with more than one figure."""
    return game.settings.morale == "on" and len(squad.members) > 1


def casualty(game: Game, victim: Character, cause: Character | None) -> None:
    """F4/F9: `victim` is removed as a casualty caused by `cause` (None: a referee's call); F10 counts it."""
    victim.add("casualty")
    for status in ("overwatch", "falling_back", "sheltering"):
        victim.drop(status)
    game.break_off(victim)
    victim.in_cover = False
    victim.aim_turns = 0
    victim.record.times_casualty += 1
    if cause is not None:
        cause.record.casualties_caused += 1
    squad = game.squad_of(victim)
    lost = sum(1 for c in game.members(squad) if c.gone)
    morale = game.morale_of(squad.name)
    if cause is not None:
        morale.last_cause = cause.name
    # F10: from the casualty that makes a third of the starting figures, each one brings a test.
    if testing_morale(game, squad) and 3 * lost >= len(squad.members):
        morale.tests_due += 1
    check_game_end(game)


@dataclass(frozen=True)
class MoraleTest:
    squad: str
    left: int  # figures still standing: the roll must be under this
    roll: int
    passed: bool
    cause: str  # who caused the latest casualty: fall back directly away from it
    falling_back: tuple[str, ...]
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"squad": self.squad, "left": self.left, "roll": self.roll, "passed": self.passed,
                "cause": self.cause or None, "falling_back": list(self.falling_back), "note": self.note or None}


def test(game: Game, squad: Squad, dice: Dice) -> MoraleTest:
    """F10: one d10; under the figures left passes. A failure sends every standing figure back to cover."""
    morale = game.morale_of(squad.name)
    standing = game.standing(squad)
    roll = dice.roll(1, f"{squad.name}: Morale", 10)[0]
    passed = roll < len(standing)
    morale.tests_due = max(0, morale.tests_due - 1)
    falling: list[str] = []
    if not passed:
        morale.tests_due = 0  # already running: the rest of the tests are moot
        for c in standing:
            c.add("falling_back")
            c.drop("sheltering")
            c.drop("overwatch")
            c.sheltering_turn = None
            c.aim_turns = 0
            falling.append(c.name)
    return MoraleTest(squad.name, len(standing), roll, passed, morale.last_cause, tuple(falling))


def tests_due(game: Game, dice: Dice) -> list[MoraleTest]:
    """`next` into the Morale phase: every test due, side by side in initiative order."""
    done: list[MoraleTest] = []
    for side in game.order:
        squad = game.squads[side]
        while game.morale_of(squad.name).tests_due > 0 and game.standing(squad):
            done.append(test(game, squad, dice))
    return done


def test_by_hand(game: Game, squad: Squad, dice: Dice, table: Table) -> MoraleTest:
    """`morale SIDE`: one test now, taking the place of one that is due (if any).

    Raises:
        RuleRefusal: the squad has nobody standing (not forceable).
    """
    if not game.standing(squad):
        raise RuleRefusal(f"{squad.name} has no figure standing to test morale")
    due = game.morale_of(squad.name).tests_due
    result = test(game, squad, dice)
    if due:
        return result
    lost = sum(1 for c in game.members(squad) if c.gone)
    why = ("the morale setting is off" if game.settings.morale != "on"
           else "it began as a single figure" if len(squad.members) == 1
           else f"{lost} of {len(squad.members)} figures lost, under a third")
    return MoraleTest(result.squad, result.left, result.roll, result.passed, result.cause, result.falling_back,
                      f"no test was due ({why}, F10): tested by hand")


def end_shelter(game: Game) -> list[str]:
    """At a new turn: figures that have sheltered a full turn act normally again (F10)."""
    done = []
    for c in game.characters:
        if c.has("sheltering") and c.sheltering_turn is not None and game.round > c.sheltering_turn + 1:
            c.drop("sheltering")
            c.sheltering_turn = None
            done.append(c.name)
    return done
