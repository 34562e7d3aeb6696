"""The surface every paiju game aggregate offers, and the hash chain over its events.

The service, bots, simulator, replay viewer, audit and analytics treat all games alike
through this surface (see shared/DESIGN.md): ``kind``, ``seats``, ``to_act()``,
``legal_actions(seat)``, ``act(seat, action)``, ``view(viewer)``, ``outcome``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import random
import time
from collections.abc import Mapping
from dataclasses import field
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple
from uuid import UUID

from eventsourcing.domain import TZINFO, Aggregate, CanCreateTimestamp, DomainEvent

SPECTATOR = "spectator"
REFEREE = "referee"
Viewer = int | str  # a seat number, SPECTATOR or REFEREE

GENESIS = ""  # the `prev` digest of a game's first event


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


def canonical(event: Any, originator_id: str | None = None) -> bytes:
    """A stable byte encoding of an event: what its digest, and so the chain, is over.

    The store keeps exactly these bytes, so a referee can check the chain with any
    SHA-256 tool. ``originator_id`` saves re-spelling the id for each event of a game.
    """
    body = event.__dict__.copy()
    body["type"] = type(event).__qualname__
    body["originator_id"] = originator_id or str(body["originator_id"])
    body["timestamp"] = body["timestamp"].isoformat()
    return _encode(body).encode()


def _default(value: Any) -> Any:
    return sorted(value) if isinstance(value, (set, frozenset)) else str(value)


#: the reference encoder: compact, keys sorted, UTF-8 as is
_reference = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_default,
).encode


def _fast_encoder() -> Any:
    """The same bytes as ``_reference`` from json's C encoder, built once rather than on
    every call as ``JSONEncoder.encode`` does (a third of the cost of sealing an event)."""
    from json import encoder

    make = getattr(encoder, "c_make_encoder", None)
    if make is None:  # a Python without json's C speedups
        return _reference
    iterencode = make(None, _default, encoder.encode_basestring, None, ":", ",", True,
                      False, True)
    return lambda body: "".join(iterencode(body, 0))


_encode = _fast_encoder()


def digest(event: Any) -> str:
    return hashlib.sha256(canonical(event)).hexdigest()


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


class _Shape(NamedTuple):
    """What building an event of one class needs to know, worked out once per class."""

    names: frozenset[str]  # every field a caller may give
    required: frozenset[str]
    defaults: dict[str, Any]  # plain default values
    factories: tuple[tuple[str, Any], ...]  # (name, default_factory)
    stamp_of: Any  # the class's own create_timestamp, or None for the library's


_SHAPES: dict[type, _Shape | None] = {}
_UNSEEN: Any = object()
_new = object.__new__
_set = object.__setattr__
_now = datetime.now
_library_stamp = CanCreateTimestamp.create_timestamp  # what events use unless they override
_STAMPED = frozenset({"originator_id", "originator_version", "timestamp"})


def _shape_of(cls: type) -> _Shape | None:
    """Field names, required names and defaults of an event class (None: build it the
    library's way, since it does more than hold fields)."""
    shape: _Shape | None = None
    # the library's own __post_init__ only checks the id is a UUID: an aggregate's is
    if dataclasses.is_dataclass(cls) and getattr(cls, "__post_init__", None) in (
            None, DomainEvent.__post_init__):
        fields = [f for f in dataclasses.fields(cls) if f.name not in _STAMPED]
        shape = _Shape(
            names=frozenset(f.name for f in fields),
            required=frozenset(
                f.name for f in fields
                if f.default is dataclasses.MISSING
                and f.default_factory is dataclasses.MISSING
            ),
            defaults={f.name: f.default for f in fields
                      if f.default is not dataclasses.MISSING},
            factories=tuple((f.name, f.default_factory) for f in fields
                            if f.default_factory is not dataclasses.MISSING),
            stamp_of=None if getattr(cls, "create_timestamp", None) is _library_stamp
            else cls.create_timestamp,  # type: ignore[attr-defined]
        )
    _SHAPES[cls] = shape
    return shape


class Chained(Aggregate):
    """An aggregate whose every stored event carries the digest of the one before it.

    Events are sealed (their ``prev`` filled in) when they are collected for saving, or
    when the head is asked for: play itself never pays for hashing, storage does.
    """

    @staticmethod
    def create_id(*_: Any, **__: Any) -> UUID:
        return time_ordered_id()

    class Event(Aggregate.Event):
        prev: str = field(default=GENESIS, kw_only=True)

        def mutate(self, aggregate: Any) -> Any:
            agg = super().mutate(aggregate)
            if agg is not None:
                agg._last_event = self  # noqa: SLF001 - the chain's latest link
            return agg

    def trigger_event(self, event_class: Any, **kwargs: Any) -> None:
        """Record one new event and apply it.

        The library's version builds the frozen dataclass field by field and then checks
        that the event it just numbered fits; here the event's state is put together in
        one dict, as the store does when it reads events back, and applied directly. Bots
        trigger millions of these; the checks that matter (fields given) remain.
        """
        pending = self._pending_events
        if not pending:
            # everything before this event is stored: remember where the chain stands
            last = getattr(self, "_last_event", None)
            self._seal_from = GENESIS if last is None else digest(last)
        shape = _SHAPES.get(event_class, _UNSEEN)
        if shape is _UNSEEN:
            shape = _shape_of(event_class)
        if shape is None:  # an event class with its own __init__ logic: the library's way
            super().trigger_event(event_class, **kwargs)
            return
        names, required, defaults, factories, stamp_of = shape
        given = kwargs.keys()
        if given != required and not (required <= given <= names):
            raise TypeError(f"can't construct event {event_class.__qualname__}: "
                            f"missing {sorted(required - given)}, "
                            f"unexpected {sorted(given - names)}")
        version = self._version + 1
        stamp = _now(TZINFO) if stamp_of is None else stamp_of()
        # defaults first, then what was given; the stamps last, as nobody may set them
        state = {**defaults, **kwargs, "originator_id": self._id,
                 "originator_version": version, "timestamp": stamp}
        for name, factory in factories:
            if name not in given:
                state[name] = factory()
        new_event = _new(event_class)
        _set(new_event, "__dict__", state)
        new_event.apply(self)
        self._version = version
        self._modified_on = stamp
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
        oid = str(self.id)
        out = []
        for e in pending:
            object.__setattr__(e, "prev", head)  # sealing: before anyone stores or sees it
            body = canonical(e, oid)
            head = hashlib.sha256(body).hexdigest()
            out.append((e, body, head))
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

    kind: ClassVar[str] = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 99
    #: action types a seat may send even when it is not waiting on that seat
    anytime_actions: ClassVar[frozenset[str]] = frozenset()

    # Instances set, in their created event: players (list[str]), options (dict),
    # agents (list[str], the policy or "human" per seat) and outcome (None while live).
    # (No class annotations here: eventsourcing would read them as constructor fields.)

    # --- the common surface -------------------------------------------------------
    @property
    def seats(self) -> list[dict[str, Any]]:
        return [{"seat": i, "player": name} for i, name in enumerate(self.players)]

    @property
    def finished(self) -> bool:
        return self.outcome is not None

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
        data = {
            k: v
            for k, v in vars(event).items()
            if k not in ("originator_id", "originator_version", "timestamp", "prev",
                         "originator_topic")
        }
        name = type(event).__name__
        if not self.sees_all(viewer):
            data = self.redact(name, data, viewer)
        return {
            "version": event.originator_version,
            "type": name,
            "at": event.timestamp.isoformat(),
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
    """The per-seat rows of an outcome, in one shape for every game."""
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
