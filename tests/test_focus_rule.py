"""The focus rule (arcade.focus.neighbour) on a layout built by hand: up/down step through a column
to the nearest item, skip disabled ones, never jump sideways while the column goes on, and at a
column's head or foot carry on in reading order (the foot of the column before, the head of the next,
round from the last item to the first)."""

from __future__ import annotations

import pygame

from cardtable.arcade.focus import FocusItem, neighbour


def _column(x: int, width: int = 100) -> list[FocusItem]:
    return [FocusItem(pygame.Rect(x, y, width, 30), name=f"{x}/{y}") for y in (0, 50, 100)]


def _two_columns() -> list[FocusItem]:
    """0-2: the left column top to bottom, 3-5: the right one (x 300..400), in reading order."""
    return _column(0) + _column(300)


def test_up_and_down_step_to_the_nearest_item_of_the_same_column() -> None:
    items = _two_columns()
    assert [neighbour(items, i, "down") for i in (0, 1, 3, 4)] == [1, 2, 4, 5]
    assert [neighbour(items, i, "up") for i in (1, 2, 4, 5)] == [0, 1, 3, 4]


def test_a_column_with_uneven_widths_is_still_one_column() -> None:
    items = [FocusItem(pygame.Rect(0, 0, 300, 30)), FocusItem(pygame.Rect(200, 50, 60, 30)),
             FocusItem(pygame.Rect(500, 40, 60, 30)), FocusItem(pygame.Rect(40, 100, 100, 30))]
    assert neighbour(items, 0, "down") == 1  # overlaps 0's span; 2 is nearer in y but another column
    assert neighbour(items, 3, "up") == 0  # 1 does not share 3's span (40..140): 0 does


def test_a_step_never_goes_sideways_to_a_nearer_item_while_the_column_goes_on() -> None:
    items = _two_columns()
    items.append(FocusItem(pygame.Rect(120, 20, 100, 30)))  # between the columns, just below 0's top
    assert neighbour(items, 0, "down") == 1
    assert neighbour(items, 1, "up") == 0


def test_disabled_items_are_skipped() -> None:
    items = _two_columns()
    items[1].enabled = False
    assert neighbour(items, 0, "down") == 2 and neighbour(items, 2, "up") == 0
    items[2].enabled = False
    assert neighbour(items, 0, "down") == 3  # nothing left below in the column: the next column's head


def test_at_a_column_head_up_goes_to_the_foot_of_the_column_before() -> None:
    items = _two_columns()
    assert neighbour(items, 3, "up") == 2
    assert neighbour(items, 0, "up") == 5  # the first column's head: round to the last item


def test_at_a_column_foot_down_goes_to_the_head_of_the_next() -> None:
    items = _two_columns()
    items.append(FocusItem(pygame.Rect(300, 200, 100, 30)))  # 6: the right column's new foot
    assert neighbour(items, 2, "down") == 3  # not 6, below and to the right
    assert neighbour(items, 6, "down") == 0  # the last item: round to the first
    assert neighbour(items, 3, "up") == 2


def test_left_and_right_stay_at_a_row_end() -> None:
    items = _two_columns()
    assert neighbour(items, 0, "right") == 3 and neighbour(items, 3, "left") == 0
    assert neighbour(items, 3, "right") is None and neighbour(items, 0, "left") is None
