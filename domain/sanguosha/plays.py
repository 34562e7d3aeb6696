"""What a seat may use in its play phase: every card with every valid target list.

Runs on every step of a bot game, so distances are computed once per call and targets are
built from plain lists.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from domain.sanguosha.cards import (
    AMAZING_GRACE,
    ARROWS,
    BARBARIANS,
    COLLATERAL,
    CROSSBOW,
    DISMANTLEMENT,
    DUEL,
    EQUIPMENT,
    EX_NIHILO,
    HALBERD,
    INDULGENCE,
    KILL,
    KIND,
    LIGHTNING,
    NAME,
    PEACH,
    PEACH_GARDEN,
    SNATCH,
    SPEAR,
    WEAPON,
)
from domain.sanguosha.distance import attack_range, distances_from, in_range

Action = dict[str, Any]

#: cards used without naming targets (the engine fills them in: self, or everyone)
UNTARGETED = frozenset({EX_NIHILO, BARBARIANS, ARROWS, PEACH_GARDEN, AMAZING_GRACE, LIGHTNING})


def kill_allowed(table: Any, seat: int) -> bool:
    """One Kill per play phase unless a Crossbow is equipped."""
    weapon = table.equip[seat][WEAPON]
    return table.kills < 1 or (weapon is not None and NAME[weapon] == CROSSBOW)


def legal_uses(table: Any, seat: int) -> list[Action]:
    hand = table.hands[seat]
    alive, equip, n = table.alive, table.equip, table.n
    dist = distances_from(seat, alive, equip)
    reach = attack_range(equip[seat])
    others = [s for s in range(n) if s != seat and alive[s]]
    reachable = [s for s in others if dist[s] <= reach]
    weapon = equip[seat][WEAPON]
    wname = None if weapon is None else NAME[weapon]
    can_kill = kill_allowed(table, seat)
    has_any = {s: bool(table.hands[s] or table.judging[s] or any(c is not None for c in equip[s]))
               for s in others}
    out: list[Action] = []
    collateral_targets: list[list[int]] | None = None
    for c in hand:
        name = NAME[c]
        if name == KILL:
            if not can_kill:
                continue
            if wname == HALBERD and len(hand) == 1:
                for k in (1, 2, 3):
                    for combo in combinations(reachable, k):
                        out.append({"type": "use", "card": c, "targets": list(combo)})
            else:
                out.extend({"type": "use", "card": c, "targets": [t]} for t in reachable)
        elif name == PEACH:
            if table.hp[seat] < table.max_hp[seat]:
                out.append({"type": "use", "card": c})
        elif KIND[c] == EQUIPMENT or name in UNTARGETED:
            if name == LIGHTNING and any(NAME[j] == LIGHTNING for j in table.judging[seat]):
                continue
            out.append({"type": "use", "card": c})
        elif name == DISMANTLEMENT:
            out.extend({"type": "use", "card": c, "targets": [t]} for t in others if has_any[t])
        elif name == SNATCH:
            out.extend({"type": "use", "card": c, "targets": [t]}
                       for t in others if has_any[t] and dist[t] <= 1)
        elif name == DUEL:
            out.extend({"type": "use", "card": c, "targets": [t]} for t in others)
        elif name == INDULGENCE:
            out.extend({"type": "use", "card": c, "targets": [t]} for t in others
                       if all(NAME[j] != INDULGENCE for j in table.judging[t]))
        elif name == COLLATERAL:
            if collateral_targets is None:
                collateral_targets = [
                    [h, v] for h in others if equip[h][WEAPON] is not None
                    for v in in_range(h, alive, equip)
                ]
            out.extend({"type": "use", "card": c, "targets": list(t)} for t in collateral_targets)
    if wname == SPEAR and can_kill and len(hand) >= 2:
        out.extend({"type": "use", "spear": True, "count": 2, "from": list(hand), "targets": [t]}
                   for t in reachable)
    out.append({"type": "end_play"})
    return out
