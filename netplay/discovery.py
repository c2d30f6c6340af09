"""Finding tables on the LAN with zeroconf (mDNS/DNS-SD), service type ``_cardtable._tcp.local.``.

The host's :class:`Advertiser` announces the table (instance name = table name) with TXT records
``proto``, ``game``, ``taken``, ``seats``, ``pin`` and ``started`` and re-announces when they change.
:class:`TableBrowser` keeps a live list of tables and reports each addition, update and removal;
:class:`LiveBrowser` runs one on a thread for the pygame join screen; :func:`browse` collects for a
while and returns the list. Everything takes the interface addresses to use (tests: ["127.0.0.1"]).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import secrets
import socket
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from cardtable.netplay.protocol import PROTOCOL_VERSION, SERVICE_TYPE, clean_name

if TYPE_CHECKING:
    from cardtable.netplay.host import Host

Interfaces = Sequence[str] | None


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses except loopback (advertised when no interface is given)."""
    import ifaddr

    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                found.append(ip.ip)
    return found or ["127.0.0.1"]


def _zeroconf(interfaces: Interfaces) -> AsyncZeroconf:
    chosen: Any = list(interfaces) if interfaces else InterfaceChoice.Default
    return AsyncZeroconf(interfaces=chosen, ip_version=IPVersion.V4Only)


def txt_for(host: Host) -> dict[str, str]:
    return {
        "proto": str(PROTOCOL_VERSION),
        "game": host.game.name,
        "taken": str(host.taken()),
        "seats": str(host.players),
        "pin": "1" if host.config.pin else "0",
        "started": "1" if host.started else "0",
    }


class Advertiser:
    """Announces ``host`` on ``interfaces`` at ``port`` while it runs; follows its seat changes."""

    def __init__(self, host: Host, interfaces: Interfaces, port: int) -> None:
        self.host = host
        self.interfaces = list(interfaces) if interfaces else None
        self.port = port
        self.zc: AsyncZeroconf | None = None
        self.info: AsyncServiceInfo | None = None
        self._txt: dict[str, str] = {}
        self._pending: asyncio.Task[None] | None = None
        self._broadcasts: list[Any] = []  # zeroconf's announcement tasks, finished or cancelled on close

    async def start(self) -> None:
        addresses = [a for a in (self.interfaces or local_addresses()) if a != "0.0.0.0"]
        self.zc = _zeroconf(self.interfaces)
        self._txt = txt_for(self.host)
        name = clean_name(self.host.config.name, "cardtable").replace(".", " ")
        self.info = AsyncServiceInfo(
            SERVICE_TYPE,
            f"{name}.{SERVICE_TYPE}",
            port=self.port,
            properties=self._txt,
            server=f"cardtable-{secrets.token_hex(4)}.local.",
            addresses=[socket.inet_aton(a) for a in addresses],
        )
        self._broadcasts.append(await self.zc.async_register_service(self.info, allow_name_change=True))
        self.host.on_change.append(self.changed)

    def changed(self) -> None:
        """Host callback: re-announce if the TXT changed (coalesced on the loop)."""
        if self._pending is None or self._pending.done():
            self._pending = asyncio.get_running_loop().create_task(self._update())

    async def _update(self) -> None:
        txt = txt_for(self.host)
        if txt == self._txt or self.zc is None or self.info is None:
            return
        self._txt = txt
        self.info = AsyncServiceInfo(
            SERVICE_TYPE, self.info.name, port=self.port, properties=txt, server=self.info.server,
            addresses=self.info.addresses,
        )
        self._broadcasts = [t for t in self._broadcasts if not t.done()]
        self._broadcasts.append(await self.zc.async_update_service(self.info))

    async def close(self) -> None:
        with contextlib.suppress(ValueError):
            self.host.on_change.remove(self.changed)
        if self._pending is not None:
            self._pending.cancel()
        for task in self._broadcasts:
            if isinstance(task, asyncio.Future) and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if self.zc is not None:
            if self.info is not None:
                goodbye = await self.zc.async_unregister_service(self.info)
                await goodbye  # the goodbye packets go out before the socket closes
            await self.zc.async_close()
            self.zc = None


