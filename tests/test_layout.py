"""Layout: what the renderers report drawing, and the rules it must keep (arcade/layout.py)."""

from __future__ import annotations

import doctest

import pygame
import pytest

from cardtable.arcade import fonts, layout


@pytest.mark.parametrize("module", [layout, fonts])
def test_docstring_examples(module) -> None:
    assert doctest.testmod(module).failed == 0


def test_overlaps_are_found_and_owned_items_may_touch_their_owner() -> None:
    with layout.recording() as items:
        layout.report("panel", pygame.Rect(10, 10, 200, 80), "plate 1")
        with layout.part_of("plate 1"):
            layout.report("label", pygame.Rect(20, 20, 100, 20), "Ann")
            layout.report("label", pygame.Rect(20, 35, 100, 20), "score 3")  # collides with "Ann"
            layout.report("badge", pygame.Rect(200, 5, 20, 20), "dealer")
        layout.report("hand", pygame.Rect(100, 60, 300, 100), "hand 0")
    found = layout.problems(items, (960, 540))
    assert sorted(found) == ['hand "hand 0" overlaps panel "plate 1" by 110x30 px',
                             'label "score 3" overlaps label "Ann" by 100x5 px']


def test_backdrops_hold_things_but_not_the_title_or_the_hints() -> None:
    with layout.recording() as items:
        layout.report("title", pygame.Rect(300, 20, 300, 50), "Settings")
        layout.report("backdrop", pygame.Rect(200, 60, 500, 400), "menu panel")
        layout.report("button", pygame.Rect(220, 100, 200, 40), "Back")
        layout.report("hints", pygame.Rect(500, 450, 400, 30), "hint bar")
    assert layout.problems(items, (960, 540)) == [
        'backdrop "menu panel" overlaps title "Settings" by 300x10 px',
        'hints "hint bar" overlaps backdrop "menu panel" by 200x10 px']


def test_outside_the_window_and_too_short_fields_are_problems() -> None:
    with layout.recording() as items:
        layout.report("label", pygame.Rect(900, 10, 100, 20), "long")
        layout.report("field", pygame.Rect(10, 100, 300, 20), "name")
    assert layout.problems(items, (960, 540)) == [
        'label "long" at (900, 10, 100, 20) is outside the 960x540 window',
        'field "name" is 20 px tall (at least 30)']


def test_reporting_outside_a_recording_costs_nothing_and_kinds_are_checked() -> None:
    layout.report("label", pygame.Rect(0, 0, 5, 5))  # no recording: ignored
    with layout.recording() as items, layout.quiet():
        layout.report("label", pygame.Rect(0, 0, 5, 5))
    assert items == []
    with layout.recording(), pytest.raises(ValueError, match="unknown layout kind"):
        layout.report("blob", pygame.Rect(0, 0, 5, 5))


def test_tables_report_text_plates_buttons_hints_and_card_groups() -> None:
    from cardtable.arcade.cardart import CardArt
    from cardtable.arcade.tables.base import Button, Sprite, Table

    class Probe(Table):
        def build(self) -> None:
            self.sprites = [Sprite(("h", i), "AS", pygame.Rect(100 + 30 * i, 400, 50, 70), group="hand 0")
                            for i in range(3)]
            self.buttons = [Button(pygame.Rect(600, 400, 120, 40), "Go", {"type": "go"}, 0)]

        def draw_static(self, surface: pygame.Surface) -> None:
            self.name_plate(surface, 0, (100, 100), [("score 3", (255, 255, 255))])

        def draw_over(self, surface: pygame.Surface, alpha: float) -> None:
            self.draw_hints(surface, ["Enter play"])

    table = Probe("probe", [0], CardArt(), (960, 540))
    table.set_view(0, {"phase": "play"}, [], [])
    kinds = {(d.kind, d.name) for d in table.layout_items()}
    assert {("hand", "hand 0"), ("panel", "plate 0"), ("button", "button Go"), ("label", "Go"),
            ("hints", "Enter play")} <= kinds
    hand = next(d for d in table.layout_items() if d.kind == "hand")
    assert hand.rect == (100, 400, 110, 70)


def test_every_text_uses_the_shipped_typeface() -> None:
    import json
    import pathlib

    from cardtable.arcade import ui_theme

    assert fonts.REGULAR.exists() and fonts.BOLD.exists() and (fonts.FONT_DIR / "OFL.txt").exists()
    for block in ui_theme.theme_data().values():
        if isinstance(block, dict) and "font" in block:
            assert block["font"]["regular_path"] == str(fonts.REGULAR)
            assert block["font"]["bold_path"] == str(fonts.BOLD)
    assert json.loads(ui_theme.THEME_PATH.read_text())  # the file on disk stays plain JSON
    root = pathlib.Path(__file__).resolve().parents[1]
    for folder in ("arcade", "bench", "cardtable"):
        for source in (root / folder).rglob("*.py"):
            code = source.read_text(encoding="utf-8")
            assert "SysFont" not in code and "Font(None" not in code, f"{source} uses a system or default font"
