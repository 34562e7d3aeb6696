"""The Kingdom Wars roster: the 60 generals of the standard set, as data.

As QSanguosha-For-Hegemony (Mogara) has them: kingdom, gender, HP in *half* yin-yang
fish, and the partners each makes a perfect pair (珠联璧合) with. ``generals.py`` checks
the rows when it builds the roster.
"""

from __future__ import annotations

#: (id, Chinese name, English name, kingdom, gender, HP in half fish, partners)
ROWS: tuple[tuple[str, str, str, str, str, int, tuple[str, ...]], ...] = (
    # --- wei
    ("caocao", "曹操", "Cao Cao", "wei", "male", 4, ("dianwei", "xuchu")),
    ("simayi", "司马懿", "Sima Yi", "wei", "male", 3, ()),
    ("xiahoudun", "夏侯惇", "Xiahou Dun", "wei", "male", 4, ("xiahouyuan",)),
    ("zhangliao", "张辽", "Zhang Liao", "wei", "male", 4, ()),
    ("xuchu", "许褚", "Xu Chu", "wei", "male", 4, ("caocao",)),
    ("guojia", "郭嘉", "Guo Jia", "wei", "male", 3, ()),
    ("zhenji", "甄姬", "Zhen Ji", "wei", "female", 3, ("caopi",)),
    ("xiahouyuan", "夏侯渊", "Xiahou Yuan", "wei", "male", 4, ("xiahoudun",)),
    ("zhanghe", "张郃", "Zhang He", "wei", "male", 4, ()),
    ("xuhuang", "徐晃", "Xu Huang", "wei", "male", 4, ()),
    ("caoren", "曹仁", "Cao Ren", "wei", "male", 4, ()),
    ("dianwei", "典韦", "Dian Wei", "wei", "male", 4, ("caocao",)),
    ("xunyu", "荀彧", "Xun Yu", "wei", "male", 3, ()),
    ("caopi", "曹丕", "Cao Pi", "wei", "male", 3, ("zhenji",)),
    ("yuejin", "乐进", "Yue Jin", "wei", "male", 4, ()),
    # --- shu
    ("liubei", "刘备", "Liu Bei", "shu", "male", 4, ("guanyu", "zhangfei", "ganfuren")),
    ("guanyu", "关羽", "Guan Yu", "shu", "male", 5, ("liubei",)),
    ("zhangfei", "张飞", "Zhang Fei", "shu", "male", 4, ("liubei",)),
    ("zhugeliang", "诸葛亮", "Zhuge Liang", "shu", "male", 3, ("huangyueying",)),
    ("zhaoyun", "赵云", "Zhao Yun", "shu", "male", 4, ("liushan",)),
    ("machao", "马超", "Ma Chao", "shu", "male", 4, ()),
    ("huangyueying", "黄月英", "Huang Yueying", "shu", "female", 3, ("zhugeliang", "wolong")),
    ("huangzhong", "黄忠", "Huang Zhong", "shu", "male", 4, ("weiyan",)),
    ("weiyan", "魏延", "Wei Yan", "shu", "male", 4, ("huangzhong",)),
    ("pangtong", "庞统", "Pang Tong", "shu", "male", 3, ("wolong",)),
    ("wolong", "卧龙诸葛亮", "Wolong Zhuge Liang", "shu", "male", 3, ("huangyueying", "pangtong")),
    ("liushan", "刘禅", "Liu Shan", "shu", "male", 3, ("zhaoyun",)),
    ("menghuo", "孟获", "Meng Huo", "shu", "male", 4, ("zhurong",)),
    ("zhurong", "祝融", "Zhurong", "shu", "female", 4, ("menghuo",)),
    ("ganfuren", "甘夫人", "Lady Gan", "shu", "female", 3, ("liubei",)),
    # --- wu
    ("sunquan", "孙权", "Sun Quan", "wu", "male", 4, ("zhoutai",)),
    ("ganning", "甘宁", "Gan Ning", "wu", "male", 4, ()),
    ("lvmeng", "吕蒙", "Lü Meng", "wu", "male", 4, ()),
    ("huanggai", "黄盖", "Huang Gai", "wu", "male", 4, ("zhouyu",)),
    ("zhouyu", "周瑜", "Zhou Yu", "wu", "male", 3, ("huanggai", "xiaoqiao")),
    ("daqiao", "大乔", "Da Qiao", "wu", "female", 3, ("xiaoqiao",)),
    ("luxun", "陆逊", "Lu Xun", "wu", "male", 3, ()),
    ("sunshangxiang", "孙尚香", "Sun Shangxiang", "wu", "female", 3, ()),
    ("sunjian", "孙坚", "Sun Jian", "wu", "male", 4, ()),
    ("xiaoqiao", "小乔", "Xiao Qiao", "wu", "female", 3, ("zhouyu", "daqiao")),
    ("taishici", "太史慈", "Taishi Ci", "wu", "male", 4, ()),
    ("zhoutai", "周泰", "Zhou Tai", "wu", "male", 4, ("sunquan",)),
    ("lusu", "鲁肃", "Lu Su", "wu", "male", 3, ()),
    ("erzhang", "张昭张纮", "Zhang Zhao & Zhang Hong", "wu", "male", 3, ()),
    ("dingfeng", "丁奉", "Ding Feng", "wu", "male", 4, ()),
    # --- qun
    ("huatuo", "华佗", "Hua Tuo", "qun", "male", 3, ()),
    ("lvbu", "吕布", "Lü Bu", "qun", "male", 5, ("diaochan",)),
    ("diaochan", "貂蝉", "Diaochan", "qun", "female", 3, ("lvbu",)),
    ("yuanshao", "袁绍", "Yuan Shao", "qun", "male", 4, ("yanliangwenchou",)),
    ("yanliangwenchou", "颜良文丑", "Yan Liang & Wen Chou", "qun", "male", 4, ("yuanshao",)),
    ("jiaxu", "贾诩", "Jia Xu", "qun", "male", 3, ()),
    ("pangde", "庞德", "Pang De", "qun", "male", 4, ()),
    ("zhangjiao", "张角", "Zhang Jiao", "qun", "male", 3, ()),
    ("caiwenji", "蔡文姬", "Cai Wenji", "qun", "female", 3, ()),
    ("mateng", "马腾", "Ma Teng", "qun", "male", 4, ()),
    ("kongrong", "孔融", "Kong Rong", "qun", "male", 3, ()),
    ("jiling", "纪灵", "Ji Ling", "qun", "male", 4, ()),
    ("tianfeng", "田丰", "Tian Feng", "qun", "male", 3, ()),
    ("panfeng", "潘凤", "Pan Feng", "qun", "male", 4, ()),
    ("zoushi", "邹氏", "Lady Zou", "qun", "female", 3, ()),
)
