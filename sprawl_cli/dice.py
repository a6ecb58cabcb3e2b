"""Dice sources: any die, and a deck of cards.

Every rule is handed a `Dice`; nothing else in the program rolls. The sources:
`RandomDice` (seeded), `ScriptedDice` (faces from `--dice`), `AskDice`
(players roll real dice and type the faces). `RecordingDice` wraps any of them
so the log and undo keep every face rolled, with the roll's name and die.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from sprawl_cli.errors import BadInput, DiceShortage
from sprawl_cli.numbers import REACH as REACH

Face = int  # 1..sides; a d10 showing 0 is stored as 10, a d100 showing 00 as 100
Card = str  # rank then suit: "AS", "10H", "7D", "2C"; Jokers "RJ" (red) and "BJ" (black)

DICE = (4, 6, 8, 10, 12, 20, 100)  # the dice a rule may ask for

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("C", "D", "H", "S")  # clubs lowest, spades highest
JOKERS = ("RJ", "BJ")
DECK: tuple[Card, ...] = tuple(r + s for s in SUITS for r in RANKS) + JOKERS  # 54 cards


class Dice(Protocol):
    """Where a rule's dice and cards come from: a stream of named draws.

    A rule that explodes dice or deals cards asks for one more draw at a time,
    so it never needs to know the count in advance.
    """

    def roll(self, count: int, label: str, sides: int = 10) -> tuple[Face, ...]:
        """Roll `count` dice of `sides` faces for the roll named `label` ("Ada: Shooting")."""
        ...

    def card(self, deck: Sequence[Card], label: str) -> Card:
        """Deal one card for `label` from the cards still in `deck`."""
        ...


# REACH, the largest face of any die, is a bound of numbers.py, where every bound lives.


def die_name(sides: int) -> str:
    return f"d{sides}"


def read_face(token: str, sides: int) -> Face:
    """One face of a d`sides` as typed: 1..sides; 0 is a ten on a d10, 0/00/100 are 100 on a d100.

    Raises:
        BadInput: not a face of that die.
    """
    token = token.strip()
    if token.isdigit():
        value = int(token)
        if sides == 10 and value == 0:
            return 10
        if sides == 100 and value == 0:
            return 100
        if 1 <= value <= sides:
            return value
    if sides == 10:
        raise BadInput(f"'{token}' is not a d10 face: use 1-9, and 0 or 10 for ten")
    if sides == 100:
        raise BadInput(f"'{token}' is not a d100 face: use 1-100 (00 or 100 for a hundred)")
    raise BadInput(f"'{token}' is not a d{sides} face: use 1-{sides}")


def read_card(token: str) -> Card:
    """A card name as typed ("ks", "10h", "T H", "rj"), in its standard spelling ("KS").

    Raises:
        BadInput: not a card of the 54-card deck.
    """
    text = token.strip().upper().replace(" ", "")
    if text.startswith("T"):
        text = "10" + text[1:]
    if text in ("JR", "RJOKER", "REDJOKER"):
        text = "RJ"
    if text in ("JB", "BJOKER", "BLACKJOKER"):
        text = "BJ"
    if text not in DECK:
        raise BadInput(f"'{token}' is not a card: write rank then suit (AS, 10H, 7D, 2C) or RJ / BJ for a Joker")
    return text


def split_tokens(text: str, given: str = "") -> list[str]:
    """The faces in "4,5,7" or "4 5 7" (or "4, 5, 7"); `given` names where they were given.

    Raises:
        BadInput: an empty face between commas, or before or after them ("5,,2", "5,2,").
    """
    pieces = text.split(",")
    if len(pieces) > 1 and not all(piece.strip() for piece in pieces):
        where = next(i for i, piece in enumerate(pieces) if not piece.strip()) + 1
        raise BadInput(f"{given}'{text.strip()}' has an empty face (face {where} of {len(pieces)}); "
                       "give one face between each pair of commas, as in 5,7,2")
    return [token for piece in pieces for token in piece.split()]


def read_token(token: str, hint: str = "") -> str:
    """A `--dice` token checked as a face of some die (0-100) or a card; each draw reads it
    again as the die it is drawn for. `hint` (a system that deals no cards) says what to
    give instead of a token that is not a number.

    Raises:
        BadInput: neither a number from 0 to 100 nor a card (nor a number, with `hint`).
    """
    if token.isdigit():
        if int(token) <= 100:
            return token
        raise BadInput(f"'{token}' is not a face of any die: use a number from 0 to 100")
    if hint:
        raise BadInput(f"'{token}' is not a die face: {hint}")
    try:
        return read_card(token)
    except BadInput:
        raise BadInput(f"'{token}' is neither a die face (a number) nor a card (like KS, 10H, RJ)") from None


def parse_faces(text: str, sides: int = 10) -> list[Face]:
    """Faces of a d`sides` from "4,5,7,10" or "4 5 7 0" (0 and 10 both mean ten on a d10).

    Raises:
        BadInput: a token is not a face of that die.
    """
    return [read_face(token, sides) for token in split_tokens(text)]


def _pick(deck: Sequence[Card], token: str, label: str) -> Card:
    card = read_card(token)
    if card not in deck:
        raise BadInput(f"{card} is not in the deck now (dealt already?) for {label}; give a card still in it")
    return card


class RandomDice:
    """Pseudo-random dice and cards; the same seed gives the same game."""

    def __init__(self, seed: int | None = None) -> None:
        import random

        self._random = random.Random(seed)

    def roll(self, count: int, label: str, sides: int = 10) -> tuple[Face, ...]:
        return tuple(self._random.randint(1, sides) for _ in range(count))

    def card(self, deck: Sequence[Card], label: str) -> Card:
        if not deck:
            raise DiceShortage(f"the deck is empty for {label}; shuffle it first")
        return deck[self._random.randrange(len(deck))]


class ScriptedDice:
    """Faces and cards given up front (`--dice 4,5,7,10` or `--dice KS,10H`), used in the
    order each system's dice order gives. A token is read as the die (or card) the
    rule draws it for.

    When they run out, `more` (a terminal asker) is asked for the rest of the
    roll; without one the roll is refused, naming what it needed.
    """

    def __init__(self, faces: Iterable[Face | str], more: AskDice | None = None) -> None:
        self._tokens = [str(f) for f in faces]
        self._more = more

    def roll(self, count: int, label: str, sides: int = 10) -> tuple[Face, ...]:
        taken, self._tokens = self._tokens[:count], self._tokens[count:]
        faces = [read_face(t, sides) for t in taken]
        missing = count - len(faces)
        if missing == 0:
            return tuple(faces)
        if self._more is None:
            given = f"only {len(taken)} left" if taken else "none left"
            raise DiceShortage(
                f"not enough dice: {label} needs {count}{die_name(sides)} and --dice has {given}; "
                f"add {missing} more face{'s' if missing > 1 else ''} to --dice"
            )
        return tuple(faces) + self._more.roll(missing, label, sides, more=True)

    def card(self, deck: Sequence[Card], label: str) -> Card:
        if self._tokens:
            return _pick(deck, self._tokens.pop(0), label)
        if self._more is None:
            raise DiceShortage(f"not enough cards: {label} needs a card and --dice has none left; "
                               "add a card name (like KS or 10H) to --dice")
        return self._more.card(deck, label)

    @property
    def leftover(self) -> list[Face | Card]:
        """The tokens not drawn yet (numbers as numbers)."""
        return [int(t) if t.isdigit() else t for t in self._tokens]


class AskDice:
    """Asks the players for each roll ("Razz: Shooting, 4d10") or card and checks the answer.

    `ask` shows a prompt and returns the line typed; it raises EOFError when
    the input ends. A typo (wrong count, not a face) asks again.
    """

    def __init__(self, ask: Callable[[str], str], warn: Callable[[str], None]) -> None:
        self._ask = ask
        self._warn = warn

    def _line(self, prompt: str) -> str:
        try:
            return self._ask(prompt)
        except (EOFError, KeyboardInterrupt):
            raise DiceShortage(f"no answer given for {prompt}; nothing was changed") from None

    def roll(self, count: int, label: str, sides: int = 10, more: bool = False) -> tuple[Face, ...]:
        """Ask for `count` faces; `more` when they complete a roll begun with --dice
        ("Razz: Shooting, 2 more d10")."""
        if count == 0:
            return ()
        die = die_name(sides)
        pool = f"{count} more {die}" if more else f"{count}{die}"
        while True:
            line = self._line(f"{label}, {pool}")
            try:
                faces = parse_faces(line, sides)
            except BadInput as problem:
                self._warn(f"{problem}; type {count} faces again")
                continue
            if len(faces) != count:
                self._warn(f"that was {len(faces)} faces; {label} needs exactly {count}")
                continue
            return tuple(faces)

    def card(self, deck: Sequence[Card], label: str) -> Card:
        """Ask for the card dealt ("Ada: Initiative, a card"); one still in the deck."""
        while True:
            line = self._line(f"{label}, a card (like KS, 10H, RJ)")
            try:
                return _pick(deck, line, label)
            except BadInput as problem:
                self._warn(f"{problem}; type the card again")


def record_repr(record: tuple[object, ...]) -> str:
    """The `repr` of a dice record, `Roll(label='Ada: Shooting', faces=(7,), die='d10')`.

    A record is a tuple subclass with a property per item, named in `_fields`: immutable,
    compared, hashed and unpacked as a tuple, as a NamedTuple is. Written by hand because
    `typing.NamedTuple` compiles each class's constructor from source at import, most of a
    millisecond that every lookup (`roll`, `odds`) would pay (bench/startup.py).
    """
    fields: tuple[str, ...] = getattr(record, "_fields")
    return f"{type(record).__name__}({', '.join(f'{k}={v!r}' for k, v in zip(fields, record, strict=True))})"


class Roll(tuple[str, tuple[Face | Card, ...], str]):
    """One named roll (or card) and its faces, as the log keeps it: `die` is "d10", "d6"... or "card"."""

    __slots__ = ()
    _fields = ("label", "faces", "die")
    __repr__ = record_repr

    def __new__(cls, label: str, faces: tuple[Face | Card, ...], die: str = "d10") -> Roll:
        return tuple.__new__(cls, (label, faces, die))

    @property
    def label(self) -> str:
        return self[0]

    @property
    def faces(self) -> tuple[Face | Card, ...]:
        return self[1]

    @property
    def die(self) -> str:
        return self[2]


class RecordingDice:
    """Wraps a source and keeps every roll made through it, in order."""

    def __init__(self, source: Dice, rolls: list[Roll] | None = None) -> None:
        self.source = source
        self.rolls: list[Roll] = [] if rolls is None else rolls

    def roll(self, count: int, label: str, sides: int = 10) -> tuple[Face, ...]:
        if count < 0:
            count = 0
        faces = self.source.roll(count, label, sides) if count else ()
        self.rolls.append(Roll(label, faces, die_name(sides)))
        return faces

    def card(self, deck: Sequence[Card], label: str) -> Card:
        card = self.source.card(deck, label)
        self.rolls.append(Roll(label, (card,), "card"))
        return card
