"""The Kingdom Wars deck's own cards as the referee judges them (docs/rules/kingdom-wars-deck.md).

A second implementation, written from the rules page, of what the deck adds to the shared
rules: Fire and Thunder Kills and nature damage, Wine, Iron Chain (chains and recasting),
Fire Attack, Supply Shortage, Await Exhausted, Known Both, Befriend Attacking, the Kingdom
Nullification (a Nullification, or "all": see ``on_NullificationWidened``), and the Feather
Fan, Six Swords, Triblade, Vine and Silver Lion. ``DeckRules`` is mixed into the Kingdom
Wars ``Referee``: its ``on_*`` handlers read the deck's own events, and the referee calls
its hooks where a shared rule (a target, an answer, a damage's amount) depends on the deck.

Damage amounts: a card deals 1, a source's skill may add (``SkillRules.damage_bonus``),
and a Kill 1 more for each Wine drunk before it this turn; then the victim's armor (unless
the Kill's user wields the Qinggang Sword): the Vine stops plain Kills, Barbarian Invasion
and Arrow Barrage (none of their damage is due) and adds 1 to fire damage, the Silver Lion
makes any damage above 1 just 1. A chained victim of fire or
thunder damage that did not come down a chain is unchained, and once that damage's own
consequences are over (dying, death) every other chained living seat, from the seat on
turn, takes the amount it took (each one's own armor acting again) and is unchained.
"""

from __future__ import annotations

from typing import Any

from domain.audit import Fact
from domain.referee.hegemony_area import area_over, reached, window_on
from domain.referee.hegemony_deck import DECK_IDS, KINGDOM_WARS, deck_of
from domain.referee.hegemony_skills import INTERJECTS, SkillRules
from domain.referee.hegemony_table import EQUIP, HAND, Table
from domain.sanguosha.cards import NAME, NATURE, SUIT

KILL, PEACH, WINE = "kill", "peach", "wine"
NULLIFICATION, KINGDOM_NULL = "nullification", "kingdom_nullification"
IRON_CHAIN, FIRE_ATTACK, KNOWN_BOTH = "iron_chain", "fire_attack", "known_both"
AWAIT, BEFRIEND, SUPPLY = "await_exhausted", "befriend_attacking", "supply_shortage"
FEATHER_FAN, SIX_SWORDS, TRIBLADE = "feather_fan", "six_swords", "triblade"
VINE, SILVER_LION, QINGGANG = "vine", "silver_lion", "qinggang_sword"
BARBARIANS, ARROWS = "barbarian_invasion", "arrow_barrage"
PEACH_GARDEN, GRACE = "peach_garden", "amazing_grace"
NORMAL, FIRE, THUNDER = "normal", "fire", "thunder"
CAREERIST = "careerist"
#: cards whose targets this module judges
DECK_CARDS = frozenset({WINE, IRON_CHAIN, FIRE_ATTACK, KNOWN_BOTH, AWAIT, BEFRIEND, SUPPLY})
#: tricks with a Nullification window per target
WINDOWED = frozenset({IRON_CHAIN, FIRE_ATTACK, KNOWN_BOTH, AWAIT, BEFRIEND})
RECASTABLE = frozenset({IRON_CHAIN, KNOWN_BOTH})
#: the deck's draws and discards, by their reason
DECK_DRAWS = frozenset({"recast", AWAIT, BEFRIEND})
DECK_DISCARDS = frozenset({FIRE_ATTACK, "await_discard"})
#: the asks of the deck's cards and weapons
DECK_ASKS = frozenset({FIRE_ATTACK, "feather_fan", TRIBLADE})
#: tricks that take their targets in turn: a Kingdom Nullification may spare a kingdom's
WIDE = frozenset({BARBARIANS, ARROWS, PEACH_GARDEN, GRACE, IRON_CHAIN, AWAIT})
KINGDOM_RULE = "kingdom-nullification"


def cost_skill_first(r: Any, fact: Fact) -> bool:
    """A skill on the Triblade's cost going to the discard pile (Lirang, rules 5) is asked
    before the Triblade's damage (the engine asks it above the weapon's frame): its facts
    come before what the Triblade owes."""
    d = fact.data
    due = bool(r.owed) and r.owed[0].rule == "triblade"
    return due and ((fact.type, d.get("skill")) == ("SkillUsed", "lirang") or (
        fact.type, d.get("reason")) == ("CardsGained", "lirang") or (
        fact.type, d.get("ask")) in (("Declined", "lirang"), ("Declined", "skill")))


INTERJECTS.append(cost_skill_first)


