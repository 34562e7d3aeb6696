"""RLCard's rule agent ``DouDizhuRuleAgentV1`` seated at a paiju table.

RLCard is installed on first use with pip into the running environment; it is not a
dependency of paiju. The agent runs unchanged: each turn it gets the raw observation it
reads in RLCard (``trace``, ``current_hand``, ``actions``, ``landlord``, ``self``), built
from the seat's own hand and the public record of the paiju hand, and its answer (a rank
string or ``'pass'``) is sent back as a paiju action. Both games write cards the same
way (``3456789TJQKA2BR``, sorted low to high) and allow the same plays, so no card or
play needs translating; ``check_same_plays`` verifies that on sampled hands.

The agent draws with NumPy's global generator when it has no same-type answer; it is
seeded from the paiju ``rng`` at each of its turns, so a table replays exactly.
"""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
from typing import Any

from domain.doudizhu.cards import DECK, to_ranks
from domain.doudizhu.hand import Hand
from domain.doudizhu.moves import legal_moves_sorted
from domain.simulate import Policy


def ensure_rlcard() -> None:
    """Import rlcard, pip-installing it into this environment the first time."""
    try:
        importlib.import_module("rlcard")
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "rlcard"])
        importlib.invalidate_caches()
        importlib.import_module("rlcard")


def observation(game: Hand, seat: int) -> dict[str, Any]:
    """The raw observation RLCard gives a seat, from paiju's public record and the
    seat's own hand. ``trace`` is the play so far as (seat, ranks or 'pass');
    ``actions`` lists 'pass' first when passing is allowed, as RLCard does."""
    plays = list(legal_moves_sorted(game.ranks[seat],
                                    None if game.last_play is None else game.last_play[1]))
    actions = plays if game.last_play is None else ["pass", *plays]
    return {"raw_obs": {
        "trace": [(who, ranks or "pass") for who, ranks, _ in game.plays],
        "current_hand": game.ranks[seat],
        "actions": actions,
        "landlord": game.landlord,
        "self": seat,
    }}


def rule_agent_policy() -> Policy:
    """RLCard's ``DouDizhuRuleAgentV1`` as a paiju policy (for the playing phase)."""
    ensure_rlcard()
    import numpy as np
    from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1

    agent = DouDizhuRuleAgentV1()

    def policy(game: Hand, seat: int, rng: random.Random) -> dict[str, Any]:
        if game.phase != "playing":
            raise ValueError("the RLCard rule agent does not bid; fix the bidding first")
        np.random.seed(rng.randrange(2**32))
        action = str(agent.step(observation(game, seat)))
        return {"type": "pass"} if action == "pass" else {"type": "play", "cards": action}

    return policy


def check_same_plays(hands: int = 2000, seed: int = 0) -> int:
    """Every play paiju allows for random 20- and 17-card hands is one RLCard knows, of
    the same kind; returns the number of plays checked (raises on a difference)."""
    ensure_rlcard()
    from rlcard.games.doudizhu.utils import CARD_TYPE

    from domain.doudizhu.patterns import classify_sorted

    names = {"single": "solo", "pair": "pair", "trio": "trio", "trio_single": "trio_solo",
             "trio_pair": "trio_pair", "straight": "solo_chain", "pair_chain": "pair_chain",
             "airplane": "trio_chain", "airplane_singles": "trio_solo_chain",
             "airplane_pairs": "trio_pair_chain", "four_two_singles": "four_two_solo",
             "four_two_pairs": "four_two_pair", "bomb": "bomb", "rocket": "rocket"}
    rng = random.Random(seed)
    checked = 0
    for _ in range(hands):
        deck = list(DECK)
        rng.shuffle(deck)
        for cards in (deck[:20], deck[20:37]):
            for play in legal_moves_sorted(to_ranks(cards), None):
                theirs = CARD_TYPE[0].get(play)
                if theirs is None:
                    raise AssertionError(f"RLCard does not know the play {play}")
                ours = classify_sorted(play)
                assert ours is not None
                kind = theirs[0][0].rstrip("0123456789").rstrip("_")
                if names[ours.kind.value] != kind:
                    raise AssertionError(f"{play}: paiju {ours.kind.value}, RLCard {kind}")
                checked += 1
    return checked
