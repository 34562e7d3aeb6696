"""The generals' skills as the identity referee judges them: the skill engine's second
implementation, written from ``docs/rules/generals.md`` section 1.

A skill bends the card rules at a few kinds of place, and the walk
(``sanguosha_walk.Walk``) calls a hook at each; ``SkillWalk`` fills the hooks:

* timing points: the rules name a moment (a phase begins, damage was taken, a judgment
  is about to take effect, a Kill chose its target, a seat lost its last hand card...);
  each owner of a skill on it, in turn order from the current seat, is asked whether to
  use it when its condition holds (``SkillUsed`` or a ``Declined`` of the ask ``skill``),
  and what the skill does is derived here and compared with the record;
* active skills, used in the owner's play phase (``SkillUsed``), with their limits;
* conversions: ``SkillUsed`` naming the skill (its ``choice`` the card it becomes), then
  the card's own fact: the card must fit the skill;
* modifiers read where the rule they bend is judged (distance, the Kill limit, who may
  be chosen as a target, the draw count, damage, the Peach in a dying rescue);
* the lords' calls (Hujia, Jijiang): the kingdom asked in seat order after the lord.

What each skill does is in its kingdom's module (``identity_wei``, ``identity_shu``,
``identity_wu``, ``identity_qun``); this module is the frame they share. It imports
nothing of the engine but the card table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from domain.audit import Fact
from domain.referee.sanguosha_table import is_red, label, labels, name
from domain.referee.sanguosha_walk import Desync, Walk
from domain.sanguosha.cards import DECK

Ctx = dict[str, Any]


class Triggered(NamedTuple):
    """A skill asked at a timing point: when it may be used, and what it does."""

    point: str
    can: Callable[[SkillWalk, int, Ctx], bool]
    effect: Callable[[SkillWalk, Fact, int, Ctx], Any]
    per_point: bool = False  # asked once per point of damage (per card lost)


class Active(NamedTuple):
    """A skill used as an action in the owner's play phase (``limit`` uses a phase)."""

    limit: int | None
    effect: Callable[[SkillWalk, Fact, int], None]


class Conversion(NamedTuple):
    """Use or play one card of ``zones`` (h: hand, e: equipment) that ``fits`` as ``to``."""

    to: str
    fits: Callable[[int], bool]
    zones: str
    use: bool  # in the play phase (or as a Kill used in answer: Blade, Collateral)
    respond: bool  # played when the card is asked for
    own_turn: bool = True  # False: only outside its owner's turn


TRIGGERED: dict[str, Triggered] = {}
ACTIVE: dict[str, Active] = {}
CONVERSIONS: dict[str, tuple[Conversion, ...]] = {}
#: the lords' calls: skill -> (the card asked for, the kingdom called on)
CALLS = {"hujia": ("dodge", "wei"), "jijiang": ("kill", "shu")}
#: how a skill's judgment reads its card (True: the effect happens)
JUDGMENTS: dict[str, Callable[[int], bool]] = {}
#: the asks a card made by a skill may answer
CARD_ASKS = frozenset({"play", "dodge", "kill", "peach", "blade", "collateral", "hujia",
                       "jijiang"})


def black(card: int) -> bool:
    return not is_red(card)


def suit(card: int) -> str:
    return DECK[card].suit


