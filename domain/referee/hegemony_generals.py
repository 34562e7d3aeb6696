"""The Kingdom Wars generals' skills as the referee knows them: its own table, written
again from ``docs/rules/generals.md`` section 2 (the skill ids are the record's), and the
skills it judges so far.

A game is judged by the referee only when every skill of every chosen general is judged:
a hidden general's skills are offered to its owner too (using one shows it), so a skill
the referee does not know could be asked, declined or used anywhere. Any other game keeps
the engine-side recount, which names the skills not judged yet.
"""

from __future__ import annotations

from typing import Any

from domain.audit import Fact

#: general -> its Kingdom Wars skills (generals.md section 2; Buqu's wounds are the
#: record's own entry); tests/referee/test_hegemony_skills_differential checks this table
#: against the engine's for every general judged
SKILLS: dict[str, tuple[str, ...]] = {
    # Wei (2.1)
    "caocao": ("jianxiong",), "simayi": ("fankui", "guicai"), "xiahoudun": ("ganglie_kw",),
    "zhangliao": ("tuxi",), "xuchu": ("luoyi",), "guojia": ("tiandu", "yiji"),
    "zhenji": ("luoshen_kw", "qingguo"), "xiahouyuan": ("shensu",), "zhanghe": ("qiaobian",),
    "xuhuang": ("duanliang",), "caoren": ("jushou",), "dianwei": ("qiangxi",),
    "xunyu": ("quhu", "jieming"), "caopi": ("xingshang", "fangzhu"), "yuejin": ("xiaoguo",),
    # Shu (2.2)
    "liubei": ("rende_kw",), "guanyu": ("wusheng",), "zhangfei": ("paoxiao_kw",),
    "zhugeliang": ("guanxing", "kongcheng_kw"), "zhaoyun": ("longdan",),
    "machao": ("mashu", "tieqi"), "huangyueying": ("jizhi", "qicai_kw"),
    "huangzhong": ("liegong",), "weiyan": ("kuanggu",), "pangtong": ("lianhuan", "niepan"),
    "wolong": ("huoji", "kanpo", "bazhen"), "liushan": ("xiangle", "fangquan"),
    "menghuo": ("huoshou", "zaiqi"), "zhurong": ("juxiang", "lieren"),
    "ganfuren": ("shushen", "shenzhi"),
    # Wu (2.3)
    "sunquan": ("zhiheng_kw",), "ganning": ("qixi",), "lvmeng": ("keji",),
    "huanggai": ("kurou",), "zhouyu": ("yingzi", "fanjian"), "daqiao": ("guose", "liuli_kw"),
    "luxun": ("qianxun_kw", "duoshi"), "sunshangxiang": ("jieyin", "xiaoji_kw"),
    "sunjian": ("yinghun",), "xiaoqiao": ("tianxiang", "hongyan"), "taishici": ("tianyi",),
    "zhoutai": ("buqu", "buqu_wounds"), "lusu": ("haoshi", "dimeng"),
    "erzhang": ("zhijian", "guzheng"),
    "dingfeng": ("duanbing", "fenxun"),
    # Qun (2.4)
    "huatuo": ("jijiu", "qingnang"), "lvbu": ("wushuang",), "diaochan": ("lijian_kw", "biyue"),
    "yuanshao": ("luanji",), "yanliangwenchou": ("shuangxiong", "shuangxiong_duel"),
    "jiaxu": ("wansha", "luanwu", "weimu"), "pangde": ("mashu", "mengjin"),
    "zhangjiao": ("leiji", "guidao"), "caiwenji": ("beige", "duanchang"),
    "mateng": ("mashu", "xiongyi"), "kongrong": ("mingshi", "lirang"),
    "jiling": ("shuangren",), "tianfeng": ("sijian", "suishi", "suishi_loss"),
    "panfeng": ("kuangfu",), "zoushi": ("huoshui", "qingcheng"),
}

#: the skills the referee judges, filled by ``hegemony_skills``; grown kingdom by kingdom
JUDGED: set[str] = set()


def skilled(facts: list[Fact]) -> bool:
    """Rules 4 gives the generals their skills, unless the table turned them off."""
    start: dict[str, Any] = facts[0].data if facts and facts[0].type == "Started" else {}
    return int(start.get("rules", 1)) >= 4 and (start.get("options") or {}).get(
        "skills", True) is not False


def chosen(facts: list[Fact]) -> list[str]:
    return [g for f in facts if f.type == "GeneralsChosen"
            for g in (f.data.get("head"), f.data.get("deputy")) if isinstance(g, str)]


def unjudged(facts: list[Fact]) -> list[str]:
    """The skills of the game's chosen generals the referee does not judge yet (sorted;
    empty: the referee judges the whole game). A general unknown to the table counts
    as its own name."""
    if not skilled(facts):
        return []
    out = {s for g in chosen(facts) for s in SKILLS.get(g, (g,)) if s not in JUDGED}
    return sorted(out)
