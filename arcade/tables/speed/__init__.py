"""The Speed table: your hand of five, your stockpile with its count, the opponent's hand (backs) and
stockpile, the two centre piles with the side piles beside them, the stuck state and the
simultaneous flip, a 3-2-1 countdown when a round is dealt, and both players' card counts.

Start (decision, docs/RULES.md, "Speed", "Deal"): each player sees their own hand as soon as it is dealt; the deal
counts down "3, 2, 1" and at its end the table says Ready for every local player (an auto action), so
the countdown ends in play once the other player is ready too (a bot is at once). A player who paused
during the countdown gets a Ready button instead.

Screen: centre pile 0 is the left one, side pile 0 beside it on the left (it flips onto pile 0).
``pile_a``/``pile_b`` play the card under the cursor onto the pile on your left / right. Arrangements
(see :mod:`..realtime`): one player at the bottom; two side by side (piles across the top, each
player's hand and stockpile in their half); or two facing each other.

:class:`~.table.SpeedTable` composes its parts, one concern each; a part reads the table's public state
and the other parts' public methods:

- :mod:`.seating`: where things sit (hands, stockpiles, centre and side piles, the messages' places)
  for each arrangement.
- :mod:`.hand`: a local player's hand: its sprites with the cursor and the selection, and what confirm
  or a click does (play, draw, flip).
- :mod:`.countdown`: the 3-2-1 after a deal, drawn over the piles, and Ready said at its end.
- :mod:`.scoreboard`: the slots and counts, the centre piles' depth, the plates.
- :mod:`.words`: the table's message, a stuck player's own message and each local player's hints.
"""

from cardtable.arcade.tables.speed.countdown import COUNTDOWN
from cardtable.arcade.tables.speed.table import SpeedTable

__all__ = ["COUNTDOWN", "SpeedTable"]
