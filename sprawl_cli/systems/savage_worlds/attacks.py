"""Attacks (W5): Fighting against Parry, Shooting and Throwing against 4 with every
modifier, rate of fire, raise damage, disarming, firing into a melee; the blast of an area
effect is `blasts`, breaking things and finishing moves `objects`.

Dice order: the attack's trait dice then the Wild Die (W1); for a template that misses, the
deviation die and the d12 clock; then each victim in turn: a diving-clear Agility test
(templates) and the damage dice (Strength die, weapon dice, raise d6, each with its aces);
then a disarm's Strength test; then any bystander's damage.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Dice, RuleRefusal, Table, refuse
from sprawl_cli.systems.savage_worlds import turn
from sprawl_cli.systems.savage_worlds.damage import DamageRoll, Victim, hit, restore, roll_damage, snapshot
from sprawl_cli.systems.savage_worlds.model import Character, Game, TestRecord, Weapon
from sprawl_cli.systems.savage_worlds.traits import TN, Situation, TraitTest, character_test, own_modifiers

RANGES = {"short": 0, "medium": -2, "long": -4}
COVER = {"light": -1, "medium": -2, "heavy": -4, "near-total": -6}
LIGHT = {"dim": -1, "dark": -2, "pitch": -4}
CALLED = {"limb": (-2, 0), "head": (-4, 4), "small": (-4, 4), "tiny": (-6, 4)}  # to hit, to damage
TEMPLATES = ("small", "medium", "large")
DARK_SIGHT = 10  # inches: in the dark, targets further away are not seen


@dataclass
class Options:
    """What the attacker says it does: the command's options, kept for a benny's redo."""

    weapon: str | None = None
    range: str | None = None
    distance: float | None = None
    cover: str | None = None
    light: str | None = None
    called: str | None = None
    aim: bool = False
    rof: int = 1
    double_tap: bool = False
    burst: bool = False
    drop: bool = False
    actions: int | None = None  # the turn's action count (W2); None: asked at the turn's first roll
    template: str | None = None
    mod: int = 0
    disarm: bool = False
    nonlethal: bool = False
    into_melee: list[str] | None = None  # who else fights in the target's melee; None: not said, asked
    dive: list[str] = field(default_factory=list)
    victim_cover: dict[str, str] | None = None  # those under a template in cover (the rest in the open); None: asked
    targets: list[str] = field(default_factory=list)  # with --rof: the targets of the second, third... die
    crouching: bool = False  # the target crouches: -1 to ranged attacks at it
    draw: bool = False  # the weapon is drawn as part of this turn: one more action
    draw_kind: str | None = None  # easy | hard (W2's Agility roll); None: not said, asked
    under: list[str] | None = None  # filled in by the blast: who the template caught (a benny's redo reuses it)
    dove: dict[str, bool] = field(default_factory=dict)  # filled in by the blast: who dived clear


@dataclass
class AttackOutcome:
    kind: str  # fight | shoot
    attacker: str
    target: str
    weapon: str
    test: TraitTest
    victims: list[Victim] = field(default_factory=list)
    deviation: dict[str, Any] | None = None
    template: str | None = None
    dives: list[dict[str, Any]] = field(default_factory=list)
    disarm: dict[str, Any] | None = None
    bystanders: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    forced: list[str] = field(default_factory=list)
    game: dict[str, Any] = field(default_factory=dict)
    damage_modifiers: dict[str, int] = field(default_factory=dict)  # added to every damage total (W4, W5)

    def to_json(self) -> dict[str, Any]:
        data = self.test.to_json()
        data.update({
            "kind": self.kind, "attacker": self.attacker, "target": self.target, "weapon": self.weapon,
            "victims": [v.to_json() for v in self.victims], "hits": self.test.hits,
            "template": self.template, "deviation": self.deviation, "dives": self.dives,
            "disarm": self.disarm, "bystanders": self.bystanders, "notes": self.notes,
            "forced": self.forced, "game": self.game, "damage_modifiers": self.damage_modifiers,
        })
        return data


def require_able(game: Game, c: Character, table: Table) -> None:
    """The acting character must be standing and not Shaken (W8: Shaken only recovers)."""
    from sprawl_cli.systems.savage_worlds.cards import require_standing

    if game.over:
        raise RuleRefusal("the game is over")
    require_standing(c, table)
    if c.has("shaken"):
        refuse(table, f"{c.name} is Shaken: `recover {c.name}` first (a Spirit test, or a benny)")


def choose(value: str | None, allowed: dict[str, Any] | tuple[str, ...], what: str) -> None:
    if value is not None and value not in allowed:
        raise BadInput(f"--{what} {value}: use one of {', '.join(allowed)}")


def range_band(weapon: Weapon, opts: Options, table: Table, attacker: Character | None = None,
               aimed_at: str = "the target") -> str:
    """The band named, else the one `--distance` falls in (W5), else the table's answer: how far
    the target is only the table knows (asked on a terminal, refused naming `--range` without one).
    A benny's redo reuses the band the attack was resolved at (`redo_attack`).

    Raises:
        NeedsAnswer: neither --range nor --distance, and nobody to ask.
    """
    choose(opts.range, RANGES, "range")
    if opts.range:
        return opts.range
    if opts.distance is None:
        short, medium, long = weapon.bands
        whose = f"{attacker.name}'s {weapon.name}" if attacker is not None else weapon.name
        return table.choose("range", f"Which range band is {aimed_at} in for {whose}: short (up to {short}\"), "
                                     f"medium (up to {medium}\") or long (up to {long}\")?", list(RANGES))
    short, medium, long = weapon.bands
    for band, limit in (("short", short), ("medium", medium), ("long", long)):
        if opts.distance <= limit:
            return band
    refuse(table, f"{opts.distance:g}\" is beyond {weapon.name}'s long range of {long}\"")
    return "long"


def attack_situation(game: Game, c: Character, target: Character | None, weapon: Weapon, opts: Options,
                     table: Table, ranged: bool) -> tuple[Situation, Situation, str]:
    """Every to-hit modifier (W2, W4, W5, W8), the damage modifiers (each named), and the range band."""
    for value, allowed, what in ((opts.cover or None, COVER, "cover"), (opts.light or None, LIGHT, "light"),
                                 (opts.called, CALLED, "called"), (opts.template, TEMPLATES, "template")):
        choose(value, allowed, what)
    s = own_modifiers(game, c, opts.actions or 1)
    damage = Situation()
    damage.add("joker", game.joker_bonus(c))  # W4
    band = "short"  # bookkeeping only: a hand attack has no range band, and its callers drop it
    called = "limb" if opts.disarm and not opts.called else opts.called
    if opts.disarm and opts.nonlethal and ranged:
        called = "small"  # aiming at the weapon itself
    if called and not (opts.template or weapon.template):
        s.add(f"called {called}", CALLED[called][0])
        damage.add(f"called {called}", CALLED[called][1])
    if ranged:
        band = range_band(weapon, opts, table, c, target.name if target is not None else "the target")
        s.add(f"{band} range", RANGES[band])
        cover = opts.cover
        if target is not None and target.has("prone") and COVER.get(cover or "", 0) > COVER["medium"]:
            cover = "medium"  # prone counts as medium cover
        if cover and not (opts.template or weapon.template):
            s.add(f"{cover} cover", COVER[cover])
        if opts.light:
            s.add(f"{opts.light} light", LIGHT[opts.light])
        if opts.light == "dark" and opts.distance is not None and opts.distance > DARK_SIGHT:
            refuse(table, f"in the dark nothing is seen beyond {DARK_SIGHT}\"; the target is {opts.distance:g}\" away")
        if opts.crouching:
            s.add("crouching target", -1)
        if opts.aim:
            s.add("aim", 2)
        if opts.rof > 1:
            s.add("autofire", -2)
        if opts.double_tap:
            s.add("double tap", 1)
            damage.add("double tap", 1)
        if opts.burst:
            s.add("three-round burst", 2)
            damage.add("three-round burst", 2)
    elif opts.cover or opts.light or opts.aim or opts.rof > 1 or opts.double_tap or opts.burst or opts.crouching:
        raise BadInput("--cover, --light, --aim, --rof, --double-tap, --burst and --crouching are for `shoot`")
    if opts.drop:
        s.add("the drop", 4)
        damage.add("the drop", 4)
    s.add("referee", opts.mod)
    return s, damage, band


def check_fire(c: Character, weapon: Weapon, opts: Options, table: Table) -> None:
    if opts.rof < 1:
        raise BadInput(f"--rof {opts.rof}: fire at least one die")
    if opts.rof > weapon.rof:
        refuse(table, f"{weapon.name} has a rate of fire of {weapon.rof}; --rof {opts.rof} is more")
    if opts.double_tap and opts.burst:
        raise BadInput("--double-tap and --burst are two ways of firing; choose one")
    if (opts.double_tap or opts.burst) and opts.rof > 1:
        raise BadInput("a double tap or a burst is a single shooting die; drop --rof")
    if opts.burst and weapon.rof < 2:
        refuse(table, f"{weapon.name} is not automatic (rate of fire {weapon.rof}); no three-round burst")
    if opts.template and opts.rof > 1:
        raise BadInput("an area-effect attack is one die; drop --rof")
    if len(opts.targets) > opts.rof - 1:
        raise BadInput(f"--targets names the targets of the dice after the first; --rof {opts.rof} leaves room for "
                       f"{opts.rof - 1}")


def helpless(attacker: Character, target: Character, table: Table) -> None:
    """An incapacitated foe is out of the fight: `finish` dispatches it (the referee may force an attack)."""
    if target.has("incapacitated") and not target.dead:
        refuse(table, f"{target.name} is incapacitated already; `finish {attacker.name} {target.name}` dispatches "
                      "a helpless foe")


def friendly_fire(attacker: Character, target: Character, table: Table) -> None:
    """An attack on someone of the attacker's own side is asked about (or needs `--yes`).

    Raises:
        RuleRefusal: the answer was no (nothing done).
        NeedsAnswer: nobody to ask and no --yes.
    """
    if target.squad == attacker.squad and not table.confirm(
            f"{target.name} is on {attacker.name}'s own side ({target.squad}): attack anyway?"):
        raise RuleRefusal(f"{attacker.name} does not attack {target.name}; nothing was changed")


NO_COVER = "none"
NORMAL_LIGHT = "normal"


def sight(attacker: Character, aimed_at: str, opts: Options, table: Table, cover: bool = True) -> None:
    """The cover of what is shot at (`aimed_at`, unless not `cover`) and the light (W5): asked on
    a terminal when unsaid, refused naming --cover or --light without one; kept in `opts`.

    Raises:
        NeedsAnswer: an unsaid fact and nobody to ask.
    """
    if cover and opts.cover is None:
        opts.cover = table.choose("cover", f"What cover does {aimed_at} have from {attacker.name}: none, "
                                           "light (-1), medium (-2), heavy (-4) or near-total (-6)?",
                                  [NO_COVER, *COVER])
    if opts.cover == NO_COVER:
        opts.cover = ""
    if opts.light is None:
        opts.light = table.choose("light", f"How is the light for {attacker.name}'s shot: normal, dim (-1), "
                                           "dark (-2, nothing seen beyond 10\") or pitch (-4)?",
                                  [NORMAL_LIGHT, *LIGHT])
    if opts.light == NORMAL_LIGHT:
        opts.light = ""


def scene(game: Game, attacker: Character, target: Character, weapon: Weapon, opts: Options, table: Table,
          shot: bool = True) -> None:
    """What only the table sees about a shot (W5): the target's cover, the light and, for a shot
    at one model, who else is locked in a melee with it (the bystander rule). Each is asked on a
    terminal when its option did not say it, and refused naming the option without one: never
    assumed to be none. The answers go into `opts`, so a benny's reroll does not ask again.
    `shot` False (suppressive fire) asks only the light.

    Raises:
        NeedsAnswer: an unsaid fact and nobody to ask.
    """
    sight(attacker, target.name, opts, table, cover=shot)
    if not shot:
        return
    if opts.into_melee is None and not (opts.template or weapon.template):
        others = [c.name for c in game.characters if not c.gone and c not in (attacker, target)]
        opts.into_melee = table.names(
            "into-melee", f"Is {target.name} locked in a melee? Name the others fighting in it (a missing "
                          "die showing 1 may hit one of them), or none.", others)


def in_sight(attacker: Character, target: Character, opts: Options, table: Table) -> None:
    """W5 darkness: in the dark a target further than 10" is not seen, in pitch darkness only
    one whose whereabouts the attacker knows roughly; the table says (or `--distance`, `--yes`).

    Raises:
        RuleRefusal: the answer was no (nothing done).
        NeedsAnswer: nobody to ask.
    """
    if opts.light == "dark" and opts.distance is None:
        question = f"Is {target.name} within {DARK_SIGHT}\" of {attacker.name}? (in the dark nothing further is seen)"
    elif opts.light == "pitch":
        question = f"Does {attacker.name} know roughly where {target.name} is? (pitch darkness hides everyone else)"
    else:
        return
    if not table.confirm(question):
        raise RuleRefusal(f"{attacker.name} cannot see {target.name} to shoot at it; nothing was changed")


def in_contact(attacker: Character, defender: Character | str, table: Table,
               needs: str = "a Fighting attack needs bases touching (W5)") -> None:
    """W5: a Fighting attack reaches only a foe touching the attacker's base (a blow at an
    object, named by a string, or a finishing move only what is within reach: `needs` says
    which). Nothing here tracks where models stand or who is locked in melee, so every one asks
    (`--yes` answers it).

    Raises:
        RuleRefusal: the answer was no (forceable: the referee may let the blow land anyway).
        NeedsAnswer: nobody to ask and no --yes.
    """
    other = defender if isinstance(defender, str) else defender.name
    touching = "" if isinstance(defender, str) else " (base to base)"
    if not table.confirm(f"Is {attacker.name} in contact with {other}{touching}?"):
        refuse(table, f"{attacker.name} is not in contact with {other}: {needs}; move into contact first "
                      f"(`move {attacker.name} INCHES`)")


def start_action(game: Game, c: Character) -> None:
    """Acting uses a hold and ends a Defend (W4, W5); the last attack's hits can no longer be soaked."""
    c.drop("on_hold")
    c.drop("defending")
    game.soakable = {}


