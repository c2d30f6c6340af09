"""The parts a :class:`~cardtable.arcade.tables.base.Table` is composed of, one concern each.

Data flows one way: the host's views come in through ``Table.set_view``; a game's ``build()`` turns
them into :class:`~.pieces.Sprite` s and :class:`~.pieces.Button` s; the parts animate, draw and report
those; player commands come in through ``Table.handle`` and actions go out to the host.

- :mod:`.palette`: the table's colours and the corner the menu badge takes.
- :mod:`.pieces`: what ``build()`` lays out (sprites, buttons) and the words for actions and cards.
- :mod:`.ink`: text, panels and legends, drawn from caches, each reported to the layout test.
- :mod:`.renderer`: the frame: felt and static layer, cards, markers and buttons.
- :mod:`.warmup`: card faces, fonts and sounds made ready a little each tick, stand-ins meanwhile.
- :mod:`.flights`: cards that left the view but still fly, and cards turning over.
- :mod:`.callouts`: banners, rising labels and flashes over the table.
- :mod:`.toasts`: short messages, per seat, gone when the position they answer changes.
- :mod:`.recap`: one line for each move the others made, kept up long enough to read (a table places it).
- :mod:`.controls`: per-seat devices and cursors, the pointer, dragging and hit testing.
- :mod:`.outbox`: what goes to the host: legal actions (shown at once when real-time) and attempts.
- :mod:`.hint_plate`: the Hint button's suggestion lit on the table with its reason on a plate.
- :mod:`.hint_bar`: the bar of key caps and words along a player's edge.
- :mod:`.plates`: players' names, name plates and presence badges.
- :mod:`.reporter`: what the last laid-out frame drew where (for placing overlays and the layout test).
- :mod:`.placing`: where an overlay goes so that it covers none of that.
"""
