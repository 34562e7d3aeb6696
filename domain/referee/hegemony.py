"""The Kingdom Wars referee: a second implementation of the rules that judges a stored game.

It reads the raw facts of a game (the dealt candidates, the chosen generals, the deck
order, every decision and every recorded consequence) and follows the table as a judge
would: whose turn it is, what a seat holds, what each show fixes, what each death calls
for. Every derived fact the record states (HP limits, kingdoms and careerists, the
bonuses of a first full show, damage, dying and death, rewards and penalties, the end
and its winners) is re-derived and compared; every break of a rule becomes a
``Violation`` naming the event and the rule.

It imports nothing from ``domain/sanguosha/`` but the static tables (the card list and
the roster rows): a bug in the engine is not repeated here. A table dealt the Kingdom
Wars deck (option ``deck``) has its cards judged by ``hegemony_cards`` (mixed in, with
its hooks below) and its deck by ``hegemony_deck``.

The rules as judged (docs/rules/kingdom-wars.md and sanguosha.md):
- 4 to 10 players, 4, 5 or 7 candidates each; a seat whose candidates share no kingdom
  is dealt again. Each keeps two candidates of one kingdom; its HP limit (and starting
  HP) is the whole fish of both: the sum of their half fish, halved, rounded down.
- At the start of its turn a seat with a hidden general may show one, both or none.
  The first show fixes its side: its kingdom, or a careerist (a side of its own) when
  the seats that have shown that kingdom, dead ones and itself included, would be more
  than half the table.
- Both generals first shown at the start of a turn by a living seat: a perfect pair
  draws 2 (or heals 1, the seat's choice when wounded); a half fish left over draws 1.
- A death shows the victim's hidden generals; a living killer with a side then draws
  1 + the living shown seats of the victim's side (1 for a careerist victim), or, on the
  same side, discards its hand and equipment.
- Victory, after every show at a turn's start and every death: every living seat of one
  side (hidden ones counted by the side they would join, in turn order from the seat on
  turn) wins with its dead. The game ends at that moment: the hidden generals are shown
  and the end is recorded. After ``turn_cap`` turns the game ends in a draw.
- Rules version 2 (recorded in the first event): after a death the win check comes
  before any reward or penalty, and a draw that both piles together cannot supply ends
  the game in a draw. Version 1 paid rewards first. A game without the field is version 1.
- Rules version 6: a death skill that kills the seat on turn (Suishi) leaves what the
  earlier death owes (its show, victory check, reward) to follow that seat's own; a killer
  dead by then is paid nothing. Version 5 dropped it with the turn.
- Rules version 8: no draw-phase skill once the draw is skipped or replaced (Supply
  Shortage, Qiaobian, Tuxi, Zaiqi, Shuangxiong), none that skips or replaces it after
  Luoyi (``SkillRules.at_draw``); version 7 and before judge them as the engine played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from domain.audit import Fact, Recount
from domain.referee import (  # noqa: F401  (each registers its kingdom's skills)
    hegemony_qun,
    hegemony_qun_rest,
    hegemony_shu,
    hegemony_wei,
    hegemony_wei_rest,
    hegemony_wu,
    hegemony_wu_rest,
)
from domain.referee.hegemony_cards import (
    DECK_ASKS,
    DECK_CARDS,
    DECK_DISCARDS,
    DECK_DRAWS,
    SILVER_LION,
    SUPPLY,
    TRIBLADE,
    WINDOWED,
    DeckRules,
)
from domain.referee.hegemony_skills import HOOKS, USED, VIA, SkillRules
from domain.referee.hegemony_table import EQUIP, HAND, JUDGE, Table
from domain.sanguosha.cards import (
    DELAYED,
    EQUIPMENT,
    KIND,
    NAME,
    RED,
    SUIT,
    lightning_strikes,
)
from domain.sanguosha.roster_hegemony import ROWS

#: id → (kingdom, half fish, partners): the roster's static rows
ROSTER = {r[0]: (r[3], r[5], frozenset(r[6])) for r in ROWS}
SEATS = range(4, 11)
CANDIDATES = (4, 5, 7)
DEFAULT_TURN_CAP = 2000
HAND_SIZE = 4
HEAD, DEPUTY = "head", "deputy"
CAREERIST = "careerist"

KILL, DODGE, PEACH, NULLIFICATION = "kill", "dodge", "peach", "nullification"
DUEL, BARBARIANS, ARROWS = "duel", "barbarian_invasion", "arrow_barrage"
PEACH_GARDEN, GRACE, EX_NIHILO = "peach_garden", "amazing_grace", "ex_nihilo"
DISMANTLEMENT, SNATCH, COLLATERAL = "dismantlement", "snatch", "collateral"
INDULGENCE, LIGHTNING = "indulgence", "lightning"
CROSSBOW, SPEAR, HALBERD, AXE = "crossbow", "spear", "halberd", "axe"
EIGHT_TRIGRAMS, RENWANG = "eight_trigrams", "renwang_shield"
EVERYONE, OTHERS = (PEACH_GARDEN, GRACE), (BARBARIANS, ARROWS)
#: tricks with one Nullification window: a nullified one has no effect at all
SINGLE_TRICKS = (EX_NIHILO, DISMANTLEMENT, SNATCH, DUEL, COLLATERAL)
SELF_ONLY = (EX_NIHILO, PEACH, LIGHTNING)
#: what each ask is answered with
ANSWER = {"dodge": DODGE, "kill": KILL, "peach": PEACH, "nullify": NULLIFICATION}
DRAWS = {"draw_phase": 2, "perfect_pair": 2, "half_fish": 1, EX_NIHILO: 2,
         "double_swords": 1}


def careerist_side(seat: int) -> str:
    return f"{CAREERIST}:{seat}"


def role_of(side: str) -> str:
    return CAREERIST if side.startswith(CAREERIST) else side


def order_from(start: int, n: int) -> list[int]:
    return [(start + i) % n for i in range(n)]


def hp_limit(head: str, deputy: str) -> tuple[int, bool]:
    """Whole fish of both generals, and whether a half fish is left over."""
    halves = ROSTER[head][1] + ROSTER[deputy][1]
    return halves // 2, halves % 2 == 1


@dataclass
class Owed:
    """A fact the rules call for next (or a check to run when its turn comes)."""

    rule: str
    what: str
    match: Callable[[Fact], bool] | None = None  # None: ``then`` is a check, run at once
    then: Callable[[Fact | None], None] | None = None
    end: bool = False  # part of the end of the game
    # held while a fact is part of something that comes first (a death skill's acts)
    hold: Callable[[Fact], bool] | None = None


@dataclass
class Use:
    """A card being resolved: what, by whom, on whom."""

    name: str
    user: int
    targets: list[int]
    cards: list[int]
    extra: dict[str, Any] = field(default_factory=dict)


def referee(facts: list[Fact]) -> Recount:
    """Judge a Kingdom Wars game from its stored facts."""
    return Referee().judge(facts)


class Referee(DeckRules, SkillRules):
    """The table as the referee follows it, fact by fact."""

    def __init__(self) -> None:
        self.recount = Recount()
        self.n = 0
        self.players: list[str] = []
        self.options: dict[str, Any] = {}
        self.rules = 1
        self.table = Table(0)
        self.candidates: list[list[str]] = []
        self.generals: list[list[str]] = []
        self.shown: list[list[bool]] = []
        self.side: list[str | None] = []
        self.hp: list[int] = []
        self.max_hp: list[int] = []
        self.alive: list[bool] = []
        self.first: int | None = None
        self.current = -1
        self.turn = 0
        self.stage = "setup"  # setup, start, draw, play, discard, end, over-turn
        self.skip_play = False
        self.kills = 0
        self.uses: list[Use] = []
        self.dying: tuple[int, int | None] | None = None
        self.owed: list[Owed] = []
        self.decided: tuple[dict[str, Any], int] | None = None  # (outcome, event)
        self.over = False
        self.deaths: list[dict[str, Any]] = []
        self.fact: Fact | None = None
        # the judgment phase's Nullification window on a delayed card: [card, nullified]
        self.window: list[Any] | None = None
        self.handled: set[int] = set()  # delayed cards resolved this judgment phase
        self.asked_for_peach: set[int] = set()  # who declined in the dying window
        self.marks: dict[Any, Any] = {}  # what skills noted this turn (hegemony_skills)

    # --- the walk -----------------------------------------------------------------
    def judge(self, facts: list[Fact]) -> Recount:
        for fact in facts:
            self.fact = fact
            if self.over:
                self.broken(fact, "after-end", f"{fact.type} comes after the end of the game")
                continue
            handler = getattr(self, "on_" + fact.type, None) or self.skill_event(fact.type)
            if handler is None:
                self.broken(fact, "unknown-event", f"{fact.type} is no Kingdom Wars event")
                continue
            try:
                if self.window is not None and not (fact.type in ("Responded", "Declined")
                                                    and fact.data.get("ask") == "nullify") \
                        and fact.type != "NullificationWidened" and not self.in_window(fact):
                    self.close_window()
                if fact.type != "PileReshuffled" and not self.interjects(fact):
                    self.settle(fact)
                self.before_fact(fact)  # what skills wait on (hegemony_skills)
                self.deck_before(fact)
                handler(fact, fact.data)
                self.after_fact(fact)  # what skills watch for (hegemony_skills)
                self.run_checks(fact)
                self.deck_after(fact)
            except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
                self.broken(fact, "malformed", f"{fact.type} cannot be read "
                            f"({type(e).__name__}: {e})")
        if not self.over:
            self.recount.problems.append("the game has no GameEnded event: it is still live")
            if self.decided is not None:
                self.recount.violation(None, "game-end", f"{self.said()}, but the game "
                                       "never ended")
        self.recount.details = {
            "deaths": self.deaths,
            "sides": {str(s): v for s, v in enumerate(self.side) if v is not None},
            "side": self.decided[0]["side"] if self.decided else None,
            "turns": self.turn, "rules": self.rules}
        return self.recount

    def broken(self, fact: Fact | None, rule: str, message: str) -> None:
        self.recount.violation(fact.version if fact else None, rule, message)

    def expect(self, fact: Fact, figure: str, expected: Any, recorded: Any, rule: str,
               message: str) -> None:
        self.recount.check(figure, expected, recorded, fact.version)
        if expected != recorded:
            self.broken(fact, rule, message)

    def said(self) -> str:
        assert self.decided is not None
        outcome, at = self.decided
        if outcome["side"] == "draw":
            return f"the game was a draw at event {at} ({outcome['reason']})"
        return f"{outcome['side']} had won at event {at} (seats {outcome['winners']})"

    # --- what is owed ---------------------------------------------------------------
    def settle(self, fact: Fact) -> None:
        """Facts the rules call for must come first: each one missing is named."""
        while self.owed:
            head = self.owed[0]
            if head.hold is not None and head.hold(fact):
                return
            if head.match is None:
                self.owed.pop(0)
                if head.then:
                    head.then(None)
                continue
            if head.match(fact) or head.match(self.as_meant(fact)):
                self.owed.pop(0)
                if head.then:
                    head.then(fact)
                return
            if head.end:
                self.owed = [o for o in self.owed if not o.end]
                self.broken(fact, "game-end", f"{self.said()}: the game should have "
                            f"ended there, not go on with {fact.type}")
                continue
            self.owed.pop(0)
            self.broken(fact, head.rule, f"{head.what} was due, but the record goes on "
                        f"with {fact.type}")

    def run_checks(self, fact: Fact) -> None:
        while self.owed and self.owed[0].match is None and self.owed[0].hold is None:
            head = self.owed.pop(0)
            if head.then:
                head.then(fact)

    def owe(self, *items: Owed, first: bool = False) -> None:
        self.owed = [*items, *self.owed] if first else [*self.owed, *items]

    def owed_fact(self, rule: str, what: str, match: Callable[[Fact], bool]) -> Owed:
        """A fact the rules call for, claimed when it comes."""
        return Owed(rule, what, match, self.claim)

    @staticmethod
    def is_(kind: str, **fields: Any) -> Callable[[Fact], bool]:
        return lambda f: f.type == kind and all(f.data.get(k) == v for k, v in fields.items())

    # --- small queries ----------------------------------------------------------------
    def seat(self, value: Any) -> int:
        if type(value) is not int or not 0 <= value < self.n:
            raise ValueError(f"{value!r} is no seat of this table")
        return value

    def kingdom(self, seat: int) -> str:
        return ROSTER[self.generals[seat][0]][0]

    def hidden(self, seat: int) -> list[str]:
        return [w for i, w in enumerate((HEAD, DEPUTY)) if not self.shown[seat][i]]

    def would_be(self, seat: int, sides: list[str | None]) -> str:
        """The side a seat takes at its first show, given the sides fixed so far."""
        k = self.kingdom(seat)
        shown = sum(1 for s in sides if s == k)
        return careerist_side(seat) if 2 * (shown + 1) > self.n else k

    def projected(self) -> list[str]:
        """Every side, hidden seats joining in turn order from the seat on turn."""
        sides = list(self.side)
        for s in order_from(max(self.current, 0), self.n):
            if sides[s] is None:
                sides[s] = self.would_be(s, sides)
        return [s or "" for s in sides]

    def alive_or_broken(self, fact: Fact, seat: int, doing: str) -> None:
        if not self.alive[seat]:
            self.broken(fact, "seat-alive", f"seat {seat} is dead, yet {doing}")

    def use_of(self, *names: str) -> Use | None:
        for u in reversed(self.uses):
            if u.name in names:
                return u
        return None

    def owns(self, fact: Fact, seat: int, cards: list[int], areas: tuple[str, ...],
             doing: str) -> None:
        """Cards leave the seat's areas; one it does not hold breaks card ownership."""
        for c in cards:
            if self.table.remove(seat, c, areas) is None:
                where = " or ".join(areas)
                self.broken(fact, "card-owner", f"seat {seat} {doing} card {c} "
                            f"({NAME[c]}), which is not in its {where}")

    # --- setup --------------------------------------------------------------------------
    def on_Started(self, fact: Fact, d: dict[str, Any]) -> None:
        if self.n:
            self.broken(fact, "turn-order", "the game starts twice")
        self.players = list(d["players"])
        self.n = n = len(self.players)
        self.options = dict(d.get("options") or {})
        self.rules = d.get("rules", 1)
        if n not in SEATS:
            self.broken(fact, "table-size", f"{n} players: Kingdom Wars seats 4 to 10")
        k = self.options.get("candidates", 4)
        if k not in CANDIDATES or n * k > len(ROSTER):
            self.broken(fact, "options", f"{k} candidates for {n} players is no table")
        self.deck_started()  # the dealt deck's table (hegemony_cards)
        self.candidates = [[] for _ in range(n)]
        self.generals = [[] for _ in range(n)]
        self.shown = [[False, False] for _ in range(n)]
        self.side = [None] * n
        self.hp, self.max_hp, self.alive = [0] * n, [0] * n, [True] * n

    def on_CandidatesDealt(self, fact: Fact, d: dict[str, Any]) -> None:
        k = self.options.get("candidates", 4)
        self.candidates = [list(c) for c in d["candidates"]]
        flat = [g for c in self.candidates for g in c]
        if (len(self.candidates) != self.n or any(len(c) != k for c in self.candidates)
                or len(set(flat)) != len(flat) or any(g not in ROSTER for g in flat)):
            self.broken(fact, "deal", f"the deal is not {self.n} lists of {k} distinct "
                        "generals of the roster")
        self.owe_redeals(0)

    def owe_redeals(self, start: int) -> None:
        """A seat whose candidates share no kingdom is dealt again, seat by seat."""
        for s in range(start, self.n):
            kingdoms = [ROSTER[g][0] for g in self.candidates[s] if g in ROSTER]
            if len(set(kingdoms)) == len(kingdoms):
                self.owe(Owed("redeal", f"seat {s}'s candidates share no kingdom: a "
                              "redeal", self.is_("CandidatesRedealt", seat=s)), first=True)
                return

    def on_CandidatesRedealt(self, fact: Fact, d: dict[str, Any]) -> None:
        s = self.seat(d["seat"])
        kingdoms = [ROSTER[g][0] for g in self.candidates[s] if g in ROSTER]
        if len(set(kingdoms)) != len(kingdoms):
            self.broken(fact, "redeal", f"seat {s}'s candidates share a kingdom: no redeal")
        if list(d["returned"]) != self.candidates[s]:
            self.broken(fact, "redeal", f"seat {s} returned {d['returned']}, not its "
                        f"candidates {self.candidates[s]}")
        new = list(d["candidates"])
        others = {g for t, c in enumerate(self.candidates) if t != s for g in c}
        if (len(new) != len(self.candidates[s]) or len(set(new)) != len(new)
                or any(g not in ROSTER or g in others for g in new)):
            self.broken(fact, "redeal", f"seat {s}'s new candidates {new} are not free "
                        "generals of the roster")
        self.candidates[s] = new
        self.owe_redeals(s)

    def on_FirstSeatDrawn(self, fact: Fact, d: dict[str, Any]) -> None:
        self.first = self.seat(d["seat"])

    def on_DeckShuffled(self, fact: Fact, d: dict[str, Any]) -> None:
        if not self.table.shuffled(list(d["order"])):
            self.broken(fact, "deck", "the deck is not an order of the 108 cards")

    def on_GeneralsChosen(self, fact: Fact, d: dict[str, Any]) -> None:
        s = self.seat(d["seat"])
        head, deputy = d["head"], d["deputy"]
        if self.generals[s] or self.stage != "setup":
            self.broken(fact, "turn-order", f"seat {s} chooses its generals again")
        c = self.candidates[s]
        if (head == deputy or head not in c or deputy not in c
                or ROSTER[head][0] != ROSTER[deputy][0]):
            self.broken(fact, "choose-generals", f"seat {s} kept {head} and {deputy}: two "
                        f"different candidates of one kingdom are kept (from {c})")
        self.generals[s] = [head, deputy]
        limit, _ = hp_limit(head, deputy)
        self.expect(fact, f"seat {s} HP limit", limit, d["max_hp"], "hp-limit",
                    f"seat {s}'s generals {head} and {deputy} make {limit} HP (half fish "
                    f"{ROSTER[head][1]} + {ROSTER[deputy][1]}, halved, rounded down), the "
                    f"record says {d['max_hp']}")
        self.hp[s] = self.max_hp[s] = limit

    def on_HandsDealt(self, fact: Fact, d: dict[str, Any]) -> None:
        if not all(self.generals) or self.stage != "setup":
            self.broken(fact, "turn-order", "the hands are dealt before every seat chose "
                        "its generals")
        hands = [list(h) for h in d["hands"]]
        top = self.table.pile[:HAND_SIZE * self.n]
        want = [top[HAND_SIZE * s:HAND_SIZE * (s + 1)] for s in range(self.n)]
        if hands != want:
            self.broken(fact, "card-source", "the hands are not the deck's top cards, "
                        f"{HAND_SIZE} a seat")
        for s, h in enumerate(hands):
            self.table.from_top(h)
            self.table.hands[s] = h
        self.stage = "between"

    # --- turns --------------------------------------------------------------------------
    def next_seat(self) -> int:
        if self.turn == 0:
            return self.first if self.first is not None else 0
        extra = self.extra_turn()  # a skill's extra turn (Fangquan) comes first
        if extra is not None:
            return extra
        base = self.turn_base()
        for s in order_from(base, self.n)[1:]:
            if self.alive[s]:
                return s
        return base if self.alive[base] else self.current

    def on_TurnStarted(self, fact: Fact, d: dict[str, Any]) -> None:
        s = self.seat(d["seat"])
        if self.stage != "between":
            self.broken(fact, "turn-order", f"a turn starts while turn {self.turn} is in "
                        f"its {self.stage} stage")
        want = self.next_seat()
        if s != want or d["turn"] != self.turn + 1:
            self.broken(fact, "turn-order", f"turn {d['turn']} goes to seat {s}; it is turn "
                        f"{self.turn + 1}, seat {want}'s")
        self.turn_taken(s)
        if self.face_down.get(s):
            self.broken(fact, "turn-order", f"seat {s} is turned over: it skips this turn")
        self.current, self.turn = s, int(d["turn"])
        self.stage, self.skip_play, self.kills, self.uses = "start", False, 0, []
        self.handled, self.marks = set(), {}
        if self.hidden(s):
            self.owe(Owed("show-step", f"seat {s}'s start-of-turn question (show or not)",
                          lambda f: f.type in ("GeneralsShown", "ShowDeclined")
                          and f.data.get("seat") == s and
                          f.data.get("reason", "turn_start") == "turn_start", self.claim))

    def on_ShowDeclined(self, fact: Fact, d: dict[str, Any]) -> None:
        s = self.seat(d["seat"])
        if s != self.current or self.stage != "start" or not self.claimed(fact):
            self.broken(fact, "show-step", f"seat {s} declined to show, but it was not asked")

    def on_PhaseChanged(self, fact: Fact, d: dict[str, Any]) -> None:
        s = self.seat(d["seat"])
        if s != self.current or d["phase"] != "discard" or self.stage != "play":
            self.broken(fact, "turn-order", f"seat {s} ends a play phase that is not on")
        if (d.get("skipped") == "play") != self.skip_play:
            self.broken(fact, "indulgence", f"seat {s}'s play phase is "
                        + ("skipped with no Indulgence in effect" if not self.skip_play else
                           "played, but an Indulgence took effect"))
        self.stage, self.uses, self.table.revealed = "discard", [], []

    def on_TurnEnded(self, fact: Fact, d: dict[str, Any]) -> None:
        s = self.seat(d["seat"])
        if s != self.current or self.stage not in ("discard", "end"):
            self.broken(fact, "turn-order", f"seat {s}'s turn ends out of order")
        if len(self.table.hands[s]) > max(self.hp[s], 0) and not self.skips_discard(s):
            self.broken(fact, "discard-phase", f"seat {s} ends its turn holding "
                        f"{len(self.table.hands[s])} cards with {self.hp[s]} HP")
        self.turn_over()

    def turn_over(self) -> None:
        self.stage, self.uses = "between", []
        if self.turn >= int(self.options.get("turn_cap", DEFAULT_TURN_CAP)):
            self.owe(Owed("turn-cap", "the turn cap's draw", then=lambda f: None if (
                self.decided or self.over) else self.decide("draw", "turn_cap", f)))

    # --- drawing ------------------------------------------------------------------------
    def on_PileReshuffled(self, fact: Fact, d: dict[str, Any]) -> None:
        if not self.table.reshuffled(list(d["order"])):
            self.broken(fact, "card-source", "the reshuffled cards are not the discard pile")

    def drawn(self, fact: Fact, cards: list[int], n: int, who: str) -> None:
        """Cards from the pile's top, as many as called for (rules 1: what is left)."""
        want = n if self.rules >= 2 else min(n, len(self.table.pile))
        if len(cards) != want:
            self.broken(fact, "draw-count", f"{who} draws {len(cards)} cards, not {want}")
        if not self.table.from_top(cards):
            self.broken(fact, "card-source", f"{who} draws {cards}, which are not the top "
                        "of the draw pile")

    def on_CardsDrawn(self, fact: Fact, d: dict[str, Any]) -> None:
        s, reason, cards = self.seat(d["seat"]), d["reason"], list(d["cards"])
        n = DRAWS.get(reason, len(cards))
        if reason == "draw_phase":
            n = self.draw_phase_count(s)
            if self.skip_draw:
                self.broken(fact, "supply-shortage", f"seat {s} draws in a draw phase its "
                            "Supply Shortage skips")
            if s != self.current or self.stage != "start":
                self.broken(fact, "turn-order", f"seat {s} draws for a draw phase that is "
                            "not its own")
            for c in [j for j in self.table.judging[s] if self.as_name(j) == INDULGENCE]:
                self.table.judging[s].remove(c)  # judged or nullified at the judgment
            self.stage = "play"
        elif reason in ("perfect_pair", "half_fish"):
            if not self.claimed(fact):
                self.broken(fact, reason.replace("_", "-"), f"seat {s} draws a "
                            f"{reason.replace('_', ' ')} bonus it is not owed")
        elif reason == EX_NIHILO:
            self.effect_of(fact, EX_NIHILO)
            u = self.use_of(EX_NIHILO)
            if u is None or u.user != s:
                self.broken(fact, "card-effect", f"seat {s} draws for an Ex Nihilo it did "
                            "not use")
        elif reason == "double_swords":
            u = self.use_of(KILL)
            if u is None or u.user != s or self.table.weapon(s) != "double_swords":
                self.broken(fact, "card-effect", f"seat {s} draws for Double Swords it did "
                            "not wield")
        elif reason in DECK_DRAWS:
            n = self.deck_drawn(fact, s, reason)
        elif (owed := self.skill_draw(fact, s, reason)) is not None:
            n = owed
        else:
            self.broken(fact, "card-effect", f"seat {s} draws for {reason!r}")
        self.alive_or_broken(fact, s, "draws cards")
        self.drawn(fact, cards, n, f"seat {s}")
        self.table.hands[s] += cards

    def claimed(self, fact: Fact) -> bool:
        return fact.version in self.claims

    @property
    def claims(self) -> set[int]:
        if not hasattr(self, "_claims"):
            self._claims: set[int] = set()
        return self._claims

    def claim(self, fact: Fact | None) -> None:
        if fact is not None:
            self.claims.add(fact.version)

    # --- showing generals -----------------------------------------------------------------
    def on_GeneralsShown(self, fact: Fact, d: dict[str, Any]) -> None:
        s, reason = self.seat(d["seat"]), d["reason"]
        if reason == "game_end" and not self.claimed(fact):
            self.unannounced_end(fact)
        which = list(d["which"])
        hidden = self.hidden(s)
        # (a death's show owed while a general was hidden, recorded empty once a death
        # skill showed it first: the engine's no-op, Duanchang shown by a dead seat)
        empty_death = reason == "death" and not which and not hidden and not self.alive[s]
        if (not which and not empty_death) or any(w not in hidden for w in which) or \
                len(set(which)) != len(which):
            self.broken(fact, "show", f"seat {s} shows {which}; its hidden generals are "
                        f"{hidden}")
        names = [self.generals[s][0 if w == HEAD else 1] for w in which if w in (HEAD, DEPUTY)]
        if list(d["generals"]) != names:
            self.broken(fact, "show", f"seat {s} shows {d['generals']}, but its {which} are "
                        f"{names}")
        if reason == "turn_start":
            if s != self.current or self.stage != "start" or not self.claimed(fact):
                self.broken(fact, "show-step", f"seat {s} shows a general outside the start "
                            "of its own turn")
        elif reason in ("death", "game_end"):
            if not self.claimed(fact) or which != hidden:
                self.broken(fact, "show", f"seat {s}'s generals shown at its {reason} are "
                            f"{which}, not every hidden one ({hidden})")
        elif reason in ("skill", "play"):
            self.skill_show(fact, s, which, reason, d.get("then"))
        else:
            self.broken(fact, "show", f"no rule shows a general for {reason!r}")
        was_both = all(self.shown[s])
        for w in which:
            if w in (HEAD, DEPUTY):
                self.shown[s][0 if w == HEAD else 1] = True
        if self.side[s] is None:
            self.owe(Owed("kingdom", f"seat {s}'s side, fixed by its first show",
                          self.is_("KingdomDecided", seat=s)), first=True)
        if reason in ("turn_start", "skill", "play"):
            after: list[Owed] = []
            if not was_both and all(self.shown[s]) and self.alive[s] and \
                    s not in self.hidden_again:  # shown again (Qingcheng): no bonus
                after += self.bonuses(s)
            after.append(Owed("victory", "", then=lambda f: self.victory(f)))
            # after the side (owed first, if any): the bonuses, then the win check
            at = 1 if self.side[s] is None else 0
            self.owed[at:at] = after

    def bonuses(self, s: int) -> list[Owed]:
        head, deputy = self.generals[s]
        out: list[Owed] = []
        if deputy in ROSTER[head][2]:
            out.append(Owed("perfect-pair", f"seat {s}'s perfect pair", then=lambda f:
                            self.pair_bonus(s)))
        if hp_limit(head, deputy)[1]:
            fish = Owed("half-fish", f"seat {s}'s half fish: a draw of 1",
                        self.is_("CardsDrawn", seat=s, reason="half_fish"), self.claim)
            if self.bonus_asked:
                out.append(Owed("half-fish", f"seat {s}'s half fish choice (draw 1 or "
                                "decline)", self.is_("HalfFishChosen", seat=s),
                                self.choice_then(fish, None, s)))
            else:
                out.append(fish)
        return out

    @property
    def bonus_asked(self) -> bool:
        """Option ``bonus``: "ask" offers both bonuses (may be declined); games without the
        option took them at once."""
        return self.options.get("bonus", "auto") == "ask"

    def choice_then(self, draw: Owed, heal: Owed | None, s: int) -> Callable[[Fact | None],
                                                                          None]:
        """What a recorded bonus choice makes owed next: the draw, the heal, or nothing."""
        def chosen(f: Fact | None) -> None:
            assert f is not None
            choice = f.data.get("choice")
            if choice == "heal" and heal is not None and self.hp[s] < self.max_hp[s]:
                self.owe(heal, first=True)
            elif choice == "draw":
                self.owe(draw, first=True)
            elif choice != "decline" or not self.bonus_asked:
                rule = "perfect-pair" if heal is not None else "half-fish"
                self.broken(f, rule, f"seat {s} chose {choice!r}, which was not offered")
            self.claim(f)
        return chosen

    def pair_bonus(self, s: int) -> None:
        """Asked: draw 2, heal 1 (wounded) or decline. Without the option: wounded, the seat
        chooses draw or heal; at full HP it draws 2."""
        draw = Owed("perfect-pair", f"seat {s}'s perfect pair: a draw of 2",
                    self.is_("CardsDrawn", seat=s, reason="perfect_pair"), self.claim)
        heal = Owed("perfect-pair", f"seat {s}'s perfect pair: a heal of 1",
                    self.is_("Healed", seat=s, reason="perfect_pair"), self.claim)
        if self.hp[s] >= self.max_hp[s] and not self.bonus_asked:
            self.owe(draw, first=True)
            return
        self.owe(Owed("perfect-pair", f"seat {s}'s perfect pair choice",
                      self.is_("PairBonusChosen", seat=s), self.choice_then(draw, heal, s)),
                 first=True)

    def on_PairBonusChosen(self, fact: Fact, d: dict[str, Any]) -> None:
        if not self.claimed(fact):
            self.broken(fact, "perfect-pair", f"seat {d['seat']} chooses a perfect-pair "
                        "bonus it is not owed")

    def on_HalfFishChosen(self, fact: Fact, d: dict[str, Any]) -> None:
        if not self.claimed(fact):
            self.broken(fact, "half-fish", f"seat {d['seat']} chooses a half-fish bonus it "
                        "is not owed")

    def on_KingdomDecided(self, fact: Fact, d: dict[str, Any]) -> None:
        s = self.seat(d["seat"])
        if self.side[s] is not None:
            self.broken(fact, "kingdom", f"seat {s}'s side was fixed already "
                        f"({self.side[s]}): a side never changes")
            return
        k = self.kingdom(s)
        before = sum(1 for x in self.side if x == k)
        want = self.would_be(s, self.side)
        careerist = want != k
        self.expect(fact, f"seat {s} side", want, d["side"], "careerist" if (
            careerist or str(d["side"]).startswith(CAREERIST)) else "kingdom",
            f"seat {s} ({k}) is the {before + 1}th to show {k} at a table of {self.n}: "
            + (f"more than half, so a careerist ({want})" if careerist else
               f"not more than half, so {k}") + f"; the record says {d['side']}")
        recorded = {"kingdom": d["kingdom"], "careerist": d["careerist"],
                    "shown_before": d["shown_before"]}
        derived = {"kingdom": k, "careerist": careerist, "shown_before": before}
        if recorded != derived and d["side"] == want:  # a wrong side is named above
            self.broken(fact, "kingdom", f"seat {s}'s decision should read {derived}, the "
                        f"record says {recorded}")
        self.side[s] = want

    # --- the victory check ----------------------------------------------------------------
    def victory(self, fact: Fact | None) -> None:
        if self.decided is not None:
            return
        if self.options.get("victory", "house") == "seed" and any(
                self.alive[s] and self.side[s] is None for s in range(self.n)):
            return  # the seed's rule: nobody wins while a survivor's kingdom is not fixed
        sides = self.projected()
        living = {sides[s] for s in range(self.n) if self.alive[s]}
        if len(living) != 1:
            return
        (side,) = living
        reason = "careerist_alone" if side.startswith(CAREERIST) else "one_kingdom_left"
        self.decide(side, reason, fact, [s for s in range(self.n) if sides[s] == side])

    def decide(self, side: str, reason: str, fact: Fact | None,
               winners: list[int] | None = None) -> None:
        """The game is over here: every hidden general is shown, then the end."""
        at = fact.version if fact else (self.fact.version if self.fact else 0)
        self.decided = ({"side": side, "reason": reason, "winners": winners or []}, at)
        end: list[Owed] = []
        if reason == "pile_exhausted":
            self.owed = []  # the draws the pile could not supply
        for s in order_from(max(self.current, 0), self.n):
            hidden = self.hidden(s)
            if hidden:
                end.append(Owed("game-end", f"seat {s}'s generals shown at the end",
                                self.is_("GeneralsShown", seat=s, reason="game_end"),
                                self.claim, end=True))
        end.append(Owed("game-end", "the end of the game", self.is_("GameEnded"),
                        self.claim, end=True))
        self.owe(*end, first=True)

    def unannounced_end(self, fact: Fact) -> None:
        """The end begins with no win the referee saw: under rules 2 an exhausted pile
        ends the game (in a draw); the game's end played on past a win is named already."""
        if self.decided is not None:
            self.claim(fact)
            return
        if self.rules < 2:
            return
        left = len(self.table.pile) + len(self.table.out_of_play())
        if left > 10:  # no draw asks for more than 10 cards (a reward at 10 seats)
            self.broken(fact, "pile-exhausted", f"the game ends as if the pile were "
                        f"exhausted, but {left} cards are in the piles")
        self.decide("draw", "pile_exhausted", None)
        self.settle(fact)

    def on_GameEnded(self, fact: Fact, d: dict[str, Any]) -> None:
        outcome = d["outcome"]
        if not self.claimed(fact) and outcome.get("reason") == "pile_exhausted":
            self.unannounced_end(fact)
        want: dict[str, Any]
        if self.decided is None:
            sides = self.projected()
            living = sorted({sides[s] for s in range(self.n) if self.alive[s]})
            self.broken(fact, "game-end", "the game ended, but no side had won: the "
                        f"living seats are of {living}")
            want = {"side": None, "reason": None, "winners": []}
        else:
            want = self.decided[0]
        said = self.said() if self.decided else "nobody won"
        self.expect(fact, "winning side", want["side"], outcome.get("side"), "winner",
                    f"{said}; the record says {outcome.get('side')}")
        self.expect(fact, "winners", sorted(want["winners"]),
                    sorted(outcome.get("winners", [])), "winner",
                    f"the winners are seats {sorted(want['winners'])}, the record says "
                    f"{outcome.get('winners')}")
        self.expect(fact, "reason", want["reason"], outcome.get("reason"), "winner",
                    f"the reason is {want['reason']!r}, the record says "
                    f"{outcome.get('reason')!r}")
        rows = {r.get("seat"): r for r in outcome.get("seats", [])}
        for s in range(self.n):
            won = s in want["winners"]
            side = self.side[s] or ""
            row = {"player": self.players[s], "role": role_of(side), "won": won,
                   "score": 1 if won else 0}
            got = {k: rows.get(s, {}).get(k) for k in row}
            self.expect(fact, f"seat {s} outcome", row, got, "outcome-row",
                        f"seat {s}'s outcome should be {row}, the record says {got}")
        self.over = True

    # --- using cards ----------------------------------------------------------------------
    def on_CardUsed(self, fact: Fact, d: dict[str, Any]) -> None:
        s, name, via = self.seat(d["seat"]), d["name"], d["via"]
        cards, targets = list(d["cards"]), [self.seat(t) for t in d["targets"]]
        self.alive_or_broken(fact, s, f"uses {name}")
        spear = len(cards) == 2 and name == KILL
        if spear and self.table.weapon(s) != SPEAR:
            self.broken(fact, "card-use", f"seat {s} uses two cards as a Kill without a Spear")
        zones = self.card_hook(fact, s, cards, name, use=True)  # a skill's conversion
        if not spear and zones is None and (len(cards) != 1 or NAME[cards[0]] != name):
            self.broken(fact, "card-use", f"seat {s} uses {cards} as {name}")
        if via == "play":
            if s != self.current or self.stage != "play":
                self.broken(fact, "turn-order", f"seat {s} plays a card outside its own "
                            "play phase" if s != self.current else
                            f"seat {s} plays a card outside its play phase")
            if self.skip_play:
                self.broken(fact, "indulgence", f"seat {s} plays a card in a play phase its "
                            "Indulgence skips")
            self.uses, self.table.revealed = [], []
        elif via == "blade":
            u = self.use_of(KILL)
            if u is None or u.user != s or self.table.weapon(s) != "blade":
                self.broken(fact, "asked-seat", f"seat {s} uses a Blade Kill it was not "
                            "offered")
        elif via in VIA:  # a card a skill asks for (Luanwu's Kills)
            VIA[via](self, fact, s, name, targets)
        elif via == "collateral":
            self.effect_of(fact, COLLATERAL)
            u = self.use_of(COLLATERAL)
            if u is None or u.targets[0] != s or targets != u.targets[1:]:
                self.broken(fact, "asked-seat", f"seat {s} answers a Collateral it was not "
                            "asked")
        # an equipped card made a Kill still counts for range and the Kill limit: the
        # targets are chosen before it leaves (docs/rules/sanguosha.md)
        worn = zones is not None and any(c in self.table.equipment(s) for c in cards)
        if via == "play" and worn:
            self.targets_ok(fact, s, name, cards, targets)
        self.owns(fact, s, cards, zones or (HAND,), f"uses {name} with")
        if via == "play" and not worn:
            self.targets_ok(fact, s, name, cards, targets)
        if name == KILL and via == "play":
            self.kills += 1
        if name == KILL and s == self.current and self.stage == "play":
            self.marks["killed"] = True
        first = cards[0] if cards else -1  # a card no card makes (Shuangren's Kill)
        kept = self.kept_targets(s, name, targets, cards)  # a target may cancel itself
        delayed = (zones is not None and name in (INDULGENCE, SUPPLY)) or (
            zones is None and len(cards) == 1 and KIND[first] == DELAYED)
        if delayed and not kept:
            return  # its only target cancelled itself (Weimu): the card is discarded
        if zones is not None and name in (INDULGENCE, SUPPLY):  # a delayed card a skill made
            self.table.judging[targets[0]].append(first)
            self.virtual[first] = name
        elif zones is None and len(cards) == 1 and KIND[first] == EQUIPMENT:
            self.table.wear(s, first)
        elif zones is None and len(cards) == 1 and KIND[first] == DELAYED:
            self.table.judging[targets[0]].append(first)
            self.virtual.pop(first, None)
        elif kept:  # (a card made by a skill too)
            self.uses.append(Use(name, s, kept, cards))
            if via == "blade":  # (on top of the Kill it follows: ``blade_done``)
                self.uses[-1].extra["blade"] = True
            self.deck_used(s, name, cards, self.uses[-1])

    def targets_ok(self, fact: Fact, s: int, name: str, cards: list[int],
                   targets: list[int]) -> None:
        """Who a card may be used on, as the play phase allows."""
        alive, t = self.alive, self.table
        others = [x for x in range(self.n) if x != s and alive[x]]
        bad = ""
        if name in EVERYONE:
            bad = "" if targets == [x for x in order_from(s, self.n) if alive[x]] else \
                "every living seat from the user"
        elif name in OTHERS:
            bad = "" if targets == [x for x in order_from(s, self.n)[1:] if alive[x]] else \
                "every other living seat from the user's next"
        elif name in DECK_CARDS:
            bad = self.deck_targets(s, name, targets)
        elif name != KILL and (name in SELF_ONLY or (KIND[cards[0]] == EQUIPMENT
                                                     and NAME[cards[0]] == name)):
            bad = "" if targets == [s] else "the user only"
            if name == PEACH and self.hp[s] >= self.max_hp[s]:
                bad = "a wounded user"
            if name == LIGHTNING and any(self.as_name(j) == LIGHTNING for j in t.judging[s]):
                bad = "a user with no Lightning in its judgment area"
        elif name == KILL:
            if self.no_kills(s):
                self.broken(fact, "one-kill", f"seat {s} uses a Kill in a turn a skill "
                            "forbade it any (a lost Tianyi)")
            elif self.kills >= 1 + self.extra_kills(s) and t.weapon(s) != CROSSBOW and \
                    not self.kill_unlimited(s):
                self.broken(fact, "one-kill", f"seat {s} uses a Kill more than this play "
                            "phase allows without a Crossbow")
            many = t.weapon(s) == HALBERD and not t.hands[s] and len(cards) == 1
            most = (3 if many else 1) + self.extra_kill_targets(s, targets)
            if (not targets or len(targets) > most
                    or len(set(targets)) != len(targets)
                    or any(x not in others or (self.dist(s, x) > self.reach_of(s)
                                               and not self.kill_any_distance(s))
                           for x in targets)):
                bad = "living others within attack range (one; up to 3 with a Halberd " \
                      "on the last hand card; more as a skill grants)"
        elif name in (DUEL, DISMANTLEMENT, SNATCH, INDULGENCE):
            x = targets[0] if len(targets) == 1 else None
            if x is None or x not in others:
                bad = "one other living seat"
            elif name in (DISMANTLEMENT, SNATCH) and not t.everything(x):
                bad = "a seat with a card"
            elif name == SNATCH and self.dist(s, x) > 1 and not \
                    self.trick_unlimited(s):
                bad = "a seat at distance 1"
            elif name == INDULGENCE and any(self.as_name(j) == INDULGENCE for j in t.judging[x]):
                bad = "a seat with no Indulgence in its judgment area"
        elif name == COLLATERAL:
            ok = (len(targets) == 2 and targets[0] in others and alive[targets[1]]
                  and targets[1] != targets[0] and t.weapon(targets[0]) is not None
                  and self.dist(targets[0], targets[1]) <= self.reach_of(targets[0]))
            bad = "" if ok else "an armed other seat and a seat in its range"
        else:
            bad = "nobody: it cannot be used in the play phase"
        if bad:
            self.broken(fact, "card-target", f"seat {s} uses {name} on {targets}; it "
                        f"targets {bad}")

    def judgment_window(self, nullified: bool) -> None:
        """A Nullification window in the judgment phase is on the next delayed card."""
        if self.stage != "start":
            return
        if self.window is None:
            cur = self.current
            card = next((c for c in reversed(self.table.judging[cur])
                         if c not in self.handled), None)
            if card is None:
                return
            self.window = [card, False]
        if nullified:
            self.window[1] = not self.window[1]

    def close_window(self) -> None:
        """The window closed: a nullified Indulgence is discarded unjudged (a nullified
        Lightning moves on, recorded)."""
        assert self.window is not None
        card, nullified = self.window
        self.window = None
        self.handled.add(card)
        if nullified and self.as_name(card) in (INDULGENCE, SUPPLY) and \
                card in self.table.judging[self.current]:
            self.table.judging[self.current].remove(card)

    def effect_of(self, fact: Fact, name: str) -> None:
        """A trick's effect goes on: it must not have been nullified."""
        u = self.use_of(name)
        if u is not None and u.extra.get("nullified"):
            self.broken(fact, "nullification", f"seat {u.user}'s {name} was nullified, yet "
                        f"its effect goes on with {fact.type}")
            u.extra["nullified"] = False  # named once

    def answering(self, fact: Fact, s: int, ask: str) -> None:
        """Whether the answering seat is one this ask could be put to."""
        ok, why = True, ""
        if ask == "dodge":
            u = self.use_of(KILL, ARROWS)
            ok = u is not None and s in u.targets and not self.dodged_already(u, s)
            why = "it is the target of no Kill or Arrow Barrage it has not dodged yet " \
                "(Wushuang: two Dodges)"
            self.spared(fact, u, s)
        elif ask == "kill":
            u = self.use_of(DUEL, BARBARIANS)
            ok = u is not None and (s in u.targets or (u.name == DUEL and s == u.user))
            why = "it is in no Duel and no Barbarian Invasion"
            self.spared(fact, u, s)
            if u is not None and u.name == DUEL:
                self.effect_of(fact, DUEL)
        elif ask == "peach":
            ok = self.dying is not None
            why = "nobody is dying"
        elif ask == "nullify":
            ok = True
        elif ask in DECK_ASKS:
            why = self.deck_answering(s, ask)
            ok = not why
        elif ask in ("blade", "axe", "ice_sword", "kylin"):
            u = self.use_of(KILL)
            ok = u is not None and u.user == s
            why = f"it is not the user of the Kill ({ask})"
        elif ask == "double_swords":
            u = self.use_of(KILL)
            ok = u is not None and s in u.targets
            why = "it is not the target of a Kill"
        elif ask == "collateral":
            u = self.use_of(COLLATERAL)
            ok = u is not None and u.targets[0] == s
            why = "it holds no weapon a Collateral asks for"
            self.effect_of(fact, COLLATERAL)
        if not ok:
            self.broken(fact, "asked-seat", f"seat {s} answers a {ask} ask, but {why}")
        if not (ask == "skill" and self.claimed(fact)):  # a dead seat's skill (Duanchang)
            self.alive_or_broken(fact, s, f"answers a {ask} ask")

    def on_Responded(self, fact: Fact, d: dict[str, Any]) -> None:
        s, ask, cards = self.seat(d["seat"]), d["ask"], list(d["cards"])
        self.answering(fact, s, ask)
        want = ANSWER.get(ask)
        spear = ask == "kill" and len(cards) == 2 and self.table.weapon(s) == SPEAR
        zones = self.card_hook(fact, s, cards, d["name"], use=False)  # a skill's conversion
        made = len(cards) == 1 and zones is not None and d["name"] == want
        if not spear and not made and not self.answers_with(s, ask, cards, d["name"]):
            self.broken(fact, "card-use", f"seat {s} answers {ask} with {cards}, not a {want}")
        self.owns(fact, s, cards, zones or (HAND,), f"answers {ask} with")
        if ask == "kill" and s == self.current and self.stage == "play":
            self.marks["killed"] = True
        if ask == "dodge":
            u = self.use_of(KILL, ARROWS)
            if u is not None:
                self.dodge(u, s)
        if ask == "kill":
            self.duel_answered(fact, s, True)
        if ask == "nullify":
            self.judgment_window(True)
            u = self.uses[-1] if self.uses and self.stage != "start" else None
            if u is not None and u.name in SINGLE_TRICKS:
                u.extra["nullified"] = not u.extra.get("nullified", False)
            elif u is not None and u.name in WINDOWED:
                self.deck_window(s, u, True)
            self.nullify_answer(s, True)
        if ask == "peach" and self.dying is not None and self.peach_barred(s, self.dying[0]):
            self.broken(fact, "wansha", f"seat {s} gives a Peach to seat {self.dying[0]}, "
                        "but Wansha allows only its owner and the dying seat in its turn")
        if ask == "peach" and self.dying is not None:
            v = self.dying[0]
            self.hp[v] += 1
            if self.hp[v] >= 1:
                self.owe(Owed("dying", f"seat {v} is saved: its rescue",
                              self.is_("Rescued", seat=v)), first=True)

    def duel_answered(self, fact: Fact, s: int, played: bool) -> None:
        """A Duel asks its target first, then each side in turn, until one does not play;
        against a shown Lü Bu (Wushuang) each answer is two Kills."""
        u = self.use_of(DUEL, BARBARIANS)
        if u is None or u.name != DUEL or not u.targets:
            return  # (no Duel asks: ``answering`` names it)
        turn, kills = u.extra.get("duel", (u.targets[0], 0))
        if s != turn:
            owed = "no seat: the Duel is over" if turn is None else \
                f"seat {turn}'s " + ("second Kill (Wushuang: two Kills against a shown Lü Bu)"
                                     if kills else "Kill")
            self.broken(fact, "wushuang" if kills else "asked-seat", f"seat {s} answers the "
                        f"Duel of seat {u.user} on seat {u.targets[0]}; it asks {owed}")
            kills = 0  # (the record's seat answers on)
        other = u.user if s != u.user else u.targets[0]
        kills += 1
        if not played:
            turn = None
        elif kills >= self.kills_needed(other):
            turn, kills = other, 0
        else:
            turn = s
        u.extra["duel"] = (turn, kills)

    def dodge_declined(self, s: int) -> None:
        """The seat asked again (Wushuang's second Dodge) answered: the Kill goes on."""
        u = self.use_of(KILL, ARROWS)
        if u is not None and u.extra.get("dodge_due") == s:
            del u.extra["dodge_due"]

    def took_it(self, s: int, *names: str) -> None:
        """The seat let the card's effect through: its damage may follow."""
        u = self.use_of(*names)
        if u is not None:
            u.extra.setdefault("hit", set()).add(s)

    def on_Declined(self, fact: Fact, d: dict[str, Any]) -> None:
        s, ask = self.seat(d["seat"]), d["ask"]
        self.answering(fact, s, ask)
        if ask == "dodge":
            self.took_it(s, KILL, ARROWS)
            self.dodge_declined(s)
        elif ask == "kill":
            self.took_it(s, DUEL, BARBARIANS)
            self.duel_answered(fact, s, False)
        elif ask == "peach" and self.dying is not None:
            self.asked_for_peach.add(s)
        if ask == "nullify":
            self.judgment_window(False)
            u = self.uses[-1] if self.uses and self.stage != "start" else None
            if u is not None and u.name in WINDOWED:
                self.deck_window(s, u, False)
            self.nullify_answer(s, False)
        if ask == "skill":
            self.skill_declined(fact, s)
        if ask in ("nullify", "peach") and not self.options.get("ask_everyone"):
            holds = self.can_answer(s, ask)
            if not holds:
                self.broken(fact, "asked-seat", f"seat {s} declines a {ask} window, but only "
                            f"seats holding a {ANSWER[ask]} are asked at this table")

    def on_Accepted(self, fact: Fact, d: dict[str, Any]) -> None:
        self.answering(fact, self.seat(d["seat"]), d["ask"])
        self.deck_accepted(d["seat"], d["ask"])

    def on_CardPicked(self, fact: Fact, d: dict[str, Any]) -> None:
        s, c = self.seat(d["seat"]), d["card"]
        u = self.use_of(GRACE)
        if u is None or s not in u.targets:
            self.broken(fact, "asked-seat", f"seat {s} takes a card of an Amazing Grace it "
                        "is not a target of")
        self.spared(fact, u, s)
        if c not in self.table.revealed:
            self.broken(fact, "card-owner", f"seat {s} takes card {c}, which was not turned up")
        else:
            self.table.revealed.remove(c)
        self.table.hands[s].append(c)

    def on_CardsRevealed(self, fact: Fact, d: dict[str, Any]) -> None:
        cards = list(d["cards"])
        if d.get("reason", GRACE) != GRACE:  # a skill turns up cards (Zaiqi)
            self.skill_revealed(fact, cards, d["reason"])
            return
        u = self.use_of(GRACE)
        self.drawn(fact, cards, len(u.targets) if u else len(cards), "Amazing Grace")
        self.table.revealed = cards

    def on_Judged(self, fact: Fact, d: dict[str, Any]) -> None:
        s, card, reason = self.seat(d["seat"]), d["card"], d["reason"]
        if card is None:
            if self.rules >= 2 or self.table.pile:
                self.broken(fact, "card-source", f"seat {s}'s judgment has no card")
        elif not self.table.from_top([card]):
            self.broken(fact, "card-source", f"seat {s}'s judgment card {card} is not the top "
                        "of the draw pile")
        self.judgment_opened(fact, s, reason, card)  # a retrial may replace its card
        result = self.judgment_effect(fact, s, card, reason, d["result"])
        self.expect(fact, f"judgment of seat {s} ({reason})", result, d["result"],
                    "judgment", f"card {card} judged for {reason} gives {result}, the "
                    f"record says {d['result']}")

    def judgment_effect(self, fact: Fact, s: int, card: int | None, reason: str,
                        recorded: bool, first: bool = True) -> bool:
        """What a judgment card does (again, with the card a retrial put in its place)."""
        read = self.judged_as(s, card)  # (a shown Xiao Qiao's spade is a heart: Hongyan)
        if reason in (INDULGENCE, LIGHTNING, SUPPLY):
            if s != self.current or self.stage != "start" or not any(
                    self.as_name(j) == reason for j in self.table.judging[s]):
                self.broken(fact, "judgment", f"seat {s} is judged for {reason} outside its "
                            "judgment phase or with none in its judgment area")
            result = self.supply_judged(read) if reason == SUPPLY else read is not None and (
                SUIT[read] != "H" if reason == INDULGENCE else lightning_strikes(read))
        elif reason == EIGHT_TRIGRAMS:
            # (worn as the judgment opened: a retrial may take the armor itself, Guidao)
            if first and self.table.armor(s) != EIGHT_TRIGRAMS and not self.skill_trigrams(s):
                self.broken(fact, "judgment", f"seat {s} judges with Eight Trigrams it does "
                            "not wear")
            self.answering(fact, s, "dodge")
            result = read is not None and RED[read]
            u = self.use_of(KILL, ARROWS)
            if result and u is not None:
                self.dodge(u, s)  # a red judgment is a Dodge
        elif (skilled := self.skill_judged(fact, s, reason, card)) is not None:
            result = skilled
        else:
            self.broken(fact, "judgment", f"no rule judges for {reason!r}")
            result = recorded
        if first:  # (rules 6: Hongyan may turn it)
            self.judgment_seen(s, reason, card, result)
        if reason in (INDULGENCE, SUPPLY):
            j = next((j for j in self.table.judging[s] if self.as_name(j) == reason), None)
            if j is not None:
                self.table.judging[s].remove(j)
                self.handled.add(j)
            self.skip_play = self.skip_play or bool(result and reason == INDULGENCE)
        elif reason == LIGHTNING and result:
            j = next((j for j in self.table.judging[s] if self.as_name(j) == LIGHTNING), None)
            thunder = self.is_("NatureDamaged", seat=s, source=None, reason=LIGHTNING)
            # (rules 6 and before: moved on by Tianxiang, it was dealt as plain damage)
            moved = self.is_("Damaged", seat=s, source=None, reason=LIGHTNING)
            self.owe(Owed("lightning", f"seat {s}'s Lightning strikes: 3 damage",
                          (lambda f: thunder(f) or (self.rules < 7 and moved(f) and (
                              self.marks.get("redirect") or (None,))[0] == s))
                          if self.kw else self.is_("Damaged", seat=s, source=None, amount=3,
                                                   reason=LIGHTNING), self.claim), first=True)
            if j is not None:
                self.table.judging[s].remove(j)
                self.handled.add(j)
        elif reason == LIGHTNING:
            self.handled.update(j for j in self.table.judging[s] if self.as_name(j) == LIGHTNING)
        return bool(result)

    def on_LightningPassed(self, fact: Fact, d: dict[str, Any]) -> None:
        """A Lightning that missed moves on to the next living seat holding none. Rules
        8: as a card used on that seat would (``hegemony_shu``): past a seat whose shown
        skill cancels it (Weimu), and a hidden one's owner is asked on its landing;
        shown, it passes on from there (owed then: the only pass outside its owner's
        judgment phase)."""
        s, to, card = self.seat(d["seat"]), self.seat(d["to"]), d["card"]
        if self.table.remove(s, card, (JUDGE,)) is None or NAME[card] != LIGHTNING:
            self.broken(fact, "card-owner", f"seat {s} passes a Lightning it does not have")
        passing = self.rules >= 8
        skips, lands = HOOKS.get("lightning_skips"), HOOKS.get("lightning_lands")
        want = next((x for x in order_from(s, self.n)[1:] if self.alive[x] and all(
            self.as_name(j) != LIGHTNING for j in self.table.judging[x]) and not (
            passing and skips is not None and skips(self, x, card))), s)
        if to != want:
            self.broken(fact, "lightning", f"the Lightning passes to seat {to}, not to the "
                        f"next living seat without one{' it may reach' * passing} "
                        f"(seat {want})")
        if passing and (s != self.current or self.stage != "start") and \
                not self.claimed(fact):
            self.broken(fact, "lightning", f"seat {s} passes a Lightning outside its "
                        "judgment phase, and no show for Weimu sent it on")
        self.table.judging[to].append(card)
        if passing and lands is not None and to != s:
            lands(self, to, card)

    def on_CardTaken(self, fact: Fact, d: dict[str, Any]) -> None:
        s, src, c, reason = self.seat(d["seat"]), self.seat(d["source"]), d["card"], d["reason"]
        u = self.use_of(reason)
        if reason in (SNATCH, COLLATERAL):
            self.effect_of(fact, reason)
        if reason == SNATCH:
            if u is None or u.user != s or u.targets[0] != src:
                self.broken(fact, "card-effect", f"seat {s} takes a card of seat {src} with "
                            "no Snatch of its own on it")
        elif reason == COLLATERAL:
            if u is None or u.user != s or u.targets[0] != src or self.table.equip[src][0] != c:
                self.broken(fact, "card-effect", f"seat {s} takes card {c} of seat {src} with "
                            "no Collateral giving it that weapon")
        elif not self.skill_taken(fact, s, src, reason):
            self.broken(fact, "card-effect", f"no rule takes a card for {reason!r}")
        area = self.table.remove(src, c)
        if area is None or area != d["area"]:
            self.broken(fact, "card-owner", f"card {c} is not in seat {src}'s {d['area']}")
        self.table.hands[s].append(c)

    def on_CardsDiscarded(self, fact: Fact, d: dict[str, Any]) -> None:
        s, cards, reason, by = self.seat(d["seat"]), list(d["cards"]), d["reason"], d["by"]
        areas: tuple[str, ...] = (HAND, EQUIP, JUDGE)
        if reason == "discard_phase":
            want = len(self.table.hands[s]) - max(self.hp[s], 0)  # (Buqu: HP below 1)
            if s != self.current or self.stage != "discard" or len(cards) != want:
                self.broken(fact, "discard-phase", f"seat {s} discards {len(cards)} cards; "
                            f"at its discard phase it keeps as many as its HP ({self.hp[s]})")
            areas = (HAND,)
            self.stage = "end"
        elif reason in (DISMANTLEMENT, "ice_sword", "kylin_bow"):
            if reason == DISMANTLEMENT:
                self.effect_of(fact, DISMANTLEMENT)
            u = self.use_of(KILL if reason != DISMANTLEMENT else DISMANTLEMENT)
            if u is None or u.user != by or s not in u.targets or (
                    reason != DISMANTLEMENT and self.table.weapon(by) != reason):
                self.broken(fact, "card-effect", f"seat {by} discards seat {s}'s cards by "
                            f"{reason} it did not use")
            if reason == "kylin_bow":
                areas = (EQUIP,)
        elif reason in ("axe", "double_swords"):
            self.answering(fact, s, reason)
            u = self.use_of(KILL)
            if reason == "axe" and u is not None and "dodged" in u.extra:
                self.took_it(u.extra["dodged"], KILL)  # the Axe makes the dodged Kill hit
            if reason == "axe" and self.table.weapon(s) == AXE:
                axe = self.table.equip[s][0]
                if axe in cards or len(cards) != 2:
                    self.broken(fact, "card-effect", f"seat {s} pays the Axe with {cards}")
            if reason == "double_swords":
                areas = (HAND,)
        elif reason in DECK_DISCARDS:
            areas = self.deck_discards(fact, s, cards, reason)
        elif not self.skill_discard(fact, s, by, reason, cards):
            self.broken(fact, "card-effect", f"no rule discards cards for {reason!r}")
        self.owns(fact, s, cards, areas, f"discards ({reason})")

    def on_KillBlocked(self, fact: Fact, d: dict[str, Any]) -> None:
        s, src = self.seat(d["seat"]), self.seat(d["source"])
        u = self.use_of(KILL)
        black = u is not None and all(not RED[self.held(u.user, c)] for c in u.cards)
        if self.deck_kill_blocked(s, src, d["armor"]):
            return  # the Vine
        if (u is None or u.user != src or s not in u.targets or not black
                or self.table.armor(s) != RENWANG or self.table.equip[s][1] != d["armor"]
                or self.table.weapon(src) == "qinggang_sword"):
            self.broken(fact, "card-effect", f"seat {s}'s Renwang Shield blocks a Kill it "
                        "cannot block (a black Kill of an unarmoured-piercing weapon only)")

    # --- damage, dying, death -------------------------------------------------------------
    def on_Damaged(self, fact: Fact, d: dict[str, Any]) -> None:
        s, src, n, reason = self.seat(d["seat"]), d["source"], d["amount"], d["reason"]
        self.alive_or_broken(fact, s, "is damaged")
        m = self.meant_for(s)  # the seat it was meant for (Tianxiang moved it to s)
        # rules 6 and before: a moved damage lost its nature (a fire Kill's, a chain's)
        plain = m != s and self.rules < 7
        if plain and self.moved_chain(fact, s, src, n, reason, "normal", list(d["cards"])):
            ok = True
        elif reason == LIGHTNING:
            ok = n == self.armored(s, 3, "normal") and src is None
        elif reason == TRIBLADE:
            ok = n == 1 and self.claimed(fact)
        elif reason in USED:
            ok = self.skill_damage(fact, m, src, n, reason)
        else:
            u = self.use_of(reason)
            want = self.card_damage_to(s, m, src, u, reason, "normal")
            amiss = u is not None and n != want  # named with the amount due, once
            if amiss:
                self.broken(fact, "damage", f"seat {s} takes {n} {reason} damage from {src}; "
                            f"the {reason} deals {want} (a Wine, a skill, the armor counted)")
            ok = (n == want or amiss) and (self.nature_of(u) == "normal" or plain) and \
                u is not None and list(
                d["cards"]) == u.cards and (
                (src == self.card_source(u) and m in u.targets) if reason != DUEL else
                {m, src} == {u.user, u.targets[0]})
            if ok and u is not None and plain and reason == "fire_attack":
                ok = u.extra.get("paid") is True  # (its fire, moved on: dealt plain)
                u.extra["paid"] = False
            elif ok and u is not None and m not in u.extra.get("hit", set()):
                self.broken(fact, "damage", f"seat {m} takes the {reason}'s damage without "
                            "having let it through (no refusal to answer it, no Axe)")
            elif u is not None:
                u.extra.get("hit", set()).discard(m)
        if not ok:
            self.broken(fact, "damage", f"seat {s} takes {n} {reason} damage from "
                        f"{src}, which no card in play deals")
        self.hurt(fact, s, src, n)

    def hurt(self, fact: Fact, s: int, src: Any, n: int) -> None:
        """The HP a damage takes; at 0 or below, the dying is owed."""
        self.hp[s] -= n
        self.after_damage(fact, s, src, list(fact.data["cards"]))
        if self.hp[s] <= 0:
            self.owe(Owed("dying", f"seat {s} at {self.hp[s]} HP: its dying",
                          self.is_("Dying", seat=s, source=src)), first=True)

    def on_Healed(self, fact: Fact, d: dict[str, Any]) -> None:
        s, n, reason = self.seat(d["seat"]), d["amount"], d["reason"]
        self.alive_or_broken(fact, s, "is healed")
        u = self.use_of(reason)
        if reason == "perfect_pair":
            ok = self.claimed(fact)
        elif reason == PEACH:
            ok = u is not None and u.user == s
        elif reason == PEACH_GARDEN:
            ok = u is not None and s in u.targets and self.hp[s] < self.max_hp[s]
            self.spared(fact, u, s)
        elif reason == SILVER_LION:
            ok = self.claimed(fact)
        else:
            ok = self.skill_healed(s, reason)
        if not ok or n != self.heal_size(s, reason):
            self.broken(fact, "heal", f"seat {s} heals {n} by {reason}, which no rule gives")
        self.hp[s] = min(self.max_hp[s], self.hp[s] + n)

    def on_Dying(self, fact: Fact, d: dict[str, Any]) -> None:
        s = self.seat(d["seat"])
        self.asked_for_peach = set()
        if self.hp[s] > 0:
            self.broken(fact, "dying", f"seat {s} is dying at {self.hp[s]} HP")
        self.dying = (s, d["source"])

    def on_Rescued(self, fact: Fact, d: dict[str, Any]) -> None:
        s = self.seat(d["seat"])
        if self.dying is None or self.dying[0] != s or (
                self.hp[s] < 1 and not self.skill_survives(s)):  # (Buqu's wounds differ)
            self.broken(fact, "dying", f"seat {s} is rescued at {self.hp[s]} HP")
        self.dying = None

    def on_Died(self, fact: Fact, d: dict[str, Any]) -> None:
        s, killer = self.seat(d["seat"]), d["killer"]
        if self.dying is None or self.dying[0] != s or self.hp[s] > 0:
            self.broken(fact, "death", f"seat {s} dies at {self.hp[s]} HP, not dying")
        elif killer != self.dying[1]:
            self.broken(fact, "death", f"seat {s} was brought down by {self.dying[1]}, the "
                        f"record names {killer}")
        self.alive_or_broken(fact, s, "dies")
        everyone = bool(self.options.get("ask_everyone"))
        unasked = [x for x in range(self.n) if self.alive[x] and x not in self.asked_for_peach
                   and (everyone or (self.can_answer(x, "peach")
                                     and not self.peach_barred(x, s)))]
        if unasked:
            self.broken(fact, "dying", f"seat {s} dies, but seats {unasked} were never asked "
                        "for a Peach")
        if sorted(d["cards"]) != sorted(self.table.everything(s, "hejw")):
            self.broken(fact, "card-owner", f"seat {s}'s cards at its death are "
                        f"{sorted(self.table.everything(s, 'hejw'))}, the record says "
                        f"{sorted(d['cards'])}")
        if d.get("revealed", {}).get("generals") not in (None, self.generals[s]):
            self.broken(fact, "show", f"seat {s}'s generals are {self.generals[s]}")
        self.dying = None
        self.alive[s] = False
        self.table.clear(s, "hejw")
        self.deaths.append({"seat": s, "killer": killer, "by": killer,
                            "version": fact.version})
        if s == self.current:
            self.turn_ends_at_death()
            if self.rules < 6:  # the turn's end dropped what an earlier death still owed
                # after a death skill (its show, victory check and reward): rules 5
                self.owed = [o for o in self.owed if o.hold is None]
        items: list[Owed] = []
        if self.hidden(s):
            items.append(Owed("show", f"seat {s}'s hidden generals shown at its death",
                              self.is_("GeneralsShown", seat=s, reason="death"), self.claim))
        alive_then = list(self.alive)
        # rules 6 and before: a killer with no side at the death is paid nothing, even when
        # a death skill (Xingshang) shows it before the reward; rules 7 reads it then
        sided = killer is not None and self.side[killer] is not None
        sides_then = list(self.side)  # rules 6 and before counted the victim's side then
        rewards = Owed("reward", "", then=lambda f: self.reward(s, killer, alive_then, sided,
                                                                sides_then))
        check = Owed("victory", "", then=lambda f: self.victory(f))
        items += [check, rewards] if self.rules >= 2 else [rewards, check]
        held = self.death_held(s)  # a death skill acts first (Suishi)
        for item in items:
            item.hold = held
        # the dead seat's own skills first (Duanchang: its killing trigger comes first)
        self.owe(*self.death_skills(s, killer), *items, first=True)

    def turn_ends_at_death(self) -> None:
        """The seat on turn died: its turn is over at once."""
        self.table.revealed = []
        self.turn_over()

    def reward(self, victim: int, killer: int | None, alive: list[bool],
               sided: bool = True, sides_then: list[str | None] | None = None) -> None:
        """The killer's reward or penalty, by its side as it is paid (after the death's
        skills); before rules 7 nothing when it had no side at the death (``sided``), and
        the victim's side counted by the sides at the death (``sides_then``): a Cao Pi
        hidden then and shown for Xingshang added nothing to the draw."""
        if self.decided is not None:
            return  # the game is over: no reward nor penalty (rules 2)
        if killer is None or killer == victim or not alive[killer] or self.side[killer] is None:
            return
        if self.rules < 7 and not sided:
            return  # hidden at the death: the engine paid nothing (rules 6 and before)
        if self.rules >= 6 and not self.alive[killer]:
            return  # dead since the death (Suishi): nothing to pay (rules 6)
        theirs = self.side[victim]
        if theirs == self.side[killer]:
            self.owe(Owed("penalty", f"seat {killer} killed seat {victim} of its own side: "
                          "it discards hand and equipment",
                          self.is_("PenaltyPaid", seat=killer, victim=victim),
                          self.claim), first=True)
            return
        counted = self.side if self.rules >= 7 or sides_then is None else sides_then
        n = 1 if theirs is None or theirs.startswith(CAREERIST) else 1 + sum(
            1 for x in range(self.n) if alive[x] and counted[x] == theirs)
        self.owed_reward = n
        self.owe(Owed("reward", f"seat {killer} killed seat {victim} of another side "
                      f"({theirs}): it draws {n}",
                      self.is_("RewardDrawn", seat=killer, victim=victim), self.claim),
                 first=True)

    def on_RewardDrawn(self, fact: Fact, d: dict[str, Any]) -> None:
        s, cards = self.seat(d["seat"]), list(d["cards"])
        if not self.claimed(fact):
            self.broken(fact, "reward", f"seat {s} draws a reward for seat {d['victim']} "
                        "that no death calls for")
            n = len(cards)
        else:
            n = getattr(self, "owed_reward", len(cards))
        want = n if self.rules >= 2 else min(n, len(self.table.pile))
        self.recount.check(f"seat {s}'s reward for seat {d['victim']}", want, len(cards),
                           fact.version)
        self.drawn(fact, cards, n, f"seat {s}'s reward")
        self.table.hands[s] += cards

    def on_PenaltyPaid(self, fact: Fact, d: dict[str, Any]) -> None:
        s = self.seat(d["seat"])
        if not self.claimed(fact):
            self.broken(fact, "penalty", f"seat {s} pays a penalty for seat {d['victim']} "
                        "that no death calls for")
        held = self.table.everything(s, "he")
        if sorted(d["cards"]) != sorted(held):
            self.broken(fact, "penalty", f"seat {s} discards {sorted(d['cards'])}; its hand "
                        f"and equipment are {sorted(held)}")
        self.table.clear(s, "he")
