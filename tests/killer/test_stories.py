"""Given events, when a command, then events: whole Killer games told step by step.

Every story uses eight seats; the cards are written seat 0 first, e.g. "KKPPCCCC" means
killers 0 and 1, police 2 and 3, civilians 4 to 7.
"""

from __future__ import annotations

import random
from uuid import UUID

import pytest
from eventsourcing.application import Application

from domain.game import GameOver
from domain.killer.game import KillerGame
from tests.killer.rig import LastChoice, act, names, recorded, rig, speak_all, vote


def test_police_win_after_finding_both_killers() -> None:
    game = rig("KKPPCCCC")  # given: started, roles dealt
    n = len(game.pending_events)
    assert names(game, 0) == ["Started", "RolesDealt"]
    # night 1: both killers are asked; killer 1 submits the team's kill of civilian 4
    assert game.to_act() == [0, 1]
    act(game, 1, type="kill", target=4)
    assert names(game, n) == ["NightKill"]
    # the police are asked next; policeman 3 investigates seat 0: a killer
    assert game.to_act() == [2, 3]
    n = len(game.pending_events)
    act(game, 3, type="investigate", target=0)
    assert names(game, n) == ["Investigated", "VictimAnnounced"]
    assert recorded(game)[n].killer is True
    # dawn: 4 was a civilian and leaves last words, kept as written
    assert recorded(game)[-1].role == "civilian"
    act(game, 4, type="last_words", text="  I trust seat 2.  ")
    assert game.last_words[-1]["text"] == "  I trust seat 2.  "
    # statements start right of the victim
    assert speak_all(game, "not me") == [5, 6, 7, 0, 1, 2, 3]
    # vote: every living player is waiting at once
    assert game.to_act() == [5, 6, 7, 0, 1, 2, 3]
    n = len(game.pending_events)
    vote(game, {0: 2, 1: 2, 2: 0, 3: 0, 5: 0, 6: 0, 7: 0})
    assert names(game, n) == ["VoteCast"] * 7 + ["VotedOut"]
    out = recorded(game)[-1]
    assert (out.seat, out.role, out.votes) == (0, "killer", 5)
    # the voted-out killer may leave last words; then the win check: one killer lives
    act(game, 0, type="last_words", text="")
    assert (game.phase, game.night, game.to_act()) == ("night_kill", 2, [1])
    # night 2: killer 1 kills 5; policeman 2 finds killer 1
    act(game, 1, type="kill", target=5)
    act(game, 2, type="investigate", target=1)
    act(game, 5, type="last_words", text="")
    assert speak_all(game) == [6, 7, 1, 2, 3]
    vote(game, {1: 6, 2: 1, 3: 1, 6: 1, 7: 1})
    n = len(game.pending_events)
    # killer 1's last words, then no living killers: police (with civilians) win
    act(game, 1, type="last_words", text="well played")
    assert names(game, n) == ["LastWords", "GameEnded"]
    assert game.outcome is not None
    assert game.outcome["side"] == "police"
    assert game.outcome["winners"] == [2, 3, 4, 5, 6, 7]
    assert game.outcome["reason"] == "no living killers"
    rows = game.outcome["seats"]
    assert [r["role"] for r in rows] == ["killer"] * 2 + ["police"] * 2 + ["civilian"] * 4
    assert [r["won"] for r in rows] == [False, False] + [True] * 6
    assert [r["score"] for r in rows] == [0, 0] + [1] * 6
    # for the analytics: two nights, and the order of the deaths (4, 0, 5, 1)
    assert game.outcome["rounds"] == 2
    assert [r.get("death") for r in rows] == [2, 4, None, None, 1, 3, None, None]
    # nothing is taken after the end
    with pytest.raises(GameOver):
        act(game, 2, type="vote", target=3)
    assert game.to_act() == []


