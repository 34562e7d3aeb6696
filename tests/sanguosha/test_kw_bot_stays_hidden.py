"""The ``kingdom`` bot keeps its generals hidden by every path while showing would make it
a careerist (bots.kingdom_policy): no card use that only a hidden general's modifier
allows (Duanbing's extra target, Paoxiao's second Kill), no hidden general's skill;
unless its life is at stake. Where showing is wanted it uses them, showing the general.

The view tells each seat which of its legal actions show a hidden general first
(``shows_first``): the engine's own reckoning, the same that shows it when chosen.

Six seats. Seat 0 is hidden in its play phase, having declined its start-of-turn show;
the other seats have shown both generals (a bot knows its enemies). "Careerist" tables
have three shown seats of seat 0's kingdom already: a fourth of six would be a careerist.
"""

from __future__ import annotations

import random
from collections import Counter

from domain.sanguosha.bots import HEGEMONY_POLICIES, _in_danger, kingdom_policy, would_be
from domain.sanguosha.hegemony import HegemonyGame
from domain.sanguosha.seen import Seen
from tests.sanguosha.hrig import hidden_at_play, htable
from tests.sanguosha.rig import Spec, act, card, kinds
from tests.sanguosha.skill_steps import assert_replays, named

KILL = card(("kill", "S", 7))
KILL2 = card(("kill", "C", 8))
WEI, QUN, SHU = ("caocao", "xuchu"), ("lvbu", "diaochan"), ("zhugeliang", "huangzhong")
WU = [("ganning", "lvmeng"), ("zhouyu", "daqiao"), ("huanggai", "luxun")]


def hidden_seat_0(picks: list[tuple[str, str]], hand: list[Spec]) -> HegemonyGame:
    """Given: seat 0 in its play phase with ``hand`` (four cards, padded with
    Nullifications) and two Dodges drawn, both generals hidden; every other seat showed
    both of its generals before."""
    padded = [*hand, *["nullification"] * (4 - len(hand))]
    return hidden_at_play(htable(picks, hands={0: padded}, pile=["dodge", "dodge"]), True)


def careerist_ding_feng() -> HegemonyGame:
    """Ding Feng and Sun Quan (Wu) with a Kill; seats 2-4 are shown Wu, seats 1 and 5
    (at distance 1) shown Wei and Qun."""
    return hidden_seat_0([("dingfeng", "sunquan"), WEI, *WU, QUN], [KILL])


def shows_first(game: HegemonyGame, seat: int) -> list[dict]:
    view = game.view(seat)
    return [view["legal_actions"][s["action"]] | {"which": s["which"]}
            for s in view.get("shows_first", ())]


# --- the view names the actions that show ----------------------------------------------
def test_the_view_names_the_kill_with_duanbings_extra_target_and_the_hidden_skills() -> None:
    game = careerist_ding_feng()
    named_uses = [a for a in shows_first(game, 0) if a["type"] == "use"]
    assert named_uses == [{"type": "use", "card": KILL, "targets": [1, 5], "which": ["head"]}]
    skills = {(a["skill"], tuple(a["which"])) for a in shows_first(game, 0)
              if a["type"] == "skill"}
    assert skills == {("fenxun", ("head",)), ("zhiheng_kw", ("deputy",))}
    # the others see none of it
    assert "shows_first" not in game.view(1) and "shows_first" not in game.view("spectator")


def test_what_the_view_names_is_what_showing_records() -> None:
    game = careerist_ding_feng()
    legal = game.view(0)["legal_actions"]
    showing = {s["action"] for s in game.view(0)["shows_first"]}
    quiet = next(a for k, a in enumerate(legal) if k not in showing and a["type"] == "use")
    events = act(game, 0, **quiet)
    assert "GeneralsShown" not in kinds(events)


# --- stay hidden: careerist tables -----------------------------------------------------
def test_a_careerist_to_be_declines_duanbings_extra_target() -> None:
    game = careerist_ding_feng()
    assert would_be(Seen.of(game, 0)).startswith("careerist")
    for seed in range(10):
        chosen = kingdom_policy(game, 0, random.Random(seed))
        # a Kill on one of its two enemies, not both (that would show Ding Feng)
        assert chosen["type"] == "use" and chosen["card"] == KILL
        assert chosen["targets"] in ([1], [5])
    events = act(game, 0, **kingdom_policy(game, 0, random.Random(0)))
    assert kinds(events)[0] == "CardUsed" and game.hidden(0) == ["head", "deputy"]
    assert_replays(game)


def careerist_zhang_fei() -> HegemonyGame:
    """Zhang Fei and Zhao Yun (Shu, no perfect pair) with two Kills, the first used on
    seat 1; seats 2-4 are shown Shu."""
    shu = [("liubei", "guanyu"), ("machao", "huangyueying"), SHU]
    game = hidden_seat_0([("zhangfei", "zhaoyun"), WEI, *shu, QUN], [KILL, KILL2])
    act(game, 0, type="use", card=KILL, targets=[1])
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    assert game.kills == 1 and game.hidden(0) == ["head", "deputy"]
    return game


def test_a_careerist_to_be_declines_paoxiaos_second_kill() -> None:
    game = careerist_zhang_fei()
    # the second Kill needs Zhang Fei (a Longdan one, from a Dodge, Zhao Yun too)
    second = {(a["card"], a.get("skill"), tuple(sorted(a["which"])))
              for a in shows_first(game, 0) if a["type"] == "use"}
    assert (KILL2, None, ("head",)) in second
    assert all(which == ("head",) if sid is None else which == ("deputy", "head")
               for _, sid, which in second)
    for seed in range(10):
        assert kingdom_policy(game, 0, random.Random(seed)) == {"type": "end_play"}


