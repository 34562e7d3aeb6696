"""Kingdom Wars stories: HP from half fish, shows, kingdoms and careerists, perfect pairs,
rewards and penalties, victory with and without hidden survivors."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from domain.sanguosha.cards import KILLS, NAME
from domain.sanguosha.hegemony import HegemonyGame
from tests.sanguosha import hrig
from tests.sanguosha.hrig import htable, skip_turn, to_play
from tests.sanguosha.rig import act, kinds


@pytest.fixture(autouse=True)
def _skill_less() -> Iterator[None]:
    """These stories are about the mode's own rules: generals without skills."""
    yield from hrig.skill_less()


SHU, WU, QUN = ("liubei", "guanyu"), ("sunquan", "zhoutai"), ("lvbu", "diaochan")
WEI_3HP = [("simayi", "guojia"), ("xunyu", "zhenji")]  # 3 + 3 halves: 3 HP


def use(game: HegemonyGame, seat: int, name: str, targets: list[int] | None = None) -> list:
    """When: ``seat`` uses a card called ``name``; every seat asked for a Kill answers
    with one if it holds one (and every skill's question is declined)."""
    card = next(c for c in game.hands[seat] if NAME[c] == name)
    action: dict = {"type": "use", "card": card}
    if targets is not None:
        action["targets"] = targets
    events = act(game, seat, **action)
    while game.ask in ("kill", "skill") and game.outcome is None:
        (asked,) = game.to_act()
        if game.ask == "skill":
            events += act(game, asked, type="decline")
            continue
        kill = next((c for c in game.hands[asked] if c in KILLS), None)
        if kill is None:
            events += act(game, asked, type="decline")
        else:
            events += act(game, asked, type="respond", card=kill)
    return events


def after(events: list, name: str) -> list:
    i = [n for n, _ in events].index(name)
    return events[i:]


# --- HP from half fish ------------------------------------------------------------------
def test_hp_is_the_whole_fish_and_a_left_over_half_draws_one_when_both_are_shown() -> None:
    # given: Cao Cao (4 halves) + Sima Yi (3): 7 halves = 3 HP and a half left over
    game = htable([("caocao", "simayi"), SHU, WU, ("lvbu", "zhangjiao")])
    # then: HP limits 3, 4, 4, 4 (Lü Bu 5 + Zhang Jiao 3 = 8 halves: no half left)
    assert game.max_hp == [3, 4, 4, 4] and game.hp == game.max_hp
    # when: seat 0 shows its head only: no draw yet
    events = act(game, 0, type="show", which="head")
    assert kinds(events)[:2] == ["GeneralsShown", "KingdomDecided"]
    assert all(d.get("reason") != "half_fish" for _, d in events)
    skip_turn(game)
    # when: its next turn it shows the deputy: both are now shown: it draws 1
    to_play(game, 0)
    events = act(game, 0, type="show", which="deputy")
    assert kinds(events)[0] == "GeneralsShown" and "KingdomDecided" not in kinds(events)
    assert events[1][0] == "CardsDrawn" and events[1][1]["reason"] == "half_fish"
    assert len(events[1][1]["cards"]) == 1


def test_no_left_over_half_no_draw() -> None:
    # given: Lü Bu (5) + Zhang Jiao (3) = 8 halves: 4 HP, nothing left over
    game = htable([SHU, WU, ("lvbu", "zhangjiao"), ("caocao", "simayi")], first=2)
    # when: seat 2 shows both
    events = act(game, 2, type="show", which="both")
    # then: shown, kingdom Qun, then straight to the draw phase
    assert kinds(events)[:3] == ["GeneralsShown", "KingdomDecided", "CardsDrawn"]
    assert events[2][1]["reason"] == "draw_phase"
    assert events[0][1] == {"seat": 2, "which": ["head", "deputy"],
                            "generals": ["lvbu", "zhangjiao"], "reason": "turn_start",
                            "then": None}


