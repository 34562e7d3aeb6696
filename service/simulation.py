"""Bot games into the store: the same events a human table would record.

Each game gets its own seed drawn from the run's seed, so the same seed gives the same
games whatever the number of worker processes; workers each save into the shared store.
"""

from __future__ import annotations

import gc
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from domain import registry
from domain.game import Game, InvalidSetup
from domain.simulate import play_out
from service.hall import GameHall
from service.lifeline import die_with_parent

BATCH = 50  # games saved per transaction
CHUNK = 250  # games per worker task


@dataclass
class Summary:
    kind: str
    games: int
    seconds: float = 0.0
    sides: Counter[str] = field(default_factory=Counter)
    events: int = 0
    first_id: str | None = None
    #: the kind's own per-game numbers (its spec's ``tally``), summed
    tally: Counter[str] = field(default_factory=Counter)

    def add(self, other: Summary) -> None:
        self.sides.update(other.sides)
        self.tally.update(other.tally)
        self.events += other.events
        self.first_id = self.first_id or other.first_id

    @property
    def extra(self) -> dict[str, str]:
        """Each tallied number as a mean per game."""
        if not self.games:
            return {}
        return {name: f"{total / self.games:.3g}" for name, total in self.tally.items()}

    def line(self) -> str:
        rates = " · ".join(
            f"{side} {n / self.games:.1%}" for side, n in self.sides.most_common()
        )
        more = "".join(f", {k} {v}" for k, v in self.extra.items())
        rate = self.games / self.seconds if self.seconds else float("inf")
        return (
            f"{self.games} {self.kind} games in {self.seconds:.1f} s ({rate:.0f}/s, "
            f"{self.events / max(self.games, 1):.0f} events each): {rates}{more}"
        )


def seat_policies(kind: str, policy: str, seats: int) -> list[str]:
    """``greedy`` for every seat, or ``random,greedy,greedy`` seat by seat."""
    spec = registry.spec(kind)
    names = policy.split(",")
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise InvalidSetup(f"{len(names)} policies given for {seats} seats")
    for name in names:
        spec.policy(name)
    return names


@contextmanager
def _rare_collections() -> Iterator[None]:
    """Collect reference cycles rarely while bots play.

    A batch of games stays alive until it is saved while bots allocate millions of
    short-lived objects, so with the default thresholds the cyclic collector walks every
    live object (the legal-move caches included) again and again: an eighth of a
    simulation's time, for games that hold no cycles. Cycles are still collected.
    """
    before = gc.get_threshold()
    gc.set_threshold(50_000, 20, 100)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _play_and_save(hall: GameHall, kind: str, policy: str, seats: int,
                   options: dict[str, Any], seeds: list[int],
                   progress: Callable[[int], None] | None = None) -> Summary:
    with _rare_collections():
        return _play_and_save_batches(hall, kind, policy, seats, options, seeds, progress)


def _play_and_save_batches(hall: GameHall, kind: str, policy: str, seats: int,
                           options: dict[str, Any], seeds: list[int],
                           progress: Callable[[int], None] | None) -> Summary:
    spec = registry.spec(kind)
    names = [f"bot{i}" for i in range(seats)]
    agents = seat_policies(kind, policy, seats)
    policies = [spec.policies[a] for a in agents]
    # checked once for the run; each game is then seated directly
    spec.check_players(names)
    opts = spec.check_options(options)
    summary = Summary(kind, len(seeds))
    pending: list[Game] = []
    for i, seed in enumerate(seeds):
        rng = random.Random(seed)
        game = spec.game.new(names, dict(opts), agents=agents, rng=rng)  # type: ignore[attr-defined]
        play_out(game, policies, rng)
        game.seal()  # encoded now, while its events are fresh in the CPU's caches
        assert game.outcome is not None
        summary.sides[game.outcome["side"].split(":")[0]] += 1  # careerist:3 → careerist
        summary.events += len(game.pending_events)
        if spec.tally is not None:
            summary.tally.update(spec.tally(game))
        summary.first_id = summary.first_id or str(game.id)
        pending.append(game)
        if len(pending) >= BATCH or i == len(seeds) - 1:
            hall.save(*pending)
            if progress:
                progress(len(pending))
            pending = []
    return summary


def _worker(url: str, kind: str, policy: str, seats: int, options: dict[str, Any],
            seeds: list[int]) -> Summary:
    hall = GameHall.from_store(url)
    try:
        return _play_and_save(hall, kind, policy, seats, options, seeds)
    finally:
        hall.close()


def simulate(
    hall: GameHall,
    kind: str,
    games: int,
    policy: str,
    *,
    seed: int | None = None,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    store: str | None = None,
) -> Summary:
    """Play ``games`` bot games and store them; same seed, same games.

    With ``workers`` > 1 and a ``store`` URL other processes can open, games are played
    and saved by that many processes.
    """
    spec = registry.spec(kind)
    seats = players or spec.default_seats
    spec.check_players([f"bot{i}" for i in range(seats)])  # fail before any worker starts
    seat_policies(kind, policy, seats)
    spec.check_options(options)
    master = random.Random(seed)
    seeds = [master.getrandbits(63) for _ in range(games)]
    opts = dict(options or {})
    started = time.perf_counter()
    if workers <= 1 or not store or store.startswith("memory") or games <= CHUNK:
        summary = _play_and_save(hall, kind, policy, seats, opts, seeds, progress)
    else:
        summary = Summary(kind, games)
        chunks = [seeds[i:i + CHUNK] for i in range(0, games, CHUNK)]
        # workers end with this process, even when it is killed (service/lifeline.py)
        with ProcessPoolExecutor(max_workers=workers, initializer=die_with_parent,
                                 initargs=(os.getpid(),)) as pool:
            futures = [pool.submit(_worker, store, kind, policy, seats, opts, chunk)
                       for chunk in chunks]
            for future in as_completed(futures):
                part = future.result()
                summary.add(part)
                if progress:
                    progress(part.games)
        # the first game of this run (of its first chunk), whichever worker finished first
        summary.first_id = futures[0].result().first_id
    summary.seconds = time.perf_counter() - started
    return summary


def default_workers() -> int:
    return max(1, min(4, os.cpu_count() or 1))
