"""``paiju export``: the events and the read-model tables as Parquet, partitioned by kind.

Parquet is how larger data leaves the store for engines that scale past one machine
(DuckDB, Spark, Polars): columnar, typed, and split by game kind so a reader of one game
never scans the others.

* **Typed.** Lists are lists (``players``, ``agents``, ``winners``, ``generals``), a
  game's options are a struct with one typed field per option the registered kinds
  offer, times are UTC timestamps, flags booleans.
* **One schema whatever the data.** Every dataset's schema is fixed by this build (the
  shared columns, the kinds' tables and options), written to its ``_common_metadata``
  even when there are no rows, so an empty store and a full one export the same schema.
* **The chain checks from the export.** ``events.stored`` holds each event's stored
  bytes exactly: SHA-256 of one event's ``stored`` is the next event's ``prev``, and of
  a game's ``GameEnded`` its receipt.
* **Finished games only** unless asked: a live game's stored bytes hold its secrets
  (hands, roles, salts), and digests over them would let anyone test guesses.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
from eventsourcing.application import Application
from eventsourcing.utils import resolve_topic

from analytics.schema import kind_tables
from analytics.tables import Tables, from_hall
from domain import registry

_ARROW = {"text": pa.string(), "int": pa.int64(), "bool": pa.bool_(), "real": pa.float64()}
_OPTION = {bool: pa.bool_(), int: pa.int64(), float: pa.float64(), str: pa.string()}
_TIME = pa.timestamp("us", tz="UTC")

EVENT_SCHEMA = pa.schema([
    ("originator_id", pa.string()),
    ("version", pa.int64()),
    ("notification_id", pa.int64()),
    ("topic", pa.string()),
    ("type", pa.string()),
    ("timestamp", _TIME),
    ("prev", pa.string()),
    ("stored", pa.binary()),
    ("kind", pa.string()),
])


def options_type() -> pa.StructType:
    """One typed field per option any registered kind offers (a name offered by two
    kinds must have one type)."""
    fields: dict[str, pa.DataType] = {}
    for spec in registry.specs():
        for option in spec.options:
            arrow = _OPTION.get(option.type, pa.string())
            if fields.setdefault(option.name, arrow) != arrow:
                raise TypeError(f"option {option.name!r} has two types among the kinds")
    return pa.struct([pa.field(name, t) for name, t in sorted(fields.items())])


def schemas() -> dict[str, pa.Schema]:
    """Every dataset's schema, from this build alone (never from the data)."""
    games = [
        ("game_id", pa.string()), ("players", pa.int64()),
        ("player_names", pa.list_(pa.string())), ("options", options_type()),
        ("agents", pa.list_(pa.string())), ("policy_mix", pa.string()),
        ("started", _TIME), ("ended", _TIME), ("side", pa.string()), ("reason", pa.string()),
        ("winners", pa.list_(pa.int64())), ("events", pa.int64()), ("rounds", pa.int64()),
        ("kind", pa.string()),
    ]
    seats = [
        ("game_id", pa.string()), ("seat", pa.int64()), ("players", pa.int64()),
        ("player", pa.string()), ("role", pa.string()), ("policy", pa.string()),
        ("won", pa.bool_()), ("score", pa.float64()), ("position", pa.int64()),
        ("generals", pa.list_(pa.string())), ("kingdom", pa.string()), ("death", pa.int64()),
        ("kind", pa.string()),
    ]
    out = {"events": EVENT_SCHEMA, "games": pa.schema(games), "seats": pa.schema(seats)}
    for name, table in kind_tables().items():
        out[name] = pa.schema([(c.name, _ARROW[c.type]) for c in table.columns]
                              + [("kind", pa.string())])
    return out


def _topic_kind(topic: str, cache: dict[str, str]) -> str:
    """The kind of an aggregate that is not a game (a Dou Dizhu match), from its class."""
    if topic not in cache:
        try:
            cls = resolve_topic(topic.rsplit(".", 1)[0])
            cache[topic] = str(getattr(cls, "kind", "") or "other")
        except Exception:  # a topic this build cannot resolve still gets exported
            cache[topic] = "other"
    return cache[topic]


def _write(rows: dict[str, list[Any]], schema: pa.Schema, root: Path, part: int) -> None:
    table = pa.table({f.name: pa.array(rows[f.name], type=f.type) for f in schema},
                     schema=schema)
    pq.write_to_dataset(table, root_path=str(root), partition_cols=["kind"],
                        basename_template=f"part-{part:05d}-{{i}}.parquet")


