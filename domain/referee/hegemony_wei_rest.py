"""Wei's Kingdom Wars skills the referee judges beyond ``hegemony_wei``: Zhang He's
Qiaobian and Xun Yu's Quhu and Jieming (``docs/rules/generals.md`` section 2.1).

Each skill registers with ``hegemony_skills.judged``; the referee imports this module
for that registration alone.
"""
