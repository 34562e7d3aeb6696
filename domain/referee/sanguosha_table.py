"""The Sanguosha table as a referee keeps it: zones, HP, distance; the referee's own code.

Where every card is (hands, equipment slots, judgment areas, the draw pile top first, the
discard pile, cards in flight), each seat's HP, and the distance rules. Only the card list
(names, suits, numbers, weapon ranges) comes from ``domain/sanguosha/cards.py``, a static
table; the rules that read it are written here again.
"""

from __future__ import annotations

from domain.sanguosha.cards import DECK, WEAPON_RANGE

#: equipment slots, by card name
SLOTS = ("weapon", "armor", "plus_horse", "minus_horse")
ARMORS = frozenset({"eight_trigrams", "renwang_shield"})


def name(card: int) -> str:
    return DECK[card].name


def label(card: int) -> str:
    """A card as a referee says it: its id and face, e.g. "card 41 (Kill ♣8)"."""
    return f"card {card} ({DECK[card].label()})" if 0 <= card < len(DECK) else f"card {card}"


def labels(cards: list[int]) -> str:
    return ", ".join(label(c) for c in cards) or "no card"


def slot_of(card: int) -> str | None:
    n = name(card)
    return ("weapon" if n in WEAPON_RANGE else "armor" if n in ARMORS
            else n if n in ("plus_horse", "minus_horse") else None)


def is_red(card: int) -> bool:
    return DECK[card].suit in "HD"


def colour(cards: list[int]) -> str | None:
    """A used card's colour; two cards of different colours used as one have none."""
    reds = {is_red(c) for c in cards}
    return None if len(reds) != 1 else "red" if reds.pop() else "black"


def judgment_holds(reason: str, card: int) -> bool:
    """Whether a judgment card makes the effect happen (rules, section 10)."""
    suit, number = DECK[card].suit, DECK[card].number
    if reason == "indulgence":
        return suit != "H"
    if reason == "lightning":
        return suit == "S" and 2 <= number <= 9
    return suit in "HD"  # Eight Trigrams: a red card counts as a Dodge


class Table:
    """Every zone of the table, and the rules that only look at the table."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.equip: list[dict[str, int]] = [{} for _ in range(n)]
        self.judging: list[list[int]] = [[] for _ in range(n)]
        self.pile: list[int] = []  # top first
        self.discard: list[int] = []
        self.flight: list[int] = []  # used cards whose effect is not over
        self.hp = [0] * n
        self.max_hp = [0] * n
        self.alive = [True] * n

    # --- seats and distance ------------------------------------------------------------
    def order_from(self, seat: int) -> list[int]:
        return [(seat + i) % self.n for i in range(self.n)]

    def living_from(self, seat: int) -> list[int]:
        return [s for s in self.order_from(seat) if self.alive[s]]

    def distance(self, a: int, b: int) -> int:
        """Steps between living seats the shorter way round, horses counted, at least 1."""
        ring = [s for s in range(self.n) if self.alive[s]]
        steps = abs(ring.index(a) - ring.index(b))
        d = min(steps, len(ring) - steps)
        d += ("plus_horse" in self.equip[b]) - ("minus_horse" in self.equip[a])
        return max(d, 1)

    def reach(self, seat: int) -> int:
        weapon = self.equip[seat].get("weapon")
        return 1 if weapon is None else WEAPON_RANGE[name(weapon)]

    def in_range(self, seat: int) -> list[int]:
        return [s for s in range(self.n) if s != seat and self.alive[s]
                and self.distance(seat, s) <= self.reach(seat)]

    def weapon(self, seat: int) -> str | None:
        card = self.equip[seat].get("weapon")
        return None if card is None else name(card)

    def armor(self, seat: int) -> str | None:
        card = self.equip[seat].get("armor")
        return None if card is None else name(card)

    # --- holdings ---------------------------------------------------------------------
    def holds(self, seat: int, card_name: str) -> bool:
        return any(name(c) == card_name for c in self.hands[seat])

    def equipment(self, seat: int) -> list[int]:
        return [self.equip[seat][s] for s in SLOTS if s in self.equip[seat]]

    def horses(self, seat: int) -> list[int]:
        return [self.equip[seat][s] for s in ("plus_horse", "minus_horse")
                if s in self.equip[seat]]

    def has_cards(self, seat: int, areas: str = "hej") -> bool:
        return bool(("h" in areas and self.hands[seat]) or ("e" in areas and self.equip[seat])
                    or ("j" in areas and self.judging[seat]))

    def can_kill(self, seat: int) -> bool:
        """Holds a Kill, or two hand cards with a Spear to play as one."""
        return self.holds(seat, "kill") or (self.weapon(seat) == "spear"
                                            and len(self.hands[seat]) >= 2)

    def area_of(self, seat: int, card: int) -> str | None:
        if card in self.hands[seat]:
            return "hand"
        if card in self.equip[seat].values():
            return "equipment"
        return "judgment" if card in self.judging[seat] else None

    def take_from(self, seat: int, card: int) -> None:
        """Remove a card from the seat's areas (nothing if it is not there)."""
        if card in self.hands[seat]:
            self.hands[seat].remove(card)
        elif card in self.judging[seat]:
            self.judging[seat].remove(card)
        for slot, held in list(self.equip[seat].items()):
            if held == card:
                del self.equip[seat][slot]

    def clear(self, seat: int, areas: str = "hej") -> list[int]:
        out: list[int] = []
        if "h" in areas:
            out += self.hands[seat]
            self.hands[seat] = []
        if "e" in areas:
            out += self.equipment(seat)
            self.equip[seat] = {}
        if "j" in areas:
            out += self.judging[seat]
            self.judging[seat] = []
        return out

    def finish(self, cards: list[int]) -> None:
        """A card's effect is over: what is still in flight goes to the discard pile."""
        for c in cards:
            if c in self.flight:
                self.flight.remove(c)
                self.discard.append(c)
