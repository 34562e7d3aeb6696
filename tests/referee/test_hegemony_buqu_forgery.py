"""Zhou Tai's Buqu judged by the Kingdom Wars referee: lawful games with him judged clean,
then forged Buqu facts, each named by event and rule.

Tables of Wu (each seat dealt a pair of Wu generals and two of other kingdoms, so the
pair is its choice; Zhou Tai is always one of them) are played to the end by bots under
rules 5 to 7 (Buqu came with rules 5), on either deck. Every skill at these tables is
judged, so every game must be lawful as played. One stored fact is then changed as a
forger with write access would; the referee must name it at its event.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from domain.audit import Fact
from domain.referee.hegemony import Referee, referee
from domain.referee.hegemony_generals import unjudged
from domain.sanguosha.cards import NAME, NUMBER
from domain.sanguosha.hegemony import HegemonyGame
from domain.simulate import play_out
from tests.referee.forging import first_forged, named
from tests.referee.hegemony_skilled import (
    KINGDOM,
    drivers,
    facts_of,
    judged_generals,
    kingdom_candidates,
    options_of,
    padded_candidates,
)

#: Wu generals the referee judges (but Xiao Qiao, judged after these seeded tables were
#: chosen: they keep leaving her out)
WU = [g for g in judged_generals() if KINGDOM[g] == "wu" and g not in ("zhoutai", "xiaoqiao")]
SEEDS = range(24)


def zhou_tai_seat(facts: list[Fact]) -> int:
    return next(f.data["seat"] for f in facts if f.type == "GeneralsChosen"
                and "zhoutai" in (f.data["head"], f.data["deputy"]))


@cache
def game_facts(seed: int) -> list[Fact]:
    """Five or six seats of Wu pairs, one of them Zhou Tai's; rules 5, 6 or 7."""
    rng = random.Random(seed)
    wu = WU[:]
    rng.shuffle(wu)
    n = rng.choice([5, 6])
    pairs = [("zhoutai", wu[0]) if rng.random() < 0.5 else (wu[0], "zhoutai")]
    pairs += [(wu[i], wu[i + 1]) for i in range(1, 2 * n - 2, 2)]
    rng.shuffle(pairs)
    candidates = kingdom_candidates(pairs, "wu", rng)
    deck = "identity" if seed % 2 else "kingdom_wars"
    game = HegemonyGame.new([f"p{i}" for i in range(n)], {"deck": deck}, rng=rng,
                            candidates=candidates, rules=5 + seed % 3)
    play_out(game, drivers(rng, n), rng)
    return facts_of(game)


def mixed_game(seed: int, rules: int) -> list[Fact]:
    """Four to ten seats of judged pairs of every kingdom, one of them Zhou Tai's."""
    rng = random.Random(seed)
    gens = [g for g in judged_generals() if g != "zhoutai"]
    partner = rng.choice([g for g in gens if KINGDOM[g] == "wu"])
    pairs: list[tuple[str, str]] = []
    for k in ("wei", "shu", "wu", "qun"):
        mine = [g for g in gens if KINGDOM[g] == k and g != partner]
        rng.shuffle(mine)
        pairs += [(mine[i], mine[i + 1]) for i in range(0, len(mine) - 1, 2)]
    rng.shuffle(pairs)
    n = rng.randint(4, 10)
    pairs = [("zhoutai", partner), *pairs[:n - 1]]
    rng.shuffle(pairs)
    candidates = padded_candidates(pairs, rng)
    options = options_of(rng, n)
    if rng.random() < 0.5:
        options["deck"] = "kingdom_wars"
    game = HegemonyGame.new([f"p{i}" for i in range(n)], options, rng=rng,
                            candidates=candidates, rules=rules)
    play_out(game, drivers(rng, n), rng)
    return facts_of(game)


def forged(pick: Callable[[list[Fact], int], bool],
           change: Callable[[Fact], None]) -> tuple[list[Fact], int]:
    return first_forged((game_facts(seed) for seed in SEEDS), pick, change)


def at(facts: list[Fact], version: int) -> int:
    return next(k for k, f in enumerate(facts) if f.version == version)


class Seen:
    """What the referee's table held just before a fact: HP, wounds, the pile."""

    def __init__(self, r: Referee) -> None:
        self.hp = list(r.hp)
        self.wounds = [list(w) for w in r.table.wounds]
        self.pile = list(r.table.pile)


_WALKS: dict[int, tuple[list[Fact], list[Seen]]] = {}


