"""The common event path of every game: fields checked, defaults filled, and the event
the same as the library's own constructor would have built."""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Any
from uuid import RFC_4122

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.adapter import encode as _encode
from domain.adapter import reference_encode as _reference
from domain.doudizhu.hand import Hand
from domain.game import Chained, Game, time_ordered_id


class Tally(Chained):
    """A tiny aggregate with one event that has a default and a default factory."""

    def __init__(self) -> None:
        self.seen: list[Any] = []

    class Counted(Chained.Event):
        n: int
        note: str = "none"
        tags: list[str] = dataclasses.field(default_factory=list)

        def apply(self, agg: Tally) -> None:
            agg.seen.append((self.n, self.note, self.tags))


def test_defaults_and_factories_are_filled() -> None:
    t = Tally()
    t.trigger_event(Tally.Counted, n=1)
    t.trigger_event(Tally.Counted, n=2, note="x")
    a, b = t.pending_events[1:]
    assert t.seen == [(1, "none", []), (2, "x", [])]
    assert a.tags is not b.tags  # a fresh list each time, as the dataclass would give
    assert (a.originator_version, b.originator_version) == (2, 3)
    assert t.version == 3 and t.modified_on == b.timestamp


@pytest.mark.parametrize("kwargs", [{}, {"n": 1, "colour": "red"}])
def test_missing_or_unknown_fields_raise_and_record_nothing(kwargs: dict[str, Any]) -> None:
    t = Tally()
    with pytest.raises(TypeError, match="Counted"):
        t.trigger_event(Tally.Counted, **kwargs)
    assert t.version == 1 and len(t.pending_events) == 1 and t.seen == []


def test_events_equal_what_the_library_constructor_builds() -> None:
    rng = random.Random(4)
    hand = Hand.new(["a", "b", "c"], rng=rng)
    hand.act(hand.turn, {"type": "bid", "value": 3}, rng)
    for e in hand.pending_events[1:]:
        rebuilt = type(e)(**vars(e))
        assert rebuilt == e and vars(rebuilt) == vars(e)
        assert list(vars(rebuilt)) and isinstance(e, Game.Event)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
    | st.frozensets(st.integers(), max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(st.dictionaries(st.text(), json_values, max_size=8))
def test_the_fast_canonical_encoder_gives_the_reference_bytes(body: dict[str, Any]) -> None:
    assert _encode(body) == _reference(body)


def test_ids_are_time_ordered_uuid7() -> None:
    first = Hand.new(["a", "b", "c"])
    time.sleep(0.002)
    second = Hand.new(["a", "b", "c"])
    assert first.id.version == second.id.version == 7
    assert first.id.variant == RFC_4122
    assert first.id.hex < second.id.hex  # the store's text and uuid columns sort by age
    assert len({time_ordered_id() for _ in range(1000)}) == 1000
