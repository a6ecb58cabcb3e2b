"""Trait tests (W1, W2): the trait die and the Wild Die, aces, raises, snake eyes,
rate of fire with one Wild Die, and the modifiers a character carries.

Dice order: each trait die's chain (the die, then each ace's extra roll), one
die after another, then the Wild Die's chain.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Dice
from sprawl_cli.systems.savage_worlds.limits import MAX_ROF as MAX_ROF
from sprawl_cli.systems.savage_worlds.model import Character, Game, TraitDie

TN = 4  # W1: the usual target number
RAISE = 4  # W1: each full 4 over the target number
WILD_DIE = 6


def chain(dice: Dice, sides: int, label: str, aces: bool = True) -> tuple[int, ...]:
    """One die with its aces (W1): the top face rolls again and adds, again and again."""
    faces = list(dice.roll(1, label, sides))
    while aces and faces[-1] == sides:
        faces.extend(dice.roll(1, f"{label}, ace", sides))
    return tuple(faces)


def raises_of(total: int, tn: int) -> int:
    """W1: full 4s over the target number (0 on a bare success or a failure)."""
    return max(0, (total - tn) // RAISE)  # below the target number the division is negative: 0


@dataclass(frozen=True)
class DieResult:
    total: int
    success: bool
    raises: int
    wild: bool = False  # the Wild Die's total stands in for this die

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "success": self.success, "raises": self.raises}


@dataclass(frozen=True)
class TraitTest:
    """A trait test as rolled: every chain, the kept results, the best of them."""

    label: str
    die: str
    modifier: int
    tn: int
    wild: bool
    trait_rolls: tuple[tuple[int, ...], ...]
    wild_rolls: tuple[tuple[int, ...], ...]
    results: tuple[DieResult, ...]
    snake_eyes: bool
    modifiers: tuple[tuple[str, int], ...] = ()
    unskilled: bool = False  # W1: a skill the character lacks, rolled at d4-2

    @property
    def best(self) -> DieResult:
        return max(self.results, key=lambda r: r.total)

    @property
    def total(self) -> int:
        return self.best.total

    @property
    def success(self) -> bool:
        return self.best.success

    @property
    def raises(self) -> int:
        return self.best.raises

    @property
    def standing(self) -> int:
        """Where it stands against another roll: its total, or below any total on snake eyes (a
        failure whatever the total, W1)."""
        return -10**6 if self.snake_eyes else self.total

    @property
    def hits(self) -> int:
        return sum(1 for r in self.results if r.success)

    def score(self) -> tuple[int, int, int]:
        """How good a test is, for a benny's "the better stands" (W3): hits, raises, total."""
        return (self.hits, sum(r.raises for r in self.results if r.success), self.total)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "trait": self.die,
            "modifier": self.modifier,
            "modifiers": {k: v for k, v in self.modifiers},
            "tn": self.tn,
            "wild": self.wild,
            "trait_rolls": [list(c) for c in self.trait_rolls],
            "wild_rolls": [list(c) for c in self.wild_rolls],
            "total": self.total,
            "success": self.success,
            "raises": self.raises,
            "snake_eyes": self.snake_eyes,
        }
        data["results"] = [r.to_json() for r in self.results]
        if self.unskilled:
            data["unskilled"] = True
        return data


def trait_test(dice: Dice, label: str, die: TraitDie, modifier: int = 0, tn: int = TN, wild: bool = False,
               count: int = 1, modifiers: Sequence[tuple[str, int]] = ()) -> TraitTest:
    """Roll a trait test: `count` trait dice (rate of fire) and, for a Wild Card, one Wild Die
    that may replace the worst of them (W2). The die's own +N and every modifier add to each
    die, the Wild Die included (W1). Both natural 1s on a Wild Card's roll (for several dice: the
    Wild Die and more than half the trait dice) is snake eyes, a failure whatever the total.

    Raises:
        BadInput: a rate of fire below 1 or above MAX_ROF.
    """
    if not 1 <= count <= MAX_ROF:
        raise BadInput(f"a rate of fire of {count} makes no sense; use 1 to {MAX_ROF}")
    chains = tuple(chain(dice, die.sides, label) for _ in range(count))
    wild_chains: tuple[tuple[int, ...], ...] = (chain(dice, WILD_DIE, f"{label}, Wild Die"),) if wild else ()
    add = die.bonus + modifier
    totals = [sum(c) + add for c in chains]
    used_wild = [False] * count
    if wild_chains:
        wild_total = sum(wild_chains[0]) + add
        worst = min(range(count), key=lambda i: totals[i])
        if wild_total > totals[worst]:
            totals[worst] = wild_total
            used_wild[worst] = True
    ones = sum(1 for c in chains if c[0] == 1)
    snake = bool(wild_chains) and wild_chains[0][0] == 1 and ones * 2 > count
    results = tuple(
        DieResult(t, (t >= tn) and not snake, 0 if snake else raises_of(t, tn), used_wild[i])
        for i, t in enumerate(totals)
    )
    return TraitTest(label, str(die), modifier, tn, wild, chains, wild_chains, results, snake, tuple(modifiers))


# --- a character's own modifiers -------------------------------------------------
@dataclass
class Situation:
    """Modifiers that come from the character and the round, named for the output."""

    mods: list[tuple[str, int]] = field(default_factory=list)

    def add(self, name: str, value: int) -> None:
        if value:
            self.mods.append((name, value))

    @property
    def total(self) -> int:
        return sum(v for _, v in self.mods)


def own_modifiers(game: Game, c: Character, actions: int = 1, running_counts: bool = True) -> Situation:
    """W8 wounds (-1 each, at most -3), W2 multi-action (-2 per action beyond the first),
    running (-2 to its other actions), W4 Joker (+2)."""
    if actions < 1:
        raise BadInput(f"--actions {actions} makes no sense; count the actions taken this turn, 1 or more")
    s = Situation()
    s.add("wounds", c.wound_penalty)
    s.add("multi-action", -2 * (actions - 1))
    if running_counts and c.ran:
        s.add("running", -2)
    s.add("joker", game.joker_bonus(c))
    return s


def character_test(dice: Dice, c: Character, trait: str, situation: Situation,
                   tn: int = TN, count: int = 1, what: str | None = None) -> TraitTest:
    """A character rolls `trait` (its die, or d4-2 unskilled), Wild Die if a Wild Card."""
    import dataclasses

    die = c.trait(trait)
    label = f"{c.name}: {what or trait.capitalize()}"
    test = trait_test(dice, label, die, situation.total, tn, c.wild_card, count, situation.mods)
    # W1: a skill it lacks rolls d4-2, and the roll says so (issue 34)
    return test if c.skilled(trait) else dataclasses.replace(test, unskilled=True)


def opposed(first: TraitTest, second: TraitTest) -> int:
    """+1 when the first wins, -1 when the second does, 0 on a tie (a snake eyes loses)."""
    a, b = first.standing, second.standing
    return (a > b) - (a < b)
