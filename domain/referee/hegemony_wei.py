"""Wei's Kingdom Wars skills as the referee judges them (``docs/rules/generals.md``
section 2.1): Sima Yi, Xiahou Dun,
Guo Jia, Zhen Ji, Xiahou Yuan, Zhang He, Cao Ren, Xun Yu, Cao Pi, Yue Jin.

Each skill registers with ``hegemony_skills.judged``; the referee imports this module
for that registration alone.
"""

from __future__ import annotations
