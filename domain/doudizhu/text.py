"""Dou Dizhu in words: "Seat 2 (bob) plays 33344 — trio with pair", grouped by trick."""

from __future__ import annotations

from typing import Any

from domain.narration import EventView, Narrator, seat_name

PATTERN_WORDS = {
    "single": "single", "pair": "pair", "trio": "trio", "trio_single": "trio with single",
    "trio_pair": "trio with pair", "straight": "straight", "pair_chain": "chain of pairs",
    "airplane": "airplane", "airplane_singles": "airplane with singles",
    "airplane_pairs": "airplane with pairs", "four_two_singles": "four with two singles",
    "four_two_pairs": "four with two pairs", "bomb": "BOMB ×2", "rocket": "ROCKET ×2",
}


class DoudizhuNarrator(Narrator):
    def line(self, e: EventView, c: dict[str, Any]) -> str | None:
        d, players = e["data"], c["players"]
        who = seat_name(players, d.get("seat"))
        name = e["type"]
        if name == "Dealt":
            c["deal"] = c.get("deal", 0) + 1
            c["group"] = "Bidding" if c["deal"] == 1 else f"Bidding (deal {c['deal']})"
            mine = f"; your hand {' '.join(d['hand'])}" if d.get("hand") else ""
            return (f"Cards dealt; {seat_name(players, d['first_bidder'])} bids first"
                    + mine)
        if name == "BidPlaced":
            return f"{who} bids {d['bid']}"
        if name == "BidDeclined":
            return f"{who} passes"
        if name == "LandlordChosen":
            c["trick"], c["group"] = 1, "Trick 1"
            c["passes"] = 0
            return (f"{who} is the landlord at {d['base']} and takes the kitty "
                    f"{' '.join(d['kitty'])}")
        if name == "CardsPlayed":
            if c.get("passes", 0) >= 2:
                c["trick"] = c.get("trick", 1) + 1
                c["group"] = f"Trick {c['trick']}"
            c["passes"] = 0
            return f"{who} plays {d['ranks']} — {PATTERN_WORDS.get(d['pattern'], d['pattern'])}"
        if name == "Passed":
            c["passes"] = c.get("passes", 0) + 1
            return f"{who} passes"
        if name == "Escaped":
            return f"{who} leaves the hand (escape)"
        if name == "ScoreSettled":
            s = d["settlement"]
            c["group"] = "Result"
            extra = [w for w, k in (("spring", "spring"), ("anti-spring", "anti_spring"))
                     if s.get(k)]
            scores = ", ".join(f"{p}: {v:+g}" for p, v in zip(players, s["scores"],
                                                              strict=False))
            return (f"Scored: base {s['base']} × {s['multiplier']}"
                    + (f" ({', '.join(extra)})" if extra else "") + f" → {scores}")
        if name == "GameEnded":
            o = d["outcome"]
            return f"The {o['side']} win" if o["side"] != "escape" else "Hand ended by an escape"
        return None

    def table(self, v: dict[str, Any]) -> str:
        lines = [f"phase {v['phase']} · base {v['base']} · multiplier ×{v['multiplier']}"
                 + (f" · turn: seat {v['turn']}" if v["turn"] is not None else "")]
        bids = " ".join(f"{b['seat']}:{b['bid'] or 'pass'}" for b in v["bids"])
        lines.append(f"deal {v['deals']} · first bidder seat {v['first_bidder']} · "
                     f"bids {bids or '-'}")
        if v["kitty"] is not None:
            lines.append(f"kitty: {' '.join(v['kitty'])}")
        for seat, name in enumerate(v["players"]):
            role = ("landlord" if v["landlord"] == seat
                    else ("peasant" if v["landlord"] is not None else ""))
            cards = v["hands"].get(str(seat))
            shown = " ".join(cards) if cards is not None else "(hidden)"
            lines.append(f"  seat {seat} {name:<10} {role:<8} {v['hand_counts'][seat]:>2} "
                         f"cards: {shown}")
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