def fight(game: Game, dice: Dice, attacker: Character, defender: Character, opts: Options,
          table: Table) -> AttackOutcome:
    """W5: Fighting against the defender's Parry (+2 while it defends); a raise adds a d6.

    Raises:
        RuleRefusal: the attacker cannot act (forceable), the defender is itself, the table says the
            two are not in contact (forceable).
        NeedsAnswer: contact is asked, and neither a terminal nor --yes answers it.
    """
    require_able(game, attacker, table)
    if attacker is defender:
        raise BadInput(f"{attacker.name} cannot attack itself")
    if defender.dead:
        raise RuleRefusal(f"{defender.name} is dead already")
    helpless(attacker, defender, table)
    weapon = attacker.weapon(opts.weapon, ranged=False)
    if weapon.ranged and "str" not in weapon.damage:
        raise BadInput(f"{weapon.name} is a ranged weapon; use `shoot`")
    draw(game, attacker, weapon, opts, table)
    turn.action(game, attacker, table, f"fight:{weapon.name}", "fight", None, holding=opts.drop)
    opts.actions = turn.paying(game, attacker, table, opts.actions)
    friendly_fire(attacker, defender, table)
    in_contact(attacker, defender, table)
    situation, damage, _ = attack_situation(game, attacker, defender, weapon, opts, table, ranged=False)
    start_action(game, attacker)
    test = character_test(dice, attacker, "fighting", situation, tn=defender.current_parry)
    before = {c.name: snapshot(c) for c in game.characters}
    outcome = AttackOutcome("fight", attacker.name, defender.name, weapon.name, test, forced=list(table.overruled),
                            damage_modifiers=dict(damage.mods))
    resolve(game, dice, attacker, defender, weapon, opts, test, damage.total, outcome, table, {})
    keep(game, attacker, outcome, opts, before, "short")  # bookkeeping: a hand attack's band is never read
    return outcome


