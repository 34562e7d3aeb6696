"""Wei's Kingdom Wars skills the referee judges beyond ``hegemony_wei``: Zhang He's
Qiaobian and Xun Yu's Quhu and Jieming (``docs/rules/generals.md`` section 2.1).

Each skill registers with ``hegemony_skills.judged``; the referee imports this module
for that registration alone.

Qiaobian skips one of the judgment, draw, play and discard phases as it would begin.
The record says which only through what follows: a Qiaobian with no target at the
start of a turn whose judgment area is empty may skip the judgment phase (the draw
follows) or the draw phase (the play phase follows, or a second Qiaobian skips it). So
such a use is held open (``qb_open``: how many) and settled by the first fact that tells
(the draw, a move, a play of the play phase, the end of the play phase).
"""

from __future__ import annotations

from typing import Any

from domain.audit import Fact
from domain.referee.hegemony_skills import (
    AFTER,
    BEFORE,
    HOOKS,
    PINDIAN,
    TRIGGERED,
    judged,
    on_reason,
)
from domain.referee.hegemony_table import EQUIP, HAND, JUDGE
from domain.referee.hegemony_wei import on_damage, owe_damage, owe_draw, owed, target_of
from domain.sanguosha.cards import RED, SLOT

JUDGMENT, DRAW, PLAY, DISCARD = "judgment", "draw", "play", "discard"
DELAYED = ("indulgence", "lightning", "supply_shortage")
#: the delayed tricks a seat's shown skill cancels it as a target of: skill -> (names,
#: black cards only)
CANCELLING = {"qianxun_kw": (("snatch", "indulgence"), False),
              "weimu": (("indulgence", "supply_shortage", "lightning"), True)}


# --- Zhang He: Qiaobian ---------------------------------------------------------------------
def done(r: Any) -> set[str]:
    """The phases Qiaobian skipped this turn."""
    return r.marks.setdefault("qiaobian", set())  # type: ignore[no-any-return]


def keeps_trick(r: Any, to: int, name: str, card: int) -> bool:
    """Whether ``to`` could be the target of a delayed trick moved to it: no shown skill
    of its cancels it (Qianxun: Indulgence; Weimu: a black trick). Before rules 7 the
    engine offered such moves too and the trick stayed: lawful as played."""
    if r.rules < 7:
        return True
    for sid, (names, black) in CANCELLING.items():
        if r.active(to, sid) and name in names and (not black or not RED[card]):
            return False
    return True


def moves(r: Any) -> list[tuple[int, int, int, str]]:
    """Every lawful move after a skipped play phase: (card, from, to, area): equipment
    into another living seat's empty slot of its kind; a delayed trick to another living
    seat that could be its target and holds none of its name."""
    living = [x for x in range(r.n) if r.alive[x]]
    out: list[tuple[int, int, int, str]] = []
    for src in living:
        for c in r.table.equipment(src):
            out += [(c, src, to, EQUIP) for to in living
                    if to != src and r.table.equip[to][SLOT[c]] is None]
        for c in r.table.judging[src]:
            name = r.as_name(c)
            out += [(c, src, to, JUDGE) for to in living if to != src
                    and keeps_trick(r, to, name, c)
                    and all(r.as_name(j) != name for j in r.table.judging[to])]
    return out


def skip(r: Any, fact: Fact, s: int, phase: str) -> None:
    """Qiaobian skips ``phase``: what the turn does without it."""
    done(r).add(phase)
    if phase == JUDGMENT:
        r.marks["skip_judgment"] = True
    elif phase == DRAW:
        r.marks["drew"] = r.marks["skip_draw"] = True
        r.stage = "play"
    elif phase == PLAY:
        r.marks["drew"] = True
        r.stage, r.skip_play = "play", True
    else:
        r.marks["skip_discard"] = s
        r.stage = "end"


