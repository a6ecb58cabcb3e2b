"""Area effects (W6): the template lands where aimed on a success; a miss deviates 1d6"
(thrown) or 1d10" (launched) times 1, 2 or 3 by range band, in the d12 clock direction,
never more than half the distance to the target. Cover counts as armour against the blast,
prone counts as medium cover, and those who saw it coming may dive clear (Agility -2).
Raises add no damage (W5).

Dice order: the attack (trait dice, Wild Die); on a miss the deviation die then the d12;
then each victim in the order named: its dive test (if it dives), then its damage dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sprawl_cli.api import BadInput, Dice, NeedsAnswer, Table
from sprawl_cli.systems.savage_worlds.damage import Victim, hit, roll_damage
from sprawl_cli.systems.savage_worlds.model import Character, Game, Weapon
from sprawl_cli.systems.savage_worlds.traits import TraitTest, character_test, own_modifiers

if TYPE_CHECKING:
    from sprawl_cli.systems.savage_worlds.attacks import AttackOutcome, Options

BAND_TIMES = {"short": 1, "medium": 2, "long": 3}
COVER_ARMOR = {"light": 1, "medium": 2, "heavy": 4, "near-total": 6}  # W6: the to-hit penalty as armour


def deviate(dice: Dice, attacker: Character, weapon: Weapon, band: str, distance: float | None) -> dict[str, Any]:
    """W6: how far (inches) and which way (clock face) a missed blast lands; capped at half
    the distance when it is known."""
    thrown = weapon.attack_skill == "throwing"
    sides = 6 if thrown else 10
    face = dice.roll(1, f"{attacker.name}: deviation", sides)[0]
    clock = dice.roll(1, f"{attacker.name}: deviation direction", 12)[0]
    rolled = face * BAND_TIMES[band]
    cap = distance / 2 if distance is not None else None
    inches = float(rolled) if cap is None else min(float(rolled), cap)
    return {"die": f"d{sides}", "roll": face, "times": BAND_TIMES[band], "rolled": rolled,
            "cap": cap, "inches": inches, "capped": cap is not None and rolled > cap, "clock": clock}


def blast_armor(c: Character, cover: str | None) -> tuple[int, str | None]:
    """Cover (or lying prone, medium cover) as armour against a blast."""
    armor = COVER_ARMOR.get(cover or "", 0)
    if c.has("prone") and armor < COVER_ARMOR["medium"]:
        return COVER_ARMOR["medium"], "prone"
    return armor, cover


def blast(game: Game, dice: Dice, attacker: Character, target: Character, weapon: Weapon, opts: Options,
          test: TraitTest, bonus: int, outcome: AttackOutcome, table: Table,
          kept: dict[str, list[list[list[int]]]], band: str, deviation: dict[str, Any] | None) -> None:
    """W6: place the template (deviating on a miss), then each victim under it dives or takes
    damage with its cover as armour and no raise damage."""
    template = opts.template or weapon.template or "small"
    outcome.template = template
    if not test.success:
        if deviation is None:
            distance = opts.distance
            if distance is None:  # W6: the cap needs it; asked, or refused naming --distance
                distance = float(table.number("distance", f"How far (inches) was {target.name} from "
                                              f"{attacker.name}? (deviation is capped at half of it)"))
            deviation = deviate(dice, attacker, weapon, band, distance)
        outcome.deviation = deviation
        question = (f"The {template} burst deviated {deviation['inches']:g}\" toward {deviation['clock']} "
                    "o'clock: who is under it now?")
    else:
        question = f"The {template} burst is centred on {target.name}: who else is under it?"
    if opts.under is None:
        opts.under = table.names("victims", question, [c.name for c in game.characters if not c.gone])
    victims = [game.character(n) for n in opts.under]
    if test.success and target not in victims:
        victims.insert(0, target)
    if opts.victim_cover is None:
        opts.victim_cover = victim_covers(table, attacker, template, [c for c in victims if c is not target])
    for key in opts.victim_cover:
        game.character(key)
    covers = {game.character(k).name: v for k, v in opts.victim_cover.items()}
    if opts.cover:
        covers.setdefault(target.name, opts.cover)  # the target's cover, as armour against the blast
    for cover in covers.values():
        if cover not in COVER_ARMOR:
            raise BadInput(f"cover '{cover}': use one of {', '.join(COVER_ARMOR)}")
    divers = {game.character(n).name for n in opts.dive}
    for c in victims:
        if c.name in divers:
            if c.name not in opts.dove:
                dive = character_test(dice, c, "agility", _dive_mods(game, c), what="Agility (dive clear)")
                outcome.dives.append({"name": c.name, **dive.to_json()})
                opts.dove[c.name] = dive.success
                from sprawl_cli.systems.savage_worlds.bennies import remember

                remember(game, c, "dive", dive, {"attacker": attacker.name})
            if opts.dove[c.name]:
                continue
        armor, why = blast_armor(c, covers.get(c.name))
        reuse = kept.get(c.name, [])
        roll = roll_damage(dice, attacker, weapon.damage, f"{attacker.name}: blast damage to {c.name}", bonus,
                           kept=reuse[0] if reuse else None)
        notes = [f"{why} cover: +{armor} armour"] if armor else []
        victim: Victim = hit(game, c, roll, c.base_toughness - min(weapon.ap, c.armor) + armor, notes)
        outcome.victims.append(victim)


def victim_covers(table: Table, attacker: Character, template: str, others: list[Character]) -> dict[str, str]:
    """W6: the cover of each victim under the template besides the target (whose cover is the
    shot's own): only the table sees it, so it is asked, one victim at a time, and refused
    naming --victim-cover without a terminal. The answers: those in cover, by name.

    Raises:
        NeedsAnswer: a victim's cover unsaid and nobody to ask.
    """
    out: dict[str, str] = {}
    for c in others:
        question = (f"What cover does {c.name} have under {attacker.name}'s {template} burst: none, light "
                    "(+1 armour), medium (+2), heavy (+4) or near-total (+6)?")
        try:
            answer = table.choose("victim-cover", question, ["none", *COVER_ARMOR])
        except NeedsAnswer:
            raise NeedsAnswer(f"{question} Give --victim-cover NAME=COVER,... for those in cover (the rest are in "
                              "the open), or --victim-cover none.") from None
        if answer != "none":
            out[c.name] = answer
    return out


def _dive_mods(game: Game, c: Character) -> Any:
    s = own_modifiers(game, c)
    s.add("diving clear", -2)
    return s
