"""The identity-mode referee: a second implementation of Sanguosha's identity rules.

It walks a stored game's raw facts (the deal of identities and HP, the deck's order, the
hands, then every decision and consequence) with ``sanguosha_walk.Walk``, and adds what
identity mode rules itself: the identity table and starting HP, the lord's first turn,
what a death reveals, the victory check, rewards and penalties, and the end. Every
break of a rule is a ``Violation`` naming its event and rule; the figures a record
states (starting HP, rewards, the winners) are also listed as checks.

It imports nothing from ``domain/sanguosha/`` but the card list (a static table): the
identity table, HP and win rules are written here again.

The rules as judged (``docs/rules/sanguosha.md``; the version the game records in its
first event: 2, FreeKill's order, for every new game; 1 for games stored before it):
- 4 to 10 players; identities per the table (10 players: two renegades, or one with the
  ``ten_player_table`` option); 4 HP each, the lord 5 at five or more players.
- The deck's recorded order is the draw pile, top first; seat ``i`` is dealt cards
  ``4i..4i+3``; every later draw, judgment and reveal comes off the top. A pile that runs
  short takes the discard pile shuffled in under it (the recorded order). Rules 2: when
  both piles together cannot give what is needed, the game ends in a draw (rules 1: the
  draw comes up short, a judgment without a card fails).
- The lord takes the first turn; then the next living seat. After ``turn_cap`` turns
  (2000 unless the options say) the game ends in a draw.
- After a death, rules 2: the victory check first (lord dead: a renegade left alone wins
  alone, else the rebels; every rebel and renegade dead: the lord and loyalists); a death
  that decides the game ends it there, with no reward or penalty. Otherwise, if the
  killer is alive: a rebel's killer draws 3; a lord who killed a loyalist discards its
  hand and equipment. Rules 1 paid these before the victory check.
- A Halberd Kill's targets come in turn order from the user (rules 1: seat numbers).
"""

from __future__ import annotations

from collections import Counter

from domain.audit import Fact, Recount
from domain.referee import identity_qun, identity_shu, identity_wei, identity_wu  # noqa: F401
from domain.referee.identity_generals import (
    GENERALS,
    LORD_GENERALS,
    LORD_OFFER,
    dealt_to_each,
    skills_of,
)
from domain.referee.identity_skills import SkillWalk
from domain.referee.sanguosha_table import Table, labels
from domain.referee.sanguosha_walk import Desync, GameOver

LORD, LOYALIST, REBEL, RENEGADE = "lord", "loyalist", "rebel", "renegade"

#: players → (lords, loyalists, rebels, renegades)
TABLE = {4: (1, 1, 1, 1), 5: (1, 1, 2, 1), 6: (1, 1, 3, 1), 7: (1, 2, 3, 1),
         8: (1, 2, 4, 1), 9: (1, 3, 4, 1), 10: (1, 3, 4, 2)}
TEN = {"two_renegades": (1, 3, 4, 2), "one_renegade": (1, 3, 5, 1)}
HAND = 4
DECK_SIZE = 108
#: the rules versions this referee judges (a game records its own in its first event):
#: 1, the first engine (rewards before the victory check, a Halberd Kill's targets in
#: seat-number order, an exhausted pile draws short); 2, FreeKill's order, as above;
#: 3, generals bring their skills (``identity_skills``): a game without generals plays
#: under 3 exactly as under 2; 4 changed Kingdom Wars only; 5, the end phase (Biyue)
#: comes every turn of a table with skills, not only after a discard; 6 changed Kingdom
#: Wars only (a hidden Xiao Qiao shown for Hongyan at her judgment; a death's dues kept
#: when the seat on turn dies of Suishi); 7 changed Kingdom Wars only (hidden generals'
#: target cancels and Duanbing asked); 8 changed Kingdom Wars only (no draw-phase skill
#: after the draw is skipped or replaced)
RULES = (1, 2, 3, 4, 5, 6, 7, 8)

REASONS = {RENEGADE: "lord_died_renegade_alone", "rebels": "lord_died",
           LORD: "rebels_and_renegades_dead"}
WON = {RENEGADE: "the renegade won alone", "rebels": "the rebels won",
       LORD: "the lord and loyalists won", "draw": "the game was drawn"}


def referee(facts: list[Fact]) -> Recount:
    """Judge an identity game from its stored facts: the figures it states and every
    broken rule, each with its event number."""
    return IdentityReferee(facts).judge()


