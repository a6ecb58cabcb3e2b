"""SPRAWL's campaign books and what happens after a game: R26's aftermath.

A campaign is one YAML file (`sprawl-campaign.yaml`) holding each squad's
characters as they stand between games (attributes after injuries, alive or
dead, career records) and every game played, with enough of each game kept
(records, aftermath, round-by-round series from the journal) to write its
battle report later. It is read and written with the same care as the save
file: safe YAML, strict keys with file:line messages, `schema_version`, a
lock and atomic replacement.

The rule parts (`resolve_aftermath`, `record_game`, `series_from`) are pure:
they are handed the campaign, the game and the dice, and change the
campaign in memory. The commands in `cli/campaigncmds.py` do the files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sprawl_cli.dice import Dice, Face
from sprawl_cli.campaign import CAMPAIGN_SCHEMA
from sprawl_cli.errors import BadInput
from sprawl_cli.systems.sprawl.model import ATTRIBUTES, Character, Game, Record, Squad, Weapon
from sprawl_cli.schema import Where, from_data, to_data
from sprawl_cli.systems.sprawl.tables import HOUSE_AFTERMATH, INJURY_ATTRIBUTES, LookupTable, Row

if TYPE_CHECKING:
    from pathlib import Path

STATES = ("active", "dead")
AFTERMATH_RESULTS = ("dead", "injured", "recovered")
RECORD_KEYS = ("games", "shots", "hits", "damage_dealt", "damage_taken", "put_out_of_action", "times_out_of_action")
HOUSE_LABEL = "house table"


def roll_d8(dice: Dice, label: str) -> Face:
    """One d8 (R26's injured attribute)."""
    return dice.roll(1, label, 8)[0]


# --- the campaign's nouns -----------------------------------------------------


@dataclass
class CareerRecord(Record):
    """A character's totals over the campaign (or, in a game's entry, over that game):
    the game's own `Record` plus games played and the Health lost."""

    games: int = 0
    damage_taken: int = 0

    def add(self, other: CareerRecord) -> None:
        for key in RECORD_KEYS:
            setattr(self, key, getattr(self, key) + getattr(other, key))


@dataclass
class Injury:
    """A lasting injury (R26): which game, which attribute, and the value before and after."""

    game: int
    attribute: str
    before: int
    after: int


@dataclass
class Fighter:
    """A character between games."""

    name: str
    shooting: int
    brawling: int
    quickness: int
    smarts: int
    guts: int
    strength: int
    toughness: int
    health: int
    state: str = "active"  # active | dead
    weapons: list[Weapon] = field(default_factory=list)
    injuries: list[Injury] = field(default_factory=list)
    record: CareerRecord = field(default_factory=CareerRecord)

    @property
    def dead(self) -> bool:
        return self.state == "dead"


@dataclass
class CampaignSquad:
    name: str
    leader: str
    characters: list[Fighter]
    roster: str = ""  # the roster file it came from


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


@dataclass
class CampaignSettings:
    aftermath_table: AftermathTable | None = None  # None: the house table (R26)


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
class PlayedCharacter:
    """One character's part in one game."""

    name: str
    squad: str
    record: CareerRecord
    health: int = 0
    max_health: int = 0
    out_of_action: bool = False
    out_of_play: bool = False


@dataclass
class Series:
    """The game round by round (index 0 is the start): Health of each character,
    casualties (Out of Action or Out of Play) and hits so far of each squad."""

    rounds: list[int] = field(default_factory=list)
    health: dict[str, list[int]] = field(default_factory=dict)
    casualties: dict[str, list[int]] = field(default_factory=dict)
    hits: dict[str, list[int]] = field(default_factory=dict)


@dataclass
class PlayedGame:
    number: int
    squads: list[str]
    rounds: int
    winner: str | None = None
    reason: str | None = None
    date: str = ""
    table: str = HOUSE_LABEL  # the aftermath table used: "house table" or the campaign table's title
    characters: list[PlayedCharacter] = field(default_factory=list)
    aftermath: list[AftermathResult] = field(default_factory=list)
    series: Series = field(default_factory=Series)
    save: str = ""  # the save file the game was played in
    step: int = 0  # the journal step of its aftermath

    def standing(self, squad: str) -> list[int]:
        """How many of `squad` were still standing, round by round (fielded less casualties)."""
        fielded = sum(1 for c in self.characters if c.squad == squad)
        return [fielded - n for n in self.series.casualties.get(squad, [])] or [fielded]


@dataclass
class Campaign:
    squads: list[CampaignSquad]
    games: list[PlayedGame] = field(default_factory=list)
    schema_version: int = CAMPAIGN_SCHEMA
    system: str = "sprawl"
    settings: CampaignSettings = field(default_factory=CampaignSettings)

    def fighter(self, squad: str, name: str) -> Fighter | None:
        for s in self.squads:
            if s.name == squad:
                for f in s.characters:
                    if f.name == name:
                        return f
        return None

    def game(self, number: int | None) -> PlayedGame:
        """Game `number` (1-based), or the last.

        Raises:
            BadInput: no games yet, or no such game.
        """
        if not self.games:
            raise BadInput("no game of this campaign has been recorded yet; play one and run `sprawl aftermath`")
        if number is None:
            return self.games[-1]
        for g in self.games:
            if g.number == number:
                return g
        raise BadInput(f"no game {number} in this campaign; it has games 1 to {len(self.games)}")


# --- building one ------------------------------------------------------------


def fighter_from(c: Character) -> Fighter:
    """A campaign character from a roster's fresh character."""
    return Fighter(
        name=c.name, shooting=c.shooting, brawling=c.brawling, quickness=c.quickness, smarts=c.smarts,
        guts=c.guts, strength=c.strength, toughness=c.max_toughness, health=c.max_health,
        weapons=[Weapon(**vars(w)) for w in c.weapons],
    )


def campaign_from_rosters(rosters: list[Any]) -> Campaign:
    """A new campaign of these squads (`roster.Roster`s), whose sides the kernel has checked."""
    return Campaign(squads=[
        CampaignSquad(r.squad.name, r.squad.leader, [fighter_from(c) for c in r.characters], r.squad.roster)
        for r in rosters
    ])


def game_leader(squad: CampaignSquad, alive: list[Fighter]) -> str:
    """The squad's leader if alive, else the living character with the most Smarts
    (the first in roster order on a tie), as R24 picks a stand-in."""
    for f in alive:
        if f.name == squad.leader:
            return f.name
    return max(alive, key=lambda f: f.smarts).name


def game_from_campaign(path: Path, rounds: int | None = None, rule_of_tens: bool = True) -> Game:
    """A new game of the campaign's squads as they stand: the dead stay home,
    injuries are carried (the stored attributes already include them).

    Raises:
        SaveFileError: the campaign file is missing or broken.
        BadInput: a squad has nobody left alive.
    """
    from sprawl_cli.campaign import load_campaign, recover
    from sprawl_cli.systems.sprawl.roster import Roster
    from sprawl_cli.systems.sprawl.setup import new_game

    recover(path)
    book = load_campaign(path)
    if not isinstance(book, Campaign):
        raise BadInput(f"{path} is a campaign of another system, not SPRAWL")
    rosters = []
    for squad in book.squads:
        alive = [f for f in squad.characters if not f.dead]
        if not alive:
            raise BadInput(f"{squad.name} has nobody left alive in {path}; that campaign cannot field it")
        characters = [
            Character(
                name=f.name, squad=squad.name, shooting=f.shooting, brawling=f.brawling, quickness=f.quickness,
                smarts=f.smarts, guts=f.guts, strength=f.strength, max_toughness=f.toughness, max_health=f.health,
                toughness=f.toughness, health=f.health, weapons=[Weapon(**vars(w)) for w in f.weapons],
            )
            for f in alive
        ]
        team = Squad(squad.name, game_leader(squad, alive), [c.name for c in characters], squad.roster)
        rosters.append(Roster(team, characters))
    game = new_game(rosters, rounds, rule_of_tens)
    game.campaign = str(path.resolve())
    return game


# --- the aftermath table -------------------------------------------------------


def aftermath_table(book: Campaign) -> LookupTable:
    """The campaign's own table, or the house table (R26)."""
    own = book.settings.aftermath_table
    if own is None:
        return HOUSE_AFTERMATH
    rows = tuple(Row(r.low, r.high, r.result, r.meaning) for r in own.rows)
    return LookupTable(own.name, own.title, own.roll, "R26", rows, own.note)


def table_label(book: Campaign) -> str:
    own = book.settings.aftermath_table
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


# --- R26: what became of the fallen ----------------------------------------------


@dataclass
class Aftermath:
    """What `sprawl aftermath` rolled, and which table it used."""

    game: int
    table: str
    results: list[AftermathResult]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "table": self.table, "results": [r.to_json() for r in self.results]}


