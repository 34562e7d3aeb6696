"""Recompute a Sanguosha game from its raw events: deaths, their killers, the rewards and
penalties that should have followed, and the winners.

Under rules 2 (recorded in the first event) a death that ends the game pays no reward or
penalty: the victory check comes first. Rules 1 paid them before the check. Kingdom Wars:
a death while an earlier one's reward or penalty waits (Suishi killing Tian Feng) pays a
killer dead by then nothing under rules 6; under rules 5 and before, the death of the seat
on turn dropped it with the turn. From rules 7 the killer's side is read as the reward or
penalty is paid (after the death's skills: Xingshang may show a hidden killer)."""

from __future__ import annotations

from typing import Any

from domain.audit import Fact, Recount, last_of, recorded_outcome_checks

LORD, LOYALIST, REBEL, RENEGADE = "lord", "loyalist", "rebel", "renegade"
#: facts that tell a death did not end the game: its reward or penalty, or play going on
#: (between a death and the end it causes may come the showing of hidden generals and
#: what skills on a death do, e.g. Xingshang taking the victim's cards)
_PLAY_GOES_ON = frozenset({"RewardDrawn", "PenaltyPaid", "TurnStarted", "PhaseChanged",
                           "TurnEnded", "Died"})


def rules_of(facts: list[Fact]) -> int:
    """The rules version the game was played under (its first fact's; 1 before there was
    one)."""
    return int(facts[0].data.get("rules", 1)) if facts else 1


def won(ended: Fact) -> bool:
    """Whether a GameEnded fact is a victory; a draw (the turn cap, an exhausted pile)
    ends the game with no victory check behind it."""
    return bool((ended.data.get("outcome") or {}).get("side") != "draw")


def ends_the_game(facts: list[Fact], at: int) -> bool:
    """Whether the fact at index ``at`` (a death, or what it paid) is followed by a
    victory before any reward, penalty or further play. A draw right after is not that
    death's victory check: the seat on turn dying in the turn that reaches the turn cap
    ends its turn, and so the game, after its killer was paid (seed 1009)."""
    for f in facts[at + 1:]:
        if f.type == "GameEnded":
            return won(f)
        if f.type in _PLAY_GOES_ON:
            return False
    return False


def ends_before_paid(facts: list[Fact], at: int, killer: int, victim: int) -> bool:
    """Whether the game ends after the death at index ``at`` before the killer's reward or
    penalty for it, or any further play: a skill on the death may first kill another
    seat (Suishi), and that death's victory check may end the game, or a draw its cards
    cannot supply (rules 2). The turn cap never does: it is reached only once a turn is
    over, after everything its deaths owe."""
    for f in facts[at + 1:]:
        if f.type == "GameEnded":
            return bool((f.data.get("outcome") or {}).get("reason") != "turn_cap")
        if f.type in ("RewardDrawn", "PenaltyPaid") and (
                f.data.get("seat"), f.data.get("victim")) == (killer, victim):
            return False
        if f.type in ("TurnStarted", "PhaseChanged", "TurnEnded"):
            return False
    return False


#: facts that come only after a death's skills, its show and victory check, and its reward
#: or penalty (play going on, or another death): the killer's side is read before them
_AFTER_PAID = frozenset({"RewardDrawn", "PenaltyPaid", "TurnStarted", "PhaseChanged",
                         "TurnEnded", "GameEnded", "CardUsed", "Died"})
#: the skills on a death that may show a hidden killer before its reward (rules 7)
_DEATH_SHOWS = frozenset({"xingshang"})


def side_when_paid(facts: list[Fact], at: int, killer: int) -> str | None:
    """Rules 7: the side a killer hidden at the death at index ``at`` has when its reward
    or penalty is paid: the one its show for a death skill (Xingshang) gives it first, or
    none."""
    shown = False
    for f in facts[at + 1:]:
        if f.type in _AFTER_PAID:
            return None
        if f.type == "GeneralsShown" and f.data["seat"] == killer:
            then = f.data.get("then") or {}
            shown = f.data.get("reason") == "skill" and then.get("skill") in _DEATH_SHOWS
            if not shown:
                return None
        if f.type == "KingdomDecided" and f.data["seat"] == killer:
            return str(f.data["side"]) if shown else None
    return None


