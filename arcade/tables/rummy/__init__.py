"""The Manipulation Rummy table: your hand at the bottom, the table's melds in the middle (named jokers
labelled with the card they stand for), the draw pile, every player's hand size and score, and a meld
editor in which you build the new table before you submit it.

The editor: select cards (hand cards and/or table cards; click, or confirm over the cursor), then click
a meld's "+" to put them there, or "+ new meld" for a new one. "Take back" returns selected cards that
came from your hand, "Reset" throws the pending arrangement away, "Hint" builds the meld solver's best
arrangement into it one meld a step (melds that share cards together, so every step is a table the host
takes; the prompt line says what each step built), "Meld" submits the whole new table. A joker from
your hand is named from its meld (the missing card); "Joker =" renames a selected one. The host judges
the table; its reason is shown when it refuses.

Keyboard / gamepad: Tab/Y cycles hand -> table -> buttons; Up from the hand goes to the table. In the
hand Left/Right move and confirm selects. On the table Left/Right jump meld to meld (the new meld's
place last), Up/Down a row, and confirm puts the selection into the meld; a meld's own cards are
reached only on purpose: E (a pad's RB) steps into the meld, where Left/Right walk its cards and
confirm picks one up, and E again (or Back) steps out. Back first clears the selection, then leaves a
meld, and only then opens the menu. The Hint key builds the hard bot's suggestion the same way, a step
at a time, with the keys on Hint (confirm: the next step) and then on Meld. L (a pad's X) shows the
others' last turns again.

:class:`~.table.RummyTable` composes its parts, one concern each, as the base table composes
:mod:`cardtable.arcade.tables.parts`; a part reads the table's public state and the other parts' public
methods:

- :mod:`.tiles`: the pending table's cards and naming jokers (no pygame, no table).
- :mod:`.editor`: the pending table, the selection and what the editor's buttons do to them.
- :mod:`.hint_steps`: the Hint's arrangement cut into steps a player can follow (no pygame).
- :mod:`.seating`: where things sit (hand, draw pile, plates, the melds' flow, the button row).
- :mod:`.buttons`: the button row's entries and what pressing one does.
- :mod:`.keys`: where the keyboard or pad is (hand, table, buttons) and how its keys move it.
- :mod:`.board`: what is drawn around the cards (pile, plates, meld panels, prompt, joker names,
  final scores).
- :mod:`.narration`: the others' turns in words, a line each, on a recap at the top of the middle.
"""

from cardtable.arcade.tables.rummy.table import RummyTable
from cardtable.arcade.tables.rummy.tiles import Tile, joker_names, sort_meld

__all__ = ["RummyTable", "Tile", "joker_names", "sort_meld"]
