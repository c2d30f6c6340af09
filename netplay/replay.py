"""A table played back step by step, for the replay viewer (arcade/scenes/replay.py).

:class:`Replay` plays a host's table log: the state after any number of its actions, and what any seat
(or a spectator) saw then, exactly as the host pushed it. :class:`RecordedReplay` plays a guest's own
recording (netplay.recording): the views its seats received, as they arrived, and nothing else.
:func:`load` opens either. Both are a :class:`Playback`: steps, forward/back/goto, the view and events of
a seat at the present step, whose points of view it holds (:meth:`Playback.viewpoints`).

Step ``k`` is the table after the first ``k`` actions of the log (``k = 0``: the deal), the host's view
``version`` ``k``. :class:`Replay` keeps a copy of the state every :data:`CHECKPOINT` steps, so a step
back or a jump costs at most that many actions replayed, and stepping forward costs one. The events of
a forward step are the action's events as that seat got them (:func:`engine.core.public_events`).
Every hash the log recorded is checked on the way (a log that does not replay raises ``LogError``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardtable.engine import get_game
from cardtable.engine.coach.review import Turn
from cardtable.engine.core import Game, public_events, state_hash
from cardtable.netplay.tablelog import LogError, _check_chain, _read, replay_records

CHECKPOINT = 32


def seat_names(seats: list[dict[str, Any]]) -> list[str]:
    """The players by seat, as the table called them ("Bot 2 (normal)" for a bot)."""
    out = []
    for index, seat in enumerate(seats):
        name = str(seat.get("name") or "")
        if seat.get("kind") == "bot":
            out.append(f"Bot {index + 1} ({seat.get('level') or 'bot'})")
        else:
            out.append(name or f"Player {index + 1}")
    return out


class Playback:
    """What the replay viewer steps through. Step 0 is the first view there is; ``events`` are those of
    the last forward step ([] after a jump or a step back)."""

    path: str
    game: Game
    players: int
    seat_records: list[dict[str, Any]]
    step: int
    events: list[dict[str, Any]]
    recorded = False  # a guest's recording: only the seats it received views for
    stopped = ""  # why a recording stopped before the end ("" when it did not)

    @property
    def steps(self) -> int:
        raise NotImplementedError

    @property
    def names(self) -> list[str]:
        return seat_names(self.seat_records)

    def viewpoints(self) -> list[int | None]:
        """The points of view it can show: None is a spectator's."""
        return [None, *range(self.players)]

    def label(self, seat: int | None) -> str:
        """Whose point of view ``seat`` is: "Spectator", the player's name, with the seat when two
        players share the name (a couch's two seats on one connection)."""
        if seat is None:
            return "Spectator"
        names = self.names
        name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
        return f"{name} (seat {seat + 1})" if names.count(name) > 1 else name

    def time_of(self, step: int) -> float | None:
        raise NotImplementedError

    def gap_before(self, step: int) -> float:
        """Seconds between step ``step - 1`` and step ``step`` at the table (0 when unknown)."""
        now, before = self.time_of(step), self.time_of(step - 1)
        if now is None or before is None:
            return 0.0
        return max(0.0, now - before)

    def missed(self, step: int) -> int:
        """Actions of the table between step ``step - 1`` and step ``step`` that it did not see."""
        return 0

    def rejoined(self, step: int) -> bool:
        """Step ``step`` is the first after this computer came back to the table."""
        return False

    def shown_seat(self, seat: int | None) -> int | None:
        """The seat whose view :meth:`view` gives for ``seat`` at the present step."""
        return seat

    def version(self, step: int) -> int:
        """The table's count of actions at ``step``."""
        return max(0, min(step, self.steps))

    def forward(self) -> bool:
        """One step on; False at the end."""
        if self.step >= self.steps:
            return False
        self._advance()
        return True

    def goto(self, step: int) -> None:
        """The table at ``step`` (clamped): one step on keeps its events, any other move has none."""
        step = max(0, min(step, self.steps))
        if step == self.step + 1:
            self.forward()
            return
        self._jump(step)
        self.events = []

    def _advance(self) -> None:
        raise NotImplementedError

    def _jump(self, step: int) -> None:
        raise NotImplementedError

    def back(self) -> bool:
        """One step back; False at the start."""
        if self.step <= 0:
            return False
        self.goto(self.step - 1)
        return True

    def turns(self, seat: int) -> list[Turn]:
        """The whole game as ``seat`` saw it, one :class:`Turn` a step, for the after-game review
        (its own moves with their legal actions when the log has them). Leaves the replay at its end."""
        self.goto(0)
        out = []
        while self.step < self.steps:
            step, view, move = self.step, self.view(seat), self.own_move(seat)
            self.forward()
            out.append(Turn(step, view, self.seat_events(seat), *move))
        return out

    def own_move(self, seat: int) -> tuple[list[dict[str, Any]] | None, dict[str, Any] | None]:
        """``seat``'s legal actions and the action it took at the present step, when the step is its own
        and the log keeps actions (a guest's recording does not: (None, None))."""
        return None, None


