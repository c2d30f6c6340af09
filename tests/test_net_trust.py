"""A table you can trust on a shared LAN (docs/PROTOCOL.md, "Handshake"): the PIN never crosses the wire,
every frame after the handshake is sealed (a changed one closes that connection), a copy of a table is
listed as a conflict and gets neither the PIN nor a seat token. Loopback only; every wait is a hang
guard, nothing is timed."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

import pytest

from cardtable.netplay import handshake, identity
from cardtable.netplay.client import AsyncClient, JoinError
from cardtable.netplay.discovery import TableBrowser, TableInfo, answers_as, listings, probe
from cardtable.netplay.host import Host, HostConfig, LocalTable, start_local_table
from cardtable.netplay.identity import HostIdentity
from cardtable.netplay.protocol import PROTOCOL_VERSION, ProtocolError, decode_all, encode
from tests.lan import PATIENCE

HANG = 10.0 * PATIENCE
PIN = "482193"


# -- a wiretap: a TCP relay that keeps every byte both ways, and may change one ----------------------


class Tap:
    """A relay on 127.0.0.1 in front of ``port``: ``wire`` holds every byte that crossed it, both ways.
    ``flips[direction] = n`` flips one bit of byte ``n`` of each later connection's stream that way
    ("up": to the host, "down": to the client)."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.wire = bytearray()
        self.flips: dict[str, int] = {}
        self.port = 0
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> Tap:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        pumps = [asyncio.create_task(self._pump(reader, up_writer, "up")),
                 asyncio.create_task(self._pump(up_reader, writer, "down"))]
        self._tasks.update(pumps)
        await asyncio.gather(*pumps, return_exceptions=True)

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, direction: str) -> None:
        seen = 0
        try:
            while data := await reader.read(65536):
                self.wire += data
                at = self.flips.get(direction)
                if at is not None and seen <= at < seen + len(data):
                    changed = bytearray(data)
                    changed[at - seen] ^= 0x01
                    data = bytes(changed)
                seen += len(data)
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            with contextlib.suppress(Exception):
                writer.close()

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


def _never_on_the_wire(wire: bytes, secret: str) -> None:
    """``secret`` appears nowhere in ``wire``: not as text, not as msgpack, not as hex."""
    for form in (secret.encode(), encode(secret), secret.encode().hex().encode()):
        assert form not in wire, f"{secret!r} crossed the wire"


def _run(scenario: Callable[[], Any]) -> Any:
    return asyncio.run(asyncio.wait_for(scenario(), HANG))


# -- sealed frames ------------------------------------------------------------------------------------


def _keys() -> tuple[handshake.Keys, handshake.Keys]:
    client = handshake.ClientHandshake(PROTOCOL_VERSION, "test", PIN)
    host_key = HostIdentity.generate()
    reply, host_keys = handshake.answer(client.hello(), host_key, PIN, PROTOCOL_VERSION)
    return client.finish(reply), host_keys


def test_sealed_frames_open_in_order_and_nothing_else_opens() -> None:
    client, host = _keys()
    assert client.send == host.receive and client.receive == host.send and client.send != client.receive
    sealer, opener = handshake.Sealer(client.send), handshake.Opener(host.receive)
    first, second = sealer.seal(b"one"), sealer.seal(b"two" * 10000)  # the second is two frames
    assert opener.feed(first + second[:5]) == ([b"one"], b"")
    assert b"".join(opener.feed(second[5:])[0]) == b"two" * 10000
    tampered = first[:-1] + bytes([first[-1] ^ 1])
    with pytest.raises(ProtocolError, match="did not open"):
        handshake.Opener(host.receive).feed(tampered)
    with pytest.raises(ProtocolError, match="did not open"):  # a frame out of order: its nonce is another
        handshake.Opener(host.receive).feed(second)
    replayed = handshake.Opener(host.receive)
    replayed.feed(first)
    with pytest.raises(ProtocolError, match="did not open"):
        replayed.feed(first)
    with pytest.raises(ProtocolError, match="sealed frame of"):
        handshake.Opener(host.receive).feed(b"\x7f\xff\xff\xff")


