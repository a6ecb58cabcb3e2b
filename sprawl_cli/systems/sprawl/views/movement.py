"""Views of the Movement Phase: what a move allows, hiding and spotting, overwatch,
jumps, falls and the end of a flight, each as lines of Rich markup that also say
what the players must now do on the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sprawl_cli.api import escape, name
from sprawl_cli.systems.sprawl.views import badge, dice
from sprawl_cli.systems.sprawl.views.game import panic_lines, victim_lines

if TYPE_CHECKING:
    from sprawl_cli.systems.sprawl.pool import PoolResult
    from sprawl_cli.systems.sprawl.movement import (
        ChargeOutcome,
        FallOutcome,
        FlightEnd,
        HideOutcome,
        JumpOutcome,
        MoveOutcome,
        OverwatchOutcome,
        SpotOutcome,
    )


def inches(value: float) -> str:
    return f"{value:g}\""


def successes(count: int) -> str:
    return f"{count} success{'es' if count != 1 else ''}"


def roll_line(what: str, test: PoolResult, tens: bool, verdict: str) -> str:
    """`Babs rolls Smarts [3 7 10] → 3 successes: ...` with the Rule of Tens noted when it counted."""
    doubled = " [rule](each 10 counts twice, R2)[/]" if tens and 10 in test.faces else ""
    return f"{what} {dice(test.faces, tens)} → {successes(test.successes)}{doubled}: {verdict}"


def hiding_line(ended: bool, who: str) -> list[str]:
    return [f"  {name(who)} is no longer hidden: moving gives it away (R19)."] if ended else []


def move_lines(o: MoveOutcome, tens: bool = True) -> list[str]:
    who = name(o.name)
    ground = f"{o.terrain} ground" + (" (ladder or stairs)" if o.ladder else "")
    if o.mode == "crawl":
        lines = [f"{who} is Down and may crawl [bold]{inches(o.allowance)}[/] toward safety (R8)."]
    else:
        verb = "may run" if o.running else "may move"
        how = f" (Quickness {o.quickness}" + (", halved" if o.terrain == "difficult" else "") + (
            ", quartered" if o.terrain == "treacherous" else "") + (", doubled for running" if o.running else "") + ")"
        lines = [f"{who} {verb} [bold]{inches(o.allowance)}[/] over {ground}{how}."]
    if o.climb_cost is not None:
        lines.append(f"  Climbing the obstacle costs {inches(o.climb_cost)}: "
                     f"[bold]{inches(o.after_climb or 0)}[/] left for the rest of the move (R18).")
    if o.test is not None:
        if o.stumbled:
            verdict = (f"[bad]stumbles[/], and stops {inches(o.stop_at or 0)} into the "
                       f"{inches(o.across or 0)} of difficult ground")
        else:
            verdict = f"[good]keeps its feet[/] across the {inches(o.across or 0)} of difficult ground"
        lines.append("  " + roll_line(f"Running on difficult ground, {o.name} tests Quickness (needs 2)",
                               o.test, tens, verdict))
    if o.running:
        lines.append(f"  {who} [warn]ran[/]: it does nothing else this turn and counts as a running target "
                     "until its side's next turn (R13, R18).")
    lines.extend(hiding_line(o.hiding_ended, o.name))
    lines.extend(f"  [dim]{escape(note)}[/]" for note in o.notes)
    lines.append("[todo]Now:[/] move the model on the table.")
    return lines


def charge_lines(o: ChargeOutcome, tens: bool = True) -> list[str]:
    over = "" if o.terrain == "open" else f" over {o.terrain} ground (Quickness halved)"
    lines = [f"{name(o.name)} charges {name(o.target)}: up to [bold]{inches(o.allowance)}[/]{over} "
             "(double Quickness), stopping at base contact (R18)."]
    run = o.run
    if run is not None and run.test is not None:
        verdict = (f"[bad]stumbles[/], and stops {inches(run.stop_at or 0)} into the {inches(run.across or 0)} "
                   "of difficult ground" if run.stumbled
                   else f"[good]keeps its feet[/] across the {inches(run.across or 0)} of difficult ground")
        lines.append("  " + roll_line(f"Charging over difficult ground, {o.name} tests Quickness (needs 2)",
                                      run.test, tens, verdict))
    if o.reached:
        lines.append(f"  {name(o.name)} and {name(o.target)} are now in close combat (R12).")
    elif o.short:
        lines.append(f"  {name(o.target)} is out of reach: {name(o.name)} moves its full "
                     f"{inches(o.allowance)} toward it and stops (R18).")
    lines.extend(hiding_line(o.hiding_ended, o.name))
    lines.extend(f"  [dim]{escape(note)}[/]" for note in o.notes)
    if o.reached:
        lines.append("[todo]Now:[/] move the charger into base contact; they fight in the Close Combat Phase "
                     "(`sprawl brawl`).")
    else:
        lines.append("[todo]Now:[/] move the charger where it stopped; it does nothing else this turn.")
    return lines


def hide_lines(o: HideOutcome, tens: bool = True) -> list[str]:
    lines = []
    if o.enemies:
        listed = ", ".join(f"{escape(e['name'])} {e['smarts']}\"" for e in o.enemies)
        lines.append(f"No enemy is within its own Smarts of {name(o.name)} ({listed}).")
    if o.hidden:
        verdict = f"[good]hidden[/]; a spotter needs {successes(o.hide_successes)} to find it"
    else:
        verdict = "[bad]fails to hide[/] (no successes)"
    indent = "  " if lines else ""  # under the line about the enemies, when there was one
    lines.append(indent + roll_line(f"{o.name} tests Smarts", o.test, tens, verdict))
    if o.hidden:
        lines.append(f"[todo]Now:[/] put a hidden marker showing {o.hide_successes} beside {name(o.name)}; "
                     "it cannot be seen, shot or charged until spotted, and moving or attacking ends it (R19).")
    else:
        lines.append(f"[todo]Now:[/] {name(o.name)} stays in plain view.")
    return lines


def spot_lines(o: SpotOutcome, tens: bool = True) -> list[str]:
    if o.found:
        verdict = f"[good]finds {escape(o.hider)}[/] (needed {o.needed})"
    else:
        verdict = f"[bad]does not find {escape(o.hider)}[/] (needed {o.needed})"
    lines = [roll_line(f"{o.spotter} looks for {o.hider}: Smarts", o.test, tens, verdict)]
    if o.found:
        lines.append(f"[todo]Now:[/] take away {name(o.hider)}'s hidden marker; it can be seen, shot and "
                     "charged again (R19).")
    else:
        lines.append(f"[todo]Now:[/] {name(o.hider)} stays hidden.")
    return lines


def overwatch_lines(o: OverwatchOutcome, tens: bool = True) -> list[str]:
    kept = " and stays hidden" if o.hidden else ""
    return [f"{name(o.name)} goes on {badge('overwatch')}{kept}: it gives up this turn and may shoot once "
            "during the enemy's turn (R20).",
            "  [dim]Overwatch ends when it shoots, at its own next turn, or if it is pinned or panics.[/]"]


def jump_lines(o: JumpOutcome, tens: bool = True) -> list[str]:
    lines = [roll_line(f"{o.name} jumps: Quickness", o.test, tens, f"[bold]{inches(o.inches)}[/] across (R21)")]
    lines.extend(hiding_line(o.hiding_ended, o.name))
    lines.append(f"[todo]Now:[/] {name(o.name)} does nothing else this turn. If that is short of the far side, "
                 "it falls: `sprawl fall NAME INCHES` (R22).")
    return lines


def fall_lines(o: FallOutcome, tens: bool = True) -> list[str]:
    v = o.victim
    if not v.damage:
        lines = [f"{name(o.name)} falls {inches(o.inches)}: 1\" or less does no harm (R22)."]
    else:
        lines = [f"{name(o.name)} falls {inches(o.inches)}: more than 1\", so it takes damage and resists it "
                 "with Toughness (R22)."]
        lines.extend(victim_lines(v, tens))
    lines.extend(hiding_line(o.hiding_ended, o.name))
    lines.extend(panic_lines(o.panic, tens))
    return lines


def flight_lines(o: FlightEnd, tens: bool = True) -> list[str]:
    if o.where == "safe":
        return [f"{name(o.name)} has reached safety and stops fleeing (R10).",
                "[todo]Then:[/] in a later turn's Recovery Phase it may try to rally (`sprawl recover`)."]
    lines = [f"{name(o.name)} runs off the table edge: {badge('out_of_play')} for the rest of the game "
             "(it counts as Out of Action for routing, R10, R24)."]
    if o.over:
        lines.append(f"[bold]The game is over:[/] {escape(o.reason or '')}")
    return lines
