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
    AWAIT_EXHAUSTED,
    BARBARIANS,
    BEFRIEND_ATTACKING,
    COLLATERAL,
    DISMANTLEMENT,
    DUEL,
    EQUIPMENT,
    EX_NIHILO,
    FIRE_ATTACK,
    INDULGENCE,
    IRON_CHAIN,
    KILL,
    KIND,
    KNOWN_BOTH,
    LIGHTNING,
    NAME,
    PEACH,
    PEACH_GARDEN,
    SNATCH,
    SUPPLY_SHORTAGE,
    WEAPON,
    WINE,
)
from domain.sanguosha.conversions import multi_card
from domain.sanguosha.distance import attack_range, distances_from, in_range

Action = dict[str, Any]

#: cards used without naming targets (the engine fills them in: self, or everyone)
UNTARGETED = frozenset({EX_NIHILO, BARBARIANS, ARROWS, PEACH_GARDEN, AMAZING_GRACE, LIGHTNING,
                        AWAIT_EXHAUSTED})
#: tricks that may be recast (put into the discard pile to draw a card) in the play phase
RECASTABLE = frozenset({IRON_CHAIN, KNOWN_BOTH})
#: delayed tricks placed on another player (one of each kind per judgment area)
_PLACED = (INDULGENCE, SUPPLY_SHORTAGE)


#: what a skill grants the current seat's Kills for the rest of its turn (``table.marks``;
#: an int, or True): more Kills than one, no distance limit, more targets, or no Kill at all
EXTRA_KILLS = "extra_kills"
KILL_ANY_DISTANCE = "kill_any_distance"
EXTRA_KILL_TARGETS = "extra_kill_targets"
NO_KILLS = "no_kills"
#: the seats the current seat is at distance 1 from for the rest of its turn (a list)
DISTANCE_ONE = "distance_one"


def turn_mark(table: Any, seat: int, key: str) -> int:
    """A grant of this turn (see above) to ``seat`` (0: none; only the current seat has any)."""
    return int(table.marks.get(key, 0)) if seat == table.current else 0


def kill_allowed(table: Any, seat: int) -> bool:
    """One Kill per play phase unless a Crossbow is equipped (or a skill lifts it)."""
    if table.marks and turn_mark(table, seat, NO_KILLS):
        return False
    bonus = turn_mark(table, seat, EXTRA_KILLS) if table.marks else 0
    return (table.kills < 1 + bonus or table.has_equip_mod(seat, "kill_limit")
            or (table.skilled and "kill_limit" in table.mods[seat]))


def seat_distances(table: Any, seat: int) -> list[int]:
    """Distances from ``seat``, with its skills' modifiers (Mashu)."""
    dist = distances_from(seat, table.alive, table.equip)
    less = table.mod(seat, "distance_less") if table.skilled else None
    if less:
        dist = [d if d in (0, 10**6) else max(1, d - less) for d in dist]
    near = table.marks.get(DISTANCE_ONE) if seat == table.current else None
    if near:
        dist = [1 if s in near and table.alive[s] else d for s, d in enumerate(dist)]
    return dist


def may_target(table: Any, target: int, name: str) -> bool:
    """Whether a skill of the target forbids choosing it for ``name`` (Kongcheng,
    Qianxun)."""
    if not table.skilled:
        return True
    rule = table.mods[target].get("untargetable")
    return rule is None or not rule(table, target, name)


def kill_targets(table: Any, seat: int) -> list[int]:
    """The seats a Kill of ``seat`` may target now (range and prohibitions)."""
    dist = seat_distances(table, seat)
    reach = attack_range(table.equip[seat]) + table.range_bonus(seat)
    return [s for s in range(table.n) if s != seat and table.alive[s] and dist[s] <= reach
            and may_target(table, s, KILL)]


