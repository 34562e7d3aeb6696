"""Hand-made Killer fact lists: the 'given events' of the referee's stories.

A story writes the facts a stored game would hold, one call per event, numbered as the
store numbers them (1 = Started). Cards are written seat 0 first: "KKPPCCCC" means
killers 0 and 1, police 2 and 3, civilians 4 to 7.
"""

from __future__ import annotations

from typing import Any

from domain.audit import Fact, Recount, Violation
from domain.referee.killer import referee

CARDS = {"K": "killer", "P": "police", "C": "civilian"}
REASONS = {"police": "no living killers", "killers": "no living police",
           "tie": "no living civilians"}


class Story:
    def __init__(self, cards: str = "KKPPCCCC") -> None:
        self.roles = [CARDS[c] for c in cards]
        self.facts: list[Fact] = []
        names = [f"p{i}" for i in range(len(cards))]
        self.add("Started", players=names, options={}, agents=["human"] * len(cards))
        self.add("RolesDealt", roles=list(self.roles))

    def add(self, kind: str, **data: Any) -> int:
        """One more fact; returns its event number."""
        self.facts.append(Fact(len(self.facts) + 1, kind, data))
        return len(self.facts)

    # --- one call per decision or consequence ---------------------------------------
    def kill(self, seat: int, target: int) -> int:
        return self.add("NightKill", seat=seat, target=target)

    def probe(self, seat: int, target: int | None, killer: bool | None = None) -> int:
        """An investigation; the answer is the true one unless given."""
        if target is not None and killer is None:
            killer = self.roles[target] == "killer"
        return self.add("Investigated", seat=seat, target=target, killer=killer)

    def dawn(self, seat: int, role: str | None = None) -> int:
        return self.add("VictimAnnounced", seat=seat, role=role or self.roles[seat])

    def words(self, seat: int, text: str = "") -> int:
        return self.add("LastWords", seat=seat, text=text)

    def speak(self, *seats: int) -> int:
        return [self.add("Statement", seat=s, text="") for s in seats][-1]

    def votes(self, ballots: dict[int, int | None]) -> int:
        """Ballots in the order given; None abstains."""
        return [self.add("VoteCast", seat=s, target=t) if t is not None
                else self.add("Abstained", seat=s) for s, t in ballots.items()][-1]

    def out(self, seat: int, votes: int, role: str | None = None) -> int:
        return self.add("VotedOut", seat=seat, role=role or self.roles[seat], votes=votes)

    def end(self, side: str, winners: list[int] | None = None) -> int:
        """The end as recorded: the side's winners unless other winners are given."""
        if winners is None:
            winners = [s for s, r in enumerate(self.roles)
                       if (side == "killers") == (r == "killer") and side != "tie"]
        rows = [{"seat": s, "player": f"p{s}", "role": r, "won": s in winners,
                 "score": int(s in winners)} for s, r in enumerate(self.roles)]
        return self.add("GameEnded", outcome={"winners": winners, "side": side,
                                              "reason": REASONS[side], "seats": rows})

    # --- then -----------------------------------------------------------------------
    def judged(self) -> Recount:
        return referee(self.facts)

    def violations(self) -> list[Violation]:
        return self.judged().violations

    def rules(self) -> set[tuple[int | None, str]]:
        """(event, rule) of every violation."""
        return {(v.version, v.rule) for v in self.violations()}


def night_one(story: Story) -> None:
    """Night 1 and its day's talk on "KKPPCCCC": killer 1 kills civilian 4; policeman 3
    finds killer 0; 4's last words; statements from 5 round to 3."""
    story.kill(1, 4)
    story.probe(3, 0)
    story.dawn(4)
    story.words(4)
    story.speak(5, 6, 7, 0, 1, 2, 3)


def police_win() -> Story:
    """A whole lawful game: both killers voted out on days 1 and 2."""
    story = Story()
    night_one(story)
    # day 1: killer 0 out by 5 votes to 2
    story.votes({5: 0, 6: 0, 7: 0, 0: 2, 1: 2, 2: 0, 3: 0})
    story.out(0, 5)
    story.words(0)
    # night 2: killer 1 kills 5; policeman 2 finds killer 1
    story.kill(1, 5)
    story.probe(2, 1)
    story.dawn(5)
    story.words(5)
    story.speak(6, 7, 1, 2, 3)
    # day 2: killer 1 out; no living killers: the police (and civilians) win
    story.votes({6: 1, 7: 1, 1: 6, 2: 1, 3: 1})
    story.out(1, 4)
    story.words(1)
    story.end("police")
    return story
