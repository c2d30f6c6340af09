"""Seat tokens kept on disk, so the same person gets the same seat back after their program crashed or
the host came back on another port.

``seats.json`` in the user's data folder maps a table's id (the host's ``table.id``, advertised in TXT
``id`` and sent in ``welcome``; stable across ``cardtable host --resume``) to the token of the seats held
there, with the table's name, game and last address, and the key its host proved in the handshake
(netplay/identity.py). The key is what the token is bound to: the client gives the token (and even asks
to rejoin) only to a host that proves the same key again, so a copy of the table advertising the same id
and name gets nothing (trust on first use). A seat kept without a key (before hosts had keys) is not a
seat any more. A seat held at a table without an id is kept under ``host:port``. Entries go when the
game ends, when the host no longer knows the token, and after :data:`MAX_AGE` (a table left for good).
"""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from cardtable.netplay.identity import key_from_hex
from cardtable.userdirs import data_dir, write_private

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
    host_key: str = ""  # hex of the host's public key (netplay/identity.py)

    @property
    def key_bytes(self) -> bytes | None:
        return key_from_hex(self.host_key)


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
            if held.key_bytes is not None:  # a token is given only to the key it was given by
                out[str(key)] = held
    return out


def _save(held: dict[str, HeldSeat]) -> None:
    # a token is a seat: only this user may read it (0600 from the start, in a 0700 folder)
    write_private(store_path(), json.dumps({k: asdict(v) for k, v in held.items()}, indent=1).encode())


def from_welcome(welcome: dict[str, Any], host: str, port: int) -> HeldSeat | None:
    """The seat a ``welcome`` from ``host:port`` gives to keep, under its table's id (None: no token, no
    seat, or the game is over)."""
    table = welcome.get("table") or {}
    if not welcome.get("token") or not welcome.get("seats") or table.get("over"):
        return None
    return HeldSeat(key=str(table.get("id") or "") or address_key(host, port), token=str(welcome["token"]),
                    table=str(table.get("name") or ""), game=str(table.get("game") or ""),
                    title=str(table.get("title") or ""), address=host, port=int(port),
                    seats=tuple(int(s) for s in welcome.get("seats") or []), host_key=str(table.get("key") or ""))


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
    """Keep ``seat`` (replacing what was kept under its key, and under its table's old address).
    A seat without its host's key is not kept."""
    if seat.key_bytes is None:
        return
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