def went_out_of_action(c: Character) -> bool:
    """R26 asks after characters that went Out of Action at any time in the game."""
    return c.record.times_out_of_action > 0 or c.has("out_of_action")


def campaign_fighter(book: Campaign, c: Character, *, alive: bool = True) -> Fighter:
    """The campaign's entry for a game character (with `alive`, one still alive there).

    Raises:
        BadInput: the character is not in the campaign, or is dead there.
    """
    found = book.fighter(c.squad, c.name)
    if found is None:
        raise BadInput(f"{c.name} ({c.squad}) is not in this campaign; was the game started with "
                       "`sprawl new --campaign` on this campaign file?")
    if alive and found.dead:
        raise BadInput(f"{c.name} is already dead in this campaign; this game cannot be recorded in it")
    return found


def resolve_aftermath(game: Game, book: Campaign, dice: Dice) -> Aftermath:
    """R26 for each character that went Out of Action, in roster order: a d10 on the
    campaign's table (the house table unless it has its own); on a lasting injury
    a d8 picks the attribute (INJURY_ATTRIBUTES order), which drops by 1, never
    below 1. Changes `book`'s characters; rolls nothing for the others.

    Raises:
        BadInput: a character of the game is missing from the campaign or dead there.
    """
    table = aftermath_table(book)
    number = len(book.games) + 1
    fallen = [(c, campaign_fighter(book, c)) for squad in game.squads for c in game.members(squad)]
    results: list[AftermathResult] = []
    for c, fighter in fallen:
        if not went_out_of_action(c):
            continue
        roll = dice.roll(1, f"{c.name}: Aftermath")[0]
        result = str(table.lookup(roll).result)
        out = AftermathResult(c.name, roll, result)
        if result == "dead":
            fighter.state = "dead"
        elif result == "injured":
            # R26: the d8 picks shooting, brawling, ... health; -1, but never below 1.
            pick = roll_d8(dice, f"{c.name}: Injury")
            attribute = INJURY_ATTRIBUTES[pick - 1]
            before = getattr(fighter, attribute)
            after = before - 1 if before > 1 else before  # R26: never below 1 (and never raised)
            setattr(fighter, attribute, after)
            fighter.injuries.append(Injury(number, attribute, before, after))
            out.attribute, out.attribute_roll, out.before, out.after = attribute, pick, before, after
        results.append(out)
    return Aftermath(number, table_label(book), results)


