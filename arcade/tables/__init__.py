"""One table renderer per game (docs/DESIGN.md, "arcade: the client"): ``make_table(game, local_seats, art, size)``.

Games without a table of their own get :class:`arcade.tables.generic.GenericTable`: the hand, the
view's public fields and the legal actions as buttons.
"""

from __future__ import annotations

import importlib

from cardtable.arcade.cardart import CardArt
from cardtable.arcade.tables.base import Table

# game name -> (module, class)
TABLES: dict[str, tuple[str, str]] = {
    "speed": ("cardtable.arcade.tables.speed", "SpeedTable"),
    "spit": ("cardtable.arcade.tables.spit", "SpitTable"),
    "oh_hell": ("cardtable.arcade.tables.oh_hell", "OhHellTable"),
    "go_stop": ("cardtable.arcade.tables.go_stop", "GoStopTable"),
    "tractor": ("cardtable.arcade.tables.tractor", "TractorTable"),
    "rummy": ("cardtable.arcade.tables.rummy", "RummyTable"),
}


def table_class(game_name: str) -> type[Table]:
    module_name, cls = TABLES.get(game_name, ("cardtable.arcade.tables.generic", "GenericTable"))
    return getattr(importlib.import_module(module_name), cls)


def make_table(game_name: str, local_seats: list[int], art: CardArt, size: tuple[int, int]) -> Table:
    """The table for ``game_name``; ``local_seats`` are the seats played on this screen (first at the
    bottom; in Spit and Speed a second local seat sits at the top, facing the other way)."""
    return table_class(game_name)(game_name, local_seats, art, size)


__all__ = ["TABLES", "Table", "make_table", "table_class"]
