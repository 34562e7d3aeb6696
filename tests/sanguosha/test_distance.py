"""Distance around the living seats, horses and attack range."""

from __future__ import annotations

from domain.sanguosha.cards import find
from domain.sanguosha.distance import attack_range, distances_from, in_range

PLUS = find("plus_horse")[0]
MINUS = find("minus_horse")[0]
HALBERD = find("halberd")[0]


def bare(n: int) -> list[list[int | None]]:
    return [[None, None, None, None] for _ in range(n)]


def test_distance_is_the_shorter_way_round() -> None:
    assert distances_from(0, [True] * 8, bare(8)) == [0, 1, 2, 3, 4, 3, 2, 1]


def test_dead_seats_do_not_count() -> None:
    alive = [True, False, False, True, True]
    assert distances_from(0, alive, bare(5))[3:] == [1, 1]


def test_horses_change_distance_but_never_below_one() -> None:
    equip = bare(4)
    equip[2][2] = PLUS  # seat 2 rides a +1 horse
    assert distances_from(0, [True] * 4, equip)[2] == 3
    equip[0][3] = MINUS  # seat 0 rides a -1 horse
    assert distances_from(0, [True] * 4, equip) == [0, 1, 2, 1]


def test_attack_range_is_one_unarmed_else_the_weapon() -> None:
    equip = bare(8)
    assert attack_range(equip[0]) == 1
    assert in_range(0, [True] * 8, equip) == [1, 7]
    equip[0][0] = HALBERD
    assert attack_range(equip[0]) == 4
    assert in_range(0, [True] * 8, equip) == [1, 2, 3, 4, 5, 6, 7]
