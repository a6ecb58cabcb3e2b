"""Panic (R9, R10) and routing (R24)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Dice, Table
from sprawl_cli.systems.sprawl.pool import PoolResult, test_pool
from sprawl_cli.systems.sprawl.model import Character, Game, Squad

SHAKEN = ("pinned", "down", "panicked", "out_of_action", "out_of_play")  # what counts for routing (R24)


@dataclass
class PanicTest:
    """One friend's Guts test after a comrade went Out of Action (R9)."""

    name: str
    faces: tuple[int, ...]
    needed: int
    successes: int
    panicked: bool
    flee_inches: int | None = None
    free_attacks: list[dict[str, Any]] = field(default_factory=list)  # R12: engaged panickers are hit
    lost: list[str] = field(default_factory=list)  # overwatch / hidden that panicking ended (R20, R19)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "faces": list(self.faces),
            "needed": self.needed,
            "successes": self.successes,
            "panicked": self.panicked,
            "flee_inches": self.flee_inches,
            "free_attacks": self.free_attacks,
            "lost": self.lost,
        }


def panic_needed(c: Character) -> int:
    """R9: max(1, 4 - Guts) successes keep a friend steady."""
    return max(1, 4 - c.guts)


def panic_tests(game: Game, fallen: list[Character], table: Table, dice: Dice,
                tested: set[str] | None = None, ledge: tuple[str, ...] = ()) -> list[PanicTest]:
    """R9 for everyone this command put Out of Action, in order: each friend within 3"
    (asked of the table) tests once per command, and not if already panicked.

    `tested` carries the names already tested in this command, when one command
    calls this more than once (a panicker's free attack, several recoveries).
    `ledge`: names (lower case) within 1" of a ledge, for a free attack's victim (R7).
    """
    fallen = [c for c in fallen if c.has("out_of_action")]
    if not fallen or not any(game.friends(c) for c in fallen):
        return []
    who = ", ".join(c.name for c in fallen)
    friends = list(dict.fromkeys(f.name for c in fallen for f in game.friends(c) if f not in fallen))
    question = f"Which friends are within 3\" of {who}?"
    named = [_nearby_friend(game, n, fallen) for n in table.names("nearby", question, friends)]
    squads = {c.squad for c in fallen}
    for friend in named:
        if friend.squad not in squads:
            raise BadInput(f"{friend.name} is not a friend of {who}; --nearby names their own squad-mates")
    tested = set() if tested is None else tested
    results: list[PanicTest] = []
    for c in fallen:
        for friend in named:
            # R9: once per command; the fallen themselves, the gone and the panicked do not test.
            if friend.squad != c.squad or friend.name in tested or friend.gone or friend.has("panicked"):
                continue
            tested.add(friend.name)
            results.append(panic_test(game, friend, table, dice, tested, ledge))
    return results


def _nearby_friend(game: Game, name: str, fallen: list[Character]) -> Character:
    """The character a `--nearby` name means; an unknown name gets a hint among the fallen's friends only.

    Raises:
        BadInput: nobody has that name.
    """
    try:
        return game.character(name)
    except BadInput:
        from sprawl_cli.api import close_names

        friends = list(dict.fromkeys(f.name for c in fallen for f in game.friends(c) if f not in fallen))
        close = close_names(name.strip(), friends)
        # `panic_tests` asks only when some friend is still on the table, so `friends` is never empty.
        hint = f"did you mean '{close[0]}'?" if close else f"the friends still on the table are: {', '.join(friends)}"
        raise BadInput(f"no character named '{name}' in this game; {hint} (--nearby names friends of "
                       f"{', '.join(c.name for c in fallen)} within 3\")") from None


