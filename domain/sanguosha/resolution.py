"""The resolution state machine: what happens next, decided from state alone.

Why it exists: a card's effect spans many decisions (a Kill asks for a Dodge, a Dodge may
be followed by a Blade Kill, a damage may open a dying rescue...). The pending effects are
kept as a stack of typed *frames* (``frames.py``) in the aggregate's state. After every
event, the event body calls ``_settle()``, which advances the top frame deterministically
until either

* a seat must decide: the frame ``wait``s on it with an ``ask``, or
* a *fact* must happen (draw, judgment, damage, death...): ``self.due`` describes it and the
  command-side driver records it as an event (drawing may first need a recorded reshuffle,
  the only chance involved).

Because ``_settle`` is a pure function of state it runs identically on replay. A due may
carry ``then``: the stage its frame moves to when the fact lands (``_landed``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.sanguosha import kw_cards
from domain.sanguosha.cards import (
    AMAZING_GRACE,
    ARMOR,
    ARROWS,
    BARBARIANS,
    COLLATERAL,
    DISMANTLEMENT,
    DUEL,
    EX_NIHILO,
    INDULGENCE,
    KILL,
    KILLS,
    NAME,
    NORMAL,
    NULLIFICATION,
    NULLIFICATIONS,
    PEACH,
    PEACH_GARDEN,
    PEACHES,
    SILVER_LION,
    SNATCH,
    SUIT,
    SUPPLY_SHORTAGE,
    THUNDER,
    VINE,
    WEAPON,
    WINES,
)
from domain.sanguosha.conversions import as_cards, multi_card
from domain.sanguosha.distance import in_range, order_from
from domain.sanguosha.frames import (
    AfterDeath,
    AreaUse,
    CardUse,
    CollateralUse,
    Damage,
    DamageStage,
    DelayedCheck,
    DelayedStage,
    DiscardPhase,
    DuelUse,
    Dying,
    DyingStage,
    ExNihiloUse,
    Frame,
    GraceUse,
    JudgeStage,
    Judgment,
    KillUse,
    NullifyWindow,
    Passing,
    PeachGardenUse,
    PeachUse,
    Pindian,
    Placing,
    PlayPhase,
    SkillEffect,
    Stage,
    TakeUse,
    Trigger,
)
from domain.sanguosha.judgment import as_heart, judge_result
from domain.sanguosha.plays import kill_targets
from domain.sanguosha.skill import JUDGE_KEEPS, SKILLS, Kind, Point
from domain.sanguosha.zones import has_cards


class Resolution:
    """Mixin of the engine aggregate: frame steps, run only from event bodies."""

    def _source_of(self, f: CardUse) -> int | None:
        """Who deals the damage of an area card: its user, unless another seat's skill
        makes it the source (``damage_source``: no source once that seat is dead)."""
        if self.skilled:
            for s in range(self.n):
                names = self.mods[s].get("damage_source")
                if s != f.user and names is not None and f.name in names:
                    return s if self.alive[s] else None
        return f.user

    # State lives on the engine aggregate. The annotations are for type checkers only:
    # at run time eventsourcing would read class annotations as constructor fields.
    if TYPE_CHECKING:
        n: int
        options: dict[str, Any]
        rules: int
        hands: list[list[int]]
        equip: list[list[int | None]]
        judging: list[list[int]]
        pile: list[int]
        discard: list[int]
        flight: list[int]
        hp: list[int]
        max_hp: list[int]
        alive: list[bool]
        current: int
        phase: str | None
        kills: int
        skip_play: bool
        judged: list[int]
        stack: list[Frame]
        due: dict[str, Any] | None
        outcome: dict[str, Any] | None
        skilled: bool
        skills: list[tuple[str, ...]]
        marks: dict[str, Any]
        virtual: dict[int, str]
        kw_deck: bool
        chained: list[bool]
        wounds: list[list[int]]
        mods: list[dict[str, Any]]

        def mod(self, seat: int, key: str) -> Any: ...
        def _point(self, point: Point, seats: list[int], ctx: dict[str, Any]) -> bool: ...
        def _point_once(self, point: Point, seat: int) -> bool: ...
        def _point_others_once(self, point: Point, seat: int) -> bool: ...
        def _watch(self) -> bool: ...
        def spent_skill(self, seat: int, sid: str) -> bool: ...
        def holds(self, seat: int, name: str) -> bool: ...
        def equip_mod(self, seat: int, key: str) -> Any: ...
        def equipment_skills(self, seat: int) -> list[Any]: ...
        def skill_shown(self, seat: int, sid: str) -> bool: ...
        def _cancel_can(self, seat: int, sid: str, f: Trigger) -> bool: ...

    def on_death(self, victim: int, killer: int | None) -> list[dict[str, Any]]:
        raise NotImplementedError

    def settle_death(self, victim: int, killer: int, alive: list[bool]) -> list[dict[str, Any]]:
        """A ``settle`` item of ``on_death`` (Kingdom Wars, rules 7): the reward or penalty
        read as it is paid. Modes without one owe nothing here."""
        return []

    def check_victory(self) -> dict[str, Any] | None:
        raise NotImplementedError

    def gender(self, seat: int) -> str | None:
        return None

    def spades_are_hearts(self, seat: int) -> bool:
        """Whether the seat's spades count as hearts (its judgments too: Hongyan)."""
        return self.skilled and bool(self.mod(seat, "spades_are_hearts"))

    def as_held(self, seat: int, card: int) -> int:
        """The card as its suit and colour count for the seat holding or using it: where
        the seat's spades count as hearts (Hongyan), a spade reads as the heart of its
        number (only suit and colour may be read from the result)."""
        # rules 5: everywhere; games of rules 4 read it in judgments and Tianxiang only
        return as_heart(card) if self.rules >= 5 and self.spades_are_hearts(seat) else card

    def suit_of(self, seat: int, card: int) -> str:
        """The card's suit as it counts for the seat holding or using it (Hongyan)."""
        return SUIT[self.as_held(seat, card)]

    # --- the loop ------------------------------------------------------------------
    def _settle(self) -> None:
        stack = self.stack
        while self.due is None and self.outcome is None:
            if self.skilled and self._watch():
                continue
            if not stack:
                self._turn_step()
                continue
            f = stack[-1]
            if f.waiting is not None:
                return
            step = _STEPS.get(type(f))
            if step is None:
                self._step_mode(f)
            else:
                step(self, f)

    def _step_mode(self, f: Frame) -> None:
        """Frames only a mode knows (e.g. the bonuses after showing generals)."""
        raise AssertionError(f"unknown frame {f.kind!r}")

    def _landed(self) -> None:
        """A due fact was recorded: clear it and move its frame on."""
        d = self.due
        if d is None:
            return
        self.due = None
        then = d.get("then")
        if then is not None:
            self.stack[-1].set_stage(then)

    def _answer(self, value: bool) -> None:
        self.stack[-1].release(value)

    # --- small queries ---------------------------------------------------------------
    def _weapon(self, seat: int) -> str | None:
        c = self.equip[seat][WEAPON]
        return None if c is None else NAME[c]

    def _armor(self, seat: int) -> int | None:
        return self.equip[seat][ARMOR]

    @property
    def _ask_everyone(self) -> bool:
        """Table option: every living seat answers Nullification and Peach windows, holder
        or not, so not even a window's existence tells that someone holds such a card."""
        return bool(self.options.get("ask_everyone"))

    def _any_nullifier(self) -> bool:
        if self._ask_everyone:
            return True
        alive = self.alive
        if any(alive[s] and not NULLIFICATIONS.isdisjoint(h) for s, h in enumerate(self.hands)):
            return True
        # a card a skill plays as a Nullification (Kanpo)
        return self.skilled and any(alive[s] and self.holds(s, NULLIFICATION)
                                    for s in range(self.n))

    def _can_kill(self, seat: int) -> bool:
        hand = self.hands[seat]
        if self.skilled and as_cards(self, seat, KILL, use=True):
            return True
        return not KILLS.isdisjoint(hand) or bool(multi_card(self, seat, KILL))

    def _finish(self, f: CardUse) -> None:
        """A card's use is over: pop it; its cards (and leftovers) go to the discard pile."""
        self.stack.pop()
        fl = self.flight
        for c in f.cards + f.revealed:
            if c in fl:
                fl.remove(c)
                self.discard.append(c)
        if self.skilled:
            real = len(f.cards) == 1 and NAME[f.cards[0]] == f.name
            self._point(Point.CARD_DONE, [s for s in range(self.n) if self.alive[s]],
                        {"u": f.user, "name": f.name, "cards": list(f.cards), "real": real})

    def _window(self, f: Any, trick: str, target: int) -> bool | None:
        """Open a Nullification window on ``trick``'s effect on ``target``.

        Returns None while it is open (the frame is re-entered once it closes), else
        whether the effect was nullified. Nobody holding a Nullification: no window.
        """
        if f.window is not None:
            result, f.window = f.window, None
            return result
        if f.unstoppable:  # Lijian's Duel
            return False
        if isinstance(f, CardUse) and target in f.spared:  # a Kingdom Nullification's "all"
            return True
        if not self._any_nullifier():
            return False
        self.stack.append(NullifyWindow(ask="nullify", trick=trick, target=target))
        return None

    # --- the turn (the stack is empty) ------------------------------------------------
    def _turn_step(self) -> None:
        ph = self.phase
        cur = self.current
        if ph is None:
            self.due = {"k": "turn"}
        elif ph == "start":  # only tables with skills stop here
            if not self._point_once(Point.START, cur):
                self.phase = "judgment"
        elif ph == "judgment":
            if self.skilled and not self.judged:
                if self._point_once(Point.JUDGE_PHASE, cur):
                    return
                if self.marks.get("skip_judgment"):
                    self.phase = "draw"
                    return
            for card in reversed(self.judging[cur]):
                if card not in self.judged:
                    self.judged.append(card)
                    self.stack.append(DelayedCheck(card=card, owner=cur))
                    return
            self.phase = "draw"
        elif ph == "draw":
            if self.skilled:
                if self.marks.get("skip_draw_phase"):  # skipped before it began (Shensu)
                    self.phase = "play"
                    return
                if self._point_once(Point.DRAW, cur):
                    return
                if self.marks.get("skip_draw"):
                    self.phase = "play"
                    return
                n = 2 + int(self.marks.get("draw_delta", 0))
                self.due = {"k": "draw", "seat": cur, "n": n, "reason": "draw_phase"}
                return
            self.due = {"k": "draw", "seat": cur, "n": 2, "reason": "draw_phase"}
        elif ph == "play":
            if self.skilled and not self.skip_play and self._point_once(Point.PLAY, cur):
                return
            if self.skip_play or self.marks.get("skip_play"):
                self.due = {"k": "phase", "seat": cur, "phase": "discard", "skipped": "play"}
            else:
                self.stack.append(PlayPhase(waiting=cur, ask="play"))
        elif ph == "discard":
            if self.skilled:
                if self._point_once(Point.DISCARD, cur):
                    return
                if self.marks.get("skip_discard"):
                    self.phase = "end"
                    return
            excess = len(self.hands[cur]) - max(self.hp[cur], 0)  # (Buqu: HP below 1)
            if excess > 0:
                self.stack.append(DiscardPhase(waiting=cur, ask="discard", count=excess))
            elif self.skilled and self.rules >= 5:
                self.phase = "end"  # nothing to discard: on to the end phase all the same
            else:
                self.due = {"k": "turn_end", "seat": cur}
        else:
            if self.skilled and (self._point_once(Point.END, cur)
                                 or self._point_others_once(Point.OTHER_END, cur)):
                return
            self.due = {"k": "turn_end", "seat": cur}

    # --- steps by frame kind ------------------------------------------------------------
    def _step_nul(self, f: NullifyWindow) -> None:
        passed, hands, alive = f.passed, self.hands, self.alive
        everyone = self._ask_everyone
        for s in order_from(self.current, self.n):
            if alive[s] and s not in passed and (
                    everyone or not NULLIFICATIONS.isdisjoint(hands[s])
                    or (self.skilled and self.holds(s, NULLIFICATION))):
                f.wait(s, "nullify")
                return
        self.stack.pop()
        below = self.stack[-1]
        assert isinstance(below, CardUse | DelayedCheck)
        below.window = f.nullified
        kw_cards.close_window(self, f, below)

    def _step_kill(self, f: KillUse) -> None:
        """Per target: its skills on becoming a target, the user's (skills, then weapon)
        on this target, the armor, the Dodge window, the weapon when dodged or on the
        hit, the damage."""
        st, u = f.stage, f.user
        if st == Stage.START:
            if f.index >= len(f.targets):
                return self._finish(f)
            tg = f.target
            if not self.alive[tg]:
                f.index += 1
                return None
            if self.skilled:
                # the target's skills (Liuli may pass the Kill on), then the user's (Tieqi)
                if not f.targeted:
                    f.targeted = True
                    if self._point(Point.TARGETED, [tg], {"u": u, "tg": tg}):
                        return None
                    tg = f.target
                if not f.specified:
                    f.specified = True
                    if self._point(Point.KILL_TARGET, [u], {"u": u, "tg": tg}):
                        return None
                tg = f.target
            f.ignore_armor = bool(self.equip_mod(u, "ignore_armor"))
            # rules 1 let the armor act before the weapon on targeting; from rules 2
            # Double Swords triggers on targeting, first (FreeKill, QSanguosha)
            if self.rules < 2 and self._at(Point.KILL_EFFECT, tg, f):
                return None
            f.stage = Stage.SHIELD
            if self._at(Point.KILL_TARGET, u, f):
                return None
            st = Stage.SHIELD
        tg = f.target
        if st == Stage.SHIELD:
            if self.rules >= 2 and self._at(Point.KILL_EFFECT, tg, f):
                return None
            if self.kw_deck and self._at(Point.CARD_EFFECT, tg, f):  # the Vine
                return None
            st = Stage.DODGE_ASK
        if st == Stage.DODGE_ASK:
            if f.no_dodge:  # Tieqi: no Dodge against this Kill
                f.stage = Stage.HIT
                return None
            f.stage = Stage.DODGE
            f.trigrams_tried = False
            f.wait(tg, "dodge")
        elif st == Stage.DODGE:
            if f.take_answer():
                if self._double(u, KILL) and not f.one_dodge:  # Wushuang: a second Dodge
                    f.one_dodge = True
                    f.trigrams_tried = False
                    f.called = False
                    f.wait(tg, "dodge")
                    return None
                f.stage = Stage.NEXT  # unless the weapon makes it hit (Axe)
                self._at(Point.DODGED, u, f)
                if self.skilled:  # the user's skills first (Mengjin): pushed last
                    self._point(Point.DODGED, [u], {"u": u, "tg": tg})
            else:
                f.stage = Stage.HIT
        elif st == Stage.HIT:
            if not f.hit_checked:
                f.hit_checked = True
                if self._at(Point.KILL_HIT, u, f):
                    return None
            self._deal(tg, u, 1 + self._damage_bonus(u, f) + f.drank, f.cards, KILL, "next",
                       nature=f.nature, ignore_armor=f.ignore_armor)
        elif st == Stage.NEXT:
            if f.hurt and not f.after_hit:
                f.after_hit = True
                if self._at(Point.KILL_DAMAGED, u, f):
                    return None
            f.next_target()
        return None

    def _at(self, point: Point, seat: int, f: Frame) -> bool:
        """The seat's equipment acting at a point, in place (equipment is compulsory):
        True when it took over (a question, or a fact due)."""
        for sk in self.equipment_skills(seat):
            if sk.point == point and sk.apply is not None and sk.apply(self, seat, f):
                return True
        return False

    def _deal(self, seat: int, source: int | None, n: int, cards: list[int], reason: str,
              then: str | None, nature: str = NORMAL, ignore_armor: bool = False) -> None:
        """Damage is due. At a table with skills it first goes through a ``Damage`` frame,
        where the source's and the victim's skills may change it before it is dealt.
        Fire and thunder damage (``nature``) exist only with the Kingdom Wars deck, whose
        tables always take the skill engine's paths."""
        if not self.skilled:
            self.due = {"k": "damage", "seat": seat, "source": source, "n": n,
                        "cards": list(cards), "reason": reason, "then": then}
            return
        self.stack.append(Damage(victim=seat, source=source, amount=n, cards=list(cards),
                                 reason=reason, then=then, nature=nature,
                                 ignore_armor=ignore_armor))

    def _step_damage(self, f: Damage) -> None:
        if f.stage == DamageStage.BEFORE:
            f.stage = DamageStage.DEAL
            ctx = {"v": f.victim, "src": f.source, "n": f.amount, "r": f.reason}
            pushed = self._point(Point.DAMAGE_INFLICTED, [f.victim], ctx)
            if f.source is not None:  # the source's skills first: pushed last
                pushed = self._point(Point.DAMAGE_CAUSED, [f.source], ctx) or pushed
            if pushed:
                return
        if f.stage == DamageStage.DEAL and not f.prevented and f.amount > 0:
            if self.kw_deck and not f.ignore_armor:
                f.amount = armored_damage(self.equip[f.victim][1], f.amount, f.nature)
            self.due = {"k": "damage", "seat": f.victim, "source": f.source, "n": f.amount,
                        "cards": list(f.cards), "reason": f.reason, "then": "done",
                        "nature": f.nature, "chain": f.chain}
            return
        if f.stage == DamageStage.DONE and f.spread:
            # the chained seats take the same damage in turn (QSanguosha: DamageComplete)
            f.stage = DamageStage.CHAIN
            f.queue = [s for s in order_from(self.current, self.n)
                       if s != f.victim and self.alive[s] and self.chained[s]]
        if f.stage == DamageStage.CHAIN:
            while f.queue:
                s = f.queue.pop(0)
                if self.alive[s] and self.chained[s]:
                    self.stack.append(Damage(victim=s, source=f.source, amount=f.dealt,
                                             cards=list(f.cards), reason=f.reason,
                                             nature=f.nature, chain=True))
                    return
        self.stack.pop()
        if f.then is not None:
            below = self.stack[-1]
            below.set_stage(f.then)
            if isinstance(below, KillUse) and f.dealt:
                below.hurt = True

    def _double(self, user: int, name: str) -> bool:
        """Wushuang: the user's card needs two answers."""
        double = self.mod(user, "double")
        return double is not None and name in double

    def _damage_bonus(self, source: int, f: CardUse) -> int:
        bonus = self.mod(source, "damage_bonus")
        return 0 if bonus is None else int(bonus(self, source, f))

    def _step_duel(self, f: DuelUse) -> None:
        st, u, tg = f.stage, f.user, f.targets[0]
        if st == Stage.START:
            if not (self.alive[tg] and self.alive[u]):
                return self._finish(f)
            r = self._window(f, DUEL, tg)
            if r is None:
                return None
            if r:
                return self._finish(f)
            f.turn = tg
            st = Stage.ASK
        if st == Stage.ASK:
            f.stage = Stage.RESP
            f.wait(f.turn, "kill")
        elif st == Stage.RESP:
            other = u if f.turn == tg else tg
            if f.take_answer():
                if self._double(other, DUEL) and not f.one_kill:  # Wushuang: two Kills
                    f.one_kill = True
                    f.called = False
                    f.wait(f.turn, "kill")
                    return None
                f.one_kill = f.called = False
                f.turn = other
                f.stage = Stage.ASK
            else:
                n = 1 + (self._damage_bonus(other, f) if other == u else 0)
                self._deal(f.turn, other, n, f.cards, DUEL, "done")
        else:
            self._finish(f)
        return None

    def _step_aoe(self, f: CardUse) -> None:
        st = f.stage
        if st == Stage.START:
            if f.index >= len(f.targets):
                return self._finish(f)
            tg = f.target
            if not self.alive[tg]:
                f.index += 1
                return None
            name = f.name
            if tg in f.spared:  # a Kingdom Nullification's "all": no effect, no window
                f.index += 1
                return None
            if self.kw_deck and f.window is None and self._at(Point.CARD_EFFECT, tg, f):
                return None  # the Vine: no effect, no window
            r = self._window(f, name, tg)
            if r is None:
                return None
            if r:
                f.index += 1
                return None
            f.stage = Stage.RESP
            f.trigrams_tried = False
            f.ignore_armor = False
            f.wait(tg, "kill" if name == BARBARIANS else "dodge")
        elif st == Stage.RESP:
            if f.take_answer():
                f.stage = Stage.NEXT
            else:
                self._deal(f.target, self._source_of(f), 1, f.cards, f.name, "next")
        else:
            f.index += 1
            f.stage = Stage.START
        return None

    def _affected(self, f: Any, trick: str, passed_over: bool = False) -> int | None:
        """The current target of a trick that takes its targets in turn, if the trick
        takes effect on it now; None when this step is spent: a dead (or ``passed_over``)
        target or a nullified one is skipped, or a Nullification window opened."""
        tg = f.target
        if passed_over or not self.alive[tg]:
            f.index += 1
            return None
        r = self._window(f, trick, tg)
        if r is None:
            return None
        if r:
            f.index += 1
            return None
        return tg

    def _step_peach_garden(self, f: CardUse) -> None:
        if f.stage == Stage.NEXT:
            f.index += 1
            f.stage = Stage.START
            return None
        if f.index >= len(f.targets):
            return self._finish(f)
        tg = self._affected(f, PEACH_GARDEN, self.hp[f.target] >= self.max_hp[f.target])
        if tg is not None:
            self.due = {"k": "heal", "seat": tg, "n": 1, "reason": PEACH_GARDEN,
                        "then": "next"}
        return None

    def _step_amazing_grace(self, f: CardUse) -> None:
        st = f.stage
        if st == Stage.REVEAL:
            self.due = {"k": "reveal", "n": len(f.targets), "reason": AMAZING_GRACE,
                        "then": "start"}
        elif st == Stage.START:
            if f.index >= len(f.targets) or not f.revealed:
                return self._finish(f)
            tg = self._affected(f, AMAZING_GRACE)
            if tg is not None:
                f.stage = Stage.PICK
                f.wait(tg, "grace")
        else:
            f.answer = None
            f.index += 1
            f.stage = Stage.START
        return None

    def _step_ex_nihilo(self, f: CardUse) -> None:
        if f.stage == Stage.START:
            r = self._window(f, EX_NIHILO, f.user)
            if r is None:
                return None
            if r:
                return self._finish(f)
            self.due = {"k": "draw", "seat": f.user, "n": 2, "reason": EX_NIHILO,
                        "then": "done"}
            return None
        return self._finish(f)

    def _step_peach(self, f: CardUse) -> None:
        if f.stage == Stage.START:
            self.due = {"k": "heal", "seat": f.user, "n": 1, "reason": PEACH, "then": "done"}
            return None
        return self._finish(f)

    def _step_take(self, f: CardUse) -> None:
        """Dismantlement and Snatch: after the window, the user picks one of the target's
        cards from any area."""
        if f.stage != Stage.START:
            f.answer = None
            return self._finish(f)
        tg = f.targets[0]
        if not self.alive[tg] or not has_cards(self, tg, "hej"):
            return self._finish(f)
        r = self._window(f, f.name, tg)
        if r is None:
            return None
        if r or not has_cards(self, tg, "hej"):
            return self._finish(f)
        f.stage = Stage.PICK
        f.pick_from, f.pick_areas = tg, "hej"
        f.wait(f.user, "pick")
        return None

    def _step_collateral(self, f: CardUse) -> None:
        st, u = f.stage, f.user
        holder, victim = f.targets
        if st == Stage.START:
            if not self.alive[holder] or self.equip[holder][WEAPON] is None:
                return self._finish(f)
            r = self._window(f, COLLATERAL, holder)
            if r is None:
                return None
            if r or self.equip[holder][WEAPON] is None:
                return self._finish(f)
            reach = (kill_targets(self, holder) if self.skilled
                     else in_range(holder, self.alive, self.equip))
            if self.alive[victim] and self._can_kill(holder) and victim in reach:
                f.stage = Stage.RESP
                f.wait(holder, "collateral")
                return None
            st = Stage.GIVE
        if st == Stage.RESP:
            if f.take_answer():
                return self._finish(f)
            st = Stage.GIVE
        if st == Stage.GIVE:
            weapon = self.equip[holder][WEAPON]
            if weapon is None or not self.alive[u] or not self.alive[holder]:
                return self._finish(f)
            self.due = {"k": "give", "seat": u, "source": holder, "card": weapon,
                        "then": "done"}
            return None
        return self._finish(f)

    def _step_delayed(self, f: DelayedCheck) -> None:
        st, card, owner = f.stage, f.card, f.owner
        name = self.virtual.get(card) or NAME[card] if self.skilled else NAME[card]
        if st == DelayedStage.START:
            r = self._window(f, name, owner)
            if r is None:
                return
            if not r:
                self.due = {"k": "judge", "seat": owner, "reason": name, "then": "judged"}
            elif name in (INDULGENCE, SUPPLY_SHORTAGE):
                self.judging[owner].remove(card)
                self.discard.append(card)
                self.stack.pop()
            else:
                self.due = {"k": "pass_lightning", "seat": owner, "card": card, "then": "done"}
        elif st == DelayedStage.JUDGED:
            if name in (INDULGENCE, SUPPLY_SHORTAGE):
                self.judging[owner].remove(card)
                self.discard.append(card)
                if f.result and name == INDULGENCE:
                    self.skip_play = True
                elif f.result:
                    self.marks["skip_draw"] = True
                self.stack.pop()
            elif f.result:
                self.judging[owner].remove(card)
                # with skills the Lightning stays on the table while it deals its damage,
                # so Jianxiong may take it (FreeKill, QSanguosha); discarded when done
                (self.flight if self.skilled else self.discard).append(card)
                # the Kingdom Wars deck's Lightning deals thunder damage (QSanguosha)
                self._deal(owner, None, 3, [card], name, "done",
                           nature=THUNDER if self.kw_deck else NORMAL)
            else:
                self.due = {"k": "pass_lightning", "seat": owner, "card": card, "then": "done"}
        else:
            if card in self.flight:
                self.flight.remove(card)
                self.discard.append(card)
            self.stack.pop()

    def _step_placing(self, f: Placing) -> None:
        """Rules 7: its target's owner declined to show the general whose skill would
        cancel it: the delayed trick lands in the judgment area (a target dead meanwhile
        has none: the card goes to the discard pile)."""
        self.stack.pop()
        self.flight.remove(f.card)
        if not self.alive[f.target]:
            self.discard.append(f.card)
            return
        self.judging[f.target].append(f.card)
        if f.name != NAME[f.card]:
            self.virtual[f.card] = f.name

    def _step_passing(self, f: Passing) -> None:
        """Rules 8: the owner of the seat a Lightning passed to showed the general whose
        skill cancels it there: it passes on from that seat (declined, it stays)."""
        self.stack.pop()
        if f.shown and f.card in self.judging[f.seat]:
            self.due = {"k": "pass_lightning", "seat": f.seat, "card": f.card}

    def _step_dying(self, f: Dying) -> None:
        v = f.victim
        if f.stage == DyingStage.ENTER:
            if self.skilled and self._survives(v):  # Buqu's wounds all differ
                self.stack.pop()
                return
            self.due = {"k": "dying", "seat": v, "source": f.source, "then": "poll"}
            return
        f.answer = None
        if self.hp[v] >= 1:
            self.due = {"k": "rescued", "seat": v}
            return
        passed, hands, alive = f.passed, self.hands, self.alive
        everyone = self._ask_everyone
        skilled = self.skilled
        for s in order_from(self.current, self.n):
            if skilled and not everyone and self._peach_barred(s, v):
                continue
            if alive[s] and s not in passed and (everyone or not PEACHES.isdisjoint(hands[s])
                                                 or (skilled and self.holds(s, PEACH))
                                                 or (s == v and not WINES.isdisjoint(hands[s]))):
                f.wait(s, "peach")
                return
        if skilled and self._survives(v):  # after the Peaches: the wounds now all differ
            self.due = {"k": "rescued", "seat": v}
            return
        self.due = {"k": "died", "seat": v, "source": f.source}

    def _survives(self, seat: int) -> bool:
        """Whether a skill keeps the seat alive at 0 HP or less (``survives``: Buqu)."""
        rule = self.alive[seat] and self.mod(seat, "survives")
        return bool(rule and rule(self, seat))

    def _peach_barred(self, helper: int, victim: int) -> bool:
        """Whether a living seat's skill forbids the helper a Peach on the victim (Wansha)."""
        for o in range(self.n):
            rule = self.alive[o] and self.mod(o, "bars_peach")
            if rule and rule(self, o, helper, victim):
                return True
        return False

    def _step_after(self, f: AfterDeath) -> None:
        """After a death: what the death shows (Kingdom Wars: the victim's generals), then
        the win check, then the mode's rewards and penalties one by one, so a death that
        ends the game pays neither (rules 2, as FreeKill). Rules 1 paid them first and
        checked the win last."""
        todo = f.todo
        while self.rules >= 6 and todo and todo[0]["k"] in ("reward", "penalty") and \
                not self.alive[todo[0]["seat"]]:
            todo.pop(0)  # a killer dead since (Suishi): nothing to pay (rules 6)
        if self.rules >= 2:
            if todo and todo[0]["k"] == "show":
                self.due = dict(todo[0], then="todo")
                return
            if not f.judged:
                f.judged = True
                outcome = self.check_victory()
                if outcome is not None:
                    self.due = {"k": "end", "outcome": outcome}
                    return
        if todo and todo[0]["k"] == "settle":  # rules 7: the killer's side as it is paid
            d = todo.pop(0)
            todo[:0] = self.settle_death(d["victim"], d["seat"], d["alive"])
        if todo:
            self.due = dict(todo[0], then="todo")
            return
        outcome = self.check_victory() if self.rules < 2 else None
        if outcome is not None:
            self.due = {"k": "end", "outcome": outcome}
        else:
            self.stack.pop()

    # --- the skill engine's frames --------------------------------------------------------
    def _step_trig(self, f: Trigger) -> None:
        """A timing point: ask each queued owner whether to use its skill, in turn."""
        f.answer = None
        q = f.queue
        while q:
            seat, sid = q.pop(0)
            sk = SKILLS[sid]
            if ((self.alive[seat] or f.point == Point.KILLED)
                    and not self.spent_skill(seat, sid) and self._still_held(seat, sid)
                    and (self._cancel_can(seat, sid, f) if f.point == Point.CANCEL.value
                         else sk.can(self, seat, f))):
                f.current = (seat, sid)
                if sk.kind == Kind.COMPULSORY and self.skill_shown(seat, sid):
                    self.due = {"k": "skill", "seat": seat, "skill": sid}
                else:  # optional, or a hidden general's compulsory skill: show it?
                    f.wait(seat, "skill")
                return
        f.current = None
        self.stack.pop()

    def _still_held(self, seat: int, sid: str) -> bool:
        """Rules 6: a skill the seat lost since its trigger was queued (Duanchang) is not
        asked; under rules 5 and before it still acted once."""
        return self.rules < 6 or sid in self.skills[seat]

    def _step_sk(self, f: SkillEffect) -> None:
        step = SKILLS[f.skill].step
        if step is None:
            self.stack.pop()
        else:
            step(self, f)

    def _step_judge(self, f: Judgment) -> None:
        """A judgment card in the open: retrials, then its effect on the frame below,
        then the owner's after-judgment skills, then the discard pile."""
        if f.stage == JudgeStage.RETRIAL:
            f.stage = JudgeStage.EFFECT
            seats = [s for s in range(self.n) if self.alive[s]]
            self._point(Point.RETRIAL, seats, {"j": f.owner, "r": f.reason})
            return
        if f.stage == JudgeStage.EFFECT:
            card, reason = f.card, f.reason
            result = judge_result(reason, card, self.spades_are_hearts(f.owner))
            parent = self.stack[-2]
            if reason == "eight_trigrams":
                assert isinstance(parent, CardUse)
                if result:
                    parent.release(True)
                else:
                    parent.trigrams_tried = True
            else:
                assert isinstance(parent, DelayedCheck | SkillEffect)
                parent.result = result
                parent.judge_card = card
            f.stage = JudgeStage.AFTER
            self._point(Point.JUDGED, [f.owner], {"j": f.owner, "r": reason, "card": card})
            return
        card = f.card
        keep = f.reason in JUDGE_KEEPS and judge_result(f.reason, card)
        if card in self.flight and not keep:
            self.flight.remove(card)
            self.discard.append(card)
        self.stack.pop()

    def _frame(self, kind: type[Frame]) -> Any:
        """The nearest frame of a kind, from the top of the stack."""
        for g in reversed(self.stack):
            if isinstance(g, kind):
                return g
        return None


