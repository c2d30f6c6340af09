"""The host's limits, with an injected clock: costs are charged before the work, per address as well as
per connection, and survive reconnects; slots are counted apart (the PIN: tests/test_net_pins.py); chat floods are muted then closed; peers that stop reading are cut off."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from cardtable.netplay.host import ClientConn, Host, HostConfig
from cardtable.netplay.protocol import MAX_CLIENT_VALUES, ProtocolError, check_plain


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class FakeConn:
    """What the host's parts read of a connection, without a socket."""

    bytes_in: int = 0
    unsent: int = 0
    closed: bool = False
    sent: list[dict[str, Any]] = field(default_factory=list)

    def buffered(self) -> int:
        return self.unsent

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)


def _host(clock: FakeClock, **config: Any) -> Host:
    return Host("oh_hell", 3, seats=[None, "random", "random"], seed=1, config=HostConfig(**config), clock=clock)


_ids = iter(range(1, 1_000_000))


def _client(host: Host, address: str = "127.0.9.2", welcomed: bool = False) -> ClientConn:
    client = ClientConn(next(_ids), FakeConn(), address=address)  # type: ignore[arg-type]
    refusal, evicted = host.admission.open(client)
    assert refusal is None and not evicted
    host.conns[client.id] = client
    if welcomed:
        host.admission.welcomed(client)
        client.welcomed = True
    return client


def _read(client: ClientConn, size: int) -> int:
    client.conn.bytes_in += size
    return size


def test_a_message_costs_at_most_its_value_budget_to_check() -> None:
    check_plain({"type": "action", "action": {"cards": ["AS"] * 100}}, MAX_CLIENT_VALUES)
    with pytest.raises(ProtocolError, match="more than"):
        check_plain({"type": "hello", "pad": [[1] * 4000] * 200}, MAX_CLIENT_VALUES)


def test_bytes_before_hello_are_capped() -> None:
    clock = FakeClock()
    host = _host(clock)
    client = _client(host)
    assert host.admission.charge_bytes(client, _read(client, 4000)) is None
    assert "before hello" in (host.admission.charge_bytes(client, _read(client, 200)) or "")


