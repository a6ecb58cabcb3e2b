"""What SPRAWL adds to the kernel's campaign books (`sprawl_cli/campaign.py`): R26's aftermath.

The kernel keeps the campaign file, the records, the games and their reports. SPRAWL keeps
in them a character's sheet (its eight attributes, after injuries, and its weapons), its
lasting injuries (`Member.extra["injuries"]`), the campaign's own aftermath table if it has
one (`Book.settings["aftermath_table"]`, in the shape `sprawl table aftermath --json`
prints), and rolls R26 for each character that went Out of Action (`resolve_aftermath`,
pure: handed the book, the game and the dice). `migrate_v1` turns a campaign file written
when SPRAWL kept books of its own into the kernel's shape.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sprawl_cli.api import Dice, Face, Where, from_data, to_data
from sprawl_cli.systems.sprawl.model import ATTRIBUTES, Character, Game, Weapon
from sprawl_cli.systems.sprawl.roster import weapon_from
from sprawl_cli.systems.sprawl.tables import HOUSE_AFTERMATH, INJURY_ATTRIBUTES, LookupTable, Row

if TYPE_CHECKING:
    from pathlib import Path

    from sprawl_cli.api import Book, Member

AFTERMATH_RESULTS = ("dead", "injured", "recovered")
RESULT_WORDS = {"dead": "dead", "injured": "lasting injury", "recovered": "recovers fully"}
HOUSE_LABEL = "house table"
RECORD_KEYS = ("shots", "hits", "damage_dealt", "damage_taken", "put_out_of_action", "times_out_of_action")


def roll_d8(dice: Dice, label: str) -> Face:
    """One d8 (R26's injured attribute)."""
    return dice.roll(1, label, 8)[0]


# --- a character between games --------------------------------------------------------


@dataclass
class Sheet:
    """A character's sheet in the campaign: its attributes as they stand, and its weapons."""

    shooting: int
    brawling: int
    quickness: int
    smarts: int
    guts: int
    strength: int
    toughness: int
    health: int
    weapons: list[Weapon] = field(default_factory=list)


@dataclass
class Injury:
    """A lasting injury (R26): which game, which attribute, and the value before and after."""

    game: int
    attribute: str
    before: int
    after: int


def sheet_of(c: Character) -> dict[str, Any]:
    """A fresh character's sheet as the campaign keeps it."""
    sheet = Sheet(c.shooting, c.brawling, c.quickness, c.smarts, c.guts, c.strength, c.max_toughness, c.max_health,
                  [Weapon(**vars(w)) for w in c.weapons])
    data: dict[str, Any] = to_data(sheet)
    return data


def character_of(sheet: dict[str, Any], squad: str, name: str, where: Where, at: tuple[object, ...]) -> Character:
    """A character for a new game from its sheet: injuries carried, the dead already left home.

    Raises:
        SaveFileError: via `where.fail`, when a hand edit broke the sheet.
    """
    s = from_data(Sheet, sheet, where, at)
    return Character(name=name, squad=squad, shooting=s.shooting, brawling=s.brawling, quickness=s.quickness,
                     smarts=s.smarts, guts=s.guts, strength=s.strength, max_toughness=s.toughness,
                     max_health=s.health, toughness=s.toughness, health=s.health, weapons=s.weapons)


def injuries(member: Member) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = member.extra.get("injuries", [])
    return found


def check_book(book: Book, where: Where) -> None:
    """SPRAWL's part of a campaign file: sheets, injuries and the campaign's own table.

    Raises:
        SaveFileError: naming the file, line and key.
    """
    for i, squad in enumerate(book.squads):
        for j, m in enumerate(squad.characters):
            at: tuple[object, ...] = ("squads", i, "characters", j)
            sheet = from_data(Sheet, m.sheet, where, at + ("sheet",))
            for attr in ATTRIBUTES:
                lowest = 1 if attr in ("toughness", "health") else 0
                if getattr(sheet, attr) < lowest:
                    where.fail(at + ("sheet", attr), f"should be {lowest} or more")
            for k, weapon in enumerate(m.sheet.get("weapons") or []):
                weapon_from(weapon, where, at + ("sheet", "weapons", k))  # a save of it must read back
            check_record(m.record, where, at + ("record",))
            for key in m.extra:
                if key != "injuries":
                    where.fail(at + ("extra", key), "unknown key; a SPRAWL character's notes are its injuries")
            for k, hurt in enumerate(from_data(list[Injury], injuries(m), where, at + ("extra", "injuries"))):
                if hurt.attribute not in INJURY_ATTRIBUTES:
                    where.fail(at + ("extra", "injuries", k, "attribute"), f"'{hurt.attribute}' is not an attribute")
    for i, played in enumerate(book.games):
        for j, part in enumerate(played.characters):
            check_record(part.record, where, ("games", i, "characters", j, "record"))
    for key in book.settings:
        if key != "aftermath_table":
            where.fail(("settings", key), "unknown key; a SPRAWL campaign's setting is its aftermath_table")
    if "aftermath_table" in book.settings:
        at = ("settings", "aftermath_table")
        check_aftermath_table(from_data(AftermathTable, book.settings["aftermath_table"], where, at), where, at)


def check_record(record: dict[str, int], where: Where, at: tuple[object, ...]) -> None:
    """A record counts what SPRAWL's books count (`RECORD_KEYS`) and nothing else.

    Raises:
        SaveFileError: naming the file, line and key.
    """
    for key in record:
        if key not in RECORD_KEYS:
            where.fail(at + (key,), f"unknown counter; a SPRAWL record counts {', '.join(RECORD_KEYS)}")


# --- the aftermath table -------------------------------------------------------------


@dataclass
class AftermathRow:
    low: int
    high: int | None = None  # None: this roll and every one above
    result: str = ""
    meaning: str = ""


@dataclass
class AftermathTable:
    """A campaign's own aftermath table, in the shape `sprawl table aftermath --json` prints."""

    rows: list[AftermathRow]
    name: str = "aftermath"
    title: str = "After the game (campaign table)"
    roll: str = "d10"
    note: str = ""


def own_table(book: Book) -> AftermathTable | None:
    own = book.settings.get("aftermath_table")
    return None if own is None else from_data(AftermathTable, own, Where("campaign", {}))


def aftermath_table(book: Book) -> LookupTable:
    """The campaign's own table, or the house table (R26)."""
    own = own_table(book)
    if own is None:
        return HOUSE_AFTERMATH
    rows = tuple(Row(r.low, r.high, r.result, r.meaning) for r in own.rows)
    return LookupTable(own.name, own.title, own.roll, "R26", rows, own.note)


def table_label(book: Book) -> str:
    own = own_table(book)
    return HOUSE_LABEL if own is None else own.title


def check_aftermath_table(table: AftermathTable, where: Where, at: tuple[object, ...]) -> None:
    """A user's table must be a d10 table whose rows cover 1-10 once each, with known results.

    Raises:
        SaveFileError: naming the file, line and key.
    """
    if table.roll != "d10":
        where.fail(at + ("roll",), f"an aftermath table is rolled on a d10, not '{table.roll}'")
    if not table.rows:
        where.fail(at + ("rows",), "needs rows covering the rolls 1 to 10")
    covered: dict[int, int] = {}
    for i, row in enumerate(table.rows):
        spot = at + ("rows", i)
        if row.result not in AFTERMATH_RESULTS:
            where.fail(spot + ("result",), f"'{row.result}' is not a result; use {', '.join(AFTERMATH_RESULTS)}")
        high = 10 if row.high is None else row.high
        if not 1 <= row.low <= high <= 10:
            where.fail(spot, f"the rolls {row.low} to {row.high} are not within 1-10 (low first)")
        for roll in range(row.low, high + 1):
            if roll in covered:
                where.fail(spot, f"the roll {roll} is covered twice (rows {covered[roll]} and {i})")
            covered[roll] = i
    missing = [str(r) for r in range(1, 11) if r not in covered]
    if missing:
        where.fail(at + ("rows",), f"no row covers the roll(s) {', '.join(missing)}; cover 1 to 10")


def load_table(path: Path) -> dict[str, Any]:
    """A user's aftermath table file, checked (rows covering 1-10; dead, injured or recovered),
    as the campaign keeps it.

    Raises:
        SaveFileError: naming the file, line and key.
    """
    from sprawl_cli.api import yamlio

    data, lines = yamlio.load(path, "aftermath table")
    where = Where(str(path), lines)
    own = from_data(AftermathTable, data, where)
    check_aftermath_table(own, where, ())
    kept: dict[str, Any] = to_data(own)
    return kept


# --- R26: what became of the fallen ----------------------------------------------


@dataclass
class AftermathResult:
    """SPEC's `results` element, plus the d8 that picked the attribute and what it did."""

    name: str
    roll: int
    result: str  # dead | injured | recovered
    attribute: str | None = None
    attribute_roll: int | None = None
    before: int | None = None
    after: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "roll": self.roll, "result": self.result, "attribute": self.attribute,
                "attribute_roll": self.attribute_roll, "before": self.before, "after": self.after}


