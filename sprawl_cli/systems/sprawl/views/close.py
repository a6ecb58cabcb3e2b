"""Views of close combat, the Recovery Phase and the end of a game, spoken the
way a referee at the table would say them. They read the outcomes' JSON, so the
same lines serve the terminal and (with markup stripped) the log."""

from __future__ import annotations

from typing import Any

from sprawl_cli.api import escape, name, over_lines
from sprawl_cli.systems.sprawl.views import badge, dice
from sprawl_cli.systems.sprawl.views.game import panic_lines, victim_lines


def _fighter_line(f: dict[str, Any], tens: bool) -> str:
    who = name(f["name"])
    if not f["rolled"]:
        return f"  {who} rolls no dice: {escape(f.get('why_no_dice') or 'it cannot answer')}"
    count = f"{f['successes']} success{'es' if f['successes'] != 1 else ''}"
    return (f"  {who}: Brawling {len(f['faces'])}d10 vs Difficulty {f['difficulty']}: "
            f"{dice(f['faces'], tens)} {count} → [bold]{f['net']} net[/]")


def brawl_lines(d: dict[str, Any], tens: bool = True, title: bool = True) -> list[str]:
    """One brawl or free attack, from `BrawlOutcome.to_json()`."""
    a, b = d["attacker"], d["defender"]
    lines: list[str] = []
    if title:
        verb = "gets a free attack on" if d["free"] else "attacks"
        lines.append(f"Close combat (R12): {name(a['name'])} {verb} {name(b['name'])}.")
    for overrule in d.get("forced") or []:
        lines.append(f"  [warn]Overruled by the referee:[/] {escape(overrule)}")
    lifted = d.get("lifted") or []
    if lifted:
        lines.append(f"  Being attacked, {name(b['name'])} shakes off "
                     f"{' and '.join(badge(s) for s in lifted)} (R12)")
    rec = d.get("recovery")
    if rec:
        lines.append(_r8_line(b["name"], rec))
    fought = not (rec and rec.get("out_of_action"))  # R8: a lift to Toughness 0 ends it first
    if fought:
        lines.append(_fighter_line(a, tens))
        lines.append(_fighter_line(b, tens))
    if d["winner"]:
        loser = b["name"] if d["winner"] == a["name"] else a["name"]
        upset = " (the defender turns it round)" if d["winner"] == b["name"] else ""
        lines.append(f"  {name(d['winner'])} wins{upset} with [bold]{d['remaining']}[/] left over and hits "
                     f"{name(loser)} with {escape(d['weapon'] or 'Fists')}: "
                     f"{d['remaining']} + {d['power']} Power = {d['remaining'] + d['power']} damage "
                     f"{'die' if d['remaining'] + d['power'] == 1 else 'dice'} (R6)")
    elif fought and not b["rolled"]:
        # R12: nothing to cancel, so no net successes means the blow simply fails to land.
        attack = "free attack" if d["free"] else "attack"
        lines.append(f"  {name(a['name'])} has no net successes: the {attack} misses, nobody is hurt (R12)")
    elif fought:
        lines.append("  A tie: nobody is hurt (R12)")
    for v in d.get("victims", []):
        lines.extend(victim_lines(v, tens))
    lines.extend(panic_lines(d.get("panic", []), tens))
    return lines


def _r8_line(who: str, rec: dict[str, Any]) -> str:
    line = (f"  R8 Recovery: {name(who)} gets 1 Health back ({rec['health']} now) and loses 1 Toughness "
            f"for the rest of the game ({rec['toughness']} now)")
    if rec.get("out_of_action"):
        line += " → Toughness 0: [bad]Out of Action[/], remove the model"
    return line


def brawl_view_lines(d: dict[str, Any], tens: bool = True) -> list[str]:
    return brawl_lines(d, tens) + over_lines(d["game"])


def free_attack_lines(free: dict[str, Any], tens: bool = True) -> list[str]:
    """A free attack on someone turning its back (R12: breaking away or panicking while engaged),
    from `close.free_attack(...).to_json()`: the attacker's Brawling dice against its Difficulty and
    net, the weapon and Power making the damage dice, then the victim (and any panic it causes)."""
    return [f"  Free attack by {name(free['attacker']['name'])}:", *brawl_lines(free, tens, title=False)]