class IdentityReferee(SkillWalk):
    def __init__(self, facts: list[Fact]) -> None:
        super().__init__(facts)
        self.players: list[str] = []
        self.roles: list[str] = []
        self.decided: tuple[str, int] | None = None  # (side, event of the deciding death)

    # --- the whole game --------------------------------------------------------------
    def judge(self) -> Recount:
        stopped: int | None = None
        try:
            self.setup()
            self.play_turns()
        except GameOver:
            pass
        except Desync:
            f = self.peek()
            stopped = f.version if f is not None else None
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
            f = self.facts[self.i - 1] if self.i else self.peek()
            stopped = f.version if f is not None else None
            self.broken(stopped, "malformed", f"{f.type if f else 'the record'} cannot be read "
                        f"({type(e).__name__}: {e})")
        for f in self.facts[self.i:] if self.ended else []:
            self.broken(f.version, "after-end", f"{f.type} comes after the end of the game")
        if not self.ended:
            if stopped is None:
                self.recount.problems.append("the game has no GameEnded event: it is still "
                                             "live")
            else:
                self.recount.problems.append(f"the referee stopped following the game at "
                                             f"event {stopped}: the rules cannot place it")
        self.recount.details = {"deaths": self.deaths, "turns": self.turns,
                                "side": self.decided[0] if self.decided else None,
                                "roles": list(self.roles)}
        return self.recount

    # --- the setup -------------------------------------------------------------------
    def setup(self) -> None:
        f = self.next("Started", "the start")
        self.rules = f.data.get("rules", 1)
        if self.rules not in RULES:
            self.broken(f.version, "rules-version", f"the game records rules version "
                        f"{self.rules!r}; this referee judges versions {sorted(RULES)}")
            raise Desync
        self.players = list(f.data["players"])
        n = len(self.players)
        options = f.data.get("options") or {}
        if n not in TABLE:
            self.broken(f.version, "table-size", f"{n} players: identity mode is played by "
                        "4 to 10")
        ten = options.get("ten_player_table")
        if ten is not None and (ten not in TEN or n != 10):
            self.broken(f.version, "options", f"ten_player_table {ten!r} at {n} players")
        self.everyone = bool(options.get("ask_everyone"))
        self.turn_cap = int(options.get("turn_cap") or self.default_turn_cap)
        self.t = Table(n)

        f = self.next("IdentitiesDealt", "the deal of identities")
        self.roles = list(f.data["roles"])
        counts = TEN.get(ten or "two_renegades") if n == 10 else TABLE.get(n)
        wanted = dict(zip((LORD, LOYALIST, REBEL, RENEGADE), counts or (0, 0, 0, 0),
                          strict=True))
        dealt = Counter(self.roles)
        if len(self.roles) != n or dealt != Counter({r: k for r, k in wanted.items() if k}):
            self.broken(f.version, "roles", f"the deal gives {dict(dealt)} to {n} seats; a "
                        f"table of {n} deals {wanted}")
        lord = self.roles.index(LORD) if LORD in self.roles else -1
        if options.get("generals"):
            hp = self.choose_generals(lord, f)
        else:
            hp = [5 if s == lord and n >= 5 else 4 for s in range(n)]
        for s in range(n) if not options.get("generals") else ():
            got = f.data["hp"][s] if s < len(f.data["hp"]) else None
            self.expect(f, f"seat {s} starting HP", hp[s], got, "hp",
                        f"seat {s} ({self.roles[s]}) starts with {hp[s]} HP at {n} players, "
                        f"the record says {got}", figure_check=True)
        self.t.hp, self.t.max_hp = list(hp), list(hp)
        order = self.order if options.get("generals") else self.shuffled()
        f = self.next("HandsDealt", "the deal of the hands")
        hands = [order[HAND * s:HAND * (s + 1)] for s in range(n)]
        for s in range(n):
            got = list(f.data["hands"][s]) if s < len(f.data["hands"]) else []
            self.expect(f, "", hands[s], got, "deal",
                        f"seat {s} is dealt cards {HAND * s + 1}–{HAND * s + HAND} of the deck "
                        f"({labels(hands[s])}), the record says {labels(got)}")
        self.t.hands = hands
        self.t.pile = order[HAND * n:]

    def shuffled(self) -> list[int]:
        f = self.next("DeckShuffled", "the shuffled deck")
        order = list(f.data["order"])
        if sorted(order) != list(range(DECK_SIZE)):
            self.broken(f.version, "deck", f"the deck is not an order of the {DECK_SIZE} "
                        "cards")
        return order

    def choose_generals(self, lord: int, dealt_f: Fact) -> list[int]:
        """The lord is offered Cao Cao, Liu Bei, Sun Quan and two others and chooses;
        every other seat is dealt three of the rest (two at ten players) and keeps one;
        then all are shown, HP from the general (+1 for the lord at five or more)."""
        n = len(self.players)
        if dealt_f.data.get("hp"):
            self.broken(dealt_f.version, "hp", "with generals HP comes from them, not with "
                        "the identities")
        f = self.next("GeneralsOffered", "the lord's offer of generals", rule="generals")
        offers = list(f.data["offers"])
        offer = offers[lord] if 0 <= lord < len(offers) else None
        if offer is None or len(offer) != LORD_OFFER or len(set(offer)) != LORD_OFFER or \
                not set(LORD_GENERALS) <= set(offer) or not set(offer) <= set(GENERALS) or \
                any(o is not None for s, o in enumerate(offers) if s != lord):
            self.broken(f.version, "generals", f"the lord alone is offered {LORD_OFFER} "
                        f"generals, Cao Cao, Liu Bei and Sun Quan among them; the record "
                        f"says {offers}")
        self.order = self.shuffled()
        f = self.next("GeneralChosen", "the lord's choice of general", rule="generals")
        chosen: dict[int, str] = {}
        if f.data["seat"] != lord or f.data["general"] not in (offer or []):
            self.broken(f.version, "generals", f"the lord (seat {lord}) chooses one of "
                        f"{offer}; the record says seat {f.data['seat']} chose "
                        f"{f.data['general']!r}")
        chosen[lord] = f.data["general"]
        f = self.next("GeneralsOffered", "the other seats' offers", rule="generals")
        offers = list(f.data["offers"])
        k = dealt_to_each(n)
        pool = [g for o in offers if o is not None for g in o]
        if len(offers) != n or offers[lord] is not None or any(
                o is None or len(o) != k for s, o in enumerate(offers) if s != lord) or \
                len(set(pool)) != len(pool) or not set(pool) <= set(GENERALS) - {chosen[lord]}:
            self.broken(f.version, "generals", f"every seat but the lord is dealt {k} "
                        f"different generals of those left; the record says {offers}")
        while len(chosen) < n:
            f = self.next("GeneralChosen", "the other seats' choices", rule="generals")
            s, g = f.data["seat"], f.data["general"]
            if s in chosen or not (0 <= s < n) or g not in (offers[s] or []):
                self.broken(f.version, "generals", f"seat {s} keeps one of its own offer "
                            f"{offers[s] if 0 <= s < n else None}, once; the record says {g!r}")
                raise Desync
            chosen[s] = g
        f = self.next("GeneralsShown", "every general shown", rule="generals")
        generals = [chosen[s] for s in range(n)]
        hp = [GENERALS[g].hp + (1 if s == lord and n >= 5 else 0)
              for s, g in enumerate(generals)]
        self.expect(f, "", generals, list(f.data["generals"]), "generals",
                    f"the generals chosen are {generals}; the record shows "
                    f"{f.data['generals']}")
        for s in range(n):
            got = f.data["hp"][s] if s < len(f.data["hp"]) else None
            self.expect(f, f"seat {s} starting HP", hp[s], got, "hp",
                        f"seat {s} ({generals[s]}, {self.roles[s]}) starts with {hp[s]} HP, "
                        f"the record says {got}", figure_check=True)
        self.arm(generals, [GENERALS[g].gender for g in generals],
                 [GENERALS[g].kingdom for g in generals],
                 [skills_of(g, s == lord) if self.rules >= 3 else ()
                  for s, g in enumerate(generals)])
        return hp

    def next_seat(self) -> int:
        if self.turns == 0:
            return self.roles.index(LORD)
        t = self.t
        return next((s for s in t.order_from(self.current)[1:] if t.alive[s]), self.current)

    # --- deaths, victory, rewards ------------------------------------------------------
    def victory(self) -> tuple[list[int], str] | None:
        roles, alive = self.roles, self.t.alive
        living = [s for s in range(len(roles)) if alive[s]]
        if not alive[roles.index(LORD)]:
            if len(living) == 1 and roles[living[0]] == RENEGADE:
                return living, RENEGADE
            return [s for s, r in enumerate(roles) if r == REBEL], "rebels"
        if all(roles[s] in (LORD, LOYALIST) for s in living):
            return [s for s, r in enumerate(roles) if r in (LORD, LOYALIST)], LORD
        return None

    def died(self, seat: int, killer: int | None, f: Fact) -> None:
        role = self.roles[seat]
        revealed = f.data.get("revealed") or {}
        self.expect(f, "", role, revealed.get("role"), "revealed-role",
                    f"seat {seat} was a {role}; its death revealed {revealed.get('role')!r}")
        self.deaths.append({"seat": seat, "role": role, "by": killer, "version": f.version})
        if self.rules >= 2:  # the victory check first: a deciding death pays nothing
            self.victory_check(f)
        if killer is not None and self.t.alive[killer]:
            if role == REBEL:
                self.reward(killer, seat)
            elif role == LOYALIST and self.roles[killer] == LORD:
                self.penalty(killer, seat)
        self.victory_check(f)

    def victory_check(self, f: Fact) -> None:
        won = self.victory()
        if won is not None:
            self.decided = (won[1], f.version)
            self.end(won[0], won[1], REASONS[won[1]])

    def reward(self, killer: int, victim: int) -> None:
        what = f"seat {killer} drawing 3 for killing rebel seat {victim}"
        if self.missing("RewardDrawn", what, "reward"):
            return
        cards = self.take(3, what, "reward")
        f = self.next("RewardDrawn", what, rule="reward")
        self.expect(f, f"reward of seat {killer} for rebel seat {victim}", (killer, victim, 3),
                    (f.data["seat"], f.data["victim"], len(f.data["cards"])), "reward",
                    f"{what}; the record says seat {f.data['seat']} drew "
                    f"{len(f.data['cards'])} for seat {f.data['victim']}", figure_check=True)
        self.drawn(f, cards, f.data["cards"])
        self.t.hands[killer] += cards

    def penalty(self, lord: int, victim: int) -> None:
        what = f"the lord (seat {lord}) discarding every card for killing loyalist seat {victim}"
        if self.missing("PenaltyPaid", what, "penalty"):
            return
        f = self.next("PenaltyPaid", what, rule="penalty")
        cards = self.t.clear(lord, "he")
        self.expect(f, f"penalty of the lord for loyalist seat {victim}",
                    (lord, victim, sorted(cards)),
                    (f.data["seat"], f.data["victim"], sorted(f.data["cards"])), "penalty",
                    f"{what}: {labels(sorted(cards))}; the record says {f.data}",
                    figure_check=True)
        self.t.discard += cards

    def missing(self, kind: str, what: str, rule: str) -> bool:
        """A reward or penalty the record leaves out: named, then the walk goes on
        without it (the rest of the game can still be placed)."""
        f = self.peek()
        if f is not None and f.type == "GameEnded" and self.rules >= 2:
            living = Counter(r for r, a in zip(self.roles, self.t.alive, strict=True) if a)
            self.broken(f.version, "game-end", f"the game ended, but nobody had won "
                        f"(alive: {dict(living)}); the rules call for {what}")
            raise Desync
        if f is None or f.type in (kind, "PileReshuffled", "GameEnded"):
            return False
        self.broken(f.version, rule, f"{self.say(f)} came, but the rules call for {what}")
        return True

    # --- the end ---------------------------------------------------------------------
    def exhausted(self, n: int, what: str) -> None:
        """Rules 2: both piles together cannot give ``n``: the game is drawn (FreeKill)."""
        self.end([], "draw", "pile_exhausted", f"the draw pile cannot give {n} cards, even "
                 f"with the discard pile shuffled in, at {what}", rule="deck-exhausted")

    def capped(self) -> None:
        self.end([], "draw", "turn_cap", f"the turn cap ({self.turn_cap} turns) is reached")

    def end(self, winners: list[int], side: str, reason: str | None, why: str = "",
            rule: str = "game-end") -> None:
        """The game ends here: nothing but the end may follow (rewards included)."""
        said = why or (f"{WON[side]} at event {self.decided[1]}" if self.decided else WON[side])
        while (f := self.peek()) is not None and f.type in (
                "RewardDrawn", "PenaltyPaid", "PileReshuffled"):
            self.i += 1
            if f.type != "PileReshuffled":
                self.broken(f.version, "reward-after-end", f"{f.type} for seat "
                            f"{f.data.get('seat')}: {said}, and a death that ends the game "
                            "brings no reward or penalty (the victory check comes first)")
        f = self.next("GameEnded", f"the end of the game ({said})", rule=rule)
        outcome = f.data["outcome"] or {}
        self.expect(f, "winning side", side, outcome.get("side"), "winner",
                    f"{said}; the record says {outcome.get('side')!r}", figure_check=True)
        self.expect(f, "winners", sorted(winners), sorted(outcome.get("winners", [])),
                    "winner", f"the winners are seats {sorted(winners)}, the record says "
                    f"{outcome.get('winners')}", figure_check=True)
        if reason is not None:
            self.expect(f, "reason", reason, outcome.get("reason"), "winner",
                        f"the reason is {reason!r}, the record says {outcome.get('reason')!r}")
        rows = {row.get("seat"): row for row in outcome.get("seats", [])}
        for seat, role in enumerate(self.roles):
            won = seat in winners
            want = {"player": self.players[seat], "role": role, "won": won,
                    "score": 1 if won else 0}
            got = {k: rows.get(seat, {}).get(k) for k in want}
            self.expect(f, f"seat {seat} outcome", want, got, "outcome-row",
                        f"seat {seat}'s outcome is {want}, the record says {got}")
        self.ended = True
        raise GameOver
