"""Savage Worlds' nouns as plain dataclasses: Weapon, Character, Settings, Game. No I/O.

Traits are written as dice ("d8", "d12+1"); a character's state (wounds,
statuses, its action card, its own bennies) and the game's state (the action
deck, the round's countdown, each side's benny pool, the last trait test of each
character for a benny reroll) all live here, so the save file holds everything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, ClassVar

from sprawl_cli.api import JOKERS, BadInput, Game as KernelGame, Settings as KernelSettings, Squad as Squad, Statuses, quoted
from sprawl_cli.systems.savage_worlds.limits import MOST_BONUS
from sprawl_cli.systems.savage_worlds.limits import WILD_CARD_WOUNDS as WILD_CARD_WOUNDS

SYSTEM_NAME = "savage-worlds"
ATTRIBUTES = ("agility", "smarts", "spirit", "strength", "vigor")
TRAIT_DICE = (4, 6, 8, 10, 12)
STATUSES = ("shaken", "incapacitated", "on_hold", "defending", "prone")
PHASES = ("deal", "action")
MAX_WOUND_PENALTY = 3  # W8: -1 per wound, at most -3

_DIE = re.compile(r"^\s*d(\d+)\s*(?:([+-])\s*(\d+))?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class TraitDie:
    """A trait die as written: `d8` (sides 8, bonus 0) or `d12+1` (sides 12, bonus 1)."""

    sides: int
    bonus: int = 0

    def __str__(self) -> str:
        if self.bonus:
            return f"d{self.sides}{self.bonus:+d}"
        return f"d{self.sides}"


UNSKILLED = TraitDie(4, -2)  # W1: no skill rolls d4-2
# The skills a character may lack and still roll for, unskilled (W1): the game's skills, by name. A trait
# that is none of these, nor an attribute, nor one of the character's own skills, is a typing slip: it is
# refused with "did you mean", never rolled at d4-2 (issue 34). "Knowledge (anything)" is one of them.
SKILLS = ("boating", "climbing", "driving", "faith", "fighting", "gambling", "guts", "healing", "intimidation",
          "investigation", "knowledge", "lockpicking", "notice", "persuasion", "piloting", "repair", "riding",
          "shooting", "spellcasting", "stealth", "streetwise", "survival", "swimming", "taunt", "throwing",
          "tracking")


def read_die(text: str, what: str = "trait") -> TraitDie:
    """`d8`, `D12+1` or `d4-2` as a TraitDie.

    Raises:
        BadInput: not a d4-d12 with an optional +N / -N.
    """
    found = _DIE.match(str(text))
    if not found or int(found.group(1)) not in TRAIT_DICE:
        raise BadInput(f"'{quoted(text)}' is not a {what} die: write d4, d6, d8, d10 or d12, optionally +N (d12+1)")
    bonus = int(found.group(3) or 0) * (-1 if found.group(2) == "-" else 1)
    if abs(bonus) > MOST_BONUS:  # issue 34: `roll d12+1000000` is no trait die
        raise BadInput(f"'{quoted(text)}' has a bonus past any trait's: give one from -{MOST_BONUS} to +{MOST_BONUS}")
    return TraitDie(int(found.group(1)), bonus)


@dataclass
class Weapon:
    name: str
    damage: str  # "2d6", "str+d6", "str", "3d6+1"
    range: str | None = None  # "12/24/48" (short/medium/long in inches); None: a hand weapon
    rof: int = 1
    template: str | None = None  # small | medium | large burst
    ap: int = 0  # armour piercing
    skill: str | None = None  # fighting, shooting or throwing; default by range
    shots: int | None = None  # rounds a full load holds; None: ammunition not counted
    type: str | None = None  # W7: blunt | cutting | piercing | shotgun (blunt at short range); None: asked


    @property
    def ranged(self) -> bool:
        return self.range is not None

    @property
    def attack_skill(self) -> str:
        if self.skill:
            return self.skill
        return "shooting" if self.ranged else "fighting"

    @property
    def bands(self) -> tuple[int, int, int]:
        """Short, medium and long range in inches."""
        parts = (self.range or "0/0/0").split("/")
        return int(parts[0]), int(parts[1]), int(parts[2])


UNARMED = Weapon(name="Unarmed", damage="str", type="blunt")


@dataclass
class Character(Statuses):
    status_order: ClassVar[tuple[str, ...]] = STATUSES
    name: str
    squad: str
    wild_card: bool
    agility: str
    smarts: str
    spirit: str
    strength: str
    vigor: str
    skills: dict[str, str] = field(default_factory=dict)
    toughness: int | None = None  # None: 2 + half Vigor + armour
    parry: int | None = None  # None: 2 + half Fighting (2 without it)
    armor: int = 0
    pace: int = 6
    group: str | None = None
    weapons: list[Weapon] = field(default_factory=list)
    wounds: int = 0
    wounds_taken: int = 0  # every wound taken this game, those past a Wild Card's three too (its report)
    statuses: list[str] = field(default_factory=list)
    bennies: int = 0  # a game-master Wild Card's own (W3)
    card: str | None = None  # the action card it acts on this round
    dead: bool = False  # finished off while helpless
    ran: bool = False  # ran this round: -2 to its other actions (W2)
    run_roll: int = 0  # its running die this round
    no_card_rounds: int = 0  # surprised and missed Notice: no card in the next deal (W4)
    disarmed: list[str] = field(default_factory=list)  # weapons dropped
    spent: dict[str, int] = field(default_factory=dict)  # weapon -> rounds fired since its last reload
    # One turn's bookkeeping (W2, W4, W5; `turn.py`): reset when its card comes up or a hold is used.
    acted: list[str] = field(default_factory=list)  # the actions taken this turn ("fight:Sword", "defend"...)
    moved: float = 0.0  # inches of its movement spent this turn (difficult ground counted twice)
    fired: dict[str, int] = field(default_factory=dict)  # weapon -> shooting dice fired this turn
    turn_over: str | None = None  # why it may do nothing more this turn (Shaken recovery, Defend, aim)
    paid: int = 0  # the actions this turn's rolls were made at (W2's multi-action count); 0: no roll yet
    had_turn: bool = False  # its turn this round is over
    aim: str | None = None  # whom it spent a round aiming at (W5: +2 on the next round's shot)
    aim_round: int = 0  # the round it aimed in

    @property
    def gone(self) -> bool:
        return self.has("incapacitated") or self.dead

    @property
    def shown_statuses(self) -> list[str]:
        return [s for s in STATUSES if s in self.statuses]

    # --- traits -------------------------------------------------------------
    def trait(self, name: str) -> TraitDie:
        """The die of an attribute or skill; a skill it lacks is d4-2 (W1).

        Raises:
            BadInput: `name` is empty, or no attribute or skill at all (with "did you mean").
        """
        key = name.strip().lower()
        if key in ATTRIBUTES:
            return read_die(getattr(self, key))
        skills = {k.lower(): v for k, v in self.skills.items()}
        if key in skills:
            return read_die(skills[key])
        if key in SKILLS or key.startswith("knowledge"):
            return UNSKILLED
        from sprawl_cli.api import close_names, quoted as cut

        choices = sorted({*ATTRIBUTES, *skills, *SKILLS})
        if not key:
            raise BadInput(f"give a trait for {self.name} to roll: an attribute ({', '.join(ATTRIBUTES)}) or a skill")
        close = close_names(key[:60], choices)
        hint = f"did you mean {' or '.join(repr(n) for n in close)}?" if close else \
            f"give an attribute ({', '.join(ATTRIBUTES)}) or a skill ({', '.join(SKILLS)})"
        raise BadInput(f"'{cut(name)}' is no attribute or skill; {hint}")

    def skilled(self, name: str) -> bool:
        return name.strip().lower() in {k.lower() for k in self.skills} or name.strip().lower() in ATTRIBUTES

    def ammo(self, w: Weapon) -> int | None:
        """Rounds left in `w` (None: not counted)."""
        return None if w.shots is None else max(0, w.shots - self.spent.get(w.name, 0))

    @property
    def wounds_suffered(self) -> int:
        """The wounds its battle report counts: all it took, past the three a Wild Card carries
        too (a fourth incapacitates it and leaves `wounds` at three), or those set by hand."""
        return max(self.wounds, self.wounds_taken)

    @property
    def wound_penalty(self) -> int:
        """W8: -1 per wound, at most -3 (Extras never carry one)."""
        return -min(self.wounds, MAX_WOUND_PENALTY)

    @property
    def base_toughness(self) -> int:
        """Toughness as written, or 2 + half the Vigor die (+ half its bonus) + armour."""
        if self.toughness is not None:
            return self.toughness
        vigor = read_die(self.vigor)
        return 2 + vigor.sides // 2 + vigor.bonus // 2 + self.armor

    @property
    def base_parry(self) -> int:
        """W5: Parry as written, or 2 + half the Fighting die (2 untrained)."""
        if self.parry is not None:
            return self.parry
        if not self.skilled("fighting"):
            return 2
        fighting = self.trait("fighting")
        return 2 + fighting.sides // 2 + fighting.bonus // 2

    @property
    def current_parry(self) -> int:
        return self.base_parry + (2 if self.has("defending") else 0)

    def weapon(self, name: str | None, ranged: bool) -> Weapon:
        """The named weapon, else the first of the kind it carries (a hand weapon, or one
        with a range); Unarmed for a fight without one.

        Raises:
            BadInput: no such weapon, or nothing to shoot with.
        """
        carried = [w for w in self.weapons if w.name not in self.disarmed]
        if name:
            for w in carried:
                if w.name.lower() == name.strip().lower():
                    return w
            if name.strip().lower() == "unarmed":
                return UNARMED
            names = ", ".join(w.name for w in carried) or "nothing"
            raise BadInput(f"{self.name} has no weapon '{name}' in hand; it carries {names}")
        for w in carried:
            if w.ranged == ranged:
                return w
        if not ranged:
            # a thrown weapon that also strikes in hand (a spear: str+d6) before bare hands
            return next((w for w in carried if "str" in w.damage.lower()), UNARMED)
        raise BadInput(f"{self.name} carries no ranged weapon; give --weapon NAME")


@dataclass
class Settings(KernelSettings):
    damage: str = "house"  # W8: house (apply Shaken and wounds) | hand (report only)
    suppress: str = "house"  # suppressive fire: house (the published rule) | off (refused)
    players: dict[str, int] = field(default_factory=dict)  # W3: a player side -> its players (3 bennies each); left out: 1
    allies: dict[str, str] = field(default_factory=dict)  # W4: a player's Extra -> the Wild Card it acts with; left out: its side's first
    joker: str = ""  # W4: shared | holder, whether followers share a Wild Card's Joker +2; "": not said yet, asked at the deal


@dataclass
class TestRecord:
    """The last trait test of a character, kept so a benny can reroll it (W3)."""

    kind: str  # roll | attack | recover | soak | notice | interrupt | strength
    label: str
    trait: str  # the die as written
    modifier: int
    tn: int
    wild: bool
    count: int = 1  # rate of fire
    total: int = 0
    successes: int = 0
    raises: int = 0
    snake_eyes: bool = False
    detail: dict[str, Any] = field(default_factory=dict)  # what the reroll needs to redo


@dataclass
class Game(KernelGame[Character]):
    """A Savage Worlds skirmish: the kernel's state plus the action deck and the bennies."""

    system: str = SYSTEM_NAME
    settings: Settings = field(default_factory=Settings)
    phase: str = "deal"
    deck: list[str] = field(default_factory=list)  # cards not yet dealt since the last shuffle
    order: list[dict[str, str]] = field(default_factory=list)  # this round: {name, card}, countdown order
    acting: int = 0  # index into `order` of the card now up
    joker_dealt: bool = False  # W4: shuffle before the next deal
    shuffles: int = 0
    pools: dict[str, int] = field(default_factory=dict)  # side -> its benny pool (W3)
    gm: list[str] = field(default_factory=list)  # the game master's sides
    tests: dict[str, TestRecord] = field(default_factory=dict)  # character -> its last trait test
    soakable: dict[str, dict[str, Any]] = field(default_factory=dict)  # victim -> {before, taken}: the latest attack's wounds
    dealt: bool = False  # a round has been dealt (or a standoff begun): from then on turns are refereed
    cut_in: str | None = None  # a holder or a Joker taking its turn outside the countdown (W4)
    standoff: bool = False  # this round is a standoff: everyone on hold, dealt in as normal next round
    waiting: dict[str, Any] | None = None  # {name, target, done}: an interrupt's loser, to act after its target (W4)
    standoff_order: list[dict[str, Any]] = field(default_factory=list)  # {name, total, standing}: highest first (W4)

    def is_gm(self, squad: str) -> bool:
        return squad in self.gm

    def joker(self, c: Character) -> bool:
        """W4: acting on a Joker this round."""
        return c.card in JOKERS

    def follows(self, c: Character) -> bool:
        """W4: `c` acts on a card dealt to someone else (a player's Extra on its Wild Card's)."""
        holder = next((e["name"] for e in self.order if e["card"] == c.card), c.name)
        return holder not in (c.name, c.group)

    def joker_bonus(self, c: Character) -> int:
        """W4: +2 to traits and damage on a Joker; a follower has it only when the table said the
        Joker is shared (the `joker` setting), never by default."""
        if not self.joker(c):
            return 0
        return 2 if not self.follows(c) or self.settings.joker == "shared" else 0
