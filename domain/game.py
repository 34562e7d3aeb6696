"""The surface every paiju game aggregate offers, and the hash chain over its events.

The service, bots, simulator, replay viewer, audit and analytics treat all games alike
through this surface (see shared/DESIGN.md): ``kind``, ``seats``, ``to_act()``,
``legal_actions(seat)``, ``act(seat, action)``, ``view(viewer)``, ``outcome``.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Mapping
from dataclasses import field
from typing import TYPE_CHECKING, Any, ClassVar
from uuid import UUID

from eventsourcing.domain import Aggregate, CanInitAggregate

from domain.adapter import (
    apply_event,
    build_event,
    canonical,  # noqa: F401 - part of this module's surface (tests read it here)
    digest,
    direct_commands,
    seal_all,
)

SPECTATOR = "spectator"
REFEREE = "referee"
Viewer = int | str  # a seat number, SPECTATOR or REFEREE

GENESIS = ""  # the `prev` digest of a game's first event
#: the role of every seat of a game that ended before roles were given (a Dou Dizhu hand
#: escaped during the bidding): win-rate tables leave such games out
NO_ROLE = "undecided"


class IllegalAction(Exception):
    """A player asked for something the rules do not allow; nothing was recorded."""

    code: ClassVar[str] = "illegal_action"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotYourTurn(IllegalAction):
    code = "not_your_turn"


class GameOver(IllegalAction):
    code = "game_over"


class MalformedAction(IllegalAction):
    code = "malformed_action"


class InvalidSetup(IllegalAction):
    """Bad players or options when creating a game."""

    code = "invalid_setup"


class UnsupportedRules(IllegalAction):
    """A stored game was played under a rules version this code cannot replay (a newer
    one, or one whose old behaviour was dropped): refused by name, never replayed under
    the wrong rules."""

    code = "unsupported_rules"

    def __init__(self, kind: str, rules: Any, playable: tuple[int, int]) -> None:
        low, high = playable
        super().__init__(f"this {kind or 'paiju'} game was played under rules version {rules!r}; "
                         f"this build of paiju replays versions {low} to {high} only")
        self.kind, self.rules, self.playable = kind, rules, playable


class UnknownViewer(IllegalAction):
    """A viewer that is neither a seat of this game, nor the spectator, nor the referee."""

    code = "unknown_viewer"


def time_ordered_id() -> UUID:
    """A UUID of version 7 (RFC 9562): the milliseconds since 1970, then random bits.

    Games created one after another get ids that sort together, so a store's index on
    the id grows at one end; uuid4 puts every new game at a random place in the whole
    index, which slows every insert once the index outgrows the database's page cache.
    """
    ms = time.time_ns() // 1_000_000 & ((1 << 48) - 1)
    bits = ms << 80 | int.from_bytes(os.urandom(10), "big")
    bits = bits & ~(0xF << 76) | 0x7 << 76  # version 7
    bits = bits & ~(0x3 << 62) | 0x2 << 62  # the RFC's variant
    return UUID(int=bits)


def pick(rng: random.Random | None) -> random.Random:
    """Chance comes from the caller (seeded simulations) or from the OS."""
    return rng if rng is not None else random.Random()


class Chained(Aggregate):
    """An aggregate whose every stored event carries the digest of the one before it.

    Events are sealed (their ``prev`` filled in) when they are collected for saving, or
    when the head is asked for: play itself never pays for hashing, storage does.
    """

    @staticmethod
    def create_id(*_: Any, **__: Any) -> UUID:
        return time_ordered_id()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        direct_commands(cls)  # the library has made the events of its @event methods

    class Event(Aggregate.Event):
        prev: str = field(default=GENESIS, kw_only=True)

        def mutate(self, aggregate: Any) -> Any:
            agg = super().mutate(aggregate)
            if agg is not None:
                agg._last_event = self  # noqa: SLF001 - the chain's latest link
            return agg

    class SecretEvent(Event):
        """An event that tells some viewer something another may not know while the game
        is live (a deal, a draw, an identity). It carries 128 random bits, redacted with
        the secret, so no digest a non-referee can read lets anyone test a guess; once the
        game is over both are shown and the chain checks with plain SHA-256."""

        salt: str = field(default="", kw_only=True)

    def trigger_event(self, event_class: Any, **kwargs: Any) -> None:
        """Record one new event and apply it (built by the adapter: see its docstring)."""
        pending = self._pending_events
        if not pending:
            # everything before this event is stored: remember where the chain stands
            last = getattr(self, "_last_event", None)
            self._seal_from = GENESIS if last is None else digest(last)
        version = self._version + 1
        new_event = build_event(event_class, self._id, version, kwargs)
        if new_event is None:  # an event class with its own __init__ logic
            super().trigger_event(event_class, **kwargs)
            return
        apply_event(new_event, self)
        self._version = version
        self._modified_on = new_event.timestamp
        self._last_event = new_event
        pending.append(new_event)

    def seal(self) -> str:
        """Fill in ``prev`` of the pending events, in order; return the new head."""
        pending = self._pending_events
        if not pending:
            last = getattr(self, "_last_event", None)
            return GENESIS if last is None else digest(last)
        return self.sealed()[-1][2]

    def sealed(self) -> list[tuple[Any, bytes, str]]:
        """Seal the pending events; each with its canonical bytes and digest, which the
        store keeps as they are (one encoding per event, not two)."""
        pending = self._pending_events
        done = self.__dict__.get("_sealed")
        if done and len(done) == len(pending) and done[-1][0] is pending[-1]:
            return done  # nothing happened since: the chain is already sealed
        head = getattr(self, "_seal_from", GENESIS) if pending and \
            pending[0].originator_version > 1 else GENESIS
        out = seal_all(pending, head, str(self.id))  # before anyone stores or sees them
        self.__dict__["_sealed"] = out
        return out

    def collect_events(self) -> Any:
        self.seal()
        self.__dict__.pop("_sealed", None)
        return super().collect_events()

    @property
    def head(self) -> str:
        """Digest of the latest event: a seat's receipt once the game has ended."""
        return self.seal()