def test_killers_win_when_the_last_policeman_is_voted_out() -> None:
    game = rig("KKPPCCCC")  # given: started, roles dealt
    # night 1: killer 0 kills policeman 2; one policeman lives, so play goes on
    act(game, 0, type="kill", target=2)
    # until dawn the police are asked as they were at dusk: 2 as well as 3
    assert game.outcome is None and game.to_act() == [2, 3]
    # policeman 2, killed tonight, submits the team's choice: civilian 4, not a killer
    act(game, 2, type="investigate", target=4)
    assert game.investigations[-1] == {"night": 1, "seat": 2, "target": 4, "killer": False}
    # dawn: policeman 2's card is shown
    assert game.deaths == [{"day": 1, "seat": 2, "role": "police", "cause": "killed"}]
    act(game, 2, type="last_words", text="")
    assert speak_all(game) == [3, 4, 5, 6, 7, 0, 1]
    # the town votes out policeman 3
    vote(game, {0: 3, 1: 3, 3: 0, 4: 3, 5: 1, 6: 3, 7: 5})
    assert game.voted_out == 3
    n = len(game.pending_events)
    # last words, then the win check: no living police → killers win
    act(game, 3, type="last_words", text="it was 0")
    assert names(game, n) == ["LastWords", "GameEnded"]
    assert game.outcome is not None
    assert (game.outcome["side"], game.outcome["winners"]) == ("killers", [0, 1])
    assert game.outcome["reason"] == "no living police"


def test_tie_when_the_night_kill_takes_the_last_civilian() -> None:
    game = rig("KKPPCCCC")  # given: started, roles dealt
    # night 1: kill civilian 4; the police decline to investigate
    act(game, 0, type="kill", target=4)
    act(game, 2, type="skip")
    assert game.investigations[-1]["target"] is None
    act(game, 4, type="last_words", text="")
    speak_all(game)
    # day 1: civilian 5 is voted out
    vote(game, {0: 5, 1: 5, 2: 5, 3: 5, 5: 0, 6: 5, 7: 5})
    act(game, 5, type="last_words", text="")
    # night 2: kill civilian 6; policeman 3 clears 7
    act(game, 1, type="kill", target=6)
    act(game, 3, type="investigate", target=7)
    act(game, 6, type="last_words", text="")
    assert speak_all(game) == [7, 0, 1, 2, 3]
    # day 2: killer 0 is voted out; one killer, two police, one civilian live
    vote(game, {0: 7, 1: 7, 2: 0, 3: 0, 7: 0})
    act(game, 0, type="last_words", text="")
    assert game.living == {"killer": 1, "police": 2, "civilian": 1}
    n = len(game.pending_events)
    # night 3: killer 1 kills the last civilian → tie at once, before any dawn
    act(game, 1, type="kill", target=7)
    assert names(game, n) == ["NightKill", "GameEnded"]
    assert game.outcome is not None
    assert game.outcome["side"] == "tie"
    assert game.outcome["winners"] == []
    assert game.outcome["reason"] == "no living civilians"
    assert not any(r["won"] for r in game.outcome["seats"])


