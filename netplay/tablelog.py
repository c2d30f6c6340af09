"""Table logs: a host's crash-safe, tamper-evident record of a table, and its replay file.

A log is a sequence of msgpack maps, numbered from 0: ``header`` (log = 2, protocol, game, players,
seed, options, name, created), ``start`` (the seats: name, kind, level, token_hash), one ``action`` per
accepted action (n, seat, action, t = wall-clock time, and every few actions hash = state hash after
it), ``seat`` (seat, and the seat as ``start`` keeps it) when a spectator takes a seat mid-game,
``end`` (result, hash) when the game is over, or ``closed`` (reason) when the host stops a game that is
not over. Every record also carries ``i`` (its number), ``prev`` (the chain hash of the record
before it, "" for the header) and ``chain`` (the first 32 hex digits of the SHA-256 of the record's
msgpack bytes without ``chain``): a chain, so an edited, removed, inserted or reordered record is found
by its number, cheaply (unlike the state hash, which costs a whole state dump). Whoever can rewrite the
whole file can also recompute the chain; the chain makes every other change visible.

Each record is flushed as it is written, so a host killed at any moment leaves a log that replays to
the state it had (a half-written last record is ignored, and reported). A log with neither ``end`` nor
``closed`` stopped without its host closing it: a crash, or records cut off; ``replay --verify`` says
which record it stops after. Files are created 0600 and keep only hashes of seat tokens.
"""

from __future__ import annotations

import hashlib
import math
import os
import time
from dataclasses import dataclass, field
from typing import IO, Any

import msgpack

from cardtable.engine import get_game
from cardtable.engine.core import Game, IllegalAction, state_hash
from cardtable.netplay.protocol import token_digest

LOG_VERSION = 2
SEAT_KINDS = ("open", "person", "bot")


class LogError(Exception):
    """The log is unreadable, fails its checks, or does not replay to the states it recorded.
    ``record`` is the number of the first bad record (None: the file as a whole)."""

    def __init__(self, message: str, record: int | None = None, problem: str = "unreadable") -> None:
        super().__init__(message)
        self.record = record
        self.problem = problem


def chain_hash(record: dict[str, Any]) -> str:
    """The chain hash of ``record`` (its bytes without the ``chain`` field)."""
    body = {key: value for key, value in record.items() if key != "chain"}
    return hashlib.sha256(msgpack.packb(body, use_bin_type=True)).hexdigest()[:32]


def _open_private(path: str, flags: int) -> IO[bytes]:
    """``path`` opened for writing, readable and writable by its owner only."""
    fd = os.open(path, flags | os.O_WRONLY | os.O_CREAT, 0o600)
    os.fchmod(fd, 0o600)
    return os.fdopen(fd, "ab" if flags & os.O_APPEND else "wb")


class TableLog:
    """An open log being appended to."""

    def __init__(self, handle: IO[bytes], count: int = 0, last: str = "") -> None:
        self.handle = handle
        self.count = count  # records written so far (the next one's number)
        self.last = last  # the chain hash of the last record

    @classmethod
    def create(cls, path: str, header: dict[str, Any], seats: list[dict[str, Any]]) -> TableLog:
        """A new log. A seat given with a raw ``token`` is written with its ``token_hash`` instead."""
        log = cls(_open_private(path, os.O_TRUNC))
        log.write({"type": "header", "log": LOG_VERSION, **header, "created": time.time()})
        log.write({"type": "start", "seats": [_seat_record(seat) for seat in seats]})
        return log

    @classmethod
    def append(cls, path: str) -> TableLog:
        """Continue the log at ``path`` (checked first; a half-written last record is dropped)."""
        records, good = _read(path)
        _check_chain(path, records)
        with open(path, "r+b") as handle:
            handle.truncate(good)
        return cls(_open_private(path, os.O_APPEND), len(records), records[-1]["chain"] if records else "")

    def write(self, record: dict[str, Any]) -> None:
        record = {**record, "i": self.count, "prev": self.last}
        record["chain"] = chain_hash(record)
        self.handle.write(msgpack.packb(record, use_bin_type=True))
        self.handle.flush()
        self.count += 1
        self.last = record["chain"]

    def action(self, n: int, seat: int, action: Any, t: float, digest: str | None) -> None:
        record = {"type": "action", "n": n, "seat": seat, "action": action, "t": t}
        if digest is not None:
            record["hash"] = digest
        self.write(record)

    def end(self, result: dict[str, Any], digest: str) -> None:
        self.write({"type": "end", "result": result, "hash": digest})

    def closed(self, reason: str) -> None:
        """The host stops before the game is over (it can be resumed)."""
        self.write({"type": "closed", "reason": reason})

    def close(self) -> None:
        if not self.handle.closed:
            self.handle.flush()
            os.fsync(self.handle.fileno())
            self.handle.close()