def test_a_wrong_pin_gives_keys_that_differ_and_the_pin_is_in_no_message() -> None:
    client = handshake.ClientHandshake(PROTOCOL_VERSION, "test", "000000")
    hello = client.hello()
    reply, host = handshake.answer(hello, HostIdentity.generate(), PIN, PROTOCOL_VERSION)
    keys = client.finish(reply)
    assert keys.send != host.receive
    with pytest.raises(ProtocolError, match="did not open"):
        handshake.Opener(host.receive).feed(handshake.Sealer(keys.send).seal(b"join"))
    _never_on_the_wire(encode(hello) + encode(reply), "000000")
    _never_on_the_wire(encode(hello) + encode(reply), PIN)


def test_a_host_answer_without_the_private_key_is_refused() -> None:
    real, copy = HostIdentity.generate(), HostIdentity.generate()
    client = handshake.ClientHandshake(PROTOCOL_VERSION, "test")
    reply, _ = handshake.answer(client.hello(), copy, None, PROTOCOL_VERSION)
    forged = {**reply, "key": real.public_key.hex()}  # claims the real key, signed with its own
    with pytest.raises(ProtocolError, match="could not prove"):
        client.finish(forged)
    client = handshake.ClientHandshake(PROTOCOL_VERSION, "test")
    reply, _ = handshake.answer(client.hello(), copy, None, PROTOCOL_VERSION)
    with pytest.raises(ProtocolError, match="not the table you know"):
        client.finish(reply, expected_key=real.public_key)


# -- over loopback ------------------------------------------------------------------------------------


def test_a_wrong_pin_is_refused_and_no_pin_or_token_crosses_the_wire() -> None:
    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], seed=2, bot_speed=0.0, pin=PIN)

    async def scenario() -> tuple[str, dict[str, Any], bytes]:
        tap = await Tap(table.port).start()
        wrong = AsyncClient("127.0.0.1", tap.port, "Guesser", pin="111111")
        with pytest.raises(JoinError) as refused:
            await wrong.connect(HANG)
        right = AsyncClient("127.0.0.1", tap.port, "Ada", pin=PIN)
        welcome = await right.connect(HANG)
        await right.close()
        await tap.close()
        return refused.value.reason, welcome, bytes(tap.wire)

    try:
        reason, welcome, wire = _run(scenario)
        failed = table.call(lambda: table.host.admission.pins.failed)
    finally:
        table.stop()
    assert reason == "wrong PIN: 2 tries left" and failed == 1
    assert welcome["seats"] == [0] and welcome["table"]["key"] == table.host.identity.public_key.hex()
    for secret in (PIN, "111111", welcome["token"]):
        _never_on_the_wire(wire, secret)
    assert b"welcome" not in wire and b"lobby" not in wire and b"Oh Hell" not in wire  # sealed


def test_a_changed_frame_closes_that_connection_only() -> None:
    table = start_local_table("oh_hell", 3, seats=[None, None, "random"], seed=3, bot_speed=0.0)

    async def scenario() -> tuple[str | None, str | None, list[str]]:
        tap = await Tap(table.port).start()
        ada = AsyncClient("127.0.0.1", table.port, "Ada")
        await ada.connect(HANG)
        tap.flips["down"] = 400  # a byte of the host's sealed frames to Bo, after the handshake
        bo = AsyncClient("127.0.0.1", tap.port, "Bo")
        with contextlib.suppress(JoinError):
            await bo.connect(HANG)
        while await bo.recv(HANG) is not None:
            pass
        tap.flips = {"up": 400}  # now a byte of Cy's sealed frames to the host (its chat line)
        cy = AsyncClient("127.0.0.1", tap.port, "Cy", seats=0)
        await cy.connect(HANG)
        cy.send({"type": "chat", "text": "hello " * 1000})
        while await cy.recv(HANG) is not None:
            pass
        ada.send({"type": "chat", "text": "still here"})
        heard = []
        while (message := await ada.recv(HANG)) is not None and message.get("text") != "still here":
            heard.append(message["type"])
        await ada.close()
        await tap.close()
        return bo.closed_reason, cy.closed_reason, heard

    try:
        bo, cy, _ = _run(scenario)
        names = table.call(lambda: [c.name for c in table.host.conns.values()])
    finally:
        table.stop()
    assert bo is not None and "did not open" in bo
    assert cy is not None and "did not open" in cy  # the host's bye, sealed, says why
    assert "Bo" not in names and "Cy" not in names


