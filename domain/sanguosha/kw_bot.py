"""How the card-playing bots use the Kingdom Wars deck's own cards, from the seat's view.

``use_score`` scores a play-phase use of one of these cards (None: not one of them), on
the scale of ``bots._use_score`` (a Kill on an enemy is 6); ``answer`` answers their
questions. ``friend(seen, s)`` is the policy's reading of the table: > 0 a friend.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.sanguosha.cards import (
    AWAIT_EXHAUSTED,
    BEFRIEND_ATTACKING,
    FIRE_ATTACK,
    IRON_CHAIN,
    KILL,
    KNOWN_BOTH,
    NAME,
    SUIT,
    VINE,
    WINE,
)
from domain.sanguosha.seen import Seen

Action = dict[str, Any]
Friend = Callable[[Seen, int], float]
DECLINE: Action = {"type": "decline"}
#: the asks ``answer`` knows
ASKS = frozenset({"show_card", "fire_attack", "await_discard", "known_both", "feather_fan",
                  "triblade"})
_KEEP = {"peach": 10, "dodge": 7, "nullification": 7, "kingdom_nullification": 7,
         "wine": 6, "kill": 5}


def keep(card: int) -> int:
    return _KEEP.get(NAME[card], 3)


def chained(seen: Seen, seat: int) -> bool:
    return bool(seen.view["seats"][seat].get("chained"))


def _kill_on_enemy(seen: Seen, friend: Friend) -> bool:
    return any(a["type"] == "use" and "card" in a and NAME[a["card"]] == KILL
               and a.get("targets") and all(friend(seen, t) < 0 for t in a["targets"])
               for a in seen.legal)


def use_score(seen: Seen, a: Action, friend: Friend) -> float | None:
    """What a use of one of the deck's new cards is worth now (None: not one of them)."""
    name = a.get("as") or NAME[a["card"]]
    targets = a.get("targets", [])
    me = seen.me
    if name == WINE:
        # drunk just before a Kill on an enemy (scored above the Kill); kept to save oneself
        return 7 if seen.hp[me] > 1 and _kill_on_enemy(seen, friend) else -1
    if name == IRON_CHAIN:
        gain = 0.0
        for t in targets:
            rel = friend(seen, t)
            gain += (1 if rel < 0 and not chained(seen, t) else
                     1 if rel > 0 and chained(seen, t) else -1)
        return 2 + gain if gain > 0 else -1
    if name == FIRE_ATTACK:
        tg = targets[0]
        suits = {SUIT[c] for c in seen.hand if c != a.get("card")}
        if tg == me or friend(seen, tg) >= 0 or len(suits) < 2:
            return -1
        return 3 + (2 if seen.equip[tg][1] is not None and NAME[seen.equip[tg][1]] == VINE
                    else 0) + (1 if chained(seen, tg) else 0)
    if name == AWAIT_EXHAUSTED:
        return 3
    if name == KNOWN_BOTH:
        return 2 if friend(seen, targets[0]) <= 0 else -1
    if name == BEFRIEND_ATTACKING:
        return 8
    return None


def recast(seen: Seen) -> Action | None:
    """A card worth recasting when nothing better is played: the first offered (a card a
    skill recasts, Lianhuan's club, only if it is worth no more than a trick)."""
    return next((a for a in seen.legal if a["type"] == "recast"
                 and ("skill" not in a or keep(a["card"]) <= 3)), None)


def _cheapest(template: Action) -> Action:
    out = {k: v for k, v in template.items() if k not in ("count", "from")}
    out["cards"] = sorted(template["from"], key=keep)[: template["count"]]
    return out


def answer(seen: Seen, friend: Friend) -> Action:
    """The answer to one of ``ASKS``."""
    ask, legal, p = seen.ask, seen.legal, seen.pending
    if ask == "show_card":  # show the card least worth keeping
        return min(legal, key=lambda a: keep(a["card"]))
    if ask in ("fire_attack", "await_discard"):
        template = next((a for a in legal if "count" in a), None)
        if template is None or (ask == "fire_attack" and friend(seen, p["targets"][0]) >= 0):
            return DECLINE
        return _cheapest(template)
    if ask == "known_both":  # a hidden general tells a side; a hand only cards
        return next((a for a in legal if a["choice"] != "hand"), legal[0])
    if ask == "feather_fan":
        return {"type": "accept"} if friend(seen, p["target"]) < 0 else DECLINE
    if ask == "triblade":
        hits = [a for a in legal if a["type"] == "skill" and friend(seen, a["targets"][0]) < 0]
        return min(hits, key=lambda a: keep(a["card"])) if hits else DECLINE
    return legal[-1]
