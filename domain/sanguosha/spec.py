"""Sanguosha's two modes as paiju offers them: identity mode and Kingdom Wars."""

from __future__ import annotations

from domain.audit import Fact, Recount
from domain.referee import hegemony as hegemony_referee
from domain.referee import hegemony_generals
from domain.referee import identity as identity_referee
from domain.sanguosha import audit
from domain.sanguosha.bots import HEGEMONY_POLICIES, IDENTITY_POLICIES
from domain.sanguosha.engine import SanguoshaGame
from domain.sanguosha.generals import ROSTER
from domain.sanguosha.hegemony import (
    BONUS_MODES,
    CANDIDATES,
    NEW_DECK,
    VICTORY_RULES,
    HegemonyGame,
)
from domain.sanguosha.identity import TEN_PLAYER_TABLES, IdentityGame
from domain.sanguosha.skill import GENERAL_SKILLS, KW_SKILLS, SKILLS
from domain.sanguosha.text import SanguoshaNarrator, catalogue, every_card
from domain.spec import GameSpec, Option

TURN_CAP = Option("turn_cap", int, SanguoshaGame.default_turn_cap,
                  "safety valve: after this many turns the game ends in a recorded draw",
                  minimum=1)
ASK_EVERYONE = Option(
    "ask_everyone", bool, None,
    "true: every living seat answers each Nullification and dying-Peach window (holder or "
    "not), so no window tells that someone holds one; on by default whenever a seat is "
    "human, off for bot-only tables (fewer events)")


def identity_narrator() -> SanguoshaNarrator:
    """Identity mode in words: generals and skills by name, each general's skills beside
    it in the table, and cards used as another told with the skill that made them."""
    names = {g.id: g.en for g in ROSTER.values()} | {s.id: s.name for s in SKILLS.values()}
    conversions = {g: [(sid, c.to, c.fits) for sid in ids for c in SKILLS[sid].conversions]
                   for g, ids in GENERAL_SKILLS.items()}
    return SanguoshaNarrator(names, skills=GENERAL_SKILLS, conversions=conversions,
                             lord_skills=[s.id for s in SKILLS.values() if s.lord])


def hegemony_narrator() -> SanguoshaNarrator:
    """Kingdom Wars in words: generals and their Kingdom Wars skills by name (``rende_kw``
    reads "Rende"), cards used as another told with the skill that made them."""
    names = {g.id: g.en for g in ROSTER.values()} | {s.id: s.name for s in SKILLS.values()}
    conversions = {g: [(sid, c.to, c.fits) for sid in ids for c in SKILLS[sid].conversions]
                   for g, ids in KW_SKILLS.items()}
    return SanguoshaNarrator(names, skills=KW_SKILLS, conversions=conversions)


def identity_audit(facts: list[Fact]) -> Recount:
    """The identity referee (``domain/referee/identity.py``) judges every game, generals
    and their skills included (``identity_skills`` and its kingdoms' modules)."""
    return identity_referee.referee(facts)


def hegemony_audit(facts: list[Fact]) -> Recount:
    """The Kingdom Wars referee (``domain/referee/hegemony.py``) judges every game whose
    chosen generals' skills it all judges (``hegemony_generals``; any game without skills:
    rules before 4, or the option ``skills`` off), dealt either deck (option ``deck``: the
    identity deck, or the Kingdom Wars deck, its cards judged by ``hegemony_cards``). A
    game with a skill it does not judge yet keeps the engine-side recount, which says
    which."""
    missing = hegemony_generals.unjudged(facts)
    if missing:  # a game with skills the referee does not judge yet
        recount = audit.recount(facts, "hegemony")
        recount.unjudged = ("Kingdom Wars generals' skills: the independent referee does "
                            "not judge " + ", ".join(missing) + " yet")
        return recount
    return hegemony_referee.referee(facts)


IDENTITY = GameSpec(
    kind="identity",
    title="Sanguosha — identity mode",
    game=IdentityGame,
    seats=(4, 10),
    default_seats=8,
    policies=IDENTITY_POLICIES,
    options=(
        Option("ten_player_table", str, None,
               "10 players only: 'two_renegades' (the default: 1 lord, 3 loyalists, 4 rebels, "
               "2 renegades) or 'one_renegade' (1/3/5/1)", choices=tuple(TEN_PLAYER_TABLES)),
        TURN_CAP, ASK_EVERYONE,
        Option("generals", bool, True,
               "true (the default): every seat plays one of the 25 standard generals (its "
               "HP, gender and skills), the lord choosing first from Cao Cao, Liu Bei, Sun "
               "Quan and two drawn at random; false: the first game, no generals (4 HP, the "
               "lord 5 with 5+)"),
    ),
    referee=identity_audit,
    narrator=identity_narrator(),
    cards=catalogue,
    rules="docs/rules/sanguosha.md",
)

HEGEMONY = GameSpec(
    kind="hegemony",
    title="Sanguosha — Kingdom Wars",
    game=HegemonyGame,
    seats=(4, 10),
    default_seats=6,
    policies=HEGEMONY_POLICIES,
    options=(
        Option("candidates", int, 4, "generals dealt to each player to choose two from",
               choices=CANDIDATES),
        Option("bonus", str, "ask",
               "'ask' (the seed): when both generals are first shown, a perfect pair may draw "
               "2, heal 1 or decline, and a half fish may draw 1 or decline; 'auto': both "
               "taken at once (a perfect pair asked only when wounded), as games stored "
               "before this option were played", choices=BONUS_MODES),
        Option("victory", str, "house",
               "'house' (QSanguosha-For-Hegemony): hidden survivors count by the kingdom "
               "they would join and are shown at the end; 'seed': a player whose kingdom "
               "is not fixed cannot win, so play goes on until every survivor has shown",
               choices=VICTORY_RULES),
        Option("deck", str, NEW_DECK,
               "'kingdom_wars' (QSanguosha-For-Hegemony's standard package: Fire and "
               "Thunder Kills, Wine, Iron Chain, Fire Attack, the Kingdom Wars tricks and "
               "equipment; card ids 108..215) or 'identity' (the identity deck, ids "
               "0..107, as games stored before this option were dealt)",
               choices=("kingdom_wars", "identity")),
        TURN_CAP, ASK_EVERYONE,
        Option("skills", bool, True,
               "true: the generals have their Kingdom Wars skills (a hidden general's "
               "skill is offered to its owner, and using it shows the general); false: "
               "generals without skills, as games were before rules 4"),
    ),
    referee=hegemony_audit,
    narrator=hegemony_narrator(),
    cards=every_card,
    rules="docs/rules/kingdom-wars.md",
)
