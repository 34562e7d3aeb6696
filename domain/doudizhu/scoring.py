"""Scoring of a finished hand, recomputable from its plays alone (the audit relies on it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from domain.doudizhu.patterns import PatternKind, classify


class Play(NamedTuple):
    """One play of the hand, in order: who played which ranks (an empty string: a pass)."""

    seat: int
    ranks: str
    version: int | None = None  # the event that recorded it, where known


@dataclass(frozen=True)
class Settlement:
    base: int
    landlord: int | None
    bombs: list[dict[str, Any]] = field(default_factory=list)
    rockets: list[dict[str, Any]] = field(default_factory=list)
    spring: bool = False
    anti_spring: bool = False
    multiplier: int = 1
    escape: int | None = None
    landlord_won: bool | None = None
    scores: list[float] = field(default_factory=lambda: [0, 0, 0])

    def as_dict(self) -> dict[str, Any]:
        """A copy to put in an event (dataclasses.asdict does the same, five times slower)."""
        out = dict(self.__dict__)
        out["bombs"] = [dict(b) for b in self.bombs]
        out["rockets"] = [dict(r) for r in self.rockets]
        out["scores"] = list(self.scores)
        return out


def _num(x: float) -> float:
    """Keep whole scores as ints (an escape's halves stay halves)."""
    return int(x) if float(x).is_integer() else x


def settle(
    *,
    landlord: int | None,
    base: int,
    plays: list[Play],
    winner: int | None = None,
    escape: int | None = None,
) -> Settlement:
    """The score breakdown of a finished hand.

    ``winner`` is the seat that emptied its hand; ``escape`` the seat that left the live
    hand (then ``winner`` is None). ``base`` is the landlord's bid; on an escape before
    any bid it is 1.
    """
    bombs, rockets = [], []
    landlord_plays = peasant_cards = 0
    for play in plays:
        if not play.ranks:
            continue
        p = classify(play.ranks)
        if p is None:
            raise ValueError(f"{play.ranks!r} (seat {play.seat}) is not a legal play")
        entry = {"seat": play.seat, "ranks": play.ranks, "version": play.version}
        if p.kind is PatternKind.BOMB:
            bombs.append(entry)
        elif p.kind is PatternKind.ROCKET:
            rockets.append(entry)
        if play.seat == landlord:
            landlord_plays += 1
        else:
            peasant_cards += len(play.ranks)
    m = 2 ** (len(bombs) + len(rockets))
    b = max(base, 1)
    if escape is not None:
        pay = 3 * b * m
        scores = [_num(pay / 2)] * 3
        scores[escape] = -pay
        return Settlement(b, landlord, bombs, rockets, multiplier=m, escape=escape,
                          scores=scores)
    if landlord is None or winner is None:
        raise ValueError("a hand is settled when a seat empties its hand or escapes")
    landlord_won = winner == landlord
    spring = landlord_won and peasant_cards == 0
    anti_spring = not landlord_won and landlord_plays == 1
    if spring or anti_spring:
        m *= 2
    unit = b * m
    sign = 1 if landlord_won else -1
    scores = [-sign * unit] * 3
    scores[landlord] = sign * 2 * unit
    return Settlement(b, landlord, bombs, rockets, spring, anti_spring, m, None,
                      landlord_won, scores)
