"""Wei's Kingdom Wars skills as the referee judges them (``docs/rules/generals.md``
section 2.1): Sima Yi, Xiahou Dun, Guo Jia, Zhen Ji, Xiahou Yuan, Cao Ren, Cao Pi, Yue
Jin. Zhang He (Qiaobian) and Xun Yu (Quhu, Jieming) are judged in ``hegemony_wei_rest``.

Each skill registers with ``hegemony_skills.judged``; the referee imports this module
for that registration alone. What a skill's use calls for next is owed (``Owed``: the
record must go on with it), or noted in the referee's marks for the handler that reads
it (a draw, a discard, damage, a gain). The events only these skills record (a seat
turned over, its turn skipped, cards looked at and handed out) have their handlers here.
"""

from __future__ import annotations

from typing import Any

from domain.audit import Fact
from domain.referee.hegemony_generals import SKILLS
from domain.referee.hegemony_skills import (
    BEFORE,
    CONVERSIONS,
    DEATH_SKILLS,
    JUDGES,
    NESTED_DAMAGE,
    ON_DAMAGE,
    RETRIALS,
    START_SKILLS,
    TAKES_ANY,
    conversion,
    judged,
    on_reason,
)
from domain.referee.hegemony_table import EQUIP, HAND
from domain.sanguosha.cards import BASIC, EQUIPMENT, KIND, RED, SUIT


def owed(rule: str, what: str, match: Any, then: Any = None) -> Any:
    from domain.referee.hegemony import Owed  # the referee's own: no cycle at import

    return Owed(rule, what, match, then)


def target_of(r: Any, fact: Fact, d: dict[str, Any], sid: str, self_ok: bool = False
              ) -> int | None:
    """The one living seat a skill names (another seat, unless ``self_ok``)."""
    ts = list(d.get("targets") or [])
    t = ts[0] if len(ts) == 1 else None
    if t is None or not 0 <= t < r.n or not r.alive[t] or (t == d["seat"] and not self_ok):
        r.broken(fact, sid, f"{sid} names one living {'' if self_ok else 'other '}seat; the "
                 f"record says {ts}")
        return None
    return t


# --- after damage: the damage each skill answers ---------------------------------------------
def noted_damage(r: Any, fact: Fact, s: int, src: Any, n: int) -> None:
    """The seat's damages still answerable: its source and points, and the skills used
    on it so far. A damage dealt in the aftermath of the seat's own outer damage
    (Ganglie's, sent back by Tianxiang) stacks on that one: its skills are answered
    first, then the outer damage's go on (a Fankui on each is lawful)."""
    entry = {"src": src, "n": n, "used": {}}
    outer = r.marks.get("hurt")
    stack = r.marks.get(("hurt", s))
    if fact.data.get("reason") in NESTED_DAMAGE and outer and outer[0] == s and stack:
        stack.append(entry)
    else:
        r.marks[("hurt", s)] = [entry]


ON_DAMAGE.append(noted_damage)

#: the skills asked after their owner took damage, each damage (per point: each point)
DAMAGED = frozenset({"jianxiong", "fankui", "ganglie_kw", "yiji", "jieming", "fangzhu"})
PER_POINT = frozenset({"yiji", "jieming"})


def inner_answered(r: Any, fact: Fact) -> None:
    """Inside an outer damage (a nested one on the stack), the seat's skills on the inner
    damage are asked in the order it holds them: a decline answers the first one not yet
    answered (not a retrial's ask), a Jianxiong its own; so the outer damage cannot take
    up a skill the inner one declined (a Fankui declined, then the outer one's doubled)."""
    d = fact.data
    s = d.get("seat")
    if not isinstance(s, int):
        return
    stack = r.marks.get(("hurt", s))
    if not stack or len(stack) < 2:
        return
    inner = stack[-1]
    if fact.type == "SkillUsed" and d.get("skill") == "jianxiong":
        inner["used"]["jianxiong"] = inner["used"].get("jianxiong", 0) + 1
    if fact.type != "Declined" or d.get("ask") != "skill" or (
            r.retrying(fact) and may_retry(r, s)):
        return
    for sid in (k for g in r.generals[s] for k in SKILLS.get(g, ())):
        if sid in DAMAGED and r.owns_skill(s, sid) and inner["used"].get(sid, 0) < (
                inner["n"] if sid in PER_POINT else 1):
            inner["used"][sid] = inner["used"].get(sid, 0) + 1
            return


BEFORE.append(inner_answered)