def before(facts: list[Fact], i: int) -> Seen:
    """The table just before ``facts[i]``, as the referee follows it (one walk a game)."""
    kept = _WALKS.get(id(facts))
    if kept is None or kept[0] is not facts:
        r, seen = Referee(), []
        for f in facts:
            seen.append(Seen(r))
            r.judge([f])  # (one fact at a time: only the table is read)
        kept = _WALKS[id(facts)] = (facts, seen)
    return kept[1][i]


def test_the_zhou_tai_tables_are_judged_whole_and_lawful_as_played() -> None:
    used = {"buqu": 0, "wounds": 0, "survived": 0}
    for seed in SEEDS:
        facts = game_facts(seed)
        assert not unjudged(facts)
        assert referee(facts).violations == [], seed
        used["buqu"] += sum(f.type == "SkillUsed" and f.data["skill"] == "buqu"
                            for f in facts)
        used["wounds"] += sum(f.type == "WoundsDiscarded" for f in facts)
        used["survived"] += sum(f.type == "WoundsTaken" and fs_next(facts, f) != "Dying"
                                for f in facts)
    # the bots use Buqu, keep on at 0 HP or less, and heal wounds away
    assert used["buqu"] >= 20 and used["wounds"] >= 3 and used["survived"] >= 10, used


def fs_next(facts: list[Fact], f: Fact) -> str | None:
    i = at(facts, f.version)
    return facts[i + 1].type if i + 1 < len(facts) else None


def test_mixed_tables_with_zhou_tai_are_lawful_under_every_rules_version() -> None:
    """A small differential (the long one: see the module's ``__main__``): rules 4 (no
    Buqu: he falls like anyone) to 7, every kingdom at the table."""
    for seed in range(8):
        facts = mixed_game(seed, 4 + seed % 4)
        assert not unjudged(facts)
        assert referee(facts).violations == [], seed


# --- Buqu: the wounds -------------------------------------------------------------------------
def wounds_taken(fs: list[Fact], i: int) -> bool:
    return fs[i].type == "WoundsTaken"


def test_a_wound_that_is_not_the_piles_top() -> None:
    facts, v = forged(wounds_taken, lambda f: None)
    i = at(facts, v)
    pile = before(facts, i).pile
    d = facts[i].data
    d["cards"] = [*d["cards"][:-1], pile[len(d["cards"]) + 3]]
    assert "not the top of the draw pile" in named(facts, v, "card-source")


def test_one_wound_too_many() -> None:
    facts, v = forged(wounds_taken, lambda f: None)
    i = at(facts, v)
    pile = before(facts, i).pile
    d = facts[i].data
    d["cards"] = pile[:len(d["cards"]) + 1]  # (still the pile's top)
    assert "until 1 − HP" in named(facts, v, "buqu")


def test_buqu_used_with_hp_above_zero() -> None:
    # given a Zhou Tai's own play phase, the forger records Buqu in place of its end
    def pick(fs: list[Fact], i: int) -> bool:
        f = fs[i]
        return f.type == "PhaseChanged" and f.data["seat"] == zhou_tai_seat(fs) and \
            before(fs, i).hp[f.data["seat"]] >= 1

    facts, v = forged(pick, lambda f: None)
    i = at(facts, v)
    s = facts[i].data["seat"]
    facts[i] = Fact(v, "SkillUsed", {"seat": s, "skill": "buqu", "cards": [],
                                     "targets": [], "choice": None})
    assert "did not just go below 1" in named(facts, v, "buqu")


def test_a_fall_below_one_with_no_buqu_asked() -> None:
    # given Buqu used as Zhou Tai fell, the forger records his dying at once instead
    def pick(fs: list[Fact], i: int) -> bool:
        return fs[i].type == "SkillUsed" and fs[i].data["skill"] == "buqu" and \
            fs[i - 1].type in ("Damaged", "NatureDamaged", "HpLost")

    facts, v = forged(pick, lambda f: None)
    i = at(facts, v)
    facts[i] = Fact(v, "Dying", {"seat": facts[i].data["seat"],
                                 "source": facts[i - 1].data.get("source")})
    assert "its Buqu asked before it goes dying" in named(facts, v, "buqu")


# --- Buqu: dying, living on, dying again ----------------------------------------------------------
def differing_wounds_then(kind: str) -> Callable[[list[Fact], int], bool]:
    """A fact right after a WoundsTaken whose wounds (all of the seat's) differ: Buqu
    holds there."""
    def pick(fs: list[Fact], i: int) -> bool:
        if fs[i].type != kind or fs[i - 1].type != "WoundsTaken":
            return False
        w = before(fs, i).wounds[fs[i - 1].data["seat"]]
        return len({NUMBER[c] for c in w}) == len(w)
    return pick


