"""The Kingdom Wars generals' skills as the referee judges them (``docs/rules/generals.md``
section 0.3 and section 2), mixed into the Kingdom Wars referee (``hegemony.Referee``).

The frame every skill shares:

* a seat holds the skills of both its generals; a hidden general's skill may be used, and
  using it shows the general first (``GeneralsShown`` with reason ``skill``, its ``then``
  naming the use). That show fixes the seat's side like any first show, brings the
  bonuses of a first full show, and the victory check; then the named use must follow;
* a ``SkillUsed`` names a skill of a living seat's shown general; a decline of a skill's
  ask (``Declined``, ask ``skill``) comes from a living seat with a triggered skill;
* what each skill does is derived here and compared with the record; the rules it bends
  (the draw count, damage, the discard phase) ask this module.

Only the skills in ``USED`` are judged (``hegemony_generals.JUDGED``); a game with any
other skill keeps the engine-side recount (``spec.hegemony_audit``). It imports nothing of
the engine but the card table.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from domain.audit import Fact
from domain.referee.hegemony_generals import JUDGED, SKILLS
from domain.referee.hegemony_table import EQUIP, HAND
from domain.sanguosha.cards import (
    DECK,
    KIND,
    NAME,
    NUMBER,
    RED,
    SLOT,
    SUIT,
    TRICK,
    lightning_strikes,
)
from domain.sanguosha.roster_hegemony import ROWS

HEAD, DEPUTY = "head", "deputy"
#: general -> gender (the roster's static rows)
GENDER = {r[0]: r[4] for r in ROWS}
#: skill -> what its ``SkillUsed`` does (the referee's hooks read the marks it leaves)
USED: dict[str, Callable[[Any, Fact, int, dict[str, Any]], None]] = {}
#: skills that came with rules 5 (Buqu): a rules-4 game's Zhou Tai has none
SINCE_5 = frozenset({"buqu", "buqu_wounds"})
#: skills first asked under rules 7 (a hidden Jia Xu's Weimu: show him to cancel?)
SINCE_7 = frozenset({"weimu"})
#: draw-phase skills that replace the draw (rules 8: not after Luoyi changed it)
REPLACES_DRAW = frozenset({"tuxi", "zaiqi", "shuangxiong"})
#: triggered skills: their owner may be asked (and decline)
TRIGGERED: set[str] = set()
#: event type -> the skills' handler of an event only skills record (PileArranged)
EVENTS: dict[str, Callable[[Any, Fact, dict[str, Any]], None]] = {}
#: checks run before every fact's handler (a skill waiting on what comes next)
BEFORE: list[Callable[[Any, Fact], None]] = []
#: checks run after every fact's handler
AFTER: list[Callable[[Any, Fact], None]] = []
#: facts a skill asks in between, before what is owed (Shushen after any heal)
INTERJECTS: list[Callable[[Any, Fact], bool]] = []
#: skill uses a show's bonuses bring between the show and the use it was made for (the
#: perfect pair's heal: Shushen of the seat's other general)
BONUS_ASKS: list[Callable[[Any, Fact], bool]] = []
#: facts of a skill that leave the judgment phase's Nullification window open (Kanpo)
IN_WINDOW: list[Callable[[Any, Fact], bool]] = []
#: skills that take a card from any area (not a hand card only)
TAKES_ANY: set[str] = set()
#: hooks a kingdom's module fills: name -> function (see ``SkillRules``' callers)
HOOKS: dict[str, Callable[..., Any]] = {}
#: damage a victim's skill takes off before it is dealt (Mingshi): (r, victim, source)
DAMAGE_CUTS: list[Callable[[Any, int, Any], int]] = []
#: skills at a death (Suishi's HP loss): they act before its show, victory check and
#: reward, and what they bring about (a dying, another death) comes first too
DEATH_SKILLS: set[str] = set()
#: gain reason -> its own judge (cards from the discard pile: Lirang's gives)
GAINS: dict[str, Callable[[Any, Fact, int, list[int]], None]] = {}
#: pindian reason -> what its result does: (r, fact, initiator, target, won)
PINDIAN: dict[str, Callable[[Any, Fact, int, int, bool], None]] = {}
#: what a kingdom's module adds at the points the referee asks (filled on import):
#: ``cancels(r, target, user, name, cards) -> bool`` (the target cancels itself: Weimu);
#: ``bars_peach(r, helper, victim) -> bool`` (Wansha); ``via[via](r, fact, seat, name,
#: targets)`` (a card used as a skill asks: Luanwu's Kills); ``hp_lost[reason](r, fact,
#: seat, n) -> bool``; ``judges[reason](r, fact, seat, card) -> bool`` (a skill's
#: judgment: its result, its effect owed); ``death(r, victim, killer) -> list[Owed]``
#: (skills at a death, before its show: Duanchang); ``retrials`` (skills that replace a
#: judgment card: Guidao); ``dead`` (skills a dead seat uses: Duanchang)
CANCELS: list[Callable[..., bool]] = []
BARS_PEACH: list[Callable[..., bool]] = []
VIA: dict[str, Callable[..., None]] = {}
HP_LOST: dict[str, Callable[..., bool]] = {}
JUDGES: dict[str, Callable[..., bool]] = {}
DEATH: list[Callable[..., list[Any]]] = []
RETRIALS: set[str] = set()
DEAD: set[str] = set()
#: skills whose turning over is owed (claimed) by this module's frame (Beige's spade)
TURNS: set[str] = set()


def handles(event: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register the handler of an event only skills record (see ``EVENTS``)."""
    def wrap(handler: Callable[..., None]) -> Callable[..., None]:
        current = EVENTS.get(event)
        if current is not None and getattr(current, "by_reason", False):
            current.before = handler  # type: ignore[attr-defined]  # (reasons of its own)
        else:
            EVENTS[event] = handler
        return handler
    return wrap


#: damage a skill deals in another damage's aftermath (Ganglie's): that damage's moment
#: goes on after it (Beige may still answer a Kill's damage)
NESTED_DAMAGE: set[str] = set()
#: called after every damage: (r, fact, victim, source, amount)
ON_DAMAGE: list[Callable[[Any, Fact, int, Any, int], None]] = []
#: (event type, reason) -> its handler, for events several skills record (``on_reason``)
BY_REASON: dict[tuple[str, str], Callable[[Any, Fact, dict[str, Any]], None]] = {}


def on_reason(kind: str, reason: str,
              fn: Callable[[Any, Fact, dict[str, Any]], None]) -> None:
    """Handle the ``kind`` events of one ``reason`` (``EVENTS``); events of other
    reasons keep the handler registered before."""
    BY_REASON[(kind, reason)] = fn
    current = EVENTS.get(kind)
    if current is not None and getattr(current, "by_reason", False):
        return

    def dispatch(r: Any, fact: Fact, d: dict[str, Any]) -> None:
        own = BY_REASON.get((kind, d.get("reason")))
        before = getattr(dispatch, "before", None)  # (``handles`` may set it later)
        if own is not None:
            own(r, fact, d)
        elif before is not None:
            before(r, fact, d)
        else:
            r.broken(fact, "skill", f"no skill this referee judges records {kind} for "
                     f"{d.get('reason')!r}")

    dispatch.by_reason = True  # type: ignore[attr-defined]
    dispatch.before = current  # type: ignore[attr-defined]
    EVENTS[kind] = dispatch


#: a heart of each number: how a spade reads where spades count as hearts (Hongyan; only
#: its suit and colour are read)
HEART_OF = {c.number: c.id for c in reversed(DECK) if c.suit == "H"}


def as_heart(card: int) -> int:
    return HEART_OF[NUMBER[card]] if SUIT[card] == "S" else card


def read(reason: str, card: int) -> bool:
    """A judgment's result from its card: Indulgence takes effect unless a heart, Supply
    Shortage unless a club, Lightning strikes on spades 2-9, Leiji on a spade; anything
    else (Eight Trigrams, Beige) on red."""
    if reason == "leiji":
        return SUIT[card] == "S"
    if reason == "indulgence":
        return SUIT[card] != "H"
    if reason == "supply_shortage":
        return SUIT[card] != "C"
    return lightning_strikes(card) if reason == "lightning" else RED[card]


def judged(sid: str, triggered: bool = False) -> Callable[[Callable[..., None]],
                                                           Callable[..., None]]:
    def wrap(effect: Callable[..., None]) -> Callable[..., None]:
        USED[sid] = effect
        JUDGED.add(sid)
        if triggered:
            TRIGGERED.add(sid)
        return effect
    return wrap


