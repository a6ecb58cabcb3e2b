"""The referee of the round (W2, W4, W5, W8): whose card is up, who may act outside the
countdown (a Joker, a holder), and what each character has done on its turn: its actions
(for the multi-action penalty and "not the same action twice"), its shots per weapon (rate
of fire), its movement, and whatever ended its turn early (a Shaken recovery without a
raise, Defend, aiming).

Until the first `deal` (or `standoff`) nothing here is checked: the tool is then a
calculator for a table that keeps its own turns. Every refusal goes through `refuse`, so the
referee's `--force` overrules it and the journal says so.
"""

from __future__ import annotations

from sprawl_cli.api import BadInput, Table, refuse
from sprawl_cli.systems.savage_worlds.model import Character, Game

CRAWL = 2  # inches a crawl may cover in a turn


def refereed(game: Game) -> bool:
    """Turns are refereed once a round has been dealt (or a standoff begun)."""
    return game.dealt and not game.over


def up_now(game: Game) -> list[Character]:
    """The standing characters whose card is up."""
    if game.phase != "action" or game.acting >= len(game.order):
        return []
    card = game.order[game.acting]["card"]
    return [c for c in game.characters if c.card == card and not c.gone]


def fresh_turn(c: Character) -> None:
    """A turn begins: nothing done yet (its aim carries over; W5)."""
    c.acted = []
    c.moved = 0.0
    c.fired = {}
    c.turn_over = None
    c.paid = 0


def close_cut_in(game: Game) -> None:
    """A holder's or Joker's turn outside the countdown is over."""
    if game.cut_in is not None:
        for c in game.characters:
            if c.name == game.cut_in:
                c.had_turn = True
        game.cut_in = None


def open_cut_in(game: Game, c: Character) -> None:
    """`c` takes its turn now, outside the countdown: a hold is spent by it (W4)."""
    if game.cut_in is not None and game.cut_in != c.name:
        close_cut_in(game)
    c.drop("on_hold")
    fresh_turn(c)
    game.cut_in = c.name


def _whose(game: Game) -> str:
    entry = game.order[game.acting]
    if not up_now(game):
        return f"the {entry['card']} is up ({entry['name']}), and nobody on it can act now: `next` moves on"
    return f"the {entry['card']} is up ({entry['name']})"


def turn_refusal(game: Game, c: Character, doing: str, holding: bool) -> str | None:
    """Why `c` may not `doing` ("shoot", "move"...) now (W4), or None: its card must be up, or
    it holds a Joker that has not had its turn, or it is on hold, or it is the one cutting in
    now. `holding`: the command itself counts as a hold (W5: the drop)."""
    if not refereed(game) or game.cut_in == c.name:
        return None
    if c.has("on_hold") or (holding and not c.had_turn and c not in up_now(game)):
        return None
    if c in up_now(game):
        return f"{c.name} has had its turn this round; wait for the next deal" if c.had_turn else None
    if game.phase != "action":
        return (f"round {game.round} has not been dealt yet: `deal` (or `next`) deals it, then {c.name} "
                f"may {doing} when its card is up")
    if c.card is None:
        return (f"{c.name} has no action card this round (surprised, or dealt out), so it cannot {doing}; "
                "it is dealt in next round")
    if game.joker(c) and not c.had_turn:
        return None
    if c.had_turn:
        return f"{c.name} has had its turn this round ({c.card}); wait for the next deal"
    return (f"it is not {c.name}'s turn: {_whose(game)}; {c.name} acts on the {c.card} "
            "(`next` brings it up; a holder may `interrupt`)")


