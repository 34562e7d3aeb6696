"""Audits of Killer and Sanguosha games: deaths, rewards, penalties and winners recounted."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain.audit import Fact
from domain.referee.identity import referee as recount_identity
from domain.referee.killer import referee as recount_killer
from domain.sanguosha.audit import recount as recount_sanguosha
from service.audit import audit_game, read_stored
from service.hall import GameHall
from service.simulation import simulate


@pytest.fixture(scope="module")
def hall() -> GameHall:
    h = GameHall.from_store("memory://")
    simulate(h, "killer", 30, "informed", seed=1, players=12)
    simulate(h, "killer", 30, "uniform-random", seed=2, players=8)
    simulate(h, "identity", 12, "identity", seed=3, players=8)
    simulate(h, "identity", 12, "random", seed=4, players=5)
    simulate(h, "identity", 8, "expert", seed=7, players=6, options={"generals": True})
    simulate(h, "hegemony", 8, "kingdom", seed=5, players=6)
    simulate(h, "hegemony", 8, "random", seed=6, players=9)
    return h


@pytest.mark.parametrize("kind", ["killer", "identity", "hegemony"])
def test_simulated_games_audit_clean(hall: GameHall, kind: str) -> None:
    for gid in hall.iter_game_ids(kind):
        report = audit_game(hall, gid)
        assert report.agrees, report.text()
        assert report.recount is not None and report.recount.details["deaths"]


def test_a_generals_game_audit_names_each_killer(hall: GameHall) -> None:
    # identity games with generals (skills) are judged move by move by the referee; its
    # report names the seat that killed, as the Died events record it
    named = 0
    for gid in hall.iter_game_ids("identity"):
        stored = read_stored(hall, gid)
        if not stored.facts[0].data["options"].get("generals"):
            continue
        report = audit_game(hall, gid)
        assert report.agrees, report.text()
        # the skills were judged move by move: no "rules: not checked"
        assert "rules: not checked" not in report.text()
        assert not report.as_dict()["rules_unjudged"]
        assert report.as_dict()["violations"] == []
        for fact in stored.facts:
            if fact.type == "Died" and fact.data["killer"] is not None:
                named += 1
                assert f"killed by seat {fact.data['killer']} (event {fact.version})" \
                    in report.text()
    assert named


def facts_of(hall: GameHall, kind: str, want: str) -> list[Fact]:
    for gid in hall.iter_game_ids(kind):
        facts = read_stored(hall, gid).facts
        if any(f.type == want for f in facts):
            return facts
    raise AssertionError(f"no {kind} game with {want}")


def test_killer_forged_winner_and_vote_count(hall: GameHall) -> None:
    facts = facts_of(hall, "killer", "VotedOut")
    ended = next(f for f in facts if f.type == "GameEnded")
    outcome = dict(ended.data["outcome"])
    outcome["side"] = "tie" if outcome["side"] != "tie" else "police"
    forged = [replace(f, data={"outcome": outcome}) if f is ended else f for f in facts]
    diffs = {c.figure for c in recount_killer(forged).differences()}
    assert "winning side" in diffs
    out = next(f for f in facts if f.type == "VotedOut")
    bumped = [replace(f, data=f.data | {"votes": f.data["votes"] + 1}) if f is out else f
              for f in facts]
    wrong = recount_killer(bumped).differences()
    assert [c.version for c in wrong] == [out.version]


def test_identity_missing_reward_is_named(hall: GameHall) -> None:
    facts = facts_of(hall, "identity", "RewardDrawn")
    reward = next(f for f in facts if f.type == "RewardDrawn")
    without = [f for f in facts if f is not reward]
    judged = recount_identity(without)
    assert (reward.version + 1, "reward") in {(v.version, v.rule) for v in judged.violations}
    assert "draw" in judged.violations[0].message


def test_identity_forged_winners(hall: GameHall) -> None:
    facts = facts_of(hall, "identity", "Died")
    ended = next(f for f in facts if f.type == "GameEnded")
    outcome = dict(ended.data["outcome"]) | {"winners": []}
    forged = [replace(f, data={"outcome": outcome}) if f is ended else f for f in facts]
    diffs = recount_identity(forged).differences()
    assert [c.figure for c in diffs][0] == "winners"


def test_hegemony_wrong_reward_count_is_named(hall: GameHall) -> None:
    facts = facts_of(hall, "hegemony", "RewardDrawn")
    reward = next(f for f in facts if f.type == "RewardDrawn")
    short = [replace(f, data=f.data | {"cards": f.data["cards"][:-1]}) if f is reward else f
             for f in facts]
    diffs = recount_sanguosha(short, "hegemony").differences()
    assert [c.version for c in diffs] == [reward.version]


def test_hegemony_a_death_skill_that_ends_the_game_first_owes_no_reward() -> None:
    """Given: seat 3 (Qun) dies by seat 4's hand (Wei); a skill on that death (Suishi)
    costs seat 2 (Qun) its last HP: seat 2 dies and Wei is left alone. Then: the game was
    over before seat 4's reward, so none is owed; the same deaths with the game going on
    owe it."""
    def fact(v: int, t: str, **data: object) -> Fact:
        return Fact(version=v, type=t, data=dict(data))

    facts = [fact(1, "Started", players=["a", "b", "c", "d", "e"], rules=4),
             *(fact(2 + s, "KingdomDecided", seat=s, side=side)
               for s, side in enumerate(["wu", "wei", "qun", "qun", "wei"])),
             fact(7, "Died", seat=0, killer=None), fact(8, "Died", seat=3, killer=4),
             fact(9, "HpLost", seat=2, amount=1, reason="suishi"),
             fact(10, "Died", seat=2, killer=None)]
    ended = fact(11, "GameEnded", outcome={"winners": [1, 4], "side": "wei", "seats": [
        {"seat": s, "won": s in (1, 4), "role": r}
        for s, r in enumerate(["wu", "wei", "qun", "qun", "wei"])]})
    assert not recount_sanguosha([*facts, ended], "hegemony").differences()
    going_on = [*facts, fact(11, "TurnEnded", seat=4)]
    owed = recount_sanguosha(going_on, "hegemony").differences()
    assert [c.version for c in owed] == [8]


# --- identity games with generals and skills (rules 3): the engine-side recount ----------
def test_generals_games_simulated_then_audited_from_the_command_line(store: str) -> None:
    """``paiju simulate identity --option generals=true`` then ``paiju audit`` on each
    game, on a SQLite file and a PostgreSQL schema: every game with skills agrees."""
    from click.testing import CliRunner

    from service.cli import main

    runner = CliRunner()
    for players, policy, seed in ((6, "random", 1), (4, "identity", 2), (9, "expert", 3)):
        out = runner.invoke(main, ["simulate", "identity", "-n", "3", "--players",
                                   str(players), "-p", policy, "--option", "generals=true",
                                   "--seed", str(seed), "-j", "1", "--store", store])
        assert out.exit_code == 0, out.output
    h = GameHall.from_store(store)
    ids = list(h.iter_game_ids("identity"))
    skilled = sum(any(f.type == "SkillUsed" for f in read_stored(h, g).facts) for g in ids)
    h.close()
    assert len(ids) == 9 and skilled == 9  # every game is played with generals' skills
    for gid in ids:
        audit = runner.invoke(main, ["audit", str(gid), "--store", store])
        assert audit.exit_code == 0 and "AGREES" in audit.output, audit.output


@pytest.fixture(scope="module")
def generals_hall() -> GameHall:
    h = GameHall.from_store("memory://")
    simulate(h, "identity", 10, "identity", seed=7, players=8, options={"generals": True})
    return h


def generals_facts(hall: GameHall, want: str) -> list[Fact]:
    for gid in hall.iter_game_ids("identity"):
        facts = read_stored(hall, gid).facts
        if any(f.type == want for f in facts) and any(f.type == "SkillUsed" for f in facts):
            return facts
    raise AssertionError(f"no generals game with {want}")


def test_generals_games_forged_winners_and_missing_reward_are_named(
        generals_hall: GameHall) -> None:
    for gid in generals_hall.iter_game_ids("identity"):
        report = audit_game(generals_hall, gid)
        assert report.agrees, report.text()
    facts = generals_facts(generals_hall, "RewardDrawn")
    assert recount_sanguosha(facts).agrees
    ended = next(f for f in facts if f.type == "GameEnded")
    outcome = dict(ended.data["outcome"]) | {"winners": []}
    forged = [replace(f, data={"outcome": outcome}) if f is ended else f for f in facts]
    assert [c.figure for c in recount_sanguosha(forged).differences()][0] == "winners"
    reward = next(f for f in facts if f.type == "RewardDrawn")
    short = [replace(f, data=f.data | {"cards": f.data["cards"][:-1]}) if f is reward else f
             for f in facts]
    assert [c.version for c in recount_sanguosha(short).differences()] == [reward.version]


# --- Kingdom Wars games dealt the Kingdom Wars deck, generals without skills --------------
def test_kingdom_wars_deck_games_are_judged_from_the_command_line(store: str) -> None:
    """``paiju simulate hegemony --option skills=false`` (the Kingdom Wars deck, the
    default) then ``paiju audit`` on each game: the independent referee judged the rules
    (no "rules: not checked"), every game agrees with no violation."""
    import json

    from click.testing import CliRunner

    from service.cli import main

    runner = CliRunner()
    for players, policy, seed in ((4, "random", 1), (7, "kingdom", 2), (10, "random", 3)):
        out = runner.invoke(main, ["simulate", "hegemony", "-n", "2", "--players",
                                   str(players), "-p", policy, "--option", "skills=false",
                                   "--seed", str(seed), "-j", "1", "--store", store])
        assert out.exit_code == 0, out.output
    h = GameHall.from_store(store)
    ids = list(h.iter_game_ids("hegemony"))
    decks = {read_stored(h, g).facts[0].data["options"]["deck"] for g in ids}
    fire = sum(any(f.type == "NatureDamaged" for f in read_stored(h, g).facts) for g in ids)
    h.close()
    assert len(ids) == 6 and decks == {"kingdom_wars"} and fire  # the deck's damage was met
    for gid in ids:
        text = runner.invoke(main, ["audit", str(gid), "--store", store])
        assert text.exit_code == 0 and "AGREES" in text.output, text.output
        assert "rules: not checked" not in text.output
        report = json.loads(runner.invoke(main, ["audit", str(gid), "--json", "--store",
                                                 store]).output)
        assert report["rules_unjudged"] is None and report["violations"] == []
