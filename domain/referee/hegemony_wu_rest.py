"""Wu's Kingdom Wars skills the referee judges beyond ``hegemony_wu``: Zhou Tai's Buqu
(``docs/rules/generals.md`` section 2.3).

Each skill registers with ``hegemony_skills.judged``; the referee imports this module
for that registration alone.
"""
