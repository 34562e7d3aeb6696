"""One Dou Dizhu hand as an event-sourced aggregate: deal, bidding, play, settlement."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from domain.doudizhu.cards import (
    DECK,
    RANK_INDEX,
    normalize,
    shuffled_deck,
    take_sorted,
    to_ranks,
)
from domain.doudizhu.moves import legal_moves_sorted
from domain.doudizhu.patterns import PatternKind, beats_pattern, classify, classify_sorted
from domain.doudizhu.scoring import Play, settle
from domain.game import (
    NO_ROLE,
    Game,
    IllegalAction,
    InvalidSetup,
    MalformedAction,
    Viewer,
    check_seating,
    pick,
    seat_outcome,
)

HAND_SIZE = 17
#: the rules version new games record in their first event (bump it when a rules change
#: would make a stored game replay differently; see ``Game.rules_version``)
RULES_VERSION = 1


class NotInHand(IllegalAction):
    code = "not_in_hand"


class NoSuchPattern(IllegalAction):
    code = "no_such_pattern"


class DoesNotBeat(IllegalAction):
    code = "does_not_beat"


class MustLead(IllegalAction):
    code = "must_lead"


class BidTooLow(IllegalAction):
    code = "bid_too_low"


class WrongPhase(IllegalAction):
    code = "wrong_phase"


class Hand(Game):
    """A hand of three seats. Seat order 0 → 1 → 2 → 0 is the turn order."""

    kind = "doudizhu"
    rules_version = RULES_VERSION
    min_players = max_players = 3
    anytime_actions = frozenset({"escape"})

    @classmethod
    def new(
        cls,
        players: list[str],
        options: dict[str, Any] | None = None,
        *,
        agents: list[str] | None = None,
        rng: random.Random | None = None,
        match_id: str | None = None,
        number: int = 1,
        first_bidder: int | None = None,
    ) -> Hand:
        """Start a hand and deal it; the shuffle and the first bidder are recorded."""
        rng = pick(rng)
        seats = check_seating(players, agents)
        if len(players) != 3:
            raise InvalidSetup(f"Dou Dizhu is played by exactly 3 players, not {len(players)}")
        if options:
            raise InvalidSetup(f"Dou Dizhu takes no options (got {sorted(options)})")
        if first_bidder is None:
            first_bidder = rng.randrange(3)
        hand = cls._create(cls.Started, players=list(players), options={}, agents=seats,
                           match_id=match_id, number=number)
        hand.trigger_event(cls.Dealt, deck=shuffled_deck(rng), first_bidder=first_bidder)
        return hand

    if TYPE_CHECKING:  # set by Started; not class annotations (the library reads those)
        match_id: str | None
        number: int
        settlement: dict[str, Any] | None
        deals: int
        deck: list[str]
        hands: list[list[str]]
        ranks: list[str]  # each hand's rank string, kept with it
        kitty: list[str]
        phase: str
        first_bidder: int
        bids: list[list[int]]  # [seat, bid] with 0 for a declined call
        landlord: int | None
        base: int
        turn: int
        last_play: list[Any] | None  # [seat, ranks] while a trick is open
        passes: int
        plays: list[list[Any]]  # [seat, ranks ('' = pass), version]

    # --- queries --------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.outcome is not None else [self.turn]

    @property
    def high_bid(self) -> int:
        return max((b for _, b in self.bids), default=0)

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        if self.outcome is not None or seat != self.turn:
            return []
        if self.phase == "bidding":
            return [{"type": "pass"}] + [
                {"type": "bid", "value": v} for v in range(self.high_bid + 1, 4)
            ]
        plays = self.legal_plays(seat)
        actions = [{"type": "play", "cards": r} for r in plays]
        return actions if self.last_play is None else [{"type": "pass"}, *actions]

    def legal_plays(self, seat: int) -> tuple[str, ...]:
        """The rank strings ``seat`` may play now (passing aside), for bots that choose
        among thousands of hands' worth of them without building an action for each."""
        if self.outcome is not None or seat != self.turn or self.phase != "playing":
            return ()
        return legal_moves_sorted(self.ranks[seat],
                                  None if self.last_play is None else self.last_play[1])

    @property
    def multiplier(self) -> int:
        m = 1
        for _, ranks, _ in self.plays:
            p = classify(ranks) if ranks else None
            if p is not None and p.kind in (PatternKind.BOMB, PatternKind.ROCKET):
                m *= 2
        return m

    # --- commands -------------------------------------------------------------
    def _act(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        kind = action["type"]
        if kind == "escape":
            self._escape_now(seat)
        elif self.phase == "bidding":
            if kind == "pass":
                self._call(seat, 0, rng)
            elif kind == "bid":
                value = action.get("value")
                if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 3:
                    raise MalformedAction("a bid is 1, 2 or 3: {\"type\": \"bid\", \"value\": 2}")
                if value <= self.high_bid:
                    raise BidTooLow(f"a bid must be higher than {self.high_bid}")
                self._call(seat, value, rng)
            elif kind == "play":
                raise WrongPhase("it is the bidding: bid 1-3 or pass; play once it is over")
            else:
                raise MalformedAction(f"unknown action {kind!r}: bid, pass or escape")
        elif kind == "pass":
            if self.last_play is None:
                raise MustLead("you lead this trick, so you must play (passing is not allowed)")
            self.trigger_event(self.Passed, seat=seat)
        elif kind == "play":
            self._play(seat, action.get("cards"))
        elif kind == "bid":
            raise WrongPhase("the bidding is over: play or pass")
        else:
            raise MalformedAction(f"unknown action {kind!r}: play, pass or escape")

    def _call(self, seat: int, value: int, rng: random.Random) -> None:
        if value:
            self.trigger_event(self.BidPlaced, seat=seat, bid=value)
        else:
            self.trigger_event(self.BidDeclined, seat=seat)
        if value == 3 or len(self.bids) == 3:
            if self.high_bid == 0:
                self.trigger_event(self.Dealt, deck=shuffled_deck(rng),
                                   first_bidder=(self.first_bidder + 1) % 3)
            else:
                winner = max(self.bids, key=lambda sb: sb[1])[0]
                self.trigger_event(self.LandlordChosen, seat=winner, base=self.high_bid,
                                   kitty=list(self.kitty))

    def _play(self, seat: int, cards: Any) -> None:
        hand = self.hands[seat]
        if isinstance(cards, list) and all(isinstance(c, str) for c in cards) and cards:
            if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
                missing = [c for c in cards if c not in hand]
                raise NotInHand(f"you do not hold {' '.join(missing) or 'those cards'}")
            chosen = list(cards)
        elif isinstance(cards, str) and cards:
            try:
                ranks = _parse_ranks(cards)
            except ValueError as e:
                raise MalformedAction(str(e)) from None
            got = take_sorted(hand, self.ranks[seat], ranks)
            if got is None:
                raise NotInHand(f"you do not hold {ranks} (your hand is {to_ranks(hand)})")
            chosen = got
        else:
            raise MalformedAction(
                'name the cards to play: {"type": "play", "cards": "33344"} '
                'or a list of cards like ["3S", "3H"]'
            )
        if not isinstance(cards, str):  # a list a player sent may be in any order
            ranks = to_ranks(chosen)
        pattern = classify_sorted(ranks)
        if pattern is None:
            raise NoSuchPattern(f"{ranks} is not a pattern of Dou Dizhu")
        if self.last_play is not None:
            last = classify_sorted(self.last_play[1])
            assert last is not None
            if not beats_pattern(pattern, last):
                raise DoesNotBeat(
                    f"{ranks} ({pattern.kind.value}) does not beat {self.last_play[1]} "
                    f"({last.kind.value})"
                )
        self.trigger_event(self.CardsPlayed, seat=seat, cards=chosen, ranks=ranks,
                           pattern=_NAMES[pattern.kind])
        if not self.hands[seat]:
            self._finish(winner=seat, escape=None)

    def _escape_now(self, seat: int) -> None:
        self.trigger_event(self.Escaped, seat=seat)
        self._finish(winner=None, escape=seat)

    def _finish(self, winner: int | None, escape: int | None) -> None:
        s = settle(
            landlord=self.landlord,
            base=self.base or self.high_bid or 1,
            plays=[Play(seat, ranks, version) for seat, ranks, version in self.plays if ranks],
            winner=winner,
            escape=escape,
        )
        self.trigger_event(self.ScoreSettled, settlement=s.as_dict())
        if escape is not None:
            winners = [i for i in range(3) if i != escape]
            side, reason = "escape", "escape"
        else:
            assert winner is not None and self.landlord is not None
            side = "landlord" if winner == self.landlord else "peasants"
            winners = [self.landlord] if side == "landlord" else [
                i for i in range(3) if i != self.landlord
            ]
            reason = "emptied"
        roles = [
            NO_ROLE if self.landlord is None
            else ("landlord" if i == self.landlord else "peasant")
            for i in range(3)
        ]
        seats = seat_outcome(self.players, winners, roles, s.scores)
        for row in seats:  # 0: the first bidder of the deal that was played
            row["position"] = (row["seat"] - self.first_bidder) % 3
        self.trigger_event(self.GameEnded, outcome={
            "winners": winners,
            "side": side,
            "reason": reason,
            "seats": seats,
        })

    # --- events (state changes only; they run again on replay) ----------------
    class Started(Game.Created):
        players: list[str]
        options: dict[str, Any]
        agents: list[str]
        match_id: str | None
        number: int

        def apply(self, hand: Hand) -> None:
            hand.players = self.players
            hand.options = self.options
            hand.agents = self.agents
            hand.match_id = self.match_id
            hand.number = self.number
            hand.outcome = None
            hand.settlement = None
            hand.deals = 0
            hand.deck = []
            hand.hands = [[], [], []]
            hand.ranks = ["", "", ""]
            hand.kitty = []
            hand.phase = "bidding"
            hand.first_bidder = 0
            hand.bids = []
            hand.landlord = None
            hand.base = 0
            hand.turn = 0
            hand.last_play = None
            hand.passes = 0
            hand.plays = []

    class Dealt(Game.SecretEvent):
        """The shuffled deck: every seat's hand and the kitty, hidden while live."""
        deck: list[str]
        first_bidder: int

        def apply(self, hand: Hand) -> None:
            hand.deals += 1
            hand.deck = self.deck
            # each hand kept sorted by rank, so its rank string needs no sorting
            hand.hands = [sorted(self.deck[i * HAND_SIZE:(i + 1) * HAND_SIZE], key=_card_order)
                          for i in range(3)]
            hand.ranks = [_ranks(h) for h in hand.hands]
            hand.kitty = self.deck[3 * HAND_SIZE:]
            hand.first_bidder = hand.turn = self.first_bidder
            hand.bids = []
            hand.phase = "bidding"

    class BidPlaced(Game.Event):
        seat: int
        bid: int

        def apply(self, hand: Hand) -> None:
            hand.bids.append([self.seat, self.bid])
            hand.turn = (self.seat + 1) % 3

    class BidDeclined(Game.Event):
        seat: int

        def apply(self, hand: Hand) -> None:
            hand.bids.append([self.seat, 0])
            hand.turn = (self.seat + 1) % 3

    class LandlordChosen(Game.Event):
        seat: int
        base: int
        kitty: list[str]

        def apply(self, hand: Hand) -> None:
            hand.landlord = hand.turn = self.seat
            hand.base = self.base
            hand.hands[self.seat] = sorted(hand.hands[self.seat] + self.kitty, key=_card_order)
            hand.ranks[self.seat] = _ranks(hand.hands[self.seat])
            hand.phase = "playing"
            hand.last_play = None

    class CardsPlayed(Game.Event):
        seat: int
        cards: list[str]
        ranks: str
        pattern: str

        def apply(self, hand: Hand) -> None:
            held = hand.hands[self.seat]
            for card in self.cards:
                held.remove(card)
            hand.ranks[self.seat] = _ranks(held)
            hand.plays.append([self.seat, self.ranks, self.originator_version])
            hand.last_play = [self.seat, self.ranks]
            hand.passes = 0
            hand.turn = (self.seat + 1) % 3

    class Passed(Game.Event):
        seat: int

        def apply(self, hand: Hand) -> None:
            hand.plays.append([self.seat, "", self.originator_version])
            hand.passes += 1
            if hand.passes == 2:
                hand.last_play = None
                hand.passes = 0
            hand.turn = (self.seat + 1) % 3

    class Escaped(Game.Event):
        seat: int

        def apply(self, hand: Hand) -> None:
            hand.phase = "ended"

    class ScoreSettled(Game.Event):
        settlement: dict[str, Any]

        def apply(self, hand: Hand) -> None:
            hand.settlement = self.settlement
            hand.phase = "ended"

    # --- views ----------------------------------------------------------------
    def view(self, viewer: Viewer = "spectator") -> dict[str, Any]:
        out = self.base_view(viewer)
        everything = self.sees_all(viewer)
        kitty_shown = self.landlord is not None
        out.update({
            "match_id": self.match_id,
            "number": self.number,
            "phase": self.phase,
            "deals": self.deals,
            "first_bidder": self.first_bidder,
            "turn": self.turn if self.outcome is None else None,
            "bids": [{"seat": s, "bid": b} for s, b in self.bids],
            "landlord": self.landlord,
            "base": self.base,
            "multiplier": self.multiplier,
            "kitty": list(self.kitty) if (kitty_shown or everything) else None,
            "hand_counts": [len(h) for h in self.hands],
            "hands": {
                str(i): sorted(h, key=_card_order)
                for i, h in enumerate(self.hands)
                if everything or viewer == i
            },
            "last_play": (
                {"seat": self.last_play[0], "ranks": self.last_play[1],
                 "pattern": _kind(self.last_play[1])}
                if self.last_play else None
            ),
            "plays": [
                {"seat": s, "ranks": r, "pattern": _kind(r) if r else "pass", "version": v}
                for s, r, v in self.plays
            ],
            "settlement": self.settlement,
        })
        return out

    def redact(self, name: str, data: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        if name == "Dealt":
            public = {"first_bidder": data["first_bidder"]}
            if isinstance(viewer, int) and 0 <= viewer < 3:
                deck = data["deck"]
                public["hand"] = sorted(
                    deck[viewer * HAND_SIZE:(viewer + 1) * HAND_SIZE], key=_card_order
                )
            return public
        return data

    @property
    def series_id(self) -> str | None:
        return self.match_id


_NAMES = {kind: kind.value for kind in PatternKind}  # a dict lookup, not enum's .value


def _ranks(sorted_cards: list[str]) -> str:
    return "".join([c[0] for c in sorted_cards])


def _card_key(card: str) -> tuple[int, str]:
    return RANK_INDEX[card[0]], card[1]


#: every card's place in a sorted hand: sorting by a dict lookup rather than a tuple key
_card_order = {card: i for i, card in enumerate(sorted(DECK, key=_card_key))}.__getitem__


@lru_cache(maxsize=4096)
def _parse_ranks(cards: str) -> str:
    """What a player typed ("10 j q" aside, "TJQ", "qjt") as a sorted rank string."""
    return normalize(cards.upper().replace("10", "T"))


def _kind(ranks: str) -> str | None:
    p = classify(ranks)
    return p.kind.value if p else None
