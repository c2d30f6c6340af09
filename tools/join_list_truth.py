"""How long a dead table stays in the join list: ``python -m tools.join_list_truth [--runs N] [--ttl-only]``.

Each run starts ``cardtable host`` on 127.0.0.1 (advertised there), waits until a browser lists it,
kills the host outright (SIGKILL: no goodbye on the network), and times how long the browser still
lists it. The default browser probes every listed table (netplay.discovery.CHECK_EVERY); ``--ttl-only``
turns the probes off, so only the shorter record TTLs remove it (zeroconf checks its cache every 10 s).
Prints JSON: every run's seconds, the median and the worst. Run it inside a network namespace of its
own (``ip netns``, as tests/netns.py builds them) to keep the multicast off any real LAN. ``--lan``
needs two namespaces joined by a veth pair, the other one named ``ct-peer``: the host runs there on
192.0.2.2 and the browser here on 192.0.2.1, like two machines on one LAN.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import time

from cardtable.netplay.discovery import CHECK_EVERY, MISSES, TTL, LiveBrowser

PEER = ["nsenter", "--net=/run/netns/ct-peer"]  # the other "machine" (see --lan)


def start_host(args: list[str], interface: str = "127.0.0.1", prefix: list[str] | None = None
               ) -> tuple[subprocess.Popen[str], int]:
    """``cardtable host --interface INTERFACE ARGS`` in a process of its own (run through ``prefix``,
    e.g. in another network namespace), and the port it listens on."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    host = subprocess.Popen([*(prefix or []), sys.executable, "-m", "cardtable", "host", "--interface", interface, *args],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    for line in host.stdout:  # type: ignore[union-attr]
        if line.startswith("{"):
            return host, int(json.loads(line)["port"])
    host.kill()
    raise RuntimeError("cardtable host did not start")


def one_run(ttl_only: bool, timeout: float, lan: bool = False, vanish: bool = False) -> float | None:
    name = ["--game", "speed", "--players", "2", "--name", f"Stale {os.getpid()} {time.time():.0f}"]
    host, port = start_host(name, "192.0.2.2", PEER) if lan else start_host(name)
    browser = LiveBrowser(["192.0.2.1" if lan else "127.0.0.1"], verify=not ttl_only).start()
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not any(t.port == port for t in browser.tables()):
            time.sleep(0.01)
        if not any(t.port == port for t in browser.tables()):
            return None
        if vanish:  # the machine drops off the network (cable out): nothing answers, nothing refuses
            subprocess.run([*PEER, "ip", "link", "set", "lan1", "down"], check=True)
            killed = time.monotonic()
        else:
            host.send_signal(signal.SIGKILL)
            killed = time.monotonic()
            host.wait(10)
        while time.monotonic() - killed < timeout:
            if not any(t.port == port for t in browser.tables()):
                return time.monotonic() - killed
            time.sleep(0.01)
        return None
    finally:
        if host.poll() is None:
            host.kill()
        if vanish:
            subprocess.run([*PEER, "ip", "link", "set", "lan1", "up"], check=False)
        browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ttl-only", action="store_true")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--lan", action="store_true", help="host in the ct-peer namespace at 192.0.2.2")
    parser.add_argument("--vanish", action="store_true", help="(with --lan) the peer's link goes down instead")
    args = parser.parse_args(argv)
    times = [one_run(args.ttl_only, args.timeout, args.lan, args.vanish and args.lan) for _ in range(args.runs)]
    done = [t for t in times if t is not None]
    print(json.dumps({
        "what": "seconds a killed host stays in the join list",
        "probes": not args.ttl_only, "how": "link down" if args.vanish and args.lan else "SIGKILL", "where": "two namespaces (192.0.2.1/2)" if args.lan else "127.0.0.1", "check_every": CHECK_EVERY, "misses": MISSES, "ttl": TTL,
        "runs": [round(t, 3) if t is not None else None for t in times],
        "median": round(statistics.median(done), 3) if done else None,
        "worst": round(max(done), 3) if done else None,
        "load": os.getloadavg()[0],
    }))
    return 0 if len(done) == len(times) else 1


if __name__ == "__main__":
    sys.exit(main())
