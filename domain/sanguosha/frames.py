"""The resolution stack's frames: what is being resolved, typed.

A frame is one pending effect: a card being resolved, a window asking for a card, a seat
dying, a timing point asking skill owners, a skill's own effect. Frames live only in the
aggregate's state (never in events): event bodies push and pop them and ``_settle`` (see
resolution.py) advances the top one from state alone, so replay rebuilds them exactly.

Every frame may wait on one seat (``waiting``) for an answer to its ``ask``; the answer
(when it is a yes or no) is left in ``answer`` for the step to take. Each kind of frame
has its own stages (an ``Enum``), and its own fields for what it has to remember.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar


@dataclass
class Frame:
    """A pending effect. ``kind`` names it in views (``pending.effect``)."""

    kind: ClassVar[str] = "frame"
    waiting: int | None = field(default=None, kw_only=True)
    ask: str | None = field(default=None, kw_only=True)
    answer: bool | None = field(default=None, kw_only=True)

    @property
    def effect(self) -> str:
        return self.kind

    def take_answer(self) -> bool:
        """The seat's yes or no, cleared for the next question."""
        a, self.answer = self.answer, None
        return bool(a)

    def wait(self, seat: int, ask: str) -> None:
        self.waiting, self.ask = seat, ask

    def release(self, answer: bool) -> None:
        """The waited-on seat answered: stop waiting, leave the answer for the step."""
        self.answer = answer
        self.waiting = None

    def set_stage(self, stage: str) -> None:
        """A due fact landed and names the stage to move on to (``then``)."""
        raise AssertionError(f"{self.kind} frames have no stages")


# --- the turn --------------------------------------------------------------------------
@dataclass
class PlayPhase(Frame):
    """The current seat's play phase: it uses cards or skills until it ends the phase."""

    kind: ClassVar[str] = "play"


@dataclass
class DiscardPhase(Frame):
    kind: ClassVar[str] = "discard"
    count: int = 0


# --- windows ---------------------------------------------------------------------------
@dataclass
class NullifyWindow(Frame):
    """Who will play a Nullification on a trick's effect on a target (in turn order; a
    played one reopens the window on itself)."""

    kind: ClassVar[str] = "nul"
    trick: str = ""
    target: int = 0
    nullified: bool = False
    passed: list[int] = field(default_factory=list)
    played: int = 0  # Nullifications played in this window (the first is on the trick)
    #: the first one is a Kingdom Nullification played for "all" of this kingdom
    kingdom: str | None = None


# --- cards being resolved --------------------------------------------------------------
class Stage(StrEnum):
    """The stages of a card's resolution (each card uses the ones it needs)."""

    START = "start"
    REVEAL = "reveal"  # Amazing Grace: the cards are turned up
    SHIELD = "shield"  # the Kill is about to take effect on its target (armor)
    DODGE_ASK = "dodge_ask"
    DODGE = "dodge"  # the target answered the Dodge window
    HIT = "hit"  # the Kill hits: weapons on hit, then the damage
    ASK = "ask"  # Duel: the seat whose turn it is is asked for a Kill
    RESP = "resp"  # an answer came (Duel, the area tricks, Collateral)
    PICK = "pick"  # the user picks a card (Dismantlement, Snatch) or a card is picked
    GIVE = "give"  # Collateral: the weapon is handed over
    NEXT = "next"  # the current target is done
    DONE = "done"


@dataclass
class CardUse(Frame):
    """A used card (or a card made by a conversion) being resolved on its targets."""

    name: str = ""
    user: int = 0
    cards: list[int] = field(default_factory=list)
    targets: list[int] = field(default_factory=list)
    index: int = 0  # the target being resolved
    stage: Stage = Stage.START
    window: bool | None = None  # the last Nullification window's result, once closed
    ignore_armor: bool = False  # Qinggang Sword
    trigrams_tried: bool = False  # Eight Trigrams already judged in this Dodge window
    pick_from: int | None = None  # whose card the user picks
    pick_areas: str = ""  # from which areas (h, e, j)
    revealed: list[int] = field(default_factory=list)  # Amazing Grace's cards
    unstoppable: bool = False  # no Nullification window (Lijian's Duel)
    called: bool = False  # the lord's call (Hujia, Jijiang) was tried in this window
    #: later targets a Kingdom Nullification's "all" spared: no window, no effect
    spared: list[int] = field(default_factory=list)

    @property
    def effect(self) -> str:
        return self.name

    @property
    def target(self) -> int:
        return self.targets[self.index]

    def set_stage(self, stage: str) -> None:
        self.stage = _STAGES[stage]


_STAGES = {s.value: s for s in Stage}


