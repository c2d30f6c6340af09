"""``cardtable bench abuse``: an honest game against a host while hostile peers attack it; JSON last.

Every phase starts a fresh host in its own process on 127.0.0.1 (defaults of ``HostConfig``, a PIN,
Go-Stop for three, open-ended): Ann holds two seats and plays them as fast as the host answers, up
to a third of the messages a second the host allows two seats (a random bot's choices; the measure is
her actions per second and the time from each action to its ``ack``; unpaced on a quiet machine she
passed that budget and the host rightly closed her). Bo holds the third and is away (a bot plays for
him). First the game alone, then while one
attack runs in another process, connecting from other loopback addresses (127.1-127.4.x.y, as other
machines on the LAN would; every byte stays on this machine):

- ``big_hellos``: connections that each send a 1 MB hello full of small integers, with a wrong PIN,
  again and again, from 16 source addresses in turn (the decoder and the type check used to walk all of
  it before the PIN); ``big_hellos_wide``: the same from 2,000 addresses, so that no address's own
  budget binds, only the table's;
- ``non_readers``: 500 connections that say hello as spectators (they know the PIN) and never read,
  re-opened when the host lets them go; ``non_readers_admitted``: the same with room for 600
  spectators, so all of them are sent every view (the send-buffer limits alone hold memory);
- ``slot_holders``: connections that never finish their hello (re-opened as they are let go) and
  spectators that answer every ping, filling every slot, while Bo comes back with his seat token 100
  times (``token_holder``: how many times he got his seat);
- ``chat_flood``: 20 spectators chatting at their own limit and 4 flooding as fast as they can
  (reconnecting when closed).

Per phase: Ann's actions/s and ack p50/p99, the host's CPU seconds, its busy share (CPU seconds per
second of the phase) and largest RSS, the attackers' CPU seconds and what they achieved. The game alone
runs first and last; ``done_when`` compares each attack with the better of the two. Run it with
``nice`` and say the machine's load (``uptime``); the figures are for a quiet machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import time
from typing import Any

PIN = "271828"
GAME, PLAYERS = "go_stop", 3
ATTACKS = ("big_hellos", "big_hellos_wide", "non_readers", "non_readers_admitted", "slot_holders", "chat_flood")
ADDRESSES = {"big_hellos": 16, "big_hellos_wide": 2000}  # source addresses the 1 MB hellos rotate through
TICK = os.sysconf("SC_CLK_TCK")


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


# -- the host, in its own process -----------------------------------------------------------------


def serve(argv: list[str]) -> int:
    """``python -m cardtable.bench.abuse serve [--max-spectators N]``: a host on 127.0.0.1; prints its
    port; ``stats`` on stdin prints its counters; end of stdin stops it."""
    from cardtable.netplay.host import Host, HostConfig

    parser = argparse.ArgumentParser()
    parser.add_argument("--max-spectators", type=int, default=None)
    args = parser.parse_args(argv)
    config = HostConfig(name="abuse", pin=PIN, bot_speed=0.0, takeover=0.05, takeover_level="random")
    if args.max_spectators is not None:
        config.max_spectators = args.max_spectators

    async def main() -> None:
        host = Host(GAME, PLAYERS, seats=[None] * PLAYERS, seed=1, config=config)
        port = await host.serve("127.0.0.1", 0)
        print(json.dumps({"port": port}), flush=True)
        loop = asyncio.get_running_loop()
        lines: asyncio.Queue[str] = asyncio.Queue()
        loop.add_reader(sys.stdin.fileno(), lambda: lines.put_nowait(sys.stdin.readline()))
        while (line := await lines.get()) != "":
            if line.strip() == "stats":
                print(json.dumps({"applied": host.applied, "connections": len(host.conns),
                                  "spectators": sum(1 for c in host.conns.values() if c.welcomed and not c.seats),
                                  "pending": sum(1 for c in host.conns.values() if not c.welcomed),
                                  "cut_off": host.cut_off, "chat_relayed": host.chat.relayed,
                                  "chat_dropped": host.chat.dropped, "pin_failures": host.admission.pins.failed,
                                  "addresses": len(host.admission.addresses)}), flush=True)
        loop.remove_reader(sys.stdin.fileno())
        await host.close()

    asyncio.run(main())
    return 0


class Process:
    """A child process of this module, with its CPU time and memory read from /proc."""

    def __init__(self, *args: str) -> None:
        self.popen = subprocess.Popen([sys.executable, "-m", "cardtable.bench.abuse", *args], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, text=True)

    def line(self) -> dict[str, Any]:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            if line.startswith("{"):
                return dict(json.loads(line))
        raise RuntimeError("the process ended without a report")

    def cpu(self) -> float:
        with open(f"/proc/{self.popen.pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK

    def rss_mb(self) -> float:
        with open(f"/proc/{self.popen.pid}/status") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def ask(self, command: str) -> dict[str, Any]:
        assert self.popen.stdin is not None
        self.popen.stdin.write(command + "\n")
        self.popen.stdin.flush()
        return self.line()

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            if self.popen.stdin is not None:
                self.popen.stdin.close()
            self.popen.wait(5)
        if self.popen.poll() is None:
            self.popen.kill()
            self.popen.wait(5)


# -- the attacks, in their own process ------------------------------------------------------------


def _source(block: int, n: int) -> str:
    return f"127.{block}.{n // 250}.{n % 250 + 1}"


def _hello(pin: str | None, **extra: Any) -> bytes:
    """A clear hello (a PIN offered: the host runs SPAKE2 for it), never followed by the rest."""
    from cardtable import __version__
    from cardtable.netplay.handshake import ClientHandshake
    from cardtable.netplay.protocol import PROTOCOL_VERSION, encode

    return encode({**ClientHandshake(PROTOCOL_VERSION, __version__, pin).hello(), **extra})


async def _big_hellos(port: int, until: float, stats: dict[str, int], addresses: int) -> None:
    """8 workers, each opening connection after connection from the next of ``addresses`` source
    addresses in turn, and sending a 1 MB hello down each."""
    payload = _hello("000000", pad=[[1] * 4000] * 250)  # ~1 MB of small integers

    async def one(worker: int) -> None:
        n = worker
        while time.monotonic() < until:
            n += 8
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                               local_addr=(_source(2, n % addresses), 0))
            except OSError:
                await asyncio.sleep(0.01)
                continue
            stats["connections"] += 1
            with contextlib.suppress(Exception):
                writer.write(payload)
                await asyncio.wait_for(writer.drain(), 2.0)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(reader.read(), 2.0)
            writer.close()

    await asyncio.gather(*(one(w) for w in range(8)))


Opener = Any  # (port, source) -> an open socket that will not be read


def _open_quiet(hello: bytes | None) -> Opener:
    def open_one(port: int, source: str) -> socket.socket:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.setblocking(False)
        sock.bind((source, 0))
        with contextlib.suppress(BlockingIOError):
            sock.connect(("127.0.0.1", port))
        if hello is not None:
            for _ in range(100):
                try:
                    sock.send(hello)
                    break
                except (BlockingIOError, OSError):
                    time.sleep(0.001)
        return sock

    return open_one


def _open_joined(port: int, source: str) -> socket.socket:
    """A spectator that knows the PIN: the whole handshake and its join, then it never reads again."""
    from cardtable.netplay import handshake
    from cardtable.netplay.protocol import ProtocolError

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.bind((source, 0))
    sock.settimeout(5.0)
    with contextlib.suppress(OSError, ProtocolError, handshake.Refused):
        sock.connect(("127.0.0.1", port))
        handshake.join_over_socket(sock, {"type": "join", "name": "attacker", "seats": 0}, PIN)
    sock.setblocking(False)
    return sock


def _gone(sock: socket.socket) -> bool:
    """The host closed it (the kernel's TCP state; nothing is read)."""
    try:
        state = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 8)[0]
    except OSError:
        return True
    return state not in (1, 2)  # ESTABLISHED, SYN_SENT


