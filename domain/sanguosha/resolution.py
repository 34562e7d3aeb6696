"""The resolution state machine: what happens next, decided from state alone.

Why it exists: a card's effect spans many decisions (a Kill asks for a Dodge, a Dodge may
be followed by a Blade Kill, a damage may open a dying rescue...). The pending effects are
kept as a stack of small *frames* (plain dicts) in the aggregate's state. After every event,
the event body calls ``_settle()``, which advances the top frame deterministically until
either

* a seat must decide: the frame gets ``w`` (waiting seat) and ``a`` (the ask), or
* a *fact* must happen (draw, judgment, damage, death...): ``self.due`` describes it and the
  command-side driver records it as an event (drawing may first need a recorded reshuffle,
  the only chance involved).

Because ``_settle`` is a pure function of state it runs identically on replay. A due may
carry ``then``: the stage its frame moves to when the fact lands (``_landed``).

Frame keys: ``k`` kind, ``w`` waiting seat, ``a`` ask, ``st`` stage, ``u`` user, ``cs`` the
cards used, ``t`` targets, ``i`` current target index, ``ans`` the last answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.sanguosha.cards import (
    AMAZING_GRACE,
    ARMOR,
    ARROWS,
    AXE,
    BARBARIANS,
    BLADE,
    COLLATERAL,
    DISMANTLEMENT,
    DOUBLE_SWORDS,
    DUEL,
    EX_NIHILO,
    ICE_SWORD,
    INDULGENCE,
    KILL,
    KILLS,
    KYLIN_BOW,
    NAME,
    NULLIFICATIONS,
    PEACH,
    PEACH_GARDEN,
    PEACHES,
    QINGGANG,
    RENWANG_SHIELD,
    SNATCH,
    SPEAR,
    WEAPON,
    color,
)
from domain.sanguosha.conversions import as_cards
from domain.sanguosha.distance import in_range, order_from
from domain.sanguosha.plays import kill_targets
from domain.sanguosha.skill import SKILLS, Point
from domain.sanguosha.zones import has_cards, horses_of

Frame = dict[str, Any]

#: per-target scratch keys of a Kill frame, cleared when it moves to the next target
_KILL_SCRATCH = ("ig", "et", "ice", "ky", "left", "pf", "pa", "ans",
                 "tg", "ts", "nd", "d1", "called")


class Resolution:
    """Mixin of the engine aggregate: frame steps, run only from event bodies."""

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

        def mod(self, seat: int, key: str) -> Any: ...
        def _point(self, point: Point, seats: list[int], ctx: dict[str, Any]) -> bool: ...
        def _point_once(self, point: Point, seat: int) -> bool: ...
        def _watch(self) -> bool: ...
        def holds(self, seat: int, name: str) -> bool: ...

    def on_death(self, victim: int, killer: int | None) -> list[dict[str, Any]]:
        raise NotImplementedError

    def check_victory(self) -> dict[str, Any] | None:
        raise NotImplementedError

    def gender(self, seat: int) -> str | None:
        return None

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
            if f["w"] is not None:
                return
            step = _STEPS.get(f["k"])
            if step is None:
                self._step_mode(f)
            else:
                step(self, f)

    def _step_mode(self, f: Frame) -> None:
        """Frames only a mode knows (e.g. the bonuses after showing generals)."""
        raise AssertionError(f"unknown frame {f['k']!r}")

    def _landed(self) -> None:
        """A due fact was recorded: clear it and move its frame on."""
        d = self.due
        if d is None:
            return
        self.due = None
        then = d.get("then")
        if then is not None:
            top = self.stack[-1]
            if then == "todo":
                top["todo"].pop(0)
            else:
                top["st"] = then

    def _answer(self, value: bool) -> None:
        top = self.stack[-1]
        top["ans"] = value
        top["w"] = None

    @staticmethod
    def _ask(f: Frame, seat: int, ask: str) -> None:
        f["w"] = seat
        f["a"] = ask

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
        return any(alive[s] and not NULLIFICATIONS.isdisjoint(h) for s, h in enumerate(self.hands))

    def _can_kill(self, seat: int) -> bool:
        hand = self.hands[seat]
        if self.skilled and as_cards(self, seat, KILL, use=True):
            return True
        return not KILLS.isdisjoint(hand) or (self._weapon(seat) == SPEAR and len(hand) >= 2)

    def _finish(self, f: Frame) -> None:
        """A card's use is over: pop it; its cards (and leftovers) go to the discard pile."""
        self.stack.pop()
        fl = self.flight
        for c in f["cs"] + f.get("rev", []):
            if c in fl:
                fl.remove(c)
                self.discard.append(c)

    def _window(self, f: Frame, trick: str, target: int) -> bool | None:
        """Open a Nullification window on ``trick``'s effect on ``target``.

        Returns None while it is open (the frame is re-entered once it closes), else
        whether the effect was nullified. Nobody holding a Nullification: no window.
        """
        if "nul" in f:
            return bool(f.pop("nul"))
        if f.get("nonul"):  # Lijian's Duel cannot be nullified
            return False
        if not self._any_nullifier():
            return False
        self.stack.append({"k": "nul", "w": None, "a": "nullify", "trick": trick,
                           "tgt": target, "n": False, "passed": []})
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
            for card in reversed(self.judging[cur]):
                if card not in self.judged:
                    self.judged.append(card)
                    self.stack.append({"k": "delayed", "w": None, "a": None, "card": card,
                                       "o": cur, "st": "start"})
                    return
            self.phase = "draw"
        elif ph == "draw":
            if self.skilled:
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
            if self.skip_play:
                self.due = {"k": "phase", "seat": cur, "phase": "discard", "skipped": "play"}
            else:
                self.stack.append({"k": "play", "w": cur, "a": "play"})
        elif ph == "discard":
            if self.skilled:
                if self._point_once(Point.DISCARD, cur):
                    return
                if self.marks.get("skip_discard"):
                    self.phase = "end"
                    return
            excess = len(self.hands[cur]) - self.hp[cur]
            if excess > 0:
                self.stack.append({"k": "discard", "w": cur, "a": "discard", "n": excess})
            else:
                self.due = {"k": "turn_end", "seat": cur}
        else:
            if self.skilled and self._point_once(Point.END, cur):
                return
            self.due = {"k": "turn_end", "seat": cur}

    # --- steps by frame kind ------------------------------------------------------------
    def _step_nul(self, f: Frame) -> None:
        passed, hands, alive = f["passed"], self.hands, self.alive
        everyone = self._ask_everyone
        for s in order_from(self.current, self.n):
            if alive[s] and s not in passed and (
                    everyone or not NULLIFICATIONS.isdisjoint(hands[s])):
                f["w"] = s
                f["a"] = "nullify"
                return
        self.stack.pop()
        self.stack[-1]["nul"] = f["n"]

    def _step_kill(self, f: Frame) -> None:
        st, u = f["st"], f["u"]
        if st == "start":
            if f["i"] >= len(f["t"]):
                return self._finish(f)
            tg = f["t"][f["i"]]
            if not self.alive[tg]:
                f["i"] += 1
                return None
            if self.skilled:
                # the target's skills (Liuli may pass the Kill on), then the user's (Tieqi)
                if "tg" not in f:
                    f["tg"] = True
                    if self._point(Point.TARGETED, [tg], {"u": u, "tg": tg}):
                        return None
                    tg = f["t"][f["i"]]
                if "ts" not in f:
                    f["ts"] = True
                    if self._point(Point.KILL_TARGET, [u], {"u": u, "tg": tg}):
                        return None
                tg = f["t"][f["i"]]
            weapon = self._weapon(u)
            f["ig"] = weapon == QINGGANG
            # rules 1 let the Renwang Shield cancel the Kill before Double Swords; from
            # rules 2 Double Swords triggers on targeting, first (FreeKill, QSanguosha)
            if self.rules < 2 and self._shield_blocks(f, tg):
                return None
            g_u, g_t = self.gender(u), self.gender(tg)
            if weapon == DOUBLE_SWORDS and g_u and g_t and g_u != g_t:
                f["st"] = "ds"
                self._ask(f, tg, "double_swords")
                return None
            st = "shield"
        tg = f["t"][f["i"]]
        if st == "ds":
            if f.pop("ans"):
                st = "shield"
            else:
                self.due = {"k": "draw", "seat": u, "n": 1, "reason": "double_swords",
                            "then": "shield"}
                return None
        if st == "shield":
            if self.rules >= 2 and self._shield_blocks(f, tg):
                return None
            st = "dodge_ask"
        if st == "dodge_ask":
            if f.get("nd"):  # Tieqi: no Dodge against this Kill
                f["st"] = "hit"
                return None
            f["st"] = "dodge"
            f["et"] = False
            self._ask(f, tg, "dodge")
        elif st == "dodge":
            if f.pop("ans"):
                if self._double(u, KILL) and not f.get("d1"):  # Wushuang: a second Dodge
                    f["d1"] = True
                    f["et"] = False
                    f.pop("called", None)
                    self._ask(f, tg, "dodge")
                    return None
                weapon = self._weapon(u)
                alive = self.alive[u] and self.alive[tg]
                if weapon == BLADE and alive and self._can_kill(u):
                    f["st"] = "blade"
                    self._ask(f, u, "blade")
                elif weapon == AXE and alive and len(self._axe_cards(u)) >= 2:
                    f["st"] = "axe"
                    self._ask(f, u, "axe")
                else:
                    f["st"] = "next"
            else:
                f["st"] = "hit"
        elif st == "blade":
            f.pop("ans")
            f["st"] = "next"
        elif st == "axe":
            f["st"] = "hit" if f.pop("ans") else "next"
        elif st == "hit":
            weapon = self._weapon(u)
            if weapon == ICE_SWORD and not f.get("ice") and has_cards(self, tg, "he"):
                f["ice"] = True
                f["st"] = "ice"
                self._ask(f, u, "ice_sword")
            elif weapon == KYLIN_BOW and not f.get("ky") and horses_of(self, tg):
                f["ky"] = True
                f["st"] = "kylin"
                self._ask(f, u, "kylin")
            else:
                self.due = {"k": "damage", "seat": tg, "source": u,
                            "n": 1 + self._damage_bonus(u, f), "cards": f["cs"],
                            "reason": KILL, "then": "next"}
        elif st == "kylin":
            f.pop("ans")
            f["st"] = "hit"
        elif st == "ice":
            if f.pop("ans"):
                f["st"] = "ice_pick"
                f["left"] = 2
            else:
                f["st"] = "hit"
        elif st == "ice_pick":
            if f.pop("ans", None) is not None:
                f["left"] -= 1
            if f["left"] > 0 and self.alive[tg] and has_cards(self, tg, "he"):
                f["pf"], f["pa"] = tg, "he"
                self._ask(f, u, "pick")
            else:
                f["st"] = "next"
        elif st == "next":
            f["i"] += 1
            f["st"] = "start"
            for key in _KILL_SCRATCH:
                f.pop(key, None)
        return None

    def _double(self, user: int, name: str) -> bool:
        """Wushuang: the user's card needs two answers."""
        double = self.mod(user, "double")
        return double is not None and name in double

    def _damage_bonus(self, source: int, f: Frame) -> int:
        bonus = self.mod(source, "damage_bonus")
        return 0 if bonus is None else int(bonus(self, source, f))

    def _shield_blocks(self, f: Frame, tg: int) -> bool:
        """A black Kill on a Renwang Shield (not ignored by the Qinggang Sword) has no
        effect on that target: record it and move on to the next target."""
        armor = self._armor(tg)
        if (armor is not None and NAME[armor] == RENWANG_SHIELD and not f["ig"]
                and color(f["cs"]) == "black"):
            self.due = {"k": "blocked", "seat": tg, "source": f["u"], "armor": armor,
                        "then": "next"}
            return True
        return False

    def _axe_cards(self, seat: int) -> list[int]:
        axe = self.equip[seat][WEAPON]
        return self.hands[seat] + [c for c in self.equip[seat] if c is not None and c != axe]

    def _step_duel(self, f: Frame) -> None:
        st, u, tg = f["st"], f["u"], f["t"][0]
        if st == "start":
            if not (self.alive[tg] and self.alive[u]):
                return self._finish(f)
            r = self._window(f, DUEL, tg)
            if r is None:
                return None
            if r:
                return self._finish(f)
            f["turn"] = tg
            st = "ask"
        if st == "ask":
            f["st"] = "resp"
            self._ask(f, f["turn"], "kill")
        elif st == "resp":
            other = u if f["turn"] == tg else tg
            if f.pop("ans"):
                if self._double(other, DUEL) and not f.get("k1"):  # Wushuang: two Kills
                    f["k1"] = True
                    f.pop("called", None)
                    self._ask(f, f["turn"], "kill")
                    return None
                f.pop("k1", None)
                f.pop("called", None)
                f["turn"] = other
                f["st"] = "ask"
            else:
                n = 1 + (self._damage_bonus(other, f) if other == u else 0)
                self.due = {"k": "damage", "seat": f["turn"], "source": other, "n": n,
                            "cards": f["cs"], "reason": DUEL, "then": "done"}
        else:
            self._finish(f)
        return None

    def _step_aoe(self, f: Frame) -> None:
        st = f["st"]
        if st == "start":
            if f["i"] >= len(f["t"]):
                return self._finish(f)
            tg = f["t"][f["i"]]
            if not self.alive[tg]:
                f["i"] += 1
                return None
            name = f["k"]
            r = self._window(f, name, tg)
            if r is None:
                return None
            if r:
                f["i"] += 1
                return None
            f["st"] = "resp"
            f["et"] = False
            f["ig"] = False
            self._ask(f, tg, "kill" if name == BARBARIANS else "dodge")
        elif st == "resp":
            if f.pop("ans"):
                f["st"] = "next"
            else:
                self.due = {"k": "damage", "seat": f["t"][f["i"]], "source": f["u"], "n": 1,
                            "cards": f["cs"], "reason": f["k"], "then": "next"}
        else:
            f["i"] += 1
            f["st"] = "start"
        return None

    def _step_peach_garden(self, f: Frame) -> None:
        if f["st"] == "next":
            f["i"] += 1
            f["st"] = "start"
            return None
        if f["i"] >= len(f["t"]):
            return self._finish(f)
        tg = f["t"][f["i"]]
        if not self.alive[tg] or self.hp[tg] >= self.max_hp[tg]:
            f["i"] += 1
            return None
        r = self._window(f, PEACH_GARDEN, tg)
        if r is None:
            return None
        if r:
            f["i"] += 1
            return None
        self.due = {"k": "heal", "seat": tg, "n": 1, "reason": PEACH_GARDEN, "then": "next"}
        return None

    def _step_amazing_grace(self, f: Frame) -> None:
        st = f["st"]
        if st == "reveal":
            self.due = {"k": "reveal", "n": len(f["t"]), "reason": AMAZING_GRACE,
                        "then": "start"}
        elif st == "start":
            if f["i"] >= len(f["t"]) or not f["rev"]:
                return self._finish(f)
            tg = f["t"][f["i"]]
            if not self.alive[tg]:
                f["i"] += 1
                return None
            r = self._window(f, AMAZING_GRACE, tg)
            if r is None:
                return None
            if r:
                f["i"] += 1
                return None
            f["st"] = "pick"
            self._ask(f, tg, "grace")
        else:
            f.pop("ans", None)
            f["i"] += 1
            f["st"] = "start"
        return None

    def _step_ex_nihilo(self, f: Frame) -> None:
        if f["st"] == "start":
            r = self._window(f, EX_NIHILO, f["u"])
            if r is None:
                return None
            if r:
                return self._finish(f)
            self.due = {"k": "draw", "seat": f["u"], "n": 2, "reason": EX_NIHILO,
                        "then": "done"}
            return None
        return self._finish(f)

    def _step_peach(self, f: Frame) -> None:
        if f["st"] == "start":
            self.due = {"k": "heal", "seat": f["u"], "n": 1, "reason": PEACH, "then": "done"}
            return None
        return self._finish(f)

    def _step_take(self, f: Frame) -> None:
        """Dismantlement and Snatch: after the window, the user picks one of the target's
        cards from any area."""
        if f["st"] != "start":
            f.pop("ans", None)
            return self._finish(f)
        tg = f["t"][0]
        if not self.alive[tg] or not has_cards(self, tg, "hej"):
            return self._finish(f)
        r = self._window(f, f["k"], tg)
        if r is None:
            return None
        if r or not has_cards(self, tg, "hej"):
            return self._finish(f)
        f["st"] = "pick"
        f["pf"], f["pa"] = tg, "hej"
        self._ask(f, f["u"], "pick")
        return None

    def _step_collateral(self, f: Frame) -> None:
        st, u = f["st"], f["u"]
        holder, victim = f["t"]
        if st == "start":
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
                f["st"] = "resp"
                self._ask(f, holder, "collateral")
                return None
            st = "give"
        if st == "resp":
            if f.pop("ans"):
                return self._finish(f)
            st = "give"
        if st == "give":
            weapon = self.equip[holder][WEAPON]
            if weapon is None or not self.alive[u] or not self.alive[holder]:
                return self._finish(f)
            self.due = {"k": "give", "seat": u, "source": holder, "card": weapon,
                        "then": "done"}
            return None
        return self._finish(f)

    def _step_delayed(self, f: Frame) -> None:
        st, card, owner = f["st"], f["card"], f["o"]
        name = self.virtual.get(card) or NAME[card] if self.skilled else NAME[card]
        if st == "start":
            r = self._window(f, name, owner)
            if r is None:
                return None
            if not r:
                self.due = {"k": "judge", "seat": owner, "reason": name, "then": "judged"}
            elif name == INDULGENCE:
                self.judging[owner].remove(card)
                self.discard.append(card)
                self.stack.pop()
            else:
                self.due = {"k": "pass_lightning", "seat": owner, "card": card, "then": "done"}
        elif st == "judged":
            if name == INDULGENCE:
                self.judging[owner].remove(card)
                self.discard.append(card)
                if f["res"]:
                    self.skip_play = True
                self.stack.pop()
            elif f["res"]:
                self.judging[owner].remove(card)
                # with skills the Lightning stays on the table while it deals its damage,
                # so Jianxiong may take it (FreeKill, QSanguosha); discarded when done
                (self.flight if self.skilled else self.discard).append(card)
                self.due = {"k": "damage", "seat": owner, "source": None, "n": 3,
                            "cards": [card], "reason": name, "then": "done"}
            else:
                self.due = {"k": "pass_lightning", "seat": owner, "card": card, "then": "done"}
        else:
            if card in self.flight:
                self.flight.remove(card)
                self.discard.append(card)
            self.stack.pop()

    def _step_dying(self, f: Frame) -> None:
        st, v = f["st"], f["v"]
        if st == "enter":
            self.due = {"k": "dying", "seat": v, "source": f["src"], "then": "poll"}
            return
        f.pop("ans", None)
        if self.hp[v] >= 1:
            self.due = {"k": "rescued", "seat": v}
            return
        passed, hands, alive = f["passed"], self.hands, self.alive
        everyone = self._ask_everyone
        skilled = self.skilled
        for s in order_from(self.current, self.n):
            if alive[s] and s not in passed and (everyone or not PEACHES.isdisjoint(hands[s])
                                                 or (skilled and self.holds(s, PEACH))):
                self._ask(f, s, "peach")
                return
        self.due = {"k": "died", "seat": v, "source": f["src"]}

    def _step_after(self, f: Frame) -> None:
        """After a death: what the death shows (Kingdom Wars: the victim's generals), then
        the win check, then the mode's rewards and penalties one by one, so a death that
        ends the game pays neither (rules 2, as FreeKill). Rules 1 paid them first and
        checked the win last."""
        todo = f["todo"]
        if self.rules >= 2:
            if todo and todo[0]["k"] == "show":
                self.due = dict(todo[0], then="todo")
                return
            if not f.get("judged"):
                f["judged"] = True
                outcome = self.check_victory()
                if outcome is not None:
                    self.due = {"k": "end", "outcome": outcome}
                    return
        if todo:
            self.due = dict(todo[0], then="todo")
            return
        outcome = self.check_victory() if self.rules < 2 else None
        if outcome is not None:
            self.due = {"k": "end", "outcome": outcome}
        else:
            self.stack.pop()


    # --- the skill engine's frames --------------------------------------------------------
    def _step_trig(self, f: Frame) -> None:
        """A timing point: ask each queued owner whether to use its skill, in turn."""
        f.pop("ans", None)
        q = f["q"]
        while q:
            seat, sid = q.pop(0)
            if self.alive[seat] and SKILLS[sid].can(self, seat, f):
                f["cur"] = [seat, sid]
                self._ask(f, seat, "skill")
                return
        f.pop("cur", None)
        self.stack.pop()

    def _step_sk(self, f: Frame) -> None:
        step = SKILLS[f["s"]].step
        if step is None:
            self.stack.pop()
        else:
            step(self, f)

    def _step_judge(self, f: Frame) -> None:
        """A judgment card in the open: retrials, then its effect on the frame below,
        then the owner's after-judgment skills, then the discard pile."""
        st = f["st"]
        if st == "retrial":
            f["st"] = "effect"
            seats = [s for s in range(self.n) if self.alive[s]]
            self._point(Point.RETRIAL, seats, {"j": f["o"], "r": f["r"]})
            return
        if st == "effect":
            from domain.sanguosha.engine import _judge  # the one judgment rule

            card, reason = f["card"], f["r"]
            result = _judge(reason, card)
            parent = self.stack[-2]
            if reason == "eight_trigrams":
                if result:
                    parent["ans"] = True
                    parent["w"] = None
                else:
                    parent["et"] = True
            else:
                parent["res"] = result
                parent["jc"] = card
            f["st"] = "after"
            self._point(Point.JUDGED, [f["o"]], {"j": f["o"], "r": reason, "card": card})
            return
        card = f["card"]
        if card in self.flight:
            self.flight.remove(card)
            self.discard.append(card)
        self.stack.pop()

    def _frame(self, kind: str) -> Frame | None:
        """The nearest frame of a kind, from the top of the stack."""
        for g in reversed(self.stack):
            if g["k"] == kind:
                return g
        return None


_STEPS: dict[str, Any] = {
    "trig": Resolution._step_trig,
    "sk": Resolution._step_sk,
    "judge": Resolution._step_judge,
    "nul": Resolution._step_nul,
    KILL: Resolution._step_kill,
    DUEL: Resolution._step_duel,
    BARBARIANS: Resolution._step_aoe,
    ARROWS: Resolution._step_aoe,
    PEACH_GARDEN: Resolution._step_peach_garden,
    AMAZING_GRACE: Resolution._step_amazing_grace,
    EX_NIHILO: Resolution._step_ex_nihilo,
    PEACH: Resolution._step_peach,
    DISMANTLEMENT: Resolution._step_take,
    SNATCH: Resolution._step_take,
    COLLATERAL: Resolution._step_collateral,
    "delayed": Resolution._step_delayed,
    "dying": Resolution._step_dying,
    "after": Resolution._step_after,
}

__all__ = ["Resolution", "Frame"]
