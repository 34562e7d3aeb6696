"""Bot policies: ``(game, seat, rng) -> action``.

``random`` is uniform over the listed legal actions (a template is then filled with random
cards). ``identity`` plays its identity from what the seat may know: its own role, the
lord, revealed roles and the public record of who attacked or rescued whom. ``kingdom``
(Kingdom Wars) plays for the side its own generals give it, from the public sides.
Both read the table only through ``Seen`` (the seat's own view, see ``seen.py``), never
the engine's state; ``expert`` (``expert.py``) is the stronger identity-mode policy.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.sanguosha import kw_bot, kw_cards
from domain.sanguosha.actions import concretize
from domain.sanguosha.cards import (
    AMAZING_GRACE,
    ARMOR,
    ARROWS,
    BARBARIANS,
    COLLATERAL,
    DISMANTLEMENT,
    DODGE,
    DUEL,
    EQUIPMENT,
    EX_NIHILO,
    FIRE_ATTACK,
    INDULGENCE,
    KILL,
    KIND,
    LIGHTNING,
    NAME,
    NULLIFICATION,
    PEACH,
    PEACH_GARDEN,
    PLUS,
    SLOT,
    SNATCH,
    SUPPLY_SHORTAGE,
    WEAPON,
)
from domain.sanguosha.expert import expert_policy
from domain.sanguosha.generals import ROSTER, perfect_pair
from domain.sanguosha.hegemony import (
    CAREERIST,
    HegemonyGame,
    becomes_careerist,
    careerist_side,
)
from domain.sanguosha.identity import (
    LORD,
    LOYALIST,
    REBEL,
    RENEGADE,
    IdentityGame,
    identity_table,
)
from domain.sanguosha.seen import Seen
from domain.sanguosha.skill import SKILLS
from domain.sanguosha.skill_bot import converted_penalty, skill_answer, skill_plays

Action = dict[str, Any]

#: how much a bot wants to keep a card (higher = discard later)
VALUE = {PEACH: 10, DODGE: 7, NULLIFICATION: 7, EX_NIHILO: 8, KILL: 5, SNATCH: 6,
         DUEL: 5, INDULGENCE: 5, DISMANTLEMENT: 5, BARBARIANS: 4, ARROWS: 4,
         COLLATERAL: 3, AMAZING_GRACE: 3, PEACH_GARDEN: 3, LIGHTNING: 1}
HARMFUL = {KILL, DUEL, DISMANTLEMENT, SNATCH, INDULGENCE, LIGHTNING, COLLATERAL,
           BARBARIANS, ARROWS, FIRE_ATTACK, SUPPLY_SHORTAGE}


def random_policy(game: Any, seat: int, rng: random.Random) -> Action:
    """Uniform over the legal actions."""
    return concretize(rng.choice(game.legal_actions(seat)), rng)


def value(card: int) -> int:
    return VALUE.get(NAME[card], 4 if KIND[card] == EQUIPMENT else 2)


# --- what an identity seat believes ---------------------------------------------------
def lord_of(seen: Seen) -> int:
    """The lord's seat: its identity is public from the deal."""
    return seen.roles.index(LORD)


def leaning(seen: Seen, seat: int) -> float:
    """> 0: acts like a rebel (attacks the lord); < 0: acts for the lord."""
    lord = lord_of(seen)
    h = seen.hostility
    lean = float(h[seat][lord])
    for other in range(seen.n):
        if other not in (seat, lord) and h[seat][other] and h[other][lord] > 0:
            lean -= 0.5 * h[seat][other]  # attacking the lord's attackers
    return lean


def unknown_roles(seen: Seen) -> tuple[list[int], dict[str, int]]:
    """The living seats whose role the seat does not know, and the roles left among them
    (the identity table is public and so is every dead seat's role)."""
    memo = seen.memo.get("unknown_roles")
    if memo is not None:
        return memo
    left = {r: 0 for r in (LORD, LOYALIST, REBEL, RENEGADE)}
    for r in identity_table(seen.n, seen.options.get("ten_player_table", "two_renegades")):
        left[r] += 1
    unknown = []
    for s in range(seen.n):
        role = seen.roles[s]
        if role is not None:
            left[role] -= 1
        else:
            unknown.append(s)
    seen.memo["unknown_roles"] = unknown, left
    return unknown, left