def test_dying_though_the_wounds_differ() -> None:
    # given wounds that all differ (no dying followed), the forger has Zhou Tai go dying
    def pick(fs: list[Fact], i: int) -> bool:
        return differing_wounds_then(fs[i].type)(fs, i) and fs[i].type != "GameEnded"

    facts, v = forged(pick, lambda f: None)
    i = at(facts, v)
    s = facts[i - 1].data["seat"]
    damage = next(f for f in reversed(facts[:i]) if f.type in (
        "Damaged", "NatureDamaged", "HpLost") and f.data["seat"] == s)
    facts[i] = Fact(v, "Dying", {"seat": s, "source": damage.data.get("source")})
    assert "its Buqu holds" in named(facts, v, "buqu")


def repeated_then_died(fs: list[Fact], i: int) -> bool:
    """Zhou Tai's death with two wounds of one number."""
    if fs[i].type != "Died" or fs[i].data["seat"] != zhou_tai_seat(fs):
        return False
    w = before(fs, i).wounds[fs[i].data["seat"]]
    return len({NUMBER[c] for c in w}) < len(w)


def test_living_on_with_two_wounds_of_one_number() -> None:
    # given Zhou Tai dead with a repeated number, the forger has him live on instead
    facts, v = forged(repeated_then_died, lambda f: None)
    i = at(facts, v)
    facts[i] = Fact(v, "Rescued", {"seat": facts[i].data["seat"]})
    assert "is rescued at" in named(facts, v, "dying")


def test_his_wounds_left_out_of_his_cards_at_death() -> None:
    def short(f: Fact) -> None:
        f.data["cards"] = f.data["cards"][:-1]  # (the wounds come last)

    facts, v = forged(repeated_then_died, short)
    assert "cards at its death" in named(facts, v, "card-owner")


def test_dying_after_the_peaches_though_the_wounds_differ() -> None:
    # given Zhou Tai living on at 0 HP or less after a round of Peaches (a built story),
    # the forger has him die there instead
    facts = peach_story()
    i = next(k for k, f in enumerate(facts) if f.type == "Rescued")
    v, s = facts[i].version, facts[i].data["seat"]
    r = Referee()
    r.judge(facts[:i])
    assert r.hp[s] < 1
    source = next(f.data["source"] for f in reversed(facts[:i]) if f.type == "Dying")
    facts[i] = Fact(v, "Died", {"seat": s, "killer": source,
                                "cards": r.table.everything(s, "hejw")})
    assert "Buqu keeps it in the game" in named(facts, v, "buqu")


# --- Buqu: healing the wounds away --------------------------------------------------------------
def test_healing_discards_one_wound_too_few() -> None:
    def pick(fs: list[Fact], i: int) -> bool:
        return fs[i].type == "WoundsDiscarded" and len(fs[i].data["cards"]) >= 1

    def fewer(f: Fact) -> None:
        f.data["cards"] = f.data["cards"][1:]

    facts, v = forged(pick, fewer)
    assert "it discards" in named(facts, v, "buqu_wounds")


def test_healing_discards_a_card_that_is_no_wound() -> None:
    def other(f: Fact) -> None:
        f.data["cards"] = [(f.data["cards"][0] + 1) % 108 + (
            108 if f.data["cards"][0] >= 108 else 0)]

    facts, v = forged(lambda fs, i: fs[i].type == "WoundsDiscarded", other)
    assert "is not one of seat" in named(facts, v, "card-owner")


def test_a_heal_that_keeps_every_wound() -> None:
    # given a heal that called for Buqu's discard, the forger drops that use of it
    def pick(fs: list[Fact], i: int) -> bool:
        return fs[i].type == "SkillUsed" and fs[i].data["skill"] == "buqu_wounds"

    facts, v = forged(pick, lambda f: None)
    i = at(facts, v)
    del facts[i:i + 2]  # (the use and its discard)
    v = facts[i].version
    assert "its wounds go down to 1 − HP" in named(facts, v, "buqu_wounds")


