"""The bot policies do exactly what the rules file says."""

from __future__ import annotations

import random
from typing import Any

from domain.killer.bots import POLICIES, informed, uniform_random
from domain.killer.game import KillerGame
from domain.simulate import play_out
from tests.killer.rig import act, recorded, rig, speak_all, vote

# Cards "KKPPCCCC": killers 0 1, police 2 3, civilians 4 5 6 7.


def test_night_actions_are_shared_and_exact() -> None:
    rng = random.Random(1)
    for policy in POLICIES.values():
        game = rig("KKPPCCCC")
        kills = {policy(game, 0, rng)["target"] for _ in range(200)}
        assert kills == {2, 3, 4, 5, 6, 7}  # any living non-killer, never a killer
        act(game, 0, type="kill", target=4)
        act(game, 2, type="investigate", target=5)
        act(game, 4, type="last_words", text="")
        speak_all(game)
        vote(game, dict.fromkeys([5, 6, 7, 0, 1, 2, 3]))
        act(game, 1, type="kill", target=6)
        # not a policeman, not investigated yet, alive at dusk: 0, 1, 7 and tonight's
        # victim 6, whose death the police do not know of before dawn
        suspects = {policy(game, 3, rng)["target"] for _ in range(300)}
        assert suspects == {0, 1, 6, 7}


def test_the_police_skip_when_everyone_is_investigated() -> None:
    game = rig("KKPPCCCC")
    act(game, 0, type="kill", target=4)
    # given: every other non-policeman alive at dusk (4 too) investigated
    for target in (0, 1, 4, 5, 6, 7):
        game.trigger_event(KillerGame.Investigated, seat=2, target=target, killer=target < 2)
    for policy in POLICIES.values():
        assert policy(game, 2, random.Random(0)) == {"type": "skip"}


def test_bots_speak_empty_and_leave_empty_last_words() -> None:
    game = rig("KKPPCCCC")
    act(game, 0, type="kill", target=4)
    act(game, 2, type="skip")
    for policy in POLICIES.values():
        assert policy(game, 4, random.Random(0)) == {"type": "last_words", "text": ""}
    act(game, 4, type="last_words", text="")
    assert uniform_random(game, 5, random.Random(0)) == {"type": "speak", "text": ""}


def test_uniform_random_votes_for_any_other_living_player() -> None:
    game = rig("KKPPCCCC")
    act(game, 0, type="kill", target=4)
    act(game, 2, type="investigate", target=0)  # a found killer changes nothing here
    act(game, 4, type="last_words", text="")
    speak_all(game)
    rng = random.Random(2)
    for seat in (0, 2, 5):
        targets = {uniform_random(game, seat, rng)["target"] for _ in range(300)}
        assert targets == {0, 1, 2, 3, 5, 6, 7} - {seat}


def test_informed_police_vote_for_the_first_found_living_killer() -> None:
    game = rig("KKPPCCCC")
    rng = random.Random(3)
    # night 1: the police find killer 1; the day passes with no vote
    act(game, 0, type="kill", target=4)
    act(game, 2, type="investigate", target=1)
    act(game, 4, type="last_words", text="")
    speak_all(game)
    vote(game, dict.fromkeys([5, 6, 7, 0, 1, 2, 3]))
    # night 2: they find killer 0 too
    act(game, 0, type="kill", target=5)
    act(game, 3, type="investigate", target=0)
    act(game, 5, type="last_words", text="")
    speak_all(game)
    assert game.found == [1, 0]
    # both police vote for 1, the first found
    assert informed(game, 2, rng) == informed(game, 3, rng) == {"type": "vote", "target": 1}
    # killers vote for a random living non-killer; civilians for any other living player
    assert {informed(game, 0, rng)["target"] for _ in range(300)} == {2, 3, 6, 7}
    assert {informed(game, 6, rng)["target"] for _ in range(300)} == {0, 1, 2, 3, 7}
    # with killer 1 voted out, the police turn to 0, the next found
    vote(game, {6: 1, 7: 1, 0: 6, 1: 2, 2: 1, 3: 1})
    act(game, 1, type="last_words", text="")
    act(game, 0, type="kill", target=6)
    act(game, 2, type="skip")
    act(game, 6, type="last_words", text="")
    speak_all(game)
    assert informed(game, 3, rng) == {"type": "vote", "target": 0}


def test_informed_police_without_a_found_killer_vote_like_civilians() -> None:
    game = rig("KKPPCCCC")
    act(game, 0, type="kill", target=4)
    act(game, 2, type="investigate", target=5)
    act(game, 4, type="last_words", text="")
    speak_all(game)
    targets = {informed(game, 2, random.Random(s))["target"] for s in range(300)}
    assert targets == {0, 1, 3, 5, 6, 7}


def test_the_first_waiting_teammate_makes_the_night_decision() -> None:
    game = rig("PKPCCKCC")  # killers 1 and 5, police 0 and 2
    asked: list[tuple[int, list[int]]] = []

    def recording(game: KillerGame, seat: int, rng: random.Random) -> dict[str, Any]:
        if game.phase in ("night_kill", "investigate"):
            asked.append((seat, game.to_act()))
        return informed(game, seat, rng)

    play_out(game, [recording] * 8, random.Random(4))
    # each night decision is asked of one seat only: the first of the waiting team ...
    assert any(len(waiting) == 2 for _, waiting in asked)
    assert all(seat == waiting[0] for seat, waiting in asked)
    # ... and that seat's action is the team's decision
    decisions = [e.seat for e in recorded(game)
                 if type(e).__name__ in ("NightKill", "Investigated")]
    assert decisions == [seat for seat, _ in asked]
