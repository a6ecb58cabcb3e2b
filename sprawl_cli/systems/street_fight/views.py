"""Street-Fight outcomes as lines of Rich markup (the log keeps them plain)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sprawl_cli.api import bar, escape, name, print_table

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.systems.street_fight.close import Fight
    from sprawl_cli.systems.street_fight.model import Game
    from sprawl_cli.systems.street_fight.morale import MoraleTest
    from sprawl_cli.systems.street_fight.movement import Aim, Move, Overwatch
    from sprawl_cli.systems.street_fight.odds import FightOdds, ShotOdds
    from sprawl_cli.systems.street_fight.shooting import Shooting
    from sprawl_cli.systems.street_fight.setup import Started
    from sprawl_cli.systems.street_fight.turn import Advance, Initiative


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def modifier_text(mods: list[dict[str, Any]]) -> str:
    return ", ".join(f"{signed(m['amount'])} {escape(m['label'])} ({m['source']})" for m in mods)


def chance_line(chance: int, mods: list[dict[str, Any]]) -> str:
    rest = modifier_text(mods)
    return f"  Chance [bold]{chance}%[/] = 100 base" + (f", {rest}" if rest else "")


def initiative_lines(i: Initiative) -> list[str]:
    rolls = ", ".join(f"{name(s)} {' then '.join(map(str, faces))}" for s, faces in i.rolls)
    return [f"Initiative (F1): {rolls} → {' then '.join(name(s) for s in i.order)}"]


def started_lines(s: Started) -> list[str]:
    lines = [f"{name(n)} rolls {roll:02d} for a weapon: {escape(w)} (F5)" for n, roll, w in s.weapons]
    return lines + initiative_lines(s.initiative)


def advance_lines(a: Advance) -> list[str]:
    from sprawl_cli.systems.street_fight.model import PHASE_TITLES

    lines: list[str] = []
    if a.initiative:
        lines.append(f"[bold]Turn {a.round}[/]")
        lines += initiative_lines(a.initiative)
    if a.sheltered:
        lines.append(f"Sheltered a full turn, acting normally again (F10): {', '.join(map(name, a.sheltered))}")
    for test in a.morale:
        lines += morale_lines(test)
    if not a.over:
        lines.append(f"{PHASE_TITLES[a.phase]} phase: {name(a.side)} acts.")
    return lines + [f"  {escape(t)}" for t in a.todo]


def move_lines(m: Move) -> list[str]:
    total = f" ({m.moved:g}\" this turn)" if m.moved != m.inches else ""
    lines = [f"{name(m.name)} moves {m.inches:g}\"{total}" + (" into cover" if m.into_cover else "") + "."]
    if m.ran:
        lines.append("  Over 5\": no firing and no entering cover this turn, and it counts as moving next turn (F2).")
    if m.aim_lost:
        lines.append(f"  Its {m.aim_lost} turn{'s' * (m.aim_lost != 1)} of aim are lost (F3).")
    if m.cover_regained:
        lines.append("  Having moved, it may take the full bonus of cover again (F8).")
    if m.left_combat:
        lines.append(f"  It breaks away from {', '.join(map(name, m.left_combat))} as it falls back (F10).")
    if m.sheltering:
        lines.append("  It has reached cover and shelters there for a full turn (F10).")
    return lines


def aim_lines(a: Aim) -> list[str]:
    return [f"{name(a.name)} aims ({a.aim_turns} turn{'s' * (a.aim_turns != 1)}): its next shot gets "
            f"+{a.bonus}% (F3), this turn or later. Moving or firing ends the aim."]


def overwatch_lines(o: Overwatch) -> list[str]:
    area = "a large area" if o.large else "a point of aim"
    return [f"{name(o.name)} goes on overwatch over {area}: it may fire at a figure moving through it during "
            f"the enemy's turn at {o.penalty}% (F7), with no aim bonus."]


def shooting_lines(s: Shooting) -> list[str]:
    d = s.to_json()
    how = " from overwatch (F7)" if s.overwatch else ""
    lines = [f"{name(s.shooter)} fires the {escape(s.weapon)} at {name(s.target)}{how}."]
    if s.rounds_roll is not None:
        spread = f", spread over {s.frontage:g}\"" if s.frontage else ""
        lines.append(f"  Rounds: d10 {s.rounds_roll} → {s.rounds} shot{'s' * (s.rounds != 1)}{spread} (F6)")
    lines.append(chance_line(s.chance, d["modifiers"]))
    for other in (t for t in d["targets"] if t["target"] != s.target):
        lines.append(f"  {name(other['target'])}:" + chance_line(other["chance"], other["modifiers"])[1:].replace(
            "Chance", "chance", 1))
    for shot in s.shots:
        odds = f" at {shot.chance}%" if shot.target != s.target or shot.chance != s.chance else ""
        if shot.roll is None:
            lines.append(f"  {name(shot.target)}{odds}: cannot be hit (chance under 1%), not rolled (F3)")
            continue
        verdict = "[good]hit[/]" if shot.hit else "[die.miss]miss[/]"
        text = f"  {name(shot.target)}{odds}: d100 {shot.roll} → {verdict}"
        if shot.hit:
            down = "[bad]casualty[/]" if shot.casualty else "no effect"
            text += f"; kill roll d10 {shot.kill_roll} (needs {s.kill}+) → {down} (F4)"
        lines.append(text)
    return lines + [f"  {escape(n)}" for n in s.notes]


def fight_lines(f: Fight) -> list[str]:
    d = f.to_json()
    lines = [f"{name(f.attacker)} fights {name(f.defender)} (F9)."]
    if f.joined:
        lines.append("  Also in contact, in combat from now on: "
                     + ", ".join(f"{name(enemy)} with {name(figure)}" for enemy, figure in f.joined) + ".")
    for who, roll, total, mods in zip((f.attacker, f.defender), f.rolls, f.totals, d["modifiers"], strict=True):
        extra = f" {modifier_text(mods)}" if mods else ""
        lines.append(f"  {name(who)}: d10 {roll}{extra} = [bold]{total}[/]")
    if f.winner is None:
        lines.append("  A draw: they stay in combat until next turn.")
    elif f.casualty:
        lines.append(f"  {name(f.winner)} wins with 8 or more: {name(f.casualty)} is a [bad]casualty[/].")
    else:
        lines.append(f"  {name(f.winner)} wins but under 8: they stay in combat; the loser takes -1 in the next "
                     "turn's close combat (F9).")
    return lines


def morale_lines(t: MoraleTest) -> list[str]:
    head = f"{name(t.squad)} tests morale: d10 {t.roll} against under {t.left} (F10) → "
    note = [f"  {escape(t.note)}"] if t.note else []
    if t.passed:
        return [head + "[good]holds[/]."] + note
    away = f" directly away from {name(t.cause)}" if t.cause else ""
    return [head + "[bad]fails[/].",
            f"  Falling back to cover{away}, then sheltering a full turn: {', '.join(map(name, t.falling_back))}"] + note


def shot_odds_lines(o: ShotOdds) -> list[str]:
    d = o.to_json()
    lines = [f"{escape(o.weapon)}: " + chance_line(o.chance, d["modifiers"]).strip(),
             f"  Hit {float(o.hit):.1%}, kill on a hit {float(o.kill):.1%}, casualty per shot {float(o.casualty):.2%}"]
    if o.rounds:
        lines.append(f"  Burst ({o.rounds} rounds) at {o.targets} target{'s' * (o.targets != 1)}: casualties")
        for n, p in enumerate(o.casualties):
            lines.append(f"    {n}: {float(p):7.2%} {bar(float(p))}")
        lines.append(f"  Expected casualties {float(o.expected):.3f}")
    return lines


def fight_odds_lines(o: FightOdds) -> list[str]:
    return [f"Close combat, attacker {signed(o.attacker_mod)} against defender {signed(o.defender_mod)} (F9):",
            f"  attacker wins and kills {float(o.attacker_kills):.0%}, wins under 8 {float(o.attacker_wins):.0%}, "
            f"draw {float(o.draw):.0%}, defender wins under 8 {float(o.defender_wins):.0%}, "
            f"defender wins and kills {float(o.defender_kills):.0%}"]


def status_table(console: Console, game: Game, only: str | None = None) -> None:
    from rich.table import Table as RichTable

    from sprawl_cli.systems.street_fight.model import PHASE_TITLES

    head = f"Turn {game.round}, {PHASE_TITLES[game.phase]} phase: {game.current_squad.name} acts"
    order = " then ".join(game.squads[i].name for i in game.order)
    console.print(f"[bold]{escape(head)}[/] (initiative {escape(order)})")
    if game.over:
        console.print(f"[bad]Game over:[/] {escape(game.reason or '')}")
    for s in game.squads:
        lost = len(s.members) - len(game.standing(s))
        due = game.morale_of(s.name).tests_due
        tests = f", {due} morale test{'s' * (due != 1)} due" if due else ""
        console.print(f"  {name(s.name)}: {len(s.members) - lost} of {len(s.members)} standing{tests}")
    grid = RichTable(show_edge=False)
    for col in ("Figure", "Squad", "Weapon", "Aim", "Statuses", "Cover", "Fighting"):
        grid.add_column(col)
    for c in game.characters:
        if only is not None and c.name != only:
            continue
        lost = c.lost_latest_round and not c.gone
        fighting = ", ".join(c.engaged_with) + (" (lost last round)" if lost else "")
        cover = "" if c.gone or not c.in_cover else "lost (F8)" if c.fired_since_move else "yes"
        grid.add_row(name(c.name), escape(c.squad), escape(c.weapon), str(c.aim_turns) if c.aim_turns else "",
                     ", ".join(c.shown_statuses), cover, escape(fighting))
    print_table(console, grid)
