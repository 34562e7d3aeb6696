"""Wu's Kingdom Wars skills the referee judges beyond ``hegemony_wu``: Zhou Tai's Buqu
(``docs/rules/generals.md`` section 2.3).

Each skill registers with ``hegemony_skills.judged``; the referee imports this module
for that registration alone. Buqu came with rules 5 (``SINCE_5``: a rules-4 Zhou Tai
has no skill, and falls like anyone). As judged here, from the rules text and the
table's state:

* Buqu (triggered): whenever Zhou Tai's HP goes below 1 (damage or HP loss) he is asked
  before he would go dying; a hidden Zhou Tai is asked too (using it shows him first,
  with the show's side, bonuses and victory check before the use). Used, the cards the
  pile's top gives are set aside on his general as **wounds** (``WoundsTaken``) until he
  has 1 − HP of them. While he is shown with Buqu, holds the wounds his HP calls for
  and no two share a number, he does not go dying (``survives``); otherwise he goes
  dying as usual, and after the round of Peaches he lives on (``Rescued`` at 0 HP or
  less) if his wounds then all differ.
* Buqu's second half (``buqu_wounds``, compulsory, recorded unasked): whenever he heals
  with more wounds than 1 − HP, he discards wounds of his choice down to 1 − HP (every
  one at 1 HP or more: ``WoundsDiscarded``).
* The wounds are an area of their own (``Table.wounds``): public, out of the pile and of
  the discard pile, his with his other cards at his death. A Zhou Tai whose Buqu no
  longer counts (Qingcheng hid him again, Duanchang took the skill) puts them in the
  discard pile with that event and, at 0 HP or less, goes dying at once.
* At 0 HP or less his hand limit in the discard phase is 0 (``hegemony``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.audit import Fact
from domain.referee.hegemony_skills import AFTER, BEFORE, HOOKS, handles, judged
from domain.sanguosha.cards import NUMBER

BUQU, WOUNDS = "buqu", "buqu_wounds"


def _owed(rule: str, what: str, match: Callable[[Fact], bool],
          then: Callable[[Fact | None], None] | None = None) -> Any:
    from domain.referee.hegemony import Owed  # the referee's own: no cycle at import

    return Owed(rule, what, match, then)


def needed(r: Any, s: int) -> int:
    """How many wounds the seat's HP calls for: 1 − HP (none at 1 HP or more)."""
    return max(0, 1 - int(r.hp[s]))


def differ(cards: list[int]) -> bool:
    """No two of the cards share a number."""
    return len({NUMBER[c] for c in cards}) == len(cards)


def survives(r: Any, s: int) -> bool:
    """Buqu holds: Zhou Tai (shown, with the skill) alive with the wounds his HP calls
    for, no two of one number."""
    w = r.table.wounds[s]
    return bool(r.alive[s]) and r.active(s, BUQU) and len(w) >= needed(r, s) and differ(w)


HOOKS["survives"] = survives


# --- the fall below 1 HP: Buqu asked before the dying ----------------------------------------
def _seat(r: Any, fact: Fact) -> int | None:
    s = fact.data.get("seat")
    return s if isinstance(s, int) and 0 <= s < r.n else None


def fell(r: Any, fact: Fact) -> None:
    """Damage or HP loss took an owner of Buqu below 1 HP: before the dying the rules
    owe, Buqu is asked (used, or declined; a hidden general shown for it)."""
    if fact.type not in ("Damaged", "NatureDamaged", "HpLost"):
        return
    s = _seat(r, fact)
    if s is None or not r.alive[s] or r.hp[s] >= 1 or not r.owns_skill(s, BUQU):
        return
    probe = Fact(fact.version, "Dying", {"seat": s, "source": fact.data.get("source")})
    at = next((i for i, o in enumerate(r.owed) if o.rule == "dying"
               and o.match is not None and o.match(probe)), None)
    if at is None:
        return
    r.marks[("buqu_dying", s)] = r.owed[at]

    def asked(f: Fact) -> bool:
        d = f.data
        return d.get("seat") == s and (
            (f.type == "SkillUsed" and d.get("skill") == BUQU)
            or (f.type == "Declined" and d.get("ask") == "skill")
            or (f.type == "GeneralsShown" and d.get("reason") == "skill"
                and (d.get("then") or {}).get("skill") == BUQU))

    def answered(f: Fact | None) -> None:
        if f is None:
            return
        r.claim(f)
        if f.type == "Declined":
            settled(r, s)
        elif f.type == "GeneralsShown":  # the use follows the show's side and bonuses
            r.owe(_owed(BUQU, f"seat {s} showed Zhou Tai for Buqu: its use",
                        r.is_("SkillUsed", seat=s, skill=BUQU), used_now), first=True)
        else:
            r.marks[("buqu", s)] = True

    def used_now(f: Fact | None) -> None:
        r.claim(f)
        r.marks[("buqu", s)] = True

    r.owed.insert(at, _owed(BUQU, f"seat {s} at {r.hp[s]} HP: its Buqu asked before it "
                            "goes dying (used or declined)", asked, answered))


