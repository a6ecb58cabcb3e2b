"""What every system's game has: squads, whose turn it is, how it ended. No I/O.

A system's own `Game` subclasses `Game[ItsCharacter]` and adds its nouns
(statuses, wounds, cards...); the kernel (store, journal, status, next, log,
undo, campaign) reads only what is declared here. A character is anything
with a `name`, a `squad`, its `shown_statuses` and whether it is `gone`.
"""


import difflib
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, Generic, Protocol, TypeVar, dataclass_transform

from sprawl_cli.errors import BadInput
from sprawl_cli.systems import DEFAULT


class Piece(Protocol):
    """The kernel's view of one character of any system."""

    name: str
    squad: str

    @property
    def gone(self) -> bool:
        """Off the table for the rest of the game (it no longer acts)."""
        ...

    @property
    def shown_statuses(self) -> list[str]:
        """The statuses `status` shows, in the system's own order."""
        ...


class Fields:
    """The constructor, equality and repr of the model's records, written once here (see
    `record`): a dataclass's generated methods are compiled anew for each class at import,
    which every command that reads a save pays (bench/instructions.py). They mean what the
    generated ones mean: the fields in order, by position or keyword, defaults and
    factories filled in, then `__post_init__` if the class has one; equal when of the same
    class with equal fields."""

    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass with eq is

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = type(self)
        positional, plan = _PLANS.get(cls) or _plan(cls)
        if len(args) > len(positional):
            raise TypeError(f"{cls.__name__}() takes {len(positional)} positional arguments but {len(args)} were given")
        given = dict(zip(positional, args))
        for key in kwargs:
            if key in given:
                raise TypeError(f"{cls.__name__}() got multiple values for argument '{key}'")
        given.update(kwargs)
        for name, init, default, factory in plan:
            if init and name in given:
                value = given.pop(name)
            elif factory is not MISSING:
                value = factory()
            elif not init:
                continue  # its default stays on the class, as a dataclass leaves it
            elif default is not MISSING:
                value = default
            else:
                raise TypeError(f"{cls.__name__}() missing required argument: '{name}'")
            setattr(self, name, value)
        if given:
            raise TypeError(f"{cls.__name__}() got an unexpected keyword argument '{next(iter(given))}'")
        post_init = getattr(self, "__post_init__", None)
        if post_init is not None:
            post_init()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return vars(self) == vars(other)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in vars(self).items())})"


# A record's fields as its constructor reads them, worked out once per class: the names it takes
# by position, then each field's (name, init, default, default factory).
_Plan = tuple[tuple[str, ...], tuple[tuple[str, bool, Any, Any], ...]]
_PLANS: dict[type, _Plan] = {}


def _plan(cls: type) -> _Plan:
    found = fields(cls)
    plan = (tuple(f.name for f in found if f.init and not f.kw_only),
            tuple((f.name, f.init, f.default, f.default_factory) for f in found))
    _PLANS[cls] = plan
    return plan


F = TypeVar("F", bound=Fields)


@dataclass_transform(eq_default=False, field_specifiers=(field,))
def record(cls: type[F]) -> type[F]:
    """The model's dataclass: `@record` over a subclass of `Fields` (a system's records too, through
    `sprawl_cli.api`). It is a dataclass to everything that reads one (`dataclasses.fields`,
    `replace`, `schema`) and to the type checker, whose constructor, equality and repr are `Fields`'
    shared ones instead of code compiled for each class at import: about half a million
    instructions a class, paid by every command that reads a save (bench/instructions.py)."""
    return dataclass(init=False, eq=False, repr=False)(cls)


class Statuses(Fields):
    """A character's stored statuses, kept in its system's order: a system's Character mixes this
    in, sets `status_order` and declares its `statuses` field."""

    status_order: ClassVar[tuple[str, ...]] = ()
    statuses: list[str]

    def has(self, status: str) -> bool:
        return status in self.statuses

    def add(self, status: str) -> None:
        if status not in self.statuses:
            self.statuses.append(status)
            self.statuses.sort(key=self.status_order.index)

    def drop(self, status: str) -> None:
        if status in self.statuses:
            self.statuses.remove(status)


C = TypeVar("C", bound=Piece)


@record
class Squad(Fields):
    """One side of a game: its name, its leader and its members, in roster order."""

    name: str
    leader: str  # "" where a system has no leaders
    members: list[str]  # roster order
    roster: str = ""  # the roster file it came from, as given to `new`


@record
class Settings(Fields):
    """Per-game settings every system has; a system subclasses it to add its own."""

    dice: str = "random"  # random | physical (every roll asked for)


def close_names(name: str, names: list[str]) -> list[str]:
    """The names that look like `name` (best first), case-insensitively, for "did you mean".

    Only the best match and any as close as it are offered: one name for a typo,
    two only when both are equally near.
    """
    lowered = {n.lower(): n for n in names}
    scored = sorted(((difflib.SequenceMatcher(None, name.lower(), n).ratio(), n) for n in lowered), reverse=True)
    scored = [(s, n) for s, n in scored if s >= 0.5]
    if not scored:
        return []
    best = scored[0][0]
    return [lowered[n] for s, n in scored if s >= best - 1e-9]


