"""The history of finished tables on this computer, in the user's data folder.

``history.jsonl`` holds one JSON object per finished table (:class:`Finished`: game, players, the
result, when, and the table log when this computer hosted it); the logs of tables hosted here are kept
beside it in ``logs/`` (:func:`new_log_path`), and the replay viewer plays them back. A guest has no
log (the host keeps it): its entry names the guest's own recording instead (netplay.recording, also in
``logs/``). The newest :data:`KEEP` entries are kept, and a log no entry names is deleted a
week after it was last written (a table left before its end). A broken line is skipped, never fatal.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from cardtable.userdirs import data_dir, private_data_dir, write_private

FILE = "history.jsonl"
LOGS = "logs"
KEEP = 300
ORPHAN_AGE = 7 * 24 * 3600.0


@dataclass
class Finished:
    game: str  # engine name
    title: str
    players: list[str]  # by seat
    result: dict[str, Any]  # the engine's result (scores, winners, and the game's score sheet)
    seats: list[int] = field(default_factory=list)  # the seats played on this computer ([]: watched)
    name: str = ""  # the table's name
    finished: float = 0.0  # wall-clock time
    log: str | None = None  # the table log when this computer hosted the table, else its own recording
    table_id: str = ""
    id: str = ""

    @property
    def winners(self) -> list[int]:
        winners = self.result.get("winners")
        return [w for w in winners if isinstance(w, int)] if isinstance(winners, list) else []

    def has_replay(self) -> bool:
        return bool(self.log) and Path(str(self.log)).is_file()


def history_path() -> Path:
    return data_dir() / FILE


def logs_dir() -> Path:
    return data_dir() / LOGS


def new_log_path(game: str) -> str:
    """A fresh file name for a table log in the data folder (the folder is made if need be)."""
    folder = private_data_dir(LOGS)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return str(folder / f"{stamp}-{game}-{secrets.token_hex(3)}.ctlog")


def _parse(line: str) -> Finished | None:
    try:
        data = json.loads(line)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    known = {f.name for f in fields(Finished)}
    try:
        entry = Finished(**{k: v for k, v in data.items() if k in known})
    except TypeError:
        return None
    if not isinstance(entry.game, str) or not isinstance(entry.players, list) or not isinstance(entry.result, dict):
        return None
    return entry


def entries() -> list[Finished]:
    """Every finished table, the newest first."""
    try:
        text = history_path().read_text(encoding="utf-8")
    except OSError:
        return []
    found = [entry for line in text.splitlines() if line.strip() and (entry := _parse(line)) is not None]
    found.sort(key=lambda e: e.finished, reverse=True)
    return found


def _write_all(kept: list[Finished]) -> None:
    write_private(history_path(), "".join(json.dumps(asdict(e)) + "\n" for e in reversed(kept)).encode())


def record(entry: Finished) -> Finished:
    """Add ``entry`` (its id and time are filled in when empty); keeps the newest :data:`KEEP`."""
    entry.id = entry.id or secrets.token_hex(6)
    entry.finished = entry.finished or time.time()
    private_data_dir()
    # 0600 from its creation (who played whom, and where the logs are: this user's business only)
    with os.fdopen(os.open(history_path(), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600), "a", encoding="utf-8") as handle:
        handle.write(json.dumps(asdict(entry)) + "\n")
    present = entries()
    if len(present) > KEEP:
        _write_all(present[:KEEP])
        for old in present[KEEP:]:
            _delete_log(old)
    tidy_logs(present[:KEEP])
    return entry


def remove(entry_id: str) -> bool:
    """Forget one entry and delete its log; True when it was there."""
    present = entries()
    kept = [e for e in present if e.id != entry_id]
    if len(kept) == len(present):
        return False
    _write_all(kept)
    for gone in present:
        if gone.id == entry_id:
            _delete_log(gone)
    return True


def _delete_log(entry: Finished) -> None:
    if entry.log and Path(entry.log).parent == logs_dir():
        with contextlib.suppress(OSError):
            Path(entry.log).unlink()


def tidy_logs(kept: list[Finished], now: float | None = None) -> None:
    """Delete the logs in the data folder that no entry names, once a week old."""
    named = {str(Path(e.log)) for e in kept if e.log}
    now = time.time() if now is None else now
    with contextlib.suppress(OSError):
        for path in [*logs_dir().glob("*.ctlog"), *logs_dir().glob("*.ctrec")]:
            with contextlib.suppress(OSError):
                if str(path) not in named and now - path.stat().st_mtime > ORPHAN_AGE:
                    path.unlink()
