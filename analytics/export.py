"""``paiju export``: the events and the read-model tables as Parquet, partitioned by kind.

Parquet is how larger data leaves the store for engines that scale past one machine
(DuckDB, Spark, Polars): columnar, typed, and split by game kind so a reader of one game
never scans the others.
"""

from __future__ import annotations

import json
import shutil
from datetime import datetime
from pathlib import Path
from typing import Any
from uuid import UUID

import pyarrow as pa
import pyarrow.parquet as pq
from eventsourcing.application import Application
from eventsourcing.utils import resolve_topic

from analytics.tables import Tables, from_hall

EVENT_SCHEMA = pa.schema([
    ("originator_id", pa.string()),
    ("version", pa.int64()),
    ("notification_id", pa.int64()),
    ("topic", pa.string()),
    ("kind", pa.string()),
    ("timestamp", pa.timestamp("us", tz="UTC")),
    ("state", pa.string()),
])

_SKIP = ("originator_id", "originator_version", "timestamp")


def _plain(value: Any) -> Any:
    if isinstance(value, UUID):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, set | frozenset | tuple):
        return sorted(value) if isinstance(value, set | frozenset) else list(value)
    raise TypeError(f"cannot export a {type(value).__name__}")


def _topic_kind(topic: str, cache: dict[str, str]) -> str:
    """The kind of an aggregate that is not a game (a Dou Dizhu match), from its class."""
    if topic not in cache:
        try:
            cls = resolve_topic(topic.rsplit(".", 1)[0])
            cache[topic] = str(getattr(cls, "kind", "") or "other")
        except Exception:  # a topic this build cannot resolve still gets exported
            cache[topic] = "other"
    return cache[topic]


def _write(table: pa.Table, root: Path, part: int) -> None:
    pq.write_to_dataset(table, root_path=str(root), partition_cols=["kind"],
                        basename_template=f"part-{part:05d}-{{i}}.parquet")


def export_events(hall: Application, root: Path, kinds: dict[str, str], *,
                  batch: int = 20_000) -> int:
    """Every stored event, decoded (so ciphers or compression do not leak into the files)."""
    topic_kinds: dict[str, str] = {}
    start, part, total = 1, 0, 0
    while True:
        page = hall.recorder.select_notifications(start, batch)
        if not page:
            return total
        rows: dict[str, list[Any]] = {name: [] for name in EVENT_SCHEMA.names}
        for n in page:
            event: Any = hall.mapper.to_domain_event(n)
            oid = str(n.originator_id)
            rows["originator_id"].append(oid)
            rows["version"].append(n.originator_version)
            rows["notification_id"].append(n.id)
            rows["topic"].append(n.topic)
            rows["kind"].append(kinds.get(oid) or _topic_kind(n.topic, topic_kinds))
            rows["timestamp"].append(event.timestamp)
            state = {k: v for k, v in vars(event).items() if k not in _SKIP}
            rows["state"].append(json.dumps(state, default=_plain, ensure_ascii=False,
                                            sort_keys=True))
        _write(pa.table(rows, schema=EVENT_SCHEMA), root, part)
        part += 1
        total += len(page)
        start = page[-1].id + 1


def export_tables(t: Tables, out: Path) -> dict[str, int]:
    written = {}
    hands = t.hands.merge(t.games[["game_id", "kind"]], on="game_id", how="left")
    for name, df in (("games", t.games), ("seats", t.seats), ("doudizhu_hands", hands)):
        root = out / name
        if len(df):
            _write(pa.Table.from_pandas(df, preserve_index=False), root, 0)
        written[name] = len(df)
    return written


def export_parquet(hall: Application, out: Path | str) -> dict[str, int]:
    """Write ``out/{events,games,seats,doudizhu_hands}/kind=…/part-*.parquet``.

    Each dataset directory is replaced, so a rerun never mixes old and new files.
    Returns the row count of each dataset.
    """
    out = Path(out)
    for name in ("events", "games", "seats", "doudizhu_hands"):
        shutil.rmtree(out / name, ignore_errors=True)
    out.mkdir(parents=True, exist_ok=True)
    t = from_hall(hall)
    kinds = dict(zip(t.games["game_id"], t.games["kind"], strict=True))
    counts = {"events": export_events(hall, out / "events", kinds)}
    counts.update(export_tables(t, out))
    return counts
