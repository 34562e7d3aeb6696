"""Hand-made Kingdom Wars fact lists: the 'given events' of the referee's stories.

A story writes the facts a stored game would hold, one call per event, numbered as the
store numbers them (1 = Started). ``Story([("caocao", "xuchu"), ...])`` seats one player
per pair of generals (candidates: the pair and two fillers), draws seat ``first`` to
begin, deals the deck in id order unless ``hands`` says what a seat holds, records every
choice with its HP limit, and deals the hands. The story keeps the draw pile, so draws
take its top; a show records the side the rules fix unless told otherwise.
"""

from __future__ import annotations

from typing import Any

from domain.audit import Fact, Recount, Violation
from domain.referee.hegemony import referee
from domain.sanguosha.cards import DECK_SIZE
from domain.sanguosha.generals import IDS, ROSTER


class Story:
    def __init__(self, picks: list[tuple[str, str]], *, first: int = 0,
                 hands: dict[int, list[int]] | None = None,
                 pile: list[int] | None = None, **options: Any) -> None:
        self.n = n = len(picks)
        self.picks = picks
        self.facts: list[Fact] = []
        self.side: list[str | None] = [None] * n
        self.shown: list[set[str]] = [set() for _ in range(n)]
        self.hp = [(ROSTER[h].hp_halves + ROSTER[d].hp_halves) // 2 for h, d in picks]
        self.turn = 0
        hands = hands or {}
        fixed = [c for h in hands.values() for c in h] + list(pile or [])
        rest = [c for c in range(DECK_SIZE) if c not in fixed]
        dealt = []
        for s in range(n):
            hand = list(hands.get(s, []))
            while len(hand) < 4:
                hand.append(rest.pop(0))
            dealt.append(hand)
        self.pile = list(pile or []) + rest
        deck = [c for h in dealt for c in h] + self.pile
        used = {g for p in picks for g in p}
        spare = [g for g in IDS if g not in used]
        candidates = [[h, d, spare.pop(), spare.pop()] for h, d in picks]
        self.add("Started", players=[f"p{i}" for i in range(n)],
                 options={"ask_everyone": False, **options}, agents=["human"] * n)
        self.add("CandidatesDealt", candidates=candidates)
        self.add("FirstSeatDrawn", seat=first)
        self.add("DeckShuffled", order=deck)
        self.chosen = [self.add("GeneralsChosen", seat=s, head=h, deputy=d, max_hp=self.hp[s])
                       for s, (h, d) in enumerate(picks)]
        self.add("HandsDealt", hands=dealt)
        self.hands = [list(h) for h in dealt]
        self.current = first

    def add(self, kind: str, **data: Any) -> int:
        """One more fact; returns its event number."""
        self.facts.append(Fact(len(self.facts) + 1, kind, data))
        return len(self.facts)

    # --- one call per decision or consequence ---------------------------------------
    def turn_starts(self, seat: int) -> int:
        self.turn += 1
        self.current = seat
        return self.add("TurnStarted", seat=seat, turn=self.turn)

    def show(self, seat: int, which: str = "both", reason: str = "turn_start",
             side: str | None = None) -> int:
        """Show generals (and record the side a first show fixes); the show's number."""
        ws = ["head", "deputy"] if which == "both" else [which]
        ws = [w for w in ws if w not in self.shown[seat]]
        names = [self.picks[seat][0 if w == "head" else 1] for w in ws]
        at = self.add("GeneralsShown", seat=seat, which=ws, generals=names, reason=reason)
        self.shown[seat].update(ws)
        if self.side[seat] is None:
            kingdom = ROSTER[self.picks[seat][0]].kingdom
            before = sum(1 for x in self.side if x == kingdom)
            rightful = f"careerist:{seat}" if 2 * (before + 1) > self.n else kingdom
            side = side or rightful
            self.add("KingdomDecided", seat=seat, kingdom=kingdom, side=side,
                     careerist=side != kingdom, shown_before=before)
            self.side[seat] = side
        return at

    def decline(self, seat: int) -> int:
        return self.add("ShowDeclined", seat=seat)

    def draw(self, seat: int, n: int = 2, reason: str = "draw_phase") -> int:
        cards, self.pile = self.pile[:n], self.pile[n:]
        self.hands[seat] += cards
        return self.add("CardsDrawn", seat=seat, cards=cards, reason=reason)

    def use(self, seat: int, name: str, cards: list[int], targets: list[int],
            via: str = "play") -> int:
        for c in cards:
            if c in self.hands[seat]:
                self.hands[seat].remove(c)
        return self.add("CardUsed", seat=seat, name=name, cards=cards, targets=targets,
                        via=via)

    def hit(self, user: int, target: int, card: int) -> int:
        """A Kill the target does not dodge: 1 damage (and its dying at 0 HP, no Peach
        anywhere); the damage's number."""
        self.use(user, "kill", [card], [target])
        self.add("Declined", seat=target, ask="dodge")
        self.hp[target] -= 1
        at = self.add("Damaged", seat=target, source=user, amount=1, cards=[card],
                      reason="kill")
        if self.hp[target] <= 0:
            self.add("Dying", seat=target, source=user)
        return at

    def dies(self, seat: int, killer: int | None) -> int:
        at = self.add("Died", seat=seat, killer=killer,
                      revealed={"generals": list(self.picks[seat])}, cards=self.hands[seat])
        self.hands[seat] = []
        if len(self.shown[seat]) < 2:
            self.show(seat, reason="death")
        return at

    def change(self, version: int, **fields: Any) -> None:
        """Rewrite one recorded fact (a forger's edit)."""
        f = self.facts[version - 1]
        self.facts[version - 1] = Fact(f.version, f.type, f.data | fields)

    def end_play(self, seat: int) -> int:
        return self.add("PhaseChanged", seat=seat, phase="discard", skipped=None)

    def end_turn(self, seat: int) -> int:
        return self.add("TurnEnded", seat=seat)

    def quiet_turn(self, seat: int, show: str | None = None) -> int:
        """A turn that shows ``show`` (or declines while hidden), draws and ends."""
        self.turn_starts(seat)
        if show is not None:
            self.show(seat, show)
        elif len(self.shown[seat]) < 2:
            self.decline(seat)
        self.draw(seat)
        self.end_play(seat)
        self.discard_down(seat)
        return self.end_turn(seat)

    def discard_down(self, seat: int) -> int | None:
        """The discard phase: the newest cards beyond the HP go."""
        excess = len(self.hands[seat]) - self.hp[seat]
        if excess <= 0:
            return None
        cards, self.hands[seat] = self.hands[seat][-excess:], self.hands[seat][:-excess]
        return self.add("CardsDiscarded", seat=seat, cards=cards, reason="discard_phase",
                        by=None)

    def end_shows(self) -> None:
        """Every hidden general shown at the end, in turn order from the seat on turn."""
        for s in [(self.current + i) % self.n for i in range(self.n)]:
            if len(self.shown[s]) < 2:
                self.show(s, reason="game_end")

    def end(self, side: str, winners: list[int], reason: str) -> int:
        rows = [{"seat": s, "player": f"p{s}", "won": s in winners,
                 "role": "careerist" if (self.side[s] or "").startswith("careerist")
                 else self.side[s], "score": int(s in winners)} for s in range(self.n)]
        return self.add("GameEnded", outcome={"winners": winners, "side": side,
                                              "reason": reason, "seats": rows})

    # --- the verdict ------------------------------------------------------------------
    def judged(self) -> Recount:
        return referee(self.facts)

    def violations(self) -> list[Violation]:
        return self.judged().violations

    def broken(self) -> set[tuple[int | None, str]]:
        return {(v.version, v.rule) for v in self.violations()}
