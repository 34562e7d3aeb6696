"""legal_moves returns exactly the plays classify accepts (and that beat the last one)."""

from __future__ import annotations

from collections import Counter
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.doudizhu import beats, classify, legal_moves
from domain.doudizhu.cards import DECK, RANKS, take, take_sorted, to_ranks
from domain.doudizhu.moves import _multisets


def sub_multisets(hand: str) -> set[str]:
    counts = Counter(hand)
    ranks = [r for r in RANKS if counts[r]]
    out = set()
    for picks in product(*[range(counts[r] + 1) for r in ranks]):
        play = "".join(r * n for r, n in zip(ranks, picks, strict=True))
        if play:
            out.add(play)
    return out


def hands(min_size: int, max_size: int) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(DECK), min_size=min_size, max_size=max_size,
                    unique=True).map(to_ranks)


@settings(max_examples=150, deadline=None)
@given(hand=hands(1, 12))
def test_leading_moves_are_exactly_the_classified_sub_multisets(hand: str) -> None:
    expected = {p for p in sub_multisets(hand) if classify(p) is not None}
    got = legal_moves(hand)
    assert len(got) == len(set(got)), "no duplicates"
    assert set(got) == expected


@settings(max_examples=150, deadline=None)
@given(hand=hands(1, 12), last_source=hands(1, 20), data=st.data())
def test_following_moves_are_exactly_those_that_beat(hand: str, last_source: str,
                                                     data: st.DataObject) -> None:
    options = legal_moves(last_source)
    last = data.draw(st.sampled_from(options))
    expected = {p for p in sub_multisets(hand) if beats(p, last)}
    got = legal_moves(hand, last)
    assert len(got) == len(set(got))
    assert set(got) == expected


@settings(max_examples=60, deadline=None)
@given(hand=hands(17, 20))
def test_every_move_of_a_full_hand_is_a_legal_play_from_that_hand(hand: str) -> None:
    held = Counter(hand)
    for play in legal_moves(hand):
        assert classify(play) is not None
        assert not Counter(play) - held


def test_known_hand() -> None:
    moves = legal_moves("33344BR")
    for m in ["3", "4", "B", "R", "33", "44", "333", "3334", "333B", "333R", "33344", "BR"]:
        assert m in moves
    assert "333BR" not in moves and "3344" not in moves


def test_nothing_beats_the_rocket() -> None:
    assert legal_moves("3333BR2222", "BR") == []


def test_only_bombs_beat_a_bomb() -> None:
    assert sorted(legal_moves("2222AAAA3", "KKKK")) == ["2222", "AAAA"]


@settings(max_examples=200, deadline=None)
@given(caps=st.dictionaries(st.integers(0, 14), st.integers(1, 4), max_size=12),
       k=st.integers(1, 5))
def test_kicker_multisets_are_every_capped_pick_once(caps: dict[int, int], k: int) -> None:
    avail = sorted(caps.items())
    expected = {
        tuple(r for (r, _), n in zip(avail, picks, strict=True) for _ in range(n))
        for picks in product(*[range(min(most, k) + 1) for _, most in avail])
        if sum(picks) == k
    }
    got = _multisets(avail, k)
    assert len(got) == len(set(got)) and set(got) == expected


@settings(max_examples=200, deadline=None)
@given(cards=st.lists(st.sampled_from(DECK), min_size=1, max_size=20, unique=True),
       want=st.text(alphabet=RANKS, max_size=6))
def test_taking_by_rank_finds_the_same_cards_as_the_walk(cards: list[str], want: str) -> None:
    held = sorted(cards, key=lambda c: (RANKS.index(c[0]), c[1]))
    ranks = to_ranks(list(want))
    assert take_sorted(held, "".join(c[0] for c in held), ranks) == take(held, ranks,
                                                                         presorted=True)
