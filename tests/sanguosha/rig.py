"""Build Sanguosha tables from a prearranged deck: the 'given events' of a story.

``table(hands={0: ["kill", "dodge"]}, pile=["peach"])`` deals seat 0 a Kill and a Dodge
(the rest of its four cards are inert fillers), and puts a Peach on top of the draw pile.
Fillers are cards that never answer anything (no Kill, Dodge, Peach or Nullification), so
no window opens that the story did not ask for. The deck order and the identities are
recorded by ``IdentityGame.new`` exactly as in a random deal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from eventsourcing.domain import event

from domain.game import IllegalAction
from domain.sanguosha import cards_hegemony
from domain.sanguosha.cards import DECK, DECKS, KW_OFFSET, NAME
from domain.sanguosha.identity import IdentityGame

#: a card: an id, a name ("kill": the first free one), or (name, suit, number). In the
#: Kingdom Wars deck the names are cards_hegemony's ("fire_kill", "thunder_kill" apart)
Spec = int | str | tuple[str, str, int]
RESPONSIVE = {"kill", "dodge", "peach", "nullification", "kingdom_nullification", "wine"}
ROLES = {
    4: ["lord", "rebel", "loyalist", "renegade"],
    5: ["lord", "rebel", "loyalist", "renegade", "rebel"],
}


def card(spec: Spec, used: set[int] | None = None, deck: str = "identity") -> int:
    """The id of a card spec (not one of ``used``) in the ``deck`` ("identity" or
    "kingdom_wars": global ids 108..215)."""
    used = used or set()
    if isinstance(spec, int):
        return spec
    if isinstance(spec, str):
        name, suit, number = spec, None, None
    else:
        name, suit, number = spec
    kw = deck == "kingdom_wars"
    offset = KW_OFFSET if kw else 0
    for c in (cards_hegemony.DECK if kw else DECK):
        if (c.name == name and c.id + offset not in used and suit in (None, c.suit)
                and number in (None, c.number)):
            return c.id + offset
    raise LookupError(f"no free card {spec!r}")


def table(
    hands: dict[int, Sequence[Spec]] | None = None,
    pile: Sequence[Spec | None] = (),
    *,
    n: int = 4,
    roles: list[str] | None = None,
    options: dict[str, Any] | None = None,
    game_class: type[IdentityGame] = IdentityGame,
    rules: int | None = None,
    generals: list[str] | None = None,
) -> IdentityGame:
    """Given: a table of ``n`` seats dealt these hands with this pile on top.

    Hands shorter than 4 are padded with fillers; ``None`` in the pile is a filler too.
    The lord is seat 0 unless ``roles`` says otherwise; ``rules`` plays an older rules
    version (default: the newest). ``generals`` (one id per seat) plays with generals and
    their skills, each seat keeping the one given.
    """
    deck = deck_for(hands, pile, n)
    # the first game unless the story names its generals (identity's default has them)
    options = {"generals": generals is not None, **(options or {})}
    return game_class.new(
        # the stories script the holder-only windows; ask_everyone has its own tests
        [f"p{i}" for i in range(n)], {"ask_everyone": False, **(options or {})},
        rng=random.Random(0), deck=deck,
        roles=roles or ROLES.get(n) or (["lord", "rebel", "loyalist", "renegade"]
                                        + ["rebel"] * (n - 4)),
        rules=rules, generals=generals,
    )


class Gendered(IdentityGame):
    """A table whose even seats are male and odd seats female (generals have genders in
    general mode and in Kingdom Wars; no-skill identity mode has none)."""

    @event("Started")
    def __init__(self, players: list[str], options: dict[str, Any], agents: list[str]) -> None:
        super().__init__(players=players, options=options, agents=agents)

    def gender(self, seat: int) -> str | None:
        return "male" if seat % 2 == 0 else "female"


def deck_for(hands: dict[int, Sequence[Spec]] | None, pile: Sequence[Spec | None],
             n: int, deck_name: str = "identity") -> list[int]:
    """A full deck order: seat i's four cards at 4i..4i+3 (padded with fillers), then the
    pile from its top (``deck_name``: "identity" or "kingdom_wars")."""
    hands = hands or {}
    used: set[int] = set()
    chosen: dict[int, list[int]] = {}
    for seat, specs in hands.items():
        chosen[seat] = []
        for spec in specs:
            c = card(spec, used, deck_name)
            used.add(c)
            chosen[seat].append(c)
    top: list[int | None] = []
    for spec in pile:
        if spec is None:  # any inert card
            top.append(None)
            continue
        c = card(spec, used, deck_name)
        used.add(c)
        top.append(c)
    free = [c for c in DECKS[deck_name] if c not in used]
    fillers = [c for c in free if NAME[c] not in RESPONSIVE]
    rest = [c for c in free if NAME[c] in RESPONSIVE]
    deck: list[int] = []
    for seat in range(n):
        mine = chosen.get(seat, [])
        assert len(mine) <= 4, "the starting hand is 4 cards; put the rest in the pile"
        while len(mine) < 4:
            mine.append(fillers.pop(0))
        deck += mine
    deck += [fillers.pop() if c is None else c for c in top] + fillers + rest
    assert sorted(deck) == list(DECKS[deck_name])
    return deck


def mark(game: Any) -> int:
    return len(game.pending_events)


def new_events(game: Any, since: int) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for e in game.pending_events[since:]:
        data = {k: v for k, v in vars(e).items()
                if k not in ("originator_id", "originator_version", "timestamp", "prev",
                             "salt")}
        out.append((type(e).__name__, data))
    return out


def act(game: Any, seat: int, **action: Any) -> list[tuple[str, dict[str, Any]]]:
    """When: ``seat`` acts; returns the events it caused (name, data)."""
    since = mark(game)
    game.act(seat, dict(action), random.Random(1))
    return new_events(game, since)


def kinds(events: list[tuple[str, dict[str, Any]]]) -> list[str]:
    return [name for name, _ in events]


def refuse(game: Any, seat: int, error: type[IllegalAction], **action: Any) -> None:
    """Then: the action is refused with ``error`` and nothing is recorded."""
    before = (mark(game), game.view("referee"))
    with pytest.raises(error):
        game.act(seat, dict(action), random.Random(1))
    assert (mark(game), game.view("referee")) == before


def end_turn(game: Any) -> list[tuple[str, dict[str, Any]]]:
    """When: the current seat ends its play phase and discards if needed (fillers first:
    the cards that answer windows are kept)."""
    seat = game.current
    out = decline_skills(game)
    out += act(game, seat, type="end_play")
    out += decline_skills(game)
    if game.ask == "discard":
        template = game.legal_actions(seat)[0]
        keep_last = sorted(template["from"], key=lambda c: (NAME[c] in RESPONSIVE, c))
        out += act(game, seat, type="discard", cards=keep_last[:template["count"]])
    return out


def decline_skills(game: Any) -> list[tuple[str, dict[str, Any]]]:
    """When: every skill a timing point offers is declined (generals' tables)."""
    out: list[tuple[str, dict[str, Any]]] = []
    while game.ask == "skill":
        out += act(game, game.to_act()[0], type="decline")
    return out


def decline_all(game: Any, ask: str) -> None:
    """When: every seat asked ``ask`` declines it (windows nobody cares about)."""
    while game.ask == ask:
        act(game, game.to_act()[0], type="decline")


def pass_to(game: Any, seat: int) -> None:
    """When: every turn ends without playing until it is ``seat``'s play phase."""
    end_turn(game)
    while game.current != seat or game.ask != "play":
        if game.ask == "skill":
            decline_skills(game)
            continue
        end_turn(game)
