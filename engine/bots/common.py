"""Pieces every game's bots share: random choice among concrete actions, reaction-time models."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any


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
