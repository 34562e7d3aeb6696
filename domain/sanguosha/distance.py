"""Distance and attack range around the living seats.

Distance is the fewer steps either way around the *living* seats, +1 when the target rides
a +1 horse, -1 when the source rides a -1 horse, never below 1. These run inside
``legal_actions`` for every card, so they take plain lists, not the aggregate.
"""

from __future__ import annotations

from domain.sanguosha.cards import MINUS, NAME, PLUS, WEAPON, WEAPON_RANGE

Equipment = list[int | None]  # [weapon, armor, +1 horse, -1 horse]


def ring(alive: list[bool]) -> list[int]:
    """Each seat's position among the living seats (-1 for the dead)."""
    pos, k = [], 0
    for a in alive:
        pos.append(k if a else -1)
        k += a
    return pos


def distances_from(src: int, alive: list[bool], equip: list[Equipment]) -> list[int]:
    """Distance from ``src`` to every seat (0 to itself, a large number to the dead)."""
    pos = ring(alive)
    m = sum(alive)
    p = pos[src]
    minus = 1 if equip[src][MINUS] is not None else 0
    out = []
    for seat, q in enumerate(pos):
        if q < 0:
            out.append(10**6)
        elif seat == src:
            out.append(0)
        else:
            steps = abs(p - q)
            d = min(steps, m - steps) - minus + (1 if equip[seat][PLUS] is not None else 0)
            out.append(d if d > 1 else 1)
    return out


def distance(src: int, dst: int, alive: list[bool], equip: list[Equipment]) -> int:
    return distances_from(src, alive, equip)[dst]


def attack_range(equip: Equipment) -> int:
    """1 unarmed, else the weapon's range."""
    weapon = equip[WEAPON]
    return 1 if weapon is None else WEAPON_RANGE[NAME[weapon]]


def in_range(src: int, alive: list[bool], equip: list[Equipment]) -> list[int]:
    """The living seats other than ``src`` within its attack range, in seat order."""
    reach = attack_range(equip[src])
    dist = distances_from(src, alive, equip)
    return [s for s, d in enumerate(dist) if s != src and d <= reach]


def order_from(start: int, n: int) -> list[int]:
    """Seats in turn order beginning with ``start``."""
    return [(start + i) % n for i in range(n)]
