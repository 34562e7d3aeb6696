"""Rules 8: a Lightning that misses passes to the next living seat as a card used on it
would (docs/rules/kingdom-wars.md): a seat whose shown skill cancels it there (Weimu: a
black Lightning) is skipped, and the owner of a hidden Jia Xu it reaches is asked
whether to show him: shown, it passes on from him; declined, it stays. Rules 7 passed it
to the next seat holding none, unasked.

Seat 0 (Cao Cao & Xu Chu) uses the Lightning on itself in the first turn; seat 1 is Jia
Xu & Cai Wenji. Every card drawn before seat 0's next judgment is a diamond, so the
Lightning misses. The independent referee judges each story; its events rebuild the
table."""

from __future__ import annotations

from typing import Any

from domain.referee.hegemony import referee
from domain.sanguosha.cards import NAME
from domain.sanguosha.frames import Passing, Trigger
from domain.sanguosha.hegemony import HegemonyGame
from tests.referee.test_hegemony_differential import facts_of
from tests.sanguosha.hrig import htable
from tests.sanguosha.rig import act, end_turn, kinds
from tests.sanguosha.skill_steps import assert_replays

PICKS = [("caocao", "xuchu"), ("jiaxu", "caiwenji"), ("liubei", "guanyu"),
         ("lvbu", "diaochan")]
#: what the draws take before seat 0's second judgment, and that judgment: all misses
DIAMONDS = [("dodge", "D", n) for n in (2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11)]
BLACK, RED = ("lightning", "S", 1), ("lightning", "H", 12)
Events = list[tuple[str, dict[str, Any]]]


def decline_skills(game: HegemonyGame) -> Events:
    out: Events = []
    while game.ask == "skill":
        out += act(game, game.to_act()[0], type="decline")
    return out


def missed(lightning: Any = BLACK, show_jia_xu: bool = False,
           rules: int | None = None) -> tuple[HegemonyGame, int, Events]:
    """Given: seat 0 put the ``lightning`` in its own judgment area in its first turn,
    seat 1 showed Jia Xu at its turn's start (``show_jia_xu``) or nobody showed anything;
    when: seat 0's next judgment misses. The Lightning and the events of that judgment."""
    game = htable(PICKS, {0: [lightning]}, DIAMONDS, rules=rules)
    decline_skills(game)
    act(game, 0, type="decline")  # seat 0 shows nothing at its turn's start
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    c = next(c for c in game.hands[0] if NAME[c] == "lightning")
    act(game, 0, type="use", card=c)
    end_turn(game)
    while not (game.current == 0 and game.ask == "show"):
        if game.ask == "show" and game.current == 1 and show_jia_xu:
            act(game, 1, type="show", which="head")
        elif game.ask in ("show", "skill"):
            act(game, game.to_act()[0], type="decline")
        elif game.ask in ("pair", "fish"):
            act(game, game.current, type=f"{game.ask}_bonus", choice="draw")
        else:
            end_turn(game)
    assert game.judging[0] == [c] and game.shown[1][0] == show_jia_xu
    events = act(game, 0, type="decline")  # no show: the judgment phase
    while game.ask == "nullify":
        events += act(game, game.to_act()[0], type="decline")
    judged = [d for k, d in events if k == "Judged"]
    assert judged and judged[0]["reason"] == "lightning" and judged[0]["result"] is False
    return game, c, events


def passes(events: Events) -> list[tuple[int, int]]:
    return [(d["seat"], d["to"]) for k, d in events if k == "LightningPassed"]


def asked(game: HegemonyGame, seat: int = 1) -> bool:
    """Only the seat is asked whether to show its general for Weimu; only it sees which
    skill, and the Lightning waits in its judgment area meanwhile."""
    top, below = game.stack[-1], game.stack[-2]
    others = [v for v in ("spectator", *range(game.n)) if v != seat]
    return (game.ask == "skill" and game.to_act() == [seat]
            and isinstance(top, Trigger) and isinstance(below, Passing)
            and game.view(seat)["pending"]["skill"] == "weimu"
            and game.legal_actions(seat) == [{"type": "skill", "skill": "weimu"},
                                             {"type": "decline"}]
            and all(game.view(v)["pending"]["skill"] is None for v in others))


