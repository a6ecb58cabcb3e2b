"""The action deck (W4): dealing by Wild Card and group, the countdown, Jokers, shuffles,
hold, interrupts and surprise; `next` walks the countdown.

Dice order for `deal`: with `--surprise`, every victim's Notice test (roster
order), then the cards, in roster order (squads in `new` order).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import DECK, JOKERS, RANKS, BadInput, Dice, RuleRefusal, Table, refuse
from sprawl_cli.systems.savage_worlds.model import Character, Game
from sprawl_cli.systems.savage_worlds.traits import Situation, character_test, opposed, own_modifiers
from sprawl_cli.systems.savage_worlds.turn import close_cut_in, fresh_turn, my_turn, open_cut_in, up_now

SUIT_ORDER = ("S", "H", "D", "C")  # W4: spades, hearts, diamonds, clubs


def card_key(card: str) -> tuple[int, int]:
    """Sort key for the countdown: Jokers first (red, then black), then Ace down to Two,
    equal ranks by suit (W4)."""
    if card in JOKERS:
        return (0, JOKERS.index(card))
    rank, suit = card[:-1], card[-1]
    return (1 + (len(RANKS) - 1 - RANKS.index(rank)), SUIT_ORDER.index(suit))


def check_end(game: Game) -> None:
    """The game ends when only one side has anyone standing (or none has)."""
    if game.over:
        return
    standing = [s.name for s in game.squads if any(not c.gone for c in game.members(s))]
    if len(standing) <= 1:
        game.over = True
        game.winner = standing[0] if standing else None
        game.reason = "the last side standing" if standing else "nobody is left standing"


@dataclass(frozen=True)
class DealOutcome:
    round: int
    order: list[dict[str, str]]
    shuffled: bool
    reshuffled_midway: bool
    notice: list[dict[str, Any]] = field(default_factory=list)
    on_hold: list[str] = field(default_factory=list)
    no_card: list[str] = field(default_factory=list)
    followers: dict[str, str] = field(default_factory=dict)  # a player's Extra -> the Wild Card it acts with
    settled: dict[str, str] = field(default_factory=dict)  # a table choice answered at this deal (the `joker` setting)

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "order": self.order,
            "shuffled": self.shuffled,
            "reshuffled_midway": self.reshuffled_midway,
            "notice": self.notice,
            "on_hold": self.on_hold,
            "no_card": self.no_card,
            "followers": self.followers,
            "settled": self.settled,
        }


def shuffle(game: Game, keep: list[str] | None = None) -> None:
    """All 54 cards back in the deck, except those in hand (`keep`)."""
    held = set(keep or [])
    game.deck = [c for c in DECK if c not in held]
    game.shuffles += 1


def end_round(game: Game) -> None:
    """Cards go back (holders keep their turn, not their card), running ends, the round moves on."""
    for c in game.characters:
        c.card = None
        c.ran = False
        c.run_roll = 0
        c.had_turn = False
        fresh_turn(c)
        if game.standoff:
            c.drop("on_hold")  # W4: after a standoff everyone is dealt in as normal
    game.standoff = False
    game.standoff_order = []
    game.waiting = None  # a loser of an interrupt still waiting keeps its hold
    game.cut_in = None
    game.order = []
    game.acting = 0
    game.round += 1
    game.phase = "deal"
    if game.rounds is not None and game.round > game.rounds and not game.over:
        game.over = True
        game.reason = f"the {game.rounds}-round limit was reached"
        standing = {s.name: sum(1 for c in game.members(s) if not c.gone) for s in game.squads}
        best = max(standing.values())
        leaders = [n for n, v in standing.items() if v == best]
        game.winner = leaders[0] if len(leaders) == 1 else None


def leader_of(game: Game, extra: str, wild: list[str]) -> str:
    """W4: the Wild Card (of `wild`, its side's, in roster order) whose card a player's Extra acts
    on: the one the `allies` setting names, else the first."""
    chosen = game.settings.allies.get(extra)
    return chosen if chosen in wild else wild[0]


def _recipients(game: Game, skip: set[str]) -> tuple[list[tuple[str, list[Character]]], dict[str, str]]:
    """Who gets a card, in roster order: (the name in `order`, the characters acting on it)."""
    entries: list[tuple[str, list[Character]]] = []
    followers: dict[str, str] = {}
    groups: dict[tuple[str, str], list[Character]] = {}
    for squad in game.squads:
        members = [c for c in game.members(squad) if not c.gone and c.name not in skip]
        wild = [c.name for c in members if c.wild_card]
        for c in members:
            if c.wild_card:
                entries.append((c.name, [c]))
            elif not game.is_gm(squad.name) and wild:
                followers[c.name] = leader_of(game, c.name, wild)
            elif c.group:
                key = (squad.name, c.group)
                if key not in groups:
                    groups[key] = [c]
                    entries.append((c.group, groups[key]))
                else:
                    groups[key].append(c)
            else:
                entries.append((c.name, [c]))
    for name, leader_name in followers.items():
        entry = next(e for e in entries if e[0] == leader_name)
        follower = game.character(name)
        if follower not in entry[1]:
            entry[1].append(follower)
    return entries, followers


JOKER_SHARES = ("shared", "holder")


def settle_joker(game: Game, table: Table, dealt: list[tuple[str, str, list[Character]]],
                 joker: str | None) -> dict[str, str]:
    """W4: whether a player's Extras share the +2 of their Wild Card's Joker is the table's call,
    made once for the game (the `joker` setting). Unsaid at `new`, it is asked the first time it
    matters: a deal (`deal` or `next`) that gives a Joker to a Wild Card with followers. `joker`
    is `deal --joker`; every command of the game also takes `--joker` as a table answer.

    Raises:
        BadInput: --joker not shared or holder, or against the game's setting.
        NeedsAnswer: it matters, is not said, and nobody to ask.
    """
    if joker is not None and joker not in JOKER_SHARES:
        raise BadInput(f"--joker {joker}: use shared or holder")
    if joker is not None and game.settings.joker and joker != game.settings.joker:
        raise BadInput(f"--joker {joker}: this game's joker setting is already {game.settings.joker}")
    holders = [name for name, card, members in dealt if card in JOKERS and len(members) > 1
               and members[0].wild_card]
    if game.settings.joker or not holders:
        return {}
    extras = ", ".join(c.name for _, card, members in dealt if card in JOKERS for c in members[1:])
    answer = joker or table.choose(
        "joker", f"{' and '.join(holders)} drew a Joker; do {extras}, acting on that card, share its +2 to "
                 "traits and damage (shared), or is it the Wild Card's alone (holder)? The answer holds for "
                 "the whole game.", list(JOKER_SHARES))
    game.settings.joker = answer
    return {"joker": answer}


def deal(game: Game, dice: Dice, table: Table, ambushers: list[str] | None = None,
         joker: str | None = None) -> DealOutcome:
    """Start a round: end the last one if it is still running, shuffle if a Joker came up
    last round (or the deck is out), deal the cards and lay out the countdown (W4).
    `ambushers` (squad names) springs a surprise: they start on hold, the others test Notice
    and those who fail get no card this round.

    Raises:
        RuleRefusal: cards still to come this round; a surprise after the first round (forceable).
    """
    to_come = still_to_come(game)
    if to_come:
        refuse(table, f"round {game.round} still has cards to come ({', '.join(to_come)}); `next` brings them up "
                      "and ends the round")
    game.soakable = {}
    if game.phase == "action":
        end_round(game)
    notice: list[dict[str, Any]] = []
    no_card: list[str] = []
    if ambushers:
        squads = [game.squad(a).name for a in ambushers]
        if game.round != 1:
            refuse(table, "a surprise opens a fight; this is round " + str(game.round))
        for c in game.characters:
            if c.gone:
                continue
            if c.squad in squads:
                c.add("on_hold")
                continue
            test = character_test(dice, c, "notice", own_modifiers(game, c))
            notice.append({"name": c.name, **test.to_json()})
            from sprawl_cli.systems.savage_worlds.bennies import remember

            remember(game, c, "notice", test)
            if not test.success:
                c.no_card_rounds = 1
    shuffled = False
    if game.joker_dealt or not game.deck:
        shuffle(game)
        game.joker_dealt = False
        shuffled = True
    skip = {c.name for c in game.characters if c.has("on_hold")}
    for c in game.characters:
        if c.no_card_rounds > 0 and not c.gone:
            skip.add(c.name)
            no_card.append(c.name)
            c.no_card_rounds -= 1
    entries, followers = _recipients(game, skip)
    dealt: list[tuple[str, str, list[Character]]] = []
    midway = False
    for name, members in entries:
        if not game.deck:
            shuffle(game, keep=[card for _, card, _ in dealt])
            midway = True
        card = dice.card(list(game.deck), f"{name}: action card")
        game.deck.remove(card)
        if card in JOKERS:
            game.joker_dealt = True  # W4: shuffle before the next round
        dealt.append((name, card, members))
        for c in members:
            c.card = card
    settled = settle_joker(game, table, dealt, joker)
    dealt.sort(key=lambda d: card_key(d[1]))
    game.order = [{"name": name, "card": card} for name, card, _ in dealt]
    game.acting = 0
    game.phase = "action"
    game.dealt = True
    _skip_empty(game)
    _start_turn(game)
    on_hold = sorted(skip - set(no_card), key=[c.name for c in game.characters].index)
    return DealOutcome(game.round, list(game.order), shuffled, midway, notice, on_hold, no_card, followers,
                       settled)


def deal_late(game: Game, dice: Dice, c: Character) -> dict[str, Any]:
    """A surprised character whose rerolled Notice now succeeds is dealt in after all (W4):
    one card, placed in the countdown after the card now up (which stays up). A card that
    ranks above the one up has had its place already, so it comes up next (`next`): it is
    never passed over. Without a card up (the round over) there is nothing to deal into, and
    the result says so."""
    if c.card is not None or c.gone or c.has("on_hold"):
        return {"dealt": None}
    if game.phase != "action" or game.acting >= len(game.order):
        return {"dealt": None, "why": "no round is under way to deal it into; it is dealt in with the next deal"}
    if not game.deck:
        shuffle(game, keep=[e["card"] for e in game.order])
    card = dice.card(list(game.deck), f"{c.name}: action card")
    game.deck.remove(card)
    if card in JOKERS:
        game.joker_dealt = True
    c.card = card
    entry = {"name": c.name, "card": card}
    passed = card_key(card) < card_key(game.order[game.acting]["card"])
    rest = sorted(game.order[game.acting + 1:] + ([] if passed else [entry]), key=lambda e: card_key(e["card"]))
    game.order = game.order[:game.acting + 1] + ([entry] if passed else []) + rest
    return {"dealt": card, "order": list(game.order), "next": passed}


acting_now = up_now


def still_to_come(game: Game) -> list[str]:
    """The cards after the one now up whose characters still stand (`deal` waits for them)."""
    if game.phase != "action":
        return []
    out = []
    for entry in game.order[game.acting + 1:]:
        if any(c.card == entry["card"] and not c.gone for c in game.characters):
            out.append(f"{entry['card']} {entry['name']}")
    return out


def _skip_empty(game: Game) -> None:
    """Pass over cards whose characters are all gone: `next` never announces them."""
    while game.acting < len(game.order) and not up_now(game):
        game.acting += 1


def _start_turn(game: Game) -> None:
    """A card comes up: its characters' turn begins, and their Defend ends (W5: until its
    next action)."""
    now = acting_now(game)
    for c in now:
        c.drop("defending")
        if not c.has("on_hold"):
            fresh_turn(c)
    if now:
        game.side = next(i for i, s in enumerate(game.squads) if s.name == now[0].squad)


@dataclass(frozen=True)
class AdvanceOutcome:
    round: int
    acting: dict[str, str] | None
    round_ended: bool
    deal: DealOutcome | None = None
    over: bool = False
    reason: str | None = None
    phase: str = "deal"  # the game's phase after the step: "action" too when nobody's card is up (all hold)

    def to_json(self) -> dict[str, Any]:
        return {
            "over": self.over,
            "reason": self.reason,
            "round": self.round,
            "phase": self.phase,
            "acting": self.acting,
            "round_ended": self.round_ended,
            "deal": self.deal.to_json() if self.deal else None,
        }


def advance(game: Game, dice: Dice, table: Table) -> AdvanceOutcome:
    """`next`: in the deal phase, deal the round; else the next card in the countdown comes
    up, and after the last one the round ends."""
    if game.phase == "deal":
        dealt = deal(game, dice, table)
        return AdvanceOutcome(game.round, game.order[0] if game.order else None, False, dealt, phase=game.phase)
    game.soakable = {}
    game.waiting = None  # a loser of an interrupt that has not acted keeps its hold (W4: not never)
    for c in up_now(game):
        if c.acted or not game.joker(c):
            c.had_turn = True  # its card has passed (a Joker that has not acted may still go)
    close_cut_in(game)
    game.acting += 1
    _skip_empty(game)
    if game.acting >= len(game.order):
        end_round(game)
        return AdvanceOutcome(game.round, None, True, over=game.over, reason=game.reason, phase=game.phase)
    _start_turn(game)
    return AdvanceOutcome(game.round, game.order[game.acting], False, phase=game.phase)


# --- hold and interrupts -------------------------------------------------------------
@dataclass(frozen=True)
class HoldOutcome:
    name: str

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "on_hold": True}


def require_standing(c: Character, table: Table) -> None:
    if c.dead:
        raise RuleRefusal(f"{c.name} is dead")
    if c.has("incapacitated"):
        refuse(table, f"{c.name} is incapacitated and cannot act")


def hold(game: Game, c: Character, table: Table) -> HoldOutcome:
    """W4: wait; the turn is kept until used, across rounds (no card is dealt meanwhile)."""
    require_standing(c, table)
    if c.has("on_hold"):
        raise BadInput(f"{c.name} is already on hold")
    if game.phase != "action" or c.card is None:
        refuse(table, f"{c.name} has no action card this round; deal first")
    my_turn(game, c, table, "go on hold")
    if c.acted or c.moved:
        refuse(table, f"{c.name} has acted or moved this turn already; a hold is taken instead of the turn")
    if game.cut_in == c.name:
        game.cut_in = None
    c.had_turn = False
    c.add("on_hold")
    return HoldOutcome(c.name)


@dataclass(frozen=True)
class InterruptOutcome:
    name: str
    target: str
    rolls: dict[str, Any]
    first: str | None  # who acts first; None: simultaneous
    tries: list[dict[str, Any]] = field(default_factory=list)  # the holder's rolls when it spent bennies

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "target": self.target, "rolls": self.rolls, "first": self.first,
                "simultaneous": self.first is None, "tries": self.tries}


def interrupt(game: Game, dice: Dice, c: Character, target: Character, table: Table,
              bennies: int | None = None) -> InterruptOutcome:
    """W4: a holder cuts into the one acting now: opposed Agility, the holder first (deciding
    after each of its rolls whether a benny rerolls it, before the target rolls: W3), the
    higher goes first, a tie is simultaneous (`settle_interrupt`).

    Raises:
        RuleRefusal: `c` is not on hold (forceable), or interrupts itself.
    """
    require_standing(c, table)
    if c is target:
        raise BadInput(f"{c.name} cannot interrupt itself")
    if not c.has("on_hold"):
        refuse(table, f"{c.name} is not on hold; only a held action can interrupt")
    if game.dealt and target not in up_now(game) and game.cut_in != target.name:
        refuse(table, f"{c.name} can interrupt only the one acting now, and {target.name} is not: "
                      f"{_acting_now(game)}")
    from sprawl_cli.systems.savage_worlds.bennies import first_roller, remember_opposed

    agility = own_modifiers(game, c)
    mine, tries = first_roller(game, c, character_test(dice, c, "agility", agility),
                               lambda: character_test(dice, c, "agility", agility), target, "Agility", table, bennies)
    theirs = character_test(dice, target, "agility", own_modifiers(game, target))
    result = opposed(mine, theirs)
    first = c.name if result > 0 else target.name if result < 0 else None
    settle_interrupt(game, c, target, first)
    remember_opposed(game, "interrupt", (c, mine), (target, theirs))
    return InterruptOutcome(c.name, target.name, {c.name: mine.to_json(), target.name: theirs.to_json()}, first,
                            tries if len(tries) > 1 else [])


def _acting_now(game: Game) -> str:
    if game.cut_in is not None:
        return f"{game.cut_in} is taking its turn"
    if game.phase == "action" and game.acting < len(game.order):
        entry = game.order[game.acting]
        return f"the {entry['card']} is up ({entry['name']})"
    return "no card is up"


def settle_interrupt(game: Game, holder: Character, target: Character, first: str | None) -> None:
    """W4: the winner goes first. A holder that wins (or ties: at once) takes its turn now, the
    hold spent; one that loses keeps its hold and waits for the target to act, then goes
    (`turn.after_interrupt`)."""
    if first == target.name:
        if game.cut_in == holder.name:
            game.cut_in = None
        holder.add("on_hold")
        game.waiting = {"name": holder.name, "target": target.name, "done": False}
        return
    if game.waiting is not None and game.waiting["name"] == holder.name:
        game.waiting = None
    if game.cut_in != holder.name:
        open_cut_in(game, holder)  # the hold is spent: its turn is now


__all__ = ["Situation", "deal", "advance", "hold", "interrupt", "card_key", "check_end"]
