"""The Sanguosha card game as a referee walks it: turns, phases, cards, damage, dying.

The referee reads a game's stored facts in order, the way a judge at the table follows
play. Each step of the rules says what must come next: a decision of one named seat (a
card used, a Dodge played, a decline...) or a consequence (a draw from the top of the
pile, a judgment, damage, a death). The decisions are taken from the record and checked
(the right seat, a card it holds, a legal target); every consequence is derived here and
compared with the record. Card effects are plain nested calls (a Kill asks for a Dodge,
damage opens a dying rescue, ...), not the engine's frame stack: a second implementation.

When the record leaves the rules' course (a fact the rules do not call for), the walk
names it and stops: what follows can no longer be placed. The mode (identity) supplies
the setup, what a death brings (rewards, the victory check) and the end.
"""

from __future__ import annotations

import contextlib
from typing import Any

from domain.audit import Fact, Recount
from domain.referee.sanguosha_table import (
    Table,
    colour,
    judgment_holds,
    label,
    labels,
    name,
    slot_of,
)
from domain.sanguosha.cards import DECK, KIND

#: what each question asks of a seat, in a referee's words
ASKS = {"play": "play a card or end its play phase", "discard": "discard down to its HP",
        "dodge": "answer a Kill or Arrow Barrage with a Dodge", "kill": "play a Kill",
        "nullify": "play a Nullification or let the trick be", "peach": "play a Peach on "
        "the dying seat", "blade": "use the Blade", "collateral": "Kill for the Collateral",
        "axe": "use the Axe", "ice_sword": "use the Ice Sword", "kylin": "use the Kylin Bow",
        "pick": "choose one of the target's cards", "grace": "take an Amazing Grace card",
        "double_swords": "discard a hand card or let the Double Swords' user draw",
        "skill": "use its skill or decline", "hujia": "play a Dodge for its lord",
        "jijiang": "play a Kill for its lord", "fankui": "take a card of its damage's source",
        "ganglie": "discard two hand cards or take 1 damage", "yiji": "hand out the cards "
        "it looked at", "luoshen": "judge again or stop", "guanxing": "arrange the cards "
        "it looked at", "fanjian": "name a suit"}

#: the facts that answer each question
ANSWERS = {
    "play": {"CardUsed", "PhaseChanged", "SkillUsed"}, "discard": {"CardsDiscarded"},
    "dodge": {"Responded", "Judged", "Declined"}, "kill": {"Responded", "Declined"},
    "nullify": {"Responded", "Declined"}, "peach": {"Responded", "Declined"},
    "blade": {"CardUsed", "Declined"}, "collateral": {"CardUsed", "Declined"},
    "axe": {"CardsDiscarded", "Declined"}, "ice_sword": {"Accepted", "Declined"},
    "kylin": {"CardsDiscarded", "Declined"}, "pick": {"CardsDiscarded", "CardTaken"},
    "grace": {"CardPicked"}, "double_swords": {"CardsDiscarded", "Declined"},
    "skill": {"SkillUsed", "Declined"}, "hujia": {"Responded", "Declined"},
    "jijiang": {"Responded", "Declined"}, "fankui": {"CardTaken"},
    "ganglie": {"CardsDiscarded", "Declined"}, "yiji": {"CardsGiven"},
    "luoshen": {"Accepted", "Declined"}, "guanxing": {"PileArranged"},
    "fanjian": {"SuitNamed"},
}
DECISIONS = frozenset().union(*ANSWERS.values(), {"SkillUsed"}) - {"PhaseChanged",
                                                                   "CardsDiscarded"}
#: the card a Responded fact must show for each question
RESPONSE = {"dodge": "dodge", "kill": "kill", "nullify": "nullification", "peach": "peach",
            "hujia": "dodge", "jijiang": "kill"}
#: a fact of these types out of place is named by its own rule
OWN_RULE = {"RewardDrawn": "reward", "PenaltyPaid": "penalty", "GameEnded": "game-end",
            "Died": "death", "Dying": "dying", "TurnStarted": "turn-order",
            "TurnEnded": "phase-order", "PhaseChanged": "phase-order",
            "PileReshuffled": "reshuffle"}
SELF_CARDS = frozenset({"peach", "ex_nihilo", "lightning"})
EVERYONE = frozenset({"peach_garden", "amazing_grace"})  # every living seat, from the user
OTHERS = frozenset({"barbarian_invasion", "arrow_barrage"})  # the others, from the next


class Desync(Exception):
    """The record left the rules' course; the violation is already named."""


class TurnOver(Exception):
    """The seat whose turn it is died: its turn ends at once."""


class GameOver(Exception):
    """The game's end was read."""


