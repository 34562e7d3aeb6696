"""Hand-made identity-mode fact lists: the 'given events' of the referee's stories.

A story writes the facts a stored game would hold, one call per event, numbered as the
store numbers them (1 = Started). Roles are written seat 0 first: "LRNY" is the lord at
seat 0, a rebel at 1, a renegade at 2 and a loyalist at 3. The deck is the hands, then
``top`` (the next draws, in order), then every other card. Bot-only tables: only holders
are asked in Nullification and Peach windows, so stories give nobody such a card.
"""

from __future__ import annotations

from typing import Any

from domain.audit import Fact, Recount, Violation
from domain.referee.identity import referee
from domain.sanguosha.cards import NAME

ROLES = {"L": "lord", "Y": "loyalist", "R": "rebel", "N": "renegade"}
CROSSBOW, EX_NIHILO = 89, [69, 70, 71, 72]
KILLS = list(range(0, 30))  # 0-6 black spades, 7-20 clubs, 21-29 red
DODGE = 30
#: harmless hands for the seats a story does not play (no Peach, no Nullification)
FILLER = [[53, 54, 55, 56], [59, 60, 61, 62], [64, 65, 66, 67], [77, 78, 79, 80],
          [84, 85, 86, 82], [91, 92, 93, 94], [95, 96, 97, 98], [99, 100, 101, 102],
          [103, 104, 105, 106]]


class Story:
    def __init__(self, roles: str = "LRNY", hands: list[list[int]] | None = None,
                 top: list[int] | None = None, options: dict[str, Any] | None = None,
                 hp: list[int] | None = None, rules: int = 2) -> None:
        self.roles = [ROLES[r] for r in roles]
        n = len(self.roles)
        self.facts: list[Fact] = []
        given = [list(h) for h in hands or []]
        top = list(top or [])
        taken = {c for h in given for c in h} | set(top)
        self.hands = (given + [list(h) for h in FILLER if not taken & set(h)])[:n]
        used = {c for h in self.hands for c in h} | set(top)
        deck = [c for h in self.hands for c in h] + top + [c for c in range(108)
                                                           if c not in used]
        self.pile = deck[4 * n:]
        self.hp = hp or [5 if r == "lord" and n >= 5 else 4 for r in self.roles]
        self.alive = [True] * n
        self.add("Started", rules=rules, players=[f"p{i}" for i in range(n)],
                 options={"ask_everyone": False} | (options or {}), agents=["bot"] * n)
        self.add("IdentitiesDealt", roles=list(self.roles), hp=list(self.hp))
        self.add("DeckShuffled", order=deck)
        self.add("HandsDealt", hands=[list(h) for h in self.hands])

    def add(self, kind: str, **data: Any) -> int:
        """One more fact; returns its event number."""
        self.facts.append(Fact(len(self.facts) + 1, kind, data))
        return len(self.facts)

    # --- one call per event -------------------------------------------------------------
    def turn(self, seat: int, number: int) -> int:
        return self.add("TurnStarted", seat=seat, turn=number)

    def draw(self, seat: int, k: int = 2, reason: str = "draw_phase",
             cards: list[int] | None = None) -> int:
        got = cards if cards is not None else self.pile[:k]
        self.pile = [c for c in self.pile if c not in got]
        self.hands[seat] += got
        return self.add("CardsDrawn", seat=seat, cards=list(got), reason=reason)

    def use(self, seat: int, card: int, targets: list[int] | None = None,
            via: str = "play") -> int:
        if card in self.hands[seat]:
            self.hands[seat].remove(card)
        return self.add("CardUsed", seat=seat, name=NAME[card], cards=[card],
                        targets=targets if targets is not None else [seat], via=via)

    def decline(self, seat: int, ask: str) -> int:
        return self.add("Declined", seat=seat, ask=ask)

    def hit(self, seat: int, source: int | None, cards: list[int], reason: str = "kill",
            amount: int = 1) -> int:
        self.hp[seat] -= amount
        return self.add("Damaged", seat=seat, source=source, amount=amount, cards=cards,
                        reason=reason)

    def kill(self, user: int, target: int, card: int) -> int:
        """A Kill used, not dodged, 1 damage; the Damaged event's number."""
        self.use(user, card, [target])
        self.decline(target, "dodge")
        return self.hit(target, user, [card])

    def die(self, seat: int, killer: int | None) -> int:
        """Dying with nobody to ask, then the death (all its cards discarded)."""
        self.add("Dying", seat=seat, source=killer)
        self.alive[seat] = False
        cards, self.hands[seat] = self.hands[seat], []
        return self.add("Died", seat=seat, killer=killer, revealed={"role": self.roles[seat]},
                        cards=cards)

    def reward(self, seat: int, victim: int) -> int:
        got = self.pile[:3]
        self.pile = self.pile[3:]
        self.hands[seat] += got
        return self.add("RewardDrawn", seat=seat, cards=got, victim=victim)

    def end_play(self, seat: int) -> int:
        return self.add("PhaseChanged", seat=seat, phase="discard", skipped=None)

    def turn_end(self, seat: int) -> int:
        return self.add("TurnEnded", seat=seat)

    def end(self, side: str, winners: list[int], reason: str) -> int:
        rows = [{"seat": s, "player": f"p{s}", "role": r, "won": s in winners,
                 "score": int(s in winners)} for s, r in enumerate(self.roles)]
        return self.add("GameEnded", outcome={"winners": winners, "side": side,
                                              "reason": reason, "seats": rows})

    # --- then -------------------------------------------------------------------------
    def judged(self) -> Recount:
        return referee(self.facts)

    def violations(self) -> list[Violation]:
        return self.judged().violations

    def rules(self) -> set[tuple[int | None, str]]:
        """(event, rule) of every violation."""
        return {(v.version, v.rule) for v in self.violations()}


def crossbow_lord(roles: str = "LNRY") -> Story:
    """The lord (seat 0) holds a Crossbow and three Ex Nihilo; its draws are eight Kills."""
    return Story(roles, hands=[[CROSSBOW, *EX_NIHILO[:3]]], top=KILLS[7:15])


def lord_opens(story: Story) -> None:
    """Turn 1: the lord draws Kills 7 and 8, wields the Crossbow, draws four more."""
    story.turn(0, 1)
    story.draw(0)
    story.use(0, CROSSBOW)
    for card in EX_NIHILO[:2]:
        story.use(0, card)
        story.draw(0, reason="ex_nihilo")


def four_kills(story: Story, target: int, cards: list[int]) -> int:
    """Four Kills on a seat at 4 HP, then its death with nobody holding a Peach."""
    for card in cards:
        story.kill(0, target, card)
    return story.die(target, 0)


def lord_wins() -> Story:
    """A whole lawful game: the lord kills renegade 1, then rebel 2: the lord and
    loyalist 3 win at the rebel's death."""
    story = crossbow_lord()
    lord_opens(story)
    four_kills(story, 1, [7, 8, 9, 10])
    story.use(0, EX_NIHILO[2])
    story.draw(0, reason="ex_nihilo")
    four_kills(story, 2, [11, 12, 13, 14])
    story.end("lord", [0, 3], "rebels_and_renegades_dead")
    return story