def _copy_of(real: LocalTable, pin: str | None) -> LocalTable:
    """Another host claiming ``real``'s table: the same id, name and game, its own key."""
    host = Host("oh_hell", 3, seats=[None, "random", "random"], seed=9,
                config=HostConfig(name=real.host.config.name, pin=pin, bot_speed=0.0),
                host_key=HostIdentity.generate())
    host.table_id = real.host.table_id
    return LocalTable(host).begin()


def test_a_copy_of_a_table_is_a_conflict_and_gets_neither_pin_nor_token() -> None:
    real = start_local_table("oh_hell", 3, seats=[None, None, "random"], seed=4, bot_speed=0.0, pin=PIN)
    copy = _copy_of(real, pin="999999")  # it guesses a PIN: its SPAKE2 runs with that one
    try:
        real_port = real.advertise("Kitchen", ["127.0.0.1"])
        copy_port = copy.advertise("Kitchen", ["127.0.0.1"])

        async def scenario() -> dict[str, Any]:
            found: dict[str, Any] = {}
            browser = TableBrowser(["127.0.0.1"], check_every=0.2)
            await browser.start()
            deadline = time.monotonic() + HANG
            while time.monotonic() < deadline and len(
                    [t for t in browser.tables.values() if t.port in (real_port, copy_port)]) < 2:
                await asyncio.sleep(0.05)
            ours = [t for t in browser.tables.values() if t.port in (real_port, copy_port)]
            found["rows"] = listings(ours)
            await browser.close()
            real_table = next(t for t in ours if t.port == real_port)
            copy_table = next(t for t in ours if t.port == copy_port)
            # the copy cannot claim the real key: its probe answer is signed with its own
            found["claims_real_key"] = answers_as(real_table, await probe("127.0.0.1", copy_port))
            # Ada sits at the real table: her client keeps its key with the token
            tap = await Tap(copy_port).start()
            ada = AsyncClient("127.0.0.1", real_port, "Ada", pin=PIN, host_key=real_table.key_bytes)
            await ada.connect(HANG)
            token, key = ada.token, ada.host_key
            await ada.close()
            # ... and later, listed twice, picks the copy: neither her token nor her name gets there
            back = AsyncClient("127.0.0.1", tap.port, "Ada", token=token, host_key=key)
            with pytest.raises(JoinError) as wrong_key:
                await back.connect(HANG)
            found["rejoin"] = wrong_key.value.reason
            # a newcomer with the PIN who never saw the table: the copy's SPAKE2 learns nothing
            newcomer = AsyncClient("127.0.0.1", tap.port, "Bo", pin=PIN, host_key=copy_table.key_bytes)
            with pytest.raises(JoinError) as refused:
                await newcomer.connect(HANG)
            found["newcomer"] = refused.value.reason
            await tap.close()
            found["wire"] = bytes(tap.wire)
            found["token"] = token
            return found

        found = _run(scenario)
        copy_heard = copy.call(lambda: (copy.host.admission.pins.failed, [c.name for c in copy.host.conns.values()]))
    finally:
        copy.stop()
        real.stop()
    rows = found["rows"]
    assert len(rows) == 1 and rows[0].conflict  # one row, marked, both keys
    assert {t.host_key for t in rows[0].tables} == {real.host.identity.public_key.hex(),
                                                      copy.host.identity.public_key.hex()}
    assert not found["claims_real_key"]
    assert "not the table you know" in found["rejoin"]
    assert found["newcomer"] == "wrong PIN: 2 tries left"  # its own PIN did not match: it learnt only that
    assert copy_heard == (1, [])  # one failed guess counted there; nobody got in
    for secret in (PIN, found["token"]):
        _never_on_the_wire(found["wire"], secret)
    assert b"Ada" not in found["wire"]  # her name is in her sealed join: the copy never opened it


