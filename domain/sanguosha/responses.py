"""The response windows: for each kind of ask, the answers a seat may give.

An ask is the ``a`` of the waiting frame (see resolution.py). Every window lists its
answers exactly; choices of k cards among n are listed once as a *template*
``{"type": ..., "count": k, "from": [ids]}`` and any k distinct ids from ``from`` are
accepted in ``"cards"``.
"""

from __future__ import annotations

from typing import Any

from domain.sanguosha import kw_cards
from domain.sanguosha.actions import DECLINE, Action
from domain.sanguosha.cards import (
    DODGES,
    KILL,
    KILLS,
    NULLIFICATIONS,
    PEACHES,
    WINES,
)
from domain.sanguosha.conversions import as_cards, multi_card
from domain.sanguosha.frames import (
    CardUse,
    DiscardPhase,
    Dying,
    Frame,
    NullifyWindow,
    SkillEffect,
    Trigger,
)
from domain.sanguosha.plays import legal_uses
from domain.sanguosha.skill import SKILLS

#: asks and what they wait for, for views and docs
ASKS = {
    "play": "use cards or end the play phase",
    "discard": "discard down to your HP",
    "dodge": "play a Dodge (or judge with Eight Trigrams) or take the hit",
    "kill": "play a Kill (Duel, Barbarian Invasion) or take 1 damage",
    "nullify": "play a Nullification on the trick's effect, or let it be",
    "peach": "play a Peach on the dying player",
    "blade": "Blade: use another Kill on the target who dodged",
    "axe": "Axe: discard two cards to make the dodged Kill hit",
    "ice_sword": "Ice Sword: discard two of the target's cards instead of damage",
    "kylin": "Kylin Bow: discard one of the target's horses",
    "pick": "choose one of the target's cards",
    "grace": "take one of the revealed cards",
    "collateral": "Kill the named player, or give your weapon away",
    "double_swords": "Double Swords: discard a hand card, or let the attacker draw",
    "skill": "use a skill now (or decline)",
    **kw_cards.ASKS,
}


def _cards_of(hand: list[int], ids: frozenset[int]) -> list[Action]:
    return [{"type": "respond", "card": c} for c in hand if c in ids]


def kills(table: Any, seat: int, use: bool = False) -> list[Action]:
    """The Kills the seat may play (or use): real, converted, several cards as one."""
    hand = table.hands[seat]
    out = _cards_of(hand, KILLS)
    if table.skilled:
        out += converted(table, seat, "kill", use=use)
    for conv in multi_card(table, seat, KILL):
        out.append({"type": "respond", str(conv.key): True, "count": conv.count,
                    "from": list(hand)})
    return out


def converted(table: Any, seat: int, name: str, use: bool = False) -> list[Action]:
    """The seat's cards it may play (or use) as ``name`` through its skills."""
    return [{"type": "respond", "card": c, "skill": sid}
            for c, sid in as_cards(table, seat, name, use=use)]


def calls(table: Any, seat: int, f: Frame, name: str) -> list[Action]:
    """A lord's call on its kingdom for the card asked of it (Hujia, Jijiang)."""
    if not table.skilled or (isinstance(f, CardUse) and f.called):
        return []
    out = []
    for sid in table.skills[seat]:
        sk = SKILLS[sid]
        if sk.mods.get("call") == name and sk.can(table, seat, f):
            out.append({"type": "skill", "skill": sid})
    return out


def answers(table: Any, seat: int, f: Frame) -> list[Action]:
    """The legal actions of ``seat``, which the top frame ``f`` waits on."""
    ask = f.ask
    hand = table.hands[seat]
    if ask == "play":
        return legal_uses(table, seat)
    if isinstance(f, SkillEffect):  # a skill's (or a weapon's) own question
        skill_answers = SKILLS[f.skill].answers
        assert skill_answers is not None
        return skill_answers(table, seat, f)
    if table.skilled and ask == "skill":
        assert isinstance(f, Trigger) and f.current is not None
        sid = f.current[1]
        return SKILLS[sid].offers(table, seat, f) + [DECLINE]
    if ask == "discard":
        assert isinstance(f, DiscardPhase)
        return [{"type": "discard", "count": f.count, "from": list(hand)}]
    if ask == "dodge":
        out = _cards_of(hand, DODGES)
        if table.skilled:
            out += converted(table, seat, "dodge") + calls(table, seat, f, "dodge")
        for sk in table.demand_skills(seat):  # Eight Trigrams (worn, or as a skill)
            out += sk.demand(table, seat, f)
        return out + [DECLINE]
    if ask == "kill":
        return kills(table, seat) + calls(table, seat, f, "kill") + [DECLINE]
    if ask == "nullify":
        out = _cards_of(hand, NULLIFICATIONS)
        if table.skilled:
            out += converted(table, seat, "nullification")
        if table.kw_deck:  # a Kingdom Nullification may be played for "all" of a kingdom
            assert isinstance(f, NullifyWindow)
            out = kw_cards.nullify_answers(table, seat, f, out)
        return out + [DECLINE]
    if ask == "peach":
        if table.skilled:
            assert isinstance(f, Dying)  # (only a dying seat's frame asks for Peaches)
            if table._peach_barred(seat, f.victim):  # Wansha
                return [DECLINE]
        out = _cards_of(hand, PEACHES)
        if table.skilled:
            out += converted(table, seat, "peach")
        dying = getattr(f, "victim", None)
        if seat == dying:  # Wine saves oneself only
            out += _cards_of(hand, WINES)
        return out + [DECLINE]
    if ask == "collateral":
        return kills(table, seat, use=True) + [DECLINE]
    if ask == "pick":
        assert isinstance(f, CardUse) and f.pick_from is not None
        target, areas = f.pick_from, f.pick_areas
        out = []
        if table.hands[target]:
            out.append({"type": "choose", "area": "hand"})
        out += [{"type": "choose", "card": c} for c in table.equip[target] if c is not None]
        if "j" in areas:
            out += [{"type": "choose", "card": c} for c in table.judging[target]]
        return out
    if ask == "grace":
        assert isinstance(f, CardUse)
        return [{"type": "choose", "card": c} for c in f.revealed]
    if ask in kw_cards.ASKS:
        return kw_cards.answers(table, seat, f)
    raise AssertionError(f"unknown ask {ask!r}")
