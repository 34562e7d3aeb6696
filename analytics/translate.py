"""From domain events to row changes: the projection's table logic, free of SQL.

Games are independent streams, so every row can be derived from the events of its own
game: the created event gives the games row; the common ``GameEnded`` closes it and
writes one seats row per seat from the outcome (with the optional facts a kind records
there: ``rounds``; per seat ``position``, ``general``/``generals``, ``kingdom``,
``death``); a kind's own tables get the rows its spec's read model makes from its
events. Any new kind joins with no change here. A kind that records its generals when
they are chosen (an event ``GeneralsChosen`` with ``seat`` and ``generals``, or ``head``
and ``deputy``: Kingdom Wars) rather than in its outcome has them kept until the game
ends, when the seats its outcome left without generals take them.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from eventsourcing.utils import get_topic

from domain import registry
from domain.game import Game, created_event_class
from domain.spec import Row


@dataclass(frozen=True)
class Change:
    """One statement (a key of the schema's DML) with its parameters."""

    statement: str
    params: tuple[Any, ...]


@dataclass(frozen=True)
class GameFacts:
    """What a seats row needs from its game's created event."""

    kind: str
    players: int
    agents: tuple[str, ...]


#: finds the facts of a game already projected (None if its created event was never seen)
Lookup = Callable[[str], GameFacts | None]
Handler = Callable[[Any, Lookup], list[Any]]


def policy_mix(agents: list[str] | tuple[str, ...]) -> str:
    """An order-free label for the bots at a table: ``3 random`` or ``1 greedy + 2 random``."""
    counts = Counter(agents)
    return " + ".join(f"{n} {name}" for name, n in sorted(counts.items()))


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _when(ts: datetime) -> str:
    return ts.isoformat()


class Translator:
    """Maps each handled event topic to the row changes it makes.

    ``topics`` is also the filter the projection reads the log with, so events no table
    needs (cards played, passes, votes …) are never fetched or decoded.
    """

    def __init__(self, kinds: list[str] | None = None) -> None:
        self._handlers: dict[str, list[Handler]] = {}
        self._facts: dict[str, GameFacts] = {}
        self._by_class: dict[type, list[Handler]] = {}
        #: kinds whose generals come from their ``GeneralsChosen`` events
        self._chosen_kinds: set[str] = set()
        specs = [registry.spec(k) for k in kinds] if kinds is not None else registry.specs()
        for spec in specs:
            cls = spec.game
            self._add(created_event_class(cls), self._created(spec.kind))
            self._add(cls.GameEnded, self._ended)  # type: ignore[attr-defined]
            for name, rows in (spec.read_model.rows.items() if spec.read_model else ()):
                self._add(getattr(cls, name), _kind_rows(rows))
            chosen = getattr(cls, "GeneralsChosen", None)
            if isinstance(chosen, type):
                self._add(chosen, _chosen)
                self._chosen_kinds.add(spec.kind)
        self._handlers.setdefault(get_topic(Game.GameEnded), [self._ended])  # type: ignore[attr-defined]

    def _add(self, event_class: type, handler: Handler) -> None:
        self._handlers.setdefault(get_topic(event_class), []).append(handler)

    @property
    def topics(self) -> tuple[str, ...]:
        return tuple(sorted(self._handlers))

    def changes(self, event: Any, lookup: Lookup) -> list[Change | Row]:
        cls = type(event)
        try:
            handlers = self._by_class[cls]
        except KeyError:
            handlers = self._by_class[cls] = self._handlers.get(get_topic(cls), [])
        out: list[Change | Row] = []
        for handler in handlers:
            out += handler(event, lookup)
        return out

    def _created(self, kind: str) -> Callable[[Any, Lookup], list[Change]]:
        def created(event: Any, lookup: Lookup) -> list[Change]:
            gid = str(event.originator_id)
            players = list(event.players)
            agents = list(getattr(event, "agents", None) or ["human"] * len(players))
            if len(self._facts) > 100_000:  # abandoned games must not grow this forever
                self._facts.clear()
            self._facts[gid] = GameFacts(kind, len(players), tuple(agents))
            return [Change("upsert_game", (
                gid, kind, len(players), _json(players), _json(dict(event.options or {})),
                _json(agents), policy_mix(agents), _when(event.timestamp),
            ))]

        return created

    def _ended(self, event: Any, lookup: Lookup) -> list[Change]:
        gid = str(event.originator_id)
        outcome = event.outcome
        facts = self._facts.pop(gid, None) or lookup(gid)
        out = [Change("end_game", (
            _when(event.timestamp), outcome.get("side"), outcome.get("reason"),
            _json(outcome.get("winners", [])), event.originator_version,
            _int(outcome.get("rounds")), gid,
        ))]
        if facts is None:  # a game whose start this projection never saw: no seats to key
            return out
        for row in outcome.get("seats", []):
            seat = int(row["seat"])
            policy = facts.agents[seat] if seat < len(facts.agents) else None
            out.append(Change("upsert_seat", (
                gid, seat, facts.kind, facts.players, row.get("player", ""), row.get("role"),
                policy, int(bool(row.get("won"))), row.get("score"),
                _int(row.get("position")), _generals(row), row.get("kingdom"),
                _int(row.get("death")),
            )))
        if facts.kind in self._chosen_kinds:
            out.append(Change("fill_generals", (gid,)))
        return out


def _int(value: Any) -> int | None:
    """An optional whole number of an outcome (None when the kind does not record it)."""
    return None if value is None else int(value)


def _generals(row: dict[str, Any]) -> str | None:
    """A seat's generals as a JSON list: ``generals`` (Kingdom Wars: head and deputy) or
    the one ``general``; None where the kind has none."""
    names = row.get("generals")
    if names is None and row.get("general") is not None:
        names = [row["general"]]
    return None if names is None else _json([str(n) for n in names])


def _chosen(event: Any, lookup: Lookup) -> list[Change]:
    """A seat's generals as chosen (secret while the game lasts: only the projection's
    own table holds them, and only a finished game's seats rows show them)."""
    names = getattr(event, "generals", None)
    if names is None:
        names = [event.head, event.deputy]
    return [Change("choose_generals", (str(event.originator_id), int(event.seat),
                                       _json([str(n) for n in names])))]


def _kind_rows(rows: Callable[[Any], list[Row]]) -> Handler:
    def handler(event: Any, lookup: Lookup) -> list[Change | Row]:
        return list(rows(event))

    return handler