def shoot(game: Game, dice: Dice, attacker: Character, target: Character, opts: Options,
          table: Table) -> AttackOutcome:
    """W5: Shooting or Throwing against 4 with range, cover, light, called shots, aim,
    autofire, double taps, bursts, the drop and the Joker; a rate of fire rolls several dice
    with one Wild Die (W2); a template blasts an area (W6).

    Raises:
        RuleRefusal: the attacker cannot act, too high a rate of fire, out of range (forceable).
        BadInput: options that do not go together.
        NeedsAnswer: neither --range nor --distance, and no terminal to ask the range band.
    """
    require_able(game, attacker, table)
    if attacker is target:
        raise BadInput(f"{attacker.name} cannot shoot itself")
    if not (opts.template or opts.into_melee):
        helpless(attacker, target, table)
    weapon = attacker.weapon(opts.weapon, ranged=True)
    if not weapon.ranged:
        raise BadInput(f"{weapon.name} is a hand weapon; use `fight`")
    check_fire(attacker, weapon, opts, table)
    draw(game, attacker, weapon, opts, table)
    turn.action(game, attacker, table, f"shoot:{weapon.name}", "shoot", None, once=False, holding=opts.drop)
    turn.shots(game, attacker, weapon.name, weapon.rof, opts.rof, table)
    opts.actions = turn.paying(game, attacker, table, opts.actions)
    spend_ammo(attacker, weapon, opts, table)
    take_aim(game, attacker, target, opts, table)
    aimed = [target] + [game.character(n) for n in opts.targets]
    for index, other in enumerate(aimed):
        if other not in aimed[:index]:
            friendly_fire(attacker, other, table)  # every target of the dice, each asked once
    if opts.range is None and opts.distance is None:  # the band first, then the scene: asked in that order
        opts.range = range_band(weapon, opts, table, attacker, target.name)
    scene(game, attacker, target, weapon, opts, table)
    in_sight(attacker, target, opts, table)
    situation, damage, band = attack_situation(game, attacker, target, weapon, opts, table, ranged=True)
    start_action(game, attacker)
    skill = weapon.attack_skill
    test = character_test(dice, attacker, skill, situation, tn=TN, count=opts.rof)
    before = {c.name: snapshot(c) for c in game.characters}
    outcome = AttackOutcome("shoot", attacker.name, target.name, weapon.name, test, forced=list(table.overruled),
                            damage_modifiers=dict(damage.mods))
    resolve(game, dice, attacker, target, weapon, opts, test, damage.total, outcome, table, {}, band)
    keep(game, attacker, outcome, opts, before, band)
    return outcome


