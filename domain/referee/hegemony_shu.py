"""Shu's Kingdom Wars skills as the referee judges them (``docs/rules/generals.md``
section 2.2): Zhuge Liang, Pang Tong, Wolong, Liu Shan, Meng Huo, Zhu Rong, Gan Furen.

Each skill registers with ``hegemony_skills.judged``; the referee imports this module
for that registration alone.
"""

from __future__ import annotations