def owe_move(r: Any, s: int) -> None:
    """After a skipped play phase: a move or its decline, when a move is open."""
    if not moves(r):
        return
    r.marks["qb_move"] = s
    r.owe(owed("qiaobian", f"Qiaobian: seat {s} moves a card on the table or declines",
               lambda f: (f.type == "CardMoved" and f.data.get("reason") == "qiaobian"
                          and f.data.get("seat") == s) or (
                   f.type == "Declined" and f.data.get("seat") == s
                   and f.data.get("ask") == "qiaobian"), r.claim), first=True)


def owe_takes(r: Any, s: int, ts: list[int]) -> None:
    """After a skipped draw phase: a hand card of each seat named, in turn order."""
    order = [(s + i) % r.n for i in range(1, r.n)]
    ts = sorted(ts, key=order.index)
    r.marks[("take", s, "qiaobian")] = list(ts)
    for t in reversed(ts):
        r.owe(owed("qiaobian", f"Qiaobian: seat {s} takes a hand card of seat {t}",
                   r.is_("CardTaken", seat=s, source=t, reason="qiaobian")), first=True)


@judged("qiaobian", triggered=True)
def qiaobian(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """As its judgment, draw, play or discard phase would begin: discard a hand card and
    skip it (each once); a skipped draw phase takes a hand card of each of one or two
    other seats, a skipped play phase may move a card on the table."""
    cards, ts = list(d.get("cards") or []), list(d.get("targets") or [])
    if len(cards) != 1:
        r.broken(fact, "qiaobian", f"Qiaobian discards one hand card; the record says {cards}")
    r.owns(fact, s, cards, (HAND,), "discards for Qiaobian")
    phase = qiaobian_phase(r, fact, s, ts)
    if phase is None:
        return
    if ts and phase != DRAW:
        r.broken(fact, "qiaobian", f"Qiaobian takes cards only for a skipped draw phase; "
                 f"seat {s} names {ts} skipping its {phase} phase")
    if phase == DRAW and ts:
        if len(ts) > 2 or len(set(ts)) != len(ts) or any(
                not 0 <= t < r.n or t == s or not r.alive[t] or not r.table.hands[t]
                for t in ts):
            r.broken(fact, "qiaobian", f"Qiaobian takes a hand card of each of one or two "
                     f"other living seats holding hand cards; the record names {ts}")
            return
        owe_takes(r, s, ts)
    if phase == PLAY:
        owe_move(r, s)


def qiaobian_phase(r: Any, fact: Fact, s: int, ts: list[int]) -> str | None:
    """The phase a Qiaobian skips (settled now or held open); None: no phase may be."""
    skipped = done(r)
    wrong = None
    if s != r.current:
        wrong = "it is not its turn"
    elif r.stage == "discard" and DISCARD not in skipped:
        skip(r, fact, s, DISCARD)
        return DISCARD
    elif r.stage == "play":
        if r.skip_play or r.marks.get("qb_begun") or PLAY in skipped:
            wrong = "its play phase is already skipped or begun"
        else:
            skip(r, fact, s, PLAY)
            return PLAY
    elif r.stage == "start" and not r.marks.get("drew"):
        return start_phase(r, fact, s, ts)
    else:
        wrong = f"its turn is in its {r.stage} stage"
    r.broken(fact, "qiaobian", f"seat {s} uses Qiaobian as no phase of its own may be "
             f"skipped ({wrong})")
    return None


def start_phase(r: Any, fact: Fact, s: int, ts: list[int]) -> str | None:
    """A Qiaobian before the draw: the judgment phase, the draw phase, or held open."""
    skipped = done(r)
    held = int(r.marks.get("qb_open", 0))
    judgment_over = JUDGMENT in skipped or bool(r.marks.get("judged"))
    if r.skip_draw or r.marks.get("skip_draw"):  # (Supply Shortage took it)
        r.broken(fact, "qiaobian", f"seat {s} skips its draw phase by Qiaobian, but it is "
                 "skipped already")
        return None
    if r.rules >= 8 and r.draw_changed(s):  # (after Luoyi: only the draw phase was left)
        r.broken(fact, "draw-skipped", f"seat {s} skips its draw phase by Qiaobian after "
                 "Luoyi changed its draw (rules 8: its cost would be void)")
        return None
    if ts:
        if held > 1:
            r.broken(fact, "qiaobian", f"seat {s} skips its draw phase by Qiaobian twice")
            return None
        if held:  # the one held open skipped the judgment phase
            r.marks.pop("qb_open")
            skip(r, fact, s, JUDGMENT)
        elif not judgment_over and r.table.judging[s]:
            r.broken(fact, "qiaobian", f"seat {s} skips its draw phase by Qiaobian before "
                     f"its judgment phase judged {r.table.judging[s]}")
        skip(r, fact, s, DRAW)
        return DRAW
    if judgment_over and not held:
        skip(r, fact, s, DRAW)
        return DRAW
    if r.table.judging[s] and not held and not r.marks.get("skip_judgment"):
        skip(r, fact, s, JUDGMENT)
        return JUDGMENT
    if held >= 3:
        r.broken(fact, "qiaobian", f"seat {s} uses Qiaobian a fourth time before its "
                 "discard phase")
        return None
    r.marks["qb_open"] = held + 1  # its judgment, draw or play phase: told by what follows
    return "open"


def before_draw_skill(r: Any, fact: Fact, s: int, sid: str) -> None:
    """A draw-phase skill (Tuxi, Luoyi...) settles the Qiaobian uses held open: they came
    before it, as the judgment or the draw phase would begin. Two skipped both (under
    rules 8 the draw skill is then unlawful: ``at_draw``). Under rules 8 one skipped the
    judgment phase (a skipped draw would offer no draw skill); before, it stays open:
    the draw, or none, tells."""
    n = int(r.marks.get("qb_open", 0))
    if n > 2:
        r.broken(fact, "qiaobian", f"seat {s} uses {sid} after {n} Qiaobian uses at the "
                 "start of its turn: only the judgment and draw phases begin before it")
    if n >= 2:
        r.marks.pop("qb_open")
        skip(r, fact, s, JUDGMENT)
        skip(r, fact, s, DRAW)
    elif n == 1 and r.rules >= 8:
        r.marks.pop("qb_open")
        skip(r, fact, s, JUDGMENT)


HOOKS["draw_skill"] = before_draw_skill


def settle_open(r: Any, fact: Fact, drew: bool, moved: bool = False,
                skipped_play: bool | None = None) -> None:
    """The Qiaobian uses held open are told by this fact: the draw came (the one use
    skipped the judgment phase), a move came (the last skipped the play phase), or the
    play phase came or ended (the last skipped the draw phase, or the play phase)."""
    n = int(r.marks.pop("qb_open", 0))
    s = r.current
    if drew:
        if n > 1:
            r.broken(fact, "qiaobian", f"seat {s} skipped its draw phase by Qiaobian, yet "
                     "draws for it")
        skip(r, fact, s, JUDGMENT)
        return
    play = moved or bool(skipped_play)
    if (n == 1 and play) or (n == 3 and not play):
        r.broken(fact, "qiaobian", f"seat {s}'s {n} Qiaobian uses before its draw skip "
                 f"{'no' if n == 1 else 'every'} phase but the play phase, yet its play phase "
                 f"is {'skipped' if play else 'played'}")
    phases = {1: [DRAW], 2: [DRAW, PLAY] if play else [JUDGMENT, DRAW]}.get(
        n, [JUDGMENT, DRAW, PLAY])
    for phase in phases:
        skip(r, fact, s, phase)
    if PLAY in phases and not moved and moves(r):
        r.broken(fact, "qiaobian", f"Qiaobian: seat {s} skipped its play phase: a move on "
                 "the table or its decline was due")
    if PLAY in phases and moved:
        r.marks["qb_move"] = s


#: facts of the seat on turn that are its play phase's own
def plays(r: Any, fact: Fact) -> bool:
    t, d = fact.type, fact.data
    if d.get("seat") != r.current:
        return False
    return (t == "CardUsed" and d.get("via") == "play") or t == "CardRecast" or (
        t == "GeneralsShown" and d.get("reason") == "play") or (
        t == "SkillUsed" and d.get("skill") not in TRIGGERED)


def qiaobian_watch(r: Any, fact: Fact) -> None:
    """Before each fact: settle the uses held open; a skipped judgment phase judges no
    delayed card; the play phase begun (no Qiaobian skips it now); a move claimed."""
    t, d = fact.type, fact.data
    if r.marks.get("qb_open"):
        if r.stage != "start" or (t == "Judged" and d.get("reason") in DELAYED):
            # the draw phase's start passed by another skill (Tuxi, Luoyi: the draw phase
            # was not Qiaobian's), or its judgment phase goes on: the use held open
            # skipped the judgment phase
            settle_open(r, fact, drew=True)
        elif t == "CardsDrawn" and d.get("reason") == "draw_phase":
            settle_open(r, fact, drew=True)
        elif (t == "CardMoved" and d.get("reason") == "qiaobian") or (
                t == "Declined" and d.get("ask") == "qiaobian"):
            settle_open(r, fact, drew=False, moved=True)
        elif t == "PhaseChanged":
            settle_open(r, fact, drew=False, skipped_play=d.get("skipped") == "play")
        elif plays(r, fact) or t == "TurnEnded":
            settle_open(r, fact, drew=False)
    if t == "Judged" and d.get("reason") in DELAYED \
            and d.get("seat") == r.current and JUDGMENT in r.marks.get("qiaobian", ()):
        r.broken(fact, "qiaobian", f"seat {r.current} skipped its judgment phase by "
                 "Qiaobian: no delayed card is judged")
    skipped = r.marks.get("qiaobian", ())  # (read only: a table without Qiaobian keeps
    # its marks as they were)
    if t == "CardsDrawn" and d.get("reason") == "draw_phase" and DRAW in skipped:
        r.broken(fact, "qiaobian", f"seat {d.get('seat')} skipped its draw phase by "
                 "Qiaobian: it draws none")
    if r.stage == "play" and plays(r, fact) and r.owns_skill(r.current, "qiaobian"):
        r.marks["qb_begun"] = True
    if t == "Declined" and d.get("ask") == "qiaobian" and (
            not r.claimed(fact) and r.marks.get("qb_move") != d.get("seat")):
        r.broken(fact, "qiaobian", f"seat {d.get('seat')} declines a Qiaobian move no "
                 "skipped play phase offers")
    if t == "Declined" and d.get("ask") == "qiaobian":
        r.marks.pop("qb_move", None)
    if t == "CardsDrawn" and d.get("reason") == "draw_phase" and JUDGMENT in skipped and \
            d.get("seat") == r.current:
        # the delayed cards not judged stay for the next turn (the draw would clear them)
        r.marks["qb_keep"] = list(r.table.judging[r.current])


def qiaobian_kept(r: Any, fact: Fact) -> None:
    """After the draw of a turn whose judgment phase was skipped: its delayed cards stay."""
    kept = r.marks.pop("qb_keep", None)
    if kept is not None:
        r.table.judging[r.current] = kept


BEFORE.append(qiaobian_watch)
AFTER.append(qiaobian_kept)


def qiaobian_moved(r: Any, fact: Fact, d: dict[str, Any]) -> None:
    """A card moved after a skipped play phase: from a seat's equipment or judgment area
    into the same area of another, where it may go."""
    s, src, to = r.seat(d["seat"]), r.seat(d["source"]), r.seat(d["to"])
    card, area = d["card"], d["area"]
    if r.marks.pop("qb_move", None) != s:
        r.broken(fact, "qiaobian", f"seat {s} moves card {card}, but no play phase of its "
                 "own was skipped by Qiaobian just now")
    if (card, src, to, area) not in moves(r):
        r.broken(fact, "qiaobian", f"Qiaobian moves a card from a seat's equipment or "
                 f"judgment area into the same area of another, where it may go; the record "
                 f"moves card {card} from seat {src}'s {area} to seat {to}")
    if r.table.remove(src, card, (area,) if area in (EQUIP, JUDGE) else ()) is None:
        r.broken(fact, "card-owner", f"card {card} is not in seat {src}'s {area}")
        return
    if area == EQUIP:
        r.table.wear(to, card)
    else:
        r.table.judging[to].append(card)


on_reason("CardMoved", "qiaobian", qiaobian_moved)


# --- Xun Yu: Quhu, Jieming ----------------------------------------------------------------------
@judged("quhu")
def quhu(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Once a play phase: a pindian with a seat of more HP holding hand cards."""
    r.in_play(fact, s, "quhu")
    if r.marks.get(("used", "quhu"), 0) > 1:
        r.broken(fact, "skill-limit", f"seat {s} uses Quhu twice in one play phase")
    t = target_of(r, fact, d, "quhu")
    if t is None:
        return
    if r.hp[t] <= r.hp[s] or not r.table.hands[t] or not r.table.hands[s]:
        r.broken(fact, "quhu", f"Quhu pindians with a seat of more HP than its own "
                 f"({r.hp[s]}), both holding hand cards; seat {t} has {r.hp[t]} HP and "
                 f"{len(r.table.hands[t])} hand cards")
        return
    r.start_pindian(s, t, "quhu")


def in_range_of(r: Any, t: int) -> list[int]:
    """The other living seats within ``t``'s attack range."""
    return [v for v in range(r.n) if v != t and r.alive[v] and r.dist(t, v) <= r.reach_of(t)]


def quhu_result(r: Any, fact: Fact, s: int, t: int, won: bool) -> None:
    """Won: the owner picks a seat in the target's range, the target deals it 1 damage
    (nobody in range: nothing). Otherwise the target deals the owner 1 damage."""
    if not won:
        owe_damage(r, s, t, "quhu")
        return
    if not r.alive[t] or not in_range_of(r, t):
        return
    r.marks["quhu"] = (s, t)
    r.owe(owed("quhu", f"Quhu: seat {s} won: it picks a seat within seat {t}'s attack range",
               r.is_("TargetChosen", seat=s, reason="quhu"), r.claim), first=True)


PINDIAN["quhu"] = quhu_result


def quhu_chosen(r: Any, fact: Fact, d: dict[str, Any]) -> None:
    s, v = r.seat(d["seat"]), r.seat(d["target"])
    pending = r.marks.pop("quhu", None)
    if not r.claimed(fact) or pending is None or pending[0] != s:
        r.broken(fact, "quhu", f"seat {s} picks seat {v} for Quhu, but no Quhu of its was "
                 "won just now")
        return
    t = pending[1]
    if v not in in_range_of(r, t):
        r.broken(fact, "quhu", f"Quhu's victim is within seat {t}'s attack range, not seat "
                 f"{t} itself: the record picks seat {v} ({in_range_of(r, t)} are)")
        return
    owe_damage(r, v, t, "quhu")


on_reason("TargetChosen", "quhu", quhu_chosen)


@judged("jieming", triggered=True)
def jieming(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """A point of damage taken: a living seat (itself too) draws up to its max HP, at
    most 5."""
    on_damage(r, fact, s, "jieming", per_point=True)
    t = target_of(r, fact, d, "jieming", self_ok=True)
    if t is None:
        return
    k = min(5, r.max_hp[t]) - len(r.table.hands[t])
    if k > 0:
        owe_draw(r, t, k, "jieming", f"Jieming: seat {t} draws {k} (to {min(5, r.max_hp[t])})")