def rounds_fired(weapon: Weapon, opts: Options) -> int:
    """Bullets an attack uses: rate of fire per autofire die, 2 for a double tap, 3 for a burst, else 1."""
    if opts.rof > 1:
        return weapon.rof * opts.rof
    return 3 if opts.burst else 2 if opts.double_tap else 1


def spend_ammo(c: Character, weapon: Weapon, opts: Options, table: Table, used: int | None = None) -> None:
    """Ammunition is spent (a roster's `shots`): `used` rounds, else what the shot fires
    (`rounds_fired`); more than is left is refused: `reload` first."""
    left = c.ammo(weapon)
    if left is None:
        return
    used = rounds_fired(weapon, opts) if used is None else used
    if used > left:
        refuse(table, f"{c.name}'s {weapon.name} has {left} round{'s' if left != 1 else ''} left and this fires "
                      f"{used}; `reload {c.name}` first")
    c.spent[weapon.name] = min(weapon.shots or 0, c.spent.get(weapon.name, 0) + used)


def draw(game: Game, attacker: Character, weapon: Weapon, opts: Options, table: Table) -> None:
    """Drawing the weapon in the same turn is one more action (-2 on the attack, W2). Whether it
    is an easy draw or a hard one (two weapons at once, one hidden away, a large or unwieldy one)
    only the table knows: asked, or `--draw-kind`; a hard one needs its Agility test first, so
    the attack is refused in favour of `draw --hard` (forceable: the referee lets it be easy).

    Raises:
        NeedsAnswer: the kind unsaid and nobody to ask.
        RuleRefusal: a hard draw (forceable).
    """
    if not opts.draw:
        return
    if opts.draw_kind is None:
        opts.draw_kind = table.choose(
            "draw-kind", f"Is drawing {attacker.name}'s {weapon.name} an easy draw, or a hard one (two weapons at "
                         "once, one hidden away, a large or unwieldy one: an Agility test first)?", ["easy", "hard"])
    if opts.draw_kind == "hard":
        refuse(table, f"drawing {weapon.name} is a hard draw, which needs an Agility test before the attack: "
                      f"`draw {attacker.name} --weapon \"{weapon.name}\" --hard` first, then attack")
    if not turn.refereed(game):
        opts.actions = max(opts.actions or 1, 2)  # the calculator: the draw is one more action
    turn.action(game, attacker, table, f"draw:{weapon.name}", "draw a weapon", None, holding=opts.drop)
    opts.draw = False  # drawn: a benny's redo of this attack does not draw it again