def test_a_tie_vote_is_broken_at_random_and_the_choice_recorded() -> None:
    game = rig("KKPPCCCC")  # given: night 1 done, civilian 4 killed, statements made
    act(game, 0, type="kill", target=4)
    act(game, 2, type="skip")
    act(game, 4, type="last_words", text="")
    speak_all(game)
    n = len(game.pending_events)
    # votes: seats 0, 1 and 2 have two votes each
    vote(game, {5: 0, 6: 0, 7: 1, 0: 1, 1: 2, 2: 3, 3: 2}, rng=LastChoice())
    assert names(game, n) == ["VoteCast"] * 7 + ["TieBroken", "VotedOut"]
    tie, out = recorded(game)[-2], recorded(game)[-1]
    # the tie-break picked among the leaders (the stand-in picks the last) ...
    assert (tie.candidates, tie.chosen) == ([0, 1, 2], 2)
    assert (out.seat, out.role, out.votes) == (2, "police", 2)
    # ... and is a fact: a replay reads it, it does not roll again
    app: Application[UUID] = Application(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.save(game)
    again: KillerGame = app.repository.get(game.id)
    assert again.voted_out == 2
    assert again.view("referee") == game.view("referee")


def test_a_real_random_tie_break_picks_a_leader() -> None:
    for seed in range(20):
        game = rig("KKPPCCCC")
        act(game, 0, type="kill", target=4)
        act(game, 2, type="skip")
        act(game, 4, type="last_words", text="")
        speak_all(game)
        vote(game, {5: 0, 6: 0, 7: 1, 0: 1, 1: 2, 2: 3, 3: 2}, rng=random.Random(seed))
        assert game.voted_out in (0, 1, 2)
        assert game.tie_break == {"day": 1, "candidates": [0, 1, 2], "chosen": game.voted_out}


def test_an_all_abstain_day_sends_nobody_out() -> None:
    game = rig("KKPPCCCC")  # given: night 1 done, civilian 4 killed, statements made
    act(game, 0, type="kill", target=4)
    act(game, 3, type="investigate", target=5)
    act(game, 4, type="last_words", text="")
    speak_all(game)
    n = len(game.pending_events)
    # everybody abstains
    vote(game, dict.fromkeys([5, 6, 7, 0, 1, 2, 3]))
    assert names(game, n) == ["Abstained"] * 7 + ["NobodyVotedOut"]
    # nobody leaves; night 2 begins with both killers waiting
    assert game.alive.count(False) == 1
    assert (game.phase, game.night, game.to_act()) == ("night_kill", 2, [0, 1])
    assert game.view("spectator")["votes"][-1] == {"day": 1, "seat": 3, "target": None}


def test_abstentions_do_not_count_and_one_vote_is_enough() -> None:
    game = rig("KKPPCCCC")
    act(game, 0, type="kill", target=4)
    act(game, 3, type="skip")
    act(game, 4, type="last_words", text="")
    speak_all(game)
    # only seat 2 votes
    vote(game, {5: None, 6: None, 7: None, 0: None, 1: None, 2: 1, 3: None})
    assert (game.voted_out, recorded(game)[-1].votes) == (1, 1)


def test_the_night_kill_of_the_last_policeman_ends_the_game_at_night() -> None:
    game = rig("KKPCCCCC")  # given: only one policeman
    n = len(game.pending_events)
    act(game, 0, type="kill", target=2)
    assert names(game, n) == ["NightKill", "GameEnded"]
    assert game.outcome is not None and game.outcome["side"] == "killers"


def test_the_police_may_investigate_tonights_victim_and_learn_the_true_card() -> None:
    game = rig("KKPPCCCC")  # given: started, roles dealt
    # night 1: killer 1 kills civilian 6
    act(game, 1, type="kill", target=6)
    # the police choose among everyone alive at dusk, 6 included
    targets = [a.get("target") for a in game.legal_actions(3)]
    assert targets == [0, 1, 2, 3, 4, 5, 6, 7, None]
    n = len(game.pending_events)
    act(game, 3, type="investigate", target=6)
    # the answer is 6's card (a civilian: not a killer), not "dead"; then dawn
    assert names(game, n) == ["Investigated", "VictimAnnounced"]
    probe = recorded(game)[n]
    assert (probe.seat, probe.target, probe.killer) == (3, 6, False)
    assert game.view(2)["investigations"][-1] == {"night": 1, "seat": 3, "target": 6,
                                                  "killer": False}


def test_the_last_night_kill_is_among_the_deaths_at_the_end() -> None:
    game = rig("KKPCCCCC")  # given: only one policeman
    act(game, 0, type="kill", target=2)  # the killers win at night, before any dawn
    for viewer in ("spectator", 2, 5):
        view = game.view(viewer)
        assert view["deaths"] == [{"day": 1, "seat": 2, "role": "police", "cause": "killed"}]
        assert view["alive"][2] is False


def test_a_new_game_deals_the_table_and_records_the_deal() -> None:
    game = KillerGame.new([f"p{i}" for i in range(12)], rng=random.Random(7))
    assert names(game, 0) == ["Started", "RolesDealt"]
    dealt = recorded(game)[1].roles
    assert sorted(dealt) == sorted(["killer"] * 3 + ["police"] * 3 + ["civilian"] * 6)
    assert game.roles == dealt
    assert recorded(game)[0].agents == ["human"] * 12
    assert (game.phase, game.night, game.outcome) == ("night_kill", 1, None)
    assert game.to_act() == [s for s, r in enumerate(dealt) if r == "killer"]