_STEPS: dict[type, Any] = {
    NullifyWindow: Resolution._step_nul,
    KillUse: Resolution._step_kill,
    DuelUse: Resolution._step_duel,
    AreaUse: Resolution._step_aoe,
    PeachGardenUse: Resolution._step_peach_garden,
    GraceUse: Resolution._step_amazing_grace,
    ExNihiloUse: Resolution._step_ex_nihilo,
    PeachUse: Resolution._step_peach,
    TakeUse: Resolution._step_take,
    CollateralUse: Resolution._step_collateral,
    DelayedCheck: Resolution._step_delayed,
    Placing: Resolution._step_placing,
    Passing: Resolution._step_passing,
    Dying: Resolution._step_dying,
    AfterDeath: Resolution._step_after,
    Trigger: Resolution._step_trig,
    SkillEffect: Resolution._step_sk,
    Pindian: Resolution._step_sk,
    Judgment: Resolution._step_judge,
    Damage: Resolution._step_damage,
}
#: the frame class of each card's effect
_USE_CLASS: dict[str, type[CardUse]] = {
    KILL: KillUse, DUEL: DuelUse, BARBARIANS: AreaUse, ARROWS: AreaUse,
    PEACH_GARDEN: PeachGardenUse, AMAZING_GRACE: GraceUse, EX_NIHILO: ExNihiloUse,
    PEACH: PeachUse, DISMANTLEMENT: TakeUse, SNATCH: TakeUse, COLLATERAL: CollateralUse,
}


def armored_damage(armor: int | None, amount: int, nature: str) -> int:
    """What the victim's armor makes of a damage (Kingdom Wars deck): the Vine adds 1 to
    fire damage, the Silver Lion caps any damage at 1."""
    if armor is None:
        return amount
    name = NAME[armor]
    if name == VINE and nature == "fire":
        return amount + 1
    if name == SILVER_LION and amount > 1:
        return 1
    return amount


# the Kingdom Wars deck's own cards
_STEPS.update(kw_cards.STEPS)
_USE_CLASS.update(kw_cards.USE_CLASS)


def new_use(name: str, user: int, cards: list[int], targets: list[int]) -> CardUse:
    """The frame of a used card, of the class its effect needs."""
    return _USE_CLASS[name](name=name, user=user, cards=list(cards), targets=list(targets))


__all__ = ["Resolution", "Frame", "new_use"]
