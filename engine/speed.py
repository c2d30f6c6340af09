"""Speed (RULES.md, "Speed"): being written; this placeholder only registers the name."""

from __future__ import annotations

from typing import Any

from engine.core import Game, IllegalAction


class Speed(Game):
    name = "speed"
    title = "Speed"
    min_players = 2
    max_players = 2
    realtime = True

    def _todo(self, *args: Any, **kwargs: Any) -> Any:
        raise IllegalAction("Speed is not playable yet")

    new = legal = sample = apply = to_act = view = result = dump = load = clone = check = cards = hidden = _todo


GAME = Speed()
