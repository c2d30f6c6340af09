"""The Go-Stop table: your hwatu hand at the bottom, the table's cards grouped by month in the middle
(a stack of three shown as a stack), the stock, every player's capture area sorted by kind with counts,
scores with their breakdown, Goes, chips and shakes, and the host's prompts as buttons: shake or bomb
when you play a card of a month you hold three of, the choice between two matching table cards, Go or
Stop, deal or leave between hands.

Keyboard / gamepad: Left/Right move the cursor over the hand (or the buttons), Up/Down or Tab/Y switch
between the hand and the buttons, confirm plays or presses. A card with more than one action (play,
shake and play, bomb) opens a small menu of them. L (a pad's X) shows the last moves again.

:class:`~.table.GoStopTable` composes its parts, one concern each; a part reads the table's public
state and the other parts' public methods:

- :mod:`.seating`: where things sit (the opponents' bands, stock, piles, legend and recap column, my
  captures, the result), worked out once per window size and pile count.
- :mod:`.picking`: what the bottom seat may play, a picked card's menu and the button row.
- :mod:`.captures`: the capture rows by kind, and captured cards staged where they were taken.
- :mod:`.scoreboard`: the legend, the bands, the plates, the stock, the stacks' labels, the prompt.
- :mod:`.result`: the hand's result panel between hands and at the table's end.
- :mod:`.narration`: a line for each turn (the card played and what it took, the stock card turned
  and what that took), on a recap panel in the right column.
"""

from cardtable.arcade.tables.go_stop.table import GoStopTable

__all__ = ["GoStopTable"]
