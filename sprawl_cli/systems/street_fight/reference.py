"""Street-Fight's `rules` topics, in the project's own words, each ruling with its number."""

from __future__ import annotations

from sprawl_cli.api import Topic

_TOPICS: dict[str, tuple[str, str]] = {
    "turn": ("The turn (F1)", """\
F1: every turn opens with initiative: each side rolls a d10 and the highest acts first; sides that
tie roll again among themselves. With the setting `initiative: once` the first turn's order is kept
for the whole game. Then come the Movement, Shooting, Close Combat and Morale phases; in each one
the sides take their part in initiative order. `sprawl next` hands the phase to the next side, then
to the next phase, then opens a new turn (rolling its initiative)."""),
    "movement": ("Movement (F2)", """\
F2: a figure moves up to 5" a turn. It may go as far as 9" instead, but then it cannot fire or get
into cover this turn, and it still counts as moving during the next turn for shooting and aiming,
whether it moves again or not. `move NAME --inches N` (add `--into-cover` when it ends in cover).
Moving ends any aim and any overwatch."""),
    "shooting": ("The hit chance (F3)", """\
F3: start from 100%. Take 10 for each range increment of the weapon (part of an increment counts as
a whole one), 25 for each degree of cover (quarter 25, half 50, three-quarters 75), 20 if the target
is moving and 20 if the firer is. Add 10 for each turn spent aiming, counting at most 3 (never for
the HMG or on overwatch), and the weapon's bonus. Roll a d100 (1-100): at or under the chance is a
hit. A chance below 1% cannot hit and nothing is rolled. `sprawl` works out for itself whether a
figure counts as moving; `--target-moving` tells it about a target it cannot know is moving (one
crossing an overwatch point, say). Cover is `--cover`; without it a target the save has in cover
(`move --into-cover`, or `set NAME in_cover on`) is asked how much the cover hides it from this
shooter, and any other is in the open."""),
    "kill": ("The kill roll (F4)", """\
F4: every hit rolls a d10. If it equals or beats the weapon's number (pistol 5+, rifles 4+, LMG 3+,
HMG 2+) the target is removed as a casualty. Where the text says "higher than", the table's N+ is
what counts."""),
    "weapons": ("Weapons (F5)", """\
F5, with the d100 band that arms a figure whose roster says `weapon: random` (rolled by `new`):

    01-50 pistol         +0   2" increments   single shot       kills on 5+
    51-70 rifle          +10  4"              single shot       4+
    71-80 scoped rifle   +20  4"              single shot       4+
    81-90 assault rifle  +10  3"              d10/2 rounds (up) 4+
    91-99 LMG            +0   4"              d10 rounds        3+   -1 in close combat
    00    HMG            +0   5"              d10 rounds        2+   -2 in close combat

The HMG cannot fire in a turn it counts as moving and never gains an aim bonus."""),
    "automatic": ("Automatic fire (F6)", """\
F6: an assault rifle, LMG or HMG rolls its rounds each time it fires, and every round is a shot of
its own. The shots may be spread over a frontage as wide (in inches) as the rounds fired at most;
every shot then loses 10% per inch of frontage, a part inch counting whole. Six rounds spread over
6" therefore shoot at -60% each. `--frontage IN` gives the spread, `--targets A,B,C` the figures in
it: the shots go to them in turn, round and round, passing over any that are already down. Range
and cover are worked out for each figure: give `--distance` (and `--cover`) once per figure, in the
order of `--targets`; a single one for several figures is asked about (`--yes` says it holds)."""),
    "overwatch": ("Overwatch (F7)", """\
F7: in its Movement phase a figure that has not moved may go on overwatch (`overwatch NAME`, with
`--large` for a wide area such as a yard). It holds still and does not fire in its own turn; during
the enemy's turn it may fire once at a figure passing through (or firing from) its point of aim:
`shoot NAME TARGET --distance IN --overwatch`, at -10% (-20% for a large area). No aim bonus applies;
a weapon's own bonus does. Overwatch ends when it fires or when its side next moves. F2 and F5 hold
for the shot too: a figure that ran over 5" last turn still counts as a moving firer, and an HMG
cannot fire while it counts as moving. Where the point of aim is only the table knows: the shot asks
whether the target moved through it or fired from it (`--crossed moved|fired|no`); a figure that has
neither moved nor fired this turn is refused at once (`--target-moving` for a move not yet typed)."""),
    "cover": ("Cover given away (F8)", """\
F8: a figure behind half or three-quarter cover that fires out over it gives that cover away: shots
at it lose the cover's bonus until it moves again. `sprawl` remembers who has fired since moving;
`--keeps-cover` says the target fired some other way and keeps its cover."""),
    "close": ("Close combat (F9)", """\
F9: a figure fights one within 1" (a new fight asks the table; `--yes` says they are in contact);
one that has moved over 5" this turn cannot join a fight. Each rolls a d10 and adds: -1 armed with
an LMG, -2 with an HMG, -1 if it lost the previous round, -1 for each enemy fighting it beyond the
first, +1 for charging in this turn (`--charged` for NAME, `--defender-charged` for TARGET when it
charged in its own move; either needs a move of 5" or less this turn, and a figure that made one is
asked when neither that option nor its `--no-` form is given), +1 for the defender fighting from
cover (the save's `in_cover` unless `--cover` or `--no-cover` says otherwise). The higher total wins; with a total of 8 or more the loser is a casualty. A
draw, or a win under 8, leaves both in combat into the next turn, and the loser carries its -1 into
that turn's close combat (not into another fight of the same turn). So that the -1 per extra enemy
counts whichever fight is typed first, a figure's first fight of the turn asks who else is within
1" of it (`--contact NAMES|none`); they join at once, and a figure that has fought takes on nobody
new that turn."""),
    "morale": ("Morale (F10)", """\
F10 (setting `morale`, on unless set off; a one-figure squad never tests): once a third of a squad's
starting figures are casualties, it tests, and again at every casualty after that. Roll a d10: a
result under the number of figures it has left passes. On a failure every figure left falls back to
cover, straight away from whoever caused the latest casualty, and once there shelters for a whole
turn before acting normally. `next` into the Morale phase rolls every test due, side by side in
initiative order; `morale SIDE` tests by hand."""),
    "house": ("House rulings", """\
Where the text is silent, `sprawl` plays it this way (each labelled house):

- house: `aim` declared in the Movement phase counts for a shot in that same turn's Shooting phase;
  aim not yet used lasts, turn after turn, until the figure moves or fires.
- house: whether a figure counts as moving (moved this turn, or ran last turn) is known to the
  game and applied by itself, to target and firer alike; `--target-moving` adds the rest.
- house: a burst at several figures with no `--frontage` counts as spread over 1"; a frontage
  wider than the rounds fired is cut to them; rounds left when every target is down are not rolled.
- house: a figure that aims or is on overwatch this turn cannot have charged; close combat ends
  the aim of both figures. One move brings two figures into contact, so once one of a fighting
  pair is said to have charged this turn the other is not asked.
- house: overwatch allows one shot, and ends when the figure's own side next moves.
- house: "the previous round" of close combat is the previous turn's: a round lost counts in every
  fight of the next turn's Close Combat phase, never in a second fight of the same turn.
- house: after a failed morale test the other tests due that phase are not rolled; a figure
  falling back may break away from close combat, and neither it nor a sheltering figure aims,
  fires or starts a fight. Sheltering ends when the turn after the one it reached cover ends.
- house: a morale test counts the figures standing when it is rolled.
- house: with `--rounds N`, the game ends after turn N; the squad with most figures standing wins
  (a tie has no winner)."""),
    "dice": ("Dice order", """\
`--dice` faces are used in this order. new: a d100 for each `random` weapon in roster order, then a
d10 of initiative per side in side order (ties: a d10 each again). Each new turn: its initiative.
shoot: the rounds d10 (automatic weapons), then for each shot a d100 and, after a hit, the kill d10.
fight: the attacker's d10, then the defender's. Morale: one d10 per test."""),
}

TOPICS: tuple[Topic, ...] = tuple(Topic(key, title, text) for key, (title, text) in _TOPICS.items())