# --- kingdoms and careerists ---------------------------------------------------------------
def test_careerist_at_six_players_is_the_fourth_of_a_kingdom() -> None:
    wei = [("caocao", "xuchu"), ("simayi", "guojia"), ("xiahoudun", "xiahouyuan"),
           ("zhangliao", "zhanghe")]
    game = htable([*wei, SHU, WU])
    # when: the four Wei players show in turn
    for seat in range(4):
        to_play(game, seat)
        act(game, seat, type="show", which="both")
        while game.ask == "pair":
            act(game, seat, type="pair_bonus", choice="draw")
    # then: three are Wei (3 of 6 is not more than half); the fourth is a careerist
    assert game.side[:4] == ["wei", "wei", "wei", "careerist:3"]
    decided = [e for e in game.pending_events if type(e).__name__ == "KingdomDecided"]
    assert [(e.careerist, e.shown_before) for e in decided] == [
        (False, 0), (False, 1), (False, 2), (True, 3)]


def test_careerist_at_eight_players_is_the_fifth_of_a_kingdom() -> None:
    wei = [("caocao", "simayi"), ("xuchu", "guojia"), ("xiahoudun", "xunyu"),
           ("zhangliao", "zhanghe"), ("xuhuang", "caoren")]
    game = htable([*wei, SHU, WU, QUN])
    for seat in range(5):
        to_play(game, seat)
        act(game, seat, type="show", which="head")
    assert game.side[:5] == ["wei"] * 4 + ["careerist:4"]
    assert game.view("spectator")["seats"][4]["role"] == "careerist"


def test_two_careerists_are_different_sides() -> None:
    # given: four Wei at four seats; seat 3 and seat 0 (3 HP each) show first
    game = htable([WEI_3HP[1], ("zhangliao", "zhanghe"), ("caoren", "xuhuang"), WEI_3HP[0]],
                  hands={1: ["kill", "kill", "kill"], 2: ["barbarian_invasion"] * 3}, first=3)
    for seat in (3, 0, 1, 2):
        to_play(game, seat)
        act(game, seat, type="show", which="both")
        if seat != 2:
            skip_turn(game)
    # then: the third and fourth to show are careerists, each its own side
    assert game.side == ["wei", "careerist:1", "careerist:2", "wei"]
    # when: careerist 2 kills both Wei with Barbarian Invasions; careerist 1 answers them
    events = []
    for _ in range(3):
        events += use(game, 2, "barbarian_invasion")
    # then: the careerists are the only living players, yet the game goes on
    assert game.alive == [False, True, True, False]
    assert game.outcome is None
    rewards = [d for n, d in events if n == "RewardDrawn"]
    # seat 3 dies while Wei seat 0 still lives: 1 + 1; then seat 0: 1 + 0
    assert [(d["victim"], len(d["cards"])) for d in rewards] == [(3, 2), (0, 1)]


# --- perfect pairs ----------------------------------------------------------------------------
@pytest.mark.parametrize("choice", ["draw", "heal"])
def test_perfect_pair_draws_two_or_heals_one(choice: str) -> None:
    # given: seat 0 keeps Cao Cao and Xu Chu (partners); seat 1 duels it first
    game = htable([("caocao", "xuchu"), SHU, WU, QUN], hands={1: ["duel"]}, first=1)
    act(game, 1, type="decline")  # seat 1 shows nothing
    use(game, 1, "duel", [0])
    assert game.hp[0] == 3
    skip_turn(game)
    # when: seat 0 shows both: the pair bonus is asked
    to_play(game, 0)
    act(game, 0, type="show", which="both")
    assert game.ask == "pair" and game.to_act() == [0]
    assert game.legal_actions(0) == [{"type": "pair_bonus", "choice": "draw"},
                                     {"type": "pair_bonus", "choice": "heal"}]
    events = act(game, 0, type="pair_bonus", choice=choice)
    # then: the choice is recorded, then its effect
    assert events[0] == ("PairBonusChosen", {"seat": 0, "choice": choice})
    if choice == "draw":
        assert events[1][0] == "CardsDrawn" and events[1][1]["reason"] == "perfect_pair"
        assert len(events[1][1]["cards"]) == 2 and game.hp[0] == 3
    else:
        assert events[1] == ("Healed", {"seat": 0, "amount": 1, "reason": "perfect_pair"})
        assert game.hp[0] == 4


