"""Wu's Kingdom Wars skills as the referee judges them (``docs/rules/generals.md``
section 2.3): Lu Xun, Tianxiang of Xiao Qiao, Taishi Ci, Zhou Tai, Lu Su, Erzhang, Ding Feng.

Each skill registers with ``hegemony_skills.judged``; the referee imports this module
for that registration alone.
"""

from __future__ import annotations