def not_asked(game: HegemonyGame) -> bool:
    """Seat 0's turn goes on (its draw phase's question, Luoyi); nobody asks seat 1."""
    return game.to_act() == [0] and not any(isinstance(f, Passing) for f in game.stack)


def fair(game: HegemonyGame) -> None:
    judged = referee(facts_of(game))
    assert not judged.violations, [v.text() for v in judged.violations]


def test_a_shown_jia_xu_is_skipped_and_the_next_seat_gets_it() -> None:
    game, c, events = missed(show_jia_xu=True)
    assert passes(events) == [(0, 2)]
    assert game.judging[2] == [c] and game.judging[1] == []
    assert_replays(game)
    fair(game)


def test_a_hidden_jia_xu_is_asked_with_the_lightning_on_him() -> None:
    game, c, events = missed()
    assert passes(events) == [(0, 1)] and game.judging[1] == [c]
    assert asked(game)
    assert game.view(2)["pending"]["context"]["card_name"] == "lightning"
    assert_replays(game)
    fair(game)


def test_shown_he_passes_it_on_to_the_next_seat() -> None:
    game, c, _ = missed()
    events = act(game, 1, type="skill", skill="weimu")
    assert kinds(events)[0] == "GeneralsShown" and game.shown[1] == [True, False]
    events += decline_skills(game)
    while game.ask in ("pair", "fish"):
        events += act(game, game.to_act()[0], type=f"{game.ask}_bonus", choice="draw")
    events += decline_skills(game)
    assert passes(events) == [(1, 2)] and "SkillUsed" in kinds(events)
    assert game.judging[1] == [] and game.judging[2] == [c]
    assert game.current == 0 and not any(isinstance(f, Passing) for f in game.stack)
    assert_replays(game)
    fair(game)


def test_declined_it_stays_on_him_and_he_stays_hidden() -> None:
    game, c, _ = missed()
    events = act(game, 1, type="decline")
    assert passes(events) == [] and game.judging[1] == [c]
    assert game.hidden(1) == ["head", "deputy"] and game.current == 0
    assert not any(isinstance(f, Passing) for f in game.stack)
    assert_replays(game)
    fair(game)
    # then: it is judged in his own judgment phase, as any Lightning
    end_turn(game)
    decline_skills(game)
    assert game.current == 1 and game.ask == "show"
    events = act(game, 1, type="decline")
    while game.ask == "nullify":
        events += act(game, game.to_act()[0], type="decline")
    assert [d["seat"] for k, d in events if k == "Judged"] == [1]
    assert_replays(game)
    fair(game)


def test_a_red_lightning_does_not_ask() -> None:
    game, c, events = missed(RED)
    assert passes(events) == [(0, 1)] and game.judging[1] == [c]
    assert not_asked(game) and game.hidden(1) == ["head", "deputy"]
    assert_replays(game)
    fair(game)


def test_a_red_lightning_lands_on_a_shown_jia_xu() -> None:
    game, c, events = missed(RED, show_jia_xu=True)
    assert passes(events) == [(0, 1)] and game.judging[1] == [c]
    assert_replays(game)
    fair(game)


# --- rules 7 games replay as played -----------------------------------------------------------
def test_rules_7_it_lands_on_a_hidden_jia_xu_unasked() -> None:
    game, c, events = missed(rules=7)
    assert passes(events) == [(0, 1)] and game.judging[1] == [c]
    assert not_asked(game) and game.hidden(1) == ["head", "deputy"]
    assert_replays(game)
    fair(game)


def test_rules_7_it_lands_on_a_shown_jia_xu() -> None:
    game, c, events = missed(show_jia_xu=True, rules=7)
    assert passes(events) == [(0, 1)] and game.judging[1] == [c]
    assert_replays(game)
    fair(game)


def test_past_a_shown_jia_xu_it_is_judged_next_at_the_seat_it_reached() -> None:
    game, c, _ = missed(show_jia_xu=True)
    events: Events = []
    end_turn(game)
    while not (game.current == 2 and game.ask == "show"):
        events += decline_skills(game)
        if game.ask == "show":
            events += act(game, game.current, type="decline")
        elif game.ask == "play":
            events += end_turn(game)
    events += act(game, 2, type="decline")
    while game.ask == "nullify":
        events += act(game, game.to_act()[0], type="decline")
    assert [(d["seat"], d["reason"]) for k, d in events if k == "Judged"] == [(2, "lightning")]
    assert_replays(game)
    fair(game)
