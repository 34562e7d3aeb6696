"""Duplicate deals for identity mode: one deal, one policy in one role, the rest another.

Who wins an identity game depends mostly on the deal (the roles' seats and the cards), so
two policies are compared on the *same* deals: each deal is played once with the baseline
policy in every seat, and once per role with the candidate policy in that role's seats
(every loyalist, every rebel...) and the baseline elsewhere. The role's wins with the
candidate against its wins with the baseline, deal by deal, is a paired comparison.

A deal fixes the identities, the deck order and the generator the table's later chance
(reshuffles, a card taken blind) draws on: a table is the same every time it is played.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from domain.sanguosha.cards import DECK_SIZE
from domain.sanguosha.identity import LORD, LOYALIST, REBEL, RENEGADE, IdentityGame, identity_table
from domain.simulate import Policy, play_out

ROLES = (LORD, LOYALIST, REBEL, RENEGADE)


class Deal(NamedTuple):
    seed: int
    roles: list[str]
    deck: list[int]


def deal(seed: int, players: int) -> Deal:
    """The identities and the deck order of deal ``seed`` at a table of ``players``."""
    rng = random.Random(f"identity-deal:{players}:{seed}")
    roles = identity_table(players)
    rng.shuffle(roles)
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    return Deal(seed, roles, deck)


def play_deal(d: Deal, policies: Sequence[Policy], turn_cap: int | None = None,
              generals: bool = False) -> set[str]:
    """Play the deal with one policy per seat; the roles whose seats won. ``generals`` is
    always passed, so the figures do not move with identity's default: false plays the
    first game (no generals), as every figure measured so far."""
    n = len(d.roles)
    options: dict[str, Any] = {"generals": generals}
    if turn_cap is not None:
        options["turn_cap"] = turn_cap
    rng = random.Random(f"identity-play:{n}:{d.seed}")
    game = IdentityGame.new([f"p{i}" for i in range(n)], options, agents=["bot"] * n,
                            rng=rng, deck=list(d.deck), roles=list(d.roles))
    play_out(game, policies, rng)
    assert game.outcome is not None
    return {d.roles[s] for s in game.outcome["winners"]}


class DealResult(NamedTuple):
    """Which roles won with the baseline everywhere, and whether each role won with the
    candidate in its seats."""

    seed: int
    baseline: frozenset[str]
    candidate: dict[str, bool]


def play_duplicate(seed: int, players: int, candidate: Policy, baseline: Policy,
                   roles: Sequence[str] = ROLES, generals: bool = False) -> DealResult:
    d = deal(seed, players)
    base = play_deal(d, [baseline] * players, generals=generals)
    won = {}
    for role in roles:
        policies = [candidate if r == role else baseline for r in d.roles]
        won[role] = role in play_deal(d, policies, generals=generals)
    return DealResult(seed, frozenset(base), won)
