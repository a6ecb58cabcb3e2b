"""Trait tests outside an attack: a character's test (Notice, Vigor, Intimidation...), a
group of Extras' single roll, cooperative rolls, and opposed rolls.

Dice order: `test` rolls each helper's test in the order named, then the lead's (or the
group's: one trait die and a Wild Die). `oppose`: the acting character's test, then the
opponent's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Dice, Table
from sprawl_cli.systems.savage_worlds.model import Character, Game
from sprawl_cli.systems.savage_worlds.traits import TN, Situation, character_test, opposed, own_modifiers, trait_test
from sprawl_cli.systems.savage_worlds.turn import action, paying

COOPERATION_CAP = 4  # no cap on Strength


@dataclass(frozen=True)
class TestOutcome:
    name: str
    trait: str
    test: dict[str, Any]
    helpers: list[dict[str, Any]] = field(default_factory=list)
    group: list[str] = field(default_factory=list)
    free: bool = False  # not an action of its own: out of turn, not counted (W2)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "skill": self.trait, **self.test, "helpers": self.helpers, "group": self.group,
                "free": self.free}


def group_members(game: Game, name: str) -> list[Character]:
    """The standing members of the group called `name` (an Extras' roster `group`), or []."""
    wanted = name.strip().lower()
    return [c for c in game.characters if c.group and c.group.lower() == wanted and not c.gone]


def trait_check(game: Game, dice: Dice, name: str, trait: str, table: Table, mod: int = 0, tn: int = TN,
                actions: int | None = None, helpers: list[str] | None = None, free: bool = False) -> TestOutcome:
    """A trait test of a character in play, its wounds, Joker and multi-action counted (a benny
    may reroll it). `name` may be a group of Extras: one trait die and a Wild Die for all of
    them. Helpers each roll first; every success and raise of theirs adds +1 to the lead's
    total, at most +4 (no limit for Strength).

    Once the cards are out the test is an action like any other (W2, W4): the character's
    card must be up (or it holds a Joker, or is on hold, which the test spends), its turn not
    ended early, the same trait not tested twice in a turn, and the multi-action penalty is
    counted by itself; each helper's roll is its own action the same way. `free` is a test
    that is no action of its own (resisting, reacting: W2's free actions): none of that is
    checked or counted.

    Raises:
        BadInput: no such character or group; a helper is the lead.
        RuleRefusal: out of turn, the turn over, the same test twice (forceable).
    """
    from sprawl_cli.systems.savage_worlds.bennies import remember
    from sprawl_cli.systems.savage_worlds.cards import require_standing

    members = group_members(game, name)
    lead = members[0] if members else game.character(name)
    rollers = members or [lead]
    crew = [game.character(n) for n in helpers or []]
    for c in rollers + crew:
        require_standing(c, table)
    for helper in crew:
        if helper is lead:
            raise BadInput(f"{helper.name} leads this roll; a helper is someone else")
    key, doing = trait.strip().lower(), f"test {trait.strip()}"
    counted: dict[str, int] = {}  # W2: each roller's actions this turn, this test included
    for c in rollers + crew:
        counted[c.name] = 1 if free else action(game, c, table, key, doing, None)
    if free:
        counted[lead.name] = actions or 1
    else:  # the lead's count (asked, or --actions) for the whole group; a helper's is what it has done so far
        counted[lead.name] = paying(game, lead, table, actions, rollers[1:])
        for helper in crew:
            counted[helper.name] = paying(game, helper, table, counted[helper.name])
    helped: list[dict[str, Any]] = []
    bonus = 0
    for helper in crew:
        help_test = character_test(dice, helper, trait, own_modifiers(game, helper, counted[helper.name]))
        remember(game, helper, "roll", help_test)
        helped.append({"name": helper.name, **help_test.to_json()})
        if help_test.success:
            bonus += 1 + help_test.raises
    if trait.strip().lower() != "strength":
        bonus = min(bonus, COOPERATION_CAP)
    situation = own_modifiers(game, lead, counted[lead.name])
    situation.add("referee", mod)
    situation.add("cooperation", bonus)
    if members:
        label = f"{members[0].group}: {trait.capitalize()}"
        test = trait_test(dice, label, lead.trait(trait), situation.total, tn, True, 1, situation.mods)
        remember(game, lead, "roll", test)  # W3: the group's roll, rerolled by `benny` on its first member
        return TestOutcome(str(members[0].group), trait, test.to_json(), helped, [c.name for c in members], free)
    test = character_test(dice, lead, trait, situation, tn=tn)
    remember(game, lead, "roll", test)
    return TestOutcome(lead.name, trait, test.to_json(), helped, free=free)


@dataclass(frozen=True)
class OpposedOutcome:
    name: str
    other: str
    rolls: dict[str, Any]
    winner: str | None
    tries: list[dict[str, Any]] = field(default_factory=list)  # the acting side's rolls when it spent bennies

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "other": self.other, "rolls": self.rolls, "winner": self.winner,
                "tie": self.winner is None, "tries": self.tries}


