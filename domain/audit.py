"""What an audit says, in one shape for every game: figures recomputed from raw events.

Each game recomputes its outcome from the plain data of its events (no aggregate, no
stored state) and compares every figure with what was recorded.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Fact:
    """One stored event as plain data: the only input a recomputation trusts."""

    version: int
    type: str
    data: dict[str, Any]


@dataclass
class Check:
    """One figure: what the events imply, what was recorded, and where it was recorded."""

    figure: str
    expected: Any
    recorded: Any
    version: int | None = None

    @property
    def agrees(self) -> bool:
        return bool(self.expected == self.recorded)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self) | {"agrees": self.agrees}


@dataclass(frozen=True)
class Violation:
    """A recorded fact that breaks a rule, named by its event number and the rule.

    ``rule`` is a short stable id (``turn-order``, ``landlord-is-highest-bidder``) that
    tests and tools can match; ``message`` says it in words for a referee.
    """

    version: int | None  # the event that breaks the rule (None: the game as a whole)
    rule: str
    message: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def text(self) -> str:
        where = f"event {self.version}: " if self.version is not None else ""
        return f"{where}{self.message} [{self.rule}]"


@dataclass
class Recount:
    """The recomputed outcome and the figure-by-figure comparison."""

    checks: list[Check] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)  # facts that do not follow the rules
    violations: list[Violation] = field(default_factory=list)
    #: why the rules were not judged move by move (None: they were), e.g. a variant the
    #: independent referee does not know yet; the figures are still recounted
    unjudged: str | None = None

    def check(self, figure: str, expected: Any, recorded: Any, version: int | None) -> None:
        self.checks.append(Check(figure, expected, recorded, version))

    def violation(self, version: int | None, rule: str, message: str) -> None:
        self.violations.append(Violation(version, rule, message))

    @property
    def agrees(self) -> bool:
        return (not self.problems and not self.violations
                and all(c.agrees for c in self.checks))

    def differences(self) -> list[Check]:
        return [c for c in self.checks if not c.agrees]


def last_of(facts: list[Fact], kind: str) -> Fact | None:
    found = [f for f in facts if f.type == kind]
    return found[-1] if found else None


def recorded_outcome_checks(recount: Recount, facts: list[Fact], winners: list[int],
                            side: str, scores: list[Any] | None) -> None:
    """Compare the common GameEnded outcome with the recomputed winners, side and scores."""
    ended = last_of(facts, "GameEnded")
    if ended is None:
        recount.problems.append("the game has no GameEnded event: it is still live")
        return
    outcome = ended.data.get("outcome") or {}
    recount.check("winners", sorted(winners), sorted(outcome.get("winners", [])), ended.version)
    recount.check("winning side", side, outcome.get("side"), ended.version)
    seats = outcome.get("seats", [])
    for row in seats:
        i = row.get("seat")
        if isinstance(i, int):
            recount.check(f"seat {i} won", i in winners, row.get("won"), ended.version)
            if scores is not None and i < len(scores):
                recount.check(f"seat {i} score (outcome)", scores[i], row.get("score"),
                              ended.version)
