"""The fixed-tick loop ("Fix Your Timestep", Glenn Fiedler): simulate at a fixed rate, render freely.

Each frame adds the real time elapsed to an accumulator and runs as many fixed ticks of ``TICK``
seconds as fit; rendering then gets ``alpha = accumulator / TICK``, how far the present lies between
the last tick and the next, so animations can interpolate. A long stall (a window drag, a slow disk)
is capped at ``MAX_FRAME`` so the loop never spirals into catching up forever.

The loop owns no pygame state: ``tick`` and ``render`` are callbacks, the clock is injectable, and
:meth:`FixedLoop.advance` lets tests and tools drive it with exact frame times.
"""

from __future__ import annotations

import time
from collections.abc import Callable

TICK_RATE = 120
TICK = 1.0 / TICK_RATE
MAX_FRAME = 0.25


class FixedLoop:
    def __init__(
        self,
        tick: Callable[[float], None],
        render: Callable[[float], None],
        clock: Callable[[], float] = time.perf_counter,
        tick_seconds: float = TICK,
    ) -> None:
        self.tick = tick
        self.render = render
        self.clock = clock
        self.dt = tick_seconds
        self.accumulator = 0.0
        self.ticks = 0
        self.frames = 0
        self._previous: float | None = None
        self.running = True

    def advance(self, frame_time: float, render: bool = True) -> int:
        """Account ``frame_time`` seconds: run the ticks due, then render once. Returns ticks run."""
        self.accumulator += min(max(frame_time, 0.0), MAX_FRAME)
        ran = 0
        while self.accumulator >= self.dt and self.running:
            self.tick(self.dt)
            self.accumulator -= self.dt
            self.ticks += 1
            ran += 1
        if render and self.running:
            self.render(self.accumulator / self.dt)
            self.frames += 1
        return ran

    def frame(self) -> int:
        """One frame against the real clock."""
        now = self.clock()
        elapsed = 0.0 if self._previous is None else now - self._previous
        self._previous = now
        return self.advance(elapsed)

    def run(self, limit_fps: int = 0, sleep: Callable[[float], None] = time.sleep) -> None:
        """Frames until ``running`` turns false; with ``limit_fps`` the loop sleeps off spare time."""
        budget = 1.0 / limit_fps if limit_fps else 0.0
        while self.running:
            start = self.clock()
            self.frame()
            if budget:
                spare = budget - (self.clock() - start)
                if spare > 0.0005:
                    sleep(spare)
