"""Sanguosha in words: "Cao Cao uses Kill ♠7 on Zhao Yun — dodged", grouped by turn.

The move list a person reads: one line per decision or fact that matters, cards by name,
suit and number, seats by their general once it is known. What the engine records for its
own bookkeeping (cards leaving the table after use, the end of a play phase, a pick that
the move that follows tells) has no line; a Nullification or Peach window that every seat
declined is one line ("nobody nullifies"), and a window that someone answered is told by
the answer alone. A Kill on one target and what it met (a Dodge, or the damage) read as
one line.

Like every narrator it reads *event views*, already redacted for the viewer: a card it may
not see is "a card", a hidden general is no name. It names each card from the card data
(``domain.sanguosha.cards``) and nothing else of the engine, so it reads the events of the
first engine and of the skill engine alike. ``catalogue`` is the deck as
``GET /cards/identity`` serves it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain.narration import EventView, Move, Narrator, plain_line, seat_name
from domain.sanguosha.cards import CARDS, DECK, KW_IDS, NATURE, SLOT, SLOT_NAMES, SUIT_SYMBOL

#: card names whose title is not the one card's (the horses have three names each)
_TITLES = {"plus_horse": "+1 horse", "minus_horse": "−1 horse"}
#: each card name's title: the identity deck's first, then the names only the Kingdom Wars
#: deck has (a Fire Kill's name is "kill": its own card's label says "Fire Kill")
CARD_TITLES: dict[str, str] = {}
CARD_KINDS: dict[str, str] = {}
for _c in CARDS:
    CARD_TITLES.setdefault(_c.name, _TITLES.get(_c.name, _c.title))
    CARD_KINDS.setdefault(_c.name, _c.kind)
#: asks whose window goes round the table and whose declines are folded into one line
WINDOWS = {"nullify": "nullification", "peach": "peach"}
SIDES = {"lord": "The lord and the loyalists win", "rebels": "The rebels win",
         "renegade": "The renegade wins"}
#: reasons told in the engine's words, and how they read
REASONS = {"draw_phase": "", "discard_phase": "", "reward": "reward for a kill",
           "penalty": "penalty for killing a loyalist", "turn_end": "end of turn",
           "judgment": "judgment", "used": "", "responded": "", "recast": "recast"}
#: (reason, result) → what a judgment card meant
JUDGMENTS = {("indulgence", True): "Indulgence takes effect",
             ("indulgence", False): "a heart: Indulgence is escaped",
             ("lightning", True): "Lightning strikes!",
             ("lightning", False): "Lightning passes on",
             ("eight_trigrams", True): "red: it counts as a Dodge",
             ("eight_trigrams", False): "black: no Dodge",
             ("leiji", True): "a spade: Leiji strikes",
             ("leiji", False): "not a spade: Leiji misses",
             ("beige", True): "red: heal (♥) or draw two (♦)",
             ("beige", False): "black: the source discards two (♣) or turns over (♠)",
             ("supply_shortage", True): "Supply Shortage takes effect",
             ("supply_shortage", False): "a club: Supply Shortage is escaped"}
#: events that only keep the engine's books: never a line of their own
QUIET = frozenset({"DeckShuffled", "GeneralsShuffled", "PlayEnded", "TurnEnded",
                   "Picked", "CandidatesDealt",
                   "NullificationWidened"})  # (told with the card it comes before)


def card_info(card: int) -> dict[str, Any]:
    """One card as a person reads it (the shape the skill engine's views use)."""
    c = CARDS[card]
    out: dict[str, Any] = {"id": c.id, "name": c.name, "title": c.title, "suit": c.suit,
                           "number": c.number, "kind": c.kind, "label": c.label()}
    if SLOT[card] is not None:
        out["slot"] = SLOT_NAMES[SLOT[card]]  # type: ignore[index]
    if NATURE[card] != "normal":
        out["nature"] = NATURE[card]
    return out


def catalogue() -> list[dict[str, Any]]:
    """The identity deck's 108 cards by id: name, title, suit, number, kind, slot, label."""
    return [card_info(c.id) for c in DECK]


def every_card() -> list[dict[str, Any]]:
    """Both decks, ids 0..215: what a Kingdom Wars table may deal (option ``deck``)."""
    return [card_info(c.id) for c in CARDS]


def kw_catalogue() -> list[dict[str, Any]]:
    """The Kingdom Wars deck's 108 cards, ids 108..215."""
    return [card_info(c) for c in KW_IDS]


#: keys under which views and events hold card ids (a seat number is never under these)
CARD_KEYS = frozenset({"card", "cards", "hand", "hands", "discard", "pile", "judgment",
                       "in_flight", "weapon", "armor", "plus_horse", "minus_horse", "order",
                       "wounds"})


def named_cards(data: Any) -> dict[str, dict[str, Any]]:
    """Every card id a view or event shows, by id: name, suit, number, kind, slot, label.

    Sits beside the ids (which actions still take) so a person, or a client without the
    catalogue, reads "Kill ♠7" where the record says 17; it names only ids already shown."""
    found: set[int] = set()

    def walk(value: Any, under_card_key: bool) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, under_card_key or key in CARD_KEYS)
        elif isinstance(value, (list, tuple)):
            for inner in value:
                walk(inner, under_card_key)
        elif (under_card_key and isinstance(value, int) and not isinstance(value, bool)
              and 0 <= value < len(CARDS)):
            found.add(value)

    walk(data, False)
    return {str(c): card_info(c) for c in sorted(found)}


def card_label(card: Any) -> str:
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(CARDS):
        return CARDS[card].label()
    return "a card"


def cards_text(cards: Sequence[Any] | None, count: int | None = None) -> str:
    """``Kill ♠7, Dodge ♦2``; cards the viewer may not see are counted."""
    if cards is None:
        n = count or 0
        return "a card" if n == 1 else f"{n} cards"
    return ", ".join(card_label(c) for c in cards) or "no cards"


