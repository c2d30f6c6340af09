"""Learn mode's lessons: for each game a fixed, instructive deal and the game's key ideas, each with the
condition (read from the engine's view, legal actions and events) that first shows it at the table.

A lesson is data, not a script of turns: the Learn scene (``arcade/scenes/learn.py``) plays the deal
against bots and, each time a local seat gets a new view, asks :meth:`Lesson.new_ideas` which ideas the
position shows for the first time. One module per game in this package holds its ``LESSON``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

GAMES = ("tractor", "go_stop", "rummy", "oh_hell", "spit", "speed")
"""The games with a lesson, in the order the Learn list shows them (the less known first)."""

ENDS = frozenset({"hand_over", "round_over", "game_over"})
"""Events that end the guided hand: a lesson is one hand (or one round) of the game."""


@dataclass(frozen=True)
class Moment:
    """What a local seat sees after a change: its view, its legal actions, and the events that led here."""

    seat: int
    view: dict[str, Any]
    legal: list[dict[str, Any]]
    events: list[dict[str, Any]]

    def event(self, *kinds: str) -> dict[str, Any] | None:
        return next((e for e in self.events if e.get("type") in kinds), None)

    def can(self, *kinds: str) -> bool:
        """The seat may now make an action of one of these types."""
        return any(a.get("type") in kinds for a in self.legal)


@dataclass(frozen=True)
class Idea:
    """One key idea of a game: a short ``title``, what the coach says (``words``), and ``shows``, true of
    the first moment at the table that shows it."""

    key: str
    title: str
    words: str
    shows: Callable[[Moment], bool]


@dataclass(frozen=True)
class Lesson:
    game: str
    players: int
    seed: int  # the deal, chosen so that the ideas come up (tests/test_learn.py checks they do)
    ideas: tuple[Idea, ...]
    options: dict[str, Any] = field(default_factory=dict)

    def new_ideas(self, moment: Moment, seen: set[str]) -> list[Idea]:
        """The ideas ``moment`` shows that ``seen`` does not hold yet (in the lesson's order)."""
        return [idea for idea in self.ideas if idea.key not in seen and idea.shows(moment)]


def lesson(game_name: str) -> Lesson:
    if game_name not in GAMES:
        raise ValueError(f"no lesson for game {game_name!r}")
    return importlib.import_module(f"cardtable.arcade.learn.{game_name}").LESSON