def identity_victory(roles: list[str], alive: list[bool]) -> tuple[list[int], str] | None:
    """The identity-mode win check after a death (shared/rules/sanguosha.md)."""
    n = len(roles)
    living = [s for s in range(n) if alive[s]]
    lord = roles.index(LORD)
    if not alive[lord]:
        if len(living) == 1 and roles[living[0]] == RENEGADE:
            return [living[0]], RENEGADE
        return [s for s in range(n) if roles[s] == REBEL], "rebels"
    if all(roles[s] in (LORD, LOYALIST) for s in living):
        return [s for s in range(n) if roles[s] in (LORD, LOYALIST)], LORD
    return None


def recount(facts: list[Fact], kind: str = "identity") -> Recount:
    r = Recount()
    deaths: list[dict[str, Any]] = []
    if kind == "hegemony":
        return recount_hegemony(facts)
    roles: list[str] = []
    alive: list[bool] = []
    result: tuple[list[int], str] | None = None
    owed: list[dict[str, Any]] = []  # rewards and penalties a death calls for
    check_first = rules_of(facts) >= 2

    def settle_owed(before: int) -> None:
        for due in owed:
            r.check(due["figure"], due["expected"], due["recorded"], due["at"] or before)
        owed.clear()

    for f in facts:
        t, d = f.type, f.data
        if t == "IdentitiesDealt":
            roles = list(d["roles"])
            alive = [True] * len(roles)
        elif t == "Died":
            settle_owed(f.version)
            seat, killer = d["seat"], d["killer"]
            was_alive = killer is not None and alive[killer]
            alive[seat] = False
            deaths.append({"seat": seat, "role": roles[seat], "killer": killer, "by": killer,
                           "version": f.version})
            if check_first and identity_victory(roles, alive) is not None:
                was_alive = False  # the death ends the game before any reward is due
            if was_alive and roles[seat] == REBEL:
                owed.append({"figure": f"seat {killer} draws 3 for killing rebel seat {seat}",
                             "kind": "RewardDrawn", "seat": killer, "victim": seat,
                             "expected": 3, "recorded": None, "at": None})
            if was_alive and roles[seat] == LOYALIST and roles[killer] == LORD:
                owed.append({"figure": f"lord seat {killer} discards all for killing loyalist "
                             f"seat {seat}", "kind": "PenaltyPaid", "seat": killer,
                             "victim": seat, "expected": True, "recorded": None, "at": None})
            if result is None:
                result = identity_victory(roles, alive)
        elif t in ("RewardDrawn", "PenaltyPaid"):
            match = [o for o in owed if o["kind"] == t and o["seat"] == d["seat"]
                     and o["victim"] == d["victim"] and o["recorded"] is None]
            if not match:
                r.problems.append(f"event {f.version}: {t} for seat {d['seat']} that no "
                                  "death called for")
                continue
            match[0]["recorded"] = len(d["cards"]) if t == "RewardDrawn" else True
            match[0]["at"] = f.version
    settle_owed(facts[-1].version if facts else 0)
    r.details = {"deaths": deaths}
    if result is None:
        ended = [f for f in facts if f.type == "GameEnded"]
        if ended and ended[-1].data["outcome"].get("side") == "draw":
            r.details["capped"] = True
            return r
        r.problems.append("by the recorded deaths nobody has won yet")
        return r
    recorded_outcome_checks(r, facts, result[0], result[1], None)
    return r


