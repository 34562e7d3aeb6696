"""The Killer move list in words: nights and days, silent seats on one line."""

from __future__ import annotations

from typing import Any

from domain.killer.text import KillerNarrator
from domain.narration import Move

PLAYERS = [f"p{i}" for i in range(8)]


def moves(*events: tuple[str, dict[str, Any]]) -> list[Move]:
    views = [{"version": v, "type": t, "at": "", "prev": "", "data": d}
             for v, (t, d) in enumerate(events, start=1)]
    return KillerNarrator().moves(views, PLAYERS)


def test_a_night_and_a_day_as_a_townsperson_sees_them() -> None:
    told = moves(
        # a civilian's view while live: its own role only, the night's choices hidden
        ("RolesDealt", {"roles": [None, None, "civilian", None, None, None, None, None]}),
        ("NightKill", {}),
        ("Investigated", {}),
        ("VictimAnnounced", {"seat": 5, "role": "police"}),
        ("LastWords", {"seat": 5, "text": "seat 3 is a killer"}),
        ("Statement", {"seat": 6, "text": ""}),
        ("Statement", {"seat": 7, "text": ""}),
        ("Statement", {"seat": 0, "text": ""}),
        ("Statement", {"seat": 1, "text": "not me"}),
        ("VoteCast", {"seat": 6, "target": 3}),
        ("VotedOut", {"seat": 3, "role": "killer", "votes": 1}),
    )
    assert [(m.group, m.text) for m in told] == [
        ("Deal", "Roles dealt: Seat 2 (p2) is a civilian"),
        ("Night 1", "Night 1: the killers choose their victim"),
        ("Night 1", "The police investigate someone"),
        ("Day 1", "Dawn: Seat 5 (p5) was killed in the night — police"),
        ("Day 1", "Seat 5 (p5)'s last words: “seat 3 is a killer”"),
        ("Day 1", "Seat 6 (p6), Seat 7 (p7), Seat 0 (p0) say nothing"),
        ("Day 1", "Seat 1 (p1) says: “not me”"),
        ("Day 1", "Seat 6 (p6) votes for Seat 3 (p3)"),
        ("Day 1", "Seat 3 (p3) is voted out with 1 vote — a killer"),
    ]
    silent = told[5]
    assert (silent.first, silent.last) == (6, 8)


def test_the_night_as_the_killers_and_the_police_see_it() -> None:
    told = moves(
        ("RolesDealt", {"roles": ["killer", None, None, None, "killer", None, None, None]}),
        ("NightKill", {"seat": 0, "target": 5}),
        ("Investigated", {"seat": 3, "target": 4, "killer": True}),
        ("NightKill", {"seat": 0, "target": 6}),
    )
    assert [m.text for m in told] == [
        "Roles dealt: Seat 0 (p0) is a killer; Seat 4 (p4) is a killer",
        "Night 1: the killers choose Seat 5 (p5)",
        "The police investigate Seat 4 (p4): a killer!",
        "Night 2: the killers choose Seat 6 (p6)",
    ]


def test_the_table_as_text_shows_what_the_viewer_may_see() -> None:
    import random

    from domain import registry
    from domain.simulate import play_out

    spec = registry.spec("killer")
    policy = spec.policy("informed")
    rng = random.Random(1)
    game = spec.create([f"p{i}" for i in range(8)], {}, agents=["informed"] * 8, rng=rng)
    while game.phase != "vote":
        seat = game.to_act()[0]
        game.act(seat, policy(game, seat, rng), rng)
    killer = game.roles.index("killer")
    lines = KillerNarrator().table(game.view(killer)).splitlines()
    # a killer sees the killers and the dead; every other role is hidden
    assert lines[0].startswith("night 1 · phase vote")
    rows = lines[1:]
    assert len(rows) == 8
    for seat, row in enumerate(rows):
        if game.roles[seat] == "killer" or not game.alive[seat]:
            assert game.roles[seat] in row
        else:
            assert "(hidden)" in row
    play_out(game, [policy] * 8, rng)
    end = KillerNarrator().table(game.view("spectator"))
    assert "(hidden)" not in end and f"outcome: {game.outcome['side']}" in end
