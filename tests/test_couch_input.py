"""Hints follow the device in use, and one highlight at a time (item 3 of issue 10)."""

from __future__ import annotations

import pygame
import pytest

from cardtable.arcade.input import MOUSE_WAKE, Command, InputMapper


@pytest.fixture()
def app(monkeypatch):
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    from cardtable.arcade.app import App
    from cardtable.arcade.settings import Settings

    application = App(size=(1280, 720), fullscreen=False, settings=Settings(name="Ann"))
    application.lan_interfaces = ["127.0.0.1"]
    application.step(1)
    yield application
    application.shutdown_quietly()


def motion(app, pos: tuple[int, int]) -> None:
    app.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1)


def pad(app, button: int) -> None:
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        app.post(pygame.event.Event(kind, button=button, instance_id=4))
    app.step(1)


def test_pad_hints_show_move_and_change_as_different_buttons(app) -> None:
    app.mapper.last_device = "pad4"
    move, change = app._pair_label("up"), app._pair_label("left")
    assert move == "pad:dpad_ud" and change == "pad:dpad_lr"
    assert app.mapper.glyph("confirm") == "pad:A" and app.mapper.glyph("pile_a") == "pad:LB"
    app.mapper.last_device = "keyboard"
    assert app._pair_label("up") == "Up/Down" and app.mapper.glyph("confirm") == "Enter"