def may_retry(r: Any, s: int) -> bool:
    """Whether the seat could be asked to retry the judgment in the open (Guicai with a
    hand card, Guidao with a card, Tiandu, Hongyan): else its decline is no retrial's."""
    return (r.owns_skill(s, "guicai") and bool(r.table.hands[s])) or (
        r.owns_skill(s, "guidao") and bool(r.table.everything(s, "he"))) or any(
        r.owns_skill(s, k) for k in ("tiandu", "hongyan"))


def on_damage(r: Any, fact: Fact, s: int, sid: str, per_point: bool = False
              ) -> dict[str, Any] | None:
    """A skill used after the owner took damage: once a damage (or once a point). It
    answers the innermost damage it may still answer; the damages inside that one are
    over."""
    stack = r.marks.get(("hurt", s))
    if not stack:
        r.broken(fact, sid, f"seat {s} uses {sid}, but it took no damage")
        return None
    i = len(stack) - 1
    while i > 0 and stack[i]["used"].get(sid, 0) >= (stack[i]["n"] if per_point else 1):
        i -= 1
    del stack[i + 1:]
    hurt = stack[i]
    times = hurt["used"].get(sid, 0) + 1
    hurt["used"][sid] = times
    if times > (hurt["n"] if per_point else 1):
        r.broken(fact, sid, f"seat {s} uses {sid} {times} times on a damage of "
                 f"{hurt['n']}: {'once a point' if per_point else 'once a damage'}")
    return hurt  # type: ignore[no-any-return]


def owe_draw(r: Any, t: int, n: int, sid: str, what: str) -> None:
    r.marks[("draw", t, sid)] = n
    r.owe(owed(sid, what, r.is_("CardsDrawn", seat=t, reason=sid)), first=True)


def owe_turn_over(r: Any, t: int, sid: str) -> None:
    r.owe(r.owed_fact(sid, f"{sid}: seat {t} turns over",
                      r.is_("TurnedOver", seat=t, reason=sid)), first=True)


def owe_choice(r: Any, s: int, t: int, sid: str, ask: str, what: str,
               paid: Any, hit: Any) -> None:
    """Seat ``t`` answers the skill of seat ``s``: it discards (``paid``: whether those
    cards pay) or declines (``hit``: what follows)."""
    def answered(f: Fact | None) -> None:
        assert f is not None
        if f.type == "Declined":
            hit()
            return
        cards = list(f.data["cards"])
        if not paid(cards):
            r.broken(f, sid, f"{what}; the record discards {cards}")
        r.marks[("discard", t, s, sid)] = len(cards)

    r.owe(owed(sid, what, lambda f: (
        f.type == "CardsDiscarded" and f.data.get("seat") == t and f.data.get("reason") == sid
        and f.data.get("by") == s) or (f.type == "Declined" and f.data.get("seat") == t
                                       and f.data.get("ask") == ask), answered), first=True)


def owe_damage(r: Any, t: int, s: int, sid: str) -> None:
    if r.alive[s] and r.alive[t]:
        r.marks[("damage", t, s, sid)] = 1
        r.owe(owed(sid, f"{sid}: seat {s} deals seat {t} 1 damage",
                   r.is_("Damaged", seat=t, source=s, reason=sid)), first=True)


# --- the end phase: Cao Ren, Yue Jin -----------------------------------------------------------
def end_phase(r: Any, fact: Fact, seat: int, sid: str) -> None:
    """A skill at the start of ``seat``'s end phase: its discard phase is over."""
    if seat != r.current or r.stage not in ("discard", "end"):
        r.broken(fact, sid, f"{sid} is used at the start of seat {seat}'s end phase; it is "
                 f"not on")
    r.marks["end_drew"] = seat  # what the end phase brings is not the discard phase's


