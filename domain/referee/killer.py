"""The Killer referee: a second implementation of the rules that judges a stored game.

It reads the raw facts of a game (the dealt roles, each decision, each recorded
consequence) and walks the rounds as a judge at the table would: who had to decide
next, whether that seat could, what the rules make of each decision. Every recorded
consequence (an investigation's answer, a card shown, a vote count, who leaves, the
end and its winners) is re-derived and compared; every break of a rule becomes a
``Violation`` naming the event and the rule.

It imports nothing from ``domain/killer/``: the role table, the text limit and the
reasons are copied here as its own data, so a bug in the engine is not repeated here.

The rules as judged (paiju's Killer rules):
- 8–16 players; the deal gives 2/3/4 killers and as many police (8–10/11–14/15–16).
- Night: a living killer names a living non-killer, who dies. Win check. Then a
  policeman alive at dusk (tonight's victim included: nobody but the killers knows of the
  death before dawn) names a seat alive at dusk, or declines; the answer is whether that
  seat is a killer. Dawn: the victim is announced with their true card and leaves last
  words. Each living seat makes one statement, starting right of the victim (seat
  victim+1, victim+2, ... around the table), skipping the dead.
- Vote: each living seat votes once, for another living seat, or abstains. The most
  votes leave; a tie is broken by a recorded draw among the tied; if all abstain nobody
  leaves. The voted-out seat shows their true card and leaves last words. Win check.
- Win check after each death: no living killers → police (and civilians) win; else no
  living police → killers win; else no living civilians → tie. The game ends at the
  first death that decides it: the next event is the end, and nothing follows but
  disputes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from domain.audit import Fact, Recount

KILLER, POLICE, CIVILIAN = "killer", "police", "civilian"

#: players → (killers, police); the rest are civilians
TABLE = {n: (2, 2) for n in range(8, 11)} | {n: (3, 3) for n in range(11, 15)} | {
    n: (4, 4) for n in range(15, 17)}

MAX_TEXT = 500  # characters of a statement or last words

REASONS = {"police": "no living killers", "killers": "no living police",
           "tie": "no living civilians"}

WON = {"police": "the police won", "killers": "the killers won", "tie": "it was a tie"}

#: events that may follow the end of a game
AFTER_END = frozenset({"DisputeRaised", "DisputeResolved"})

# what the referee waits for next
START, DEAL, KILL, INVESTIGATION, DAWN, LAST_WORDS, STATEMENT, VOTE, TALLY, END, OVER = (
    "the start", "the deal", "the night's kill", "the investigation", "the dawn",
    "last words", "a statement", "the votes", "the vote's result", "the end",
    "nothing (the game is over)")


def referee(facts: list[Fact]) -> Recount:
    """Judge a Killer game from its stored facts: checks of every recorded consequence
    and the violations of the rules, each with its event number."""
    return Referee().judge(facts)


class Referee:
    """The state of the table as the referee follows it, fact by fact."""

    def __init__(self) -> None:
        self.recount = Recount()
        self.players: list[str] = []
        self.roles: list[str] = []
        self.alive: list[bool] = []
        self.dusk: list[bool] = []  # who was alive when tonight began
        self.died_at: dict[int, int] = {}  # seat → the event of its death
        self.night = 0
        self.victim: int | None = None
        self.speaker: int | None = None  # whose last words are due
        self.after_words = STATEMENT  # what follows the last words: statements, or a check
        self.order: list[int] = []  # today's speaking order
        self.spoken = 0
        self.ballots: dict[int, int | None] = {}  # today's lawful ballots (None: abstained)
        self.drawn: int | None = None  # today's tie-break draw
        self.due = START
        self.resume = START  # what would be due had the game not been decided
        self.decided: tuple[str, int] | None = None  # (side, event) of the first decision
        self.deaths: list[dict[str, Any]] = []
        self.handlers: dict[str, Callable[[Fact], None]] = {
            "Started": self.started, "RolesDealt": self.roles_dealt,
            "NightKill": self.night_kill, "Investigated": self.investigated,
            "VictimAnnounced": self.victim_announced, "LastWords": self.last_words,
            "Statement": self.statement, "VoteCast": self.vote_cast,
            "Abstained": self.abstained, "TieBroken": self.tie_broken,
            "VotedOut": self.voted_out, "NobodyVotedOut": self.nobody_voted_out,
            "GameEnded": self.game_ended,
            "DisputeRaised": self.dispute, "DisputeResolved": self.dispute,
        }

    # --- the walk -------------------------------------------------------------------
    def judge(self, facts: list[Fact]) -> Recount:
        for fact in facts:
            if self.due == OVER:
                if fact.type not in AFTER_END:
                    self.broken(fact, "after-end",
                                f"{fact.type} comes after the end of the game")
                continue
            handler = self.handlers.get(fact.type)
            if handler is None:
                self.broken(fact, "unknown-event", f"{fact.type} is no Killer event")
                continue
            try:
                handler(fact)
            except (KeyError, IndexError, TypeError, ValueError) as e:
                self.broken(fact, "malformed", f"{fact.type} cannot be read "
                            f"({type(e).__name__}: {e})")
        if self.due != OVER:
            self.recount.problems.append("the game has no GameEnded event: it is still live")
            if self.decided is not None:
                side, at = self.decided
                self.recount.violation(None, "game-end", f"{WON[side]} at event {at} "
                                 f"({REASONS[side]}), but the game never ended")
        self.recount.details = {"deaths": self.deaths,
                          "side": self.decided[0] if self.decided else None,
                          "nights": self.night}
        return self.recount

    def broken(self, fact: Fact, rule: str, message: str) -> None:
        self.recount.violation(fact.version, rule, message)

    def expect(self, fact: Fact, figure: str, expected: Any, recorded: Any, rule: str,
               message: str) -> None:
        """A recorded consequence: checked as a figure, a violation when it differs."""
        self.recount.check(figure, expected, recorded, fact.version)
        if expected != recorded:
            self.broken(fact, rule, message)

    def arrive(self, fact: Fact, *due: str) -> None:
        """Check that this fact is what the game waits for; then follow it anyway."""
        if self.due in due:
            return
        if self.due == END and self.decided is not None:
            side, at = self.decided
            self.broken(fact, "game-end", f"{WON[side]} at event {at} "
                        f"({REASONS[side]}): the game should have ended there, not go on "
                        f"with {fact.type}")
            self.due = self.resume  # judge the rest as played, the winner as first decided
            if self.due in due:
                return
        self.broken(fact, "turn-order",
                    f"{fact.type} came while the game was waiting for {self.due}")

    def seat(self, value: Any) -> int:
        if type(value) is not int or not 0 <= value < len(self.roles):
            raise ValueError(f"{value!r} is no seat of this table")
        return value

    def living(self) -> dict[str, int]:
        return Counter(r for r, a in zip(self.roles, self.alive, strict=True) if a)

    def win_check(self, fact: Fact, then: str) -> None:
        """After a death: the first decision is remembered; then only the end may come."""
        living = self.living()
        side = ("police" if not living[KILLER] else "killers" if not living[POLICE]
                else "tie" if not living[CIVILIAN] else None)
        if side is None:
            self.due = then
            return
        if self.decided is None:
            self.decided = (side, fact.version)
        self.due, self.resume = END, then

    def die(self, fact: Fact, seat: int, cause: str, by: str) -> None:
        self.alive[seat] = False
        self.died_at[seat] = fact.version
        self.deaths.append({"seat": seat, "role": self.roles[seat], "cause": cause,
                            "by": by, "night": self.night, "version": fact.version})

    def text(self, fact: Fact) -> None:
        text = fact.data["text"]
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            self.broken(fact, "text", f"seat {fact.data['seat']}'s words are not a text of "
                        f"at most {MAX_TEXT} characters")

    def dead_since(self, seat: int) -> str:
        return f"seat {seat} is dead (since event {self.died_at[seat]})"

    # --- the start ------------------------------------------------------------------
    def started(self, fact: Fact) -> None:
        self.arrive(fact, START)
        self.players = list(fact.data["players"])
        if len(self.players) not in TABLE:
            self.broken(fact, "table-size", f"{len(self.players)} players: Killer is played "
                        "by 8 to 16")
        if fact.data.get("options"):
            self.broken(fact, "options", f"Killer takes no options, got {fact.data['options']}")
        self.due = DEAL

    def roles_dealt(self, fact: Fact) -> None:
        self.arrive(fact, DEAL)
        self.roles = [str(r) for r in fact.data["roles"]]
        n = len(self.roles)
        killers, police = TABLE.get(n, (0, 0))
        wanted = {KILLER: killers, POLICE: police, CIVILIAN: n - killers - police}
        dealt = Counter(self.roles)
        if n != len(self.players) or dealt != wanted:
            self.broken(fact, "deal", f"the deal gives {dict(dealt)} to {n} seats; "
                        f"a table of {len(self.players)} deals {wanted}")
        self.alive = [True] * n
        self.dusk = list(self.alive)
        self.due = KILL

    # --- the night ------------------------------------------------------------------
    def night_kill(self, fact: Fact) -> None:
        self.arrive(fact, KILL)
        seat, target = self.seat(fact.data["seat"]), self.seat(fact.data["target"])
        if self.roles[seat] != KILLER:
            self.broken(fact, "kill-by-killer", f"seat {seat} is a {self.roles[seat]}, not a "
                        "killer, yet named the night's victim")
        elif not self.alive[seat]:
            self.broken(fact, "kill-by-killer", f"{self.dead_since(seat)} and named the "
                        "night's victim")
        if self.roles[target] == KILLER:
            self.broken(fact, "kill-target", f"seat {target} is a killer: the killers kill "
                        "a non-killer")
        if not self.alive[target]:
            self.broken(fact, "kill-target", f"{self.dead_since(target)} and was killed "
                        "again")
        self.night += 1
        self.dusk = list(self.alive)
        self.victim = target
        self.die(fact, target, "killed at night", "the killers")
        self.win_check(fact, INVESTIGATION)

    def investigated(self, fact: Fact) -> None:
        self.arrive(fact, INVESTIGATION)
        seat, target, answer = self.seat(fact.data["seat"]), fact.data["target"], \
            fact.data["killer"]
        if self.roles[seat] != POLICE or not self.dusk[seat]:
            who = (f"a {self.roles[seat]}" if self.roles[seat] != POLICE
                   else "a policeman dead before tonight")
            self.broken(fact, "investigation-by-police",
                        f"seat {seat} is {who}, yet made the police's investigation")
        if target is None:  # the police declined to investigate
            if answer is not None:
                self.broken(fact, "investigation-answer",
                            f"nobody was investigated, yet the answer said {answer!r}")
            self.due = DAWN
            return
        target = self.seat(target)
        if not self.dusk[target]:
            self.broken(fact, "investigation-target",
                        f"{self.dead_since(target)}: the police choose among the living")
        truth = self.roles[target] == KILLER
        said = "yes" if answer is True else "no" if answer is False else repr(answer)
        self.expect(fact, f"night {self.night}: is seat {target} a killer", truth, answer,
                    "investigation-answer",
                    f"seat {target} is a killer, the answer said {said}" if truth else
                    f"seat {target} is a {self.roles[target]}, not a killer; the answer "
                    f"said {said}")
        self.due = DAWN

    def victim_announced(self, fact: Fact) -> None:
        self.arrive(fact, DAWN)
        seat, role = self.seat(fact.data["seat"]), fact.data["role"]
        victim = self.victim if self.victim is not None else seat
        if seat != victim:
            self.broken(fact, "victim-announced", f"seat {seat} was announced dead, but the "
                        f"killers killed seat {victim}")
        self.expect(fact, f"night {self.night}: seat {seat}'s card shown at dawn",
                    self.roles[seat], role, "revealed-card",
                    f"seat {seat} is a {self.roles[seat]}, the card shown said {role}")
        n = len(self.roles)
        self.order = [s for s in ((victim + i) % n for i in range(1, n)) if self.alive[s]]
        self.spoken, self.ballots, self.drawn = 0, {}, None
        self.speaker, self.after_words = victim, STATEMENT
        self.due = LAST_WORDS

    # --- the day --------------------------------------------------------------------
    def last_words(self, fact: Fact) -> None:
        self.arrive(fact, LAST_WORDS)
        seat = self.seat(fact.data["seat"])
        if seat != self.speaker:
            self.broken(fact, "last-words", f"seat {seat} left last words, but they were "
                        f"seat {self.speaker}'s to leave")
        self.text(fact)
        self.speaker = None
        if self.after_words == STATEMENT:
            self.due = STATEMENT if self.order else VOTE
        else:  # the voted-out seat's words: the win check, then the next night
            self.win_check(fact, KILL)

    def statement(self, fact: Fact) -> None:
        self.arrive(fact, STATEMENT)
        seat = self.seat(fact.data["seat"])
        turn = self.order[self.spoken] if self.spoken < len(self.order) else None
        if seat != turn:
            why = ("every living seat has spoken" if turn is None else
                   f"it was seat {turn}'s turn (statements go from right of seat "
                   f"{self.victim}, skipping the dead: {self.order})")
            self.broken(fact, "speaking-order", f"seat {seat} made a statement, but {why}")
        self.text(fact)
        self.spoken += 1
        if self.spoken >= len(self.order):
            self.due = VOTE

    def ballot(self, fact: Fact, target: int | None) -> None:
        """One vote or abstention: lawful ones count, every unlawful one is named."""
        self.arrive(fact, VOTE, TALLY)
        seat = self.seat(fact.data["seat"])
        lawful = True
        if not self.alive[seat]:
            self.broken(fact, "voter-alive", f"{self.dead_since(seat)} and may not vote")
            lawful = False
        elif seat in self.ballots:
            self.broken(fact, "vote-once", f"seat {seat} has already voted today")
            lawful = False
        if target is not None:
            if target == seat:
                self.broken(fact, "no-self-vote", f"seat {seat} voted for itself")
                lawful = False
            elif not self.alive[target]:
                self.broken(fact, "vote-target", f"seat {seat} voted for seat {target}, "
                            f"but {self.dead_since(target)}")
                lawful = False
        if lawful:
            self.ballots[seat] = target
        if all(s in self.ballots for s in self.order):
            self.due = TALLY

    def vote_cast(self, fact: Fact) -> None:
        self.ballot(fact, self.seat(fact.data["target"]))

    def abstained(self, fact: Fact) -> None:
        self.ballot(fact, None)

    def tally(self) -> tuple[Counter[int], list[int]]:
        counts = Counter(t for t in self.ballots.values() if t is not None)
        top = max(counts.values(), default=0)
        return counts, sorted(s for s, c in counts.items() if c == top)

    def counted(self, fact: Fact) -> tuple[Counter[int], list[int]]:
        """The day's lawful votes, counted once every living seat has voted."""
        self.arrive(fact, TALLY, VOTE)
        missing = [s for s in self.order if s not in self.ballots]
        if missing:
            self.broken(fact, "turn-order", f"the vote was counted before seats {missing} "
                        "had voted")
        return self.tally()

    def tie_broken(self, fact: Fact) -> None:
        counts, leaders = self.counted(fact)
        candidates, chosen = list(fact.data["candidates"]), fact.data["chosen"]
        if len(leaders) < 2:
            alone = (f"seat {leaders[0]} led alone with {counts[leaders[0]]} votes"
                     if leaders else "no votes were cast")
            self.broken(fact, "tie-break", f"a tie was broken, but {alone}")
        elif sorted(candidates) != leaders:
            self.broken(fact, "tie-break", f"seats {leaders} tied with "
                        f"{counts[leaders[0]]} votes, but the draw was among {candidates}")
        if chosen not in candidates:
            self.broken(fact, "tie-break", f"the draw chose seat {chosen}, who was not "
                        f"among {candidates}")
        self.drawn = chosen

    def voted_out(self, fact: Fact) -> None:
        seat, role, votes = self.seat(fact.data["seat"]), fact.data["role"], fact.data["votes"]
        counts, leaders = self.counted(fact)
        expected: int | None = leaders[0] if len(leaders) == 1 else None
        if len(leaders) > 1:
            if self.drawn is None:
                self.broken(fact, "tie-break", f"seats {leaders} tied with "
                            f"{counts[leaders[0]]} votes, but no draw was recorded")
                expected = seat if seat in leaders else None
            elif self.drawn in leaders:
                expected = self.drawn
        day = f"day {self.night}"
        if not leaders:
            self.broken(fact, "voted-out", f"seat {seat} was voted out, but nobody voted "
                        "for anyone")
        else:
            self.expect(fact, f"{day}: voted out", expected, seat, "voted-out",
                        f"seat {seat} was voted out, but the votes {dict(counts)} send out "
                        f"{'seat ' + str(expected) if expected is not None else leaders}")
        self.expect(fact, f"{day}: votes against seat {seat}", counts[seat], votes,
                    "vote-count", f"seat {seat} had {counts[seat]} votes, the record says "
                    f"{votes}")
        self.expect(fact, f"{day}: seat {seat}'s card shown", self.roles[seat], role,
                    "revealed-card",
                    f"seat {seat} is a {self.roles[seat]}, the card shown said {role}")
        if not self.alive[seat]:
            self.broken(fact, "voted-out", f"{self.dead_since(seat)} and cannot be voted out")
        self.die(fact, seat, "voted out", "the vote")
        self.speaker, self.after_words = seat, KILL
        self.due = LAST_WORDS

    def nobody_voted_out(self, fact: Fact) -> None:
        counts, leaders = self.counted(fact)
        if leaders:
            self.broken(fact, "voted-out", f"nobody was voted out, but the votes "
                        f"{dict(counts)} send out {leaders}")
        self.due = KILL

    # --- the end --------------------------------------------------------------------
    def game_ended(self, fact: Fact) -> None:
        if self.due != END:
            living = self.living()
            self.broken(fact, "game-end", "the game ended, but nobody had won: "
                        f"{living[KILLER]} killers, {living[POLICE]} police and "
                        f"{living[CIVILIAN]} civilians live")
        side = self.decided[0] if self.decided else None
        outcome = fact.data["outcome"]
        winners = ([s for s, r in enumerate(self.roles) if r == KILLER] if side == "killers"
                   else [s for s, r in enumerate(self.roles) if r != KILLER]
                   if side == "police" else [])
        recorded = outcome.get("side")
        said = (f"{WON[self.decided[0]]} (at event {self.decided[1]})" if self.decided
                else "nobody won")
        self.expect(fact, "winning side", side, recorded, "winner",
                    f"{said}, the record says {recorded}")
        self.expect(fact, "winners", winners, sorted(outcome.get("winners", [])), "winner",
                    f"the winners are seats {winners}, the record says "
                    f"{outcome.get('winners')}")
        self.expect(fact, "reason", REASONS.get(side or ""), outcome.get("reason"), "winner",
                    f"the reason is {REASONS.get(side or '')!r}, the record says "
                    f"{outcome.get('reason')!r}")
        rows = {row.get("seat"): row for row in outcome.get("seats", [])}
        for seat, role in enumerate(self.roles):
            row = rows.get(seat, {})
            won = seat in winners
            want = {"player": self.players[seat] if seat < len(self.players) else None,
                    "role": role, "won": won, "score": 1 if won else 0}
            got = {k: row.get(k) for k in want}
            self.expect(fact, f"seat {seat} outcome", want, got, "outcome-row",
                        f"seat {seat}'s outcome should be {want}, the record says {got}")
        self.due = OVER

    def dispute(self, fact: Fact) -> None:
        """Disputes follow the end (handled in ``judge``); one before it is out of turn."""
        self.broken(fact, "turn-order", f"{fact.type} before the end of the game: disputes "
                    "are raised on finished games")