@dataclass
class Aftermath:
    """What `sprawl aftermath` rolled, and which table it used."""

    game: int
    table: str
    results: list[AftermathResult]


def went_out_of_action(c: Character) -> bool:
    """R26 asks after characters that went Out of Action at any time in the game."""
    return c.record.times_out_of_action > 0 or c.has("out_of_action")


def resolve_aftermath(game: Game, book: Book, dice: Dice, number: int) -> Aftermath:
    """R26 for each character that went Out of Action, in roster order: a d10 on the
    campaign's table (the house table unless it has its own); on a lasting injury
    a d8 picks the attribute (INJURY_ATTRIBUTES order), which drops by 1, never
    below 1. Changes `book`'s characters; rolls nothing for the others. `number` is the game's.

    Raises:
        BadInput: a character of the game is missing from the campaign.
    """
    from sprawl_cli.api import BadInput

    table = aftermath_table(book)
    results: list[AftermathResult] = []
    for squad in game.squads:
        for c in game.members(squad):
            member = book.member(c.squad, c.name)
            if member is None:
                raise BadInput(f"{c.name} ({c.squad}) is not in this campaign")
            if not went_out_of_action(c):
                continue
            roll = dice.roll(1, f"{c.name}: Aftermath")[0]
            out = AftermathResult(c.name, roll, str(table.lookup(roll).result))
            if out.result == "dead":
                member.state = "dead"
            elif out.result == "injured":
                pick = roll_d8(dice, f"{c.name}: Injury")  # R26: the d8 picks shooting, brawling, ... health
                attribute = INJURY_ATTRIBUTES[pick - 1]
                before = int(member.sheet[attribute])
                after = before - 1 if before > 1 else before  # R26: never below 1 (and never raised)
                member.sheet[attribute] = after
                member.extra.setdefault("injuries", []).append(to_data(Injury(number, attribute, before, after)))
                out.attribute, out.attribute_roll, out.before, out.after = attribute, pick, before, after
            results.append(out)
    return Aftermath(number, table_label(book), results)


