"""How long a dead table stays in the join list: ``python -m tools.join_list_truth [--runs N] [--ttl-only]``.

Each run starts ``cardtable host`` on 127.0.0.1 (advertised there), waits until a browser lists it,
kills the host outright (SIGKILL: no goodbye on the network), and times how long the browser still
lists it. The default browser probes every listed table (netplay.discovery.CHECK_EVERY); ``--ttl-only``
turns the probes off, so only the shorter record TTLs remove it (zeroconf checks its cache every 10 s).
Prints JSON: every run's seconds, the median and the worst. Run it inside a network namespace
(/work/shared/tools/lan_sandbox.sh) to keep the multicast off any real LAN.
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


def start_host(args: list[str], interface: str = "127.0.0.1") -> tuple[subprocess.Popen[str], int]:
    """``cardtable host --interface INTERFACE ARGS`` in a process of its own, and the port it listens on."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    host = subprocess.Popen([sys.executable, "-m", "cardtable", "host", "--interface", interface, *args],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    for line in host.stdout:  # type: ignore[union-attr]
        if line.startswith("{"):
            return host, int(json.loads(line)["port"])
    host.kill()
    raise RuntimeError("cardtable host did not start")


def one_run(ttl_only: bool, timeout: float) -> float | None:
    host, port = start_host(["--game", "speed", "--players", "2", "--name", f"Stale {os.getpid()} {time.time():.0f}"])
    browser = LiveBrowser(["127.0.0.1"], verify=not ttl_only).start()
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not any(t.port == port for t in browser.tables()):
            time.sleep(0.01)
        if not any(t.port == port for t in browser.tables()):
            return None
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
        browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ttl-only", action="store_true")
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args(argv)
    times = [one_run(args.ttl_only, args.timeout) for _ in range(args.runs)]
    done = [t for t in times if t is not None]
    print(json.dumps({
        "what": "seconds a killed host stays in the join list",
        "probes": not args.ttl_only, "check_every": CHECK_EVERY, "misses": MISSES, "ttl": TTL,
        "runs": [round(t, 3) if t is not None else None for t in times],
        "median": round(statistics.median(done), 3) if done else None,
        "worst": round(max(done), 3) if done else None,
        "load": os.getloadavg()[0],
    }))
    return 0 if len(done) == len(times) else 1


if __name__ == "__main__":
    sys.exit(main())
