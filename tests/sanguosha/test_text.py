"""The Sanguosha move list in words, on hand-made event lists shaped like the skill
engine's events (as a viewer gets them: redacted while live)."""

from __future__ import annotations

from typing import Any

from domain.narration import Move
from domain.sanguosha.cards import DECK, find
from domain.sanguosha.text import SanguoshaNarrator, card_info, catalogue

PLAYERS = ["ann", "bob", "cat", "dan"]
NAMES = {"caocao": "Cao Cao", "zhaoyun": "Zhao Yun", "zhouyu": "Zhou Yu",
         "guanyu": "Guan Yu", "jianxiong": "Jianxiong"}
KILL_S7 = find("kill", "S", 7)[0]
DODGE_D2 = find("dodge", "D", 2)[0]
NULL_SJ = find("nullification", "S", 11)[0]
NULL_CQ = find("nullification", "C", 12)[0]
PEACH_H3 = find("peach", "H", 3)[0]
EX_NIHILO = find("ex_nihilo", "H", 7)[0]
INDULGENCE = find("indulgence", "S", 6)[0]
SPEAR = find("spear")[0]


class Story:
    """Events numbered in order, as ``GET /games/{id}/events`` lists them."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    def __call__(self, type_: str, **data: Any) -> Story:
        self.events.append({"version": len(self.events) + 1, "type": type_,
                            "at": "2026-01-01T00:00:00", "prev": "", "data": data})
        return self

    def moves(self) -> list[Move]:
        return SanguoshaNarrator(NAMES).moves(self.events, PLAYERS)

    def texts(self) -> list[str]:
        return [m.text for m in self.moves()]


def seated() -> Story:
    """Four seats with their generals shown (the setup of every story below)."""
    return (Story()
            ("Started", players=PLAYERS, options={}, agents=["human"] * 4, rules="sanguosha/2")
            ("IdentitiesDealt", roles=["lord", None, None, None])
            ("GeneralChosen", seat=0, general="caocao")
            ("GeneralChosen", seat=1, general=None)
            ("GeneralsShown", generals=["caocao", "zhaoyun", "zhouyu", "guanyu"],
             hp=[5, 4, 3, 4])
            ("TurnStarted", seat=0, turn=1))


def test_setup_names_the_lord_then_every_general() -> None:
    moves = seated().moves()
    # the lord's identity is public, the others' are not
    assert moves[0].text == "Identities dealt: Seat 0 (ann) is the lord"
    # the lord's general is shown at once; another seat's choice is hidden while live
    assert moves[1].text == "Seat 0 (ann), the lord, chooses Cao Cao"
    assert moves[2].text == "Seat 1 (bob) chooses a general"
    assert moves[3].text.startswith("Generals shown: Seat 0 (ann) is Cao Cao (5 HP); "
                                    "Seat 1 (bob) is Zhao Yun (4 HP)")
    assert {m.group for m in moves[:4]} == {"Setup"}
    # from then on seats go by their generals, and each turn is a group
    assert moves[4].text == "Cao Cao's turn" and moves[4].group == "Turn 1 · Cao Cao"


def test_a_kill_and_its_dodge_read_as_one_line() -> None:
    story = seated()
    first = len(story.events) + 1
    # Cao Cao kills Zhao Yun, who dodges; the used cards go to the discard pile
    story("CardUsed", seat=0, name="kill", cards=[KILL_S7], targets=[1], skill=None, via="play")
    story("Responded", seat=1, name="dodge", cards=[DODGE_D2], skill=None)
    story("CardsMoved", cards=[DODGE_D2], src="table", dst="discard", reason="responded")
    story("CardsMoved", cards=[KILL_S7], src="table", dst="discard", reason="used")
    last = story.moves()[-1]
    assert last.text == "Cao Cao uses Kill ♠7 on Zhao Yun — dodged (Dodge ♦2)"
    assert (last.first, last.last) == (first, first + 1)


def test_a_kill_that_hits_tells_the_damage_and_what_is_left() -> None:
    story = seated()
    # Cao Cao kills Zhao Yun, who has no Dodge: the decline is not a line of its own
    story("CardUsed", seat=0, name="kill", cards=[KILL_S7], targets=[1], skill=None, via="play")
    story("Declined", seat=1, ask="kill", secret=False)
    story("Damaged", seat=1, source=0, amount=1, nature="normal", reason="kill",
          cards=[KILL_S7])
    assert story.texts()[-1] == "Cao Cao uses Kill ♠7 on Zhao Yun — hit for 1 damage · 3/4 HP"
    # a second hit counts down from there
    story("CardUsed", seat=0, name="kill", cards=[KILL_S7], targets=[1], skill=None, via="play")
    story("Damaged", seat=1, source=0, amount=1, nature="normal", reason="kill", cards=[])
    assert story.texts()[-1].endswith("hit for 1 damage · 2/4 HP")


def test_a_window_everyone_declined_is_one_line_without_seats() -> None:
    story = seated()
    story("CardUsed", seat=0, name="ex_nihilo", cards=[EX_NIHILO], targets=[], skill=None,
          via="play")
    # a secret window as a spectator sees it while live: every seat asked, none named
    for _ in range(4):
        story("Declined", seat=None, ask="nullify", secret=True)
    story("CardsDrawn", seat=0, reason="ex_nihilo", cards=None, count=2)
    moves = story.moves()
    assert [m.text for m in moves[-3:]] == ["Cao Cao uses Ex Nihilo ♥7", "Nobody nullifies it",
                                            "Cao Cao draws 2 (Ex Nihilo)"]
    window = moves[-2]
    assert window.last - window.first == 3  # the four declines, one line


def test_an_answered_window_is_told_by_its_answer_and_a_counter_by_its_own() -> None:
    story = seated()
    story("CardUsed", seat=2, name="ex_nihilo", cards=[EX_NIHILO], targets=[], skill=None,
          via="play")
    # two seats decline, then Zhao Yun nullifies: the declines need no line
    story("Declined", seat=None, ask="nullify", secret=True)
    story("Declined", seat=None, ask="nullify", secret=True)
    story("Responded", seat=1, name="nullification", cards=[NULL_SJ], skill=None)
    story("CardsMoved", cards=[NULL_SJ], src="table", dst="discard", reason="used")
    # the window to counter it: Zhou Yu counters, and then nobody counters that
    story("Responded", seat=2, name="nullification", cards=[NULL_CQ], skill=None)
    for _ in range(4):
        story("Declined", seat=None, ask="nullify", secret=True)
    story("CardsDrawn", seat=2, reason="ex_nihilo", cards=None, count=2)
    assert story.texts()[-5:] == [
        "Zhou Yu uses Ex Nihilo ♥7", "Zhao Yun nullifies it with Nullification ♠J",
        "Zhou Yu counters with Nullification ♣Q", "Nobody counters it",
        "Zhou Yu draws 2 (Ex Nihilo)"]


def test_dying_a_peach_and_a_death_with_the_identity_it_shows() -> None:
    story = seated()
    story("Damaged", seat=2, source=0, amount=3, nature="normal", reason="duel", cards=[])
    story("Dying", seat=2, source=0)
    story("Responded", seat=3, name="peach", cards=[PEACH_H3], skill=None)
    story("Healed", seat=2, amount=1, source=3, reason="peach")
    story("Rescued", seat=2)
    story("Damaged", seat=2, source=0, amount=1, nature="normal", reason="duel", cards=[])
    story("Dying", seat=2, source=0)
    for _ in range(4):
        story("Declined", seat=None, ask="peach", secret=True)
    story("Died", seat=2, killer=0, revealed={"role": "rebel", "general": "zhouyu"},
          cards=[SPEAR])
    assert story.texts()[-9:] == [
        "Zhou Yu takes 3 damage from Cao Cao (Duel) · 0/3 HP",
        "Zhou Yu is dying",
        "Guan Yu gives Zhou Yu Peach ♥3",
        "Zhou Yu recovers 1 HP (Peach) · 1/3 HP",
        "Zhou Yu is saved",
        "Zhou Yu takes 1 damage from Cao Cao (Duel) · 0/3 HP",
        "Zhou Yu is dying",
        "Nobody offers a Peach",
        "Zhou Yu dies, killed by Cao Cao — a rebel"]


def test_draws_show_cards_only_to_whom_the_event_shows_them() -> None:
    story = seated()
    # the drawing seat's own view of the event, then another viewer's (redacted)
    story("CardsDrawn", seat=0, reason="draw_phase", cards=[KILL_S7, DODGE_D2])
    story("CardsDrawn", seat=0, reason="draw_phase", cards=None, count=2)
    assert story.texts()[-2:] == ["Cao Cao draws 2: Kill ♠7, Dodge ♦2", "Cao Cao draws 2"]


def test_cards_moving_between_zones_say_whose_and_why() -> None:
    story = seated()
    story("CardUsed", seat=0, name="spear", cards=[SPEAR], targets=[], skill=None, via="play")
    # Snatch: a blind card from a hand (the event hides it), then an equipment card
    story("Picked", seat=2, target=1, card=None, area="hand")
    story("CardsMoved", cards=None, count=1, src="h1", dst="h2", reason="snatch")
    story("CardsMoved", cards=[SPEAR], src="e0", dst="h2", reason="snatch")
    story("CardsMoved", cards=[DODGE_D2], src="h1", dst="discard", reason="dismantlement")
    assert story.texts()[-4:] == [
        "Cao Cao equips Spear ♠Q",
        "Zhou Yu takes a card from Zhao Yun's hand (Snatch)",
        "Zhou Yu takes Spear ♠Q from Cao Cao's equipment (Snatch)",
        "Zhao Yun's Dodge ♦2 is discarded (Dismantlement)"]


def test_a_delayed_trick_its_judgment_and_the_skipped_phase() -> None:
    story = seated()
    story("CardUsed", seat=1, name="indulgence", cards=[INDULGENCE], targets=[0], skill=None,
          via="play")
    story("TurnStarted", seat=0, turn=2)
    story("CardsMoved", cards=[INDULGENCE], src="j0", dst="table", reason="judgment_phase")
    story("Judged", seat=0, reason="indulgence", card=KILL_S7)
    story("JudgmentSettled", seat=0, reason="indulgence", card=KILL_S7, result=True)
    story("PhaseWillBeSkipped", seat=0, phase="play", by="indulgence")
    story("PhaseSkipped", seat=0, phase="play", by="indulgence")
    moves = story.moves()
    assert [m.text for m in moves[-6:]] == [
        "Zhao Yun places Indulgence ♠6 on Cao Cao",
        "Cao Cao's turn",
        "Cao Cao's Indulgence ♠6 comes up for judgment",
        "Cao Cao's judgment for Indulgence: Kill ♠7 — Indulgence takes effect",
        "Cao Cao will skip the play phase (Indulgence)",
        "Cao Cao skips the play phase (Indulgence)"]
    assert moves[-3].last == moves[-3].first + 1  # Judged and JudgmentSettled, one line
    assert moves[-1].group == "Turn 2 · Cao Cao"


def test_skills_and_cards_made_by_skills_are_named() -> None:
    story = seated()
    story("SkillInvoked", seat=0, skill="jianxiong")
    story("CardUsed", seat=0, name="kill", cards=[EX_NIHILO, DODGE_D2], targets=[2],
          skill="spear", via="play")
    story("SkillUsed", seat=3, skill="rende", cards=None, count=2, targets=[1])
    texts = story.texts()
    assert texts[-3] == "Cao Cao uses Jianxiong"
    assert texts[-2] == "Cao Cao uses Kill (Spear: Ex Nihilo ♥7, Dodge ♦2) on Zhou Yu"
    assert texts[-1] == "Guan Yu gives Zhao Yun 2 cards (Rende)"


def test_an_answer_skill_is_told_by_its_judgment_or_by_name() -> None:
    story = seated()
    story("CardUsed", seat=0, name="kill", cards=[KILL_S7], targets=[1], skill=None, via="play")
    story("AnswerSkill", seat=1, skill="eight_trigrams")
    story("Judged", seat=1, reason="eight_trigrams", card=PEACH_H3)
    story("JudgmentSettled", seat=1, reason="eight_trigrams", card=PEACH_H3, result=True)
    story("AnswerSkill", seat=0, skill="hujia")
    assert story.texts()[-3:] == [
        "Cao Cao uses Kill ♠7 on Zhao Yun",
        "Zhao Yun's judgment for Eight Trigrams: Peach ♥3 — red: it counts as a Dodge",
        "Cao Cao answers with Hujia"]


def test_the_end_names_the_winners() -> None:
    story = seated()
    story("GameEnded", outcome={"winners": [0, 3], "side": "lord",
                                "reason": "rebels_and_renegades_dead", "seats": []})
    last = story.moves()[-1]
    assert last.text == "The lord and the loyalists win: Cao Cao and Guan Yu"
    assert last.group == "Result"


def test_an_event_it_does_not_know_still_reads_as_its_fields() -> None:
    story = seated()
    story("SomethingNew", seat=1, value=3)
    assert story.texts()[-1] == "SomethingNew seat=1, value=3"


def test_the_card_list_names_every_card_and_its_slot() -> None:
    cards = catalogue()
    assert [c["id"] for c in cards] == list(range(len(DECK))) and len(cards) == 108
    spear = card_info(SPEAR)
    assert spear == {"id": SPEAR, "name": "spear", "title": "Spear", "suit": "S",
                     "number": 12, "kind": "equipment", "label": "Spear ♠Q",
                     "slot": "weapon"}
    assert "slot" not in card_info(KILL_S7)


def test_a_trick_on_every_other_living_seat_says_so() -> None:
    story = seated()
    barbarians = find("barbarian_invasion")[0]
    story("CardUsed", seat=0, name="barbarian_invasion", cards=[barbarians], targets=[1, 2, 3],
          skill=None, via="play")
    story("Died", seat=3, killer=0, revealed={"role": "rebel"}, cards=[])
    story("CardUsed", seat=0, name="barbarian_invasion", cards=[barbarians], targets=[1, 2],
          skill=None, via="play")
    story("CardUsed", seat=0, name="barbarian_invasion", cards=[barbarians], targets=[1],
          skill=None, via="play")
    texts = story.texts()
    assert texts[-4].endswith("Barbarian Invasion ♠7 on everyone else")
    assert texts[-2].endswith("Barbarian Invasion ♠7 on Zhao Yun and Zhou Yu")  # two: named
    assert texts[-1].endswith("Barbarian Invasion ♠7 on Zhao Yun")


def test_the_table_as_text_reads_either_engine_s_view() -> None:
    narrator = SanguoshaNarrator(NAMES)
    skill_engine = {"turn": 3, "current": 0, "phase": "play", "pile_count": 80,
                    "pending": {"ask": "respond", "prompt": None, "seat": None},
                    "seats": [{"seat": 0, "player": "ann", "alive": True, "hp": 3,
                               "max_hp": 5, "hand_count": 1, "hand": [card_info(KILL_S7)],
                               "equipment": [card_info(SPEAR)],
                               "judgment": [{**card_info(INDULGENCE), "as": "indulgence"}],
                               "general": {"id": "caocao", "name": "Cao Cao"}, "role": "lord"},
                              {"seat": 1, "player": "bob", "alive": False, "hp": 0,
                               "max_hp": 4, "hand_count": 0, "hand": None, "equipment": [],
                               "judgment": [], "general": None, "role": "rebel"}]}
    text = narrator.table(skill_engine).splitlines()
    assert text[1] == "waiting: respond (every seat may be asked)"
    assert text[2] == ("  seat 0 ann · Cao Cao · lord · 3/5 HP · hand: Kill ♠7 · "
                       "equip: Spear ♠Q · judging: Indulgence ♠6")
    assert text[3] == "  seat 1 bob · rebel · dead · hand: 0 cards"
    # the first engine: cards by id, equipment by slot, a hidden hand
    first_engine = {**skill_engine, "pending": None, "seats": [
        {"seat": 0, "player": "ann", "alive": True, "hp": 4, "max_hp": 4, "hand_count": 2,
         "hand": None, "equipment": {"weapon": SPEAR, "armor": None}, "judgment": [],
         "role": None}]}
    assert narrator.table(first_engine).splitlines()[1] == \
        "  seat 0 ann · 4/4 HP · hand: 2 cards · equip: Spear ♠Q"


# --- identity with generals and skills: the events of real games, as viewers get them ---
from domain import registry  # noqa: E402
from domain.game import SPECTATOR  # noqa: E402
from domain.sanguosha.identity import IdentityGame  # noqa: E402
from tests.sanguosha.rig import act, card, decline_skills, pass_to, table  # noqa: E402

NARRATOR = registry.spec("identity").narrator


def said(game: IdentityGame, viewer: Any = SPECTATOR, since: int = 0) -> list[str]:
    """The move list as ``viewer`` reads it (events redacted for it while live), from
    event ``since`` on."""
    events = [game.event_view(e, viewer) for e in game.pending_events]
    return [m.text for m in NARRATOR.moves(events, game.players) if m.first > since]


def to_play(game: IdentityGame, seat: int) -> None:
    decline_skills(game)
    if not (game.current == seat and game.ask == "play"):
        pass_to(game, seat)
    decline_skills(game)
    assert game.current == seat and game.ask == "play"


def test_a_converted_card_is_told_with_its_skill_and_a_skill_s_card_taken() -> None:
    # given: Guan Yu (seat 1) holds a red Dodge; Cao Cao (the lord) is hit by it
    red_dodge = card(("dodge", "H", 2))
    game = table(hands={1: [red_dodge]}, generals=["caocao", "guanyu", "zhangfei",
                                                   "zhugeliang"])
    to_play(game, 1)
    since = game.version
    act(game, 1, type="use", card=red_dodge, skill="wusheng", targets=[0])
    act(game, 0, type="decline")
    # then: the table asks Cao Cao about Jianxiong in words
    assert NARRATOR.table(game.view(SPECTATOR)).splitlines()[1] == \
        "waiting: use Jianxiong? (seat 0, Cao Cao)"
    act(game, 0, type="skill", skill="jianxiong")
    # then: the Dodge reads as a Kill made by Wusheng; Jianxiong takes it back into a hand
    assert said(game, since=since) == [
        "Guan Yu uses Dodge ♥2 as a Kill (Wusheng) on Cao Cao — hit for 1 damage · 3/4 HP",
        "Cao Cao uses Jianxiong",
        "Cao Cao takes Dodge ♥2 (Jianxiong)"]


def test_rende_s_cards_are_named_for_the_giver_and_receiver_only() -> None:
    # given: Liu Bei (the lord) gives two cards to Zhang Fei in his play phase
    kill, peach = card(("kill", "S", 7)), card(("peach", "H", 3))
    game = table(hands={0: [kill, peach]}, generals=["liubei", "guanyu", "zhangfei",
                                                     "zhugeliang"])
    to_play(game, 0)
    since = game.version
    act(game, 0, type="skill", skill="rende", cards=[kill, peach], targets=[2])
    # then: who is given what, for the two of them; how many, for everyone else
    for viewer in (0, 2):
        assert said(game, viewer, since)[0] == \
            "Liu Bei gives Zhang Fei Kill ♠7, Peach ♥3 (Rende)"
    for viewer in (SPECTATOR, 1, 3):
        assert said(game, viewer, since)[0] == "Liu Bei gives Zhang Fei 2 cards (Rende)"


def test_guanxing_s_look_is_told_to_zhuge_liang_and_counted_for_others() -> None:
    # given: Zhuge Liang is the lord (seat 0); his first turn starts with Guanxing
    game = table(pile=["peach", "kill", "dodge"], generals=["zhugeliang", "guanyu",
                                                            "zhangfei", "caocao"])
    assert game.ask == "skill" and game.view(0)["pending"]["skill"] == "guanxing"
    since = game.version
    act(game, 0, type="skill", skill="guanxing")
    assert NARRATOR.table(game.view(0)).splitlines()[1] == (
        "waiting: put the cards looked at back, on top or at the bottom (Guanxing) "
        "(seat 0, Zhuge Liang)")
    looked = game.legal_actions(0)[0]["from"]
    act(game, 0, type="arrange", top=looked[:1], bottom=looked[1:])
    mine, theirs = said(game, 0, since), said(game, 1, since)
    assert mine[0] == "Zhuge Liang uses Guanxing"
    assert mine[1].startswith("Zhuge Liang looks at the top 4 cards of the draw pile: Peach")
    assert mine[1].endswith("(Guanxing)")
    assert theirs[1] == "Zhuge Liang looks at the top 4 cards of the draw pile (Guanxing)"
    # where they went: by name for him, by number for the others
    assert mine[2] == ("Zhuge Liang puts Peach ♥3 on top and Kill ♠7, Dodge ♥2, Ex Nihilo ♥7 "
                       "at the bottom")
    assert theirs[2] == "Zhuge Liang puts 1 on top of the draw pile and 3 at the bottom"


def test_kurou_loses_hp_and_fanjian_names_a_suit() -> None:
    # given: Huang Gai (seat 1) and Zhou Yu (seat 2) in turn
    game = table(hands={2: [("peach", "H", 3)]},
                 generals=["caocao", "huanggai", "zhouyu", "zhugeliang"])
    to_play(game, 1)
    since = game.version
    act(game, 1, type="skill", skill="kurou")
    assert said(game, SPECTATOR, since)[:3] == [
        "Huang Gai uses Kurou", "Huang Gai loses 1 HP (Kurou) · 3/4 HP",
        "Huang Gai draws 2 (Kurou)"]
    to_play(game, 2)
    since = game.version
    act(game, 2, type="skill", skill="fanjian", targets=[3])
    assert NARRATOR.table(game.view(SPECTATOR)).splitlines()[1] == \
        "waiting: name a suit (Fanjian) (seat 3, Zhuge Liang)"
    act(game, 3, type="choose", suit="S")
    lines = said(game, SPECTATOR, since)
    assert lines[:2] == ["Zhou Yu uses Fanjian on Zhuge Liang",
                         "Zhuge Liang names ♠ (Fanjian)"]
    # Fanjian's card is shown to everyone: the rules turn it face up
    assert lines[2].startswith("Zhuge Liang takes ") and "Zhou Yu's hand (Fanjian)" in lines[2]
    assert "a card" not in lines[2]


def test_the_table_shows_each_general_s_skills_the_lord_s_with_its_lord_skill() -> None:
    game = table(generals=["liubei", "caocao", "sunquan", "guanyu"])
    rows = NARRATOR.table(game.view(SPECTATOR)).splitlines()[2:]
    assert rows[0].startswith("  seat 0 p0 · Liu Bei (Rende, Jijiang) · lord")
    assert rows[1].startswith("  seat 1 p1 · Cao Cao (Jianxiong) · ")  # Hujia: a lord's
    assert rows[2].startswith("  seat 2 p2 · Sun Quan (Zhiheng) · ")
    assert rows[3].startswith("  seat 3 p3 · Guan Yu (Wusheng) · ")
