"""Kingdom Wars tables for stories: chosen generals, prearranged hands and pile.

``htable([("caocao", "xuchu"), ...], hands={0: ["kill"]})`` deals each seat its two
generals among its candidates (fillers make up the rest), records every choice, and leaves
the game at the first seat's start-of-turn show step.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from domain.sanguosha.generals import IDS
from domain.sanguosha.hegemony import HegemonyGame
from tests.sanguosha.rig import Spec, act, deck_for, decline_skills, end_turn
from tests.sanguosha.skill_steps import asked, until

#: whether ``htable`` deals generals with their skills; stories of the mode's own rules
#: (showing, kingdoms, rewards) turn them off with ``skill_less`` (option ``skills``)
WITH_SKILLS = [True]


def skill_less() -> Iterator[None]:
    """A fixture body: ``htable`` tables have generals without skills meanwhile."""
    WITH_SKILLS[0] = False
    try:
        yield
    finally:
        WITH_SKILLS[0] = True


def htable(
    picks: Sequence[tuple[str, str]],
    hands: dict[int, Sequence[Spec]] | None = None,
    pile: Sequence[Spec | None] = (),
    *,
    first: int = 0,
    options: dict[str, Any] | None = None,
    rules: int | None = None,
) -> HegemonyGame:
    """Given: ``len(picks)`` seats whose heads and deputies are ``picks`` (under an older
    ``rules`` version if given). The deck is the identity deck unless ``options`` say
    ``{"deck": "kingdom_wars"}``; card specs name cards of that deck."""
    n = len(picks)
    used = {g for pair in picks for g in pair}
    spare = [g for g in IDS if g not in used]
    k = (options or {}).get("candidates", 4)
    candidates = []
    for head, deputy in picks:
        extra = [spare.pop() for _ in range(k - 2)]
        candidates.append([head, deputy, *extra])
    base: dict[str, Any] = {"ask_everyone": False, "deck": "identity"}
    if not WITH_SKILLS[0]:
        base["skills"] = False
    options = {**base, **(options or {})}
    game = HegemonyGame.new([f"p{i}" for i in range(n)], options,
                            rng=random.Random(0), deck=deck_for(hands, pile, n, options["deck"]),
                            candidates=candidates, first=first, rules=rules)
    for seat, (head, deputy) in enumerate(picks):
        act(game, seat, type="choose_generals", head=head, deputy=deputy)
    return game


def shown_table(picks: Sequence[tuple[str, str]],
                hands: dict[int, Sequence[Spec]] | None = None,
                pile: Sequence[Spec | None] = (), *, first: int = 0,
                deck: str = "identity") -> HegemonyGame:
    """Given: ``htable`` whose every general is shown before the first seat's turn
    (recorded shows, no bonus), waiting at the first seat's start of turn."""
    game = htable(picks, hands, pile, first=first, options={"deck": deck})
    rng = random.Random(0)
    while game.ask == "skill":  # hidden generals' start-phase skills: not this time
        act(game, game.to_act()[0], type="decline")
    for s in range(game.n):
        game._show(s, game.hidden(s), "given")
        game._drive(rng)
    return game


def skip_turn(game: HegemonyGame, show: str | None = None) -> None:
    """When: the current seat shows ``show`` (or nothing) and ends its turn at once
    (every skill's question on the way declined)."""
    decline_skills(game)
    if game.ask == "show":
        if show is None:
            act(game, game.current, type="decline")
        else:
            act(game, game.current, type="show", which=show)
    while game.ask in ("pair", "fish"):
        act(game, game.current, type=f"{game.ask}_bonus", choice="draw")
    if game.ask == "play" and game.outcome is None:
        end_turn(game)


def to_play(game: HegemonyGame, seat: int, show: dict[int, str] | None = None) -> None:
    """When: turns pass (each seat showing what ``show`` says) until ``seat`` is asked to
    show at the start of its turn, or plays if it has nothing hidden."""
    show = show or {}
    while not (game.current == seat and game.ask in ("show", "play")):
        skip_turn(game, show.get(game.current))


def hidden_at_play(game: HegemonyGame, others_shown: bool) -> HegemonyGame:
    """From ``htable``'s first step: seat 0 in its play phase with both generals hidden (it
    showed nothing at its turn's start); ``others_shown``: every other seat showed both
    of its generals first, so a bot knows its enemies."""
    while game.ask == "skill":
        act(game, game.to_act()[0], type="decline")
    for s in range(1, game.n) if others_shown else ():
        game._show(s, game.hidden(s), "given")
        game._drive(random.Random(0))
    act(game, 0, type="decline")  # no show at the start of its turn
    while game.ask != "play":
        act(game, game.to_act()[0], type="decline")
    assert game.hidden(0) == ["head", "deputy"]
    return game


def bot_game(candidates: list[list[str]], rng: random.Random, policy: str = "kingdom",
             turn_cap: int = 120) -> HegemonyGame:
    """When: a whole game of ``policy`` bots, each seat choosing among its ``candidates``;
    then: it ends, and its events alone rebuild the seats."""
    from domain.sanguosha.bots import HEGEMONY_POLICIES
    from domain.sanguosha.cards import DECK_SIZE
    from domain.sanguosha.zones import locate
    from tests.sanguosha.skill_steps import replayed

    game = HegemonyGame.new([f"p{i}" for i in range(len(candidates))],
                            {"turn_cap": turn_cap}, rng=rng, candidates=candidates)
    while game.outcome is None:
        s = game.to_act()[0]
        game.act(s, HEGEMONY_POLICIES[policy](game, s, rng), rng)
    assert replayed(game).view("referee")["seats"] == game.view("referee")["seats"]
    assert len(locate(game)) == DECK_SIZE  # every card accounted for (wounds too)
    return game


def skills_used(game: HegemonyGame, seat: int | None = None) -> set[str]:
    """The skills used in the game (by ``seat`` only, if given)."""
    return {e.skill for e in game.pending_events
            if type(e).__name__ == "SkillUsed" and seat in (None, e.seat)}


def bot_skills(candidates: list[list[str]], seeds: int, policy: str = "kingdom",
               seat: int = 0) -> set[str]:
    """When: ``seeds`` whole games of ``policy`` bots (``bot_game``; so seat 0's pair is
    fixed by giving it one kingdom's two only). Returns the skills ``seat`` used in them."""
    used: set[str] = set()
    for seed in range(seeds):
        used |= skills_used(bot_game(candidates, random.Random(seed), policy), seat)
    return used


def judged_as_played(game: HegemonyGame) -> None:
    """Then: the independent referee and the engine-side recount both judge the game as
    played (imported here, not at the top: the referee's tables import this module)."""
    from domain.referee.hegemony import referee
    from domain.sanguosha.audit import recount
    from tests.referee.hegemony_skilled import facts_of

    facts = facts_of(game)
    judged = referee(facts)
    assert judged.unjudged is None
    assert not judged.violations and judged.agrees, [v.text() for v in judged.violations]
    recounted = recount(facts, "hegemony")
    assert not recounted.problems and recounted.agrees, recounted.differences()


def qiaobian_at_draw(game: HegemonyGame, seat: int = 0) -> None:
    """When: Zhang He's Qiaobian, asked first for the judgment phase, is declined there and
    asked again for the draw phase."""
    until(game, asked(seat, "qiaobian"))
    assert game.phase == "judgment"
    act(game, seat, type="decline")
    until(game, asked(seat, "qiaobian"))
    assert game.phase == "draw"