def legal_uses(table: Any, seat: int) -> list[Action]:
    if table.skilled:
        return _skilled_uses(table, seat)
    hand = table.hands[seat]
    alive, equip, n = table.alive, table.equip, table.n
    dist = distances_from(seat, alive, equip)
    reach = attack_range(equip[seat])
    others = [s for s in range(n) if s != seat and alive[s]]
    reachable = [s for s in others if dist[s] <= reach]
    more = table.equip_mod(seat, "extra_targets") or 0
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
            if more and len(hand) == 1:
                for k in range(1, 2 + more):
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
    for conv in multi_card(table, seat, KILL) if can_kill else ():
        out.extend({"type": "use", str(conv.key): True, "count": conv.count, "from": list(hand),
                    "targets": [t]}
                   for t in reachable)
    out.append({"type": "end_play"})
    return out


def _kill_target_lists(table: Any, seat: int, ok: list[int], more: int,
                       dist: list[int]) -> list[list[int]]:
    """A Kill's target lists: one of ``ok``, up to ``more`` others of them, and with a
    skill for it (``kill_near_target``) one more seat at distance 1."""
    lists: list[tuple[int, ...]]
    if not more:
        lists = [(t,) for t in ok]
    else:
        lists = [c for k in range(1, 2 + more) for c in combinations(ok, k)]
    if table.mod(seat, "kill_near_target"):
        near = [s for s in range(table.n) if s != seat and table.alive[s] and dist[s] == 1
                and may_target(table, s, KILL)]
        extended = {tuple(sorted((*c, s))) for c in lists for s in near if s not in c}
        lists = lists + sorted(extended - set(lists))
    return [list(c) for c in lists]


def _skilled_uses(table: Any, seat: int) -> list[Action]:
    """The play phase's uses at a table with skills: real cards and converted ones, with
    the skills' modifiers and prohibitions, then the active skills."""
    from domain.sanguosha.skill import SKILLS, Kind

    hand = table.hands[seat]
    alive, equip, n = table.alive, table.equip, table.n
    dist = seat_distances(table, seat)
    reach = attack_range(equip[seat]) + table.range_bonus(seat)
    others = [s for s in range(n) if s != seat and alive[s]]
    reachable = [s for s in others if dist[s] <= reach]
    more = table.equip_mod(seat, "extra_targets") or 0
    can_kill = kill_allowed(table, seat)
    if turn_mark(table, seat, KILL_ANY_DISTANCE):
        reachable = others
    granted = turn_mark(table, seat, EXTRA_KILL_TARGETS)
    near = 10**6 if table.mod(seat, "trick_range") else 1
    supply_near = table.mod(seat, "supply_range") or near
    has_any = {s: bool(table.hands[s] or table.judging[s] or any(c is not None for c in equip[s]))
               for s in others}
    sources: list[tuple[int, str, str | None]] = [(c, NAME[c], None) for c in hand]
    for sid in table.skills[seat]:
        for conv in SKILLS[sid].conversions:
            if not conv.use or (conv.when is not None and not conv.when(table, seat)):
                continue
            pool = list(hand) + ([c for c in equip[seat] if c is not None]
                                 if "e" in conv.zones else [])
            sources += [(c, conv.to, sid) for c in pool
                        if conv.fits(table.as_held(seat, c)) and NAME[c] != conv.to]
    out: list[Action] = []
    collateral_targets: list[list[int]] | None = None
    for c, name, via in sources:
        extra: dict[str, Any] = {} if via is None else {"as": name, "skill": via}

        def add(targets: list[int] | None = None, c: int = c,
                extra: dict[str, Any] = extra) -> None:
            a: Action = {"type": "use", "card": c, **extra}
            if targets is not None:
                a["targets"] = targets
            out.append(a)

        if name == KILL:
            if not can_kill:
                continue
            ok = [t for t in reachable if may_target(table, t, KILL)]
            most = granted + (more if len(hand) == 1 and via is None else 0)
            for combo in _kill_target_lists(table, seat, ok, most, dist):
                add(combo)
        elif name == PEACH:
            if table.hp[seat] < table.max_hp[seat]:
                add()
        elif (via is None and KIND[c] == EQUIPMENT) or name in UNTARGETED:
            if name == LIGHTNING and any(NAME[j] == LIGHTNING for j in table.judging[seat]):
                continue
            add()
        elif name == DISMANTLEMENT:
            for t in others:
                if has_any[t] and may_target(table, t, name):
                    add([t])
        elif name == SNATCH:
            for t in others:
                if has_any[t] and dist[t] <= near and may_target(table, t, name):
                    add([t])
        elif name == DUEL:
            for t in others:
                if may_target(table, t, name):
                    add([t])
        elif name in _PLACED:
            for t in others:
                if ((name == INDULGENCE or dist[t] <= supply_near)
                        and may_target(table, t, name) and all(
                            (table.virtual.get(j) or NAME[j]) != name
                            for j in table.judging[t])):
                    add([t])
        elif name in KW_PLAYS:
            KW_PLAYS[name](table, seat, others, add)
        elif name == COLLATERAL:
            if collateral_targets is None:
                collateral_targets = [
                    [h, v] for h in others if equip[h][WEAPON] is not None
                    for v in kill_targets(table, h)
                ]
            for pair in collateral_targets:
                add(list(pair))
    for conv in multi_card(table, seat, KILL) if can_kill else ():
        out.extend({"type": "use", str(conv.key): True, "count": conv.count, "from": list(hand),
                    "targets": [t]}
                   for t in reachable if may_target(table, t, KILL))
    for c in hand:
        if NAME[c] in RECASTABLE:
            out.append({"type": "recast", "card": c})
    for sid in table.skills[seat]:  # a skill's cards recast as the card it makes (Lianhuan)
        for conv in SKILLS[sid].conversions:
            if conv.recast and (conv.when is None or conv.when(table, seat)):
                out += [{"type": "recast", "card": c, "skill": sid} for c in hand
                        if conv.fits(c) and NAME[c] not in RECASTABLE]
    frame = table.stack[-1]
    for sid in table.skills[seat]:
        sk = SKILLS[sid]
        if sk.kind != Kind.ACTIVE and sk.mods.get("call") != KILL:
            continue
        if sk.limit is not None and table.uses.get(f"{seat}:{sid}", 0) >= sk.limit:
            continue
        if sk.limited and table.spent_skill(seat, sid):
            continue
        if sk.can(table, seat, frame):
            out.extend(sk.offers(table, seat, frame))
    out.append({"type": "end_play"})
    return out


