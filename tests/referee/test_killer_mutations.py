"""Rule bugs injected into the Killer engine are caught by the audit, by rule name.

Each test breaks one rule in the engine (monkeypatch), plays random bot games with it,
saves them, and audits the stored rows with ``audit_game`` (the referee's path): every
game in which the bug showed is flagged, naming the rule, and some game showed it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from domain.audit import Fact
from domain.game import Chained
from domain.killer.bots import POLICIES
from domain.killer.game import INVESTIGATE, NIGHT_KILL, KillerGame
from domain.simulate import play_out
from service.audit import audit_game, read_stored
from service.hall import GameHall

Played = tuple[list[Fact], set[tuple[int | None, str]]]  # the facts; (event, rule) flagged


def played(games: int, seed: int = 0) -> Iterator[Played]:
    """Bot games at every size and policy, saved and audited from the store."""
    hall = GameHall.from_store("memory://")
    for i in range(games):
        rng = random.Random(seed * 10_000 + i)
        n = 8 + i % 9
        policy = POLICIES[sorted(POLICIES)[i % 2]]
        game = play_out(KillerGame.new([f"p{s}" for s in range(n)], rng=rng), [policy] * n,
                        rng)
        hall.save(game)
        report = audit_game(hall, game.id)
        assert not report.chain  # the rows are sound: only the rules are broken
        assert report.recount is not None
        facts = read_stored(hall, game.id).facts
        yield facts, {(v.version, v.rule) for v in report.recount.violations}


def recorded_with(monkeypatch: pytest.MonkeyPatch, event: str,
                  change: Callable[[KillerGame, dict[str, Any]], dict[str, Any] | None]) -> None:
    """The engine records ``event`` with ``change``d fields (None: not at all)."""

    def trigger_event(self: KillerGame, cls: Any, **fields: Any) -> None:
        if cls.__name__ == event:
            changed = change(self, fields)
            if changed is None:
                return
            fields = changed
        Chained.trigger_event(self, cls, **fields)

    monkeypatch.setattr(KillerGame, "trigger_event", trigger_event)


def of(facts: list[Fact], kind: str) -> list[Fact]:
    return [f for f in facts if f.type == kind]


def test_inverted_investigation_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    # the bug: the police hear "killer" for the innocent and "innocent" for a killer
    recorded_with(monkeypatch, "Investigated", lambda game, f: f | {
        "killer": None if f["target"] is None else not f["killer"]})
    shown = 0
    for facts, flagged in played(40):
        for probe in of(facts, "Investigated"):
            if probe.data["target"] is not None:
                shown += 1
                assert (probe.version, "investigation-answer") in flagged
    assert shown > 40


def first_decision(facts: list[Fact]) -> tuple[str, Fact] | None:
    """The test's own win check: the first death after which a side had won."""
    roles: list[str] = []
    dead: set[int] = set()
    for f in facts:
        if f.type == "RolesDealt":
            roles = f.data["roles"]
        elif f.type in ("NightKill", "VotedOut"):
            dead.add(f.data["target" if f.type == "NightKill" else "seat"])
            left = Counter(r for s, r in enumerate(roles) if s not in dead)
            for side, gone in (("police", "killer"), ("killers", "police"),
                               ("tie", "civilian")):
                if not left[gone]:
                    return side, f
    return None


def test_playing_on_past_a_night_win(monkeypatch: pytest.MonkeyPatch) -> None:
    # the bug: no win check after a night kill; the game goes on until a day's check
    def kill(self: KillerGame, seat: int, action: dict[str, Any], rng: Any) -> None:
        self.trigger_event(self.NightKill, seat=seat, target=action["target"])

    side_of = KillerGame._side
    monkeypatch.setattr(KillerGame, "_do_kill", kill)
    monkeypatch.setattr(KillerGame, "_side",
                        lambda self: None if self.phase == NIGHT_KILL else side_of(self))
    played_on = wrong = 0
    for facts, flagged in played(100, seed=1):
        decided = first_decision(facts)
        assert decided is not None
        side, death = decided
        # the end follows a night's deciding kill at once, a day's after the last words
        end_at = death.version + (1 if death.type == "NightKill" else 2)
        ended = of(facts, "GameEnded")[0]
        if ended.version != end_at:  # events after the deciding death
            played_on += 1
            assert (end_at, "game-end") in flagged
        if ended.data["outcome"]["side"] != side:
            wrong += 1
            assert (ended.version, "winner") in flagged
    assert played_on > 20 and wrong > 0, (played_on, wrong)


