"""Audit a stored game: the hash chain over the raw stored rows, then the kind's referee.

Reads the store's rows directly (not the aggregate), so an edited field, a deleted or
inserted row, or two swapped rows show up, each named by its event number; then the
game's referee (``spec.referee``: a second implementation of the rules, apart from the
engine) re-derives every recorded fact from the raw facts and names each broken rule.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from eventsourcing.utils import resolve_topic

from domain import registry
from domain.adapter import digest, is_canonical_row
from domain.audit import Fact, Recount
from domain.game import GENESIS
from domain.spec import GameSpec
from service.hall import GameHall, NotFound

SKIP = frozenset({"originator_id", "originator_version", "timestamp", "prev",
                  "originator_topic", "_stored_digest"})
#: events of the common base that may follow the end of a game (not rules of the game)
AFTER_END = frozenset({"DisputeRaised", "DisputeResolved", "SeatTokenReissued"})


@dataclass
class Audit:
    game_id: str
    kind: str
    events: int
    chain: list[str] = field(default_factory=list)  # chain problems, each naming an event
    receipt: dict[str, Any] | None = None
    recount: Recount | None = None
    head: str = GENESIS
    series: list[dict[str, Any]] = field(default_factory=list)

    lines: Any = None  # the series' own report lines (set for a series)

    @property
    def is_series(self) -> bool:
        return self.lines is not None

    @property
    def agrees(self) -> bool:
        ok = not self.chain and (self.recount is None or self.recount.agrees)
        if self.receipt is not None:
            ok = ok and self.receipt["valid"]
        return ok

    def as_dict(self) -> dict[str, Any]:
        r = self.recount
        return {
            "game_id": self.game_id,
            "kind": self.kind,
            "events": self.events,
            "verdict": "agrees" if self.agrees else "differs",
            "chain": {"intact": not self.chain, "problems": self.chain, "head": self.head},
            "receipt": self.receipt,
            "violations": [] if r is None else [v.as_dict() for v in r.violations],
            # why the rules were not judged move by move (None: they were)
            "rules_unjudged": None if r is None else r.unjudged,
            "recount": None if r is None else {
                "agrees": r.agrees,
                "problems": r.problems,
                "differences": [c.as_dict() for c in r.differences()],
                "checks": [c.as_dict() for c in r.checks],
                "details": r.details,
            },
            "series": self.series or None,
        }

    def digest(self) -> str:
        """What a referee's verdict cites: the digest of this report."""
        body = json.dumps(self.as_dict(), sort_keys=True, default=str).encode()
        return hashlib.sha256(body).hexdigest()

    def text(self) -> str:
        lines = [f"audit of {self.kind} {self.game_id}: {self.events} events — "
                 + ("AGREES" if self.agrees else "DIFFERS")]
        if self.chain:
            lines.append("hash chain: BROKEN")
            lines += [f"  - {p}" for p in self.chain]
        else:
            lines.append(f"hash chain: intact (head {self.head[:16]}…)")
        if self.receipt is not None:
            at = self.receipt["matches_event"]
            lines.append(f"receipt: matches event {at}" if self.receipt["valid"]
                         else "receipt: does NOT match this history")
        r = self.recount
        if r is not None and r.unjudged is not None:
            lines.append(f"rules: not checked ({r.unjudged}); the figures are recounted")
        elif r is not None:
            lines.append(f"rules: {len(r.violations)} broken"
                         + "".join(f"\n  !! {v.text()}" for v in r.violations))
        if r is not None and self.is_series:
            lines.append(f"recount: {'agrees' if r.agrees else 'differs'}")
            lines += self.lines(r)
            lines += [f"  XX {c.figure}: recorded {c.recorded!r}, events say {c.expected!r}"
                      + (f" (event {c.version})" if c.version else "")
                      for c in r.differences()]
        elif r is not None:
            lines.append(f"recount: {'agrees' if r.agrees else 'differs'} "
                         f"({len(r.checks)} figures checked)")
            for c in r.checks:
                mark = "ok " if c.agrees else "XX "
                where = f" (event {c.version})" if c.version else ""
                shown = f"{c.expected}" if c.agrees else \
                    f"recorded {c.recorded!r}, events say {c.expected!r}"
                lines.append(f"  {mark}{c.figure}: {shown}{where}")
            lines += [f"  !! {p}" for p in r.problems]
            for d in r.details.get("deaths", []):
                who = d.get("by")
                by = f"seat {who}" if isinstance(who, int) else (who or "no one (no source)")
                role = f" ({d['role']})" if d.get("role") else ""
                lines.append(f"  death: seat {d['seat']}{role}, killed by {by} "
                             f"(event {d['version']})")
        for m in self.series:
            lines.append(f"{m['noun']} {m['series_id']}: game {m['number']} of the "
                         f"{m['noun']}; running totals {m['totals']}")
        return "\n".join(lines)


