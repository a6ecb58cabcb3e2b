"""The turn track: whose go it is and who comes next, as every system gives it to the kernel
(`System.turn_track`), for the live page (`render/table_page.py`) and `sprawl play`'s status
line.

A track is the order of play as the system knows it: a list of places (a character, a
group, a side or a card), each in one state of `STATES`, with the system's own mark for its
place (a card, "2 actions left", a phase) and a note in its own words. The kernel reads only
these fields; what a place is and what its mark means is the system's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import field
from typing import TYPE_CHECKING, Any

from sprawl_cli.model import Fields, record

if TYPE_CHECKING:
    from sprawl_cli.model import Game, Squad

NOW = "now"  # acting now (there may be more than one: a card shared by a group, a cut-in)
NEXT = "next"  # acts after the one now, as things stand
LATER = "to come"  # still to act this round, after the next
DONE = "done"  # has acted this round
HOLD = "on hold"  # may act when it chooses, later in the round
SURPRISED = "surprised"  # sits this round out, caught off guard
OUT = "out"  # out of the game
STATES = (NOW, NEXT, LATER, DONE, HOLD, SURPRISED, OUT)


@record
class Place(Fields):
    """One place in the order of play."""

    who: str  # as the table says it: "Kate", "the acolytes", "Dock Rats"
    state: str  # one of STATES
    mark: str = ""  # its place in the system's words: "Q♥", "Joker", "2 actions left", "movement phase"
    note: str = ""  # anything more a player needs, in the system's words
    names: list[str] = field(default_factory=list)  # the characters it stands for (a side: its members)

    def to_json(self) -> dict[str, Any]:
        return {"who": self.who, "state": self.state, "mark": self.mark, "note": self.note, "names": list(self.names)}

    def said(self) -> str:
        """"Kate (Q♥)"."""
        return f"{self.who} ({self.mark})" if self.mark else self.who


@record
class TurnTrack(Fields):
    """The order of play now. `places` are in the order they act (or acted) this round."""

    heading: str  # where the game stands, in the system's words: "Round 2, movement phase"
    places: list[Place] = field(default_factory=list)
    due: str = ""  # what the table does next, when it is not an action: "`deal` the cards for round 3"
    over: str = ""  # the game is over: who won and why, as one sentence

    def now(self) -> list[Place]:
        return [p for p in self.places if p.state == NOW]

    def coming(self) -> list[Place]:
        """Those still to act, next first."""
        return [p for p in self.places if p.state == NEXT] + [p for p in self.places if p.state == LATER]

    def sentence(self) -> str:
        """The track in one line: "Now: Kate (Q♥). Next: Boss (J♠), then the thugs (10♠)."."""
        if self.over:
            return self.over
        parts = []
        now = self.now()
        if now:
            parts.append("Now: " + " and ".join(p.said() for p in now) + ".")
        coming = self.coming()
        if coming:
            first, rest = coming[0], coming[1:3]
            more = f", and {len(coming) - 3} more" if len(coming) > 3 else ""
            parts.append("Next: " + first.said() + "".join(f", then {p.said()}" for p in rest) + more + ".")
        if self.due:
            parts.append(self.due[:1].upper() + self.due[1:] + ("" if self.due.endswith(".") else "."))
        return " ".join(parts) or self.heading

    def state_of(self, name: str) -> Place | None:
        """The place a character stands in (the first that names it), or None."""
        return next((p for p in self.places if name in p.names), None)

    def to_json(self) -> dict[str, Any]:
        return {"heading": self.heading, "sentence": self.sentence(), "due": self.due, "over": self.over,
                "places": [p.to_json() for p in self.places]}


def over_sentence(game: Game[Any]) -> str:
    """The game's end as one sentence, or "" while it goes on."""
    if not game.over:
        return ""
    won = f"{game.winner} won" if game.winner else "A draw" if game.draw else "No winner"
    why = f" ({game.reason})" if game.reason else ""
    return f"Game over: {won}{why}."


def sides_track(game: Game[Any], heading: str, order: Sequence[Squad] | None = None,
                mark: Callable[[Squad], str] = lambda _s: "", note: Callable[[Squad], str] = lambda _s: "",
                due: str = "", then: str = "next round") -> TurnTrack:
    """A track of sides taking turns in `order` (by default the squads as listed): those before
    the side to play have played this round, the side to play is now, the one after it next
    (after the last, the first again: `then` says when, "next round" or the next phase).
    A side with nobody left standing is out; `mark` and `note` say more of a side."""
    squads = list(order if order is not None else game.squads)
    current = game.current_squad.name
    at = next((i for i, s in enumerate(squads) if s.name == current), 0)
    places: list[Place] = []
    nexted = False
    for i, squad in enumerate(squads):
        standing = [c.name for c in game.members(squad) if not c.gone]
        if not standing:
            state = OUT
        elif i < at:
            state = DONE
        elif i == at:
            state = NOW
        elif not nexted:
            state, nexted = NEXT, True
        else:
            state = LATER
        places.append(Place(squad.name, state, mark(squad) if state == NOW else "", note(squad), standing))
    if not nexted and not game.over:  # the last side plays: the first one standing opens the next round
        first = next((p for p in places if p.state == DONE), None)
        if first is not None:
            first.state, first.note = NEXT, (first.note + "; " if first.note else "") + then
    if game.over:
        for p in places:
            if p.state in (NOW, NEXT, LATER):
                p.state = DONE
    return TurnTrack(heading, places, due, over_sentence(game))


def sides_of(game: Game[Any], names: Sequence[str]) -> list[Squad]:
    """The squads called `names`, in that order (a system's turn order kept as names)."""
    by_name = {s.name: s for s in game.squads}
    return [by_name[n] for n in names if n in by_name] + [s for s in game.squads if s.name not in names]


__all__ = ["NOW", "NEXT", "LATER", "DONE", "HOLD", "SURPRISED", "OUT", "STATES", "Place", "TurnTrack",
           "sides_track", "sides_of", "over_sentence"]