def oppose(game: Game, dice: Dice, c: Character, trait: str, other: Character, other_trait: str | None,
           table: Table, mod: int = 0, bennies: int | None = None, actions: int | None = None) -> OpposedOutcome:
    """An opposed roll (W3): the acting character rolls first and decides after each of its own
    rolls whether to spend a benny on a reroll (the best standing), before the opponent rolls;
    then the opponent rolls, and may spend its own bennies on its own roll afterwards (`benny
    OTHER`). `bennies` is the acting side's decisions given in advance (a script's
    `--bennies N`); without it, each is asked while it has a benny to spend.

    Raises:
        RuleRefusal: out of turn, or not enough bennies (forceable).
        NeedsAnswer: a benny to spend, no --bennies, and nobody to ask.
    """
    from sprawl_cli.systems.savage_worlds.bennies import first_roller, remember_opposed
    from sprawl_cli.systems.savage_worlds.cards import require_standing

    if c is other:
        raise BadInput(f"{c.name} cannot oppose itself")
    require_standing(c, table)
    action(game, c, table, f"{trait.strip().lower()}", f"test {trait}", None)  # W2: its action
    mine_mods: Situation = own_modifiers(game, c, paying(game, c, table, actions))
    mine_mods.add("referee", mod)
    mine, tries = first_roller(game, c, character_test(dice, c, trait, mine_mods),
                               lambda: character_test(dice, c, trait, mine_mods), other, trait.strip(), table, bennies)
    theirs = character_test(dice, other, other_trait or trait, own_modifiers(game, other))
    remember_opposed(game, "oppose", (c, mine), (other, theirs))
    ahead = opposed(mine, theirs)
    winner = c.name if ahead > 0 else other.name if ahead < 0 else None
    return OpposedOutcome(c.name, other.name, {c.name: mine.to_json(), other.name: theirs.to_json()}, winner,
                          tries if len(tries) > 1 else [])


@dataclass(frozen=True)
class StandoffOutcome:
    order: list[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {"order": self.order}


def standoff(game: Game, dice: Dice, table: Table) -> StandoffOutcome:
    """A standoff: everyone is effectively on hold; each standing character rolls Agility (in
    roster order) and they act from the highest total down, equal totals at once. Cards are
    dealt as usual from the next round.

    Raises:
        RuleRefusal: cards are already out this round (forceable).
    """
    from sprawl_cli.systems.savage_worlds.bennies import remember
    from sprawl_cli.api import refuse

    if game.phase == "action":
        refuse(table, "a standoff replaces the first deal; the cards are already out this round")
    game.phase = "action"  # W4: a round of its own, everyone on hold; `deal` deals everyone in after it
    game.order, game.acting = [], 0
    game.dealt = game.standoff = True
    rolled = []
    for c in game.characters:
        if c.gone:
            continue
        test = character_test(dice, c, "agility", own_modifiers(game, c))
        remember(game, c, "roll", test, {"standoff": True})  # W3: a benny may reroll it (the better sets its place)
        rolled.append((c, test))
        c.add("on_hold")
    rolled.sort(key=lambda pair: -pair[1].standing)
    game.standoff_order = [{"name": c.name, "total": test.total, "standing": test.standing} for c, test in rolled]
    order = []
    for c, test in rolled:
        tied = [o.name for o, t in rolled if o is not c and t.total == test.total]
        order.append({"name": c.name, "total": test.total, "with": tied, "test": test.to_json()})
    return StandoffOutcome(order)
