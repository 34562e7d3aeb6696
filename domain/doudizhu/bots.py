"""Dou Dizhu bot policies: ``random``, ``greedy`` and ``expert`` (in ``expert.py``)."""

from __future__ import annotations

import random
from typing import Any

from domain.doudizhu.cards import RANK_INDEX, counts_of, to_ranks
from domain.doudizhu.expert import expert_policy
from domain.doudizhu.hand import Hand
from domain.doudizhu.patterns import PatternKind, classify


def random_policy(game: Hand, seat: int, rng: random.Random) -> dict[str, Any]:
    """Uniform over the legal actions, bids and passes included.

    While playing it draws an index over [pass?] + plays rather than building every
    action: the same draw as ``rng.choice(game.legal_actions(seat))``, so the same games.
    """
    if game.phase != "playing":
        return rng.choice(game.legal_actions(seat))
    plays = game.legal_plays(seat)
    if game.last_play is None:
        return {"type": "play", "cards": plays[rng.randrange(len(plays))]}
    i = rng.randrange(len(plays) + 1)
    return {"type": "pass"} if i == 0 else {"type": "play", "cards": plays[i - 1]}


def hand_strength(ranks: str) -> int:
    """A rough count of sure winners: bombs, rocket, twos and aces."""
    counts = counts_of(ranks)
    score = 0
    score += 3 * sum(1 for n in counts[:13] if n == 4)
    score += 3 if counts[13] and counts[14] else (counts[14] * 2 + counts[13])
    score += counts[RANK_INDEX["2"]] * 2 + counts[RANK_INDEX["A"]]
    return score


def _cost(ranks: str) -> tuple[int, int, int]:
    """Order plays so the cheapest that still works comes first; bombs last."""
    p = classify(ranks)
    assert p is not None
    bomb = 1 if p.kind in (PatternKind.BOMB, PatternKind.ROCKET) else 0
    return bomb, p.main, -p.size


def greedy_policy(game: Hand, seat: int, rng: random.Random) -> dict[str, Any]:
    """Bid by hand strength; play the smallest play that beats; keep bombs for need."""
    actions = game.legal_actions(seat)
    if game.phase == "bidding":
        strength = hand_strength(to_ranks(game.hands[seat]))
        want = 3 if strength >= 9 else 2 if strength >= 6 else 1 if strength >= 4 else 0
        bids = [a for a in actions if a["type"] == "bid" and a["value"] <= want]
        return bids[-1] if bids else {"type": "pass"}
    plays = sorted((a for a in actions if a["type"] == "play"), key=lambda a: _cost(a["cards"]))
    if not plays:
        return {"type": "pass"}
    if game.last_play is None:
        # lead the play that sheds the most cards among the lowest main ranks
        non_bombs = [a for a in plays if _cost(a["cards"])[0] == 0] or plays
        low = min(_cost(a["cards"])[1] for a in non_bombs)
        return max((a for a in non_bombs if _cost(a["cards"])[1] == low),
                   key=lambda a: len(a["cards"]))
    best = plays[0]
    if _cost(best["cards"])[0] == 1:
        # only a bomb beats it: use it against an opponent close to going out
        last_seat = game.last_play[0]
        partner = game.landlord not in (seat, last_seat)
        if partner or len(game.hands[last_seat]) > 4:
            return {"type": "pass"}
    elif game.landlord is not None and game.landlord not in (seat, game.last_play[0]):
        return {"type": "pass"}  # do not overtake a partner
    return best


POLICIES = {"random": random_policy, "greedy": greedy_policy, "expert": expert_policy}
