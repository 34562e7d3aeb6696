"""Kingdom Wars where the seed gives a choice: the bonuses for showing both generals may
be declined (option ``bonus="ask"``, the default for new games), and the seed's victory
rule (option ``victory="seed"``): no fixed kingdom, no win."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from domain import registry
from domain.sanguosha.hegemony import HegemonyGame
from domain.simulate import play_out
from tests.sanguosha import hrig
from tests.sanguosha.hrig import htable, skip_turn, to_play
from tests.sanguosha.rig import act, kinds
from tests.sanguosha.test_hegemony_stories import QUN, SHU, WEI_3HP, WU, use


@pytest.fixture(autouse=True)
def _skill_less() -> Iterator[None]:
    """These stories are about the mode's own rules: generals without skills."""
    yield from hrig.skill_less()


ASK = {"bonus": "ask"}


def test_new_games_ask_and_follow_the_house_victory_rule_by_default() -> None:
    spec = registry.spec("hegemony")
    assert spec.check_options({}).items() >= {"bonus": "ask", "victory": "house"}.items()
    game = spec.create([f"p{i}" for i in range(4)], {}, rng=random.Random(1))
    assert game.options["bonus"] == "ask" and game.options["victory"] == "house"


def test_a_perfect_pair_at_full_hp_may_draw_or_decline() -> None:
    # given: seat 0 keeps partners Cao Cao and Xu Chu, unhurt
    game = htable([("caocao", "xuchu"), SHU, WU, QUN], options=ASK)
    # when: it shows both: the bonus is offered, without healing (nothing to heal)
    act(game, 0, type="show", which="both")
    assert game.ask == "pair" and game.to_act() == [0]
    assert game.legal_actions(0) == [{"type": "pair_bonus", "choice": "draw"},
                                     {"type": "pair_bonus", "choice": "decline"}]
    hand = len(game.hands[0])
    events = act(game, 0, type="pair_bonus", choice="decline")
    # then: the refusal is recorded and the turn goes on to its draw phase, no bonus
    assert events[0] == ("PairBonusChosen", {"seat": 0, "choice": "decline"})
    assert all(d.get("reason") != "perfect_pair" for _, d in events)
    assert events[-1][0] == "CardsDrawn" and events[-1][1]["reason"] == "draw_phase"
    assert len(game.hands[0]) == hand + 2


def test_a_wounded_perfect_pair_may_also_heal() -> None:
    game = htable([("caocao", "xuchu"), SHU, WU, QUN], hands={1: ["duel"]}, first=1,
                  options=ASK)
    act(game, 1, type="decline")
    use(game, 1, "duel", [0])
    skip_turn(game)
    to_play(game, 0)
    act(game, 0, type="show", which="both")
    assert [a["choice"] for a in game.legal_actions(0)] == ["draw", "heal", "decline"]


@pytest.mark.parametrize("choice", ["draw", "decline"])
def test_the_half_fish_card_may_be_taken_or_declined(choice: str) -> None:
    # given: Cao Cao (4 halves) + Sima Yi (3): 3 HP and a half left over
    game = htable([("caocao", "simayi"), SHU, WU, QUN], options=ASK)
    # when: both are shown at once: the half fish is offered
    act(game, 0, type="show", which="both")
    assert game.ask == "fish"
    assert game.legal_actions(0) == [{"type": "fish_bonus", "choice": "draw"},
                                     {"type": "fish_bonus", "choice": "decline"}]
    events = act(game, 0, type="fish_bonus", choice=choice)
    # then: the choice, then one card or nothing
    assert events[0] == ("HalfFishChosen", {"seat": 0, "choice": choice})
    fish = [d for n, d in events if n == "CardsDrawn" and d["reason"] == "half_fish"]
    assert len(fish) == (1 if choice == "draw" else 0)
    assert not fish or len(fish[0]["cards"]) == 1


def test_a_bonus_cannot_be_something_else() -> None:
    game = htable([("caocao", "simayi"), SHU, WU, QUN], options=ASK)
    act(game, 0, type="show", which="both")
    before = game.version
    with pytest.raises(Exception, match="not one of the choices|not possible"):
        game.act(0, {"type": "fish_bonus", "choice": "heal"}, random.Random(0))
    assert game.version == before


def test_automatic_bonuses_as_stored_games_were_played() -> None:
    # a game stored before the option (no "bonus" key) replays as it was played
    game = htable([("caocao", "simayi"), SHU, WU, QUN])
    events = act(game, 0, type="show", which="both")
    assert kinds(events)[:3] == ["GeneralsShown", "KingdomDecided", "CardsDrawn"]
    assert events[2][1]["reason"] == "half_fish"


# --- the seed's victory rule -----------------------------------------------------------------
def shu_left_with_a_hidden_ally(victory: str) -> HegemonyGame:
    """Given: Shu seat 0 (shown) kills Wei and Wu; Shu seat 1 is still hidden."""
    game = htable([SHU, ("zhangfei", "zhaoyun"), WEI_3HP[0], ("lusu", "luxun")],
                  hands={0: ["barbarian_invasion"] * 3, 1: ["kill"] * 3}, first=2,
                  options={"victory": victory})
    to_play(game, 0, show={2: "head", 3: "head"})
    act(game, 0, type="show", which="both")
    for _ in range(3):
        use(game, 0, "barbarian_invasion")
    return game


def test_the_house_rule_counts_a_hidden_survivor_by_the_kingdom_it_would_join() -> None:
    game = shu_left_with_a_hidden_ally("house")
    assert game.outcome is not None and game.outcome["winners"] == [0, 1]


def test_the_seed_rule_waits_until_every_survivor_has_shown() -> None:
    game = shu_left_with_a_hidden_ally("seed")
    # then: one kingdom is left, but seat 1's is not fixed: no win yet
    assert game.alive == [True, True, False, False] and game.outcome is None
    # when: seat 1 shows at the start of its turn
    skip_turn(game)
    to_play(game, 1)
    events = act(game, 1, type="show", which="head")
    # then: now Shu wins, both seats
    assert kinds(events)[-1] == "GameEnded"
    assert game.outcome is not None and game.outcome["side"] == "shu"
    assert game.outcome["winners"] == [0, 1]


@pytest.mark.parametrize("victory", ["house", "seed"])
def test_bot_games_end_under_either_rule_with_every_choice_offered(victory: str) -> None:
    spec = registry.spec("hegemony")
    chosen: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        game = spec.create([f"p{i}" for i in range(6)], {"victory": victory},
                           agents=["random"] * 6, rng=rng)
        play_out(game, [spec.policy("random")] * 6, rng)
        assert game.outcome is not None
        chosen |= {f"{type(e).__name__}:{e.choice}" for e in game.pending_events
                   if type(e).__name__ in ("PairBonusChosen", "HalfFishChosen")}
    assert any(c.endswith("decline") for c in chosen)  # random bots use the choice
