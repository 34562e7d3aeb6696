"""Qun's Kingdom Wars skills as the referee judges them (``docs/rules/generals.md``
section 2.4): Lü Bu, Yan Liang & Wen Chou, Jia Xu, Zhang Jiao, Cai Wenji.

Each skill registers with ``hegemony_skills.judged``; the referee imports this module
for that registration alone.
"""

from __future__ import annotations
