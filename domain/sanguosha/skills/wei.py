"""Wei: Cao Cao, Sima Yi, Xiahou Dun, Zhang Liao, Xu Chu, Guo Jia, Zhen Ji."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.sanguosha.cards import DODGE, DUEL, KILL, RED, SUIT
from domain.sanguosha.distance import order_from
from domain.sanguosha.frames import CardUse, Judgment, PlayPhase
from domain.sanguosha.responses import converted
from domain.sanguosha.skill import (
    JUDGE_RULES,
    Action,
    Conversion,
    Frame,
    Kind,
    Point,
    Skill,
    register,
)
from domain.sanguosha.skills.common import (
    DECLINE,
    accept_or_decline,
    accepted,
    ctx,
    discard_chosen,
    draw_forgone,
    draw_touched,
    others,
    push,
    take_result,
    then_pop,
)


# --- Cao Cao ---------------------------------------------------------------------------
def _jianxiong_cards(game: Any, f: Frame) -> list[int]:
    return [c for c in f.context.get("cs", []) if c in game.flight]


JIANXIONG = Skill(
    "jianxiong", "Jianxiong", "奸雄", Kind.TRIGGERED, point=Point.DAMAGED,
    text="After you take damage from a card, you may take that card into your hand.",
    can=lambda game, seat, f: bool(_jianxiong_cards(game, f)),
    step=then_pop(lambda game, f: {"k": "gain", "seat": f.owner, "zone": "flight",
                                   "cards": _jianxiong_cards(game, f), "reason": "jianxiong"}
                  if _jianxiong_cards(game, f) else None),
)


def call_step(name: str, kingdom: str, skill: str) -> Any:
    """A lord's call (Hujia, Jijiang): the kingdom's other characters are asked in seat
    order after the lord; the first card supplied counts as the lord's own."""

    def step(game: Any, f: Frame) -> None:
        lord = f.owner
        if f.queue is None:
            f.queue = [s for s in order_from(lord, game.n)[1:]
                      if game.alive[s] and game.kingdom(s) == kingdom]
        ans = f.take_answer()
        if ans:
            game.stack.pop()
            if f.use:  # Jijiang in the play phase: the lord uses the Kill
                game.due = {"k": "use", "seat": lord, "name": KILL, "cards": f.got,
                            "targets": f.targets, "via": "supplied"}
            else:
                parent = game.stack[-1]
                parent.release(True)
            return
        while f.queue:
            s = f.queue.pop(0)
            if game.alive[s]:
                f.wait(s, skill)
                return
        game.stack.pop()
        if f.use:
            game.marks["jijiang_failed"] = True

    return step


def call_answers(name: str) -> Any:
    def answers(game: Any, seat: int, f: Frame) -> list[Action]:
        real = [{"type": "respond", "card": c} for c in game.hands[seat]
                if _name(c) == name]
        return real + converted(game, seat, name) + [DECLINE]

    return answers


def call_decide(name: str, skill: str) -> Any:
    def decide(game: Any, seat: int, f: Frame, chosen: Action, rng: random.Random) -> None:
        game._responded(seat=seat, name=name, cards=[chosen["card"]], ask=skill)

    return decide


def _name(card: int) -> str:
    from domain.sanguosha.cards import NAME

    return NAME[card]


def call_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
              choice: str | None) -> None:
    top = game.stack[-1]
    if isinstance(top, PlayPhase):
        push(game, seat, skill, use=True, targets=list(targets))
    else:
        top.called = True
        push(game, seat, skill)


def _kingdom_alive(kingdom: str) -> Any:
    return lambda game, seat, f: any(game.kingdom(s) == kingdom for s in others(game, seat))


HUJIA = Skill(
    "hujia", "Hujia", "护驾", Kind.TRIGGERED, lord=True, mods={"call": DODGE},
    text="Lord skill. When you need a Dodge, the other Wei characters may play one for you.",
    can=_kingdom_alive("wei"), used=call_used, step=call_step(DODGE, "wei", "hujia"),
    answers=call_answers(DODGE), decide=call_decide(DODGE, "hujia"),
)
register("caocao", JIANXIONG, HUJIA)


# --- Sima Yi ---------------------------------------------------------------------------
def _fankui_choices(game: Any, owner: int, src: int) -> list[Action]:
    out: list[Action] = []
    if game.hands[src] and src != owner:
        out.append({"type": "choose", "area": "hand"})
    out += [{"type": "choose", "card": c} for c in game.equip[src] if c is not None]
    return out


def _fankui_can(game: Any, seat: int, f: Frame) -> bool:
    src = f.context.get("src")
    return src is not None and game.alive[src] and bool(_fankui_choices(game, seat, src))


