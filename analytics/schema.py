"""The read-model tables, written once in a dialect-neutral form.

SQLite and PostgreSQL get the same columns from the same text: only the column types, the
parameter marker and the schema-qualified table names differ. Booleans are stored as
0/1 integers on both, so the pandas side sees one shape whatever the store.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from domain import registry
from domain.spec import Column, Table

#: columns of the tables every kind shares, in SELECT order (the pandas frames use it)
CORE: dict[str, tuple[str, ...]] = {
    "games": (
        "game_id", "kind", "players", "player_names", "options", "agents", "policy_mix",
        "started", "ended", "side", "reason", "winners", "events", "rounds",
    ),
    "seats": (
        "game_id", "seat", "kind", "players", "player", "role", "policy", "won", "score",
        "position", "generals", "kingdom", "death",
    ),
}

#: tables of the projection's own bookkeeping: set up, emptied on a rebuild, never read as
#: frames or exported. ``chosen_generals`` keeps the generals a kind records when they are
#: chosen (Kingdom Wars' ``GeneralsChosen``) rather than in its outcome, until the game
#: ends and its seats rows take them; it holds live games' secrets, so nothing reads it but
#: the projection.
INTERNAL: dict[str, tuple[str, ...]] = {
    "chosen_generals": ("game_id", "seat", "generals"),
}

#: shared columns added after the tables first shipped: a store set up before them gets
#: them (empty) when it is set up again, and ``paiju project --rebuild`` fills them
ADDED: dict[str, tuple[Column, ...]] = {
    "games": (Column("rounds", "int"),),
    "seats": (Column("position", "int"), Column("generals", "text"),
              Column("kingdom", "text"), Column("death", "int")),
}


def kind_tables() -> dict[str, Table]:
    """The tables the registered kinds add (their specs' read models), by name."""
    return {t.name: t for spec in registry.specs() if spec.read_model
            for t in spec.read_model.tables}


def columns() -> dict[str, tuple[str, ...]]:
    """Every table's columns, the shared ones first."""
    return {**CORE, **{name: t.names for name, t in kind_tables().items()}}


_DDL = (
    """CREATE TABLE IF NOT EXISTS {games} (
        game_id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        players INTEGER NOT NULL,
        player_names TEXT NOT NULL,
        options TEXT NOT NULL,
        agents TEXT NOT NULL,
        policy_mix TEXT NOT NULL,
        started TEXT NOT NULL,
        ended TEXT,
        side TEXT,
        reason TEXT,
        winners TEXT,
        events INTEGER,
        rounds INTEGER)""",
    "CREATE INDEX IF NOT EXISTS analytics_games_kind ON {games} (kind, players)",
    """CREATE TABLE IF NOT EXISTS {seats} (
        game_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        players INTEGER NOT NULL,
        player TEXT NOT NULL,
        role TEXT,
        policy TEXT,
        won INTEGER NOT NULL,
        score {real},
        position INTEGER,
        generals TEXT,
        kingdom TEXT,
        death INTEGER,
        PRIMARY KEY (game_id, seat))""",
    "CREATE INDEX IF NOT EXISTS analytics_seats_kind ON {seats} (kind, players, role)",
    """CREATE TABLE IF NOT EXISTS {chosen_generals} (
        game_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        generals TEXT NOT NULL,
        PRIMARY KEY (game_id, seat))""",
)

# Every statement only *sets* values taken from one event (no counters), so replaying an
# event leaves the row as it was: the tracking record gives exactly-once, and this makes
# the table logic idempotent on top of it.
_DML: dict[str, str] = {
    "upsert_game": """INSERT INTO {games} (game_id, kind, players, player_names, options,
            agents, policy_mix, started) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)
        ON CONFLICT (game_id) DO UPDATE SET kind = excluded.kind,
            players = excluded.players, player_names = excluded.player_names,
            options = excluded.options, agents = excluded.agents,
            policy_mix = excluded.policy_mix, started = excluded.started""",
    "end_game": """UPDATE {games} SET ended = %s, side = %s, reason = %s, winners = %s,
            events = %s, rounds = %s WHERE game_id = %s""",
    "upsert_seat": """INSERT INTO {seats} (game_id, seat, kind, players, player, role,
            policy, won, score, position, generals, kingdom, death)
            VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)
        ON CONFLICT (game_id, seat) DO UPDATE SET kind = excluded.kind,
            players = excluded.players, player = excluded.player, role = excluded.role,
            policy = excluded.policy, won = excluded.won, score = excluded.score,
            position = excluded.position, generals = excluded.generals,
            kingdom = excluded.kingdom, death = excluded.death""",
    "game_facts": "SELECT kind, players, agents FROM {games} WHERE game_id = %s",
    "choose_generals": """INSERT INTO {chosen_generals} (game_id, seat, generals)
            VALUES (%s, %s, %s)
        ON CONFLICT (game_id, seat) DO UPDATE SET generals = excluded.generals""",
    # a finished game's seats whose outcome named no general take the chosen ones
    "fill_generals": """UPDATE {seats} SET generals = (SELECT c.generals
            FROM {chosen_generals} c
            WHERE c.game_id = {seats}.game_id AND c.seat = {seats}.seat)
        WHERE game_id = %s AND generals IS NULL""",
}

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class Dialect:
    """What differs between the two SQL backends."""

    name: str
    real: str
    marker: str  # the DB-API parameter marker
    schema: str | None = None

    def table(self, name: str) -> str:
        if self.schema is None:
            return name
        if not _IDENT.match(self.schema):
            raise ValueError(f"unsafe schema name {self.schema!r}")
        return f'"{self.schema}"."{name}"'

    def _fill(self, text: str) -> str:
        names = {t: self.table(t) for t in (*CORE, *INTERNAL)}
        return text.format(real=self.real, **names)

    def ddl(self) -> list[str]:
        return [self._fill(s) for s in _DDL] + [self._kind_ddl(t)
                                                 for t in kind_tables().values()]

    def _type(self, column: Column) -> str:
        return {"text": "TEXT", "int": "INTEGER", "bool": "INTEGER",
                "real": self.real}[column.type]

    def _kind_ddl(self, table: Table) -> str:
        cols = [f'"{c.name}" {self._type(c)}' + (" PRIMARY KEY" if i == 0 else "")
                for i, c in enumerate(table.columns)]
        return f"CREATE TABLE IF NOT EXISTS {self.table(table.name)} ({', '.join(cols)})"

    def existing_columns(self, cursor: Any, table: str) -> set[str]:
        """The columns ``table`` has in the database now (empty: no such table)."""
        if self.schema is None:
            cursor.execute(f'PRAGMA table_info("{table}")')
            return {_field(r, "name", 1) for r in cursor.fetchall()}
        cursor.execute("SELECT column_name FROM information_schema.columns "
                       f"WHERE table_schema = {self.marker} AND table_name = {self.marker}",
                       (self.schema, table))
        return {_field(r, "column_name", 0) for r in cursor.fetchall()}

    def missing_columns(self, cursor: Any) -> list[str]:
        """``ALTER TABLE`` statements for columns added since a store was set up (a
        shared column of :data:`ADDED`, or a column a kind's table gained)."""
        wanted = {**ADDED, **{name: t.columns for name, t in kind_tables().items()}}
        out = []
        for table, cols in wanted.items():
            have = self.existing_columns(cursor, table)
            out += [f'ALTER TABLE {self.table(table)} ADD COLUMN "{c.name}" {self._type(c)}'
                    for c in cols if have and c.name not in have]
        return out

    def dml(self) -> dict[str, str]:
        return {k: self._fill(v).replace("%s", self.marker) for k, v in _DML.items()}

    def upsert(self, table: str, names: tuple[str, ...]) -> str:
        """Set ``names`` of a kind table's row (its first column is the key)."""
        key = kind_tables()[table].names[0]
        cols = ", ".join(f'"{n}"' for n in (key, *names))
        marks = ", ".join([self.marker] * (len(names) + 1))
        sets = ", ".join(f'"{n}" = excluded."{n}"' for n in names)
        action = f"DO UPDATE SET {sets}" if names else "DO NOTHING"
        return (f"INSERT INTO {self.table(table)} ({cols}) VALUES ({marks}) "
                f'ON CONFLICT ("{key}") {action}')

    def select(self, table: str) -> str:
        cols = ", ".join(f'"{c}"' for c in columns()[table])
        return f"SELECT {cols} FROM {self.table(table)}"


def _field(row: Any, name: str, index: int) -> str:
    """A column of a result row, whatever the driver's row type (tuple, Row or dict)."""
    return str(row[name] if isinstance(row, dict) else row[index])


def sqlite_dialect() -> Dialect:
    return Dialect("sqlite", real="REAL", marker="?")


def postgres_dialect(schema: str) -> Dialect:
    return Dialect("postgres", real="DOUBLE PRECISION", marker="%s", schema=schema)
