"""The PIN's guard (netplay/host/pins.py), with an injected clock: wrong PINs slow and then lock out
their own address; the table as a whole never refuses a right PIN, it makes tries wait their turn while
someone guesses, and its owner sees that and may let a waiting person in by name."""

from __future__ import annotations

import asyncio
import contextlib
import re
from pathlib import Path
from typing import Any

from cardtable.netplay.client import AsyncClient, JoinError
from cardtable.netplay.host import Host, HostConfig, LocalTable
from cardtable.netplay.host.pins import PinGuard, time_to_guess
from tests.lan import PATIENCE

HANG = 10.0 * PATIENCE
PIN = "424242"


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _guard(clock: FakeClock, **config: Any) -> PinGuard[str]:
    return PinGuard(HostConfig(pin=PIN, **config), clock)


def test_an_address_gets_free_tries_then_waits_twice_as_long_each_time_up_to_a_lock() -> None:
    clock = FakeClock()
    guard = _guard(clock, pin_free_tries=3, pin_backoff=2.0, pin_lock=60.0)
    said = [guard.result("127.0.9.2", ok=False) for _ in range(3)]
    assert said == ["wrong PIN: 2 tries left", "wrong PIN: 1 try left", "wrong PIN: no tries left, try again in 2 s"]
    waits = []
    for _ in range(6):
        refusal = guard.refusal("127.0.9.2")
        assert refusal is not None and refusal.startswith("too many wrong PINs: try again in")
        clock.now = guard.ready_at("127.0.9.2")
        assert guard.refusal("127.0.9.2") is None  # its wait is over: the next try is looked at
        guard.result("127.0.9.2", ok=False)
        waits.append(guard.ready_at("127.0.9.2") - clock.now)
    assert waits == [4.0, 8.0, 16.0, 32.0, 60.0, 60.0]  # then locked: one try a minute (pin_lock)
    assert guard.refusal("127.0.9.3") is None  # another address is not touched
    clock.now = guard.ready_at("127.0.9.2")
    assert guard.result("127.0.9.2", ok=True) is None  # the right PIN clears the record
    assert guard.result("127.0.9.2", ok=False) == "wrong PIN: 2 tries left"


def test_an_address_record_is_forgotten_after_a_quiet_spell() -> None:
    clock = FakeClock()
    guard = _guard(clock, pin_free_tries=1, pin_backoff=10.0, pin_forget=100.0)
    guard.result("127.0.9.2", ok=False)
    guard.result("127.0.9.2", ok=False)
    assert guard.refusal("127.0.9.2") is not None
    clock.now += 100.0
    assert guard.refusal("127.0.9.2") is None
    assert guard.result("127.0.9.2", ok=False) == "wrong PIN: no tries left, try again in 10 s"  # a fresh record


def test_the_table_never_refuses_a_right_pin_it_makes_tries_wait_their_turn() -> None:
    """Guessers from 40 addresses spend the table's turns and get their addresses slowed; a newcomer's
    right PIN is not refused: it waits, goes before every guesser with a record when the next turn comes,
    and gets in."""
    clock = FakeClock()
    guard = _guard(clock, pin_table_burst=12.0, pin_table_every=120.0)
    addresses = [f"127.0.11.{n}" for n in range(40)]
    looked_at = 0
    for _ in range(5):
        for address in addresses:
            if guard.refusal(address) is None and guard.take_turn():
                guard.result(address, ok=False)
                looked_at += 1
    assert looked_at == 12  # the table's burst, whatever number of addresses guess
    assert guard.refusal("127.0.12.1") is None and not guard.take_turn()  # the newcomer: no turn now...
    guard.park("guesser", addresses[0], "x")  # a guesser with a record waits too, from before...
    clock.now += 1.0
    guard.park("newcomer", "127.0.12.1", "Bo")
    assert guard.due() == []
    clock.now += 119.0
    assert guard.due() == ["newcomer"]  # ...but the first turn is the newcomer's
    assert guard.result("127.0.12.1", ok=True) is None
    assert guard.due() == ["guesser"]  # the right PIN gave its turn back
    report = guard.report()
    assert report["failed"] == 12 and report["addresses"] == 12 and report["recent"] == 12