def _fankui_step(game: Any, f: Frame) -> None:
    if f.stage == "start":
        f.stage = "picked"
        src = f.context["src"]
        if game.alive[src] and _fankui_choices(game, f.owner, src):
            f.wait(f.owner, "fankui")
            return
    f.answer = None
    game.stack.pop()


def _fankui_decide(game: Any, seat: int, f: Frame, chosen: Action, rng: random.Random) -> None:
    src = f.context["src"]
    if chosen.get("area") == "hand":
        card, area = rng.choice(game.hands[src]), "hand"
    else:
        card, area = chosen["card"], "equipment"
    game._card_taken(seat=seat, source=src, card=card, area=area, reason="fankui")


FANKUI = Skill(
    "fankui", "Fankui", "反馈", Kind.TRIGGERED, point=Point.DAMAGED,
    text="After you take damage, you may take one card from its source.",
    can=_fankui_can, step=_fankui_step,
    answers=lambda game, seat, f: _fankui_choices(game, seat, f.context["src"]),
    decide=_fankui_decide,
)


def _guicai_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                 choice: str | None) -> None:
    judge = game._frame(Judgment)
    old, new = judge.card, cards[0]
    game.flight.remove(old)
    game.discard.append(old)
    game.hands[seat].remove(new)
    game.flight.append(new)
    judge.card = new


GUICAI = Skill(
    "guicai", "Guicai", "鬼才", Kind.TRIGGERED, point=Point.RETRIAL,
    text="Before any judgment takes effect, you may play a hand card to replace it.",
    can=lambda game, seat, f: bool(game.hands[seat]),
    offers=lambda game, seat, f: [{"type": "skill", "skill": "guicai", "card": c}
                                  for c in game.hands[seat]],
    used=_guicai_used,
)
register("simayi", FANKUI, GUICAI)


# --- Xiahou Dun ------------------------------------------------------------------------
JUDGE_RULES["ganglie"] = lambda card: SUIT[card] != "H"


def ganglie_step(reason: str, kingdom_wars: bool = False) -> Callable[[Any, Frame], None]:
    """Judge; not a heart, the source discards two hand cards or takes 1 damage. In Kingdom
    Wars the judgment comes even without a source (or when it is the owner), and an owner
    dead by then deals nothing."""

    def step(game: Any, f: Frame) -> None:
        st, src = f.stage, f.context.get("src")
        if st == "start":
            game.due = {"k": "judge", "seat": f.owner, "reason": reason, "then": "judged"}
        elif st == "judged":
            if (take_result(f) and src is not None
                    and not (kingdom_wars and src == f.owner) and game.alive[src]):
                f.stage = "asked"
                f.wait(src, "ganglie")
            else:
                game.stack.pop()
        elif st == "asked":
            if f.take_answer() or (kingdom_wars and not game.alive[f.owner]):
                game.stack.pop()
            else:
                game._deal(src, f.owner, 1, [], reason, "done")
        else:
            game.stack.pop()

    return step


def ganglie_answers(game: Any, seat: int, f: Frame) -> list[Action]:
    hand = game.hands[seat]
    offer = [{"type": "discard", "count": 2, "from": list(hand)}] if len(hand) >= 2 else []
    return offer + [DECLINE]


GANGLIE = Skill(
    "ganglie", "Ganglie", "刚烈", Kind.TRIGGERED, point=Point.DAMAGED,
    text="After you take damage with a source, you may judge: not a heart, the source "
         "discards two hand cards or takes 1 damage from you.",
    can=lambda game, seat, f: f.context.get("src") is not None,
    step=ganglie_step("ganglie"), answers=ganglie_answers,
    decide=discard_chosen("ganglie"),
)
register("xiahoudun", GANGLIE)


# --- Zhang Liao ------------------------------------------------------------------------
def _tuxi_offers(game: Any, seat: int, f: Frame) -> list[Action]:
    holders = [s for s in others(game, seat) if game.hands[s]]
    out: list[Action] = [{"type": "skill", "skill": "tuxi", "targets": [a]} for a in holders]
    out += [{"type": "skill", "skill": "tuxi", "targets": [a, b]}
            for i, a in enumerate(holders) for b in holders[i + 1:]]
    return out


def _tuxi_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
               choice: str | None) -> None:
    game.marks["skip_draw"] = True
    turn = order_from(seat, game.n)
    push(game, seat, skill, targets=sorted(targets, key=turn.index))


def _tuxi_step(game: Any, f: Frame) -> None:
    while f.targets:
        s = f.targets.pop(0)
        if game.alive[s] and game.hands[s]:
            game.due = {"k": "snatch_hand", "seat": f.owner, "source": s, "reason": "tuxi"}
            return
    game.stack.pop()


