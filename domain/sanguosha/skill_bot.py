"""How the identity bots use skills: the shared layer under ``identity`` and ``expert``.

Decides from the seat's view only (``Seen``): the skill asked about, the public facts of
the timing point (``pending["context"]``), the seat's own hand. ``friend(seen, s)`` is the
policy's own reading of the table: > 0 a friend, < 0 an enemy.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.sanguosha import skill_bot_qun
from domain.sanguosha.cards import (
    DODGE,
    DUEL,
    INDULGENCE,
    KILL,
    LIGHTNING,
    NAME,
    NULLIFICATION,
    NUMBER,
    PEACH,
)
from domain.sanguosha.judgment import judge_result
from domain.sanguosha.seen import Seen
from domain.sanguosha.skill import GENERAL_SKILLS, SKILLS

Action = dict[str, Any]
Friend = Callable[[Seen, int], float]
DECLINE: Action = {"type": "decline"}
_VALUE = {PEACH: 10, DODGE: 7, NULLIFICATION: 7, KILL: 5, DUEL: 5}


def worth(card: int) -> int:
    return _VALUE.get(NAME[card], 3)


def _cheapest(template: Action, k: int | None = None) -> Action:
    k = template["count"] if k is None else k
    out = {key: v for key, v in template.items() if key not in ("count", "from")}
    out["cards"] = sorted(template["from"], key=worth)[:k]
    return out


def _good_for_owner(reason: str, result: bool) -> bool:
    """Whether a judgment result helps the seat judged (Indulgence, Lightning: the reverse)."""
    return not result if reason in (INDULGENCE, LIGHTNING) else result


def _retrial(seen: Seen, friend: Friend) -> Action:
    ctx = seen.pending.get("context") or {}
    judged, reason, now = ctx.get("judged"), ctx.get("reason"), ctx.get("judge_card")
    if judged is None or reason is None or now is None:
        return DECLINE
    f = friend(seen, judged)
    if f == 0:
        return DECLINE
    want = f > 0
    if _good_for_owner(reason, judge_result(reason, now)) == want:
        return DECLINE
    fits = [a for a in seen.legal if a["type"] == "skill"
            and _good_for_owner(reason, judge_result(reason, a["card"])) == want]
    return min(fits, key=lambda a: worth(a["card"])) if fits else DECLINE


def _trigger(seen: Seen, friend: Friend) -> Action:
    """Whether (and how) to use the skill a timing point asks about."""
    sid = seen.pending.get("skill")
    offers = [a for a in seen.legal if a["type"] == "skill"]
    if not offers:
        return DECLINE
    qun = skill_bot_qun.trigger(seen, friend, sid, offers, worth)
    if qun is not None:
        return qun
    if sid in ("guicai", "guidao"):
        return _retrial(seen, friend)
    if sid == "hongyan":  # show Xiao Qiao when her spade read as a heart helps her
        ctx = seen.pending.get("context") or {}
        reason, now = ctx.get("reason"), ctx.get("judge_card")
        helps = reason is not None and now is not None and _good_for_owner(
            reason, judge_result(reason, now, True)) and not _good_for_owner(
            reason, judge_result(reason, now))
        return offers[0] if helps else DECLINE
    if sid in ("kongcheng_kw", "huoshou", "juxiang"):  # a hidden general's: show it
        return offers[0]  # (rather not be hit; Juxiang also takes the invasion's card)
    if sid in ("weimu", "qianxun_kw"):  # (rules 7) show him to cancel another's trick;
        # its own card (a black Lightning on itself) it meant to use: keep it
        user = (seen.pending.get("context") or {}).get("user")
        return DECLINE if user == seen.me else offers[0]
    if sid == "tianxiang":  # the damage to an enemy (one left with few HP first)
        enemies = [a for a in offers if friend(seen, a["targets"][0]) < 0]
        if not enemies:
            return DECLINE
        return min(enemies, key=lambda a: (seen.hp[a["targets"][0]], worth(a["card"])))
    if sid in ("liuli", "liuli_kw"):
        enemies = [a for a in offers if friend(seen, a["targets"][0]) < 0]
        pool = enemies or [a for a in offers if friend(seen, a["targets"][0]) <= 0]
        return min(pool, key=lambda a: worth(a["card"])) if pool else DECLINE
    if sid == "tuxi":
        scored = [(sum(-friend(seen, t) for t in a["targets"]), a) for a in offers]
        best_score, best = max(scored, key=lambda x: (x[0], len(x[1]["targets"])))
        return best if best_score > 0 else DECLINE
    if sid == "yinghun":  # a friend draws X, an enemy discards X
        def score(a: Action) -> float:
            f = friend(seen, a["targets"][0])
            return f * (1 if a.get("choice") != "discard_x" else -1) + (f == 0) * -0.5
        return max(offers, key=score)
    if sid == "luoyi":
        attack = sum(1 for c in seen.hand if NAME[c] in (KILL, DUEL))
        return offers[0] if attack >= 2 else DECLINE
    if sid == "fangquan":
        if "count" not in offers[0]:  # skip the play phase: with little to play
            useful = sum(1 for c in seen.hand if worth(c) >= 5)
            return offers[0] if useful <= 1 else DECLINE
        mates = [a for a in offers if a["targets"][0] != seen.me
                 and friend(seen, a["targets"][0]) > 0]
        return _cheapest(mates[0]) if mates else DECLINE
    if sid == "shushen":
        mates = [a for a in offers if friend(seen, a["targets"][0]) > 0]
        return min(mates, key=lambda a: seen.hand_count[a["targets"][0]]) if mates \
            else DECLINE
    if sid == "shenzhi":  # worth it only when it heals and costs little
        hp = seen.hp[seen.me]
        return offers[0] if hp < seen.max_hp[seen.me] and len(seen.hand) >= hp \
            and len(seen.hand) <= 2 else DECLINE
    if sid == "liegong" or sid == "tieqi":
        target = (seen.pending.get("context") or {}).get("target")
        return offers[0] if target is None or friend(seen, target) <= 0 else DECLINE
    return _trigger_kw(seen, friend, sid, offers)


def _trigger_kw(seen: Seen, friend: Friend, sid: str | None, offers: list[Action]) -> Action:
    """Kingdom Wars skills (Wei): help friends, hurt enemies, keep one's own turn."""
    me = seen.me
    if sid in ("shensu", "xiaoguo"):  # a Kill (or Xiaoguo's damage) only on an enemy
        target = seen.current if sid == "xiaoguo" else None
        pool = [a for a in offers if friend(seen, a["targets"][0] if target is None
                                            else target) < 0]
        if sid == "shensu":
            pool = [a for a in pool if "card" not in a or len(seen.hand) <= 2]
        return min(pool, key=lambda a: worth(a["card"]) if "card" in a else 0) \
            if pool else DECLINE
    if sid == "jieming":  # the friend (or self) who draws the most
        def gain(a: Action) -> int:
            t = a["targets"][0]
            return min(5, seen.max_hp[t]) - seen.hand_count[t]
        mine = [a for a in offers if a["targets"][0] == me or friend(seen, a["targets"][0]) > 0]
        best = max(mine, key=gain, default=None)
        return best if best is not None and gain(best) > 0 else DECLINE
    if sid == "fangzhu":  # an enemy turned over (few cards for them), else a friend face
        # down to turn back up is not known from here: enemies only
        enemies = [a for a in offers if friend(seen, a["targets"][0]) < 0]
        return enemies[0] if enemies else DECLINE
    if sid == "qiaobian":  # phase: judgment (a bad trick), draw (rob enemies), discard
        phase = seen.view.get("phase")
        junk = sorted((a for a in offers if not a.get("targets")), key=lambda a: worth(a["card"]))
        if phase == "draw":
            rob = [a for a in offers if a.get("targets")
                   and all(friend(seen, t) < 0 for t in a["targets"])]
            return max(rob, key=lambda a: (len(a["targets"]), -worth(a["card"]))) \
                if rob else DECLINE
        if phase == "judgment":
            bad = bool(seen.judging[me])  # every delayed trick (a Guose diamond too)
            return junk[0] if junk and bad else DECLINE
        if phase == "discard":
            over = len(seen.hand) - seen.hp[me]
            return junk[0] if junk and over >= 2 else DECLINE
        return DECLINE
    offer = offers[0]
    return _cheapest(offer) if "count" in offer else offer


