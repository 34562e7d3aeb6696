"""The skill engine: what a skill is, the moments it acts at, and the registry of skills.

A general's skills bend the card rules at a few kinds of place, and the engine offers
exactly those places and no special case for any general:

* **timing points** (``Point``): the engine stops at a named moment (a phase begins,
  damage was taken, a judgment is about to take effect, a Kill chose its target, cards
  left a seat) and asks each owner of a skill on that point, in turn order from the
  player whose turn it is, whether to use it;
* **active skills**, listed among the play phase's actions, with a per-phase limit;
* **conversions** (view-as): a card used or played as another card;
* **modifiers**, read where the rule they bend is computed (distance, the Kill limit,
  who may be chosen as a target, the draw count, damage, the Peach in a dying rescue).

A skill is data plus small functions of ``(game, seat, frame)``; its effect runs as a
frame of its own on the resolution stack (``frames.SkillEffect``), stepped like a card's,
so a skill's effect is decided from state alone and replays exactly (see resolution.py).
Weapons and armor are skills too (``skills/equipment.py``), applied in place.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

Action = dict[str, Any]
Frame = Any  # a frame of ``frames.py`` (typed there; skills receive whichever is on top)


class Point(StrEnum):
    """The moments a triggered skill can act at (the owner is always the one asked)."""

    START = "start"  # the owner's start phase begins (Luoshen, Guanxing)
    DRAW = "draw"  # the owner's draw phase begins (Tuxi, Luoyi, Yingzi)
    DISCARD = "discard"  # the owner's discard phase would begin (Keji)
    END = "end"  # the owner's end phase begins (Biyue)
    DAMAGE_CAUSED = "damage_caused"  # the owner is about to deal damage (may change it)
    DAMAGE_INFLICTED = "damage_inflicted"  # the owner is about to take damage (idem)
    DAMAGED = "damaged"  # after the owner took damage (Jianxiong, Fankui, Ganglie, Yiji)
    DAMAGE_DEALT = "damage_dealt"  # after the owner dealt damage (resolved before DAMAGED)
    DYING = "dying"  # a seat is dying, before anyone is asked for a Peach (any owner)
    BELOW_ONE = "below_one"  # the owner's HP went down below 1, before it goes dying (Buqu)
    DEATH = "death"  # a seat died, before the victory check (the living owners)
    RETRIAL = "retrial"  # before anyone's judgment takes effect (Guicai)
    JUDGED = "judged"  # after the owner's judgment took effect (Tiandu)
    TARGETED = "targeted"  # the owner became a target of a Kill (Liuli)
    KILL_TARGET = "kill_target"  # the owner's Kill chose this target (Tieqi)
    CARD_USED = "card_used"  # the owner used a card, or played a Nullification (Jizhi)
    HAND_EMPTIED = "hand_emptied"  # the owner lost its last hand card (Lianying)
    EQUIP_LOST = "equip_lost"  # a card left the owner's equipment area (Xiaoji)
    # where a Kill's weapons and armor act (the user's weapon, the target's armor)
    KILL_EFFECT = "kill_effect"  # before the Kill takes effect on the owner (Renwang)
    DODGED = "dodged"  # the owner's Kill was dodged (Blade, Axe)
    KILL_HIT = "kill_hit"  # the owner's Kill hits, before its damage (Ice Sword, Kylin)
    # (from here on: for skills as well as equipment)
    SOMEONE_DAMAGED = "someone_damaged"  # after any seat took damage (every living owner)
    PLAY = "play"  # the owner's play phase begins (Shuangren)
    RESPONDED = "responded"  # the owner played a card in answer to a window (Leiji)
    DISCARDED = "discarded"  # the owner's cards were discarded, by anyone (Lirang)
    KILLED = "killed"  # the owner died: its own skills, though dead (Duanchang)
    HEALED = "healed"  # after the owner healed (``n``: the HP it got back)
    CARD_DONE = "card_done"  # a card's use is over, its cards just went to the discard pile
    JUDGE_PHASE = "judge_phase"  # the owner's judgment phase would begin (Shensu, Qiaobian)
    OTHER_END = "other_end"  # another seat's end phase begins (Xiaoguo)
    OTHER_DISCARD_END = "other_discard_end"  # another seat's discard phase ended (Guzheng)
    CARD_EFFECT = "card_effect"  # before a Kill or area trick takes effect on the owner
    # (armor: the Vine)
    KILL_DAMAGED = "kill_damaged"  # the owner's Kill dealt its damage (Triblade)
    #: rules 6: the owner became a target its hidden general's compulsory skill would
    #: cancel it from (Kongcheng, Huoshou, Juxiang, Qianxun's Snatch): showing the general
    #: cancels it; rules 7 adds Weimu and delayed tricks (``frames.Placing`` below)
    CANCEL = "cancel"


#: the points where only equipment acts (applied in place, see ``Skill.apply``)
EQUIPMENT_POINTS = frozenset({Point.KILL_EFFECT, Point.DODGED, Point.KILL_HIT,
                              Point.CARD_EFFECT, Point.KILL_DAMAGED})


class Kind(StrEnum):
    TRIGGERED = "triggered"
    ACTIVE = "active"
    CONVERSION = "conversion"
    COMPULSORY = "compulsory"  # on a timing point: used without asking (recorded)


def _never(game: Any, seat: int, f: Frame) -> bool:
    return False


def _always(game: Any, seat: int, f: Frame) -> bool:
    return True


def _yes(game: Any, seat: int, f: Frame) -> list[Action]:
    from domain.sanguosha.frames import SkillEffect

    if isinstance(f, SkillEffect):
        return [{"type": "skill", "skill": f.skill}]
    return [{"type": "skill", "skill": f.current[1]}]


def _push(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
          choice: str | None) -> None:
    """The default effect of using a skill: its own frame goes on the stack."""
    from domain.sanguosha.frames import SkillEffect, Trigger

    top = game.stack[-1] if game.stack else None
    ctx = top.context if isinstance(top, Trigger) else {}
    game.stack.append(SkillEffect(skill=skill, owner=seat, cards=list(cards),
                                  targets=list(targets), choice=choice, context=ctx))


@dataclass(frozen=True)
class Conversion:
    """Use or play ``fits`` cards (from the ``zones``: h hand, e equipment) as ``to``;
    ``count`` cards at once (the Spear: two), offered as a template marked ``key``."""

    to: str
    fits: Callable[[int], bool]
    zones: str = "h"
    count: int = 1
    key: str | None = None
    use: bool = True  # in the play phase
    respond: bool = True  # when the card is asked for
    when: Callable[[Any, int], bool] | None = None  # e.g. only outside one's own turn
    recast: bool = False  # the cards it takes may also be recast in the play phase (Lianhuan)


@dataclass(frozen=True)
class Skill:
    """One skill. ``offers`` lists the skill's actions (``{"type": "skill", "skill": id,
    ...}``) where it may be used; ``used`` is the body of the ``SkillUsed`` event (pay the
    cost, push the frame); ``step`` advances its frame; ``answers`` and ``decide`` serve
    the questions its frame asks (``decide`` records the events of an answer)."""

    id: str
    name: str
    zh: str
    kind: Kind
    text: str = ""
    point: Point | None = None
    also: tuple[Point, ...] = ()  # further moments it acts at (``used`` reads which)
    per_point: bool = False  # asked once per point of damage
    lord: bool = False  # works only for the lord (identity)
    limit: int | None = None  # uses per play phase (active skills)
    limited: bool = False  # once per game (限定技): a use is recorded in ``game.spent``
    conversions: tuple[Conversion, ...] = ()
    secret: bool = False  # the used cards are seen by the user and its targets only
    #: equipment (a weapon or armor card's effect): compulsory where it acts, so it is
    #: applied in place by ``apply`` (True: it took over, the caller waits) with no
    #: question of whether to use it; its own questions are asked by its frame
    equipment: bool = False
    apply: Callable[[Any, int, Frame], bool] | None = None
    #: extra answers the skill adds to a window asking for a card (Eight Trigrams)
    demand: Callable[[Any, int, Frame], list[Action]] | None = None
    can: Callable[[Any, int, Frame], bool] = _always
    offers: Callable[[Any, int, Frame], list[Action]] = _yes
    # (what it returns is not read: a lambda may return the frame it pushed)
    used: Callable[[Any, int, str, list[int], list[int], str | None], object] = _push
    step: Callable[[Any, Frame], None] | None = None
    answers: Callable[[Any, int, Frame], list[Action]] | None = None
    decide: Callable[[Any, int, Frame, Action, random.Random], None] | None = None
    #: modifiers the engine reads where the rule they bend is computed:
    #: ``kill_limit`` (None: no limit), ``distance_less``, ``trick_range`` (no distance
    #: limit for tricks), ``untargetable(game, seat, name) -> bool``, ``double`` (card
    #: names needing two answers), ``peach_bonus(game, owner, helper) -> int``,
    #: ``damage_bonus(game, owner, frame) -> int``, ``call`` (a lord's call: card name),
    #: ``shielded(game, seat, name, cards) -> bool`` (the seat cancels itself as a target
    #: of those cards used as ``name``: Weimu), ``bars_peach(game, owner, helper,
    #: victim) -> bool`` (the helper may not use a Peach on the dying victim: Wansha),
    #: ``bars_show(game, owner, seat) -> bool`` (the seat may not show a general: Huoshui),
    #: ``damage_source`` (card names: the owner is the source of the damage others' such
    #: cards deal), ``survives(game, seat) -> bool`` (the seat at 0 HP or less does not
    #: go dying, or lives on after the Peaches: Buqu's wounds)
    mods: dict[str, Any] = field(default_factory=dict)


#: ``Skill.mods`` flag (Kingdom Wars): the skill's modifiers count while its general is
#: still hidden, and a card use that needs them shows the general first (Paoxiao's second
#: Kill, Qicai's far trick, generals.md 0.3). Without it a hidden general's modifiers do
#: not count (Mashu), and showing it in its owner's play phase switches them on. The
#: value is ``True`` (every rules version with skills) or the rules version it came with
#: (Duanbing: 7; older games replay with the hidden general's modifier not counted).
SHOWS_WHEN_NEEDED = "shows_when_needed"


def shows_when_needed(sid: str, rules: int) -> bool:
    """Whether the skill's modifiers count while its general is hidden, under ``rules``."""
    flag = SKILLS[sid].mods.get(SHOWS_WHEN_NEEDED)
    return flag is True or (isinstance(flag, int) and not isinstance(flag, bool)
                            and rules >= flag)