def result_words(result: dict[str, Any]) -> str:
    """One aftermath result (its JSON) in words (plain text; callers escape it)."""
    text = f"{result['name']}: rolled {result['roll']}, {RESULT_WORDS.get(result['result'], result['result'])}"
    if result["result"] == "injured" and result.get("attribute"):
        before, after = result.get("before"), result.get("after")
        change = f" ({before} to {after})" if before != after else f" (already {after}, it stays there)"
        text += f": {str(result['attribute']).capitalize()} -1{change}, d8 {result.get('attribute_roll')}"
    return text


def table_words(label: str) -> str:
    if label == HOUSE_LABEL:
        return "Rolled on the house table (R26; the rules give no table of their own)."
    return f"Rolled on the campaign's own table, {label} (R26)."


def aftermath_words(label: str, results: list[dict[str, Any]]) -> list[str]:
    """The aftermath as its battle report and history tell it."""
    said = [result_words(r) for r in results] or ["Nobody went Out of Action, so nobody rolled."]
    return [table_words(label), *said]


# --- a campaign file written when SPRAWL kept books of its own (schema 1) -----------------


def migrate_v1(data: dict[str, Any]) -> dict[str, Any]:
    """SPRAWL's own books (schema 1) in the kernel's shape: each character's attributes and
    weapons become its sheet, its injuries its notes, the games' entries the kernel's."""
    squads = data.get("squads")
    for squad in squads if isinstance(squads, list) else []:
        if isinstance(squad, dict) and isinstance(squad.get("characters"), list):
            squad["characters"] = [as_it_is(old_member, f) for f in squad["characters"]]
    if isinstance(data.get("games"), list):
        data["games"] = [as_it_is(old_game, g) for g in data["games"]]
    return data