def take_aim(game: Game, attacker: Character, target: Character, opts: Options, table: Table) -> None:
    """W5: a round spent aiming at `target` (the `aim` command) gives +2 to the next round's
    shot at it, and is used by it; `--aim` without that round is refused once turns are refereed."""
    if not turn.refereed(game):
        return
    aimed = attacker.aim == target.name and attacker.aim_round == game.round - 1
    if opts.aim and not aimed:
        refuse(table, f"{attacker.name} did not spend last round aiming at {target.name}; `aim {attacker.name} "
                      f"{target.name}` takes a whole turn without moving, and the +2 comes the round after")
    if aimed:
        opts.aim = True
    attacker.aim = None


def resolve(game: Game, dice: Dice, attacker: Character, target: Character, weapon: Weapon, opts: Options,
            test: TraitTest, bonus: int, outcome: AttackOutcome, table: Table,
            kept: dict[str, list[list[list[int]]]], band: str = "short",
            deviation: dict[str, Any] | None = None) -> None:
    """What an attack's test does: damage for each hit (or the blast), a disarm, bystanders."""
    from sprawl_cli.systems.savage_worlds.cards import check_end

    template = opts.template or weapon.template
    if template:
        from sprawl_cli.systems.savage_worlds.blasts import blast

        blast(game, dice, attacker, target, weapon, opts, test, bonus, outcome, table, kept, band, deviation)
    else:
        aimed = [target] + [game.character(n) for n in opts.targets]  # W2: the dice may be split among targets
        hits_on: dict[str, int] = {}
        for index, result in enumerate(test.results):
            if not result.success:
                continue
            victim = aimed[index] if index < len(aimed) else target
            reuse = kept.get(victim.name, [])
            count = hits_on.get(victim.name, 0)
            hits_on[victim.name] = count + 1
            roll = roll_damage(dice, attacker, weapon.damage, f"{attacker.name}: damage to {victim.name}", bonus,
                               raise_die=result.raises >= 1, kept=reuse[count] if count < len(reuse) else None)
            if opts.nonlethal and opts.disarm:
                outcome.victims.append(Victim(victim.name, roll.rolls, roll.total, victim.base_toughness,
                                              "none", victim.wounds, applied=False, notes=["nonlethal disarm"]))
            else:
                outcome.victims.append(hit(game, victim, roll, toughness_against(victim, weapon)))
        if opts.disarm and outcome.victims:
            outcome.disarm = disarm_check(game, dice, target, outcome.victims[0].damage)
        if opts.into_melee:
            bystanders(game, dice, attacker, weapon, opts, test, outcome, table)
    check_end(game)
    outcome.game = {"over": game.over, "winner": game.winner, "reason": game.reason}


