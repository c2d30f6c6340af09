"""What the two real-time tables (Spit, Speed) share: a table where each local seat has its own side, a
cursor per seat driven by that seat's device, a target pile per seat, hints and messages per seat, and
optimistic plays.

Arrangements (:attr:`~.sides.Sides.arrangement`):

- ``single``: one player on this screen; their cards at the bottom, the opponent's at the top.
- ``side`` (two players on one screen, the default): the window split down the middle, the first local
  player on the left half, the second on the right; the shared piles across the top; each half has its
  player's cards, cursor, messages and hints, nothing upside down, and left is left for both.
- ``facing`` (two players on one screen, Settings "Two on one screen: face to face", for a tablet lying
  between them): the second player sits at the top, their cards, hints and messages turned to face them,
  so their left is the screen's right.

Controls per seat: left/right move the cursor over your cards; up/down pick the target pile; confirm
plays the card under the cursor (onto the target pile, or the only pile it fits); ``pile_a``/``pile_b``
play it onto the pile on your left / right as you look at the table. Mouse: click a card (it plays at
once when only one pile takes it), or click a card then a pile. Hints name the buttons of the device
each player last used, and mention the mouse only to a player using it.

:class:`~.table.RealtimeTable` composes its parts, one concern each; a part reads the table's public
state and the other parts' public methods:

- :mod:`.sides`: who sits where (the arrangement, each seat's half, which side is turned, the seats'
  colours, where plates, call buttons and hint bars go).
- :mod:`.turned`: a seat's labels, name plate and hint bar, turned to face a player across the table.
- :mod:`.cursors`: each seat's cursor, target pile and selection, and which plays its card has.
- :mod:`.race`: a seat's input turned into plays: the pile buttons, clicks and drops on a pile, refusals.
- :mod:`.calls`: the call button (Ready, Spit!, Flip!, Draw) of each local seat, and confirm pressing it.
- :mod:`.messages`: the table's message and each player's own, and each player's toasts on their side.
- :mod:`.pile_marks`: the piles' glow and, two on one screen, each player's tab over a pile they can play on.

A game's table provides a ``seating`` (its geometry: ``pile_rect(pile)``, ``beside(seat)``,
``message_centre(seat)``), its ``words`` (``table_message()``, ``seat_message(seat)``, ``hints(seat)``)
and its ``calls`` (:class:`~.calls.Calls` with its buttons' words), and states what is its game's: the
sprites, the events, the input on its own cards.
"""

from cardtable.arcade.tables.realtime.sides import COUCH_LAYOUTS, FACING, SIDE, SINGLE
from cardtable.arcade.tables.realtime.table import Hint, RealtimeTable

__all__ = ["COUCH_LAYOUTS", "FACING", "SIDE", "SINGLE", "Hint", "RealtimeTable"]