def panic_test(game: Game, friend: Character, table: Table, dice: Dice,
               tested: set[str] | None = None, ledge: tuple[str, ...] = ()) -> PanicTest:
    needed = panic_needed(friend)
    result = test_pool(dice, friend.guts, needed, f"{friend.name}: Guts (panic)", tens=game.settings.rule_of_tens)
    test = PanicTest(friend.name, result.faces, needed, result.successes, not result.passed)
    if test.panicked:
        test.lost = [s for s in ("overwatch", "hidden") if friend.has(s)]
        test.flee_inches, test.free_attacks = panic(game, friend, table, dice, tested, ledge)
    return test


def panic(game: Game, c: Character, table: Table, dice: Dice,
          tested: set[str] | None = None, ledge: tuple[str, ...] = ()) -> tuple[int, list[dict[str, Any]]]:
    """Make `c` Panicked: it loses Overwatch and hiding, flees d10" at once (R9), and
    each close-combat opponent gets a free attack it cannot answer (R12)."""
    from sprawl_cli.systems.sprawl.damage import disengage

    c.add("panicked")
    c.panicked_turn = game.turn
    for status in ("overwatch", "hidden", "safe"):
        c.drop(status)
    c.hide_successes = 0
    inches = dice.roll(1, f"{c.name}: Flee (d10 inches)")[0]
    free: list[dict[str, Any]] = []
    if c.engaged_with:
        from sprawl_cli.systems.sprawl.close import free_attack

        for opponent_name in list(c.engaged_with):
            opponent = game.character(opponent_name)
            if not opponent.gone and not c.gone:
                free.append(free_attack(game, opponent, c, dice, table, tested, ledge).to_json())
        disengage(game, c)
    return inches, free


# --- routing (R24) ---------------------------------------------------------


@dataclass
class RoutCheck:
    squad: str
    shaken: int
    size: int
    due: bool
    roller: str | None = None
    test: PoolResult | None = None
    routed: bool = False
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "squad": self.squad,
            "shaken": self.shaken,
            "size": self.size,
            "due": self.due,
            "roller": self.roller,
            "test": self.test.to_json() if self.test else None,
            "routed": self.routed,
            "reason": self.reason,
        }


def shaken_count(game: Game, squad: Squad) -> int:
    """R24: members that are Pinned (Down included), Panicked, Out of Action or Out of Play."""
    return sum(1 for c in game.members(squad) if any(c.has(s) for s in SHAKEN))


def routing_due(game: Game, squad: Squad) -> bool:
    """R24: more than 25% of the starting squad is shaken."""
    return shaken_count(game, squad) * 4 > len(squad.members)


def routing_roller(game: Game, squad: Squad) -> Character | None:
    """The Leader, or if it is shaken the steady member with the highest Smarts (roster order on ties)."""
    leader = game.leader(squad)
    if not any(leader.has(s) for s in SHAKEN):
        return leader
    steady = [c for c in game.members(squad) if not any(c.has(s) for s in SHAKEN)]
    return max(steady, key=lambda c: c.smarts, default=None)


def routing_check(game: Game, squad: Squad, dice: Dice, *, even_if_not_due: bool = False) -> RoutCheck:
    """R24: the roller's Smarts test, Difficulty = the shaken count; failing routs the squad
    (the game ends and the other side wins, R25)."""
    from sprawl_cli.api import end_game, other_side

    shaken = shaken_count(game, squad)
    check = RoutCheck(squad.name, shaken, len(squad.members), routing_due(game, squad))
    if not check.due and not even_if_not_due:
        check.reason = f"{shaken} of {len(squad.members)} shaken: not over 25%, no test"
        return check
    roller = routing_roller(game, squad)
    if roller is None:
        check.routed = True
        check.reason = "nobody steady is left to rally the squad"
    else:
        check.roller = roller.name
        check.test = test_pool(dice, roller.smarts, max(1, shaken), f"{roller.name}: Smarts (routing)",
                               tens=game.settings.rule_of_tens)
        check.routed = not check.test.passed
        check.reason = "the squad flees" if check.routed else "the squad holds"
    if check.routed:
        end_game(game, other_side(game, squad), f"{squad.name} routed (R24)")
    return check
