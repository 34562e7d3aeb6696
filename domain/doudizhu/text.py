"""Dou Dizhu in words: "Seat 2 (bob) plays 33344 — trio with pair", grouped by trick.

Also the cards as a person reads them (``catalogue``, served by ``GET /cards/doudizhu``):
the rank string notation (T for 10, B and R for the jokers) is for machines.
"""

from __future__ import annotations

from typing import Any

from domain.doudizhu.cards import DECK, RANKS
from domain.narration import EventView, Narrator, seat_name

PATTERN_WORDS = {
    "single": "single", "pair": "pair", "trio": "trio", "trio_single": "trio with single",
    "trio_pair": "trio with pair", "straight": "straight", "pair_chain": "chain of pairs",
    "airplane": "airplane", "airplane_singles": "airplane with singles",
    "airplane_pairs": "airplane with pairs", "four_two_singles": "four with two singles",
    "four_two_pairs": "four with two pairs", "bomb": "BOMB ×2", "rocket": "ROCKET ×2",
}
SUIT_SYMBOL = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
JOKERS = {"BJ": "Black Joker", "RJ": "Red Joker"}
HAND_SIZE, KITTY = 17, 3


def card_label(card: str) -> str:
    """``10♥`` for ``TH``, ``Red Joker`` for ``RJ``."""
    if card in JOKERS:
        return JOKERS[card]
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOL.get(card[1], card[1])


def catalogue() -> list[dict[str, Any]]:
    """The 54 cards, lowest first, as a person reads them."""
    return [{"id": c, "rank": c[0], "suit": None if c in JOKERS else c[1],
             "order": RANKS.index(c[0]), "red": c[1] in "HD" or c == "RJ",
             "label": card_label(c)} for c in sorted(DECK, key=lambda c: (RANKS.index(c[0]),
                                                                           c[1]))]


def ranks_text(ranks: str) -> str:
    """A rank string for people: ``33344`` stays; ``9TJQK`` reads ``9 10 J Q K``; the
    jokers are named."""
    if ranks == "BR":
        return "both jokers"
    if ranks in ("B", "R"):
        return "the black joker" if ranks == "B" else "the red joker"
    if "T" in ranks or "B" in ranks or "R" in ranks:
        words = {"T": "10", "B": "black joker", "R": "red joker"}
        return " ".join(words.get(r, r) for r in ranks)
    return ranks


class DoudizhuNarrator(Narrator):
    """Bidding, then one group per trick (a trick ends when two seats pass in a row);
    a seat that gets down to one or two cards says so, as players announce it."""

    def line(self, e: EventView, c: dict[str, Any]) -> str | None:
        d, players = e["data"], c["players"]
        who = seat_name(players, d.get("seat"))
        name = e["type"]
        if name == "Dealt":
            c["deal"] = c.get("deal", 0) + 1
            c["group"] = "Bidding" if c["deal"] == 1 else f"Bidding (deal {c['deal']})"
            c["left"] = [HAND_SIZE] * len(players)
            mine = f"; your hand: {' '.join(card_label(x) for x in d['hand'])}" \
                if d.get("hand") else ""
            again = "Nobody bid: cards dealt again" if c["deal"] > 1 else "Cards dealt"
            return f"{again}; {seat_name(players, d['first_bidder'])} bids first{mine}"
        if name == "BidPlaced":
            return f"{who} bids {d['bid']}"
        if name == "BidDeclined":
            return f"{who} does not bid"
        if name == "LandlordChosen":
            c["trick"], c["passes"], c["leader"] = 0, 2, d["seat"]
            if "left" in c:
                c["left"][d["seat"]] += KITTY
            kitty = " ".join(card_label(x) for x in d["kitty"])
            return f"{who} is the landlord at {d['base']} and takes the kitty {kitty}"
        if name == "CardsPlayed":
            if c.get("passes", 0) >= 2:
                c["trick"] = c.get("trick", 0) + 1
                c["group"] = f"Trick {c['trick']}"
            c["passes"] = 0
            pattern = PATTERN_WORDS.get(d["pattern"], d["pattern"])
            text = f"{who} plays {ranks_text(d['ranks'])} — {pattern}"
            return text + self._left(c, d["seat"], len(d["ranks"]))
        if name == "Passed":
            c["passes"] = c.get("passes", 0) + 1
            return f"{who} passes"
        if name == "Escaped":
            c["group"] = "Result"
            return f"{who} leaves the hand (escape)"
        if name == "ScoreSettled":
            s = d["settlement"]
            c["group"] = "Result"
            extra = [w for w, k in (("spring", "spring"), ("anti-spring", "anti_spring"))
                     if s.get(k)]
            scores = ", ".join(f"{p} {v:+g}" for p, v in zip(players, s["scores"],
                                                              strict=False))
            return (f"Scored: base {s['base']} × {s['multiplier']}"
                    + (f" ({', '.join(extra)})" if extra else "") + f" → {scores}")
        if name == "GameEnded":
            c["group"] = "Result"
            o = d["outcome"]
            if o["side"] == "escape":
                return "Hand ended by an escape"
            winners = ", ".join(seat_name(players, s) for s in o.get("winners", []))
            return f"The {o['side']} win{'s' if o['side'] == 'landlord' else ''}: {winners}"
        return None

    @staticmethod
    def _left(c: dict[str, Any], seat: int, played: int) -> str:
        left = c.get("left")
        if not left or not 0 <= seat < len(left):
            return ""
        left[seat] -= played
        return {0: " · out", 1: " · one card left", 2: " · two cards left"}.get(
            left[seat], "")

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