@dataclass
class KillUse(CardUse):
    """A Kill: per target, the skills and equipment at each of its moments, the Dodge
    window, the hit."""

    hit_checked: bool = False  # the user's weapon was asked about the hit (Ice Sword)
    targeted: bool = False  # the target's skills on becoming a target were asked (Liuli)
    specified: bool = False  # the user's skills on this target were asked (Tieqi)
    no_dodge: bool = False  # Tieqi: this target cannot Dodge
    one_dodge: bool = False  # Wushuang: one of the two Dodges is in
    nature: str = "normal"  # the damage it deals: normal, fire (Fire Kill) or thunder
    drank: int = 0  # Wine drunk before it: extra damage on each hit
    hurt: bool = False  # its own damage to the current target was dealt
    after_hit: bool = False  # the user's weapon was asked after that damage (Triblade)

    def next_target(self) -> None:
        """The current target is done: clear what was remembered for it."""
        self.index += 1
        self.stage = Stage.START
        self.ignore_armor = self.trigrams_tried = self.hit_checked = False
        self.pick_from, self.pick_areas = None, ""
        self.answer = None
        self.targeted = self.specified = self.no_dodge = self.one_dodge = False
        self.called = self.hurt = self.after_hit = False


@dataclass
class AreaUse(CardUse):
    """Barbarian Invasion, Arrow Barrage: every other seat answers in turn."""


@dataclass
class PeachGardenUse(CardUse):
    pass


@dataclass
class GraceUse(CardUse):
    """Amazing Grace: cards are turned up, then each seat in turn takes one."""

    stage: Stage = Stage.REVEAL


@dataclass
class ExNihiloUse(CardUse):
    pass


@dataclass
class PeachUse(CardUse):
    pass


@dataclass
class TakeUse(CardUse):
    """Dismantlement, Snatch: the user picks one of the target's cards."""


@dataclass
class CollateralUse(CardUse):
    """The holder Kills the second target, or hands its weapon to the user."""


@dataclass
class DuelUse(CardUse):
    turn: int = 0  # the seat asked for a Kill now
    one_kill: bool = False  # Wushuang: one of the two Kills is in


# --- judgments, dying, death -----------------------------------------------------------
class DelayedStage(StrEnum):
    START = "start"
    JUDGED = "judged"
    DONE = "done"


@dataclass
class DelayedCheck(Frame):
    """A delayed trick in the judgment area, checked in its owner's judgment phase."""

    kind: ClassVar[str] = "delayed"
    card: int = 0
    owner: int = 0
    stage: DelayedStage = DelayedStage.START
    window: bool | None = None
    unstoppable: bool = False  # (as a card use: a delayed trick's window always opens)
    result: bool | None = None  # the judgment's result
    judge_card: int | None = None

    def set_stage(self, stage: str) -> None:
        self.stage = DelayedStage._value2member_map_[stage]  # type: ignore[assignment]


@dataclass
class Placing(Frame):
    """Rules 7: a delayed trick used on a seat whose hidden general's compulsory skill
    would cancel it as the target (Qianxun, Weimu). The card waits in the open while
    the owner is asked whether to show the general (a ``Point.CANCEL`` trigger above);
    the show discards it, else it is placed in the target's judgment area when this
    frame is stepped."""

    kind: ClassVar[str] = "placing"
    name: str = ""  # the delayed trick it is used as (Guose's diamond: an Indulgence)
    user: int = 0
    card: int = 0
    target: int = 0


@dataclass
class Passing(Frame):
    """Rules 8: a Lightning that missed passed to a seat whose hidden general's
    compulsory skill would cancel it as the target (Weimu: a black one). It lies in that
    judgment area while the owner is asked whether to show the general (a
    ``Point.CANCEL`` trigger above); the show (``shown``) passes it on from that seat,
    else it stays there."""

    kind: ClassVar[str] = "passing"
    card: int = 0
    seat: int = 0  # where it lies now
    shown: bool = False


class DyingStage(StrEnum):
    ENTER = "enter"
    POLL = "poll"


@dataclass
class Dying(Frame):
    """A seat at 0 HP or less: every seat in turn order may save it with Peaches."""

    kind: ClassVar[str] = "dying"
    victim: int = 0
    source: int | None = None
    stage: DyingStage = DyingStage.ENTER
    passed: list[int] = field(default_factory=list)

    def set_stage(self, stage: str) -> None:
        self.stage = DyingStage._value2member_map_[stage]  # type: ignore[assignment]


@dataclass
class AfterDeath(Frame):
    """After a death: what it shows, the victory check, then rewards and penalties."""

    kind: ClassVar[str] = "after"
    victim: int = 0
    source: int | None = None
    todo: list[dict[str, Any]] = field(default_factory=list)
    judged: bool = False

    def set_stage(self, stage: str) -> None:
        assert stage == "todo"
        self.todo.pop(0)


