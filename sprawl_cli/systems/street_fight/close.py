"""F9 Close combat: a d10 each with its modifiers; the higher total wins, and kills on 8 or more."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from sprawl_cli.api import BadInput, Dice, NeedsAnswer, Table, refuse
from sprawl_cli.systems.street_fight.chance import Modifier
from sprawl_cli.systems.street_fight.model import Character, Game
from sprawl_cli.systems.street_fight.morale import casualty
from sprawl_cli.systems.street_fight.turn import require_enemies, require_own_side, require_phase, \
    require_standing, require_steady
from sprawl_cli.systems.street_fight.weapons import weapon

KILLING_TOTAL = 8  # F9


@dataclass(frozen=True)
class Fight:
    attacker: str
    defender: str
    rolls: tuple[int, int]  # attacker's d10, defender's
    modifiers: tuple[tuple[Modifier, ...], tuple[Modifier, ...]]
    winner: str | None  # None on a tie
    casualty: str | None
    still_in_combat: bool
    joined: tuple[tuple[str, str], ...] = ()  # F9: (enemy, figure) pairs the table put in contact as it began

    @property
    def totals(self) -> tuple[int, int]:
        a, d = self.modifiers
        return self.rolls[0] + sum(m.amount for m in a), self.rolls[1] + sum(m.amount for m in d)

    def to_json(self) -> dict[str, Any]:
        return {"attacker": self.attacker, "defender": self.defender, "rolls": list(self.rolls),
                "modifiers": [[m.to_json() for m in side] for side in self.modifiers],
                "totals": list(self.totals), "winner": self.winner, "casualty": self.casualty,
                "in_combat": self.still_in_combat,
                "joined": [{"name": enemy, "with": figure} for enemy, figure in self.joined]}


def fighting_modifiers(c: Character, charged: bool = False, cover: bool = False) -> list[Modifier]:
    """F9: one figure's modifiers (call after the pair is engaged, so its enemies are counted)."""
    terms: list[Modifier] = []
    arm = weapon(c.weapon)
    if arm.combat:
        terms.append(Modifier(arm.combat, f"armed with an {arm.name}", "F9"))
    if c.lost_last_round:
        terms.append(Modifier(-1, "lost the last round", "F9"))
    extra = len(c.engaged_with) - 1
    if extra > 0:
        terms.append(Modifier(-extra, f"{len(c.engaged_with)} enemies on it ({', '.join(c.engaged_with)})", "F9"))
    if charged:
        terms.append(Modifier(1, "charged into combat this turn", "F9"))
    if cover:
        terms.append(Modifier(1, "defending from cover", "F9"))
    return terms


def _engage(a: Character, b: Character) -> None:
    if b.name not in a.engaged_with:
        a.engaged_with.append(b.name)
    if a.name not in b.engaged_with:
        b.engaged_with.append(a.name)


def _free_to_join(game: Game, c: Character) -> list[Character]:
    """F9: the enemies that could be within 1" of `c` besides those already in combat with it (its
    opponent in this fight among them): standing, no dash this turn, and with no fight of their own
    yet this turn (a figure that has fought has said whom it is in contact with)."""
    return [e for e in game.characters if e.squad != c.squad and not e.gone and e.name not in c.engaged_with
            and not e.ran and not e.fought]


def _require_settled_contact(attacker: Character, defender: Character, table: Table) -> None:
    """F9: a figure that has fought this turn said then who was within 1" of it; a new enemy now is not.

    Raises:
        RuleRefusal: one of the pair has fought this turn, and the other was not in contact with it then.
    """
    for c, other in ((attacker, defender), (defender, attacker)):
        if c.fought and other.name not in c.engaged_with:
            refuse(table, f"{c.name} has fought this turn already and {other.name} was not in contact with it then "
                          "(F9: every enemy within 1\" counts from its first fight); they may fight next turn")


def _join_contacts(game: Game, attacker: Character, defender: Character, table: Table) -> list[tuple[str, str]]:
    """F9's -1 per attacker beyond the first, whichever fight is typed first: at a figure's first fight
    of the turn the table says which other enemies are within 1" of it, and they join its combat
    before any die is rolled. Returns the (enemy, figure) pairs that joined.

    Raises:
        NeedsAnswer: someone could be in contact, and nobody said who (`--contact NAMES|none`).
        BadInput: a name given that could not be in contact.
    """
    pair = (attacker, defender)
    open_to = {c.name: _free_to_join(game, c) for c in pair if not c.fought}
    choices = [e.name for e in game.characters if any(e in found for found in open_to.values())]
    if not choices:
        return []
    named = table.names("contact", f"Who else is within 1\" of {' or '.join(open_to)} as this fight begins "
                                   "(F9: -1 for each enemy on a figure beyond the first)?", choices)
    joined: list[tuple[str, str]] = []
    for raw in named:
        e = game.character(raw)
        if e.name not in choices:
            raise BadInput(f"{e.name} cannot join this fight: --contact takes {', '.join(choices)} (or none)")
        for c in pair:
            if e in open_to.get(c.name, []):
                _engage(c, e)
                joined.append((e.name, c.name))
    return joined


def _no_charge(game: Game, c: Character, option: str) -> str | None:
    """F9: why `c` cannot have charged into contact this turn (None: it may have): a charge is a
    move of 5" or less, this turn, by a figure not holding still."""
    if c.aimed_turn == game.round or c.has("overwatch"):
        still = "aiming" if c.aimed_turn == game.round else "on overwatch"
        return f"{c.name} is holding still this turn ({still}) and cannot have charged (house)"
    if c.ran:
        return (f"{c.name} moved {c.moved_inches:g}\" this turn: a figure that moves over 5\" "
                "cannot enter close combat (F9)")
    if not c.moved:
        return f"{c.name} has not moved this turn, so it cannot have charged into combat (F9); leave out {option}"
    return None