class SkillRules:
    """The skills' part of the referee: its state and the hooks ``hegemony`` calls."""

    marks: dict[str, Any]
    rules: int
    options: dict[str, Any]
    generals: list[list[str]]
    shown: list[list[bool]]
    alive: list[bool]
    hp: list[int]
    max_hp: list[int]
    n: int
    current: int
    stage: str
    kills: int
    rules: int

    @property
    def hidden_again(self) -> set[int]:
        """Seats one of whose generals a skill hid again (Qingcheng): showing both once
        more brings no bonus."""
        return self.__dict__.setdefault("_hidden_again", set())  # type: ignore[no-any-return]

    # --- what a seat holds ------------------------------------------------------------
    def general_of(self, seat: int, sid: str) -> int | None:
        """Which of the seat's generals (0 head, 1 deputy) brings the skill (none at a
        table without skills: before rules 4, or option ``skills`` false; Buqu came with
        rules 5)."""
        options: dict[str, Any] = getattr(self, "options", {})
        lost = self.lost.get(seat, ())
        rules = getattr(self, "rules", 1)
        if rules < 4 or options.get("skills", True) is False or (sid in SINCE_5 and rules < 5):
            return None
        for i, g in enumerate(self.generals[seat] if self.generals else []):
            if sid in SKILLS.get(g, ()) and i not in lost:
                return i
        return None

    def owns_skill(self, seat: int, sid: str) -> bool:
        return self.general_of(seat, sid) is not None

    @property
    def lost(self) -> dict[int, set[int]]:
        """Seat -> its generals (0 head, 1 deputy) whose skills it lost (Duanchang)."""
        return self.__dict__.setdefault("_lost", {})  # type: ignore[no-any-return]

    def active(self, seat: int, sid: str) -> bool:
        """A skill that applies: a general of the seat that has it is shown (Ma Teng and
        Pang De both have Mashu)."""
        return self.owns_skill(seat, sid) and any(
            sid in SKILLS.get(g, ()) and self.shown[seat][i]
            for i, g in enumerate(self.generals[seat]))

    # --- a hidden general shown to use its skill ---------------------------------------------
    def skill_show(self, fact: Fact, s: int, which: list[str], reason: str,
                   then: dict[str, Any] | None) -> None:
        """Reason ``skill``: the general shown brings the skill the ``then`` names (a card
        use: a skill that shows when a use needs it), and that use follows once the show
        is settled. Reason ``play``: in the seat's own play phase, a general whose
        modifier counts only while shown."""
        names = [self.generals[s][0 if w == HEAD else 1] for w in which
                 if w in (HEAD, DEPUTY)]
        if reason == "play":
            if s != self.current or self.stage != "play":
                self.broken(fact, "show", f"seat {s} shows a general outside its play phase")
            return
        sid = (then or {}).get("skill")
        if sid is None and (then or {}).get("type") == "use":  # a use its modifier allows
            needed = {k for g in names for k in SKILLS.get(g, ()) if self.shows_needed(k)}
            if not needed:
                self.broken(fact, "show", f"seat {s} shows {names} for a card use, but none "
                            "has a skill that shows when a use needs it")
            elif needed == {"duanbing"}:  # the use must be a Kill that needs it
                self.marks["duanbing_show"] = s
            self.marks["showing"] = (s, None)
            return
        # each general shown brings the skill, or (for a card use: a second Kill made by
        # Wusheng) a modifier that shows when the use needs it (Paoxiao)
        use = (then or {}).get("type") == "use"
        if sid is None or not names or not all(
                sid in SKILLS.get(g, ()) or (use and any(
                    self.shows_needed(k) for k in SKILLS.get(g, ()))) for g in names):
            self.broken(fact, "show", f"seat {s} shows {names} to use {sid!r}, a skill of "
                        "none of them")
            return
        if sid not in DEAD:  # (a dead seat's own death skill: Duanchang, asked hidden)
            self.alive_or_broken(fact, s, f"shows a general to use {sid}")
        self.marks["showing"] = (s, sid)

    def shows_needed(self, sid: str) -> bool:
        """A skill that counts while hidden and shows its general when a use needs it
        (Paoxiao, Qicai; Duanbing from rules 7)."""
        since = SHOWS_WHEN_NEEDED_SINCE.get(sid)
        return sid in SHOWS_WHEN_NEEDED or (
            since is not None and getattr(self, "rules", 1) >= since)

    # --- the skill's use ----------------------------------------------------------------------
    def on_SkillUsed(self, fact: Fact, d: dict[str, Any]) -> None:
        s, sid = self.seat(d["seat"]), d["skill"]
        if sid not in DEAD:
            self.alive_or_broken(fact, s, f"uses {sid}")
        i = self.general_of(s, sid)
        once = self.marks.get(("acts_once", s))
        if i is None and once is not None and sid in SKILLS.get(self.generals[s][once], ()):
            # rules 5 and before: a skill lost while its trigger waited still acts once
            i = self.marks.pop(("acts_once", s))
        showing = self.marks.pop("showing", None)
        if showing is not None and showing[0] == s and showing[1] != sid and any(
                asks(self, fact) for asks in BONUS_ASKS):
            self.marks["showing"] = showing  # asked in between: the use is still to come
            showing = None
        if i is None:
            self.broken(fact, "skill", f"seat {s} uses {sid!r}, a skill of neither of its "
                        f"generals ({self.generals[s]})")
            return
        if not self.shown[s][i]:
            self.broken(fact, "show", f"seat {s} uses {sid} of its hidden general "
                        f"{self.generals[s][i]}: using it shows the general first")
        elif showing not in (None, (s, sid)):
            self.broken(fact, "show", f"seat {showing[0]} showed a general to use "
                        f"{showing[1]}, but the record goes on with seat {s}'s {sid}")
        effect = USED.get(sid)
        if effect is None:
            self.broken(fact, "skill", f"{sid} is not a skill this referee judges")
            return
        effect(self, fact, s, d)

    def card_hook(self, fact: Fact, s: int, cards: list[int], name: str, use: bool
                  ) -> tuple[str, ...] | None:
        """A card used (or played): a show for it, a conversion that made it (the zones
        it may come from; None: a card of its own name), a trick for Jizhi."""
        showing = self.marks.pop("showing", None)
        if showing is not None and showing != (s, None):
            self.broken(fact, "show", f"seat {showing[0]} showed a general to use "
                        f"{showing[1] or 'a card'}, but the record goes on with seat {s}'s "
                        f"{name}")
        if not cards and use:  # a card no card makes (Shuangren's Kill)
            return cardless(self, fact, s, name)
        zones = converted(self, fact, s, cards, name, use)
        # a card made of a card of its own name is real too (a club Iron Chain by Lianhuan)
        real = len(cards) == 1 and (NAME[cards[0]] == name or (
            NAME[cards[0]], name) == ("kingdom_nullification", "nullification"))
        if not use and name == "nullification" and self.rules < 6:
            real = True  # rules 5: any Nullification played counted (Kanpo's too)
        # Jizhi's trick: the card just used (a later card of another kind ends it)
        self.marks[("trick", s)] = real and (KIND[cards[0]] == TRICK if use
                                             else name == "nullification")
        return zones

    def skill_event(self, kind: str) -> Callable[[Fact, dict[str, Any]], None] | None:
        """The handler of an event only skills record (None: no such event)."""
        handler = EVENTS.get(kind)
        return None if handler is None else lambda f, d: handler(self, f, d)

    def before_fact(self, fact: Fact) -> None:
        for check in BEFORE:
            check(self, fact)


    def card_source(self, u: Any) -> int | None:
        """Who deals a card's damage: its user, unless a skill makes another the source
        (Huoshou)."""
        source = HOOKS.get("source")
        return u.user if source is None else source(self, u)  # type: ignore[no-any-return]

    def skill_trigrams(self, s: int) -> bool:
        """Whether a skill just judged for the seat as an Eight Trigrams (Bazhen)."""
        return bool(self.marks.pop(("trigrams", s), False))

    def skill_revealed(self, fact: Fact, cards: list[int], reason: str) -> None:
        """Cards a skill turns up from the pile (Zaiqi)."""
        revealed = HOOKS.get("revealed:" + reason)
        if revealed is None:
            self.broken(fact, "card-effect", f"no rule turns up cards for {reason!r}")
            return
        revealed(self, fact, cards)

    def skill_answers(self, s: int, ask: str) -> bool:
        """Whether a skill lets the seat answer a window (Kanpo: a Nullification; Jijiu: a
        Peach outside its owner's turn, from a red card in hand or worn). A hidden
        general's conversion counts: using it shows the general."""
        answers = HOOKS.get("answers")
        if answers is not None and answers(self, s, ask):
            return True
        if ask != "peach" or getattr(self, "rules", 1) < 4 or \
                self.options.get("skills", True) is False:
            return False
        zones = {HAND: self.table.hands[s], EQUIP: self.table.equipment(s)}
        for sid, rows in CONVERSIONS.items():
            if not self.owns_skill(s, sid) or (sid == "jijiu" and self.current == s):
                continue
            for to, ok, where, _use, _play in rows:
                if to == "peach" and any(ok(self.held(s, c)) for z in where
                                         for c in zones.get(z, [])):
                    return True
        return False

    def skill_survives(self, s: int) -> bool:
        """A skill keeps the seat in the game at 0 HP or less (Buqu: its wounds differ)."""
        survives = HOOKS.get("survives")
        return survives is not None and bool(survives(self, s))

    def heal_size(self, s: int, reason: str) -> int:
        """How much a heal is: 1, or what a skill heals at once (Zaiqi, Niepan)."""
        return int(self.marks.pop(("heal_size", s, reason), 1))

    def skill_recast(self, s: int, card: int) -> bool:
        """A card a skill lets the seat recast (Lianhuan: a club hand card)."""
        return self.marks.pop("recast", None) == (s, card)

    def skill_unchains(self, s: int, chained: bool) -> bool:
        """A chain a skill takes off (Niepan), not an Iron Chain."""
        return not chained and self.marks.pop("unchain", None) == s

    # --- extra turns (Fangquan): kept across turns, on the referee itself ---------------
    @property
    def extras(self) -> dict[str, Any]:
        if "_extras" not in self.__dict__:
            self.__dict__["_extras"] = {"seats": [], "base": None}
        return self.__dict__["_extras"]  # type: ignore[no-any-return]

    def extra_turn(self) -> int | None:
        """The seat owed an extra turn now (living), if any."""
        return next((x for x in self.extras["seats"] if self.alive[x]), None)

    def turn_base(self) -> int:
        """The seat the turn order goes on from: after extra turns, whose they followed."""
        base = self.extras["base"]
        return self.current if base is None else int(base)

    def turn_taken(self, s: int) -> None:
        ex = self.extras
        ex["seats"] = [x for x in ex["seats"] if self.alive[x]]
        if ex["seats"] and ex["seats"][0] == s:
            ex["seats"].pop(0)
            if ex["base"] is None:
                ex["base"] = self.current
        else:
            ex["base"] = None

    def kill_unlimited(self, s: int) -> bool:
        return self.active(s, "paoxiao_kw")

    # --- what a skill grants the seat on turn's Kills for the rest of its turn ---------------
    # (marks of the turn, set by the skill: Tianyi; the engine's ``plays`` grants)
    def turn_grant(self, s: int, key: str) -> int:
        return int(self.marks.get(key, 0)) if s == self.current else 0

    def extra_kills(self, s: int) -> int:
        return self.turn_grant(s, "extra_kills")

    def no_kills(self, s: int) -> bool:
        return bool(self.turn_grant(s, "no_kills"))

    def kill_any_distance(self, s: int) -> bool:
        return bool(self.turn_grant(s, "kill_any_distance"))

    def extra_kill_targets(self, s: int, targets: list[int]) -> int:
        """Targets a Kill may have beyond its one (and a Halberd's): a grant of the turn
        (Tianyi), and one more at distance 1 while Duanbing is shown."""
        near = self.active(s, "duanbing") and any(self.dist(s, t) == 1 for t in targets)
        return self.turn_grant(s, "extra_kill_targets") + int(near)

    def meant_for(self, s: int) -> int:
        """The seat a damage now dealt to ``s`` was meant for: another seat when its
        Tianxiang moved the damage to ``s`` (same source, amount, cards and reason)."""
        moved = self.marks.get("redirect")
        return moved[0] if moved is not None and moved[1] == s else s

    def as_meant(self, fact: Fact) -> Fact:
        """The fact as the damage was meant (what the rules owed: a Lightning's, a
        Fanjian's damage to the seat that moved it on)."""
        s = fact.data.get("seat")
        if fact.type not in ("Damaged", "NatureDamaged") or not isinstance(s, int) or \
                self.meant_for(s) == s:
            return fact
        return Fact(fact.version, fact.type, {**fact.data, "seat": self.meant_for(s)})

    def trick_unlimited(self, s: int) -> bool:
        return self.active(s, "qicai_kw")

    def dist(self, a: int, b: int) -> int:
        """Distance, one less from a seat whose Mashu is shown (at least 1); 1 from the
        seat on turn to the seats a skill brought near for the turn (Fenxun)."""
        d = self.table.distance(a, b, self.alive)
        if a == self.current and b in self.marks.get("distance_one", ()) and self.alive[b]:
            return 1
        return max(1, d - 1) if self.active(a, "mashu") and a != b else d

    # --- Hongyan: where a shown Xiao Qiao's suits are read ------------------------------
    def held(self, s: int, card: int) -> int:
        """The card as its suit and colour count for the seat holding or using it: from
        rules 5 a spade of a seat whose Hongyan is shown reads as the heart of its number
        (a conversion's colour, the Renwang Shield's black Kill, Fire Attack's suit)."""
        return as_heart(card) if getattr(self, "rules", 1) >= 5 and self.active(
            s, "hongyan") else card

    def judged_as(self, s: int, card: int | None) -> int | None:
        """A judgment card of the seat as it reads: a spade is a heart once its Hongyan is
        shown (every rules version with skills)."""
        return as_heart(card) if card is not None and self.active(s, "hongyan") else card

    def judgment_seen(self, s: int, reason: str, card: int | None, result: bool) -> None:
        """Rules 6: the seat's own judgment card is a spade that would read otherwise as a
        heart, and its Xiao Qiao is hidden: its owner may show her (Hongyan) before the
        judgment takes effect. Noted with what it would undo (``hongyan``)."""
        if (getattr(self, "rules", 1) < 6 or card is None or SUIT[card] != "S"
                or not self.owns_skill(s, "hongyan") or self.active(s, "hongyan")
                or read(reason, as_heart(card)) == result):
            return
        lightning = next((c for c in self.table.judging[s]
                          if self.as_name(c) == "lightning"), None)
        self.marks[("hongyan", s)] = (reason, getattr(self, "skip_play", False), lightning)

    def skill_judged(self, fact: Fact, s: int, reason: str, card: int | None) -> bool | None:
        """A skill's judgment: its result (None: no skill of this seat judges now)."""
        if self.marks.pop("judging", None) != (s, reason):
            return None
        if reason in JUDGES:
            return JUDGES[reason](self, fact, s, card)
        return tieqi_result(self, fact, s, card) if reason == "tieqi" else None

    def skill_healed(self, s: int, reason: str) -> bool:
        left = self.marks.get(("heal", s, reason), 0)
        if left:
            self.marks[("heal", s, reason)] = left - 1
        return bool(left)

    def skill_discard(self, fact: Fact, s: int, by: Any, reason: str, cards: list[int]
                      ) -> bool:
        """Cards a skill discards from a seat (Mengjin: one, any area)."""
        n = self.marks.pop(("discard", s, by, reason), None)
        if isinstance(n, tuple):  # as many as it holds, at most (Yinghun)
            n = min(n[1], len(self.table.everything(s, "he")))
        return n is not None and len(cards) == n

    def on_SuitNamed(self, fact: Fact, d: dict[str, Any]) -> None:
        suit_named(self, fact, self.seat(d["seat"]), d["suit"])

    def skill_declined(self, fact: Fact, s: int) -> None:
        """A skill's ask declined: the seat has a skill it could be asked about."""
        if self.marks.get(("xiaoji", s)):  # Xiaoji declined: its draw is not owed
            self.marks[("xiaoji", s)] -= 1
        if not any(self.owns_skill(s, sid) for sid in TRIGGERED
                   if sid not in SINCE_7 or self.rules >= 7):
            self.broken(fact, "skill", f"seat {s} declines a skill's ask, but neither of "
                        f"its generals ({self.generals[s]}) has a skill it is asked about")

    def in_play(self, fact: Fact, s: int, sid: str) -> None:
        """An active skill: in its owner's play phase, within its limit. It is a new
        action: what the last card left in the open (Amazing Grace's cards) is gone."""
        if s != self.current or self.stage != "play":
            self.broken(fact, "turn-order", f"seat {s} uses {sid} outside its play phase")
        else:
            self.uses, self.table.revealed = [], []
        limit = {"zhiheng_kw": 1, "qiangxi": 1, "fanjian": 1, "qingnang": 1,
                 "lijian_kw": 1, "jieyin": 1}.get(sid)
        used = self.marks.get(("used", sid), 0)
        if limit is not None and used >= limit:
            self.broken(fact, "skill-limit", f"seat {s} uses {sid} {used + 1} times in one "
                        f"play phase; it may {limit} time(s)")
        self.marks[("used", sid)] = used + 1

    def at_draw(self, fact: Fact, s: int, sid: str) -> None:
        """A skill of the draw phase: at its start, in the owner's turn. Rules 8: none
        once the draw is skipped or replaced (Supply Shortage, Qiaobian, Tuxi, Zaiqi,
        Shuangxiong), and none that replaces it once another changed it (Luoyi); before,
        the engine offered them all the same (lawful as played). Haoshi judges its own."""
        settle = HOOKS.get("draw_skill")  # Qiaobian uses held open (hegemony_wei_rest)
        if settle is not None and s == self.current:
            settle(self, fact, s, sid)
        at_draw = self.stage == "start" and not self.marks.get("drew") or (
            self.stage == "play" and self.marks.get("skip_draw"))  # after Tuxi, at once
        if s != self.current or not at_draw:
            self.broken(fact, "skill", f"seat {s} uses {sid} outside the start of its own "
                        "draw phase")
        elif self.rules < 8 or sid == "haoshi":
            return
        elif self.skip_draw or self.marks.get("skip_draw"):
            self.broken(fact, "draw-skipped", f"seat {s} uses {sid} in a draw phase already "
                        "skipped or replaced (rules 8: no draw-phase skill then)")
        elif sid in REPLACES_DRAW and self.draw_changed(s):
            self.broken(fact, "draw-skipped", f"seat {s} replaces its draw by {sid} after "
                        "Luoyi changed it (rules 8: its cost would be void)")

    def draw_changed(self, s: int) -> bool:
        """Whether this draw phase's draw was made smaller or bigger already (Luoyi,
        Yingzi, Haoshi): rules 8 offers no skill that skips or replaces it then."""
        return bool(self.marks.get("draw_delta")) or self.marks.get("luoyi") == s

    # --- judgments and their retrials ------------------------------------------------------
    def judgment_opened(self, fact: Fact, s: int, reason: str, card: int | None) -> None:
        """A judgment card is turned up: what its effect finds is kept, so a retrial
        (Guidao) can put another card in its place and have that one take effect."""
        self.marks["judgment"] = {
            "fact": fact, "seat": s, "reason": reason, "card": card, "open": True,
            "state": (dict(self.marks), list(self.owed), self.skip_play, self.skip_draw,
                      set(self.handled), [list(j) for j in self.table.judging],
                      [copy.deepcopy(u.extra) for u in self.uses])}

    def retried(self, fact: Fact, card: int) -> int | None:
        """A retrial puts ``card`` in place of the open judgment's card: its effect is
        undone and taken again with the new card; the replaced card (None: no judgment
        open to retry)."""
        j = self.marks.get("judgment")
        if j is None or not j["open"]:
            return None
        marks, owed, self.skip_play, self.skip_draw, handled, judging, extras = j["state"]
        # a start-of-turn question the retrial's own show answered (Guicai's last hidden
        # general, in a start-phase judgment: Luoshen's) is not asked again
        asked = any(o.rule == "show-step" for o in self.owed)
        self.marks = dict(marks)
        self.owed, self.handled = list(owed), set(handled)
        if not asked:
            self.owed = [o for o in self.owed if o.rule != "show-step"]
        self.table.judging = [list(x) for x in judging]
        for u, extra in zip(self.uses, extras, strict=False):
            u.extra = copy.deepcopy(extra)
        old = j["card"]
        j["card"] = card
        self.marks["judgment"] = j
        self.judgment_effect(fact, j["seat"], card, j["reason"], False, first=False)
        return old

    def dodges_needed(self, u: Any) -> int:
        """Dodges that cancel a Kill: two against Wushuang."""
        return 2 if u.name == "kill" and self.active(u.user, "wushuang") else 1

    def kills_needed(self, other: int) -> int:
        """Kills each answer in a Duel against ``other`` takes: two against Wushuang."""
        return 2 if self.active(other, "wushuang") else 1

    def dodge(self, u: Any, s: int) -> None:
        """The seat plays a Dodge (or judges a red Eight Trigrams) against the card; one
        short of Wushuang's two, it is asked again (``dodge_due``) before the Kill goes on."""
        count = u.extra.setdefault("dodges", {})
        count[s] = count.get(s, 0) + 1
        if count[s] >= self.dodges_needed(u):
            u.extra["dodged"] = s
            u.extra.pop("dodge_due", None)
        else:
            u.extra["dodge_due"] = s

    def dodged_already(self, u: Any, s: int) -> bool:
        return u.extra.get("dodges", {}).get(s, 0) >= self.dodges_needed(u)

    def peach_barred(self, helper: int, victim: int) -> bool:
        return any(rule(self, helper, victim) for rule in BARS_PEACH)

    def kept_targets(self, s: int, name: str, targets: list[int], cards: list[int]
                     ) -> list[int]:
        """The targets a card used keeps: a skill may cancel its owner as a target
        (Kongcheng, Huoshou, Juxiang; Weimu, by the cards' colour); the card still counts
        as used. A Collateral whose holder cancels itself is cancelled whole."""
        cancels = HOOKS.get("cancels")
        # a Collateral's one target is the weapon's holder (not the seat it names to Kill)
        judged = targets[:1] if name == "collateral" else targets
        kept = [t for t in judged if (cancels is None or not cancels(self, t, name, s, cards))
                and not any(rule(self, t, s, name, cards) for rule in CANCELS)]
        if name == "collateral":
            kept = targets if kept else []
        return kept

    def death_skills(self, s: int, killer: Any) -> list[Any]:
        """Skills at a death, before its show and win check (Duanchang)."""
        return [o for rule in DEATH for o in rule(self, s, killer)]

    def on_SkillsLost(self, fact: Fact, d: dict[str, Any]) -> None:
        s, which = self.seat(d["seat"]), d["which"]
        i = {HEAD: 0, DEPUTY: 1}.get(which)
        if not self.claimed(fact) or i is None or i in self.lost.get(s, ()):
            self.broken(fact, d["reason"] if d["reason"] in USED else "skill",
                        f"seat {s} loses the skills of its {which} general, which no skill "
                        "in use calls for")
        if i is not None:
            self.lost.setdefault(s, set()).add(i)
            if self.rules < 6:  # (its trigger already waiting still acts once: engine)
                self.marks[("acts_once", s)] = i

    @property
    def face_down(self) -> dict[int, bool]:
        """Seats turned over (they skip their next turn)."""
        if "_face_down" not in self.__dict__:
            self.__dict__["_face_down"] = {}
        return self.__dict__["_face_down"]  # type: ignore[no-any-return]

    def on_TurnedOver(self, fact: Fact, d: dict[str, Any]) -> None:
        s = self.seat(d["seat"])
        other = EVENTS.get("TurnedOver")  # a module's own turn (Niepan: face up)
        if not self.claimed(fact) and other is not None and d["reason"] not in TURNS:
            other(self, fact, d)
        elif not self.claimed(fact):
            self.broken(fact, d["reason"] if d["reason"] in USED else "skill",
                        f"seat {s} turns over, which no skill in use calls for")
        want = not self.face_down.get(s, False)
        if bool(d["face_down"]) != want:
            self.broken(fact, "turn-over", f"seat {s} turns over to face "
                        f"{'down' if want else 'up'}, the record says otherwise")
        self.face_down[s] = want

    def on_TurnSkipped(self, fact: Fact, d: dict[str, Any]) -> None:
        """A turned-over seat's turn would begin: it turns face up instead."""
        s = self.seat(d["seat"])
        if self.stage != "between" or s != self.next_seat() or not self.face_down.get(s):
            self.broken(fact, "turn-order", f"seat {s}'s turn is skipped, but it is not the "
                        "next seat's turn, or it is face up")
        self.face_down[s] = False
        self.current = s

    # --- the rules skills bend ------------------------------------------------------------------
    def draw_phase_count(self, s: int) -> int:
        self.marks["drew"] = True
        return 2 + int(self.marks.get("draw_delta", 0))

    def damage_bonus(self, src: Any, reason: str) -> int:
        """Luoyi's +1 on Kills and Duels this turn, while its owner still has the skill
        (a modifier of its skills: Duanchang taking Xu Chu's skills ends it)."""
        return int(self.marks.get("luoyi") == src and reason in ("kill", "duel")
                   and self.active(src, "luoyi"))

    def skips_discard(self, s: int) -> bool:
        """The turn ends with more cards than HP: its discard phase was skipped (Keji), or
        an end-phase skill drew after it (Biyue)."""
        return s in (self.marks.get("skip_discard"), self.marks.get("end_drew"))

    def skill_draw(self, fact: Fact, s: int, reason: str) -> int | None:
        """Cards a skill draws: how many, or None when no skill of this seat draws now
        (a count read as the draw comes: a function of the seat's state then)."""
        n = self.marks.pop(("draw", s, reason), None)
        return n() if callable(n) else n

    def skill_damage(self, fact: Fact, s: int, src: Any, n: int, reason: str) -> bool:
        """Damage a skill deals: whether it was owed (less what the victim's skills cut)."""
        owed = self.marks.pop(("damage", s, src, reason), None)
        return owed is not None and max(0, owed - self.damage_cut(s, src)) == n

    def damage_cut(self, s: int, src: Any) -> int:
        """What the victim's skills take off a damage before it is dealt (Mingshi)."""
        return sum(cut(self, s, src) for cut in DAMAGE_CUTS)

    def acts_once(self, s: int, sid: str) -> bool:
        """Whether ``sid`` is a skill Duanchang took from seat ``s`` while its trigger
        waited, which still acts once under rules 5 and before (as the engine plays)."""
        once = self.marks.get(("acts_once", s))
        return once is not None and sid in SKILLS.get(self.generals[s][once], ())

    def death_held(self, victim: int) -> Callable[[Fact], bool] | None:
        """A death's show, victory check and reward wait while a living seat's death
        skill acts (``DEATH_SKILLS``): the facts of that skill, and of a dying it brings
        about, come first. None: no such skill at the table."""
        if not any(self.alive[x] and x != victim and (
                self.owns_skill(x, sid) or self.acts_once(x, sid))
                   for x in range(self.n) for sid in DEATH_SKILLS):
            return None

        def held(f: Fact) -> bool:
            d = f.data
            sid = d.get("skill") if f.type == "SkillUsed" else (d.get("then") or {}).get(
                "skill") if f.type == "GeneralsShown" and d.get("reason") == "skill" else None
            return sid in DEATH_SKILLS or self.dying is not None or (
                f.type == "Declined" and d.get("ask") == "skill" and any(
                    self.owns_skill(d["seat"], k) or self.acts_once(d["seat"], k)
                    for k in DEATH_SKILLS)) or (
                f.type in ("HpLost", "CardsDrawn", "CardsGained")
                and d.get("reason") in DEATH_SKILLS) or (
                sid in DEAD or (f.type == "SkillsLost" and d.get("reason") in DEAD) or (
                    f.type == "Declined" and d.get("ask") == "skill"
                    and not self.alive[d["seat"]]))  # the dead seat's own (Duanchang)
        return held

    # --- pindian: two hand cards compared (generals.md 0.2) ----------------------------------
    def start_pindian(self, s: int, t: int, reason: str) -> None:
        """A skill's pindian of seat ``s`` with ``t``: each chooses a hand card, the
        initiator first; both are shown together and discarded."""
        self.marks["pindian"] = {"seat": s, "target": t, "reason": reason, "cards": {}}

    def on_PindianCardChosen(self, fact: Fact, d: dict[str, Any]) -> None:
        s, card = self.seat(d["seat"]), d["card"]
        p = self.marks.get("pindian")
        who = None if p is None else p["seat"] if not p["cards"] else p["target"] if len(
            p["cards"]) == 1 else None
        if p is None or s != who:
            self.broken(fact, "pindian", f"seat {s} chooses a pindian card, but no pindian "
                        "asks it now (the initiator first, then its target)")
            return
        if card not in self.table.hands[s]:
            self.broken(fact, "card-owner", f"seat {s} chooses card {card} for the pindian, "
                        "which is not in its hand")
        p["cards"][s] = card

    def on_PindianShown(self, fact: Fact, d: dict[str, Any]) -> None:
        s, t, cards = self.seat(d["seat"]), self.seat(d["target"]), list(d["cards"])
        p = self.marks.pop("pindian", None)
        if p is None or (p["seat"], p["target"], p["reason"]) != (s, t, d["reason"]) or \
                cards != [p["cards"].get(s), p["cards"].get(t)]:
            self.broken(fact, "pindian", f"seat {s}'s pindian with seat {t} ({d['reason']}) "
                        f"shows {cards}, not the cards chosen for it")
        won = len(cards) == 2 and NUMBER[cards[0]] > NUMBER[cards[1]]
        self.expect(fact, f"seat {s}'s pindian with seat {t}", won, d["won"], "pindian",
                    f"the pindian's cards {cards} make the initiator "
                    f"{'win' if won else 'not win'} (a strictly higher number wins); the "
                    f"record says won={d['won']}")
        for x, c in zip((s, t), cards, strict=False):
            self.owns(fact, x, [c], (HAND,), "shows for the pindian")
        done = PINDIAN.get(d["reason"])
        if done is not None:
            done(self, fact, s, t, won)

    def skill_nature(self, reason: str) -> bool:
        """Fire or thunder damage a skill deals, at any table (Leiji)."""
        return reason in USED

    def skill_hp_lost(self, fact: Fact, s: int, n: int, reason: str) -> bool:
        if reason in HP_LOST:
            return HP_LOST[reason](self, fact, s, n)
        return self.marks.pop(("hp_lost", s, reason), None) == n

    def on_HpLost(self, fact: Fact, d: dict[str, Any]) -> None:
        s, n, reason = self.seat(d["seat"]), d["amount"], d["reason"]
        self.alive_or_broken(fact, s, "loses HP")
        if not self.skill_hp_lost(fact, s, n, reason):
            self.broken(fact, "hp-lost", f"seat {s} loses {n} HP by {reason!r}, which no "
                        "skill in use calls for")
        self.hp[s] -= n
        if self.hp[s] <= 0:
            from domain.referee.hegemony import Owed  # the referee's own: no cycle at import

            self.owe(Owed("dying", f"seat {s} at {self.hp[s]} HP: its dying",
                          self.is_("Dying", seat=s, source=None)), first=True)

    def on_CardsGained(self, fact: Fact, d: dict[str, Any]) -> None:
        s, cards, reason = self.seat(d["seat"]), list(d["cards"]), d["reason"]
        if reason in GAINS:
            GAINS[reason](self, fact, s, cards)
            return
        owed = self.marks.pop(("gain", s, reason), None)
        zone = self.marks.pop(("gain_zone", s, reason), "flight")
        if owed is None or sorted(cards) != sorted(owed) or d["zone"] != zone:
            self.broken(fact, reason if reason in USED else "skill",
                        f"seat {s} takes {cards} from the {d['zone']} ({reason}); the rules "
                        f"give {owed or 'nothing'}")
        free = self.table.out_of_play()
        for c in cards:
            if c not in free:
                self.broken(fact, "card-owner", f"card {c} is not in the open for seat {s} "
                            "to take")
        self.table.hands[s] += [c for c in cards if c in free]

    def skill_taken(self, fact: Fact, s: int, src: int, reason: str) -> bool:
        """A card a skill takes (Tuxi): whether one was owed from that seat."""
        left = self.marks.get(("take", s, reason))
        if not left or left[0] != src:
            return False
        left.pop(0)
        if fact.data.get("area") != HAND and reason not in TAKES_ANY:
            self.broken(fact, reason, f"{reason} takes a hand card, not from the "
                        f"{fact.data.get('area')}")
        if reason == "fanjian":
            fanjian_taken(self, fact, s, fact.data["card"])
        return True

    def after_damage(self, fact: Fact, s: int, src: Any, cards: list[int]) -> None:
        """Skills on damage: what Jianxiong may take; what Kuanggu heals (the distance
        as the damage is dealt)."""
        if fact.data.get("reason") not in NESTED_DAMAGE:  # (Beige's: the Kill's damage)
            self.marks["hurt"] = (s, src, fact.data.get("reason"))
        if self.active(s, "jianxiong") or self.owns_skill(s, "jianxiong"):
            self.marks["damaged"] = (s, list(cards))
        if src is not None and self.owns_skill(src, "kuanggu") and self.dist(src, s) <= 1:
            n = fact.data.get("amount", 1)
            self.marks[("kuanggu", src)] = self.marks.get(("kuanggu", src), 0) + n
        for watch in ON_DAMAGE:
            watch(self, fact, s, src, fact.data.get("amount", 1))

    def after_fact(self, fact: Fact) -> None:
        """After every fact: a start-phase skill that showed the seat's last hidden
        general leaves no start-of-turn show to ask; a seat with Xiaoji whose equipment
        left it may draw."""
        s = fact.data.get("seat")
        j = self.marks.get("judgment")
        showing = self.marks.get("showing")
        if j and j["open"] and fact is not j["fact"] and not self.retrying(fact) and not (
                showing and showing[1] in RETRIALS):  # (what a show for a retrial brings)
            j["open"] = False  # the judgment took effect: no retrial any more
        if fact.type == "GeneralsShown" and fact.data.get("reason") == "skill" and \
                s == self.current and not self.hidden(s):
            self.owed = [o for o in self.owed if o.rule != "show-step"]
        seen = self.marks.setdefault("equipped", {})
        for s in range(self.n):
            if not self.owns_skill(s, "xiaoji_kw"):
                continue
            now = set(self.table.equipment(s))
            if seen.get(s, set()) - now and self.alive[s]:
                self.marks[("xiaoji", s)] = self.marks.get(("xiaoji", s), 0) + 1
            seen[s] = now
        for check in AFTER:
            check(self, fact)

    @property
    def virtual(self) -> dict[int, str]:
        """Cards in judgment areas that a skill made another card (Guose, Duanliang)."""
        if "_virtual" not in self.__dict__:
            self.__dict__["_virtual"] = {}
        return self.__dict__["_virtual"]  # type: ignore[no-any-return]

    def as_name(self, card: int) -> str:
        """What a card in a judgment area is: itself, or what a skill made it."""
        return self.virtual.get(card, NAME[card])

    def interjects(self, fact: Fact) -> bool:
        """A skill asked the moment something happens (Xiaoji, as equipment leaves) comes
        before what that move still owes (a Silver Lion's heal); a start-phase skill (a
        hidden general's too) comes before the start-of-turn show: not missing facts."""
        d = fact.data
        if self.retrying(fact):
            return True
        head = self.owed[0] if self.owed else None
        if head is not None and head.rule in DEAD and head.match is not None and \
                head.match(fact):
            return False  # a dead seat's own skill, owed first (Duanchang)
        before_show = bool(self.owed and self.owed[0].rule == "show-step")
        starting = d.get("seat") == self.current and (
            (fact.type == "GeneralsShown" and d.get("reason") == "skill"
             and (d.get("then") or {}).get("skill") in START_SKILLS)
            or (fact.type == "SkillUsed" and d.get("skill") in START_SKILLS)
            or (fact.type == "Declined" and d.get("ask") == "skill"))
        effect = (d.get("reason") in START_SKILLS and fact.type in (
            "CardsDrawn", "CardsDiscarded", "CardsPeeked", "Healed")) or (
            fact.type == "PileArranged")
        if before_show and (starting or effect or bool(self.marks.get("start_run"))):
            return True  # (a start-phase skill's run: Luoshen's judgments)
        if any(check(self, fact) for check in INTERJECTS):
            return True
        then = d.get("then") or {}
        if fact.type == "GeneralsShown" and d.get("reason") == "skill" and then.get("skill"):
            # a hidden general shown for a skill asked in between comes in between too
            use = Fact(fact.version, "SkillUsed", {**then, "seat": d.get("seat")})
            if self.interjects(use):
                return True
        return (fact.type == "SkillUsed" and d.get("skill") == "xiaoji_kw") or (
            fact.type == "CardsDrawn" and d.get("reason") == "xiaoji_kw") or (
            fact.type == "Declined" and d.get("ask") == "skill"
            and bool(self.marks.get(("xiaoji", d.get("seat")))))

    def retrying(self, fact: Fact) -> bool:
        """A retrial's facts while a judgment card is open: its owners asked, declining,
        showing a general for it or replacing the card; they come before its effect."""
        j, d = self.marks.get("judgment"), fact.data
        return bool(j and j["open"]) and (
            (fact.type == "Declined" and d.get("ask") == "skill")
            or (fact.type == "SkillUsed" and d.get("skill") in RETRIALS)
            or (fact.type == "GeneralsShown" and d.get("reason") == "skill"
                and (d.get("then") or {}).get("skill") in RETRIALS))

    def in_window(self, fact: Fact) -> bool:
        """A skill on a Nullification played (Jizhi: asked, declined or drawing) leaves
        the judgment phase's window open."""
        d = fact.data
        if any(check(self, fact) for check in IN_WINDOW):
            return True
        return (fact.type == "Declined" and d.get("ask") == "skill") or (
            fact.type == "SkillUsed" and d.get("skill") == "jizhi") or (
            fact.type == "CardsDrawn" and d.get("reason") == "jizhi")

    def supply_range(self, s: int) -> int:
        """How far a Supply Shortage reaches: 1, 2 with Duanliang shown."""
        return 2 if self.active(s, "duanliang") else 1


