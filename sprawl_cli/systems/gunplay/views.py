"""Gunplay outcomes -> lines of Rich markup (the terminal shows them, the log keeps them plain)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from sprawl_cli.api import escape, name
from sprawl_cli.systems.gunplay.firing import FireOutcome
from sprawl_cli.systems.gunplay.ladder import Test
from sprawl_cli.systems.gunplay.melee import MeleeOutcome, Side
from sprawl_cli.systems.gunplay.model import Game
from sprawl_cli.systems.gunplay.movement import MoveOutcome
from sprawl_cli.systems.gunplay.odds import Odds
from sprawl_cli.systems.gunplay.toughness import Recovery, Victim
from sprawl_cli.systems.gunplay.turn import Action, Initiative, TurnEnd


def face(roll: int, passed: bool) -> str:
    return f"[die.hit]{roll}[/]" if passed else f"[die.miss]{roll}[/]"


def faces(rolls: Sequence[int], passes: Sequence[bool]) -> str:
    if not rolls:
        return ""  # the column already says it is not rolled
    return "\\[" + " ".join(face(r, p) for r, p in zip(rolls, passes, strict=False)) + "]"


def signed(n: int) -> str:
    return f"{n:+d}"


def column_text(column: str, number: int | None, modifier: int) -> str:
    if number is None:
        return f"[warn]{column}[/] (not rolled)"
    mod = f", {signed(modifier)} on the die" if modifier else ""
    return f"[warn]{column}[/] (beat {number}{mod})"


def test_lines(label: str, test: Test) -> list[str]:
    verdict = "[good]success[/]" if test.success else "[bad]failure[/]"
    shown = f"{column_text(test.column, test.target_number, test.modifier)} {faces(test.rolls, test.successes)}"
    return [f"{label}: {shown.rstrip()} -> {verdict}"]


def victim_line(v: Victim) -> str:
    if v.already_down:
        out = ": [bad]removed from the game[/]" if v.removed else ""
        return f"  {name(v.name)} takes a wound ({v.wounds} in all); already down, so no Toughness test{out}."
    roll = "not rolled" if v.toughness_roll is None else f"rolled {v.toughness_roll}"
    if v.removed:
        result = "[bad]removed from the game[/]"
    elif v.down:
        result = "[bad]down[/]"
    else:
        result = "[good]stays up[/]"
    return (f"  {name(v.name)} takes a wound ({v.wounds} in all); Toughness {v.toughness_column}, {roll}: "
            f"{result}")


def activation_tail(actions_left: int, over: bool) -> str:
    if over:
        return "[rule]Activation over.[/]"
    return f"[rule]{actions_left} action{'s' if actions_left != 1 else ''} left.[/]"


def fire_lines(out: FireOutcome) -> list[str]:
    shifts = ["in the open" if out.cover == "open" else f"{out.cover} cover", f"{out.band} range"]
    if out.aimed:
        shifts.append("aimed")
    if out.moving:
        shifts.append(f"{out.moving} move")
    passes = [r + out.modifier > out.target_number for r in out.rolls] if out.target_number else []
    lines = [f"{name(out.name)} fires the {escape(out.weapon)} at {name(out.target)} ({', '.join(shifts)}): "
             f"{column_text(out.column, out.target_number, out.modifier)} {faces(out.rolls, passes)}".rstrip(),
             f"  {out.hits} hit{'s' if out.hits != 1 else ''}."]
    if out.aim is not None and not out.aim.counted:
        lines.insert(1, f"  The aim at {name(out.aim.at)} does not count: {escape(out.aim.why)}.")
    lines += [victim_line(v) for v in out.victims]
    lines.append(activation_tail(out.actions_left, out.activation_over))
    return lines


def side_line(side: Side, struck: Sequence[str]) -> str:
    """One fighter's roll; a roll good enough to hit from a fighter put down before its turn
    to strike (G8) is not a hit."""
    if side.roll is None:
        return f"  {name(side.name)} is down and does not strike back."
    if side.target_number is None:
        passed = side.column == "automatic"
    else:
        passed = side.roll + side.modifier > side.target_number
    verdict = "a hit" if passed else "a miss"
    if passed and side.name not in struck:
        verdict = "good enough to hit, but it went down before it could strike"
    return (f"  {name(side.name)} ({escape(side.weapon)}): {column_text(side.column, side.target_number, side.modifier)} "
            f"{faces([side.roll], [passed])}: {verdict}")


def melee_lines(out: MeleeOutcome) -> list[str]:
    verb = "charges" if out.action == "charge" else "strikes at"
    lines = [f"{name(out.striker.name)} {verb} {name(out.other.name)}.", side_line(out.striker, out.struck),
             side_line(out.other, out.struck)]
    if len(out.order) == 2 and out.striker.roll == out.other.roll:
        lines.append("  Equal rolls: both strike at once.")
    else:
        lines.append(f"  {name(out.order[0])} is faster.")
    if not out.victims:
        lines.append("  No blow lands.")
    lines += [victim_line(v) for v in out.victims]
    lines.append(activation_tail(out.actions_left, out.activation_over))
    return lines


def recovery_lines(out: Recovery) -> list[str]:
    passes = [out.success] * len(out.rolls)
    head = f"{name(out.name)} tries to recover: {column_text(out.column, out.target_number, 0)} {faces(out.rolls, passes)}"
    if out.removed:
        result = "  [bad]It cannot recover: removed from the game.[/]"
    elif out.success:
        result = "  [good]Up again, prone.[/]"
    else:
        result = f"  [bad]Still down[/], one more wound ({out.wounds} in all)."
    return [head, result, activation_tail(out.actions_left, out.activation_over)]


def move_lines(out: MoveOutcome) -> list[str]:
    kind = "quick move (straight line)" if out.quick else "cautious move"
    lines = [f"{name(out.name)}: {kind}, up to {out.inches}\"."]
    if out.test is not None:
        lines += test_lines("  Difficult ground", out.test)
        if not out.passed:
            lines.append("  It stops at the difficult ground.")
    if out.quick:
        lines.append("  Turn the model to face the way it moved (G11).")
    return lines + [activation_tail(out.actions_left, out.activation_over)]


def action_lines(out: Action) -> list[str]:
    if out.action == "done":
        return [f"{name(out.name)}'s activation is over."]
    said = {"aim": f"aims at {name(str(out.detail.get('target', '')))}", "interact": "interacts with something",
            "pass": "does nothing"}[out.action]
    lapsed = ["  The aim lapses with the activation: it counts only for a fire as its next action in the same "
              "activation (G10, house)."] if out.detail.get("lapsed") else []
    return [f"{name(out.name)} {said}.", *lapsed, activation_tail(out.actions_left, out.activation_over)]


def initiative_lines(out: Initiative) -> list[str]:
    rolls = "; then ".join(", ".join(f"{escape(k)} {v}" for k, v in r.items()) for r in out.rolls)
    lines = [f"Turn {out.turn} initiative: {rolls}.", f"{name(out.winner)} to activate first."]
    if len(out.order) > 2:
        lines.append(f"Then {out.direction}: {', '.join(escape(s) for s in out.order)}.")
    return lines


def turn_end_lines(out: TurnEnd) -> list[str]:
    lines = [f"Turn {out.ended} is over."]
    if out.waiting:
        lines.append(f"[warn]Never activated: {', '.join(out.waiting)}.[/]")
    if out.initiative is not None:
        lines += initiative_lines(out.initiative)
    return lines + over_lines(out.over, out.winner, out.reason)


def whose_go(game: Game) -> list[str]:
    """After a command: who acts now (the kernel's `status` says the same)."""
    if game.over or game.active is not None:
        return []
    if not any(not c.gone and not c.activated for c in game.characters):
        return ["[rule]Everyone has activated: `sprawl next` ends the turn.[/]"]
    return [f"[rule]{escape(game.current_squad.name)} to activate a character.[/]"]


def over_lines(over: bool, winner: str | None, reason: str | None = None, draw: bool = False) -> list[str]:
    if not over:
        return []
    why = f" ({escape(reason)})" if reason else ""
    if draw:  # the reason says it is a draw
        return [f"[bad]The game is over.[/] Nobody wins: {escape(reason or 'a draw')}."]
    return [f"[bad]The game is over.[/] Winner: {name(winner) if winner else 'nobody'}{why}."]


def result_lines(game: Game) -> list[str]:
    """After an action that ended the game: who won, or that nobody did, and why."""
    return over_lines(game.over, game.winner, game.reason, game.draw)


def roll_lines(test: Test) -> list[str]:
    return test_lines("Roll", test)


def odds_lines(odds: Odds) -> list[str]:
    p = float(odds.p_success)
    return [f"{column_text(odds.column, odds.target_number, odds.modifier)} on a {'d' + str(odds.sides)}: "
            f"[good]{p:.1%}[/] to succeed ({odds.p_success})."]


def hits_lines(spread: Sequence[Fraction]) -> list[str]:
    from sprawl_cli.api import bar

    labels = [f"{k} hit{'s' if k != 1 else ''}:" for k in range(len(spread))]
    return [f"  {label:<8}{float(p):6.1%} {bar(float(p), 30)}" for label, p in zip(labels, spread, strict=True)]
