"""One client connection as the host sees it: what each of the host's parts keeps about it."""

from __future__ import annotations

import statistics
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from cardtable.netplay.protocol import Connection


@dataclass(eq=False)
class ClientConn:
    id: int
    conn: Connection
    name: str = "player"
    token: str | None = None
    token_hash: str | None = None  # protocol.token_digest(token): what seats and the log keep
    seats: list[int] = field(default_factory=list)
    welcomed: bool = False
    pin_pending: bool = False  # ran SPAKE2 with the PIN; right or wrong shows when its first frame opens
    pin_proven: bool = False  # proved it knows the table's PIN (or the owner let it in)
    hello_by: float = 0.0  # host time by which its handshake and join must be done
    samples: deque[tuple[float, float]] = field(default_factory=lambda: deque(maxlen=8))
    allowance: float = 0.0
    last_refill: float = 0.0
    byte_allowance: float = 0.0
    bytes_counted: int = 0
    held: int = 0
    pings: int = 0
    sent_pings: dict[int, float] = field(default_factory=dict)  # id -> host time, pings not yet answered
    local: bool = False  # connected over loopback: no network jitter to wait for
    address: str = ""
    last_heard: float = 0.0
    counted: bool = False  # holds a slot in its address's counts (Admission.open .. closed)
    behind_since: float | None = None  # host time its unsent bytes went over the high-water mark
    chat_notice_at: float = -1e9  # host time it was last told its chat was not relayed
    parked: dict[str, Any] | None = None  # its hello, waiting for a PIN turn (Host._park)
    park_id: int = 0  # its number in the waiting room (the owner's "admit" names it)
    slow: bool = False  # seated, and its round trip is more than the hold cap covers (races.note_rtt)

    @property
    def rtt(self) -> float | None:
        return statistics.median(r for r, _ in self.samples) if self.samples else None

    @property
    def offset(self) -> float | None:
        return min(self.samples)[1] if self.samples else None

    def clamp_rtt(self, cap: float) -> float | None:
        """The round trip that bounds back-dating: the least-delayed recent sample (a client cannot
        lower it by answering pings late, only raise the others), never more than ``cap``."""
        return min(min(r for r, _ in self.samples), cap) if self.samples else None
