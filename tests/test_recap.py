"""The recap part (arcade/tables/parts/recap.py): one line a move, each kept up long enough to read,
the newest last, at most ``rows``, set no smaller than 12 px at 960x540 (cut with an ellipsis)."""

from __future__ import annotations

import pygame
import pytest

from cardtable.arcade import layout
from cardtable.arcade.cardart import CardArt
from cardtable.arcade.tables import make_table
from cardtable.arcade.tables.parts.recap import READ_BASE, Recap


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def recap(size: tuple[int, int] = (960, 540), rows: int = 3) -> Recap:
    return Recap(make_table("tractor", [0], CardArt(), size), rows=rows)


def test_a_line_stays_long_enough_to_read_then_goes() -> None:
    r = recap()
    r.say("Bot 2 led a pair of 9\u2660")
    for _ in range(round(READ_BASE * 10) - 1):
        r.tick(0.1)
    assert [line.text for line in r.lines] == ["Bot 2 led a pair of 9\u2660"]
    for _ in range(40):
        r.tick(0.1)
    assert r.lines == []


def test_the_newest_line_is_last_and_only_rows_show() -> None:
    r = recap(rows=3)
    for n in range(5):
        r.say(f"move {n}")
    assert [line.text for line in r.lines] == ["move 2", "move 3", "move 4"]


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_lines_are_drawn_at_12_px_or_more_and_cut_to_the_panel(size) -> None:
    r = recap(size)
    long = "Bot 4 (normal) followed with 5\u2665 5\u2665 4\u2665 6\u2665 and gives the attackers 10 points"
    r.say("Bot 2 led 9\u2660")
    r.say(long)
    surface = pygame.Surface(size)
    with layout.seen() as drawn:
        r.draw(surface, (10, 10), 200)
    labels = [d for d in drawn if d.kind == "label"]
    panel = next(d for d in drawn if d.kind == "panel")
    assert len(labels) == 2 and all(pygame.Rect(panel.rect).contains(d.rect) for d in labels), drawn
    assert r.px() >= 12
    assert r.clip(long, r.px(), 184).endswith("\u2026") and r.clip("Bot 2 led 9\u2660", r.px(), 184) == "Bot 2 led 9\u2660"


def test_review_brings_the_last_lines_back_and_a_second_press_hides_them() -> None:
    r = recap(rows=3)
    for n in range(4):
        r.say(f"move {n}")
    for _ in range(200):
        r.tick(0.1)
    assert r.lines == [] and r.key_hint() == (("recap",), "last moves")
    r.review()
    assert [line.text for line in r.lines] == ["move 1", "move 2", "move 3"] and r.reviewing
    assert r.key_hint() == (("recap",), "hide moves")
    r.review()
    assert r.lines == [] and not r.reviewing
    r.forget()
    r.review()
    assert r.lines == [] and r.key_hint() is None


def test_a_line_said_with_a_key_replaces_that_line_in_its_place() -> None:
    r = recap(rows=3)
    r.say("Bot 2 played 9 animal", key=(1, 1))
    r.say("Bot 3 played 4 junk", key=(2, 1))
    r.tick(READ_BASE - 1)
    r.say("Bot 2 played 9 animal, took 9 junk", key=(1, 1))
    assert [line.text for line in r.lines] == ["Bot 2 played 9 animal, took 9 junk", "Bot 3 played 4 junk"]
    assert r.lines[0].left > r.lines[1].left  # read time counts again from the completed line
    assert [line.text for line in r.said] == [line.text for line in r.lines]


def test_only_the_newest_lines_that_fit_above_bottom_are_drawn() -> None:
    r = recap(rows=4)
    for n in range(4):
        r.say(f"move {n}")
    surface = pygame.Surface((960, 540))
    with layout.seen() as drawn:
        r.draw(surface, (10, 10), 200, bottom=10 + r.height(2) + 1)
    assert [d.name for d in drawn if d.kind == "label"] == ["move 2", "move 3"]


def test_a_cut_line_is_the_longest_start_that_fits_with_its_ellipsis() -> None:
    """clip() halves on cheap measures, then measures exactly: the same cut as trying every start."""
    import random

    from cardtable.arcade import fonts
    from cardtable.arcade.tables.parts.recap import clip

    rng = random.Random(4)
    words = ["turned", "3", "junk,", "no", "match;", "+1", "junk", "from", "the", "others", "(3 cards)", "W", "ii", "  "]
    for _ in range(60):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 12)))
        font = fonts.line_font(rng.choice([12.5, 17.0, 25.5]))
        width = rng.uniform(5, 450)
        if font.size(text)[0] <= width:
            assert clip(font, text, width) == text
            continue
        n = max([k for k in range(len(text)) if font.size(text[:k] + "\u2026")[0] <= width] + [0])
        assert clip(font, text, width) == text[:n].rstrip() + "\u2026"
