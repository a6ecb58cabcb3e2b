"""`status` for Savage Worlds: the JSON (SYSTEMS.md's fields) and the terminal table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sprawl_cli.api import to_data
from sprawl_cli.systems.savage_worlds.cards import acting_now, leader_of
from sprawl_cli.systems.savage_worlds.model import Character, Game

if TYPE_CHECKING:
    from rich.console import Console

HOUSE = "W8 damage effects are a house ruling (the chapter leaves them out)"
BYSTANDER = "firing into a melee hits a bystander on a natural 1: a house ruling (the chapter cites a rule it does not print)"
SUPPRESSION = ("suppressive fire (`suppress`): a Spirit test for all under a medium template, Shaken on a failure, hit "
               "on a natural 1; a house ruling (the chapter names the maneuver without printing it)")


def house_rulings(game: Game) -> list[str]:
    """The house rulings in play: W8 unless damage is applied by hand; the bystander rule always
    applies to `--into-melee` shots, and suppressive fire to `suppress` unless switched off."""
    return ([HOUSE] if game.settings.damage == "house" else []) + [BYSTANDER] + \
        ([SUPPRESSION] if game.settings.suppress == "house" else [])


def table_choices(game: Game) -> dict[str, Any]:
    """The table's choices for the whole game, with their defaults filled in: each player side's
    players (W3: 1 unless the `players` setting says) and the Wild Card each player's Extra acts
    with (W4: its side's first unless the `allies` setting says); whether those Extras share their
    Wild Card's Joker (W4: shared | holder, None while not said: it is never assumed)."""
    players = {s.name: game.settings.players.get(s.name, 1) for s in game.squads if not game.is_gm(s.name)}
    allies: dict[str, str] = {}
    for squad in game.squads:
        members = game.members(squad)
        wild = [c.name for c in members if c.wild_card]
        if game.is_gm(squad.name) or not wild:
            continue
        for c in members:
            if not c.wild_card:
                allies[c.name] = leader_of(game, c.name, wild)
    return {"players": players, "allies": allies, "joker": game.settings.joker or None}


def character_json(c: Character) -> dict[str, Any]:
    return {
        "name": c.name,
        "squad": c.squad,
        "statuses": c.shown_statuses,
        "wild_card": c.wild_card,
        "card": c.card,
        "wounds": c.wounds,
        "bennies": c.bennies,
        "toughness": c.base_toughness,
        "parry": c.current_parry,
        "pace": c.pace,
        "group": c.group,
        "dead": c.dead,
        "ran": c.ran,
        "traits": {"agility": c.agility, "smarts": c.smarts, "spirit": c.spirit, "strength": c.strength,
                   "vigor": c.vigor, **c.skills},
        "weapons": [to_data(w) for w in c.weapons if w.name not in c.disarmed],
        "dropped": list(c.disarmed),
        "turn": {"actions": list(c.acted), "moved": c.moved, "fired": dict(c.fired), "over": c.turn_over,
                 "done": c.had_turn, "paid": c.paid},
        "aim": {"target": c.aim, "round": c.aim_round} if c.aim else None,
        "ammo": {w.name: c.ammo(w) for w in c.weapons if w.shots is not None},
    }


def turn_words(c: Character) -> str:
    """What a character has done this turn, in a few words for the status table."""
    said = [a.replace(":", " ") for a in c.acted]
    if c.moved:
        said.append(f"moved {c.moved:g}\"")
    if c.ran:
        said.append(f"ran (+{c.run_roll}\")")
    if c.paid > 1:
        said.append(f"rolls at {c.paid} actions")  # W2: the count its rolls paid for
    if c.turn_over:
        said.append("done")
    elif c.had_turn:
        said.append("had its turn")
    return ", ".join(said)


def game_json(game: Game, only: Character | None = None) -> dict[str, Any]:
    people = [only] if only is not None else game.characters
    return {
        "order": list(game.order),
        "acting": [c.name for c in acting_now(game)],
        "cut_in": game.cut_in,
        "refereed": game.dealt,
        "standoff": game.standoff,
        "deck": len(game.deck),
        "shuffle_due": game.joker_dealt,
        "bennies": dict(game.pools),
        **table_choices(game),
        "gm": list(game.gm),
        "squads": [{"name": s.name, "members": list(s.members), "gm": game.is_gm(s.name)} for s in game.squads],
        "characters": [character_json(c) for c in people],
        "settings": to_data(game.settings),
        "damage_rule": "house" if game.settings.damage == "house" else "hand",
        "house": house_rulings(game),
        "step": game.step,
    }


def status_view(console: Console, game: Game, only: Character | None) -> None:
    from rich.table import Table

    from sprawl_cli.api import escape, print_table

    up = ", ".join(c.name for c in acting_now(game)) or "-"
    if game.cut_in:
        up += f" (and {game.cut_in}, out of turn)"
    phase = "cards not dealt yet: `deal`" if game.phase == "deal" else f"acting now: {up}"
    if game.over:
        phase = "the fight is over"
    console.print(f"[b]Savage Worlds[/], round {game.round}: {phase}")
    if game.over:
        console.print(f"[b]Over[/]: {escape(str(game.winner or 'no winner'))} ({escape(str(game.reason))})")
    pools = "; ".join(f"{escape(k)} {v}" for k, v in game.pools.items())
    console.print(f"Bennies in the pools: {pools}. Damage: "
                  + ("W8 applied [rule](house ruling)[/]" if game.settings.damage == "house"
                     else "reported, to apply by hand [rule](`--setting damage=hand`)[/]"))
    choices = table_choices(game)
    said = "; ".join(f"{escape(k)} {v} (3 each)" for k, v in choices["players"].items())
    console.print(f"Players (W3, `--setting players=SIDE:N`, 1 unless said): {said}")
    if choices["allies"]:
        acts = "; ".join(f"{escape(k)} on {escape(v)}'s card" for k, v in choices["allies"].items())
        console.print(f"Allies (W4, `--setting allies=EXTRA:WILD_CARD`, the side's first Wild Card unless "
                      f"said): {acts}")
        shares = {"shared": "yes (shared)", "holder": "no (holder)"}.get(game.settings.joker,
                                                                         "not said, asked when it first matters")
        console.print(f"Extras share a Wild Card's Joker (W4, `--setting joker=shared|holder`): {shares}")
    shown = [only] if only else game.characters
    for squad in game.squads:  # a table a side, titled with it, as narrow as a laptop's terminal
        members = [c for c in shown if c.squad == squad.name]
        if not members:
            continue
        table = Table(title=escape(squad.name), title_justify="left", title_style="bold", show_edge=False)
        for column in ("name", "card", "wounds", "bennies", "Parry", "Toughness", "statuses"):
            table.add_column(column)
        for c in members:
            wild = "*" if c.wild_card else ""
            table.add_row(escape(c.name) + wild, c.card or "-", str(c.wounds), str(c.bennies),
                          str(c.current_parry), str(c.base_toughness),
                          ", ".join(c.shown_statuses + (["dead"] if c.dead else [])))
        print_table(console, table)
    console.print("[rule]* Wild Card[/]")
    for c in [only] if only else game.characters:
        loads = [f"{w.name} {c.ammo(w)}/{w.shots}" for w in c.weapons if w.shots is not None]
        if loads:
            console.print(f"  rounds left, {escape(c.name)}: {escape(', '.join(loads))}")
    for c in [only] if only else game.characters:
        done = turn_words(c)
        if done and game.phase == "action":
            console.print(f"  this turn, {escape(c.name)}: {escape(done)}")
