"""The game contract: everything paiju needs to know about a kind of game, in one value.

Each game package declares one ``GameSpec`` and ``domain/registry.py`` lists it in one
line. The service (API, CLI, simulation, audit, replay text) and the analytics read
the registered specs and never ask "which game is this?": a fifth game is one package
and one line (``tests/toy/highcard.py`` proves it).

A spec is plain data and small pure functions (no I/O): how to seat a game and which
options it takes, its bot policies, its referee (the audit's own rules code), how its
events read as moves, which read-model rows its events make, and what a simulation
tallies per game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.audit import Fact, Recount
from domain.game import Game, InvalidSetup
from domain.narration import Narrator, PlainNarrator

#: a policy chooses one of ``game.legal_actions(seat)`` for a seat the game waits on
Policy = Callable[[Any, int, random.Random], dict[str, Any]]
#: a referee re-derives every recorded fact of one game from its raw stored facts
Referee = Callable[[list[Fact]], Recount]
HUMAN = "human"


@dataclass(frozen=True)
class Option:
    """One table option: its name, JSON type, default and what it does."""

    name: str
    type: type  # bool, int, float or str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | float | None = None
    maximum: int | float | None = None

    def check(self, value: Any, kind: str) -> Any:
        """The value, or InvalidSetup saying what was wrong."""
        wanted = self.type
        ok = isinstance(value, wanted) and not (wanted is not bool and isinstance(value, bool))
        if wanted is float and isinstance(value, int) and not isinstance(value, bool):
            ok, value = True, float(value)
        if not ok:
            raise InvalidSetup(f"option {self.name!r} of {kind} is a {_json_type(wanted)}, "
                               f"not {value!r}")
        if self.choices is not None and value not in self.choices:
            raise InvalidSetup(f"option {self.name!r} of {kind} is one of "
                               f"{', '.join(map(repr, self.choices))}, not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise InvalidSetup(f"option {self.name!r} of {kind} is at least {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise InvalidSetup(f"option {self.name!r} of {kind} is at most {self.maximum}")
        return value

    def schema(self) -> dict[str, Any]:
        """The option as JSON Schema (for the OpenAPI document and clients)."""
        out: dict[str, Any] = {"type": _json_type(self.type), "default": self.default,
                               "description": self.help}
        if self.choices is not None:
            out["enum"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


def _json_type(t: type) -> str:
    return {bool: "boolean", int: "integer", float: "number", str: "string"}.get(t, "object")


# --- read model: the rows a kind's events make, free of SQL ------------------------------
@dataclass(frozen=True)
class Column:
    name: str
    type: str  # "text", "int" or "real"


@dataclass(frozen=True)
class Table:
    """A read-model table of one kind; its first column is the game id (the key)."""

    name: str
    columns: tuple[Column, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)


@dataclass(frozen=True)
class Row:
    """Set these columns of the row of ``game_id`` (created if missing). Only values
    taken from one event: replaying the event leaves the row as it was."""

    table: str
    game_id: str
    values: Mapping[str, Any]


@dataclass(frozen=True)
class ReadModel:
    tables: tuple[Table, ...]
    #: event class name (of this kind's aggregate) → the rows it sets
    rows: Mapping[str, Callable[[Any], list[Row]]]


# --- series: games played one after another with running totals (a Dou Dizhu match) -----
@dataclass(frozen=True)
class Series:
    """A kind whose games can be played as a series, kept by an aggregate of its own.

    ``aggregate.new(players, rng=...)`` starts one; ``aggregate.next_game(spec, agents,
    rng)`` seats its next game and records that it did; ``aggregate.record(game)`` takes
    a finished game's result; ``referee(series_facts, games)`` audits a series from its
    raw facts and each game's.
    """

    aggregate: type
    #: the series a game belongs to, from its first (created) fact, or None
    series_of: Callable[[Fact], str | None]
    #: the ids of the series' games, in order, from its raw facts
    game_ids: Callable[[Sequence[Fact]], list[str]]
    #: where one game stands in the series (its number, the running totals), from facts
    standing: Callable[[Sequence[Fact], str], dict[str, Any]]
    #: audits a series from its raw facts and each game's (``series_id`` to check that
    #: each game names its series)
    referee: Callable[..., Recount] | None = None
    #: the series' audit in words, a line per game (default: the figures)
    report_lines: Callable[[Recount], list[str]] | None = None
    noun: str = "match"


@dataclass(frozen=True)
class GameSpec:
    """One kind of game, as the rest of paiju sees it."""

    kind: str
    title: str
    game: type[Game]
    seats: tuple[int, int]  # fewest and most players
    default_seats: int
    policies: Mapping[str, Policy] = field(default_factory=dict)
    options: tuple[Option, ...] = ()
    referee: Referee | None = None
    narrator: Narrator = field(default_factory=PlainNarrator)
    #: numbers a simulation adds up per game and shows as means (e.g. bombs per hand)
    tally: Callable[[Any], Mapping[str, float]] | None = None
    read_model: ReadModel | None = None
    series: Series | None = None
    #: what win rates are counted by: each seat's "role", or the game's winning "side"
    wins_by: str = "role"
    #: the sides a by-side kind always lists, even with no wins
    sides: tuple[str, ...] = ()
    rules: str = ""  # the rules document, relative to the repository root
    #: the kind's cards as a person reads them (id, name, suit, number, label...), for
    #: ``GET /cards/{kind}``; None for a game without a deck of named cards
    cards: Callable[[], list[dict[str, Any]]] | None = None

    # --- creating: the checks every kind shares, made once ----------------------------
    def check_players(self, players: Any) -> list[str]:
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise InvalidSetup("players is a list of player names")
        low, high = self.seats
        if not low <= len(players) <= high:
            span = f"{low}" if low == high else f"{low} to {high}"
            raise InvalidSetup(f"{self.kind} is played by {span} players, not {len(players)}")
        return list(players)

    def check_agents(self, agents: Sequence[str] | None, seats: int) -> list[str]:
        """Each seat is "human" (it acts with its token) or one of the kind's policies."""
        if agents is None:
            return [HUMAN] * seats
        if not isinstance(agents, (list, tuple)) or not all(isinstance(a, str)
                                                            for a in agents):
            raise InvalidSetup("agents is a list: \"human\" or a bot policy per seat")
        if len(agents) != seats:
            raise InvalidSetup(f"{len(agents)} agents for {seats} seats: one per seat")
        if self.policies:
            for name in agents:
                if name != HUMAN and name not in self.policies:
                    raise InvalidSetup(f"unknown {self.kind} agent {name!r}: \"human\" or "
                                       f"one of {', '.join(self.policies)}")
        return list(agents)

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Every option in force: the given ones checked, the rest at their defaults (so
        the record says exactly how the game was set up); unknown names are an error."""
        if options is not None and not isinstance(options, Mapping):
            raise InvalidSetup("options is an object of option names and values")
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise InvalidSetup(f"unknown option {unknown[0]!r} for {self.kind} "
                               f"(its options: {names})")
        out = {o.name: o.default for o in self.options if o.default is not None}
        out.update({name: known[name].check(value, self.kind)
                    for name, value in given.items() if value is not None})
        return out

    def create(self, players: Any, options: Mapping[str, Any] | None = None, *,
               agents: Sequence[str] | None = None,
               rng: random.Random | None = None) -> Game:
        """A new game, checked once here: players, agents and options."""
        names = self.check_players(players)
        seated = self.check_agents(agents, len(names))
        opts = self.check_options(options)
        return self.game.new(names, opts, agents=seated, rng=rng)  # type: ignore[attr-defined,no-any-return]

    def policy(self, name: str) -> Policy:
        if name not in self.policies:
            known = ", ".join(self.policies) or "none"
            raise InvalidSetup(f"unknown {self.kind} policy {name!r}; choose from {known}")
        return self.policies[name]

    def options_schema(self) -> dict[str, Any]:
        return {"type": "object", "additionalProperties": False,
                "properties": {o.name: o.schema() for o in self.options}}

    def describe(self) -> dict[str, Any]:
        """What a client needs to seat a game of this kind."""
        low, high = self.seats
        return {"kind": self.kind, "title": self.title, "players": {"min": low, "max": high,
                                                                     "default":
                                                                         self.default_seats},
                "policies": list(self.policies), "options": self.options_schema(),
                "series": self.series.noun if self.series else None, "rules": self.rules,
                "cards": self.cards is not None}
