"""SPRAWL's lookup tables as data: incapacitation (R8), misfire (R14), scatter (R15),
throwing range (R17) and the house aftermath table (R26)."""

from __future__ import annotations

from sprawl_cli.api import BadInput, record_repr

# Rows and tables are immutable records (tuple subclasses with a property per field, as the
# dice records are), not frozen dataclasses: `sprawl table` imports this module, and a
# dataclass compiles its methods at import, with the `dataclasses` module to load first.


class Row(tuple[int, int | None, str | int, str]):
    """One line of a table: the rolls `low`..`high` (None: and everything above) give `result`."""

    __slots__ = ()
    _fields = ("low", "high", "result", "meaning")
    __repr__ = record_repr

    def __new__(cls, low: int, high: int | None, result: str | int, meaning: str) -> Row:
        return tuple.__new__(cls, (low, high, result, meaning))

    @property
    def low(self) -> int:
        return self[0]

    @property
    def high(self) -> int | None:
        return self[1]

    @property
    def result(self) -> str | int:
        return self[2]

    @property
    def meaning(self) -> str:
        return self[3]

    def covers(self, roll: int) -> bool:
        return roll >= self.low and (self.high is None or roll <= self.high)

    @property
    def span(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


class LookupTable(tuple[str, str, str, str, tuple[Row, ...], str]):
    """A table: its name, title, what is rolled on it ("d10" or "Strength"), its ruling, its rows."""

    __slots__ = ()
    _fields = ("name", "title", "roll", "ruling", "rows", "note")
    __repr__ = record_repr

    def __new__(cls, name: str, title: str, roll: str, ruling: str, rows: tuple[Row, ...],
                note: str = "") -> LookupTable:
        return tuple.__new__(cls, (name, title, roll, ruling, rows, note))

    @property
    def name(self) -> str:
        return self[0]

    @property
    def title(self) -> str:
        return self[1]

    @property
    def roll(self) -> str:
        return self[2]

    @property
    def ruling(self) -> str:
        return self[3]

    @property
    def rows(self) -> tuple[Row, ...]:
        return self[4]

    @property
    def note(self) -> str:
        return self[5]

    def lookup(self, roll: int) -> Row:
        """The row for `roll`.

        Raises:
            BadInput: no row covers it.
        """
        if roll == 0 and self.roll == "d10":
            roll = 10  # R1: a d10 showing 0 is a ten
        for row in self.rows:
            if row.covers(roll):
                return row
        first = self.rows[0].low
        last = self.rows[-1].high
        bounds = f"{first} or more" if last is None else f"{first}-{last}"
        raise BadInput(f"{roll} is not a {self.roll} roll for the {self.name} table; give {bounds}")


INCAPACITATION = LookupTable(
    "incapacitation", "Incapacitation (a character at 0 Health)", "d10", "R8",
    (
        Row(1, 1, "recovery", "Stays pinned; when the pin lifts it gets 1 Health back but loses 1 Toughness for the game (Toughness 0: Out of Action)."),
        Row(2, 8, "down", "Face down: may only crawl 2\"; in its next Recovery Phase it rolls on this table again."),
        Row(9, 10, "out_of_action", "Out of Action: the model leaves the table; friends within 3\" test for panic."),
    ),
)

MISFIRE = LookupTable(
    "misfire", "Misfire (a gun's Shooting test with no successes and a 1)", "d10", "R14",
    (
        Row(1, 7, "jammed", "Jammed: unusable until a Smarts test against its Reliability clears it in a later Recovery Phase."),
        Row(8, 10, "out_of_ammo", "Out of ammo: unusable for the rest of the game."),
    ),
    note="Grenades and rockets do not roll: the one used still scatters like any miss (R15), and the character "
         "has none of them left.",
)

SCATTER = LookupTable(
    "scatter", "Scatter direction (a grenade or rocket that missed)", "d10", "R15",
    (
        Row(1, 1, 1, "Straight on, along the line of fire."),
        Row(2, 2, 2, "45 degrees clockwise of straight on."),
        Row(3, 3, 3, "Right angle to the right."),
        Row(4, 4, 4, "Back and to the right."),
        Row(5, 5, 5, "Straight back towards the thrower."),
        Row(6, 6, 6, "Back and to the left."),
        Row(7, 7, 7, "Right angle to the left."),
        Row(8, 8, 8, "Forward and to the left."),
        Row(9, 9, "reroll_minus_1", "Roll the direction again; 1\" less distance."),
        Row(10, 10, "reroll_plus_1", "Roll the direction again; 1\" more distance."),
    ),
    note="Distance: d10 inches, halved and rounded up for a thrown grenade; never below 0.",
)

THROW = LookupTable(
    "throw", "Throwing range by the thrower's Strength", "Strength", "R17",
    (
        Row(1, 1, 4, "Up to 4 inches."),
        Row(2, 2, 6, "Up to 6 inches."),
        Row(3, 3, 8, "Up to 8 inches."),
        Row(4, 4, 10, "Up to 10 inches."),
        Row(5, None, 12, "Up to 12 inches."),
    ),
)

HOUSE_AFTERMATH = LookupTable(
    "aftermath", "After the game (house table: the rules give none)", "d10", "R26",
    (
        Row(1, 1, "dead", "Dead: struck from the squad."),
        Row(2, 3, "injured", "Lasting injury: a d8 picks an attribute, which drops by 1 (never below 1)."),
        Row(4, 10, "recovered", "Recovers fully."),
    ),
    note="House table, used until a campaign sets its own (aftermath_table).",
)

# R26: the d8 for a lasting injury picks one of these, in this order.
INJURY_ATTRIBUTES = ("shooting", "brawling", "quickness", "smarts", "guts", "strength", "toughness", "health")

TABLES = {t.name: t for t in (INCAPACITATION, MISFIRE, SCATTER, THROW, HOUSE_AFTERMATH)}


def table_named(name: str) -> LookupTable:
    """A table by name (a unique prefix will do).

    Raises:
        BadInput: no such table.
    """
    wanted = name.strip().lower()
    if wanted in TABLES:
        return TABLES[wanted]
    starts = [t for n, t in TABLES.items() if n.startswith(wanted)] if wanted else []
    if len(starts) == 1:
        return starts[0]
    raise BadInput(f"no table '{name}'; the tables are: {', '.join(TABLES)}")


def throw_range(strength: int) -> int:
    """R17: the longest throw in inches for a thrower of this Strength."""
    return int(THROW.lookup(max(1, strength)).result)


def table_to_json(table: LookupTable) -> dict[str, object]:
    """The shape `sprawl table NAME --json` prints, and a campaign's aftermath_table uses."""
    return {
        "name": table.name,
        "title": table.title,
        "roll": table.roll,
        "rows": [
            {"low": r.low, "high": r.high, "result": r.result, "meaning": r.meaning} for r in table.rows
        ],
        "note": table.note,
    }