def title(name: str | None) -> str:
    """A card, skill or reason id for people: ``ex_nihilo`` → ``Ex Nihilo``."""
    if not name:
        return ""
    return CARD_TITLES.get(name) or name.replace("_", " ").replace(":", " ").title()


#: a conversion a general's skill allows: (skill id, the card name it makes, which cards)
Conversion = tuple[str, str, Callable[[int], bool]]
#: what a waiting seat is asked, in words ({skill}: the skill's name)
ASKS = {"skill": "use {skill}?", "play": "play phase", "discard": "discard",
        "dodge": "play a Dodge", "kill": "play a Kill", "nullify": "nullify it?",
        "peach": "a Peach for the dying?", "choose_general": "choose a general",
        "pick": "pick a card", "grace": "take a card (Amazing Grace)",
        "axe": "discard two cards to make the Kill hit? (Axe)",
        "blade": "another Kill on the same target? (Blade)",
        "double_swords": "discard a card, or let the user draw (Double Swords)",
        "ice_sword": "discard two of the target's cards instead of the damage? (Ice Sword)",
        "kylin": "discard a horse of the target's? (Kylin Bow)",
        "collateral": "a Kill on the named target, or hand over the weapon (Collateral)",
        "fankui": "take a card from whom dealt the damage (Fankui)",
        "ganglie": "discard two hand cards, or take 1 damage (Ganglie)",
        "yiji": "give away the cards looked at, or keep them (Yiji)",
        "guanxing": "put the cards looked at back, on top or at the bottom (Guanxing)",
        "luoshen": "judge again? (Luoshen)",
        "fanjian": "name a suit (Fanjian)",
        "hujia": "play a Dodge for the lord? (Hujia)",
        "jijiang": "play a Kill for the lord? (Jijiang)",
        "mengjin": "discard one of the target's cards (Mengjin)",
        "sijian": "discard one of the chosen player's cards (Sijian)",
        "kuangfu": "take the target's equipment card, or discard it (Kuangfu)",
        "luanwu": "a Kill on a nearest player, or lose 1 HP (Luanwu)",
        "beige": "discard two cards (Beige)",
        "lirang": "give away your discarded cards? (Lirang)",
        "duanchang": "name the killer's general that loses its skills (Duanchang)",
        "shuangren": "choose whom your Kill is on (Shuangren)",
        "qingcheng": "choose the general to hide again (Qingcheng)",
        "pindian": "choose a hand card, face down, for the pindian",
        "yinghun": "discard cards (Yinghun)",
        "haoshi": "give half your hand to a player with the fewest cards (Haoshi)",
        "guzheng": "take the other discarded cards? (Guzheng)",
        "show_card": "show a hand card (Fire Attack)",
        "fire_attack": "discard a card of the shown suit for 1 fire damage? (Fire Attack)",
        "await_discard": "discard two cards (Await Exhausted)",
        "known_both": "look at the hand or a hidden general (Known Both)",
        "feather_fan": "make the Kill a Fire Kill? (Feather Fan)",
        "triblade": "discard a card to deal 1 damage next to the target? (Triblade)"}
#: how a card made by a conversion reads: "as a Kill", "as Indulgence"
_ARTICLE = {"kill": "a ", "dodge": "a ", "peach": "a "}


class SanguoshaNarrator(Narrator):
    """``names``: how the generals' and skills' ids read (``{"caocao": "Cao Cao"}``);
    an id it does not know reads as itself, title-cased. ``skills``: each general's
    skill ids (shown beside the general in the table); ``lord_skills``: those only a lord
    has; ``conversions``: each general's conversions, by which a card used as another is
    told with its skill ("uses Dodge ♥5 as a Kill (Wusheng)"): the events record the card
    and the name it was used as, and the skill is the one of the user's general that
    makes that name of that card."""

    def __init__(self, names: Mapping[str, str] | None = None, *,
                 skills: Mapping[str, Sequence[str]] | None = None,
                 lord_skills: Sequence[str] = (),
                 conversions: Mapping[str, Sequence[Conversion]] | None = None) -> None:
        self.names = dict(names or {})
        self.skills = {g: tuple(ids) for g, ids in (skills or {}).items()}
        self.lord_skills = frozenset(lord_skills)
        self.conversions = {g: tuple(c) for g, c in (conversions or {}).items()}

    def skills_of(self, general: str | None, lord: bool) -> list[str]:
        """The names of a general's skills (lord skills for the lord only)."""
        return [self.word(sid) for sid in self.skills.get(general or "", ())
                if lord or sid not in self.lord_skills]

    def converted_by(self, general: str | None, name: str | None, card: Any) -> str | None:
        """The skill of ``general`` that makes ``card`` a ``name``, if any."""
        for sid, to, fits in self.conversions.get(general or "", ()):
            if to == name and isinstance(card, int) and fits(card):
                return sid
        return None

    def moves(self, events: Sequence[EventView], players: Sequence[str]) -> list[Move]:
        return _Story(self, list(events), list(players)).tell()

    def word(self, name: str | None) -> str:
        return self.names.get(name or "", "") or title(name)

    def table(self, view: dict[str, Any]) -> str:
        """The table for a terminal: the turn, then a line per seat (cards by name)."""
        head = [f"turn {view.get('turn')}", f"current seat {view.get('current')}",
                f"phase {view.get('phase')}", f"draw pile {view.get('pile_count')}"]
        lines = [" · ".join(head)]
        pending = view.get("pending")
        waiting_on = pending and (pending.get("prompt") or pending.get("ask"))
        rows = view.get("seats") or []
        if waiting_on:
            assert pending is not None  # (what it waits on is pending's)
            seat = pending.get("seat")
            asked = "every seat may be asked" if seat is None else f"seat {seat}"
            if isinstance(seat, int) and 0 <= seat < len(rows):
                named = _general_id(rows[seat].get("general"))
                asked += f", {self.word(named)}" if named else ""
            if not pending.get("prompt"):
                waiting_on = self.ask_text(pending)
            lines.append(f"waiting: {waiting_on} ({asked})")
        for row in rows:
            gid = _general_id(row.get("general"))
            general = row.get("general")
            if isinstance(general, dict):
                general = general.get("name")
            elif isinstance(general, str):
                general = self.word(general)
            skills = self.skills_of(gid, row.get("role") == "lord") if gid else []
            if general and skills:
                general += f" ({', '.join(skills)})"
            hand = row.get("hand")
            hand_text = cards_text([_card_id(c) for c in hand]) if isinstance(hand, list) \
                else f"{row.get('hand_count', 0)} cards"
            equipment = row.get("equipment") or []
            if isinstance(equipment, dict):
                equipment = [c for c in equipment.values() if c is not None]
            judging = [_card_id(j[0] if isinstance(j, list) else j)
                       for j in row.get("judgment") or []]
            state = "dead" if not row.get("alive", True) else \
                f"{row.get('hp')}/{row.get('max_hp')} HP"
            parts = [f"  seat {row.get('seat')} {row.get('player', '')}",
                     general or "", row.get("role") or "", state, f"hand: {hand_text}"]
            if equipment:
                parts.append(f"equip: {cards_text([_card_id(c) for c in equipment])}")
            if judging:
                parts.append(f"judging: {cards_text(judging)}")
            lines.append(" · ".join(p for p in parts if p))
        return "\n".join(lines)

    def ask_text(self, pending: dict[str, Any]) -> str:
        """What the game waits for, in words: "use Fankui?", "name a suit (Fanjian)"."""
        ask = str(pending.get("ask"))
        words = ASKS.get(ask)
        if words is None:
            return ask
        skill = pending.get("skill")
        return words.format(skill=self.word(skill) if skill else "a skill")


