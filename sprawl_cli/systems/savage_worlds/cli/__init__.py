"""Savage Worlds' own commands: thin, each through `flow.act` (or a lookup's emit). Part two,
bennies to standoffs, is `cli/actions.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Optional

import click
import typer

from sprawl_cli.api import MOST_INCHES, REACH, current
from sprawl_cli.systems.savage_worlds.limits import MAX_ROF, MOST_ACTIONS

if TYPE_CHECKING:
    from sprawl_cli.systems.savage_worlds.attacks import Options

app = typer.Typer(add_completion=False)

Name = Annotated[str, typer.Argument(help="The character.")]
Attacker = Annotated[str, typer.Argument(help="Who attacks.")]
Trait = Annotated[str, typer.Argument(help="The trait die: d4-d12, optionally +N (d12+1); d4-2 is unskilled.",
                                      metavar="TRAIT")]
Wild = Annotated[bool, typer.Option("--wild", help="A Wild Card: add the d6 Wild Die (W1).")]
Mod = Annotated[int, typer.Option("--mod", "-m", help="The sum of the modifiers (e.g. -2).")]
Tn = Annotated[int, typer.Option("--tn", min=1, max=REACH, help="The target number (default 4).")]
Actions = Annotated[Optional[int], typer.Option("--actions", min=1, max=MOST_ACTIONS, help="Actions this turn, not counting a run: every roll of the turn, the first too, takes -2 per action beyond the first (W2); asked at the turn's first roll on a terminal. Running adds its own -2.")]
WeaponOpt = Annotated[Optional[str], typer.Option("--weapon", "-w", help="The weapon (default: the first of the kind).")]
Called = Annotated[Optional[str], typer.Option(
    "--called", click_type=click.Choice(["limb", "head", "small", "tiny"]),
    help="Called shot: limb -2; head/vitals -4 (+4 damage); small -4 (+4); tiny -6 (+4).")]
Drop = Annotated[bool, typer.Option("--drop", help="The attacker has the drop: +4 to hit and damage.")]
Disarm = Annotated[bool, typer.Option("--disarm", help="Aim at the arm (-2); a hit makes the defender test Strength.")]
Nonlethal = Annotated[bool, typer.Option("--nonlethal", help="With --disarm: no damage dealt.")]
RangeOpt = Annotated[Optional[str], typer.Option(
    "--range", click_type=click.Choice(["short", "medium", "long"]),
    help="Range band: short 0, medium -2, long -4 (asked when nothing gives it).")]
Draw = Annotated[bool, typer.Option("--draw", help="Draw the weapon first, in the same turn: one more action (-2).")]
DrawKind = Annotated[Optional[str], typer.Option(
    "--draw-kind", click_type=click.Choice(["easy", "hard"]),
    help="With --draw: easy, or hard (two weapons at once, a hidden or a large one), which is refused for "
         "`draw --hard` and its Agility test first (asked when not given).")]
Cover = Annotated[Optional[str], typer.Option("--cover", click_type=click.Choice(
    ["none", "light", "medium", "heavy", "near-total"]), help="The target's cover: none, light -1, medium -2, heavy -4, "
                                                             "near-total -6 (asked when not given).")]
Light = Annotated[Optional[str], typer.Option("--light", click_type=click.Choice(["normal", "dim", "dark", "pitch"]),
                                              help="Lighting: normal 0, dim -1, dark -2, pitch -4 (asked when not "
                                                   "given).")]


def _view(kind: str) -> Any:
    def view(outcome: Any, _game: Any) -> list[str]:
        from sprawl_cli.systems.savage_worlds.views import lines

        return lines(kind, outcome.to_json())

    return view


def _act(kind: str, actor: str | None = None, door: str | None = None, *, rule: Any, **given: Any) -> None:
    from sprawl_cli.api import act

    act(kind, rule, _view(kind), actor=actor, door=door, **given)


# --- lookups ---------------------------------------------------------------------------
@app.command()
def roll(trait: Trait, wild: Wild = False, mod: Mod = 0, tn: Tn = 4) -> None:
    """Roll a trait test (W1): aces, the Wild Die with --wild, raises, snake eyes.

    Example: sprawl roll --system savage-worlds d8 --wild --mod -2
    """
    from sprawl_cli.api import print_lines
    from sprawl_cli.systems.savage_worlds.model import read_die
    from sprawl_cli.systems.savage_worlds.traits import trait_test
    from sprawl_cli.systems.savage_worlds.views import lines

    ctx = current()
    test = trait_test(ctx.dice(), "Roll", read_die(trait), mod, tn, wild)
    ctx.check_leftover_dice()
    data = test.to_json()
    ctx.emit(data, lambda console: print_lines(console, lines("roll", data)))


@app.command()
def odds(trait: Trait, wild: Wild = False, mod: Mod = 0, tn: Tn = 4) -> None:
    """Exact chances of a trait test: success and at least one raise (computed, not sampled).

    Example: sprawl odds --system savage-worlds d6 --wild --tn 6
    """
    from sprawl_cli.api import print_lines
    from sprawl_cli.systems.savage_worlds.model import read_die
    from sprawl_cli.systems.savage_worlds.odds import trait_odds
    from sprawl_cli.systems.savage_worlds.views import lines

    ctx = current()
    data = trait_odds(read_die(trait), mod, tn, wild).to_json()
    ctx.emit(data, lambda console: print_lines(console, lines("odds", data)))


# --- the round ---------------------------------------------------------------------------
@app.command()
def deal(surprise: Annotated[Optional[list[str]], typer.Option(
        "--surprise", metavar="SQUAD", help="This squad springs an ambush (round 1): it starts on hold, "
        "the others test Notice.")] = None,
        joker: Annotated[Optional[str], typer.Option(
            "--joker", metavar="shared|holder", help="Whether a player's Extras share their Wild Card's Joker +2 "
            "(W4), for the whole game; asked when a Joker first goes to a Wild Card with Extras, unless "
            "`new --setting joker=...` said it.")] = None) -> None:
    """Deal the action cards and start a round (W4). Dice: Notice tests of a surprise, then cards.

    Example: sprawl deal --dice KS,10H,RJ
    """
    from sprawl_cli.systems.savage_worlds.cards import deal as deal_cards

    _act("deal", rule=lambda game, dice, table: deal_cards(game, dice, table, surprise or None, joker))


@app.command()
def hold(name: Name) -> None:
    """Go on hold: keep the turn until used, even into later rounds (W4).

    Example: sprawl hold Ada
    """
    from sprawl_cli.systems.savage_worlds.cards import hold as go_on_hold

    _act("hold", actor=name, rule=lambda game, dice, table: go_on_hold(game, game.character(name), table))


@app.command()
def interrupt(name: Name, target: Annotated[str, typer.Argument(help="Whose action is cut into: the one acting now.")],
              bennies: Annotated[Optional[int], typer.Option(
                  "--bennies", min=0, max=10, help="Bennies NAME spends on rerolls before TARGET rolls (W3; the best "
                                                   "stands). Without it, asked after each roll while NAME has one.")]
              = None) -> None:
    """A held character cuts into the one acting now: opposed Agility, the holder rolls first (its
    bennies spent before the target rolls); the winner goes first, a tie is simultaneous (W4).
    A holder that loses keeps its hold and acts right after the target.

    Example: sprawl interrupt Ada Priestess --bennies 0
    """
    from sprawl_cli.systems.savage_worlds.cards import interrupt as cut_in

    _act("interrupt", actor=name, rule=lambda game, dice, table: cut_in(game, dice, game.character(name),
                                                                       game.character(target), table, bennies))


# --- attacks ------------------------------------------------------------------------------
def _names(raw: str | None) -> list[str]:
    from sprawl_cli.api import parse_names

    return parse_names(raw or "")


def _fresh(opts: Options) -> Options:
    """A copy of the options for one run of the rule: a terminal runs it twice (a rehearsal, then
    under the lock), and the rule writes into its options (drawn, who was under a template)."""
    import copy

    return copy.deepcopy(opts)


def _covers(raw: str | None) -> dict[str, str] | None:
    """`--victim-cover Pike=medium,...` (those in cover; the rest are in the open), `none` (nobody
    else is), or None when not given (asked)."""
    from sprawl_cli.api import UsageProblem

    if raw is None:
        return None
    out: dict[str, str] = {}
    for item in _names(raw):
        who, sep, cover = item.partition("=")
        if not sep:
            raise UsageProblem(f"--victim-cover wants NAME=COVER pairs (Ada=medium), not '{item}'")
        out[who.strip()] = cover.strip().lower()
    return out


@app.command()
def fight(
    attacker: Attacker,
    defender: Annotated[str, typer.Argument(help="Who is attacked.")],
    weapon: WeaponOpt = None,
    called: Called = None,
    drop: Drop = False,
    actions: Actions = None,
    disarm: Disarm = False,
    nonlethal: Nonlethal = False,
    draw: Draw = False,
    draw_kind: DrawKind = None,
    mod: Mod = 0,
) -> None:
    """Fighting against the defender's Parry (+2 if it defends); a raise adds a d6 of damage (W5).
    The two must be in base contact: asked on a terminal, or `--yes`. With --draw, whether the
    draw is easy or hard is asked too (or --draw-kind).

    Dice: Fighting die (and aces), Wild Die; damage: Strength die, weapon dice, raise d6.
    Example: sprawl fight Jonah "Acolyte 1" --yes --dice 7,3,5,4
    """
    from sprawl_cli.systems.savage_worlds.attacks import Options
    from sprawl_cli.systems.savage_worlds.attacks import fight as melee

    opts = Options(weapon=weapon, called=called, drop=drop, actions=actions, disarm=disarm, nonlethal=nonlethal,
                   mod=mod, draw=draw, draw_kind=draw_kind)
    _act("fight", actor=attacker, door="fight --drop" if drop else None, rule=lambda game, dice, table: melee(game, dice, game.character(attacker), game.character(defender),
                                                  _fresh(opts), table), **{"draw-kind": draw_kind})


@app.command()
def shoot(
    attacker: Attacker,
    target: Annotated[str, typer.Argument(help="Who is shot at (or where a template is aimed).")],
    weapon: WeaponOpt = None,
    range_: RangeOpt = None,
    distance: Annotated[Optional[float], typer.Option("--distance", min=0, max=MOST_INCHES, metavar="INCHES",
                                                      help="Measured distance: picks the band; caps deviation.")] = None,
    cover: Cover = None,
    light: Light = None,
    called: Called = None,
    aim: Annotated[bool, typer.Option("--aim", help="Aimed a full round without moving: +2 (`aim` gives it by "
                                                    "itself once cards are out).")] = False,
    crouching: Annotated[bool, typer.Option("--crouching", help="The target crouches: -1.")] = False,
    draw: Draw = False,
    draw_kind: DrawKind = None,
    rof: Annotated[int, typer.Option("--rof", min=1, max=MAX_ROF, help="Shooting dice to roll (up to the weapon's rate of "
                                                          "fire); 2 or more is autofire, -2.")] = 1,
    targets: Annotated[Optional[str], typer.Option("--targets", metavar="NAMES",
                                                   help="With --rof: the targets of the second, third... die "
                                                        "(the rest at TARGET).")] = None,
    double_tap: Annotated[bool, typer.Option("--double-tap", help="+1 to hit and damage.")] = False,
    burst: Annotated[bool, typer.Option("--burst", help="Three-round burst: +2 to hit and damage.")] = False,
    drop: Drop = False,
    actions: Actions = None,
    template: Annotated[Optional[str], typer.Option("--template", click_type=click.Choice(
        ["small", "medium", "large"]), help="Area effect burst template (default: the weapon's).")] = None,
    victims: Annotated[Optional[str], typer.Option("--victims", metavar="NAMES|none",
                                                   help="Who (else) is under the template.")] = None,
    victim_cover: Annotated[Optional[str], typer.Option("--victim-cover", metavar="NAME=COVER,...",
                                                        help="Who else under a template is in cover (armour), the rest in the "
                                                             "open; none: nobody (asked when not given).")] = None,
    dive: Annotated[Optional[str], typer.Option("--dive", metavar="NAMES",
                                                help="Victims who saw it coming dive clear (Agility -2).")] = None,
    disarm: Disarm = False,
    nonlethal: Nonlethal = False,
    into_melee: Annotated[Optional[str], typer.Option("--into-melee", metavar="NAMES|none",
                                                      help="Who else fights in the target's melee (house bystander "
                                                           "rule), or none (asked when not given).")] = None,
    bystander: Annotated[Optional[str], typer.Option("--bystander", metavar="NAME",
                                                     help="Who a stray shot hits (the referee's pick).")] = None,
    mod: Mod = 0,
) -> None:
    """Shooting or Throwing against 4 with every modifier (W5); rate of fire with one Wild Die
    (W2); area templates with deviation, cover as armour and diving clear (W6). The range band
    is --range, or picked by --distance, or asked on a terminal; so are the target's cover
    (--cover), the light (--light) and who else is in its melee (--into-melee; not for a
    template): a script that leaves one out is refused, naming the option.

    Dice: shooting dice (each with its aces), Wild Die; a missed template's deviation die and d12;
    per victim its dive test and damage (weapon dice, raise d6).
    Example: sprawl shoot Ada Priestess --range medium --cover light --light normal --into-melee none --dice 6,2,4,3
    """
    from sprawl_cli.systems.savage_worlds.attacks import Options
    from sprawl_cli.systems.savage_worlds.attacks import shoot as fire

    opts: Options = Options(
        weapon=weapon, range=range_, distance=distance, cover=cover, light=light, called=called, aim=aim, rof=rof,
        targets=_names(targets),
        double_tap=double_tap, burst=burst, drop=drop, actions=actions, template=template, mod=mod, disarm=disarm,
        nonlethal=nonlethal, into_melee=None if into_melee is None else _names(into_melee), dive=_names(dive),
        victim_cover=_covers(victim_cover), crouching=crouching, draw=draw, draw_kind=draw_kind)
    _act("shoot", actor=attacker, door="shoot --drop" if drop else None, rule=lambda game, dice, table: fire(game, dice, game.character(attacker), game.character(target),
                                                 _fresh(opts), table),
         victims=victims, bystander=bystander, distance=None if distance is None else str(int(distance)),
         cover=cover, light=light, **{"into-melee": into_melee, "draw-kind": draw_kind})


@app.command()
def suppress(
    attacker: Attacker,
    weapon: WeaponOpt = None,
    range_: RangeOpt = None,
    distance: Annotated[Optional[float], typer.Option("--distance", min=0, max=MOST_INCHES, metavar="INCHES",
                                                      help="Measured distance to the area: picks the band.")] = None,
    light: Light = None,
    victims: Annotated[Optional[str], typer.Option("--victims", metavar="NAMES|none",
                                                   help="Who is under the medium burst template (asked on a "
                                                        "terminal).")] = None,
    actions: Actions = None,
    mod: Mod = 0,
) -> None:
    """Suppressive fire (house: the chapter names it, never prints it): an automatic weapon's whole
    rate of fire into a medium burst template, one Shooting roll at -2 (autofire) against 4; on a
    success everyone under it tests Spirit: a failure is Shaken, a natural 1 on the Spirit die a hit.
    Uses 5 x the rate of fire in ammunition.

    Dice: the Shooting die (and aces), Wild Die; each one under it: Spirit, damage on a 1.
    Example: sprawl suppress Jonah --range short --light normal --victims "Acolyte 1,Acolyte 2" --actions 1 --dice 6,2,4,1,3,2,5
    """
    from sprawl_cli.systems.savage_worlds.attacks import Options
    from sprawl_cli.systems.savage_worlds.suppression import suppress as spray

    opts = Options(weapon=weapon, range=range_, distance=distance, light=light, actions=actions, mod=mod)
    _act("suppress", actor=attacker, rule=lambda game, dice, table: spray(game, dice, game.character(attacker), _fresh(opts), table),
         victims=victims, light=light)


@app.command(name="break")
def break_(
    name: Name,
    thing: Annotated[str, typer.Argument(help="light-door, heavy-door, lock, handcuffs, knife, sword, rope, "
                                              "small-shield, medium-shield, large-shield.", metavar="OBJECT")],
    kind: Annotated[Optional[str], typer.Option("--type", click_type=click.Choice(["blunt", "cutting", "piercing"]),
                                                help="The damage type of the attack (default: a gun's bullets "
                                                     "pierce, a shotgun and bare hands are blunt; other "
                                                     "weapons are asked).")] = None,
    ranged: Annotated[bool, typer.Option("--ranged", help="Shoot at it (TN 4) instead of striking (Parry 2).")] = False,
    range_: RangeOpt = None,
    cover: Cover = None,
    light: Light = None,
    weapon: WeaponOpt = None,
    actions: Actions = None,
    mod: Mod = 0,
) -> None:
    """Attack an object (W7): Parry 2, damage with no raise and no aces against its Toughness.
    A blow needs the object within reach: asked on a terminal, or `--yes`. A shot (`--ranged`)
    takes its range band, the object's cover and the light as `shoot` does (each asked when not
    given: --range, --cover, --light).

    Example: sprawl break Jonah heavy-door --yes --type cutting --weapon Axe
    """
    from sprawl_cli.systems.savage_worlds.attacks import Options
    from sprawl_cli.systems.savage_worlds.objects import break_object

    opts = Options(weapon=weapon, actions=actions, mod=mod, range=range_, cover=cover, light=light)
    _act("break", actor=name, rule=lambda game, dice, table: break_object(game, dice, game.character(name), thing, kind, ranged,
                                                         _fresh(opts), table), type=kind, cover=cover, light=light)


@app.command()
def finish(name: Name, victim: Annotated[str, typer.Argument(help="The helpless foe.")]) -> None:
    """Finish off a helpless (incapacitated) foe as an action; no roll. It is done up close: whether
    the two are in contact is asked on a terminal, or `--yes`.

    Example: sprawl finish Jonah "Acolyte 2" --yes
    """
    from sprawl_cli.systems.savage_worlds.objects import finish as dispatch

    _act("finish", actor=name, rule=lambda game, dice, table: dispatch(game, game.character(name), game.character(victim), table))