def _effect(seen: Seen, friend: Friend) -> Action:
    """A question a skill's effect asks (the owner's choice, or its victim's)."""
    sid, legal, me = seen.pending.get("skill"), seen.legal, seen.me
    qun = skill_bot_qun.effect(seen, friend, sid, legal, worth)
    if qun is not None:
        return qun
    if sid == "quhu":  # the victim: the worst enemy in range
        return min(legal, key=lambda a: friend(seen, a["targets"][0]))
    if sid == "xiaoguo":  # an equipment card, or 1 damage
        template = next((a for a in legal if a["type"] == "discard"), None)
        return _cheapest(template) if template is not None and seen.hp[me] <= 2 else DECLINE
    if sid == "qiaobian":  # move an enemy's gear to a friend, a friend's trick to an enemy
        def score(a: Action) -> float:
            to = a["targets"][0]
            return friend(seen, to) if NAME[a["card"]] not in (INDULGENCE, LIGHTNING) \
                else -friend(seen, to)
        best = max((a for a in legal if a != DECLINE), key=score, default=None)
        return best if best is not None and score(best) > 0 else DECLINE
    if sid in ("ganglie", "ganglie_kw"):  # the source: two hand cards, or 1 damage
        template = next((a for a in legal if a["type"] == "discard"), None)
        if template is not None and (seen.hp[me] <= 1 or len(template["from"]) >= 4):
            return _cheapest(template)
        return DECLINE
    if sid == "yiji":
        gives = [a for a in legal if a["type"] == "give"]
        full = max(a["count"] for a in gives)
        mates = [a for a in gives if a["count"] == full and a["targets"][0] != me
                 and friend(seen, a["targets"][0]) > 0]
        pick = min(mates, key=lambda a: seen.hand_count[a["targets"][0]]) if mates else next(
            a for a in gives if a["count"] == full and a["targets"][0] == me)
        return _cheapest(pick, full)
    if sid == "guanxing":
        cards = sorted(legal[0]["from"], key=worth, reverse=True)
        keep = [c for c in cards if worth(c) >= 5]
        return {"type": "arrange", "top": keep, "bottom": [c for c in cards if c not in keep]}
    if sid in ("hujia", "jijiang"):  # asked to answer for the lord
        owner = seen.pending.get("owner")
        card = next((a for a in legal if a["type"] == "respond"), None)
        return card if card is not None and owner is not None and friend(seen, owner) > 0 \
            else DECLINE
    if sid == "fankui":
        return next((a for a in legal if "card" in a), legal[0])
    if sid == "xiangle":  # the Kill's user: a basic card to make the Kill count
        template = next((a for a in legal if a["type"] == "discard"), None)
        target = seen.pending.get("owner")
        if template is not None and target is not None and friend(seen, target) < 0:
            return _cheapest(template)
        return DECLINE
    if sid == "buqu_wounds":  # wounds of one number go first: the rest must differ
        template, numbers, twice = legal[0], set[int](), list[int]()
        for c in template["from"]:
            (twice if NUMBER[c] in numbers else []).append(c)
            numbers.add(NUMBER[c])
        rest = [c for c in template["from"] if c not in twice]
        return {"type": "discard", "cards": (twice + rest)[:template["count"]]}
    if sid == "pindian":  # either side: the highest number, the cheaper of equals
        return max(legal, key=lambda a: (NUMBER[a["card"]], -worth(a["card"])))
    if sid == "haoshi":  # half the hand to one of the fewest: a friend if there is one
        pick = max(legal, key=lambda a: friend(seen, a["targets"][0]))
        return _cheapest(pick)
    a = next((a for a in legal if a != DECLINE), legal[-1])
    return _cheapest(a) if "count" in a and "from" in a else a  # a template: the cheapest


