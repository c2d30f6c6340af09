"""The Manipulation Rummy table: your hand at the bottom, the table's melds in the middle (named jokers
labelled with the card they stand for), the draw pile, every player's hand size and score, and a meld
editor in which you build the new table before you submit it.

The editor: select cards (hand cards and/or table cards; click, or confirm over the cursor), then click
a meld's "+" to put them there, or "+ new meld" for a new one. "Take back" returns selected cards that
came from your hand, "Reset" throws the pending arrangement away, "Hint" asks the meld solver for the
arrangement that plays the most points and fills it in, "Meld" submits the whole new table. A joker
from your hand is named from its meld (the missing card); "Joker =" renames a selected one. The host
judges the table; its reason is shown when it refuses.

Keyboard / gamepad: Tab/Y cycles hand -> table -> buttons; Left/Right move, Up/Down change meld
row (in the table) or switch between hand and table; confirm selects, or on a "+" moves the selection
there; Back clears the selection.

:class:`~.table.RummyTable` composes its parts, one concern each, as the base table composes
:mod:`cardtable.arcade.tables.parts`; a part reads the table's public state and the other parts' public
methods:

- :mod:`.tiles`: the pending table's cards and naming jokers (no pygame, no table).
- :mod:`.editor`: the pending table, the selection and what the editor's buttons do to them.
- :mod:`.seating`: where things sit (hand, draw pile, plates, the melds' flow, the button row).
- :mod:`.buttons`: the button row's entries and what pressing one does.
- :mod:`.keys`: where the keyboard or pad is (hand, table, buttons) and how its keys move it.
- :mod:`.board`: what is drawn around the cards (pile, plates, meld panels, prompt, joker names,
  final scores).
"""

from cardtable.arcade.tables.rummy.table import RummyTable
from cardtable.arcade.tables.rummy.tiles import Tile, joker_names, sort_meld

__all__ = ["RummyTable", "Tile", "joker_names", "sort_meld"]
