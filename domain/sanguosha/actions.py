"""Matching a submitted action against the legal ones, and the named ways it can fail.

An action is legal iff it equals one listed by ``legal_actions`` or fills one listed
template (``"count"`` + ``"from"``) with that many distinct ids in ``"cards"``. When it
matches nothing, ``diagnose`` names the reason with an ``IllegalAction`` subclass.
"""

from __future__ import annotations

import random
from typing import Any

from domain.game import IllegalAction, MalformedAction
from domain.sanguosha.cards import CARDS, IRON_CHAIN, KILL, NAME, SNATCH

Action = dict[str, Any]
#: the answer that says no (to a question, a window, a skill)
DECLINE: Action = {"type": "decline"}


class WrongAction(IllegalAction):
    """The action's type is not one the current window accepts."""

    code = "wrong_action"


class NotInHand(IllegalAction):
    code = "not_in_hand"


class CannotUseNow(IllegalAction):
    """The card exists in hand but cannot be used at all right now."""

    code = "cannot_use_now"


class KillLimitReached(IllegalAction):
    code = "kill_limit_reached"


class InvalidTarget(IllegalAction):
    code = "invalid_target"


class OutOfRange(IllegalAction):
    code = "out_of_range"


class WrongResponse(IllegalAction):
    """The card played does not answer what the window asks for."""

    code = "wrong_response"


class WrongCount(IllegalAction):
    code = "wrong_count"


class NotAChoice(IllegalAction):
    code = "not_a_choice"


def is_template(action: Action) -> bool:
    return "count" in action or "min" in action


def concretize(action: Action, rng: random.Random) -> Action:
    """A concrete action from a listed one: templates get ``count`` random ids."""
    if action["type"] == "arrange":
        cards = list(action["from"])
        rng.shuffle(cards)
        k = rng.randint(0, len(cards))
        return {"type": "arrange", "top": cards[:k], "bottom": cards[k:]}
    if "count" not in action:
        return dict(action)
    out = {k: v for k, v in action.items() if k not in ("count", "from")}
    out["cards"] = rng.sample(action["from"], action["count"])
    return out


def _targets(action: Action) -> list[Any]:
    t = action.get("targets")
    return list(t) if isinstance(t, list) else []


_NAMES = frozenset(NAME)
#: cards whose several targets may be named in any order (a Halberd Kill, Iron Chain)
_ANY_ORDER = frozenset({KILL, IRON_CHAIN})

#: the keys that tell two listed actions apart (besides type, targets and cards)
_KEYS = ("card", "area", "spear", "skill", "as", "suit", "choice", "which")


def _same(listed: Action, action: Action) -> bool:
    for key in _KEYS:
        if listed.get(key) != action.get(key) and not (key == "as" and "as" not in action):
            # "as" may be left out (the skill says what the card becomes), not contradicted
            return False
    lt, at = _targets(listed), _targets(action)
    if lt == at:
        return True
    card = listed.get("card")
    # a multi-target Kill (Halberd) or Iron Chain may name its targets in any order
    name = listed.get("as") or (NAME[card] if card is not None else None)
    return name in _ANY_ORDER and sorted(lt) == sorted(at)


def match(action: Action, legal: list[Action]) -> Action | None:
    """The normalized legal action that ``action`` is, or None."""
    kind = action["type"]
    for listed in legal:
        if listed["type"] != kind:
            continue
        if kind == "arrange":  # Guanxing: any split of the cards into top and bottom
            pool = listed["from"]
            top, bottom = action.get("top"), action.get("bottom")
            if bottom is None and isinstance(action.get("cards"), list):
                # the template's way: the cards chosen go on top in that order, the rest
                # to the bottom
                top = action["cards"]
                bottom = [c for c in pool if c not in top] if isinstance(top, list) else None
            if (isinstance(top, list) and isinstance(bottom, list)
                    and all(type(c) is int for c in top + bottom)
                    and sorted(top + bottom) == sorted(pool)):
                return {"type": "arrange", "top": list(top), "bottom": list(bottom)}
            continue
        if "count" in listed:
            if (listed.get("spear") != action.get("spear") or _targets(listed) != _targets(action)
                    or listed.get("skill") != action.get("skill")
                    or listed.get("choice") != action.get("choice")):
                continue
            cards = action.get("cards")
            pool = listed["from"]
            if (isinstance(cards, list) and len(cards) == listed["count"]
                    and len(set(cards)) == len(cards)
                    and all(type(c) is int and c in pool for c in cards)):
                out = {k: v for k, v in listed.items() if k not in ("count", "from")}
                out["cards"] = list(cards)
                return out
            continue
        if _same(listed, action):
            return dict(listed)
    return None


