"""Savage Worlds, the combat chapter: trait tests with aces and the Wild Die (W1-W2),
bennies (W3), the action deck (W4), attacks and area effects (W5-W7) and, as a labelled
house ruling, damage (W8).

Only its commands are here (see `sprawl_cli.systems`); the system is `system.py`.
"""

API_VERSION = 1  # the version of sprawl's system interface (sprawl_cli.api) it is written for
COMMANDS: dict[str, tuple[str, str]] = {
    "roll": ("cli", "Roll a trait test: TRAIT like d8 or d12+1, --wild, --mod, --tn (W1)."),
    "odds": ("cli", "Exact chances of a trait test succeeding and raising (W1)."),
    "deal": ("cli", "Deal the action cards and start a round (W4); --surprise SQUAD."),
    "standoff": ("cli.actions", "Everyone on hold, acting by Agility, highest first (W4)."),
    "hold": ("cli", "Put a character on hold (W4)."),
    "interrupt": ("cli", "A held character cuts in: opposed Agility (W4)."),
    "fight": ("cli", "A Fighting attack against the defender's Parry (W5)."),
    "shoot": ("cli", "Shoot or throw, with every modifier, rate of fire and templates (W2, W5, W6)."),
    "suppress": ("cli", "Suppressive fire (house): an automatic weapon sprays an area; all under it test Spirit."),
    "benny": ("cli.actions", "Spend a benny to reroll a character's last trait test (W3)."),
    "award": ("cli.actions", "The game master hands out bennies: to a side's pool or a GM Wild Card (W3)."),
    "soak": ("cli.actions", "Spend a benny on a Vigor test against the wounds just taken (W8)."),
    "recover": ("cli.actions", "A Shaken character's Spirit test, or --benny to end Shaken at once (W8)."),
    "defend": ("cli.actions", "Defend: +2 Parry until its next action (W5)."),
    "reload": ("cli.actions", "Reload a weapon whose rounds are counted (a roster's `shots`): an action."),
    "draw": ("cli.actions", "Draw a weapon in a hurry: an action (-2 on the others); --hard tests Agility."),
    "aim": ("cli.actions", "Aim a whole turn without moving: +2 to next round's shot at the target (W5)."),
    "run": ("cli.actions", "Run: +d6\" this round, -2 to other actions."),
    "move": ("cli.actions", "Check a move against Pace: difficult ground, crawling, crouching, rising."),
    "prone": ("cli.actions", "Drop prone (medium cover)."),
    "rise": ("cli.actions", "Get up from prone (2\" of movement)."),
    "jump": ("cli.actions", "Jump: 1\" (2\" with a run-up), +1\" on a Strength success."),
    "test": ("cli.actions", "Any trait test of a character or a group (Notice, Vigor...): an action on its turn, or --free."),
    "oppose": ("cli.actions", "An opposed roll between two characters."),
    "break": ("cli", "Attack an object from the object table (W7)."),
    "finish": ("cli", "Finish off a helpless foe."),
    "wounds": ("cli.actions", "Referee: set a character's wounds (for damage applied by hand)."),
}
LOOKUPS = frozenset({"roll", "odds"})
# `next` deals the round in the deal phase as `deal` does, so the Joker question (W4) may come
# up there too: every command of a Savage Worlds game takes its answer.
TABLE_OPTIONS = {"joker": ("shared|holder", "Whether a player's Extras share their Wild Card's Joker +2 (W4), "
                           "for the whole game; asked at the first deal where it matters.")}
