"""One game of Killer as an event-sourced aggregate: the deal, nights, days and votes.

A round is: night kill (any living killer submits the team's choice) → win check →
investigation (any living policeman submits it, or skips) → dawn: the victim is announced
and leaves last words → one statement per living player in turn → a simultaneous vote →
the voted-out player reveals their card and leaves last words → win check → next night.

Seat numbers increase to the right (anticlockwise at a real table), so "starting right of
the victim" means seat victim+1, then victim+2, ... skipping the dead.

Choices where the rules leave room:
- Last words and statements are turns every asked seat must take; the text may be empty.
- The police may investigate any living player (the rules say "one living player"; living
  as far as they know, see below), or ``skip`` (the bots skip when no uninvestigated
  non-policeman lives).
- The win check follows a night kill at once (no dawn if the game is decided), and a
  day's vote-out after the voted-out player's last words, in the rules' order.
- Until dawn only the killers (and the referee) know who died tonight. For everyone else
  the table is as it was at dusk: the police choose among every seat alive at dusk,
  tonight's victim included, and an investigation of the victim answers with the
  victim's true card (a victim is never a killer: "not a killer"), never "dead".
- A policeman killed tonight is still asked with his team, as at dusk, and may submit
  the team's investigation himself: refusing him, or leaving him out of ``to_act``, would
  tell him and his team who died. At a real table he would open his eyes with the police
  too, since the judge announces the death only at dawn.
- Between a deciding death and the ``GameEnded`` recorded with it (a replay stopped at
  that event) the phase is ``ending`` and nobody is waited on.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.game import (
    Game,
    InvalidSetup,
    MalformedAction,
    Viewer,
    check_seating,
    pick,
    seat_outcome,
)
from domain.killer.errors import (
    AlreadyVoted,
    CannotKillKiller,
    DeadPlayerActing,
    NotAKiller,
    NotPolice,
    SelfVote,
    SpeakingOutOfTurn,
    TargetNotLiving,
    TextTooLong,
    WrongPhase,
)
from domain.killer.roles import (
    CIVILIAN,
    KILLER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    POLICE,
    REASONS,
    deal,
    winners,
    winning_side,
)

#: statements and last words longer than this are refused (characters, as written)
MAX_TEXT = 500
#: the rules version new games record in their first event (bump it when a rules change
#: would make a stored game replay differently; see ``Game.rules_version``)
RULES_VERSION = 1

NIGHT_KILL = "night_kill"
INVESTIGATE = "investigate"
LAST_WORDS = "last_words"
STATEMENTS = "statements"
VOTE = "vote"

#: the phase each action type belongs to
PHASE_OF = {
    "kill": NIGHT_KILL,
    "investigate": INVESTIGATE,
    "skip": INVESTIGATE,
    "last_words": LAST_WORDS,
    "speak": STATEMENTS,
    "vote": VOTE,
    "abstain": VOTE,
}

#: who the game waits for in each phase, as everyone may know it
ENDING = "ending"  # a death decided the game; GameEnded follows in the same command

WAITING_FOR = {
    NIGHT_KILL: "killers",
    INVESTIGATE: "police",
    LAST_WORDS: "last words",
    STATEMENTS: "statement",
    VOTE: "votes",
}


class KillerGame(Game):
    """A table of 8–16 seats. Every decision is one event; automatic steps (dawn, the
    tally, the win check) are recorded as their own facts in the same command."""

    kind = "killer"
    rules_version = RULES_VERSION
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    # Killer checks turns itself: the base check's message names the waiting seats, which
    # at night are the secret killers or police, and a refusal must say *why* (dead, not
    # police, wrong phase ...) with a named exception.
    anytime_actions = frozenset(PHASE_OF)

    @classmethod
    def new(
        cls,
        players: list[str],
        options: dict[str, Any] | None = None,
        *,
        agents: list[str] | None = None,
        rng: random.Random | None = None,
    ) -> KillerGame:
        """Seat the players and deal the roles at random; the deal is recorded."""
        rng = pick(rng)
        seats = check_seating(players, agents)
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise InvalidSetup(
                f"Killer is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}"
            )
        if options:
            raise InvalidSetup(f"Killer takes no options (got {sorted(options)})")
        game = cls(
            players=list(players),
            options={},
            agents=seats,
        )
        game.trigger_event(cls.RolesDealt, roles=deal(len(players), rng))
        return game

    def __init__(self, players: list[str], options: dict[str, Any], agents: list[str]) -> None:
        """The body of the ``Started`` event (the library calls it with the event's
        fields, on creation and on every replay): state only."""
        n = len(players)
        self.players = players
        self.options = options
        self.agents = agents
        self.outcome = None
        self.roles: list[str] = []
        self.team: dict[str, list[int]] = {KILLER: [], POLICE: [], CIVILIAN: []}
        self.living: dict[str, int] = {KILLER: 0, POLICE: 0, CIVILIAN: 0}
        self.alive = [True] * n
        self.revealed = [False] * n  # card shown to everyone (an announced death)
        self.phase = "dealing"
        self.night = 0  # the round number; day N follows night N
        self.victim: int | None = None  # tonight's victim, kept for the day's order
        self.speaker: int | None = None  # whose last words the game waits for
        self.voted_out: int | None = None
        self.order: list[int] = []  # today's living seats, starting right of the victim
        self.turn = 0  # index into order during statements
        self.ballots: dict[int, int | None] = {}  # today's votes; None = abstained
        self.tie_break: dict[str, Any] | None = None
        self.investigations: list[dict[str, Any]] = []
        self.found: list[int] = []  # killers the police found, in the order found
        self.investigated: set[int] = set()
        # every death in order; a night's is shown to the town from its dawn (see view)
        self.deaths: list[dict[str, Any]] = []
        self.statements: list[dict[str, Any]] = []
        self.last_words: list[dict[str, Any]] = []
        self.votes: list[dict[str, Any]] = []

    # --- queries --------------------------------------------------------------
    def living_seats(self) -> list[int]:
        return [s for s, a in enumerate(self.alive) if a]

    def living_of(self, role: str) -> list[int]:
        return [s for s in self.team[role] if self.alive[s]]

    def alive_as_known(self, seat: int) -> bool:
        """Alive as the town knows it: until dawn tonight's victim still counts, so whom
        the police may choose or who may act tells nobody who died."""
        return self.alive[seat] or (seat == self.victim and self.phase == INVESTIGATE)

    def living_at_dusk(self) -> list[int]:
        """During the investigation, the seats alive when night fell (tonight's victim
        among them); at any other time, the living seats."""
        return [s for s in range(len(self.alive)) if self.alive_as_known(s)]

    def living_non_killers(self) -> list[int]:
        return [s for s, a in enumerate(self.alive) if a and self.roles[s] != KILLER]

    def still_living_found(self) -> list[int]:
        """Killers the police found who still live, first found first."""
        return [s for s in self.found if self.alive[s]]

    def to_act(self) -> list[int]:
        if self.outcome is not None:
            return []
        phase = self.phase
        if phase == NIGHT_KILL:
            return self.living_of(KILLER)
        if phase == INVESTIGATE:  # the police as they were at dusk
            return [s for s in self.team[POLICE] if self.alive_as_known(s)]
        if phase == LAST_WORDS:
            return [self.speaker] if self.speaker is not None else []
        if phase == STATEMENTS:
            return [self.order[self.turn]]
        if phase == VOTE:
            ballots = self.ballots
            return [s for s in self.order if s not in ballots]
        return []

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        if seat not in self.to_act():
            return []
        phase = self.phase
        if phase == NIGHT_KILL:
            return [{"type": "kill", "target": t} for t in self.living_non_killers()]
        if phase == INVESTIGATE:
            targets = [{"type": "investigate", "target": t} for t in self.living_at_dusk()]
            return targets + [{"type": "skip"}]
        if phase == LAST_WORDS:
            return [{"type": "last_words", "text": ""}]
        if phase == STATEMENTS:
            return [{"type": "speak", "text": ""}]
        others = [{"type": "vote", "target": t} for t in self.order if t != seat]
        return others + [{"type": "abstain"}]

    # --- commands -------------------------------------------------------------
    def _act(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        kind = action["type"]
        phase = PHASE_OF.get(kind)
        if phase is None:
            raise MalformedAction(
                f"unknown action {kind!r}: one of {', '.join(sorted(PHASE_OF))}"
            )
        if phase != self.phase:
            raise WrongPhase(
                f"{kind!r} is not taken now: the game is waiting for "
                f"{WAITING_FOR.get(self.phase, self.phase)} (night {self.night}, "
                f"phase {self.phase})"
            )
        if kind != "last_words" and not self.alive_as_known(seat):
            raise DeadPlayerActing(f"seat {seat} is dead and takes no more part in the game")
        handler: Callable[[int, dict[str, Any], random.Random], None] = getattr(
            self, f"_do_{kind}"
        )
        handler(seat, action, rng)

    def _do_kill(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        if self.roles[seat] != KILLER:
            raise NotAKiller("only the killers choose the night's victim")
        target = self._living_target(action, "kill")
        if self.roles[target] == KILLER:
            raise CannotKillKiller(f"seat {target} is a fellow killer; choose a non-killer")
        self.trigger_event(self.NightKill, seat=seat, target=target)
        self._check_end()  # if play goes on, a policeman lives: the investigation follows

    def _do_investigate(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        if self.roles[seat] != POLICE:
            raise NotPolice("only the police investigate")
        target = self._living_target(action, "investigate", self.alive_as_known)
        self.trigger_event(self.Investigated, seat=seat, target=target,
                           killer=self.roles[target] == KILLER)
        self._dawn()

    def _do_skip(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        if self.roles[seat] != POLICE:
            raise NotPolice("only the police investigate, or decline to")
        self.trigger_event(self.Investigated, seat=seat, target=None, killer=None)
        self._dawn()

    def _do_last_words(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        if seat != self.speaker:
            raise SpeakingOutOfTurn(
                f"these are seat {self.speaker}'s last words, not seat {seat}'s"
            )
        text = self._text(action, "last_words")
        day_death = self.voted_out is not None
        self.trigger_event(self.LastWords, seat=seat, text=text)
        if day_death:
            self._check_end()

    def _do_speak(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        speaking = self.order[self.turn]
        if seat != speaking:
            raise SpeakingOutOfTurn(f"it is seat {speaking}'s statement, not seat {seat}'s")
        self.trigger_event(self.Statement, seat=seat, text=self._text(action, "speak"))

    def _do_vote(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        if seat in self.ballots:
            raise AlreadyVoted(f"seat {seat} has already voted today")
        target = action.get("target")
        if type(target) is int and target == seat:
            raise SelfVote("a player cannot vote for themself; vote for another or abstain")
        target = self._living_target(action, "vote")
        self.trigger_event(self.VoteCast, seat=seat, target=target)
        self._tally_if_done(rng)

    def _do_abstain(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        if seat in self.ballots:
            raise AlreadyVoted(f"seat {seat} has already voted today")
        self.trigger_event(self.Abstained, seat=seat)
        self._tally_if_done(rng)

    def _living_target(self, action: dict[str, Any], kind: str,
                       living: Callable[[int], bool] | None = None) -> int:
        """The action's target seat, which must be alive (or, for ``living``, count as
        alive)."""
        target = action.get("target")
        n = len(self.players)
        if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < n:
            raise MalformedAction(
                f'name a seat 0..{n - 1}: {{"type": "{kind}", "target": 3}}'
            )
        if not (self.alive[target] if living is None else living(target)):
            raise TargetNotLiving(f"seat {target} is dead")
        return target

    @staticmethod
    def _text(action: dict[str, Any], kind: str) -> str:
        text = action.get("text", "")
        if not isinstance(text, str):
            raise MalformedAction(f'text is a string: {{"type": "{kind}", "text": "..."}}')
        if len(text) > MAX_TEXT:
            raise TextTooLong(
                f"{len(text)} characters is over the limit of {MAX_TEXT}; say it shorter"
            )
        return text

    def _dawn(self) -> None:
        victim = self.victim
        assert victim is not None
        self.trigger_event(self.VictimAnnounced, seat=victim, role=self.roles[victim])

    def _tally_if_done(self, rng: random.Random) -> None:
        """Once every living player has voted or abstained: plurality, random tie-break."""
        if len(self.ballots) < len(self.order):
            return
        counts: dict[int, int] = {}
        for target in self.ballots.values():
            if target is not None:
                counts[target] = counts.get(target, 0) + 1
        if not counts:
            self.trigger_event(self.NobodyVotedOut)
            return
        top = max(counts.values())
        leaders = sorted(s for s, c in counts.items() if c == top)
        chosen = leaders[0]
        if len(leaders) > 1:
            chosen = rng.choice(leaders)
            self.trigger_event(self.TieBroken, candidates=leaders, chosen=chosen)
        self.trigger_event(self.VotedOut, seat=chosen, role=self.roles[chosen], votes=top)

    def _side(self) -> str | None:
        living = self.living
        return winning_side(living[KILLER], living[POLICE], living[CIVILIAN])

    def _check_end(self) -> bool:
        side = self._side()
        if side is None:
            return False
        won = winners(side, self.roles)
        seats = seat_outcome(self.players, won, self.roles, None)
        for order, death in enumerate(self.deaths, start=1):
            seats[death["seat"]]["death"] = order  # 1: the first seat to die
        self.trigger_event(self.GameEnded, outcome={
            "winners": won,
            "side": side,
            "reason": REASONS[side],
            "rounds": self.night,
            "seats": seats,
        })
        return True

    # --- events (state changes only; they run again on replay) ----------------
    # A ``Game.SecretEvent`` is one whose data some viewer may not see while the game is
    # live (see ``redact``): it carries a random salt, so the digests of the chain cannot
    # be used to test guesses about what it hides.
    class Started(Game.Created):
        players: list[str]
        options: dict[str, Any]
        agents: list[str]

    class RolesDealt(Game.SecretEvent):
        roles: list[str]

        def apply(self, game: KillerGame) -> None:
            game.roles = self.roles
            for seat, role in enumerate(self.roles):
                game.team[role].append(seat)
                game.living[role] += 1
            game.phase = NIGHT_KILL
            game.night = 1

    class NightKill(Game.SecretEvent):
        seat: int
        target: int

        def apply(self, game: KillerGame) -> None:
            target = self.target
            role = game.roles[target]
            game.alive[target] = False
            game.living[role] -= 1
            game.victim = target
            # a death of the record from now on; shown to the town once announced at dawn
            game.deaths.append({"day": game.night, "seat": target, "role": role,
                                "cause": "killed"})
            game.phase = INVESTIGATE if game._side() is None else ENDING

    class Investigated(Game.SecretEvent):
        """``target`` None: the police declined to investigate tonight."""

        seat: int
        target: int | None
        killer: bool | None

        def apply(self, game: KillerGame) -> None:
            game.investigations.append({"night": game.night, "seat": self.seat,
                                        "target": self.target, "killer": self.killer})
            if self.target is not None:
                game.investigated.add(self.target)
                if self.killer and self.target not in game.found:
                    game.found.append(self.target)

    class VictimAnnounced(Game.Event):
        seat: int
        role: str

        def apply(self, game: KillerGame) -> None:
            n = len(game.players)
            seat, alive = self.seat, game.alive
            game.revealed[seat] = True
            game.order = [s for s in ((seat + i) % n for i in range(1, n)) if alive[s]]
            game.turn = 0
            game.ballots = {}
            game.voted_out = None
            game.tie_break = None
            game.speaker = seat
            game.phase = LAST_WORDS

    class LastWords(Game.Event):
        seat: int
        text: str

        def apply(self, game: KillerGame) -> None:
            game.last_words.append({"day": game.night, "seat": self.seat, "text": self.text})
            game.speaker = None
            if game.voted_out is None:  # the night victim's: the day's statements follow
                game.phase = STATEMENTS
            elif game._side() is None:  # the voted-out player's: night falls, unless the
                game._nightfall()  # win check ends the game
            else:
                game.phase = ENDING  # GameEnded follows

    class Statement(Game.Event):
        seat: int
        text: str

        def apply(self, game: KillerGame) -> None:
            game.statements.append({"day": game.night, "seat": self.seat, "text": self.text})
            game.turn += 1
            if game.turn == len(game.order):
                game.phase = VOTE

    class VoteCast(Game.Event):
        seat: int
        target: int

        def apply(self, game: KillerGame) -> None:
            game.ballots[self.seat] = self.target
            game.votes.append({"day": game.night, "seat": self.seat, "target": self.target})

    class Abstained(Game.Event):
        seat: int

        def apply(self, game: KillerGame) -> None:
            game.ballots[self.seat] = None
            game.votes.append({"day": game.night, "seat": self.seat, "target": None})

    class TieBroken(Game.Event):
        candidates: list[int]
        chosen: int

        def apply(self, game: KillerGame) -> None:
            game.tie_break = {"day": game.night, "candidates": self.candidates,
                              "chosen": self.chosen}

    class VotedOut(Game.Event):
        seat: int
        role: str
        votes: int

        def apply(self, game: KillerGame) -> None:
            seat = self.seat
            game.alive[seat] = False
            game.revealed[seat] = True
            game.living[self.role] -= 1
            game.deaths.append(
                {"day": game.night, "seat": seat, "role": self.role, "cause": "voted_out"})
            game.voted_out = seat
            game.speaker = seat
            game.phase = LAST_WORDS

    class NobodyVotedOut(Game.Event):
        def apply(self, game: KillerGame) -> None:
            game._nightfall()

    def _nightfall(self) -> None:
        """A state change two event bodies share (never called by a command): the next
        night begins."""
        self.night += 1
        self.victim = None
        self.voted_out = None
        self.phase = NIGHT_KILL

    # --- views ----------------------------------------------------------------
    def team_of(self, viewer: Viewer) -> str | None:
        """The team whose secrets a seat shares: killers, police, or none (civilians)."""
        if isinstance(viewer, int) and 0 <= viewer < len(self.roles):
            role = self.roles[viewer]
            return role if role != CIVILIAN else None
        return None

    def knows_role(self, viewer: Viewer, seat: int) -> bool:
        if self.sees_all(viewer) or self.revealed[seat] or viewer == seat:
            return True
        team = self.team_of(viewer)
        return team is not None and self.roles[seat] == team

    def visible_to_act(self, viewer: Viewer) -> list[int]:
        """At night only the acting team sees who is waiting: the list would tell who the
        killers or the police are (and, for the police, it is the team as at dusk)."""
        night_team = {NIGHT_KILL: KILLER, INVESTIGATE: POLICE}.get(self.phase)
        if night_team is not None and self.team_of(viewer) != night_team:
            return []
        return self.to_act()

    def view(self, viewer: Viewer = "spectator") -> dict[str, Any]:
        out = self.base_view(viewer)
        everything = self.sees_all(viewer)
        team = self.team_of(viewer)
        live = self.outcome is None
        victim = self.victim
        # tonight's victim is the killers' secret until the dawn announcement
        knows_victim = (everything or team == KILLER or victim is None
                        or self.revealed[victim])
        waiting = self.to_act()
        n = len(self.players)
        out.update({
            "phase": self.phase if live else "ended",
            "night": self.night,
            "waiting_for": WAITING_FOR.get(self.phase) if live else None,
            "roles": [
                self.roles[s] if self.roles and self.knows_role(viewer, s) else None
                for s in range(n)
            ],
            "alive": list(self.alive) if knows_victim else [not r for r in self.revealed],
            "victim": victim if knows_victim else None,
            "speaker": waiting[0] if waiting and self.phase in (LAST_WORDS, STATEMENTS)
            else None,
            "order": list(self.order),
            "deaths": [dict(d) for d in self.deaths if knows_victim or self.revealed[d["seat"]]],
            "last_words": [dict(w) for w in self.last_words],
            "statements": [dict(s) for s in self.statements],
            "votes": [dict(v) for v in self.votes],
            "tie_break": dict(self.tie_break) if self.tie_break else None,
            "voted_out": self.voted_out,
            "investigations": (
                [dict(i) for i in self.investigations]
                if everything or team == POLICE else None
            ),
        })
        return out

    def redact(self, name: str, data: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        team = self.team_of(viewer)
        if name == "RolesDealt":
            roles = data["roles"]
            return {"roles": [
                r if s == viewer or (team is not None and r == team) else None
                for s, r in enumerate(roles)
            ]}
        if name == "NightKill" and team != KILLER:
            return {}  # the victim is made public by VictimAnnounced
        if name == "Investigated" and team != POLICE:
            return {}
        return data