def test_perfect_pair_at_full_hp_just_draws_two() -> None:
    game = htable([("caocao", "xuchu"), SHU, WU, QUN])
    events = act(game, 0, type="show", which="both")
    assert kinds(events)[:3] == ["GeneralsShown", "KingdomDecided", "CardsDrawn"]
    assert events[2][1]["reason"] == "perfect_pair" and len(events[2][1]["cards"]) == 2


# --- rewards and penalties ----------------------------------------------------------------
def kill_with_duels(game: HegemonyGame, killer: int, victim: int, n: int = 3) -> list:
    events = []
    for _ in range(n):
        events += use(game, killer, "duel", [victim])
    return events


def test_another_kingdom_draws_its_shown_living_count_plus_the_victim() -> None:
    # given: three shown Wei (seat 1 at 3 HP); Shu seat 0 holds three Duels
    wei = [WEI_3HP[0], ("caocao", "dianwei"), ("zhangliao", "zhanghe")]
    game = htable([SHU, *wei, WU, QUN], hands={0: ["duel"] * 3}, first=1)
    to_play(game, 0, show={1: "both", 2: "both", 3: "both", 4: "head", 5: "head"})
    act(game, 0, type="show", which="head")
    # when: Shu kills the Wei at seat 1 while two shown Wei live
    events = kill_with_duels(game, 0, 1)
    # then: 3 cards (the seed's example)
    tail = after(events, "Died")
    assert kinds(tail)[:2] == ["Died", "RewardDrawn"]
    assert tail[1][1]["seat"] == 0 and len(tail[1][1]["cards"]) == 3


def test_same_kingdom_discards_hand_and_equipment() -> None:
    # given: Wei seat 0 with a horse and three Duels; Wei seat 1 at 3 HP
    game = htable([("caocao", "dianwei"), WEI_3HP[0], WU, QUN],
                  hands={0: ["duel", "duel", "duel", "plus_horse"]}, first=1)
    to_play(game, 0, show={1: "head"})
    act(game, 0, type="show", which="head")
    act(game, 0, type="use", card=next(c for c in game.hands[0] if NAME[c] == "plus_horse"))
    # when: it kills its fellow Wei
    events = kill_with_duels(game, 0, 1)
    # then: it discards every hand and equipment card
    # (the dead show every hidden general: the victim's deputy first)
    tail = after(events, "Died")
    assert kinds(tail)[:3] == ["Died", "GeneralsShown", "PenaltyPaid"]
    assert tail[2][1]["seat"] == 0 and tail[2][1]["victim"] == 1
    assert len(tail[2][1]["cards"]) == 3  # two drawn cards and the horse
    assert game.hands[0] == [] and game.equip[0] == [None] * 4


def test_a_careerist_victim_counts_one() -> None:
    wei = [("caocao", "dianwei"), ("zhangliao", "zhanghe"), WEI_3HP[0]]
    game = htable([SHU, *wei], hands={0: ["duel"] * 3}, first=1)
    to_play(game, 0, show={1: "head", 2: "head", 3: "head"})
    assert game.side[3] == "careerist:3"
    act(game, 0, type="show", which="head")
    tail = after(kill_with_duels(game, 0, 3), "Died")
    assert kinds(tail)[:3] == ["Died", "GeneralsShown", "RewardDrawn"]
    assert len(tail[2][1]["cards"]) == 1


def test_a_killer_with_no_shown_general_gets_nothing() -> None:
    game = htable([SHU, WEI_3HP[0], WU, QUN], hands={0: ["duel"] * 3}, first=1)
    to_play(game, 0, show={1: "head"})
    act(game, 0, type="decline")
    tail = after(kill_with_duels(game, 0, 1), "Died")
    assert "RewardDrawn" not in kinds(tail) and "PenaltyPaid" not in kinds(tail)


def test_a_hidden_victim_shows_both_generals_first() -> None:
    game = htable([SHU, WEI_3HP[0], ("caocao", "dianwei"), QUN], hands={0: ["duel"] * 3},
                  first=1)
    to_play(game, 0, show={2: "head"})  # seat 1 stays hidden, Wei seat 2 shows
    act(game, 0, type="show", which="head")
    tail = after(kill_with_duels(game, 0, 1), "Died")
    # then: death, its generals shown, its kingdom decided, then the reward (1 + 1)
    assert kinds(tail)[:4] == ["Died", "GeneralsShown", "KingdomDecided", "RewardDrawn"]
    assert tail[1][1] == {"seat": 1, "which": ["head", "deputy"],
                          "generals": ["simayi", "guojia"], "reason": "death",
                          "then": None}
    assert tail[2][1]["side"] == "wei" and len(tail[3][1]["cards"]) == 2
    assert game.view(3)["seats"][1]["generals"] == ["simayi", "guojia"]


