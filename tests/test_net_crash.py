"""A headless host process killed with SIGKILL mid-game resumes from its log with the same state hash;
the player comes back with the seat token and the game finishes. Also the replay command and log
damage handling."""

from __future__ import annotations

import asyncio
import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from cardtable.cli import main as cli_main
from cardtable.engine.core import state_hash
from cardtable.netplay.botclient import play_as_bot
from cardtable.netplay.client import AsyncClient
from cardtable.netplay.tablelog import LogError, replay_records

ROOT = Path(__file__).resolve().parents[1]


def _spawn(*args: str) -> tuple[subprocess.Popen[str], int]:
    process = subprocess.Popen(
        [sys.executable, "-m", "cardtable.cli", "host", "--interface", "127.0.0.1", "--no-advertise",
         "--bot-speed", "0", "--linger", "0.2", *args],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=os.environ.copy(),
    )
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    while True:
        line = lines.get(timeout=30)
        if line.startswith("{") and '"port"' in line:
            return process, int(json.loads(line)["port"])


async def _play_until(client: AsyncClient, actions: int) -> dict[str, Any]:
    """Play seat 0 (first legal action) until ``actions`` were acked; return the next view where seat 0
    must act (the bots then wait for us, so the table is still)."""
    acked = 0
    latest: dict[str, Any] | None = None
    pending = False
    while True:
        message = await client.recv(10.0)
        assert message is not None, client.closed_reason
        if message["type"] == "ack":
            acked += 1
            pending = False
        elif message["type"] == "view" and message["seat"] == 0:
            latest = message
        if latest is not None and latest["legal"] and not pending and latest["version"] >= 0:
            if acked >= actions:
                return latest
            client.send_action(0, latest["legal"][-1])
            pending = True
            latest = None


def test_sigkilled_host_resumes_from_its_log(tmp_path) -> None:
    log = str(tmp_path / "table.log")
    first, port = _spawn("--game", "oh_hell", "--players", "3", "--bots", "random,random", "--seed", "21",
                         "--log", log)
    second = None
    try:
        async def before() -> tuple[str, dict[str, Any]]:
            client = AsyncClient("127.0.0.1", port, "Ada")
            welcome = await client.connect()
            assert welcome["seats"] == [0]
            view = await _play_until(client, 12)
            first.kill()  # SIGKILL: no goodbye, no flush beyond what the host already did
            first.wait(10)
            assert client.token is not None
            return client.token, view

        token, last_view = asyncio.run(before())
        assert first.returncode == -9
        replayed = replay_records(log)  # checks every recorded hash
        assert len(replayed.actions) == last_view["version"]
        assert replayed.game.view(replayed.state, 0) == last_view["view"]
        hash_at_kill = state_hash(replayed.game, replayed.state)

        second, port = _spawn("--resume", log)

        async def after() -> Any:
            client = AsyncClient("127.0.0.1", port, "Ada", token=token)
            welcome = await client.connect()
            assert welcome["seats"] == [0] and welcome["table"]["started"]
            view = await client.recv(5.0)
            while view is not None and view["type"] != "view":
                view = await client.recv(5.0)
            assert view is not None
            assert view["version"] == last_view["version"] and view["view"] == last_view["view"]
            run = await play_as_bot(client, "random", bot_speed=0.0, seen=[view])
            await client.close()
            return run

        run = asyncio.run(after())
        second.wait(20)
        assert run.result is not None
        final = replay_records(log)
        assert final.ended and final.result == run.result and final.hash == run.hash
        prefix = final.actions[: len(replayed.actions)]
        assert [(r["seat"], r["action"]) for r in prefix] == [(r["seat"], r["action"]) for r in replayed.actions]
        assert any("hash" in r for r in prefix)  # checked by replay_records
        resumed_state = final.game.new(3, 21, final.header["options"])
        for record in prefix:
            final.game.apply(resumed_state, record["seat"], record["action"])
        assert state_hash(final.game, resumed_state) == hash_at_kill
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait(5)


def test_replay_command_verifies_and_detects_tampering(tmp_path, capsys) -> None:
    from cardtable.netplay.host import start_local_table

    log = tmp_path / "t.log"

    table = start_local_table("oh_hell", 3, seats=["random"] * 3, seed=5, log=str(log), bot_speed=0.0)
    table.start_game()
    try:
        for _ in range(400):
            if table.call(lambda: table.host.result) is not None:
                break
            asyncio.run(asyncio.sleep(0.02))
    finally:
        table.stop()
    assert cli_main(["replay", str(log), "--verify"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["ok"] and report["ended"] and report["result"]["winners"]

    data = log.read_bytes()
    (tmp_path / "cut.log").write_bytes(data[:-7])  # a crash in the middle of the last record
    cut = replay_records(str(tmp_path / "cut.log"))
    assert not cut.ended and cut.hash == report["hash"]
    records = replay_records(str(log))
    index = data.index(bytes([0xA4]) + b"seat", len(data) // 2)  # a "seat" key mid-game
    mutated = data[: index + 5] + bytes([(data[index + 5] + 1) % 3]) + data[index + 6:]
    (tmp_path / "bad.log").write_bytes(mutated)
    with pytest.raises(LogError):
        replay_records(str(tmp_path / "bad.log"))
    assert cli_main(["replay", str(tmp_path / "bad.log"), "--verify"]) == 1
    assert records.ended


def test_host_tables_and_join_commands(capsys) -> None:
    process, port = None, 0
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "cardtable.cli", "host", "--interface", "127.0.0.1", "--game", "oh_hell",
             "--players", "3", "--bots", "random,random", "--name", "Den", "--bot-speed", "0", "--linger", "0.2"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=os.environ.copy())
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith("{"):
                port = int(json.loads(line)["port"])
                break
        assert cli_main(["tables", "--interface", "127.0.0.1", "--timeout", "2.5", "--json"]) == 0
        listed = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        (den,) = [t for t in listed if t["port"] == port]
        assert (den["name"], den["game"], den["taken"], den["seats"], den["started"]) == ("Den", "oh_hell", 2, 3, False)
        assert cli_main(["join", f"127.0.0.1:{port}", "--name", "J", "--bot", "random", "--bot-speed", "0"]) == 0
        report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        assert report["result"]["winners"] and report["hash"]
        process.wait(20)
        assert process.returncode == 0
    finally:
        if process is not None and process.poll() is None:
            process.kill()
            process.wait(5)
