"""Identity mode stories: rewards, the penalty, and every way the game ends."""

from __future__ import annotations

from domain.sanguosha.cards import NAME
from domain.sanguosha.identity import IdentityGame
from tests.sanguosha.rig import act, card, end_turn, kinds, table


def use(game: IdentityGame, seat: int, name: str, targets: list[int] | None = None):  # type: ignore[no-untyped-def]
    """When: ``seat`` uses its first card named ``name``."""
    c = next(c for c in game.hands[seat] if NAME[c] == name)
    action = {"type": "use", "card": c} | ({"targets": targets} if targets else {})
    return act(game, seat, **action)


def barbarians_all_declined(game: IdentityGame, seat: int) -> None:
    """When: ``seat`` invades and every other living seat takes the damage."""
    use(game, seat, "barbarian_invasion")
    while game.ask == "kill":
        act(game, game.to_act()[0], type="decline")


def lord_table() -> IdentityGame:
    """Given: the lord (seat 0) holds three Duels and three Barbarian Invasions."""
    return table({0: ["duel", "duel", "duel", "barbarian_invasion"]},
                 pile=["barbarian_invasion", "barbarian_invasion"] + [None] * 6)


def test_killing_a_rebel_draws_three() -> None:
    # given: the rebel (seat 1) is brought to 1 HP by three invasions
    game = lord_table()
    for _ in range(3):
        barbarians_all_declined(game, 0)
    assert game.hp == [4, 1, 1, 1]
    # when: the lord wins a Duel against it
    use(game, 0, "duel", [1])
    events = act(game, 1, type="decline")
    # then: the rebel dies and its killer draws 3
    assert kinds(events) == ["Declined", "Damaged", "Dying", "Died", "RewardDrawn"]
    assert events[-1][1]["seat"] == 0 and events[-1][1]["victim"] == 1
    assert len(events[-1][1]["cards"]) == 3
    assert game.outcome is None  # the loyalist and the renegade live on


def test_a_lord_who_kills_a_loyalist_discards_everything() -> None:
    # given: the loyalist (seat 2) at 1 HP
    game = lord_table()
    for _ in range(3):
        barbarians_all_declined(game, 0)
    hand = list(game.hands[0])
    # when: the lord kills it
    use(game, 0, "duel", [2])
    events = act(game, 2, type="decline")
    # then: the lord discards all its hand and equipment cards; the game goes on
    assert kinds(events)[-2:] == ["Died", "PenaltyPaid"]
    assert events[-1][1] == {"seat": 0, "cards": [c for c in hand if c != card("duel")],
                             "victim": 2}
    assert game.hands[0] == [] and game.outcome is None


def test_a_rebel_who_kills_a_rebel_draws_three_too() -> None:
    # given: 5 seats; rebels at seats 1 and 4; seat 1 holds Duels and an invasion
    game = table({1: ["duel", "duel", "duel", "barbarian_invasion"]}, n=5)
    end_turn(game)
    assert game.current == 1
    barbarians_all_declined(game, 1)
    for _ in range(2):
        use(game, 1, "duel", [4])
        act(game, 4, type="decline")
    # when: the third Duel brings the other rebel down
    use(game, 1, "duel", [4])
    events = act(game, 4, type="decline")
    # then: seat 1 draws 3 for killing a rebel
    assert events[-1][0] == "RewardDrawn" and events[-1][1]["seat"] == 1


def test_lord_dies_with_the_renegade_alone_the_renegade_wins() -> None:
    # given: the lord kills the rebel and the loyalist (paying the penalty), leaving the
    # renegade at 1 HP with a Crossbow and Kills
    game = table(
        {0: ["duel", "duel", "duel", "barbarian_invasion"],
         3: ["crossbow", "kill", "kill", "kill"]},
        pile=["barbarian_invasion", "barbarian_invasion", None, None, None, "kill", None])
    for _ in range(3):
        barbarians_all_declined(game, 0)
    use(game, 0, "duel", [1])
    act(game, 1, type="decline")
    use(game, 0, "duel", [2])
    act(game, 2, type="decline")
    assert game.alive == [True, False, False, True] and game.outcome is None
    end_turn(game)
    # when: the renegade kills the lord with four Kills
    assert game.current == 3
    use(game, 3, "crossbow")
    for _ in range(3):
        use(game, 3, "kill", [0])
        act(game, 0, type="decline")
    use(game, 3, "kill", [0])
    events = act(game, 0, type="decline")
    # then: the renegade, the only one left, wins alone
    assert kinds(events)[-2:] == ["Died", "GameEnded"]
    outcome = game.outcome
    assert outcome is not None
    assert (outcome["winners"], outcome["side"]) == ([3], "renegade")
    assert [s["role"] for s in outcome["seats"]] == ["lord", "rebel", "loyalist", "renegade"]
    assert [s["won"] for s in outcome["seats"]] == [False, False, False, True]


def test_lord_dies_with_the_renegade_and_a_rebel_alive_the_rebels_win() -> None:
    # given: the rebel (seat 1) holds three Duels and an invasion
    game = table({1: ["duel", "duel", "duel", "barbarian_invasion"]})
    end_turn(game)
    barbarians_all_declined(game, 1)
    for _ in range(2):
        use(game, 1, "duel", [0])
        act(game, 0, type="decline")
    # when: the third Duel kills the lord
    use(game, 1, "duel", [0])
    events = act(game, 0, type="decline")
    # then: the rebels win, though the renegade lives
    assert events[-1][0] == "GameEnded"
    outcome = game.outcome
    assert outcome is not None and game.alive[3]
    assert (outcome["winners"], outcome["side"], outcome["reason"]) == ([1], "rebels",
                                                                        "lord_died")


def test_all_rebels_and_renegades_dead_the_lord_and_loyalists_win() -> None:
    # given: everyone else at 1 HP; the rebel wins one Duel, wounding the lord
    game = table(
        {0: ["duel", "duel", "duel", "barbarian_invasion"], 1: ["kill"]},
        pile=["barbarian_invasion", "barbarian_invasion"] + [None] * 6)
    for _ in range(3):
        barbarians_all_declined(game, 0)
    use(game, 0, "duel", [1])
    act(game, 1, type="respond", card=card("kill"))
    act(game, 0, type="decline")
    assert game.hp[0] == 3
    # when: the lord kills the rebel, then the renegade
    use(game, 0, "duel", [1])
    act(game, 1, type="decline")
    use(game, 0, "duel", [3])
    events = act(game, 3, type="decline")
    # then: the lord and the loyalist win, the lord wounded
    assert events[-1][0] == "GameEnded"
    outcome = game.outcome
    assert outcome is not None
    assert (outcome["winners"], outcome["side"]) == ([0, 2], "lord")
    assert game.hp[0] < game.max_hp[0]