def game_record(c: Character) -> CareerRecord:
    """What `c` did in this game, as a record (one game)."""
    r = c.record
    return CareerRecord(games=1, shots=r.shots, hits=r.hits, damage_dealt=r.damage_dealt, damage_taken=c.damage_taken,
                        put_out_of_action=r.put_out_of_action, times_out_of_action=r.times_out_of_action)


def series_from(game: Game, entries: list[dict[str, Any]]) -> Series:
    """Round-by-round Health, casualties and hits from the game's journal entries.

    Each entry holds the round it was made in and, after it, everyone's Health,
    who is gone and everyone's hits so far; the last entry of a round gives the
    state at that round's end. Index 0 is the start of the game; the last round is the one
    the game ended in, which counts once begun (H7), even when the game ended as it began.
    """
    squad_of = {c.name: c.squad for c in game.characters}
    health = {c.name: c.max_health for c in game.characters}
    gone: set[str] = set()
    hits = {c.name: 0 for c in game.characters}
    series = Series(rounds=[0], health={n: [h] for n, h in health.items()},
                    casualties={s.name: [0] for s in game.squads}, hits={s.name: [0] for s in game.squads})
    by_round: dict[int, list[dict[str, Any]]] = {}
    for e in entries:
        by_round.setdefault(int(e.get("round") or 1), []).append(e)
    for rnd in range(1, game.round + 1):
        for e in by_round.get(rnd, []):
            health.update({n: int(h) for n, h in (e.get("health") or {}).items() if n in health})
            gone = {n for n in (e.get("gone") or []) if n in squad_of}
            hits.update({n: int(h) for n, h in (e.get("hits") or {}).items() if n in hits})
        series.rounds.append(rnd)
        for name, h in health.items():
            series.health[name].append(h)
        for s in game.squads:
            series.casualties[s.name].append(sum(1 for n in gone if squad_of[n] == s.name))
            series.hits[s.name].append(sum(h for n, h in hits.items() if squad_of[n] == s.name))
    return series


