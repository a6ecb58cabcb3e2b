"""SPRAWL's views share these: its d10 faces coloured as SPRAWL reads them, and its statuses as badges."""

from __future__ import annotations

from collections.abc import Sequence

from sprawl_cli.api import escape


def die(face: int | str, tens: bool = True) -> str:
    """One d10 face as SPRAWL reads it, coloured: a 10 worth two successes (the Rule of Tens),
    other successes (7-10, R1), 1s, misses. Anything else (a card) is shown as it is."""
    if isinstance(face, str):
        return escape(face)
    if face == 10 and tens:
        return "[die.ten]10[/]"
    if face >= 7:
        return f"[die.hit]{face}[/]"
    if face == 1:
        return "[die.one]1[/]"
    return f"[die.miss]{face}[/]"


def dice(faces: Sequence[int | str], tens: bool = True) -> str:
    """Faces as a coloured list: `[4 5 7 10]`."""
    if not faces:
        return "(no dice)"
    return "\\[" + " ".join(die(f, tens) for f in faces) + "]"


def logged_faces(faces: Sequence[int | str], die: str | None) -> str | None:
    """A logged roll's faces for `sprawl log`: d10s coloured (a journal written before rolls
    named their die holds SPRAWL's d10s), any other die or a card as they are (None)."""
    if die in (None, "d10") and all(isinstance(f, int) for f in faces):
        return dice(faces)
    return None


BADGES = {
    "pinned": "black on yellow",
    "down": "white on red",
    "panicked": "black on magenta",
    "overwatch": "black on cyan",
    "hidden": "white on blue",
    "out_of_action": "white on grey23",
    "out_of_play": "white on grey23",
    "ran": "black on green",
    "engaged": "white on dark_orange3",
    "jammed": "black on yellow",
    "out_of_ammo": "black on yellow",
}


def badge(status: str) -> str:
    return f"[{BADGES.get(status, 'reverse')}]{status.replace('_', ' ')}[/]"