class JudgeStage(StrEnum):
    RETRIAL = "retrial"
    EFFECT = "effect"
    AFTER = "after"


@dataclass
class Judgment(Frame):
    """A judgment card in the open (tables with skills): retrials may replace it before
    it takes effect on the frame below; then the owner's after-judgment skills."""

    kind: ClassVar[str] = "judge"
    owner: int = 0
    reason: str = ""
    card: int = 0
    stage: JudgeStage = JudgeStage.RETRIAL


class DamageStage(StrEnum):
    BEFORE = "before"
    DEAL = "deal"
    DONE = "done"
    CHAIN = "chain"  # the same damage goes down the chain, seat by seat


@dataclass
class Damage(Frame):
    """A damage about to be dealt (tables with skills): the source's and the victim's
    skills before it may change or prevent it; then it is dealt; then the frame below
    moves on (``then``)."""

    kind: ClassVar[str] = "damage"
    victim: int = 0
    source: int | None = None
    amount: int = 1
    cards: list[int] = field(default_factory=list)
    reason: str = ""
    then: str | None = None
    stage: DamageStage = DamageStage.BEFORE
    prevented: bool = False
    nature: str = "normal"  # normal, fire or thunder
    chain: bool = False  # this damage came down a chain (not the card's own damage)
    ignore_armor: bool = False  # the Kill that deals it ignores armor (Qinggang Sword)
    spread: bool = False  # a chained victim took fire or thunder: the chain carries it
    dealt: int = 0  # the amount dealt, which the chain copies
    queue: list[int] = field(default_factory=list)  # chained seats still to take it

    def set_stage(self, stage: str) -> None:
        self.stage = DamageStage._value2member_map_[stage]  # type: ignore[assignment]


# --- skills ------------------------------------------------------------------------------
@dataclass
class Trigger(Frame):
    """A timing point: the owners of skills on it are asked in turn (``queue``)."""

    kind: ClassVar[str] = "trig"
    point: str = ""
    queue: list[tuple[int, str]] = field(default_factory=list)
    context: dict[str, Any] = field(default_factory=dict)  # the point's public facts
    current: tuple[int, str] | None = None  # the owner and skill asked now


@dataclass
class SkillEffect(Frame):
    """A used skill's effect, stepped by the skill's own ``step``. ``stage`` is the
    skill's own (each skill names its stages); the other fields are what skills
    remember between steps."""

    kind: ClassVar[str] = "sk"
    skill: str = ""
    owner: int = 0
    stage: str = "start"
    cards: list[int] = field(default_factory=list)
    targets: list[int] = field(default_factory=list)
    choice: str | None = None
    context: dict[str, Any] = field(default_factory=dict)  # the timing point's facts
    result: bool | None = None  # a judgment's result
    judge_card: int | None = None
    peeked: list[int] = field(default_factory=list)  # cards looked at on the pile
    got: list[int] = field(default_factory=list)  # cards that reached a hand
    suit: str | None = None  # Fanjian's named suit
    queue: list[int] | None = None  # seats still to ask (a lord's call)
    use: bool = False  # Jijiang in the play phase: the supplied Kill becomes the lord's
    count: int = 0

    def set_stage(self, stage: str) -> None:
        self.stage = stage


@dataclass
class Pindian(SkillEffect):
    """拼点 (generals.md §0.2): the initiator (``owner``) and its target (``targets[0]``)
    each choose a hand card in secret, the initiator first; both are shown at once and
    discarded; the initiator wins only with a strictly higher number. The result goes to
    the skill's frame below (``result``), as a judgment's does. ``reason``: that skill."""

    reason: str = ""
    initiator_card: int | None = None  # secret until shown
    target_card: int | None = None  # secret until shown
    won: bool | None = None


# --- modes -------------------------------------------------------------------------------
@dataclass
class ChoosingGenerals(Frame):
    """Identity with generals: the lord chooses, then every other seat at once."""

    kind: ClassVar[str] = "generals"


@dataclass
class ShowAsk(Frame):
    """Kingdom Wars: at the start of its turn a seat may show hidden generals."""

    kind: ClassVar[str] = "show"


@dataclass
class Shown(Frame):
    """Kingdom Wars: after a show, the bonuses one by one, then the victory check."""

    kind: ClassVar[str] = "shown"
    victim: int = 0  # the seat that showed
    todo: list[dict[str, Any]] = field(default_factory=list)
    #: the action that showed the general (a skill's use), carried out after the bonuses
    then: dict[str, Any] | None = None

    def set_stage(self, stage: str) -> None:
        assert stage == "todo"
        self.todo.pop(0)
