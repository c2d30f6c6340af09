"""The Learn table's coach: what the seat can do before each move, why a weak move was weak after it,
and the lesson's ideas as the play first shows them. It reads views, legal lists and events only (the
engine's coach, ``engine/coach``, says the facts); the Learn scene puts its words on the table."""

from __future__ import annotations

from typing import Any

from cardtable.arcade.learn import ENDS, Idea, Lesson, Moment
from cardtable.engine.coach import blunder, only

LASTING = 3600.0  # seconds: the coach's suggestion stays until the seat's position changes


class Coach:
    """``seen``: the ideas shown so far, in order; ``weak``: the weak moves it explained."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.seen: list[Idea] = []
        self.weak: list[str] = []
        self.moves = 0
        self.over = False

    def observe(self, moment: Moment) -> list[Idea]:
        """The ideas ``moment`` shows for the first time (and whether the guided hand is over)."""
        if any(e.get("type") in ENDS for e in moment.events):
            self.over = True
        fresh = self.lesson.new_ideas(moment, {idea.key for idea in self.seen})
        self.seen += fresh
        return fresh

    @staticmethod
    def choices(legal: list[dict[str, Any]]) -> str:
        """What the seat can do, in a few words: "3 choices" or "only one move"."""
        if only(legal):
            return "only one move"
        return "many choices" if any("choose" in a for a in legal) else f"{len(legal)} choices"

    def after(self, game_name: str, view: dict[str, Any], legal: list[dict[str, Any]],
              action: dict[str, Any]) -> str | None:
        """Why ``action`` (allowed) was weaker than another legal move, or None; counted as a move."""
        self.moves += 1
        try:
            why = blunder(game_name, view, legal, action)
        except Exception:  # noqa: BLE001 - a coach's remark must never stop the game
            why = None
        if why:
            self.weak.append(why)
        return why
