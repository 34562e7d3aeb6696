"""Kingdom Wars setup: the roster's shape, dealing candidates, choosing generals, options,
views of hidden generals, and the bots."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from domain.game import REFEREE, SPECTATOR, InvalidSetup
from domain.sanguosha.actions import NotAChoice, WrongAction
from domain.sanguosha.bots import HEGEMONY_POLICIES
from domain.sanguosha.generals import (
    KINGDOMS,
    ROSTER,
    General,
    RosterError,
    max_hp,
    share_a_kingdom,
    validate,
)
from domain.sanguosha.hegemony import HegemonyGame, becomes_careerist
from domain.simulate import play_out
from tests.sanguosha import hrig
from tests.sanguosha.hrig import htable
from tests.sanguosha.rig import act, refuse


@pytest.fixture(autouse=True)
def _skill_less() -> Iterator[None]:
    """These stories are about the mode's own rules: generals without skills."""
    yield from hrig.skill_less()


# --- the roster ----------------------------------------------------------------------------
def test_the_roster_has_at_least_ten_generals_per_kingdom_and_sound_pairs() -> None:
    counts = Counter(g.kingdom for g in ROSTER.values())
    assert set(counts) == set(KINGDOMS) and min(counts.values()) >= 10
    for g in ROSTER.values():
        assert g.zh and g.en and g.gender in ("male", "female") and 3 <= g.hp_halves <= 5
        for p in g.partners:
            assert ROSTER[p].kingdom == g.kingdom and g.id in ROSTER[p].partners


@pytest.mark.parametrize("gid, zh, kingdom, gender, halves", [
    ("caocao", "曹操", "wei", "male", 4), ("liubei", "刘备", "shu", "male", 4),
    ("sunquan", "孙权", "wu", "male", 4), ("zhangjiao", "张角", "qun", "male", 3),
    ("xiaoqiao", "小乔", "wu", "female", 3), ("zhoutai", "周泰", "wu", "male", 4),
    ("guanyu", "关羽", "shu", "male", 5), ("lvbu", "吕布", "qun", "male", 5),
])
def test_well_known_generals(gid: str, zh: str, kingdom: str, gender: str, halves: int) -> None:
    g = ROSTER[gid]
    assert (g.zh, g.kingdom, g.gender, g.hp_halves) == (zh, kingdom, gender, halves)


def test_well_known_perfect_pairs() -> None:
    assert set(ROSTER["liubei"].partners) == {"guanyu", "zhangfei", "ganfuren"}
    assert "xuchu" in ROSTER["caocao"].partners and "diaochan" in ROSTER["lvbu"].partners
    assert set(ROSTER["xiaoqiao"].partners) == {"zhouyu", "daqiao"}


def test_a_broken_roster_is_refused() -> None:
    bad = dict(ROSTER)
    bad["caocao"] = General("caocao", "曹操", "Cao Cao", "wei", "male", 4, ("liubei",))
    with pytest.raises(RosterError, match="another kingdom"):
        validate(bad)


def test_hp_and_half_fish() -> None:
    assert max_hp("caocao", "simayi") == (3, True)
    assert max_hp("caocao", "xuchu") == (4, False)
    assert max_hp("simayi", "guojia") == (3, False)


def test_the_careerist_threshold_is_more_than_half() -> None:
    # the 4th of a kingdom at 6-7 players, the 5th at 8-9 (the seed's examples)
    for players, nth in ((4, 3), (5, 3), (6, 4), (7, 4), (8, 5), (9, 5), (10, 6)):
        assert not becomes_careerist(nth - 2, players) and becomes_careerist(nth - 1, players)


# --- dealing and choosing -------------------------------------------------------------------
def test_candidates_dealt_and_redealt_are_recorded() -> None:
    redeals = 0
    for seed in range(40):
        game = HegemonyGame.new([f"p{i}" for i in range(10)], rng=random.Random(seed))
        names = [type(e).__name__ for e in game.pending_events]
        assert names[:3] == ["Started", "CandidatesDealt", *names[2:3]]
        assert all(share_a_kingdom(c) for c in game.candidates)
        flat = [g for c in game.candidates for g in c]
        assert len(flat) == len(set(flat)) == 40
        for e in game.pending_events:
            if type(e).__name__ == "CandidatesRedealt":
                redeals += 1
                assert not share_a_kingdom(e.returned)
        assert game.to_act() == list(range(10)) and game.hands == [[]] * 10
    assert redeals > 0


