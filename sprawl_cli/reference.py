"""The built-in quick reference (`sprawl rules`): each system's topics, searchable by word.

A system hands its topics (`System.reference()`), written in the project's own
words with its rulings folded in; this module finds the ones a reader asks for.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Topic:
    name: str
    title: str
    text: str  # Markdown


@dataclass
class Found:
    topics: list[Topic] = field(default_factory=list)
    message: str = ""


_WORD = re.compile(r"[a-z0-9]+")
_RULING = re.compile(r"r\d+")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _mentions(topic: Topic, word: str) -> bool:
    """Whether some word of the topic starts with `word` (a ruling number must match whole: a search for 1 does not find 12)."""
    found = _words(f"{topic.name} {topic.title} {topic.text}")
    if _RULING.fullmatch(word):
        return word in found
    return any(w.startswith(word) for w in found)


def lookup(topics: Sequence[Topic], query: str | None) -> Found:
    """All topics (no query), the topic of that name, or every topic that mentions the words."""
    if not query or not query.strip():
        return Found(list(topics))
    wanted = query.strip().lower()
    dashed = "-".join(wanted.split())
    exact = [t for t in topics if t.name in (wanted, dashed) or t.title.lower() == wanted]
    if exact:
        return Found(exact)
    named = [t for t in topics if t.name.startswith(dashed)]
    if named:
        return Found(named)
    words = _words(wanted)
    hits = [t for t in topics if words and all(_mentions(t, w) for w in words)]
    if hits:
        # topics whose name or title carries the words come first
        hits.sort(key=lambda t: not all(w in _words(f"{t.name} {t.title}") for w in words))
        return Found(hits, f"Topics mentioning '{query}':")
    names = [t.name for t in topics]
    import difflib

    close = difflib.get_close_matches(dashed, names, n=1, cutoff=0.7)
    hint = f" Did you mean '{close[0]}'?" if close else ""
    return Found([], f"Nothing about '{query}'.{hint} The topics are: {', '.join(names)}")
