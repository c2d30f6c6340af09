"""Seat tokens kept on disk, so the same person gets the same seat back after their program crashed or
the host came back on another port.

``seats.json`` in the user's data folder maps a table's id (the host's ``table.id``, advertised in TXT
``id`` and sent in ``welcome``; stable across ``cardtable host --resume``) to the token of the seats held
there, with the table's name, game and last address. A seat held at a table without an id (an older
host) is kept under ``host:port``. Entries go when the game ends, when the host no longer knows the
token, and after :data:`MAX_AGE` (a table left for good).
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from cardtable.userdirs import data_dir

FILE = "seats.json"
MAX_AGE = 2 * 24 * 3600.0
MAX_SEATS = 50


@dataclass
class HeldSeat:
    key: str  # the table's id, or "host:port"
    token: str
    table: str = ""  # the table's name
    game: str = ""
    title: str = ""
    address: str = ""
    port: int = 0
    seats: tuple[int, ...] = ()
    saved: float = 0.0


def store_path() -> Path:
    return data_dir() / FILE


def address_key(host: str, port: int) -> str:
    return f"{host}:{port}"


def _load() -> dict[str, HeldSeat]:
    try:
        data = json.loads(store_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    known = {f.name for f in fields(HeldSeat)}
    out: dict[str, HeldSeat] = {}
    for key, raw in (data.items() if isinstance(data, dict) else []):
        if not isinstance(raw, dict) or not isinstance(raw.get("token"), str):
            continue
        with contextlib.suppress(TypeError, ValueError):
            held = HeldSeat(**{k: v for k, v in raw.items() if k in known})
            held.seats = tuple(int(s) for s in held.seats)
            out[str(key)] = held
    return out


def _save(held: dict[str, HeldSeat]) -> None:
    path = store_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps({k: asdict(v) for k, v in held.items()}, indent=1), encoding="utf-8")
    with contextlib.suppress(OSError):
        os.chmod(temporary, 0o600)  # a token is a seat: only this user may read it
    os.replace(temporary, path)


def held_seats(now: float | None = None) -> list[HeldSeat]:
    """Every seat this user holds somewhere, the newest first (old ones are dropped)."""
    now = time.time() if now is None else now
    return sorted((h for h in _load().values() if now - h.saved < MAX_AGE), key=lambda h: -h.saved)


def lookup(key: str) -> HeldSeat | None:
    held = _load().get(key)
    return held if held is not None and time.time() - held.saved < MAX_AGE else None


def at_address(host: str, port: int) -> HeldSeat | None:
    """The seat held at the table last seen at ``host:port`` (a manual address, or an id-less table)."""
    return next((h for h in held_seats() if h.key == address_key(host, port) or (h.address, h.port) == (host, port)),
                None)


def remember(seat: HeldSeat) -> None:
    """Keep ``seat`` (replacing what was kept under its key, and under its table's old address)."""
    held = _load()
    seat.saved = seat.saved or time.time()
    for key in [k for k, h in held.items() if h.token == seat.token and k != seat.key]:
        del held[key]
    held[seat.key] = seat
    newest = sorted(held.values(), key=lambda h: -h.saved)[:MAX_SEATS]
    with contextlib.suppress(OSError):
        _save({h.key: h for h in newest})


def forget(key: str) -> None:
    held = _load()
    if held.pop(key, None) is not None:
        with contextlib.suppress(OSError):
            _save(held)