class Replay(Playback):
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

    def time_of(self, step: int) -> float | None:
        """The wall-clock time the host applied action ``step`` (1-based), when the log has it."""
        if 1 <= step <= self.steps:
            t = self.actions[step - 1].get("t")
            return float(t) if isinstance(t, int | float) else None
        return None

    def recorded_hash(self, step: int) -> str | None:
        if 1 <= step <= self.steps:
            digest = self.actions[step - 1].get("hash")
            return str(digest) if digest is not None else None
        return None

    # -- moving -----------------------------------------------------------------------------------

    def _advance(self) -> None:
        record = self.actions[self.step]
        self.events = self.game.apply(self.state, record["seat"], record["action"])
        self.step += 1

    def _jump(self, step: int) -> None:
        """The table after ``step`` actions, from the nearest checkpoint at or before it."""
        base = (step // self.checkpoint) * self.checkpoint
        if not (self.step <= step and self.step >= base):
            self.state = self.game.clone(self._saved[base])
            self.step = base
        while self.step < step:
            record = self.actions[self.step]
            self.game.apply(self.state, record["seat"], record["action"])
            self.step += 1

    # -- what a seat sees -------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    def seat_events(self, seat: int | None) -> list[dict[str, Any]]:
        return public_events(self.game, self.state, self.events, seat)

    def result(self) -> dict[str, Any] | None:
        return self.game.result(self.state)

    def hash(self) -> str:
        return state_hash(self.game, self.state)

    def own_move(self, seat: int) -> tuple[list[dict[str, Any]] | None, dict[str, Any] | None]:
        record = self.actions[self.step] if self.step < self.steps else None
        if record is None or record.get("seat") != seat:
            return None, None
        return self.game.legal(self.state, seat), record["action"]

    def acting_seat(self, step: int) -> int | None:
        """The seat whose action ``step`` (1-based) is."""
        if 1 <= step <= self.steps:
            seat = self.actions[step - 1].get("seat")
            return seat if isinstance(seat, int) else None
        return None


@dataclass
class Frame:
    """One step of a recording: the table at ``version`` (its count of actions), as each recorded seat
    received it."""

    version: int
    t: float | None
    views: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    events: dict[int | None, list[dict[str, Any]]] = field(default_factory=dict)
    result: dict[str, Any] | None = None
    rejoined: bool = False  # the first step after this computer came back to the table


class RecordedReplay(Playback):
    """A guest's recording (netplay.recording) played back: step ``k`` is the ``k``-th table version it
    received, with exactly the views and events its seats got then. Where it was away, versions jump:
    :meth:`missed` says how many actions it did not see."""

    recorded = True

    def __init__(self, path: str) -> None:
        records, _ = _read(path)
        if not records or records[0].get("type") != "header" or "recording" not in records[0]:
            raise LogError(f"{path}: not a recording (no header record)", 0, "schema")
        _check_chain(path, records)
        self.path = path
        self.header = records[0]
        name = str(self.header.get("game") or "")
        try:
            self.game = get_game(name)
        except (KeyError, ValueError):
            raise LogError(f"{path}: record 0 (header): unknown game {name[:40]!r}", 0, "schema") from None
        players = self.header.get("players")
        if not isinstance(players, int) or not self.game.min_players <= players <= self.game.max_players:
            raise LogError(f"{path}: record 0 (header): {players!r} players", 0, "schema")
        self.players = players
        self.seat_records: list[dict[str, Any]] = [{} for _ in range(players)]
        self.frames: list[Frame] = []
        self.final_result: dict[str, Any] | None = None
        self._read_records(path, records)
        if not self.frames:
            raise LogError(f"{path}: the recording holds no view of the table", None, "empty")
        self.step = 0
        self.stepped = False  # the present step was reached by a forward step (its events apply)
        self.events = []

    def _read_records(self, path: str, records: list[dict[str, Any]]) -> None:
        rejoined = False
        self._previous: dict[int | None, dict[str, Any]] = {}  # seat -> its view before (for ``changed``)
        for index, record in enumerate(records[1:], start=1):
            kind = record.get("type")
            if kind == "table" and isinstance(record.get("seats"), list):
                self.seat_records = [dict(s) if isinstance(s, dict) else {} for s in record["seats"]][:self.players]
                self.seat_records += [{} for _ in range(self.players - len(self.seat_records))]
            elif kind == "rejoined":
                rejoined = True
            elif kind == "view":
                self._add_view(path, index, record, rejoined)
                rejoined = False
            elif kind == "end" and isinstance(record.get("result"), dict):
                self.final_result = record["result"]
            elif kind == "stopped":
                self.stopped = str(record.get("reason") or "stopped")

    def _add_view(self, path: str, index: int, record: dict[str, Any], rejoined: bool) -> None:
        seat, version = record.get("seat"), record.get("version")
        view = self._whole_view(seat, record)
        if not (seat is None or isinstance(seat, int) and 0 <= seat < self.players) or not isinstance(version, int) \
                or view is None:
            raise LogError(f"{path}: record {index} (view) is not a view of this table", index, "schema")
        self._previous[seat] = view
        if self.frames and version < self.frames[-1].version:
            raise LogError(f"{path}: record {index} (view): version {version} after {self.frames[-1].version}",
                           index, "schema")
        if not self.frames or version > self.frames[-1].version:
            t = record.get("t")
            self.frames.append(Frame(version, float(t) if isinstance(t, int | float) else None, rejoined=rejoined))
        frame = self.frames[-1]
        frame.views[seat] = view
        events = record.get("events")
        frame.events[seat] = events if isinstance(events, list) else []
        if isinstance(record.get("result"), dict):
            frame.result = record["result"]
            self.final_result = self.final_result or frame.result

    def _whole_view(self, seat: int | None, record: dict[str, Any]) -> dict[str, Any] | None:
        """The view a record keeps: whole, or this seat's view before with the entries that changed."""
        if isinstance(record.get("view"), dict):
            return record["view"]
        before, changed, dropped = self._previous.get(seat), record.get("changed"), record.get("dropped")
        if before is None or not isinstance(changed, dict) or not isinstance(dropped, list):
            return None
        return {**{k: v for k, v in before.items() if k not in dropped}, **changed}

    @property
    def steps(self) -> int:
        return len(self.frames) - 1

    def viewpoints(self) -> list[int | None]:
        seen: list[int | None] = []
        for frame in self.frames:
            seen += [seat for seat in frame.views if seat not in seen]
        return sorted(seen, key=lambda s: -1 if s is None else s)

    def version(self, step: int) -> int:
        return self.frames[max(0, min(step, self.steps))].version

    def time_of(self, step: int) -> float | None:
        return self.frames[step].t if 0 <= step <= self.steps else None

    def missed(self, step: int) -> int:
        if 1 <= step <= self.steps:
            return max(0, self.frames[step].version - self.frames[step - 1].version - 1)
        return 0

    def rejoined(self, step: int) -> bool:
        return 0 <= step <= self.steps and self.frames[step].rejoined

    def _advance(self) -> None:
        self.step += 1
        self.stepped = True
        frame = self.frames[self.step]
        self.events = frame.events.get(self._seat_in(frame, None), [])

    def _jump(self, step: int) -> None:
        self.step = step
        self.stepped = False

    def _seat_in(self, frame: Frame, seat: int | None) -> int | None:
        """``seat`` when the frame has its view, else the frame's own seat (a spectator who took a seat)."""
        return seat if seat in frame.views else next(iter(frame.views))

    def shown_seat(self, seat: int | None) -> int | None:
        return self._seat_in(self.frames[self.step], seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        frame = self.frames[self.step]
        return frame.views[self._seat_in(frame, seat)]

    def seat_events(self, seat: int | None) -> list[dict[str, Any]]:
        if not self.stepped:
            return []
        frame = self.frames[self.step]
        return frame.events.get(self._seat_in(frame, seat), [])

    def result(self) -> dict[str, Any] | None:
        return self.frames[self.step].result

    def report(self) -> dict[str, Any]:
        """What ``cardtable replay`` prints about a recording."""
        return {"recording": True, "game": self.game.name, "players": self.players, "table": self.header.get("name"),
                "viewpoints": self.viewpoints(), "steps": self.steps,
                "versions": [self.frames[0].version, self.frames[-1].version],
                "missed": sum(self.missed(k) for k in range(self.steps + 1)),
                "rejoined": sum(1 for frame in self.frames if frame.rejoined), "ended": self.final_result is not None,
                "result": self.final_result, **({"stopped": self.stopped} if self.stopped else {})}


def load(path: str) -> Playback:
    """The replay of ``path``: a host's table log or a guest's recording (LogError when it is neither,
    or broken)."""
    from cardtable.netplay.recording import is_recording

    return RecordedReplay(path) if is_recording(path) else Replay(path)


__all__ = ["CHECKPOINT", "Frame", "LogError", "Playback", "RecordedReplay", "Replay", "load", "seat_names"]
