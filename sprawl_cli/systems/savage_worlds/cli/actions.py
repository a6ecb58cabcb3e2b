"""Savage Worlds' own commands, part two: bennies, Shaken and soak, moving, other trait tests,
standoffs and the referee's wounds. Thin, each through `flow.act`."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from sprawl_cli.api import MOST_INCHES
from sprawl_cli.systems.savage_worlds.cli import Actions, Mod, Name, Tn, _act, _names
from sprawl_cli.systems.savage_worlds.limits import MOST_AWARD, WILD_CARD_WOUNDS

app = typer.Typer(add_completion=False)


@app.command()
def standoff() -> None:
    """A standoff: everyone is on hold and acts by Agility, highest first (ties at once); cards
    are dealt from the next round. Dice: each standing character's Agility, roster order.

    Example: sprawl standoff
    """
    from sprawl_cli.systems.savage_worlds.rolls import standoff as face_off

    _act("standoff", rule=lambda game, dice, table: face_off(game, dice, table))


# --- bennies, Shaken, soak -----------------------------------------------------------------------
@app.command()
def benny(name: Name, victims: Annotated[Optional[str], typer.Option(
        "--victims", metavar="NAMES|none", help="A rerolled template that now lands elsewhere: who is under it.")]
          = None) -> None:
    """Spend a benny (own first, then the side's pool) to reroll NAME's last trait test; the
    better result stands (W3). Never damage.

    Example: sprawl benny Ada
    """
    from sprawl_cli.systems.savage_worlds.bennies import benny as reroll

    _act("benny", actor=name, rule=lambda game, dice, table: reroll(game, dice, game.character(name), table), victims=victims)


@app.command()
def award(who: Annotated[str, typer.Argument(help="A side (its pool), or a character (a game-master Wild Card's "
                                                   "own; anyone else's side pool).")],
          count: Annotated[int, typer.Argument(help="How many.", min=1, max=MOST_AWARD)] = 1) -> None:
    """The game master hands out bennies during play (W3).

    Example: sprawl award Expedition
    """
    from sprawl_cli.systems.savage_worlds.bennies import award as give

    _act("award", rule=lambda game, dice, table: give(game, who, count))


@app.command()
def soak(name: Name) -> None:
    """Right after a wounding hit: a benny buys a Vigor test; each success and raise soaks a wound (W8, house).

    Example: sprawl soak Priestess
    """
    from sprawl_cli.systems.savage_worlds.damage import soak as soak_wounds

    _act("soak", actor=name, rule=lambda game, dice, table: soak_wounds(game, dice, game.character(name), table))


@app.command()
def recover(name: Name, use_benny: Annotated[bool, typer.Option("--benny", help="Spend a benny: Shaken ends at once.")]
            = False) -> None:
    """A Shaken character tests Spirit: success ends Shaken, a raise also acts (W8, house).

    Example: sprawl recover Ada
    """
    from sprawl_cli.systems.savage_worlds.damage import recover as shake_off

    _act("recover", actor=name, door="recover --benny" if use_benny else None, rule=lambda game, dice, table: shake_off(game, dice, game.character(name), table, use_benny))


# --- moving --------------------------------------------------------------------------------------
@app.command()
def defend(name: Name) -> None:
    """Defend: the only action; +2 Parry until its next action; may move, not run (W5).

    Example: sprawl defend Pike
    """
    from sprawl_cli.systems.savage_worlds.movement import defend as take_guard

    _act("defend", actor=name, rule=lambda game, dice, table: take_guard(game, game.character(name), table))


@app.command()
def reload(name: Name, weapon: Annotated[Optional[str], typer.Option("--weapon", "-w", help="The weapon (default: "
                                                                     "its first ranged one).")] = None) -> None:
    """Reload: an action; the weapon is full again (ammunition counted from a roster's `shots`).

    Example: sprawl reload Jonah --weapon "Tommy Gun"
    """
    from sprawl_cli.systems.savage_worlds.movement import reload as load

    _act("reload", actor=name, rule=lambda game, dice, table: load(game, game.character(name), weapon, table))


@app.command()
def draw(name: Name, weapon: Annotated[Optional[str], typer.Option("--weapon", "-w", help="The weapon (default: "
                                                                   "its first).")] = None,
         hard: Annotated[bool, typer.Option("--hard", help="Two weapons, a hidden or a large one: an Agility "
                                                           "test too.")] = False,
         actions: Actions = None) -> None:
    """Draw a weapon in a hurry: one action of the turn (-2 on the others, W2); --hard also tests Agility.

    Example: sprawl draw Pike --weapon Rifle --hard
    """
    from sprawl_cli.systems.savage_worlds.movement import draw_weapon

    _act("draw", actor=name, rule=lambda game, dice, table: draw_weapon(game, dice, game.character(name), weapon,
                                                                       table, hard, actions))


@app.command()
def aim(name: Name, target: Annotated[str, typer.Argument(help="Whom it aims at.")]) -> None:
    """Aim: the whole turn, without moving; next round's Shooting or Throwing at TARGET gets +2 (W5).

    Example: sprawl aim Ada Priestess
    """
    from sprawl_cli.systems.savage_worlds.movement import aim as take_aim

    _act("aim", actor=name, rule=lambda game, dice, table: take_aim(game, game.character(name), game.character(target), table))


@app.command()
def run(name: Annotated[str, typer.Argument(help="The character, or a group of Extras (one die for all).")],
        crouch: Annotated[bool, typer.Option("--crouch", help="Running crouched: half the total.")]
        = False) -> None:
    """Run: Pace + d6 inches this round (the d6 does not ace); -2 to other actions.

    Example: sprawl run Hound --dice 4
    """
    from sprawl_cli.systems.savage_worlds.movement import run as sprint

    _act("run", actor=name, rule=lambda game, dice, table: sprint(game, dice, name, table, crouch))


@app.command()
def move(
    name: Name,
    inches: Annotated[float, typer.Option("--inches", min=0, max=MOST_INCHES, help="How far it goes.")],
    difficult: Annotated[float, typer.Option("--difficult", min=0, max=MOST_INCHES, help="How many of those inches are difficult "
                                                                        "ground (each counts twice).")] = 0,
    crawl: Annotated[bool, typer.Option("--crawl", help="Crawl: 2\", counts as prone.")] = False,
    crouch: Annotated[bool, typer.Option("--crouch", help="Crouch: half Pace, -1 to shots at it.")] = False,
) -> None:
    """Check a move against Pace (and a run): difficult ground, crawling, crouching, rising (2").

    Example: sprawl move Ada --inches 5 --difficult 1
    """
    from sprawl_cli.systems.savage_worlds.movement import move as go

    _act("move", actor=name, rule=lambda game, dice, table: go(game, game.character(name), inches, table, difficult, crawl, crouch))


@app.command()
def prone(name: Name) -> None:
    """Drop prone (free): medium cover against shots, 2 armour against blasts.

    Example: sprawl prone Pike
    """
    from sprawl_cli.systems.savage_worlds.movement import prone as drop_prone

    _act("prone", actor=name, rule=lambda game, dice, table: drop_prone(game, game.character(name), table, True))


@app.command()
def rise(name: Name) -> None:
    """Get up from prone: costs 2" of movement.

    Example: sprawl rise Pike
    """
    from sprawl_cli.systems.savage_worlds.movement import prone as stand

    _act("rise", actor=name, rule=lambda game, dice, table: stand(game, game.character(name), table, False))


@app.command()
def jump(name: Name, run_up: Annotated[bool, typer.Option("--run-up", help="With a run-up: 2\" instead of 1\".")]
         = False) -> None:
    """Jump: 1" (2" with a run-up), one more on a Strength success.

    Example: sprawl jump Ada --run-up
    """
    from sprawl_cli.systems.savage_worlds.movement import jump as leap

    _act("jump", actor=name, rule=lambda game, dice, table: leap(game, dice, game.character(name), table, run_up))


@app.command()
def test(name: Annotated[str, typer.Argument(help="The character, or a group of Extras (one roll for all).")],
         trait: Annotated[str, typer.Argument(help="An attribute or skill (unskilled: d4-2).")],
         mod: Mod = 0, tn: Tn = 4, actions: Actions = None,
         helpers: Annotated[Optional[str], typer.Option("--helpers", metavar="NAMES",
                                                        help="Cooperating characters: +1 per success and raise, "
                                                             "at most +4 (Strength: no limit).")] = None,
         free: Annotated[bool, typer.Option("--free", help="Not an action of its own (resisting, reacting: "
                                                           "W2's free actions): taken out of turn, not counted.")]
         = False) -> None:
    """Any trait test of a character, with its wounds, Joker and multi-action counted; a group's
    single roll; a cooperative roll. Once cards are out it is an action on the character's turn
    (and each helper's roll one of theirs), unless --free.

    Example: sprawl test Ada notice --mod -2 --helpers Jonah
    """
    from sprawl_cli.systems.savage_worlds.rolls import trait_check

    _act("test", actor=name, door="test --free" if free else None, rule=lambda game, dice, table: trait_check(game, dice, name, trait, table, mod, tn, actions,
                                                       _names(helpers), free))


@app.command()
def oppose(name: Name, trait: Annotated[str, typer.Argument(help="The acting character's trait.")],
           other: Annotated[str, typer.Argument(help="The opponent.")],
           other_trait: Annotated[Optional[str], typer.Argument(help="The opponent's trait (default: the same).")]
           = None, mod: Mod = 0,
           bennies: Annotated[Optional[int], typer.Option(
               "--bennies", min=0, max=10, help="Bennies NAME spends on rerolls before OTHER rolls (W3; the best "
                                                "stands). Without it, asked after each roll while NAME has one.")]
           = None, actions: Actions = None) -> None:
    """An opposed roll: NAME rolls first (its bennies spent before OTHER rolls), then OTHER
    (who may `benny` its own roll after); the higher total wins, a tie goes on.

    Dice: NAME's test (and each reroll its --bennies buy), then OTHER's.
    Example: sprawl oppose Jonah strength Priestess --bennies 1
    """
    from sprawl_cli.systems.savage_worlds.rolls import oppose as contest

    _act("oppose", actor=name, rule=lambda game, dice, table: contest(game, dice, game.character(name), trait,
                                                                   game.character(other), other_trait, table, mod,
                                                                   bennies, actions))


@app.command()
def wounds(name: Name, count: Annotated[int, typer.Argument(help="Wounds it carries now.", min=0, max=WILD_CARD_WOUNDS)]) -> None:
    """Referee: set a character's wounds (with `--setting damage=hand`, damage is applied this way).

    Example: sprawl wounds Ada 2
    """
    from sprawl_cli.api import act
    from sprawl_cli.systems.savage_worlds.referee import set_wounds

    act("wounds", lambda game, dice, table: set_wounds(game, game.character(name), count),
        lambda outcome, _game: outcome.lines)
