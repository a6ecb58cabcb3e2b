"""The built-in quick reference (`sprawl rules`), written in this project's own
words; the rulings R1-R26 of the SPEC are folded in where they settle a question."""

from __future__ import annotations

from sprawl_cli.api import Topic


TOPICS: tuple[Topic, ...] = (
    # --- Making Tests -------------------------------------------------------
    Topic("tests", "Tests and successes", """\
Roll one d10 per point of the attribute in use. Each die reading 7 or higher is a success; a 0 is read as 10 (R1).
The Test passes when its successes reach the **Difficulty** (see `difficulty`); its net successes are the successes beyond the Difficulty, plus one (R4).
`sprawl roll 4` rolls four dice; `sprawl odds 4` shows the exact chances without rolling anything."""),
    Topic("tens", "The Rule of Tens", """\
A 10 is worth two successes on every Test, Toughness included, except the attacker's damage roll (R2).
That lets a character try a Test whose Difficulty is bigger than its pool.
It is on by default; `--no-tens` turns it off for one roll, `sprawl new --no-tens` for a whole game (setting `rule_of_tens`)."""),
    Topic("difficulty", "Difficulty and modifiers", """\
**Difficulty** starts at 1; each modifier raises (+) or lowers (-) it, and it never drops under 1 (R3).
Passed when raw successes >= Difficulty. **Net successes** = raw - Difficulty + 1, or 0 on a failure (R4): 3 successes against Difficulty 2 is 2 net.
Contests of one roll against a number (hiding against spotting, jump length) use raw successes, Tens doubled (R2, R4).
`sprawl roll 5 --difficulty 1 --mod 2` tests at Difficulty 3; `sprawl odds 5 -d 3` gives the chances."""),
    Topic("dice", "Rolling, reading or typing the dice", """\
Every command takes `--dice 4,5,7,0` to use faces you rolled yourself (0 means 10), in the order the rules use them; `--dice ask` prompts for each roll by name, e.g. `Razz: Shooting, 4d10`.
`--seed N` makes the tool's own rolls repeatable. Too few faces: asked on a terminal, otherwise exit 1 and nothing changes; spare faces get a warning on stderr.
The order each command uses its dice in: docs/dice-order.md; the rulings R1-R26 and H1-H11: docs/rulings.md."""),
    # --- Time and Phases ----------------------------------------------------
    Topic("turn", "Rounds, turns and phases", """\
Play goes in **Rounds**; in each Round every side has one **Turn**, in the order the squads were given to `sprawl new` (R23).
A Turn has four phases, always in this order: Movement, Ranged Combat, Close Combat, Recovery (the text promises five; four it is). A phase may pass with nothing done, except that a Recovery Phase is not left while a pinned or Down character of the side has not tried to recover (`sprawl recover`, or `--force`).
As a side's Turn begins, its Overwatch lapses, its "ran" marks clear and a routing check is made if one is due (R24).
`sprawl next` steps on; `sprawl status` shows round, side and phase. An action out of its phase is refused; `--force` overrules, and the log notes it."""),
    # --- Movement -----------------------------------------------------------
    Topic("movement", "Moving and terrain", """\
In the Movement Phase a character may go up to its Quickness in inches, or less, or stay put (R18). Panicked characters move first, then chargers, then the rest.
**Open** ground costs nothing. **Difficult** ground (rubble, puddles, ladders, stairs) halves Quickness; **treacherous** ground (deep water, crawlways, catwalks) quarters it, rounding down.
Treacherous ground that leaves 1" or less is impassable for that character, and nobody runs on it.
`sprawl move NAME --terrain difficult` (or `treacherous`)."""),
    Topic("climbing", "Obstacles, climbing, ladders", """\
An obstacle under 1" tall (and at most 1" thick) is stepped over for free.
One 1"-2" tall costs half of the turn's whole allowance (round down), and cannot be climbed once more than half of it is used. Taller than 2" is impassable: go round (R18).
Ladders and stairs are difficult ground and cannot be taken at a run.
Up is climbing, down is `falling`, across a gap is `jumping`. `sprawl move NAME --climb`."""),
    Topic("running", "Running", """\
A run covers up to twice Quickness in inches (R18); the runner does nothing else this turn and may not hide (R19).
It halts as soon as it comes within 4" of an enemy it can plainly see.
Over difficult ground it needs a Quickness test at Difficulty 2; on a failure it stops halfway across that stretch. No running on treacherous ground or up ladders.
Until its own side's next Turn begins, shots at it take +2 (R13, R23). `sprawl move NAME --run`."""),
    Topic("charging", "Charging", """\
A Charge is the only way into close combat, and any move that puts enemies base to base counts as one (R12).
Name the target first, then measure: the charger moves up to twice its Quickness and stops on touching bases. If it falls short, it ends at full distance and does nothing more this turn.
Chargers move after the panicked and before everyone else: once a squad-mate has made a normal move, no more charges that turn (H3).
A charger, whether it got there or not, counts as a running target (+2) until its side's next turn (H4). `sprawl charge NAME TARGET`."""),
    Topic("hiding", "Hiding", """\
After a normal move (standing still counts, a run does not), in cover or some plausible hiding place, a character may try to hide, unless an enemy is within that enemy's own Smarts in inches (R19).
Roll Smarts and keep the raw successes (Tens double); 0 means it failed. While hidden it cannot be seen, shot or charged, for as many turns as it keeps still.
Moving or attacking gives it away. `sprawl hide NAME` lists each enemy's Smarts, asks how close they are and whether it has cover or a place to hide (`--yes` answers yes to both)."""),
    Topic("spotting", "Spotting a hidden enemy", """\
The spotter must be within its own Smarts in inches of the hider (R19).
It rolls Smarts and finds the hider if its raw successes (Tens double) at least match the number the hider kept; then the hider can be shot or charged again.
`sprawl spot SPOTTER HIDER` (`--yes` confirms the spotter is close enough)."""),
    Topic("overwatch", "Overwatch", """\
Declared in the Movement Phase by a character that has done nothing else this turn, is not pinned, down or panicked, and has a ranged weapon that still works; it spends its whole turn waiting (R20).
Not in the turn it went into hiding, unless it was already hidden when the turn began.
During the enemy's turn it may shoot once, whenever a target shows itself (a shot only, never a charge). Overwatch then ends; it also ends when its own next turn starts, or when it is pinned or panics.
`sprawl overwatch NAME`; the shot is an ordinary `sprawl shoot` in the enemy's turn."""),
    Topic("jumping", "Jumping", """\
Leaping across a gap or over an obstacle takes the character's whole turn: roll Quickness and clear 1" per raw success, Tens double (R21, R2).
Only sideways leaps count: going up is climbing, going down is falling. `sprawl jump NAME`."""),
    Topic("falling", "Falling", """\
A drop of more than 1" does 1 point of damage per whole inch; no attacker's roll, but Toughness negates points as usual (R22, R6).
Jumping down is falling, and so is a pinned character near a ledge who scores no successes on its Quickness test (R7).
`sprawl fall NAME INCHES`; `--near-ledge` on `shoot`, `brawl`, `break`, `fall` and `damage` makes the ledge test for whoever it pins there, and on a fall you measure the drop and run `sprawl fall`."""),
    # --- Ranged Combat ------------------------------------------------------
    Topic("shooting", "Shooting", """\
In the Ranged Combat Phase each character may attack once with a gun, grenade or rocket at something in its forward 90-degree arc (see `sight`); it cannot also brawl this turn (R12).
It must take the nearest target it could legally shoot. Roll Shooting against the Difficulty built from the modifiers (R13).
Hits = net successes (R4); any hit pins (R7) and goes on to a damage roll (R6).
`sprawl shoot ATTACKER TARGET --range long --cover partial` (short range when `--range` is left out); it asks whether TARGET is the nearest one (`--yes` says so, H2)."""),
    Topic("modifiers", "Shooting modifiers", """\
Added to the base Difficulty of 1 (R3, R13):
- range: each weapon has its own short and long modifier (`--range short|long`)
- cover: up to half the body hidden +1, more than half +2 (`--cover partial|full`)
- target running, or ran or charged in its last turn: +2 (`--target-running`; H4)
- small (under 1/2") +1, large (over 2") -1 (`--small`, `--large`); aiming at a spot +1 (`--spot`)
- the shooter's wounds, +1 a point (R5); anything else with `--mod N`."""),
    Topic("sight", "Line of sight and the closest target", """\
A model sees in a 90-degree arc ahead of it and must see some of the target's body; a gun or hand poking out is not enough. Get down to table level, and check back from the target's side.
Still unsure? Roll a d10: even means visible, odd means not (R13); `sprawl los` rolls it.
Hidden characters cannot be picked until spotted (R19). The shooter has to choose the nearest target it can legally shoot."""),
    Topic("throwing", "Throwing grenades", """\
A grenade is thrown in place of a gun shot: a Shooting test with the usual modifiers (R13).
Longest throw by Strength (R17): 1 = 4", 2 = 6", 3 = 8", 4 = 10", 5 or more = 12" (`sprawl table throw STRENGTH`).
Aiming at a patch of ground rather than a character adds +1. A miss scatters, a hit goes off where it was aimed (see `blast`).
`sprawl shoot NAME TARGET --weapon grenade [--spot] [--distance INCHES] --blast NAMES`."""),
    Topic("scatter", "Scatter", """\
A grenade or rocket whose test fails lands off target, measured from the point aimed at (R15).
Direction d10: 1 goes straight on along the line of fire, each higher number turns 45 degrees clockwise, up to 8; a 9 rolls again and takes 1" off, a 10 rolls again and adds 1".
Distance d10: half for a thrown grenade (round up), the whole roll for rockets and launched grenades; then the 9/10 changes, never below 0.
`sprawl shoot` rolls it and draws a compass; `sprawl table scatter [ROLL]` looks up a direction."""),
    Topic("blast", "Blast", """\
Where an explosive goes off (on target or after scatter), everyone within its blast radius is caught; the players say who (R16).
Each victim gets its own damage roll of the attack's net hits + Power, and each is pinned (R7). Radii are in the gear list.
`sprawl shoot ... --blast NAMES` (or `--blast none`) for the aimed point; after a scatter that moved it, `--blast-scattered NAMES|none` for where it landed (H1)."""),
    Topic("misfire", "Misfires and jams", """\
A Shooting test with no raw successes and at least one die showing 1 misfires (R14).
Grenades or rockets: the one used still goes off and scatters like any miss (R15), and the character has none of that kind left. Guns roll a d10: 1-7 **jammed**, 8-10 **out of ammo** until the game ends.
A jam is cleared in a Recovery Phase of a later turn with a Smarts test at Difficulty = the gun's Reliability, or the character simply uses another weapon.
`sprawl shoot` rolls it for you; `sprawl table misfire [ROLL]`; `sprawl recover` tries the jam."""),
    # --- Damage and Wounds --------------------------------------------------
    Topic("damage", "Damage and Toughness", """\
After a hit the attacker rolls net hits + the weapon's Power in d10: each 7+ is 1 point, and a 10 is still just 1 (R6, R2).
The target rolls Toughness and each success (Tens double) cancels a point; with nothing to cancel there is no Toughness roll. The rest comes off Health, which stops at 0.
`damage_taken` grows by the Health actually lost (R5). Referee fix: `sprawl damage NAME POINTS` (no Toughness roll, no pin)."""),
    Topic("wounds", "Wounds", """\
Each point of damage taken this game adds +1 to that character's Shooting and Brawling Difficulties (R5).
It follows `damage_taken`, which only climbs during a game: Health won back (an Incapacitation "Recovery") leaves the penalty where it was.
The same total sets the Guts test to lift a pin (R11). `sprawl status NAME` shows it."""),
    Topic("pinned", "Pinned", """\
A ranged hit (1+ net hits, or being caught in a blast) pins the target even when Toughness stops every point (R7). Close combat never pins, except at 0 Health.
Lay the model on its back; it does nothing until its side's next Recovery Phase (R11). Being pinned ends Overwatch (R20).
Within 1" of a ledge: an immediate Quickness test; no raw successes and it goes over the edge (see `falling`; you give the height, R22).
`sprawl shoot ... --near-ledge NAMES`; `sprawl recover` deals with pins."""),
    Topic("incapacitation", "Zero Health: incapacitation", """\
At 0 Health a character is pinned and rolls a d10 at once (R8; `sprawl table incapacitation ROLL`):
- 1 **Recovery**: stays pinned; when the pin lifts (recovery, or being attacked in close combat) it gets 1 Health back and loses 1 Toughness for the game; Toughness 0 is Out of Action.
- 2-8 **Down**: face down, may only crawl 2"; in its next Recovery Phase it rolls this table again.
- 9-10 **Out of Action**: the model leaves the table; friends within 3" test for panic (R9).

A character at 0 Health that loses 1+ more point after Toughness rolls again."""),
    Topic("panic", "Panic", """\
When a character goes Out of Action, each friend within 3" tests Guts, needing max(1, 4 - Guts) successes (R9); `--nearby NAMES|none` says who is near.
A failure panics it: it loses Overwatch and flees d10" at once, away from the enemy towards cover or the table edge.
In each of its side's Movement Phases it moves first, another d10", until marked safe (`sprawl safe NAME`); at the table edge it is Out of Play (`sprawl edge NAME`) and counts as Out of Action for routing (R10).
A character that panics while engaged gives its opponent a free Brawling attack (R12)."""),
    # --- Close Combat -------------------------------------------------------
    Topic("close-combat", "Close combat", """\
Only a Charge starts it; the two stay engaged, doing nothing but fight, until one hits 0 Health or breaks away (R12).
Both roll Brawling, each against its own Difficulty (R3, wounds R5). Net successes cancel one for one; whoever has some left wins and rolls damage with them as hits plus its melee weapon's Power (`--weapon`, else its strongest, else Fists, Power 0). A tie does nothing.
Several attackers on one defender: against the k-th of them in a turn the defender's Difficulty rises by k-1.
Being attacked lifts Pinned and Panicked; a Down defender rolls no dice and stays Down. `sprawl brawl ATTACKER DEFENDER`."""),
    Topic("breaking-away", "Breaking away", """\
An engaged character may leave the fight; its opponent at once gets a free Brawling attack that the leaver rolls nothing against (R12).
Panicking while engaged costs the same free attack, and a free attack is close combat: its maker shoots no more that turn.
Broken away in its own Movement Phase, the leaver then moves off (`sprawl move`); in the Close Combat Phase it stays out of contact until its next turn (H5). `sprawl break NAME`."""),
    # --- Recovery -----------------------------------------------------------
    Topic("recovery", "The Recovery Phase", """\
`sprawl recover` handles the current side (or one character), in roster order, trying pin, down, panic, then jam:
- **Pinned** (R11): lifts by itself if none of the attacks that pinned it since its last recovery cost Health; otherwise Guts with successes >= its total `damage_taken`.
- **Down** (R8): rolls the Incapacitation table again instead; Out of Action on that roll counts in the books for whoever felled it (H9).
- **Panicked** (R10): not in the turn it panicked; only when safe or within 6" of its Leader; Guts needing max(1, 6 - Guts).
- **Jammed** (R14): Smarts against the gun's Reliability, in a later turn than the jam."""),
    Topic("routing", "Routing", """\
When a side's Turn starts with more than a quarter of its starting squad pinned (Down included), panicked, Out of Action or Out of Play, it checks for a rout; again at every turn start while that lasts (R24).
The Leader rolls Smarts at Difficulty = that count; if the Leader is among them, the best Smarts of the rest rolls instead. A failure: the whole side flees and loses.
`sprawl next` makes the check when due; `sprawl rout [SIDE]` makes one by hand."""),
    Topic("game-end", "How a game ends", """\
A side routs (R24), concedes, or has nobody left who can act; the round limit from `sprawl new --rounds N` runs out; or the referee calls it (R25).
One attack that leaves neither side anyone on the table is a draw (H8).
`sprawl concede SIDE`, `sprawl end [--winner SIDE]`; `sprawl status` then shows `over`, `winner` and `reason`. Next comes `aftermath`."""),
    Topic("aftermath", "After the game (house table)", """\
The rules leave the fate of the fallen open, so until a campaign sets its own `aftermath_table` the project's **house table** applies (R26; a house rule, not from the book):
- d10 1: dead. 2-3: lasting injury, a d8 picks the attribute that drops by 1 (never below 1). 4-10: recovers fully.
`sprawl aftermath` (once the game is over) rolls for everyone who went Out of Action (not for those who fled, Out of Play) and updates the campaign; `sprawl table aftermath` shows the table; `sprawl undo` takes it back.
A squad whose leader died is led in its next game by its living character with the most Smarts (H10); `sprawl campaign show` stars who leads next."""),
    Topic("gear", "Gear (house values)", """\
The GEAR page the rules point to is not in the text, so weapon numbers here are **house values**, labelled as such, in `rosters/sprawl/gear.yaml`; edit it or define a weapon inline in a roster.
A weapon has a `kind` (melee, gun, thrown, launcher) and `power`, plus where needed `reliability`, `short`/`long` (`max` inches, `mod`), `blast` radius and `uses`. Everyone also has Fists (melee, Power 0).
`sprawl gear` lists them."""),
    Topic("referee", "Referee tools", """\
`--force` overrules a refusal and the log records it as forced (R23). `sprawl set NAME STATUS on|off` (`hidden on` also needs `--count N`, the hiding roll's successes) and `sprawl damage NAME POINTS` correct the state by hand.
`sprawl log` shows what happened with every die; `sprawl undo [N]` and `sprawl redo` step back and forth; `sprawl play` keeps a session open."""),
)
