"""Where today's identity engine and the referee's rules (FreeKill's) still differ.

The referee judges by the corrected rules; the engine fix is under way (issue 13's
fidelity work: "sgs-fidelity"). Until an engine records its rules version in the first
event, the tests accept exactly these rules in the referee's report of a lawful game,
and nothing else; once it does, they accept none.
"""

from __future__ import annotations

from domain.audit import Fact, Recount, Violation

#: rule → the engine change that removes it
KNOWN = {
    "reward-after-end": "sgs-fidelity: the victory check before rewards and penalties "
                        "(a death that ends the game brings none)",
    "kill-target-order": "sgs-fidelity: Halberd targets in action order from the user",
    "deck-exhausted": "sgs-fidelity: a draw pile that cannot be refilled ends the game "
                      "in a draw",
}


def follows_freekill(facts: list[Fact]) -> bool:
    """Whether the game was played by an engine with the fidelity fixes (it records a
    rules version in its first event)."""
    first = facts[0].data if facts else {}
    keys = set(first) | set(first.get("options") or {})
    return any("rules" in key for key in keys)


def unexplained(recount: Recount, facts: list[Fact]) -> list[Violation]:
    """The violations no known engine difference explains."""
    if follows_freekill(facts):
        return list(recount.violations)
    return [v for v in recount.violations if v.rule not in KNOWN]


def explained(recount: Recount, facts: list[Fact]) -> list[Violation]:
    return [v for v in recount.violations if v not in unexplained(recount, facts)]