@dataclass
class Stored:
    """A stream read from its raw rows: facts, chain problems, head, digest per event."""

    facts: list[Fact]
    problems: list[str]
    head: str
    digests: list[str]
    topic: str  # the aggregate class's topic, from the first readable row


def read_stored(hall: GameHall, aggregate_id: UUID) -> Stored:
    """Decode the raw rows once; check versions and the chain over their bytes."""
    records = hall.recorder.select_events(aggregate_id)
    if not records:
        raise NotFound(f"no events stored for {aggregate_id}")
    problems: list[str] = []
    facts: list[Fact] = []
    digests: list[str] = []
    expected_prev = GENESIS
    expected_version = 1
    topic = ""
    for rec in records:
        v = rec.originator_version
        if v != expected_version:
            if v > expected_version:
                problems.append(f"events {expected_version}–{v - 1} are missing (deleted?)")
            else:
                problems.append(f"event {v} appears again out of order")
            expected_version = v
        if isinstance(rec.state, str):  # an edit by hand (sqlite3's replace()) stores text
            problems.append(f"event {v} is stored as text, not the bytes paiju wrote: it was "
                            "edited outside paiju")
            rec = dataclasses.replace(rec, state=rec.state.encode("utf-8", "surrogatepass"))
        raw = bytes(rec.state)
        try:
            event = hall.mapper.to_domain_event(rec)
        except Exception as e:  # noqa: BLE001 - any decoding failure is tampering
            problems.append(f"event {v} cannot be read ({type(e).__name__}): its stored "
                            "bytes were changed")
            expected_prev = "?"
            digests.append("?")
            expected_version += 1
            continue
        topic = topic or getattr(event, "originator_topic", "")
        body = json.loads(raw) if raw[:1] == b"{" else None
        if isinstance(body, dict) and "type" in body:
            if not is_canonical_row(raw) or body.get("originator_version") != v or \
                    body.get("originator_id") != str(rec.originator_id):
                problems.append(
                    f"event {v} is not stored as its canonical bytes: its row was edited "
                    "outside paiju (its content, number or game no longer match)")
            head = hashlib.sha256(raw).hexdigest()
        else:  # a row in the library's own format (older stores): digest of its event
            head = digest(event)
        prev = getattr(event, "prev", None)
        if expected_prev != "?" and prev != expected_prev:
            problems.append(
                f"event {v} does not follow event {v - 1}: its recorded prev digest differs "
                f"from the digest of event {v - 1} as stored (one of them was changed, or "
                "events were removed, inserted or swapped)" if v > 1 else
                "event 1 is not the start of a chain (its prev digest is not empty)")
        digests.append(head)
        expected_prev = head
        data = {k: val for k, val in vars(event).items() if k not in SKIP}
        facts.append(Fact(v, type(event).__name__, data))
        expected_version += 1
    return Stored(facts, problems, expected_prev, digests, topic)