def break_lines(d: dict[str, Any], tens: bool = True) -> list[str]:
    lines = [f"{name(d['name'])} breaks away from {escape(', '.join(d['disengaged_from']))} and "
             "turns its back: each opponent gets a free attack it cannot answer (R12)."]
    for attack in d["free_attacks"]:
        lines.extend(free_attack_lines(attack, tens))
    if not d["game"]["over"]:
        if d.get("may_move"):
            lines.append(f"  {name(d['name'])} is out of the fight and moves off now: `sprawl move "
                         f"{escape(d['name'])}` (or `--run`) takes it away (H5).")
        else:
            lines.append(f"  {name(d['name'])} is out of the fight: take the model out of base contact; "
                         "it stays there until its next turn (H5).")
    return lines + over_lines(d["game"])


_KIND = {"pin": "Pinned", "down": "Down", "panic": "Panicked", "jam": "Jammed"}
_DOWN = {"recovery": "Recovery: no longer Down, still pinned; +1 Health / -1 Toughness when the pin lifts",
         "down": "stays Down",
         "out_of_action": "[bad]Out of Action[/]: remove the model"}


def _test_line(who: str, t: dict[str, Any], tens: bool) -> str:
    if t["kind"] == "pin" and t["automatic"]:
        return f"  {who} gets up: no pinning attack since its last recovery took Health (R11)"
    if t["kind"] == "down":
        return f"  {who} is Down and rolls on the Incapacitation table again: {dice(t['faces'])} → {_DOWN[t['result']]} (R8)"
    verdict = "[good]passes[/]" if t["passed"] else "[bad]fails[/]"
    rolled = f"{dice(t['faces'], tens)} {t['successes']} needing {t['needed']}"
    if t["kind"] == "pin":
        after = "gets up" if t["passed"] else "stays pinned"
        return f"  {who} Guts for the pin (needs its total damage taken) {rolled} → {verdict}, {after} (R11)"
    if t["kind"] == "panic":
        after = "steadies and rejoins the fight next turn" if t["passed"] else "stays panicked"
        return f"  {who} Guts to rally {rolled} → {verdict}, {after} (R10)"
    after = "clears it" if t["passed"] else "still jammed"
    return f"  {who} Smarts to clear the jammed {escape(t['weapon'])} {rolled} → {verdict}, {after} (R14)"


def recover_lines(d: dict[str, Any], tens: bool = True) -> list[str]:
    lines = [f"Recovery Phase of {name(d['squad'])}:"]
    if not d["characters"]:
        lines.append("  Nobody tries to recover now.")
    for c in d["characters"]:
        who = name(c["name"])
        for t in c["tests"]:
            lines.append(_test_line(who, t, tens))
            if t.get("recovery"):
                lines.append(_r8_line(c["name"], t["recovery"]))
        state = " ".join(badge(s) for s in c["statuses"]) or "[good]ready to fight[/]"
        lines.append(f"    → {who} now: {state}")
        if c.get("credited"):
            lines.append(f"    Put Out of Action by {name(c['credited'])}, who felled it (H9: in the books).")
        lines.extend(panic_lines(c.get("panic", []), tens))
    for w in d["waiting"]:
        lines.append(f"  [dim]{escape(w['name'])}: {escape(w['reason'])}[/]")
    return lines + over_lines(d["game"])


def end_lines(d: dict[str, Any], tens: bool = True) -> list[str]:
    """`rout`, `concede` and `end`."""
    lines: list[str] = []
    check = d.get("routing")
    if check is not None:
        lines.append(f"Routing check for {name(check['squad'])} (R24): {check['shaken']} of {check['size']} "
                     "pinned, Down, panicked or gone.")
        test = check.get("test")
        if test is not None:
            verdict = "[bad]fails: the squad flees and loses[/]" if check["routed"] else "[good]passes: the squad holds[/]"
            lines.append(f"  {name(check['roller'])} rolls Smarts {dice(test['faces'], tens)} "
                         f"{test['successes']} needing {test['difficulty']} → {verdict}")
        elif check["routed"]:
            lines.append("  [bad]Nobody steady is left to rally them: the squad flees and loses[/]")
        else:
            lines.append(f"  {escape(check['reason'])}.")
    elif d["kind"] == "concede":
        lines.append(f"{name(d['squad'])} concedes the game (R25).")
    elif d["kind"] == "end":
        lines.append(f"The referee declares {name(d['squad'])} the winner (R25)." if d["squad"]
                     else "The referee ends the game with no winner (R25).")
    game = {"over": d["over"], "winner": d["winner"], "reason": d["reason"]}
    return lines + over_lines(game)