def as_it_is(step: Any, part: Any) -> Any:
    """`step(part)`, or `part` as it was when a hand edit broke it past migrating: the strict
    read that follows then names the file, line and key."""
    import copy

    try:
        return step(copy.deepcopy(part))
    except (AttributeError, TypeError, ValueError, KeyError):
        return part


def old_member(f: Any) -> Any:
    if not isinstance(f, dict) or "sheet" in f:
        return f
    old = dict(f.get("record") or {})
    games = old.pop("games", 0)
    record = {k: old.pop(k) for k in RECORD_KEYS if k in old} | old  # in the order the game's record gives them
    sheet = {attr: f[attr] for attr in (*ATTRIBUTES, "weapons") if attr in f}
    member = {"name": f.get("name"), "sheet": sheet, "state": f.get("state", "active"), "games": games,
              "record": record}
    if f.get("injuries"):
        member["extra"] = {"injuries": f["injuries"]}
    extra = set(f) - {*ATTRIBUTES, "weapons", "name", "state", "injuries", "record"}
    member.update({k: f[k] for k in extra})  # unknown keys stay, for the kernel's read to name
    return member


def old_game(g: Any) -> Any:
    if not isinstance(g, dict) or not isinstance(g.get("series"), dict) or "rounds_axis" in g:
        return g
    series = g.pop("series")
    results = [dict({"attribute": None, "attribute_roll": None, "before": None, "after": None}, **r)
               for r in g.pop("aftermath", None) or [] if isinstance(r, dict)]
    dead = {r.get("name") for r in results if r.get("result") == "dead"}
    parts = []
    for c in g.get("characters") or []:
        old = dict(c.get("record") or {})
        old.pop("games", None)
        record = {k: old.pop(k) for k in RECORD_KEYS if k in old} | old
        out_of_action, fled = bool(c.get("out_of_action")), bool(c.get("out_of_play"))
        end = ("Out of Action" if out_of_action else "Out of Play (fled)" if fled
               else f"Health {int(c.get('health', 0))}/{int(c.get('max_health', 0))}")
        statuses = ["out_of_action"] * out_of_action + ["out_of_play"] * fled
        parts.append({"name": c.get("name"), "squad": c.get("squad"), "record": record, "statuses": statuses,
                      "gone": out_of_action or fled, "state": "dead" if c.get("name") in dead else "active",
                      "end": end})
    squads = [s for s in g.get("squads") or [] if isinstance(s, str)]
    squad_of = {p["name"]: p["squad"] for p in parts}
    fielded = {s: sum(1 for p in parts if p["squad"] == s) for s in squads}
    health = series.get("health") or {}
    kept = {
        "health": {s: [sum(v) for v in zip(*(h for n, h in health.items() if squad_of.get(n) == s), strict=False)]
                   for s in squads},
        "hits": {s: list(series.get("hits", {}).get(s, [])) for s in squads},
        "standing": {s: [fielded[s] - n for n in series.get("casualties", {}).get(s, [])] for s in squads},
        "casualties": {s: list(series.get("casualties", {}).get(s, [])) for s in squads},
    }
    table = g.pop("table", HOUSE_LABEL)
    g.update(characters=parts, table=table, results=results, aftermath=aftermath_words(table, results),
             rounds_axis=list(series.get("rounds") or []), series=kept)
    return g
