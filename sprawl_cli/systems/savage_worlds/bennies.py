"""Bennies (W3): each side's pool and a game-master Wild Card's own, spending them (own
first, then the pool), and the reroll of a character's last trait test (the better stands).

Dice order for `benny`: the rerolled test (trait dice, then the Wild Die), then any
dice its new result needs (damage a new hit or raise brings, see `attacks`; the card a
surprised character's successful Notice reroll deals it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import Dice, RuleRefusal, Table, refuse
from sprawl_cli.systems.savage_worlds.model import Character, Game, TestRecord, read_die
from sprawl_cli.systems.savage_worlds.traits import TraitTest, trait_test

PLAYER_POOL = 3  # W3: each player starts with three
GM_OWN = 2  # W3: each game-master Wild Card holds two of its own
RIGHT_AWAY = ("attack", "break", "soak", "interrupt", "oppose", "disarm", "dive", "suppress", "suppression")  # their reroll redoes what came of them: only while still the latest


def starting_bennies(game: Game) -> None:
    """W3 in a skirmish: a player side's pool is 3 for each of its players (the `players` setting,
    1 unless said); a gm side's is one per Wild Card of the
    other sides, and each of its own Wild Cards holds two."""
    for squad in game.squads:
        members = game.members(squad)
        if game.is_gm(squad.name):
            others = sum(1 for c in game.characters if c.squad != squad.name and c.wild_card)
            game.pools[squad.name] = others
            for c in members:
                c.bennies = GM_OWN if c.wild_card else 0
        else:
            game.pools[squad.name] = PLAYER_POOL * game.settings.players.get(squad.name, 1)
            for c in members:
                c.bennies = 0


def spend(game: Game, c: Character, table: Table, why: str) -> str:
    """Spend one benny for `c`: its own first, then its side's pool (W3). Returns where it
    came from ("own", "pool", or "none" when the referee forced it with none left).

    Raises:
        RuleRefusal: none left (forceable).
    """
    if c.bennies > 0:
        c.bennies -= 1
        return "own"
    if game.pools.get(c.squad, 0) > 0:
        game.pools[c.squad] -= 1
        return "pool"
    refuse(table, f"{c.name} has no benny left for {why} (own 0, {c.squad}'s pool 0)")
    return "none"


def can_spend(game: Game, c: Character) -> bool:
    """`c` has a benny to spend: its own, or its side's pool's."""
    return c.bennies > 0 or game.pools.get(c.squad, 0) > 0


def first_roller(game: Game, c: Character, test: TraitTest, again: Callable[[], TraitTest],
                 other: Character, what: str, table: Table,
                 bennies: int | None) -> tuple[TraitTest, list[dict[str, Any]]]:
    """W3 in an opposed roll: the side that rolls first decides after each of its own rolls
    whether a benny buys a reroll (`again`), before `other` rolls; the best of its tries stands.
    `bennies` is those decisions given in advance (`--bennies N`); without it each is asked
    while `c` has a benny to spend. Returns the standing test and every try (JSON).

    Raises:
        NeedsAnswer: a benny to spend, no --bennies, and nobody to ask.
        RuleRefusal: not enough bennies for `bennies` (forceable).
    """
    tries = [test.to_json()]
    while bennies is None or len(tries) <= bennies:
        if bennies is None and (not can_spend(game, c) or not table.number(
                "bennies", f"{c.name}'s {what} stands at {test.total}: spend a benny on a reroll before "
                           f"{other.name} rolls? (1 yes, 0 no)")):
            break
        spend(game, c, table, "a reroll before the opponent rolls")
        new = again()
        tries.append(new.to_json())
        if new.score() > test.score():
            test = new
    return test, tries


def remember(game: Game, c: Character, kind: str, test: TraitTest, detail: dict[str, Any] | None = None) -> None:
    """Keep `c`'s last trait test so `benny` can reroll it."""
    game.tests[c.name] = TestRecord(
        kind=kind, label=test.label, trait=test.die, modifier=test.modifier, tn=test.tn, wild=test.wild,
        count=len(test.results), total=test.total, successes=test.hits, raises=test.raises,
        snake_eyes=test.snake_eyes,
        detail={**(detail or {}), "step": game.step, "score": list(test.score()), "modifiers": [[k, v] for k, v in test.modifiers],
                "test": test.to_json()},
    )


