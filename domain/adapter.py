"""The one place paiju goes around the eventsourcing library's public API, and why.

Bots play millions of events, and the library's generic paths cost more than the rules
(measured: the frozen dataclass built field by field, a second JSON encoding of every
event, two bookkeeping objects per saved event). Each shortcut below does what the
library does for the events paiju has, and ``tests/test_adapter.py`` holds each one
against the library's own path for every game kind:

* **building events** (``build_event``): the event's state in one dict, as the library
  itself rebuilds events when it reads them, with the same field checks;
* **canonical bytes** (``canonical``): one sorted, compact UTF-8 JSON encoding per event,
  which is both what the hash chain digests and what the store keeps;
* **the mapper** (``CanonicalMapper``): rows are those bytes; reading them runs the
  library's ``class_version`` upcast loop, so "a schema change is a new class_version
  with an upcaster" holds;
* **recording** (``CanonicalRecording``): rows prepared while sealing are stored as they
  are, without the library's per-event Recording objects nothing here reads;
* **command methods** (``direct_commands``, ``apply_event``): an ``@event`` method called
  with every argument by keyword triggers its event directly, and a new event's
  ``@event`` body is called with the event's fields directly, instead of the library
  coercing and filtering arguments through signatures on every call (measured: a quarter
  of a Sanguosha bot game).

Nothing else in paiju touches a private part of the library.
"""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
import json
import os
import secrets
from collections.abc import Callable, Iterable
from datetime import datetime
from operator import itemgetter
from types import MethodType
from typing import Any, NamedTuple
from uuid import UUID

from eventsourcing.domain import (
    TZINFO,
    BoundCommandMethodDecorator,
    CanCreateTimestamp,
    CanMutateAggregate,
    CommandMethodDecorator,
    DecoratedFuncCaller,
    DomainEvent,
    decorated_func_callers,
    decorated_funcs,
)
from eventsourcing.persistence import (
    Mapper,
    MapperDeserialisationError,
    StoredEvent,
    Transcoder,
)
from eventsourcing.utils import get_topic, resolve_topic

_new = object.__new__
_set = object.__setattr__
_now = datetime.now

# --- canonical bytes --------------------------------------------------------------------
#: a row's digest, kept on an event read from an older schema (its upcast state would
#: encode differently from the bytes the chain was sealed over)
STORED_DIGEST = "_stored_digest"


def _default(value: Any) -> Any:
    return sorted(value) if isinstance(value, (set, frozenset)) else str(value)


#: the reference encoder: compact, keys sorted, UTF-8 as is
reference_encode = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_default,
).encode


def _fast_encoder() -> Any:
    """The same bytes as ``reference_encode`` from json's C encoder, built once rather
    than on every call as ``JSONEncoder.encode`` does (a third of the cost of sealing)."""
    from json import encoder

    make = getattr(encoder, "c_make_encoder", None)
    if make is None:  # a Python without json's C speedups
        return reference_encode
    iterencode = make(None, _default, encoder.encode_basestring, None, ":", ",", True,
                      False, True)
    return lambda body: "".join(iterencode(body, 0))


encode = _fast_encoder()


def canonical(event: Any, originator_id: str | None = None) -> bytes:
    """The bytes an event's digest is over, and what the store keeps.

    ``originator_id`` saves re-spelling the id for each event of a game.
    """
    body = event.__dict__.copy()
    if STORED_DIGEST in body:
        del body[STORED_DIGEST]
    cls = type(event)
    body["type"] = cls.__qualname__
    body["originator_id"] = originator_id or str(body["originator_id"])
    body["timestamp"] = body["timestamp"].isoformat()
    version = getattr(cls, "class_version", 1)
    if version > 1:
        body["class_version"] = version
    return encode(body).encode()


def digest(event: Any) -> str:
    """SHA-256 of the event's canonical bytes (of its stored bytes, if it was upcast)."""
    stored = event.__dict__.get(STORED_DIGEST)
    return stored if stored is not None else hashlib.sha256(canonical(event)).hexdigest()


def is_canonical_row(state: bytes) -> bool:
    """Whether stored bytes are in the canonical form: they decode to an object naming
    its type, and encoding that object again gives the same bytes."""
    try:
        body = json.loads(bytes(state))
    except ValueError:
        return False
    return isinstance(body, dict) and "type" in body and encode(body).encode() == bytes(state)


def seal(event: Any, prev: str) -> None:
    """Fill in an event's ``prev`` digest: events are frozen, and the chain is sealed
    only when they are about to be stored or shown."""
    _set(event, "prev", prev)