def relation(seen: Seen, other: int) -> int:
    """+1 friend, -1 enemy, 0 unknown, as the seat sees ``other``."""
    me = seen.me
    if other == me:
        return 1
    roles, mine = seen.roles, seen.roles[me]
    if mine == RENEGADE:
        return _renegade_view(seen, other)
    known = roles[other]
    if known is not None:
        if mine in (LORD, LOYALIST):
            return 1 if known in (LORD, LOYALIST) else -1
        return 1 if known == REBEL else -1
    unknown, left = unknown_roles(seen)
    friends = left[LOYALIST] if mine in (LORD, LOYALIST) else left[REBEL]
    if friends == 0:
        return -1
    if friends == len(unknown):
        return 1
    evidence = _evidence(seen, other)
    if evidence > 0:
        return -1
    if evidence < 0:
        return 1
    # no evidence for a long time: the loyalists press the unknown
    return -1 if mine == LOYALIST and seen.turn > 12 * seen.n else 0


def _evidence(seen: Seen, other: int) -> int:
    """> 0 when ``other`` has attacked seats the seat knows to be on its side (or rescued
    its known enemies); < 0 for the reverse."""
    roles, row = seen.roles, seen.hostility[other]
    lord_side = roles[seen.me] in (LORD, LOYALIST)
    score = 0
    for y in range(seen.n):
        h = row[y]
        if not h or y == other or roles[y] is None:
            continue
        friend = (roles[y] in (LORD, LOYALIST)) if lord_side else roles[y] == REBEL
        score += h if friend else -h
    return score


def _renegade_view(seen: Seen, other: int) -> int:
    """Keep the balance: help the weaker side, protect the lord until it is alone."""
    lord = lord_of(seen)
    others = [s for s in range(seen.n) if seen.alive[s] and s not in (seen.me, lord)]
    if other == lord:
        return -1 if not others else (1 if seen.hp[lord] <= 2 else 0)
    _, left = unknown_roles(seen)
    role = seen.roles[other]
    rebels = left[REBEL]  # living rebels: the renegade sees only itself and the lord
    loyal = len(others) - rebels
    if rebels == 0 or loyal == 0:
        return -1
    rebel_like = role == REBEL or (role is None and leaning(seen, other) > 0)
    loyal_like = role == LOYALIST or (role is None and leaning(seen, other) < 0)
    if rebels >= loyal:
        return -1 if rebel_like else 0
    return -1 if loyal_like else 0


Relation = Callable[[Seen, int], int]
Bonus = Callable[[Seen, list[int]], float]


def _lord_bonus(seen: Seen, targets: list[int]) -> float:
    """A rebel's extra wish to hit the lord."""
    return 2 if seen.roles[seen.me] == REBEL and lord_of(seen) in targets else 0


def _spear_bonus(seen: Seen, target: int) -> float:
    return 3 if seen.roles[target] == LORD else 0


def _others_score(seen: Seen, relation: Relation) -> int:
    """Friends minus enemies among the other living seats (for area tricks)."""
    return sum(relation(seen, s) for s in seen.others())


def _use_score(seen: Seen, a: Action, relation: Relation, bonus_of: Bonus) -> float:
    me = seen.me
    if "spear" in a:
        t = a["targets"][0]
        return 2 + _spear_bonus(seen, t) if relation(seen, t) < 0 else -1
    card = a["card"]
    name = a.get("as") or NAME[card]
    targets = a.get("targets", [])
    rel = [relation(seen, t) for t in targets]
    kw = kw_bot.use_score(seen, a, relation)
    if kw is not None:
        return kw - (converted_penalty(a) if "as" in a else 0)
    if "as" in a:
        return _plain_score(seen, a, name, rel, relation, bonus_of) - converted_penalty(a)
    if KIND[card] == EQUIPMENT:
        return 4 if seen.equip[me][SLOT[card]] is None else 1.5  # type: ignore[index]
    if name == PEACH:
        return 9 if seen.hp[me] <= 2 else 3
    if name == EX_NIHILO:
        return 9
    if name == AMAZING_GRACE:
        return 2
    if name == PEACH_GARDEN:
        gain = sum(relation(seen, s) for s in seen.living() if seen.hp[s] < seen.max_hp[s])
        return 2 + gain if gain > 0 else -1
    if name in (BARBARIANS, ARROWS):
        score = -_others_score(seen, relation)
        return 3 + score if score > 0 else -1
    if name == LIGHTNING:
        return -1
    if name == COLLATERAL:
        return 3 if rel[1] < 0 else -1
    return _plain_score(seen, a, name, rel, relation, bonus_of)


