"""The bounds of Savage Worlds' numbers, for the commands' options and the save's checks alike
(issue 34). Imports nothing: `roll` and `odds` read them without the game's model."""

from __future__ import annotations

WILD_CARD_WOUNDS = 3  # W8: incapacitated past three
MAX_ROF = 12  # the highest rate of fire a weapon of the chapter's kind has, with room
# W2: a hero may not take the same action twice in a round, so a turn holds a few different actions
# (shoot, fight, taunt...); past ten the multi-action penalty alone is -18.
MOST_ACTIONS = 10
# W3: a player starts a session with three bennies and the game master hands out one or two for a deed:
# ten at once is past any award. A pool also gains one per Joker dealt, so its own bound is far above
# any game's (a thousand), where no count of bennies can slow a command or be refused mid-game.
MOST_AWARD = 10
MOST_BENNIES = 1000
# A trait die past d12 gains +1 steps (d12+1, d12+2): a bonus of ten is past any legend.
MOST_BONUS = 10
# W3: the players sharing one side of a skirmish, three bennies each: a table seats a dozen at most.
MOST_PLAYERS = 12
