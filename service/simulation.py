"""Bot games into the store: the same events a human table would record."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from domain import registry
from domain.game import Game, InvalidSetup
from domain.simulate import play_out
from service.hall import GameHall

BATCH = 50  # games saved per transaction


@dataclass
class Summary:
    kind: str
    games: int
    seconds: float
    sides: Counter[str] = field(default_factory=Counter)
    events: int = 0
    first_id: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

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


def resolve_policies(kind: str, policy: str, seats: int) -> list[Callable[..., Any]]:
    """``greedy`` for every seat, or ``random,greedy,greedy`` seat by seat."""
    known = registry.policies(kind)
    names = policy.split(",")
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise InvalidSetup(f"{len(names)} policies given for {seats} seats")
    for name in names:
        if name not in known:
            raise InvalidSetup(f"unknown {kind} policy {name!r}; choose from {', '.join(known)}")
    return [known[n] for n in names]


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
) -> Summary:
    """Play ``games`` bot games and store them; same seed, same games."""
    cls = registry.game_class(kind)
    n = players or cls.min_players
    names = [f"bot{i}" for i in range(n)]
    policies = resolve_policies(kind, policy, n)
    agents = policy.split(",") if "," in policy else [policy] * n
    rng = random.Random(seed)
    summary = Summary(kind, games, 0.0)
    extra: Counter[str] = Counter()
    pending: list[Game] = []
    started = time.perf_counter()
    for i in range(games):
        game = cls.new(names, dict(options or {}), agents=agents, rng=rng)  # type: ignore[attr-defined]
        play_out(game, policies, rng)
        assert game.outcome is not None
        summary.sides[game.outcome["side"]] += 1
        summary.events += len(game.pending_events)
        _tally(game, extra)
        if summary.first_id is None:
            summary.first_id = str(game.id)
        pending.append(game)
        if len(pending) >= BATCH or i == games - 1:
            hall.save(*pending)
            if progress:
                progress(len(pending))
            pending = []
    summary.seconds = time.perf_counter() - started
    if kind == "doudizhu" and games:
        summary.extra = {
            "bombs+rockets/hand": f"{extra['bombs'] / games:.2f}",
            "springs": f"{(extra['spring'] + extra['anti_spring']) / games:.1%}",
            "mean multiplier": f"{extra['multiplier'] / games:.2f}",
        }
    return summary


def _tally(game: Game, extra: Counter[str]) -> None:
    settlement = getattr(game, "settlement", None)
    if settlement:
        extra["bombs"] += len(settlement["bombs"]) + len(settlement["rockets"])
        extra["spring"] += settlement["spring"]
        extra["anti_spring"] += settlement["anti_spring"]
        extra["multiplier"] += settlement["multiplier"]
