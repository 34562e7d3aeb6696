"""GameHall: the event-sourced application every entry point (API, CLI, bots) goes through.

Get → act → save. A replay is a query: ``repository.get(id, version=N)``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError, PersistenceError
from eventsourcing.utils import get_topic, resolve_topic

from domain import registry
from domain.adapter import CanonicalRecording
from domain.game import (
    REFEREE,
    Chained,
    Game,
    IllegalAction,
    InvalidSetup,
    Viewer,
    created_event_class,
)
from service.store import StoreError, prepare, store_env, store_url


class NotFound(LookupError):
    """No game or series with that id."""


class Conflict(RuntimeError):
    """Someone else changed the game first (optimistic concurrency); retry on fresh state."""


def run_bots(game: Game, rng: random.Random | None = None) -> None:
    """Let bot seats act until the game waits on a human (or ends): a person can play
    against bots, and the bots' moves are events like anyone's."""
    agents = getattr(game, "agents", None) or []
    policies = registry.spec_of(game).policies
    if not any(a in policies for a in agents):
        return
    chance = rng or random.Random()
    for _ in range(100_000):
        if game.outcome is not None:
            return
        bots = [s for s in game.to_act() if agents[s] in policies]
        if not bots:
            return
        seat = bots[0]
        game.act(seat, policies[agents[seat]](game, seat, chance), chance)
    raise RuntimeError(f"the bots of game {game.id} did not stop")


class GameHall(CanonicalRecording, Application[UUID]):
    name = "Paiju"
    #: bot seats move by themselves; off to drive every seat by hand (tests, imports)
    autoplay = True

    @classmethod
    def from_store(cls, url: str | None = None, **extra: str) -> GameHall:
        env = prepare(store_env(store_url(url)))  # tables set up once, under a lock
        # recently used games stay in memory; a get fast-forwards them from the store, so
        # several app servers sharing one store still see each other's moves
        env.setdefault("AGGREGATE_CACHE_MAXSIZE", "2000")
        env.update(extra)
        try:
            return cls(env=env)
        except (OSError, PersistenceError) as e:
            raise StoreError(f"cannot open the store {store_url(url)}: {e}") from None

    # --- creating ---------------------------------------------------------------
    def create_game(
        self,
        kind: str,
        players: list[str],
        options: Mapping[str, Any] | None = None,
        *,
        agents: list[str] | None = None,
        rng: random.Random | None = None,
    ) -> Game:
        game = registry.spec(kind).create(players, options, agents=agents, rng=rng)
        if self.autoplay:
            run_bots(game, rng)
        self.save(game)
        return game

    def create_series(self, kind: str, players: list[str], *,
                      rng: random.Random | None = None) -> Any:
        """Start a series of games (a Dou Dizhu match) at one table."""
        spec = registry.spec(kind)
        if spec.series is None:
            raise InvalidSetup(f"{kind} games are not played as a series")
        series = spec.series.aggregate.new(  # type: ignore[attr-defined]
            spec.check_players(players), rng=rng)
        self.save(series)
        return series

    def next_game(self, series_id: UUID | str, *, agents: list[str] | None = None,
                  rng: random.Random | None = None) -> Game:
        """Seat the series' next game; the series records it in the same transaction."""
        series = self.series(series_id)
        spec = registry.spec(series.game_kind)
        game = series.next_game(agents=spec.check_agents(agents, len(series.players)),
                                rng=rng)
        if self.autoplay:
            run_bots(game, rng)
        touched: list[Chained] = [game, series]
        if game.outcome is not None:
            series.record_game(game)
        self._save(*touched)
        return game

    # --- playing ----------------------------------------------------------------
    def act(
        self,
        game_id: UUID | str,
        seat: int,
        action: Mapping[str, Any],
        *,
        expected_version: int | None = None,
        rng: random.Random | None = None,
    ) -> Game:
        game = self.game(game_id)
        if expected_version is not None and expected_version != game.version:
            raise Conflict(
                f"the game is at version {game.version}, not {expected_version}: "
                "reload it and decide again"
            )
        game.act(seat, action, rng)
        if self.autoplay:
            run_bots(game, rng)
        touched: list[Chained] = [game]
        if game.outcome is not None and game.series_id is not None:
            series = self.series(game.series_id)
            series.record_game(game)
            touched.append(series)
        self._save(*touched)
        return game

    def raise_dispute(self, game_id: UUID | str, by: Viewer, claim: str) -> Game:
        game = self.game(game_id)
        game.raise_dispute(by, claim)
        self._save(game)
        return game

    def resolve_dispute(self, game_id: UUID | str, number: int, verdict: str,
                        audit_digest: str, note: str = "") -> Game:
        game = self.game(game_id)
        game.resolve_dispute(number, verdict, audit_digest, note)
        self._save(game)
        return game

    def _save(self, *aggregates: Chained) -> None:
        try:
            self.save(*aggregates)
        except IntegrityError:
            raise Conflict("someone acted first: the game has moved on; reload it") from None

    # --- reading ----------------------------------------------------------------
    def _get(self, aggregate_id: UUID | str, version: int | None = None) -> Any:
        try:
            uid = aggregate_id if isinstance(aggregate_id, UUID) else UUID(str(aggregate_id))
        except ValueError:
            raise NotFound(f"{aggregate_id!r} is not a game id") from None
        try:
            return self.repository.get(uid, version=version)
        except AggregateNotFoundError:
            raise NotFound(f"no game or series with id {uid}") from None

    def game(self, game_id: UUID | str, version: int | None = None) -> Game:
        found = self._get(game_id, version)
        if not isinstance(found, Game):
            raise NotFound(f"{game_id} is a match, not a game")
        return found

    def series(self, series_id: UUID | str) -> Any:
        found = self._get(series_id)
        if isinstance(found, Game) or not hasattr(found, "next_game"):
            raise NotFound(f"{series_id} is not a series of games")
        return found

    def view_at(self, game_id: UUID | str, viewer: Viewer, at: int | None = None
                ) -> tuple[Game, dict[str, Any]]:
        """The game after its first ``at`` events (default: now) as ``viewer`` may see it.

        One rule for the API, ``paiju replay`` and the viewer page: once a game is over,
        its whole past is open to everyone; an unknown viewer is an error.
        """
        latest = self.game(game_id)
        who = latest.check_viewer(viewer)
        then = latest if at is None else self.game_at(game_id, at)
        shown = REFEREE if latest.outcome is not None else who
        view = then.view(shown)
        view["viewer"] = who
        view["latest_version"] = latest.version
        return then, view

    def events_view(self, game_id: UUID | str, viewer: Viewer, upto: int | None = None
                    ) -> tuple[Game, list[dict[str, Any]]]:
        """The game's stored events as ``viewer`` may see them (all, once it is over)."""
        latest = self.game(game_id)
        who = latest.check_viewer(viewer)
        stored = self.history(latest.id, upto=upto)
        return latest, [latest.event_view(e, who) for e in stored]

    def history(self, aggregate_id: UUID | str, upto: int | None = None) -> list[Any]:
        """The stored events of a game (or match), oldest first, up to version ``upto``."""
        uid = self._get(aggregate_id).id
        return list(self.repository.event_store.get(uid, lte=upto))  # type: ignore[arg-type]

    def game_at(self, game_id: UUID | str, n: int) -> Game:
        """The game as it stood after its first ``n`` events."""
        latest = self.game(game_id)
        if not 1 <= n <= latest.version:
            raise IllegalAction(f"at must be between 1 and {latest.version} for this game")
        return self.game(game_id, version=n)

    def created_topics(self, kind: str | None = None) -> list[str]:
        specs = [registry.spec(kind)] if kind else registry.specs()
        return [get_topic(created_event_class(s.game)) for s in specs]

    def list_games(
        self,
        *,
        kind: str | None = None,
        status: str | None = None,
        limit: int = 20,
        cursor: int | None = None,
        newest_first: bool = False,
    ) -> tuple[list[dict[str, Any]], int | None]:
        """Games in creation order (or the latest first), from the notification log (no
        extra index to drift).

        ``cursor`` is the notification id to continue after (newest first: before);
        returns (rows, next cursor).
        """
        topics = self.created_topics(kind)
        rows: list[dict[str, Any]] = []
        for n in (self._created_newest(topics, cursor) if newest_first
                  else self._created_oldest(topics, cursor)):
            row = self._summary(n)
            if status and status != row["status"]:
                continue
            rows.append(row)
            if len(rows) == limit:
                return rows, n.id
        return rows, None

    _SCAN = 100_000  # created events looked at for one page, at most

    def _created_oldest(self, topics: list[str], cursor: int | None) -> Iterator[Any]:
        start, scanned = (cursor or 0) + 1, 0
        while scanned < self._SCAN:
            batch = self.recorder.select_notifications(start, 50, topics=topics)
            if not batch:
                return
            for n in batch:
                start = n.id + 1
                scanned += 1
                yield n

    def _created_newest(self, topics: list[str], cursor: int | None,
                        window: int = 5000) -> Iterator[Any]:
        """Backwards through the log a window of notification ids at a time."""
        top = cursor - 1 if cursor else (self.recorder.max_notification_id() or 0)
        scanned = 0
        while top >= 1 and scanned < self._SCAN:
            low = max(1, top - window + 1)
            batch = self.recorder.select_notifications(low, window, stop=top, topics=topics)
            for n in reversed(batch):
                scanned += 1
                yield n
            top = low - 1

    def _summary(self, created: Any) -> dict[str, Any]:
        """One listing row from the created event and the latest stored records: a few
        small reads, no replay (a Sanguosha game has hundreds of events)."""
        first: Any = self.mapper.to_domain_event(created)
        last = fact = self.recorder.select_events(created.originator_id, desc=True, limit=1)[0]
        if fact.topic.endswith(".SeatTokenReissued"):  # says nothing of the end: look past
            fact = next((r for r in self.recorder.select_events(created.originator_id, desc=True)
                         if not r.topic.endswith(".SeatTokenReissued")), last)
        ended = fact.topic.rsplit(".", 1)[-1] in ("GameEnded", "DisputeRaised",
                                                   "DisputeResolved")
        cls = resolve_topic(first.originator_topic)
        return {
            "id": str(first.originator_id), "kind": cls.kind, "players": first.players,
            "status": "finished" if ended else "live", "version": last.originator_version,
            "created_on": first.timestamp.isoformat(), "cursor": created.id,
            "result": self._result(created.originator_id, fact) if ended else None,
        }

    def _result(self, game_id: Any, fact: Any) -> dict[str, Any] | None:
        """A finished game's winning side, winners and reason, from its GameEnded row."""
        if not fact.topic.endswith(".GameEnded"):  # disputes came after: look back for it
            fact = next((r for r in self.recorder.select_events(game_id, desc=True)
                         if r.topic.endswith(".GameEnded")), None)
        if fact is None:
            return None
        outcome = getattr(self.mapper.to_domain_event(fact), "outcome", None) or {}
        return {k: outcome.get(k) for k in ("side", "winners", "reason")}

    def iter_game_ids(self, kind: str | None = None) -> Iterator[UUID]:
        start = 1
        topics = self.created_topics(kind)
        while True:
            batch = self.recorder.select_notifications(start, 500, topics=topics)
            if not batch:
                return
            for n in batch:
                yield n.originator_id  # type: ignore[misc]
            start = batch[-1].id + 1