def my_turn(game: Game, c: Character, table: Table, doing: str, holding: bool = False) -> None:
    """Refuse `c` doing anything outside its turn (`turn_refusal`), and open the turn of one
    who acts outside the countdown: a holder (the action spends the hold) or a Joker.

    Raises:
        RuleRefusal: not its turn (forceable).
    """
    if not refereed(game):
        return
    standoff_turn(game, c, table)
    after_interrupt(game, c, table)
    if game.cut_in == c.name:
        return
    if game.cut_in is not None and game.character(game.cut_in).acted:  # the save keeps `cut_in` a name
        close_cut_in(game)  # someone else acts now: the cut-in turn is over
    why = turn_refusal(game, c, doing, holding)
    if why is not None:
        refuse(table, why)
        return
    if c.has("on_hold") or c not in up_now(game):
        # Let through outside the countdown: a holder (its hold is spent by its use, W4), the
        # drop (it counts as a hold, W5) or a Joker (it goes whenever it likes, W4).
        open_cut_in(game, c)


def after_interrupt(game: Game, c: Character, table: Table) -> None:
    """W4: a holder that lost its interrupt acts after the one it tried to cut into, not before
    and not never: it waits (still on hold) until that one has done something, then its hold
    opens its turn. Whatever the target does first (an action, a move) lets the holder go.

    Raises:
        RuleRefusal: the loser acting before its target (forceable).
    """
    waiting = game.waiting
    if waiting is None:
        return
    if c.name == waiting["target"]:
        waiting["done"] = True
    elif c.name == waiting["name"]:
        if not waiting.get("done"):
            refuse(table, f"{c.name} lost its interrupt: {waiting['target']} acts first, then {c.name}")
        game.waiting = None


def standoff_turn(game: Game, c: Character, table: Table) -> None:
    """W4: in a standoff they act from the highest Agility down (equal totals at once): `c`
    waits while anyone standing above it has not had its turn.

    Raises:
        RuleRefusal: someone with a higher total still to act (forceable).
    """
    if not game.standoff or game.cut_in == c.name:
        return
    places = {e["name"]: (int(e["standing"]), int(e["total"])) for e in game.standoff_order}
    if c.name not in places:
        return
    ahead = [o for o in game.characters if o.name in places and places[o.name] > places[c.name] and not o.gone
             and not o.had_turn and not o.acted]
    if ahead:
        first = max(ahead, key=lambda o: places[o.name])
        refuse(table, f"in the standoff the highest Agility acts first: {first.name} (Agility {places[first.name][1]}) "
                      f"before {c.name} ({places[c.name][1]})")


def free_to_act(c: Character, table: Table) -> None:
    """Refuse an action after something that ended the turn early (W8 recovery, Defend, aim)."""
    if c.turn_over:
        refuse(table, f"{c.name} can do nothing more this turn: {c.turn_over}")


def action(game: Game, c: Character, table: Table, key: str, doing: str, declared: int | None = 1,
           once: bool = True, holding: bool = False) -> int:
    """`c` takes an action (`key` names it, like "fight:Sword"): on its turn, not after its turn
    ended early, not the same action twice (W2; a shot, `once` false, is capped by `shots`
    instead), and not beyond the count its earlier rolls this turn paid for (`raise_count`).
    Returns the actions taken so far this turn, this one included, or `declared` if more: the
    count for a roll that needs none asked (a roll asks with `paying`).

    Raises:
        RuleRefusal: out of turn, turn over, the same action twice, a count raised (forceable).
    """
    my_turn(game, c, table, doing, holding)
    if not refereed(game):
        return declared or 1
    free_to_act(c, table)
    if once and key in c.acted:
        refuse(table, f"{c.name} has already done that this turn ({key.replace(':', ' with ')}); no action twice "
                      "in a turn")
    c.acted.append(key)
    if once:  # a shot checks the count after its rate of fire (`shots`), when its roll pays (`paying`)
        raise_count(c, len(c.acted), table)
    return max(declared or 1, len(c.acted))


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def raise_count(c: Character, wanted: int, table: Table) -> None:
    """W2: every roll of a turn pays for all its actions. Once a roll has been made at `c.paid`
    actions, a count above it (a later action, or a bigger `--actions`) would leave that roll
    short: refused, saying how to put it right; forced, the later rolls pay the new count.

    Raises:
        RuleRefusal: `wanted` above what the earlier rolls paid for (forceable).
    """
    if c.paid and wanted > c.paid:
        refuse(table, f"{c.name}'s rolls this turn were made at {c.paid} action{'s' if c.paid > 1 else ''} "
                      f"(multi-action {-2 * (c.paid - 1)}), and this makes {wanted}: `undo` back to its first roll "
                      f"of the turn and give it `--actions {wanted}` (W2: every roll pays for every action)")
        c.paid = wanted


