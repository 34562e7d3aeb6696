"""The Killer game in words: "Night 2: the killers choose Seat 5 (eve)", grouped by night
and day. Seats that stay silent one after another share a line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.narration import EventView, Move, Narrator, seat_name

SILENT, SILENT_MANY = " says nothing", " say nothing"
ROLE_WORDS = {"killer": "a killer", "police": "police", "civilian": "a civilian"}


def role_words(role: Any) -> str:
    return ROLE_WORDS.get(role, str(role))


class KillerNarrator(Narrator):
    def moves(self, events: Sequence[EventView], players: Sequence[str]) -> list[Move]:
        """Each event's line, then runs of silent statements folded into one."""
        out: list[Move] = []
        for m in super().moves(events, players):
            last = out[-1] if out else None
            if (last is not None and _is_silent(last.text) and m.text.endswith(SILENT)
                    and last.group == m.group and last.last == m.first - 1):
                out[-1] = Move(last.first, m.last, _silent(last.text, m.text), m.group)
            else:
                out.append(m)
        return out

    def table(self, view: dict[str, Any]) -> str:
        """The table for a terminal: night or day, then a line per seat."""
        phase = view.get("phase")
        head = [f"night {view.get('night')}", f"phase {phase}"]
        if view.get("waiting_for"):
            head.append(f"waiting for {view['waiting_for']}")
        lines = [" · ".join(head)]
        roles = view.get("roles") or []
        votes: dict[int, list[int]] = {}
        day = max((v.get("day", 0) for v in view.get("votes") or []), default=None)
        for v in view.get("votes") or []:
            if v.get("day") == day:
                votes.setdefault(v["target"], []).append(v["seat"])
        dead = {d["seat"]: d for d in view.get("deaths") or []}
        for seat, name in enumerate(view.get("players") or []):
            role = roles[seat] if seat < len(roles) and roles[seat] else "(hidden)"
            alive = view.get("alive") or []
            state = "alive" if seat >= len(alive) or alive[seat] else (
                f"dead ({dead[seat]['cause']}, day {dead[seat]['day']})" if seat in dead
                else "dead")
            row = f"  seat {seat} {name:<10} {role:<9} {state}"
            if votes.get(seat):
                row += f"   votes from {', '.join(map(str, votes[seat]))}"
            lines.append(row)
        if view.get("outcome"):
            lines.append(f"outcome: {view['outcome'].get('side') or view['outcome']}")
        return "\n".join(lines)

    def line(self, e: EventView, c: dict[str, Any]) -> str | None:
        d, players, name = e["data"], c["players"], e["type"]
        who = seat_name(players, d.get("seat"))
        if name == "RolesDealt":
            c["group"] = "Deal"
            known = [f"{seat_name(players, s)} is {role_words(r)}"
                     for s, r in enumerate(d.get("roles") or []) if r]
            if known and len(known) < len(players):
                return "Roles dealt: " + "; ".join(known)
            return "Roles dealt"
        if name == "NightKill":
            c["night"] = c.get("night", 0) + 1
            c["group"] = f"Night {c['night']}"
            if "target" not in d:
                return f"Night {c['night']}: the killers choose their victim"
            return (f"Night {c['night']}: the killers choose "
                    f"{seat_name(players, d['target'])}")
        if name == "Investigated":
            if "target" not in d:
                return "The police investigate someone"
            if d.get("target") is None:
                return "The police investigate nobody"
            answer = "a killer!" if d.get("killer") else "not a killer"
            return f"The police investigate {seat_name(players, d['target'])}: {answer}"
        if name == "VictimAnnounced":
            c["group"] = f"Day {c.get('night', 1)}"
            return f"Dawn: {who} was killed in the night — {role_words(d['role'])}"
        if name == "LastWords":
            return f"{who}'s last words: “{d['text']}”" if d.get("text") else \
                f"{who} leaves no last words"
        if name == "Statement":
            return f"{who} says: “{d['text']}”" if d.get("text") else who + SILENT
        if name == "VoteCast":
            return f"{who} votes for {seat_name(players, d['target'])}"
        if name == "Abstained":
            return f"{who} abstains"
        if name == "TieBroken":
            tied = ", ".join(str(s) for s in d["candidates"])
            return (f"Tie between seats {tied}: a draw picks "
                    f"{seat_name(players, d['chosen'])}")
        if name == "VotedOut":
            return (f"{who} is voted out with {d['votes']} vote{'s' * (d['votes'] != 1)}"
                    f" — {role_words(d['role'])}")
        if name == "NobodyVotedOut":
            return "Nobody is voted out"
        if name == "GameEnded":
            c["group"] = "Result"
            side = d["outcome"].get("side")
            return "A tie: nobody wins" if side == "tie" else f"The {side} win"
        return None


def _is_silent(text: str) -> bool:
    return text.endswith((SILENT, SILENT_MANY))


def _silent(first: str, then: str) -> str:
    """``Seat 0 (ann) says nothing`` + ``Seat 1 (bob) says nothing`` →
    ``Seat 0 (ann), Seat 1 (bob) say nothing``."""
    head = first.removesuffix(SILENT).removesuffix(SILENT_MANY)
    return f"{head}, {then.removesuffix(SILENT)}{SILENT_MANY}"
