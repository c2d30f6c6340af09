"""The rules of cardtable's six games: pure Python, deterministic, no I/O.

>>> from engine import GAMES, get_game
>>> sorted(GAMES) == sorted(GAME_MODULES)
True
>>> get_game("speed").realtime
True
"""

from __future__ import annotations

import importlib

from cardtable.engine.core import Game, IllegalAction, Option, state_hash

# One module per game; each defines ``GAME``, an instance of its Game subclass.
GAME_MODULES: tuple[str, ...] = ("spit", "speed", "oh_hell", "go_stop", "rummy", "tractor")

GAMES: dict[str, Game] = {}
for _module in GAME_MODULES:
    _game = importlib.import_module(f"cardtable.engine.{_module}").GAME
    GAMES[_game.name] = _game


def get_game(name: str) -> Game:
    """The game called ``name`` (``spit``, ``speed``, ``go_stop``, ``rummy``, ``oh_hell``, ``tractor``)."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(sorted(GAMES))})") from None


__all__ = ["GAMES", "GAME_MODULES", "Game", "IllegalAction", "Option", "get_game", "state_hash"]
