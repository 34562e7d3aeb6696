"""The Killer game (杀人游戏): killers, police and civilians; nights, days and votes.

Rules: shared/rules/killer.md. ``roles`` holds the role table and the win check,
``errors`` the named illegal actions, ``game`` the aggregate, ``bots`` the two simulation
policies and ``exact`` the Markov chain that gives the uniform-random outcome rates.
"""
