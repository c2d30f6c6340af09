"""Table logs: a host's crash-safe record of a table, and its replay file.

A log is a sequence of msgpack maps: ``header`` (protocol, game, players, seed, options, name,
created), ``start`` (the seats: name, kind, level, token), one ``action`` per accepted action (n, seat,
action, t = wall-clock time, and every few actions hash = state hash after it), and ``end`` (result,
hash) when the game is over. Each record is flushed as it is written, so a host killed at any moment leaves a log that
replays to the state it had (a half-written last record is ignored).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import IO, Any

import msgpack

from cardtable.engine import get_game
from cardtable.engine.core import Game, IllegalAction, state_hash

MAX_RECORD = 1 << 20


class LogError(Exception):
    """The log is unreadable or does not replay to the states it recorded."""


class TableLog:
    """An open log being appended to."""

    def __init__(self, handle: IO[bytes]) -> None:
        self.handle = handle

    @classmethod
    def create(cls, path: str, header: dict[str, Any], seats: list[dict[str, Any]]) -> TableLog:
        log = cls(open(path, "wb"))  # noqa: SIM115 - kept open for the table's lifetime
        log.write({"type": "header", **header, "created": time.time()})
        log.write({"type": "start", "seats": seats})
        return log

    @classmethod
    def append(cls, path: str) -> TableLog:
        records, good = _read(path)
        with open(path, "r+b") as handle:
            handle.truncate(good)  # drop a half-written last record before appending
        return cls(open(path, "ab"))  # noqa: SIM115

    def write(self, record: dict[str, Any]) -> None:
        self.handle.write(msgpack.packb(record, use_bin_type=True))
        self.handle.flush()

    def action(self, n: int, seat: int, action: Any, t: float, digest: str | None) -> None:
        record = {"type": "action", "n": n, "seat": seat, "action": action, "t": t}
        if digest is not None:
            record["hash"] = digest
        self.write(record)

    def end(self, result: dict[str, Any], digest: str) -> None:
        self.write({"type": "end", "result": result, "hash": digest})

    def close(self) -> None:
        if not self.handle.closed:
            self.handle.flush()
            os.fsync(self.handle.fileno())
            self.handle.close()


def _read(path: str) -> tuple[list[dict[str, Any]], int]:
    """The whole records of ``path`` and the byte length they cover."""
    with open(path, "rb") as handle:
        data = handle.read()
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=max(len(data), 1),
                                max_bin_len=0, max_ext_len=0)
    unpacker.feed(data)
    records: list[dict[str, Any]] = []
    good = 0
    try:
        for record in unpacker:
            if not isinstance(record, dict) or not isinstance(record.get("type"), str):
                raise LogError(f"{path}: record {len(records)} is not a log record")
            records.append(record)
            good = unpacker.tell()
    except (ValueError, msgpack.UnpackException) as error:
        raise LogError(f"{path}: unreadable after record {len(records)}: {error}") from None
    return records, good


@dataclass
class Replayed:
    header: dict[str, Any]
    seats: list[dict[str, Any]]
    game: Game
    state: Any
    actions: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    hash: str = ""
    ended: bool = False


def replay_records(path: str, verify: bool = True) -> Replayed:
    """Rebuild the table of ``path`` by replaying it; LogError if an action does not apply, if the log
    has no header, or (``verify``) if a recorded state hash differs."""
    records, _ = _read(path)
    if len(records) < 2 or records[0]["type"] != "header" or records[1]["type"] != "start":
        raise LogError(f"{path}: not a table log (no header and start records)")
    header = records[0]
    game = get_game(header["game"])
    state = game.new(header["players"], header["seed"], header.get("options"))
    replayed = Replayed(header, list(records[1]["seats"]), game, state)
    for record in records[2:]:
        if record["type"] == "action":
            try:
                game.apply(state, record["seat"], record["action"])
            except IllegalAction as error:
                raise LogError(f"{path}: action {record.get('n')} does not apply: {error.reason}") from None
            replayed.actions.append(record)
            if verify and "hash" in record and record["hash"] != state_hash(game, state):
                raise LogError(f"{path}: state hash differs after action {record.get('n')}")
        elif record["type"] == "end":
            replayed.ended = True
            if verify and record.get("hash") != state_hash(game, state):
                raise LogError(f"{path}: final state hash differs")
    replayed.result = game.result(state)
    replayed.hash = state_hash(game, state)
    return replayed
