"""The Tractor (Sheng Ji) table: your hand of 25 in the round's card order (trumps together, last), the
other three seats around the felt (your partner across; play passes counter-clockwise: right, across,
left), the trick in the middle with each seat's play, the draw pile while drawing, declaration buttons,
the kitty bury (select 8), team levels, the trump rank and suit, the attackers' points, the trick count
and the last trick.

Selection: plays of several cards (leads, throws, follows of a pair or more) and the bury are built by
toggling cards (click, or confirm over the cursor), then the Play/Bury button. A follow of one card is
played at once. The table never judges the play: the host's reason for a refusal is shown.

Keyboard / gamepad: Left/Right move the cursor over the cards you may use now, confirm toggles (or
plays a single), Q/E (LB/RB) take the pair or tractor under the cursor or the next one whole (a follow
of two pairs: E, E, confirm), Tab/Y or Up/Down switch to the buttons (Play, Clear, Draw, Declare...,
Pass) and back; Back clears. Once the selection is a play, the focus is on Play.

Drawing is automatic (:mod:`.autodraw`): the table draws for a local seat on its turn, after a short
pause, and holds off while a Declare button is chosen; the Draw button still draws at once.

:class:`~.table.TractorTable` composes its parts, one concern each, as the base table composes
:mod:`cardtable.arcade.tables.parts`; a part reads the table's public state and the other parts' public
methods:

- :mod:`.seating`: where things sit (seats, trick places, the hand's fan, panels' rectangles).
- :mod:`.picking`: what the bottom seat picks (shown cards, singles, templates, the selection).
- :mod:`.buttons`: the button row (Play/Bury, Clear, Draw, Declare..., Pass).
- :mod:`.autodraw`: the automatic draw and when it holds off.
- :mod:`.scoreboard`: plates, the info panel, the prompt, the draw pile's count, the game-over panel.
- :mod:`.last_trick`: the last trick's corner panel and its large view.
- :mod:`.narration`: a line for each of the others' moves on the table's recap panel.
- :mod:`.words`: names of suits, ranks, levels and jokers.
"""

from cardtable.arcade.tables.tractor.autodraw import AUTO_DRAW_IDLE, AUTO_DRAW_PAUSE
from cardtable.arcade.tables.tractor.table import TractorTable

__all__ = ["AUTO_DRAW_IDLE", "AUTO_DRAW_PAUSE", "TractorTable"]