def recount_hegemony(facts: list[Fact]) -> Recount:
    """Kingdom Wars: sides come from the recorded kingdom decisions; a death's reward or
    penalty from the killer's and the victim's sides; the winners from the last living
    side (every survivor is shown at the end)."""
    r = Recount()
    deaths: list[dict[str, Any]] = []
    side: dict[int, str] = {}
    alive: list[bool] = []
    owed: list[dict[str, Any]] = []
    rules = rules_of(facts)
    check_first = rules >= 2
    on_turn: int | None = None
    step = 0  # turns and phases so far: a due made in this step is still being settled

    def expected(due: dict[str, Any]) -> Any:
        theirs = side.get(due["victim"])
        if theirs is None:
            return "victim's side never shown"
        if theirs == due["killer_side"]:
            return "penalty"
        if theirs.startswith("careerist"):
            return 1
        return 1 + sum(1 for s, a in enumerate(due["alive"]) if a and side.get(s) == theirs)

    def dropped_by_death(due: dict[str, Any], dead: int) -> bool:
        """Whether a death before the due was paid (one a death skill put off: Suishi
        killing Tian Feng) cancels it: under rules 6 a killer dead by then is paid nothing;
        under rules 5 and before, the death of the seat on turn ended its turn and dropped
        what an earlier death still owed."""
        if due["step"] != step:
            return False  # play went on since: the due was simply never paid
        return due["killer"] == dead if rules >= 6 else dead == on_turn

    def settle(due: dict[str, Any], recorded: Any, at: int | None) -> None:
        r.check(f"seat {due['killer']} for killing seat {due['victim']}", expected(due),
                recorded, at or due["version"])

    for i, f in enumerate(facts):
        t, d = f.type, f.data
        if t == "Started":
            alive = [True] * len(d["players"])
        elif t in ("TurnStarted", "PhaseChanged", "TurnEnded"):
            step += 1
            if t == "TurnStarted":
                on_turn = d["seat"]
        elif t == "KingdomDecided":
            side[d["seat"]] = d["side"]
        elif t == "Died":
            seat, killer = d["seat"], d["killer"]
            alive[seat] = False
            owed = [o for o in owed if not dropped_by_death(o, seat)]
            deaths.append({"seat": seat, "killer": killer, "version": f.version})
            if check_first and ends_before_paid(facts, i, killer, seat):
                continue  # a victory check came first: the game was over
            mine = side.get(killer) if killer is not None else None
            if mine is None and killer is not None and rules >= 7:
                mine = side_when_paid(facts, i, killer)
            if killer is not None and killer != seat and alive[killer] and mine is not None:
                owed.append({"killer": killer, "victim": seat, "killer_side": mine,
                             "alive": list(alive), "version": f.version, "step": step})
        elif t in ("RewardDrawn", "PenaltyPaid"):
            match = [o for o in owed if o["killer"] == d["seat"] and o["victim"] == d["victim"]]
            if not match:
                r.problems.append(f"event {f.version}: {t} for seat {d['seat']} that no "
                                  "death called for")
                continue
            owed.remove(match[0])
            settle(match[0], len(d["cards"]) if t == "RewardDrawn" else "penalty", f.version)
            if check_first and ends_the_game(facts, i):
                r.problems.append(f"event {f.version}: {t} right before the end: under rules "
                                  "2 a death that ends the game pays nothing")
    for due in owed:
        settle(due, None, None)
    r.details = {"deaths": deaths, "sides": {str(k): v for k, v in side.items()}}
    living = {side.get(s, "hidden") for s, a in enumerate(alive) if a}
    ended = last_of(facts, "GameEnded")
    if ended is not None and ended.data["outcome"].get("side") == "draw":
        r.details["capped"] = True
        return r
    if len(living) != 1 or "hidden" in living:
        r.problems.append("by the recorded deaths and shows no single side is left")
        return r
    (won,) = living
    winners = [s for s in range(len(alive)) if side.get(s) == won]
    recorded_outcome_checks(r, facts, winners, won, None)
    return r
