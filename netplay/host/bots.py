"""Bot scheduling: bots' turns, bots taking over the seats of people who dropped, and turn timers."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING, Any

from cardtable.engine.bots import get_bot
from cardtable.netplay.host.seats import BOT, PERSON

if TYPE_CHECKING:
    from cardtable.netplay.host.table import Host

log = logging.getLogger("cardtable.host")


class BotScheduler:
    """Starts a task for each bot (or taken-over seat) due to act, arms the takeover clock of a seat
    whose person is away, and the turn timers of people in turn games."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.busy: set[int] = set()  # seats whose bot is thinking or whose action is queued
        self._tasks: set[asyncio.Task[None]] = set()
        self._timers: dict[int, asyncio.TimerHandle] = {}  # seat: turn timer; -1 - seat: takeover
        self._rng = random.Random(host.seed ^ 0x5EED)

    def choices(self, index: int) -> list[dict[str, Any]]:
        """The legal actions a bot may pick: never one that ends the table (``leave``) while a person
        holds a seat; ending a table people sit at is theirs to decide."""
        host = self.host
        legal = host.game.legal(host.state, index)
        if any(seat.kind == PERSON for seat in host.seats):
            staying = [action for action in legal if action.get("type") != "leave"]
            return staying or legal
        return legal

    def level(self, index: int) -> str | None:
        """The level of the bot that plays seat ``index`` now, if one does."""
        seat = self.host.seats[index]
        if seat.kind == BOT:
            return seat.level
        if seat.kind == PERSON and seat.takeover:
            return self.host.config.takeover_level
        return None

    def schedule(self) -> None:
        host = self.host
        if not host.started or host.result is not None or host.paused:
            return
        for index in host.game.to_act(host.state):
            level = self.level(index)
            if level is None or index in self.busy:
                continue
            if not host.game.legal(host.state, index):
                continue
            self.busy.add(index)
            task = asyncio.get_running_loop().create_task(self._turn(index, level))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _turn(self, index: int, level: str) -> None:
        host = self.host
        bot = get_bot(host.game.name, level)
        try:
            delay = bot.delay(host.game.view(host.state, index), self._rng) * host.config.bot_speed
            if delay > 0:
                await asyncio.sleep(delay)
            else:
                await asyncio.sleep(0)
            if host.result is not None or host.paused or self.level(index) is None:
                self.busy.discard(index)  # paused: scheduled again on resume
                return
            legal = self.choices(index)
            if not legal:
                self.busy.discard(index)
                return
            try:
                action = bot.choose(host.game.view(host.state, index), legal, self._rng)
            except Exception:  # a bot bug must not stall the table: play a random legal action
                log.exception("%s bot %s failed", host.game.name, level)
                action = host.game.sample(host.state, index, self._rng)
        except Exception:
            self.busy.discard(index)
            raise
        host.submit(index, action, host.clock())

    def arm_takeover(self, index: int) -> None:
        host = self.host
        if host.config.takeover <= 0:
            return
        loop = asyncio.get_running_loop()

        def take() -> None:
            seat = host.seats[index]
            if seat.kind == PERSON and seat.conn is None and host.result is None:
                seat.takeover = True
                host.changed()
                self.schedule()

        self.cancel_takeover(index)
        self._timers[-1 - index] = loop.call_later(host.config.takeover, take)

    def cancel_takeover(self, index: int) -> None:
        timer = self._timers.pop(-1 - index, None)
        if timer is not None:
            timer.cancel()

    def arm_turn_timers(self) -> None:
        host = self.host
        if host.config.turn_timer <= 0 or host.game.realtime or host.paused:
            return
        loop = asyncio.get_running_loop()
        for index in range(host.players):
            old = self._timers.pop(index, None)
            if old is not None:
                old.cancel()
        version = host.version
        for index in host.game.to_act(host.state):
            if self.level(index) is not None:
                continue

            def expire(index: int = index) -> None:
                if host.version != version or host.result is not None or not host.game.legal(host.state, index):
                    return
                rng = random.Random(f"{host.seed}/timer/{version}/{index}")
                host.submit(index, host.game.sample(host.state, index, rng), host.clock())

            self._timers[index] = loop.call_later(host.config.turn_timer, expire)

    def stop_turn_timers(self) -> None:
        for index in [i for i in self._timers if i >= 0]:
            self._timers.pop(index).cancel()

    def stop_timers(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for handle in self._timers.values():
            handle.cancel()
