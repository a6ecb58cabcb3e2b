"""Savage Worlds outcomes -> lines of Rich markup (the terminal and, stripped, the log)."""

from __future__ import annotations

from typing import Any

from sprawl_cli.api import escape, name


HOUSE_MARK = "[rule](W8, house)[/]"


def chains(rolls: list[list[int]]) -> str:
    """Aced chains as `[8+8+3] [2]`."""
    if not rolls:
        return "(no dice)"
    return " ".join("\\[" + "+".join(str(f) for f in c) + "]" for c in rolls)


def test_line(who: str, data: dict[str, Any]) -> str:
    """One trait test: dice, modifiers, total against the target number, success and raises."""
    wild = f" Wild Die {chains(data['wild_rolls'])}" if data.get("wild_rolls") else ""
    mods = ", ".join(f"{k} {v:+d}" for k, v in data.get("modifiers", {}).items())
    mods = f" ({mods})" if mods else ""
    if data.get("snake_eyes"):
        verdict = "[bad]snake eyes: critical failure[/]"
    elif data["success"]:
        verdict = "[good]success[/]" + (f" with {data['raises']} raise{'s' if data['raises'] > 1 else ''}"
                                        if data["raises"] else "")
    else:
        verdict = "[bad]failure[/]"
    unskilled = " (unskilled)" if data.get("unskilled") else ""
    return (f"{who}: {data.get('trait', '')}{unskilled} {chains(data['trait_rolls'])}{wild}{mods} = "
            f"[b]{data['total']}[/] vs {data['tn']}: {verdict}")


def damage_mods(mods: dict[str, int] | None) -> str:
    """The named damage modifiers, like ` (joker +2, called head +4)`, or nothing."""
    return f" ({', '.join(f'{k} {v:+d}' for k, v in mods.items())})" if mods else ""


def victim_line(v: dict[str, Any], mods: dict[str, int] | None = None) -> str:
    result = {"none": "no effect", "shaken": "[warn]Shaken[/]", "wounded": f"[bad]{v['wounds_taken']} wound(s)[/]",
              "incapacitated": "[bad]incapacitated[/]"}[v["result"]]
    hand = " [rule](damage by hand: not applied)[/]" if not v.get("applied", True) else ""
    notes = f" [rule]({', '.join(v['notes'])})[/]" if v.get("notes") else ""
    return (f"  {name(v['name'])}: damage {chains(v['damage_rolls'])}{damage_mods(mods)} = [b]{v['damage']}[/] vs Toughness "
            f"{v['toughness']}: {result}{hand}{notes}")


def closing_lines(d: dict[str, Any]) -> list[str]:
    """An attack's last lines: each overrule of the referee, and the end of the fight if it came."""
    out = [f"  [warn]overruled:[/] {escape(forced)}" for forced in d.get("forced", [])]
    game = d.get("game") or {}
    if game.get("over"):
        out.append(f"[b]The fight is over[/]: {escape(str(game.get('winner') or 'nobody'))} ({game.get('reason')})")
    return out


def attack_lines(d: dict[str, Any]) -> list[str]:
    verb = "attacks" if d["kind"] == "fight" else "shoots at"
    out = [test_line(f"{name(d['attacker'])} {verb} {name(d['target'])} with {escape(d['weapon'])}", d)]
    if len(d.get("results", [])) > 1:
        out.append("  dice: " + ", ".join(f"{r['total']}{'*' if r['success'] else ''}" for r in d["results"]))
    if d.get("deviation"):
        dev = d["deviation"]
        capped = f", capped at half the distance ({dev['cap']:g}\")" if dev["capped"] else ""
        capped += "" if dev["cap"] is not None else ", uncapped: no --distance given"
        out.append(f"  the {d['template']} burst deviates {dev['inches']:g}\" ({dev['die']} {dev['roll']} x "
                   f"{dev['times']}{capped}) toward {dev['clock']} o'clock")
    for dive in d.get("dives", []):
        out.append("  " + test_line(f"{name(dive['name'])} dives clear", dive))
    out.extend(victim_line(v, d.get("damage_modifiers")) for v in d.get("victims", []))
    if any(v["result"] != "none" for v in d.get("victims", [])):
        out.append("  [rule](Shaken, wounds and incapacitation: W8, a house ruling)[/]")
    if d.get("disarm"):
        dis = d["disarm"]
        out.append("  " + test_line(f"{name(dis['name'])} holds on (Strength vs damage {dis['against']})",
                                    {**dis["test"], "tn": dis["against"]}))
        out.append(f"  {name(dis['name'])} drops {escape(dis['dropped'])}" if dis["dropped"] else "  it keeps hold")
    for b in d.get("bystanders", []):
        out.append("  stray shot [rule](house)[/]:" + victim_line(b))
    return out + closing_lines(d)


