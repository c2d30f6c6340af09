"""A network client whose seats are played by an ``engine.bots`` bot (``cardtable join --bot``, soak tests,
benchmarks). It sees only what the host sends its seats, like any client."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.bots import get_bot
from cardtable.netplay.client import AsyncClient


@dataclass
class BotRun:
    """What a bot client saw: the result, the final views and a few counts."""

    result: dict[str, Any] | None = None
    hash: str | None = None
    views: dict[int, dict[str, Any]] = field(default_factory=dict)
    versions: dict[int, int] = field(default_factory=dict)
    sent: int = 0
    acked: int = 0
    rejected: int = 0
    closed: str | None = None


async def play_as_bot(
    client: AsyncClient,
    level: str,
    *,
    bot_speed: float = 1.0,
    seed: int = 0,
    stop_after: int | None = None,
    run: BotRun | None = None,
    seen: list[dict[str, Any]] | None = None,
) -> BotRun:
    """Play every seat of ``client`` (already connected) until the game has a result or the connection
    closes. At most one action per seat is in flight; a bot waits its delay (times ``bot_speed``) after
    each new view before choosing. ``stop_after``: return after sending that many actions; ``seen``:
    messages the caller already took from the client (the latest view per seat counts)."""
    assert client.welcome is not None
    game_name = client.welcome["table"]["game"]
    bot = get_bot(game_name, level)
    rng = random.Random(seed)
    run = run or BotRun()
    in_flight: dict[int, tuple[int, int]] = {}  # seat -> (seq, view version it was chosen from)
    waiting: dict[int, tuple[int, float]] = {}  # seat -> (version, retry time): wait for a newer view
    latest: dict[int, dict[str, Any]] = {}
    thinking: dict[int, asyncio.Task[None]] = {}
    loop = asyncio.get_running_loop()
    backlog = list(seen or [])

    def ready(seat: int) -> bool:
        view = latest[seat]
        if seat in in_flight or (seat in thinking and not thinking[seat].done()):
            return False
        if not view["legal"] or view.get("result") is not None:
            return False
        seen, retry_at = waiting.get(seat, (-1, 0.0))
        return view["version"] > seen or loop.time() >= retry_at

    async def act(seat: int, message: dict[str, Any]) -> None:
        delay = bot.delay(message["view"], rng) * bot_speed
        await asyncio.sleep(delay)
        current = latest.get(seat, message)
        if current["legal"] and current.get("result") is None and seat not in in_flight:
            action = bot.choose(current["view"], current["legal"], rng)
            in_flight[seat] = (client.send_action(seat, action), current["version"])
            run.sent += 1

    while True:
        if stop_after is not None and run.sent >= stop_after:
            break
        message = backlog.pop(0) if backlog else await client.recv(timeout=0.1)
        if message is None:
            if client.closed_reason is not None:
                run.closed = client.closed_reason
                break
            message = {"type": "tick"}
        kind = message["type"]
        if kind == "view" and message.get("seat") is not None:
            seat = int(message["seat"])
            latest[seat] = message
            run.views[seat] = message["view"]
            run.versions[seat] = message["version"]
            if message.get("result") is not None:
                run.result = message["result"]
        elif kind in ("ack", "reject"):
            for seat, (seq, version) in list(in_flight.items()):
                if seq == message.get("seq"):
                    del in_flight[seat]
                    # an ack is followed by a newer view; after a reject (a lost race) retry soon anyway
                    retry = float("inf") if kind == "ack" else loop.time() + 0.05
                    waiting[seat] = (version, retry)
            if kind == "ack":
                run.acked += 1
            else:
                run.rejected += 1
        elif kind == "result":
            run.result, run.hash = message["result"], message.get("hash")
            break
        elif kind == "bye":
            run.closed = str(message.get("reason"))
        for seat in latest:
            if ready(seat):
                thinking[seat] = asyncio.create_task(act(seat, latest[seat]))
    for task in thinking.values():
        task.cancel()
    return run
