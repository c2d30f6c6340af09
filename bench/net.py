"""``cardtable bench net``: LAN-play measurements on this machine, printed as one JSON object.

- ``round_trip_ms``: loopback action -> ack, p50/p99, in a turn game (``turn``: the host's own work)
  and in a real-time game (``realtime``: includes the fair-race hold, margin 15 ms by default);
- ``view_bytes_per_action``: bytes the host sends per accepted action over a whole game of network
  bots, in total and per seated connection, for each game;
- ``discovery_s`` / ``removal_s``: advertising start -> seen by a browser; clean unadvertise -> gone
  (zeroconf on 127.0.0.1);
- ``host_throughput``: 8 tables of random bots at full speed in one host process (logs written, a
  spectator connection each), actions per second over all tables;
- ``race``: :func:`netplay.race.race_trials` with 2 ms and 40 ms one-way delays;
- ``handshake``: a join (connect, handshake, welcome) to a local table, p50/p99 in ms and CPU ms per
  join (client and host together, one process), at a table without a PIN (X25519 and the host's
  signature) and with one (SPAKE2 too); ``seal_us``: sealing and opening one frame of a typical view
  (2 KiB) and of a small message (64 bytes), in microseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any

from cardtable.engine import GAMES
from cardtable.netplay.botclient import play_as_bot
from cardtable.netplay.client import AsyncClient
from cardtable.netplay.host import Host, HostConfig, start_local_table

PLAYERS = {"oh_hell": 4, "spit": 2, "speed": 2, "go_stop": 3, "rummy": 4, "tractor": 4}


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _players(name: str) -> int:
    game = GAMES[name]
    return max(game.min_players, min(PLAYERS.get(name, game.min_players), game.max_players))


async def _round_trips(port: int, budget: float, count: int) -> list[float]:
    """One client holding every seat sends a legal action, waits for its ack (and the views that follow
    it), repeats until the game ends."""
    client = AsyncClient("127.0.0.1", port, "bench", seats=8)
    await client.connect()
    client.send({"type": "start"})
    rng = random.Random(1)
    latest: dict[int, dict[str, Any]] = {}
    times: list[float] = []
    deadline = time.monotonic() + budget

    async def views(needed: int) -> bool:
        while needed > 0:
            message = await client.recv(2.0)
            if message is None:
                return False
            if message["type"] == "view" and message["seat"] is not None:
                latest[message["seat"]] = message
                needed -= 1
        return True

    if not await views(len(client.seats)):
        return times
    while len(times) < count and time.monotonic() < deadline:
        if any(m.get("result") is not None for m in latest.values()):
            break
        ready = [m for m in latest.values() if any("choose" not in a for a in m["legal"])]
        if not ready:
            if not await views(1):
                break
            continue
        chosen = rng.choice(ready)
        action = rng.choice([a for a in chosen["legal"] if "choose" not in a])
        start = time.perf_counter()
        seq = client.send_action(chosen["seat"], action)
        while True:
            reply = await client.recv(2.0)
            if reply is None:
                return times
            if reply["type"] == "view" and reply["seat"] is not None:
                latest[reply["seat"]] = reply
            if reply["type"] in ("ack", "reject") and reply["seq"] == seq:
                times.append(time.perf_counter() - start)
                break
        if reply["type"] == "ack" and not await views(len(client.seats)):
            break
    await client.close()
    return times


def spawn_host(*args: str) -> tuple[subprocess.Popen[str], int]:
    """A ``cardtable host`` process on 127.0.0.1 (not advertised) and its port."""
    process = subprocess.Popen(
        [sys.executable, "-m", "cardtable.cli", "host", "--interface", "127.0.0.1", "--no-advertise",
         "--linger", "0", *args],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("{") and '"port"' in line:
            return process, int(json.loads(line)["port"])
    raise RuntimeError("the host process did not start")


def round_trip(game: str, budget: float, count: int = 2000) -> dict[str, float]:
    """Action -> ack times against a host in its own process (as on a LAN, without the wire)."""
    times: list[float] = []
    seed = 0
    deadline = time.monotonic() + budget
    while len(times) < count and time.monotonic() < deadline:
        players = _players(game)
        process, port = spawn_host("--game", game, "--players", str(players), "--seed", str(seed))
        try:
            times += asyncio.run(_round_trips(port, deadline - time.monotonic(), count - len(times)))
        finally:
            process.kill()
            process.wait(5)
        seed += 1
    if not times:
        return {}
    return {"p50": round(_percentile(times, 0.5) * 1000, 3), "p99": round(_percentile(times, 0.99) * 1000, 3),
            "samples": len(times)}


async def _bots(port: int, players: int) -> int:
    clients = []
    for index in range(players):
        client = AsyncClient("127.0.0.1", port, f"b{index}")
        await client.connect()
        clients.append(client)
    clients[0].send({"type": "start"})
    runs = await asyncio.wait_for(asyncio.gather(*(play_as_bot(c, "random", bot_speed=0.0, seed=i)
                                                   for i, c in enumerate(clients))), 120)
    for client in clients:
        await client.close()
    return sum(run.acked for run in runs)


def view_bytes(game: str) -> dict[str, float]:
    players = _players(game)
    table = start_local_table(game, players, seats=[None] * players, seed=3, bot_speed=0.0, race_margin=0.002)
    try:
        asyncio.run(_bots(table.port, players))
        applied, sent = table.call(lambda: (table.host.applied, table.host.bytes_out))
    finally:
        table.stop()
    return {"players": players, "actions": applied, "bytes_per_action": round(sent / max(1, applied), 1),
            "bytes_per_action_per_seat": round(sent / max(1, applied) / players, 1)}


def discovery(rounds: int = 3) -> dict[str, float]:
    from cardtable.netplay.discovery import LiveBrowser, wait_until

    found: list[float] = []
    gone: list[float] = []
    browser = LiveBrowser(["127.0.0.1"]).start()
    try:
        for index in range(rounds):
            table = start_local_table("oh_hell", 3, seed=index, bot_speed=0.0)
            try:
                start = time.monotonic()
                port = table.advertise(f"bench {index}", ["127.0.0.1"])
                def listed(port: int = port) -> bool:
                    return any(t.port == port for t in browser.tables())

                if wait_until(listed, 20, 0.002):
                    found.append(time.monotonic() - start)
                start = time.monotonic()
                table.unadvertise()
                if wait_until(lambda: not listed(), 20, 0.002):
                    gone.append(time.monotonic() - start)
            finally:
                table.stop()
    finally:
        browser.close()
    return {"discovery_s": round(statistics.median(found), 3) if found else -1.0,
            "removal_s": round(statistics.median(gone), 3) if gone else -1.0,
            "rounds": rounds}


async def _spectate(port: int, done: threading.Event) -> None:
    client = AsyncClient("127.0.0.1", port, "watcher", seats=0)
    await client.connect()
    while not done.is_set():
        if await client.recv(0.2) is None and client.closed_reason:
            break
    await client.close()


def throughput(games: list[str], tables: int, budget: float) -> dict[str, Any]:
    """``tables`` all-bot tables at full speed on one host loop; actions per second over all of them."""
    folder = tempfile.mkdtemp(prefix="cardtable-bench-")
    loop = asyncio.new_event_loop()
    hosts: list[Host] = []
    done = threading.Event()

    async def setup() -> list[int]:
        ports = []
        for index in range(tables):
            name = games[index % len(games)]
            players = _players(name)
            host = Host(name, players, seats=["random"] * players, seed=index,
                        config=HostConfig(bot_speed=0.0), log_path=os.path.join(folder, f"t{index}.log"))
            ports.append(await host.serve("127.0.0.1", 0))
            hosts.append(host)
        return ports

    ports = loop.run_until_complete(setup())
    watchers = threading.Thread(target=lambda: asyncio.run(_all(ports, done)), daemon=True)
    watchers.start()
    time.sleep(0.3)

    async def run() -> float:
        for host in hosts:
            host.start_game()
        start = time.monotonic()
        while time.monotonic() - start < budget:
            await asyncio.sleep(0.05)
            finished = [h for h in hosts if h.result is not None]
            for host in finished:  # a finished table deals again, so the load stays at `tables`
                await _restart(host)
        return time.monotonic() - start

    counted = [0]

    async def _restart(host: Host) -> None:
        counted[0] += host.applied
        host.applied = 0
        host.started = False
        host.result = None
        host.seed += 1000
        if host.log is not None:
            host.log.close()
        host.log, host.log_path = None, None
        host.start_game()

    elapsed = loop.run_until_complete(run())
    total = counted[0] + sum(h.applied for h in hosts)
    done.set()
    for host in hosts:
        loop.run_until_complete(host.close())
    loop.close()
    watchers.join(5.0)
    return {"tables": tables, "games": sorted(set(games[i % len(games)] for i in range(tables))),
            "bots": "random", "seconds": round(elapsed, 2), "actions": total,
            "actions_per_second": round(total / elapsed, 1)}


async def _all(ports: list[int], done: threading.Event) -> None:
    await asyncio.gather(*(_spectate(port, done) for port in ports), return_exceptions=True)


def _joins(port: int, count: int, pin: str | None) -> tuple[list[float], float]:
    """``count`` joins one after another: each one's wall time, and the process's CPU seconds for all."""

    async def go() -> list[float]:
        times = []
        for n in range(count):
            start = time.perf_counter()
            client = AsyncClient("127.0.0.1", port, f"j{n}", pin=pin, seats=0)
            await client.connect(10.0)
            times.append(time.perf_counter() - start)
            await client.close()
        return times

    cpu = time.process_time()
    times = asyncio.run(go())
    return times, time.process_time() - cpu


def handshake_cost(count: int = 40) -> dict[str, Any]:
    from cardtable.netplay.handshake import Opener, Sealer

    out: dict[str, Any] = {}
    for label, pin in (("no_pin", None), ("pin", "271828")):
        table = start_local_table("oh_hell", 3, seats=[None, "random", "random"], seed=1, bot_speed=0.0, pin=pin,
                                  max_spectators=count + 1, address_connect_rate=1000.0,
                                  address_connect_burst=1000.0)
        try:
            times, cpu = _joins(table.port, count, pin)
        finally:
            table.stop()
        out[label] = {"join_ms_p50": round(_percentile(times, 0.5) * 1000, 2),
                      "join_ms_p99": round(_percentile(times, 0.99) * 1000, 2),
                      "cpu_ms_per_join": round(cpu / count * 1000, 2)}
    key = bytes(32)
    for size in (2048, 64):
        sealer, opener = Sealer(key), Opener(key)
        payload = bytes(size)
        rounds = 20000
        start = time.perf_counter()
        for _ in range(rounds):
            opener.feed(sealer.seal(payload))
        out[f"seal_and_open_us_{size}b"] = round((time.perf_counter() - start) / rounds * 1e6, 2)
    return out


def run(args: argparse.Namespace) -> int:
    from cardtable.netplay.race import race_trials

    budget = args.seconds or 3.0
    names = [g for g in (args.games or list(GAMES)) if g in GAMES]
    realtime = [g for g in names if GAMES[g].realtime]
    turn = [g for g in names if not GAMES[g].realtime]
    report: dict[str, Any] = {"round_trip_ms": {}}
    if turn:
        report["round_trip_ms"]["turn"] = {"game": turn[0], **round_trip(turn[0], budget)}
    if realtime:
        report["round_trip_ms"]["realtime"] = {"game": realtime[0], **round_trip(realtime[0], budget)}
    report["view_bytes_per_action"] = {name: view_bytes(name) for name in names}
    report.update(discovery())
    report["host_throughput"] = throughput(names, 8, max(budget, 2.0))
    race = race_trials()
    report["race"] = {k: v for k, v in race.items() if k != "trials"}
    report["race"]["gaps_ms"] = sorted({round(t["gap_ms"]) for t in race["trials"]})
    report["handshake"] = handshake_cost()
    print(json.dumps(report))
    return 0
