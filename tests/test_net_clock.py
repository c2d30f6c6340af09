"""No seat freezes a game: the turn clock (an injected host clock, never wall time) hands a seat whose
person does nothing to its bot and marks them away until they act; a spectator takes a seat mid-game
only with the table owner's yes (or at a table whose host opened its seats)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from cardtable.netplay.botclient import play_as_bot
from cardtable.netplay.client import AsyncClient
from cardtable.netplay.host import BOT, PERSON, Host, HostConfig

GUARD = 3000  # polls of 10 ms: a hang guard, never a measure


class FakeClock:
    """The host's clock, moved by the test. ``tick``: how far each reading moves it (a real-time game's
    fair-race hold waits for the host's clock to pass each press)."""

    def __init__(self, tick: float = 0.0) -> None:
        self.now = 1000.0
        self.tick = tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


async def _until(predicate: Callable[[], bool]) -> None:
    for _ in range(GUARD):
        if predicate():
            return
        await asyncio.sleep(0.01)
    assert predicate()


async def _message(client: AsyncClient, wanted: Callable[[dict[str, Any]], bool],
                   seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The next message ``wanted``; ``seen`` keeps every one read (for a bot that plays on from them)."""
    for _ in range(GUARD):
        message = await client.recv(10.0)
        assert message is not None, client.closed_reason
        if seen is not None:
            seen.append(message)
        if wanted(message):
            return message
    raise AssertionError("no such message")


async def _table(game: str, seats: list[str | None], clock: FakeClock, **config: Any) -> tuple[Host, int]:
    # the host's housekeeping would read the fake clock's jumps as silence: it is kept out of the way
    settings = HostConfig(bot_speed=0.0, silence=1e9, ping_interval=3600.0, **config)
    host = Host(game, len(seats), seats=seats, seed=2, config=settings, clock=clock)
    return host, await host.serve("127.0.0.1", 0)


async def _ada_and_eve(game: str, seats: list[str | None], clock: FakeClock, eve_sits: bool = False,
                       **config: Any) -> tuple[Host, AsyncClient, AsyncClient]:
    """A started table owned by Ada, and Eve: a spectator who came after the start, or (``eve_sits``) a
    player seated in the lobby."""
    host, port = await _table(game, seats, clock, **config)
    ada = AsyncClient("127.0.0.1", port, "Ada")
    eve = AsyncClient("127.0.0.1", port, "Eve", seats=1 if eve_sits else 0)
    await ada.connect()
    if eve_sits:
        await eve.connect()
    ada.send({"type": "start"})
    await _until(lambda: host.started)
    if not eve_sits:
        await eve.connect()
    return host, ada, eve


async def _close(host: Host, *clients: AsyncClient, playing: asyncio.Task[Any] | None = None) -> None:
    if playing is not None:
        playing.cancel()
        await asyncio.gather(playing, return_exceptions=True)
    for client in clients:
        await client.close()
    await host.close()


def _run(scenario: Callable[[], Any]) -> None:
    asyncio.run(asyncio.wait_for(scenario(), 120))


def test_a_silent_seated_watcher_is_taken_over_by_the_clock_and_comes_back_by_acting() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        host, ada, eve = await _ada_and_eve("oh_hell", [None, "random", "random"], clock)
        ada.send({"type": "let_sit", "seat": 1, "allow": True})  # not asked yet: nothing happens
        eve.send({"type": "sit", "seat": 1})
        refused = await _message(eve, lambda m: m["type"] == "error")
        assert "owner" in refused["reason"] and host.seats[1].kind == BOT
        seen: list[dict[str, Any]] = []
        asked = await _message(ada, lambda m: m["type"] == "lobby" and bool(m.get("asking")), seen)
        assert asked["asking"] == [{"seat": 1, "name": "Eve"}]
        ada.send({"type": "let_sit", "seat": 1, "allow": True})
        assert (await _message(eve, lambda m: m["type"] == "seats"))["seats"] == [1]
        assert host.seats[1].kind == PERSON and host.seats[1].name == "Eve"
        playing = asyncio.create_task(play_as_bot(ada, "random", bot_speed=0.0, seen=seen))
        await _until(lambda: host.bots.clock_seats == [1])  # Eve's turn: the game waits for her
        version = host.version
        view = await _message(eve, lambda m: m["type"] == "view" and m["version"] == version)
        assert view["legal"] and view["clock"] == {"seats": [1], "left": 60.0}
        clock.now += 59.5
        host.bots.check_clock()
        assert not host.seats[1].takeover and host.version == version
        clock.now += 1.0
        host.bots.check_clock()
        assert host.seats[1].takeover  # the clock ran out: her bot plays
        away = await _message(eve, lambda m: m["type"] == "lobby" and m["seats"][1].get("away"))
        assert away["seats"][1]["bot_playing"] and away["seats"][1]["connected"]
        await _until(lambda: host.version > version)
        eve.send({"type": "sit", "seat": 1})  # back: her seat is hers to play again
        await _until(lambda: not host.seats[1].takeover)
        back = await _message(eve, lambda m: m["type"] == "lobby" and not m["seats"][1].get("away"))
        assert not back["seats"][1]["bot_playing"]
        # once more, and this time she acts before her bot (it thinks long): the action counts, she is back
        await _until(lambda: host.bots.clock_seats == [1])
        version = host.version
        view = await _message(eve, lambda m: m["type"] == "view" and m["version"] == version)
        host.config.bot_speed = 1e6
        clock.now += 61
        host.bots.check_clock()
        assert host.seats[1].takeover
        eve.send_action(1, view["legal"][0])
        await _until(lambda: host.version > version)
        assert not host.seats[1].takeover
        await _close(host, eve, ada, playing=playing)

    _run(scenario)


def test_the_owner_can_say_no_or_open_the_seats_and_a_person_alone_is_never_on_the_clock() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        host, ada, eve = await _ada_and_eve("oh_hell", [None, "random", "random"], clock)
        assert host.bots.clock_seats == []  # Ada plays alone with bots: nobody waits for her
        eve.send({"type": "sit", "seat": 2})
        await _message(eve, lambda m: m["type"] == "error")
        await _message(ada, lambda m: m["type"] == "lobby" and bool(m.get("asking")))
        ada.send({"type": "let_sit", "seat": 2, "allow": False})
        said = await _message(eve, lambda m: m["type"] == "error")
        assert "owner" in said["reason"] and eve.seats == [] and host.seats[2].kind == BOT
        eve.send({"type": "set_clock", "seconds": 0})
        assert "owner" in (await _message(eve, lambda m: m["type"] == "error"))["reason"]
        ada.send({"type": "set_clock", "seconds": 5})
        assert "0 (no clock)" in (await _message(ada, lambda m: m["type"] == "error"))["reason"]
        ada.send({"type": "set_clock", "seconds": 0})
        await _message(ada, lambda m: m["type"] == "lobby" and m["turn_clock"] == 0)
        host.config.open_seats = True  # the host's option: no asking
        eve.send({"type": "sit", "seat": 2})
        assert (await _message(eve, lambda m: m["type"] == "seats"))["seats"] == [2]
        assert host.bots.clock_seats == []  # the clock is off
        await _close(host, eve, ada)

    _run(scenario)


def test_in_a_real_time_game_the_clock_runs_only_while_nothing_moves() -> None:
    """Speed's count: Ada is ready, Eve never presses; the game cannot start until the clock runs out."""

    async def scenario() -> None:
        clock = FakeClock(tick=0.001)
        host, ada, eve = await _ada_and_eve("speed", [None, None], clock, eve_sits=True, turn_clock=30.0)
        playing = asyncio.create_task(play_as_bot(ada, "random", bot_speed=0.0))
        await _until(lambda: host.started and host.bots.clock_seats == [1])
        version = host.version
        clock.now += 31
        host.bots.check_clock()
        assert host.seats[1].takeover and host.seats[1].conn is not None
        await _until(lambda: host.version > version and host.state.phase == "play")
        await _close(host, eve, ada, playing=playing)

    _run(scenario)
