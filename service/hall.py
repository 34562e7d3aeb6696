"""GameHall: the event-sourced application every entry point (API, CLI, bots) goes through.

Get → act → save. A replay is a query: ``repository.get(id, version=N)``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import CanInitAggregate
from eventsourcing.persistence import IntegrityError, PersistenceError
from eventsourcing.utils import get_topic, resolve_topic

from domain import registry
from domain.doudizhu.hand import Hand
from domain.doudizhu.match import Match
from domain.game import Chained, Game, IllegalAction, InvalidSetup
from service.codec import CanonicalMapper
from service.store import StoreError, prepare, store_env, store_url


class NotFound(LookupError):
    """No game or match with that id."""


class Conflict(RuntimeError):
    """Someone else changed the game first (optimistic concurrency); retry on fresh state."""


HUMAN = "human"


def check_agents(kind: str, agents: list[str], seats: int) -> None:
    """Each seat is "human" (it acts with its token) or the name of a bot policy."""
    if len(agents) != seats:
        raise InvalidSetup(f"{len(agents)} agents for {seats} seats: one per seat")
    known = registry.policies(kind)
    if not known:
        return  # a kind without bots: the names are labels only
    for name in agents:
        if name != HUMAN and name not in known:
            raise InvalidSetup(f"unknown {kind} agent {name!r}: \"human\" or one of "
                               f"{', '.join(known)}")


def run_bots(game: Game, rng: random.Random | None = None) -> None:
    """Let bot seats act until the game waits on a human (or ends): a person can play
    against bots, and the bots' moves are events like anyone's."""
    agents = getattr(game, "agents", None) or []
    policies = registry.policies(game.kind)
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


def created_event_class(cls: type) -> type:
    """The event class that starts an aggregate of ``cls`` (its first, 'created' event)."""
    found = [
        v for v in vars(cls).values()
        if isinstance(v, type) and issubclass(v, CanInitAggregate) and v.__qualname__.startswith(
            cls.__qualname__ + ".")
    ]
    named = [v for v in found if v.__name__ not in ("Created",)]
    return (named or found)[0]


class GameHall(Application[UUID]):
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

    def construct_mapper(self) -> CanonicalMapper:
        return CanonicalMapper(fallback=self.construct_transcoder())

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """Save aggregates; each event is stored as the bytes its chain digest is over,
        encoded once while sealing."""
        mapper = self.mapper
        if not isinstance(mapper, CanonicalMapper):
            return super().save(*objs, **kwargs)
        for obj in objs:
            if isinstance(obj, Chained):
                mapper.prepare(obj.sealed())
        try:
            return super().save(*objs, **kwargs)
        finally:
            mapper.prepared.clear()

    def _record(self, processing_event: Any) -> list[Any]:
        """The library's, less the two Recording/Notification objects per event that
        nothing here reads (``_notify`` is not overridden): a tenth of a bot game's cost."""
        stored = list(map(self.mapper.to_stored_event, processing_event.events))
        self.recorder.insert_events(stored, tracking=processing_event.tracking,
                                    **processing_event.saved_kwargs)
        if self.repository.cache and not self.repository.fastforward:
            for aggregate_id, aggregate in processing_event.aggregates.items():
                self.repository.cache.put(aggregate_id, aggregate)
        return []

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
        try:
            cls = registry.game_class(kind)
        except KeyError:
            known = ", ".join(registry.kinds())
            raise InvalidSetup(f"unknown game kind {kind!r}; this hall offers {known}") from None
        if not cls.min_players <= len(players) <= cls.max_players:
            span = (f"{cls.min_players}" if cls.min_players == cls.max_players
                    else f"{cls.min_players} to {cls.max_players}")
            raise InvalidSetup(f"{kind} is played by {span} players, not {len(players)}")
        if agents is not None:
            check_agents(kind, agents, len(players))
        game = cls.new(list(players), dict(options or {}), agents=agents, rng=rng)  # type: ignore[attr-defined]
        if self.autoplay:
            run_bots(game, rng)
        self.save(game)
        return game

    def create_match(self, players: list[str], *, rng: random.Random | None = None) -> Match:
        match = Match.new(list(players), rng=rng)
        self.save(match)
        return match

    def deal_hand(
        self, match_id: UUID | str, *, agents: list[str] | None = None,
        rng: random.Random | None = None,
    ) -> Hand:
        """Deal the match's next hand; the match records it in the same transaction."""
        match = self.match(match_id)
        hand = Hand.new(
            match.players, agents=agents, rng=rng, match_id=str(match.id),
            number=len(match.hands) + 1, first_bidder=match.next_first_bidder(),
        )
        match.start_hand(str(hand.id))
        self._save(hand, match)
        return hand

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
        if isinstance(game, Hand) and game.outcome is not None and game.match_id:
            match = self.match(game.match_id)
            match.record(str(game.id), game.settlement["scores"])  # type: ignore[index]
            touched.append(match)
        self._save(*touched)
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
            raise NotFound(f"no game or match with id {uid}") from None

    def game(self, game_id: UUID | str, version: int | None = None) -> Game:
        found = self._get(game_id, version)
        if not isinstance(found, Game):
            raise NotFound(f"{game_id} is a match, not a game")
        return found

    def match(self, match_id: UUID | str) -> Match:
        found = self._get(match_id)
        if not isinstance(found, Match):
            raise NotFound(f"{match_id} is not a match")
        return found

    def history(self, aggregate_id: UUID | str, upto: int | None = None) -> list[Any]:
        """The stored events of a game (or match), oldest first, up to version ``upto``."""
        uid = self._get(aggregate_id).id
        return list(self.repository.event_store.get(uid, lte=upto))

    def game_at(self, game_id: UUID | str, n: int) -> Game:
        """The game as it stood after its first ``n`` events."""
        latest = self.game(game_id)
        if not 1 <= n <= latest.version:
            raise IllegalAction(f"at must be between 1 and {latest.version} for this game")
        return self.game(game_id, version=n)

    def created_topics(self, kind: str | None = None) -> list[str]:
        kinds = [kind] if kind else registry.kinds()
        return [get_topic(created_event_class(registry.game_class(k))) for k in kinds]

    def list_games(
        self,
        *,
        kind: str | None = None,
        status: str | None = None,
        limit: int = 20,
        cursor: int | None = None,
    ) -> tuple[list[dict[str, Any]], int | None]:
        """Games in creation order, from the notification log (no extra index to drift).

        ``cursor`` is the notification id to continue after; returns (rows, next cursor).
        """
        topics = self.created_topics(kind)
        rows: list[dict[str, Any]] = []
        start = (cursor or 0) + 1
        scanned = 0
        while len(rows) < limit and scanned < 100_000:
            batch = self.recorder.select_notifications(start, max(limit, 50), topics=topics)
            if not batch:
                return rows, None
            for n in batch:
                start = n.id + 1
                scanned += 1
                row = self._summary(n)
                if status and status != row["status"]:
                    continue
                rows.append(row)
                if len(rows) == limit:
                    return rows, n.id
        return rows, None

    def _summary(self, created: Any) -> dict[str, Any]:
        """One listing row from the created event and the latest stored record: two small
        reads, no replay (a Sanguosha game has hundreds of events)."""
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
        }

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