def test_a_dead_seat_votes(monkeypatch: pytest.MonkeyPatch) -> None:
    # the bug: the night's victim stays on the day's list and is not checked for life
    announced = KillerGame.VictimAnnounced.apply
    alive_as_known = KillerGame.alive_as_known

    def apply(self: Any, game: KillerGame) -> None:
        announced(self, game)
        game.order.append(self.seat)

    monkeypatch.setattr(KillerGame.VictimAnnounced, "apply", apply)
    monkeypatch.setattr(KillerGame, "alive_as_known",
                        lambda self, seat: alive_as_known(self, seat) or seat == self.victim)
    votes = 0
    for facts, flagged in played(30, seed=2):
        dawn_of = {f.data["seat"]: f.version for f in of(facts, "VictimAnnounced")}
        for ballot in of(facts, "VoteCast"):
            if dawn_of.get(ballot.data["seat"], ballot.version) < ballot.version:
                votes += 1
                assert (ballot.version, "voter-alive") in flagged
    assert votes > 30


def test_statements_in_the_wrong_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # the bug: statements start left of the victim and go the other way round
    announced = KillerGame.VictimAnnounced.apply

    def apply(self: Any, game: KillerGame) -> None:
        announced(self, game)
        game.order.reverse()

    monkeypatch.setattr(KillerGame.VictimAnnounced, "apply", apply)
    days = 0
    for facts, flagged in played(30, seed=3):
        for dawn in of(facts, "VictimAnnounced"):
            first = next(f for f in facts if f.version > dawn.version and f.type == "Statement")
            days += 1
            assert (first.version, "speaking-order") in flagged
    assert days > 30


def test_a_wrong_vote_count(monkeypatch: pytest.MonkeyPatch) -> None:
    # the bug: the count recorded is how many voted, not how many voted for the seat
    recorded_with(monkeypatch, "VotedOut", lambda game, f: f | {"votes": len(game.ballots)})
    wrong = 0
    for facts, flagged in played(30, seed=4):
        for out in of(facts, "VotedOut"):
            day = [f for f in facts if f.type == "VoteCast" and f.version < out.version
                   and f.version > max(v.version for v in facts if v.version < out.version
                                       and v.type in ("Statement", "LastWords"))]
            if sum(f.data["target"] == out.data["seat"] for f in day) != out.data["votes"]:
                wrong += 1
                assert (out.version, "vote-count") in flagged
    assert wrong > 30


def test_a_tie_broken_without_a_recorded_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    # the bug: the draw is made but not recorded
    recorded_with(monkeypatch, "TieBroken", lambda game, f: None)
    ties = 0
    for facts, flagged in played(60, seed=5):
        assert not of(facts, "TieBroken")
        tie_days = {v for v, rule in flagged if rule == "tie-break"}
        ties += len(tie_days)
        assert all(v in {f.version for f in of(facts, "VotedOut")} for v in tie_days)
    assert ties > 10


def test_the_wrong_card_shown_at_dawn(monkeypatch: pytest.MonkeyPatch) -> None:
    # the bug: every night victim is announced as a civilian
    recorded_with(monkeypatch, "VictimAnnounced", lambda game, f: f | {"role": "civilian"})
    police = 0
    for facts, flagged in played(30, seed=6):
        roles = of(facts, "RolesDealt")[0].data["roles"]
        for dawn in of(facts, "VictimAnnounced"):
            if roles[dawn.data["seat"]] == "police":
                police += 1
                assert (dawn.version, "revealed-card") in flagged
    assert police > 5


def test_a_policeman_dead_before_tonight_investigates(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the bug: a dead policeman (voted out before tonight) may make the investigation
    to_act = KillerGame.to_act

    def waiting(self: KillerGame) -> list[int]:
        if self.phase == INVESTIGATE and self.outcome is None:
            return list(self.team["police"])
        return to_act(self)

    monkeypatch.setattr(KillerGame, "to_act", waiting)
    monkeypatch.setattr(KillerGame, "alive_as_known", lambda self, seat: True)
    dead_police = 0
    for facts, flagged in played(60, seed=7):
        out = {f.data["seat"]: f.version for f in of(facts, "VotedOut")}
        for probe in of(facts, "Investigated"):
            if out.get(probe.data["seat"], probe.version) < probe.version:
                dead_police += 1
                assert (probe.version, "investigation-by-police") in flagged
    assert dead_police > 5
