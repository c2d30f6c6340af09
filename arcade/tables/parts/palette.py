"""The table's colours, and the corner of the window the table scene's menu badge takes."""

from __future__ import annotations

Colour = tuple[int, int, int]

FELT = (22, 96, 62)
FELT_DARK = (10, 52, 34)
INK = (240, 244, 238)
MUTED = (178, 204, 186)
GOLD = (246, 200, 80)
CYAN = (90, 210, 240)
LEGAL = (120, 235, 140)
BAD = (240, 90, 80)
SOFT = (225, 235, 250)  # can be turned up or moved (not played)
HINT = (255, 120, 235)  # what the Hint button suggests
PANEL = (8, 30, 20, 190)
# The table scene draws its menu badge in the top-left corner (in window pixels, whatever the size): a
# panel placed there starts this many pixels down, or this far right (a pad's "Start" chip included).
MENU_STRIP = 40
MENU_CORNER = (124, MENU_STRIP)
