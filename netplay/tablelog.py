"""Table logs: a host's crash-safe, tamper-evident record of a table, and its replay file.

A log is a sequence of msgpack maps, numbered from 0: ``header`` (log = 2, protocol, game, players,
seed, options, name, created), ``start`` (the seats: name, kind, level, token_hash), one ``action`` per
accepted action (n, seat, action, t = wall-clock time, and every few actions hash = state hash after
it), ``seat`` (seat, and the seat as ``start`` keeps it) when a spectator takes a seat mid-game,
``end`` (result, hash) when the game is over, or ``closed`` (reason) when the host stops a game that is
not over. Every record also carries ``i`` (its number), ``prev`` (the chain hash of the record
before it, "" for the header) and ``chain`` (the first 32 hex digits of the SHA-256 of the record's
msgpack bytes without ``chain`` and ``sig``): a chain, so an edited, removed, inserted or reordered
record is found by its number, cheaply (unlike the state hash, which costs a whole state dump). Whoever
can rewrite the whole file can also recompute the chain: the chain alone shows accidents, not forgeries.
So a host signs its log: the header carries its identity key (``key``, netplay/identity.py) and every
``end`` and ``closed`` record and every 64th action carries ``sig``, the key's Ed25519 signature over that
record's chain hash, which covers every record before it. Nobody without the host's key can change a
record that a signature covers and sign again: :func:`signatures` checks them, and says who signed
(the key's fingerprint) and up to which record.

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
from cardtable.netplay.identity import PUBLIC_KEY_BYTES, HostIdentity, fingerprint, verify
from cardtable.netplay.protocol import token_digest

LOG_VERSION = 2
SEAT_KINDS = ("open", "person", "bot")
SIGN_CONTEXT = b"cardtable table log v1\0"  # what a log signature is over, apart from the host's other proofs
SIGN_EVERY = 64  # actions between two signed ones (a host killed mid-game leaves fewer unsigned)


class LogError(Exception):
    """The log is unreadable, fails its checks, or does not replay to the states it recorded.
    ``record`` is the number of the first bad record (None: the file as a whole)."""

    def __init__(self, message: str, record: int | None = None, problem: str = "unreadable") -> None:
        super().__init__(message)
        self.record = record
        self.problem = problem


def chain_hash(record: dict[str, Any]) -> str:
    """The chain hash of ``record`` (its bytes without the ``chain`` and ``sig`` fields)."""
    body = {key: value for key, value in record.items() if key not in ("chain", "sig")}
    return hashlib.sha256(msgpack.packb(body, use_bin_type=True)).hexdigest()[:32]


def _open_private(path: str, flags: int) -> IO[bytes]:
    """``path`` opened for writing, readable and writable by its owner only."""
    fd = os.open(path, flags | os.O_WRONLY | os.O_CREAT, 0o600)
    os.fchmod(fd, 0o600)
    return os.fdopen(fd, "ab" if flags & os.O_APPEND else "wb")


class TableLog:
    """An open log being appended to, signed with ``signer`` (a host's identity) if there is one."""

    def __init__(self, handle: IO[bytes], count: int = 0, last: str = "", signer: HostIdentity | None = None) -> None:
        self.handle = handle
        self.count = count  # records written so far (the next one's number)
        self.last = last  # the chain hash of the last record
        self.signer = signer

    @classmethod
    def create(cls, path: str, header: dict[str, Any], seats: list[dict[str, Any]],
               signer: HostIdentity | None = None) -> TableLog:
        """A new log. A seat given with a raw ``token`` is written with its ``token_hash`` instead."""
        log = cls(_open_private(path, os.O_TRUNC), signer=signer)
        key = {"key": signer.public_key.hex()} if signer is not None else {}
        log.write({"type": "header", "log": LOG_VERSION, **header, **key, "created": time.time()})
        log.write({"type": "start", "seats": [_seat_record(seat) for seat in seats]})
        return log

    @classmethod
    def append(cls, path: str, signer: HostIdentity | None = None) -> TableLog:
        """Continue the log at ``path`` (checked first; a half-written last record is dropped). A log
        signed by a host key goes on only with that key (LogError otherwise: what follows could not be
        told from a forgery)."""
        records, good = _read(path)
        _check_chain(path, records)
        key = records[0].get("key") if records else None
        if key is not None and (signer is None or signer.public_key.hex() != key):
            mine = f"this host's is {signer.fingerprint}" if signer is not None else "this host signs nothing"
            raise LogError(f"{path}: signed by host key {_fingerprint(key)}; {mine}: resume it on the computer "
                           "that hosted it", 0, "key")
        with open(path, "r+b") as handle:
            handle.truncate(good)
        return cls(_open_private(path, os.O_APPEND), len(records), records[-1]["chain"] if records else "",
                   signer if key is not None else None)

    def write(self, record: dict[str, Any], sign: bool = False) -> None:
        record = {**record, "i": self.count, "prev": self.last}
        record["chain"] = chain_hash(record)
        if sign and self.signer is not None:
            record["sig"] = self.signer.sign(SIGN_CONTEXT + record["chain"].encode("ascii")).hex()
        self.handle.write(msgpack.packb(record, use_bin_type=True))
        self.handle.flush()
        self.count += 1
        self.last = record["chain"]

    def action(self, n: int, seat: int, action: Any, t: float, digest: str | None) -> None:
        record = {"type": "action", "n": n, "seat": seat, "action": action, "t": t}
        if digest is not None:
            record["hash"] = digest
        self.write(record, sign=n % SIGN_EVERY == 0)

    def end(self, result: dict[str, Any], digest: str) -> None:
        self.write({"type": "end", "result": result, "hash": digest}, sign=True)

    def closed(self, reason: str) -> None:
        """The host stops before the game is over (it can be resumed)."""
        self.write({"type": "closed", "reason": reason}, sign=True)

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


@dataclass
class Signed:
    """Who signed a log and how far: ``signer`` the fingerprint of the header's key (None: not signed),
    ``through`` the last record a good signature covers (-1: none)."""

    signer: str | None = None
    through: int = -1


def _unhex(text: Any) -> bytes:
    """``text`` as bytes if it is hex digits, else nothing."""
    try:
        return bytes.fromhex(text) if isinstance(text, str) else b""
    except ValueError:
        return b""


def _fingerprint(key: Any) -> str:
    raw = _unhex(key)
    return fingerprint(raw) if len(raw) == PUBLIC_KEY_BYTES else "(not a key)"


def signatures(path: str, records: list[dict[str, Any]]) -> Signed:
    """Check every ``sig`` against the header's ``key`` (run after the chain check: each one then vouches
    for every record up to its own). LogError naming the first bad one, a signature in a log with no key,
    or an end or closed record with none (signatures removed)."""
    key = records[0].get("key") if records else None
    if key is None:
        stray = next((i for i, record in enumerate(records) if "sig" in record), None)
        if stray is not None:
            raise LogError(f"{path}: record {stray} is signed but the header names no key", stray, "signature")
        return Signed()
    raw = _unhex(key)
    if len(raw) != PUBLIC_KEY_BYTES:
        raise LogError(f"{path}: record 0 (header): 'key' is not a host key", 0, "signature")
    signed = Signed(fingerprint(raw))
    for index, record in enumerate(records):
        sig = record.get("sig")
        where = f"{path}: record {index} ({record.get('type')})"
        if sig is None:
            if record.get("type") in ("end", "closed"):
                raise LogError(f"{where}: not signed (the host signs every end and closed record)", index, "signature")
            continue
        if not verify(raw, _unhex(sig), SIGN_CONTEXT + str(record.get("chain")).encode("ascii")):
            raise LogError(f"{where}: the signature does not hold: not written by the holder of host key "
                           f"{signed.signer}, or changed since", index, "signature")
        signed.through = index
    return signed


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
    signed: Signed = field(default_factory=Signed)

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
        out["signer"] = self.signed.signer
        out["signed_through"] = self.signed.through if self.signed.signer else None
        if not self.complete:
            out["note"] = (f"the log stops after record {self.records - 1} with no end record: the host "
                           "stopped without closing it (a crash or a kill), or the records after it were cut off")
        if self.signed.signer and self.signed.through < self.records - 1:
            out["unsigned"] = (f"records {self.signed.through + 1}-{self.records - 1} come after the last "
                               "signature: nothing shows who wrote them")
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
    signed = signatures(path, records)
    header, game = _header(path, records)
    state = game.new(header["players"], header["seed"], header["options"])
    replayed = Replayed(header, list(records[1]["seats"]), game, state, records=len(records), torn=torn,
                        signed=signed)
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
            replayed.seats[taken] = {k: v for k, v in record.items() if k not in ("type", "seat", "i", "prev", "chain", "sig")}
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