def _stored_state(raw: Any) -> bytes:
    return raw if isinstance(raw, bytes) else bytes(raw)  # PostgreSQL: a memoryview


def export_events(hall: Application, root: Path, kinds: dict[str, str], live: set[str], *,
                  batch: int = 20_000) -> int:
    """Every stored event of the games kept (and of every other aggregate, such as a
    match), its stored bytes exactly as the store holds them."""
    topic_kinds: dict[str, str] = {}
    start, part, total = 1, 0, 0
    while True:
        page = hall.recorder.select_notifications(start, batch)
        if not page:
            return total
        rows: dict[str, list[Any]] = {name: [] for name in EVENT_SCHEMA.names}
        for n in page:
            oid = str(n.originator_id)
            if oid in live:
                continue
            event: Any = hall.mapper.to_domain_event(n)
            rows["originator_id"].append(oid)
            rows["version"].append(n.originator_version)
            rows["notification_id"].append(n.id)
            rows["topic"].append(n.topic)
            rows["type"].append(type(event).__name__)
            rows["timestamp"].append(event.timestamp)
            rows["prev"].append(getattr(event, "prev", None))
            rows["stored"].append(_stored_state(n.state))
            rows["kind"].append(kinds.get(oid) or _topic_kind(n.topic, topic_kinds))
        if rows["originator_id"]:
            _write(rows, EVENT_SCHEMA, root, part)
            part += 1
            total += len(rows["originator_id"])
        start = page[-1].id + 1


def _cell(value: Any, arrow: pa.DataType) -> Any:
    """A frame's value as the arrow type wants it (JSON text → lists and structs)."""
    if value is None or (not isinstance(value, list | dict) and pd.isna(value)):
        return None
    if pa.types.is_list(arrow) and isinstance(value, str):
        return json.loads(value)
    if pa.types.is_struct(arrow):
        given = json.loads(value) if isinstance(value, str) else dict(value)
        return {f.name: given.get(f.name) for f in arrow}
    if pa.types.is_timestamp(arrow):
        return pd.Timestamp(value).to_pydatetime()
    if pa.types.is_boolean(arrow):
        return bool(value)
    if pa.types.is_integer(arrow):
        return int(value)
    if pa.types.is_floating(arrow):
        return float(value)
    return value


def _frame_rows(df: pd.DataFrame, schema: pa.Schema) -> dict[str, list[Any]]:
    return {f.name: [_cell(v, f.type) for v in df[f.name].tolist()] for f in schema}


def export_tables(t: Tables, out: Path, keep: set[str]) -> dict[str, int]:
    """The shared tables and every kind table, for the games in ``keep``."""
    written = {}
    kind_of = t.games[["game_id", "kind"]]
    frames = {"games": t.games, "seats": t.seats,
              **{name: df.merge(kind_of, on="game_id", how="left")
                 for name, df in t.kind_tables.items()}}
    for name, schema in schemas().items():
        if name == "events":
            continue
        df = frames[name]
        df = df[df["game_id"].isin(keep)]
        if len(df):
            _write(_frame_rows(df, schema), schema, out / name, 0)
        written[name] = len(df)
    return written


def export_parquet(hall: Application, out: Path | str, *,
                   include_live: bool = False) -> dict[str, int]:
    """Write ``out/<dataset>/kind=…/part-*.parquet`` and ``out/<dataset>/_common_metadata``
    for the events, games, seats and every kind table.

    Each dataset directory is replaced, so a rerun never mixes old and new files. Live
    games are left out unless ``include_live``. Returns the row count of each dataset.
    """
    out = Path(out)
    datasets = schemas()
    for name in datasets:
        shutil.rmtree(out / name, ignore_errors=True)
        (out / name).mkdir(parents=True)
        pq.write_metadata(datasets[name], str(out / name / "_common_metadata"))
    t = from_hall(hall)
    kinds = dict(zip(t.games["game_id"], t.games["kind"], strict=True))
    live = set() if include_live else set(t.games.loc[t.games["ended"].isna(), "game_id"])
    keep = set(t.games["game_id"]) - live
    counts = {"events": export_events(hall, out / "events", kinds, live)}
    counts.update(export_tables(t, out, keep))
    return counts