# --- Wei ----------------------------------------------------------------------------------------
@judged("tuxi", triggered=True)
def tuxi(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Instead of drawing: a hand card from each of one or two others (in turn order)."""
    r.at_draw(fact, s, "tuxi")
    ts = list(d.get("targets") or [])
    if not 1 <= len(ts) <= 2 or len(set(ts)) != len(ts) or any(
            t == s or not r.alive[t] or not r.table.hands[t] for t in ts):
        r.broken(fact, "tuxi", f"Tuxi takes from one or two other living seats holding hand "
                 f"cards; the record says {ts}")
    order = [x for x in ((s + i) % r.n for i in range(1, r.n))]
    r.marks[("take", s, "tuxi")] = sorted([t for t in ts if 0 <= t < r.n], key=order.index)
    r.marks["drew"] = r.marks["skip_draw"] = True
    r.stage = "play"  # no draw: the play phase comes next


@judged("luoyi", triggered=True)
def luoyi(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """One card fewer in the draw phase; this turn its Kills and Duels deal 1 more."""
    r.at_draw(fact, s, "luoyi")
    r.marks["draw_delta"] = r.marks.get("draw_delta", 0) - 1
    r.marks["luoyi"] = s


@judged("jianxiong", triggered=True)
def jianxiong(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """After damage from a card, that card (still in the open) goes to the owner's hand."""
    hurt = r.marks.pop("damaged", None)
    free = r.table.out_of_play()
    cards = [c for c in (hurt[1] if hurt and hurt[0] == s else []) if c in free]
    if not cards:
        r.broken(fact, "jianxiong", f"seat {s} uses Jianxiong with no card that hurt it in "
                 "the open")
    r.marks[("gain", s, "jianxiong")] = cards


@judged("qiangxi")
def qiangxi(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Once a play phase: lose 1 HP or discard a weapon, and 1 damage to another seat in
    attack range (a discarded weapon's range not counted)."""
    r.in_play(fact, s, "qiangxi")
    cards, ts = list(d.get("cards") or []), list(d.get("targets") or [])
    t = ts[0] if len(ts) == 1 else None
    weapon = cards[0] if len(cards) == 1 else None
    if (cards and (weapon is None or SLOT[weapon] != 0)) or (
            not cards and d.get("choice") != "hp"):
        r.broken(fact, "qiangxi", f"Qiangxi costs 1 HP or a weapon card; the record says "
                 f"cards {cards}, choice {d.get('choice')!r}")
    if weapon is not None:
        r.owns(fact, s, [weapon], (HAND, EQUIP), "discards for Qiangxi")
    if t is None or t == s or not r.alive[t] or r.table.distance(
            s, t, r.alive) > r.table.reach(s):
        r.broken(fact, "qiangxi", f"Qiangxi deals damage to another living seat within "
                 f"attack range; the record says {ts}")
        return
    if weapon is None:
        r.marks[("hp_lost", s, "qiangxi")] = 1
    r.marks[("damage", t, s, "qiangxi")] = 1


# --- Wu ------------------------------------------------------------------------------------------
@judged("hongyan", triggered=True)
def hongyan(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Rules 6: the owner of a hidden Xiao Qiao showed her (the use's show) as its own
    judgment card, a spade, would read otherwise as a heart: the judgment now reads it as
    a heart, and what its first reading did is undone (an Indulgence's skipped play
    phase, a Lightning's strike, a failed Eight Trigrams). Shown, Hongyan is never used:
    its spades are hearts unasked (``held``, ``judged_as``)."""
    noted = r.marks.pop(("hongyan", s), None)
    if noted is None:
        r.broken(fact, "hongyan", f"seat {s} uses Hongyan, but no judgment of its own is a "
                 "spade that would read otherwise as a heart (its Xiao Qiao hidden, rules 6)")
        return
    reason, skipped_before, lightning = noted
    if reason == "indulgence":
        r.skip_play = skipped_before
    elif reason == "lightning" and lightning is not None:  # it does not strike: passed on
        r.owed = [o for o in r.owed if o.rule != "lightning"]
        if lightning not in r.table.judging[s]:
            r.table.judging[s].append(lightning)
    elif reason == "eight_trigrams":
        u = r.use_of("kill", "arrow_barrage")
        if u is not None:
            r.dodge(u, s)  # a red judgment is a Dodge


def hongyan_asks(r: Any, fact: Fact) -> bool:
    """Hongyan is asked (declined, or Xiao Qiao shown for it) between the judgment and
    what its first reading left owed (a Lightning's strike)."""
    d = fact.data
    if ("hongyan", d.get("seat")) not in r.marks:
        return False
    return (fact.type, d.get("ask")) == ("Declined", "skill") or (
        fact.type == "GeneralsShown" and (d.get("then") or {}).get("skill") == "hongyan") or (
        (fact.type, d.get("skill")) == ("SkillUsed", "hongyan"))


#: what may come between a judgment and Hongyan's use: the show and its consequences
HONGYAN_BETWEEN = frozenset({"GeneralsShown", "KingdomDecided", "PairBonusChosen",
                             "HalfFishChosen", "SkillUsed", "CardsDrawn", "Healed"})


def hongyan_lapses(r: Any, fact: Fact) -> None:
    """Hongyan's chance ends with its owner's decline, or with anything but the show."""
    d = fact.data
    for key in [k for k in r.marks if isinstance(k, tuple) and k[0] == "hongyan"]:
        declined = (fact.type, d.get("ask"), d.get("seat")) == ("Declined", "skill", key[1])
        other_decline = (fact.type, d.get("ask")) == ("Declined", "skill")
        if declined or (fact.type not in HONGYAN_BETWEEN and not other_decline):
            del r.marks[key]


INTERJECTS.append(hongyan_asks)
BEFORE.append(hongyan_lapses)


@judged("zhiheng_kw")
def zhiheng(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Once a play phase: discard one to X cards (X: max HP), draw as many."""
    r.in_play(fact, s, "zhiheng_kw")
    cards = list(d.get("cards") or [])
    if not 1 <= len(cards) <= r.max_hp[s] or len(set(cards)) != len(cards):
        r.broken(fact, "zhiheng_kw", f"Zhiheng discards one to {r.max_hp[s]} cards (the "
                 f"max HP); the record says {cards}")
    r.owns(fact, s, cards, (HAND, EQUIP), "discards for Zhiheng")
    r.marks[("draw", s, "zhiheng_kw")] = len(cards)


@judged("keji", triggered=True)
def keji(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """No Kill used or played in the play phase: the discard phase is skipped."""
    if s != r.current or r.stage != "discard":
        r.broken(fact, "keji", f"seat {s} uses Keji outside the start of its discard phase")
    if r.marks.get("killed"):
        r.broken(fact, "keji", f"seat {s} used or played a Kill this play phase: no Keji")
    r.marks["skip_discard"] = s
    r.stage = "end"


@judged("kurou")
def kurou(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """In the play phase, any number of times: lose 1 HP, then (alive) draw two."""
    r.in_play(fact, s, "kurou")
    r.marks[("hp_lost", s, "kurou")] = 1
    r.marks[("draw", s, "kurou")] = 2


@judged("yingzi", triggered=True)
def yingzi(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """One card more in the draw phase."""
    r.at_draw(fact, s, "yingzi")
    r.marks["draw_delta"] = r.marks.get("draw_delta", 0) + 1




# --- conversions: a card used or played as another -------------------------------------------
#: skill -> (the card made, what it is made of, the zones it comes from, used, played)
CONVERSIONS: dict[str, tuple[tuple[str, Callable[[int], bool], tuple[str, ...], bool, bool],
                             ...]] = {
    "wusheng": (("kill", lambda c: RED[c], (HAND, EQUIP), True, True),),
    "longdan": (("dodge", lambda c: NAME[c] == "kill", (HAND,), False, True),
                ("kill", lambda c: NAME[c] == "dodge", (HAND,), True, True)),
    "qixi": (("dismantlement", lambda c: not RED[c], (HAND, EQUIP), True, False),),
}


def conversion(sid: str) -> None:
    def convert(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
        """The card named must be used or played next, as the card the skill makes."""
        cards = list(d.get("cards") or [])
        if len(cards) != 1:
            r.broken(fact, "conversion", f"{sid} makes one card of one card; the record "
                     f"says {cards}")
            return
        r.marks["converting"] = (s, cards[0], d.get("choice"), sid)

    USED[sid] = convert
    JUDGED.add(sid)


for _sid in CONVERSIONS:
    conversion(_sid)


def cardless(r: Any, fact: Fact, s: int, name: str) -> tuple[str, ...] | None:
    """A use with no card a skill owes (``marks["cardless"]``: seat, name, via, the
    targets allowed): the zones it needs (none), or None when none is owed."""
    owed = r.marks.pop("cardless", None)
    if owed is not None and callable(owed[3]):  # the targets as they are now
        owed = (*owed[:3], owed[3]())
    ts = list(fact.data.get("targets") or [])
    if owed is None or owed[:3] != (s, name, fact.data.get("via")) or len(ts) != 1 or \
            ts[0] not in owed[3]:
        r.broken(fact, "card-use", f"seat {s} uses {name} with no card "
                 f"({fact.data.get('via')}) on {ts}; "
                 + ("no skill makes one now" if owed is None else
                    f"{owed[2]} makes seat {owed[0]} a {owed[1]} on one of {owed[3]}"))
        return None
    return (HAND,)


def converted(r: Any, fact: Fact, s: int, cards: list[int], name: str, use: bool
              ) -> tuple[str, ...] | None:
    """The zones a card used or played came from when a conversion just announced it
    (None: no conversion: a card of its own name)."""
    conv = r.marks.pop("converting", None)
    if conv is None:
        return None
    seat, card, choice, sid = conv
    if sid == "luanji":  # two cards made one Arrow Barrage, used at once
        if (seat, sorted(card), name, use) != (s, sorted(cards), choice, True) or \
                fact.data.get("via") != "luanji":
            r.broken(fact, "conversion", f"Luanji of seat {seat} makes {list(card)} an Arrow "
                     f"Barrage; the record uses {cards} as {name} (seat {s})")
        return (HAND,)
    fits = [z for to, ok, z, u, p in CONVERSIONS[sid] if to == name and (u if use else p)
            and ok(r.held(s, card))]  # (a shown Xiao Qiao's spade: a heart)
    if sid == "jijiu" and r.current == s:
        fits = []  # outside its owner's turn only
    if seat != s or cards != [card] or choice not in (None, name) or not fits:
        r.broken(fact, "conversion", f"{sid} of seat {seat} makes card {card} a "
                 f"{choice}; the record {'uses' if use else 'plays'} {cards} as {name} "
                 f"(seat {s})")
        return (HAND, EQUIP)
    return fits[0]


# --- Shu ------------------------------------------------------------------------------------
#: skills that count while hidden but show their general when a card use needs them
SHOWS_WHEN_NEEDED = frozenset({"paoxiao_kw", "qicai_kw"})
JUDGED.update(SHOWS_WHEN_NEEDED)
#: skills that show when a use needs them from a rules version on (Duanbing: rules 7;
#: before, a hidden Ding Feng's Kill took no extra target)
SHOWS_WHEN_NEEDED_SINCE = {"duanbing": 7}


@judged("jizhi", triggered=True)
def jizhi(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """After using a non-delayed trick (a Nullification played too): draw one."""
    if not r.marks.pop(("trick", s), False):
        r.broken(fact, "jizhi", f"seat {s} uses Jizhi, but it used no trick card just now")
    r.marks[("draw", s, "jizhi")] = 1


# --- Wu -----------------------------------------------------------------------------------------
@judged("fanjian")
def fanjian(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Once a play phase: another seat names a suit and takes one of the owner's hand
    cards unseen; another suit, the owner deals it 1 damage."""
    r.in_play(fact, s, "fanjian")
    ts = list(d.get("targets") or [])
    t = ts[0] if len(ts) == 1 else None
    if t is None or t == s or not r.alive[t] or not r.table.hands[s]:
        r.broken(fact, "fanjian", f"Fanjian needs a hand card and another living seat; the "
                 f"record says {ts}")
        return
    r.marks["fanjian"] = (s, t, None)
    r.marks[("take", t, "fanjian")] = [s]


def suit_named(r: Any, fact: Fact, s: int, suit: str) -> None:
    pending = r.marks.get("fanjian")
    if pending is None or pending[1] != s or pending[2] is not None or \
            suit not in ("S", "H", "C", "D"):
        r.broken(fact, "fanjian", f"seat {s} names the suit {suit!r}, but no Fanjian asks it")
        return
    r.marks["fanjian"] = (pending[0], s, suit)


def fanjian_taken(r: Any, fact: Fact, s: int, card: int) -> None:
    """The card taken shows: another suit than the named one, 1 damage from the owner."""
    owner, t, suit = r.marks.pop("fanjian", (None, None, None))
    if suit is None:
        r.broken(fact, "fanjian", f"seat {s} takes a Fanjian card before naming a suit")
    elif SUIT[r.held(t, card)] != suit:  # (as it counts for its taker: Hongyan)
        from domain.referee.hegemony import Owed

        r.marks[("damage", t, owner, "fanjian")] = 1
        r.owe(Owed("fanjian", f"Fanjian: card {card} is not of the named suit {suit}: seat "
                   f"{owner} deals seat {t} 1 damage",
                   r.is_("Damaged", seat=t, source=owner, reason="fanjian")), first=True)


# --- more of the frame: gender, distance, judgments, heals, discards -----------------------------
def gender(r: Any, s: int) -> str | None:
    """No general shown: none; one: its gender; both: the head's (generals.md 0.3)."""
    shown = [g for g, up in zip(r.generals[s], r.shown[s], strict=True) if up]
    return GENDER.get(shown[0]) if shown else None


def owe_heal(r: Any, s: int, reason: str, what: str) -> None:
    from domain.referee.hegemony import Owed

    r.marks[("heal", s, reason)] = r.marks.get(("heal", s, reason), 0) + 1
    r.owe(Owed(reason, what, r.is_("Healed", seat=s, reason=reason)), first=True)


# --- Shu: Ma Chao, Liu Bei ---------------------------------------------------------------------
JUDGED.add("mashu")  # read where distance is measured (``SkillRules.dist``)


@judged("tieqi", triggered=True)
def tieqi(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """When its Kill targets a seat: a judgment, red and the Kill cannot be dodged."""
    u = r.use_of("kill")
    if u is None or u.user != s:
        r.broken(fact, "tieqi", f"seat {s} uses Tieqi with no Kill of its own in play")
        return
    r.marks["judging"] = (s, "tieqi")


def tieqi_result(r: Any, fact: Fact, s: int, card: int | None) -> bool:
    red = card is not None and RED[card]
    u = r.use_of("kill")
    if red and u is not None:
        for t in u.targets:
            r.took_it(t, "kill")  # it cannot be dodged
    return red


@judged("rende_kw")
def rende(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """In the play phase, hand cards to another seat, as often as it likes; the first
    time three or more were given this phase, heal 1 (wounded)."""
    r.in_play(fact, s, "rende_kw")
    cards, ts = list(d.get("cards") or []), list(d.get("targets") or [])
    t = ts[0] if len(ts) == 1 else None
    if not cards or t is None or t == s or not r.alive[t]:
        r.broken(fact, "rende_kw", f"Rende gives hand cards to another living seat; the "
                 f"record says cards {cards} to {ts}")
        return
    r.owns(fact, s, cards, (HAND,), "gives by Rende")
    r.table.hands[t] += cards
    before = r.marks.get("rende", 0)
    r.marks["rende"] = before + len(cards)
    if before < 3 <= before + len(cards) and r.hp[s] < r.max_hp[s]:
        owe_heal(r, s, "rende", f"Rende: seat {s} gave {before + len(cards)} cards: it heals 1")


# --- Qun: Hua Tuo, Diao Chan, Pang De -------------------------------------------------------------
CONVERSIONS["jijiu"] = (("peach", lambda c: RED[c], (HAND, EQUIP), False, True),)
conversion("jijiu")


@judged("qingnang")
def qingnang(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Once a play phase: discard a hand card, a wounded seat (itself too) heals 1."""
    r.in_play(fact, s, "qingnang")
    cards, ts = list(d.get("cards") or []), list(d.get("targets") or [])
    t = ts[0] if len(ts) == 1 else None
    if len(cards) != 1 or t is None or not r.alive[t] or r.hp[t] >= r.max_hp[t]:
        r.broken(fact, "qingnang", f"Qingnang discards one hand card to heal a wounded seat; "
                 f"the record says cards {cards}, target {ts}")
        return
    r.owns(fact, s, cards, (HAND,), "discards for Qingnang")
    owe_heal(r, t, "qingnang", f"Qingnang: seat {t} heals 1")


@judged("biyue", triggered=True)
def biyue(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """At the start of its end phase: draw one."""
    if s != r.current or r.stage not in ("discard", "end"):
        r.broken(fact, "biyue", f"seat {s} uses Biyue outside its own end phase")
    r.marks[("draw", s, "biyue")] = 1
    r.marks["end_drew"] = s


@judged("lijian_kw")
def lijian(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Once a play phase: discard a card, and of two other male seats the second uses a
    Duel (no card) on the first."""
    r.in_play(fact, s, "lijian_kw")
    cards, ts = list(d.get("cards") or []), list(d.get("targets") or [])
    if len(cards) != 1 or len(ts) != 2 or len(set(ts)) != 2 or any(
            t == s or not 0 <= t < r.n or not r.alive[t] or gender(r, t) != "male"
            for t in ts):
        r.broken(fact, "lijian_kw", f"Lijian discards a card and names two other living "
                 f"male seats; the record says cards {cards}, targets {ts}")
        return
    r.owns(fact, s, cards, (HAND, EQUIP), "discards for Lijian")
    from domain.referee.hegemony import Use

    r.uses.append(Use("duel", ts[1], [ts[0]], []))


@judged("mengjin", triggered=True)
def mengjin(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """When its Kill is dodged: it discards one of the target's cards."""
    u = r.use_of("kill")
    t = u.extra.get("dodged") if u is not None and u.user == s else None
    if t is None:
        r.broken(fact, "mengjin", f"seat {s} uses Mengjin, but no Kill of its was dodged")
        return
    r.marks[("discard", t, s, "mengjin")] = 1


# --- Wei: Xu Huang; Wu: Da Qiao, Sun Shangxiang; Shu: Wei Yan ------------------------------------
CONVERSIONS["duanliang"] = (("supply_shortage", lambda c: not RED[c] and KIND[c] in (
    "basic", "equipment"), (HAND, EQUIP), True, False),)
conversion("duanliang")
CONVERSIONS["guose"] = (("indulgence", lambda c: SUIT[c] == "D", (HAND, EQUIP), True, False),)
conversion("guose")


@judged("liuli_kw", triggered=True)
def liuli(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Targeted by a Kill: discard a card and move the Kill to another seat in attack
    range (not its user); the new target is targeted anew."""
    u = r.use_of("kill")
    cards, ts = list(d.get("cards") or []), list(d.get("targets") or [])
    t = ts[0] if len(ts) == 1 else None
    if u is None or s not in u.targets:
        r.broken(fact, "liuli_kw", f"seat {s} uses Liuli, but no Kill targets it")
        return
    if len(cards) != 1 or t is None or t in (s, u.user) or not r.alive[t] or \
            r.dist(s, t) > r.reach_of(s):
        r.broken(fact, "liuli_kw", f"Liuli discards a card and moves the Kill to another "
                 f"seat in attack range, not its user; the record says cards {cards}, "
                 f"target {ts}")
        return
    r.owns(fact, s, cards, (HAND, EQUIP), "discards for Liuli")
    u.targets = [t if x == s else x for x in u.targets]


@judged("kuanggu", triggered=True)  # compulsory: a hidden Wei Yan is asked to show
def kuanggu(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Compulsory: damage it dealt to a seat at distance 1 or less heals it 1 a point."""
    left = r.marks.get(("kuanggu", s), 0)
    if not left:
        r.broken(fact, "kuanggu", f"seat {s} uses Kuanggu with no damage dealt at distance "
                 "1 or less")
        return
    r.marks[("kuanggu", s)] = left - 1
    owe_heal(r, s, "kuanggu", f"Kuanggu: seat {s} heals 1")


@judged("xiaoji_kw", triggered=True)
def xiaoji(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """When equipment leaves its area: draw two (once a move)."""
    left = r.marks.get(("xiaoji", s), 0)
    if not left:
        r.broken(fact, "xiaoji_kw", f"seat {s} uses Xiaoji, but no equipment of its left")
        return
    r.marks[("xiaoji", s)] = left - 1
    r.marks[("draw", s, "xiaoji_kw")] = 2


@judged("jieyin")
def jieyin(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Once a play phase: discard two hand cards; a wounded other male heals 1, then the
    owner (wounded) heals 1."""
    r.in_play(fact, s, "jieyin")
    cards, ts = list(d.get("cards") or []), list(d.get("targets") or [])
    t = ts[0] if len(ts) == 1 else None
    if len(cards) != 2 or t is None or t == s or not r.alive[t] or \
            gender(r, t) != "male" or r.hp[t] >= r.max_hp[t]:
        r.broken(fact, "jieyin", f"Jieyin discards two hand cards for a wounded other male; "
                 f"the record says cards {cards}, target {ts}")
        return
    r.owns(fact, s, cards, (HAND,), "discards for Jieyin")
    if r.hp[s] < r.max_hp[s]:
        owe_heal(r, s, "jieyin", f"Jieyin: seat {s} heals 1")
    owe_heal(r, t, "jieyin", f"Jieyin: seat {t} heals 1")  # owed first: the male first


# --- Shu: Huang Zhong; Wu: Sun Jian ---------------------------------------------------------------
@judged("liegong", triggered=True)
def liegong(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """In its play phase, its Kill on a seat holding at least its HP in hand cards, or at
    most its attack range: the Kill cannot be dodged."""
    u = r.use_of("kill")
    if u is None or u.user != s or s != r.current or r.stage != "play":
        r.broken(fact, "liegong", f"seat {s} uses Liegong with no Kill of its own in its "
                 "play phase")
        return
    fits = [t for t in u.targets if len(r.table.hands[t]) >= r.hp[s]
            or len(r.table.hands[t]) <= r.table.reach(s)]
    if not fits:
        r.broken(fact, "liegong", f"Liegong needs a target holding at least {r.hp[s]} hand "
                 f"cards (its HP) or at most {r.table.reach(s)} (its attack range)")
    for t in fits:
        r.took_it(t, "kill")  # it cannot be dodged


@judged("yinghun", triggered=True)
def yinghun(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """At its start phase, wounded (X lost HP): another seat draws one and discards one;
    with X above 1, draws X and discards one, or draws one and discards X."""
    x = r.max_hp[s] - r.hp[s]
    ts, choice = list(d.get("targets") or []), d.get("choice")
    t = ts[0] if len(ts) == 1 else None
    counts = {None: (1, 1)} if x == 1 else {"draw_x": (x, 1), "discard_x": (1, x)}
    if s != r.current or r.stage != "start" or x < 1 or t is None or t == s or \
            not r.alive[t] or choice not in counts:
        r.broken(fact, "yinghun", f"Yinghun: at its own start phase, wounded ({x} lost), "
                 f"another living seat{'' if x == 1 else ' and draw_x or discard_x'}; the "
                 f"record says target {ts}, choice {choice!r}")
        return
    draw, discard = counts[choice]
    r.marks[("draw", t, "yinghun")] = draw
    r.marks[("discard", t, s, "yinghun")] = ("at most", discard)


#: start-phase skills: asked before the start-of-turn show (their effects too)
START_SKILLS: set[str] = {"yinghun"}


# --- Qun: Yuan Shao ---------------------------------------------------------------------------
@judged("luanji")
def luanji(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """In its play phase: two hand cards of one suit used as Arrow Barrage."""
    r.in_play(fact, s, "luanji")
    cards = list(d.get("cards") or [])
    if len(cards) != 2 or len(set(cards)) != 2 or SUIT[cards[0]] != SUIT[cards[1]] or any(
            c not in r.table.hands[s] for c in cards):
        r.broken(fact, "luanji", f"Luanji uses two hand cards of one suit; the record says "
                 f"{cards}")
    r.marks["converting"] = (s, tuple(cards), "arrow_barrage", "luanji")



#: what a target of a Kill answers it with (the Dodge ask, Eight Trigrams, Bazhen)
DODGING = frozenset({"dodge", "eight_trigrams", "bazhen"})


def blade_done(r: Any, fact: Fact) -> None:
    """A Blade's Kill, used on a target that dodged a Kill of many targets, is over when
    the next of that Kill's targets answers it (the engine resolves it in between):
    the first Kill is the card in play again."""
    uses = r.uses
    if len(uses) < 2 or not uses[-1].extra.get("blade"):
        return
    d = fact.data
    s = d.get("seat")
    if not ((fact.type in ("Responded", "Declined") and d.get("ask") == "dodge")
            or (fact.type == "Judged" and d.get("reason") == "eight_trigrams")
            or (fact.type == "SkillUsed" and d.get("skill") in DODGING)
            or (fact.type == "GeneralsShown" and (d.get("then") or {}).get("skill") in DODGING)):
        return
    blade = uses[-1]
    outer = next((u for u in reversed(uses[:-1]) if u.name == "kill"), None)
    if outer is not None and s not in blade.targets and s in outer.targets \
            and not r.dodged_already(outer, s):
        uses.remove(blade)


BEFORE.append(blade_done)