def _plain_score(seen: Seen, a: Action, name: str, rel: list[int], relation: Relation,
                 bonus_of: Bonus) -> float:
    """A card used on targets: worth it against enemies only."""
    targets = a.get("targets", [])
    if not rel or min(rel) >= 0:
        # whatever lies in a judgment area is a delayed trick (Guose's diamond too)
        if name in (DISMANTLEMENT, SNATCH) and rel and rel[0] > 0 and seen.judging[targets[0]]:
            return 4  # clear a friend's judgment area
        return -1
    if any(r > 0 for r in rel):
        return -1
    bonus = bonus_of(seen, targets)
    base = {KILL: 6, DUEL: 5, SNATCH: 6, DISMANTLEMENT: 5, INDULGENCE: 5,
            SUPPLY_SHORTAGE: 5}.get(name, 3)
    return base + bonus + 0.1 * len(targets)


def _play(seen: Seen, rng: random.Random, relation: Relation, bonus_of: Bonus) -> Action:
    best, best_score = {"type": "end_play"}, 0.0
    for a in seen.legal:
        if a["type"] != "use":
            continue
        score = _use_score(seen, a, relation, bonus_of) + rng.random() * 0.01
        if score > best_score:
            best, best_score = a, score
    skill_best = max(skill_plays(seen, relation), key=lambda x: x[0], default=None)
    if skill_best is not None and skill_best[0] > best_score:
        return skill_best[1]
    if best["type"] == "end_play":  # nothing worth using: a card to recast, if any
        best = kw_bot.recast(seen) or best
    if "count" in best:
        hand = sorted(best["from"], key=value)  # type: ignore[arg-type]
        return {"type": "use", "spear": True, "cards": hand[:2], "targets": best["targets"]}
    return best


def _cheapest(template: Action) -> Action:
    cards = sorted(template["from"], key=value)[: template["count"]]
    out = {k: v for k, v in template.items() if k not in ("count", "from")}
    out["cards"] = cards
    return out


def _first(legal: list[Action], kind: str) -> Action | None:
    return next((a for a in legal if a["type"] == kind and "count" not in a), None)


def identity_policy(game: IdentityGame, seat: int, rng: random.Random) -> Action:
    """Rebels go for the lord, loyalists guard it, the renegade keeps the balance."""
    return _card_play(Seen.of(game, seat), rng, relation, _lord_bonus)


