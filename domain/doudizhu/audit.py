"""Recompute a Dou Dizhu hand (and a match) from its raw events alone."""

from __future__ import annotations

from domain.audit import Fact, Recount, last_of, recorded_outcome_checks
from domain.doudizhu.cards import to_ranks
from domain.doudizhu.hand import HAND_SIZE
from domain.doudizhu.patterns import beats_pattern, classify
from domain.doudizhu.scoring import Play, settle


def recount_hand(facts: list[Fact]) -> Recount:
    """Replay the facts with the pure rules: who held what, who won, and the score."""
    r = Recount()
    hands: list[list[str]] = [[], [], []]
    landlord: int | None = None
    base = high_bid = 0
    plays: list[Play] = []
    last = None
    winner = escape = None
    for f in facts:
        d = f.data
        if f.type == "Dealt":
            deck = d["deck"]
            hands = [list(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(3)]
            kitty = list(deck[3 * HAND_SIZE:])
            plays, last, high_bid = [], None, 0
        elif f.type == "BidPlaced":
            if d["bid"] <= high_bid:
                r.problems.append(f"event {f.version}: bid {d['bid']} is not above {high_bid}")
            high_bid = max(high_bid, d["bid"])
        elif f.type == "LandlordChosen":
            landlord, base = d["seat"], d["base"]
            if base != high_bid:
                r.problems.append(f"event {f.version}: base {base} but the high bid was "
                                  f"{high_bid}")
            if sorted(d["kitty"]) != sorted(kitty):
                r.problems.append(f"event {f.version}: the kitty shown is not the one dealt")
            hands[landlord] += kitty
        elif f.type == "CardsPlayed":
            seat, cards = d["seat"], d["cards"]
            missing = [c for c in cards if c not in hands[seat]]
            if missing:
                r.problems.append(f"event {f.version}: seat {seat} did not hold "
                                  f"{' '.join(missing)}")
            ranks = to_ranks(cards)
            pattern = classify(ranks)
            if pattern is None:
                r.problems.append(f"event {f.version}: {ranks} is no pattern")
            elif last is not None and last[0] != seat:
                before = classify(last[1])
                if before is not None and not beats_pattern(pattern, before):
                    r.problems.append(f"event {f.version}: {ranks} does not beat {last[1]}")
            for c in cards:
                if c in hands[seat]:
                    hands[seat].remove(c)
            plays.append(Play(seat, ranks, f.version))
            last = (seat, ranks)
            if not hands[seat]:
                winner = seat
        elif f.type == "Passed":
            plays.append(Play(d["seat"], "", f.version))
        elif f.type == "Escaped":
            escape = d["seat"]
    if winner is None and escape is None:
        r.problems.append("nobody emptied a hand or escaped: the hand is not over")
        return r
    s = settle(landlord=landlord, base=base or high_bid or 1, plays=plays,
               winner=None if escape is not None else winner, escape=escape)
    r.details = {"settlement": s.as_dict(), "winner": winner}
    settled = last_of(facts, "ScoreSettled")
    at = settled.version if settled else None
    recorded = settled.data["settlement"] if settled else {}
    for key in ("base", "landlord", "bombs", "rockets", "spring", "anti_spring", "multiplier",
                "escape", "scores"):
        r.check(key, getattr(s, key), recorded.get(key), at)
    if escape is not None:
        winners, side = [i for i in range(3) if i != escape], "escape"
    elif landlord is not None and winner == landlord:
        winners, side = [landlord], "landlord"
    else:
        winners, side = [i for i in range(3) if i != landlord], "peasants"
    recorded_outcome_checks(r, facts, winners, side, list(s.scores))  # type: ignore[arg-type]
    return r


def recount_match(match_facts: list[Fact], hand_scores: dict[str, list[float]]) -> Recount:
    """Each hand's recorded scores in the match against the hand's own recount."""
    r = Recount()
    totals: list[float] = [0, 0, 0]
    rows = []
    for f in match_facts:
        if f.type != "HandScored":
            continue
        hid = f.data["hand_id"]
        expected = hand_scores.get(hid)
        r.check(f"hand {hid} scores", expected, f.data["scores"], f.version)
        totals = [t + s for t, s in zip(totals, expected or [0, 0, 0], strict=True)]
        rows.append({"hand_id": hid, "scores": expected, "totals": list(totals)})
    r.details = {"hands": rows, "totals": totals}
    return r
