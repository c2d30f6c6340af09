"""Finding tables on the LAN with zeroconf (mDNS/DNS-SD), service type ``_cardtable._tcp.local.``.

The host's :class:`Advertiser` announces the table (instance name = table name, made unique by zeroconf)
with TXT records ``proto``, ``version``, ``id`` (the table's id), ``key`` (its host's public key, hex),
``name``, ``game``, ``taken``, ``seats``, ``pin`` and ``started``, and re-announces when they change. Its records live :data:`TTL` seconds (not
zeroconf's 75 minutes), so a table whose host vanished leaves every browser's cache soon.

:class:`TableBrowser` keeps a live list of tables that tells the truth: an advert is listed only once the
host at its address answers a ``probe`` as that very table (same id, and the advertised key, proven by
its signature over the probe's fresh nonce), and every listed table is probed
again every :data:`CHECK_EVERY` seconds; one that stops answering is removed (at once when its port
refuses, after :data:`MISSES` silent probes otherwise). Each addition, update and removal is reported;
:class:`LiveBrowser` runs one on a thread for the pygame screens; :func:`browse` collects for a while
and returns the list. Everything takes the interface addresses to use (tests: ["127.0.0.1"]).

Anyone can advertise a table's id and name; nobody but its host can prove its key. Two listed adverts
with one id and different keys are a conflict (:func:`listings` groups them): the join list shows one
row naming both keys and asks which to join, never two rows that look the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import secrets
import socket
import threading
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING, Any

from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from cardtable import __version__
from cardtable.netplay import handshake, identity
from cardtable.netplay.protocol import HOST_TYPES, PROTOCOL_VERSION, SERVICE_TYPE, Connection, clean_name

if TYPE_CHECKING:
    from cardtable.netplay.host import Host

Interfaces = Sequence[str] | None
log = logging.getLogger("cardtable.discovery")


def shown(name: str) -> str:
    """``name`` (anything anyone on the LAN advertised) made safe to print in a log line."""
    return repr(name[:80])

TTL = 20  # seconds the advert's records live in caches (zeroconf refreshes them while the table is up)
CHECK_EVERY = 1.0  # seconds between probes of each advertised table
PROBE_TIMEOUT = 1.5
MISSES = 2  # silent probes (no refusal, no answer) before a table is dropped


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
        "version": __version__,
        "id": str(getattr(host, "table_id", "") or ""),
        "key": host.identity.public_key.hex(),
        "name": clean_name(host.config.name, "cardtable"),
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
            host_ttl=TTL, other_ttl=TTL,
        )
        self._broadcasts.append(await self.zc.async_register_service(self.info, allow_name_change=True))
        self.host.on_change.append(self.changed)
        await self._update()  # seats taken while the name was being claimed (the host's own seat, bots)

    def changed(self) -> None:
        """Host callback: re-announce if the TXT changed (coalesced on the loop)."""
        if self._pending is None or self._pending.done():
            self._pending = asyncio.get_running_loop().create_task(self._update())

    async def _update(self) -> None:
        try:
            await self._announce()
        except Exception:  # a failed re-announcement must not become an unhandled task error
            log.warning("could not update the table's announcement", exc_info=True)

    async def _announce(self) -> None:
        txt = txt_for(self.host)
        if txt == self._txt or self.zc is None or self.info is None:
            return
        self._txt = txt
        self.info = AsyncServiceInfo(
            SERVICE_TYPE, self.info.name, port=self.port, properties=txt, server=self.info.server,
            addresses=self.info.addresses, host_ttl=TTL, other_ttl=TTL,
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
    name: str  # the table's name (TXT ``name``; the instance name may carry zeroconf's " (2)")
    address: str
    port: int
    game: str
    taken: int
    seats: int
    pin: bool
    started: bool
    protocol: int
    table_id: str = ""
    version: str = ""
    host_key: str = ""  # hex (TXT ``key``); listed only once the host at ``where`` proved it

    @property
    def compatible(self) -> bool:
        return self.protocol == PROTOCOL_VERSION

    @property
    def key_bytes(self) -> bytes | None:
        return identity.key_from_hex(self.host_key)

    @property
    def fingerprint(self) -> str:
        """The host key's code to compare with the host's lobby screen ("" without a key)."""
        key = self.key_bytes
        return identity.fingerprint(key) if key is not None else ""

    @property
    def where(self) -> str:
        return f"{self.address}:{self.port}"

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "fingerprint": self.fingerprint}


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
            return max(0, min(999, int(props.get(key, "0")[:6])))
        except ValueError:
            return 0

    name = props.get("name") or (info.name[: -len(SERVICE_TYPE) - 1] if info.name.endswith(SERVICE_TYPE) else info.name)
    return TableInfo(
        key=info.name, name=clean_name(name, "table"), address=addresses[0], port=int(info.port),
        game=clean_name(props.get("game"), "?"), taken=number("taken"), seats=number("seats"),
        pin=props.get("pin") == "1", started=props.get("started") == "1", protocol=number("proto"),
        table_id=clean_name(props.get("id"), "", 64), version=clean_name(props.get("version"), "", 32),
        host_key=clean_name(props.get("key"), "", 64).lower(),
    )


@dataclass(frozen=True)
class Listing:
    """One row of a join list: a table, or a conflict (``tables`` holds more than one: adverts of one
    table id whose hosts proved different keys; at most one of them is the table people know)."""

    tables: tuple[TableInfo, ...]

    @property
    def conflict(self) -> bool:
        return len(self.tables) > 1

    @property
    def table(self) -> TableInfo:
        return self.tables[0]


def listings(tables: Sequence[TableInfo]) -> list[Listing]:
    """``tables`` as join-list rows: those of one id with different keys together (a conflict), sorted
    by name and address. Adverts of one id with one key (the same host seen twice) stay apart."""
    by_id: dict[str, list[TableInfo]] = {}
    rows: list[list[TableInfo]] = []
    for table in sorted(tables, key=lambda t: (t.name, t.address, t.port)):
        group = by_id.get(table.table_id) if table.table_id else None
        if group is not None and all(other.host_key != table.host_key for other in group):
            group.append(table)
            continue
        rows.append([table])
        if table.table_id and group is None:
            by_id[table.table_id] = rows[-1]
    return [Listing(tuple(row)) for row in rows]


REFUSED = "refused"


def _twin_of(key: str, name: str) -> bool:
    """Whether ``key`` is a twin kept for the service ``name`` (``name@address:port``)."""
    return key.startswith(name + "@")


async def probe(address: str, port: int, timeout: float = PROBE_TIMEOUT) -> dict[str, Any] | str | None:
    """Ask the host at ``address:port`` which table it is: its ``table`` answer, with ``proven`` True
    when it signed this probe's fresh nonce with the ``key`` it names; :data:`REFUSED` when the port is
    closed (nothing listens there any more); None when nothing answers in ``timeout`` or what answers
    is not a cardtable host."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(address, port), timeout)
    except ConnectionRefusedError:
        return REFUSED
    except (OSError, TimeoutError):
        return None
    conn = Connection(reader, writer, HOST_TYPES, deep_check=False)
    nonce = secrets.token_bytes(handshake.NONCE_BYTES)
    try:
        conn.send({"type": "probe", "nonce": nonce.hex()})
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline:
            messages = await asyncio.wait_for(conn.read(), max(0.01, deadline - loop.time()))
            for message in messages:
                if message.get("type") == "table":
                    return {**message, "proven": _proven(message, nonce)}
            if not messages and reader.at_eof():
                return None
    except Exception:  # anything else at that address is not a table
        return None
    finally:
        with contextlib.suppress(Exception):
            await conn.close()
    return None