def _card_play(seen: Seen, rng: random.Random, relation: Relation, bonus_of: Bonus) -> Action:
    """Every card window, played for the friends ``relation`` names, from the view."""
    legal, ask, p, me = seen.legal, seen.ask, seen.pending, seen.me
    decline: Action = {"type": "decline"}
    skilled = skill_answer(seen, relation, rng)
    if skilled is not None:
        return skilled
    if ask == "play":
        return _play(seen, rng, relation, bonus_of)
    if ask in kw_bot.ASKS:
        return kw_bot.answer(seen, relation)
    if ask in ("discard", "axe", "double_swords"):
        template = next((a for a in legal if "count" in a), None)
        if ask == "axe" and (template is None or relation(seen, p["target"]) >= 0
                             or len(template["from"]) < 4):
            return decline
        if ask == "double_swords" and (template is None or len(template["from"]) > 3):
            return decline
        assert template is not None
        return _cheapest(template)
    if ask == "dodge":
        return next((a for a in legal if a["type"] == "eight_trigrams"), None) or _first(
            legal, "respond") or decline
    if ask == "kill":
        if p["effect"] == DUEL:
            other = p["user"] if me != p["user"] else p["targets"][0]
            if relation(seen, other) > 0 and seen.hp[me] > 1:
                return decline
        return _first(legal, "respond") or (
            _cheapest(legal[-2]) if len(legal) > 1 and "count" in legal[-2] else decline)
    if ask == "nullify":
        target, trick = p["target"], p["trick"]
        friend = relation(seen, target)
        want = (trick in HARMFUL and friend > 0) or (trick not in HARMFUL and friend < 0)
        if want != p["nullified"]:
            return _first(legal, "respond") or decline
        return decline
    if ask == "peach":
        dying = p["dying"]
        if dying == me or relation(seen, dying) > 0:
            return _first(legal, "respond") or decline
        return decline
    if ask in ("blade", "collateral"):
        target = p["target"] if ask == "blade" else p["targets"][1]
        if ask == "collateral" or relation(seen, target) < 0:
            kill = _first(legal, "respond")
            if kill is not None and (ask == "blade" or relation(seen, target) <= 0):
                return kill
        return decline
    if ask == "ice_sword":
        return {"type": "accept"} if relation(seen, p["target"]) > 0 else decline
    if ask == "kylin":
        return legal[0] if relation(seen, p["target"]) < 0 else decline
    if ask == "pick":
        target = p["from"]
        if relation(seen, target) > 0:
            judged = [a for a in legal if a.get("card") in seen.judging[target]]
            if judged:
                return judged[0]
        equipment = [a for a in legal if "card" in a and a["card"] in seen.equip[target]]
        for slot in (PLUS, ARMOR, WEAPON):
            for a in equipment:
                if a["card"] == seen.equip[target][slot]:
                    return a
        return legal[0]
    if ask == "grace":
        return max(legal, key=lambda a: value(a["card"]))
    return legal[-1]


IDENTITY_POLICIES = {"random": random_policy, "identity": identity_policy,
                     "expert": expert_policy}


# --- Kingdom Wars -------------------------------------------------------------------
def would_be(seen: Seen) -> str:
    """The side the seat has, or would take if it showed a general now (from its own
    kingdom, which it sees, and the public sides)."""
    me = seen.me
    if seen.sides[me] is not None:
        return seen.sides[me]  # type: ignore[return-value]
    kingdom = seen.view["seats"][me]["kingdom"]
    count = sum(1 for s in seen.sides if s == kingdom)
    return careerist_side(me) if becomes_careerist(count, seen.n) else kingdom


def kingdom_relation(seen: Seen, other: int) -> int:
    """+1 friend, -1 enemy, 0 unknown, as the seat sees ``other``: from its own generals
    (the side it has or would take), the public sides and the public record of attacks."""
    if other == seen.me:
        return 1
    mine = would_be(seen)
    theirs = seen.sides[other]
    if theirs is not None:
        return -1 if mine.startswith(CAREERIST) or theirs != mine else 1
    evidence = 0
    for y in range(seen.n):
        h = seen.hostility[other][y]
        if h and y != other and seen.sides[y] is not None:
            evidence += h if seen.sides[y] == mine else -h
    if evidence:
        return -1 if evidence > 0 else 1
    # nobody shows its hand for long: the hidden are pressed after two rounds
    return -1 if seen.turn > 2 * seen.n else 0


def _no_bonus(seen: Seen, targets: list[int]) -> float:
    return 0


def _pair_value(action: Action) -> tuple[bool, int]:
    head, deputy = action["head"], action["deputy"]
    return perfect_pair(head, deputy), ROSTER[head].hp_halves + ROSTER[deputy].hp_halves


#: damage a target-cancelling hidden skill (Kongcheng, Huoshou...) would spare its owner
_HURTS = frozenset({KILL, DUEL, BARBARIANS, ARROWS, FIRE_ATTACK})


def _in_danger(seen: Seen) -> bool:
    """Whether not answering now may cost the seat its life: it is dying, or a hit it
    does not answer would leave it dying (a Dodge asked, a Kill asked in a Duel or a
    Barbarian Invasion, a hidden general offering to cancel it as a harmful card's
    target), at 1 HP."""
    me, ask, p = seen.me, seen.ask, seen.pending
    if ask == "peach":
        return p.get("dying") == me
    if seen.hp[me] > 1:
        return False
    if ask == "dodge":
        return True
    if ask == "kill":
        return p.get("effect") in (DUEL, BARBARIANS)
    if ask == "skill":
        sid = p.get("skill")
        return (sid in SKILLS and "cancels_target" in SKILLS[sid].mods
                and (p.get("context") or {}).get("card_name") in _HURTS)
    return False