def _seat_record(seat: dict[str, Any]) -> dict[str, Any]:
    out = {key: value for key, value in seat.items() if key != "token"}
    if "token" in seat:
        out["token_hash"] = token_digest(seat["token"]) if seat["token"] else None
    out.setdefault("token_hash", None)
    return out


def _read(path: str) -> tuple[list[dict[str, Any]], int]:
    """The whole records of ``path`` and the byte length they cover (a half-written last record may
    follow)."""
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
                raise LogError(f"{path}: record {len(records)} is not a log record", len(records), "schema")
            records.append(record)
            good = unpacker.tell()
    except (ValueError, msgpack.UnpackException) as error:
        raise LogError(f"{path}: record {len(records)} is unreadable: {error}", len(records)) from None
    return records, good


def _check_chain(path: str, records: list[dict[str, Any]]) -> None:
    """LogError naming the first record that was edited, removed, inserted or moved."""
    previous = ""
    for index, record in enumerate(records):
        kind = record.get("type")
        where = f"{path}: record {index} ({kind})"
        if "chain" not in record or "prev" not in record or "i" not in record:
            raise LogError(f"{where}: no chain hash (a log from before cardtable kept hash chains, "
                           "or one whose hashes were removed)", index, "unchained")
        if record["i"] != index:
            problem = "missing" if isinstance(record["i"], int) and record["i"] > index else "inserted"
            what = (f"records {index}..{record['i'] - 1} are missing" if problem == "missing"
                    else f"it says it is record {record['i']!r}: a record was inserted or moved")
            raise LogError(f"{where}: {what}", index, problem)
        if record["prev"] != previous:
            raise LogError(f"{where}: does not follow record {index - 1} (a record before it was changed, "
                           "removed or moved)", index, "broken chain")
        if record["chain"] != chain_hash(record):
            raise LogError(f"{where}: changed after it was written (its chain hash does not match)", index, "edited")
        previous = record["chain"]


def _need(where: str, index: int, record: dict[str, Any], key: str, kinds: type | tuple[type, ...],
          optional: bool = False) -> Any:
    value = record.get(key)
    if value is None and optional:
        return None
    if value is None:
        raise LogError(f"{where}: '{key}' is missing", index, "schema")
    if isinstance(value, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,)):
        raise LogError(f"{where}: '{key}' has the wrong type (bool)", index, "schema")
    if not isinstance(value, kinds):
        raise LogError(f"{where}: '{key}' has the wrong type ({type(value).__name__})", index, "schema")
    if isinstance(value, float) and not math.isfinite(value):
        raise LogError(f"{where}: '{key}' is not a finite number", index, "schema")
    return value


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
    closed: bool = False  # the host stopped it before the game was over (a `closed` record)
    records: int = 0
    torn: int = 0  # bytes of a half-written last record (ignored)

    @property
    def complete(self) -> bool:
        """The log ends the way a host ends it (``end`` or ``closed``): nothing was cut off."""
        return self.ended or self.closed

    def report(self) -> dict[str, Any]:
        """What ``cardtable replay`` prints about it."""
        out: dict[str, Any] = {"game": self.game.name, "players": self.header["players"],
                               "seed": self.header["seed"], "records": self.records, "actions": len(self.actions),
                               "ended": self.ended, "complete": self.complete, "result": self.result,
                               "hash": self.hash}
        if not self.complete:
            out["note"] = (f"the log stops after record {self.records - 1} with no end record: the host "
                           "stopped without closing it (a crash or a kill), or the records after it were cut off")
        if self.torn:
            out["torn_bytes"] = self.torn
        return out