def _proven(answer: dict[str, Any], nonce: bytes) -> bool:
    """Whether ``answer`` carries a signature over ``nonce`` and its table id by the key it names."""
    try:
        key, signature = bytes.fromhex(str(answer.get("key"))), bytes.fromhex(str(answer.get("sig")))
    except ValueError:
        return False
    return identity.verify(key, signature, handshake.probe_proof(str(answer.get("id") or ""), nonce))


def answers_as(table: TableInfo, answer: dict[str, Any] | str | None) -> bool:
    """Whether the host's ``probe`` answer is the advertised table: its id, and the advertised key,
    which it proved it holds (an advert without an id must at least name the same game)."""
    if not isinstance(answer, dict):
        return False
    if table.host_key and (answer.get("key") != table.host_key or answer.get("proven") is not True):
        return False
    if table.table_id:
        return answer.get("id") == table.table_id
    return answer.get("game") == table.game


Listener = Callable[[str, TableInfo], None]


Prober = Callable[[str, int], Awaitable[dict[str, Any] | str | None]]


class TableBrowser:
    """A live list of tables (``tables``, by service name) on the running loop; ``listener(kind,
    table)`` is called with kind "added", "updated" or "removed". Adverts wait in ``adverts`` until the
    host at their address answers as that table (``verify``; tests may turn it off or pass a ``prober``)."""

    def __init__(self, interfaces: Interfaces, listener: Listener | None = None, *, verify: bool = True,
                 prober: Prober | None = None, check_every: float = CHECK_EVERY, misses: int = MISSES) -> None:
        self.interfaces = list(interfaces) if interfaces else None
        self.listener = listener
        self.tables: dict[str, TableInfo] = {}  # listed: verified and still answering
        self.adverts: dict[str, TableInfo] = {}  # everything zeroconf reports, verified or not
        self.verify = verify
        self.prober: Prober = prober or probe
        self.check_every = check_every
        self.misses = misses
        self.silent: dict[str, int] = {}  # service name -> probes in a row without an answer
        self.zc: AsyncZeroconf | None = None
        self.browser: AsyncServiceBrowser | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._checker: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.zc = _zeroconf(self.interfaces)
        self.browser = AsyncServiceBrowser(self.zc.zeroconf, [SERVICE_TYPE], handlers=[self._on_change])
        if self.verify:
            self._checker = asyncio.get_running_loop().create_task(self._check_loop())

    def _on_change(self, zeroconf: Zeroconf, service_type: str, name: str,
                   state_change: ServiceStateChange) -> None:
        """zeroconf's callback, for any name anyone on the LAN announces: nothing may escape it."""
        try:
            if state_change is ServiceStateChange.Removed:
                self.adverts.pop(name, None)
                self._unlist(name)
                return
            task = asyncio.get_running_loop().create_task(self._resolve(zeroconf, name))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        except Exception:
            log.warning("ignoring a zeroconf change for %s", shown(name), exc_info=True)

    async def _resolve(self, zeroconf: Zeroconf, name: str) -> None:
        try:
            info = AsyncServiceInfo(SERVICE_TYPE, name)  # refuses names DNS-SD does not allow
            if not await info.async_request(zeroconf, 2000):
                return
            table = _table_info(info)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log.info("ignoring the service %s: %s", shown(name), error)
            return
        if table is None:
            return
        await self.take(name, table)

    async def take(self, name: str, table: TableInfo) -> None:
        """What zeroconf now says is at ``name``: list it (at once, or once its host answers a probe)."""
        self._keep_twin(name, table)
        self.adverts[name] = table
        if not self.verify:
            self._list(table)
        elif name in self.tables and self.tables[name].where == table.where:
            self._list(table)  # the same host, new seat counts
        else:
            try:
                await self.check(name)
            except Exception:
                log.warning("could not check the table %s", shown(name), exc_info=True)

    def _keep_twin(self, name: str, table: TableInfo) -> None:
        """Another host now answers under the very name of a listed table: a copy that announced the
        table's own service name (mDNS keeps the newest record of a name, and zeroconf on one machine may
        not see the clash). The table listed so far stays listed as a twin, probed like any advert while
        its host answers, so the list shows the two as a conflict instead of silently the newer one; a
        twin at the address the name now resolves to is the same host again and goes."""
        for key in [k for k, t in self.adverts.items() if _twin_of(k, name) and t.where == table.where]:
            self.adverts.pop(key, None)
            self._unlist(key)
        listed = self.tables.get(name)
        if listed is None or listed.where == table.where or not listed.host_key:
            return
        twin = replace(listed, key=f"{name}@{listed.where}")
        self._unlist(name)
        self.adverts[twin.key] = twin
        self._list(twin)

    def _list(self, table: TableInfo) -> None:
        old = self.tables.get(table.key)
        if old == table:
            return
        self.tables[table.key] = table
        self._tell("updated" if old is not None else "added", table)

    def _unlist(self, name: str) -> None:
        table = self.tables.pop(name, None)
        self.silent.pop(name, None)
        if table is not None:
            self._tell("removed", table)

    def _tell(self, kind: str, table: TableInfo) -> None:
        if self.listener is None:
            return
        try:
            self.listener(kind, table)
        except Exception:
            log.warning("the table list's listener failed on %s", shown(table.name), exc_info=True)

    async def check(self, name: str) -> None:
        """Probe one advert's address: list it when the host there answers as that table, drop it when
        the port refuses or after ``misses`` probes without an answer."""
        table = self.adverts.get(name)
        if table is None:
            return
        answer = await self.prober(table.address, table.port)
        if self.adverts.get(name) is not table:
            return  # it changed or went while the probe was out
        if answers_as(table, answer):
            self.silent.pop(name, None)
            self._list(table)
        elif answer is None and name in self.tables:
            self.silent[name] = self.silent.get(name, 0) + 1
            if self.silent[name] >= self.misses:
                self._unlist(name)
        else:
            self._unlist(name)  # refused, or another table (or program) answers there
        if name not in self.tables and not name.endswith(SERVICE_TYPE):  # a twin gone: nothing re-announces it
            self.adverts.pop(name, None)

    async def _check_loop(self) -> None:
        while True:
            await asyncio.sleep(self.check_every)
            names = list(self.adverts)
            if names:
                await asyncio.gather(*(self.check(name) for name in names), return_exceptions=True)

    async def close(self) -> None:
        tasks = [*self._tasks, *([self._checker] if self._checker else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
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

    def __init__(self, interfaces: Interfaces = None, verify: bool = True) -> None:
        self.interfaces = interfaces
        self.verify = verify
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
        self._browser = TableBrowser(self.interfaces, self._listen, verify=self.verify)
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