SKILLS: dict[str, Skill] = {}
#: equipment card name -> the skill the card brings while equipped
EQUIPMENT_SKILLS: dict[str, Skill] = {}
#: card id -> the skill that card brings while equipped (None: none), for the hot paths
SKILL_OF_CARD: list[Skill | None] = []
#: a multi-card conversion's action key -> the card it makes ({"spear": true}: a Kill)
KEYED: dict[str, str] = {}
#: how a skill's judgment reads its card (``Judged.reason`` is the skill id)
JUDGE_RULES: dict[str, Callable[[int], bool]] = {}
#: judgment reasons whose good card stays on the table after it took effect (collected
#: later by the skill's own frame: Kingdom Wars Luoshen)
JUDGE_KEEPS: set[str] = set()
#: general id -> its skills' ids, in the order of the rules page
GENERAL_SKILLS: dict[str, tuple[str, ...]] = {}
#: Kingdom Wars general id -> its Kingdom Wars skills' ids (generals.md section 2); a
#: skill the same in both modes is the same ``Skill`` object in both registries
KW_SKILLS: dict[str, tuple[str, ...]] = {}


def register(general: str, *skills: Skill) -> None:
    for s in skills:
        if s.id in SKILLS and SKILLS[s.id] is not s:
            raise ValueError(f"skill {s.id!r} registered twice")
        SKILLS[s.id] = s
    GENERAL_SKILLS[general] = GENERAL_SKILLS.get(general, ()) + tuple(s.id for s in skills)


def register_kw(general: str, *skills: Skill) -> None:
    """Give a Kingdom Wars general its skills (identity skills may be passed again)."""
    for s in skills:
        if s.id in SKILLS and SKILLS[s.id] is not s:
            raise ValueError(f"skill {s.id!r} registered twice")
        SKILLS[s.id] = s
    KW_SKILLS[general] = KW_SKILLS.get(general, ()) + tuple(s.id for s in skills)


def register_equipment(card_name: str, skill: Skill) -> None:
    from domain.sanguosha.cards import CARDS

    SKILLS[skill.id] = skill
    EQUIPMENT_SKILLS[card_name] = skill
    SKILL_OF_CARD[:] = [EQUIPMENT_SKILLS.get(c.name) for c in CARDS]
    KEYED.update({conv.key: conv.to for conv in skill.conversions if conv.key is not None})


def skill_view(sid: str) -> dict[str, Any]:
    s = SKILLS[sid]
    return {"id": s.id, "name": s.name, "zh": s.zh, "kind": s.kind.value, "lord": s.lord,
            "text": s.text}
