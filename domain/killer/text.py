"""The Killer game in words: "Night 2: the killers choose seat 5", grouped by night and day."""

from __future__ import annotations

from typing import Any

from domain.narration import EventView, Narrator, seat_name


class KillerNarrator(Narrator):
    def line(self, e: EventView, c: dict[str, Any]) -> str | None:
        d, players, name = e["data"], c["players"], e["type"]
        who = seat_name(players, d.get("seat"))
        if name == "RolesDealt":
            c["group"] = "Deal"
            known = [f"seat {s}: {r}" for s, r in enumerate(d.get("roles") or []) if r]
            return "Roles dealt" + (f" ({', '.join(known)})" if known and
                                    len(known) < len(players) else "")
        if name == "NightKill":
            c["night"] = c.get("night", 0) + 1
            c["group"] = f"Night {c['night']}"
            if "target" not in d:
                return "The killers choose their victim"
            return (f"Night {c['night']}: the killers choose "
                    f"{seat_name(players, d['target'])}")
        if name == "Investigated":
            if "target" not in d:
                return "The police investigate"
            if d.get("target") is None:
                return "The police investigate nobody"
            answer = "a killer" if d.get("killer") else "not a killer"
            return f"The police investigate {seat_name(players, d['target'])}: {answer}"
        if name == "VictimAnnounced":
            c["group"] = f"Day {c.get('night', 1)}"
            return f"Dawn: {who} was killed in the night — a {d['role']}"
        if name == "LastWords":
            return f"{who}'s last words: {d['text']!r}" if d.get("text") else \
                f"{who} leaves no last words"
        if name == "Statement":
            return f"{who} says: {d['text']!r}" if d.get("text") else f"{who} says nothing"
        if name == "VoteCast":
            return f"{who} votes for {seat_name(players, d['target'])}"
        if name == "Abstained":
            return f"{who} abstains"
        if name == "TieBroken":
            tied = ", ".join(str(s) for s in d["candidates"])
            return f"Tie between seats {tied}: a draw picks seat {d['chosen']}"
        if name == "VotedOut":
            return f"{who} is voted out with {d['votes']} votes — a {d['role']}"
        if name == "NobodyVotedOut":
            return "Nobody is voted out"
        if name == "GameEnded":
            c["group"] = "Result"
            side = d["outcome"].get("side")
            return "A tie: nobody wins" if side == "tie" else f"The {side} win"
        return None