AFTER.append(fell)


def settled(r: Any, s: int) -> None:
    """Buqu's moment is over: no dying if Buqu holds (or HP is back to 1 or more)."""
    dying = r.marks.pop(("buqu_dying", s), None)
    if dying is not None and (r.hp[s] >= 1 or survives(r, s)):
        r.owed = [o for o in r.owed if o is not dying]


@judged(BUQU, triggered=True)
def buqu(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Asked as its HP went below 1: wounds from the pile's top until 1 − HP."""
    if not r.marks.pop(("buqu", s), False):
        r.broken(fact, BUQU, f"seat {s} uses Buqu, but its HP did not just go below 1")
        return
    n = needed(r, s) - len(r.table.wounds[s])
    if n <= 0:
        settled(r, s)
        return
    r.marks[("wounds", s)] = n
    r.owe(_owed(BUQU, f"Buqu: seat {s} sets the pile's top {n} card(s) aside as wounds",
                r.is_("WoundsTaken", seat=s, reason=BUQU), r.claim), first=True)


@handles("WoundsTaken")
def wounds_taken(r: Any, fact: Fact, d: dict[str, Any]) -> None:
    """The pile's top cards, as many as Buqu owes, set aside face up on the general."""
    s, cards = r.seat(d["seat"]), list(d["cards"])
    n = r.marks.pop(("wounds", s), None)
    if n is None or d.get("reason") != BUQU or not r.claimed(fact):
        r.broken(fact, BUQU, f"seat {s} sets {cards} aside as wounds, which no Buqu in use "
                 "calls for")
    elif len(cards) != n:
        r.broken(fact, BUQU, f"Buqu: seat {s} at {r.hp[s]} HP with "
                 f"{len(r.table.wounds[s])} wound(s) sets {n} more aside (until 1 − HP); "
                 f"the record sets {len(cards)}")
    if not r.table.from_top(cards):
        r.broken(fact, "card-source", f"seat {s}'s wounds {cards} are not the top of the "
                 "draw pile")
    r.table.wounds[s] += cards
    if n is not None:
        settled(r, s)


# --- healing: the wounds discarded down to 1 − HP ---------------------------------------------
def healed(r: Any, fact: Fact) -> None:
    """A heal (a Peach on the dying too) of a shown Zhou Tai with more wounds than his
    HP calls for: Buqu's compulsory half is owed at once."""
    d = fact.data
    if fact.type == "Healed":
        s = _seat(r, fact)
    elif fact.type == "Responded" and d.get("ask") == "peach" and r.dying is not None:
        s = r.dying[0]
    else:
        return
    if s is None or not r.alive[s] or not r.active(s, BUQU):
        return
    extra = len(r.table.wounds[s]) - needed(r, s)
    if extra <= 0:
        return
    every = needed(r, s) == 0

    def used_now(f: Fact | None) -> None:
        r.claim(f)
        r.marks[("wounds_off", s)] = (extra, every)

    r.owe(_owed(WOUNDS, f"Buqu: seat {s} healed with {len(r.table.wounds[s])} wounds at "
                f"{r.hp[s]} HP: its wounds go down to 1 − HP",
                r.is_("SkillUsed", seat=s, skill=WOUNDS), used_now),
          _owed(WOUNDS, f"Buqu: seat {s} discards {extra} wound(s)",
                r.is_("WoundsDiscarded", seat=s, reason=WOUNDS), r.claim), first=True)


AFTER.append(healed)


@judged(WOUNDS)
def buqu_wounds(r: Any, fact: Fact, s: int, d: dict[str, Any]) -> None:
    """Compulsory, recorded unasked: only right after a heal that leaves extra wounds."""
    if ("wounds_off", s) not in r.marks:
        r.broken(fact, WOUNDS, f"seat {s} uses Buqu's discard of wounds, but no heal "
                 "left it more wounds than 1 − HP")


@handles("WoundsDiscarded")
def wounds_discarded(r: Any, fact: Fact, d: dict[str, Any]) -> None:
    """Wounds of the owner's choice, as many as exceed 1 − HP (all at 1 HP or more)."""
    s, cards = r.seat(d["seat"]), list(d["cards"])
    owed = r.marks.pop(("wounds_off", s), None)
    mine = r.table.wounds[s]
    if owed is None or d.get("reason") != WOUNDS:
        r.broken(fact, WOUNDS, f"seat {s} discards the wounds {cards}, which no heal calls "
                 "for")
    else:
        n, every = owed
        if len(cards) != n or len(set(cards)) != n or (every and sorted(cards) != sorted(mine)):
            r.broken(fact, WOUNDS, f"Buqu: seat {s} at {r.hp[s]} HP keeps {needed(r, s)} of "
                     f"its wounds {mine}: it discards {n}; the record discards {cards}")
    for c in cards:
        if c in mine:
            mine.remove(c)
        else:
            r.broken(fact, "card-owner", f"card {c} is not one of seat {s}'s wounds {mine}")


# --- Buqu's checks where a seat would go dying, live on, or die --------------------------------
def at_dying(r: Any, fact: Fact) -> None:
    """Where the record has Zhou Tai go dying, live on at 0 HP or less, or die: Buqu's
    wounds decide (the dying and the death are named, the survival is let through)."""
    if fact.type not in ("Dying", "Died", "Rescued"):
        return
    s = _seat(r, fact)
    if s is None or r.rules < 5:
        return
    w = r.table.wounds[s]
    if fact.type == "Dying" and r.hp[s] <= 0 and survives(r, s):
        r.broken(fact, BUQU, f"seat {s} goes dying, but its Buqu holds: {len(w)} wound(s) "
                 f"{w} at {r.hp[s]} HP, no two of one number")
    elif fact.type == "Died" and r.hp[s] <= 0 and survives(r, s):
        r.broken(fact, BUQU, f"seat {s} dies, but after the Peaches its wounds {w} all "
                 f"differ and number 1 − HP ({needed(r, s)}): Buqu keeps it in the game")
    elif fact.type == "Rescued" and r.hp[s] < 1 and survives(r, s):
        everyone = bool(r.options.get("ask_everyone"))
        unasked = [x for x in range(r.n) if r.alive[x] and x not in r.asked_for_peach
                   and (everyone or (r.can_answer(x, "peach") and not r.peach_barred(x, s)))]
        if unasked:
            r.broken(fact, BUQU, f"seat {s} lives on at {r.hp[s]} HP by Buqu, but seats "
                     f"{unasked} were never asked for a Peach")


BEFORE.append(at_dying)


def orphaned(r: Any, fact: Fact) -> None:
    """Zhou Tai hidden again (Qingcheng) or without the skill (Duanchang): no skill holds
    the wounds; they go to the discard pile and at 0 HP or less he goes dying at once."""
    if fact.type not in ("GeneralHidden", "SkillsLost"):
        return
    s = _seat(r, fact)
    if s is None or not r.table.wounds[s] or r.active(s, BUQU):
        return
    r.table.wounds[s] = []
    if r.alive[s] and r.hp[s] <= 0:
        # what was owed already (a death's victory check and reward, after Duanchang)
        # waits for this dying and its window, up to his rescue or death
        for o in r.owed:
            o.hold = _dying_first(r, s, o.hold)
        r.owe(_owed("dying", f"seat {s} at {r.hp[s]} HP lost Buqu's wounds: its dying",
                    r.is_("Dying", seat=s, source=None)), first=True)


def _dying_first(r: Any, s: int, old: Callable[[Fact], bool] | None
                 ) -> Callable[[Fact], bool]:
    """A hold: while seat ``s`` is dying (its death too), or what held before."""
    def held(f: Fact) -> bool:
        return (r.dying is not None and r.dying[0] == s) or (old is not None and old(f))
    return held


AFTER.append(orphaned)