class Walk:
    """The walk over one game's facts; modes override the hooks at the end."""

    default_turn_cap = 2000

    def __init__(self, facts: list[Fact]) -> None:
        self.facts = facts
        self.i = 0
        self.recount = Recount()
        self.t = Table(0)
        self.current = -1
        self.turns = 0
        self.kills = 0  # Kills used in this play phase
        self.everyone = False  # every living seat is asked in Nullification/Peach windows
        self.turn_cap = self.default_turn_cap
        self.rules = 2  # the rules version the game records (1 before it recorded one)
        self.deaths: list[dict[str, Any]] = []
        self.ended = False
        # what skills change (``identity_skills.SkillWalk``); a game without skills keeps
        # these as they are
        self.skilled = False
        self.virtual: dict[int, str] = {}  # a card used as a delayed trick it is not
        self.in_play = False  # the current seat's play phase is on
        self.called_in = False  # the last lord's call brought the card asked for

    # --- reading the record ----------------------------------------------------------
    def broken(self, version: int | None, rule: str, message: str) -> None:
        self.recount.violation(version, rule, message)

    def peek(self) -> Fact | None:
        return self.facts[self.i] if self.i < len(self.facts) else None

    def next(self, types: str | set[str], what: str, rule: str | None = None) -> Fact:
        """The next fact, which the rules say is one of ``types`` (``what`` in words)."""
        wanted = {types} if isinstance(types, str) else types
        self.settle()
        f = self.peek()
        if f is None:
            raise Desync
        if f.type not in wanted:
            why = rule or OWN_RULE.get(f.type, "sequence")
            self.broken(f.version, why, f"{self.say(f)} came, but the rules call for {what}")
            raise Desync
        self.i += 1
        return f

    def say(self, f: Fact) -> str:
        seat = f.data.get("seat") if isinstance(f.data, dict) else None
        return f"{f.type}" + (f" of seat {seat}" if isinstance(seat, int) else "")

    def expect(self, f: Fact, figure: str, expected: Any, recorded: Any, rule: str,
               message: str, figure_check: bool = False) -> bool:
        """A recorded consequence compared with the rules' (a figure if asked for)."""
        if figure_check:
            self.recount.check(figure, expected, recorded, f.version)
        if expected != recorded:
            self.broken(f.version, rule, message)
            return False
        return True

    def decide(self, seat: int, ask: str) -> Fact:
        """The decision of the seat the rules ask; a decision by another is named. A card
        made by a skill (a conversion) is named first: it is read here, for the card's
        checks to find."""
        self.settle()
        self.conversion(seat, ask)
        came = self.peek()
        rule = None  # a decision of another kind: out of turn if another seat made it
        if came is not None and came.type in DECISIONS and came.data.get("seat") != seat:
            rule = "turn-order"
        f = self.next(ANSWERS[ask], f"seat {seat} to {ASKS[ask]}", rule)
        d = f.data
        decider = d["by"] if f.type == "CardsDiscarded" and d.get("by") is not None \
            and ask != "ganglie" else d["seat"]
        if decider != seat:
            self.broken(f.version, "turn-order", f"seat {decider} made the decision "
                        f"({f.type}), but the game asked seat {seat} to {ASKS[ask]}")
        if "ask" in d and d["ask"] != ask:
            self.broken(f.version, "turn-order", f"the record says seat {decider} answered "
                        f"{d['ask']!r}, but the question was {ask!r}")
        return f

    def hold(self, f: Fact, seat: int, cards: list[int], verb: str, areas: str = "h"
             ) -> None:
        """Each card must be in the seat's areas; then it leaves them."""
        if len(set(cards)) != len(cards):
            self.broken(f.version, "card-not-held", f"seat {seat} {verb} the same card twice")
        for c in cards:
            area = self.t.area_of(seat, c)
            if area is None or area[0] not in areas:
                where = {"h": "hand", "he": "hand or equipment"}.get(areas, "areas")
                self.broken(f.version, "card-not-held", f"seat {seat} {verb} {label(c)}, a "
                            f"card not in its {where}")
            self.t.take_from(seat, c)

    # --- the draw pile ---------------------------------------------------------------
    def take(self, n: int, what: str, rule: str | None = None) -> list[int]:
        """The top ``n`` cards the next fact must show: the discard pile is shuffled in
        under the pile when it runs short (a recorded order). Rules 2: when both piles
        together hold fewer than ``n`` the game ends in a draw (no shuffle recorded);
        rules 1: the draw comes up short (a judgment with no card fails)."""
        t = self.t
        if self.rules >= 2 and len(t.pile) + len(t.discard) < n:
            self.exhausted(n, what)
        if len(t.pile) < n and t.discard:
            f = self.next("PileReshuffled", f"the discard pile shuffled under the draw pile "
                          f"before {what}", rule)
            order = list(f.data["order"])
            self.expect(f, "reshuffle", sorted(t.discard), sorted(order), "reshuffle",
                        f"the reshuffled cards are not the discard pile's {len(t.discard)} "
                        f"cards ({len(order)} recorded)")
            t.pile += order
            t.discard = []
        elif self.peek() is not None and self.peek().type == "PileReshuffled":  # type: ignore[union-attr]
            f = self.next(set(), f"{what} ({len(t.pile)} cards in the draw pile, no "
                          "reshuffle due)", rule="reshuffle")
        return t.pile[:n]

    def finish(self, cards: list[int]) -> None:
        """A card's effect is over (what it set off first: see ``settle``)."""
        self.settle()
        self.t.finish(cards)

    def drawn(self, f: Fact, expected: list[int], recorded: list[int]) -> None:
        """Cards off the top of the pile: the record must show exactly those."""
        self.expect(f, "drawn", expected, list(recorded), "draw-pile",
                    f"{labels(list(recorded))} recorded, but the top of the draw pile was "
                    f"{labels(expected)}")
        del self.t.pile[:len(expected)]

    def draw(self, seat: int, n: int, reason: str) -> None:
        cards = self.take(n, f"seat {seat} drawing {n} ({reason})")
        f = self.next("CardsDrawn", f"seat {seat} to draw {n} ({reason})")
        self.expect(f, "", (seat, reason), (f.data["seat"], f.data["reason"]), "draw",
                    f"seat {f.data['seat']} drew for {f.data['reason']!r}, but seat {seat} "
                    f"draws {n} for {reason!r}")
        self.drawn(f, cards, f.data["cards"])
        self.t.hands[seat] += cards

    def judgment(self, seat: int, reason: str) -> bool:
        top = self.take(1, f"seat {seat}'s judgment ({reason})")
        card = top[0] if top else None
        f = self.next("Judged", f"seat {seat}'s judgment for {reason}")
        return self.judged(f, seat, reason, card)

    def judged(self, f: Fact, seat: int, reason: str, card: int | None) -> bool:
        """A judgment: the pile's top card, its result by the rules (no card: fails)."""
        d = f.data
        self.expect(f, "", (seat, reason), (d["seat"], d["reason"]), "judgment",
                    f"a judgment of seat {d['seat']} for {d['reason']!r}; the rules call for "
                    f"seat {seat}'s for {reason!r}")
        if card is None:
            self.expect(f, "", (None, False), (d["card"], d["result"]), "judgment",
                        "both piles are empty: the judgment has no card and fails")
            return False
        self.drawn(f, [card], [d["card"]])
        result = self.holds_for(reason, card)
        self.expect(f, "", result, d["result"], "judgment",
                    f"a judgment of {label(card)} for {reason} "
                    f"{'holds' if result else 'fails'}, the record says {d['result']}")
        if self.skilled:  # the card waits in the open: retrials, then after-judgment skills
            return self.judge_open(seat, reason, card)
        self.t.discard.append(card)
        return result

    def holds_for(self, reason: str, card: int) -> bool:
        return judgment_holds(reason, card)

    # --- hooks of the generals' skills (``identity_skills.SkillWalk`` fills them) --------
    def settle(self) -> None:
        """What the last fact set off by itself (a seat losing its last hand card...)."""

    def conversion(self, seat: int, ask: str) -> None:
        """A skill naming the card it makes, before the card's own fact."""

    def made(self, f: Fact, seat: int, cards: list[int], wanted: str, use: bool
             ) -> str | None:
        """The areas a card made by a skill comes from; None: no skill made it."""
        return None

    def active(self, f: Fact, seat: int) -> None:
        self.broken(f.version, "skill", f"seat {seat} used {f.data.get('skill')!r}, but "
                    "nobody at this table has a skill")
        raise Desync

    def point(self, point: str, seats: list[int], ctx: dict[str, Any]) -> Any:
        """A timing point: the skills of ``seats`` on it are asked (a truthy result: a
        skill changed what follows)."""
        return None

    def call(self, seat: int, wanted: str) -> bool | None:
        """A lord calling on its kingdom for the card asked of it (None: no call)."""
        return None

    def phase_begins(self, seat: int, phase: str) -> bool:
        """A phase's timing point; True: the phase is skipped."""
        return False

    def card_used(self, seat: int, used: str, real: bool) -> None:
        """A card used (or a Nullification played)."""

    def killed_in_play(self, seat: int) -> None:
        """A Kill used or played by the seat whose play phase it is."""

    def judge_open(self, seat: int, reason: str, card: int) -> bool:
        raise NotImplementedError

    def gender(self, seat: int) -> str | None:
        return None

    def untargetable(self, seat: int, card: str) -> str | None:
        """Why the seat cannot be chosen as the card's target (None: it can)."""
        return None

    def kill_unlimited(self, seat: int) -> bool:
        return self.t.weapon(seat) == "crossbow"

    def distance(self, a: int, b: int) -> int:
        return self.t.distance(a, b)

    def trick_unlimited(self, seat: int) -> bool:
        return False

    def double(self, user: int, card: str) -> bool:
        """Whether the user's card needs two answers."""
        return False

    def damage_bonus(self, user: int, card: str) -> int:
        return 0

    def peach_bonus(self, helper: int, victim: int) -> int:
        return 0

    def holds_peach(self, seat: int) -> bool:
        return self.t.holds(seat, "peach")

    def can_kill(self, seat: int) -> bool:
        return self.t.can_kill(seat)

    def kill_reach(self, seat: int) -> list[int]:
        return self.t.in_range(seat)

    # --- hooks of the mode -------------------------------------------------------------
    def exhausted(self, n: int, what: str) -> None:
        raise NotImplementedError

    def died(self, seat: int, killer: int | None, f: Fact) -> None:
        raise NotImplementedError

    def capped(self) -> None:
        raise NotImplementedError

    # --- the turns -------------------------------------------------------------------
    def next_seat(self) -> int:
        raise NotImplementedError

    def play_turns(self) -> None:
        while True:
            if self.turns >= self.turn_cap:
                self.capped()
            seat = self.next_seat()
            f = self.next("TurnStarted", f"seat {seat}'s turn {self.turns + 1}")
            self.expect(f, "", (seat, self.turns + 1), (f.data["seat"], f.data["turn"]),
                        "turn-order", f"turn {f.data['turn']} went to seat {f.data['seat']}, "
                        f"but turn {self.turns + 1} is seat {seat}'s")
            self.current, self.turns, self.kills = f.data["seat"], self.turns + 1, 0
            with contextlib.suppress(TurnOver):  # the seat on turn died: its turn is over
                self.turn(self.current)

    def turn(self, cur: int) -> None:
        self.phase_begins(cur, "start")
        skip_play = self.judgment_phase(cur)
        self.draw_phase(cur)
        if skip_play:
            f = self.next("PhaseChanged", f"seat {cur} skipping its play phase (Indulgence)")
            self.expect(f, "", (cur, "discard", "play"),
                        (f.data["seat"], f.data["phase"], f.data["skipped"]), "phase-order",
                        f"seat {cur}'s play phase is skipped (Indulgence), the record says "
                        f"{f.data}")
        else:
            self.in_play = True
            try:
                self.play_phase(cur)
            finally:
                self.in_play = False
        # rules 3 and 4 as played: the end phase (its skills) is reached through a discard
        # phase that discarded or was skipped; with nothing to discard the turn ends there.
        # Rules 5 reach it every turn, as the rulebook says.
        through = self.phase_begins(cur, "discard") or self.discard_phase(cur)
        if through or self.rules >= 5:
            self.phase_begins(cur, "end")
        f = self.next("TurnEnded", f"the end of seat {cur}'s turn", rule="phase-order")
        self.expect(f, "", cur, f.data["seat"], "turn-order",
                    f"seat {f.data['seat']}'s turn ended, but it was seat {cur}'s turn")

    def judgment_phase(self, cur: int) -> bool:
        """Delayed tricks, the last placed first; whether the play phase is skipped."""
        judged: list[int] = []
        skip = False
        while True:
            waiting = [c for c in reversed(self.t.judging[cur]) if c not in judged]
            if not waiting:
                return skip
            card = waiting[0]
            judged.append(card)
            trick = self.virtual.get(card) or name(card)
            if not self.window(trick, cur) and self.judgment(cur, trick):
                if trick == "indulgence":
                    skip = True
                else:  # with skills the Lightning stays in the open while it hurts
                    self.t.judging[cur].remove(card)
                    (self.t.flight if self.skilled else self.t.discard).append(card)
                    self.damage(cur, None, 3, [card], "lightning")
                    self.finish([card])
                    continue
            if trick == "indulgence":
                self.t.judging[cur].remove(card)
                self.t.discard.append(card)
            else:
                self.pass_lightning(cur, card)

    def pass_lightning(self, owner: int, card: int) -> None:
        to = next((s for s in self.t.order_from(owner)[1:] if self.t.alive[s] and not any(
            name(c) == "lightning" for c in self.t.judging[s])), owner)
        f = self.next("LightningPassed", f"the Lightning passing from seat {owner} to seat {to}")
        self.expect(f, "", (owner, to, card), (f.data["seat"], f.data["to"], f.data["card"]),
                    "lightning", f"the Lightning passes from seat {owner} to the next living "
                    f"seat without one, seat {to}; the record says {f.data['seat']} → "
                    f"{f.data['to']}")
        self.t.judging[owner].remove(card)
        self.t.judging[to].append(card)

    def play_phase(self, cur: int) -> None:
        while True:
            f = self.decide(cur, "play")
            if f.type == "PhaseChanged":
                self.expect(f, "", ("discard", None), (f.data["phase"], f.data["skipped"]),
                            "phase-order", f"the play phase ends into the discard phase, the "
                            f"record says {f.data['phase']!r} (skipped {f.data['skipped']!r})")
                return
            if f.type == "SkillUsed":
                self.active(f, cur)
            else:
                self.use(f, cur)

    def draw_phase(self, cur: int) -> None:
        self.draw(cur, 2, "draw_phase")

    def discard_phase(self, cur: int) -> bool:
        """Whether the seat had to discard."""
        self.settle()
        excess = len(self.t.hands[cur]) - self.t.hp[cur]
        f = self.peek()
        if excess <= 0:
            if f is not None and f.type == "CardsDiscarded":
                self.broken(f.version, "hand-limit", f"seat {cur} holds {len(self.t.hands[cur])}"
                            f" cards with {self.t.hp[cur]} HP and has nothing to discard")
                raise Desync
            return False
        if f is not None and f.type == "TurnEnded":
            self.broken(f.version, "hand-limit", f"seat {cur} holds {len(self.t.hands[cur])} "
                        f"cards with {self.t.hp[cur]} HP: it must discard {excess} before its "
                        "turn ends")
            raise Desync
        f = self.decide(cur, "discard")
        cards = list(f.data["cards"])
        if f.data["reason"] != "discard_phase" or len(cards) != excess:
            self.broken(f.version, "hand-limit", f"seat {cur} discarded {len(cards)} "
                        f"({f.data['reason']}); holding {len(self.t.hands[cur])} cards with "
                        f"{self.t.hp[cur]} HP it discards {excess}")
        self.hold(f, cur, cards, "discarded")
        self.t.discard += cards
        return True

    # --- using a card in the play phase -------------------------------------------------
    def use(self, f: Fact, seat: int) -> None:
        d = f.data
        cards, used, targets = list(d["cards"]), d["name"], list(d["targets"])
        if d["via"] != "play":
            self.broken(f.version, "sequence", f"a card used via {d['via']!r} in the play "
                        "phase")
        hand_before = list(self.t.hands[seat])
        spear = len(cards) == 2
        made = self.made(f, seat, cards, used, use=True)
        if made is not None:
            pass  # a card made by a skill: judged by the conversion
        elif spear and (used != "kill" or self.t.weapon(seat) != "spear"):
            self.broken(f.version, "card-use", f"seat {seat} used two cards as one "
                        f"{used}: only the Spear turns two hand cards into a Kill")
        elif not spear and (len(cards) != 1 or name(cards[0]) != used):
            self.broken(f.version, "card-use", f"{labels(cards)} used as {used}")
        # the targets are chosen before the card leaves its area: an equipped card used
        # as a Kill (Wusheng) still counts for range and the Kill limit (FreeKill)
        self.check_targets(f, seat, used, cards, targets, hand_before, real=made is None)
        self.hold(f, seat, cards, "used", made or "h")
        first = cards[0]
        if used == "kill":
            self.killed_in_play(seat)
        if len(cards) == 1 and made is None and KIND[first] == "equipment":
            slot = slot_of(first)
            assert slot is not None
            old = self.t.equip[seat].get(slot)
            if old is not None:
                self.t.discard.append(old)
            self.t.equip[seat][slot] = first
            return
        if used in ("indulgence", "lightning"):
            self.t.judging[targets[0]].append(first)
            if used != name(first):
                self.virtual[first] = used
            return
        if used == "kill":
            self.kills += 1
        self.t.flight += cards
        self.card_used(seat, used, made is None and len(cards) == 1)
        self.resolve(seat, used, cards, targets)

    def check_targets(self, f: Fact, seat: int, used: str, cards: list[int],
                      targets: list[int], hand_before: list[int], real: bool = True) -> None:
        """Whether a card used in the play phase may be used now, on these targets."""
        t, v = self.t, f.version
        others = [s for s in range(t.n) if s != seat and t.alive[s]]
        if used in ("dodge", "nullification"):
            self.broken(v, "card-use", f"seat {seat} used a {DECK[cards[0]].title} in its play "
                        "phase: it is only played in answer to a question")
            return
        if used in SELF_CARDS or (real and used != "kill" and KIND[cards[0]] == "equipment"):
            expected = [seat]
        elif used in EVERYONE:
            expected = t.living_from(seat)
        elif used in OTHERS:
            expected = t.living_from(seat)[1:]
        else:
            expected = None
        if expected is not None:
            self.expect(f, "", expected, targets, "target", f"{used} takes seats {expected}, "
                        f"the record says {targets}")
        if used == "peach" and t.hp[seat] >= t.max_hp[seat]:
            self.broken(v, "card-use", f"seat {seat} used a Peach at full HP "
                        f"({t.hp[seat]}/{t.max_hp[seat]})")
        if used == "lightning" and any(name(c) == "lightning" for c in t.judging[seat]):
            self.broken(v, "card-use", f"seat {seat} already has a Lightning")
        if expected is not None:
            return
        if used == "collateral":
            ok = (len(targets) == 2 and targets[0] in others and t.weapon(targets[0])
                  and targets[1] in self.kill_reach(targets[0]))
            if not ok:
                self.broken(v, "target", f"Collateral on {targets}: the first must be another "
                            "living seat with a weapon, the second within its attack range")
            return
        halberd = (used == "kill" and real and len(cards) == 1
                   and t.weapon(seat) == "halberd" and hand_before == cards)
        most = 3 if halberd else 1
        if not 1 <= len(targets) <= most or len(set(targets)) != len(targets) or any(
                s not in others for s in targets):
            self.broken(v, "target", f"{used} on {targets}: it takes "
                        f"{'1 to 3' if halberd else 'one'} other living seat(s)")
            return
        barred = [s for s in targets if self.untargetable(s, used)]
        if barred:
            self.broken(v, "target", f"seat {barred[0]} cannot be chosen as the target of "
                        f"a {used} now ({self.untargetable(barred[0], used)})")
        if used == "kill":
            if self.kills >= 1 and not self.kill_unlimited(seat):
                self.broken(v, "kill-limit", f"seat {seat} used a second Kill in one play "
                            "phase without a Crossbow (or a skill that lifts the limit)")
            far = [s for s in targets if self.distance(seat, s) > t.reach(seat)]
            if far:
                self.broken(v, "kill-range", f"seat {seat} (attack range {t.reach(seat)}) "
                            f"used a Kill on seat {far[0]} at distance "
                            f"{self.distance(seat, far[0])}")
            order, how = ((sorted(targets, key=lambda s: (s - seat) % t.n),
                           "in turn order from the user") if self.rules >= 2
                          else (sorted(targets), "in seat-number order (rules 1)"))
            if targets != order:
                self.broken(v, "kill-target-order", f"a Kill's targets are taken {how}: "
                            f"{order}, the record says {targets}")
        elif used in ("dismantlement", "snatch") and not t.has_cards(targets[0]):
            self.broken(v, "target", f"{used} on seat {targets[0]}, who has no card")
        elif used == "snatch" and self.distance(seat, targets[0]) > 1 and \
                not self.trick_unlimited(seat):
            self.broken(v, "target", f"Snatch reaches distance 1; seat {targets[0]} is at "
                        f"{self.distance(seat, targets[0])}")
        elif used == "indulgence" and any((self.virtual.get(c) or name(c)) == "indulgence"
                                          for c in t.judging[targets[0]]):
            self.broken(v, "target", f"seat {targets[0]} already has an Indulgence")

    # --- card effects ---------------------------------------------------------------
    def resolve(self, u: int, used: str, cards: list[int], targets: list[int]) -> None:
        leftovers: list[int] = []
        if used == "kill":
            self.kill_all(u, cards, targets)
        elif used == "duel":
            self.duel(u, cards, targets[0])
        elif used in OTHERS:
            for tg in targets:
                if self.t.alive[tg] and not self.window(used, tg):
                    answered = (self.answer_kill(tg) if used == "barbarian_invasion"
                                else self.answer_dodge(tg, armor=True))
                    if not answered:
                        self.damage(tg, u, 1, cards, used)
        elif used == "peach_garden":
            for tg in targets:
                t = self.t
                if t.alive[tg] and t.hp[tg] < t.max_hp[tg] and not self.window(used, tg):
                    self.heal(tg, "peach_garden")
        elif used == "amazing_grace":
            leftovers = self.amazing_grace(targets)
        elif used == "ex_nihilo":
            if not self.window(used, u):
                self.draw(u, 2, "ex_nihilo")
        elif used == "peach":
            self.heal(u, "peach")
        elif used in ("dismantlement", "snatch"):
            self.take_card(u, used, targets[0])
        elif used == "collateral":
            self.collateral(u, targets[0], targets[1])
        self.finish(cards + leftovers)

    def kill_all(self, u: int, cards: list[int], targets: list[int]) -> None:
        """A Kill on each target in turn (a skill may pass one target on: the list is
        the Kill's own, changed in place)."""
        ts = list(targets)
        for i in range(len(ts)):
            if self.t.alive[ts[i]]:
                self.kill(u, cards, ts, i)

    def kill(self, u: int, cards: list[int], ts: list[int], i: int) -> None:
        t = self.t
        no_dodge = False
        if self.skilled:  # the target's skills on being targeted, then the user's
            self.point("targeted", [ts[i]], {"u": u, "tg": ts[i], "targets": ts, "i": i})
            no_dodge = bool(self.point("kill_target", [u], {"u": u, "tg": ts[i]}))
        tg = ts[i]
        ignores_armor = t.weapon(u) == "qinggang_sword"
        if self.rules < 2 and self.shield(u, cards, tg, ignores_armor):
            return
        if t.weapon(u) == "double_swords":
            self.double_swords(u, tg)
        if self.rules >= 2 and self.shield(u, cards, tg, ignores_armor):
            return
        dodged = False
        if not no_dodge:
            dodged = self.answer_dodge(tg, armor=not ignores_armor)
            if dodged and self.double(u, "kill"):  # a second Dodge is needed
                dodged = self.answer_dodge(tg, armor=not ignores_armor)
        if dodged:
            weapon, both = t.weapon(u), t.alive[u] and t.alive[tg]
            if weapon == "blade" and both and self.can_kill(u) and \
                    not self.untargetable(tg, "kill"):
                f = self.decide(u, "blade")
                if f.type == "CardUsed":
                    self.kill_for(f, u, "blade", [tg])
                return
            if weapon == "axe" and both and len(self.axe_cards(u)) >= 2:
                f = self.decide(u, "axe")
                if f.type == "Declined":
                    return
                cards2 = list(f.data["cards"])
                if len(cards2) != 2 or f.data["reason"] != "axe" or any(
                        c not in self.axe_cards(u) for c in cards2):
                    self.broken(f.version, "axe", f"the Axe discards two of seat {u}'s own "
                                f"cards other than the Axe, the record says {labels(cards2)}")
                self.hold(f, u, cards2, "discarded for the Axe", "he")
                t.discard += cards2
            else:
                return
        ice = kylin = False
        while True:
            weapon = t.weapon(u)
            if weapon == "ice_sword" and not ice and t.has_cards(tg, "he"):
                ice = True
                if self.decide(u, "ice_sword").type == "Accepted":
                    for _ in range(2):
                        if not (t.alive[tg] and t.has_cards(tg, "he")):
                            break
                        self.pick(u, tg, "ice_sword", "he")
                    return
            elif weapon == "kylin_bow" and not kylin and t.horses(tg):
                kylin = True
                f = self.decide(u, "kylin")
                if f.type == "CardsDiscarded":
                    horse = list(f.data["cards"])
                    if f.data["seat"] != tg or len(horse) != 1 or horse[0] not in t.horses(tg):
                        self.broken(f.version, "kylin-bow", f"the Kylin Bow discards one of "
                                    f"seat {tg}'s horses, the record says {labels(horse)}")
                    self.hold(f, f.data["seat"], horse, "lost", "he")
                    t.discard += horse
            else:
                break
        self.damage(tg, u, 1 + self.damage_bonus(u, "kill"), cards, "kill")

    def shield(self, u: int, cards: list[int], tg: int, ignores_armor: bool) -> bool:
        """The Renwang Shield stops a black Kill (whether it did)."""
        t = self.t
        if t.armor(tg) != "renwang_shield" or ignores_armor or colour(cards) != "black":
            return False
        f = self.next("KillBlocked", f"seat {tg}'s Renwang Shield stopping a black Kill")
        self.expect(f, "", (tg, u), (f.data["seat"], f.data["source"]), "armor",
                    f"the shield of seat {tg} stops seat {u}'s Kill, the record says "
                    f"{f.data}")
        return True

    def double_swords(self, u: int, tg: int) -> None:
        """A Kill on a seat of the other gender: it discards a hand card or the user
        draws one."""
        a, b = self.gender(u), self.gender(tg)
        if not (a and b and a != b):
            return
        f = self.decide(tg, "double_swords")
        if f.type == "Declined":
            self.draw(u, 1, "double_swords")
            return
        cards = list(f.data["cards"])
        if len(cards) != 1 or f.data["reason"] != "double_swords":
            self.broken(f.version, "double-swords", f"the Double Swords ask seat {tg} for "
                        f"one hand card, the record says {labels(cards)} ({f.data['reason']})")
        self.hold(f, tg, cards, "discarded for the Double Swords")
        self.t.discard += cards

    def axe_cards(self, seat: int) -> list[int]:
        axe = self.t.equip[seat].get("weapon")
        return self.t.hands[seat] + [c for c in self.t.equipment(seat) if c != axe]

    def kill_for(self, f: Fact, seat: int, via: str, targets: list[int]) -> None:
        """A Kill used in answer (Blade, Collateral): its own Kill, resolved at once."""
        cards = list(f.data["cards"])
        self.expect(f, "", (via, "kill", targets), (f.data["via"], f.data["name"],
                    list(f.data["targets"])), "card-use",
                    f"the {via} Kill goes to seat(s) {targets}, the record says {f.data}")
        made = self.kill_cards(f, seat, cards, use=True)
        self.hold(f, seat, cards, "used", made or "h")
        self.killed_in_play(seat)
        self.t.flight += cards
        self.card_used(seat, "kill", False)
        self.kill_all(seat, cards, targets)
        self.finish(cards)

    def kill_cards(self, f: Fact, seat: int, cards: list[int], use: bool = False
                   ) -> str | None:
        """A Kill's cards: a Kill, two hand cards with a Spear, or a card a skill made a
        Kill (the areas it may come from)."""
        made = self.made(f, seat, cards, "kill", use=use)
        if made is not None:
            return made
        spear = len(cards) == 2 and self.t.weapon(seat) == "spear"
        if not spear and (len(cards) != 1 or name(cards[0]) != "kill"):
            self.broken(f.version, "response-card", f"seat {seat} played {labels(cards)} as "
                        "a Kill")
        return None

    def respond(self, f: Fact, seat: int, ask: str) -> None:
        """A card played in answer: the right card, held; it goes to the discard pile."""
        cards = list(f.data["cards"])
        made = None
        if RESPONSE[ask] == "kill":
            made = self.kill_cards(f, seat, cards)
        else:
            made = self.made(f, seat, cards, RESPONSE[ask], use=False)
            if made is None and (len(cards) != 1 or name(cards[0]) != RESPONSE[ask]):
                self.broken(f.version, "response-card", f"seat {seat} played "
                            f"{labels(cards)}, but only a {RESPONSE[ask]} answers")
        if f.data["name"] != RESPONSE[ask]:
            self.broken(f.version, "response-card", f"a {f.data['name']} recorded in answer "
                        f"to {ask!r}")
        self.hold(f, seat, cards, "played", made or "h")
        if RESPONSE[ask] == "kill":
            self.killed_in_play(seat)
        self.t.discard += cards

    def answer_kill(self, seat: int) -> bool:
        called = False
        while True:
            if not called and self.call(seat, "kill") is not None:
                called = True
                if self.called_in:
                    return True
                continue
            f = self.decide(seat, "kill")
            if f.type == "Declined":
                return False
            self.respond(f, seat, "kill")
            return True

    def answer_dodge(self, seat: int, armor: bool) -> bool:
        """Asked for a Dodge: Eight Trigrams first if worn (once), then a Dodge or not."""
        trigrams = armor and self.t.armor(seat) == "eight_trigrams"
        called = False
        while True:
            if not called and self.call(seat, "dodge") is not None:
                called = True
                if self.called_in:
                    return True
                continue
            top = None
            nxt = self.peek()
            if trigrams and nxt is not None and nxt.type == "PileReshuffled":
                top = self.take(1, f"seat {seat}'s Eight Trigrams judgment")
            f = self.decide(seat, "dodge")
            if f.type == "Declined":
                return False
            if f.type == "Responded":
                self.respond(f, seat, "dodge")
                return True
            if not trigrams:
                self.broken(f.version, "eight-trigrams", f"seat {seat} judged for Eight "
                            "Trigrams without it (or twice, or against a Qinggang Sword)")
            trigrams = False
            shown = top or self.take(1, f"seat {seat}'s Eight Trigrams judgment")
            card = shown[0] if shown else None
            if self.judged(f, seat, "eight_trigrams", card):
                return True

    def duel(self, u: int, cards: list[int], tg: int, stoppable: bool = True) -> None:
        if not (self.t.alive[u] and self.t.alive[tg]) or (
                stoppable and self.window("duel", tg)):
            return
        turn, other = tg, u
        while self.answer_kill(turn) and (not self.double(other, "duel")
                                          or self.answer_kill(turn)):
            turn, other = other, turn
        bonus = self.damage_bonus(other, "duel") if other == u else 0
        self.damage(turn, other, 1 + bonus, cards, "duel")

    def amazing_grace(self, targets: list[int]) -> list[int]:
        shown = self.take(len(targets), "Amazing Grace's reveal")
        f = self.next("CardsRevealed", f"{len(targets)} cards revealed for Amazing Grace")
        self.drawn(f, shown, f.data["cards"])
        self.t.flight += shown
        left = list(shown)
        for tg in targets:
            if not left:
                break
            if not self.t.alive[tg] or self.window("amazing_grace", tg):
                continue
            f = self.decide(tg, "grace")
            card = f.data["card"]
            if card not in left:
                self.broken(f.version, "grace", f"seat {tg} took {label(card)}, which is not "
                            f"among the revealed {labels(left)}")
            else:
                left.remove(card)
                self.t.flight.remove(card)
            self.t.hands[tg].append(card)
        return left

    def take_card(self, u: int, used: str, tg: int) -> None:
        """Dismantlement and Snatch: the user picks one of the target's cards."""
        t = self.t
        if not t.alive[tg] or not t.has_cards(tg) or self.window(used, tg) or \
                not t.has_cards(tg):
            return
        self.pick(u, tg, used, "hej")

    def pick(self, u: int, tg: int, reason: str, areas: str) -> None:
        f = self.decide(u, "pick")
        d = f.data
        card = d["card"] if f.type == "CardTaken" else (list(d["cards"]) or [None])[0]
        source = d["source"] if f.type == "CardTaken" else d["seat"]
        kind = "CardTaken" if reason == "snatch" else "CardsDiscarded"
        area = self.t.area_of(tg, card) if isinstance(card, int) else None
        if f.type != kind or d["reason"] != reason or source != tg or area is None or \
                area[0] not in areas or (f.type == "CardTaken" and d["area"] != area):
            self.broken(f.version, "pick", f"{reason} lets seat {u} pick one of seat {tg}'s "
                        f"cards ({areas}); the record says {f.type} {d}")
        if isinstance(card, int):
            self.t.take_from(source, card)
            if f.type == "CardTaken":
                self.t.hands[d["seat"]].append(card)
            else:
                self.t.discard.append(card)

    def collateral(self, u: int, holder: int, victim: int) -> None:
        t = self.t
        if not t.alive[holder] or t.weapon(holder) is None or \
                self.window("collateral", holder) or t.weapon(holder) is None:
            return
        if t.alive[victim] and self.can_kill(holder) and victim in self.kill_reach(holder):
            f = self.decide(holder, "collateral")
            if f.type == "CardUsed":
                self.kill_for(f, holder, "collateral", [victim])
                return
        weapon = t.equip[holder].get("weapon")
        if weapon is None or not t.alive[u] or not t.alive[holder]:
            return
        f = self.next("CardTaken", f"seat {holder} giving its weapon to seat {u}")
        self.expect(f, "", (u, holder, weapon, "collateral"), (
            f.data["seat"], f.data["source"], f.data["card"], f.data["reason"]), "collateral",
            f"seat {holder} gives its weapon {label(weapon)} to seat {u}; the record says "
            f"{f.data}")
        t.take_from(holder, weapon)
        t.hands[u].append(weapon)

    # --- Nullification windows ---------------------------------------------------------
    def window(self, trick: str, target: int) -> bool:
        """Anyone may cancel a trick's effect on a target; whether it was cancelled.
        Seats are asked from the seat whose turn it is; a Nullification reopens it."""
        t = self.t
        if not self.everyone and not any(t.alive[s] and t.holds(s, "nullification")
                                         for s in range(t.n)):
            return False
        cancelled, passed = False, set()
        while True:
            asked = next((s for s in t.living_from(self.current) if s not in passed and (
                self.everyone or t.holds(s, "nullification"))), None)
            if asked is None:
                return cancelled
            f = self.decide(asked, "nullify")
            if f.type == "Declined":
                passed.add(f.data["seat"])
            else:
                self.respond(f, f.data["seat"], "nullify")
                self.card_used(f.data["seat"], "nullification", True)
                cancelled, passed = not cancelled, set()

    # --- damage, healing, dying --------------------------------------------------------
    def heal(self, seat: int, reason: str) -> None:
        f = self.next("Healed", f"seat {seat} healing 1 ({reason})")
        self.expect(f, "", (seat, 1, reason), (f.data["seat"], f.data["amount"],
                    f.data["reason"]), "heal", f"seat {seat} heals 1 by {reason}, the record "
                    f"says seat {f.data['seat']} healed {f.data['amount']} by {f.data['reason']}")
        self.t.hp[seat] = min(self.t.max_hp[seat], self.t.hp[seat] + 1)

    def damage(self, seat: int, source: int | None, n: int, cards: list[int], reason: str
               ) -> None:
        f = self.next("Damaged", f"{n} damage to seat {seat} ({reason})")
        d = f.data
        self.expect(f, "", (seat, source, n, reason, list(cards)),
                    (d["seat"], d["source"], d["amount"], d["reason"], list(d["cards"])),
                    "damage", f"{reason} deals {n} damage to seat {seat} from "
                    f"{'seat ' + str(source) if source is not None else 'no source'}; the "
                    f"record says {d['amount']} to seat {d['seat']} from {d['source']}")
        self.t.hp[seat] -= n
        nxt = self.peek()
        if self.t.hp[seat] > 0:
            if nxt is not None and nxt.type == "Dying" and nxt.data.get("seat") == seat:
                self.broken(nxt.version, "dying", f"seat {seat} has {self.t.hp[seat]} HP "
                            "left: it is not dying")
                raise Desync
        else:
            self.dying(seat, source)
        if self.skilled:  # after the damage (and any rescue): the victim's skills
            self.point("damaged", [seat], {"v": seat, "src": source, "n": n,
                                           "cs": list(cards), "r": reason})

    def dying(self, v: int, source: int | None) -> None:
        """Peaches asked from the seat whose turn it is, round the table; at 1 HP the
        dying seat is rescued; when every seat asked has declined, it dies."""
        t = self.t
        f = self.next("Dying", f"seat {v} dying at {t.hp[v]} HP")
        self.expect(f, "", (v, source), (f.data["seat"], f.data["source"]), "dying",
                    f"seat {v} is dying by seat {source}'s damage, the record says seat "
                    f"{f.data['seat']} by {f.data['source']}")
        passed: set[int] = set()
        while True:
            nxt = self.peek()
            if t.hp[v] >= 1:
                f = self.next("Rescued", f"seat {v} rescued at {t.hp[v]} HP")
                self.expect(f, "", v, f.data["seat"], "dying", f"seat {f.data['seat']} was "
                            f"rescued, but seat {v} was the one dying")
                return
            asked = next((s for s in t.living_from(self.current) if s not in passed and (
                self.everyone or self.holds_peach(s))), None)
            if nxt is not None and nxt.type == "Died" and asked is not None:
                self.broken(nxt.version, "death", f"seat {v} died, but seat {asked} had not "
                            "yet been asked for a Peach")
                asked = None
                self.i += 1
                self.death(v, source, nxt)
                return
            if asked is None:
                self.death(v, source, self.next("Died", f"the death of seat {v}"))
                return
            f = self.decide(asked, "peach")
            if f.type == "Declined":
                passed.add(f.data["seat"])
            else:
                self.respond(f, f.data["seat"], "peach")
                t.hp[v] += 1 + self.peach_bonus(f.data["seat"], v)

    def death(self, v: int, source: int | None, f: Fact) -> None:
        t = self.t
        d = f.data
        self.expect(f, "", (v, source), (d["seat"], d["killer"]), "death",
                    f"seat {v} dies by seat {source}'s damage, the record says seat "
                    f"{d['seat']} killed by {d['killer']}")
        cards = t.clear(v)
        self.expect(f, "", sorted(cards), sorted(d["cards"]), "death",
                    f"seat {v}'s cards at its death were {labels(sorted(cards))}, the record "
                    f"says {labels(sorted(d['cards']))}")
        t.discard += cards
        t.alive[v] = False
        if v == self.current:  # the turn ends at once; what was being resolved is discarded
            t.discard += t.flight
            t.flight = []
        self.died(v, source, f)
        if v == self.current:
            raise TurnOver
