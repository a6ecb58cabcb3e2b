"""`sprawl rules` topics for Savage Worlds, in this project's own words, each ruling labelled
with its number (W1-W8); W8, the bystander rule and suppressive fire are house rulings and say so."""

from __future__ import annotations

TOPICS: dict[str, tuple[str, str]] = {
    "traits": ("Trait tests (W1)", """\
Roll the die of the attribute or skill, add the modifiers, and compare with the target number, 4 unless something says otherwise. Reaching it succeeds; every full 4 beyond it is a raise.
A character without the skill rolls a d4 and takes 2 off (d4-2).
Dice ace: a die showing its highest face is rolled again and added, as often as it keeps doing so. Trait dice and damage dice both ace.
A Wild Card also rolls a d6 Wild Die (it aces too and takes the same modifiers) and keeps whichever total is better. If the trait die and the Wild Die both land on 1, that is snake eyes: a critical failure however high the total.
A trait written like d12+1 adds its +1 to both dice.
`sprawl roll --system savage-worlds d8 --wild --mod -2` rolls; `sprawl odds --system savage-worlds d8 --wild --mod -2` gives the exact chances."""),
    "several": ("Several dice, several actions (W2)", """\
A weapon's rate of fire N rolls N trait dice, which may go at different targets (`--targets` names those of the second die onward); a Wild Card adds a single Wild Die, which may stand in for the worst of them, so there are never more than N results (`results` in the JSON). With several dice, snake eyes needs the Wild Die and more than half the trait dice showing 1.
Doing more than one thing in a turn costs 2 on every roll of that turn for each action beyond the first, the first roll too (shown as "multi-action"). Once the cards are out, the turn's first roll needs the count: asked on a terminal, `--actions N` in a script (refused without it). Later rolls of the turn pay the same count by themselves; an action that would take the turn past it is refused, because the earlier rolls did not pay for it (`undo` them and give the right count, or `--force`). Running is one more -2 of its own: a character that ran this round takes it on everything else it does, and a run after a roll is refused the same way.
No action twice in a turn: one Fighting attack per weapon, and a weapon's dice (up to its rate of fire) are one action, all rolled at once: a second `shoot` with it in the same turn is refused.
Readying a weapon in a hurry is an action too (`draw NAME`, or `--draw` on the attack); two at once, a hidden or a large one also take an Agility success (`draw NAME --hard`).
A weapon whose roster gives `shots` counts its rounds: a full-auto die uses as many as its rate of fire, a double tap 2, a burst 3, any other shot 1; `reload NAME` (an action) fills it again, and `status` shows what is left."""),
    "bennies": ("Bennies (W3)", """\
A player side starts with a pool of 3 for each of its players, however many Wild Cards it has (`new --setting players=SIDE:N`; one player unless said, and `status` shows it). A game master's side (`gm: true` in its roster) gets one for each Wild Card on the other sides, and each of its own Wild Cards holds 2 of its own.
A benny rerolls a whole trait test (`benny NAME`: the last test NAME made); whichever result is better stands, and what it decided is decided again (a reroll that turns a miss into a hit rolls the damage; the damage dice already rolled are kept, since damage is never rerolled; a surprised character whose Notice now succeeds is dealt a card). An attack, a blow at an object, a soak, an interrupt, an opposed roll or a disarm can be rerolled only straight after it; soaking the same hit again keeps the best try. In `oppose` the acting side decides after each of its own rolls, before its opponent rolls (asked on a terminal; `--bennies N` in a script), and may not reroll afterwards; the opponent spends on its own roll (`benny OTHER`), and the winner is decided again. An interrupt goes the same way (the holder rolls first, `interrupt ... --bennies N`), and the turn follows the new winner.
A benny also ends Shaken at once (`recover NAME --benny`) or buys a soak (`soak NAME`). A character spends its own bennies first, then its side's pool."""),
    "cards": ("The action deck (W4)", """\
One 54-card deck, both Jokers in. `deal` starts each round: every Wild Card gets a card, a player's Extra acts on the card of the Wild Card whose player runs it (`new --setting allies=EXTRA:WILD_CARD`; its side's first Wild Card unless said, shown by `status`), the game master's Extras get one card per `group` (dealt at its first member) or one each without a group. Cards go out in roster order, squads in `new` order.
The countdown runs from Ace to Two; equal ranks go spades, hearts, diamonds, clubs. A Joker may act whenever it likes and adds +2 to its trait tests and damage that round.
After a round in which a Joker came out, the deck is shuffled before the next deal; it is shuffled also when it runs out mid-deal (the cards in hand stay out).
`next` brings up the next card (passing over cards whose characters are all out of the fight); after the last the round ends. `deal` while cards are still to come is refused.
Once the first round is dealt, only the characters whose card is up may act (a player's Extras act on their Wild Card's card, a group on its group's card); a Joker acts whenever it likes, once; a character on hold acts when it chooses. Anyone else is refused, saying whose card is up, and `--force` lets the referee overrule. A fight opens with a deal: before the first `deal` (or `standoff`) every action is refused, forceable; `roll` and `odds` are the calculator for a table that keeps its own turns. A Shaken character's first act on its turn is its recovery; it does nothing else until it recovers with a raise.
What a character did on its turn shows in `status`: its actions, the inches it moved, the shots each weapon fired."""),
    "hold": ("Hold, interrupts and surprise (W4)", """\
`hold NAME` waits (on its own card, before doing anything); the held turn lasts until used, even into later rounds, and a holder is not dealt a card meanwhile.
A holder's first action spends the hold and opens its turn there and then; its turn is over once someone else acts after it, or at `next`. `interrupt NAME TARGET` cuts into the one acting now: the two roll Agility against each other, the higher total goes first and a tie means both at once. A holder that wins spends its hold and acts now; one that loses keeps it and acts right after TARGET has done something (a `next` first leaves it holding): second, never first and never not at all.
`deal --surprise SQUAD`: the ambushers start on hold; everybody else tests Notice, and whoever fails gets no card in the first round and cannot act in it.
`standoff`: everyone is on hold for one round, acting by Agility from the highest down (acting before a higher total is refused; a benny on the roll moves the place); the next `deal` deals everyone in as usual.
A surprised character whose Notice reroll now succeeds is dealt a card; if it ranks above the card up, it comes up next."""),
    "attacks": ("Attacks (W5)", """\
Fighting: the target number is the defender's Parry, 2 plus half its Fighting die (just 2 without Fighting); a defender who chose to Defend adds 2 until its next action. Only a foe in base contact can be fought: sprawl does not know where models stand, so every `fight` asks (`--yes` says they touch; a "no" is refused, `--force` overrules it).
Shooting and throwing: the target number is 4. Range: short 0, medium -2, long -4; the band comes from `--range`, or from `--distance` and the weapon's bands, and otherwise is asked (never assumed). Cover: light -1, medium -2, heavy -4, near total -6 (a prone target counts as medium). Light: dim -1, dark -2, pitch dark -4. The target's cover (`--cover none|...`), the light (`--light normal|...`) and who else is in its melee (`--into-melee NAMES|none`) are asked on a terminal and refused without one: never taken as none. `--draw` asks whether the draw is easy or hard (`--draw-kind`); a hard one waits for `draw NAME --hard`.
Called shots: a limb -2; the head or vitals -4 with +4 damage; a small target -4 (+4 damage); a tiny one -6 (+4 damage).
Aiming a full round +2; full-auto fire -2; a double tap +1 to hit and damage; a three-round burst +2 and +2; the drop +4 and +4; a Joker +2 and +2.
A raise on the attack adds an acing d6 to the damage, but never for area effects or objects.
Disarm (`--disarm`): a limb shot; the defender then tests Strength and drops its weapon if the total is under the damage. `--nonlethal` deals no damage (a ranged disarm then aims at the weapon, -4)."""),
    "melee-fire": ("Firing into a melee (house)", """\
The chapter sends this to a bystander rule it does not print. House ruling, after the published game: with `--into-melee NAMES`, each shooting die (never the Wild Die) that misses with a natural 1 (1 or 2 on full auto) hits one of those named, the referee's pick, for normal damage without a raise."""),
    "suppress": ("Suppressive fire (house)", """\
The chapter lets automatic weapons use the suppressive fire maneuver but never says what it does. House ruling, after the published game: `suppress NAME` is the shooter's action with an automatic weapon (rate of fire 2 or more), and it takes the weapon's whole rate of fire for the turn. A medium burst template goes on the area; one Shooting die and the Wild Die are rolled against 4 with the autofire -2 and the usual range, light, Joker, wound and multi-action modifiers.
A miss goes wide and nothing happens. A hit makes everyone under the template (`--victims NAMES`, asked on a terminal) test Spirit: a failure leaves the character Shaken (suppression alone never wounds, and one already Shaken stays as it is); a natural 1 on the Spirit die, whatever the Wild Die shows, is a bullet that finds it: damage as from any hit, without a raise die, settled before the Shaken.
It burns five times the weapon's rate of fire in rounds (counted when the roster gives `shots`). A benny may reroll the Shooting test or any of the Spirit tests straight afterwards. With `--setting damage=hand` its Shaken is reported, not applied; `--setting suppress=off` switches the maneuver off."""),
    "area": ("Area effects (W6)", """\
Small, medium and large burst templates. On a hit the template sits where it was aimed; on a miss it drifts 1d6 inches for a thrown weapon or 1d10 for a launched one, doubled at medium range and tripled at long, in the direction a d12 shows on a clock face, but never further than half the distance to the target.
Everyone under it takes damage separately. Cover turns into armour against the blast (light 1, medium 2, heavy 4, near total 6; lying prone counts as medium); those who saw it coming may dive clear with an Agility test at -2 (`--dive NAMES`)."""),
    "objects": ("Breaking things (W7)", """\
Objects have Parry 2 and a Toughness: light door 8, heavy door 10, lock 8, handcuffs 12, knife or sword 10, rope 4, small shield 8, medium shield 10, large shield 12. Each can be broken only by some kinds of damage: doors and shields by blunt or cutting blows, a lock by blunt or piercing ones, handcuffs by any, a rope by cutting or piercing. The attack's type is its weapon's roster `type` (never read from the name; a `shotgun` is blunt at short range and piercing beyond; bare hands are blunt); without one it is asked, or `break NAME OBJECT --type TYPE` says it.
Damage against an object counts no raise and no aces. At or over its Toughness, it is broken. A benny may reroll the attack straight afterwards."""),
    "damage": ("Damage (W8, house)", """\
The chapter leaves out what damage does; this is the published game's well-known rule, labelled house.
Damage at or above Toughness leaves the victim Shaken; each full 4 beyond it is a wound (and a wound shakes too). Shaken again while Shaken is a wound.
An Extra with a wound is incapacitated. A Wild Card takes -1 per wound on trait tests (at most -3) and is incapacitated by a fourth.
Setting `damage=hand` (`sprawl new --setting damage=hand`) rolls and reports damage but changes nobody: the referee applies it with `set`."""),
    "shaken": ("Shaken and soak (W8, house)", """\
A Shaken character starts its action with a Spirit test (`recover NAME`, on its turn): a success ends Shaken, a raise also lets it act this turn; a success without a raise takes the rest of the turn, and any action after it is refused (moving is still allowed). A benny ends it at once, at any time (`recover NAME --benny`). Until then it may not attack.
Soak (`soak NAME`), right after a wounding hit: a benny buys a Vigor test, and each success and raise takes one of that hit's wounds away (the wounds just taken do not count against the roll). Soaking them all ends the Shaken as well. `benny NAME` rerolls the soak."""),
    "movement": ("Moving", """\
Moving up to Pace (usually 6") is free, and all of a turn's moves add up: a `move` past what is left is refused and says how many inches are left. Running (`run NAME`, once a turn) adds a d6 (it does not ace) and costs -2 on every other action that round. Crawling covers 2" and counts as prone against shots. Crouching halves Pace and gives -1 to shots at the crouching figure.
Dropping prone is free (medium cover); getting up costs 2" of movement. Each inch of difficult ground counts as two.
Jumping: 1" from a standstill, 2" with a run-up, one more with a Strength success; a jump spends the turn's movement like a move. Defending (`defend NAME`) is the whole turn's action: it allows moving but not running or anything else, and its +2 Parry lasts until the character's next turn begins.
Aiming (`aim NAME TARGET`) takes a whole turn without moving; the next round's shot at that target gets +2 by itself (`--aim` without it is refused).
An attack on someone of one's own side is asked about on a terminal, for each target of the dice; a script needs `--yes`.
A helpless (incapacitated) foe can be finished off as an action: `finish NAME VICTIM`."""),
    "dice-order": ("Dice order", """\
For `--dice`: each trait test rolls its trait dice one after the other (each followed by its aces), then the Wild Die and its aces. An attack then rolls, for a template that missed, the deviation die and the d12; then for each victim its dive test (if it dives) and its damage: the Strength die first for str+dN, then the weapon's dice, then the raise d6, each followed by its aces; then a disarm's Strength test; then any bystander's damage.
`suppress` takes its Shooting test, then for each character under the template, in the order named, its Spirit test and, on a natural 1, its damage dice.
`deal` takes cards (like KS, 10H, RJ), after any Notice tests of a surprise. `run` takes one d6. `benny` takes the rerolled test, then any damage dice its new result needs."""),
}
