"""Views of Ranged Combat: a shot told the way a referee would tell it, the odds of
a shot, and the line-of-sight roll."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sprawl_cli.api import bar, escape, name
from sprawl_cli.systems.sprawl.views import dice
from sprawl_cli.systems.sprawl.views.compass import compass, describe
from sprawl_cli.systems.sprawl.views.game import panic_lines, victim_lines

if TYPE_CHECKING:
    from sprawl_cli.systems.sprawl.ranged import ShotOutcome, SightRoll
    from sprawl_cli.systems.sprawl.odds import ShotOdds

MISFIRE_WORDS = {
    "jammed": "[bad]jammed[/]: it will not fire until a Smarts test against its Reliability clears it "
              "in a later Recovery Phase (`sprawl recover`)",
    "out_of_ammo": "[bad]out of ammo[/] for the rest of the game",
}


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def difficulty_line(aim: dict[str, Any]) -> str:
    """`Difficulty 3 = 1 base, +1 partial cover (R13), +1 wounds (R5)`."""
    parts = ["1 base"] + [f"{_signed(m['value'])} {escape(m['source'])} ({m['ruling']})" for m in aim["modifiers"]]
    floor = " (never below 1, R3)" if aim["difficulty"] == 1 and sum(m["value"] for m in aim["modifiers"]) < 0 else ""
    return f"  Difficulty [bold]{aim['difficulty']}[/] = {', '.join(parts)}{floor}"


def _verb(d: dict[str, Any]) -> str:
    if d["kind"] == "thrown":
        return "throws a"
    if d["kind"] == "launcher":
        return "fires the"
    return "shoots with the"


def shot_lines(outcome: ShotOutcome | dict[str, Any], tens: bool = True) -> list[str]:
    """The shot, step by step, then what the players must now do on the table."""
    d = outcome if isinstance(outcome, dict) else outcome.to_json()
    attacker, target = name(d["attacker"]), name(d["target"])
    aimed = f"the ground beside {target}" if d["spot"] else target
    when = " from overwatch (R20)" if d["overwatch"] else ""
    lines = [f"{attacker} {_verb(d)} {escape(d['weapon'])} at {aimed}{when}."]
    for why in d["forced"]:
        lines.append(f"  [bad]Referee overrule:[/] {escape(why)}")
    if d["throw_range"] is not None:
        measured = f"; measured {d['distance']:g}\"" if d["distance"] is not None else ""
        lines.append(f"  Throwing range {d['throw_range']}\" at this Strength (R17){measured}.")
    lines.append(difficulty_line(d))
    count = f"{d['successes']} success{'es' if d['successes'] != 1 else ''}"
    if d["passed"]:
        verdict = f"[good]hit[/]: {d['hits']} net success{'es' if d['hits'] != 1 else ''} = {d['hits']} hit{'s' if d['hits'] != 1 else ''} (R4)"
    else:
        verdict = "[bad]miss[/]"
    lines.append(f"  Shooting {len(d['faces'])}d10: {dice(d['faces'], tens)} {count} → {verdict}")
    if tens and 10 in d["faces"]:
        lines.append("  [rule]each 10 is two successes on this test (R2)[/]")
    if d["misfire"] == "none_left":
        # R14, R15: the misfired grenade or rocket still goes off (it scatters below); none are left.
        lines.append(f"  [bad]Misfire[/]: no successes and a 1 (R14): {attacker} has [bad]no {escape(d['weapon'])} "
                     "left[/] for the rest of the game. This one still goes off, and scatters like any miss.")
    elif d["misfire"]:
        lines.append(f"  [bad]Misfire[/]: no successes and a 1 (R14); misfire d10 {dice([d['misfire_roll']])} → "
                     f"{escape(d['weapon'])} {MISFIRE_WORDS[d['misfire']]}.")
    scatter = d["scatter"]
    if scatter:
        lines.extend(scatter_lines(scatter, d))
    elif d["kind"] in ("thrown", "launcher") and d["passed"]:
        where = "the spot" if d["spot"] else target
        radius = f" (blast {d['blast']:g}\", R16)" if d["blast"] else ""
        lines.append(f"  It lands on {where}{radius}.")
    for v in d["victims"]:
        lines.extend(victim_lines(v, tens))
    if d["victims"] and d["kind"] in ("thrown", "launcher"):
        lines.append("  [rule]each one caught is pinned, and rolls its own damage (R16)[/]")
    lines.extend(panic_lines(d["panic"], tens))
    if d["uses_left"] is not None and not d["misfire"]:
        lines.append(f"  {escape(d['weapon'])}: {d['uses_left']} left for this game.")
    for note in d["notes"]:
        lines.append(f"  [dim]{escape(note)}[/]")
    lines.extend(todo_lines(d))
    return lines


def scatter_lines(scatter: dict[str, Any], d: dict[str, Any]) -> list[str]:
    """R15 in words and as a compass."""
    rolls = scatter["direction_rolls"]
    again = []
    for roll in rolls[:-1]:
        again.append(f"{roll} (roll again, {'-1' if roll == 9 else '+1'}\")")
    direction = " then ".join(again + [str(rolls[-1])])
    share = "half, rounded up" if scatter["halved"] else "the full roll"
    adjust = f", {_signed(scatter['adjustment'])}\"" if scatter["adjustment"] else ""
    lines = [
        f"  It misses and [warn]scatters[/] (R15): direction d10 {dice(rolls)} → {direction}; "
        f"distance d10 {dice([scatter['distance_roll']])}, {share}{adjust} → [bold]{scatter['inches']}\"[/]"
        + (" (never below 0)" if scatter["inches"] == 0 and scatter["adjustment"] < 0 else ""),
    ]
    if scatter["inches"] == 0:
        lines.append("  It goes off right where it was aimed.")
    else:
        lines.extend(compass(scatter["direction"], scatter["inches"]))
        lines.append(f"  Measure {scatter['inches']}\" from the aimed point, {describe(scatter['direction'])} "
                     "(line of fire = from the shooter through the aimed point).")
    return lines


def todo_lines(d: dict[str, Any]) -> list[str]:
    """What the players now do with the models."""
    todo: list[str] = []
    for v in d["victims"]:
        who = name(v["name"])
        if v["out_of_action"]:
            todo.append(f"Remove {who} from the table (Out of Action).")
        elif "down" in v["statuses"]:
            todo.append(f"Turn {who} face down (Down).")
        elif "pinned" in v["statuses"]:
            todo.append(f"Lay {who} on its back (pinned until its next Recovery Phase, R11).")
        if v.get("ledge") and v["ledge"]["fell"]:
            todo.append(f"{who} falls: measure the drop and run `sprawl fall {escape(v['name'])} INCHES` (R22).")
    for p in d["panic"]:
        if p["panicked"]:
            todo.append(f"Move {name(p['name'])} {p['flee_inches']}\" away from the enemy, toward cover or the "
                        f"nearest edge (panicked, R9); `sprawl safe`/`sprawl edge` if it gets there.")
    if d["misfire"] in ("jammed", "out_of_ammo"):
        todo.append(f"Mark {name(d['attacker'])}'s {escape(d['weapon'])} {d['misfire'].replace('_', ' ')}.")
    if d["game_over"]:
        todo.append(f"[bold]The game is over:[/] {escape(d['game_over'])}")
    if not todo:
        return []
    return ["[todo]On the table now:[/]"] + [f"  • {t}" for t in todo]


def odds_lines(odds: ShotOdds | dict[str, Any]) -> list[str]:
    """The odds of a shot, with the Difficulty explained and a bar per outcome."""
    d = odds if isinstance(odds, dict) else odds.to_json()
    aimed = f"the ground beside {name(d['target'])}" if d["spot"] else name(d["target"])
    lines = [
        f"Odds: {name(d['attacker'])} {_verb(d)} {escape(d['weapon'])} (Power {d['power']}) at {aimed} "
        f"[dim](exact, not sampled)[/]",
        difficulty_line(d),
        f"  Shooting {d['pool']}d10 vs Difficulty {d['difficulty']}; "
        f"{escape(d['target'])} has Toughness {d['toughness']}, Health {d['health']}.",
    ]
    rows = [
        ("hit", d["p_hit"]),
        ("pinned", d["p_pin"]),
        ("0 Health", d["p_zero_health"]),
        ("Out of Action", d["p_out_of_action"]),
        ("misfire", d["p_misfire"]),
    ]
    if d["kind"] in ("thrown", "launcher"):
        rows.append(("scatters", d["p_scatter"]))
    if d["p_fall"] is not None:
        rows.append(("falls off ledge", d["p_fall"]))
    for label, p in rows:
        lines.append(f"  {label:>15} [good]{bar(p, 30):<30}[/] {p:6.1%}")
    lines.append(f"  Expected Health lost: [bold]{d['expected_health_lost']:.2f}[/] of {d['health']}")
    lost = "  ".join(f"{k}: {p:.1%}" for k, p in d["health_lost"].items())
    lines.append(f"  [dim]Health lost  {lost}[/]")
    for note in d["notes"]:
        lines.append(f"  [dim]{escape(note)}[/]")
    return lines


def sight_lines(sight: SightRoll | dict[str, Any]) -> list[str]:
    d = sight if isinstance(sight, dict) else sight.to_json()
    who = f"{name(d['looker'])} → {name(d['target'])}: " if d.get("looker") and d.get("target") else ""
    verdict = "[good]visible[/] (even)" if d["visible"] else "[bad]not visible[/] (odd)"
    return [f"Line of sight in doubt (R13): {who}d10 {dice([d['roll']])} → {verdict}"]