# --- the Kingdom Wars deck's cards ----------------------------------------------------------
def _wine(table: Any, seat: int, others: list[int], add: Any) -> None:
    if not table.marks.get("wine"):  # once per turn
        add()


def _iron_chain(table: Any, seat: int, others: list[int], add: Any) -> None:
    players = [s for s in range(table.n) if table.alive[s] and (
        s == seat or may_target(table, s, IRON_CHAIN))]
    for k in (1, 2):
        for combo in combinations(players, k):
            add(list(combo))


def _fire_attack(table: Any, seat: int, others: list[int], add: Any) -> None:
    for t in others:
        if table.hands[t] and may_target(table, t, FIRE_ATTACK):
            add([t])
    if len(table.hands[seat]) >= 2:  # yourself, with a card left to show
        add([seat])


def _known_both(table: Any, seat: int, others: list[int], add: Any) -> None:
    for t in others:
        if ((table.hands[t] or table.hidden_generals(t))
                and may_target(table, t, KNOWN_BOTH)):
            add([t])


def _befriend(table: Any, seat: int, others: list[int], add: Any) -> None:
    if not table.has_shown(seat):
        return
    for t in others:
        if (table.has_shown(t) and not table.same_side(seat, t)
                and may_target(table, t, BEFRIEND_ATTACKING)):
            add([t])


#: how each card the identity deck lacks lists its uses: (table, seat, others, add)
KW_PLAYS: dict[str, Any] = {
    WINE: _wine, IRON_CHAIN: _iron_chain, FIRE_ATTACK: _fire_attack,
    KNOWN_BOTH: _known_both, BEFRIEND_ATTACKING: _befriend,
}
