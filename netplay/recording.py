"""A guest's own recording of a LAN table: what this computer received for its seats, kept to watch again.

The host keeps the table log (netplay.tablelog) and a guest never sees it: it holds every hidden card.
So a guest records what the host sent it, as it arrived: the ``view`` message of each of its seats (a
spectator's ``seat: nil`` view when it watched), the lobby's names and the result. Nothing is worked
out, so nothing the seat could not see can get in. The replay viewer plays it back from those seats
only (netplay.replay.RecordedReplay).

The file is a table log's kind of file (:class:`netplay.tablelog.TableLog`: msgpack records in a hash
chain, flushed one by one, 0600), in the data folder's ``logs/`` beside the host logs, named ``*.ctrec``:

- ``header``: recording = 1, protocol, game, players, options, name, title, table_id, address, created
- ``seats``: seats (this connection's seats: [] when watching), on welcome and whenever they change
- ``table``: seats [{name, kind, level}] (the lobby's players), when they change
- ``view``: seat, version, events, result, t (wall-clock time received), and either ``view`` (the whole
  view) or ``changed`` (its top-level entries that differ from this seat's view before) and ``dropped``
  (the keys gone): a whole view first for each seat and every :data:`KEYFRAME` views; ``legal`` is not kept
- ``rejoined``: this computer came back to the table (a reconnect, a crash, a host resumed elsewhere);
  views the host pushed while it was away are missing, so versions jump: the replay says where
- ``stopped``: reason (the recording reached :data:`MAX_BYTES`; nothing after it was kept)
- ``end``: result

A recording of an unfinished game is continued (appended, its chain checked first) when this computer
comes back to the same table (by the table's id) within :data:`RESUMABLE_AGE` (one that stopped at its
size limit stays as it is, and is still the one the History entry names). All recordings together
stay under :data:`BUDGET` bytes: the oldest go first.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgpack

from cardtable.netplay.protocol import PROTOCOL_VERSION
from cardtable.netplay.tablelog import LogError, TableLog, _check_chain, _open_private, _read
from cardtable.userdirs import private_dir

RECORDING_VERSION = 1
EXTENSION = ".ctrec"
MAX_BYTES = 16 * 1024 * 1024  # one recording (a long Oh Hell game for two couch seats is about 2 MB)
BUDGET = 256 * 1024 * 1024  # every recording in the folder
RESUMABLE_AGE = 2 * 24 * 3600.0  # as long as the seat store keeps a seat's token
KEYFRAME = 64  # a seat's whole view at least every this many of its views (the others: what changed)


_NONE = object()


def _header(path: str) -> dict[str, Any] | None:
    """The first record of ``path`` when it is a recording's header (read alone, not the whole file)."""
    try:
        with open(path, "rb") as handle:
            first = next(iter(msgpack.Unpacker(handle, raw=False, max_buffer_size=1 << 20)), None)
    except (OSError, ValueError, msgpack.UnpackException):
        return None
    return first if isinstance(first, dict) and first.get("type") == "header" and "recording" in first else None


def is_recording(path: str) -> bool:
    """Whether ``path`` starts like a guest's recording (not a host's table log)."""
    return _header(path) is not None


def _players(lobby: dict[str, Any]) -> list[dict[str, Any]]:
    """The lobby's seats as a table log's start record keeps them (name, kind, level)."""
    out = []
    for seat in lobby.get("seats") or []:
        if isinstance(seat, dict):
            entry = {"name": str(seat.get("name") or ""), "kind": str(seat.get("kind") or "open")}
            if seat.get("level"):
                entry["level"] = str(seat["level"])
            out.append(entry)
    return out


