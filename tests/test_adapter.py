"""Every shortcut of domain/adapter.py against the eventsourcing library's own path.

For each kind of game: events built by the adapter equal the library constructor's;
rows made by paiju's mapper read back equal to the library mapper's reading; and a schema
change (``class_version`` 2 with its upcaster) reads old rows as new events through a
real store, without breaking the hash chain.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import field
from typing import Any

import pytest
from eventsourcing.domain import event as command_event
from eventsourcing.persistence import DatetimeAsISO, JSONTranscoder, Mapper, UUIDAsHex

from domain import registry
from domain.adapter import STORED_DIGEST, CanonicalMapper, canonical, digest
from domain.game import Chained
from domain.simulate import play_out
from service.audit import audit_game
from service.hall import GameHall


def played(kind: str, seed: int) -> Any:
    spec = registry.spec(kind)
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(spec.default_seats)]
    policy = next(iter(spec.policies))
    game = spec.create(names, agents=[policy] * len(names), rng=rng)
    play_out(game, [spec.policies[policy]] * len(names), rng)
    game.seal()
    return game


def library_mapper() -> Mapper[Any]:
    transcoder = JSONTranscoder()
    transcoder.register(UUIDAsHex())
    transcoder.register(DatetimeAsISO())
    return Mapper(transcoder=transcoder)


@pytest.mark.parametrize("kind", ["doudizhu", "killer", "identity", "hegemony"])
def test_events_and_rows_match_the_library_path(kind: str) -> None:
    game = played(kind, 7)
    ours = CanonicalMapper(fallback=JSONTranscoder())
    library = library_mapper()
    for event in game.pending_events[1:]:  # the created event is built by the library
        # construction: the library's own dataclass constructor gives the same event
        rebuilt = type(event)(**{k: v for k, v in vars(event).items()})
        assert rebuilt == event and vars(rebuilt) == vars(event)
        # mapping: our row reads back as the event, as the library's row does
        row = ours.to_stored_event(event)
        assert bytes(row.state) == canonical(event)
        assert vars(ours.to_domain_event(row)) == vars(event)
        assert vars(library.to_domain_event(library.to_stored_event(event))) == vars(event)


@pytest.mark.parametrize("kind", ["doudizhu", "killer"])
def test_secret_events_carry_a_fresh_salt(kind: str) -> None:
    game = played(kind, 3)
    salted = [e for e in game.pending_events if isinstance(e, Chained.SecretEvent)]
    salts = [e.salt for e in salted]
    assert salted, f"{kind} records no secret-bearing event"
    assert all(len(s) == 32 for s in salts) and len(set(salts)) == len(salts)


# --- a schema change, read through a real store ------------------------------------------
class Tab(Chained):
    """A tiny aggregate whose one event gained a field in version 2 of its schema."""

    class Opened(Chained.Created):
        name: str

    def __init__(self, name: str) -> None:
        self.name = name
        self.orders: list[tuple[str, int]] = []

    class Ordered(Chained.Event):
        dish: str
        #: version 2 added the quantity; version 1 rows ordered one of each
        quantity: int = field(default=1)
        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["quantity"] = 1

        def apply(self, tab: Tab) -> None:
            tab.orders.append((self.dish, self.quantity))


def v1_row(event: Any) -> Any:
    """The row a version-1 build of paiju stored: no quantity, no class_version."""
    body = json.loads(canonical(event))
    del body["quantity"], body["class_version"]
    raw = json.dumps(body, sort_keys=True, separators=(",", ":"),
                     ensure_ascii=False).encode()
    row = CanonicalMapper(fallback=JSONTranscoder()).to_stored_event(event)
    object.__setattr__(row, "state", raw)
    return row


def test_old_rows_are_upcast_through_a_real_store(hall: GameHall) -> None:
    tab = Tab(name="table 4")
    tab.trigger_event(Tab.Ordered, dish="noodles")
    tab.seal()
    opened, ordered = tab.collect_events()
    old = v1_row(ordered)
    hall.recorder.insert_events([hall.mapper.to_stored_event(opened), old])
    # read back: the v1 row is a v2 event, through paiju's mapper and the library's
    got = hall.repository.get(tab.id)
    assert got.orders == [("noodles", 1)]
    library = library_mapper()
    mine = hall.mapper.to_domain_event(old)
    assert vars(library.to_domain_event(library.to_stored_event(mine))) == vars(mine)
    # the chain goes on from the stored bytes, not from the upcast event's
    assert digest(mine) == hashlib.sha256(bytes(old.state)).hexdigest()
    assert mine.__dict__[STORED_DIGEST]
    got.trigger_event(Tab.Ordered, dish="tea", quantity=2)
    hall.save(got)
    rows = hall.recorder.select_events(tab.id)
    assert json.loads(bytes(rows[2].state))["prev"] == hashlib.sha256(
        bytes(rows[1].state)).hexdigest()
    assert json.loads(bytes(rows[2].state))["class_version"] == 2
    assert hall.repository.get(tab.id).orders == [("noodles", 1), ("tea", 2)]
    report = audit_game(hall, tab.id)
    assert report.chain == [], report.chain


def test_a_missing_upcaster_is_an_error_not_silence(hall: GameHall) -> None:
    tab = Tab(name="t")
    tab.trigger_event(Tab.Ordered, dish="rice")
    tab.seal()
    _, ordered = tab.collect_events()
    row = v1_row(ordered)
    Tab.Ordered.class_version = 3  # a version 3 nobody wrote the upcaster for
    try:
        with pytest.raises(AttributeError, match="upcast_v2_v3"):
            hall.mapper.to_domain_event(row)
    finally:
        Tab.Ordered.class_version = 2


def test_salts_are_fresh_128_bit_values_and_a_forked_child_never_repeats_its_parent() -> None:
    import multiprocessing

    from domain.adapter import new_salt

    salts = [new_salt() for _ in range(600)]  # across more than one fetch from the OS
    assert len(set(salts)) == 600 and all(len(s) == 32 and int(s, 16) >= 0 for s in salts)
    new_salt()  # the pool holds bytes a child must not reuse
    ctx = multiprocessing.get_context("fork")
    reader, writer = ctx.Pipe(duplex=False)
    child = ctx.Process(target=lambda: writer.send([new_salt() for _ in range(3)]))
    child.start()
    theirs = reader.recv()
    child.join()
    mine = [new_salt() for _ in range(3)]
    assert child.exitcode == 0 and not set(theirs) & set(mine)


# --- command methods and their bodies ------------------------------------------------------
#: the aggregate's own bookkeeping of what is pending and sealed, and caches of what its
#: state implies (the legal actions last asked for), not its state
UNSTORED = {"_pending_events", "_sealed", "_seal_from", "_legal_cache"}


@pytest.mark.parametrize("kind", ["doudizhu", "killer", "identity", "hegemony"])
def test_events_applied_directly_leave_the_state_the_library_path_leaves(kind: str) -> None:
    game = played(kind, 11)
    replayed = None
    for event in game.pending_events:  # the library's mutate, apply and @event dispatch
        replayed = event.mutate(replayed)
    assert replayed is not None
    ours = {k: v for k, v in vars(game).items() if k not in UNSTORED}
    theirs = {k: v for k, v in vars(replayed).items() if k not in UNSTORED}
    assert ours == theirs


class Counter(Chained):
    """An aggregate with one ``@event`` method that has a default argument."""

    def __init__(self) -> None:
        self.adds: list[tuple[int, str]] = []

    @command_event("Added")
    def add(self, amount: int, note: str = "") -> None:
        self.adds.append((amount, note))


def test_command_methods_trigger_the_event_the_library_would() -> None:
    from eventsourcing.domain import BoundCommandMethodDecorator, CommandMethodDecorator

    fast, slow = Counter(), Counter()
    decorator = vars(Counter)["add"].decorator
    assert isinstance(decorator, CommandMethodDecorator)
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((), {"amount": 2, "note": "all by keyword"}),  # the direct path
        ((), {"amount": 3}),  # a default left out: the library's path
        ((4, "by position"), {}),
        ((5,), {"note": "mixed"}),
    ]
    for args, kwargs in calls:
        fast.add(*args, **kwargs)
        BoundCommandMethodDecorator(decorator, slow).trigger(*args, **kwargs)
    Counter.add(fast, amount=6)  # on the class: the library's own unbound method
    BoundCommandMethodDecorator(decorator, slow).trigger(amount=6)
    assert fast.adds == slow.adds == [(2, "all by keyword"), (3, ""), (4, "by position"),
                                      (5, "mixed"), (6, "")]
    stamps = {"originator_id", "timestamp"}
    for mine, library in zip(fast.pending_events, slow.pending_events, strict=True):
        assert type(mine) is type(library)
        assert {k: v for k, v in vars(mine).items() if k not in stamps} == \
            {k: v for k, v in vars(library).items() if k not in stamps}
    for wrong in ({"amount": 1, "colour": "red"}, {"note": "no amount"}):
        with pytest.raises(TypeError) as ours:
            fast.add(**wrong)
        with pytest.raises(TypeError) as theirs:
            BoundCommandMethodDecorator(decorator, slow).trigger(**wrong)
        assert str(ours.value) == str(theirs.value)


def test_a_replaced_apply_is_the_one_called(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests break rules by patching an event class's ``apply``: the direct path sees it."""
    counter = Counter()
    counter.add(amount=1, note="")  # the direct applier is made and kept
    added: Any = Counter.Added  # type: ignore[attr-defined]
    monkeypatch.setattr(added, "apply", lambda event, agg: agg.adds.append((0, "patched")))
    counter.add(amount=2, note="")
    monkeypatch.undo()
    counter.add(amount=3, note="")
    assert counter.adds == [(1, ""), (0, "patched"), (3, "")]


@pytest.mark.parametrize("kind", ["doudizhu", "killer", "identity", "hegemony"])
def test_sealing_a_game_at_once_gives_the_bytes_and_chain_of_one_event_at_a_time(
        kind: str) -> None:
    game = played(kind, 5)
    head = ""
    for event, body, link in game.sealed():
        assert event.prev == head
        assert body == canonical(event, str(game.id)) == canonical(event)
        assert link == digest(event) == hashlib.sha256(body).hexdigest()
        head = link
