"""Admission and limits: who may connect, what each connection and each address may send, and the PIN
(its guard is :class:`~netplay.host.pins.PinGuard`).

Every cost is charged before the work it pays for: new connections are taken at the table's accept
pace (:meth:`Admission.accept_delay`; the rest wait unread in the system's queue) and charged to their
address's connect budget before a byte is read (:meth:`Admission.door`), bytes are charged to the
connection's and to its address's budget before they are decoded, and a connection that has not said
hello may send only a hello's worth of bytes. Budgets per address live in :class:`AddressBook` and outlast connections, so
reconnecting never refills them. Slots are counted apart: connections that have not said hello
(``max_pending``; when a new one needs the room, one from the address holding the most goes, the
oldest first), spectators
(``max_spectators``) and seated players (never more than the seats). A hello with a seat token never
needs a spectator slot or the PIN, so a returning player always gets back in.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardtable.netplay.host.config import HostConfig
from cardtable.netplay.host.peer import ClientConn
from cardtable.netplay.host.pins import PinGuard

if TYPE_CHECKING:
    from cardtable.netplay.host.table import Host


@dataclass(slots=True)
class Bucket:
    """A token bucket: ``rate`` per second, at most ``burst``; ``level`` may go below zero (debt)."""

    rate: float
    burst: float
    level: float
    at: float

    def refill(self, now: float, scale: float = 1.0) -> None:
        self.level = min(self.burst * scale, self.level + max(0.0, now - self.at) * self.rate * scale)
        self.at = now

    def charge(self, amount: float, now: float, scale: float = 1.0) -> bool:
        """Take ``amount`` even into debt (it is already spent); True while the bucket is not in debt."""
        self.refill(now, scale)
        self.level -= amount
        return self.level >= 0

    def take(self, amount: float, now: float, scale: float = 1.0) -> bool:
        """Take ``amount`` only if it is there."""
        self.refill(now, scale)
        if self.level < amount:
            return False
        self.level -= amount
        return True

    def full(self, now: float) -> bool:
        self.refill(now)
        return self.level >= self.burst


@dataclass
class Address:
    """What the host keeps about one source address, across its connections."""

    attempts: Bucket  # new connections
    bytes: Bucket
    messages: Bucket
    chat: Bucket
    connections: int = 0
    pending: int = 0  # connections that have not said hello
    muted_until: float = 0.0
    muted_chats: int = 0  # chat lines sent while muted

    def idle(self, now: float) -> bool:
        """Nothing here that forgetting would give back to an abuser."""
        return (self.connections == 0 and self.muted_until <= now
                and all(b.full(now) for b in (self.attempts, self.bytes, self.messages, self.chat)))


class AddressBook:
    """Per-address state, at most ``limit`` addresses (idle ones are forgotten first)."""

    def __init__(self, config: HostConfig, limit: int = 4096) -> None:
        self.config = config
        self.limit = limit
        self._addresses: OrderedDict[str, Address] = OrderedDict()

    def get(self, address: str, now: float) -> Address:
        known = self._addresses.get(address)
        if known is not None:
            self._addresses.move_to_end(address)
            return known
        if len(self._addresses) >= self.limit:
            self._forget(now)
        c = self.config
        fresh = Address(
            attempts=Bucket(c.address_connect_rate, c.address_connect_burst, c.address_connect_burst, now),
            bytes=Bucket(c.address_byte_rate, c.address_byte_burst, c.address_byte_burst, now),
            messages=Bucket(c.address_rate, c.address_burst, c.address_burst, now),
            chat=Bucket(c.chat_sender_rate, c.chat_sender_burst, c.chat_sender_burst, now),
        )
        self._addresses[address] = fresh
        return fresh

    def _forget(self, now: float) -> None:
        for address in list(self._addresses)[: max(1, self.limit // 4)]:
            if self._addresses[address].idle(now):
                del self._addresses[address]
        if len(self._addresses) >= self.limit:  # nothing idle: the least recently seen goes
            for address, state in list(self._addresses.items()):
                if state.connections == 0:
                    del self._addresses[address]
                    break

    def __len__(self) -> int:
        return len(self._addresses)


class Admission:
    """The slot caps, the message and byte budgets of each connection and address, and PIN checks."""

    def __init__(self, host: Host, clock: Callable[[], float]) -> None:
        self.host = host
        self.config = host.config
        self.clock = clock
        self.addresses = AddressBook(self.config)
        now = clock()
        self.accepts = Bucket(self.config.accept_rate, self.config.accept_burst, self.config.accept_burst, now)
        self.pins: PinGuard[ClientConn] = PinGuard(self.config, clock)
        self.on_pin_failure: list[Callable[[], None]] = []

    # -- connections ----------------------------------------------------------------------------

    def accept_delay(self) -> float:
        """Seconds before the table takes its next new connection from anyone (0: now, and it is
        charged). Until then connections wait in the system's queue, in the order they came, and
        nothing of them is read: a flood from many addresses costs the host its accept rate and no more."""
        now = self.clock()
        if self.accepts.take(1.0, now):
            return 0.0
        return max(1e-3, (1.0 - self.accepts.level) / self.accepts.rate) if self.accepts.rate > 0 else 1.0

    def door(self, address: str) -> str | None:
        """Charge a connection just taken from ``address`` to its address's connect budget, before
        anything of it is read. Why it is refused, if it is."""
        now = self.clock()
        if not self.addresses.get(address, now).attempts.take(1.0, now):
            return f"too many connections from {address}: wait a few seconds"
        return None

    def open(self, client: ClientConn) -> tuple[str | None, list[ClientConn]]:
        """Register a new connection (past the :meth:`door`). Returns why it is refused (or None) and the
        connections that have not said hello and must make room for it (the oldest first)."""
        c = self.config
        now = self.clock()
        client.allowance, client.last_refill = c.burst, now
        client.byte_allowance = c.byte_burst
        client.last_heard = now
        address = self.addresses.get(client.address, now)
        if address.connections >= c.max_per_address:
            return f"too many connections from {client.address} ({c.max_per_address})", []
        if address.pending >= c.max_pending_per_address:
            return f"too many connections from {client.address} waiting to say hello", []
        evicted = self._make_room([other for other in self.host.conns.values() if not other.welcomed])
        address.connections += 1
        address.pending += 1
        client.counted = True
        return None, evicted

    def _make_room(self, pending: list[ClientConn]) -> list[ClientConn]:
        """The connections without a hello that must go so that one more fits: from the addresses
        holding the most of them first (a flood comes from few addresses, a returning player from
        one), the oldest first among those."""
        excess = len(pending) - self.config.max_pending + 1
        if excess <= 0:
            return []
        held: dict[str, int] = {}
        for other in pending:
            held[other.address] = held.get(other.address, 0) + 1
        ranked = sorted(enumerate(pending), key=lambda pair: (-held[pair[1].address], pair[0]))
        return [other for _, other in ranked[:excess]]

    def welcomed(self, client: ClientConn) -> None:
        """``client`` said a good hello: it no longer holds a pending slot."""
        if client.counted and not client.welcomed:
            self.addresses.get(client.address, self.clock()).pending -= 1

    def closed(self, client: ClientConn) -> None:
        """``client`` is gone: give back its address's slots (once)."""
        if not client.counted:
            return
        client.counted = False
        address = self.addresses.get(client.address, self.clock())
        address.connections -= 1
        if not client.welcomed:
            address.pending -= 1

    def spectator_refusal(self) -> str | None:
        """Why one more spectator cannot join, if it cannot."""
        watching = sum(1 for other in self.host.conns.values() if other.welcomed and not other.seats)
        if watching >= self.config.max_spectators:
            return f"the table has too many spectators ({self.config.max_spectators})"
        return None

    def not_reading(self, now: float) -> list[ClientConn]:
        """The connections to cut off: over ``send_high_water`` unsent for ``send_deadline`` seconds,
        and, while all of them together keep more than ``max_table_buffered``, the largest."""
        c = self.config
        late: list[ClientConn] = []
        sizes: list[tuple[int, ClientConn]] = []
        for client in self.host.conns.values():
            size = client.conn.buffered()
            sizes.append((size, client))
            if size <= c.send_high_water:
                client.behind_since = None
            elif client.behind_since is None:
                client.behind_since = now
            elif now - client.behind_since >= c.send_deadline:
                late.append(client)
        total = sum(size for size, client in sizes if client not in late)
        for size, client in sorted(sizes, key=lambda pair: -pair[0]):
            if total <= c.max_table_buffered:
                break
            if client not in late:
                late.append(client)
                total -= size
        return late

    # -- budgets --------------------------------------------------------------------------------

    def refill(self, client: ClientConn) -> None:
        now = self.clock()
        seats = max(1, len(client.seats))  # a couch client plays for several people
        elapsed = now - client.last_refill
        client.allowance = min(self.config.burst * seats, client.allowance + elapsed * self.config.rate * seats)
        client.byte_allowance = min(self.config.byte_burst * seats,
                                    client.byte_allowance + elapsed * self.config.byte_rate * seats)
        client.last_refill = now

    def charge_bytes(self, client: ClientConn, size: int) -> str | None:
        """Charge ``size`` bytes just read, before they are decoded: to the connection (a hello's worth
        before it is welcomed) and to its address. Why the connection must close, if it must."""
        c = self.config
        if not client.welcomed and client.conn.bytes_in > c.max_hello_bytes:
            return f"too much data before hello (over {c.max_hello_bytes} bytes)"
        self.refill(client)
        client.byte_allowance -= size
        seats = max(1, len(client.seats))
        address_ok = self.addresses.get(client.address, self.clock()).bytes.charge(size, self.clock(), seats)
        if client.byte_allowance < 0 or not address_ok:
            return f"too much data (over {c.byte_rate / 1024:.0f} KiB/s)"
        return None

    def allow(self, client: ClientConn) -> bool:
        """Charge one message to the connection's and the address's message budgets."""
        self.refill(client)
        if client.allowance < 1.0:
            return False
        seats = max(1, len(client.seats))
        if not self.addresses.get(client.address, self.clock()).messages.take(1.0, self.clock(), seats):
            return False
        client.allowance -= 1.0
        return True

    # -- the PIN --------------------------------------------------------------------------------

    def pin_refusal(self, client: ClientConn) -> str | None:
        """Why ``client``'s PIN is not even looked at: its address is still waiting out its wrong ones."""
        return self.pins.refusal(client.address)

    def pin_turn(self) -> bool:
        """Whether the table has a turn for one more PIN now (else the try waits: ``pins.park``)."""
        return self.pins.take_turn()

    def pin_result(self, client: ClientConn, ok: bool) -> str | None:
        """After ``client``'s PIN was looked at: None if it was right, else the wrong PIN's answer."""
        said = self.pins.result(client.address, ok)
        if not ok:
            for callback in self.on_pin_failure:
                callback()
        return said

    def pin_report(self) -> dict[str, Any]:
        """What the owner sees: wrong PINs, from how many addresses, and who waits for a turn."""
        return self.pins.report()
