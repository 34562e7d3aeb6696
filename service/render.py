"""Games as text for the terminal: what ``paiju replay`` prints, in the kind's own words."""

from __future__ import annotations

from typing import Any

from domain.narration import EventView, Move
from domain.spec import GameSpec


def render(spec: GameSpec, view: dict[str, Any], events: list[EventView]) -> str:
    at = view["version"]
    last = events[-1]["type"] if events else None
    head = (f"{spec.kind} {view['id']} — after event {at} of {view['latest_version']}"
            + (f" ({last})" if last else "") + f" — as {view['viewer']}")
    moves = spec.narrator.moves(events, view["players"])
    return f"{head}\n{spec.narrator.table(view)}\n\nmoves:\n{move_list(moves)}"


def move_list(moves: list[Move]) -> str:
    lines: list[str] = []
    group: str | None = None
    for m in moves:
        if m.group != group and m.group:
            lines.append(f"  {m.group}")
        group = m.group
        span = f"{m.first}" if m.first == m.last else f"{m.first}-{m.last}"
        lines.append(f"    {span:>7}  {m.text}")
    return "\n".join(lines)