def test_waiting_tries_leave_after_the_longest_wait_and_are_listed_newest_first() -> None:
    clock = FakeClock()
    guard = _guard(clock, pin_table_burst=0.0, pin_wait_max=600.0)
    first = guard.park("a", "127.0.9.2", "Ann")
    clock.now += 10
    guard.park("b", "127.0.9.3", "Bo")
    assert [w["name"] for w in guard.report()["waiting"]] == ["Bo", "Ann"]
    assert guard.report()["waiting"][1] == {"id": first, "name": "Ann", "waited_s": 10}
    clock.now += 591
    assert guard.overdue() == ["a"] and guard.report()["waiting_count"] == 1
    assert guard.unpark(first) is None


def test_the_documented_guessing_times_are_the_policys() -> None:
    """docs/PROTOCOL.md's figures, computed again from the default policy by tests/../pins.time_to_guess."""
    text = (Path(__file__).parents[1] / "docs" / "PROTOCOL.md").read_text()
    config = HostConfig()
    figures = dict(re.findall(r"<!-- pin:(\w+) -->([^<]+)<!-- /pin -->", text))
    assert set(figures) == {"four_many", "six_many", "four_one", "six_one"}, figures
    expected = {
        "four_many": time_to_guess(config, 5_000, 256),
        "six_many": time_to_guess(config, 500_000, 256),
        "four_one": time_to_guess(config, 5_000, 1),
        "six_one": time_to_guess(config, 500_000, 1),
    }
    for key, seconds in expected.items():
        assert figures[key].strip() == duration(seconds), (key, figures[key], duration(seconds))


def duration(seconds: float) -> str:
    days = seconds / 86400
    return f"{days:.1f} days" if days < 60 else f"{days / 365.25:.1f} years"


# -- over loopback, the real host with an injected clock ------------------------------------------------


def _table(clock: FakeClock, **config: Any) -> LocalTable:
    settings = HostConfig(pin=PIN, ping_interval=0.02, silence=1e9, **config)  # the clock jumps: nobody is silent
    return LocalTable(Host("oh_hell", 3, seats=[None, None, "random"], seed=1, config=settings, clock=clock)).begin()


async def _guess(port: int, pin: str, source: str) -> str:
    """How one try ends: "welcome", the refusal, or "waits" (for a PIN turn: the try is given up)."""
    client = AsyncClient("127.0.0.1", port, "guess", pin=pin, source=source)
    joining = asyncio.ensure_future(client.connect(HANG))
    client.on_wait = lambda message: joining.cancel()
    try:
        await joining
    except JoinError as error:
        return error.reason
    except asyncio.CancelledError:
        await client.close()
        return "waits"
    await client.close()
    return "welcome"


async def _lobby(client: AsyncClient, check: Any) -> dict[str, Any]:
    while True:
        message = await client.recv(HANG)
        assert message is not None, "no such lobby"
        if message["type"] == "lobby" and check(message):
            return message


def test_a_right_pin_gets_in_while_guessers_from_many_addresses_are_locked() -> None:
    """The issue's attack: guessers from rotating addresses. Before, they made the table refuse every PIN;
    now each of their addresses is slowed and then locked, and a newcomer's right PIN gets in."""
    clock = FakeClock()
    table = _table(clock, pin_free_tries=2, pin_backoff=600.0, pin_table_burst=40.0)

    async def scenario() -> tuple[list[str], list[str], str]:
        owner = AsyncClient("127.0.0.1", table.port, "Ada", pin=PIN)
        await owner.connect(HANG)
        first: list[str] = []
        for n in range(10):  # ten addresses, two wrong PINs each: every address is locked out
            for guess in range(2):
                first.append(await _guess(table.port, f"{n:03}{guess:03}", f"127.0.11.{n + 1}"))
        again = [await _guess(table.port, PIN, f"127.0.11.{n + 1}") for n in range(3)]  # even the right PIN
        newcomer = await _guess(table.port, PIN, "127.0.12.1")
        await owner.close()
        return first, again, newcomer

    try:
        first, again, newcomer = asyncio.run(scenario())
    finally:
        table.stop()
    assert all(reason.startswith("wrong PIN") for reason in first)
    assert first[:2] == ["wrong PIN: 1 try left", "wrong PIN: no tries left, try again in 600 s"]
    assert all(reason == "too many wrong PINs: try again in 600 s" for reason in again)
    assert newcomer == "welcome"