# --- at 0 HP or less: the hand limit is 0 ---------------------------------------------------------
def test_a_discard_phase_at_zero_hp_that_keeps_a_card() -> None:
    def pick(fs: list[Fact], i: int) -> bool:
        f = fs[i]
        return f.type == "CardsDiscarded" and f.data["reason"] == "discard_phase" and \
            before(fs, i).hp[f.data["seat"]] <= 0

    def keep_one(f: Fact) -> None:
        f.data["cards"] = f.data["cards"][1:]

    facts, v = forged(pick, keep_one)
    assert "discards" in named(facts, v, "discard-phase")


# --- a built story: Buqu shown for, the hand limit at 0 HP, Qingcheng takes the wounds -----------
#: Zhang Fei (Paoxiao) Kills; Zhou Tai & Sun Quan (4 HP); Wei; Zou Shi (Qingcheng)
PICKS = [("zhangfei", "zhaoyun"), ("zhoutai", "sunquan"), ("caocao", "xuchu"),
         ("zoushi", "panfeng")]


def qingcheng_story() -> list[Fact]:
    """Given: seat 0 holds four Kills and draws two more; the pile's next card (the
    wound) is a 7; seat 3 holds a +1 horse. When: Zhang Fei shows both and Kills Zhou
    Tai (hidden) four times, undodged; Zhou Tai shows himself for Buqu at 0 HP; in his
    turn he shows Sun Quan too and keeps no card; Zou Shi's Qingcheng hides Zhou Tai
    again. The facts as recorded."""
    from tests.sanguosha import hrig
    from tests.sanguosha.rig import act, card, end_turn

    def settle() -> None:
        while game.ask in ("skill", "pair", "fish", "dodge", "nullify", "peach"):
            bonus = {"pair": "pair_bonus", "fish": "fish_bonus"}.get(game.ask)
            act(game, game.to_act()[0], **({"type": bonus, "choice": "decline"} if bonus
                                            else {"type": "decline"}))

    wound = card(("ex_nihilo", "H", 7))
    game = hrig.htable(PICKS, hands={0: ["kill"] * 4, 3: ["plus_horse"]},
                       pile=["kill", "kill", wound], options={"bonus": "ask"})
    act(game, 0, type="show", which="both")
    settle()
    for _ in range(4):
        kill = next(c for c in game.hands[0] if NAME[c] == "kill")
        act(game, 0, type="use", card=kill, targets=[1])
        act(game, 1, type="decline")  # no Dodge
        if game.hp[1] == 0:
            assert game.ask == "skill" and game.hidden(1) == ["head", "deputy"]
            act(game, 1, type="skill", skill="buqu")  # shows Zhou Tai first
        settle()
    assert game.hp[1] == 0 and game.wounds[1] == [wound] and game.alive[1]
    end_turn(game)
    act(game, 1, type="show", which="deputy")  # Sun Quan too: both shown
    settle()
    end_turn(game)  # (0 HP: his whole hand is discarded)
    assert not game.hands[1]
    hrig.to_play(game, 3)  # (seat 2 plays nothing)
    act(game, 3, type="show", which="both")
    settle()
    act(game, 3, type="skill", skill="qingcheng", cards=[game.hands[3][0]], targets=[1])
    act(game, 3, type="choose", which="head")
    assert not game.alive[1] and wound in game.discard
    return facts_of(game)


def test_a_story_of_buqu_shown_for_and_wounds_lost_to_qingcheng_is_lawful() -> None:
    facts = qingcheng_story()
    kinds = [f.type for f in facts]
    # then: the show for Buqu, its wound, the whole hand discarded at 0 HP, and the
    # dying at once when Qingcheng hides Zhou Tai again
    shown = kinds.index("WoundsTaken")
    assert kinds[shown - 3:shown + 1] == ["GeneralsShown", "KingdomDecided", "SkillUsed",
                                          "WoundsTaken"]
    hidden = kinds.index("GeneralHidden")
    assert kinds[hidden + 1] == "Dying"
    assert not unjudged(facts)
    assert referee(facts).violations == []


def test_qingcheng_takes_the_wounds_but_he_does_not_go_dying() -> None:
    facts = qingcheng_story()
    i = next(k for k, f in enumerate(facts) if f.type == "GeneralHidden") + 1
    assert facts[i].type == "Dying"
    v = facts[i].version
    del facts[i]  # (his death follows at once: nobody holds a Peach)
    assert "lost Buqu's wounds: its dying" in named(facts, v + 1, "dying")


