"""Gunplay's `rules` topics, in this project's own words; each ruling carries its number,
and the tool's own choices are marked house."""

from __future__ import annotations

TOPICS: dict[str, tuple[str, str]] = {
    "ladder": ("The difficulty ladder (G1)", """\
Every test sits on one column: automatic, easy (3), moderate (6), hard (9), impossible.
Roll a d12, add the dice modifiers, and the test passes only when the total is over the column's number; a tie fails.
Shifts move the column: each +1 one step toward automatic, each -1 one step toward impossible. Add all shifts up first, then move.
Going beyond easy gives automatic and beyond hard gives impossible; neither is rolled.
Setting `die: d20` (`sprawl new --setting die=d20`) rolls a d20 against 5 / 10 / 15 instead.
`sprawl roll --system gunplay --column hard --shift 1 --mod -1` rolls one test; `sprawl odds` gives its exact chance."""),
    "turn": ("Turns and initiative (G2)", """\
A turn opens with each side rolling a d12 (a tie for the top roll is rolled again by the tied sides).
The top roll's side activates one character; then the sides take it in turns, one character each.
A side with nobody left to activate is passed over; the others go on until everyone has activated.
With three or more sides an even winning roll goes on in roster order (clockwise), an odd one in reverse.
`sprawl next` closes the turn once all have activated (`--force` closes it anyway) and rolls the next initiative."""),
    "actions": ("Actions (G3)", """\
An activation is two actions; the first starts it, the second ends it, and `done NAME` ends it sooner.
Nobody else acts in the middle of another character's activation.
Actions: cautious move (3"), quick move (6" in a straight line; crossing difficult ground takes a test whose column the players choose: `move NAME --quick --difficult moderate`), recover, interact, pass, fire, aim, strike, charge.
A cautious move plus a fire can be one action, but then the aim does not count (`fire ... --moving cautious`).
A quick move plus a fire can be one action, at one shift to the right (`fire ... --moving quick`).
House (G9): the aim does not count for a quick move plus a fire either; `fire` says when an aim is left out, and why.
House (G10): an aim counts only for a fire in the same activation; one taken as the last action lapses when the activation ends.
A quick move asks whether its line is straight (`--yes` says so) and what difficult ground it crosses (`--difficult COLUMN`, or `--difficult none`); `interact` asks whether the object is in contact (`--yes`).
Facing (G11): a quick move ends facing the way it went, a cautious one any way at all. The model on the table shows it; no rule of the tool reads it, so it is not kept.
House: a prone character that moves or charges gets up."""),
    "firing": ("Firing (G4)", """\
The column comes from the target's cover: in the open easy, some cover (a third or more hidden) moderate, lots of cover (two thirds or more) hard.
Shifts: +1 when the firer's previous action was aiming at this same target; -1 for a quick move fired on the go; -1 at effective range, -2 at extreme. Out past extreme range there is no shot.
Each wound the firer carries is -1 on the die; a roster's `shooting` skill is added too.
Roll one d12 per point of the weapon's rate of fire; every die that passes is a hit.
`--distance 20` picks the band from the weapon's ranges (up to and including each limit); `--range` names it instead.
Without `--cover`, or without `--range` and `--distance`, the cover or the band is asked (a terminal answers; otherwise the fire is refused, naming the option)."""),
    "weapons": ("Weapons (G5, house gear)", """\
House values, taken from the rule text's example table:
Pistol: rate of fire 1, ranges 9" / 18" / 36", damage 1.
Rifle: rate of fire 1, ranges 18" / 36" / 72", damage 2.
Shotgun: rate of fire 1, ranges 12" / 24" / 48", damage 2 at close range and 1 farther out.
Knife: melee, damage 1. No melee weapon: unarmed, damage 0.
A roster may define its own weapon inline: `{name: SMG, damage: 1, rof: 3, ranges: [6, 12, 24]}`."""),
    "toughness": ("Wounds and Toughness (G6)", """\
Each hit is a wound that stays for the whole game.
Then the one hit tests Toughness: start at automatic and shift right once per point of the weapon's damage and once per wound it had before this hit. No dice modifiers apply.
A failure leaves it down, lying on its back.
House: a character hit while already down takes the wound but rolls no Toughness test."""),
    "down": ("Down, recovery and removal (G7)", """\
When a down character activates, its first action must be `recover NAME`: a test from automatic shifted right once per wound.
Passing: it is prone and may still take its second action. Failing: it takes another wound and its activation is over.
Once that test could only be impossible (four wounds on the ladder) the character is removed from the game at once.
A side with everyone removed has lost; the last side with anyone left wins. When the last characters of every side go in one exchange (equal melee rolls), it is a draw.
With three or more sides, a side that concedes leaves the game (its characters are removed) and the others play on.
`set NAME wounds N` lets the referee correct a wound count (0 to 5)."""),
    "melee": ("Melee (G8)", """\
Striking is hard: +1 shift when charging, +1 when the target is down; -1 on the die per wound, plus the `melee` skill.
Both fighters roll a d12 together (the one struck answers for free, unless it is down and cannot).
The lower natural roll goes first: if it passes its own column the other takes a wound and a Toughness test, and only if the other is still up does it check its own roll. Equal rolls land together.
Each uses its most damaging melee weapon (unarmed is damage 0); `--weapon` picks the striker's.
`strike NAME TARGET` is one action; `charge NAME TARGET` is a quick move into contact and a strike, also one action."""),
    "examples": ("The text's worked examples", """\
Firing: a rifleman with one wound aims, then fires at a target 20" away with lots of cover: hard, aim brings it to moderate, effective range back to hard; with -1 for the wound an 11 or 12 hits.
Melee: a knife fighter charges and rolls 6, the defender rolls 10; the charger goes first at moderate and misses on the 6, then the 10 beats hard and the charger tests Toughness.
Toughness: a rifle hit (damage 2) on someone with one wound already is hard: a 10 or more keeps it up."""),
    "house": ("House rulings", """\
Where the rule text leaves a gap, the tool decides as follows (each is labelled house wherever it shows):
G5: the text's example weapons (pistol, rifle, shotgun, knife) are the standard gear, and bare hands are damage 0.
G6: a character already down that is hit takes the wound but no Toughness test (it cannot fall further).
G3: a prone character that moves, moves and fires, or charges gets up first.
G7: a down character whose recovery could only be impossible is removed as soon as that is so.
G9: an aim is lost by any move-and-fire, quick as well as cautious: the text takes it from the steadier cautious one, so the hastier quick one cannot keep it.
G10: an aim lapses when its activation ends (by its second action, `done`, or being put down): a whole round of other activations comes before the next action, and the shot it steadied is gone."""),
    "dice": ("Dice order", """\
`--dice` faces are used in this order: a turn's initiative d12s in side order (and any tie-break rolls);
`fire`: the rate-of-fire d12s, then a Toughness d12 for each hit; `strike` / `charge`: the striker's d12, the other's d12 (none when it is down), then Toughness d12s as the blows land;
`recover`: one d12; `move --difficult`: one d12. Automatic and impossible tests take no die."""),
}
