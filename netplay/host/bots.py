"""Bot scheduling: bots' turns, and bots taking over the seats of people who dropped or who let the
turn clock run out."""

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
    """Starts a task for each bot (or taken-over seat) due to act, arms the takeover timer of a seat
    whose person dropped, and runs the turn clock of the seats the game waits for."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.busy: set[int] = set()  # seats whose bot is thinking or whose action is queued
        self._tasks: set[asyncio.Task[None]] = set()
        self._timers: dict[int, asyncio.TimerHandle] = {}  # seat: takeover
        self._clock: asyncio.TimerHandle | None = None  # the turn clock (docs/PROTOCOL.md, "Turn clock")
        self.clock_seats: list[int] = []  # the seats the clock runs for
        self.clock_deadline: float | None = None  # in host time
        self._clock_version = -1  # the table's version when it started
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
        self._timers[index] = loop.call_later(host.config.takeover, take)

    def cancel_takeover(self, index: int) -> None:
        timer = self._timers.pop(index, None)
        if timer is not None:
            timer.cancel()

    # -- the turn clock ---------------------------------------------------------------------------

    def on_the_clock(self) -> list[int]:
        """The seats the game waits for: people no bot plays for, with something to do now, at a table
        where someone else plays too (a person alone with bots, or every person on one screen, holds
        nobody up). In a turn game that is the seat whose turn it is; in a real-time one every person
        with a play left: only while nothing moves does their clock run down."""
        host = self.host
        if host.config.turn_clock <= 0 or not host.started or host.result is not None or host.paused:
            return []
        people = {seat.token_hash for seat in host.seats if seat.kind == PERSON}
        if len(people) < 2:
            return []
        return [index for index in host.game.to_act(host.state)
                if host.seats[index].kind == PERSON and not host.seats[index].takeover
                and host.game.legal(host.state, index)]

    def arm_clock(self, restart: bool = False) -> None:
        """After a change: the clock starts again when the game moved on or waits for other seats
        (``restart``: in any case, for a new clock length); it keeps running when nothing it counts changed."""
        host = self.host
        seats = self.on_the_clock()
        if not restart and seats == self.clock_seats and host.version == self._clock_version:
            return
        self.stop_clock()
        self.clock_seats = seats
        self._clock_version = host.version
        if seats:
            self.clock_deadline = host.clock() + host.config.turn_clock
            self._clock = asyncio.get_running_loop().call_later(host.config.turn_clock, self.check_clock)

    def clock_left(self) -> float | None:
        """Seconds until the clock runs out (None: no clock runs)."""
        return None if self.clock_deadline is None else max(0.0, self.clock_deadline - self.host.clock())

    def check_clock(self) -> None:
        """If its time has come on the host's clock, run the clock out: a bot plays each seat the game
        still waits for, and its person is marked away until they act (or ``sit`` down again)."""
        left = self.clock_left()
        if left is None:
            return
        if left > 0:  # a timer that fired early by the host's clock (an injected one)
            self._clock = asyncio.get_running_loop().call_later(left, self.check_clock)
            return
        host = self.host
        late = [index for index in self.on_the_clock() if index in self.clock_seats]
        self.stop_clock()
        for index in late:
            host.seats[index].takeover = True
            log.info("turn clock: a bot plays seat %d for %s", index, host.seats[index].name)
        if late:
            host.changed()
            self.schedule()

    def stop_clock(self) -> None:
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None
        self.clock_seats = []
        self.clock_deadline = None
        self._clock_version = -1

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for handle in self._timers.values():
            handle.cancel()
        self.stop_clock()