class Recorder:
    """Fed every message a guest's connection receives (:meth:`feed`); writes the recording from the
    first view on. A disk error stops the recording (``error`` says why), never the game."""

    def __init__(self, address: tuple[str, int] | None = None, folder: Path | None = None,
                 clock: Callable[[], float] = time.time, max_bytes: int = MAX_BYTES, budget: int = BUDGET) -> None:
        self.address = address
        self.folder = folder
        self.clock = clock
        self.max_bytes = max_bytes
        self.budget = budget
        self.path: str | None = None
        self.log: TableLog | None = None
        self.welcome: dict[str, Any] = {}
        self.seats: list[int] = []
        self.players: list[dict[str, Any]] = []
        self.last: dict[int | None, int] = {}  # seat -> the newest version recorded
        self.previous: dict[int | None, dict[str, Any]] = {}  # seat -> its last view written by this recorder
        self.since_whole: dict[int | None, int] = {}  # seat -> views written since its last whole one
        self.done = False  # ended, stopped at the size limit, or failed
        self.error: str | None = None

    def _folder(self) -> Path:
        if self.folder is not None:
            return self.folder
        from cardtable.netplay.history import logs_dir

        return logs_dir()

    # -- what arrives -------------------------------------------------------------------------------

    def feed(self, message: dict[str, Any]) -> None:
        if self.done:
            return
        try:
            self._feed(message)
        except (OSError, LogError) as error:
            self.error = str(error)
            self.done = True
            self.close()

    def _feed(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "welcome":
            self.welcome = message
            self.seats = [s for s in message.get("seats") or [] if isinstance(s, int)]
        elif kind == "seats":
            self.seats = [s for s in message.get("seats") or [] if isinstance(s, int)]
            self._write({"type": "seats", "seats": self.seats})
        elif kind == "lobby":
            players = _players(message)
            if players != self.players:
                self.players = players
                self._write({"type": "table", "seats": players})
        elif kind == "view":
            self._view(message)
        elif kind == "result" and self.log is not None:
            self._write({"type": "end", "result": message.get("result")})
            self.done = True
            self.close()

    def _view(self, message: dict[str, Any]) -> None:
        seat, version = message.get("seat"), message.get("version")
        if not isinstance(version, int) or not (seat is None or isinstance(seat, int)):
            return
        if self.log is None:
            self._open()
        if self.done:
            return  # the recording of this table stopped at its size limit before this computer left
        if version <= self.last.get(seat, -1):
            return  # the same view again (pushed on reconnect), or an old one
        self.last[seat] = version
        view = message.get("view") or {}
        record = {"type": "view", "seat": seat, "version": version, "events": message.get("events") or [],
                  "result": message.get("result"), "t": self.clock(), **self._changes(seat, view)}
        self.previous[seat] = view
        self._write(record)

    def _changes(self, seat: int | None, view: dict[str, Any]) -> dict[str, Any]:
        """The view as the record keeps it: whole, or what changed since this seat's last one."""
        before = self.previous.get(seat)
        count = self.since_whole.get(seat, KEYFRAME)
        if before is None or count >= KEYFRAME - 1:
            self.since_whole[seat] = 0
            return {"view": view}
        self.since_whole[seat] = count + 1
        return {"changed": {key: value for key, value in view.items() if before.get(key, _NONE) != value},
                "dropped": [key for key in before if key not in view]}

    def _write(self, record: dict[str, Any]) -> None:
        if self.log is None:
            return
        self.log.write(record)
        if self.log.handle.tell() > self.max_bytes and record.get("type") != "end":
            limit = f"{self.max_bytes / (1024 * 1024):g} MB" if self.max_bytes >= 1 << 20 else f"{self.max_bytes} bytes"
            self.log.write({"type": "stopped", "reason": f"size limit ({limit}) reached"})
            self.done = True
            self.close()

    # -- the file -----------------------------------------------------------------------------------

    def _open(self) -> None:
        table = self.welcome.get("table") or {}
        table_id = str(table.get("id") or "")
        folder = private_dir(self._folder())
        earlier = find_unfinished(folder, table_id, self.clock()) if table_id else None
        if earlier is not None:
            self._continue(*earlier)
            return
        game = "".join(c for c in str(table.get("game") or "game") if c.isalnum() or c == "_")[:24]
        self.path = str(folder / f"{time.strftime('%Y%m%d-%H%M%S')}-{game}-guest-{secrets.token_hex(3)}{EXTENSION}")
        self.log = TableLog(_open_private(self.path, os.O_TRUNC))
        self.log.write({"type": "header", "recording": RECORDING_VERSION, "protocol": PROTOCOL_VERSION,
                        "game": str(table.get("game") or ""), "players": table.get("players"),
                        "options": table.get("options") or {}, "name": str(table.get("name") or ""),
                        "title": str(table.get("title") or ""), "table_id": table_id,
                        "address": f"{self.address[0]}:{self.address[1]}" if self.address else "",
                        "created": self.clock()})
        self.log.write({"type": "seats", "seats": self.seats})
        if self.players:
            self.log.write({"type": "table", "seats": self.players})
        keep_within(folder, self.budget, spare=self.path)

    def _continue(self, path: str, records: list[dict[str, Any]]) -> None:
        """Go on with the recording of this table begun before (this computer left and came back)."""
        self.path = path
        if any(record.get("type") == "stopped" for record in records):
            self.done = True
            return
        self.log = TableLog.append(path)
        for record in records:
            if record.get("type") == "view":
                self.last[record.get("seat")] = int(record.get("version") or 0)
        self.log.write({"type": "rejoined", "t": self.clock()})
        self.log.write({"type": "seats", "seats": self.seats})
        if self.players:
            self.log.write({"type": "table", "seats": self.players})

    def close(self) -> None:
        if self.log is not None:
            with contextlib.suppress(OSError):
                self.log.close()
            self.log = None


def find_unfinished(folder: Path, table_id: str, now: float) -> tuple[str, list[dict[str, Any]]] | None:
    """The newest recording of table ``table_id`` that did not end (it may have stopped at its size
    limit), written to within :data:`RESUMABLE_AGE` and whose chain is whole, with its records."""
    candidates = []
    with contextlib.suppress(OSError):
        for path in folder.glob(f"*{EXTENSION}"):
            with contextlib.suppress(OSError):
                modified = path.stat().st_mtime
                if now - modified <= RESUMABLE_AGE:
                    candidates.append((modified, path))
    for _, path in sorted(candidates, reverse=True):
        if (_header(str(path)) or {}).get("table_id") != table_id:
            continue
        try:
            records, _ = _read(str(path))
            _check_chain(str(path), records)
        except (OSError, LogError):
            continue
        if not records:  # (its header, this table's, was read above)
            continue
        if any(record.get("type") == "end" for record in records):
            return None
        return str(path), records
    return None


def keep_within(folder: Path, budget: int, spare: str | None = None) -> list[str]:
    """Delete the oldest recordings in ``folder`` until they take at most ``budget`` bytes (never
    ``spare``, the one being written). Returns the paths deleted."""
    found = []
    with contextlib.suppress(OSError):
        for path in folder.glob(f"*{EXTENSION}"):
            with contextlib.suppress(OSError):
                stat = path.stat()
                found.append((stat.st_mtime, stat.st_size, str(path)))
    total = sum(size for _, size, _ in found)
    deleted = []
    for _, size, path in sorted(found):
        if total <= budget:
            break
        if path == spare:
            continue
        with contextlib.suppress(OSError):
            os.unlink(path)
            total -= size
            deleted.append(path)
    return deleted


__all__ = ["BUDGET", "EXTENSION", "MAX_BYTES", "Recorder", "find_unfinished", "is_recording", "keep_within"]