def toughness_against(target: Character, weapon: Weapon) -> int:
    """Toughness, less the armour the weapon's armour piercing ignores."""
    return target.base_toughness - min(weapon.ap, target.armor)


def disarm_check(game: Game, dice: Dice, target: Character, damage: int) -> dict[str, Any]:
    """Disarm: a limb hit makes the defender test Strength; under the damage, it drops its weapon."""
    test = character_test(dice, target, "strength", own_modifiers(game, target), what="Strength (disarm)")
    dropped = None
    if test.total < damage and not target.gone:
        held = [w for w in target.weapons if w.name not in target.disarmed]
        if held:
            dropped = held[0].name
            target.disarmed.append(dropped)
    from sprawl_cli.systems.savage_worlds.bennies import remember

    remember(game, target, "disarm", test, {"against": damage, "dropped": dropped})
    return {"name": target.name, "test": test.to_json(), "against": damage, "dropped": dropped}


def bystanders(game: Game, dice: Dice, attacker: Character, weapon: Weapon, opts: Options, test: TraitTest,
               outcome: AttackOutcome, table: Table) -> None:
    """Firing into a melee (house, after the published Innocent Bystander rule): each missing
    shooting die (not the Wild Die) that shows a natural 1 (1 or 2 with autofire) hits one of
    the others in the fight, the referee's pick."""
    limit = 2 if opts.rof > 1 else 1
    names = [game.character(n).name for n in opts.into_melee or ()]  # asked before any die is rolled
    for faces, result in zip(test.trait_rolls, test.results, strict=True):
        if result.success or faces[0] > limit:
            continue
        pick = names[0] if len(names) == 1 else table.choose("bystander", "A stray shot hits someone in the melee: "
                                                                           "who?", names)
        who = game.character(pick)
        roll = roll_damage(dice, attacker, weapon.damage, f"{attacker.name}: damage to {who.name} (stray)")
        victim = hit(game, who, roll, toughness_against(who, weapon), ["bystander (house)"])
        outcome.bystanders.append(victim.to_json())


