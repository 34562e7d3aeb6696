"""Weapons and armor on the skill engine's hooks: each equipment card brings a skill
while it is equipped (docs/rules/cards.md).

A weapon acts where a Kill reaches one of its moments (``Point.KILL_TARGET``, ``DODGED``,
``KILL_HIT``), an armor where the Kill takes effect (``KILL_EFFECT``) or where a Dodge is
asked for (Eight Trigrams' judgment on demand); the Crossbow, the Qinggang Sword and the
Halberd are modifiers, the Spear a conversion of two cards. Equipment is compulsory: it
is applied in place, and only its own questions (Blade: "another Kill?") are asked.
"""

from __future__ import annotations

import random
from typing import Any

from domain.sanguosha.cards import (
    AXE,
    BLADE,
    CROSSBOW,
    DOUBLE_SWORDS,
    EIGHT_TRIGRAMS,
    HALBERD,
    ICE_SWORD,
    KILL,
    KYLIN_BOW,
    NAME,
    QINGGANG,
    RED,
    RENWANG_SHIELD,
    SPEAR,
    WEAPON,
    color,
)
from domain.sanguosha.frames import KillUse, SkillEffect, Stage
from domain.sanguosha.judgment import as_heart
from domain.sanguosha.plays import may_target
from domain.sanguosha.skill import (
    Action,
    Conversion,
    Frame,
    Kind,
    Point,
    Skill,
    register_equipment,
)
from domain.sanguosha.skills.common import DECLINE
from domain.sanguosha.zones import has_cards, horses_of


def _weapon_frame(game: Any, skill: str, owner: int, kill: KillUse, ask: str,
                  asked: int) -> None:
    """The weapon's question, about the Kill's current target."""
    f = SkillEffect(skill=skill, owner=owner, targets=[kill.target], cards=list(kill.cards))
    f.wait(asked, ask)
    game.stack.append(f)


def _pop(game: Any, f: SkillEffect) -> None:
    f.answer = None
    game.stack.pop()


# --- weapons ------------------------------------------------------------------------------
register_equipment(CROSSBOW, Skill(
    "crossbow", "Crossbow", "诸葛连弩", Kind.COMPULSORY, equipment=True,
    text="Any number of Kills in your play phase.", mods={"kill_limit": None}))
register_equipment(QINGGANG, Skill(
    "qinggang", "Qinggang Sword", "青釭剑", Kind.COMPULSORY, equipment=True,
    text="Your Kill ignores its target's armor.", mods={"ignore_armor": True}))
register_equipment(HALBERD, Skill(
    "halberd", "Halberd", "方天画戟", Kind.COMPULSORY, equipment=True,
    text="A Kill that is your last hand card may have up to two more targets.",
    mods={"extra_targets": 2}))
register_equipment(SPEAR, Skill(
    "spear", "Spear", "丈八蛇矛", Kind.CONVERSION, equipment=True,
    text="You may use or play two hand cards as a Kill.",
    conversions=(Conversion(KILL, lambda c: True, "h", count=2, key="spear"),)))


def _ds_apply(game: Any, seat: int, f: Frame) -> bool:
    g_u, g_t = game.gender(seat), game.gender(f.target)
    if g_u and g_t and g_u != g_t:
        _weapon_frame(game, "double_swords", seat, f, "double_swords", f.target)
        return True
    return False


def _ds_step(game: Any, f: SkillEffect) -> None:
    if f.stage == "start" and not f.take_answer():
        f.stage = "drawn"
        game.due = {"k": "draw", "seat": f.owner, "n": 1, "reason": "double_swords",
                    "then": "done"}
        return
    _pop(game, f)


def _ds_answers(game: Any, seat: int, f: SkillEffect) -> list[Action]:
    hand = game.hands[seat]
    offer = [{"type": "discard", "count": 1, "from": list(hand)}] if hand else []
    return offer + [DECLINE]