def remember_opposed(game: Game, kind: str, one: tuple[Character, TraitTest], two: tuple[Character, TraitTest],
                     detail: dict[str, Any] | None = None) -> None:
    """Keep both sides of an opposed roll, each against the other's total, so either may spend
    a benny on it and the outcome is decided again (W3: a benny rerolls any trait test)."""
    (a, mine), (b, theirs) = one, two
    remember(game, b, kind, theirs, {**(detail or {}), "target": a.name, "against": mine.standing})
    remember(game, a, kind, mine, {**(detail or {}), "target": b.name, "against": theirs.standing, "first": True})


def reroll(dice: Dice, record: TestRecord) -> TraitTest:
    """The same test from scratch: same die, modifiers, target number and rate of fire."""
    mods = [(str(k), int(v)) for k, v in record.detail.get("modifiers", [])]
    return trait_test(dice, record.label, read_die(record.trait), record.modifier, record.tn, record.wild,
                      record.count, mods)


@dataclass(frozen=True)
class BennyOutcome:
    name: str
    spent: str  # own | pool | none
    kind: str
    old: dict[str, Any]
    new: dict[str, Any]
    kept: str  # old | new
    effects: dict[str, Any] = field(default_factory=dict)
    bennies: int = 0  # its own left
    pool: int = 0  # its side's pool left

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "spent": self.spent, "kind": self.kind, "old": self.old, "new": self.new,
                "kept": self.kept, "effects": self.effects, "bennies": self.bennies, "pool": self.pool,
                "total": (self.new if self.kept == "new" else self.old).get("total"),
                "success": (self.new if self.kept == "new" else self.old).get("success"),
                "raises": (self.new if self.kept == "new" else self.old).get("raises")}


def benny(game: Game, dice: Dice, c: Character, table: Table) -> BennyOutcome:
    """W3: spend a benny to reroll `c`'s last trait test; the better result stands and what it
    decided is decided again (an attack's hits and damage, a recovery, a soak, an interrupt).
    Never a damage roll.

    Raises:
        RuleRefusal: no trait test to reroll (not forceable), or no benny (forceable).
    """
    record = game.tests.get(c.name)
    if record is None:
        raise RuleRefusal(f"{c.name} has made no trait test to reroll (a benny never rerolls damage)")
    if record.kind in RIGHT_AWAY and game.step > int(record.detail.get("step", game.step)) + 1:
        raise RuleRefusal(f"{c.name}'s last {record.kind} is no longer the latest thing that happened; a benny "
                          "rerolls it straight away or not at all")
    if record.kind in ("oppose", "interrupt") and record.detail.get("first"):
        refuse(table, f"{c.name} rolled first in its opposed roll with {record.detail.get('target')}: its bennies "
                      "are spent before the opponent rolls (W3), with `--bennies N` or at the prompt")
    spent = spend(game, c, table, "a reroll")
    new = reroll(dice, record)
    better = tuple(new.score()) > tuple(int(x) for x in record.detail["score"])
    effects: dict[str, Any] = {}
    if better:
        effects = redo(game, dice, c, record, new, table)
        remember(game, c, record.kind, new, record.detail)  # its own test, step and score replace the old
    return BennyOutcome(c.name, spent, record.kind, dict(record.detail["test"]), new.to_json(),
                        "new" if better else "old", effects, c.bennies, game.pools.get(c.squad, 0))


