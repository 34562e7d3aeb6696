"""The Dou Dizhu referee: the house rules read a second time, from the raw facts alone.

A hand's stored facts (the deal, each bid, pass, play and escape, the settlement and the
end) are walked through the way a referee at the table would check them: whose turn it
was, whether the cards were in that seat's hand, whether they form a pattern and beat the
last play, who became landlord at what base; then the score is worked out anew and
compared, figure by figure, with what was recorded. Each broken rule is a Violation
naming the event and the rule in words.

Nothing here comes from ``domain/doudizhu/``: the card list, the patterns
(``doudizhu_patterns.py``), the order of play and the scoring are written out anew from
the house rules of Dou Dizhu, so that a bug in the engine is not repeated here and the
audit can catch it.

After a violation the referee carries on from what was recorded (the cards named leave
the hand, the turn passes on from the seat that acted, the recorded landlord takes the
kitty), so one illegal step is reported once rather than as a cascade; the score figures
still use the referee's own base, bombs, spring and multiplier.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from domain.audit import Fact, Recount
from domain.referee.doudizhu_patterns import DECK, Pattern, beats, pattern_of, rank_string

SEATS = 3
HAND_SIZE = 17


# --- scoring ---------------------------------------------------------------------
def whole(x: float) -> float:
    """Whole points as ints, as recorded; an escape's halves stay halves."""
    return int(x) if float(x).is_integer() else x


def hand_scores(landlord: int | None, base: int, multiplier: int, *, winner: int | None,
                escape: int | None) -> list[float]:
    """Landlord wins: +2·b·m, each peasant −b·m; peasants win: the reverse. An escaping
    seat pays 3·b·m, the two others receive half each."""
    unit = base * multiplier
    if escape is not None:
        scores = [whole(3 * unit / 2)] * SEATS
        scores[escape] = -3 * unit
        return scores
    assert landlord is not None and winner is not None
    sign = 1 if winner == landlord else -1
    scores = [-sign * unit] * SEATS
    scores[landlord] = 2 * sign * unit
    return scores


# --- the referee at the table ----------------------------------------------------
@dataclass
class Table:
    """What the referee knows after each fact."""

    players: list[str] = field(default_factory=list)
    deals: int = 0
    held: list[set[str]] = field(default_factory=lambda: [set() for _ in range(SEATS)])
    kitty: list[str] = field(default_factory=list)
    first_bidder: int = 0
    calls: list[tuple[int, int]] = field(default_factory=list)  # (seat, bid; 0 = pass)
    landlord: int | None = None
    base: int = 0  # the referee's own: the highest bid
    turn: int | None = None  # the seat that must act next
    #: who played the play to beat, and its pattern (None: an illegal play, beaten by
    #: anything); None while a seat leads
    trick: tuple[int, Pattern | None] | None = None
    passes: int = 0
    bombs: list[dict[str, Any]] = field(default_factory=list)
    rockets: list[dict[str, Any]] = field(default_factory=list)
    landlord_plays: int = 0
    peasant_cards: int = 0
    winner: int | None = None  # the seat that emptied its hand
    escape: int | None = None

    @property
    def high_bid(self) -> int:
        return max((bid for _, bid in self.calls), default=0)

    @property
    def bidding_over(self) -> bool:
        return len(self.calls) == SEATS or self.high_bid == 3

    @property
    def over(self) -> bool:
        return self.winner is not None or self.escape is not None

    @property
    def phase(self) -> str:
        if self.over:
            return "over"
        return "playing" if self.landlord is not None else "bidding"


