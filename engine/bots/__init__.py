"""Bots: players that see exactly what their seat sees (the view and its legal actions), never the state.

``get_bot(game_name, level)`` returns an object with ``choose(view, legal, rng) -> action`` and
``delay(view, rng) -> float``: the seconds the bot waits before acting (a reaction time in real-time
games, so a person can beat ``easy``; a short think time in turn games). The host and the tournament
apply the delay; the engine never looks at a clock.

Each game's bots live in ``engine/bots/<game>.py``, which defines ``BOTS: dict[level, class]``.

>>> import random
>>> from engine import get_game
>>> game = get_game("oh_hell")
>>> state = game.new(3, seed=1)
>>> seat = game.to_act(state)[0]
>>> bot = get_bot("oh_hell", "normal")
>>> action = bot.choose(game.view(state, seat), game.legal(state, seat), random.Random(0))
>>> _ = game.apply(state, seat, action)
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")


class Bot(Protocol):
    level: str

    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        """A concrete legal action (templates in ``legal`` are filled in)."""
        ...

    def delay(self, view: dict[str, Any], rng: random.Random) -> float:
        """Seconds to wait before acting."""
        ...


def bot_levels(game_name: str) -> list[str]:
    """The levels built for ``game_name``, weakest first."""
    module = importlib.import_module(f"cardtable.engine.bots.{game_name}")
    return [level for level in LEVELS if level in module.BOTS]


def get_bot(game_name: str, level: str) -> Bot:
    try:
        module = importlib.import_module(f"cardtable.engine.bots.{game_name}")
    except ModuleNotFoundError:
        raise ValueError(f"no bots for game {game_name!r}") from None
    try:
        return module.BOTS[level]()
    except KeyError:
        raise ValueError(
            f"no {level!r} bot for {game_name} (levels: {', '.join(bot_levels(game_name))})"
        ) from None