async def _keep_open(port: int, until: float, stats: dict[str, int], sources: list[str], open_one: Opener,
                     every: float) -> list[socket.socket]:
    """One connection from each of ``sources`` opened by ``open_one`` (it then says nothing), each
    re-opened when the host lets it go, until ``until``; the sockets open at the end (the caller closes
    them)."""
    socks = [open_one(port, source) for source in sources]
    stats["connections"] += len(socks)
    while time.monotonic() < until:
        await asyncio.sleep(every)
        for i, sock in enumerate(socks):
            if _gone(sock):
                sock.close()
                socks[i] = open_one(port, sources[i])
                stats["reopened"] += 1
    return socks


async def _non_readers(port: int, until: float, stats: dict[str, int], count: int = 500) -> None:
    socks = await _keep_open(port, until, stats, [_source(1, i // 10) for i in range(count)], _open_joined, 0.5)
    stats["open_at_end"] = sum(not _gone(sock) for sock in socks)
    for sock in socks:
        sock.close()


async def _spectators(port: int, until: float, stats: dict[str, int], block: int, count: int,
                      chat_every: float | None = None) -> None:
    from cardtable.netplay.client import AsyncClient, JoinError

    async def one(i: int) -> None:
        while time.monotonic() < until:
            client = AsyncClient("127.0.0.1", port, f"watcher{i}", pin=PIN, seats=0, source=_source(block, i),
                                 ping_interval=0.5)
            try:
                await client.connect(2.0)
            except JoinError:
                stats["refused"] += 1
                await asyncio.sleep(0.5)
                continue
            stats["joined"] += 1
            while time.monotonic() < until and client.closed_reason is None:
                if chat_every is not None:
                    client.send({"type": "chat", "text": f"hello from {i}"})
                    stats["chat_sent"] += 1
                await asyncio.sleep(chat_every if chat_every is not None else 0.2)
                client.pending()
            if client.closed_reason is not None:
                stats["closed"] += 1
            await client.close()

    await asyncio.gather(*(one(i) for i in range(count)))


async def _half_open(port: int, until: float, stats: dict[str, int], count: int = 40) -> None:
    """Connections that send half a hello and never the rest, re-opened when let go."""
    sources = [_source(3, 100 + i // 4) for i in range(count)]
    for sock in await _keep_open(port, until, stats, sources, _open_quiet(_hello(PIN)[:5]), 0.1):
        sock.close()


def attack(argv: list[str]) -> int:
    """``python -m cardtable.bench.abuse attack KIND PORT SECONDS``: run one attack; prints its stats."""
    kind, port, seconds = argv[0], int(argv[1]), float(argv[2])
    stats: dict[str, int] = {"connections": 0, "reopened": 0, "refused": 0, "joined": 0,
                             "closed": 0, "chat_sent": 0}
    until = time.monotonic() + seconds

    async def main() -> None:
        if kind in ADDRESSES:
            await _big_hellos(port, until, stats, ADDRESSES[kind])
        elif kind in ("non_readers", "non_readers_admitted"):
            await _non_readers(port, until, stats)
        elif kind == "slot_holders":
            await asyncio.gather(_half_open(port, until, stats), _spectators(port, until, stats, 3, 40))
        elif kind == "chat_flood":
            flood = dict.fromkeys(stats, 0)
            await asyncio.gather(_spectators(port, until, stats, 4, 20, chat_every=1.0),
                                 _spectators(port, until, flood, 5, 4, chat_every=0.005))
            stats.update({f"flooders_{key}": value for key, value in flood.items()})
        else:
            raise SystemExit(f"unknown attack {kind!r}")

    asyncio.run(main())
    print(json.dumps({**{k: v for k, v in stats.items() if v}, "cpu_s": round(time.process_time(), 2)}), flush=True)
    return 0


# -- the honest players ---------------------------------------------------------------------------


async def _ann(port: int, seconds: float, ready: asyncio.Event) -> dict[str, Any]:
    """Ann plays her two seats as fast as the host answers, within a third of the host's message
    budget for two seats; her actions/s and ack times."""
    from cardtable.engine.bots import get_bot
    from cardtable.netplay.client import AsyncClient
    from cardtable.netplay.host import HostConfig

    client = AsyncClient("127.0.0.1", port, "Ann", pin=PIN, seats=2)
    await client.connect()
    ready.set()
    bot = get_bot(GAME, "random")
    rng = random.Random(1)
    latest: dict[int, dict[str, Any]] = {}
    acks: dict[int, asyncio.Future[str]] = {}
    fresh = asyncio.Event()

    async def read() -> None:
        while (message := await client.recv()) is not None:
            if message["type"] == "view" and message["seat"] is not None:
                latest[message["seat"]] = message
                fresh.set()
            elif message["type"] in ("ack", "reject") and message.get("seq") in acks:
                acks.pop(message["seq"]).set_result(message["type"])

    reader = asyncio.create_task(read())
    await asyncio.sleep(0.3)  # Bo sits down
    client.send({"type": "start"})
    times: list[float] = []
    loop = asyncio.get_running_loop()
    start = loop.time()
    deadline = start + seconds
    next_send = start
    while loop.time() < deadline and client.closed_reason is None:
        top = max((v["version"] for v in latest.values()), default=-1)
        due = [v for v in latest.values() if v["version"] == top and v["legal"]]
        if not due:
            fresh.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(fresh.wait(), 1.0)
            continue
        view = rng.choice(due)
        legal = [a for a in view["legal"] if a.get("type") != "leave"] or view["legal"]
        action = bot.choose(view["view"], legal, rng)
        await asyncio.sleep(max(0.0, next_send - loop.time()))
        sent = loop.time()
        next_send = sent + 3.0 / (2 * HostConfig.rate)
        seq = client.send_action(view["seat"], action)
        acks[seq] = loop.create_future()
        try:
            answer = await asyncio.wait_for(acks[seq], 5.0)
        except TimeoutError:
            acks.pop(seq, None)
            continue
        if answer == "ack":
            times.append(loop.time() - sent)
        while latest.get(view["seat"], view)["version"] <= view["version"] and loop.time() < deadline:
            fresh.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(fresh.wait(), 1.0)
    elapsed = loop.time() - start
    closed = client.closed_reason  # before our own close: did the host drop Ann?
    reader.cancel()
    await client.close()
    return {
        "actions_per_s": round(len(times) / elapsed, 1),
        "ack_p50_ms": round(_percentile(times, 0.5) * 1000, 2) if times else None,
        "ack_p99_ms": round(_percentile(times, 0.99) * 1000, 2) if times else None,
        "acks": len(times),
        "closed": closed,
    }


async def _bo(port: int, returns: int, ready: asyncio.Event) -> dict[str, Any]:
    """Bo sits down, leaves, and comes back with his token ``returns`` times (about 3 a second, within
    what one address may open); how often he got his seat back."""
    from cardtable.netplay.client import AsyncClient, JoinError

    await ready.wait()
    client = AsyncClient("127.0.0.1", port, "Bo", pin=PIN, source="127.0.0.2")
    seats = (await client.connect())["seats"]
    token = client.token
    await asyncio.sleep(0.5)
    await client.close()
    back, reasons = 0, []
    for _ in range(returns):
        await asyncio.sleep(0.3)
        client = AsyncClient("127.0.0.1", port, "Bo", token=token, source="127.0.0.2")
        try:
            welcome = await client.connect(5.0)
            back += welcome["seats"] == seats
        except JoinError as error:
            reasons.append(error.reason)
        await client.close()
    return {"back_in": back, "of": returns, "refusals": sorted(set(reasons))[:5]}


def _phase(kind: str | None, seconds: float, returns: int) -> dict[str, Any]:
    host = Process("serve", *(["--max-spectators", "600"] if kind == "non_readers_admitted" else []))
    port = int(host.line()["port"])
    attacker: Process | None = None
    rss: list[float] = []
    try:
        if kind is not None:
            attacker = Process("attack", kind, str(port), str(seconds + 3.0 + (returns * 0.35 if returns else 0)))
            time.sleep(2.0)  # the attack is under way
        cpu_host, cpu_attacker = host.cpu(), attacker.cpu() if attacker else 0.0
        began = time.monotonic()

        async def honest() -> tuple[dict[str, Any], dict[str, Any] | None]:
            ready = asyncio.Event()
            bo = asyncio.create_task(_bo(port, returns, ready)) if returns else None
            sampler = asyncio.create_task(_sample(host, rss))
            ann = await _ann(port, seconds if not returns else max(seconds, returns * 0.35), ready)
            token = await bo if bo is not None else None
            sampler.cancel()
            return ann, token

        ann, token = asyncio.run(honest())
        host_cpu = host.cpu() - cpu_host
        result: dict[str, Any] = {**ann, "host_cpu_s": round(host_cpu, 2),
                                  "host_busy": round(host_cpu / (time.monotonic() - began), 2),
                                  "host_rss_mb_max": round(max(rss, default=host.rss_mb()), 1)}
        if attacker is not None:
            result["attacker_cpu_s"] = round(attacker.cpu() - cpu_attacker, 2)
        result["host"] = host.ask("stats")
        if token is not None:
            result["token_holder"] = token
        if attacker is not None:
            attacker.popen.wait(seconds + 60)
            result["attacker"] = attacker.line()
        return result
    finally:
        if attacker is not None:
            attacker.stop()
        host.stop()


async def _sample(host: Process, rss: list[float]) -> None:
    while True:
        with contextlib.suppress(OSError):
            rss.append(host.rss_mb())
        await asyncio.sleep(0.25)


def run(args: argparse.Namespace) -> int:
    seconds = args.seconds or 5.0
    only = set(args.games or ATTACKS)  # --games picks attacks here
    started = time.monotonic()
    report: dict[str, Any] = {"load_before": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count(),
                              "seconds": seconds, "game": GAME}
    baseline = _phase(None, seconds, 0)
    report["alone"] = baseline
    attacks: dict[str, Any] = {}
    for kind in ATTACKS:
        if kind in only:
            attacks[kind] = _phase(kind, seconds, 100 if kind == "slot_holders" else 0)
            print(json.dumps({kind: attacks[kind]}), flush=True)
    report["attacks"] = attacks
    report["alone_again"] = _phase(None, seconds, 0)  # the machine's load drifts: the better of the two counts
    alone = max(baseline["actions_per_s"], report["alone_again"]["actions_per_s"]) or 1.0
    report["done_when"] = {  # issue 20: 85% of the game's rate alone, ack p99 under 20 ms (quiet machine)
        kind: {"kept_actions": round(a["actions_per_s"] / alone, 2),
               "kept_85": a["actions_per_s"] >= 0.85 * alone,
               "ack_p99_ms": a["ack_p99_ms"],
               "ack_p99_under_20ms": a["ack_p99_ms"] is not None and a["ack_p99_ms"] < 20.0}
        for kind, a in attacks.items()
    }
    report["load_after"] = [round(x, 2) for x in os.getloadavg()]
    report["wall_s"] = round(time.monotonic() - started, 1)
    print(json.dumps(report))
    return 0


def main(argv: list[str]) -> int:
    if argv and argv[0] == "serve":
        return serve(argv[1:])
    if argv and argv[0] == "attack":
        return attack(argv[1:])
    parser = argparse.ArgumentParser(prog="cardtable bench abuse")
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--games", type=lambda text: [t for t in text.split(",") if t], default=None)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

