"""What one seat sees of a Sanguosha table: its view, as the plain lists bots reason on.

Bots decide from this and nothing else. It is built only from ``game.view(seat)``, the
same redacted view a person at that seat gets, so a bot cannot read another seat's hand,
a hidden identity or general, the pile order, or the engine's resolution frames.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.sanguosha.cards import SLOT_NAMES

Action = dict[str, Any]


@dataclass(slots=True)
class Seen:
    """One seat's view of the table (public facts plus its own hand and identity)."""

    me: int
    n: int
    turn: int
    current: int
    ask: str | None
    pending: dict[str, Any]
    legal: list[Action]
    alive: list[bool]
    hp: list[int]
    max_hp: list[int]
    hand_count: list[int]
    hand: list[int]
    equip: list[list[int | None]]
    judging: list[list[int]]
    #: identity roles as the seat sees them (None: hidden); Kingdom Wars: role of a side
    roles: list[str | None]
    #: Kingdom Wars: each seat's public side (None while its generals are hidden)
    sides: list[str | None]
    #: public record: hostility[a][b] > 0 when a acted against b, < 0 when a rescued b
    hostility: list[list[int]]
    kills_used: int
    options: dict[str, Any]
    view: dict[str, Any]
    #: memo of derived beliefs (the seen table never changes once read)
    memo: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, game: Any, seat: int) -> Seen:
        """Read ``game.view(seat)``: the only thing a bot asks the game for."""
        view = game.view(seat)
        rows = view["seats"]
        mine = rows[seat]
        return cls(
            me=seat,
            n=len(rows),
            turn=view.get("turn", 0),
            current=view.get("current", 0),
            ask=(view.get("pending") or {}).get("ask"),
            pending=view.get("pending") or {},
            legal=view.get("legal_actions") or [],
            alive=[r["alive"] for r in rows],
            hp=[r["hp"] for r in rows],
            max_hp=[r["max_hp"] for r in rows],
            hand_count=[r["hand_count"] for r in rows],
            hand=list(mine["hand"] or []),
            equip=[[r["equipment"][name] for name in SLOT_NAMES] for r in rows],
            judging=[[j[0] if isinstance(j, list) else j for j in r["judgment"]]
                     for r in rows],
            roles=[r.get("role") for r in rows],
            sides=[r.get("side") for r in rows],
            hostility=view.get("hostility") or [[0] * len(rows) for _ in rows],
            kills_used=view.get("kills_used", 0),
            options=view.get("options") or {},
            view=view,
        )

    def living(self) -> list[int]:
        return [s for s in range(self.n) if self.alive[s]]

    def others(self) -> list[int]:
        """The other living seats."""
        return [s for s in range(self.n) if self.alive[s] and s != self.me]
