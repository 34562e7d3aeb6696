"""The 25 standard generals of identity mode as the referee knows them: the referee's own
table, written again from ``docs/rules/generals.md`` section 1 (kingdom, HP, gender and
skills), so that a wrong table in the engine is named, not copied.
"""

from __future__ import annotations

from typing import NamedTuple


class General(NamedTuple):
    kingdom: str
    hp: int
    gender: str
    skills: tuple[str, ...]


def _g(kingdom: str, hp: int, gender: str, *skills: str) -> General:
    return General(kingdom, hp, "male" if gender == "M" else "female", skills)


GENERALS: dict[str, General] = {
    "caocao": _g("wei", 4, "M", "jianxiong", "hujia"),
    "simayi": _g("wei", 3, "M", "fankui", "guicai"),
    "xiahoudun": _g("wei", 4, "M", "ganglie"),
    "zhangliao": _g("wei", 4, "M", "tuxi"),
    "xuchu": _g("wei", 4, "M", "luoyi"),
    "guojia": _g("wei", 3, "M", "tiandu", "yiji"),
    "zhenji": _g("wei", 3, "F", "luoshen", "qingguo"),
    "liubei": _g("shu", 4, "M", "rende", "jijiang"),
    "guanyu": _g("shu", 4, "M", "wusheng"),
    "zhangfei": _g("shu", 4, "M", "paoxiao"),
    "zhugeliang": _g("shu", 3, "M", "guanxing", "kongcheng"),
    "zhaoyun": _g("shu", 4, "M", "longdan"),
    "machao": _g("shu", 4, "M", "mashu", "tieqi"),
    "huangyueying": _g("shu", 3, "F", "jizhi", "qicai"),
    "sunquan": _g("wu", 4, "M", "zhiheng", "jiuyuan"),
    "ganning": _g("wu", 4, "M", "qixi"),
    "lvmeng": _g("wu", 4, "M", "keji"),
    "huanggai": _g("wu", 4, "M", "kurou"),
    "zhouyu": _g("wu", 3, "M", "yingzi", "fanjian"),
    "daqiao": _g("wu", 3, "F", "guose", "liuli"),
    "luxun": _g("wu", 3, "M", "qianxun", "lianying"),
    "sunshangxiang": _g("wu", 3, "F", "jieyin", "xiaoji"),
    "huatuo": _g("qun", 3, "M", "qingnang", "jijiu"),
    "lvbu": _g("qun", 4, "M", "wushuang"),
    "diaochan": _g("qun", 3, "F", "lijian", "biyue"),
}
#: the lord's offer always holds these three; two more are drawn from the other 22
LORD_GENERALS = ("caocao", "liubei", "sunquan")
LORD_OFFER = 5
#: lord skills: only the lord has them
LORD_SKILLS = frozenset({"hujia", "jijiang", "jiuyuan"})


def dealt_to_each(players: int) -> int:
    """Generals dealt to each seat but the lord: three, two at ten players."""
    return 2 if players == 10 else 3


def skills_of(general: str, lord: bool) -> tuple[str, ...]:
    return tuple(s for s in GENERALS[general].skills if lord or s not in LORD_SKILLS)
