"""Analytics: a tracked projection of the event store into read-model tables, and the
pandas functions, figures, notebooks and reports built on those tables.

The projection follows the application's notification log and writes the tables in the
same database (and the same transaction) as its tracking record, so every event is
counted exactly once however often the projection is stopped and restarted.
"""