register_equipment(DOUBLE_SWORDS, Skill(
    "double_swords", "Double Swords", "雌雄双股剑", Kind.COMPULSORY, equipment=True,
    text="When your Kill targets a character of the other gender, they discard a hand "
         "card or you draw one.",
    point=Point.KILL_TARGET, apply=_ds_apply, step=_ds_step, answers=_ds_answers,
    decide=lambda game, seat, f, chosen, rng: game._cards_discarded(
        seat=seat, cards=list(chosen["cards"]), reason="double_swords", by=None)))


def _blade_apply(game: Any, seat: int, f: Frame) -> bool:
    # the new Kill names the target anew: Kongcheng may now forbid it
    if (game.alive[seat] and game.alive[f.target] and game._can_kill(seat)
            and may_target(game, f.target, KILL)):
        _weapon_frame(game, "blade", seat, f, "blade", seat)
        return True
    return False


def _blade_answers(game: Any, seat: int, f: SkillEffect) -> list[Action]:
    from domain.sanguosha.responses import kills

    return kills(game, seat, use=True) + [DECLINE]


def _blade_decide(game: Any, seat: int, f: SkillEffect, chosen: Action,
                  rng: random.Random) -> None:
    cards = chosen["cards"] if "cards" in chosen else [chosen["card"]]
    game._card_used(seat=seat, name=KILL, cards=cards, targets=[f.targets[0]], via="blade")


register_equipment(BLADE, Skill(
    "blade", "Blade", "青龙偃月刀", Kind.COMPULSORY, equipment=True,
    text="When your Kill is dodged, you may use another Kill on the same target.",
    point=Point.DODGED, apply=_blade_apply, step=_pop, answers=_blade_answers,
    decide=_blade_decide))


def _axe_cards(game: Any, seat: int) -> list[int]:
    axe = game.equip[seat][WEAPON]
    return game.hands[seat] + [c for c in game.equip[seat] if c is not None and c != axe]


def _axe_apply(game: Any, seat: int, f: Frame) -> bool:
    if game.alive[seat] and game.alive[f.target] and len(_axe_cards(game, seat)) >= 2:
        _weapon_frame(game, "axe", seat, f, "axe", seat)
        return True
    return False


def _axe_step(game: Any, f: SkillEffect) -> None:
    hit = f.take_answer()
    game.stack.pop()
    if hit:
        kill = game.stack[-1]
        assert isinstance(kill, KillUse)
        kill.stage = Stage.HIT


register_equipment(AXE, Skill(
    "axe", "Axe", "贯石斧", Kind.COMPULSORY, equipment=True,
    text="When your Kill is dodged, you may discard two cards to make it hit.",
    point=Point.DODGED, apply=_axe_apply, step=_axe_step,
    answers=lambda game, seat, f: [{"type": "discard", "count": 2,
                                    "from": _axe_cards(game, seat)}, DECLINE],
    decide=lambda game, seat, f, chosen, rng: game._cards_discarded(
        seat=seat, cards=list(chosen["cards"]), reason="axe", by=None)))


def _ice_apply(game: Any, seat: int, f: Frame) -> bool:
    if has_cards(game, f.target, "he"):
        _weapon_frame(game, "ice_sword", seat, f, "ice_sword", seat)
        return True
    return False


def _ice_step(game: Any, f: SkillEffect) -> None:
    tg = f.targets[0]
    if f.stage == "start":
        if not f.take_answer():
            return _pop(game, f)
        f.stage, f.count = "pick", 2
    elif f.answer is not None:
        f.answer = None
        f.count -= 1
    if f.count > 0 and game.alive[tg] and has_cards(game, tg, "he"):
        f.wait(f.owner, "pick")
        return None
    game.stack.pop()
    kill = game.stack[-1]
    assert isinstance(kill, KillUse)
    kill.stage = Stage.NEXT  # no damage: the cards were discarded instead
    return None