def test_choosing_lists_pairs_of_one_kingdom_and_deals_hands_after_the_last() -> None:
    game = HegemonyGame.new([f"p{i}" for i in range(4)], rng=random.Random(2),
                            candidates=[["caocao", "xuchu", "liubei", "sunquan"],
                                        ["simayi", "guojia", "zhenji", "lvbu"],
                                        ["guanyu", "zhangfei", "diaochan", "huatuo"],
                                        ["zhouyu", "daqiao", "jiaxu", "machao"]], first=2)
    assert game.legal_actions(0) == [
        {"type": "choose_generals", "head": "caocao", "deputy": "xuchu"},
        {"type": "choose_generals", "head": "xuchu", "deputy": "caocao"}]
    assert len(game.legal_actions(1)) == 6
    refuse(game, 0, NotAChoice, type="choose_generals", head="caocao", deputy="liubei")
    refuse(game, 0, WrongAction, type="decline")
    act(game, 2, type="choose_generals", head="diaochan", deputy="huatuo")
    assert game.to_act() == [0, 1, 3] and game.legal_actions(2) == []
    act(game, 0, type="choose_generals", head="caocao", deputy="xuchu")
    act(game, 1, type="choose_generals", head="zhenji", deputy="guojia")
    events = act(game, 3, type="choose_generals", head="zhouyu", deputy="daqiao")
    # then: hands are dealt and the first seat (2, drawn at random) starts: show step
    assert [n for n, _ in events][:3] == ["GeneralsChosen", "HandsDealt", "TurnStarted"]
    assert game.current == 2 and game.ask == "show" and game.to_act() == [2]
    assert game.max_hp == [4, 3, 3, 3]
    assert game.legal_actions(2) == [{"type": "show", "which": "head"},
                                     {"type": "show", "which": "deputy"},
                                     {"type": "show", "which": "both"},
                                     {"type": "decline"}]


@pytest.mark.parametrize("players, options, message", [
    (3, {}, "4 to 10"), (11, {}, "4 to 10"), (6, {"candidates": 6}, "candidates"),
    (9, {"candidates": 7}, "roster"), (4, {"colour": 1}, "unknown"),
    (4, {"turn_cap": 0}, "turn_cap"), (4, [], "object"),
])
def test_bad_setups_are_refused(players: int, options: object, message: str) -> None:
    with pytest.raises(InvalidSetup, match=message):
        HegemonyGame.new([f"p{i}" for i in range(players)], options)  # type: ignore[arg-type]


# --- views ---------------------------------------------------------------------------------
def test_hidden_generals_are_the_owner_s_until_shown() -> None:
    game = htable([("caocao", "xuchu"), ("liubei", "guanyu"), ("sunquan", "zhoutai"),
                   ("lvbu", "diaochan")])
    mine = game.view(0)["seats"][0]
    assert mine["generals"] == ["caocao", "xuchu"] and mine["kingdom"] == "wei"
    assert mine["gender"] is None and mine["side"] is None
    for viewer in (1, SPECTATOR):
        row = game.view(viewer)["seats"][0]
        assert row["generals"] == [None, None] and row["kingdom"] is None
        assert "candidates" not in row
    chosen = [e for e in game.pending_events if type(e).__name__ == "GeneralsChosen"][0]
    assert game.event_view(chosen, 1)["data"] == {"seat": 0, "head": None, "deputy": None,
                                                  "max_hp": 4}
    assert game.event_view(chosen, REFEREE)["data"]["head"] == "caocao"
    # when: seat 0 shows its deputy: gender and kingdom become public
    act(game, 0, type="show", which="deputy")
    row = game.view(SPECTATOR)["seats"][0]
    assert row["generals"] == [None, "xuchu"] and row["gender"] == "male"
    assert row["side"] == "wei" and row["role"] == "wei"


# --- bots ----------------------------------------------------------------------------------
def test_mixed_bot_tables_play_to_the_end_through_the_shared_loop() -> None:
    rng = random.Random(4)
    for n in range(4, 11):
        agents = ["kingdom" if s % 2 else "random" for s in range(n)]
        game = HegemonyGame.new([f"p{i}" for i in range(n)], agents=agents, rng=rng)
        play_out(game, [HEGEMONY_POLICIES[a] for a in agents], rng)
        assert game.outcome is not None and game.outcome["reason"] != "turn_cap"