class Game(Chained):
    """Base aggregate of every game: the common surface and the common end event.

    Subclasses define ``kind``, player limits, their events and the rules. Guards run in
    public command methods; ``@event`` bodies only change state, since they run again on
    every replay.
    """

    if TYPE_CHECKING:  # set by each game's created event; declared for type checkers only
        players: list[str]
        options: dict[str, Any]
        agents: list[str]
        outcome: dict[str, Any] | None
        rules: int  # the rules version this game is played under (its first event's)

    kind: ClassVar[str] = ""
    #: the rules version new games of this kind are played under (each kind's package
    #: declares its constant); bumped whenever a rules change would make a stored game
    #: replay differently
    rules_version: ClassVar[int] = 1
    #: the oldest rules version this code still replays (older ones are refused by name)
    oldest_rules: ClassVar[int] = 1
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 99
    #: action types a seat may send even when it is not waiting on that seat
    anytime_actions: ClassVar[frozenset[str]] = frozenset()

    # Instances set, in their created event: players (list[str]), options (dict),
    # agents (list[str], the policy or "human" per seat) and outcome (None while live).
    # (No class annotations here: eventsourcing would read them as constructor fields.)

    class Created(Chained.Created):
        """Every game's first event records the rules version it is played under, so a
        stored game replays under its own rules, or says clearly that it cannot.

        Rows stored before the field existed (class version 1) are read as rules 1."""

        rules: int = field(kw_only=True)
        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["rules"] = 1

        def mutate(self, aggregate: Any) -> Any:
            game = super().mutate(aggregate)
            assert game is not None  # a created event always makes its aggregate
            rules = self.__dict__.get("rules")
            playable = (game.oldest_rules, game.rules_version)
            if type(rules) is not int or not playable[0] <= rules <= playable[1]:
                raise UnsupportedRules(game.kind, rules, playable)
            game.rules = rules
            return game

    @classmethod
    def _create(cls, event_class: Any, *, id: Any = None, **kwargs: Any) -> Any:  # noqa: A002
        """New games are played under the newest rules this code knows."""
        kwargs.setdefault("rules", cls.rules_version)
        return super()._create(event_class, id=id, **kwargs)

    @classmethod
    def under_rules(cls, rules: int, **fields: Any) -> Any:
        """A new game played under an older rules version (tests of how stored games
        replay and go on); ``fields`` are the created event's. An unknown version raises
        UnsupportedRules."""
        return cls._create(created_event_class(cls), rules=rules, **fields)

    # --- the common surface -------------------------------------------------------
    @property
    def seats(self) -> list[dict[str, Any]]:
        return [{"seat": i, "player": name} for i, name in enumerate(self.players)]

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def series_id(self) -> str | None:
        """The series (e.g. a Dou Dizhu match) this game is part of, if any."""
        return None

    def check_viewer(self, viewer: Any) -> Viewer:
        """A seat number of this table, ``spectator`` or ``referee`` (a seat may come as
        text, "2"); anything else is an error, never silently a spectator."""
        if isinstance(viewer, str) and viewer.strip().isdigit():
            viewer = int(viewer)
        if viewer in (SPECTATOR, REFEREE):
            return viewer  # type: ignore[no-any-return]
        if isinstance(viewer, int) and not isinstance(viewer, bool) and \
                0 <= viewer < len(self.players):
            return viewer
        raise UnknownViewer(f"{viewer!r} is not a viewer of this game: a seat 0 to "
                            f"{len(self.players) - 1}, {SPECTATOR!r} or {REFEREE!r}")

    def to_act(self) -> list[int]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        raise NotImplementedError

    def act(self, seat: int, action: Mapping[str, Any], rng: random.Random | None = None) -> None:
        """Check and record one action; raises IllegalAction and records nothing."""
        if not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise MalformedAction(f"there is no seat {seat!r} at this table")
        if not (type(action) is dict or isinstance(action, Mapping)) or not isinstance(
                action.get("type"), str):
            raise MalformedAction('an action is an object with a "type", e.g. {"type": "pass"}')
        if self.outcome is not None:
            raise GameOver("the game is over; no more actions are taken")
        kind = action["type"]
        if kind not in self.anytime_actions and seat not in self.to_act():
            # no list of who is waiting: in some games that alone is a secret
            raise NotYourTurn(f"seat {seat} has nothing to decide now")
        self._act(seat, dict(action), pick(rng))

    def _act(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        raise NotImplementedError

    def view(self, viewer: Viewer = SPECTATOR) -> dict[str, Any]:
        raise NotImplementedError

    def visible_to_act(self, viewer: Viewer) -> list[int]:
        """Whom a viewer may see the game waiting on. Games where the waiting itself tells
        a secret (who holds a card, who is a killer) show a wider or empty list."""
        return self.to_act()

    def sees_all(self, viewer: Viewer) -> bool:
        return viewer == REFEREE or self.outcome is not None

    def redact(self, name: str, data: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        """The event data a viewer may see while the game is live; games override."""
        return data

    def event_view(self, event: Any, viewer: Viewer = SPECTATOR) -> dict[str, Any]:
        """One event as a viewer may see it (complete once the game has ended)."""
        data = {k: v for k, v in vars(event).items() if k not in _NOT_DATA}
        name = type(event).__name__
        stamp = event.timestamp
        if not self.sees_all(viewer):
            data = self.redact(name, data, viewer)
            data.pop("salt", None)  # the salt is as secret as what it guards
            # to the second: a millisecond clock would tell who answered a window at once
            stamp = stamp.replace(microsecond=0)
        return {
            "version": event.originator_version,
            "type": name,
            "at": stamp.isoformat(),
            "prev": event.prev,
            "data": data,
        }

    def base_view(self, viewer: Viewer) -> dict[str, Any]:
        """The part of every game's view that does not depend on its rules."""
        waiting = self.to_act() if self.outcome is None else []
        shown = waiting if self.sees_all(viewer) else self.visible_to_act(viewer)
        out: dict[str, Any] = {
            "id": str(self.id),
            "kind": self.kind,
            "version": self.version,
            "players": list(self.players),
            "options": dict(self.options),
            "rules": self.rules,
            "viewer": viewer,
            "to_act": shown,
            "status": "finished" if self.outcome is not None else "live",
            "outcome": self.outcome,
        }
        if self.outcome is not None:
            out["receipt"] = self.receipt
            out["disputes"] = list(self.disputes)
        if isinstance(viewer, int) and viewer in waiting:
            out["legal_actions"] = self.legal_actions(viewer)
        return out

    # --- the common end, receipts and disputes ------------------------------------
    class GameEnded(Chained.Event):
        outcome: dict[str, Any]

        def apply(self, game: Game) -> None:
            game.outcome = self.outcome
            game.__dict__["_ended"] = self  # the event each seat's receipt is the digest of

    class DisputeRaised(Chained.Event):
        by: Viewer
        claim: str

        def apply(self, game: Game) -> None:
            game.disputes.append({"number": len(game.disputes) + 1, "by": self.by,
                                  "claim": self.claim, "raised_at": self.originator_version,
                                  "verdict": None})

    class DisputeResolved(Chained.Event):
        number: int
        verdict: str
        audit_digest: str
        note: str

        def apply(self, game: Game) -> None:
            game.disputes[self.number - 1].update(
                verdict=self.verdict, audit_digest=self.audit_digest, note=self.note,
                resolved_at=self.originator_version)

    class SeatTokenReissued(Chained.Event):
        """A seat's (or the referee's) token was replaced: tokens of an older generation
        no longer open the game, wherever they are presented."""

        seat: Viewer
        generation: int

        def apply(self, game: Game) -> None:
            game.token_generations[str(self.seat)] = self.generation

    def _game_ended(self, outcome: dict[str, Any]) -> None:
        self.trigger_event(self.GameEnded, outcome=outcome)

    @property
    def disputes(self) -> list[dict[str, Any]]:
        found = self.__dict__.get("_disputes")
        if found is None:
            found = self.__dict__["_disputes"] = []
        return found

    @property
    def token_generations(self) -> dict[str, int]:
        """The current token generation of each seat that has had one reissued."""
        found = self.__dict__.get("_token_generations")
        if found is None:
            found = self.__dict__["_token_generations"] = {}
        return found

    def token_generation(self, seat: Viewer) -> int:
        return self.token_generations.get(str(seat), 0)

    def reissue_token(self, seat: Viewer) -> int:
        """Start a new generation of one seat's token, so a leaked one stops working;
        returns the new generation (tokens carry the generation they were issued at)."""
        if seat != REFEREE and not (type(seat) is int and 0 <= seat < len(self.players)):
            raise MalformedAction(f"there is no seat {seat!r} at this table")
        self.trigger_event(self.SeatTokenReissued, seat=seat,
                           generation=self.token_generation(seat) + 1)
        return self.token_generation(seat)

    @property
    def receipt(self) -> str | None:
        """The digest of the GameEnded event: what every seat keeps to check the record."""
        ended = self.__dict__.get("_ended")
        if ended is None:
            return None
        self.seal()
        return digest(ended)

    def raise_dispute(self, by: Viewer, claim: str) -> None:
        if self.outcome is None:
            raise IllegalAction("a dispute is raised on a finished game")
        if not isinstance(claim, str) or not claim.strip():
            raise MalformedAction("say what is disputed: a claim in words")
        if len(claim) > MAX_CLAIM:
            raise MalformedAction(f"a claim is at most {MAX_CLAIM} characters")
        if by != REFEREE and not (isinstance(by, int) and 0 <= by < len(self.players)):
            raise IllegalAction("only a seat of this game or its referee may raise a dispute")
        self.trigger_event(self.DisputeRaised, by=by, claim=claim)

    def resolve_dispute(self, number: int, verdict: str, audit_digest: str,
                        note: str = "") -> None:
        if not 1 <= number <= len(self.disputes):
            raise IllegalAction(f"there is no dispute {number} on this game")
        if self.disputes[number - 1]["verdict"] is not None:
            raise IllegalAction(f"dispute {number} is already resolved")
        if verdict not in ("upheld", "rejected"):
            raise MalformedAction('a verdict is "upheld" or "rejected"')
        self.trigger_event(self.DisputeResolved, number=number, verdict=verdict,
                           audit_digest=audit_digest, note=note[:MAX_CLAIM])


MAX_CLAIM = 2000
_NOT_DATA = frozenset({"originator_id", "originator_version", "timestamp", "prev",
                       "originator_topic", "_stored_digest"})


def created_event_class(cls: type) -> type:
    """The event class that starts an aggregate of ``cls`` (its first, "created" event)."""
    found = [
        v for v in vars(cls).values()
        if isinstance(v, type) and issubclass(v, CanInitAggregate)
        and v.__qualname__.startswith(cls.__qualname__ + ".")
    ]
    named = [v for v in found if v.__name__ not in ("Created",)]
    return (named or found)[0]


def check_seating(players: Any, agents: list[str] | None) -> list[str]:
    """The checks every game's setup shares: names as a list of strings, one agent per
    seat. Returns the agents, "human" where none were given."""
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise InvalidSetup("players is a list of player names")
    if agents is not None and len(agents) != len(players):
        raise InvalidSetup(f"{len(agents)} agents for {len(players)} players")
    return list(agents) if agents is not None else ["human"] * len(players)


def seat_outcome(
    players: list[str], winners: list[int], roles: list[str],
    scores: list[float] | None = None,
) -> list[dict[str, Any]]:
    """The per-seat rows of an outcome, in one shape for every game.

    A game may add facts the analytics tables read when present: per seat ``position``
    (0 = the first to act), ``general`` or ``generals``, ``kingdom`` and ``death`` (1 =
    the first seat to die); per game ``rounds`` next to ``seats``.
    """
    return [
        {
            "seat": i,
            "player": name,
            "role": roles[i],
            "won": i in winners,
            "score": (scores[i] if scores is not None else (1 if i in winners else 0)),
        }
        for i, name in enumerate(players)
    ]