def paying(game: Game, c: Character, table: Table, declared: int | None, also: list[Character] | None = None) -> int:
    """The turn's action count a roll of `c`'s pays for (W2: -2 on every roll per action beyond
    the first, the first roll too). The first roll of a turn fixes it: `declared` (`--actions N`),
    else the table is asked (a terminal), else refused naming `--actions`; a later roll pays the
    same count, and one that would raise it is refused (`raise_count`). `also`: the rest of a
    group rolling one die with `c`, who pay the same. Unrefereed (no deal yet), `declared` or 1.

    Raises:
        NeedsAnswer: the first roll of a turn, no --actions, and nobody to ask.
        BadInput: a count below 1.
        RuleRefusal: a count above what earlier rolls paid for (forceable).
    """
    if not refereed(game):
        return declared or 1
    so_far = max(1, len(c.acted))
    if c.paid:
        raise_count(c, max(so_far, declared or 0), table)
    else:
        if declared is None:
            declared = table.number("actions", f"How many actions does {c.name} take this turn, this {ordinal(so_far)} "
                                               "one among them (not counting a run)? Every roll of the turn takes -2 "
                                               "for each beyond the first (W2).")
        if declared < 1:
            raise BadInput(f"--actions {declared} makes no sense; count the actions taken this turn, 1 or more")
        c.paid = max(declared, so_far)
    for other in also or []:
        other.paid = max(other.paid, c.paid)
    return c.paid


def counted(game: Game, c: Character) -> int:
    """The multi-action count of a roll that is no action of its own (a jump's Strength): what
    the turn's rolls paid for, else the actions taken so far."""
    if not refereed(game):
        return 1
    return max(1, c.paid, len(c.acted))


def shots(game: Game, c: Character, weapon: str, rof: int, dice: int, table: Table) -> None:
    """W2: a weapon fires at most its rate of fire in a turn, and all its dice at once: they are
    one action, so a second shot with it in the same turn (after a move, or not) is refused."""
    if not refereed(game):
        return
    used = c.fired.get(weapon, 0)
    if used:
        refuse(table, f"{c.name} fired its {weapon} this turn already ({used} {'die' if used == 1 else 'dice'}): a "
                      "weapon's shooting dice are one action, all rolled at once (W2); `--rof N` with `--targets` "
                      "spreads them")
    if used + dice > rof:
        refuse(table, f"{weapon} fires at most {rof} in a turn (rate of fire) and {c.name} has fired {used}; "
                      f"{max(0, rof - used)} left")
    c.fired[weapon] = used + dice


def movement(game: Game, c: Character, cost: float, allowed: float, full: float, table: Table, what: str) -> float:
    """Movement adds up across a turn: `cost` inches of a move whose kind allows `allowed` in a
    turn (Pace and its run; half crouching; 2" crawling), out of the `full` Pace (and run) that
    every kind of move spends. Refuses a move past what is left and says what is left; returns
    what is left after it, in the move's own inches.

    Raises:
        RuleRefusal: too far, or moving while aiming (forceable).
    """
    scale = full / allowed if allowed else 1.0
    spent = c.moved if refereed(game) else 0.0
    left = max(0.0, (full - spent) / scale)
    if refereed(game) and "aim" in c.acted:
        refuse(table, f"{c.name} is aiming this round: no movement (W5)")
    if cost > left:
        refuse(table, f"{c.name} has {left:g}\" of movement left this turn (of {allowed:g}\"); {what} costs "
                      f"{cost:g}\"")
    if refereed(game):
        c.moved += cost * scale
    return max(0.0, left - cost)


def end_turn(c: Character, why: str) -> None:
    c.turn_over = why