class SkillWalk(Walk):
    """The walk with the generals' skills (a table of ``generals`` per seat)."""

    def __init__(self, facts: list[Fact]) -> None:
        super().__init__(facts)
        self.generals: list[str] = []
        self.kingdoms: list[str | None] = []
        self.genders: list[str | None] = []
        self.skills: list[tuple[str, ...]] = []
        self.marks: dict[str, Any] = {}  # what skills noted this turn
        self.uses: dict[tuple[int, str], int] = {}  # skill uses this turn
        self.converting: tuple[Fact, str, int] | None = None  # (fact, skill, card)
        self.had_hand: list[bool] = []
        self.had_equip: list[list[int]] = []
        self.settling = False
        self.judge_card: int | None = None  # the last judgment's card, after retrials
        self.taken: int | None = None  # the last hand card taken unseen

    def arm(self, generals: list[str], genders: list[str | None],
            kingdoms: list[str | None], skills: list[tuple[str, ...]]) -> None:
        n = len(generals)
        self.generals, self.genders, self.kingdoms = generals, genders, kingdoms
        self.skills = skills
        self.skilled = any(skills)
        self.had_hand = [False] * n
        self.had_equip = [[] for _ in range(n)]

    def has(self, seat: int, skill: str) -> bool:
        return self.skilled and skill in self.skills[seat]

    # --- the turn --------------------------------------------------------------------------
    def play_turns(self) -> None:
        super().play_turns()

    def turn(self, cur: int) -> None:
        self.marks, self.uses = {}, {}
        super().turn(cur)

    def phase_begins(self, seat: int, phase: str) -> bool:
        if not self.skilled:
            return False
        self.point(phase, [seat], {"seat": seat})
        return phase == "discard" and bool(self.marks.get("skip_discard"))

    def draw_phase(self, cur: int) -> None:
        if self.skilled:
            self.point("draw", [cur], {"seat": cur})
            if self.marks.get("skip_draw"):
                return
        self.draw(cur, 2 + int(self.marks.get("draw_delta", 0)), "draw_phase")

    def killed_in_play(self, seat: int) -> None:
        if self.in_play and seat == self.current:
            self.marks["killed"] = True

    # --- cards lost by any means ------------------------------------------------------------
    def settle(self) -> None:
        """After every fact: a seat with a skill on losing its last hand card or an
        equipment card is asked at once (the last one found first)."""
        if not self.skilled or self.settling:
            return
        self.settling = True
        try:
            due: list[tuple[str, int, Ctx]] = []
            for s in range(self.t.n):
                if not any(TRIGGERED[k].point in ("hand_emptied", "equip_lost")
                           for k in self.skills[s] if k in TRIGGERED):
                    continue
                has = bool(self.t.hands[s])
                if has != self.had_hand[s]:
                    self.had_hand[s] = has
                    if not has and self.t.alive[s]:
                        due.append(("hand_emptied", s, {"seat": s}))
                now = self.t.equipment(s)
                if now != self.had_equip[s]:
                    lost = [c for c in self.had_equip[s] if c not in now]
                    self.had_equip[s] = now
                    if lost and self.t.alive[s]:
                        due.append(("equip_lost", s, {"seat": s, "n": len(lost)}))
            for point, s, ctx in reversed(due):
                self.point(point, [s], ctx, settled=True)
        finally:
            self.settling = False

    # --- timing points ----------------------------------------------------------------------
    def point(self, point: str, seats: list[int], ctx: Ctx, settled: bool = False) -> Any:
        if not self.skilled:
            return None
        if not settled:
            self.settle()
        t = self.t
        queue: list[tuple[int, str]] = []
        for s in t.order_from(self.current) if len(seats) > 1 else seats:
            if s not in seats or not t.alive[s]:
                continue
            for sid in self.skills[s]:
                sk = TRIGGERED.get(sid)
                if sk is not None and sk.point == point:
                    queue += [(s, sid)] * (int(ctx.get("n", 1)) if sk.per_point else 1)
        result = None
        for s, sid in queue:
            sk = TRIGGERED[sid]
            if not t.alive[s] or not sk.can(self, s, ctx):
                continue
            f = self.decide(s, "skill")
            if f.type == "Declined":
                continue
            if f.data["skill"] != sid:
                self.broken(f.version, "skill", f"seat {s} was asked about {sid} ({point}); "
                            f"the record says it used {f.data['skill']!r}")
                raise Desync
            self.uses[(s, sid)] = self.uses.get((s, sid), 0) + 1
            result = sk.effect(self, f, s, ctx) or result
        return result

    def skill_fact(self, f: Fact, seat: int, cards: int | None = 0,
                   targets: int | None = 0) -> tuple[list[int], list[int]]:
        """A ``SkillUsed``'s cards and targets, with the number the skill takes (None:
        any number, at least one)."""
        d = f.data
        cs, ts = list(d.get("cards") or []), list(d.get("targets") or [])
        for what, got, want in (("cards", cs, cards), ("targets", ts, targets)):
            if (want is None and not got) or (want is not None and len(got) != want):
                self.broken(f.version, "skill", f"{d['skill']} takes "
                            f"{'one or more' if want is None else want} {what}, the record "
                            f"says {got}")
                raise Desync
        if len(set(cs)) != len(cs) or len(set(ts)) != len(ts):
            self.broken(f.version, "skill", f"{d['skill']} names a card or seat twice")
            raise Desync
        return cs, ts

    # --- active skills ------------------------------------------------------------------------
    def active(self, f: Fact, seat: int) -> None:
        sid = f.data["skill"]
        if sid in CONVERSIONS:
            self.broken(f.version, "skill", f"{sid} makes a card, but no card follows it")
            raise Desync
        sk = ACTIVE.get(sid)
        if not self.has(seat, sid) or sk is None:
            self.broken(f.version, "skill", f"seat {seat} used {sid!r} in its play phase, "
                        f"a skill it does not have as an action (its skills: "
                        f"{', '.join(self.skills[seat]) if self.skilled else 'none'})")
            raise Desync
        used = self.uses.get((seat, sid), 0)
        if sk is not None and sk.limit is not None and used >= sk.limit:
            self.broken(f.version, "skill-limit", f"seat {seat} used {sid} {used + 1} times "
                        f"in one play phase; it may {sk.limit} time(s)")
        self.uses[(seat, sid)] = used + 1
        sk.effect(self, f, seat)

    # --- conversions -------------------------------------------------------------------------
    def conversion(self, seat: int, ask: str) -> None:
        self.converting = None
        f = self.peek()
        if not self.skilled or ask not in CARD_ASKS or f is None or f.type != "SkillUsed" \
                or f.data.get("skill") not in CONVERSIONS:
            return
        self.i += 1
        sid, d = f.data["skill"], f.data
        if d["seat"] != seat:
            self.broken(f.version, "turn-order", f"seat {d['seat']} named {sid}, but the "
                        f"game asked seat {seat} to {ask}")
        if not self.has(d["seat"], sid):
            self.broken(f.version, "skill", f"seat {d['seat']} used {sid}, a skill it does "
                        "not have")
        cards = list(d.get("cards") or [])
        if len(cards) != 1:
            self.broken(f.version, "conversion", f"{sid} makes one card of one card, the "
                        f"record says {labels(cards)}")
            raise Desync
        nxt = self.facts[self.i] if self.i < len(self.facts) else None
        if nxt is None or nxt.type not in ("CardUsed", "Responded") or \
                list(nxt.data.get("cards") or []) != cards:
            self.broken(f.version, "conversion", f"{sid} names {labels(cards)}, but no "
                        "card of it is used or played next")
            raise Desync
        self.uses[(seat, sid)] = self.uses.get((seat, sid), 0) + 1
        self.converting = (f, sid, cards[0])

    def made(self, f: Fact, seat: int, cards: list[int], wanted: str, use: bool
             ) -> str | None:
        conv, self.converting = self.converting, None
        if conv is None:
            return None
        sf, sid, card = conv
        choice = sf.data.get("choice")
        fits = [c for c in CONVERSIONS[sid] if c.to == wanted and (c.use if use else c.respond)
                and (c.own_turn or self.current != seat)]
        if not fits:
            how = "used" if use else "played"
            self.broken(sf.version, "conversion", f"{sid} makes no {wanted} to be {how} "
                        "here" + ("" if all(c.own_turn for c in CONVERSIONS[sid])
                                  else " (only outside its owner's turn)"))
            return "he"
        if choice not in (None, wanted):
            self.broken(sf.version, "conversion", f"{sid}'s card is recorded as {choice!r}, "
                        f"but a {wanted} is made")
        conv_ = fits[0]
        if not conv_.fits(card) or name(card) == wanted:
            self.broken(sf.version, "conversion", f"{sid} cannot make {label(card)} a "
                        f"{wanted}")
        return conv_.zones

    # --- judgments ------------------------------------------------------------------------------
    def holds_for(self, reason: str, card: int) -> bool:
        rule = JUDGMENTS.get(reason)
        return super().holds_for(reason, card) if rule is None else rule(card)

    def judge_open(self, seat: int, reason: str, card: int) -> bool:
        """A judgment card in the open: retrials may replace it, then its result, then
        its owner's skills after a judgment, then the discard pile."""
        t = self.t
        t.flight.append(card)
        ctx: Ctx = {"j": seat, "r": reason, "card": card}
        self.point("retrial", [s for s in range(t.n) if t.alive[s]], ctx)
        final = ctx["card"]
        result = self.holds_for(reason, final)
        self.point("judged", [seat], ctx)
        self.settle()
        if final in t.flight:
            t.flight.remove(final)
            t.discard.append(final)
        self.judge_card = final
        return result

    # --- the lords' calls -----------------------------------------------------------------------
    def call(self, seat: int, wanted: str) -> bool | None:
        f = self.peek()
        if not self.skilled or f is None or f.type != "SkillUsed" or \
                f.data.get("seat") != seat or f.data.get("skill") not in CALLS:
            return None
        sid = f.data["skill"]
        self.i += 1
        if CALLS[sid][0] != wanted or not self.has(seat, sid):
            self.broken(f.version, "lord-skill", f"seat {seat} called {sid} when asked for a "
                        f"{wanted}: " + ("a lord skill it does not have" if not self.has(
                            seat, sid) else f"{sid} calls for a {CALLS[sid][0]}"))
            raise Desync
        self.uses[(seat, sid)] = self.uses.get((seat, sid), 0) + 1
        self.called_in = self.calling(f, seat, sid) is not None
        return self.called_in

    def calling(self, f: Fact, lord: int, sid: str) -> list[int] | None:
        """The kingdom asked in seat order after the lord; the cards of the first who
        plays one (None: nobody did)."""
        t = self.t
        wanted, kingdom = CALLS[sid]
        asked = [s for s in t.order_from(lord)[1:] if t.alive[s]
                 and self.kingdoms[s] == kingdom]
        if not asked:
            self.broken(f.version, "lord-skill", f"{sid} calls on the other {kingdom} "
                        "characters, and none is alive")
            raise Desync
        for s in asked:
            if not t.alive[s]:
                continue
            a = self.decide(s, sid)
            if a.type == "Responded":
                self.respond(a, s, sid)
                return list(a.data["cards"])
        return None

    # --- modifiers --------------------------------------------------------------------------------
    def gender(self, seat: int) -> str | None:
        return self.genders[seat] if seat < len(self.genders) else None

    def untargetable(self, seat: int, card: str) -> str | None:
        if self.has(seat, "kongcheng") and card in ("kill", "duel") and not self.t.hands[seat]:
            return "Kongcheng: no hand cards"
        if self.has(seat, "qianxun") and card in ("snatch", "indulgence"):
            return "Qianxun"
        return None

    def kill_unlimited(self, seat: int) -> bool:
        return super().kill_unlimited(seat) or self.has(seat, "paoxiao")

    def distance(self, a: int, b: int) -> int:
        d = self.t.distance(a, b)
        return max(1, d - 1) if self.has(a, "mashu") else d

    def trick_unlimited(self, seat: int) -> bool:
        return self.has(seat, "qicai")

    def double(self, user: int, card: str) -> bool:
        return self.has(user, "wushuang") and card in ("kill", "duel")

    def damage_bonus(self, user: int, card: str) -> int:
        return int(self.has(user, "luoyi") and bool(self.marks.get("luoyi"))
                   and self.current == user and card in ("kill", "duel"))

    def peach_bonus(self, helper: int, victim: int) -> int:
        return int(self.has(victim, "jiuyuan") and helper != victim
                   and self.kingdoms[helper] == "wu")

    def convertible(self, seat: int, wanted: str, use: bool) -> list[int]:
        """The seat's cards a skill of its makes ``wanted`` (to use, or to play)."""
        out: list[int] = []
        for sid in self.skills[seat] if self.skilled else ():
            for c in CONVERSIONS.get(sid, ()):
                if c.to != wanted or not (c.use if use else c.respond) or (
                        not c.own_turn and self.current == seat):
                    continue
                pool = self.t.hands[seat] + (self.t.equipment(seat) if "e" in c.zones else [])
                out += [x for x in pool if c.fits(x) and name(x) != wanted]
        return out

    def holds_peach(self, seat: int) -> bool:
        return super().holds_peach(seat) or bool(self.convertible(seat, "peach", use=False))

    def can_kill(self, seat: int) -> bool:
        return super().can_kill(seat) or bool(self.convertible(seat, "kill", use=True))

    def kill_reach(self, seat: int) -> list[int]:
        if not self.skilled:
            return super().kill_reach(seat)
        t = self.t
        return [s for s in range(t.n) if s != seat and t.alive[s]
                and self.distance(seat, s) <= t.reach(seat) and not self.untargetable(s, "kill")]

    def card_used(self, seat: int, used: str, real: bool) -> None:
        if self.skilled:
            self.point("card_used", [seat], {"u": seat, "name": used, "real": real})

    # --- facts the skills share ---------------------------------------------------------------
    def wounded(self, seat: int) -> bool:
        return self.t.alive[seat] and self.t.hp[seat] < self.t.max_hp[seat]

    def others(self, seat: int) -> list[int]:
        return [s for s in range(self.t.n) if s != seat and self.t.alive[s]]

    def male(self, seat: int) -> bool:
        return self.gender(seat) == "male"

    def heal_by(self, seat: int, reason: str) -> None:
        self.heal(seat, reason)

    def gain(self, seat: int, cards: list[int], zone: str, reason: str) -> None:
        """Cards taken into a hand from the open (``zone``: flight or discard)."""
        f = self.next("CardsGained", f"seat {seat} taking {labels(cards)} ({reason})")
        d = f.data
        self.expect(f, "", (seat, sorted(cards), zone, reason),
                    (d["seat"], sorted(d["cards"]), d["zone"], d["reason"]), reason,
                    f"{reason}: seat {seat} takes {labels(cards)} from the {zone}; the "
                    f"record says {d}")
        for c in cards:
            if c in self.t.flight:
                self.t.flight.remove(c)
            elif c in self.t.discard:
                self.t.discard.remove(c)
        self.t.hands[seat] += cards

    def discard_cost(self, f: Fact, seat: int, cards: list[int], areas: str, what: str
                     ) -> None:
        self.hold(f, seat, cards, f"discarded for {what}", areas)
        self.t.discard += cards

    def taken_blind(self, seat: int, source: int, reason: str) -> None:
        """A hand card taken unseen (Tuxi, Fanjian): any card of the source's hand."""
        f = self.next("CardTaken", f"seat {seat} taking a hand card of seat {source} "
                      f"({reason})")
        d = f.data
        card = d["card"]
        if (d["seat"], d["source"], d["area"], d["reason"]) != (seat, source, "hand", reason) \
                or card not in self.t.hands[source]:
            self.broken(f.version, reason, f"{reason}: seat {seat} takes a hand card of seat "
                        f"{source}; the record says {d}")
            raise Desync
        self.t.hands[source].remove(card)
        self.t.hands[seat].append(card)
        self.taken = card


def skill(sid: str, point: str, can: Callable[[SkillWalk, int, Ctx], bool] | None = None,
          per_point: bool = False) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a triggered skill's effect (``can`` defaults to always)."""

    def wrap(effect: Callable[..., Any]) -> Callable[..., Any]:
        TRIGGERED[sid] = Triggered(point, can or (lambda w, s, c: True), effect, per_point)
        return effect

    return wrap


def active(sid: str, limit: int | None = None
           ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def wrap(effect: Callable[..., Any]) -> Callable[..., Any]:
        ACTIVE[sid] = Active(limit, effect)
        return effect

    return wrap
