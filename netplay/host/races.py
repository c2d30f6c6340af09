"""The fair-race queue of real-time games: actions wait out a hold window and apply in press order."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardtable.netplay.host.peer import ClientConn

if TYPE_CHECKING:
    from cardtable.netplay.host.table import Host


@dataclass(order=True)
class Held:
    """A real-time action waiting in the fair-race queue, ordered by host press time."""

    press: float
    order: int
    release: float = field(compare=False)
    seat: int = field(compare=False)
    action: Any = field(compare=False)
    source: ClientConn | None = field(compare=False)
    seq: int | None = field(compare=False)


class RaceQueue:
    """Holds each real-time action until ``press + W`` (the hold window) and applies the queue strictly
    in press order, so an earlier press still on the wire wins (docs/PROTOCOL.md, "Fair races")."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self._order = itertools.count()
        self._queue: list[Held] = []
        self._flush_handle: asyncio.TimerHandle | None = None

    def __len__(self) -> int:
        return len(self._queue)

    def hold(self, seat: int, action: Any, press: float, source: ClientConn | None, seq: int | None) -> None:
        release = max(self.host.clock(), press + self.window())
        if source is not None:
            source.held += 1
        heapq.heappush(self._queue, Held(press, next(self._order), release, seat, action, source, seq))
        self.flush()

    def window(self) -> float:
        """How long an action may wait for an earlier press still on the wire: the slowest seated
        connection's one-way delay plus a margin; zero when no person plays over the network."""
        config = self.host.config
        seated = [c for c in self.host.conns.values() if c.seats]
        if not seated:
            return 0.0
        oneway = max((c.rtt / 2 for c in seated if c.rtt is not None), default=0.0)
        margin = config.local_margin if all(c.local for c in seated) else config.race_margin
        return min(config.max_hold, oneway + margin)

    def next_release(self) -> float | None:
        """When the next held action is due (None: nothing is held)."""
        return self._queue[0].release if self._queue else None

    def covered_rtt(self) -> float:
        """The longest round trip the hold cap still covers: beyond it, a player's presses can lose
        races they pressed first (by up to the excess over this, halved)."""
        config = self.host.config
        return max(0.0, 2 * (config.max_hold - config.race_margin))

    def note_rtt(self, client: ClientConn) -> bool:
        """Update whether ``client``'s round trip is more than the hold cap covers (with 10 % of
        hysteresis); True if that changed."""
        if not self.host.game.realtime or client.rtt is None or not client.seats:
            return False
        covered = self.covered_rtt()
        slow = client.rtt > covered if not client.slow else client.rtt > 0.9 * covered
        changed = slow != client.slow
        client.slow = slow
        return changed

    def slow_links(self) -> list[dict[str, Any]]:
        """The lobby's warning: seated connections whose round trip the hold cap does not cover."""
        covered = self.covered_rtt()
        return [{"seat": seat, "name": client.name, "rtt_ms": round((client.rtt or 0.0) * 1000),
                 "covered_ms": round(covered * 1000)}
                for client in self.host.conns.values() if client.slow and client.seats for seat in client.seats]

    def flush(self) -> None:
        """Apply every action whose hold has ended, then wait for the next one."""
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        now = self.host.clock()
        while self._queue and self._queue[0].release <= now:
            held = heapq.heappop(self._queue)
            if held.source is not None:
                held.source.held -= 1
            self.host.apply(held.seat, held.action, held.source, held.seq)
        if self._queue:
            delay = max(0.0, self._queue[0].release - now)
            self._flush_handle = asyncio.get_running_loop().call_later(delay, self.flush)

    def close(self) -> None:
        if self._flush_handle is not None:
            self._flush_handle.cancel()
