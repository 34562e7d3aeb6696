"""Recompute a Killer game from its raw events: every death, every vote count, the winner."""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.audit import Fact, Recount, recorded_outcome_checks
from domain.killer.roles import CIVILIAN, KILLER, POLICE, winners, winning_side


def recount(facts: list[Fact], kind: str = "killer") -> Recount:
    r = Recount()
    roles: list[str] = []
    alive: list[bool] = []
    deaths: list[dict[str, Any]] = []
    ballots: dict[int, int | None] = {}
    tie: dict[str, Any] | None = None
    day = 0
    for f in facts:
        t, d = f.type, f.data
        if t == "RolesDealt":
            roles = list(d["roles"])
            alive = [True] * len(roles)
        elif t == "NightKill":
            day += 1
            seat, target = d["seat"], d["target"]
            if roles[seat] != KILLER or not alive[seat]:
                r.problems.append(f"event {f.version}: seat {seat} is no living killer")
            if roles[target] == KILLER or not alive[target]:
                r.problems.append(f"event {f.version}: seat {target} cannot be killed")
            alive[target] = False
            deaths.append({"seat": target, "role": roles[target], "cause": "night kill",
                           "killer": "killers", "submitted_by": seat, "version": f.version})
            ballots, tie = {}, None
        elif t in ("VictimAnnounced", "VotedOut"):
            r.check(f"seat {d['seat']}'s revealed card", roles[d["seat"]], d["role"], f.version)
        if t == "VoteCast":
            ballots[d["seat"]] = d["target"]
        elif t == "Abstained":
            ballots[d["seat"]] = None
        elif t == "TieBroken":
            tie = d
        elif t == "VotedOut":
            counts = Counter(v for v in ballots.values() if v is not None)
            top = max(counts.values(), default=0)
            leaders = sorted(s for s, n in counts.items() if n == top)
            expected: int | None = leaders[0] if len(leaders) == 1 else None
            if len(leaders) > 1:
                if tie is None or sorted(tie["candidates"]) != leaders:
                    r.problems.append(f"event {f.version}: a tie between {leaders} was not "
                                      "broken by a recorded draw")
                elif tie["chosen"] in leaders:
                    expected = tie["chosen"]
            r.check(f"day {day}: voted out", expected, d["seat"], f.version)
            r.check(f"day {day}: votes against seat {d['seat']}", counts.get(d["seat"], 0),
                    d["votes"], f.version)
            alive[d["seat"]] = False
            deaths.append({"seat": d["seat"], "role": roles[d["seat"]], "cause": "voted out",
                           "killer": "the vote", "votes": d["votes"], "version": f.version})
            ballots, tie = {}, None
        elif t == "NobodyVotedOut":
            if any(v is not None for v in ballots.values()):
                r.problems.append(f"event {f.version}: votes were cast but nobody left")
            ballots, tie = {}, None
    living = Counter(role for role, a in zip(roles, alive, strict=True) if a)
    side = winning_side(living[KILLER], living[POLICE], living[CIVILIAN])
    r.details = {"deaths": deaths, "side": side}
    if side is None:
        r.problems.append("by the recorded deaths nobody has won yet")
        return r
    recorded_outcome_checks(r, facts, winners(side, roles), side, None)
    return r
