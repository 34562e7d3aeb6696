"""Games as text for the terminal: what ``paiju replay`` prints."""

from __future__ import annotations

import json
from typing import Any

from domain.game import Game, Viewer


def render(game: Game, events: list[Any], viewer: Viewer, latest: int) -> str:
    last = events[-1] if events else None
    head = (f"{game.kind} {game.id} — after event {game.version} of {latest}"
            + (f" ({type(last).__name__})" if last is not None else ""))
    view = game.view(viewer)
    body = _doudizhu(view) if game.kind == "doudizhu" else _generic(view)
    moves = "\n".join(_event_line(game.event_view(e, viewer)) for e in events)
    return f"{head}\n{body}\n\nevents:\n{moves}"


def _event_line(e: dict[str, Any]) -> str:
    data = ", ".join(f"{k}={_short(v)}" for k, v in e["data"].items())
    return f"  {e['version']:>4} {e['type']:<16} {data}"


def _short(v: Any) -> str:
    text = " ".join(v) if isinstance(v, list) and all(isinstance(x, str) for x in v) \
        else json.dumps(v, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


def _doudizhu(v: dict[str, Any]) -> str:
    lines = [f"phase {v['phase']} · base {v['base']} · multiplier ×{v['multiplier']}"
             + (f" · turn: seat {v['turn']}" if v["turn"] is not None else "")]
    bids = " ".join(f"{b['seat']}:{b['bid'] or 'pass'}" for b in v["bids"])
    lines.append(f"deal {v['deals']} · first bidder seat {v['first_bidder']} · bids {bids or '-'}")
    if v["kitty"] is not None:
        lines.append(f"kitty: {' '.join(v['kitty'])}")
    for seat, name in enumerate(v["players"]):
        role = "landlord" if v["landlord"] == seat else ("peasant" if v["landlord"] is not None
                                                         else "")
        cards = v["hands"].get(str(seat))
        shown = " ".join(cards) if cards is not None else "(hidden)"
        lines.append(f"  seat {seat} {name:<10} {role:<8} {v['hand_counts'][seat]:>2} cards: "
                     f"{shown}")
    if v["last_play"]:
        lp = v["last_play"]
        lines.append(f"to beat: {lp['ranks']} ({lp['pattern']}) by seat {lp['seat']}")
    if v["settlement"]:
        s = v["settlement"]
        extras = [k for k in ("spring", "anti_spring") if s[k]]
        lines.append(
            f"settled: base {s['base']} ×{s['multiplier']} "
            f"({len(s['bombs'])} bombs, {len(s['rockets'])} rockets"
            + (", " + ", ".join(extras) if extras else "")
            + (f", seat {s['escape']} escaped" if s["escape"] is not None else "")
            + f") → scores {s['scores']}"
        )
    if v["outcome"]:
        lines.append(f"winners: {v['outcome']['side']} (seats {v['outcome']['winners']})")
    return "\n".join(lines)


def _generic(v: dict[str, Any]) -> str:
    keep = {k: val for k, val in v.items() if k not in ("legal_actions",)}
    return json.dumps(keep, indent=2, ensure_ascii=False)