def _kept_hidden(seen: Seen) -> list[Action]:
    """The seat's legal actions that show none of its hidden generals (the view names
    those that would: ``shows_first``), plus, when its life is at stake and nothing
    else answers, the answers that do (a Jijiu Peach for itself, a Longdan Dodge)."""
    showing = {s["action"] for s in seen.view.get("shows_first", ())}
    if not showing:
        return seen.legal
    kept = [a for k, a in enumerate(seen.legal) if k not in showing]
    answered = any(a["type"] not in ("decline", "end_play") for a in kept)
    if _in_danger(seen) and not answered:
        return seen.legal
    return kept


def kingdom_policy(game: HegemonyGame, seat: int, rng: random.Random) -> Action:
    """Keeps a perfect pair or the most HP; shows both generals at once unless that would
    make it a careerist (then only when three or fewer live); plays for its kingdom.

    While showing would make it a careerist it stays hidden: it takes no action that
    shows a general as a side effect (the view's ``shows_first``): no hidden general's
    skill (active, triggered, or a card conversion), no play-phase show (Mashu), and no
    card use only a hidden general's modifier allows (Paoxiao's second Kill, Duanbing's
    extra target, Qicai's far trick). One exception: its life. Dying, or at 1 HP facing
    a hit, with no other answer, it uses a hidden general's Peach or Dodge (Jijiu,
    Longdan, Qingguo, Bazhen), Kill (in a Duel or against Barbarians) or target cancel
    (Kongcheng against a Kill): a careerist alive beats a hidden seat dead, and death
    shows its generals anyway. Otherwise (showing wanted, a perfect pair or its kingdom
    joinable) a hidden general's skill or modifier is used when it pays, showing it."""
    seen = Seen.of(game, seat)
    legal = seen.legal
    if seen.view.get("stage") == "choose":
        best = max(_pair_value(a) for a in legal)
        return rng.choice([a for a in legal if _pair_value(a) == best])
    ask = seen.ask
    careerist = would_be(seen).startswith(CAREERIST) and sum(seen.alive) > 3
    stay_hidden = careerist and seen.sides[seat] is None  # showing would make it one
    if ask == "show":
        if careerist:
            return {"type": "decline"}
        shows = [a for a in legal if a["type"] == "show"]
        return next((a for a in shows if a["which"] == "both"), shows[0])
    if ask == "play" and not stay_hidden:
        show = next((a for a in legal if a["type"] == "show"), None)
        if show is not None:  # a compulsory modifier switched on (Mashu)
            return show
    if stay_hidden:
        seen.legal = _kept_hidden(seen)
        if seen.legal == [{"type": "decline"}]:  # all it was offered would show
            return {"type": "decline"}
    if ask == "pair":
        wounded = seen.max_hp[seat] - seen.hp[seat]
        return {"type": "pair_bonus", "choice": "heal" if seen.hp[seat] <= 1 or (
            wounded and seen.hp[seat] <= 2) else "draw"}
    if ask == "fish":  # a card is never worse than none to this bot
        return {"type": "fish_bonus", "choice": "draw"}
    if ask == "nullify":
        wide = _for_my_kingdom(seen)
        if wide is not None:
            return wide
    return _card_play(seen, rng, kingdom_relation, _no_bonus)


def _for_my_kingdom(seen: Seen) -> Action | None:
    """A Kingdom Nullification for "all", when the harmful trick's target is of the
    seat's own (shown) kingdom: it spares the kingdom's later targets too."""
    p = seen.pending
    wide = next((a for a in seen.legal if a.get("choice") == kw_cards.ALL), None)
    mine = seen.sides[seen.me]
    if wide is None or mine is None or mine.startswith(CAREERIST):
        return None
    return wide if p["trick"] in HARMFUL and seen.sides[p["target"]] == mine else None


HEGEMONY_POLICIES: dict[str, Any] = {"random": random_policy, "kingdom": kingdom_policy}
