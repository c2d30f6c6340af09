"""A table log played back step by step: the state after any number of its actions, and what any seat
(or a spectator) saw then, exactly as the host pushed it.

Step ``k`` is the table after the first ``k`` actions of the log (``k = 0``: the deal), the host's view
``version`` ``k``. :class:`Replay` keeps a copy of the state every :data:`CHECKPOINT` steps, so a step
back or a jump costs at most that many actions replayed, and stepping forward costs one. The events of
a forward step are the action's events as that seat got them (:func:`engine.core.public_events`).
Every hash the log recorded is checked on the way (a log that does not replay raises ``LogError``).
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.core import public_events, state_hash
from cardtable.netplay.tablelog import LogError, replay_records

CHECKPOINT = 32


class Replay:
    def __init__(self, path: str, checkpoint: int = CHECKPOINT) -> None:
        replayed = replay_records(path, verify=True)
        self.path = path
        self.header = replayed.header
        self.seat_records = replayed.seats
        self.game = replayed.game
        self.actions = replayed.actions
        self.final_result = replayed.result
        self.players = int(self.header["players"])
        self.checkpoint = max(1, checkpoint)
        state = self.game.new(self.players, self.header["seed"], self.header.get("options"))
        self._saved: dict[int, Any] = {0: self.game.clone(state)}
        for k, record in enumerate(self.actions, start=1):
            self.game.apply(state, record["seat"], record["action"])
            if k % self.checkpoint == 0:
                self._saved[k] = self.game.clone(state)
        self.step = 0
        self.state = self.game.clone(self._saved[0])
        self.events: list[dict[str, Any]] = []  # the events of the last forward step ([] after a jump)

    # -- what is in the log -----------------------------------------------------------------------

    @property
    def steps(self) -> int:
        return len(self.actions)

    @property
    def names(self) -> list[str]:
        """The players by seat, as the table called them ("Bot 2 (normal)" for a bot)."""
        out = []
        for index, seat in enumerate(self.seat_records):
            name = str(seat.get("name") or "")
            if seat.get("kind") == "bot":
                out.append(f"Bot {index + 1} ({seat.get('level') or 'bot'})")
            else:
                out.append(name or f"Player {index + 1}")
        return out

    def time_of(self, step: int) -> float | None:
        """The wall-clock time the host applied action ``step`` (1-based), when the log has it."""
        if 1 <= step <= self.steps:
            t = self.actions[step - 1].get("t")
            return float(t) if isinstance(t, int | float) else None
        return None

    def gap_before(self, step: int) -> float:
        """Seconds between action ``step - 1`` and action ``step`` at the table (0 when unknown)."""
        now, before = self.time_of(step), self.time_of(step - 1)
        if now is None or before is None:
            return 0.0
        return max(0.0, now - before)

    def recorded_hash(self, step: int) -> str | None:
        if 1 <= step <= self.steps:
            digest = self.actions[step - 1].get("hash")
            return str(digest) if digest is not None else None
        return None

    # -- moving -----------------------------------------------------------------------------------

    def forward(self) -> bool:
        """One action on; False at the end."""
        if self.step >= self.steps:
            return False
        record = self.actions[self.step]
        self.events = self.game.apply(self.state, record["seat"], record["action"])
        self.step += 1
        return True

    def back(self) -> bool:
        """One action back; False at the start."""
        if self.step <= 0:
            return False
        self.goto(self.step - 1)
        return True

    def goto(self, step: int) -> None:
        """The table after ``step`` actions (clamped to the log)."""
        step = max(0, min(step, self.steps))
        if step == self.step + 1:
            self.forward()
            return
        base = (step // self.checkpoint) * self.checkpoint
        if not (self.step <= step and self.step >= base):
            self.state = self.game.clone(self._saved[base])
            self.step = base
        while self.step < step:
            record = self.actions[self.step]
            self.game.apply(self.state, record["seat"], record["action"])
            self.step += 1
        self.events = []

    # -- what a seat sees -------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    def seat_events(self, seat: int | None) -> list[dict[str, Any]]:
        return public_events(self.game, self.state, self.events, seat)

    def result(self) -> dict[str, Any] | None:
        return self.game.result(self.state)

    def hash(self) -> str:
        return state_hash(self.game, self.state)

    def acting_seat(self, step: int) -> int | None:
        """The seat whose action ``step`` (1-based) is."""
        if 1 <= step <= self.steps:
            seat = self.actions[step - 1].get("seat")
            return seat if isinstance(seat, int) else None
        return None


__all__ = ["CHECKPOINT", "LogError", "Replay"]