# --- scenarios (a house feature: docs/scenarios.md) ------------------------------------
@record
class Place(Fields):
    """A place a scenario names: words for the table, and on a map its spaces."""

    name: str
    about: str = ""
    spaces: list[str] = field(default_factory=list)  # on a map: the spaces it covers


@record
class Objective(Fields):
    """One objective of a scenario, as the file gave it and as it stands now."""

    name: str
    kind: str  # hold | reach | take | destroy | protect | eliminate
    points: int
    about: str = ""
    side: str = "any"  # the role that may score it (attacker, defender) or any
    place: str = ""  # hold, reach: the place; take: where the item lies at the start
    rounds: list[int] = field(default_factory=list)  # hold: the rounds at whose end it scores
    each_round: bool = False  # hold: it scores at the end of every round
    at_end: bool = False  # hold: it scores at the end of the game
    leaves: bool = False  # reach: a figure that gets there leaves the game
    figure: str = ""  # protect, eliminate: the figure
    holder: str = ""  # hold: the side there now ("" nobody, as the table said or the map shows)
    carrier: str = ""  # take: who carries it
    lies: str = ""  # take: where it lies while nobody carries it
    done: bool = False  # destroyed, taken out, or carried off
    by: str = ""  # the side that did it
    reached: list[str] = field(default_factory=list)  # reach: the figures that got there


@record
class Score(Fields):
    """Points scored: when, for what, by which side and why."""

    round: int
    objective: str
    side: str
    points: int
    why: str


@record
class Scenario(Fields):
    """The scenario a game is played to, kept in its save (`new --scenario FILE`)."""

    name: str
    brief: str
    objectives: list[Objective]
    sides: list[str] = field(default_factory=list)  # each squad's role, in squad order
    rounds: int | None = None  # the round limit: most points then wins
    first_to: int | None = None  # the first side to this many points wins
    special: list[str] = field(default_factory=list)  # special rules, as words
    places: list[Place] = field(default_factory=list)
    source: str = ""  # the scenario file given to `new`
    system: str = ""  # the system it was written for ("" any)
    points: dict[str, int] = field(default_factory=dict)  # squad -> points
    scores: list[Score] = field(default_factory=list)
    settled: bool = False  # the end-of-game objectives are scored


@record
class Game(Fields, Generic[C]):
    """The shared half of one game's state; a system's Game adds the rest."""

    squads: list[Squad]
    characters: list[C]
    schema_version: int = 1
    system: str = DEFAULT
    settings: Settings = field(default_factory=Settings)
    round: int = 1
    side: int = 0  # index into squads: whose turn it is
    phase: str = ""
    turn: int = 1  # every side's turn counts: round 1 has turns 1 and 2
    rounds: int | None = None  # the round limit set at `new`
    over: bool = False
    winner: str | None = None
    reason: str | None = None
    draw: bool = False  # over with no winner as the rules' own result (not a round limit awaiting one)
    step: int = 0  # how many journalled changes led here
    campaign: str | None = None
    aftermath_done: bool = False
    scenario: Scenario | None = None  # the scenario played (a house feature), if any

    # --- lookups --------------------------------------------------------
    def character(self, name: str) -> C:
        """The character called `name`, matched case-insensitively.

        Raises:
            BadInput: nobody has that name (with "did you mean ...?").
        """
        wanted = name.strip().lower()
        for c in self.characters:
            if c.name.lower() == wanted:
                return c
        from sprawl_cli.numbers import quoted as cut

        names = [c.name for c in self.characters]
        close = close_names(name.strip()[:200], names)  # a pasted page is no near miss of a name
        quoted = " or ".join(f"'{n}'" for n in close)
        hint = f"did you mean {quoted}?" if close else f"the characters are: {', '.join(names)}"
        raise BadInput(f"no character named '{cut(name)}' in this game; {hint}")

    def squad(self, name: str) -> Squad:
        """The squad called `name` (case-insensitive; a unique prefix will do).

        Raises:
            BadInput: no such squad.
        """
        from sprawl_cli.numbers import quoted as cut

        wanted = name.strip().lower()
        exact = [s for s in self.squads if s.name.lower() == wanted]
        starts = [s for s in self.squads if s.name.lower().startswith(wanted)] if wanted else []
        found = exact or (starts if len(starts) == 1 else [])
        if not found:
            raise BadInput(f"no squad named '{cut(name)}'; the squads are: {', '.join(s.name for s in self.squads)}")
        return found[0]

    def squad_of(self, character: C) -> Squad:
        return next(s for s in self.squads if s.name == character.squad)

    def members(self, squad: Squad) -> list[C]:
        return [self.character(n) for n in squad.members]

    @property
    def current_squad(self) -> Squad:
        return self.squads[self.side]

    def friends(self, character: C) -> list[C]:
        """Others of the same squad still on the table."""
        return [c for c in self.characters if c.squad == character.squad and c is not character and not c.gone]

    def enemies(self, character: C) -> list[C]:
        """Characters of other squads still on the table."""
        return [c for c in self.characters if c.squad != character.squad and not c.gone]

    def is_turn_of(self, character: C) -> bool:
        return character.squad == self.current_squad.name


