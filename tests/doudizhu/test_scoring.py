"""settle(): base, bombs, rockets, spring, anti-spring, escape — a table of hands."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from domain.doudizhu.scoring import Play, settle


def plays(*moves: tuple[int, str]) -> list[Play]:
    return [Play(seat, ranks, i + 1) for i, (seat, ranks) in enumerate(moves)]


@pytest.mark.parametrize(
    ("landlord", "base", "moves", "winner", "escape", "multiplier", "scores"),
    [
        # landlord wins plainly, bid 1
        (0, 1, [(0, "3"), (1, "4"), (2, ""), (0, "5")], 0, None, 1, [2, -1, -1]),
        # peasants win, bid 2, one bomb
        (1, 2, [(1, "3"), (2, "4444"), (0, ""), (1, "4"), (2, "5")], 2, None, 2,
         [4, -8, 4]),
        # landlord wins with bomb + rocket + spring: 2 · 2 · 2 = 8, bid 3
        (0, 3, [(0, "3333"), (1, ""), (2, ""), (0, "BR")], 0, None, 8, [48, -24, -24]),
        # anti-spring: the landlord played only its opening lead
        (2, 1, [(2, "3"), (0, "4"), (1, ""), (2, ""), (0, "55")], 0, None, 2, [2, 2, -4]),
        # not an anti-spring: the landlord played twice
        (2, 1, [(2, "3"), (0, "4"), (1, ""), (2, "5"), (0, "6")], 0, None, 1, [1, 1, -2]),
        # escape before any bid: base 1, pays 3, halves to the others
        (None, 0, [], None, 1, 1, [1.5, -3, 1.5]),
        # escape after two bombs with bid 2: pays 3 · 2 · 4 = 24
        (0, 2, [(0, "3333"), (1, "4444")], None, 2, 4, [12, 12, -24]),
    ],
)
def test_settle(landlord: int | None, base: int, moves: list[tuple[int, str]],
                winner: int | None, escape: int | None, multiplier: int,
                scores: list[float]) -> None:
    s = settle(landlord=landlord, base=base, plays=plays(*moves), winner=winner, escape=escape)
    assert s.multiplier == multiplier
    assert s.scores == scores
    assert sum(s.scores) == 0


def test_bombs_and_rockets_name_the_event_that_played_them() -> None:
    s = settle(landlord=0, base=1, plays=plays((0, "3333"), (1, "BR"), (2, ""), (0, "4")),
               winner=0)
    assert s.bombs == [{"seat": 0, "ranks": "3333", "version": 1}]
    assert s.rockets == [{"seat": 1, "ranks": "BR", "version": 2}]


def test_an_illegal_recorded_play_cannot_be_settled() -> None:
    with pytest.raises(ValueError):
        settle(landlord=0, base=1, plays=plays((0, "34")), winner=0)


def test_as_dict_is_a_full_independent_copy() -> None:
    s = settle(landlord=0, base=1, plays=plays((0, "3333"), (1, "BR"), (2, ""), (0, "4")),
               winner=0)
    d = s.as_dict()
    assert d == asdict(s) and list(d) == list(asdict(s))
    d["bombs"][0]["seat"] = 2
    d["scores"][0] = 0
    assert s.bombs[0]["seat"] == 0 and s.scores[0] != 0