class _Story:
    """One reading of a game's events, in order, keeping what the lines need: who is
    who, HP, whose turn, who is dying, what was last nullified."""

    def __init__(self, narrator: SanguoshaNarrator, events: list[EventView],
                 players: list[str]) -> None:
        self.narrator, self.events, self.players = narrator, events, players
        n = len(players)
        self.generals: list[str | None] = [None] * n
        self.alive = [True] * n
        self.hp: list[int | None] = [None] * n
        self.max_hp: list[int | None] = [None] * n
        self.lord: int | None = None
        self.group: str | None = "Setup"
        self.dying: int | None = None
        self.countering = False  # the open window would counter a Nullification
        self.skilled = False  # generals with skills (option generals, rules 3 and later)
        self.judging: tuple[Any, Any] | None = None  # the last judgment: (seat, reason)
        self.calling: Any = None  # the lord whose Hujia or Jijiang is asking for a card
        self.converted: tuple[Any, list[Any], Any] | None = None  # (seat, cards, skill)

    # --- the walk --------------------------------------------------------------------
    def tell(self) -> list[Move]:
        out: list[Move] = []
        i = 0
        while i < len(self.events):
            e = self.events[i]
            handler: Callable[[dict[str, Any], int], tuple[str | None, int]] | None = \
                getattr(self, "on_" + e["type"], None)
            if e["type"] in QUIET:
                text, last = None, i
            elif handler is None:
                text, last = plain_line(e), i
            else:
                text, last = handler(e["data"], i)
            if text:
                out.append(Move(e["version"], self.events[last]["version"], text, self.group))
                if not (e["type"] == "Responded" and e["data"].get("name") == "nullification"):
                    self.countering = False  # a Nullification chain ends with anything else
            i = last + 1
        return out

    def after(self, i: int, skip: Callable[[EventView], bool] = lambda e: False
              ) -> int | None:
        """The index of the first event after ``i`` that tells something (quiet events,
        cards cleared off the table, and whatever ``skip`` says, passed over)."""
        j = i + 1
        while j < len(self.events):
            e = self.events[j]
            if not (e["type"] in QUIET or _cleared(e) or skip(e)):
                return j
            j += 1
        return None

    # --- names -------------------------------------------------------------------------
    def who(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.generals) and self.generals[seat]:
            return self.narrator.word(self.generals[seat])
        return seat_name(self.players, seat)

    def others(self, user: Any, targets: Sequence[Any]) -> str:
        """``on Zhao Yun``, or ``on everyone else`` when that is every other living seat."""
        others = [t for t in targets if t != user]
        if not others:
            return ""
        rest = {s for s, alive in enumerate(self.alive) if alive and s != user}
        if len(others) > 2 and set(others) == rest:
            return " on everyone else"
        return f" on {self.whom(others)}"

    def whom(self, seats: Sequence[Any]) -> str:
        names = [self.who(s) for s in seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def health(self, seat: int) -> str:
        hp, top = self.hp[seat] if 0 <= seat < len(self.hp) else None, \
            self.max_hp[seat] if 0 <= seat < len(self.max_hp) else None
        return f" · {hp}/{top} HP" if hp is not None and top is not None else ""

    def reason(self, reason: str | None) -> str:
        """`` (Ex Nihilo)`` for a card, `` (Jianxiong)`` for a skill, `` (turn start)``."""
        words = REASONS.get(reason or "")
        if words is None:
            words = CARD_TITLES.get(reason or "") or self.narrator.names.get(reason or "") \
                or str(reason or "").replace("_", " ")
        return f" ({words})" if words else ""

    def zone(self, zone: str) -> str:
        if zone[:1] in "hej" and zone[1:].isdigit():
            owner = self.who(int(zone[1:]))
            return f"{owner}'s " + {"h": "hand", "e": "equipment",
                                    "j": "judgment area"}[zone[0]]
        return {"table": "the table", "discard": "the discard pile",
                "pile": "the draw pile"}.get(zone, zone)

    def set_hp(self, seat: int, delta: int) -> None:
        if 0 <= seat < len(self.hp) and self.hp[seat] is not None:
            self.hp[seat] = self.hp[seat] + delta  # type: ignore[operator]

    def used_card(self, name: str | None, cards: Sequence[Any] | None,
                  skill: str | None = None, seat: Any = None) -> str:
        """``Kill ♠7``, or ``Kill (Spear: ♠7 Kill, ♦6 Dodge)`` for a card a skill made, or
        ``Dodge ♥5 as a Kill (Wusheng)`` for a card the seat's general converted."""
        converted = self.conversion(seat, name, cards) if not skill else None
        if converted is not None:
            return (f"{cards_text(cards)} as {_ARTICLE.get(name or '', '')}{title(name)}"
                    f" ({self.narrator.word(converted)})")
        if cards and len(cards) == 1 and not skill and isinstance(cards[0], int) and \
                0 <= cards[0] < len(CARDS) and (name is None or CARDS[cards[0]].name == name):
            return card_label(cards[0])
        made = title(name)
        if skill:
            made += f" ({self.narrator.word(skill)}" + (
                f": {cards_text(cards)})" if cards else ")")
        elif cards:
            made += f" ({cards_text(cards)})"
        return made

    def conversion(self, seat: Any, name: str | None, cards: Sequence[Any] | None
                   ) -> str | None:
        """The skill by which the seat's one card was used as a ``name``, if it was: as
        recorded just before the card's event (the skill engine names a conversion), or
        else the one of the seat's general that makes that card that name."""
        named, self.converted = self.converted, None
        if named is not None and named[0] == seat and named[1] == list(cards or []):
            return named[2]
        if not (self.skilled and cards and len(cards) == 1 and isinstance(cards[0], int)
                and 0 <= cards[0] < len(CARDS) and CARDS[cards[0]].name != name):
            return None
        general = self.generals[seat] if isinstance(seat, int) and \
            0 <= seat < len(self.generals) else None
        return self.narrator.converted_by(general, name, cards[0])

    # --- setup --------------------------------------------------------------------------
    def on_Started(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        rules = d.get("rules")
        self.skilled = bool((d.get("options") or {}).get("generals")) and \
            isinstance(rules, int) and rules >= 3
        return None, i

    def on_IdentitiesDealt(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        roles = d.get("roles") or []
        if "lord" in roles:
            self.lord = roles.index("lord")
        if d.get("hp"):  # the first engine deals HP with the identities
            self.hp, self.max_hp = list(d["hp"]), list(d["hp"])
        known = [f"{self.who(s)} is {_a(r)}" for s, r in enumerate(roles) if r]
        if known and len(known) == len(roles):
            return "Identities dealt: " + "; ".join(known), i
        return "Identities dealt" + (": " + "; ".join(known) if known else ""), i

    def on_GeneralsOffered(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        offers = d.get("offers") or []
        counts = d.get("counts") or [None if o is None else len(o) for o in offers]
        dealt = [s for s, c in enumerate(counts) if c]
        lord = self.lord
        if isinstance(lord, int) and dealt == [lord]:
            text = f"{self.who(lord)}, the lord, is offered {counts[lord]} generals"
        else:
            size = {counts[s] for s in dealt}
            text = "Every other seat is dealt " + (
                f"{size.pop()} generals" if len(size) == 1 else "generals")
        seen = [(s, o) for s, o in enumerate(offers) if o]
        if seen:
            text += "; " + "; ".join(f"{self.who(s)}: {self.whom_generals(o)}"
                                     for s, o in seen)
        return text, i

    def on_GeneralChosen(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        seat, general = d.get("seat"), d.get("general")
        lord = ", the lord," if seat == self.lord else ""
        if not general:
            return f"{self.who(seat)} chooses a general", i
        text = f"{self.who(seat)}{lord} chooses {self.narrator.word(general)}"
        if seat == self.lord and isinstance(seat, int):
            self.generals[seat] = general  # the lord's is shown at once
        return text, i

    def on_GeneralsShown(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        if "seat" in d:  # Kingdom Wars: one seat turns its generals up
            return (f"{self.who(d['seat'])} shows "
                    f"{self.whom_generals(d.get('generals') or [])}{self.reason(d.get('reason'))}"
                    ), i
        before = [seat_name(self.players, s) for s in range(len(self.players))]
        generals = d.get("generals") or []
        self.generals = list(generals) + [None] * (len(self.players) - len(generals))
        if d.get("hp"):
            self.hp, self.max_hp = list(d["hp"]), list(d["hp"])
        shown = [f"{before[s]} is {self.narrator.word(g)}"
                 + (f" ({d['hp'][s]} HP)" if d.get("hp") else "")
                 for s, g in enumerate(generals) if g]
        return "Generals shown: " + "; ".join(shown), i

    def on_PairBonusChosen(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        if d.get("choice") == "decline":
            return f"{self.who(d.get('seat'))} declines the perfect-pair bonus", i
        return None, i  # the draw or the healing that follows tells it

    def on_HalfFishChosen(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        if d.get("choice") == "decline":
            return f"{self.who(d.get('seat'))} declines the half-fish card", i
        return None, i

    def whom_generals(self, generals: Sequence[str | None]) -> str:
        named = [self.narrator.word(g) for g in generals if g]
        return " and ".join(named) or "a general"

    def on_GeneralsChosen(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        if d.get("head"):
            return (f"{self.who(d['seat'])} chooses "
                    f"{self.whom_generals([d['head'], d.get('deputy')])}"), i
        return f"{self.who(d.get('seat'))} chooses two generals", i

    def on_HandsDealt(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        hands = d.get("hands") or []
        counts = d.get("counts") or [len(h) for h in hands if h is not None]
        size = counts[0] if counts and len(set(counts)) == 1 else None
        text = f"Each seat is dealt {size} cards" if size else "Hands dealt"
        seen = [(s, h) for s, h in enumerate(hands) if h is not None]
        if len(seen) == 1:
            text += f"; {self.who(seen[0][0])} holds {cards_text(seen[0][1])}"
        return text, i

    def on_PileReshuffled(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        n = d.get("count", len(d.get("order") or []))
        return f"The discard pile is shuffled into a new draw pile ({n} cards)", i

    # --- turns ---------------------------------------------------------------------------
    def on_TurnStarted(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        self.group = f"Turn {d.get('turn')} · {self.who(d.get('seat'))}"
        return f"{self.who(d.get('seat'))}'s turn", i

    def on_PhaseSkipped(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return f"{self.who(d.get('seat'))} skips the {d.get('phase')} phase" \
               f"{self.reason(d.get('by'))}", i

    def on_PhaseWillBeSkipped(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return f"{self.who(d.get('seat'))} will skip the {d.get('phase')} phase" \
               f"{self.reason(d.get('by'))}", i

    def on_PhaseChanged(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        if d.get("skipped"):  # the first engine marks a skipped phase here
            return f"{self.who(d.get('seat'))} skips the {d.get('skipped')} phase", i
        return None, i

    def on_Discarded(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return f"{self.who(d.get('seat'))} discards {cards_text(d.get('cards'))}", i

    def on_CardsDiscarded(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        why = self.reason(d.get("reason"))
        if d.get("by") is not None and d.get("by") != d.get("seat"):  # Dismantlement...
            return f"{self.who(d.get('seat'))}'s {cards_text(d.get('cards'))} discarded" \
                   f" by {self.who(d['by'])}{why}", i
        return f"{self.who(d.get('seat'))} discards {cards_text(d.get('cards'))}{why}", i

    # --- using and answering cards -------------------------------------------------------
    def on_CardUsed(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        seat, name, targets = d.get("seat"), d.get("name"), list(d.get("targets") or [])
        card = self.used_card(name, d.get("cards"), d.get("skill"), seat)
        who = self.who(seat)
        kind = CARD_KINDS.get(name or "")
        if kind == "equipment":
            return f"{who} equips {card}", i
        if kind == "delayed":
            on = [t for t in targets if t != seat]
            return f"{who} places {card} " + (
                f"on {self.whom(on)}" if on else "in their own judgment area"), i
        if name == "collateral" and len(targets) == 2:
            text = (f"{who} uses {card} on {self.who(targets[0])}: "
                    f"kill {self.who(targets[1])} or hand over the weapon")
        else:
            text = f"{who} uses {card}{self.others(seat, targets)}"
        via = d.get("via")
        if via in ("supplied", "jijiang"):  # a Kill another Shu seat played for the lord
            text += f" ({self.narrator.word(via)})"
        elif via and via != "play":
            text += f" (for {self.narrator.word(via)})"
        if name == "kill" and len(targets) == 1:
            return self.kill_met(text, targets[0], i)
        return text, i

    def kill_met(self, text: str, target: int, i: int) -> tuple[str, int]:
        """A Kill and what it met, in one line, when its target's Dodge or its damage
        comes next."""
        j = self.after(i, lambda e: e["type"] == "Declined" and e["data"].get("seat") == target
                       and e["data"].get("ask") in ("kill", "dodge"))
        if j is None:
            return text, i
        e = self.events[j]
        d = e["data"]
        if e["type"] == "Responded" and d.get("seat") == target and d.get("name") == "dodge":
            dodge = self.used_card('dodge', d.get('cards'), d.get('skill'), target)
            return f"{text} — dodged ({dodge})", j
        if e["type"] in ("Damaged", "NatureDamaged") and d.get("seat") == target \
                and d.get("reason") == "kill":
            self.set_hp(target, -d.get("amount", 0))
            return f"{text} — hit for{_amount(d)}{self.health(target)}", j
        return text, i

    def on_Responded(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        seat, name = d.get("seat"), d.get("name")
        card = self.used_card(name, d.get("cards"), d.get("skill"), seat)
        who = self.who(seat)
        if d.get("ask") in ("hujia", "jijiang"):  # a lord's call answered
            lord = f" for {self.who(self.calling)}" if self.calling is not None else ""
            return f"{who} plays {card}{lord} ({self.narrator.word(d['ask'])})", i
        if name == "nullification":
            verb = "counters with" if self.countering else "nullifies it with"
            self.countering = True
            before = self.events[i - 1] if i else None
            if before is not None and before["type"] == "NullificationWidened":
                kingdom = self.narrator.word(before["data"].get("kingdom"))
                return f"{who} {verb} {card}, for every {kingdom} target", i
            return f"{who} {verb} {card}", i
        if name == "dodge":
            return f"{who} dodges with {card}", i
        if name in ("peach", "wine") and self.dying is not None:
            if seat == self.dying:
                return f"{who} eats {card}", i
            return f"{who} gives {self.who(self.dying)} {card}", i
        return f"{who} plays {card}", i

    def on_Declined(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        """A window: every decline in a row, then the answer (told by its own line) or
        one line saying nobody answered."""
        ask = d.get("ask")
        if ask not in WINDOWS:
            return None, i  # one seat's "no": what follows (damage, a judgment) tells it
        last = i
        while last + 1 < len(self.events):
            nxt = self.events[last + 1]
            if nxt["type"] == "Declined" and nxt["data"].get("ask") == ask or _cleared(nxt):
                last += 1
            else:
                break
        j = self.after(last)
        answered = j is not None and self.events[j]["type"] == "Responded" and \
            self.events[j]["data"].get("name") == WINDOWS[ask]
        if answered:
            return None, last
        if ask == "peach":
            return "Nobody offers a Peach", last
        return ("Nobody counters it" if self.countering else "Nobody nullifies it"), last

    def on_SkillInvoked(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return f"{self.who(d.get('seat'))} uses {self.narrator.word(d.get('skill'))}", i

    def on_AnswerSkill(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        """An ask answered with a skill: Eight Trigrams is told by its judgment."""
        j = self.after(i)
        if j is not None and self.events[j]["type"] == "Judged" and \
                self.events[j]["data"].get("reason") == d.get("skill"):
            return None, i
        return f"{self.who(d.get('seat'))} answers with {self.narrator.word(d.get('skill'))}", i

    def on_SkillUsed(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        """A skill used: its cost (cards discarded or given) and its targets. Rende's cards
        are seen by the giver and the receiver only (counted for the others)."""
        seat, skill = d.get("seat"), d.get("skill")
        j = self.after(i)
        if d.get("choice") in CARD_KINDS and j is not None and \
                self.events[j]["type"] in ("CardUsed", "Responded") and \
                self.events[j]["data"].get("seat") == seat:
            # a conversion is named first; the card's own line tells it ("as a Kill")
            self.converted = (seat, list(d.get("cards") or []), skill)
            return None, i
        if j is not None and self.events[j]["type"] == "CardUsed" and d.get("cards") and \
                self.events[j]["data"].get("cards") == d.get("cards") and \
                self.events[j]["data"].get("seat") == seat:
            return None, i  # the cards become the card used (Luanji): its line tells it
        who, name = self.who(seat), self.narrator.word(skill)
        targets = list(d.get("targets") or [])
        cards, count = d.get("cards"), d.get("count")
        paid = cards_text(cards, count) if cards or count else ""
        if j is not None and self.events[j]["type"] == "CardRecast" and \
                self.events[j]["data"].get("seat") == seat:
            return f"{who} recasts {paid} ({name})", j  # a skill's card recast (Lianhuan)
        if skill in ("hujia", "jijiang"):
            self.calling = seat
            wanted = "a Dodge" if skill == "hujia" else "a Kill"
            on = f" on {self.whom(targets)}" if targets else ""
            return f"{who} calls for {wanted}{on} ({name})", i
        if skill == "guzheng" and cards:
            return f"{who} gives back {paid} ({name})", i
        if skill == "zhijian" and targets and cards:
            return (f"{who} puts {paid} into {self.whom(targets)}'s equipment "
                    f"({name})"), i
        if skill == "rende" and targets:
            return f"{who} gives {self.whom(targets)} {paid} ({name})", i
        if skill in ("guicai", "guidao") and self.judging is not None and cards:
            owner, reason = self.judging
            card = cards[0]
            return (f"{who} replaces {self.who(owner)}'s judgment card with "
                    f"{card_label(card)} ({name}){_meaning(reason, _judge(reason, card))}"), i
        if skill in ("lijian", "lijian_kw") and len(targets) == 2:
            return (f"{who} discards {paid}: {self.who(targets[0])} duels "
                    f"{self.who(targets[1])} ({name})"), i
        text = f"{who} uses {name}"
        if targets:
            text += f" on {self.whom(targets)}"
        if paid:  # Zhiheng, Jieyin, Liuli... discard theirs
            text += f", discarding {paid}"
        return text, i

    def on_ExtraTurnGranted(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return (f"{self.who(d.get('seat'))} takes an extra turn after this one"
                f"{self.reason(d.get('reason'))}"), i

    def on_CardsGained(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        """Cards taken from the open (Jianxiong's damage card, Tiandu's and Luoshen's
        judgment cards)."""
        return (f"{self.who(d.get('seat'))} takes {cards_text(d.get('cards'), d.get('count'))}"
                f"{self.reason(d.get('reason'))}"), i

    def on_CardMoved(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        """A card moved between two players' areas (Qiaobian)."""
        return (f"{self.who(d.get('seat'))} moves {cards_text([d.get('card')], None)} from "
                f"{self.who(d.get('source'))}'s {d.get('area')} area to "
                f"{self.who(d.get('to'))}'s {d.get('area')} area"
                f"{self.reason(d.get('reason'))}"), i

    def on_TargetChosen(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return (f"{self.who(d.get('seat'))} chooses {self.who(d.get('target'))}"
                f"{self.reason(d.get('reason'))}"), i

    def on_TurnedOver(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        way = "face down" if d.get("face_down") else "face up"
        return f"{self.who(d.get('seat'))} turns {way}{self.reason(d.get('reason'))}", i

    def on_TurnSkipped(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return f"{self.who(d.get('seat'))} turns face up and skips the turn", i

    def on_CardsGiven(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return (f"{self.who(d.get('seat'))} gives {self.who(d.get('to'))} "
                f"{cards_text(d.get('cards'), d.get('count'))}{self.reason(d.get('reason'))}"), i

    def on_CardsPeeked(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return self._counted(d, "looks at the top {n} cards of the draw pile"), i

    def on_SuitNamed(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        suit = d.get("suit")
        named = SUIT_SYMBOL.get(suit or "", str(suit))
        return f"{self.who(d.get('seat'))} names {named} (Fanjian)", i

    def on_HandsSwapped(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        counts = d.get("counts") or [len(d.get("cards") or []), len(d.get("other_cards") or [])]
        mine = cards_text(d.get("cards"), counts[0])
        theirs = cards_text(d.get("other_cards"), counts[1])
        return (f"{self.who(d.get('seat'))} ({mine}) and {self.who(d.get('other'))} "
                f"({theirs}) exchange hands{self.reason(d.get('reason'))}"), i

    def on_PindianCardChosen(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        """A pindian card chosen face down: its face only for the chooser's own reading."""
        card = d.get("card")
        what = card_label(card) if card is not None else "a card"
        return f"{self.who(d.get('seat'))} chooses {what} face down for the pindian", i

    def on_PindianShown(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        mine, theirs = (list(d.get("cards") or []) + [None, None])[:2]
        who, whom = self.who(d.get("seat")), self.who(d.get("target"))
        result = "wins" if d.get("won") else "does not win"
        return (f"{who} shows {card_label(mine)}, {whom} {card_label(theirs)}: {who} "
                f"{result} the pindian{self.reason(d.get('reason'))}"), i

    def on_Chose(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        answer, who = d.get("answer") or {}, self.who(d.get("seat"))
        about = self.reason(d.get("ask"))
        if answer.get("type") == "choose":
            return f"{who} chooses “{answer.get('option')}”{about}", i
        if answer.get("type") == "targets":
            seats = answer.get("targets") or answer.get("cards") or []
            return f"{who} chooses {self.whom(seats)}{about}", i
        j = self.after(i)
        if j is not None and self.events[j]["type"] == "CardsMoved":
            return None, i  # the move that follows tells which cards went where
        return f"{who} chooses {cards_text(answer.get('cards'), answer.get('count'))}{about}", i

    def on_CardPicked(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return f"{self.who(d.get('seat'))} takes {card_label(d.get('card'))} " \
               f"(Amazing Grace)", i

    def on_GeneralHidden(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return (f"{self.who(d.get('by'))} turns {self.who(d.get('seat'))}'s {d.get('which')} "
                f"general face down again{self.reason(d.get('reason'))}"), i

    def on_SkillsLost(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return (f"{self.who(d.get('seat'))} loses the skills of their {d.get('which')} general "
                f"for the rest of the game{self.reason(d.get('reason'))}"), i

    def on_WoundsTaken(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return (f"{self.who(d.get('seat'))} turns up {cards_text(d.get('cards'))} as "
                f"wounds{self.reason(d.get('reason'))}"), i

    def on_WoundsDiscarded(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return (f"{self.who(d.get('seat'))} discards the wounds {cards_text(d.get('cards'))}"
                f"{self.reason(d.get('reason'))}"), i

    def on_EquipmentMoved(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return (f"{self.who(d.get('seat'))} puts {card_label(d.get('card'))} from "
                f"{self.who(d.get('source'))}'s equipment into their own"
                f"{self.reason(d.get('reason'))}"), i

    def on_CardTaken(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        what = card_label(d.get("card"))
        return (f"{self.who(d.get('seat'))} takes {what} from "
                f"{self.who(d.get('source'))}'s {d.get('area')}{self.reason(d.get('reason'))}"), i

    # --- cards moving --------------------------------------------------------------------
    def on_CardsDrawn(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return self._counted(d, "draws {n}"), i

    def _counted(self, d: dict[str, Any], what: str) -> str:
        """Cards a seat got or saw: named to whom may see them, else counted."""
        cards, count = d.get("cards"), d.get("count")
        n = len(cards) if cards is not None else (count or 0)
        text = f"{self.who(d.get('seat'))} {what.format(n=n)}"
        if cards:
            text += f": {cards_text(cards)}"
        return text + self.reason(d.get("reason"))

    def on_RewardDrawn(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return self.on_CardsDrawn({**d, "reason": "reward"}, i)

    def on_CardsMoved(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        src, dst = str(d.get("src", "")), str(d.get("dst", ""))
        if _cleared({"type": "CardsMoved", "data": d}):
            return None, i  # bookkeeping
        cards = cards_text(d.get("cards"), d.get("count"))
        why = self.reason(d.get("reason"))
        if src[:1] == "j" and dst == "table":
            return f"{self.zone(src).replace('judgment area', '')}{cards} comes up for judgment", i
        if dst[:1] == "h" and dst[1:].isdigit():
            taker = self.who(int(dst[1:]))
            source = "" if src == "table" else f" from {self.zone(src)}"
            return f"{taker} takes {cards}{source}{why}", i
        if dst == "discard" and src[:1] in "hej" and src[1:].isdigit():
            area = {"h": "", "e": " (equipment)", "j": " (judgment area)"}[src[0]]
            verb = "is" if len(d.get("cards") or []) == 1 or d.get("count") == 1 else "are"
            return f"{self.who(int(src[1:]))}'s {cards}{area} {verb} discarded{why}", i
        return f"{cards}: {self.zone(src)} → {self.zone(dst)}{why}", i

    def on_CardsRevealed(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return f"Turned up{self.reason(d.get('reason'))}: {cards_text(d.get('cards'))}", i

    def on_PileArranged(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        """Guanxing's cards put back: which, where, for whom sees them; how many, else."""
        top, bottom, counts = d.get("top"), d.get("bottom"), d.get("counts")
        who = self.who(d.get("seat"))
        if isinstance(top, list) and isinstance(bottom, list):
            parts = [f"{cards_text(top)} on top" if top else "",
                     f"{cards_text(bottom)} at the bottom" if bottom else ""]
            return f"{who} puts {' and '.join(p for p in parts if p)}", i
        on_top, under = counts if isinstance(counts, list) and len(counts) == 2 else (
            top if isinstance(top, int) else 0, bottom if isinstance(bottom, int) else 0)
        return f"{who} puts {on_top} on top of the draw pile and {under} at the bottom", i

    # --- judgments -----------------------------------------------------------------------
    def on_Judged(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        seat, reason = d.get("seat"), d.get("reason")
        self.judging = (seat, reason)
        text = f"{self.who(seat)}'s judgment for {self.narrator.word(reason)}: " \
               f"{card_label(d.get('card'))}"
        if "result" in d:  # the first engine judged in one event
            return text + _meaning(reason, d["result"]), i
        j = self.after(i)
        if j is not None and self.events[j]["type"] == "JudgmentSettled" and \
                self.events[j]["data"].get("seat") == seat:
            return text + _meaning(reason, self.events[j]["data"].get("result")), j
        return text, i

    def on_JudgmentSettled(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        reason = d.get("reason")
        return (f"{self.who(d.get('seat'))}'s judgment for {self.narrator.word(reason)}"
                f" settles on {card_label(d.get('card'))}{_meaning(reason, d.get('result'))}"), i

    def on_JudgmentChanged(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return (f"{self.who(d.get('by'))} replaces {self.who(d.get('seat'))}'s judgment card "
                f"with {card_label(d.get('card'))}"), i

    def on_LightningPassed(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return f"Lightning passes from {self.who(d.get('seat'))} to {self.who(d.get('to'))}", i

    def on_ArmorBlocked(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return f"{self.who(d.get('seat'))}'s {title(d.get('armor'))} blocks it", i

    # --- health, dying and death -----------------------------------------------------------
    def on_Damaged(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        seat = d.get("seat")
        if isinstance(seat, int):
            self.set_hp(seat, -d.get("amount", 0))
        source = d.get("source")
        by = f" from {self.who(source)}" if source is not None and source != seat else ""
        return (f"{self.who(seat)} takes{_amount(d)}{by}{self.reason(d.get('reason'))}"
                f"{self.health(seat) if isinstance(seat, int) else ''}"), i

    def on_NatureDamaged(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        """Fire or thunder damage; "down the chain" when a chained seat passed it on."""
        text, i = self.on_Damaged(d, i)
        return (text or "") + (" (down the chain)" if d.get("chain") else ""), i

    def on_KillBlocked(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return (f"{self.who(d.get('seat'))}'s {card_label(d.get('armor'))} stops the Kill"), i

    def on_EffectBlocked(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return (f"{self.who(d.get('seat'))}'s {card_label(d.get('armor'))} stops "
                f"{title(d.get('name'))}"), i

    # --- the Kingdom Wars deck ------------------------------------------------------------
    def on_ChainToggled(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        state = "chained" if d.get("chained") else "unchained"
        return f"{self.who(d.get('seat'))} is {state}", i

    def on_CardRecast(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return f"{self.who(d.get('seat'))} recasts {card_label(d.get('card'))}", i

    def on_CardShown(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return (f"{self.who(d.get('seat'))} shows {card_label(d.get('card'))}"
                f"{self.reason(d.get('reason'))}"), i

    def on_KnownBothSeen(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        choice, seen = d.get("choice"), d.get("seen")
        whose = f"{self.who(d.get('target'))}'s"
        what = "hand" if choice == "hand" else f"hidden {choice}"
        text = f"{self.who(d.get('seat'))} looks at {whose} {what} (Known Both)"
        if seen is not None:  # only the user's view shows what was seen
            text += ": " + (cards_text(seen) if choice == "hand"
                            else ", ".join(self.narrator.word(g) for g in seen))
        return text, i

    def on_HpLost(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        seat = d.get("seat")
        if isinstance(seat, int):
            self.set_hp(seat, -d.get("amount", 0))
        return (f"{self.who(seat)} loses {d.get('amount')} HP{self.reason(d.get('reason'))}"
                f"{self.health(seat) if isinstance(seat, int) else ''}"), i

    def on_Healed(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        seat = d.get("seat")
        if isinstance(seat, int):
            self.set_hp(seat, d.get("amount", 0))
        if seat == self.dying and self.hp[seat] is not None and self.hp[seat] > 0:  # type: ignore[index,operator]
            self.dying = None
        return (f"{self.who(seat)} recovers {d.get('amount')} HP{self.reason(d.get('reason'))}"
                f"{self.health(seat) if isinstance(seat, int) else ''}"), i

    def on_Dying(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        self.dying = d.get("seat")
        return f"{self.who(d.get('seat'))} is dying", i

    def on_Rescued(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        self.dying = None
        return f"{self.who(d.get('seat'))} is saved", i

    def on_Died(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        seat, revealed = d.get("seat"), d.get("revealed") or {}
        self.dying = None
        if isinstance(seat, int) and 0 <= seat < len(self.alive):
            self.alive[seat] = False
        text = f"{self.who(seat)} dies"
        if d.get("killer") is not None and d.get("killer") != seat:
            text += f", killed by {self.who(d['killer'])}"
        if revealed.get("role"):
            text += f" — {_a(revealed['role'])}"
        return text, i

    def on_GameEnded(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        self.group = "Result"
        o = d.get("outcome") or {}
        side, reason = o.get("side"), str(o.get("reason", "")).replace("_", " ")
        if side == "draw":
            return f"A draw ({reason})", i
        winners = self.whom(o.get("winners") or []) if o.get("winners") else ""
        head = SIDES.get(side or "", f"{title(side)} wins")
        return head + (f": {winners}" if winners else ""), i

    # --- Kingdom Wars (first engine) ---------------------------------------------------------
    def on_CandidatesRedealt(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return f"{self.who(d.get('seat'))} is dealt new candidates", i

    def on_FirstSeatDrawn(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        return f"{self.who(d.get('seat'))} goes first", i

    def on_KingdomDecided(self, d: dict[str, Any], i: int) -> tuple[str | None, int]:
        side = "a careerist" if d.get("careerist") else f"of {title(d.get('kingdom'))}"
        return f"{self.who(d.get('seat'))} is {side}", i


def _general_id(general: Any) -> str | None:
    """A general's id, from a view that shows it as an object or as its id."""
    if isinstance(general, dict):
        return general.get("id")
    return general if isinstance(general, str) else None


def _judge(reason: Any, card: Any) -> bool | None:
    """What a judgment card means for its reason, from the card alone (the rules of
    docs/rules: Indulgence escaped on ♥, Lightning on ♠2–9, Ganglie on any but ♥,
    Luoshen on black, the rest on red); None for a card not shown."""
    if not (isinstance(card, int) and 0 <= card < len(CARDS)):
        return None
    c = CARDS[card]
    if reason == "indulgence":
        return c.suit != "H"
    if reason == "supply_shortage":
        return c.suit != "C"
    if reason == "lightning":
        return c.suit == "S" and 2 <= c.number <= 9
    if reason == "ganglie":
        return c.suit != "H"
    if reason == "luoshen":
        return c.suit in "SC"
    if reason == "leiji":
        return c.suit == "S"
    return c.suit in "HD"


def _card_id(card: Any) -> Any:
    """A card's id, from a view that names cards by id or as objects."""
    return card.get("id") if isinstance(card, dict) else card


def _cleared(e: EventView) -> bool:
    """Cards leaving the table for the discard pile once used or answered: bookkeeping."""
    d = e["data"]
    return e["type"] == "CardsMoved" and d.get("src") == "table" and d.get("dst") == "discard"


def _amount(d: dict[str, Any]) -> str:
    nature = d.get("nature")
    kind = f" {nature}" if nature and nature != "normal" else ""
    return f" {d.get('amount', 0)}{kind} damage"


def _meaning(reason: Any, result: Any) -> str:
    words = JUDGMENTS.get((reason, bool(result)))
    if words:
        return f" — {words}"
    return " — it works" if result else " — it fails"


def _a(role: str) -> str:
    return {"lord": "the lord", "loyalist": "a loyalist", "rebel": "a rebel",
            "renegade": "a renegade"}.get(role, role)
