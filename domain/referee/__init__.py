"""Referees: a second, independent implementation of each game's rules for the audit.

Each module re-derives every fact a stored game records (who won, the scores, who had to
act, what a seat could legally do) from the raw stored facts alone, with its own compact
rules code. A referee imports nothing from ``domain/<game>/`` but static data tables
(card lists): a bug in the engine is not repeated here, so the audit can catch it.
"""