class DeckRules:
    """What the Kingdom Wars deck adds to the referee (mixed into ``Referee``)."""

    # the referee's state this mixin reads (set by ``Referee``)
    n: int
    table: Table
    options: dict[str, Any]
    alive: list[bool]
    hp: list[int]
    max_hp: list[int]
    side: list[str | None]
    shown: list[list[bool]]
    generals: list[list[str]]
    current: int
    stage: str
    uses: list[Any]
    dying: tuple[int, int | None] | None
    decided: tuple[dict[str, Any], int] | None
    marks: dict[Any, Any]
    rules: int

    # --- setup ----------------------------------------------------------------------
    def deck_started(self) -> None:
        """A table's deck, from its options; the deck's own state, all clear."""
        self.kw = deck_of(self.options) == KINGDOM_WARS
        self.table = Table(self.n, DECK_IDS[deck_of(self.options)])
        self.chained = [False] * self.n
        self.drank = 0  # Wine drunk this turn, waiting for the next Kill
        self.wine_turn = False  # a Wine was drunk in this turn's play phase
        self.skip_draw = False  # a Supply Shortage took effect this turn
        self.chain: dict[str, Any] | None = None  # chain damage owed (the first damage's)
        self.lions: list[int | None] = [None] * self.n
        self.nwin = self.fresh_window()  # the Nullification window open now, if any

    # --- the walk's hooks -------------------------------------------------------------
    def deck_before(self, fact: Fact) -> None:
        """Before a fact: the turn's marks, a skipped draw phase, chain damage still due."""
        t, d = fact.type, fact.data
        if t == "Started" or not self.n:
            return
        if not self.window_part(fact):
            self.window_closed()
        area_over(self, fact)
        if t == "TurnStarted":
            self.drank, self.wine_turn, self.skip_draw = 0, False, False
            self.chain = None
        # after a Supply Shortage's judgment, a decision of the seat on turn is of its play
        # phase (or of its draw phase's start, which a skill may still use: as after Tuxi)
        plays = (t == "CardUsed" and d.get("via") == "play") or t in (
            "CardRecast", "PhaseChanged", "SkillUsed") or (t, d.get("reason")) == (
            "GeneralsShown", "play") or (t, d.get("ask")) == ("Declined", "skill")
        plays = plays and not self.retrying(fact)  # (a retrial's ask is no decision)
        if plays and self.stage == "start" and self.skip_draw and d.get("seat") == self.current:
            self.stage = "play"  # the draw phase was skipped (Supply Shortage)
            self.marks["drew"] = self.marks["skip_draw"] = True
        if self.decided is not None:
            self.chain = None  # the game is over: nothing more comes down the chain
        if self.chain is not None and not (t == "NatureDamaged" and d.get("chain")):
            due = self.chain_victim()
            # (skills on a chained seat's damage come between: they are no decision here)
            decision = t in ("CardUsed", "PhaseChanged", "TurnEnded", "TurnStarted",
                             "CardRecast", "GameEnded") or (
                t in ("Declined", "Accepted") and d.get("ask") in DECK_ASKS)
            if due is None:
                self.chain = None
            elif decision and self.dying is None:
                self.broken(fact, "chain", f"seat {due} is chained: the {self.chain['nature']}"
                            f" damage should have come down the chain to it before "
                            f"{fact.type}")
                self.chain = None

    def deck_after(self, fact: Fact) -> None:
        """After a fact: a Silver Lion that left its wearer heals it (once, if wounded)."""
        if not self.n:
            return
        for s in range(self.n):
            worn = self.table.equip[s][1]
            lion = worn if worn is not None and NAME[worn] == SILVER_LION else None
            if self.lions[s] is not None and lion != self.lions[s] and self.alive[s] \
                    and self.hp[s] < self.max_hp[s]:
                self.owe(self.owed_fact("silver-lion", f"seat {s}'s Silver Lion left its "
                                        "equipment: it heals 1",
                                        self.is_("Healed", seat=s, reason=SILVER_LION)),
                         first=True)
            self.lions[s] = lion
        if self.stage == "between":
            self.chain = None

    # --- sides ------------------------------------------------------------------------
    def same_side(self, a: int, b: int) -> bool:
        """Both shown, neither a careerist, one kingdom."""
        side = self.side[a]
        return side is not None and side == self.side[b] and not side.startswith(CAREERIST)

    def reach_of(self, seat: int) -> int:
        """Attack range, and 1 more while another living seat of its side wields the Six
        Swords (read when the range is computed)."""
        bonus = any(o != seat and self.alive[o] and self.same_side(o, seat)
                    and self.table.weapon(o) == SIX_SWORDS for o in range(self.n))
        return self.table.reach(seat) + (1 if self.kw and bonus else 0)

    # --- using the deck's cards ---------------------------------------------------------
    def deck_targets(self, s: int, name: str, targets: list[int]) -> str:
        """Who the deck's cards may be used on ("" when the targets are lawful)."""
        t, alive = self.table, self.alive
        others = [x for x in range(self.n) if x != s and alive[x]]
        if name == WINE:
            if targets != [s]:
                return "the user only"
            return "" if not self.wine_turn else "the user, once a turn (a Wine was drunk)"
        if name == IRON_CHAIN:
            ok = 1 <= len(targets) <= 2 and len(set(targets)) == len(targets) and all(
                alive[x] for x in targets)
            return "" if ok else "one or two living seats"
        x = targets[0] if len(targets) == 1 else -1  # the one target, if one
        if name == FIRE_ATTACK:
            if x < 0 or not alive[x] or not t.hands[x]:
                return "one living seat with hand cards"
            return "" if x != s or t.hands[s] else "the user only with a hand card left"
        if name == KNOWN_BOTH:
            ok = x in others and bool(t.hands[x] or not all(self.shown[x]))
            return "" if ok else "one other seat with hand cards or a hidden general"
        if name == AWAIT:
            want = [o for o in self.order(s) if o == s or (alive[o] and self.same_side(s, o))]
            return "" if targets == want else "the user and its side, in seat order"
        if name == BEFRIEND:
            ok = (any(self.shown[s]) and x in others and any(self.shown[x])
                  and not self.same_side(s, x))
            return "" if ok else "a shown seat not on the (shown) user's side"
        if name == SUPPLY:
            if x not in others or (self.dist(s, x) > self.supply_range(s)
                                   and not self.trick_unlimited(s)):
                return "one other seat at distance 1 (any distance with Qicai)"
            return "" if all(self.as_name(j) != SUPPLY for j in t.judging[x]) else \
                "a seat with no Supply Shortage in its judgment area"
        return "nobody"

    def deck_used(self, s: int, name: str, cards: list[int], use: Any) -> None:
        """A card of the deck used: Wine is drunk; a Kill takes its nature and the Wine."""
        if not self.kw:
            return
        if name == WINE:
            self.wine_turn = True
            self.drank += 1
        elif name == KILL and use is not None:
            use.extra["nature"] = NATURE[cards[0]] if len(cards) == 1 else NORMAL
            use.extra["drank"], self.drank = self.drank, 0

    def on_CardRecast(self, fact: Fact, d: dict[str, Any]) -> None:
        s, c = self.seat(d["seat"]), d["card"]
        recastable = NAME[c] in RECASTABLE or self.skill_recast(s, c)
        if s != self.current or self.stage != "play" or not recastable:
            self.broken(fact, "recast", f"seat {s} recasts card {c} ({NAME[c]}): only an Iron "
                        "Chain or a Known Both, in its own play phase")
        self.owns(fact, s, [c], (HAND,), "recasts")
        self.owe(self.owed_fact("recast", f"seat {s}'s recast: a draw of 1",
                                self.is_("CardsDrawn", seat=s, reason="recast")), first=True)

    # --- the answers --------------------------------------------------------------------
    def answers_with(self, s: int, ask: str, cards: list[int], name: str) -> bool:
        """Whether the card answers the ask: a Kingdom Nullification nullifies; a dying seat
        may save itself with a Wine."""
        if len(cards) != 1:
            return False
        card = NAME[cards[0]]
        if ask == "nullify":
            return name == NULLIFICATION and card in (NULLIFICATION, KINGDOM_NULL)
        if ask == "peach" and card == WINE and self.kw:
            return name == WINE and self.dying is not None and self.dying[0] == s
        want = {"dodge": "dodge", "kill": KILL, "peach": PEACH}.get(ask)
        return card == want and name == want

    def can_answer(self, s: int, ask: str) -> bool:
        """Whether the seat holds a card that answers a Nullification or Peach window."""
        held = {NAME[c] for c in self.table.hands[s]}
        if ask == "nullify":
            return bool(held & {NULLIFICATION, KINGDOM_NULL}) or self.skill_answers(s, ask)
        own_wine = self.dying is not None and self.dying[0] == s and WINE in held
        return PEACH in held or own_wine or self.skill_answers(s, ask)

    # --- damage ---------------------------------------------------------------------------
    def armored(self, s: int, amount: int, nature: str) -> int:
        """What the victim's armor makes of a damage: Vine +1 fire, Silver Lion at most 1."""
        armor = self.table.armor(s) if self.kw else None
        if armor == VINE and nature == FIRE:
            return amount + 1
        if armor == SILVER_LION and amount > 1:
            return 1
        return amount

    def card_damage(self, s: int, src: Any, u: Any, reason: str, nature: str) -> int:
        """A card's damage to a seat: 1, its source's skill bonus (``damage_bonus``), a
        Kill's Wine; then the armor (not past a Kill's Qinggang Sword)."""
        if u is None:
            return 1
        n = 1 + self.damage_bonus(src, reason) + int(u.extra.get("drank", 0))
        n = max(0, n - self.damage_cut(s, src))  # the victim's skill (Mingshi)
        if n == 0:
            return 0  # prevented: no armor acts
        past = reason == KILL and self.table.weapon(u.user) == QINGGANG
        if reason == KILL:
            u.extra.setdefault("hurt_by_kill", {})[s] = True
        if self.kw and self.table.armor(s) == VINE and not past and (
                reason in (BARBARIANS, ARROWS) or (reason == KILL and nature == NORMAL)):
            return 0  # the Vine: the card has no effect on its wearer
        return n if past else self.armored(s, n, nature)

    def card_damage_to(self, s: int, m: int, src: Any, u: Any, reason: str,
                       nature: str) -> int:
        """A card's damage meant for ``m`` and dealt to ``s`` (Tianxiang moved it): what
        ``m`` was about to take (the bonus, the Wine), less what ``s``'s skills cut,
        through ``s``'s armor (``s`` is no target of the card: no Vine stops it, no
        Qinggang Sword passes its armor)."""
        if m == s or u is None:
            return self.card_damage(s, src, u, reason, nature)
        n = 1 + self.damage_bonus(src, reason) + int(u.extra.get("drank", 0))
        n = max(0, n - self.damage_cut(s, src))
        return self.armored(s, n, nature) if n else 0

    def moved_chain(self, fact: Fact, s: int, src: Any, n: int, reason: str, nature: str,
                    cards: list[int]) -> bool:
        """The chain's damage due to a seat whose Tianxiang moved it to ``s`` (recorded
        plain under rules 6 and before): that seat is passed, still chained, and ``s``
        takes the chain's amount through its own armor. False: no chain damage moved."""
        m = self.meant_for(s)
        if m == s or self.chain is None or self.chain_victim() != m:
            return False
        c = self.chain
        c["done"].add(m)
        cut = max(0, c["amount"] - self.damage_cut(s, src))
        amount = self.armored(s, cut, nature) if cut else 0
        self.expect(fact, f"seat {s}'s chain damage moved from seat {m}",
                    (amount, c["source"], c["reason"], c["cards"]), (n, src, reason, cards),
                    "chain", f"the chain brings seat {m}'s {amount} damage from "
                    f"{c['source']} ({c['reason']}) to seat {s}, the record says {n} from "
                    f"{src} ({reason})")
        return True

    def meant_for(self, s: int) -> int:
        return SkillRules.meant_for(self, s)  # type: ignore[arg-type]

    def nature_of(self, u: Any) -> str:
        return str(u.extra.get("nature", NORMAL)) if u is not None else NORMAL

    def on_NatureDamaged(self, fact: Fact, d: dict[str, Any]) -> None:
        s, src, n, reason = self.seat(d["seat"]), d["source"], d["amount"], d["reason"]
        nature, chain = d["nature"], bool(d["chain"])
        self.alive_or_broken(fact, s, "is damaged")
        if nature not in (FIRE, THUNDER) or not (
                self.kw or reason == FIRE_ATTACK or self.skill_nature(reason)):
            self.broken(fact, "damage", f"{nature} damage: only the Kingdom Wars deck deals "
                        "fire or thunder damage (and a Fire Attack a skill made)")
        if self.meant_for(s) != s and self.rules < 7:
            self.broken(fact, "damage", f"seat {s} takes {nature} damage Tianxiang moved "
                        "on: under rules 6 and before a moved damage was dealt plain")
        if chain:
            self.chain_damage(fact, s, src, n, reason, nature, list(d["cards"]))
        elif reason == "lightning":
            want = self.armored(s, 3, THUNDER)
            ok = src is None and nature == THUNDER and self.claimed(fact)
            self.expect(fact, f"seat {s}'s Lightning damage", want, n, "damage",
                        f"the Lightning deals {want} thunder damage to seat {s}, the record "
                        f"says {n}")
            if not ok:
                self.broken(fact, "damage", f"seat {s} takes Lightning damage no Lightning "
                            "judgment called for")
        elif self.skill_nature(reason):  # a skill's thunder (Leiji): its amount owed
            if not self.skill_damage(fact, self.meant_for(s), src, n, reason):
                self.broken(fact, "damage", f"seat {s} takes {n} {nature} {reason} damage "
                            f"from {src}, which no skill in use deals")
        else:  # (``m``: the seat it was meant for, when Tianxiang moved it to ``s``)
            u, m = self.use_of(reason), self.meant_for(s)
            ok = u is not None and src == u.user and m in u.targets and \
                list(d["cards"]) == u.cards
            if reason == KILL and ok:
                want_nature = self.nature_of(u)
                want = self.card_damage_to(s, m, src, u, KILL, want_nature)
                ok = m in u.extra.get("hit", set())
                u.extra.get("hit", set()).discard(m)
            elif reason == FIRE_ATTACK and ok:
                want_nature, want = FIRE, self.card_damage_to(s, m, src, u, FIRE_ATTACK, FIRE)
                ok = u.extra.get("paid") is True
                u.extra["paid"] = False
            else:
                want_nature, want, ok = nature, n, False
            if not ok:
                self.broken(fact, "damage", f"seat {s} takes {n} {nature} {reason} damage "
                            f"from {src}, which no card in play deals")
            self.expect(fact, f"seat {s}'s {reason} damage", (want, want_nature), (n, nature),
                        "damage", f"the {reason} deals {want} {want_nature} damage to seat "
                        f"{s}, the record says {n} {nature}")
        if self.chained[s]:
            self.chained[s] = False
            if not chain:
                self.chain = {"source": src, "amount": n, "nature": nature, "reason": reason,
                              "cards": list(d["cards"]), "done": {s}}
        self.hurt(fact, s, src, n)

    def chain_victim(self) -> int | None:
        """The next seat the chain reaches: chained and living, from the seat on turn."""
        if self.chain is None:
            return None
        for x in self.order(max(self.current, 0)):
            if x not in self.chain["done"] and self.alive[x] and self.chained[x]:
                return x
        return None

    def chain_damage(self, fact: Fact, s: int, src: Any, n: int, reason: str, nature: str,
                     cards: list[int]) -> None:
        c, want = self.chain, self.chain_victim()
        if c is None or want is None:
            self.broken(fact, "chain", f"seat {s} takes chain damage, but no chained damage "
                        "is spreading")
            return
        m = self.meant_for(s)  # (rules 7: Tianxiang moved it on, still the chain's)
        if m != want:
            self.broken(fact, "chain", f"the chain reaches seat {want} next, the record says "
                        f"seat {s}")
        c["done"].add(m)
        cut = max(0, c["amount"] - self.damage_cut(s, src))
        amount = self.armored(s, cut, nature) if cut else 0
        self.expect(fact, f"seat {s}'s chain damage", (amount, c["nature"], c["source"],
                                                       c["reason"], c["cards"]),
                    (n, nature, src, reason, cards), "chain",
                    f"the chain brings seat {s} {amount} {c['nature']} damage from "
                    f"{c['source']} ({c['reason']}), the record says {n} {nature} from {src} "
                    f"({reason})")

    # --- the Kill and its weapons and armor ----------------------------------------------
    def deck_kill_blocked(self, s: int, src: int, armor: int) -> bool:
        """The Vine stops a plain Kill (not a Qinggang Sword's)."""
        u = self.use_of(KILL)
        return (u is not None and u.user == src and s in u.targets and NAME[armor] == VINE
                and self.table.equip[s][1] == armor and self.nature_of(u) == NORMAL
                and self.table.weapon(src) != QINGGANG)

    def on_EffectBlocked(self, fact: Fact, d: dict[str, Any]) -> None:
        s, src, armor, name = self.seat(d["seat"]), d["source"], d["armor"], d["name"]
        u = self.use_of(name)
        self.spared(fact, u, s)
        if (name not in (BARBARIANS, ARROWS) or u is None or u.user != src
                or s not in u.targets or self.table.equip[s][1] != armor
                or NAME[armor] != VINE):
            self.broken(fact, "card-effect", f"seat {s}'s armor stops {name}, which it cannot "
                        "stop (the Vine stops Barbarian Invasion and Arrow Barrage)")

    def deck_answering(self, s: int, ask: str) -> str:
        """Why the seat cannot be asked this deck ask ("" when it can)."""
        if ask == "feather_fan":
            u = self.use_of(KILL)
            ok = (u is not None and u.user == s and self.table.weapon(s) == FEATHER_FAN
                  and self.nature_of(u) == NORMAL)
            return "" if ok else "it uses no plain Kill with a Feather Fan"
        if ask == TRIBLADE:
            u = self.use_of(KILL)
            ok = u is not None and u.user == s and self.table.weapon(s) == TRIBLADE
            return "" if ok else "it uses no Kill with a Triblade"
        if ask == FIRE_ATTACK:
            u = self.use_of(FIRE_ATTACK)
            ok = u is not None and u.user == s and u.extra.get("shown") is not None
            return "" if ok else "it uses no Fire Attack whose target showed a card"
        return ""

    def deck_accepted(self, s: int, ask: str) -> None:
        if ask == "feather_fan":
            u = self.use_of(KILL)
            if u is not None:
                u.extra["nature"] = FIRE

    def on_SkillUsed(self, fact: Fact, d: dict[str, Any]) -> None:
        """The Triblade is used as a skill is (``SkillUsed``); the generals' skills are
        ``hegemony_skills``'."""
        if d.get("skill") != TRIBLADE:
            SkillRules.on_SkillUsed(self, fact, d)  # type: ignore[arg-type]
            return
        s = self.seat(d["seat"])
        why = self.deck_answering(s, TRIBLADE)
        u = self.use_of(KILL)
        cards, victims = list(d["cards"]), list(d["targets"])
        if not why and u is not None:
            # the target the Kill just hurt (a Kill of several: Duanbing's, Tianyi's)
            hurt = self.marks.get("hurt") or (None, None, None)
            tg = hurt[0] if hurt[1:] == (u.user, KILL) and hurt[0] in u.targets \
                else u.targets[0]
            ring = [x for x in range(self.n) if self.alive[x] and x not in (s, tg)
                    and self.dist(tg, x) == 1]
            if len(cards) != 1 or len(victims) != 1 or victims[0] not in ring:
                why = f"it pays one hand card for one seat at distance 1 from seat {tg}"
            elif not self.alive[tg] or not u.extra.get("hurt_by_kill", {}).get(tg):
                why = f"its Kill dealt no damage to seat {tg}, still alive"
        if why:
            self.broken(fact, "card-effect", f"seat {s} uses the Triblade, but {why}")
        self.owns(fact, s, cards, (HAND,), "pays the Triblade with")
        if victims:
            self.owe(self.owed_fact("triblade", f"seat {s}'s Triblade: 1 damage to seat "
                                    f"{victims[0]}", self.is_(
                                        "Damaged", seat=victims[0], source=s, amount=1,
                                        reason=TRIBLADE)), first=True)

    # --- the tricks' effects ----------------------------------------------------------------
    def on_ChainToggled(self, fact: Fact, d: dict[str, Any]) -> None:
        s = self.seat(d["seat"])
        if self.skill_unchains(s, d["chained"]):  # (Niepan)
            self.chained[s] = False
            return
        u = self.use_of(IRON_CHAIN)
        self.deck_effect(fact, u, s)
        done = u.extra.setdefault("toggled", []) if u is not None else []
        if u is None or s not in u.targets or s in done:
            self.broken(fact, "card-effect", f"seat {s} is chained or unchained by no Iron "
                        "Chain on it")
        done.append(s)
        self.expect(fact, f"seat {s} chained", not self.chained[s], d["chained"], "chain",
                    f"seat {s} was {'' if self.chained[s] else 'not '}chained: the Iron Chain "
                    f"makes it {'un' if self.chained[s] else ''}chained")
        self.chained[s] = not self.chained[s]

    def on_CardShown(self, fact: Fact, d: dict[str, Any]) -> None:
        s, c = self.seat(d["seat"]), d["card"]
        u = self.use_of(FIRE_ATTACK)
        self.deck_effect(fact, u, s)
        if u is None or u.targets != [s] or d["reason"] != FIRE_ATTACK:
            self.broken(fact, "card-effect", f"seat {s} shows a card for no Fire Attack on it")
        if c not in self.table.hands[s]:
            self.broken(fact, "card-owner", f"seat {s} shows card {c}, not in its hand")
        if u is not None:
            u.extra["shown"] = c

    def deck_discards(self, fact: Fact, s: int, cards: list[int], reason: str
                      ) -> tuple[str, ...]:
        """The deck's discards; the areas they come from."""
        if reason == FIRE_ATTACK:
            u = self.use_of(FIRE_ATTACK)
            why = self.deck_answering(s, FIRE_ATTACK)
            shown = u.extra.get("shown") if u is not None else None
            if not why and (len(cards) != 1 or shown is None or SUIT[self.held(
                    s, cards[0])] != SUIT[self.held(u.targets[0], shown)]):  # (Hongyan)
                why = f"it pays {cards}, not one hand card of the shown card's suit"
            if why:
                self.broken(fact, "card-effect", f"seat {s} pays a Fire Attack, but {why}")
            elif u is not None:
                u.extra["paid"] = True
            return (HAND,)
        u = self.use_of(AWAIT)
        drew = u.extra.get("drew", []) if u is not None else []
        own = len(self.table.hands[s]) + len(self.table.equipment(s))
        if s not in drew or s in u.extra.setdefault("discarded", []):  # type: ignore[union-attr]
            self.broken(fact, "card-effect", f"seat {s} discards for an Await Exhausted it "
                        "did not draw from")
        elif len(cards) != min(2, own):
            self.broken(fact, "card-effect", f"seat {s} discards {len(cards)} cards for Await "
                        f"Exhausted: 2 of hand or equipment (all, if fewer)")
        if u is not None:
            u.extra.setdefault("discarded", []).append(s)
        return (HAND, EQUIP)

    def deck_drawn(self, fact: Fact, s: int, reason: str) -> int:
        """A draw the deck's cards give: whether it is owed; how many cards it is."""
        if reason == "recast":
            if not self.claimed(fact):
                self.broken(fact, "recast", f"seat {s} draws for a recast it did not make")
            return 1
        if reason == AWAIT:
            u = self.use_of(AWAIT)
            self.deck_effect(fact, u, s)
            if u is None or s not in u.targets or s in u.extra.get("drew", []):
                self.broken(fact, "card-effect", f"seat {s} draws for no Await Exhausted on it")
            elif any(x in u.extra.get("discarded", []) for x in u.targets):
                self.broken(fact, "card-effect", f"seat {s} draws for Await Exhausted after "
                            "its discards began")
            if u is not None:
                u.extra.setdefault("drew", []).append(s)
            return 2
        u = self.use_of(BEFRIEND)
        self.deck_effect(fact, u, u.targets[0] if u is not None else s)
        step = u.extra.get("befriend", 0) if u is not None else 0
        who = None if u is None else u.targets[0] if step == 0 else u.user if step == 1 \
            else None
        if who != s:
            self.broken(fact, "card-effect", f"seat {s} draws for a Befriend Attacking that "
                        "gives it nothing now (its target draws 1, then its user 3)")
        if u is not None:
            u.extra["befriend"] = step + 1
        return 1 if step == 0 else 3

    def on_KnownBothSeen(self, fact: Fact, d: dict[str, Any]) -> None:
        s, x, choice = self.seat(d["seat"]), self.seat(d["target"]), d["choice"]
        u = self.use_of(KNOWN_BOTH)
        self.deck_effect(fact, u, x)
        if u is None or u.user != s or u.targets != [x] or u.extra.get("seen"):
            self.broken(fact, "card-effect", f"seat {s} looks at seat {x} with no Known Both "
                        "of its own on it")
        if u is not None:
            u.extra["seen"] = True
        hidden = [w for i, w in enumerate(("head", "deputy")) if not self.shown[x][i]]
        want: list[Any]
        if choice == "hand" and self.table.hands[x]:
            want = sorted(self.table.hands[x])
            got = sorted(d["seen"]) if "seen" in d else want
        elif choice in hidden:
            want = [self.generals[x][0 if choice == "head" else 1]]
            got = list(d["seen"]) if "seen" in d else want
        else:
            self.broken(fact, "card-effect", f"seat {s} looks at {choice!r} of seat {x}: its "
                        f"hand (if any) or a hidden general ({hidden}) only")
            return
        self.expect(fact, f"what seat {s} saw of seat {x}", want, got, "card-effect",
                    f"seat {s} saw {got} of seat {x}'s {choice}, which is {want}")

    # --- one Nullification window per target -----------------------------------------
    def deck_window(self, s: int, u: Any, nullified: bool) -> None:
        """A Nullification answer in a window on a target of the deck's tricks. The window
        closes when every seat that may answer (every living seat when all are asked, else
        those holding a Nullification) passed since the last Nullification: its result is
        kept, one a target, in target order."""
        w = u.extra.setdefault("window", {"nullified": False, "passed": set()})
        if nullified:
            w["nullified"], w["passed"] = not w["nullified"], set()
        else:
            w["passed"].add(s)
        everyone = bool(self.options.get("ask_everyone"))
        asked = {x for x in range(self.n) if self.alive[x]
                 and (everyone or self.can_answer(x, "nullify"))}
        if asked <= w["passed"]:
            windows = u.extra.setdefault("windows", [])
            spared = u.extra.get("spared", ())
            while len(windows) < len(u.targets) and u.targets[len(windows)] in spared:
                windows.append(True)  # a target a Kingdom Nullification spared: no window
            windows.append(w["nullified"])
            u.extra["window"] = {"nullified": False, "passed": set()}

    def deck_effect(self, fact: Fact, u: Any, x: int) -> None:
        """The trick's effect on target ``x`` goes on: its window must have closed
        un-nullified (a window opens for each living target in turn)."""
        if u is None or x not in u.targets:
            return
        self.spared(fact, u, x)
        at = u.targets.index(x)
        windows = u.extra.setdefault("windows", [])
        if len(windows) <= at:  # its window closes with the effect (or nobody was asked)
            w = u.extra.get("window")
            windows += [False] * (at - len(windows)) + [bool(w and w["nullified"])]
            u.extra["window"] = {"nullified": False, "passed": set()}
        if windows[at]:
            self.broken(fact, "nullification", f"seat {u.user}'s {u.name} was nullified at "
                        f"seat {x}, yet its effect goes on with {fact.type}")

    # --- the Kingdom Nullification's "all" ------------------------------------------------
    @staticmethod
    def fresh_window() -> dict[str, Any]:
        """A Nullification window as the referee follows it: how many were played in it,
        whether the effect stands nullified, who passed since the last one, and the
        "all" (the use and the target) chosen by its first Kingdom Nullification."""
        return {"played": 0, "nullified": False, "passed": set(), "widened": None}

    def later_of_side(self, u: Any, x: int) -> list[int]:
        """The use's living targets after ``x`` on ``x``'s side (shown, no careerist)."""
        at = u.targets.index(x)
        return [o for o in u.targets[at + 1:] if self.alive[o] and self.same_side(x, o)]

    def on_NullificationWidened(self, fact: Fact, d: dict[str, Any]) -> None:
        """The Kingdom Nullification played next is for "all": only the first one of a
        window on a trick that takes its targets in turn, at a target with a shown kingdom
        (no careerist) which a later target of the trick shares."""
        s, x, kingdom = self.seat(d["seat"]), self.seat(d["target"]), d["kingdom"]
        self.alive_or_broken(fact, s, "plays a Kingdom Nullification")
        self.window_goes_on(s)
        u = self.uses[-1] if self.uses and self.stage != "start" else None
        side = self.side[x]
        why = ""
        if u is None or u.name not in WIDE or x not in u.targets:
            why = "its window is on no target of a trick that takes its targets in turn"
        elif self.nwin["played"]:
            why = "a Nullification was played in this window already: only the first, on " \
                  "the trick itself, may choose it"
        elif side is None or side.startswith(CAREERIST):
            why = f"seat {x} has no shown kingdom (hidden, or a careerist)"
        elif kingdom != side:
            why = f"seat {x}'s kingdom is {side}, not {kingdom}"
        elif not self.later_of_side(u, x):
            why = f"no later target of the {u.name} is of seat {x}'s kingdom"
        if why:
            self.broken(fact, KINGDOM_RULE, f"seat {s} plays a Kingdom Nullification for all "
                        f"of {kingdom} at seat {x}, but {why}")
        self.nwin["widened"] = None if why else (u, x)
        self.owe(self.owed_fact(KINGDOM_RULE, f"seat {s}'s Kingdom Nullification (for all)",
                                lambda f: f.type == "Responded" and f.data.get("seat") == s
                                and f.data.get("ask") == "nullify"
                                and [NAME[c] for c in f.data.get("cards", ())] == [KINGDOM_NULL]),
                 first=True)

    def window_goes_on(self, s: int) -> None:
        """Seat ``s`` answers a Nullification window: the open one, unless ``s`` passed in
        it since its last Nullification (a seat is asked once a round), which shows that
        window closed and another opened (on the trick's next target)."""
        if s in self.nwin["passed"]:
            self.window_closed()

    def nullify_answer(self, s: int, played: bool) -> None:
        """An answer in the Nullification window (see ``window_goes_on``)."""
        self.window_goes_on(s)
        w = self.nwin
        if played:
            w["nullified"], w["passed"] = not w["nullified"], set()
            w["played"] += 1
        else:
            w["passed"].add(s)

    def window_closed(self) -> None:
        """The window is over (a fact that is no part of it came): a standing "all"
        spares the trick's later targets of the kingdom, as their sides are then."""
        w = self.nwin
        if w["played"] or w["passed"]:
            # (on the trick's target in turn: nullified, that one is skipped)
            window_on(self, self.uses[-1] if self.uses and self.stage != "start" else None,
                      w["nullified"])
        if w["widened"] is not None and w["nullified"]:
            u, x = w["widened"]
            u.extra["spared"] = set(self.later_of_side(u, x))
        if w["played"] or w["passed"]:
            self.nwin = self.fresh_window()

    def window_part(self, fact: Fact) -> bool:
        """Facts that come inside a Nullification window: its answers, the "all", a skill
        that makes or follows a Nullification (a conversion's show, with its side and
        bonuses, and use; Jizhi)."""
        d = fact.data
        return (fact.type in ("Responded", "Declined") and d.get("ask") == "nullify") or \
            fact.type in ("NullificationWidened", "SkillUsed", "GeneralsShown",
                          "KingdomDecided", "PairBonusChosen", "HalfFishChosen") or \
            (fact.type in ("CardsDrawn", "Healed")
             and d.get("reason") in ("perfect_pair", "half_fish")) or self.in_window(fact)

    def spared(self, fact: Fact, u: Any, x: int) -> None:
        """The trick's effect reaches seat ``x``: not one a Kingdom Nullification spared."""
        if u is not None and x in u.extra.get("spared", ()):
            self.broken(fact, KINGDOM_RULE, f"seat {x} was spared seat {u.user}'s {u.name} "
                        f"by a Kingdom Nullification for its kingdom, yet {fact.type} "
                        "reaches it")
        reached(self, fact, u, x)  # (an area trick's targets in turn, none left out)

    # --- Supply Shortage ---------------------------------------------------------------------
    def supply_judged(self, card: int | None) -> bool:
        """Anything but a club: the draw phase is skipped."""
        result = card is not None and SUIT[card] != "C"
        self.skip_draw = self.skip_draw or result
        return result

    # --- helpers the referee supplies ---------------------------------------------------
    def order(self, start: int) -> list[int]:
        return [(start + i) % self.n for i in range(self.n)]

    # the referee's own methods this mixin calls (``Referee`` defines them)
    def hurt(self, fact: Fact, s: int, src: Any, n: int) -> None:
        raise NotImplementedError

    def owed_fact(self, rule: str, what: str, match: Any) -> Any:
        raise NotImplementedError

    # the skills' hooks this mixin asks (``SkillRules``)
    def damage_bonus(self, src: Any, reason: str) -> int:
        return SkillRules.damage_bonus(self, src, reason)  # type: ignore[arg-type]

    def retrying(self, fact: Fact) -> bool:
        return SkillRules.retrying(self, fact)  # type: ignore[arg-type]

    def damage_cut(self, s: int, src: Any) -> int:
        return SkillRules.damage_cut(self, s, src)  # type: ignore[arg-type]

    def trick_unlimited(self, s: int) -> bool:
        return SkillRules.trick_unlimited(self, s)  # type: ignore[arg-type]

    def held(self, s: int, card: int) -> int:
        return SkillRules.held(self, s, card)  # type: ignore[arg-type]

    def skill_answers(self, s: int, ask: str) -> bool:
        return SkillRules.skill_answers(self, s, ask)  # type: ignore[arg-type]

    def skill_recast(self, s: int, card: int) -> bool:
        return SkillRules.skill_recast(self, s, card)  # type: ignore[arg-type]

    def skill_unchains(self, s: int, chained: bool) -> bool:
        return SkillRules.skill_unchains(self, s, chained)  # type: ignore[arg-type]

    def dist(self, a: int, b: int) -> int:
        return SkillRules.dist(self, a, b)  # type: ignore[arg-type]

    def owe(self, *items: Any, first: bool = False) -> None:
        raise NotImplementedError

    def broken(self, fact: Fact | None, rule: str, message: str) -> None:
        raise NotImplementedError

    def expect(self, fact: Fact, figure: str, expected: Any, recorded: Any, rule: str,
               message: str) -> None:
        raise NotImplementedError

    def seat(self, value: Any) -> int:
        raise NotImplementedError

    def owns(self, fact: Fact, seat: int, cards: list[int], areas: tuple[str, ...],
             doing: str) -> None:
        raise NotImplementedError

    def use_of(self, *names: str) -> Any:
        raise NotImplementedError

    def effect_of(self, fact: Fact, name: str) -> None:
        raise NotImplementedError

    def in_window(self, fact: Fact) -> bool:
        return SkillRules.in_window(self, fact)  # type: ignore[arg-type]

    def claimed(self, fact: Fact) -> bool:
        raise NotImplementedError

    def alive_or_broken(self, fact: Fact, seat: int, doing: str) -> None:
        raise NotImplementedError

    @staticmethod
    def is_(kind: str, **fields: Any) -> Any:
        raise NotImplementedError
