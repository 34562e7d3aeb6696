"""The named illegal actions of Killer: each says what was refused and why.

Messages depend only on public facts and the actor's own card, so an error never tells
a seat something its view would not (e.g. who the killers are at night).
"""

from __future__ import annotations

from domain.game import IllegalAction, NotYourTurn


class WrongPhase(IllegalAction):
    """The action belongs to another part of the round (e.g. voting at night)."""

    code = "wrong_phase"


class DeadPlayerActing(IllegalAction):
    """A dead player may only leave last words, when asked to."""

    code = "dead_player"


class NotAKiller(IllegalAction):
    code = "not_a_killer"


class NotPolice(IllegalAction):
    """Only the police investigate (a civilian or a killer tried to)."""

    code = "not_police"


class CannotKillKiller(IllegalAction):
    code = "cannot_kill_killer"


class TargetNotLiving(IllegalAction):
    """Killing, investigating or voting for a player who is already dead."""

    code = "target_not_living"


class SelfVote(IllegalAction):
    code = "self_vote"


class AlreadyVoted(NotYourTurn):
    code = "already_voted"


class SpeakingOutOfTurn(NotYourTurn):
    """A statement or last words from a seat whose turn it is not."""

    code = "speaking_out_of_turn"


class TextTooLong(IllegalAction):
    code = "text_too_long"
