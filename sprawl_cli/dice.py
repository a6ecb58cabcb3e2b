"""Dice sources and pool tests (rulings R1-R4), and exact odds.

Every rule is handed a `Dice`; nothing else in the program rolls. The sources:
`RandomDice` (seeded), `ScriptedDice` (faces from `--dice`), `AskDice`
(players roll real dice and type the faces). `RecordingDice` wraps any of them
so the log and undo keep every face rolled, with the roll's name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from sprawl_cli.errors import BadInput, DiceShortage

Face = int  # 1..10; a d10 showing 0 is stored as 10 (R1)

SUCCESS_FACE = 7  # R1: 7, 8, 9 and 10 succeed
MAX_ODDS_POOL = 1000  # odds above this are refused (they are all 0 or 1 anyway)


class Dice(Protocol):
    """Where a rule's d10s come from."""

    def roll(self, count: int, label: str) -> tuple[Face, ...]:
        """Roll `count` d10 for the roll named `label` ("Razz: Shooting")."""
        ...


def parse_faces(text: str) -> list[Face]:
    """Faces from "4,5,7,10" or "4 5 7 0" (0 and 10 both mean ten).

    Raises:
        BadInput: a token is not a whole number from 0 to 10.
    """
    faces: list[Face] = []
    for token in text.replace(",", " ").split():
        if not token.isdigit() or int(token) > 10:
            raise BadInput(f"'{token}' is not a d10 face: use 1-9, and 0 or 10 for ten")
        faces.append(int(token) or 10)
    return faces


class RandomDice:
    """Pseudo-random d10s; the same seed gives the same game."""

    def __init__(self, seed: int | None = None) -> None:
        import random

        self._random = random.Random(seed)

    def roll(self, count: int, label: str) -> tuple[Face, ...]:
        return tuple(self._random.randint(1, 10) for _ in range(count))


class ScriptedDice:
    """Faces given up front (`--dice 4,5,7,10`), used in the order of SPEC section 3.

    When they run out, `more` (a terminal asker) is asked for the rest of the
    roll; without one the roll is refused, naming what it needed.
    """

    def __init__(self, faces: Iterable[Face], more: AskDice | None = None) -> None:
        self._faces = list(faces)
        self._more = more

    def roll(self, count: int, label: str) -> tuple[Face, ...]:
        taken, self._faces = self._faces[:count], self._faces[count:]
        missing = count - len(taken)
        if missing == 0:
            return tuple(taken)
        if self._more is None:
            given = f"only {len(taken)} left" if taken else "none left"
            raise DiceShortage(
                f"not enough dice: {label} needs {count}d10 and --dice has {given}; "
                f"add {missing} more face{'s' if missing > 1 else ''} to --dice"
            )
        return tuple(taken) + self._more.roll(missing, label, more=True)

    @property
    def leftover(self) -> list[Face]:
        return list(self._faces)

    def roll_d8(self, label: str) -> Face:
        """A d8 from the given faces: a 9 or 10 is passed over (re-rolled), as `roll_d8` says."""
        while self._faces:
            face = self._faces.pop(0)
            if face <= 8:
                return face
        if self._more is None:
            raise DiceShortage(f"not enough dice: {label} needs 1d8 and --dice has none left; add a face from 1 to 8")
        return roll_d8(self._more, label)


class AskDice:
    """Asks the players for each roll ("Razz: Shooting, 4d10") and checks the faces.

    `ask` shows a prompt and returns the line typed; it raises EOFError when
    the input ends. A typo (wrong count, not a face) asks again.
    """

    def __init__(self, ask: Callable[[str], str], warn: Callable[[str], None]) -> None:
        self._ask = ask
        self._warn = warn

    def roll(self, count: int, label: str, more: bool = False) -> tuple[Face, ...]:
        """Ask for `count` faces; `more` when they complete a roll begun with --dice
        ("Razz: Shooting, 2 more d10")."""
        if count == 0:
            return ()
        pool = f"{count} more d10" if more else f"{count}d10"
        while True:
            try:
                line = self._ask(f"{label}, {pool}")
            except (EOFError, KeyboardInterrupt):
                raise DiceShortage(f"no faces given for {label}, {pool}; nothing was changed") from None
            try:
                faces = parse_faces(line)
            except BadInput as problem:
                self._warn(f"{problem}; type {count} faces again")
                continue
            if len(faces) != count:
                self._warn(f"that was {len(faces)} faces; {label} needs exactly {count}")
                continue
            return tuple(faces)

    def roll_d8(self, label: str) -> Face:
        """Ask for one real d8 ("Babs: Injury, 1d8"); only 1-8 is taken."""
        while True:
            try:
                line = self._ask(f"{label}, 1d8").strip()
            except (EOFError, KeyboardInterrupt):
                raise DiceShortage(f"no face given for {label}, 1d8; nothing was changed") from None
            if line.isdigit() and 1 <= int(line) <= 8:
                return int(line)
            self._warn(f"'{line}' is not a d8 face; type one number from 1 to 8")


