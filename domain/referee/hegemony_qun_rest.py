"""Qun's Kingdom Wars skills as the referee judges them (``docs/rules/generals.md``
section 2.4): Ma Teng, Kong Rong, Ji Ling, Tian Feng, Pan Feng, Zou Shi.

Each skill registers with ``hegemony_skills.judged``; the referee imports this module
for that registration alone. What each one is, as judged here:

* Mingshi (compulsory): damage from a source that has not shown both generals is 1
  less for a shown Kong Rong (``DAMAGE_CUTS``); its use is recorded just before.
* Lirang: cards of Kong Rong's discarded (recorded discards; under rules 5 also the cards
  a skill of his seat paid as its cost) may be given to other seats from the discard
  pile, one give at a time; a declined ask leaves them there for good.
* Xiongyi (limited): Ma Teng and every living seat of his side draw three, in turn
  order from him; then he heals 1 (wounded) when his side has the fewest living shown
  seats of all the sides that have one.
* Shuangren: at the start of its play phase, a pindian with another seat holding hand
  cards; a win is a Kill with no card on that seat or another of its side (any
  distance), a loss ends the play phase.
* Sijian: after the last hand card is lost, discard another seat's card (hand or
  equipment); asked once (a decline ends it). Suishi (compulsory): another seat dying
  from damage whose source is of Tian Feng's side draws him one; another seat of his
  side dying loses him 1 HP, before the death's show, victory check and reward
  (``DEATH_SKILLS``).
* Kuangfu: after its Kill damaged a seat with equipment, one piece of it goes into the
  owner's empty slot of its kind, or is discarded.
* Huoshui: an action that only shows Zou Shi; while she is shown, no other seat shows a
  general in her turn. Qingcheng: discard an equipment card, and one general of another
  seat that has shown both is hidden again (its skills out, its side kept; showing it
  again brings no bonus).
"""

from __future__ import annotations

from typing import Any

from domain.audit import Fact
from domain.referee.hegemony_skills import (
    AFTER,
    BEFORE,
    DAMAGE_CUTS,
    DEATH_SKILLS,
    EVENTS,
    GAINS,
    INTERJECTS,
    PINDIAN,
    judged,
)
from domain.referee.hegemony_table import EQUIP, HAND
from domain.sanguosha.cards import EQUIPMENT, KIND, SLOT

HEAD, DEPUTY = "head", "deputy"


def owed(r: Any, rule: str, what: str, match: Any) -> Any:
    from domain.referee.hegemony import Owed  # the referee's own: no cycle at import

    return Owed(rule, what, match, r.claim)


def same_side(r: Any, a: int, b: int) -> bool:
    """Of one side as the table knows it (a careerist is a side of its own)."""
    return r.side[a] is not None and r.side[a] == r.side[b]


# --- Kong Rong: Mingshi -------------------------------------------------------------------
def mingshi_applies(r: Any, s: int, src: Any) -> bool:
    return r.active(s, "mingshi") and src is not None and not all(r.shown[src])


DAMAGE_CUTS.append(lambda r, s, src: int(mingshi_applies(r, s, src)))
#: skills asked while something else is owed (Mingshi as damage is about to be dealt,
#: Sijian as a pindian's card or a Peach empties the hand, Lirang on any discard): their
#: show, use, gives or decline come first
INTERJECTING = {"mingshi", "sijian", "lirang"}


def interjected(r: Any, fact: Fact) -> bool:
    d = fact.data
    sid = d.get("skill") if fact.type == "SkillUsed" else (d.get("then") or {}).get(
        "skill") if fact.type == "GeneralsShown" and d.get("reason") == "skill" else d.get(
        "reason") if fact.type in ("CardsGained", "CardsDiscarded") else d.get(
        "ask") if fact.type == "Declined" else None
    return sid in INTERJECTING or (fact.type == "Declined" and d.get("ask") == "skill" and any(
        r.owns_skill(r.seat(d["seat"]), k) for k in INTERJECTING))


INTERJECTS.append(interjected)


