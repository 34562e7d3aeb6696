"""The 25 standard generals of identity mode (docs/rules/generals.md, section 1).

They share ids, names, kingdoms and genders with the Kingdom Wars roster (``generals.py``);
only HP is their own: identity HP is whole (Guan Yu 4), Kingdom Wars counts half fish
(Guan Yu 5). Skills do not exist yet: with the table option ``generals`` a general brings
its HP and its gender (Double Swords), nothing else.
"""

from __future__ import annotations

from typing import Any

from domain.sanguosha.generals import ROSTER

#: (id, HP) in the order of the rules page
STANDARD_HP: tuple[tuple[str, int], ...] = (
    ("caocao", 4), ("simayi", 3), ("xiahoudun", 4), ("zhangliao", 4), ("xuchu", 4),
    ("guojia", 3), ("zhenji", 3),
    ("liubei", 4), ("guanyu", 4), ("zhangfei", 4), ("zhugeliang", 3), ("zhaoyun", 4),
    ("machao", 4), ("huangyueying", 3),
    ("sunquan", 4), ("ganning", 4), ("lvmeng", 4), ("huanggai", 4), ("zhouyu", 3),
    ("daqiao", 3), ("luxun", 3), ("sunshangxiang", 3),
    ("huatuo", 3), ("lvbu", 4), ("diaochan", 3),
)
HP: dict[str, int] = dict(STANDARD_HP)
STANDARD: tuple[str, ...] = tuple(g for g, _ in STANDARD_HP)
#: always among the lord's five; two more are drawn from the other 22
LORD_GENERALS: tuple[str, ...] = ("caocao", "liubei", "sunquan")
LORD_DRAWN = 2


def dealt_to_each(players: int) -> int:
    """Generals dealt to every seat but the lord's: three, two at a table of ten (nine
    seats of three would need 27 of the 24 left)."""
    return 2 if players == 10 else 3


def general_view(gid: str) -> dict[str, Any]:
    """A general as a view shows it."""
    g = ROSTER[gid]
    return {"id": gid, "name": g.en, "zh": g.zh, "kingdom": g.kingdom, "gender": g.gender,
            "hp": HP[gid]}


def _check() -> None:
    """The table agrees with the roster and the rules page (25 generals, 7/7/8/3), and
    every table size has generals enough for its deal."""
    kingdoms = [ROSTER[g].kingdom for g in STANDARD]
    ok = (len(HP) == len(STANDARD) == 25
          and [kingdoms.count(k) for k in ("wei", "shu", "wu", "qun")] == [7, 7, 8, 3]
          and all(h in (3, 4) for h in HP.values()) and set(LORD_GENERALS) <= set(STANDARD)
          and all((n - 1) * dealt_to_each(n) <= len(STANDARD) - 1 for n in range(4, 11)))
    if not ok:
        raise ValueError("the identity roster breaks one of its rules")


_check()
