"""Identity mode (身份局): lord, loyalists, rebels and renegades on the shared engine.

Everything mode-specific lives here: the identity table, starting HP, who is public, the
rewards and penalties of a death, and victory. The engine calls the hooks
``first_seat``, ``on_death``, ``check_victory``, ``revealed``, ``seat_view``,
``draw_outcome`` and ``gender``.

With the option ``generals`` (the default since rules 4; their skills since rules 3; a
stored game without the option is the first game) the game starts by
choosing generals: the lord is offered Cao Cao, Liu Bei, Sun Quan and two drawn at random
and its choice is public at once; then every other seat is dealt three of the rest (two at
ten players) and keeps one, hidden from the others until all have chosen, when every
general is shown. HP comes from the general (+1 for the lord at five or more players), and
genders make Double Swords work. Every offer and choice is an event; the hidden ones are
salted secrets.
"""

from __future__ import annotations

import random
from typing import Any

from eventsourcing.domain import event

from domain.game import Game, InvalidSetup, Viewer, check_seating, pick, seat_outcome
from domain.sanguosha import skills as _skills  # noqa: F401  (registers the skills)
from domain.sanguosha.actions import NotAChoice, WrongAction
from domain.sanguosha.cards import DECK_SIZE
from domain.sanguosha.distance import order_from
from domain.sanguosha.engine import HAND_SIZE, SanguoshaGame
from domain.sanguosha.frames import ChoosingGenerals
from domain.sanguosha.generals import ROSTER
from domain.sanguosha.roster_identity import (
    HP,
    LORD_DRAWN,
    LORD_GENERALS,
    STANDARD,
    dealt_to_each,
    general_view,
)
from domain.sanguosha.skill import GENERAL_SKILLS, SKILLS, skill_view

LORD, LOYALIST, REBEL, RENEGADE = "lord", "loyalist", "rebel", "renegade"
ROLES = (LORD, LOYALIST, REBEL, RENEGADE)

#: players -> (lords, loyalists, rebels, renegades), from the rules file
TABLE: dict[int, tuple[int, int, int, int]] = {
    4: (1, 1, 1, 1),
    5: (1, 1, 2, 1),
    6: (1, 1, 3, 1),
    7: (1, 2, 3, 1),
    8: (1, 2, 4, 1),
    9: (1, 3, 4, 1),
    10: (1, 3, 4, 2),
}
TEN_PLAYER_TABLES = {"two_renegades": (1, 3, 4, 2), "one_renegade": (1, 3, 5, 1)}

OPTIONS = {
    "ten_player_table": "10 players: 'two_renegades' (default, 1/3/4/2) or 'one_renegade' "
                        "(1/3/5/1)",
    "turn_cap": "safety valve: after this many turns the game ends in a recorded draw "
                f"(default {SanguoshaGame.default_turn_cap}; never reached in measurements)",
    "ask_everyone": "true: every living seat answers each Nullification and dying-Peach "
                    "window (holder or not), so no window tells that someone holds one; "
                    "more events, slower bot games (default false)",
    "generals": "true (the default): every seat plays a general of the 25 standard ones "
                "(HP, gender and skills), chosen before the first turn; false: the first "
                "game, without generals",
}
CHOOSE_GENERAL = "choose_general"


def identity_table(players: int, ten_player_table: str = "two_renegades") -> list[str]:
    """The identity cards for a table of ``players``, lord first."""
    counts = TEN_PLAYER_TABLES[ten_player_table] if players == 10 else TABLE[players]
    return [role for role, k in zip(ROLES, counts, strict=True) for _ in range(k)]


