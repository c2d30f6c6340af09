"""Learn mode walked as a learner would, by the keys alone and by a gamepad alone: from the title to the
Learn list, into each game's guided hand, taking the coach's suggestion with the Hint key (H, or a
stick pressed in) each time it is lit, to the recap; and the lessons' ideas shown from the engine's
events and views (each lesson's deal brings up its ideas)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.arcade.learn import GAMES, lesson
from tests import test_focus_reach as focus_reach
from tests.lan import run_until

PAD_ID = focus_reach.PAD_ID
press = focus_reach.press  # one press of a key or pad button through the app's event path


@pytest.fixture()
def app(play_app):
    application = play_app((960, 540), "Ann")  # tests/conftest.py
    application.mapper.controllers[PAD_ID] = object()  # plugged in: SDL's dummy driver has no devices
    application.step(2)
    return application


def walk_to(app: Any, device: str, name: str, limit: int = 30) -> None:
    for _ in range(limit):
        if app.scene.focused_control() == name:
            return
        press(app, device, "down")
    assert app.scene.focused_control() == name, (name, app.scene.focused_control())


def learn(app: Any, device: str, game_name: str) -> Any:
    """From the title into ``game_name``'s lesson and through its hand to the recap; the recap."""
    assert app.scene.name == "title"
    walk_to(app, device, "learn")
    press(app, device, "confirm")
    assert app.scene.name == "learn_list"
    walk_to(app, device, f"learn:{game_name}")
    press(app, device, "confirm")
    scene = app.scene
    assert scene.name == "learn" and scene.lesson.game == game_name

    def follow_the_coach() -> None:
        plate = getattr(app.scene.table, "hint_plate", None) if app.scene.name == "learn" else None
        if plate is not None and plate.hinted is not None:
            press(app, device, "hint")
        elif app.scene.name == "learn" and app.scene.result is not None:
            press(app, device, "confirm")

    assert run_until(app, lambda: app.scene.name == "learn_recap", 240, each=follow_the_coach), app.scene.name
    return scene


@pytest.mark.parametrize("device", ["keyboard", "pad"])
@pytest.mark.parametrize("game_name", GAMES)
def test_learn_walked_to_the_recap(app, game_name: str, device: str) -> None:
    scene = learn(app, device, game_name)
    recap = app.scene
    assert scene.coach.moves > 0, "the learner made moves by the Hint key"
    seen = [idea.key for idea in scene.coach.seen]
    assert sorted(seen) == sorted(idea.key for idea in lesson(game_name).ideas), "the deal brings up every idea"
    assert recap.focused_control() == "real"
    walk_to_row = [recap.focused_control()]
    for _ in range(3):
        if recap.focused_control() == "list":
            break
        press(app, device, "right")
        walk_to_row.append(recap.focused_control())
    assert recap.focused_control() == "list", walk_to_row
    press(app, device, "confirm")
    assert app.scene.name == "learn_list" and app.session is None


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
@pytest.mark.parametrize("game_name", ["rummy", "oh_hell", "go_stop", "speed"])
def test_the_coach_covers_nothing_the_table_drew(play_app, game_name: str, size: tuple[int, int]) -> None:
    """Each idea's plate keeps clear of what the table drew that the player needs (prompts, own cards,
    the trick, buttons, the coach's suggestion); the key bar says what the Hint key does here: it plays
    the coach's move."""
    from cardtable.arcade.scenes.learn import LearnScene

    app = play_app(size, "Ann")
    scene = LearnScene(app, lesson(game_name))
    app.push(scene)
    placed = 0
    for _ in range(600):
        app.step(1)
        drawn = scene.presence.table_drawn()
        box = scene.idea_plate.spot
        if box is None:
            plate = scene.table.hint_plate if scene.table is not None else None
            if plate is not None and plate.hinted is not None and scene.idea_plate.left <= 0:
                press(app, "keyboard", "hint")  # on to the next idea
            continue
        placed += 1
        needed = [d for d in drawn if d.kind not in ("backdrop", "overlay") and d.name not in ("draw pile", "stock")
                  and not (d.kind == "hand" and d.name != "hand 0")]  # the others' card backs may go under it
        covered = [d for d in needed if d.box.colliderect(box)]
        suggestion = scene.table.hint_plate.area
        assert suggestion is None or not suggestion.colliderect(box), "the idea covers the coach's suggestion"
        assert not covered, f"the coach's plate {box} covers {[(d.kind, d.name) for d in covered]}"
        if placed >= 3:
            break
    assert placed, "no idea was said"
    bar = [d.name for d in drawn if d.kind == "hints"]
    if game_name != "speed":  # a race table's bar reports its seat ("hints 0"), not its words
        assert any("play the coach's move" in words for words in bar), bar


def test_the_coachs_words_stay_put_while_cards_pass_under_them() -> None:
    """Placed clear of everything, then the other seat's cards glide under the plate: it stays (they are
    not what the player needs); the player's own cards coming there move it."""
    import pygame

    from cardtable.arcade.scenes.learn import IdeaPlate

    pygame.init()
    surface = pygame.Surface((960, 540))
    plate = IdeaPlate()
    plate.say("The race: nobody takes turns.", (200, 230, 255), 10.0)
    mine = [pygame.Rect(260, 400, 440, 120)]
    first = plate.draw(surface, mine, mine)
    assert first is not None
    theirs = pygame.Rect(first.centerx - 30, first.top, 60, 90)  # a card of the other seat's layout
    assert plate.draw(surface, [*mine, theirs], mine) == first
    assert plate.draw(surface, [*mine, first.copy()], [*mine, first.copy()]) != first  # now it is needed