def keep(game: Game, attacker: Character, outcome: AttackOutcome, opts: Options,
         before: dict[str, dict[str, Any]], band: str) -> None:
    """Remember the attack so a benny can reroll it: the options, everyone's state before the
    damage, and the damage dice (which a reroll keeps, W3)."""
    from sprawl_cli.systems.savage_worlds.bennies import remember

    kept: dict[str, list[list[list[int]]]] = {}
    for v in outcome.victims:
        kept.setdefault(v.name, []).append(v.damage_rolls)
    remember(game, attacker, "attack", outcome.test, {
        "options": asdict(opts),
        "attack": outcome.kind, "target": outcome.target, "before": before,
        "damage": kept, "band": band, "deviation": outcome.deviation, "bonus": 0,
    })


def redo_attack(game: Game, dice: Dice, attacker: Character, record: TestRecord, new: TraitTest,
                table: Table) -> dict[str, Any]:
    """A better reroll of an attack (W3): everyone goes back to how the attack found them and
    the new result is resolved, reusing every damage die already rolled."""
    detail = record.detail
    try:
        opts = Options(**detail["options"])
        target = game.character(str(detail["target"]))
        before = {game.character(n).name: dict(state) for n, state in dict(detail["before"]).items()}
    except (TypeError, KeyError, ValueError, BadInput):
        raise RuleRefusal(f"{attacker.name}'s last attack was edited by hand and cannot be rerolled") from None
    if new.success != (int(record.successes) > 0):
        opts.under, opts.dove = None, {}  # the template lands elsewhere: who is under it is asked again
    ranged = detail["attack"] == "shoot"
    if ranged and opts.range is None and opts.distance is None and detail.get("band") in RANGES:
        opts.range = str(detail["band"])  # the band the table gave for the attack: not asked again
    weapon = attacker.weapon(opts.weapon, ranged=ranged)
    for name, state in before.items():
        restore(game.character(name), state)
    _, damage, _ = attack_situation(game, attacker, target, weapon, opts, table, ranged)
    game.over, game.winner, game.reason = False, None, None
    game.soakable = {}
    outcome = AttackOutcome(str(detail["attack"]), attacker.name, target.name, weapon.name, new,
                            damage_modifiers=dict(damage.mods))
    kept = {k: [list(map(list, r)) for r in v] for k, v in dict(detail["damage"]).items()}
    resolve(game, dice, attacker, target, weapon, opts, new, damage.total, outcome, table, kept,
            str(detail.get("band", "short")), detail.get("deviation"))
    new_kept: dict[str, list[list[list[int]]]] = {}
    for v in outcome.victims:
        new_kept.setdefault(v.name, []).append(v.damage_rolls)
    detail["damage"] = new_kept
    detail["options"] = asdict(opts)
    return outcome.to_json()


__all__ = ["Options", "AttackOutcome", "fight", "shoot", "DamageRoll"]
