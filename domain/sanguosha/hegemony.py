"""Kingdom Wars (国战): two hidden generals, kingdoms, careerists and perfect pairs.

The mode on the shared engine (rules file, "Kingdom Wars"; seed 003):

* setup: every player is dealt candidates from the roster (4, or the option 5 / 7); one
  whose candidates share no kingdom is dealt again (recorded). A random first seat
  (recorded). Each player keeps a head and a deputy of one kingdom face down; its HP
  limit is the whole fish of both (halves // 2), public from the start.
* at the start of its own turn a player may show either general, both or neither. The
  first show fixes its kingdom, or makes it a careerist (野心家) when the shown players of
  that kingdom, dead included, would then be more than half of all players. Each
  careerist is a side of its own, ``"careerist:<seat>"``.
* both generals shown for the first time: a perfect pair may draw 2, heal 1 (when
  wounded) or decline; a left-over half fish may draw 1 or decline (the seed's "may";
  option ``bonus="auto"``, and games stored before the option, take both at once as the
  first version did).
* death shows the victim's hidden generals, then rewards and penalties; victory is
  checked after every death and every show: when all living players are one side
  (hidden ones counted by the side they would join), that side wins with its dead; every
  general still hidden is shown before the end is recorded. Option ``victory="seed"``
  plays the seed's stricter rule: a player whose kingdom is not fixed cannot win, so the
  game goes on until every survivor has shown (or the turn cap).

Chance (candidates, redeals, first seat, the deck) is drawn in ``new`` and recorded.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from eventsourcing.domain import event

from domain.game import InvalidSetup, Viewer, check_seating, pick, seat_outcome
from domain.sanguosha.actions import NotAChoice, WrongAction, match
from domain.sanguosha.cards import DECKS, NAME, SIX_SWORDS, WEAPON
from domain.sanguosha.distance import order_from
from domain.sanguosha.engine import HAND_SIZE, SanguoshaGame, _modifiers
from domain.sanguosha.frames import Dying, Frame, ShowAsk, Shown, SkillEffect, Trigger
from domain.sanguosha.generals import (
    IDS,
    KINGDOMS,
    ROSTER,
    max_hp,
    perfect_pair,
    share_a_kingdom,
)
from domain.sanguosha.responses import answers
from domain.sanguosha.skill import KW_SKILLS, SHOWS_WHEN_NEEDED, SKILLS, Kind, shows_when_needed

HEAD, DEPUTY = "head", "deputy"
#: Kingdom Wars skills added under rules 5 whose moments act in a replay (Buqu's wounds);
#: a stored rules-4 game's generals play without them, as they did
SINCE_5 = frozenset({"buqu", "buqu_wounds"})
CAREERIST = "careerist"
CANDIDATES = (4, 5, 7)
OPTIONS = {
    "candidates": "generals dealt to each player: 4 (default), 5 or 7",
    "turn_cap": "safety valve: after this many turns the game ends in a recorded draw "
                f"(default {SanguoshaGame.default_turn_cap})",
    "ask_everyone": "true: every living seat answers each Nullification and dying-Peach "
                    "window (holder or not), so no window tells that someone holds one; "
                    "more events, slower bot games (default false)",
    "bonus": "'ask': the bonuses for showing both generals may be declined; 'auto': taken",
    "victory": "'house': hidden survivors count by the kingdom they would join; 'seed': "
               "no fixed kingdom, no win",
    "deck": "'kingdom_wars' (default for new games): the Kingdom Wars deck, ids 108..215; "
            "'identity': the identity deck, ids 0..107 (every game stored before the option)",
    "skills": "true (default): the generals have their Kingdom Wars skills (rules 4); "
              "false: generals without skills, as before",
}
#: ``deck`` option: the deck a new table deals, and the one stored games (created before
#: the option) replay with
NEW_DECK, STORED_DECK = "kingdom_wars", "identity"
#: the asks of this mode, answered by ``_mode_answers``
MODE_ASKS = frozenset({"show", "pair", "fish"})
#: ``GeneralsShown.reason`` of each way to show: the start-of-turn step, using a skill of
#: the general (or a card use its modifiers allow), in the play phase to switch on a
#: compulsory modifier (Mashu), at death, at the game's end
SHOW_REASONS = ("turn_start", "skill", "play", "death", "game_end")
HALF_FISH = "half_fish"
PERFECT_PAIR = "perfect_pair"
#: ``bonus`` option: the seed's choices, or the first version's automatic bonuses (the
#: value every game stored before the option replays under)
BONUS_MODES = ("ask", "auto")
#: ``victory`` option: the house rule (hidden survivors count by the kingdom they would
#: join) or the seed's (no fixed kingdom, no win)
VICTORY_RULES = ("house", "seed")


@functools.lru_cache(maxsize=1024)
def _switches_on(skills: tuple[str, ...]) -> bool:
    """A compulsory modifier among the skills that counts only while shown (Mashu)."""
    for sid in skills:
        sk = SKILLS[sid]
        if sk.kind == Kind.COMPULSORY and sk.mods and not sk.mods.get(SHOWS_WHEN_NEEDED):
            return True
    return False


@functools.lru_cache(maxsize=1024)
def _shows_when_needed(skills: tuple[str, ...], rules: int) -> bool:
    return any(shows_when_needed(sid, rules) for sid in skills)


def _concrete(action: dict[str, Any]) -> dict[str, Any]:
    """A template's first filling (its first ``count`` cards): whether a use needs a
    hidden general depends on what it is and its targets, not on which cards pay."""
    if "count" not in action:
        return action
    out = {k: v for k, v in action.items() if k not in ("count", "from")}
    out["cards"] = list(action["from"][: action["count"]])
    return out


def careerist_side(seat: int) -> str:
    return f"{CAREERIST}:{seat}"


def role_of(side: str) -> str:
    """The analytics role of a side: its kingdom, or ``careerist``."""
    return CAREERIST if side.startswith(CAREERIST) else side


def becomes_careerist(shown_of_kingdom: int, players: int) -> bool:
    """Whether one more shown player of a kingdom that already has ``shown_of_kingdom``
    (dead included) would make it more than half of all players."""
    return 2 * (shown_of_kingdom + 1) > players


def check_options(players: list[str], options: Any) -> dict[str, Any]:
    if not isinstance(options, dict):
        raise InvalidSetup('options is an object, e.g. {"candidates": 5}')
    n = len(players)
    if not HegemonyGame.min_players <= n <= HegemonyGame.max_players:
        raise InvalidSetup(f"Kingdom Wars seats 4 to 10 players, not {n}")
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise InvalidSetup(f"unknown option(s) {unknown}; known: {sorted(OPTIONS)}")
    k = options.get("candidates", 4)
    if type(k) is not int or k not in CANDIDATES:
        raise InvalidSetup(f"candidates is one of {list(CANDIDATES)}, not {k!r}")
    if n * k > len(IDS):
        raise InvalidSetup(f"{n} players x {k} candidates needs {n * k} generals; the roster "
                           f"has {len(IDS)}")
    for flag in ("ask_everyone", "skills"):
        if type(options.get(flag, False)) is not bool:
            raise InvalidSetup(f"{flag} is true or false")
    for name, allowed in (("bonus", BONUS_MODES), ("victory", VICTORY_RULES)):
        if name in options and options[name] not in allowed:
            raise InvalidSetup(f"{name} is one of {list(allowed)}, not {options[name]!r}")
    if "deck" in options and options["deck"] not in DECKS:
        raise InvalidSetup(f"deck is one of {sorted(DECKS)}, not {options['deck']!r}")
    cap = options.get("turn_cap")
    if cap is not None and (type(cap) is not int or cap < 1):
        raise InvalidSetup("turn_cap is a positive integer")
    return dict(options)


class HegemonyGame(SanguoshaGame):
    """A game of Kingdom Wars with skill-less generals."""

    kind = "hegemony"
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
        candidates: list[list[str]] | None = None,
        first: int | None = None,
        rules: int | None = None,
    ) -> HegemonyGame:
        """Seat the players; deal the candidates, the first seat and the deck (recorded).

        ``candidates``, ``deck`` (top first) and ``first`` prearrange a table for tests;
        they are recorded exactly like a random deal. Hands are dealt once every player
        has chosen its generals: seat ``i`` gets ``deck[4i:4i+4]``. ``rules`` plays an
        older rules version (default: the newest).
        """
        rng = pick(rng)
        seats = check_seating(players, agents)
        options = check_options(players, options if options is not None else {})
        n = len(players)
        k = options.get("candidates", 4)
        # people keep their hands from each other: every window asks every living seat
        options.setdefault("ask_everyone", "human" in seats)
        options.setdefault("deck", NEW_DECK)
        ids = DECKS[options["deck"]]
        redeals: list[tuple[int, list[str], list[str]]] = []
        if candidates is None:
            pool = list(IDS)
            rng.shuffle(pool)
            candidates = []
            for _ in range(n):
                candidates.append(pool[-k:])
                del pool[-k:]
            dealt = [list(c) for c in candidates]
            for seat in range(n):
                while not share_a_kingdom(candidates[seat]):
                    returned = candidates[seat]
                    pool += returned
                    rng.shuffle(pool)
                    candidates[seat] = pool[-k:]
                    del pool[-k:]
                    redeals.append((seat, returned, list(candidates[seat])))
        else:
            dealt = [list(c) for c in candidates]
            flat = [g for c in candidates for g in c]
            if (len(candidates) != n or any(len(c) != k for c in candidates)
                    or len(set(flat)) != len(flat) or any(g not in ROSTER for g in flat)
                    or not all(share_a_kingdom(c) for c in candidates)):
                raise InvalidSetup(f"candidates are {n} lists of {k} distinct generals, each "
                                   "with two of one kingdom")
        if first is None:
            first = rng.randrange(n)
        elif not 0 <= first < n:
            raise InvalidSetup(f"first is a seat 0..{n - 1}")
        if deck is None:
            deck = list(ids)
            rng.shuffle(deck)
        elif sorted(deck) != list(ids):
            raise InvalidSetup(f"deck must be an order of the 108 card ids {ids[0]}..{ids[-1]} "
                               f"(the {options['deck']} deck)")
        game = cls.under_rules(cls.rules_version if rules is None else rules,
                               players=list(players), options=options, agents=seats)
        game._candidates_dealt(candidates=dealt)
        for seat, returned, again in redeals:
            game._candidates_redealt(seat=seat, returned=returned, candidates=again)
        game._first_seat_drawn(seat=first)
        game._deck_shuffled(order=list(deck))
        return game

    @event("Started")
    def __init__(self, players: list[str], options: dict[str, Any], agents: list[str]) -> None:
        self._init_table(players, options, agents)
        n = len(players)
        if options.get("deck", STORED_DECK) == "kingdom_wars":
            # the Kingdom Wars deck's armor, chains and Wine act through the skill
            # engine's frames (damage, judgments), so its tables always take those paths
            self.kw_deck = True
            self.set_skills(self.skills)
        self.candidates: list[list[str]] = [[] for _ in range(n)]
        self.generals: list[list[str]] = [[] for _ in range(n)]  # [head, deputy] once chosen
        self.shown: list[list[bool]] = [[False, False] for _ in range(n)]
        self.side: list[str | None] = [None] * n  # fixed at the first show
        self.first = 0
        self.show_turn = 0  # the turn whose start-of-turn show step was offered
        #: the generals ("head", "deputy") whose skills a seat lost for good (Duanchang)
        self.lost: list[list[str]] = [[] for _ in range(n)]
        #: a general of the seat was hidden again (Qingcheng): no second showing bonus
        self.rehidden = [False] * n

    # --- setup events -----------------------------------------------------------------
    @event("CandidatesDealt")
    def _candidates_dealt(self, candidates: list[list[str]]) -> None:
        self.candidates = [list(c) for c in candidates]

    @event("CandidatesRedealt")
    def _candidates_redealt(self, seat: int, returned: list[str], candidates: list[str]) -> None:
        self.candidates[seat] = list(candidates)

    @event("FirstSeatDrawn")
    def _first_seat_drawn(self, seat: int) -> None:
        self.first = seat

    @event("GeneralsChosen")
    def _generals_chosen(self, seat: int, head: str, deputy: str, max_hp: int) -> None:
        self.generals[seat] = [head, deputy]
        self.hp[seat] = self.max_hp[seat] = max_hp
        if self.has_skills:
            self._arm_skills()

    # --- queries ----------------------------------------------------------------------
    @property
    def choosing(self) -> bool:
        return self.outcome is None and any(not g for g in self.generals)

    def kingdom_of(self, seat: int) -> str:
        """The kingdom of the seat's chosen generals (a secret while both are hidden)."""
        return ROSTER[self.generals[seat][0]].kingdom

    def hidden(self, seat: int) -> list[str]:
        return [w for i, w in enumerate((HEAD, DEPUTY)) if not self.shown[seat][i]]

    def would_be(self, seat: int, sides: list[str | None] | None = None) -> str:
        """The side the seat takes (or would take) when it first shows a general."""
        sides = self.side if sides is None else sides
        if sides[seat] is not None:
            return sides[seat]  # type: ignore[return-value]
        kingdom = self.kingdom_of(seat)
        count = sum(1 for s in sides if s == kingdom)
        return careerist_side(seat) if becomes_careerist(count, self.n) else kingdom

    def projected_sides(self) -> list[str]:
        """Every seat's side, the hidden ones joining in turn order from the current seat:
        the sides the game would show if everyone showed now (dead seats are all shown)."""
        sides = list(self.side)
        for s in order_from(self.current, self.n):
            if sides[s] is None:
                sides[s] = self.would_be(s, sides)
        return [s for s in sides if s is not None]

    def gender(self, seat: int) -> str | None:
        """A hidden general has no gender: the head's once shown, else the deputy's."""
        if not self.generals[seat]:
            return None
        for i in (0, 1):
            if self.shown[seat][i]:
                return ROSTER[self.generals[seat][i]].gender
        return None

    def first_seat(self) -> int:
        return self.first

    # --- sides, as the Kingdom Wars deck's cards ask (kingdom-wars-deck.md) -------------
    def same_side(self, a: int, b: int) -> bool:
        """Both shown, neither a careerist, one kingdom (a careerist's side is its own
        seat's, so two careerists are never on one side)."""
        side = self.side[a]
        return side is not None and side == self.side[b] and not side.startswith(CAREERIST)

    def has_shown(self, seat: int) -> bool:
        return any(self.shown[seat])

    def hidden_generals(self, seat: int) -> list[str]:
        return self.hidden(seat) if self.generals[seat] else []

    def general_of(self, seat: int, which: str) -> str:
        return self.generals[seat][0 if which == HEAD else 1]

    def range_bonus(self, seat: int) -> int:
        """Six Swords: every other living player on its wearer's side reaches 1 further."""
        if not self.kw_deck:
            return 0
        return 1 if any(s != seat and self.alive[s] and self.same_side(s, seat)
                        and self.equip[s][WEAPON] is not None
                        and NAME[self.equip[s][WEAPON]] == SIX_SWORDS  # type: ignore[index]
                        for s in range(self.n)) else 0
    # --- skills of hidden generals (generals.md 0.3) ------------------------------------
    def kingdom(self, seat: int) -> str | None:
        """The seat's side once it has shown a general (a kingdom, or ``careerist:<seat>``,
        a side of its own); None while both its generals are hidden."""
        return self.side[seat]

    def same_kingdom(self, user: int, other: int) -> bool:
        """"Of the same kingdom as you" (与你势力相同) for a skill of ``user``: ``other``
        has shown a general, neither is a careerist, and their kingdoms agree; a
        ``user`` still hidden counts as the side it would join by showing now."""
        mine = self.side[user] if self.side[user] is not None else self.would_be(user)
        theirs = self.side[other]
        return (user != other and theirs is not None and mine == theirs
                and not mine.startswith(CAREERIST))

    @property
    def has_skills(self) -> bool:
        """Rules 4 gives the generals their skills, unless the table turned them off."""
        return self.rules >= 4 and self.options.get("skills", True) is not False

    def general_skills(self, seat: int, i: int) -> tuple[str, ...]:
        """The Kingdom Wars skills of the seat's head (``i`` 0) or deputy (1)."""
        g = self.generals[seat]
        if not g or not self.has_skills:  # a table without skills: none to offer or show
            return ()
        skills = KW_SKILLS.get(g[i], ())
        # skills that came with rules 5 (Buqu): games of rules 4 replay without them
        return skills if self.rules >= 5 else tuple(s for s in skills if s not in SINCE_5)

    def shown_skills(self, seat: int) -> tuple[str, ...]:
        """The skills of the seat's shown generals: those that apply unasked. (The
        seat's ``skills`` also lists its hidden generals', offered to it alone.)"""
        return tuple(sid for i in (0, 1) if self.shown[seat][i]
                     and (HEAD, DEPUTY)[i] not in self.lost[seat]
                     for sid in self.general_skills(seat, i))

    def _owner_of(self, seat: int, sid: str) -> int | None:
        """Which of the seat's generals (0 head, 1 deputy) brings ``sid``."""
        for i in (0, 1):
            if sid in self.general_skills(seat, i):
                return i
        return None

    def skill_shown(self, seat: int, sid: str) -> bool:
        i = self._owner_of(seat, sid)
        return i is None or self.shown[seat][i]

    def _switches_on(self, seat: int, i: int) -> bool:
        """Whether showing general ``i`` switches on a compulsory modifier that counts
        only while shown (Mashu): then it may be shown in its owner's play phase."""
        return _switches_on(self.general_skills(seat, i))

    # --- the choose step: every seat at once ------------------------------------------
    def to_act(self) -> list[int]:
        if self.choosing:
            return [s for s in range(self.n) if not self.generals[s]]
        return super().to_act()

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        if self.choosing:
            if self.generals[seat]:
                return []
            c = self.candidates[seat]
            return [{"type": "choose_generals", "head": h, "deputy": d}
                    for h in c for d in c
                    if h != d and ROSTER[h].kingdom == ROSTER[d].kingdom]
        return super().legal_actions(seat)

    def _answers(self, seat: int, f: Frame) -> list[dict[str, Any]]:
        ask = f.ask
        if ask == "show":
            hidden = self.hidden(seat)
            out = [{"type": "show", "which": w} for w in hidden]
            if len(hidden) == 2:
                out.append({"type": "show", "which": "both"})
            return out + [{"type": "decline"}]
        if ask == "pair":
            out = [{"type": "pair_bonus", "choice": "draw"}]
            if self.hp[seat] < self.max_hp[seat]:
                out.append({"type": "pair_bonus", "choice": "heal"})
            if self._bonus_asked:
                out.append({"type": "pair_bonus", "choice": "decline"})
            return out
        if ask == "fish":
            return [{"type": "fish_bonus", "choice": "draw"},
                    {"type": "fish_bonus", "choice": "decline"}]
        out = super()._answers(seat, f)
        if not (self.skilled and self.rules >= 4) or all(self.shown[seat]):
            return out
        if not self.may_show(seat):  # a skill forbids showing: hidden skills are out
            secret = {sid for i in (0, 1) if not self.shown[seat][i]
                      for sid in self.general_skills(seat, i)}
            return [a for a in out if a.get("skill") not in secret]
        if ask == "play":
            shows = [{"type": "show", "which": w} for i, w in enumerate((HEAD, DEPUTY))
                     if not self.shown[seat][i] and self._switches_on(seat, i)]
            if shows:
                out = out[:-1] + shows + out[-1:]  # end_play stays last
        return out

    @property
    def _bonus_asked(self) -> bool:
        """The seed's "may": each bonus is offered (stored games without the option: no)."""
        return self.options.get("bonus", "auto") == "ask"

    def _act(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        if self.choosing:
            self._choose_generals(seat, action, rng)
            return
        f = self.stack[-1]
        if f.ask not in MODE_ASKS:
            super()._act(seat, action, rng)
            return
        legal = self._answers(seat, f)
        chosen = next((a for a in legal if all(action.get(k) == v for k, v in a.items())), None)
        if chosen is None:
            kinds = sorted({a["type"] for a in legal})
            if action["type"] not in kinds:
                raise WrongAction(f"{action['type']!r} is not possible now; you may: "
                                  f"{', '.join(kinds)}")
            raise NotAChoice(f"that is not one of the choices: {legal}")
        if chosen["type"] == "decline":
            self._show_declined(seat=seat)
        elif chosen["type"] == "show":
            which = self.hidden(seat) if chosen["which"] == "both" else [chosen["which"]]
            self._show(seat, which, "turn_start")
        elif chosen["type"] == "pair_bonus":
            self._pair_bonus_chosen(seat=seat, choice=chosen["choice"])
        else:
            self._half_fish_chosen(seat=seat, choice=chosen["choice"])
        self._drive(rng)

    def _choose_generals(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        legal = self.legal_actions(seat)
        if action["type"] != "choose_generals":
            raise WrongAction("choose a head and a deputy first: "
                              '{"type": "choose_generals", "head": ..., "deputy": ...}')
        key = {"type": "choose_generals", "head": action.get("head"),
               "deputy": action.get("deputy")}
        if key not in legal:
            raise NotAChoice("head and deputy are two different candidates of one kingdom")
        head, deputy = key["head"], key["deputy"]
        hp, _ = max_hp(head, deputy)
        self._generals_chosen(seat=seat, head=head, deputy=deputy, max_hp=hp)
        if not self.choosing:
            n = self.n
            top = self.pile[::-1]
            self._hands_dealt(hands=[top[HAND_SIZE * s:HAND_SIZE * (s + 1)] for s in range(n)])
            self._drive(rng)

    def _show(self, seat: int, which: list[str], reason: str,
              then: dict[str, Any] | None = None) -> None:
        g = self.generals[seat]
        names = [g[0] if w == HEAD else g[1] for w in which]
        self._generals_shown(seat=seat, which=list(which), generals=names, reason=reason,
                             then=then)

    def _before_action(self, seat: int, f: Frame, chosen: dict[str, Any]) -> bool:
        """Showing comes first: a play-phase show is only that; an action that uses a
        hidden general's skill (or a card use only its modifiers allow) shows the general,
        and is carried out after the kingdom and the bonuses (``Shown.then``)."""
        if self.rules < 4 or not self.skilled:
            return False
        if chosen["type"] == "show":
            self._show(seat, [chosen["which"]], "play")
            return True
        which = self.shows_first(seat, f, [chosen])[0]
        if not which:
            return False
        self._show(seat, which, "skill", then=chosen)
        return True

    def shows_first(self, seat: int, f: Frame, actions: list[dict[str, Any]]) -> list[list[str]]:
        """For each of the seat's ``actions`` (legal in frame ``f``), the hidden generals
        choosing it shows first (a play-phase ``show`` aside): the owner of a hidden
        general's skill it uses and, for a card use, the hidden generals whose
        ``shows_when_needed`` modifiers it needs (a Wusheng Kill as the second Kill of the
        phase shows the Zhang Fei it needs)."""
        out: list[list[str]] = [[] for _ in actions]
        if (isinstance(f, SkillEffect) and f.owner == seat) or not self.hidden(seat):
            return out  # a skill's own steps: its general is shown already
        uses = []
        for k, chosen in enumerate(actions):
            sid = chosen.get("skill")
            if sid is not None:
                i = self._owner_of(seat, sid)
                if i is not None and not self.shown[seat][i]:
                    out[k].append((HEAD, DEPUTY)[i])
            if chosen["type"] == "use":
                uses.append(k)
        if uses:
            needed = self._needed(seat, f, [_concrete(actions[k]) for k in uses])
            for k, which in zip(uses, needed, strict=True):
                out[k] += [w for w in which if w not in out[k]]
        return out

    def _needed(self, seat: int, f: Frame, uses: list[dict[str, Any]]) -> list[list[str]]:
        """For each card use, the hidden generals whose ``shows_when_needed`` modifiers it
        needs: none when it is legal with the shown generals' modifiers alone."""
        flagged = [i for i in (0, 1) if not self.shown[seat][i]
                   and _shows_when_needed(self.general_skills(seat, i), self.rules)]
        if not flagged:
            return [[] for _ in uses]
        kept = self.mods[seat]
        shown = [i for i in (0, 1) if self.shown[seat][i]]
        found: list[list[str] | None] = [None] * len(uses)
        try:
            for extra in ([], *([i] for i in flagged)):
                left = [k for k, which in enumerate(found) if which is None]
                if not left:
                    break
                self.mods[seat] = _modifiers(tuple(
                    sid for i in shown + extra for sid in self.general_skills(seat, i)))
                legal = answers(self, seat, f)
                for k in left:
                    if match(uses[k], legal) is not None:
                        found[k] = [(HEAD, DEPUTY)[i] for i in extra]
        finally:
            self.mods[seat] = kept
        every = [(HEAD, DEPUTY)[i] for i in flagged]
        return [every if which is None else which for which in found]

    # --- the start-of-turn step and the mode's frames ----------------------------------
    def _turn_step(self) -> None:
        """At the start of its turn (after its start phase's skills, before judgment) a
        seat with a hidden general is asked whether to show (a hidden general's start
        phase skill is offered before: using it shows the general)."""
        if self.phase == "judgment" and self.show_turn != self.turn:
            self.show_turn = self.turn
            cur = self.current
            if self.hidden(cur):
                self.stack.append(ShowAsk(waiting=cur, ask="show"))
                return
        super()._turn_step()

    def _step_mode(self, f: Frame) -> None:
        """``shown``: after a show, the bonuses one by one (the perfect pair first), then
        the victory check."""
        assert isinstance(f, Shown)
        todo = f.todo
        if todo:
            item = todo[0]
            if item["k"] == "pair":
                v = item["seat"]
                if self._bonus_asked or self.hp[v] < self.max_hp[v]:
                    f.wait(v, "pair")
                    return
                todo[0] = {"k": "draw", "seat": v, "n": 2, "reason": PERFECT_PAIR}
            elif item["k"] == "fish":
                v = item["seat"]
                if self._bonus_asked:
                    f.wait(v, "fish")
                    return
                todo[0] = {"k": "draw", "seat": v, "n": 1, "reason": HALF_FISH}
            self.due = dict(todo[0], then="todo")
            return
        outcome = self.check_victory()
        if outcome is not None:
            self.due = {"k": "end", "outcome": outcome}
        else:
            self.stack.pop()
            if f.then is not None:  # the skill use that showed the general, now
                self.due = {"k": "resume", "seat": f.victim, "action": f.then}

    def _after_show(self, seat: int, was_both: bool,
                    then: dict[str, Any] | None = None) -> None:
        """Queue what showing makes due: bonuses when both are first shown (the living
        only), then the victory check."""
        todo: list[dict[str, Any]] = []
        if not was_both and all(self.shown[seat]) and self.alive[seat] and not self.rehidden[seat]:
            head, deputy = self.generals[seat]
            if perfect_pair(head, deputy):
                todo.append({"k": "pair", "seat": seat})
            if max_hp(head, deputy)[1]:
                todo.append({"k": "fish", "seat": seat})
        self.stack.append(Shown(victim=seat, todo=todo, then=then))

    # --- mode events --------------------------------------------------------------------
    @event("ShowDeclined")
    def _show_declined(self, seat: int) -> None:
        self.stack.pop()
        self._settle()

    @event("GeneralsShown")
    def _generals_shown(self, seat: int, which: list[str], generals: list[str],
                        reason: str, then: dict[str, Any] | None = None) -> None:
        """``then``: the action that showed the general (reason ``skill``), carried out
        once the show's kingdom and bonuses are settled."""
        was_both = all(self.shown[seat])
        if reason == "turn_start":
            self.stack.pop()  # the show step
        elif reason == "death":
            self._landed()
        for w in which:
            self.shown[seat][0 if w == HEAD else 1] = True
        if self.has_skills:
            self._arm_skills()
        if reason == "game_end":
            return
        follow = reason in ("turn_start", "skill", "play")
        if self.side[seat] is None:
            self.due = {"k": "decide", "seat": seat, "follow": follow,
                        "was_both": was_both, "action": then}
            return
        if follow:
            self._after_show(seat, was_both, then)
        self._settle()

    def _arm_skills(self) -> None:
        """Rules 4: each seat holds the Kingdom Wars skills of both its generals (but
        those of a general whose skills it lost), offered while hidden too (using one
        shows its general first). The modifiers that count are the shown generals' and,
        while hidden, those marked ``shows_when_needed`` (Duanbing's from rules 7)."""
        skills, moded = [], []
        for s in range(self.n):
            mine: list[str] = []
            counted: list[str] = []
            for i in (0, 1):
                if (HEAD, DEPUTY)[i] in self.lost[s]:
                    continue
                for sid in self.general_skills(s, i):
                    mine.append(sid)
                    if self.shown[s][i] or shows_when_needed(sid, self.rules):
                        counted.append(sid)
            skills.append(tuple(mine))
            moded.append(tuple(counted))
        self.set_skills(skills, moded)

    def generals_of(self, seat: int) -> list[str]:
        """The seat's generals ("head", "deputy") that still have their skills."""
        return [w for w in (HEAD, DEPUTY) if w not in self.lost[seat]] if self.generals[
            seat] else []

    def may_show(self, seat: int) -> bool:
        """Whether a shown general's skill forbids the seat to show one now (Huoshui)."""
        for o in range(self.n):
            rule = self.alive[o] and self.mod(o, "bars_show")
            if rule and rule(self, o, seat):
                return False
        return True

    @event("GeneralHidden")
    def _general_hidden(self, seat: int, which: str, by: int, reason: str) -> None:
        """One of the seat's shown generals is turned face down again (Qingcheng): its
        skills are out of play until it is shown again; the seat keeps its side."""
        self.shown[seat][0 if which == HEAD else 1] = False
        self.rehidden[seat] = True
        self._arm_skills()
        top = self.stack[-1] if self.stack else None
        if top is not None and top.waiting is not None and top.ask == reason:
            self._answer(True)
        self._wounds_orphaned(seat)
        self._settle()

    @event("SkillsLost")
    def _skills_lost(self, seat: int, which: str, reason: str) -> None:
        """The seat loses the skills of one of its generals for the rest of the game,
        shown or not (Duanchang)."""
        self.lost[seat].append(which)
        self._arm_skills()
        top = self.stack[-1] if self.stack else None
        if top is not None and top.waiting is not None and top.ask == reason:
            self._answer(True)
        self._wounds_orphaned(seat)
        self._settle()

    def _wounds_orphaned(self, seat: int) -> None:
        """A seat whose wounds no skill holds any more (Buqu lost, or hidden again) puts
        them in the discard pile, and at 0 HP or less goes dying at once."""
        if not self.wounds[seat] or self.mod(seat, "survives"):
            return
        self.discard.extend(self.wounds[seat])
        self.wounds[seat] = []
        if self.alive[seat] and self.hp[seat] <= 0:
            self.stack.append(Dying(victim=seat, source=None))

    @event("WoundsTaken")
    def _wounds_taken(self, seat: int, cards: list[int], reason: str) -> None:
        """Cards from the top of the draw pile set aside face up on the seat's general
        (Buqu's wounds): public, and the seat's own until discarded."""
        self._landed()
        if cards:
            del self.pile[len(self.pile) - len(cards):]
        self.wounds[seat].extend(cards)
        self._settle()

    @event("WoundsDiscarded")
    def _wounds_discarded(self, seat: int, cards: list[int], reason: str) -> None:
        """Wounds go to the discard pile (the seat healed: Buqu keeps 1 - HP of them)."""
        self._landed()
        for c in cards:
            self.wounds[seat].remove(c)
        self.discard.extend(cards)
        top = self.stack[-1] if self.stack else None
        if top is not None and top.waiting == seat and top.ask == reason:
            self._answer(True)
        self._settle()

    @event("KingdomDecided")
    def _kingdom_decided(self, seat: int, kingdom: str, side: str, careerist: bool,
                         shown_before: int) -> None:
        self.side[seat] = side
        d = self.due
        if d is None or d["k"] != "decide":
            return  # shown at the game's end
        self._landed()
        if d["follow"]:
            self._after_show(seat, d["was_both"], d.get("action"))
        self._settle()

    @event("PairBonusChosen")
    def _pair_bonus_chosen(self, seat: int, choice: str) -> None:
        self._bonus_chosen(seat, choice, PERFECT_PAIR, 2)

    @event("HalfFishChosen")
    def _half_fish_chosen(self, seat: int, choice: str) -> None:
        self._bonus_chosen(seat, choice, HALF_FISH, 1)

    def _bonus_chosen(self, seat: int, choice: str, reason: str, draws: int) -> None:
        """The bonus at the head of the show's to-do list becomes what was chosen."""
        f = self.stack[-1]
        assert isinstance(f, Shown)
        f.waiting = f.ask = None
        if choice == "decline":
            f.todo.pop(0)
        else:
            f.todo[0] = {"k": choice, "seat": seat, "n": draws if choice == "draw" else 1,
                            "reason": reason}
        self._settle()

    def _drive_mode(self, due: dict[str, Any], rng: random.Random) -> None:
        k = due["k"]
        if k == "show":
            self._show(due["seat"], self.hidden(due["seat"]), due["reason"])
        elif k == "decide":
            self._decide_side(due["seat"])
        elif k == "resume":
            self._resume(due["seat"], due["action"], rng)
        elif k == "wounds":
            cards = self._take(due["n"], rng)
            if cards is not None:
                self._wounds_taken(seat=due["seat"], cards=cards, reason=due["reason"])
        elif k == "clear_wounds":
            self._wounds_discarded(seat=due["seat"], cards=list(due["cards"]),
                                   reason=due["reason"])
        else:
            raise AssertionError(f"unknown due fact {due!r}")

    def _resume(self, seat: int, action: dict[str, Any], rng: random.Random) -> None:
        """Carry out the action that showed a general (its first event lands the due);
        one the bonuses made impossible lapses (recorded), and the seat chooses again."""
        f = self.stack[-1]
        chosen = match(action, self._answers(seat, f)) if f.waiting == seat else None
        if chosen is None:
            self._action_lapsed(seat=seat)
        else:
            self._decide(seat, f, chosen, rng)

    @event("ActionLapsed")
    def _action_lapsed(self, seat: int) -> None:
        self._landed()
        self._settle()

    def _decide_side(self, seat: int) -> None:
        kingdom = self.kingdom_of(seat)
        before = sum(1 for s in self.side if s == kingdom)
        side = self.would_be(seat)
        self._kingdom_decided(seat=seat, kingdom=kingdom, side=side,
                              careerist=side != kingdom, shown_before=before)

    def _end(self, outcome: dict[str, Any], rng: random.Random) -> None:
        """Every general still hidden is shown (sides decided in the order the outcome
        projected them), then the end is recorded."""
        for s in order_from(self.current, self.n):
            hidden = self.hidden(s)
            if hidden:
                self._show(s, hidden, "game_end")
                if self.side[s] is None:
                    self._decide_side(s)
        self._game_ended(outcome=outcome)

    # --- engine hooks ---------------------------------------------------------------------
    def revealed(self, seat: int) -> dict[str, Any]:
        return {"generals": list(self.generals[seat])}

    def on_death(self, victim: int, killer: int | None) -> list[dict[str, Any]]:
        """A hidden victim shows its generals first; then: a killer with no shown general
        gets nothing; same side -> the killer discards hand and equipment; another side ->
        the killer draws that side's shown living players plus 1 (a careerist: 1)."""
        todo: list[dict[str, Any]] = []
        if self.hidden(victim):
            todo.append({"k": "show", "seat": victim, "reason": "death"})
        if killer is None or killer == victim or not self.alive[killer]:
            return todo
        if self.rules >= 7:  # read the killer's side as it is paid, after Xingshang's show
            todo.append({"k": "settle", "seat": killer, "victim": victim,
                         "alive": list(self.alive)})
            return todo
        return todo + self.settle_death(victim, killer, self.alive)

    def settle_death(self, victim: int, killer: int, alive: list[bool]) -> list[dict[str, Any]]:
        """The killer's reward or penalty by the sides now, counting the victim's side
        among the seats ``alive`` at the death (rules 7: read when it is paid, after the
        death's skills; before, at the death itself)."""
        todo: list[dict[str, Any]] = []
        if not self.alive[killer]:
            return todo
        mine = self.side[killer]
        if mine is None:
            return todo
        theirs = self.would_be(victim)
        if theirs == mine:
            todo.append({"k": "penalty", "seat": killer, "victim": victim})
        else:
            n = 1 if theirs.startswith(CAREERIST) else 1 + sum(
                1 for s in range(self.n) if alive[s] and self.side[s] == theirs)
            todo.append({"k": "reward", "seat": killer, "n": n, "victim": victim})
        return todo

    def check_victory(self) -> dict[str, Any] | None:
        """All living players one side (hidden ones by the side they would join): that
        side wins, its dead included."""
        if self.options.get("victory", "house") == "seed" and any(
                self.alive[s] and self.side[s] is None for s in range(self.n)):
            return None  # the seed: a player with no fixed kingdom cannot win yet
        sides = self.projected_sides()
        living = {sides[s] for s in range(self.n) if self.alive[s]}
        if len(living) != 1:
            return None
        (side,) = living
        winners = [s for s in range(self.n) if sides[s] == side]
        reason = "careerist_alone" if side.startswith(CAREERIST) else "one_kingdom_left"
        return self._outcome(winners, side, reason, sides)

    def draw_outcome(self, reason: str) -> dict[str, Any]:
        return self._outcome([], "draw", reason, self.projected_sides())

    def _outcome(self, winners: list[int], side: str, reason: str,
                 sides: list[str]) -> dict[str, Any]:
        roles = [role_of(s) for s in sides]
        return {"winners": winners, "side": side, "reason": reason,
                "seats": seat_outcome(self.players, winners, roles, None)}

    # --- views ------------------------------------------------------------------------------
    def seat_view(self, seat: int, viewer: Viewer) -> dict[str, Any]:
        mine = self.sees_all(viewer) or viewer == seat
        g = self.generals[seat]
        side = self.side[seat]
        out: dict[str, Any] = {
            "generals": ([name if (mine or self.shown[seat][i]) else None
                          for i, name in enumerate(g)] if g else None),
            "shown": list(self.shown[seat]),
            "side": side,
            "role": role_of(side) if side is not None else None,
            "kingdom": self.kingdom_of(seat) if g and (side is not None or mine) else None,
            "gender": self.gender(seat),
            "chosen": bool(g),
            "face_down": self.turned[seat],  # turned over: skips its next turn
        }
        if mine:
            out["candidates"] = list(self.candidates[seat])
        return out

    def view(self, viewer: Viewer = "spectator") -> dict[str, Any]:
        out = super().view(viewer)
        out["first"] = self.first
        out["stage"] = "choose" if self.choosing else (
            "start" if self.stack and isinstance(self.stack[-1], ShowAsk | Shown) else "play")
        pending = out.get("pending")
        if pending and pending.get("skill") is not None and not self.sees_all(viewer):
            top = self.stack[-1]
            if (isinstance(top, Trigger) and top.current is not None
                    and top.current[0] != viewer
                    and not self.skill_shown(top.current[0], top.current[1])):
                pending["skill"] = None  # a hidden general's skill is its owner's secret
        shows = self._shows_view(viewer, out.get("legal_actions"))
        if shows:
            out["shows_first"] = shows
        return out

    def _shows_view(self, viewer: Viewer, legal: list[dict[str, Any]] | None
                    ) -> list[dict[str, Any]]:
        """Which of the viewer's own legal actions show one of its hidden generals first
        (``{"action": index, "which": [...]}``), so its player (or bot) can keep them
        hidden knowingly: a play-phase show, a hidden general's skill, a card use only a
        hidden general's modifier allows (Paoxiao's second Kill, Duanbing's extra
        target). The start-of-turn question is about showing and is left out."""
        if (not legal or not isinstance(viewer, int) or self.choosing or not self.stack
                or self.rules < 4 or not self.skilled or not self.hidden(viewer)):
            return []
        f = self.stack[-1]
        if f.ask in MODE_ASKS:
            return []
        which = self.shows_first(viewer, f, legal)
        out = []
        for k, a in enumerate(legal):
            if a["type"] == "show":
                out.append({"action": k, "which": [a["which"]]})
            elif which[k]:
                out.append({"action": k, "which": which[k]})
        return out

    def redact(self, name: str, data: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        """Candidates and chosen generals are the owner's until shown."""
        if name == "CandidatesDealt":
            c = data["candidates"]
            return {"candidates": [list(x) if s == viewer else None for s, x in enumerate(c)],
                    "counts": [len(x) for x in c]}
        if name == "CandidatesRedealt" and viewer != data["seat"]:
            return {"seat": data["seat"], "returned": None, "candidates": None,
                    "count": len(data["candidates"])}
        if name == "GeneralsChosen" and viewer != data["seat"]:
            return {**data, "head": None, "deputy": None}
        if name == "Died" and viewer != data["seat"]:
            # the death's triggers (Xingshang...) may ask before the dead player's hidden
            # generals are shown: until then they are its own
            seat, names = data["seat"], data["revealed"]["generals"]
            return {**data, "revealed": {"generals": [
                g if self.shown[seat][i] else None for i, g in enumerate(names)]}}
        if name == "GeneralsShown" and data.get("then") and viewer != data["seat"]:
            # the skill is public (its use follows); the cards and targets are told by the
            # use itself, as its own redaction allows
            return {**data, "then": {"type": data["then"]["type"],
                                     "skill": data["then"].get("skill")}}
        return super().redact(name, data, viewer)


__all__ = ["HegemonyGame", "KINGDOMS", "CAREERIST", "becomes_careerist", "role_of"]
