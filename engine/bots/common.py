"""Pieces every game's bots share: random choice among concrete actions, reaction-time models."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any


def sound(game_name: str, view: dict[str, Any], legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The concrete legal actions that are not plainly worse than another (engine/coach ``blunder``:
    points thrown to the other side, a capture passed up for nothing, a Go with no turn to use it); all
    of them when every one is. Templates are left out: a bot fills those itself."""
    from cardtable.engine.coach import blunder

    actions = concrete(legal)
    kept = [a for a in actions if blunder(game_name, view, legal, a) is None]
    return kept or actions


def concrete(legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The legal actions that need no further choice (no ``"choose"`` template)."""
    return [action for action in legal if "choose" not in action]


@dataclass(frozen=True)
class Reaction:
    """A reaction-time model: a lognormal-ish spread around ``median`` seconds, never below ``floor``.

    Real-time bots wait this long before each action, so a person can beat a slow level.
    """

    median: float
    spread: float = 0.35
    floor: float = 0.05

    def sample(self, rng: random.Random) -> float:
        return max(self.floor, self.median * rng.lognormvariate(0.0, self.spread))


THINK_TIME = Reaction(median=0.6, spread=0.4, floor=0.2)
