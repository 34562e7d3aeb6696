"""How bots use the Qun generals' Kingdom Wars skills (skills/kw_qun*.py), from the seat's
view only. ``skill_bot`` asks here first: each function returns None for a skill that is
not one of these, so the shared layer decides."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.sanguosha.cards import NAME, NUMBER
from domain.sanguosha.seen import Seen

Action = dict[str, Any]
Friend = Callable[[Seen, int], float]
DECLINE: Action = {"type": "decline"}


def _cheapest(template: Action, worth: Callable[[int], int]) -> Action:
    out = {k: v for k, v in template.items() if k not in ("count", "from")}
    out["cards"] = sorted(template["from"], key=worth)[:template["count"]]
    return out


def _enemy_first(seen: Seen, friend: Friend, offers: list[Action]) -> Action | None:
    """The offer on the weakest enemy (its first target), if any."""
    foes = [a for a in offers if a.get("targets") and friend(seen, a["targets"][0]) < 0]
    return min(foes, key=lambda a: seen.hp[a["targets"][0]]) if foes else None


def trigger(seen: Seen, friend: Friend, sid: str | None, offers: list[Action],
            worth: Callable[[int], int]) -> Action | None:
    """Whether to use a Qun skill a timing point asks about (None: not a Qun skill)."""
    ctx = seen.pending.get("context") or {}
    if sid == "mengjin":
        return offers[0] if friend(seen, ctx.get("target", -1)) < 0 else DECLINE
    if sid in ("sijian", "leiji"):
        return _enemy_first(seen, friend, offers) or DECLINE
    if sid == "shuangren":
        best = max((NUMBER[c] for c in seen.hand), default=0)
        pick = _enemy_first(seen, friend, offers)
        return pick if pick is not None and best >= 11 else DECLINE
    if sid == "beige":
        victim, source = ctx.get("victim", -1), ctx.get("source")
        helps = friend(seen, victim) > 0 or (source is not None and friend(seen, source) < 0)
        return _cheapest(offers[0], worth) if helps else DECLINE
    if sid == "lirang":
        return offers[0] if any(friend(seen, s) > 0 for s in range(len(seen.hp))
                                if s != seen.me) else DECLINE
    return None


def effect(seen: Seen, friend: Friend, sid: str | None, legal: list[Action],
           worth: Callable[[int], int]) -> Action | None:
    """The answer to a Qun skill's own question (None: not a Qun skill)."""
    me = seen.me
    if sid == "kuangfu":
        return next((a for a in legal if a.get("choice") == "take"), legal[0])
    if sid == "luanwu":  # a Kill on an enemy; on a friend only to save one's last HP
        kills = [a for a in legal if a != DECLINE]
        foes = [a for a in kills if friend(seen, a["targets"][0]) < 0]
        pick = foes or (kills if seen.hp[me] <= 1 else [])
        if not pick:
            return DECLINE
        a = min(pick, key=lambda x: seen.hp[x["targets"][0]])
        return _cheapest(a, worth) if "count" in a else a
    if sid == "beige":  # the source must discard
        return _cheapest(legal[0], worth)
    if sid == "lirang":
        gives = [a for a in legal if a.get("type") == "give" and friend(seen, a["targets"][0]) > 0]
        if not gives:
            return DECLINE
        full = max(a["count"] for a in gives)
        a = min((g for g in gives if g["count"] == full),
                key=lambda g: seen.hand_count[g["targets"][0]])
        return {**_cheapest(a, worth), "cards": list(a["from"])[:full]}
    if sid == "shuangren":
        return min(legal, key=lambda a: (friend(seen, a["targets"][0]), seen.hp[a["targets"][0]]))
    return None


def plays(seen: Seen, friend: Friend, worth: Callable[[int], int]) -> list[tuple[float, Action]]:
    """The play phase's Qun skill uses worth making, scored like card uses."""
    me, n = seen.me, len(seen.hp)
    others = [s for s in range(n) if s != me and seen.alive[s]]
    foes = sum(1 for s in others if friend(seen, s) < 0)
    mates = sum(1 for s in others if friend(seen, s) > 0)
    out: list[tuple[float, Action]] = []
    for a in seen.legal:
        if a["type"] != "skill":
            continue
        sid, targets = a["skill"], a.get("targets", [])
        if sid == "lijian_kw" and friend(seen, targets[0]) < 0 and friend(seen, targets[1]) <= 0:
            out.append((5.0 - friend(seen, targets[1]), _cheapest(a, worth)))
        elif sid == "luanji" and foes > mates:
            cheap = [c for c in a["from"] if NAME[c] not in ("peach", "dodge")]
            if len(cheap) >= 2:
                out.append((3.5, {**_cheapest(a, worth), "cards": cheap[:2]}))
        elif sid == "luanwu" and foes >= mates + 2:
            out.append((4.0, a))
        elif sid == "xiongyi":
            out.append((4.5, a))
        elif sid == "qingcheng" and friend(seen, targets[0]) < 0:
            out.append((3.0, _cheapest(a, worth)))
    return out
