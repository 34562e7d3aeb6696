"""Cards, ranks and rank strings.

A card is two characters: its rank (``3456789TJQKA2BR``) and its suit (``SHCD``); the
jokers are ``BJ`` (black) and ``RJ`` (red). A rank string is ranks sorted low to high.
"""

from __future__ import annotations

import random

RANKS = "3456789TJQKA2BR"
RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
SUITS = "SHCD"
ACE = RANK_INDEX["A"]
TWO = RANK_INDEX["2"]
BLACK = RANK_INDEX["B"]
RED = RANK_INDEX["R"]

DECK: tuple[str, ...] = tuple(r + s for r in RANKS[:13] for s in SUITS) + ("BJ", "RJ")


def shuffled_deck(rng: random.Random) -> list[str]:
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def rank_of(card: str) -> str:
    return card[0]


def to_ranks(cards: list[str] | tuple[str, ...]) -> str:
    """The sorted rank string of some cards."""
    return "".join(sorted((c[0] for c in cards), key=RANK_INDEX.__getitem__))


def normalize(ranks: str) -> str:
    """Sort a rank string; raise ValueError on characters that are not ranks."""
    bad = [ch for ch in ranks if ch not in RANK_INDEX]
    if bad:
        raise ValueError(f"{bad[0]!r} is not a rank; ranks are {RANKS}")
    return "".join(sorted(ranks, key=RANK_INDEX.__getitem__))


def counts_of(ranks: str) -> list[int]:
    counts = [0] * 15
    for ch in ranks:
        counts[RANK_INDEX[ch]] += 1
    return counts


def from_counts(counts: list[int]) -> str:
    return "".join(RANKS[i] * n for i, n in enumerate(counts) if n)


def take_sorted(cards: list[str], held: str, ranks: str) -> list[str] | None:
    """The cards making up ``ranks`` (sorted) from sorted ``cards`` whose rank string is
    ``held``, lowest suits first, or None: one find per rank rather than a walk."""
    chosen: list[str] = []
    i, n = 0, len(ranks)
    while i < n:
        rank = ranks[i]
        j = i + 1
        while j < n and ranks[j] == rank:
            j += 1
        at = held.find(rank)
        if at < 0 or held[at:at + j - i] != ranks[i:j]:
            return None
        chosen += cards[at:at + j - i]
        i = j
    return chosen


def take(hand: list[str], ranks: str, presorted: bool = False) -> list[str] | None:
    """The cards of ``hand`` that make up ``ranks`` (lowest suit first), or None."""
    if not presorted:
        hand = sorted(hand, key=lambda c: (RANK_INDEX[c[0]], c[1]))
        ranks = normalize(ranks)
    chosen: list[str] = []
    i = 0
    for card in hand:  # both in rank order: one merge walk
        if i == len(ranks):
            break
        if card[0] == ranks[i]:
            chosen.append(card)
            i += 1
    return chosen if i == len(ranks) else None
