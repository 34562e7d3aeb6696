"""Mutation tests: rule bugs injected into the engine, and the audit catches them.

Each mutation patches one rule of the engine (monkeypatch), bots play hands under it, the
hands are stored and audited. In every hand where the bug made a difference the audit
differs and names the rule (or the figure); in every other hand it agrees. Played
without the bug, the same illegal moves are refused by the engine.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

import domain.doudizhu.hand as hand_module
import domain.doudizhu.patterns as patterns_module
from domain.doudizhu.bots import POLICIES
from domain.doudizhu.cards import RANKS, shuffled_deck
from domain.doudizhu.hand import Hand
from domain.doudizhu.patterns import Pattern, PatternKind
from domain.game import IllegalAction
from service.audit import Audit, audit_game
from service.hall import GameHall

Move = tuple[int, dict[str, Any]]


# --- the bugs ----------------------------------------------------------------------
def landlord_is_first_bidder(mp: pytest.MonkeyPatch) -> None:
    """The landlord is the first seat that bid, not the highest bidder."""
    def call(self: Hand, seat: int, value: int, rng: random.Random) -> None:
        if value:
            self.trigger_event(Hand.BidPlaced, seat=seat, bid=value)
        else:
            self.trigger_event(Hand.BidDeclined, seat=seat)
        if value == 3 or len(self.bids) == 3:
            if self.high_bid == 0:
                self.trigger_event(Hand.Dealt, deck=shuffled_deck(rng),
                                   first_bidder=(self.first_bidder + 1) % 3)
            else:
                first = next(s for s, b in self.bids if b)
                self.trigger_event(Hand.LandlordChosen, seat=first, base=self.high_bid,
                                   kitty=list(self.kitty))
    mp.setattr(Hand, "_call", call)


def anyone_may_pass(mp: pytest.MonkeyPatch) -> None:
    """A pass is taken from any seat, on turn or not."""
    mp.setattr(Hand, "anytime_actions", frozenset({"escape", "pass"}))


def leader_may_pass(mp: pytest.MonkeyPatch) -> None:
    """The seat leading a trick may pass."""
    act = Hand._act

    def lax(self: Hand, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        if action["type"] == "pass" and self.phase == "playing" and self.last_play is None:
            self.trigger_event(Hand.Passed, seat=seat)
            return
        act(self, seat, action, rng)
    mp.setattr(Hand, "_act", lax)


def lower_bid_accepted(mp: pytest.MonkeyPatch) -> None:
    """A bid no higher than the last is taken."""
    act = Hand._act

    def lax(self: Hand, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        if action["type"] == "bid" and self.phase == "bidding":
            self._call(seat, action["value"], rng)
            return
        act(self, seat, action, rng)
    mp.setattr(Hand, "_act", lax)


def spring_does_not_double(mp: pytest.MonkeyPatch) -> None:
    settle = hand_module.settle

    def lax(**kwargs: Any) -> Any:
        s = settle(**kwargs)
        if not s.spring:
            return s
        return dataclasses.replace(s, multiplier=s.multiplier // 2,
                                   scores=[x // 2 for x in s.scores])
    mp.setattr(hand_module, "settle", lax)


def bomb_not_counted(mp: pytest.MonkeyPatch) -> None:
    """Bombs are left out of the multiplier (rockets still count)."""
    settle = hand_module.settle

    def lax(**kwargs: Any) -> Any:
        s = settle(**kwargs)
        n = 2 ** len(s.bombs)
        return dataclasses.replace(s, bombs=[], multiplier=s.multiplier // n,
                                   scores=[type(x)(x / n) for x in s.scores])
    mp.setattr(hand_module, "settle", lax)


def chain_of_four(mp: pytest.MonkeyPatch) -> None:
    """Four consecutive singles pass for a straight."""
    classify_sorted = patterns_module._classify_sorted.__wrapped__

    def lax(ranks: str) -> Pattern | None:
        if len(ranks) == 4 and ranks in RANKS[:12]:
            return Pattern(PatternKind.STRAIGHT, RANKS.index(ranks[-1]), 4, 4)
        return classify_sorted(ranks)  # type: ignore[no-any-return]
    mp.setattr(patterns_module, "_classify_sorted", lax)
    patterns_module.classify.cache_clear()


def pair_beats_single(mp: pytest.MonkeyPatch) -> None:
    """A higher pair is taken on a single."""
    beats = hand_module.beats_pattern

    def lax(play: Pattern, last: Pattern) -> bool:
        if play.kind is PatternKind.PAIR and last.kind is PatternKind.SINGLE:
            return play.main > last.main
        return beats(play, last)
    mp.setattr(hand_module, "beats_pattern", lax)


# --- the illegal moves bots try under each bug -------------------------------------
def off_turn_pass(hand: Hand, rng: random.Random) -> Move | None:
    if hand.phase == "playing" and hand.last_play is not None and rng.random() < 0.15:
        return (hand.turn + 1) % 3, {"type": "pass"}
    return None


def leader_pass(hand: Hand, rng: random.Random) -> Move | None:
    if hand.phase == "playing" and hand.last_play is None and rng.random() < 0.2:
        return hand.turn, {"type": "pass"}
    return None


def low_bid(hand: Hand, rng: random.Random) -> Move | None:
    if hand.phase == "bidding" and hand.high_bid and rng.random() < 0.5:
        return hand.turn, {"type": "bid", "value": rng.randint(1, hand.high_bid)}
    return None


def four_chain(hand: Hand, rng: random.Random) -> Move | None:
    if hand.phase != "playing" or hand.last_play is not None:
        return None
    held = set(hand.ranks[hand.turn])
    for low in range(9):
        run = RANKS[low:low + 4]
        if set(run) <= held and rng.random() < 0.5:
            return hand.turn, {"type": "play", "cards": run}
    return None


def pair_on_single(hand: Hand, rng: random.Random) -> Move | None:
    if hand.phase != "playing" or hand.last_play is None or len(hand.last_play[1]) != 1:
        return None
    held = hand.ranks[hand.turn]
    higher = [r for r in RANKS[:13] if held.count(r) >= 2
              and RANKS.index(r) > RANKS.index(hand.last_play[1])]
    return (hand.turn, {"type": "play", "cards": higher[0] * 2}) if higher else None


# --- when a bug made a difference ----------------------------------------------------
def first_bidder_not_highest(hand: Hand) -> bool:
    bids = [(s, b) for s, b in hand.bids if b]
    return bool(bids) and hand.landlord is not None and bids[0][0] != max(
        bids, key=lambda sb: sb[1])[0]


def sprung(hand: Hand) -> bool:
    return bool(hand.settlement and hand.settlement["spring"])


def bombed(hand: Hand) -> bool:
    return any(len(r) == 4 and len(set(r)) == 1 for _, r, _ in hand.plays)


def timid_peasants(hand: Hand, seat: int, rng: random.Random) -> dict[str, Any]:
    """Peasants who pass whenever they may: the landlord wins with a spring."""
    if hand.phase == "playing" and seat != hand.landlord and hand.last_play is not None:
        return {"type": "pass"}
    return POLICIES["random"](hand, seat, rng)


Policy = Callable[[Hand, int, random.Random], dict[str, Any]]


@dataclasses.dataclass
class Bug:
    patch: Callable[[pytest.MonkeyPatch], None]
    named: str  # the rule id, or the figure, the audit must name
    tries: Callable[[Hand, random.Random], Move | None] | None = None
    mattered: Callable[[Hand], bool] | None = None  # default: an illegal move was taken
    policies: tuple[Policy, ...] = (POLICIES["random"],)  # one drawn for each hand
    hands: int = 60


BUGS = {
    "landlord is the first seat that bid": Bug(
        landlord_is_first_bidder, "landlord-is-highest-bidder",
        mattered=first_bidder_not_highest),
    "a pass accepted from a seat not on turn": Bug(anyone_may_pass, "turn-order",
                                                   off_turn_pass),
    "the leader allowed to pass": Bug(leader_may_pass, "leader-must-play", leader_pass),
    "a bid no higher than the last accepted": Bug(lower_bid_accepted, "bid-must-be-higher",
                                                  low_bid),
    "spring not doubling": Bug(spring_does_not_double, "multiplier", mattered=sprung,
                               policies=(POLICIES["greedy"], timid_peasants)),
    "a bomb not counted in the multiplier": Bug(bomb_not_counted, "multiplier",
                                                mattered=bombed),
    "a chain of four accepted as a straight": Bug(chain_of_four, "valid-pattern",
                                                  four_chain),
    "a pair accepted on a single": Bug(pair_beats_single, "must-beat", pair_on_single),
}


def play(hall: GameHall, bug: Bug, seed: int) -> list[tuple[Hand, bool]]:
    """Hands played by bots that also try the bug's illegal move now and then; each with
    whether the bug made a difference in it."""
    rng = random.Random(seed)
    out = []
    for _ in range(bug.hands):
        hand = Hand.new(["ann", "bob", "cat"], rng=rng)
        policy = rng.choice(bug.policies)
        taken = False
        while hand.outcome is None:
            illegal = bug.tries(hand, rng) if bug.tries else None
            if illegal is not None:
                try:
                    hand.act(*illegal, rng)
                    taken = True
                    continue
                except IllegalAction:
                    pass  # the engine without the bug refuses it
            seat = hand.to_act()[0]
            hand.act(seat, policy(hand, seat, rng), rng)
        hall.save(hand)
        out.append((hand, bug.mattered(hand) if bug.mattered else taken))
    return out


def names(report: Audit, named: str) -> bool:
    r = report.recount
    assert r is not None
    return (named in {v.rule for v in r.violations}
            or named in {c.figure for c in r.differences()})


@pytest.mark.parametrize("bug", list(BUGS), ids=list(BUGS))
def test_the_audit_catches_hands_played_under_the_bug(bug: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    hall = GameHall.from_store("memory://")
    with monkeypatch.context() as mp:
        BUGS[bug].patch(mp)
        played = play(hall, BUGS[bug], seed=len(bug))
    patterns_module.classify.cache_clear()
    mattered = [hand for hand, made_a_difference in played if made_a_difference]
    assert len(mattered) >= 3, "too few hands where the bug made a difference"
    for hand, made_a_difference in played:
        report = audit_game(hall, hand.id)
        if made_a_difference:
            assert not report.agrees and names(report, BUGS[bug].named), report.text()
            assert f"[{BUGS[bug].named}]" in report.text() or \
                f"XX {BUGS[bug].named}:" in report.text()
        else:
            assert report.agrees, report.text()


@pytest.mark.parametrize("bug", [b for b in BUGS if BUGS[b].tries], ids=str)
def test_without_the_bug_the_engine_refuses_those_moves(bug: str) -> None:
    hall = GameHall.from_store("memory://")
    played = play(hall, dataclasses.replace(BUGS[bug], hands=15), seed=len(bug))
    assert not any(taken for _, taken in played)
    assert all(audit_game(hall, hand.id).agrees for hand, _ in played)
