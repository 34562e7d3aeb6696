"""Dou Dizhu as paiju offers it: hands of three, matches of hands, two bot policies."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.audit import Fact, Recount
from domain.doudizhu.bots import POLICIES
from domain.doudizhu.hand import Hand
from domain.doudizhu.match import Match
from domain.doudizhu.scoring import _num
from domain.doudizhu.text import DoudizhuNarrator, catalogue
from domain.referee.doudizhu import referee, referee_match
from domain.spec import Column, GameSpec, ReadModel, Row, Series, Table

HANDS = Table("doudizhu_hands", tuple(Column(n, t) for n, t in (
    ("game_id", "text"), ("match_id", "text"), ("number", "int"), ("first_bidder", "int"),
    ("bid", "int"), ("landlord", "int"), ("base", "int"), ("bombs", "int"),
    ("rockets", "int"), ("spring", "bool"), ("anti_spring", "bool"), ("multiplier", "int"),
    ("escape", "int"), ("landlord_won", "bool"), ("score_0", "real"), ("score_1", "real"),
    ("score_2", "real"))))


def _flag(value: Any) -> int | None:
    return None if value is None else int(bool(value))


def _settled(e: Any) -> list[Row]:
    s = e.settlement
    scores = list(s.get("scores") or [None, None, None])
    return [Row(HANDS.name, str(e.originator_id), {
        "base": s.get("base"), "landlord": s.get("landlord"),
        "bombs": len(s.get("bombs") or []), "rockets": len(s.get("rockets") or []),
        "spring": _flag(s.get("spring")), "anti_spring": _flag(s.get("anti_spring")),
        "multiplier": s.get("multiplier"), "escape": s.get("escape"),
        "landlord_won": _flag(s.get("landlord_won")),
        "score_0": scores[0], "score_1": scores[1], "score_2": scores[2]})]


READ_MODEL = ReadModel(tables=(HANDS,), rows={
    "Started": lambda e: [Row(HANDS.name, str(e.originator_id),
                              {"match_id": e.match_id, "number": e.number, "bid": 0})],
    "Dealt": lambda e: [Row(HANDS.name, str(e.originator_id),
                            {"first_bidder": e.first_bidder})],
    # bids only rise, so the latest bid is the highest
    "BidPlaced": lambda e: [Row(HANDS.name, str(e.originator_id), {"bid": e.bid})],
    "LandlordChosen": lambda e: [Row(HANDS.name, str(e.originator_id),
                                     {"landlord": e.seat, "bid": e.base})],
    "ScoreSettled": _settled,
})


def hand_ids(facts: Sequence[Fact]) -> list[str]:
    return [f.data["hand_id"] for f in facts if f.type == "HandStarted"]


def standing(facts: Sequence[Fact], hand_id: str) -> dict[str, Any]:
    """A hand's number in its match and the totals the match recorded so far."""
    number: int | None = None
    totals: list[float] = [0, 0, 0]
    for f in facts:
        if f.type == "HandStarted" and f.data["hand_id"] == hand_id:
            number = f.data["number"]
        elif f.type == "HandScored":
            totals = [_num(a + b) for a, b in zip(totals, f.data["scores"], strict=True)]
    return {"number": number, "totals": totals}


def _signed(points: float) -> str:
    return f"{points:+g}" if points else "0"


def match_lines(r: Recount) -> list[str]:
    """A match's hands, one line each, then the running totals."""
    lines = [f"  {'hand':>4}  {'landlord':<8} {'base':>4} {'mult':>4}  {'scores':<20} "
             f"{'totals':<20} verdict"]
    for h in r.details.get("hands", []):
        scores = " ".join(_signed(s) for s in h["scores"] or [])
        totals = " ".join(_signed(s) for s in h["totals"] or [])
        landlord = "—" if h["landlord"] is None else f"seat {h['landlord']}"
        verdict = "live" if h.get("live") else "agrees" if h["agrees"] else "differs"
        lines.append(f"  {h['number']:>4}  {landlord:<8} {h['base'] or '—':>4} "
                     f"{h['multiplier'] or '—':>4}  {scores or '—':<20} {totals or '—':<20} "
                     f"{verdict}")
    running: list[float] = r.details.get("totals") or []
    lines.append(f"running totals: {' '.join(_signed(t) for t in running) or '—'}")
    return lines


def audit_match(facts: list[Fact], hands: Mapping[str, list[Fact]],
                series_id: str | None = None) -> Recount:
    return referee_match(facts, dict(hands), match_id=series_id)


def tally(hand: Hand) -> Mapping[str, float]:
    s = hand.settlement or {}
    return {"bombs+rockets/hand": len(s.get("bombs", [])) + len(s.get("rockets", [])),
            "springs/hand": int(bool(s.get("spring") or s.get("anti_spring"))),
            "mean multiplier": s.get("multiplier", 1)}


SPEC = GameSpec(
    kind="doudizhu",
    title="Dou Dizhu (Fight the Landlord)",
    game=Hand,
    seats=(3, 3),
    default_seats=3,
    policies=POLICIES,
    referee=referee,
    narrator=DoudizhuNarrator(),
    cards=catalogue,
    tally=tally,
    read_model=READ_MODEL,
    series=Series(aggregate=Match, series_of=lambda f: f.data.get("match_id"),
                  game_ids=hand_ids, standing=standing, referee=audit_match,
                  report_lines=match_lines, noun="match"),
    rules="docs/rules/doudizhu.md",
)
