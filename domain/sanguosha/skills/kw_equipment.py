"""The Kingdom Wars deck's new weapons and armor, on the equipment hooks of ``equipment.py``
(docs/rules/kingdom-wars-deck.md): Feather Fan, Six Swords, Triblade, Vine, Silver Lion.

The Six Swords' reach is read where attack range is computed (``game.range_bonus``: it
needs sides, which the mode knows); the Vine's and Silver Lion's damage changes where a
damage is dealt (``resolution.armored_damage``).
"""

from __future__ import annotations

import random
from typing import Any

from domain.sanguosha.cards import (
    ARROWS,
    BARBARIANS,
    FEATHER_FAN,
    FIRE,
    KILL,
    NORMAL,
    SILVER_LION,
    SIX_SWORDS,
    TRIBLADE,
    VINE,
)
from domain.sanguosha.frames import AreaUse, KillUse, SkillEffect
from domain.sanguosha.plays import seat_distances
from domain.sanguosha.skill import Action, Frame, Kind, Point, Skill, register_equipment
from domain.sanguosha.skills.common import DECLINE
from domain.sanguosha.zones import remove_from_seat


def _pop(game: Any, f: SkillEffect) -> None:
    f.answer = None
    game.stack.pop()


# --- Feather Fan: a plain Kill may become a Fire Kill -------------------------------------
def _fan_apply(game: Any, seat: int, f: Frame) -> bool:
    if f.index != 0 or f.nature != NORMAL:
        return False
    q = SkillEffect(skill="feather_fan", owner=seat, targets=[f.target], cards=list(f.cards))
    q.wait(seat, "feather_fan")
    game.stack.append(q)
    return True


def _fan_step(game: Any, f: SkillEffect) -> None:
    fire = f.take_answer()
    game.stack.pop()
    if fire:
        kill = game.stack[-1]
        assert isinstance(kill, KillUse)
        kill.nature = FIRE


register_equipment(FEATHER_FAN, Skill(
    "feather_fan", "Feather Fan", "朱雀羽扇", Kind.COMPULSORY, equipment=True,
    text="When you use a plain Kill, you may make it a Fire Kill.",
    point=Point.KILL_TARGET, apply=_fan_apply, step=_fan_step,
    answers=lambda game, seat, f: [{"type": "accept"}, DECLINE],
    decide=lambda game, seat, f, chosen, rng: game._accepted(seat=seat, ask="feather_fan")))

register_equipment(SIX_SWORDS, Skill(
    "six_swords", "Six Swords", "吴六剑", Kind.COMPULSORY, equipment=True,
    text="Every other player on your side has an attack range 1 larger."))


# --- Triblade: after the Kill's damage, 1 damage to a neighbour of the target -------------
def _triblade_victims(game: Any, seat: int, target: int) -> list[int]:
    dist = seat_distances(game, target)
    return [s for s in range(game.n) if game.alive[s] and s not in (seat, target)
            and dist[s] == 1]


def _triblade_apply(game: Any, seat: int, f: Frame) -> bool:
    tg = f.target
    if not (game.alive[seat] and game.alive[tg] and game.hands[seat]
            and _triblade_victims(game, seat, tg)):
        return False
    q = SkillEffect(skill="triblade", owner=seat, targets=[tg], cards=list(f.cards))
    q.wait(seat, "triblade")
    game.stack.append(q)
    return True


def _triblade_answers(game: Any, seat: int, f: SkillEffect) -> list[Action]:
    victims = _triblade_victims(game, seat, f.targets[0])
    return [{"type": "skill", "skill": "triblade", "card": c, "targets": [v]}
            for c in game.hands[seat] for v in victims] + [DECLINE]


def _triblade_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                   choice: str | None) -> None:
    """The hand card is discarded and the victim named (one event: SkillUsed)."""
    for c in cards:
        remove_from_seat(game, seat, c)
    game.discard.extend(cards)
    top = game.stack[-1]
    assert isinstance(top, SkillEffect)
    top.context = {"victim": targets[0]}
    top.release(True)


def _triblade_step(game: Any, f: SkillEffect) -> None:
    if f.stage == "start" and f.take_answer():
        f.stage = "dealt"
        victim = f.context["victim"]
        if game.alive[victim]:
            game._deal(victim, f.owner, 1, [], TRIBLADE, "done")
            return
    _pop(game, f)


def _triblade_decide(game: Any, seat: int, f: SkillEffect, chosen: Action,
                     rng: random.Random) -> None:
    game._skill_used(seat=seat, skill="triblade", cards=[chosen["card"]],
                     targets=list(chosen["targets"]), choice=None)


register_equipment(TRIBLADE, Skill(
    "triblade", "Triblade", "三尖两刃刀", Kind.COMPULSORY, equipment=True,
    text="After your Kill deals damage to a target that is still alive, you may discard a "
         "hand card to deal 1 damage to another player at distance 1 from that target.",
    point=Point.KILL_DAMAGED, apply=_triblade_apply, step=_triblade_step,
    answers=_triblade_answers, decide=_triblade_decide, used=_triblade_used))


# --- Vine: no plain Kill, Barbarian Invasion or Arrow Barrage; +1 fire damage --------------
def _vine_apply(game: Any, seat: int, f: Frame) -> bool:
    if isinstance(f, KillUse):
        if f.ignore_armor or f.nature != NORMAL:
            return False
        game.due = {"k": "blocked", "seat": seat, "source": f.user,
                    "armor": game.equip[seat][1], "name": KILL, "then": "next"}
        return True
    if isinstance(f, AreaUse) and f.name in (BARBARIANS, ARROWS):
        game.due = {"k": "blocked", "seat": seat, "source": f.user,
                    "armor": game.equip[seat][1], "name": f.name, "then": "next"}
        return True
    return False


register_equipment(VINE, Skill(
    "vine", "Vine", "藤甲", Kind.COMPULSORY, equipment=True,
    text="Plain Kills, Barbarian Invasion and Arrow Barrage have no effect on you. Fire "
         "damage to you is 1 more.", point=Point.CARD_EFFECT, apply=_vine_apply))


# --- Silver Lion: damage capped at 1; heal 1 when it leaves --------------------------------
def _lion_lost(game: Any, seat: int, card: int) -> None:
    """Called (from an event body) when the Silver Lion left the seat's equipment."""
    game.stack.append(SkillEffect(skill="silver_lion", owner=seat, cards=[card]))


def _lion_step(game: Any, f: SkillEffect) -> None:
    s = f.owner
    if f.stage == "start" and game.alive[s] and game.hp[s] < game.max_hp[s]:
        f.stage = "healed"
        game.due = {"k": "heal", "seat": s, "n": 1, "reason": SILVER_LION, "then": "done"}
        return
    game.stack.pop()


register_equipment(SILVER_LION, Skill(
    "silver_lion", "Silver Lion", "白银狮子", Kind.COMPULSORY, equipment=True,
    text="Damage of more than 1 to you is 1. When it leaves your equipment, you heal 1.",
    step=_lion_step, mods={"on_lost": _lion_lost}))