def choose_general(seen: Seen, rng: random.Random) -> Action:
    """The lord keeps one of the generals with a lord skill (Cao Cao, Liu Bei, Sun Quan:
    made for the lord), at random; any other seat the last offered."""
    offers = [a for a in seen.legal if a["type"] == "choose_general"]
    lords = [a for a in offers if any(SKILLS[s].lord for s in GENERAL_SKILLS[a["general"]])]
    if seen.roles[seen.me] == "lord" and lords:
        return rng.choice(lords)
    return offers[-1]


def skill_answer(seen: Seen, friend: Friend,
                 rng: random.Random | None = None) -> Action | None:
    """The answer to a skill's question (or the choice of a general), or None when the
    window is not a skill's."""
    p = seen.pending or {}
    if seen.ask == "choose_general" and rng is not None:
        return choose_general(seen, rng)
    if seen.ask == "skill":
        return _trigger(seen, friend)
    if p.get("effect") == "sk" and seen.legal:
        return _effect(seen, friend)
    return None


def skill_plays(seen: Seen, friend: Friend) -> list[tuple[float, Action]]:
    """The play phase's skill uses worth making, scored like card uses (0: not worth it)."""
    me, hand = seen.me, seen.hand
    out: list[tuple[float, Action]] = []
    wounded_me = seen.hp[me] < seen.max_hp[me]
    for a in seen.legal:
        if a["type"] != "skill":
            continue
        sid, targets = a["skill"], a.get("targets", [])
        rel = [friend(seen, t) for t in targets]
        if sid in ("rende", "rende_kw") and rel[0] > 0:
            if wounded_me and a["count"] == (2 if sid == "rende" else 3):
                out.append((5.0, _cheapest(a)))
            elif len(hand) > seen.hp[me] and a["count"] == len(hand) - seen.hp[me]:
                out.append((2.0, _cheapest(a)))
        elif sid == "zhiheng":
            junk = [c for c in a["from"] if worth(c) <= 3 and c in hand]
            if junk and a["count"] == len(junk):
                out.append((2.5, {**_cheapest(a), "cards": junk}))
        elif sid == "kurou":
            if seen.hp[me] >= 3 or (seen.hp[me] >= 2 and any(NAME[c] == PEACH for c in hand)):
                out.append((4.0, a))
        elif sid == "fanjian" and rel[0] < 0:
            out.append((4.0, a))
        elif sid in ("jieyin", "qingnang") and rel[0] > 0:
            out.append((6.0, _cheapest(a)))
        elif sid == "lijian" and rel[0] < 0 and rel[1] <= 0:
            out.append((5.0 - rel[1], _cheapest(a)))
        elif sid == "tianyi" and rel[0] < 0 and high_card(hand) and any(
                NAME[c] == KILL for c in hand):
            out.append((4.6, a))
        elif sid == "dimeng" and sorted(rel) == [-1, 1]:
            enemy, mate = (targets if rel[0] < 0 else targets[::-1])
            if seen.hand_count[enemy] > seen.hand_count[mate] and a.get("count", 0) <= 2:
                out.append((3.0, _cheapest(a) if "count" in a else a))
        elif sid == "zhijian" and rel[0] > 0:
            out.append((3.0, a))
        elif sid == "jijiang" and rel[0] < 0 and not any(NAME[c] == KILL for c in hand):
            out.append((4.5, a))
        elif sid == "quhu" and high_card(hand) and len(hand) >= 2:
            out.append((3.5, a))
        elif sid == "qiangxi" and rel[0] < 0 and ("card" in a or seen.hp[me] >= 3):
            out.append((4.5 if "card" in a else 3.0, a))
    return out + skill_bot_qun.plays(seen, friend, worth)


def high_card(hand: list[int]) -> bool:
    """A card likely to win a pindian (a Queen or a King)."""
    return any(NUMBER[c] >= 12 for c in hand)


def converted_penalty(a: Action) -> float:
    """Using a card as another costs what the real card was worth."""
    return worth(a["card"]) / 2 if a.get("skill") and "card" in a else 0.0