@judged("mingshi", triggered=True)  # compulsory: a hidden Kong Rong is asked to show
def mingshi(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Recorded just before the damage it cuts; a skill's damage it cuts to nothing is
    no longer owed."""
    r.marks[("mingshi", s)] = True
    for key in [k for k in r.marks if isinstance(k, tuple) and k[:2] == ("damage", s)]:
        src, reason = key[2], key[3]
        if not mingshi_applies(r, s, src):
            r.broken(fact, "mingshi", f"seat {s}'s Mingshi cuts damage from seat {src}, "
                     "which has shown both generals")
        elif r.marks[key] <= 1:  # prevented: no damage fact follows
            del r.marks[key]
            r.owed = [o for o in r.owed if o.rule != reason]
    # a chain's damage it cuts to nothing: the chain passes the seat (still chained)
    chain = getattr(r, "chain", None)
    if chain is not None and r.chain_victim() == s and mingshi_applies(
            r, s, chain["source"]) and chain["amount"] <= 1:
        chain["done"].add(s)
    # a damage of 1 owed as a fact of its own (the Triblade's) is prevented too
    for x in range(r.n):
        if mingshi_applies(r, s, x):
            probe = Fact(fact.version, "Damaged", {"seat": s, "source": x, "amount": 1,
                                                   "reason": "triblade"})
            r.owed = [o for o in r.owed if o.match is None or not o.match(probe)]


def mingshi_watch(r: Any, fact: Fact) -> None:
    """The damage that follows a Mingshi is cut by it; a shown Kong Rong's cut damage
    is recorded with its use (compulsory)."""
    d = fact.data
    if fact.type in ("Damaged", "NatureDamaged") and r.owns_skill(d["seat"], "mingshi"):
        s, src = d["seat"], d["source"]
        used = r.marks.pop(("mingshi", s), False)
        if used != mingshi_applies(r, s, src):
            r.broken(fact, "mingshi", f"seat {s} takes damage from seat {src} "
                     + ("after a Mingshi, but the source has shown both generals" if used
                        else "that its shown Mingshi cuts (compulsory): no use recorded"))
    if not (fact.type == "SkillUsed" and d.get("skill") == "mingshi"):
        for key in [k for k in r.marks if isinstance(k, tuple) and k[0] == "mingshi"]:
            del r.marks[key]  # a damage cut to nothing: nothing followed


AFTER.append(mingshi_watch)


# --- Kong Rong: Lirang --------------------------------------------------------------------
#: skills whose use names cards that do not go to the discard pile as its cost (Guidao's
#: card becomes the judgment card); any other use's named cards now out of play were paid
#: (Qingnang, Lijian, Beige, Qingcheng, the Triblade: rules 5). A conversion's card is
#: still held when it is named.
NOT_COSTS = frozenset({"guidao"})


def pools(r: Any, s: int) -> list[list[int]]:
    """Kong Rong's discarded cards not given yet, the latest discard last."""
    return r.marks.setdefault(("lirang", s), [])  # type: ignore[no-any-return]


def lirang_watch(r: Any, fact: Fact) -> None:
    """Cards of a Lirang owner's discarded: recorded discards; under rules 5 the cost of
    one of his seat's skills too (offered once its effect is over)."""
    d = fact.data
    s = d.get("seat")
    if not isinstance(s, int) or not 0 <= s < r.n or not r.owns_skill(s, "lirang"):
        return
    if fact.type == "CardsDiscarded" and d["cards"]:
        pools(r, s).append(list(d["cards"]))
    elif fact.type == "SkillUsed" and r.rules >= 5 and d["skill"] not in NOT_COSTS:
        free = r.table.out_of_play()
        paid = [c for c in d.get("cards") or [] if c in free]
        if paid:
            pools(r, s).append(paid)
    elif fact.type == "Declined" and d.get("ask") == "lirang":
        giving = r.marks.pop("lirang", None)
        if giving is None or giving[0] != s:
            r.broken(fact, "lirang", f"seat {s} declines a Lirang give, but it gives none now")


AFTER.append(lirang_watch)


@judged("lirang", triggered=True)
def lirang(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Its cards just discarded, still in the discard pile: it may give them away."""
    free = r.table.out_of_play()
    mine = pools(r, s)
    while mine and not [c for c in mine[-1] if c in free]:
        mine.pop()
    if not mine:
        r.broken(fact, "lirang", f"seat {s} uses Lirang, but no card of its was discarded "
                 "just now (and is still in the discard pile)")
        return
    r.marks["lirang"] = (s, [c for c in mine.pop() if c in free])


def lirang_given(r: Any, fact: Fact, t: int, cards: list[int]) -> None:
    giving = r.marks.get("lirang")
    s, left = giving if giving is not None else (None, [])
    if giving is None or t == s or not r.alive[t] or not cards or fact.data["zone"] != \
            "discard" or any(c not in left for c in cards) or len(set(cards)) != len(cards):
        r.broken(fact, "lirang", f"seat {t} is given {cards} by Lirang; "
                 + ("no Lirang gives now" if giving is None else
                    f"seat {s} gives other living seats its discarded {left}"))
    free = r.table.out_of_play()
    r.table.hands[t] += [c for c in cards if c in free]
    if giving is not None:
        rest = [c for c in left if c not in cards]
        r.marks["lirang"] = (s, rest)
        if not rest:
            r.marks.pop("lirang")


GAINS["lirang"] = lirang_given


# --- Ma Teng: Xiongyi ---------------------------------------------------------------------
def fewest(r: Any, s: int) -> bool:
    """No side with a living shown seat has fewer of them than the seat's own."""
    counts: dict[str, int] = {}
    for x in range(r.n):
        if r.alive[x] and r.side[x] is not None:
            counts[r.side[x]] = counts.get(r.side[x], 0) + 1
    mine = counts.get(r.side[s] or "", 1)
    return all(k >= mine for side, k in counts.items() if side != r.side[s])


@judged("xiongyi")
def xiongyi(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Limited, in the play phase: it and its side's living seats draw three each, in
    turn order from it; then, its side the fewest, it heals 1 (wounded)."""
    r.in_play(fact, s, "xiongyi")
    spent = r.__dict__.setdefault("_limited", set())
    if (s, "xiongyi") in spent:
        r.broken(fact, "xiongyi", f"seat {s} uses Xiongyi again: it is limited (once a game)")
    spent.add((s, "xiongyi"))
    seats = [x for x in ((s + i) % r.n for i in range(r.n)) if r.alive[x]
             and (x == s or same_side(r, s, x))]
    items = []
    for x in seats:
        r.marks[("draw", x, "xiongyi")] = 3
        items.append(owed(r, "xiongyi", f"Xiongyi: seat {x} draws three",
                          r.is_("CardsDrawn", seat=x, reason="xiongyi")))
    if fewest(r, s) and r.hp[s] < r.max_hp[s]:
        r.marks[("heal", s, "xiongyi")] = r.marks.get(("heal", s, "xiongyi"), 0) + 1
        items.append(owed(r, "xiongyi", f"Xiongyi: seat {s}'s side is the fewest: it heals 1",
                          r.is_("Healed", seat=s, reason="xiongyi")))
    r.owe(*items, first=True)


# --- Ji Ling: Shuangren -------------------------------------------------------------------
@judged("shuangren", triggered=True)
def shuangren(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """At the start of its play phase: a pindian with another seat holding hand cards."""
    ts = list(d.get("targets") or [])
    t = ts[0] if len(ts) == 1 else None
    if s != r.current or r.stage != "play" or r.skip_play or r.marks.get("shuangren"):
        r.broken(fact, "shuangren", f"seat {s} uses Shuangren outside the start of its own "
                 "play phase")
    r.marks["shuangren"] = True
    if t is None or t == s or not 0 <= t < r.n or not r.alive[t] or not r.table.hands[t] \
            or not r.table.hands[s]:
        r.broken(fact, "shuangren", f"Shuangren pindians with another living seat, both "
                 f"holding hand cards; the record says {ts}")
        return
    r.start_pindian(s, t, "shuangren")


def shuangren_result(r: Any, fact: Fact, s: int, t: int, won: bool) -> None:
    """A win: a Kill with no card on the seat or another of its side (any distance, not
    the phase's Kill); otherwise the play phase ends."""
    if not won:
        r.skip_play = True
        return
    def victims() -> list[int]:  # (read when the Kill comes: a show may come between)
        return [x for x in range(r.n) if r.alive[x] and x != s and (
            x == t or (r.side[t] is not None and r.side[x] == r.side[t]))]

    if victims():
        r.marks["cardless"] = (s, "kill", "shuangren", victims)
        r.owe(owed(r, "shuangren", f"Shuangren: seat {s} won: its Kill on one of {victims()}",
                   lambda f: f.type == "CardUsed" and f.data.get("seat") == s
                   and f.data.get("via") == "shuangren"), first=True)


PINDIAN["shuangren"] = shuangren_result


# --- Tian Feng: Sijian, Suishi ------------------------------------------------------------
def sijian_watch(r: Any, fact: Fact) -> None:
    """Whose last hand card just went: a Sijian owner may then discard another's card."""
    for s in range(r.n):
        if r.owns_skill(s, "sijian"):
            held = bool(r.table.hands[s])
            if r.marks.get(("held", s)) and not held:
                r.marks[("sijian", s)] = True
            elif held and fact.data.get("reason") not in ("half_fish", "perfect_pair"):
                r.marks.pop(("sijian", s), None)  # (the bonus of its show does not count)
            r.marks[("held", s)] = held


AFTER.append(sijian_watch)


@judged("sijian", triggered=True)
def sijian(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """After its last hand card is lost: one card (hand or equipment) of another seat is
    discarded."""
    ts = list(d.get("targets") or [])
    t = ts[0] if len(ts) == 1 else None
    if not r.marks.pop(("sijian", s), False):
        r.broken(fact, "sijian", f"seat {s} uses Sijian, but it did not just lose its last "
                 "hand card")
    if t is None or t == s or not 0 <= t < r.n or not r.alive[t] or not \
            r.table.everything(t, "he"):
        r.broken(fact, "sijian", f"Sijian discards a card of another living seat holding "
                 f"one; the record says {ts}")
        return
    r.marks[("discard", t, s, "sijian")] = 1  # next (asked in between: it interjects)
    r.marks["sijian_due"] = (t, s, fact.version)


def sijian_discard(r: Any, fact: Fact) -> None:
    """Sijian's discard comes right after its use: one hand or equipment card."""
    due = r.marks.get("sijian_due")
    d = fact.data
    if due is None or due[2] == fact.version:
        return
    del r.marks["sijian_due"]
    t, s, _ = due
    if not (fact.type == "CardsDiscarded" and d.get("seat") == t and d.get("by") == s
            and d.get("reason") == "sijian" and len(d["cards"]) == 1
            and d["cards"][0] in r.table.everything(t, "he")):
        r.broken(fact, "sijian", f"Sijian: one card of seat {t}'s hand or equipment "
                 f"discarded was due, but the record goes on with {fact.type}")
        r.marks.pop(("discard", t, s, "sijian"), None)


BEFORE.append(sijian_discard)


@judged("suishi", triggered=True)  # compulsory: a hidden Tian Feng is asked to show
def suishi(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Another seat dying from damage whose source is of its side: draw one."""
    v, src = r.dying if r.dying is not None else (None, None)
    if v is None or v == s or src is None or not same_side(r, src, s):
        r.broken(fact, "suishi", f"seat {s} uses Suishi, but no other seat is dying from "
                 "damage whose source is of its side")
        return
    r.marks[("draw", s, "suishi")] = 1


@judged("suishi_loss", triggered=True)
def suishi_loss(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Another seat of its side died: lose 1 HP (a hidden victim counts by the side it
    would join)."""
    v = r.deaths[-1]["seat"] if r.deaths else None
    theirs = None if v is None else r.side[v] if r.side[v] is not None else r.would_be(
        v, r.side)
    if v is None or v == s or r.side[s] is None or theirs != r.side[s] or r.marks.get(
            ("suishi_loss", v, s)):
        r.broken(fact, "suishi", f"seat {s} loses HP by Suishi, but no other seat of its "
                 "side just died")
        return
    r.marks[("suishi_loss", v, s)] = True
    r.marks[("hp_lost", s, "suishi")] = 1


DEATH_SKILLS.update({"suishi", "suishi_loss"})


def suishi_watch(r: Any, fact: Fact) -> None:
    """Suishi is compulsory: a shown Tian Feng's use is recorded at the dying (before its
    Peach window closes) and at the death (before what the death owes goes on)."""
    d = fact.data
    if fact.type == "Dying" and d["source"] is not None:
        v, src = d["seat"], d["source"]
        for x in range(r.n):
            if x != v and r.alive[x] and r.active(x, "suishi") and same_side(r, src, x):
                r.marks[("suishi_due", x)] = ("suishi", v)
    elif fact.type == "Died":
        v = d["seat"]
        theirs = r.side[v] if r.side[v] is not None else r.would_be(v, r.side)
        held = r.death_held(v)
        for x in range(r.n):
            if x != v and r.alive[x] and r.active(x, "suishi_loss") and \
                    r.side[x] is not None and theirs == r.side[x]:
                r.marks[("suishi_due", x)] = ("suishi_loss", v, held)
    if fact.type == "SkillUsed":
        due = r.marks.get(("suishi_due", d["seat"]))
        if due is not None and due[0] == d["skill"]:
            del r.marks[("suishi_due", d["seat"])]
        return
    for key in [k for k in r.marks if isinstance(k, tuple) and k[0] == "suishi_due"]:
        due = r.marks[key]
        if r.rules >= 6 and not r.owns_skill(key[1], due[0]):
            del r.marks[key]  # lost while it waited (Duanchang): not asked from rules 6
            continue
        late = (fact.type in ("Responded", "Declined") and d.get("ask") == "peach") or \
            fact.type in ("Rescued", "Died") if due[0] == "suishi" else \
            fact.type != "Died" and not due[2](fact)
        if late:
            del r.marks[key]
            r.broken(fact, "suishi", f"seat {key[1]}'s shown Suishi (compulsory) acts at "
                     f"seat {due[1]}'s {'dying' if due[0] == 'suishi' else 'death'}, but no "
                     "use is recorded")


AFTER.append(suishi_watch)


def declined_watch(r: Any, fact: Fact) -> None:
    """A skill's ask declined ends what it offered: Sijian's discard (asked first: its
    point comes last, on top), else Lirang's give of the latest discard, whose cards
    stay in the discard pile for good (the ask names neither)."""
    d = fact.data
    s = d.get("seat")
    if fact.type != "Declined" or d.get("ask") != "skill" or not isinstance(s, int) or \
            not 0 <= s < r.n:
        return
    if r.marks.pop(("sijian", s), False):
        return
    if r.owns_skill(s, "lirang"):
        free = r.table.out_of_play()
        mine = pools(r, s)
        while mine and not [c for c in mine[-1] if c in free]:
            mine.pop()
        if mine:
            mine.pop()


AFTER.append(declined_watch)


# --- Pan Feng: Kuangfu --------------------------------------------------------------------
def damage_watch(r: Any, fact: Fact) -> None:
    if fact.type in ("Damaged", "NatureDamaged"):
        r.marks["damage_done"] = (fact.data["seat"], fact.data["source"], fact.data["reason"])


AFTER.append(damage_watch)


@judged("kuangfu", triggered=True)
def kuangfu(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """After its Kill damaged a seat that has equipment: one piece goes into the owner's
    empty slot of its kind, or is discarded."""
    v, src, reason = r.marks.pop("damage_done", (None, None, None))
    if src != s or reason != "kill" or not r.alive[v] or not r.table.equipment(v):
        r.broken(fact, "kuangfu", f"seat {s} uses Kuangfu, but its Kill did not just damage "
                 "a living seat with equipment")
        return
    r.marks["kuangfu"] = (s, v)
    r.marks[("discard", v, s, "kuangfu")] = 1

    def match(f: Fact) -> bool:
        c = f.data.get("card") if f.type == "EquipmentMoved" else (
            f.data.get("cards") or [None])[0]
        return c in r.table.equipment(v) and (
            (f.type == "EquipmentMoved" and f.data.get("seat") == s and f.data.get("source") ==
             v and f.data.get("reason") == "kuangfu" and r.table.equip[s][SLOT[c]] is None)
            or (f.type == "CardsDiscarded" and f.data.get("seat") == v and f.data.get("by") == s
                and f.data.get("reason") == "kuangfu" and len(f.data["cards"]) == 1))
    r.owe(owed(r, "kuangfu", f"Kuangfu: a piece of seat {v}'s equipment into seat {s}'s empty "
               "slot, or discarded", match), first=True)


def equipment_moved(r: Any, fact: Fact, d: dict[str, Any]) -> None:
    s, src, c = r.seat(d["seat"]), r.seat(d["source"]), d["card"]
    if r.marks.pop("kuangfu", None) != (s, src) or d["reason"] != "kuangfu":
        r.broken(fact, "kuangfu", f"seat {s} takes card {c} into its equipment from seat "
                 f"{src}; no Kuangfu of its moves one now")
    r.marks.pop(("discard", src, s, "kuangfu"), None)
    if r.table.remove(src, c, (EQUIP,)) is None:
        r.broken(fact, "card-owner", f"card {c} is not in seat {src}'s equipment")
        return
    if r.table.equip[s][SLOT[c]] is not None:
        r.broken(fact, "kuangfu", f"Kuangfu puts card {c} only into an empty slot; seat "
                 f"{s}'s is taken")
    r.table.wear(s, c)


EVENTS["EquipmentMoved"] = equipment_moved


# --- Zou Shi: Huoshui, Qingcheng ----------------------------------------------------------
def huoshui_watch(r: Any, fact: Fact) -> None:
    """Zou Shi shown for Huoshui; and no other seat shows a general in the turn of a
    living shown Zou Shi."""
    d = fact.data
    if fact.type != "GeneralsShown":
        return
    s = d["seat"]
    if d["reason"] == "skill" and (d.get("then") or {}).get("skill") == "huoshui":
        r.marks[("huoshui", s)] = True
    cur = r.current
    if d["reason"] in ("turn_start", "skill", "play") and 0 <= cur < r.n and s != cur and \
            r.alive[cur] and r.active(cur, "huoshui"):
        r.broken(fact, "huoshui", f"seat {s} shows a general in the turn of seat {cur}, "
                 "whose shown Huoshui forbids it")


AFTER.append(huoshui_watch)


def action_lapsed(r: Any, fact: Fact, d: dict[str, Any]) -> None:
    """A general shown to use its skill, and the use no longer possible once shown
    (Huoshui, whose use is the show itself): the seat chooses again."""
    s = r.seat(d["seat"])
    showing = r.marks.pop("showing", None)
    if showing is None or showing[0] != s:
        r.broken(fact, "show", f"seat {s}'s action lapses, but it showed no general for one")


EVENTS["ActionLapsed"] = action_lapsed


def end_watch(r: Any, fact: Fact) -> None:
    """Cards the seat on turn gains after its discard phase (a show's bonus for Lirang)
    are kept to the turn's end."""
    d = fact.data
    if fact.type in ("CardsDrawn", "CardsGained") and d.get("seat") == r.current and (
            r.stage == "end" or (r.stage == "discard" and len(r.table.hands[r.current])
                                 - len(d["cards"]) <= r.hp[r.current])):
        r.marks["end_drew"] = r.current  # (at the discard phase: nothing was to discard)


AFTER.append(end_watch)


@judged("huoshui")
def huoshui(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """An action in its play phase that shows Zou Shi (only while she is hidden)."""
    r.in_play(fact, s, "huoshui")
    if not r.marks.pop(("huoshui", s), False):
        r.broken(fact, "huoshui", f"seat {s} uses Huoshui with Zou Shi already shown: it "
                 "is the action of showing her")


@judged("qingcheng")
def qingcheng(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Discard an equipment card: one general of another seat that has shown both is
    hidden again."""
    r.in_play(fact, s, "qingcheng")
    cards, ts = list(d.get("cards") or []), list(d.get("targets") or [])
    t = ts[0] if len(ts) == 1 else None
    if len(cards) != 1 or KIND[cards[0]] != EQUIPMENT or t is None or t == s or \
            not 0 <= t < r.n or not r.alive[t] or not all(r.shown[t]):
        r.broken(fact, "qingcheng", f"Qingcheng discards one equipment card for another "
                 f"living seat that has shown both generals; the record says cards {cards}, "
                 f"target {ts}")
        return
    r.owns(fact, s, cards, (HAND, EQUIP), "discards for Qingcheng")
    r.marks["qingcheng"] = (s, t)
    r.owe(owed(r, "qingcheng", f"Qingcheng: one of seat {t}'s generals hidden again",
               r.is_("GeneralHidden", seat=t, by=s, reason="qingcheng")), first=True)


def general_hidden(r: Any, fact: Fact, d: dict[str, Any]) -> None:
    t, which = r.seat(d["seat"]), d["which"]
    if r.marks.pop("qingcheng", None) != (d["by"], t) or d["reason"] != "qingcheng" or \
            not r.claimed(fact):
        r.broken(fact, "qingcheng", f"seat {t}'s {which} is hidden again, but no Qingcheng "
                 "on it calls for that")
    if which not in (HEAD, DEPUTY) or not all(r.shown[t]):
        r.broken(fact, "qingcheng", f"Qingcheng hides the head or the deputy of a seat "
                 f"showing both; the record says {which!r}")
        return
    r.shown[t][0 if which == HEAD else 1] = False
    r.hidden_again.add(t)


EVENTS["GeneralHidden"] = general_hidden