def test_while_someone_guesses_a_right_pin_waits_its_turn_and_the_owner_can_let_a_person_in() -> None:
    clock = FakeClock()
    table = _table(clock, pin_table_burst=2.0, pin_table_every=120.0)

    async def scenario() -> None:
        owner = AsyncClient("127.0.0.1", table.port, "Ada", pin=PIN)
        await owner.connect(HANG)
        assert [await _guess(table.port, "000000", f"127.0.11.{n}") for n in (1, 2)] == ["wrong PIN: 2 tries left"] * 2
        bo = AsyncClient("127.0.0.1", table.port, "Bo", pin=PIN, source="127.0.12.1")
        notes: list[dict[str, Any]] = []
        bo.on_wait = notes.append
        bo.send({"type": "chat", "text": "hello all"})  # said before the welcome: it follows the hello
        joining = asyncio.ensure_future(bo.connect(HANG))
        seen = await _lobby(owner, lambda m: (m.get("pin_failures") or {}).get("waiting"))
        waiting = seen["pin_failures"]["waiting"]
        assert [w["name"] for w in waiting] == ["Bo"] and seen["pin_failures"]["failed"] == 2
        assert not joining.done() and notes and "guessing this table's PIN" in notes[0]["reason"]
        cy = AsyncClient("127.0.0.1", table.port, "Cy", pin=PIN, source="127.0.12.2")
        cy_joining = asyncio.ensure_future(cy.connect(HANG))
        await _lobby(owner, lambda m: len((m.get("pin_failures") or {}).get("waiting") or []) == 2)
        owner.send({"type": "admit", "id": waiting[0]["id"]})  # Bo, by name: no turn needed
        welcome = await joining
        assert welcome["seats"] == [1]
        chat = await _next(owner, "chat")
        assert chat["name"] == "Bo" and chat["text"] == "hello all"
        bo.send({"type": "admit", "id": 99})
        assert (await _next(bo, "error"))["reason"] == "only the table's owner can let people in"
        assert not cy_joining.done()
        clock.now += 120.0  # the table's next turn: Cy's right PIN is looked at
        assert (await cy_joining)["seats"] == []  # the seats are taken: Cy watches
        for client in (owner, bo, cy):
            with contextlib.suppress(Exception):
                await client.close()

    try:
        asyncio.run(scenario())
    finally:
        table.stop()


def test_a_try_that_waits_too_long_is_told_to_ask_the_owner() -> None:
    clock = FakeClock()
    table = _table(clock, pin_table_burst=0.0, pin_wait_max=600.0)

    async def scenario() -> str:
        bo = AsyncClient("127.0.0.1", table.port, "Bo", pin=PIN)
        waited = asyncio.Event()
        bo.on_wait = lambda message: waited.set()
        joining = asyncio.ensure_future(bo.connect(HANG))
        await asyncio.wait_for(waited.wait(), HANG)
        clock.now += 601.0
        try:
            await joining
        except JoinError as error:
            return error.reason
        return "welcome"

    try:
        reason = asyncio.run(scenario())
    finally:
        table.stop()
    assert reason == "no turn for your PIN in 600 s: ask the table's owner to let you in"


async def _next(client: AsyncClient, kind: str) -> dict[str, Any]:
    while True:
        message = await client.recv(HANG)
        assert message is not None, f"no {kind}"
        if message["type"] == kind:
            return message


def test_the_owners_lobby_says_someone_is_guessing_and_who_waits() -> None:
    from cardtable.arcade.scenes.lobby import lobby_warning

    report = {"failed": 37, "recent": 30, "addresses": 12, "slowed": 9, "waiting": [{"id": 4, "name": "Bo", "waited_s": 42}],
              "waiting_count": 1}
    line = lobby_warning({"pin_failures": report})
    assert line == "Someone is guessing the PIN: 30 wrong in 15 min from 12 addresses   ·   1 waiting to join"
    assert lobby_warning({"pin_failures": {**report, "recent": 0, "waiting": [], "waiting_count": 0}}) == ""