#: per event class: its type name and class_version as ``canonical`` spells them
_SPELLING: dict[type, tuple[str, int]] = {}


def seal_all(events: Iterable[Any], head: str,
             originator_id: str) -> list[tuple[Any, bytes, str]]:
    """Seal events in order from ``head``: each event's ``prev``, canonical bytes and
    digest, as ``seal``, ``canonical`` and SHA-256 give them one by one (what depends on
    the class only is looked up once; a game seals hundreds of events at a time)."""
    out: list[tuple[Any, bytes, str]] = []
    append, sha256, spelling = out.append, hashlib.sha256, _SPELLING
    for event in events:
        _set(event, "prev", head)
        body = event.__dict__.copy()
        if STORED_DIGEST in body:
            del body[STORED_DIGEST]
        cls = type(event)
        spelt = spelling.get(cls)
        if spelt is None:
            spelt = spelling[cls] = (cls.__qualname__, getattr(cls, "class_version", 1))
        body["type"] = spelt[0]
        body["originator_id"] = originator_id
        body["timestamp"] = body["timestamp"].isoformat()
        if spelt[1] > 1:
            body["class_version"] = spelt[1]
        data = encode(body).encode()
        head = sha256(data).hexdigest()
        append((event, data, head))
    return out


# --- building events --------------------------------------------------------------------
class _Shape(NamedTuple):
    """What building an event of one class needs to know, worked out once per class."""

    names: frozenset[str]  # every field a caller may give
    required: frozenset[str]
    defaults: dict[str, Any]  # plain default values
    factories: tuple[tuple[str, Any], ...]  # (name, default_factory)
    stamp_of: Any  # the class's own create_timestamp, or None for the library's
    salted: bool  # a secret-bearing event: a fresh salt from the OS


_SHAPES: dict[type, _Shape | None] = {}
_UNSEEN: Any = object()
_library_stamp = CanCreateTimestamp.create_timestamp
_STAMPED = frozenset({"originator_id", "originator_version", "timestamp"})
SALT = "salt"


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
                      if f.default is not dataclasses.MISSING and f.name != SALT},
            factories=tuple((f.name, f.default_factory) for f in fields
                            if f.default_factory is not dataclasses.MISSING),
            stamp_of=None if getattr(cls, "create_timestamp", None) is _library_stamp
            else cls.create_timestamp,  # type: ignore[attr-defined]
            salted=any(f.name == SALT for f in fields),
        )
    _SHAPES[cls] = shape
    return shape


class _SaltPool:
    """128-bit salts cut from OS randomness fetched 4 KiB at a time: one system call per
    256 salts instead of one each (a Sanguosha game salts every event). The bytes are
    kept spelled in hex, so a salt is one slice. A forked child drops what its parent had
    fetched, so no two processes ever hand out the same bytes."""

    SIZE = 4096

    def __init__(self) -> None:
        self.hex = ""
        self.at = 0

    def take(self) -> str:
        at = self.at
        if at >= len(self.hex):
            self.hex, at = secrets.token_hex(self.SIZE), 0
        self.at = at + 32
        return self.hex[at:at + 32]

    def drop(self) -> None:
        self.hex, self.at = "", 0


_SALTS = _SaltPool()
_take_salt = _SALTS.take
os.register_at_fork(after_in_child=_SALTS.drop)


def new_salt() -> str:
    """128 random bits from the OS: with it, no digest of a secret can be guessed."""
    return _SALTS.take()


def build_event(event_class: type, originator_id: UUID, version: int,
                kwargs: dict[str, Any]) -> Any | None:
    """A new event of ``event_class`` numbered ``version``, or None when the class needs
    the library's own constructor (it does more than hold fields).

    The library builds the frozen dataclass field by field; here the state is put
    together in one dict, as the store does when it reads an event back. Missing and
    unknown fields raise TypeError, as the dataclass would.
    """
    shape = _SHAPES.get(event_class, _UNSEEN)
    if shape is _UNSEEN:
        shape = _shape_of(event_class)
    if shape is None:
        return None
    names, required, defaults, factories, stamp_of, salted = shape
    given = kwargs.keys()
    if given != required and not (required <= given <= names):
        raise TypeError(f"can't construct event {event_class.__qualname__}: "
                        f"missing {sorted(required - given)}, "
                        f"unexpected {sorted(given - names)}")
    stamp = _now(TZINFO) if stamp_of is None else stamp_of()
    # defaults first, then what was given; the stamps last, as nobody may set them
    state = {**defaults, **kwargs, "originator_id": originator_id,
             "originator_version": version, "timestamp": stamp}
    for name, factory in factories:
        if name not in given:
            state[name] = factory()
    if salted and not state.get(SALT):
        state[SALT] = _take_salt()
    event: Any = _new(event_class)
    _set(event, "__dict__", state)
    return event


