"""From domain events to row changes: the projection's table logic, free of SQL.

Games are independent streams, so every row can be derived from the events of its own
game: the created event gives the games row; Dou Dizhu's Dealt, BidPlaced,
LandlordChosen and ScoreSettled fill its hand row; the common ``GameEnded`` (the same
class for every game) closes the games row and writes one seats row per seat from the
outcome. Any new game kind therefore joins the tables with no change here.
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
from domain.game import Game
from service.hall import created_event_class


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


def policy_mix(agents: list[str] | tuple[str, ...]) -> str:
    """An order-free label for the bots at a table: ``3 random`` or ``1 greedy + 2 random``."""
    counts = Counter(agents)
    return " + ".join(f"{n} {name}" for name, n in sorted(counts.items()))


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _when(ts: datetime) -> str:
    return ts.isoformat()


def _int(flag: Any) -> int | None:
    return None if flag is None else int(bool(flag))


class Translator:
    """Maps each handled event topic to the row changes it makes.

    ``topics`` is also the filter the projection reads the log with, so events no table
    needs (cards played, passes, votes …) are never fetched or decoded.
    """

    def __init__(self, kinds: list[str] | None = None) -> None:
        self._handlers: dict[str, Callable[[Any, Lookup], list[Change]]] = {}
        self._facts: dict[str, GameFacts] = {}
        self._by_class: dict[type, Callable[[Any, Lookup], list[Change]] | None] = {}
        for kind in kinds if kinds is not None else registry.kinds():
            cls = registry.game_class(kind)
            self._handlers[get_topic(created_event_class(cls))] = self._created(kind)
            self._handlers[get_topic(cls.GameEnded)] = self._ended  # type: ignore[attr-defined]
            if kind == "doudizhu":
                self._handlers.update({
                    get_topic(cls.Dealt): _dealt,  # type: ignore[attr-defined]
                    get_topic(cls.BidPlaced): _bid,  # type: ignore[attr-defined]
                    get_topic(cls.LandlordChosen): _landlord,  # type: ignore[attr-defined]
                    get_topic(cls.ScoreSettled): _settled,  # type: ignore[attr-defined]
                })
        self._handlers.setdefault(get_topic(Game.GameEnded), self._ended)  # type: ignore[attr-defined]

    @property
    def topics(self) -> tuple[str, ...]:
        return tuple(sorted(self._handlers))

    def changes(self, event: Any, lookup: Lookup) -> list[Change]:
        cls = type(event)
        try:
            handler = self._by_class[cls]
        except KeyError:
            handler = self._by_class[cls] = self._handlers.get(get_topic(cls))
        return handler(event, lookup) if handler else []

    def _created(self, kind: str) -> Callable[[Any, Lookup], list[Change]]:
        def created(event: Any, lookup: Lookup) -> list[Change]:
            gid = str(event.originator_id)
            players = list(event.players)
            agents = list(getattr(event, "agents", None) or ["human"] * len(players))
            if len(self._facts) > 100_000:  # abandoned games must not grow this forever
                self._facts.clear()
            self._facts[gid] = GameFacts(kind, len(players), tuple(agents))
            out = [Change("upsert_game", (
                gid, kind, len(players), _json(players), _json(dict(event.options or {})),
                _json(agents), policy_mix(agents), _when(event.timestamp),
            ))]
            if kind == "doudizhu":
                out.append(Change("upsert_hand", (
                    gid, getattr(event, "match_id", None), getattr(event, "number", None),
                )))
            return out

        return created

    def _ended(self, event: Any, lookup: Lookup) -> list[Change]:
        gid = str(event.originator_id)
        outcome = event.outcome
        facts = self._facts.pop(gid, None) or lookup(gid)
        out = [Change("end_game", (
            _when(event.timestamp), outcome.get("side"), outcome.get("reason"),
            _json(outcome.get("winners", [])), event.originator_version, gid,
        ))]
        if facts is None:  # a game whose start this projection never saw: no seats to key
            return out
        for row in outcome.get("seats", []):
            seat = int(row["seat"])
            policy = facts.agents[seat] if seat < len(facts.agents) else None
            out.append(Change("upsert_seat", (
                gid, seat, facts.kind, facts.players, row.get("player", ""), row.get("role"),
                policy, int(bool(row.get("won"))), row.get("score"),
            )))
        return out


def _dealt(event: Any, lookup: Lookup) -> list[Change]:
    return [Change("hand_dealt", (event.first_bidder, str(event.originator_id)))]


def _bid(event: Any, lookup: Lookup) -> list[Change]:
    return [Change("hand_bid", (event.bid, event.bid, str(event.originator_id)))]


def _landlord(event: Any, lookup: Lookup) -> list[Change]:
    return [Change("hand_landlord", (event.seat, event.base, str(event.originator_id)))]


def _settled(event: Any, lookup: Lookup) -> list[Change]:
    s = event.settlement
    scores = list(s.get("scores") or [None, None, None]) + [None] * 3
    return [Change("hand_settled", (
        s.get("base"), s.get("landlord"), len(s.get("bombs") or []),
        len(s.get("rockets") or []), _int(s.get("spring")), _int(s.get("anti_spring")),
        s.get("multiplier"), s.get("escape"), _int(s.get("landlord_won")),
        scores[0], scores[1], scores[2], str(event.originator_id),
    ))]