TUXI = Skill(
    "tuxi", "Tuxi", "突袭", Kind.TRIGGERED, point=Point.DRAW,
    text="Instead of drawing in your draw phase, you may take a hand card from each of "
         "one or two other players.",
    # rules 8 (Kingdom Wars): not once the draw is skipped, replaced or changed
    can=lambda game, seat, f: not draw_touched(game) and bool(_tuxi_offers(game, seat, f)),
    offers=_tuxi_offers, used=_tuxi_used, step=_tuxi_step,
)
register("zhangliao", TUXI)


# --- Xu Chu ----------------------------------------------------------------------------
def _luoyi_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                choice: str | None) -> None:
    game.marks["draw_delta"] = game.marks.get("draw_delta", 0) - 1
    game.marks["luoyi"] = True


def _luoyi_bonus(game: Any, owner: int, f: Frame) -> int:
    return int(bool(game.marks.get("luoyi")) and game.current == owner
               and isinstance(f, CardUse) and f.name in (KILL, DUEL) and f.user == owner)


LUOYI = Skill(
    "luoyi", "Luoyi", "裸衣", Kind.TRIGGERED, point=Point.DRAW,
    text="You may draw one card fewer; this turn your Kills and Duels deal 1 more damage.",
    # rules 8 (Kingdom Wars): only when the draw comes (its cost is the one card fewer)
    can=lambda game, seat, f: not draw_forgone(game),
    used=_luoyi_used, mods={"damage_bonus": _luoyi_bonus},
)
register("xuchu", LUOYI)


# --- Guo Jia ---------------------------------------------------------------------------
def _tiandu_used(game: Any, seat: int, skill: str, cards: list[int], targets: list[int],
                 choice: str | None) -> None:
    card = ctx(game)["card"]
    game.flight.remove(card)
    game.hands[seat].append(card)


TIANDU = Skill(
    "tiandu", "Tiandu", "天妒", Kind.TRIGGERED, point=Point.JUDGED,
    text="After your judgment takes effect, you may take its card.",
    can=lambda game, seat, f: f.context["card"] in game.flight, used=_tiandu_used,
)


def _yiji_step(game: Any, f: Frame) -> None:
    if f.stage == "start":
        game.due = {"k": "peek", "seat": f.owner, "n": 2, "reason": "yiji", "then": "give"}
        return
    f.answer = None
    if f.peeked:
        f.wait(f.owner, "yiji")
    else:
        game.stack.pop()


def _yiji_answers(game: Any, seat: int, f: Frame) -> list[Action]:
    pk = f.peeked
    return [{"type": "give", "count": k, "from": list(pk), "targets": [t]}
            for t in range(game.n) if game.alive[t] for k in range(1, len(pk) + 1)]


YIJI = Skill(
    "yiji", "Yiji", "遗计", Kind.TRIGGERED, point=Point.DAMAGED, per_point=True,
    text="For each damage you take, you may look at the top two cards of the pile and "
         "hand them out as you like (yourself included).",
    step=_yiji_step, answers=_yiji_answers,
    decide=lambda game, seat, f, chosen, rng: game._cards_given(
        seat=seat, to=chosen["targets"][0], cards=list(chosen["cards"]), reason="yiji"),
)
register("guojia", TIANDU, YIJI)


# --- Zhen Ji ---------------------------------------------------------------------------
JUDGE_RULES["luoshen"] = lambda card: not RED[card]


def _luoshen_step(game: Any, f: Frame) -> None:
    st = f.stage
    if st == "start":
        game.due = {"k": "judge", "seat": f.owner, "reason": "luoshen", "then": "judged"}
    elif st == "judged":
        card, f.judge_card = f.judge_card, None
        if take_result(f) and card in game.discard:
            game.due = {"k": "gain", "seat": f.owner, "cards": [card], "zone": "discard",
                        "reason": "luoshen", "then": "again"}
        else:
            game.stack.pop()
    elif st == "again":
        f.stage = "asked"
        f.wait(f.owner, "luoshen")
    else:  # asked
        f.stage = "start" if f.take_answer() else "done"
        if f.stage == "done":
            game.stack.pop()


LUOSHEN = Skill(
    "luoshen", "Luoshen", "洛神", Kind.TRIGGERED, point=Point.START,
    text="At the start of your turn you may judge: black, you take the card and may "
         "judge again.",
    step=_luoshen_step,
    answers=accept_or_decline, decide=accepted("luoshen"),
)
QINGGUO = Skill(
    "qingguo", "Qingguo", "倾国", Kind.CONVERSION,
    text="You may play any black hand card as a Dodge.",
    conversions=(Conversion(DODGE, lambda c: not RED[c], "h", use=False),),
)
register("zhenji", LUOSHEN, QINGGUO)
