"""The Hint at a table: whether this table allows it, which local seat it is for, the hard bot's
suggestion worked out on a thread from that seat's own view (engine/bots/hint.py), and shown on the
table's hint plate when it is ready and the position has not moved on. A part of
:class:`~cardtable.arcade.scenes.table.TableScene`."""

from __future__ import annotations

import threading
from typing import Any


class HintJob:
    """One hint worked out on a thread (a Go-Stop or Tractor search takes a fraction of a second, and
    the table keeps moving meanwhile)."""

    def __init__(self, game_name: str, seat: int, view: dict[str, Any], legal: list[dict[str, Any]]) -> None:
        self.seat = seat
        self.view = view
        self.tip: Any = None
        self.error: str | None = None
        self.thread = threading.Thread(target=self._run, args=(game_name, view, legal), daemon=True,
                                       name="hint")
        self.thread.start()

    def _run(self, game_name: str, view: dict[str, Any], legal: list[dict[str, Any]]) -> None:
        try:
            from cardtable.engine.bots.hint import hint

            self.tip = hint(game_name, view, legal)
        except Exception as error:  # a hint must never take the table down
            self.error = f"{type(error).__name__}: {error}"

    def done(self) -> bool:
        return not self.thread.is_alive()


class Hinting:
    """The Hint for one table scene (``scene``: its session, table, local seats and game)."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.by_host = False  # the LAN host allows the Hint button (its lobby says so)
        self.job: HintJob | None = None

    def allowed(self) -> bool:
        """Always at a table nobody else can join; at a LAN table when its host allows hints."""
        session = self.scene.app.session
        return session is not None and (bool(getattr(session, "private", False)) or self.by_host)

    def seat_for(self, seat: int | None) -> int | None:
        """The local seat a hint is for: the one given, else the local seat that has something to do."""
        if seat is not None:
            return seat
        table = self.scene.table
        legals = getattr(table, "legals", {})
        ready = [s for s in self.scene.local_seats if legals.get(s)]
        views = getattr(table, "views", {})
        turn = [s for s in ready if s in (views.get(s, {}).get("to_act") or [])]
        return (turn or ready or self.scene.local_seats or [None])[0]

    def ask(self, seat: int | None = None) -> None:
        """Start working out the suggestion for a local seat (the one to act when None); the table shows
        it when it is ready (:meth:`show_when_ready`)."""
        table = self.scene.table
        if table is None or not self.scene.started:
            return
        if not self.allowed():
            self.say("Hints are off at this table (the host can allow them in the lobby)", seat)
            return
        seat = self.seat_for(seat)
        view = getattr(table, "views", {}).get(seat)
        legal = getattr(table, "legals", {}).get(seat)
        if seat is None or view is None or not legal:
            self.say("Nothing to do just now", seat, until_change=True)  # not into the turn that follows
            return
        if self.job is not None and self.job.seat == seat and self.job.view is view:
            return  # already working on this very position
        self.job = HintJob(self.scene.game_name, seat, view, list(legal))

    def show_when_ready(self) -> None:
        from cardtable.arcade.scenes.table import guarded

        job, table = self.job, self.scene.table
        if job is None or not job.done():
            return
        self.job = None
        if job.error is not None:
            self.say(f"No hint: {job.error}"[:80], job.seat)
            return
        if job.tip is None or not hasattr(table, "hint_plate"):
            return
        same = getattr(table, "views", {}).get(job.seat) is job.view
        if same or table.hint_plate.still_good(job.tip, table.legals.get(job.seat, [])):
            guarded(self.scene, "hint", table.hint_plate.show, job.seat, job.tip)

    def say(self, text: str, seat: int | None, until_change: bool = False) -> None:
        table = self.scene.table
        if hasattr(table, "toasts"):
            table.toasts.add(text, seat=seat, until_change=until_change)
        else:
            self.scene.app.toast(text)