def _header(path: str, records: list[dict[str, Any]]) -> tuple[dict[str, Any], Game]:
    header = records[0]
    where = f"{path}: record 0 (header)"
    version = _need(where, 0, header, "log", int)
    if version != LOG_VERSION:
        raise LogError(f"{where}: log format {version}, this cardtable reads {LOG_VERSION}", 0, "schema")
    name = _need(where, 0, header, "game", str)
    try:
        game = get_game(name)
    except (KeyError, ValueError):
        raise LogError(f"{where}: unknown game {name[:40]!r}", 0, "schema") from None
    players = _need(where, 0, header, "players", int)
    if not game.min_players <= players <= game.max_players:
        raise LogError(f"{where}: {players} players (the game takes {game.min_players}-{game.max_players})", 0, "schema")
    _need(where, 0, header, "seed", int)
    _need(where, 0, header, "name", str)
    _need(where, 0, header, "created", (int, float))
    options = _need(where, 0, header, "options", dict)
    try:
        game.resolve_options(players, options)
    except (ValueError, TypeError) as error:
        raise LogError(f"{where}: bad options: {error}", 0, "schema") from None
    where = f"{path}: record 1 (start)"
    seats = _need(where, 1, records[1], "seats", list)
    if len(seats) != players:
        raise LogError(f"{where}: {len(seats)} seats for {players} players", 1, "schema")
    for number, seat in enumerate(seats):
        at = f"{where}: seat {number}"
        if not isinstance(seat, dict):
            raise LogError(f"{at} is not a map", 1, "schema")
        _need(at, 1, seat, "name", str)
        if seat.get("kind") not in SEAT_KINDS:
            raise LogError(f"{at}: kind {seat.get('kind')!r} is not one of {', '.join(SEAT_KINDS)}", 1, "schema")
        _need(at, 1, seat, "level", str, optional=True)
        _need(at, 1, seat, "token_hash", str, optional=True)
        if "token" in seat:
            raise LogError(f"{at}: holds a raw seat token (logs keep only token_hash)", 1, "schema")
    return header, game


def replay_records(path: str, verify: bool = True) -> Replayed:
    """Rebuild the table of ``path`` by replaying it. LogError (naming the record) if the chain shows a
    change, a record breaks the schema, an action does not apply, or (``verify``) a recorded state
    hash differs."""
    records, good = _read(path)
    torn = os.path.getsize(path) - good
    if len(records) < 2 or records[0]["type"] != "header" or records[1]["type"] != "start":
        raise LogError(f"{path}: not a table log (no header and start records)", 0, "schema")
    _check_chain(path, records)
    header, game = _header(path, records)
    state = game.new(header["players"], header["seed"], header["options"])
    replayed = Replayed(header, list(records[1]["seats"]), game, state, records=len(records), torn=torn)
    for index, record in enumerate(records[2:], start=2):
        kind = record["type"]
        where = f"{path}: record {index} ({kind})"
        if replayed.ended:
            raise LogError(f"{where}: comes after the end record", index, "schema")
        replayed.closed = False  # a stop is clean only as the last record (a resumed table goes on)
        if kind == "action":
            _replay_action(path, index, record, replayed, verify)
        elif kind == "end":
            _need(where, index, record, "result", dict)
            digest = _need(where, index, record, "hash", str)
            replayed.ended = True
            if verify and digest != state_hash(game, state):
                raise LogError(f"{where}: the final state hash differs", index, "state hash")
        elif kind == "closed":
            _need(where, index, record, "reason", str)
            replayed.closed = True
        elif kind == "seat":
            taken = _need(where, index, record, "seat", int)
            if not 0 <= taken < replayed.header["players"] or "token" in record:
                raise LogError(f"{where}: not a seat of this table (or a raw token)", index, "schema")
            replayed.seats[taken] = {k: v for k, v in record.items() if k not in ("type", "seat", "i", "prev", "chain")}
        else:
            raise LogError(f"{where}: unknown record type {kind[:32]!r}", index, "schema")
    replayed.result = game.result(state)
    replayed.hash = state_hash(game, state)
    return replayed


def _replay_action(path: str, index: int, record: dict[str, Any], replayed: Replayed, verify: bool) -> None:
    where = f"{path}: record {index} (action {len(replayed.actions) + 1})"
    game, state = replayed.game, replayed.state
    n = _need(where, index, record, "n", int)
    if n != len(replayed.actions) + 1:
        raise LogError(f"{where}: numbered {n}", index, "schema")
    seat = _need(where, index, record, "seat", int)
    if not 0 <= seat < replayed.header["players"]:
        raise LogError(f"{where}: there is no seat {seat}", index, "schema")
    action = _need(where, index, record, "action", dict)
    _need(where, index, record, "t", (int, float))
    digest = _need(where, index, record, "hash", str, optional=True)
    try:
        game.apply(state, seat, action)
    except IllegalAction as error:
        raise LogError(f"{where}: does not apply: {error.reason}", index, "does not apply") from None
    except Exception as error:  # a malformed action must not crash a replay
        raise LogError(f"{where}: does not apply ({type(error).__name__})", index, "does not apply") from None
    replayed.actions.append(record)
    if verify and digest is not None and digest != state_hash(game, state):
        raise LogError(f"{where}: the state hash differs", index, "state hash")
