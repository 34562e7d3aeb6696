"""Every pattern and kicker rule of shared/rules/doudizhu.md, as a table."""

from __future__ import annotations

import pytest

from domain.doudizhu import PatternKind as K
from domain.doudizhu import beats, classify

CASES = [
    # ranks, kind, main rank, chain length
    ("3", K.SINGLE, "3", 1),
    ("R", K.SINGLE, "R", 1),
    ("B", K.SINGLE, "B", 1),
    ("22", K.PAIR, "2", 1),
    ("TTT", K.TRIO, "T", 1),
    ("3334", K.TRIO_SINGLE, "3", 1),
    ("333R", K.TRIO_SINGLE, "3", 1),  # a joker may be the kicker
    ("22233", K.TRIO_PAIR, "2", 1),
    ("34567", K.STRAIGHT, "7", 5),
    ("3456789TJQKA", K.STRAIGHT, "A", 12),
    ("334455", K.PAIR_CHAIN, "5", 3),
    ("33445566778899TTJJQQ", K.PAIR_CHAIN, "Q", 10),
    ("333444", K.AIRPLANE, "4", 2),
    ("333444555666", K.AIRPLANE, "6", 4),  # not 3 trios + singles: a longer airplane
    ("333444555666777888", K.AIRPLANE, "8", 6),
    ("33344456", K.AIRPLANE_SINGLES, "4", 2),
    ("33344455", K.AIRPLANE_SINGLES, "4", 2),  # the kickers may be a pair
    ("333444555777", K.AIRPLANE_SINGLES, "5", 3),  # a non-adjacent trio as kickers
    ("333444B", None, None, None),
    ("3334445B", K.AIRPLANE_SINGLES, "4", 2),
    ("KKKAAA222", None, None, None),  # 2 never in a chain
    ("QQQKKKAAA222", K.AIRPLANE_SINGLES, "A", 3),  # 222 is not adjacent: 2 cannot chain
    ("3334445566", K.AIRPLANE_PAIRS, "4", 2),
    ("333444555667788", K.AIRPLANE_PAIRS, "5", 3),
    ("33334444", None, None, None),  # a second four is not two pairs
    ("333355", K.FOUR_TWO_SINGLES, "3", 1),  # the two may be a pair
    ("333345", K.FOUR_TWO_SINGLES, "3", 1),
    ("3333BR", None, None, None),  # not both jokers
    ("3333B4", K.FOUR_TWO_SINGLES, "3", 1),
    ("33335566", K.FOUR_TWO_PAIRS, "3", 1),
    ("3333", K.BOMB, "3", 1),
    ("2222", K.BOMB, "2", 1),
    ("BR", K.ROCKET, "R", 1),
]

ILLEGAL = [
    "", "34", "3345", "3456", "BR3", "JQKA2", "QKA2B", "3344", "33445",
    "3334445556", "KA2", "2222BR", "333444BR",  # rocket kicker
    "33344443",  # a kicker of the chain's own rank
    "3334445557",  # 10 cards, 3 trios + 1: not 4k and not 5k
    "3333444455",  # no pattern
    "33344455566677", "333444555666777888999",
]


@pytest.mark.parametrize(("ranks", "kind", "main", "length"), CASES)
def test_classify(ranks: str, kind: K | None, main: str | None, length: int | None) -> None:
    p = classify(ranks)
    if kind is None:
        assert p is None
        return
    assert p is not None, ranks
    assert (p.kind, p.main_rank, p.length, p.size) == (kind, main, length, len(ranks))


@pytest.mark.parametrize("ranks", ILLEGAL)
def test_illegal(ranks: str) -> None:
    assert classify(ranks) is None


def test_order_of_ranks_in_input_does_not_matter() -> None:
    assert classify("43433") == classify("33344")


def test_kicker_trio_adjacent_to_chain_makes_no_pattern() -> None:
    # 333444555 + 666 would be a 4-trio airplane; with a 16-card shape both ways fail
    assert classify("3334445556667779") is None


COMPARE = [
    # play, last, beats?
    ("4", "3", True),
    ("3", "4", False),
    ("R", "B", True),
    ("B", "2", True),
    ("2", "A", True),
    ("44", "33", True),
    ("45678", "34567", True),
    ("456789", "34567", False),  # same pattern, different number of cards
    ("4445", "3336", True),
    ("33344", "3336", False),
    ("3333", "22", True),  # a bomb beats every non-bomb
    ("3333", "KKKAAA22", True),
    ("4444", "3333", True),
    ("3333", "4444", False),
    ("BR", "2222", True),
    ("2222", "BR", False),
    ("BR", "3", True),
    ("44445566", "33335566", True),
    ("444555", "333444", True),
    ("444555", "33344456", False),
    ("55566677", "33344456", True),
    ("444455", "3333", False),  # four + two is not a bomb
    ("3333", "444455", True),
    ("34", "3", False),  # an illegal play beats nothing
]


@pytest.mark.parametrize(("play", "last", "expected"), COMPARE)
def test_beats(play: str, last: str, expected: bool) -> None:
    assert beats(play, last) is expected


def test_classify_rejects_non_ranks() -> None:
    with pytest.raises(ValueError):
        classify("3X")
