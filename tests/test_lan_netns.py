"""The LAN as a LAN: two network namespaces joined by a veth cable (tests/netns.py), a ``cardtable
host`` on one "machine" and players on the other, each with its default interfaces. Discovery across
the cable, a whole game, the cable pulled mid-game (a bot takes the seat over) and put back (the same
person gets the same seat), and a host killed outright leaving the other machine's table list. Every
packet stays inside the two namespaces. Waits are bounded only so that a failure ends; nothing is timed."""

from __future__ import annotations

import json
import queue
import secrets
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.netns import LanPair, lan_pair

PEER = str(Path(__file__).resolve().parent / "netns_peer.py")


@pytest.fixture(scope="module")
def lan(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LanPair]:
    yield from lan_pair(tmp_path_factory.mktemp("lan"))


_lines: dict[int, queue.Queue[str]] = {}


def _queue(process: subprocess.Popen[str]) -> queue.Queue[str]:
    """``process``'s stdout lines, read on a thread of their own (so a wait can have a deadline)."""
    if process.pid not in _lines:
        lines: queue.Queue[str] = queue.Queue()
        _lines[process.pid] = lines

        def pump() -> None:
            assert process.stdout is not None
            for line in process.stdout:
                lines.put(line)
            lines.put("")

        threading.Thread(target=pump, daemon=True).start()
    return _lines[process.pid]


def _events(process: subprocess.Popen[str], until: Any, what: str, limit: float = 90.0) -> list[dict[str, Any]]:
    """JSON lines from ``process`` up to the first for which ``until(event)`` holds (waiting at most
    ``limit`` seconds in all, so that a failure ends the test instead of hanging it)."""
    lines = _queue(process)
    seen: list[dict[str, Any]] = []
    deadline = time.monotonic() + limit
    while (left := deadline - time.monotonic()) > 0:
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            break
        if not line:
            raise AssertionError(f"the process ended before {what}: {seen[-6:]}")
        if line.startswith("{"):
            seen.append(json.loads(line))
            if until(seen[-1]):
                return seen
        else:
            seen.append({"output": line.rstrip()[:300]})  # a traceback says why it failed
    raise AssertionError(f"never {what}: {seen[-3:]}")