@judged("jushou", triggered=True)
def jushou(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """At the start of its end phase: draw three, then turn over."""
    end_phase(r, fact, s, "jushou")
    owe_turn_over(r, s, "jushou")
    owe_draw(r, s, 3, "jushou", f"Jushou: seat {s} draws 3")


@judged("xiaoguo", triggered=True)
def xiaoguo(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """At the start of another's end phase, discard a basic card: that seat discards an
    equipment card (hand or equipment) or takes 1 damage from the owner."""
    t = r.current
    end_phase(r, fact, t, "xiaoguo")
    cards = list(d.get("cards") or [])
    if t == s or len(cards) != 1 or KIND[cards[0]] != BASIC or not r.alive[t]:
        r.broken(fact, "xiaoguo", f"Xiaoguo discards one basic card at another living "
                 f"seat's end phase; the record says {cards} at seat {t}'s")
        return
    r.owns(fact, s, cards, (HAND,), "discards for Xiaoguo")

    def gear(paid: list[int]) -> bool:
        return len(paid) == 1 and KIND[paid[0]] == EQUIPMENT and \
            r.table.area_of(t, paid[0]) in (HAND, EQUIP)

    owe_choice(r, s, t, "xiaoguo", "xiaoguo", f"Xiaoguo: seat {t} discards an equipment "
               f"card or takes 1 damage from seat {s}", gear,
               lambda: owe_damage(r, t, s, "xiaoguo"))


# --- Cao Pi --------------------------------------------------------------------------------------
@judged("fangzhu", triggered=True)
def fangzhu(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """After damage: another seat draws as many as the owner's lost HP, then turns over."""
    on_damage(r, fact, s, "fangzhu")
    t = target_of(r, fact, d, "fangzhu")
    if t is None:
        return
    owe_turn_over(r, t, "fangzhu")
    k = r.max_hp[s] - r.hp[s]
    if k > 0:
        owe_draw(r, t, k, "fangzhu", f"Fangzhu: seat {t} draws {k} (seat {s}'s lost HP)")


def at_death(r: Any, fact: Fact) -> None:
    """A death: the cards of its hand and equipment (Xingshang's), while the death
    skills' moment lasts."""
    if fact.type == "Died" and 0 <= fact.data.get("seat", -1) < r.n:
        s = fact.data["seat"]
        # (a death its skills bring about, Suishi's, keeps the earlier one's cards under it)
        r.marks["death_cards"] = (s, r.table.everything(s, "he"), r.marks.get("death_cards"))
    elif "death_cards" in r.marks:
        entry = r.marks["death_cards"]
        while entry is not None:
            held = r.death_held(entry[0])
            if held is not None and (held(fact) or show_follows(fact)
                                     or fact.type == "Dying"):  # (the dying it brings)
                break
            entry = entry[2]
        if entry is None:
            r.marks.pop("death_cards")
        else:
            r.marks["death_cards"] = entry


def show_follows(fact: Fact) -> bool:
    """What a show brings: the side it fixes, the bonuses of a first full show."""
    t, d = fact.type, fact.data
    return t in ("KingdomDecided", "PairBonusChosen", "HalfFishChosen") or (
        t in ("CardsDrawn", "Healed") and d.get("reason") in ("perfect_pair", "half_fish"))


BEFORE.append(at_death)
DEATH_SKILLS.add("xingshang")  # before the death's show, victory check and reward


@judged("xingshang", triggered=True)
def xingshang(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """When another seat dies: take every card of its hand and equipment."""
    dead = r.marks.get("death_cards")
    while dead is not None and not (dead[0] != s and any(  # the latest death with cards
            c in r.table.out_of_play() for c in dead[1])):
        dead = dead[2]
    cards = [] if dead is None else [c for c in dead[1] if c in r.table.out_of_play()]
    if dead is None or dead[0] == s or not cards or r.alive[dead[0]]:
        r.broken(fact, "xingshang", f"seat {s} uses Xingshang with no other seat's death "
                 "leaving hand or equipment cards")
        return
    r.marks[("gain", s, "xingshang")] = cards
    r.marks[("gain_zone", s, "xingshang")] = "discard"
    r.owe(owed("xingshang", f"Xingshang: seat {s} takes {cards}",
               r.is_("CardsGained", seat=s, reason="xingshang")), first=True)


# --- Xiahou Yuan ---------------------------------------------------------------------------------
@judged("shensu", triggered=True)
def shensu(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """As its judgment phase would begin: skip it and the draw phase; or as its play phase
    would begin, discard an equipment card and skip it. Either way it counts as using a
    Kill (no card, any distance) on the seat named."""
    cards = list(d.get("cards") or [])
    t = target_of(r, fact, d, "shensu")
    first = not cards  # the first option: no card
    option = "shensu_1" if first else "shensu_2"
    if s != r.current or r.marks.get(option) or (
            first and (r.stage != "start" or r.marks.get("drew") or r.marks.get("judged")
                       or r.marks.get("skip_judgment"))) or (
            not first and (r.stage != "play" or r.skip_play)):
        phases = "judgment and draw phases" if first else "play phase"
        r.broken(fact, "shensu", f"seat {s} uses Shensu (its {phases}) where it may not (its "
                 "own turn, the phases not yet begun nor skipped, each option once)")
    r.marks[option] = True
    if not first:
        if len(cards) != 1 or KIND[cards[0]] != EQUIPMENT:
            r.broken(fact, "shensu", f"Shensu's play-phase option discards one equipment "
                     f"card; the record says {cards}")
        r.owns(fact, s, cards, (HAND, EQUIP), "discards for Shensu")
        r.skip_play = True
    else:
        r.marks["drew"] = r.marks["skip_draw"] = r.marks["skip_judgment"] = True
        r.stage = "play"  # no judgment, no draw: the play phase comes next
    if t is not None:
        r.marks["cardless"] = (s, "kill", "shensu", [t])
        r.owe(owed("shensu", f"Shensu: seat {s} counts as using a Kill on seat {t}",
                   r.is_("CardUsed", seat=s, via="shensu")), first=True)


def judgment_phase_begun(r: Any, fact: Fact) -> None:
    """A delayed card judged: the judgment phase is on (Shensu may no longer skip it)."""
    if fact.type == "Judged" and fact.data.get("reason") in ("indulgence", "lightning",
                                                               "supply_shortage"):
        r.marks["judged"] = True


BEFORE.append(judgment_phase_begun)


# --- Xiahou Dun -------------------------------------------------------------------------------
def owe_judgment(r: Any, s: int, sid: str) -> None:
    r.marks["judging"] = (s, sid)
    r.owe(owed(sid, f"{sid}: seat {s}'s judgment", r.is_("Judged", seat=s, reason=sid)),
          first=True)


@judged("ganglie_kw", triggered=True)
def ganglie(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """After damage: judge; not a heart, the source (another living seat) discards two
    hand cards or takes 1 damage from the owner."""
    hurt = on_damage(r, fact, s, "ganglie_kw")
    r.marks[("ganglie", s)] = None if hurt is None else hurt["src"]
    owe_judgment(r, s, "ganglie_kw")


def ganglie_result(r: Any, fact: Fact, s: int, card: int | None) -> bool:
    hit = card is not None and SUIT[card] != "H"
    src = r.marks.pop(("ganglie", s), None)
    if hit and src is not None and src != s and r.alive[src]:
        def two(cards: list[int]) -> bool:
            return len(cards) == 2 and len(set(cards)) == 2 and all(
                c in r.table.hands[src] for c in cards)

        def declined() -> None:
            if r.alive[s]:  # an owner dead by then deals nothing
                owe_damage(r, src, s, "ganglie_kw")

        owe_choice(r, s, src, "ganglie_kw", "ganglie", f"Ganglie: seat {src} discards two "
                   f"hand cards or takes 1 damage from seat {s}", two, declined)
    return hit


JUDGES["ganglie_kw"] = ganglie_result
NESTED_DAMAGE.add("ganglie_kw")


# --- Guo Jia ------------------------------------------------------------------------------------
@judged("tiandu", triggered=True)
def tiandu(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """After its own judgment: take the judgment card, still in the open."""
    j = r.marks.get("judgment")
    if j is None or j["seat"] != s or j.get("taken") or j["card"] is None or \
            j["card"] not in r.table.out_of_play():
        r.broken(fact, "tiandu", f"seat {s} uses Tiandu with no judgment card of its own in "
                 "the open")
        return
    j["taken"] = True
    r.table.hands[s].append(j["card"])


@judged("yiji", triggered=True)
def yiji(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """A point of damage: look at the top two cards and hand them out (itself too)."""
    on_damage(r, fact, s, "yiji", per_point=True)
    r.owe(r.owed_fact("yiji", f"Yiji: seat {s} looks at the top two cards",
                      r.is_("CardsPeeked", seat=s, reason="yiji")), first=True)


def yiji_peeked(r: Any, fact: Fact, d: dict[str, Any]) -> None:
    s, cards = r.seat(d["seat"]), list(d["cards"])
    if not r.claimed(fact) or cards != r.table.pile[:2] or len(cards) != 2:
        r.broken(fact, "yiji", f"seat {s} looks at {cards} for Yiji; the top two cards are "
                 f"{r.table.pile[:2]}{'' if r.claimed(fact) else ', and no Yiji is used'}")
    owe_gift(r, s, [c for c in cards if c in r.table.pile])


def owe_gift(r: Any, s: int, left: list[int]) -> None:
    r.marks[("yiji", s)] = left
    if left:
        r.owe(r.owed_fact("yiji", f"Yiji: seat {s} hands out {left}",
                          r.is_("CardsGiven", seat=s, reason="yiji")), first=True)


def yiji_given(r: Any, fact: Fact, d: dict[str, Any]) -> None:
    s, to, cards = r.seat(d["seat"]), r.seat(d["to"]), list(d["cards"])
    left = r.marks.get(("yiji", s)) or []
    if not r.claimed(fact) or not cards or len(set(cards)) != len(cards) or any(
            c not in left for c in cards) or not r.alive[to]:
        r.broken(fact, "yiji", f"Yiji hands out the cards looked at ({left}) to living "
                 f"seats; the record gives {cards} to seat {to}")
    for c in cards:
        if c in r.table.pile:
            r.table.pile.remove(c)
    r.table.hands[to] += cards
    owe_gift(r, s, [c for c in left if c not in cards])


on_reason("CardsPeeked", "yiji", yiji_peeked)
on_reason("CardsGiven", "yiji", yiji_given)


# --- Zhen Ji -------------------------------------------------------------------------------------
CONVERSIONS["qingguo"] = (("dodge", lambda c: not RED[c], (HAND,), False, True),)
conversion("qingguo")
START_SKILLS.add("luoshen_kw")


@judged("luoshen_kw", triggered=True)
def luoshen(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """At the start of its start phase: judge, and again while black; when it stops,
    take the run's black cards still in the open."""
    if s != r.current or r.stage != "start" or r.marks.get("drew") or \
            r.marks.get("luoshen_run") is not None:
        r.broken(fact, "luoshen_kw", f"seat {s} uses Luoshen outside the start of its own "
                 "start phase (once a turn)")
    r.marks["start_run"] = True  # its judgments come before the start-of-turn show
    r.marks["luoshen_run"] = []
    owe_judgment(r, s, "luoshen_kw")


def luoshen_result(r: Any, fact: Fact, s: int, card: int | None) -> bool:
    black = card is not None and not RED[card]
    if not black:
        luoshen_collects(r, s)
        return black
    # a new list: a retrial puts back the marks as they were (a shallow copy)
    r.marks["luoshen_run"] = [*(r.marks.get("luoshen_run") or []), card]

    def answered(f: Fact | None) -> None:
        if f is not None and f.type == "Accepted":
            owe_judgment(r, s, "luoshen_kw")
        else:
            luoshen_collects(r, s)

    r.owe(owed("luoshen_kw", f"Luoshen: seat {s} judges again or stops", lambda f: f.type in (
        "Accepted", "Declined") and f.data.get("seat") == s and f.data.get("ask") ==
        "luoshen_kw", answered), first=True)
    return black


def luoshen_collects(r: Any, s: int) -> None:
    r.marks.pop("start_run", None)
    free = r.table.out_of_play()
    kept = [c for c in r.marks.get("luoshen_run") or [] if c in free]
    if kept and r.alive[s]:
        r.marks[("gain", s, "luoshen_kw")] = kept
        r.owe(owed("luoshen_kw", f"Luoshen: seat {s} takes {kept}",
                   r.is_("CardsGained", seat=s, reason="luoshen_kw")), first=True)


JUDGES["luoshen_kw"] = luoshen_result


# --- Sima Yi -------------------------------------------------------------------------------------
TAKES_ANY.add("fankui")


@judged("fankui", triggered=True)
def fankui(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """After damage: take one card of its living source (a hand card unseen, or an
    equipment card; only equipment when it hurt itself)."""
    hurt = on_damage(r, fact, s, "fankui")
    src = None if hurt is None else hurt["src"]
    if src is None or not r.alive[src] or not (
            (src != s and r.table.hands[src]) or r.table.equipment(src)):
        r.broken(fact, "fankui", f"seat {s} uses Fankui with no living source holding a "
                 "card it may take")
        return
    r.marks[("take", s, "fankui")] = [src]

    def taken(f: Fact | None) -> None:
        if f is not None and src == s and f.data.get("area") == HAND:
            r.broken(f, "fankui", f"seat {s} hurt itself: Fankui takes only its equipment")

    r.owe(owed("fankui", f"Fankui: seat {s} takes a card of seat {src}", r.is_(
        "CardTaken", seat=s, source=src, reason="fankui"), taken), first=True)


@judged("guicai", triggered=True)
def guicai(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Before a judgment takes effect: a hand card replaces the judgment card."""
    cards = list(d.get("cards") or [])
    if len(cards) != 1:
        r.broken(fact, "guicai", f"Guicai plays one hand card in place of a judgment card "
                 f"in the open; the record says {cards}")
        return
    r.owns(fact, s, cards, (HAND,), "plays for Guicai")
    if r.retried(fact, cards[0]) is None:
        r.broken(fact, "guicai", f"Guicai plays one hand card in place of a judgment card "
                 f"in the open; seat {s} uses it with no judgment card in the open")


RETRIALS.add("guicai")
# (Tiandu takes the judgment card before its effect goes on: asked in the same time)
RETRIALS.add("tiandu")