def kill_on_hidden_zhao_yun(hp: int | None = None) -> HegemonyGame:
    """Given: seat 1 (shown Wei) plays first and Kills seat 0, Zhang Fei and Zhao Yun
    (hidden; seats 2-4 shown Shu), who holds a Kill and no Dodge: only a Longdan Dodge
    (showing Zhao Yun) answers. ``hp``: seat 0's HP (set by hand: damage taken before)."""
    shu = [("liubei", "guanyu"), ("machao", "huangyueying"), SHU]
    game = htable([("zhangfei", "zhaoyun"), WEI, *shu, QUN], first=1,
                  hands={0: [KILL2, *["nullification"] * 3], 1: [KILL]})
    while game.ask == "skill":
        act(game, game.to_act()[0], type="decline")
    for s in range(1, game.n):
        game._show(s, game.hidden(s), "given")
        game._drive(random.Random(0))
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    if hp is not None:
        game.hp[0] = hp
    act(game, 1, type="use", card=KILL, targets=[0])
    while game.ask == "skill" and game.to_act() != [0]:
        act(game, game.to_act()[0], type="decline")
    assert game.ask == "dodge" and game.to_act() == [0]
    return game


def test_a_careerist_to_be_takes_the_hit_rather_than_show_zhao_yun_for_a_dodge() -> None:
    game = kill_on_hidden_zhao_yun()
    assert _stays_hidden(game, 0)
    assert any(a.get("skill") == "longdan" for a in shows_first(game, 0))
    assert kingdom_policy(game, 0, random.Random(0)) == {"type": "decline"}


def test_at_one_hp_it_shows_zhao_yun_for_a_longdan_dodge() -> None:
    game = kill_on_hidden_zhao_yun(hp=1)
    assert _stays_hidden(game, 0) and _in_danger(Seen.of(game, 0))
    chosen = kingdom_policy(game, 0, random.Random(0))
    assert chosen.get("skill") == "longdan"
    events = act(game, 0, **chosen)
    assert kinds(events)[0] == "GeneralsShown" and game.hp[0] == 1
    assert game.side[0] == "careerist:0"  # alive, a careerist


# --- showing wanted --------------------------------------------------------------------
def test_a_perfect_pair_uses_paoxiaos_second_kill_showing_zhang_fei() -> None:
    # given: Zhang Fei and Liu Bei (a perfect pair; no Shu shown), two Kills, one used
    game = hidden_seat_0([("zhangfei", "liubei"), WEI, *WU, QUN], [KILL, KILL2])
    act(game, 0, type="use", card=KILL, targets=[1])
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    chosen = kingdom_policy(game, 0, random.Random(0))
    assert chosen == {"type": "use", "card": KILL2, "targets": [chosen["targets"][0]]}
    events = act(game, 0, **chosen)
    shown = named(events, "GeneralsShown")[0]
    assert shown["generals"] == ["zhangfei"] and shown["reason"] == "skill"
    assert "CardUsed" in kinds(events)
    assert_replays(game)


def test_a_joinable_kingdom_takes_duanbings_extra_target() -> None:
    # given: Ding Feng and Sun Quan, no Wu shown (seats 2-4 Shu)
    shu = [("liubei", "guanyu"), ("machao", "huangyueying"), SHU]
    game = hidden_seat_0([("dingfeng", "sunquan"), WEI, *shu, QUN], [KILL])
    chosen = kingdom_policy(game, 0, random.Random(0))
    assert chosen == {"type": "use", "card": KILL, "targets": [1, 5]}


# --- property: over random bot games, no side-effect show while staying hidden ---------
def _stays_hidden(game: HegemonyGame, seat: int) -> bool:
    """The bot's rule: showing now would make it a careerist (more than three alive)."""
    seen = Seen.of(game, seat)
    return (seen.view.get("stage") != "choose" and seen.sides[seat] is None
            and would_be(seen).startswith("careerist") and sum(seen.alive) > 3)


def test_kingdom_bots_never_show_by_a_side_effect_while_staying_hidden() -> None:
    causes: Counter[str] = Counter()
    hidden_decisions = 0
    for seed in range(40):
        rng = random.Random(seed)
        game = HegemonyGame.new([f"p{i}" for i in range(6)], {"turn_cap": 150}, rng=rng)
        while game.outcome is None:
            seat = game.to_act()[0]
            hidden = _stays_hidden(game, seat)
            danger = hidden and _in_danger(Seen.of(game, seat))
            hidden_decisions += hidden
            before = len(game.pending_events)
            game.act(seat, HEGEMONY_POLICIES["kingdom"](game, seat, rng), rng)
            for e in game.pending_events[before:]:
                shown = vars(e)
                if type(e).__name__ != "GeneralsShown" or shown["seat"] != seat:
                    continue
                reason = shown["reason"]
                cause = ("hidden: " if hidden else "") + reason + (
                    " (life at stake)" if danger else "")
                causes[cause] += 1
                side_effect = reason in ("skill", "play")
                assert not (hidden and side_effect and not danger), (seed, reason, shown["then"])
    # the property has teeth: seats did stay hidden, and others showed by a skill
    assert hidden_decisions > 100 and causes["skill"] > 20, causes