class Referee:
    """Checks one hand's facts in order; see :func:`referee`."""

    def __init__(self) -> None:
        self.table = Table()
        self.recount = Recount()
        self.steps: dict[str, Callable[[int, dict[str, Any]], None]] = {
            "Started": self.started, "Dealt": self.dealt, "BidPlaced": self.bid_placed,
            "BidDeclined": self.bid_declined, "LandlordChosen": self.landlord_chosen,
            "CardsPlayed": self.cards_played, "Passed": self.passed,
            "Escaped": self.escaped,
        }

    def broke(self, v: int | None, rule: str, message: str) -> None:
        self.recount.violation(v, rule, message)

    def run(self, facts: list[Fact]) -> Recount:
        if not facts or facts[0].type != "Started":
            self.broke(facts[0].version if facts else 1, "hand-starts",
                       "a hand's first event is its start (Started)")
        for f in facts:
            step = self.steps.get(f.type)
            if step is None:
                if f.type not in ("ScoreSettled", "GameEnded", "DisputeRaised",
                                  "DisputeResolved"):
                    self.broke(f.version, "known-events", f"{f.type} is not an event of "
                               "a Dou Dizhu hand")
                continue
            try:
                step(f.version, f.data)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
                self.broke(f.version, "readable-event",
                           f"the {f.type} event cannot be read ({type(e).__name__}: {e})")
        self.judge(facts)
        return self.recount

    # --- acting in turn ------------------------------------------------------------
    def on_turn(self, v: int, seat: Any, did: str, phase: str) -> int:
        """The seat that acts, checked: a seat of the table, in the right phase, on turn."""
        table = self.table
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
            raise ValueError(f"{seat!r} is not a seat")
        if table.over:
            self.broke(v, "hand-is-over", f"seat {seat} {did} after the hand was over")
        elif phase == "bidding" and (table.phase != phase or table.bidding_over):
            self.broke(v, "bidding-once-around", f"seat {seat} {did} but the bidding was "
                       "over")
        elif phase == "playing" and table.phase != phase:
            self.broke(v, "landlord-before-play", f"seat {seat} {did} but no landlord was "
                       "chosen yet")
        elif seat != table.turn:
            self.broke(v, "turn-order", f"seat {seat} {did} but it was seat {table.turn}'s turn")
        return seat

    # --- the deal and the bidding --------------------------------------------------
    def started(self, v: int, d: dict[str, Any]) -> None:
        self.table.players = list(d["players"])
        if v != 1:
            self.broke(v, "hand-starts", "a hand starts once, with its first event")
        if len(self.table.players) != SEATS:
            self.broke(v, "three-players", f"{len(self.table.players)} players: Dou Dizhu is "
                       "played by exactly 3")
        if d.get("options"):
            self.broke(v, "no-options", f"Dou Dizhu takes no options, {d['options']} given")

    def dealt(self, v: int, d: dict[str, Any]) -> None:
        table = self.table
        deck, first = list(d["deck"]), d["first_bidder"]
        if table.deals:
            if table.over or table.landlord is not None or not table.bidding_over or table.high_bid:
                self.broke(v, "redeal-only-when-nobody-bid",
                           "a new deal, but the hand was not one where nobody bid")
            elif first != (table.first_bidder + 1) % SEATS:
                self.broke(v, "first-bidder-rotates",
                           f"the new deal's first bidder is seat {first}, not seat "
                           f"{(table.first_bidder + 1) % SEATS} (the next after seat "
                           f"{table.first_bidder})")
        if first not in range(SEATS):
            raise ValueError(f"first bidder {first!r} is not a seat")
        if len(deck) != len(DECK) or set(deck) != DECK:
            dupes = sorted(c for c, k in Counter(deck).items() if k > 1)
            self.broke(v, "deal-is-the-deck",
                       f"the deal is not the 54 cards once each ({len(deck)} cards"
                       + (f", twice: {' '.join(dupes)}" if dupes else "")
                       + (f", missing: {' '.join(sorted(DECK - set(deck)))}"
                          if DECK - set(deck) else "") + ")")
        table.deals += 1
        table.held = [set(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(SEATS)]
        table.kitty = deck[SEATS * HAND_SIZE:]
        table.first_bidder = table.turn = first
        table.calls = []

    def call(self, seat: int, bid: int) -> None:
        self.table.calls.append((seat, bid))
        self.table.turn = (seat + 1) % SEATS

    def bid_placed(self, v: int, d: dict[str, Any]) -> None:
        bid = d["bid"]
        seat = self.on_turn(v, d["seat"], f"bid {bid}", "bidding")
        if bid not in (1, 2, 3):
            self.broke(v, "bid-value", f"seat {seat} bid {bid!r}: a bid is 1, 2 or 3")
        elif bid <= self.table.high_bid:
            self.broke(v, "bid-must-be-higher", f"seat {seat} bid {bid}, not higher than "
                       f"the bid of {self.table.high_bid} before it")
        self.call(seat, bid if isinstance(bid, int) else 0)

    def bid_declined(self, v: int, d: dict[str, Any]) -> None:
        seat = self.on_turn(v, d["seat"], "declined to bid", "bidding")
        self.call(seat, 0)

    def landlord_chosen(self, v: int, d: dict[str, Any]) -> None:
        table = self.table
        seat, base, kitty = d["seat"], d["base"], d["kitty"]
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise ValueError(f"{seat!r} is not a seat")
        if table.phase != "bidding":
            self.broke(v, "one-landlord", "a landlord was chosen outside the bidding")
        elif not table.bidding_over:
            self.broke(v, "bidding-once-around", f"seat {seat} was made landlord before "
                       f"the bidding was over ({len(table.calls)} of 3 calls, no bid of 3)")
        if not table.high_bid:
            self.broke(v, "landlord-is-highest-bidder", f"seat {seat} was made landlord "
                       "but nobody bid (the cards are dealt again)")
        else:
            highest = max(table.calls, key=lambda call: call[1])[0]
            if seat != highest:
                self.broke(v, "landlord-is-highest-bidder", f"seat {seat} was made landlord "
                           f"but seat {highest} bid highest ({table.high_bid})")
            if base != table.high_bid:
                self.broke(v, "base-is-highest-bid", f"the base was recorded as {base} but "
                           f"the highest bid was {table.high_bid}")
        if sorted(kitty) != sorted(table.kitty):
            self.broke(v, "kitty-is-the-dealt-kitty", f"the kitty shown ({' '.join(kitty)}) "
                       f"is not the one dealt ({' '.join(table.kitty)})")
        # the landlord takes the kitty dealt (not the one shown) and leads
        table.landlord, table.base = seat, table.high_bid or 1
        table.held[seat] |= set(table.kitty)
        table.turn, table.trick, table.passes = seat, None, 0

    # --- the play ------------------------------------------------------------------
    def cards_played(self, v: int, d: dict[str, Any]) -> None:
        table = self.table
        cards = list(d["cards"])
        ranks = rank_string([c for c in cards if c in DECK])
        seat = self.on_turn(v, d["seat"], f"played {ranks or cards}", "playing")
        missing = [c for c in cards if c not in table.held[seat]]
        if missing:
            self.broke(v, "cards-in-hand", f"seat {seat} played {' '.join(missing)}, "
                       "which it did not hold")
        elif not cards or len(set(cards)) != len(cards):
            self.broke(v, "cards-in-hand", f"seat {seat} played {cards}: no card, or a "
                       "card twice")
        if d.get("ranks") != ranks:
            self.broke(v, "recorded-ranks", f"the play is recorded as {d.get('ranks')!r} "
                       f"but its cards are {ranks!r}")
        pattern = pattern_of(ranks) if len(ranks) == len(cards) else None
        if pattern is None:
            self.broke(v, "valid-pattern", f"seat {seat} played {ranks or cards}, which is "
                       "no pattern of Dou Dizhu")
        else:
            if d.get("pattern") != pattern.name:
                self.broke(v, "recorded-pattern", f"{ranks} is recorded as "
                           f"{d.get('pattern')!r} but it is a {pattern.name}")
            last = table.trick[1] if table.trick is not None else None
            if table.trick is not None and last is not None and not beats(pattern, last):
                self.broke(v, "must-beat", f"seat {seat} played {ranks} ({pattern.name}), "
                           f"which does not beat the {last.name} of seat {table.trick[0]}")
            if pattern.name in ("bomb", "rocket"):
                found = {"seat": seat, "ranks": ranks, "version": v}
                (table.bombs if pattern.name == "bomb" else table.rockets).append(found)
        table.held[seat] -= set(cards)
        if seat == table.landlord:
            table.landlord_plays += 1
        else:
            table.peasant_cards += len(cards)
        table.trick = (seat, pattern)
        table.passes = 0
        table.turn = (seat + 1) % SEATS
        if not table.held[seat] and not table.over:
            table.winner = seat  # the first seat to empty its hand ends the hand

    def passed(self, v: int, d: dict[str, Any]) -> None:
        table = self.table
        seat = self.on_turn(v, d["seat"], "passed", "playing")
        table.turn = (seat + 1) % SEATS
        if table.trick is None:
            if table.phase == "playing":
                self.broke(v, "leader-must-play", f"seat {seat} passed but it was leading "
                           "the trick, and the leader must play")
            return
        table.passes += 1
        if table.passes == 2:  # both others passed: the last seat that played leads again
            table.turn, table.trick, table.passes = table.trick[0], None, 0

    def escaped(self, v: int, d: dict[str, Any]) -> None:
        seat = d["seat"]
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise ValueError(f"{seat!r} is not a seat")
        if self.table.over:
            self.broke(v, "hand-is-over", f"seat {seat} escaped after the hand was over")
            return
        self.table.escape = seat

    # --- the score -----------------------------------------------------------------
    def settlement(self) -> dict[str, Any]:
        """The hand's score worked out from the play, in the shape the record keeps."""
        table = self.table
        multiplier = 2 ** (len(table.bombs) + len(table.rockets))
        # an escape before the landlord is chosen pays on the highest bid so far, or 1
        base = table.base if table.landlord is not None else (table.high_bid or 1)
        landlord_won = spring = anti_spring = None
        if table.escape is None:
            landlord_won = table.winner == table.landlord
            spring = landlord_won and table.peasant_cards == 0
            anti_spring = not landlord_won and table.landlord_plays == 1
            if spring or anti_spring:
                multiplier *= 2
        return {
            "base": base, "landlord": table.landlord,
            "bombs": table.bombs, "rockets": table.rockets,
            "spring": bool(spring), "anti_spring": bool(anti_spring),
            "multiplier": multiplier, "escape": table.escape, "landlord_won": landlord_won,
            "scores": hand_scores(table.landlord, base, multiplier, winner=table.winner,
                                  escape=table.escape),
        }

    def outcome(self, scores: list[float]) -> dict[str, Any]:
        """Who won and how: the escaping seat's two opponents; the landlord alone; or
        both peasants. Each seat's position counts from the first bidder of the deal
        that was played."""
        table = self.table
        if table.escape is not None:
            side, reason = "escape", "escape"
            winners = [s for s in range(SEATS) if s != table.escape]
        elif table.winner == table.landlord:
            side, reason = "landlord", "emptied"
            winners = [s for s in range(SEATS) if s == table.landlord]
        else:
            side, reason = "peasants", "emptied"
            winners = [s for s in range(SEATS) if s != table.landlord]
        roles = ["undecided" if table.landlord is None else
                 "landlord" if s == table.landlord else "peasant" for s in range(SEATS)]
        names = table.players + [""] * SEATS
        return {"winners": winners, "side": side, "reason": reason, "seats": [
            {"seat": s, "player": names[s], "role": roles[s], "won": s in winners,
             "score": scores[s], "position": (s - table.first_bidder) % SEATS}
            for s in range(SEATS)]}

    def judge(self, facts: list[Fact]) -> None:
        """Compare the worked-out score and outcome with the ScoreSettled and GameEnded
        events, which must come once each, in that order, right when the hand is over."""
        r, table = self.recount, self.table
        if not table.over:
            r.problems.append("nobody emptied a hand or escaped: the hand is not over")
            return
        ends = [f for f in facts if f.type in ("ScoreSettled", "GameEnded")]
        last_step = max((f.version for f in facts if f.type in self.steps), default=0)
        if [f.type for f in ends] != ["ScoreSettled", "GameEnded"]:
            self.broke(ends[0].version if ends else None, "settled-once",
                       "a finished hand records its score, then its end, once each "
                       f"(recorded: {', '.join(f.type for f in ends) or 'neither'})")
        elif ends[0].version != last_step + 1 or ends[1].version != last_step + 2:
            self.broke(ends[0].version, "settled-once",
                       "the score and the end are recorded right after the hand is over")
        settled = next((f for f in ends if f.type == "ScoreSettled"), None)
        ended = next((f for f in ends if f.type == "GameEnded"), None)
        mine = self.settlement()
        r.details = {"settlement": mine, "winner": table.winner}
        recorded = settled.data.get("settlement") if settled else None
        recorded = recorded if isinstance(recorded, dict) else {}
        at = settled.version if settled else None
        for key in ("base", "landlord", "bombs", "rockets", "spring", "anti_spring",
                    "multiplier", "escape", "landlord_won", "scores"):
            r.check(key, mine[key], recorded.get(key), at)
        scores = recorded.get("scores")
        if isinstance(scores, list) and all(isinstance(s, (int, float)) for s in scores) \
                and sum(scores) != 0:
            self.broke(at, "scores-sum-to-zero", f"the recorded scores {scores} sum to "
                       f"{sum(scores)}, not 0")
        out = self.outcome(mine["scores"])
        said = ended.data.get("outcome") if ended else None
        said = said if isinstance(said, dict) else {}
        at = ended.version if ended else None
        winners = said.get("winners")
        r.check("winners", out["winners"],
                sorted(winners) if isinstance(winners, list) else winners, at)
        r.check("winning side", out["side"], said.get("side"), at)
        r.check("end reason", out["reason"], said.get("reason"), at)
        rows = {row.get("seat"): row for row in said.get("seats") or []
                if isinstance(row, dict)}
        for row in out["seats"]:
            said_row = rows.get(row["seat"])
            if isinstance(said_row, dict) and "position" not in said_row:
                # hands recorded before positions were: the rest of the row still counts
                row = {k: v for k, v in row.items() if k != "position"}
            r.check(f"seat {row['seat']} outcome", row, said_row, at)


def referee(facts: list[Fact]) -> Recount:
    """Re-derive a hand from its raw facts: every rule checked, every figure compared.

    ``recount.details["settlement"]`` is the referee's own score breakdown.
    """
    return Referee().run(facts)


# --- a match -------------------------------------------------------------------------
class MatchReferee:
    """Checks a match's facts in order, refereeing each hand as it starts; see
    :func:`referee_match`."""

    def __init__(self, hands: dict[str, list[Fact]], match_id: str | None) -> None:
        self.hands, self.match_id = hands, match_id
        self.recount = Recount()
        self.players: list[str] = []
        self.first_bidder = 0
        self.rows: list[dict[str, Any]] = []  # one per hand started, in order
        self.live: dict[str, Any] | None = None  # the hand being played
        self.totals: list[float] = [0] * SEATS  # from the hands' own scores
        self.recorded_totals: list[float] = [0] * SEATS  # from the scores the match kept
        self.steps: dict[str, Callable[[int, dict[str, Any]], None]] = {
            "MatchCreated": self.created, "HandStarted": self.hand_started,
            "HandScored": self.hand_scored,
        }

    def broke(self, v: int | None, rule: str, message: str) -> None:
        self.recount.violation(v, rule, message)

    def run(self, facts: list[Fact]) -> Recount:
        r = self.recount
        if not facts or facts[0].type != "MatchCreated":
            self.broke(facts[0].version if facts else 1, "match-starts",
                       "a match's first event is its creation (MatchCreated)")
        for f in facts:
            step = self.steps.get(f.type)
            if step is None:
                self.broke(f.version, "known-events", f"{f.type} is not an event of a match")
                continue
            try:
                step(f.version, f.data)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
                self.broke(f.version, "readable-event",
                           f"the {f.type} event cannot be read ({type(e).__name__}: {e})")
        for row in self.rows:
            if row is not self.live and row["recorded_scores"] is None:
                row["agrees"] = False  # over, or left behind, but never scored
        if self.live is not None and self.live["scores"] is not None:
            self.broke(None, "scores-for-the-live-hand", f"hand {self.live['number']} is "
                       "over but the match never recorded its scores")
        r.check("running totals", self.totals, self.recorded_totals,
                facts[-1].version if facts else None)
        r.details = {"hands": self.rows, "totals": self.totals,
                     "recorded_totals": self.recorded_totals}
        return r

    def created(self, v: int, d: dict[str, Any]) -> None:
        self.players, self.first_bidder = list(d["players"]), d["first_bidder"]
        if len(self.players) != SEATS:
            self.broke(v, "three-players", f"{len(self.players)} players in a match")

    def hand_started(self, v: int, d: dict[str, Any]) -> None:
        number = len(self.rows) + 1
        if self.live is not None:
            self.broke(v, "one-hand-at-a-time", f"hand {d['number']} started while hand "
                       f"{self.live['number']} was still being played")
        if d["number"] != number:
            self.broke(v, "hand-numbering", f"hand {number} is recorded as hand {d['number']}")
        due = (self.first_bidder + number - 1) % SEATS
        if d["first_bidder"] != due:
            self.broke(v, "first-bidder-rotates", f"hand {number}'s first bidder is seat "
                       f"{d['first_bidder']}, but it is seat {due}'s turn to bid first")
        self.live = {"number": number, "hand_id": d["hand_id"],
                     "first_bidder": d["first_bidder"], "started_at": v,
                     "recorded_scores": None, "totals": None}
        self.rows.append(self.live)
        self.referee_hand(self.live, self.hands.get(d["hand_id"]))

    def hand_scored(self, v: int, d: dict[str, Any]) -> None:
        row = self.live
        if row is None or row["hand_id"] != d["hand_id"]:
            self.broke(v, "scores-for-the-live-hand", f"scores recorded for "
                       f"{d['hand_id']}, which is not the match's live hand")
            return
        self.live = None
        row["recorded_scores"] = recorded = list(d["scores"])
        self.recount.check(f"hand {row['number']} scores", row["scores"], recorded, v)
        self.recorded_totals = [a + b for a, b in zip(self.recorded_totals, recorded,
                                                      strict=True)]
        self.totals = [a + b for a, b in zip(self.totals, row["scores"] or [0] * SEATS,
                                             strict=True)]
        row["totals"] = list(self.totals)
        row["agrees"] = row["agrees"] and row["scores"] == recorded

    def referee_hand(self, row: dict[str, Any], facts: list[Fact] | None) -> None:
        """Referee one hand, and check it is the match's: its number, its players, its
        first bidder. Its violations become the match's, named by hand."""
        n = row["number"]
        row.update(landlord=None, base=None, multiplier=None, scores=None, agrees=False,
                   live=False, violations=[], differences=[])
        if not facts:
            self.broke(row["started_at"], "hand-is-stored", f"hand {n} ({row['hand_id']}) "
                       "has no stored events")
            return
        hand = referee(facts)
        settlement = hand.details.get("settlement")
        if settlement is not None:
            row.update(landlord=settlement["landlord"], base=settlement["base"],
                       multiplier=settlement["multiplier"], scores=settlement["scores"])
        start = facts[0].data if facts[0].type == "Started" else {}
        dealt = next((f for f in facts if f.type == "Dealt"), None)
        if self.match_id is not None and start.get("match_id") != self.match_id:
            hand.violation(1, "hand-belongs-to-match", f"the hand names match "
                           f"{start.get('match_id')}, not this one")
        if start.get("number") != n:
            hand.violation(1, "hand-numbering", f"the hand calls itself hand "
                           f"{start.get('number')} but it is hand {n} of the match")
        if start.get("players") != self.players:
            hand.violation(1, "same-players", "the hand's players are not the match's")
        if dealt is not None and dealt.data.get("first_bidder") != row["first_bidder"]:
            hand.violation(dealt.version, "first-bidder-rotates", f"the hand's first "
                           f"bidder is seat {dealt.data.get('first_bidder')}, the match "
                           f"says seat {row['first_bidder']}")
        for v in hand.violations:
            where = f", event {v.version}" if v.version is not None else ""
            self.broke(None, v.rule, f"hand {n}{where}: {v.message}")
        row["violations"] = [v.as_dict() for v in hand.violations]
        row["differences"] = [c.as_dict() for c in hand.differences()]
        row["live"] = bool(hand.problems) and settlement is None
        row["agrees"] = hand.agrees


def referee_match(match_facts: list[Fact], hands: dict[str, list[Fact]],
                  match_id: str | None = None) -> Recount:
    """A match hand after hand: each hand refereed, its recorded scores in the match
    compared with the hand's own, the first bidder moving one seat each hand, and the
    running totals. ``hands`` maps each hand id to that hand's facts.

    ``recount.details["hands"]`` has a row per hand (number, landlord, base, multiplier,
    scores, totals, agrees), ``details["totals"]`` the running totals.
    """
    return MatchReferee(hands, match_id).run(match_facts)