def check_options(players: list[str], options: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(options, dict):
        raise InvalidSetup("options is an object, e.g. {\"ten_player_table\": \"one_renegade\"}")
    n = len(players)
    if not IdentityGame.min_players <= n <= IdentityGame.max_players:
        raise InvalidSetup(f"identity mode seats 4 to 10 players, not {n}")
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise InvalidSetup(f"unknown option(s) {unknown}; known: {sorted(OPTIONS)}")
    out = dict(options)
    table = options.get("ten_player_table")
    if table is not None and table not in TEN_PLAYER_TABLES:
        raise InvalidSetup(f"ten_player_table is one of {sorted(TEN_PLAYER_TABLES)}, not {table!r}")
    if table is not None and n != 10:
        raise InvalidSetup("ten_player_table only applies to 10 players")
    if type(options.get("ask_everyone", False)) is not bool:
        raise InvalidSetup("ask_everyone is true or false")
    if type(options.get("generals", False)) is not bool:
        raise InvalidSetup("generals is true or false")
    # the seed's real game is played with generals; stored games that predate the option
    # have no key and stay the first game (``choosing`` reads a missing key as false)
    out.setdefault("generals", True)
    cap = options.get("turn_cap")
    if cap is not None and (type(cap) is not int or cap < 1):
        raise InvalidSetup("turn_cap is a positive integer")
    return out


class IdentityGame(SanguoshaGame):
    """A game of identity mode: with generals (the default) or the first game without them
    (4 HP, the lord 5 with 5+ players)."""

    kind = "identity"
    min_players = 4
    max_players = 10

    @classmethod
    def new(
        cls,
        players: list[str],
        options: dict[str, Any] | None = None,
        *,
        agents: list[str] | None = None,
        rng: random.Random | None = None,
        deck: list[int] | None = None,
        roles: list[str] | None = None,
        rules: int | None = None,
        generals: list[str] | None = None,
    ) -> IdentityGame:
        """Seat the players, deal identities and the shuffled deck (all recorded).

        ``deck`` (a full order, top first) and ``roles`` prearrange a table for tests and
        puzzles; they are recorded exactly like a random deal. Seat ``i`` is dealt
        ``deck[4i:4i+4]``; the draw pile continues from ``deck[4n]``. ``generals`` (one
        per seat, with the option ``generals``) prearranges the choice: each seat is
        offered its general among others and keeps it, recorded as a real choice.
        """
        rng = pick(rng)
        seats = check_seating(players, agents)
        options = check_options(players, options or {})
        n = len(players)
        # people keep their hands from each other: every window asks every living seat;
        # bot-only tables (simulations) skip the empty questions unless told otherwise
        options.setdefault("ask_everyone", "human" in seats)
        cards = identity_table(n, options.get("ten_player_table", "two_renegades"))
        if roles is None:
            roles = list(cards)
            rng.shuffle(roles)
        elif sorted(roles) != sorted(cards):
            raise InvalidSetup(f"roles must be a permutation of {cards}")
        if deck is None:
            deck = list(range(DECK_SIZE))
            rng.shuffle(deck)
        elif sorted(deck) != list(range(DECK_SIZE)):
            raise InvalidSetup("deck must be an order of the 108 card ids")
        game = cls.under_rules(cls.rules_version if rules is None else rules,
                               players=list(players), options=options, agents=seats)
        lord = roles.index(LORD)
        if options.get("generals"):
            # HP comes with the generals; hands are dealt once every seat has one
            game._identities_dealt(roles=list(roles), hp=[])
            drawn = rng.sample([g for g in STANDARD if g not in LORD_GENERALS], LORD_DRAWN)
            offers: list[list[str] | None] = [None] * n
            offers[lord] = [*LORD_GENERALS, *drawn]
            if generals is not None:
                return game._prearranged(generals, offers, list(deck), rng)
            game.trigger_event(cls.GeneralsOffered, offers=offers)
            game._deck_shuffled(order=list(deck))
            return game
        hp = [5 if s == lord and n >= 5 else 4 for s in range(n)]
        game._identities_dealt(roles=list(roles), hp=hp)
        game._deck_shuffled(order=list(deck))
        game._hands_dealt(hands=[deck[HAND_SIZE * s:HAND_SIZE * (s + 1)] for s in range(n)])
        game._drive(rng)
        return game

    def _prearranged(self, generals: list[str], offers: list[list[str] | None],
                     deck: list[int], rng: random.Random) -> IdentityGame:
        """Stories and puzzles: every seat keeps the general given for it."""
        n = self.n
        if len(generals) != n or len(set(generals)) != n or not set(generals) <= set(STANDARD):
            raise InvalidSetup(f"generals: {n} different ids of {list(STANDARD)}")
        lord = self.lord
        mine = generals[lord]
        offer = list(LORD_GENERALS) + [g for g in STANDARD
                                       if g not in LORD_GENERALS and g not in generals][:2]
        if mine not in offer:
            offer[3] = mine
        offers[lord] = offer
        self.trigger_event(self.GeneralsOffered, offers=offers)
        self._deck_shuffled(order=deck)
        self.trigger_event(self.GeneralChosen, seat=lord, general=mine)
        spare = [g for g in STANDARD if g not in generals]
        k = dealt_to_each(n)
        others: list[list[str] | None] = [None] * n
        for s in order_from(lord, n)[1:]:
            others[s] = [generals[s], *spare[:k - 1]]
            del spare[:k - 1]
        self.trigger_event(self.GeneralsOffered, offers=others)
        for s in order_from(lord, n)[1:]:
            self._act(s, {"type": CHOOSE_GENERAL, "general": generals[s]}, rng)
        return self

    @event("Started")
    def __init__(self, players: list[str], options: dict[str, Any], agents: list[str]) -> None:
        # a game stored before ``generals`` defaulted to true has no such key: it was the
        # first game, and its view says so (a copy: the recorded event stays as stored)
        self._init_table(players, {**options, "generals": bool(options.get("generals"))},
                         agents)
        self.roles: list[str] = []
        n = len(players)
        self.offers: list[list[str]] = [[] for _ in range(n)]  # generals offered per seat
        self.generals: list[str | None] = [None] * n  # the general each seat plays
        self.generals_shown = False

    @event("IdentitiesDealt")
    def _identities_dealt(self, roles: list[str], hp: list[int]) -> None:
        self.roles = roles
        if hp:  # with generals HP comes with them
            self.hp = list(hp)
            self.max_hp = list(hp)

    # --- choosing generals (option ``generals``) -----------------------------------------
    class GeneralsOffered(Game.SecretEvent):
        """Generals dealt to choose from: first the lord's five, then three (two) to each
        other seat. Each seat sees only its own while the game is live."""

        offers: list[list[str] | None]

        def apply(self, game: IdentityGame) -> None:
            for seat, offer in enumerate(self.offers):
                if offer is not None:
                    game.offers[seat] = list(offer)
            if not game.stack:
                game.stack.append(ChoosingGenerals(waiting=game.lord, ask=CHOOSE_GENERAL))
            else:
                game.stack[-1].waiting = None  # every other seat chooses at once

    class GeneralChosen(Game.SecretEvent):
        """A seat keeps one of its offered generals: the lord's is public at once (its HP
        with it), another seat's is hidden until every seat has chosen."""

        seat: int
        general: str

        def apply(self, game: IdentityGame) -> None:
            game.generals[self.seat] = self.general
            if self.seat == game.lord:
                game.hp[self.seat] = game.max_hp[self.seat] = game.general_hp(self.seat)

    class GeneralsShown(Game.Event):
        """Every seat has chosen: all generals are turned face up, with their HP."""

        generals: list[str]
        hp: list[int]

        def apply(self, game: IdentityGame) -> None:
            game.generals = list(self.generals)
            game.hp = list(self.hp)
            game.max_hp = list(self.hp)
            game.generals_shown = True
            game.stack.pop()
            if game.rules >= 3:  # generals bring their skills (lord skills: the lord's)
                lord = game.lord
                game.set_skills([
                    tuple(sid for sid in GENERAL_SKILLS.get(g, ()) if s == lord
                          or not SKILLS[sid].lord)
                    for s, g in enumerate(self.generals)])

    @property
    def choosing(self) -> bool:
        """Whether the table is still choosing its generals."""
        return (self.outcome is None and bool(self.options.get("generals"))
                and not self.generals_shown)

    def general_hp(self, seat: int) -> int:
        """A general's HP, +1 for the lord at a table of five or more."""
        general = self.generals[seat]
        assert general is not None
        return HP[general] + (1 if seat == self.lord and self.n >= 5 else 0)

    def to_act(self) -> list[int]:
        if self.choosing:
            if not self.roles:  # replayed before the roles were dealt (state?at=1)
                return []
            if self.generals[self.lord] is None:
                return [self.lord] if self.offers[self.lord] else []
            return [s for s in range(self.n) if self.generals[s] is None]
        return super().to_act()

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        if self.choosing:
            if seat not in self.to_act():
                return []
            return [{"type": CHOOSE_GENERAL, "general": g} for g in self.offers[seat]]
        return super().legal_actions(seat)

    def _act(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        if not self.choosing:
            super()._act(seat, action, rng)
            return
        if action["type"] != CHOOSE_GENERAL:
            raise WrongAction('choose a general first: {"type": "choose_general", '
                              '"general": ...} with one of those you were offered')
        general = action.get("general")
        if general not in self.offers[seat]:
            raise NotAChoice(f"choose one of the generals offered to you: {self.offers[seat]}")
        self.trigger_event(self.GeneralChosen, seat=seat, general=general)
        if seat == self.lord:
            # the rest (the lord's four others back in) are shuffled and dealt
            pool = [g for g in STANDARD if g != general]
            rng.shuffle(pool)
            k = dealt_to_each(self.n)
            offers: list[list[str] | None] = [None] * self.n
            for s in order_from(self.lord, self.n)[1:]:
                offers[s] = pool[:k]
                del pool[:k]
            self.trigger_event(self.GeneralsOffered, offers=offers)
        elif all(g is not None for g in self.generals):
            self.trigger_event(self.GeneralsShown, generals=list(self.generals),
                               hp=[self.general_hp(s) for s in range(self.n)])
            top = self.pile[::-1]
            self._hands_dealt(hands=[top[HAND_SIZE * s:HAND_SIZE * (s + 1)]
                                     for s in range(self.n)])
            self._drive(rng)

    def general_visible(self, seat: int, viewer: Viewer) -> bool:
        return (self.generals_shown or self.sees_all(viewer) or viewer == seat
                or seat == self.lord)

    def gender(self, seat: int) -> str | None:
        general = self.generals[seat]
        return None if general is None else ROSTER[general].gender

    def kingdom(self, seat: int) -> str | None:
        general = self.generals[seat] if seat < len(self.generals) else None
        return None if general is None else ROSTER[general].kingdom

    # --- hooks ------------------------------------------------------------------------
    @property
    def lord(self) -> int:
        return self.roles.index(LORD)

    def first_seat(self) -> int:
        return self.lord

    def revealed(self, seat: int) -> dict[str, Any]:
        return {"role": self.roles[seat]}

    def role_visible(self, seat: int, viewer: Viewer) -> bool:
        return (self.sees_all(viewer) or viewer == seat or self.roles[seat] == LORD
                or not self.alive[seat])

    def seat_view(self, seat: int, viewer: Viewer) -> dict[str, Any]:
        if seat >= len(self.roles):  # replayed before the roles were dealt (state?at=1)
            return {"role": None}
        out: dict[str, Any] = {
            "role": self.roles[seat] if self.role_visible(seat, viewer) else None}
        if self.options.get("generals"):
            general = self.generals[seat]
            out["general"] = (general_view(general) if general is not None
                              and self.general_visible(seat, viewer) else None)
            if out["general"] is not None:
                out["general"]["skills"] = [skill_view(sid)
                                            for sid in self.skills_of(seat, general)]
            out["chosen"] = general is not None
            if self.choosing and (viewer == seat or self.sees_all(viewer)):
                out["offered"] = list(self.offers[seat])
                # the offer in words, each general with its skills, to choose from
                out["offer"] = [{**general_view(g), "skills": [
                    skill_view(sid) for sid in self.skills_of(seat, g)]}
                    for g in self.offers[seat]]
        return out

    def skills_of(self, seat: int, general: str | None) -> tuple[str, ...]:
        """The skills ``general`` brings to ``seat``: its lord skills only to the lord;
        none under rules before 3 (the table's own once the generals are shown)."""
        if self.generals_shown:
            return self.skills[seat]
        if general is None or self.rules < 3:
            return ()
        return tuple(sid for sid in GENERAL_SKILLS.get(general, ())
                     if seat == self.lord or not SKILLS[sid].lord)

    def view(self, viewer: Viewer = "spectator") -> dict[str, Any]:
        out = super().view(viewer)
        if self.options.get("generals"):
            out["stage"] = "choose" if self.choosing else "play"
        return out

    def on_death(self, victim: int, killer: int | None) -> list[dict[str, Any]]:
        """A rebel's killer draws 3 (even a rebel); a lord who kills a loyalist discards
        all hand and equipment cards."""
        if killer is None or not self.alive[killer]:
            return []
        if self.roles[victim] == REBEL:
            return [{"k": "reward", "seat": killer, "n": 3, "victim": victim}]
        if self.roles[victim] == LOYALIST and self.roles[killer] == LORD:
            return [{"k": "penalty", "seat": killer, "victim": victim}]
        return []

    def check_victory(self) -> dict[str, Any] | None:
        """After each death: the lord dead -> the renegade if it is the only one alive,
        else the rebels; all rebels and renegades dead -> the lord and loyalists."""
        roles, alive = self.roles, self.alive
        living = [s for s in range(self.n) if alive[s]]
        if not alive[self.lord]:
            if len(living) == 1 and roles[living[0]] == RENEGADE:
                return self._outcome([living[0]], RENEGADE, "lord_died_renegade_alone")
            rebels = [s for s in range(self.n) if roles[s] == REBEL]
            return self._outcome(rebels, "rebels", "lord_died")
        if all(roles[s] in (LORD, LOYALIST) for s in living):
            winners = [s for s in range(self.n) if roles[s] in (LORD, LOYALIST)]
            return self._outcome(winners, LORD, "rebels_and_renegades_dead")
        return None

    def draw_outcome(self, reason: str) -> dict[str, Any]:
        return self._outcome([], "draw", reason)

    def _outcome(self, winners: list[int], side: str, reason: str) -> dict[str, Any]:
        seats = seat_outcome(self.players, winners, list(self.roles), None)
        if self.options.get("generals"):
            for row in seats:
                row["general"] = self.generals[row["seat"]]
        return {"winners": winners, "side": side, "reason": reason, "seats": seats}

    # --- redaction --------------------------------------------------------------------
    def redact(self, name: str, data: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        if name == "GeneralsOffered":
            offers = data["offers"]
            return {"offers": [o if s == viewer else None for s, o in enumerate(offers)],
                    "counts": [None if o is None else len(o) for o in offers]}
        if name == "GeneralChosen" and viewer != data["seat"] and (
                not self.roles or data["seat"] != self.lord):
            return {**data, "general": None}
        if name == "IdentitiesDealt":
            roles = data["roles"]
            return {**data, "roles": [r if (r == LORD or s == viewer) else None
                                      for s, r in enumerate(roles)]}
        return super().redact(name, data, viewer)

