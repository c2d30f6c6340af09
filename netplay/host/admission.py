"""Admission and limits: who may connect, how much each connection may send, and the PIN."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.netplay.host.config import HostConfig
from cardtable.netplay.host.peer import ClientConn


class Admission:
    """The connection cap, each connection's message and byte budgets, and PIN checks (with the
    lockout after repeated wrong PINs)."""

    def __init__(self, config: HostConfig, clock: Callable[[], float]) -> None:
        self.config = config
        self.clock = clock
        self.pin_failures: dict[str, list[float]] = {}  # address -> times of recent wrong PINs

    def open(self, client: ClientConn, connected: int) -> str | None:
        """Give a new connection its budgets; the reason it is refused, if it is."""
        client.allowance, client.last_refill = self.config.burst, self.clock()
        client.byte_allowance = self.config.byte_burst
        client.last_heard = client.last_refill
        if connected >= self.config.max_connections:
            return "the table has too many connections"
        return None

    def refill(self, client: ClientConn) -> None:
        now = self.clock()
        seats = max(1, len(client.seats))  # a couch client plays for several people
        elapsed = now - client.last_refill
        client.allowance = min(self.config.burst * seats, client.allowance + elapsed * self.config.rate * seats)
        client.byte_allowance = min(self.config.byte_burst * seats,
                                    client.byte_allowance + elapsed * self.config.byte_rate * seats)
        client.last_refill = now

    def allow(self, client: ClientConn) -> bool:
        """Charge one message to the connection's message budget."""
        self.refill(client)
        if client.allowance < 1.0:
            return False
        client.allowance -= 1.0
        return True

    def allow_bytes(self, client: ClientConn) -> bool:
        """Charge the bytes read since the last call to the connection's byte budget: within the
        message rate, large messages could still cost the host megabytes a second to decode and walk."""
        received = client.conn.bytes_in - client.bytes_counted
        client.bytes_counted = client.conn.bytes_in
        self.refill(client)
        client.byte_allowance -= received
        return client.byte_allowance >= 0

    def too_much_data(self) -> str:
        return f"too much data (over {self.config.byte_rate / 1024:.0f} KiB/s)"

    def pin_refusal(self, client: ClientConn, pin: Any) -> str | None:
        """None if ``pin`` opens the table; else why not. After ``pin_tries`` wrong ones an address is
        refused for ``pin_lockout`` seconds, right PIN or not (a short PIN would otherwise fall to a
        script in seconds)."""
        now = self.clock()
        recent = [t for t in self.pin_failures.get(client.address, []) if now - t < self.config.pin_lockout]
        if len(recent) >= self.config.pin_tries:
            return f"too many wrong PINs: try again in {self.config.pin_lockout:.0f} s"
        if pin == self.config.pin:
            return None
        if pin:
            for address in [a for a, times in self.pin_failures.items() if now - times[-1] >= self.config.pin_lockout]:
                del self.pin_failures[address]
            self.pin_failures[client.address] = [*recent, now]
        return "wrong PIN" if pin else "this table needs a PIN"
