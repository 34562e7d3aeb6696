"""Where every card is, as the Kingdom Wars referee follows a game: its own bookkeeping.

The deck order is recorded, and so is every move of a card (a draw, a use, a discard, a
theft, a death): following them, the referee knows each seat's hand, equipment and
judgment area and the draw pile, top first. A card a seat uses must be in its hand; a
card drawn must be the pile's top. Written apart from the engine's zones: only the card
table (names, kinds, slots, suits) is shared, as static data.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.sanguosha.cards import (
    DECK_SIZE,
    MINUS,
    NAME,
    PLUS,
    SLOT,
    WEAPON,
    WEAPON_RANGE,
)

HAND, EQUIP, JUDGE = "hand", "equipment", "judgment"


class Table:
    """Hands, equipment ([weapon, armor, +1 horse, -1 horse]), judgment areas, the cards
    set aside on a general (Buqu's wounds), the pile (top first) and the cards turned up
    by an Amazing Grace; the rest is out of play."""

    def __init__(self, n: int, ids: Sequence[int] = range(DECK_SIZE)) -> None:
        self.n = n
        self.ids = ids  # the dealt deck's card ids (identity 0–107, Kingdom Wars 108–215)
        self.pile: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.equip: list[list[int | None]] = [[None] * 4 for _ in range(n)]
        self.judging: list[list[int]] = [[] for _ in range(n)]
        self.wounds: list[list[int]] = [[] for _ in range(n)]
        self.revealed: list[int] = []

    # --- the pile ---------------------------------------------------------------------
    def shuffled(self, order: list[int]) -> bool:
        """The deck, top first; whether it is an order of the dealt deck's 108 cards."""
        self.pile = list(order)
        return sorted(order) == list(self.ids)

    def out_of_play(self) -> set[int]:
        """Cards in no seat's area, not in the pile, not turned up: the discard pile and
        the cards still being resolved."""
        held = set(self.pile) | set(self.revealed)
        for s in range(self.n):
            held |= set(self.hands[s]) | set(self.judging[s]) | set(self.wounds[s])
            held |= {c for c in self.equip[s] if c is not None}
        return set(self.ids) - held

    def reshuffled(self, order: list[int]) -> bool:
        """The discard pile shuffled under the pile; whether those cards were out of play."""
        ok = len(set(order)) == len(order) and set(order) <= self.out_of_play()
        self.pile = self.pile + [c for c in order if c not in self.pile]
        return ok

    def from_top(self, cards: list[int]) -> bool:
        """Cards taken from the pile: whether they were its top, in order."""
        ok = self.pile[:len(cards)] == list(cards)
        for c in cards:
            if c in self.pile:
                self.pile.remove(c)
        return ok

    # --- a seat's areas ---------------------------------------------------------------
    def area_of(self, seat: int, card: int) -> str | None:
        if card in self.hands[seat]:
            return HAND
        if card in self.equip[seat]:
            return EQUIP
        if card in self.judging[seat]:
            return JUDGE
        return None

    def remove(self, seat: int, card: int, areas: tuple[str, ...] = (HAND, EQUIP, JUDGE)
               ) -> str | None:
        """Take a card from the seat's areas; the area it was in, None if it was not."""
        area = self.area_of(seat, card)
        if area not in areas:
            return None
        if area == HAND:
            self.hands[seat].remove(card)
        elif area == EQUIP:
            self.equip[seat][self.equip[seat].index(card)] = None
        else:
            self.judging[seat].remove(card)
        return area

    def equipment(self, seat: int) -> list[int]:
        return [c for c in self.equip[seat] if c is not None]

    def everything(self, seat: int, areas: str = "hej") -> list[int]:
        """The seat's cards: hand, equipment, judgment (as the engine lists them); ``w``
        adds the wounds set aside on its general (not a card of any area)."""
        return ((self.hands[seat] if "h" in areas else [])
                + (self.equipment(seat) if "e" in areas else [])
                + (self.judging[seat] if "j" in areas else [])
                + (self.wounds[seat] if "w" in areas else []))

    def clear(self, seat: int, areas: str = "hej") -> None:
        if "h" in areas:
            self.hands[seat] = []
        if "e" in areas:
            self.equip[seat] = [None] * 4
        if "j" in areas:
            self.judging[seat] = []
        if "w" in areas:
            self.wounds[seat] = []

    def wear(self, seat: int, card: int) -> None:
        slot = SLOT[card]
        assert slot is not None
        self.equip[seat][slot] = card

    def weapon(self, seat: int) -> str | None:
        c = self.equip[seat][WEAPON]
        return None if c is None else NAME[c]

    def armor(self, seat: int) -> str | None:
        c = self.equip[seat][1]
        return None if c is None else NAME[c]

    # --- distance ---------------------------------------------------------------------
    def distance(self, src: int, dst: int, alive: list[bool]) -> int:
        """Steps either way round the living seats, the fewer; +1 for the target's +1
        horse, -1 for the source's -1 horse; at least 1."""
        if src == dst:
            return 0
        ring = [s for s in range(self.n) if alive[s]]
        if src not in ring or dst not in ring:
            return 10**6
        steps = abs(ring.index(src) - ring.index(dst))
        d = min(steps, len(ring) - steps)
        d += (self.equip[dst][PLUS] is not None) - (self.equip[src][MINUS] is not None)
        return max(d, 1)

    def reach(self, seat: int) -> int:
        """Attack range: 1 unarmed, else the weapon's."""
        w = self.weapon(seat)
        return 1 if w is None else WEAPON_RANGE[w]
