"""Names the game can hold (issue 34): a character's or a squad's name is short, and holds no
control character, NUL or bidirectional override (which would print one name as another, or
rewrite the rest of a terminal's line). Checked in rosters and saves by the kernel for every
system; `numbers.quoted` cuts whatever an error line quotes."""

from __future__ import annotations

# The longest name: "Sheriff Hale", "Acolyte 3" and the like run a dozen characters; forty fits any
# name a table writes on a figure's base and keeps every column of `status` readable.
MOST_NAME = 40

# Characters that change how the text around them is shown rather than showing themselves:
# the bidirectional embeddings, overrides and isolates, and the marks that steer them.
_BIDI = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def name_fault(name: str) -> str | None:
    """Why `name` cannot be a name in a game, or None when it can."""
    if not name.strip():
        return "is empty"
    if len(name) > MOST_NAME:
        return f"is {len(name)} characters long; a name holds at most {MOST_NAME}"
    if name.isascii() and name.isprintable():
        return None  # no control character, and no mark of direction: those lie beyond ASCII
    import unicodedata

    for c in name:
        if c in _BIDI or unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp"):
            return f"holds the character U+{ord(c):04X}, which a name may not (no control, NUL or bidirectional mark)"
    return None
