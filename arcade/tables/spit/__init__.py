"""The Spit table: both layouts (face-down stacks with their face-up tops), the two spit piles in the
middle with each player's face-down spit cards beside their own pile, "Spit!" calls and flips, the
slap race with its verdict, gathering and the new layout.

Screen: the first local seat's spit pile is the left one, the other seat's the right one.
``pile_a`` (Q / LB) plays on the pile on your left as you look at the table, ``pile_b`` (E / RB) on
the one on your right: your own pile when you sit at the bottom (or opposite, face to face), the
other player's pile when you play on the right half side by side. In the slap phase the same buttons
slap. Confirm on a face-down top turns it up; on a card that fits no pile it moves it to an empty
place, and on an empty place it moves a card there (one whose move uncovers a card to turn up). When
"Spit!" cannot be called yet although a player has nothing to play, their message says
why (a card can still go into an empty place, a card can be turned up, or the other player can still
play). Arrangements: see :mod:`..realtime`.

:class:`~.table.SpitTable` composes its parts, one concern each; a part reads the table's public state
and the other parts' public methods:

- :mod:`.seating`: where things sit (the places, the spit piles, the spit cards beside them, the
  messages' places) for each arrangement.
- :mod:`.places`: each player's layout: its sprites, the cursor kept on a place with cards, and what
  confirm, a click or a drop does there (turn up, play, move, fill an empty place).
- :mod:`.slap`: the slap race or the clearer's choice of a pile, its verdict, the piles gathered.
- :mod:`.scoreboard`: the slots, the plates, the spit cards' counts and the piles' labels.
- :mod:`.words`: the table's message, a player's own message and each local player's hints.
"""

from cardtable.arcade.tables.spit.table import SpitTable

__all__ = ["SpitTable"]