@dataclass(frozen=True)
class Roll:
    """One named roll and its faces, as the log keeps it."""

    label: str
    faces: tuple[Face, ...]


@dataclass
class RecordingDice:
    """Wraps a source and keeps every roll made through it, in order."""

    source: Dice
    rolls: list[Roll] = field(default_factory=list)

    def roll(self, count: int, label: str) -> tuple[Face, ...]:
        if count < 0:
            count = 0
        faces = self.source.roll(count, label) if count else ()
        self.rolls.append(Roll(label, faces))
        return faces

    def roll_d8(self, label: str) -> Face:
        face = roll_d8(self.source, label)
        self.rolls.append(Roll(f"{label} (d8)", (face,)))
        return face


def roll_d8(dice: Dice, label: str) -> Face:
    """One d8 (R26's injured attribute). A source that can ask for or script a
    real d8 does (`roll_d8` method); any other rolls d10s and re-rolls 9 and 10,
    which leaves each of 1-8 equally likely."""
    special = getattr(dice, "roll_d8", None)
    if special is not None:
        return int(special(label))
    while True:
        face = dice.roll(1, label)[0]
        if face <= 8:
            return face


def count_successes(faces: Sequence[Face], tens: bool = True) -> int:
    """R1/R2: faces of 7+ succeed; a 10 counts twice when `tens` (the Rule of Tens)."""
    return sum((2 if tens and face == 10 else 1) for face in faces if face >= SUCCESS_FACE)


def difficulty_of(base: int = 1, modifiers: Iterable[int] = ()) -> int:
    """R3: the base Difficulty plus every modifier, never below 1."""
    return max(1, base + sum(modifiers))


def net_successes(successes: int, difficulty: int) -> int:
    """R4: raw - Difficulty + 1 when the Test passes, else 0."""
    return successes - difficulty + 1 if successes >= difficulty else 0


@dataclass(frozen=True)
class PoolResult:
    """A Test as rolled: every face, the raw successes and what they came to."""

    label: str
    faces: tuple[Face, ...]
    successes: int
    difficulty: int
    net: int
    passed: bool

    def to_json(self) -> dict[str, object]:
        return {
            "faces": list(self.faces),
            "successes": self.successes,
            "difficulty": self.difficulty,
            "net": self.net,
            "passed": self.passed,
        }


def test_pool(dice: Dice, pool: int, difficulty: int, label: str, tens: bool = True) -> PoolResult:
    """Roll a Test of `pool` d10 against `difficulty` (R1-R4)."""
    faces = dice.roll(max(0, pool), label)
    raw = count_successes(faces, tens)
    net = net_successes(raw, difficulty)
    return PoolResult(label, faces, raw, difficulty, net, raw >= difficulty)


# A Test's name starts with "test", which pytest would collect; say it is not one.
test_pool.__test__ = False  # type: ignore[attr-defined]


def success_distribution(pool: int, tens: bool = True) -> list[float]:
    """P(raw successes = k) for k = 0..2*pool, computed exactly by convolution (not sampled).

    Raises:
        BadInput: the pool is negative or larger than MAX_ODDS_POOL.
    """
    if pool < 0:
        raise BadInput(f"a pool of {pool} dice makes no sense; give 0 or more")
    if pool > MAX_ODDS_POOL:
        raise BadInput(f"odds are computed for pools of up to {MAX_ODDS_POOL} dice; {pool} is too many")
    # One die: 0 successes 6/10, 1 success 3/10 (7-9) plus the 10 when tens are off, 2 successes 1/10.
    p0, p1, p2 = (0.6, 0.3, 0.1) if tens else (0.6, 0.4, 0.0)
    dist = [1.0]
    for _ in range(pool):
        grown = [0.0] * (len(dist) + 2)
        for k, p in enumerate(dist):
            if p:
                grown[k] += p * p0
                grown[k + 1] += p * p1
                grown[k + 2] += p * p2
        dist = grown
    while len(dist) > 1 and dist[-1] == 0.0:
        dist.pop()
    return dist


@dataclass(frozen=True)
class Odds:
    """The exact chance of passing a Test and of each net-success count."""

    pool: int
    difficulty: int
    tens: bool
    p_pass: float
    net: dict[int, float]

    def to_json(self) -> dict[str, object]:
        return {
            "pool": self.pool,
            "difficulty": self.difficulty,
            "rule_of_tens": self.tens,
            "p_pass": self.p_pass,
            "net": {str(k): p for k, p in self.net.items()},
        }


def odds(pool: int, difficulty: int, tens: bool = True) -> Odds:
    """Exact odds of a Test: P(pass) and P(net = k) for every reachable k (R4)."""
    dist = success_distribution(pool, tens)
    net: dict[int, float] = {0: 0.0}
    for raw, p in enumerate(dist):
        k = net_successes(raw, difficulty)
        net[k] = net.get(k, 0.0) + p
    p_pass = sum(dist[difficulty:])
    return Odds(pool, difficulty, tens, min(1.0, p_pass), dict(sorted(net.items())))