@dataclass(frozen=True)
class TableInfo:
    """One advertised table."""

    key: str  # the full service name
    name: str
    address: str
    port: int
    game: str
    taken: int
    seats: int
    pin: bool
    started: bool
    protocol: int

    @property
    def compatible(self) -> bool:
        return self.protocol == PROTOCOL_VERSION

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _table_info(info: AsyncServiceInfo) -> TableInfo | None:
    props = {
        (k.decode(errors="replace") if isinstance(k, bytes) else str(k)):
        (v.decode(errors="replace") if isinstance(v, bytes) else "")
        for k, v in (info.properties or {}).items()
    }
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses or info.port is None:
        return None

    def number(key: str) -> int:
        try:
            return int(props.get(key, "0"))
        except ValueError:
            return 0

    name = info.name[: -len(SERVICE_TYPE) - 1] if info.name.endswith(SERVICE_TYPE) else info.name
    return TableInfo(
        key=info.name, name=clean_name(name, "table"), address=addresses[0], port=int(info.port),
        game=clean_name(props.get("game"), "?"), taken=number("taken"), seats=number("seats"),
        pin=props.get("pin") == "1", started=props.get("started") == "1", protocol=number("proto"),
    )


Listener = Callable[[str, TableInfo], None]


class TableBrowser:
    """A live list of tables (``tables``, by service name) on the running loop; ``listener(kind,
    table)`` is called with kind "added", "updated" or "removed"."""

    def __init__(self, interfaces: Interfaces, listener: Listener | None = None) -> None:
        self.interfaces = list(interfaces) if interfaces else None
        self.listener = listener
        self.tables: dict[str, TableInfo] = {}
        self.zc: AsyncZeroconf | None = None
        self.browser: AsyncServiceBrowser | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self.zc = _zeroconf(self.interfaces)
        self.browser = AsyncServiceBrowser(self.zc.zeroconf, [SERVICE_TYPE], handlers=[self._on_change])

    def _on_change(self, zeroconf: Zeroconf, service_type: str, name: str,
                   state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            table = self.tables.pop(name, None)
            if table is not None and self.listener is not None:
                self.listener("removed", table)
            return
        task = asyncio.get_running_loop().create_task(self._resolve(zeroconf, name))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resolve(self, zeroconf: Zeroconf, name: str) -> None:
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        if not await info.async_request(zeroconf, 2000):
            return
        table = _table_info(info)
        if table is None:
            return
        kind = "updated" if name in self.tables else "added"
        if self.tables.get(name) == table:
            return
        self.tables[name] = table
        if self.listener is not None:
            self.listener(kind, table)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self.browser is not None:
            await self.browser.async_cancel()
        if self.zc is not None:
            await self.zc.async_close()


async def browse(interfaces: Interfaces, timeout: float = 3.0) -> list[TableInfo]:
    """Every table seen within ``timeout`` seconds (and not removed since)."""
    browser = TableBrowser(interfaces)
    await browser.start()
    await asyncio.sleep(timeout)
    tables = sorted(browser.tables.values(), key=lambda t: (t.name, t.address, t.port))
    await browser.close()
    return tables


class LiveBrowser:
    """A :class:`TableBrowser` on a background thread: ``poll()`` returns ``(kind, TableInfo)`` changes
    since the last call without blocking; ``tables()`` the current list."""

    def __init__(self, interfaces: Interfaces = None) -> None:
        self.interfaces = interfaces
        self._changes: queue.SimpleQueue[tuple[str, TableInfo]] = queue.SimpleQueue()
        self._current: dict[str, TableInfo] = {}
        self._lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._browser: TableBrowser | None = None
        self._thread = threading.Thread(target=self._run, name="cardtable-browse", daemon=True)
        self._started = threading.Event()

    def start(self) -> LiveBrowser:
        self._thread.start()
        self._started.wait(5.0)
        return self

    def _listen(self, kind: str, table: TableInfo) -> None:
        with self._lock:
            if kind == "removed":
                self._current.pop(table.key, None)
            else:
                self._current[table.key] = table
        self._changes.put((kind, table))

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._browser = TableBrowser(self.interfaces, self._listen)
        try:
            self._loop.run_until_complete(self._browser.start())
        finally:
            self._started.set()
        self._loop.run_forever()
        self._loop.run_until_complete(self._browser.close())
        self._loop.close()

    def poll(self) -> list[tuple[str, TableInfo]]:
        out = []
        while True:
            try:
                out.append(self._changes.get_nowait())
            except queue.Empty:
                return out

    def tables(self) -> list[TableInfo]:
        with self._lock:
            return sorted(self._current.values(), key=lambda t: (t.name, t.address, t.port))

    def close(self) -> None:
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5.0)


def wait_until(predicate: Callable[[], bool], timeout: float, step: float = 0.01) -> bool:
    """Poll ``predicate`` until true or ``timeout`` (tools and tests)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()
