"""Local play: a :class:`Host` on a background thread and event loop, listening on 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.engine.core import Game
from cardtable.netplay.host.config import HostConfig
from cardtable.netplay.host.table import Host
from cardtable.netplay.protocol import clean_name


class LocalTable:
    """A :class:`Host` on its own thread and event loop, listening on 127.0.0.1 (local play).

    ``port`` is where the client connects; ``advertise(name, interfaces)`` opens the table to the LAN
    (listens on those addresses too and announces it with zeroconf); ``stop()`` ends everything.
    """

    def __init__(self, host: Host) -> None:
        self.host = host
        self.address = "127.0.0.1"
        self.port = 0
        self.loop = asyncio.new_event_loop()
        self._advertiser: Any = None
        self._lan_servers = 0  # servers before advertise(); the ones after listen on the LAN
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="cardtable-host", daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.port = self.loop.run_until_complete(self.host.serve(self.address, 0))
            if self.host.started:  # resumed: its timers and bots need the running loop

                async def begin() -> None:
                    self.host.begin_resumed()

                self.loop.run_until_complete(begin())
        except BaseException as error:  # reported to the starting thread
            self._error = error
            self._ready.set()
            return
        self._ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(self.loop.shutdown_asyncgens())
        self.loop.close()

    def begin(self) -> LocalTable:
        self._thread.start()
        self._ready.wait(10.0)
        if self._error is not None:
            raise self._error
        return self

    def call(self, function: Callable[..., Any], *args: Any) -> Any:
        """Run ``function(*args)`` on the host's loop and return its result (thread-safe)."""

        async def run() -> Any:
            result = function(*args)
            if asyncio.iscoroutine(result):
                result = await result
            return result

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10.0)

    def start_game(self) -> None:
        self.call(self.host.start_game)

    def pause(self, paused: bool) -> None:
        """Stop the game where it stands, or go on (:meth:`Host.pause`)."""
        self.call(self.host.pause, paused)

    def advertise(self, name: str, interfaces: Sequence[str]) -> int:
        """Open to LAN: listen on each address in ``interfaces`` (the same port when free) and announce
        the table there; returns the advertised port."""
        from cardtable.netplay.discovery import Advertiser

        async def go() -> int:
            port = 0
            self._lan_servers = len(self.host.servers)
            for address in interfaces:
                if address == self.address:
                    port = port or self.port
                    continue
                try:
                    port = await self.host.serve(address, port or self.port)
                except OSError:
                    port = await self.host.serve(address, 0)
            port = port or self.port
            self.host.config.name = clean_name(name, "cardtable")
            self._advertiser = Advertiser(self.host, list(interfaces), port)
            await self._advertiser.start()
            return port

        return int(self.call(go))

    def unadvertise(self) -> None:
        """Close the table to the LAN again: stop announcing it and listening there (players who
        joined from the LAN stay connected)."""
        if self._advertiser is not None:
            self.call(self._advertiser.close)
            self._advertiser = None

        def stop_listening() -> None:
            extra = self.host.servers[self._lan_servers:]
            del self.host.servers[self._lan_servers:]
            for server in extra:
                server.close()

        if self._lan_servers:
            self.call(stop_listening)

    def stop(self) -> None:
        if not self._thread.is_alive():
            return
        with contextlib.suppress(Exception):
            self.unadvertise()
        with contextlib.suppress(Exception):
            self.call(self.host.close)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(5.0)


def start_local_table(
    game: str | Game,
    players: int,
    seats: Sequence[str | None] | None = None,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    *,
    log: str | None = None,
    config: HostConfig | None = None,
    **config_fields: Any,
) -> LocalTable:
    """Start a host for local play on 127.0.0.1 in a background thread.

    ``seats``: one entry per seat, ``None`` (or "open") for a person, or a bot level ("random", "easy",
    "normal", "hard"); default: seat 0 for the person, bots elsewhere. ``config_fields`` set
    :class:`HostConfig` fields (``bot_speed=0`` for tests). Connect a :class:`netplay.client.NetClient`
    to ``table.port`` with ``seats=k`` for k couch players, then send ``start`` (or call
    ``table.start_game()``).
    """
    config = config or HostConfig(**config_fields)
    return LocalTable(Host(game, players, seats=seats, options=options, seed=seed, config=config,
                           log_path=log)).begin()


def resume_local_table(log: str, config: HostConfig | None = None, **config_fields: Any) -> LocalTable:
    """Start a host that resumes the table in ``log``."""
    return LocalTable(Host.resume(log, config or HostConfig(**config_fields))).begin()