# --- command methods: @event methods called, their bodies applied ----------------------
class _Command:
    """Stands in an aggregate class for one ``@event`` method. A call that names each of
    the method's arguments by keyword (as paiju's rules call them) triggers the event
    with those arguments, which is what the library ends up doing; any other call (by
    position, leaving a default out, a wrong name) takes the library's own path, with
    its defaults, checks and messages. On the class it is the library's decorator."""

    def __init__(self, decorator: CommandMethodDecorator, event_class: type) -> None:
        self.decorator = decorator
        self.__doc__ = decorator.decorated_func.__doc__
        names = frozenset(n for n in inspect.signature(decorator.decorated_func).parameters
                          if n != "self")
        fields = set(inspect.signature(event_class).parameters)

        def call(obj: Any, *args: Any, **kwargs: Any) -> None:
            if args or kwargs.keys() != names:
                BoundCommandMethodDecorator(decorator, obj).trigger(*args, **kwargs)
            else:
                obj.trigger_event(event_class, **kwargs)

        def library(obj: Any, *args: Any, **kwargs: Any) -> None:
            BoundCommandMethodDecorator(decorator, obj).trigger(*args, **kwargs)

        # the library drops arguments its event has no field for: then it decides always
        self.call = call if names <= fields else library

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        if obj is None:
            return self.decorator.__get__(None, owner)
        return MethodType(self.call, obj)


def direct_commands(cls: type) -> None:
    """Put a ``_Command`` in place of each ``@event`` method ``cls`` itself defines, once
    the library has made their event classes (call it after its ``__init_subclass__``)."""
    for name, value in tuple(vars(cls).items()):
        if (isinstance(value, CommandMethodDecorator) and value in decorated_func_callers
                and value.decorated_property is None
                and value.decorated_func.__name__ != "__init__"):
            setattr(cls, name, _Command(value, decorated_func_callers[value]))


#: per event class: the ``apply`` it had when its applier was made, and that applier
_APPLIERS: dict[type, tuple[Any, Callable[[Any, Any], None]]] = {}


def _applier_of(cls: type) -> tuple[Any, Callable[[Any, Any], None]]:
    """How an event of ``cls`` changes its aggregate: its own ``apply``, or, for an event
    made from an ``@event`` method, that method called with the event's fields it names
    (then whatever ``apply`` comes next in the class's line, as the library does)."""
    own = found = cls.apply  # type: ignore[attr-defined]
    if found is DecoratedFuncCaller.apply and cls in decorated_funcs:
        func = decorated_funcs[cls]
        fields = {f.name for f in dataclasses.fields(cls)}
        params = list(inspect.signature(func).parameters.values())[1:]
        names = tuple(p.name for p in params if p.name in fields)
        mro = cls.__mro__
        after = next(vars(k)["apply"] for k in mro[mro.index(DecoratedFuncCaller) + 1:]
                     if "apply" in vars(k))
        if after is not CanMutateAggregate.apply:  # it does something: call it too
            def found(event: Any, aggregate: Any) -> None:
                state = event.__dict__
                func(aggregate, **{n: state[n] for n in names})
                after(event, aggregate)
        elif len(names) == len(params) and all(
                p.kind is p.POSITIONAL_OR_KEYWORD for p in params):
            # every argument is a field: passed by position, in the method's order
            if not names:
                def found(event: Any, aggregate: Any) -> None:
                    func(aggregate)
            elif len(names) == 1:
                name = names[0]

                def found(event: Any, aggregate: Any) -> None:
                    func(aggregate, event.__dict__[name])
            else:
                values = itemgetter(*names)

                def found(event: Any, aggregate: Any) -> None:
                    func(aggregate, *values(event.__dict__))
        else:
            def found(event: Any, aggregate: Any) -> None:
                state = event.__dict__
                func(aggregate, **{n: state[n] for n in names})
    _APPLIERS[cls] = made = (own, found)
    return made


def apply_event(event: Any, aggregate: Any) -> None:
    """``event.apply(aggregate)``, by the shortest path to the same calls (made again
    when the class's ``apply`` has been replaced since, as a test's patch does)."""
    cls = type(event)
    made = _APPLIERS.get(cls)
    if made is None or made[0] is not cls.apply:
        made = _applier_of(cls)
    made[1](event, aggregate)