def redo(game: Game, dice: Dice, c: Character, record: TestRecord, new: TraitTest, table: Table) -> dict[str, Any]:
    """What a better reroll changes, by the kind of test it was."""
    if record.detail.get("standoff") and game.standoff:
        return standoff_place(game, c, new)
    if record.kind == "recover":
        from sprawl_cli.systems.savage_worlds.damage import settle_recovery

        return settle_recovery(c, new)
    if record.kind == "soak":
        from sprawl_cli.systems.savage_worlds.damage import settle_soak

        return settle_soak(game, c, new)
    if record.kind in ("interrupt", "oppose"):
        against = int(record.detail.get("against", 0))
        other = str(record.detail.get("target"))
        mine = new.standing
        ahead = c.name if mine > against else other if mine < against else None
        theirs = game.tests.get(other)
        if theirs is not None and theirs.kind == record.kind and theirs.detail.get("target") == c.name:
            theirs.detail["against"] = mine  # the other side now stands against the reroll, and may answer it
            theirs.detail["step"] = game.step
        if record.kind == "oppose":
            return {"winner": ahead, "tie": ahead is None}
        from sprawl_cli.systems.savage_worlds.cards import settle_interrupt

        holder, target = (c, game.character(other)) if record.detail.get("first") else (game.character(other), c)
        settle_interrupt(game, holder, target, ahead)  # W4: the new winner goes first
        return {"first": ahead, "simultaneous": ahead is None}
    if record.kind == "dive":
        return dove_clear(game, c, record) if new.success else {"dove": False}
    if record.kind == "disarm":
        dropped = record.detail.get("dropped")
        if dropped and new.total >= int(record.detail.get("against", 0)) and dropped in c.disarmed:
            c.disarmed.remove(dropped)  # it holds on after all
            return {"dropped": None, "kept": dropped}
        return {"dropped": dropped}
    if record.kind == "notice":
        from sprawl_cli.systems.savage_worlds.cards import deal_late

        return deal_late(game, dice, c) if new.success else {"dealt": None}
    if record.kind == "jump":
        from sprawl_cli.systems.savage_worlds.movement import jump_further

        if int(record.successes) > 0:  # it made the extra inch already
            return {"distance": int(record.detail.get("base", 1)) + 1}
        return {"distance": int(record.detail.get("base", 1)) + jump_further(game, c, new.success)}
    if record.kind == "attack":
        from sprawl_cli.systems.savage_worlds.attacks import redo_attack

        return redo_attack(game, dice, c, record, new, table)
    if record.kind == "break":
        from sprawl_cli.systems.savage_worlds.objects import redo_break

        return redo_break(dice, c, record, new)
    if record.kind == "suppress":
        from sprawl_cli.systems.savage_worlds.suppression import redo_suppress

        return redo_suppress(game, dice, c, record, new)
    if record.kind == "suppression":
        from sprawl_cli.systems.savage_worlds.suppression import redo_suppressed

        return redo_suppressed(game, dice, c, record, new)
    return {}


@dataclass(frozen=True)
class AwardOutcome:
    to: str
    count: int
    pool: str | None  # the side whose pool grew, or None for a character's own
    now: int

    def to_json(self) -> dict[str, Any]:
        return {"to": self.to, "count": self.count, "pool": self.pool, "now": self.now}


def award(game: Game, who: str, count: int) -> AwardOutcome:
    """W3: the game master hands out bennies during play: to a side's pool (a side's name, or
    a player's character), or to a game-master Wild Card's own.

    Raises:
        BadInput: no such side or character, or a count below 1.
    """
    from sprawl_cli.api import BadInput, SprawlError

    from sprawl_cli.systems.savage_worlds.limits import MOST_AWARD, MOST_BENNIES

    if not 1 <= count <= MOST_AWARD:
        raise BadInput(f"award from 1 to {MOST_AWARD} bennies at a time, not {count}")
    try:
        squad = game.squad(who).name
    except SprawlError:
        c = game.character(who)
        if game.is_gm(c.squad) and c.wild_card:
            _room(c.name, c.bennies, count, MOST_BENNIES)
            c.bennies += count
            return AwardOutcome(c.name, count, None, c.bennies)
        squad = c.squad
    _room(squad, game.pools.get(squad, 0), count, MOST_BENNIES)
    game.pools[squad] = game.pools.get(squad, 0) + count
    return AwardOutcome(squad, count, squad, game.pools[squad])


def _room(who: str, holds: int, count: int, most: int) -> None:
    """Issue 34: a pool holds at most `most` bennies, past any session's (the save's checks refuse more)."""
    if holds + count > most:
        from sprawl_cli.api import BadInput

        raise BadInput(f"{who} holds {holds} bennies; {count} more would pass the {most} a pool may hold")


def dove_clear(game: Game, c: Character, record: TestRecord) -> dict[str, Any]:
    """A rerolled dive that now succeeds (W6): the blast's damage to `c` is taken back, as its
    attack found it, and a benny on the attack itself keeps it clear."""
    from sprawl_cli.systems.savage_worlds.damage import restore

    attack = game.tests.get(str(record.detail.get("attacker")))
    if attack is None or attack.kind != "attack" or c.name not in attack.detail.get("before", {}):
        return {"dove": True}
    restore(c, dict(attack.detail["before"][c.name]))
    game.soakable.pop(c.name, None)
    attack.detail.setdefault("options", {}).setdefault("dove", {})[c.name] = True
    attack.detail.get("damage", {}).pop(c.name, None)
    return {"dove": True, "wounds": c.wounds, "statuses": c.shown_statuses}


def standoff_place(game: Game, c: Character, new: TraitTest) -> dict[str, Any]:
    """A better reroll of a standoff's Agility (W3, W4): `c` takes the place its new total gives."""
    order = [e for e in game.standoff_order if e["name"] != c.name] + \
        [{"name": c.name, "total": new.total, "standing": new.standing}]
    game.standoff_order = sorted(order, key=lambda e: -int(e["standing"]))
    return {"standoff": list(game.standoff_order)}
