"""`rules` topics for Scratch:Grid, in this project's own words, each ruling by number."""

from __future__ import annotations

from sprawl_cli.api import Topic

TEXTS: dict[str, tuple[str, str]] = {
    "map": ("The map (S1)", """\
The game is played on a map of squares (8 neighbours) or hexes (6 neighbours), given to `new --map FILE`.
A map file is YAML: `grid: square` or `grid: hex`, an optional `name`, and `map: |` followed by rows of equal length.
Symbols: `#` wall, `o` obstacle, `.` open ground, `^` rough ground (climbing, jumping, swinging), `~` water, `E` exit, `=` a tight place where nobody can fly.
Spaces are named by column letter and row number from the top: `a1` is the top left. On hexes the 2nd, 4th, 6th... rows sit half a space to the right, so c2 touches c1, d1, b2, d2, c3 and d3.
A mistake in a map file is reported with its file, line and column. `sprawl map` draws the map; `sprawl map --reach NAME` shades where NAME may still move this turn (nothing once it has moved, and it says why)."""),
    "movement": ("Moving (S2)", """\
A healthy character has 4 spaces of movement a turn, an injured one 2. Entering rough ground or water costs 2.
Extras: each 2 levels of quickness give 1 more space for open ground only; each 2 levels of flying 1 more space in the air; each level of acrobatics 1 more for rough ground and each level of swimming 1 more for water (a rough or water space still costs 2 of them, and one space may be paid partly from the extra and partly from the 4).
Any level of flying lets a character fly: a space through the air costs 1 over any ground, but never through walls, obstacles or tight places.
Walls, obstacles and enemies block. Allies may be passed but not stopped on. Entering a space next to an enemy that is still standing ends the move there. A diagonal step between two blocking spaces is not allowed (as with sight through a corner, S3).
`sprawl move NAME SPACE` takes the cheapest legal path, or says why not: blocked, too far, or a space next to an enemy on the way would stop it earlier.
One move a turn, before or after the character's action. Incapacitated and immobilised characters do not move."""),
    "sight": ("Line of sight (S3)", """\
A ranged attack or a blast needs a straight line from the centre of the attacker's space to the centre of the target's.
Walls, obstacles and enemy characters in the spaces it crosses block it; allies never do.
A line that passes exactly through a corner, or runs exactly along an edge, is blocked only if the spaces on both sides of it block.
The tool works the geometry out exactly (no rounding); `sprawl los A B` shows the spaces crossed and what blocks. B may be a character or a space."""),
    "attacks": ("Attacks (S3, S5 house)", """\
`sprawl attack A B --kind close|hold|knockout|ranged|blast --result hit|miss`.
Close attacks (basic `close`, `hold`, `knockout`) reach only the spaces next to the attacker. `ranged` needs a line of sight (S3).
A blast hits a space (`--at SPACE`, or B's space) in sight and attacks everyone within one space of it, allies and the attacker too: 9 spaces on squares, 7 on hexes. `--result hit` applies to all caught; `--result Ada=hit,Bob=miss` gives each their own.
House (S5): the tool does not roll Scratch's dice. The referee says whether an attack hits, with `--result` or when asked on a terminal.
A basic, ranged or blast hit makes a healthy character injured and an injured one incapacitated; a knockout hit incapacitates at once; a hold hit immobilises the target until the end of its next turn.
After a hold hits, `--at` may move the target: the holder's own space swaps the two, a free space next to the target pushes it there."""),
    "interrupts": ("Interrupting attacks (S4)", """\
A character exposes itself when, starting its move or action next to opponents, it moves more than one space, evades, or attacks an enemy more than one space away.
Each opponent next to it that is not injured, incapacitated or delayed may then make one interrupting attack, once in each of the exposed character's turns.
The referee decides each (`--interrupts Bob=hit,Cy=miss`, `pass` to let it go, or `--interrupts none`; asked on a terminal otherwise).
The first hit stops the move after its first space, or stops the action; it also ends the exposed character's turn, cancels its evasion and bars it from escaping on its next turn."""),
    "escape": ("Evading, escaping and healing (S4, S5)", """\
`sprawl evade NAME` is an action: the character is evading until its next turn begins (the referee adds its bonus to defence). Evading next to opponents exposes it to interrupting attacks.
A character escapes by ending a move on an exit space or by leaving the map over its edge: `sprawl escape NAME` takes the cheapest way out within its move. Escaped characters have left the game.
Healing needs the healer next to its patient (`sprawl heal A B`): an injured ally becomes healthy, an incapacitated one is revived, injured. Whether it works is the referee's call, as for an attack: `--result hit` or `--result miss` (a miss still spends the action), asked on a terminal otherwise."""),
    "turn": ("Turns and the end (S6)", """\
Sides take turns in the order their rosters were given to `new`. In its side's turn each character may move once and act once (attack, evade, heal), in either order. `sprawl next` ends the turn.
When a side's turn begins its characters' evasion ends; holds and delays lift at the end of the turn they were set to last to.
The game ends when no more than one side has anyone standing on the map: the side with the most characters not incapacitated (on the map or escaped) wins. A round limit from `new --rounds` ends it with no winner."""),
    "dice": ("Dice (S5 house)", """\
Scratch:Grid in this tool rolls no dice: every hit or miss, interrupting attacks included, is the referee's call, given with `--result` / `--interrupts` or asked on a terminal. `--dice` has nothing to feed."""),
}

TOPICS: tuple[Topic, ...] = tuple(Topic(key, title, text) for key, (title, text) in TEXTS.items())