# --- the mapper: rows are canonical bytes -----------------------------------------------
def stored_event(originator_id: Any, originator_version: int, topic: str,
                 state: bytes) -> StoredEvent:
    """A StoredEvent built in one step rather than by the frozen dataclass's field-by-field
    ``__init__`` (the way the library itself rebuilds events): bots save millions."""
    row = _new(StoredEvent)
    _set(row, "__dict__", {"originator_id": originator_id,
                           "originator_version": originator_version,
                           "topic": topic, "state": state})
    return row


class CanonicalMapper(Mapper[UUID]):
    """Maps events to rows whose state is the event's canonical JSON.

    Rows written by the library's own transcoder (stores from before this format) still
    read, through ``fallback``.
    """

    def __init__(self, fallback: Transcoder) -> None:
        super().__init__(transcoder=fallback)
        #: rows already made from the bytes sealing computed, by id(event), for the save
        #: in progress
        self.prepared: dict[int, tuple[Any, StoredEvent]] = {}
        self._topics: dict[type, str] = {}

    def topic(self, cls: type) -> str:
        topic = self._topics.get(cls)
        if topic is None:
            topic = self._topics[cls] = get_topic(cls)
        return topic

    def prepare(self, sealed: Iterable[tuple[Any, bytes, str]]) -> None:
        """Make the rows of sealed events (event, canonical bytes, digest) ahead of a save."""
        prepared, topic = self.prepared, self.topic
        for event, body, _ in sealed:
            prepared[id(event)] = (event, stored_event(
                event.originator_id, event.originator_version, topic(type(event)), body))

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        known = self.prepared.get(id(domain_event))
        if known is not None and known[0] is domain_event:
            return known[1]
        return stored_event(domain_event.originator_id, domain_event.originator_version,
                            self.topic(type(domain_event)), canonical(domain_event))

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        raw = stored_event.state
        try:
            if not isinstance(raw, bytes):
                raw = bytes(raw)  # PostgreSQL may hand back a memoryview
            state = json.loads(raw)
            if isinstance(state, dict) and "type" in state:
                del state["type"]
                state["timestamp"] = datetime.fromisoformat(state["timestamp"])
            else:
                state = self.transcoder.decode(raw)
        except Exception as e:
            raise MapperDeserialisationError(
                f"cannot read the stored event {stored_event.originator_version} of "
                f"{stored_event.originator_id} ({stored_event.topic}): {e}"
            ) from e
        cls = resolve_topic(stored_event.topic)
        oid = stored_event.originator_id
        state["originator_id"] = oid if isinstance(oid, UUID) else UUID(str(oid))
        state["originator_version"] = stored_event.originator_version
        # the library's upcast loop: old rows are read as the class's current version
        class_version = getattr(cls, "class_version", 1)
        from_version = state.pop("class_version", 1)
        if from_version < class_version:
            state[STORED_DIGEST] = hashlib.sha256(raw).hexdigest()
            while from_version < class_version:
                getattr(cls, f"upcast_v{from_version}_v{from_version + 1}")(state)
                from_version += 1
        event = _new(cls)
        _set(event, "__dict__", state)
        return event


# --- recording --------------------------------------------------------------------------
class CanonicalRecording:
    """Mixin for an eventsourcing ``Application`` whose aggregates seal a hash chain
    (``sealed()``): rows are the sealed bytes, made once, recorded without extras."""

    def construct_mapper(self) -> CanonicalMapper:
        return CanonicalMapper(fallback=self.construct_transcoder())  # type: ignore[attr-defined]

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        mapper = self.mapper  # type: ignore[attr-defined]
        if not isinstance(mapper, CanonicalMapper):
            return super().save(*objs, **kwargs)  # type: ignore[misc]
        for obj in objs:
            sealed = getattr(obj, "sealed", None)
            if sealed is not None:
                mapper.prepare(sealed())
        try:
            return super().save(*objs, **kwargs)  # type: ignore[misc]
        finally:
            mapper.prepared.clear()

    def _record(self, processing_event: Any) -> list[Any]:
        """The library's, less the two Recording/Notification objects per event that
        nothing here reads (``_notify`` is not overridden): a tenth of a bot game's cost."""
        stored = list(map(self.mapper.to_stored_event,  # type: ignore[attr-defined]
                          processing_event.events))
        self.recorder.insert_events(  # type: ignore[attr-defined]
            stored, tracking=processing_event.tracking, **processing_event.saved_kwargs)
        repository = self.repository  # type: ignore[attr-defined]
        if repository.cache and not repository.fastforward:
            for aggregate_id, aggregate in processing_event.aggregates.items():
                repository.cache.put(aggregate_id, aggregate)
        return []