def _charge(game: Game, c: Character, option: str, table: Table) -> None:
    """F9: `c` charged into contact this turn, as `option` says.

    Raises:
        RuleRefusal: it aimed or watched this turn, ran, or has not moved this turn.
    """
    why = _no_charge(game, c, option)
    if why is not None:
        refuse(table, why)


def _charged(game: Game, c: Character, other: Character, told: bool | None, option: str, table: Table) -> bool:
    """F9's +1 for a charge this turn: as told (`--charged`, checked by `_charge`, or `--no-charged`);
    not told, False for a figure that cannot have charged and asked of one that moved 5" or less
    this turn.

    Raises:
        NeedsAnswer: it may have charged, and neither an option nor a terminal says.
    """
    if told is not None:
        return told
    if _no_charge(game, c, f"--{option}") is not None:
        return False
    question = (f"Did {c.name} charge into contact with {other.name} this turn, in its move of "
                f"{c.moved_inches:g}\" (F9: +1)?")
    try:
        return table.choose(option, question, ["yes", "no"]) == "yes"
    except NeedsAnswer:
        raise NeedsAnswer(f"{question} Give --{option} or --no-{option}.") from None


def fight(game: Game, attacker: Character, defender: Character, charged: bool | None, cover: bool | None,
          dice: Dice, table: Table, defender_charged: bool | None = False) -> Fight:
    """F9: the attacker's d10, then the defender's. A new combat asks the table whether the two
    are within 1"; a figure's first fight of the turn asks who else is (`_join_contacts`), so the
    -1 per attacker beyond the first is the same whichever fight is typed first. `charged` and
    `defender_charged` None (not told): asked of a figure that moved 5" or less this turn
    (`_charged`); `cover` None: the defender's cover as the save has it.

    Raises:
        RuleRefusal: out of phase or turn, a dash this turn, a charge without a move this turn,
            not in contact, the pair fought already this turn, an enemy not in contact at a
            figure's first fight of the turn.
        NeedsAnswer: a new combat, and nobody said whether they are within 1"; or nobody said who
            else is in contact.
        BadInput: a figure named in contact that cannot be.
    """
    require_standing(attacker, "fight")
    require_standing(defender, "be fought")
    require_enemies(game, attacker, defender, table, "fight")
    require_phase(game, table, "close combat", "close")
    require_own_side(game, table, attacker, "fight")
    joined = defender.name in attacker.engaged_with
    if attacker.ran and not joined:
        refuse(table, f"{attacker.name} moved {attacker.moved_inches:g}\" this turn: a figure that moves over 5\" "
                      "cannot enter close combat (F9)")
    if not joined:
        require_steady(game, attacker, table, "start a fight")
    if charged:
        _charge(game, attacker, "--charged", table)
    if defender_charged:
        _charge(game, defender, "--defender-charged", table)
    if cover is None:
        cover = defender.in_cover
    if cover and defender.ran:
        refuse(table, f"{defender.name} moved {defender.moved_inches:g}\" this turn and cannot have gone into cover (F2)")
    if defender.name in attacker.fought:
        refuse(table, f"{attacker.name} and {defender.name} have fought their round this turn")
    if not joined and not table.confirm(f"Is {attacker.name} within 1\" of {defender.name} "
                                        "(close combat needs contact, F9)?"):
        refuse(table, f"{attacker.name} is not within 1\" of {defender.name}: close combat needs contact (F9); "
                      "move into contact first")
    _require_settled_contact(attacker, defender, table)
    # house: one move brings two figures into contact, so once one is said to have charged the
    # other is not asked (both told, both count: the referee's word)
    charged = _charged(game, attacker, defender, False if charged is None and defender_charged else charged,
                       "charged", table)
    defender_charged = _charged(game, defender, attacker, False if defender_charged is None and charged
                                else defender_charged, "defender-charged", table)
    _engage(attacker, defender)
    newcomers = _join_contacts(game, attacker, defender, table)
    for c in (attacker, defender):  # house: close combat ends any aim
        c.aim_turns, c.aimed_turn = 0, None
    a_terms = fighting_modifiers(attacker, charged=charged)
    d_terms = fighting_modifiers(defender, charged=defender_charged, cover=cover)
    a_roll = dice.roll(1, f"{attacker.name}: Close combat", 10)[0]
    d_roll = dice.roll(1, f"{defender.name}: Close combat", 10)[0]
    outcome = Fight(attacker.name, defender.name, (a_roll, d_roll), (tuple(a_terms), tuple(d_terms)),
                    None, None, True, tuple(newcomers))
    a_total, d_total = outcome.totals
    attacker.fought.append(defender.name)
    defender.fought.append(attacker.name)
    if a_total == d_total:  # F9: a draw; nobody lost this round
        attacker.round_lost = defender.round_lost = False
        return outcome
    win, lose = (attacker, defender) if a_total > d_total else (defender, attacker)
    win.round_lost = False
    win.record.fights_won += 1
    if max(a_total, d_total) >= KILLING_TOTAL:
        casualty(game, lose, win)
        return replace(outcome, winner=win.name, casualty=lose.name, still_in_combat=False)
    lose.round_lost = True  # F9: it counts in the next turn's combat, not again in this one
    return replace(outcome, winner=win.name)