def test_the_address_budget_survives_reconnects() -> None:
    clock = FakeClock()
    host = _host(clock)
    budget = int(host.config.address_byte_burst)
    spent = 0
    for _ in range(budget // (200 * 1024) + 1):  # each connection stays under its own 256 KiB burst
        client = _client(host, welcomed=True)
        refusal = host.admission.charge_bytes(client, _read(client, 200 * 1024))
        spent += 200 * 1024
        host.admission.closed(client)
        del host.conns[client.id]
    assert spent > budget and refusal is not None and "too much data" in refusal
    fresh = _client(host, welcomed=True)  # a new connection from the same address finds no new budget
    assert host.admission.charge_bytes(fresh, _read(fresh, 1)) is not None
    other = _client(host, address="127.0.9.3", welcomed=True)  # another address is not charged for it
    assert host.admission.charge_bytes(other, _read(other, 1000)) is None
    clock.now += 60  # the budget refills with time
    assert host.admission.charge_bytes(fresh, _read(fresh, 1000)) is None


def test_new_connections_per_address_are_rate_limited() -> None:
    clock = FakeClock()
    host = _host(clock, max_per_address=100, max_pending_per_address=100, max_pending=100)
    for _ in range(int(host.config.address_connect_burst)):
        client = _client(host, welcomed=True)
    refusal, _ = host.admission.open(ClientConn(0, FakeConn(), address="127.0.9.2"))  # type: ignore[arg-type]
    assert refusal is not None and "wait a few seconds" in refusal
    assert host.admission.open(ClientConn(0, FakeConn(), address="127.0.9.9"))[0] is None  # type: ignore[arg-type]
    clock.now += 1.0
    assert host.admission.open(ClientConn(0, FakeConn(), address="127.0.9.2"))[0] is None  # type: ignore[arg-type]
    assert client.welcomed


def test_pending_slots_make_room_for_new_connections_oldest_first() -> None:
    clock = FakeClock()
    host = _host(clock, max_pending=3, max_pending_per_address=2)
    first = _client(host, "127.0.9.2")
    _client(host, "127.0.9.3")
    _client(host, "127.0.9.4")
    newcomer = ClientConn(99, FakeConn(), address="127.0.9.5")  # type: ignore[arg-type]
    refusal, evicted = host.admission.open(newcomer)
    assert refusal is None and evicted == [first]
    del host.conns[first.id]  # the host kicks it
    host.admission.closed(first)
    host.conns[newcomer.id] = newcomer
    second = ClientConn(98, FakeConn(), address="127.0.9.5")  # type: ignore[arg-type]
    assert host.admission.open(second)[0] is None
    refusal, _ = host.admission.open(ClientConn(97, FakeConn(), address="127.0.9.5"))  # type: ignore[arg-type]
    assert refusal is not None and "waiting to say hello" in refusal  # per address


def test_open_connections_per_address_are_capped() -> None:
    clock = FakeClock()
    host = _host(clock, max_per_address=3)
    clients = [_client(host, welcomed=True) for _ in range(3)]
    refusal, _ = host.admission.open(ClientConn(0, FakeConn(), address="127.0.9.2"))  # type: ignore[arg-type]
    assert refusal is not None and "(3)" in refusal
    host.admission.closed(clients[0])
    assert host.admission.open(ClientConn(0, FakeConn(), address="127.0.9.2"))[0] is None  # type: ignore[arg-type]


def test_peers_that_stop_reading_are_cut_off_after_the_deadline() -> None:
    clock = FakeClock()
    host = _host(clock, send_high_water=1000, send_deadline=10.0, max_table_buffered=10**9)
    slow = _client(host, welcomed=True)
    reading = _client(host, "127.0.9.3", welcomed=True)
    slow.conn.unsent = 5000
    reading.conn.unsent = 5000
    assert host.admission.not_reading(clock.now) == []
    clock.now += 5
    reading.conn.unsent = 0  # it caught up
    assert host.admission.not_reading(clock.now) == []
    reading.conn.unsent = 5000
    clock.now += 5
    assert host.admission.not_reading(clock.now) == [slow]  # only the one behind all along


def test_all_peers_together_keep_a_bounded_amount_unsent() -> None:
    clock = FakeClock()
    host = _host(clock, send_high_water=10**9, max_table_buffered=10_000, max_per_address=100)
    peers = [_client(host, welcomed=True) for _ in range(6)]
    for n, peer in enumerate(peers):
        peer.conn.unsent = 1000 * (n + 1)  # 21 000 in all
    cut = host.admission.not_reading(clock.now)
    assert cut == [peers[5], peers[4]]  # the largest first, until the rest fits
    assert sum(p.conn.unsent for p in peers if p not in cut) <= 10_000


def test_the_address_book_forgets_idle_addresses_first() -> None:
    clock = FakeClock()
    host = _host(clock)
    book = host.admission.addresses
    book.limit = 8
    busy = _client(host, "127.0.90.0", welcomed=True)
    for n in range(1, 20):
        book.get(f"127.0.90.{n}", clock.now)
    assert len(book) <= 8
    assert book.get("127.0.90.0", clock.now).connections == 1 and busy.welcomed


def _chat_host(clock: FakeClock) -> tuple[Host, list[tuple[int, bytes]], list[tuple[int, str]]]:
    host = _host(clock, max_per_address=100)
    delivered: list[tuple[int, bytes]] = []
    kicked: list[tuple[int, str]] = []
    host.send_encoded = lambda client, data: delivered.append((client.id, data))  # type: ignore[method-assign]
    host.send = lambda client, message: client.conn.send(message)  # type: ignore[method-assign]
    host.kick = lambda client, reason: kicked.append((client.id, reason))  # type: ignore[method-assign]
    return host, delivered, kicked


def test_a_chat_flood_is_muted_then_closed_and_reconnecting_does_not_unmute() -> None:
    clock = FakeClock()
    host, delivered, kicked = _chat_host(clock)
    listeners = [_client(host, f"127.0.15.{n}", welcomed=True) for n in range(4)]
    flooder = _client(host, "127.0.9.66", welcomed=True)
    for _ in range(int(host.config.chat_sender_burst)):
        host.chat.said(flooder, {"type": "chat", "text": "hi"})
    assert len(delivered) == 5 * (len(listeners) + 1) and host.chat.relayed == 5
    host.chat.said(flooder, {"type": "chat", "text": "hi"})  # over its rate: muted, told once
    assert host.chat.relayed == 5 and "muted for 30 s" in flooder.conn.sent[-1]["reason"]
    again = _client(host, "127.0.9.66", welcomed=True)  # a new connection from the same address
    host.chat.said(again, {"type": "chat", "text": "hi"})
    assert host.chat.relayed == 5
    for _ in range(host.config.chat_flood):
        host.chat.said(flooder, {"type": "chat", "text": "hi"})
    assert kicked == [(flooder.id, "chat flood")]
    clock.now += host.config.chat_mute + 10  # the mute ends; a calm sender is heard again
    host.chat.said(again, {"type": "chat", "text": "back"})
    assert host.chat.relayed == 6


def test_many_calm_senders_cannot_spend_more_than_the_tables_chat_budget() -> None:
    clock = FakeClock()
    host, delivered, kicked = _chat_host(clock)
    senders = [_client(host, f"127.0.16.{n}", welcomed=True) for n in range(20)]
    seconds = 10
    for _ in range(seconds):
        for sender in senders:  # each at its own limit of a line a second
            host.chat.said(sender, {"type": "chat", "text": "hello"})
        clock.now += 1.0
    config = host.config
    assert host.chat.relayed <= config.chat_burst + config.chat_rate * seconds
    assert host.chat.dropped == 20 * seconds - host.chat.relayed
    assert not kicked  # nobody was over its own rate
    notices = [m for s in senders for m in s.conn.sent if m["type"] == "error"]
    assert notices and all("busy" in m["reason"] for m in notices)
    assert len(delivered) == host.chat.relayed * len(senders)


def test_room_is_made_at_the_expense_of_the_address_holding_the_most() -> None:
    """A flood from a few addresses fills the slots for connections without a hello: the newcomer's
    room is taken from the flooding addresses, not from a returning player who connected before."""
    clock = FakeClock()
    host = _host(clock, max_pending=6, max_pending_per_address=4)
    returning = _client(host, "127.0.17.1")  # connected first: the oldest
    flood = [_client(host, "127.0.66.1") for _ in range(4)] + [_client(host, "127.0.66.2")]
    refusal, evicted = host.admission.open(ClientConn(999, FakeConn(), address="127.0.17.9"))  # type: ignore[arg-type]
    assert refusal is None and evicted == [flood[0]] and returning not in evicted
