"""The Sanguosha card engine: an aggregate both modes (identity, hegemony) build on.

The engine owns the table (zones, HP, turn and phases), the response windows and damage,
dying and death. A mode subclass supplies the created event, the setup, and the hooks
``first_seat``, ``on_death``, ``check_victory``, ``revealed``, ``seat_view``,
``draw_outcome`` and ``gender``; a mode with its own steps adds frames (``_step_mode``),
due facts (``_drive_mode``), a start-of-turn step (``_turn_step``) and what the end makes
public (``_end``).

Commands (``_act``) validate and record the seat's decision; then ``_drive`` records the
facts that follow from it (draws, judgments, damage...) until some seat must decide again.
Event bodies only change state; ``resolution.Resolution`` decides what comes next from
state alone, so replay rebuilds exactly the same table.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any, ClassVar

from eventsourcing.domain import event

from domain.game import Game, Viewer
from domain.sanguosha import kw_cards
from domain.sanguosha import skills as _skills  # noqa: F401  (registers the skills)
from domain.sanguosha.actions import diagnose, match
from domain.sanguosha.cards import (
    AMAZING_GRACE,
    ARMOR,
    ARROWS,
    AWAIT_EXHAUSTED,
    BARBARIANS,
    COLLATERAL,
    DELAYED,
    DISMANTLEMENT,
    DODGE,
    DUEL,
    EIGHT_TRIGRAMS,
    EQUIPMENT,
    FIRE_ATTACK,
    INDULGENCE,
    KILL,
    KIND,
    LIGHTNING,
    NAME,
    NATURE,
    NORMAL,
    NULLIFICATION,
    NULLIFICATIONS,
    NUMBER,
    PEACH,
    PEACH_GARDEN,
    SLOT,
    SNATCH,
    SUPPLY_SHORTAGE,
    TRICK,
    WINE,
    WINES,
)
from domain.sanguosha.conversions import holds, keyed_name
from domain.sanguosha.distance import order_from
from domain.sanguosha.frames import (
    AfterDeath,
    CardUse,
    Damage,
    DelayedCheck,
    DiscardPhase,
    Dying,
    Frame,
    Judgment,
    KillUse,
    NullifyWindow,
    Passing,
    Pindian,
    Placing,
    PlayPhase,
    SkillEffect,
    Trigger,
)
from domain.sanguosha.judgment import judge_result
from domain.sanguosha.plays import seat_distances
from domain.sanguosha.resolution import Resolution, new_use
from domain.sanguosha.responses import answers
from domain.sanguosha.skill import SKILL_OF_CARD, SKILLS, Kind, Point
from domain.sanguosha.text import named_cards
from domain.sanguosha.zones import equipment_view, remove_from_seat, take_all

HAND_SIZE = 4
#: The rules version of both Sanguosha modes (recorded in each game's first event):
#: 1. the first engine;
#: 2. issue 13's fidelity fixes: a Halberd Kill's targets resolve in turn order from the
#:    user; Double Swords triggers on targeting, before the Renwang Shield can cancel the
#:    Kill; a draw the draw pile cannot supply even with the discard pile shuffled in ends
#:    the game in a draw; after a death, the victory check comes before any reward or
#:    penalty (a death that ends the game pays neither).
#: 3. generals have their skills (issue 13): a table with skills gains the start phase,
#:    the timing points of ``skill.Point``, conversions and modifiers; a game with no
#:    skills plays exactly as under rules 2.
#: 4. Kingdom Wars generals have their skills (issue 14): a seat holds the skills of its
#:    shown generals; identity plays exactly as under rules 3.
#: 5. the end phase always comes at a table with skills: under rules 3 and 4 a turn with
#:    nothing to discard ended at its discard phase, so end-phase skills (Biyue, and
#:    Kingdom Wars' Jushou …) were asked only after a discard. Kingdom Wars also gains
#:    Zhou Tai's Buqu, Hongyan wherever a suit or colour is read (rules 4: judgments and
#:    Tianxiang), Lirang on cards a skill's cost discards, and Niepan turning face up.
#:    Tables without skills play exactly as under rules 4.
#: 6. Kingdom Wars: the owner of a hidden Xiao Qiao is asked whether to show her (Hongyan)
#:    when its own judgment card is a spade that, read as a heart, changes the judgment;
#:    a Nullification made by a skill of another card (Kanpo's black card) is converted:
#:    Jizhi no longer draws for it (rules 5 counted every Nullification played as real).
#:    And a skill lost while its trigger waits (Duanchang takes the killer's general's
#:    skills before that seat's Kuanggu or Suishi, queued earlier, is asked) is not
#:    asked: under rules 5 and before it still acted once.
#:    A death of the seat on turn keeps what an earlier death still owes: under rules 5
#:    Tian Feng dying in his own turn from Suishi (his side's seat just died) ended the
#:    turn with that earlier death's show, victory check and reward or penalty dropped, so
#:    its hidden generals were never shown; now they follow his own death's, and a killer
#:    dead by then is paid nothing. A hidden Zhuge Liang's, Meng Huo's or Zhu Rong's
#:    owner is asked whether to show the general before Kongcheng, Huoshou or Juxiang
#:    cancels the seat as a card's target (rules 5 cancelled it unasked).
#:    Everything else plays exactly as under rules 5.
#: 7. Kingdom Wars: every compulsory skill of a hidden general that would cancel its owner
#:    as a target asks its owner whether to show the general first (Weimu against a black
#:    trick, and Qianxun and Weimu against a delayed trick, which rules 6 still cancelled
#:    unasked or not at all: the delayed trick waits in the open, ``frames.Placing``, and
#:    is placed on a decline), and Weimu no longer cancels a black Wine (a basic card);
#:    a hidden Ding Feng's Duanbing is offered (using it shows him); Tianxiang moves a
#:    fire or thunder damage with its nature, a chain's as the chain's (rules 6 dealt it
#:    as plain damage); Qiaobian no longer moves a delayed trick onto a seat whose shown
#:    skill cancels it (Qianxun, Weimu: rules 6 moved it there and it stayed); a death's
#:    reward or penalty reads the killer's side as it is paid, after the death's skills
#:    (a hidden killer shown for Xingshang is paid; rules 6 read it at the death).
#:    Everything else plays exactly as under rules 6.
#: 8. Kingdom Wars: once a draw phase's draw is skipped or replaced (Supply Shortage,
#:    Qiaobian, Tuxi, Zaiqi, Shuangxiong) no draw-phase skill is offered any more: under
#:    rules 7 a seat of Zhang He and Zhang Liao could skip its draw by Qiaobian and still
#:    take cards by Tuxi, and Xu Chu's Luoyi gave its bonus for a draw that never came.
#:    Haoshi's draw is the draw made bigger, so Yingzi still counts in it; and a skill
#:    that skips or replaces the draw is not offered after Luoyi (its cost would be void).
#:    A Lightning that misses passes as if used on the seat it reaches: past a shown Jia
#:    Xu (Weimu, a black one), and on a hidden one it waits while his owner is asked
#:    (``frames.Passing``: shown, it passes on; rules 7 passed it to him unasked).
#:    Identity, and everything else, plays exactly as under rules 7.
#: Every version here replays under its own rules (see ``rules`` where they differ).
RULES_VERSION = 8
#: the outcome reason of a game ended by an exhausted pile (rules 2)
PILE_EXHAUSTED = "pile_exhausted"
DRAW_PHASE = "draw_phase"
DISCARD_PHASE = "discard_phase"
_RESPONSE_NAME = {"dodge": DODGE, "kill": KILL, "nullify": NULLIFICATION, "peach": PEACH}
_EVERYONE = (PEACH_GARDEN, AMAZING_GRACE)  # all living players, from the user
_OTHERS = (BARBARIANS, ARROWS)  # every other living player, from the user's next
_HOSTILE = frozenset({KILL, DUEL, DISMANTLEMENT, SNATCH, INDULGENCE, COLLATERAL,
                      FIRE_ATTACK, SUPPLY_SHORTAGE})
#: ``CardUsed.via`` of a card another seat supplied, used as the user's own in its play
#: phase (a lord's call: Jijiang); it counts like a card played from the hand
SUPPLIED = "supplied"
#: the facts of a timing point a view shows (all public: see ``skill.Point``), by the
#: names a view gives them
_PUBLIC_CONTEXT = {"v": "victim", "src": "source", "n": "amount", "r": "reason",
                   "j": "judged", "card": "card", "u": "user", "tg": "target", "seat": "seat",
                   "name": "card_name", "d": "distance"}
#: windows that ask only the seats holding a card: who is asked is a secret
SECRET_ASKS = frozenset({"nullify", "peach"})


class SanguoshaGame(Resolution, Game):
    """The shared engine; abstract (modes define ``kind`` and the created event)."""

    default_turn_cap: ClassVar[int] = 2000
    rules_version = RULES_VERSION

    class Event(Game.SecretEvent):
        """Every event of the engine is salted: most kinds carry a secret in some case (a
        draw, a card taken from a hand, a declined window, the pile's order, an identity,
        a hidden general), and one list to keep in step with ``redact`` is one too many."""

    def _init_table(self, players: list[str], options: dict[str, Any], agents: list[str]) -> None:
        """State of an empty table; called by each mode's created event."""
        n = len(players)
        self.players = players
        self.options = options
        self.agents = agents
        self.outcome = None
        self.n = n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.equip: list[list[int | None]] = [[None, None, None, None] for _ in range(n)]
        self.judging: list[list[int]] = [[] for _ in range(n)]
        self.pile: list[int] = []  # the draw pile; its top is the *last* element
        self.discard: list[int] = []
        self.flight: list[int] = []
        self.hp = [0] * n
        self.max_hp = [0] * n
        self.alive = [True] * n
        self.killer: list[int | None] = [None] * n
        # public record of who acted against (+) or for (-) whom: what bots "remember"
        self.hostility = [[0] * n for _ in range(n)]
        self.current = 0
        self.phase: str | None = None
        self.turn = 0
        self.kills = 0
        self.skip_play = False
        self.judged: list[int] = []
        self.stack: list[Frame] = []
        self.due: dict[str, Any] | None = None
        # skills (rules 3): each seat's skill ids, and whether any seat has one at all
        # (a table without skills takes none of the skill engine's paths)
        self.skills: list[tuple[str, ...]] = [() for _ in range(n)]
        self.skilled = False
        self.watched: list[int] = []
        self.uses: dict[str, int] = {}  # "seat:skill" -> uses this turn
        self.spent: list[str] = []  # "seat:skill" of limited skills used (once per game)
        self.marks: dict[str, Any] = {}  # what skills noted for the current turn
        self.virtual: dict[int, str] = {}  # a converted delayed trick's card -> its name
        self.had_hand = [False] * n  # for "lost the last hand card" (Lianying)
        self.had_equip: list[list[int]] = [[] for _ in range(n)]  # for Xiaoji
        # the Kingdom Wars deck (a mode sets ``kw_deck``): chained seats, and the armor
        # each seat wore when last looked at (the Silver Lion heals when it leaves)
        self.kw_deck = False
        self.chained = [False] * n
        self.worn: list[int | None] = [None] * n
        self.turned = [False] * n  # turned over (叠置): the seat's next turn is skipped
        # cards set aside face up on a seat's general (Buqu's wounds): public
        self.wounds: list[list[int]] = [[] for _ in range(n)]
        self.extra_turns: list[int] = []  # seats granted a turn right after this one
        self.turn_base: int | None = None  # whose turn an extra turn followed

    # --- mode hooks ------------------------------------------------------------------
    def first_seat(self) -> int:
        return 0

    def revealed(self, seat: int) -> dict[str, Any]:
        """What a death makes public about the seat (its identity, its generals)."""
        return {}

    def seat_view(self, seat: int, viewer: Viewer) -> dict[str, Any]:
        return {}

    def draw_outcome(self, reason: str) -> dict[str, Any]:
        """The outcome of a game that ends with no winner (``turn_cap``, ``pile_exhausted``)."""
        raise NotImplementedError

    def kingdom(self, seat: int) -> str | None:
        """The kingdom of the seat's general (lord skills call on a kingdom)."""
        return None

    def same_side(self, a: int, b: int) -> bool:
        """Whether two seats are on one side as the Kingdom Wars deck's cards mean it
        (Await Exhausted, Six Swords...): both shown, neither a careerist, one kingdom."""
        return False

    def has_shown(self, seat: int) -> bool:
        """Whether the seat has shown a general (Befriend Attacking needs one)."""
        return True

    def hidden_generals(self, seat: int) -> list[str]:
        """Which of the seat's generals are hidden ("head", "deputy"): Known Both's."""
        return []

    def general_of(self, seat: int, which: str) -> str:
        raise NotImplementedError

    def range_bonus(self, seat: int) -> int:
        """What the seat's side adds to its attack range (Six Swords)."""
        return 0
    def skill_shown(self, seat: int, sid: str) -> bool:
        """Whether the seat's general owning ``sid`` is face up (Kingdom Wars hides
        generals; identity's are always up). A compulsory skill at a timing point applies
        without a question only when shown."""
        return True

    def _before_action(self, seat: int, f: Frame, chosen: dict[str, Any]) -> bool:
        """A mode may record something before a chosen action and carry the action out
        later (Kingdom Wars: using a hidden general's skill shows that general first).
        True: the mode took the action over."""
        return False

    # --- skills ------------------------------------------------------------------------
    def set_skills(self, skills: list[tuple[str, ...]],
                   moded: list[tuple[str, ...]] | None = None) -> None:
        """Give each seat its skills (called from a mode's event body, so replay agrees).
        ``moded``: the skills whose modifiers count now (default: all of them; Kingdom
        Wars counts a hidden general's modifiers only when they show it when needed)."""
        self.skills = [tuple(s) for s in skills]
        self.skilled = self.kw_deck or any(self.skills)
        self.mods = [_modifiers(tuple(s)) for s in (self.skills if moded is None else moded)]
        # the seats with a skill on losing cards: the only ones ``_watch`` looks at
        self.watched = [s for s in range(self.n) if any(
            SKILLS[sid].point in (Point.HAND_EMPTIED, Point.EQUIP_LOST)
            for sid in self.skills[s])]

    def mod(self, seat: int, key: str) -> Any:
        """A modifier of the seat's skills (``skill.Skill.mods``), or None."""
        if not self.skilled:
            return None
        return self.mods[seat].get(key)

    def equipment_skills(self, seat: int) -> list[Any]:
        """The skills the seat's equipment brings (``skills/equipment.py``)."""
        return equipment_of(self.equip[seat])[0]

    def equip_mod(self, seat: int, key: str) -> Any:
        """A modifier of the seat's equipment (the Halberd's extra targets...), or None."""
        return equipment_of(self.equip[seat])[1].get(key)

    def has_equip_mod(self, seat: int, key: str) -> bool:
        return key in equipment_of(self.equip[seat])[1]

    def holds(self, seat: int, name: str) -> bool:
        return holds(self, seat, name)

    def spent_skill(self, seat: int, sid: str) -> bool:
        """Whether the seat has used this limited skill (once a game) already."""
        return SKILLS[sid].limited and f"{seat}:{sid}" in self.spent

    def demand_skills(self, seat: int) -> list[Any]:
        """The skills that add answers to a window asking for a card: the equipment's
        (Eight Trigrams) and the seat's own (a skill that counts as wearing it)."""
        out = [s for s in self.equipment_skills(seat) if s.demand is not None]
        if self.skilled:
            out += [SKILLS[sid] for sid in self.skills[seat] if SKILLS[sid].demand is not None]
        return out

    def _cancels(self, target: int, name: str, cards: list[int]) -> bool:
        """Whether a skill of the target cancels it as a target of ``name`` (Kingdom Wars
        取消: it was a target, and is removed), or of these ``cards`` used as ``name``
        (``shielded``: Weimu's black tricks). Every skill of the seat is asked (two
        generals may each cancel for other cards: Kongcheng and Huoshou). Rules 6: a
        hidden general's ``cancels_target`` skill does not; its owner is asked to show it
        (``_hidden_cancels``). Rules 7: nor does a hidden general's ``shielded`` one."""
        if not self.skilled:
            return False
        for sid in self.skills[target]:
            mods = SKILLS[sid].mods
            rule, shield = mods.get("cancels_target"), mods.get("shielded")
            if rule is not None and (self.rules < 6 or self.skill_shown(target, sid)) \
                    and rule(self, target, name):
                return True
            if shield is not None and (self.rules < 7 or self.skill_shown(target, sid)) \
                    and shield(self, target, name, tuple(cards)):
                return True
        return False

    def _cancel_rule(self, seat: int, sid: str, name: str, cards: Sequence[int] = ()) -> bool:
        """Whether the seat's hidden skill ``sid`` would cancel it as a target of ``name``
        (rules 6: asked, as a hidden general's compulsory skill); from rules 7 also a
        ``shielded`` skill, by the ``cards`` as their user holds them (Weimu)."""
        if self.skill_shown(seat, sid):
            return False
        mods = SKILLS[sid].mods
        rule, shield = mods.get("cancels_target"), mods.get("shielded")
        if rule is not None:
            return bool(rule(self, seat, name))
        return self.rules >= 7 and shield is not None and bool(
            shield(self, seat, name, tuple(cards)))

    def _hidden_cancels(self, use: CardUse, held: list[int]) -> None:
        """Rules 6: each target whose hidden general's compulsory skill would cancel it
        (Kongcheng, Huoshou, Juxiang; rules 7: Weimu) is asked whether to show it, before
        the use resolves (a hidden general has no skill in effect; rules 5 cancelled
        unasked). ``held``: the use's cards as its user holds them."""
        if self.rules < 6 or not self.skilled:
            return
        # a Collateral's one target is the weapon's holder (not the seat it names to Kill)
        targets = use.targets[:1] if use.name == COLLATERAL else use.targets
        queue = [(t, sid) for t in targets for sid in self.skills[t]
                 if self._cancel_rule(t, sid, use.name, held)]
        if queue:
            self.stack.append(Trigger(point=Point.CANCEL.value, queue=queue,
                                      context={"u": use.user, "name": use.name,
                                               "held": list(held)}))

    def _hidden_placing(self, user: int, name: str, card: int, target: int,
                        held: list[int]) -> bool:
        """Rules 7: a delayed trick whose target's hidden general would cancel it
        (Qianxun: an Indulgence; Weimu: a black one) waits in the open (``Placing``)
        while the owner is asked whether to show the general; rules 6 placed it unasked.
        False: nobody is asked (the caller places it)."""
        if self.rules < 7 or not self.skilled:
            return False
        queue = [(target, sid) for sid in self.skills[target]
                 if self._cancel_rule(target, sid, name, held)]
        if not queue:
            return False
        self.flight.append(card)
        self.stack.append(Placing(name=name, user=user, card=card, target=target))
        self.stack.append(Trigger(point=Point.CANCEL.value, queue=queue,
                                  context={"u": user, "name": name, "held": list(held)}))
        return True

    def _cancel_can(self, seat: int, sid: str, f: Trigger) -> bool:
        """At the cancel point: the seat is still a target of the use (or the delayed
        trick's placing) below, its skill's general still hidden, and the skill still
        cancels it."""
        below = self.stack[-2] if len(self.stack) > 1 else None
        held = f.context.get("held", ())
        if isinstance(below, Placing):
            return seat == below.target and self._cancel_rule(seat, sid, below.name, held)
        if isinstance(below, Passing):
            return seat == below.seat and not below.shown and \
                below.card in self.judging[seat] and \
                self._cancel_rule(seat, sid, LIGHTNING, held)
        return isinstance(below, CardUse) and seat in below.targets[
            :1 if below.name == COLLATERAL else None] and \
            self._cancel_rule(seat, sid, below.name, held)

    def _cancelled(self, seat: int) -> None:
        """The shown skill takes the seat off the use's targets; with none left the use
        is over at once, its cards to the discard pile (as when all cancel unasked). A
        delayed trick waiting to be placed (rules 7) goes to the discard pile."""
        trig, use = self.stack[-1], self.stack[-2]
        if isinstance(use, Passing):  # (rules 8) it passes on from there
            use.shown = True
            return
        if isinstance(use, Placing):
            del self.stack[-2:]
            self.flight.remove(use.card)
            self.discard.append(use.card)
            return
        assert isinstance(trig, Trigger) and isinstance(use, CardUse)
        use.targets.remove(seat)
        if not use.targets or use.name == COLLATERAL:  # (its holder: cancelled whole)
            del self.stack[-2:]
            for c in use.cards:
                if c in self.flight:
                    self.flight.remove(c)
                    self.discard.append(c)

    def peach_bonus(self, helper: int, victim: int) -> int:
        bonus = self.mod(victim, "peach_bonus")
        return 0 if bonus is None else int(bonus(self, victim, helper))

    def _point(self, point: Point, seats: list[int], ctx: dict[str, Any]) -> bool:
        """Stop at a timing point: queue the seats' skills on it (in turn order from the
        current player) in a trigger frame. False when no skill is on the point."""
        queue: list[tuple[int, str]] = []
        for s in order_from(self.current, self.n) if len(seats) > 1 else seats:
            if s not in seats or not (self.alive[s] or point == Point.KILLED):
                continue
            for sid in self.skills[s]:
                sk = SKILLS[sid]
                if (sk.point == point or point in sk.also) and not self.spent_skill(s, sid):
                    times = int(ctx.get("n", 1)) if sk.per_point else 1
                    queue.extend((s, sid) for _ in range(times))
        if not queue:
            return False
        self.stack.append(Trigger(point=point.value, queue=queue, context=ctx))
        return True

    def _point_once(self, point: Point, seat: int) -> bool:
        """A phase's timing point, stopped at once per turn."""
        key = "p:" + point.value
        if key in self.marks:
            return False
        self.marks[key] = True
        return self._point(point, [seat], {"seat": seat})

    def _point_others_once(self, point: Point, seat: int) -> bool:
        """A point of the seat's turn asked of every other living seat, once per turn."""
        key = "p:" + point.value
        if key in self.marks:
            return False
        self.marks[key] = True
        return self._point(point, [s for s in range(self.n) if s != seat], {"seat": seat})

    def _waits_skill(self, seat: int) -> bool:
        top = self.stack[-1] if self.stack else None
        return isinstance(top, SkillEffect) and top.waiting == seat

    def _watch(self) -> bool:
        """Cards lost by any means: a seat's last hand card, a card leaving its equipment.
        Compared with what the last look saw; a skill on the point is then triggered.
        With the Kingdom Wars deck, an armor that left brings its ``on_lost`` (the Silver
        Lion's heal)."""
        pushed = False
        if self.kw_deck:
            for s in range(self.n):
                now = self.equip[s][ARMOR]
                if now != self.worn[s]:
                    old, self.worn[s] = self.worn[s], now
                    lost = None if old is None else SKILL_OF_CARD[old]
                    if lost is not None and "on_lost" in lost.mods and self.alive[s]:
                        lost.mods["on_lost"](self, s, old)
                        pushed = True
        for s in self.watched:
            has = bool(self.hands[s])
            if has != self.had_hand[s]:
                self.had_hand[s] = has
                if not has and self.alive[s] and self._point(Point.HAND_EMPTIED, [s],
                                                             {"seat": s}):
                    pushed = True
            now = [c for c in self.equip[s] if c is not None]
            if now != self.had_equip[s]:
                lost = [c for c in self.had_equip[s] if c not in now]
                self.had_equip[s] = now
                if lost and self.alive[s] and self._point(
                        Point.EQUIP_LOST, [s], {"seat": s, "n": len(lost), "cards": lost}):
                    pushed = True
        return pushed

    @property
    def turn_cap(self) -> int:
        return int(self.options.get("turn_cap", self.default_turn_cap))

    # --- queries ---------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.outcome is not None or not self.stack:
            return []
        w = self.stack[-1].waiting
        return [] if w is None else [w]

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        if self.outcome is not None or not self.stack:
            return []
        f = self.stack[-1]
        if f.waiting != seat:
            return []
        return list(self._answers(seat, f))

    def visible_to_act(self, viewer: Viewer) -> list[int]:
        """Whom a viewer sees the game waiting on. The Nullification and dying-Peach
        windows only ask the seats that hold such a card; shown as such they would tell
        who holds one. So, to everyone but the referee, such a window waits on every
        living seat (any of them could in principle hold the card)."""
        if self._secret_window():
            return [s for s in range(self.n) if self.alive[s]]
        return self.to_act()

    def _secret_window(self) -> bool:
        """Whether the game waits in a window whose asked seat tells who holds a card."""
        return (self.outcome is None and bool(self.stack)
                and self.stack[-1].waiting is not None and self.stack[-1].ask in SECRET_ASKS)

    def _answers(self, seat: int, f: Frame) -> list[dict[str, Any]]:
        """The waiting seat's answers, computed once per version (state only changes by
        events, and every event moves the version): bots and validation share them."""
        key = (self.version, seat)
        cached = getattr(self, "_legal_cache", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        legal = answers(self, seat, f)
        self._legal_cache = (key, legal)
        return legal

    @property
    def ask(self) -> str | None:
        """What the game waits for (``play``, ``dodge``, ``nullify``...), or None."""
        if self.outcome is not None or not self.stack:
            return None
        top = self.stack[-1]
        return top.ask if top.waiting is not None else None

    # --- commands --------------------------------------------------------------------
    def _act(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        f = self.stack[-1]
        legal = self._answers(seat, f)
        chosen = match(action, legal)
        if chosen is None:
            raise diagnose(self, seat, action, legal)
        if not self._before_action(seat, f, chosen):
            self._decide(seat, f, chosen, rng)
        self._drive(rng)

    def _decide(self, seat: int, f: Frame, chosen: dict[str, Any],
                rng: random.Random) -> None:
        ask, kind = f.ask or "", chosen["type"]
        cards = chosen["cards"] if "cards" in chosen else (
            [chosen["card"]] if "card" in chosen else [])
        if "skill" in chosen and kind != "skill":
            # a card made by a conversion: the skill is named first, then the card's event
            self._skill_used(seat=seat, skill=chosen["skill"], cards=cards, targets=[],
                             choice=chosen.get("as"))
        if isinstance(f, SkillEffect) and kind != "decline":
            decide = SKILLS[f.skill].decide
            assert decide is not None
            decide(self, seat, f, chosen, rng)
        elif kind == "skill":
            self._skill_used(seat=seat, skill=chosen["skill"], cards=cards,
                             targets=list(chosen.get("targets", [])),
                             choice=chosen.get("choice"))
        elif kind == "decline":
            self._declined(seat=seat, ask=ask)
        elif kind == "end_play":
            self._phase_changed(seat=seat, phase="discard", skipped=None)
        elif kind == "use":
            self._use(seat, chosen, cards)
        elif kind == "respond":
            if ask == "collateral":
                assert isinstance(f, CardUse)
                self._card_used(seat=seat, name=KILL, cards=cards, targets=[f.targets[1]],
                                via=ask)
            else:
                # a Wine played as itself (a card a skill made keeps the name asked for)
                name = WINE if len(cards) == 1 and cards[0] in WINES and "skill" not in chosen \
                    else _RESPONSE_NAME[ask]
                if chosen.get("choice") == kw_cards.ALL:  # (a Kingdom Nullification's)
                    assert isinstance(f, NullifyWindow)
                    self._nullification_widened(seat=seat, target=f.target,
                                                kingdom=self.kingdom(f.target))
                self._responded(seat=seat, name=name, cards=cards, ask=ask)
        elif kind == "accept":
            self._accepted(seat=seat, ask=ask)
        elif kind == "discard":
            reason = DISCARD_PHASE if ask == "discard" else ask
            self._cards_discarded(seat=seat, cards=cards, reason=reason, by=None)
        elif kind == "choose":
            self._choose(seat, f, chosen, rng)
        elif kind == "recast":
            self._card_recast(seat=seat, card=chosen["card"])
        else:  # an answer offered on demand (Eight Trigrams' judgment, or a skill's)
            sid = chosen.get("skill")
            sk = SKILLS[sid] if sid is not None else next(
                s for s in self.equipment_skills(seat)
                if s.demand is not None and s.demand(self, seat, f))
            assert sk.decide is not None
            sk.decide(self, seat, f, chosen, rng)

    def _use(self, seat: int, chosen: dict[str, Any], cards: list[int]) -> None:
        name = keyed_name(chosen) or chosen.get("as") or NAME[cards[0]]
        alive = self.alive
        if name in _EVERYONE:
            targets = [s for s in order_from(seat, self.n) if alive[s]]
        elif name in _OTHERS:
            targets = [s for s in order_from(seat, self.n)[1:] if alive[s]]
        elif name == AWAIT_EXHAUSTED:  # you and every other living player on your side
            targets = [s for s in order_from(seat, self.n)
                       if alive[s] and (s == seat or self.same_side(seat, s))]
        elif "targets" in chosen:
            targets = list(chosen["targets"])
            if name == KILL and len(targets) > 1 and self.rules >= 2:
                # a Halberd Kill resolves its targets in turn order from the user
                turn = order_from(seat, self.n)
                targets.sort(key=turn.index)
        else:
            targets = [seat]
        self._card_used(seat=seat, name=name, cards=cards, targets=targets, via="play")

    def _choose(self, seat: int, f: Frame, chosen: dict[str, Any],
                rng: random.Random) -> None:
        ask = f.ask
        assert isinstance(f, CardUse)
        if ask == "grace":
            self._card_picked(seat=seat, card=chosen["card"])
        elif ask == "show_card":  # Fire Attack
            self._card_shown(seat=seat, card=chosen["card"], reason=f.name)
        elif ask == "known_both":
            target = f.targets[0]
            choice = chosen["choice"]
            seen = sorted(self.hands[target]) if choice == "hand" \
                else [self.general_of(target, choice)]
            self._known_both_seen(seat=seat, target=target, choice=choice, seen=seen)
        else:  # "pick": Dismantlement, Snatch
            target = f.pick_from
            assert target is not None
            if chosen.get("area") == "hand":
                card, area = rng.choice(self.hands[target]), "hand"
            else:
                card = chosen["card"]
                area = "judgment" if card in self.judging[target] else "equipment"
            if f.name == SNATCH:
                self._card_taken(seat=seat, source=target, card=card, area=area, reason=SNATCH)
            else:
                self._cards_discarded(seat=target, cards=[card], reason=DISMANTLEMENT,
                                      by=seat)

    # --- the driver: record the facts that are due -----------------------------------
    def _drive(self, rng: random.Random) -> None:
        while self.outcome is None:
            d = self.due
            if d is None:
                return
            k = d["k"]
            if k == "turn":
                if self.turn >= self.turn_cap:
                    self._end(self.draw_outcome("turn_cap"), rng)
                    return
                nxt = self._next_seat()
                if self.turned[nxt] and self.turn > 0:
                    self._turn_skipped(seat=nxt)
                    continue
                self._turn_started(seat=nxt, turn=self.turn + 1)
            elif k == "turn_over":
                self._turned_over(seat=d["seat"], face_down=not self.turned[d["seat"]],
                                  reason=d["reason"])

            elif k == "draw":
                cards = self._take(d["n"], rng)
                if cards is not None:
                    self._cards_drawn(seat=d["seat"], cards=cards, reason=d["reason"])
            elif k == "judge":
                top = self._take(1, rng)
                if top is None:
                    continue
                card = top[0] if top else None
                self._judged(seat=d["seat"], card=card, reason=d["reason"],
                             result=card is not None and judge_result(
                                 d["reason"], card, self.spades_are_hearts(d["seat"])))
            elif k == "damage" and d.get("nature", NORMAL) != NORMAL:
                self._nature_damaged(seat=d["seat"], source=d["source"], amount=d["n"],
                                     cards=list(d["cards"]), reason=d["reason"],
                                     nature=d["nature"], chain=d["chain"])
            elif k == "damage":
                self._damaged(seat=d["seat"], source=d["source"], amount=d["n"],
                              cards=list(d["cards"]), reason=d["reason"])
            elif k == "heal":
                self._healed(seat=d["seat"], amount=d["n"], reason=d["reason"])
            elif k == "reveal":
                cards = self._take(d["n"], rng)
                if cards is not None:
                    self._cards_revealed(cards=cards, reason=d["reason"])
            elif k == "dying":
                self._dying(seat=d["seat"], source=d["source"])
            elif k == "rescued":
                self._rescued(seat=d["seat"])
            elif k == "died":
                v = d["seat"]
                cards = self.hands[v] + [c for c in self.equip[v] if c is not None]
                self._died(seat=v, killer=d["source"], revealed=self.revealed(v),
                           cards=cards + self.judging[v] + self.wounds[v])
            elif k == "chain":
                self._chain_toggled(seat=d["seat"], chained=not self.chained[d["seat"]])
            elif k == "blocked" and d.get("name", KILL) != KILL:
                self._effect_blocked(seat=d["seat"], source=d["source"], armor=d["armor"],
                                     name=d["name"])
            elif k == "blocked":
                self._kill_blocked(seat=d["seat"], source=d["source"], armor=d["armor"])
            elif k == "give":
                self._card_taken(seat=d["seat"], source=d["source"], card=d["card"],
                                 area="equipment", reason=COLLATERAL)
            elif k == "pass_lightning":
                self._lightning_passed(seat=d["seat"],
                                       to=self._lightning_next(d["seat"], d["card"]),
                                       card=d["card"])
            elif k == "phase":
                self._phase_changed(seat=d["seat"], phase=d["phase"], skipped=d["skipped"])
            elif k == "turn_end":
                self._turn_ended(seat=d["seat"])
            elif k == "reward":
                cards = self._take(d["n"], rng)
                if cards is not None:
                    self._reward_drawn(seat=d["seat"], cards=cards, victim=d["victim"])
            elif k == "penalty":
                s = d["seat"]
                self._penalty_paid(seat=s, victim=d["victim"], cards=self.hands[s] + [
                    c for c in self.equip[s] if c is not None])
            elif k == "end":
                self._end(d["outcome"], rng)
            elif k == "use":
                self._card_used(seat=d["seat"], name=d["name"], cards=list(d["cards"]),
                                targets=list(d["targets"]), via=d["via"])
            elif k == "gain":
                self._cards_gained(seat=d["seat"], cards=list(d["cards"]), zone=d["zone"],
                                   reason=d["reason"])
            elif k == "lose_hp":
                self._hp_lost(seat=d["seat"], amount=d["n"], reason=d["reason"])
            elif k == "peek":
                cards = self._take(d["n"], rng)
                if cards is not None:
                    self._cards_peeked(seat=d["seat"], cards=cards, reason=d["reason"])
            elif k == "skill":  # a compulsory skill applies at its point, unasked
                self._skill_used(seat=d["seat"], skill=d["skill"], cards=[], targets=[],
                                 choice=None)
            elif k == "swap_hands":
                a, b = d["seat"], d["other"]
                self._hands_swapped(seat=a, other=b, cards=list(self.hands[a]),
                                    other_cards=list(self.hands[b]), reason=d["reason"])
            elif k == "extra_turn":
                self._extra_turn_granted(seat=d["seat"], by=d["by"], reason=d["reason"])
            elif k == "pindian":  # both secret cards are shown at once
                a, b = d["cards"]
                self._pindian_shown(seat=d["seat"], target=d["target"], cards=[a, b],
                                    reason=d["reason"], won=NUMBER[a] > NUMBER[b])
            elif k == "snatch_hand":  # a hand card taken blind
                source = d["source"]
                self._card_taken(seat=d["seat"], source=source,
                                 card=rng.choice(self.hands[source]), area="hand",
                                 reason=d["reason"])
            else:
                self._drive_mode(d, rng)

    def _end(self, outcome: dict[str, Any], rng: random.Random) -> None:
        """Record the end (a mode may first record what the end makes public)."""
        self._game_ended(outcome=outcome)

    def _drive_mode(self, due: dict[str, Any], rng: random.Random) -> None:
        """Facts only a mode knows (e.g. showing generals); modes override."""
        raise AssertionError(f"unknown due fact {due!r}")

    def _take(self, n: int, rng: random.Random) -> list[int] | None:
        """The top ``n`` cards of the pile, reshuffling the discard pile under it first
        (recorded) when it runs short.

        Rules 2: when even both piles together hold fewer than ``n`` cards the game ends
        in a draw (as FreeKill does) and this returns None; rules 1 came up short."""
        if self.rules >= 2 and len(self.pile) + len(self.discard) < n:
            self._end(self.draw_outcome(PILE_EXHAUSTED), rng)
            return None
        if len(self.pile) < n and self.discard:
            order = list(self.discard)
            rng.shuffle(order)
            self._pile_reshuffled(order=order)
        k = min(n, len(self.pile))
        return self.pile[-1:-k - 1:-1] if k else []

    def _next_seat(self) -> int:
        if self.turn == 0:
            return self.first_seat()
        for s in self.extra_turns:
            if self.alive[s]:
                return s
        base = self.current if self.turn_base is None else self.turn_base
        for s in order_from(base, self.n)[1:]:
            if self.alive[s]:
                return s
        return self.current

    def _lightning_next(self, owner: int, card: int) -> int:
        """The next living player whose judgment area has no Lightning (else the owner).
        Rules 8: nor a seat whose shown skill cancels it as the target (Weimu: a black
        one, its colour as that seat would hold it), as a card used on it would be; the
        hidden ones are asked when it lands (``_passing_asks``)."""
        skips = self.rules >= 8 and self.skilled
        for s in order_from(owner, self.n)[1:]:
            if self.alive[s] and all(NAME[c] != LIGHTNING for c in self.judging[s]) and not (
                    skips and self._cancels(s, LIGHTNING, [self.as_held(s, card)])):
                return s
        return owner

    def _passing_asks(self, seat: int, to: int, card: int) -> None:
        """Rules 8: a Lightning passed to a seat whose hidden general would cancel it
        (Weimu) lies there while the owner is asked whether to show it (``Passing``);
        rules 7 left it there unasked. Back at the seat it passed from, it stays."""
        if self.rules < 8 or not self.skilled or to == seat:
            return
        held = [self.as_held(to, card)]
        queue = [(to, sid) for sid in self.skills[to]
                 if self._cancel_rule(to, sid, LIGHTNING, held)]
        if queue:
            self.stack.append(Passing(card=card, seat=to))
            self.stack.append(Trigger(point=Point.CANCEL.value, queue=queue,
                                      context={"name": LIGHTNING, "card": card,
                                               "held": held}))

    # --- events: the table ------------------------------------------------------------
    @event("DeckShuffled")
    def _deck_shuffled(self, order: list[int]) -> None:
        self.pile = order[::-1]

    @event("HandsDealt")
    def _hands_dealt(self, hands: list[list[int]]) -> None:
        pile = self.pile
        for seat, hand in enumerate(hands):
            del pile[len(pile) - len(hand):]
            self.hands[seat] = list(hand)
        self._settle()

    @event("PileReshuffled")
    def _pile_reshuffled(self, order: list[int]) -> None:
        self.discard = []
        self.pile = order[::-1] + self.pile

    @event("TurnStarted")
    def _turn_started(self, seat: int, turn: int) -> None:
        self._landed()
        if self.extra_turns:  # an extra turn: the turn order goes on from whose it followed
            self.extra_turns = [s for s in self.extra_turns if self.alive[s]]
        if self.extra_turns and self.extra_turns[0] == seat:
            self.extra_turns.pop(0)
            if self.turn_base is None:
                self.turn_base = self.current
        else:
            self.turn_base = None
        self.current = seat
        self.turn = turn
        self.phase = "start" if self.skilled else "judgment"
        if self.skilled:
            self.uses = {}
            self.marks = {}
        self.kills = 0
        self.skip_play = False
        self.judged = []
        self._settle()

    @event("TurnSkipped")
    def _turn_skipped(self, seat: int) -> None:
        """A turned-over seat's turn would begin: it turns face up instead, and the turn
        passes on from it."""
        self._landed()
        self.turned[seat] = False
        self.current = seat
        self._settle()

    @event("TurnedOver")
    def _turned_over(self, seat: int, face_down: bool, reason: str) -> None:
        """A seat turns over (叠置): face down, it skips its next turn (Jushou, Fangzhu)."""
        self._landed()
        self.turned[seat] = face_down
        self._settle()

    @event("TargetChosen")
    def _target_chosen(self, seat: int, target: int, reason: str) -> None:
        """A skill's owner chose a player for its effect (Quhu's victim): public."""
        top = self.stack[-1]
        assert isinstance(top, SkillEffect)
        top.targets.append(target)
        self._answer(True)
        self._settle()

    @event("CardMoved")
    def _card_moved(self, seat: int, source: int, to: int, card: int, area: str,
                    reason: str) -> None:
        """A card moved by ``seat`` from one player's equipment or judgment area into the
        same area of another (Qiaobian)."""
        self._landed()
        remove_from_seat(self, source, card)
        if area == "equipment":
            slot = SLOT[card]
            assert slot is not None
            self.equip[to][slot] = card
        else:
            self.judging[to].append(card)
        if self._waits_skill(seat):
            self._answer(True)
        self._settle()

    @event("PhaseChanged")
    def _phase_changed(self, seat: int, phase: str, skipped: str | None) -> None:
        self._landed()
        if self.stack and isinstance(self.stack[-1], PlayPhase):
            self.stack.pop()
        self.phase = phase
        self._settle()

    @event("TurnEnded")
    def _turn_ended(self, seat: int) -> None:
        self._landed()
        self.phase = None
        self._settle()

    @event("CardsDrawn")
    def _cards_drawn(self, seat: int, cards: list[int], reason: str) -> None:
        self._landed()
        if cards:
            del self.pile[len(self.pile) - len(cards):]
        self.hands[seat].extend(cards)
        if reason == DRAW_PHASE:
            self.phase = "play"
        self._settle()

    # --- events: using and answering --------------------------------------------------
    @event("CardUsed")
    def _card_used(self, seat: int, name: str, cards: list[int], targets: list[int],
                   via: str) -> None:
        self._landed()
        self._let_go(seat, cards, name, supplied=via == SUPPLIED)
        if via not in ("play", SUPPLIED):
            self._answer(True)
        first = cards[0] if cards else -1  # no card: a skill's own Kill (Shuangren)
        equips = len(cards) == 1 and KIND[first] == EQUIPMENT and name == NAME[first]
        delays = len(cards) == 1 and (name in (INDULGENCE, LIGHTNING, SUPPLY_SHORTAGE)
                                      if self.skilled else KIND[first] == DELAYED)
        # the cards' colour as it counts for their user (Hongyan), for Weimu's black tricks
        held = [self.as_held(seat, c) for c in cards] if self.skilled else cards
        if equips:
            slot = SLOT[first]
            assert slot is not None
            old = self.equip[seat][slot]
            if old is not None:
                self.discard.append(old)
            self.equip[seat][slot] = first
        elif delays and self._cancels(targets[0], name, held):
            self.discard.append(first)  # its only target cancelled itself
        elif delays and self._hidden_placing(seat, name, first, targets[0], held):
            pass  # (rules 7) placed once its target's owner declines to show the general
        elif delays:
            self.judging[targets[0]].append(first)
            if name != NAME[first]:
                self.virtual[first] = name
        else:
            self.flight.extend(cards)
            if name == KILL and via in ("play", SUPPLIED):
                self.kills += 1
        if name in _HOSTILE:
            row = self.hostility[seat]
            row[targets[0]] += 1
            if name == KILL:
                for t in targets[1:]:
                    row[t] += 1
        if not (equips or delays):
            kept = [t for t in targets if not self._cancels(t, name, held)] if self.skilled \
                else targets
            if name == COLLATERAL and kept != targets:  # its one target is the holder
                kept = [] if targets[0] not in kept else targets
            if kept:  # (a target that cancelled itself is not resolved)
                use = new_use(name, seat, cards, kept)
                if isinstance(use, KillUse) and self.kw_deck:
                    # a Fire or Thunder Kill deals its nature; a Kill drinks the Wine before
                    use.nature = NATURE[first] if len(cards) == 1 and NAME[first] == KILL \
                        else NORMAL
                    use.drank = int(self.marks.pop("drank", 0))
                self.stack.append(use)
                self._hidden_cancels(use, held)
            else:  # every target cancelled itself: the card goes to the discard pile
                for c in cards:
                    self.flight.remove(c)
                self.discard.extend(cards)
        if self.skilled:
            real = len(cards) == 1 and name == NAME[first]
            self._point(Point.CARD_USED, [seat], {"u": seat, "name": name, "real": real,
                                                  "trick": real and KIND[first] == TRICK})
        self._settle()

    @event("Responded")
    def _responded(self, seat: int, name: str, cards: list[int], ask: str) -> None:
        self._let_go(seat, cards, name)
        self.discard.extend(cards)
        top = self.stack[-1]
        if self.skilled:
            if isinstance(top, SkillEffect):
                top.got = list(cards)
            elif name == NULLIFICATION:
                real = self.rules < 6 or (len(cards) == 1 and cards[0] in NULLIFICATIONS)
                self._point(Point.CARD_USED, [seat], {"u": seat, "name": name, "real": real,
                                                      "trick": real})
        if ask == "nullify":
            assert isinstance(top, NullifyWindow)
            top.nullified = not top.nullified
            top.played += 1
            top.passed = []
            top.waiting = None
        elif ask == "peach":
            assert isinstance(top, Dying)
            # (a Wine saves its dying holder by 1, with no Peach's bonus)
            healed = 1 + (self.skilled and name == PEACH and self.peach_bonus(seat, top.victim))
            self.hp[top.victim] += healed
            self.hostility[seat][top.victim] -= 2
            top.waiting = None
            if self.skilled:  # a Peach on the dying heals too (Shushen)
                self._point(Point.HEALED, [top.victim], {"seat": top.victim, "n": healed})
        else:
            self._answer(True)
        if self.skilled and ask not in ("nullify", "peach"):  # (those answers are secret)
            self._point(Point.RESPONDED, [seat], {"u": seat, "name": name})
        self._settle()

    @event("NullificationWidened")
    def _nullification_widened(self, seat: int, target: int, kingdom: str) -> None:
        """The Kingdom Nullification ``seat`` plays next is for "all" of ``target``'s
        kingdom: if it stands, the trick's later targets of that kingdom are spared
        (kingdom-wars-deck.md). Recorded before the card, which may close the window."""
        top = self.stack[-1]
        assert isinstance(top, NullifyWindow)
        top.kingdom = kingdom

    @event("Declined")
    def _declined(self, seat: int, ask: str) -> None:
        top = self.stack[-1]
        if ask in ("nullify", "peach"):
            assert isinstance(top, NullifyWindow | Dying)
            top.passed.append(seat)
            top.waiting = None
        else:
            self._answer(False)
        self._settle()

    @event("Accepted")
    def _accepted(self, seat: int, ask: str) -> None:
        self._answer(True)
        self._settle()

    @event("Judged")
    def _judged(self, seat: int, card: int | None, reason: str, result: bool) -> None:
        self._landed()
        if self.skilled and card is not None:
            # with skills a judgment card waits in the open for retrials (Guicai) before
            # it takes effect, and may be taken after (Tiandu): its own frame
            self.pile.pop()
            self.flight.append(card)
            self.stack.append(Judgment(owner=seat, reason=reason, card=card))
            self._settle()
            return
        if card is not None:
            self.pile.pop()
            self.discard.append(card)
        top = self.stack[-1]
        if reason == EIGHT_TRIGRAMS:
            if result:
                self._answer(True)
            else:
                assert isinstance(top, CardUse)
                top.trigrams_tried = True
        else:
            assert isinstance(top, DelayedCheck)
            top.result = result
        self._settle()

    @event("CardsRevealed")
    def _cards_revealed(self, cards: list[int], reason: str) -> None:
        self._landed()
        if cards:
            del self.pile[len(self.pile) - len(cards):]
        self.flight.extend(cards)
        top = self.stack[-1]
        if isinstance(top, SkillEffect):  # a skill turns the cards up (Zaiqi)
            top.peeked = list(cards)
        else:
            assert isinstance(top, CardUse)
            top.revealed = list(cards)
        self._settle()

    @event("CardPicked")
    def _card_picked(self, seat: int, card: int) -> None:
        top = self.stack[-1]
        assert isinstance(top, CardUse)
        top.revealed.remove(card)
        self.flight.remove(card)
        self.hands[seat].append(card)
        self._answer(True)
        self._settle()

    @event("CardTaken")
    def _card_taken(self, seat: int, source: int, card: int, area: str, reason: str) -> None:
        self._landed()
        remove_from_seat(self, source, card)
        self.hands[seat].append(card)
        if self.skilled and self.stack and isinstance(self.stack[-1], SkillEffect):
            self.stack[-1].got = [card]
        if reason == SNATCH or (self.skilled and self._waits_skill(seat)):
            self._answer(True)
        self._settle()

    @event("CardsDiscarded")
    def _cards_discarded(self, seat: int, cards: list[int], reason: str,
                         by: int | None) -> None:
        for c in cards:
            remove_from_seat(self, seat, c)
        self.discard.extend(cards)
        if reason == DISCARD_PHASE:
            self.stack.pop()
            self.phase = "end"
        else:
            self._answer(True)
        if self.skilled and cards:
            self._point(Point.DISCARDED, [seat], {"seat": seat, "cards": list(cards)})
            if reason == DISCARD_PHASE:  # (pushed last: asked before Lirang's giving)
                self._point(Point.OTHER_DISCARD_END, [s for s in range(self.n) if s != seat],
                            {"seat": seat, "cards": list(cards)})
        self._settle()

    @event("EquipmentMoved")
    def _equipment_moved(self, seat: int, source: int, card: int, reason: str) -> None:
        """A seat's equipment card goes into another seat's equipment area (its slot is
        empty: the skill offering the move checked)."""
        remove_from_seat(self, source, card)
        slot = SLOT[card]
        assert slot is not None and self.equip[seat][slot] is None
        self.equip[seat][slot] = card
        if self._waits_skill(seat):
            self._answer(True)
        self._settle()

    @event("KillBlocked")
    def _kill_blocked(self, seat: int, source: int, armor: int) -> None:
        self._landed()
        self._settle()

    # --- events: the Kingdom Wars deck --------------------------------------------------
    @event("ChainToggled")
    def _chain_toggled(self, seat: int, chained: bool) -> None:
        """Iron Chain on one target: chained becomes unchained and the other way round."""
        self._landed()
        self.chained[seat] = chained
        self._settle()

    @event("CardRecast")
    def _card_recast(self, seat: int, card: int) -> None:
        """A card put into the discard pile to draw one (Iron Chain, Known Both): not a
        use, so nothing answers it."""
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.due = {"k": "draw", "seat": seat, "n": 1, "reason": "recast"}
        self._settle()

    @event("CardShown")
    def _card_shown(self, seat: int, card: int, reason: str) -> None:
        """A hand card shown to everyone (Fire Attack's target); it stays in the hand."""
        top = self.stack[-1]
        assert isinstance(top, CardUse)
        top.shown = card  # type: ignore[attr-defined]
        self._answer(True)
        self._settle()

    @event("KnownBothSeen")
    def _known_both_seen(self, seat: int, target: int, choice: str, seen: list[Any]) -> None:
        """Known Both: the user saw the target's hand or a hidden general (``seen``: card
        ids or the general), which only the user's view of this event shows."""
        self._answer(True)
        self._settle()

    @event("EffectBlocked")
    def _effect_blocked(self, seat: int, source: int, armor: int, name: str) -> None:
        """An armor stopped a card's effect on its wearer (the Vine: an area trick)."""
        self._landed()
        self._settle()

    @event("LightningPassed")
    def _lightning_passed(self, seat: int, to: int, card: int) -> None:
        self._landed()
        self.judging[seat].remove(card)
        self.judging[to].append(card)
        self._passing_asks(seat, to, card)
        self._settle()

    def _let_go(self, seat: int, cards: list[int], name: str, supplied: bool = False) -> None:
        """The cards a seat uses or plays leave it. With skills a conversion may take an
        equipment card, a Kill supplied to the lord (Jijiang) comes from the discard pile,
        and a Kill in the current seat's play phase is noted (Keji)."""
        if not self.skilled:
            hand = self.hands[seat]
            for c in cards:
                hand.remove(c)
            return
        for c in cards:
            if supplied:
                self.discard.remove(c)
            else:
                remove_from_seat(self, seat, c)
        if name == KILL and seat == self.current and self.phase == "play":
            self.marks["killed"] = True

    # --- events: skills --------------------------------------------------------------------
    @event("SkillUsed")
    def _skill_used(self, seat: int, skill: str, cards: list[int], targets: list[int],
                    choice: str | None) -> None:
        """A seat uses a skill: says yes where it was asked, or uses it (active skills,
        lord calls). The skill's ``used`` pays the cost and pushes its frame. It may be
        a due fact (a compulsory skill; a use a mode carried out later): landed first."""
        self._landed()
        top = self.stack[-1] if self.stack else None
        if isinstance(top, Trigger) and top.waiting == seat:
            top.waiting = None
        key = f"{seat}:{skill}"
        self.uses[key] = self.uses.get(key, 0) + 1
        sk = SKILLS[skill]
        if sk.limited:
            self.spent.append(key)
        if isinstance(top, Trigger) and top.point == Point.CANCEL.value:
            self._cancelled(seat)  # shown to cancel itself as a target (rules 6)
        elif sk.kind != Kind.CONVERSION:  # a conversion is only named: its card's event acts
            if self._minds_discards(seat):
                before, depth = set(self.discard), len(self.stack)
                sk.used(self, seat, skill, list(cards), list(targets), choice)
                self._cost_discarded(seat, [c for c in self.discard if c not in before], depth)
            else:
                sk.used(self, seat, skill, list(cards), list(targets), choice)
        self._settle()

    def _minds_discards(self, seat: int) -> bool:
        """Whether a skill of the seat acts on its cards being discarded (Lirang)."""
        return self.rules >= 5 and any(SKILLS[sid].point == Point.DISCARDED
                                       for sid in self.skills[seat])

    def _cost_discarded(self, seat: int, cards: list[int], depth: int) -> None:
        """The cards a skill's cost put in the discard pile were discarded too: the seat's
        skills on that are asked once the skill's own effect is over (their question goes
        under the effect's frame, above what was on top before)."""
        if cards and self._point(Point.DISCARDED, [seat], {"seat": seat, "cards": cards}):
            self.stack.insert(min(depth, len(self.stack) - 1), self.stack.pop())

    @event("ExtraTurnGranted")
    def _extra_turn_granted(self, seat: int, by: int, reason: str) -> None:
        """The seat takes one extra turn right after the current one (Fangquan)."""
        self._landed()
        self.extra_turns.append(seat)
        self._settle()

    @event("CardsGained")
    def _cards_gained(self, seat: int, cards: list[int], zone: str, reason: str) -> None:
        """Cards taken into a hand from the open (the processing area or the discard pile:
        Jianxiong, Tiandu, Luoshen)."""
        self._landed()
        for c in cards:
            if c in self.flight:
                self.flight.remove(c)
            else:
                self.discard.remove(c)
        self.hands[seat].extend(cards)
        top = self.stack[-1] if self.stack else None
        if isinstance(top, SkillEffect) and top.waiting is not None and top.ask == reason:
            self._answer(True)  # the skill's owner handed them out (Lirang)
        self._settle()

    @event("HpLost")
    def _hp_lost(self, seat: int, amount: int, reason: str) -> None:
        """HP lost without damage (Kurou): no source, no damage skills; dying all the same."""
        self._landed()
        self.hp[seat] -= amount
        if self.hp[seat] <= 0:
            self.stack.append(Dying(victim=seat, source=None))
            if self.skilled:  # before it goes dying (Buqu): pushed last
                self._point(Point.BELOW_ONE, [seat], {"v": seat})
        self._settle()

    @event("CardsGiven")
    def _cards_given(self, seat: int, to: int, cards: list[int], reason: str) -> None:
        """Cards handed from a seat (its hand, or cards it looked at on the pile) to
        another's hand (Rende, Yiji): seen by the two of them only."""
        for c in cards:
            if c in self.pile:
                self.pile.remove(c)
            else:
                remove_from_seat(self, seat, c)
        self.hands[to].extend(cards)
        top = self.stack[-1] if self.stack else None
        if isinstance(top, SkillEffect):
            top.peeked = [c for c in top.peeked if c not in cards]
        if self._waits_skill(seat):
            self._answer(True)
        self._settle()

    @event("CardsPeeked")
    def _cards_peeked(self, seat: int, cards: list[int], reason: str) -> None:
        """A seat looks at the top of the pile (Guanxing, Yiji); the cards stay there."""
        self._landed()
        top = self.stack[-1]
        assert isinstance(top, SkillEffect)
        top.peeked = list(cards)
        self._settle()

    @event("PileArranged")
    def _pile_arranged(self, seat: int, top: list[int], bottom: list[int]) -> None:
        """Guanxing: the cards looked at go back, ``top`` first on top, ``bottom`` under."""
        pile = self.pile
        looked = set(top) | set(bottom)
        rest = [c for c in pile if c not in looked]
        self.pile = bottom[::-1] + rest + top[::-1]
        if self._waits_skill(seat):
            self._answer(True)
        self._settle()

    @event("SuitNamed")
    def _suit_named(self, seat: int, suit: str) -> None:
        top = self.stack[-1]
        assert isinstance(top, SkillEffect)
        top.suit = suit
        self._answer(True)
        self._settle()

    @event("HandsSwapped")
    def _hands_swapped(self, seat: int, other: int, cards: list[int], other_cards: list[int],
                       reason: str) -> None:
        """Two seats exchange their whole hands (Dimeng): each then knows both hands."""
        self._landed()
        self.hands[seat], self.hands[other] = list(other_cards), list(cards)
        self._settle()

    @event("PindianCardChosen")
    def _pindian_card_chosen(self, seat: int, card: int) -> None:
        """A seat chooses its pindian card in secret (only it sees which); the card stays
        in its hand until both are shown."""
        top = self.stack[-1]
        assert isinstance(top, Pindian)
        if seat == top.owner:
            top.initiator_card = card
        else:
            top.target_card = card
        self._answer(True)
        self._settle()

    @event("PindianShown")
    def _pindian_shown(self, seat: int, target: int, cards: list[int], reason: str,
                       won: bool) -> None:
        """Both pindian cards are shown together and discarded: ``won`` is whether the
        initiator's number was strictly higher."""
        self._landed()
        for s, c in zip((seat, target), cards, strict=True):
            remove_from_seat(self, s, c)
        self.discard.extend(cards)
        top = self.stack[-1]
        assert isinstance(top, Pindian)
        top.won = won
        self._settle()

    # --- events: damage, dying, death -------------------------------------------------
    @event("Damaged")
    def _damaged(self, seat: int, source: int | None, amount: int, cards: list[int],
                 reason: str) -> None:
        self._take_damage(seat, source, amount, cards, reason)

    @event("NatureDamaged")
    def _nature_damaged(self, seat: int, source: int | None, amount: int, cards: list[int],
                        reason: str, nature: str, chain: bool) -> None:
        """Fire or thunder damage (the Kingdom Wars deck); ``chain``: it came down a chain.
        A chained victim is unchained by it and, unless it came down the chain itself,
        passes it on to the other chained seats once its own damage is resolved."""
        frame = self.stack[-1]
        assert isinstance(frame, Damage)
        if self.chained[seat]:
            self.chained[seat] = False
            frame.spread = not chain
        self._take_damage(seat, source, amount, cards, reason)

    def _take_damage(self, seat: int, source: int | None, amount: int, cards: list[int],
                     reason: str) -> None:
        top = self.stack[-1] if self.stack else None
        if isinstance(top, Damage):
            top.dealt = amount  # what a chain copies; a Kill's own damage landed
        self._landed()
        self.hp[seat] -= amount
        if self.skilled:
            ctx = {"v": seat, "src": source, "n": amount, "cs": list(cards), "r": reason}
            if source is not None and self.alive[source]:
                # the source's distance to the victim as it was hit (Kuanggu)
                ctx["d"] = seat_distances(self, source)[seat]
            # anyone's skills after a seat took damage come last (pushed first)
            self._point(Point.SOMEONE_DAMAGED, [s for s in range(self.n) if self.alive[s]],
                        ctx)
            self._point(Point.DAMAGED, [seat], ctx)
            if source is not None:  # the source's skills come first: pushed last
                self._point(Point.DAMAGE_DEALT, [source], ctx)
        if self.hp[seat] <= 0:
            self.stack.append(Dying(victim=seat, source=source))
            if self.skilled:  # before it goes dying (Buqu): pushed last
                self._point(Point.BELOW_ONE, [seat], {"v": seat})
        self._settle()

    @event("Healed")
    def _healed(self, seat: int, amount: int, reason: str) -> None:
        self._landed()
        before = self.hp[seat]
        self.hp[seat] = min(self.max_hp[seat], before + amount)
        if self.skilled and self.hp[seat] > before:
            self._point(Point.HEALED, [seat], {"seat": seat, "n": self.hp[seat] - before})
        self._settle()

    @event("Dying")
    def _dying(self, seat: int, source: int | None) -> None:
        self._landed()
        if self.skilled:
            self._point(Point.DYING, [s for s in range(self.n) if self.alive[s]],
                        {"v": seat, "src": source})
        self._settle()

    @event("Rescued")
    def _rescued(self, seat: int) -> None:
        self._landed()
        self.stack.pop()
        self._settle()

    @event("Died")
    def _died(self, seat: int, killer: int | None, revealed: dict[str, Any],
              cards: list[int]) -> None:
        """Death: all the seat's cards are discarded; if it was the seat whose turn it
        is, the turn ends at once (cards still being resolved are discarded)."""
        self._landed()
        self.stack.pop()
        self.alive[seat] = False
        self.killer[seat] = killer
        held = self.hands[seat] + [c for c in self.equip[seat] if c is not None]
        self.discard.extend(take_all(self, seat) + self.wounds[seat])
        self.wounds[seat] = []
        if seat == self.current:
            self.discard.extend(self.flight)
            self.flight = []
            # rules 6: what an earlier death still owes stays (its show, check, reward)
            self.stack = [f for f in self.stack if isinstance(f, AfterDeath)] \
                if self.rules >= 6 else []
            self.phase = None
        self.stack.append(AfterDeath(victim=seat, source=killer,
                                     todo=self.on_death(seat, killer)))
        if self.skilled:
            # ``cs``: the hand and equipment cards the death discarded (Xingshang)
            self._point(Point.DEATH, [s for s in range(self.n) if self.alive[s]],
                        {"v": seat, "src": killer, "cs": held})
            self._point(Point.KILLED, [seat], {"v": seat, "src": killer})
        self._settle()

    @event("RewardDrawn")
    def _reward_drawn(self, seat: int, cards: list[int], victim: int) -> None:
        self._landed()
        if cards:
            del self.pile[len(self.pile) - len(cards):]
        self.hands[seat].extend(cards)
        self._settle()

    @event("PenaltyPaid")
    def _penalty_paid(self, seat: int, cards: list[int], victim: int) -> None:
        self._landed()
        self.discard.extend(take_all(self, seat, "he"))
        self._settle()

    # --- views ------------------------------------------------------------------------
    def view(self, viewer: Viewer = "spectator") -> dict[str, Any]:
        out = self.base_view(viewer)
        everything = self.sees_all(viewer)
        hide_asked = not everything and self._secret_window()
        if hide_asked and isinstance(viewer, int) and viewer in out["to_act"]:
            # every living seat looks asked: one that is not really asked has no answers
            out["legal_actions"] = self.legal_actions(viewer)
        seats = []
        for s in range(self.n):
            mine = everything or viewer == s
            row = {
                "seat": s,
                "player": self.players[s],
                "alive": self.alive[s],
                "hp": self.hp[s],
                "max_hp": self.max_hp[s],
                "hand_count": len(self.hands[s]),
                "hand": sorted(self.hands[s]) if mine else None,
                "equipment": equipment_view(self, s),
                # a card used as a delayed trick it is not (Guose): [id, the trick's name]
                "judgment": [[c, self.virtual[c]] if c in self.virtual else c
                             for c in self.judging[s]],
                "killer": self.killer[s],
            }
            if self.kw_deck:
                row["chained"] = self.chained[s]
            if self.wounds[s]:  # (Buqu's, set aside face up)
                row["wounds"] = list(self.wounds[s])
            row.update(self.seat_view(s, viewer))
            seats.append(row)
        out.update({
            "turn": self.turn,
            "current": self.current,
            "phase": self.phase,
            "kills_used": self.kills,
            **({"wine_drunk": int(self.marks.get("drank", 0))} if self.kw_deck else {}),
            "pile_count": len(self.pile),
            "pile": self.pile[::-1] if everything else None,
            "discard": list(self.discard),
            "in_flight": list(self.flight),
            "pending": self._pending_view(hide_asked),
            # who used a hostile card on whom (+1) or saved whom with a Peach (-2): built
            # from public events only, the record every seat (and bot) infers sides from
            "hostility": [list(row) for row in self.hostility],
            "seats": seats,
        })
        # a template's cards may be shown nowhere else (Yiji's, Guanxing's looked-at cards)
        offered = [c for a in out.get("legal_actions", ()) for c in a.get("from", ())]
        out["cards"] = named_cards([out, {"cards": offered}])
        return out

    def event_view(self, event: Any, viewer: Viewer = "spectator") -> dict[str, Any]:
        out = super().event_view(event, viewer)
        out["cards"] = named_cards(out["data"])
        return out

    def _pending_view(self, hide_asked: bool = False) -> dict[str, Any] | None:
        if self.outcome is not None or not self.stack:
            return None
        f = self.stack[-1]
        out: dict[str, Any] = {"seat": None if hide_asked else f.waiting, "ask": f.ask,
                               "effect": f.effect}
        if isinstance(f, CardUse):
            out.update(user=f.user, cards=list(f.cards), targets=list(f.targets))
            if f.spared:  # later targets a Kingdom Nullification's "all" spared
                out["spared"] = list(f.spared)
            if f.name == AMAZING_GRACE:
                out["revealed"] = list(f.revealed)
            if f.pick_from is not None:
                out["from"] = f.pick_from
            if isinstance(f, KillUse) and f.index < len(f.targets):
                out["target"] = f.target
                if self.kw_deck:
                    out.update(nature=f.nature, drank=f.drank)
            shown = getattr(f, "shown", None)
            if shown is not None:  # Fire Attack's shown card: public
                out["shown"] = shown
        elif isinstance(f, NullifyWindow):
            out.update(trick=f.trick, target=f.target, nullified=f.nullified)
            if f.kingdom is not None:  # the first Kingdom Nullification is for "all"
                out["kingdom"] = f.kingdom
            below = self.stack[-2] if len(self.stack) > 1 else None
            if isinstance(below, CardUse) and below.spared:
                out["spared"] = list(below.spared)
        elif isinstance(f, Dying | AfterDeath):
            out["dying"] = f.victim
        elif isinstance(f, DelayedCheck | Judgment):
            out.update(card=f.card, owner=f.owner)
        elif isinstance(f, DiscardPhase):
            out["count"] = f.count
        elif isinstance(f, SkillEffect) and SKILLS[f.skill].equipment:
            # a weapon's question is part of its Kill's resolution
            out.update(effect=KILL, skill=f.skill, user=f.owner, cards=list(f.cards),
                       target=f.targets[0] if f.targets else f.owner)
            if f.ask == "pick":
                out["from"] = f.targets[0]
        elif isinstance(f, SkillEffect):
            out.update(skill=f.skill, owner=f.owner, cards=list(f.cards),
                       targets=list(f.targets))
        elif isinstance(f, Trigger) and f.current is not None:
            out["skill"] = f.current[1]
            # the timing point's facts are public (who was hurt, whose judgment...)
            out["context"] = {_PUBLIC_CONTEXT[k]: v for k, v in f.context.items()
                              if k in _PUBLIC_CONTEXT}
            if f.point == Point.RETRIAL.value:
                judge = self._frame(Judgment)
                out["context"]["judge_card"] = None if judge is None else judge.card
        out.update(self.mode_pending(f))
        return out

    def mode_pending(self, f: Frame) -> dict[str, Any]:
        """What a mode's own frames show in a view."""
        return {}

    def redact(self, name: str, data: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        """Hide hands, the pile order and draws from seats they do not belong to."""
        if name == "DeckShuffled":
            return {"count": len(data["order"])}
        if name == "PileReshuffled":
            return {"count": len(data["order"]), "cards": sorted(data["order"])}
        if name == "HandsDealt":
            hands = data["hands"]
            return {"hands": [list(h) if s == viewer else None for s, h in enumerate(hands)],
                    "counts": [len(h) for h in hands]}
        if name == "Declined" and data["ask"] in SECRET_ASKS and viewer != data["seat"]:
            # only a holder is asked: who declined would tell who holds the card
            return {**data, "seat": None}
        if name in ("CardsDrawn", "RewardDrawn") and viewer != data["seat"]:
            return {**data, "cards": None, "count": len(data["cards"])}
        if (name == "CardTaken" and data["area"] == "hand" and data["reason"] != "fanjian"
                and viewer not in (data["seat"], data["source"])):
            return {**data, "card": None}
        if name == "KnownBothSeen" and viewer != data["seat"]:
            return {**data, "seen": None}
        if name == "HandsSwapped" and viewer not in (data["seat"], data["other"]):
            return {**data, "cards": None, "other_cards": None,
                    "counts": [len(data["cards"]), len(data["other_cards"])]}
        if name == "PindianCardChosen" and viewer != data["seat"]:
            return {**data, "card": None}
        if name == "CardsPeeked" and viewer != data["seat"]:
            return {**data, "cards": None, "count": len(data["cards"])}
        if name == "PileArranged" and viewer != data["seat"]:
            return {**data, "top": None, "bottom": None,
                    "counts": [len(data["top"]), len(data["bottom"])]}
        if name == "CardsGiven" and viewer not in (data["seat"], data["to"]):
            return {**data, "cards": None, "count": len(data["cards"])}
        if (name == "SkillUsed" and SKILLS[data["skill"]].secret
                and viewer != data["seat"] and viewer not in data["targets"]):
            return {**data, "cards": None, "count": len(data["cards"])}
        return data


@functools.lru_cache(maxsize=4096)
def _equipment(equip: tuple[int | None, ...]) -> tuple[list[Any], dict[str, Any]]:
    skills = [SKILL_OF_CARD[c] for c in equip if c is not None and SKILL_OF_CARD[c]]
    mods: dict[str, Any] = {}
    for sk in skills:
        for key, value in sk.mods.items():
            mods.setdefault(key, value)
    return skills, mods


def equipment_of(equip: list[int | None]) -> tuple[list[Any], dict[str, Any]]:
    """An equipment area's skills and their merged modifiers (the same four cards always
    bring the same: looked up, not recomputed, on the hot paths)."""
    return _equipment(tuple(equip))


def _modifiers(skills: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for sid in skills:
        for key, value in SKILLS[sid].mods.items():
            out.setdefault(key, value)
    return out
