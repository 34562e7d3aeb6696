"""Games told in words: the move list and the table as text, per kind.

A narrator reads *event views* (what ``Game.event_view`` gives a viewer, already
redacted) and a game's *view*, never the aggregate, so the CLI replay, the API's move
list and the replay viewer tell the same story and can tell no secret the viewer may not
see. Each kind's spec names its narrator; ``PlainNarrator`` is the fallback that works
for any game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

EventView = dict[str, Any]  # {"version", "type", "at", "prev", "data"}


@dataclass(frozen=True)
class Move:
    """One line of the move list; ``first``..``last`` are the events it tells."""

    first: int
    last: int
    text: str
    group: str | None = None  # the trick, turn or night it belongs to

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class Narrator:
    """Base narrator: one line per event that ``line`` tells, grouped by ``group``.

    ``context`` is a dict a narrator may keep state in while it reads the events in
    order (the current trick, whose turn it is, the players' names).
    """

    def moves(self, events: Sequence[EventView], players: Sequence[str]) -> list[Move]:
        context: dict[str, Any] = {"players": list(players), "group": None}
        out: list[Move] = []
        for e in events:
            text = self.line(e, context)
            if text is None:
                continue
            out.append(Move(e["version"], e["version"], text, context.get("group")))
        return out

    def line(self, event: EventView, context: dict[str, Any]) -> str | None:
        return plain_line(event)

    def table(self, view: dict[str, Any]) -> str:
        keep = {k: v for k, v in view.items() if k not in ("legal_actions",)}
        return json.dumps(keep, indent=2, ensure_ascii=False)


class PlainNarrator(Narrator):
    """Every event as its type and fields: right for any game, fit for none."""


def plain_line(event: EventView) -> str:
    data = ", ".join(f"{k}={short(v)}" for k, v in event["data"].items() if k != "salt")
    return f"{event['type']} {data}".rstrip()


def short(value: Any, width: int = 80) -> str:
    text = (" ".join(value) if isinstance(value, list) and all(isinstance(x, str)
                                                               for x in value)
            else json.dumps(value, ensure_ascii=False))
    return text if len(text) <= width else text[:width - 3] + "..."


def seat_name(players: Sequence[str], seat: Any) -> str:
    """``Seat 2 (bob)``, or ``someone`` for a seat a viewer may not know."""
    if not isinstance(seat, int) or not 0 <= seat < len(players):
        return "someone"
    return f"Seat {seat} ({players[seat]})"
