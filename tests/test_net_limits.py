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
        assert host.admission.door("127.0.9.2") is None
    assert host.admission.door("127.0.9.2") == "too many connections from 127.0.9.2: wait a few seconds"
    assert host.admission.door("127.0.9.9") is None
    clock.now += 1.0
    assert host.admission.door("127.0.9.2") is None


def test_the_table_takes_new_connections_at_its_accept_rate_whatever_their_addresses() -> None:
    clock = FakeClock()
    host = _host(clock, accept_rate=10.0, accept_burst=20.0)
    assert [host.admission.accept_delay() for _ in range(20)] == [0.0] * 20
    assert host.admission.accept_delay() == pytest.approx(0.1)  # the 21st waits for the next tenth
    clock.now += 0.05
    assert host.admission.accept_delay() == pytest.approx(0.05)
    clock.now += 0.06
    assert host.admission.accept_delay() == 0.0


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


@pytest.mark.parametrize(("header", "reason"), [
    (b"\x81\xa4type\xdb" + (10**6).to_bytes(4, "big"), "string longer than 16384 bytes"),  # str32, 1 MB
    (b"\x82\xa4type\xa5hello\xa4name\xda" + (5000).to_bytes(2, "big"), "message larger than 4096 bytes"),
    (b"\x81\xa4type\xc6" + (100).to_bytes(4, "big"), "bin values are not part of the protocol"),
    (b"\x81\xa4type\xd8\x01", "msgpack extension types are not part of the protocol"),
])
def test_a_hello_whose_header_says_too_much_is_refused_at_once(header: bytes, reason: str) -> None:
    """The header alone is enough: the host answers before the declared bytes (it used to wait for them,
    or for the hello timeout, set to an hour here so that waiting would hang the test)."""
    import socket

    from cardtable.netplay.host import start_local_table
    from cardtable.netplay.protocol import HOST_TYPES, Decoder
    from tests.lan import PATIENCE

    table = start_local_table("oh_hell", 3, seed=1, bot_speed=0.0, hello_timeout=3600.0)
    try:
        with socket.create_connection(("127.0.0.1", table.port), timeout=10 * PATIENCE,
                                      source_address=("127.0.9.40", 0)) as sock:
            sock.sendall(header)  # and nothing more: the connection stays open
            said = Decoder(HOST_TYPES).feed(sock.recv(65536))
    finally:
        table.stop()
    assert said == [{"type": "bye", "reason": reason}]


def test_a_hello_scan_reads_each_header_once_and_counts_values() -> None:
    from cardtable.netplay.protocol import CLIENT_TYPES, MAX_CLIENT_FRAME, Decoder, encode

    decoder = Decoder(CLIENT_TYPES, max_frame=MAX_CLIENT_FRAME, max_values=10)
    whole = encode({"type": "chat", "text": "x" * 300}) * 2
    assert [m["type"] for n in range(0, len(whole), 7) for m in decoder.feed(whole[n:n + 7])] == ["chat", "chat"]
    too_many = encode({"type": "chat", "text": "x", "pad": list(range(30))})
    with pytest.raises(ProtocolError, match="more than 10 values"):
        decoder.feed(too_many[:-1])  # refused before the message is complete


def test_connections_over_the_accept_rate_wait_unread_and_over_an_address_budget_are_refused() -> None:
    """Over the table's accept rate a connection is not refused: it waits in the system's queue, unread,
    and is taken in its turn as the (injected) clock goes on; an address over its own connect budget
    gets its bye at once."""
    import socket

    from cardtable.netplay.handshake import ClientHandshake
    from cardtable.netplay.host import LocalTable
    from cardtable.netplay.protocol import HOST_TYPES, PROTOCOL_VERSION, Decoder, encode
    from tests.lan import PATIENCE

    clock = FakeClock()
    config = HostConfig(accept_rate=1.0, accept_burst=2.0, address_connect_rate=0.01, address_connect_burst=1.0,
                        silence=1e9, ping_interval=0.02)
    table = LocalTable(Host("oh_hell", 3, seats=[None, None, None], seed=1, config=config, clock=clock)).begin()
    hello = encode(ClientHandshake(PROTOCOL_VERSION, "x").hello())

    def first_reply(sock: socket.socket, wait: float) -> str | None:
        sock.settimeout(wait)
        try:
            return str(Decoder(HOST_TYPES).feed(sock.recv(65536))[0]["type"])
        except TimeoutError:
            return None

    socks = []
    try:
        for n in range(4):
            sock = socket.create_connection(("127.0.0.1", table.port), timeout=10, source_address=(f"127.0.9.{50 + n}", 0))
            sock.sendall(hello)
            socks.append(sock)
        hang = 10 * PATIENCE
        assert [first_reply(sock, hang) for sock in socks[:2]] == ["host_hello", "host_hello"]  # the burst
        assert first_reply(socks[2], 0.3) is None  # queued, unread (no refusal either)
        clock.now += 1.0
        assert first_reply(socks[2], hang) == "host_hello"
        assert first_reply(socks[3], 0.3) is None
        clock.now += 1.0
        assert first_reply(socks[3], hang) == "host_hello"
        clock.now += 10.0
        again = socket.create_connection(("127.0.0.1", table.port), timeout=hang, source_address=("127.0.9.50", 0))
        socks.append(again)  # 127.0.9.50's second connection: over its own budget (one)
        assert Decoder(HOST_TYPES).feed(again.recv(65536)) == [
            {"type": "bye", "reason": "too many connections from 127.0.9.50: wait a few seconds"}]
    finally:
        for sock in socks:
            sock.close()
        table.stop()


def test_after_the_welcome_a_message_may_be_larger_than_a_hello() -> None:
    import asyncio

    from cardtable.netplay.client import AsyncClient
    from cardtable.netplay.host import start_local_table
    from tests.lan import PATIENCE

    table = start_local_table("oh_hell", 3, seed=1, bot_speed=0.0)

    async def scenario() -> dict[str, Any] | None:
        client = AsyncClient("127.0.0.1", table.port, "Ada")
        await client.connect(10 * PATIENCE)
        client.send({"type": "chat", "text": "x" * 10_000})  # 10 KB: over a hello's 4096 bytes
        while (message := await client.recv(10 * PATIENCE)) is not None and message["type"] != "chat":
            pass
        await client.close()
        return message

    try:
        said = asyncio.run(scenario())
    finally:
        table.stop()
    assert said is not None and said["text"] == "x" * 200
