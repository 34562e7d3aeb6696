"""The referee's own pattern rulebook: the rules' table, one pattern per play, and the
engine's classifier in agreement with it (two implementations, one set of rules)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.doudizhu.patterns import beats_pattern, classify
from domain.referee.doudizhu_patterns import (
    PATTERN_RULES,
    RANKS,
    Counts,
    beats,
    pattern_of,
)

TABLE = [
    # the rules' pattern table: (play, pattern, main rank), None for no pattern
    ("7", "single", "7"), ("B", "single", "B"), ("TT", "pair", "T"), ("BR", "rocket", "R"),
    ("999", "trio", "9"), ("9993", "trio_single", "9"), ("999R", "trio_single", "9"),
    ("99933", "trio_pair", "9"), ("34567", "straight", "7"),
    ("3456789TJQKA", "straight", "A"), ("334455", "pair_chain", "5"),
    ("333444", "airplane", "4"), ("33344456", "airplane_singles", "4"),
    ("33344455", "airplane_singles", "4"), ("3334445566", "airplane_pairs", "4"),
    ("444456", "four_two_singles", "4"), ("444455", "four_two_singles", "4"),
    ("44445566", "four_two_pairs", "4"), ("4444", "bomb", "4"), ("2222", "bomb", "2"),
    ("333444555777", "airplane_singles", "5"),  # the three is not next to the chain
    ("333444555666", "airplane", "6"),  # next to it: a longer airplane
    ("QQQKKKAAA222", "airplane_singles", "A"),  # no chain runs past A
    ("3456", None, None),  # a chain of 4
    ("JQKA2", None, None),  # chains never hold a 2
    ("3344", None, None), ("3456789TJQKA2", None, None),
    ("4444BR", None, None),  # the kickers may not be the rocket
    ("44445555", None, None),  # a second four is not two pairs
    ("333444BR", None, None), ("33334444", None, None), ("3334", "trio_single", "3"),
    ("33344", "trio_pair", "3"), ("333BR", None, None), ("3333444455", None, None),
    ("3334445556667778", None, None),  # either chain leaves a kicker three next to it
    ("3456789TJQKA" * 2, None, None), ("", None, None),
]


@pytest.mark.parametrize(("play", "name", "main"), TABLE)
def test_the_rules_pattern_table(play: str, name: str | None, main: str | None) -> None:
    found = pattern_of(play)
    if name is None:
        assert found is None
    else:
        assert found is not None and (found.name, RANKS[found.main], found.size) == (
            name, main, len(play))


def test_comparison_rules() -> None:
    def p(ranks: str):  # type: ignore[no-untyped-def]
        found = pattern_of(ranks)
        assert found is not None
        return found

    assert beats(p("BR"), p("2222")) and not beats(p("2222"), p("BR"))
    assert beats(p("3333"), p("34567")) and beats(p("4444"), p("3333"))
    assert not beats(p("3333"), p("4444"))
    assert beats(p("45678"), p("34567")) and not beats(p("456789"), p("34567"))
    assert not beats(p("44"), p("3")) and not beats(p("3"), p("3"))
    assert not beats(p("44445566"), p("3333"))  # four + two pairs is not a bomb


# hands of up to 20 cards drawn from the 54, as multisets of ranks
rank_hands = st.lists(st.sampled_from(list(RANKS[:13]) * 4 + ["B", "R"]), min_size=1,
                      max_size=20).filter(
    lambda h: all(h.count(r) <= (1 if r in "BR" else 4) for r in set(h)))


def _counts(ranks: list[str]) -> Counts:
    out: Counts = {}
    for r in ranks:
        out[RANKS.index(r)] = out.get(RANKS.index(r), 0) + 1
    return out


@settings(max_examples=1000)
@given(rank_hands)
def test_every_play_matches_at_most_one_rule(ranks: list[str]) -> None:
    counts = _counts(ranks)
    matched = [rule.__name__ for rule in PATTERN_RULES if rule(counts, len(ranks))]
    assert len(matched) <= 1, matched


def _trio_heavy(draw: st.DrawFn) -> str:
    """Chains of trios with kickers: where the kicker rules are argued about."""
    k = draw(st.integers(2, 6))
    low = draw(st.integers(0, 12 - k))
    counts = [0] * 15
    for r in range(low, low + k):
        counts[r] = 3
    for r in draw(st.lists(st.integers(0, 14), max_size=2 * k)):
        if counts[r] < (1 if r >= 13 else 4):
            counts[r] += 1
    return "".join(RANKS[i] * n for i, n in enumerate(counts))


@settings(max_examples=1000)
@given(st.one_of(rank_hands.map("".join), st.composite(_trio_heavy)()))
def test_the_engine_classifies_every_play_as_the_referee_does(ranks: str) -> None:
    mine, theirs = pattern_of(ranks), classify("".join(sorted(ranks, key=RANKS.index)))
    assert (None if theirs is None else (theirs.kind.value, theirs.main, theirs.size)) == (
        None if mine is None else (mine.name, mine.main, mine.size))


def _plays() -> list[str]:
    """A few hundred plays of every pattern, low and high."""
    r = RANKS
    plays = list(r) + ["BR"] + [x * n for x in r[:13] for n in (2, 3, 4)]
    for width, lengths in ((1, range(5, 13)), (2, range(3, 11)), (3, range(2, 7))):
        for n in lengths:
            plays += ["".join(x * width for x in r[lo:lo + n]) for lo in range(0, 13 - n)]
    for x in r[:13]:
        plays += [x * 3 + r[(i + 1) % 13] for i in range(3)]
        plays += [x * 3 + r[(r.index(x) + 1) % 13] * 2, x * 4 + "39"[x == "3"] + "B",
                  x * 4 + "JJQQ" if x not in "JQ" else x * 4 + "3344"]
    plays += ["33344456", "TTTJJJ33", "TTTJJJQQQ345", "TTTJJJ3344", "QQQKKKAAA222"]
    return sorted({p for p in plays if pattern_of(p) is not None})


def test_the_engine_compares_plays_as_the_referee_does() -> None:
    plays = _plays()
    assert len(plays) > 250
    ours = [pattern_of(p) for p in plays]
    theirs = [classify("".join(sorted(p, key=RANKS.index))) for p in plays]
    for mine_a, theirs_a in zip(ours, theirs, strict=True):
        for mine_b, theirs_b in zip(ours, theirs, strict=True):
            if mine_a.name == mine_b.name == "rocket":  # type: ignore[union-attr]
                continue  # there is one rocket in the deck: it never meets another
            assert beats(mine_a, mine_b) == beats_pattern(theirs_a, theirs_b)  # type: ignore[arg-type]