# --- victory --------------------------------------------------------------------------------
def test_victory_with_a_hidden_survivor_of_the_same_kingdom() -> None:
    # given: Shu seat 0 (shown) and Shu seat 1 (hidden, holds Kills); Wei and Wu at 3 HP
    game = htable([SHU, ("zhangfei", "zhaoyun"), WEI_3HP[0], ("lusu", "luxun")],
                  hands={0: ["barbarian_invasion"] * 3, 1: ["kill"] * 3}, first=2)
    to_play(game, 0, show={2: "head", 3: "head"})
    act(game, 0, type="show", which="both")
    # when: Barbarian Invasions kill Wei and Wu
    events = []
    for _ in range(3):
        events += use(game, 0, "barbarian_invasion")
    # then: Shu wins, the hidden Shu included; its generals are shown before the end
    outcome = game.outcome
    assert outcome is not None and outcome["side"] == "shu" and outcome["winners"] == [0, 1]
    assert [r["role"] for r in outcome["seats"]] == ["shu", "shu", "wei", "wu"]
    assert kinds(events)[-3:] == ["GeneralsShown", "KingdomDecided", "GameEnded"]
    assert events[-3][1]["reason"] == "game_end" and game.shown[1] == [True, True]


def test_victory_blocked_by_a_hidden_survivor_of_another_kingdom() -> None:
    game = htable([SHU, ("huatuo", "jiaxu"), WEI_3HP[0], ("lusu", "luxun")],
                  hands={0: ["barbarian_invasion"] * 3, 1: ["kill"] * 3}, first=2)
    to_play(game, 0, show={2: "head", 3: "head"})
    act(game, 0, type="show", which="both")
    for _ in range(3):
        use(game, 0, "barbarian_invasion")
    assert game.alive == [True, True, False, False] and game.outcome is None
    # when: the hidden Qun shows at its turn: still two sides
    skip_turn(game)
    act(game, 1, type="show", which="head")
    assert game.outcome is None and game.side[1] == "qun"


def test_a_hidden_survivor_who_would_be_a_careerist_blocks_victory() -> None:
    # given: 4 players; Wei seats 0 and 2 shown; hidden Wei seat 1 would be the third
    game = htable([("caocao", "dianwei"), ("zhangliao", "zhanghe"), WEI_3HP[0],
                   ("lusu", "luxun")], hands={0: ["duel"] * 3}, first=2)
    to_play(game, 0, show={2: "head", 3: "head"})
    act(game, 0, type="show", which="head")
    kill_with_duels(game, 0, 3)
    # then: two living Wei and a hidden Wei who would be a careerist: no victory
    assert game.alive == [True, True, True, False] and game.outcome is None


# --- gender: only shown generals have one ---------------------------------------------------
@pytest.mark.parametrize("target_shows, asked", [(None, "dodge"), ("head", "double_swords")])
def test_double_swords_needs_the_target_s_shown_gender(target_shows: str | None,
                                                        asked: str) -> None:
    # given: a shown male with the Double Swords; seat 1 keeps Zhen Ji (female) as head
    game = htable([("caocao", "dianwei"), ("zhenji", "caopi"), WU, QUN],
                  hands={0: ["double_swords", "kill"]}, first=1)
    skip_turn(game, target_shows)
    to_play(game, 0)
    act(game, 0, type="show", which="head")
    act(game, 0, type="use", card=next(c for c in game.hands[0]
                                       if NAME[c] == "double_swords"))
    # when: it kills seat 1
    act(game, 0, type="use", card=next(c for c in game.hands[0] if c in KILLS), targets=[1])
    # then: a hidden target has no gender (straight to the Dodge); a shown woman is asked
    assert game.ask == asked and game.gender(1) == ("female" if target_shows else None)