def test_a_drifting_pointer_neither_takes_the_hints_nor_moves_the_focus(app) -> None:
    ring = app.scene.ring
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert app.mapper.last_device == "pad4" and ring.focused.name == "learn"
    quit_rect = next(i.rect for i in ring.items if i.name == "quit")
    start = quit_rect.center
    motion(app, start)
    motion(app, (start[0] + MOUSE_WAKE // 3, start[1]))  # a nudge
    assert app.mapper.last_device == "pad4" and ring.focused.name == "learn"
    assert app.manager.pointer_away  # pygame-gui does not light the button under the pointer
    motion(app, (start[0] + MOUSE_WAKE + 10, start[1]))
    motion(app, start)
    assert app.mapper.last_device == "mouse" and ring.focused.name == "quit"
    app.step(1)
    assert not app.manager.pointer_away


def test_mouse_wake_counts_travel_since_another_device() -> None:
    mapper = InputMapper()
    mapper.used(Command("confirm", "pad1"))
    mapper.used(Command("point", "mouse", pos=(100, 100)))
    mapper.used(Command("point", "mouse", pos=(100 + MOUSE_WAKE - 2, 100)))
    assert mapper.last_device == "pad1"
    mapper.used(Command("point", "mouse", pos=(100 + MOUSE_WAKE + 2, 100)))
    assert mapper.last_device == "mouse"
    mapper.used(Command("confirm", "keyboard"))
    mapper.used(Command("click", "mouse", pos=(5, 5)))
    assert mapper.last_device == "mouse"  # a click counts at once


def test_table_buttons_light_under_the_pointer_only_while_the_mouse_is_in_use() -> None:
    from cardtable.arcade.cardart import CardArt
    from cardtable.arcade.tables.base import Button, Table

    class Probe(Table):
        pass

    table = Probe("probe", [0], CardArt(), (100, 100))
    table.controls.hover = (10.0, 10.0)
    table.controls.mouse_active = False
    button = Button(pygame.Rect(0, 0, 50, 20), "Go", {"type": "go"}, 0)
    colours: list[tuple] = []
    table.buttons = [button]
    table.ink.panel = lambda size, colour, border=None: colours.append(colour) or pygame.Surface(size, pygame.SRCALPHA)
    surface = pygame.Surface((100, 100))
    table.renderer.draw_buttons(surface)
    table.controls.mouse_active = True
    table.renderer.draw_buttons(surface)
    assert colours[0] != colours[1]  # the lit colour only with the mouse in use


def test_every_game_option_has_words_and_the_command_line_shows_them(capsys) -> None:
    from cardtable.arcade import ui_theme
    from cardtable.arcade.scenes.setup import option_labels, option_values
    from cardtable.cli import main
    from cardtable.engine import GAMES

    for game in GAMES.values():
        for name, spec in game.option_specs.items():
            assert spec.label and spec.label[0].isupper() and "_" not in spec.label, (game.name, name)
            assert not spec.doc[0].islower() and spec.doc.endswith("."), (game.name, name)
            # one line in setup's help strip at the smallest window (15 px text, 880 px wide)
            assert ui_theme.font(15).size(spec.doc)[0] <= 880, (game.name, name, spec.doc)
            labels = option_labels(spec, option_values(spec))
            assert all("_" not in text for text in labels), (game.name, name, labels)
    schedule = GAMES["oh_hell"].option_specs["schedule"]
    assert schedule.value_label("up_down") == "1 up to N, then down"
    assert GAMES["speed"].option_specs["score_to"].value_label(0) == "One round"
    assert GAMES["speed"].option_specs["score_to"].value_label(5) == "5 points"
    with pytest.raises(SystemExit):
        main(["host", "--help"])
    out = capsys.readouterr().out
    assert "No-trump: black joker high" in out and "1 up to N, then down" in out
    assert GAMES["speed"].resolve_options(2, {"deal": 20})["deal"] == "20"  # deal=20 on a command line


def test_mouse_hints_only_for_a_mouse_user_and_app_messages_clear_titles_and_hints(app) -> None:
    from cardtable.arcade import layout
    from cardtable.arcade.cardart import CardArt
    from cardtable.arcade.tables.base import Table

    table = Table("probe", [0], CardArt(), (960, 540))
    with layout.recording() as items:
        table.hint_bar.draw(pygame.Surface((960, 540)), [(("confirm",), "play"), table.mouse_hint(0, "or click a card")])
    assert [d.name for d in items] == ["Enter play"]
    table.controls.mouse_active = True
    with layout.recording() as items:
        table.hint_bar.draw(pygame.Surface((960, 540)), [(("confirm",), "play"), table.mouse_hint(0, "or click a card")])
    assert "or click a card" in items[0].name
    # the app's own messages sit above the hint bar, under the title
    app.toast("Could not start the table: the port is taken")
    surface = pygame.Surface(app.size)
    surface.fill((0, 0, 0))
    app._draw_toasts(surface)
    lit = [y for y in range(app.size[1]) if surface.get_at((app.size[0] // 2, y))[:3] != (0, 0, 0)]
    assert lit and min(lit) > 100 and max(lit) < app.size[1] - 44


def oh_hell_table_to_play_with_a_last_trick(device: str):
    """An Oh Hell table where seat 0 is to play a card and a trick has been taken (so "last trick" shows)."""
    import random

    from cardtable.arcade.cardart import CardArt
    from cardtable.arcade.input import InputMapper
    from cardtable.arcade.tables import make_table
    from cardtable.engine import get_game

    game = get_game("oh_hell")
    state, rng = game.new(3, 5), random.Random(5)
    while True:
        view, legal = game.view(state, 0), game.legal(state, 0)
        if view.get("last_trick") and any(a["type"] == "play" for a in legal):
            break
        seat = game.to_act(state)[0]
        game.apply(state, seat, game.sample(state, seat, rng))
    table = make_table("oh_hell", [0], CardArt(), (1280, 720))
    table.controls.input_mapper = InputMapper()
    table.controls.inputs[0].device = device
    table.controls.mouse_active = device == "mouse"
    table.set_view(0, view, legal, [])
    return table


@pytest.mark.parametrize(("device", "shown"), [
    ("pad2", ["pad:dpad_lr choose a card", "pad:A play", "pad:dpad_ud last trick", "pad:Y score sheet"]),
    ("keyboard", ["Left/Right choose a card", "Enter play", "Up last trick", "Tab score sheet"]),
    ("mouse", ["Left/Right choose a card", "Enter play", "or click a card", "Up last trick", "Tab score sheet"]),
])
def test_turn_table_hints_draw_each_button_of_the_device_in_use(device, shown) -> None:
    """A pad player sees the D-pad with the axis that does it lit (left/right chooses a card, up shows
    the last trick: two different pictures), and the pad's own buttons; a keyboard player the keys; the
    mouse is mentioned to a mouse user only."""
    from cardtable.arcade import layout

    table = oh_hell_table_to_play_with_a_last_trick(device)
    with layout.recording() as items:
        table.draw_over(pygame.Surface(table.size), 1.0)
    assert [d.name for d in items if d.kind == "hints"] == [" \u00b7 ".join(shown)]
