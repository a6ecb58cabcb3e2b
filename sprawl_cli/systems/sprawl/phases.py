"""What each phase of a turn asks of the players (R23): who may still shoot, who must try
to recover, and the reminders `status` and `next` print.

Kept apart from turn.py (which moves the game on and refuses actions out of turn) so that
`sprawl status` reads these without importing the rest (bench/startup.py).
"""

from __future__ import annotations

from sprawl_cli.systems.sprawl.model import Character, Game

PHASE_TITLES = {"movement": "Movement", "ranged": "Ranged Combat", "close": "Close Combat", "recovery": "Recovery"}


def can_recover(game: Game, c: Character) -> str | None:
    """Why `c` needs the Recovery Phase now, or None (one go per turn)."""
    if c.gone or "recovered" in c.acted:
        return None
    if c.has("down") or c.has("pinned"):
        if c.pinned_turn is not None and c.pinned_turn >= game.turn:
            return None
        return "down" if c.has("down") else "pinned"
    if c.has("panicked") and (c.panicked_turn or 0) < game.turn:
        return "panicked"
    # R14: only a jam from an earlier turn can be cleared in this Recovery Phase.
    if any(s == "jammed" and c.jammed_turn.get(w, -1) < game.turn for w, s in c.weapon_states.items()):
        return "jammed"
    return None


# Actions after which a character cannot shoot in the same turn (R12, R18, R20, R21).
NO_SHOT_AFTER = ("ran", "charged", "jumped", "shot", "brawled", "broke", "overwatch", "fled")


def may_still_shoot(c: Character) -> bool:
    """Whether the Ranged Combat Phase reminder should offer `c` a shot."""
    if c.gone or c.engaged_with or any(c.has(s) for s in ("pinned", "down", "panicked")):
        return False
    if any(a in c.acted for a in NO_SHOT_AFTER):
        return False
    return any(w.ranged and c.usable(w) is None for w in c.weapons)


def todo(game: Game) -> list[str]:
    """What the current phase still asks of the players, as short reminders."""
    if game.over:
        return [f"The game is over: {game.reason}"]
    squad = game.current_squad
    mine = [c for c in game.members(squad) if not c.gone]
    theirs = [c for c in game.characters if c.squad != squad.name and not c.gone]
    notes: list[str] = []
    if game.phase == "movement":
        # One instruction per character (H6): a panicked one flees even when pinned (R9, R10),
        # but a Down one can only crawl, so its flight is at most that crawl (R8).
        fleeing = [c for c in mine if c.has("panicked") and not c.has("safe")]
        if fleeing:
            said = [f"{c.name} (Down: crawls at most 2\" of it)" if c.has("down") else c.name for c in fleeing]
            notes.append(f"Panicked move first, away from the enemy: {', '.join(said)} "
                         "(`sprawl safe NAME` or `sprawl edge NAME` when they get there)")
        first = "Then chargers" if fleeing else "Chargers first"
        notes.append(f"{first} (`sprawl charge`), then everyone else (`move`, `hide`, `overwatch`, `jump`).")
        pinned = [c.name for c in mine if c.has("pinned") and not c.has("down") and c not in fleeing]
        if pinned:
            notes.append(f"Pinned, they stay put: {', '.join(pinned)}")
        down = [c.name for c in mine if c.has("down") and c not in fleeing]
        if down:
            notes.append(f"Down, they may only crawl 2\" (`sprawl move NAME`): {', '.join(down)}")
    elif game.phase == "ranged":
        ready = [c.name for c in mine if may_still_shoot(c)]
        if ready:
            notes.append(f"May shoot (`sprawl shoot`): {', '.join(ready)}")
    elif game.phase == "close":
        pairs = sorted({" vs ".join(sorted((c.name, o))) for c in mine for o in c.engaged_with})
        if pairs:
            notes.append(f"Engaged, fight (`sprawl brawl`) or break away (`sprawl break`): {'; '.join(pairs)}")
    else:
        due = [f"{c.name} ({why})" for c in mine if (why := can_recover(game, c))]
        if due:
            notes.append(f"Recover (`sprawl recover`): {', '.join(due)}")
    watching = [c.name for c in theirs if c.has("overwatch")]
    if watching:
        notes.append(f"On overwatch, may fire during this turn: {', '.join(watching)}")
    return notes
