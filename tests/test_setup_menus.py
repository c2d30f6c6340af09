"""Setup and menus a newcomer reads at a glance (issue 22, item 6): one label size on every row of
every game, Start right where reading the screen ends and never a thin bar, and Enter never changing
an option (left/right do; Enter goes on to the next row)."""

from __future__ import annotations

import pytest

from cardtable.arcade.input import Command
from cardtable.arcade.scenes.base import BIG_BUTTON
from cardtable.engine import GAMES


@pytest.fixture()
def app(lan_app):
    return lan_app


def setup_scene(app, game: str, hosting: bool = False):
    from cardtable.arcade.scenes.setup import HostSetupScene, LocalSetupScene

    app.settings.last_game = game
    scene = (HostSetupScene if hosting else LocalSetupScene)(app)
    app.push(scene)
    app.step(1)
    return scene


def heights(elements) -> set[int]:
    return {element.font.get_rect("Ag").height for element in elements}


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_one_caption_size_and_one_value_size_on_every_row_of_every_game(app, size) -> None:
    app.resize(size)
    captions, values = set(), set()
    for hosting in (False, True):
        for game in GAMES:
            scene = setup_scene(app, game, hosting)
            assert len(scene.cyclers) >= 3
            captions |= heights(c.caption for c in scene.cyclers)
            values |= heights(c.label for c in scene.cyclers)
            app.pop()
    assert len(captions) == 1 and len(values) == 1, (captions, values)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_settings_rows_are_one_size_too(app, size) -> None:
    from cardtable.arcade.scenes.settings import SettingsScene

    app.resize(size)
    scene = SettingsScene(app)
    app.push(scene)
    app.step(1)
    assert len(scene.cyclers) == 6
    assert len(heights(c.caption for c in scene.cyclers)) == 1 and len(heights(c.label for c in scene.cyclers)) == 1
    assert next(item for item in scene.ring.items if item.name == "done").rect.height >= BIG_BUTTON


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_start_follows_the_last_option_and_is_a_full_button(app, game, size) -> None:
    app.resize(size)
    scene = setup_scene(app, game)
    rects = {item.name: item.rect for item in scene.ring.items}
    start, last = rects["start"], rects["bot_speed"]
    assert start.height >= BIG_BUTTON
    assert 0 <= start.top - last.bottom <= scene.row_gap  # right under the last option
    assert start.left == last.left and start.width == last.width
    assert scene.panel_rect.contains(start)


def test_enter_never_changes_an_option_it_goes_on_to_the_next_row(app) -> None:
    scene = setup_scene(app, "go_stop")
    names = [item.name for item in scene.ring.items]
    for name in [n for n in names if n.startswith(("opt:", "seat")) or n in ("players", "bot_speed")]:
        before = (dict(scene.options), list(scene.seats), scene.players, app.settings.bot_speed)
        for device in ("keyboard", "pad1"):
            scene.ring.focus_name(name)
            app.feed(Command("confirm", device))
            app.step(1)
            assert app.scene is scene
            assert (dict(scene.options), list(scene.seats), scene.players, app.settings.bot_speed) == before, name
            assert scene.ring.focused.name == names[names.index(name) + 1]  # went on to the next row
    scene.ring.focus_name("opt:" + next(iter(GAMES["go_stop"].option_specs)))
    before = dict(scene.options)
    app.feed(Command("right", "keyboard"))
    app.step(1)
    assert scene.options != before  # right still changes it