def under_fire(s: dict[str, Any]) -> str:
    """What suppressive fire did to one character under the template, in a few words."""
    said = []
    if s["hit"]:
        said.append("[bad]hit[/] (a natural 1 on the Spirit die)")
    if s["shaken"]:
        said.append("[warn]Shaken[/]" + ("" if s.get("applied", True) else " [rule](damage by hand: not applied)[/]"))
    elif not s["test"]["success"] and not s["hit"]:
        said.append("Shaken already")
    return ", ".join(said) or "[good]holds firm[/]"


def suppressed_lines(people: list[dict[str, Any]], mods: dict[str, int] | None) -> list[str]:
    out = []
    for s in people:
        out.append("  " + test_line(f"{name(s['name'])} Spirit", s["test"]) + f"; {under_fire(s)}")
        if s["damage"]:
            out.append("  " + victim_line(s["damage"], mods))
    return out


def suppress_lines(d: dict[str, Any]) -> list[str]:
    out = [test_line(f"{name(d['attacker'])} lays down suppressive fire with {escape(d['weapon'])}", d)]
    left = f", {d['ammo_left']} left" if d["ammo_left"] is not None else ""
    out.append(f"  {d['rounds']} rounds into the {d['template']} burst template (5 x rate of fire{left})")
    if not d["success"]:
        out.append("  the fire goes wide: nobody under it tests Spirit")
    elif not d["under"]:
        out.append("  nobody is under the template")
    out.extend(suppressed_lines(d["suppressed"], d.get("damage_modifiers")))
    out.append("  [rule](suppressive fire: a house ruling, the chapter names it without printing it)[/]")
    return out + closing_lines(d)


def deal_lines(d: dict[str, Any]) -> list[str]:
    out = [f"[b]Round {d['round']}[/]" + (" [rule](deck shuffled)[/]" if d["shuffled"] else "")]
    for n in d.get("notice", []):
        out.append(test_line(f"{name(n['name'])} Notice", n))
    for i, entry in enumerate(d["order"], 1):
        joker = " [good]Joker: +2, acts when it likes[/]" if entry["card"] in ("RJ", "BJ") else ""
        out.append(f"  {i}. {entry['card']:>3}  {name(entry['name'])}{joker}")
    if d["on_hold"]:
        out.append("  on hold: " + ", ".join(name(n) for n in d["on_hold"]))
    if d["no_card"]:
        out.append("  no card (surprised): " + ", ".join(name(n) for n in d["no_card"]))
    if d["reshuffled_midway"]:
        out.append("  [rule]the deck ran out and was shuffled mid-deal[/]")
    if d.get("settled", {}).get("joker"):
        shares = "shared with the Extras acting on it" if d["settled"]["joker"] == "shared" else "the Wild Card's alone"
        out.append(f"  [rule]a Wild Card's Joker +2 is {shares}, for the whole game (the joker setting)[/]")
    return out