def _ids(action: Action) -> list[Any]:
    ids = []
    if "card" in action:
        ids.append(action["card"])
    if isinstance(action.get("cards"), list):
        ids += action["cards"]
    return ids


def diagnose(table: Any, seat: int, action: Action, legal: list[Action]) -> IllegalAction:
    """Why ``action`` matched no legal action: the most specific named error."""
    kinds = sorted({a["type"] for a in legal})
    kind = action["type"]
    if kind not in kinds:
        return WrongAction(f"{kind!r} is not possible now; you may: {', '.join(kinds)}")
    ids = _ids(action)
    if any(type(c) is not int or not 0 <= c < len(CARDS) for c in ids):
        return MalformedAction(f"cards are named by their id 0..{len(CARDS) - 1}")
    if "cards" in action and not isinstance(action["cards"], list):
        return MalformedAction('"cards" is a list of card ids')
    targets = action.get("targets", [])
    if not isinstance(targets, list) or any(type(t) is not int for t in targets):
        return MalformedAction('"targets" is a list of seat numbers')
    if kind == "choose":
        return NotAChoice("that is not one of the choices offered")
    if kind == "arrange":
        return WrongCount('arrange the cards you looked at: "cards" (those for the top, in '
                          'order; the rest go to the bottom), or "top" and "bottom" with all '
                          'of them')
    if kind == "skill":
        return NotAChoice(f"that use of {action.get('skill')!r} is not one of those offered "
                          "now (see legal_actions)")
    own = set(table.hands[seat]) | {c for c in table.equip[seat] if c is not None}
    if kind in ("use", "respond") and any(c not in table.hands[seat] for c in ids):
        return NotInHand(f"you do not hold {[c for c in ids if c not in table.hands[seat]]}")
    if kind == "discard":
        if any(c not in own for c in ids):
            return NotInHand("you can only discard your own cards")
        want = next(a["count"] for a in legal if a["type"] == "discard")
        return WrongCount(f"discard exactly {want} distinct card(s) from those offered")
    if kind == "respond":
        template = next((a for a in legal if a["type"] == "respond" and "count" in a), None)
        if action.get("spear") and template is None:
            return WrongResponse("you have no Spear to play two cards as a Kill")
        if action.get("spear"):
            return WrongCount("the Spear turns exactly two hand cards into a Kill")
        return WrongResponse("that card does not answer what is asked")
    skill = action.get("skill")
    if kind in ("use", "respond") and skill is not None:
        mine = tuple(table.skills[seat]) + tuple(s.id for s in table.equipment_skills(seat))
        if skill not in mine:
            return NotAChoice(f"you have no skill {skill!r} (yours: {', '.join(mine) or 'none'})")
        from domain.sanguosha.skill import SKILLS

        convs = SKILLS[skill].conversions
        card = action.get("card")
        if convs and isinstance(card, int) and not any(c.fits(card) for c in convs):
            made = " or ".join(sorted({c.to for c in convs}))
            return CannotUseNow(f"{skill} cannot make card {card} a {made}: see the skill's "
                                "words for the cards it takes")
    if kind == "use":
        card = action.get("card")
        name = NAME[card] if isinstance(card, int) else KILL
        # a card used through a skill is judged as the card it becomes (Guose, Wusheng)
        same_card = [a for a in legal if a["type"] == "use" and a.get("card") == card
                     and a.get("spear") == action.get("spear")
                     and a.get("skill") == action.get("skill")]
        if same_card and "as" in same_card[0]:
            name = same_card[0]["as"]
        elif action.get("skill") is not None and action.get("as") in _NAMES:
            name = action["as"]
        if not same_card:
            if name == KILL and table.kills >= 1:
                return KillLimitReached("only one Kill per play phase (a Crossbow lifts it)")
            if action.get("spear"):
                return WrongCount("the Spear turns exactly two hand cards into a Kill")
            return CannotUseNow(f"{name} cannot be used now")
        counts = {len(_targets(a)) for a in same_card}
        if len(targets) not in counts or len(set(targets)) != len(targets):
            return InvalidTarget(f"{name} takes {' or '.join(map(str, sorted(counts)))} "
                                 f"distinct target(s) here, not {targets}")
        live = [t for t in targets if 0 <= t < table.n and t != seat and table.alive[t]]
        if name in (KILL, SNATCH) and targets and len(live) == len(targets):
            return OutOfRange(f"{targets} out of range for {name}")
        return InvalidTarget(f"{targets} are not valid targets for {name}")
    return WrongAction(f"that {kind!r} is not possible now")