def test_old_clients_are_told_to_upgrade_in_words() -> None:
    table = start_local_table("oh_hell", 3, seats=[None, "random", "random"], bot_speed=0.0, pin=PIN)

    async def old_hello() -> str:
        reader, writer = await asyncio.open_connection("127.0.0.1", table.port)
        writer.write(encode({"type": "hello", "protocol": 1, "version": "0.1.0", "name": "Old", "pin": PIN}))
        data = await asyncio.wait_for(reader.read(), HANG)
        writer.close()
        return str(decode_all(data)[-1]["reason"])

    try:
        reason = _run(old_hello)
    finally:
        table.stop()
    assert f"(protocol {PROTOCOL_VERSION})" in reason and "you have cardtable 0.1.0 (protocol 1)" in reason


def test_the_host_key_is_the_one_in_the_data_folder() -> None:
    table = start_local_table("oh_hell", 3, seats=[None, "random", "random"], bot_speed=0.0)
    try:
        assert table.host.identity.public_key == identity.load_or_create().public_key
        advert = _run(lambda: probe("127.0.0.1", table.port))
    finally:
        table.stop()
    assert advert["key"] == table.host.identity.public_key.hex() and advert["proven"] is True


def test_an_advert_claiming_a_key_its_host_cannot_use_is_not_listed() -> None:
    """A copy that advertises the real table's key (copied from the real advert) answers probes with it,
    but cannot sign the probe's nonce: the join list does not take the advert."""
    real = HostIdentity.generate()

    async def scenario() -> tuple[dict[str, Any], bool]:
        async def copy(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.read(1000)
            writer.write(encode({"type": "table", "id": "t1", "name": "Kitchen", "game": "oh_hell", "seats": 3,
                                 "taken": 1, "started": False, "pin": True, "protocol": PROTOCOL_VERSION,
                                 "version": "x", "key": real.public_key.hex(), "sig": "00" * 64}))
            writer.close()

        server = await asyncio.start_server(copy, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        answer = await probe("127.0.0.1", port)
        server.close()
        advert = TableInfo("Kitchen._cardtable._tcp.local.", "Kitchen", "127.0.0.1", port, "oh_hell", 1, 3, True,
                           False, PROTOCOL_VERSION, table_id="t1", host_key=real.public_key.hex())
        assert isinstance(answer, dict)
        return answer, answers_as(advert, answer)

    answer, listed = _run(scenario)
    assert answer["proven"] is False and not listed


def test_a_copy_that_takes_the_tables_own_name_is_still_a_conflict() -> None:
    """A copy on the host's own machine may announce the table's very service name (zeroconf there need
    not see the clash; mDNS keeps the newest record of a name): the browser keeps the table it listed
    as a twin while its host answers, so the list shows a conflict, not silently the copy."""
    from cardtable.netplay.discovery import REFUSED

    real, copy = HostIdentity.generate(), HostIdentity.generate()
    name = "Kitchen._cardtable._tcp.local."
    alive = {4000: real, 4001: copy}

    def advert(port: int) -> TableInfo:
        return TableInfo(name, "Kitchen", "127.0.0.1", port, "oh_hell", 1, 3, True, False, PROTOCOL_VERSION,
                         table_id="t1", host_key=alive[port].public_key.hex())

    async def prober(address: str, port: int) -> dict[str, Any] | str:
        key = alive.get(port)
        return REFUSED if key is None else {"type": "table", "id": "t1", "key": key.public_key.hex(), "proven": True}

    async def scenario() -> tuple[Any, ...]:
        browser = TableBrowser(["127.0.0.1"], prober=prober)
        await browser.take(name, advert(4000))
        await browser.take(name, advert(4001))  # the copy's announcement replaced the name's record
        rows = listings(list(browser.tables.values()))
        first = (len(rows), rows[0].conflict, {t.port for t in rows[0].tables})
        await browser.take(name, advert(4000))  # the real host announces again: the same two, no third
        second = sorted(t.port for t in browser.tables.values())
        del alive[4001]  # the copy stops: its port refuses
        for key in list(browser.adverts):
            await browser.check(key)
        return first, second, sorted(t.port for t in browser.tables.values()), len(browser.adverts)

    first, second, third, adverts = _run(scenario)
    assert first == (1, True, {4000, 4001})
    assert second == [4000, 4001]
    assert third == [4000] and adverts == 1