def _uuid(text: str | UUID) -> UUID:
    try:
        return text if isinstance(text, UUID) else UUID(str(text))
    except ValueError:
        raise NotFound(f"{text!r} is not a game id") from None


def _spec_of_topic(topic: str) -> tuple[GameSpec | None, bool]:
    """The spec of a stream's aggregate, and whether it is a series (not a game)."""
    try:
        cls = resolve_topic(topic)
    except Exception:  # noqa: BLE001 - an unreadable first record still gets audited
        return None, False
    for spec in registry.specs():
        if cls is spec.game:
            return spec, False
        if spec.series is not None and cls is spec.series.aggregate:
            return spec, True
    return None, False


def audit_game(hall: GameHall, game_id: str | UUID, receipt: str | None = None) -> Audit:
    """Audit a game (or a series) from its stored rows alone: a tampered game may not
    even load."""
    uid = _uuid(game_id)
    stored = read_stored(hall, uid)
    spec, is_series = _spec_of_topic(stored.topic)
    if spec is not None and is_series:
        return audit_series(hall, uid, spec, stored)
    audit = _audit_stream(uid, spec, stored, receipt)
    series_id = spec.series.series_of(stored.facts[0]) if (
        spec is not None and spec.series is not None and stored.facts) else None
    if spec is not None and spec.series is not None and series_id:
        audit.series.append(_series_row(hall, spec, series_id, str(uid)))
    return audit


def _audit_stream(uid: UUID, spec: GameSpec | None, stored: Stored,
                  receipt: str | None) -> Audit:
    facts, problems = stored.facts, list(stored.problems)
    audit = Audit(str(uid), spec.kind if spec else "unknown", len(facts), problems,
                  head=stored.head)
    ended = [f.version for f in facts if f.type == "GameEnded"]
    for f in facts:
        if ended and f.version > ended[0] and f.type not in AFTER_END:
            problems.append(f"event {f.version} ({f.type}) comes after the end of the game")
    if receipt is not None:
        at = ended[0] if ended else None
        valid = at is not None and stored.digests[at - 1] == receipt and not problems
        audit.receipt = {"given": receipt, "valid": valid, "matches_event": at if valid else None}
    if spec is not None and spec.referee is not None:
        # disputes and token reissues are the table's business, not the game's rules
        audit.recount = spec.referee([f for f in facts if f.type not in AFTER_END])
    return audit


def _series_games(hall: GameHall, spec: GameSpec, facts: Sequence[Fact]
                  ) -> dict[str, Stored]:
    """Each game of a series read once (the series names them as they start)."""
    assert spec.series is not None
    out: dict[str, Stored] = {}
    for gid in spec.series.game_ids(facts):
        try:
            out[gid] = read_stored(hall, _uuid(gid))
        except NotFound:
            continue  # the series' referee names a game with no stored events
    return out


def audit_series(hall: GameHall, uid: UUID, spec: GameSpec, stored: Stored) -> Audit:
    """A series and every game of it: each stream read once (linear in its games)."""
    series = spec.series
    assert series is not None
    games = _series_games(hall, spec, stored.facts)
    chain = [f"{series.noun} game {gid}: {p}" for gid, s in games.items() for p in s.problems]
    audit = Audit(str(uid), f"{spec.kind} {series.noun}", len(stored.facts),
                  list(stored.problems) + chain, head=stored.head)
    audit.lines = series.report_lines or (lambda r: [])
    if series.referee is not None:
        audit.recount = series.referee(stored.facts, {g: s.facts for g, s in games.items()},
                                       series_id=str(uid))
    return audit


def _series_row(hall: GameHall, spec: GameSpec, series_id: str, game_id: str
                ) -> dict[str, Any]:
    """Where a game stands in its series: its number and the running totals."""
    assert spec.series is not None
    stored = read_stored(hall, _uuid(series_id))
    return {"series_id": series_id, "noun": spec.series.noun,
            "chain_problems": stored.problems,
            **spec.series.standing(stored.facts, game_id)}