def record_game(book: Campaign, game: Game, aftermath: Aftermath, series: Series, *,
                save: str = "", step: int = 0, date: str = "") -> PlayedGame:
    """Add the game to the campaign: each character's record (+1 game), and the
    game's own entry with everything its battle report needs."""
    played = PlayedGame(
        number=aftermath.game, squads=[s.name for s in game.squads],
        rounds=game.round, winner=game.winner,
        reason=game.reason, date=date, table=aftermath.table, aftermath=list(aftermath.results),
        series=series, save=save, step=step,
    )
    for squad in game.squads:
        for c in game.members(squad):
            record = game_record(c)
            fighter = campaign_fighter(book, c, alive=False)  # the aftermath may just have killed it
            fighter.record.add(record)
            played.characters.append(PlayedCharacter(
                c.name, c.squad, record, c.health, c.max_health, c.has("out_of_action"), c.has("out_of_play")))
    book.games.append(played)
    return played


# --- the file (the kernel's `sprawl_cli.campaign` reads and writes it) ----------------


def read_campaign(data: dict[str, Any], where: Where) -> Campaign:
    """A SPRAWL campaign from the file's plain data, checked for shape and sense.

    Raises:
        SaveFileError: naming the file, line and key.
    """
    book = from_data(Campaign, data, where)
    check_campaign(book, where)
    return book


def check_campaign(book: Campaign, where: Where) -> None:
    """Cross-checks a hand edit could break."""
    if len(book.squads) < 2:
        where.fail(("squads",), "a campaign needs at least two squads")
    names: set[str] = set()
    for i, squad in enumerate(book.squads):
        if not squad.characters:
            where.fail(("squads", i, "characters"), "a squad needs at least one character")
        members = {f.name for f in squad.characters}
        if squad.leader not in members:
            where.fail(("squads", i, "leader"), f"'{squad.leader}' is not one of the squad's characters")
        for j, f in enumerate(squad.characters):
            at: tuple[object, ...] = ("squads", i, "characters", j)
            if f.name.lower() in names:
                where.fail(at + ("name",), f"two characters are called '{f.name}'")
            names.add(f.name.lower())
            if f.state not in STATES:
                where.fail(at + ("state",), f"'{f.state}' is not a state; use active or dead")
            for attr in ATTRIBUTES:
                lowest = 1 if attr in ("toughness", "health") else 0
                if getattr(f, attr) < lowest:
                    where.fail(at + (attr,), f"should be {lowest} or more")
            for key in RECORD_KEYS:
                if getattr(f.record, key) < 0:
                    where.fail(at + ("record", key), "cannot be negative")
            for k, injury in enumerate(f.injuries):
                if injury.attribute not in INJURY_ATTRIBUTES:
                    where.fail(at + ("injuries", k, "attribute"), f"'{injury.attribute}' is not an attribute")
    if book.settings.aftermath_table is not None:
        check_aftermath_table(book.settings.aftermath_table, where, ("settings", "aftermath_table"))
    for i, g in enumerate(book.games):
        if g.number != i + 1:
            where.fail(("games", i, "number"), f"games are numbered in order; this one should be {i + 1}")


def campaign_json(book: Campaign) -> dict[str, Any]:
    """What `sprawl campaign show --json` prints (SPEC section 2)."""
    return {
        "squads": [
            {
                "name": s.name,
                "leader": s.leader,
                "characters": [
                    {
                        "name": f.name,
                        "state": f.state,
                        **{attr: getattr(f, attr) for attr in ATTRIBUTES},
                        "injuries": [to_data(i) for i in f.injuries],
                        "record": {key: getattr(f.record, key) for key in RECORD_KEYS},
                    }
                    for f in s.characters
                ],
            }
            for s in book.squads
        ],
        "games": [{"number": g.number, "winner": g.winner, "rounds": g.rounds, "reason": g.reason}
                  for g in book.games],
        "aftermath_table": table_label(book),
    }


def load_table(path: Path) -> AftermathTable:
    """A user's aftermath table file, checked (rows covering 1-10; dead, injured or recovered).

    Raises:
        SaveFileError: naming the file, line and key.
    """
    from sprawl_cli import yamlio

    data, lines = yamlio.load(path, "aftermath table")
    where = Where(str(path), lines)
    own = from_data(AftermathTable, data, where)
    check_aftermath_table(own, where, ())
    return own


def history_json(book: Campaign) -> list[dict[str, Any]]:
    """What `sprawl campaign history --json` prints for each game (SPEC section 2)."""
    return [
        {"number": g.number, "date": g.date, "squads": g.squads, "winner": g.winner, "rounds": g.rounds,
         "reason": g.reason, "table": g.table, "aftermath": [r.to_json() for r in g.aftermath],
         "out_of_action": [c.name for c in g.characters if c.out_of_action],
         "standing": {s: g.standing(s)[-1] for s in g.squads},
         "records": {c.name: to_data(c.record) for c in g.characters}}
        for g in book.games
    ]