def _host(lan: LanPair, name: str, *extra: str) -> tuple[subprocess.Popen[str], int]:
    """``cardtable host`` on machine A with its default interfaces (it listens everywhere and advertises
    on 198.51.100.1): three seats of Oh Hell, two of them random bots."""
    process = lan.run(lan.a, "-m", "cardtable", "host", "--game", "oh_hell", "--players", "3", "--bots",
                      "random,random", "--name", name, "--bot-speed", "0", "--seed", "7", "--linger", "1", *extra,
                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    return process, int(_events(process, lambda e: "port" in e, "the host listened")[-1]["port"])


def _stop(*processes: subprocess.Popen[str] | None) -> None:
    for process in processes:
        if process is not None and process.poll() is None:
            process.kill()
            process.wait(10)


def test_a_table_is_found_across_the_cable_and_played_to_the_end(lan: LanPair) -> None:
    name = f"Den {secrets.token_hex(3)}"
    host, port = _host(lan, name)
    try:
        tables = lan.call(lan.b, "-m", "cardtable", "tables", "--json", "--timeout", "6")
        found = [t for t in json.loads(tables.stdout.strip().splitlines()[-1]) if t["name"] == name]
        assert found and (found[0]["address"], found[0]["port"]) == (lan.address_a, port)
        joined = lan.call(lan.b, "-m", "cardtable", "join", f"{lan.address_a}:{port}", "--name", "Bo",
                          "--bot", "random", "--bot-speed", "0")
        played = json.loads(joined.stdout.strip().splitlines()[-1])
        over = _events(host, lambda e: "result" in e, "the game ended")[-1]
        assert played["result"] is not None and played["result"] == over["result"] and played["closed"] is None
    finally:
        _stop(host)


def test_a_pulled_cable_hands_the_seat_to_a_bot_and_the_player_gets_it_back(lan: LanPair) -> None:
    # the bots may finish the game before Ada is back: the host stays up a while after the end
    host, port = _host(lan, f"Attic {secrets.token_hex(3)}", "--silence", "2", "--takeover", "1", "--linger", "60")
    watcher = player = None
    try:
        watcher = lan.run(lan.a, PEER, "watch", "127.0.0.1", str(port), stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        player = lan.run(lan.b, PEER, "player", lan.address_a, str(port), "12", stdout=subprocess.PIPE,
                         stdin=subprocess.PIPE, stderr=subprocess.STDOUT)
        seats = _events(player, lambda e: e["event"] == "welcome", "Ada sat down")[-1]["seats"]
        before = _events(player, lambda e: e["event"] == "played", "Ada played")[-1]["version"]
        lan.cable(False)

        def taken_over(event: dict[str, Any]) -> bool:
            seat = next(s for s in event["seats"] if s["seat"] == seats[0])
            return seat["name"] == "Ada" and not seat["connected"] and seat["bot_playing"]

        _events(watcher, taken_over, "a bot took Ada's seat over")
        lan.cable(True)
        assert player.stdin is not None
        player.stdin.write("back\n")
        player.stdin.flush()
        back = _events(player, lambda e: e["event"] == "rejoined", "Ada came back")[-1]
        assert back["seats"] == seats
        assert back["version"] > before + 3  # her seat was played while she was away (a trick needs her)
        _events(watcher, lambda e: any(s["seat"] == seats[0] and s["connected"] and not s["bot_playing"]
                                       and s["name"] == "Ada" for s in e["seats"]), "Ada in her seat again")
        result = _events(player, lambda e: e["event"] == "result", "the game ended")[-1]
        assert result["result"] is not None
    finally:
        lan.cable(True)
        _stop(player, watcher, host)


def leaves_the_list(lan: LanPair, name: str, vanish: Any, what: str) -> None:
    """A table hosted on machine A is listed by a browser on machine B; ``vanish(host)`` makes it go
    (killed, cable pulled) and B's list must drop it (``what`` names that in a failure)."""
    host, port = _host(lan, name, "--takeover", "600")
    browser = None
    try:
        browser = lan.run(lan.b, PEER, "browse", name, stdout=subprocess.PIPE, stdin=subprocess.PIPE,
                          stderr=subprocess.DEVNULL)
        added = _events(browser, lambda e: e["event"] == "added", "the table was listed")[-1]
        assert (added["address"], added["port"]) == (lan.address_a, port)
        vanish(host)
        removed = _events(browser, lambda e: e["event"] == "removed", what)[-1]
        assert removed["port"] == port
    finally:
        lan.cable(True)
        _stop(browser, host)


def test_a_killed_host_leaves_the_other_machines_list(lan: LanPair) -> None:
    def kill(host: subprocess.Popen[str]) -> None:
        host.send_signal(signal.SIGKILL)
        host.wait(10)

    leaves_the_list(lan, f"Shed {secrets.token_hex(3)}", kill, "the dead table left the list")


def _listed(lan: LanPair, name: str, count: int) -> list[dict[str, Any]]:
    """Machine B's ``cardtable tables --json`` rows called ``name``, asked again until there are ``count``."""
    for _ in range(10):
        tables = lan.call(lan.b, "-m", "cardtable", "tables", "--json", "--timeout", "4")
        found = [t for t in json.loads(tables.stdout.strip().splitlines()[-1]) if t["name"] == name]
        if len(found) >= count:
            return found
    raise AssertionError(f"never {count} tables called {name}: {found}")


def test_a_copy_of_the_table_is_a_conflict_and_learns_neither_pin_nor_token(lan: LanPair) -> None:
    """Another machine on the LAN (B) copies the table's id and name and advertises itself with a key of
    its own: B's list shows the two as a conflict (both keys), a player who sat at the real table does
    not give the copy her token, and a newcomer's PIN exchange tells the copy nothing but a wrong guess."""
    name = f"Hall {secrets.token_hex(3)}"
    pin = "482193"
    host, port = _host(lan, name, "--pin", pin)
    copy = None
    try:
        real = _listed(lan, name, 1)[0]
        copy = lan.run(lan.b, PEER, "impostor", real["table_id"], name, "999999", stdout=subprocess.PIPE,
                       stdin=subprocess.PIPE, stderr=subprocess.DEVNULL)
        listening = _events(copy, lambda e: e.get("event") == "listening", "the copy listened")[-1]
        both = _listed(lan, name, 2)
        assert {t["port"] for t in both} == {port, listening["port"]}
        assert all(t["conflict"] for t in both) and {t["host_key"] for t in both} == {real["host_key"],
                                                                                        listening["key"]}
        assert len({t["fingerprint"] for t in both}) == 2
        tried = lan.call(lan.b, PEER, "trusty", lan.address_a, str(port), lan.address_b, str(listening["port"]),
                         pin, real["host_key"])
        said = {e["event"]: e for e in map(json.loads, tried.stdout.strip().splitlines())}
        assert said["seated"]["token_known"]
        assert "not the table you know" in said["rejoin"]["reason"]
        assert said["newcomer"]["reason"] == "wrong PIN: 2 tries left"
        assert copy.stdin is not None
        copy.stdin.write("report\n")
        copy.stdin.flush()
        heard = _events(copy, lambda e: e.get("event") == "heard", "the copy reported")[-1]
        assert heard["joins"] == [] and heard["pin_failures"] == 1  # it opened nothing: no name, no token
        assert said["token"]["token"] not in json.dumps(heard)
    finally:
        _stop(copy, host)


def test_without_root_the_lan_tests_skip_with_the_reason_or_fail_under_ci(monkeypatch, tmp_path) -> None:
    import os

    from _pytest.outcomes import Failed, Skipped

    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    monkeypatch.delenv("CARDTABLE_LAN_TESTS", raising=False)
    with pytest.raises(Skipped, match="need root"):
        next(lan_pair(tmp_path))
    monkeypatch.setenv("CARDTABLE_LAN_TESTS", "1")
    with pytest.raises(Failed, match="CARDTABLE_LAN_TESTS=1 but the LAN tests need root"):
        next(lan_pair(tmp_path))
