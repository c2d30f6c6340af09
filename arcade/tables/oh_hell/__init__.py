"""The Oh Hell table: your hand, the other seats around the felt (play passes clockwise: left, across,
right), the trump card, the trick in the middle, bids against tricks taken for every seat, bidding
buttons (the hook's forbidden bid shown struck out) and the score sheet by hand (Tab / Y).

Several local seats share the screen with a privacy screen between their turns: the hand at the
bottom is always the local seat whose turn it is, and it stays face down until that player confirms.

:class:`~.table.OhHellTable` composes its parts, one concern each; a part reads the table's public
state and the other parts' public methods:

- :mod:`.seating`: where things sit (seats, plates, small hands, the trick, the hand, the info panel).
- :mod:`.privacy`: the local seat at the bottom and the screen between local players' turns.
- :mod:`.bidding`: the bid buttons, their keyboard focus and the question over them.
- :mod:`.scoreboard`: the plates (bid, took, score, dealer) and the info panel (hand, trump, bids).
- :mod:`.sheet`: the score sheet by hand, and the final scores.
- :mod:`.last_trick`: the last trick shown large.
- :mod:`.pacing`: a taken trick's pause and flight to its winner, the new hand dealt after it.
"""

from cardtable.arcade.tables.oh_hell.table import OhHellTable

__all__ = ["OhHellTable"]