def lines(kind: str, d: dict[str, Any]) -> list[str]:
    """The lines for one command's outcome JSON."""
    if kind in ("fight", "shoot"):
        return attack_lines(d)
    if kind == "deal":
        return deal_lines(d)
    if kind == "suppress":
        return suppress_lines(d)
    if kind == "next":
        if d["deal"]:
            return deal_lines(d["deal"])
        if d["round_ended"] and d.get("over"):
            return [f"Round over, and so is the fight ({escape(str(d.get('reason')))})"]
        if d["round_ended"]:
            return [f"Round over; `deal` (or `next`) starts round {d['round']}"]
        return [f"{d['acting']['card']}: {name(d['acting']['name'])} acts"]
    if kind in ("roll", "test"):
        out = [test_line(f"{name(h['name'])} helps", h) for h in d.get("helpers", [])]
        return out + [test_line(name(d.get("name", "roll")), d)]
    if kind == "standoff":
        return [f"  {i}. {name(o['name'])} Agility {o['total']}" + (f" (at once with {', '.join(o['with'])})"
                                                                  if o["with"] else "")
                for i, o in enumerate(d["order"], 1)] + ["  everyone is on hold; cards are dealt next round"]
    if kind == "oppose":
        out = [test_line(f"{name(d['name'])} (before the benny)", t) for t in d.get("tries", [])[:-1]]
        out += [test_line(name(n), t) for n, t in d["rolls"].items()]
        return out + ["  a tie: no clear victor yet" if d["tie"] else f"  {name(d['winner'])} wins"]
    if kind == "odds":
        return [f"{d['trait']}{' + Wild Die' if d['wild'] else ''} {d['modifier']:+d} vs {d['tn']}: "
                f"success [b]{d['p_success']:.2%}[/], raise [b]{d['p_raise']:.2%}[/] "
                f"[rule](exact: {d['exact']['p_success']}, {d['exact']['p_raise']}; error bound 0)[/]"]
    if kind == "benny":
        kept = "the reroll stands" if d["kept"] == "new" else "the first result stands"
        out = [f"{name(d['name'])} spends a benny ({d['spent']}; {d['bennies']} own, {d['pool']} in the pool left)",
               "  " + test_line("reroll", d["new"]), f"  {kept}"]
        effects = d["effects"] if d["kept"] == "new" else {}
        if d["kind"] == "attack" and effects:
            out.extend("  " + line for line in attack_lines(effects)[1:])
        elif d["kind"] == "soak" and effects:
            out.append(f"  {effects['soaked']} wound(s) soaked; now {effects['wounds']} wound(s)")
        elif d["kind"] == "recover" and effects:
            out.append("  no longer Shaken" + (" and acts" if effects["can_act"] else ", but acts no more this turn")
                       if effects["recovered"] else "  still Shaken")
        elif d["kind"] == "interrupt" and effects:
            out.append("  simultaneous" if effects["simultaneous"] else f"  {name(effects['first'])} goes first")
        elif d["kind"] == "oppose" and effects:
            out.append("  a tie: no clear victor yet" if effects["tie"] else f"  {name(effects['winner'])} wins")
        elif d["kind"] == "dive" and effects.get("dove"):
            out.append("  dives clear after all: the blast misses it")
        elif d["kind"] == "disarm" and effects.get("kept"):
            out.append(f"  holds on to {escape(effects['kept'])} after all")
        elif d["kind"] == "notice" and effects.get("dealt"):
            out.append(f"  noticed after all: dealt the {effects['dealt']}"
                       + (", above the card up: it comes up next" if effects.get("next") else ""))
        elif d["kind"] == "notice" and effects.get("why"):
            out.append(f"  noticed after all, but no card: {effects['why']}")
        elif d["kind"] == "suppress" and effects:
            out.append("  on target after all: everyone under the template tests Spirit")
            out.extend(suppressed_lines(effects["suppressed"], effects.get("damage_modifiers")))
        elif d["kind"] == "suppression" and effects:
            out.append(f"  now: {under_fire(effects)}")
            if effects["damage"]:
                out.append("  " + victim_line(effects["damage"], effects.get("damage_modifiers")))
        elif d["kind"] == "break" and effects:
            verdict = "[good]broken[/]" if effects["broken"] else "holds"
            out.append(f"  a hit after all: damage {chains(effects['damage_rolls'])} = {effects['damage']} vs "
                       f"{effects['toughness']} (no aces): {verdict}")
        elif d["kind"] == "jump" and effects:
            out.append(f"  jumps {effects['distance']}\"")
        return out
    if kind == "soak":
        stands = "" if d.get("kept", "new") == "new" else "the earlier soak stands: "
        return [test_line(f"{name(d['name'])} soaks (a benny, {d['spent']})", d),
                f"  {stands}{d['soaked']} of {d['wounds_taken']} wound(s) soaked; now {d['wounds']} wound(s) "
                f"{HOUSE_MARK}"]
    if kind == "recover":
        if d["test"] is None:
            return [f"{name(d['name'])} spends a benny ({d['spent']}): no longer Shaken, and may act {HOUSE_MARK}"]
        state = "no longer Shaken" + (" and acts" if d["can_act"] else ", but acts no more this turn") \
            if d["recovered"] else "still Shaken"
        return [test_line(f"{name(d['name'])} Spirit", d["test"]), f"  {state} {HOUSE_MARK}"]
    if kind == "interrupt":
        out = [test_line(f"{name(d['name'])} (before the benny)", t) for t in d.get("tries", [])[:-1]]
        out += [test_line(name(n), t) for n, t in d["rolls"].items()]
        out.append("  simultaneous" if d["simultaneous"] else f"  {name(d['first'])} goes first")
        return out
    if kind == "break":
        verdict = "[good]broken[/]" if d["broken"] else "holds"
        return [test_line(f"{name(d['attacker'])} attacks the {d['object']} ({d['damage_type']})", d),
                f"  damage {chains(d['damage_rolls'])}{damage_mods(d.get('damage_modifiers'))} = {d['damage']} vs "
                f"{d['toughness']} (no aces): {verdict}"]
    if kind == "run":
        return [f"{name(d['name'])} runs: Pace {d['pace']} + d6 {d['running_die']} = {d['allowed']:g}\" "
                "(-2 to its other actions)"]
    if kind == "jump":
        return [test_line(f"{name(d['name'])} Strength (jump)", d["test"]), f"  jumps {d['distance']}\""]
    if kind == "move":
        return [f"{name(d['name'])} moves {d['inches']:g}\" (costs {d['cost']:g}\"; {d['left']:g}\" of "
                f"{d['allowed']:g}\" left this turn)"]\
            + [f"  [rule]{n}[/]" for n in d["notes"]]
    if kind == "finish":
        return [f"{name(d['attacker'])} finishes off {name(d['victim'])}"]
    if kind == "award":
        where = f"{escape(d['pool'])}'s pool" if d["pool"] else f"{name(d['to'])}'s own"
        return [f"The game master awards {d['count']} {'benny' if d['count'] == 1 else 'bennies'}: {where} now holds "
                f"{d['now']}"]
    if kind == "draw":
        out = [test_line(f"{name(d['name'])} draws", d["test"])] if d["test"] else []
        return out + [f"{name(d['name'])} " + (f"draws the {escape(d['weapon'])} (an action: -2 on the others)"
                                                if d["drawn"] else f"fumbles the {escape(d['weapon'])}: not out")]
    if kind == "reload":
        return [f"{name(d['name'])} reloads the {escape(d['weapon'])}: {d['rounds']} rounds"]
    if kind == "aim":
        return [f"{name(d['name'])} aims at {name(d['target'])}: +2 to its shot at it in round {d['bonus_round']} "
                "(no moving until then this turn)"]
    if kind in ("hold",):
        return [f"{name(d['name'])} is on hold"]
    if kind in ("defend", "prone", "rise"):
        state = "on" if d["on"] else "off"
        return [f"{name(d['name'])}: {d['status']} {state}" + (f" ({d['note']})" if d.get("note") else "")]
    return [escape(str(d))]