def _ice_answers(game: Any, seat: int, f: SkillEffect) -> list[Action]:
    if f.stage == "start":
        return [{"type": "accept"}, DECLINE]
    tg = f.targets[0]
    out: list[Action] = [{"type": "choose", "area": "hand"}] if game.hands[tg] else []
    return out + [{"type": "choose", "card": c} for c in game.equip[tg] if c is not None]


def _ice_decide(game: Any, seat: int, f: SkillEffect, chosen: Action,
                rng: random.Random) -> None:
    if chosen["type"] == "accept":
        game._accepted(seat=seat, ask="ice_sword")
        return
    tg = f.targets[0]
    card = rng.choice(game.hands[tg]) if chosen.get("area") == "hand" else chosen["card"]
    game._cards_discarded(seat=tg, cards=[card], reason=ICE_SWORD, by=seat)


register_equipment(ICE_SWORD, Skill(
    "ice_sword", "Ice Sword", "寒冰剑", Kind.COMPULSORY, equipment=True,
    text="When your Kill would deal damage, you may instead discard two of the target's "
         "cards.",
    point=Point.KILL_HIT, apply=_ice_apply, step=_ice_step, answers=_ice_answers,
    decide=_ice_decide))


def _kylin_apply(game: Any, seat: int, f: Frame) -> bool:
    if horses_of(game, f.target):
        _weapon_frame(game, "kylin_bow", seat, f, "kylin", seat)
        return True
    return False


register_equipment(KYLIN_BOW, Skill(
    "kylin_bow", "Kylin Bow", "麒麟弓", Kind.COMPULSORY, equipment=True,
    text="When your Kill deals damage, you may discard one of the target's horses.",
    point=Point.KILL_HIT, apply=_kylin_apply, step=_pop,
    answers=lambda game, seat, f: [{"type": "choose", "card": c}
                                   for c in horses_of(game, f.targets[0])] + [DECLINE],
    decide=lambda game, seat, f, chosen, rng: game._cards_discarded(
        seat=f.targets[0], cards=[chosen["card"]], reason="kylin_bow", by=seat)))


# --- armor ------------------------------------------------------------------------------
def _renwang_apply(game: Any, seat: int, f: Frame) -> bool:
    if not f.ignore_armor and color([game.as_held(f.user, c) for c in f.cards]) == "black":
        armor = game.equip[seat][1]
        game.due = {"k": "blocked", "seat": seat, "source": f.user, "armor": armor,
                    "then": "next"}
        return True
    return False


register_equipment(RENWANG_SHIELD, Skill(
    "renwang_shield", "Renwang Shield", "仁王盾", Kind.COMPULSORY, equipment=True,
    text="Black Kills have no effect on you.", point=Point.KILL_EFFECT,
    apply=_renwang_apply))


def _trigrams_demand(game: Any, seat: int, f: Frame) -> list[Action]:
    if f.ask == "dodge" and not f.ignore_armor and not f.trigrams_tried:
        return [{"type": "eight_trigrams"}]
    return []


def _trigrams_decide(game: Any, seat: int, f: Frame, chosen: Action,
                     rng: random.Random) -> None:
    top = game._take(1, rng)
    if top is None:
        return  # the pile is exhausted: the game has ended
    card = top[0] if top else None
    # (a shown Xiao Qiao's spade is a heart: Hongyan; the result is recorded, so stored
    # games replay as they were played)
    game._judged(seat=seat, card=card, reason=EIGHT_TRIGRAMS,
                 result=card is not None and RED[
                     as_heart(card) if game.spades_are_hearts(seat) else card])


register_equipment(EIGHT_TRIGRAMS, Skill(
    "eight_trigrams", "Eight Trigrams", "八卦阵", Kind.COMPULSORY, equipment=True,
    text="When you need a Dodge, you may judge: red counts as a Dodge.",
    demand=_trigrams_demand, decide=_trigrams_decide))

_ = NAME  # card names are the registry's keys