def peach_story() -> list[Fact]:
    """Given: as in ``qingcheng_story``, and Zhou Tai holds a Peach; the pile's next two
    cards are both 7s. When: five undodged Kills, Buqu used each time he is below 1 HP:
    at -1 HP his second 7 sends him dying; he eats his Peach (0 HP), discards one 7 and
    nobody else saves him. The facts as recorded (up to his rescue)."""
    from tests.sanguosha import hrig
    from tests.sanguosha.rig import act, card

    w7, c7 = card(("ex_nihilo", "H", 7)), card(("barbarian_invasion", "S", 7))
    peach = card(("peach", "H", 3))
    game = hrig.htable(PICKS, hands={0: ["kill"] * 4, 1: [peach]},
                       pile=["kill", "kill", w7, c7], options={"bonus": "ask"})

    def settle() -> None:
        while game.ask in ("skill", "pair", "fish", "dodge", "nullify", "peach",
                           "buqu_wounds"):
            seat, ask = game.to_act()[0], game.ask
            if (seat, ask) == (1, "skill") and game.hp[1] < 1:
                act(game, 1, type="skill", skill="buqu")
            elif (seat, ask) == (1, "peach") and peach in game.hands[1]:
                act(game, 1, type="respond", card=peach)
            elif ask == "buqu_wounds":
                act(game, 1, type="discard", cards=[c7])
            elif ask in ("pair", "fish"):
                act(game, seat, type=f"{ask}_bonus", choice="decline")
            else:
                act(game, seat, type="decline")

    act(game, 0, type="show", which="both")
    settle()
    for _ in range(5):
        kill = next(c for c in game.hands[0] if NAME[c] == "kill")
        act(game, 0, type="use", card=kill, targets=[1])
        settle()
    assert game.alive[1] and game.hp[1] == 0 and game.wounds[1] == [w7]
    assert c7 in game.discard and peach in game.discard
    return facts_of(game)


def test_a_story_of_a_peach_that_leaves_him_at_zero_hp_with_wounds_that_differ() -> None:
    facts = peach_story()
    kinds = [f.type for f in facts]
    # then: the repeated 7 sends him dying; his Peach brings Buqu's discard of one 7;
    # after the round of Peaches he lives on at 0 HP
    dying = kinds.index("Dying")
    assert kinds[dying - 2:dying] == ["SkillUsed", "WoundsTaken"]
    assert kinds[dying + 1:dying + 4] == ["Responded", "SkillUsed", "WoundsDiscarded"]
    assert "Rescued" in kinds[dying:] and "Died" not in kinds
    assert referee(facts).violations == []


def test_the_peach_story_with_both_sevens_kept() -> None:
    facts = peach_story()
    i = next(k for k, f in enumerate(facts) if f.type == "WoundsDiscarded")
    facts[i].data["cards"] = []
    assert "it discards 1" in named(facts, facts[i].version, "buqu_wounds")


def test_duanchang_takes_his_wounds_and_his_dying_comes_before_the_deaths_reward() -> None:
    """Differential seed 3759 (rules 7): Zhou Tai (at 0 HP or less) kills Cai Wenji, whose
    Duanchang takes his head's skills; his wounds go and he goes dying at once, before
    her death's victory check and his reward: judged lawful."""
    facts = mixed_game(3759, 7)
    kinds = [f.type for f in facts]
    i = next(k for k, f in enumerate(facts) if f.type == "SkillsLost"
             and f.data["seat"] == zhou_tai_seat(facts))
    assert kinds[i + 1] == "Dying" and facts[i + 1].data["seat"] == zhou_tai_seat(facts)
    assert referee(facts).violations == []


if __name__ == "__main__":  # the long differential: python -m tests.referee.test_...
    import sys

    first, last = int(sys.argv[1]), int(sys.argv[2])
    counts = {"games": 0, "lawful": 0, "buqu": 0, "wounds_taken": 0, "wounds_discarded": 0,
              "lived_on": 0}
    for seed in range(first, last):
        facts = mixed_game(seed, 4 + seed % 4)
        counts["games"] += 1
        bad = referee(facts).violations
        counts["lawful"] += not bad
        if bad:
            print(seed, [x.text() for x in bad[:3]])
        counts["buqu"] += sum(f.type == "SkillUsed" and f.data["skill"] == "buqu"
                              for f in facts)
        counts["wounds_taken"] += sum(f.type == "WoundsTaken" for f in facts)
        counts["wounds_discarded"] += sum(f.type == "WoundsDiscarded" for f in facts)
        counts["lived_on"] += sum(f.type == "WoundsTaken" and fs_next(facts, f) != "Dying"
                                  for f in facts)
    print(counts)
